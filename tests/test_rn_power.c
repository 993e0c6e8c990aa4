/* test_rn_power.c - static power under gating (cosim/rename/rename_power.c): the
 * leakage numbers from jeon2014.tsv, the id -> domain layout, renaming vs
 * baseline counting over a few hand-made cycles (numbers computed by hand),
 * exempt registers counted from their first write, the dom_on_o check, the
 * size rule for PHYS_REGS, and the off-state leakage fraction. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rename_energy.h"
#include "rename_power.h"
#include "wg_check.h"
#include "wg_ptable.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9 * (1 + fabs(b)))

static void set(uint64_t *v, int p) { v[p / 64] |= 1ull << (p % 64); }

static int init(rn_power *pw, int phys, int banks, int subs, int rt)
{
	char err[512];
	int rc = rnp_init(pw, phys, banks, subs, rt, err, sizeof err);
	CHECK(rc == 0);
	if (rc)
		printf("  %s\n", err);
	return rc;
}

static void numbers(void)
{
	static rn_power pw;
	if (init(&pw, 1024, 4, 4, 816))
		return;
	CHECK(NEAR(pw.reg_mw, 0.0875) && NEAR(pw.dom_mw, 5.6) && NEAR(pw.rt_mw, 1.08) && NEAR(pw.cycle_ns, 1.25));
	CHECK(pw.sleep_frac == 0);
	CHECK_EQ(pw.doms, 16);
	CHECK_EQ(pw.sub_regs, 256);
	CHECK_EQ(pw.dom_regs, 64);
	/* layout: bank p mod 4, sub-array p div 256, domain sub-array*4 + bank */
	CHECK_EQ(rnp_dom_of(&pw, 0), 0);
	CHECK_EQ(rnp_dom_of(&pw, 1), 1);
	CHECK_EQ(rnp_dom_of(&pw, 4), 0);
	CHECK_EQ(rnp_dom_of(&pw, 255), 3);
	CHECK_EQ(rnp_dom_of(&pw, 256), 4);
	CHECK_EQ(rnp_dom_of(&pw, 1023), 15);
	CHECK_EQ(rnp_dom_of(&pw, 1100), 16); /* baseline beyond the file: an extra sub-array */
	/* the RT vs the whole file ungated: 1.08 / (1024 x 0.0875) = 1.205 % (paper: 1.2 %) */
	CHECK(fabs(pw.rt_mw / (pw.phys * pw.reg_mw) - 0.012054) < 1e-5);
	CHECK(strstr(pw.basis, "jeon2014.tsv") != NULL);
	/* scaled file: 256 registers, 16 domains of 16: per register constant, per domain 16 x 87.5 uW;
	 * table 816 x 8 bits = 1.08 x 6528 / 8160 */
	if (init(&pw, 256, 4, 4, 816) == 0) {
		CHECK(NEAR(pw.reg_mw, 0.0875) && NEAR(pw.dom_mw, 1.4) && NEAR(pw.rt_mw, 0.864));
		CHECK_EQ(pw.dom_regs, 16);
		CHECK_EQ(rnp_dom_of(&pw, 64), 4);
	}
	if (init(&pw, 1024, 2, 8, 3024) == 0) {
		CHECK(NEAR(pw.dom_mw, 5.6) && NEAR(pw.rt_mw, 1.08 * 30240 / 8160));
		CHECK_EQ(rnp_dom_of(&pw, 129), 3); /* sub-array 1 (128 per), bank 1: 1*2 + 1 */
	}
	char err[256];
	CHECK(rnp_init(&pw, 1000, 4, 4, 816, err, sizeof err) == -1 && strstr(err, "powers of two") != NULL);
	CHECK(rnp_init(&pw, 16, 8, 4, 816, err, sizeof err) == -1);
}

static void counting(void)
{
	static rn_power pw;
	if (init(&pw, 1024, 4, 4, 816))
		return;
	uint64_t r[16], d[2];
	/* cycle 1: registers 0, 1, 256 on (domains 0, 1, 4); baseline writes id 5 (domain 1) */
	memset(r, 0, sizeof r);
	memset(d, 0, sizeof d);
	set(r, 0), set(r, 1), set(r, 256), set(d, 0), set(d, 1), set(d, 4);
	CHECK(rnp_cycle(&pw, r, d, (const int[]){5}, 1) == 0);
	/* cycle 2: register 0 on; baseline writes 5 (again), 6 (domain 2), 300 (domain 4):
	 * two new registers and two new domains, each +1 for its wake-up cycle */
	memset(r, 0, sizeof r);
	memset(d, 0, sizeof d);
	set(r, 0), set(d, 0);
	CHECK(rnp_cycle(&pw, r, d, (const int[]){5, 6, 300}, 3) == 0);
	/* cycle 3: nothing on, nothing written */
	memset(r, 0, sizeof r);
	memset(d, 0, sizeof d);
	CHECK(rnp_cycle(&pw, r, d, NULL, 0) == 0);
	CHECK_EQ(pw.cycles, 3);
	CHECK_EQ(pw.reg_on_cycles, 4);        /* 3 + 1 + 0 */
	CHECK_EQ(pw.dom_on_cycles, 4);        /* 3 + 1 + 0 */
	CHECK_EQ(pw.base_reg_on_cycles, 9);   /* 1 + (2 wake + 3) + 3 */
	CHECK_EQ(pw.base_dom_on_cycles, 9);   /* 1 + (2 wake + 3) + 3 */
	CHECK_EQ(pw.peak_occ, 3);
	CHECK_EQ(pw.peak_dom, 3);
	CHECK_EQ(pw.base_peak, 3);
	/* pJ = mW x on-cycles x 1.25 ns */
	CHECK(NEAR(rnp_energy_pj(&pw, RNP_REG, RNP_RENAMING), 0.4375));
	CHECK(NEAR(rnp_energy_pj(&pw, RNP_REG, RNP_BASELINE), 0.984375));
	CHECK(NEAR(rnp_energy_pj(&pw, RNP_DOM, RNP_RENAMING), 28.0));
	CHECK(NEAR(rnp_energy_pj(&pw, RNP_DOM, RNP_BASELINE), 63.0));
	CHECK(NEAR(rnp_rt_energy_pj(&pw), 4.05));
	CHECK(NEAR(rnp_ungated_pj(&pw), 336.0));
	/* a launch clears the baseline: the next cycle has nothing touched */
	rnp_launch(&pw, 0);
	CHECK(rnp_cycle(&pw, r, d, NULL, 0) == 0);
	CHECK_EQ(pw.base_reg_on_cycles, 9);
	/* dom_on_o that disagrees with reg_on_o is reported */
	set(r, 0);
	CHECK(rnp_cycle(&pw, r, d, NULL, 0) == -1);
	CHECK_EQ(pw.dom_mismatch, 1);
	/* NULL dom_on: no check */
	CHECK(rnp_cycle(&pw, r, NULL, NULL, 0) == 0);
	/* baseline ids out of range are ignored */
	CHECK(rnp_cycle(&pw, r, NULL, (const int[]){-1, RNP_MAX_BASE}, 2) == 0);
	CHECK_EQ(pw.base_regs, 0);
}

static void exempt(void)
{
	static rn_power pw;
	if (init(&pw, 1024, 4, 4, 816))
		return;
	uint64_t r[16] = {0}, d[2] = {0};
	rnp_launch(&pw, 2); /* ids 0 and 1 are reserved exempt registers */
	set(r, 0), set(r, 1), set(r, 2), set(d, 0), set(d, 1), set(d, 2);
	CHECK(rnp_cycle(&pw, r, d, NULL, 0) == 0);
	CHECK_EQ(pw.reg_on_cycles, 1);   /* only id 2: the exempt ones are not written yet */
	CHECK_EQ(pw.dom_on_cycles, 1);   /* domain 2 */
	CHECK_EQ(pw.peak_occ, 3);        /* the block's own view counts them */
	rnp_exempt_written(&pw, 0);
	rnp_exempt_written(&pw, 5);      /* not exempt: ignored */
	CHECK(rnp_cycle(&pw, r, d, NULL, 0) == 0);
	CHECK_EQ(pw.reg_on_cycles, 3);   /* + ids 0, 2 */
	CHECK_EQ(pw.dom_on_cycles, 3);   /* + domains 0, 2 */
	CHECK_EQ(pw.peak_on, 2);
	rnp_launch(&pw, 2);              /* a new kernel: not written again */
	CHECK(rnp_cycle(&pw, r, d, NULL, 0) == 0);
	CHECK_EQ(pw.reg_on_cycles, 4);
}

static void big_baseline(void)
{
	static rn_power pw;
	if (init(&pw, 1024, 4, 4, 816))
		return;
	uint64_t r[16] = {0};
	/* a baseline of 1101 registers (nbody-like): id 1100 is in extra domain 16 */
	CHECK(rnp_cycle(&pw, r, NULL, (const int[]){1100, 0}, 2) == 0);
	CHECK_EQ(pw.base_regs, 2);
	CHECK_EQ(pw.base_doms, 2);
	CHECK_EQ(pw.base_reg_total, 1101);
	CHECK_EQ(pw.base_dom_total, 17);
}

static void sleep_fraction(void)
{
	char path[4096], err[512];
	wg_ptable_path(RN_ENERGY_TABLE, path, sizeof path);
	FILE *f = fopen(path, "rb");
	CHECK(f != NULL);
	if (!f)
		return;
	static char text[1 << 16], edited[1 << 16];
	size_t len = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[len] = '\0';
	const char *key = "power_gating\tsleep_leakage_fraction\t0\t";
	char *at = strstr(text, key);
	CHECK(at != NULL);
	if (!at)
		return;
	snprintf(edited, sizeof edited, "%.*spower_gating\tsleep_leakage_fraction\t0.1\t%s", (int)(at - text), text,
		 at + strlen(key));
	wg_ptable t;
	CHECK(wg_ptable_parse(&t, "sleep.tsv", edited, err, sizeof err) == 0);
	static rn_power pw;
	CHECK(rnp_init_table(&pw, &t, 1024, 4, 4, 816, err, sizeof err) == 0);
	wg_ptable_free(&t);
	CHECK(NEAR(pw.sleep_frac, 0.1));
	uint64_t r[16] = {0}, d[2] = {0};
	set(r, 0), set(d, 0);
	CHECK(rnp_cycle(&pw, r, d, (const int[]){7}, 1) == 0);
	CHECK(rnp_cycle(&pw, r, d, NULL, 0) == 0);
	/* 2 cycles: renaming 1 register on (1023 off): 0.0875 x (2 + 0.1 x 2046) x 1.25 */
	CHECK(NEAR(rnp_energy_pj(&pw, RNP_REG, RNP_RENAMING), 0.0875 * (2 + 0.1 * 2046) * 1.25));
	/* baseline: register 7 on in both cycles (first write in cycle 1: no wake-up cycle before it) */
	CHECK(NEAR(rnp_energy_pj(&pw, RNP_REG, RNP_BASELINE), 0.0875 * (2 + 0.1 * 2046) * 1.25));
	CHECK(NEAR(rnp_energy_pj(&pw, RNP_DOM, RNP_RENAMING), 5.6 * (2 + 0.1 * 30) * 1.25));
	/* the ungated file: every register on */
	CHECK(NEAR(rnp_ungated_pj(&pw), 0.0875 * 1024 * 2 * 1.25));
}

int main(void)
{
	numbers();
	counting();
	exempt();
	big_baseline();
	sleep_fraction();
	return wg_check_done();
}
