/* sm_slg_cover.c - sm_slg's functional coverage points (docs/sm_slg.md
 * "Functional coverage points"): the round-robin scheduler's selections,
 * exits and the environment's launches, arrivals and accesses against the
 * controller's region states (their models inside the composition,
 * wg_comp_child), plus the shader's front end and the wakes its reads met
 * (the environment's view). */
#include "sm_slg_cover.h"

#include "sched2l.h"
#include "slg.h"
#include "wg_comp.h"
#include "wg_kit.h"

enum {
	P_SEL_AT_RELEASE,
	P_SEL_DURING_MOVE,
	P_SEL_AFTER_MOVE,
	P_SEL_MOVE_LATER_WARP,
	P_SEL_DURING_WAKE,
	P_WAIT_READY_SKIPPED,
	P_TWO_CTAS_WAITING,
	P_RELEASE_OTHER_ASLEEP,
	P_LAST_ARRIVAL_WHILE_ENTERING,
	P_REARRIVE_DURING_WAKE,
	P_WB_TO_SLEEPING,
	P_PEND_BLOCKS_SLEEP,
	P_WAKE_DURING_ENTRY,
	P_PROLOGUE_EXIT_IGNORED,
	P_LAUNCH_DURING_PROLOGUE,
	P_LAUNCH_WHILE_OTHER_ASLEEP,
	P_FRONT_FROZEN,
	P_READ_MOVE_STALL,
	P_READ_WAKE_HIDDEN,
	P_RESET_ASLEEP,
	SSL_NCOV
};
_Static_assert(SSL_NCOV == SSL_NCOV_POINTS, "SSL_NCOV_POINTS in sm_slg_cover.h");

const wg_cov_point ssl_cov_points[SSL_NCOV] = {
	[P_SEL_AT_RELEASE] = {"select_at_release",
		"cross: the scheduler selects a warp in the first cycle after its CTA's release, its region just entering "
		"the SLG2 -> SLG1 move: the wake takes about Y (W-P2-3; P2 Table III, y - z)",
		"barrier_sleep_release_wake"},
	[P_SEL_DURING_MOVE] = {"select_during_move",
		"cross: the scheduler selects a warp whose region is in the SLG2 -> SLG1 move with t cycles left: the wake "
		"takes t + X (W-P2-3, spec B5)"},
	[P_SEL_AFTER_MOVE] = {"select_after_move",
		"cross: the scheduler selects a warp whose region finished the move (SLG1): the wake takes X (W-P2-4)",
		"barrier_sleep_release_wake"},
	[P_SEL_MOVE_LATER_WARP] = {"select_during_move_not_first",
		"cross: S21_WAKE=FIRST_Y: a warp selected during the move after its CTA's first wake: X only (P2 §III "
		"literally; docs/slg.md S21_WAKE)"},
	[P_SEL_DURING_WAKE] = {"select_during_wake",
		"cross: the scheduler selects a warp whose region is already waking (a write-back or an earlier selection "
		"started it): the wake is not restarted (docs/slg.md \"Next state\")",
		"writeback_to_sleeping_warp"},
	[P_WAIT_READY_SKIPPED] = {"ready_but_waiting_skipped",
		"cross: a warp waiting at its barrier shows rdy_i = 1 (its next instruction) and the scheduler selects "
		"another: wait_o -> bar_i alone keeps it out (docs/sm_slg.md \"bar.sync\")",
		"round_robin_rotation barrier_sleep_release_wake"},
	[P_TWO_CTAS_WAITING] = {"two_ctas_at_barriers",
		"warps of two or more CTAs wait at their barriers at once (the precondition of W-P2-6; with COUNT=WARPS "
		"each releases on its own, B2)"},
	[P_RELEASE_OTHER_ASLEEP] = {"release_while_other_cta_asleep",
		"cross: a CTA releases while another CTA's regions sleep in SLG2 (only the released CTA's regions move; B2)"},
	[P_LAST_ARRIVAL_WHILE_ENTERING] = {"last_arrival_while_entering",
		"cross: the last warp arrives while another warp of its CTA waits with its region still ACTIVE or entering "
		"(it would latch SLG2 at this edge): it stays awake (W-P2-1, B3)",
		"writeback_to_sleeping_warp"},
	[P_REARRIVE_DURING_WAKE] = {"rearrival_during_wake",
		"an arrival of a warp whose region is waking or moving (consecutive bar.sync): the wake is cancelled, back "
		"to SLG2 (W-P2-11)",
		"rearrival_cancels_wake"},
	[P_WB_TO_SLEEPING] = {"writeback_to_sleeping_region",
		"a write-back (acc_i) to the region of a waiting warp in SLG2: an unannounced load wakes it (W-P2-9, B7)",
		"writeback_to_sleeping_warp"},
	[P_PEND_BLOCKS_SLEEP] = {"pending_writeback_blocks_sleep",
		"a waiting warp with an announced write-back outstanding (pend_i) keeps its region ACTIVE (B7)"},
	[P_WAKE_DURING_ENTRY] = {"wake_during_entry",
		"a selection or access of a warp whose region is in a nonzero entry (ENTER_DELAY > 0): the entry is aborted "
		"(W-P2-5, B6)"},
	[P_PROLOGUE_EXIT_IGNORED] = {"prologue_exit_ignored",
		"cross: the scheduler retires a reset warp by an EXIT that the controller ignores (not live there; "
		"docs/sm_slg.md \"The EXIT prologue\")",
		"exit_prologue_and_launch"},
	[P_LAUNCH_DURING_PROLOGUE] = {"launch_during_prologue",
		"cross: a CTA is launched while the scheduler still holds reset warps the controller does not know "
		"(the prologue overlaps the first launches; docs/sm_slg.md \"The EXIT prologue\")"},
	[P_LAUNCH_WHILE_OTHER_ASLEEP] = {"launch_while_other_cta_asleep",
		"a CTA is launched into freed warp slots while another CTA's regions sleep: the new regions start ACTIVE "
		"(W-P2-10)"},
	[P_FRONT_FROZEN] = {"inorder_front_end_frozen",
		"FRONT=INORDER: a read waiting for its region's wake holds the whole front end (nothing is selected; "
		"docs/sm_slg.md \"Front end\")"},
	[P_READ_MOVE_STALL] = {"read_stalls_on_move",
		"an operand read that met the SLG2 -> SLG1 move stalls t + X - Z > 0 cycles (P2 Table III, W-P2-3)",
		"barrier_sleep_release_wake"},
	[P_READ_WAKE_HIDDEN] = {"read_wake_hidden_by_pipeline",
		"an operand read that met a wake (SLG1, SLG2 or the move) does not stall: Z covers it (W-P2-12; Table III "
		"max(0, wake - z) = 0)",
		"deep_pipeline_no_stall"},
	[P_RESET_ASLEEP] = {"reset_while_asleep",
		"a mid-run reset while some region sleeps (docs/slg.md \"Reset\"; the environment's prologue follows)"},
};

static int waking(int st) { return st == SLG_WK1 || st == SLG_WK2 || st == SLG_S21; }

void ssl_cover(const wg_layout *L, const void *model, const uint32_t *in, const uint32_t *out, const sse_view *v,
	       uint64_t *hits)
{
	const s2l_model *sc = wg_comp_child(model, SSL_I_SCHED);
	const slg_model *g = wg_comp_child(model, SSL_I_GATE);
	const slg_cfg *gc = slg_config(g);
	const int W = gc->warps;
	uint64_t asleep = 0; /* regions not ACTIVE */
	for (int w = 0; w < W; w++)
		if (slg_mode(g, w) != SLG_MODE_ACTIVE)
			asleep |= UINT64_C(1) << w;
	if (wg_port_get0(L, in, SSL_RST_I)) {
		if (asleep)
			hits[P_RESET_ASLEEP]++;
		return;
	}
	const uint64_t live = slg_live(g), wait = slg_wait(g), rdy = wg_port_get0(L, in, SSL_RDY_I);
	const uint64_t arr = wg_port_get0(L, in, SSL_ARR_I), acc = wg_port_get0(L, in, SSL_ACC_I), pend = wg_port_get0(L, in, SSL_PEND_I);
	const uint64_t launch = wg_port_get0(L, in, SSL_LAUNCH_I), rel = wg_port_get0(L, out, SSL_REL_O);
	const int iss = (int)wg_port_get0(L, out, SSL_ISS_VALID_O), iw = iss ? (int)wg_port_get0(L, out, SSL_ISS_WARP_O) : -1;
	if (iss && ((live >> iw) & 1u)) {
		int st = slg_st(g, iw);
		if (st == SLG_S21) {
			if (slg_timer(g, iw) == gc->y - gc->x)
				hits[P_SEL_AT_RELEASE]++;
			else
				hits[P_SEL_DURING_MOVE]++;
			if (gc->s21_wake == SLG_S21_FIRST_Y && !slg_frst(g, slg_cta(g, iw)))
				hits[P_SEL_MOVE_LATER_WARP]++;
		} else if (st == SLG_S1)
			hits[P_SEL_AFTER_MOVE]++;
		else if (st == SLG_WK1 || st == SLG_WK2)
			hits[P_SEL_DURING_WAKE]++;
		if (wait & rdy & ~(UINT64_C(1) << iw))
			hits[P_WAIT_READY_SKIPPED]++;
	}
	/* barriers per CTA */
	uint64_t cta_wait = 0, cta_s2 = 0; /* bit c: a warp of CTA c waits / sleeps in S2 */
	for (int w = 0; w < W; w++) {
		if (!((live >> w) & 1u))
			continue;
		int c = slg_cta(g, w);
		if ((wait >> w) & 1u)
			cta_wait |= UINT64_C(1) << c;
		if (slg_st(g, w) == SLG_S2)
			cta_s2 |= UINT64_C(1) << c;
	}
	if (wg_popc64(cta_wait) >= 2)
		hits[P_TWO_CTAS_WAITING]++;
	if (rel && (cta_s2 & ~rel))
		hits[P_RELEASE_OTHER_ASLEEP]++;
	for (int w = 0; w < W && rel; w++) {
		int st = slg_st(g, w);
		if (((live & wait & ~pend & ~acc) >> w & 1u) && ((rel >> slg_cta(g, w)) & 1u) &&
		    (st == SLG_ACT || st == SLG_ENT) && !(iss && iw == w)) {
			hits[P_LAST_ARRIVAL_WHILE_ENTERING]++;
			break;
		}
	}
	int rearr = 0, wb = 0, pb = 0, ent = 0;
	for (int w = 0; w < W; w++) {
		int st = slg_st(g, w);
		uint64_t b = UINT64_C(1) << w;
		if ((arr & b) && waking(st))
			rearr = 1;
		if ((acc & wait & b) && st == SLG_S2)
			wb = 1;
		if ((wait & pend & b) && st == SLG_ACT)
			pb = 1;
		if ((acc & b || iw == w) && st == SLG_ENT)
			ent = 1;
	}
	hits[P_REARRIVE_DURING_WAKE] += (uint64_t)rearr;
	hits[P_WB_TO_SLEEPING] += (uint64_t)wb;
	hits[P_PEND_BLOCKS_SLEEP] += (uint64_t)pb;
	hits[P_WAKE_DURING_ENTRY] += (uint64_t)ent;
	/* the EXIT prologue and the launches */
	const uint64_t res = s2l_resident(sc);
	if (wg_port_get0(L, out, SSL_EXT_VALID_O) && !((live >> wg_port_get0(L, out, SSL_EXT_WARP_O)) & 1u))
		hits[P_PROLOGUE_EXIT_IGNORED]++;
	if (launch && (res & ~live & ~launch))
		hits[P_LAUNCH_DURING_PROLOGUE]++;
	if (launch && asleep)
		hits[P_LAUNCH_WHILE_OTHER_ASLEEP]++;
	/* the environment's front end and the wakes its reads met */
	if (!v)
		return;
	if (v->freeze >= 0)
		hits[P_FRONT_FROZEN]++;
	int mv = 0, hid = 0;
	for (int w = 0; w < W; w++) {
		if (!((v->read_done >> w) & 1u))
			continue;
		int k = v->read_kind[w];
		if (k == SSE_W_S21 && v->read_stall[w] > 0)
			mv = 1;
		if ((k == SSE_W_S1 || k == SSE_W_S2 || k == SSE_W_S21 || k == SSE_W_S21X) && v->read_stall[w] == 0)
			hid = 1;
	}
	hits[P_READ_MOVE_STALL] += (uint64_t)mv;
	hits[P_READ_WAKE_HIDDEN] += (uint64_t)hid;
}
