/* wg_cli.c - option parsing with one-line errors and exit code 2. */
#include "wg_cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void wg_die(const char *cmd, int code, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "warpgen %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(code);
}

int wg_opt_value(const char *cmd, int i, int argc, char **argv)
{
	if (i + 1 >= argc)
		wg_die(cmd, 2, "%s needs a value", argv[i]);
	return i + 1;
}

void wg_print_params(const wg_block *b)
{
	char range[128], def[64];
	printf("parameters of %s (--set NAME=VALUE):\n", b->name);
	printf("  %-14s %-9s %-12s %s\n", "NAME", "DEFAULT", "LEGAL", "MEANING [source of the default]");
	for (int i = 0; i < b->nparams; i++) {
		const wg_param_def *d = &b->params[i];
		printf("  %-14s %-9s %-12s %s [%s]\n", d->name, wg_param_text(d, d->def, def, sizeof def),
		       wg_param_range(d, range, sizeof range), d->help, d->source);
	}
}

static uint64_t parse_u64(const char *cmd, const char *opt, const char *s, uint64_t min, uint64_t max)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 0);
	if (*s == '\0' || *s == '-' || isspace((unsigned char)*s) || *end != '\0' || errno || v < min || v > max)
		wg_die(cmd, 2, "%s %s is not a number in %llu..%llu", opt, s, (unsigned long long)min,
		       (unsigned long long)max);
	return (uint64_t)v;
}

void wg_contra_line(const wg_opts *o, int k, char *buf, size_t n)
{
	const wg_param_def *d = &o->block->params[o->contra[k]];
	char cv[64], gv[64];
	snprintf(buf, n,
		 "--set %s=%s contradicts case %s's own %s=%s: the case's claim is checked against another "
		 "configuration, so a FAIL is expected",
		 d->name, wg_param_text(d, o->p[o->contra[k]], gv, sizeof gv), o->stim->cases[o->case_idx].name,
		 d->name, wg_param_text(d, o->contra_case[k], cv, sizeof cv));
}

/* The case's own parameters that the --set values changed, in the case's order. */
static void find_contra(wg_opts *o)
{
	const char *list = o->stim->cases[o->case_idx].params;
	while (list && *list) {
		size_t len = strcspn(list, ","), nl = strcspn(list, "=");
		char one[128], err[256];
		long cp[WG_MAX_PARAMS];
		snprintf(one, sizeof one, "%.*s", (int)len, list);
		list += len + (list[len] == ',');
		if (nl >= len)
			continue;
		one[nl] = '\0';
		int i = wg_param_index(o->block, one);
		one[nl] = '=';
		memcpy(cp, o->p, sizeof cp);
		if (i < 0 || wg_param_set(o->block, cp, one, err, sizeof err) || cp[i] == o->p[i])
			continue;
		int seen = 0; /* a case naming a parameter twice: its last value counts, once */
		for (int k = 0; k < o->ncontra; k++)
			if (o->contra[k] == i) {
				o->contra_case[k] = cp[i];
				seen = 1;
			}
		if (!seen && o->ncontra < WG_MAX_PARAMS) {
			o->contra[o->ncontra] = i;
			o->contra_case[o->ncontra++] = cp[i];
		}
	}
}

static const char *need_arg(const char *cmd, int *i, int argc, char **argv)
{
	if (*i + 1 >= argc)
		wg_die(cmd, 2, "%s needs a value", argv[*i]);
	return argv[++*i];
}

void wg_opts_parse(wg_opts *o, const char *cmd, int argc, char **argv, unsigned allowed)
{
	char err[512];
	memset(o, 0, sizeof *o);
	o->cmd = cmd;
	o->seed = 1;
	o->cycles = -1;
	o->case_idx = -1;
	if (argc < 1 || argv[0][0] == '-') {
		if (argc >= 1 && (strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0)) {
			o->help = 1;
			return;
		}
		wg_die(cmd, 2, "missing BLOCK (see `warpgen list`)");
	}
	o->block = wg_block_find(argv[0]);
	if (!o->block)
		wg_die(cmd, 2, "unknown block '%s' (see `warpgen list`)", argv[0]);
	o->stim = wg_stim_find(argv[0]);
	if (wg_stim_check(o->stim, err, sizeof err))
		wg_die(cmd, 1, "%s", err);
	o->top = o->block->name;
	wg_params_default(o->block, o->p);
	if (o->stim)
		for (int k = 0; k < o->stim->nknobs; k++)
			o->knobs[k] = o->stim->knobs[k].def;

	/* First pass: find --case, whose parameter overrides come before --set. */
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--case") != 0 || !(allowed & WG_OPT_CASE))
			continue;
		const char *name = need_arg(cmd, &i, argc, argv);
		if (o->case_idx >= 0) /* two cases' overrides would mix: one case a run */
			wg_die(cmd, 2, "--case is given twice (one directed case a run)");
		for (int c = 0; o->stim && c < o->stim->ncases; c++)
			if (strcmp(o->stim->cases[c].name, name) == 0)
				o->case_idx = c;
		if (o->case_idx < 0)
			wg_die(cmd, 2, "%s: unknown case '%s' (see `warpgen cosim %s --list`)", o->block->name, name,
			       o->block->name);
		if (wg_params_apply(o->block, o->p, o->stim->cases[o->case_idx].params, err, sizeof err))
			wg_die(cmd, 2, "case %s: %s", name, err);
	}
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if ((allowed & WG_OPT_SET) && strcmp(a, "--set") == 0) {
			if (wg_param_set(o->block, o->p, need_arg(cmd, &i, argc, argv), err, sizeof err))
				wg_die(cmd, 2, "%s", err);
		} else if ((allowed & WG_OPT_KNOB) && strcmp(a, "--knob") == 0) {
			const char *kv = need_arg(cmd, &i, argc, argv);
			wg_block kb = {.name = "knob", .params = o->stim ? o->stim->knobs : NULL,
				       .nparams = o->stim ? o->stim->nknobs : 0};
			if (wg_param_set(&kb, o->knobs, kv, err, sizeof err))
				wg_die(cmd, 2, "%s: %s", o->block->name, err);
		} else if ((allowed & WG_OPT_OUT) && strcmp(a, "-o") == 0) {
			o->outdir = need_arg(cmd, &i, argc, argv);
		} else if ((allowed & WG_OPT_NAME) && strcmp(a, "--name") == 0) {
			o->top = need_arg(cmd, &i, argc, argv);
		} else if ((allowed & WG_OPT_SEED) && strcmp(a, "--seed") == 0) {
			o->seed = parse_u64(cmd, a, need_arg(cmd, &i, argc, argv), 0, UINT64_MAX);
		} else if ((allowed & WG_OPT_CYCLES) && strcmp(a, "--cycles") == 0) {
			/* at least 1: a run of 0 cycles compares nothing (not even the reset) */
			o->cycles = (long)parse_u64(cmd, a, need_arg(cmd, &i, argc, argv), 1, 1000000000000ull);
		} else if ((allowed & WG_OPT_CASE) && strcmp(a, "--case") == 0) {
			i++; /* handled above */
		} else if ((allowed & WG_OPT_RTL) && strcmp(a, "--rtl") == 0) {
			o->rtl = need_arg(cmd, &i, argc, argv);
		} else if ((allowed & WG_OPT_WAVE) && strcmp(a, "--wave") == 0) {
			o->wave = 1;
		} else if ((allowed & WG_OPT_LIBERTY) && strcmp(a, "--liberty") == 0) {
			o->liberty = need_arg(cmd, &i, argc, argv);
		} else if ((allowed & WG_OPT_JSON) && strcmp(a, "--json") == 0) {
			o->json = need_arg(cmd, &i, argc, argv);
		} else if ((allowed & WG_OPT_QUIET) && strcmp(a, "-q") == 0) {
			o->quiet = 1;
		} else if ((allowed & WG_OPT_FLOPS) && strcmp(a, "--flops-only") == 0) {
			o->flops_only = 1;
		} else if ((allowed & WG_OPT_FLOPS) && strcmp(a, "--flops-unless-cached") == 0) {
			o->flops_only = 2;
		} else if ((allowed & WG_OPT_FLOPS) && strcmp(a, "--abc-fast") == 0) {
			o->abc_fast = 1;
		} else if ((allowed & WG_OPT_LIST) && strcmp(a, "--list") == 0) {
			o->list = 1;
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			o->help = 1;
		} else {
			wg_die(cmd, 2, "unknown option '%s' (see `warpgen %s --help`)", a, cmd);
		}
	}
	if (!o->help && wg_params_check(o->block, o->p, err, sizeof err))
		wg_die(cmd, 2, "%s", err);
	if (o->case_idx >= 0)
		find_contra(o);
}

void wg_contra_say(const wg_opts *o)
{
	char line[512];
	for (int k = 0; k < o->ncontra; k++) {
		wg_contra_line(o, k, line, sizeof line);
		fprintf(stderr, "warpgen %s: %s\n", o->cmd, line);
	}
}
