/* prefetch_table_cover.h - functional coverage points of APOGEE's prefetch
 * table: the corner cases of docs/prefetch_table.md (spec §4.13; A-AP-*) as
 * conditions on one cycle's inputs, the C model's state and its events. */
#ifndef PREFETCH_TABLE_COVER_H
#define PREFETCH_TABLE_COVER_H

#include <stdint.h>

#include "prefetch_table.h"
#include "wg_stim.h"

#define PT_NCOV_POINTS 20 /* entries of pt_cov_points */
extern const wg_cov_point pt_cov_points[PT_NCOV_POINTS];

/* hits[k] += 1 for each point k that holds in this cycle (m: the frame-level
 * model, state at the start of the cycle; in, out: this cycle's frames). */
void pt_cover(const wg_layout *L, const pt_model *m, const uint32_t *in, const uint32_t *out, uint64_t *hits);

#endif
