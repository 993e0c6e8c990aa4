/* equalizer_energy.c - the energy rules of Equalizer's per-SM block
 * (equalizer), declared as wg_energy_equalizer, on the Sethia 2015 table
 * (power_tables/sethia2015.tsv, chapter III rows). The thesis gives no pJ:
 * every event and the leakage are n/g, one row each (wg_energy_rows.c). The
 * notes give the relative figures the thesis does give (§3.5.1.2: the
 * statistics and decision energy are "insignificant", a decision once per
 * 4096 cycles) and the V-f rule of the levels the block votes for
 * (vf_manager_energy.c). The composition `equalizer_gpu` is priced by
 * wg_energy.c from this block and vf_manager. Rules: docs/energy-model.md §6. */
#include "equalizer_energy.h"
#include "vf_manager_energy.h"
#include "wg_energy_rules.h"

#define EQ_ENERGY_TABLE "sethia2015.tsv" /* the power table of the Sethia 2015 thesis */

int equalizer_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
			   size_t n)
{
	(void)p; /* no number depends on the size: the thesis gives none */
	return wg_energy_from_rows(m, t, EQ_ENERGY_TABLE, "equalizer", b, err, n);
}

static int equalizer_energy_notes(const wg_ptable *t, const wg_block *b, const long *p, wg_buf *o, char *err,
				  size_t n)
{
	(void)p;
	double stat_bits, ctl_bits, period, epoch, cb, ccb;
	if (wg_ptable_num(t, "equalizer", "storage_stats_bits", &stat_bits, err, n) ||
	    wg_ptable_num(t, "equalizer", "storage_controller_bits", &ctl_bits, err, n) ||
	    wg_ptable_num(t, "equalizer", "sample_period", &period, err, n) ||
	    wg_ptable_num(t, "equalizer", "epoch", &epoch, err, n) ||
	    wg_ptable_num(t, "equalizer", "counter_bits", &cb, err, n) ||
	    wg_ptable_num(t, "equalizer", "cycle_counter_bits", &ccb, err, n))
		return -1;
	wg_buf_printf(o,
		      "Equalizer's energy is NOT GIVEN in pJ by the Sethia 2015 thesis (chapter III): §3.5.1.2 only argues\n"
		      "that it is 'insignificant as compared to SM power consumption'. Relative figures it gives: the\n"
		      "statistics are 4 x %g-bit counters + 1 x %g-bit cycle counter = %g bits per SM, sampled once\n"
		      "per %g cycles; the decision logic is active once per %g-cycle epoch, so its energy is\n"
		      "'insignificant'. The block's CTA controller adds %g bits the thesis does not count (assumed\n"
		      "row). Every event is counted, priced 0 and marked n/g; leakage n/g (chip leakage only).\n",
		      cb, ccb, stat_bits, period, epoch, ctl_bits);
	if (vf_manager_energy_levels(t, o, err, n))
		return -1;
	return wg_energy_rows_notes(t, EQ_ENERGY_TABLE, "equalizer", b, o, err, n);
}

const wg_energy_rules wg_energy_equalizer = {
	.table = EQ_ENERGY_TABLE,
	.tech = "technology",
	.model = equalizer_energy_model,
	.notes = equalizer_energy_notes,
};
