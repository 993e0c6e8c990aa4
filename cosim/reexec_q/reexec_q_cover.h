/* reexec_q_cover.h - functional coverage points of Mascar's re-execution
 * queue: the corner cases of docs/reexec_q.md (spec §3.13; A-MA-*) as
 * conditions on one cycle's inputs and the C model's state. */
#ifndef REEXEC_Q_COVER_H
#define REEXEC_Q_COVER_H

#include <stdint.h>

#include "reexec_q.h"
#include "wg_stim.h"

#define RQ_NCOV_POINTS 18 /* entries of rq_cov_points */
extern const wg_cov_point rq_cov_points[RQ_NCOV_POINTS];

/* hits[k] += 1 for each point k that holds in this cycle (m: the state at the
 * start of the cycle; in: this cycle's inputs; unhold: the push is the
 * request the stalled LSU held, from the stimulus's LSU). */
void rq_cover(const wg_layout *L, const rq_model *m, const uint32_t *in, int unhold, uint64_t *hits);

#endif
