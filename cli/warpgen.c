/* warpgen.c - the command-line entry point. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wg_buf.h"

#include "wg_cmds.h"
#include "wg_desc.h"
#include "wg_gen.h"
#include "wg_harness.h"

typedef struct wg_command {
	const char *name;                 /* first argument */
	int (*run)(int argc, char **argv); /* the command */
	const char *usage;                /* one line */
} wg_command;

static const wg_command commands[] = {
	{"list", wg_cmd_list, "list                                   every block, one line each"},
	{"gen", wg_cmd_gen, "gen BLOCK [--set N=V]... [-o DIR] [--name TOP]   Verilog + manifest"},
	{"cosim", wg_cmd_cosim, "cosim BLOCK [--set N=V]... [--seed S] [--cycles N] [--case NAME] [--rtl FILE] [--wave]"},
	{"coverage", wg_cmd_coverage, "coverage BLOCK [--set N=V]... [--annotate DIR] [--json FILE] DAT...   line/toggle coverage of cosim --coverage runs"},
	{"wave", wg_cmd_wave, "wave BLOCK --list | --case NAME [--set N=V]... [-o DIR] [--vcd] [--no-png]   a case as waveforms"},
	{"area", wg_cmd_area, "area BLOCK [--set N=V]... [--liberty FILE]   Yosys area, flop check"},
	{"timing", wg_cmd_timing, "timing BLOCK [--set N=V]... [--liberty FILE] [--node NM] [--json FILE]   critical path, fmax, paper clock check (ABC)"},
	{"prove", wg_cmd_prove, "prove BLOCK [--set N=V]... --netlist [--liberty F] | --invariants | --model   formal proofs (docs/cosim.md)"},
	{"energy", wg_cmd_energy, "energy BLOCK [--set N=V]...                  energy per event from power_tables/"},
	{"liberty", wg_cmd_liberty, "liberty FILE [--cell NAME]                   what the Liberty reader sees: units, cells, pins, energy"},
	{"bench", wg_cmd_bench, "bench BLOCK [--set N=V]... [--cycles N]      Verilator vs C model vs co-simulation"},
	{"stats", wg_cmd_stats, "stats BLOCK [--set N=V]... [--knob N=V]...   statistics on synthetic workloads (C model; `warpgen stats` lists the blocks)"},
	{"report", wg_cmd_report, "report -o DIR RESULT.json...                 merge cosim/area results into a report"},
	{"regress", wg_cmd_regress, "regress [--tier T] [BLOCK...] [--jobs FILE] [--engine local|slurm] [-j N] [--db FILE] [--report] [--rerun-failed]"},
};

#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

int wg_cmd_list(int argc, char **argv)
{
	if (argc > 0) {
		fprintf(stderr, "warpgen list: takes no arguments (got '%s')\n", argv[0]);
		return 2;
	}
	int n;
	const wg_block *const *b = wg_blocks(&n);
	for (int i = 0; i < n; i++)
		printf("%-10s %s\n", b[i]->name, b[i]->summary);
	return 0;
}

static void usage(FILE *f)
{
	fprintf(f, "warpgen %s: generate GPU warp/register-context blocks and prove them against C models\n", WARPGEN_VERSION);
	fprintf(f, "usage:\n");
	for (int i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  warpgen %s\n", commands[i].usage);
	fprintf(f, "`warpgen COMMAND BLOCK --help` lists a block's parameters.\n");
	fprintf(f, "--out DIR (anywhere; or $WARPGEN_OUT): the build cache and every run's files go to DIR instead of\n"
		   "the checkout's out/.\n");
}

/* --out DIR (anywhere among the arguments), else $WARPGEN_OUT: the folder wg_out_dir() gives every
 * command (the build cache, the run folders). Removed from argv, made absolute and exported as
 * WARPGEN_OUT, so that the processes warpgen starts (regress workers) use it too. Returns argc. */
static int take_out_dir(int argc, char **argv)
{
	const char *dir = getenv("WARPGEN_OUT");
	int n = 0;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--out") == 0) {
			if (i + 1 >= argc || !argv[i + 1][0]) {
				fprintf(stderr, "warpgen: --out needs a folder (where the build cache and the runs go)\n");
				exit(2);
			}
			dir = argv[++i];
		} else
			argv[n++] = argv[i];
	}
	argv[n] = NULL;
	if (!dir || !dir[0])
		return n;
	char err[1024] = "", abs[4096];
	if (wg_mkdirs(dir, err, sizeof err) != 0 || access(dir, W_OK) != 0) {
		fprintf(stderr, "warpgen: --out %s: cannot create or write that folder%s%s\n", dir, err[0] ? ": " : "",
			err[0] ? err : "");
		exit(2);
	}
	wg_abs_path(dir, abs, sizeof abs);
	setenv("WARPGEN_OUT", abs, 1);
	return n;
}

/* $WARPGEN_LOOP, read by the harness (wg_harness_auto_loop), refused here when it is neither
 * loop: a misspelt value would otherwise be ignored without a word. */
static void check_loop_env(void)
{
	wg_loop l;
	if (wg_harness_loop_env(&l) != 0) {
		fprintf(stderr, "warpgen: WARPGEN_LOOP=%s is not one of plain, pipelined (unset or empty: "
				"pipelined when a core is free)\n", getenv("WARPGEN_LOOP"));
		exit(2);
	}
}

int main(int argc, char **argv)
{
	check_loop_env();
	argc = take_out_dir(argc, argv);
	if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("warpgen %s\n", WARPGEN_VERSION);
		return 0;
	}
	for (int i = 0; i < NCOMMANDS; i++)
		if (strcmp(argv[1], commands[i].name) == 0)
			return commands[i].run(argc - 2, argv + 2);
	fprintf(stderr, "warpgen: unknown command '%s' (commands: list gen cosim coverage wave area timing prove energy liberty bench stats report regress)\n", argv[1]);
	return 2;
}
