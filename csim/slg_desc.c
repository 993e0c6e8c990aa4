/* slg_desc.c - the sync-aware two-level power-gating controller's
 * descriptor: parameters, ports, energy events and storage. Cycle contract:
 * docs/slg.md. */
#include <stdio.h>

#include "slg.h"
#include "wg_bits.h"

static const char *const count_names[] = {"WARPS", "THREADS", NULL};
static const char *const s21_names[] = {"REST", "FIRST_Y", NULL};

static const wg_param_def slg_params[SLG_NPARAMS] = {
	[SLG_P_WARPS] = {"WARPS", 32, 1, 64, NULL,
		"warp slots of the shader: one gating domain each",
		"P2 Table I: 1024 threads / 32 = 32 warps (B1)"},
	[SLG_P_CTAS] = {"CTAS", 8, 1, 64, NULL,
		"resident thread blocks (CTA slots)",
		"decision (P2 silent; GPGPU-Sim's Fermi-class limit of 8)"},
	[SLG_P_X] = {"X", 3, 1, 24, NULL,
		"SLG1 -> ACTIVE wake-up, cycles",
		"P2 §III (range), §IV-B (points 3, 4, 5, 13, 24); 3 = smallest studied point (assumed)"},
	[SLG_P_Y] = {"Y", 4, 2, 35, NULL,
		"SLG2 -> ACTIVE wake-up, cycles",
		"P2 §III (range), §IV-B (points 4, 5, 6, 7, 17, 35); 4 = smallest studied point above 3 (assumed)"},
	[SLG_P_COUNT] = {"COUNT", SLG_COUNT_WARPS, 0, 1, count_names,
		"the release rule: per-CTA count of arrived warps against the CTA's live warps (WARPS, B2), "
		"or the paper's literal per-shader thread counter against the block-size register (THREADS, §III-A)",
		"B2 (recommended); THREADS = P2 literal"},
	[SLG_P_ENABLE] = {"ENABLE", 1, 0, 1, NULL,
		"0: no region ever leaves ACTIVE (the all-ACTIVE baseline); the barrier itself works as with 1",
		"P2 §IV-B: the baseline has all registers active"},
	[SLG_P_ENTER_DELAY] = {"ENTER_DELAY", 0, 0, 15, NULL,
		"cycles between the decision to enter SLG2 and the saving; the region can still be accessed during them",
		"B6 (entry latency not in P2: 0)"},
	[SLG_P_S21_WAKE] = {"S21_WAKE", SLG_S21_REST, 0, 1, s21_names,
		"a wake asked while the region moves SLG2 -> SLG1: REST = the rest of the move plus X (B5, the physical "
		"composition); FIRST_Y = P2 §III read literally: the first warp of the CTA selected after its release pays "
		"that (about Y), every later one X, as if its region were already in SLG1",
		"B5 (REST); P2 §III (FIRST_Y), see docs/slg.md Decisions"},
};

static const wg_port_def slg_ports[SLG_NPORTS] = {
	[SLG_RST_I] = {"rst_i", WG_IN, "control", "synchronous reset, active high"},
	[SLG_LAUNCH_I] = {"launch_i", WG_IN, "launch",
		"per warp: launched at the edge, all into CTA launch_cta_i"},
	[SLG_LAUNCH_CTA_I] = {"launch_cta_i", WG_IN, "launch",
		"the CTA slot of this cycle's launch (ignored when launch_i = 0)"},
	[SLG_LAUNCH_SIZE_I] = {"launch_size_i", WG_IN, "launch",
		"the launched block's size in threads (COUNT = THREADS: loaded into the block-size register; ignored otherwise)"},
	[SLG_EXT_VALID_I] = {"ext_valid_i", WG_IN, "exit", "a warp exits this cycle (the scheduler's issue of EXIT)"},
	[SLG_EXT_WARP_I] = {"ext_warp_i", WG_IN, "exit", "its warp"},
	[SLG_ARR_I] = {"arr_i", WG_IN, "barrier",
		"per warp: executes bar.sync this cycle (arrives at its CTA's barrier)"},
	[SLG_SEL_VALID_I] = {"sel_valid_i", WG_IN, "select",
		"the scheduler selects a warp this cycle (its instruction will read registers Z cycles later)"},
	[SLG_SEL_WARP_I] = {"sel_warp_i", WG_IN, "select", "its warp"},
	[SLG_ACC_I] = {"acc_i", WG_IN, "access",
		"per warp: its register region is accessed this cycle, or would be (operand read or write-back); "
		"the access happens only when ok_o is 1, otherwise it waits (a wake stall)"},
	[SLG_PEND_I] = {"pend_i", WG_IN, "access",
		"per warp: register write-backs outstanding (a load in flight): its region must not sleep (B7)"},
	[SLG_MODE_O] = {"mode_o", WG_OUT, "region",
		"per warp, 2 bits: the leakage mode charged this cycle, 0 ACTIVE, 1 SLG1, 2 SLG2"},
	[SLG_ST_O] = {"st_o", WG_OUT, "region",
		"per warp, 3 bits: the controller state (ACT 0, ENT 1, S2 2, S21 3, S1 4, WK1 5, WK2 6)"},
	[SLG_OK_O] = {"ok_o", WG_OUT, "access",
		"per warp: register access is allowed this cycle (the region is ACTIVE, or still entering)"},
	[SLG_WAIT_O] = {"wait_o", WG_OUT, "barrier",
		"per warp: waiting at its CTA's barrier (the scheduler must not select it)"},
	[SLG_REL_O] = {"rel_o", WG_OUT, "barrier",
		"per CTA: its barrier releases at this edge (the waiting warps continue next cycle)"},
	[SLG_EV_O] = {"ev_o", WG_OUT, "energy",
		"per-cycle energy events, LSB first: arrive, release, enter, to_slg1, wake1, wake2, stall, slg1, slg2"},
};

static const wg_event_def slg_events[SLG_NEVENTS] = {
	[SLG_EV_ARRIVE] = {"arrive", "a live warp arrives at its CTA's barrier (bar.sync)"},
	[SLG_EV_RELEASE] = {"release", "a CTA's barrier releases (one broadcast enable of its mode flip-flops)"},
	[SLG_EV_ENTER] = {"enter", "a register region enters SLG2 (an entry, or a wake cancelled by re-arrival)"},
	[SLG_EV_TO_SLG1] = {"to_slg1", "a region completes the SLG2 -> SLG1 move after its CTA's release"},
	[SLG_EV_WAKE1] = {"wake1", "a wake of a region priced from SLG1 starts (from SLG1; S21_WAKE=FIRST_Y: also a later warp's during SLG2 -> SLG1)"},
	[SLG_EV_WAKE2] = {"wake2", "a wake of a region from SLG2 (or from the SLG2 -> SLG1 move) to ACTIVE starts"},
	[SLG_EV_STALL] = {"stall", "a register access waits one cycle for its region's wake (warp-cycle)"},
	[SLG_EV_SLG1] = {"slg1", "one region-cycle of SLG1 leakage (0.64 of ACTIVE)"},
	[SLG_EV_SLG2] = {"slg2", "one region-cycle of SLG2 leakage (0.48 of ACTIVE)"},
};

static const char *slg_check_params(const long *p, char *buf, size_t n)
{
	if (p[SLG_P_Y] <= p[SLG_P_X]) {
		snprintf(buf, n, "slg: Y=%ld must be greater than X=%ld (legal range X+1..35)", p[SLG_P_Y], p[SLG_P_X]);
		return buf;
	}
	if (p[SLG_P_CTAS] > p[SLG_P_WARPS]) {
		snprintf(buf, n, "slg: CTAS=%ld must not exceed WARPS=%ld (legal range 1..WARPS)", p[SLG_P_CTAS],
			 p[SLG_P_WARPS]);
		return buf;
	}
	return NULL;
}

static void slg_widths(const long *p, int *w, int *ev)
{
	slg_cfg c;
	slg_dims d;
	slg_cfg_from_params(&c, p);
	slg_dims_of(&c, &d);
	int W = c.warps;

	w[SLG_RST_I] = 1;
	w[SLG_LAUNCH_I] = W;
	w[SLG_LAUNCH_CTA_I] = d.cb;
	w[SLG_LAUNCH_SIZE_I] = d.hb;
	w[SLG_EXT_VALID_I] = 1;
	w[SLG_EXT_WARP_I] = d.wb;
	w[SLG_ARR_I] = W;
	w[SLG_SEL_VALID_I] = 1;
	w[SLG_SEL_WARP_I] = d.wb;
	w[SLG_ACC_I] = W;
	w[SLG_PEND_I] = W;
	w[SLG_MODE_O] = 2 * W;
	w[SLG_ST_O] = 3 * W;
	w[SLG_OK_O] = W;
	w[SLG_WAIT_O] = W;
	w[SLG_REL_O] = c.ctas;
	for (int e = 0; e < SLG_NEVENTS; e++)
		ev[e] = d.nb;
	ev[SLG_EV_RELEASE] = d.rb;
	w[SLG_EV_O] = 8 * d.nb + d.rb;
}

/* "Storage bits": live_q, wait_q, cta_q; with ENABLE st_q and tm_q; with
 * COUNT = THREADS thr_q, bsz_q and lst_q; with ENABLE and S21_WAKE =
 * FIRST_Y frst_q. */
static int slg_storage_parts(const long *p, wg_storage_part *part)
{
	slg_cfg c;
	slg_dims d;
	slg_cfg_from_params(&c, p);
	slg_dims_of(&c, &d);
	long W = c.warps;
	int n = 0;

	part[n++] = (wg_storage_part){"live and waiting warps (live_q, wait_q)", 2 * W, NULL};
	part[n++] = (wg_storage_part){"CTA slot per warp (cta_q)", W * d.cbits, NULL};
	if (c.enable) {
		part[n++] = (wg_storage_part){"region state per warp (st_q)", 3 * W,
			"P2 §III-A: two mode flip-flops per region (3 bits here: the transitions are states)"};
		part[n++] = (wg_storage_part){"region timer per warp (tm_q)", W * d.tb, NULL};
	}
	if (c.count == SLG_COUNT_THREADS) {
		part[n++] = (wg_storage_part){"thread counter (thr_q)", d.hb,
			"P2 §III-A: a 10-bit per-shader counter (one bit more here: 1024 threads)"};
		part[n++] = (wg_storage_part){"block-size register (bsz_q)", d.hb, "P2 §III-A: the block-size register"};
		part[n++] = (wg_storage_part){"last warp of its CTA (lst_q)", W, NULL};
	}
	if (c.enable && c.s21_wake == SLG_S21_FIRST_Y)
		part[n++] = (wg_storage_part){"first wake after the release pending, per CTA (frst_q)", c.ctas, NULL};
	return n;
}

static long slg_storage_bits(const long *p)
{
	wg_storage_part part[WG_MAX_STORAGE_PARTS];
	int n = slg_storage_parts(p, part);
	long bits = 0;
	for (int i = 0; i < n; i++)
		bits += part[i].bits;
	return bits;
}

const wg_block wg_block_slg = {
	.name = "slg",
	.summary = "sync-aware two-level power gating of the register file: warps waiting at a barrier sleep "
		   "in SLG2, move to SLG1 at the release, wake on selection (Jooya & Baniasadi DATE'13)",
	.template_file = "slg.v",
	.comp = NULL,
	.params = slg_params,
	.nparams = SLG_NPARAMS,
	.ports = slg_ports,
	.nports = SLG_NPORTS,
	.events = slg_events,
	.nevents = SLG_NEVENTS,
	.check = slg_check_params,
	.widths = slg_widths,
	.storage_bits = slg_storage_bits,
	.storage_parts = slg_storage_parts,
	.model_size = slg_model_size,
	.model_init = slg_model_init,
	.model_eval = slg_model_eval,
	.model_tick = slg_model_tick,
	.model_counts = slg_model_counts,
};
