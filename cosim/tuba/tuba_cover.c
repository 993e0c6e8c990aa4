/* tuba_cover.c - TUBA's functional coverage points (docs/tuba.md
 * "Functional coverage points"): each a condition on the inputs and the C
 * model's state (lim_q, cap_q, pc_q) at the start of a cycle, evaluated as
 * docs/tuba.md "One cycle" defines the cycle (the evaluation instant, lo/hi,
 * lim_n). */
#include "tuba_cover.h"

#include "wg_kit.h"

enum {
	P_DEC,
	P_INC,
	P_FLOOR,
	P_CAP,
	P_CAP_BELOW_MAX,
	P_BAND,
	P_LO_EDGE,
	P_HI_EDGE,
	P_BAND_EDGES,
	P_DEC_BLOCKS_ACCEPT,
	P_INC_OPENS_ACCEPT,
	P_OVER_LIMIT,
	P_RESTART,
	P_START_WINS,
	P_RESTART_BELOW_RES,
	P_NO_KERNEL_DONE,
	P_PERIOD_END,
	P_RESET_WITH_KERNEL,
	TUBA_NCOV
};

const wg_cov_point tuba_cov_points[TUBA_NCOV] = {
	[P_DEC] = {"lower_limit",
		"an evaluation below DW_PCT free lowers the limit (spec §2.1.7; docs/tuba.md One cycle, ev & lo, lim_q > 1)",
		"lower_and_raise floor_and_cap no_preemption period_variant kernel_restart threshold_edges"},
	[P_INC] = {"raise_limit",
		"an evaluation above UP_PCT free raises the limit (spec §2.1.7; docs/tuba.md One cycle, ev & hi, lim_q < cap_q)",
		"lower_and_raise floor_and_cap no_preemption threshold_edges"},
	[P_FLOOR] = {"low_at_floor",
		"a lowering evaluation at the limit 1: it stays 1 (W-P1-13; docs/tuba.md One cycle)",
		"floor_and_cap"},
	[P_CAP] = {"high_at_cap",
		"a raising evaluation at the kernel's cap: it stays (W-P1-13, A19)",
		"floor_and_cap no_preemption kernel_restart"},
	[P_CAP_BELOW_MAX] = {"high_at_occupancy_cap",
		"cross: a raising evaluation at a cap below MAX_BLOCKS (the cap is the kernel's occupancy, A19)",
		"floor_and_cap no_preemption kernel_restart"},
	[P_BAND] = {"eval_in_band",
		"an evaluation with free_i between the thresholds: the limit stays (spec §2.1.7 hysteresis)",
		"lower_and_raise threshold_edges"},
	[P_LO_EDGE] = {"eval_at_last_lowering_count",
		"an evaluation at the last free count that lowers (100 free < DW_PCT TFET_REGS, strict: A19)",
		"lower_and_raise threshold_edges"},
	[P_HI_EDGE] = {"eval_at_first_raising_count",
		"an evaluation at the first free count that raises (100 free > UP_PCT TFET_REGS, strict: A19)",
		"lower_and_raise threshold_edges"},
	[P_BAND_EDGES] = {"eval_at_band_edge",
		"an evaluation at the band's first or last count (one off a threshold: the limit stays, A19)",
		"lower_and_raise threshold_edges"},
	[P_DEC_BLOCKS_ACCEPT] = {"lower_closes_dispatch",
		"cross: this cycle's decrement turns accept_o off (res_i < lim_q but not < lim_n: W-P1-12, the update first)",
		"no_preemption"},
	[P_INC_OPENS_ACCEPT] = {"raise_opens_dispatch",
		"cross: this cycle's increment turns accept_o on (res_i = lim_q: W-P1-12, the update first)",
		NULL},
	[P_OVER_LIMIT] = {"resident_above_limit",
		"more resident blocks than the limit after the update: no preemption, accept_o 0 (W-P1-12)",
		"no_preemption kernel_restart"},
	[P_RESTART] = {"restart_while_running",
		"start_i while a kernel runs: the limit and cap reloaded from occ_i (W-P1-16; docs/tuba.md Decisions)",
		"floor_and_cap no_preemption period_variant kernel_restart"},
	[P_START_WINS] = {"start_in_eval_cycle",
		"cross: start_i in a cycle that would evaluate (a completion's, or a period's end): the start wins, no evaluation (docs/tuba.md Decisions)",
		"kernel_restart"},
	[P_RESTART_BELOW_RES] = {"restart_below_resident",
		"cross: a start whose occupancy is below the resident blocks: accept_o 0 until they complete (docs/tuba.md Decisions, W-P1-12)",
		"no_preemption kernel_restart"},
	[P_NO_KERNEL_DONE] = {"completion_without_kernel",
		"a completion while lim_q = 0 (no kernel since reset): not evaluated (docs/tuba.md One cycle)",
		"kernel_restart"},
	[P_PERIOD_END] = {"period_end_eval",
		"EVAL_PERIOD > 1: an evaluation at pc_q = EVAL_PERIOD - 1 (A19's variant; docs/tuba.md One cycle)",
		"period_variant"},
	[P_RESET_WITH_KERNEL] = {"reset_with_kernel",
		"a mid-run reset while a kernel runs (lim_q != 0): the state goes to 0 (docs/tuba.md Decisions)",
		"kernel_restart"},
};
_Static_assert(TUBA_NCOV == TUBA_NCOV_POINTS, "TUBA_NCOV_POINTS in tuba_cover.h");

static unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }

void tuba_cover(const wg_layout *L, const tb_model *m, const uint32_t *in, uint64_t *hits)
{
	const tb_cfg *c = tb_config(m);
	unsigned lim = tb_lim(m), cap = tb_cap(m), pc = tb_pc(m);
	unsigned P = (unsigned)c->eval_period;
	if (wg_port_get(L, in, TB_RST_I)) {
		if (lim != 0)
			hits[P_RESET_WITH_KERNEL]++;
		return;
	}
	unsigned start = (unsigned)wg_port_get(L, in, TB_START_I);
	unsigned occ = (unsigned)wg_port_get(L, in, TB_OCC_I);
	unsigned done = (unsigned)wg_port_get(L, in, TB_DONE_I);
	unsigned fr = (unsigned)wg_port_get(L, in, TB_FREE_I);
	unsigned res = (unsigned)wg_port_get(L, in, TB_RES_I);
	unsigned tick = P == 0 ? done : P == 1 ? 1u : pc == P - 1u;
	unsigned ev = tick && lim != 0 && !start;
	int lo = tb_low(c, fr), hi = tb_high(c, fr);
	unsigned lim_n = lim;
	if (start)
		lim_n = umin((unsigned)c->max_blocks, occ);
	else if (ev && lo)
		lim_n = lim > 1 ? lim - 1 : 1;
	else if (ev && hi)
		lim_n = umin(cap, lim + 1);

	if (ev) {
		if (lo)
			hits[lim > 1 ? P_DEC : P_FLOOR]++;
		else if (hi) {
			if (lim < cap)
				hits[P_INC]++;
			else {
				hits[P_CAP]++;
				if (cap < (unsigned)c->max_blocks)
					hits[P_CAP_BELOW_MAX]++;
			}
		} else {
			hits[P_BAND]++;
			if ((fr > 0 && tb_low(c, fr - 1)) || tb_high(c, fr + 1))
				hits[P_BAND_EDGES]++;
		}
		if (lo && !tb_low(c, fr + 1))
			hits[P_LO_EDGE]++;
		if (hi && fr > 0 && !tb_high(c, fr - 1))
			hits[P_HI_EDGE]++;
		if (P > 1)
			hits[P_PERIOD_END]++;
		if (lim_n < lim && res < lim && res >= lim_n)
			hits[P_DEC_BLOCKS_ACCEPT]++;
		if (lim_n > lim && res >= lim && res < lim_n)
			hits[P_INC_OPENS_ACCEPT]++;
	}
	if (lim_n != 0 && res > lim_n)
		hits[P_OVER_LIMIT]++;
	if (start && lim != 0) {
		hits[P_RESTART]++;
		if (tick)
			hits[P_START_WINS]++;
	}
	if (start && res > lim_n)
		hits[P_RESTART_BELOW_RES]++;
	if (done && lim == 0)
		hits[P_NO_KERNEL_DONE]++;
}
