/* equalizer_gpu.h - Equalizer across a GPU: SMS copies of the per-SM
 * `equalizer` block (an instance array) and one `vf_manager`, composed
 * through wg_comp.h. The SMs' decisions and frequency requests feed the
 * manager; everything else is the environment's (the SMs' warps, the work
 * distributor). Design: docs/equalizer.md "The GPU composition". */
#ifndef EQUALIZER_GPU_H
#define EQUALIZER_GPU_H

#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
	EQG_P_SMS,
	EQG_P_WARPS,
	EQG_P_SAMPLE_PERIOD,
	EQG_P_EPOCH,
	EQG_P_MAX_CTAS,
	EQG_P_HYSTERESIS,
	EQG_P_OBJECTIVE,
	EQG_P_NORM,
	EQG_P_BARRIER_IS_ACTIVE,
	EQG_P_XMEM_STRICT,
	EQG_P_MAJORITY,
	EQG_P_SM_LAT,
	EQG_P_MEM_LAT,
	EQG_NPARAMS
};

/* Ports: every per-SM port is the SMs' ports concatenated, SM 0 in the
 * least significant bits (each SM's field as wide as the equalizer's port). */
enum {
	EQG_RST_I,
	EQG_KSTART_I, EQG_KMAX_I, EQG_WCTA_I, EQG_GWDE_AVAIL_I,
	EQG_LAUNCH_I, EQG_LAUNCH_SLOT_I, EQG_DONE_I, EQG_DONE_SLOT_I,
	EQG_WSLOT_I, EQG_HV_I, EQG_HRDY_I, EQG_HMEM_I, EQG_HBAR_I, EQG_ISS_I, EQG_LSU_FULL_I,
	EQG_WPAUSE_O, EQG_CTA_VALID_O, EQG_CTA_PAUSED_O, EQG_CTA_REQ_O, EQG_NBLOCKS_O,
	EQG_SAMPLE_O, EQG_DEC_VALID_O, EQG_DELTA_O, EQG_VOTE_O, EQG_VF_O,
	EQG_SM_LEVEL_O, EQG_MEM_LEVEL_O, EQG_BUSY_O, EQG_SM_NEXT_O, EQG_MEM_NEXT_O, EQG_WIN_O,
	EQG_EV_O,
	EQG_NPORTS
};

/* Instance entries: the SMs' array, then the manager. Copies (wg_comp_child
 * index): SM k is copy k, the manager copy SMS. */
enum { EQG_I_EQ, EQG_I_VFM, EQG_NINST };

extern const wg_block wg_block_equalizer_gpu;

#ifdef __cplusplus
}
#endif

#endif
