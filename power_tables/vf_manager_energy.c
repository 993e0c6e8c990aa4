/* vf_manager_energy.c - the energy rules of Equalizer's frequency manager
 * (vf_manager), declared as wg_energy_vf_manager, on the Sethia 2015 table
 * (power_tables/sethia2015.tsv, chapter III rows): one row per event,
 * "vf_manager <event>_energy", and "vf_manager leakage" (wg_energy_rows.c),
 * all not-given. The notes give the V-f rule (±15 %, dynamic ∝ V²) a user
 * applies to the SM's and the memory system's own energy; the per-SM
 * equalizer's notes print it too (vf_manager_energy.h). The composition
 * `equalizer_gpu` is priced by wg_energy.c from this block and equalizer.
 * Rules: docs/energy-model.md §6. */
#include "vf_manager_energy.h"
#include "wg_energy_rules.h"

#define VFM_ENERGY_TABLE "sethia2015.tsv" /* the power table of the Sethia 2015 thesis */

int vf_manager_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
			    size_t n)
{
	(void)p; /* no number depends on the size: the thesis gives none */
	return wg_energy_from_rows(m, t, VFM_ENERGY_TABLE, "vf_manager", b, err, n);
}

int vf_manager_energy_levels(const wg_ptable *t, wg_buf *o, char *err, size_t n)
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

static int vf_manager_energy_notes(const wg_ptable *t, const wg_block *b, const long *p, wg_buf *o, char *err,
				   size_t n)
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
	if (vf_manager_energy_levels(t, o, err, n))
		return -1;
	return wg_energy_rows_notes(t, VFM_ENERGY_TABLE, "vf_manager", b, o, err, n);
}

const wg_energy_rules wg_energy_vf_manager = {
	.table = VFM_ENERGY_TABLE,
	.tech = "technology",
	.model = vf_manager_energy_model,
	.notes = vf_manager_energy_notes,
};
