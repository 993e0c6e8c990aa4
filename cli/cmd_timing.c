/* cmd_timing.c - `warpgen timing BLOCK`: the critical path of one
 * configuration mapped to a Liberty library (ABC's `stime -p`), the maximum
 * clock frequency, and the check against the paper's clock scaled to the
 * library's node. Flow and choices: docs/user-guide.md ("Timing"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_cmds.h"
#include "wg_gen.h"
#include "wg_scale.h"
#include "wg_timing.h"

#define LEAVES_OUT                                                                                                   \
	"the flip-flops' clock-to-Q and setup times (ABC times the logic between them only), clock skew and "      \
	"jitter, wire capacitance beyond the cells' pin capacitance (ABC's wire load is \\\"none\\\"), placement "  \
	"and routing, and corners other than the library's"
#define RULE "delay ~ L (constant-field: C, V and I per cell all scale with L; docs/energy-model.md §9.1's C ~ L)"

/* The paper check: 1 when computed (fits, scaled delay, margin), 0 when the
 * paper gives no clock or the library's node is unknown (why in note). */
typedef struct paper_check {
	const wg_paper_clock *pc; /* the paper's clock, or NULL */
	int done;                 /* the check was made */
	double lib_nm;            /* the library's node */
	double scaled_ps;         /* the block's delay scaled to the paper's node */
	double margin_ps;         /* period - scaled */
	int fits;                 /* scaled <= period */
	char note[256];           /* why not made */
} paper_check;

static void check_paper(const wg_block *b, const wg_timing_result *r, double lib_nm, paper_check *c)
{
	memset(c, 0, sizeof *c);
	c->pc = wg_paper_clock_find(b->name);
	c->lib_nm = lib_nm;
	if (!c->pc) {
		snprintf(c->note, sizeof c->note, "the paper gives no clock for this block");
		return;
	}
	if (lib_nm <= 0) {
		snprintf(c->note, sizeof c->note, "the library's node is unknown (give --node NM)");
		return;
	}
	char err[256];
	if (wg_sc_delay(r->st.delay_ps, lib_nm, c->pc->node_nm, &c->scaled_ps, err, sizeof err) != 0) {
		snprintf(c->note, sizeof c->note, "%s", err);
		return;
	}
	c->done = 1;
	c->margin_ps = c->pc->period_ps - c->scaled_ps;
	c->fits = c->margin_ps >= 0;
}

static void print_human(const wg_block *b, const char *cfg, const wg_timing_result *r, const paper_check *c)
{
	const wg_stime *t = &r->st;
	printf("timing of %s (%s): %s/\n", b->name, cfg, wg_root_rel(r->dir));
	printf("  liberty          %s", wg_root_rel(r->lib_path));
	if (c->lib_nm > 0)
		printf(" (%.0f nm)", c->lib_nm);
	printf("\n  corner           %s, the library's default\n", r->corner);
	if (t->delay_ps > 0)
		printf("  critical path    %.1f ps, fmax %.1f MHz (%s -> %s)\n", t->delay_ps, 1e6 / t->delay_ps,
		       wg_tp_kind_name(r->start_kind), wg_tp_kind_name(r->end_kind));
	else
		printf("  critical path    0 ps: no logic between flip-flops and ports\n");
	printf("  start            %s (%s)\n", t->start, wg_tp_kind_name(r->start_kind));
	printf("  end              %s (%s)\n", t->end, wg_tp_kind_name(r->end_kind));
	printf("  path             %d cells; %ld gates mapped, ABC wire load \"%s\", %ld flip-flop bits outside ABC\n",
	       t->npath - 1, t->gates, t->wireload, r->flop_bits);
	int w = 4;
	for (int i = 1; i < t->npath; i++)
		if ((int)strlen(t->path[i].cell) > w)
			w = (int)strlen(t->path[i].cell);
	printf("    %3s  %-*s %6s %10s %11s\n", "#", w, "cell", "fanout", "delay ps", "arrival ps");
	for (int i = 1; i < t->npath; i++)
		printf("    %3d  %-*s %6d %10.1f %11.1f\n", i, w, t->path[i].cell, t->path[i].fanout, t->path[i].delay,
		       t->path[i].arrival);
	if (c->done) {
		printf("  paper clock      %s: %.1f ps at %.0f nm%s (%s)\n", c->pc->paper, c->pc->period_ps, c->pc->node_nm,
		       c->pc->node_assumed ? " (node assumed)" : "", c->pc->source);
		printf("  paper check      %.1f ps scaled to %.0f nm = %.1f ps: %s, margin %.1f ps (%.1f %% of the cycle)\n",
		       t->delay_ps, c->pc->node_nm, c->scaled_ps, c->fits ? "fits in the paper's cycle" : "DOES NOT FIT in the paper's cycle",
		       c->margin_ps, 100.0 * c->margin_ps / c->pc->period_ps);
		printf("  scaling rule     %s\n", RULE);
	} else {
		printf("  paper check      n/a: %s\n", c->note);
	}
	printf("  leaves out       %s\n", "the flops' clock-to-Q and setup, clock skew, wires beyond pin capacitance, placement");
	printf("  yosys            %s\n", r->yosys_version);
}

static char *json_report(const wg_block *b, const long *p, const char *cfg, const wg_timing_result *r,
			 const paper_check *c)
{
	const wg_stime *t = &r->st;
	wg_buf o = {0};
	wg_json_result_head(&o, b->name, cfg);
	wg_buf_printf(&o, ",\n  \"parameters\": ");
	wg_json_params(&o, b->params, b->nparams, p);
	wg_buf_printf(&o, ",\n  \"flow\": \"warpgen area step 1 (synth); flatten; dfflibmap -liberty; abc -D 1 -liberty "
			  "-script (TOOLCHAIN 8.4 recipe) ending in stime -p\",\n  \"liberty\": ");
	wg_buf_json_str(&o, wg_root_rel(r->lib_path));
	if (c->lib_nm > 0)
		wg_buf_printf(&o, ",\n  \"library_node_nm\": %.0f", c->lib_nm);
	else
		wg_buf_printf(&o, ",\n  \"library_node_nm\": null");
	wg_buf_printf(&o, ",\n  \"corner\": ");
	wg_buf_json_str(&o, r->corner);
	wg_buf_printf(&o, ",\n  \"wire_load\": ");
	wg_buf_json_str(&o, t->wireload);
	wg_buf_printf(&o, ",\n  \"delay_ps\": %.2f,\n  \"fmax_mhz\": ", t->delay_ps);
	if (t->delay_ps > 0)
		wg_buf_printf(&o, "%.2f", 1e6 / t->delay_ps);
	else
		wg_buf_printf(&o, "null");
	wg_buf_printf(&o, ",\n  \"path_kind\": \"%s -> %s\",\n  \"start\": {\"net\": ", wg_tp_kind_name(r->start_kind),
		      wg_tp_kind_name(r->end_kind));
	wg_buf_json_str(&o, t->start);
	wg_buf_printf(&o, ", \"kind\": \"%s\"},\n  \"end\": {\"net\": ", wg_tp_kind_name(r->start_kind));
	wg_buf_json_str(&o, t->end);
	wg_buf_printf(&o, ", \"kind\": \"%s\"},\n  \"path\": [", wg_tp_kind_name(r->end_kind));
	for (int i = 1; i < t->npath; i++) {
		wg_buf_printf(&o, "%s\n    {\"cell\": ", i > 1 ? "," : "");
		wg_buf_json_str(&o, t->path[i].cell);
		wg_buf_printf(&o, ", \"fanin\": %d, \"fanout\": %d, \"delay_ps\": %.1f, \"arrival_ps\": %.1f}", t->path[i].fanin,
			      t->path[i].fanout, t->path[i].delay, t->path[i].arrival);
	}
	wg_buf_printf(&o, "%s],\n  \"gates\": %ld,\n  \"abc_area\": %.2f,\n  \"flop_bits\": %ld,\n  \"paper_check\": ",
		      t->npath > 1 ? "\n  " : "", t->gates, t->area, r->flop_bits);
	if (c->done) {
		wg_buf_printf(&o, "{\n    \"paper\": ");
		wg_buf_json_str(&o, c->pc->paper);
		wg_buf_printf(&o, ",\n    \"source\": ");
		wg_buf_json_str(&o, c->pc->source);
		wg_buf_printf(&o,
			      ",\n    \"period_ps\": %.1f,\n    \"node_nm\": %.0f,\n    \"node_assumed\": %s,\n    \"rule\": ",
			      c->pc->period_ps, c->pc->node_nm, c->pc->node_assumed ? "true" : "false");
		wg_buf_json_str(&o, RULE);
		wg_buf_printf(&o,
			      ",\n    \"scaled_delay_ps\": %.1f,\n    \"fits\": %s,\n    \"margin_ps\": %.1f,\n"
			      "    \"margin_pct\": %.1f\n  }",
			      c->scaled_ps, c->fits ? "true" : "false", c->margin_ps, 100.0 * c->margin_ps / c->pc->period_ps);
	} else {
		wg_buf_printf(&o, "null,\n  \"paper_check_note\": ");
		wg_buf_json_str(&o, c->note);
	}
	wg_buf_printf(&o, ",\n  \"leaves_out\": \"%s\",\n  \"yosys_version\": ", LEAVES_OUT);
	wg_buf_json_str(&o, r->yosys_version);
	wg_buf_printf(&o, "\n}\n");
	return o.s;
}

/* Take `--node NM` out of argv (wg_opts does not know it). Returns argc. */
static int take_node(int argc, char **argv, double *node, int *bad, const char **badval)
{
	int k = 0;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--node") == 0) {
			if (i + 1 >= argc) {
				*bad = 1;
				*badval = "";
				continue;
			}
			char *end;
			*node = strtod(argv[i + 1], &end);
			if (end == argv[i + 1] || (*end && strcmp(end, "nm") != 0) || *node < 7 || *node > 250) {
				*bad = 1;
				*badval = argv[i + 1];
			}
			i++;
			continue;
		}
		argv[k++] = argv[i];
	}
	return k;
}

int wg_cmd_timing(int argc, char **argv)
{
	double node = 0;
	int bad = 0;
	const char *badval = NULL;
	argc = take_node(argc, argv, &node, &bad, &badval);
	wg_opts o;
	wg_opts_parse(&o, "timing", argc, argv, WG_OPT_SET | WG_OPT_LIBERTY | WG_OPT_JSON | WG_OPT_QUIET);
	if (bad)
		wg_die("timing", 2, "--node '%s': the library's node in nm, 7..250 (the scaling rules' range)", badval);
	if (o.help) {
		printf("usage: warpgen timing BLOCK [--set NAME=VALUE]... [--liberty FILE] [--node NM] [--json FILE] [-q]\n"
		       "Critical path of one configuration mapped to a Liberty library: `warpgen area`'s synthesis,\n"
		       "flattened, dfflibmap + abc -liberty with ABC's static timing (stime -p). Prints the delay,\n"
		       "fmax, the path (start, end, each cell's delay) and the check against the paper's clock scaled\n"
		       "to the library's node (delay ~ L). Default Liberty: sky130 hd typical from ../shared/liberty,\n"
		       "else OSU 0.18 um (`make deps`). --node: the library's node when its name does not say it\n"
		       "(sky130 = 130, osu018 = 180). Results are cached in out/area/BLOCK/CONFIG/ by content.\n"
		       "Leaves out the flops' clock-to-Q and setup, clock skew, wires, placement (docs/user-guide.md).\n\n");
		if (o.block)
			wg_print_params(o.block);
		return 0;
	}
	char lib[4096], err[2048];
	if (o.liberty)
		snprintf(lib, sizeof lib, "%s", o.liberty);
	else
		wg_timing_default_liberty(lib, sizeof lib);
	wg_timing_result r;
	int code;
	if (wg_timing_run(o.block, o.p, lib, &r, &code, err, sizeof err) != 0) {
		wg_timing_free(&r);
		wg_die("timing", code, "%s", err);
	}
	char cfg[1024];
	wg_config_name(o.block, o.p, 0, cfg, sizeof cfg);
	paper_check c;
	check_paper(o.block, &r, node > 0 ? node : wg_lib_node_nm(lib), &c);
	if (!o.quiet) {
		print_human(o.block, cfg, &r, &c);
		fprintf(stderr, "warpgen timing: yosys synth %s", r.synth_cached ? "cached" : "");
		if (!r.synth_cached)
			fprintf(stderr, "%.1f s", r.synth_seconds);
		fprintf(stderr, ", abc %s", r.abc_cached ? "cached" : "");
		if (!r.abc_cached)
			fprintf(stderr, "%.1f s", r.abc_seconds);
		fprintf(stderr, "\n");
	}
	if (o.json) {
		char *j = json_report(o.block, o.p, cfg, &r, &c);
		if (wg_write_atomic(o.json, j, strlen(j), err, sizeof err) != 0) {
			free(j);
			wg_timing_free(&r);
			wg_die("timing", 2, "%s", err);
		}
		free(j);
	}
	wg_timing_free(&r);
	return 0;
}
