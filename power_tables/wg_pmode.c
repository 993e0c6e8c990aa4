/* wg_pmode.c - power modes, wake-up latencies and leakage by mode
 * (wg_pmode.h; docs/power-modes.md). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "wg_pmode.h"

#define WG_PM_G_MAX 100         /* legal GATED wake-up latency 0..100 cycles (assumed bound) */
#define WG_PM_G_DEFAULT 1       /* Jeon'14 §8.3: one-cycle wake-up of a shut-down register */

static const char *const pm_names[WG_PM_NMODES] = {"ACTIVE", "SLG1", "SLG2", "GATED"};
static const char *const pm_rows[WG_PM_NMODES] = {"rf_active", "rf_slg1", "rf_slg2", "rf_gated"};

const char *wg_pm_name(int mode) { return mode >= 0 && mode < WG_PM_NMODES ? pm_names[mode] : NULL; }

/* A row holding a whole number in [lo, hi]. */
static int row_int(const wg_ptable *t, const wg_prow *r, int lo, int hi, int *out, char *err, size_t n)
{
	if (r->value != floor(r->value) || r->value < lo || r->value > hi) {
		snprintf(err, n, "%s:%d: %s %s = %g must be a whole number of cycles in [%d, %d]", t->path, r->line,
			 r->structure, r->quantity, r->value, lo, hi);
		return -1;
	}
	*out = (int)r->value;
	return 0;
}

/* The min/max rows of one mode's latency and the latency itself. */
static int wake_rows(const wg_ptable *t, const char *s, int *lo, int *hi, int *val, char *err, size_t n)
{
	const wg_prow *rmin = wg_ptable_need_num(t, s, "wakeup_cycles_min", err, n);
	const wg_prow *rmax = rmin ? wg_ptable_need_num(t, s, "wakeup_cycles_max", err, n) : NULL;
	if (!rmax || row_int(t, rmin, 0, 1000000, lo, err, n) || row_int(t, rmax, *lo, 1000000, hi, err, n))
		return -1;
	const wg_prow *r = wg_ptable_need_num(t, s, "wakeup_cycles", err, n);
	return r ? row_int(t, r, *lo, *hi, val, err, n) : -1;
}

int wg_pm_from_table(wg_pm_table *pm, const wg_ptable *t, char *err, size_t n)
{
	wg_pm_table p;
	memset(&p, 0, sizeof p);
	snprintf(p.path, sizeof p.path, "%s", t->path);
	const wg_prow *fr[WG_PM_NMODES];
	for (int m = 0; m < WG_PM_NMODES; m++) {
		fr[m] = wg_ptable_need_num(t, pm_rows[m], "leakage_fraction", err, n);
		if (!fr[m])
			return -1;
		if (!(fr[m]->value >= 0 && fr[m]->value <= 1)) {
			snprintf(err, n, "%s:%d: %s leakage_fraction = %g is outside [0, 1]", t->path, fr[m]->line,
				 pm_rows[m], fr[m]->value);
			return -1;
		}
		p.m[m].leak_frac = fr[m]->value;
		p.m[m].used = 1;
		p.m[m].retains = m != WG_PM_GATED;
	}
	if (p.m[WG_PM_ACTIVE].leak_frac != 1) {
		snprintf(err, n, "%s:%d: rf_active leakage_fraction = %g must be 1 (the reference)", t->path,
			 fr[WG_PM_ACTIVE]->line, p.m[WG_PM_ACTIVE].leak_frac);
		return -1;
	}
	for (int m = WG_PM_SLG2; m <= WG_PM_GATED; m++)
		if (p.m[m].leak_frac > p.m[m - 1].leak_frac) {
			snprintf(err, n, "%s:%d: %s leakage_fraction = %g exceeds %s's %g (a deeper mode leaks no more)",
				 t->path, fr[m]->line, pm_rows[m], p.m[m].leak_frac, pm_rows[m - 1],
				 p.m[m - 1].leak_frac);
			return -1;
		}
	if (wake_rows(t, "rf_slg1", &p.x_min, &p.x_max, &p.m[WG_PM_SLG1].wake_cycles, err, n) ||
	    wake_rows(t, "rf_slg2", &p.y_min, &p.y_max, &p.m[WG_PM_SLG2].wake_cycles, err, n))
		return -1;
	if (p.m[WG_PM_SLG2].wake_cycles <= p.m[WG_PM_SLG1].wake_cycles) {
		const wg_prow *r = wg_ptable_find(t, "rf_slg2", "wakeup_cycles");
		snprintf(err, n, "%s:%d: rf_slg2 wakeup_cycles = %d must exceed rf_slg1 wakeup_cycles = %d (y > x)",
			 t->path, r->line, p.m[WG_PM_SLG2].wake_cycles, p.m[WG_PM_SLG1].wake_cycles);
		return -1;
	}
	/* optional rows: retains_data (a flag that must match the mode: SLG keeps, GATED loses), and the
	 * derived SLG2 -> SLG1 latency, which must be y - x */
	for (int m = 0; m < WG_PM_NMODES; m++) {
		const wg_prow *rd = wg_ptable_find(t, pm_rows[m], "retains_data");
		if (rd && rd->kind != WG_KIND_NOT_GIVEN && rd->value != p.m[m].retains) {
			snprintf(err, n, "%s:%d: %s retains_data = %g, but %s %s its data", t->path, rd->line, pm_rows[m],
				 rd->value, pm_names[m], p.m[m].retains ? "keeps" : "loses");
			return -1;
		}
	}
	const wg_prow *s21 = wg_ptable_find(t, "rf_slg2", "to_slg1_cycles");
	int yx = p.m[WG_PM_SLG2].wake_cycles - p.m[WG_PM_SLG1].wake_cycles;
	if (s21 && s21->kind != WG_KIND_NOT_GIVEN && s21->value != yx) {
		snprintf(err, n, "%s:%d: rf_slg2 to_slg1_cycles = %g, but wakeup_cycles give y - x = %d", t->path,
			 s21->line, s21->value, yx);
		return -1;
	}
	p.g_max = WG_PM_G_MAX;
	p.m[WG_PM_GATED].wake_cycles = WG_PM_G_DEFAULT;
	const wg_prow *g = wg_ptable_find(t, "rf_gated", "wakeup_cycles");
	if (g && g->kind != WG_KIND_NOT_GIVEN && row_int(t, g, 0, WG_PM_G_MAX, &p.m[WG_PM_GATED].wake_cycles, err, n))
		return -1;
	for (int m = WG_PM_SLG1; m < WG_PM_NMODES; m++) {
		const wg_prow *e = m == WG_PM_GATED ? wg_ptable_find(t, pm_rows[m], "wakeup_energy")
						    : wg_ptable_need(t, pm_rows[m], "wakeup_energy", err, n);
		if (!e && m != WG_PM_GATED)
			return -1;
		if (!e || e->kind == WG_KIND_NOT_GIVEN)
			continue; /* B13: not given -> 0, flagged */
		if (!(e->value >= 0)) {
			snprintf(err, n, "%s:%d: %s wakeup_energy = %g must be >= 0", t->path, e->line, pm_rows[m],
				 e->value);
			return -1;
		}
		p.m[m].wake_pj = e->value;
		p.m[m].wake_pj_given = 1;
	}
	if (wg_pm_validate(&p, err, n))
		return -1;
	*pm = p;
	return 0;
}

int wg_pm_load(wg_pm_table *pm, char *err, size_t n)
{
	char path[4096];
	wg_ptable t;
	wg_ptable_path(WG_PM_TABLE, path, sizeof path);
	if (wg_ptable_load(&t, path, err, n))
		return -1;
	int rc = wg_pm_from_table(pm, &t, err, n);
	wg_ptable_free(&t);
	return rc;
}

int wg_pm_two_level(wg_pm_table *pm, const char *source, double gated_frac, int gated_wake, char *err, size_t n)
{
	wg_pm_table p;
	memset(&p, 0, sizeof p);
	snprintf(p.path, sizeof p.path, "%s", source);
	p.m[WG_PM_ACTIVE].used = p.m[WG_PM_GATED].used = 1;
	p.m[WG_PM_ACTIVE].retains = 1;
	p.m[WG_PM_ACTIVE].leak_frac = 1;
	/* the retentive modes are absent: they keep ACTIVE's numbers so the ordering rules hold */
	p.m[WG_PM_SLG1].leak_frac = p.m[WG_PM_SLG2].leak_frac = 1;
	p.m[WG_PM_SLG1].retains = p.m[WG_PM_SLG2].retains = 1;
	p.m[WG_PM_GATED].leak_frac = gated_frac;
	p.m[WG_PM_GATED].wake_cycles = gated_wake;
	p.g_max = WG_PM_G_MAX;
	if (wg_pm_validate(&p, err, n))
		return -1;
	*pm = p;
	return 0;
}

int wg_pm_validate(const wg_pm_table *pm, char *err, size_t n)
{
	for (int m = 0; m < WG_PM_NMODES; m++) {
		if (!(pm->m[m].leak_frac >= 0 && pm->m[m].leak_frac <= 1)) {
			snprintf(err, n, "%s: %s leakage fraction %g is outside [0, 1]", pm->path, pm_names[m],
				 pm->m[m].leak_frac);
			return -1;
		}
		if (!(pm->m[m].wake_pj >= 0)) {
			snprintf(err, n, "%s: %s wake-up energy %g pJ must be >= 0", pm->path, pm_names[m], pm->m[m].wake_pj);
			return -1;
		}
	}
	if (pm->m[WG_PM_ACTIVE].leak_frac != 1 || pm->m[WG_PM_ACTIVE].wake_cycles != 0) {
		snprintf(err, n, "%s: ACTIVE must have leakage fraction 1 and wake-up latency 0", pm->path);
		return -1;
	}
	int x = pm->m[WG_PM_SLG1].wake_cycles, y = pm->m[WG_PM_SLG2].wake_cycles, g = pm->m[WG_PM_GATED].wake_cycles;
	int s1 = pm->m[WG_PM_SLG1].used, s2 = pm->m[WG_PM_SLG2].used;
	if (s1 && (x < pm->x_min || x > pm->x_max)) {
		snprintf(err, n, "%s: SLG1 wake-up latency x = %d is out of range (legal range %d..%d)", pm->path, x,
			 pm->x_min, pm->x_max);
		return -1;
	}
	if (s2 && (y < pm->y_min || y > pm->y_max)) {
		snprintf(err, n, "%s: SLG2 wake-up latency y = %d is out of range (legal range %d..%d)", pm->path, y,
			 pm->y_min, pm->y_max);
		return -1;
	}
	if (s1 && s2 && y <= x) {
		snprintf(err, n, "%s: SLG2 wake-up latency y = %d must exceed SLG1's x = %d", pm->path, y, x);
		return -1;
	}
	if (g < 0 || g > pm->g_max) {
		snprintf(err, n, "%s: GATED wake-up latency g = %d is out of range (legal range 0..%d)", pm->path, g,
			 pm->g_max);
		return -1;
	}
	return 0;
}

int wg_pm_set_wake(wg_pm_table *pm, int x, int y, int g, char *err, size_t n)
{
	wg_pm_table p = *pm;
	p.m[WG_PM_SLG1].wake_cycles = x;
	p.m[WG_PM_SLG2].wake_cycles = y;
	p.m[WG_PM_GATED].wake_cycles = g;
	if (wg_pm_validate(&p, err, n))
		return -1;
	*pm = p;
	return 0;
}

int wg_pm_latency(const wg_pm_table *pm, int from, int to)
{
	if (from < 0 || from >= WG_PM_NMODES || to < 0 || to >= WG_PM_NMODES)
		return -1;
	if (to >= from)
		return 0; /* entry into a deeper mode: immediate (B6) */
	if (from == WG_PM_GATED)
		return pm->m[WG_PM_GATED].wake_cycles;
	/* retentive chain SLG2 -(y-x)-> SLG1 -(x)-> ACTIVE */
	return pm->m[from].wake_cycles - pm->m[to].wake_cycles;
}

int wg_pm_penalty(int wake_cycles, int z) { return wake_cycles > z ? wake_cycles - z : 0; }

int wg_pm_acc_init(wg_pm_acc *a, const wg_pm_table *pm, int ndom, double leak_mw, double clock_ghz, int charge,
		   char *err, size_t n)
{
	memset(a, 0, sizeof *a);
	if (ndom < 0 || ndom > WG_PM_MAX_DOMS || !(clock_ghz > 0) || !(leak_mw >= 0) ||
	    (charge != WG_PM_WAKE_AT_LEFT && charge != WG_PM_WAKE_AT_ACTIVE)) {
		snprintf(err, n,
			 "power modes: domains %d (legal range 0..%d), clock %g GHz (> 0), leakage %g mW (>= 0), "
			 "wake charge %d (0 or 1)",
			 ndom, WG_PM_MAX_DOMS, clock_ghz, leak_mw, charge);
		return -1;
	}
	for (int f = 0; f < WG_PM_NMODES; f++) {
		a->used[f] = pm->m[f].used;
		a->frac[f] = pm->m[f].leak_frac;
		a->wake_pj[f] = pm->m[f].wake_pj;
		for (int t = 0; t < WG_PM_NMODES; t++)
			a->lat[f][t] = wg_pm_latency(pm, f, t);
	}
	a->leak_mw = leak_mw;
	a->clock_ghz = clock_ghz;
	a->charge = charge;
	a->ndom = ndom;
	return 0; /* cur = tgt = ACTIVE (0), timers 0 */
}

/* A completed mode change of domain d to mode to. */
static void change(wg_pm_acc *a, int d, int to)
{
	int from = a->cur[d];
	a->trans[from][to]++;
	if (to < from)
		a->wakeups[from]++;
	a->cur[d] = a->tgt[d] = (unsigned char)to;
	a->timer[d] = 0;
}

void wg_pm_acc_step(wg_pm_acc *a, const unsigned char *req)
{
	for (int d = 0; d < a->ndom; d++) {
		int c = a->cur[d], t = a->tgt[d], r = req[d] < WG_PM_NMODES ? req[d] : t;
		if (a->timer[d] > 0) { /* waking from c towards t */
			if (r >= c) { /* back to (or below) the mode being left: the wake is cancelled */
				a->timer[d] = 0;
				a->tgt[d] = (unsigned char)c;
				if (r != c)
					change(a, d, r);
			} else if (r < t) { /* further up: remaining + latency(t, r) (B5) */
				a->timer[d] += a->lat[t][r];
				a->tgt[d] = (unsigned char)r;
			} else if (r > t) { /* less far up: the part of the wake beyond r is dropped */
				int left = a->timer[d] - a->lat[r][t];
				if (left <= 0)
					change(a, d, r);
				else {
					a->timer[d] = left;
					a->tgt[d] = (unsigned char)r;
				}
			}
		} else if (r > c) { /* deeper: immediate */
			change(a, d, r);
		} else if (r < c) { /* shallower: a wake starts */
			if (a->lat[c][r] <= 0)
				change(a, d, r);
			else {
				a->tgt[d] = (unsigned char)r;
				a->timer[d] = a->lat[c][r];
			}
		}
		/* charge this cycle */
		if (a->timer[d] > 0) {
			a->wake_cycles[a->cur[d]]++;
			if (--a->timer[d] == 0)
				change(a, d, a->tgt[d]);
		} else {
			a->unit_cycles[a->cur[d]]++;
		}
	}
	a->cycles++;
}

int wg_pm_acc_ready(const wg_pm_acc *a, int d)
{
	return d >= 0 && d < a->ndom && a->cur[d] == WG_PM_ACTIVE && a->timer[d] == 0;
}

void wg_pm_acc_add(wg_pm_acc *a, int mode, uint64_t unit_cycles)
{
	if (mode >= 0 && mode < WG_PM_NMODES)
		a->unit_cycles[mode] += unit_cycles;
}

void wg_pm_acc_add_wake(wg_pm_acc *a, int from, uint64_t unit_cycles)
{
	if (from >= 0 && from < WG_PM_NMODES)
		a->wake_cycles[from] += unit_cycles;
}

void wg_pm_acc_transition(wg_pm_acc *a, int from, int to, uint64_t count)
{
	if (from < 0 || from >= WG_PM_NMODES || to < 0 || to >= WG_PM_NMODES)
		return;
	a->trans[from][to] += count;
	if (to < from)
		a->wakeups[from] += count;
}

void wg_pm_acc_tick(wg_pm_acc *a) { a->cycles++; }

uint64_t wg_pm_acc_charged_cycles(const wg_pm_acc *a, int mode)
{
	if (mode < 0 || mode >= WG_PM_NMODES)
		return 0;
	uint64_t c = a->unit_cycles[mode];
	if (a->charge == WG_PM_WAKE_AT_LEFT)
		c += a->wake_cycles[mode];
	else if (mode == WG_PM_ACTIVE)
		for (int m = 0; m < WG_PM_NMODES; m++)
			c += a->wake_cycles[m];
	return c;
}

double wg_pm_acc_energy_pj(const wg_pm_acc *a, int mode)
{
	if (mode < 0 || mode >= WG_PM_NMODES)
		return 0;
	/* mW x cycles / GHz = mW x ns = pJ */
	return a->leak_mw * a->frac[mode] * (double)wg_pm_acc_charged_cycles(a, mode) / a->clock_ghz;
}

double wg_pm_acc_wake_energy_pj(const wg_pm_acc *a)
{
	/* a change from f up to t costs wake_pj[f] - wake_pj[t] (path-additive: SLG2 -> SLG1 -> ACTIVE
	 * costs SLG2's energy in all) */
	double e = 0;
	for (int f = 1; f < WG_PM_NMODES; f++)
		for (int t = 0; t < f; t++) {
			double d = a->wake_pj[f] - a->wake_pj[t];
			e += (double)a->trans[f][t] * (d > 0 ? d : 0);
		}
	return e;
}

double wg_pm_acc_total_pj(const wg_pm_acc *a)
{
	double e = 0;
	for (int m = 0; m < WG_PM_NMODES; m++)
		e += wg_pm_acc_energy_pj(a, m);
	return e + wg_pm_acc_wake_energy_pj(a);
}

/* Append to buf at *len (snprintf-like; *len counts what would be needed). */
static void put(char *buf, size_t n, int *len, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void put(char *buf, size_t n, int *len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	size_t at = (size_t)*len < n ? (size_t)*len : n;
	int k = vsnprintf(buf ? buf + at : NULL, buf ? n - at : 0, fmt, ap);
	va_end(ap);
	if (k > 0)
		*len += k;
}

static uint64_t wakeups(const wg_pm_acc *a)
{
	uint64_t w = 0;
	for (int m = 1; m < WG_PM_NMODES; m++)
		w += a->wakeups[m];
	return w;
}

int wg_pm_acc_line(const wg_pm_acc *a, char *buf, size_t n)
{
	int len = 0;
	if (buf && n)
		buf[0] = 0;
	for (int m = 0; m < WG_PM_NMODES; m++)
		if (a->used[m])
			put(buf, n, &len, "%s %llu cyc %.3f pJ, ", pm_names[m],
			    (unsigned long long)wg_pm_acc_charged_cycles(a, m), wg_pm_acc_energy_pj(a, m));
	put(buf, n, &len, "%llu wake-up(s), total %.3f pJ", (unsigned long long)wakeups(a), wg_pm_acc_total_pj(a));
	return len;
}

int wg_pm_acc_print(const wg_pm_acc *a, const char *prefix, char *buf, size_t n)
{
	int len = 0;
	if (buf && n)
		buf[0] = 0;
	for (int m = 0; m < WG_PM_NMODES; m++)
		if (a->used[m])
			put(buf, n, &len, "%s%-6s x%-5g %14llu resident %12llu waking %16.3f pJ\n", prefix,
			    pm_names[m], a->frac[m], (unsigned long long)a->unit_cycles[m],
			    (unsigned long long)a->wake_cycles[m], wg_pm_acc_energy_pj(a, m));
	put(buf, n, &len, "%s%-6s %llu wake-up(s) (", prefix, "wake", (unsigned long long)wakeups(a));
	const char *sep = "from ";
	for (int m = 1; m < WG_PM_NMODES; m++)
		if (a->used[m]) {
			put(buf, n, &len, "%s%s %llu", sep, pm_names[m], (unsigned long long)a->wakeups[m]);
			sep = ", ";
		}
	put(buf, n, &len, "; waking leaks as %s), wake energy %.3f pJ\n",
	    a->charge == WG_PM_WAKE_AT_LEFT ? "the mode left" : "ACTIVE", wg_pm_acc_wake_energy_pj(a));
	put(buf, n, &len, "%s%-6s %.3f pJ\n", prefix, "total", wg_pm_acc_total_pj(a));
	return len;
}

int wg_pm_acc_json(const wg_pm_acc *a, char *buf, size_t n)
{
	int len = 0;
	if (buf && n)
		buf[0] = 0;
	put(buf, n, &len, "{");
	for (int m = 0; m < WG_PM_NMODES; m++)
		if (a->used[m])
			put(buf, n, &len,
			    "\"%s\": {\"fraction\": %.6g, \"unit_cycles\": %llu, \"waking_cycles\": %llu, "
			    "\"charged_cycles\": %llu, \"energy_pj\": %.6g}, ",
			    pm_names[m], a->frac[m], (unsigned long long)a->unit_cycles[m],
			    (unsigned long long)a->wake_cycles[m], (unsigned long long)wg_pm_acc_charged_cycles(a, m),
			    wg_pm_acc_energy_pj(a, m));
	put(buf, n, &len, "\"wakeups\": %llu, \"waking_leaks_as\": \"%s\", \"wake_energy_pj\": %.6g, \"total_pj\": %.6g}",
	    (unsigned long long)wakeups(a), a->charge == WG_PM_WAKE_AT_LEFT ? "mode left" : "ACTIVE",
	    wg_pm_acc_wake_energy_pj(a), wg_pm_acc_total_pj(a));
	return len;
}
