/* mascar_desc.c - Mascar in one block: the composition (wg_comp.h) of one
 * re-execution queue and one warp readiness checker. The queue tells the
 * checker which warps have a parked request (the one-instruction-per-warp
 * rule) and which warp is at its head (the owner hand-off of §4.3.4). The
 * LSU and the L1 are the environment: they push refused requests, answer
 * replays, stall the LSU when a refused request finds the queue full, and
 * report the L1's occupancy. Design and protocol: docs/mascar.md. */
#include "mascar.h"

#include "reexec_q.h"
#include "wg_comp.h"
#include "wrc.h"

static const wg_param_def msc_params[MSC_NPARAMS] = {
	[MSC_P_WARPS] = {"WARPS", 48, 2, 64, NULL,
		"warps per SM (status table, owner ids, queue warp field)", "Sethia 2015 Tab. 4.2: 48 warps"},
	[MSC_P_SCHEDULERS] = {"SCHEDULERS", 2, 1, 4, NULL,
		"warp schedulers per SM", "Sethia §4.3.1 (Fermi: 2)"},
	[MSC_P_MSHRS] = {"MSHRS", 64, 1, 256, NULL, "the L1's MSHR entries", "Sethia Tab. 4.1: 64"},
	[MSC_P_MISSQ] = {"MISSQ", 8, 1, 64, NULL, "the L1's miss-queue entries",
		"assumed: GPGPU-Sim 3.x GTX 480 (thesis silent)"},
	[MSC_P_SAT_MARGIN_MSHR] = {"SAT_MARGIN_MSHR", 4, 0, 255, NULL,
		"saturated when at most this many MSHRs are free", "spec §3.3 [REC]"},
	[MSC_P_SAT_MARGIN_MQ] = {"SAT_MARGIN_MQ", 1, 0, 63, NULL,
		"saturated when at most this many miss-queue entries are free", "spec §3.3 [REC]"},
	[MSC_P_SAT_HYST] = {"SAT_HYST", 0, 0, 255, NULL,
		"hysteresis of the flag in entries (0: none)", "Sethia §4.3: none"},
	[MSC_P_OWNER_IDLE_TIMEOUT] = {"OWNER_IDLE_TIMEOUT", 0, 0, 4095, NULL,
		"owner released after this many cycles without a memory issue (0: never)", "spec §3.4 [REC]: off"},
	[MSC_P_ENTRIES] = {"ENTRIES", 32, 1, 64, NULL, "re-execution queue entries", "Sethia §4.4.3: 32"},
	[MSC_P_THREADS] = {"THREADS", 32, 1, 32, NULL, "threads per warp", "Sethia §4.4.2: 32"},
	[MSC_P_ADDR_BITS] = {"ADDR_BITS", 64, 8, 64, NULL, "segment base address bits", "Sethia §4.4.2: 64"},
	[MSC_P_OFFSET_BITS] = {"OFFSET_BITS", 7, 1, 8, NULL, "per-thread offset bits", "Sethia §4.4.2: 7"},
	[MSC_P_REG_BITS] = {"REG_BITS", 7, 1, 8, NULL, "register field bits", "Sethia §4.4.2: 7"},
	[MSC_P_STORES] = {"STORES", 0, 0, 1, NULL, "1: stores are queued too", "decision A-MA-6 (spec §3.6)"},
};

static const wg_port_def msc_ports[MSC_NPORTS] = {
	[MSC_RST_I] = {"rst_i", WG_IN, "control", "synchronous reset, active high (both instances)"},
	[MSC_LAUNCH_I] = {"launch_i", WG_IN, "warp", "per warp: becomes resident at the edge"},
	[MSC_EXIT_I] = {"exit_i", WG_IN, "warp", "per warp: leaves at the edge"},
	[MSC_HD_VALID_I] = {"hd_valid_i", WG_IN, "view", "per warp: next cycle's head exists if the warp does not issue"},
	[MSC_HD_MEM_I] = {"hd_mem_i", WG_IN, "view", "per warp: ... is a memory instruction that can miss"},
	[MSC_HD_RDY_I] = {"hd_rdy_i", WG_IN, "view", "per warp: ... has its operands ready"},
	[MSC_AD_VALID_I] = {"ad_valid_i", WG_IN, "view", "per warp: next cycle's head exists if the warp issues"},
	[MSC_AD_MEM_I] = {"ad_mem_i", WG_IN, "view", "per warp: ... is a memory instruction that can miss"},
	[MSC_AD_RDY_I] = {"ad_rdy_i", WG_IN, "view", "per warp: ... has its operands ready"},
	[MSC_LLP_I] = {"llp_i", WG_IN, "warp", "per warp: the head sources the warp's own pending long-latency load"},
	[MSC_BAR_I] = {"bar_i", WG_IN, "warp", "per warp: blocked at a barrier"},
	[MSC_LSU_PEND_I] = {"lsu_pend_i", WG_IN, "lsu", "per warp: has requests in the LSU after this edge"},
	[MSC_LSU_RDY_I] = {"lsu_rdy_i", WG_IN, "lsu", "the LSU accepts a new memory instruction this cycle"},
	[MSC_MSHR_USED_I] = {"mshr_used_i", WG_IN, "l1", "the L1's MSHRs in use"},
	[MSC_MQ_USED_I] = {"mq_used_i", WG_IN, "l1", "the L1's miss-queue entries in use"},
	[MSC_SAT_EXT_I] = {"sat_ext_i", WG_IN, "l1", "texture or constant cache saturated"},
	[MSC_PUSH_VALID_I] = {"push_valid_i", WG_IN, "push", "the LSU parks a refused request"},
	[MSC_PUSH_ADDR_I] = {"push_addr_i", WG_IN, "push", "its segment base address"},
	[MSC_PUSH_OFF_I] = {"push_off_i", WG_IN, "push", "its per-thread offsets"},
	[MSC_PUSH_WARP_I] = {"push_warp_i", WG_IN, "push", "its warp"},
	[MSC_PUSH_REG_I] = {"push_reg_i", WG_IN, "push", "its register"},
	[MSC_PUSH_MASK_I] = {"push_mask_i", WG_IN, "push", "its lane mask"},
	[MSC_PUSH_SIZE_I] = {"push_size_i", WG_IN, "push", "log2 of its access bytes"},
	[MSC_PUSH_STORE_I] = {"push_store_i", WG_IN, "push", "a store (STORES=1)"},
	[MSC_LSU_REQ_I] = {"lsu_req_i", WG_IN, "l1", "the LSU sends a new request to the L1 this cycle (0 while idle or stalled)"},
	[MSC_RP_ACK_I] = {"rp_ack_i", WG_IN, "l1", "the L1 accepted this cycle's replay"},
	[MSC_RP_NACK_I] = {"rp_nack_i", WG_IN, "l1", "the L1 refused this cycle's replay"},
	[MSC_ISS_VALID_O] = {"iss_valid_o", WG_OUT, "issue", "per scheduler: a warp issues"},
	[MSC_ISS_WARP_O] = {"iss_warp_o", WG_OUT, "issue", "per scheduler: its warp"},
	[MSC_ISS_MEM_O] = {"iss_mem_o", WG_OUT, "issue", "per scheduler: to the LSU"},
	[MSC_OWNER_O] = {"owner_o", WG_OUT, "state", "the owner warp (all ones: none), to the L1"},
	[MSC_MODE_O] = {"mode_o", WG_OUT, "state", "0 EP, 1 MP"},
	[MSC_SAT_O] = {"sat_o", WG_OUT, "l1", "next cycle's mode"},
	[MSC_WST_MEM_O] = {"wst_mem_o", WG_OUT, "wst", "per warp: WST memory bit"},
	[MSC_WST_STALL_O] = {"wst_stall_o", WG_OUT, "wst", "per warp: WST stall bit"},
	[MSC_PRE_O] = {"pre_o", WG_OUT, "wst", "per warp: admitted at the EP->MP switch"},
	[MSC_RESIDENT_O] = {"resident_o", WG_OUT, "state", "per warp: resident"},
	[MSC_PUSH_READY_O] = {"push_ready_o", WG_OUT, "push", "a push is accepted (not full)"},
	[MSC_FULL_O] = {"full_o", WG_OUT, "state", "queue full: a refused request cannot be parked; if one arrives the LSU stalls"},
	[MSC_COUNT_O] = {"count_o", WG_OUT, "state", "queue entries"},
	[MSC_RP_VALID_O] = {"rp_valid_o", WG_OUT, "l1", "the head goes to the L1 this cycle"},
	[MSC_HD_VALID_O] = {"hd_valid_o", WG_OUT, "head", "the queue is not empty"},
	[MSC_HD_ADDR_O] = {"hd_addr_o", WG_OUT, "head", "head: base address"},
	[MSC_HD_OFF_O] = {"hd_off_o", WG_OUT, "head", "head: offsets"},
	[MSC_HD_WARP_O] = {"hd_warp_o", WG_OUT, "head", "head: warp"},
	[MSC_HD_REG_O] = {"hd_reg_o", WG_OUT, "head", "head: register"},
	[MSC_HD_MASK_O] = {"hd_mask_o", WG_OUT, "head", "head: lane mask"},
	[MSC_HD_SIZE_O] = {"hd_size_o", WG_OUT, "head", "head: log2 access bytes"},
	[MSC_HD_STORE_O] = {"hd_store_o", WG_OUT, "head", "head: a store"},
	[MSC_HAS_O] = {"has_o", WG_OUT, "state", "per warp: has a queue entry"},
	[MSC_EV_O] = {"ev_o", WG_OUT, "energy", "per-cycle energy events: the queue's 5 bits, then the checker's fields"},
};

static const wg_event_def msc_events[MSC_NEVENTS] = {
	[MSC_EV_RQ_PUSH] = {"rq.push", "one entry written at the tail"},
	[MSC_EV_RQ_REPLAY] = {"rq.replay", "the head entry read and sent to the L1"},
	[MSC_EV_RQ_POP] = {"rq.pop", "an ACKed replay frees the head"},
	[MSC_EV_RQ_ROTATE_MOVE] = {"rq.rotate_move", "a NACKed replay copies the head entry to the tail"},
	[MSC_EV_RQ_ROTATE_PTR] = {"rq.rotate_ptr", "a NACKed replay in a full queue: pointers only"},
	[MSC_EV_WRC_SELECT] = {"wrc.select", "one scheduler's pick"},
	[MSC_EV_WRC_WST_WRITE] = {"wrc.wst_write", "one WST entry changing"},
	[MSC_EV_WRC_OWNER_CHANGE] = {"wrc.owner_change", "the owner register written with a new value"},
	[MSC_EV_WRC_MODE_SWITCH] = {"wrc.mode_switch", "EP to MP or MP to EP"},
	[MSC_EV_WRC_AGE_UPDATE] = {"wrc.age_update", "the age list rewritten"},
};

static const wg_comp_inst msc_inst[MSC_NINST] = {
	[MSC_I_RQ] = {"rq", &wg_block_reexec_q,
		"ENTRIES=ENTRIES,THREADS=THREADS,ADDR_BITS=ADDR_BITS,OFFSET_BITS=OFFSET_BITS,WARPS=WARPS,"
		"REG_BITS=REG_BITS,STORES=STORES"},
	[MSC_I_WRC] = {"wrc", &wg_block_wrc,
		"WARPS=WARPS,SCHEDULERS=SCHEDULERS,MSHRS=MSHRS,MISSQ=MISSQ,SAT_MARGIN_MSHR=SAT_MARGIN_MSHR,"
		"SAT_MARGIN_MQ=SAT_MARGIN_MQ,SAT_HYST=SAT_HYST,OWNER_IDLE_TIMEOUT=OWNER_IDLE_TIMEOUT"},
};

static const wg_comp_wire msc_wires[] = {
	/* the environment (instruction buffer, scoreboard, LSU, L1) to the checker */
	{"launch_i", "wrc.launch_i"},
	{"exit_i", "wrc.exit_i"},
	{"hd_valid_i", "wrc.hd_valid_i"},
	{"hd_mem_i", "wrc.hd_mem_i"},
	{"hd_rdy_i", "wrc.hd_rdy_i"},
	{"ad_valid_i", "wrc.ad_valid_i"},
	{"ad_mem_i", "wrc.ad_mem_i"},
	{"ad_rdy_i", "wrc.ad_rdy_i"},
	{"llp_i", "wrc.llp_i"},
	{"bar_i", "wrc.bar_i"},
	{"lsu_pend_i", "wrc.lsu_pend_i"},
	{"lsu_rdy_i", "wrc.lsu_rdy_i"},
	{"mshr_used_i", "wrc.mshr_used_i"},
	{"mq_used_i", "wrc.mq_used_i"},
	{"sat_ext_i", "wrc.sat_ext_i"},
	/* the LSU and the L1 to the queue */
	{"push_valid_i", "rq.push_valid_i"},
	{"push_addr_i", "rq.push_addr_i"},
	{"push_off_i", "rq.push_off_i"},
	{"push_warp_i", "rq.push_warp_i"},
	{"push_reg_i", "rq.push_reg_i"},
	{"push_mask_i", "rq.push_mask_i"},
	{"push_size_i", "rq.push_size_i"},
	{"push_store_i", "rq.push_store_i"},
	{"lsu_req_i", "rq.lsu_req_i"},
	{"rp_ack_i", "rq.rp_ack_i"},
	{"rp_nack_i", "rq.rp_nack_i"},
	/* the queue to the checker: parked warps, the head's warp */
	{"rq.has_o", "wrc.rq_has_i"},
	{"rq.hd_valid_o", "wrc.rq_head_valid_i"},
	{"rq.hd_warp_o", "wrc.rq_head_warp_i"},
	/* every output of both, exported under its own name */
	{"wrc.iss_valid_o", "iss_valid_o"},
	{"wrc.iss_warp_o", "iss_warp_o"},
	{"wrc.iss_mem_o", "iss_mem_o"},
	{"wrc.owner_o", "owner_o"},
	{"wrc.mode_o", "mode_o"},
	{"wrc.sat_o", "sat_o"},
	{"wrc.wst_mem_o", "wst_mem_o"},
	{"wrc.wst_stall_o", "wst_stall_o"},
	{"wrc.pre_o", "pre_o"},
	{"wrc.resident_o", "resident_o"},
	{"rq.push_ready_o", "push_ready_o"},
	{"rq.full_o", "full_o"},
	{"rq.count_o", "count_o"},
	{"rq.rp_valid_o", "rp_valid_o"},
	{"rq.hd_valid_o", "hd_valid_o"},
	{"rq.hd_addr_o", "hd_addr_o"},
	{"rq.hd_off_o", "hd_off_o"},
	{"rq.hd_warp_o", "hd_warp_o"},
	{"rq.hd_reg_o", "hd_reg_o"},
	{"rq.hd_mask_o", "hd_mask_o"},
	{"rq.hd_size_o", "hd_size_o"},
	{"rq.hd_store_o", "hd_store_o"},
	{"rq.has_o", "has_o"},
};

static const wg_comp msc_comp = {
	.inst = msc_inst,
	.ninst = MSC_NINST,
	.wires = msc_wires,
	.nwires = (int)(sizeof msc_wires / sizeof msc_wires[0]),
	.check = NULL, /* every rule is an instance's own */
};

WG_COMP_BLOCK(wg_block_mascar, "mascar",
	      "Mascar: warp readiness checker + cache-access re-execution queue, the queue's parked warps "
	      "and head feeding the owner rules (Sethia 2015 ch. IV; composition of wrc and reexec_q)",
	      msc_params, msc_ports, msc_events, msc_comp);
