/* sched2l_desc.c - the two-level warp scheduler's descriptor: parameters,
 * ports, energy events and storage. Cycle contract: docs/sched2l.md. */
#include <stdio.h>

#include "sched2l.h"
#include "wg_bits.h"

static const char *const select_names[] = {"GREEDY", "RR", "GTO", "TRWS", NULL};
static const char *const suspend_names[] = {"ALWAYS", "PENDING", NULL};

static const wg_param_def s2l_params[S2L_NPARAMS] = {
	[S2L_P_WARPS] = {"WARPS", 32, 1, 64, NULL,
		"resident warps (the outer level, the pending set)", "Gebhart ISCA'11 §2.1, §5.2: 32 warps"},
	[S2L_P_ACTIVE] = {"ACTIVE", 8, 1, 64, NULL,
		"active-set slots (the inner level the scheduler picks from)", "Gebhart §3.2, §5.2: 8 active warps"},
	[S2L_P_SELECT] = {"SELECT", S2L_GREEDY, 0, 3, select_names,
		"policy inside the active set: GREEDY (keep the warp until it stalls, then the next slot), RR "
		"(rotate every issue), GTO (keep the warp, then the oldest by launch) or TRWS (GTO, prio_i warps first)",
		"Gebhart §5.2: greedy for all results (GTO: Xie 2017 Table 1; TRWS: Xie §4.2.3, spec A21)"},
	[S2L_P_SUSPEND] = {"SUSPEND", S2L_ALWAYS, 0, 1, suspend_names,
		"demote on every marked consumer (ALWAYS) or only while its value is pending (PENDING)",
		"Gebhart §3.2: preemptive (spec §3.3, §8 #6: ALWAYS_ON_MARK)"},
	[S2L_P_BARRIER_DEMOTE] = {"BARRIER_DEMOTE", 1, 0, 1, NULL,
		"1: demote warps blocked at a barrier (0 keeps them, and can deadlock)",
		"decision, spec §3.3, §8 #16 (paper silent)"},
};

static const wg_port_def s2l_ports[S2L_NPORTS] = {
	[S2L_RST_I] = {"rst_i", WG_IN, "control", "synchronous reset, active high"},
	[S2L_RDY_I] = {"rdy_i", WG_IN, "warp", "per warp: the next instruction can issue (scoreboard verdict; read for active warps)"},
	[S2L_MARK_I] = {"mark_i", WG_IN, "warp", "per warp: the next instruction is a marked first consumer of a long-latency result"},
	[S2L_LLP_I] = {"llp_i", WG_IN, "warp", "per warp: the next instruction sources an outstanding long-latency write"},
	[S2L_BAR_I] = {"bar_i", WG_IN, "warp", "per warp: blocked at a barrier that has not released"},
	[S2L_FIN_I] = {"fin_i", WG_IN, "warp", "per warp: the next instruction is EXIT"},
	[S2L_LAUNCH_I] = {"launch_i", WG_IN, "warp", "per warp: a non-resident warp becomes resident (pending) at the edge"},
	[S2L_SLOT_FREE_I] = {"slot_free_i", WG_IN, "slot", "per slot: the register file cache side of the slot is free (tie high without one)"},
	[S2L_PRIO_I] = {"prio_i", WG_IN, "warp", "SELECT=TRWS only, per warp: TRWS priority (memra's prio_o), read for eligible warps"},
	[S2L_ISS_VALID_O] = {"iss_valid_o", WG_OUT, "issue", "a warp is selected to issue this cycle"},
	[S2L_ISS_SLOT_O] = {"iss_slot_o", WG_OUT, "issue", "its slot"},
	[S2L_ISS_WARP_O] = {"iss_warp_o", WG_OUT, "issue", "its warp"},
	[S2L_TAG_VALID_O] = {"tag_valid_o", WG_OUT, "tag", "last cycle's issue (not an EXIT) is in the TAG stage"},
	[S2L_TAG_SLOT_O] = {"tag_slot_o", WG_OUT, "tag", "its slot (the RFC lookup slot)"},
	[S2L_TAG_WARP_O] = {"tag_warp_o", WG_OUT, "tag", "its warp"},
	[S2L_DEM_VALID_O] = {"dem_valid_o", WG_OUT, "demote", "a warp leaves the active set this cycle"},
	[S2L_DEM_SLOT_O] = {"dem_slot_o", WG_OUT, "demote", "its slot (to be drained)"},
	[S2L_DEM_WARP_O] = {"dem_warp_o", WG_OUT, "demote", "the demoted warp"},
	[S2L_DEM_CAUSE_O] = {"dem_cause_o", WG_OUT, "demote", "0 marked long-latency consumer, 1 barrier"},
	[S2L_PRO_VALID_O] = {"pro_valid_o", WG_OUT, "promote", "a pending warp enters the active set this cycle"},
	[S2L_PRO_SLOT_O] = {"pro_slot_o", WG_OUT, "promote", "the free slot it takes (the lowest)"},
	[S2L_PRO_WARP_O] = {"pro_warp_o", WG_OUT, "promote", "the promoted warp (round-robin over warp ids)"},
	[S2L_EXT_VALID_O] = {"ext_valid_o", WG_OUT, "exit", "the issued instruction is EXIT: the warp leaves, its slot is released"},
	[S2L_EXT_SLOT_O] = {"ext_slot_o", WG_OUT, "exit", "its slot"},
	[S2L_EXT_WARP_O] = {"ext_warp_o", WG_OUT, "exit", "its warp"},
	[S2L_SLOT_VALID_O] = {"slot_valid_o", WG_OUT, "state", "per slot: holds a warp (state at the start of the cycle)"},
	[S2L_SLOT_WARP_O] = {"slot_warp_o", WG_OUT, "state", "per slot: its warp, zero when the slot is empty"},
	[S2L_ACTIVE_O] = {"active_o", WG_OUT, "state", "per warp: holds a slot"},
	[S2L_RESIDENT_O] = {"resident_o", WG_OUT, "state", "per warp: is resident"},
	[S2L_EV_O] = {"ev_o", WG_OUT, "energy", "per-cycle energy events, one bit each: select, demote, promote, exit"},
};

static const wg_event_def s2l_events[S2L_NEVENTS] = {
	[S2L_EV_SELECT] = {"select", "one issue selection from the active set (a pick among ACTIVE slots)"},
	[S2L_EV_DEMOTE] = {"demote", "a warp moved from the active set to the pending set"},
	[S2L_EV_PROMOTE] = {"promote", "a pending warp moved into a free active slot (round-robin pick among WARPS)"},
	[S2L_EV_EXIT] = {"exit", "a warp's EXIT issued: the warp and its slot are released"},
};

static const char *s2l_check_params(const long *p, char *buf, size_t n)
{
	if (p[S2L_P_ACTIVE] > p[S2L_P_WARPS]) {
		snprintf(buf, n, "sched2l: ACTIVE=%ld must not exceed WARPS=%ld (legal range 1..WARPS)",
			 p[S2L_P_ACTIVE], p[S2L_P_WARPS]);
		return buf;
	}
	return NULL;
}

static void s2l_widths(const long *p, int *w, int *ev)
{
	int W = (int)p[S2L_P_WARPS], A = (int)p[S2L_P_ACTIVE];
	int SB = (int)wg_idxw((unsigned long)A), WB = (int)wg_idxw((unsigned long)W);

	w[S2L_RST_I] = 1;
	w[S2L_RDY_I] = W;
	w[S2L_MARK_I] = W;
	w[S2L_LLP_I] = W;
	w[S2L_BAR_I] = W;
	w[S2L_FIN_I] = W;
	w[S2L_LAUNCH_I] = W;
	w[S2L_SLOT_FREE_I] = A;
	w[S2L_PRIO_I] = p[S2L_P_SELECT] == S2L_TRWS ? W : 0; /* absent unless TRWS */
	w[S2L_ISS_VALID_O] = 1;
	w[S2L_ISS_SLOT_O] = SB;
	w[S2L_ISS_WARP_O] = WB;
	w[S2L_TAG_VALID_O] = 1;
	w[S2L_TAG_SLOT_O] = SB;
	w[S2L_TAG_WARP_O] = WB;
	w[S2L_DEM_VALID_O] = 1;
	w[S2L_DEM_SLOT_O] = SB;
	w[S2L_DEM_WARP_O] = WB;
	w[S2L_DEM_CAUSE_O] = 1;
	w[S2L_PRO_VALID_O] = 1;
	w[S2L_PRO_SLOT_O] = SB;
	w[S2L_PRO_WARP_O] = WB;
	w[S2L_EXT_VALID_O] = 1;
	w[S2L_EXT_SLOT_O] = SB;
	w[S2L_EXT_WARP_O] = WB;
	w[S2L_SLOT_VALID_O] = A;
	w[S2L_SLOT_WARP_O] = A * WB;
	w[S2L_ACTIVE_O] = W;
	w[S2L_RESIDENT_O] = W;
	for (int e = 0; e < S2L_NEVENTS; e++)
		ev[e] = 1;
	w[S2L_EV_O] = S2L_NEVENTS;
}

/* res_q, rsm_q; sv_q, sw_q per slot; last_q, pp_q; the TAG register. An
 * index into one slot or one warp is a constant 0 (no flip-flops). GTO and
 * TRWS: no last_q; with two slots or more gw_q, gv_q and the age matrix
 * (one bit per pair of warps); with one slot they cannot change an output. */
static long s2l_storage_bits(const long *p)
{
	long W = p[S2L_P_WARPS], A = p[S2L_P_ACTIVE];
	long sb = (long)wg_clog2((unsigned long)A), wb = (long)wg_clog2((unsigned long)W);
	if (p[S2L_P_SELECT] == S2L_GTO || p[S2L_P_SELECT] == S2L_TRWS)
		return 2 * W + A * (1 + wb) + sb + 2 * wb + 1 + (A >= 2 ? wb + 1 + W * (W - 1) / 2 : 0);
	return 2 * W + A * (1 + wb) + 2 * sb + 2 * wb + 1;
}

/* ---- the C model's key state for the model trace (wg_state_def), named as sched2l.v's
 * registers: res_q, rsm_q, sv_q, sw_q (slot s's warp at [s*WB +: WB]), pp_q, the TAG
 * register tv_q/ts_q/tw_q, and the greedy position: last_q (GREEDY, RR) or gv_q with
 * greedy_warp (GTO, TRWS: gw_q while gv_q, else 0; the RTL's gw_q keeps its old value);
 * active (no register): the warps holding a slot ---- */
static void s2l_get_res(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = s2l_resident(m);
}
static void s2l_get_rsm(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = s2l_resumed(m);
}
static void s2l_get_sv(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = s2l_slots_valid(m);
}
static void s2l_get_active(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = s2l_active(m);
}
static void s2l_get_sw(const void *m, int i, uint64_t *w)
{
	(void)i;
	const s2l_cfg *c = s2l_config(m);
	int wb = (int)wg_idxw((unsigned long)c->warps);
	for (int s = 0; s < c->active; s++) {
		uint64_t x = (uint64_t)s2l_slot_warp(m, s);
		for (int b = 0; b < wb; b++)
			if ((x >> b) & 1u)
				w[(s * wb + b) / 64] |= 1ull << ((s * wb + b) % 64);
	}
}
static void s2l_get_pp(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = (uint64_t)s2l_promote_ptr(m);
}
static void s2l_get_last(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = (uint64_t)s2l_last(m);
}
static void s2l_get_tv(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = (uint64_t)s2l_tag(m, NULL, NULL);
}
static void s2l_get_ts(const void *m, int i, uint64_t *w)
{
	(void)i;
	int s = 0;
	s2l_tag(m, &s, NULL);
	w[0] = (uint64_t)s;
}
static void s2l_get_tw(const void *m, int i, uint64_t *w)
{
	(void)i;
	int x = 0;
	s2l_tag(m, NULL, &x);
	w[0] = (uint64_t)x;
}
static void s2l_get_gv(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = s2l_greedy(m) >= 0;
}
static void s2l_get_gw(const void *m, int i, uint64_t *w)
{
	(void)i;
	int g = s2l_greedy(m);
	w[0] = g >= 0 ? (uint64_t)g : 0;
}

static int s2l_model_state(const long *p, wg_state_def *d)
{
	int W = (int)p[S2L_P_WARPS], A = (int)p[S2L_P_ACTIVE];
	int wb = (int)wg_idxw((unsigned long)W), sb = (int)wg_idxw((unsigned long)A), n = 0;
	d[n++] = (wg_state_def){"res_q", W, 1, s2l_get_res};
	d[n++] = (wg_state_def){"rsm_q", W, 1, s2l_get_rsm};
	d[n++] = (wg_state_def){"sv_q", A, 1, s2l_get_sv};
	d[n++] = (wg_state_def){"sw_q", A * wb, 1, s2l_get_sw};
	d[n++] = (wg_state_def){"active", W, 1, s2l_get_active};
	if (p[S2L_P_SELECT] == S2L_GREEDY || p[S2L_P_SELECT] == S2L_RR) {
		d[n++] = (wg_state_def){"last_q", sb, 1, s2l_get_last};
	} else if (A >= 2) {
		d[n++] = (wg_state_def){"gv_q", 1, 1, s2l_get_gv};
		d[n++] = (wg_state_def){"greedy_warp", wb, 1, s2l_get_gw};
	}
	d[n++] = (wg_state_def){"pp_q", wb, 1, s2l_get_pp};
	d[n++] = (wg_state_def){"tv_q", 1, 1, s2l_get_tv};
	d[n++] = (wg_state_def){"ts_q", sb, 1, s2l_get_ts};
	d[n++] = (wg_state_def){"tw_q", wb, 1, s2l_get_tw};
	return n;
}

const wg_block wg_block_sched2l = {
	.name = "sched2l",
	.summary = "two-level warp scheduler: greedy/round-robin active set, demotion on marked "
		   "long-latency consumers and barriers, round-robin promotion (Gebhart ISCA'11)",
	.template_file = "sched2l.v",
	.comp = NULL,
	.params = s2l_params,
	.nparams = S2L_NPARAMS,
	.ports = s2l_ports,
	.nports = S2L_NPORTS,
	.events = s2l_events,
	.nevents = S2L_NEVENTS,
	.check = s2l_check_params,
	.widths = s2l_widths,
	.storage_bits = s2l_storage_bits,
	.model_size = s2l_model_size,
	.model_init = s2l_model_init,
	.model_eval = s2l_model_eval,
	.model_tick = s2l_model_tick,
	.model_counts = s2l_model_counts,
	.model_state = s2l_model_state,
};
