/* sm_slg_desc.c - the sync-aware two-level power-gating controller under
 * the warp scheduler: the composition (wg_comp.h) of one sched2l and one slg.
 * The scheduler runs the paper's plain round-robin over every resident warp
 * (ACTIVE = WARPS, SELECT = RR, BARRIER_DEMOTE = 0; P2 §I, spec B9); its
 * issue is the controller's selection (the wake request), its EXIT the
 * controller's exit; the controller's barrier wait keeps a warp from being
 * selected (the scheduler's bar_i). Design and the SM environment:
 * docs/sm_slg.md. */
#include "sm_slg.h"

#include "sched2l.h"
#include "slg.h"
#include "wg_comp.h"

static const char *const ssl_count[] = {"WARPS", "THREADS", NULL};
static const char *const ssl_s21[] = {"REST", "FIRST_Y", NULL};

static const wg_param_def ssl_params[SSL_NPARAMS] = {
	[SSL_P_WARPS] = {"WARPS", 32, 1, 64, NULL,
		"warp slots of the shader: scheduler slots and gating domains", "P2 Table I: 1024 threads / 32 = 32 warps (B1)"},
	[SSL_P_CTAS] = {"CTAS", 8, 1, 64, NULL, "resident thread blocks (CTA slots, at most WARPS)",
		"decision (P2 silent; GPGPU-Sim's Fermi-class limit of 8)"},
	[SSL_P_X] = {"X", 3, 1, 24, NULL, "SLG1 -> ACTIVE wake-up, cycles",
		"P2 §III (range 1..24), §IV-B (points 3, 4, 5, 13, 24)"},
	[SSL_P_Y] = {"Y", 4, 2, 35, NULL, "SLG2 -> ACTIVE wake-up, cycles (Y > X)",
		"P2 §III (range 2..35), §IV-B (points 4, 5, 6, 7, 17, 35)"},
	[SSL_P_COUNT] = {"COUNT", 0, 0, 1, ssl_count,
		"barrier release rule: per-CTA live warps (WARPS, B2) or the paper's per-shader thread counter (THREADS)",
		"B2 (recommended); THREADS = P2 §III-A literal"},
	[SSL_P_ENABLE] = {"ENABLE", 1, 0, 1, NULL, "0: the all-ACTIVE baseline (barriers still work, no region sleeps)",
		"P2 §IV-B: the baseline has all registers active"},
	[SSL_P_ENTER_DELAY] = {"ENTER_DELAY", 0, 0, 15, NULL, "cycles between the decision to enter SLG2 and the saving",
		"B6 (entry latency not in P2: 0)"},
	[SSL_P_S21_WAKE] = {"S21_WAKE", 0, 0, 1, ssl_s21,
		"a wake during SLG2 -> SLG1: the rest plus X (REST, B5) or, for all but a CTA's first, X (FIRST_Y, P2 literal)",
		"B5 (REST); P2 §III (FIRST_Y): docs/slg.md"},
};

static const wg_port_def ssl_ports[SSL_NPORTS] = {
	[SSL_RST_I] = {"rst_i", WG_IN, "control", "synchronous reset, active high (both instances)"},
	[SSL_RDY_I] = {"rdy_i", WG_IN, "warp", "per warp: the next instruction can issue (scoreboard and front end free)"},
	[SSL_FIN_I] = {"fin_i", WG_IN, "warp", "per warp: the next instruction is EXIT"},
	[SSL_LAUNCH_I] = {"launch_i", WG_IN, "launch",
		"per warp: launched at the edge (resident for the scheduler, live in CTA launch_cta_i for the controller)"},
	[SSL_LAUNCH_CTA_I] = {"launch_cta_i", WG_IN, "launch", "the CTA slot of this cycle's launch"},
	[SSL_LAUNCH_SIZE_I] = {"launch_size_i", WG_IN, "launch", "the launched block's size in threads (COUNT = THREADS)"},
	[SSL_ARR_I] = {"arr_i", WG_IN, "barrier", "per warp: arrives at its CTA's barrier (bar.sync issued last cycle)"},
	[SSL_ACC_I] = {"acc_i", WG_IN, "access",
		"per warp: a register access (operand read Z cycles after selection, or a write-back) asks this cycle; "
		"it happens when ok_o is 1"},
	[SSL_PEND_I] = {"pend_i", WG_IN, "access", "per warp: a load's write-back is outstanding (the region must not sleep)"},
	[SSL_ISS_VALID_O] = {"iss_valid_o", WG_OUT, "issue", "a warp is selected this cycle (also the controller's selection)"},
	[SSL_ISS_SLOT_O] = {"iss_slot_o", WG_OUT, "issue", "its scheduler slot"},
	[SSL_ISS_WARP_O] = {"iss_warp_o", WG_OUT, "issue", "its warp"},
	[SSL_TAG_VALID_O] = {"tag_valid_o", WG_OUT, "tag", "last cycle's issue (not an EXIT) in the scheduler's TAG register"},
	[SSL_TAG_SLOT_O] = {"tag_slot_o", WG_OUT, "tag", "its slot"},
	[SSL_TAG_WARP_O] = {"tag_warp_o", WG_OUT, "tag", "its warp"},
	[SSL_DEM_VALID_O] = {"dem_valid_o", WG_OUT, "demote", "a demotion (never here: no marks, no barrier demotion)"},
	[SSL_DEM_SLOT_O] = {"dem_slot_o", WG_OUT, "demote", "its slot"},
	[SSL_DEM_WARP_O] = {"dem_warp_o", WG_OUT, "demote", "its warp"},
	[SSL_DEM_CAUSE_O] = {"dem_cause_o", WG_OUT, "demote", "0 marked consumer, 1 barrier"},
	[SSL_PRO_VALID_O] = {"pro_valid_o", WG_OUT, "promote", "a launched warp takes a free scheduler slot"},
	[SSL_PRO_SLOT_O] = {"pro_slot_o", WG_OUT, "promote", "the slot"},
	[SSL_PRO_WARP_O] = {"pro_warp_o", WG_OUT, "promote", "the warp"},
	[SSL_EXT_VALID_O] = {"ext_valid_o", WG_OUT, "exit", "the issued instruction is EXIT (also the controller's exit)"},
	[SSL_EXT_SLOT_O] = {"ext_slot_o", WG_OUT, "exit", "its slot"},
	[SSL_EXT_WARP_O] = {"ext_warp_o", WG_OUT, "exit", "its warp"},
	[SSL_SLOT_VALID_O] = {"slot_valid_o", WG_OUT, "state", "per slot: holds a warp"},
	[SSL_SLOT_WARP_O] = {"slot_warp_o", WG_OUT, "state", "per slot: its warp"},
	[SSL_ACTIVE_O] = {"active_o", WG_OUT, "state", "per warp: holds a scheduler slot"},
	[SSL_RESIDENT_O] = {"resident_o", WG_OUT, "state", "per warp: resident in the scheduler"},
	[SSL_MODE_O] = {"mode_o", WG_OUT, "region", "per warp, 2 bits: leakage mode, 0 ACTIVE, 1 SLG1, 2 SLG2"},
	[SSL_ST_O] = {"st_o", WG_OUT, "region", "per warp, 3 bits: controller state (ACT, ENT, S2, S21, S1, WK1, WK2)"},
	[SSL_OK_O] = {"ok_o", WG_OUT, "access", "per warp: register access allowed this cycle"},
	[SSL_WAIT_O] = {"wait_o", WG_OUT, "barrier", "per warp: waiting at its CTA's barrier (drives the scheduler's bar_i)"},
	[SSL_REL_O] = {"rel_o", WG_OUT, "barrier", "per CTA: its barrier releases at this edge"},
	[SSL_EV_O] = {"ev_o", WG_OUT, "energy", "per-cycle energy events: the scheduler's 4 bits, then the controller's fields"},
};

static const wg_event_def ssl_events[SSL_NEVENTS] = {
	[SSL_EV_SELECT] = {"sched.select", "one issue selection (a round-robin pick over every resident warp)"},
	[SSL_EV_DEMOTE] = {"sched.demote", "a warp demoted to the pending set (never in this composition)"},
	[SSL_EV_PROMOTE] = {"sched.promote", "a launched warp moved into a free scheduler slot"},
	[SSL_EV_EXIT] = {"sched.exit", "a warp's EXIT issued"},
	[SSL_EV_ARRIVE] = {"gate.arrive", "a live warp arrives at its CTA's barrier"},
	[SSL_EV_RELEASE] = {"gate.release", "a CTA's barrier releases"},
	[SSL_EV_ENTER] = {"gate.enter", "a register region enters SLG2"},
	[SSL_EV_TO_SLG1] = {"gate.to_slg1", "a region completes SLG2 -> SLG1 after its CTA's release"},
	[SSL_EV_WAKE1] = {"gate.wake1", "a wake from SLG1 starts"},
	[SSL_EV_WAKE2] = {"gate.wake2", "a wake from SLG2 (or from SLG2 -> SLG1) starts"},
	[SSL_EV_STALL] = {"gate.stall", "a register access waits one cycle for its region's wake"},
	[SSL_EV_SLG1] = {"gate.slg1", "one region-cycle of SLG1 leakage (0.64 of ACTIVE)"},
	[SSL_EV_SLG2] = {"gate.slg2", "one region-cycle of SLG2 leakage (0.48 of ACTIVE)"},
};

static const wg_comp_inst ssl_inst[SSL_NINST] = {
	[SSL_I_SCHED] = {"sched", &wg_block_sched2l, "WARPS=WARPS,ACTIVE=WARPS,SELECT=RR,BARRIER_DEMOTE=0", NULL},
	[SSL_I_GATE] = {"gate", &wg_block_slg,
		"WARPS=WARPS,CTAS=CTAS,X=X,Y=Y,COUNT=COUNT,ENABLE=ENABLE,ENTER_DELAY=ENTER_DELAY,S21_WAKE=S21_WAKE", NULL},
};

static const wg_comp_wire ssl_wires[] = {
	/* the environment: warp status to the scheduler, launches to both, barrier and accesses to the controller */
	{"rdy_i", "sched.rdy_i"},
	{"fin_i", "sched.fin_i"},
	{"launch_i", "sched.launch_i"},
	{"launch_i", "gate.launch_i"},
	{"launch_cta_i", "gate.launch_cta_i"},
	{"launch_size_i", "gate.launch_size_i"},
	{"arr_i", "gate.arr_i"},
	{"acc_i", "gate.acc_i"},
	{"pend_i", "gate.pend_i"},
	/* no marked consumers and no cache slots: a single-level round-robin scheduler */
	{"0", "sched.mark_i"},
	{"0", "sched.llp_i"},
	{"1", "sched.slot_free_i"},
	/* the scheduler's issue is the controller's selection, its EXIT the controller's exit */
	{"sched.iss_valid_o", "gate.sel_valid_i"},
	{"sched.iss_warp_o", "gate.sel_warp_i"},
	{"sched.ext_valid_o", "gate.ext_valid_i"},
	{"sched.ext_warp_o", "gate.ext_warp_i"},
	/* the controller's barrier wait keeps the warp from being selected (a back edge: state only) */
	{"gate.wait_o", "sched.bar_i"},
	/* every output of both, exported under its own name */
	{"sched.iss_valid_o", "iss_valid_o"},
	{"sched.iss_slot_o", "iss_slot_o"},
	{"sched.iss_warp_o", "iss_warp_o"},
	{"sched.tag_valid_o", "tag_valid_o"},
	{"sched.tag_slot_o", "tag_slot_o"},
	{"sched.tag_warp_o", "tag_warp_o"},
	{"sched.dem_valid_o", "dem_valid_o"},
	{"sched.dem_slot_o", "dem_slot_o"},
	{"sched.dem_warp_o", "dem_warp_o"},
	{"sched.dem_cause_o", "dem_cause_o"},
	{"sched.pro_valid_o", "pro_valid_o"},
	{"sched.pro_slot_o", "pro_slot_o"},
	{"sched.pro_warp_o", "pro_warp_o"},
	{"sched.ext_valid_o", "ext_valid_o"},
	{"sched.ext_slot_o", "ext_slot_o"},
	{"sched.ext_warp_o", "ext_warp_o"},
	{"sched.slot_valid_o", "slot_valid_o"},
	{"sched.slot_warp_o", "slot_warp_o"},
	{"sched.active_o", "active_o"},
	{"sched.resident_o", "resident_o"},
	{"gate.mode_o", "mode_o"},
	{"gate.st_o", "st_o"},
	{"gate.ok_o", "ok_o"},
	{"gate.wait_o", "wait_o"},
	{"gate.rel_o", "rel_o"},
};

static const wg_comp ssl_comp = {
	.inst = ssl_inst,
	.ninst = SSL_NINST,
	.wires = ssl_wires,
	.nwires = (int)(sizeof ssl_wires / sizeof ssl_wires[0]),
	.check = NULL, /* Y > X and CTAS <= WARPS: the controller's own check */
};

WG_COMP_BLOCK(wg_block_sm_slg, "sm_slg",
	      "sync-aware power gating under a round-robin warp scheduler: warps waiting at a barrier sleep, "
	      "the scheduler's selection wakes them (Jooya DATE'13; composition of sched2l and slg)",
	      ssl_params, ssl_ports, ssl_events, ssl_comp);
