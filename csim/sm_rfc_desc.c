/* sm_rfc_desc.c - the two-level scheduler driving the register file cache:
 * the composition (wg_comp.h) of one sched2l and one rfc. The scheduler's
 * slot decisions (promote, demote, exit) allocate, drain and drop the
 * cache's slots; the cache's free slots gate the scheduler's promotions; the
 * scheduler's TAG-stage register names the lookup slot. Design and
 * protocol argument: docs/sm_rfc.md. */
#include "sm_rfc.h"

#include "rfc.h"
#include "sched2l.h"
#include "wg_comp.h"

static const char *const smr_select[] = {"GREEDY", "RR", NULL};
static const char *const smr_suspend[] = {"ALWAYS", "PENDING", NULL};
static const char *const smr_repl[] = {"FIFO", "LRU", NULL};

static const wg_param_def smr_params[SMR_NPARAMS] = {
	[SMR_P_WARPS] = {"WARPS", 32, 1, 64, NULL,
		"resident warps (scheduler's outer level, cache owner ids)", "Gebhart ISCA'11 §2.1, §5.2: 32 warps"},
	[SMR_P_ACTIVE] = {"ACTIVE", 8, 1, 64, NULL,
		"active-set slots = cache slots (sched ACTIVE, rfc ACTIVE_WARPS)", "Gebhart §3.2, §3.3, §5.2: 8 active warps"},
	[SMR_P_SELECT] = {"SELECT", S2L_GREEDY, 0, 1, smr_select,
		"policy inside the active set: GREEDY or RR", "Gebhart §5.2: greedy for all results"},
	[SMR_P_SUSPEND] = {"SUSPEND", S2L_ALWAYS, 0, 1, smr_suspend,
		"demote on every marked consumer (ALWAYS) or only while its value is pending (PENDING)",
		"Gebhart §3.2: preemptive (spec §3.3, §8 #6: ALWAYS_ON_MARK)"},
	[SMR_P_BARRIER_DEMOTE] = {"BARRIER_DEMOTE", 1, 0, 1, NULL,
		"1: demote warps blocked at a barrier (0 keeps them, and can deadlock)",
		"decision, spec §3.3, §8 #16 (paper silent)"},
	[SMR_P_ENTRIES] = {"ENTRIES", 6, 1, 16, NULL,
		"RFC entries per warp slot (per thread)", "Gebhart §5.1, §5.4: 6 entries per thread"},
	[SMR_P_LANES] = {"LANES", 32, 1, 64, NULL,
		"SIMT lanes: one private RFC bank per lane", "Gebhart §2.1, §3.3: 32 lanes"},
	[SMR_P_WIDTH] = {"WIDTH", 32, 1, 64, NULL,
		"bits per lane per register", "Gebhart §3.1: 4 bytes per thread"},
	[SMR_P_REG_BITS] = {"REG_BITS", 6, 1, 8, NULL,
		"architectural register id bits", "spec §2.2: 6 bits (up to 64 registers)"},
	[SMR_P_READ_PORTS] = {"READ_PORTS", 3, 1, 4, NULL,
		"source operands looked up and read per cycle", "Gebhart §3.1, Fig 5a: 3R/1W banks"},
	[SMR_P_READ_LAT] = {"READ_LAT", 3, 1, 4, NULL,
		"cycles from the tag check to the data read (TAG -> RF3)", "Gebhart §3.1, Fig 3b: data read in the last of 3 RF stages"},
	[SMR_P_FLUSH_PORTS] = {"FLUSH_PORTS", 1, 1, 4, NULL,
		"live entries a draining slot writes back per cycle", "spec §8 #11-12 (paper silent): 1 drain read port"},
	[SMR_P_REPLACEMENT] = {"REPLACEMENT", RFC_FIFO, 0, 1, smr_repl,
		"victim choice: FIFO (insertion order) or LRU", "Gebhart §3.1: FIFO"},
	[SMR_P_LIVENESS] = {"LIVENESS", 1, 0, 1, NULL,
		"1: last-use hints mark entries dead, dead entries are not written back", "Gebhart §3.1, §5.1: on"},
};

static const wg_port_def smr_ports[SMR_NPORTS] = {
	[SMR_RST_I] = {"rst_i", WG_IN, "control", "synchronous reset, active high (both instances)"},
	[SMR_RDY_I] = {"rdy_i", WG_IN, "warp", "per warp: the next instruction can issue (scoreboard verdict)"},
	[SMR_MARK_I] = {"mark_i", WG_IN, "warp", "per warp: the next instruction is a marked first consumer of a long-latency result"},
	[SMR_LLP_I] = {"llp_i", WG_IN, "warp", "per warp: the next instruction sources an outstanding long-latency write"},
	[SMR_BAR_I] = {"bar_i", WG_IN, "warp", "per warp: blocked at a barrier that has not released"},
	[SMR_FIN_I] = {"fin_i", WG_IN, "warp", "per warp: the next instruction is EXIT"},
	[SMR_LAUNCH_I] = {"launch_i", WG_IN, "warp", "per warp: a non-resident warp becomes resident (pending) at the edge"},
	[SMR_LU_EN_I] = {"lu_en_i", WG_IN, "lookup", "per source of the instruction in TAG (tag_*_o): operand is a register"},
	[SMR_LU_REG_I] = {"lu_reg_i", WG_IN, "lookup", "per source: register id"},
	[SMR_LU_LAST_I] = {"lu_last_i", WG_IN, "lookup", "per source: last-use hint (gated upstream by convergence)"},
	[SMR_WR_VALID_I] = {"wr_valid_i", WG_IN, "write", "a result is written back (WB)"},
	[SMR_WR_WARP_I] = {"wr_warp_i", WG_IN, "write", "its warp id"},
	[SMR_WR_REG_I] = {"wr_reg_i", WG_IN, "write", "destination register id"},
	[SMR_WR_MASK_I] = {"wr_mask_i", WG_IN, "write", "per-lane write enables (active mask)"},
	[SMR_WR_BYPASS_I] = {"wr_bypass_i", WG_IN, "write", "long-latency or liveness bypass: write the MRF, invalidate the copy"},
	[SMR_WR_DATA_I] = {"wr_data_i", WG_IN, "write", "result data, LANES x WIDTH"},
	[SMR_ISS_VALID_O] = {"iss_valid_o", WG_OUT, "issue", "a warp is selected to issue this cycle"},
	[SMR_ISS_SLOT_O] = {"iss_slot_o", WG_OUT, "issue", "its slot"},
	[SMR_ISS_WARP_O] = {"iss_warp_o", WG_OUT, "issue", "its warp"},
	[SMR_TAG_VALID_O] = {"tag_valid_o", WG_OUT, "tag", "last cycle's issue is in TAG: the cache looks up lu_*_i this cycle"},
	[SMR_TAG_SLOT_O] = {"tag_slot_o", WG_OUT, "tag", "its slot (the lookup slot)"},
	[SMR_TAG_WARP_O] = {"tag_warp_o", WG_OUT, "tag", "its warp"},
	[SMR_DEM_VALID_O] = {"dem_valid_o", WG_OUT, "demote", "a warp leaves the active set: its cache slot starts draining"},
	[SMR_DEM_SLOT_O] = {"dem_slot_o", WG_OUT, "demote", "its slot"},
	[SMR_DEM_WARP_O] = {"dem_warp_o", WG_OUT, "demote", "the demoted warp"},
	[SMR_DEM_CAUSE_O] = {"dem_cause_o", WG_OUT, "demote", "0 marked long-latency consumer, 1 barrier"},
	[SMR_PRO_VALID_O] = {"pro_valid_o", WG_OUT, "promote", "a pending warp takes a free slot: the cache activates it"},
	[SMR_PRO_SLOT_O] = {"pro_slot_o", WG_OUT, "promote", "the slot (the lowest free one)"},
	[SMR_PRO_WARP_O] = {"pro_warp_o", WG_OUT, "promote", "the promoted warp"},
	[SMR_EXT_VALID_O] = {"ext_valid_o", WG_OUT, "exit", "the issued instruction is EXIT: the cache drops the slot's entries"},
	[SMR_EXT_SLOT_O] = {"ext_slot_o", WG_OUT, "exit", "its slot"},
	[SMR_EXT_WARP_O] = {"ext_warp_o", WG_OUT, "exit", "its warp"},
	[SMR_SLOT_VALID_O] = {"slot_valid_o", WG_OUT, "state", "per slot: holds a warp (state at the start of the cycle)"},
	[SMR_SLOT_WARP_O] = {"slot_warp_o", WG_OUT, "state", "per slot: its warp, zero when the slot is empty"},
	[SMR_ACTIVE_O] = {"active_o", WG_OUT, "state", "per warp: holds a slot"},
	[SMR_RESIDENT_O] = {"resident_o", WG_OUT, "state", "per warp: is resident"},
	[SMR_LU_HIT_O] = {"lu_hit_o", WG_OUT, "lookup", "per source: hit (same cycle as the lookup)"},
	[SMR_RD_VALID_O] = {"rd_valid_o", WG_OUT, "read", "per source: hit data valid (READ_LAT cycles after the hit)"},
	[SMR_RD_DATA_O] = {"rd_data_o", WG_OUT, "read", "per source: LANES x WIDTH data, zero when not valid"},
	[SMR_WB_VALID_O] = {"wb_valid_o", WG_OUT, "mrf", "write-path MRF write this cycle"},
	[SMR_WB_CAUSE_O] = {"wb_cause_o", WG_OUT, "mrf", "0 evict, 1 bypass, 2 partial-mask miss, 3 all-pinned fallback, 4 late result"},
	[SMR_WB_WARP_O] = {"wb_warp_o", WG_OUT, "mrf", "warp of the MRF write"},
	[SMR_WB_REG_O] = {"wb_reg_o", WG_OUT, "mrf", "register of the MRF write"},
	[SMR_WB_MASK_O] = {"wb_mask_o", WG_OUT, "mrf", "lane enables of the MRF write"},
	[SMR_WB_DATA_O] = {"wb_data_o", WG_OUT, "mrf", "data of the MRF write"},
	[SMR_FL_VALID_O] = {"fl_valid_o", WG_OUT, "flush", "per drain port: a live entry of a draining slot goes to the MRF"},
	[SMR_FL_WARP_O] = {"fl_warp_o", WG_OUT, "flush", "per drain port: owner warp"},
	[SMR_FL_REG_O] = {"fl_reg_o", WG_OUT, "flush", "per drain port: register"},
	[SMR_FL_DATA_O] = {"fl_data_o", WG_OUT, "flush", "per drain port: data (all lanes)"},
	[SMR_SLOT_FREE_O] = {"slot_free_o", WG_OUT, "slot", "per slot: the cache slot is FREE (the scheduler may promote into it)"},
	[SMR_EV_O] = {"ev_o", WG_OUT, "energy", "per-cycle energy events: the scheduler's 4 bits, then the cache's fields"},
};

static const wg_event_def smr_events[SMR_NEVENTS] = {
	[SMR_EV_SELECT] = {"sched.select", "one issue selection from the active set (a pick among ACTIVE slots)"},
	[SMR_EV_DEMOTE] = {"sched.demote", "a warp moved from the active set to the pending set"},
	[SMR_EV_PROMOTE] = {"sched.promote", "a pending warp moved into a free active slot (round-robin pick among WARPS)"},
	[SMR_EV_EXIT] = {"sched.exit", "a warp's EXIT issued: the warp and its slot are released"},
	[SMR_EV_TAG_LOOKUP] = {"rfc.tag_lookup", "one source operand's tag check"},
	[SMR_EV_MRF_READ] = {"rfc.mrf_read", "a source that missed: one warp-wide MRF read"},
	[SMR_EV_MRF_READ_AVOIDED] = {"rfc.mrf_read_avoided", "a source that hit: the MRF read it avoided"},
	[SMR_EV_RFC_READ] = {"rfc.rfc_read", "a hit operand read from the RFC banks at RF3"},
	[SMR_EV_RFC_WRITE] = {"rfc.rfc_write", "a result written into the RFC (hit or allocation)"},
	[SMR_EV_EVICT_WB] = {"rfc.evict_wb", "a live victim written back: one RFC read and one MRF write"},
	[SMR_EV_FLUSH_WB] = {"rfc.flush_wb", "a live entry drained at deactivation: one RFC read and one MRF write"},
	[SMR_EV_BYPASS_WB] = {"rfc.bypass_wb", "a result written to the MRF without the RFC: one MRF write"},
};

static const wg_comp_inst smr_inst[SMR_NINST] = {
	[SMR_I_SCHED] = {"sched", &wg_block_sched2l,
		"WARPS=WARPS,ACTIVE=ACTIVE,SELECT=SELECT,SUSPEND=SUSPEND,BARRIER_DEMOTE=BARRIER_DEMOTE"},
	[SMR_I_RFC] = {"rfc", &wg_block_rfc,
		"WARPS=WARPS,ACTIVE_WARPS=ACTIVE,ENTRIES=ENTRIES,LANES=LANES,WIDTH=WIDTH,REG_BITS=REG_BITS,"
		"READ_PORTS=READ_PORTS,READ_LAT=READ_LAT,FLUSH_PORTS=FLUSH_PORTS,REPLACEMENT=REPLACEMENT,"
		"LIVENESS=LIVENESS"},
};

static const wg_comp_wire smr_wires[] = {
	/* the environment: warp status to the scheduler, operands and results to the cache */
	{"rdy_i", "sched.rdy_i"},
	{"mark_i", "sched.mark_i"},
	{"llp_i", "sched.llp_i"},
	{"bar_i", "sched.bar_i"},
	{"fin_i", "sched.fin_i"},
	{"launch_i", "sched.launch_i"},
	{"lu_en_i", "rfc.lu_en_i"},
	{"lu_reg_i", "rfc.lu_reg_i"},
	{"lu_last_i", "rfc.lu_last_i"},
	{"wr_valid_i", "rfc.wr_valid_i"},
	{"wr_warp_i", "rfc.wr_warp_i"},
	{"wr_reg_i", "rfc.wr_reg_i"},
	{"wr_mask_i", "rfc.wr_mask_i"},
	{"wr_bypass_i", "rfc.wr_bypass_i"},
	{"wr_data_i", "rfc.wr_data_i"},
	/* the scheduler drives the cache's lookup slot and its slot management */
	{"sched.tag_valid_o", "rfc.lu_valid_i"},
	{"sched.tag_slot_o", "rfc.lu_slot_i"},
	{"sched.pro_valid_o", "rfc.act_valid_i"},
	{"sched.pro_slot_o", "rfc.act_slot_i"},
	{"sched.pro_warp_o", "rfc.act_warp_i"},
	{"sched.dem_valid_o", "rfc.flush_valid_i"},
	{"sched.dem_slot_o", "rfc.flush_slot_i"},
	{"sched.ext_valid_o", "rfc.exit_valid_i"},
	{"sched.ext_slot_o", "rfc.exit_slot_i"},
	/* the cache's free slots gate the promotions (a back edge: state only) */
	{"rfc.slot_free_o", "sched.slot_free_i"},
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
	{"rfc.lu_hit_o", "lu_hit_o"},
	{"rfc.rd_valid_o", "rd_valid_o"},
	{"rfc.rd_data_o", "rd_data_o"},
	{"rfc.wb_valid_o", "wb_valid_o"},
	{"rfc.wb_cause_o", "wb_cause_o"},
	{"rfc.wb_warp_o", "wb_warp_o"},
	{"rfc.wb_reg_o", "wb_reg_o"},
	{"rfc.wb_mask_o", "wb_mask_o"},
	{"rfc.wb_data_o", "wb_data_o"},
	{"rfc.fl_valid_o", "fl_valid_o"},
	{"rfc.fl_warp_o", "fl_warp_o"},
	{"rfc.fl_reg_o", "fl_reg_o"},
	{"rfc.fl_data_o", "fl_data_o"},
	{"rfc.slot_free_o", "slot_free_o"},
};

static const wg_comp smr_comp = {
	.inst = smr_inst,
	.ninst = SMR_NINST,
	.wires = smr_wires,
	.nwires = (int)(sizeof smr_wires / sizeof smr_wires[0]),
	.check = NULL, /* ACTIVE <= WARPS and the data-bit limit: the instances' own checks */
};

WG_COMP_BLOCK(wg_block_sm_rfc, "sm_rfc",
	      "two-level warp scheduler driving the register file cache: promotion allocates, demotion "
	      "drains, exit drops a cache slot (Gebhart ISCA'11 §3.3; composition of sched2l and rfc)",
	      smr_params, smr_ports, smr_events, smr_comp);
