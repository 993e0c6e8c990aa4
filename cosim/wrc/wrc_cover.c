/* wrc_cover.c - the warp readiness checker's functional coverage points
 * (docs/wrc.md "Functional coverage points"): each a condition on the inputs
 * and the C model's state at the start of a cycle, with ready/mr/cr, busy,
 * the views and the release rule of docs/wrc.md "One cycle", and on the
 * outputs where the page defines the corner case by what the block does (the
 * issue, sat_o = next cycle's mode). */
#include "wrc_cover.h"

#include "wg_bits.h"
#include "wg_kit.h"

enum {
	P_SWITCH_ISSUER_OWNS,
	P_MP_FIRST_ISSUE_OWNS,
	P_RELEASE_LLP,
	P_RELEASE_HELD_BUSY,
	P_OWNER_BARRIER,
	P_OWNER_EXIT,
	P_IDLE_RELEASE,
	P_IDLE_HELD,
	P_HEAD_HANDOFF,
	P_RELEASE_MP_EXIT,
	P_CHATTER,
	P_HYST_HOLD,
	P_SAT_EXT_ONLY,
	P_LSU_NOT_RDY,
	P_LSU_PORT_CONFLICT,
	P_OWNER_SCHED_FIRST,
	P_MP_COMPUTE_FIRST,
	P_EP_MEMORY_FIRST,
	P_GREEDY_NOT_OLDEST,
	P_PRE_ISSUE,
	P_SWITCH_ADMITS,
	P_QUEUED_MEM_STALL,
	P_LAUNCH_EXIT_SAME,
	P_GREEDY_EXITS,
	P_RESET_MIDRUN,
	WRC_NCOV
};

const wg_cov_point wrc_cov_points[WRC_NCOV] = {
	[P_SWITCH_ISSUER_OWNS] = {"switch_cycle_issuer_owns",
		"EP→MP switch cycle with a memory issue: the issuer becomes the owner (spec §3.4 #1; docs/wrc.md Taking ownership)",
		"owner_first_memory_issue owner_release_llp owner_hold_while_queued release_and_mp_exit_same_cycle flag_chatter flag_chatter_hysteresis owner_exit_barrier switch_admits_pre owner_idle_timeout"},
	[P_MP_FIRST_ISSUE_OWNS] = {"mp_no_owner_first_issue_owns",
		"MP without an owner: the first memory issue takes ownership (§4.3.1; No owner in MP)",
		"mp_compute_first_oldest owner_release_llp owner_exit_barrier two_schedulers_lsu_port owner_idle_timeout"},
	[P_RELEASE_LLP] = {"owner_release_llp",
		"the owner's head sources its own pending load and it has nothing in the LSU or the queue: released (spec §3.4 #3)",
		"owner_release_llp owner_hold_while_queued owner_to_queue_head release_and_mp_exit_same_cycle"},
	[P_RELEASE_HELD_BUSY] = {"owner_release_held_busy",
		"cross: the owner's head sources its own load while it still has a request in the LSU or the queue: ownership held (A-MA-2)",
		"owner_release_llp owner_hold_while_queued"},
	[P_OWNER_BARRIER] = {"owner_at_barrier",
		"the owner is blocked at a barrier: released at once (spec §3.13 #9, A-MA-3)",
		"owner_exit_barrier"},
	[P_OWNER_EXIT] = {"owner_exits",
		"the owner exits: released at once (spec §3.13 #9, A-MA-3)",
		"owner_exit_barrier"},
	[P_IDLE_RELEASE] = {"owner_idle_timeout",
		"OWNER_IDLE_TIMEOUT > 0: the owner has been idle for T cycles and is not busy: released (spec §3.4 liveness)",
		"owner_idle_timeout"},
	[P_IDLE_HELD] = {"owner_idle_timeout_held_busy",
		"cross: the idle counter is at T while the owner is busy: the hold wins (A-MA-2 with §3.4)",
		"owner_idle_timeout"},
	[P_HEAD_HANDOFF] = {"queue_head_handoff",
		"MP would have no owner, no warp is memory-ready for t+1 and the queue is not empty: its head's warp becomes the owner (spec §3.13 #8; decision 4)",
		"owner_to_queue_head"},
	[P_RELEASE_MP_EXIT] = {"release_and_mp_exit_same_cycle",
		"cross: the owner releases in the cycle MP ends: owner NONE and stalls cleared (spec §3.13 #5)",
		"release_and_mp_exit_same_cycle"},
	[P_CHATTER] = {"flag_chatter",
		"the mode switches at two consecutive edges (the flag toggling every cycle; spec §3.13 #6)",
		"flag_chatter"},
	[P_HYST_HOLD] = {"hysteresis_holds_mp",
		"SAT_HYST > 0: MP, the flag is off but not below the hysteresis band: MP holds (spec §3.3)",
		"flag_chatter_hysteresis hysteresis"},
	[P_SAT_EXT_ONLY] = {"sat_from_texture_constant_only",
		"the flag is on only through sat_ext_i (texture or constant cache, A-MA-14)",
		"hysteresis"},
	[P_LSU_NOT_RDY] = {"lsu_stalled_memory_ready",
		"lsu_rdy_i low while a warp is memory-ready: no memory issue, compute instead (spec §3.13 #1; §4.3.3)",
		"ep_memory_first_gto two_schedulers_lsu_port"},
	[P_LSU_PORT_CONFLICT] = {"lsu_port_conflict",
		"two or more schedulers would issue memory: one LSU port, the chain order decides (spec §3.13 #14, A-MA-4)",
		"two_schedulers_lsu_port"},
	[P_OWNER_SCHED_FIRST] = {"owner_scheduler_first",
		"MP: the owner belongs to a scheduler other than 0 and its memory instruction takes the port (§4.3.1; decision 7)",
		"two_schedulers_lsu_port"},
	[P_MP_COMPUTE_FIRST] = {"mp_compute_before_memory",
		"MP: a scheduler has both compute-ready and memory-ready warps: compute issues (§4.3.1; spec §3.5)",
		"mp_compute_first_oldest owner_hold_while_queued flag_chatter flag_chatter_hysteresis two_schedulers_lsu_port switch_admits_pre"},
	[P_EP_MEMORY_FIRST] = {"ep_memory_before_compute",
		"EP with the port free: a scheduler has both memory-ready and compute-ready warps: memory issues (spec §3.5)",
		"ep_memory_first_gto owner_first_memory_issue owner_release_llp owner_hold_while_queued owner_to_queue_head release_and_mp_exit_same_cycle flag_chatter owner_exit_barrier queued_warp_stalled owner_idle_timeout"},
	[P_GREEDY_NOT_OLDEST] = {"ep_greedy_over_older",
		"EP: the greedy warp issues while an older warp of its class is ready (greedy-then-oldest; spec §3.5)",
		"ep_memory_first_gto owner_to_queue_head release_and_mp_exit_same_cycle queued_warp_stalled"},
	[P_PRE_ISSUE] = {"admitted_non_owner_issues",
		"MP with an owner: an admitted non-owner (pre) issues its memory instruction (spec §3.13 #15; decision 6)",
		"two_schedulers_lsu_port switch_admits_pre"},
	[P_SWITCH_ADMITS] = {"switch_admits_memory_ready",
		"EP→MP switch with memory-ready non-issuing warps: they are admitted (pre; spec §3.13 #15)",
		"flag_chatter flag_chatter_hysteresis two_schedulers_lsu_port switch_admits_pre"},
	[P_QUEUED_MEM_STALL] = {"queued_warp_memory_stalled",
		"a warp with a request in the queue whose next head is a memory instruction: stalled (spec §3.13 #10, A-MA-7)",
		"queued_warp_stalled"},
	[P_LAUNCH_EXIT_SAME] = {"launch_and_exit_same_cycle",
		"cross: a launch and an exit in one cycle rewrite the age list together (decision 3)"},
	[P_GREEDY_EXITS] = {"greedy_warp_exits",
		"a scheduler's greedy warp exits: it is forgotten (One cycle, greedy)",
		"owner_exit_barrier"},
	[P_RESET_MIDRUN] = {"reset_mid_run",
		"a reset while warps are resident"},
};
_Static_assert(WRC_NCOV == WRC_NCOV_POINTS, "WRC_NCOV_POINTS in wrc_cover.h");

static int bit(uint64_t v, int i) { return i >= 0 && i < 64 && ((v >> i) & 1u); }

void wrc_cover(const ws_stim *st, const wrc_model *m, const uint32_t *in, const uint32_t *out, uint64_t *hits)
{
	const wg_layout *L = st->L;
	const wrc_cfg *c = wrc_config(m);
	const int W = c->warps, S = c->schedulers, wb = wrc_warp_bits(c);
	const unsigned none = wrc_none(c);
	uint64_t res = wrc_resident(m);
	if (wg_port_get(L, in, WRC_RST_I)) {
		if (res)
			hits[P_RESET_MIDRUN]++;
		return;
	}
	uint64_t mem = wrc_wst_mem(m), stall = wrc_wst_stall(m), pre = wrc_pre(m);
	unsigned own = wrc_owner(m);
	int mode = wrc_mode(m), ho = own != none;
	uint64_t launch = wg_port_get(L, in, WRC_LAUNCH_I), exit_ = wg_port_get(L, in, WRC_EXIT_I);
	uint64_t hv = wg_port_get(L, in, WRC_HD_VALID_I), hm = wg_port_get(L, in, WRC_HD_MEM_I);
	uint64_t hr = wg_port_get(L, in, WRC_HD_RDY_I);
	uint64_t av = wg_port_get(L, in, WRC_AD_VALID_I), am = wg_port_get(L, in, WRC_AD_MEM_I);
	uint64_t ar = wg_port_get(L, in, WRC_AD_RDY_I);
	uint64_t llp = wg_port_get(L, in, WRC_LLP_I), bar = wg_port_get(L, in, WRC_BAR_I);
	uint64_t busy = wg_port_get(L, in, WRC_LSU_PEND_I) | wg_port_get(L, in, WRC_RQ_HAS_I);
	uint64_t rqhas = wg_port_get(L, in, WRC_RQ_HAS_I);
	int rqv = (int)wg_port_get(L, in, WRC_RQ_HEAD_VALID_I), rqw = (int)wg_port_get(L, in, WRC_RQ_HEAD_WARP_I);
	int lsu = (int)wg_port_get(L, in, WRC_LSU_RDY_I);
	long mshr = (long)wg_port_get(L, in, WRC_MSHR_USED_I), mq = (long)wg_port_get(L, in, WRC_MQ_USED_I);
	int ext = (int)wg_port_get(L, in, WRC_SAT_EXT_I);
	int sat = (int)wg_port_get(L, out, WRC_SAT_O);

	/* this cycle's issue */
	uint64_t iss = 0;
	int imem = -1, iw[WRC_MAX_SCHED], ivalid[WRC_MAX_SCHED];
	for (int s = 0; s < S; s++) {
		ivalid[s] = (int)wg_slice_get(L, out, WRC_ISS_VALID_O, s, 1);
		iw[s] = (int)wg_elem_get(L, out, WRC_ISS_WARP_O, s, wb);
		if (!ivalid[s])
			continue;
		iss |= UINT64_C(1) << iw[s];
		if (wg_slice_get(L, out, WRC_ISS_MEM_O, s, 1))
			imem = iw[s];
	}
	if (imem >= 0)
		busy |= UINT64_C(1) << imem;
	uint64_t res_d = (res & ~exit_) | launch;
	uint64_t vv = (iss & av) | (~iss & hv), vm = (iss & am) | (~iss & hm), vr = (iss & ar) | (~iss & hr);
	uint64_t vmem = res_d & vv & vm;

	/* the flag */
	long thm = c->mshrs - c->margin_mshr, thq = c->missq - c->margin_mq;
	int on_l1 = mshr >= thm || mq >= thq;
	int off = mshr < thm - c->hyst && mq < thq - c->hyst && !ext;
	if (ext && !on_l1)
		hits[P_SAT_EXT_ONLY]++;
	if (c->hyst > 0 && mode == WRC_MP && !on_l1 && !ext && !off)
		hits[P_HYST_HOLD]++;
	if (st->prev_ok && st->prev.sat != st->prev.mode && sat != mode)
		hits[P_CHATTER]++;

	/* ownership (release, take, hand-off) */
	int o = ho ? (int)own : -1;
	if (ho) {
		int idle_at_t = c->idle_timeout > 0 && wrc_idle(m) == c->idle_timeout;
		int rel = bit(exit_, o) || bit(bar, o) || (bit(llp, o) && !bit(busy, o)) || (idle_at_t && !bit(busy, o));
		if (bit(bar, o))
			hits[P_OWNER_BARRIER]++;
		if (bit(exit_, o))
			hits[P_OWNER_EXIT]++;
		if (bit(llp, o) && !bit(busy, o) && !bit(exit_, o) && !bit(bar, o))
			hits[P_RELEASE_LLP]++;
		if (bit(llp, o) && bit(busy, o) && !bit(exit_, o) && !bit(bar, o))
			hits[P_RELEASE_HELD_BUSY]++;
		if (idle_at_t && !bit(busy, o))
			hits[P_IDLE_RELEASE]++;
		if (idle_at_t && bit(busy, o) && !bit(exit_, o) && !bit(bar, o) && !bit(llp, o))
			hits[P_IDLE_HELD]++;
		if (rel && mode == WRC_MP && sat == WRC_EP)
			hits[P_RELEASE_MP_EXIT]++;
		if (rel)
			o = -1;
	}
	if (sat == WRC_MP && o < 0) {
		if (imem >= 0 && bit(res_d, imem)) {
			hits[mode == WRC_EP ? P_SWITCH_ISSUER_OWNS : P_MP_FIRST_ISSUE_OWNS]++;
		} else if (!(vmem & vr & ~busy) && rqv && bit(res_d, rqw))
			hits[P_HEAD_HANDOFF]++;
	}
	if (mode == WRC_EP && sat == WRC_MP && (res_d & ~iss & mem & ~stall))
		hits[P_SWITCH_ADMITS]++;
	if (mode == WRC_MP && ho && imem >= 0 && imem != (int)own && bit(pre, imem))
		hits[P_PRE_ISSUE]++;
	if (mode == WRC_MP && ho && imem == (int)own && (int)own % S != 0)
		hits[P_OWNER_SCHED_FIRST]++;

	/* issue selection (docs/wrc.md Issue selection): per scheduler */
	uint64_t ready = res & ~stall, mr = ready & mem, cr = ready & ~mem;
	unsigned ids[WRC_MAX_WARPS];
	int pos[WRC_MAX_WARPS], na = wrc_age_list(m, ids);
	for (int w = 0; w < W; w++)
		pos[w] = W;
	for (int k = 0; k < na; k++)
		pos[ids[k]] = k;
	int want_mem = 0, mp_cf = 0, ep_mf = 0, greedy_older = 0, greedy_exit = 0;
	if (!lsu && mr)
		hits[P_LSU_NOT_RDY]++;
	for (int s = 0; s < S; s++) {
		uint64_t set = 0;
		for (int w = s; w < W; w += S)
			set |= UINT64_C(1) << w;
		int has_m = (mr & set) != 0, has_c = (cr & set) != 0;
		want_mem += mode == WRC_EP ? has_m : has_m && !has_c;
		mp_cf |= has_m && has_c && mode == WRC_MP && ivalid[s] && !bit(mem, iw[s]);
		ep_mf |= has_m && has_c && mode == WRC_EP && lsu && ivalid[s] && bit(mem, iw[s]);
		int g = wrc_greedy(m, s);
		if (mode == WRC_EP && ivalid[s] && iw[s] == g) {
			uint64_t cls = bit(mem, g) ? mr : cr;
			for (uint64_t x = cls & set; x; x &= x - 1)
				greedy_older |= pos[wg_ctz64(x)] < pos[g];
		}
		greedy_exit |= g >= 0 && bit(exit_, g);
	}
	/* each point at most once a cycle */
	if (mp_cf)
		hits[P_MP_COMPUTE_FIRST]++;
	if (ep_mf)
		hits[P_EP_MEMORY_FIRST]++;
	if (greedy_older)
		hits[P_GREEDY_NOT_OLDEST]++;
	if (greedy_exit)
		hits[P_GREEDY_EXITS]++;
	if (lsu && want_mem >= 2)
		hits[P_LSU_PORT_CONFLICT]++;
	for (uint64_t x = res & rqhas & vv & vm; x; x &= x - 1)
		if (bit(res_d, wg_ctz64(x))) {
			hits[P_QUEUED_MEM_STALL]++;
			break;
		}
	if (launch && exit_)
		hits[P_LAUNCH_EXIT_SAME]++;
}
