/* sm_slg.h - the sync-aware power-gating controller under the warp
 * scheduler: a composition (wg_comp.h) of one sched2l in plain round-robin
 * mode (ACTIVE = WARPS, SELECT = RR, BARRIER_DEMOTE = 0: Jooya & Baniasadi
 * DATE'13 §I, spec B9) and one slg. Port, parameter and event indices of the
 * composed block; docs/sm_slg.md. */
#ifndef SM_SLG_H
#define SM_SLG_H

#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parameters: slg's own (WARPS also sizes the scheduler). */
enum {
	SSL_P_WARPS, SSL_P_CTAS, SSL_P_X, SSL_P_Y, SSL_P_COUNT, SSL_P_ENABLE, SSL_P_ENTER_DELAY, SSL_P_S21_WAKE,
	SSL_NPARAMS
};

/* Instances, in evaluation order (the scheduler's issue is the controller's selection). */
enum { SSL_I_SCHED, SSL_I_GATE, SSL_NINST };

/* Ports: the environment's inputs, the scheduler's outputs, the controller's
 * outputs, then the concatenated events. */
enum {
	SSL_RST_I,
	SSL_RDY_I, SSL_FIN_I, SSL_LAUNCH_I, SSL_LAUNCH_CTA_I, SSL_LAUNCH_SIZE_I,
	SSL_ARR_I, SSL_ACC_I, SSL_PEND_I,
	SSL_ISS_VALID_O, SSL_ISS_SLOT_O, SSL_ISS_WARP_O,
	SSL_TAG_VALID_O, SSL_TAG_SLOT_O, SSL_TAG_WARP_O,
	SSL_DEM_VALID_O, SSL_DEM_SLOT_O, SSL_DEM_WARP_O, SSL_DEM_CAUSE_O,
	SSL_PRO_VALID_O, SSL_PRO_SLOT_O, SSL_PRO_WARP_O,
	SSL_EXT_VALID_O, SSL_EXT_SLOT_O, SSL_EXT_WARP_O,
	SSL_SLOT_VALID_O, SSL_SLOT_WARP_O, SSL_ACTIVE_O, SSL_RESIDENT_O,
	SSL_MODE_O, SSL_ST_O, SSL_OK_O, SSL_WAIT_O, SSL_REL_O,
	SSL_EV_O,
	SSL_NPORTS
};

/* Events: "sched.<event>" (sched2l order), then "gate.<event>" (slg order). */
enum {
	SSL_EV_SELECT, SSL_EV_DEMOTE, SSL_EV_PROMOTE, SSL_EV_EXIT,
	SSL_EV_ARRIVE, SSL_EV_RELEASE, SSL_EV_ENTER, SSL_EV_TO_SLG1, SSL_EV_WAKE1, SSL_EV_WAKE2, SSL_EV_STALL,
	SSL_EV_SLG1, SSL_EV_SLG2,
	SSL_NEVENTS
};

extern const wg_block wg_block_sm_slg;

#ifdef __cplusplus
}
#endif

#endif
