/* slg_cover.c - the slg's functional coverage points (docs/slg.md
 * "Functional coverage points"): each a condition on the inputs and the C
 * model's state (live, wait, CTA, region state and timer, frst_q, thr_q,
 * bsz_q, lst_q) at the start of a cycle, with the cycle's wa, relw, wk and
 * sleepy of docs/slg.md "One cycle" (the release from the model's rel_o,
 * which the co-simulation compares with the RTL's). */
#include "slg_cover.h"

#include "wg_kit.h"

enum {
	P_LAST_STAYS_ACTIVE,
	P_TWO_ARRIVALS_RELEASE,
	P_RELEASE_ACTIVE_WAITER,
	P_RELEASE_TO_S21,
	P_ENTER_S2,
	P_PEND_BLOCKS_ENTRY,
	P_ENTRY_ABORTED_WAKE,
	P_ENTRY_ABORTED_OTHER,
	P_WAKE_S2,
	P_WAKE_S21,
	P_WAKE_S21_AT_ONCE,
	P_WAKE_S1,
	P_S21_TO_S1,
	P_FIRST_Y_LATER,
	P_ACCESS_SLEEPING,
	P_STALL_LAST_CYCLE,
	P_REARRIVE,
	P_WAKE_CANCELLED,
	P_THREADS_FALSE_RELEASE,
	P_PARTIAL_WARP_RELEASE,
	P_EXIT_RELEASES,
	P_EXIT_SLEEPING,
	P_EXIT_NOT_LIVE,
	P_RESET_SLEEPING,
	SLG_NCOV
};

const wg_cov_point slg_cov_points[SLG_NCOV] = {
	[P_LAST_STAYS_ACTIVE] = {"last_arrival_stays_active",
		"a warp arrives in its CTA's releasing cycle: it never sleeps (B3; spec §2.2.4)",
		"sleep_release_wake first_warp_full_wake wake_from_slg1 release_while_latching two_arrivals_release wake_during_entry threads_false_release no_false_release partial_warp_block writeback_to_slg2 slot_reuse_starts_active rearrive_cancels_wake access_after_wake enable_off first_y_later_x"},
	[P_TWO_ARRIVALS_RELEASE] = {"two_arrivals_one_release",
		"cross: two or more warps of a CTA arrive in its releasing cycle: one release (W-P2-2)",
		"two_arrivals_release threads_false_release no_false_release"},
	[P_RELEASE_ACTIVE_WAITER] = {"release_of_active_waiter",
		"cross: a release while a waiting warp's region is still ACT or ENT (a write-back was pending): it stays ACTIVE (W-P2-1)",
		"release_while_latching"},
	[P_RELEASE_TO_S21] = {"release_moves_to_s21",
		"a release while a waiting region is in SLG2: it starts SLG2 -> SLG1 (Y - X cycles; spec §2.2.4, B5)",
		"sleep_release_wake first_warp_full_wake wake_from_slg1 two_arrivals_release wake_during_entry threads_false_release no_false_release exit_releases partial_warp_block writeback_to_slg2 slot_reuse_starts_active rearrive_cancels_wake access_after_wake first_y_later_x"},
	[P_ENTER_S2] = {"enter_slg2",
		"a waiting, non-last warp in ACT with nothing pending and no wake request starts to sleep: SLG2, or ENT (docs/slg.md Next state, sleepy)",
		"sleep_release_wake first_warp_full_wake wake_from_slg1 two_arrivals_release wake_during_entry threads_false_release no_false_release exit_releases partial_warp_block writeback_to_slg2 slot_reuse_starts_active rearrive_cancels_wake access_after_wake first_y_later_x"},
	[P_PEND_BLOCKS_ENTRY] = {"pending_blocks_entry",
		"a waiting warp in ACT with pend_i: its region does not sleep (B7, W-P2-9)",
		"release_while_latching writeback_to_slg2"},
	[P_ENTRY_ABORTED_WAKE] = {"entry_aborted_by_wake",
		"ENTER_DELAY > 0: a wake request during ENT aborts the entry at no cost (W-P2-5, B6)",
		"wake_during_entry"},
	[P_ENTRY_ABORTED_OTHER] = {"entry_aborted_by_release_or_pend",
		"ENTER_DELAY > 0: a region in ENT stops being sleepy (release or pend_i) without a wake request: back to ACT (docs/slg.md Next state, ENT)",
		NULL},
	[P_WAKE_S2] = {"wake_from_slg2",
		"a wake request (selection or access) to a region in SLG2: Y cycles (spec §2.2.4, Table III)",
		"writeback_to_slg2"},
	[P_WAKE_S21] = {"wake_during_slg2_to_slg1",
		"a wake request to a region in S21: the rest of the move plus X (W-P2-3, B5)",
		"sleep_release_wake first_warp_full_wake rearrive_cancels_wake access_after_wake first_y_later_x"},
	[P_WAKE_S21_AT_ONCE] = {"wake_right_after_release",
		"cross: a wake request in the first cycle after the release (S21 with Y - X left): exactly Y (W-P2-3)",
		"sleep_release_wake first_warp_full_wake rearrive_cancels_wake access_after_wake first_y_later_x"},
	[P_WAKE_S1] = {"wake_from_slg1",
		"a wake request to a region in SLG1: X cycles (W-P2-4)",
		"sleep_release_wake wake_from_slg1 access_after_wake first_y_later_x"},
	[P_S21_TO_S1] = {"slg2_to_slg1_completes",
		"a region in S21 with timer 1 and no request: it reaches SLG1 (B5; the to_slg1 event)",
		"sleep_release_wake first_warp_full_wake wake_from_slg1 two_arrivals_release wake_during_entry threads_false_release no_false_release exit_releases partial_warp_block slot_reuse_starts_active rearrive_cancels_wake access_after_wake first_y_later_x"},
	[P_FIRST_Y_LATER] = {"first_y_later_warp",
		"S21_WAKE = FIRST_Y: a wake from S21 after the CTA's first one (frst_q = 0): priced X (P2 §III read literally)",
		"first_y_later_x"},
	[P_ACCESS_SLEEPING] = {"access_to_sleeping_region",
		"a register access (acc_i) to a region in SLG2, S21 or SLG1: it wakes and waits (W-P2-9, B4)",
		"writeback_to_slg2 first_y_later_x"},
	[P_STALL_LAST_CYCLE] = {"stall_last_cycle",
		"an access waiting in the last cycle of a wake (WK1/WK2 with timer 1): ok_o rises next cycle (Table III; docs/slg.md Timing)",
		"sleep_release_wake wake_from_slg1 writeback_to_slg2"},
	[P_REARRIVE] = {"rearrive_cancels_wake",
		"a warp arrives while its region is in S21, SLG1 or waking: back to SLG2, timer cleared (W-P2-11)",
		"partial_warp_block rearrive_cancels_wake"},
	[P_WAKE_CANCELLED] = {"sleep_during_wake",
		"a still-waiting region in WK1/WK2 with no request and nothing pending: the wake is cancelled, SLG2 (W-P2-11, B7)",
		NULL},
	[P_THREADS_FALSE_RELEASE] = {"threads_false_release",
		"COUNT = THREADS: a CTA released while one of its live warps neither waits nor arrives (the per-shader counter adds CTAs: W-P2-6)",
		"threads_false_release"},
	[P_PARTIAL_WARP_RELEASE] = {"partial_warp_release",
		"COUNT = THREADS: a release counting a partial last warp (block size not a multiple of 32: W-P2-8)",
		NULL},
	[P_EXIT_RELEASES] = {"exit_completes_barrier",
		"cross: COUNT = WARPS: a live warp that does not wait exits in a cycle that releases its CTA (the live count drops: W-P2-7, B2)",
		"exit_releases"},
	[P_EXIT_SLEEPING] = {"exit_of_sleeping_region",
		"a warp exits while its region is not ACT: the slot is freed ACTIVE (W-P2-10)",
		"slot_reuse_starts_active"},
	[P_EXIT_NOT_LIVE] = {"exit_of_dead_warp",
		"ext_valid_i for a warp that is not live: ignored (docs/slg.md Decisions, slot reuse)",
		"slot_reuse_starts_active"},
	[P_RESET_SLEEPING] = {"reset_while_sleeping",
		"a mid-run reset while some region is not ACT (docs/slg.md Reset)",
		NULL},
};
_Static_assert(SLG_NCOV == SLG_NCOV_POINTS, "SLG_NCOV_POINTS in slg_cover.h");

void slg_cover(const wg_layout *L, const slg_model *m, const uint32_t *in, const uint32_t *out, uint64_t *hits)
{
	const slg_cfg *c = slg_config(m);
	const int W = c->warps;
	if (wg_port_get(L, in, SLG_RST_I)) {
		for (int w = 0; w < W; w++)
			if (slg_st(m, w) != SLG_ACT) {
				hits[P_RESET_SLEEPING]++;
				break;
			}
		return;
	}
	uint64_t live = slg_live(m), waitq = slg_wait(m);
	uint64_t arr = wg_port_get(L, in, SLG_ARR_I), acc = wg_port_get(L, in, SLG_ACC_I);
	uint64_t pend = wg_port_get(L, in, SLG_PEND_I), launch = wg_port_get(L, in, SLG_LAUNCH_I);
	uint64_t rel = wg_port_get(L, out, SLG_REL_O);
	int ext_v = (int)wg_port_get(L, in, SLG_EXT_VALID_I), ext_w = (int)wg_port_get(L, in, SLG_EXT_WARP_I);
	int sel_v = (int)wg_port_get(L, in, SLG_SEL_VALID_I), sel_w = (int)wg_port_get(L, in, SLG_SEL_WARP_I);
	if (ext_v && !((live >> ext_w) & 1u))
		hits[P_EXIT_NOT_LIVE]++;
	int ext_rel = -1; /* the CTA of a live exiting warp */
	if (ext_v && ((live >> ext_w) & 1u)) {
		if (slg_st(m, ext_w) != SLG_ACT)
			hits[P_EXIT_SLEEPING]++;
		ext_rel = slg_cta(m, ext_w);
	}
	int narr[SLG_MAX_CTAS] = {0};
	int false_rel = 0, partial_rel = 0, s21_rel = 0, act_rel = 0;
	for (int w = 0; w < W; w++) {
		if (!((live >> w) & 1u))
			continue;
		int cta = slg_cta(m, w), st = slg_st(m, w), tm = slg_timer(m, w);
		int ext = ext_v && ext_w == w;
		int a = (int)((arr >> w) & 1u), wq = (int)((waitq >> w) & 1u);
		int wa = !ext && (wq || a);
		int relw = wa && ((rel >> cta) & 1u);
		int wk = (sel_v && sel_w == w) || ((acc >> w) & 1u);
		int wd = wa && !relw;
		int p = (int)((pend >> w) & 1u);
		int sleepy = c->enable && wd && !p && !wk;
		int rule3 = !ext && !((launch >> w) & 1u);
		if (((rel >> cta) & 1u) && !ext) {
			if (!wa)
				false_rel = 1;
			if (a && !wq)
				narr[cta]++;
			if (wq && (st == SLG_ACT || st == SLG_ENT))
				act_rel = 1;
			if (wq && st == SLG_S2)
				s21_rel = 1;
			if (c->count == SLG_COUNT_THREADS && wa && ((slg_last(m) >> w) & 1u) && slg_bsz_q(m) % 32u != 0)
				partial_rel = 1;
		}
		if (!rule3 || !c->enable)
			continue;
		if (sleepy && st == SLG_ACT)
			hits[P_ENTER_S2]++;
		if (wd && p && !wk && st == SLG_ACT)
			hits[P_PEND_BLOCKS_ENTRY]++;
		if (st == SLG_ENT && !sleepy)
			hits[wk ? P_ENTRY_ABORTED_WAKE : P_ENTRY_ABORTED_OTHER]++;
		if (a && (st == SLG_S21 || st == SLG_S1 || st == SLG_WK1 || st == SLG_WK2))
			hits[P_REARRIVE]++;
		if (sleepy && (st == SLG_WK1 || st == SLG_WK2) && !a)
			hits[P_WAKE_CANCELLED]++;
		if (((acc >> w) & 1u) && (st == SLG_S2 || st == SLG_S21 || st == SLG_S1))
			hits[P_ACCESS_SLEEPING]++;
		if (((acc >> w) & 1u) && (st == SLG_WK1 || st == SLG_WK2) && tm == 1)
			hits[P_STALL_LAST_CYCLE]++;
		if (st == SLG_S21 && !sleepy && !wk && tm == 1)
			hits[P_S21_TO_S1]++;
		if (sleepy || !wk)
			continue;
		if (st == SLG_S2)
			hits[P_WAKE_S2]++;
		if (st == SLG_S1)
			hits[P_WAKE_S1]++;
		if (st == SLG_S21) {
			hits[P_WAKE_S21]++;
			if (tm == c->y - c->x)
				hits[P_WAKE_S21_AT_ONCE]++;
			if (c->s21_wake == SLG_S21_FIRST_Y && !slg_frst(m, cta))
				hits[P_FIRST_Y_LATER]++;
		}
	}
	for (int k = 0; k < c->ctas; k++)
		if (narr[k] >= 2) {
			hits[P_TWO_ARRIVALS_RELEASE]++;
			break;
		}
	if (rel) {
		int last = 0;
		for (int w = 0; w < W; w++)
			last |= ((live >> w) & 1u) && ((arr >> w) & 1u) && ((rel >> slg_cta(m, w)) & 1u);
		if (last)
			hits[P_LAST_STAYS_ACTIVE]++;
		if (act_rel && c->enable)
			hits[P_RELEASE_ACTIVE_WAITER]++;
		if (s21_rel && c->enable)
			hits[P_RELEASE_TO_S21]++;
		if (false_rel && c->count == SLG_COUNT_THREADS)
			hits[P_THREADS_FALSE_RELEASE]++;
		if (partial_rel)
			hits[P_PARTIAL_WARP_RELEASE]++;
		if (c->count == SLG_COUNT_WARPS && ext_rel >= 0 && ((rel >> ext_rel) & 1u) && !((waitq >> ext_w) & 1u) && !((arr >> ext_w) & 1u))
			hits[P_EXIT_RELEASES]++;
	}
}
