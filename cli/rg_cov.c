/* rg_cov.c - warpgen regress --coverage: the run's coverage folder, each job's files in it, and the
 * merge at the end: code and toggle data per block through `warpgen coverage`, functional points per
 * block and point split random / directed, the summary and the Markdown pages (rg_cov.h). */
#include "rg_cov.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "wg_buf.h"
#include "wg_json.h"
#include "wg_proc.h"
#include "wg_root.h"
#include "wg_stim.h"
#include "wg_vtool.h"

rg_cov_class rg_cov_point_class(const rg_cov_point *p)
{
	return p->random >= RG_COV_MIN_HITS ? RG_COV_RANDOM
	       : p->random > 0		    ? RG_COV_RANDOM_FEW
	       : p->directed > 0	    ? RG_COV_DIRECTED
					    : RG_COV_NEVER;
}

int rg_cov_dir(const rg_opts *o, char *dir, size_t n, char *err, size_t en)
{
	char base[PATH_MAX], e[512], stamp[32];
	if (o->shared_dir && *o->shared_dir)
		wg_abs_path(o->shared_dir, base, sizeof base);
	else
		wg_fmt(base, sizeof base, "%s/regress", wg_out_dir());
	time_t now = time(NULL);
	struct tm tm;
	localtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	wg_fmt(dir, n, "%s/coverage-%s-%ld", base, stamp, (long)getpid());
	char sub[PATH_MAX + 8];
	for (int k = 0; k < 2; k++) {
		wg_fmt(sub, sizeof sub, "%s/%s", dir, k ? "json" : "dat");
		if (wg_mkdirs(sub, e, sizeof e) != 0) {
			snprintf(err, en, "--coverage: the coverage folder: %s", e);
			return -1;
		}
	}
	return 0;
}

/* The job's options as words (NULL-terminated; rg_argv_free), or NULL. */
static char **job_words(const rg_job *j)
{
	char **w = NULL, e[64];
	if (!j->block || rg_split(j->args ? j->args : "", &w, e, sizeof e) < 0)
		return NULL;
	return w;
}

static int has_word(char **w, const char *s)
{
	for (int i = 0; w && w[i]; i++)
		if (strcmp(w[i], s) == 0)
			return 1;
	return 0;
}

int rg_cov_job_directed(const rg_job *j)
{
	char **w = job_words(j);
	int d = has_word(w, "--case");
	rg_argv_free(w);
	return d;
}

int rg_cov_job_files(const char *dir, const rg_job *j, char *dat, char *json, size_t n)
{
	char **w = job_words(j);
	if (!w || has_word(w, "--model-only")) {
		rg_argv_free(w);
		return -1;
	}
	int code = !has_word(w, "--gate") && !has_word(w, "--wave");
	rg_argv_free(w);
	char stem[160];
	size_t k = 0;
	unsigned h = 2166136261u; /* FNV-1a of the name */
	for (const char *s = j->name; *s; s++) {
		h = (h ^ (unsigned char)*s) * 16777619u;
		if (k + 1 < 120)
			stem[k++] = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
						    strchr(".=+-", *s)
					    ? *s
					    : '_';
	}
	snprintf(stem + k, sizeof stem - k, "-%08x", h);
	wg_fmt(dat, n, "%s/dat/%s.dat", dir, stem);
	wg_fmt(json, n, "%s/json/%s.json", dir, stem);
	return code;
}

/* ---- the merge ---- */

static rg_cov_block *block_of(rg_cov *cov, const char *name)
{
	for (int i = 0; i < cov->nb; i++)
		if (strcmp(cov->b[i].block, name) == 0)
			return &cov->b[i];
	cov->b = wg_xrealloc(cov->b, (size_t)(cov->nb + 1) * sizeof *cov->b);
	rg_cov_block *b = &cov->b[cov->nb++];
	memset(b, 0, sizeof *b);
	b->block = strdup(name);
	const wg_stim_def *st = wg_stim_find(name); /* the declared points, hit or not, in their order */
	if (st && st->ncov > 0) {
		b->pts = wg_xcalloc((size_t)st->ncov * sizeof *b->pts);
		for (int k = 0; k < st->ncov; k++)
			b->pts[k].name = strdup(st->cov[k].name);
		b->npts = st->ncov;
	}
	return b;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const rg_cov_block *)a)->block, ((const rg_cov_block *)b)->block);
}

/* Add a job record's "coverage" hits to b. */
static void add_points(rg_cov_block *b, const char *json, int directed)
{
	char e[256];
	char *text = wg_read_file(json, NULL, e, sizeof e);
	wg_json *js = text ? wg_json_parse(text, e, sizeof e) : NULL;
	free(text);
	if (!js)
		return;
	b->njson++;
	const wg_json *c = wg_json_get(js, "coverage");
	for (int i = 0; c && c->type == WG_J_ARR && i < c->n; i++) {
		const char *name = wg_json_str(wg_json_get(&c->kids[i], "name"), NULL);
		long long hits = (long long)wg_json_num(wg_json_get(&c->kids[i], "hits"), 0);
		if (!name)
			continue;
		int k = 0;
		while (k < b->npts && strcmp(b->pts[k].name, name) != 0)
			k++;
		if (k == b->npts) { /* (a point the stimulus of this build does not declare: kept) */
			b->pts = wg_xrealloc(b->pts, (size_t)(b->npts + 1) * sizeof *b->pts);
			memset(&b->pts[k], 0, sizeof b->pts[k]);
			b->pts[k].name = strdup(name);
			b->npts++;
		}
		if (directed)
			b->pts[k].directed += hits;
		else
			b->pts[k].random += hits;
	}
	wg_json_free(js);
}

/* The last non-empty line of a file, into buf. */
static void last_line(const char *path, char *buf, size_t n)
{
	char e[256];
	char *t = wg_read_file(path, NULL, e, sizeof e);
	buf[0] = '\0';
	for (char *s = t ? strtok(t, "\n") : NULL; s; s = strtok(NULL, "\n"))
		if (s[strspn(s, " \t\r")])
			snprintf(buf, n, "%s", s);
	free(t);
}

/* warpgen coverage over the block's data files. */
static void merge_code(rg_cov_block *b, const char *dir, const char *warpgen, char **dats, int nd)
{
	char bdir[PATH_MAX], log[PATH_MAX + 16], e[512], line[600];
	wg_fmt(bdir, sizeof bdir, "%s/%s", dir, b->block);
	if (wg_mkdirs(bdir, e, sizeof e) != 0) {
		b->note = strdup(e);
		return;
	}
	if (nd == 0) {
		b->note = strdup("no code coverage data (every job ran --gate, --wave or --model-only, or none wrote its "
				 "data)");
		return;
	}
	wg_fmt(log, sizeof log, "%s/code.txt", bdir);
	int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	wg_argv a = {0};
	wg_argv_add(&a, "%s", warpgen);
	wg_argv_add(&a, "coverage");
	wg_argv_add(&a, "%s", b->block);
	wg_argv_add(&a, "--write");
	wg_argv_add(&a, "%s/merged.dat", bdir);
	wg_argv_add(&a, "--json");
	wg_argv_add(&a, "%s/code.json", bdir);
	wg_argv_add(&a, "--annotate");
	wg_argv_add(&a, "%s/annotate", bdir);
	for (int i = 0; i < nd; i++)
		wg_argv_add(&a, "%s", dats[i]);
	int rc = wg_proc_run(a.v, fd);
	wg_argv_free(&a);
	if (fd >= 0)
		close(fd);
	char js[PATH_MAX + 16];
	wg_fmt(js, sizeof js, "%s/code.json", bdir);
	char *text = rc == 0 ? wg_read_file(js, NULL, e, sizeof e) : NULL;
	wg_json *j = text ? wg_json_parse(text, e, sizeof e) : NULL;
	free(text);
	if (!j) {
		last_line(log, line, sizeof line);
		wg_buf m = {0};
		wg_buf_printf(&m, "warpgen coverage exit %d: %s", rc, line);
		b->note = m.s;
		return;
	}
	b->code = 1;
	b->lines_hit = (long)wg_json_num(wg_json_path(j, "lines.covered"), 0);
	b->lines = (long)wg_json_num(wg_json_path(j, "lines.total"), 0);
	b->toggles_hit = (long)wg_json_num(wg_json_path(j, "toggles.covered"), 0);
	b->toggles = (long)wg_json_num(wg_json_path(j, "toggles.total"), 0);
	wg_json_free(j);
}

int rg_cov_merge(const rg_set *set, const char *dir, const char *warpgen, rg_cov *cov, char *err, size_t n)
{
	memset(cov, 0, sizeof *cov);
	cov->dir = strdup(dir);
	if (access(dir, R_OK | W_OK | X_OK) != 0) {
		snprintf(err, n, "--coverage: the coverage folder %s: %s", dir, strerror(errno));
		return -1;
	}
	/* the blocks, in order of name, and each block's files in the order of the jobs */
	for (int i = 0; i < set->njobs; i++) {
		char dat[PATH_MAX], json[PATH_MAX];
		if (rg_cov_job_files(dir, &set->jobs[i], dat, json, sizeof dat) >= 0)
			block_of(cov, set->jobs[i].block);
	}
	qsort(cov->b, (size_t)cov->nb, sizeof *cov->b, by_name);
	char **dats = wg_xcalloc(((size_t)set->njobs + 1) * sizeof *dats);
	for (int k = 0; k < cov->nb; k++) {
		rg_cov_block *b = &cov->b[k];
		int nd = 0;
		for (int i = 0; i < set->njobs; i++) {
			const rg_job *j = &set->jobs[i];
			char dat[PATH_MAX], json[PATH_MAX];
			if (!j->block || strcmp(j->block, b->block) != 0)
				continue;
			int code = rg_cov_job_files(dir, j, dat, json, sizeof dat);
			if (code < 0)
				continue;
			if (code && access(dat, R_OK) == 0)
				dats[nd++] = strdup(dat);
			add_points(b, json, rg_cov_job_directed(j));
		}
		b->ndat = nd;
		merge_code(b, dir, warpgen, dats, nd);
		for (int i = 0; i < nd; i++)
			free(dats[i]);
	}
	free(dats);
	return 0;
}

/* ---- the summary and the pages ---- */

static void pct(char *buf, size_t n, long a, long b)
{
	if (b > 0)
		snprintf(buf, n, "%.1f %%", 100.0 * (double)a / (double)b);
	else
		snprintf(buf, n, "n/a");
}

/* Points by class: c[RG_COV_RANDOM ... RG_COV_NEVER]. */
static void classes(const rg_cov_block *b, int *c)
{
	memset(c, 0, 4 * sizeof *c);
	for (int k = 0; k < b->npts; k++)
		c[rg_cov_point_class(&b->pts[k])]++;
}

void rg_cov_summary(const rg_cov *cov, FILE *f)
{
	fprintf(f, "coverage (merged per block; %s):\n", cov->dir);
	fprintf(f, "  %-16s %-22s %-22s %s\n", "block", "lines", "toggles", "points: random>=10 / random<10 / only directed / never");
	for (int i = 0; i < cov->nb; i++) {
		const rg_cov_block *b = &cov->b[i];
		char l[64], t[64], pl[16], pt[16];
		if (b->code) {
			pct(pl, sizeof pl, b->lines_hit, b->lines);
			pct(pt, sizeof pt, b->toggles_hit, b->toggles);
			snprintf(l, sizeof l, "%ld/%ld %s", b->lines_hit, b->lines, pl);
			snprintf(t, sizeof t, "%ld/%ld %s", b->toggles_hit, b->toggles, pt);
		} else {
			snprintf(l, sizeof l, "-");
			snprintf(t, sizeof t, "-");
		}
		fprintf(f, "  %-16s %-22s %-22s ", b->block, l, t);
		if (b->npts) {
			int c[4];
			classes(b, c);
			fprintf(f, "%d / %d / %d / %d of %d\n", c[RG_COV_RANDOM], c[RG_COV_RANDOM_FEW], c[RG_COV_DIRECTED],
				c[RG_COV_NEVER], b->npts);
		} else {
			fprintf(f, "no points declared\n");
		}
		if (!b->code && b->note)
			fprintf(f, "    (no line/toggle figures: %s)\n", b->note);
	}
}

static const char *class_name(rg_cov_class c)
{
	static const char *const n[] = {"random", "random, fewer than 10", "only directed", "never"};
	return n[c];
}

/* "|" and newlines of a table cell as "\|" and blanks. */
static void md_cell(wg_buf *m, const char *s)
{
	for (; s && *s; s++)
		if (*s == '|')
			wg_buf_put(m, "\\|", 2);
		else if (*s == '\n' || *s == '\r')
			wg_buf_put(m, " ", 1);
		else
			wg_buf_put(m, s, 1);
}

/* The line a signal is listed at: its template's line, or its generated line in a composition's
 * own module. */
static const char *tt_line_key(int comp, const wg_json *s)
{
	return comp && !wg_json_str(wg_json_get(s, "template"), NULL) ? "generated_line" : "template_line";
}

static void block_page(const rg_cov *cov, const rg_cov_block *b, const char *label, const char *date, wg_buf *m)
{
	char pl[16], pt[16], e[256], js[PATH_MAX + 32];
	wg_buf_printf(m, "# Coverage: %s\n\nRegression `%s`, %s UTC; data in `%s/`.\n\n", b->block, label, date, cov->dir);
	wg_buf_printf(m, "## Lines and toggles\n\n");
	wg_json *j = NULL;
	if (b->code) {
		pct(pl, sizeof pl, b->lines_hit, b->lines);
		pct(pt, sizeof pt, b->toggles_hit, b->toggles);
		wg_buf_printf(m, "- lines: %ld of %ld template lines with coverage points covered (%s)\n", b->lines_hit,
			      b->lines, pl);
		wg_buf_printf(m, "- toggles: %ld of %ld signal bits toggled (%s)\n", b->toggles_hit, b->toggles, pt);
		wg_buf_printf(m, "- %d data file%s merged: `%s/merged.dat`; annotated listing (hit counts per line, "
				 "`%%000000` never ran): `%s/annotate/`\n\n",
			      b->ndat, b->ndat == 1 ? "" : "s", b->block, b->block);
		wg_fmt(js, sizeof js, "%s/%s/code.json", cov->dir, b->block);
		char *text = wg_read_file(js, NULL, e, sizeof e);
		j = text ? wg_json_parse(text, e, sizeof e) : NULL;
		free(text);
	} else {
		wg_buf_printf(m, "No line and toggle figures: %s.\n\n", b->note ? b->note : "no data");
	}
	const wg_json *tp = wg_json_get(j, "templates");
	const wg_json *cj = wg_json_get(j, "composition");
	int comp = cj && cj->type == WG_J_BOOL && cj->num != 0;
	if (comp && tp && tp->type == WG_J_ARR) { /* a composition: figures per template */
		wg_buf_printf(m, "| instance | template | lines | toggles |\n|---|---|---:|---:|\n");
		for (int i = 0; i < tp->n; i++) {
			const wg_json *e = &tp->kids[i];
			const char *inst = wg_json_str(wg_json_get(e, "instance"), NULL);
			const char *tt = wg_json_str(wg_json_get(e, "template"), NULL);
			long a = (long)wg_json_num(wg_json_path(e, "lines.covered"), 0);
			long z = (long)wg_json_num(wg_json_path(e, "lines.total"), 0);
			long ta = (long)wg_json_num(wg_json_path(e, "toggles.covered"), 0);
			long tz = (long)wg_json_num(wg_json_path(e, "toggles.total"), 0);
			pct(pl, sizeof pl, a, z);
			pct(pt, sizeof pt, ta, tz);
			wg_buf_printf(m, "| %s%s | %s | %ld/%ld (%s) | %ld/%ld (%s) |\n", inst ? "u_" : "", inst ? inst : "(own)",
				      tt ? tt : "the top module (wiring)", a, z, pl, ta, tz, pt);
		}
		wg_buf_printf(m, "\n");
	}
	const wg_json *u = wg_json_get(j, "uncovered_lines");
	if (u && u->type == WG_J_ARR) {
		wg_buf_printf(m, "### Uncovered template lines (%d)\n\n", u->n);
		if (u->n) {
			wg_buf_printf(m, "| %sline | text |\n|%s---:|---|\n", comp ? "template | " : "", comp ? "---|" : "");
			for (int i = 0; i < u->n; i++) {
				const char *tt = wg_json_str(wg_json_get(&u->kids[i], "template"), NULL);
				if (comp && tt)
					wg_buf_printf(m, "| %s ", tt);
				else if (comp)
					wg_buf_printf(m, "| own module, configuration %.0f line %.0f ",
						      wg_json_num(wg_json_get(&u->kids[i], "configuration"), 0),
						      wg_json_num(wg_json_get(&u->kids[i], "generated_line"), 0));
				wg_buf_printf(m, "| %.0f | `", wg_json_num(wg_json_get(&u->kids[i], "line"), 0));
				md_cell(m, wg_json_str(wg_json_get(&u->kids[i], "text"), ""));
				wg_buf_printf(m, "` |\n");
			}
			wg_buf_printf(m, "\n");
		}
	}
	const wg_json *t = wg_json_get(j, "untoggled");
	if (t && t->type == WG_J_ARR) {
		wg_buf_printf(m, "### Signals with bits that never toggled (%d)\n\n", t->n);
		if (t->n) {
			wg_buf_printf(m, "| signal | %sdeclared at line | untoggled bits | configuration |\n|---|%s---:|---:|---:|\n",
				      comp ? "template | " : "", comp ? "---|" : "");
			for (int i = 0; i < t->n; i++) {
				const wg_json *s = &t->kids[i];
				wg_buf_printf(m, "| `");
				md_cell(m, wg_json_str(wg_json_get(s, "signal"), ""));
				wg_buf_printf(m, "` | ");
				if (comp) {
					const char *tt = wg_json_str(wg_json_get(s, "template"), NULL);
					wg_buf_printf(m, "%s | ", tt ? tt : "own module");
				}
				wg_buf_printf(m, "%.0f | %.0f of %.0f | %.0f |\n",
					      wg_json_num(wg_json_get(s, tt_line_key(comp, s)), 0),
					      wg_json_num(wg_json_get(s, "untoggled"), 0), wg_json_num(wg_json_get(s, "bits"), 0),
					      wg_json_num(wg_json_get(s, "configuration"), 0));
			}
			wg_buf_printf(m, "\n");
		}
	}
	const wg_json *cf = wg_json_get(j, "configurations");
	if (cf && cf->type == WG_J_ARR && cf->n) { /* what "configuration N" above names */
		wg_buf_printf(m, "### Configurations (%d)\n\n", cf->n);
		for (int i = 0; i < cf->n; i++)
			wg_buf_printf(m, "%d. `%s`\n", i + 1, wg_json_str(&cf->kids[i], ""));
		wg_buf_printf(m, "\n");
	}
	wg_json_free(j);
	wg_buf_printf(m, "## Functional coverage points\n\n");
	if (!b->npts) {
		wg_buf_printf(m, "%s declares no points.\n", b->block);
		return;
	}
	int c[4];
	classes(b, c);
	wg_buf_printf(m, "%d job record%s: %d point%s hit by random stimulus at least %d times, %d by random "
			 "stimulus fewer times, %d only by directed cases, %d never.\n\n",
		      b->njson, b->njson == 1 ? "" : "s", c[RG_COV_RANDOM], c[RG_COV_RANDOM] == 1 ? "" : "s", RG_COV_MIN_HITS,
		      c[RG_COV_RANDOM_FEW], c[RG_COV_DIRECTED], c[RG_COV_NEVER]);
	wg_buf_printf(m, "| point | random hits | directed hits | | corner case |\n|---|---:|---:|---|---|\n");
	const wg_stim_def *st = wg_stim_find(b->block);
	for (int k = 0; k < b->npts; k++) {
		const rg_cov_point *p = &b->pts[k];
		const char *desc = "";
		for (int q = 0; st && q < st->ncov; q++)
			if (strcmp(st->cov[q].name, p->name) == 0)
				desc = st->cov[q].desc;
		wg_buf_printf(m, "| `%s` | %lld | %lld | %s | ", p->name, p->random, p->directed,
			      class_name(rg_cov_point_class(p)));
		md_cell(m, desc);
		wg_buf_printf(m, " |\n");
	}
}

int rg_cov_pages(const rg_cov *cov, const char *label, char *err, size_t n)
{
	char date[32], path[PATH_MAX + 64], pl[16], pt[16];
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S", &tm);
	wg_buf idx = {0};
	wg_buf_printf(&idx, "Regression `%s`, %s UTC; data in `%s/`; pages `BLOCK.md` beside this one.\n\n", label, date,
		      cov->dir);
	wg_buf_printf(&idx, "| block | lines | toggles | points | random >= %d | random < %d | only directed | never |\n"
			    "|---|---:|---:|---:|---:|---:|---:|---:|\n",
		      RG_COV_MIN_HITS, RG_COV_MIN_HITS);
	int rc = 0;
	for (int i = 0; i < cov->nb && rc == 0; i++) {
		const rg_cov_block *b = &cov->b[i];
		wg_buf m = {0};
		block_page(cov, b, label, date, &m);
		wg_fmt(path, sizeof path, "%s/%s.md", cov->dir, b->block);
		rc = wg_write_atomic(path, m.s, m.len, err, n);
		wg_buf_free(&m);
		if (b->code) {
			pct(pl, sizeof pl, b->lines_hit, b->lines);
			pct(pt, sizeof pt, b->toggles_hit, b->toggles);
			wg_buf_printf(&idx, "| %s | %ld/%ld (%s) | %ld/%ld (%s) |", b->block, b->lines_hit, b->lines, pl,
				      b->toggles_hit, b->toggles, pt);
		} else {
			wg_buf_printf(&idx, "| %s | - | - |", b->block);
		}
		int c[4];
		classes(b, c);
		if (b->npts)
			wg_buf_printf(&idx, " %d | %d | %d | %d | %d |\n", b->npts, c[0], c[1], c[2], c[3]);
		else
			wg_buf_printf(&idx, " 0 | - | - | - | - |\n");
	}
	wg_fmt(path, sizeof path, "%s/index.md", cov->dir);
	if (rc == 0)
		rc = wg_write_atomic(path, idx.s, idx.len, err, n);
	wg_buf_free(&idx);
	if (rc != 0)
		return -1;
	/* BASE/coverage-last -> this folder (relative, replaced atomically) */
	char base[PATH_MAX], link[PATH_MAX + 32], tmp[PATH_MAX + 64];
	snprintf(base, sizeof base, "%s", cov->dir);
	char *slash = strrchr(base, '/');
	if (!slash)
		return 0;
	*slash = '\0';
	wg_fmt(link, sizeof link, "%s/coverage-last", base);
	wg_fmt(tmp, sizeof tmp, "%s.tmp%ld", link, (long)getpid());
	unlink(tmp);
	if (symlink(slash + 1, tmp) != 0 || rename(tmp, link) != 0) {
		snprintf(err, n, "--coverage: cannot point %s at %s: %s", link, slash + 1, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

void rg_cov_free(rg_cov *cov)
{
	for (int i = 0; i < cov->nb; i++) {
		free(cov->b[i].block);
		free(cov->b[i].note);
		for (int k = 0; k < cov->b[i].npts; k++)
			free(cov->b[i].pts[k].name);
		free(cov->b[i].pts);
	}
	free(cov->b);
	free(cov->dir);
	memset(cov, 0, sizeof *cov);
}
