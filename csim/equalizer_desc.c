/* equalizer_desc.c - Equalizer's per-SM block: parameters, ports, energy
 * events, storage. Cycle contract: docs/equalizer.md. */
#include <stdio.h>

#include "equalizer.h"
#include "wg_bits.h"

static const char *const eq_objectives[] = {"ENERGY", "PERFORMANCE", NULL};
static const char *const eq_norms[] = {"SCALED", "SHIFT", NULL};

static const wg_param_def eq_params[EQ_NPARAMS] = {
	[EQ_P_WARPS] = {"WARPS", 48, 1, EQ_MAX_WARPS, NULL, "warps per SM (one classification each per sample)",
		"Sethia 2015 Tab. 3.3: 48 warps per SM"},
	[EQ_P_SAMPLE_PERIOD] = {"SAMPLE_PERIOD", 128, 1, 1024, NULL,
		"cycles between samples of the warps' head instructions (a power of two)", "Sethia §3.4: 128 cycles"},
	[EQ_P_EPOCH] = {"EPOCH", 4096, 2, 65536, NULL,
		"cycles per epoch, one decision each (a power of two, >= SAMPLE_PERIOD)", "Sethia §3.5.1.2: 4096 cycles"},
	[EQ_P_MAX_CTAS] = {"MAX_CTAS", 8, 1, EQ_MAX_CTAS, NULL, "CTA (thread-block) slots per SM",
		"Sethia Tab. 3.3: 8 thread blocks per SM"},
	[EQ_P_HYSTERESIS] = {"HYSTERESIS", 3, 1, 7, NULL,
		"consecutive equal non-zero decisions before numBlocks changes", "Sethia §3.4.2: three epochs"},
	[EQ_P_OBJECTIVE] = {"OBJECTIVE", 0, 0, 1, eq_objectives,
		"ENERGY: throttle the under-used resource; PERFORMANCE: boost the bottleneck",
		"Sethia §3.1, Tab. 3.1 (static per run)"},
	[EQ_P_NORM] = {"NORM", 0, 0, 1, eq_norms,
		"SCALED: sums against thresholds x S; SHIFT: sums / S against the raw thresholds",
		"spec §2.4 [REC] (the thesis compares per-sample counts)"},
	[EQ_P_BARRIER_IS_ACTIVE] = {"BARRIER_IS_ACTIVE", 0, 0, 1, NULL,
		"1: a warp waiting at a barrier counts as active", "spec A-EQ-3 [REC]: 0 (\"Others\", Sethia §3.3.1)"},
	[EQ_P_XMEM_STRICT] = {"XMEM_STRICT", 0, 0, 1, NULL,
		"1: X_mem only while the LD/ST queue cannot accept; 0: any ready memory warp not issued",
		"spec A-EQ-4 [REC]: 0 (Sethia §3.3.1 and §3.4.1)"},
};

static const wg_port_def eq_ports[EQ_NPORTS] = {
	[EQ_RST_I] = {"rst_i", WG_IN, "control", "synchronous reset, active high"},
	[EQ_KSTART_I] = {"kstart_i", WG_IN, "kernel",
		"a new kernel starts at this edge: epoch, counters, decision and hysteresis restart, T := kmax_i"},
	[EQ_KMAX_I] = {"kmax_i", WG_IN, "kernel", "occupancy limit (CTAs) of the running kernel, 0 when none"},
	[EQ_WCTA_I] = {"wcta_i", WG_IN, "kernel", "warps per CTA of the running kernel (W_cta of Alg. 1)"},
	[EQ_GWDE_AVAIL_I] = {"gwde_avail_i", WG_IN, "kernel", "the work distributor has unlaunched CTAs"},
	[EQ_LAUNCH_I] = {"cta_launch_i", WG_IN, "cta", "the work distributor places the requested CTA"},
	[EQ_LAUNCH_SLOT_I] = {"cta_launch_slot_i", WG_IN, "cta", "... in this (free) slot"},
	[EQ_DONE_I] = {"cta_done_i", WG_IN, "cta", "a CTA finishes"},
	[EQ_DONE_SLOT_I] = {"cta_done_slot_i", WG_IN, "cta", "... in this slot"},
	[EQ_WSLOT_I] = {"wslot_i", WG_IN, "warp", "per warp: its CTA slot (the SM's warp-to-CTA map)"},
	[EQ_HV_I] = {"hv_i", WG_IN, "warp", "per warp: the instruction buffer's head entry is valid"},
	[EQ_HRDY_I] = {"hrdy_i", WG_IN, "warp", "per warp: the scoreboard has released the head's operands"},
	[EQ_HMEM_I] = {"hmem_i", WG_IN, "warp", "per warp: the head is a LD/ST instruction"},
	[EQ_HBAR_I] = {"hbar_i", WG_IN, "warp", "per warp: waiting at a barrier"},
	[EQ_ISS_I] = {"iss_i", WG_IN, "warp", "per warp: issued this cycle"},
	[EQ_LSU_FULL_I] = {"lsu_full_i", WG_IN, "warp", "the LD/ST queue cannot accept an instruction this cycle"},
	[EQ_WPAUSE_O] = {"wpause_o", WG_OUT, "cta", "per warp: its CTA is paused (not to be issued)"},
	[EQ_CTA_VALID_O] = {"cta_valid_o", WG_OUT, "cta", "per slot: holds a CTA"},
	[EQ_CTA_PAUSED_O] = {"cta_paused_o", WG_OUT, "cta", "per slot: the CTA is paused"},
	[EQ_CTA_REQ_O] = {"cta_req_o", WG_OUT, "cta", "ask the work distributor for one CTA"},
	[EQ_NBLOCKS_O] = {"nblocks_o", WG_OUT, "state", "T, the target number of unpaused CTAs (numBlocks)"},
	[EQ_SAMPLE_O] = {"sample_o", WG_OUT, "state", "this cycle is a sample cycle"},
	[EQ_DEC_VALID_O] = {"dec_valid_o", WG_OUT, "decision", "a new decision (the cycle after an epoch's end)"},
	[EQ_DELTA_O] = {"delta_o", WG_OUT, "decision", "the epoch's raw numBlocks decision: 0, 1 (+1) or 3 (-1)"},
	[EQ_VOTE_O] = {"vote_o", WG_OUT, "decision", "Alg. 1's action: 0 none, 1 CompAction, 2 MemAction"},
	[EQ_VF_O] = {"vf_o", WG_OUT, "decision",
		"the frequency request: bit 0 valid, bit 1 memory domain, bit 2 raise (vote through OBJECTIVE)"},
	[EQ_EV_O] = {"ev_o", WG_OUT, "energy", "per-cycle energy events"},
};

static const wg_event_def eq_events[EQ_NEVENTS] = {
	[EQ_EV_SAMPLE] = {"sample", "every warp's head classified and the four statistics counters added"},
	[EQ_EV_DECIDE] = {"decide", "Algorithm 1 evaluated on the epoch's sums"},
	[EQ_EV_VOTE] = {"vote", "a frequency request (not none) sent to the frequency manager"},
	[EQ_EV_TCHANGE] = {"tchange", "numBlocks changed after the hysteresis"},
	[EQ_EV_PAUSE] = {"pause", "a CTA paused (its warps' pause bits set)"},
	[EQ_EV_UNPAUSE] = {"unpause", "a paused CTA resumed"},
	[EQ_EV_CTA_REQ] = {"cta_req", "one CTA requested from the work distributor"},
};

static int is_pow2(long x)
{
	return x > 0 && (x & (x - 1)) == 0;
}

static const char *eq_check(const long *p, char *buf, size_t n)
{
	if (!is_pow2(p[EQ_P_SAMPLE_PERIOD])) {
		snprintf(buf, n, "equalizer: SAMPLE_PERIOD=%ld must be a power of two in 1..1024", p[EQ_P_SAMPLE_PERIOD]);
		return buf;
	}
	if (!is_pow2(p[EQ_P_EPOCH]) || p[EQ_P_EPOCH] < p[EQ_P_SAMPLE_PERIOD]) {
		snprintf(buf, n, "equalizer: EPOCH=%ld must be a power of two in 2..65536 and >= SAMPLE_PERIOD=%ld",
			 p[EQ_P_EPOCH], p[EQ_P_SAMPLE_PERIOD]);
		return buf;
	}
	return NULL;
}

static void eq_widths(const long *p, int *w, int *ev)
{
	eq_cfg c;
	eq_cfg_from_params(&c, p);
	int W = c.warps, C = c.max_ctas, SB = eq_slot_bits(&c);

	w[EQ_RST_I] = 1;
	w[EQ_KSTART_I] = 1;
	w[EQ_KMAX_I] = w[EQ_NBLOCKS_O] = eq_t_bits(&c);
	w[EQ_WCTA_I] = eq_wcta_bits(&c);
	w[EQ_GWDE_AVAIL_I] = 1;
	w[EQ_LAUNCH_I] = w[EQ_DONE_I] = 1;
	w[EQ_LAUNCH_SLOT_I] = w[EQ_DONE_SLOT_I] = SB;
	w[EQ_WSLOT_I] = W * SB;
	w[EQ_HV_I] = w[EQ_HRDY_I] = w[EQ_HMEM_I] = w[EQ_HBAR_I] = w[EQ_ISS_I] = W;
	w[EQ_LSU_FULL_I] = 1;
	w[EQ_WPAUSE_O] = W;
	w[EQ_CTA_VALID_O] = w[EQ_CTA_PAUSED_O] = C;
	w[EQ_CTA_REQ_O] = 1;
	w[EQ_SAMPLE_O] = 1;
	w[EQ_DEC_VALID_O] = 1;
	w[EQ_DELTA_O] = 2;
	w[EQ_VOTE_O] = 2;
	w[EQ_VF_O] = EQ_VF_BITS;
	for (int e = 0; e < EQ_NEVENTS; e++)
		ev[e] = 1;
	w[EQ_EV_O] = EQ_NEVENTS;
}

static int eq_storage_parts(const long *p, wg_storage_part *part)
{
	eq_cfg c;
	eq_cfg_from_params(&c, p);
	long C = c.max_ctas;
	int n = 0;

	part[n++] = (wg_storage_part){"statistics counters (active, waiting, X_alu, X_mem)", 4L * eq_cnt_bits(&c),
		"Sethia §3.5.1.2: four 11-bit counters"};
	part[n++] = (wg_storage_part){"epoch cycle counter", eq_cyc_bits(&c), "Sethia §3.5.1.2: one 12-bit counter"};
	part[n++] = (wg_storage_part){"numBlocks target T", eq_t_bits(&c), NULL};
	part[n++] = (wg_storage_part){"hysteresis direction and count", c.hysteresis > 1 ? 1L + eq_hcnt_bits(&c) : 0, NULL};
	part[n++] = (wg_storage_part){"CTA slot valid and paused bits", 2 * C, NULL};
	part[n++] = (wg_storage_part){"CTA age matrix (slot i launched before slot j, i != j)", C * (C - 1), NULL};
	part[n++] = (wg_storage_part){"CTA request pending", 1, NULL};
	part[n++] = (wg_storage_part){"decision register (dec_valid, delta, vote)", 5, NULL};
	return n;
}

static long eq_storage_bits(const long *p)
{
	wg_storage_part part[WG_MAX_STORAGE_PARTS];
	int n = eq_storage_parts(p, part);
	long sum = 0;
	for (int k = 0; k < n; k++)
		sum += part[k].bits;
	return sum;
}

const wg_block wg_block_equalizer = {
	.name = "equalizer",
	.summary = "Equalizer per-SM block: warp-state counters, Algorithm 1 each epoch, numBlocks with "
		   "hysteresis, CTA pausing and requests, frequency vote (Sethia 2015 ch. III)",
	.template_file = "equalizer.v",
	.comp = NULL,
	.params = eq_params,
	.nparams = EQ_NPARAMS,
	.ports = eq_ports,
	.nports = EQ_NPORTS,
	.events = eq_events,
	.nevents = EQ_NEVENTS,
	.check = eq_check,
	.widths = eq_widths,
	.storage_bits = eq_storage_bits,
	.storage_parts = eq_storage_parts,
	.model_size = eq_model_size,
	.model_init = eq_model_init,
	.model_eval = eq_model_eval,
	.model_tick = eq_model_tick,
	.model_counts = eq_model_counts,
};
