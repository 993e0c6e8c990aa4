/* wg_scale.c - the generic scaling rules of docs/energy-model.md §9: node and
 * voltage (dynamic energy, area, leakage), interpolation between table
 * points, size rules, and leakage per storage bit. Each function is one
 * rule; none reads a file or keeps state. */
#include "wg_scale.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- checks and parsing ---- */

int wg_sc_check_node(double nm, char *err, size_t n)
{
	if (!isfinite(nm) || nm < WG_SC_NODE_MIN || nm > WG_SC_NODE_MAX) {
		snprintf(err, n, "node %g nm is outside the scaling rules' range %g..%g nm", nm, WG_SC_NODE_MIN,
			 WG_SC_NODE_MAX);
		return -1;
	}
	return 0;
}

int wg_sc_check_vdd(double v, char *err, size_t n)
{
	if (!isfinite(v) || v < WG_SC_VDD_MIN || v > WG_SC_VDD_MAX) {
		snprintf(err, n, "supply %g V is outside the scaling rules' range %g..%g V", v, WG_SC_VDD_MIN,
			 WG_SC_VDD_MAX);
		return -1;
	}
	return 0;
}

/* A finite number, optional blanks, then optionally `unit`, then the end. */
static int parse_num_unit(const char *s, const char *unit, double *v)
{
	if (!s || !*s)
		return -1;
	char *end;
	double x = strtod(s, &end);
	if (end == s || !isfinite(x))
		return -1;
	while (*end == ' ')
		end++;
	size_t ul = strlen(unit);
	if (strncmp(end, unit, ul) == 0)
		end += ul;
	else if (ul == 1 && *end == unit[0] - 'A' + 'a') /* "v" for "V" */
		end++;
	if (*end != '\0')
		return -1;
	*v = x;
	return 0;
}

int wg_sc_parse_node(const char *s, double *nm, char *err, size_t n)
{
	double x;
	if (parse_num_unit(s, "nm", &x) != 0) {
		snprintf(err, n, "node '%s' is not a feature size such as 40nm, 65nm or 130nm", s ? s : "");
		return -1;
	}
	if (wg_sc_check_node(x, err, n) != 0) {
		snprintf(err, n, "node '%s' is outside the scaling rules' range %g..%g nm", s, WG_SC_NODE_MIN,
			 WG_SC_NODE_MAX);
		return -1;
	}
	*nm = x;
	return 0;
}

int wg_sc_parse_vdd(const char *s, double *v, char *err, size_t n)
{
	double x;
	if (parse_num_unit(s, "V", &x) != 0) {
		snprintf(err, n, "supply '%s' is not a voltage such as 0.9 or 1.0V", s ? s : "");
		return -1;
	}
	if (wg_sc_check_vdd(x, err, n) != 0) {
		snprintf(err, n, "supply '%s' is outside the scaling rules' range %g..%g V", s, WG_SC_VDD_MIN,
			 WG_SC_VDD_MAX);
		return -1;
	}
	*v = x;
	return 0;
}

static int check_tech(wg_sc_tech t, const char *which, char *err, size_t n)
{
	char m[200];
	if (wg_sc_check_node(t.node_nm, m, sizeof m) != 0 || wg_sc_check_vdd(t.vdd, m, sizeof m) != 0) {
		snprintf(err, n, "%s technology: %s", which, m);
		return -1;
	}
	return 0;
}

static int check_value(double v, const char *what, char *err, size_t n)
{
	if (!isfinite(v)) {
		snprintf(err, n, "%s %g is not a finite number", what, v);
		return -1;
	}
	return 0;
}

/* ---- across technology nodes and voltages ---- */

int wg_sc_dynamic(double e, wg_sc_tech from, wg_sc_tech to, double *out, char *err, size_t n)
{
	if (check_value(e, "energy", err, n) || check_tech(from, "source", err, n) || check_tech(to, "target", err, n))
		return -1;
	double rv = to.vdd / from.vdd;
	*out = e * (to.node_nm / from.node_nm) * (rv * rv);
	return 0;
}

int wg_sc_area(double a, double from_nm, double to_nm, double *out, char *err, size_t n)
{
	if (check_value(a, "area", err, n) || wg_sc_check_node(from_nm, err, n) || wg_sc_check_node(to_nm, err, n))
		return -1;
	double rl = to_nm / from_nm;
	*out = a * (rl * rl);
	return 0;
}

int wg_sc_delay(double d, double from_nm, double to_nm, double *out, char *err, size_t n)
{
	if (check_value(d, "delay", err, n) || wg_sc_check_node(from_nm, err, n) || wg_sc_check_node(to_nm, err, n))
		return -1;
	*out = d * (to_nm / from_nm);
	return 0;
}

int wg_sc_leakage(double p, wg_sc_tech from, wg_sc_tech to, double *out, char *err, size_t n)
{
	if (check_value(p, "leakage", err, n) || check_tech(from, "source", err, n) || check_tech(to, "target", err, n))
		return -1;
	*out = p * (to.node_nm / from.node_nm) * (to.vdd / from.vdd);
	return 0;
}

/* ---- between table points ---- */

static int check_axis(const double *x, int np, const char *name, char *err, size_t n)
{
	if (np < 1) {
		snprintf(err, n, "interpolation: %s has no points", name);
		return -1;
	}
	for (int i = 0; i < np; i++) {
		if (!isfinite(x[i])) {
			snprintf(err, n, "interpolation: %s[%d] is not finite", name, i);
			return -1;
		}
		if (i > 0 && !(x[i] > x[i - 1])) {
			snprintf(err, n, "interpolation: %s is not strictly increasing at [%d] (%g after %g)", name, i, x[i],
				 x[i - 1]);
			return -1;
		}
	}
	return 0;
}

int wg_sc_interp1(const double *x, const double *y, int np, double xq, wg_sc_outside outside, double *out,
		  int *seg, char *err, size_t n)
{
	if (check_axis(x, np, "x", err, n) != 0 || check_value(xq, "query", err, n) != 0)
		return -1;
	int dummy;
	if (!seg)
		seg = &dummy;
	*seg = 0;
	for (int i = 0; i < np; i++)
		if (xq == x[i]) {
			*out = y[i];
			*seg = i < np - 1 ? i : (i > 0 ? i - 1 : 0);
			return 0;
		}
	int below = xq < x[0], above = xq > x[np - 1];
	if (below || above) {
		if (outside == WG_SC_REFUSE) {
			snprintf(err, n, "%g is outside the table's points %g..%g", xq, x[0], x[np - 1]);
			return -1;
		}
		if (outside == WG_SC_CLAMP || np == 1) {
			*out = below ? y[0] : y[np - 1];
			*seg = below || np == 1 ? 0 : np - 2;
			return 0;
		}
	}
	int i = 0;
	if (above)
		i = np - 2;
	else if (!below)
		while (x[i + 1] < xq)
			i++;
	*seg = i;
	/* the same expression as rfc_energy.c's lerp, so both give the same bits */
	*out = y[i] + (y[i + 1] - y[i]) * (xq - x[i]) / (x[i + 1] - x[i]);
	return 0;
}

/* Cell index and fraction of q on one axis; -1 when refused. */
static int locate(const double *a, int na, double q, wg_sc_outside outside, const char *name, int *cell, double *t,
		  char *err, size_t n)
{
	if (na == 1) {
		if (q != a[0] && outside == WG_SC_REFUSE) {
			snprintf(err, n, "%s %g is outside the grid's single point %g", name, q, a[0]);
			return -1;
		}
		*cell = 0;
		*t = 0;
		return 0;
	}
	if ((q < a[0] || q > a[na - 1]) && outside == WG_SC_REFUSE) {
		snprintf(err, n, "%s %g is outside the grid's %g..%g", name, q, a[0], a[na - 1]);
		return -1;
	}
	if (outside == WG_SC_CLAMP)
		q = q < a[0] ? a[0] : q > a[na - 1] ? a[na - 1] : q;
	int i = 0;
	while (i < na - 2 && a[i + 1] <= q)
		i++;
	*cell = i;
	*t = (q - a[i]) / (a[i + 1] - a[i]);
	return 0;
}

int wg_sc_interp2(const double *xs, int nx, const double *ys, int ny, const double *z, double xq, double yq,
		  wg_sc_outside outside, double *out, char *err, size_t n)
{
	if (check_axis(xs, nx, "x", err, n) || check_axis(ys, ny, "y", err, n) || check_value(xq, "x query", err, n) ||
	    check_value(yq, "y query", err, n))
		return -1;
	int i, j;
	double tx, ty;
	if (locate(xs, nx, xq, outside, "x", &i, &tx, err, n) || locate(ys, ny, yq, outside, "y", &j, &ty, err, n))
		return -1;
	int i1 = nx > 1 ? i + 1 : i, j1 = ny > 1 ? j + 1 : j;
	/* the weighted form: t = 0 or 1 gives a grid value exactly */
	*out = (1 - tx) * (1 - ty) * z[i * ny + j] + tx * (1 - ty) * z[i1 * ny + j] + (1 - tx) * ty * z[i * ny + j1] +
	       tx * ty * z[i1 * ny + j1];
	return 0;
}

/* ---- across sizes ---- */

int wg_sc_power_law(double v, double size_ref, double size, double x, double *out, char *err, size_t n)
{
	if (check_value(v, "value", err, n) || check_value(x, "exponent", err, n))
		return -1;
	if (!(size_ref > 0) || !(size > 0) || !isfinite(size_ref) || !isfinite(size)) {
		snprintf(err, n, "size rule: sizes must be positive (reference %g, size %g)", size_ref, size);
		return -1;
	}
	/* the same expression as rename_energy.c's size rule */
	*out = v * pow(size / size_ref, x);
	return 0;
}

int wg_sc_sram_words(double e, double words_ref, double words, double *out, char *err, size_t n)
{
	if (check_value(e, "energy", err, n))
		return -1;
	if (!(words_ref >= 1) || !(words >= 1) || !isfinite(words_ref) || !isfinite(words)) {
		snprintf(err, n, "SRAM rule: word counts must be >= 1 (reference %g, words %g)", words_ref, words);
		return -1;
	}
	*out = e * sqrt(words / words_ref);
	return 0;
}

int wg_sc_linear_bits(double v, double bits_ref, double bits, double *out, char *err, size_t n)
{
	if (check_value(v, "value", err, n))
		return -1;
	if (!(bits_ref > 0) || !(bits >= 0) || !isfinite(bits_ref) || !isfinite(bits)) {
		snprintf(err, n, "bits rule: reference bits must be positive and bits >= 0 (reference %g, bits %g)",
			 bits_ref, bits);
		return -1;
	}
	/* the same expression as rename_energy.c's leakage rule */
	*out = v * bits / bits_ref;
	return 0;
}

/* ---- leakage per structure and per bit ---- */

void wg_sc_leak_per_bit(const wg_energy_model *m, const wg_block *b, const long *p, wg_sc_leak *out)
{
	memset(out, 0, sizeof *out);
	out->not_given = m->leak_not_given;
	out->block_mw = m->leak_not_given ? 0 : m->leak_mw;
	out->bits = b->storage_bits ? b->storage_bits(p) : 0;
	if (out->bits > 0)
		out->nw_per_bit = out->block_mw * 1e6 / (double)out->bits;
}
