/* hrf_sm_papers.c - the hybrid CMOS/TFET register file's added hardware
 * against Xie et al. 2017 (P1), declared as wg_papers_hrf_sm: P1 counts the
 * rename stage (a 256-entry x 10-bit table and the CMOS and TFET free
 * FIFOs, 256 x 10 bits together) and thirty-two 11-bit counters
 * (§4.1.2.3); the composition's renaming table and predictor are ours, with
 * one table entry per (warp, register) where P1's 256 cannot serve 48 warps
 * (spec A2), and the scheduler's and TUBA's state as additions. Its area
 * against P1's "2 % of the register file" when an area result has one. */
#include <stdio.h>

#include "wg_buf.h"
#include "wg_papers_def.h"
#include "wg_scale.h"

static void storage_rows(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c)
{
	char s1[128], s2[128], src[300], why[500];
	double ren = wg_papers_val(x, t, "rename", "storage_bits", s1, sizeof s1);
	double cnt = wg_papers_val(x, t, "stall_counter", "storage_bits", s2, sizeof s2);
	if (ren < 0 || cnt < 0)
		return;
	snprintf(src, sizeof src, "%s + %s", s1, s2);
	const wg_json *parts[4] = {wg_papers_parts(c->manifest, "ren"), wg_papers_parts(c->manifest, "pred"),
				   wg_papers_parts(c->manifest, "sched"), wg_papers_parts(c->manifest, "tuba")};
	double ours = wg_papers_bits(parts[0], "", 0) + wg_papers_bits(parts[1], "", 0);
	wg_buf add = {0};
	wg_papers_additions(&add, parts, 4, "P1");
	snprintf(why, sizeof why,
		 "ours: the renaming table (RT_ENTRIES = %.0f entries, one per (warp, register): P1's 256 cannot map 48 "
		 "warps, spec A2; its free list, flag cache and gating state) and WARPS = %.0f counters; %s",
		 wg_papers_param(c, "RT_ENTRIES"), wg_papers_param(c, "WARPS"), add.s ? add.s : "");
	wg_papers_row(x, WG_PAPERS_STORAGE, "Xie §4.1.2.3",
		      "MEM_RA hardware: rename stage (256 x 10 table + 256 x 10 FIFOs) + 32 x 11 counters; ours: ren + pred",
		      c, ren + cnt, src, ours, "bits", why);
	wg_buf_free(&add);
	double total = wg_json_num(wg_json_get(c->manifest, "storage_bits"), -1);
	wg_papers_row(x, WG_PAPERS_STORAGE, "Xie §4.1.2.3", "the whole composition (scheduler and TUBA included)", c,
		      ren + cnt, src, total, "bits",
		      "the GTO/TRWS scheduler's state (P1 Table 1's scheduler, not counted by P1) and TUBA's limit");
	double flops = c->area ? wg_json_num(wg_json_get(c->area, "flop_bits"), -1) : -1;
	if (flops >= 0)
		wg_papers_row(x, WG_PAPERS_STORAGE, "Xie §4.1.2.3", "flip-flops Yosys keeps (the whole composition)", c,
			      ren + cnt, src, flops, "bits", "Yosys's flip-flops of the generated composition (`warpgen area`)");
}

/* Area: the composition at 40 nm against 2 % of the RF (P1: rename stage + counters + ALU). */
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
		 "ours: %.0f um^2 (%s) x (40/%.0f)^2 = %.0f um^2 at 40 nm / the 128 KB RF's %.0f um^2 (%s); ours also holds "
		 "the warp scheduler and TUBA, and a table entry per (warp, register)",
		 um2, lib, node, at40, rf, s2);
	wg_papers_row(x, WG_PAPERS_OWN, "Xie §4.1.2.3", "composition area / RF area (paper: MEM_RA hardware, 2 %)", c, frac,
		      s1, rf > 0 ? at40 / rf : -1, "fraction", why);
}

static void hrf_sm_rows(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c)
{
	if (c->manifest)
		storage_rows(x, t, c);
	if (c->area)
		area_row(x, t, c);
}

const wg_papers_def wg_papers_hrf_sm = {
	.table = "xie2017.tsv",
	.storage = {.order = 9, .title = "MEM_RA hardware (rename stage and counters)", .when = "hrf_sm"},
	.rows = hrf_sm_rows,
	.key = "hrf_sm",
	.title = "Hybrid CMOS/TFET register file (Xie et al. 2017): the hardware MEM_RA adds",
	.none = "no hrf_sm area in um^2 (`warpgen area hrf_sm --json F` without --flops-only, then `warpgen report ... F`; "
		"the gate mapping of the default takes Yosys 10-25 minutes)",
};
