/* sm_slg_cover.h - functional coverage points of sm_slg (the sync-aware
 * power-gating controller under the round-robin scheduler): the interactions
 * of the two instances and the synthetic shader's corner cases
 * (docs/sm_slg.md, spec tfet-and-sync-power-gating.md W-P2-1..12, B4-B9) as
 * conditions on one cycle's inputs, outputs and both instances' C model state. */
#ifndef SM_SLG_COVER_H
#define SM_SLG_COVER_H

#include <stdint.h>

#include "sm_slg.h"
#include "sm_slg_env.h"
#include "wg_stim.h"

#define SSL_NCOV_POINTS 20 /* entries of ssl_cov_points */
extern const wg_cov_point ssl_cov_points[SSL_NCOV_POINTS];

/* hits[k] += 1 for each point k that holds in this cycle (model: the
 * composition's model, state at the start of the cycle, after its eval; in,
 * out: the composition's frames; v: the environment's view of this cycle,
 * sse_now, for the front end and the reads' wakes). */
void ssl_cover(const wg_layout *L, const void *model, const uint32_t *in, const uint32_t *out, const sse_view *v,
	       uint64_t *hits);

#endif
