/* test_paper_tables.c - the power tables of the hybrid CMOS/TFET register
 * file (power_tables/xie2017.tsv) and of sync-aware power gating
 * (power_tables/jooya2013.tsv), docs/energy-model.md §8: both load, every
 * row another module reads is present with its value and kind, every derived
 * row equals its arithmetic on the rows it names, the default wake-up pair is
 * the smallest studied pair with y > x, and every row says where it comes
 * from. Also the issue-8 audit of the older tables: Gebhart Tables 2, 3 and
 * 5, Jeon Tables 2 and 4, and the APOGEE rows appended to sethia2015.tsv. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_check.h"
#include "wg_ptable.h"
#include "wg_ptable_test.h"

static const wg_kind S = WG_KIND_STATED, D = WG_KIND_DERIVED, A = WG_KIND_ASSUMED, N = WG_KIND_NOT_GIVEN;

/* Value of row (s, q), or NAN when missing (then every comparison fails). */
static double val(const wg_ptable *t, const char *s, const char *q)
{
	const wg_prow *r = wg_ptable_find(t, s, q);
	if (!r)
		printf("  missing row %s %s\n", s, q);
	return r ? r->value : NAN;
}

/* |a - b| <= tol, printing both on failure. */
static void near_tol(double a, double b, double tol, const char *what)
{
	int ok = fabs(a - b) <= tol;
	CHECK(ok);
	if (!ok)
		printf("  %s: %.9g, expected %.9g\n", what, a, b);
}

/* Every row of t: its source names the paper (stated, not-given) or says
 * "derived"/"assumption" (derived, assumed); non-stated rows explain
 * themselves; not-given rows carry no number. */
static void provenance(const wg_ptable *t, const char *paper)
{
	int bad = 0;
	for (int i = 0; i < t->nrows; i++) {
		const wg_prow *r = &t->rows[i];
		int ok = 1;
		if (r->kind == WG_KIND_STATED || r->kind == WG_KIND_NOT_GIVEN)
			ok = strstr(r->source, paper) != NULL;
		else if (r->kind == WG_KIND_DERIVED)
			ok = strstr(r->source, "derived") != NULL || strstr(r->source, paper) != NULL;
		else
			ok = strstr(r->source, "assumption") != NULL;
		if (r->kind != WG_KIND_STATED)
			ok = ok && strlen(r->derivation) > 10;
		if (r->kind == WG_KIND_NOT_GIVEN)
			ok = ok && r->value == 0;
		if (!ok) {
			printf("  %s:%d: row %s %s: source '%s' / derivation '%s'\n", t->path, r->line, r->structure,
			       r->quantity, r->source, r->derivation);
			bad++;
		}
	}
	CHECK(bad == 0);
	CHECK(t->nrows > 20);
}

static void xie(const char *path)
{
	wg_ptable t;
	if (wg_pt_load(&t, path))
		return;
	provenance(&t, "Xie'17");
	/* rows the hybrid-RF code reads (names fixed) */
	wg_pt_row(&t, "rf_cmos", "access_cycles", 1, D);
	wg_pt_row(&t, "rf_tfet", "access_cycles", 2, S);
	wg_pt_row(&t, "rf_cmos", "vdd", 0.7, S);
	wg_pt_row(&t, "rf_tfet", "vdd", 0.3, S);
	wg_pt_row(&t, "core", "clock", 1, S);
	const wg_prow *cv2 = wg_pt_row(&t, "rf_tfet", "dynamic_ratio_cv2", 0.1837, A);
	CHECK(cv2 && strstr(cv2->derivation, "(0.3 / 0.7)^2") != NULL && strstr(cv2->derivation, "IF") != NULL);
	wg_pt_row(&t, "rf_cmos", "read_energy", 0, N);
	wg_pt_row(&t, "rf_tfet", "read_energy", 0, N);
	wg_pt_row(&t, "rf_cmos", "write_energy", 0, N);
	wg_pt_row(&t, "rf_tfet", "write_energy", 0, N);
	wg_pt_row(&t, "rf_cmos", "leakage", 0, N);
	wg_pt_row(&t, "rf_tfet", "leakage", 0, N);
	wg_pt_row(&t, "technology", "node", 0, N);
	const wg_prow *v = wg_ptable_find(&t, "rf_tfet", "vdd");
	CHECK(v && strcmp(v->voltage, "0.3") == 0);
	/* stated numbers of the paper */
	wg_pt_row(&t, "rf_tfet", "access_delay_extra", 1, S);
	wg_pt_row(&t, "memory", "clock", 1.25, S);
	wg_pt_row(&t, "rf", "capacity_per_sm", 131072, S);
	wg_pt_row(&t, "rf", "banks_per_sm", 32, S);
	wg_pt_row(&t, "rf_bank", "entries", 256, S);
	wg_pt_row(&t, "rf_cmos", "entries_per_bank", 200, S);
	wg_pt_row(&t, "rf_tfet", "entries_per_bank", 56, S);
	wg_pt_row(&t, "rf_cmos", "share", 0.78, S);
	wg_pt_row(&t, "rename", "area_fraction_of_rf", 0.01, S);
	wg_pt_row(&t, "mem_ra_hw", "area_fraction_of_rf", 0.02, S);
	wg_pt_row(&t, "mem_ra_hw", "power_fraction_of_rf", 0.012, S);
	wg_pt_row(&t, "rename", "perf_overhead", 0.015, S);
	wg_pt_row(&t, "rename", "storage_bits", 5120, D);
	wg_pt_row(&t, "stall_counter", "storage_bits", 352, D);
	wg_pt_row(&t, "all_tfet", "energy_fraction", 0.14, S);
	wg_pt_row(&t, "all_tfet", "time_increase", 0.45, S);
	wg_pt_row(&t, "drowsy", "energy_reduction", 0.07, S);
	wg_pt_row(&t, "cmos_ra", "energy_reduction", 0.123, S);
	wg_pt_row(&t, "cmos_ra", "time_increase", 0.023, S);
	wg_pt_row(&t, "mem_ra", "energy_reduction", 0.34, S);
	wg_pt_row(&t, "mem_ra", "dynamic_reduction", 0.14, S);
	wg_pt_row(&t, "mem_ra", "leakage_reduction", 0.19, S);
	wg_pt_row(&t, "mem_ra", "tfet_energy_share", 0.042, S);
	wg_pt_row(&t, "mem_ra", "tfet_energy_share_mem", 0.079, S);
	wg_pt_row(&t, "full", "energy_reduction", 0.4, S);
	wg_pt_row(&t, "full", "energy_reduction_mem", 0.54, S);
	wg_pt_row(&t, "full", "dynamic_reduction_mem", 0.21, S);
	wg_pt_row(&t, "full", "leakage_reduction_mem", 0.33, S);
	wg_pt_row(&t, "rf", "share_of_sm_power_min", 0.15, S);
	wg_pt_row(&t, "rf", "share_of_sm_power_max", 0.2, S);

	/* derived rows = their arithmetic */
	double vc = val(&t, "rf_cmos", "vdd"), vt = val(&t, "rf_tfet", "vdd");
	near_tol(val(&t, "rf_tfet", "dynamic_ratio_cv2"), (vt / vc) * (vt / vc), 5e-5, "cv2 ratio");
	near_tol(val(&t, "rf_cmos", "access_cycles"),
		 val(&t, "rf_tfet", "access_cycles") - val(&t, "rf_tfet", "extra_access_cycles"), 0, "cmos cycles");
	near_tol(val(&t, "rf_tfet", "extra_access_cycles_check"),
		 val(&t, "rf_tfet", "access_delay_extra") * val(&t, "core", "clock"), 0, "extra cycles");
	near_tol(val(&t, "core", "cycle_time"), 1 / val(&t, "core", "clock"), 1e-12, "cycle time");
	double ent = val(&t, "rf_bank", "entries"), banks = val(&t, "rf", "banks_per_sm");
	double ce = val(&t, "rf_cmos", "entries_per_bank"), te = val(&t, "rf_tfet", "entries_per_bank");
	double wpr = val(&t, "rf", "banks_per_warp_register"), ebytes = val(&t, "rf_bank", "entry_bits") / 8;
	near_tol(val(&t, "rf_bank", "capacity_check"), ent * ebytes, 0, "bank bytes");
	near_tol(val(&t, "rf_bank", "capacity_check"), val(&t, "rf_bank", "capacity"), 0, "bank bytes stated");
	near_tol(val(&t, "rf", "registers_32b_per_sm"), val(&t, "rf", "capacity_per_sm") * 8 / 32, 0, "regs/SM");
	near_tol(val(&t, "rf", "warp_registers_per_sm"), banks * ent / wpr, 0, "warp-regs/SM");
	near_tol(ce + te, ent, 0, "partition");
	near_tol(val(&t, "rf_cmos", "share_exact"), ce / ent, 1e-12, "share");
	near_tol(val(&t, "rf_cmos", "capacity_per_sm"), ce * ebytes * banks, 0, "cmos bytes");
	near_tol(val(&t, "rf_tfet", "capacity_per_sm"), te * ebytes * banks, 0, "tfet bytes");
	near_tol(val(&t, "rf_cmos", "registers_32b"), ce * 4 * banks, 0, "cmos regs");
	near_tol(val(&t, "rf_tfet", "registers_32b"), te * 4 * banks, 0, "tfet regs");
	near_tol(val(&t, "rf_cmos", "warp_registers"), ce * banks / wpr, 0, "cmos warp-regs");
	near_tol(val(&t, "rf_tfet", "warp_registers"), te * banks / wpr, 0, "tfet warp-regs");
	near_tol(val(&t, "rf_cmos", "warp_registers") + val(&t, "rf_tfet", "warp_registers"),
		 val(&t, "rf", "warp_registers_per_sm"), 0, "warp-regs sum");
	near_tol(val(&t, "sm", "warp_slots"), val(&t, "sm", "max_threads") / val(&t, "sm", "warp_size"), 0, "slots");
	near_tol(val(&t, "rename", "storage_bits"),
		 val(&t, "rat", "entries") * val(&t, "rat", "entry_bits") +
			 val(&t, "rename_fifo", "entries_total") * val(&t, "rename_fifo", "entry_bits"),
		 0, "rename bits");
	near_tol(val(&t, "stall_counter", "storage_bits"),
		 val(&t, "stall_counter", "count") * val(&t, "stall_counter", "bits"), 0, "counter bits");
	near_tol(val(&t, "stall_counter", "storage_bits_per_warp_slot"),
		 val(&t, "sm", "warp_slots") * val(&t, "stall_counter", "bits"), 0, "counter bits per slot");
	near_tol(pow(2, val(&t, "stall_counter", "bits")), val(&t, "stall_counter", "max_cycles"), 0, "2^11");
	near_tol(val(&t, "all_tfet", "energy_reduction"), 1 - val(&t, "all_tfet", "energy_fraction"), 1e-12, "all_TFET");
	near_tol(val(&t, "mem_ra", "split_sum"),
		 val(&t, "mem_ra", "dynamic_reduction") + val(&t, "mem_ra", "leakage_reduction"), 1e-12, "34 split");
	near_tol(val(&t, "full", "split_sum_mem"),
		 val(&t, "full", "dynamic_reduction_mem") + val(&t, "full", "leakage_reduction_mem"), 1e-12, "54 split");
	near_tol(val(&t, "full", "split_sum_mem"), val(&t, "full", "energy_reduction_mem"), 1e-12, "54 = 21 + 33");
	double sh = val(&t, "rf", "share_of_sm_power");
	near_tol(val(&t, "sm", "energy_saving_check"), sh * val(&t, "full", "energy_reduction"), 1e-12, "SM 6 %");
	near_tol(val(&t, "sm", "energy_saving_check_mem"), sh * val(&t, "full", "energy_reduction_mem"), 1e-12,
		 "SM 8.1 %");
	double lmax = val(&t, "calib", "leakage_reduction_max_static");
	near_tol(lmax, 1 - val(&t, "rf_cmos", "share"), 1e-12, "calib 22 %");
	near_tol(val(&t, "calib", "leakage_share_needed"), val(&t, "mem_ra", "leakage_reduction") / lmax, 5e-5,
		 "calib 0.8636");
	near_tol(val(&t, "calib", "leakage_share_needed_mem"), val(&t, "full", "leakage_reduction_mem") / lmax, 5e-5,
		 "calib 1.5");
	CHECK(val(&t, "calib", "leakage_share_needed_mem") > 1);
	wg_ptable_free(&t);
}

/* The studied points "<s> <prefix>1..n" of t into out; their number. */
static int studied(const wg_ptable *t, const char *s, const char *prefix, double *out, int max)
{
	int n = 0;
	char q[64];
	for (int i = 1; i <= max; i++) {
		snprintf(q, sizeof q, "%s%d", prefix, i);
		const wg_prow *r = wg_ptable_find(t, s, q);
		if (!r)
			break;
		CHECK(r->kind == WG_KIND_STATED);
		out[n++] = r->value;
	}
	return n;
}

static void jooya(const char *path)
{
	wg_ptable t;
	if (wg_pt_load(&t, path))
		return;
	provenance(&t, "Jooya DATE'13");
	/* rows the power-mode library reads (names fixed) */
	wg_pt_row(&t, "rf_active", "leakage_fraction", 1, D);
	wg_pt_row(&t, "rf_slg1", "leakage_reduction", 36, S);
	wg_pt_row(&t, "rf_slg1", "leakage_fraction", 0.64, D);
	wg_pt_row(&t, "rf_slg2", "leakage_reduction", 52, S);
	wg_pt_row(&t, "rf_slg2", "leakage_fraction", 0.48, D);
	wg_pt_row(&t, "rf_slg1", "wakeup_cycles_min", 1, S);
	wg_pt_row(&t, "rf_slg1", "wakeup_cycles_max", 24, S);
	wg_pt_row(&t, "rf_slg2", "wakeup_cycles_min", 2, S);
	wg_pt_row(&t, "rf_slg2", "wakeup_cycles_max", 35, S);
	wg_pt_row(&t, "rf_slg1", "wakeup_cycles", 3, A);
	wg_pt_row(&t, "rf_slg2", "wakeup_cycles", 4, A);
	const wg_prow *g = wg_pt_row(&t, "rf_gated", "leakage_fraction", 0, A);
	CHECK(g && strstr(g->source, "A18") != NULL && strstr(g->derivation, "contents lost") != NULL);
	wg_pt_row(&t, "rf_gated", "retains_data", 0, S);
	wg_pt_row(&t, "rf_slg1", "wakeup_energy", 0, N);
	wg_pt_row(&t, "rf_slg2", "wakeup_energy", 0, N);
	wg_pt_row(&t, "shader", "clock", 1.3, S);
	wg_pt_row(&t, "shader", "max_threads", 1024, S);
	wg_pt_row(&t, "gpu", "shaders", 30, S);
	wg_pt_row(&t, "slg_ctrl", "sstall_counter_bits", 10, S);
	wg_pt_row(&t, "slg_ctrl", "area_overhead_max", 0.005, S);
	wg_pt_row(&t, "result", "leakage_reduction_max", 0.22, S);
	wg_pt_row(&t, "technology", "node", 0, N);

	/* derived rows = their arithmetic */
	near_tol(val(&t, "rf_slg1", "leakage_fraction"), 1 - val(&t, "rf_slg1", "leakage_reduction") / 100, 1e-12,
		 "1 - 0.36");
	near_tol(val(&t, "rf_slg2", "leakage_fraction"), 1 - val(&t, "rf_slg2", "leakage_reduction") / 100, 1e-12,
		 "1 - 0.52");
	CHECK(val(&t, "rf_slg2", "leakage_fraction") < val(&t, "rf_slg1", "leakage_fraction"));
	CHECK(val(&t, "rf_slg1", "leakage_fraction") < val(&t, "rf_active", "leakage_fraction"));
	double clk = val(&t, "shader", "clock");
	near_tol(val(&t, "shader", "cycle_time"), 1 / clk, 5e-7, "cycle time");
	near_tol(val(&t, "shader", "warp_slots"), val(&t, "shader", "max_threads") / val(&t, "shader", "warp_width"), 0,
		 "warp slots");
	near_tol(pow(2, val(&t, "slg_ctrl", "sstall_counter_bits")), val(&t, "shader", "max_threads"), 0, "10 bits");
	near_tol(val(&t, "slg_ctrl", "mode_bits"),
		 val(&t, "shader", "warp_slots") * val(&t, "slg_ctrl", "mode_bits_per_warp"), 0, "mode bits");
	near_tol(val(&t, "rf_slg1", "wakeup_ns_max"), val(&t, "rf_slg1", "wakeup_cycles_max") / clk, 5e-5, "24 cyc ns");
	near_tol(val(&t, "rf_slg2", "wakeup_ns_max"), val(&t, "rf_slg2", "wakeup_cycles_max") / clk, 5e-5, "35 cyc ns");
	double x = val(&t, "rf_slg1", "wakeup_cycles"), y = val(&t, "rf_slg2", "wakeup_cycles");
	near_tol(val(&t, "rf_slg2", "to_slg1_cycles"), y - x, 0, "y - x");
	near_tol(val(&t, "calib", "slg2_time_share_for_max"),
		 val(&t, "result", "leakage_reduction_max") / (val(&t, "rf_slg2", "leakage_reduction") / 100), 5e-5,
		 "0.22 / 0.52");
	near_tol(val(&t, "calib", "slg1_time_share_for_max"),
		 val(&t, "result", "leakage_reduction_max") / (val(&t, "rf_slg1", "leakage_reduction") / 100), 5e-5,
		 "0.22 / 0.36");

	/* studied points (§IV-B) and the default pair */
	double xs[8], ys[8], zs[8];
	static const double want_x[] = {3, 4, 5, 13, 24}, want_y[] = {4, 5, 6, 7, 17, 35}, want_z[] = {3, 5, 10, 20};
	int nx = studied(&t, "rf_slg1", "wakeup_cycles_studied_", xs, 8);
	int ny = studied(&t, "rf_slg2", "wakeup_cycles_studied_", ys, 8);
	int nz = studied(&t, "pipeline", "fetch_to_rf_stages_studied_", zs, 8);
	CHECK_EQ(nx, 5);
	CHECK_EQ(ny, 6);
	CHECK_EQ(nz, 4);
	for (int i = 0; i < nx && i < 5; i++)
		near_tol(xs[i], want_x[i], 0, "studied x");
	for (int i = 0; i < ny && i < 6; i++)
		near_tol(ys[i], want_y[i], 0, "studied y");
	for (int i = 0; i < nz && i < 4; i++)
		near_tol(zs[i], want_z[i], 0, "studied z");
	for (int i = 0; i < nx; i++)
		CHECK(xs[i] >= val(&t, "rf_slg1", "wakeup_cycles_min") && xs[i] <= val(&t, "rf_slg1", "wakeup_cycles_max"));
	for (int i = 0; i < ny; i++)
		CHECK(ys[i] >= val(&t, "rf_slg2", "wakeup_cycles_min") && ys[i] <= val(&t, "rf_slg2", "wakeup_cycles_max"));
	/* the smallest studied pair with y > x: the least x, then the least y above it */
	double bx = INFINITY, by = INFINITY;
	for (int i = 0; i < nx; i++)
		for (int j = 0; j < ny; j++)
			if (ys[j] > xs[i] && (xs[i] < bx || (xs[i] == bx && ys[j] < by))) {
				bx = xs[i];
				by = ys[j];
			}
	near_tol(x, bx, 0, "default x");
	near_tol(y, by, 0, "default y");
	wg_ptable_free(&t);
}

/* The issue-8 audit of the older tables: the paper tables it names are all there. */
static void audit(void)
{
	char path[4096];
	wg_ptable t;
	/* Gebhart Table 2 (9 points x area, read, write), Table 3, Table 5 */
	wg_ptable_path("gebhart2011.tsv", path, sizeof path);
	if (wg_pt_load(&t, path) == 0) {
		static const double t2[3][3][3] = {
			{{5100, 1.2, 3.8}, {7400, 1.2, 4.4}, {9600, 1.9, 6.1}},
			{{7400, 1.2, 4.4}, {10800, 1.7, 5.4}, {14300, 2.2, 6.7}},
			{{9600, 1.9, 6.1}, {14300, 2.2, 6.7}, {18800, 3.4, 10.9}}};
		for (int i = 0; i < 3; i++)
			for (int j = 0; j < 3; j++) {
				char s[32];
				snprintf(s, sizeof s, "rfc_N%d_A%d", 4 + 2 * i, 4 + 2 * j);
				wg_pt_row(&t, s, "area", t2[i][j][0], S);
				wg_pt_row(&t, s, "read_energy", t2[i][j][1], S);
				wg_pt_row(&t, s, "write_energy", t2[i][j][2], S);
			}
		wg_pt_row(&t, "mrf_bank", "read_energy", 8, S);
		wg_pt_row(&t, "mrf_bank", "write_energy", 11, S);
		wg_pt_row(&t, "mrf_bank", "area", 38000, S);
		wg_pt_row(&t, "mrf", "distance_to_alu", 1, S);
		wg_pt_row(&t, "wire", "capacitance", 300, S);
		wg_pt_row(&t, "technology", "supply_voltage", 0.9, S);
		wg_pt_row(&t, "wire", "energy_32b", 1.9, S);
		static const char *const t5[] = {"mrf0mm_rfc0mm", "mrf1mm_rfc1mm", "mrf1mm_rfc0.2mm", "mrf1mm_rfc0mm"};
		static const double t5c[] = {0.76, 0.87, 0.65, 0.63}, t5s[] = {0.74, 0.86, 0.63, 0.60};
		for (int i = 0; i < 4; i++) {
			char q[64];
			snprintf(q, sizeof q, "compute_%s", t5[i]);
			wg_pt_row(&t, "rf_energy_norm", q, t5c[i], S);
			snprintf(q, sizeof q, "shaders_%s", t5[i]);
			wg_pt_row(&t, "rf_energy_norm", q, t5s[i], S);
		}
		wg_ptable_free(&t);
	}
	/* Jeon Table 2 (renaming table and register bank) and Table 4 (retention voltages) */
	wg_ptable_path("jeon2014.tsv", path, sizeof path);
	if (wg_pt_load(&t, path) == 0) {
		wg_pt_row(&t, "rt", "capacity", 1024, S);
		wg_pt_row(&t, "rt", "banks", 4, S);
		wg_pt_row(&t, "rt", "supply_voltage", 0.96, S);
		wg_pt_row(&t, "rt", "access_energy", 1.14, S);
		wg_pt_row(&t, "rt", "leakage_per_bank", 0.27, S);
		wg_pt_row(&t, "rf_bank", "capacity", 4096, S);
		wg_pt_row(&t, "rf_bank", "banks", 1, S);
		wg_pt_row(&t, "rf_bank", "supply_voltage", 0.96, S);
		wg_pt_row(&t, "rf_bank", "access_energy", 4.68, S);
		wg_pt_row(&t, "rf_bank", "leakage", 2.8, S);
		static const int nodes[] = {65, 45, 32, 22};
		static const double vmin[] = {0.7, 0.65, 0.6, 0.55}, vcc[] = {1.1, 1.0, 0.9, 0.8};
		for (int i = 0; i < 4; i++) {
			char q[64];
			snprintf(q, sizeof q, "vccmin_%dnm", nodes[i]);
			wg_pt_row(&t, "sram_retention", q, vmin[i], S);
			snprintf(q, sizeof q, "vcc_%dnm", nodes[i]);
			wg_pt_row(&t, "sram_retention", q, vcc[i], S);
		}
		wg_ptable_free(&t);
	}
	/* Mascar's relative overheads and the APOGEE rows added by this audit */
	wg_ptable_path("sethia2015.tsv", path, sizeof path);
	if (wg_pt_load(&t, path) == 0) {
		wg_pt_row(&t, "reexec_q", "size_vs_l1", 0.022, S);
		wg_pt_row(&t, "reexec_q", "access_energy_vs_l1", 0.03, S);
		wg_pt_row(&t, "mascar", "area_vs_ccws", 0.125, S);
		wg_pt_row(&t, "ap_result", "perf_per_watt_vs_simt_summary", 0.52, S);
		wg_pt_row(&t, "ap_result", "memory_request_reduction", 0.8, S);
		wg_pt_row(&t, "ap_result", "mta_8_speedup_vs_simt", 0.52, S);
		wg_pt_row(&t, "ap_result", "mta_32_vs_8_speedup", 0.18, S);
		wg_pt_row(&t, "ap_result", "mta_32_vs_8_perf_per_watt", 0.921875, D);
		near_tol(val(&t, "ap_result", "mta_32_vs_8_perf_per_watt"),
			 (1 + val(&t, "ap_result", "mta_32_vs_8_speedup")) / (1 + val(&t, "ap_result", "mta_32_vs_8_power")),
			 1e-12, "MTA 1.18 / 1.28");
		wg_ptable_free(&t);
	}
}

/* A malformed row of the new tables is refused with FILE:LINE. */
static void errors(const char *xpath, const char *jpath)
{
	wg_ptable t;
	char err[512], want[4200];
	int line = wg_pt_line(jpath, "rf_slg1", "leakage_fraction");
	CHECK(line > 0);
	int rc = wg_pt_parse_edited(&t, jpath, "rf_slg1\tleakage_fraction\t",
				    "rf_slg1\tleakage_fraction\t0.64\tfraction\t-\t-\tx\tderived\t-", err, sizeof err);
	CHECK(rc == -1);
	snprintf(want, sizeof want, "%s:%d: derived row rf_slg1 has no derivation", jpath, line);
	CHECK(rc == -1 && strstr(err, want) == err);
	if (rc == 0)
		wg_ptable_free(&t);
	line = wg_pt_line(xpath, "rf_tfet", "read_energy");
	CHECK(line > 0);
	rc = wg_pt_parse_edited(&t, xpath, "rf_tfet\tread_energy\t",
				"rf_tfet\tread_energy\t0.5\tpJ/access\t-\t0.3\tx\tnot-given\tsilent", err, sizeof err);
	snprintf(want, sizeof want, "%s:%d: not-given row rf_tfet has value '0.5'", xpath, line);
	CHECK(rc == -1 && strstr(err, want) == err);
	if (rc == 0)
		wg_ptable_free(&t);
}

int main(void)
{
	char xpath[4096], jpath[4096];
	wg_ptable_path("xie2017.tsv", xpath, sizeof xpath);
	wg_ptable_path("jooya2013.tsv", jpath, sizeof jpath);
	xie(xpath);
	jooya(jpath);
	audit();
	errors(xpath, jpath);
	return wg_check_done();
}
