/* equalizer.c - bit-exact C cycle model of Equalizer's per-SM block.
 *
 * Implements docs/equalizer.md "One cycle" literally: eq_eval computes the
 * outputs of the state at the start of the cycle and the inputs; eq_tick
 * applies the rising edge. Both derive the cycle's decisions from one
 * helper (eq_plan_make), so they cannot disagree.
 *
 * Representation: per-warp vectors are uint64_t masks (WARPS <= 64), per-slot
 * vectors unsigned masks (MAX_CTAS <= 16), the age matrix one row mask per
 * slot. Everything lives in one block with no pointer to itself, so a model
 * may be copied with memcpy. The frame adapter (wg_block_equalizer's entry
 * points) is equalizer_frame.c; the model's struct and the plan are in
 * equalizer_int.h. */
#include "equalizer_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_bits.h"

/* ------------------------------------------------------------------ */
/* Pure functions of the contract                                      */
/* ------------------------------------------------------------------ */

static uint64_t eq_bit(uint64_t v, int w)
{
	return (v >> w) & 1u;
}

eq_sample_counts eq_classify(const eq_cfg *c, const eq_in *in, uint64_t wpause)
{
	/* Per-warp rules evaluated on the whole mask at once (bit w = warp w). */
	eq_sample_counts s = {0, 0, 0, 0};
	uint64_t e = in->hv & ~wpause & wg_ones64(c->warps); /* not paused, head valid */
	if (!c->barrier_active)
		e &= ~in->hbar; /* "Others" */
	s.active = wg_popc64(e);
	uint64_t r = e & ~in->hbar;            /* BARRIER_IS_ACTIVE = 1: a barrier warp is active only */
	s.waiting = wg_popc64(r & ~in->hrdy);
	uint64_t x = r & in->hrdy & ~in->iss;  /* ready and not "Issued" */
	if (!c->xmem_strict || (in->lsu_full & 1u))
		s.xmem = wg_popc64(x & in->hmem);
	s.xalu = wg_popc64(x & ~in->hmem);
	return s;
}

static int eq_log2(unsigned long x)
{
	int b = 0;
	while ((1ul << b) < x)
		b++;
	return b;
}

eq_decision eq_decide(const eq_cfg *c, unsigned long xm, unsigned long xa, unsigned long wt, unsigned long a,
		      unsigned wcta)
{
	eq_decision d = {0, EQ_VOTE_NONE, 0};
	unsigned long sc = (unsigned long)eq_samples(c), w = wcta;
	if (c->norm == EQ_NORM_SHIFT) {
		int k = eq_log2(sc);
		xm >>= k, xa >>= k, wt >>= k, a >>= k;
		sc = 1;
	}
	if (xm > w * sc)
		d = (eq_decision){-1, EQ_VOTE_MEM, 8};
	else if (xa >= w * sc)
		d = (eq_decision){0, EQ_VOTE_COMP, 11};
	else if (xm > 2 * sc)
		d = (eq_decision){0, EQ_VOTE_MEM, 13};
	else if (2 * wt > a)
		d = (eq_decision){+1, xa > xm ? EQ_VOTE_COMP : EQ_VOTE_MEM, 15};
	else if (a == 0)
		d = (eq_decision){0, EQ_VOTE_COMP, 22};
	return d;
}

unsigned eq_vf_of_vote(const eq_cfg *c, int vote)
{
	int perf = c->objective == EQ_OBJ_PERFORMANCE;
	if (vote == EQ_VOTE_COMP)
		return perf ? EQ_VF_VALID | EQ_VF_UP : EQ_VF_VALID | EQ_VF_MEM;
	if (vote == EQ_VOTE_MEM)
		return perf ? EQ_VF_VALID | EQ_VF_MEM | EQ_VF_UP : EQ_VF_VALID;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Construction                                                        */
/* ------------------------------------------------------------------ */

size_t eq_size(const eq_cfg *c)
{
	(void)c;
	return (sizeof(struct eq_model) + 7u) & ~(size_t)7u;
}

void eq_reset(eq_model *m)
{
	m->act = m->wait = m->xalu = m->xmem = 0;
	m->cyc = 0;
	m->t = 0;
	m->hdir = m->hcnt = 0;
	m->valid = m->paused = 0;
	memset(m->older, 0, sizeof m->older);
	m->rpend = 0;
	m->dvalid = m->delta = m->vote = 0;
	memset(&m->last, 0, sizeof m->last);
	m->krun = m->kmax_k = m->wcta_k = 0;
}

eq_model *eq_init(void *mem, const eq_cfg *c)
{
	eq_model *m = mem;
	memset(m, 0, eq_size(c));
	m->cfg = *c;
	m->slog = eq_log2((unsigned long)eq_samples(c));
	m->sb = eq_slot_bits(c);
	m->tb = eq_t_bits(c);
	m->wb = eq_wcta_bits(c);
	m->wmask = wg_ones64(c->warps);
	m->cmask = (unsigned)wg_ones64(c->max_ctas);
	m->smask = (unsigned)wg_ones64(m->sb);
	m->tmask = (unsigned)wg_ones64(m->tb);
	m->wbmask = (unsigned)wg_ones64(m->wb);
	m->spm = (unsigned)c->sample_period - 1u;
	m->epm = (unsigned)c->epoch - 1u;
	eq_reset(m);
	return m;
}

eq_model *eq_new(const eq_cfg *c)
{
	void *mem = calloc(1, eq_size(c));
	return mem ? eq_init(mem, c) : NULL;
}

void eq_free(eq_model *m)
{
	free(m);
}

/* ------------------------------------------------------------------ */
/* The cycle                                                           */
/* ------------------------------------------------------------------ */

/* The inputs reduced to their ports' widths (bits outside them ignored). */
static void eq_clip(const eq_model *m, const eq_in *in, eq_in *o)
{
	unsigned smask = m->smask;
	o->rst = in->rst & 1u;
	o->kstart = in->kstart & 1u;
	o->kmax = in->kmax & m->tmask;
	o->wcta = in->wcta & m->wbmask;
	o->gwde_avail = in->gwde_avail & 1u;
	o->launch = in->launch & 1u;
	o->launch_slot = in->launch_slot & smask;
	o->done = in->done & 1u;
	o->done_slot = in->done_slot & smask;
	o->hv = in->hv & m->wmask;
	o->hrdy = in->hrdy & m->wmask;
	o->hmem = in->hmem & m->wmask;
	o->hbar = in->hbar & m->wmask;
	o->iss = in->iss & m->wmask;
	o->lsu_full = in->lsu_full & 1u;
}

void eq_wplanes(const eq_cfg *c, const uint8_t *wslot, uint64_t wplane[EQ_WPLANES])
{
	int sb = eq_slot_bits(c);
	memset(wplane, 0, EQ_WPLANES * sizeof *wplane);
	for (int w = 0; w < c->warps; w++)
		for (int b = 0; b < sb; b++)
			wplane[b] |= (uint64_t)((wslot[w] >> b) & 1u) << w;
}

/* The warps whose slot is s: one AND per slot bit. */
static uint64_t eq_slot_warps(const eq_model *m, const uint64_t *wplane, unsigned s)
{
	uint64_t x = m->wmask;
	for (int b = 0; b < m->sb; b++)
		x &= (s >> b) & 1u ? wplane[b] : ~wplane[b];
	return x;
}

/* paused_w and the warps of free (or out-of-range) slots: the warps of each
 * valid or paused slot (valid_q and paused_q have no bit at or above MAX_CTAS). */
void eq_wmask_make(const eq_model *m, const uint64_t *wplane, eq_wmask *wm)
{
	uint64_t p = 0, v = 0;
	for (unsigned x = m->valid | m->paused; x; x &= x - 1) {
		unsigned s = wg_ctz64(x);
		uint64_t ws = eq_slot_warps(m, wplane, s);
		if ((m->valid >> s) & 1u)
			v |= ws;
		if ((m->paused >> s) & 1u)
			p |= ws;
	}
	wm->wpause = p;
	wm->wfree = ~v & m->wmask;
	wm->nrun = wg_popc64(m->valid & ~m->paused);
	wm->valid = m->valid;
	wm->paused = m->paused;
}

/* Warp w's slot (SB bits) from the planes. */
static unsigned eq_slot_of(const eq_model *m, const uint64_t *wplane, int w)
{
	unsigned s = 0;
	for (int b = 0; b < m->sb; b++)
		s |= (unsigned)((wplane[b] >> w) & 1u) << b;
	return s;
}

/* The youngest (young = 1) or oldest CTA of the slot set x; -1 when x is
 * empty (or, after a protocol violation, no slot qualifies). */
static int eq_pick(const eq_model *m, unsigned x, int young)
{
	for (int i = 0; i < m->cfg.max_ctas; i++) {
		if (!((x >> i) & 1u))
			continue;
		int ok = 1;
		for (int j = 0; j < m->cfg.max_ctas && ok; j++) {
			if (j == i || !((x >> j) & 1u))
				continue;
			ok = young ? (m->older[j] >> i) & 1u : (m->older[i] >> j) & 1u;
		}
		if (ok)
			return i;
	}
	return -1;
}

/* The controller (docs/equalizer.md "The CTA controller"); U: the number of
 * unpaused CTAs (valid_q & ~paused_q). */
static void eq_control(const eq_model *m, eq_plan *pl, unsigned U)
{
	const eq_in *in = &pl->in;
	unsigned P = m->valid & ~m->paused, Q = m->valid & m->paused;
	pl->act = EQ_ACT_NONE;
	pl->slot = -1;
	if ((pl->quiet ^ 1u) | in->launch | in->done)
		return;
	if (U > m->t) {
		pl->slot = eq_pick(m, P, 1);
		pl->act = pl->slot >= 0 ? EQ_ACT_PAUSE : EQ_ACT_NONE;
	} else if (U < m->t && Q) {
		pl->slot = eq_pick(m, Q, 0);
		pl->act = pl->slot >= 0 ? EQ_ACT_UNPAUSE : EQ_ACT_NONE;
	} else if (U < m->t && in->gwde_avail && !m->rpend && m->valid != m->cmask) {
		pl->act = EQ_ACT_REQ;
	}
}

/* Hysteresis at a quiet epoch end (docs/equalizer.md "Hysteresis"). */
static void eq_hyst(const eq_model *m, eq_plan *pl)
{
	int delta = pl->dec.delta;
	unsigned dir = delta < 0;
	pl->t_d = m->t;
	pl->hdir_d = m->hdir;
	pl->hcnt_d = m->hcnt;
	if (pl->in.kmax == 0 || delta == 0) {
		pl->hcnt_d = 0;
		return;
	}
	if (m->hcnt != 0 && dir == m->hdir)
		pl->hcnt_d = m->hcnt + 1;
	else
		pl->hdir_d = dir, pl->hcnt_d = 1;
	if (pl->hcnt_d == (unsigned)m->cfg.hysteresis) {
		long v = (long)m->t + delta;
		if (v > (long)pl->in.kmax)
			v = (long)pl->in.kmax;
		if (v < 1)
			v = 1;
		pl->t_d = (unsigned)v;
		pl->hcnt_d = 0;
	}
}

/* The cycle's plan; the per-warp masks (wm, or made from the planes) only
 * when `outs` (eval: wpause_o and the protocol check need them) or on a
 * sample cycle (the classification). */
void eq_plan_make(const eq_model *m, const eq_in *raw, const uint64_t *wplane, const eq_wmask *wm, eq_plan *pl,
		  int outs)
{
	eq_clip(m, raw, &pl->in);
	eq_plan_of(m, wplane, wm, pl, outs);
}

/* The cycle's events, bit EQ_EV_* (0 in a reset cycle). */
static unsigned eq_events(const eq_model *m, const eq_plan *pl)
{
	static const unsigned act_ev[] = {[EQ_ACT_NONE] = 0, [EQ_ACT_PAUSE] = 1u << EQ_EV_PAUSE,
					  [EQ_ACT_UNPAUSE] = 1u << EQ_EV_UNPAUSE, [EQ_ACT_REQ] = 1u << EQ_EV_CTA_REQ};
	if (pl->in.rst)
		return 0;
	unsigned evm = act_ev[pl->act] | (unsigned)(pl->t_d != m->t) << EQ_EV_TCHANGE;
	if (pl->quiet)
		evm |= pl->smp << EQ_EV_SAMPLE | pl->eend << EQ_EV_DECIDE |
		       (unsigned)(pl->eend && pl->dec.vote != EQ_VOTE_NONE) << EQ_EV_VOTE;
	return evm;
}

void eq_plan_of(const eq_model *m, const uint64_t *wplane, const eq_wmask *wm, eq_plan *pl, int outs)
{
	/* every field but `in` written once (no memset: its eq_in holds 64 slot bytes never read) */
	const eq_in *in = &pl->in;
	const eq_cfg *c = &m->cfg;
	eq_wmask w;
	pl->quiet = !(in->rst | in->kstart);
	pl->smp = eq_sample_cycle(m);
	pl->eend = m->cyc == m->epm;
	if (!wm && (outs || pl->smp)) {
		eq_wmask_make(m, wplane, &w);
		wm = &w;
	}
	pl->wpause = outs || pl->smp ? wm->wpause : 0;
	pl->wfree = outs || pl->smp ? wm->wfree : 0;
	pl->cnt = pl->smp ? eq_classify(c, in, pl->wpause) : (eq_sample_counts){0, 0, 0, 0};
	pl->sums.active = m->act + pl->cnt.active;
	pl->sums.waiting = m->wait + pl->cnt.waiting;
	pl->sums.xalu = m->xalu + pl->cnt.xalu;
	pl->sums.xmem = m->xmem + pl->cnt.xmem;
	pl->dec = (eq_decision){0, EQ_VOTE_NONE, 0};
	pl->t_d = m->t, pl->hdir_d = m->hdir, pl->hcnt_d = m->hcnt;
	if (pl->eend) {
		/* no kernel (kmax_i = 0): a decision is still registered (the SMs'
		 * strobes stay aligned) but it is 0 / NONE (docs/equalizer.md, decision 10) */
		if (in->kmax != 0)
			pl->dec = eq_decide(c, pl->sums.xmem, pl->sums.xalu, pl->sums.waiting, pl->sums.active, in->wcta);
		if (pl->quiet)
			eq_hyst(m, pl);
	}
	if (in->kstart)
		pl->t_d = in->kmax, pl->hdir_d = 0, pl->hcnt_d = 0;
	eq_control(m, pl, wm ? wm->nrun : wg_popc64(m->valid & ~m->paused));
	pl->evm = eq_events(m, pl);
}

int eq_plan_check(const eq_model *m, const eq_plan *pl, const uint64_t *wplane, char *msg, size_t n)
{
	const eq_cfg *c = &m->cfg;
	const eq_in *in = &pl->in;
	msg[0] = '\0';
	if (in->rst)
		return 0;
	uint64_t bad = in->iss & (~in->hv | ~in->hrdy | pl->wpause);
	if (bad) {
		int w = (int)wg_ctz64(bad); /* the first warp in the order of the rules' loop */
		const char *why = !eq_bit(in->hv, w) ? "hv_i = 0 (no head instruction)"
				  : !eq_bit(in->hrdy, w) ? "hrdy_i = 0 (operands not released)"
							   : "wpause_o = 1 (its CTA is paused)";
		snprintf(msg, n, "equalizer: iss_i for warp %d with %s", w, why);
		return -1;
	}
	uint64_t freehead = in->hv & pl->wfree;
	if (freehead) {
		int w = (int)wg_ctz64(freehead);
		unsigned s = eq_slot_of(m, wplane, w);
		snprintf(msg, n, "equalizer: hv_i = 1 for warp %d of free slot %u (warps of free slots have no head)", w, s);
		return -1;
	}
	if (in->launch && in->done && in->launch_slot == in->done_slot) {
		snprintf(msg, n, "equalizer: cta_launch_i and cta_done_i name the same slot %u in one cycle",
			 in->launch_slot);
		return -1;
	}
	if (in->launch) {
		unsigned s = in->launch_slot;
		if (!m->rpend) {
			snprintf(msg, n, "equalizer: cta_launch_i (slot %u) without an outstanding request (rpend_q = 0)", s);
			return -1;
		}
		if (s >= (unsigned)c->max_ctas || ((m->valid >> s) & 1u)) {
			snprintf(msg, n, "equalizer: cta_launch_i into slot %u which is %s", s,
				 s >= (unsigned)c->max_ctas ? "out of range" : "not free");
			return -1;
		}
	}
	if (in->done) {
		unsigned s = in->done_slot;
		if (s >= (unsigned)c->max_ctas || !((m->valid >> s) & 1u)) {
			snprintf(msg, n, "equalizer: cta_done_i for slot %u which holds no CTA", s);
			return -1;
		}
	}
	if (in->kmax > (unsigned)c->max_ctas) {
		snprintf(msg, n, "equalizer: kmax_i = %u above MAX_CTAS = %d", in->kmax, c->max_ctas);
		return -1;
	}
	if (in->wcta > (unsigned)c->warps) {
		snprintf(msg, n, "equalizer: wcta_i = %u above WARPS = %d", in->wcta, c->warps);
		return -1;
	}
	if (in->kmax != 0 && in->wcta == 0) {
		snprintf(msg, n, "equalizer: wcta_i = 0 while a kernel runs (kmax_i = %u; needs 1..WARPS)", in->kmax);
		return -1;
	}
	if (in->kstart) {
		if (m->valid) {
			snprintf(msg, n, "equalizer: kstart_i while slot %u still holds a CTA (every slot must be free)",
				 wg_ctz64(m->valid));
			return -1;
		}
		if (in->launch || in->done) {
			snprintf(msg, n, "equalizer: kstart_i together with cta_%s_i (slot %u)", in->launch ? "launch" : "done",
				 in->launch ? in->launch_slot : in->done_slot);
			return -1;
		}
		return 0;
	}
	if (m->krun && in->kmax != 0 && (in->kmax != m->kmax_k || in->wcta != m->wcta_k)) {
		snprintf(msg, n, "equalizer: kmax_i/wcta_i = %u/%u changed from %u/%u while the kernel runs (needs kstart_i)",
			 in->kmax, in->wcta, m->kmax_k, m->wcta_k);
		return -1;
	}
	return 0;
}

static void eq_fill_out(const eq_model *m, const eq_plan *pl, eq_out *out)
{
	out->wpause = pl->wpause; /* every field set (msg by eq_check): no memset of the message */
	out->cta_valid = m->valid;
	out->cta_paused = m->paused;
	out->cta_req = pl->act == EQ_ACT_REQ;
	out->nblocks = m->t;
	out->sample = pl->smp;
	out->dec_valid = m->dvalid;
	out->delta = m->delta;
	out->vote = m->vote;
	out->vf = eq_vf_of_vote(&m->cfg, (int)m->vote);
	for (int e = 0; e < EQ_NEVENTS; e++)
		out->ev[e] = (pl->evm >> e) & 1u;
}

int eq_eval(const eq_model *m, const eq_in *in, eq_out *out)
{
	uint64_t wplane[EQ_WPLANES];
	eq_wplanes(&m->cfg, in->wslot, wplane);
	return eq_eval_pl(m, in, wplane, out);
}

int eq_eval_pl(const eq_model *m, const eq_in *in, const uint64_t *wplane, eq_out *out)
{
	eq_plan pl;
	eq_plan_make(m, in, wplane, NULL, &pl, 1);
	eq_fill_out(m, &pl, out);
	out->msg[0] = '\0';
	return eq_plan_fine(m, &pl) ? 0 : eq_plan_check(m, &pl, wplane, out->msg, sizeof out->msg);
}

/* Slot events and the controller's action at the edge. */
static void eq_tick_slots(eq_model *m, const eq_plan *pl)
{
	const eq_in *in = &pl->in;
	unsigned old = m->valid; /* valid_q before the edge (the age matrix's launch rule) */
	if (in->done && in->done_slot < (unsigned)m->cfg.max_ctas) {
		m->valid &= ~(1u << in->done_slot);
		m->paused &= ~(1u << in->done_slot);
	}
	if (in->launch && in->launch_slot < (unsigned)m->cfg.max_ctas) {
		unsigned s = in->launch_slot;
		for (int j = 0; j < m->cfg.max_ctas; j++) {
			if ((unsigned)j == s)
				continue;
			m->older[j] = (uint16_t)((m->older[j] & ~(1u << s)) | (((old >> j) & 1u) << s));
		}
		m->older[s] = 0;
		m->valid |= 1u << s;
		m->paused &= ~(1u << s);
	}
	if (pl->act == EQ_ACT_PAUSE)
		m->paused |= 1u << pl->slot;
	else if (pl->act == EQ_ACT_UNPAUSE)
		m->paused &= ~(1u << pl->slot);
}

void eq_tick(eq_model *m, const eq_in *raw)
{
	uint64_t wplane[EQ_WPLANES];
	eq_wplanes(&m->cfg, raw->wslot, wplane);
	eq_tick_pl(m, raw, wplane);
}

void eq_tick_pl(eq_model *m, const eq_in *raw, const uint64_t *wplane)
{
	eq_plan pl;
	eq_plan_make(m, raw, wplane, NULL, &pl, 0);
	eq_plan_apply(m, &pl);
}

void eq_plan_apply(eq_model *m, const eq_plan *pl)
{
	const eq_in *in = &pl->in;
	if (in->rst) {
		eq_reset(m);
		return;
	}
	for (unsigned x = pl->evm; x; x &= x - 1)
		m->counts[wg_ctz64(x)]++;
	if (in->kstart) {
		m->act = m->wait = m->xalu = m->xmem = 0;
		m->cyc = 0;
		m->hcnt = m->hdir = 0;
		m->rpend = 0;
		m->dvalid = m->delta = m->vote = 0;
		m->t = in->kmax;
		memset(&m->last, 0, sizeof m->last);
		m->krun = in->kmax != 0;
		m->kmax_k = in->kmax;
		m->wcta_k = in->wcta;
		return;
	}
	if (in->kmax == 0)
		m->krun = 0; /* the kernel ended */
	m->cyc = (m->cyc + 1u) & m->epm;
	if (pl->smp && !pl->eend) {
		m->act = pl->sums.active;
		m->wait = pl->sums.waiting;
		m->xalu = pl->sums.xalu;
		m->xmem = pl->sums.xmem;
	}
	if (pl->eend) {
		m->act = m->wait = m->xalu = m->xmem = 0;
		m->delta = (unsigned)pl->dec.delta & 3u;
		m->vote = (unsigned)pl->dec.vote;
		m->dvalid = 1;
		m->last = pl->sums;
		m->t = pl->t_d;
		m->hdir = pl->hdir_d;
		m->hcnt = pl->hcnt_d;
	} else {
		m->dvalid = 0;
	}
	eq_tick_slots(m, pl);
	m->rpend = (m->rpend || pl->act == EQ_ACT_REQ) && !in->launch && in->gwde_avail;
}

/* ------------------------------------------------------------------ */
/* Accessors                                                           */
/* ------------------------------------------------------------------ */

const eq_cfg *eq_config(const eq_model *m)
{
	return &m->cfg;
}

const uint64_t *eq_counts(const eq_model *m)
{
	return m->counts;
}

unsigned eq_cyc(const eq_model *m)
{
	return m->cyc;
}

eq_sample_counts eq_stats(const eq_model *m)
{
	eq_sample_counts s = {m->act, m->wait, m->xalu, m->xmem};
	return s;
}

eq_sample_counts eq_last_sums(const eq_model *m)
{
	return m->last;
}

unsigned eq_target(const eq_model *m)
{
	return m->t;
}

int eq_hyst_dir(const eq_model *m)
{
	return m->hdir ? -1 : +1;
}

unsigned eq_hyst_cnt(const eq_model *m)
{
	return m->hcnt;
}

unsigned eq_valid(const eq_model *m)
{
	return m->valid;
}

unsigned eq_paused(const eq_model *m)
{
	return m->paused;
}

int eq_older(const eq_model *m, int i, int j)
{
	if (i < 0 || j < 0 || i >= m->cfg.max_ctas || j >= m->cfg.max_ctas || i == j)
		return 0;
	return (m->older[i] >> j) & 1u;
}

unsigned eq_req_pending(const eq_model *m)
{
	return m->rpend;
}
