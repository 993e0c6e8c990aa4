/* slg_cover.h - functional coverage points of the sync-aware two-level
 * power-gating controller: the corner cases of docs/slg.md (spec §2.2,
 * B1-B14, W-P2-1..12) as conditions on one cycle's inputs and the C model's
 * state. */
#ifndef SLG_COVER_H
#define SLG_COVER_H

#include <stdint.h>

#include "slg.h"
#include "wg_stim.h"

#define SLG_NCOV_POINTS 24 /* entries of slg_cov_points */
extern const wg_cov_point slg_cov_points[SLG_NCOV_POINTS];

/* hits[k] += 1 for each point k that holds in this cycle (m: the state at the
 * start of the cycle; in, out: this cycle's frames; out gives rel_o). */
void slg_cover(const wg_layout *L, const slg_model *m, const uint32_t *in, const uint32_t *out, uint64_t *hits);

#endif
