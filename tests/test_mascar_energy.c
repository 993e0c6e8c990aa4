/* test_mascar_energy.c - Mascar's energy model (power_tables/mascar_energy.c,
 * docs/energy-model.md §5) on power_tables/sethia2015.tsv: the Tab. 4.1 /
 * Tab. 4.2 / §4.4.2-§4.4.3 rows and their kinds, the derived rows against
 * their arithmetic and against the descriptors' storage, every event n/g with
 * its relative basis (wrc, reexec_q, the composition mascar), pricing from an
 * L1 energy of one's own, file:line errors for malformed or missing rows, and
 * power_tables/mascar_sm.tsv's rows against their sources. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mascar.h"
#include "reexec_q.h"
#include "reexec_q_energy.h"
#include "wg_buf.h"
#include "wg_check.h"
#include "wg_desc.h"
#include "wg_energy.h"
#include "wg_ptable.h"
#include "wg_ptable_test.h"
#include "wrc.h"
#include "wrc_energy.h"

static char path[4096];

static void rows(void)
{
	wg_ptable t;
	if (wg_pt_load(&t, path))
		return;
	const wg_kind S = WG_KIND_STATED, D = WG_KIND_DERIVED, A = WG_KIND_ASSUMED, N = WG_KIND_NOT_GIVEN;
	/* Tab. 4.2 */
	wg_pt_row(&t, "wrc", "owner_bits", 6, S);
	wg_pt_row(&t, "wrc", "storage", 1, S);
	wg_pt_row(&t, "wst", "entry_bits", 2, S);
	wg_pt_row(&t, "wst", "entries", 48, S);
	wg_pt_row(&t, "wst", "storage", 12, S);
	wg_pt_row(&t, "reexec_q", "entry_bits", 301, S);
	wg_pt_row(&t, "reexec_q", "entries", 32, S);
	wg_pt_row(&t, "reexec_q", "storage", 1216, S);
	wg_pt_row(&t, "reexec_q", "storage_raw_bits", 9632, D);
	wg_pt_row(&t, "reexec_q", "storage_raw", 1204, D);
	wg_pt_row(&t, "reexec_q", "entry_bytes_padded", 38, D);
	wg_pt_row(&t, "mascar", "storage", 1229, D);
	wg_pt_row(&t, "mascar", "storage_gpu", 18435, D);
	/* Tab. 4.1 and §4.4.2 */
	wg_pt_row(&t, "l1", "capacity", 32768, S);
	wg_pt_row(&t, "l1", "sets", 64, S);
	wg_pt_row(&t, "l1", "ways", 4, S);
	wg_pt_row(&t, "l1", "line_bytes", 128, S);
	wg_pt_row(&t, "l1", "mshrs", 64, S);
	wg_pt_row(&t, "l1", "capacity_combined", 65536, S);
	wg_pt_row(&t, "reexec_q", "size_vs_l1", 0.022, S);
	const wg_prow *rb = wg_pt_row(&t, "reexec_q", "size_vs_l1_bits", 0.018555, D);
	wg_pt_row(&t, "reexec_q", "access_energy_vs_l1", 0.03, S);
	wg_pt_row(&t, "mascar", "area_vs_ccws", 0.125, S);
	wg_pt_row(&t, "tool", "cacti_version", 5.3, S);
	/* §4.4.3 results (GPUWattch) */
	wg_pt_row(&t, "result", "energy_reduction", 0.12, S);
	wg_pt_row(&t, "result", "leakage_energy_reduction", 0.07, S);
	wg_pt_row(&t, "result", "others_energy_reduction", 0.035, S);
	/* technology: assumed, with a reason */
	const wg_prow *nd = wg_pt_row(&t, "technology", "node", 40, A);
	wg_pt_row(&t, "technology", "clock", 0.7, A);
	CHECK(nd && strstr(nd->derivation, "GPUWattch") && strstr(nd->derivation, "no node"));
	/* nothing absolute */
	wg_pt_row(&t, "l1", "access_energy", 0, N);
	wg_pt_row(&t, "reexec_q", "access_energy", 0, N);
	wg_pt_row(&t, "reexec_q", "area", 0, N);
	wg_pt_row(&t, "mascar", "area", 0, N);
	wg_pt_row(&t, "technology", "supply_voltage", 0, N);
	const char *rq_ev[] = {"push", "replay", "pop", "rotate_move", "rotate_ptr"};
	const double acc[] = {1, 1, 0, 1, 0};
	for (int e = 0; e < 5; e++) {
		char q[64];
		snprintf(q, sizeof q, "%s_energy", rq_ev[e]);
		wg_pt_row(&t, "reexec_q", q, 0, N);
		snprintf(q, sizeof q, "%s_queue_accesses", rq_ev[e]);
		wg_pt_row(&t, "reexec_q", q, acc[e], A);
	}
	wg_pt_row(&t, "reexec_q", "leakage", 0, N);
	const char *wrc_ev[] = {"select", "wst_write", "owner_change", "mode_switch", "age_update", NULL};
	for (int e = 0; wrc_ev[e]; e++) {
		char q[64];
		snprintf(q, sizeof q, "%s_energy", wrc_ev[e]);
		wg_pt_row(&t, "wrc", q, 0, N);
	}
	wg_pt_row(&t, "wrc", "leakage", 0, N);

	/* derived rows = their arithmetic */
#define V(s, q) (wg_ptable_find(&t, s, q) ? wg_ptable_find(&t, s, q)->value : -1e300)
	CHECK(NEAR(V("reexec_q", "offset_bits"), V("reexec_q", "threads") * V("reexec_q", "offset_bits_per_thread")));
	CHECK(NEAR(V("reexec_q", "entry_bits_check"), V("reexec_q", "addr_bits") + V("reexec_q", "offset_bits") +
							 V("reexec_q", "warp_bits") + V("reexec_q", "reg_bits")));
	CHECK(NEAR(V("reexec_q", "entry_bits_check"), V("reexec_q", "entry_bits")));
	CHECK(NEAR(V("reexec_q", "storage_raw_bits"), V("reexec_q", "entry_bits") * V("reexec_q", "entries")));
	CHECK(NEAR(V("reexec_q", "storage_raw"), V("reexec_q", "storage_raw_bits") / 8));
	CHECK(NEAR(V("reexec_q", "entry_bytes_padded"), V("reexec_q", "storage") / V("reexec_q", "entries")));
	CHECK(NEAR(V("reexec_q", "entry_bytes_padded"), ceil(V("reexec_q", "entry_bits") / 8)));
	CHECK(NEAR(V("wst", "storage_check"), V("wst", "entries") * V("wst", "entry_bits") / 8));
	CHECK(NEAR(V("wst", "storage_check"), V("wst", "storage")));
	CHECK(NEAR(V("mascar", "storage"), V("wrc", "storage") + V("wst", "storage") + V("reexec_q", "storage")));
	CHECK(NEAR(V("mascar", "storage_gpu"), V("gpu", "sms") * V("mascar", "storage")));
	CHECK(NEAR(V("l1", "capacity_check"), V("l1", "sets") * V("l1", "ways") * V("l1", "line_bytes")));
	CHECK(NEAR(V("l1", "capacity_check"), V("l1", "capacity")));
	CHECK(fabs(V("reexec_q", "size_vs_l1_bits") - V("reexec_q", "storage") / V("l1", "capacity_combined")) < 1e-6);
	CHECK(fabs(V("reexec_q", "size_vs_l1_tab41_bits") - V("reexec_q", "storage") / V("l1", "capacity")) < 1e-6);
	CHECK(rb && strstr(rb->derivation, "1.86 %") != NULL);

	/* the descriptors' defaults hold the thesis's bits: the queue's four Tab. 4.2 fields and the WST/owner */
	const wg_block *q = wg_block_find("reexec_q"), *w = wg_block_find("wrc");
	CHECK(q && w);
	if (q && w) {
		long p[WG_MAX_PARAMS];
		wg_storage_part part[WG_MAX_STORAGE_PARTS];
		wg_params_default(q, p);
		int np = q->storage_parts(p, part);
		long thesis = 0;
		for (int k = 0; k < np; k++)
			if (part[k].paper)
				thesis += part[k].bits;
		CHECK_EQ(thesis, (long)V("reexec_q", "storage_raw_bits"));
		CHECK_EQ(p[RQ_P_ENTRIES], (long)V("reexec_q", "entries"));
		wg_params_default(w, p);
		np = w->storage_parts(p, part);
		CHECK(np >= 2);
		if (np >= 2) {
			CHECK_EQ(part[0].bits, (long)(V("wst", "entries") * V("wst", "entry_bits")));
			CHECK_EQ(part[1].bits, (long)V("wrc", "owner_bits"));
		}
		CHECK_EQ(p[WRC_P_MSHRS], (long)V("l1", "mshrs"));
	}
#undef V
	wg_ptable_free(&t);
}

static int model(wg_energy_model *m, const char *block)
{
	const wg_block *b = wg_block_find(block);
	long p[WG_MAX_PARAMS];
	char err[512];
	CHECK(b != NULL);
	if (!b)
		return -1;
	wg_params_default(b, p);
	int rc = wg_energy_model_init(m, b, p, err, sizeof err);
	CHECK(rc == 0);
	if (rc)
		printf("  %s: %s\n", block, err);
	CHECK(rc || m->nevents == b->nevents);
	return rc;
}

static void models(void)
{
	wg_energy_model m;
	const wg_block *w = wg_block_find("wrc"), *q = wg_block_find("reexec_q"), *ms = wg_block_find("mascar");
	CHECK(w && q && ms);
	if (!w || !q || !ms)
		return;
	CHECK(strcmp(wg_energy_table_name(w), "sethia2015.tsv") == 0);
	CHECK(strcmp(wg_energy_table_name(q), "sethia2015.tsv") == 0);
	CHECK(strcmp(wg_energy_table_name(ms), "sethia2015.tsv") == 0);
	if (model(&m, "wrc") == 0) {
		for (int e = 0; e < WRC_NEVENTS; e++) {
			CHECK(m.not_given[e] == 1 && m.pj[e] == 0);
			CHECK(strstr(m.basis[e], "not given by the papers (sethia2015.tsv:") == m.basis[e]);
		}
		CHECK(strstr(m.basis[WRC_EV_WST_WRITE], "48 x 2 bit") != NULL);
		CHECK(m.leak_not_given && m.leak_mw == 0 && NEAR(m.clock_ghz, 0.7));
	}
	if (model(&m, "reexec_q") == 0) {
		for (int e = 0; e < RQ_NEVENTS; e++)
			CHECK(m.not_given[e] == 1 && m.pj[e] == 0);
		const int one[] = {RQ_EV_PUSH, RQ_EV_REPLAY, RQ_EV_ROTATE_MOVE};
		for (int i = 0; i < 3; i++) {
			CHECK(strstr(m.basis[one[i]], "not given in pJ (sethia2015.tsv:") == m.basis[one[i]]);
			CHECK(strstr(m.basis[one[i]], "1 queue access = 0.03 L1 accesses") != NULL);
			CHECK(strstr(m.basis[one[i]], "E_L1 not given") != NULL);
		}
		CHECK(strstr(m.basis[RQ_EV_POP], "0 queue accesses") != NULL);
		CHECK(strstr(m.basis[RQ_EV_ROTATE_PTR], "pointer update") != NULL);
		CHECK(m.leak_not_given && m.leak_mw == 0 && NEAR(m.clock_ghz, 0.7));
	}
	if (model(&m, "mascar") == 0) {
		CHECK_EQ(m.nevents, MSC_NEVENTS);
		for (int e = 0; e < MSC_NEVENTS; e++)
			CHECK(m.not_given[e] == 1 && m.pj[e] == 0 && m.base_pj[e] == 0);
		CHECK(strstr(m.basis[MSC_EV_RQ_PUSH], "rq: not given in pJ") == m.basis[MSC_EV_RQ_PUSH]);
		CHECK(strstr(m.basis[MSC_EV_RQ_PUSH], "0.03 L1 accesses") != NULL);
		CHECK(strstr(m.basis[MSC_EV_WRC_SELECT], "wrc: not given") == m.basis[MSC_EV_WRC_SELECT]);
		CHECK(m.leak_not_given && NEAR(m.clock_ghz, 0.7));
		/* n/g events are counted but priced 0; no leakage */
		uint64_t c[MSC_NEVENTS];
		for (int e = 0; e < MSC_NEVENTS; e++)
			c[e] = 10 + (uint64_t)e;
		double per[MSC_NEVENTS];
		CHECK(wg_energy_total(&m, c, 5000, per) == 0.0 && per[MSC_EV_RQ_REPLAY] == 0.0);
	}
	/* the relative unit the report can use */
	wg_ptable t;
	char err[512];
	if (wg_ptable_load(&t, path, err, sizeof err) == 0) {
		double u = -1;
		CHECK(rq_energy_l1_units(&t, "push", &u, err, sizeof err) == 0 && NEAR(u, 0.03));
		CHECK(rq_energy_l1_units(&t, "rotate_move", &u, err, sizeof err) == 0 && NEAR(u, 0.03));
		CHECK(rq_energy_l1_units(&t, "pop", &u, err, sizeof err) == 0 && u == 0);
		CHECK(rq_energy_l1_units(&t, "nosuch", &u, err, sizeof err) == -1);
		CHECK(strstr(err, "no row 'reexec_q nosuch_queue_accesses'") != NULL);
		wg_ptable_free(&t);
	} else {
		CHECK(0);
	}
}

/* With an L1 access energy of one's own the queue's accesses are priced 0.03 x E_L1. */
static void own_l1(void)
{
	const wg_block *q = wg_block_find("reexec_q");
	long p[WG_MAX_PARAMS];
	char err[512];
	wg_ptable t;
	wg_energy_model m;
	if (!q)
		return;
	wg_params_default(q, p);
	if (wg_pt_parse_edited(&t, path, "l1\taccess_energy\t",
			       "l1\taccess_energy\t20\tpJ/access\t40nm\t-\tmine\tassumed\tmy CACTI run", err,
			       sizeof err) == 0) {
		memset(&m, 0, sizeof m);
		CHECK(reexec_q_energy_model(&m, &t, q, p, err, sizeof err) == 0);
		CHECK(NEAR(m.pj[RQ_EV_PUSH], 0.6) && !m.not_given[RQ_EV_PUSH]);
		CHECK(NEAR(m.pj[RQ_EV_ROTATE_MOVE], 0.6) && NEAR(m.pj[RQ_EV_REPLAY], 0.6));
		CHECK(strstr(m.basis[RQ_EV_PUSH], "E_L1 20 pJ (assumed l1 access_energy") != NULL);
		CHECK(m.not_given[RQ_EV_POP] && m.pj[RQ_EV_POP] == 0 && m.not_given[RQ_EV_ROTATE_PTR]);
		wg_ptable_free(&t);
	} else {
		printf("  %s\n", err);
		CHECK(0);
	}
	/* an event's own row wins */
	if (wg_pt_parse_edited(&t, path, "reexec_q\tpop_energy\t",
			       "reexec_q\tpop_energy\t0.25\tpJ/event\t40nm\t-\tmine\tassumed\tpointer flops", err, sizeof err) == 0) {
		memset(&m, 0, sizeof m);
		CHECK(reexec_q_energy_model(&m, &t, q, p, err, sizeof err) == 0);
		CHECK(NEAR(m.pj[RQ_EV_POP], 0.25) && !m.not_given[RQ_EV_POP] && m.not_given[RQ_EV_PUSH]);
		CHECK(strstr(m.basis[RQ_EV_POP], "0.25 pJ/event, assumed (sethia2015.tsv:") == m.basis[RQ_EV_POP]);
		wg_ptable_free(&t);
	} else {
		CHECK(0);
	}
}

/* Errors name the file and the line (or the missing row). */
static void errors(void)
{
	wg_ptable t;
	char err[512], want[4200];
	const wg_block *q = wg_block_find("reexec_q"), *w = wg_block_find("wrc");
	if (!q || !w)
		return;
	int line = wg_pt_line(path, "reexec_q", "access_energy_vs_l1");
	CHECK(line > 0);
	/* a value with its unit glued on */
	CHECK(wg_pt_parse_edited(&t, path, "reexec_q\taccess_energy_vs_l1\t",
			         "reexec_q\taccess_energy_vs_l1\t3 %\tfraction\t-\t-\tSethia\tstated\t-", err, sizeof err) == -1);
	snprintf(want, sizeof want, "%s:%d: value '3 %%' is not a number", path, line);
	CHECK(strcmp(err, want) == 0);
	if (strcmp(err, want))
		printf("  got: %s\n  want: %s\n", err, want);
	/* a not-given row with a number */
	CHECK(wg_pt_parse_edited(&t, path, "reexec_q\taccess_energy_vs_l1\t",
			         "reexec_q\taccess_energy_vs_l1\t0.03\tfraction\t-\t-\tSethia\tnot-given\tx", err, sizeof err) == -1);
	snprintf(want, sizeof want, "%s:%d: not-given row", path, line);
	CHECK(strstr(err, want) == err);
	/* a missing row is named by the model */
	snprintf(want, sizeof want, "%s: no row 'reexec_q access_energy_vs_l1'", path);
	wg_pt_model_refuses(path, "reexec_q\taccess_energy_vs_l1\t", NULL, q, reexec_q_energy_model, want);
	snprintf(want, sizeof want, "%s: no row 'wrc mode_switch_energy'", path);
	wg_pt_model_refuses(path, "wrc\tmode_switch_energy\t", NULL, w, wrc_energy_model, want);
	/* a fractional access count is refused with its line */
	line = wg_pt_line(path, "reexec_q", "push_queue_accesses"); /* the edit keeps the line */
	snprintf(want, sizeof want, "%s:%d: reexec_q push_queue_accesses must be a whole number", path, line);
	wg_pt_model_refuses(path, "reexec_q\tpush_queue_accesses\t",
			    "reexec_q\tpush_queue_accesses\t0.5\taccesses/event\t-\t-\tmine\tassumed\thalf", q,
			    reexec_q_energy_model, want);
}

/* power_tables/mascar_sm.tsv (the comparison's SM energy, docs/mascar.md "Energy"): each derived or
 * assumed row against the arithmetic on its source rows of sethia2015.tsv, gebhart2011.tsv, jeon2014.tsv. */
static double num(const char *table, const char *s, const char *q)
{
	wg_ptable t;
	char p[4096], err[512];
	double v = -1;
	wg_ptable_path(table, p, sizeof p);
	if (wg_pt_load(&t, p))
		return v;
	if (wg_ptable_num(&t, s, q, &v, err, sizeof err))
		printf("  %s\n", err);
	wg_ptable_free(&t);
	return v;
}

static void sm_rows(void)
{
	wg_ptable t;
	char p[4096];
	wg_ptable_path("mascar_sm.tsv", p, sizeof p);
	if (wg_pt_load(&t, p))
		return;
	const wg_kind D = WG_KIND_DERIVED, A = WG_KIND_ASSUMED;
	double leak = num("sethia2015.tsv", "gpu", "leakage_baseline") / num("sethia2015.tsv", "gpu", "sms") /
		      num("sethia2015.tsv", "technology", "clock") * 1000.0; /* W / GHz = nJ: x 1000 pJ */
	double lf = num("sethia2015.tsv", "gpu", "leakage_fraction_typical");
	double el1 = num("jeon2014.tsv", "rf_bank", "access_energy") * sqrt(65536.0 / 4096.0) * 1024.0 / 128.0;
	wg_pt_row(&t, "ms_sm", "leakage_per_cycle", leak, A);
	wg_pt_row(&t, "ms_sm", "dynamic_per_cycle", leak * (1.0 - lf) / lf, D);
	wg_pt_row(&t, "ms_sm", "memory_share_of_dynamic", num("gebhart2011.tsv", "gpu", "memory_share_of_dynamic"), A);
	wg_pt_row(&t, "ms_sm", "l1_access_energy", el1, A);
	wg_pt_row(&t, "ms_sm", "queue_access_energy", num("sethia2015.tsv", "reexec_q", "access_energy_vs_l1") * el1, D);
	wg_pt_row(&t, "ms_sm", "checker_event_energy", 0, WG_KIND_NOT_GIVEN);
	CHECK(NEAR(el1, 149.76));
	wg_ptable_free(&t);
}

int main(void)
{
	wg_ptable_path("sethia2015.tsv", path, sizeof path);
	rows();
	models();
	own_l1();
	errors();
	sm_rows();
	return wg_check_done();
}
