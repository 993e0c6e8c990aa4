/* test_rename_energy.c - the renaming table's energy model (power_tables/
 * rename_energy.c, docs/energy-model.md §4) on power_tables/jeon2014.tsv:
 * Table 2 at the default size, the size rules, the not-given events, run
 * totals, and the table's derived rows against their derivations. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rename.h"
#include "rename_energy.h"
#include "wg_buf.h"
#include "wg_check.h"
#include "wg_desc.h"
#include "wg_energy.h"
#include "wg_ptable.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9 * (1 + fabs(b)))
#define CLOSE(a, b) (fabs((a) - (b)) < 1e-6 * (1 + fabs(b)))

static const wg_block *rn;

static int model(wg_energy_model *m, const char *sets)
{
	long p[WG_MAX_PARAMS];
	char err[512], buf[512];
	wg_params_default(rn, p);
	snprintf(buf, sizeof buf, "%s", sets);
	for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
		if (wg_param_set(rn, p, tok, err, sizeof err)) {
			printf("  bad set %s: %s\n", tok, err);
			CHECK(0);
			return -1;
		}
	if (wg_params_check(rn, p, err, sizeof err)) {
		printf("  bad params (%s): %s\n", sets, err);
		CHECK(0);
		return -1;
	}
	int rc = wg_energy_model_init(m, rn, p, err, sizeof err);
	CHECK(rc == 0);
	if (rc)
		printf("  model: %s\n", err);
	return rc;
}

/* The shipped table with one row's value replaced ("structure\tquantity\t" -> value). */
static int table_with(wg_ptable *t, const char *key, const char *value)
{
	char path[4096], err[512];
	wg_ptable_path(RN_ENERGY_TABLE, path, sizeof path);
	char *s = wg_read_file(path, NULL, NULL, 0);
	CHECK(s != NULL);
	if (!s)
		return -1;
	char *at = strstr(s, key);
	CHECK(at != NULL);
	if (!at) {
		free(s);
		return -1;
	}
	char *v = at + strlen(key), *end = strchr(v, '\t');
	size_t need = strlen(s) + strlen(value) + 1;
	char *o = malloc(need);
	snprintf(o, need, "%.*s%s%s", (int)(v - s), s, value, end);
	int rc = wg_ptable_parse(t, "edited.tsv", o, err, sizeof err);
	CHECK(rc == 0);
	if (rc)
		printf("  %s\n", err);
	free(s);
	free(o);
	return rc;
}

static void defaults(void)
{
	wg_energy_model m;
	if (model(&m, ""))
		return;
	CHECK(m.nevents == RN_NEVENTS);
	CHECK(NEAR(m.pj[RN_EV_RT_READ], 1.14) && NEAR(m.pj[RN_EV_RT_WRITE], 1.14));
	CHECK(!m.not_given[RN_EV_RT_READ] && !m.not_given[RN_EV_RT_WRITE]);
	CHECK(strstr(m.basis[RN_EV_RT_READ], "Tab2") != NULL && strstr(m.basis[RN_EV_RT_READ], "816 x 10") != NULL);
	const int ng[] = {RN_EV_ALLOC_STALL, RN_EV_FREE, RN_EV_FC_HIT, RN_EV_FC_FILL, RN_EV_FC_READ, RN_EV_DOM_WAKE};
	for (size_t i = 0; i < sizeof ng / sizeof ng[0]; i++) {
		CHECK(m.not_given[ng[i]] == 1 && m.pj[ng[i]] == 0);
		CHECK(strstr(m.basis[ng[i]], "not given by the report (jeon2014.tsv:") == m.basis[ng[i]]);
	}
	CHECK(NEAR(m.leak_mw, 1.08) && !m.leak_not_given);
	CHECK(strstr(m.leak_basis, "4 banks x 0.27 mW") == m.leak_basis);
	CHECK(NEAR(m.clock_ghz, 0.8));
	CHECK(wg_energy_baseline(&m, (const uint64_t[RN_NEVENTS]){5, 5, 5, 5, 5, 5, 5, 5}) == 0.0);
	/* run total: 100 reads + 10 writes x 1.14, n/g events 0, 1.08 mW x 1000 cycles x 1.25 ns */
	uint64_t c[RN_NEVENTS] = {0};
	c[RN_EV_RT_READ] = 100;
	c[RN_EV_RT_WRITE] = 10;
	c[RN_EV_FREE] = 7;
	c[RN_EV_FC_HIT] = 3;
	c[RN_EV_DOM_WAKE] = 2;
	double per[RN_NEVENTS];
	CHECK(NEAR(wg_energy_total(&m, c, 1000, per), 125.4 + 1350.0));
	CHECK(NEAR(per[RN_EV_RT_READ], 114.0) && NEAR(per[RN_EV_RT_WRITE], 11.4) && per[RN_EV_FREE] == 0);
}

static void size_rules(void)
{
	wg_energy_model m;
	/* the unconstrained table: 3024 x 10 b in 4 banks = 7560 b per bank; 1.14 x (7560/2040)^0.5094 */
	if (model(&m, "RT_ENTRIES=3024") == 0) {
		CHECK(CLOSE(m.pj[RN_EV_RT_READ], 2.2217656432) && CLOSE(m.pj[RN_EV_RT_WRITE], 2.2217656432));
		CHECK(strstr(m.basis[RN_EV_RT_READ], "size rule") != NULL);
		CHECK(CLOSE(m.leak_mw, 4.0023529412)); /* 1.08 x 30240 / 8160 */
		CHECK(strstr(m.leak_basis, "linear in bits") != NULL);
	}
	/* one bank of 8160 b: 1.14 x 4^0.5094; leakage unchanged (same bits) */
	if (model(&m, "RT_BANKS=1") == 0) {
		CHECK(CLOSE(m.pj[RN_EV_RT_READ], 2.3099054893));
		CHECK(NEAR(m.leak_mw, 1.08));
	}
	/* 256 physical registers: 8-bit ids, 816 x 8 = 6528 b */
	if (model(&m, "PHYS_REGS=256") == 0) {
		CHECK(CLOSE(m.pj[RN_EV_RT_READ], 1.0175104794));
		CHECK(NEAR(m.leak_mw, 0.864));
	}
	CHECK_EQ(rn_energy_rt_bits(816, 1024), 8160);
	CHECK_EQ(rn_energy_rt_bits(3024, 1024), 30240);
	CHECK_EQ(rn_energy_rt_bits(100, 16), 400);
	/* exponent 0: the same 1.14 pJ at every size */
	wg_ptable t;
	if (table_with(&t, "rt\taccess_energy_exponent\t", "0") == 0) {
		double pj;
		char basis[160], err[256];
		CHECK(rn_energy_rt_access(&t, 3024, 4, 1024, &pj, basis, sizeof basis, err, sizeof err) == 0);
		CHECK(NEAR(pj, 1.14) && strstr(basis, "exponent 0") != NULL);
		wg_ptable_free(&t);
	}
}

/* Each derived row equals its derivation (the table is the single source of the numbers). */
static void derived_rows(void)
{
	char path[4096], err[512];
	wg_ptable t;
	wg_ptable_path(RN_ENERGY_TABLE, path, sizeof path);
	int rc = wg_ptable_load(&t, path, err, sizeof err);
	CHECK(rc == 0);
	if (rc) {
		printf("  %s\n", err);
		return;
	}
#define V(s, q) (wg_ptable_find(&t, s, q) ? wg_ptable_find(&t, s, q)->value : -1e300)
	CHECK(NEAR(V("rt", "leakage"), V("rt", "banks") * V("rt", "leakage_per_bank")));
	CHECK(NEAR(V("rf", "leakage"), V("rf", "banks_per_sm") * V("rf_bank", "leakage")));
	CHECK(fabs(V("rt", "leakage_vs_rf") - V("rt", "leakage") / V("rf", "leakage")) < 1e-5);
	CHECK(fabs(V("rt", "leakage_vs_rf") - V("result", "rt_static_overhead")) < 0.001); /* 1.205% vs stated 1.2% */
	CHECK(fabs(V("rt", "leakage_vs_rf_bank") - V("rt", "leakage") / V("rf_bank", "leakage")) < 1e-4);
	CHECK(NEAR(V("rf_subarray", "leakage"), V("rf_bank", "leakage") / V("rf_bank", "subarrays")));
	CHECK(NEAR(V("rf_entry", "leakage"), V("rf_bank", "leakage") / V("rf_bank", "entries")));
	CHECK(NEAR(V("rf_warp_register", "leakage"), 0.0875));
	CHECK(NEAR(V("rf_domain", "leakage"), V("rf", "registers_per_domain") * V("rf_warp_register", "leakage")));
	CHECK(NEAR(V("rf_domain", "leakage"), V("rf", "clusters") * V("rf_subarray", "leakage")));
	CHECK(NEAR(V("rf", "warp_operand_energy"), 8 * V("rf_bank", "access_energy")));
	CHECK(NEAR(V("technology", "clock"), 1.0 / V("technology", "cycle_time")));
	CHECK(NEAR(V("rt", "capacity_unconstrained_bytes"), 48 * 63 * 10 / 8.0));
	CHECK(NEAR(V("release_flag_cache", "capacity"), V("release_flag_cache", "entries") * V("release_flag_cache", "entry_bits") / 8));
	CHECK(fabs(V("rt", "access_energy_exponent") - log(4.68 / 1.14) / log(16.0)) < 1e-4);
	CHECK(wg_ptable_find(&t, "rename", "free_energy")->kind == WG_KIND_NOT_GIVEN);
	CHECK(wg_ptable_find(&t, "rt", "access_energy")->kind == WG_KIND_STATED);
#undef V
	wg_ptable_free(&t);
}

int main(void)
{
	rn = wg_block_find("rename");
	CHECK(rn != NULL);
	if (!rn)
		return wg_check_done();
	CHECK(strcmp(wg_energy_table_name(rn), "jeon2014.tsv") == 0);
	defaults();
	size_rules();
	derived_rows();
	return wg_check_done();
}
