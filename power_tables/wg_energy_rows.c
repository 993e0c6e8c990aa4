/* wg_energy_rows.c - the rules of a block whose energy is one power-table
 * row per event (and one for leakage), with no scaling rule
 * (wg_energy_rules.h); the blocks call them from their own rules. */
#include <stdio.h>
#include <string.h>

#include "wg_energy_rules.h"

static void say(char *buf, size_t n, const wg_prow *r, const char *table)
{
	if (r->kind == WG_KIND_NOT_GIVEN)
		snprintf(buf, n, "not given by the papers (%s:%d, %s): %s", table, r->line, r->source, r->derivation);
	else
		snprintf(buf, n, "%g %s, %s (%s:%d, %s)", r->value, r->unit, wg_kind_name(r->kind), table, r->line,
			 r->source);
}

int wg_energy_from_rows(wg_energy_model *m, const wg_ptable *t, const char *table, const char *structure,
			const wg_block *b, char *err, size_t n)
{
	char q[96];
	for (int e = 0; e < b->nevents; e++) {
		snprintf(q, sizeof q, "%s_energy", b->events[e].name);
		const wg_prow *r = wg_ptable_need(t, structure, q, err, n);
		if (!r)
			return -1;
		m->pj[e] = r->value;
		m->not_given[e] = r->kind == WG_KIND_NOT_GIVEN;
		say(m->basis[e], sizeof m->basis[e], r, table);
	}
	const wg_prow *l = wg_ptable_need(t, structure, "leakage", err, n);
	if (!l)
		return -1;
	m->leak_mw = l->value;
	m->leak_not_given = l->kind == WG_KIND_NOT_GIVEN;
	say(m->leak_basis, sizeof m->leak_basis, l, table);
	const wg_prow *clk = wg_ptable_need(t, "technology", "clock", err, n);
	if (!clk)
		return -1;
	m->clock_ghz = clk->value;
	return 0;
}

int wg_energy_rows_notes(const wg_ptable *t, const char *table, const char *structure, const wg_block *b,
			 wg_buf *o, char *err, size_t n)
{
	wg_energy_model m;
	memset(&m, 0, sizeof m);
	if (wg_energy_from_rows(&m, t, table, structure, b, err, n) != 0)
		return -1;
	for (int e = 0; e < b->nevents; e++)
		wg_buf_printf(o, "%s: %s\n", b->events[e].name, m.basis[e]);
	wg_buf_printf(o, "leakage: %s\n", m.leak_basis);
	return 0;
}
