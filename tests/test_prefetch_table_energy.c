/* test_prefetch_table_energy.c - APOGEE's energy rows (power_tables/sethia2015.tsv,
 * chapter V) and model (power_tables/prefetch_table_energy.c, docs/energy-model.md
 * §7): the rows load with their kinds, every event of `prefetch_table` has its
 * not-given row and is priced 0 with not_given set, the clock is chapter V's
 * 1 GHz, the derived rows follow from their inputs (76-bit sum, 64 x 76 = 4864,
 * 64 x 73 = 4672, 16k - 2k), the descriptor's defaults and storage match the
 * rows, and malformed or missing rows give errors naming the file and line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prefetch_table.h"
#include "prefetch_table_energy.h"
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
	/* Tab. 5.3(a) */
	wg_pt_row(&t, "apogee", "clock", 1, S);
	wg_pt_row(&t, "apogee", "simd_width", 8, S);
	wg_pt_row(&t, "apogee", "warp_size", 32, S);
	wg_pt_row(&t, "apogee", "warps", 4, S);
	wg_pt_row(&t, "apogee", "warps_baseline_max", 32, S);
	wg_pt_row(&t, "apogee", "line_bytes", 32, S);
	wg_pt_row(&t, "apogee", "dcache_bytes", 65536, S);
	wg_pt_row(&t, "apogee", "memory_latency", 400, S);
	wg_pt_row(&t, "apogee", "table_entries", 64, S);
	wg_pt_row(&t, "apogee", "table_entry_bits", 76, S);
	wg_pt_row(&t, "apogee", "issue_latency", 10, S);
	wg_pt_row(&t, "apogee", "bandwidth_per_sm", 12, S);
	/* Tab. 5.3(b) */
	wg_pt_row(&t, "prefetch_table", "pc_bits", 10, S);
	wg_pt_row(&t, "prefetch_table", "address_bits", 28, S);
	wg_pt_row(&t, "prefetch_table", "offset_bits", 8, S);
	wg_pt_row(&t, "prefetch_table", "confidence_bits", 8, S);
	wg_pt_row(&t, "prefetch_table", "thread_idx_bits", 6, S);
	wg_pt_row(&t, "prefetch_table", "distance_bits", 6, S);
	wg_pt_row(&t, "prefetch_table", "pf_type_bits", 2, S);
	wg_pt_row(&t, "prefetch_table", "pf_state_bits", 8, S);
	wg_pt_row(&t, "prefetch_table", "entry_bits_sum", 76, D);
	wg_pt_row(&t, "prefetch_table", "storage_thesis_bits", 4864, D);
	wg_pt_row(&t, "prefetch_table", "storage_ours_bits", 1683, A);
	wg_pt_row(&t, "prefetch_table", "storage_total_bits", 6547, A);
	/* Tab. 5.4, §5.4.3 */
	wg_pt_row(&t, "apogee", "node", 65, S);
	wg_pt_row(&t, "apogee", "supply_voltage", 0, N);
	const wg_prow *se = wg_pt_row(&t, "prefetch_table", "sram_entries", 64, S);
	CHECK(se && strstr(se->derivation, "Artisan SRAM Compiler") != NULL);
	const wg_prow *sb = wg_pt_row(&t, "prefetch_table", "sram_entry_bits", 73, S);
	CHECK(sb && strstr(sb->derivation, "64, 73-bit entries") != NULL);
	wg_pt_row(&t, "prefetch_table", "sram_bits", 4672, D);
	wg_pt_row(&t, "prefetch_table", "sram_vs_fields_bits", 3, D);
	wg_pt_row(&t, "apogee", "rf_regs_baseline", 16384, S);
	wg_pt_row(&t, "apogee", "rf_regs_apogee", 2048, S);
	wg_pt_row(&t, "apogee", "rf_regs_removed", 14336, D);
	wg_pt_row(&t, "apogee", "rf_bits_removed", 458752, D);
	wg_pt_row(&t, "apogee", "leakage_fraction", 1.0 / 3, S);
	wg_pt_row(&t, "apogee", "sm_power", 0, N);
	wg_pt_row(&t, "apogee", "sm_area", 0, N);
	wg_pt_row(&t, "prefetch_table", "area", 0, N);
	wg_pt_row(&t, "prefetch_table", "power", 0, N);
	/* §5.5 */
	wg_pt_row(&t, "ap_result", "perf_per_watt_vs_simt", 0.51, S);
	wg_pt_row(&t, "ap_result", "perf_per_watt_vs_mta", 0.33, S);
	wg_pt_row(&t, "ap_result", "extra_memory_requests", 0.022, S);
	wg_pt_row(&t, "ap_result", "accuracy", 0.935, S);
	wg_pt_row(&t, "ap_result", "warp_reduction", 8, S);
	wg_pt_row(&t, "ap_result", "registers_removed", 14, S);
	/* the shared rows of chapters III-IV are unchanged */
	wg_pt_row(&t, "technology", "clock", 0.7, A);

	/* derived rows = their stated inputs */
#define V(s, q) (wg_ptable_find(&t, s, q) ? wg_ptable_find(&t, s, q)->value : -1e300)
	double sum = V("prefetch_table", "pc_bits") + V("prefetch_table", "address_bits") +
		     V("prefetch_table", "offset_bits") + V("prefetch_table", "confidence_bits") +
		     V("prefetch_table", "thread_idx_bits") + V("prefetch_table", "distance_bits") +
		     V("prefetch_table", "pf_type_bits") + V("prefetch_table", "pf_state_bits");
	CHECK(NEAR(V("prefetch_table", "entry_bits_sum"), sum));
	CHECK(NEAR(V("prefetch_table", "entry_bits_sum"), V("apogee", "table_entry_bits")));
	CHECK(NEAR(V("prefetch_table", "storage_thesis_bits"), V("apogee", "table_entries") * sum));
	CHECK(NEAR(V("prefetch_table", "sram_entries"), V("apogee", "table_entries")));
	CHECK(NEAR(V("prefetch_table", "sram_bits"),
		   V("prefetch_table", "sram_entries") * V("prefetch_table", "sram_entry_bits")));
	CHECK(NEAR(V("prefetch_table", "sram_vs_fields_bits"), sum - V("prefetch_table", "sram_entry_bits")));
	CHECK(NEAR(V("prefetch_table", "storage_total_bits"),
		   V("prefetch_table", "storage_thesis_bits") + V("prefetch_table", "storage_ours_bits")));
	CHECK(NEAR(V("prefetch_table", "pf_state_bits"), 2 * V("apogee", "warps")));
	CHECK(NEAR(V("apogee", "dcache_lines"), V("apogee", "dcache_bytes") / V("apogee", "line_bytes")));
	CHECK(NEAR(V("apogee", "bytes_per_cycle_per_sm"), V("apogee", "bandwidth_per_sm") / V("apogee", "clock")));
	CHECK(NEAR(V("apogee", "rf_regs_removed"), V("apogee", "rf_regs_baseline") - V("apogee", "rf_regs_apogee")));
	CHECK(NEAR(V("apogee", "rf_bits_removed"), V("apogee", "rf_regs_removed") * V("apogee", "rf_reg_bits")));
	CHECK(fabs(V("apogee", "rf_regs_removed") / 1024 - V("ap_result", "registers_removed")) < 0.5);
	CHECK(NEAR(V("ap_result", "warp_reduction_check"), V("apogee", "warps_baseline_max") / V("apogee", "warps")));
	CHECK(NEAR(V("ap_result", "warp_reduction_check"), V("ap_result", "warp_reduction")));

	/* the descriptor's defaults; its parts with a source sum to the thesis's 4864 bits */
	const wg_block *b = wg_block_find("prefetch_table");
	CHECK(b != NULL);
	if (b) {
		long p[WG_MAX_PARAMS];
		wg_storage_part part[WG_MAX_STORAGE_PARTS];
		wg_params_default(b, p);
		CHECK_EQ(p[PT_P_ENTRIES], (long)V("apogee", "table_entries"));
		CHECK_EQ(p[PT_P_PC_BITS], (long)V("prefetch_table", "pc_bits"));
		CHECK_EQ(p[PT_P_ADDR_BITS], (long)V("prefetch_table", "address_bits"));
		CHECK_EQ(p[PT_P_OFFSET_BITS], (long)V("prefetch_table", "offset_bits"));
		CHECK_EQ(p[PT_P_CONF_BITS], (long)V("prefetch_table", "confidence_bits"));
		CHECK_EQ(p[PT_P_TIDX_BITS], (long)V("prefetch_table", "thread_idx_bits"));
		CHECK_EQ(p[PT_P_DIST_BITS], (long)V("prefetch_table", "distance_bits"));
		CHECK_EQ(p[PT_P_WARPS], (long)V("apogee", "warps"));
		CHECK_EQ(p[PT_P_THREADS], (long)V("apogee", "warp_size"));
		CHECK_EQ(p[PT_P_LANES_PER_CYCLE], (long)V("apogee", "simd_width"));
		CHECK_EQ(p[PT_P_LINE_BYTES], (long)V("apogee", "line_bytes"));
		CHECK_EQ(p[PT_P_ISSUE_LAT], (long)V("apogee", "issue_latency"));
		int np = b->storage_parts(p, part);
		long paper = 0;
		for (int k = 0; k < np; k++)
			if (part[k].paper)
				paper += part[k].bits;
		CHECK_EQ(paper, (long)V("prefetch_table", "storage_thesis_bits"));
		CHECK_EQ(b->storage_bits(p), (long)V("prefetch_table", "storage_total_bits"));
	}
#undef V
	wg_ptable_free(&t);
}

/* Every event has its not-given row; the model prices it 0 with not_given, at 1 GHz. */
static void block_model(void)
{
	const wg_block *b = wg_block_find("prefetch_table");
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
		const wg_prow *r = wg_pt_row(&t, "prefetch_table", q, 0, WG_KIND_NOT_GIVEN);
		CHECK(r && strstr(r->derivation, "no pJ in the thesis") != NULL);
	}
	wg_pt_row(&t, "prefetch_table", "leakage", 0, WG_KIND_NOT_GIVEN);
	wg_ptable_free(&t);

	long p[WG_MAX_PARAMS];
	wg_params_default(b, p);
	wg_energy_model m;
	int rc = wg_energy_model_init(&m, b, p, err, sizeof err);
	CHECK(rc == 0);
	if (rc) {
		printf("  prefetch_table: %s\n", err);
		return;
	}
	CHECK_EQ(m.nevents, b->nevents);
	CHECK_EQ(b->nevents, PT_NEVENTS);
	uint64_t c[WG_MAX_EVENTS];
	for (int e = 0; e < b->nevents; e++) {
		CHECK(m.not_given[e] == 1 && m.pj[e] == 0 && m.base_pj[e] == 0);
		CHECK(strstr(m.basis[e], "not given by the papers (sethia2015.tsv:") == m.basis[e]);
		CHECK(strstr(m.basis[e], "no pJ in the thesis") != NULL);
		c[e] = 1000 + (uint64_t)e;
	}
	CHECK(strstr(m.basis[PT_EV_LOOKUP], "Artisan SRAM (64 x 73 bits, TSMC 65 nm)") != NULL);
	CHECK(m.leak_not_given && m.leak_mw == 0 && NEAR(m.clock_ghz, 1.0));
	CHECK(strstr(m.leak_basis, "no mW") != NULL);
	CHECK(wg_energy_total(&m, c, 100000, NULL) == 0.0);

	/* the notes say there is no pJ and give the SRAM's source and size */
	wg_buf o = {0};
	CHECK(wg_energy_notes(b, p, &o, err, sizeof err) == 0);
	CHECK(o.s && strstr(o.s, "NOT GIVEN in pJ") != NULL);
	CHECK(o.s && strstr(o.s, "Artisan SRAM Compiler (TSMC 65 nm)") != NULL);
	CHECK(o.s && strstr(o.s, "64 x 73-bit entries = 4672 bits") != NULL);
	CHECK(o.s && strstr(o.s, "64 x 76 = 4864 bits") != NULL);
	CHECK(o.s && strstr(o.s, "total 6547 flip-flops") != NULL);
	CHECK(o.s && strstr(o.s, "perf/W +51 % vs SIMT_32, +33 % vs\nMTA_32") != NULL);
	CHECK(o.s && strstr(o.s, "clock 1 GHz") != NULL);
	CHECK(o.s && strstr(o.s, "\ntia_migrate: not given by the papers") != NULL);
	if (!o.s || !strstr(o.s, "4672 bits"))
		printf("  notes: %s\n", o.s ? o.s : "(none)");
	wg_buf_free(&o);
}

/* Malformed or missing rows: errors name the file and the line (or the row). */
static void errors(void)
{
	wg_ptable t;
	char err[512], want[4200];
	const wg_block *b = wg_block_find("prefetch_table");
	/* a derived row without its derivation */
	int line = wg_pt_line(path, "prefetch_table", "sram_bits");
	CHECK(line > 0);
	CHECK(wg_pt_parse_edited(&t, path, "prefetch_table\tsram_bits\t",
			         "prefetch_table\tsram_bits\t4672\tbit\t65nm\t-\tSethia\tderived\t-", err, sizeof err) == -1);
	snprintf(want, sizeof want, "%s:%d: derived row prefetch_table has no derivation", path, line);
	CHECK(strstr(err, want) == err);
	if (strstr(err, want) != err)
		printf("  got: %s\n  want: %s\n", err, want);
	/* a not-given event row with a number */
	line = wg_pt_line(path, "prefetch_table", "lookup_energy");
	CHECK(line > 0);
	CHECK(wg_pt_parse_edited(&t, path, "prefetch_table\tlookup_energy\t",
			         "prefetch_table\tlookup_energy\t0\tpJ/event\t65nm\t-\tSethia\tnot-given\tn/g", err,
			         sizeof err) == -1);
	snprintf(want, sizeof want, "%s:%d: not-given row prefetch_table has value '0'", path, line);
	CHECK(strstr(err, want) == err);
	/* missing rows are named by the model */
	snprintf(want, sizeof want, "%s: no row 'prefetch_table tia_migrate_energy'", path);
	wg_pt_model_refuses(path, "prefetch_table\ttia_migrate_energy\t", NULL, b, prefetch_table_energy_model, want);
	snprintf(want, sizeof want, "%s: no row 'prefetch_table leakage'", path);
	wg_pt_model_refuses(path, "prefetch_table\tleakage\t", NULL, b, prefetch_table_energy_model, want);
	snprintf(want, sizeof want, "%s: no row 'apogee clock'", path);
	wg_pt_model_refuses(path, "apogee\tclock\t", NULL, b, prefetch_table_energy_model, want);
	/* a clock without a number */
	line = wg_pt_line(path, "apogee", "clock");
	snprintf(want, sizeof want, "%s:%d: apogee clock must hold a number", path, line);
	wg_pt_model_refuses(path, "apogee\tclock\t", "apogee\tclock\t-\tGHz\t65nm\t-\tSethia\tnot-given\tnone", b,
			    prefetch_table_energy_model, want);
	/* a priced event of one's own is used (kind assumed), the others stay n/g; leakage at 1 GHz */
	if (b && wg_pt_parse_edited(&t, path, "prefetch_table\tlookup_energy\t",
				    "prefetch_table\tlookup_energy\t3.5\tpJ/event\t65nm\t-\tmine\tassumed\tmy SRAM estimate",
				    err, sizeof err) == 0) {
		wg_energy_model m;
		long p[WG_MAX_PARAMS];
		memset(&m, 0, sizeof m);
		wg_params_default(b, p);
		CHECK(prefetch_table_energy_model(&m, &t, b, p, err, sizeof err) == 0);
		CHECK(NEAR(m.pj[PT_EV_LOOKUP], 3.5) && !m.not_given[PT_EV_LOOKUP] && m.not_given[PT_EV_ALLOC]);
		CHECK(strstr(m.basis[PT_EV_LOOKUP], "3.5 pJ/event, assumed (sethia2015.tsv:") == m.basis[PT_EV_LOOKUP]);
		CHECK(NEAR(m.clock_ghz, 1.0));
		wg_ptable_free(&t);
	} else {
		CHECK(0);
	}
}

int main(void)
{
	wg_ptable_path("sethia2015.tsv", path, sizeof path);
	rows();
	block_model();
	errors();
	return wg_check_done();
}
