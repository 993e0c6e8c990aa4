/* hrf_sm_cover.c - hrf_sm's functional coverage points (docs/hrf_sm.md
 * "Functional coverage points"): the rename stage's allocations and their
 * classes against memra's budget and priority (its model, wg_comp_child),
 * the scheduler's TRWS selection against the greedy warp (sched2l's model),
 * and TUBA's limit (its model and this cycle's dec/inc events) against the
 * free TFET count and the block dispatcher. */
#include "hrf_sm_cover.h"

#include "memra.h"
#include "sched2l.h"
#include "tuba.h"
#include "wg_comp.h"
#include "wg_kit.h"

enum {
	P_GRANT_LIMIT_MOVES,
	P_GRANT_AT_BLOCK_DONE,
	P_TFET_FALLS_BACK,
	P_PRIO_TFET_FALLS_BACK,
	P_CMOS_FALLS_BACK,
	P_TFET_GRANTED,
	P_PRIO_ALLOC_REFUSED,
	P_TWO_TFET_LAST_ID,
	P_PRIO_PREEMPTS_GREEDY,
	P_PRIO_WARP_NOT_READY,
	P_LD_WITH_ALLOC,
	P_GRANT_EXHAUSTS_BUDGET,
	P_EXIT_WITH_BUDGET,
	P_LIMIT_FALLS,
	P_LIMIT_RISES,
	P_TUBA_HOLDS_BLOCK,
	HRF_NCOV
};
_Static_assert(HRF_NCOV == HRF_NCOV_POINTS, "HRF_NCOV_POINTS in hrf_sm_cover.h");

const wg_cov_point hrf_cov_points[HRF_NCOV] = {
	[P_GRANT_LIMIT_MOVES] = {"tfet_grant_while_limit_moves",
		"cross: a TFET grant feeds memra (grant_i) in the cycle TUBA's limit moves: TUBA reads the free TFET count "
		"at the start of the cycle, without this grant (W-P1-12, W-P1-15; docs/hrf_sm.md \"Wiring\")"},
	[P_GRANT_AT_BLOCK_DONE] = {"tfet_grant_at_block_completion",
		"cross: a TFET grant in the cycle a block completes and TUBA evaluates (W-P1-15)",
		"tuba_limit_moves"},
	[P_TFET_FALLS_BACK] = {"tfet_request_granted_cmos",
		"cross: a TFET request (memra's want_o through the environment) is granted a CMOS id: the TFET class is "
		"empty; memra sees no grant (W-P1-1, A10)",
		"tfet_by_request trws_priority_first"},
	[P_PRIO_TFET_FALLS_BACK] = {"selected_priority_warp_tfet_falls_back",
		"cross: the warp TRWS selects this cycle for its priority (memra's prio_i) is the one whose TFET request "
		"falls back to CMOS in the same cycle: its budget stays, so it keeps both its priority and its request "
		"(A21, W-P1-1, W-P1-14)",
		"tuba_limit_moves"},
	[P_CMOS_FALLS_BACK] = {"cmos_request_granted_tfet",
		"a CMOS request is granted a TFET id: the CMOS class is empty (rename's fallback_tfet; W-P1-2)"},
	[P_TFET_GRANTED] = {"tfet_request_granted_tfet",
		"cross: a TFET request is granted a TFET id and the environment feeds the grant back to memra (grant_i), "
		"whose budget falls by 2 (W-P1-1, A9, A10; docs/hrf_sm.md \"Wiring\")",
		"tfet_by_request"},
	[P_PRIO_ALLOC_REFUSED] = {"priority_warp_allocation_refused",
		"cross: a warp with scheduling priority has its allocation refused (no id: retried next cycle) (A21, "
		"docs/hrf_sm.md \"Write-back\")",
		"trws_priority_first"},
	[P_TWO_TFET_LAST_ID] = {"two_tfet_requests_one_free",
		"cross: both allocation ports ask for TFET while at most one TFET id is free (W-P1-1 on two ports)",
		"tuba_limit_moves"},
	[P_PRIO_PREEMPTS_GREEDY] = {"trws_preempts_greedy_warp",
		"cross: TRWS selects a warp with memra's priority while the greedy warp is ready without it (A21, W-P1-14)",
		"trws_priority_first"},
	[P_PRIO_WARP_NOT_READY] = {"priority_warp_not_ready",
		"a warp with priority is not ready and another warp issues in GTO order (A21: priority among ready warps "
		"only)",
		"trws_priority_first"},
	[P_LD_WITH_ALLOC] = {"load_leaves_during_allocation",
		"cross: a warp's off-chip load leaves the SM (ld_i) in the cycle one of its destinations is allocated: no "
		"TFET request then (W-P1-6; docs/hrf_sm.md \"Wiring\")",
		"tfet_by_request"},
	[P_GRANT_EXHAUSTS_BUDGET] = {"grant_exhausts_budget",
		"cross: a TFET grant leaves the warp's budget at most 1: want_o falls, so an allocation the environment "
		"sampled earlier is presented without a TFET request (A9, A12; docs/hrf_sm.md \"Wiring\")"},
	[P_EXIT_WITH_BUDGET] = {"exit_with_tfet_budget",
		"cross: a warp exits while memra still gives it a TFET budget (its slot's counter outlives it until the next "
		"load; A6)",
		"trws_priority_first"},
	[P_LIMIT_FALLS] = {"tuba_limit_falls",
		"TUBA lowers the block limit after a completion: too few free TFET ids (W-P1-12, W-P1-13)",
		"tuba_limit_moves"},
	[P_LIMIT_RISES] = {"tuba_limit_rises",
		"TUBA raises the block limit after a completion: many free TFET ids (W-P1-13)",
		"tuba_limit_moves"},
	[P_TUBA_HOLDS_BLOCK] = {"tuba_holds_back_block",
		"cross: the kernel's occupancy allows another block but TUBA's limit refuses it (accept_o = 0; W-P1-13, "
		"A19)",
		"tuba_limit_moves"},
};

void hrf_cover(const wg_layout *L, const void *model, const uint32_t *in, const uint32_t *out, uint64_t *hits)
{
	if (wg_port_get0(L, in, HRF_RST_I))
		return;
	const s2l_model *sc = wg_comp_child(model, HRF_I_SCHED);
	const mr_model *mr = wg_comp_child(model, HRF_I_PRED);
	const tb_model *tb = wg_comp_child(model, HRF_I_TUBA);
	const int W = mr_config(mr)->warps;
	const int ports = L->width[HRF_ALC_VALID_I];
	const int wb = ports > 0 ? L->width[HRF_ALC_WARP_I] / ports : 0;
	const uint64_t prio = wg_port_get0(L, in, HRF_PRIO_I), grant = wg_port_get0(L, in, HRF_GRANT_I), ld = wg_port_get0(L, in, HRF_LD_I);
	const uint64_t rdy = wg_port_get0(L, in, HRF_RDY_I);
	const uint64_t av = wg_port_get0(L, in, HRF_ALC_VALID_I), at = wg_port_get0(L, in, HRF_ALC_TFET_I);
	const uint64_t ag = wg_port_get0(L, out, HRF_ALC_GNT_O), ato = wg_port_get0(L, out, HRF_ALC_TFET_O);
	const uint64_t ld_mask = wg_port_get0(L, in, HRF_ALC_LOAD_I);
	/* the allocation ports against memra's budget and the scheduler's priority */
	const int iw = wg_port_get0(L, out, HRF_ISS_VALID_O) ? (int)wg_port_get0(L, out, HRF_ISS_WARP_O) : -1;
	int ntreq = 0, fb = 0, pfb = 0, pref = 0, ldal = 0, tg = 0;
	for (int k = 0; k < ports; k++) {
		if (!((av >> k) & 1u))
			continue;
		int w = (int)wg_elem_get(L, in, HRF_ALC_WARP_I, k, wb);
		int treq = (int)((at >> k) & 1u) && !((ld_mask >> k) & 1u);
		ntreq += treq;
		if (treq && ((ag >> k) & 1u) && !((ato >> k) & 1u)) {
			fb = 1;
			if (w == iw && ((prio >> w) & 1u))
				pfb = 1;
		}
		if (treq && ((ag >> k) & 1u) && ((ato >> k) & 1u))
			tg = 1;
		if (!((ag >> k) & 1u) && ((prio >> w) & 1u))
			pref = 1;
		if ((ld >> w) & 1u)
			ldal = 1;
	}
	hits[P_TFET_FALLS_BACK] += (uint64_t)fb;
	hits[P_PRIO_TFET_FALLS_BACK] += (uint64_t)pfb;
	hits[P_PRIO_ALLOC_REFUSED] += (uint64_t)pref;
	hits[P_LD_WITH_ALLOC] += (uint64_t)ldal;
	if (ntreq >= 2 && wg_port_get0(L, out, HRF_FREE_TFET_O) <= 1)
		hits[P_TWO_TFET_LAST_ID]++;
	if (wg_event_get(L, out, HRF_EV_FALLBACK_TFET))
		hits[P_CMOS_FALLS_BACK]++;
	hits[P_TFET_GRANTED] += (uint64_t)tg;
	/* memra's grants and samples */
	const unsigned dec = wg_event_get(L, out, HRF_EV_DEC), inc = wg_event_get(L, out, HRF_EV_INC);
	if (grant) {
		if (dec || inc)
			hits[P_GRANT_LIMIT_MOVES]++;
		if (wg_port_get0(L, in, HRF_BLK_DONE_I))
			hits[P_GRANT_AT_BLOCK_DONE]++;
		for (int w = 0; w < W; w++)
			if (((grant >> w) & 1u) && mr_cnt(mr, w) <= 3) {
				hits[P_GRANT_EXHAUSTS_BUDGET]++;
				break;
			}
	}
	/* TRWS against GTO's greedy warp */
	if (iw >= 0) {
		int g = s2l_greedy(sc);
		if (((prio >> iw) & 1u) && g >= 0 && g != iw && ((rdy >> g) & 1u) && !((prio >> g) & 1u))
			hits[P_PRIO_PREEMPTS_GREEDY]++;
		if (!((prio >> iw) & 1u) && (prio & ~rdy & s2l_resident(sc)))
			hits[P_PRIO_WARP_NOT_READY]++;
	}
	if (wg_port_get0(L, out, HRF_EXT_VALID_O) && mr_cnt(mr, (int)wg_port_get0(L, out, HRF_EXT_WARP_O)) > 0)
		hits[P_EXIT_WITH_BUDGET]++;
	/* TUBA */
	if (dec)
		hits[P_LIMIT_FALLS]++;
	if (inc)
		hits[P_LIMIT_RISES]++;
	if (tb_lim(tb) > 0 && !wg_port_get0(L, in, HRF_START_I) && !wg_port_get0(L, out, HRF_ACCEPT_O) &&
	    wg_port_get0(L, in, HRF_RES_I) < tb_cap(tb))
		hits[P_TUBA_HOLDS_BLOCK]++;
}
