/* mascar_stats.c - `warpgen stats mascar --compare`: the comparison of Sethia
 * §4.4.3 on the composed C model only (no RTL). Each profile runs three times
 * on the same seed and streams in the SM environment of mascar_env.h: the
 * thesis's baseline, loose round-robin (knob BASE=2: the environment issues in
 * LRR order, a refused load stays in the LSU and is retried every cycle, no
 * queue), greedy-then-oldest (BASE=1: the same LSU, the checker kept in EP:
 * greedy-then-oldest with memory first, no owner) and Mascar (BASE=0: MP mode
 * with the owner, the re-execution queue). Prints IPC, Mascar's speedup over
 * each baseline and GTO's over LRR, the LSU stall cycles, the MP share, L1
 * hits and merges and the bandwidth used per profile, and the geometric means
 * of the memory-intensive profiles (all, and per Fig. 4.8's classes) beside
 * the thesis (docs/mascar.md "SM comparison"), and each arm's energy per
 * instruction from power_tables/mascar_sm.tsv and sethia2015.tsv beside
 * Fig. 4.13's 12 % (docs/mascar.md "Energy").
 *
 * Exit codes: 0; 1 when a check of the environment failed or a direction the
 * thesis states came out reversed (REVERSED: on the memory-intensive
 * profiles' geomean Mascar slower than LRR or than GTO, GTO slower than LRR,
 * the LSU stalling more under Mascar than under LRR, or Mascar spending more
 * energy per instruction than LRR on their mean); 2 bad input. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mascar.h"
#include "mascar_env.h"
#include "reexec_q_energy.h"
#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_mrun.h"
#include "wg_ptable.h"
#include "wg_stats.h"
#include "wg_vtool.h"

#define SM_CYCLES 100000L

/* A profile: knobs set over the user's, and its class. */
typedef struct sm_prof {
	const char *name;    /* --profile name */
	int cls;             /* 0 compute-intensive, 1 memory-intensive not cache-sensitive, 2 cache-sensitive (Fig. 4.8) */
	long mem_pct, hit_pct; /* MEM_PCT, HIT_PCT */
	long reuse, group;   /* REUSE, GROUP (0: the user's or the default) */
	const char *what;    /* what it stands for */
} sm_prof;

static const sm_prof profs[] = {
	{"stream", 1, 35, 40, 0, 0, "memory-intensive, streaming (the environment's defaults: MP ~90 % of the time)"},
	{"cache", 1, 30, 75, 0, 0, "memory-intensive, hot lines reused under misses (the hot set fits the L1 in every arm)"},
	{"reuse", 2, 35, 40, 1, 6, "cache-sensitive, leuko-1's shape: CTA-wide and warp-pair lines (REUSE=1, GROUP=6)"},
	{"thrash", 2, 35, 40, 2, 0, "cache-sensitive, kmeans-1's shape: 8 lines per load, each set read 4 times by its warp (REUSE=2)"},
	{"compute", 0, 6, 60, 0, 0, "compute-intensive (rarely saturates)"},
};
#define NARM 3 /* arms: 0 LRR (BASE=2), 1 GTO (BASE=1), 2 Mascar (BASE=0) */
static const long arm_base[NARM] = {2, 1, 0};
#define NPROF ((int)(sizeof profs / sizeof profs[0]))

/* One arm's result. */
typedef struct sm_res {
	mse_stats st;        /* the environment's counters */
	uint64_t ev[MSC_NEVENTS]; /* the model's energy events (rq.*, wrc.*) */
	char err[768];       /* the failure, when rc != 0 */
} sm_res;

static void usage(void)
{
	printf("usage: warpgen stats mascar --compare [--profile P] [--cycles N] [--seed S] [--set NAME=VALUE]...\n"
	       "                              [--knob NAME=VALUE]...\n"
	       "Runs each profile in the SM environment of cosim/mascar/mascar_env.h (C model only, RESET_PPM=0) three\n"
	       "times on the same seed and streams: the baseline of Sethia §4.4.1, loose round-robin (BASE=2), greedy-\n"
	       "then-oldest (BASE=1; both: no MP, a refused load stalls the LSU and is retried) and Mascar (MP mode,\n"
	       "owner, re-execution queue), and on the cache-sensitive profiles re-execution alone (BASE=3: LRR with the\n"
	       "queue, no MP); prints IPC, Mascar's speedup over each, GTO's over LRR, LSU stall cycles\n"
	       "and MP share beside the thesis (over LRR: Mascar +34 %% geomean on memory-intensive kernels, +17 %% not\n"
	       "cache-sensitive, +56 %% cache-sensitive, ~1.5 %% compute-intensive; GTO +13 %%; LSU stalled 40 -> 20 %%).\n"
	       "  --profile P   stream, cache, reuse, thrash or compute (default: all five); a profile sets MEM_PCT and\n"
	       "                HIT_PCT (reuse also REUSE=1 and GROUP=6, thrash REUSE=2)\n"
	       "  --cycles N    cycles per run (default %ld)\n"
	       "  --knob K=V    environment knobs (L2_LAT, MQ_GAP, CONS_DIST, ...; BASE is the comparison's own)\n"
	       "exit: 0, 1 a check failed or a direction came out REVERSED, 2 bad input\n",
	       SM_CYCLES);
}

/* the environment's side of wg_mrun */
static void env_drive(void *e, const void *model, uint32_t *in, long cyc) { mse_drive(e, model, in, cyc); }
static void env_observe(void *e, const void *model, const uint32_t *in, uint32_t *out, long cyc)
{
	mse_observe(e, model, in, out, cyc);
}
static const char *env_error(void *e) { return mse_error(e); }
static const wg_mrun_ops env_ops = {env_drive, env_observe, env_error, NULL};

/* One run; returns 0, 1 (a check failed: message in r->err). */
static int run(const wg_block *b, const long *p, const long *knobs, uint64_t seed, long cycles, sm_res *r)
{
	wg_mrun m;
	wg_mrun_open(&m, b, p);
	ms_env *e = wg_xcalloc(mse_size(p));
	int rc = 0;
	char err[512];
	r->err[0] = 0;
	if (mse_init(e, p, m.L, knobs, NULL, seed, err, sizeof err)) {
		snprintf(r->err, sizeof r->err, "%s", err);
		rc = 1;
	} else {
		rc = wg_mrun_cycles(&m, &env_ops, e, cycles, r->err, sizeof r->err);
		r->st = *mse_get_stats(e);
		memcpy(r->ev, wg_mrun_counts(&m), sizeof r->ev);
		if (!rc && (r->st.issued == 0 || r->st.loads_done == 0)) {
			snprintf(r->err, sizeof r->err, "nothing issued or no load completed in %ld cycles", cycles);
			rc = 1;
		}
	}
	wg_mrun_close(&m);
	free(e);
	return rc;
}

static double ipc(const mse_stats *s) { return s->cycles ? (double)s->issued / (double)s->cycles : 0.0; }
static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }
static double per1k(uint64_t a, uint64_t cyc) { return cyc ? 1000.0 * (double)a / (double)cyc : 0.0; }

/* Geometric means of speedups: sums of logs and counts per class (0 compute, 1 not cache-sensitive,
 * 2 cache-sensitive) and per ratio (0 Mascar/LRR, 1 Mascar/GTO, 2 GTO/LRR). */
typedef struct sm_geo {
	double l[3][3];      /* [class][ratio] sum of log(speedup) */
	int n[3];            /* profiles per class */
	double lrx;          /* cache-sensitive: sum of log(re-execution alone over LRR) */
	double hrx, hm;      /* cache-sensitive: sums of L1 hits + merges per 1k, re-execution alone and Mascar */
} sm_geo;

static double geo(const sm_geo *g, int c0, int c1, int r)
{
	double l = 0;
	int n = 0;
	for (int c = c0; c <= c1; c++) {
		l += g->l[c][r];
		n += g->n[c];
	}
	return n ? 100.0 * (exp(l / n) - 1.0) : 0.0;
}

static int ngeo(const sm_geo *g, int c0, int c1)
{
	int n = 0;
	for (int c = c0; c <= c1; c++)
		n += g->n[c];
	return n;
}

/* The SM's energy prices (power_tables/mascar_sm.tsv, sethia2015.tsv; docs/mascar.md "Energy"). */
typedef struct sm_pw {
	double leak;            /* leakage, pJ per SM cycle (ms_sm leakage_per_cycle) */
	double dyn;             /* the LRR baseline's dynamic energy, pJ per SM cycle (ms_sm dynamic_per_cycle) */
	double mshare;          /* the memory system's share of it, priced per departure (ms_sm memory_share_of_dynamic) */
	double el1;             /* one L1 access, pJ (ms_sm l1_access_energy) */
	double eq;              /* one queue access, pJ (ms_sm queue_access_energy): the checker's bound */
	double ev[MSC_NEVENTS]; /* pJ per model event: the queue's by its queue accesses x 0.03 x el1, the checker's 0 (n/g) */
	double th[3];           /* the thesis (Fig. 4.13): energy, leakage, others saved (sethia2015.tsv result *) */
} sm_pw;

/* The rows of power_tables/mascar_sm.tsv and sethia2015.tsv; a bad table stops with its one line, exit 2. */
static void load_power(const wg_block *b, sm_pw *w)
{
	wg_ptable t, m;
	char err[512] = "";
	if (wg_ptable_load_name(&t, "sethia2015.tsv", err, sizeof err) ||
	    wg_ptable_load_name(&m, "mascar_sm.tsv", err, sizeof err))
		wg_die("stats", 2, "%s", err);
	memset(w, 0, sizeof *w);
	w->leak = wg_ptable_val(&m, "ms_sm", "leakage_per_cycle", err, sizeof err);
	w->dyn = wg_ptable_val(&m, "ms_sm", "dynamic_per_cycle", err, sizeof err);
	w->mshare = wg_ptable_val(&m, "ms_sm", "memory_share_of_dynamic", err, sizeof err);
	w->el1 = wg_ptable_val(&m, "ms_sm", "l1_access_energy", err, sizeof err);
	w->eq = wg_ptable_val(&m, "ms_sm", "queue_access_energy", err, sizeof err);
	for (int e = 0; e < b->nevents && e < MSC_NEVENTS && !err[0]; e++) {
		double u;
		if (strncmp(b->events[e].name, "rq.", 3))
			continue; /* wrc.*: n/g */
		if (rq_energy_l1_units(&t, b->events[e].name + 3, &u, err, sizeof err) == 0)
			w->ev[e] = u * w->el1;
	}
	w->th[0] = wg_ptable_val(&t, "result", "energy_reduction", err, sizeof err);
	w->th[1] = wg_ptable_val(&t, "result", "leakage_energy_reduction", err, sizeof err);
	w->th[2] = wg_ptable_val(&t, "result", "others_energy_reduction", err, sizeof err);
	wg_ptable_free(&t);
	wg_ptable_free(&m);
	if (err[0])
		wg_die("stats", 2, "%s", err);
}

/* An arm's energy over its run by part, pJ: 0 leakage, 1 memory system (departures), 2 L1 accesses and
 * queue events, 3 the rest (per instruction); e_mem, e_ins: the prices the LRR run set. */
static void arm_energy(const sm_pw *w, const sm_res *r, double e_mem, double e_ins, double c[4])
{
	c[0] = w->leak * (double)r->st.cycles;
	c[1] = e_mem * (double)r->st.departures;
	c[2] = w->el1 * (double)(r->st.acc_new + r->st.acc_replay);
	for (int e = 0; e < MSC_NEVENTS; e++)
		c[2] += w->ev[e] * (double)r->ev[e];
	c[3] = e_ins * (double)r->st.issued;
}

/* The three arms' energy per instruction (epi) and parts per instruction (part), priced from the LRR
 * run r[0]: its dynamic energy (dyn x T) split between its departures (mshare) and, less its L1
 * accesses, its instructions. Returns 0, or 1 when the L1 alone would exceed the SM's share. */
static int energy(const sm_pw *w, const sm_res *r, double epi[NARM], double part[NARM][4])
{
	const mse_stats *b = &r[0].st;
	double D = w->dyn * (double)b->cycles;
	double e_mem = b->departures ? w->mshare * D / (double)b->departures : 0.0;
	double c[4];
	arm_energy(w, &r[0], 0.0, 0.0, c);
	double e_ins = ((b->departures ? 1.0 - w->mshare : 1.0) * D - c[2]) / (double)b->issued;
	if (e_ins < 0)
		return 1;
	for (int a = 0; a < NARM; a++) {
		arm_energy(w, &r[a], e_mem, e_ins, c);
		epi[a] = 0;
		for (int k = 0; k < 4; k++) {
			part[a][k] = c[k] / (double)r[a].st.issued;
			epi[a] += part[a][k];
		}
	}
	return 0;
}

static int mascar_stats_run(int argc, char **argv)
{
	int compare = 0;
	const char *prof = NULL;
	char **av = wg_xcalloc(((size_t)argc + 1) * sizeof *av);
	int ac = 0;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--compare") == 0) {
			compare = 1;
			continue;
		}
		if (strcmp(argv[i], "--profile") == 0) {
			i = wg_opt_value("stats", i, argc, argv);
			prof = argv[i];
			continue;
		}
		av[ac++] = argv[i];
	}
	wg_opts o;
	wg_opts_parse(&o, "stats", ac, av, WG_OPT_SET | WG_OPT_SEED | WG_OPT_CYCLES | WG_OPT_KNOB);
	free(av);
	if (o.help) {
		usage();
		return 0;
	}
	if (!compare)
		wg_die("stats", 2, "mascar's statistics mode is the comparison: give --compare (--help for the options)");
	int p0 = 0, p1 = NPROF - 1;
	if (prof) {
		int k = -1;
		for (int i = 0; i < NPROF; i++)
			if (strcmp(prof, profs[i].name) == 0)
				k = i;
		if (k < 0)
			wg_die("stats", 2, "--profile %s: stream, cache, reuse, thrash or compute", prof);
		p0 = p1 = k;
	}
	long cycles = o.cycles >= 0 ? o.cycles : SM_CYCLES;
	if (cycles < 1000 || cycles > 100000000L)
		wg_die("stats", 2, "--cycles %ld is out of range (1000..100000000)", cycles);
	if (o.knobs[MSE_K_BASE])
		wg_die("stats", 2, "--knob BASE=%ld: BASE is set by the comparison itself (leave it out)", o.knobs[MSE_K_BASE]);
	sm_pw pw;
	load_power(o.block, &pw);
	char cfg[256];
	wg_config_name(o.block, o.p, 0, cfg, sizeof cfg);
	printf("stats mascar --compare %s seed=%llu cycles=%ld per run (C model only, RESET_PPM=0); L2_LAT=%ld MQ_GAP=%ld "
	       "CONS_DIST=%ld UNCOAL_PCT=%ld STORE_PCT=%ld\n",
	       cfg, (unsigned long long)o.seed, cycles, o.knobs[MSE_K_L2_LAT], o.knobs[MSE_K_MQ_GAP],
	       o.knobs[MSE_K_CONS_DIST], o.knobs[MSE_K_UNCOAL_PCT], o.knobs[MSE_K_STORE_PCT]);
	printf("arms: LRR = loose round-robin (BASE=2, the thesis's baseline), GTO = greedy-then-oldest (BASE=1), both "
	       "without the queue (a refused load stalls the LSU); Mascar (BASE=0)\n");
	printf("energy per instruction (power_tables/mascar_sm.tsv; docs/mascar.md \"Energy\"): per profile the LRR run "
	       "sets the prices: leakage %.0f pJ/cycle (the chip's GPUWattch leakage per SM, assumed), LRR's dynamic %.0f "
	       "pJ/cycle (leakage %.0f %% of the total), %.0f %% of it per L2/DRAM departure (assumed: gebhart2011.tsv's "
	       "split), an L1 access %.2f pJ (assumed: Jeon's CACTI bank by the square-root rule), a queue access %.2f pJ "
	       "(%.0f %% of it, §4.4.2), the checker's events n/g (0), the rest per instruction\n",
	       pw.leak, pw.dyn, 100.0 * pw.leak / (pw.leak + pw.dyn), 100.0 * pw.mshare, pw.el1, pw.eq,
	       100.0 * pw.eq / pw.el1);
	printf("| profile | MEM_PCT / HIT_PCT | IPC LRR / GTO / Mascar | Mascar over LRR | Mascar over GTO | GTO over LRR | "
	       "LSU stalled LRR / GTO / Mascar | MP (Mascar) | L1 hits + merges per 1k, LRR / GTO / Mascar | "
	       "instructions per L1 miss (LRR) | L2/DRAM bandwidth used, LRR / GTO / Mascar | "
	       "energy per instruction over LRR, GTO / Mascar |\n"
	       "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
	int rc = 0;
	sm_geo g;
	memset(&g, 0, sizeof g);
	uint64_t st[NARM] = {0}, cy[NARM] = {0};
	double bw_lo = 100.0; /* the lowest bandwidth use of a memory-intensive arm (%) */
	double hm_sum[NARM] = {0}; /* memory-intensive profiles: sums of L1 hits + merges per 1k per arm */
	/* memory-intensive profiles: sums of the energy change per instruction against LRR (GTO, Mascar), of
	 * Mascar's parts' change in points of LRR's energy, and of the checker's bound (% of Mascar's energy) */
	double en_sum[2] = {0}, en_part[4] = {0}, en_wrc = 0;
	for (int pr = p0; pr <= p1; pr++) {
		long k[WG_MAX_PARAMS];
		memcpy(k, o.knobs, sizeof k);
		k[MSE_K_RESET_PPM] = 0;
		k[MSE_K_MEM_PCT] = profs[pr].mem_pct;
		k[MSE_K_HIT_PCT] = profs[pr].hit_pct;
		if (profs[pr].reuse)
			k[MSE_K_REUSE] = profs[pr].reuse;
		if (profs[pr].group)
			k[MSE_K_GROUP] = profs[pr].group;
		sm_res r[NARM];
		int bad = -1;
		for (int a = 0; a < NARM && bad < 0; a++) {
			k[MSE_K_BASE] = arm_base[a];
			if (run(o.block, o.p, k, o.seed, cycles, &r[a]))
				bad = a;
		}
		if (bad >= 0) {
			static const char *const arm_name[NARM] = {"LRR", "GTO", "Mascar"};
			printf("FAILED (%s, %s): %s\n", profs[pr].name, arm_name[bad], r[bad].err);
			rc = 1;
			continue;
		}
		double ip[NARM], bw[NARM], hm[NARM];
		for (int a = 0; a < NARM; a++) {
			ip[a] = ipc(&r[a].st);
			/* departures x MQ_GAP / cycles: the share of the miss queue's bandwidth (one line per MQ_GAP) used */
			bw[a] = pct(r[a].st.departures * (uint64_t)k[MSE_K_MQ_GAP], r[a].st.cycles);
			hm[a] = per1k(r[a].st.verdict[MSE_V_HIT] + r[a].st.verdict[MSE_V_MERGE], r[a].st.cycles);
		}
		double rx = 0; /* cache-sensitive: re-execution alone (BASE=3: LRR with the queue, no MP) over LRR */
		if (profs[pr].cls == 2) {
			sm_res rr;
			k[MSE_K_BASE] = 3;
			if (run(o.block, o.p, k, o.seed, cycles, &rr)) {
				printf("FAILED (%s, LRR + queue): %s\n", profs[pr].name, rr.err);
				rc = 1;
				continue;
			}
			rx = ip[0] > 0 ? ipc(&rr.st) / ip[0] : 0.0;
			g.lrx += log(rx > 0 ? rx : 1e-9);
			g.hrx += per1k(rr.st.verdict[MSE_V_HIT] + rr.st.verdict[MSE_V_MERGE], rr.st.cycles);
			g.hm += hm[2];
		}
		double sp[3] = {ip[0] > 0 ? ip[2] / ip[0] : 0.0, ip[1] > 0 ? ip[2] / ip[1] : 0.0, ip[0] > 0 ? ip[1] / ip[0] : 0.0};
		uint64_t miss0 = r[0].st.verdict[MSE_V_MISS];
		double epi[NARM], part[NARM][4];
		if (energy(&pw, r, epi, part)) {
			printf("FAILED (%s, energy): the LRR run's L1 accesses cost more than the SM's share of its dynamic "
			       "energy (power_tables/mascar_sm.tsv)\n",
			       profs[pr].name);
			rc = 1;
			continue;
		}
		printf("| %s | %ld / %ld | %.3f / %.3f / %.3f | %+.1f %% | %+.1f %% | %+.1f %% | %.1f / %.1f / %.1f %% | %.1f %% | "
		       "%.1f / %.1f / %.1f | %.1f | %.1f / %.1f / %.1f %% | %+.1f / %+.1f %% |\n",
		       profs[pr].name, profs[pr].mem_pct, profs[pr].hit_pct, ip[0], ip[1], ip[2], 100.0 * (sp[0] - 1.0),
		       100.0 * (sp[1] - 1.0), 100.0 * (sp[2] - 1.0), pct(r[0].st.lsu_stalls, r[0].st.cycles),
		       pct(r[1].st.lsu_stalls, r[1].st.cycles), pct(r[2].st.lsu_stalls, r[2].st.cycles),
		       pct(r[2].st.mp_cycles, r[2].st.cycles), hm[0], hm[1], hm[2],
		       miss0 ? (double)r[0].st.issued / (double)miss0 : 0.0, bw[0], bw[1], bw[2], 100.0 * (epi[1] / epi[0] - 1.0),
		       100.0 * (epi[2] / epi[0] - 1.0));
		int c = profs[pr].cls;
		g.n[c]++;
		for (int x = 0; x < 3; x++)
			g.l[c][x] += log(sp[x] > 0 ? sp[x] : 1e-9);
		if (c) {
			for (int a = 0; a < NARM; a++) {
				st[a] += r[a].st.lsu_stalls;
				cy[a] += r[a].st.cycles;
				bw_lo = fmin(bw_lo, bw[a]);
				hm_sum[a] += hm[a];
			}
			en_sum[0] += epi[1] / epi[0] - 1.0;
			en_sum[1] += epi[2] / epi[0] - 1.0;
			for (int x = 0; x < 4; x++)
				en_part[x] += (part[2][x] - part[0][x]) / epi[0];
			uint64_t nw = 0;
			for (int e = MSC_EV_WRC_SELECT; e <= MSC_EV_WRC_AGE_UPDATE; e++)
				nw += r[2].ev[e];
			en_wrc += pw.eq * (double)nw / (epi[2] * (double)r[2].st.issued);
		}
	}
	printf("\n");
	if (ngeo(&g, 1, 2)) {
		double ml = geo(&g, 1, 2, 0), mg = geo(&g, 1, 2, 1), gl = geo(&g, 1, 2, 2);
		/* Fig. 4.8 is against loose round-robin: Mascar +34 %, GTO +13 %, so Mascar over GTO is
		 * 1.34 / 1.13 = +18.6 % (a ratio of geomeans over the same kernels is the geomean of the ratios) */
		printf("memory-intensive geomean speedup (%d profiles): Mascar over LRR %+.1f %% (thesis §4.4.3: +34 %%), "
		       "over GTO %+.1f %% (thesis: +18.6 %% = 1.34 / 1.13); GTO over LRR %+.1f %% (thesis: +13 %%); LSU stalled "
		       "LRR %.1f %% -> Mascar %.1f %% of the cycles (thesis: 40 %% -> 20 %%; GTO %.1f %%)\n",
		       ngeo(&g, 1, 2), ml, mg, gl, pct(st[0], cy[0]), pct(st[2], cy[2]), pct(st[1], cy[1]));
		if (g.n[1])
			printf("not cache-sensitive (%d): Mascar over LRR %+.1f %% (thesis +17 %%), GTO over LRR %+.1f %% "
			       "(thesis +4 %%)\n",
			       g.n[1], geo(&g, 1, 1, 0), geo(&g, 1, 1, 2));
		double rxg = g.n[2] ? 100.0 * (exp(g.lrx / g.n[2]) - 1.0) : 0.0;
		if (g.n[2])
			printf("cache-sensitive (%d): Mascar over LRR %+.1f %% (thesis +56 %%), GTO over LRR %+.1f %% "
			       "(thesis +24 %%); re-execution alone (LRR with the queue, no MP: BASE=3) over LRR %+.1f %% "
			       "(thesis +35 %%)\n",
			       g.n[2], geo(&g, 2, 2, 0), geo(&g, 2, 2, 2), rxg);
		int nm = ngeo(&g, 1, 2);
		/* Fig. 4.13: "On average, Mascar reduces energy consumption by 12 %" against the baseline (LRR) */
		double em = 100.0 * en_sum[1] / nm;
		char parts[256];
		snprintf(parts, sizeof parts, "leakage %+.1f, L2/DRAM and interconnect %+.1f, L1 and queue %+.1f, the rest "
			 "%+.1f points of LRR's energy",
			 100.0 * en_part[0] / nm, 100.0 * en_part[1] / nm, 100.0 * en_part[2] / nm, 100.0 * en_part[3] / nm);
		printf("memory-intensive energy per instruction (mean of %d profiles): Mascar over LRR %+.1f %% (thesis Fig. "
		       "4.13: %+.0f %% on average), of it %s (thesis: leakage %+.0f, others %+.1f, L1 slightly lower, DRAM "
		       "mostly unchanged); GTO over LRR %+.1f %%; the checker's events (n/g, not priced) would add %.2f %% at "
		       "one queue access each\n",
		       nm, em, -100.0 * pw.th[0], parts, -100.0 * pw.th[1], -100.0 * pw.th[2], 100.0 * en_sum[0] / nm,
		       100.0 * en_wrc / nm);
		char cause[320];
		snprintf(cause, sizeof cause, "%s; L1 hits + merges per 1k (memory-intensive mean): LRR %.1f, GTO %.1f, Mascar %.1f",
			 bw_lo >= 99.0 ? "every memory-intensive arm uses >= 99 % of the L2/DRAM bandwidth (MQ_GAP), so only fewer "
					 "misses could raise IPC"
				       : "see docs/mascar.md \"Against the paper\"",
			 hm_sum[0] / nm, hm_sum[1] / nm, hm_sum[2] / nm);
		if (ml < 0) {
			printf("REVERSED: Mascar is slower than the LRR baseline on the memory-intensive profiles (thesis: +34 %%); "
			       "cause: %s\n", cause);
			rc = 1;
		}
		if (mg < 0) {
			printf("REVERSED: Mascar is slower than GTO on the memory-intensive profiles (thesis: +18.6 %%); cause: %s\n",
			       cause);
			rc = 1;
		}
		if (gl < 0) {
			printf("REVERSED: GTO is slower than LRR on the memory-intensive profiles (thesis: +13 %%); cause: the "
			       "profiles have no intra-warp reuse, where GTO's gain comes from (§4.4.3), only inter-warp reuse "
			       "(reuse)\n");
			rc = 1;
		}
		if (g.n[2] && geo(&g, 2, 2, 0) < rxg) {
			printf("REVERSED: on the cache-sensitive profiles Mascar is slower than re-execution alone (%+.1f %% "
			       "against %+.1f %% over LRR, thesis: +56 %% against +35 %%: MP scheduling adds to re-execution); "
			       "L1 hits + merges per 1k: Mascar %.1f, re-execution alone %.1f\n",
			       geo(&g, 2, 2, 0), rxg, g.hm / g.n[2], g.hrx / g.n[2]);
			rc = 1;
		}
		if (pct(st[2], cy[2]) > pct(st[0], cy[0])) {
			printf("REVERSED: the LSU stalls more under Mascar than under the LRR baseline (thesis: 40 %% -> 20 %%)\n");
			rc = 1;
		}
		if (em > 0) {
			printf("REVERSED: Mascar spends more energy per instruction than the LRR baseline on the memory-intensive "
			       "profiles (%+.1f %%, thesis: %+.0f %%); cause: %s\n",
			       em, -100.0 * pw.th[0], parts);
			rc = 1;
		}
	}
	if (g.n[0])
		printf("compute-intensive: Mascar over LRR %+.1f %%, over GTO %+.1f %% (thesis: about +1.5 %% over LRR; no "
		       "direction checked)\n",
		       geo(&g, 0, 0, 0), geo(&g, 0, 0, 1));
	return rc;
}

const wg_stats_def wg_stats_mascar = {.run = mascar_stats_run};
