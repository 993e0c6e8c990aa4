/* memra_cover.h - functional coverage points of MEM_RA's stall counters,
 * Eq. 1 predictor and TRWS priority: the corner cases of docs/memra.md
 * (spec §2.1.4, §2.1.6, A4-A9, W-P1-5..8, W-P1-11) as conditions on one
 * cycle's inputs and the C model's state. */
#ifndef MEMRA_COVER_H
#define MEMRA_COVER_H

#include <stdint.h>

#include "memra.h"
#include "wg_stim.h"

#define MEMRA_NCOV_POINTS 20 /* entries of memra_cov_points */
extern const wg_cov_point memra_cov_points[MEMRA_NCOV_POINTS];

/* hits[k] += 1 for each point k that holds in this cycle (m: the state at the
 * start of the cycle; in: this cycle's inputs). */
void memra_cover(const wg_layout *L, const mr_model *m, const uint32_t *in, uint64_t *hits);

#endif
