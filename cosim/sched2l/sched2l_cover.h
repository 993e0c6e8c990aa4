/* sched2l_cover.h - functional coverage points of the two-level warp
 * scheduler: the corner cases of docs/sched2l.md (spec §8, §9; P1's GTO and
 * TRWS) as conditions on one cycle's inputs and the C model's state. */
#ifndef SCHED2L_COVER_H
#define SCHED2L_COVER_H

#include <stdint.h>

#include "sched2l.h"
#include "wg_stim.h"

#define S2L_NCOV_POINTS 23 /* entries of s2l_cov_points */
extern const wg_cov_point s2l_cov_points[S2L_NCOV_POINTS];

/* hits[k] += 1 for each point k that holds in this cycle (model: the state at
 * the start of the cycle; in, out: this cycle's frames). */
void s2l_cover(const wg_layout *L, const s2l_model *m, const uint32_t *in, const uint32_t *out, uint64_t *hits);

#endif
