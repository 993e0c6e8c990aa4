/* hrf_sm.h - the hybrid CMOS/TFET register file in an SM (Xie et al. 2017):
 * a composition (wg_comp.h) of the warp scheduler sched2l (SELECT = TRWS,
 * the priority from the environment), the MEM_RA predictor memra, the
 * renaming table rename with TFET register classes and STATIC gating, and
 * the block limiter tuba. Port, parameter and event indices of the composed
 * block; docs/hrf_sm.md. */
#ifndef HRF_SM_H
#define HRF_SM_H

#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parameters (bound to the instances as docs/hrf_sm.md "Parameters"). */
enum {
	HRF_P_WARPS, HRF_P_REGS, HRF_P_PHYS_REGS, HRF_P_RT_ENTRIES, HRF_P_TFET_ROWS, HRF_P_TFET_REGS, HRF_P_CLASS,
	HRF_P_THR_ACC, HRF_P_REF_SHIFT, HRF_P_SAMPLE_PERIOD, HRF_P_DW_PCT, HRF_P_UP_PCT, HRF_P_MAX_BLOCKS,
	HRF_P_FC_ENTRIES, HRF_P_EXEMPT, HRF_P_RT_BANKS, HRF_P_ALLOC_PORTS, HRF_P_PF_DEPTH, HRF_NPARAMS
};

/* Instances, in evaluation order: memra's outputs are state only, the
 * renaming table's free_tfet_o feeds tuba's free_i. */
enum { HRF_I_SCHED, HRF_I_PRED, HRF_I_REN, HRF_I_TUBA, HRF_NINST };

/* Ports: the environment's inputs (scheduler, predictor, renaming table,
 * limiter), then every instance output under its own name, then the
 * concatenated events. */
enum {
	HRF_RST_I,
	/* sched2l */
	HRF_RDY_I, HRF_FIN_I, HRF_LAUNCH_I, HRF_PRIO_I,
	/* memra */
	HRF_LD_I, HRF_DONE_VALID_I, HRF_DONE_WARP_I, HRF_GRANT_I,
	/* rename */
	HRF_KL_VALID_I, HRF_KL_WARPS_I, HRF_KL_REGS_I, HRF_KL_EXEMPT_I,
	HRF_PIR_VALID_I, HRF_PIR_WARP_I, HRF_PIR_PC_I, HRF_PIR_FLAGS_I,
	HRF_OP_VALID_I, HRF_OP_KIND_I, HRF_OP_WARP_I, HRF_OP_REG_I, HRF_OP_DST_I,
	HRF_RD_DONE_I, HRF_RD_WARP_I,
	HRF_ALC_VALID_I, HRF_ALC_WARP_I, HRF_ALC_REG_I, HRF_ALC_TFET_I, HRF_ALC_LOAD_I,
	/* tuba */
	HRF_START_I, HRF_OCC_I, HRF_BLK_DONE_I, HRF_RES_I,
	/* sched2l outputs */
	HRF_ISS_VALID_O, HRF_ISS_SLOT_O, HRF_ISS_WARP_O,
	HRF_TAG_VALID_O, HRF_TAG_SLOT_O, HRF_TAG_WARP_O,
	HRF_DEM_VALID_O, HRF_DEM_SLOT_O, HRF_DEM_WARP_O, HRF_DEM_CAUSE_O,
	HRF_PRO_VALID_O, HRF_PRO_SLOT_O, HRF_PRO_WARP_O,
	HRF_EXT_VALID_O, HRF_EXT_SLOT_O, HRF_EXT_WARP_O,
	HRF_SLOT_VALID_O, HRF_SLOT_WARP_O, HRF_ACTIVE_O, HRF_RESIDENT_O,
	/* memra outputs */
	HRF_WANT_O, HRF_PRIO_O, HRF_CNT_O, HRF_MEAS_O, HRF_SAMPLE_O,
	/* rename outputs */
	HRF_PIR_READY_O, HRF_PIR_HIT_O, HRF_OP_READY_O, HRF_OP_WAIT_O, HRF_OP_SRC_PID_O, HRF_OP_REL_O,
	HRF_OP_DST_PID_O, HRF_OP_DST_NEW_O, HRF_OP_SRC_TFET_O, HRF_OP_DST_TFET_O,
	HRF_ALC_GNT_O, HRF_ALC_PID_O, HRF_ALC_TFET_O, HRF_REG_ON_O, HRF_DOM_ON_O, HRF_FREE_TFET_O,
	/* tuba outputs */
	HRF_LIM_O, HRF_ACCEPT_O,
	HRF_EV_O,
	HRF_NPORTS
};

/* Events: "sched.<event>" (sched2l order), "pred.<event>" (memra),
 * "ren.<event>" (rename), "tuba.<event>" (tuba). */
enum {
	HRF_EV_SELECT, HRF_EV_DEMOTE, HRF_EV_PROMOTE, HRF_EV_EXIT,
	HRF_EV_START, HRF_EV_PREDICT, HRF_EV_GRANT, HRF_EV_SAMPLE,
	HRF_EV_RT_READ, HRF_EV_RT_WRITE, HRF_EV_ALLOC_STALL, HRF_EV_FREE, HRF_EV_FC_HIT, HRF_EV_FC_FILL, HRF_EV_FC_READ,
	HRF_EV_DOM_WAKE, HRF_EV_ALLOC_CMOS, HRF_EV_ALLOC_TFET, HRF_EV_TFET_REFUSED, HRF_EV_FALLBACK_TFET,
	HRF_EV_EVAL, HRF_EV_DEC, HRF_EV_INC,
	HRF_NEVENTS
};

extern const wg_block wg_block_hrf_sm;

#ifdef __cplusplus
}
#endif

#endif
