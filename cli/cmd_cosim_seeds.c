/* cmd_cosim_seeds.c - many seeds of a gate-level co-simulation at once
 * (`warpgen cosim BLOCK --gate --seeds N [--lanes L]`). See wg_cosim_seeds.h. */
#define _POSIX_C_SOURCE 200809L
#include "wg_cosim_seeds.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wg_buf.h"
#include "wg_harness.h"
#include "wg_lanes.h"
#include "wg_netsim64.h"

#define LISTED 20 /* failing seeds named one a line */

static double cpu_seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The harness's run of one seed on the single-lane simulator. */
static void run_one(const wg_run_info *ri, const wg_opts *o, const wg_dut_lib *lib, uint64_t seed,
		    wg_harness_res *r)
{
	wg_harness_cfg cfg = {.b = o->block, .stim = o->stim, .p = o->p, .knobs = o->knobs, .L = ri->L, .case_idx = -1,
			      .seed = seed, .dut = lib, .trace_path = NULL, .trace_from = -1, .trace_to = -1,
			      .max_cycles = ri->cycles_req};
	if (wg_harness_run(&cfg, r) != 0)
		wg_die("cosim", 2, "cannot create the gate-level simulator");
	if (r->verdict == WG_V_SETUP)
		wg_die("cosim", 2, "%s", r->msg);
}

static void rate(double per_s, char *buf, size_t n)
{
	if (per_s >= 1e6)
		snprintf(buf, n, "%.2f M", per_s / 1e6);
	else if (per_s >= 1e3)
		snprintf(buf, n, "%.1f k", per_s / 1e3);
	else
		snprintf(buf, n, "%.0f", per_s);
}

int wg_cosim_seeds(wg_run_info *ri, wg_opts *o, const wg_dut_lib *lib, wg_ns_dut *nsd, long nseeds, int lanes)
{
	const uint64_t s0 = o->seed;
	const long cycles = ri->cycles_req;
	wg_ln_lane *res = wg_xcalloc((size_t)nseeds * sizeof *res);
	if (!o->quiet) {
		printf("cosim %s %s seeds=%llu..%llu cycles=%ld lanes=%d (gate level, native)\n", o->block->name, ri->config,
		       (unsigned long long)s0, (unsigned long long)(s0 + (uint64_t)nseeds - 1), cycles, lanes);
		fflush(stdout);
	}
	double t0 = cpu_seconds();
	for (long i = 0; i < nseeds; i += lanes) {
		if (lanes == 1) { /* today's simulator, through the harness */
			wg_harness_res r;
			run_one(ri, o, lib, s0 + (uint64_t)i, &r);
			res[i].verdict = r.verdict;
			res[i].fail_cycle = r.fail_cycle;
			snprintf(res[i].msg, sizeof res[i].msg, "%s", r.verdict == WG_V_MISMATCH ? "" : r.msg);
			wg_harness_res_free(&r);
			continue;
		}
		char err[1024];
		wg_ln_cfg c = {.b = o->block, .stim = o->stim, .p = o->p, .knobs = o->knobs, .L = ri->L, .d = nsd,
			       .seed = s0 + (uint64_t)i, .lanes = nseeds - i < lanes ? (int)(nseeds - i) : lanes,
			       .max_cycles = cycles};
		if (wg_ln_run(&c, res + i, err, sizeof err) != 0)
			wg_die("cosim", 2, "%s", err);
	}
	double cpu = cpu_seconds() - t0;
	long nfail = 0, first = -1;
	double run = 0; /* seed-cycles simulated: a failing seed stops at its failure */
	for (long i = 0; i < nseeds; i++) {
		run += res[i].verdict == WG_V_PASS || res[i].fail_cycle >= cycles ? (double)cycles
										    : (double)res[i].fail_cycle + 1;
		if (res[i].verdict != WG_V_PASS) {
			nfail++;
			if (first < 0)
				first = i;
		}
	}
	char perf[64];
	rate(cpu > 0 ? run / cpu : 0, perf, sizeof perf);
	printf("%s %s %s seeds=%llu..%llu cycles=%ld: ", nfail ? "FAIL" : "PASS", o->block->name, ri->config,
	       (unsigned long long)s0, (unsigned long long)(s0 + (uint64_t)nseeds - 1), cycles);
	if (nfail)
		printf("%ld of %ld seeds fail", nfail, nseeds);
	else
		printf("every seed equivalent at gate level");
	printf(" (%d lane%s: %.0f seed-cycles in %.2f CPU-s, %s seed-cycles/s)\n", lanes, lanes > 1 ? "s" : "",
	       run, cpu, perf);
	for (long i = 0, k = 0; i < nseeds && k < LISTED; i++) {
		if (res[i].verdict == WG_V_PASS)
			continue;
		k++;
		printf("  seed %llu: %s at cycle %ld%s%s\n", (unsigned long long)(s0 + (uint64_t)i),
		       wg_verdict_name(res[i].verdict), res[i].fail_cycle, res[i].msg[0] ? ": " : "", res[i].msg);
	}
	if (nfail > LISTED)
		printf("  ... and %ld more\n", nfail - LISTED);
	int rc = nfail ? 1 : 0;
	if (first >= 0) { /* the first failing seed alone, on the single-lane simulator: its full report */
		wg_harness_res r;
		o->seed = s0 + (uint64_t)first;
		printf("seed %llu replayed alone:\n", (unsigned long long)o->seed);
		run_one(ri, o, lib, o->seed, &r);
		if (r.verdict == WG_V_PASS) {
			printf("INTERNAL ERROR: seed %llu passes alone but failed (%s at cycle %ld) in the seeds run\n",
			       (unsigned long long)o->seed, wg_verdict_name(res[first].verdict), res[first].fail_cycle);
		} else {
			wg_report_failure(ri, &r);
			if (r.verdict != res[first].verdict || r.fail_cycle != res[first].fail_cycle)
				printf("INTERNAL ERROR: alone it ends with %s at cycle %ld, not %s at cycle %ld as in the "
				       "seeds run\n",
				       wg_verdict_name(r.verdict), r.fail_cycle, wg_verdict_name(res[first].verdict),
				       res[first].fail_cycle);
			wg_report_followup(ri);
		}
		wg_harness_res_free(&r);
		o->seed = s0;
	}
	free(res);
	return rc;
}
