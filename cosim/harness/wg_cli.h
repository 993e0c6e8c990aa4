/* wg_cli.h - command-line options shared by the warpgen commands. */
#ifndef WG_CLI_H
#define WG_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"
#include "wg_stim.h"

/* Which options a command accepts. */
enum {
	WG_OPT_SET = 1 << 0,     /* --set NAME=VALUE (repeatable) */
	WG_OPT_OUT = 1 << 1,     /* -o DIR */
	WG_OPT_NAME = 1 << 2,    /* --name TOP */
	WG_OPT_SEED = 1 << 3,    /* --seed S */
	WG_OPT_CYCLES = 1 << 4,  /* --cycles N */
	WG_OPT_CASE = 1 << 5,    /* --case NAME */
	WG_OPT_RTL = 1 << 6,     /* --rtl FILE */
	WG_OPT_WAVE = 1 << 7,    /* --wave */
	WG_OPT_LIBERTY = 1 << 8, /* --liberty FILE */
	WG_OPT_KNOB = 1 << 9,    /* --knob NAME=VALUE (repeatable) */
	WG_OPT_QUIET = 1 << 10,  /* -q */
	WG_OPT_JSON = 1 << 11,   /* --json FILE */
	WG_OPT_LIST = 1 << 12,   /* --list */
	WG_OPT_FLOPS = 1 << 13,  /* --flops-only */
};

typedef struct wg_opts {
	const char *cmd;               /* command name */
	const wg_block *block;         /* the block */
	const wg_stim_def *stim;       /* its stimulus */
	long p[WG_MAX_PARAMS];         /* parameter values */
	long knobs[WG_MAX_PARAMS];     /* random-stimulus knob values */
	const char *outdir;            /* -o, or NULL for the default */
	const char *top;               /* top module name (default: block name) */
	uint64_t seed;                 /* --seed (default 1) */
	long cycles;                   /* --cycles (-1: the command's default) */
	int case_idx;                  /* --case index into stim->cases, or -1 */
	int ncontra;                   /* parameters a --set gives another value than the case's own */
	int contra[WG_MAX_PARAMS];     /* their indexes, in the case's order */
	long contra_case[WG_MAX_PARAMS]; /* the case's value of each (o->p holds the given one) */
	const char *rtl;               /* --rtl user Verilog, or NULL */
	int wave;                      /* --wave */
	const char *liberty;           /* --liberty FILE, or NULL */
	int flops_only;                /* --flops-only 1, --flops-unless-cached 2 */
	int abc_fast;                  /* --abc-fast: ABC's fast scripts for the gate mapping */
	int quiet;                     /* -q */
	const char *json;              /* --json FILE, or NULL */
	int list;                      /* --list */
	int help;                      /* --help was given */
} wg_opts;

/* Parse "BLOCK [options]" (argv[0] is the block). On bad input prints one
 * line "warpgen CMD: ..." to stderr and exits 2. Applies case parameter
 * overrides before the user's --set values, then checks the whole set. */
void wg_opts_parse(wg_opts *o, const char *cmd, int argc, char **argv, unsigned allowed);
/* The line of parameter o->contra[k]: "--set NAME=GIVEN contradicts case C's own NAME=CASE: ...,
 * so a FAIL is expected" (also in cosim's JSON). */
void wg_contra_line(const wg_opts *o, int k, char *buf, size_t n);
/* Print each such line on stderr as "warpgen CMD: ...": cosim and wave, once the stimulus has
 * accepted the configuration (a refused one ends with its own line instead). */
void wg_contra_say(const wg_opts *o);
/* Print one line to stderr as "warpgen CMD: msg" and exit with code. */
void wg_die(const char *cmd, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4), noreturn));
/* A command's own option with a value (argv[i] is "--opt", its value follows): the value's index
 * i + 1, or, when argv[i] is the last word, "warpgen CMD: --opt needs a value" and exit 2. */
int wg_opt_value(const char *cmd, int i, int argc, char **argv);
/* Print the parameter table of a block (for --help). */
void wg_print_params(const wg_block *b);

#endif
