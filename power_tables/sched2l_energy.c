/* sched2l_energy.c - the energy rules of the two-level warp scheduler on the
 * Gebhart ISCA'11 table (power_tables/gebhart2011.tsv): one row per event,
 * "sched2l <event>_energy", and "sched2l leakage" (wg_energy_rows.c); the
 * papers give no number, so every row is not-given. docs/energy-model.md §1a. */
#include "wg_energy_rules.h"

#define S2_ENERGY_TABLE "gebhart2011.tsv" /* the power table of Gebhart ISCA'11 */

static int sched2l_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
				size_t n)
{
	(void)p; /* no number depends on the size: the papers give none */
	return wg_energy_from_rows(m, t, S2_ENERGY_TABLE, "sched2l", b, err, n);
}

static int sched2l_energy_notes(const wg_ptable *t, const wg_block *b, const long *p, wg_buf *o, char *err, size_t n)
{
	(void)p;
	wg_buf_printf(o, "the two-level scheduler's energy is not given by the papers (Gebhart ISCA'11 §5.4 reports\n"
			 "register-file banks and wires only; §3.2 and §5.5 argue the scheduler savings qualitatively).\n"
			 "Its events are counted, and priced 0 and marked n/g, until a source or a measurement exists.\n");
	return wg_energy_rows_notes(t, S2_ENERGY_TABLE, "sched2l", b, o, err, n);
}

const wg_energy_rules wg_energy_sched2l = {
	.table = S2_ENERGY_TABLE,
	.tech = "technology",
	.model = sched2l_energy_model,
	.notes = sched2l_energy_notes,
};
