/* hrf_sm_cover.h - functional coverage points of hrf_sm (the hybrid
 * CMOS/TFET register file in an SM: sched2l under TRWS, memra, rename with
 * TFET classes, tuba): the interactions of the four instances through the
 * wires and the environment (docs/hrf_sm.md, spec
 * tfet-and-sync-power-gating.md W-P1-1..16, A5-A21), as conditions on one
 * cycle's inputs, outputs, event counts and the instances' C model state. */
#ifndef HRF_SM_COVER_H
#define HRF_SM_COVER_H

#include <stdint.h>

#include "hrf_sm.h"
#include "wg_stim.h"

#define HRF_NCOV_POINTS 16 /* entries of hrf_cov_points */
extern const wg_cov_point hrf_cov_points[HRF_NCOV_POINTS];

/* hits[k] += 1 for each point k that holds in this cycle (model: the
 * composition's model of the SM under test, state at the start of the cycle,
 * after its eval; in, out: its frames). */
void hrf_cover(const wg_layout *L, const void *model, const uint32_t *in, const uint32_t *out, uint64_t *hits);

#endif
