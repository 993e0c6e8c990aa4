/* sm_rfc_cover.c - sm_rfc's functional coverage points (docs/sm_rfc.md
 * "Functional coverage points"): conditions on the composition's inputs and
 * outputs, the scheduler's and the cache's state (their models inside the
 * composition, wg_comp_child) and the environment's view of the cycle. Most
 * are cross points: a scheduler decision meeting a cache slot that is not
 * in the state the single block's cases see it in. */
#include "sm_rfc_cover.h"

#include "rfc.h"
#include "sched2l.h"
#include "wg_bits.h"
#include "wg_comp.h"
#include "wg_kit.h"

enum {
	P_DEM_PRO_SAME,
	P_DEM_LIVE,
	P_DEM_HIT_INFLIGHT,
	P_DEM_TAG_SAME_SLOT,
	P_DEM_WHILE_DRAINING,
	P_DEM_BARRIER_LIVE,
	P_DEM_MARK_RETURNED,
	P_MARK_ISSUE_NO_DEMOTE,
	P_MARK_ISSUE_RESUMED,
	P_LATE_DRAINING,
	P_LATE_NO_SLOT,
	P_LATE_SUPERSEDES,
	P_LATE_PARTIAL,
	P_HELD_BY_DRAIN,
	P_NO_FREE_SLOT,
	P_PRO_WHILE_DRAINING,
	P_EXIT_WITH_ENTRIES,
	P_EXIT_AND_DEMOTE,
	P_BARRIER_ALL_ACTIVE,
	P_RELAUNCH_WHILE_DRAINING,
	P_DIV_LAST_GATED,
	P_RESET_WHILE_DRAINING,
	SMR_NCOV
};
_Static_assert(SMR_NCOV == SMR_NCOV_POINTS, "SMR_NCOV_POINTS in sm_rfc_cover.h");

const wg_cov_point smr_cov_points[SMR_NCOV] = {
	[P_DEM_PRO_SAME] = {"demote_promote_same_cycle",
		"cross: the scheduler demotes one slot and promotes into another (FREE in the cache) in one cycle "
		"(spec §9 #7; docs/sm_rfc.md \"Why the wiring satisfies both protocols\")",
		"demote_promote_same_cycle slot_reuse_waits_for_drain"},
	[P_DEM_LIVE] = {"demote_with_live_entries",
		"a demotion of a slot holding live entries: the cache drains them (Gebhart §3.3; docs/sm_rfc.md \"Timing\")",
		"demote_promote_same_cycle marked_value_returned"},
	[P_DEM_HIT_INFLIGHT] = {"demote_with_hit_in_flight",
		"cross: a demotion of a slot whose lookup hit is still in the read pipeline (the read returns its data; "
		"spec §9 #4; docs/sm_rfc.md: hits pin their entries until the read)",
		"late_results_of_demoted_warp"},
	[P_DEM_TAG_SAME_SLOT] = {"demote_during_own_lookup",
		"cross: the slot demoted this cycle is the one TAG looks up this cycle (last cycle's issue; docs/sm_rfc.md "
		"\"Why the wiring ...\": the lookup reads the state at the start of the cycle)"},
	[P_DEM_WHILE_DRAINING] = {"demote_while_other_slot_drains",
		"cross: a demotion while another slot still drains valid entries (the drain ports are shared; docs/sm_rfc.md "
		"\"Timing\", docs/rfc.md §5)",
		"demote_promote_same_cycle"},
	[P_DEM_BARRIER_LIVE] = {"barrier_demotion_with_live_entries",
		"a barrier demotion (dem_cause_o = BARRIER) of a slot with live entries (spec §8 #16, §9 #13)",
		"barrier_all_active"},
	[P_DEM_MARK_RETURNED] = {"mark_demotion_value_returned",
		"a mark demotion of a warp whose long-latency value has already returned (llp_i = 0; SUSPEND=ALWAYS, spec §9 "
		"#12)",
		"marked_value_returned"},
	[P_MARK_ISSUE_NO_DEMOTE] = {"marked_issue_without_demotion",
		"a marked consumer issues without having been demoted, its value back (SUSPEND=PENDING, spec §9 #12, §8 #6)",
		"marked_value_returned_pending"},
	[P_MARK_ISSUE_RESUMED] = {"marked_issue_after_repromotion",
		"a marked consumer issues after its warp's demotion and re-promotion (rsm set; spec §8 #6)",
		"demote_promote_same_cycle late_results_of_demoted_warp marked_value_returned slot_reuse_waits_for_drain"},
	[P_LATE_DRAINING] = {"result_into_draining_slot",
		"cross: a result of a demoted warp arrives while the cache still drains its old slot (spec §9 #4; "
		"docs/rfc.md §4 B)",
		"late_results_of_demoted_warp superseded_entry_at_flush"},
	[P_LATE_NO_SLOT] = {"result_of_pending_warp",
		"a result of a warp that holds no slot (its old one drained): a LATE MRF write (spec §9 #4, §8 #10)",
		"late_results_of_demoted_warp"},
	[P_LATE_SUPERSEDES] = {"late_result_supersedes_drain",
		"cross: a full-mask result for a register the warp's DRAINING slot still holds: the old copy is never "
		"drained (spec §9 #5)",
		"superseded_entry_at_flush"},
	[P_LATE_PARTIAL] = {"late_partial_write_through",
		"cross: a divergent result for a register the warp's DRAINING slot holds: written through, the other lanes "
		"kept (spec §9 #5 with #10; docs/sm_rfc.md \"A gap the environment found\", DIV_LIVE)",
		"late_results_of_demoted_warp"},
	[P_HELD_BY_DRAIN] = {"ready_warp_waits_for_own_drain",
		"cross: a ready pending warp whose old slot still drains is not promoted although a released slot is FREE "
		"(busy; spec §8 #11)",
		"slot_reuse_waits_for_drain demote_promote_same_cycle"},
	[P_NO_FREE_SLOT] = {"candidate_but_no_free_slot",
		"cross: a promotable warp waits while every released slot is still DRAINING in the cache (slot_free_i = 0; "
		"docs/sm_rfc.md \"Timing\")",
		"demote_promote_same_cycle"},
	[P_PRO_WHILE_DRAINING] = {"promote_while_other_slot_drains",
		"cross: a promotion into a FREE slot while another slot drains (docs/sm_rfc.md \"Timing\")",
		"demote_promote_same_cycle"},
	[P_EXIT_WITH_ENTRIES] = {"exit_with_valid_entries",
		"an EXIT of a warp whose slot holds valid entries: dropped, no MRF traffic (spec §9 #14, §8 #17)",
		"warp_exit_with_entries"},
	[P_EXIT_AND_DEMOTE] = {"exit_and_demote_same_cycle",
		"cross: one slot exits and another is demoted in one cycle: two slots released at one edge "
		"(docs/sm_rfc.md \"Every edge keeps it\")",
		"warp_exit_with_entries"},
	[P_BARRIER_ALL_ACTIVE] = {"barrier_all_active",
		"at least ACTIVE warps wait at a barrier while a warp they wait for is pending and not at it: without a "
		"barrier demotion every slot would hold a blocked warp (spec §9 #13, §8 #16)",
		"barrier_all_active"},
	[P_RELAUNCH_WHILE_DRAINING] = {"relaunch_while_old_slot_drains",
		"cross: a warp is launched again while the slot of its exited predecessor is still DRAINING (it is busy "
		"until FREE; spec §8 #11, #17)",
		"warp_exit_with_entries"},
	[P_DIV_LAST_GATED] = {"divergent_last_use_gated",
		"the instruction in TAG takes a value's last read under a partial mask: lu_last_i is gated off (spec §8 #5, "
		"§9 #8; docs/sm_rfc.md \"Hints\")",
		"demote_promote_same_cycle"},
	[P_RESET_WHILE_DRAINING] = {"reset_while_draining",
		"a mid-run reset while a slot drains (spec §9 #18)"},
};

static int live_entries(const rfc_model *rfc, int s)
{
	int n = 0, N = rfc_config(rfc)->entries;
	for (int e = 0; e < N; e++)
		n += rfc_entry_valid(rfc, s, e) && !rfc_entry_dead(rfc, s, e);
	return n;
}

static int holds_reg(const rfc_model *rfc, int s, unsigned reg)
{
	int N = rfc_config(rfc)->entries;
	for (int e = 0; e < N; e++)
		if (rfc_entry_valid(rfc, s, e) && (unsigned)rfc_entry_tag(rfc, s, e) == reg)
			return 1;
	return 0;
}

/* A DRAINING slot other than x holding valid entries. */
static int other_draining(const rfc_model *rfc, int x)
{
	uint64_t dr = rfc_slots_in_state(rfc, RFC_SLOT_DRAINING);
	for (int s = 0; s < rfc_config(rfc)->active_warps; s++)
		if (s != x && ((dr >> s) & 1u) && rfc_slot_nvalid(rfc, s) > 0)
			return 1;
	return 0;
}

void smr_cover(const wg_layout *L, const void *model, const uint32_t *in, const uint32_t *out, const sme_view *v,
	       uint64_t *hits)
{
	const s2l_model *sc = wg_comp_child(model, SMR_I_SCHED);
	const rfc_model *rfc = wg_comp_child(model, SMR_I_RFC);
	const rfc_cfg *rc = rfc_config(rfc);
	const int A = rc->active_warps;
	const uint64_t drain = rfc_slots_in_state(rfc, RFC_SLOT_DRAINING);
	if (wg_port_get0(L, in, SMR_RST_I)) {
		if (drain)
			hits[P_RESET_WHILE_DRAINING]++;
		return;
	}
	const uint64_t rdy = wg_port_get0(L, in, SMR_RDY_I), llp = wg_port_get0(L, in, SMR_LLP_I), bar = wg_port_get0(L, in, SMR_BAR_I);
	const uint64_t mark = wg_port_get0(L, in, SMR_MARK_I), launch = wg_port_get0(L, in, SMR_LAUNCH_I);
	const uint64_t res = s2l_resident(sc), act = s2l_active(sc), rsm = s2l_resumed(sc);
	const uint64_t sv = s2l_slots_valid(sc), free_ = rfc_slots_in_state(rfc, RFC_SLOT_FREE);
	const uint64_t all = wg_ones64(A);
	const int dem = (int)wg_port_get0(L, out, SMR_DEM_VALID_O), pro = (int)wg_port_get0(L, out, SMR_PRO_VALID_O);
	const int ext = (int)wg_port_get0(L, out, SMR_EXT_VALID_O);
	/* the scheduler's decisions against the cache's slots */
	if (dem) {
		int d = (int)wg_port_get0(L, out, SMR_DEM_SLOT_O), w = (int)wg_port_get0(L, out, SMR_DEM_WARP_O);
		int live = live_entries(rfc, d);
		if (pro)
			hits[P_DEM_PRO_SAME]++;
		if (live > 0)
			hits[P_DEM_LIVE]++;
		if (rfc_slot_pinned(rfc, d))
			hits[P_DEM_HIT_INFLIGHT]++;
		if (wg_port_get0(L, out, SMR_TAG_VALID_O) && (int)wg_port_get0(L, out, SMR_TAG_SLOT_O) == d)
			hits[P_DEM_TAG_SAME_SLOT]++;
		if (other_draining(rfc, d))
			hits[P_DEM_WHILE_DRAINING]++;
		if (wg_port_get0(L, out, SMR_DEM_CAUSE_O) == S2L_CAUSE_BARRIER) {
			if (live > 0)
				hits[P_DEM_BARRIER_LIVE]++;
		} else if (!((llp >> w) & 1u))
			hits[P_DEM_MARK_RETURNED]++;
		if (ext)
			hits[P_EXIT_AND_DEMOTE]++;
	}
	if (wg_port_get0(L, out, SMR_ISS_VALID_O)) {
		int w = (int)wg_port_get0(L, out, SMR_ISS_WARP_O);
		if ((mark >> w) & 1u)
			hits[((rsm >> w) & 1u) ? P_MARK_ISSUE_RESUMED : P_MARK_ISSUE_NO_DEMOTE]++;
	}
	if (pro && other_draining(rfc, -1))
		hits[P_PRO_WHILE_DRAINING]++;
	if (ext && rfc_slot_nvalid(rfc, (int)wg_port_get0(L, out, SMR_EXT_SLOT_O)) > 0)
		hits[P_EXIT_WITH_ENTRIES]++;
	/* results against the writing warp's slot (docs/rfc.md §4) */
	if (wg_port_get0(L, in, SMR_WR_VALID_I)) {
		int w = (int)wg_port_get0(L, in, SMR_WR_WARP_I);
		unsigned reg = (unsigned)wg_port_get0(L, in, SMR_WR_REG_I);
		int full = wg_port_get0(L, in, SMR_WR_MASK_I) == wg_ones64(rc->lanes);
		int s = rfc_warp_slot(rfc, w);
		if (s < 0)
			hits[P_LATE_NO_SLOT]++;
		else if (rfc_slot_state(rfc, s) == RFC_SLOT_DRAINING) {
			hits[P_LATE_DRAINING]++;
			if (holds_reg(rfc, s, reg))
				hits[full ? P_LATE_SUPERSEDES : P_LATE_PARTIAL]++;
		}
	}
	/* promotion candidates against the cache's slot states (spec §8 #11) */
	const uint64_t pend_ready = res & ~act & rdy & ~llp & ~bar;
	const uint64_t released = all & ~sv;
	int held = 0, cand = 0;
	for (int w = 0; w < 64 && (pend_ready >> w); w++) {
		if (!((pend_ready >> w) & 1u))
			continue;
		int s = rfc_warp_slot(rfc, w);
		if (s >= 0 && rfc_slot_state(rfc, s) == RFC_SLOT_DRAINING)
			held = 1;
		else
			cand = 1;
	}
	if (held && (released & free_))
		hits[P_HELD_BY_DRAIN]++;
	if (cand && released && !(released & free_))
		hits[P_NO_FREE_SLOT]++;
	if ((int)wg_popc64(res & bar) >= A && (res & ~act & ~bar))
		hits[P_BARRIER_ALL_ACTIVE]++;
	for (int w = 0; w < 64 && (launch >> w); w++)
		if (((launch >> w) & 1u) && rfc_warp_slot(rfc, w) >= 0) {
			hits[P_RELAUNCH_WHILE_DRAINING]++;
			break;
		}
	/* the environment's convergence gating of the last-use hint */
	if (v && wg_port_get0(L, out, SMR_TAG_VALID_O) && v->lu_warp >= 0 && (v->lu.last & v->lu_en) &&
	    v->lu.mask != wg_ones64(rc->lanes))
		hits[P_DIV_LAST_GATED]++;
}
