/* reexec_q_cover.c - the re-execution queue's functional coverage points
 * (docs/reexec_q.md "Functional coverage points"): each a condition on the
 * inputs and the C model's state at the start of a cycle, with full, empty,
 * rp, pop, rot and push of docs/reexec_q.md "One cycle". */
#include "reexec_q_cover.h"

#include "wg_kit.h"

enum {
	P_FULL_NEW_REQ,
	P_FULL_REPLAY_ONLY,
	P_HELD_PARKED,
	P_ROTATE_PUSH,
	P_ROTATE_FULL,
	P_POP_FULL,
	P_POP_PUSH,
	P_ROTATE_SINGLE,
	P_REPLAY_BLOCKED,
	P_PUSH_EMPTY,
	P_PUSH_FILLS,
	P_TAIL_WRAPS,
	P_HEAD_WRAPS,
	P_SAME_WARP,
	P_PARTIAL_MASK,
	P_STORE_ROTATE,
	P_OWNER_BEHIND,
	P_RESET_NONEMPTY,
	RQ_NCOV
};

const wg_cov_point rq_cov_points[RQ_NCOV] = {
	[P_FULL_NEW_REQ] = {"full_new_request_to_l1",
		"the queue is full and the LSU sends a new request: it goes to the L1 and may hit under the misses (Fig. 4.6(b); decision 1)",
		"full_push_blocked pop_push_when_full new_request_first uncoalesced_partial full_no_mshr_progress fig46_one_entry"},
	[P_FULL_REPLAY_ONLY] = {"full_replay_only",
		"the queue is full and the LSU sends nothing new (stalled holding a refused request): the head replays (spec §3.13 #1, #13; §4.3.3)",
		"full_push_blocked rotate_when_full pop_push_when_full new_request_first uncoalesced_partial full_no_mshr_progress fig46_one_entry stores_queued"},
	[P_HELD_PARKED] = {"held_request_parked",
		"a request the LSU held (refused earlier: deferred, or stalled on a full queue) is pushed (spec §3.13 #1; decision 3)",
		"full_push_blocked pop_push_when_full uncoalesced_partial full_no_mshr_progress fig46_one_entry"},
	[P_ROTATE_PUSH] = {"rotate_and_push",
		"a NACKed replay and a push in one cycle: rotated entry first, then the new one (spec §3.13 #2; decision 4)",
		"rotate_and_push uncoalesced_partial full_no_mshr_progress"},
	[P_ROTATE_FULL] = {"rotate_when_full",
		"a NACKed replay in a full queue: only the pointers move (spec §3.13 #2; rotate_ptr)",
		"full_push_blocked rotate_when_full uncoalesced_partial full_no_mshr_progress fig46_one_entry stores_queued"},
	[P_POP_FULL] = {"pop_when_full",
		"an ACKed replay in a full queue: no push in the same cycle (spec §3.13 #3; decision 3)",
		"full_push_blocked rotate_when_full pop_push_when_full new_request_first uncoalesced_partial full_no_mshr_progress fig46_one_entry stores_queued"},
	[P_POP_PUSH] = {"pop_and_push",
		"an ACKed replay and a push in one cycle (not full): the count stays (One cycle)",
		"pop_push_when_full"},
	[P_ROTATE_SINGLE] = {"rotate_single_entry",
		"a NACKed replay with one entry: it moves to the next slot and stays the head (One cycle)",
		"new_request_first fig46_one_entry"},
	[P_REPLAY_BLOCKED] = {"replay_blocked_by_new_request",
		"the queue holds entries and the LSU sends a new request: no replay this cycle (A-MA-12)",
		"full_push_blocked rotate_and_push rotate_when_full pop_push_when_full new_request_first owner_behind_nonowners uncoalesced_partial full_no_mshr_progress fig46_one_entry stores_queued"},
	[P_PUSH_EMPTY] = {"push_into_empty",
		"a push into an empty queue: the head becomes valid (One cycle)",
		"full_push_blocked rotate_and_push rotate_when_full pop_push_when_full new_request_first owner_behind_nonowners uncoalesced_partial full_no_mshr_progress fig46_one_entry stores_queued empty_idle"},
	[P_PUSH_FILLS] = {"push_fills_queue",
		"a push into the last free entry: the queue becomes full (Full)",
		"full_push_blocked rotate_when_full pop_push_when_full new_request_first uncoalesced_partial full_no_mshr_progress fig46_one_entry stores_queued"},
	[P_TAIL_WRAPS] = {"tail_wraps",
		"ENTRIES > 1: the tail passes the last slot (a push, or a rotate, at slot ENTRIES-1): it wraps to slot 0 (slot arithmetic modulo ENTRIES)",
		"full_push_blocked rotate_and_push rotate_when_full pop_push_when_full new_request_first owner_behind_nonowners uncoalesced_partial full_no_mshr_progress stores_queued"},
	[P_HEAD_WRAPS] = {"head_wraps",
		"ENTRIES > 1: the head at the last slot leaves (pop or rotate): the head wraps to slot 0",
		"full_push_blocked rotate_and_push rotate_when_full pop_push_when_full new_request_first owner_behind_nonowners uncoalesced_partial full_no_mshr_progress stores_queued"},
	[P_SAME_WARP] = {"push_warp_already_queued",
		"a push for a warp that already has an entry (the requests of one uncoalesced instruction, A-MA-13)",
		"uncoalesced_partial"},
	[P_PARTIAL_MASK] = {"push_partial_lane_mask",
		"THREADS > 1: a pushed request serves a subset of the lanes (lane mask not all ones, A-MA-5)",
		"full_push_blocked rotate_and_push rotate_when_full pop_push_when_full new_request_first owner_behind_nonowners uncoalesced_partial full_no_mshr_progress fig46_one_entry stores_queued empty_idle"},
	[P_STORE_ROTATE] = {"store_rotates",
		"STORES = 1: a queued store is NACKed and rotates with its is_store bit (A-MA-6)",
		"stores_queued"},
	[P_OWNER_BEHIND] = {"nack_with_other_warp_behind",
		"cross: a NACKed head whose queue holds entries of another warp behind it, rotated towards the head (spec §3.13 #7)",
		"full_push_blocked rotate_and_push rotate_when_full owner_behind_nonowners uncoalesced_partial full_no_mshr_progress stores_queued"},
	[P_RESET_NONEMPTY] = {"reset_with_entries",
		"a mid-run reset while the queue holds entries: empty"},
};
_Static_assert(RQ_NCOV == RQ_NCOV_POINTS, "RQ_NCOV_POINTS in reexec_q_cover.h");

void rq_cover(const wg_layout *L, const rq_model *m, const uint32_t *in, int unhold, uint64_t *hits)
{
	const rq_cfg *c = rq_config(m);
	const int E = c->entries, n = rq_count(m);
	if (wg_port_get(L, in, RQ_RST_I)) {
		if (n > 0)
			hits[P_RESET_NONEMPTY]++;
		return;
	}
	int full = n == E, empty = n == 0;
	int lsu = (int)wg_port_get(L, in, RQ_LSU_REQ_I);
	int rp = !empty && !lsu;
	int pop = rp && wg_port_get(L, in, RQ_RP_ACK_I), rot = rp && wg_port_get(L, in, RQ_RP_NACK_I);
	int push = (int)wg_port_get(L, in, RQ_PUSH_VALID_I);
	const rq_entry *hd = rq_at(m, 0);
	if (full && lsu)
		hits[P_FULL_NEW_REQ]++;
	if (full && rp)
		hits[P_FULL_REPLAY_ONLY]++;
	if (push && unhold)
		hits[P_HELD_PARKED]++;
	if (rot && push)
		hits[P_ROTATE_PUSH]++;
	if (rot && full)
		hits[P_ROTATE_FULL]++;
	if (pop && full)
		hits[P_POP_FULL]++;
	if (pop && push)
		hits[P_POP_PUSH]++;
	if (rot && n == 1)
		hits[P_ROTATE_SINGLE]++;
	if (!empty && lsu)
		hits[P_REPLAY_BLOCKED]++;
	if (push && empty)
		hits[P_PUSH_EMPTY]++;
	if (push && n == E - 1)
		hits[P_PUSH_FILLS]++;
	if (E > 1) {
		/* the slots written this cycle: tl_q (rotate or push), tl_q + 1 (push after a rotate) */
		int tl = rq_tail(m);
		if (((rot || push) && tl == E - 1) || (rot && push && (tl + 1) % E == E - 1))
			hits[P_TAIL_WRAPS]++;
		if ((pop || rot) && rq_head(m) == E - 1)
			hits[P_HEAD_WRAPS]++;
	}
	if (push) {
		unsigned w = (unsigned)wg_port_get(L, in, RQ_PUSH_WARP_I);
		if (w < 64 && ((rq_has(m) >> w) & 1u))
			hits[P_SAME_WARP]++;
		if (c->threads > 1 && wg_port_get(L, in, RQ_PUSH_MASK_I) != wg_ones64(c->threads))
			hits[P_PARTIAL_MASK]++;
	}
	if (rot && hd) {
		if (hd->store)
			hits[P_STORE_ROTATE]++;
		for (int k = 1; k < n; k++) {
			const rq_entry *e = rq_at(m, k);
			if (e && e->warp != hd->warp) {
				hits[P_OWNER_BEHIND]++;
				break;
			}
		}
	}
}
