/* wg_gate.c - the gate-level netlist of a configuration: Yosys synthesis to
 * its generic cells (cached), the BLIF read for the native simulator, gate.v
 * (netlist + simcells.v models) for Verilator, toggle sums, the summary and
 * the JSON section. See wg_gate.h. */
#define _POSIX_C_SOURCE 200809L
#include "wg_gate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wg_area.h"
#include "wg_buf.h"
#include "wg_gen.h"
#include "wg_lib_map.h"
#include "wg_vtool.h"
#include "wg_yosys.h"

/* Bump when the script or gate.v assembly changes in a way the key does not show. */
#define WG_GATE_RECIPE "wg_gate 4"
/* Private Yosys names become wg<N>: no leading underscore, so Verilator
 * traces them (it hides _-prefixed signals and scopes from dumps). */
#define WG_GATE_PATTERN "wg%"

void wg_gate_free(wg_gate_res *r)
{
	wg_nl_free(&r->nl);
	free(r->types);
	free(r->tog);
	free(r->clk_on);
	r->types = NULL;
	r->tog = NULL;
	r->clk_on = NULL;
	r->ntypes = 0;
	r->ncells = 0;
}

/* ------------------------------------------------------------ synthesis */

int wg_synth_flow_parse(const char *s)
{
	return strcmp(s, "full") == 0	 ? WG_SYNTH_FULL
	       : strcmp(s, "quick") == 0 ? WG_SYNTH_QUICK
	       : strcmp(s, "mapped") == 0 ? WG_SYNTH_MAPPED
					  : -1;
}

const char *wg_synth_flow_name(wg_synth_flow f)
{
	return f == WG_SYNTH_QUICK ? "quick" : f == WG_SYNTH_MAPPED ? "mapped" : "full";
}

static void synth_script(wg_buf *o, const wg_block *b, const long *p, const char *top, wg_synth_flow flow,
			 const char *liberty, int verilog)
{
	char cfg[1024];
	wg_config_name(b, p, 0, cfg, sizeof cfg);
	wg_buf_printf(o, "# warpgen cosim --gate --synth %s: %s (%s) to %s. Generated: do not edit.\n",
		      wg_synth_flow_name(flow), b->name, cfg,
		      flow == WG_SYNTH_MAPPED ? "a Liberty library's cells" : "Yosys's generic gates");
	wg_buf_printf(o, "read_verilog ../%s.v\n", top);
	wg_buf_printf(o, "hierarchy -check -top %s\n", top);
	if (flow == WG_SYNTH_QUICK) {
		wg_buf_printf(o, "# quick: elaboration, word-level constant folding and mapping (no opt loop, share or ABC)\n");
		wg_buf_printf(o, "proc\nflatten\nopt_expr\nopt_clean\nmemory\nopt_expr\nopt_clean\ntechmap\n");
	} else {
		wg_buf_printf(o, "synth -flatten -top %s\n", top);
	}
	if (flow == WG_SYNTH_MAPPED) {
		wg_buf_printf(o, "# mapped: the library's flip-flops and gates\n");
		wg_buf_printf(o, "dfflibmap -liberty %s\nabc -liberty %s\nopt_clean -purge\n", liberty, liberty);
		wg_buf_printf(o, "rename -enumerate -pattern wgm%%\n");
		wg_buf_printf(o, "tee -q -o stat-mapped.txt stat -liberty %s\n", liberty);
		wg_buf_printf(o, "write_verilog -noattr mapped.v\nwrite_blif mapped.blif\n");
		wg_buf_printf(o, "# for simulation: each library cell as the generic gates of its Liberty function\n"
				 "# (cells without one, such as clock gates, are left undriven: warpgen refuses them)\n");
		wg_buf_printf(o, "design -reset\nread_liberty -ignore_miss_func %s\nread_verilog mapped.v\n", liberty);
		wg_buf_printf(o, "hierarchy -check -top %s\n", top);
		wg_buf_printf(o, "# keep every net of mapped.v: the energy reads their toggles by name\n");
		wg_buf_printf(o, "setattr -set keep 1 %s/w:*\nflatten\nproc\ntechmap\nopt_clean\n", top);
	} else {
		wg_buf_printf(o, "opt_clean -purge\n");
	}
	wg_buf_printf(o, "# private names _N_ -> wgN: Verilator does not trace names that start with _\n");
	wg_buf_printf(o, "rename -enumerate -pattern %s\n", WG_GATE_PATTERN);
	wg_buf_printf(o, "tee -q -o stat.txt stat\n");
	wg_buf_printf(o, "write_blif -icells netlist.blif\n");
	if (verilog) /* for Verilator only: a minute of Yosys at 500,000 cells */
		wg_buf_printf(o, "write_verilog -noattr -noexpr netlist.v\n");
}

/* simcells.v: $WARPGEN_YOSYS_DATDIR, else <yosys's prefix>/share/yosys. */
static void simcells_path(char *buf, size_t n)
{
	const char *d = getenv("WARPGEN_YOSYS_DATDIR");
	if (d && *d) {
		snprintf(buf, n, "%s/simcells.v", d);
		return;
	}
	const char *path = getenv("PATH");
	char dir[1024];
	while (path && *path) {
		const char *c = strchr(path, ':');
		size_t len = c ? (size_t)(c - path) : strlen(path);
		if (len > 0 && len < sizeof dir - 64) {
			char exe[1100];
			snprintf(dir, sizeof dir, "%.*s", (int)len, path);
			snprintf(exe, sizeof exe, "%s/yosys", dir);
			if (access(exe, X_OK) == 0) {
				snprintf(buf, n, "%s/../share/yosys/simcells.v", dir);
				if (access(buf, R_OK) == 0)
					return;
			}
		}
		path = c ? c + 1 : NULL;
	}
	snprintf(buf, n, "/usr/share/yosys/simcells.v");
}

/* Append the module `type` of simcells.v ("module \$_AND_ (" ... "endmodule"). */
static int add_model(wg_buf *o, const char *lib, const char *libpath, const char *type, char *err, size_t n)
{
	char head[80];
	snprintf(head, sizeof head, "module \\%s (", type);
	const char *s = lib;
	while ((s = strstr(s, head)) != NULL && s != lib && s[-1] != '\n')
		s++;
	const char *e = s ? strstr(s, "\nendmodule") : NULL;
	if (!s || !e) {
		snprintf(err, n, "%s: no simulation model for the cell type %s", libpath, type);
		return -1;
	}
	wg_buf_printf(o, "\n%.*s\n", (int)(e + strlen("\nendmodule") - s), s);
	return 0;
}

/* gate.v: the Verilog netlist and the models of the cell types it uses. */
static int write_gate_v(wg_gate_res *r, const wg_block *b, const char *cfg, char *err, size_t n)
{
	char path[WG_GATE_PATH + 64], lpath[2048];
	snprintf(path, sizeof path, "%s/netlist.v", r->dir);
	char *net = wg_read_file(path, NULL, err, n);
	if (!net)
		return -1;
	simcells_path(lpath, sizeof lpath);
	char *lib = wg_read_file(lpath, NULL, err, n);
	if (!lib) {
		free(net);
		return -1;
	}
	wg_buf o = {0};
	wg_buf_printf(&o, "// warpgen cosim --gate: Yosys netlist of %s (%s) + the models of its cells\n"
			  "// from %s. Generated: do not edit.\n%s",
		      b->name, cfg, lpath, net);
	free(net);
	int rc = 0;
	for (int i = 0; rc == 0 && i < r->ntypes; i++)
		rc = add_model(&o, lib, lpath, r->types[i].name, err, n);
	free(lib);
	snprintf(r->sim, sizeof r->sim, "%s/gate.v", r->dir);
	if (rc == 0)
		rc = wg_write_atomic(r->sim, o.s, strlen(o.s), err, n);
	wg_buf_free(&o);
	return rc;
}

int wg_gate_synth(const wg_block *b, const long *p, const char *top, wg_synth_flow flow, const char *liberty,
		  int verilog, wg_gate_res *r, int *code, char *err, size_t n)
{
	memset(r, 0, sizeof *r);
	*code = 2;
	char cfg[1024], path[WG_GATE_PATH + 64];
	wg_config_name(b, p, 1, cfg, sizeof cfg);
	r->flow = flow;
	char suffix[160] = ""; /* -quick, -mapped-<library file name without .lib> */
	if (flow == WG_SYNTH_QUICK)
		snprintf(suffix, sizeof suffix, "-quick");
	if (flow == WG_SYNTH_MAPPED) {
		const char *base = strrchr(liberty, '/') ? strrchr(liberty, '/') + 1 : liberty;
		const char *dot = strrchr(base, '.');
		snprintf(suffix, sizeof suffix, "-mapped-%.*s", (int)(dot && dot > base ? dot - base : 100), base);
	}
	snprintf(r->dir, sizeof r->dir, "%s/gate/%s/%s%s", wg_out_dir(), b->name, cfg, suffix);
	if (wg_yosys_version(r->yosys_version, sizeof r->yosys_version) != 0) {
		*code = 1;
		snprintf(err, n, "yosys not found or not working (`yosys -V` failed): install it with `make deps`");
		return -1;
	}
	if (wg_generate(b, p, top, r->dir, err, n) != 0)
		return -1;
	*code = 1;
	snprintf(path, sizeof path, "%s/%s.v", r->dir, top);
	char *verilog_text = wg_read_file(path, NULL, err, n);
	if (!verilog_text)
		return -1;
	wg_buf script = {0};
	synth_script(&script, b, p, top, flow, liberty, verilog);
	uint64_t key = wg_fnv_part(WG_FNV_INIT, WG_GATE_RECIPE, strlen(WG_GATE_RECIPE));
	key = wg_fnv_part(key, r->yosys_version, strlen(r->yosys_version));
	key = wg_fnv_part(key, script.s, strlen(script.s));
	key = wg_fnv_part(key, verilog_text, strlen(verilog_text));
	free(verilog_text);
	if (flow == WG_SYNTH_MAPPED) { /* the library's text too, not only its name */
		size_t len = 0;
		char *lib = wg_read_file(liberty, &len, err, n);
		if (!lib) {
			*code = 2;
			wg_buf_free(&script);
			return -1;
		}
		key = wg_fnv_part(key, lib, len);
		free(lib);
	}
	/* two steps with their own keys: the native run's (BLIF) and Verilator's (BLIF + Verilog) */
	static const char *const outs[] = {"netlist.blif", "stat.txt", NULL};
	static const char *const outs_v[] = {"netlist.blif", "stat.txt", "netlist.v", NULL};
	static const char *const outs_m[] = {"netlist.blif", "stat.txt", "stat-mapped.txt", "mapped.v", "mapped.blif",
					     NULL};
	static const char *const outs_mv[] = {"netlist.blif", "stat.txt",    "stat-mapped.txt",
					      "mapped.v",     "mapped.blif", "netlist.v", NULL};
	const char *const *o = flow == WG_SYNTH_MAPPED ? (verilog ? outs_mv : outs_m) : verilog ? outs_v : outs;
	const char *step = verilog ? "synth-v" : "synth";
	int rc = 0;
	if (wg_yosys_cached(r->dir, step, key, o))
		r->synth_cached = 1;
	else
		rc = wg_yosys_step(r->dir, step, script.s, key, o, o, &r->synth_seconds, code, err, n);
	wg_buf_free(&script);
	if (rc != 0)
		return -1;
	snprintf(path, sizeof path, "%s/netlist.blif", r->dir);
	if (wg_gate_load(r, path, err, n) != 0)
		return -1;
	if (flow == WG_SYNTH_MAPPED) {
		snprintf(path, sizeof path, "%s/stat-mapped.txt", r->dir);
		char *text = wg_read_file(path, NULL, err, n), e2[512];
		if (!text)
			return -1;
		wg_stat st;
		int src = wg_stat_parse(text, &st, e2, sizeof e2);
		free(text);
		if (src != 0) {
			snprintf(err, n, "%s: %s", path, e2);
			return -1;
		}
		r->mapped_cells = st.cells;
		r->mapped_area_um2 = st.chip_area;
		wg_stat_free(&st);
	}
	if (flow == WG_SYNTH_MAPPED && r->nl.undriven) {
		snprintf(err, n, "the netlist mapped to %s reads %ld net(s) without a driver (e.g. %s): a library cell "
				 "it uses has an output without a Liberty function (see %s/mapped.v)",
			 liberty, r->nl.undriven, r->nl.undriven_name, r->dir);
		return -1;
	}
	wg_config_name(b, p, 0, cfg, sizeof cfg);
	return verilog ? write_gate_v(r, b, cfg, err, n) : 0;
}

int wg_gate_load_text(wg_gate_res *r, const char *text, const char *name, char *err, size_t n)
{
	if (wg_nl_read_blif(&r->nl, text, name, err, n) != 0)
		return -1;
	r->ntypes = r->nl.ntypes;
	r->types = wg_xcalloc(((size_t)r->ntypes + 1) * sizeof *r->types);
	for (int i = 0; i < r->ntypes; i++) {
		snprintf(r->types[i].name, sizeof r->types[i].name, "%s", r->nl.types[i].name);
		r->types[i].cells = r->nl.types[i].cells;
		r->types[i].flop = r->nl.types[i].flop;
	}
	r->ncells = r->nl.ncells;
	r->flops = r->nl.flops;
	return 0;
}

int wg_gate_load(wg_gate_res *r, const char *blif, char *err, size_t n)
{
	char *text = wg_read_file(blif, NULL, err, n);
	if (!text)
		return -1;
	snprintf(r->netlist, sizeof r->netlist, "%s", blif);
	int rc = wg_gate_load_text(r, text, blif, err, n);
	free(text);
	return rc;
}

void wg_gate_set_toggles(wg_gate_res *r, const uint64_t *net_tog, long cycles)
{
	const wg_nl *nl = &r->nl;
	free(r->tog);
	r->tog = wg_xcalloc(((size_t)nl->nnets + 1) * sizeof *r->tog);
	memcpy(r->tog, net_tog, (size_t)nl->nnets * sizeof *r->tog);
	for (int t = 0; t < r->ntypes; t++)
		r->types[t].toggles = 0;
	r->cell_toggles = r->flop_toggles = r->input_toggles = 0;
	for (long c = 0; c < nl->ncells; c++) {
		uint64_t t = r->tog[nl->cells[c].out];
		r->types[nl->cells[c].type].toggles += t;
		r->cell_toggles += t;
		if (r->types[nl->cells[c].type].flop)
			r->flop_toggles += t;
	}
	int clk = wg_nl_find(nl, "clk_i");
	for (long i = 0; i < nl->ninputs; i++) {
		int net = nl->net[nl->inputs[i]];
		if (net != clk)
			r->input_toggles += r->tog[net];
	}
	r->clock_toggles = 2 * (uint64_t)cycles;
	r->cycles = cycles;
	r->have_toggles = 1;
}

void wg_gate_set_clock_on(wg_gate_res *r, const uint64_t *flop_on)
{
	const wg_nl *nl = &r->nl;
	free(r->clk_on);
	r->clk_on = wg_xcalloc(((size_t)nl->ncells + 1) * sizeof *r->clk_on);
	for (long c = 0, k = 0; c < nl->ncells; c++)
		if (nl->cells[c].kind >= WG_NL_NCOMB)
			r->clk_on[c] = flop_on[k++];
}

/* ------------------------------------------------------------- reports */

/* Why there is no ratio to the power-table estimate. */
static const char *no_table_note(const wg_gate_energy *e)
{
	if (e->table_ok && e->table_pj <= 0)
		return "the papers give no pJ for the events counted";
	return e->table_note[0] ? e->table_note : "the papers give no pJ";
}

/* The activity energy lines (or how to get them). */
static void print_energy(const wg_gate_res *r, double cyc)
{
	const wg_gate_energy *e = &r->en;
	if (!r->have_lib) {
		printf("  gate: no activity energy: give --liberty FILE (a Liberty .lib, e.g. sky130 hd typical) to price the "
		       "toggles (docs/energy-model.md section 10)\n");
		return;
	}
	if (!e->ok) {
		printf("  gate: no activity energy: %s\n", e->note[0] ? e->note : "not computed");
		return;
	}
	printf("  gate: activity energy (%s, %.2f V) per cycle: internal %.4f, switching %.4f, clock %.4f, leakage %.3g, "
	       "total %.4f pJ\n",
	       e->lib_name, e->vdd, e->internal_pj / cyc, e->switching_pj / cyc, e->clock_pj / cyc, e->leakage_pj / cyc,
	       e->total_pj / cyc);
	printf("  gate: assumptions: %s, slew %.2f ns, "
	       "load = fanout pins + %.1f fF wire per pin (mean %.2f fF), clock period %.3g ns (%s), clock pins only "
	       "(no tree), no glitches\n",
	       r->flow == WG_SYNTH_MAPPED ? "each cell of the mapped netlist priced as itself (mapped.blif)"
					  : "each generic cell priced as the smallest library cell of its function",
	       WG_LIB_SLEW_NS, WG_LIB_MAP_WIRE_PF * 1000, e->mean_load_pf * 1000, e->period_ns, e->period_basis);
	if (e->gated_ok)
		printf("  gate: with clock gating (one %s per enable condition: %ld ICGs for %ld of %ld flops, enabled on "
		       "%.1f %% of their edges) per cycle: clock %.4f (the ICGs' own %.4f), total %.4f pJ\n",
		       e->icg_cell, e->icg_groups, e->gated_flops, r->flops, 100 * e->gated_on_share, e->gated_clock_pj / cyc,
		       e->icg_pj / cyc, e->gated_total_pj / cyc);
	else
		printf("  gate: no clock-gated figure: %s\n", e->gated_note);
	if (e->table_ok && e->table_pj > 0 && e->gated_ok)
		printf("  gate: power-table estimate of the run %.4f pJ per cycle; activity / table = %.3g, clock-gated %.3g"
		       "%s%s%s\n",
		       e->table_pj / cyc, e->total_pj / e->table_pj, e->gated_total_pj / e->table_pj,
		       e->table_note[0] ? " (" : "", e->table_note, e->table_note[0] ? ")" : "");
	else if (e->table_ok && e->table_pj > 0)
		printf("  gate: power-table estimate of the run %.4f pJ per cycle; activity / table = %.3g%s%s%s\n",
		       e->table_pj / cyc, e->total_pj / e->table_pj, e->table_note[0] ? " (" : "", e->table_note,
		       e->table_note[0] ? ")" : "");
	else
		printf("  gate: power-table estimate n/g; ratio n/a: %s\n", no_table_note(e));
}

void wg_gate_print(const wg_gate_res *r, const char *sim, int quiet)
{
	printf("  gate: %ld cells, %ld flops (Yosys generic gates, %s%s: %s), simulated by %s\n", r->ncells, r->flops,
	       !r->dir[0] ? "given" : r->synth_cached ? "netlist cached" : "synthesized",
	       !r->dir[0] ? "" : r->flow == WG_SYNTH_QUICK ? ", quick flow" : r->flow == WG_SYNTH_MAPPED ? ", mapped flow"
											: ", full flow",
	       r->netlist, sim);
	if (r->dir[0] && !r->synth_cached)
		printf("  gate: synthesis took %.1f s\n", r->synth_seconds);
	if (r->flow == WG_SYNTH_MAPPED && r->dir[0])
		printf("  gate: mapped netlist: %ld library cells, area %.1f um^2 (Yosys stat -liberty; %s/mapped.v), "
		       "simulated as the generic gates of their Liberty functions\n",
		       r->mapped_cells, r->mapped_area_um2, r->dir);
	if (r->nl.undriven)
		printf("  gate: %ld net(s) read without a driver (x bits Yosys left open, e.g. %s) read as 0\n",
		       r->nl.undriven, r->nl.undriven_name);
	if (!r->have_toggles)
		return;
	double cyc = r->cycles > 0 ? (double)r->cycles : 1;
	print_energy(r, cyc);
	printf("  gate: toggles over %ld cycles: cells %llu (%.3f per cell per cycle), flops %llu, inputs %llu, clock %llu\n",
	       r->cycles, (unsigned long long)r->cell_toggles, (double)r->cell_toggles / cyc / (r->ncells ? r->ncells : 1),
	       (unsigned long long)r->flop_toggles, (unsigned long long)r->input_toggles,
	       (unsigned long long)r->clock_toggles);
	if (quiet)
		return;
	int en = r->en.ok && r->flow != WG_SYNTH_MAPPED; /* mapped: priced per library cell, not per generic type */
	printf("  %-16s %8s %14s %12s%s\n", "cell type", "cells", "out toggles", "per cycle",
	       en ? "   pJ/cycle  priced as" : "");
	for (int i = 0; i < r->ntypes; i++) {
		printf("  %-16s %8ld %14llu %12.2f", r->types[i].name, r->types[i].cells,
		       (unsigned long long)r->types[i].toggles, (double)r->types[i].toggles / cyc);
		if (en)
			printf(" %10.4f  %s", r->types[i].energy_pj / cyc, r->types[i].lib_cell);
		printf("\n");
	}
}
int wg_gate_json(const wg_gate_res *r, const char *sim, const char *path, char *err, size_t n)
{
	wg_buf j = {0};
	wg_buf_printf(&j, "\"gate\": {\"netlist\": ");
	wg_buf_json_str(&j, r->netlist);
	wg_buf_printf(&j, ", \"simulator\": ");
	wg_buf_json_str(&j, sim);
	wg_buf_printf(&j, ", \"synth\": ");
	wg_buf_json_str(&j, !r->dir[0] ? "given" : wg_synth_flow_name(r->flow));
	wg_buf_printf(&j, ", \"library\": \"yosys-generic\", \"cells\": %ld, \"flops\": %ld, \"undriven\": %ld", r->ncells,
		      r->flops, r->nl.undriven);
	if (r->flow == WG_SYNTH_MAPPED && r->dir[0])
		wg_buf_printf(&j, ", \"mapped_cells\": %ld, \"mapped_area_um2\": %.4f", r->mapped_cells, r->mapped_area_um2);
	if (r->have_toggles)
		wg_buf_printf(&j,
			      ", \"cycles\": %ld, \"cell_toggles\": %llu, \"flop_toggles\": %llu, \"input_toggles\": %llu, "
			      "\"clock_toggles\": %llu",
			      r->cycles, (unsigned long long)r->cell_toggles, (unsigned long long)r->flop_toggles,
			      (unsigned long long)r->input_toggles, (unsigned long long)r->clock_toggles);
	if (r->have_lib) {
		wg_buf_printf(&j, ",\n    \"liberty\": ");
		wg_buf_json_str(&j, r->lib_path);
	}
	if (r->have_lib && r->have_toggles) {
		const wg_gate_energy *e = &r->en;
		wg_buf_printf(&j, ",\n    \"activity_energy_pj\": ");
		if (e->ok) {
			double cyc = r->cycles > 0 ? (double)r->cycles : 1;
			wg_buf_printf(&j, "{\"library\": ");
			wg_buf_json_str(&j, e->lib_name);
			wg_buf_printf(&j, ", \"vdd\": %.3f, \"slew_ns\": %.3f, \"wire_pf_per_fanout\": %.6f, \"mean_load_pf\": %.6f, "
				      "\"period_ns\": %.6g, \"period_basis\": ",
				      e->vdd, WG_LIB_SLEW_NS, WG_LIB_MAP_WIRE_PF, e->mean_load_pf, e->period_ns);
			wg_buf_json_str(&j, e->period_basis);
			wg_buf_printf(&j, ", \"internal\": %.6f, \"switching\": %.6f, \"clock\": %.6f, \"leakage\": %.6f, "
				      "\"total\": %.6f, \"per_cycle\": %.6f, \"instances\": %ld}",
				      e->internal_pj, e->switching_pj, e->clock_pj, e->leakage_pj, e->total_pj, e->total_pj / cyc,
				      e->lib_instances);
			wg_buf_printf(&j, ",\n    \"clock_gated_pj\": ");
			if (e->gated_ok) {
				wg_buf_printf(&j, "{\"icg_cell\": ");
				wg_buf_json_str(&j, e->icg_cell);
				wg_buf_printf(&j, ", \"icgs\": %ld, \"gated_flops\": %ld, \"enabled_share\": %.6f, "
					      "\"clock\": %.6f, \"icg_own\": %.6f, \"total\": %.6f, \"per_cycle\": %.6f}",
					      e->icg_groups, e->gated_flops, e->gated_on_share, e->gated_clock_pj, e->icg_pj,
					      e->gated_total_pj, e->gated_total_pj / cyc);
			} else {
				wg_buf_printf(&j, "null, \"clock_gated_note\": ");
				wg_buf_json_str(&j, e->gated_note);
			}
		} else {
			wg_buf_printf(&j, "null, \"activity_note\": ");
			wg_buf_json_str(&j, e->note);
		}
		int tab = e->table_ok && e->table_pj > 0;
		if (tab)
			wg_buf_printf(&j, ", \"table_energy_pj\": %.6f", e->table_pj);
		else
			wg_buf_printf(&j, ", \"table_energy_pj\": null");
		if (tab && e->ok) {
			wg_buf_printf(&j, ", \"ratio\": %.9g", e->total_pj / e->table_pj);
			if (e->gated_ok)
				wg_buf_printf(&j, ", \"ratio_clock_gated\": %.9g", e->gated_total_pj / e->table_pj);
			if (e->table_note[0]) {
				wg_buf_printf(&j, ", \"table_note\": ");
				wg_buf_json_str(&j, e->table_note);
			}
		} else {
			wg_buf_printf(&j, ", \"ratio\": null, \"ratio_note\": ");
			wg_buf_json_str(&j, !e->ok ? "no activity energy" : no_table_note(e));
		}
	}
	wg_buf_printf(&j, ",\n    \"types\": [");
	for (int i = 0; i < r->ntypes; i++) {
		wg_buf_printf(&j, "%s\n      {\"type\": ", i ? "," : "");
		wg_buf_json_str(&j, r->types[i].name);
		wg_buf_printf(&j, ", \"cells\": %ld, \"flop\": %s", r->types[i].cells, r->types[i].flop ? "true" : "false");
		if (r->have_toggles)
			wg_buf_printf(&j, ", \"toggles\": %llu", (unsigned long long)r->types[i].toggles);
		if (r->en.ok && r->flow != WG_SYNTH_MAPPED) {
			wg_buf_printf(&j, ", \"liberty_cells\": ");
			wg_buf_json_str(&j, r->types[i].lib_cell);
			wg_buf_printf(&j, ", \"activity_energy_pj\": %.6f", r->types[i].energy_pj);
		}
		wg_buf_printf(&j, "}");
	}
	wg_buf_printf(&j, "]}");
	int rc = wg_json_file_append(path, j.s, err, n);
	wg_buf_free(&j);
	return rc;
}
