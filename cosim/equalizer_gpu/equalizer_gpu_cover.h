/* equalizer_gpu_cover.h - functional coverage points of equalizer_gpu (SMS
 * copies of the per-SM equalizer and one vf_manager): the interactions of the
 * SMs' decisions with the manager's vote and transitions, and the GPU
 * model's corner cases (docs/equalizer_gpu.md, docs/equalizer.md "The GPU
 * composition", spec §2.12), as conditions on one cycle's inputs, outputs
 * and the instances' C model state. */
#ifndef EQUALIZER_GPU_COVER_H
#define EQUALIZER_GPU_COVER_H

#include <stdint.h>

#include "equalizer_gpu.h"
#include "wg_stim.h"

#define EQG_NCOV_POINTS 16 /* entries of eqg_cov_points */
extern const wg_cov_point eqg_cov_points[EQG_NCOV_POINTS];

/* hits[k] += 1 for each point k that holds in this cycle (model: the
 * composition's model, state at the start of the cycle, after its eval; in,
 * out: the composition's frames). */
void eqg_cover(const wg_layout *L, const void *model, const uint32_t *in, const uint32_t *out, uint64_t *hits);

#endif
