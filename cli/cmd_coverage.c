/* cmd_coverage.c - `warpgen coverage BLOCK [--set N=V]... DAT...`: merge the
 * code and toggle coverage data of `warpgen cosim --coverage` runs with
 * verilator_coverage and report it against the block's template(s).
 *
 * A .dat record names the generated file (the build's copy in the cache),
 * a line, a page (v_line, v_branch, v_toggle), a comment (for a toggle
 * point the signal bit), the hierarchy (h) and, for line points, the span of
 * lines the point stands for (key S); the records are read with
 * wg_covdat_point and wg_covdat_field (cosim/harness/wg_covdat.c, the one
 * reader of the format). The generated file is the header of
 * wg_gen.c plus the template with its {{if}} sections chosen and its
 * placeholders filled in, line for line, so a generated line maps to exactly
 * one template line (gen/wg_tmap.c recomputes the selection from the
 * configuration that the header names and checks every mapped line against
 * the template's text). A composition's file is its instances' modules (each
 * instance entry's template, line for line) and its own top module: each line
 * maps to an instance's template or to the composition's own lines.
 *
 * A line point's count is summed over the hierarchy (an instance array's
 * copies share one module). A generated line is covered when every line point
 * on it was hit; a template line is covered when some configuration covers
 * it. A toggle point (one bit of one signal of one configuration and copy) is
 * covered when it toggled at least once. Exit: 0, or 2 on bad input. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_cmds.h"
#include "wg_comp.h"
#include "wg_covdat.h"
#include "wg_proc.h"
#include "wg_root.h"
#include "wg_tmap.h"
#include "wg_vtool.h"

#define MAX_FILES 256  /* generated files (configurations) in one report */
#define MAX_SPAN 4096  /* lines one point may stand for */
#define MAX_GLUE 65536 /* distinct lines of a composition's own modules with line points */

typedef struct cov_file {
	char *path;      /* the generated file named in the data */
	char top[128];   /* its top module */
	int *tline;      /* tline[g] = template line of generated line g (1-based), 0: none */
	int *src;        /* src[g] = its template (cov_rep.s[]), WG_TMAP_NONE or WG_TMAP_GLUE (wg_tmap.h) */
	int nlines;      /* lines of the generated file */
	int *npts;       /* line points on each generated line */
	int *nhit;       /* ... of which hit */
	int ntog, ntog_hit; /* toggle points of this file, hit */
	char **gtext;    /* gtext[g]: a composition's own line g, blanks collapsed (else NULL) */
	int split;       /* its build: 1 without -fno-split, 0 with it, -1 unknown (docs/cosim.md "Coverage") */
} cov_file;

/* One template the block's files map to: the block's own, or a composition's instance entry's. */
typedef struct cov_src {
	const wg_block *b;   /* the block whose template it is */
	char inst[64];       /* the instance's name in a composition, "" for the block's own */
	char tpath[256];     /* rtl_templates/<file> (relative to the root, for messages) */
	char *ttext;         /* the template's text */
	char *tmem;          /* a copy of it, split into ... */
	char **tl;           /* ... its lines (tl[1..ntl]) */
	int ntl;             /* their number */
	int *t_pts;          /* per template line: 1 when some configuration has line points on it */
	int *t_cov;          /* ... 1 when some configuration covers it */
	int *prot;           /* ... 1 on a protocol check's lines (wg_tmap_protocol): not counted */
	int nchk;            /* protocol checks of the template */
	long nprot;          /* their lines with points in some configuration */
	long nl, nl_hit;     /* template lines with points, covered */
	long ntog, ntog_hit; /* toggle points of its modules (every configuration and copy), toggled */
} cov_src;

/* A line of a composition's own top module with line points (identified by its text and its
 * occurrence among equal lines, as the module differs between configurations). */
typedef struct glue_line {
	char *text;          /* the line, blanks collapsed */
	int occ;             /* its occurrence among equal lines of the module */
	int cfg, gline;      /* the first configuration (1-based) and generated line it was seen at */
	int cov;             /* 1 when some configuration covers it */
} glue_line;

/* One line point, its count summed over the hierarchy (an instance array's copies share a
 * module, so a line of it is covered when each of its points was hit in some copy). */
typedef struct line_pt {
	char *key;           /* file, line, column, page, comment, span */
	int fi, line;        /* the file and the point's line */
	char *span;          /* the span of lines it stands for (S), or "" */
	long long count;     /* hits */
} line_pt;

typedef struct cov_rep {
	const wg_block *b;   /* the block */
	int comp;            /* 1: a composition (its files map to several templates) */
	cov_src s[WG_TMAP_MAX_SRC]; /* the templates */
	int ns;
	glue_line *glue;     /* a composition's own lines with points */
	int nglue;
	long gtog, gtog_hit; /* toggle points of its own module */
	cov_file f[MAX_FILES]; /* the generated files */
	int nf;
	int filter;          /* --set given: only files of configuration p */
	long p[WG_MAX_PARAMS]; /* the --set configuration */
	line_pt *lp;         /* the line points read */
	int nlp, lpcap;
	struct tog_rec *tr;  /* the toggle points read */
	int ntr, trcap;
	wg_buf untog;        /* untoggled signals, text lines */
	wg_buf untog_json;   /* the same as JSON objects */
	wg_buf unmapped;     /* files whose lines do not map to the template, with the reason */
	int nunmapped;       /* how many */
	int nuntog;          /* how many */
	long ttog, ttog_hit; /* toggle points of the template (signal and bit, over the configurations), toggled */
	wg_buf tuntog;       /* template signals with bits no configuration toggled, text lines */
	int ntuntog;         /* how many */
} cov_rep;

static void usage(void)
{
	printf("usage: warpgen coverage BLOCK [--set NAME=VALUE]... [--write FILE] [--annotate DIR] [--json FILE] DAT...\n"
	       "Merges the coverage data of `warpgen cosim BLOCK --coverage DAT` runs (any configurations) with\n"
	       "verilator_coverage and reports the covered fraction of the template's lines and of the RTL's\n"
	       "toggle points, each uncovered template line and each signal with bits that never toggled.\n"
	       "A template line is covered when some configuration covers it (every line point on it hit).\n"
	       "A composition's lines map to its instances' templates and its own top module: figures per\n"
	       "template and for the block. The protocol checks' lines (`if (...) $display(\"... protocol\n"
	       "violation ...\"); $finish;`, reached only by illegal input) are listed apart, not counted.\n"
	       "  --set N=V       count only the data of this configuration (the others are skipped)\n"
	       "  --write FILE    the merged data (default <out>/coverage/BLOCK/merged.dat)\n"
	       "  --annotate DIR  verilator_coverage's annotated listing of the generated files in DIR\n"
	       "  --json FILE     the report as JSON\n"
	       "exit: 0, 2 bad input\n");
}

/* 1 when the build of generated file path (its cache folder's obj/V<top>__verFiles.dat names
 * Verilator's arguments) ran without -fno-split, 0 with it, -1 unknown. */
static int split_build(const char *path, const char *top)
{
	char vf[4096 + 256], line[8192];
	const char *slash = strrchr(path, '/');
	int dl = slash ? (int)(slash - path) : 1;
	snprintf(vf, sizeof vf, "%.*s/obj/V%s__verFiles.dat", dl, slash ? path : ".", top);
	FILE *fp = fopen(vf, "r");
	if (!fp)
		return -1;
	int r = -1;
	while (r < 0 && fgets(line, sizeof line, fp))
		if (strncmp(line, "C \"", 3) == 0)
			r = strstr(line, " -fno-split") == NULL;
	fclose(fp);
	return r;
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
	const char *tt[WG_TMAP_MAX_SRC], *tn[WG_TMAP_MAX_SRC];
	for (int k = 0; k < R->ns; k++) {
		tt[k] = R->s[k].ttext;
		tn[k] = R->s[k].tpath;
	}
	int rc = R->comp ? wg_tmap_build_comp(R->b, tt, tn, text, F->path, &m, err, en)
			 : wg_tmap_build(R->b, tt[0], tn[0], text, F->path, &m, err, en);
	if (rc != 0) {
		free(text);
		return -1;
	}
	if (R->filter && memcmp(m.p, R->p, (size_t)R->b->nparams * sizeof *m.p) != 0) {
		free(text);
		wg_tmap_free(&m);
		return 1; /* another configuration */
	}
	int ng;
	char **gl = wg_split_lines(text, &ng);
	F->gtext = wg_xcalloc((size_t)(m.nlines + 2) * sizeof *F->gtext);
	for (int g = 1; g <= ng && g <= m.nlines; g++)
		if (m.src[g] == WG_TMAP_GLUE) { /* blanks collapsed */
			char *t = wg_xcalloc(strlen(gl[g]) + 1), *o = t;
			for (const char *c = gl[g]; *c; c++)
				if (*c != ' ' && *c != '\t')
					*o++ = *c;
				else if (o > t && o[-1] != ' ')
					*o++ = ' ';
			while (o > t && o[-1] == ' ')
				o--;
			*o = '\0';
			F->gtext[g] = t;
		}
	free(gl);
	free(text);
	F->nlines = m.nlines;
	F->tline = m.tline; /* (taken over) */
	F->src = m.src;
	snprintf(F->top, sizeof F->top, "%s", m.top);
	F->split = split_build(F->path, m.top);
	F->npts = wg_xcalloc((size_t)(m.nlines + 2) * sizeof *F->npts);
	F->nhit = wg_xcalloc((size_t)(m.nlines + 2) * sizeof *F->nhit);
	return 0;
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
		free(F->src);
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

/* One signal's toggle points of one configuration: its bits and those that never toggled. */
typedef struct tog_sig {
	char name[512]; /* signal without the bit index (in a composition: its instance's path first) */
	char file[16];  /* configuration index as text */
	int tline;      /* template line of its declaration */
	int gline;      /* generated line of its declaration */
	int src;        /* its template (cov_rep.s[]), or WG_TMAP_GLUE / WG_TMAP_NONE */
	int bits, dead; /* points, points never toggled */
} tog_sig;

static void tog_flush(cov_rep *R, tog_sig *s)
{
	if (s->dead) {
		if (s->src >= 0)
			wg_buf_printf(&R->untog, "    %s:%d: %s: %d of %d bits never toggled (configuration %s)\n",
				      R->s[s->src].tpath, s->tline, s->name, s->dead, s->bits, s->file);
		else
			wg_buf_printf(&R->untog, "    %s's own module, line %d of configuration %s: %s: %d of %d bits never "
						 "toggled\n",
				      R->b->name, s->gline, s->file, s->name, s->dead, s->bits);
		wg_buf_printf(&R->untog_json, "%s\n    {\"signal\": ", R->nuntog ? "," : "");
		wg_buf_json_str(&R->untog_json, s->name);
		wg_buf_printf(&R->untog_json, ", \"template\": ");
		if (s->src >= 0)
			wg_buf_json_str(&R->untog_json, R->s[s->src].tpath);
		else
			wg_buf_printf(&R->untog_json, "null, \"generated_line\": %d", s->gline);
		wg_buf_printf(&R->untog_json, ", \"template_line\": %d, \"bits\": %d, \"untoggled\": %d, \"configuration\": %s}",
			      s->tline, s->bits, s->dead, s->file);
		R->nuntog++;
	}
	memset(s, 0, sizeof *s);
}

/* One toggle point: grouped by configuration and signal after reading (the merged file's order
 * need not keep a signal's bits together). */
typedef struct tog_rec {
	char *key;           /* configuration, signal */
	char *tkey;          /* template, declaration line, signal, bit: the template's point */
	int seq;             /* its order in the file */
	tog_sig s;           /* the signal (name, configuration, lines, template), bits 1, dead 0/1 */
} tog_rec;

static int tr_cmp(const void *a, const void *b)
{
	const tog_rec *x = a, *y = b;
	int c = strcmp(x->key, y->key);
	return c ? c : (x->seq > y->seq) - (x->seq < y->seq);
}

static int tk_cmp(const void *a, const void *b)
{
	const tog_rec *x = *(tog_rec *const *)a, *y = *(tog_rec *const *)b;
	int c = strcmp(x->tkey, y->tkey);
	return c ? c : (x->seq > y->seq) - (x->seq < y->seq);
}

/* A template signal's line in the report when some of its bits toggled in no configuration. */
static void tuntog_flush(cov_rep *R, const tog_sig *sig)
{
	if (!sig->dead)
		return;
	wg_buf_printf(&R->tuntog, "    %s:%d: %s: %d of %d bits toggled in no configuration\n", R->s[sig->src].tpath,
		      sig->tline, sig->name, sig->dead, sig->bits);
	R->ntuntog++;
}

/* The template's toggle points: one per bit of a signal declared on a template line, covered when
 * some configuration toggled that bit (a bit a configuration lacks is not a point of it); the
 * signals of the top module of a composition and of unmapped lines are left out. */
static void tr_template(cov_rep *R)
{
	tog_rec **v = wg_xcalloc((size_t)R->ntr * sizeof *v + 1);
	int n = 0;
	for (int i = 0; i < R->ntr; i++)
		if (R->tr[i].tkey)
			v[n++] = &R->tr[i];
	if (n)
		qsort(v, (size_t)n, sizeof *v, tk_cmp);
	tog_sig sig;
	memset(&sig, 0, sizeof sig);
	char cur[600] = "";
	for (int i = 0; i < n;) {
		int j = i, hit = 0;
		for (; j < n && strcmp(v[j]->tkey, v[i]->tkey) == 0; j++)
			hit |= !v[j]->s.dead;
		R->ttog++;
		R->ttog_hit += hit;
		const char *bit = strrchr(v[i]->tkey, '\001'); /* the signal: the key without its bit */
		int len = (int)(bit - v[i]->tkey);
		if ((int)strlen(cur) != len || strncmp(cur, v[i]->tkey, (size_t)len) != 0) {
			tuntog_flush(R, &sig);
			sig = v[i]->s;
			sig.bits = sig.dead = 0;
			snprintf(cur, sizeof cur, "%.*s", len, v[i]->tkey);
			const char *nm = strchr(strchr(cur, '\001') + 1, '\001') + 1; /* the signal as keyed */
			snprintf(sig.name, sizeof sig.name, "%s", nm);
		}
		sig.bits++;
		sig.dead += !hit;
		i = j;
	}
	tuntog_flush(R, &sig);
	free(v);
}

/* The untoggled signals, in the order of their first bit. */
static void tr_apply(cov_rep *R)
{
	tr_template(R);
	if (R->ntr)
		qsort(R->tr, (size_t)R->ntr, sizeof *R->tr, tr_cmp);
	/* groups, then the groups in the order of their first point */
	int *first = wg_xcalloc((size_t)R->ntr * sizeof *first + 1), ng = 0;
	for (int i = 0; i < R->ntr; i++)
		if (i == 0 || strcmp(R->tr[i].key, R->tr[i - 1].key) != 0)
			first[ng++] = i;
	for (int a = 1; a < ng; a++) /* insertion sort by the first point's order (groups are few) */
		for (int b = a; b > 0 && R->tr[first[b]].seq < R->tr[first[b - 1]].seq; b--) {
			int t = first[b];
			first[b] = first[b - 1];
			first[b - 1] = t;
		}
	for (int k = 0; k < ng; k++) {
		tog_sig sig = R->tr[first[k]].s;
		sig.bits = sig.dead = 0;
		for (int i = first[k]; i < R->ntr && strcmp(R->tr[i].key, R->tr[first[k]].key) == 0; i++) {
			sig.bits++;
			sig.dead += R->tr[i].s.dead;
		}
		tog_flush(R, &sig);
	}
	free(first);
	for (int i = 0; i < R->ntr; i++) {
		free(R->tr[i].key);
		free(R->tr[i].tkey);
	}
	free(R->tr);
	R->tr = NULL;
	R->ntr = R->trcap = 0;
}

static void lp_add(cov_rep *R, const char *key, int fi, int line, const char *span, long long count)
{
	if (R->nlp == R->lpcap) {
		R->lpcap = R->lpcap ? 2 * R->lpcap : 1024;
		R->lp = realloc(R->lp, (size_t)R->lpcap * sizeof *R->lp);
		if (!R->lp)
			wg_die("coverage", 2, "out of memory");
	}
	line_pt *q = &R->lp[R->nlp++];
	q->key = strdup(key);
	q->fi = fi;
	q->line = line;
	q->span = strdup(span);
	q->count = count;
}

static int lp_cmp(const void *a, const void *b)
{
	return strcmp(((const line_pt *)a)->key, ((const line_pt *)b)->key);
}

/* The line points summed over the hierarchy, spread over their lines. */
static void lp_apply(cov_rep *R)
{
	if (R->nlp)
		qsort(R->lp, (size_t)R->nlp, sizeof *R->lp, lp_cmp);
	for (int i = 0; i < R->nlp;) {
		long long sum = 0;
		int j = i;
		for (; j < R->nlp && strcmp(R->lp[j].key, R->lp[i].key) == 0; j++)
			sum += R->lp[j].count;
		add_point(&R->f[R->lp[i].fi], R->lp[i].span, R->lp[i].line, sum > 0);
		i = j;
	}
	for (int i = 0; i < R->nlp; i++) {
		free(R->lp[i].key);
		free(R->lp[i].span);
	}
	free(R->lp);
	R->lp = NULL;
	R->nlp = R->lpcap = 0;
}

/* Read the merged data. */
static int read_merged(cov_rep *R, const char *path, char *err, size_t en)
{
	char e2[512], f[4096], page[64], o[256], S[1024], l[32], h[256], col[32], key_[6000], name[512];
	char *text = wg_read_file(path, NULL, e2, sizeof e2);
	if (!text) {
		snprintf(err, en, "%s", e2);
		return -1;
	}
	int n, nskip = 0, rc = -1;
	char **rec = wg_split_lines(text, &n), *skipped[MAX_FILES];
	for (int i = 1; i <= n; i++) {
		const char *pk;
		size_t kl;
		unsigned long long ucount;
		if (!wg_covdat_point(rec[i], &pk, &kl, &ucount))
			continue;
		long long count = ucount > LLONG_MAX ? LLONG_MAX : (long long)ucount;
		if (wg_covdat_field(pk, kl, "f", f, sizeof f) || wg_covdat_field(pk, kl, "page", page, sizeof page) ||
		    wg_covdat_field(pk, kl, "l", l, sizeof l))
			continue;
		int fi = file_of(R, f, &nskip, MAX_FILES, skipped, err, en);
		if (fi == -1)
			goto out;
		if (fi == -2)
			continue;
		cov_file *F = &R->f[fi];
		int line = atoi(l);
		int src = line >= 1 && line <= F->nlines ? F->src[line] : WG_TMAP_NONE;
		if (wg_covdat_field(pk, kl, "o", o, sizeof o))
			o[0] = '\0';
		if (strncmp(page, "v_toggle/", 9) == 0) {
			F->ntog++;
			F->ntog_hit += count > 0;
			if (src >= 0) {
				R->s[src].ntog++;
				R->s[src].ntog_hit += count > 0;
			} else {
				R->gtog++;
				R->gtog_hit += count > 0;
			}
			char *br = strrchr(o, '['), bit[32] = "";
			if (br && strchr(br, ']') && !strchr(br, ']')[1]) {
				snprintf(bit, sizeof bit, "%s", br);
				*br = '\0';
			}
			snprintf(name, sizeof name, "%s", o);
			if (R->comp && wg_covdat_field(pk, kl, "h", h, sizeof h) == 0) { /* TOP.<top>.u_x_0... -> u_x_0....signal */
				const char *below = strchr(h, '.');
				below = below ? strchr(below + 1, '.') : NULL;
				if (below)
					snprintf(name, sizeof name, "%.250s.%.250s", below + 1, o);
			}
			if (R->ntr == R->trcap) {
				R->trcap = R->trcap ? 2 * R->trcap : 1024;
				R->tr = realloc(R->tr, (size_t)R->trcap * sizeof *R->tr);
				if (!R->tr)
					wg_die("coverage", 2, "out of memory");
			}
			tog_rec *t = &R->tr[R->ntr];
			memset(t, 0, sizeof *t);
			snprintf(t->s.name, sizeof t->s.name, "%s", name);
			snprintf(t->s.file, sizeof t->s.file, "%d", fi + 1);
			t->s.src = src;
			t->s.gline = line;
			t->s.tline = src >= 0 ? F->tline[line] : 0;
			t->s.dead = count == 0;
			snprintf(key_, sizeof key_, "%d\001%s", fi, name);
			t->key = strdup(key_);
			if (src >= 0) {
				/* an instance array's copies: u_x_0 alone (a count of 1), u_x_* when Verilator merged
				 * several; one template signal either way */
				char tname[sizeof name];
				size_t il = strlen(R->s[src].inst), d = 2 + il + 1;
				snprintf(tname, sizeof tname, "%s", name);
				if (R->comp && il && strncmp(name, "u_", 2) == 0 && strncmp(name + 2, R->s[src].inst, il) == 0 &&
				    name[2 + il] == '_' && name[d] >= '0' && name[d] <= '9') {
					size_t e = d;
					while (name[e] >= '0' && name[e] <= '9')
						e++;
					if (name[e] == '.')
						snprintf(tname, sizeof tname, "u_%s_*%s", R->s[src].inst, name + e);
				}
				snprintf(key_, sizeof key_, "%d\001%08d\001%s\001%s", src, t->s.tline, tname, bit);
				t->tkey = strdup(key_);
			}
			t->seq = R->ntr++;
		} else if (strncmp(page, "v_line/", 7) == 0 || strncmp(page, "v_branch/", 9) == 0) {
			if (wg_covdat_field(pk, kl, "S", S, sizeof S))
				S[0] = '\0';
			if (wg_covdat_field(pk, kl, "n", col, sizeof col))
				col[0] = '\0';
			snprintf(key_, sizeof key_, "%d\001%d\001%s\001%s\001%s\001%s", fi, line, col, page, o, S);
			lp_add(R, key_, fi, line, S, count);
		}
	}
	tr_apply(R);
	lp_apply(R);
	rc = 0;
out:
	for (int i = 0; i < nskip; i++)
		free(skipped[i]);
	free(rec);
	free(text);
	return rc;
}

/* A composition's own lines with points into the glue set: a line is covered when some
 * configuration covers it (every point on it hit). */
static void glue_collect(cov_rep *R)
{
	for (int fi = 0; fi < R->nf; fi++) {
		cov_file *F = &R->f[fi];
		for (int g = 1; g <= F->nlines; g++) {
			if (F->src[g] != WG_TMAP_GLUE || !F->npts[g] || !F->gtext[g])
				continue;
			int occ = 0, k;
			for (int e = 1; e < g; e++) /* equal lines with points earlier in this file */
				occ += F->src[e] == WG_TMAP_GLUE && F->npts[e] && F->gtext[e] && strcmp(F->gtext[e], F->gtext[g]) == 0;
			for (k = 0; k < R->nglue; k++)
				if (R->glue[k].occ == occ && strcmp(R->glue[k].text, F->gtext[g]) == 0)
					break;
			if (k == R->nglue) {
				if (R->nglue == MAX_GLUE)
					continue;
				R->glue = realloc(R->glue, (size_t)(R->nglue + 1) * sizeof *R->glue);
				if (!R->glue)
					wg_die("coverage", 2, "out of memory");
				R->glue[k] = (glue_line){strdup(F->gtext[g]), occ, fi + 1, g, 0};
				R->nglue++;
			}
			R->glue[k].cov |= F->nhit[g] == F->npts[g];
		}
	}
}

static void pct(char *buf, size_t n, long a, long b)
{
	if (b)
		snprintf(buf, n, "%.2f %%", 100.0 * (double)a / (double)b);
	else
		snprintf(buf, n, "n/a");
}

/* Load template k: the block's own (k = 0), or instance entry k's block's in a composition. */
static void load_template(cov_rep *R, int k, const wg_block *b, const char *inst)
{
	char tfull[4096 + 64], err[2048];
	cov_src *S = &R->s[k];
	S->b = b;
	snprintf(S->inst, sizeof S->inst, "%s", inst);
	snprintf(S->tpath, sizeof S->tpath, "rtl_templates/%s", b->template_file);
	snprintf(tfull, sizeof tfull, "%s/%s", wg_root(), S->tpath);
	S->ttext = wg_read_file(tfull, NULL, err, sizeof err);
	if (!S->ttext)
		wg_die("coverage", 2, "%s", err);
	S->tmem = strdup(S->ttext);
	S->tl = wg_split_lines(S->tmem, &S->ntl);
	S->t_pts = wg_xcalloc((size_t)(S->ntl + 2) * sizeof *S->t_pts);
	S->t_cov = wg_xcalloc((size_t)(S->ntl + 2) * sizeof *S->t_cov);
	S->prot = wg_xcalloc((size_t)(S->ntl + 2) * sizeof *S->prot);
	S->nchk = wg_tmap_protocol(S->tl, S->ntl, S->prot);
}

/* Template k's protocol-check lines with points, as ranges "a-b, c-d" (line numbers). */
static void prot_ranges(wg_buf *o, const cov_src *S)
{
	int n = 0;
	for (int t = 1; t <= S->ntl; t++) {
		if (!S->prot[t] || !S->t_pts[t] || (t > 1 && S->prot[t - 1] && S->t_pts[t - 1]))
			continue;
		int z = t;
		while (z + 1 <= S->ntl && S->prot[z + 1] && S->t_pts[z + 1])
			z++;
		if (z > t)
			wg_buf_printf(o, "%s%d-%d", n++ ? ", " : "", t, z);
		else
			wg_buf_printf(o, "%s%d", n++ ? ", " : "", t);
	}
}

static void json_fig(wg_buf *j, const char *k, long a, long b)
{
	wg_buf_printf(j, "\"%s\": {\"covered\": %ld, \"total\": %ld}", k, a, b);
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
	R->comp = R->b->comp != NULL;
	if (R->comp) {
		const wg_comp *c = R->b->comp;
		if (c->ninst > WG_TMAP_MAX_SRC)
			wg_die("coverage", 2, "%s has more than %d instance entries", R->b->name, WG_TMAP_MAX_SRC);
		for (int k = 0; k < c->ninst; k++) {
			if (c->inst[k].block->comp || !c->inst[k].block->template_file)
				wg_die("coverage", 2, "%s's instance %s is itself a composition (not mapped)", R->b->name,
				       c->inst[k].name);
			load_template(R, k, c->inst[k].block, c->inst[k].name);
		}
		R->ns = c->ninst;
	} else if (!R->b->template_file) {
		wg_die("coverage", 2, "%s has no template", R->b->name);
	} else {
		load_template(R, 0, R->b, "");
		R->ns = 1;
	}
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
	int nsplit = 0;
	for (int i = 0; i < R->nf; i++) {
		cov_file *F = &R->f[i];
		ntog += F->ntog;
		ntog_hit += F->ntog_hit;
		nsplit += F->split == 1;
		for (int g = 1; g <= F->nlines; g++) {
			int t = F->tline[g], k = F->src[g];
			if (t && k >= 0 && F->npts[g]) {
				R->s[k].t_pts[t] = 1;
				R->s[k].t_cov[t] |= F->nhit[g] == F->npts[g];
			}
		}
	}
	glue_collect(R);
	long nl = 0, nl_hit = 0, gl_hit = 0;
	for (int k = 0; k < R->ns; k++) {
		for (int t = 1; t <= R->s[k].ntl; t++) {
			if (R->s[k].prot[t]) { /* a protocol check: listed apart, not counted */
				R->s[k].nprot += R->s[k].t_pts[t];
				continue;
			}
			R->s[k].nl += R->s[k].t_pts[t];
			R->s[k].nl_hit += R->s[k].t_cov[t];
		}
		nl += R->s[k].nl;
		nl_hit += R->s[k].nl_hit;
	}
	for (int i = 0; i < R->nglue; i++)
		gl_hit += R->glue[i].cov;
	nl += R->nglue;
	nl_hit += gl_hit;
	char pl[32], pt[32];
	pct(pl, sizeof pl, nl_hit, nl);
	pct(pt, sizeof pt, ntog_hit, ntog);
	printf("coverage %s: %d data file%s, %d configuration%s, merged into %s\n", R->b->name, ndat, ndat == 1 ? "" : "s",
	       R->nf, R->nf == 1 ? "" : "s", write);
	for (int i = 0; i < R->nf; i++)
		printf("  configuration %d: %s\n", i + 1, R->f[i].path);
	if (R->nunmapped)
		printf("  not counted (%d file%s whose lines do not map to %s):\n%s", R->nunmapped,
		       R->nunmapped == 1 ? "" : "s", R->comp ? "the instances' templates" : R->s[0].tpath, R->unmapped.s);
	if (nsplit)
		printf("  note: %d of %d configuration%s built without -fno-split: Verilator then counts the `if` "
		       "arms inside `for` loops of combinational blocks after the loop, with the loop's final values, "
		       "so such arms may show 0 although they ran (docs/cosim.md \"Coverage\")\n",
		       nsplit, R->nf, R->nf == 1 ? "" : "s");
	if (R->comp) {
		printf("  lines   %ld/%ld covered (%s) of %s's lines with coverage points (its instances' template lines and "
		       "its own)\n",
		       nl_hit, nl, pl, R->b->name);
		printf("  toggles %ld/%ld covered (%s) of the signal bits, all configurations and copies\n", ntog_hit, ntog, pt);
		printf("  per template:\n");
		for (int k = 0; k < R->ns; k++) {
			char p1[32], p2[32];
			pct(p1, sizeof p1, R->s[k].nl_hit, R->s[k].nl);
			pct(p2, sizeof p2, R->s[k].ntog_hit, R->s[k].ntog);
			printf("    u_%-10s %-28s lines %4ld/%-4ld (%s)  toggles %5ld/%-5ld (%s)\n", R->s[k].inst, R->s[k].tpath,
			       R->s[k].nl_hit, R->s[k].nl, p1, R->s[k].ntog_hit, R->s[k].ntog, p2);
		}
		char p1[32], p2[32];
		pct(p1, sizeof p1, gl_hit, R->nglue);
		pct(p2, sizeof p2, R->gtog_hit, R->gtog);
		printf("    %-12s %-28s lines %4ld/%-4d (%s)  toggles %5ld/%-5ld (%s)\n", "(own)", "the top module (wiring)",
		       gl_hit, R->nglue, p1, R->gtog_hit, R->gtog, p2);
	} else {
		printf("  lines   %ld/%ld covered (%s) of %s's lines with coverage points\n", nl_hit, nl, pl, R->s[0].tpath);
		printf("  toggles %ld/%ld covered (%s) of the signal bits, all configurations\n", ntog_hit, ntog, pt);
	}
	char ptt[32];
	pct(ptt, sizeof ptt, R->ttog_hit, R->ttog);
	printf("  toggles %ld/%ld covered (%s) of the template's signal bits (a bit of a signal the template declares, "
	       "covered when some configuration toggled it)\n",
	       R->ttog_hit, R->ttog, ptt);
	long nprot = 0;
	for (int k = 0; k < R->ns; k++)
		nprot += R->s[k].nprot;
	printf("  protocol checks, not counted (%ld line%s: the `if ... $display(\"... protocol violation ...\"); "
	       "$finish;` arms, reached only by illegal input):\n",
	       nprot, nprot == 1 ? "" : "s");
	for (int k = 0; k < R->ns; k++)
		if (R->s[k].nprot) {
			wg_buf o = {0};
			prot_ranges(&o, &R->s[k]);
			printf("    %s: %d check%s, lines %s\n", R->s[k].tpath, R->s[k].nchk, R->s[k].nchk == 1 ? "" : "s", o.s);
			wg_buf_free(&o);
		}
	printf("  uncovered lines (%ld):\n", nl - nl_hit);
	for (int k = 0; k < R->ns; k++)
		for (int t = 1; t <= R->s[k].ntl; t++)
			if (R->s[k].t_pts[t] && !R->s[k].t_cov[t] && !R->s[k].prot[t])
				printf("    %s:%d: %s\n", R->s[k].tpath, t, R->s[k].tl[t]);
	for (int i = 0; i < R->nglue; i++)
		if (!R->glue[i].cov)
			printf("    %s's own module, line %d of configuration %d: %s\n", R->b->name, R->glue[i].gline,
			       R->glue[i].cfg, R->glue[i].text);
	printf("  signals with untoggled bits (%d):\n%s", R->nuntog, R->untog.s ? R->untog.s : "");
	printf("  template signals with bits no configuration toggled (%d):\n%s", R->ntuntog,
	       R->tuntog.s ? R->tuntog.s : "");

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
		wg_buf_printf(&j, "{\n  \"block\": \"%s\",\n  \"composition\": %s,\n  \"template\": ", R->b->name,
			      R->comp ? "true" : "false");
		if (R->comp)
			wg_buf_printf(&j, "null");
		else
			wg_buf_json_str(&j, R->s[0].tpath);
		wg_buf_printf(&j, ",\n  \"merged\": ");
		wg_buf_json_str(&j, write);
		wg_buf_printf(&j, ",\n  \"configurations\": [");
		for (int i = 0; i < R->nf; i++) {
			wg_buf_printf(&j, "%s", i ? ", " : "");
			wg_buf_json_str(&j, R->f[i].path);
		}
		wg_buf_printf(&j, "],\n  \"split_builds\": %d,\n  ", nsplit);
		json_fig(&j, "lines", nl_hit, nl);
		wg_buf_printf(&j, ",\n  ");
		json_fig(&j, "toggles", ntog_hit, ntog);
		wg_buf_printf(&j, ",\n  ");
		json_fig(&j, "template_toggles", R->ttog_hit, R->ttog);
		wg_buf_printf(&j, ",\n  \"templates\": [");
		for (int k = 0; k < R->ns; k++) {
			wg_buf_printf(&j, "%s\n    {\"instance\": ", k ? "," : "");
			if (R->comp)
				wg_buf_json_str(&j, R->s[k].inst);
			else
				wg_buf_printf(&j, "null");
			wg_buf_printf(&j, ", \"block\": \"%s\", \"template\": ", R->s[k].b->name);
			wg_buf_json_str(&j, R->s[k].tpath);
			wg_buf_printf(&j, ", ");
			json_fig(&j, "lines", R->s[k].nl_hit, R->s[k].nl);
			wg_buf_printf(&j, ", ");
			json_fig(&j, "toggles", R->s[k].ntog_hit, R->s[k].ntog);
			wg_buf_printf(&j, "}");
		}
		if (R->comp) {
			wg_buf_printf(&j, ",\n    {\"instance\": null, \"block\": \"%s\", \"template\": null, ", R->b->name);
			json_fig(&j, "lines", gl_hit, R->nglue);
			wg_buf_printf(&j, ", ");
			json_fig(&j, "toggles", R->gtog_hit, R->gtog);
			wg_buf_printf(&j, "}");
		}
		wg_buf_printf(&j, "\n  ],\n  \"protocol_lines\": [");
		for (int k = 0, n = 0; k < R->ns; k++)
			if (R->s[k].nprot) {
				wg_buf o = {0};
				prot_ranges(&o, &R->s[k]);
				wg_buf_printf(&j, "%s\n    {\"template\": ", n++ ? "," : "");
				wg_buf_json_str(&j, R->s[k].tpath);
				wg_buf_printf(&j, ", \"checks\": %d, \"lines\": %ld, \"ranges\": ", R->s[k].nchk, R->s[k].nprot);
				wg_buf_json_str(&j, o.s);
				wg_buf_printf(&j, "}");
				wg_buf_free(&o);
			}
		wg_buf_printf(&j, "\n  ],\n  \"uncovered_lines\": [");
		int n = 0;
		for (int k = 0; k < R->ns; k++)
			for (int t = 1; t <= R->s[k].ntl; t++)
				if (R->s[k].t_pts[t] && !R->s[k].t_cov[t] && !R->s[k].prot[t]) {
					wg_buf_printf(&j, "%s\n    {\"template\": ", n++ ? "," : "");
					wg_buf_json_str(&j, R->s[k].tpath);
					wg_buf_printf(&j, ", \"line\": %d, \"text\": ", t);
					wg_buf_json_str(&j, R->s[k].tl[t]);
					wg_buf_printf(&j, "}");
				}
		for (int i = 0; i < R->nglue; i++)
			if (!R->glue[i].cov) {
				wg_buf_printf(&j, "%s\n    {\"template\": null, \"line\": 0, \"configuration\": %d, "
						  "\"generated_line\": %d, \"text\": ",
					      n++ ? "," : "", R->glue[i].cfg, R->glue[i].gline);
				wg_buf_json_str(&j, R->glue[i].text);
				wg_buf_printf(&j, "}");
			}
		wg_buf_printf(&j, "\n  ],\n  \"untoggled\": [%s\n  ]\n}\n", R->untog_json.s ? R->untog_json.s : "");
		if (wg_write_atomic(json, j.s, strlen(j.s), err, sizeof err) != 0)
			wg_die("coverage", 2, "--json: %s", err);
		wg_buf_free(&j);
	}
	for (int i = 0; i < R->nf; i++) {
		cov_file *F = &R->f[i];
		if (F->gtext)
			for (int g = 0; g <= F->nlines + 1; g++)
				free(F->gtext[g]);
		free(F->gtext);
		free(F->path);
		free(F->tline);
		free(F->src);
		free(F->npts);
		free(F->nhit);
	}
	for (int k = 0; k < R->ns; k++) {
		free(R->s[k].ttext);
		free(R->s[k].tmem);
		free(R->s[k].tl);
		free(R->s[k].t_pts);
		free(R->s[k].t_cov);
		free(R->s[k].prot);
	}
	for (int i = 0; i < R->nglue; i++)
		free(R->glue[i].text);
	free(R->glue);
	wg_buf_free(&R->untog);
	wg_buf_free(&R->untog_json);
	wg_buf_free(&R->tuntog);
	wg_buf_free(&R->unmapped);
	free(dat);
	free(R);
	return 0;
}
