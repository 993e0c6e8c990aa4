/* rfc_energy.c - the register file cache's event -> energy rules on the
 * Gebhart ISCA'11 power table (power_tables/gebhart2011.tsv), declared as
 * wg_energy_rfc. Every rule is written down, with its justification, in
 * docs/energy-model.md. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfc.h"
#include "rfc_energy.h"
#include "wg_energy_rules.h"

/* ---- Table 2: e_r(N,A), e_w(N,A) ---- */

typedef struct t2pt {
	long x;          /* N*A: per-lane bank depth in entries */
	double er, ew;   /* read / write pJ per AU */
	int line;        /* line of the read row (for messages) */
} t2pt;

static int cmp_pt(const void *a, const void *b)
{
	long x = ((const t2pt *)a)->x, y = ((const t2pt *)b)->x;
	return (x > y) - (x < y);
}

/* "rfc_N<n>_A<a>" exactly. */
static int t2_key(const char *s, long *N, long *A)
{
	int used = -1;
	if (sscanf(s, "rfc_N%ld_A%ld%n", N, A, &used) != 2 || used < 0 || s[used] != '\0' || *N < 1 || *A < 1)
		return -1;
	return 0;
}

/* The distinct N*A points of Table 2, sorted. Returns the count, or -1. */
static int t2_points(const wg_ptable *t, t2pt *pt, int max, char *err, size_t n)
{
	int np = 0;
	for (int i = 0; i < t->nrows; i++) {
		const wg_prow *r = &t->rows[i];
		long N, A;
		if (strcmp(r->quantity, "read_energy") != 0 || t2_key(r->structure, &N, &A) != 0)
			continue;
		const wg_prow *w = wg_ptable_find(t, r->structure, "write_energy");
		if (!w) {
			snprintf(err, n, "%s:%d: %s has read_energy but no write_energy row", t->path, r->line,
				 r->structure);
			return -1;
		}
		long x = N * A;
		int k;
		for (k = 0; k < np; k++)
			if (pt[k].x == x)
				break;
		if (k < np) {
			/* The model rests on Table 2 depending only on N*A (spec §5.1): check it. */
			if (fabs(pt[k].er - r->value) > 1e-9 || fabs(pt[k].ew - w->value) > 1e-9) {
				snprintf(err, n,
					 "%s:%d: %s differs from line %d at the same N*A=%ld; the interpolation rule "
					 "assumes Table 2 depends only on N*A",
					 t->path, r->line, r->structure, pt[k].line, x);
				return -1;
			}
			continue;
		}
		if (np == max) {
			snprintf(err, n, "%s: more than %d Table 2 points", t->path, max);
			return -1;
		}
		pt[np++] = (t2pt){x, r->value, w->value, r->line};
	}
	if (np == 0) {
		snprintf(err, n, "%s: no Table 2 rows (rfc_N<n>_A<a> read_energy/write_energy)", t->path);
		return -1;
	}
	qsort(pt, (size_t)np, sizeof *pt, cmp_pt);
	return np;
}

static double lerp(long x, const t2pt *a, const t2pt *b, int rd)
{
	double ya = rd ? a->er : a->ew, yb = rd ? b->er : b->ew;
	return ya + (yb - ya) * (double)(x - a->x) / (double)(b->x - a->x);
}

int rfc_table2_energy(const wg_ptable *t, long N, long A, double *e_read, double *e_write, char *basis, size_t bn,
		      char *err, size_t n)
{
	char key[64];
	snprintf(key, sizeof key, "rfc_N%ld_A%ld", N, A);
	const wg_prow *r = wg_ptable_find(t, key, "read_energy"), *w = wg_ptable_find(t, key, "write_energy");
	t2pt pt[64];
	int np = t2_points(t, pt, 64, err, n); /* also checks the table's N*A consistency */
	if (np < 0)
		return -1;
	if (r && w) {
		*e_read = r->value;
		*e_write = w->value;
		snprintf(basis, bn, "Tab2 N=%ld,A=%ld", N, A);
		return 0;
	}
	long x = N * A;
	for (int k = 0; k < np; k++)
		if (pt[k].x == x) {
			*e_read = pt[k].er;
			*e_write = pt[k].ew;
			snprintf(basis, bn, "Tab2 at N*A=%ld", x);
			return 0;
		}
	if (np == 1) {
		*e_read = pt[0].er;
		*e_write = pt[0].ew;
		snprintf(basis, bn, "Tab2 only point N*A=%ld", pt[0].x);
		return 0;
	}
	const t2pt *a, *b;
	int inside = x > pt[0].x && x < pt[np - 1].x;
	if (x < pt[0].x) {
		a = &pt[0];
		b = &pt[1];
	} else if (x > pt[np - 1].x) {
		a = &pt[np - 2];
		b = &pt[np - 1];
	} else {
		int k = 0;
		while (pt[k + 1].x < x)
			k++;
		a = &pt[k];
		b = &pt[k + 1];
	}
	double er = lerp(x, a, b, 1), ew = lerp(x, a, b, 0);
	const t2pt *near = x < pt[0].x ? &pt[0] : &pt[np - 1];
	int clamped = 0;
	if (!inside && er <= 0) {
		er = near->er;
		clamped = 1;
	}
	if (!inside && ew <= 0) {
		ew = near->ew;
		clamped = 1;
	}
	*e_read = er;
	*e_write = ew;
	snprintf(basis, bn, "Tab2 %s N*A=%ld from %ld,%ld%s", inside ? "interp" : "extrap", x, a->x, b->x,
		 clamped ? " (<=0: nearest point)" : "");
	return 0;
}

/* ---- the model ---- */

/* Basis text, cut to the fixed-size field when longer. */
static void setb(char *dst, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void setb(char *dst, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(dst, n, fmt, ap);
	va_end(ap);
}

typedef struct rfc_consts {
	double er, ew;        /* Table 2 pJ/AU at (N, A) */
	char t2basis[64];     /* how e_r/e_w were obtained */
	const wg_prow *mrf_r, *mrf_w, *wire32, *d_mrf, *d_rfc, *tag_scale, *leak, *clock, *rule_w, *rule_wb;
	double au;            /* AU per warp-wide access: LANES*WIDTH/128 */
	double wire_au;       /* pJ per mm per AU */
	long N, A, tag_bits;  /* entries, active warps, tag bits read per lookup */
} rfc_consts;

static int consts(rfc_consts *c, const wg_ptable *t, const long *p, char *err, size_t n)
{
	memset(c, 0, sizeof *c);
	c->N = p[RFC_P_ENTRIES];
	c->A = p[RFC_P_ACTIVE_WARPS];
	if (rfc_table2_energy(t, c->N, c->A, &c->er, &c->ew, c->t2basis, sizeof c->t2basis, err, n) != 0)
		return -1;
	struct {
		const wg_prow **dst;
		const char *s, *q;
	} need[] = {
		{&c->mrf_r, "mrf_bank", "read_energy"},
		{&c->mrf_w, "mrf_bank", "write_energy"},
		{&c->wire32, "wire", "energy_32b"},
		{&c->d_mrf, "mrf", "distance_to_alu"},
		{&c->d_rfc, "rfc", "distance_to_alu"},
		{&c->tag_scale, "rfc_tags", "lookup_energy_scale"},
		{&c->leak, "rfc_bank", "leakage"},
		{&c->clock, "technology", "clock"},
		{&c->rule_w, "wire_rule", "rfc_write_pays_rfc_distance"},
		{&c->rule_wb, "wire_rule", "writeback_pays_mrf_distance"},
	};
	for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
		if (!(*need[i].dst = wg_ptable_need(t, need[i].s, need[i].q, err, n)))
			return -1;
	if (c->clock->value <= 0) {
		snprintf(err, n, "%s:%d: technology clock must be positive", t->path, c->clock->line);
		return -1;
	}
	c->au = (double)(p[RFC_P_LANES] * p[RFC_P_WIDTH]) / 128.0;
	c->wire_au = c->wire32->value * 128.0 / 32.0;
	c->tag_bits = c->N * (p[RFC_P_REG_BITS] + 1);
	return 0;
}

enum { R_TAG, R_MRF_READ, R_AVOIDED, R_RFC_READ, R_RFC_WRITE, R_EVICT, R_FLUSH, R_BYPASS, R_N };
static const char *const rule_events[R_N] = {"tag_lookup", "mrf_read", "mrf_read_avoided", "rfc_read",
					      "rfc_write", "evict_wb", "flush_wb", "bypass_wb"};

static int rfc_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
			    size_t n)
{
	rfc_consts c;
	if (consts(&c, t, p, err, n) != 0)
		return -1;
	double au = c.au, dm = c.d_mrf->value, dr = c.d_rfc->value, wau = c.wire_au;
	double rw = c.rule_w->value != 0 ? 1.0 : 0.0, rwb = c.rule_wb->value != 0 ? 1.0 : 0.0;
	double mr = c.mrf_r->value, mw = c.mrf_w->value;
	/* Without the RFC (spec §5.3, E_base): every source read and every result write
	 * goes to the MRF, over the MRF's wires. */
	double base_rd = au * (mr + dm * wau), base_wr = au * (mw + dm * wau);
	for (int e = 0; e < b->nevents; e++) {
		int k;
		for (k = 0; k < R_N; k++)
			if (strcmp(b->events[e].name, rule_events[k]) == 0)
				break;
		double *pj = &m->pj[e];
		char *bs = m->basis[e];
		size_t bn = sizeof m->basis[e];
		switch (k) {
		case R_TAG:
			*pj = c.tag_scale->value * (double)c.tag_bits * c.er / 128.0;
			setb(bs, bn, "assumed: %ld tag bits x e_r %g/128 pJ/bit (%s) x %g; paper gives no tag energy",
				 c.tag_bits, c.er, c.t2basis, c.tag_scale->value);
			break;
		case R_MRF_READ:
			*pj = au * (mr + dm * wau);
			m->base_pj[e] = base_rd;
			setb(bs, bn, "%g AU x (MRF read %g [Tab3] + %g mm x %g pJ/mm wire [Tab3])", au, mr, dm, wau);
			break;
		case R_AVOIDED:
			*pj = 0;
			m->base_pj[e] = base_rd;
			setb(bs, bn, "0: informational; it saves mrf_read - rfc_read = %.4g pJ",
				 au * (mr + dm * wau) - au * (c.er + dr * wau));
			break;
		case R_RFC_READ:
			*pj = au * (c.er + dr * wau);
			setb(bs, bn, "%g AU x (e_r %g [%s] + %g mm x %g pJ/mm wire [Tab3,Tab5])", au, c.er, c.t2basis, dr,
				 wau);
			break;
		case R_RFC_WRITE:
			*pj = au * (c.ew + rw * dr * wau);
			m->base_pj[e] = base_wr;
			setb(bs, bn, "%g AU x (e_w %g [%s] + %g mm x %g pJ/mm wire [Tab3,Tab5])", au, c.ew, c.t2basis,
				 rw * dr, wau);
			break;
		case R_EVICT:
		case R_FLUSH:
			*pj = au * (c.er + mw + rwb * dm * wau);
			setb(bs, bn, "%g AU x (e_r %g [%s] + MRF write %g [Tab3] + %g mm x %g pJ/mm wire)", au, c.er,
				 c.t2basis, mw, rwb * dm, wau);
			break;
		case R_BYPASS:
			*pj = au * (mw + rwb * dm * wau);
			m->base_pj[e] = base_wr;
			setb(bs, bn, "%g AU x (MRF write %g [Tab3] + %g mm x %g pJ/mm wire [Tab3])", au, mw, rwb * dm,
				 wau);
			break;
		default:
			snprintf(err, n, "rfc: no energy rule for event '%s' (power_tables/rfc_energy.c)", b->events[e].name);
			return -1;
		}
	}
	m->leak_mw = c.leak->value;
	setb(m->leak_basis, sizeof m->leak_basis, "rfc_bank leakage, %s (%s:%d): the paper gives no RFC leakage",
	     wg_kind_name(c.leak->kind), RFC_ENERGY_TABLE, c.leak->line);
	m->clock_ghz = c.clock->value;
	return 0;
}

static const char *row_ref(const wg_prow *r, char *buf, size_t n)
{
	snprintf(buf, n, "%s:%d, %s", RFC_ENERGY_TABLE, r->line, wg_kind_name(r->kind));
	return buf;
}

static int rfc_energy_notes(const wg_ptable *t, const wg_block *b, const long *p, wg_buf *o, char *err, size_t n)
{
	(void)b;
	rfc_consts c;
	if (consts(&c, t, p, err, n) != 0)
		return -1;
	char r1[96], r2[96];
	wg_buf_printf(o, "access unit (AU) = one 128-bit access (Gebhart §4.3: Tables 2 and 3 are per AU)\n");
	wg_buf_printf(o, "warp-wide access = LANES*WIDTH/128 = %ld*%ld/128 = %g AU\n", p[RFC_P_LANES], p[RFC_P_WIDTH],
		      c.au);
	wg_buf_printf(o, "RFC lane bank depth N*A = %ld*%ld = %ld entries: e_r = %g, e_w = %g pJ/AU (%s)\n", c.N, c.A,
		      c.N * c.A, c.er, c.ew, c.t2basis);
	wg_buf_printf(o, "MRF read %g, write %g pJ/AU (%s; %s)\n", c.mrf_r->value, c.mrf_w->value,
		      row_ref(c.mrf_r, r1, sizeof r1), row_ref(c.mrf_w, r2, sizeof r2));
	wg_buf_printf(o, "wire %g pJ/mm per 32 bits = %g pJ/mm per AU (%s)\n", c.wire32->value, c.wire_au,
		      row_ref(c.wire32, r1, sizeof r1));
	wg_buf_printf(o, "distance to the ALUs: MRF %g mm (%s), RFC %g mm (%s)\n", c.d_mrf->value,
		      row_ref(c.d_mrf, r1, sizeof r1), c.d_rfc->value, row_ref(c.d_rfc, r2, sizeof r2));
	wg_buf_printf(o, "wire charging: operand reads pay d_RFC; RFC writes pay %s (%s); MRF reads and write-backs pay %s (%s)\n",
		      c.rule_w->value != 0 ? "d_RFC" : "nothing", row_ref(c.rule_w, r1, sizeof r1),
		      c.rule_wb->value != 0 ? "d_MRF" : "nothing", row_ref(c.rule_wb, r2, sizeof r2));
	const wg_prow *node = wg_ptable_find(t, "technology", "node"), *vdd = wg_ptable_find(t, "technology", "supply_voltage");
	wg_buf_printf(o, "technology: %g nm, %g V, %g GHz (%s)\n", node ? node->value : 0, vdd ? vdd->value : 0,
		      c.clock->value, c.clock->source);
	if (p[RFC_P_READ_PORTS] != 3)
		wg_buf_printf(o,
			      "READ_PORTS=%ld: Table 2 is for 3R/1W banks; per-access energies are used unchanged "
			      "(assumed, docs/energy-model.md)\n",
			      p[RFC_P_READ_PORTS]);
	if (p[RFC_P_WIDTH] != 32)
		wg_buf_printf(o, "WIDTH=%ld: energies scale linearly with the bits moved (assumed; Table 2 has 32-bit entries)\n",
			      p[RFC_P_WIDTH]);
	return 0;
}

const wg_energy_rules wg_energy_rfc = {
	.table = RFC_ENERGY_TABLE,
	.tech = "technology",
	.model = rfc_energy_model,
	.notes = rfc_energy_notes,
};
