/* memra.c - bit-exact C cycle model of MEM_RA's per-warp stall counter,
 * Eq. 1 predictor and TRWS priority (Xie et al. 2017).
 *
 * Implements docs/memra.md (the cycle contract) literally: mr_eval computes
 * the outputs of the state at the start of the cycle and the inputs;
 * mr_tick applies the rising edge. Both derive the cycle's decisions from
 * one helper (mr_plan_make; mr_eval its input half, mr_plan_inputs), so
 * they cannot disagree.
 *
 * Representation: per-warp vectors are uint64_t masks (WARPS <= 64), the
 * counters a small array of uint16_t (CNT_BITS <= 16). Everything lives in
 * one block with no pointers to itself, so a model may be copied with
 * memcpy. The frame adapter is memra_frame.c. */
#include "memra.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_bits.h"

/* Everything one cycle decides, computed from the state and the inputs. */
typedef struct mr_plan {
	uint64_t ld;                   /* ld_i within WARPS */
	uint64_t dn;                   /* dn[w] = done_valid_i & done_warp_i == w & meas_q[w] & !ld_i[w]
	                                * (one bit at most) */
	uint64_t grant;                /* grant_i within WARPS */
	uint16_t ncnt[MR_MAX_WARPS];   /* cnt_q after the edge */
	uint64_t nmeas;                /* meas_q after the edge */
	unsigned nlast;                /* last_q after the edge */
	unsigned nsmp;                 /* smp_q after the edge */
	unsigned npc;                  /* pc_q after the edge */
	unsigned ev[MR_NEVENTS];       /* this cycle's events */
} mr_plan;

struct mr_model {
	mr_cfg cfg;                    /* parameter values */
	mr_dims d;                     /* derived widths */
	uint64_t wmask;                /* WARPS low ones */
	unsigned max;                  /* MAX = 2^CNT_BITS - 1 */
	uint16_t cnt[MR_MAX_WARPS];    /* cnt_q per warp: MEASURE cycles, or BUDGET left */
	uint64_t meas;                 /* meas_q: bit w = warp w in MEASURE */
	unsigned last;                 /* last_q: latency of the SM's latest completion */
	unsigned smp;                  /* smp_q: sample_acc (SAMPLE_PERIOD > 1; at 1 there is no such
	                                * register: smp_q is last_q, read through mr_smp, and this
	                                * field stays 0) */
	unsigned pc;                   /* pc_q: 0..SAMPLE_PERIOD - 1 */
	uint64_t counts[MR_NEVENTS];   /* cumulative events (reset cycles excluded) */
};

#define BIT(w) (UINT64_C(1) << (w))

/* smp_q as the contract reads it: at SAMPLE_PERIOD = 1 it is last_q (not a
 * register of its own, "State"). */
static unsigned mr_smp(const mr_model *m)
{
	return m->cfg.sample_period == 1 ? m->last : m->smp;
}

/* ------------------------------------------------------------------ */
/* Configuration                                                       */
/* ------------------------------------------------------------------ */

void mr_cfg_from_params(mr_cfg *c, const long *p)
{
	c->warps = (int)p[MR_P_WARPS];
	c->cnt_bits = (int)p[MR_P_CNT_BITS];
	c->thr_acc = (int)p[MR_P_THR_ACC];
	c->ref_shift = (int)p[MR_P_REF_SHIFT];
	c->sample_period = (int)p[MR_P_SAMPLE_PERIOD];
}

void mr_cfg_to_params(const mr_cfg *c, long *p)
{
	p[MR_P_WARPS] = c->warps;
	p[MR_P_CNT_BITS] = c->cnt_bits;
	p[MR_P_THR_ACC] = c->thr_acc;
	p[MR_P_REF_SHIFT] = c->ref_shift;
	p[MR_P_SAMPLE_PERIOD] = c->sample_period;
}

void mr_cfg_default(mr_cfg *c)
{
	long p[MR_NPARAMS];
	wg_params_default(&wg_block_memra, p);
	mr_cfg_from_params(c, p);
}

void mr_dims_of(const mr_cfg *c, mr_dims *d)
{
	unsigned long W = (unsigned long)c->warps;
	d->wb = (int)wg_idxw(W);
	d->cb = c->cnt_bits;
	d->pb = (int)wg_clog2((unsigned long)c->sample_period);
	d->nb = (int)wg_clog2(W + 1);
}

/* ------------------------------------------------------------------ */
/* Eq. 1                                                               */
/* ------------------------------------------------------------------ */

unsigned mr_eq1(unsigned prev, unsigned sample, unsigned thr, unsigned shift)
{
	if (prev <= thr)
		return 0;
	uint64_t d = prev - thr;
	if ((uint64_t)sample >= (UINT64_C(1) << shift))
		return (unsigned)d;
	return (unsigned)(((uint64_t)sample * d) >> shift);
}

/* ------------------------------------------------------------------ */
/* Construction                                                        */
/* ------------------------------------------------------------------ */

size_t mr_size(const mr_cfg *c)
{
	(void)c;
	return (sizeof(struct mr_model) + 7u) & ~(size_t)7u;
}

/* "Reset": every counter 0 in BUDGET, last_q = smp_q = pc_q = 0. */
void mr_reset(mr_model *m)
{
	memset(m->cnt, 0, sizeof m->cnt);
	m->meas = 0;
	m->last = 0;
	m->smp = 0;
	m->pc = 0;
}

mr_model *mr_init(void *mem, const mr_cfg *c)
{
	mr_model *m = mem;
	memset(m, 0, mr_size(c));
	m->cfg = *c;
	mr_dims_of(c, &m->d);
	m->wmask = wg_ones64(c->warps);
	m->max = (unsigned)wg_ones64(c->cnt_bits);
	mr_reset(m);
	return m;
}

mr_model *mr_new(const mr_cfg *c)
{
	void *mem = calloc(1, mr_size(c));
	return mem ? mr_init(mem, c) : NULL;
}

void mr_free(mr_model *m)
{
	free(m);
}

/* ------------------------------------------------------------------ */
/* Outputs of the state                                                */
/* ------------------------------------------------------------------ */

/* Warps in BUDGET whose counter exceeds k (want_o: k = 1, prio_o: k = 0). */
static uint64_t mr_budget_above(const mr_model *m, unsigned k)
{
	uint64_t v = 0;
	for (int w = 0; w < m->cfg.warps; w++)
		if (!((m->meas >> w) & 1u) && m->cnt[w] > k)
			v |= BIT(w);
	return v;
}

/* want_o and prio_o in one pass over the counters (mr_eval's hot path). */
static void mr_want_prio(const mr_model *m, uint64_t *want, uint64_t *prio)
{
	uint64_t wv = 0, pv = 0;
	for (int w = 0; w < m->cfg.warps; w++) {
		unsigned c = m->cnt[w];
		wv |= (uint64_t)(c > 1u) << w;
		pv |= (uint64_t)(c > 0u) << w;
	}
	*want = wv & ~m->meas;
	*prio = pv & ~m->meas;
}

/* ------------------------------------------------------------------ */
/* Protocol                                                            */
/* ------------------------------------------------------------------ */

/* A bit of the per-warp vector v at w >= WARPS. */
static int mr_out_of_range(const mr_model *m, const char *name, uint64_t v, char *msg, size_t n)
{
	uint64_t bad = v & ~m->wmask;
	if (!bad)
		return MR_OK;
	snprintf(msg, n, "memra: %s for warp %u which is out of range (WARPS=%d)", name, wg_ctz64(bad),
		 m->cfg.warps);
	return MR_E_RANGE;
}

/* A warp at w >= WARPS: a bit of ld_i or grant_i, or done_warp_i with
 * done_valid_i (done_warp_i is not read without it); the first in port
 * order. */
static int mr_check_range(const mr_model *m, const mr_in *in, char *msg, size_t n)
{
	if (mr_out_of_range(m, "ld_i", in->ld, msg, n))
		return MR_E_RANGE;
	if (in->done_valid && in->done_warp >= (unsigned)m->cfg.warps) {
		snprintf(msg, n, "memra: done_warp_i=%u with done_valid_i: warp out of range (WARPS=%d)",
			 in->done_warp, m->cfg.warps);
		return MR_E_RANGE;
	}
	return mr_out_of_range(m, "grant_i", in->grant, msg, n);
}

/* First violated rule of "Protocol", or MR_OK; message in msg ("" when none).
 * want: want_o of the current state. */
static int mr_check(const mr_model *m, const mr_in *in, uint64_t want, char *msg, size_t n)
{
	int rc;
	msg[0] = '\0';
	if (in->rst)
		return MR_OK;
	if ((rc = mr_check_range(m, in, msg, n)))
		return rc;
	uint64_t bad = in->grant & ~want;
	if (bad) {
		unsigned w = wg_ctz64(bad);
		snprintf(msg, n, "memra: grant_i for warp %u while want_o is 0 (%s, cnt=%u; a grant needs BUDGET and cnt > 1)",
			 w, ((m->meas >> w) & 1u) ? "MEASURE" : "BUDGET", (unsigned)m->cnt[w]);
		return MR_E_GRANT;
	}
	bad = in->grant & in->ld;
	if (bad) {
		snprintf(msg, n, "memra: grant_i with ld_i for warp %u (a load never gets a TFET destination)",
			 wg_ctz64(bad));
		return MR_E_GRANT_LD;
	}
	return MR_OK;
}

/* ------------------------------------------------------------------ */
/* The cycle's decisions (no side effect)                              */
/* ------------------------------------------------------------------ */

/* prev[w] = sat(cnt_q[w] + 1): the latency of a load completing now. */
static unsigned mr_prev(const mr_model *m, unsigned w)
{
	unsigned v = m->cnt[w] + 1u;
	return v > m->max ? m->max : v;
}

/* SC of warp w (Eq. 1 at smp_q). */
static unsigned mr_sc(const mr_model *m, unsigned w)
{
	const mr_cfg *c = &m->cfg;
	return mr_eq1(mr_prev(m, w), mr_smp(m), (unsigned)c->thr_acc, (unsigned)c->ref_shift);
}

/* "Next state at the edge" for warp w: the first rule that applies. */
static void mr_warp_next(const mr_model *m, const mr_plan *pl, unsigned w, uint16_t *cnt, int *meas)
{
	unsigned c = m->cnt[w];
	int ms = (int)((m->meas >> w) & 1u);
	if ((pl->ld >> w) & 1u) {          /* 1: a new load discards the budget (W-P1-6) */
		c = 0;
		ms = 1;
	} else if ((pl->dn >> w) & 1u) {   /* 2: the completion: Eq. 1 */
		c = mr_sc(m, w);
		ms = 0;
	} else if (ms) {                   /* 3: measuring; stays at MAX (W-P1-7) */
		c = mr_prev(m, w);
	} else if ((pl->grant >> w) & 1u) { /* 4: a TFET grant (protocol: cnt > 1) */
		c = (c - 2u) & m->max;
	}                                  /* 5: otherwise unchanged */
	*cnt = (uint16_t)c;
	*meas = ms;
}

/* last_q (prev of the completing warp, if any), smp_q (SAMPLE_PERIOD > 1
 * only: at 1 it is last_q) and pc_q after the edge. */
static void mr_sample_next(const mr_model *m, mr_plan *pl)
{
	unsigned end = (unsigned)m->cfg.sample_period - 1u;
	pl->nlast = pl->dn ? mr_prev(m, wg_ctz64(pl->dn)) : m->last;
	pl->nsmp = m->cfg.sample_period == 1 ? 0 : m->pc == end ? pl->nlast : m->smp;
	pl->npc = m->pc == end ? 0 : m->pc + 1u;
}

/* The cycle's events (all 0 in a reset cycle): only the inputs' masks and
 * pc_q, no per-warp work. */
static void mr_events(const mr_model *m, const mr_in *in, mr_plan *pl)
{
	memset(pl->ev, 0, sizeof pl->ev);
	if (in->rst)
		return;
	pl->ev[MR_EV_START] = wg_popc64(pl->ld);
	pl->ev[MR_EV_PREDICT] = pl->dn != 0;
	pl->ev[MR_EV_GRANT] = wg_popc64(pl->grant);
	pl->ev[MR_EV_SAMPLE] = m->pc == (unsigned)m->cfg.sample_period - 1u;
}

/* The plan's input masks (ld, dn, grant) and events: all mr_eval needs. */
static void mr_plan_inputs(const mr_model *m, const mr_in *in, mr_plan *pl)
{
	pl->ld = in->ld & m->wmask;
	pl->dn = 0;
	if (in->done_valid && in->done_warp < (unsigned)m->cfg.warps)
		pl->dn = BIT(in->done_warp) & m->meas & ~pl->ld;
	pl->grant = in->grant & m->wmask;
	mr_events(m, in, pl);
}

static void mr_plan_make(const mr_model *m, const mr_in *in, mr_plan *pl)
{
	mr_plan_inputs(m, in, pl);
	pl->nmeas = 0;
	/* A warp with no load, completion, grant and not measuring keeps its
	 * counter in BUDGET (rule 5): only the others are visited. */
	memcpy(pl->ncnt, m->cnt, sizeof pl->ncnt);
	/* Rule 3 alone (MEASURE, no load, no completion): count up, saturating. */
	uint64_t up = m->meas & m->wmask & ~pl->ld & ~pl->dn;
	pl->nmeas = up;
	for (uint64_t u = up; u; u &= u - 1) {
		unsigned w = wg_ctz64(u);
		pl->ncnt[w] = (uint16_t)mr_prev(m, w);
	}
	for (uint64_t act = (pl->ld | pl->dn | (pl->grant & ~m->meas)) & m->wmask; act; act &= act - 1) {
		unsigned w = wg_ctz64(act);
		int meas;
		mr_warp_next(m, pl, w, &pl->ncnt[w], &meas);
		if (meas)
			pl->nmeas |= BIT(w);
	}
	mr_sample_next(m, pl);
}

/* ------------------------------------------------------------------ */
/* Outputs                                                             */
/* ------------------------------------------------------------------ */

int mr_eval(const mr_model *m, const mr_in *in, mr_out *out)
{
	mr_plan pl;
	memset(out, 0, sizeof *out); /* whole struct: msg's tail and padding compare equal */
	mr_want_prio(m, &out->want, &out->prio);
	memcpy(out->cnt, m->cnt, sizeof out->cnt);
	out->meas = m->meas;
	out->sample = mr_smp(m);
	mr_plan_inputs(m, in, &pl); /* only the events depend on the inputs (0 in reset) */
	memcpy(out->ev, pl.ev, sizeof out->ev);
	return mr_check(m, in, out->want, out->msg, sizeof out->msg);
}

/* ------------------------------------------------------------------ */
/* The edge ("Next state at the edge")                                 */
/* ------------------------------------------------------------------ */

void mr_tick(mr_model *m, const mr_in *in)
{
	mr_plan pl;
	if (in->rst) {
		mr_reset(m);
		return;
	}
	mr_plan_make(m, in, &pl);
	memcpy(m->cnt, pl.ncnt, sizeof m->cnt);
	m->meas = pl.nmeas;
	m->last = pl.nlast;
	m->smp = pl.nsmp;
	m->pc = pl.npc;
	for (int e = 0; e < MR_NEVENTS; e++)
		m->counts[e] += pl.ev[e];
}

/* ------------------------------------------------------------------ */
/* Accessors                                                           */
/* ------------------------------------------------------------------ */

const mr_cfg *mr_config(const mr_model *m) { return &m->cfg; }
const mr_dims *mr_dims_get(const mr_model *m) { return &m->d; }
const uint64_t *mr_counts(const mr_model *m) { return m->counts; }
uint64_t mr_meas(const mr_model *m) { return m->meas; }
uint64_t mr_want(const mr_model *m) { return mr_budget_above(m, 1); }
uint64_t mr_prio(const mr_model *m) { return mr_budget_above(m, 0); }
unsigned mr_last(const mr_model *m) { return m->last; }
unsigned mr_sample(const mr_model *m) { return mr_smp(m); }
unsigned mr_pc(const mr_model *m) { return m->pc; }

int mr_cnt(const mr_model *m, int w)
{
	return w >= 0 && w < m->cfg.warps ? m->cnt[w] : -1;
}
