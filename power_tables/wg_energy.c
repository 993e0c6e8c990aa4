/* wg_energy.c - the generic part of the energy model: per-block dispatch and
 * the run total (Σ events x energy per event + leakage x time). */
#include <stdio.h>
#include <string.h>

#include "wg_energy.h"
#include "wg_energy_blocks.h"
#include "wg_ptable.h"

typedef struct wg_energy_rules {
	const char *block;   /* block name */
	const char *table;   /* power table under power_tables/ */
	int (*model)(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err, size_t n);
	int (*notes)(const wg_ptable *t, const long *p, wg_buf *o, char *err, size_t n);
} wg_energy_rules;

static const wg_energy_rules rules[] = {
	{"rfc", RFC_ENERGY_TABLE, rfc_energy_model, rfc_energy_notes},
};

static const wg_energy_rules *find_rules(const wg_block *b, char *err, size_t n)
{
	for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
		if (strcmp(rules[i].block, b->name) == 0)
			return &rules[i];
	snprintf(err, n, "%s: no energy model yet (power_tables/ has no rules for this block)", b->name);
	return NULL;
}

const char *wg_energy_table_name(const wg_block *b)
{
	char err[128];
	const wg_energy_rules *r = find_rules(b, err, sizeof err);
	return r ? r->table : NULL;
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
	const wg_energy_rules *r = find_rules(b, err, n);
	wg_ptable t;
	if (!r || load(r, &t, err, n) != 0)
		return -1;
	int rc = r->notes(&t, p, o, err, n);
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
