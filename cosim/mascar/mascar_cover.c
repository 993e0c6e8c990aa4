/* mascar_cover.c - mascar's functional coverage points (docs/mascar.md
 * "Functional coverage points"): conditions on the composition's inputs, the
 * queue's and the checker's state (their models inside the composition,
 * wg_comp_child) and this cycle's event counts. */
#include "mascar_cover.h"

#include <stdlib.h>
#include <string.h>

#include "reexec_q.h"
#include "wg_comp.h"
#include "wg_kit.h"
#include "wrc.h"

enum {
	P_FULL_NEW_REQUEST,
	P_FULL_LSU_STALLED,
	P_PUSH_FILLS_QUEUE,
	P_ROTATE_WITH_PUSH,
	P_ROTATE_WHEN_FULL,
	P_POP_WHEN_FULL,
	P_REPLAY_NO_MSHR,
	P_OWNER_RELEASE_FLAG_DROP,
	P_EP_TO_MP_NONOWNER_READY,
	P_OWNER_BEHIND_HEAD,
	P_HANDOFF_TO_HEAD,
	P_OWNER_EXIT_OR_BARRIER,
	P_STORE_THEN_LOAD,
	P_RESET_QUEUE_NOT_EMPTY,
	MSC_NCOV
};
_Static_assert(MSC_NCOV == MSC_NCOV_POINTS, "MSC_NCOV_POINTS in mascar_cover.h");

const wg_cov_point msc_cov_points[MSC_NCOV] = {
	[P_FULL_NEW_REQUEST] = {"full_queue_new_request",
		"a new request reaches the L1 while the queue is full (a refusal is held, the LSU stalls: spec §3.13 #1)",
		"fig46_reexecution"},
	[P_FULL_LSU_STALLED] = {"full_queue_lsu_stalled",
		"the queue is full and the LSU stalls (no new request, no new instruction): replay only (spec §3.13 #1, #13)",
		"fig46_reexecution"},
	[P_PUSH_FILLS_QUEUE] = {"push_fills_queue",
		"a push takes the last free entry (an uncoalesced instruction's later segments wait: spec §3.13 #11)"},
	[P_ROTATE_WITH_PUSH] = {"rotate_with_push",
		"a replay NACK (rotate) and a push in one cycle (spec §3.13 #2)"},
	[P_ROTATE_WHEN_FULL] = {"rotate_when_full",
		"a replay NACK (rotate) while the queue is full (spec §3.13 #2)"},
	[P_POP_WHEN_FULL] = {"pop_when_full",
		"a replay ACK (pop) while the queue is full: no push in that cycle (spec §3.13 #3, docs/reexec_q.md decision 3)"},
	[P_REPLAY_NO_MSHR] = {"replay_with_mshrs_full",
		"the head is replayed while every MSHR is in use (spec §3.13 #4, #13)",
		"owner_request_rotates_to_head mshr_fill_same_cycle"},
	[P_OWNER_RELEASE_FLAG_DROP] = {"owner_release_as_flag_drops",
		"cross: the owner releases (exit, barrier, or its own load with nothing in flight) in the cycle the flag drops and MP ends (spec §3.13 #5; docs/wrc.md: the clear wins)"},
	[P_EP_TO_MP_NONOWNER_READY] = {"ep_to_mp_nonowners_ready",
		"cross: the mode switches EP to MP while a warp other than the owner is memory-ready (spec §3.13 #15)",
		"fig46_reexecution"},
	[P_OWNER_BEHIND_HEAD] = {"owner_request_behind_head",
		"the owner's request is queued behind another warp's entry at the head (spec §3.13 #7)",
		"owner_request_rotates_to_head"},
	[P_HANDOFF_TO_HEAD] = {"ownership_to_queue_head",
		"the owner releases with the queue not empty and the head's warp becomes owner (spec §3.13 #8; docs/wrc.md decision 4)",
		"owner_handoff_to_queue_head"},
	[P_OWNER_EXIT_OR_BARRIER] = {"owner_exit_or_barrier",
		"the owner exits or is blocked at a barrier (spec §3.13 #9)"},
	[P_STORE_THEN_LOAD] = {"queued_store_then_load",
		"a load is pushed to the address of a queued store (STORES=1 only: spec §3.13 #10)"},
	[P_RESET_QUEUE_NOT_EMPTY] = {"reset_with_queued_requests",
		"a mid-run reset while requests are queued"},
};

/* The owner after this cycle's edge: a copy of the checker's model (no
 * pointers to itself, wrc.h) clocked with its input frame of this cycle.
 * Used only in cycles with an owner change. */
static unsigned next_owner(const void *model, const wrc_model *w)
{
	long p[WRC_NPARAMS];
	wrc_cfg_to_params(wrc_config(w), p);
	size_t n = wrc_model_size(p);
	void *copy = malloc(n);
	if (!copy)
		return wrc_owner(w);
	memcpy(copy, w, n);
	wrc_model_tick(copy, wg_comp_child_in(model, wg_comp_first_copy(model, MSC_I_WRC)));
	unsigned o = wrc_owner(copy);
	free(copy);
	return o;
}

/* docs/wrc.md "ownership": the owner o releases at this edge (exit, barrier,
 * or its head needs its own load and nothing of it is in the LSU, the queue or
 * issuing now; the idle timeout is left out). */
static int owner_releases(const wg_layout *L, const uint32_t *in, const uint32_t *out, const rq_model *q,
			  const wrc_model *w, unsigned o)
{
	if (((wg_port_get0(L, in, MSC_EXIT_I) | wg_port_get0(L, in, MSC_BAR_I)) >> o) & 1u)
		return 1;
	if (!((wg_port_get0(L, in, MSC_LLP_I) >> o) & 1u))
		return 0;
	if (((wg_port_get0(L, in, MSC_LSU_PEND_I) | rq_has(q)) >> o) & 1u)
		return 0;
	const int S = wrc_config(w)->schedulers, WB = L->width[MSC_ISS_WARP_O] / (S ? S : 1);
	const uint64_t iv = wg_port_get0(L, out, MSC_ISS_VALID_O) & wg_port_get0(L, out, MSC_ISS_MEM_O);
	for (int s = 0; s < S; s++)
		if (((iv >> s) & 1u) && wg_elem_get(L, out, MSC_ISS_WARP_O, s, WB) == o)
			return 0;
	return 1;
}

void msc_cover(const wg_layout *L, const void *model, const uint32_t *in, const uint32_t *out, uint64_t *hits)
{
	const rq_model *q = wg_comp_child(model, wg_comp_first_copy(model, MSC_I_RQ));
	const wrc_model *w = wg_comp_child(model, wg_comp_first_copy(model, MSC_I_WRC));
	const rq_cfg *qc = rq_config(q);
	const int cnt = rq_count(q), full = cnt == qc->entries;
	if (wg_port_get0(L, in, MSC_RST_I)) {
		if (cnt > 0)
			hits[P_RESET_QUEUE_NOT_EMPTY]++;
		return;
	}
	const int push = (int)wg_port_get0(L, in, MSC_PUSH_VALID_I), ack = (int)wg_port_get0(L, in, MSC_RP_ACK_I);
	const int nack = (int)wg_port_get0(L, in, MSC_RP_NACK_I), req = (int)wg_port_get0(L, in, MSC_LSU_REQ_I);
	if (full && req)
		hits[P_FULL_NEW_REQUEST]++;
	if (full && !req && !wg_port_get0(L, in, MSC_LSU_RDY_I))
		hits[P_FULL_LSU_STALLED]++;
	if (push && cnt == qc->entries - 1)
		hits[P_PUSH_FILLS_QUEUE]++;
	if (nack && push)
		hits[P_ROTATE_WITH_PUSH]++;
	if (nack && full)
		hits[P_ROTATE_WHEN_FULL]++;
	if (ack && full)
		hits[P_POP_WHEN_FULL]++;
	if (wg_port_get0(L, out, MSC_RP_VALID_O) && wg_port_get0(L, in, MSC_MSHR_USED_I) >= (uint64_t)wrc_config(w)->mshrs)
		hits[P_REPLAY_NO_MSHR]++;
	if (push && !wg_port_get0(L, in, MSC_PUSH_STORE_I)) {
		uint64_t a = wg_port_get0(L, in, MSC_PUSH_ADDR_I);
		for (int k = 0; k < cnt; k++)
			if (rq_at(q, k)->store && rq_at(q, k)->addr == a) {
				hits[P_STORE_THEN_LOAD]++;
				break;
			}
	}
	/* the checker: owner and mode */
	const unsigned none = wrc_none(wrc_config(w)), own = wrc_owner(w);
	const int mode = wrc_mode(w), switched = wg_event_get(L, out, MSC_EV_WRC_MODE_SWITCH) > 0;
	const int changed = wg_event_get(L, out, MSC_EV_WRC_OWNER_CHANGE) > 0;
	const int release = own != none && owner_releases(L, in, out, q, w, own);
	if (release && mode == WRC_MP && wg_port_get0(L, out, MSC_SAT_O) == WRC_EP)
		hits[P_OWNER_RELEASE_FLAG_DROP]++;
	if (switched && mode == WRC_EP) {
		uint64_t ready = wg_port_get0(L, in, MSC_HD_VALID_I) & wg_port_get0(L, in, MSC_HD_MEM_I) & wg_port_get0(L, in, MSC_HD_RDY_I);
		if (own != none)
			ready &= ~(UINT64_C(1) << own);
		if (ready)
			hits[P_EP_TO_MP_NONOWNER_READY]++;
	}
	if (own == none)
		return;
	if (cnt >= 2 && rq_at(q, 0)->warp != own)
		for (int k = 1; k < cnt; k++)
			if (rq_at(q, k)->warp == own) {
				hits[P_OWNER_BEHIND_HEAD]++;
				break;
			}
	if (((wg_port_get0(L, in, MSC_EXIT_I) | wg_port_get0(L, in, MSC_BAR_I)) >> own) & 1u)
		hits[P_OWNER_EXIT_OR_BARRIER]++;
	if (release && changed && cnt > 0 && rq_at(q, 0)->warp != own && next_owner(model, w) == rq_at(q, 0)->warp)
		hits[P_HANDOFF_TO_HEAD]++;
}
