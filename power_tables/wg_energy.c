/* wg_energy.c - the generic part of the energy model: a block's own rules
 * (found by wg_energy_rules_find), a composition's instances, and the run
 * total (Σ events x energy per event + leakage x time). */
#include <stdio.h>
#include <string.h>

#include "wg_comp.h"
#include "wg_energy.h"
#include "wg_energy_rules.h"
#include "wg_ptable.h"

static const wg_energy_rules *find_rules(const wg_block *b, char *err, size_t n)
{
	const wg_energy_rules *r = wg_energy_rules_find(b->name);
	if (!r)
		snprintf(err, n, "%s: no energy model yet (power_tables/ has no rules for this block)", b->name);
	return r;
}

/* ---- compositions: the instances' models, events in order ----
 * An instance array's event counts are already summed over its copies, so
 * each event costs one copy's energy; its leakage is one copy's x copies. */

static int comp_energy_model(wg_energy_model *m, const wg_block *b, const long *p, char *err, size_t n)
{
	long cp[WG_MAX_PARAMS];
	char msg[512];
	int e = 0, given = 0;
	double first_ghz = 0; /* the first instance's clock, used when none leaks */
	size_t used = (size_t)snprintf(m->leak_basis, sizeof m->leak_basis, "sum of the instances':");
	for (int k = 0; k < b->comp->ninst; k++) {
		const wg_comp_inst *ci = &b->comp->inst[k];
		wg_energy_model cm;
		int nc = wg_comp_copies(b, k, p);
		if (wg_comp_child_params(b, k, p, cp, err, n))
			return -1;
		if (nc < 1) {
			snprintf(err, n, "%s: instance %s: count %s is not legal", b->name, ci->name, ci->count);
			return -1;
		}
		if (wg_energy_model_init(&cm, ci->block, cp, msg, sizeof msg) != 0) {
			snprintf(err, n, "%s: instance %s: %s", b->name, ci->name, msg);
			return -1;
		}
		if (e + cm.nevents > m->nevents) {
			snprintf(err, n, "%s: the instances have more events than the composition", b->name);
			return -1;
		}
		for (int j = 0; j < cm.nevents; j++, e++) {
			m->pj[e] = cm.pj[j];
			m->base_pj[e] = cm.base_pj[j];
			m->not_given[e] = cm.not_given[j];
			snprintf(m->basis[e], sizeof m->basis[e], "%s: %s", ci->name, cm.basis[j]);
		}
		m->leak_mw += nc * cm.leak_mw;
		given += !cm.leak_not_given;
		if (used < sizeof m->leak_basis && cm.leak_not_given)
			used += (size_t)snprintf(m->leak_basis + used, sizeof m->leak_basis - used, "%s %s n/g",
						 k ? "," : "", ci->name);
		else if (used < sizeof m->leak_basis && ci->count)
			used += (size_t)snprintf(m->leak_basis + used, sizeof m->leak_basis - used, "%s %s %d x %.4g mW",
						 k ? "," : "", ci->name, nc, cm.leak_mw);
		else if (used < sizeof m->leak_basis)
			used += (size_t)snprintf(m->leak_basis + used, sizeof m->leak_basis - used, "%s %s %.4g mW",
						 k ? "," : "", ci->name, cm.leak_mw);
		/* Only leakage is priced per cycle: an instance without leakage (sm_slg's scheduler, whose
		 * table gives none) has no clock to agree on. The composition runs at one clock, its first
		 * leaking instance's; a later instance whose table assumes another clock (hrf_sm's renaming
		 * table, Jeon's 0.8 GHz, beside Xie's 1 GHz) adds its leakage *power*, which does not depend
		 * on the clock, priced per cycle at the composition's clock; the basis says so. */
		int leaks = cm.leak_mw > 0;
		if (leaks && cm.clock_ghz > 0 && m->clock_ghz > 0 && cm.clock_ghz != m->clock_ghz &&
		    used < sizeof m->leak_basis)
			used += (size_t)snprintf(m->leak_basis + used, sizeof m->leak_basis - used,
						 " (%s's table at %g GHz: its leakage power priced at %g GHz)", ci->name,
						 cm.clock_ghz, m->clock_ghz);
		if (leaks && cm.clock_ghz > 0 && m->clock_ghz <= 0)
			m->clock_ghz = cm.clock_ghz;
		if (first_ghz <= 0)
			first_ghz = cm.clock_ghz;
	}
	if (m->clock_ghz <= 0)
		m->clock_ghz = first_ghz; /* no instance leaks: any clock gives the same 0 */
	if (e != m->nevents) {
		snprintf(err, n, "%s: %d events, the instances' energy models give %d", b->name, m->nevents, e);
		return -1;
	}
	m->leak_not_given = given == 0; /* a partial sum is still a sum; none given is n/g */
	if (used < sizeof m->leak_basis)
		snprintf(m->leak_basis + used, sizeof m->leak_basis - used, " (bases: `warpgen energy %s`)", b->name);
	return 0;
}

static int comp_energy_notes(const wg_block *b, const long *p, wg_buf *o, char *err, size_t n)
{
	long cp[WG_MAX_PARAMS];
	char cfg[1024], msg[512];
	wg_buf_printf(o, "%s is a composition: each event's energy is its instance's, the leakage the sum.\n", b->name);
	for (int k = 0; k < b->comp->ninst; k++) {
		const wg_comp_inst *ci = &b->comp->inst[k];
		if (wg_comp_child_params(b, k, p, cp, err, n))
			return -1;
		wg_config_name(ci->block, cp, 0, cfg, sizeof cfg);
		const char *t = wg_energy_table_name(ci->block);
		if (ci->count)
			wg_buf_printf(o, "\n== instance array %s: %s=%d copies of block %s (%s), table power_tables/%s, "
					 "events %s.* (counts summed over the copies, each priced at one copy's energy; "
					 "leakage x %d)\n", ci->name, ci->count, wg_comp_copies(b, k, p), ci->block->name, cfg,
				      t ? t : "(none)", ci->name, wg_comp_copies(b, k, p));
		else
			wg_buf_printf(o, "\n== instance %s: block %s (%s), table power_tables/%s, events %s.*\n", ci->name,
				      ci->block->name, cfg, t ? t : "(none)", ci->name);
		if (wg_energy_notes(ci->block, cp, o, msg, sizeof msg) != 0) {
			snprintf(err, n, "%s: instance %s: %s", b->name, ci->name, msg);
			return -1;
		}
	}
	return 0;
}

/* The one table every instance reads, or a pointer to the instances' notes. */
static const char *comp_table_name(const wg_block *b)
{
	const char *t = NULL;
	for (int k = 0; k < b->comp->ninst; k++) {
		const char *c = wg_energy_table_name(b->comp->inst[k].block);
		if (!c || (t && strcmp(t, c) != 0))
			return "(per instance, below)";
		t = c;
	}
	return t;
}

const char *wg_energy_table_name(const wg_block *b)
{
	if (b->comp)
		return comp_table_name(b);
	char err[128];
	const wg_energy_rules *r = find_rules(b, err, sizeof err);
	return r ? r->table : NULL;
}

const char *wg_energy_tech_rows(const wg_block *b)
{
	char err[200];
	const wg_energy_rules *r = b->comp ? NULL : find_rules(b, err, sizeof err);
	return r ? r->tech : NULL;
}

static int load(const wg_energy_rules *r, wg_ptable *t, char *err, size_t n)
{
	char path[4096];
	wg_ptable_path(r->table, path, sizeof path);
	return wg_ptable_load(t, path, err, n);
}

int wg_energy_model_init(wg_energy_model *m, const wg_block *b, const long *p, char *err, size_t n)
{
	memset(m, 0, sizeof *m);
	m->nevents = b->nevents;
	if (b->comp)
		return comp_energy_model(m, b, p, err, n);
	const wg_energy_rules *r = find_rules(b, err, n);
	wg_ptable t;
	if (!r || load(r, &t, err, n) != 0)
		return -1;
	int rc = r->model(m, &t, b, p, err, n);
	wg_ptable_free(&t);
	return rc;
}

int wg_energy_notes(const wg_block *b, const long *p, wg_buf *o, char *err, size_t n)
{
	if (b->comp)
		return comp_energy_notes(b, p, o, err, n);
	const wg_energy_rules *r = find_rules(b, err, n);
	wg_ptable t;
	if (!r || load(r, &t, err, n) != 0)
		return -1;
	int rc = r->notes(&t, b, p, o, err, n);
	wg_ptable_free(&t);
	return rc;
}

double wg_energy_total(const wg_energy_model *m, const uint64_t *counts, uint64_t cycles, double *per_event)
{
	double sum = 0;
	for (int e = 0; e < m->nevents; e++) {
		double pj = (double)counts[e] * m->pj[e];
		if (per_event)
			per_event[e] = pj;
		sum += pj;
	}
	/* mW x ns = pJ; one cycle lasts 1/clock_ghz ns. */
	if (m->clock_ghz > 0)
		sum += m->leak_mw * (double)cycles / m->clock_ghz;
	return sum;
}

double wg_energy_baseline(const wg_energy_model *m, const uint64_t *counts)
{
	double e = 0;
	for (int i = 0; i < m->nevents; i++)
		e += (double)counts[i] * m->base_pj[i];
	return e;
}
