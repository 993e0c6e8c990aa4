/* sm_rfc_stats.c - `warpgen stats sm_rfc`: run the synthetic SM (sm_rfc_env.c) on
 * the composed C model only (no RTL) and report what an architect asks of
 * the two-level scheduler + register file cache: IPC, MRF reads and writes
 * avoided, flushes, evictions, demotions. `--compare` runs the same streams
 * on the single-level baseline (ACTIVE = WARPS, no demotion) and prints the
 * IPC ratio (spec §6.3, §6.4; docs/sm_rfc.md "Statistics mode").
 *
 * Exit codes: 0, 1 when a check of the environment failed (the block
 * returned wrong data, broke a protocol or deadlocked), 2 bad input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm_rfc_env.h"
#include "rfc.h"
#include "sm_rfc.h"
#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_mrun.h"
#include "wg_stats.h"
#include "wg_vtool.h"

#define STATS_CYCLES 200000L

typedef struct stats_run {
	long p[WG_MAX_PARAMS];         /* parameters */
	char config[256];              /* their short name */
	long cycles;                   /* cycles simulated */
	sme_stats env;                 /* environment counters */
	uint64_t ev[WG_MAX_EVENTS];    /* composed model's event counts */
	int lanes;                     /* LANES */
	long mrf_banks;                /* knob MRF_BANKS (0: free MRF) */
	double seconds;                /* wall time */
	char err[640];                 /* failure, "" when none */
} stats_run;

static void usage(void)
{
	printf("usage: warpgen stats sm_rfc [--set NAME=VALUE]... [--knob NAME=VALUE]... [--cycles N] [--seed S]\n"
	       "                            [--compare | --compare-lru] [--json FILE]\n"
	       "Runs the synthetic SM of the sm_rfc stimulus against the composed C model only (no RTL) and\n"
	       "reports IPC, MRF reads and writes avoided by the register file cache, flushes, evictions,\n"
	       "demotions and promotions. The environment's data checks run every cycle.\n"
	       "  --cycles N    cycles to run (default %ld)\n"
	       "  --seed S      stream seed (default 1); the same seed gives the same instruction streams\n"
	       "                whatever ACTIVE is\n"
	       "  --compare     also run the single-level baseline on the same streams (ACTIVE=WARPS, BARRIER_DEMOTE=0,\n"
	       "                knob MARK=0: every warp active, no demotion) and print the IPC ratio\n"
	       "  --compare-lru the configuration with REPLACEMENT=FIFO and =LRU on the same streams, MRF banks on\n"
	       "                (knob MRF_BANKS=4 unless given: 1 read + 1 write port per bank, conflicts and full write\n"
	       "                queues hold issue); IPC and MRF traffic beside the paper; exit 1 (REVERSED) when LRU\n"
	       "                avoids fewer MRF accesses than FIFO (the paper: 1-2 %% more)\n"
	       "  --json FILE   write the figures as JSON\n"
	       "Mid-run resets are off (RESET_PPM=0) unless --knob RESET_PPM=... is given.\n"
	       "exit: 0, 1 a check failed, 2 bad input\n",
	       STATS_CYCLES);
}

/* the environment's side of wg_mrun */
static void env_drive(void *e, const void *model, uint32_t *in, long cyc) { sme_drive(e, model, in, cyc); }
static void env_observe(void *e, const void *model, const uint32_t *in, uint32_t *out, long cyc)
{
	sme_observe(e, model, in, out, cyc);
}
static const char *env_error(void *e) { return sme_error(e, NULL); }
static const wg_mrun_ops env_ops = {env_drive, env_observe, env_error, NULL};

static int run(const wg_block *b, const long *p, const long *knobs, uint64_t seed, long cycles, stats_run *r)
{
	char err[512];
	memcpy(r->p, p, sizeof r->p);
	wg_config_name(b, p, 0, r->config, sizeof r->config);
	r->lanes = (int)p[SMR_P_LANES];
	r->mrf_banks = knobs[SME_K_MRF_BANKS];
	wg_mrun m;
	wg_mrun_open(&m, b, p);
	sm_env *e = wg_xcalloc(sme_size(p));
	int rc = 0;
	if (sme_init(e, p, m.L, knobs, seed, err, sizeof err)) {
		snprintf(r->err, sizeof r->err, "%s", err);
		rc = 2;
	} else {
		rc = wg_mrun_cycles(&m, &env_ops, e, cycles, r->err, sizeof r->err);
		r->seconds = m.seconds;
		r->cycles = m.cycles;
		r->env = *sme_get_stats(e);
		memcpy(r->ev, wg_mrun_counts(&m), (size_t)b->nevents * sizeof *r->ev);
	}
	wg_mrun_close(&m);
	free(e);
	return rc;
}

static double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

/* The figures of one run. */
typedef struct figures {
	double ipc, tipc, idle;            /* warp IPC, thread IPC, idle fraction */
	uint64_t srcs, mrf_rd, rd_avoid;   /* source operands, MRF reads, reads served by the RFC */
	uint64_t results, mrf_wr;          /* results, MRF writes */
	double rd_frac, wr_frac;           /* fractions avoided */
	double dem_k, pro_k;               /* demotions, promotions per 1000 instructions */
} figures;

static figures figures_of(const stats_run *r)
{
	figures f;
	const sme_stats *s = &r->env;
	double cyc = (double)s->cycles;
	f.ipc = ratio((double)s->issued, cyc);
	f.tipc = ratio((double)s->lanes * 32.0 / (double)r->lanes, cyc);
	f.idle = ratio((double)s->idle, cyc);
	f.srcs = r->ev[SMR_EV_TAG_LOOKUP];
	f.mrf_rd = r->ev[SMR_EV_MRF_READ];
	f.rd_avoid = r->ev[SMR_EV_MRF_READ_AVOIDED];
	f.results = r->ev[SMR_EV_RFC_WRITE] + r->ev[SMR_EV_BYPASS_WB];
	f.mrf_wr = r->ev[SMR_EV_EVICT_WB] + r->ev[SMR_EV_FLUSH_WB] + r->ev[SMR_EV_BYPASS_WB];
	f.rd_frac = ratio((double)f.rd_avoid, (double)f.srcs);
	f.wr_frac = f.results ? 1.0 - ratio((double)f.mrf_wr, (double)f.results) : 0.0;
	f.dem_k = ratio(1000.0 * (double)r->ev[SMR_EV_DEMOTE], (double)s->issued);
	f.pro_k = ratio(1000.0 * (double)r->ev[SMR_EV_PROMOTE], (double)s->issued);
	return f;
}

static double pct(uint64_t a, uint64_t b) { return 100.0 * ratio((double)a, (double)b); }

/* Distance buckets of the reuse classes (sm_rfc_env.h SME_RD_*). */
static const char *const rd_bucket[SME_RD_NB] = {"1-3", "4-6", "7-12", "13-24", "25+"};

/* Source reads looked up, every class. */
static double rd_sum(const sme_stats *s)
{
	uint64_t n = 0;
	for (int c = 0; c < SME_RD_NCLS; c++)
		n += s->rd_cls[c];
	return (double)n;
}

static void print_run(const stats_run *r, uint64_t seed)
{
	const sme_stats *s = &r->env;
	figures f = figures_of(r);
	printf("stats sm_rfc %s seed=%llu cycles=%ld (C model only, %.2f s)\n", r->config, (unsigned long long)seed,
	       r->cycles, r->seconds);
	printf("  warp IPC            %.3f   (%llu warp instructions)\n", f.ipc, (unsigned long long)s->issued);
	printf("  thread IPC          %.2f   (active lanes, 32 threads per warp)\n", f.tipc);
	printf("  idle cycles         %.1f %%\n", 100.0 * f.idle);
	printf("  MRF reads           %llu of %llu source operands: %.1f %% avoided (served by the RFC)\n",
	       (unsigned long long)f.mrf_rd, (unsigned long long)f.srcs, 100.0 * f.rd_frac);
	printf("  MRF writes          %llu for %llu results: %.1f %% avoided (results that never reached the MRF)\n",
	       (unsigned long long)f.mrf_wr, (unsigned long long)f.results, 100.0 * f.wr_frac);
	printf("    evictions %llu, flush write-backs %llu, long-latency %llu, partial %llu, fallback %llu, late %llu\n",
	       (unsigned long long)r->ev[SMR_EV_EVICT_WB], (unsigned long long)r->ev[SMR_EV_FLUSH_WB],
	       (unsigned long long)s->wb_cause[1], (unsigned long long)s->wb_cause[2], (unsigned long long)s->wb_cause[3],
	       (unsigned long long)s->wb_cause[4]);
	printf("  per 1000 instr.     %.1f demotions (%llu marked consumer, of them %llu with the value back; %llu "
	       "barrier), %.1f promotions\n",
	       f.dem_k, (unsigned long long)s->dem_mark, (unsigned long long)s->dem_returned,
	       (unsigned long long)s->dem_bar, f.pro_k);
	printf("  warps               %llu exits, %llu CTA launches, %llu barrier releases\n", (unsigned long long)s->ext,
	       (unsigned long long)s->launches, (unsigned long long)s->releases);
	printf("  workload (assumed)  ");
	for (int c = 0; c < SME_NCLASS; c++)
		printf("%s %.1f%%%s", sme_class_name(c), pct(s->by_class[c], s->issued), c + 1 < SME_NCLASS ? ", " : "\n");
	printf("                      values read 0/1/2/>2 times: %.0f/%.0f/%.0f/%.0f %%; read once within 3 "
	       "instructions: %.0f %%; reads per value %.2f\n",
	       pct(s->val_reads[0], s->values), pct(s->val_reads[1], s->values), pct(s->val_reads[2], s->values),
	       pct(s->val_reads[3], s->values), pct(s->once_short, s->values), ratio((double)s->src_reads, (double)s->values));
	if (r->mrf_banks > 0)
		printf("  MRF banks           %ld banks 1R+1W: %llu bank reads, %llu bank writes; issue held %.2f %% of cycles "
		       "(%llu read conflicts, %llu write queue full); longest write queue %llu\n",
		       r->mrf_banks, (unsigned long long)s->mrf_bank_rd, (unsigned long long)s->mrf_bank_wr,
		       100.0 * ratio((double)(s->mrf_rd_stall + s->mrf_wr_stall), (double)s->cycles),
		       (unsigned long long)s->mrf_rd_stall, (unsigned long long)s->mrf_wr_stall,
		       (unsigned long long)s->mrf_wq_max);
	printf("  reads by distance   (instructions since the value's production for a first read, since its "
	       "previous read for a later one): share of reads, RFC hits\n");
	for (int l = 0; l < 2; l++) {
		printf("    %-16s", l ? "later reads" : "first reads");
		for (int b = 0; b < SME_RD_NB; b++) {
			int c = l * SME_RD_NB + b;
			printf("  %s: %.1f%%, %.0f%%", rd_bucket[b], pct(s->rd_cls[c], (uint64_t)rd_sum(s)),
			       pct(s->rd_hit[c], s->rd_cls[c]));
		}
		printf("\n");
	}
	printf("  checked             %llu RFC reads, %llu MRF reads, %llu MRF writes against the register values\n",
	       (unsigned long long)s->hits_checked, (unsigned long long)s->misses_checked,
	       (unsigned long long)s->mrf_writes_checked);
}

static void json_run(wg_buf *b, const stats_run *r)
{
	const sme_stats *s = &r->env;
	figures f = figures_of(r);
	wg_buf_printf(b, "{\"config\": ");
	wg_buf_json_str(b, r->config);
	wg_buf_printf(b,
		      ", \"active\": %ld, \"warps\": %ld, \"entries\": %ld, \"cycles\": %llu, \"instructions\": %llu, "
		      "\"warp_ipc\": %.6f, \"thread_ipc\": %.6f, \"idle_fraction\": %.6f, "
		      "\"source_operands\": %llu, \"mrf_reads\": %llu, \"mrf_reads_avoided\": %llu, "
		      "\"mrf_read_avoided_fraction\": %.6f, \"results\": %llu, \"mrf_writes\": %llu, "
		      "\"mrf_write_avoided_fraction\": %.6f, \"evictions\": %llu, \"flush_writebacks\": %llu, "
		      "\"long_latency_writes\": %llu, \"partial_writes\": %llu, \"fallback_writes\": %llu, "
		      "\"late_writes\": %llu, \"demotions\": %llu, \"promotions\": %llu, "
		      "\"demotions_per_kinstr\": %.4f, \"promotions_per_kinstr\": %.4f, \"exits\": %llu, "
		      "\"values\": %llu, \"values_by_reads\": [%llu, %llu, %llu, %llu], \"values_once_within_3\": %llu, "
		      "\"source_reads\": %llu",
		      r->p[SMR_P_ACTIVE], r->p[SMR_P_WARPS], r->p[SMR_P_ENTRIES], (unsigned long long)s->cycles,
		      (unsigned long long)s->issued, f.ipc, f.tipc, f.idle, (unsigned long long)f.srcs,
		      (unsigned long long)f.mrf_rd, (unsigned long long)f.rd_avoid, f.rd_frac, (unsigned long long)f.results,
		      (unsigned long long)f.mrf_wr, f.wr_frac, (unsigned long long)r->ev[SMR_EV_EVICT_WB],
		      (unsigned long long)r->ev[SMR_EV_FLUSH_WB], (unsigned long long)s->wb_cause[1],
		      (unsigned long long)s->wb_cause[2], (unsigned long long)s->wb_cause[3],
		      (unsigned long long)s->wb_cause[4], (unsigned long long)r->ev[SMR_EV_DEMOTE],
		      (unsigned long long)r->ev[SMR_EV_PROMOTE], f.dem_k, f.pro_k, (unsigned long long)s->ext,
		      (unsigned long long)s->values, (unsigned long long)s->val_reads[0],
		      (unsigned long long)s->val_reads[1], (unsigned long long)s->val_reads[2],
		      (unsigned long long)s->val_reads[3], (unsigned long long)s->once_short,
		      (unsigned long long)s->src_reads);
	wg_buf_printf(b, ", \"reads_by_reuse\": [");
	for (int c = 0; c < SME_RD_NCLS; c++)
		wg_buf_printf(b, "%s{\"read\": \"%s\", \"distance\": \"%s\", \"reads\": %llu, \"rfc_hits\": %llu}",
			      c ? ", " : "", c < SME_RD_NB ? "first" : "later", rd_bucket[c % SME_RD_NB],
			      (unsigned long long)s->rd_cls[c], (unsigned long long)s->rd_hit[c]);
	wg_buf_printf(b, "]");
	if (r->mrf_banks > 0)
		wg_buf_printf(b,
			      ", \"mrf_banks\": %ld, \"mrf_bank_reads\": %llu, \"mrf_bank_writes\": %llu, "
			      "\"mrf_read_stall_cycles\": %llu, \"mrf_write_stall_cycles\": %llu, \"mrf_write_queue_max\": %llu",
			      r->mrf_banks, (unsigned long long)s->mrf_bank_rd, (unsigned long long)s->mrf_bank_wr,
			      (unsigned long long)s->mrf_rd_stall, (unsigned long long)s->mrf_wr_stall,
			      (unsigned long long)s->mrf_wq_max);
	wg_buf_printf(b, "}");
}

/* MRF accesses (reads + writes) per instruction and the fraction of the
 * no-RFC accesses (every source read and every result written) avoided. */
static double mrf_per_ins(const stats_run *r)
{
	figures f = figures_of(r);
	return ratio((double)(f.mrf_rd + f.mrf_wr), (double)r->env.issued);
}
static double mrf_avoided(const stats_run *r)
{
	figures f = figures_of(r);
	return 1.0 - ratio((double)(f.mrf_rd + f.mrf_wr), (double)(f.srcs + f.results));
}

/* --compare-lru: the given configuration with REPLACEMENT=FIFO and =LRU on
 * the same seed and streams, the MRF banks on (MRF_BANKS=4 unless given).
 * The paper (§3.1 "RFC Replacement"): LRU gives "only an additional 1-2%
 * reduction in MRF accesses"; an LRU arm that avoids fewer MRF accesses
 * than FIFO is REVERSED (exit 1). Magnitudes are printed, not tuned. */
static int compare_lru(const wg_opts *o, const long *knobs, long cycles)
{
	long pf[WG_MAX_PARAMS], pl[WG_MAX_PARAMS];
	memcpy(pf, o->p, sizeof pf);
	memcpy(pl, o->p, sizeof pl);
	pf[SMR_P_REPLACEMENT] = RFC_FIFO;
	pl[SMR_P_REPLACEMENT] = RFC_LRU;
	stats_run *r = wg_xcalloc(2 * sizeof *r);
	int rc = run(o->block, pf, knobs, o->seed, cycles, &r[0]);
	if (rc == 2)
		wg_die("stats", 2, "%s", r[0].err);
	print_run(&r[0], o->seed);
	if (rc)
		printf("FAILED: %s\n", r[0].err);
	if (!rc) {
		rc = run(o->block, pl, knobs, o->seed, cycles, &r[1]);
		printf("\n");
		print_run(&r[1], o->seed);
		if (rc)
			printf("FAILED: %s\n", r[1].err);
	}
	int reversed = 0;
	double dav = 0, dipc = 0;
	if (!rc) {
		figures f = figures_of(&r[0]), l = figures_of(&r[1]);
		double nf = (double)(r[0].env.issued ? r[0].env.issued : 1), nl = (double)(r[1].env.issued ? r[1].env.issued : 1);
		dav = 100.0 * (mrf_avoided(&r[1]) - mrf_avoided(&r[0]));
		dipc = 100.0 * (ratio(l.ipc, f.ipc) - 1.0);
		printf("\nLRU against FIFO, seed %llu, %ld cycles each, same streams; MRF_BANKS=%ld MRF_WQ=%ld\n",
		       (unsigned long long)o->seed, cycles, knobs[SME_K_MRF_BANKS], knobs[SME_K_MRF_WQ]);
		printf("  %-34s %10s %10s %12s   %s\n", "figure", "FIFO", "LRU", "LRU vs FIFO", "paper (Gebhart ISCA'11 §3.1)");
		printf("  %-34s %10.4f %10.4f %+11.2f %%   not stated (LRU changes traffic only)\n", "warp IPC", f.ipc, l.ipc,
		       dipc);
		printf("  %-34s %10.4f %10.4f %+11.2f %%   -\n", "MRF accesses per instruction", mrf_per_ins(&r[0]),
		       mrf_per_ins(&r[1]), 100.0 * (ratio(mrf_per_ins(&r[1]), mrf_per_ins(&r[0])) - 1.0));
		printf("  %-34s %9.2f%% %9.2f%% %+9.2f pts   LRU: an additional 1-2 %% reduction\n",
		       "MRF accesses avoided (vs no RFC)", 100.0 * mrf_avoided(&r[0]), 100.0 * mrf_avoided(&r[1]), dav);
		printf("  %-34s %10.4f %10.4f %+11.2f %%   -\n", "MRF reads per instruction", (double)f.mrf_rd / nf,
		       (double)l.mrf_rd / nl, 100.0 * (ratio((double)l.mrf_rd / nl, (double)f.mrf_rd / nf) - 1.0));
		printf("  %-34s %10.4f %10.4f %+11.2f %%   -\n", "MRF writes per instruction", (double)f.mrf_wr / nf,
		       (double)l.mrf_wr / nl, 100.0 * (ratio((double)l.mrf_wr / nl, (double)f.mrf_wr / nf) - 1.0));
		printf("  %-34s %10.1f %10.1f %12s   -\n", "evictions per 1000 instructions",
		       1000.0 * (double)r[0].ev[SMR_EV_EVICT_WB] / nf, 1000.0 * (double)r[1].ev[SMR_EV_EVICT_WB] / nl, "");
		printf("  %-34s %10.1f %10.1f %12s   -\n", "flush write-backs per 1000 instr.",
		       1000.0 * (double)r[0].ev[SMR_EV_FLUSH_WB] / nf, 1000.0 * (double)r[1].ev[SMR_EV_FLUSH_WB] / nl, "");
		printf("  %-34s %9.2f%% %9.2f%% %12s   -\n", "cycles issue held by the MRF",
		       100.0 * ratio((double)(r[0].env.mrf_rd_stall + r[0].env.mrf_wr_stall), (double)r[0].env.cycles),
		       100.0 * ratio((double)(r[1].env.mrf_rd_stall + r[1].env.mrf_wr_stall), (double)r[1].env.cycles), "");
		printf("  RFC read hits, LRU - FIFO, per 1000 instructions, by reuse class (first read: distance from the "
		       "production; later read: from the previous read):\n");
		for (int lt = 0; lt < 2; lt++) {
			printf("    %-16s", lt ? "later reads" : "first reads");
			double tot = 0;
			for (int b = 0; b < SME_RD_NB; b++) {
				int c = lt * SME_RD_NB + b;
				double d = 1000.0 * ((double)r[1].env.rd_hit[c] / nl - (double)r[0].env.rd_hit[c] / nf);
				tot += d;
				printf("  %s: %+.1f", rd_bucket[b], d);
			}
			printf("  (all %+.1f)\n", tot);
		}
		reversed = dav < 0;
		if (reversed)
			printf("REVERSED: LRU avoids %.2f points fewer MRF accesses than FIFO; the paper has LRU 1-2 %% better "
			       "(docs/sm_rfc.md \"LRU against FIFO\" says why)\n",
			       -dav);
		else
			printf("direction as the paper: LRU avoids %.2f points more MRF accesses than FIFO (paper: 1-2)\n", dav);
	}
	if (o->json) {
		wg_buf b = {0};
		char err[512];
		wg_buf_printf(&b, "{\"block\": \"sm_rfc\", \"compare\": \"lru\", \"seed\": %llu, \"cycles\": %ld, \"ok\": %s, "
				  "\"runs\": [",
			      (unsigned long long)o->seed, cycles, rc ? "false" : "true");
		json_run(&b, &r[0]);
		if (r[1].cycles) {
			wg_buf_printf(&b, ", ");
			json_run(&b, &r[1]);
		}
		wg_buf_printf(&b, "]");
		if (!rc)
			wg_buf_printf(&b,
				      ", \"fifo_mrf_avoided\": %.6f, \"lru_mrf_avoided\": %.6f, \"lru_minus_fifo_pts\": %.6f, "
				      "\"lru_ipc_change_pct\": %.6f, \"paper_lru_minus_fifo_pts\": [1, 2], \"reversed\": %s",
				      mrf_avoided(&r[0]), mrf_avoided(&r[1]), dav, dipc, reversed ? "true" : "false");
		wg_buf_printf(&b, "}\n");
		if (wg_write_atomic(o->json, b.s, b.len, err, sizeof err) != 0)
			wg_die("stats", 2, "--json: %s", err);
		wg_buf_free(&b);
	}
	free(r);
	return rc || reversed ? 1 : 0;
}

static int smr_stats_run(int argc, char **argv)
{
	/* --compare is this command's own option; the rest is the common set */
	char **av = wg_xcalloc((size_t)(argc + 1) * sizeof *av);
	int ac = 0, compare = 0, reset_knob = 0, lru = 0, banks_knob = 0;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--compare") == 0) {
			compare = 1;
			continue;
		}
		if (strcmp(argv[i], "--compare-lru") == 0) {
			lru = 1;
			continue;
		}
		if (i > 0 && strcmp(argv[i - 1], "--knob") == 0 && strncmp(argv[i], "RESET_PPM=", 10) == 0)
			reset_knob = 1;
		if (i > 0 && strcmp(argv[i - 1], "--knob") == 0 && strncmp(argv[i], "MRF_BANKS=", 10) == 0)
			banks_knob = 1;
		av[ac++] = argv[i];
	}
	wg_opts o;
	wg_opts_parse(&o, "stats", ac, av, WG_OPT_SET | WG_OPT_SEED | WG_OPT_CYCLES | WG_OPT_KNOB | WG_OPT_JSON);
	free(av);
	if (o.help) {
		usage();
		return 0;
	}
	if (!reset_knob)
		o.knobs[SME_K_RESET_PPM] = 0;
	long cycles = o.cycles >= 0 ? o.cycles : STATS_CYCLES;
	if (cycles < 3)
		wg_die("stats", 2, "--cycles %ld is out of range (legal range 3..1000000000000: two reset cycles, then the run)",
		       cycles);
	if (lru && compare)
		wg_die("stats", 2, "--compare and --compare-lru are separate comparisons: give one");
	if (lru) {
		if (!banks_knob)
			o.knobs[SME_K_MRF_BANKS] = 4;
		return compare_lru(&o, o.knobs, cycles);
	}
	/* the baseline of --compare: a single-level scheduler, every warp active and owning RFC
	 * entries, no demotion; checked before the first run */
	long q[WG_MAX_PARAMS], kq[WG_MAX_PARAMS];
	memcpy(q, o.p, sizeof q);
	memcpy(kq, o.knobs, sizeof kq);
	q[SMR_P_ACTIVE] = q[SMR_P_WARPS];
	q[SMR_P_BARRIER_DEMOTE] = 0;
	kq[SME_K_MARK] = 0;
	if (compare) {
		char err[512];
		if (wg_params_check(o.block, q, err, sizeof err))
			wg_die("stats", 2, "--compare needs ACTIVE=WARPS to be legal: %s", err);
	}
	stats_run *r = wg_xcalloc(2 * sizeof *r);
	int rc = run(o.block, o.p, o.knobs, o.seed, cycles, &r[0]);
	if (rc == 2)
		wg_die("stats", 2, "%s", r[0].err);
	print_run(&r[0], o.seed);
	if (rc)
		printf("FAILED: %s\n", r[0].err);
	int nruns = 1;
	if (!rc && compare) {
		rc = run(o.block, q, kq, o.seed, cycles, &r[1]);
		printf("\nbaseline: single-level scheduler (ACTIVE=WARPS, BARRIER_DEMOTE=0, knob MARK=0: no demotion)\n");
		print_run(&r[1], o.seed);
		if (rc)
			printf("FAILED: %s\n", r[1].err);
		nruns = 2;
		figures a = figures_of(&r[0]), b = figures_of(&r[1]);
		double ma = (double)(a.mrf_rd + a.mrf_wr) / (double)(r[0].env.issued ? r[0].env.issued : 1);
		double mb = (double)(b.mrf_rd + b.mrf_wr) / (double)(r[1].env.issued ? r[1].env.issued : 1);
		char acc[48];
		if (mb > 0 && r[0].env.issued)
			snprintf(acc, sizeof acc, "%+.1f %%", 100.0 * (ma / mb - 1.0));
		else
			snprintf(acc, sizeof acc, "n/a");
		if (r[0].env.issued == 0 || r[1].env.issued == 0)
			printf("\nIPC ratio: n/a (a run issued no instruction; give more --cycles)\n");
		else
			printf("\nIPC ratio ACTIVE=%ld / single-level ACTIVE=%ld: %.3f (%+.1f %%); MRF reads avoided %.1f %% vs "
			       "%.1f %%, writes avoided %.1f %% vs %.1f %%; MRF accesses per instruction %s vs the single-level RFC\n",
			       o.p[SMR_P_ACTIVE], q[SMR_P_ACTIVE], ratio(a.ipc, b.ipc), 100.0 * (ratio(a.ipc, b.ipc) - 1.0),
			       100.0 * a.rd_frac, 100.0 * b.rd_frac, 100.0 * a.wr_frac, 100.0 * b.wr_frac, acc);
	}
	if (o.json) {
		wg_buf b = {0};
		char err[512];
		wg_buf_printf(&b, "{\"block\": \"sm_rfc\", \"seed\": %llu, \"cycles\": %ld, \"ok\": %s, \"runs\": [",
			      (unsigned long long)o.seed, cycles, rc ? "false" : "true");
		for (int i = 0; i < nruns; i++) {
			if (i)
				wg_buf_printf(&b, ", ");
			json_run(&b, &r[i]);
		}
		wg_buf_printf(&b, "]");
		if (nruns == 2 && r[0].env.issued && r[1].env.issued)
			wg_buf_printf(&b, ", \"ipc_ratio\": %.6f", ratio(figures_of(&r[0]).ipc, figures_of(&r[1]).ipc));
		else if (nruns == 2)
			wg_buf_printf(&b, ", \"ipc_ratio\": null");
		wg_buf_printf(&b, "}\n");
		if (wg_write_atomic(o.json, b.s, b.len, err, sizeof err) != 0)
			wg_die("stats", 2, "--json: %s", err);
		wg_buf_free(&b);
	}
	free(r);
	return rc ? 1 : 0;
}

const wg_stats_def wg_stats_sm_rfc = {.run = smr_stats_run};
