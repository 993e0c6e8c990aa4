/* memra.c - bit-exact C cycle model of MEM_RA's per-warp stall counter,
 * Eq. 1 predictor and TRWS priority (Xie et al. 2017).
 *
 * Implements docs/memra.md (the cycle contract): mr_eval computes the
 * outputs of the state at the start of the cycle and the inputs; mr_tick
 * applies the rising edge. Both read the cycle's inputs through one helper
 * (mr_plan_inputs), so they cannot disagree on them.
 *
 * Representation: per-warp vectors are uint64_t masks (WARPS <= 64); the
 * counters are kept packed as cnt_o, with want_o and prio_o beside them
 * (struct mr_model), so a cycle costs the warps that load, complete or are
 * granted, not every warp. Everything lives in one block with no pointers
 * to itself, so a model may be copied with memcpy. The frame adapter is
 * memra_frame.c. */
#include "memra.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_bits.h"

/* The cycle's input masks and events: everything mr_eval reads from the
 * inputs, and what mr_tick starts from. */
typedef struct mr_plan {
	uint64_t ld;                   /* ld_i within WARPS */
	uint64_t dn;                   /* dn[w] = done_valid_i & done_warp_i == w & meas_q[w] & !ld_i[w]
	                                * (one bit at most) */
	uint64_t grant;                /* grant_i within WARPS */
	unsigned ev[MR_NEVENTS];       /* this cycle's events */
} mr_plan;

/* Words of the packed counters: 64 warps x 16 bits at most. */
#define MR_CNT_WORDS (MR_MAX_WARPS * MR_MAX_CNT_BITS / 32)

/* The counters are kept packed as cnt_o is (CNT_BITS per warp, warp 0 from
 * bit 0), and want_o and prio_o are kept beside them, so that a cycle's
 * outputs are copies and an edge touches only the warps whose counter does
 * something other than count up. The count-up of every warp in MEASURE
 * below MAX (rule 3) is one multi-word addition of `inc`, which holds a 1
 * at the lowest bit of each such warp's field: no field passes MAX, so no
 * carry leaves a field (a carry crosses a word only inside a field that
 * straddles it). A warp leaves `up` at the edge its counter reaches MAX;
 * `sat_at` says when the next one can (a scan of `up` then finds it). */
struct mr_model {
	mr_cfg cfg;                    /* parameter values */
	mr_dims d;                     /* derived widths */
	uint64_t wmask;                /* WARPS low ones */
	unsigned max;                  /* MAX = 2^CNT_BITS - 1 */
	uint32_t cnt[MR_CNT_WORDS];    /* cnt_q, packed as cnt_o (bits past WARPS x CNT_BITS stay 0):
	                                * MEASURE cycles, or BUDGET left */
	uint32_t inc[MR_CNT_WORDS];    /* bit w x CNT_BITS set for each warp in up, else 0 */
	uint64_t up;                   /* warps in MEASURE whose counter is below MAX: count up at the edge */
	uint64_t meas;                 /* meas_q: bit w = warp w in MEASURE */
	uint64_t want;                 /* want_o of the state: BUDGET & cnt > 1 */
	uint64_t prio;                 /* prio_o of the state: BUDGET & cnt > 0 */
	uint64_t now;                  /* edges since the last reset */
	uint64_t sat_at;               /* no warp of up reaches MAX before this edge count (UINT64_MAX:
	                                * up is empty) */
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
	memset(m->inc, 0, sizeof m->inc);
	m->up = 0;
	m->meas = 0;
	m->want = 0;
	m->prio = 0;
	m->now = 0;
	m->sat_at = UINT64_MAX;
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
/* The packed counters                                                 */
/* ------------------------------------------------------------------ */

/* cnt_q[w]. */
static unsigned mr_get(const mr_model *m, unsigned w)
{
	unsigned cb = (unsigned)m->cfg.cnt_bits;
	return (unsigned)wg_get(m->cnt, w * cb, cb);
}

/* cnt_q[w] = v, and warp w's want_o and prio_o (BUDGET & cnt > 1, > 0) for
 * its phase after the edge, ms. */
static void mr_set(mr_model *m, unsigned w, unsigned v, int ms)
{
	unsigned cb = (unsigned)m->cfg.cnt_bits;
	uint64_t b = BIT(w);
	wg_put(m->cnt, w * cb, cb, v);
	m->want = (m->want & ~b) | (!ms && v > 1u ? b : 0);
	m->prio = (m->prio & ~b) | (!ms && v > 0u ? b : 0);
}

/* Warp w joins (on = 1) or leaves up. */
static void mr_up(mr_model *m, unsigned w, int on)
{
	m->up = on ? m->up | BIT(w) : m->up & ~BIT(w);
	wg_setbit(m->inc, w * (unsigned)m->cfg.cnt_bits, (unsigned)on);
}

/* Rule 3 for every warp of up: cnt += inc, one carry chain over the words. */
static void mr_count_up(mr_model *m)
{
	unsigned nw = ((unsigned)m->cfg.warps * (unsigned)m->cfg.cnt_bits + 31u) / 32u;
	uint64_t carry = 0;
	for (unsigned i = 0; i < nw; i++) {
		uint64_t s = (uint64_t)m->cnt[i] + m->inc[i] + carry;
		m->cnt[i] = (uint32_t)s;
		carry = s >> 32;
	}
}

/* After the edge: the warps of up whose counter reached MAX leave it, and
 * sat_at is the edge count at which the next one will (a scan of up, only
 * at sat_at: a warp that left up early leaves sat_at early, never late). */
static void mr_saturate(mr_model *m)
{
	if (m->now < m->sat_at)
		return;
	m->sat_at = UINT64_MAX;
	for (uint64_t u = m->up; u; u &= u - 1) {
		unsigned w = wg_ctz64(u), c = mr_get(m, w);
		if (c == m->max)
			mr_up(m, w, 0);
		else if (m->now + (m->max - c) < m->sat_at)
			m->sat_at = m->now + (m->max - c);
	}
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

/* First violated rule of "Protocol", or MR_OK; message in msg ("" when none). */
static int mr_check(const mr_model *m, const mr_in *in, char *msg, size_t n)
{
	int rc;
	msg[0] = '\0';
	if (in->rst)
		return MR_OK;
	if ((rc = mr_check_range(m, in, msg, n)))
		return rc;
	uint64_t bad = in->grant & ~m->want;
	if (bad) {
		unsigned w = wg_ctz64(bad);
		snprintf(msg, n, "memra: grant_i for warp %u while want_o is 0 (%s, cnt=%u; a grant needs BUDGET and cnt > 1)",
			 w, ((m->meas >> w) & 1u) ? "MEASURE" : "BUDGET", mr_get(m, w));
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
/* The cycle's inputs                                                  */
/* ------------------------------------------------------------------ */

/* prev[w] = sat(cnt_q[w] + 1): the latency of a load completing now. */
static unsigned mr_prev(const mr_model *m, unsigned w)
{
	unsigned v = mr_get(m, w) + 1u;
	return v > m->max ? m->max : v;
}

/* Set bits of a mask that has few (a cycle's loads or grants): one step a
 * bit, fewer instructions than wg_popc64's SWAR count for a bit or two. */
static unsigned mr_popc_few(uint64_t x)
{
	unsigned n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

/* The cycle's events (all 0 in a reset cycle): only the inputs' masks and
 * pc_q, no per-warp work. */
static void mr_events(const mr_model *m, const mr_in *in, mr_plan *pl)
{
	memset(pl->ev, 0, sizeof pl->ev);
	if (in->rst)
		return;
	pl->ev[MR_EV_START] = mr_popc_few(pl->ld);
	pl->ev[MR_EV_PREDICT] = pl->dn != 0;
	pl->ev[MR_EV_GRANT] = mr_popc_few(pl->grant);
	pl->ev[MR_EV_SAMPLE] = m->pc == (unsigned)m->cfg.sample_period - 1u;
}

/* The plan's input masks (ld, dn, grant) and events. */
static void mr_plan_inputs(const mr_model *m, const mr_in *in, mr_plan *pl)
{
	pl->ld = in->ld & m->wmask;
	pl->dn = 0;
	if (in->done_valid && in->done_warp < (unsigned)m->cfg.warps)
		pl->dn = BIT(in->done_warp) & m->meas & ~pl->ld;
	pl->grant = in->grant & m->wmask;
	mr_events(m, in, pl);
}

/* ------------------------------------------------------------------ */
/* Outputs                                                             */
/* ------------------------------------------------------------------ */

int mr_eval_ev(const mr_model *m, const mr_in *in, unsigned *ev, char *msg, size_t n)
{
	mr_plan pl;
	mr_plan_inputs(m, in, &pl); /* only the events depend on the inputs (0 in reset) */
	memcpy(ev, pl.ev, sizeof pl.ev);
	return mr_check(m, in, msg, n);
}

int mr_eval(const mr_model *m, const mr_in *in, mr_out *out)
{
	memset(out, 0, sizeof *out); /* whole struct: msg's tail and padding compare equal */
	out->want = m->want;
	out->prio = m->prio;
	for (int w = 0; w < m->cfg.warps; w++)
		out->cnt[w] = (uint16_t)mr_get(m, (unsigned)w);
	out->meas = m->meas;
	out->sample = mr_smp(m);
	return mr_eval_ev(m, in, out->ev, out->msg, sizeof out->msg);
}

/* ------------------------------------------------------------------ */
/* The edge ("Next state at the edge")                                 */
/* ------------------------------------------------------------------ */

/* last_q (prev of the completing warp, if any), smp_q (SAMPLE_PERIOD > 1
 * only: at 1 it is last_q) and pc_q after the edge. */
static void mr_sample_next(mr_model *m, const mr_plan *pl)
{
	unsigned end = (unsigned)m->cfg.sample_period - 1u;
	unsigned nlast = pl->dn ? mr_prev(m, wg_ctz64(pl->dn)) : m->last;
	if (m->cfg.sample_period > 1 && m->pc == end)
		m->smp = nlast;
	m->pc = m->pc == end ? 0 : m->pc + 1u;
	m->last = nlast;
}

/* Every warp's first rule that applies (docs/memra.md "Next state at the
 * edge"): the warps of the rules 1, 2 and 4 one by one, rule 3 (the
 * warps of up) as one addition, rule 5 nothing. */
void mr_tick(mr_model *m, const mr_in *in)
{
	mr_plan pl;
	if (in->rst) {
		mr_reset(m);
		return;
	}
	mr_plan_inputs(m, in, &pl);
	/* from the state before the edge: the completion's Eq. 1 (rule 2) and the grants (rule 4: BUDGET,
	 * no load; a grant in MEASURE breaks the protocol and the warp counts up, rule 3) */
	unsigned dn_w = 0, dn_sc = 0;
	if (pl.dn) {
		dn_w = wg_ctz64(pl.dn);
		dn_sc = mr_eq1(mr_prev(m, dn_w), mr_smp(m), (unsigned)m->cfg.thr_acc, (unsigned)m->cfg.ref_shift);
	}
	uint64_t gr = pl.grant & ~m->meas & ~pl.ld;
	mr_sample_next(m, &pl);
	for (uint64_t g = gr; g; g &= g - 1) {
		unsigned w = wg_ctz64(g);
		mr_set(m, w, (mr_get(m, w) - 2u) & m->max, 0);
	}
	mr_count_up(m);                                  /* rule 3 */
	if (pl.dn) {                                     /* rule 2: BUDGET with SC */
		mr_set(m, dn_w, dn_sc, 0);
		if ((m->up >> dn_w) & 1u)
			mr_up(m, dn_w, 0);
	}
	for (uint64_t l = pl.ld; l; l &= l - 1) {        /* rule 1: MEASURE from 0 */
		unsigned w = wg_ctz64(l);
		mr_set(m, w, 0, 1);
		if (!((m->up >> w) & 1u))
			mr_up(m, w, 1);
	}
	m->meas = (m->meas & ~pl.dn) | pl.ld;
	m->now++;
	if (pl.ld && m->now + m->max < m->sat_at)
		m->sat_at = m->now + m->max;
	mr_saturate(m);
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
uint64_t mr_want(const mr_model *m) { return m->want; }
uint64_t mr_prio(const mr_model *m) { return m->prio; }
unsigned mr_last(const mr_model *m) { return m->last; }
unsigned mr_sample(const mr_model *m) { return mr_smp(m); }
unsigned mr_pc(const mr_model *m) { return m->pc; }
const uint32_t *mr_cnt_packed(const mr_model *m) { return m->cnt; }

int mr_cnt(const mr_model *m, int w)
{
	return w >= 0 && w < m->cfg.warps ? (int)mr_get(m, (unsigned)w) : -1;
}
