/* equalizer_energy.h - the per-SM Equalizer block's model function, for the
 * tests (equalizer_energy.c). The rules themselves: wg_energy_equalizer. */
#ifndef EQUALIZER_ENERGY_H
#define EQUALIZER_ENERGY_H

#include <stddef.h>

#include "wg_desc.h"
#include "wg_energy.h"
#include "wg_ptable.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Rows "equalizer <event>_energy", "equalizer leakage" (all not-given: the thesis gives no pJ). */
int equalizer_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
			   size_t n);

#ifdef __cplusplus
}
#endif

#endif
