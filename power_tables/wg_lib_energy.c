/* wg_lib_energy.c - Liberty table look-ups and the activity-based energy sum
 * (docs/energy-model.md section 10). */
#include <math.h>
#include <stdio.h>

#include "wg_liberty.h"

/* Position of x in an increasing index: lower point *k and weight *w of the
 * next one, clamped to the ends. */
static void locate(const double *ix, int n, double x, int *k, double *w)
{
	*k = 0;
	*w = 0;
	if (n <= 1 || !ix || !(x > ix[0]))
		return;
	if (x >= ix[n - 1]) {
		*k = n - 1;
		return;
	}
	int i = 0;
	while (i + 1 < n - 1 && x >= ix[i + 1])
		i++;
	double d = ix[i + 1] - ix[i];
	*k = i;
	*w = d > 0 ? (x - ix[i]) / d : 0;
}

static double axis_value(wg_lib_var v, const double *ix, double slew_ns, double load_pf)
{
	if (v == WG_LIB_VAR_SLEW)
		return slew_ns;
	if (v == WG_LIB_VAR_LOAD)
		return load_pf;
	return ix ? ix[0] : 0;
}

double wg_lib_table_at(const wg_lib_table *t, double slew_ns, double load_pf)
{
	if (!t->values || t->n1 <= 0)
		return 0;
	int k1, k2;
	double w1, w2;
	locate(t->index_1, t->n1, axis_value(t->var1, t->index_1, slew_ns, load_pf), &k1, &w1);
	locate(t->index_2, t->n2, axis_value(t->var2, t->index_2, slew_ns, load_pf), &k2, &w2);
	int n2 = t->n2 > 0 ? t->n2 : 1;
	int k1b = k1 + (w1 > 0), k2b = k2 + (w2 > 0);
	const double *v = t->values;
	double a = v[k1 * n2 + k2] * (1 - w2) + v[k1 * n2 + k2b] * w2;
	double b = v[k1b * n2 + k2] * (1 - w2) + v[k1b * n2 + k2b] * w2;
	return a * (1 - w1) + b * w1;
}

/* Energy of one transition for one internal_power group: the mean of its rise
 * and fall tables (one alone if the other is absent); *ok 0 when it has none. */
static double group_energy(const wg_lib_ipower *ip, double slew_ns, double load_pf, int *ok)
{
	int r = ip->rise.n1 > 0, f = ip->fall.n1 > 0;
	*ok = r || f;
	double er = r ? wg_lib_table_at(&ip->rise, slew_ns, load_pf) : 0;
	double ef = f ? wg_lib_table_at(&ip->fall, slew_ns, load_pf) : 0;
	return r && f ? (er + ef) / 2 : er + ef;
}

double wg_lib_pin_energy(const wg_lib_pin *p, double slew_ns, double load_pf)
{
	double sum = 0;
	int n = 0;
	for (int i = 0; i < p->nipow; i++) {
		int ok;
		double e = group_energy(&p->ipow[i], slew_ns, load_pf, &ok);
		if (ok) {
			sum += e;
			n++;
		}
	}
	return n ? sum / n : 0;
}

double wg_lib_clock_energy(const wg_lib_cell *c, double slew_ns, double vdd)
{
	const wg_lib_pin *ck = wg_lib_clock_pin(c);
	if (!ck)
		return 0;
	/* two edges per cycle: 2 x the mean edge energy = rise + fall */
	return 2 * wg_lib_pin_energy(ck, slew_ns, 0) + ck->cap_pf * vdd * vdd;
}

int wg_lib_activity(const wg_lib *lib, const wg_lib_act *rows, int nrows, const wg_lib_run *run,
                    wg_lib_energy *e, char *err, size_t n)
{
	*e = (wg_lib_energy){0};
	double vdd = run->vdd > 0 ? run->vdd : lib->nom_voltage;
	double slew = run->slew_ns > 0 ? run->slew_ns : WG_LIB_SLEW_NS;
	if (!(vdd > 0)) {
		snprintf(err, n, "%s: no supply voltage (the library has no nom_voltage: give one)", lib->path);
		return -1;
	}
	if (!(run->cycles >= 0) || !(run->period_ns >= 0)) {
		snprintf(err, n, "cycles (%g) and clock period (%g ns) must be >= 0", run->cycles, run->period_ns);
		return -1;
	}
	e->vdd = vdd;
	e->slew_ns = slew;
	e->time_ns = run->cycles * run->period_ns;
	for (int i = 0; i < nrows; i++) {
		const wg_lib_act *r = &rows[i];
		const wg_lib_cell *c = r->cell ? wg_lib_cell_find(lib, r->cell) : NULL;
		if (!c) {
			snprintf(err, n, "activity row %d: unknown cell '%s' in %s", i + 1, r->cell ? r->cell : "(null)",
			         lib->path);
			return -1;
		}
		if (r->instances < 0 || !(r->toggles >= 0)) {
			snprintf(err, n, "activity row %d (cell %s): negative instances or toggles", i + 1, c->name);
			return -1;
		}
		const wg_lib_pin *p = r->pin ? wg_lib_pin_find(c, r->pin) : wg_lib_first_output(c);
		if (r->pin && (!p || (p->dir != WG_LIB_OUT && p->dir != WG_LIB_INOUT))) {
			snprintf(err, n, "activity row %d: pin '%s' of cell %s is not an output", i + 1, r->pin, c->name);
			return -1;
		}
		if (!p && r->toggles > 0) {
			snprintf(err, n, "activity row %d: cell %s has no output pin but %g toggles", i + 1, c->name,
			         r->toggles);
			return -1;
		}
		double load = r->load_pf >= 0 ? r->load_pf : WG_LIB_LOAD_PF;
		if (p && r->toggles > 0) {
			e->internal_pj += r->toggles * wg_lib_pin_energy(p, slew, load);
			e->switching_pj += r->toggles * 0.5 * load * vdd * vdd;
		}
		e->instances += r->instances;
		if (c->seq != WG_LIB_COMB)
			e->flops += r->instances;
		if (r->clock_given && !(r->clock_cycles >= 0)) {
			snprintf(err, n, "activity row %d (cell %s): negative clock cycles", i + 1, c->name);
			return -1;
		}
		if (r->clock_given || c->seq != WG_LIB_COMB)
			e->clock_pj += (double)r->instances * (r->clock_given ? r->clock_cycles : run->cycles) *
				       wg_lib_clock_energy(c, slew, vdd);
		/* nW x ns = 1e-18 J = 1e-6 pJ */
		e->leakage_pj += (double)r->instances * c->leakage_nw * e->time_ns * 1e-6;
	}
	e->total_pj = e->internal_pj + e->switching_pj + e->clock_pj + e->leakage_pj;
	return 0;
}
