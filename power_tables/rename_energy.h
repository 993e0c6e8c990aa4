/* rename_energy.h - what other files use of the renaming table's energy
 * rules (rename_energy.c): its table, the table's size rules and the
 * register-file leakage numbers (cosim/rename/rename_power.c,
 * cosim/rename/rename_stats.c, the tests). The rules themselves: wg_energy_rename. */
#ifndef RENAME_ENERGY_H
#define RENAME_ENERGY_H

#include <stddef.h>

#include "wg_ptable.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The power table the renaming table's model reads (under power_tables/). */
#define RN_ENERGY_TABLE "jeon2014.tsv"

/* Bits of the table: RT_ENTRIES x clog2(PHYS_REGS) (the report's accounting, no valid bits). */
long rn_energy_rt_bits(long rt_entries, long phys);
/* One table-bank access, pJ: Table 2's 1.14 pJ for the 1 KB table (816 x 10 b in 4 banks),
 * scaled by (bits per bank / reference bits per bank)^x for other sizes (x: row
 * rt access_energy_exponent). basis gets the rows and rule. Returns 0 or -1. */
int rn_energy_rt_access(const wg_ptable *t, long rt_entries, long rt_banks, long phys, double *pj, char *basis,
			size_t bn, char *err, size_t n);
/* Leakage of the table, mW: 4 x 0.27 mW for the 1 KB table, linear in its bits otherwise. */
int rn_energy_rt_leakage(const wg_ptable *t, long rt_entries, long phys, double *mw, char *basis, size_t bn,
			 char *err, size_t n);
/* Register-file numbers of the static-power accounting: leakage of one physical warp-register
 * (8 x 128-bit entries, mW), the cycle (ns) and the off-state leakage fraction. */
int rn_energy_rf_leakage(const wg_ptable *t, double *reg_mw, double *cycle_ns, double *sleep_frac, char *err, size_t n);

#ifdef __cplusplus
}
#endif

#endif
