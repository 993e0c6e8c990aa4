/* prefetch_table_stim.c - stimulus for APOGEE's prefetch table
 * (docs/prefetch_table.md "Stimulus"): random mode on the SM memory-side
 * model of prefetch_table_env.h (knob PROFILE, phases by default), and the directed
 * cases of prefetch_table_stim_cases.c (prefetch_table_stim.h), run by the
 * kit's runner (wg_kit.h) on the engine of prefetch_table_script.h.
 *
 * Checks in every mode, every cycle, from the outputs alone (pte_outcheck):
 * pq_count_o <= PQ_DEPTH and moving by at most one a cycle (down only on a
 * pop), pf_line_o / pf_tag_o in range while offered and 0 otherwise,
 * ld_ack_o only while a load is held and only in TSCAN, a held load
 * acknowledged within NC + THREADS + ENTRIES + 8 cycles (watchdog). Random
 * mode adds the environment's: the offered line is the head pt_pq_at(0)
 * reported before eval (an "absent" line never sits in the L1 or an MSHR);
 * a directed case, the engine's (pts_eng_observe).
 * PTE_STATS=1 in the environment prints the run's prefetch figures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prefetch_table.h"
#include "prefetch_table_cover.h"
#include "prefetch_table_env.h"
#include "prefetch_table_script.h"
#include "prefetch_table_stim.h"
#include "wg_kit.h"
#include "wg_stim.h"

typedef struct pts_stim {
	const wg_layout *L;   /* frame layout */
	pt_cfg c;             /* parameters */
	int cs;               /* directed case, or -1 */
	pt_in cur;            /* random: this cycle's inputs */
	pte_oc oc;            /* directed: the output checks */
	char err[320];        /* a failure found by observe(), reported by check() */
	long cyc;             /* last cycle */
	wg_case_runner run;   /* directed: the case's runner (wg_kit.h) */
	pts_eng *eng;         /* directed: the script engine, the case's state (after this struct) */
	pt_env *env;          /* the environment (after the engine) */
} pts_stim;

static size_t al16(size_t x) { return (x + 15u) & ~(size_t)15u; }

static size_t pts_size(const long *p) { return al16(sizeof(pts_stim)) + al16(pts_eng_size()) + pte_size(p); }

static const char *pts_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx,
			    uint64_t seed, char *err, size_t n)
{
	pts_stim *s = st;
	s->L = L;
	pt_cfg_from_params(&s->c, p);
	s->cs = case_idx;
	s->eng = (pts_eng *)((char *)st + al16(sizeof(pts_stim)));
	s->env = (pt_env *)((char *)st + al16(sizeof(pts_stim)) + al16(pts_eng_size()));
	pte_oc_reset(&s->oc);
	if (case_idx >= 0) {
		if (pts_case_needs(&s->c, case_idx, err, n))
			return err;
		pts_eng_init(s->eng, p, L, pts_cases[case_idx].name);
		return wg_case_start(&s->run, &pts_cases[case_idx], (size_t)L->nwords[WG_IN], pts_prologue,
				     PTS_PROLOGUE, err, n);
	}
	return pte_init(s->env, p, knobs, seed, err, n);
}

static int pts_next(void *st, const void *model, uint32_t *in, long cyc)
{
	pts_stim *s = st;
	const pt_model *m = model;
	s->cyc = cyc;
	if (s->cs >= 0)
		return wg_case_drive(&s->run, s->eng, m, in, cyc);
	memset(&s->cur, 0, sizeof s->cur);
	pte_drive(s->env, m, &s->cur, cyc);
	pte_pack(&s->c, s->L, &s->cur, in);
	return 1;
}

/* the inputs the output checks use, from a directed case's frame */
static void unpack_in(const pts_stim *s, const uint32_t *f, pt_in *in)
{
	memset(in, 0, sizeof *in);
	in->rst = (unsigned)wg_port_get(s->L, f, PT_RST_I);
	in->ld_valid = (unsigned)wg_port_get(s->L, f, PT_LD_VALID_I);
	in->pf_ready = (unsigned)wg_port_get(s->L, f, PT_PF_READY_I);
	in->pf_present = (unsigned)wg_port_get(s->L, f, PT_PF_PRESENT_I);
}

static void pts_observe(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc)
{
	pts_stim *s = st;
	const pt_model *m = model;
	pt_out o;
	pte_unpack(&s->c, s->L, out, &o);
	if (s->cs >= 0) {
		pt_in ti;
		char buf[256];
		unpack_in(s, in, &ti);
		const char *msg = pte_outcheck(&s->oc, &s->c, &ti, &o, cyc, buf, sizeof buf);
		if (msg && !s->err[0])
			snprintf(s->err, sizeof s->err, "%s", msg);
		pts_eng_observe(s->eng, in, out, cyc);
		return;
	}
	pte_observe(s->env, m, &s->cur, &o, cyc);
}

static const char *pts_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc, char *buf,
			     size_t n)
{
	pts_stim *s = st;
	EXPECT(!s->err[0], "%s", s->err);
	if (s->cs >= 0)
		return wg_case_check(&s->run, s->eng, model, in, out, cyc, buf, n);
	const char *msg = pte_error(s->env);
	EXPECT(!msg, "%s", msg);
	return NULL;
}

static void print_stats(const pts_stim *s)
{
	for (int pr = 0; pr < PTE_NBASE; pr++) {
		const pte_stats *t = pte_get_stats(s->env, pr);
		if (!t->cycles)
			continue;
		fprintf(stderr,
			"PTE_STATS %-9s cycles %llu loads %llu lines %llu miss %llu pf issued %llu timely %llu slow %llu early "
			"%llu present %llu\n",
			pte_profile_name(pr), (unsigned long long)t->cycles, (unsigned long long)t->loads,
			(unsigned long long)t->dem_lines, (unsigned long long)t->dem_miss, (unsigned long long)t->pf_issued,
			(unsigned long long)t->pf_timely, (unsigned long long)t->pf_slow, (unsigned long long)t->pf_early,
			(unsigned long long)t->pf_present);
	}
}

static const char *pts_finish(void *st, long *key, char *buf, size_t n)
{
	pts_stim *s = st;
	*key = -1;
	if (s->cs >= 0)
		return wg_case_finish(&s->run, s->eng, key, buf, n);
	if (getenv("PTE_STATS"))
		print_stats(s);
	/* coverage floor: a random run long enough must have taken loads */
	uint64_t loads = 0, pf = 0;
	for (int pr = 0; pr < PTE_NBASE; pr++)
		loads += pte_get_stats(s->env, pr)->loads, pf += pte_get_stats(s->env, pr)->pf_issued;
	EXPECT(s->cyc < 2000 || loads > 0, "coverage floor: %ld cycles and no load was acknowledged", s->cyc + 1);
	EXPECT(s->cyc < 10000 || pf > 0 || pte_profile(s->env) == PTE_PR_IRREGULAR || pte_no_prefetch(s->env),
	       "coverage floor: %ld cycles, %llu loads and no prefetch reached the memory", s->cyc + 1,
	       (unsigned long long)loads);
	return NULL;
}

static void pts_cover(const void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
		      uint64_t *hits)
{
	(void)cyc;
	pt_cover(((const pts_stim *)st)->L, model, in, out, hits);
}

const wg_stim_def wg_stim_prefetch_table = {
	.block = &wg_block_prefetch_table,
	.knobs = pte_knobs,
	.nknobs = PTE_NKNOBS,
	.cases = pts_cases,
	.ncases = PTS_NCASES,
	.size = pts_size,
	.init = pts_init,
	.next = pts_next,
	.observe = pts_observe,
	.check = pts_check,
	.finish = pts_finish,
	.cov = pt_cov_points,
	.ncov = PT_NCOV_POINTS,
	.cover = pts_cover,
};
