/* sched2l_cover.c - the two-level scheduler's functional coverage points
 * (docs/sched2l.md "Functional coverage points"): each a condition on the
 * inputs and the C model's state at the start of a cycle, with the per-slot
 * conditions md, bd, dc, el and the promotion candidates of docs/sched2l.md
 * "One cycle", and on the outputs where the page defines the corner case by
 * what the block does (a demotion, a promotion, an issue). */
#include "sched2l_cover.h"

#include "wg_bits.h"
#include "wg_kit.h"

enum {
	P_DEM_PRO_SAME,
	P_PRO_SKIPS_DRAINING,
	P_BUSY_NOT_PROMOTED,
	P_WAIT_FOR_FREE,
	P_MARK_RETURNED,
	P_MARK_STILL_PENDING,
	P_RESUMED_ISSUE,
	P_BAR_DEMOTE,
	P_BAR_AND_MARK,
	P_ALL_SLOTS_BARRIER,
	P_MULTI_DEMOTE,
	P_PRO_SKIPS_PENDING,
	P_PRO_WRAPS,
	P_EXIT,
	P_EXIT_DEMOTE_SAME,
	P_LAUNCH_MULTI,
	P_GREEDY_FALLBACK,
	P_SEARCH_WRAPS,
	P_GTO_OLDEST,
	P_GTO_AGE_NOT_SLOT,
	P_TRWS_PRIO_BEATS_GREEDY,
	P_TRWS_PRIO_INELIGIBLE,
	P_RESET_MIDRUN,
	S2L_NCOV
};

const wg_cov_point s2l_cov_points[S2L_NCOV] = {
	[P_DEM_PRO_SAME] = {"demote_and_promote_same_cycle",
		"a demotion and a promotion in one cycle (spec §9 #7; docs/sched2l.md One cycle 3-4)",
		"promotion_round_robin barrier_all_active demote_and_promote_same_cycle trws_priority_beats_greedy"},
	[P_PRO_SKIPS_DRAINING] = {"promote_skips_draining_slot",
		"cross: a promotion while a lower released slot is still draining (slot_free_i low): it takes the next free slot (spec §8 #8, #11; One cycle 4)",
		"demote_and_promote_same_cycle"},
	[P_BUSY_NOT_PROMOTED] = {"busy_warp_not_promoted",
		"a pending warp ready for promotion whose previous slot has not been freed (busy): not promoted (spec §8 #11, §9 #4; One cycle 4)",
		"slot_reuse_waits_for_free"},
	[P_WAIT_FOR_FREE] = {"promotion_waits_for_free_slot",
		"a promotion candidate and a released slot, but every released slot still draining: no promotion (spec §8 #11; One cycle 4)",
		"demote_and_promote_same_cycle"},
	[P_MARK_RETURNED] = {"marked_value_returned",
		"an active warp's marked consumer whose value has already returned (mark_i, llp_i low, not resumed): demoted under ALWAYS, issues under PENDING (spec §9 #12, §8 #6)",
		"marked_value_returned_always marked_value_returned_pending slot_reuse_waits_for_free gto_age_is_launch_order trws_priority_beats_greedy trws_prio_not_promoted_first"},
	[P_MARK_STILL_PENDING] = {"demote_mark_value_pending",
		"a demotion for a marked consumer whose value is still pending (llp_i; spec §3.3, §8 #6)",
		"promotion_round_robin marked_value_returned_pending demote_and_promote_same_cycle slot_reuse_waits_for_free"},
	[P_RESUMED_ISSUE] = {"resumed_mark_issues",
		"a re-promoted warp issues its marked instruction without a second demotion (rsm_q; docs/sched2l.md Decisions)",
		"marked_value_returned_always marked_value_returned_pending slot_reuse_waits_for_free gto_age_is_launch_order"},
	[P_BAR_DEMOTE] = {"barrier_demotion",
		"a warp blocked at a barrier is demoted (dem_cause_o = 1; spec §8 #16)",
		"barrier_all_active gto_age_is_launch_order trws_priority_beats_greedy"},
	[P_BAR_AND_MARK] = {"barrier_and_mark_demotion",
		"cross: the demoted slot is a candidate for both a mark and a barrier: the barrier cause wins (One cycle 3)"},
	[P_ALL_SLOTS_BARRIER] = {"all_active_at_barrier",
		"every slot holds a warp and every one of them waits at a barrier (spec §9 #13; deadlock with BARRIER_DEMOTE = 0)",
		"barrier_all_active"},
	[P_MULTI_DEMOTE] = {"several_demotion_candidates",
		"two or more slots are demotion candidates: only the lowest is demoted this cycle (spec §8 #8; Decisions)",
		"promotion_round_robin barrier_all_active"},
	[P_PRO_SKIPS_PENDING] = {"promote_skips_pointer_warp",
		"a promotion while the warp at the pointer pp_q is pending but not a candidate (its value pending, at a barrier, or its old slot draining): a later warp is promoted (spec §3.4, §8 #8, #11)",
		"promotion_round_robin marked_value_returned_always marked_value_returned_pending slot_reuse_waits_for_free exit_and_launch gto_age_is_launch_order trws_priority_beats_greedy"},
	[P_PRO_WRAPS] = {"promotion_pointer_wraps",
		"a promotion whose warp id is below the pointer pp_q (the round robin wraps; spec §8 #8)",
		"marked_value_returned_always marked_value_returned_pending slot_reuse_waits_for_free exit_and_launch gto_age_is_launch_order trws_priority_beats_greedy"},
	[P_EXIT] = {"exit_releases_slot",
		"an EXIT issues: the warp leaves and its slot is released with no TAG stage (spec §8 #17, §9 #14)",
		"barrier_all_active exit_and_launch gto_oldest_after_relaunch trws_priority_beats_greedy"},
	[P_EXIT_DEMOTE_SAME] = {"exit_and_demote_same_cycle",
		"cross: an EXIT and a demotion in one cycle release two slots (One cycle 2-3)"},
	[P_LAUNCH_MULTI] = {"launch_several_warps",
		"two or more warps launched in one cycle (a CTA; GTO ages by id; spec §8 #28)",
		"gto_oldest_after_relaunch"},
	[P_GREEDY_FALLBACK] = {"greedy_falls_back",
		"SELECT = GREEDY: the current slot's warp cannot issue and another slot issues (spec §8 #9)",
		"greedy_keeps_warp barrier_all_active slot_reuse_waits_for_free exit_and_launch"},
	[P_SEARCH_WRAPS] = {"select_search_wraps",
		"SELECT = GREEDY or RR: the issued slot is below the search start (the search wraps; One cycle 1)",
		"greedy_keeps_warp rr_rotates barrier_all_active"},
	[P_GTO_OLDEST] = {"gto_greedy_stalls_oldest_issues",
		"SELECT = GTO or TRWS: the greedy warp is valid but not a candidate; the oldest candidate issues (P1 Table 1; GTO and TRWS)",
		"gto_keeps_greedy_then_oldest gto_oldest_after_relaunch gto_age_is_launch_order trws_priority_beats_greedy trws_prio_tie_gto_order"},
	[P_GTO_AGE_NOT_SLOT] = {"gto_oldest_not_lowest_slot",
		"SELECT = GTO or TRWS: the oldest candidate issues and it is not the candidate of the lowest slot (age is launch order, not slot order; Decisions)",
		"gto_oldest_after_relaunch gto_age_is_launch_order"},
	[P_TRWS_PRIO_BEATS_GREEDY] = {"trws_prio_beats_greedy",
		"SELECT = TRWS: the greedy warp can issue without prio_i while another eligible warp has it: the prioritized warp issues (W-P1-14, A21)",
		"trws_priority_beats_greedy trws_prio_tie_gto_order"},
	[P_TRWS_PRIO_INELIGIBLE] = {"trws_prio_on_ineligible_warp",
		"SELECT = TRWS: prio_i is high for an active warp that cannot issue (stalled, demoting, at a barrier), ignored (W-P1-14; Ports)",
		"trws_priority_beats_greedy trws_prio_tie_gto_order"},
	[P_RESET_MIDRUN] = {"reset_mid_run",
		"a reset while the state differs from the reset state (a warp not resident, a slot released or holding another warp; spec §9 #18)"},
};
_Static_assert(S2L_NCOV == S2L_NCOV_POINTS, "S2L_NCOV_POINTS in sched2l_cover.h");

static int bit(uint64_t v, int i) { return (int)((v >> i) & 1u); }

void s2l_cover(const wg_layout *L, const s2l_model *m, const uint32_t *in, const uint32_t *out, uint64_t *hits)
{
	const s2l_cfg *c = s2l_config(m);
	const int A = c->active, W = c->warps;
	const int gto = c->select == S2L_GTO || c->select == S2L_TRWS;
	uint64_t res = s2l_resident(m), act = s2l_active(m), rsm = s2l_resumed(m), sv = s2l_slots_valid(m);
	if (wg_port_get(L, in, S2L_RST_I)) {
		int differs = res != wg_ones64(W) || sv != wg_ones64(A);
		for (int s = 0; s < A && !differs; s++)
			differs = s2l_slot_warp(m, s) != s;
		if (differs)
			hits[P_RESET_MIDRUN]++;
		return;
	}
	uint64_t rdy = wg_port_get(L, in, S2L_RDY_I), mark = wg_port_get(L, in, S2L_MARK_I);
	uint64_t llp = wg_port_get(L, in, S2L_LLP_I), bar = wg_port_get(L, in, S2L_BAR_I);
	uint64_t launch = wg_port_get(L, in, S2L_LAUNCH_I), sfree = wg_port_get(L, in, S2L_SLOT_FREE_I);
	uint64_t prio = L->width[S2L_PRIO_I] ? wg_port_get(L, in, S2L_PRIO_I) : 0;
	int iss = (int)wg_port_get(L, out, S2L_ISS_VALID_O);
	int iss_slot = (int)wg_port_get(L, out, S2L_ISS_SLOT_O), iss_warp = (int)wg_port_get(L, out, S2L_ISS_WARP_O);
	int dem = (int)wg_port_get(L, out, S2L_DEM_VALID_O), dem_slot = (int)wg_port_get(L, out, S2L_DEM_SLOT_O);
	int dem_warp = (int)wg_port_get(L, out, S2L_DEM_WARP_O), cause = (int)wg_port_get(L, out, S2L_DEM_CAUSE_O);
	int pro = (int)wg_port_get(L, out, S2L_PRO_VALID_O), pro_slot = (int)wg_port_get(L, out, S2L_PRO_SLOT_O);
	int pro_warp = (int)wg_port_get(L, out, S2L_PRO_WARP_O);
	int ext = (int)wg_port_get(L, out, S2L_EXT_VALID_O);

	/* per slot: md, bd, dc, el (docs/sched2l.md One cycle) */
	uint64_t md = 0, bd = 0, el = 0, elw = 0, allbar = sv == wg_ones64(A);
	int returned = 0;
	for (int s = 0; s < A; s++) {
		if (!bit(sv, s))
			continue;
		int w = s2l_slot_warp(m, s);
		int m_ = bit(mark, w) && !bit(rsm, w) && (c->suspend == S2L_ALWAYS || bit(llp, w));
		int b_ = c->barrier_demote && bit(bar, w);
		md |= (uint64_t)m_ << s;
		bd |= (uint64_t)b_ << s;
		if (bit(rdy, w) && !bit(bar, w) && !m_ && !b_) {
			el |= UINT64_C(1) << s;
			elw |= UINT64_C(1) << w;
		}
		if (!bit(bar, w))
			allbar = 0;
		if (bit(mark, w) && !bit(llp, w) && !bit(rsm, w))
			returned = 1;
	}
	if (returned)
		hits[P_MARK_RETURNED]++;
	uint64_t dc = md | bd;
	if (allbar)
		hits[P_ALL_SLOTS_BARRIER]++;
	if (wg_popc64(dc) >= 2)
		hits[P_MULTI_DEMOTE]++;

	/* demotion */
	if (dem) {
		if (cause == S2L_CAUSE_BARRIER) {
			hits[P_BAR_DEMOTE]++;
			if (bit(md, dem_slot))
				hits[P_BAR_AND_MARK]++;
		} else if (bit(llp, dem_warp))
			hits[P_MARK_STILL_PENDING]++;
		if (pro)
			hits[P_DEM_PRO_SAME]++;
		if (ext)
			hits[P_EXIT_DEMOTE_SAME]++;
	}
	/* promotion: candidates, busy warps, free slots (One cycle 4) */
	uint64_t busy = 0, draining = 0, freeslots = 0;
	for (int s = 0; s < A; s++) {
		if (bit(sv, s))
			continue;
		if (bit(sfree, s))
			freeslots |= UINT64_C(1) << s;
		else {
			draining |= UINT64_C(1) << s;
			busy |= UINT64_C(1) << s2l_slot_warp(m, s);
		}
	}
	uint64_t pend = res & ~act & ~llp & ~bar;
	uint64_t cand = pend & ~busy;
	if (pend & busy)
		hits[P_BUSY_NOT_PROMOTED]++;
	if (cand && draining && !freeslots)
		hits[P_WAIT_FOR_FREE]++;
	if (pro) {
		if (draining & wg_ones64(pro_slot))
			hits[P_PRO_SKIPS_DRAINING]++;
		int pp = s2l_promote_ptr(m);
		if (pro_warp != pp && bit(res, pp) && !bit(act, pp) && !bit(cand, pp))
			hits[P_PRO_SKIPS_PENDING]++;
		if (pro_warp < pp)
			hits[P_PRO_WRAPS]++;
	}
	/* issue */
	if (iss && bit(rsm, iss_warp) && bit(mark, iss_warp))
		hits[P_RESUMED_ISSUE]++;
	if (ext)
		hits[P_EXIT]++;
	if (wg_popc64(launch) >= 2)
		hits[P_LAUNCH_MULTI]++;
	if (!gto && iss) {
		int last = s2l_last(m);
		int start = c->select == S2L_RR ? (last + 1) % A : last;
		if (c->select == S2L_GREEDY && iss_slot != last)
			hits[P_GREEDY_FALLBACK]++;
		if (iss_slot < start)
			hits[P_SEARCH_WRAPS]++;
	}
	if (gto && iss) {
		uint64_t cset = elw;
		if (c->select == S2L_TRWS && (elw & prio))
			cset = elw & prio;
		int g = s2l_greedy(m);
		int greedy = g >= 0 && bit(cset, g);
		if (g >= 0 && !greedy)
			hits[P_GTO_OLDEST]++;
		if (!greedy)
			for (int s = 0; s < iss_slot; s++)
				if (bit(el, s) && bit(cset, s2l_slot_warp(m, s))) {
					hits[P_GTO_AGE_NOT_SLOT]++;
					break;
				}
		if (c->select == S2L_TRWS) {
			if (g >= 0 && bit(elw, g) && !bit(prio, g) && (elw & prio))
				hits[P_TRWS_PRIO_BEATS_GREEDY]++;
			if (prio & act & ~elw)
				hits[P_TRWS_PRIO_INELIGIBLE]++;
		}
	}
}
