/* equalizer_gpu_compare.c - `warpgen stats equalizer_gpu --compare`: Equalizer's
 * energy and speedup against the baseline GPU of Sethia 2015 §3.5.2, on the
 * composed C model only. Each profile runs on the same seed and knobs in the GPU
 * model of equalizer_gpu_env.h in three arms:
 *  - baseline: no Equalizer at all (eqe_set_baseline): the GWDE's default CTA
 *    count (as many as fit, kmax, none paused) and both VF domains at nominal;
 *    the block's model does not run. It is the same for both objectives.
 *  - static VF: the composition with its levels held at nominal (sm_level_o /
 *    mem_level_o overwritten before the environment reads them), its CTA
 *    control on: against it, Equalizer's VF decisions alone (the "VF only"
 *    columns).
 *  - Equalizer, under OBJECTIVE=ENERGY and =PERFORMANCE.
 * The work done in the same nominal time gives the speedup; the energy per
 * instruction comes from the rows of power_tables/sethia2015.tsv: leakage
 * 41.9 W (GPUWattch) held at every level, dynamic power 0.7/0.3 of the chip's at
 * nominal (leakage_fraction_typical), split SM / memory by gebhart2011.tsv's
 * 0.7 / 0.3 (assumption: the thesis gives no split), priced per instruction (SM)
 * and per L1 miss (memory) from the baseline run, and scaled by the V^2 factors
 * 1.3225 / 0.7225 at the level in force when the event happened
 * (docs/equalizer_gpu.md "Energy against the baseline GPU").
 *
 * Exit codes: 0; 1 a check failed, or a direction the thesis states came out
 * REVERSED (ec_dirs); 2 bad input. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "equalizer_gpu.h"
#include "equalizer_gpu_compare.h"
#include "equalizer_gpu_env.h"
#include "vf_manager.h"
#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_kit.h"
#include "wg_mrun.h"
#include "wg_ptable.h"
#include "wg_vtool.h"

#define EC_CYCLES 100000L

static const int ec_profs[] = {EQE_PR_COMPUTE, EQE_PR_MEMORY, EQE_PR_CACHE, EQE_PR_UNSAT};
#define EC_NPROF ((int)(sizeof ec_profs / sizeof ec_profs[0]))

/* One arm's counters. */
typedef struct ec_run {
	uint64_t issued;       /* warp instructions issued */
	uint64_t mem;          /* L1 misses (memory-system accesses) */
	double sm_v2, mem_v2;  /* the same, each weighted by the V^2 factor of its domain's level then */
	uint64_t off_cyc;      /* cycles with a domain off nominal */
	uint64_t paused;       /* SM-cycles with a paused CTA (eqe_stats.paused_cyc) */
	char err[768];
} ec_run;

static double v2(int level, double hi, double lo) { return level == VFM_HIGH ? hi : level == VFM_LOW ? lo : 1.0; }

/* the environment's side of wg_mrun: one arm's environment, its counters and its V^2 factors */
typedef struct arm_ctx {
	eqg_env *e;          /* the GPU environment */
	const wg_layout *L;  /* the composition's ports */
	ec_run *r;           /* the arm's counters */
	int fixed;           /* static arm: both domains at nominal */
	double hi, lo;       /* V^2 factors of the high and low levels */
} arm_ctx;
static void arm_drive(void *c, const void *model, uint32_t *in, long cyc)
{
	(void)model;
	eqe_drive(((arm_ctx *)c)->e, in, cyc);
}
static void arm_observe(void *c, const void *model, const uint32_t *in, uint32_t *out, long cyc)
{
	arm_ctx *x = c;
	(void)model;
	if (x->fixed) { /* static: the environment runs both domains at nominal */
		wg_port_put(x->L, out, EQG_SM_LEVEL_O, VFM_NORMAL);
		wg_port_put(x->L, out, EQG_MEM_LEVEL_O, VFM_NORMAL);
	}
	int sml = (int)wg_port_get(x->L, out, EQG_SM_LEVEL_O), mml = (int)wg_port_get(x->L, out, EQG_MEM_LEVEL_O);
	const eqe_stats *s = eqe_get_stats(x->e);
	uint64_t i0 = s->issued, m0 = s->misses;
	eqe_observe(x->e, in, out, cyc);
	s = eqe_get_stats(x->e);
	x->r->sm_v2 += (double)(s->issued - i0) * v2(sml, x->hi, x->lo);
	x->r->mem_v2 += (double)(s->misses - m0) * v2(mml, x->hi, x->lo);
	x->r->off_cyc += (uint64_t)(sml != VFM_NORMAL || mml != VFM_NORMAL);
}
static const char *arm_error(void *c) { return eqe_error(((arm_ctx *)c)->e); }
static const wg_mrun_ops arm_ops = {arm_drive, arm_observe, arm_error, NULL};

enum { ARM_EQ, ARM_STATIC, ARM_BASE }; /* Equalizer, static VF (its CTA control on), baseline (no Equalizer) */

/* One arm of one profile: 0, 1 with r->err (the run failed), 2 bad input. */
static int run(const wg_block *b, const long *p, const long *knobs, uint64_t seed, long cycles, int arm, double hi,
	       double lo, ec_run *r)
{
	wg_mrun m;
	wg_mrun_open(&m, b, p);
	eqg_env *e = wg_xcalloc(eqe_size(p));
	char err[512];
	int rc = 0;
	memset(r, 0, sizeof *r);
	if (eqe_init(e, p, m.L, knobs, seed, err, sizeof err)) {
		snprintf(r->err, sizeof r->err, "%s", err);
		rc = 2;
	} else if (arm == ARM_BASE) { /* the environment alone: no model, the outputs unread */
		eqe_set_baseline(e);
		size_t nin = (size_t)m.L->nwords[WG_IN] * sizeof(uint32_t);
		uint32_t *in = wg_xcalloc(nin), *out = wg_xcalloc((size_t)m.L->nwords[WG_OUT] * sizeof(uint32_t));
		for (long cyc = 0; cyc < cycles && !rc; cyc++) {
			memset(in, 0, nin);
			eqe_drive(e, in, cyc);
			eqe_observe(e, in, out, cyc);
			if (eqe_error(e)) {
				snprintf(r->err, sizeof r->err, "%s", eqe_error(e));
				rc = 1;
			}
		}
		free(in);
		free(out);
		r->sm_v2 = (double)eqe_get_stats(e)->issued; /* every event at nominal */
		r->mem_v2 = (double)eqe_get_stats(e)->misses;
	} else {
		arm_ctx x = {e, m.L, r, arm == ARM_STATIC, hi, lo};
		rc = wg_mrun_cycles(&m, &arm_ops, &x, cycles, r->err, sizeof r->err);
	}
	if (rc != 2) {
		r->issued = eqe_get_stats(e)->issued;
		r->mem = eqe_get_stats(e)->misses;
		r->paused = eqe_get_stats(e)->paused_cyc;
		if (!rc && r->issued == 0) {
			snprintf(r->err, sizeof r->err, "nothing issued in %ld cycles", cycles);
			rc = 1;
		}
	}
	wg_mrun_close(&m);
	free(e);
	return rc;
}

static void usage(void)
{
	printf("usage: warpgen stats equalizer_gpu --compare [--profile P] [--cycles N] [--seed S] [--set NAME=VALUE]...\n"
	       "                                             [--knob NAME=VALUE]...\n"
	       "Runs each profile, on the same seed, as the baseline GPU of Sethia 2015 §3.5.2 (no Equalizer: the default\n"
	       "CTA count, nominal VF), as static VF (Equalizer's CTA control, nominal VF) and as Equalizer under both\n"
	       "objectives (OBJECTIVE=ENERGY, PERFORMANCE); prints the speedup (work in the same time) and the energy\n"
	       "per instruction against the baseline (and, as \"VF only\", against static VF) from the Sethia table's\n"
	       "rows (leakage 41.9 W at every level, V^2 factors 1.3225 / 0.7225 on the SM's and the memory's dynamic\n"
	       "energy) beside §3.5.2's figures per kernel class and overall: ENERGY about 15 %% saved at about 5 %%\n"
	       "speedup, PERFORMANCE about 22 %% speedup at 6 %% more energy.\n"
	       "  --profile P   COMPUTE, MEMORY, CACHE or UNSAT (default: the four)\n"
	       "  --cycles N    cycles per run (default %ld)\n"
	       "exit: 0, 1 a check failed or a direction the thesis states came out REVERSED, 2 bad input\n",
	       EC_CYCLES);
}

/* The thesis's figures per objective and profile (ec_profs' order; §3.5.2, Figs. 3.7 and 3.8), as
 * fractions: speedup and energy change; NAN where the text gives none. */
typedef struct ec_thesis {
	double sp[2][EC_NPROF], en[2][EC_NPROF]; /* [objective][profile] */
	double gsp[2], gen[2];                   /* geomeans over the 27 kernels */
} ec_thesis;

/* (a row that cannot be read: its message in err, wg_ptable_val) */
static void thesis_rows(const wg_ptable *t, ec_thesis *th, char *err, size_t n)
{
	static const char *const cls[EC_NPROF] = {"compute", "memory", "cache", "unsaturated"};
	char q[80];
	for (int k = 0; k < EC_NPROF; k++) {
		snprintf(q, sizeof q, "energy_%s_saving", cls[k]);
		th->en[0][k] = -wg_ptable_val(t, "eq_result", q, err, n);
		if (k == 2)
			th->sp[0][k] = wg_ptable_val(t, "eq_result", "energy_cache_speedup", err, n);
		else {
			snprintf(q, sizeof q, "energy_%s_perf_loss", cls[k]);
			th->sp[0][k] = -wg_ptable_val(t, "eq_result", q, err, n);
		}
		th->sp[1][k] = th->en[1][k] = NAN;
		if (k < 3) {
			snprintf(q, sizeof q, "perf_%s_speedup", cls[k]);
			th->sp[1][k] = wg_ptable_val(t, "eq_result", q, err, n);
			snprintf(q, sizeof q, "perf_%s_energy_%s", cls[k], k == 2 ? "reduction" : "increase");
			th->en[1][k] = (k == 2 ? -1 : 1) * wg_ptable_val(t, "eq_result", q, err, n);
		}
	}
	th->gsp[0] = wg_ptable_val(t, "eq_result", "energy_mode_speedup", err, n);
	th->gen[0] = -wg_ptable_val(t, "eq_result", "energy_mode_energy_saving", err, n);
	th->gsp[1] = wg_ptable_val(t, "eq_result", "perf_mode_speedup", err, n);
	th->gen[1] = wg_ptable_val(t, "eq_result", "perf_mode_energy_increase", err, n);
}

/* The directions the thesis states clearly (§3.1, §3.5.2): the sign of a figure whose magnitude is
 * well away from 0 (the performance losses of 0.1-2.5 % in energy mode are "minimal", not a
 * direction). prof -1: the geomean (checked only when all four profiles ran); what 0 speedup, 1
 * energy. */
static const struct ec_dir {
	int ob, prof, what;
} ec_dirs[] = {
	{0, -1, 0}, {0, -1, 1}, {0, 0, 1}, {0, 1, 1}, {0, 2, 1}, {0, 3, 1}, {0, 2, 0}, /* ENERGY */
	{1, -1, 0}, {1, -1, 1}, {1, 0, 0}, {1, 1, 0}, {1, 2, 0}, {1, 0, 1}, {1, 1, 1}, {1, 2, 1}, /* PERFORMANCE */
};
#define EC_NDIRS ((int)(sizeof ec_dirs / sizeof ec_dirs[0]))

static const char *pct(double f, char *b, size_t n)
{
	if (isnan(f))
		snprintf(b, n, "n/g");
	else
		snprintf(b, n, "%+.1f %%", 100 * f);
	return b;
}

int eqs_compare_main(int argc, char **argv)
{
	const char *profile = NULL;
	char **av = wg_xcalloc((size_t)(argc + 1) * sizeof *av);
	int ac = 0;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--compare") == 0)
			continue;
		if (strcmp(argv[i], "--profile") == 0) {
			i = wg_opt_value("stats", i, argc, argv);
			profile = argv[i];
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
	int p0 = 0, p1 = EC_NPROF - 1;
	if (profile) {
		int k = -1;
		for (int i = 0; i < EC_NPROF; i++)
			if (strcasecmp(profile, eqe_profile_name(ec_profs[i])) == 0)
				k = i;
		if (k < 0)
			wg_die("stats", 2, "--profile %s: COMPUTE, MEMORY, CACHE or UNSAT", profile);
		p0 = p1 = k;
	}
	long cycles = o.cycles >= 0 ? o.cycles : EC_CYCLES;
	if (cycles < 10000 || cycles > 100000000L)
		wg_die("stats", 2, "--cycles %ld is out of range (10000..100000000)", cycles);
	o.knobs[EQE_K_RESET_PPM] = 0;
	/* the power rows */
	wg_ptable t, g;
	char err[512] = "";
	if (wg_ptable_load_name(&t, "sethia2015.tsv", err, sizeof err) ||
	    wg_ptable_load_name(&g, "gebhart2011.tsv", err, sizeof err))
		wg_die("stats", 2, "%s", err);
	double hi = wg_ptable_val(&t, "vf", "dynamic_energy_factor_high", err, sizeof err);
	double lo = wg_ptable_val(&t, "vf", "dynamic_energy_factor_low", err, sizeof err);
	double leak = wg_ptable_val(&t, "gpu", "leakage_baseline", err, sizeof err);
	double lfrac = wg_ptable_val(&t, "gpu", "leakage_fraction_typical", err, sizeof err);
	double smshare = wg_ptable_val(&g, "gpu", "sm_share_of_dynamic", err, sizeof err);
	ec_thesis th;
	thesis_rows(&t, &th, err, sizeof err);
	wg_ptable_free(&t);
	wg_ptable_free(&g);
	if (err[0])
		wg_die("stats", 2, "%s", err);
	double pdyn = leak * (1.0 - lfrac) / lfrac; /* nominal dynamic power, W */
	char cfg[256];
	wg_config_name(o.block, o.p, 0, cfg, sizeof cfg);
	printf("stats equalizer_gpu --compare %s seed=%llu cycles=%ld per run (C model only, RESET_PPM=0)\n", cfg,
	       (unsigned long long)o.seed, cycles);
	printf("baseline: no Equalizer (the default CTA count kmax, none paused; both VF domains nominal); VF only: "
	       "against static VF (Equalizer's CTA control, VF held nominal)\n");
	printf("power: leakage %.1f W at every level (sethia2015.tsv gpu leakage_baseline), dynamic %.1f W at nominal "
	       "(leakage_fraction_typical %.2f), SM share %.2f (gebhart2011.tsv, assumed for this GPU), priced per "
	       "instruction and L1 miss from the baseline run; V^2 factors high %.4f, low %.4f\n\n",
	       leak, pdyn, lfrac, smshare, hi, lo);
	/* the baseline, once per profile (no Equalizer: the objective does not enter) */
	ec_run base[EC_NPROF];
	int ok[EC_NPROF] = {0};
	int rc = 0;
	for (int k = p0; k <= p1; k++) {
		long kn[WG_MAX_PARAMS];
		memcpy(kn, o.knobs, sizeof kn);
		kn[EQE_K_PROFILE] = ec_profs[k];
		int r = run(o.block, o.p, kn, o.seed, cycles, ARM_BASE, hi, lo, &base[k]);
		if (r == 2)
			wg_die("stats", 2, "%s", base[k].err);
		if (r) {
			printf("FAILED (baseline, %s): %s\n", eqe_profile_name(ec_profs[k]), base[k].err);
			rc = 1;
		}
		ok[k] = !r;
	}
	const char *objn[2] = {"ENERGY", "PERFORMANCE"};
	double res[2][EC_NPROF][2]; /* [objective][profile]: speedup, energy change against the baseline */
	int have[2][EC_NPROF] = {{0}};
	double gres[2][2] = {{0}};
	int gall[2] = {0};
	for (int ob = 0; ob < 2; ob++) {
		long p[WG_MAX_PARAMS];
		memcpy(p, o.p, sizeof p);
		p[EQG_P_OBJECTIVE] = ob;
		double ls = 0, le = 0, lvs = 0, lve = 0;
		int n = 0;
		printf("%s| objective | profile | IPC/SM baseline | IPC/SM Equalizer | speedup | energy / instruction "
		       "| thesis: speedup, energy | VF only: speedup, energy | off nominal | CTA paused |\n"
		       "|---|---|---|---|---|---|---|---|---|---|\n",
		       ob ? "\n" : "");
		for (int k = p0; k <= p1; k++) {
			if (!ok[k])
				continue;
			long kn[WG_MAX_PARAMS];
			memcpy(kn, o.knobs, sizeof kn);
			kn[EQE_K_PROFILE] = ec_profs[k];
			ec_run st, eq;
			int r1 = run(o.block, p, kn, o.seed, cycles, ARM_STATIC, hi, lo, &st);
			int r2 = r1 ? 0 : run(o.block, p, kn, o.seed, cycles, ARM_EQ, hi, lo, &eq);
			if (r1 == 2 || r2 == 2)
				wg_die("stats", 2, "%s", r1 ? st.err : eq.err);
			if (r1 || r2) {
				printf("FAILED (%s, %s, %s): %s\n", objn[ob], eqe_profile_name(ec_profs[k]),
				       r1 ? "static VF" : "Equalizer", r1 ? st.err : eq.err);
				rc = 1;
				continue;
			}
			/* prices from the baseline run: its energy is (leak + pdyn) x T, split SM / memory by smshare */
			const ec_run *b = &base[k];
			double T = (double)cycles;
			double esm = smshare * pdyn * T / (double)b->issued;
			double emem = b->mem ? (1.0 - smshare) * pdyn * T / (double)b->mem : 0.0;
			if (!b->mem)
				esm = pdyn * T / (double)b->issued; /* no memory access at all: every dynamic joule is the SM's */
#define EPI(r) ((leak * T + esm * (r).sm_v2 + emem * (r).mem_v2) / (double)(r).issued)
			double sp = (double)eq.issued / (double)b->issued, er = EPI(eq) / EPI(*b);
			double vsp = (double)eq.issued / (double)st.issued, ver = EPI(eq) / EPI(st);
#undef EPI
			char t1[24], t2[24];
			printf("| %s | %s | %.3f | %.3f | %+.1f %% | %+.1f %% | %s, %s | %+.1f %%, %+.1f %% | %.1f %% | %.1f %% |\n",
			       objn[ob], eqe_profile_name(ec_profs[k]), (double)b->issued / T / (double)p[EQG_P_SMS],
			       (double)eq.issued / T / (double)p[EQG_P_SMS], 100 * (sp - 1), 100 * (er - 1),
			       pct(th.sp[ob][k], t1, sizeof t1), pct(th.en[ob][k], t2, sizeof t2), 100 * (vsp - 1),
			       100 * (ver - 1), 100.0 * (double)eq.off_cyc / T,
			       100.0 * (double)eq.paused / T / (double)p[EQG_P_SMS]);
			res[ob][k][0] = sp - 1;
			res[ob][k][1] = er - 1;
			have[ob][k] = 1;
			ls += log(sp);
			le += log(er);
			lvs += log(vsp);
			lve += log(ver);
			n++;
		}
		if (!n)
			continue;
		gres[ob][0] = exp(ls / n) - 1;
		gres[ob][1] = exp(le / n) - 1;
		gall[ob] = n == EC_NPROF;
		printf("%s objective: geomean speedup %+.1f %%, energy per instruction %+.1f %% (thesis §3.5.2: %+.0f %% "
		       "speedup, %+.0f %% energy); VF only: %+.1f %%, %+.1f %%\n",
		       objn[ob], 100 * gres[ob][0], 100 * gres[ob][1], 100 * th.gsp[ob], 100 * th.gen[ob],
		       100 * (exp(lvs / n) - 1), 100 * (exp(lve / n) - 1));
	}
	/* the directions the thesis states */
	printf("\n");
	int nrev = 0, nchk = 0;
	for (int i = 0; i < EC_NDIRS; i++) {
		const struct ec_dir *d = &ec_dirs[i];
		double want = d->prof < 0 ? (d->what ? th.gen[d->ob] : th.gsp[d->ob])
					  : (d->what ? th.en[d->ob][d->prof] : th.sp[d->ob][d->prof]);
		if (d->prof < 0 ? !gall[d->ob] : !have[d->ob][d->prof])
			continue;
		double got = d->prof < 0 ? gres[d->ob][d->what] : res[d->ob][d->prof][d->what];
		nchk++;
		if (want > 0 ? got > 0 : got < 0)
			continue;
		printf("REVERSED: %s, %s: %s %+.1f %% against the baseline GPU (thesis: %+.1f %%)\n", objn[d->ob],
		       d->prof < 0 ? "geomean" : eqe_profile_name(ec_profs[d->prof]), d->what ? "energy" : "speedup",
		       100 * got, 100 * want);
		nrev++;
		rc = 1;
	}
	printf("directions: %d of %d the thesis states as it has them%s\n", nchk - nrev, nchk,
	       nrev ? "" : " (no REVERSED)");
	return rc;
}
