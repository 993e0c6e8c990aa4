/* memra_papers.c - MEM_RA's stall counters and predictor against Xie et al.
 * 2017 (P1), declared as wg_papers_memra: the storage against the paper's
 * "thirty-two 11-bit counters" (§4.1.2.3) and A3's one per warp slot, with
 * our additions and Yosys's flip-flop count; its area and power against
 * the paper's overheads for all the hardware MEM_RA adds (2 % of the RF's
 * area, ~1.2 % of its power, §4.1.2.3), which also hold the rename stage:
 * for the counters and the ALU alone they are upper bounds. */
#include <stdio.h>

#include "wg_papers_def.h"
#include "wg_scale.h"

static void storage_rows(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c)
{
	if (wg_papers_param(c, "CNT_BITS") != 11)
		return; /* the paper's counters are 11 bits */
	double W = wg_papers_param(c, "WARPS");
	char s1[128], s2[128], why[400];
	const wg_json *p = wg_papers_parts(c->manifest, NULL);
	double cnt = wg_papers_bits(p, "stall counters", 0);
	double p32 = wg_papers_val(x, t, "stall_counter", "storage_bits", s1, sizeof s1);
	snprintf(why, sizeof why,
		 "%s: one counter per warp slot (A3: 1536 threads / 32 = 48 slots, P1 Table 1; the paper's 'thirty-two' "
		 "cannot serve 48 warps)",
		 W == 32 ? "equal" : "ours has WARPS counters");
	wg_papers_row(x, WG_PAPERS_STORAGE, "Xie §4.1.2.3", "stall counters, 32 x 11 bit (ours: WARPS x CNT_BITS)", c, p32,
		      s1, cnt, "bits", W == 32 ? NULL : why);
	if (W == 48) {
		double p48 = wg_papers_val(x, t, "stall_counter", "storage_bits_per_warp_slot", s2, sizeof s2);
		wg_papers_row(x, WG_PAPERS_STORAGE, "Xie §4.1.2.3, Table 1 (A3)", "stall counters, one per warp slot, 48 x 11 bit",
			      c, p48, s2, cnt, "bits", NULL);
	}
	/* the whole block: the counters and our additions, and what Yosys kept */
	wg_buf add = {0};
	wg_papers_additions(&add, &p, 1, "the paper");
	double total = wg_json_num(wg_json_get(c->manifest, "storage_bits"), -1);
	wg_papers_row(x, WG_PAPERS_STORAGE, "Xie §4.1.2.3", "stall counters + the block's other state (phase, last_q, smp_q, pc_q)",
		      c, p32, s1, total, "bits", add.s);
	wg_buf_free(&add);
	double flops = c->area ? wg_json_num(wg_json_get(c->area, "flop_bits"), -1) : -1;
	if (flops >= 0) {
		snprintf(why, sizeof why,
			 "Yosys's flip-flops of the generated block (`warpgen area`); storage_bits predicts %.0f: the counters, "
			 "the phase bits and our sample registers",
			 total);
		wg_papers_row(x, WG_PAPERS_STORAGE, "Xie §4.1.2.3", "flip-flops Yosys keeps", c, p32, s1, flops, "bits", why);
	}
}

/* Area: ours at 40 nm against 2 % of the RF (rename stage + counters + ALU). */
static void area_row(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c)
{
	const char *lib;
	double node = wg_papers_lib_node(c->area, &lib), um2 = wg_json_num(wg_json_get(c->area, "area_um2"), -1), at40;
	char e[200], s1[128], s2[128], why[400];
	if (node <= 0 || um2 < 0 || wg_sc_area(um2, node, 40.0, &at40, e, sizeof e) != 0)
		return;
	double frac = wg_papers_val(x, t, "mem_ra_hw", "area_fraction_of_rf", s1, sizeof s1);
	double rf = wg_papers_val(x, t, "memra_ref", "rf_area", s2, sizeof s2);
	snprintf(why, sizeof why,
		 "ours: %.0f um^2 (%s) x (40/%.0f)^2 = %.0f um^2 at 40 nm / the 128 KB RF's %.0f um^2 (%s); "
		 "the paper's 2 %% also holds the rename stage (RAT and FIFOs, 5120 bits): an upper bound",
		 um2, lib, node, at40, rf, s2);
	wg_papers_row(x, WG_PAPERS_OWN, "Xie §4.1.2.3", "counters + ALU area / RF area (paper: all MEM_RA hardware, 2 %)", c,
		      frac, s1, rf > 0 ? at40 / rf : -1, "fraction", why);
}

/* Power: ours (a co-simulated run's energy per cycle, at the core clock) against ~1.2 % of the RF's. */
static void power_row(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c)
{
	double pj = wg_json_num(wg_json_path(c->cosim, "energy_pj.total"), -1);
	double cyc = wg_json_num(wg_json_get(c->cosim, "cycles"), -1);
	if (pj < 0 || cyc <= 0)
		return;
	char s1[128], s2[128], s3[128], why[500];
	double frac = wg_papers_val(x, t, "mem_ra_hw", "power_fraction_of_rf", s1, sizeof s1);
	double rf = wg_papers_val(x, t, "memra_ref", "rf_leakage", s2, sizeof s2);
	double ghz = wg_papers_val(x, t, "memra_tech", "clock", s3, sizeof s3);
	double mw = pj / cyc * ghz;
	snprintf(why, sizeof why,
		 "ours: %.4g pJ a cycle over the run (the random stream's loads, completions and grants; its rate of loads "
		 "is far above a kernel's) x %g GHz = %.3g mW / the RF's leakage alone, %.4g mW (%s: a lower bound of the "
		 "RF power P1 means); the paper's 1.2 %% also holds the rename stage",
		 pj / cyc, ghz, mw, rf, s2);
	wg_papers_row(x, WG_PAPERS_OWN, "Xie §4.1.2.3", "counters + ALU power / RF power (paper: all MEM_RA hardware, ~1.2 %)",
		      c, frac, s1, rf > 0 ? mw / rf : -1, "fraction", why);
}

static void memra_rows(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c)
{
	if (c->manifest)
		storage_rows(x, t, c);
	if (c->area)
		area_row(x, t, c);
	if (c->cosim)
		power_row(x, t, c);
}

const wg_papers_def wg_papers_memra = {
	.table = "xie2017.tsv",
	.storage = {.order = 8, .title = "MEM_RA stall counters", .when = "memra at CNT_BITS=11"},
	.rows = memra_rows,
	.key = "memra",
	.title = "MEM_RA stall counters and predictor (Xie et al. 2017): area and power overhead",
	.none = "no memra area or co-simulation result (`warpgen area memra --json F`, `warpgen cosim memra --json F`, then "
		"`warpgen report ... F`)",
};
