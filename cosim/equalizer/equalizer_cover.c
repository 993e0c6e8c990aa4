/* equalizer_cover.c - Equalizer's functional coverage points
 * (docs/equalizer.md "Functional coverage points"): each a condition on the
 * inputs and the C model's state (cycle counter, statistics counters, T,
 * hysteresis, slots, age matrix, request) at the start of a cycle, evaluated
 * as docs/equalizer.md "One cycle" defines it (the classification, the
 * bypassed sums, Algorithm 1 through eq_decide, the hysteresis, the CTA
 * controller). */
#include "equalizer_cover.h"

#include <string.h>

#include "wg_bits.h"
#include "wg_kit.h"

enum {
	P_LINE8,
	P_LINE11,
	P_LINE13,
	P_LINE15_COMP,
	P_LINE15_MEM,
	P_LINE22,
	P_NONE,
	P_NO_KERNEL,
	P_BYPASS_DECIDES,
	P_COUNTER_MAX,
	P_PAUSED_HEAD,
	P_BARRIER_HEAD,
	P_ISSUED_HEAD,
	P_HYST_APPLIES,
	P_HYST_CLAMP,
	P_HYST_BROKEN,
	P_HYST_ZERO_RESETS,
	P_PAUSE,
	P_UNPAUSE,
	P_REQUEST,
	P_NO_CTAS_LEFT,
	P_EVENT_BLOCKS_ACTION,
	P_KSTART_MID_EPOCH,
	P_LAUNCH_AND_DONE,
	P_RESET_IN_KERNEL,
	EQ_NCOV
};

const wg_cov_point eq_cov_points[EQ_NCOV] = {
	[P_LINE8] = {"decide_line8_mem",
		"an epoch end with a kernel decided by Alg. 1 line 8: XM > W·Sc, -1, MEM (spec §2.4 row 1)",
		"counter_max tt_xmem_over_wcta vf_performance hyst_applies hyst_broken_third_epoch hyst_clamp_noop cta_done_while_paused pause_and_done_same_cycle increase_no_ctas_left kernel_change_mid_epoch"},
	[P_LINE11] = {"decide_line11_comp",
		"an epoch end decided by line 11: XA >= W·Sc, 0, COMP (spec §2.4 row 2)",
		"tt_xalu_at_wcta vf_performance"},
	[P_LINE13] = {"decide_line13_mem",
		"an epoch end decided by line 13: XM > 2·Sc, 0, MEM (spec §2.4 row 3)",
		"epoch_boundary_sample tt_xmem_over_2 norm_shift_boundary"},
	[P_LINE15_COMP] = {"decide_unsat_comp",
		"an epoch end decided by line 15 with XA > XM: +1, COMP (spec §2.4 row 4)",
		"tt_unsat_comp vf_performance hyst_broken_third_epoch hyst_clamp_noop increase_no_ctas_left"},
	[P_LINE15_MEM] = {"decide_unsat_mem",
		"an epoch end decided by line 15 with XA <= XM: +1, MEM (spec §2.4 row 5, the tie to MEM)",
		"counter_max tt_unsat_tie_mem"},
	[P_LINE22] = {"decide_idle_sm",
		"an epoch end with a kernel and no active warp: line 22, COMP (spec §2.4 row 7, §2.12 #9)",
		"epoch_boundary_sample counter_max tt_xmem_over_wcta tt_xalu_at_wcta tt_xmem_over_2 tt_unsat_comp tt_unsat_tie_mem tt_degenerate tt_idle norm_shift_boundary vf_performance hyst_applies hyst_broken_third_epoch hyst_clamp_noop cta_done_while_paused pause_and_done_same_cycle increase_no_ctas_left kernel_change_mid_epoch idle_sm_votes_comp"},
	[P_NONE] = {"decide_degenerate",
		"an epoch end with a kernel where no line applies: 0, NONE (spec §2.4 row 6)",
		"tt_degenerate norm_shift_boundary hyst_applies"},
	[P_NO_KERNEL] = {"epoch_end_without_kernel",
		"an epoch end with kmax_i = 0: a decision 0 / NONE, no vote (docs/equalizer.md decision 10)",
		"idle_sm_votes_comp"},
	[P_BYPASS_DECIDES] = {"last_sample_changes_decision",
		"cross: the epoch's last sample, bypassed into the sums, changes Alg. 1's line (spec §2.12 #1, A-EQ-16)",
		"epoch_boundary_sample tt_xmem_over_wcta tt_xalu_at_wcta tt_xmem_over_2 norm_shift_boundary vf_performance hyst_applies hyst_broken_third_epoch hyst_clamp_noop cta_done_while_paused pause_and_done_same_cycle increase_no_ctas_left kernel_change_mid_epoch"},
	[P_COUNTER_MAX] = {"counter_at_max",
		"an epoch end whose active sum is WARPS·S, the counters' largest value (spec §2.12 #2)",
		"counter_max kernel_change_mid_epoch"},
	[P_PAUSED_HEAD] = {"sample_paused_warp_head",
		"a sample where a paused warp has a valid head: not counted (spec §2.2; One cycle, classification)",
		"hyst_applies hyst_broken_third_epoch hyst_clamp_noop kernel_change_mid_epoch"},
	[P_BARRIER_HEAD] = {"sample_barrier_head",
		"a sample where an unpaused warp with a valid head waits at a barrier (Others, or active with BARRIER_IS_ACTIVE: A-EQ-3)",
		"tt_unsat_comp tt_unsat_tie_mem tt_degenerate vf_performance hyst_applies hyst_broken_third_epoch hyst_clamp_noop increase_no_ctas_left"},
	[P_ISSUED_HEAD] = {"sample_issued_head",
		"a sample where a ready head issues: active only, neither X_alu nor X_mem (A-EQ-2)",
		NULL},
	[P_HYST_APPLIES] = {"hysteresis_changes_t",
		"an epoch end whose decision completes HYSTERESIS equal non-zero decisions and moves T (spec §2.5, A-EQ-5)",
		"hyst_applies hyst_broken_third_epoch hyst_clamp_noop cta_done_while_paused pause_and_done_same_cycle increase_no_ctas_left kernel_change_mid_epoch"},
	[P_HYST_CLAMP] = {"hysteresis_clamped",
		"cross: the count reaches HYSTERESIS at T = 1 going down or T = kmax going up: no change, the count restarts (spec §2.12 #3, A-EQ-8)",
		"hyst_clamp_noop"},
	[P_HYST_BROKEN] = {"hysteresis_reversed",
		"an epoch end whose non-zero decision is opposite to the pending direction: the count restarts at 1 (spec §2.12 #3, A-EQ-5)",
		"counter_max vf_performance hyst_broken_third_epoch"},
	[P_HYST_ZERO_RESETS] = {"hysteresis_zeroed",
		"an epoch end with delta 0 while a count is pending: it restarts at 0 (spec §2.12 #3, A-EQ-5)",
		"counter_max hyst_applies"},
	[P_PAUSE] = {"pause_youngest",
		"the controller pauses the youngest unpaused CTA (U > T; A-EQ-6)",
		"hyst_applies hyst_broken_third_epoch hyst_clamp_noop cta_done_while_paused increase_no_ctas_left kernel_change_mid_epoch"},
	[P_UNPAUSE] = {"unpause_oldest",
		"the controller unpauses the oldest paused CTA (U < T with a paused CTA; A-EQ-6, A-EQ-7)",
		"cta_done_while_paused increase_no_ctas_left"},
	[P_REQUEST] = {"request_cta",
		"the controller asks the distributor for a CTA (U < T, none paused, none pending, a free slot; §2.5)",
		"epoch_boundary_sample counter_max tt_xmem_over_wcta tt_xalu_at_wcta tt_xmem_over_2 tt_unsat_comp tt_unsat_tie_mem tt_degenerate tt_idle norm_shift_boundary vf_performance hyst_applies hyst_broken_third_epoch hyst_clamp_noop cta_done_while_paused pause_and_done_same_cycle increase_no_ctas_left kernel_change_mid_epoch idle_sm_votes_comp"},
	[P_NO_CTAS_LEFT] = {"increase_no_ctas_left",
		"U < T, nothing paused, a free slot, but gwde_avail_i = 0: no request (spec §2.12 #6)",
		"increase_no_ctas_left idle_sm_votes_comp"},
	[P_EVENT_BLOCKS_ACTION] = {"slot_event_blocks_action",
		"cross: a launch or completion in a cycle where the controller would act: no action then (spec §2.12 #4, decision 8)",
		"pause_and_done_same_cycle kernel_change_mid_epoch"},
	[P_KSTART_MID_EPOCH] = {"kernel_start_mid_epoch",
		"a kernel start with cyc_q != 0: the epoch and the statistics restart (spec §2.12 #10, decision 7)",
		"kernel_change_mid_epoch idle_sm_votes_comp"},
	[P_LAUNCH_AND_DONE] = {"launch_and_done_same_cycle",
		"a CTA launch and a completion (of another slot) in one cycle (docs/equalizer.md Protocol, The edge)",
		"idle_sm_votes_comp"},
	[P_RESET_IN_KERNEL] = {"reset_while_kernel_runs",
		"a mid-run reset while some slot holds a CTA (docs/equalizer.md The edge)",
		NULL},
};
_Static_assert(EQ_NCOV == EQ_NCOV_POINTS, "EQ_NCOV_POINTS in equalizer_cover.h");

/* This cycle's inputs as the C model's eq_in (docs/equalizer.md Ports):
 * the kernel and slot ports (every cycle) */
static void unpack(const wg_layout *L, const uint32_t *in, eq_in *fi)
{
	memset(fi, 0, sizeof *fi);
	fi->kstart = (unsigned)wg_port_get(L, in, EQ_KSTART_I);
	fi->kmax = (unsigned)wg_port_get(L, in, EQ_KMAX_I);
	fi->wcta = (unsigned)wg_port_get(L, in, EQ_WCTA_I);
	fi->gwde_avail = (unsigned)wg_port_get(L, in, EQ_GWDE_AVAIL_I);
	fi->launch = (unsigned)wg_port_get(L, in, EQ_LAUNCH_I);
	fi->done = (unsigned)wg_port_get(L, in, EQ_DONE_I);
}

/* ... and the warps' ports, read only in a sample cycle */
static void unpack_heads(const wg_layout *L, const eq_cfg *c, const uint32_t *in, eq_in *fi)
{
	wg_elems_get8(L, in, EQ_WSLOT_I, c->warps, (unsigned)eq_slot_bits(c), fi->wslot);
	fi->hv = wg_port_get(L, in, EQ_HV_I);
	fi->hrdy = wg_port_get(L, in, EQ_HRDY_I);
	fi->hmem = wg_port_get(L, in, EQ_HMEM_I);
	fi->hbar = wg_port_get(L, in, EQ_HBAR_I);
	fi->iss = wg_port_get(L, in, EQ_ISS_I);
	fi->lsu_full = (unsigned)wg_port_get(L, in, EQ_LSU_FULL_I);
}

/* The controller's action of docs/equalizer.md "One cycle" without the
 * quiet/slot-event condition: 1 pause, 2 unpause, 3 request, 0 none. */
static int action(const eq_model *m, const eq_in *fi, unsigned all)
{
	unsigned v = eq_valid(m), p = eq_paused(m), t = eq_target(m);
	unsigned run = v & ~p, q = v & p;
	unsigned u = wg_popc64(run);
	if (u > t)
		return 1;
	if (u < t && q)
		return 2;
	if (u < t && fi->gwde_avail && !eq_req_pending(m) && v != all)
		return 3;
	return 0;
}

void eq_cover(const wg_layout *L, const eq_model *m, const uint32_t *in, uint64_t *hits)
{
	const eq_cfg *c = eq_config(m);
	unsigned valid = eq_valid(m), paused = eq_paused(m);
	if (wg_port_get(L, in, EQ_RST_I)) {
		if (valid)
			hits[P_RESET_IN_KERNEL]++;
		return;
	}
	eq_in fi;
	unpack(L, in, &fi);
	const unsigned all = (unsigned)wg_ones64(c->max_ctas);
	if (fi.kstart) {
		if (eq_cyc(m) != 0)
			hits[P_KSTART_MID_EPOCH]++;
		return;
	}
	int act = action(m, &fi, all);
	if (fi.launch || fi.done) {
		if (act)
			hits[P_EVENT_BLOCKS_ACTION]++;
		if (fi.launch && fi.done)
			hits[P_LAUNCH_AND_DONE]++;
	} else if (act == 1)
		hits[P_PAUSE]++;
	else if (act == 2)
		hits[P_UNPAUSE]++;
	else if (act == 3)
		hits[P_REQUEST]++;
	else if ((int)wg_popc64(valid & ~paused) < (int)eq_target(m) && !(valid & paused) && !fi.gwde_avail && valid != all)
		hits[P_NO_CTAS_LEFT]++;

	const unsigned sp = (unsigned)c->sample_period, cyc = eq_cyc(m);
	if (cyc % sp != sp - 1)
		return;
	/* a sample: the classification of this cycle's heads */
	unpack_heads(L, c, in, &fi);
	uint64_t wpause = 0;
	for (int w = 0; w < c->warps; w++)
		if (fi.wslot[w] < c->max_ctas && ((paused >> fi.wslot[w]) & 1u))
			wpause |= 1ull << w;
	uint64_t counted = fi.hv & ~wpause;
	if (fi.hv & wpause)
		hits[P_PAUSED_HEAD]++;
	if (counted & fi.hbar)
		hits[P_BARRIER_HEAD]++;
	if (counted & ~fi.hbar & fi.hrdy & fi.iss)
		hits[P_ISSUED_HEAD]++;
	if (cyc != (unsigned)c->epoch - 1)
		return;
	/* an epoch end: Alg. 1 on the bypassed sums, then the hysteresis */
	if (fi.kmax == 0) {
		hits[P_NO_KERNEL]++;
		return;
	}
	eq_sample_counts now = eq_classify(c, &fi, wpause), cnt = eq_stats(m);
	unsigned long xm = cnt.xmem + now.xmem, xa = cnt.xalu + now.xalu;
	unsigned long wt = cnt.waiting + now.waiting, a = cnt.active + now.active;
	eq_decision d = eq_decide(c, xm, xa, wt, a, fi.wcta);
	eq_decision d0 = eq_decide(c, cnt.xmem, cnt.xalu, cnt.waiting, cnt.active, fi.wcta);
	if (d.line != d0.line)
		hits[P_BYPASS_DECIDES]++;
	if (a == (unsigned long)c->warps * (unsigned long)(c->epoch / c->sample_period))
		hits[P_COUNTER_MAX]++;
	switch (d.line) {
	case 8: hits[P_LINE8]++; break;
	case 11: hits[P_LINE11]++; break;
	case 13: hits[P_LINE13]++; break;
	case 15: hits[d.vote == EQ_VOTE_COMP ? P_LINE15_COMP : P_LINE15_MEM]++; break;
	case 22: hits[P_LINE22]++; break;
	default: hits[P_NONE]++; break;
	}
	unsigned hc = eq_hyst_cnt(m);
	int hd = eq_hyst_dir(m);
	if (d.delta == 0) {
		if (hc != 0)
			hits[P_HYST_ZERO_RESETS]++;
		return;
	}
	unsigned nc = (hc != 0 && d.delta == hd) ? hc + 1 : 1;
	if (hc != 0 && d.delta != hd)
		hits[P_HYST_BROKEN]++;
	if (nc == (unsigned)c->hysteresis) {
		unsigned t = eq_target(m);
		long tn = (long)t + d.delta;
		if (tn < 1)
			tn = 1;
		if (tn > (long)fi.kmax)
			tn = (long)fi.kmax;
		hits[(unsigned)tn != t ? P_HYST_APPLIES : P_HYST_CLAMP]++;
	}
}
