/* tuba_cover.h - functional coverage points of TUBA's block limit: the
 * corner cases of docs/tuba.md (spec §2.1.7, A19, W-P1-12/13/16) as
 * conditions on one cycle's inputs and the C model's state. */
#ifndef TUBA_COVER_H
#define TUBA_COVER_H

#include <stdint.h>

#include "tuba.h"
#include "wg_stim.h"

#define TUBA_NCOV_POINTS 18 /* entries of tuba_cov_points */
extern const wg_cov_point tuba_cov_points[TUBA_NCOV_POINTS];

/* hits[k] += 1 for each point k that holds in this cycle (m: the state at the
 * start of the cycle; in: this cycle's inputs). */
void tuba_cover(const wg_layout *L, const tb_model *m, const uint32_t *in, uint64_t *hits);

#endif
