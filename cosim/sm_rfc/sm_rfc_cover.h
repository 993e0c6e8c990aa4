/* sm_rfc_cover.h - functional coverage points of sm_rfc (the two-level
 * scheduler driving the register file cache): the interactions of the two
 * instances and the synthetic SM's corner cases (docs/sm_rfc.md, spec
 * rfc-and-two-level-scheduler.md §8, §9) as conditions on one cycle's inputs,
 * outputs and both instances' C model state. */
#ifndef SM_RFC_COVER_H
#define SM_RFC_COVER_H

#include <stdint.h>

#include "sm_rfc.h"
#include "sm_rfc_env.h"
#include "wg_stim.h"

#define SMR_NCOV_POINTS 22 /* entries of smr_cov_points */
extern const wg_cov_point smr_cov_points[SMR_NCOV_POINTS];

/* hits[k] += 1 for each point k that holds in this cycle (model: the
 * composition's model, state at the start of the cycle, after its eval; in,
 * out: the composition's frames; v: the environment's view of this cycle,
 * sme_now, for the instruction looked up in TAG). */
void smr_cover(const wg_layout *L, const void *model, const uint32_t *in, const uint32_t *out, const sme_view *v,
	       uint64_t *hits);

#endif
