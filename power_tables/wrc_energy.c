/* wrc_energy.c - the energy rules of Mascar's warp readiness checker (wrc),
 * declared as wg_energy_wrc, on the Sethia 2015 table
 * (power_tables/sethia2015.tsv, chapter IV rows): one row per event, "wrc
 * <event>_energy", and "wrc leakage" (wg_energy_rows.c), all not-given. The
 * composition `mascar` is priced by wg_energy.c from this block and reexec_q.
 * Rules: docs/energy-model.md §5. */
#include "wrc_energy.h"
#include "wg_energy_rules.h"

#define WRC_ENERGY_TABLE "sethia2015.tsv" /* the power table of the Sethia 2015 thesis */

int wrc_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err, size_t n)
{
	(void)p; /* no number depends on the size: the thesis gives none */
	return wg_energy_from_rows(m, t, WRC_ENERGY_TABLE, "wrc", b, err, n);
}

static int wrc_energy_notes(const wg_ptable *t, const wg_block *b, const long *p, wg_buf *o, char *err, size_t n)
{
	(void)p;
	wg_buf_printf(o, "the warp readiness checker's energy is not given by the Sethia 2015 thesis: Tab. 4.2 lists the\n"
			 "WRC (6-bit owner id, 1 byte) and the WST (48 x 2 bits, 12 bytes) as storage only, and §4.4.2-§4.4.3\n"
			 "give no energy for them. Its events are counted, priced 0 and marked n/g.\n");
	return wg_energy_rows_notes(t, WRC_ENERGY_TABLE, "wrc", b, o, err, n);
}

const wg_energy_rules wg_energy_wrc = {
	.table = WRC_ENERGY_TABLE,
	.tech = "technology",
	.model = wrc_energy_model,
	.notes = wrc_energy_notes,
};
