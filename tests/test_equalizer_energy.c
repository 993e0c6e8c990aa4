/* test_equalizer_energy.c - Equalizer's energy rows (power_tables/sethia2015.tsv,
 * chapter III) and model (power_tables/equalizer_energy.c, docs/energy-model.md
 * §6): the rows load with their kinds, every event of `equalizer` and
 * `vf_manager` has its not-given row and is priced 0 with not_given set (and
 * so is the composition `equalizer_gpu`), the derived rows follow from their
 * inputs (1.15^2, 0.85^2, 4 x 11 + 12), the descriptors' storage matches the
 * rows, and malformed or missing rows give errors naming the file and line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "equalizer.h"
#include "equalizer_energy.h"
#include "vf_manager.h"
#include "vf_manager_energy.h"
#include "wg_buf.h"
#include "wg_check.h"
#include "wg_desc.h"
#include "wg_energy.h"
#include "wg_ptable.h"
#include "wg_ptable_test.h"

static char path[4096];

static void rows(void)
{
	wg_ptable t;
	if (wg_pt_load(&t, path))
		return;
	const wg_kind S = WG_KIND_STATED, D = WG_KIND_DERIVED, A = WG_KIND_ASSUMED, N = WG_KIND_NOT_GIVEN;
	/* §3.4, §3.5.1.2 */
	wg_pt_row(&t, "equalizer", "sample_period", 128, S);
	wg_pt_row(&t, "equalizer", "epoch", 4096, S);
	wg_pt_row(&t, "equalizer", "samples_per_epoch", 32, S);
	wg_pt_row(&t, "equalizer", "warps", 48, S);
	wg_pt_row(&t, "equalizer", "max_ctas", 8, S);
	wg_pt_row(&t, "equalizer", "counter_max", 1536, S);
	wg_pt_row(&t, "equalizer", "stat_counters", 4, S);
	wg_pt_row(&t, "equalizer", "counter_bits", 11, S);
	wg_pt_row(&t, "equalizer", "cycle_counter_bits", 12, S);
	wg_pt_row(&t, "equalizer", "new_counters", 5, S);
	wg_pt_row(&t, "equalizer", "storage_stats_bits", 56, D);
	wg_pt_row(&t, "equalizer", "storage_controller_bits", 85, A);
	wg_pt_row(&t, "equalizer", "storage_total_bits", 141, A);
	wg_pt_row(&t, "equalizer", "decision_period", 4096, S);
	wg_pt_row(&t, "equalizer", "hysteresis", 3, S);
	wg_pt_row(&t, "equalizer", "area", 0, N);
	wg_pt_row(&t, "equalizer", "power", 0, N);
	/* §3.4.3, §3.5.1.1, Tab. 3.3 */
	wg_pt_row(&t, "vf", "levels_per_domain", 3, S);
	wg_pt_row(&t, "vf", "sm_freq_step", 0.15, S);
	wg_pt_row(&t, "vf", "mem_freq_step", 0.15, S);
	wg_pt_row(&t, "vf", "voltage_step", 0.15, S);
	wg_pt_row(&t, "vf", "power_models", 5, S);
	wg_pt_row(&t, "vf", "sm_transition_latency", 512, S);
	const wg_prow *ml = wg_pt_row(&t, "vf", "mem_transition_latency", 512, A);
	CHECK(ml && strstr(ml->derivation, "no memory-domain transition latency") != NULL);
	const wg_prow *hi = wg_pt_row(&t, "vf", "dynamic_energy_factor_high", 1.3225, D);
	const wg_prow *lo = wg_pt_row(&t, "vf", "dynamic_energy_factor_low", 0.7225, D);
	CHECK(hi && strstr(hi->derivation, "1.15^2 = 1.3225") != NULL);
	CHECK(lo && strstr(lo->derivation, "0.85^2 = 0.7225") != NULL);
	wg_pt_row(&t, "vf", "leakage_power_factor", 1, A);
	wg_pt_row(&t, "vf", "nominal_voltage", 0, N);
	wg_pt_row(&t, "vf", "transition_energy", 0, N);
	wg_pt_row(&t, "gpu", "leakage_baseline", 41.9, S);
	wg_pt_row(&t, "dram", "peak_bandwidth", 192, S);
	wg_pt_row(&t, "dram", "standby_current_increase", 0.3, S);
	wg_pt_row(&t, "dram", "idd2n", 0, N);
	wg_pt_row(&t, "eq_result", "energy_mode_energy_saving", 0.15, S);
	wg_pt_row(&t, "eq_result", "perf_mode_speedup", 0.22, S);

	/* derived rows = their stated inputs */
#define V(s, q) (wg_ptable_find(&t, s, q) ? wg_ptable_find(&t, s, q)->value : -1e300)
	double step = V("vf", "voltage_step");
	CHECK(NEAR(V("vf", "freq_high"), 1 + V("vf", "sm_freq_step")));
	CHECK(NEAR(V("vf", "freq_low"), 1 - V("vf", "sm_freq_step")));
	CHECK(NEAR(V("vf", "voltage_high"), 1 + step) && NEAR(V("vf", "voltage_low"), 1 - step));
	CHECK(NEAR(V("vf", "dynamic_energy_factor_high"), pow(V("vf", "voltage_high"), 2)));
	CHECK(NEAR(V("vf", "dynamic_energy_factor_low"), pow(V("vf", "voltage_low"), 2)));
	CHECK(NEAR(V("vf", "dynamic_energy_factor_high"), 1.15 * 1.15));
	CHECK(NEAR(V("vf", "dynamic_energy_factor_low"), 0.85 * 0.85));
	CHECK(NEAR(V("vf", "dynamic_power_factor_high"), pow(1 + step, 3)));
	CHECK(NEAR(V("vf", "dynamic_power_factor_low"), pow(1 - step, 3)));
	CHECK(NEAR(V("equalizer", "samples_per_epoch_check"), V("equalizer", "epoch") / V("equalizer", "sample_period")));
	CHECK(NEAR(V("equalizer", "samples_per_epoch_check"), V("equalizer", "samples_per_epoch")));
	CHECK(NEAR(V("equalizer", "counter_max_check"), V("equalizer", "warps") * V("equalizer", "samples_per_epoch")));
	CHECK(NEAR(V("equalizer", "counter_max_check"), V("equalizer", "counter_max")));
	CHECK(NEAR(V("equalizer", "counter_bits_check"), ceil(log2(V("equalizer", "counter_max") + 1))));
	CHECK(NEAR(V("equalizer", "counter_bits_check"), V("equalizer", "counter_bits")));
	CHECK(NEAR(V("equalizer", "cycle_counter_bits_check"), log2(V("equalizer", "epoch"))));
	CHECK(NEAR(V("equalizer", "cycle_counter_bits_check"), V("equalizer", "cycle_counter_bits")));
	CHECK(NEAR(V("equalizer", "storage_stats_bits"),
		   V("equalizer", "stat_counters") * V("equalizer", "counter_bits") + V("equalizer", "cycle_counter_bits")));
	CHECK(NEAR(V("equalizer", "stat_counters") + 1, V("equalizer", "new_counters")));
	CHECK(NEAR(V("equalizer", "storage_stats_gpu_bits"), V("gpu", "sms") * V("equalizer", "storage_stats_bits")));
	CHECK(NEAR(V("equalizer", "storage_total_bits"),
		   V("equalizer", "storage_stats_bits") + V("equalizer", "storage_controller_bits")));
	CHECK(NEAR(V("equalizer", "decisions_per_cycle"), 1 / V("equalizer", "decision_period")));
	CHECK(NEAR(V("equalizer", "samples_per_cycle"), 1 / V("equalizer", "sample_period")));
	CHECK(NEAR(V("dram", "standby_current_ratio"), 1 + V("dram", "standby_current_increase")));

	/* the descriptors' defaults: the thesis's 56 bits are the parts with a source, the rest the controller */
	const wg_block *eq = wg_block_find("equalizer"), *vfm = wg_block_find("vf_manager");
	CHECK(eq && vfm);
	if (eq && vfm) {
		long p[WG_MAX_PARAMS];
		wg_storage_part part[WG_MAX_STORAGE_PARTS];
		wg_params_default(eq, p);
		CHECK_EQ(p[EQ_P_SAMPLE_PERIOD], (long)V("equalizer", "sample_period"));
		CHECK_EQ(p[EQ_P_EPOCH], (long)V("equalizer", "epoch"));
		CHECK_EQ(p[EQ_P_WARPS], (long)V("equalizer", "warps"));
		CHECK_EQ(p[EQ_P_MAX_CTAS], (long)V("equalizer", "max_ctas"));
		CHECK_EQ(p[EQ_P_HYSTERESIS], (long)V("equalizer", "hysteresis"));
		int np = eq->storage_parts(p, part);
		long stats = 0;
		for (int k = 0; k < np; k++)
			if (part[k].paper)
				stats += part[k].bits;
		CHECK_EQ(stats, (long)V("equalizer", "storage_stats_bits"));
		CHECK_EQ(eq->storage_bits(p), (long)V("equalizer", "storage_total_bits"));
		wg_params_default(vfm, p);
		CHECK_EQ(p[VFM_P_SM_LAT], (long)V("vf", "sm_transition_latency"));
		CHECK_EQ(p[VFM_P_MEM_LAT], (long)V("vf", "mem_transition_latency"));
		CHECK_EQ(p[VFM_P_SMS], (long)V("gpu", "sms"));
	}
#undef V
	wg_ptable_free(&t);
}

/* Every event of b has its not-given row in the table; the model prices it 0 with not_given. */
static void block_model(const char *name, const char *structure)
{
	const wg_block *b = wg_block_find(name);
	CHECK(b != NULL);
	if (!b)
		return;
	CHECK(wg_energy_table_name(b) && strcmp(wg_energy_table_name(b), "sethia2015.tsv") == 0);
	wg_ptable t;
	char err[512];
	if (wg_ptable_load(&t, path, err, sizeof err) != 0) {
		CHECK(0);
		return;
	}
	for (int e = 0; e < b->nevents; e++) {
		char q[96];
		snprintf(q, sizeof q, "%s_energy", b->events[e].name);
		const wg_prow *r = wg_pt_row(&t, structure, q, 0, WG_KIND_NOT_GIVEN);
		CHECK(r && strstr(r->derivation, "no pJ in the thesis") != NULL);
	}
	wg_pt_row(&t, structure, "leakage", 0, WG_KIND_NOT_GIVEN);
	wg_ptable_free(&t);

	long p[WG_MAX_PARAMS];
	wg_params_default(b, p);
	wg_energy_model m;
	int rc = wg_energy_model_init(&m, b, p, err, sizeof err);
	CHECK(rc == 0);
	if (rc) {
		printf("  %s: %s\n", name, err);
		return;
	}
	CHECK_EQ(m.nevents, b->nevents);
	uint64_t c[WG_MAX_EVENTS];
	for (int e = 0; e < b->nevents; e++) {
		CHECK(m.not_given[e] == 1 && m.pj[e] == 0 && m.base_pj[e] == 0);
		CHECK(strstr(m.basis[e], "not given by the papers (sethia2015.tsv:") == m.basis[e]);
		CHECK(strstr(m.basis[e], "no pJ in the thesis") != NULL);
		c[e] = 1000 + (uint64_t)e;
	}
	CHECK(m.leak_not_given && m.leak_mw == 0 && NEAR(m.clock_ghz, 0.7));
	CHECK(wg_energy_total(&m, c, 100000, NULL) == 0.0);

	/* the notes say there is no pJ and give the relative figures and the V^2 rule */
	wg_buf o = {0};
	CHECK(wg_energy_notes(b, p, &o, err, sizeof err) == 0);
	CHECK(o.s && strstr(o.s, "NOT GIVEN in pJ") != NULL);
	CHECK(o.s && strstr(o.s, "by (V/V0)^2: 1.3225 at high,\n0.7225 at low") != NULL);
	CHECK(o.s && strstr(o.s, "4096-cycle epoch") != NULL);
	if (strcmp(name, "equalizer") == 0)
		CHECK(o.s && strstr(o.s, "56 bits per SM") && strstr(o.s, "'insignificant'"));
	wg_buf_free(&o);
}

static void composition(void)
{
	const wg_block *g = wg_block_find("equalizer_gpu"), *eq = wg_block_find("equalizer"),
		       *vfm = wg_block_find("vf_manager");
	CHECK(g && eq && vfm);
	if (!g || !eq || !vfm)
		return;
	CHECK_EQ(g->nevents, eq->nevents + vfm->nevents);
	long p[WG_MAX_PARAMS];
	char err[512];
	wg_params_default(g, p);
	wg_energy_model m;
	int rc = wg_energy_model_init(&m, g, p, err, sizeof err);
	CHECK(rc == 0);
	if (rc) {
		printf("  equalizer_gpu: %s\n", err);
		return;
	}
	for (int e = 0; e < g->nevents; e++)
		CHECK(m.not_given[e] == 1 && m.pj[e] == 0);
	CHECK(strstr(m.basis[0], "eq: not given") == m.basis[0]);
	CHECK(strstr(m.basis[eq->nevents], "vfm: not given") == m.basis[eq->nevents]);
	CHECK(m.leak_not_given && m.leak_mw == 0);
}

/* Malformed or missing rows: errors name the file and the line (or the row). */
static void errors(void)
{
	wg_ptable t;
	char err[512], want[4200];
	int line = wg_pt_line(path, "vf", "dynamic_energy_factor_high");
	CHECK(line > 0);
	/* a value with a unit glued on */
	CHECK(wg_pt_parse_edited(&t, path, "vf\tdynamic_energy_factor_high\t",
			         "vf\tdynamic_energy_factor_high\t1.3225x\tx nominal\t-\t-\tSethia\tderived\t1.15^2", err,
			         sizeof err) == -1);
	snprintf(want, sizeof want, "%s:%d: value '1.3225x' is not a number", path, line);
	CHECK(strcmp(err, want) == 0);
	if (strcmp(err, want))
		printf("  got: %s\n  want: %s\n", err, want);
	/* a derived row without its derivation */
	CHECK(wg_pt_parse_edited(&t, path, "vf\tdynamic_energy_factor_high\t",
			         "vf\tdynamic_energy_factor_high\t1.3225\tx nominal\t-\t-\tSethia\tderived\t-", err, sizeof err) == -1);
	snprintf(want, sizeof want, "%s:%d: derived row vf has no derivation", path, line);
	CHECK(strstr(err, want) == err);
	/* eight columns */
	CHECK(wg_pt_parse_edited(&t, path, "vf\tdynamic_energy_factor_high\t",
			         "vf\tdynamic_energy_factor_high\t1.3225\tx nominal\t-\t-\tderived\t1.15^2", err, sizeof err) == -1);
	snprintf(want, sizeof want, "%s:%d: expected 9 tab-separated columns, found 8", path, line);
	CHECK(strcmp(err, want) == 0);
	/* a not-given event row with a number */
	line = wg_pt_line(path, "equalizer", "decide_energy");
	CHECK(wg_pt_parse_edited(&t, path, "equalizer\tdecide_energy\t",
			         "equalizer\tdecide_energy\t0\tpJ/event\t-\t-\tSethia\tnot-given\tinsignificant", err, sizeof err) == -1);
	snprintf(want, sizeof want, "%s:%d: not-given row equalizer has value '0'", path, line);
	CHECK(strstr(err, want) == err);
	/* a missing event row is named by the model */
	const wg_block *eq = wg_block_find("equalizer"), *vfm = wg_block_find("vf_manager");
	long p[WG_MAX_PARAMS];
	snprintf(want, sizeof want, "%s: no row 'equalizer tchange_energy'", path);
	wg_pt_model_refuses(path, "equalizer\ttchange_energy\t", NULL, eq, equalizer_energy_model, want);
	snprintf(want, sizeof want, "%s: no row 'vf_manager leakage'", path);
	wg_pt_model_refuses(path, "vf_manager\tleakage\t", NULL, vfm, vf_manager_energy_model, want);
	/* a priced event of one's own is used (kind assumed), the others stay n/g */
	if (vfm && wg_pt_parse_edited(&t, path, "vf_manager\tstart_energy\t",
				      "vf_manager\tstart_energy\t2.5\tpJ/event\t40nm\t-\tmine\tassumed\tmy estimate", err,
				      sizeof err) == 0) {
		wg_energy_model m;
		memset(&m, 0, sizeof m);
		wg_params_default(vfm, p);
		CHECK(vf_manager_energy_model(&m, &t, vfm, p, err, sizeof err) == 0);
		CHECK(NEAR(m.pj[VFM_EV_START], 2.5) && !m.not_given[VFM_EV_START] && m.not_given[VFM_EV_ELECT]);
		wg_ptable_free(&t);
	} else {
		CHECK(0);
	}
}

int main(void)
{
	wg_ptable_path("sethia2015.tsv", path, sizeof path);
	rows();
	block_model("equalizer", "equalizer");
	block_model("vf_manager", "vf_manager");
	composition();
	errors();
	return wg_check_done();
}
