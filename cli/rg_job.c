/* rg_job.c - the jobs of a regression: the job-file parser (docs/regress.md "Job files"), a tier's
 * declared tests (tests/list_tests.sh, the blocks' `main` lines), grouping into units, and the job
 * file written back (a unit of the local engine with --prefix, a chunk of the slurm engine).
 *
 * Every cosim line is checked as `warpgen cosim` would check it (the block, its stimulus, --set and
 * --knob values, --case, the whole parameter set) before anything runs, so bad input is one line
 * "FILE:LINE: ..." and exit 2, never a job that errors an hour into a regression. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rg.h"
#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_desc.h"
#include "wg_proc.h"
#include "wg_root.h"
#include "wg_stim.h"

#define MAX_SEEDS 100000        /* seeds of one line (a typo like 1-1000000000 is refused) */
#define W_COSIM_DEFAULT 100000.0 /* weight of a cosim job that leaves --cycles to warpgen cosim (its default) */
#define W_START 20000.0         /* weight of starting a co-simulation (process, model load), in cycles */
#define W_CMD 1000000.0         /* weight of a command job (lint, mutant, gate-level: seconds to minutes) */

/* ---- words: the job file's quoting, shell-compatible both ways ---- */

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = wg_xcalloc(n);
	memcpy(d, s, n);
	return d;
}

/* Reads one word at *p (skipping blanks): bare characters, '...' literally, "..." with \" \\ \$ \`
 * escapes, \X outside quotes; adjacent pieces join. Returns 1 and the word in b (*bare: no quote or
 * escape in it), 0 at the end of the line, -1 on an unclosed quote. */
static int next_word(const char **p, wg_buf *b, int *bare)
{
	const char *s = *p;
	while (*s == ' ' || *s == '\t')
		s++;
	b->len = 0;
	if (b->s)
		b->s[0] = '\0';
	*bare = 1;
	if (*s == '\0' || *s == '\n' || *s == '\r') {
		*p = s;
		return 0;
	}
	wg_buf_put(b, "", 0);
	while (*s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r') {
		if (*s == '\'') {
			const char *e = strchr(s + 1, '\'');
			if (!e)
				return -1;
			wg_buf_put(b, s + 1, (size_t)(e - s - 1));
			s = e + 1;
			*bare = 0;
		} else if (*s == '"') {
			s++;
			while (*s && *s != '"') {
				if (*s == '\\' && s[1] && strchr("\"\\$`", s[1]))
					s++;
				wg_buf_put(b, s++, 1);
			}
			if (*s != '"')
				return -1;
			s++;
			*bare = 0;
		} else if (*s == '\\' && s[1]) {
			wg_buf_put(b, s + 1, 1);
			s += 2;
			*bare = 0;
		} else {
			wg_buf_put(b, s++, 1);
		}
	}
	*p = s;
	return 1;
}

int rg_split(const char *s, char ***argv, char *err, size_t n)
{
	wg_buf b = {0};
	int nw = 0, bare, r;
	char **v = wg_xcalloc(sizeof *v);
	while ((r = next_word(&s, &b, &bare)) == 1) {
		v = wg_xrealloc(v, (size_t)(nw + 2) * sizeof *v);
		v[nw++] = xstrdup(b.s);
		v[nw] = NULL;
	}
	wg_buf_free(&b);
	if (r < 0) {
		rg_argv_free(v);
		snprintf(err, n, "unclosed quote");
		*argv = NULL;
		return -1;
	}
	*argv = v;
	return nw;
}

void rg_argv_free(char **argv)
{
	for (int i = 0; argv && argv[i]; i++)
		free(argv[i]);
	free(argv);
}

/* Append w as one word that both this parser and a POSIX shell read back as w. */
static void put_word(wg_buf *b, const char *w)
{
	int safe = *w != '\0';
	for (const char *c = w; *c && safe; c++)
		safe = isalnum((unsigned char)*c) || strchr("_./:=+,@%-", *c);
	if (safe) {
		wg_buf_printf(b, "%s", w);
		return;
	}
	wg_buf_put(b, "'", 1);
	for (const char *c = w; *c; c++)
		if (*c == '\'')
			wg_buf_put(b, "'\\''", 4);
		else
			wg_buf_put(b, c, 1);
	wg_buf_put(b, "'", 1);
}

/* ---- sets ---- */

static void job_free(rg_job *j)
{
	free(j->name);
	free(j->block);
	free(j->args);
	free(j->knobs);
	free(j->params);
	free(j->cmd);
	free(j->group);
	memset(j, 0, sizeof *j);
}

void rg_set_free(rg_set *set)
{
	for (int i = 0; i < set->njobs; i++)
		job_free(&set->jobs[i]);
	free(set->jobs);
	free(set->label);
	memset(set, 0, sizeof *set);
}

static rg_job *add_job(rg_set *set)
{
	set->jobs = wg_xrealloc(set->jobs, (size_t)(set->njobs + 1) * sizeof *set->jobs);
	rg_job *j = &set->jobs[set->njobs++];
	memset(j, 0, sizeof *j);
	j->cycles = -1;
	return j;
}

double rg_job_weight(const rg_job *j)
{
	if (!j->block)
		return W_CMD;
	return W_START + (j->cycles >= 0 ? (double)j->cycles : W_COSIM_DEFAULT);
}

/* Jobs of one group next to each other, groups in the order of their first job (stable), so that a
 * unit holds every job of its configuration. */
static void gather(rg_set *set)
{
	int n = set->njobs;
	rg_job *out = wg_xcalloc((size_t)(n ? n : 1) * sizeof *out);
	char *done = wg_xcalloc((size_t)(n ? n : 1));
	int k = 0;
	for (int i = 0; i < n; i++) {
		if (done[i])
			continue;
		for (int j = i; j < n; j++)
			if (!done[j] && strcmp(set->jobs[j].group, set->jobs[i].group) == 0) {
				out[k++] = set->jobs[j];
				done[j] = 1;
			}
	}
	free(set->jobs);
	free(done);
	set->jobs = out;
}

typedef struct name_ref {
	const char *name; /* a job's name */
	int idx;          /* its index */
	int line;         /* its line in the job file (0: a tier) */
} name_ref;

static int cmp_ref(const void *a, const void *b)
{
	const name_ref *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : x->idx - y->idx;
}

/* 0 when every name is unique; else -1 with the repeated name in err (prefixed with FILE:LINE). */
static int unique_names(const rg_set *set, const int *lines, const char *file, char *err, size_t n)
{
	name_ref *r = wg_xcalloc((size_t)(set->njobs ? set->njobs : 1) * sizeof *r);
	for (int i = 0; i < set->njobs; i++)
		r[i] = (name_ref){set->jobs[i].name, i, lines ? lines[i] : 0};
	qsort(r, (size_t)set->njobs, sizeof *r, cmp_ref);
	int rc = 0;
	for (int i = 1; i < set->njobs && !rc; i++)
		if (strcmp(r[i].name, r[i - 1].name) == 0) {
			int later = r[i].idx > r[i - 1].idx ? i : i - 1, first = later == i ? i - 1 : i;
			if (file && lines)
				snprintf(err, n, "%s:%d: job name '%s' is also the name of line %d's job (names are unique: give one)",
					 file, r[later].line, r[later].name, r[first].line);
			else
				snprintf(err, n, "%s: job name '%s' given twice", file ? file : "tier", r[later].name);
			rc = -1;
		}
	free(r);
	return rc;
}

/* ---- one cosim job's options ---- */

typedef struct cosim_line {
	char *block;           /* the block */
	wg_buf args;           /* the options run (quoted words) */
	wg_buf knobs;          /* its --knob options */
	wg_buf params;         /* its --set options */
	unsigned long long *seeds; /* the seeds */
	int nseeds;
	long cycles;           /* --cycles or -1 */
	int san;               /* --san */
	int has_json;          /* --json FILE was given (a tier line: run it as a command) */
} cosim_line;

static void cosim_line_free(cosim_line *c)
{
	wg_buf_free(&c->args);
	wg_buf_free(&c->knobs);
	wg_buf_free(&c->params);
	free(c->seeds);
	free(c->block);
	memset(c, 0, sizeof *c);
}

static int parse_u64(const char *s, unsigned long long max, unsigned long long *v)
{
	char *end;
	errno = 0;
	if (!isdigit((unsigned char)*s))
		return -1;
	*v = strtoull(s, &end, 10);
	return *end || errno || *v > max ? -1 : 0;
}

/* "1-5,9": the seeds, in the order written. 0, or -1 and a message. */
static int parse_seeds(const char *list, cosim_line *c, char *err, size_t n)
{
	const char *s = list;
	if (!*s) {
		snprintf(err, n, "--seeds needs a list like 1-5,9");
		return -1;
	}
	while (*s) {
		size_t len = strcspn(s, ",");
		char item[64], *dash;
		unsigned long long a, b;
		if (len == 0 || len >= sizeof item) {
			snprintf(err, n, "--seeds %s: an empty or overlong item (a list like 1-5,9)", list);
			return -1;
		}
		memcpy(item, s, len);
		item[len] = '\0';
		dash = strchr(item, '-');
		if (dash)
			*dash = '\0';
		if (parse_u64(item, ~0ull, &a) || (dash && parse_u64(dash + 1, ~0ull, &b))) {
			snprintf(err, n, "--seeds %s: '%.*s' is not a seed or a range A-B of seeds", list, (int)len, s);
			return -1;
		}
		if (!dash)
			b = a;
		if (b < a) {
			snprintf(err, n, "--seeds %s: range %llu-%llu goes down", list, a, b);
			return -1;
		}
		if (b - a >= (unsigned long long)(MAX_SEEDS - c->nseeds)) {
			snprintf(err, n, "--seeds %s: more than %d seeds on one line", list, MAX_SEEDS);
			return -1;
		}
		c->seeds = wg_xrealloc(c->seeds, (size_t)(c->nseeds + (int)(b - a) + 1) * sizeof *c->seeds);
		for (unsigned long long v = a;; v++) {
			c->seeds[c->nseeds++] = v;
			if (v == b)
				break;
		}
		s += len;
		if (*s == ',') {
			s++;
			if (!*s) {
				snprintf(err, n, "--seeds %s: ends with a comma", list);
				return -1;
			}
		}
	}
	return 0;
}

/* Options of `warpgen cosim` that take a value, and the flags, as a job may give them. */
static const char *const VALUE_OPTS[] = {"--set", "--knob", "--case", "--rtl", "--blif", "--liberty", "--synth",
					 "--gate-sim", NULL};
static const char *const FLAG_OPTS[] = {"--gate", "--model-only", "--no-window", "--wave", NULL};

static int in_list(const char *const *l, const char *s)
{
	for (; *l; l++)
		if (strcmp(*l, s) == 0)
			return 1;
	return 0;
}

/* Words w[0..nw) after the block: check them as warpgen cosim would and fill c. 0, or -1 and a
 * message. root: where relative file names are looked up (the jobs run there). */
static int parse_cosim_opts(const wg_block *b, char **w, int nw, cosim_line *c, char *err, size_t n)
{
	const wg_stim_def *st = wg_stim_find(b->name);
	long p[WG_MAX_PARAMS], knobs[WG_MAX_PARAMS];
	char msg[512];
	int seeds_given = 0;
	if (!st) {
		snprintf(err, n, "%s has no stimulus generator (warpgen cosim cannot run it)", b->name);
		return -1;
	}
	wg_params_default(b, p);
	for (int k = 0; k < st->nknobs; k++)
		knobs[k] = st->knobs[k].def;
	c->cycles = -1;
	for (int i = 0; i < nw; i++) /* --case first: its overrides come before --set (wg_opts_parse) */
		if (strcmp(w[i], "--case") == 0 && i + 1 < nw) {
			int found = -1;
			for (int k = 0; k < st->ncases; k++)
				if (strcmp(st->cases[k].name, w[i + 1]) == 0)
					found = k;
			if (found < 0) {
				snprintf(err, n, "%s: unknown case '%s' (see `warpgen cosim %s --list`)", b->name, w[i + 1],
					 b->name);
				return -1;
			}
			if (wg_params_apply(b, p, st->cases[found].params, msg, sizeof msg)) {
				snprintf(err, n, "case %s: %s", w[i + 1], msg);
				return -1;
			}
		}
	for (int i = 0; i < nw; i++) {
		const char *o = w[i];
		int value = in_list(VALUE_OPTS, o) || !strcmp(o, "--seed") || !strcmp(o, "--seeds") ||
			    !strcmp(o, "--cycles") || !strcmp(o, "--json");
		if (value && i + 1 >= nw) {
			snprintf(err, n, "%s needs a value", o);
			return -1;
		}
		const char *v = value ? w[i + 1] : NULL;
		if (!strcmp(o, "--seed") || !strcmp(o, "--seeds")) {
			if (seeds_given++) {
				snprintf(err, n, "%s: the seeds are given twice", o);
				return -1;
			}
			if (parse_seeds(v, c, err, n))
				return -1;
		} else if (!strcmp(o, "--cycles")) {
			unsigned long long x;
			if (parse_u64(v, 1000000000000ull, &x) || x == 0) { /* as warpgen cosim: 0 compares nothing */
				snprintf(err, n, "--cycles %s is not a number in 1..1000000000000", v);
				return -1;
			}
			c->cycles = (long)x;
		} else if (!strcmp(o, "--san")) {
			c->san = 1;
		} else if (!strcmp(o, "-q")) {
			/* the jobs always run quiet */
		} else if (!strcmp(o, "--json")) {
			c->has_json = 1;
		} else if (in_list(VALUE_OPTS, o) || in_list(FLAG_OPTS, o)) {
			if (!strcmp(o, "--set") || !strcmp(o, "--knob")) {
				wg_block kb = {.name = "knob", .params = st->knobs, .nparams = st->nknobs};
				int knob = !strcmp(o, "--knob");
				if (wg_param_set(knob ? &kb : b, knob ? knobs : p, v, msg, sizeof msg)) {
					snprintf(err, n, knob ? "%s: %s" : "%s%s", knob ? b->name : "", msg);
					return -1;
				}
				wg_buf *d = knob ? &c->knobs : &c->params;
				if (d->len)
					wg_buf_put(d, " ", 1);
				wg_buf_printf(d, "%s ", o);
				put_word(d, v);
			}
			if ((!strcmp(o, "--rtl") || !strcmp(o, "--blif") || !strcmp(o, "--liberty"))) {
				char path[4096];
				if (v[0] == '/')
					snprintf(path, sizeof path, "%s", v);
				else
					snprintf(path, sizeof path, "%s/%s", wg_root(), v);
				if (access(path, R_OK) != 0) {
					snprintf(err, n, "%s: cannot read %s: %s", o, v, strerror(errno));
					return -1;
				}
			}
			if (c->args.len)
				wg_buf_put(&c->args, " ", 1);
			wg_buf_printf(&c->args, "%s", o);
			if (v) {
				wg_buf_put(&c->args, " ", 1);
				put_word(&c->args, v);
			}
		} else {
			snprintf(err, n, "unknown option '%s' (a job takes warpgen cosim's options, --seeds LIST, --cycles N, --san)",
				 o);
			return -1;
		}
		i += value;
	}
	if (wg_params_check(b, p, msg, sizeof msg)) {
		snprintf(err, n, "%s", msg);
		return -1;
	}
	if (!c->nseeds) {
		c->seeds = wg_xcalloc(sizeof *c->seeds);
		c->seeds[c->nseeds++] = 1; /* warpgen cosim's default */
	}
	c->block = xstrdup(b->name);
	return 0;
}

/* The jobs of a checked cosim line (name: NULL for the default names). */
static void add_cosim_jobs(rg_set *set, const cosim_line *c, const char *name)
{
	const char *args = c->args.s ? c->args.s : "";
	for (int s = 0; s < c->nseeds; s++) {
		rg_job *j = add_job(set);
		wg_buf nm = {0};
		if (!name)
			wg_buf_printf(&nm, "%s%s%s seed=%llu", c->block, *args ? " " : "", args, c->seeds[s]);
		else if (c->nseeds > 1)
			wg_buf_printf(&nm, "%s-seed%llu", name, c->seeds[s]);
		else
			wg_buf_printf(&nm, "%s", name);
		j->name = nm.s;
		j->block = xstrdup(c->block);
		j->args = xstrdup(args);
		j->knobs = xstrdup(c->knobs.s ? c->knobs.s : "");
		j->params = xstrdup(c->params.s ? c->params.s : "");
		j->seed = c->seeds[s];
		j->cycles = c->cycles;
		j->san = c->san;
		wg_buf g = {0};
		wg_buf_printf(&g, "%s%s%s", c->block, *args ? " " : "", args);
		j->group = g.s;
	}
}

static void add_cmd_job(rg_set *set, const char *name, const char *cmd)
{
	rg_job *j = add_job(set);
	j->name = xstrdup(name);
	j->cmd = xstrdup(cmd);
	j->group = xstrdup(name);
}

/* A name fits a result line and a job file: not empty, no control character. */
static int bad_name(const char *s)
{
	if (!*s)
		return 1;
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}

/* ---- job files ---- */

/* One line of a job file into set; 0, or -1 and "FILE:LINE: ..." in err. */
static int parse_line(rg_set *set, const char *file, int lineno, const char *line, char *err, size_t n)
{
	const char *s = line;
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '\0' || *s == '#' || *s == '\n' || *s == '\r')
		return 0;
	wg_buf w0 = {0}, w1 = {0};
	int bare0, bare1, rc = -1;
	const char *p = s;
	char msg[768];
	char **w = NULL;
	cosim_line c = {0};
	if (next_word(&p, &w0, &bare0) < 0) {
		snprintf(err, n, "%s:%d: unclosed quote", file, lineno);
		goto out;
	}
	if (bare0 && strcmp(w0.s, "!") == 0) {
		snprintf(err, n, "%s:%d: a command line needs a NAME before '!' (NAME ! COMMAND)", file, lineno);
		goto out;
	}
	const char *after0 = p;
	int r1 = next_word(&p, &w1, &bare1);
	if (r1 < 0) {
		snprintf(err, n, "%s:%d: unclosed quote", file, lineno);
		goto out;
	}
	if (r1 == 1 && bare1 && strcmp(w1.s, "!") == 0) { /* NAME ! COMMAND */
		while (*p == ' ' || *p == '\t')
			p++;
		size_t len = strcspn(p, "\r\n");
		while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
			len--;
		if (!len) {
			snprintf(err, n, "%s:%d: '!' needs a COMMAND after it (NAME ! COMMAND)", file, lineno);
			goto out;
		}
		if (bad_name(w0.s)) {
			snprintf(err, n, "%s:%d: a job name is not empty and has no control character", file, lineno);
			goto out;
		}
		char *cmd = wg_xcalloc(len + 1);
		memcpy(cmd, p, len);
		add_cmd_job(set, w0.s, cmd);
		free(cmd);
		rc = 0;
		goto out;
	}
	/* [NAME] BLOCK OPTIONS: the first word is the block unless the second one is a block too */
	const wg_block *b0 = wg_block_find(w0.s), *b1 = r1 == 1 ? wg_block_find(w1.s) : NULL;
	const char *name = NULL, *rest;
	const wg_block *b;
	if (b0 && !b1) {
		b = b0;
		rest = after0;
	} else if (b1) {
		name = w0.s;
		b = b1;
		rest = p;
	} else {
		const char *bad = r1 == 1 && w1.s[0] != '-' ? w1.s : w0.s;
		snprintf(err, n, "%s:%d: unknown block '%s' (see `warpgen list`)", file, lineno, bad);
		goto out;
	}
	if (name && bad_name(name)) {
		snprintf(err, n, "%s:%d: a job name is not empty and has no control character", file, lineno);
		goto out;
	}
	int nw = rg_split(rest, &w, msg, sizeof msg);
	if (nw < 0) {
		snprintf(err, n, "%s:%d: %s", file, lineno, msg);
		goto out;
	}
	if (parse_cosim_opts(b, w, nw, &c, msg, sizeof msg)) {
		snprintf(err, n, "%s:%d: %s", file, lineno, msg);
		goto out;
	}
	if (c.has_json) {
		snprintf(err, n, "%s:%d: --json: warpgen regress writes each job's result itself", file, lineno);
		goto out;
	}
	add_cosim_jobs(set, &c, name);
	rc = 0;
out:
	cosim_line_free(&c);
	rg_argv_free(w);
	wg_buf_free(&w0);
	wg_buf_free(&w1);
	return rc;
}

int rg_jobs_from_file(const char *path, rg_set *set, char *err, size_t n)
{
	char msg[512];
	memset(set, 0, sizeof *set);
	size_t len;
	char *text = wg_read_file(path, &len, msg, sizeof msg);
	if (!text) {
		snprintf(err, n, "--jobs: %s", msg);
		return -1;
	}
	if (memchr(text, '\0', len)) {
		snprintf(err, n, "%s: not a text file", path);
		free(text);
		return -1;
	}
	int *lines = NULL, lineno = 0, rc = 0;
	for (char *s = text; *s && !rc;) {
		char *nl = strchr(s, '\n');
		if (nl)
			*nl = '\0';
		lineno++;
		int before = set->njobs;
		rc = parse_line(set, path, lineno, s, err, n);
		lines = wg_xrealloc(lines, (size_t)(set->njobs ? set->njobs : 1) * sizeof *lines);
		for (int i = before; i < set->njobs; i++)
			lines[i] = lineno;
		s = nl ? nl + 1 : s + strlen(s);
	}
	free(text);
	if (!rc && set->njobs == 0) {
		snprintf(err, n, "%s: no job in the file (docs/regress.md: one job per line)", path);
		rc = -1;
	}
	if (!rc)
		rc = unique_names(set, lines, path, err, n);
	free(lines);
	if (rc) {
		rg_set_free(set);
		return -1;
	}
	gather(set);
	wg_buf lb = {0};
	wg_buf_printf(&lb, "jobs %s", path);
	set->label = lb.s;
	return 0;
}

/* ---- tiers ---- */

/* Run argv from the repository root; its standard output in *out (malloc'd). Exit status, or -1. */
static int capture(char *const argv[], char **out)
{
	wg_buf b = {0};
	int rc = wg_proc_capture_buf(argv, wg_root(), WG_PROC_ERR_INHERIT, &b);
	if (rc < 0) {
		wg_buf_free(&b);
		*out = NULL;
		return -1;
	}
	*out = b.s;
	return rc;
}

/* The block a tier's test belongs to: a cosim job's block; for a command job, the longest block
 * name that starts the part of its name after the first colon, followed by '-', '_' or the end
 * ("lint:rfc-a1" and "mutant:rfc-x" are rfc's, "mutant:sm_rfc-x" sm_rfc's). NULL for none. */
const char *rg_job_block(const rg_job *j)
{
	if (j->block)
		return j->block;
	const char *c = strchr(j->name, ':'), *best = NULL;
	if (!c)
		return NULL;
	c++;
	int nb;
	const wg_block *const *bl = wg_blocks(&nb);
	size_t bestlen = 0;
	for (int i = 0; i < nb; i++) {
		size_t l = strlen(bl[i]->name);
		if (strncmp(c, bl[i]->name, l) == 0 && (c[l] == '\0' || c[l] == '-' || c[l] == '_') && l > bestlen) {
			best = bl[i]->name;
			bestlen = l;
		}
	}
	return best;
}

/* A tier's "NAME<TAB>COMMAND": a cosim job when COMMAND is `$WARPGEN[_SAN] cosim BLOCK ARGS...`
 * with nothing for a shell to interpret and options warpgen regress accepts; else a command job. */
static void tier_line(rg_set *set, const char *name, const char *cmd)
{
	const char *rest = NULL;
	int san = 0;
	if (strncmp(cmd, "$WARPGEN cosim ", 15) == 0)
		rest = cmd + 15;
	else if (strncmp(cmd, "$WARPGEN_SAN cosim ", 19) == 0)
		rest = cmd + 19, san = 1;
	if (rest && strpbrk(rest, "|&;<>()$`'\"\\*?[{}~#\n") == NULL) {
		char **w = NULL, msg[512];
		int nw = rg_split(rest, &w, msg, sizeof msg);
		const wg_block *b = nw >= 1 ? wg_block_find(w[0]) : NULL;
		for (int i = 1; i < nw; i++) /* warpgen regress's own options: not a cosim command */
			if (!strcmp(w[i], "--seeds") || !strcmp(w[i], "--san"))
				b = NULL;
		cosim_line c = {0};
		if (b && parse_cosim_opts(b, w + 1, nw - 1, &c, msg, sizeof msg) == 0 && !c.has_json && c.nseeds == 1) {
			c.san = san;
			add_cosim_jobs(set, &c, name);
			cosim_line_free(&c);
			rg_argv_free(w);
			return;
		}
		cosim_line_free(&c);
		rg_argv_free(w);
	}
	add_cmd_job(set, name, cmd);
}

int rg_jobs_from_tier(const char *tier, char **blocks, int nblocks, const char *filter, rg_set *set, char *err,
		      size_t n)
{
	memset(set, 0, sizeof *set);
	int main_tier = strcmp(tier, "main") == 0;
	if (!main_tier && strcmp(tier, "fast") && strcmp(tier, "test") && strcmp(tier, "sweep")) {
		snprintf(err, n, "unknown tier '%s' (test, sweep, main or fast)", tier);
		return -1;
	}
	for (int i = 0; i < nblocks; i++)
		if (!wg_block_find(blocks[i])) {
			snprintf(err, n, "unknown block '%s' (see `warpgen list`)", blocks[i]);
			return -1;
		}
	char *text = NULL;
	char *list_argv[] = {"tests/list_tests.sh", (char *)tier, NULL};
	char *main_argv[] = {"bash", "-c", ". tests/decl.sh && decl_read main", NULL};
	int st = capture(main_tier ? main_argv : list_argv, &text);
	if (st != 0) {
		snprintf(err, n, "tier %s: %s failed (exit %d)", tier, main_tier ? "tests/decl.sh's decl_read main" : "tests/list_tests.sh",
			 st);
		free(text);
		return -1;
	}
	rg_set all = {0};
	for (char *s = text; *s;) {
		char *nl = strchr(s, '\n');
		if (nl)
			*nl = '\0';
		if (main_tier) { /* NAME|ARGS|AREA_OPT: 1,000,000 co-simulated cycles, seed 1 (tests/main_job.sh) */
			char *bar = strchr(s, '|'), *bar2 = bar ? strchr(bar + 1, '|') : NULL;
			if (bar && bar2) {
				*bar = *bar2 = '\0';
				wg_buf cmd = {0}, nm = {0};
				wg_buf_printf(&cmd, "$WARPGEN cosim %s --seed 1 --cycles 1000000 -q", bar + 1);
				wg_buf_printf(&nm, "main:%s", s);
				tier_line(&all, nm.s, cmd.s);
				wg_buf_free(&cmd);
				wg_buf_free(&nm);
			}
		} else {
			char *tab = strchr(s, '\t');
			if (tab) {
				*tab = '\0';
				tier_line(&all, s, tab + 1);
			}
		}
		s = nl ? nl + 1 : s + strlen(s);
	}
	free(text);
	/* build:* tests first (they fill the caches the others share: tests/run_tests.sh), then the rest */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < all.njobs; i++) {
			rg_job *j = &all.jobs[i];
			if (!j->name || (strncmp(j->name, "build:", 6) == 0) != (pass == 0))
				continue;
			const char *jb = rg_job_block(j);
			int keep = !filter || strstr(j->name, filter);
			if (keep && nblocks) {
				keep = 0;
				for (int k = 0; k < nblocks; k++)
					keep |= jb && strcmp(jb, blocks[k]) == 0;
			}
			if (!keep)
				continue;
			*add_job(set) = *j;
			memset(j, 0, sizeof *j);
		}
	rg_set_free(&all); /* the jobs left out (the others moved to set) */
	wg_buf lb = {0};
	wg_buf_printf(&lb, "tier %s", tier);
	for (int i = 0; i < nblocks; i++)
		wg_buf_printf(&lb, " %s", blocks[i]);
	if (filter)
		wg_buf_printf(&lb, " --filter %s", filter);
	set->label = lb.s;
	if (set->njobs == 0) {
		snprintf(err, n, "no job of %s", lb.s);
		rg_set_free(set);
		return -1;
	}
	if (unique_names(set, NULL, NULL, err, n)) {
		rg_set_free(set);
		return -1;
	}
	gather(set);
	return 0;
}

/* ---- units ---- */

int rg_units(const rg_set *set, double min_weight, rg_unit **units)
{
	rg_unit *u = NULL;
	int nu = 0;
	for (int i = 0; i < set->njobs;) {
		int j = i;
		double w = 0;
		do { /* whole groups, until the unit weighs min_weight */
			const char *g = set->jobs[j].group;
			while (j < set->njobs && strcmp(set->jobs[j].group, g) == 0)
				w += rg_job_weight(&set->jobs[j++]);
		} while (min_weight > 0 && w < min_weight && j < set->njobs);
		u = wg_xrealloc(u, (size_t)(nu + 1) * sizeof *u);
		u[nu++] = (rg_unit){.first = i, .n = j - i, .weight = w};
		i = j;
	}
	*units = u;
	return nu;
}

int rg_write_jobs(const rg_set *set, const rg_unit *u, int nu, const char *path, char *err, size_t n)
{
	wg_buf b = {0};
	wg_buf_printf(&b, "# warpgen regress job file (docs/regress.md): %s\n", set->label ? set->label : "");
	for (int k = 0; k < nu; k++)
		for (int i = u[k].first; i < u[k].first + u[k].n; i++) {
			const rg_job *j = &set->jobs[i];
			put_word(&b, j->name);
			if (!j->block) {
				wg_buf_printf(&b, " ! %s\n", j->cmd);
				continue;
			}
			wg_buf_printf(&b, " %s%s%s --seed %llu", j->block, j->args[0] ? " " : "", j->args, j->seed);
			if (j->cycles >= 0)
				wg_buf_printf(&b, " --cycles %ld", j->cycles);
			wg_buf_printf(&b, "%s\n", j->san ? " --san" : "");
		}
	int rc = wg_write_atomic(path, b.s ? b.s : "", b.len, err, n);
	wg_buf_free(&b);
	return rc;
}
