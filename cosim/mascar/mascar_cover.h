/* mascar_cover.h - functional coverage points of mascar (the readiness
 * checker and the re-execution queue composed): the corner cases of
 * docs/mascar.md (spec §3.13) as conditions on one cycle's inputs and the
 * two components' C model state. */
#ifndef MASCAR_COVER_H
#define MASCAR_COVER_H

#include <stdint.h>

#include "mascar.h"
#include "wg_stim.h"

#define MSC_NCOV_POINTS 14 /* entries of msc_cov_points */
extern const wg_cov_point msc_cov_points[MSC_NCOV_POINTS];

/* hits[k] += 1 for each point k that holds in this cycle (model: the
 * composition's model, state at the start of the cycle, after its eval; in,
 * out: the composition's frames). */
void msc_cover(const wg_layout *L, const void *model, const uint32_t *in, const uint32_t *out, uint64_t *hits);

#endif
