/* vf_manager_cover.h - functional coverage points of Equalizer's frequency
 * manager: the corner cases of docs/vf_manager.md (spec §2.6, §2.12 #7, #8,
 * #11; A-EQ-9, A-EQ-10) as conditions on one cycle's inputs and the C
 * model's state. */
#ifndef VF_MANAGER_COVER_H
#define VF_MANAGER_COVER_H

#include <stdint.h>

#include "vf_manager.h"
#include "wg_stim.h"

#define VFM_NCOV_POINTS 18 /* entries of vfm_cov_points */
extern const wg_cov_point vfm_cov_points[VFM_NCOV_POINTS];

/* hits[k] += 1 for each point k that holds in this cycle (m: the state at the
 * start of the cycle; in: this cycle's inputs). */
void vfm_cover(const wg_layout *L, const vfm_model *m, const uint32_t *in, uint64_t *hits);

#endif
