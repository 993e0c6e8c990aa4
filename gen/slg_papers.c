/* slg_papers.c - the sync-aware power-gating controller against Jooya &
 * Baniasadi DATE'13, declared as wg_papers_slg: its storage against the
 * paper's control circuit (§III-A: two mode flip-flops per warp, a 10-bit
 * S-stall counter and a block-size register), and its area against the
 * paper's "less than 0.5 %" of the register file it gates (64 KB, B10). */
#include <stdio.h>

#include "wg_papers_def.h"
#include "wg_scale.h"

static void storage_rows(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c)
{
	if (wg_papers_param(c, "WARPS") != 32)
		return; /* the paper's shader: 1024 threads, 32 warps */
	char s1[128], s2[128], src[300];
	const wg_json *p = wg_papers_parts(c->manifest, NULL);
	double mb = wg_papers_val(x, t, "slg_ctrl", "mode_bits", s1, sizeof s1);
	wg_papers_row(x, WG_PAPERS_STORAGE, "Jooya §III-A, Fig. 3", "mode flip-flops, 2 per warp (ours: 3-bit region state)", c, mb, s1,
		      wg_papers_bits(p, "region state per warp", 0), "bits", NULL);
	double cb = wg_papers_val(x, t, "slg_ctrl", "sstall_counter_bits", s2, sizeof s2);
	/* the block-size register's width is not given: counted as wide as the counter */
	snprintf(src, sizeof src, "%s; %s", s1, s2);
	wg_buf why = {0};
	wg_papers_additions(&why, &p, 1, "the paper");
	wg_papers_row(x, WG_PAPERS_STORAGE, "Jooya §III-A",
		      "mode flops + S-stall counter + block-size register (width not given: 10)", c, mb + 2 * cb, src,
		      wg_json_num(wg_json_get(c->manifest, "storage_bits"), -1), "bits", why.s);
	wg_buf_free(&why);
}

static void area_rows(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c)
{
	const char *lib;
	double node = wg_papers_lib_node(c->area, &lib), um2 = wg_json_num(wg_json_get(c->area, "area_um2"), -1), at40;
	char e[200], s1[128], s2[128], why[300];
	if (node <= 0 || um2 < 0 || wg_sc_area(um2, node, 40.0, &at40, e, sizeof e) != 0)
		return;
	double max = wg_papers_val(x, t, "slg_ctrl", "area_overhead_max", s1, sizeof s1);
	double rf = wg_papers_val(x, t, "rf", "area", s2, sizeof s2);
	snprintf(why, sizeof why,
		 "ours: %.0f um^2 (%s) x (40/%.0f)^2 = %.0f um^2 at 40 nm / the 64 KB register file's %.0f um^2 (%s); "
		 "the paper's is an upper bound",
		 um2, lib, node, at40, rf, s2);
	wg_papers_row(x, WG_PAPERS_OWN, "Jooya §III-A", "controller area / register-file area (< 0.5 %)", c, max, s1,
		      rf > 0 ? at40 / rf : -1, "fraction", why);
}

static void slg_rows(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c)
{
	if (c->manifest)
		storage_rows(x, t, c);
	if (c->area)
		area_rows(x, t, c);
}

const wg_papers_def wg_papers_slg = {
	.table = "jooya2013.tsv",
	.storage = {.order = 7, .title = "SLG controller", .when = "slg at 32 warps"},
	.rows = slg_rows,
	.key = "slg",
	.title = "Sync-aware power gating (Jooya & Baniasadi DATE'13): area",
	.none = "no slg area result (`warpgen area slg --json F`, then `warpgen report ... F`)",
};
