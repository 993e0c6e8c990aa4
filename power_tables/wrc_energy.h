/* wrc_energy.h - the warp readiness checker's model function, for the tests
 * (wrc_energy.c). The rules themselves: wg_energy_wrc. */
#ifndef WRC_ENERGY_H
#define WRC_ENERGY_H

#include <stddef.h>

#include "wg_desc.h"
#include "wg_energy.h"
#include "wg_ptable.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Rows "wrc <event>_energy" and "wrc leakage" (all not-given). */
int wrc_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err, size_t n);

#ifdef __cplusplus
}
#endif

#endif
