/* test_pmode.c - power modes (power_tables/wg_pmode.c): the numbers read from
 * a jooya2013-style table (tests/data/pmode_jooya.tsv, x = 3, y = 5), every
 * validation rule with its one-line message, the mode-change latencies
 * (SLG2 -> SLG1 -> ACTIVE), P2 Table III's penalty rule against the spec's
 * two oracle tables, the per-domain accumulator over a hand-counted trace
 * (both B6 charging choices), aggregate feeding, wake-up energy, and the
 * print / JSON helpers, the renaming table's accounts by mode (cosim/rename/rename_power.c:
 * ACTIVE / GATED, totals equal to rnp_energy_pj). The real power_tables/jooya2013.tsv is checked too
 * when it is present. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rename_power.h"
#include "wg_check.h"
#include "wg_pmode.h"
#include "wg_ptable.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9 * (1 + fabs(b)))
#define DATA "tests/data/pmode_jooya.tsv"

static char good[8192]; /* the fixture's text */

static int read_fixture(void)
{
	FILE *f = fopen(DATA, "rb");
	if (!f)
		return -1;
	size_t k = fread(good, 1, sizeof good - 1, f);
	good[k] = 0;
	fclose(f);
	return 0;
}

/* Parse the fixture with the first occurrence of `from` replaced by `to`
 * (from == NULL: unchanged); returns wg_pm_from_table's result. */
static int parse_with(const char *from, const char *to, wg_pm_table *pm, char *err, size_t n)
{
	static char text[8192];
	const char *at = from ? strstr(good, from) : NULL;
	if (from && !at) {
		snprintf(err, n, "test bug: '%s' not in fixture", from);
		return -2;
	}
	if (at)
		snprintf(text, sizeof text, "%.*s%s%s", (int)(at - good), good, to, at + strlen(from));
	else
		snprintf(text, sizeof text, "%s", good);
	wg_ptable t;
	if (wg_ptable_parse(&t, "pmode.tsv", text, err, n))
		return -1;
	int rc = wg_pm_from_table(pm, &t, err, n);
	wg_ptable_free(&t);
	return rc;
}

static void expect_err(const char *from, const char *to, const char *want)
{
	wg_pm_table pm;
	char err[512] = "";
	int rc = parse_with(from, to, &pm, err, sizeof err);
	CHECK(rc == -1 && strcmp(err, want) == 0);
	if (rc != -1 || strcmp(err, want) != 0)
		printf("  got (rc %d) '%s'\n  want '%s'\n", rc, err, want);
}

static void numbers(wg_pm_table *pm)
{
	char err[512];
	int rc = parse_with(NULL, NULL, pm, err, sizeof err);
	CHECK(rc == 0);
	if (rc) {
		printf("  %s\n", err);
		exit(1);
	}
	CHECK(pm->m[WG_PM_ACTIVE].leak_frac == 1 && pm->m[WG_PM_SLG1].leak_frac == 0.64 &&
	      pm->m[WG_PM_SLG2].leak_frac == 0.48 && pm->m[WG_PM_GATED].leak_frac == 0);
	CHECK(pm->m[WG_PM_ACTIVE].retains && pm->m[WG_PM_SLG1].retains && pm->m[WG_PM_SLG2].retains &&
	      !pm->m[WG_PM_GATED].retains);
	CHECK_EQ(pm->m[WG_PM_ACTIVE].wake_cycles, 0);
	CHECK_EQ(pm->m[WG_PM_SLG1].wake_cycles, 3);
	CHECK_EQ(pm->m[WG_PM_SLG2].wake_cycles, 5);
	CHECK_EQ(pm->m[WG_PM_GATED].wake_cycles, 1); /* no rf_gated wakeup_cycles row: Jeon's 1 cycle */
	CHECK(pm->x_min == 1 && pm->x_max == 24 && pm->y_min == 2 && pm->y_max == 35);
	/* not-given wake-up energies: 0, flagged */
	CHECK(pm->m[WG_PM_SLG1].wake_pj == 0 && !pm->m[WG_PM_SLG1].wake_pj_given);
	CHECK(pm->m[WG_PM_SLG2].wake_pj == 0 && !pm->m[WG_PM_SLG2].wake_pj_given);
	CHECK(strcmp(wg_pm_name(WG_PM_SLG2), "SLG2") == 0 && wg_pm_name(4) == NULL && wg_pm_name(-1) == NULL);
	/* an optional GATED latency row */
	wg_pm_table g;
	rc = parse_with("rf_slg1\twakeup_energy", "rf_gated\twakeup_cycles\t7\tcycles\t-\t-\ttest\tassumed\ttest\n"
				       "rf_slg1\twakeup_energy", &g, err, sizeof err);
	CHECK(rc == 0 && g.m[WG_PM_GATED].wake_cycles == 7);
}

static void validation(const wg_pm_table *pm)
{
	expect_err("0.64\tfraction", "1.2\tfraction", "pmode.tsv:5: rf_slg1 leakage_fraction = 1.2 is outside [0, 1]");
	expect_err("0\tfraction", "-0.1\tfraction", "pmode.tsv:7: rf_gated leakage_fraction = -0.1 is outside [0, 1]");
	expect_err("rf_active\tleakage_fraction\t1\t", "rf_active\tleakage_fraction\t0.9\t",
		   "pmode.tsv:4: rf_active leakage_fraction = 0.9 must be 1 (the reference)");
	expect_err("0.48\tfraction", "0.7\tfraction",
		   "pmode.tsv:6: rf_slg2 leakage_fraction = 0.7 exceeds rf_slg1's 0.64 (a deeper mode leaks no more)");
	/* y > x */
	expect_err("rf_slg2\twakeup_cycles\t5", "rf_slg2\twakeup_cycles\t3",
		   "pmode.tsv:9: rf_slg2 wakeup_cycles = 3 must exceed rf_slg1 wakeup_cycles = 3 (y > x)");
	/* latencies within the stated ranges, whole numbers */
	expect_err("rf_slg1\twakeup_cycles\t3", "rf_slg1\twakeup_cycles\t25",
		   "pmode.tsv:8: rf_slg1 wakeup_cycles = 25 must be a whole number of cycles in [1, 24]");
	expect_err("rf_slg2\twakeup_cycles\t5", "rf_slg2\twakeup_cycles\t36",
		   "pmode.tsv:9: rf_slg2 wakeup_cycles = 36 must be a whole number of cycles in [2, 35]");
	expect_err("rf_slg1\twakeup_cycles\t3", "rf_slg1\twakeup_cycles\t2.5",
		   "pmode.tsv:8: rf_slg1 wakeup_cycles = 2.5 must be a whole number of cycles in [1, 24]");
	expect_err("rf_slg2\twakeup_cycles_max\t35", "rf_slg2\twakeup_cycles_max\t1",
		   "pmode.tsv:13: rf_slg2 wakeup_cycles_max = 1 must be a whole number of cycles in [2, 1000000]");
	/* missing and not-given rows */
	expect_err("rf_gated\tleakage_fraction", "rf_gate\tleakage_fraction", "pmode.tsv: no row 'rf_gated leakage_fraction' (needed by the energy model)");
	expect_err("rf_slg2\twakeup_energy", "rf_slg2\twakeup_energy_x", "pmode.tsv: no row 'rf_slg2 wakeup_energy' (needed by the energy model)");
	expect_err("0.64\tfraction\t-\t-\tJooya'13 §IV-B\tderived\t1 - 0.36 (SLG1 saves 36 %)",
		   "-\tfraction\t-\t-\tJooya'13 §IV-B\tnot-given\tsilent",
		   "pmode.tsv:5: rf_slg1 leakage_fraction must hold a number");
	expect_err("rf_slg2\twakeup_energy\t-\tpJ\t-\t-\tJooya'13 §III-A\tnot-given\tcircuit power called negligible",
		   "rf_slg2\twakeup_energy\t-3\tpJ\t-\t-\ttest\tassumed\ttest",
		   "pmode.tsv:15: rf_slg2 wakeup_energy = -3 must be >= 0");
	/* optional rows that must agree */
	expect_err("rf_slg1\twakeup_energy", "rf_gated\tretains_data\t1\tflag\t-\t-\ttest\tassumed\ttest\nrf_slg1\twakeup_energy",
		   "pmode.tsv:14: rf_gated retains_data = 1, but GATED loses its data");
	expect_err("rf_slg1\twakeup_energy", "rf_slg2\tto_slg1_cycles\t1\tcycles\t-\t-\ttest\tderived\ty - x\nrf_slg1\twakeup_energy",
		   "pmode.tsv:14: rf_slg2 to_slg1_cycles = 1, but wakeup_cycles give y - x = 2");
	/* a malformed row: the loader's error, naming file:line */
	expect_err("rf_slg2\twakeup_cycles\t5\tcycles", "rf_slg2\twakeup_cycles\tfive\tcycles",
		   "pmode.tsv:9: value 'five' is not a number");
	wg_pm_table pm2;
	char err[512] = "";
	int rc = parse_with("rf_slg1\twakeup_cycles_min\t1\tcycles\t-", "rf_slg1\twakeup_cycles_min\t1\tcycles", &pm2, err,
			    sizeof err);
	CHECK(rc == -1 && strncmp(err, "pmode.tsv:10: ", 14) == 0);

	/* parameter overrides */
	wg_pm_table p = *pm;
	CHECK(wg_pm_set_wake(&p, 13, 17, 2, err, sizeof err) == 0);
	CHECK(p.m[WG_PM_SLG1].wake_cycles == 13 && p.m[WG_PM_SLG2].wake_cycles == 17 && p.m[WG_PM_GATED].wake_cycles == 2);
	CHECK(wg_pm_set_wake(&p, 5, 5, 1, err, sizeof err) == -1);
	CHECK(strcmp(err, "pmode.tsv: SLG2 wake-up latency y = 5 must exceed SLG1's x = 5") == 0);
	CHECK(p.m[WG_PM_SLG1].wake_cycles == 13); /* unchanged on error */
	CHECK(wg_pm_set_wake(&p, 0, 5, 1, err, sizeof err) == -1);
	CHECK(strcmp(err, "pmode.tsv: SLG1 wake-up latency x = 0 is out of range (legal range 1..24)") == 0);
	CHECK(wg_pm_set_wake(&p, 3, 40, 1, err, sizeof err) == -1);
	CHECK(strcmp(err, "pmode.tsv: SLG2 wake-up latency y = 40 is out of range (legal range 2..35)") == 0);
	CHECK(wg_pm_set_wake(&p, 3, 5, -1, err, sizeof err) == -1);
	CHECK(strcmp(err, "pmode.tsv: GATED wake-up latency g = -1 is out of range (legal range 0..100)") == 0);
	CHECK(wg_pm_set_wake(&p, 1, 2, 0, err, sizeof err) == 0); /* the range ends (B12) */
	CHECK(wg_pm_set_wake(&p, 24, 35, 100, err, sizeof err) == 0);
}

static void latencies(const wg_pm_table *pm)
{
	CHECK_EQ(wg_pm_latency(pm, WG_PM_SLG1, WG_PM_ACTIVE), 3);
	CHECK_EQ(wg_pm_latency(pm, WG_PM_SLG2, WG_PM_SLG1), 2);
	CHECK_EQ(wg_pm_latency(pm, WG_PM_SLG2, WG_PM_ACTIVE), 5);
	CHECK_EQ(wg_pm_latency(pm, WG_PM_SLG2, WG_PM_SLG1) + wg_pm_latency(pm, WG_PM_SLG1, WG_PM_ACTIVE),
		 wg_pm_latency(pm, WG_PM_SLG2, WG_PM_ACTIVE));
	CHECK_EQ(wg_pm_latency(pm, WG_PM_GATED, WG_PM_ACTIVE), 1);
	CHECK_EQ(wg_pm_latency(pm, WG_PM_ACTIVE, WG_PM_SLG2), 0); /* entry immediate (B6) */
	CHECK_EQ(wg_pm_latency(pm, WG_PM_SLG1, WG_PM_SLG2), 0);
	CHECK_EQ(wg_pm_latency(pm, WG_PM_ACTIVE, WG_PM_GATED), 0);
	CHECK_EQ(wg_pm_latency(pm, WG_PM_ACTIVE, WG_PM_ACTIVE), 0);
	CHECK_EQ(wg_pm_latency(pm, 4, WG_PM_ACTIVE), -1);
	wg_pm_table p = *pm;
	char err[256];
	CHECK(wg_pm_set_wake(&p, 13, 17, 1, err, sizeof err) == 0);
	CHECK_EQ(wg_pm_latency(&p, WG_PM_SLG2, WG_PM_SLG1), 4);
}

/* The spec's oracle tables (tfet-and-sync-power-gating.md §2.2.4): penalty = max(0, wake - z). */
static void penalty(void)
{
	static const int z[4] = {3, 5, 10, 20};
	static const int xs[5] = {3, 4, 5, 13, 24};
	static const int slg1[5][4] = {{0, 0, 0, 0}, {1, 0, 0, 0}, {2, 0, 0, 0}, {10, 8, 3, 0}, {21, 19, 14, 4}};
	static const int ys[6] = {4, 5, 6, 7, 17, 35};
	static const int slg2[6][4] = {{1, 0, 0, 0}, {2, 0, 0, 0}, {3, 1, 0, 0}, {4, 2, 0, 0}, {14, 12, 7, 0},
				       {32, 30, 25, 15}};
	int bad = 0;
	for (int i = 0; i < 5; i++)
		for (int j = 0; j < 4; j++)
			if (wg_pm_penalty(xs[i], z[j]) != slg1[i][j]) {
				bad++;
				printf("  SLG1 x=%d z=%d: %d, oracle %d\n", xs[i], z[j], wg_pm_penalty(xs[i], z[j]),
				       slg1[i][j]);
			}
	for (int i = 0; i < 6; i++)
		for (int j = 0; j < 4; j++)
			if (wg_pm_penalty(ys[i], z[j]) != slg2[i][j]) {
				bad++;
				printf("  SLG2 y=%d z=%d: %d, oracle %d\n", ys[i], z[j], wg_pm_penalty(ys[i], z[j]),
				       slg2[i][j]);
			}
	CHECK_EQ(bad, 0);
	/* Table III's columns: x<y<z -> 0, 0; x<z<y -> 0, y-z; z<x<y -> x-z, y-z */
	CHECK(wg_pm_penalty(3, 10) == 0 && wg_pm_penalty(5, 10) == 0);
	CHECK(wg_pm_penalty(3, 4) == 0 && wg_pm_penalty(7, 4) == 3);
	CHECK(wg_pm_penalty(5, 2) == 3 && wg_pm_penalty(7, 2) == 5);
	CHECK(wg_pm_penalty(5, 5) == 0); /* W-P2-12 edge: z >= wake */
}

/* Hand-counted trace, x = 3, y = 5, g = 1, 5 domains, 20 cycles:
 *  d0: A A | S2 x4 | req S1 x4 (2 waking, 2 in S1) | req A (3 waking, then A x7)
 *  d1: A A | S2 x4 | req A (5 waking, then A x9)
 *  d2: A A | S2 x4 | req S1 once | req A: remaining 1 + x 3 -> 5 waking in all (W-P2-3), A x9
 *  d3: A | G x3 | req A (1 waking) | A x15
 *  d4: A A | S2 x4 | req A x2 (2 waking) | req S2 again: wake cancelled (W-P2-11), S2 x12 */
static unsigned char req_of(int d, int c)
{
	switch (d) {
	case 0: return c < 2 ? WG_PM_ACTIVE : c < 6 ? WG_PM_SLG2 : c < 10 ? WG_PM_SLG1 : WG_PM_ACTIVE;
	case 1: return c < 2 ? WG_PM_ACTIVE : c < 6 ? WG_PM_SLG2 : WG_PM_ACTIVE;
	case 2: return c < 2 ? WG_PM_ACTIVE : c < 6 ? WG_PM_SLG2 : c < 7 ? WG_PM_SLG1 : WG_PM_ACTIVE;
	case 3: return c < 1 ? WG_PM_ACTIVE : c < 4 ? WG_PM_GATED : WG_PM_ACTIVE;
	default: return c < 2 ? WG_PM_ACTIVE : c < 6 ? WG_PM_SLG2 : c < 8 ? WG_PM_ACTIVE : WG_PM_SLG2;
	}
}

static void run_trace(wg_pm_acc *a, const wg_pm_table *pm, int charge, int ready[5][20])
{
	char err[256];
	CHECK(wg_pm_acc_init(a, pm, 5, 2.0, 1.25, charge, err, sizeof err) == 0);
	for (int c = 0; c < 20; c++) {
		unsigned char req[5];
		for (int d = 0; d < 5; d++)
			req[d] = req_of(d, c);
		wg_pm_acc_step(a, req);
		for (int d = 0; d < 5; d++)
			ready[d][c] = wg_pm_acc_ready(a, d);
	}
}

static void accumulator(const wg_pm_table *pm)
{
	static wg_pm_acc a;
	int ready[5][20];
	run_trace(&a, pm, WG_PM_WAKE_AT_LEFT, ready);
	CHECK_EQ(a.cycles, 20);
	CHECK_EQ(a.unit_cycles[WG_PM_ACTIVE], 49);
	CHECK_EQ(a.unit_cycles[WG_PM_SLG1], 2);
	CHECK_EQ(a.unit_cycles[WG_PM_SLG2], 28);
	CHECK_EQ(a.unit_cycles[WG_PM_GATED], 3);
	CHECK_EQ(a.wake_cycles[WG_PM_ACTIVE], 0);
	CHECK_EQ(a.wake_cycles[WG_PM_SLG1], 3);
	CHECK_EQ(a.wake_cycles[WG_PM_SLG2], 14);
	CHECK_EQ(a.wake_cycles[WG_PM_GATED], 1);
	uint64_t sum = 0;
	for (int m = 0; m < WG_PM_NMODES; m++)
		sum += a.unit_cycles[m] + a.wake_cycles[m];
	CHECK_EQ(sum, 100); /* 5 domains x 20 cycles */
	CHECK_EQ(a.trans[WG_PM_ACTIVE][WG_PM_SLG2], 4);
	CHECK_EQ(a.trans[WG_PM_SLG2][WG_PM_SLG1], 1);
	CHECK_EQ(a.trans[WG_PM_SLG1][WG_PM_ACTIVE], 1);
	CHECK_EQ(a.trans[WG_PM_SLG2][WG_PM_ACTIVE], 2);
	CHECK_EQ(a.trans[WG_PM_ACTIVE][WG_PM_GATED], 1);
	CHECK_EQ(a.trans[WG_PM_GATED][WG_PM_ACTIVE], 1);
	CHECK_EQ(a.trans[WG_PM_SLG1][WG_PM_SLG2], 0);
	CHECK(a.wakeups[WG_PM_SLG1] == 1 && a.wakeups[WG_PM_SLG2] == 3 && a.wakeups[WG_PM_GATED] == 1);
	/* readiness after cycle c's step (= usable in cycle c + 1): d0 wakes in 10..12, usable from 13; d1 and
	 * d2 wake in 6..10, usable from 11; d3 wakes in 4, usable from 5; d4 never after cycle 1 */
	CHECK(ready[0][1] && !ready[0][2] && !ready[0][11] && ready[0][12]);
	CHECK(!ready[1][9] && ready[1][10] && !ready[2][9] && ready[2][10]);
	CHECK(!ready[3][3] && ready[3][4]);
	CHECK(ready[4][1] && !ready[4][7] && !ready[4][19]);
	/* energy: 2 mW, 1.25 GHz; waking charged at the mode left (B6) */
	CHECK(NEAR(wg_pm_acc_energy_pj(&a, WG_PM_ACTIVE), 2.0 * 49 / 1.25));
	CHECK(NEAR(wg_pm_acc_energy_pj(&a, WG_PM_SLG1), 2.0 * 0.64 * 5 / 1.25));
	CHECK(NEAR(wg_pm_acc_energy_pj(&a, WG_PM_SLG2), 2.0 * 0.48 * 42 / 1.25));
	CHECK(wg_pm_acc_energy_pj(&a, WG_PM_GATED) == 0);
	CHECK(NEAR(wg_pm_acc_total_pj(&a), 78.4 + 5.12 + 32.256));
	double s = 0;
	for (int m = 0; m < WG_PM_NMODES; m++)
		s += wg_pm_acc_energy_pj(&a, m);
	CHECK(NEAR(wg_pm_acc_total_pj(&a), s + wg_pm_acc_wake_energy_pj(&a)));
	CHECK(wg_pm_acc_wake_energy_pj(&a) == 0);

	/* conservative variant: waking cycles at ACTIVE leakage */
	static wg_pm_acc b;
	run_trace(&b, pm, WG_PM_WAKE_AT_ACTIVE, ready);
	CHECK_EQ(wg_pm_acc_charged_cycles(&b, WG_PM_ACTIVE), 67);
	CHECK_EQ(wg_pm_acc_charged_cycles(&b, WG_PM_SLG2), 28);
	CHECK(NEAR(wg_pm_acc_total_pj(&b), 2.0 * (67 + 0.64 * 2 + 0.48 * 28) / 1.25));
	CHECK(wg_pm_acc_total_pj(&b) > wg_pm_acc_total_pj(&a));

	/* print / JSON */
	char buf[2048];
	int len = wg_pm_acc_print(&a, "  ", buf, sizeof buf);
	if (getenv("PMODE_SHOW"))
		fputs(buf, stdout);
	CHECK(len > 0 && (size_t)len == strlen(buf));
	CHECK(strstr(buf, "  SLG2   x0.48              28 resident           14 waking           32.256 pJ\n") !=
	      NULL);
	CHECK(strstr(buf, "  wake   5 wake-up(s) (from SLG1 1, SLG2 3, GATED 1; waking leaks as the mode left), wake energy 0.000 pJ\n") != NULL);
	CHECK(strstr(buf, "  total  115.776 pJ\n") != NULL);
	char small[16];
	CHECK(wg_pm_acc_print(&a, "  ", small, sizeof small) == len && strlen(small) == 15); /* truncates, reports need */
	len = wg_pm_acc_json(&a, buf, sizeof buf);
	CHECK(len > 0 && (size_t)len == strlen(buf));
	CHECK(strstr(buf, "\"SLG1\": {\"fraction\": 0.64, \"unit_cycles\": 2, \"waking_cycles\": 3, \"charged_cycles\": 5, "
			   "\"energy_pj\": 5.12}") !=
	      NULL);
	CHECK(strstr(buf, "\"wakeups\": 5, \"waking_leaks_as\": \"mode left\", \"wake_energy_pj\": 0, \"total_pj\": 115.776}") != NULL);

	/* a wake SLG2 -> ACTIVE (y = 5) asked down to SLG1 after one cycle: the rest of the way to SLG1 is
	 * y - x - 1 = 1 more waking cycle, then SLG1; GATED -> SLG1 takes g = 1 */
	static wg_pm_acc c;
	char err[256];
	CHECK(wg_pm_acc_init(&c, pm, 2, 1.0, 1.0, WG_PM_WAKE_AT_LEFT, err, sizeof err) == 0);
	static const unsigned char seq[5][2] = {{WG_PM_SLG2, WG_PM_GATED}, {WG_PM_ACTIVE, WG_PM_SLG1},
						{WG_PM_SLG1, WG_PM_SLG1}, {WG_PM_SLG1, WG_PM_SLG1}, {WG_PM_SLG1, WG_PM_SLG1}};
	for (int k = 0; k < 5; k++)
		wg_pm_acc_step(&c, seq[k]);
	CHECK(c.cur[0] == WG_PM_SLG1 && c.timer[0] == 0 && c.trans[WG_PM_SLG2][WG_PM_SLG1] == 1);
	CHECK(c.wake_cycles[WG_PM_SLG2] == 2 && c.unit_cycles[WG_PM_SLG2] == 1);
	CHECK(c.trans[WG_PM_GATED][WG_PM_SLG1] == 1 && c.wake_cycles[WG_PM_GATED] == 1 && c.unit_cycles[WG_PM_GATED] == 1);
	CHECK_EQ(c.unit_cycles[WG_PM_SLG1], 2 + 3);
	CHECK(!wg_pm_acc_ready(&c, 0) && !wg_pm_acc_ready(&c, 2));

	/* bad set-up */
	CHECK(wg_pm_acc_init(&b, pm, WG_PM_MAX_DOMS + 1, 1, 1, 0, err, sizeof err) == -1 &&
	      strstr(err, "domains 1025 (legal range 0..1024)") != NULL);
	CHECK(wg_pm_acc_init(&b, pm, 1, 1, 0, 0, err, sizeof err) == -1);
}

static void aggregate(void)
{
	wg_pm_table pm;
	char err[512];
	/* stated wake-up energies (test values): SLG1 2 pJ, SLG2 6 pJ to ACTIVE */
	int rc = parse_with("rf_slg1\twakeup_energy\t-\tpJ\t-\t-\tJooya'13 §III-A\tnot-given\tcircuit power called negligible",
			    "rf_slg1\twakeup_energy\t2\tpJ\t-\t-\ttest\tassumed\ttest value", &pm, err, sizeof err);
	CHECK(rc == 0);
	if (rc) {
		printf("  %s\n", err);
		return;
	}
	pm.m[WG_PM_SLG2].wake_pj = 6;
	static wg_pm_acc a;
	CHECK(wg_pm_acc_init(&a, &pm, 0, 0.5, 1.0, WG_PM_WAKE_AT_LEFT, err, sizeof err) == 0);
	CHECK(pm.m[WG_PM_SLG1].wake_pj == 2 && pm.m[WG_PM_SLG1].wake_pj_given);
	for (int c = 0; c < 10; c++) {
		wg_pm_acc_add(&a, WG_PM_ACTIVE, 6);
		wg_pm_acc_add(&a, WG_PM_GATED, 2);
		wg_pm_acc_add(&a, WG_PM_SLG1, 1);
		wg_pm_acc_add_wake(&a, WG_PM_SLG2, 1);
		wg_pm_acc_tick(&a);
	}
	wg_pm_acc_add(&a, 7, 100); /* out of range: ignored */
	wg_pm_acc_transition(&a, WG_PM_SLG2, WG_PM_SLG1, 1);
	wg_pm_acc_transition(&a, WG_PM_SLG1, WG_PM_ACTIVE, 2);
	wg_pm_acc_transition(&a, WG_PM_SLG2, WG_PM_ACTIVE, 1);
	wg_pm_acc_transition(&a, WG_PM_ACTIVE, WG_PM_SLG2, 3);
	CHECK_EQ(a.cycles, 10);
	CHECK(a.wakeups[WG_PM_SLG1] == 2 && a.wakeups[WG_PM_SLG2] == 2 && a.wakeups[WG_PM_ACTIVE] == 0);
	/* S2->S1 6-2 = 4, S1->A 2 x 2 = 4, S2->A 6 */
	CHECK(NEAR(wg_pm_acc_wake_energy_pj(&a), 14.0));
	CHECK(NEAR(wg_pm_acc_total_pj(&a), 0.5 * (60 + 0.64 * 10 + 0.48 * 10 + 0 * 20) + 14));
}

/* The shared table, when it is there: it must load and follow the rules. */
static void shared_table(void)
{
	char path[4096];
	wg_ptable_path(WG_PM_TABLE, path, sizeof path);
	FILE *f = fopen(path, "r");
	if (!f) {
		printf("  (no %s yet: skipped)\n", path);
		return;
	}
	fclose(f);
	wg_pm_table pm;
	char err[512];
	int rc = wg_pm_load(&pm, err, sizeof err);
	CHECK(rc == 0);
	if (rc) {
		printf("  %s\n", err);
		return;
	}
	CHECK(pm.m[WG_PM_SLG1].leak_frac == 0.64 && pm.m[WG_PM_SLG2].leak_frac == 0.48 && pm.m[WG_PM_GATED].leak_frac == 0);
	CHECK(pm.x_min == 1 && pm.x_max == 24 && pm.y_min == 2 && pm.y_max == 35);
	CHECK(pm.m[WG_PM_SLG2].wake_cycles > pm.m[WG_PM_SLG1].wake_cycles);
	CHECK(pm.m[WG_PM_SLG1].retains && pm.m[WG_PM_SLG2].retains && !pm.m[WG_PM_GATED].retains);
	CHECK(!pm.m[WG_PM_SLG1].wake_pj_given && !pm.m[WG_PM_SLG2].wake_pj_given); /* not-given (B13) */
}

static void set_bit(uint64_t *v, int p) { v[p / 64] |= 1ull << (p % 64); }

/* The renaming table's static power by mode: the 3-cycle trace of test_rn_power's counting(), then a
 * launch and one idle cycle; off units leak f (0 from jeon2014.tsv, then 0.25). */
static void rename_modes(double f)
{
	static rn_power pw;
	char err[512];
	char path[4096];
	wg_ptable t;
	wg_ptable_path("jeon2014.tsv", path, sizeof path);
	int rc = wg_ptable_load(&t, path, err, sizeof err);
	CHECK(rc == 0);
	if (rc) {
		printf("  %s\n", err);
		return;
	}
	for (int i = 0; i < t.nrows; i++)
		if (!strcmp(t.rows[i].structure, "power_gating") && !strcmp(t.rows[i].quantity, "sleep_leakage_fraction"))
			t.rows[i].value = f;
	rc = rnp_init_table(&pw, &t, 1024, 4, 4, 816, err, sizeof err);
	wg_ptable_free(&t);
	CHECK(rc == 0);
	if (rc) {
		printf("  %s\n", err);
		return;
	}
	CHECK(pw.modes.m[WG_PM_ACTIVE].used && pw.modes.m[WG_PM_GATED].used && !pw.modes.m[WG_PM_SLG1].used &&
	      !pw.modes.m[WG_PM_SLG2].used);
	CHECK(pw.modes.m[WG_PM_GATED].leak_frac == f && pw.modes.m[WG_PM_GATED].wake_cycles == 1);
	uint64_t r[16], d[2];
	memset(r, 0, sizeof r), memset(d, 0, sizeof d);
	set_bit(r, 0), set_bit(r, 1), set_bit(r, 256), set_bit(d, 0), set_bit(d, 1), set_bit(d, 4);
	CHECK(rnp_cycle(&pw, r, d, (const int[]){5}, 1) == 0);
	memset(r, 0, sizeof r), memset(d, 0, sizeof d);
	set_bit(r, 0), set_bit(d, 0);
	CHECK(rnp_cycle(&pw, r, d, (const int[]){5, 6, 300}, 3) == 0);
	memset(r, 0, sizeof r), memset(d, 0, sizeof d);
	CHECK(rnp_cycle(&pw, r, d, NULL, 0) == 0);
	rnp_launch(&pw, 0);
	CHECK(rnp_cycle(&pw, r, d, NULL, 0) == 0);
	/* renaming: 3 registers (domains) wake in cycle 1, 2 sleep in cycle 2, 1 in cycle 3; baseline: 1 + 2
	 * first writes (the 2 in cycle 2 add their wake-up cycle), all 3 off at the launch */
	CHECK(pw.wakes[RNP_REG][RNP_RENAMING] == 3 && pw.sleeps[RNP_REG][RNP_RENAMING] == 3);
	CHECK(pw.wakes[RNP_DOM][RNP_RENAMING] == 3 && pw.sleeps[RNP_DOM][RNP_RENAMING] == 3);
	CHECK(pw.wakes[RNP_REG][RNP_BASELINE] == 3 && pw.sleeps[RNP_REG][RNP_BASELINE] == 3 &&
	      pw.wake_on[RNP_REG][RNP_BASELINE] == 2);
	CHECK(pw.wakes[RNP_DOM][RNP_BASELINE] == 3 && pw.sleeps[RNP_DOM][RNP_BASELINE] == 3 &&
	      pw.wake_on[RNP_DOM][RNP_BASELINE] == 2);
	static wg_pm_acc a;
	CHECK(rnp_modes(&pw, RNP_REG, RNP_RENAMING, &a, err, sizeof err) == 0);
	CHECK(a.unit_cycles[WG_PM_ACTIVE] == 1 && a.wake_cycles[WG_PM_GATED] == 3 &&
	      a.unit_cycles[WG_PM_GATED] == 4 * 1024 - 4 && a.cycles == 4);
	CHECK(a.trans[WG_PM_GATED][WG_PM_ACTIVE] == 3 && a.trans[WG_PM_ACTIVE][WG_PM_GATED] == 3 &&
	      a.wakeups[WG_PM_GATED] == 3);
	CHECK(NEAR(wg_pm_acc_energy_pj(&a, WG_PM_ACTIVE), 0.0875 * 4 * 1.25));
	CHECK(NEAR(wg_pm_acc_energy_pj(&a, WG_PM_GATED), 0.0875 * f * 4092 * 1.25));
	CHECK(rnp_modes(&pw, RNP_REG, RNP_BASELINE, &a, err, sizeof err) == 0);
	CHECK(a.unit_cycles[WG_PM_ACTIVE] == 7 && a.wake_cycles[WG_PM_GATED] == 2);
	/* every account: the modes add up to the existing total */
	for (int m = RNP_REG; m <= RNP_DOM; m++)
		for (int run = RNP_RENAMING; run <= RNP_BASELINE; run++) {
			CHECK(rnp_modes(&pw, m, run, &a, err, sizeof err) == 0);
			CHECK(NEAR(wg_pm_acc_total_pj(&a), rnp_energy_pj(&pw, m, run)));
		}
	char line[512];
	CHECK(rnp_modes(&pw, RNP_DOM, RNP_RENAMING, &a, err, sizeof err) == 0);
	wg_pm_acc_line(&a, line, sizeof line);
	if (f == 0)
		CHECK(strcmp(line, "ACTIVE 4 cyc 28.000 pJ, GATED 60 cyc 0.000 pJ, 3 wake-up(s), total 28.000 pJ") == 0);
	if (getenv("PMODE_SHOW"))
		printf("%s\n", line);
}

int main(void)
{
	if (read_fixture()) {
		printf("FAIL cannot read %s (run from the repository root)\n", DATA);
		return 1;
	}
	wg_pm_table pm;
	numbers(&pm);
	validation(&pm);
	latencies(&pm);
	penalty();
	accumulator(&pm);
	aggregate();
	shared_table();
	rename_modes(0);
	rename_modes(0.25);
	return wg_check_done();
}
