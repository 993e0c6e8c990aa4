/* hrf_sm_stim.c - stimulus for the composed block hrf_sm (GTO/TRWS
 * scheduler, MEM_RA predictor, renaming table with TFET classes, TUBA): the
 * GPU of hrf_sm_env.c in frame mode (its SM 0 is the co-simulated block, the
 * other SMs share the memory), in random mode and in directed cases that run
 * the same environment with settings that make one behaviour of the
 * composition frequent, check it every cycle and fail when it never happened
 * (docs/hrf_sm.md "Directed cases"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hrf_sm.h"
#include "hrf_sm_cover.h"
#include "hrf_sm_env.h"
#include "hrf_sm_prof.h"
#include "tuba.h"
#include "wg_bits.h"
#include "wg_kit.h"

enum { C_TRWS, C_CLASS, C_TUBA, HSC_NCASES };

/* The cases' sizes (the composition's small configuration, tests/golden/hrf_sm-small.v): 8 warps,
 * 20 registers, 64 physical registers (16 of them TFET), a table entry per (warp, register). */
#define HSC_SMALL "WARPS=8,REGS=20,PHYS_REGS=64,RT_ENTRIES=160,TFET_ROWS=4,TFET_REGS=16"

/* Each case: environment knobs and length (cycles). */
static const struct hsc_preset {
	const char *knobs;
	long cycles;
} hsc_presets[HSC_NCASES] = {
	[C_TRWS] = {"PROFILE=0,SMS=2,ILEN=120,TRWS=1,TUBA=0", 6000},
	[C_CLASS] = {"PROFILE=0,SMS=2,ILEN=120,TRWS=1,TUBA=0", 6000},
	[C_TUBA] = {"PROFILE=9,SMS=1,ILEN=60,TRWS=1,TUBA=1", 40000},
};

typedef struct hsc_stim {
	const wg_layout *L;     /* frame layout */
	int cs;                 /* directed case, or -1 */
	int W, ports;           /* WARPS, the table's allocation ports */
	tb_cfg tc;              /* tuba's configuration (its thresholds) */
	long end;               /* directed: cycles to run */
	long seen[4];           /* directed: how often each checked event happened */
	unsigned lim_prev;      /* tuba case: lim_o of the last cycle */
	int done_prev;          /* ... blk_done_i of the last cycle */
	unsigned free_prev;     /* ... free_tfet_o of the last cycle */
	wg_case_runner run;     /* directed: the case's runner (wg_kit.h) */
	hx_env *env;            /* the environment (released by hsc_release) */
} hsc_stim;

static size_t hsc_size(const long *p)
{
	(void)p;
	return sizeof(hsc_stim);
}

/* The drive of every case: the environment with the case's preset, for s->end cycles. */
static void env_cycle(hsc_stim *s, wg_cyc *c)
{
	wg_case_len(c, s->end);
	if (c->phase == WG_DRIVE && c->t < s->end)
		hx_frame_next(s->env, c->model, c->in, c->cyc);
}

/* CHECK phase of a cycle out of reset: the environment's evaluation of SM 0; else NULL. */
static const hx_view *checking(const hsc_stim *s, const wg_cyc *c)
{
	if (!wg_checking(c) || wg_port_get(s->L, c->driven, HRF_RST_I))
		return NULL;
	return hx_frame_view(s->env);
}

static uint64_t in_port(const hsc_stim *s, const wg_cyc *c, int port)
{
	return wg_port_get(s->L, c->driven, port);
}

static uint64_t out_port(const hsc_stim *s, const wg_cyc *c, int port)
{
	return wg_port_get(s->L, c->out, port);
}

/* TRWS (A21, W-P1-14): a selected warp has MEM_RA's priority whenever an eligible warp (ready, in
 * a slot) has it; among the warps with priority, greedy then oldest. Seen: a selection where a
 * warp with priority was chosen while an eligible warp without priority waited. */
static void case_trws(void *st, wg_cyc *c)
{
	hsc_stim *s = st;
	env_cycle(s, c);
	if (!checking(s, c))
		return;
	uint64_t prio = in_port(s, c, HRF_PRIO_I), elig = in_port(s, c, HRF_RDY_I) & out_port(s, c, HRF_ACTIVE_O);
	uint64_t want = out_port(s, c, HRF_PRIO_O) & out_port(s, c, HRF_RESIDENT_O);
	WG_EXPECT(c, prio == want, "prio_i %#llx is not memra's prio_o of the resident warps %#llx",
		  (unsigned long long)prio, (unsigned long long)want);
	if (!out_port(s, c, HRF_ISS_VALID_O))
		return;
	int w = (int)out_port(s, c, HRF_ISS_WARP_O);
	WG_EXPECT(c, !(prio & elig) || ((prio >> w) & 1),
		  "warp %d selected without priority while eligible warps %#llx have it", w,
		  (unsigned long long)(prio & elig));
	if (((prio >> w) & 1) && (elig & ~prio) && s->seen[0]++ == 0)
		wg_key(c);
}

/* Classes by request (MEM_RA, W-P1-1, -2, A11): a port that asks TFET (alc_tfet_i) is granted a
 * TFET id unless the earlier ports of the cycle took every free TFET id; a load never asks TFET (its
 * TFET id only by fallback: the environment's every-cycle check, docs/hrf_sm.md decision 11);
 * memra's grant_i[w] is exactly the warp's granted TFET
 * requests. Seen: TFET grants, and a request refused for an empty TFET class. */
static void case_class(void *st, wg_cyc *c)
{
	hsc_stim *s = st;
	env_cycle(s, c);
	if (!checking(s, c))
		return;
	long WB = s->L->width[HRF_PIR_WARP_I]; /* a warp id */
	uint64_t grant = 0;
	unsigned free_t = (unsigned)out_port(s, c, HRF_FREE_TFET_O), taken = 0; /* TFET ids granted to earlier ports */
	for (int k = 0; k < s->ports; k++) {
		if (!wg_slice_get(s->L, c->driven, HRF_ALC_VALID_I, k, 1) ||
		    !wg_slice_get(s->L, c->out, HRF_ALC_GNT_O, k, 1))
			continue;
		int req = (int)wg_slice_get(s->L, c->driven, HRF_ALC_TFET_I, k, 1);
		int got = (int)wg_slice_get(s->L, c->out, HRF_ALC_TFET_O, k, 1);
		int w = (int)wg_slice_get(s->L, c->driven, HRF_ALC_WARP_I, k * WB, WB);
		if (req) {
			WG_EXPECT(c, got || taken >= free_t,
				  "port %d: a TFET request got a CMOS id with %u TFET ids free and %u taken before it", k,
				  free_t, taken);
			if (got) {
				grant |= UINT64_C(1) << w;
				s->seen[0]++;
			} else if (s->seen[1]++ == 0) {
				wg_key(c);
			}
		}
		taken += (unsigned)got;
	}
	WG_EXPECT(c, in_port(s, c, HRF_GRANT_I) == grant, "grant_i %#llx, the granted TFET requests %#llx",
		  (unsigned long long)in_port(s, c, HRF_GRANT_I), (unsigned long long)grant);
}

/* TUBA (§4.2.2, W-P1-12, -13): the limit moves only in the cycle after a block's completion
 * (done_i), by one: down when the free TFET registers were below DW_PCT, up when above UP_PCT,
 * within 1..MAX_BLOCKS; the dispatcher launches only under the limit. Seen: a lowering and a
 * raise. */
static void case_tuba(void *st, wg_cyc *c)
{
	hsc_stim *s = st;
	env_cycle(s, c);
	if (!checking(s, c))
		return;
	unsigned lim = (unsigned)out_port(s, c, HRF_LIM_O);
	int done = (int)in_port(s, c, HRF_BLK_DONE_I);
	unsigned free_t = (unsigned)out_port(s, c, HRF_FREE_TFET_O);
	if (s->lim_prev && !in_port(s, c, HRF_START_I)) {
		long d = (long)lim - (long)s->lim_prev;
		WG_EXPECT(c, d == 0 || s->done_prev, "lim_o moved %u -> %u without a block completion", s->lim_prev, lim);
		if (d < 0) {
			WG_EXPECT(c, d == -1 && tb_low(&s->tc, s->free_prev),
				  "lim_o lowered %u -> %u with %u of %d TFET registers free", s->lim_prev, lim, s->free_prev,
				  s->tc.tfet_regs);
			if (s->seen[0]++ == 0)
				wg_key(c);
		} else if (d > 0) {
			WG_EXPECT(c, d == 1 && tb_high(&s->tc, s->free_prev), "lim_o raised %u -> %u with %u of %d TFET registers free",
				  s->lim_prev, lim, s->free_prev, s->tc.tfet_regs);
			s->seen[1]++;
		}
		WG_EXPECT(c, !in_port(s, c, HRF_LAUNCH_I) || in_port(s, c, HRF_RES_I) < lim,
			  "a block launched with %llu resident at a limit of %u", (unsigned long long)in_port(s, c, HRF_RES_I),
			  lim);
	}
	s->lim_prev = lim;
	s->done_prev = done;
	s->free_prev = free_t;
}

static const wg_case_def hsc_cases[HSC_NCASES] = {
	[C_TRWS] = {"trws_priority_first",
		"TRWS on BFS: memra's prio_o drives prio_i; a warp with priority is selected whenever an eligible one "
		"has it",
		"A21, W-P1-14", HSC_SMALL, .run = case_trws,
		.focus = "ld_i done_valid_i done_warp_i rdy_i active_o prio_i prio_o iss_valid_o iss_warp_o u_pred.meas_q u_pred.cnt_q"},
	[C_CLASS] = {"tfet_by_request",
		"MEM_RA on BFS: a TFET request is granted TFET unless the class is empty, a load never asks it, and each "
		"granted request is memra's grant",
		"W-P1-1, W-P1-2, A11", HSC_SMALL, .run = case_class,
		.focus = "alc_valid_i alc_warp_i alc_load_i alc_tfet_i free_tfet_o alc_gnt_o alc_tfet_o grant_i want_o u_pred.meas_q u_pred.cnt_q"},
	[C_TUBA] = {"tuba_limit_moves",
		"TUBA on NW (four blocks of two warps at the small size): the block limit falls and rises by one after block completions, "
		"by the free TFET share; no launch over it",
		"W-P1-12, W-P1-13", HSC_SMALL, .run = case_tuba,
		.focus = "start_i occ_i blk_done_i res_i launch_i free_tfet_o accept_o u_tuba.lim_q u_tuba.cap_q"},
};

static void hsc_release(void *st)
{
	hsc_stim *s = st;
	hx_free(s->env);
	s->env = NULL;
}

static const char *hsc_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx, uint64_t seed,
			    char *err, size_t n)
{
	hsc_stim *s = st;
	long k[HXE_NKNOBS];
	memcpy(k, knobs, sizeof k);
	s->L = L;
	s->cs = case_idx;
	s->W = (int)p[HRF_P_WARPS];
	s->ports = (int)(L->width[HRF_ALC_VALID_I]);
	hx_cfgs cf;
	hx_cfgs_of_params(&cf, p);
	s->tc = cf.t;
	if (case_idx >= 0) {
		const struct hsc_preset *pr = &hsc_presets[case_idx];
		wg_block kb = {.name = "knob", .params = hxe_knobs, .nparams = HXE_NKNOBS};
		if (wg_params_apply(&kb, k, pr->knobs, err, n))
			return err;
		s->end = pr->cycles;
	}
	s->env = hx_new_frame(p, L, k, seed, err, n);
	if (!s->env)
		return err;
	if (case_idx < 0)
		return NULL;
	/* no prologue: the environment resets cycles 0 and 1 itself, so t = cyc */
	return wg_case_start(&s->run, &hsc_cases[case_idx], (size_t)L->nwords[WG_IN], NULL, 0, err, n);
}

static int hsc_next(void *st, const void *model, uint32_t *in, long cyc)
{
	hsc_stim *s = st;
	if (s->cs >= 0)
		return wg_case_drive(&s->run, s, model, in, cyc);
	hx_frame_next(s->env, model, in, cyc);
	return 1;
}

static void hsc_observe(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc)
{
	hsc_stim *s = st;
	(void)model;
	(void)in;
	hx_frame_observe(s->env, out, cyc);
}

static const char *hsc_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc, char *buf,
			     size_t n)
{
	hsc_stim *s = st;
	const char *e = hx_error(s->env);
	if (e) {
		snprintf(buf, n, "%s", e);
		return buf;
	}
	if (s->cs < 0)
		return NULL;
	return wg_case_check(&s->run, s, model, in, out, cyc, buf, n);
}

static const char *hsc_finish(void *st, long *key, char *buf, size_t n)
{
	hsc_stim *s = st;
	*key = -1; /* random stimulus marks no cycle */
	const char *msg = s->cs < 0 ? NULL : wg_case_finish(&s->run, s, key, buf, n);
	const char *e = hx_error(s->env); /* the environment's checks come first */
	if (e) {
		snprintf(buf, n, "%s", e);
		return buf;
	}
	if (msg || s->cs < 0)
		return msg;
	static const char *const what[HSC_NCASES][2] = {
		[C_TRWS] = {"a warp with priority selected over an eligible one without", NULL},
		[C_CLASS] = {"a TFET grant", "a TFET request refused for an empty class"},
		[C_TUBA] = {"the limit lowered", "the limit raised"},
	};
	for (int i = 0; i < 2; i++)
		if (what[s->cs][i] && s->seen[i] == 0) {
			snprintf(buf, n, "the case never saw %s in %ld cycles", what[s->cs][i], s->end);
			return buf;
		}
	return NULL;
}

static void hsc_cover(const void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
		      uint64_t *hits)
{
	(void)cyc;
	hrf_cover(((const hsc_stim *)st)->L, model, in, out, hits);
}

const wg_stim_def wg_stim_hrf_sm = {
	.block = &wg_block_hrf_sm,
	.knobs = hxe_knobs,
	.nknobs = HXE_NKNOBS,
	.cases = hsc_cases,
	.ncases = HSC_NCASES,
	.size = hsc_size,
	.init = hsc_init,
	.next = hsc_next,
	.observe = hsc_observe,
	.check = hsc_check,
	.finish = hsc_finish,
	.release = hsc_release,
	.cov = hrf_cov_points,
	.ncov = HRF_NCOV_POINTS,
	.cover = hsc_cover,
};
