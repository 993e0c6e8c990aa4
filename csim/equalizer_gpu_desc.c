/* equalizer_gpu_desc.c - Equalizer on a whole GPU: the composition
 * (wg_comp.h) of SMS per-SM `equalizer` blocks, an instance array, and one
 * `vf_manager` that takes the majority of their frequency requests. The
 * SMs' warps, CTAs and the work distributor are the environment. Design:
 * docs/equalizer.md "The GPU composition". */
#include "equalizer_gpu.h"

#include "equalizer.h"
#include "vf_manager.h"
#include "wg_comp.h"

static const char *const eqg_objectives[] = {"ENERGY", "PERFORMANCE", NULL};
static const char *const eqg_norms[] = {"SCALED", "SHIFT", NULL};
static const char *const eqg_majorities[] = {"STRICT", "PLURALITY", NULL};

static const wg_param_def eqg_params[EQG_NPARAMS] = {
	[EQG_P_SMS] = {"SMS", 15, 1, VFM_MAX_SMS, NULL, "SMs (equalizer copies)", "Sethia 2015 Tab. 3.3: 15 SMs"},
	[EQG_P_WARPS] = {"WARPS", 48, 1, EQ_MAX_WARPS, NULL, "warps per SM", "Sethia Tab. 3.3: 48"},
	[EQG_P_SAMPLE_PERIOD] = {"SAMPLE_PERIOD", 128, 1, 1024, NULL, "cycles between samples (a power of two)",
		"Sethia §3.4: 128"},
	[EQG_P_EPOCH] = {"EPOCH", 4096, 2, 65536, NULL, "cycles per epoch (a power of two)", "Sethia §3.5.1.2: 4096"},
	[EQG_P_MAX_CTAS] = {"MAX_CTAS", 8, 1, EQ_MAX_CTAS, NULL, "CTA slots per SM", "Sethia Tab. 3.3: 8"},
	[EQG_P_HYSTERESIS] = {"HYSTERESIS", 3, 1, 7, NULL, "consecutive equal decisions before numBlocks changes",
		"Sethia §3.4.2: 3"},
	[EQG_P_OBJECTIVE] = {"OBJECTIVE", 0, 0, 1, eqg_objectives, "ENERGY or PERFORMANCE", "Sethia §3.1"},
	[EQG_P_NORM] = {"NORM", 0, 0, 1, eqg_norms, "threshold normalisation", "spec §2.4 [REC]: SCALED"},
	[EQG_P_BARRIER_IS_ACTIVE] = {"BARRIER_IS_ACTIVE", 0, 0, 1, NULL, "a warp at a barrier counts as active",
		"spec A-EQ-3 [REC]: 0"},
	[EQG_P_XMEM_STRICT] = {"XMEM_STRICT", 0, 0, 1, NULL, "X_mem only while the LD/ST queue is full",
		"spec A-EQ-4 [REC]: 0"},
	[EQG_P_MAJORITY] = {"MAJORITY", 0, 0, 1, eqg_majorities, "the frequency manager's rule",
		"spec A-EQ-9 [REC]: STRICT"},
	[EQG_P_SM_LAT] = {"SM_LAT", 512, 1, 4096, NULL, "SM regulator latency (cycles)", "Sethia §3.5.1.1: 512"},
	[EQG_P_MEM_LAT] = {"MEM_LAT", 512, 1, 4096, NULL, "memory-domain transition latency (cycles)",
		"spec A-EQ-13 [REC]: 512"},
};

static const wg_port_def eqg_ports[EQG_NPORTS] = {
	[EQG_RST_I] = {"rst_i", WG_IN, "control", "synchronous reset, active high (every instance)"},
	[EQG_KSTART_I] = {"kstart_i", WG_IN, "kernel", "per SM: a new kernel starts (all SMs together for aligned epochs)"},
	[EQG_KMAX_I] = {"kmax_i", WG_IN, "kernel", "per SM: the kernel's occupancy limit"},
	[EQG_WCTA_I] = {"wcta_i", WG_IN, "kernel", "per SM: warps per CTA"},
	[EQG_GWDE_AVAIL_I] = {"gwde_avail_i", WG_IN, "kernel", "per SM: the work distributor has CTAs left"},
	[EQG_LAUNCH_I] = {"cta_launch_i", WG_IN, "cta", "per SM: a CTA is placed"},
	[EQG_LAUNCH_SLOT_I] = {"cta_launch_slot_i", WG_IN, "cta", "per SM: ... in this slot"},
	[EQG_DONE_I] = {"cta_done_i", WG_IN, "cta", "per SM: a CTA finishes"},
	[EQG_DONE_SLOT_I] = {"cta_done_slot_i", WG_IN, "cta", "per SM: ... in this slot"},
	[EQG_WSLOT_I] = {"wslot_i", WG_IN, "warp", "per SM, per warp: CTA slot"},
	[EQG_HV_I] = {"hv_i", WG_IN, "warp", "per SM, per warp: head valid"},
	[EQG_HRDY_I] = {"hrdy_i", WG_IN, "warp", "per SM, per warp: operands ready"},
	[EQG_HMEM_I] = {"hmem_i", WG_IN, "warp", "per SM, per warp: head is LD/ST"},
	[EQG_HBAR_I] = {"hbar_i", WG_IN, "warp", "per SM, per warp: at a barrier"},
	[EQG_ISS_I] = {"iss_i", WG_IN, "warp", "per SM, per warp: issued"},
	[EQG_LSU_FULL_I] = {"lsu_full_i", WG_IN, "warp", "per SM: LD/ST queue full"},
	[EQG_WPAUSE_O] = {"wpause_o", WG_OUT, "cta", "per SM, per warp: paused"},
	[EQG_CTA_VALID_O] = {"cta_valid_o", WG_OUT, "cta", "per SM, per slot: holds a CTA"},
	[EQG_CTA_PAUSED_O] = {"cta_paused_o", WG_OUT, "cta", "per SM, per slot: paused"},
	[EQG_CTA_REQ_O] = {"cta_req_o", WG_OUT, "cta", "per SM: asks for a CTA"},
	[EQG_NBLOCKS_O] = {"nblocks_o", WG_OUT, "state", "per SM: numBlocks target"},
	[EQG_SAMPLE_O] = {"sample_o", WG_OUT, "state", "per SM: sample cycle"},
	[EQG_DEC_VALID_O] = {"dec_valid_o", WG_OUT, "decision", "per SM: new decision"},
	[EQG_DELTA_O] = {"delta_o", WG_OUT, "decision", "per SM: raw numBlocks decision"},
	[EQG_VOTE_O] = {"vote_o", WG_OUT, "decision", "per SM: Alg. 1 action"},
	[EQG_VF_O] = {"vf_o", WG_OUT, "decision", "per SM: frequency request"},
	[EQG_SM_LEVEL_O] = {"sm_level_o", WG_OUT, "level", "SM domain level"},
	[EQG_MEM_LEVEL_O] = {"mem_level_o", WG_OUT, "level", "memory domain level"},
	[EQG_BUSY_O] = {"busy_o", WG_OUT, "level", "a VF transition is in flight"},
	[EQG_SM_NEXT_O] = {"sm_next_o", WG_OUT, "level", "SM level being moved to"},
	[EQG_MEM_NEXT_O] = {"mem_next_o", WG_OUT, "level", "memory level being moved to"},
	[EQG_WIN_O] = {"win_o", WG_OUT, "vote", "this cycle's winning request"},
	[EQG_EV_O] = {"ev_o", WG_OUT, "energy", "per-cycle energy events: each SM event summed over the SMs, then the manager's"},
};

static const wg_event_def eqg_events[] = {
	{"eq.sample", "samples taken (all SMs)"},
	{"eq.decide", "Algorithm 1 evaluations (all SMs)"},
	{"eq.vote", "frequency requests sent (all SMs)"},
	{"eq.tchange", "numBlocks changes (all SMs)"},
	{"eq.pause", "CTAs paused (all SMs)"},
	{"eq.unpause", "CTAs unpaused (all SMs)"},
	{"eq.cta_req", "CTAs requested (all SMs)"},
	{"vfm.elect", "votes counted"},
	{"vfm.start", "level changes sent to a regulator"},
	{"vfm.apply", "new levels taking effect"},
	{"vfm.drop", "winning requests dropped while a transition is in flight"},
};

static const wg_comp_inst eqg_inst[EQG_NINST] = {
	[EQG_I_EQ] = {.name = "eq", .block = &wg_block_equalizer,
		.bind = "WARPS=WARPS,SAMPLE_PERIOD=SAMPLE_PERIOD,EPOCH=EPOCH,MAX_CTAS=MAX_CTAS,HYSTERESIS=HYSTERESIS,"
			"OBJECTIVE=OBJECTIVE,NORM=NORM,BARRIER_IS_ACTIVE=BARRIER_IS_ACTIVE,XMEM_STRICT=XMEM_STRICT",
		.count = "SMS"},
	[EQG_I_VFM] = {.name = "vfm", .block = &wg_block_vf_manager,
		.bind = "SMS=SMS,MAJORITY=MAJORITY,SM_LAT=SM_LAT,MEM_LAT=MEM_LAT", .count = NULL},
};

static const wg_comp_wire eqg_wires[] = {
	{"kstart_i", "eq.kstart_i"},
	{"kmax_i", "eq.kmax_i"},
	{"wcta_i", "eq.wcta_i"},
	{"gwde_avail_i", "eq.gwde_avail_i"},
	{"cta_launch_i", "eq.cta_launch_i"},
	{"cta_launch_slot_i", "eq.cta_launch_slot_i"},
	{"cta_done_i", "eq.cta_done_i"},
	{"cta_done_slot_i", "eq.cta_done_slot_i"},
	{"wslot_i", "eq.wslot_i"},
	{"hv_i", "eq.hv_i"},
	{"hrdy_i", "eq.hrdy_i"},
	{"hmem_i", "eq.hmem_i"},
	{"hbar_i", "eq.hbar_i"},
	{"iss_i", "eq.iss_i"},
	{"lsu_full_i", "eq.lsu_full_i"},
	/* the SMs' decisions to the frequency manager */
	{"eq.dec_valid_o", "vfm.stb_i"},
	{"eq.vf_o", "vfm.req_i"},
	/* every output exported */
	{"eq.wpause_o", "wpause_o"},
	{"eq.cta_valid_o", "cta_valid_o"},
	{"eq.cta_paused_o", "cta_paused_o"},
	{"eq.cta_req_o", "cta_req_o"},
	{"eq.nblocks_o", "nblocks_o"},
	{"eq.sample_o", "sample_o"},
	{"eq.dec_valid_o", "dec_valid_o"},
	{"eq.delta_o", "delta_o"},
	{"eq.vote_o", "vote_o"},
	{"eq.vf_o", "vf_o"},
	{"vfm.sm_level_o", "sm_level_o"},
	{"vfm.mem_level_o", "mem_level_o"},
	{"vfm.busy_o", "busy_o"},
	{"vfm.sm_next_o", "sm_next_o"},
	{"vfm.mem_next_o", "mem_next_o"},
	{"vfm.win_o", "win_o"},
};

static const wg_comp eqg_comp = {
	.inst = eqg_inst,
	.ninst = EQG_NINST,
	.wires = eqg_wires,
	.nwires = (int)(sizeof eqg_wires / sizeof eqg_wires[0]),
	.check = NULL, /* every rule is an instance's own */
};

WG_COMP_BLOCK(wg_block_equalizer_gpu, "equalizer_gpu",
	      "Equalizer on a GPU: SMS per-SM equalizer blocks (an instance array) voting into one frequency "
	      "manager (Sethia 2015 ch. III; composition of equalizer and vf_manager)",
	      eqg_params, eqg_ports, eqg_events, eqg_comp);
