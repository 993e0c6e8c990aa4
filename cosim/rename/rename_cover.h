/* rename_cover.h - functional coverage points of the renaming table: the
 * corner cases of docs/rename.md (spec §11) as conditions on one cycle's
 * inputs and the C model's state. */
#ifndef RENAME_COVER_H
#define RENAME_COVER_H

#include <stdint.h>

#include "rename.h"
#include "wg_stim.h"

#define RN_NCOV_POINTS 23 /* entries of rn_cov_points */
extern const wg_cov_point rn_cov_points[RN_NCOV_POINTS];

/* hits[k] += 1 for each point k that holds in this cycle (model: the state at
 * the start of the cycle; in, out: this cycle's frames). */
void rn_cover(const wg_layout *L, const rn_model *m, const uint32_t *in, const uint32_t *out, uint64_t *hits);

#endif
