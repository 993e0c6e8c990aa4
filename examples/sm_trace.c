/* sm_trace.c - the two-level scheduler and the register file cache of
 * Gebhart et al. (ISCA 2011) driven together from an instruction trace,
 * through the library's typed APIs (warpgen/sched2l.h, warpgen/rfc.h), wired
 * as docs/sm_rfc.md says; prints the MRF reads the cache avoided and the
 * energy per event (warpgen/wg_energy.h).
 *
 *   cc -std=c11 sm_trace.c $(pkg-config --cflags --libs warpgen) -o sm_trace
 *   ./sm_trace sm_trace.txt [ACTIVE]
 *
 * Exit 0; 1 when a model reports a protocol violation; 2 on bad input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <warpgen/rfc.h>
#include <warpgen/sched2l.h>
#include <warpgen/wg_energy.h>
#include <warpgen/wg_version.h>

#include "sm_trace_env.h"

#define DRAIN_CYCLES 16 /* after the last EXIT: the cache's drains finish */
#define MAX_CYCLES 100000

static void print_events(const char *inst, const wg_block *b, const uint64_t *counts, const wg_energy_model *em,
			 double *dyn)
{
	for (int i = 0; i < b->nevents; i++) {
		double pj = em->pj[i] * (double)counts[i];
		*dyn += pj;
		char name[64];
		snprintf(name, sizeof name, "%s.%s", inst, b->events[i].name);
		printf("event %-24s %8llu %10.4f %12.2f%s\n", name, (unsigned long long)counts[i], em->pj[i], pj,
		       em->not_given[i] ? "  (no figure in the papers)" : "");
	}
}

int main(int argc, char **argv)
{
	static sm_env env; /* large: not on the stack */
	char err[512];
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: %s TRACE [ACTIVE]\n", argv[0]);
		return 2;
	}
	if (strcmp(warpgen_version(), WARPGEN_VERSION)) {
		fprintf(stderr, "sm_trace: built against warpgen %s, running with %s\n", WARPGEN_VERSION,
			warpgen_version());
		return 2;
	}
	if (env_load(&env, argv[1], err, sizeof err)) {
		fprintf(stderr, "sm_trace: %s\n", err);
		return 2;
	}

	/* the scheduler: the trace's warps, ACTIVE of them active (default 4) */
	s2l_cfg sc;
	s2l_cfg_default(&sc);
	sc.warps = env.warps;
	sc.active = argc == 3 ? atoi(argv[2]) : 4;
	if (sc.active < 1 || sc.active > sc.warps) {
		fprintf(stderr, "sm_trace: ACTIVE=%d out of range (legal range 1..%d)\n", sc.active, sc.warps);
		return 2;
	}
	/* the cache: one slot per active warp, the paper's sizes otherwise */
	rfc_cfg rc;
	rfc_cfg_default(&rc);
	rc.warps = sc.warps;
	rc.active_warps = sc.active;
	if (rfc_cfg_check(&rc, err, sizeof err)) {
		fprintf(stderr, "sm_trace: %s\n", err);
		return 2;
	}
	s2l_model *s = s2l_new(&sc);
	rfc_model *r = rfc_new(&rc);
	if (!s || !r) {
		fprintf(stderr, "sm_trace: out of memory\n");
		return 2;
	}
	s2l_in si;
	s2l_out so;
	rfc_in ri;
	rfc_out ro;
	uint64_t *wr_data = rfc_in_init(r, &ri);
	rfc_out_init(r, &ro);

	/* one reset edge: both start with slot s owned by warp s */
	memset(&si, 0, sizeof si);
	si.rst = 1;
	ri.rst = 1;
	s2l_tick(s, &si);
	rfc_tick(r, &ri);

	uint64_t cycles = 0, after = 0;
	while (after < DRAIN_CYCLES) {
		env_sched_in es;
		env_sched_inputs(&env, &es);
		memset(&si, 0, sizeof si);
		si.rdy = es.rdy;
		si.mark = es.mark;
		si.llp = es.llp;
		si.fin = es.fin;
		si.slot_free = rfc_slots_in_state(r, RFC_SLOT_FREE); /* rfc.slot_free_o: the cache's state only */
		if (s2l_eval(s, &si, &so)) {
			fprintf(stderr, "sm_trace: cycle %llu: sched2l: %s\n", (unsigned long long)cycles, so.msg);
			return 1;
		}
		if (so.tag_valid != (unsigned)env.tag_valid) {
			fprintf(stderr, "sm_trace: cycle %llu: TAG out of step with the trace\n", (unsigned long long)cycles);
			return 1;
		}

		/* the cache: the TAG instruction's sources, the write-back, and the scheduler's slot changes */
		ri.rst = 0;
		ri.lu_valid = so.tag_valid;
		ri.lu_slot = so.tag_slot;
		env_lookup(&env, &ri.lu_en, ri.lu_reg, &ri.lu_last);
		env_wb wb = env_writeback(&env);
		ri.wr_valid = (unsigned)wb.valid;
		ri.wr_warp = (unsigned)wb.warp;
		ri.wr_reg = (unsigned)wb.reg;
		ri.wr_bypass = (unsigned)wb.bypass;
		ri.wr_mask = rc.lanes == 64 ? ~(uint64_t)0 : ((uint64_t)1 << rc.lanes) - 1;
		for (int l = 0; l < rc.lanes; l++)
			wr_data[l] = ((uint64_t)wb.warp << 16 | (uint64_t)wb.reg << 8 | (uint64_t)l) ^ cycles;
		ri.act_valid = so.pro_valid;
		ri.act_slot = so.pro_slot;
		ri.act_warp = so.pro_warp;
		ri.flush_valid = so.dem_valid;
		ri.flush_slot = so.dem_slot;
		ri.exit_valid = so.ext_valid;
		ri.exit_slot = so.ext_slot;
		if (rfc_eval(r, &ri, &ro)) {
			fprintf(stderr, "sm_trace: cycle %llu: rfc: %s\n", (unsigned long long)cycles, ro.msg);
			return 1;
		}
		s2l_tick(s, &si);
		rfc_tick(r, &ri);
		env_step(&env, (int)so.iss_valid, (int)so.iss_warp);
		cycles++;
		after += env_done(&env);
		if (cycles > MAX_CYCLES) {
			fprintf(stderr, "sm_trace: the trace did not finish in %d cycles\n", MAX_CYCLES);
			return 1;
		}
	}

	long ps[S2L_NPARAMS], pr[RFC_NPARAMS];
	char sname[256], rname[256];
	wg_energy_model es, er;
	s2l_cfg_to_params(&sc, ps);
	rfc_cfg_to_params(&rc, pr);
	if (wg_energy_model_init(&es, &wg_block_sched2l, ps, err, sizeof err) ||
	    wg_energy_model_init(&er, &wg_block_rfc, pr, err, sizeof err)) {
		fprintf(stderr, "sm_trace: energy: %s\n", err);
		return 2;
	}
	wg_config_name(&wg_block_sched2l, ps, 0, sname, sizeof sname);
	wg_config_name(&wg_block_rfc, pr, 0, rname, sizeof rname);
	const uint64_t *rcnt = rfc_counts(r);
	printf("warpgen %s: trace %s: %d warps, %ld instructions, %ld source operands\n", warpgen_version(), argv[1],
	       env.warps, env.ninstr, env.nsrc);
	printf("sched2l %s; rfc %s\n", sname, rname);
	printf("cycles %llu\n", (unsigned long long)cycles);
	printf("mrf_reads_avoided %llu of %llu source reads (%.1f %%)\n",
	       (unsigned long long)rcnt[RFC_EV_MRF_READ_AVOIDED],
	       (unsigned long long)(rcnt[RFC_EV_MRF_READ] + rcnt[RFC_EV_MRF_READ_AVOIDED]),
	       100.0 * (double)rcnt[RFC_EV_MRF_READ_AVOIDED] /
		       (double)(rcnt[RFC_EV_MRF_READ] + rcnt[RFC_EV_MRF_READ_AVOIDED] + !env.nsrc));
	printf("%-24s %8s %10s %12s\n", "(event)", "count", "pJ/event", "pJ");
	double dyn = 0;
	print_events("sched", &wg_block_sched2l, s2l_counts(s), &es, &dyn);
	print_events("rfc", &wg_block_rfc, rcnt, &er, &dyn);
	printf("dynamic energy %.2f pJ; the cache's accesses without the cache (all to the MRF) %.2f pJ\n", dyn,
	       wg_energy_baseline(&er, rcnt));
	s2l_free(s);
	rfc_free(r);
	return 0;
}
