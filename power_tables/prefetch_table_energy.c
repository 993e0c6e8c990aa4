/* prefetch_table_energy.c - the energy rules of APOGEE's prefetch table,
 * block `prefetch_table`, declared as wg_energy_prefetch_table, on the
 * Sethia 2015 table (power_tables/sethia2015.tsv, chapter V rows). The thesis gives no pJ:
 * every event and the leakage are n/g, one row each (wg_energy_rows.c). The
 * clock is chapter V's own 1 GHz (row apogee clock, Tab. 5.3(a)), not the
 * shared technology clock of chapters III-IV. The notes give what the thesis
 * does give: the SRAM's source and size (Artisan SRAM Compiler, TSMC 65 nm,
 * 64 x 73 bits; Tab. 5.3's fields 64 x 76), the leakage rule (one third of
 * the SM's power) and the results that bear on energy. Rules:
 * docs/energy-model.md §7. */
#include "prefetch_table_energy.h"
#include "wg_energy_rules.h"

#define PT_ENERGY_TABLE "sethia2015.tsv" /* the power table of the Sethia 2015 thesis */

int prefetch_table_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
				size_t n)
{
	(void)p; /* no number depends on the size: the thesis gives none */
	if (wg_energy_from_rows(m, t, PT_ENERGY_TABLE, "prefetch_table", b, err, n))
		return -1;
	return wg_ptable_num(t, "apogee", "clock", &m->clock_ghz, err, n);
}

static int prefetch_table_energy_notes(const wg_ptable *t, const wg_block *b, const long *p, wg_buf *o, char *err,
				       size_t n)
{
	(void)p;
	double ent, fbits, sbits, tbits, srbits, node, clk, leak, rf0, rf1, rfrm, ppw_simt, ppw_mta, extra, acc, wred,
		ours, total;
	if (wg_ptable_num(t, "apogee", "table_entries", &ent, err, n) ||
	    wg_ptable_num(t, "prefetch_table", "entry_bits_sum", &fbits, err, n) ||
	    wg_ptable_num(t, "prefetch_table", "sram_entry_bits", &sbits, err, n) ||
	    wg_ptable_num(t, "prefetch_table", "storage_thesis_bits", &tbits, err, n) ||
	    wg_ptable_num(t, "prefetch_table", "sram_bits", &srbits, err, n) ||
	    wg_ptable_num(t, "prefetch_table", "storage_ours_bits", &ours, err, n) ||
	    wg_ptable_num(t, "prefetch_table", "storage_total_bits", &total, err, n) ||
	    wg_ptable_num(t, "apogee", "node", &node, err, n) || wg_ptable_num(t, "apogee", "clock", &clk, err, n) ||
	    wg_ptable_num(t, "apogee", "leakage_fraction", &leak, err, n) ||
	    wg_ptable_num(t, "apogee", "rf_regs_baseline", &rf0, err, n) ||
	    wg_ptable_num(t, "apogee", "rf_regs_apogee", &rf1, err, n) ||
	    wg_ptable_num(t, "apogee", "rf_bits_removed", &rfrm, err, n) ||
	    wg_ptable_num(t, "ap_result", "perf_per_watt_vs_simt", &ppw_simt, err, n) ||
	    wg_ptable_num(t, "ap_result", "perf_per_watt_vs_mta", &ppw_mta, err, n) ||
	    wg_ptable_num(t, "ap_result", "extra_memory_requests", &extra, err, n) ||
	    wg_ptable_num(t, "ap_result", "accuracy", &acc, err, n) ||
	    wg_ptable_num(t, "ap_result", "warp_reduction", &wred, err, n))
		return -1;
	wg_buf_printf(o,
		      "APOGEE's energy is NOT GIVEN in pJ by the Sethia 2015 thesis (chapter V): §5.4.3 computes the\n"
		      "prefetcher's dynamic and leakage power with the Artisan SRAM Compiler (TSMC %g nm) and prints no\n"
		      "number. What it gives: the SRAM is %g x %g-bit entries = %g bits (Tab. 5.4); the fields of\n"
		      "Tab. 5.3(b) add up to %g bits, %g x %g = %g bits (the generated table's thesis fields; the thesis\n"
		      "does not say which 3 bits Tab. 5.4 leaves out). Ours on top: %g bits, total %g flip-flops.\n"
		      "SM leakage = %.4g of the SM's power (split by area); the register file shrinks from %g to %g\n"
		      "32-bit registers (%g bits removed vs %g added). Results: perf/W +%g %% vs SIMT_32, +%g %% vs\n"
		      "MTA_32 (%g x fewer warps); %g %% extra memory requests (memory power left out), accuracy %g %%.\n"
		      "Every event is counted, priced 0 and marked n/g; leakage n/g; clock %g GHz (Tab. 5.3(a)).\n",
		      node, ent, sbits, srbits, fbits, ent, fbits, tbits, ours, total, leak, rf0, rf1, rfrm, tbits,
		      ppw_simt * 100, ppw_mta * 100, wred, extra * 100, acc * 100, clk);
	return wg_energy_rows_notes(t, PT_ENERGY_TABLE, "prefetch_table", b, o, err, n);
}

const wg_energy_rules wg_energy_prefetch_table = {
	.table = PT_ENERGY_TABLE,
	.tech = "apogee", /* chapter V: 65 nm, its own clock (rows apogee node, clock) */
	.model = prefetch_table_energy_model,
	.notes = prefetch_table_energy_notes,
};
