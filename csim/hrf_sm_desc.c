/* hrf_sm_desc.c - the hybrid CMOS/TFET register file in an SM (Xie et al.
 * 2017, "P1"): the composition (wg_comp.h) of the warp scheduler sched2l
 * (GTO with the TRWS priority input: SELECT = TRWS, prio_i driven by the
 * environment, 0 for plain GTO), the MEM_RA predictor memra, the renaming
 * table rename with TFET register classes and kernel-long STATIC gating,
 * and the block limiter tuba, whose free TFET count is the table's
 * free_tfet_o. The predictor's requests and grants are per warp while the
 * table allocates per write-back port: the environment carries them
 * (docs/hrf_sm.md "Wiring"). Design, the SM environment and the statistics:
 * docs/hrf_sm.md. */
#include <stdio.h>

#include "hrf_sm.h"

#include "memra.h"
#include "rename.h"
#include "sched2l.h"
#include "tuba.h"
#include "wg_comp.h"

/* rename's CLASS without NONE (which needs 0 TFET rows); bound to it by name */
static const char *const hrf_class[] = {"CMOS_RA", "MEM_RA", NULL};

static const wg_param_def hrf_params[HRF_NPARAMS] = {
	[HRF_P_WARPS] = {"WARPS", 48, 1, 64, NULL, "warp slots: scheduler slots, predictor counters, renaming-table warps",
		"P1 Table 1: 1536 threads / 32 (A3)"},
	[HRF_P_REGS] = {"REGS", 63, 1, 63, NULL, "largest architectural registers per thread", "Fermi ISA limit (docs/rename.md)"},
	[HRF_P_PHYS_REGS] = {"PHYS_REGS", 1024, 16, 1024, NULL, "physical warp-registers of the file (4 banks of PHYS_REGS/4 rows)",
		"P1 Table 1: 128 KB = 1024 x 128 B (A1)"},
	[HRF_P_RT_ENTRIES] = {"RT_ENTRIES", 3024, 1, 4032, NULL,
		"renaming-table entries, a multiple of RT_BANKS up to WARPS*REGS rounded up (default: every (warp, register) has one)",
		"decision (docs/hrf_sm.md): RT_ENTRIES = WARPS*REGS"},
	[HRF_P_TFET_ROWS] = {"TFET_ROWS", 56, 1, 256, NULL, "TFET rows per register bank (the top rows), 1..PHYS_REGS/4",
		"P1 §4.1.2.1: 56 of 256 rows = 78 % CMOS; §6.1.2 sweep 96, 32"},
	[HRF_P_TFET_REGS] = {"TFET_REGS", 224, 4, 1024, NULL, "TFET registers seen by tuba: must be 4*TFET_ROWS",
		"P1 §4.2.2 (the TFET free list's size)"},
	[HRF_P_CLASS] = {"CLASS", 1, 0, 1, hrf_class,
		"class policy of an allocation: CMOS_RA (CMOS while any is free) or MEM_RA (the predictor's request, alc_tfet_i)",
		"P1 §6.1.1 (CMOS_RA), §4.1.2.2 (MEM_RA)"},
	[HRF_P_THR_ACC] = {"THR_ACC", 10, 0, 65535, NULL, "Eq. 1's threshold of an accurate prediction, cycles",
		"P1 §4.1.2.2 (A7)"},
	[HRF_P_REF_SHIFT] = {"REF_SHIFT", 7, 0, 15, NULL, "Eq. 1's reference shift", "P1 §4.1.1 (A7)"},
	[HRF_P_SAMPLE_PERIOD] = {"SAMPLE_PERIOD", 1024, 1, 65536, NULL, "cycles between the predictor's samples",
		"P1 §4.1.2.2 (A7)"},
	[HRF_P_DW_PCT] = {"DW_PCT", 15, 1, 98, NULL, "TUBA: lower the block limit below this share of free TFET registers, %",
		"P1 §4.2.2"},
	[HRF_P_UP_PCT] = {"UP_PCT", 40, 2, 99, NULL, "TUBA: raise it above this share, % (greater than DW_PCT)", "P1 §4.2.2"},
	[HRF_P_MAX_BLOCKS] = {"MAX_BLOCKS", 8, 1, 32, NULL, "TUBA: largest blocks per SM", "P1 Table 1"},
	[HRF_P_FC_ENTRIES] = {"FC_ENTRIES", 48, 1, 64, NULL,
		"release flag cache entries of the renaming table (rename's FC_ENTRIES), WARPS..64; small for proofs",
		"rename's default (docs/rename.md)"},
	[HRF_P_EXEMPT] = {"EXEMPT", 16, 0, 62, NULL,
		"largest exempt (not renamed) registers per thread a kernel may declare (rename's EXEMPT), below REGS",
		"rename's default (Jeon §8.4; the environment launches with none)"},
	[HRF_P_RT_BANKS] = {"RT_BANKS", 8, 1, 8, NULL, "renaming-table banks, one lookup each per cycle (1, 2, 4 or 8)",
		"decision (docs/hrf_sm.md): the most banks, P1's rename stage costs no throughput (§4.1.1)"},
	[HRF_P_ALLOC_PORTS] = {"ALLOC_PORTS", 2, 1, 4, NULL, "allocation requests per cycle (the table's write-back ports)",
		"rename's default (spec §3 [R])"},
	[HRF_P_PF_DEPTH] = {"PF_DEPTH", 4, 3, 16, NULL,
		"pending-free entries per warp (at least one instruction's 3 sources)", "rename's default (docs/rename.md)"},
};

static const wg_port_def hrf_ports[HRF_NPORTS] = {
	[HRF_RST_I] = {"rst_i", WG_IN, "control", "synchronous reset, active high (every instance)"},
	[HRF_RDY_I] = {"rdy_i", WG_IN, "sched", "per warp: the next instruction can issue (scoreboard, collectors, rename queue)"},
	[HRF_FIN_I] = {"fin_i", WG_IN, "sched", "per warp: the next instruction is EXIT"},
	[HRF_LAUNCH_I] = {"launch_i", WG_IN, "sched", "per warp: launched at the edge (resident for the scheduler)"},
	[HRF_PRIO_I] = {"prio_i", WG_IN, "sched",
		"per warp: TRWS priority; the environment drives memra's prio_o (TRWS) or 0 (plain GTO)"},
	[HRF_LD_I] = {"ld_i", WG_IN, "pred", "per warp: an off-chip load leaves this cycle (at most one)"},
	[HRF_DONE_VALID_I] = {"done_valid_i", WG_IN, "pred", "a warp's latest off-chip load returns"},
	[HRF_DONE_WARP_I] = {"done_warp_i", WG_IN, "pred", "its warp"},
	[HRF_GRANT_I] = {"grant_i", WG_IN, "pred",
		"per warp: a TFET allocation of the warp succeeded (a port with alc_gnt_o & alc_tfet_i & alc_tfet_o)"},
	[HRF_KL_VALID_I] = {"kl_valid_i", WG_IN, "ren", "kernel launch: clear the table, gate the unused CMOS rows"},
	[HRF_KL_WARPS_I] = {"kl_warps_i", WG_IN, "ren", "the kernel's resident warps (1..WARPS)"},
	[HRF_KL_REGS_I] = {"kl_regs_i", WG_IN, "ren", "the kernel's registers per thread (1..REGS)"},
	[HRF_KL_EXEMPT_I] = {"kl_exempt_i", WG_IN, "ren", "of which exempt from renaming"},
	[HRF_PIR_VALID_I] = {"pir_valid_i", WG_IN, "ren", "a warp reaches a pir flag word"},
	[HRF_PIR_WARP_I] = {"pir_warp_i", WG_IN, "ren", "its warp"},
	[HRF_PIR_PC_I] = {"pir_pc_i", WG_IN, "ren", "the pir's PC (flag-cache tag)"},
	[HRF_PIR_FLAGS_I] = {"pir_flags_i", WG_IN, "ren", "its 54-bit release-flag payload"},
	[HRF_OP_VALID_I] = {"op_valid_i", WG_IN, "ren", "an operation for the rename stage, held until op_ready_o"},
	[HRF_OP_KIND_I] = {"op_kind_i", WG_IN, "ren", "0 INSN, 1 PBR, 2 EXIT"},
	[HRF_OP_WARP_I] = {"op_warp_i", WG_IN, "ren", "its warp"},
	[HRF_OP_REG_I] = {"op_reg_i", WG_IN, "ren", "9 x 6-bit register ids (INSN sources, PBR list; 63 = none)"},
	[HRF_OP_DST_I] = {"op_dst_i", WG_IN, "ren", "INSN destination register (63 = none)"},
	[HRF_RD_DONE_I] = {"rd_done_i", WG_IN, "ren", "an instruction has read all its operands"},
	[HRF_RD_WARP_I] = {"rd_warp_i", WG_IN, "ren", "its warp"},
	[HRF_ALC_VALID_I] = {"alc_valid_i", WG_IN, "ren", "per port: allocate a register for a first write"},
	[HRF_ALC_WARP_I] = {"alc_warp_i", WG_IN, "ren", "per port: its warp"},
	[HRF_ALC_REG_I] = {"alc_reg_i", WG_IN, "ren", "per port: its register"},
	[HRF_ALC_TFET_I] = {"alc_tfet_i", WG_IN, "ren",
		"per port: MEM_RA's TFET request (the warp's want_o at rename and now; environment)"},
	[HRF_ALC_LOAD_I] = {"alc_load_i", WG_IN, "ren", "per port: the destination is a load's (CMOS only, A11)"},
	[HRF_START_I] = {"start_i", WG_IN, "tuba", "kernel start: load the limit from occ_i"},
	[HRF_OCC_I] = {"occ_i", WG_IN, "tuba", "the kernel's blocks per SM"},
	[HRF_BLK_DONE_I] = {"blk_done_i", WG_IN, "tuba", "a block of the SM completed (tuba's done_i; registers released)"},
	[HRF_RES_I] = {"res_i", WG_IN, "tuba", "resident blocks"},
	[HRF_ISS_VALID_O] = {"iss_valid_o", WG_OUT, "sched", "a warp is selected this cycle"},
	[HRF_ISS_SLOT_O] = {"iss_slot_o", WG_OUT, "sched", "its scheduler slot"},
	[HRF_ISS_WARP_O] = {"iss_warp_o", WG_OUT, "sched", "its warp"},
	[HRF_TAG_VALID_O] = {"tag_valid_o", WG_OUT, "sched", "last cycle's issue in the TAG register (GTO's greedy warp)"},
	[HRF_TAG_SLOT_O] = {"tag_slot_o", WG_OUT, "sched", "its slot"},
	[HRF_TAG_WARP_O] = {"tag_warp_o", WG_OUT, "sched", "its warp"},
	[HRF_DEM_VALID_O] = {"dem_valid_o", WG_OUT, "sched", "a demotion (never here: no marks, no barrier demotion)"},
	[HRF_DEM_SLOT_O] = {"dem_slot_o", WG_OUT, "sched", "its slot"},
	[HRF_DEM_WARP_O] = {"dem_warp_o", WG_OUT, "sched", "its warp"},
	[HRF_DEM_CAUSE_O] = {"dem_cause_o", WG_OUT, "sched", "0 marked consumer, 1 barrier"},
	[HRF_PRO_VALID_O] = {"pro_valid_o", WG_OUT, "sched", "a launched warp takes a free slot"},
	[HRF_PRO_SLOT_O] = {"pro_slot_o", WG_OUT, "sched", "the slot"},
	[HRF_PRO_WARP_O] = {"pro_warp_o", WG_OUT, "sched", "the warp"},
	[HRF_EXT_VALID_O] = {"ext_valid_o", WG_OUT, "sched", "the issued instruction is EXIT"},
	[HRF_EXT_SLOT_O] = {"ext_slot_o", WG_OUT, "sched", "its slot"},
	[HRF_EXT_WARP_O] = {"ext_warp_o", WG_OUT, "sched", "its warp"},
	[HRF_SLOT_VALID_O] = {"slot_valid_o", WG_OUT, "sched", "per slot: holds a warp"},
	[HRF_SLOT_WARP_O] = {"slot_warp_o", WG_OUT, "sched", "per slot: its warp"},
	[HRF_ACTIVE_O] = {"active_o", WG_OUT, "sched", "per warp: holds a slot"},
	[HRF_RESIDENT_O] = {"resident_o", WG_OUT, "sched", "per warp: resident"},
	[HRF_WANT_O] = {"want_o", WG_OUT, "pred", "per warp: MEM_RA asks TFET for its next destinations (state only)"},
	[HRF_PRIO_O] = {"prio_o", WG_OUT, "pred", "per warp: TFET budget left (TRWS priority; state only)"},
	[HRF_CNT_O] = {"cnt_o", WG_OUT, "pred", "per warp: the budget counter"},
	[HRF_MEAS_O] = {"meas_o", WG_OUT, "pred", "per warp: a sampled load is being measured"},
	[HRF_SAMPLE_O] = {"sample_o", WG_OUT, "pred", "the last sample"},
	[HRF_PIR_READY_O] = {"pir_ready_o", WG_OUT, "ren", "the pir is taken"},
	[HRF_PIR_HIT_O] = {"pir_hit_o", WG_OUT, "ren", "the pir hit in the flag cache"},
	[HRF_OP_READY_O] = {"op_ready_o", WG_OUT, "ren", "the operation completes this cycle"},
	[HRF_OP_WAIT_O] = {"op_wait_o", WG_OUT, "ren", "why not (1 table banks, 2 pending-free list, 3 reads in flight)"},
	[HRF_OP_SRC_PID_O] = {"op_src_pid_o", WG_OUT, "ren", "INSN: each source's physical id"},
	[HRF_OP_REL_O] = {"op_rel_o", WG_OUT, "ren", "INSN: the source's register is released"},
	[HRF_OP_DST_PID_O] = {"op_dst_pid_o", WG_OUT, "ren", "INSN: the destination's id when mapped"},
	[HRF_OP_DST_NEW_O] = {"op_dst_new_o", WG_OUT, "ren", "INSN: the destination is unmapped (allocate at write-back)"},
	[HRF_OP_SRC_TFET_O] = {"op_src_tfet_o", WG_OUT, "ren", "INSN: each source's id is TFET"},
	[HRF_OP_DST_TFET_O] = {"op_dst_tfet_o", WG_OUT, "ren", "INSN: the mapped destination's id is TFET"},
	[HRF_ALC_GNT_O] = {"alc_gnt_o", WG_OUT, "ren", "per port: granted (0: retry)"},
	[HRF_ALC_PID_O] = {"alc_pid_o", WG_OUT, "ren", "per port: the new physical id"},
	[HRF_ALC_TFET_O] = {"alc_tfet_o", WG_OUT, "ren", "per port: the granted id is TFET"},
	[HRF_REG_ON_O] = {"reg_on_o", WG_OUT, "ren", "per physical register: powered"},
	[HRF_DOM_ON_O] = {"dom_on_o", WG_OUT, "ren", "per (bank, sub-array) domain: powered"},
	[HRF_FREE_TFET_O] = {"free_tfet_o", WG_OUT, "ren", "free TFET ids (also tuba's free_i)"},
	[HRF_LIM_O] = {"lim_o", WG_OUT, "tuba", "the block limit"},
	[HRF_ACCEPT_O] = {"accept_o", WG_OUT, "tuba", "the SM may take a new block (res_i < lim_o)"},
	[HRF_EV_O] = {"ev_o", WG_OUT, "energy", "per-cycle energy events: sched, pred, ren, tuba fields in that order"},
};

static const wg_event_def hrf_events[HRF_NEVENTS] = {
	[HRF_EV_SELECT] = {"sched.select", "one issue selection"},
	[HRF_EV_DEMOTE] = {"sched.demote", "a warp demoted (never in this composition)"},
	[HRF_EV_PROMOTE] = {"sched.promote", "a launched warp moved into a free slot"},
	[HRF_EV_EXIT] = {"sched.exit", "a warp's EXIT issued"},
	[HRF_EV_START] = {"pred.start", "an off-chip load leaves the SM: the warp's counter is cleared"},
	[HRF_EV_PREDICT] = {"pred.predict", "a load completion: one Eq. 1 evaluation"},
	[HRF_EV_GRANT] = {"pred.grant", "a TFET destination granted: the warp's counter decremented by 2"},
	[HRF_EV_SAMPLE] = {"pred.sample", "the sample period ends: the sample written"},
	[HRF_EV_RT_READ] = {"ren.rt_read", "one renaming-table bank read"},
	[HRF_EV_RT_WRITE] = {"ren.rt_write", "one table install of a granted allocation"},
	[HRF_EV_ALLOC_STALL] = {"ren.alloc_stall", "an allocation request refused this cycle"},
	[HRF_EV_FREE] = {"ren.free", "a physical register returned to the pool"},
	[HRF_EV_FC_HIT] = {"ren.fc_hit", "a pir found in the release flag cache"},
	[HRF_EV_FC_FILL] = {"ren.fc_fill", "a pir written into the release flag cache"},
	[HRF_EV_FC_READ] = {"ren.fc_read", "an instruction's flag bits read from the release flag cache"},
	[HRF_EV_DOM_WAKE] = {"ren.dom_wake", "a gating domain switching on (never under STATIC gating)"},
	[HRF_EV_ALLOC_CMOS] = {"ren.alloc_cmos", "a grant of a CMOS id"},
	[HRF_EV_ALLOC_TFET] = {"ren.alloc_tfet", "a grant of a TFET id, fallbacks included"},
	[HRF_EV_TFET_REFUSED] = {"ren.tfet_refused", "a MEM_RA TFET request granted a CMOS id (W-P1-1)"},
	[HRF_EV_FALLBACK_TFET] = {"ren.fallback_tfet", "a CMOS request granted a TFET id (W-P1-2)"},
	[HRF_EV_EVAL] = {"tuba.eval", "one evaluation of the thresholds"},
	[HRF_EV_DEC] = {"tuba.dec", "the block limit lowered by one"},
	[HRF_EV_INC] = {"tuba.inc", "the block limit raised by one"},
};

static const wg_comp_inst hrf_inst[HRF_NINST] = {
	[HRF_I_SCHED] = {"sched", &wg_block_sched2l, "WARPS=WARPS,ACTIVE=WARPS,SELECT=TRWS,BARRIER_DEMOTE=0", NULL},
	[HRF_I_PRED] = {"pred", &wg_block_memra,
		"WARPS=WARPS,THR_ACC=THR_ACC,REF_SHIFT=REF_SHIFT,SAMPLE_PERIOD=SAMPLE_PERIOD", NULL},
	[HRF_I_REN] = {"ren", &wg_block_rename,
		"WARPS=WARPS,REGS=REGS,PHYS_REGS=PHYS_REGS,RT_ENTRIES=RT_ENTRIES,RT_BANKS=RT_BANKS,TFET_ROWS=TFET_ROWS,"
		"CLASS=CLASS,GATING=STATIC,FC_ENTRIES=FC_ENTRIES,EXEMPT=EXEMPT,ALLOC_PORTS=ALLOC_PORTS,PF_DEPTH=PF_DEPTH", NULL},
	[HRF_I_TUBA] = {"tuba", &wg_block_tuba, "TFET_REGS=TFET_REGS,DW_PCT=DW_PCT,UP_PCT=UP_PCT,MAX_BLOCKS=MAX_BLOCKS",
		NULL},
};

static const wg_comp_wire hrf_wires[] = {
	/* the environment: warp status, launches and the TRWS priority to the scheduler */
	{"rdy_i", "sched.rdy_i"},
	{"fin_i", "sched.fin_i"},
	{"launch_i", "sched.launch_i"},
	{"prio_i", "sched.prio_i"},
	/* single-level GTO: no marked consumers, no barrier demotion, every slot free (P1 Table 1) */
	{"0", "sched.mark_i"},
	{"0", "sched.llp_i"},
	{"0", "sched.bar_i"},
	{"1", "sched.slot_free_i"},
	/* the predictor: loads leaving and returning; grants decoded from the table's ports by the environment */
	{"ld_i", "pred.ld_i"},
	{"done_valid_i", "pred.done_valid_i"},
	{"done_warp_i", "pred.done_warp_i"},
	{"grant_i", "pred.grant_i"},
	/* the renaming table: kernel launch, pir, operations, read completions, allocations */
	{"kl_valid_i", "ren.kl_valid_i"},
	{"kl_warps_i", "ren.kl_warps_i"},
	{"kl_regs_i", "ren.kl_regs_i"},
	{"kl_exempt_i", "ren.kl_exempt_i"},
	{"pir_valid_i", "ren.pir_valid_i"},
	{"pir_warp_i", "ren.pir_warp_i"},
	{"pir_pc_i", "ren.pir_pc_i"},
	{"pir_flags_i", "ren.pir_flags_i"},
	{"op_valid_i", "ren.op_valid_i"},
	{"op_kind_i", "ren.op_kind_i"},
	{"op_warp_i", "ren.op_warp_i"},
	{"op_reg_i", "ren.op_reg_i"},
	{"op_dst_i", "ren.op_dst_i"},
	{"rd_done_i", "ren.rd_done_i"},
	{"rd_warp_i", "ren.rd_warp_i"},
	{"alc_valid_i", "ren.alc_valid_i"},
	{"alc_warp_i", "ren.alc_warp_i"},
	{"alc_reg_i", "ren.alc_reg_i"},
	{"alc_tfet_i", "ren.alc_tfet_i"},
	{"alc_load_i", "ren.alc_load_i"},
	/* the limiter: kernel start, completions, residency; its free count is the table's */
	{"start_i", "tuba.start_i"},
	{"occ_i", "tuba.occ_i"},
	{"blk_done_i", "tuba.done_i"},
	{"res_i", "tuba.res_i"},
	{"ren.free_tfet_o", "tuba.free_i"},
	/* every output, exported under its own name */
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
	{"pred.want_o", "want_o"},
	{"pred.prio_o", "prio_o"},
	{"pred.cnt_o", "cnt_o"},
	{"pred.meas_o", "meas_o"},
	{"pred.sample_o", "sample_o"},
	{"ren.pir_ready_o", "pir_ready_o"},
	{"ren.pir_hit_o", "pir_hit_o"},
	{"ren.op_ready_o", "op_ready_o"},
	{"ren.op_wait_o", "op_wait_o"},
	{"ren.op_src_pid_o", "op_src_pid_o"},
	{"ren.op_rel_o", "op_rel_o"},
	{"ren.op_dst_pid_o", "op_dst_pid_o"},
	{"ren.op_dst_new_o", "op_dst_new_o"},
	{"ren.op_src_tfet_o", "op_src_tfet_o"},
	{"ren.op_dst_tfet_o", "op_dst_tfet_o"},
	{"ren.alc_gnt_o", "alc_gnt_o"},
	{"ren.alc_pid_o", "alc_pid_o"},
	{"ren.alc_tfet_o", "alc_tfet_o"},
	{"ren.reg_on_o", "reg_on_o"},
	{"ren.dom_on_o", "dom_on_o"},
	{"ren.free_tfet_o", "free_tfet_o"},
	{"tuba.lim_o", "lim_o"},
	{"tuba.accept_o", "accept_o"},
};

/* tuba's thresholds are shares of the table's TFET ids: TFET_REGS must be their number. The
 * flag cache needs an entry per warp: the SM's rename stage is in order, so a pir refused for
 * want of a victim (every entry pinned by another warp's cursor, possible only when
 * FC_ENTRIES < WARPS) holds the queue, and the warps whose cursors pin the entries never move
 * (docs/hrf_sm.md "Parameters"). */
static const char *hrf_check(const long *p, char *buf, size_t n)
{
	long want = 4 * p[HRF_P_TFET_ROWS];
	if (p[HRF_P_TFET_REGS] != want) {
		snprintf(buf, n, "hrf_sm: TFET_REGS=%ld must be 4*TFET_ROWS=%ld (the renaming table's TFET ids, tuba's free_i)",
			 p[HRF_P_TFET_REGS], want);
		return buf;
	}
	if (p[HRF_P_FC_ENTRIES] < p[HRF_P_WARPS]) {
		snprintf(buf, n, "hrf_sm: FC_ENTRIES=%ld must be at least WARPS=%ld (legal range WARPS..64: an in-order rename stage deadlocks with fewer)",
			 p[HRF_P_FC_ENTRIES], p[HRF_P_WARPS]);
		return buf;
	}
	return NULL;
}

static const wg_comp hrf_comp = {
	.inst = hrf_inst,
	.ninst = HRF_NINST,
	.wires = hrf_wires,
	.nwires = (int)(sizeof hrf_wires / sizeof hrf_wires[0]),
	.check = hrf_check,
};

WG_COMP_BLOCK(wg_block_hrf_sm, "hrf_sm",
	      "hybrid CMOS/TFET register file in an SM: MEM_RA predictor, renaming table with TFET classes, "
	      "TUBA block limiter, GTO/TRWS scheduler (Xie et al. 2017; composition of sched2l, memra, rename, tuba)",
	      hrf_params, hrf_ports, hrf_events, hrf_comp);
