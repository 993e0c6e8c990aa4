/* sm_rfc.h - the two-level scheduler driving the register file cache: a
 * composition (wg_comp.h) of one sched2l and one rfc. Port, parameter and
 * event indices of the composed block; docs/sm_rfc.md. */
#ifndef SM_RFC_H
#define SM_RFC_H

#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parameters: the scheduler's, then the cache's (ACTIVE is both the
 * scheduler's active set and the cache's ACTIVE_WARPS). */
enum {
	SMR_P_WARPS, SMR_P_ACTIVE, SMR_P_SELECT, SMR_P_SUSPEND, SMR_P_BARRIER_DEMOTE,
	SMR_P_ENTRIES, SMR_P_LANES, SMR_P_WIDTH, SMR_P_REG_BITS, SMR_P_READ_PORTS, SMR_P_READ_LAT,
	SMR_P_FLUSH_PORTS, SMR_P_REPLACEMENT, SMR_P_LIVENESS,
	SMR_NPARAMS
};

/* Instances, in evaluation order. */
enum { SMR_I_SCHED, SMR_I_RFC, SMR_NINST };

/* Ports: the environment's inputs, then the scheduler's outputs, then the
 * cache's outputs, then the concatenated events. */
enum {
	SMR_RST_I,
	SMR_RDY_I, SMR_MARK_I, SMR_LLP_I, SMR_BAR_I, SMR_FIN_I, SMR_LAUNCH_I,
	SMR_LU_EN_I, SMR_LU_REG_I, SMR_LU_LAST_I,
	SMR_WR_VALID_I, SMR_WR_WARP_I, SMR_WR_REG_I, SMR_WR_MASK_I, SMR_WR_BYPASS_I, SMR_WR_DATA_I,
	SMR_ISS_VALID_O, SMR_ISS_SLOT_O, SMR_ISS_WARP_O,
	SMR_TAG_VALID_O, SMR_TAG_SLOT_O, SMR_TAG_WARP_O,
	SMR_DEM_VALID_O, SMR_DEM_SLOT_O, SMR_DEM_WARP_O, SMR_DEM_CAUSE_O,
	SMR_PRO_VALID_O, SMR_PRO_SLOT_O, SMR_PRO_WARP_O,
	SMR_EXT_VALID_O, SMR_EXT_SLOT_O, SMR_EXT_WARP_O,
	SMR_SLOT_VALID_O, SMR_SLOT_WARP_O, SMR_ACTIVE_O, SMR_RESIDENT_O,
	SMR_LU_HIT_O, SMR_RD_VALID_O, SMR_RD_DATA_O,
	SMR_WB_VALID_O, SMR_WB_CAUSE_O, SMR_WB_WARP_O, SMR_WB_REG_O, SMR_WB_MASK_O, SMR_WB_DATA_O,
	SMR_FL_VALID_O, SMR_FL_WARP_O, SMR_FL_REG_O, SMR_FL_DATA_O,
	SMR_SLOT_FREE_O,
	SMR_EV_O,
	SMR_NPORTS
};

/* Events: "sched.<event>" (sched2l order), then "rfc.<event>" (rfc order). */
enum {
	SMR_EV_SELECT, SMR_EV_DEMOTE, SMR_EV_PROMOTE, SMR_EV_EXIT,
	SMR_EV_TAG_LOOKUP, SMR_EV_MRF_READ, SMR_EV_MRF_READ_AVOIDED, SMR_EV_RFC_READ, SMR_EV_RFC_WRITE,
	SMR_EV_EVICT_WB, SMR_EV_FLUSH_WB, SMR_EV_BYPASS_WB,
	SMR_NEVENTS
};

extern const wg_block wg_block_sm_rfc;

#ifdef __cplusplus
}
#endif

#endif
