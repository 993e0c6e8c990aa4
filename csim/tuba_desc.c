/* tuba_desc.c - the descriptor of TUBA, the TFET-register-utilization-aware
 * block allocation: parameters, ports, energy events and storage. Cycle
 * contract: docs/tuba.md. */
#include <stdio.h>

#include "tuba.h"
#include "wg_bits.h"

static const wg_param_def tb_params[TB_NPARAMS] = {
	[TB_P_TFET_REGS] = {"TFET_REGS", 224, 1, 4096, NULL,
		"TFET warp-registers of the SM (N_TFET)",
		"P1 §4.1.2.1: 28 KB of 128 KB, 56 of 256 entries per bank (spec §2.1.1: 224 warp-registers)"},
	[TB_P_DW_PCT] = {"DW_PCT", 15, 1, 98, NULL,
		"lower the limit below this share of free TFET registers, %",
		"P1 §4.2.2 (swept 10, 15, 20)"},
	[TB_P_UP_PCT] = {"UP_PCT", 40, 2, 99, NULL,
		"raise it above this share, % (greater than DW_PCT; not 100: free_i <= TFET_REGS, it could never rise)",
		"P1 §4.2.2 (swept 30, 40, 50, 60)"},
	[TB_P_MAX_BLOCKS] = {"MAX_BLOCKS", 8, 1, 32, NULL,
		"the architectural block limit",
		"P1 Table 1: 8 blocks per SM"},
	[TB_P_EVAL_PERIOD] = {"EVAL_PERIOD", 0, 0, 65536, NULL,
		"0: evaluate at each block completion (the paper); N: every N cycles instead (A19's variant)",
		"P1 §4.2.2; A19"},
};

static const wg_port_def tb_ports[TB_NPORTS] = {
	[TB_RST_I] = {"rst_i", WG_IN, "control", "synchronous reset, active high"},
	[TB_START_I] = {"start_i", WG_IN, "kernel", "a kernel starts: the limit and its cap are loaded from occ_i"},
	[TB_OCC_I] = {"occ_i", WG_IN, "kernel",
		"the kernel's occupancy limit in blocks (resources), 1..MAX_BLOCKS (read with start_i)"},
	[TB_DONE_I] = {"done_i", WG_IN, "block",
		"a block of this SM completed this cycle; its registers are already released (free_i counts them: W-P1-15)"},
	[TB_FREE_I] = {"free_i", WG_IN, "block", "free TFET registers of the SM (the TFET free list's occupancy)"},
	[TB_RES_I] = {"res_i", WG_IN, "block", "resident blocks after this cycle's completion"},
	[TB_LIM_O] = {"lim_o", WG_OUT, "limit", "the block limit (state; 0 before the first kernel)"},
	[TB_ACCEPT_O] = {"accept_o", WG_OUT, "limit",
		"a new block may be dispatched this cycle: res_i below the limit after this cycle's evaluation (W-P1-12)"},
	[TB_EV_O] = {"ev_o", WG_OUT, "energy", "per-cycle energy events, one bit each, LSB first: eval, dec, inc"},
};

static const wg_event_def tb_events[TB_NEVENTS] = {
	[TB_EV_EVAL] = {"eval", "one evaluation of the thresholds (two comparisons of the free TFET registers)"},
	[TB_EV_DEC] = {"dec", "the block limit lowered by one"},
	[TB_EV_INC] = {"inc", "the block limit raised by one"},
};

static const char *tb_check_params(const long *p, char *buf, size_t n)
{
	if (p[TB_P_UP_PCT] <= p[TB_P_DW_PCT]) {
		snprintf(buf, n, "tuba: UP_PCT=%ld must be greater than DW_PCT=%ld (legal range DW_PCT+1..99)",
			 p[TB_P_UP_PCT], p[TB_P_DW_PCT]);
		return buf;
	}
	return NULL;
}

static void tb_widths(const long *p, int *w, int *ev)
{
	tb_cfg c;
	tb_dims d;
	tb_cfg_from_params(&c, p);
	tb_dims_of(&c, &d);

	w[TB_RST_I] = 1;
	w[TB_START_I] = 1;
	w[TB_OCC_I] = d.lb;
	w[TB_DONE_I] = 1;
	w[TB_FREE_I] = d.fb;
	w[TB_RES_I] = d.lb;
	w[TB_LIM_O] = d.lb;
	w[TB_ACCEPT_O] = 1;
	for (int e = 0; e < TB_NEVENTS; e++)
		ev[e] = 1;
	w[TB_EV_O] = TB_NEVENTS;
}

/* "Storage bits": 2 LB + PB. The paper's part is the block limit; the cap
 * and the period counter are ours (A19). */
static int tb_storage_parts(const long *p, wg_storage_part *part)
{
	tb_cfg c;
	tb_dims d;
	tb_cfg_from_params(&c, p);
	tb_dims_of(&c, &d);
	int n = 0;

	part[n++] = (wg_storage_part){"block limit (lim_q)", d.lb, "P1 §4.2.2: the per-SM block limit"};
	part[n++] = (wg_storage_part){"kernel's cap (cap_q)", d.lb, NULL};
	part[n++] = (wg_storage_part){"evaluation period (pc_q)", d.pb, NULL};
	return n;
}

static long tb_storage_bits(const long *p)
{
	wg_storage_part part[WG_MAX_STORAGE_PARTS];
	int n = tb_storage_parts(p, part);
	long bits = 0;
	for (int i = 0; i < n; i++)
		bits += part[i].bits;
	return bits;
}

const wg_block wg_block_tuba = {
	.name = "tuba",
	.summary = "TUBA: the per-SM thread-block limit, lowered when few TFET registers are free and raised when "
		   "many are, at each block completion (Xie et al. 2017)",
	.template_file = "tuba.v",
	.comp = NULL,
	.params = tb_params,
	.nparams = TB_NPARAMS,
	.ports = tb_ports,
	.nports = TB_NPORTS,
	.events = tb_events,
	.nevents = TB_NEVENTS,
	.check = tb_check_params,
	.widths = tb_widths,
	.storage_bits = tb_storage_bits,
	.storage_parts = tb_storage_parts,
	.model_size = tb_model_size,
	.model_init = tb_model_init,
	.model_eval = tb_model_eval,
	.model_tick = tb_model_tick,
	.model_counts = tb_model_counts,
};
