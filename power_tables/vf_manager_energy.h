/* vf_manager_energy.h - what other files use of the frequency manager's
 * energy rules (vf_manager_energy.c): the V-f levels' notes (the per-SM
 * equalizer prints them too) and the model function (the tests). The rules
 * themselves: wg_energy_vf_manager. */
#ifndef VF_MANAGER_ENERGY_H
#define VF_MANAGER_ENERGY_H

#include <stddef.h>

#include "wg_buf.h"
#include "wg_desc.h"
#include "wg_energy.h"
#include "wg_ptable.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Rows "vf_manager <event>_energy", "vf_manager leakage" (all not-given). */
int vf_manager_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
			    size_t n);
/* The V-f levels' effect on the rest of the GPU (rows vf *, gpu leakage_baseline
 * of sethia2015.tsv), appended to o. Returns 0, or -1 with a message. */
int vf_manager_energy_levels(const wg_ptable *t, wg_buf *o, char *err, size_t n);

#ifdef __cplusplus
}
#endif

#endif
