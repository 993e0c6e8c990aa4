/* reexec_q_energy.c - the energy rules of Mascar's re-execution queue
 * (reexec_q), declared as wg_energy_reexec_q, on the Sethia 2015 table
 * (power_tables/sethia2015.tsv, chapter IV rows). The thesis gives no
 * absolute energy: every event is n/g, and its basis gives its relative
 * cost, accesses x 0.03 L1 accesses (§4.4.2). The composition `mascar` is
 * priced by wg_energy.c from this block and wrc. Rules: docs/energy-model.md §5. */
#include <stdio.h>
#include <string.h>

#include "reexec_q_energy.h"
#include "wg_energy_rules.h"

#define RQ_ENERGY_TABLE "sethia2015.tsv" /* the power table of the Sethia 2015 thesis */

/* The rows every queue event reads, found once. */
typedef struct rq_erows {
	const wg_prow *ratio; /* reexec_q access_energy_vs_l1 (stated 0.03) */
	const wg_prow *l1;    /* l1 access_energy (not-given as shipped) */
	const wg_prow *clk;   /* technology clock (assumed) */
} rq_erows;

static int rq_rows(const wg_ptable *t, rq_erows *r, char *err, size_t n)
{
	if (!(r->ratio = wg_ptable_need(t, "reexec_q", "access_energy_vs_l1", err, n)) ||
	    !(r->l1 = wg_ptable_need(t, "l1", "access_energy", err, n)) ||
	    !(r->clk = wg_ptable_need(t, "technology", "clock", err, n)))
		return -1;
	if (r->ratio->kind == WG_KIND_NOT_GIVEN || r->ratio->value <= 0 || r->clk->value <= 0) {
		snprintf(err, n, "%s:%d: reexec_q access_energy_vs_l1 must be a positive number (and technology clock > 0)",
			 t->path, r->ratio->line);
		return -1;
	}
	if (r->l1->kind != WG_KIND_NOT_GIVEN && r->l1->value <= 0) {
		snprintf(err, n, "%s:%d: l1 access_energy must be positive or not-given", t->path, r->l1->line);
		return -1;
	}
	return 0;
}

/* Row (reexec_q, <event>_queue_accesses): a whole number >= 0. */
static const wg_prow *rq_accesses_row(const wg_ptable *t, const char *event, char *err, size_t n)
{
	char q[96];
	snprintf(q, sizeof q, "%s_queue_accesses", event);
	const wg_prow *a = wg_ptable_need(t, "reexec_q", q, err, n);
	if (a && (a->kind == WG_KIND_NOT_GIVEN || a->value < 0 || a->value != (double)(long)a->value)) {
		snprintf(err, n, "%s:%d: reexec_q %s must be a whole number >= 0", t->path, a->line, q);
		return NULL;
	}
	return a;
}

int rq_energy_l1_units(const wg_ptable *t, const char *event, double *units, char *err, size_t n)
{
	rq_erows r;
	const wg_prow *a;
	if (rq_rows(t, &r, err, n) || !(a = rq_accesses_row(t, event, err, n)))
		return -1;
	*units = a->value * r.ratio->value;
	return 0;
}

int reexec_q_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
			  size_t n)
{
	(void)p; /* the thesis gives one relative number, for its 32 x 301-bit queue; no size rule */
	rq_erows r;
	if (rq_rows(t, &r, err, n))
		return -1;
	for (int e = 0; e < b->nevents; e++) {
		const char *name = b->events[e].name;
		char q[96];
		snprintf(q, sizeof q, "%s_energy", name);
		const wg_prow *row = wg_ptable_need(t, "reexec_q", q, err, n);
		const wg_prow *a = row ? rq_accesses_row(t, name, err, n) : NULL;
		if (!a)
			return -1;
		double units = a->value * r.ratio->value;
		if (row->kind != WG_KIND_NOT_GIVEN) { /* a number of one's own for the event wins */
			m->pj[e] = row->value;
			snprintf(m->basis[e], sizeof m->basis[e], "%g %s, %s (%s:%d, %s)", row->value, row->unit,
				 wg_kind_name(row->kind), RQ_ENERGY_TABLE, row->line, row->source);
		} else if (a->value == 0) {
			m->not_given[e] = 1;
			snprintf(m->basis[e], sizeof m->basis[e], "not given by the thesis (%s:%d, %s): %s; 0 queue accesses (:%d)",
				 RQ_ENERGY_TABLE, row->line, row->source, row->derivation, a->line);
		} else if (r.l1->kind != WG_KIND_NOT_GIVEN) {
			m->pj[e] = units * r.l1->value;
			snprintf(m->basis[e], sizeof m->basis[e],
				 "%g queue access x %g x E_L1 %g pJ (%s l1 access_energy, %s:%d; ratio stated, Sethia §4.4.2)",
				 a->value, r.ratio->value, r.l1->value, wg_kind_name(r.l1->kind), RQ_ENERGY_TABLE,
				 r.l1->line);
		} else {
			m->not_given[e] = 1;
			snprintf(m->basis[e], sizeof m->basis[e],
				 "not given in pJ (%s:%d): %g queue access = %g L1 accesses (E_q = %g x E_L1, stated, "
				 "Sethia §4.4.2, :%d); E_L1 not given (:%d)",
				 RQ_ENERGY_TABLE, row->line, a->value, units, r.ratio->value, r.ratio->line, r.l1->line);
		}
	}
	const wg_prow *l = wg_ptable_need(t, "reexec_q", "leakage", err, n);
	if (!l)
		return -1;
	m->leak_mw = l->kind == WG_KIND_NOT_GIVEN ? 0 : l->value;
	m->leak_not_given = l->kind == WG_KIND_NOT_GIVEN;
	if (m->leak_not_given)
		snprintf(m->leak_basis, sizeof m->leak_basis, "not given by the thesis (%s:%d, %s)", RQ_ENERGY_TABLE,
			 l->line, l->source);
	else
		snprintf(m->leak_basis, sizeof m->leak_basis, "%g mW, %s (%s:%d)", l->value, wg_kind_name(l->kind),
			 RQ_ENERGY_TABLE, l->line);
	m->clock_ghz = r.clk->value;
	return 0;
}

static int reexec_q_energy_notes(const wg_ptable *t, const wg_block *b, const long *p, wg_buf *o, char *err,
				 size_t n)
{
	(void)p;
	rq_erows r;
	if (rq_rows(t, &r, err, n))
		return -1;
	const wg_prow *st = wg_ptable_need(t, "reexec_q", "storage", err, n);
	const wg_prow *sz = wg_ptable_need(t, "reexec_q", "size_vs_l1", err, n);
	if (!st || !sz)
		return -1;
	wg_buf_printf(o,
		      "Sethia 2015 thesis §4.4.2 (CACTI 5.3): the %g-byte queue (Tab. 4.2, 32 x 301 bits) is %g %% of the\n"
		      "64 KB L1/shared array, and 'a queue access uses %g %% of the energy of an L1 access'\n"
		      "(%s:%d). No absolute energy, power or area is given anywhere for Mascar (pJ, mW, mm2).\n"
		      "Each event is n/g; its basis gives its cost in L1 accesses: queue accesses x %g\n"
		      "(push, replay, rotate_move: one entry access; pop, rotate_ptr: pointers only).\n"
		      "To price them, give row 'l1 access_energy' a value of your own (kind assumed): E_q = %g x E_L1.\n"
		      "Technology: %g GHz assumed (row technology clock); leakage not given.\n",
		      st->value, sz->value * 100, r.ratio->value * 100, RQ_ENERGY_TABLE, r.ratio->line, r.ratio->value,
		      r.ratio->value, r.clk->value);
	for (int e = 0; e < b->nevents; e++) {
		const wg_prow *a = rq_accesses_row(t, b->events[e].name, err, n);
		if (!a)
			return -1;
		wg_buf_printf(o, "%s: %g queue access%s = %g L1 accesses (%s:%d, %s)\n", b->events[e].name, a->value,
			      a->value == 1 ? "" : "es", a->value * r.ratio->value, RQ_ENERGY_TABLE, a->line, a->derivation);
	}
	return 0;
}

const wg_energy_rules wg_energy_reexec_q = {
	.table = RQ_ENERGY_TABLE,
	.tech = "technology",
	.model = reexec_q_energy_model,
	.notes = reexec_q_energy_notes,
};
