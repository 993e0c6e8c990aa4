/* test_scale.c - the generic scaling rules (power_tables/wg_scale.c,
 * docs/energy-model.md §9) with hand-computed values: node and voltage,
 * interpolation at, between and outside table points, size rules, the node
 * parser, the refusals, leakage per bit; and that the generic rules give the
 * RFC's Table 2 rule and the renaming table's size rules bit for bit. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rename.h"
#include "rename_energy.h"
#include "rfc.h"
#include "rfc_energy.h"
#include "wg_check.h"
#include "wg_desc.h"
#include "wg_energy.h"
#include "wg_ptable.h"
#include "wg_scale.h"

#define NEAR(a, b) (fabs((a) - (double)(b)) < 1e-12 * (1 + fabs((double)(b))))

static int load(const char *name, wg_ptable *t)
{
	char path[4096], err[512];
	wg_ptable_path(name, path, sizeof path);
	int rc = wg_ptable_load(t, path, err, sizeof err);
	CHECK(rc == 0);
	if (rc)
		printf("  %s\n", err);
	return rc;
}

static void node_and_voltage(void)
{
	char err[256];
	double v;
	wg_sc_tech g40 = {40, 0.9}, t65 = {65, 1.0};
	/* 8 pJ (the MRF read, 40 nm 0.9 V) -> 65 nm 1.0 V: 8 x 65/40 x (1/0.9)^2 = 13 / 0.81 */
	CHECK(wg_sc_dynamic(8, g40, t65, &v, err, sizeof err) == 0 && NEAR(v, 16.049382716049383));
	/* same technology: the number itself */
	CHECK(wg_sc_dynamic(8, g40, g40, &v, err, sizeof err) == 0 && v == 8);
	/* voltage alone: 0.9 -> 0.45 V is a quarter */
	CHECK(wg_sc_dynamic(8, g40, (wg_sc_tech){40, 0.45}, &v, err, sizeof err) == 0 && NEAR(v, 2));
	/* node alone: 40 -> 20 nm halves the capacitance */
	CHECK(wg_sc_dynamic(8, g40, (wg_sc_tech){20, 0.9}, &v, err, sizeof err) == 0 && NEAR(v, 4));
	/* there and back */
	double back;
	CHECK(wg_sc_dynamic(8, g40, t65, &v, err, sizeof err) == 0 &&
	      wg_sc_dynamic(v, t65, g40, &back, err, sizeof err) == 0 && NEAR(back, 8));
	/* area: the MRF bank's 38,000 um2 at 40 nm -> 65 nm: x (65/40)^2 = 2.640625 */
	CHECK(wg_sc_area(38000, 40, 65, &v, err, sizeof err) == 0 && NEAR(v, 100343.75));
	CHECK(wg_sc_area(38000, 40, 20, &v, err, sizeof err) == 0 && NEAR(v, 9500));
	/* delay ~ L: sky130's 2,394.52 ps at 40 nm, and back */
	CHECK(wg_sc_delay(2394.52, 130, 40, &v, err, sizeof err) == 0 && NEAR(v, 2394.52 * 40 / 130));
	CHECK(wg_sc_delay(v, 40, 130, &v, err, sizeof err) == 0 && NEAR(v, 2394.52));
	CHECK(wg_sc_delay(NAN, 130, 40, &v, err, sizeof err) == -1 && strstr(err, "delay"));
	CHECK(wg_sc_delay(1, 130, 5, &v, err, sizeof err) == -1 && strstr(err, "5 nm"));
	/* leakage: Jeon's 1.08 mW (40 nm, 0.96 V) -> 65 nm, 1.2 V: x 1.625 x 1.25 */
	CHECK(wg_sc_leakage(1.08, (wg_sc_tech){40, 0.96}, (wg_sc_tech){65, 1.2}, &v, err, sizeof err) == 0 &&
	      NEAR(v, 2.19375));
	CHECK(wg_sc_leakage(0, g40, t65, &v, err, sizeof err) == 0 && v == 0);
	/* refusals: node and voltage outside 7..250 nm, 0.2..1.5 V, on either side */
	v = -1;
	CHECK(wg_sc_dynamic(8, g40, (wg_sc_tech){5, 0.9}, &v, err, sizeof err) == -1 && v == -1);
	CHECK(strstr(err, "target") && strstr(err, "5 nm") && strstr(err, "7..250 nm"));
	CHECK(wg_sc_dynamic(8, (wg_sc_tech){300, 0.9}, g40, &v, err, sizeof err) == -1 && strstr(err, "source"));
	CHECK(wg_sc_dynamic(8, g40, (wg_sc_tech){40, 1.6}, &v, err, sizeof err) == -1 && strstr(err, "0.2..1.5 V"));
	CHECK(wg_sc_leakage(1, g40, (wg_sc_tech){40, 0.1}, &v, err, sizeof err) == -1 && strstr(err, "0.1 V"));
	CHECK(wg_sc_area(1, 40, 251, &v, err, sizeof err) == -1 && strstr(err, "251 nm"));
	CHECK(wg_sc_dynamic(NAN, g40, t65, &v, err, sizeof err) == -1 && strstr(err, "not a finite"));
	/* the edges themselves are legal */
	CHECK(wg_sc_check_node(7, err, sizeof err) == 0 && wg_sc_check_node(250, err, sizeof err) == 0);
	CHECK(wg_sc_check_vdd(0.2, err, sizeof err) == 0 && wg_sc_check_vdd(1.5, err, sizeof err) == 0);
	CHECK(wg_sc_check_node(6.99, err, sizeof err) == -1 && wg_sc_check_vdd(1.51, err, sizeof err) == -1);
}

static void parsing(void)
{
	char err[256];
	double v = 0;
	CHECK(wg_sc_parse_node("40nm", &v, err, sizeof err) == 0 && v == 40);
	CHECK(wg_sc_parse_node("65nm", &v, err, sizeof err) == 0 && v == 65);
	CHECK(wg_sc_parse_node("130nm", &v, err, sizeof err) == 0 && v == 130);
	CHECK(wg_sc_parse_node("65 nm", &v, err, sizeof err) == 0 && v == 65);
	CHECK(wg_sc_parse_node("28", &v, err, sizeof err) == 0 && v == 28);
	CHECK(wg_sc_parse_node("22.5nm", &v, err, sizeof err) == 0 && v == 22.5);
	v = 0;
	CHECK(wg_sc_parse_node("forty", &v, err, sizeof err) == -1 && strstr(err, "'forty'") && v == 0);
	CHECK(wg_sc_parse_node("40mm", &v, err, sizeof err) == -1 && strstr(err, "'40mm'"));
	CHECK(wg_sc_parse_node("40nmx", &v, err, sizeof err) == -1 && strstr(err, "'40nmx'"));
	CHECK(wg_sc_parse_node("", &v, err, sizeof err) == -1 && strstr(err, "''"));
	CHECK(wg_sc_parse_node("-", &v, err, sizeof err) == -1 && strstr(err, "'-'"));
	CHECK(wg_sc_parse_node("nan", &v, err, sizeof err) == -1);
	CHECK(wg_sc_parse_node("300nm", &v, err, sizeof err) == -1 && strstr(err, "'300nm'") && strstr(err, "7..250 nm"));
	CHECK(wg_sc_parse_node("5nm", &v, err, sizeof err) == -1 && strstr(err, "'5nm'"));
	CHECK(wg_sc_parse_vdd("0.9", &v, err, sizeof err) == 0 && v == 0.9);
	CHECK(wg_sc_parse_vdd("1.0V", &v, err, sizeof err) == 0 && v == 1.0);
	CHECK(wg_sc_parse_vdd("1.2v", &v, err, sizeof err) == 0 && v == 1.2);
	CHECK(wg_sc_parse_vdd("2V", &v, err, sizeof err) == -1 && strstr(err, "'2V'") && strstr(err, "0.2..1.5 V"));
	CHECK(wg_sc_parse_vdd("0.9mV", &v, err, sizeof err) == -1 && strstr(err, "'0.9mV'"));
}

/* Gebhart Table 2 as the rfc model reads it: the distinct N*A depths, sorted, and the N x A grid. */
typedef struct t2set {
	double x[16], er[16], ew[16];  /* depths and their read / write pJ/AU */
	int np;                        /* number of depths */
	double gN[3], gA[3];           /* grid axes */
	double gr[9], gw[9];           /* grid values, [i * 3 + j] at (gN[i], gA[j]) */
} t2set;

static int table2(const wg_ptable *t, t2set *s)
{
	memset(s, 0, sizeof *s);
	for (int i = 0; i < 3; i++)
		s->gN[i] = s->gA[i] = 4 + 2 * i;
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			char key[32];
			snprintf(key, sizeof key, "rfc_N%d_A%d", 4 + 2 * i, 4 + 2 * j);
			const wg_prow *r = wg_ptable_find(t, key, "read_energy"), *w = wg_ptable_find(t, key, "write_energy");
			CHECK(r && w);
			if (!r || !w)
				return -1;
			s->gr[i * 3 + j] = r->value;
			s->gw[i * 3 + j] = w->value;
			double x = (double)((4 + 2 * i) * (4 + 2 * j));
			int k = 0;
			while (k < s->np && s->x[k] != x)
				k++;
			if (k == s->np) {
				int m = s->np++;
				while (m > 0 && s->x[m - 1] > x) { /* insertion: keep sorted */
					s->x[m] = s->x[m - 1];
					s->er[m] = s->er[m - 1];
					s->ew[m] = s->ew[m - 1];
					m--;
				}
				s->x[m] = x;
				s->er[m] = r->value;
				s->ew[m] = w->value;
			}
		}
	return 0;
}

static void interpolation_1d(void)
{
	char err[256];
	double v;
	int seg;
	const double x[] = {16, 24, 32, 36, 48, 64}, r[] = {1.2, 1.2, 1.9, 1.7, 2.2, 3.4},
		     w[] = {3.8, 4.4, 6.1, 5.4, 6.7, 10.9};
	/* at a point: the point, exactly */
	CHECK(wg_sc_interp1(x, r, 6, 48, WG_SC_REFUSE, &v, &seg, err, sizeof err) == 0 && v == 2.2 && seg == 4);
	CHECK(wg_sc_interp1(x, w, 6, 64, WG_SC_REFUSE, &v, &seg, err, sizeof err) == 0 && v == 10.9 && seg == 4);
	CHECK(wg_sc_interp1(x, w, 6, 16, WG_SC_REFUSE, &v, &seg, err, sizeof err) == 0 && v == 3.8 && seg == 0);
	/* between: 40 is a third of the way from 36 to 48 */
	CHECK(wg_sc_interp1(x, r, 6, 40, WG_SC_REFUSE, &v, &seg, err, sizeof err) == 0 && NEAR(v, 1.7 + 0.5 / 3) &&
	      seg == 3);
	CHECK(wg_sc_interp1(x, w, 6, 28, WG_SC_REFUSE, &v, NULL, err, sizeof err) == 0 && NEAR(v, 5.25));
	/* the paper's dip is kept: 34 lies on the segment 32 -> 36 */
	CHECK(wg_sc_interp1(x, r, 6, 34, WG_SC_REFUSE, &v, NULL, err, sizeof err) == 0 && NEAR(v, 1.8));
	/* outside: clamp, extrapolate, refuse */
	CHECK(wg_sc_interp1(x, w, 6, 8, WG_SC_CLAMP, &v, &seg, err, sizeof err) == 0 && v == 3.8 && seg == 0);
	CHECK(wg_sc_interp1(x, w, 6, 100, WG_SC_CLAMP, &v, &seg, err, sizeof err) == 0 && v == 10.9 && seg == 4);
	CHECK(wg_sc_interp1(x, w, 6, 8, WG_SC_EXTRAP, &v, NULL, err, sizeof err) == 0 && NEAR(v, 3.2));
	/* N = 6, A = 32 (depth 192): e_r 13.0, e_w 44.5 (docs/energy-model.md §2.3) */
	CHECK(wg_sc_interp1(x, r, 6, 192, WG_SC_EXTRAP, &v, NULL, err, sizeof err) == 0 && NEAR(v, 13.0));
	CHECK(wg_sc_interp1(x, w, 6, 192, WG_SC_EXTRAP, &v, NULL, err, sizeof err) == 0 && NEAR(v, 44.5));
	v = -1;
	CHECK(wg_sc_interp1(x, r, 6, 65, WG_SC_REFUSE, &v, NULL, err, sizeof err) == -1 && v == -1 &&
	      strstr(err, "65 is outside the table's points 16..64"));
	CHECK(wg_sc_interp1(x, r, 6, 15, WG_SC_REFUSE, &v, NULL, err, sizeof err) == -1);
	/* one point: that value everywhere unless refused */
	CHECK(wg_sc_interp1(x, r, 1, 99, WG_SC_EXTRAP, &v, NULL, err, sizeof err) == 0 && v == 1.2);
	/* bad tables */
	const double bad[] = {16, 16, 32};
	CHECK(wg_sc_interp1(bad, r, 3, 20, WG_SC_CLAMP, &v, NULL, err, sizeof err) == -1 &&
	      strstr(err, "not strictly increasing"));
	CHECK(wg_sc_interp1(x, r, 0, 20, WG_SC_CLAMP, &v, NULL, err, sizeof err) == -1);
	CHECK(wg_sc_interp1(x, r, 6, NAN, WG_SC_CLAMP, &v, NULL, err, sizeof err) == -1);
}

/* The RFC's N*A rule (rfc_energy.c) is the 1-D rule on the table's depths with linear
 * extrapolation: the same bits for every N, A of the legal ranges and beyond. */
static void rfc_rule_is_interp1(void)
{
	wg_ptable t;
	if (load(RFC_ENERGY_TABLE, &t))
		return;
	t2set s;
	if (table2(&t, &s) == 0) {
		CHECK_EQ(s.np, 6);
		int same = 0, total = 0;
		for (long N = 1; N <= 16; N++)
			for (long A = 1; A <= 48; A++) {
				char basis[64], err[256];
				double er, ew, gr, gw;
				total++;
				if (rfc_table2_energy(&t, N, A, &er, &ew, basis, sizeof basis, err, sizeof err) != 0 ||
				    wg_sc_interp1(s.x, s.er, s.np, (double)(N * A), WG_SC_EXTRAP, &gr, NULL, err, sizeof err) ||
				    wg_sc_interp1(s.x, s.ew, s.np, (double)(N * A), WG_SC_EXTRAP, &gw, NULL, err, sizeof err))
					continue;
				same += er == gr && ew == gw; /* exact: same expression, no clamp with this table */
			}
		CHECK_EQ(same, total);
	}
	wg_ptable_free(&t);
}

static void interpolation_2d(void)
{
	wg_ptable t;
	if (load(RFC_ENERGY_TABLE, &t))
		return;
	t2set s;
	char err[256], basis[64];
	double v, er, ew;
	if (table2(&t, &s) == 0) {
		/* at the 9 grid points: Table 2 exactly, and the same as the RFC's rule */
		int exact = 0;
		for (int i = 0; i < 3; i++)
			for (int j = 0; j < 3; j++) {
				double r2, w2;
				int ok = wg_sc_interp2(s.gN, 3, s.gA, 3, s.gr, s.gN[i], s.gA[j], WG_SC_REFUSE, &r2, err,
						       sizeof err) == 0 &&
					 wg_sc_interp2(s.gN, 3, s.gA, 3, s.gw, s.gN[i], s.gA[j], WG_SC_REFUSE, &w2, err,
						       sizeof err) == 0 &&
					 rfc_table2_energy(&t, (long)s.gN[i], (long)s.gA[j], &er, &ew, basis, sizeof basis,
							   err, sizeof err) == 0;
				exact += ok && r2 == s.gr[i * 3 + j] && w2 == s.gw[i * 3 + j] && r2 == er && w2 == ew;
			}
		CHECK_EQ(exact, 9);
		/* between: (5, 8) is halfway between (4, 8) 1.9 and (6, 8) 2.2 */
		CHECK(wg_sc_interp2(s.gN, 3, s.gA, 3, s.gr, 5, 8, WG_SC_REFUSE, &v, err, sizeof err) == 0 && NEAR(v, 2.05));
		/* ... where the N*A rule gives 1.8667 (depth 40 between 36 and 48): the two rules differ between points */
		CHECK(rfc_table2_energy(&t, 5, 8, &er, &ew, basis, sizeof basis, err, sizeof err) == 0 &&
		      NEAR(er, 1.7 + 0.5 / 3));
		/* the cell centre (5, 5): mean of 1.2, 1.2, 1.2, 1.7 */
		CHECK(wg_sc_interp2(s.gN, 3, s.gA, 3, s.gr, 5, 5, WG_SC_REFUSE, &v, err, sizeof err) == 0 && NEAR(v, 1.325));
		/* (7, 5) write: the mean of (6,4) 4.4, (8,4) 6.1, (6,6) 5.4, (8,6) 6.7 = 5.65 */
		CHECK(wg_sc_interp2(s.gN, 3, s.gA, 3, s.gw, 7, 5, WG_SC_REFUSE, &v, err, sizeof err) == 0 && NEAR(v, 5.65));
		/* outside: clamp to (8, 8) 3.4, extrapolate from the edge cell 2 x 3.4 - 2.2 = 4.6, or refuse */
		CHECK(wg_sc_interp2(s.gN, 3, s.gA, 3, s.gr, 10, 8, WG_SC_CLAMP, &v, err, sizeof err) == 0 && v == 3.4);
		CHECK(wg_sc_interp2(s.gN, 3, s.gA, 3, s.gr, 10, 8, WG_SC_EXTRAP, &v, err, sizeof err) == 0 && NEAR(v, 4.6));
		CHECK(wg_sc_interp2(s.gN, 3, s.gA, 3, s.gr, 2, 2, WG_SC_CLAMP, &v, err, sizeof err) == 0 && v == 1.2);
		v = -1;
		CHECK(wg_sc_interp2(s.gN, 3, s.gA, 3, s.gr, 6, 9, WG_SC_REFUSE, &v, err, sizeof err) == -1 && v == -1 &&
		      strstr(err, "y 9 is outside the grid's 4..8"));
		/* a single row is 1-D */
		CHECK(wg_sc_interp2(s.gN, 1, s.gA, 3, s.gr, 4, 5, WG_SC_REFUSE, &v, err, sizeof err) == 0 && NEAR(v, 1.2));
		CHECK(wg_sc_interp2(s.gN, 1, s.gA, 3, s.gr, 5, 5, WG_SC_REFUSE, &v, err, sizeof err) == -1);
		const double bad[] = {4, 8, 6};
		CHECK(wg_sc_interp2(bad, 3, s.gA, 3, s.gr, 5, 5, WG_SC_CLAMP, &v, err, sizeof err) == -1 &&
		      strstr(err, "x is not strictly increasing"));
	}
	wg_ptable_free(&t);
}

/* The size rules, and the renaming table's rules (rename_energy.c) as instances of them. */
static void sizes(void)
{
	char err[256];
	double v;
	/* SRAM: 4x the words, 2x the energy per access (sqrt) */
	CHECK(wg_sc_sram_words(1.5, 256, 1024, &v, err, sizeof err) == 0 && NEAR(v, 3));
	CHECK(wg_sc_sram_words(1.5, 256, 64, &v, err, sizeof err) == 0 && NEAR(v, 0.75));
	CHECK(wg_sc_sram_words(1.5, 256, 256, &v, err, sizeof err) == 0 && v == 1.5);
	CHECK(wg_sc_sram_words(1.5, 256, 0, &v, err, sizeof err) == -1 && strstr(err, "words 0"));
	/* the power law with x = 0.5 is the sqrt rule */
	double p;
	CHECK(wg_sc_power_law(1.5, 256, 1024, 0.5, &p, err, sizeof err) == 0 && NEAR(p, 3));
	CHECK(wg_sc_power_law(1.5, 0, 1024, 0.5, &p, err, sizeof err) == -1 && strstr(err, "positive"));
	/* linear in bits: twice the bits, twice the leakage (or area) */
	CHECK(wg_sc_linear_bits(1.08, 8160, 16320, &v, err, sizeof err) == 0 && NEAR(v, 2.16));
	CHECK(wg_sc_linear_bits(1.08, 8160, 0, &v, err, sizeof err) == 0 && v == 0);
	CHECK(wg_sc_linear_bits(1.08, 0, 10, &v, err, sizeof err) == -1);

	wg_ptable t;
	if (load(RN_ENERGY_TABLE, &t))
		return;
	const wg_prow *acc = wg_ptable_find(&t, "rt", "access_energy"), *ref = wg_ptable_find(&t, "rt", "reference_bits"),
		      *banks = wg_ptable_find(&t, "rt", "banks"), *x = wg_ptable_find(&t, "rt", "access_energy_exponent"),
		      *lb = wg_ptable_find(&t, "rt", "leakage_per_bank");
	CHECK(acc && ref && banks && x && lb);
	if (acc && ref && banks && x && lb) {
		/* RT_ENTRIES x clog2(PHYS_REGS) in RT_BANKS banks: the size rules of §4.3 */
		const long cases[][3] = {{3024, 4, 1024}, {816, 1, 1024}, {816, 4, 256}, {100, 2, 64}, {2000, 8, 2048}};
		int same = 0;
		for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
			long e = cases[i][0], nb = cases[i][1], phys = cases[i][2];
			double rn, rl, g, gl;
			char basis[200];
			long bits = rn_energy_rt_bits(e, phys);
			int ok = rn_energy_rt_access(&t, e, nb, phys, &rn, basis, sizeof basis, err, sizeof err) == 0 &&
				 rn_energy_rt_leakage(&t, e, phys, &rl, basis, sizeof basis, err, sizeof err) == 0 &&
				 wg_sc_power_law(acc->value, ref->value / banks->value, (double)bits / (double)nb, x->value,
						 &g, err, sizeof err) == 0 &&
				 wg_sc_linear_bits(banks->value * lb->value, ref->value, (double)bits, &gl, err,
						   sizeof err) == 0;
			same += ok && rn == g && rl == gl;
		}
		CHECK_EQ(same, 5);
		/* the documented example: RT_ENTRIES = 3024 gives 2.222 pJ and 4.00 mW */
		CHECK(wg_sc_power_law(1.14, 2040, 7560, x->value, &v, err, sizeof err) == 0 && fabs(v - 2.22177) < 5e-6);
		CHECK(wg_sc_linear_bits(1.08, 8160, 30240, &v, err, sizeof err) == 0 && NEAR(v, 1.08 * 30240 / 8160));
	}
	wg_ptable_free(&t);
}

static long bits_1000(const long *p)
{
	(void)p;
	return 1000;
}

static void leakage_per_bit(void)
{
	/* hand example: 2 mW over 1000 bits = 2000 nW per bit */
	wg_energy_model m;
	memset(&m, 0, sizeof m);
	m.leak_mw = 2;
	wg_block fake = {.name = "fake", .storage_bits = bits_1000};
	long p[WG_MAX_PARAMS] = {0};
	wg_sc_leak lk;
	wg_sc_leak_per_bit(&m, &fake, p, &lk);
	CHECK(lk.block_mw == 2 && lk.bits == 1000 && NEAR(lk.nw_per_bit, 2000) && !lk.not_given);
	/* not given: n/g, no number */
	m.leak_not_given = 1;
	wg_sc_leak_per_bit(&m, &fake, p, &lk);
	CHECK(lk.not_given && lk.block_mw == 0 && lk.nw_per_bit == 0 && lk.bits == 1000);
	/* no descriptor bits: per bit unknown */
	wg_block nobits = {.name = "nobits"};
	m.leak_not_given = 0;
	wg_sc_leak_per_bit(&m, &nobits, p, &lk);
	CHECK(lk.bits == 0 && lk.nw_per_bit == 0 && lk.block_mw == 2);
	/* the renaming table at its defaults: 1.08 mW over its descriptor's storage bits */
	const wg_block *rn = wg_block_find("rename");
	CHECK(rn != NULL);
	if (rn) {
		char err[512];
		wg_params_default(rn, p);
		CHECK(wg_energy_model_init(&m, rn, p, err, sizeof err) == 0);
		wg_sc_leak_per_bit(&m, rn, p, &lk);
		CHECK(NEAR(lk.block_mw, 1.08) && lk.bits == rn->storage_bits(p) && lk.bits >= 8160 &&
		      NEAR(lk.nw_per_bit, 1.08e6 / (double)lk.bits));
	}
	/* the two-level scheduler: leakage not given */
	const wg_block *s2 = wg_block_find("sched2l");
	if (s2) {
		char err[512];
		wg_params_default(s2, p);
		CHECK(wg_energy_model_init(&m, s2, p, err, sizeof err) == 0);
		wg_sc_leak_per_bit(&m, s2, p, &lk);
		CHECK(lk.not_given && lk.bits > 0);
	}
}

int main(void)
{
	node_and_voltage();
	parsing();
	interpolation_1d();
	rfc_rule_is_interp1();
	interpolation_2d();
	sizes();
	leakage_per_bit();
	return wg_check_done();
}
