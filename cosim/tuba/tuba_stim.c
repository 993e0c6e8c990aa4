/* tuba_stim.c - stimulus for TUBA's per-SM block limit (docs/tuba.md): a
 * constrained-random stream inside the page's protocol, and a monitor that
 * checks every cycle of every run (random or directed) against the page.
 *
 * The environment: an SM with res resident blocks. A kernel starts now and
 * then (start_i, occ_i uniform in 1..MAX_BLOCKS; blocks still resident stay:
 * no preemption, so a restart with a smaller occupancy leaves more resident
 * blocks than the limit); a resident block completes with DONE_PCT %
 * probability a cycle (done_i, res_i = the blocks after it; one start in
 * four comes with a completion, when a block is resident); the dispatcher
 * places a new block with DISPATCH_PCT % probability when accept_o says it
 * may (read from the C model's outputs of the cycle: the block is resident
 * from the next cycle), so res_i never passes MAX_BLOCKS. free_i is drawn
 * every cycle: NEAR_PCT % of the time within 2 of one of the two thresholds
 * (the last count that lowers, ceil(DW_PCT TFET_REGS / 100) - 1, and the
 * first that raises, floor(UP_PCT TFET_REGS / 100) + 1), else uniform in
 * 0..TFET_REGS; each kernel draws a pressure (which threshold the near
 * draws favour: 15, 50 or 85 % the upper one), so the limit walks down to
 * the floor and up to the cap in runs. occ_i carries random bits when
 * start_i is 0 and done_i pulses in the periodic modes are ignored by the
 * block. Mid-run resets at RESET_PPM per million cycles, with random
 * start_i, occ_i, done_i and free_i in them (any bits: the protocol does
 * not hold in a reset cycle): the block forgets the kernel, the SM's
 * resident blocks stay and still complete (done_i while lim_q = 0).
 *
 * The monitor keeps lim_q, cap_q and pc_q from the driven inputs alone,
 * from the first reset on, with the thresholds written as counts of free
 * registers (free_i <= the last lowering count, >= the first raising one)
 * rather than the page's products; it checks lim_o, accept_o and each bit
 * of ev_o every cycle, and records what it saw (the floor, the cap, a
 * decrement, an increment, the hysteresis band, a restart, a start in an
 * evaluation's cycle, more resident blocks than the limit) for the COVER
 * knob. It never reads the C model.
 *
 * The directed cases are in tuba_cases.c. */
#include <stdio.h>
#include <string.h>

#include "tuba.h"
#include "tuba_cover.h"
#include "tuba_stim.h"
#include "wg_bits.h"
#include "wg_kit.h"

static const wg_param_def tbs_knobs[TBS_NKNOBS] = {
	[K_START_PPM] = {"START_PPM", 1000, 0, 1000000, NULL,
		"per million cycles: a kernel starts (keep it below 1e6 / EVAL_PERIOD for periodic evaluations)",
		"assumed"},
	[K_DONE_PCT] = {"DONE_PCT", 5, 0, 100, NULL, "% of cycles a resident block completes", "assumed"},
	[K_DISPATCH_PCT] = {"DISPATCH_PCT", 50, 0, 100, NULL,
		"% of cycles a new block is dispatched when accept_o allows it", "assumed"},
	[K_NEAR_PCT] = {"NEAR_PCT", 80, 0, 100, NULL, "% of cycles free_i is within 2 of a threshold", "assumed"},
	[K_RESET_PPM] = {"RESET_PPM", 50, 0, 1000000, NULL, "per million cycles: a mid-run reset", "assumed"},
	[K_COVER] = {"COVER", 0, 0, 1, NULL,
		"1: fail at the end unless the floor, the cap, a decrement, an increment, the hysteresis band, a restart, "
		"a start in an evaluation's cycle (EVAL_PERIOD <= 1) and more resident blocks than the limit were seen "
		"(those the configuration can reach)",
		"assumed"},
	[K_OCC_MAX_PCT] = {"OCC_MAX_PCT", 0, 0, 100, NULL,
		"% of kernel starts whose occupancy is MAX_BLOCKS (the rest uniform in 1..MAX_BLOCKS; 0 draws nothing "
		"extra): a full SM of MAX_BLOCKS resident blocks, the top bit of res_i at MAX_BLOCKS = 2^k",
		"assumed"},
};

static const char *const cov_names[TBS_NCOV] = {
	[COV_DEC] = "a decrement",
	[COV_INC] = "an increment",
	[COV_FLOOR] = "a low evaluation at the floor of 1",
	[COV_CAP] = "a high evaluation at the kernel's cap",
	[COV_BAND] = "an evaluation in the hysteresis band",
	[COV_RESTART] = "a kernel start while a kernel runs",
	[COV_OVER] = "more resident blocks than the limit",
	[COV_START_EV] = "a kernel start in an evaluation's cycle",
};

/* ---- frames ---- */

void tbs_put(const tbs_stim *s, uint32_t *in, int start, long occ, int done, long free_regs, long res)
{
	wg_port_put(s->L, in, TB_START_I, (uint64_t)start);
	wg_port_put(s->L, in, TB_OCC_I, (uint64_t)occ);
	wg_port_put(s->L, in, TB_DONE_I, (uint64_t)done);
	wg_port_put(s->L, in, TB_FREE_I, (uint64_t)free_regs);
	wg_port_put(s->L, in, TB_RES_I, (uint64_t)res);
}

static void tbs_observe_out(const tbs_stim *s, const uint32_t *out, tbs_obs *o)
{
	uint64_t ev = wg_port_get(s->L, out, TB_EV_O);
	o->lim = (unsigned)wg_port_get(s->L, out, TB_LIM_O);
	o->accept = (unsigned)wg_port_get(s->L, out, TB_ACCEPT_O);
	for (int e = 0; e < TB_NEVENTS; e++)
		o->ev[e] = (unsigned)((ev >> s->L->ev_lsb[e]) & 1u);
}

/* ---- the monitor ---- */

static unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }

static const char *mon_cycle(tbs_stim *s, const uint32_t *in, long cyc, char *buf, size_t n)
{
	tbs_mon *m = &s->m;
	const tbs_obs *o = &s->o;
	const wg_layout *L = s->L;
	unsigned P = (unsigned)s->cfg.eval_period, M = (unsigned)s->cfg.max_blocks;
	unsigned rst = (unsigned)wg_port_get(L, in, TB_RST_I), start = (unsigned)wg_port_get(L, in, TB_START_I);
	unsigned occ = (unsigned)wg_port_get(L, in, TB_OCC_I), done = (unsigned)wg_port_get(L, in, TB_DONE_I);
	long fr = (long)wg_port_get(L, in, TB_FREE_I);
	unsigned res = (unsigned)wg_port_get(L, in, TB_RES_I);

	if (!m->known) { /* before the first reset the state is unknown: nothing to compare */
		if (rst)
			m->known = 1, m->lim = m->cap = m->pc = 0;
		return NULL;
	}
	EXPECT(o->lim == m->lim, "cycle %ld: lim_o = %u, the page gives %u (cap %u)", cyc, o->lim, m->lim, m->cap);
	EXPECT(m->lim == 0 || (m->lim >= 1 && m->lim <= m->cap && m->cap <= M),
	       "cycle %ld: the rebuilt limit %u is outside 1..cap %u (MAX_BLOCKS %u)", cyc, m->lim, m->cap, M);

	/* the evaluation: its instant, and the two thresholds as counts of free registers */
	unsigned tick = P == 0 ? done : P == 1 ? 1u : m->pc == P - 1u;
	unsigned ev = tick && m->lim != 0 && !start && !rst;
	unsigned lo = fr <= s->lo_edge, hi = fr >= s->hi_edge;
	unsigned occ_cap = umin(M, occ), lim_n = m->lim;
	if (start)
		lim_n = occ_cap;
	else if (ev && lo)
		lim_n = m->lim > 1 ? m->lim - 1 : 1;
	else if (ev && hi)
		lim_n = umin(m->cap, m->lim + 1);
	unsigned dec = ev && lim_n < m->lim, inc = ev && lim_n > m->lim;
	EXPECT(o->accept == (res < lim_n), "cycle %ld: accept_o = %u with res_i = %u and the limit after this cycle's "
	       "update %u (lim_q %u%s)", cyc, o->accept, res, lim_n, m->lim, start ? ", start_i" : ev ? ", evaluated" : "");
	EXPECT(o->ev[TB_EV_EVAL] == ev, "cycle %ld: eval = %u, the page gives %u (%s, lim_q %u, pc_q %u%s%s)", cyc,
	       o->ev[TB_EV_EVAL], ev, P == 0 ? (done ? "done_i" : "no completion") : "periodic", m->lim, m->pc,
	       start ? ", start_i" : "", rst ? ", rst_i" : "");
	EXPECT(o->ev[TB_EV_DEC] == dec, "cycle %ld: dec = %u, the page gives %u (free_i %ld, lowering at <= %ld, lim_q %u)",
	       cyc, o->ev[TB_EV_DEC], dec, fr, s->lo_edge, m->lim);
	EXPECT(o->ev[TB_EV_INC] == inc,
	       "cycle %ld: inc = %u, the page gives %u (free_i %ld, raising at >= %ld, lim_q %u, cap_q %u)", cyc,
	       o->ev[TB_EV_INC], inc, fr, s->hi_edge, m->lim, m->cap);

	/* what was seen */
	if (!rst) {
		m->evals += ev;
		m->seen |= (unsigned)dec << COV_DEC | (unsigned)inc << COV_INC;
		m->seen |= (unsigned)(ev && lo && m->lim == 1) << COV_FLOOR;
		m->seen |= (unsigned)(ev && hi && m->lim == m->cap) << COV_CAP;
		m->seen |= (unsigned)(ev && !lo && !hi) << COV_BAND;
		m->seen |= (unsigned)(start && m->lim != 0) << COV_RESTART;
		m->seen |= (unsigned)(lim_n != 0 && res > lim_n) << COV_OVER;
		m->seen |= (unsigned)(start && tick && m->lim != 0) << COV_START_EV;
	}

	/* the edge */
	if (rst) {
		m->lim = m->cap = m->pc = 0;
		return NULL;
	}
	m->lim = lim_n;
	if (start)
		m->cap = occ_cap;
	m->pc = P <= 1 || start || m->pc == P - 1u ? 0 : m->pc + 1;
	return NULL;
}

/* ---- the random stream ---- */

/* free_i: near a threshold (the upper one with the kernel's pressure), or uniform; in 0..TFET_REGS. */
static long pick_free(tbs_stim *s, long hi_pct)
{
	long T = s->cfg.tfet_regs, f;
	if (wg_pct(&s->rng, s->k[K_NEAR_PCT]))
		f = (wg_pct(&s->rng, hi_pct) ? s->hi_edge : s->lo_edge) - 2 + wg_pick(&s->rng, 5);
	else
		f = wg_pick(&s->rng, T + 1);
	return f < 0 ? 0 : f > T ? T : f;
}

static const long pressure[3] = {15, 50, 85}; /* % of near draws at the upper threshold */

static int random_next(tbs_stim *s, uint32_t *in, long cyc)
{
	long M = s->cfg.max_blocks;
	s->in_rst = cyc < 2 || wg_pick(&s->rng, 1000000) < s->k[K_RESET_PPM];
	if (s->in_rst) { /* any inputs: the reset wins over them at the edge */
		wg_port_put(s->L, in, TB_RST_I, 1);
		tbs_put(s, in, (int)wg_pick(&s->rng, 2), (long)wg_rng_next(&s->rng), (int)wg_pick(&s->rng, 2),
			(long)wg_rng_next(&s->rng), s->res);
		return 1;
	}
	int start = wg_pick(&s->rng, 1000000) < s->k[K_START_PPM];
	int done = s->res > 0 && wg_pct(&s->rng, s->k[K_DONE_PCT]);
	if (start) {
		s->hi_pct = pressure[wg_pick(&s->rng, 3)];
		done |= s->res > 0 && wg_pct(&s->rng, 25); /* a start in a completion's cycle: the start wins */
	}
	if (s->cfg.eval_period != 0 && !done && wg_pct(&s->rng, 5))
		done = 1; /* ignored in the periodic modes; res stays (no block completes) */
	else if (done)
		s->res--;
	long occ = start ? 1 + wg_pick(&s->rng, M) : (long)wg_rng_next(&s->rng);
	if (start && s->k[K_OCC_MAX_PCT] > 0 && wg_pct(&s->rng, s->k[K_OCC_MAX_PCT]))
		occ = M; /* a biased start: the largest occupancy */
	tbs_put(s, in, start, occ, done, pick_free(s, s->hi_pct), s->res);
	return 1;
}

/* The dispatcher: a new block when accept_o allows it (resident next cycle). */
static void tbs_observe(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc)
{
	(void)model;
	(void)in;
	(void)cyc;
	tbs_stim *s = st;
	if (s->cs >= 0 || s->in_rst)
		return;
	if (wg_port_get(s->L, out, TB_ACCEPT_O) && wg_pct(&s->rng, s->k[K_DISPATCH_PCT]))
		s->res++;
}

/* ---- the interface ---- */

#define PROLOGUE 2 /* reset cycles before a case's t = 0 */

static void tbs_prologue(void *st, uint32_t *in, long cyc)
{
	(void)cyc;
	tbs_stim *s = st;
	wg_port_put(s->L, in, TB_RST_I, 1);
}

static size_t tbs_size(const long *p)
{
	(void)p;
	return sizeof(tbs_stim);
}

static const char *tbs_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx,
			    uint64_t seed, char *err, size_t n)
{
	tbs_stim *s = st;
	s->L = L;
	tb_cfg_from_params(&s->cfg, p);
	memcpy(s->k, knobs, sizeof s->k);
	s->cs = case_idx;
	s->rng = wg_rng_seed(seed);
	long T = s->cfg.tfet_regs;
	/* 100 f < DW T  <=>  f <= ceil(DW T / 100) - 1;  100 f > UP T  <=>  f >= floor(UP T / 100) + 1 */
	s->lo_edge = (s->cfg.dw_pct * T + 99) / 100 - 1;
	s->hi_edge = s->cfg.up_pct * T / 100 + 1;
	s->hi_pct = pressure[1];
	for (int i = 0; i < 4; i++)
		s->at[i] = -1;
	if (case_idx < 0)
		return NULL;
	/* The cases name limits up to 4 (and MAX_BLOCKS itself). */
	if (s->cfg.max_blocks < 4) {
		snprintf(err, n, "tuba: directed cases need MAX_BLOCKS >= 4 (they start kernels of up to 4 blocks)");
		return err;
	}
	return wg_case_start(&s->run, &tbs_cases[case_idx], (size_t)L->nwords[WG_IN], tbs_prologue, PROLOGUE, err, n);
}

static int tbs_next(void *st, const void *model, uint32_t *in, long cyc)
{
	tbs_stim *s = st;
	if (s->cs < 0)
		return random_next(s, in, cyc);
	return wg_case_drive(&s->run, s, model, in, cyc);
}

static const char *tbs_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
			     char *buf, size_t n)
{
	tbs_stim *s = st;
	tbs_observe_out(s, out, &s->o);
	const char *msg = mon_cycle(s, in, cyc, buf, n);
	if (msg)
		return msg;
	if (s->cs >= 0)
		return wg_case_check(&s->run, s, model, in, out, cyc, buf, n);
	return NULL;
}

/* Is there a free count in the hysteresis band (neither lowers nor raises)? */
static int band_exists(const tbs_stim *s)
{
	return s->lo_edge + 1 < s->hi_edge;
}

static const char *tbs_finish(void *st, long *key, char *buf, size_t n)
{
	tbs_stim *s = st;
	*key = 0;
	if (s->cs >= 0) {
		const char *msg = wg_case_finish(&s->run, s, key, buf, n);
		if (*key < 0)
			*key = 0;
		return msg;
	}
	if (!s->k[K_COVER])
		return NULL;
	/* what the configuration can reach: a limit that moves needs MAX_BLOCKS > 1 */
	unsigned want = 1u << COV_FLOOR | 1u << COV_CAP;
	if (s->cfg.max_blocks > 1)
		want |= 1u << COV_DEC | 1u << COV_INC | 1u << COV_OVER;
	if (band_exists(s))
		want |= 1u << COV_BAND;
	if (s->k[K_START_PPM] > 0)
		want |= 1u << COV_RESTART | (s->cfg.eval_period <= 1 ? 1u << COV_START_EV : 0);
	for (int i = 0; i < TBS_NCOV; i++)
		EXPECT(!((want >> i) & 1u) || ((s->m.seen >> i) & 1u), "coverage: %s never happened (%ld evaluations)",
		       cov_names[i], s->m.evals);
	return NULL;
}

static void tbs_cover(const void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
		      uint64_t *hits)
{
	(void)out;
	(void)cyc;
	tuba_cover(((const tbs_stim *)st)->L, model, in, hits);
}

const wg_stim_def wg_stim_tuba = {
	.block = &wg_block_tuba,
	.knobs = tbs_knobs,
	.nknobs = TBS_NKNOBS,
	.cases = tbs_cases,
	.ncases = TBS_NCASES,
	.size = tbs_size,
	.init = tbs_init,
	.next = tbs_next,
	.observe = tbs_observe,
	.check = tbs_check,
	.finish = tbs_finish,
	.cov = tuba_cov_points,
	.ncov = TUBA_NCOV_POINTS,
	.cover = tbs_cover,
};
