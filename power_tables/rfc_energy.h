/* rfc_energy.h - what other files use of the register file cache's energy
 * rules (rfc_energy.c): its table and the Table 2 interpolation (the papers
 * section of the report, the tests). The rules themselves: wg_energy_rfc. */
#ifndef RFC_ENERGY_H
#define RFC_ENERGY_H

#include <stddef.h>

#include "wg_ptable.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The power table the RFC model reads (under power_tables/). */
#define RFC_ENERGY_TABLE "gebhart2011.tsv"

/* Table 2 RFC read/write energy per AU (pJ) for N entries and A active warps:
 * the table value at a table point, else piecewise-linear in N*A over the
 * table's distinct N*A points, linear extrapolation from the two nearest
 * points outside them, and the nearest point's value if that is not
 * positive. basis gets a short description (table row or the rule used).
 * Returns 0, or -1 with a message (missing or inconsistent rows). */
int rfc_table2_energy(const wg_ptable *t, long N, long A, double *e_read, double *e_write, char *basis, size_t bn,
		      char *err, size_t n);

#ifdef __cplusplus
}
#endif

#endif
