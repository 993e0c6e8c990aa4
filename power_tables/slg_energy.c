/* slg_energy.c - the energy rules of the sync-aware power-gating controller
 * (slg), declared as wg_energy_slg, on the Jooya DATE'13 table
 * (power_tables/jooya2013.tsv). docs/slg.md "Energy".
 *
 * The controller's own power is negligible (P2 §III-A, row slg_ctrl
 * power_overhead): its control events cost 0; the wake-up energy is not given
 * (B13: 0). What the block changes is the leakage of the register file it
 * gates, so that is what it is priced as:
 *   leakage        = the whole register file at ACTIVE (row rf leakage, assumed);
 *   slg1, slg2     = per region-cycle in that mode, the leakage it saves,
 *                    -(1 - fraction(mode)) x rf leakage / WARPS / clock
 *                    (fractions from the power-mode library, wg_pmode.h).
 * So a run's energy is the register file's leakage energy under gating. */
#include <stdio.h>
#include <string.h>

#include "slg.h"
#include "wg_energy_rules.h"
#include "wg_pmode.h"

#define SLG_ENERGY_TABLE "jooya2013.tsv" /* the power table of Jooya DATE'13 */

/* The rows the rules read, found once. */
typedef struct slg_erows {
	const wg_prow *leak;  /* rf leakage: the gated register file at ACTIVE (assumed) */
	const wg_prow *clk;   /* shader clock (stated, Table I) */
	const wg_prow *ctrl;  /* slg controller_event_energy (derived 0) */
	const wg_prow *wake1; /* rf_slg1 wakeup_energy (not given) */
	const wg_prow *wake2; /* rf_slg2 wakeup_energy (not given) */
} slg_erows;

static int slg_rows(const wg_ptable *t, slg_erows *r, char *err, size_t n)
{
	if (!(r->leak = wg_ptable_need_num(t, "rf", "leakage", err, n)) ||
	    !(r->clk = wg_ptable_need_num(t, "shader", "clock", err, n)) ||
	    !(r->ctrl = wg_ptable_need_num(t, "slg", "controller_event_energy", err, n)) ||
	    !(r->wake1 = wg_ptable_need(t, "rf_slg1", "wakeup_energy", err, n)) ||
	    !(r->wake2 = wg_ptable_need(t, "rf_slg2", "wakeup_energy", err, n)))
		return -1;
	if (r->leak->value < 0 || r->clk->value <= 0 || r->ctrl->value < 0) {
		snprintf(err, n, "%s:%d: rf leakage must be >= 0, shader clock > 0 and slg controller_event_energy >= 0",
			 t->path, r->leak->line);
		return -1;
	}
	return 0;
}

/* A wake-up's row: its number, or 0 marked not given (B13). */
static void slg_wake(wg_energy_model *m, int e, const wg_prow *w)
{
	if (w->kind == WG_KIND_NOT_GIVEN) {
		m->not_given[e] = 1;
		snprintf(m->basis[e], sizeof m->basis[e], "not given (%s:%d, %s): B13, 0", SLG_ENERGY_TABLE, w->line,
			 w->source);
	} else {
		m->pj[e] = w->value;
		snprintf(m->basis[e], sizeof m->basis[e], "%g pJ, %s (%s:%d)", w->value, wg_kind_name(w->kind),
			 SLG_ENERGY_TABLE, w->line);
	}
}

static int slg_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
			    size_t n)
{
	slg_erows r;
	wg_pm_table pm;
	if (slg_rows(t, &r, err, n) || wg_pm_from_table(&pm, t, err, n))
		return -1;
	double region_mw = r.leak->value / (double)p[SLG_P_WARPS];
	for (int e = 0; e < b->nevents; e++) {
		int mode = e == SLG_EV_SLG1 ? WG_PM_SLG1 : e == SLG_EV_SLG2 ? WG_PM_SLG2 : -1;
		if (mode >= 0) {
			double saved = 1.0 - pm.m[mode].leak_frac;
			m->pj[e] = -saved * region_mw / r.clk->value;
			snprintf(m->basis[e], sizeof m->basis[e],
				 "leakage saved per region-cycle: -(1 - %g) x %g mW / %ld regions / %g GHz (%s:%d assumed, "
				 "fraction from rf_%s leakage_fraction)",
				 pm.m[mode].leak_frac, r.leak->value, p[SLG_P_WARPS], r.clk->value, SLG_ENERGY_TABLE,
				 r.leak->line, mode == WG_PM_SLG1 ? "slg1" : "slg2");
		} else if (e == SLG_EV_WAKE1 || e == SLG_EV_WAKE2) {
			slg_wake(m, e, e == SLG_EV_WAKE1 ? r.wake1 : r.wake2);
		} else {
			m->pj[e] = r.ctrl->value;
			snprintf(m->basis[e], sizeof m->basis[e], "%g pJ, %s (%s:%d): the controller's power is negligible",
				 r.ctrl->value, wg_kind_name(r.ctrl->kind), SLG_ENERGY_TABLE, r.ctrl->line);
		}
	}
	m->leak_mw = r.leak->value;
	snprintf(m->leak_basis, sizeof m->leak_basis, "the gated register file at ACTIVE: %g mW, %s (%s:%d)",
		 r.leak->value, wg_kind_name(r.leak->kind), SLG_ENERGY_TABLE, r.leak->line);
	m->clock_ghz = r.clk->value;
	return 0;
}

static int slg_energy_notes(const wg_ptable *t, const wg_block *b, const long *p, wg_buf *o, char *err, size_t n)
{
	(void)b;
	slg_erows r;
	wg_pm_table pm;
	if (slg_rows(t, &r, err, n) || wg_pm_from_table(&pm, t, err, n))
		return -1;
	wg_buf_printf(o,
		      "Jooya DATE'13 gives relative leakage only: SLG1 saves %g %%, SLG2 %g %% of a region's ACTIVE\n"
		      "leakage (§IV-B, from Roy et al.); the controller's power is 'negligible' (§III-A) and no\n"
		      "wake-up energy is given (B13: 0). The block is priced as the register file it gates:\n"
		      "leakage %g mW for the whole %s (%s:%d, assumed: %s),\n"
		      "%ld regions of %g mW; each region-cycle in SLG1 or SLG2 subtracts what it saves, at the\n"
		      "shader clock %g GHz (%s:%d). A run's energy is thus the register file's leakage energy.\n",
		      100 * (1 - pm.m[WG_PM_SLG1].leak_frac), 100 * (1 - pm.m[WG_PM_SLG2].leak_frac), r.leak->value,
		      "register file", SLG_ENERGY_TABLE, r.leak->line, r.leak->derivation, p[SLG_P_WARPS],
		      r.leak->value / (double)p[SLG_P_WARPS], r.clk->value, SLG_ENERGY_TABLE, r.clk->line);
	return 0;
}

const wg_energy_rules wg_energy_slg = {
	.table = SLG_ENERGY_TABLE,
	.tech = "technology",
	.model = slg_energy_model,
	.notes = slg_energy_notes,
};
