/* memra_desc.c - the descriptor of MEM_RA's per-warp stall counter, Eq. 1
 * predictor and TRWS priority: parameters, ports, energy events and
 * storage. Cycle contract: docs/memra.md. */
#include <stdio.h>

#include "memra.h"
#include "wg_bits.h"

static const wg_param_def mr_params[MR_NPARAMS] = {
	[MR_P_WARPS] = {"WARPS", 48, 1, 64, NULL,
		"warp slots, one counter each",
		"P1 Table 1: 1536 threads / 32 (A3; the paper's \"thirty-two\" counters is inconsistent with it)"},
	[MR_P_CNT_BITS] = {"CNT_BITS", 11, 4, 16, NULL,
		"counter width: saturates at 2^CNT_BITS - 1",
		"P1 §4.1.2.3: \"maximum memory access time 2048 cycles\" (W-P1-7: 2047)"},
	[MR_P_THR_ACC] = {"THR_ACC", 10, 0, 65535, NULL,
		"latency under a perfect memory system, cycles (legal range 0..2^CNT_BITS - 1)",
		"P1 §4.1.1"},
	[MR_P_REF_SHIFT] = {"REF_SHIFT", 7, 0, 15, NULL,
		"ref_acc = 2^REF_SHIFT: Eq. 1's division is a shift (legal range 0..CNT_BITS - 1)",
		"P1 §4.1.2.2: 2^7 = 128 is the optimum"},
	[MR_P_SAMPLE_PERIOD] = {"SAMPLE_PERIOD", 1024, 1, 65536, NULL,
		"cycles between updates of sample_acc",
		"A7 (P1: \"periodically\")"},
};

static const wg_port_def mr_ports[MR_NPORTS] = {
	[MR_RST_I] = {"rst_i", WG_IN, "control", "synchronous reset, active high (also a kernel boundary, W-P1-16)"},
	[MR_LD_I] = {"ld_i", WG_IN, "memory",
		"per warp: an off-chip load of the warp leaves the SM this cycle (A5: an L1 miss to L2/DRAM; "
		"not stores, shared, or hits)"},
	[MR_DONE_VALID_I] = {"done_valid_i", WG_IN, "memory",
		"the last piece of a warp's most recent off-chip load returns this cycle (A5, A6, W-P1-11): one "
		"completion per cycle, so one predictor ALU (P1 §4.1.2.3)"},
	[MR_DONE_WARP_I] = {"done_warp_i", WG_IN, "memory", "its warp (read with done_valid_i only)"},
	[MR_GRANT_I] = {"grant_i", WG_IN, "rename",
		"per warp: the rename stage gave the warp a TFET destination this cycle (a successful allocation; "
		"only while want_o)"},
	[MR_WANT_O] = {"want_o", WG_OUT, "rename",
		"per warp: the warp's next destination should be TFET: BUDGET & cnt > 1 (A9)"},
	[MR_PRIO_O] = {"prio_o", WG_OUT, "schedule",
		"per warp: TRWS, the warp goes first in scheduling: BUDGET & cnt > 0 (A9, A21)"},
	[MR_CNT_O] = {"cnt_o", WG_OUT, "state",
		"per warp, CNT_BITS bits: the counters (for waveforms and equivalence)"},
	[MR_MEAS_O] = {"meas_o", WG_OUT, "state", "per warp: the warp is in MEASURE (1) or BUDGET (0)"},
	[MR_SAMPLE_O] = {"sample_o", WG_OUT, "state", "sample_acc (smp_q; last_q at SAMPLE_PERIOD=1)"},
	[MR_EV_O] = {"ev_o", WG_OUT, "energy",
		"per-cycle energy events, LSB first: start (count of warps), predict (one bit), grant (count of "
		"warps), sample (one bit)"},
};

static const wg_event_def mr_events[MR_NEVENTS] = {
	[MR_EV_START] = {"start", "an off-chip load leaves the SM: the warp's counter is cleared"},
	[MR_EV_PREDICT] = {"predict", "a load completion: one Eq. 1 evaluation of the predictor ALU (multiply, shift)"},
	[MR_EV_GRANT] = {"grant", "a TFET destination granted: the warp's counter decremented by 2"},
	[MR_EV_SAMPLE] = {"sample", "the sample period ends: sample_acc (smp_q) written"},
};

static const char *mr_check_params(const long *p, char *buf, size_t n)
{
	long max = (long)wg_ones64(p[MR_P_CNT_BITS]);
	if (p[MR_P_THR_ACC] > max) {
		snprintf(buf, n, "memra: THR_ACC=%ld exceeds 2^CNT_BITS-1=%ld (legal range 0..%ld)", p[MR_P_THR_ACC],
			 max, max);
		return buf;
	}
	if (p[MR_P_REF_SHIFT] >= p[MR_P_CNT_BITS]) {
		snprintf(buf, n, "memra: REF_SHIFT=%ld must be less than CNT_BITS=%ld (legal range 0..%ld)",
			 p[MR_P_REF_SHIFT], p[MR_P_CNT_BITS], p[MR_P_CNT_BITS] - 1);
		return buf;
	}
	return NULL;
}

static void mr_widths(const long *p, int *w, int *ev)
{
	mr_cfg c;
	mr_dims d;
	mr_cfg_from_params(&c, p);
	mr_dims_of(&c, &d);
	int W = c.warps;

	w[MR_RST_I] = 1;
	w[MR_LD_I] = W;
	w[MR_DONE_VALID_I] = 1;
	w[MR_DONE_WARP_I] = d.wb;
	w[MR_GRANT_I] = W;
	w[MR_WANT_O] = W;
	w[MR_PRIO_O] = W;
	w[MR_CNT_O] = W * d.cb;
	w[MR_MEAS_O] = W;
	w[MR_SAMPLE_O] = d.cb;
	ev[MR_EV_START] = d.nb;
	ev[MR_EV_PREDICT] = 1;
	ev[MR_EV_GRANT] = d.nb;
	ev[MR_EV_SAMPLE] = 1;
	w[MR_EV_O] = 2 * d.nb + 2;
}

/* "Storage bits": WARPS (CB + 1) + CB + PB, plus CB for smp_q when
 * SAMPLE_PERIOD > 1 (at 1 smp_q is last_q, not a register of its own). The
 * paper counts the counters only; the phase bits, last_q, smp_q and pc_q are
 * ours (A4, A7). */
static int mr_storage_parts(const long *p, wg_storage_part *part)
{
	mr_cfg c;
	mr_dims d;
	mr_cfg_from_params(&c, p);
	mr_dims_of(&c, &d);
	long W = c.warps;
	int n = 0;

	part[n++] = (wg_storage_part){"stall counters (cnt_q)", W * d.cb,
		"P1 §4.1.2.3: 32 x 11-bit counters (one per warp slot here, A3)"};
	part[n++] = (wg_storage_part){"phase per warp (meas_q)", W, NULL};
	part[n++] = (wg_storage_part){"latest latency (last_q)", d.cb, NULL};
	if (c.sample_period > 1)
		part[n++] = (wg_storage_part){"sample_acc (smp_q)", d.cb, NULL};
	part[n++] = (wg_storage_part){"sample period (pc_q)", d.pb, NULL};
	return n;
}

static long mr_storage_bits(const long *p)
{
	wg_storage_part part[WG_MAX_STORAGE_PARTS];
	int n = mr_storage_parts(p, part);
	long bits = 0;
	for (int i = 0; i < n; i++)
		bits += part[i].bits;
	return bits;
}

const wg_block wg_block_memra = {
	.name = "memra",
	.summary = "MEM_RA's per-warp stall counter: measures each warp's off-chip load latency, turns it into a "
		   "TFET-register budget with Eq. 1, and gives the warp TRWS priority while it lasts (Xie et al. 2017)",
	.template_file = "memra.v",
	.comp = NULL,
	.params = mr_params,
	.nparams = MR_NPARAMS,
	.ports = mr_ports,
	.nports = MR_NPORTS,
	.events = mr_events,
	.nevents = MR_NEVENTS,
	.check = mr_check_params,
	.widths = mr_widths,
	.storage_bits = mr_storage_bits,
	.storage_parts = mr_storage_parts,
	.model_size = mr_model_size,
	.model_init = mr_model_init,
	.model_eval = mr_model_eval,
	.model_tick = mr_model_tick,
	.model_counts = mr_model_counts,
};
