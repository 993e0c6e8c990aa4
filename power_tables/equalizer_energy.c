/* equalizer_energy.c - the energy rules of Equalizer's blocks, the per-SM
 * `equalizer` and the frequency manager `vf_manager`, on the Sethia 2015
 * table (power_tables/sethia2015.tsv, chapter III rows). The thesis gives no
 * pJ: every event and both leakages are n/g, one row each (wg_energy_rows.c).
 * The notes give the relative figures the thesis does give (§3.5.1.2: the
 * statistics and decision energy are "insignificant", a decision once per
 * 4096 cycles) and the V-f rule (±15 %, dynamic ∝ V²) a user applies to the
 * SM's and the memory system's own energy. The composition `equalizer_gpu`
 * is priced by wg_energy.c from these two. Rules: docs/energy-model.md §6. */
#include <stdio.h>
#include <string.h>

#include "wg_energy_blocks.h"

int equalizer_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
			   size_t n)
{
	(void)p; /* no number depends on the size: the thesis gives none */
	return wg_energy_from_rows(m, t, MS_ENERGY_TABLE, "equalizer", b, err, n);
}

int vf_manager_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
			    size_t n)
{
	(void)p;
	return wg_energy_from_rows(m, t, MS_ENERGY_TABLE, "vf_manager", b, err, n);
}

/* The V-f rule shared by both blocks' notes. */
static int vf_notes(const wg_ptable *t, wg_buf *o, char *err, size_t n)
{
	double step, hi, lo, leak, sm_lat, mem_lat, models, base_leak;
	if (wg_ptable_num(t, "vf", "voltage_step", &step, err, n) ||
	    wg_ptable_num(t, "vf", "dynamic_energy_factor_high", &hi, err, n) ||
	    wg_ptable_num(t, "vf", "dynamic_energy_factor_low", &lo, err, n) ||
	    wg_ptable_num(t, "vf", "leakage_power_factor", &leak, err, n) ||
	    wg_ptable_num(t, "vf", "sm_transition_latency", &sm_lat, err, n) ||
	    wg_ptable_num(t, "vf", "mem_transition_latency", &mem_lat, err, n) ||
	    wg_ptable_num(t, "vf", "power_models", &models, err, n) ||
	    wg_ptable_num(t, "gpu", "leakage_baseline", &base_leak, err, n))
		return -1;
	wg_buf_printf(o,
		      "V-f levels (§3.4.3, §3.5.1.1): low / normal / high = -/+%g %% frequency with the same voltage change\n"
		      "(linear V-f); %g power models, at most one domain off nominal. To price a run at a level,\n"
		      "scale your own SM or memory-system DYNAMIC energy per event by (V/V0)^2: %g at high,\n"
		      "%g at low (rows vf dynamic_energy_factor_*, derived); keep LEAKAGE POWER x %g (assumed,\n"
		      "§3.5.2: leakage 'does not increase with SM VF level'), so leakage energy = P_leak x runtime\n"
		      "(chip baseline %g W, GPUWattch).\n"
		      "Transitions: SM %g cycles (stated), memory %g cycles (assumed); no transition energy given.\n",
		      step * 100, models, hi, lo, leak, base_leak, sm_lat, mem_lat);
	return 0;
}

int equalizer_energy_notes(const wg_ptable *t, const long *p, wg_buf *o, char *err, size_t n)
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
	if (vf_notes(t, o, err, n))
		return -1;
	const wg_block *b = wg_block_find("equalizer");
	if (!b) {
		snprintf(err, n, "equalizer: block not registered");
		return -1;
	}
	return wg_energy_rows_notes(t, MS_ENERGY_TABLE, "equalizer", b, o, err, n);
}

int vf_manager_energy_notes(const wg_ptable *t, const long *p, wg_buf *o, char *err, size_t n)
{
	(void)p;
	double epoch;
	if (wg_ptable_num(t, "equalizer", "epoch", &epoch, err, n))
		return -1;
	wg_buf_printf(o,
		      "the frequency manager's energy is NOT GIVEN in pJ by the Sethia 2015 thesis (chapter III): it\n"
		      "gives no energy for the majority vote (once per %g-cycle epoch) or for a regulator transition.\n"
		      "Its events are counted, priced 0 and marked n/g; leakage n/g. What the thesis does give is the\n"
		      "effect of the levels it sets on the rest of the GPU:\n",
		      epoch);
	if (vf_notes(t, o, err, n))
		return -1;
	const wg_block *b = wg_block_find("vf_manager");
	if (!b) {
		snprintf(err, n, "vf_manager: block not registered");
		return -1;
	}
	return wg_energy_rows_notes(t, MS_ENERGY_TABLE, "vf_manager", b, o, err, n);
}
