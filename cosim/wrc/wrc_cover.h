/* wrc_cover.h - functional coverage points of Mascar's warp readiness
 * checker: the corner cases of docs/wrc.md (spec §3.4, §3.13; A-MA-*) as
 * conditions on one cycle's inputs and the C model's state. */
#ifndef WRC_COVER_H
#define WRC_COVER_H

#include <stdint.h>

#include "wrc.h"
#include "wrc_stim.h"

#define WRC_NCOV_POINTS 25 /* entries of wrc_cov_points */
extern const wg_cov_point wrc_cov_points[WRC_NCOV_POINTS];

/* hits[k] += 1 for each point k that holds in this cycle (s: the stimulus,
 * read only: its last cycle's outputs for the chatter point; m: the state at
 * the start of the cycle; in, out: this cycle's frames). */
void wrc_cover(const ws_stim *s, const wrc_model *m, const uint32_t *in, const uint32_t *out, uint64_t *hits);

#endif
