/* pm_main.c - `warpgen prove BLOCK --model`: options, the netlist, the
 * verdict line, the counterexample's stimulus file and replay commands, the
 * JSON record. See pm.h; the exploration is cosim/gate/wg_explore.c. */
#include "pm.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_explore.h"
#include "wg_gate.h"
#include "wg_netsim_dut.h"
#include "wg_root.h"

#define PM_CMD "prove --model"
#define PM_PATH 4096

static void usage(void)
{
	printf("usage: warpgen prove BLOCK [--set NAME=VALUE]... --model [--narrow PORT=BITS]... [--seed S]\n"
	       "                     [--max-states N] [--max-seconds S] [--blif FILE] [--json FILE] [-q]\n"
	       "Explores the product of the C model and the synthesized netlist (Yosys full flow, the netlist of\n"
	       "`warpgen cosim --gate`, cached; warpgen's gate-level simulator) breadth-first from reset over every\n"
	       "input frame the C model's protocol check accepts, comparing every output bit and the per-cycle\n"
	       "event counts on every transition, until no new joint state appears (docs/cosim.md, \"Exhaustive\n"
	       "C-model equivalence\").\n"
	       "  --narrow PORT=BITS  enumerate BITS bits of input PORT, bit j following bit j %% BITS (1: all zeros\n"
	       "                      or all ones; 0: held 0): the data reduction of a port the block only stores\n"
	       "                      and forwards, or ignores (argued per block in docs/cosim.md)\n"
	       "  --seed S            the netlist's random initial flip-flop values, as cosim --gate --seed S (default 1)\n"
	       "  --max-states N      stop (not proven, exit 1) beyond N joint states (default 10000000)\n"
	       "  --max-seconds S     stop (not proven, exit 1) after S seconds (default: no limit)\n"
	       "  --blif FILE         explore this BLIF netlist (Yosys generic cells) instead: your own flow, or a mutant\n"
	       "  --json FILE         write the verdict as JSON\n"
	       "A counterexample is written as a stimulus file (out/prove/BLOCK/CONFIG/model-cex.stim) that\n"
	       "`warpgen cosim BLOCK ... --stim FILE` replays; the replay commands are printed.\n"
	       "exit: 0 equivalent on every reachable state, 1 counterexample or bound reached, 2 bad input\n");
}

static long num(const char *opt, const char *s, long lo, long hi)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (!*s || *end || errno || v < lo || v > hi)
		wg_die(PM_CMD, 2, "%s %s is not a number in %ld..%ld", opt, s, lo, hi);
	return v;
}

static void json_out(const char *path, const wg_block *b, const char *config, const wg_xp_res *r, uint64_t seed,
		     const char *netlist, const char *stim)
{
	static const char *const vname[] = {"equivalent", "counterexample", "bound"};
	wg_buf j = {0};
	char err[512];
	wg_buf_printf(&j, "{\n  \"kind\": \"model\",\n  \"block\": ");
	wg_buf_json_str(&j, b->name);
	wg_buf_printf(&j, ",\n  \"config\": ");
	wg_buf_json_str(&j, config);
	wg_buf_printf(&j, ",\n  \"verdict\": \"%s\",\n  \"states\": %ld,\n  \"transitions\": %ld,\n  \"illegal\": %ld,\n"
			  "  \"depth\": %d,\n  \"input_bits\": %d,\n  \"flops\": %ld,\n  \"model_bytes\": %ld,\n"
			  "  \"seed\": %llu,\n  \"seconds\": %.3f,\n  \"netlist\": ",
		      vname[r->verdict], r->states, r->transitions, r->illegal, r->depth, r->in_bits, r->flops, r->model_bytes,
		      (unsigned long long)seed, r->seconds);
	wg_buf_json_str(&j, netlist);
	wg_buf_printf(&j, ",\n  \"message\": ");
	wg_buf_json_str(&j, r->msg);
	if (r->verdict == WG_XP_CEX) {
		wg_buf_printf(&j, ",\n  \"cex_cycles\": %ld,\n  \"stim\": ", r->cex_len);
		wg_buf_json_str(&j, stim);
	}
	wg_buf_printf(&j, "\n}\n");
	if (wg_write_atomic(path, j.s, j.len, err, sizeof err) != 0)
		fprintf(stderr, "warpgen %s: %s\n", PM_CMD, err);
	wg_buf_free(&j);
}

int wg_prove_model_main(int argc, char **argv)
{
	long max_states = 10000000L, max_seconds = 0;
	int model = 0, ac = 0, nnarrow = 0;
	uint64_t seed = 1;
	const char *blif = NULL, *narrow[WG_MAX_PORTS];
	char **av = wg_xcalloc(((size_t)argc + 1) * sizeof *av);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int has_val = strcmp(a, "--max-states") == 0 || strcmp(a, "--max-seconds") == 0 ||
			      strcmp(a, "--blif") == 0 || strcmp(a, "--narrow") == 0 || strcmp(a, "--seed") == 0;
		if (has_val && i + 1 >= argc)
			wg_die(PM_CMD, 2, "%s needs a value", a);
		if (strcmp(a, "--model") == 0)
			model = 1;
		else if (strcmp(a, "--max-states") == 0)
			max_states = num(a, argv[++i], 1, 2000000000L);
		else if (strcmp(a, "--max-seconds") == 0)
			max_seconds = num(a, argv[++i], 1, 100000000L);
		else if (strcmp(a, "--seed") == 0)
			seed = (uint64_t)num(a, argv[++i], 0, 2147483647L);
		else if (strcmp(a, "--blif") == 0)
			blif = argv[++i];
		else if (strcmp(a, "--narrow") == 0) {
			if (nnarrow == WG_MAX_PORTS)
				wg_die(PM_CMD, 2, "--narrow: at most %d", WG_MAX_PORTS);
			narrow[nnarrow++] = argv[++i];
		} else
			av[ac++] = argv[i];
	}
	wg_opts o;
	wg_opts_parse(&o, PM_CMD, ac, av, WG_OPT_SET | WG_OPT_JSON | WG_OPT_QUIET);
	free(av);
	if (o.help) {
		usage();
		return 0;
	}
	if (!model)
		wg_die(PM_CMD, 2, "--model missing (wg_prove_model_main is called for `warpgen prove BLOCK --model`)");
	const wg_block *b = o.block;
	if (!b->model_eval || b->comp)
		wg_die(PM_CMD, 2, "%s is a composition: explore its leaf blocks (docs/cosim.md, \"Exhaustive C-model "
				  "equivalence\")", b->name);
	wg_layout *L = wg_xcalloc(sizeof *L);
	wg_layout_init(L, b, o.p);
	int keep[WG_MAX_PORTS];
	for (int p = 0; p < WG_MAX_PORTS; p++)
		keep[p] = -1;
	for (int i = 0; i < nnarrow; i++) {
		char name[128];
		const char *eq = strchr(narrow[i], '=');
		if (!eq || eq == narrow[i] || (size_t)(eq - narrow[i]) >= sizeof name)
			wg_die(PM_CMD, 2, "--narrow %s is not PORT=BITS", narrow[i]);
		memcpy(name, narrow[i], (size_t)(eq - narrow[i]));
		name[eq - narrow[i]] = '\0';
		int p = wg_port_index(b, name);
		if (p < 0 || b->ports[p].dir != WG_IN || p == 0)
			wg_die(PM_CMD, 2, "--narrow: %s is not an input port of %s (rst_i excluded)", name, b->name);
		keep[p] = (int)num("--narrow", eq + 1, 0, L->width[p]);
	}
	int bits = 0;
	for (int p = 0; p < b->nports; p++)
		if (b->ports[p].dir == WG_IN)
			bits += keep[p] >= 0 && keep[p] < L->width[p] ? keep[p] : L->width[p];
	if (bits > WG_XP_MAX_BITS) { /* name the widest ports */
		char wide[512] = "";
		size_t used = 0;
		int done[WG_MAX_PORTS] = {0};
		for (int r = 0; r < 4; r++) {
			int best = -1, bw = 0;
			for (int p = 1; p < b->nports; p++) {
				int w = keep[p] >= 0 && keep[p] < L->width[p] ? keep[p] : L->width[p];
				if (b->ports[p].dir == WG_IN && !done[p] && w > bw)
					best = p, bw = w;
			}
			if (best < 0 || bw < 2)
				break;
			done[best] = 1;
			used += (size_t)snprintf(wide + used, used < sizeof wide ? sizeof wide - used : 0, "%s%s=%d",
						 r ? ", " : "", b->ports[best].name, bw);
		}
		wg_die(PM_CMD, 2, "%s: %d input bits to enumerate per state (at most %d; widest: %s): smaller parameters, "
				  "or --narrow PORT=BITS on data ports", b->name, bits, WG_XP_MAX_BITS, wide);
	}
	char config[512], cpath[512], sets[1024] = "", v[64];
	wg_config_name(b, o.p, 0, config, sizeof config);
	wg_config_name(b, o.p, 1, cpath, sizeof cpath);
	{
		long def[WG_MAX_PARAMS];
		size_t used = 0;
		wg_params_default(b, def);
		for (int i = 0; i < b->nparams; i++)
			if (o.p[i] != def[i])
				used += (size_t)snprintf(sets + used, used < sizeof sets ? sizeof sets - used : 0, " --set %s=%s",
							 b->params[i].name, wg_param_text(&b->params[i], o.p[i], v, sizeof v));
	}
	wg_gate_res *g = wg_xcalloc(sizeof *g);
	char err[1024];
	int code = 2;
	if (blif ? wg_gate_load(g, blif, err, sizeof err) != 0
		 : wg_gate_synth(b, o.p, o.top, WG_SYNTH_FULL, NULL, 0, g, &code, err, sizeof err) != 0)
		wg_die(PM_CMD, blif ? 2 : code, "%s", err);
	wg_ns_dut *d = wg_xcalloc(sizeof *d);
	if (wg_ns_dut_init(d, &g->nl, b, L, err, sizeof err) != 0)
		wg_die(PM_CMD, 2, "%s: %s", g->netlist, err);
	if (!o.quiet) {
		printf("prove --model %s %s: C model x netlist %s (%ld cells, %ld flip-flops%s), seed %llu\n", b->name, config,
		       g->netlist, g->ncells, g->flops, blif ? "" : g->synth_cached ? ", cached" : "",
		       (unsigned long long)seed);
		fflush(stdout);
	}
	if (!o.quiet) { /* what is enumerated: the protocol check then refuses what is illegal */
		printf("  input bits per state:");
		for (int p = 0; p < b->nports; p++)
			if (b->ports[p].dir == WG_IN && L->width[p] > 0)
				printf(" %s=%d", b->ports[p].name,
				       keep[p] >= 0 && keep[p] < L->width[p] ? keep[p] : L->width[p]);
		printf(" (2^%d frames)\n", bits);
	}
	wg_xp_cfg xc = {.b = b, .p = o.p, .L = L, .dut = d, .seed = seed, .max_states = max_states,
			.max_seconds = (double)max_seconds, .keep_bits = keep, .progress = o.quiet ? NULL : stdout};
	wg_xp_res r;
	if (wg_xp_run(&xc, &r, err, sizeof err) != 0)
		wg_die(PM_CMD, 2, "%s %s: %s", b->name, config, err);
	char stim[PM_PATH] = "", nl_abs[PM_PATH];
	wg_abs_path(g->netlist, nl_abs, sizeof nl_abs);
	int rc = 0;
	if (r.verdict == WG_XP_EQUIV) {
		printf("PROVEN %s %s: C model equivalent to the netlist on %ld reachable states and %ld transitions "
		       "(%d input bits a state, %ld illegal frames refused by the protocol check; depth %d; %ld flip-flops, "
		       "%ld C-model bytes; %.2f s)\n",
		       b->name, config, r.states, r.transitions, r.in_bits, r.illegal, r.depth, r.flops, r.model_bytes,
		       r.seconds);
	} else if (r.verdict == WG_XP_BOUND) {
		printf("NOT PROVEN %s %s: %s (%ld transitions, %.2f s)\n", b->name, config, r.msg, r.transitions, r.seconds);
		rc = 1;
	} else {
		char dir[PM_PATH - 32], hdr[2048];
		snprintf(dir, sizeof dir, "%s/prove/%s/%s", wg_out_dir(), b->name, cpath);
		snprintf(stim, sizeof stim, "%s/model-cex.stim", dir);
		snprintf(hdr, sizeof hdr, "warpgen prove %s%s --model: shortest counterexample, %ld cycles (cycle 0 resets): %s",
			 b->name, sets, r.cex_len, r.msg);
		if (wg_mkdirs(dir, err, sizeof err) != 0 ||
		    wg_xp_write_stim(stim, b, L, hdr, r.cex_in, r.cex_len, err, sizeof err) != 0)
			wg_die(PM_CMD, 2, "%s", err);
		printf("COUNTEREXAMPLE %s %s: at cycle %ld (the shortest, %ld cycles from reset): %s\n", b->name, config,
		       r.cex_len - 1, r.cex_len, r.msg);
		printf("  stimulus: %s\n", stim);
		printf("  replay on the netlist: %s/bin/warpgen cosim %s%s --seed %llu --gate%s%s --stim %s\n", wg_root(),
		       b->name, sets, (unsigned long long)seed, blif ? " --blif " : "", blif ? nl_abs : "", stim);
		printf("  replay on the RTL with a waveform: %s/bin/warpgen cosim %s%s --seed %llu --stim %s --wave\n",
		       wg_root(), b->name, sets, (unsigned long long)seed, stim);
		rc = 1;
	}
	if (o.json)
		json_out(o.json, b, config, &r, seed, nl_abs, stim);
	wg_xp_res_free(&r);
	wg_ns_dut_free(d);
	free(d);
	wg_gate_free(g);
	free(g);
	free(L);
	return rc;
}
