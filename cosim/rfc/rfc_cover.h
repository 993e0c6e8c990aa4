/* rfc_cover.h - functional coverage points of the register file cache: the
 * corner cases of docs/rfc.md (spec §9) as conditions on one cycle's inputs
 * and the C model's state. */
#ifndef RFC_COVER_H
#define RFC_COVER_H

#include <stdint.h>

#include "rfc.h"
#include "wg_stim.h"

#define RFC_NCOV_POINTS 22 /* entries of rfc_cov_points */
extern const wg_cov_point rfc_cov_points[RFC_NCOV_POINTS];

/* hits[k] += 1 for each point k that holds in this cycle (model: the state at
 * the start of the cycle; in, out: this cycle's frames). */
void rfc_cover(const wg_layout *L, const rfc_model *m, const uint32_t *in, const uint32_t *out, uint64_t *hits);

#endif
