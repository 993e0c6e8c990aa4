/* cmd_coverage.c - `warpgen coverage BLOCK [--set N=V]... DAT...`: merge the
 * code and toggle coverage data of `warpgen cosim --coverage` runs with
 * verilator_coverage and report it against the block's template.
 *
 * A .dat record names the generated file (the build's copy in the cache),
 * a line, a page (v_line, v_branch, v_toggle), a comment (for a toggle
 * point the signal bit) and, for line points, the span of lines the point
 * stands for (key S). The generated file is the header of wg_gen.c plus the
 * template with its {{if}} sections chosen and its placeholders filled in,
 * line for line, so a generated line maps to exactly one template line
 * (gen/wg_tmap.c recomputes the selection from the configuration that the
 * header names and checks every mapped line against the template's text).
 *
 * A generated line is covered when every line point on it was hit; a
 * template line is covered when some configuration covers it. A toggle
 * point (one bit of one signal of one configuration) is covered when it
 * toggled at least once. Exit: 0, or 2 on bad input. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_cmds.h"
#include "wg_proc.h"
#include "wg_root.h"
#include "wg_tmap.h"
#include "wg_vtool.h"

#define MAX_FILES 256  /* generated files (configurations) in one report */
#define MAX_SPAN 4096  /* lines one point may stand for */

typedef struct cov_file {
	char *path;      /* the generated file named in the data */
	int *tline;      /* tline[g] = template line of generated line g (1-based), 0: the header */
	int nlines;      /* lines of the generated file */
	int *npts;       /* line points on each generated line */
	int *nhit;       /* ... of which hit */
	int ntog, ntog_hit; /* toggle points of this file, hit */
} cov_file;

typedef struct cov_rep {
	const wg_block *b;   /* the block */
	char tpath[256];     /* rtl_templates/<file> (relative to the root, for messages) */
	char *ttext;         /* the template's text */
	char **tl;           /* template lines (tl[1..ntl], in a copy of ttext) */
	int ntl;             /* their number */
	int *t_pts;          /* per template line: 1 when some configuration has line points on it */
	int *t_cov;          /* ... 1 when some configuration covers it */
	cov_file f[MAX_FILES]; /* the generated files */
	int nf;
	int filter;          /* --set given: only files of configuration p */
	long p[WG_MAX_PARAMS]; /* the --set configuration */
	wg_buf untog;        /* untoggled signals, text lines */
	wg_buf untog_json;   /* the same as JSON objects */
	wg_buf unmapped;     /* files whose lines do not map to the template, with the reason */
	int nunmapped;       /* how many */
	int nuntog;          /* how many */
} cov_rep;

static void usage(void)
{
	printf("usage: warpgen coverage BLOCK [--set NAME=VALUE]... [--write FILE] [--annotate DIR] [--json FILE] DAT...\n"
	       "Merges the coverage data of `warpgen cosim BLOCK --coverage DAT` runs (any configurations) with\n"
	       "verilator_coverage and reports the covered fraction of the template's lines and of the RTL's\n"
	       "toggle points, each uncovered template line and each signal with bits that never toggled.\n"
	       "A template line is covered when some configuration covers it (every line point on it hit).\n"
	       "  --set N=V       count only the data of this configuration (the others are skipped)\n"
	       "  --write FILE    the merged data (default <out>/coverage/BLOCK/merged.dat)\n"
	       "  --annotate DIR  verilator_coverage's annotated listing of the generated files in DIR\n"
	       "  --json FILE     the report as JSON\n"
	       "exit: 0, 2 bad input\n");
}

/* Map the generated file's lines to template lines (gen/wg_tmap.c): 0, 1 another configuration
 * than --set's (skipped), -1 an error. */
static int map_file(cov_rep *R, cov_file *F, char *err, size_t en)
{
	char e2[512];
	char *text = wg_read_file(F->path, NULL, e2, sizeof e2);
	if (!text) {
		snprintf(err, en, "%s (the build cache was cleared? rerun the cosim --coverage run)", e2);
		return -1;
	}
	wg_tmap m;
	int rc = wg_tmap_build(R->b, R->ttext, R->tpath, text, F->path, &m, err, en);
	free(text);
	if (rc != 0)
		return -1;
	if (R->filter && memcmp(m.p, R->p, (size_t)R->b->nparams * sizeof *m.p) != 0) {
		wg_tmap_free(&m);
		return 1; /* another configuration */
	}
	F->nlines = m.nlines;
	F->tline = m.tline; /* (taken over) */
	F->npts = wg_xcalloc((size_t)(m.nlines + 2) * sizeof *F->npts);
	F->nhit = wg_xcalloc((size_t)(m.nlines + 2) * sizeof *F->nhit);
	return 0;
}

/* One record's value of key k (keys are \001KEY\002VALUE), copied into v. */
static int key(const char *rec, const char *k, char *v, size_t n)
{
	size_t kl = strlen(k);
	for (const char *s = strchr(rec, '\001'); s; s = strchr(s + 1, '\001'))
		if (strncmp(s + 1, k, kl) == 0 && s[1 + kl] == '\002') {
			const char *a = s + 2 + kl, *z = a;
			while (*z && *z != '\001' && *z != '\'')
				z++;
			snprintf(v, n, "%.*s", (int)(z - a), a);
			return 0;
		}
	return -1;
}

/* The file's index, mapping it on first sight: >= 0, -2 skipped (--set), -1 error. */
static int file_of(cov_rep *R, const char *path, int *skip, int nskip_max, char **skipped, char *err, size_t en)
{
	for (int i = 0; i < R->nf; i++)
		if (strcmp(R->f[i].path, path) == 0)
			return i;
	for (int i = 0; i < *skip; i++)
		if (strcmp(skipped[i], path) == 0)
			return -2;
	if (R->nf == MAX_FILES) {
		snprintf(err, en, "more than %d configurations in one report", MAX_FILES);
		return -1;
	}
	cov_file *F = &R->f[R->nf];
	F->path = strdup(path);
	char why[2048];
	int rc = map_file(R, F, why, sizeof why);
	if (rc < 0) { /* e.g. a --rtl run of a modified copy: reported, not counted */
		wg_buf_printf(&R->unmapped, "    %s\n", why);
		R->nunmapped++;
	}
	if (rc != 0) {
		free(F->path);
		free(F->tline);
		free(F->npts);
		free(F->nhit);
		memset(F, 0, sizeof *F);
		if (*skip < nskip_max)
			skipped[(*skip)++] = strdup(path);
		return -2;
	}
	return R->nf++;
}

/* Mark lines "a,b-c,..." (or the single line l) of F with one point hit or not. */
static void add_point(cov_file *F, const char *span, int l, int hit)
{
	char buf[1024];
	snprintf(buf, sizeof buf, "%s", span[0] ? span : "");
	if (!buf[0])
		snprintf(buf, sizeof buf, "%d", l);
	char *save = NULL;
	for (char *w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		int a = atoi(w), z = a;
		char *dash = strchr(w, '-');
		if (dash)
			z = atoi(dash + 1);
		for (int g = a; g <= z && g - a < MAX_SPAN; g++)
			if (g >= 1 && g <= F->nlines) {
				F->npts[g]++;
				F->nhit[g] += hit;
			}
	}
}

/* Untoggled bits of one signal, accumulated over consecutive records. */
typedef struct tog_sig {
	char name[256]; /* signal without the bit index */
	char file[16];  /* configuration index as text */
	int tline;      /* template line of its declaration */
	int bits, dead; /* points, points never toggled */
} tog_sig;

static void tog_flush(cov_rep *R, tog_sig *s)
{
	if (s->dead) {
		wg_buf_printf(&R->untog, "    %s:%d: %s: %d of %d bits never toggled (configuration %s)\n", R->tpath, s->tline,
			      s->name, s->dead, s->bits, s->file);
		wg_buf_printf(&R->untog_json, "%s\n    {\"signal\": ", R->nuntog ? "," : "");
		wg_buf_json_str(&R->untog_json, s->name);
		wg_buf_printf(&R->untog_json, ", \"template_line\": %d, \"bits\": %d, \"untoggled\": %d, \"configuration\": %s}",
			      s->tline, s->bits, s->dead, s->file);
		R->nuntog++;
	}
	memset(s, 0, sizeof *s);
}

/* Read the merged data. */
static int read_merged(cov_rep *R, const char *path, char *err, size_t en)
{
	char e2[512], f[4096], page[64], o[256], S[1024], l[32], sigfile[16];
	char *text = wg_read_file(path, NULL, e2, sizeof e2);
	if (!text) {
		snprintf(err, en, "%s", e2);
		return -1;
	}
	int n, nskip = 0, rc = -1;
	char **rec = wg_split_lines(text, &n), *skipped[MAX_FILES];
	tog_sig sig = {0};
	for (int i = 1; i <= n; i++) {
		if (strncmp(rec[i], "C '", 3) != 0)
			continue;
		const char *q = strrchr(rec[i], '\'');
		long long count = q ? atoll(q + 1) : 0;
		if (key(rec[i], "f", f, sizeof f) || key(rec[i], "page", page, sizeof page) || key(rec[i], "l", l, sizeof l))
			continue;
		int fi = file_of(R, f, &nskip, MAX_FILES, skipped, err, en);
		if (fi == -1)
			goto out;
		if (fi == -2)
			continue;
		cov_file *F = &R->f[fi];
		int line = atoi(l);
		if (strncmp(page, "v_toggle/", 9) == 0) {
			F->ntog++;
			F->ntog_hit += count > 0;
			if (key(rec[i], "o", o, sizeof o))
				o[0] = '\0';
			char *br = strrchr(o, '[');
			if (br && strchr(br, ']') && !strchr(br, ']')[1])
				*br = '\0';
			snprintf(sigfile, sizeof sigfile, "%d", fi + 1);
			if (strcmp(sig.name, o) != 0 || strcmp(sig.file, sigfile) != 0)
				tog_flush(R, &sig);
			snprintf(sig.name, sizeof sig.name, "%s", o);
			snprintf(sig.file, sizeof sig.file, "%s", sigfile);
			sig.tline = line >= 1 && line <= F->nlines ? F->tline[line] : 0;
			sig.bits++;
			sig.dead += count == 0;
		} else if (strncmp(page, "v_line/", 7) == 0 || strncmp(page, "v_branch/", 9) == 0) {
			if (key(rec[i], "S", S, sizeof S))
				S[0] = '\0';
			add_point(F, S, line, count > 0);
		}
	}
	tog_flush(R, &sig);
	rc = 0;
out:
	for (int i = 0; i < nskip; i++)
		free(skipped[i]);
	free(rec);
	free(text);
	return rc;
}

static void pct(char *buf, size_t n, long a, long b)
{
	if (b)
		snprintf(buf, n, "%.2f %%", 100.0 * (double)a / (double)b);
	else
		snprintf(buf, n, "n/a");
}

int wg_cmd_coverage(int argc, char **argv)
{
	const char *write = NULL, *annotate = NULL, *json = NULL;
	char err[2048], def[4096], buf[256];
	if (argc < 1)
		wg_die("coverage", 2, "no block (usage: warpgen coverage BLOCK [options] DAT...; --help)");
	if (strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0) {
		usage();
		return 0;
	}
	cov_rep *R = wg_xcalloc(sizeof *R);
	R->b = wg_block_find(argv[0]);
	if (!R->b)
		wg_die("coverage", 2, "unknown block '%s' (`warpgen list` names them)", argv[0]);
	if (R->b->comp || !R->b->template_file)
		wg_die("coverage", 2, "%s is a composition of other blocks: its lines are not mapped to one template (not "
				      "supported yet)", R->b->name);
	wg_params_default(R->b, R->p);
	const char **dat = wg_xcalloc((size_t)argc * sizeof *dat);
	int ndat = 0;
	for (int i = 1; i < argc; i++) {
		const char **val = strcmp(argv[i], "--write") == 0 ? &write
				   : strcmp(argv[i], "--annotate") == 0 ? &annotate
				   : strcmp(argv[i], "--json") == 0 ? &json
								   : NULL;
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			usage();
			return 0;
		}
		if ((val || strcmp(argv[i], "--set") == 0) && i + 1 >= argc)
			wg_die("coverage", 2, "%s needs a value", argv[i]);
		if (strcmp(argv[i], "--set") == 0) {
			const char *m = wg_param_set(R->b, R->p, argv[++i], buf, sizeof buf);
			if (m)
				wg_die("coverage", 2, "--set %s: %s", argv[i], m);
			R->filter = 1;
		} else if (val) {
			*val = argv[++i];
		} else if (argv[i][0] == '-') {
			wg_die("coverage", 2, "unknown option %s (see warpgen coverage --help)", argv[i]);
		} else {
			if (access(argv[i], R_OK) != 0)
				wg_die("coverage", 2, "cannot read %s: %s", argv[i], strerror(errno));
			dat[ndat++] = argv[i];
		}
	}
	if (R->filter) {
		const char *m = wg_params_check(R->b, R->p, buf, sizeof buf);
		if (m)
			wg_die("coverage", 2, "--set: %s", m);
	}
	if (ndat == 0)
		wg_die("coverage", 2, "no coverage data: give one or more DAT files of `warpgen cosim %s --coverage DAT`",
		       R->b->name);
	for (int i = 0; i < ndat; i++) {
		FILE *fp = fopen(dat[i], "r");
		char first[64] = "";
		if (!fp || !fgets(first, sizeof first, fp) || strncmp(first, "# SystemC::Coverage", 19) != 0)
			wg_die("coverage", 2, "%s is not Verilator coverage data (no '# SystemC::Coverage' line)", dat[i]);
		fclose(fp);
	}
	if (!write) {
		snprintf(def, sizeof def, "%s/coverage/%s/merged.dat", wg_out_dir(), R->b->name);
		write = def;
	}
	/* The template. */
	char tfull[4096 + 64];
	snprintf(R->tpath, sizeof R->tpath, "rtl_templates/%s", R->b->template_file);
	snprintf(tfull, sizeof tfull, "%s/%s", wg_root(), R->tpath);
	char *ttext = wg_read_file(tfull, NULL, err, sizeof err);
	if (!ttext)
		wg_die("coverage", 2, "%s", err);
	R->ttext = strdup(ttext);
	R->tl = wg_split_lines(ttext, &R->ntl);
	R->t_pts = wg_xcalloc((size_t)(R->ntl + 2) * sizeof *R->t_pts);
	R->t_cov = wg_xcalloc((size_t)(R->ntl + 2) * sizeof *R->t_cov);

	/* Merge (into a temporary name, renamed when complete). */
	char dir[4096], tmp[4096 + 64];
	snprintf(dir, sizeof dir, "%s", write);
	char *slash = strrchr(dir, '/');
	if (slash) {
		*slash = '\0';
		if (dir[0] && wg_mkdirs(dir, err, sizeof err) != 0)
			wg_die("coverage", 2, "--write: %s", err);
	}
	wg_tmp_name(write, tmp, sizeof tmp);
	wg_argv a = {0};
	wg_argv_add(&a, "verilator_coverage");
	wg_argv_add(&a, "--write");
	wg_argv_add(&a, "%s", tmp);
	for (int i = 0; i < ndat; i++)
		wg_argv_add(&a, "%s", dat[i]);
	int rc = wg_proc_run(a.v, -1);
	wg_argv_free(&a);
	if (rc != 0 || rename(tmp, write) != 0) {
		unlink(tmp);
		wg_die("coverage", 2, "verilator_coverage could not merge the data into %s (exit %d)", write, rc);
	}
	if (read_merged(R, write, err, sizeof err) != 0)
		wg_die("coverage", 2, "%s", err);
	if (R->nf == 0) {
		snprintf(err, sizeof err, "%s", R->nunmapped ? R->unmapped.s + 4 : ""); /* the first reason */
		err[strcspn(err, "\n")] = '\0';
		wg_die("coverage", 2, "no data of %s%s in the given files%s%s", R->b->name,
		       R->filter ? " at the --set configuration" : "", R->nunmapped ? ": " : "", err);
	}

	/* Template lines: covered when some configuration covers them. */
	long ntog = 0, ntog_hit = 0;
	for (int i = 0; i < R->nf; i++) {
		cov_file *F = &R->f[i];
		ntog += F->ntog;
		ntog_hit += F->ntog_hit;
		for (int g = 1; g <= F->nlines; g++) {
			int t = F->tline[g];
			if (t && F->npts[g]) {
				R->t_pts[t] = 1;
				R->t_cov[t] |= F->nhit[g] == F->npts[g];
			}
		}
	}
	long nl = 0, nl_hit = 0;
	for (int t = 1; t <= R->ntl; t++) {
		nl += R->t_pts[t];
		nl_hit += R->t_cov[t];
	}
	char pl[32], pt[32];
	pct(pl, sizeof pl, nl_hit, nl);
	pct(pt, sizeof pt, ntog_hit, ntog);
	printf("coverage %s: %d data file%s, %d configuration%s, merged into %s\n", R->b->name, ndat, ndat == 1 ? "" : "s",
	       R->nf, R->nf == 1 ? "" : "s", write);
	for (int i = 0; i < R->nf; i++)
		printf("  configuration %d: %s\n", i + 1, R->f[i].path);
	if (R->nunmapped)
		printf("  not counted (%d file%s whose lines do not map to %s):\n%s", R->nunmapped,
		       R->nunmapped == 1 ? "" : "s", R->tpath, R->unmapped.s);
	printf("  lines   %ld/%ld covered (%s) of %s's lines with coverage points\n", nl_hit, nl, pl, R->tpath);
	printf("  toggles %ld/%ld covered (%s) of the signal bits, all configurations\n", ntog_hit, ntog, pt);
	printf("  uncovered lines (%ld):\n", nl - nl_hit);
	for (int t = 1; t <= R->ntl; t++)
		if (R->t_pts[t] && !R->t_cov[t])
			printf("    %s:%d: %s\n", R->tpath, t, R->tl[t]);
	printf("  signals with untoggled bits (%d):\n%s", R->nuntog, R->untog.s ? R->untog.s : "");

	if (annotate) {
		if (wg_mkdirs(annotate, err, sizeof err) != 0)
			wg_die("coverage", 2, "--annotate: %s", err);
		wg_argv_add(&a, "verilator_coverage");
		wg_argv_add(&a, "--annotate");
		wg_argv_add(&a, "%s", annotate);
		wg_argv_add(&a, "--annotate-min");
		wg_argv_add(&a, "1");
		wg_argv_add(&a, "%s", write);
		rc = wg_proc_run(a.v, -1);
		wg_argv_free(&a);
		if (rc != 0)
			wg_die("coverage", 2, "verilator_coverage --annotate %s failed (exit %d)", annotate, rc);
		printf("  annotated listing: %s (lines marked %%000000 never ran)\n", annotate);
	}
	if (json) {
		wg_buf j = {0};
		wg_buf_printf(&j, "{\n  \"block\": \"%s\",\n  \"template\": \"%s\",\n  \"merged\": ", R->b->name, R->tpath);
		wg_buf_json_str(&j, write);
		wg_buf_printf(&j, ",\n  \"configurations\": [");
		for (int i = 0; i < R->nf; i++) {
			wg_buf_printf(&j, "%s", i ? ", " : "");
			wg_buf_json_str(&j, R->f[i].path);
		}
		wg_buf_printf(&j, "],\n  \"lines\": {\"covered\": %ld, \"total\": %ld},\n", nl_hit, nl);
		wg_buf_printf(&j, "  \"toggles\": {\"covered\": %ld, \"total\": %ld},\n  \"uncovered_lines\": [", ntog_hit, ntog);
		int k = 0;
		for (int t = 1; t <= R->ntl; t++)
			if (R->t_pts[t] && !R->t_cov[t]) {
				wg_buf_printf(&j, "%s\n    {\"line\": %d, \"text\": ", k++ ? "," : "", t);
				wg_buf_json_str(&j, R->tl[t]);
				wg_buf_printf(&j, "}");
			}
		wg_buf_printf(&j, "\n  ],\n  \"untoggled\": [%s\n  ]\n}\n", R->untog_json.s ? R->untog_json.s : "");
		if (wg_write_atomic(json, j.s, strlen(j.s), err, sizeof err) != 0)
			wg_die("coverage", 2, "--json: %s", err);
		wg_buf_free(&j);
	}
	for (int i = 0; i < R->nf; i++) {
		free(R->f[i].path);
		free(R->f[i].tline);
		free(R->f[i].npts);
		free(R->f[i].nhit);
	}
	wg_buf_free(&R->untog);
	wg_buf_free(&R->untog_json);
	wg_buf_free(&R->unmapped);
	free(R->t_pts);
	free(R->t_cov);
	free(R->tl);
	free(R->ttext);
	free(ttext);
	free(dat);
	free(R);
	return 0;
}
