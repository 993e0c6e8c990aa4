/* cmd_prove.c - `warpgen prove BLOCK`: formal proofs of one configuration.
 *   --netlist     the generated RTL against its synthesized netlist (pv_run.c)
 *   --invariants  the block's safety properties on its RTL (rtl_templates/<block>_props.v)
 *   --model       the C model against the netlist (cli/pm_main.c, wg_prove_model_main)
 * One line per verdict; exit 0 proven (or bounded, said so), 1 a counterexample or a
 * tool failure, 2 bad input. What each proof establishes: docs/cosim.md, "Proofs". */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm.h"
#include "pv.h"
#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_cmds.h"
#include "wg_gen.h"
#include "wg_root.h"

#define PV_TIMEOUT_DEF 600 /* seconds per engine run */
#define PV_DEPTH_DEF 20    /* cycles of the bounded check */

static void usage(const wg_opts *o)
{
	printf("usage: warpgen prove BLOCK [--set NAME=VALUE]... (--netlist [--liberty F] | --invariants | --model)\n"
	       "                     [--json FILE] [--timeout S] [--depth N] [--miter] [--no-assume] [-q]\n"
	       "Formal proofs of one configuration (docs/cosim.md, \"Proofs\"); folder out/prove/BLOCK/CONFIG/.\n"
	       "  --netlist        the generated RTL against its Yosys netlist (the generic gates of `cosim --gate`;\n"
	       "                   with --liberty F the netlist mapped to F's cells): equiv_make / equiv_simple /\n"
	       "                   equiv_induct first; if a point stays unproven, a miter of every output (from the\n"
	       "                   cycle after the first rst_i = 1, any initial state) proven by ABC scorr + pdr\n"
	       "                   (register correspondence), then pdr, then dprove;\n"
	       "                   where all fail, yosys-smtbmc -s z3 for --depth cycles (\"bounded to N\")\n"
	       "  --netlist-file F with --netlist: this Verilog netlist of Yosys generic cells (top module BLOCK)\n"
	       "  --miter          with --netlist: run the miter even when equiv_induct proves every point\n"
	       "  --no-assume      with --netlist: the miter without the protocol's assumptions (the `assume`s of\n"
	       "                   rtl_templates/<block>_props.v, which it otherwise puts on the RTL's side)\n"
	       "  --lemmas F       with --netlist: strengthening lemmas from F instead of rtl_templates/<block>_lemmas.txt\n"
	       "                   (internal signals equal on both sides, proven with the outputs, never assumed)\n"
	       "  --no-lemmas      with --netlist: the miter without the block's strengthening lemmas\n"
	       "  --invariants     the block's properties (rtl_templates/<block>_props.v) on its RTL, by ABC pdr\n"
	       "  --props F        with --invariants: this properties file instead of the block's\n"
	       "  --props-dir D    with --invariants: the <block>_props.v files of the block and its leaves from D\n"
	       "                   instead of rtl_templates/ (a composition's leaves' assumptions on ports another\n"
	       "                   leaf drives are proven as assertions, the composition's obligations)\n"
	       "  --model          the C model against the netlist, explored exhaustively (cli/pm_main.c)\n"
	       "  --timeout S      seconds per engine run (1..86400, default %d)\n"
	       "  --depth N        cycles of the bounded check (1..1000, default %d)\n"
	       "  --json FILE      write the verdicts as JSON\n"
	       "A counterexample leaves trace.vcd in the run's folder and prints the command that rebuilds it.\n"
	       "exit: 0 proven or bounded, 1 counterexample or tool failure, 2 bad input\n\n",
	       PV_TIMEOUT_DEF, PV_DEPTH_DEF);
	if (o->block)
		wg_print_params(o->block);
}

static long number(const char *opt, const char *s, long lo, long hi)
{
	char *e;
	long v = strtol(s, &e, 10);
	if (!*s || *e || v < lo || v > hi)
		wg_die("prove", 2, "%s %s: not a whole number in %ld..%ld", opt, s, lo, hi);
	return v;
}

static void print_result(const char *block, const char *cfg, const pv_result *r, int quiet)
{
	printf("prove %s (%s): %s: ", block, cfg, r->what);
	switch (r->verdict) {
	case PV_PROVEN:
		printf("proven");
		break;
	case PV_BOUNDED:
		printf("bounded to %d cycles (not proven beyond)", r->depth);
		break;
	case PV_CEX:
		printf("counterexample at cycle %d", r->depth);
		if (r->failed[0])
			printf(" (%s)", r->failed);
		break;
	default:
		printf("error");
	}
	printf(" [%s", r->engine);
	if (r->equiv_total > 0)
		printf("%s %ld of %ld points", strcmp(r->engine, "equiv_induct") == 0 ? ":" : "; equiv_induct",
		       r->equiv_total - r->equiv_unproven, r->equiv_total);
	printf("] %.1f s\n", r->seconds);
	if (quiet)
		return;
	printf("  folder: %s\n", wg_root_rel(r->dir));
	if (r->verdict == PV_CEX && r->trace[0])
		printf("  trace:  %s\n  replay: %s\n", wg_root_rel(r->trace), r->replay);
	if (r->note[0])
		printf("  note:   %s\n", r->note);
}

static void json_result(wg_buf *j, const pv_result *r)
{
	wg_buf_printf(j, "{\"what\": ");
	wg_buf_json_str(j, r->what);
	wg_buf_printf(j, ", \"verdict\": \"%s\", \"engine\": ", pv_verdict_name(r->verdict));
	wg_buf_json_str(j, r->engine);
	if (r->verdict == PV_BOUNDED || r->verdict == PV_CEX)
		wg_buf_printf(j, ", \"depth\": %d", r->depth);
	if (r->equiv_total >= 0)
		wg_buf_printf(j, ", \"equiv_points\": %ld, \"equiv_unproven\": %ld", r->equiv_total, r->equiv_unproven);
	wg_buf_printf(j, ", \"seconds\": %.2f, \"folder\": ", r->seconds);
	wg_buf_json_str(j, wg_root_rel(r->dir));
	if (r->verdict == PV_CEX) {
		wg_buf_printf(j, ", \"failed\": ");
		wg_buf_json_str(j, r->failed);
		wg_buf_printf(j, ", \"trace\": ");
		wg_buf_json_str(j, r->trace[0] ? wg_root_rel(r->trace) : "");
		wg_buf_printf(j, ", \"replay\": ");
		wg_buf_json_str(j, r->replay);
	}
	if (r->note[0]) {
		wg_buf_printf(j, ", \"note\": ");
		wg_buf_json_str(j, r->note);
	}
	wg_buf_printf(j, "}");
}

int wg_cmd_prove(int argc, char **argv)
{
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "--model") == 0) {
			/* wg_prove_model_main takes argv[0] = "prove", argv[1] = BLOCK, then the options (pm.h) */
			char **mv = calloc((size_t)argc + 2, sizeof *mv);
			if (!mv)
				wg_die("prove", 1, "out of memory");
			mv[0] = "prove";
			for (int k = 0; k < argc; k++)
				mv[k + 1] = argv[k];
			int rc = wg_prove_model_main(argc + 1, mv);
			free(mv);
			return rc;
		}
	int netlist = 0, inv = 0, miter = 0, no_assume = 0, no_lemmas = 0, ac = 0;
	long timeout = PV_TIMEOUT_DEF, depth = PV_DEPTH_DEF;
	const char *netlist_file = NULL, *props = NULL, *props_dir = NULL, *lemmas = NULL;
	char **av = calloc((size_t)argc + 1, sizeof *av);
	if (!av)
		wg_die("prove", 1, "out of memory");
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		int has_val = strcmp(a, "--timeout") == 0 || strcmp(a, "--depth") == 0 ||
			      strcmp(a, "--netlist-file") == 0 || strcmp(a, "--props") == 0 ||
			      strcmp(a, "--props-dir") == 0 || strcmp(a, "--lemmas") == 0;
		if (has_val && i + 1 >= argc)
			wg_die("prove", 2, "%s needs a value", a);
		if (strcmp(a, "--netlist") == 0)
			netlist = 1;
		else if (strcmp(a, "--invariants") == 0)
			inv = 1;
		else if (strcmp(a, "--miter") == 0)
			miter = 1;
		else if (strcmp(a, "--no-assume") == 0)
			no_assume = 1;
		else if (strcmp(a, "--no-lemmas") == 0)
			no_lemmas = 1;
		else if (strcmp(a, "--lemmas") == 0)
			lemmas = argv[++i];
		else if (strcmp(a, "--timeout") == 0)
			timeout = number(a, argv[++i], 1, 86400);
		else if (strcmp(a, "--depth") == 0)
			depth = number(a, argv[++i], 1, 1000);
		else if (strcmp(a, "--netlist-file") == 0)
			netlist_file = argv[++i];
		else if (strcmp(a, "--props") == 0)
			props = argv[++i];
		else if (strcmp(a, "--props-dir") == 0)
			props_dir = argv[++i];
		else
			av[ac++] = argv[i];
	}
	wg_opts o;
	wg_opts_parse(&o, "prove", ac, av, WG_OPT_SET | WG_OPT_LIBERTY | WG_OPT_JSON | WG_OPT_QUIET);
	if (o.help) {
		usage(&o);
		free(av);
		return 0;
	}
	if (!netlist && !inv)
		wg_die("prove", 2, "say what to prove: --netlist, --invariants or --model (see `warpgen prove --help`)");
	if ((o.liberty || netlist_file || miter || no_assume) && !netlist)
		wg_die("prove", 2, "--liberty, --netlist-file, --miter and --no-assume go with --netlist");
	if ((lemmas || no_lemmas) && !netlist)
		wg_die("prove", 2, "--lemmas and --no-lemmas go with --netlist");
	if (lemmas && no_lemmas)
		wg_die("prove", 2, "--lemmas and --no-lemmas: give one");
	char lemmas_abs[PV_PATH];
	if (lemmas && !realpath(lemmas, lemmas_abs))
		wg_die("prove", 2, "--lemmas %s: no such file", lemmas);
	if (o.liberty && netlist_file)
		wg_die("prove", 2, "--liberty maps the synthesized netlist: it takes no --netlist-file");
	if ((props || props_dir) && !inv)
		wg_die("prove", 2, "--props and --props-dir go with --invariants");
	if (props && props_dir)
		wg_die("prove", 2, "--props and --props-dir: give one");
	char lib[PV_PATH];
	if (o.liberty && !realpath(o.liberty, lib))
		wg_die("prove", 2, "--liberty %s: no such file", o.liberty);
	char props_abs[PV_PATH];
	if (props && !realpath(props, props_abs))
		wg_die("prove", 2, "--props %s: no such file", props);
	char pdir[PV_PATH];
	if (props_dir && !realpath(props_dir, pdir))
		wg_die("prove", 2, "--props-dir %s: no such folder", props_dir);
	if (inv && !props && !pv_has_props(o.block, props_dir ? pdir : NULL))
		wg_die("prove", 2, "%s declares no invariants yet (no rtl_templates/%s_props.v)", o.block->name,
		       o.block->name);
	pv_req q = {.b = o.block, .p = o.p, .timeout_s = (int)timeout, .depth = (int)depth, .always_miter = miter, .no_assume = no_assume,
		    .liberty = o.liberty ? lib : NULL, .netlist_file = netlist_file, .props_file = props ? props_abs : NULL,
		    .props_dir = props_dir ? pdir : NULL, .lemmas_file = lemmas ? lemmas_abs : NULL, .no_lemmas = no_lemmas};
	char cfg[1024], err[2048];
	wg_config_name(o.block, o.p, 0, cfg, sizeof cfg);
	pv_result res[2];
	int nres = 0, rc = 0;
	for (int k = 0; k < 2; k++) {
		if ((k == 0 && !netlist) || (k == 1 && !inv))
			continue;
		pv_result *r = &res[nres];
		memset(r, 0, sizeof *r);
		int code = 1;
		int ok = k == 0 ? pv_netlist(&q, r, &code, err, sizeof err) : pv_invariants(&q, r, &code, err, sizeof err);
		if (ok != 0) {
			free(av);
			wg_die("prove", code, "%s", err);
		}
		print_result(o.block->name, cfg, r, o.quiet);
		fflush(stdout);
		if (r->verdict == PV_CEX || r->verdict == PV_ERROR)
			rc = 1;
		nres++;
	}
	if (o.json) {
		wg_buf j = {0};
		wg_json_result_head(&j, o.block->name, cfg);
		wg_buf_printf(&j, ",\n  \"prove\": [");
		for (int i = 0; i < nres; i++) {
			wg_buf_printf(&j, "%s\n    ", i ? "," : "");
			json_result(&j, &res[i]);
		}
		wg_buf_printf(&j, "\n  ]\n}\n");
		if (wg_write_atomic(o.json, j.s, strlen(j.s), err, sizeof err) != 0) {
			wg_buf_free(&j);
			free(av);
			wg_die("prove", 2, "%s", err);
		}
		wg_buf_free(&j);
	}
	free(av);
	return rc;
}
