/* equalizer_stim.c - stimulus for Equalizer's per-SM block `equalizer`
 * (docs/equalizer.md): a random SM environment with kernel profiles, the
 * shadow of the contract that checks every output in every mode, and the
 * stimulus definition. The directed cases are in equalizer_stim_cases.c,
 * the drive both use in equalizer_drive.c (shared state: equalizer_stim.h).
 *
 * Random mode. Kernels run one after another: a kernel start (kmax, wcta
 * drawn so that kmax*wcta <= WARPS) with every slot free, a work distributor
 * holding a pool of CTAs (gwde_avail_i while the pool is not empty) that
 * answers cta_req_o 1..GWDE_DELAY cycles later with cta_launch_i into the
 * lowest free slot, CTAs that finish after 1..CTA_LIFE cycles of unpaused
 * progress, and when the pool is empty and every CTA (paused ones too, once
 * unpaused) has finished, a gap without a kernel before the next one. Warps
 * of slot s are s*wcta .. s*wcta+wcta-1 (SLOT_MAP=1: the s-th wcta warps of
 * a random order drawn per kernel); warps of free slots have no head.
 * Each warp's head (hv, hrdy, hmem, hbar) is redrawn every 1..2*DWELL cycles
 * and after it issues, with the tendencies of the kernel PROFILE; two
 * schedulers issue at most one instruction each, at most one memory
 * instruction per cycle and none while lsu_full_i, never a paused warp.
 * By default (CTA_LIFE, KCTAS 0, RESET_PPM -1: auto) the kernel length and
 * the reset rate follow EPOCH, so that a kernel spans about 15 epochs; then
 * finish() enforces a coverage floor (docs/equalizer.md "Stimulus and
 * directed cases").
 *
 * The shadow (eqs_ref) follows docs/equalizer.md from this stimulus's own
 * inputs only (never the C model) and predicts every output and event bit;
 * check() compares. EQ_STATS=1 in the environment prints what a random run
 * covered (Alg. 1 lines, T changes, CTA actions). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "equalizer_cover.h"
#include "equalizer_stim.h"
#include "equalizer_stim_cases.h"

static const char *const eqs_profiles[] = {"compute", "memory", "cache", "unsaturated", "idle", "phases", "mixed", NULL};

static const wg_param_def eqs_knobs[EQS_NKNOBS] = {
	[EK_PROFILE] = {"PROFILE", EP_MIXED, 0, EP_NPROF - 1, eqs_profiles,
		"kernel profile: compute, memory, cache (many waiting), unsaturated, idle, phases (switch every "
		"PHASE_EP epochs), mixed (each CTA its own)", "assumed"},
	[EK_PHASE_EP] = {"PHASE_EP", 4, 1, 1000, NULL, "PROFILE=phases: epochs per phase", "assumed"},
	[EK_DWELL] = {"DWELL", 6, 1, 10000, NULL, "a warp's head state lasts 1..2*DWELL cycles (or until it issues)",
		"assumed"},
	[EK_CTA_LIFE] = {"CTA_LIFE", 0, 0, 1000000, NULL,
		"a CTA finishes after 1..CTA_LIFE cycles unpaused; 0: auto, max(300, 2*EPOCH) (a CTA lives at least an "
		"epoch on average, and long enough to be paused at small EPOCH)",
		"assumed"},
	[EK_GWDE_DELAY] = {"GWDE_DELAY", 6, 1, 1000, NULL, "the work distributor answers a request 1..GWDE_DELAY cycles later",
		"assumed"},
	[EK_KCTAS] = {"KCTAS", 0, 0, 100000, NULL,
		"a kernel has 1..KCTAS CTAs for this SM; 0: auto, kmax*(8..23) (with CTA_LIFE auto a kernel spans about "
		"15 epochs)",
		"assumed"},
	[EK_KGAP] = {"KGAP", 80, 1, 100000, NULL, "1..KGAP cycles without a kernel between two kernels", "assumed"},
	[EK_RESET_PPM] = {"RESET_PPM", -1, -1, 1000000, NULL,
		"per-million of cycles with a mid-run reset; -1: auto, 20 at EPOCH <= 1024, 20*1024/EPOCH above (about "
		"one reset per 50 epochs at most)",
		"assumed"},
	[EK_SLOT_MAP] = {"SLOT_MAP", 0, 0, 1, NULL,
		"warp-to-slot map: 0 slot s owns warps s*wcta..s*wcta+wcta-1; 1 a random permutation of the warps per "
		"kernel (the i-th warp of the order is in slot i/wcta: any warp in any slot)",
		"assumed"},
	[EK_FILL_PCT] = {"FILL_PCT", 0, 0, 100, NULL,
		"% of kernels with the largest CTAs that fit, wcta = WARPS / kmax (every warp resident when the slots "
		"are full: the per-sample counts and epoch sums reach their top bits); the others draw wcta in "
		"1..WARPS/kmax",
		"assumed"},
	[EK_PIN_PCT] = {"PIN_PCT", 0, 0, 100, NULL,
		"% of epochs in which every resident warp's head is pinned to one class drawn per epoch (waiting, ready "
		"for the ALU, ready for memory), nothing issues and no CTA progresses (a stalled SM: the epoch sums reach "
		"W*S in every class); 0: none, no draw",
		"assumed"},
};

/* PIN_PCT: an epoch's pinned head class, as the head bits (bit 0 hv, 1 rdy, 2 mem) */
static const uint8_t pin_head[] = {0, 0x1, 0x3, 0x7}; /* none, waiting, X_alu, X_mem */

/* per base profile: % head valid, ready, memory, at a barrier, lsu_full, a scheduler issues */
static const int prof_pct[EP_NBASE][6] = {
	[EP_COMPUTE] = {95, 85, 8, 2, 5, 60},
	[EP_MEMORY] = {90, 80, 85, 1, 60, 25},
	[EP_CACHE] = {90, 35, 50, 2, 30, 40},
	[EP_UNSAT] = {90, 20, 25, 1, 5, 70},
	[EP_IDLE] = {4, 50, 30, 1, 5, 50},
};

static int lg2(long x)
{
	int r = 0;
	while ((1L << r) < x)
		r++;
	return r;
}

/* ---- the shadow of docs/equalizer.md ---- */

static uint64_t paused_w(const eqs_stim *s)
{
	return eqs_slot_warps(s, s->r.paused);
}

/* Algorithm 1 (written again from the page; not eq_decide). */
static int decide(const eqs_stim *s, long xm, long xa, long wt, long a, long w, int *delta, int *line)
{
	long sc = s->S;
	if (s->c.norm == EQ_NORM_SHIFT) {
		int sh = lg2(s->S);
		xm >>= sh, xa >>= sh, wt >>= sh, a >>= sh;
		sc = 1;
	}
	*delta = 0;
	if (xm > w * sc) {
		*delta = -1, *line = EL_8;
		return EQ_VOTE_MEM;
	}
	if (xa >= w * sc) {
		*line = EL_11;
		return EQ_VOTE_COMP;
	}
	if (xm > 2 * sc) {
		*line = EL_13;
		return EQ_VOTE_MEM;
	}
	if (2 * wt > a) {
		*delta = 1;
		*line = xa > xm ? EL_15 : EL_18;
		return xa > xm ? EQ_VOTE_COMP : EQ_VOTE_MEM;
	}
	*line = a == 0 ? EL_22 : EL_NONE;
	return a == 0 ? EQ_VOTE_COMP : EQ_VOTE_NONE;
}

static unsigned vf_of(const eqs_stim *s, int vote)
{
	if (vote == EQ_VOTE_NONE)
		return 0;
	if (s->c.objective == EQ_OBJ_ENERGY)
		return vote == EQ_VOTE_COMP ? 3u : 1u;
	return vote == EQ_VOTE_COMP ? 5u : 7u;
}

/* youngest (dir 1) or oldest (dir 0) slot of the set x */
static int pick_age(const eqs_stim *s, unsigned x, int young)
{
	int best = -1;
	for (int i = 0; i < s->c.max_ctas; i++)
		if ((x >> i) & 1u)
			if (best < 0 || (young ? s->r.seq[i] > s->r.seq[best] : s->r.seq[i] < s->r.seq[best]))
				best = i;
	return best;
}

/* This cycle: the expected outputs (s->exp), then the edge (s->r). */
static void ref_step(eqs_stim *s)
{
	eqs_ref *r = &s->r;
	const eqs_in *in = &s->cur;
	eqs_out *e = &s->exp;
	unsigned allv = (unsigned)wg_ones64(s->c.max_ctas);
	int quiet = !in->rst && !in->kstart;
	memset(e, 0, sizeof *e);
	e->wpause = paused_w(s);
	e->valid = r->valid;
	e->paused = r->paused;
	e->nb = r->t;
	e->sample = (r->cyc % (unsigned)s->c.sample_period) == (unsigned)s->c.sample_period - 1;
	int eend = r->cyc == (unsigned)s->c.epoch - 1;
	e->dv = r->dvalid;
	e->delta = (unsigned)r->delta & 3u;
	e->vote = (unsigned)r->vote;
	e->vf = vf_of(s, r->vote);
	/* classification */
	/* classification, as masks: a counted head (valid, not paused, not at a
	 * barrier unless BARRIER_IS_ACTIVE) is active; of those not at a barrier,
	 * not ready is waiting, ready and not issued is X_mem (memory; with
	 * XMEM_STRICT only while lsu_full_i) or X_alu */
	uint64_t hc = in->hv & ~e->wpause & wg_ones64(s->c.warps);
	if (!s->c.barrier_active)
		hc &= ~in->hbar;
	uint64_t hnb = hc & ~in->hbar, hx = hnb & in->hrdy & ~in->iss;
	long ca = eqs_popc(hc), cw = eqs_popc(hnb & ~in->hrdy), cx = eqs_popc(hx & ~in->hmem);
	long cm = !s->c.xmem_strict || in->lsu_full ? (long)eqs_popc(hx & in->hmem) : 0;
	/* the controller */
	unsigned P = r->valid & ~r->paused, Q = r->valid & r->paused, U = eqs_popc(P);
	int act = 0, aslot = -1; /* 1 pause, 2 unpause, 3 request */
	if (quiet && !in->launch && !in->done) {
		if (U > r->t)
			act = 1, aslot = pick_age(s, P, 1);
		else if (U < r->t && Q)
			act = 2, aslot = pick_age(s, Q, 0);
		else if (U < r->t && in->gwde && !r->rpend && r->valid != allv)
			act = 3;
	}
	e->req = act == 3;
	e->ev = (unsigned)(quiet && e->sample) << EQ_EV_SAMPLE | (unsigned)(act == 1) << EQ_EV_PAUSE |
		(unsigned)(act == 2) << EQ_EV_UNPAUSE | (unsigned)(act == 3) << EQ_EV_CTA_REQ;
	/* the edge */
	if (in->rst) {
		memset(r, 0, sizeof *r);
		r->hdir = 1;
		s->ep = 0;
		return;
	}
	if (in->kstart) {
		r->act = r->wt = r->xa = r->xm = 0;
		r->cyc = 0;
		r->hcnt = 0, r->hdir = 1;
		r->rpend = 0, r->dvalid = 0, r->delta = 0, r->vote = 0;
		e->ev |= (unsigned)(r->t != in->kmax) << EQ_EV_TCHANGE; /* loading a different kmax_i is a change */
		r->t = in->kmax;
		s->ep = 0;
		return;
	}
	r->cyc = (r->cyc + 1) % (unsigned)s->c.epoch;
	if (e->sample && !eend)
		r->act += ca, r->wt += cw, r->xa += cx, r->xm += cm;
	if (eend) {
		int d, line;
		int v = EQ_VOTE_NONE;
		d = 0, line = EL_NOK; /* no kernel: a decision, 0 / NONE, no vote event */
		if (in->kmax != 0)
			v = decide(s, r->xm + cm, r->xa + cx, r->wt + cw, r->act + ca, in->wcta, &d, &line);
		r->act = r->wt = r->xa = r->xm = 0;
		r->delta = d, r->vote = v, r->dvalid = 1;
		e->ev |= 1u << EQ_EV_DECIDE | (unsigned)(v != EQ_VOTE_NONE) << EQ_EV_VOTE;
		s->nline[line]++;
		if (in->kmax == 0 || d == 0) {
			r->hcnt = 0;
		} else if (r->hcnt && d == r->hdir) {
			r->hcnt++;
		} else {
			r->hdir = d;
			r->hcnt = 1;
		}
		if (r->hcnt == (unsigned)s->c.hysteresis) {
			long nt = (long)r->t + d;
			nt = nt < 1 ? 1 : nt > (long)in->kmax ? (long)in->kmax : nt;
			if ((unsigned)nt != r->t) {
				e->ev |= 1u << EQ_EV_TCHANGE;
				if ((unsigned)nt > r->t)
					s->tup++;
				else
					s->tdown++;
			}
			r->t = (unsigned)nt;
			r->hcnt = 0;
		}
		s->ep++;
	} else {
		r->dvalid = 0;
	}
	if (in->done)
		r->valid &= ~(1u << in->dslot), r->paused &= ~(1u << in->dslot);
	if (in->launch) {
		r->valid |= 1u << in->lslot;
		r->paused &= ~(1u << in->lslot);
		r->seq[in->lslot] = ++r->nseq;
	}
	if (act == 1)
		r->paused |= 1u << aslot, s->npause++;
	if (act == 2)
		r->paused &= ~(1u << aslot), s->nunpause++;
	s->nreq += act == 3;
	r->rpend = (r->rpend || act == 3) && !in->launch && in->gwde;
}

/* ---- frames: whole ports ---- */

#define put(s, f, port, v) put_words((s)->L, f, port, v)
#define get(s, f, port) wg_port_get((s)->L, f, port)

/* A whole port of at most 64 bits stored as its words (issue 29 item 2: wg_port_put's
 * read-modify-write of each word was a sixth of next's instructions). A port starts on a word
 * boundary and owns its words, and every caller of next hands it a zeroed frame, so the stores
 * write the same bits. A port absent at this configuration (no bits) is not written. */
static inline void put_words(const wg_layout *L, uint32_t *f, int port, uint64_t v)
{
	unsigned w = (unsigned)L->width[port];
	uint32_t *p = f + L->off[port];
	if (!w)
		return;
	v &= wg_ones64(w);
	p[0] = (uint32_t)v;
	if (w > 32)
		p[1] = (uint32_t)(v >> 32);
}

static void pack(const eqs_stim *s, uint32_t *in)
{
	const eqs_in *c = &s->cur;
	put(s, in, EQ_RST_I, c->rst);
	put(s, in, EQ_KSTART_I, c->kstart);
	put(s, in, EQ_KMAX_I, c->kmax);
	put(s, in, EQ_WCTA_I, c->wcta);
	put(s, in, EQ_GWDE_AVAIL_I, c->gwde);
	put(s, in, EQ_LAUNCH_I, c->launch);
	put(s, in, EQ_LAUNCH_SLOT_I, c->lslot);
	put(s, in, EQ_DONE_I, c->done);
	put(s, in, EQ_DONE_SLOT_I, c->dslot);
	if (s->map_now) { /* the cached map's words (the port starts on a word boundary) */
		unsigned nb = (unsigned)(s->c.warps * s->SB), nw = nb / 32;
		uint32_t *p = in + s->L->off[EQ_WSLOT_I];
		memcpy(p, s->map_words, nw * sizeof *p);
		if (nb % 32)
			p[nw] = (p[nw] & ~(uint32_t)wg_ones64(nb % 32)) | s->map_words[nw];
	} else {
		wg_elems_put8(s->L, in, EQ_WSLOT_I, s->c.warps, (unsigned)s->SB, c->wslot); /* one pass */
	}
	put(s, in, EQ_HV_I, c->hv);
	put(s, in, EQ_HRDY_I, c->hrdy);
	put(s, in, EQ_HMEM_I, c->hmem);
	put(s, in, EQ_HBAR_I, c->hbar);
	put(s, in, EQ_ISS_I, c->iss);
	put(s, in, EQ_LSU_FULL_I, c->lsu_full);
}

static void unpack_out(const eqs_stim *s, const uint32_t *out, eqs_out *o)
{
	o->wpause = get(s, out, EQ_WPAUSE_O);
	o->valid = (unsigned)get(s, out, EQ_CTA_VALID_O);
	o->paused = (unsigned)get(s, out, EQ_CTA_PAUSED_O);
	o->req = (unsigned)get(s, out, EQ_CTA_REQ_O);
	o->nb = (unsigned)get(s, out, EQ_NBLOCKS_O);
	o->sample = (unsigned)get(s, out, EQ_SAMPLE_O);
	o->dv = (unsigned)get(s, out, EQ_DEC_VALID_O);
	o->delta = (unsigned)get(s, out, EQ_DELTA_O);
	o->vote = (unsigned)get(s, out, EQ_VOTE_O);
	o->vf = (unsigned)get(s, out, EQ_VF_O);
	o->ev = (unsigned)get(s, out, EQ_EV_O);
}

/* ---- random ---- */

/* PROFILE=phases: T goes down in memory phases and up again in unsaturated ones */
static const int phase_order[] = {EP_MEMORY, EP_UNSAT, EP_COMPUTE, EP_MEMORY, EP_CACHE, EP_IDLE, EP_MEMORY, EP_UNSAT};
#define NPHASE ((int)(sizeof phase_order / sizeof phase_order[0]))

static int cur_prof(const eqs_stim *s, int slot)
{
	if (s->k[EK_PROFILE] == EP_MIXED)
		return s->sprof[slot];
	return s->k[EK_PROFILE] == EP_PHASES ? s->prof : (int)s->k[EK_PROFILE];
}

static void env_reset(eqs_stim *s)
{
	s->krun = 0;
	s->pool = 0;
	s->gw_at = -1;
	s->gap = 1 + eqs_pick(s, 10);
	memset(s->life, 0, sizeof s->life);
	memset(s->hold, 0, sizeof s->hold);
	memset(s->hst, 0, sizeof s->hst);
	s->hlive = 0;
	s->pin = 0;
}

static void random_next(eqs_stim *s, long t)
{
	eqs_in *c = &s->cur;
	if (t < 2 || eqs_pick(s, 1000000) < s->k[EK_RESET_PPM]) {
		c->rst = 1;
		s->nrst++;
		env_reset(s);
		return;
	}
	/* kernels */
	if (!s->krun) {
		if (s->gap > 0) {
			s->gap--;
		} else if (!s->r.valid) {
			long kmx = s->c.max_ctas < s->c.warps ? s->c.max_ctas : s->c.warps;
			unsigned km = 1 + (unsigned)eqs_pick(s, kmx);
			unsigned wc = 1 + (unsigned)eqs_pick(s, s->c.warps / (long)km);
			if (s->k[EK_FILL_PCT] && eqs_pick(s, 100) < s->k[EK_FILL_PCT]) /* drawn only with the knob */
				wc = (unsigned)(s->c.warps / (long)km);
			long pool = s->k[EK_KCTAS] ? 1 + eqs_pick(s, s->k[EK_KCTAS]) : (long)km * (8 + eqs_pick(s, 16));
			eqs_kstart(s, km, wc, pool);
			if (s->k[EK_SLOT_MAP]) /* drawn only with the knob: SLOT_MAP=0 keeps the stream */
				for (int i = s->c.warps - 1; i > 0; i--) {
					int j = (int)eqs_pick(s, i + 1);
					uint8_t x = s->wperm[i];
					s->wperm[i] = s->wperm[j], s->wperm[j] = x;
					s->map_wcta = ~0u; /* wslot_i again */
				}
			if (s->k[EK_PROFILE] == EP_MIXED)
				s->prof = (int)eqs_pick(s, EP_NBASE);
			if (s->k[EK_PROFILE] == EP_PHASES) { /* T starts at kmax: begin with a memory phase (down) */
				static const int mem_phase[] = {0, 3, 6};
				s->phase = mem_phase[eqs_pick(s, 3)];
				s->prof = phase_order[s->phase];
				s->prof_ep = (int)s->k[EK_PHASE_EP];
			}
		}
	} else if (s->pool <= 0 && !s->r.valid) {
		s->krun = 0;
		s->gap = 1 + eqs_pick(s, s->k[EK_KGAP]);
	}
	eqs_gwde(s);
	/* PIN_PCT: at each epoch's first cycle, whether the epoch is pinned and to which class */
	if (s->k[EK_PIN_PCT] && s->r.cyc == 0) /* drawn only with the knob: PIN_PCT=0 keeps the stream */
		s->pin = eqs_pick(s, 100) < s->k[EK_PIN_PCT] ? 1 + (int)eqs_pick(s, 3) : 0;
	/* CTAs finish after their unpaused lifetime (a pinned epoch makes no progress) */
	unsigned run = s->pin ? 0u : s->r.valid & ~s->r.paused;
	for (int sl = 0; sl < s->c.max_ctas; sl++)
		if ((run >> sl) & 1u)
			s->life[sl]--;
	for (int sl = 0; sl < s->c.max_ctas && !c->kstart; sl++)
		if (((s->r.valid >> sl) & 1u) && s->life[sl] <= 0) {
			c->done = 1, c->dslot = (unsigned)sl;
			s->ndone++;
			break;
		}
	/* warps' heads */
	uint64_t pw = paused_w(s), elig = 0;
	int lp = s->k[EK_PROFILE] == EP_MIXED ? (int)eqs_pick(s, EP_NBASE) : cur_prof(s, 0);
	c->lsu_full = wg_pct(&s->rng, prof_pct[lp][4]);
	uint64_t vm = c->wcta ? eqs_slot_warps(s, s->r.valid) : 0; /* warps of valid slots: a head */
	for (uint64_t x = s->hlive & ~vm; x; x &= x - 1) { /* the others have none */
		int w = __builtin_ctzll(x);
		s->hst[w] = 0, s->hold[w] = 0;
	}
	s->hlive = vm;
	for (uint64_t x = vm; x; x &= x - 1) { /* in warp order: the same draws as a loop over all warps */
		int w = __builtin_ctzll(x);
		unsigned sl = eqs_slot_of(s, w);
		if (s->pin) {
			s->hst[w] = pin_head[s->pin], s->hold[w] = 0; /* a drawn head again after the epoch */
		} else if (--s->hold[w] <= 0) {
			const int *pp = prof_pct[cur_prof(s, (int)sl)];
			int hb = 0; /* one draw per bit, in a fixed order (the same stream in every build) */
			for (int b = 0; b < 4; b++)
				hb |= wg_pct(&s->rng, pp[b]) << b;
			s->hst[w] = (uint8_t)hb;
			s->hold[w] = 1 + eqs_pick(s, 2 * s->k[EK_DWELL]);
		}
		uint64_t b = EB(w);
		c->hv |= s->hst[w] & 1u ? b : 0;
		c->hrdy |= s->hst[w] & 2u ? b : 0;
		c->hmem |= s->hst[w] & 4u ? b : 0;
		c->hbar |= s->hst[w] & 8u ? b : 0;
		if ((s->hst[w] & 0xbu) == 3u && !(pw & b))
			elig |= b;
	}
	/* two schedulers, at most one memory issue, none while the LSU is full */
	int mem = 0;
	for (int k = 0; k < 2 && !s->pin; k++) {
		uint64_t left = elig & ~c->iss;
		if (!left)
			break;
		int w = -1;
		for (long n = eqs_pick(s, eqs_popc(left)); n >= 0; n--) {
			w = __builtin_ctzll(left);
			left &= left - 1;
		}
		int sl = eqs_slot_of(s, w);
		if (!wg_pct(&s->rng, prof_pct[cur_prof(s, sl < s->c.max_ctas ? sl : 0)][5]))
			continue;
		if ((c->hmem >> w) & 1u) {
			if (mem || c->lsu_full)
				continue;
			mem = 1;
		}
		c->iss |= EB(w);
		s->hold[w] = 0; /* a new head next cycle */
	}
}

/* ---- the interface ---- */

static size_t eqs_size(const long *p)
{
	(void)p;
	return sizeof(eqs_stim);
}

static const char *eqs_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx, uint64_t seed,
			    char *err, size_t n)
{
	eqs_stim *s = st;
	s->L = L;
	eq_cfg_from_params(&s->c, p);
	s->S = eq_samples(&s->c);
	s->SB = eq_slot_bits(&s->c);
	memcpy(s->k, knobs, sizeof s->k);
	s->cs = case_idx;
	s->rng = wg_rng_seed(seed);
	s->r.hdir = 1;
	for (int w = 0; w < s->c.warps; w++)
		s->wperm[w] = (uint8_t)w;
	s->map_wcta = ~0u; /* no cached wslot_i yet */
	s->phase = case_idx < 0 ? (int)eqs_pick(s, NPHASE) : 0; /* random: the phase; directed: the script's step */
	s->prof = s->k[EK_PROFILE] == EP_PHASES ? phase_order[s->phase] : (int)eqs_pick(s, EP_NBASE);
	s->prof_ep = (int)s->k[EK_PHASE_EP];
	s->kauto = !s->k[EK_CTA_LIFE] && !s->k[EK_KCTAS];
	if (!s->k[EK_CTA_LIFE])
		s->k[EK_CTA_LIFE] = s->c.epoch > 150 ? 2L * s->c.epoch : 300; /* auto: >= an epoch on average */
	if (s->k[EK_RESET_PPM] < 0) /* auto: resets must not cut most long-epoch kernels short */
		s->k[EK_RESET_PPM] = s->c.epoch <= 1024 ? 20 : 20L * 1024 / s->c.epoch;
	env_reset(s);
	for (int e = 0; e < EQ_NEVENTS; e++)
		s->ev_first[e] = -1;
	return case_idx < 0 ? NULL : eqs_case_init(s, err, n);
}

/* The C model's state at the start of this cycle against the shadow's (the
 * model pointer is the eq_model: csim/equalizer_frame.c). Reported by check(). */
static void state_cmp(eqs_stim *s, const eq_model *m)
{
	eq_sample_counts c = eq_stats(m);
	const eqs_ref *r = &s->r;
	if (s->ferr[0])
		return;
	if (eq_cyc(m) != r->cyc || c.active != (unsigned long)r->act || c.waiting != (unsigned long)r->wt ||
	    c.xalu != (unsigned long)r->xa || c.xmem != (unsigned long)r->xm)
		snprintf(s->ferr, sizeof s->ferr,
			 "the C model's cyc_q %u, counters A %u WT %u XA %u XM %u; the contract gives %u, %ld %ld %ld %ld",
			 eq_cyc(m), c.active, c.waiting, c.xalu, c.xmem, r->cyc, r->act, r->wt, r->xa, r->xm);
	else if (eq_target(m) != r->t || eq_hyst_cnt(m) != r->hcnt || (r->hcnt && eq_hyst_dir(m) != r->hdir) ||
		 eq_req_pending(m) != r->rpend)
		snprintf(s->ferr, sizeof s->ferr,
			 "the C model's T %u, hysteresis %u x %+d, rpend_q %u; the contract gives %u, %u x %+d, %u",
			 eq_target(m), eq_hyst_cnt(m), eq_hyst_dir(m), eq_req_pending(m), r->t, r->hcnt, r->hdir, r->rpend);
}

static int eqs_next(void *st, const void *model, uint32_t *in, long cyc)
{
	eqs_stim *s = st;
	if (model && cyc > 0 && !s->cur.rst)
		state_cmp(s, model);
	memset(&s->cur, 0, sizeof s->cur);
	s->map_now = 0; /* s->cur.wslot is the cached map once eqs_gwde ran */
	s->cyc_now = cyc;
	if (s->cs < 0)
		random_next(s, cyc);
	else if (!wg_case_drive(&s->run, s, model, in, cyc)) /* the case fills s->cur */
		return 0;
	pack(s, in);
	return 1;
}

static void eqs_observe(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc)
{
	(void)model, (void)in;
	eqs_stim *s = st;
	int ep0 = s->ep;
	ref_step(s);
	if (s->cur.rst)
		return;
	if (get(s, out, EQ_CTA_REQ_O) && s->krun && s->gw_at < 0)
		s->gw_at = cyc + 1 + (s->cs < 0 ? eqs_pick(s, s->k[EK_GWDE_DELAY]) : 0);
	if (s->ep != ep0 && s->cs < 0 && s->k[EK_PROFILE] == EP_PHASES && --s->prof_ep <= 0) {
		s->phase = (s->phase + 1) % NPHASE;
		s->prof = phase_order[s->phase];
		s->prof_ep = (int)s->k[EK_PHASE_EP];
	}
}

static const char *eqs_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc, char *buf,
			     size_t n)
{
	eqs_stim *s = st;
	eqs_out o;
	const eqs_out *e = &s->exp;
	if (s->cur.rst) {
		s->obs_samples = 0, s->obs_dv = 1;
		return NULL;
	}
	EXPECT(!s->ferr[0], "cycle %ld: %s", cyc, s->ferr);
	unpack_out(s, out, &o);
	if (model)
		s->last_sums = eq_last_sums(model);
	if (o.dv) { /* exactly S samples, the last one in the epoch's last cycle */
		EXPECT(!s->obs_dv || (s->obs_samples == s->S && s->last_sample),
		       "cycle %ld: %ld sample_o cycles in the epoch that just ended (S = %d), its last cycle %s a sample",
		       cyc, s->obs_samples, s->S, s->last_sample ? "was" : "was not");
		s->obs_samples = 0;
		s->obs_dv = 1;
	}
	s->obs_samples += o.sample;
	s->last_sample = o.sample;
	if (s->cur.kstart)
		s->obs_samples = 0, s->obs_dv = 1;
	EXPECT(o.nb == e->nb, "cycle %ld: nblocks_o=%u, the contract gives T=%u", cyc, o.nb, e->nb);
	EXPECT(o.valid == e->valid && o.paused == e->paused,
	       "cycle %ld: cta_valid_o/cta_paused_o=%#x/%#x, the contract gives %#x/%#x", cyc, o.valid, o.paused, e->valid,
	       e->paused);
	EXPECT(o.wpause == e->wpause, "cycle %ld: wpause_o=%#llx, expected %#llx", cyc, (unsigned long long)o.wpause,
	       (unsigned long long)e->wpause);
	EXPECT(o.sample == e->sample, "cycle %ld: sample_o=%u, expected %u (cycle %u of the epoch)", cyc, o.sample,
	       e->sample, (s->r.cyc + (unsigned)s->c.epoch - 1) % (unsigned)s->c.epoch);
	EXPECT(o.dv == e->dv, "cycle %ld: dec_valid_o=%u, expected %u", cyc, o.dv, e->dv);
	EXPECT(o.delta == e->delta && o.vote == e->vote && o.vf == e->vf,
	       "cycle %ld: delta_o/vote_o/vf_o=%u/%u/%u, Alg. 1 on the driven warps gives %u/%u/%u", cyc, o.delta, o.vote,
	       o.vf, e->delta, e->vote, e->vf);
	EXPECT(o.req == e->req, "cycle %ld: cta_req_o=%u, the controller rule gives %u", cyc, o.req, e->req);
	EXPECT(o.ev == e->ev, "cycle %ld: ev_o=%#x, expected %#x", cyc, o.ev,
	       e->ev);
	if (s->cs < 0)
		return NULL;
	const char *msg = eqs_case_record(s, &o, cyc, buf, n);
	return msg ? msg : wg_case_check(&s->run, s, model, in, out, cyc, buf, n);
}

static const char *eqs_finish(void *st, long *key, char *buf, size_t n)
{
	eqs_stim *s = st;
	*key = 0; /* random stimulus marks no cycle */
	if (s->cs < 0 && getenv("EQ_STATS"))
		fprintf(stderr,
			"EQ_STATS lines: 8=%ld 11=%ld 13=%ld 15=%ld 18=%ld 22=%ld none=%ld no-kernel=%ld; T up %ld down %ld; "
			"pause %ld unpause %ld req %ld launch %ld done %ld; kernels %ld resets %ld; cycles %ld epochs %ld\n",
			s->nline[EL_8], s->nline[EL_11], s->nline[EL_13], s->nline[EL_15], s->nline[EL_18], s->nline[EL_22],
			s->nline[EL_NONE], s->nline[EL_NOK], s->tup, s->tdown, s->npause, s->nunpause, s->nreq, s->nlaunch,
			s->ndone, s->nkstart, s->nrst, s->cyc_now + 1, (s->cyc_now + 1) / s->c.epoch);
	if (s->cs >= 0) {
		const char *msg = wg_case_finish(&s->run, s, key, buf, n);
		if (*key < 0) /* a case that failed before its marker: cycle 0, as before the kit */
			*key = 0;
		return msg;
	}
	/* coverage floor (random mode with the auto kernel length): a run that
	 * decides too little, or a phases run that never moves T, checks little */
	long nep = (s->cyc_now + 1) / s->c.epoch, ndec = 0;
	for (int l = 0; l < EL_N; l++)
		ndec += s->nline[l];
	if (s->kauto) {
		EXPECT(nep < 8 || 3 * ndec >= nep,
		       "coverage floor: %ld cycles are %ld epochs but only %ld decisions were made (fewer than a third: "
		       "kernels too short or too many resets for EPOCH=%d; see CTA_LIFE, KCTAS, RESET_PPM)",
		       s->cyc_now + 1, nep, ndec, s->c.epoch);
		EXPECT(s->k[EK_PROFILE] != EP_PHASES || ndec < 12 || s->tup + s->tdown + s->npause > 0,
		       "coverage floor: PROFILE=phases made %ld decisions but numBlocks never changed and no CTA was "
		       "paused",
		       ndec);
	}
	return NULL;
}

static void eqs_cover(const void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
		      uint64_t *hits)
{
	(void)out;
	(void)cyc;
	eq_cover(((const eqs_stim *)st)->L, model, in, hits);
}

const wg_stim_def wg_stim_equalizer = {
	.block = &wg_block_equalizer,
	.knobs = eqs_knobs,
	.nknobs = EQS_NKNOBS,
	.cases = eqs_cases,
	.ncases = EQS_NCASES,
	.size = eqs_size,
	.init = eqs_init,
	.next = eqs_next,
	.observe = eqs_observe,
	.check = eqs_check,
	.finish = eqs_finish,
	.cov = eq_cov_points,
	.ncov = EQ_NCOV_POINTS,
	.cover = eqs_cover,
};
