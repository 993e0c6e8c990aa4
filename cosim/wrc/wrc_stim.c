/* wrc_stim.c - stimulus for Mascar's warp readiness checker `wrc`
 * (docs/wrc.md): a constrained-random abstract SM front end that keeps the
 * block's protocol, with knobs and checks of its own, the properties every
 * mode checks, and the stimulus definition. The named directed cases are in
 * wrc_stim_cases.c (state: wrc_stim.h); their runner is the kit's.
 *
 * Random mode. Every resident warp runs an abstract program: a head and a
 * next instruction (compute, memory, barrier, EXIT), each with an operand
 * delay; a load's consumer follows it after a few instructions and is not
 * ready (llp_i) while the load is outstanding. The views follow from it:
 * hold = the head at t+1, advance = the next instruction at t+1. A memory
 * issue enters an abstract LSU which, after 1..LSU_LAT cycles, is accepted
 * by the L1 (a hit or a miss the L1 takes) or refused and parked in a FIFO
 * of QCAP entries (the re-execution queue). A full queue does not stop the
 * LSU: new memory instructions still enter it and may be accepted. Only a
 * refused request that finds the queue full stalls it: the LSU holds that
 * request (lsu_rdy_i low, no request moves on) until an entry frees, and
 * parks it at the next edge with room. The queue's head replays every few
 * cycles and is ACKed in EP, when its warp is the owner, or on a hit, else
 * it rotates to the tail. The L1's MSHR and miss-queue occupancy drift
 * between a saturated and a free regime. The stimulus never reads the C
 * model: everything it needs comes from its own front end and from the
 * outputs (observe), so its checks are independent of the model. */
#include <stdio.h>
#include <string.h>

#include "wrc_cover.h"
#include "wrc_stim_cases.h"

/* ---- knobs of the random stream (enum in wrc_stim.h) ---- */
static const wg_param_def ws_knobs[WS_NKNOBS] = {
	[K_MEM_PCT] = {"MEM_PCT", 30, 0, 100, NULL, "% of instructions that go to the LSU (memory instructions)", "assumed"},
	[K_DEP_DIST] = {"DEP_DIST", 4, 1, 32, NULL, "a load's consumer follows it 1..DEP_DIST instructions later (llp_i)", "assumed"},
	[K_ILP] = {"ILP", 3, 0, 16, NULL, "an instruction waits 1..4 cycles for its operands with probability 1/(ILP+1)", "assumed"},
	[K_LL_LAT] = {"LL_LAT", 30, 1, 1000, NULL, "an accepted load's data returns 2..LL_LAT+1 cycles later", "assumed"},
	[K_LSU_LAT] = {"LSU_LAT", 3, 1, 64, NULL, "a request stays 1..LSU_LAT cycles in the LSU before it is accepted or parked", "assumed"},
	[K_NACK_PCT] = {"NACK_PCT", 70, 0, 100, NULL, "MP: % of a non-owner's requests that miss and are parked in the queue", "assumed"},
	[K_PARK_PCT] = {"PARK_PCT", 5, 0, 100, NULL, "% of any request parked for a resource stall", "assumed"},
	[K_REPLAY_PCT] = {"REPLAY_PCT", 50, 0, 100, NULL, "% of cycles the queue's head replays (ACK or NACK and rotate)", "assumed"},
	[K_HIT_PCT] = {"HIT_PCT", 20, 0, 100, NULL, "% of non-owner replays in MP that hit and are ACKed", "assumed"},
	[K_QCAP] = {"QCAP", 4, 1, 64, NULL, "re-execution queue entries: a refused request that finds them all in use stalls the LSU (lsu_rdy_i low) until one frees", "assumed"},
	[K_LSU_BUSY_PCT] = {"LSU_BUSY_PCT", 10, 0, 100, NULL, "% of cycles lsu_rdy_i is low", "assumed"},
	[K_SAT_PCT] = {"SAT_PCT", 50, 0, 100, NULL, "% of L1 occupancy regimes that are saturated (MSHRs, miss queue or both)", "assumed"},
	[K_DRIFT] = {"DRIFT", 25, 1, 100000, NULL, "mean length of an L1 occupancy regime in cycles", "assumed"},
	[K_SATEXT_PM] = {"SATEXT_PM", 2, 0, 1000, NULL, "per-mille of cycles a 1..8-cycle sat_ext_i burst starts", "assumed"},
	[K_BAR_PM] = {"BAR_PM", 10, 0, 1000, NULL, "per-mille of instructions that are barriers", "assumed"},
	[K_GROUP] = {"GROUP", 4, 1, 64, NULL, "warps per barrier group (CTA)", "assumed"},
	[K_INSTR] = {"INSTR", 300, 1, 1000000, NULL, "a warp runs 1..INSTR instructions, then EXIT and relaunch", "assumed"},
	[K_LAUNCH_PCT] = {"LAUNCH_PCT", 5, 0, 100, NULL, "% per cycle that a non-resident warp is launched", "assumed"},
	[K_RESET_PPM] = {"RESET_PPM", 20, 0, 1000000, NULL, "per-million of cycles with a mid-run reset", "assumed"},
};

/* n <= 1 draws nothing */
static long pick(ws_stim *s, long n) { return n <= 1 ? 0 : wg_pick(&s->rng, n); }
static int pct(ws_stim *s, long p) { return wg_pct(&s->rng, p); }

static void read_out(const ws_stim *s, const uint32_t *out, ws_obs *o)
{
	const wg_layout *L = s->L;
	uint64_t v = wg_port_get(L, out, WRC_ISS_VALID_O), wv = wg_port_get(L, out, WRC_ISS_WARP_O);
	uint64_t mv = wg_port_get(L, out, WRC_ISS_MEM_O);
	memset(o, 0, sizeof *o);
	o->memw = -1;
	for (int i = 0; i < s->S; i++) {
		o->iv[i] = (int)((v >> i) & 1u);
		o->iw[i] = (int)((wv >> (i * s->wb)) & wg_ones64(s->wb));
		o->im[i] = (int)((mv >> i) & 1u);
		if (o->iv[i])
			o->issued |= B(o->iw[i]);
		if (o->im[i]) {
			o->nmem++;
			o->memw = o->iw[i];
		}
	}
	o->own = (unsigned)wg_port_get(L, out, WRC_OWNER_O);
	o->mode = (int)wg_port_get(L, out, WRC_MODE_O);
	o->sat = (int)wg_port_get(L, out, WRC_SAT_O);
	o->wmem = wg_port_get(L, out, WRC_WST_MEM_O);
	o->wstall = wg_port_get(L, out, WRC_WST_STALL_O);
	o->pre = wg_port_get(L, out, WRC_PRE_O);
	o->res = wg_port_get(L, out, WRC_RESIDENT_O);
}

/* ---- random: programs ---- */

static ws_ins draw(ws_stim *s, ws_warp *p)
{
	ws_ins r = {0, 0, 0};
	if (p->left <= 0) {
		r.k = I_EXIT;
	} else {
		p->left--;
		if (pick(s, 1000) < s->k[K_BAR_PM])
			r.k = I_BAR;
		else if (pct(s, s->k[K_MEM_PCT]))
			r.k = I_MEM;
	}
	if (p->cdown > 0 && --p->cdown == 0)
		r.dep = 1;
	if (r.k == I_MEM)
		p->cdown = 1 + (int)pick(s, s->k[K_DEP_DIST]);
	r.d = pick(s, s->k[K_ILP] + 1) == 0 ? (uint8_t)(1 + pick(s, 4)) : 0;
	return r;
}

/* A warp is launched at cycle t's edge: a fresh program. */
static void prog_start(ws_stim *s, int w, long t)
{
	ws_warp *p = &s->w[w];
	memset(p, 0, sizeof *p);
	p->st = S_RUN;
	p->left = 1 + pick(s, s->k[K_INSTR]);
	p->h = draw(s, p);
	p->n = draw(s, p);
	p->rdy_at = t + 1 + p->h.d;
}

/* Loads of warp w outstanding at cycle c (after the LSU events decided so far). */
static int outst(const ws_warp *p, long c) { return p->inlsu || p->inq || c < p->ld_until; }

static void front_reset(ws_stim *s)
{
	memset(s->w, 0, sizeof s->w);
	s->qh = s->qn = 0;
	s->held = -1;
	s->ob_own = s->none;
	s->ob_sat = 0;
}

static void q_push(ws_stim *s, int w)
{
	s->q[(s->qh + s->qn) % NW] = w;
	s->qn++;
}

static int q_pop(ws_stim *s)
{
	int w = s->q[s->qh];
	s->qh = (s->qh + 1) % NW;
	s->qn--;
	return w;
}

/* Barrier groups whose resident, unfinished warps have all arrived move on. */
static void barriers(ws_stim *s)
{
	long g = s->k[K_GROUP];
	for (long g0 = 0; g0 < s->W; g0 += g) {
		int any = 0, all = 1;
		for (long w = g0; w < g0 + g && w < s->W; w++) {
			if (s->w[w].st == S_BAR)
				any = 1;
			else if (s->w[w].st == S_RUN)
				all = 0;
		}
		if (any && all)
			for (long w = g0; w < g0 + g && w < s->W; w++)
				if (s->w[w].st == S_BAR)
					s->w[w].st = S_RUN;
	}
}

/* The L1's occupancy: a regime (saturated or free) drifts toward its targets. */
static void l1_drift(ws_stim *s, uint32_t *in)
{
	long thm = s->M - s->mm, thq = s->Q - s->mq;
	if (pick(s, s->k[K_DRIFT]) == 0) {
		if (pct(s, s->k[K_SAT_PCT])) {
			long which = pick(s, 3); /* MSHRs, miss queue or both */
			s->tm = which != 1 ? thm + pick(s, s->M - thm + 1) : pick(s, thm);
			s->tq = which != 0 ? thq + pick(s, s->Q - thq + 1) : pick(s, thq);
		} else {
			s->tm = pick(s, thm);
			s->tq = pick(s, thq);
		}
	}
	if (s->mshr != s->tm && pick(s, 3))
		s->mshr += s->mshr < s->tm ? 1 + pick(s, 1 + (s->tm - s->mshr) / 2) : -(1 + pick(s, 1 + (s->mshr - s->tm) / 2));
	if (s->mqv != s->tq && pick(s, 2))
		s->mqv += s->mqv < s->tq ? 1 : -1;
	if (s->ext_left > 0)
		s->ext_left--;
	else if (pick(s, 1000) < s->k[K_SATEXT_PM])
		s->ext_left = 1 + (int)pick(s, 8);
	wg_port_put(s->L, in, WRC_MSHR_USED_I, (uint64_t)s->mshr);
	wg_port_put(s->L, in, WRC_MQ_USED_I, (uint64_t)s->mqv);
	wg_port_put(s->L, in, WRC_SAT_EXT_I, s->ext_left > 0);
}

static int random_next(ws_stim *s, uint32_t *in, long t)
{
	s->in_rst = t < 2 || pick(s, 1000000) < s->k[K_RESET_PPM];
	if (s->in_rst) {
		wg_port_put(s->L, in, WRC_RST_I, 1);
		front_reset(s);
		s->last_iss = t;
		l1_drift(s, in);
		return 1;
	}
	uint64_t launch = 0, exitm = 0, llp = 0, bar = 0, pend = 0, rqh = 0;
	uint64_t hv = 0, hm = 0, hr = 0, av = 0, am = 0, ar = 0;
	barriers(s);
	/* this cycle: the heads' readiness and llp_i, before the edge's LSU events */
	s->rdy_now = 0;
	for (int w = 0; w < s->W; w++) {
		ws_warp *p = &s->w[w];
		if (p->st == S_RUN) {
			int o = outst(p, t);
			if (p->h.dep && o)
				llp |= B(w);
			if (t >= p->rdy_at && !(p->h.dep && o))
				s->rdy_now |= B(w);
		}
		if (p->st == S_BAR)
			bar |= B(w);
		if (p->inq)
			rqh |= B(w);
	}
	s->qv_now = s->qn > 0;
	s->qw_now = s->qn > 0 ? s->q[s->qh] : 0;
	wg_port_put(s->L, in, WRC_RQ_HEAD_VALID_I, (uint64_t)s->qv_now);
	wg_port_put(s->L, in, WRC_RQ_HEAD_WARP_I, (uint64_t)s->qw_now);
	/* the LSU is stalled this cycle while it holds a refused request */
	int stalled = s->held >= 0;
	wg_port_put(s->L, in, WRC_LSU_RDY_I, !stalled && !pct(s, s->k[K_LSU_BUSY_PCT]));
	/* the LSU at this edge: accepted, parked in the queue, held, or still there */
	for (int w = 0; w < s->W; w++) {
		ws_warp *p = &s->w[w];
		if (!p->inlsu)
			continue;
		pend |= B(w); /* still in the LSU, or being parked at this edge */
		if (stalled) { /* nothing moves on but the held request, parked when an entry is free */
			if (w == s->held && s->qn < s->k[K_QCAP]) {
				p->inlsu = 0;
				p->inq = 1;
				q_push(s, w);
				s->held = -1;
			}
			continue;
		}
		if (p->lsu_at > t || s->held >= 0)
			continue; /* not yet done, or behind a request held at this edge */
		int nack = s->ob_sat == WRC_MP && s->ob_own != (unsigned)w && pct(s, s->k[K_NACK_PCT]);
		if (!nack && !pct(s, s->k[K_PARK_PCT])) {
			p->inlsu = 0; /* accepted: a hit, or a miss the L1 takes */
			pend &= ~B(w);
			p->ld_until = t + 2 + pick(s, s->k[K_LL_LAT]);
		} else if (s->qn < s->k[K_QCAP]) {
			p->inlsu = 0; /* refused: parked */
			p->inq = 1;
			q_push(s, w);
		} else {
			s->held = w; /* refused, the queue full: the LSU stalls holding it */
		}
	}
	/* exits (once nothing is left in the LSU or the queue) and launches */
	for (int w = 0; w < s->W; w++) {
		ws_warp *p = &s->w[w];
		if (p->st == S_DONE && !p->inlsu && !p->inq) {
			exitm |= B(w);
			p->st = S_OFF;
		} else if (p->st == S_OFF && !(exitm & B(w)) && pct(s, s->k[K_LAUNCH_PCT])) {
			launch |= B(w);
			prog_start(s, w, t);
		}
	}
	/* the views for t+1 */
	for (int w = 0; w < s->W; w++) {
		ws_warp *p = &s->w[w];
		if (p->st != S_RUN)
			continue;
		int o1 = outst(p, t + 1);
		hv |= B(w);
		if (p->h.k == I_MEM)
			hm |= B(w);
		if (t + 1 >= p->rdy_at && !(p->h.dep && o1))
			hr |= B(w);
		if (p->h.k == I_BAR || p->h.k == I_EXIT)
			continue; /* after it the warp is blocked or done */
		av |= B(w);
		if (p->n.k == I_MEM)
			am |= B(w);
		if (p->n.d == 0 && !(p->n.dep && (o1 || p->h.k == I_MEM)))
			ar |= B(w);
	}
	wg_port_put(s->L, in, WRC_LAUNCH_I, launch);
	wg_port_put(s->L, in, WRC_EXIT_I, exitm);
	wg_port_put(s->L, in, WRC_HD_VALID_I, hv);
	wg_port_put(s->L, in, WRC_HD_MEM_I, hm);
	wg_port_put(s->L, in, WRC_HD_RDY_I, hr);
	wg_port_put(s->L, in, WRC_AD_VALID_I, av);
	wg_port_put(s->L, in, WRC_AD_MEM_I, am);
	wg_port_put(s->L, in, WRC_AD_RDY_I, ar);
	wg_port_put(s->L, in, WRC_LLP_I, llp);
	wg_port_put(s->L, in, WRC_BAR_I, bar);
	wg_port_put(s->L, in, WRC_LSU_PEND_I, pend);
	wg_port_put(s->L, in, WRC_RQ_HAS_I, rqh);
	l1_drift(s, in);
	return 1;
}

/* What the block did moves the front end on. */
static void random_observe(ws_stim *s, const ws_obs *o, long t)
{
	for (int i = 0; i < s->S; i++) {
		if (!o->iv[i])
			continue;
		int w = o->iw[i];
		ws_warp *p = &s->w[w];
		if (w >= s->W || p->st != S_RUN || !(s->rdy_now & B(w)) || o->im[i] != (p->h.k == I_MEM)) {
			if (!s->ferr[0])
				snprintf(s->ferr, sizeof s->ferr,
					 "scheduler %d issued warp %d (mem=%d) whose head is not ready in the front end "
					 "(state %d, ready %d, head kind %d)",
					 i, w, o->im[i], w < s->W ? p->st : -1, (int)((s->rdy_now >> w) & 1u),
					 w < s->W ? p->h.k : -1);
			continue;
		}
		if (p->h.k == I_MEM) {
			p->inlsu = 1;
			p->lsu_at = t + 1 + pick(s, s->k[K_LSU_LAT]);
		} else if (p->h.k == I_BAR) {
			p->st = S_BAR;
		} else if (p->h.k == I_EXIT) {
			p->st = S_DONE;
		}
		p->h = p->n;
		p->n = draw(s, p);
		p->rdy_at = t + 1 + p->h.d;
		s->last_iss = t;
	}
	/* the queue's head replays: ACK (EP, the owner's, or a hit) or NACK and rotate */
	if (s->qv_now && pct(s, s->k[K_REPLAY_PCT])) {
		int w = q_pop(s);
		if (o->mode == WRC_EP || o->own == (unsigned)w || pct(s, s->k[K_HIT_PCT])) {
			s->w[w].inq = 0;
			s->w[w].ld_until = t + 2 + pick(s, s->k[K_LL_LAT]);
		} else {
			q_push(s, w);
		}
	}
	s->ob_own = o->own;
	s->ob_sat = (unsigned)o->sat;
}

static void ws_observe(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc)
{
	(void)model;
	(void)in;
	ws_stim *s = st;
	ws_obs o;
	if (s->in_rst)
		return;
	read_out(s, out, &o);
	if (s->cs < 0)
		random_observe(s, &o, cyc);
	else
		ws_case_observe(s, &o);
}

/* ---- checks that hold in every mode (docs/wrc.md, independent of the model) ---- */

static const char *props(ws_stim *s, const uint32_t *in, const ws_obs *o, long cyc, char *buf, size_t n)
{
	const wg_layout *L = s->L;
	uint64_t pend = wg_port_get(L, in, WRC_LSU_PEND_I), rqh = wg_port_get(L, in, WRC_RQ_HAS_I);
	int lsu_free = (int)wg_port_get(L, in, WRC_LSU_RDY_I);
	unsigned mshr = (unsigned)wg_port_get(L, in, WRC_MSHR_USED_I), mq = (unsigned)wg_port_get(L, in, WRC_MQ_USED_I);
	unsigned ext = (unsigned)wg_port_get(L, in, WRC_SAT_EXT_I);

	EXPECT(o->nmem <= 1, "cycle %ld: %d memory issues in one cycle (one LSU port, A-MA-4)", cyc, o->nmem);
	for (int i = 0; i < s->S; i++) {
		if (!o->iv[i]) {
			EXPECT(!o->iw[i] && !o->im[i], "cycle %ld: scheduler %d: iss_warp/iss_mem not zero without iss_valid", cyc, i);
			continue;
		}
		int w = o->iw[i];
		EXPECT(w < s->W && w % s->S == i, "cycle %ld: scheduler %d issued warp %d, not one of its set", cyc, i, w);
		EXPECT((o->res & B(w)) && !(o->wstall & B(w)),
		       "cycle %ld: warp %d issued while not resident or stalled in the WST", cyc, w);
		EXPECT(o->im[i] == (int)((o->wmem >> w) & 1u), "cycle %ld: warp %d: iss_mem_o differs from its WST mem bit", cyc, w);
	}
	if (o->memw >= 0) {
		int w = o->memw;
		EXPECT(lsu_free, "cycle %ld: warp %d issued memory while lsu_rdy_i is low", cyc, w);
		EXPECT(!((pend | rqh) & B(w)),
		       "cycle %ld: warp %d issued memory with a request in the LSU or the queue (A-MA-7)", cyc, w);
		EXPECT(!(o->mode == WRC_MP && o->own != s->none && o->own != (unsigned)w && !(o->pre & B(w))),
		       "cycle %ld: MP with owner %u: warp %d (not admitted, pre_o=0) issued memory", cyc, o->own, w);
	}
	EXPECT(!(o->mode == WRC_EP && o->own != s->none), "cycle %ld: owner_o=%u in EP (must be NONE)", cyc, o->own);
	EXPECT(o->own == s->none || (o->own < (unsigned)s->W && (o->res & B(o->own))),
	       "cycle %ld: owner_o=%u is not a resident warp", cyc, o->own);
	EXPECT(!(o->mode == WRC_EP && o->pre), "cycle %ld: pre_o set in EP", cyc);
	EXPECT(!(o->pre & ~o->res), "cycle %ld: pre_o set for a non-resident warp", cyc);
	/* the flag and hysteresis */
	long thm = s->M - s->mm, thq = s->Q - s->mq;
	int on = (long)mshr >= thm || (long)mq >= thq || ext;
	int off = (long)mshr < thm - s->hyst && (long)mq < thq - s->hyst && !ext;
	int sat = on ? 1 : off ? 0 : o->mode;
	EXPECT(o->sat == sat, "cycle %ld: sat_o=%d, the flag (mshr %u, mq %u, ext %u, mode %d) gives %d", cyc, o->sat, mshr,
	       mq, ext, o->mode, sat);
	if (s->prev_ok) {
		EXPECT(o->mode == s->prev.sat, "cycle %ld: mode_o=%d does not follow last cycle's sat_o=%d", cyc, o->mode,
		       s->prev.sat);
	} else {
		EXPECT(o->mode == WRC_EP && o->own == s->none && !o->pre, "cycle %ld: after reset: not EP without owner", cyc);
	}
	return NULL;
}

/* The watchdog: no issue for this long while a warp is running. */
#define WATCHDOG 5000

static const char *ws_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc, char *buf,
			    size_t n)
{
	ws_stim *s = st;
	ws_obs o;
	const char *e = NULL;
	if (s->in_rst) {
		s->prev_ok = 0;
		return NULL;
	}
	read_out(s, out, &o);
	e = props(s, in, &o, cyc, buf, n);
	if (!e && s->cs < 0) {
		EXPECT(!s->ferr[0], "cycle %ld: %s", cyc, s->ferr);
		int running = 0;
		for (int w = 0; w < s->W; w++)
			running |= s->w[w].st == S_RUN;
		if (!running)
			s->last_iss = cyc;
		EXPECT(cyc - s->last_iss <= WATCHDOG, "cycle %ld: no issue for %d cycles while warps are running (liveness)",
		       cyc, WATCHDOG);
	}
	if (!e && s->cs >= 0) {
		s->cur = o;
		e = wg_case_check(&s->run, s, model, in, out, cyc, buf, n);
	}
	s->prev = o;
	s->prev_ok = 1;
	return e;
}

static const char *ws_finish(void *st, long *key, char *buf, size_t n)
{
	ws_stim *s = st;
	*key = 2; /* the first cycle after reset, unless a case marks one */
	if (s->cs < 0)
		return NULL;
	const char *e = wg_case_finish(&s->run, s, key, buf, n);
	if (*key < 0)
		*key = 2;
	return e;
}

/* ---- the interface ---- */
static size_t ws_size(const long *p)
{
	(void)p;
	return sizeof(ws_stim);
}

static const char *ws_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx, uint64_t seed,
			   char *err, size_t n)
{
	ws_stim *s = st;
	s->L = L;
	s->W = p[WRC_P_WARPS];
	s->S = p[WRC_P_SCHEDULERS];
	s->M = p[WRC_P_MSHRS];
	s->Q = p[WRC_P_MISSQ];
	s->mm = p[WRC_P_SAT_MARGIN_MSHR];
	s->mq = p[WRC_P_SAT_MARGIN_MQ];
	s->hyst = p[WRC_P_SAT_HYST];
	s->wb = (int)wg_idxw((unsigned long)s->W);
	s->none = (unsigned)wg_ones64((long)wg_idxw((unsigned long)s->W + 1));
	s->wmask = wg_ones64(s->W);
	memcpy(s->k, knobs, sizeof s->k);
	s->cs = case_idx;
	s->rng = wg_rng_seed(seed);
	front_reset(s);
	return case_idx < 0 ? NULL : ws_case_setup(s, err, n);
}

static int ws_next(void *st, const void *model, uint32_t *in, long cyc)
{
	ws_stim *s = st;
	if (s->cs < 0)
		return random_next(s, in, cyc);
	s->in_rst = 0; /* the case's prologue sets it in its reset cycles */
	return wg_case_drive(&s->run, s, model, in, cyc);
}

static void ws_cover(const void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
		     uint64_t *hits)
{
	(void)cyc;
	wrc_cover(st, model, in, out, hits);
}

const wg_stim_def wg_stim_wrc = {
	.block = &wg_block_wrc,
	.knobs = ws_knobs,
	.nknobs = WS_NKNOBS,
	.cases = ws_cases,
	.ncases = WS_NCASES,
	.size = ws_size,
	.init = ws_init,
	.next = ws_next,
	.observe = ws_observe,
	.check = ws_check,
	.finish = ws_finish,
	.cov = wrc_cov_points,
	.ncov = WRC_NCOV_POINTS,
	.cover = ws_cover,
};
