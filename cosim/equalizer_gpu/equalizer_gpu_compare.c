/* equalizer_gpu_compare.c - `warpgen stats equalizer_gpu --compare`: Equalizer's
 * energy and speedup against a static nominal-VF run (Sethia 2015 §3.5.2), on
 * the composed C model only. Each profile runs twice per objective on the same
 * seed and knobs in the GPU model of equalizer_gpu_env.h: Equalizer as it is,
 * and "static", where the SM and memory levels the environment sees are held
 * at nominal (the block's sm_level_o / mem_level_o are overwritten before the
 * environment reads them; its CTA control stays on in both arms, the
 * environment checks that contract). The work done in the same nominal time
 * gives the speedup; the energy per instruction comes from the rows of
 * power_tables/sethia2015.tsv: leakage 41.9 W (GPUWattch) held at every level,
 * dynamic power 0.7/0.3 of the chip's at nominal (leakage_fraction_typical),
 * split SM / memory by gebhart2011.tsv's 0.7 / 0.3 (assumption: the thesis gives
 * no split), priced per instruction (SM) and per L1 miss (memory) from the
 * static run, and scaled by the V^2 factors 1.3225 / 0.7225 at the level in
 * force when the event happened (docs/equalizer_gpu.md "Energy against static VF").
 *
 * Exit codes: 0; 1 a check failed, or REVERSED (ENERGY objective: no energy
 * saved on the geomean; PERFORMANCE objective: no speedup); 2 bad input. */
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

static int run(const wg_block *b, const long *p, const long *knobs, uint64_t seed, long cycles, int fixed, double hi,
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
	} else {
		arm_ctx x = {e, m.L, r, fixed, hi, lo};
		rc = wg_mrun_cycles(&m, &arm_ops, &x, cycles, r->err, sizeof r->err);
		r->issued = eqe_get_stats(e)->issued;
		r->mem = eqe_get_stats(e)->misses;
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
	       "Runs each profile under both objectives (OBJECTIVE=ENERGY, PERFORMANCE) twice on the same seed: Equalizer,\n"
	       "and static nominal VF (the levels the GPU model sees held at nominal, CTA control on in both); prints the\n"
	       "speedup (work in the same time) and the energy per instruction from the Sethia table's rows (leakage\n"
	       "41.9 W at every level, V^2 factors 1.3225 / 0.7225 on the SM's and the memory's dynamic energy) beside\n"
	       "§3.5.2: ENERGY about 15 %% saved at about 5 %% speedup, PERFORMANCE about 22 %% speedup at 6 %% more energy.\n"
	       "  --profile P   COMPUTE, MEMORY, CACHE or UNSAT (default: the four)\n"
	       "  --cycles N    cycles per run (default %ld)\n"
	       "exit: 0, 1 a check failed or a direction came out REVERSED, 2 bad input\n",
	       EC_CYCLES);
}

static int tnum(const wg_ptable *t, const char *s, const char *q, double *v)
{
	char err[256];
	if (wg_ptable_num(t, s, q, v, err, sizeof err))
		wg_die("stats", 2, "%s", err);
	return 0;
}

int eqs_compare_main(int argc, char **argv)
{
	const char *profile = NULL;
	char **av = wg_xcalloc((size_t)(argc + 1) * sizeof *av);
	int ac = 0;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--compare") == 0)
			continue;
		if (strcmp(argv[i], "--profile") == 0 && i + 1 < argc) {
			profile = argv[++i];
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
	char path[1024], err[512];
	wg_ptable_path("sethia2015.tsv", path, sizeof path);
	if (wg_ptable_load(&t, path, err, sizeof err))
		wg_die("stats", 2, "%s", err);
	wg_ptable_path("gebhart2011.tsv", path, sizeof path);
	if (wg_ptable_load(&g, path, err, sizeof err))
		wg_die("stats", 2, "%s", err);
	double hi, lo, leak, lfrac, smshare, r_es, r_esp, r_ps, r_pe;
	tnum(&t, "vf", "dynamic_energy_factor_high", &hi);
	tnum(&t, "vf", "dynamic_energy_factor_low", &lo);
	tnum(&t, "gpu", "leakage_baseline", &leak);
	tnum(&t, "gpu", "leakage_fraction_typical", &lfrac);
	tnum(&g, "gpu", "sm_share_of_dynamic", &smshare);
	tnum(&t, "eq_result", "energy_mode_energy_saving", &r_es);
	tnum(&t, "eq_result", "energy_mode_speedup", &r_esp);
	tnum(&t, "eq_result", "perf_mode_speedup", &r_ps);
	tnum(&t, "eq_result", "perf_mode_energy_increase", &r_pe);
	wg_ptable_free(&t);
	wg_ptable_free(&g);
	double pdyn = leak * (1.0 - lfrac) / lfrac; /* nominal dynamic power, W */
	char cfg[256];
	wg_config_name(o.block, o.p, 0, cfg, sizeof cfg);
	printf("stats equalizer_gpu --compare %s seed=%llu cycles=%ld per run (C model only, RESET_PPM=0)\n", cfg,
	       (unsigned long long)o.seed, cycles);
	printf("power: leakage %.1f W at every level (sethia2015.tsv gpu leakage_baseline), dynamic %.1f W at nominal "
	       "(leakage_fraction_typical %.2f), SM share %.2f (gebhart2011.tsv, assumed for this GPU); V^2 factors "
	       "high %.4f, low %.4f\n\n",
	       leak, pdyn, lfrac, smshare, hi, lo);
	int rc = 0;
	const char *objn[2] = {"ENERGY", "PERFORMANCE"};
	for (int ob = 0; ob < 2; ob++) {
		long p[WG_MAX_PARAMS];
		memcpy(p, o.p, sizeof p);
		p[EQG_P_OBJECTIVE] = ob;
		double ls = 0, le = 0;
		int n = 0;
		printf("%s| objective | profile | IPC/SM static | IPC/SM Equalizer | speedup | energy / instruction | off nominal "
		       "| thesis (geomean) |\n|---|---|---|---|---|---|---|---|\n",
		       ob ? "\n" : "");
		for (int k = p0; k <= p1; k++) {
			long kn[WG_MAX_PARAMS];
			memcpy(kn, o.knobs, sizeof kn);
			kn[EQE_K_PROFILE] = ec_profs[k];
			ec_run st, eq;
			int r1 = run(o.block, p, kn, o.seed, cycles, 1, hi, lo, &st);
			int r2 = r1 ? 0 : run(o.block, p, kn, o.seed, cycles, 0, hi, lo, &eq);
			if (r1 == 2 || r2 == 2)
				wg_die("stats", 2, "%s", r1 ? st.err : eq.err);
			if (r1 || r2) {
				printf("FAILED (%s, %s, %s): %s\n", objn[ob], eqe_profile_name(ec_profs[k]), r1 ? "static" : "Equalizer",
				       r1 ? st.err : eq.err);
				rc = 1;
				continue;
			}
			/* price from the static run: its energy is (leak + pdyn) x T, split SM / memory by smshare */
			double T = (double)cycles;
			double esm = smshare * pdyn * T / (double)st.issued;
			double emem = st.mem ? (1.0 - smshare) * pdyn * T / (double)st.mem : 0.0;
			if (!st.mem)
				esm = pdyn * T / (double)st.issued; /* no memory access at all: every dynamic joule is the SM's */
			double E_st = leak * T + esm * st.sm_v2 + emem * st.mem_v2;
			double E_eq = leak * T + esm * eq.sm_v2 + emem * eq.mem_v2;
			double sp = (double)eq.issued / (double)st.issued;
			double er = (E_eq / (double)eq.issued) / (E_st / (double)st.issued);
			printf("| %s | %s | %.3f | %.3f | %+.1f %% | %+.1f %% | %.1f %% | %s |\n", objn[ob],
			       eqe_profile_name(ec_profs[k]), (double)st.issued / T / (double)p[EQG_P_SMS],
			       (double)eq.issued / T / (double)p[EQG_P_SMS], 100 * (sp - 1), 100 * (er - 1),
			       100.0 * (double)eq.off_cyc / T,
			       ob == 0 ? "speedup +5 %, energy -15 %" : "speedup +22 %, energy +6 %");
			ls += log(sp);
			le += log(er);
			n++;
		}
		if (!n)
			continue;
		double gs = exp(ls / n), ge = exp(le / n);
		printf("%s objective: geomean speedup %+.1f %%, energy per instruction %+.1f %% (thesis §3.5.2: %+.0f %% "
		       "speedup, %+.0f %% energy)\n",
		       objn[ob], 100 * (gs - 1), 100 * (ge - 1), 100 * (ob == 0 ? r_esp : r_ps),
		       100 * (ob == 0 ? -r_es : r_pe));
		if (ob == 0 && ge >= 1.0) {
			printf("REVERSED: the ENERGY objective saves no energy against static nominal VF (thesis: -15 %%)\n");
			rc = 1;
		}
		if (ob == 1 && gs <= 1.0) {
			printf("REVERSED: the PERFORMANCE objective is no faster than static nominal VF (thesis: +22 %%)\n");
			rc = 1;
		}
	}
	return rc;
}
