/* prefetch_table_energy.h - APOGEE's prefetch table's model function, for
 * the tests (prefetch_table_energy.c). The rules themselves:
 * wg_energy_prefetch_table. */
#ifndef PREFETCH_TABLE_ENERGY_H
#define PREFETCH_TABLE_ENERGY_H

#include <stddef.h>

#include "wg_desc.h"
#include "wg_energy.h"
#include "wg_ptable.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Rows "prefetch_table <event>_energy", "prefetch_table leakage" (all not-given: the thesis gives no pJ);
 * clock from row "apogee clock" (1 GHz, Tab. 5.3(a)). */
int prefetch_table_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
				size_t n);

#ifdef __cplusplus
}
#endif

#endif
