/* mascar.h - Mascar in one block: the warp readiness checker and the
 * cache-access re-execution queue, composed (wg_comp.h). Port, parameter and
 * event indices of the composed block; docs/mascar.md. */
#ifndef MASCAR_H
#define MASCAR_H

#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parameters: the readiness checker's, then the queue's (WARPS is both). */
enum {
	MSC_P_WARPS, MSC_P_SCHEDULERS, MSC_P_MSHRS, MSC_P_MISSQ, MSC_P_SAT_MARGIN_MSHR, MSC_P_SAT_MARGIN_MQ,
	MSC_P_SAT_HYST, MSC_P_OWNER_IDLE_TIMEOUT,
	MSC_P_ENTRIES, MSC_P_THREADS, MSC_P_ADDR_BITS, MSC_P_OFFSET_BITS, MSC_P_REG_BITS, MSC_P_STORES,
	MSC_NPARAMS
};

/* Instances, in evaluation order (the queue's outputs feed the checker). */
enum { MSC_I_RQ, MSC_I_WRC, MSC_NINST };

/* Ports: the environment's inputs (checker, then queue), the checker's
 * outputs, the queue's outputs, then the concatenated events. */
enum {
	MSC_RST_I,
	MSC_LAUNCH_I, MSC_EXIT_I,
	MSC_HD_VALID_I, MSC_HD_MEM_I, MSC_HD_RDY_I,
	MSC_AD_VALID_I, MSC_AD_MEM_I, MSC_AD_RDY_I,
	MSC_LLP_I, MSC_BAR_I, MSC_LSU_PEND_I, MSC_LSU_RDY_I,
	MSC_MSHR_USED_I, MSC_MQ_USED_I, MSC_SAT_EXT_I,
	MSC_PUSH_VALID_I, MSC_PUSH_ADDR_I, MSC_PUSH_OFF_I, MSC_PUSH_WARP_I, MSC_PUSH_REG_I,
	MSC_PUSH_MASK_I, MSC_PUSH_SIZE_I, MSC_PUSH_STORE_I,
	MSC_LSU_REQ_I, MSC_RP_ACK_I, MSC_RP_NACK_I,
	MSC_ISS_VALID_O, MSC_ISS_WARP_O, MSC_ISS_MEM_O,
	MSC_OWNER_O, MSC_MODE_O, MSC_SAT_O,
	MSC_WST_MEM_O, MSC_WST_STALL_O, MSC_PRE_O, MSC_RESIDENT_O,
	MSC_PUSH_READY_O, MSC_FULL_O, MSC_COUNT_O, MSC_RP_VALID_O,
	MSC_HD_VALID_O, MSC_HD_ADDR_O, MSC_HD_OFF_O, MSC_HD_WARP_O, MSC_HD_REG_O,
	MSC_HD_MASK_O, MSC_HD_SIZE_O, MSC_HD_STORE_O,
	MSC_HAS_O,
	MSC_EV_O,
	MSC_NPORTS
};

/* Events: "rq.<event>" (reexec_q order), then "wrc.<event>" (wrc order). */
enum {
	MSC_EV_RQ_PUSH, MSC_EV_RQ_REPLAY, MSC_EV_RQ_POP, MSC_EV_RQ_ROTATE_MOVE, MSC_EV_RQ_ROTATE_PTR,
	MSC_EV_WRC_SELECT, MSC_EV_WRC_WST_WRITE, MSC_EV_WRC_OWNER_CHANGE, MSC_EV_WRC_MODE_SWITCH,
	MSC_EV_WRC_AGE_UPDATE,
	MSC_NEVENTS
};

extern const wg_block wg_block_mascar;

#ifdef __cplusplus
}
#endif

#endif
