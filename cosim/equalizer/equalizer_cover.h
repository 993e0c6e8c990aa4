/* equalizer_cover.h - functional coverage points of Equalizer's per-SM
 * block: the corner cases of docs/equalizer.md (spec §2.2, §2.4, §2.5,
 * §2.12, A-EQ-1..8) as conditions on one cycle's inputs and the C model's
 * state. */
#ifndef EQUALIZER_COVER_H
#define EQUALIZER_COVER_H

#include <stdint.h>

#include "equalizer.h"
#include "wg_stim.h"

#define EQ_NCOV_POINTS 25 /* entries of eq_cov_points */
extern const wg_cov_point eq_cov_points[EQ_NCOV_POINTS];

/* hits[k] += 1 for each point k that holds in this cycle (m: the state at the
 * start of the cycle; in: this cycle's inputs). */
void eq_cover(const wg_layout *L, const eq_model *m, const uint32_t *in, uint64_t *hits);

#endif
