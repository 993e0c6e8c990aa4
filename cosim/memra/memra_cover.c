/* memra_cover.c - MEM_RA's functional coverage points (docs/memra.md
 * "Functional coverage points"): each a condition on the inputs and the C
 * model's state (counters, phases, last_q, smp_q, pc_q) at the start of a
 * cycle, evaluated as docs/memra.md "One cycle" and "Next state at the edge"
 * define them (dn, prev, Eq. 1's branch, the first rule that applies). */
#include "memra_cover.h"

#include "wg_kit.h"

enum {
	P_SC_ZERO,
	P_THR_EDGE,
	P_SC_MUL,
	P_SC_FULL,
	P_SC_NO_SAMPLE,
	P_DONE_SATURATED,
	P_DONE_NOT_MEAS,
	P_DONE_WITH_LOAD,
	P_MEAS_SATURATED,
	P_LOAD_DISCARDS,
	P_LOAD_REISSUE,
	P_LOADS_SAME_CYCLE,
	P_GRANT_LEAVES_1,
	P_GRANT_LEAVES_0,
	P_PRIO_NO_WANT,
	P_DONE_WITH_GRANT,
	P_SAMPLE_WITH_DONE,
	P_SAMPLE_NO_DONE,
	P_ALL_MEASURING,
	P_RESET_BUSY,
	MEMRA_NCOV
};

const wg_cov_point memra_cov_points[MEMRA_NCOV] = {
	[P_SC_ZERO] = {"completion_within_thr",
		"a completion with prev <= THR_ACC: budget 0 (Eq. 1, spec §2.1.4; docs/memra.md One cycle)",
		"eq1_oracle"},
	[P_THR_EDGE] = {"completion_at_thr_edge",
		"a completion with prev = THR_ACC or THR_ACC + 1 (Eq. 1's boundary, A8)",
		"eq1_oracle"},
	[P_SC_MUL] = {"completion_scaled",
		"a completion with prev > THR_ACC and 0 < smp_q < 2^REF_SHIFT: multiply then shift (Eq. 1, A8)",
		"eq1_oracle saturate_2047 sample_period"},
	[P_SC_FULL] = {"completion_full_branch",
		"a completion with prev > THR_ACC at smp_q >= 2^REF_SHIFT: SC = prev - THR_ACC (Eq. 1, A8)",
		"eq1_oracle new_load_discards_budget completion_sees_old odd_budget last_piece"},
	[P_SC_NO_SAMPLE] = {"completion_before_sample",
		"a completion with prev > THR_ACC while smp_q = 0 (no sample yet since reset: budget 0, A7)",
		"saturate_2047 new_load_discards_budget completion_sees_old odd_budget sample_period last_piece"},
	[P_DONE_SATURATED] = {"completion_saturated",
		"a completion of a saturated counter: prev = 2^CNT_BITS - 1 (W-P1-7; One cycle, sat)",
		"eq1_oracle saturate_2047"},
	[P_DONE_NOT_MEAS] = {"completion_outside_measure",
		"done_valid_i for a warp in BUDGET: ignored (A6; docs/memra.md One cycle, dn)",
		"new_load_discards_budget last_piece"},
	[P_DONE_WITH_LOAD] = {"completion_with_new_load",
		"cross: a completion of a measuring warp in the cycle its new load leaves: the load wins (A6; Next state rule 1)",
		NULL},
	[P_MEAS_SATURATED] = {"counter_held_at_max",
		"a measuring counter at 2^CNT_BITS - 1 that keeps counting: it stays (W-P1-7; Next state rule 3)",
		"eq1_oracle saturate_2047"},
	[P_LOAD_DISCARDS] = {"load_discards_budget",
		"a new load of a warp in BUDGET with cnt > 0: the budget is discarded (W-P1-6; Next state rule 1)",
		"eq1_oracle new_load_discards_budget"},
	[P_LOAD_REISSUE] = {"load_while_measuring",
		"a new load of a warp still in MEASURE: its counter restarts (A4, A6; Next state rule 1)",
		NULL},
	[P_LOADS_SAME_CYCLE] = {"loads_same_cycle",
		"two or more warps' loads leave in one cycle (the start event counts them; docs/memra.md Events)",
		"completion_sees_old odd_budget last_piece"},
	[P_GRANT_LEAVES_1] = {"grant_leaves_one",
		"a grant at cnt = 3: 1 left, priority without TFET (W-P1-8, A9)",
		"odd_budget"},
	[P_GRANT_LEAVES_0] = {"grant_leaves_zero",
		"a grant at cnt = 2: the budget is spent (A9; Next state rule 4)",
		"odd_budget"},
	[P_PRIO_NO_WANT] = {"priority_without_tfet",
		"a warp in BUDGET with cnt = 1: prio_o 1, want_o 0 (W-P1-8, A9)",
		"eq1_oracle odd_budget"},
	[P_DONE_WITH_GRANT] = {"completion_with_grant",
		"cross: a completion and a grant of another warp in one cycle: the renaming sees the old state (W-P1-5, A8)",
		"completion_sees_old odd_budget"},
	[P_SAMPLE_WITH_DONE] = {"sample_end_with_completion",
		"cross: a completion in the sample period's last cycle: smp_q takes it (A7; Next state, pc_q)",
		"eq1_oracle saturate_2047 new_load_discards_budget completion_sees_old odd_budget sample_period last_piece"},
	[P_SAMPLE_NO_DONE] = {"sample_end_without_completion",
		"SAMPLE_PERIOD > 1: a period ends without a completion in its last cycle: smp_q takes last_q as it is (A7)",
		"saturate_2047 sample_period"},
	[P_ALL_MEASURING] = {"every_warp_measuring",
		"every warp in MEASURE at once (no want, no priority anywhere; A4)",
		NULL},
	[P_RESET_BUSY] = {"reset_with_budget",
		"a mid-run reset (kernel boundary, W-P1-16) while some warp measures or holds a budget",
		NULL},
};
_Static_assert(MEMRA_NCOV == MEMRA_NCOV_POINTS, "MEMRA_NCOV_POINTS in memra_cover.h");

void memra_cover(const wg_layout *L, const mr_model *m, const uint32_t *in, uint64_t *hits)
{
	const mr_cfg *c = mr_config(m);
	const int W = c->warps;
	const unsigned MAX = (1u << c->cnt_bits) - 1u, cb = (unsigned)c->cnt_bits;
	const uint32_t *cntp = mr_cnt_packed(m); /* the counters as cnt_o: read inline, not a call a warp */
	uint64_t meas = mr_meas(m);
	if (wg_port_get(L, in, MR_RST_I)) {
		for (int w = 0; w < W; w++)
			if (((meas >> w) & 1u) || mr_cnt(m, w) > 0) {
				hits[P_RESET_BUSY]++;
				break;
			}
		return;
	}
	uint64_t ld = wg_port_get(L, in, MR_LD_I), grant = wg_port_get(L, in, MR_GRANT_I);
	int dv = (int)wg_port_get(L, in, MR_DONE_VALID_I);
	int dw = dv ? (int)wg_port_get(L, in, MR_DONE_WARP_I) : -1;
	int nld = 0;
	for (int w = 0; w < W; w++) {
		unsigned cnt = (unsigned)wg_get(cntp, (unsigned)w * cb, cb);
		int mw = (int)((meas >> w) & 1u), l = (int)((ld >> w) & 1u);
		nld += l;
		if (l && mw)
			hits[P_LOAD_REISSUE]++;
		if (l && !mw && cnt > 0)
			hits[P_LOAD_DISCARDS]++;
		if (mw && !l && w != dw && cnt == MAX)
			hits[P_MEAS_SATURATED]++;
		if (!mw && cnt == 1)
			hits[P_PRIO_NO_WANT]++;
		if (((grant >> w) & 1u) && cnt == 3)
			hits[P_GRANT_LEAVES_1]++;
		if (((grant >> w) & 1u) && cnt == 2)
			hits[P_GRANT_LEAVES_0]++;
	}
	if (nld >= 2)
		hits[P_LOADS_SAME_CYCLE]++;
	if (W > 0 && meas == wg_ones64(W))
		hits[P_ALL_MEASURING]++;
	int dn = 0;
	if (dw >= 0) {
		int mw = (int)((meas >> dw) & 1u), l = (int)((ld >> dw) & 1u);
		if (!mw)
			hits[P_DONE_NOT_MEAS]++;
		else if (l)
			hits[P_DONE_WITH_LOAD]++;
		dn = mw && !l;
	}
	if (dn) {
		unsigned cnt = (unsigned)mr_cnt(m, dw);
		unsigned prev = cnt + 1 > MAX ? MAX : cnt + 1, smp = mr_sample(m);
		unsigned thr = (unsigned)c->thr_acc;
		if (prev <= thr)
			hits[P_SC_ZERO]++;
		else if (smp >= (1u << c->ref_shift))
			hits[P_SC_FULL]++;
		else if (smp == 0)
			hits[P_SC_NO_SAMPLE]++;
		else
			hits[P_SC_MUL]++;
		if (prev == thr || prev == thr + 1)
			hits[P_THR_EDGE]++;
		if (prev == MAX)
			hits[P_DONE_SATURATED]++;
		if (grant & ~(1ull << dw))
			hits[P_DONE_WITH_GRANT]++;
	}
	if (mr_pc(m) == (unsigned)c->sample_period - 1u && c->sample_period > 1)
		hits[dn ? P_SAMPLE_WITH_DONE : P_SAMPLE_NO_DONE]++;
}
