/* cmd_cosim.c - `warpgen cosim BLOCK`: co-simulate the generated Verilog
 * (or --rtl FILE) against the block's C model, cycle by cycle.
 *
 * Exit codes: 0 equivalent, 1 mismatch / failed check / assertion / event
 * counts / internal stimulus error, 2 bad input (options, a --rtl file that
 * does not build). */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_covdat.h"
#include "wg_vtool.h"
#include "wg_cmds.h"
#include "wg_cosim_seeds.h"
#include "wg_fcov.h"
#include "wg_explore.h"
#include "wg_gate.h"
#include "wg_netsim64.h"
#include "wg_netsim_dut.h"
#include "wg_gen.h"
#include "wg_harness.h"
#include "wg_report.h"
#include "wg_rtlcheck.h"
#include "wg_vbuild.h"
#include "wg_wave.h"

#define RANDOM_CYCLES 100000L     /* default length of a random run */
#define DIRECTED_CAP 1000000L     /* a directed case that runs longer has a bug */
#define WAVE_LAST 2000L           /* --wave on a random run: dump the last cycles */
#define WIN_BEFORE 20L            /* failure window: cycles before the failure */
#define WIN_AFTER 5L              /* ... and after it */

static void usage(const wg_opts *o)
{
	char def[64], range[128];
	printf("usage: warpgen cosim BLOCK [--set NAME=VALUE]... [--seed S] [--cycles N] [--case NAME]\n"
	       "                     [--knob NAME=VALUE]... [--rtl FILE] [--wave] [--json FILE] [-q] [--list]\n"
	       "                     [--stim FILE]\n"
	       "                     [--gate [--synth full|quick|mapped] [--gate-sim native|verilator] [--blif FILE]\n"
	       "                             [--liberty F] [--seeds N [--lanes L]]]\n"
	       "Co-simulates the generated Verilog (or --rtl FILE, your own implementation of the same top\n"
	       "module and ports) against the block's C model under Verilator, comparing every output bit\n"
	       "every cycle and the energy event counts at the end.\n"
	       "  --seed S      stimulus seed and RTL random initial state (default 1)\n"
	       "  --cycles N    random stimulus: cycles to run (default %ld); directed case: a cap\n"
	       "  --case NAME   a directed case instead of random stimulus (--list shows them)\n"
	       "  --stim FILE   replay the input frames of FILE, one line a cycle (a counterexample of `warpgen\n"
	       "                prove --model`), as a directed case named stim-file (--case stim-file, as the\n"
	       "                replay line writes it, goes with --stim)\n"
	       "  --wave        dump an FST + GTKWave save file (random: the last %ld cycles); with --model-only,\n"
	       "                the C model's ports (inputs, expected outputs) as model.vcd\n"
	       "  --gate        co-simulate the Yosys gate-level netlist (generic gates) instead of the RTL, and\n"
	       "                count the toggles of every net; netlist cached under out/gate/ (docs/cosim.md,\n"
	       "                \"Gate-level co-simulation\")\n"
	       "  --synth F     with --gate: full (default): Yosys `synth -flatten`, optimized; quick: proc,\n"
	       "                flatten, memory, techmap with constant folding (no opt loop, share or ABC: faster\n"
	       "                at large sizes, more cells; checks that the RTL synthesizes as it\n"
	       "                simulates, not Yosys's optimizations; its energy is not a synthesized design's);\n"
	       "                mapped (needs --liberty F): full, then mapped to F's cells (dfflibmap, abc\n"
	       "                -liberty), simulated through the cells' Liberty functions (checks the mapping),\n"
	       "                each library cell priced as itself\n"
	       "  --gate-sim S  native (default): warpgen's gate-level simulator runs netlist.blif, any size;\n"
	       "                verilator: Verilator runs gate.v (netlist + simcells.v models), equivalence only,\n"
	       "                no toggles (builds take minutes above ~30,000 cells)\n"
	       "  --blif FILE   with --gate: simulate this BLIF netlist of Yosys generic cells (`write_blif\n"
	       "                -icells`) instead of synthesizing one\n"
	       "  --seeds N     with --gate (native), random stimulus: run the seeds S..S+N-1 (S: --seed), each\n"
	       "                with its own C model; the verdict, a line per failing seed, and the first\n"
	       "                failing seed replayed alone (its report and replay command)\n"
	       "  --lanes L     with --seeds: run L seeds at once (1..64, default min(N, 64)) in the 64-lane\n"
	       "                simulator (one bit of a word per seed); 1: one at a time (the same verdicts)\n"
	       "  --liberty F   with --gate: price the toggles with the Liberty file F's cells: activity energy\n"
	       "                beside the power-table estimate (the simulated netlist stays the generic one);\n"
	       "                with --synth mapped: the library to map to and to price\n"
	       "  --json FILE   write the result as JSON\n"
	       "  -q            only the verdict line\n"
	       "  --no-window   on a failure, no waveform window around it (the window rebuilds the model\n"
	       "                traced: seconds to a minute; replay with --wave to get it later)\n"
	       "  --coverage F  build the model with Verilator's line and toggle coverage (a build flavour of its\n"
	       "                own) and write the run's coverage data to F (`warpgen coverage BLOCK F...` reports\n"
	       "                it); the verdict is the one without coverage\n"
	       "  --model-only  no RTL: the stimulus and its checks against the C model alone (quick experiments,\n"
	       "                and showing that a directed case's check fails under other parameters); equivalence\n"
	       "                is not checked\n"
	       "exit: 0 equivalent, 1 mismatch or failed check, 2 bad input\n\n",
	       RANDOM_CYCLES, WAVE_LAST);
	if (!o->block)
		return;
	wg_print_params(o->block);
	if (o->stim && o->stim->nknobs) {
		printf("\nrandom-stimulus knobs of %s (--knob NAME=VALUE):\n", o->block->name);
		for (int k = 0; k < o->stim->nknobs; k++) {
			const wg_param_def *d = &o->stim->knobs[k];
			printf("  %-14s %-9s %-12s %s\n", d->name, wg_param_text(d, d->def, def, sizeof def),
			       wg_param_range(d, range, sizeof range), d->help);
		}
	}
	if (o->stim)
		printf("\n%d directed cases: warpgen cosim %s --list\n", o->stim->ncases, o->block->name);
}

static void list_cases(const wg_opts *o)
{
	const wg_stim_def *s = o->stim;
	int wn = 4, ws = 4;
	for (int c = 0; c < s->ncases; c++) {
		int ln = (int)strlen(s->cases[c].name), ls = s->cases[c].spec_ref ? (int)strlen(s->cases[c].spec_ref) : 0;
		wn = ln > wn ? ln : wn;
		ws = ls > ws ? ls : ws;
	}
	printf("directed cases of %s (warpgen cosim %s --case NAME):\n", o->block->name, o->block->name);
	printf("  %-*s  %-*s  %s\n", wn, "NAME", ws, "SPEC", "WHAT HAPPENS, WHAT IS CHECKED [parameters the case sets]");
	for (int c = 0; c < s->ncases; c++) {
		const wg_case_def *d = &s->cases[c];
		printf("  %-*s  %-*s  %s", wn, d->name, ws, d->spec_ref ? d->spec_ref : "", d->help);
		if (d->expect_fail) /* tests/list_tests.sh leaves these out of its case loops by this mark */
			printf(" (negative: must fail with '%s')", d->expect_fail);
		printf("%s%s%s\n", d->params ? " [" : "", d->params ? d->params : "", d->params ? "]" : "");
	}
}

/* out/cosim/<block>/<config>[/rtl-<hash of the --rtl path>]/<seed-S | case-NAME>:
 * runs of different user RTL never share a folder. */
static int wave_dir(const wg_run_info *ri, char *buf, size_t n)
{
	char err[512], rtl[32] = "";
	const wg_opts *o = ri->o;
	if (o->rtl)
		snprintf(rtl, sizeof rtl, "/rtl-%08llx",
			 (unsigned long long)(wg_fnv_part(WG_FNV_INIT, o->rtl, strlen(o->rtl)) & 0xffffffffu));
	if (o->case_idx >= 0)
		snprintf(buf, n, "%s/cosim/%s/%s%s/case-%s", wg_out_dir(), o->block->name, ri->config_path, rtl,
			 o->stim->cases[o->case_idx].name);
	else
		snprintf(buf, n, "%s/cosim/%s/%s%s/seed-%llu", wg_out_dir(), o->block->name, ri->config_path, rtl,
			 (unsigned long long)o->seed);
	if (wg_mkdirs(buf, err, sizeof err) != 0) {
		fprintf(stderr, "warpgen cosim: %s\n", err);
		return -1;
	}
	return 0;
}

static void write_gtkw(const wg_run_info *ri, const char *cache_dir, const char *fst, const char *gtkw, long from,
		       long to, long marker, const char *marker_name, const char *what)
{
	char title[6144], err[1024];
	const wg_opts *o = ri->o;
	wg_trace_names *names = wg_trace_names_of_build(cache_dir, o->top, o->block);
	if (!names->found && !o->quiet)
		fprintf(stderr, "warpgen cosim: note: %s: port names not in the trace declarations, the save file assumes them\n",
			cache_dir);
	snprintf(title, sizeof title, "%s %s %s seed=%llu%s%s: %s", o->block->name, ri->config,
		 o->case_idx >= 0 ? o->stim->cases[o->case_idx].name : "random", (unsigned long long)o->seed,
		 ri->rtl_abs[0] ? " rtl=" : "", ri->rtl_abs, what);
	wg_gtkw_spec s = {.b = o->block, .L = ri->L, .top = o->top, .title = title,
			  .about = o->case_idx >= 0 ? o->stim->cases[o->case_idx].help : NULL, .fst = fst, .gtkw = gtkw,
			  .from = from, .to = to, .names = names,
			  /* a case's focus signals (a user's --rtl may name its registers otherwise) */
			  .focus = o->case_idx >= 0 && !ri->rtl_abs[0] ? o->stim->cases[o->case_idx].focus : NULL};
	if (marker >= 0 && marker_name) {
		s.nmarkers = 1;
		s.markers[0].cycle = marker;
		snprintf(s.markers[0].name, sizeof s.markers[0].name, "%s", marker_name);
	}
	if (wg_gtkw_write(&s, err, sizeof err) != 0)
		fprintf(stderr, "warpgen cosim: %s\n", err);
	free(names);
}

/* Re-run the failing seed with the traced build and dump cycles
 * [C-20, C+5] around the failing cycle C. */
static void failure_window(wg_run_info *ri, const wg_harness_cfg *cfg0, const wg_harness_res *r)
{
	const wg_opts *o = ri->o;
	char dir[WG_PATH - 64], fst[WG_PATH], gtkw[WG_PATH], name[128];
	long c = r->fail_cycle;
	wg_vbuild_req rq = {.block = o->block, .p = o->p, .L = ri->L, .top = o->top, .rtl = o->rtl,
			    .gparams = ri->gparams, .flavour = WG_FLAVOUR_FST, .quiet = 0};
	wg_vbuild_res rs;
	wg_dut_lib lib;
	if (wave_dir(ri, dir, sizeof dir) != 0)
		return;
	if (wg_vbuild_load(&rq, &rs, &lib) != 0) {
		fprintf(stderr, "warpgen cosim: no waveform window (the traced build failed)\n");
		return;
	}
	const char *base = r->verdict == WG_V_MISMATCH ? "mismatch" : "failure";
	snprintf(fst, sizeof fst, "%s/%s.fst", dir, base);
	snprintf(gtkw, sizeof gtkw, "%s/%s.gtkw", dir, base);
	wg_harness_cfg cfg = *cfg0;
	cfg.dut = &lib;
	cfg.trace_from = c > WIN_BEFORE ? c - WIN_BEFORE : 0;
	cfg.trace_to = c + WIN_AFTER;
	cfg.run_on = WIN_AFTER;
	char mvcd[WG_PATH]; /* the C model's side of the same cycles, beside the RTL's window */
	snprintf(mvcd, sizeof mvcd, "%s/%s-model.vcd", dir, base);
	cfg.model_vcd = mvcd;
	wg_harness_res r2;
	int ran = wg_wave_run(&cfg, fst, &r2) == 0;
	if (!ran || !r2.traced) {
		fprintf(stderr, "warpgen cosim: the traced replay wrote no waveform\n");
		wg_harness_res_free(&r2);
		return;
	}
	if (r2.verdict != r->verdict || r2.fail_cycle != c)
		printf("  note: the traced replay ended with %s at cycle %ld, not %s at cycle %ld\n",
		       wg_verdict_name(r2.verdict), r2.fail_cycle, wg_verdict_name(r->verdict), c);
	else if (r->verdict == WG_V_MISMATCH &&
		 memcmp(r2.out_v, r->out_v, (size_t)ri->L->nwords[WG_OUT] * sizeof *r->out_v) != 0)
		printf("  note: the traced build starts from other random initial values, so the RTL values in the\n"
		       "        window differ from those above (the failure comes from state that reset leaves unset)\n");
	long to = cfg.trace_to < r2.cycles - 1 ? cfg.trace_to : r2.cycles - 1;
	snprintf(name, sizeof name, "%s at cycle %ld (the first failing cycle)", base, c);
	write_gtkw(ri, rs.dir, fst, gtkw, cfg.trace_from, to, c, name, base);
	snprintf(ri->win_fst, sizeof ri->win_fst, "%s", fst);
	snprintf(ri->win_gtkw, sizeof ri->win_gtkw, "%s", gtkw);
	if (access(mvcd, R_OK) == 0)
		snprintf(ri->model_vcd, sizeof ri->model_vcd, "%s", mvcd);
	wg_harness_res_free(&r2);
}

static int exit_code(wg_verdict v)
{
	return v == WG_V_PASS ? 0 : v == WG_V_SETUP ? 2 : 1;
}

/* The gate-level run's netlist simulator and result (NULL: an RTL run). */
static void free_gate(wg_gate_res *g, wg_ns_dut *nsd)
{
	if (!g)
		return;
	if (nsd)
		wg_ns_dut_free(nsd);
	free(nsd);
	wg_gate_free(g);
	free(g);
}

/* A failed build or output folder (the message is out): free what the command holds, exit 2. */
static int give_up(wg_run_info *ri, wg_layout *L, char **av, wg_gate_res *g, wg_ns_dut *nsd)
{
	free_gate(g, nsd);
	free(ri);
	free(L);
	free(av);
	return 2;
}

int wg_cmd_cosim(int argc, char **argv)
{
	wg_opts o;
	/* --model-only, --gate, --synth, --gate-sim, --blif and --no-window are this command's own options; the
	 * rest is the common set */
	int model_only = 0, gate = 0, no_window = 0, ac = 0, case_stim = 0;
	const char *gate_sim = NULL, *blif = NULL, *synth = NULL, *cov = NULL, *stim_file = NULL;
	const char *seeds_s = NULL, *lanes_s = NULL; /* --seeds N, --lanes L (wg_cosim_seeds.h) */
	char **av = wg_xcalloc((size_t)(argc + 1) * sizeof *av);
	for (int i = 0; i < argc; i++) {
		const char **val = strcmp(argv[i], "--gate-sim") == 0 ? &gate_sim
				   : strcmp(argv[i], "--blif") == 0   ? &blif
				   : strcmp(argv[i], "--synth") == 0  ? &synth
				   : strcmp(argv[i], "--coverage") == 0 ? &cov
				   : strcmp(argv[i], "--stim") == 0     ? &stim_file
				   : strcmp(argv[i], "--seeds") == 0    ? &seeds_s
				   : strcmp(argv[i], "--lanes") == 0    ? &lanes_s
								      : NULL;
		if (val) {
			if (i + 1 >= argc)
				wg_die("cosim", 2, "%s needs a value", argv[i]);
			*val = argv[++i];
		} else if (strcmp(argv[i], "--case") == 0 && i + 1 < argc && strcmp(argv[i + 1], "stim-file") == 0) {
			case_stim = 1; /* the name --stim's case has in a replay line: --stim gives it */
			i++;
		} else if (strcmp(argv[i], "--model-only") == 0) {
			model_only = 1;
		} else if (strcmp(argv[i], "--gate") == 0) {
			gate = 1;
		} else if (strcmp(argv[i], "--no-window") == 0) {
			no_window = 1;
		} else {
			av[ac++] = argv[i];
		}
	}
	argc = ac;
	argv = av;
	wg_opts_parse(&o, "cosim", argc, argv,
		      WG_OPT_SET | WG_OPT_SEED | WG_OPT_CYCLES | WG_OPT_CASE | WG_OPT_RTL | WG_OPT_WAVE | WG_OPT_KNOB |
			      WG_OPT_QUIET | WG_OPT_JSON | WG_OPT_LIST | WG_OPT_LIBERTY);
	if (o.help || o.list) { /* (o points into argv, not av) */
		free(av);
		if (o.help)
			usage(&o);
		else if (!o.stim)
			wg_die("cosim", 2, "%s has no stimulus generator", o.block->name);
		else {
			list_cases(&o);
			if (o.stim->ncov) {
				printf("\n");
				wg_fcov_list(stdout, o.stim);
			}
		}
		return 0;
	}
	if (!o.stim)
		wg_die("cosim", 2, "%s has no stimulus generator", o.block->name);
	wg_run_info *ri = wg_xcalloc(sizeof *ri);
	wg_layout *L = wg_xcalloc(sizeof *L);
	wg_layout_init(L, o.block, o.p);
	if (case_stim && !stim_file)
		wg_die("cosim", 2, "--case stim-file is the case of --stim FILE: give the file");
	if (stim_file) { /* the frames of a file as a directed case (cosim/gate/wg_explore.h) */
		char serr[1024];
		if (o.case_idx >= 0)
			wg_die("cosim", 2, "--stim replays a file: it takes no --case");
		o.stim = wg_xp_replay_stim(o.block, L, stim_file, serr, sizeof serr);
		if (!o.stim)
			wg_die("cosim", 2, "%s", serr);
		o.case_idx = 0;
	}
	ri->o = &o;
	ri->L = L;
	ri->model_only = model_only;
	wg_config_name(o.block, o.p, 0, ri->config, sizeof ri->config);
	wg_config_name(o.block, o.p, 1, ri->config_path, sizeof ri->config_path);
	if (model_only && (o.rtl || o.json))
		wg_die("cosim", 2, "--model-only runs no RTL: it takes no --rtl or --json (an equivalence record)");
	if (gate && (model_only || o.rtl))
		wg_die("cosim", 2, "--gate co-simulates the synthesized netlist: it takes no --model-only or --rtl (to run a "
				   "netlist file, give it as --rtl without --gate)");
	if (cov && (gate || model_only || o.wave))
		wg_die("cosim", 2, "--coverage measures the Verilated RTL: it takes no %s",
		       gate ? "--gate" : model_only ? "--model-only" : "--wave (a build is traced or covered, not both)");
	/* the stimulus refuses the configuration (a directed case given a --set its scenario cannot run
	 * with, a bad knob) before any synthesis or Verilator build: one line, exit 2 */
	if (o.stim) {
		char perr[1024];
		if (wg_harness_precheck(o.stim, o.p, L, o.knobs, o.case_idx, o.seed, perr, sizeof perr))
			wg_die("cosim", 2, "%s", perr);
	}
	wg_contra_say(&o);
	char cov_tmp[WG_PATH + 32] = "";
	if (cov) { /* the data goes to a temporary name, renamed to FILE after the run: no partial output */
		snprintf(cov_tmp, sizeof cov_tmp, "%s.tmp%ld", cov, (long)getpid());
		FILE *f = fopen(cov_tmp, "w");
		if (!f)
			wg_die("cosim", 2, "--coverage: cannot write %s: %s", cov, strerror(errno));
		fclose(f);
		unlink(cov_tmp);
	}
	if (o.json) { /* can the result be written? Asked now, not after the run (the same probe as --coverage) */
		char probe[WG_PATH];
		if (!o.json[0])
			wg_die("cosim", 2, "--json: the file name is empty");
		wg_tmp_name(o.json, probe, sizeof probe);
		FILE *f = fopen(probe, "w");
		if (!f)
			wg_die("cosim", 2, "--json: cannot write %s: %s", o.json, strerror(errno));
		fclose(f);
		unlink(probe);
	}
	if ((gate_sim || blif || synth) && !gate)
		wg_die("cosim", 2, "%s goes with --gate", gate_sim ? "--gate-sim" : blif ? "--blif" : "--synth");
	if (synth && wg_synth_flow_parse(synth) < 0)
		wg_die("cosim", 2, "--synth: %s is not full, quick or mapped", synth);
	if (synth && blif)
		wg_die("cosim", 2, "--synth: a --blif netlist is not synthesized");
	const wg_synth_flow flow = synth ? (wg_synth_flow)wg_synth_flow_parse(synth) : WG_SYNTH_FULL;
	if (gate_sim && strcmp(gate_sim, "native") != 0 && strcmp(gate_sim, "verilator") != 0)
		wg_die("cosim", 2, "--gate-sim: %s is not native or verilator", gate_sim);
	const int native = gate && (!gate_sim || strcmp(gate_sim, "native") == 0);
	if (blif && !native)
		wg_die("cosim", 2, "--blif is simulated natively: it takes no --gate-sim verilator");
	if (flow == WG_SYNTH_MAPPED && !o.liberty)
		wg_die("cosim", 2, "--synth mapped needs --liberty FILE (the library to map to)");
	if (o.liberty && !native && flow != WG_SYNTH_MAPPED)
		wg_die("cosim", 2, "--liberty goes with --gate (native: the toggles it prices come from that simulator)");
	if (o.liberty && access(o.liberty, R_OK) != 0)
		wg_die("cosim", 2, "--liberty: cannot read %s: %s", o.liberty, strerror(errno));
	char lib_abs[2048];
	if (o.liberty)
		wg_abs_path(o.liberty, lib_abs, sizeof lib_abs);
	if (native && o.wave)
		wg_die("cosim", 2, "--wave: the native gate-level simulator writes no dumps; use --gate --gate-sim verilator "
				   "--wave on a small configuration");
	long nseeds = 0, lanes = 0; /* 0: one seed, the usual run */
	if (seeds_s || lanes_s) {
		char *e;
		if (seeds_s) {
			nseeds = strtol(seeds_s, &e, 10);
			if (*e || e == seeds_s || nseeds < 1 || nseeds > WG_SEEDS_MAX)
				wg_die("cosim", 2, "--seeds: %s is not a number of seeds in 1..%ld", seeds_s, WG_SEEDS_MAX);
		}
		if (lanes_s) {
			lanes = strtol(lanes_s, &e, 10);
			if (*e || e == lanes_s || lanes < 1 || lanes > WG_NW_LANES)
				wg_die("cosim", 2, "--lanes: %s is not a number of lanes in 1..%d", lanes_s, WG_NW_LANES);
		}
		if (!nseeds)
			nseeds = lanes;
		if (!lanes)
			lanes = nseeds < WG_NW_LANES ? nseeds : WG_NW_LANES;
		if (!native)
			wg_die("cosim", 2, "--%s runs the native gate-level simulator: it goes with --gate (not --gate-sim "
					   "verilator)", seeds_s ? "seeds" : "lanes");
		if (o.case_idx >= 0 || stim_file || o.json || o.liberty)
			wg_die("cosim", 2, "--%s runs random stimulus and reports verdicts: it takes no %s", seeds_s ? "seeds" : "lanes",
			       o.case_idx >= 0 ? "--case" : stim_file ? "--stim" : o.json ? "--json" : "--liberty");
	}
	wg_gate_res *g = gate ? wg_xcalloc(sizeof *g) : NULL;
	wg_ns_dut *nsd = native ? wg_xcalloc(sizeof *nsd) : NULL;
	if (gate) {
		char gerr[1024];
		int code = 2;
		if (blif ? wg_gate_load(g, blif, gerr, sizeof gerr) != 0
			 : wg_gate_synth(o.block, o.p, o.top, flow, o.liberty ? lib_abs : NULL, !native, g, &code, gerr,
					 sizeof gerr) != 0)
			wg_die("cosim", code, "--gate: %s", gerr);
		if (native && wg_ns_dut_init(nsd, &g->nl, o.block, L, gerr, sizeof gerr) != 0)
			wg_die("cosim", 2, "--gate: %s: %s", g->netlist, gerr);
		if (!native)
			o.rtl = g->sim; /* made absolute into ri->rtl_abs below, like a --rtl file */
		if (o.liberty && native) {
			g->have_lib = 1;
			snprintf(g->lib_path, sizeof g->lib_path, "%s", o.liberty);
		}
		snprintf(ri->gate_args, sizeof ri->gate_args, " --gate%s%s%s%s%s%s", native ? "" : " --gate-sim verilator",
			 flow == WG_SYNTH_QUICK ? " --synth quick" : flow == WG_SYNTH_MAPPED ? " --synth mapped" : "",
			 blif ? " --blif " : "", blif ? blif : "", flow == WG_SYNTH_MAPPED ? " --liberty " : "",
			 flow == WG_SYNTH_MAPPED ? lib_abs : "");
	}
	if (o.rtl) {
		if (access(o.rtl, R_OK) != 0)
			wg_die("cosim", 2, "--rtl: cannot read %s: %s", o.rtl, strerror(errno));
		wg_abs_path(o.rtl, ri->rtl_abs, sizeof ri->rtl_abs);
		o.rtl = ri->rtl_abs;
		/* the user's top: this configuration's parameters as -G, its ports' widths (a gate.v has neither) */
		if (!gate && wg_rtlcheck(o.block, o.p, L, o.top, o.rtl, ri->gparams, sizeof ri->gparams) != 0)
			return give_up(ri, L, av, g, nsd);
	}
	if (stim_file) { /* the replay line (wg_replay_cmd) names the file after the gate or --rtl options */
		char sabs[2048];
		size_t gl = strlen(ri->gate_args);
		wg_abs_path(stim_file, sabs, sizeof sabs);
		if (!gate && ri->rtl_abs[0])
			gl += (size_t)snprintf(ri->gate_args + gl, sizeof ri->gate_args - gl, " --rtl %s", ri->rtl_abs);
		if (gl < sizeof ri->gate_args)
			snprintf(ri->gate_args + gl, sizeof ri->gate_args - gl, " --stim %s", sabs);
	}
	const int directed = o.case_idx >= 0;
	ri->cycles_req = directed ? o.cycles : (o.cycles >= 0 ? o.cycles : RANDOM_CYCLES);
	char err[1024];
	ri->energy_ok = wg_energy_model_init(&ri->em, o.block, o.p, err, sizeof err) == 0;
	if (!ri->energy_ok)
		snprintf(ri->energy_note, sizeof ri->energy_note, "%s", err);

	if (!o.quiet && !nseeds) {
		printf("cosim %s %s%s%s seed=%llu", o.block->name, ri->config, directed ? " case=" : "",
		       directed ? o.stim->cases[o.case_idx].name : "", (unsigned long long)o.seed);
		if (ri->cycles_req >= 0)
			printf(" cycles=%ld", ri->cycles_req);
		printf("%s%s%s\n", o.rtl ? " rtl=" : "", o.rtl ? o.rtl : "", model_only ? " (C model only, no RTL)" : "");
		fflush(stdout);
	}
	wg_vbuild_req rq = {.block = o.block, .p = o.p, .L = L, .top = o.top, .rtl = o.rtl, .gparams = ri->gparams,
			    .flavour = o.wave ? WG_FLAVOUR_FST : cov ? WG_FLAVOUR_COV : WG_FLAVOUR_FAST, .quiet = 0};
	wg_vbuild_res rs = {0};
	wg_dut_lib lib;
	if (native)
		wg_ns_dut_lib(nsd, &lib);
	else if (!model_only && wg_vbuild_load(&rq, &rs, &lib) != 0)
		return give_up(ri, L, av, g, nsd);
	if (nseeds) { /* many seeds, `lanes` at a time (wg_cosim_seeds.h) */
		int rc = wg_cosim_seeds(ri, &o, &lib, nsd, nseeds, (int)lanes);
		free_gate(g, nsd);
		free(ri);
		free(L);
		free(av);
		return rc;
	}
	if (cov) {
		int (*cov_file)(const char *path);
		void *sym = dlsym(lib.so, "wg_shim_cov_file");
		memcpy(&cov_file, &sym, sizeof cov_file);
		if (!sym || cov_file(cov_tmp) != 0) {
			fprintf(stderr, "warpgen cosim: --coverage: %s has no coverage writer (stale build?)\n", rs.lib);
			return give_up(ri, L, av, g, nsd);
		}
	}

	wg_harness_cfg cfg = {.b = o.block, .stim = o.stim, .p = o.p, .knobs = o.knobs, .L = L, .case_idx = o.case_idx,
			      .seed = o.seed, .dut = model_only ? NULL : &lib, .trace_path = NULL, .trace_from = -1,
			      .trace_to = -1};
	cfg.max_cycles = directed ? (o.cycles >= 0 ? o.cycles : DIRECTED_CAP) : ri->cycles_req;
	cfg.directed_cap_fails = directed && o.cycles < 0;
	char dir[WG_PATH - 64], fst[WG_PATH], gtkw[WG_PATH], mvcd[WG_PATH];
	if (o.wave) {
		if (wave_dir(ri, dir, sizeof dir) != 0)
			return give_up(ri, L, av, g, nsd);
		snprintf(fst, sizeof fst, "%s/wave.fst", dir);
		snprintf(gtkw, sizeof gtkw, "%s/wave.gtkw", dir);
		snprintf(mvcd, sizeof mvcd, "%s/model.vcd", dir);
		if (model_only) /* no RTL to dump: the C model's ports (docs/cosim.md) */
			cfg.model_vcd = mvcd;
		unlink(fst);
		cfg.trace_from = !directed && cfg.max_cycles > WAVE_LAST ? cfg.max_cycles - WAVE_LAST : 0;
		cfg.trace_to = cfg.max_cycles;
	}
	wg_harness_res r;
	if ((o.wave && !model_only ? wg_wave_run(&cfg, fst, &r) : wg_harness_run(&cfg, &r)) != 0)
		wg_die("cosim", 2, native ? "cannot create the gate-level simulator" : "cannot create the Verilated model");
	char cov_mark[WG_PATH + 48] = ""; /* the counters at the first reset edge (the cov shim) */
	if (cov)
		snprintf(cov_mark, sizeof cov_mark, "%s" WG_COVDAT_MARK, cov_tmp);
	if (r.verdict == WG_V_SETUP) {
		if (cov) {
			unlink(cov_tmp);
			unlink(cov_mark);
		}
		wg_die("cosim", 2, "%s", r.msg);
	}
	if (cov && access(cov_mark, F_OK) == 0) { /* toggles from the first reset edge on (wg_covdat.c) */
		char cerr[1024];
		if (wg_covdat_since_reset(cov_tmp, cov_mark, cerr, sizeof cerr) != 0)
			fprintf(stderr, "warpgen cosim: --coverage: %s\n", cerr);
		unlink(cov_mark);
	}
	if (cov && rename(cov_tmp, cov) != 0) /* written by the shim when the harness destroyed the model */
		fprintf(stderr, "warpgen cosim: --coverage: no coverage data written to %s: %s\n", cov, strerror(errno));
	if (native) {
		wg_gate_set_toggles(g, nsd->tog, nsd->cycles);
		wg_gate_set_clock_on(g, nsd->clk_on);
		if (g->have_lib) { /* activity energy beside the power-table estimate */
			g->en.table_ok = ri->energy_ok;
			if (ri->energy_ok) {
				g->en.table_pj = wg_energy_total(&ri->em, r.ev_c, (uint64_t)r.cycles, NULL);
				int ng = 0;
				for (int e = 0; e < ri->em.nevents; e++)
					ng += ri->em.not_given[e] && r.ev_c[e] > 0;
				if (ng)
					snprintf(g->en.table_note, sizeof g->en.table_note,
						 "partial: %d counted events not given by the papers are priced 0", ng);
			} else
				snprintf(g->en.table_note, sizeof g->en.table_note, "n/a: %.140s", ri->energy_note);
			int tclk = ri->energy_ok && ri->em.clock_ghz > 0;
			if (wg_gate_activity(g, tclk ? 1 / ri->em.clock_ghz : 1.0,
					     tclk ? "the power tables' clock" : "assumed 1 GHz", err, sizeof err) != 0)
				fprintf(stderr, "warpgen cosim: --gate --liberty: no activity energy: %s\n", err);
		}
	}
	if (o.wave && model_only && access(mvcd, R_OK) == 0)
		snprintf(ri->model_vcd, sizeof ri->model_vcd, "%s", mvcd);
	if (o.wave && r.traced) {
		long mk = r.verdict != WG_V_PASS && r.fail_cycle < r.cycles ? r.fail_cycle : r.key_cycle;
		long to = cfg.trace_to < r.cycles - 1 ? cfg.trace_to : r.cycles - 1;
		write_gtkw(ri, rs.dir, fst, gtkw, cfg.trace_from, to, mk, mk < 0 ? NULL : r.verdict != WG_V_PASS ? "failure" : "key",
			   directed ? "whole case" : "last cycles");
		snprintf(ri->wave_fst, sizeof ri->wave_fst, "%s", fst);
		snprintf(ri->wave_gtkw, sizeof ri->wave_gtkw, "%s", gtkw);
	}
	if (r.verdict == WG_V_PASS) {
		wg_report_pass(ri, &r);
		if (gate)
			wg_gate_print(g, native ? "warpgen's gate-level simulator" : "Verilator (gate.v)", o.quiet);
	} else {
		wg_report_failure(ri, &r);
		fflush(stdout);
		int in_cycle = r.fail_cycle >= 0 && r.fail_cycle < r.cycles;
		if (!model_only && !native && !no_window && in_cycle &&
		    (r.verdict == WG_V_MISMATCH || r.verdict == WG_V_ASSERT || r.verdict == WG_V_CHECK))
			failure_window(ri, &cfg, &r);
		wg_report_followup(ri);
	}
	if (!o.quiet)
		wg_fcov_print(stdout, o.stim, &r);
	int json_bad = 0; /* the result could not be written (a full disk): exit 2, whatever the verdict */
	if (o.json && wg_report_json(ri, &r, o.json, err, sizeof err) != 0)
		json_bad = 1;
	else if (o.json && gate && wg_gate_json(g, native ? "native" : "verilator", o.json, err, sizeof err) != 0)
		json_bad = 1;
	else if (o.json && wg_fcov_json(o.stim, &r, o.json, err, sizeof err) != 0)
		json_bad = 1;
	if (json_bad) { /* no part of a result left behind */
		unlink(o.json);
		fprintf(stderr, "warpgen cosim: --json: %s\n", err);
	}
	free_gate(g, nsd);
	int rc = json_bad ? 2 : exit_code(r.verdict);
	wg_harness_res_free(&r);
	free(ri);
	free(L);
	free(av);
	return rc;
}
