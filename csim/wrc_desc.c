/* wrc_desc.c - the warp readiness checker's descriptor: parameters, ports,
 * energy events and storage. Cycle contract: docs/wrc.md. */
#include <stdio.h>

#include "wg_bits.h"
#include "wrc.h"

static const wg_param_def wrc_params[WRC_NPARAMS] = {
	[WRC_P_WARPS] = {"WARPS", 48, 2, 64, NULL,
		"warps per SM (warp status table entries)", "Sethia 2015 §4.4.2, Tab. 4.2: 48 warps"},
	[WRC_P_SCHEDULERS] = {"SCHEDULERS", 2, 1, 4, NULL,
		"warp schedulers per SM; warp w belongs to scheduler w mod SCHEDULERS",
		"Sethia §4.3.1 'multiple schedulers' (Fermi: 2)"},
	[WRC_P_MSHRS] = {"MSHRS", 64, 1, 256, NULL,
		"the L1's MSHR entries (range of mshr_used_i)", "Sethia Tab. 4.1: 64 MSHRs"},
	[WRC_P_MISSQ] = {"MISSQ", 8, 1, 64, NULL,
		"the L1's miss-queue entries toward the interconnect (range of mq_used_i)",
		"assumed: GPGPU-Sim 3.x GTX 480 L1D miss queue (thesis silent)"},
	[WRC_P_SAT_MARGIN_MSHR] = {"SAT_MARGIN_MSHR", 4, 0, 255, NULL,
		"'almost full': saturated when at most this many MSHRs are free",
		"spec §3.3 [REC] (thesis: 'almost full', unquantified)"},
	[WRC_P_SAT_MARGIN_MQ] = {"SAT_MARGIN_MQ", 1, 0, 63, NULL,
		"the same for the miss queue", "spec §3.3 [REC]"},
	[WRC_P_SAT_HYST] = {"SAT_HYST", 0, 0, 255, NULL,
		"leave MP only when both occupancies are this many entries below the thresholds (0: the mode follows the flag)",
		"Sethia §4.3: no hysteresis; optional, spec §3.3"},
	[WRC_P_OWNER_IDLE_TIMEOUT] = {"OWNER_IDLE_TIMEOUT", 0, 0, 4095, NULL,
		"release ownership after this many cycles without an owner memory issue (0: never)",
		"spec §3.4 [REC] liveness rule, off by default (thesis has none)"},
};

static const wg_port_def wrc_ports[WRC_NPORTS] = {
	[WRC_RST_I] = {"rst_i", WG_IN, "control", "synchronous reset, active high: no warp resident, EP, no owner"},
	[WRC_LAUNCH_I] = {"launch_i", WG_IN, "warp", "per warp: becomes resident at the edge (youngest; ascending id among several)"},
	[WRC_EXIT_I] = {"exit_i", WG_IN, "warp", "per warp: leaves at the edge (removed from the age list; ownership released)"},
	[WRC_HD_VALID_I] = {"hd_valid_i", WG_IN, "view", "per warp: next cycle's head exists if the warp does not issue now"},
	[WRC_HD_MEM_I] = {"hd_mem_i", WG_IN, "view", "per warp: ... and is a memory instruction that can miss (global/local/tex/const)"},
	[WRC_HD_RDY_I] = {"hd_rdy_i", WG_IN, "view", "per warp: ... and has its operands ready (scoreboard)"},
	[WRC_AD_VALID_I] = {"ad_valid_i", WG_IN, "view", "per warp: next cycle's head exists if the warp issues now"},
	[WRC_AD_MEM_I] = {"ad_mem_i", WG_IN, "view", "per warp: ... and is a memory instruction that can miss"},
	[WRC_AD_RDY_I] = {"ad_rdy_i", WG_IN, "view", "per warp: ... and has its operands ready"},
	[WRC_LLP_I] = {"llp_i", WG_IN, "warp", "per warp: the head now sources a register pending from the warp's own long-latency load"},
	[WRC_BAR_I] = {"bar_i", WG_IN, "warp", "per warp: blocked at a barrier now"},
	[WRC_LSU_PEND_I] = {"lsu_pend_i", WG_IN, "lsu", "per warp: has requests in the LSU after this edge (not accepted by the L1)"},
	[WRC_RQ_HAS_I] = {"rq_has_i", WG_IN, "queue", "per warp: has an entry in the re-execution queue"},
	[WRC_RQ_HEAD_VALID_I] = {"rq_head_valid_i", WG_IN, "queue", "the re-execution queue is not empty"},
	[WRC_RQ_HEAD_WARP_I] = {"rq_head_warp_i", WG_IN, "queue", "the warp of its head entry"},
	[WRC_LSU_RDY_I] = {"lsu_rdy_i", WG_IN, "lsu", "the LSU accepts a new memory instruction this cycle (0 while it is stalled: a refused request found the queue full)"},
	[WRC_MSHR_USED_I] = {"mshr_used_i", WG_IN, "l1", "the L1's MSHRs in use (0..MSHRS)"},
	[WRC_MQ_USED_I] = {"mq_used_i", WG_IN, "l1", "the L1's miss-queue entries in use (0..MISSQ)"},
	[WRC_SAT_EXT_I] = {"sat_ext_i", WG_IN, "l1", "texture or constant cache saturated (ORed into the flag)"},
	[WRC_ISS_VALID_O] = {"iss_valid_o", WG_OUT, "issue", "per scheduler: a warp issues this cycle"},
	[WRC_ISS_WARP_O] = {"iss_warp_o", WG_OUT, "issue", "per scheduler: its warp (WB bits each)"},
	[WRC_ISS_MEM_O] = {"iss_mem_o", WG_OUT, "issue", "per scheduler: the instruction goes to the LSU (at most one bit set)"},
	[WRC_OWNER_O] = {"owner_o", WG_OUT, "state", "the owner warp, all ones = none (to the schedulers and the L1)"},
	[WRC_MODE_O] = {"mode_o", WG_OUT, "state", "0 EP (equal priority), 1 MP (memory-access priority)"},
	[WRC_SAT_O] = {"sat_o", WG_OUT, "l1", "the saturation flag after hysteresis: next cycle's mode"},
	[WRC_WST_MEM_O] = {"wst_mem_o", WG_OUT, "wst", "per warp: WST bit 0, the head is a memory instruction"},
	[WRC_WST_STALL_O] = {"wst_stall_o", WG_OUT, "wst", "per warp: WST bit 1, the head may not issue"},
	[WRC_PRE_O] = {"pre_o", WG_OUT, "wst", "per warp: a non-owner memory instruction admitted at the EP->MP switch"},
	[WRC_RESIDENT_O] = {"resident_o", WG_OUT, "state", "per warp: resident"},
	[WRC_EV_O] = {"ev_o", WG_OUT, "energy", "per-cycle energy events: select, wst_write (counts), owner_change, mode_switch, age_update"},
};

static const wg_event_def wrc_events[WRC_NEVENTS] = {
	[WRC_EV_SELECT] = {"select", "one scheduler's pick: priority encode over the age list"},
	[WRC_EV_WST_WRITE] = {"wst_write", "one warp status table entry (2 bits) changing"},
	[WRC_EV_OWNER_CHANGE] = {"owner_change", "the owner register written with a new value (taken, released, handed to the queue head)"},
	[WRC_EV_MODE_SWITCH] = {"mode_switch", "EP to MP or MP to EP"},
	[WRC_EV_AGE_UPDATE] = {"age_update", "the age list rewritten (launch or exit)"},
};

static const char *wrc_check(const long *p, char *buf, size_t n)
{
	long W = p[WRC_P_WARPS], S = p[WRC_P_SCHEDULERS];
	long M = p[WRC_P_MSHRS], Q = p[WRC_P_MISSQ];
	long mm = p[WRC_P_SAT_MARGIN_MSHR], mq = p[WRC_P_SAT_MARGIN_MQ], h = p[WRC_P_SAT_HYST];

	if (S > W) {
		snprintf(buf, n, "wrc: SCHEDULERS=%ld must not exceed WARPS=%ld (legal range 1..min(4, WARPS))", S, W);
		return buf;
	}
	if (mm >= M) {
		snprintf(buf, n, "wrc: SAT_MARGIN_MSHR=%ld must be below MSHRS=%ld (legal range 0..MSHRS-1)", mm, M);
		return buf;
	}
	if (mq >= Q) {
		snprintf(buf, n, "wrc: SAT_MARGIN_MQ=%ld must be below MISSQ=%ld (legal range 0..MISSQ-1)", mq, Q);
		return buf;
	}
	if (h >= M - mm || h >= Q - mq) {
		snprintf(buf, n,
			 "wrc: SAT_HYST=%ld must be below MSHRS-SAT_MARGIN_MSHR=%ld and MISSQ-SAT_MARGIN_MQ=%ld "
			 "(legal range 0..min-1; otherwise MP is never left)",
			 h, M - mm, Q - mq);
		return buf;
	}
	return NULL;
}

static void wrc_widths(const long *p, int *w, int *ev)
{
	int W = (int)p[WRC_P_WARPS], S = (int)p[WRC_P_SCHEDULERS];
	int WB = (int)wg_idxw((unsigned long)W), OB = (int)wg_idxw((unsigned long)W + 1);

	for (int k = WRC_LAUNCH_I; k <= WRC_RQ_HAS_I; k++)
		w[k] = W;
	w[WRC_RST_I] = 1;
	w[WRC_RQ_HEAD_VALID_I] = 1;
	w[WRC_RQ_HEAD_WARP_I] = WB;
	w[WRC_LSU_RDY_I] = 1;
	w[WRC_MSHR_USED_I] = (int)wg_idxw((unsigned long)p[WRC_P_MSHRS] + 1);
	w[WRC_MQ_USED_I] = (int)wg_idxw((unsigned long)p[WRC_P_MISSQ] + 1);
	w[WRC_SAT_EXT_I] = 1;
	w[WRC_ISS_VALID_O] = S;
	w[WRC_ISS_WARP_O] = S * WB;
	w[WRC_ISS_MEM_O] = S;
	w[WRC_OWNER_O] = OB;
	w[WRC_MODE_O] = 1;
	w[WRC_SAT_O] = 1;
	w[WRC_WST_MEM_O] = W;
	w[WRC_WST_STALL_O] = W;
	w[WRC_PRE_O] = W;
	w[WRC_RESIDENT_O] = W;
	ev[WRC_EV_SELECT] = (int)wg_idxw((unsigned long)S + 1);
	ev[WRC_EV_WST_WRITE] = (int)wg_idxw((unsigned long)W + 1);
	ev[WRC_EV_OWNER_CHANGE] = 1;
	ev[WRC_EV_MODE_SWITCH] = 1;
	ev[WRC_EV_AGE_UPDATE] = 1;
	int sum = 0;
	for (int e = 0; e < WRC_NEVENTS; e++)
		sum += ev[e];
	w[WRC_EV_O] = sum;
}

/* Scheduler s's warps: s, s+S, ... below WARPS. */
static long wrc_set_size(long W, long S, long s)
{
	return (W - s + S - 1) / S;
}

static int wrc_storage_parts(const long *p, wg_storage_part *part)
{
	long W = p[WRC_P_WARPS], S = p[WRC_P_SCHEDULERS], T = p[WRC_P_OWNER_IDLE_TIMEOUT];
	long wb = (long)wg_clog2((unsigned long)W), ob = (long)wg_idxw((unsigned long)W + 1);
	long greedy = 0;
	int n = 0;

	for (long s = 0; s < S; s++)
		if (wrc_set_size(W, S, s) > 1) /* a one-warp set is its own greedy and oldest warp */
			greedy += 1 + (long)wg_clog2((unsigned long)wrc_set_size(W, S, s));
	part[n++] = (wg_storage_part){"warp status table (mem_q, stall_q)", 2 * W,
		"Sethia Tab. 4.2: 48 entries x 2 bits = 12 bytes"};
	part[n++] = (wg_storage_part){"owner (own_q)", ob, "Sethia Tab. 4.2: WRC 6-bit owner id = 1 byte"};
	part[n++] = (wg_storage_part){"mode (mode_q)", 1, NULL};
	part[n++] = (wg_storage_part){"admitted at the switch (pre_q)", W, NULL};
	part[n++] = (wg_storage_part){"resident (res_q)", W, NULL};
	part[n++] = (wg_storage_part){"age list (age_q)", W * wb, NULL};
	part[n++] = (wg_storage_part){"age list length (acnt_q)", (long)wg_clog2((unsigned long)W + 1), NULL};
	part[n++] = (wg_storage_part){"greedy warp per scheduler (gv_q, gi_q)", greedy, NULL};
	if (T > 0)
		part[n++] = (wg_storage_part){"owner idle counter (idl_q)", (long)wg_clog2((unsigned long)T + 1), NULL};
	return n;
}

static long wrc_storage_bits(const long *p)
{
	wg_storage_part part[WG_MAX_STORAGE_PARTS];
	int n = wrc_storage_parts(p, part);
	long sum = 0;
	for (int k = 0; k < n; k++)
		sum += part[k].bits;
	return sum;
}

/* ---- the C model's key state for the model trace (wg_state_def), named as wrc.v's
 * registers: own_q (the owner warp, all ones = none), mode_q, mem_q and stall_q (the warp
 * status table), res_q, pre_q, acnt_q; age_list (no register of that name: age_q's first
 * acnt_q entries, oldest first at [k*WB +: WB], the rest 0 where age_q keeps old ids) ---- */
static void wrc_get_own(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = wrc_owner(m);
}
static void wrc_get_mode(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = (uint64_t)wrc_mode(m);
}
static void wrc_get_mem(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = wrc_wst_mem(m);
}
static void wrc_get_stall(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = wrc_wst_stall(m);
}
static void wrc_get_res(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = wrc_resident(m);
}
static void wrc_get_pre(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = wrc_pre(m);
}
static void wrc_get_acnt(const void *m, int i, uint64_t *w)
{
	(void)i;
	unsigned ids[64];
	w[0] = (uint64_t)wrc_age_list(m, ids);
}
static void wrc_get_age(const void *m, int i, uint64_t *w)
{
	(void)i;
	unsigned ids[64];
	int n = wrc_age_list(m, ids), wb = (int)wg_idxw((unsigned long)wrc_config(m)->warps);
	for (int k = 0; k < n; k++)
		for (int b = 0; b < wb; b++)
			if ((ids[k] >> b) & 1u)
				w[(k * wb + b) / 64] |= 1ull << ((k * wb + b) % 64);
}

static int wrc_model_state(const long *p, wg_state_def *d)
{
	int W = (int)p[WRC_P_WARPS], wb = (int)wg_idxw((unsigned long)W), ob = (int)wg_idxw((unsigned long)W + 1);
	int n = 0;
	d[n++] = (wg_state_def){"own_q", ob, 1, wrc_get_own};
	d[n++] = (wg_state_def){"mode_q", 1, 1, wrc_get_mode};
	d[n++] = (wg_state_def){"mem_q", W, 1, wrc_get_mem};
	d[n++] = (wg_state_def){"stall_q", W, 1, wrc_get_stall};
	d[n++] = (wg_state_def){"res_q", W, 1, wrc_get_res};
	d[n++] = (wg_state_def){"pre_q", W, 1, wrc_get_pre};
	d[n++] = (wg_state_def){"acnt_q", ob, 1, wrc_get_acnt};
	d[n++] = (wg_state_def){"age_list", W * wb, 1, wrc_get_age};
	return n;
}

const wg_block wg_block_wrc = {
	.name = "wrc",
	.summary = "Mascar warp readiness checker: warp status table, owner warp, EP/MP modes from the L1 "
		   "saturation flag, per-scheduler issue selection (Sethia 2015 §4.3.1-4.3.2)",
	.template_file = "wrc.v",
	.comp = NULL,
	.params = wrc_params,
	.nparams = WRC_NPARAMS,
	.ports = wrc_ports,
	.nports = WRC_NPORTS,
	.events = wrc_events,
	.nevents = WRC_NEVENTS,
	.check = wrc_check,
	.widths = wrc_widths,
	.storage_bits = wrc_storage_bits,
	.storage_parts = wrc_storage_parts,
	.model_size = wrc_model_size,
	.model_init = wrc_model_init,
	.model_eval = wrc_model_eval,
	.model_tick = wrc_model_tick,
	.model_counts = wrc_model_counts,
	.model_state = wrc_model_state,
};
