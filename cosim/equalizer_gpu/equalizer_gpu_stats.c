/* equalizer_gpu_stats.c - `warpgen stats equalizer_gpu`: run the GPU model of
 * equalizer_gpu_env.h on the composed C model only (no RTL), one kernel profile after
 * another, and report per epoch what Equalizer decided (numBlocks per SM,
 * the -1/0/+1 decisions, the votes, the manager's winner, the SM and
 * memory levels, the work done) and per profile a summary (epochs,
 * numBlocks changes, time at each of the five VF states, IPC). Writes one
 * CSV per profile, a summary CSV and, when gnuplot is installed, one PNG per
 * profile (numBlocks and the two VF levels over the epochs).
 * docs/equalizer.md "The GPU composition".
 *
 * Exit codes: 0, 1 when a check failed (a protocol violation reported by
 * the C model, or a check of the environment), 2 bad input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "equalizer.h"
#include "equalizer_gpu.h"
#include "equalizer_gpu_compare.h"
#include "equalizer_gpu_env.h"
#include "vf_manager.h"
#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_mrun.h"
#include "wg_stats.h"
#include "wg_proc.h"
#include "wg_root.h"
#include "wg_vtool.h"

#define SE_CYCLES 200000L
#define SE_DIR "stats/equalizer_gpu" /* under wg_out_dir() (out/, or --out DIR) */

/* One profile's run. */
typedef struct se_run {
	int prof;                    /* EQE_PR_* */
	long cycles;                 /* cycles simulated */
	eqe_stats env;               /* environment counters */
	uint64_t tchange, drops;     /* numBlocks changes (all SMs), manager's dropped winners */
	long dec[3], vote[3];        /* decisions -1/0/+1, votes none/COMP/MEM over all epochs and SMs */
	double nb_first, nb_last, nb_sum; /* mean numBlocks: first epoch, last epoch, sum over epochs */
	long epochs;                 /* epochs recorded */
	long idle, idle_comp;        /* SM-epochs without a CTA at the decision while a kernel runs; of them voting COMP */
	double seconds;              /* wall time */
	char csv[512], png[512];     /* files written ("" none) */
	char err[640];               /* failure, "" when none */
} se_run;

static void usage(void)
{
	printf("usage: warpgen stats equalizer_gpu [--profile P | --all-profiles] [--cycles N] [--set NAME=VALUE]...\n"
	       "                                   [--knob NAME=VALUE]... [--seed S] [-o DIR] [-q]\n"
	       "Runs the GPU model of cosim/equalizer_gpu/equalizer_gpu_env.h (SMs, schedulers, LD/ST queues, shared memory bandwidth, an L1,\n"
	       "the work distributor, kernel profiles) on the composed C model only (no RTL) and prints per epoch:\n"
	       "numBlocks (mean/min/max over the SMs), the decisions (-1/0/+1 counts), the votes (none/COMP/MEM),\n"
	       "the manager's winner, the SM and memory levels and the IPC; then a summary per profile. Writes\n"
	       "DIR/equalizer_gpu_<profile>.csv, DIR/equalizer_gpu_summary.csv and, with gnuplot,\n"
	       "DIR/equalizer_gpu_<profile>.png.\n"
	       "  --profile P      COMPUTE, MEMORY, CACHE, UNSAT, IMBALANCE, PHASE or MIX (default: all six but MIX)\n"
	       "  --all-profiles   the six profiles (the default)\n"
	       "  --cycles N       cycles per profile (default %ld)\n"
	       "  --compare        energy and speedup against the baseline GPU (no Equalizer) instead (--compare --help)\n"
	       "  --knob K=V       environment knobs (cosim/equalizer_gpu/equalizer_gpu_env.h; RESET_PPM is 0 here)\n"
	       "  -o DIR           output folder (default out/%s; --out DIR moves out/)\n"
	       "  -q               no per-epoch lines\n"
	       "exit: 0, 1 a check failed, 2 bad input\n",
	       SE_CYCLES, SE_DIR);
}

static const char *level_name(int l) { return l == VFM_HIGH ? "high" : l == VFM_LOW ? "low" : "norm"; }

static int level_num(int l) { return l == VFM_HIGH ? 1 : l == VFM_LOW ? -1 : 0; }

static const char *win_name(unsigned w)
{
	static const char *const n[8] = {"-", "SM-", "-", "MEM-", "-", "SM+", "-", "MEM+"};
	return n[w & 7u];
}

static int event_index(const wg_block *b, const char *name)
{
	for (int i = 0; i < b->nevents; i++)
		if (strcmp(b->events[i].name, name) == 0)
			return i;
	return -1;
}

/* One epoch: a line on stdout and a CSV row. */
static void epoch_row(const eqe_epoch *ep, se_run *r, FILE *csv, int quiet)
{
	int mn = 99, mx = 0, cnt[3] = {0, 0, 0}, vt[3] = {0, 0, 0};
	double sum = 0, ctas = 0;
	for (int k = 0; k < ep->sms; k++) {
		mn = ep->nblocks[k] < mn ? ep->nblocks[k] : mn;
		mx = ep->nblocks[k] > mx ? ep->nblocks[k] : mx;
		sum += ep->nblocks[k];
		ctas += ep->ctas[k];
		cnt[ep->delta[k] + 1]++;
		vt[ep->vote[k] < 3 ? ep->vote[k] : 0]++;
		if (ep->kmax != 0 && ep->ctas[k] == 0) { /* idle: no CTA while a kernel runs (COMP, Alg. 1 l. 22) */
			r->idle++;
			r->idle_comp += ep->vote[k] == EQ_VOTE_COMP;
		}
	}
	double mean = sum / ep->sms;
	double ipc = ep->cycles > 0 ? (double)ep->issued / (double)ep->cycles / ep->sms : 0.0;
	for (int i = 0; i < 3; i++) {
		r->dec[i] += cnt[i];
		r->vote[i] += vt[i];
	}
	if (r->epochs == 0)
		r->nb_first = mean;
	r->nb_last = mean;
	r->nb_sum += mean;
	r->epochs++;
	const char *kp = ep->kernel_profile >= 0 ? eqe_profile_name(ep->kernel_profile) : "idle";
	if (!quiet)
		printf("  %5ld %8ld %-9s%s nb %4.1f [%d,%d] ctas %4.1f  dec -1:%-2d 0:%-2d +1:%-2d  vote N:%-2d C:%-2d M:%-2d "
		       "win %-4s  SM %-4s MEM %-4s  IPC %.3f\n",
		       ep->idx, ep->cyc, kp, ep->phase ? "*" : " ", mean, mn, mx, ctas / ep->sms, cnt[0], cnt[1], cnt[2], vt[0],
		       vt[1], vt[2], win_name(ep->win), level_name(ep->sm_level), level_name(ep->mem_level), ipc);
	if (csv) {
		fprintf(csv, "%ld,%ld,%s,%d,%.4f,%d,%d,%.4f,%d,%d,%d,%d,%d,%d,%s,%d,%d,%.5f", ep->idx, ep->cyc, kp, ep->phase,
			mean, mn, mx, ctas / ep->sms, cnt[0], cnt[1], cnt[2], vt[0], vt[1], vt[2], win_name(ep->win),
			level_num(ep->sm_level), level_num(ep->mem_level), ipc);
		for (int k = 0; k < ep->sms; k++)
			fprintf(csv, ",%d", ep->nblocks[k]);
		fprintf(csv, "\n");
	}
}

/* the environment's side of wg_mrun: the environment and where its epoch rows go */
typedef struct run_ctx {
	eqg_env *e; /* the GPU environment */
	se_run *r;  /* the run's figures */
	FILE *csv;  /* its epoch rows */
	int quiet;  /* no rows on stdout */
} run_ctx;
static void env_drive(void *c, const void *model, uint32_t *in, long cyc)
{
	(void)model;
	eqe_drive(((run_ctx *)c)->e, in, cyc);
}
static void env_observe(void *c, const void *model, const uint32_t *in, uint32_t *out, long cyc)
{
	run_ctx *x = c;
	const eqe_epoch *ep;
	(void)model;
	eqe_observe(x->e, in, out, cyc);
	if (eqe_epoch_new(x->e, &ep))
		epoch_row(ep, x->r, x->csv, x->quiet);
}
static const char *env_error(void *c) { return eqe_error(((run_ctx *)c)->e); }
static const wg_mrun_ops env_ops = {env_drive, env_observe, env_error, NULL};

static int run(const wg_block *b, const long *p, const long *knobs, uint64_t seed, long cycles, const char *dir,
	       int quiet, se_run *r)
{
	char err[512];
	wg_mrun m;
	wg_mrun_open(&m, b, p);
	eqg_env *e = wg_xcalloc(eqe_size(p));
	FILE *csv = NULL;
	int rc = 0;
	if (eqe_init(e, p, m.L, knobs, seed, err, sizeof err)) {
		snprintf(r->err, sizeof r->err, "%s", err);
		rc = 2;
		goto done;
	}
	snprintf(r->csv, sizeof r->csv, "%s/equalizer_gpu_%s.csv", dir, eqe_profile_name(r->prof));
	csv = fopen(r->csv, "w");
	if (!csv) {
		snprintf(r->err, sizeof r->err, "cannot write %s", r->csv);
		rc = 2;
		goto done;
	}
	fprintf(csv, "epoch,cycle,kernel,phase,nb_mean,nb_min,nb_max,ctas_mean,dec_m1,dec_0,dec_p1,vote_none,vote_comp,"
		     "vote_mem,win,sm_level,mem_level,ipc");
	for (int k = 0; k < p[EQG_P_SMS]; k++)
		fprintf(csv, ",nb_sm%d", k);
	fprintf(csv, "\n");
	run_ctx x = {e, r, csv, quiet};
	rc = wg_mrun_cycles(&m, &env_ops, &x, cycles, r->err, sizeof r->err);
	r->seconds = m.seconds;
	r->cycles = m.cycles;
	r->env = *eqe_get_stats(e);
	const uint64_t *c = wg_mrun_counts(&m);
	int it = event_index(b, "eq.tchange"), id = event_index(b, "vfm.drop");
	r->tchange = it >= 0 ? c[it] : 0;
	r->drops = id >= 0 ? c[id] : 0;
done:
	if (csv && fclose(csv) != 0 && !rc) {
		snprintf(r->err, sizeof r->err, "error writing %s", r->csv);
		rc = 2;
	}
	wg_mrun_close(&m);
	free(e);
	return rc;
}

static double frac(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

/* The five VF states' shares of the run: normal, SM high, SM low, memory high, memory low. */
static void vf_shares(const se_run *r, double f[5])
{
	const eqe_stats *s = &r->env;
	uint64_t off = s->level_cyc[0][VFM_HIGH] + s->level_cyc[0][VFM_LOW] + s->level_cyc[1][VFM_HIGH] +
		       s->level_cyc[1][VFM_LOW];
	f[0] = frac(s->cycles > off ? s->cycles - off : 0, s->cycles);
	f[1] = frac(s->level_cyc[0][VFM_HIGH], s->cycles);
	f[2] = frac(s->level_cyc[0][VFM_LOW], s->cycles);
	f[3] = frac(s->level_cyc[1][VFM_HIGH], s->cycles);
	f[4] = frac(s->level_cyc[1][VFM_LOW], s->cycles);
}

static void summary(const se_run *r, int sms)
{
	const eqe_stats *s = &r->env;
	double f[5];
	vf_shares(r, f);
	printf("summary %s: %ld cycles, %ld epochs, %llu kernels started (%llu finished), %llu numBlocks changes, "
	       "%llu winners dropped (%.2f s)\n",
	       eqe_profile_name(r->prof), r->cycles, r->epochs, (unsigned long long)s->kernels,
	       (unsigned long long)s->kernels_done, (unsigned long long)r->tchange, (unsigned long long)r->drops,
	       r->seconds);
	printf("  numBlocks mean: first epoch %.2f, last %.2f, average %.2f\n", r->nb_first, r->nb_last,
	       r->epochs ? r->nb_sum / (double)r->epochs : 0.0);
	printf("  decisions -1/0/+1: %ld/%ld/%ld; votes none/COMP/MEM: %ld/%ld/%ld\n", r->dec[0], r->dec[1], r->dec[2],
	       r->vote[0], r->vote[1], r->vote[2]);
	printf("  idle SMs (no CTA at the decision, kernel running): %ld SM-epochs, %ld of them voting COMP\n", r->idle,
	       r->idle_comp);
	printf("  time at VF state: normal %.1f %%, SM high %.1f %%, SM low %.1f %%, memory high %.1f %%, memory low "
	       "%.1f %%\n",
	       100 * f[0], 100 * f[1], 100 * f[2], 100 * f[3], 100 * f[4]);
	printf("  IPC per SM %.3f (warp instructions per cycle; nominal-time cycles); L1 hit %.1f %%; LD/ST queue full "
	       "%.1f %%, paused CTA present %.1f %% of SM-cycles\n",
	       frac(s->issued, s->cycles) / sms, 100 * frac(s->hits, s->mem_issued),
	       100 * frac(s->lsu_full_cyc, s->cycles * (uint64_t)sms), 100 * frac(s->paused_cyc, s->cycles * (uint64_t)sms));
}

static int have_gnuplot(void)
{
	const char *path = getenv("PATH");
	char buf[4096];
	for (const char *s = path ? path : ""; *s;) {
		size_t len = strcspn(s, ":");
		snprintf(buf, sizeof buf, "%.*s/gnuplot", (int)len, s);
		if (access(buf, X_OK) == 0)
			return 1;
		s += len + (s[len] == ':');
	}
	return 0;
}

/* numBlocks (mean, min, max) on top, the two VF levels below, over the epochs. */
static int plot(se_run *r, const char *dir, const char *cfg, char *err, size_t n)
{
	char gp[600];
	snprintf(gp, sizeof gp, "%s/equalizer_gpu_%s.gp", dir, eqe_profile_name(r->prof));
	snprintf(r->png, sizeof r->png, "%s/equalizer_gpu_%s.png", dir, eqe_profile_name(r->prof));
	wg_buf b = {0};
	wg_buf_printf(&b,
		      "set terminal pngcairo size 900,600 font 'sans,9'\nset output '%s'\nset datafile separator ','\n"
		      "set key outside right\nset lmargin 10\nset multiplot layout 2,1 title 'equalizer\\_gpu %s, profile %s'\n"
		      "set ylabel 'numBlocks'\nset yrange [0:*]\nset grid\n"
		      "plot '%s' using 1:5 with lines lw 2 title 'mean', '' using 1:6 with steps title 'min', "
		      "'' using 1:7 with steps title 'max', '' using 1:8 with lines dt 2 title 'CTAs resident'\n"
		      "set ylabel 'VF level'\nset xlabel 'epoch'\nset yrange [-1.3:1.3]\nset ytics ('low' -1, 'normal' 0, "
		      "'high' 1)\n"
		      "plot '%s' using 1:($16+0.03) with steps lw 2 title 'SM', '' using 1:($17-0.03) with steps lw 2 "
		      "title 'memory'\nunset multiplot\n",
		      r->png, cfg, eqe_profile_name(r->prof), r->csv, r->csv);
	int rc = wg_write_atomic(gp, b.s, b.len, err, n);
	wg_buf_free(&b);
	if (rc)
		return -1;
	char *argv[] = {"gnuplot", gp, NULL};
	int st = wg_proc_run(argv, -1);
	if (st != 0 || access(r->png, R_OK) != 0) {
		snprintf(err, n, "gnuplot %s failed (status %d)", gp, st);
		r->png[0] = 0;
		return -1;
	}
	return 0;
}

static int equalizer_gpu_stats_run(int argc, char **argv)
{
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "--compare") == 0)
			return eqs_compare_main(argc, argv); /* energy against static VF (equalizer_gpu_compare.c) */
	const char *profile = NULL;
	int reset_set = 0;
	char **av = wg_xcalloc((size_t)(argc + 1) * sizeof *av);
	int ac = 0;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--profile") == 0) {
			i = wg_opt_value("stats", i, argc, argv);
			profile = argv[i];
		} else if (strcmp(argv[i], "--all-profiles") == 0) {
			profile = NULL;
		} else {
			if (i > 0 && strcmp(argv[i - 1], "--knob") == 0 && strncmp(argv[i], "RESET_PPM=", 10) == 0)
				reset_set = 1;
			av[ac++] = argv[i];
		}
	}
	wg_opts o;
	wg_opts_parse(&o, "stats", ac, av,
		      WG_OPT_SET | WG_OPT_SEED | WG_OPT_CYCLES | WG_OPT_KNOB | WG_OPT_OUT | WG_OPT_QUIET);
	free(av);
	if (o.help) {
		usage();
		return 0;
	}
	if (!reset_set)
		o.knobs[EQE_K_RESET_PPM] = 0;
	int pick[EQE_NPROF], npick = 0;
	if (!profile) {
		for (int i = EQE_PR_COMPUTE; i < EQE_NPROF; i++)
			pick[npick++] = i;
	} else {
		for (int i = 0; i < EQE_NPROF; i++)
			if (strcasecmp(profile, eqe_profile_name(i)) == 0)
				pick[npick++] = i;
		if (!npick)
			wg_die("stats", 2, "unknown profile '%s' (COMPUTE, MEMORY, CACHE, UNSAT, IMBALANCE, PHASE, MIX)", profile);
	}
	long cycles = o.cycles >= 0 ? o.cycles : SE_CYCLES;
	if (cycles < 3)
		wg_die("stats", 2, "--cycles %ld is out of range (at least 3)", cycles);
	char def_dir[400]; /* (the file names below are built in 512-600 bytes) */
	wg_fmt(def_dir, sizeof def_dir, "%s/%s", wg_out_dir(), SE_DIR);
	const char *dir = o.outdir ? o.outdir : def_dir;
	char err[640];
	if (wg_mkdirs(dir, err, sizeof err))
		wg_die("stats", 2, "-o %s: %s", dir, err);
	char cfg[256];
	wg_config_name(o.block, o.p, 0, cfg, sizeof cfg);
	int gp = have_gnuplot();
	printf("stats equalizer_gpu %s seed=%llu, %ld cycles per profile, C model only\n", cfg,
	       (unsigned long long)o.seed, cycles);
	if (!o.quiet)
		printf("  epoch    cycle kernel      numBlocks mean [min,max], CTAs resident (mean), decisions, votes "
		       "(None/Comp/Mem), manager's winner, levels, IPC per SM in the epoch (* second phase)\n");
	se_run *runs = wg_xcalloc((size_t)npick * sizeof *runs);
	int rc = 0;
	for (int i = 0; i < npick; i++) {
		long kn[WG_MAX_PARAMS];
		memcpy(kn, o.knobs, sizeof kn);
		kn[EQE_K_PROFILE] = pick[i];
		runs[i].prof = pick[i];
		printf("\nprofile %s\n", eqe_profile_name(pick[i]));
		int r = run(o.block, o.p, kn, o.seed, cycles, dir, o.quiet, &runs[i]);
		if (r == 2)
			wg_die("stats", 2, "%s: %s", eqe_profile_name(pick[i]), runs[i].err);
		summary(&runs[i], (int)o.p[EQG_P_SMS]);
		if (r) {
			printf("  FAILED %s: %s\n", eqe_profile_name(pick[i]), runs[i].err);
			rc = 1;
		}
		if (gp && runs[i].epochs == 0)
			printf("  plot: no epoch completed, no PNG\n");
		else if (gp && plot(&runs[i], dir, cfg, err, sizeof err))
			printf("  plot: %s\n", err);
		printf("  wrote %s%s%s\n", runs[i].csv, runs[i].png[0] ? " and " : "", runs[i].png);
		fflush(stdout);
	}
	if (!gp)
		printf("\ngnuplot not found in PATH: no PNG plots written (install gnuplot-nox; the CSVs hold the data)\n");
	/* one summary line per profile */
	wg_buf b = {0};
	wg_buf_printf(&b, "profile,cycles,epochs,kernels,kernels_done,tchanges,drops,nb_first,nb_last,nb_avg,dec_m1,dec_0,"
			  "dec_p1,vote_none,vote_comp,vote_mem,idle_sm_epochs,idle_comp,f_normal,f_sm_high,f_sm_low,f_mem_high,f_mem_low,ipc_per_sm,"
			  "l1_hit,ok\n");
	for (int i = 0; i < npick; i++) {
		const se_run *r = &runs[i];
		double f[5];
		vf_shares(r, f);
		wg_buf_printf(&b, "%s,%ld,%ld,%llu,%llu,%llu,%llu,%.4f,%.4f,%.4f,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%.4f,%.4f,%.4f,%.4f,"
				  "%.4f,%.5f,%.4f,%d\n",
			      eqe_profile_name(r->prof), r->cycles, r->epochs, (unsigned long long)r->env.kernels,
			      (unsigned long long)r->env.kernels_done, (unsigned long long)r->tchange,
			      (unsigned long long)r->drops, r->nb_first, r->nb_last, r->epochs ? r->nb_sum / (double)r->epochs : 0.0,
			      r->dec[0], r->dec[1], r->dec[2], r->vote[0], r->vote[1], r->vote[2], r->idle, r->idle_comp, f[0], f[1], f[2], f[3], f[4],
			      frac(r->env.issued, r->env.cycles) / (double)o.p[EQG_P_SMS], frac(r->env.hits, r->env.mem_issued),
			      r->err[0] ? 0 : 1);
	}
	char sp[600];
	snprintf(sp, sizeof sp, "%s/equalizer_gpu_summary.csv", dir);
	if (wg_write_atomic(sp, b.s, b.len, err, sizeof err))
		wg_die("stats", 2, "%s", err);
	wg_buf_free(&b);
	printf("wrote %s\n", sp);
	free(runs);
	return rc;
}

const wg_stats_def wg_stats_equalizer_gpu = {.run = equalizer_gpu_stats_run};
