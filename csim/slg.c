/* slg.c - bit-exact C cycle model of the sync-aware two-level power-gating
 * controller (Jooya & Baniasadi, DATE 2013).
 *
 * Implements docs/slg.md (the cycle contract) literally: slg_eval computes
 * the outputs of the state at the start of the cycle and the inputs;
 * slg_tick applies the rising edge. Both derive the cycle's decisions from
 * one helper (slg_plan_make), so they cannot disagree.
 *
 * Representation: per-warp and per-CTA vectors are uint64_t masks (WARPS,
 * CTAS <= 64); the per-warp fields (CTA, region state, timer) are small
 * arrays. Everything lives in one block with no pointers to itself, so a
 * model may be copied with memcpy. The frame adapter is slg_frame.c. */
#include "slg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_bits.h"

/* Everything one cycle decides, computed from the state and the inputs. */
typedef struct slg_plan {
	uint64_t ext;                  /* ext[w]: the exit of a live warp */
	uint64_t arr;                  /* arr[w] & live_q[w] (arrivals that count) */
	uint64_t wa;                   /* wa[w]: waiting, or arriving now, and not exiting */
	uint64_t relw;                 /* relw[w]: released at this edge */
	uint64_t rel;                  /* rel_c[c], bit c = CTA c */
	uint64_t wd;                   /* wd[w]: waits after the edge */
	uint64_t wk;                   /* wk[w]: a wake request */
	uint64_t sleepy;               /* sleepy[w] */
	uint64_t first;                /* first[w]: an S21 wake pays the rest + X (S21_WAKE = REST: every warp) */
	uint64_t s21w;                 /* regions in S21 whose wake starts by rule 3 (clear frst_q) */
	uint64_t ok;                   /* ok_o: regions in ACT or ENT */
	unsigned sum;                  /* COUNT = THREADS: thr_q + arriving threads */
	int grel;                      /* COUNT = THREADS: sum == bsz_q & sum > 0 */
	uint8_t nst[SLG_MAX_WARPS];    /* region state after the edge */
	uint8_t ntm[SLG_MAX_WARPS];    /* timer after the edge */
	unsigned ev[SLG_NEVENTS];      /* this cycle's events */
} slg_plan;

struct slg_model {
	slg_cfg cfg;                   /* parameter values */
	slg_dims d;                    /* derived widths */
	uint64_t wmask;                /* WARPS low ones */
	uint64_t live;                 /* live_q */
	uint64_t wait;                 /* wait_q */
	uint64_t lst;                  /* lst_q (COUNT = THREADS) */
	uint64_t frst;                 /* frst_q, bit c = CTA c (S21_WAKE = FIRST_Y, ENABLE = 1) */
	uint8_t cta[SLG_MAX_WARPS];    /* cta_q per warp */
	uint8_t st[SLG_MAX_WARPS];     /* st_q per warp: SLG_ACT .. SLG_WK2 */
	uint8_t tm[SLG_MAX_WARPS];     /* tm_q per warp */
	unsigned thr;                  /* thr_q (COUNT = THREADS) */
	unsigned bsz;                  /* bsz_q (COUNT = THREADS) */
	uint64_t counts[SLG_NEVENTS];  /* cumulative events (reset cycles excluded) */
	int ck_ok;                     /* ck_in and ck_plan are the last slg_eval_keep's, for this state */
	slg_in ck_in;                  /* its inputs */
	slg_plan ck_plan;              /* its plan, which slg_tick applies when its inputs are these */
};

#define BIT(w) (UINT64_C(1) << (w))

/* ------------------------------------------------------------------ */
/* Configuration                                                       */
/* ------------------------------------------------------------------ */

void slg_cfg_from_params(slg_cfg *c, const long *p)
{
	c->warps = (int)p[SLG_P_WARPS];
	c->ctas = (int)p[SLG_P_CTAS];
	c->x = (int)p[SLG_P_X];
	c->y = (int)p[SLG_P_Y];
	c->count = (int)p[SLG_P_COUNT];
	c->enable = (int)p[SLG_P_ENABLE];
	c->enter_delay = (int)p[SLG_P_ENTER_DELAY];
	c->s21_wake = (int)p[SLG_P_S21_WAKE];
}

void slg_cfg_to_params(const slg_cfg *c, long *p)
{
	p[SLG_P_WARPS] = c->warps;
	p[SLG_P_CTAS] = c->ctas;
	p[SLG_P_X] = c->x;
	p[SLG_P_Y] = c->y;
	p[SLG_P_COUNT] = c->count;
	p[SLG_P_ENABLE] = c->enable;
	p[SLG_P_ENTER_DELAY] = c->enter_delay;
	p[SLG_P_S21_WAKE] = c->s21_wake;
}

void slg_cfg_default(slg_cfg *c)
{
	long p[SLG_NPARAMS];
	wg_params_default(&wg_block_slg, p);
	slg_cfg_from_params(c, p);
}

void slg_dims_of(const slg_cfg *c, slg_dims *d)
{
	unsigned long W = (unsigned long)c->warps, C = (unsigned long)c->ctas;
	unsigned long tmax = (unsigned long)(c->y - 1 > c->enter_delay ? c->y - 1 : c->enter_delay);
	d->wb = (int)wg_idxw(W);
	d->cb = (int)wg_idxw(C);
	d->cbits = (int)wg_clog2(C);
	d->nb = (int)wg_clog2(W + 1);
	d->rb = (int)wg_clog2(C + 1);
	d->tb = (int)wg_idxw(tmax + 1);
	d->hb = (int)wg_clog2(32 * W + 1);
}

/* ------------------------------------------------------------------ */
/* Construction                                                        */
/* ------------------------------------------------------------------ */

size_t slg_size(const slg_cfg *c)
{
	(void)c;
	return (sizeof(struct slg_model) + 7u) & ~(size_t)7u;
}

/* "Reset": every warp not live, not waiting, CTA 0, ACT, timer 0;
 * thr_q, bsz_q, lst_q, frst_q 0. */
void slg_reset(slg_model *m)
{
	m->live = 0;
	m->wait = 0;
	m->lst = 0;
	m->frst = 0;
	memset(m->cta, 0, sizeof m->cta);
	memset(m->st, SLG_ACT, sizeof m->st);
	memset(m->tm, 0, sizeof m->tm);
	m->thr = 0;
	m->bsz = 0;
	m->ck_ok = 0;
}

slg_model *slg_init(void *mem, const slg_cfg *c)
{
	slg_model *m = mem;
	memset(m, 0, slg_size(c));
	m->cfg = *c;
	slg_dims_of(c, &m->d);
	m->wmask = wg_ones64(c->warps);
	slg_reset(m);
	return m;
}

slg_model *slg_new(const slg_cfg *c)
{
	void *mem = calloc(1, slg_size(c));
	return mem ? slg_init(mem, c) : NULL;
}

void slg_free(slg_model *m)
{
	free(m);
}

/* ------------------------------------------------------------------ */
/* Region states                                                       */
/* ------------------------------------------------------------------ */

/* mode_o of a region state: ACTIVE in ACT and ENT, SLG1 in S1 and WK1,
 * SLG2 in S2, S21 and WK2 (a region in transition leaks at the mode it
 * leaves, B6). */
static unsigned slg_mode_of(unsigned st)
{
	static const uint8_t mode[8] = {
		[SLG_ACT] = SLG_MODE_ACTIVE, [SLG_ENT] = SLG_MODE_ACTIVE, [SLG_S2] = SLG_MODE_SLG2,
		[SLG_S21] = SLG_MODE_SLG2,   [SLG_S1] = SLG_MODE_SLG1,    [SLG_WK1] = SLG_MODE_SLG1,
		[SLG_WK2] = SLG_MODE_SLG2,
	};
	return mode[st & 7u];
}

/* ok_o: access allowed in ACT and ENT only. */
static uint64_t slg_ok_mask(const slg_model *m)
{
	uint64_t ok = 0;
	for (int w = 0; w < m->cfg.warps; w++)
		if (m->st[w] == SLG_ACT || m->st[w] == SLG_ENT)
			ok |= BIT(w);
	return ok;
}

/* ------------------------------------------------------------------ */
/* Protocol                                                            */
/* ------------------------------------------------------------------ */

/* The first warp of `bad`, described as out of range or `why`. */
static void slg_warp_msg(const slg_model *m, const char *port, uint64_t bad, const char *why, char *msg, size_t n)
{
	unsigned w = wg_ctz64(bad);
	if (w >= (unsigned)m->cfg.warps)
		snprintf(msg, n, "slg: %s for warp %u which is out of range (WARPS=%d)", port, w, m->cfg.warps);
	else
		snprintf(msg, n, "slg: %s for warp %u %s", port, w, why);
}

/* The launch rules: free warps, a CTA slot in range and empty, a size. */
static int slg_check_launch(const slg_model *m, const slg_in *in, char *msg, size_t n)
{
	const slg_cfg *c = &m->cfg;
	if (!in->launch)
		return SLG_OK; /* launch_cta_i, launch_size_i are ignored */
	uint64_t bad = in->launch & ~(m->wmask & ~m->live);
	if (bad) {
		slg_warp_msg(m, "launch_i", bad, "which is already live", msg, n);
		return SLG_E_LAUNCH;
	}
	if (in->launch_cta >= (unsigned)c->ctas) {
		snprintf(msg, n, "slg: launch_cta_i=%u is out of range (CTAS=%d)", in->launch_cta, c->ctas);
		return SLG_E_LAUNCH_CTA;
	}
	for (uint64_t b = m->live; b; b &= b - 1) {
		unsigned w = wg_ctz64(b);
		if (m->cta[w] == in->launch_cta) {
			snprintf(msg, n, "slg: launch into CTA %u which still has live warp %u (a CTA slot is reused only once empty)",
				 in->launch_cta, w);
			return SLG_E_CTA_BUSY;
		}
	}
	if (c->count == SLG_COUNT_THREADS && (in->launch_size < 1 || in->launch_size > 32u * (unsigned)c->warps)) {
		snprintf(msg, n, "slg: launch_size_i=%u is out of range (legal range 1..%d threads, COUNT=THREADS)",
			 in->launch_size, 32 * c->warps);
		return SLG_E_LAUNCH_SIZE;
	}
	return SLG_OK;
}

/* arr_i only for a live warp that is not waiting and does not exit now. */
static int slg_check_arr(const slg_model *m, const slg_in *in, char *msg, size_t n)
{
	uint64_t ext = in->ext_valid && in->ext_warp < 64u ? BIT(in->ext_warp) & m->live : 0;
	uint64_t bad = in->arr & ~(m->wmask & m->live);
	if (bad) {
		slg_warp_msg(m, "arr_i", bad, "which is not live", msg, n);
		return SLG_E_ARR;
	}
	bad = in->arr & m->wait;
	if (bad) {
		slg_warp_msg(m, "arr_i", bad, "which already waits at its CTA's barrier", msg, n);
		return SLG_E_ARR;
	}
	bad = in->arr & ext;
	if (bad) {
		slg_warp_msg(m, "arr_i", bad, "which exits this cycle (ext_valid_i)", msg, n);
		return SLG_E_ARR;
	}
	return SLG_OK;
}

/* First violated rule of "Protocol", or SLG_OK; message in msg ("" when none). */
static int slg_check(const slg_model *m, const slg_in *in, char *msg, size_t n)
{
	const slg_cfg *c = &m->cfg;
	int rc;
	msg[0] = '\0';
	if (in->rst)
		return SLG_OK;
	if ((rc = slg_check_launch(m, in, msg, n)) || (rc = slg_check_arr(m, in, msg, n)))
		return rc;
	if (in->sel_valid && in->sel_warp >= (unsigned)c->warps) {
		snprintf(msg, n, "slg: sel_warp_i=%u is out of range (WARPS=%d)", in->sel_warp, c->warps);
		return SLG_E_SEL;
	}
	if (in->ext_valid && in->ext_warp >= (unsigned)c->warps) {
		snprintf(msg, n, "slg: ext_warp_i=%u is out of range (WARPS=%d)", in->ext_warp, c->warps);
		return SLG_E_EXT;
	}
	uint64_t bad = in->acc & ~(m->wmask & m->live);
	if (bad) {
		slg_warp_msg(m, "acc_i", bad, "which is not live", msg, n);
		return SLG_E_ACC;
	}
	bad = in->pend & ~(m->wmask & m->live);
	if (bad) {
		slg_warp_msg(m, "pend_i", bad, "which is not live", msg, n);
		return SLG_E_PEND;
	}
	return SLG_OK;
}

/* ------------------------------------------------------------------ */
/* The cycle's decisions (no side effect)                              */
/* ------------------------------------------------------------------ */

static unsigned slg_popcount(uint64_t x)
{
	unsigned n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

/* Index of the highest set bit of x (x != 0). */
static unsigned slg_top(uint64_t x)
{
	unsigned n = 0;
	while (x >>= 1)
		n++;
	return n;
}

/* COUNT = WARPS: per CTA, the waiting-or-arriving warps against the live
 * warps that do not exit now. */
static void slg_release_warps(const slg_model *m, slg_plan *pl)
{
	unsigned n_wa[SLG_MAX_CTAS] = {0}, n_live[SLG_MAX_CTAS] = {0};
	for (uint64_t b = m->live & ~pl->ext; b; b &= b - 1)
		n_live[m->cta[wg_ctz64(b)]]++;
	for (uint64_t b = pl->wa; b; b &= b - 1)
		n_wa[m->cta[wg_ctz64(b)]]++;
	pl->rel = 0;
	for (int c = 0; c < m->cfg.ctas; c++)
		if (n_wa[c] > 0 && n_wa[c] == n_live[c])
			pl->rel |= BIT(c);
	pl->relw = 0;
	for (uint64_t b = pl->wa; b; b &= b - 1) {
		unsigned w = wg_ctz64(b);
		if ((pl->rel >> m->cta[w]) & 1u)
			pl->relw |= BIT(w);
	}
}

/* COUNT = THREADS: the threads of warp w (its CTA's last warp may be partial). */
static unsigned slg_thr(const slg_model *m, unsigned w)
{
	if (!((m->lst >> w) & 1u))
		return 32;
	return ((m->bsz + 31u) & 31u) + 1u; /* (bsz_q - 1) mod 32 + 1; 32 when bsz_q = 0 */
}

/* COUNT = THREADS: one per-shader counter against the block-size register. */
static void slg_release_threads(const slg_model *m, slg_plan *pl)
{
	pl->sum = m->thr;
	for (uint64_t b = pl->arr; b; b &= b - 1)
		pl->sum += slg_thr(m, wg_ctz64(b));
	pl->grel = pl->sum == m->bsz && pl->sum > 0;
	pl->relw = pl->grel ? pl->wa : 0;
	pl->rel = 0;
	for (uint64_t b = pl->relw; b; b &= b - 1)
		pl->rel |= BIT(m->cta[wg_ctz64(b)]);
}

/* Next region state of warp w under rule 3 (not exiting, not launched). */
static void slg_region_next(const slg_model *m, const slg_plan *pl, unsigned w, uint8_t *nst, uint8_t *ntm)
{
	const slg_cfg *c = &m->cfg;
	unsigned st = m->st[w], t = m->tm[w];
	int sleepy = (int)((pl->sleepy >> w) & 1u), wk = (int)((pl->wk >> w) & 1u);
	int relw = (int)((pl->relw >> w) & 1u);
	unsigned s = SLG_ACT, tn = 0;

	if (!c->enable) {
		*nst = SLG_ACT;
		*ntm = 0;
		return;
	}
	switch (st) {
	case SLG_ACT:
		if (sleepy && c->enter_delay == 0)
			s = SLG_S2;
		else if (sleepy)
			s = SLG_ENT, tn = (unsigned)c->enter_delay;
		break;
	case SLG_ENT:
		if (sleepy && t == 1)
			s = SLG_S2;
		else if (sleepy)
			s = SLG_ENT, tn = t - 1;
		break; /* else the entry is aborted: ACT */
	case SLG_S2:
		if (sleepy)
			s = SLG_S2;
		else if (wk)
			s = SLG_WK2, tn = (unsigned)c->y - 1;
		else if (relw)
			s = SLG_S21, tn = (unsigned)(c->y - c->x);
		else
			s = SLG_S2;
		break;
	case SLG_S21:
		if (sleepy)
			s = SLG_S2;
		else if (wk && ((pl->first >> w) & 1u))
			s = SLG_WK2, tn = t + (unsigned)c->x - 1;
		else if (wk && c->x == 1) /* a later warp under FIRST_Y: as S1 under wk */
			s = SLG_ACT;
		else if (wk)
			s = SLG_WK1, tn = (unsigned)c->x - 1;
		else if (t == 1)
			s = SLG_S1;
		else
			s = SLG_S21, tn = t - 1;
		break;
	case SLG_S1:
		if (sleepy)
			s = SLG_S2;
		else if (wk && c->x == 1)
			s = SLG_ACT;
		else if (wk)
			s = SLG_WK1, tn = (unsigned)c->x - 1;
		else
			s = SLG_S1;
		break;
	case SLG_WK1:
	case SLG_WK2:
		if (sleepy)
			s = SLG_S2;
		else if (t == 1)
			s = SLG_ACT;
		else
			s = st, tn = t - 1;
		break;
	default:
		break;
	}
	*nst = (uint8_t)s;
	*ntm = (uint8_t)tn;
}

/* The events of "Events" of warp w (its state st, next state ns) into ev: the transitions (rule 3
 * only for the wakes: an exit or a launch, rule12, is not one) and the leakage modes. */
static void slg_warp_events(unsigned st, unsigned ns, int rule12, unsigned *ev)
{
	unsigned md = slg_mode_of(st);
	ev[SLG_EV_SLG1] += md == SLG_MODE_SLG1;
	ev[SLG_EV_SLG2] += md == SLG_MODE_SLG2;
	if (ns == st)
		return;
	ev[SLG_EV_ENTER] += ns == SLG_S2;
	ev[SLG_EV_TO_SLG1] += st == SLG_S21 && ns == SLG_S1;
	/* WK1 or ACT by rule 3 only; from S21 this is a later warp's wake under FIRST_Y */
	ev[SLG_EV_WAKE1] += (st == SLG_S1 || st == SLG_S21) && (ns == SLG_WK1 || ns == SLG_ACT) && !rule12;
	ev[SLG_EV_WAKE2] += (st == SLG_S2 || st == SLG_S21) && ns == SLG_WK2;
}

/* The cycle's plan; one pass over the warps gives ok_o, the regions in S21, the next states and
 * the per-warp events (a region in ACT that is not sleepy stays there: the common case, no call). */
static void slg_plan_make(const slg_model *m, const slg_in *in, slg_plan *pl)
{
	const slg_cfg *c = &m->cfg;
	uint64_t sel = in->sel_valid && in->sel_warp < 64u ? BIT(in->sel_warp) : 0;
	uint64_t launch = in->launch & m->wmask;

	pl->ext = in->ext_valid && in->ext_warp < 64u ? BIT(in->ext_warp) & m->live : 0;
	pl->arr = in->arr & m->live;
	pl->wa = m->live & ~pl->ext & (m->wait | in->arr);
	pl->sum = 0;
	pl->grel = 0;
	if (c->count == SLG_COUNT_THREADS)
		slg_release_threads(m, pl);
	else
		slg_release_warps(m, pl);
	pl->wk = (sel | in->acc) & m->wmask;
	pl->wd = pl->wa & ~pl->relw;
	pl->sleepy = c->enable ? pl->wd & ~in->pend & ~pl->wk : 0;
	pl->first = m->wmask;
	if (c->s21_wake == SLG_S21_FIRST_Y) {
		pl->first = 0;
		for (int w = 0; w < c->warps; w++)
			if ((m->frst >> m->cta[w]) & 1u)
				pl->first |= BIT(w);
	}
	unsigned ev[SLG_NEVENTS] = {0};
	uint64_t rule12 = pl->ext | launch, ok = 0, s21 = 0;
	for (int w = 0; w < c->warps; w++) {
		unsigned st = m->st[w];
		if (st == SLG_ACT || st == SLG_ENT)
			ok |= BIT(w);
		if (st == SLG_S21)
			s21 |= BIT(w);
		if ((rule12 >> w) & 1u) {
			pl->nst[w] = SLG_ACT;
			pl->ntm[w] = 0;
		} else if (st == SLG_ACT && !((pl->sleepy >> w) & 1u)) {
			pl->nst[w] = SLG_ACT;
			pl->ntm[w] = 0;
			continue; /* (no event) */
		} else {
			slg_region_next(m, pl, (unsigned)w, &pl->nst[w], &pl->ntm[w]);
		}
		slg_warp_events(st, pl->nst[w], (int)((rule12 >> w) & 1u), ev);
	}
	pl->ok = ok;
	pl->s21w = s21 & pl->wk & ~pl->sleepy & ~pl->ext & ~launch; /* not by an exit (launch: never in S21) */
	memset(pl->ev, 0, sizeof pl->ev);
	if (in->rst)
		return;
	memcpy(pl->ev, ev, sizeof pl->ev);
	pl->ev[SLG_EV_ARRIVE] = slg_popcount(pl->arr);
	pl->ev[SLG_EV_RELEASE] = slg_popcount(pl->rel);
	pl->ev[SLG_EV_STALL] = slg_popcount(in->acc & m->wmask & ~ok);
}

/* ------------------------------------------------------------------ */
/* Outputs                                                             */
/* ------------------------------------------------------------------ */

/* The outputs of the state and the plan. */
static int slg_outputs(const slg_model *m, const slg_in *in, const slg_plan *pl, slg_out *out)
{
	memset(out, 0, sizeof *out);
	for (int w = 0; w < m->cfg.warps; w++) {
		out->st[w] = m->st[w];
		out->mode[w] = (uint8_t)slg_mode_of(m->st[w]);
	}
	out->ok = pl->ok;
	out->wait = m->wait;
	out->rel = pl->rel;
	memcpy(out->ev, pl->ev, sizeof out->ev);
	return slg_check(m, in, out->msg, sizeof out->msg);
}

int slg_eval(const slg_model *m, const slg_in *in, slg_out *out)
{
	slg_plan pl;
	slg_plan_make(m, in, &pl);
	return slg_outputs(m, in, &pl, out);
}

int slg_eval_keep(slg_model *m, const slg_in *in, slg_out *out)
{
	slg_plan_make(m, in, &m->ck_plan);
	m->ck_in = *in;
	m->ck_ok = 1;
	return slg_outputs(m, in, &m->ck_plan, out);
}

/* ------------------------------------------------------------------ */
/* The edge ("Next state at the edge")                                 */
/* ------------------------------------------------------------------ */

/* Rules 1 and 2 (exit, launch) and rule 3's wait_q, per warp. */
static void slg_apply_warps(slg_model *m, const slg_in *in, const slg_plan *pl)
{
	uint64_t launch = in->launch & m->wmask & ~pl->ext;
	m->wait = pl->wd & ~pl->ext & ~launch;
	m->live = (m->live & ~pl->ext) | launch;
	for (uint64_t b = launch; b; b &= b - 1)
		m->cta[wg_ctz64(b)] = (uint8_t)in->launch_cta;
	if (m->cfg.count == SLG_COUNT_THREADS && launch) {
		m->lst = (m->lst & ~launch) | BIT(slg_top(launch));
	}
	memcpy(m->st, pl->nst, (size_t)m->cfg.warps); /* (a plan sets the warps' entries only) */
	memcpy(m->tm, pl->ntm, (size_t)m->cfg.warps);
}

/* frst_q (S21_WAKE = FIRST_Y, ENABLE = 1): set by the CTA's release;
 * otherwise cleared when one of its regions in S21 has wk, not sleepy and
 * does not exit (its wake starts by rule 3); the release wins. Reads cta_q
 * before the edge. */
static void slg_apply_frst(slg_model *m, const slg_plan *pl)
{
	uint64_t clr = 0;
	if (!m->cfg.enable || m->cfg.s21_wake != SLG_S21_FIRST_Y)
		return;
	for (uint64_t b = pl->s21w; b; b &= b - 1)
		clr |= BIT(m->cta[wg_ctz64(b)]);
	m->frst = pl->rel | (m->frst & ~clr);
}

static void slg_apply(slg_model *m, const slg_in *in, const slg_plan *pl)
{
	slg_apply_frst(m, pl);
	slg_apply_warps(m, in, pl);
	if (m->cfg.count == SLG_COUNT_THREADS) {
		m->thr = pl->grel ? 0 : pl->sum & (unsigned)wg_ones64(m->d.hb);
		if (in->launch & m->wmask)
			m->bsz = in->launch_size & (unsigned)wg_ones64(m->d.hb);
	}
	for (int e = 0; e < SLG_NEVENTS; e++)
		m->counts[e] += pl->ev[e];
}

/* The inputs decide the plan: every field of slg_in. */
static int slg_in_same(const slg_in *a, const slg_in *b)
{
	return a->rst == b->rst && a->launch == b->launch && a->launch_cta == b->launch_cta &&
	       a->launch_size == b->launch_size && a->ext_valid == b->ext_valid && a->ext_warp == b->ext_warp &&
	       a->arr == b->arr && a->sel_valid == b->sel_valid && a->sel_warp == b->sel_warp && a->acc == b->acc &&
	       a->pend == b->pend;
}

void slg_tick(slg_model *m, const slg_in *in)
{
	slg_plan pl;
	int kept = m->ck_ok && slg_in_same(&m->ck_in, in); /* the plan of this cycle's slg_eval_keep */
	m->ck_ok = 0; /* (the state changes) */
	if (in->rst) {
		slg_reset(m);
		return;
	}
	if (kept) {
		slg_apply(m, in, &m->ck_plan);
		return;
	}
	slg_plan_make(m, in, &pl);
	slg_apply(m, in, &pl);
}

/* ------------------------------------------------------------------ */
/* Accessors                                                           */
/* ------------------------------------------------------------------ */

const slg_cfg *slg_config(const slg_model *m) { return &m->cfg; }
const slg_dims *slg_dims_get(const slg_model *m) { return &m->d; }
const uint64_t *slg_counts(const slg_model *m) { return m->counts; }
uint64_t slg_live(const slg_model *m) { return m->live; }
uint64_t slg_wait(const slg_model *m) { return m->wait; }
uint64_t slg_ok(const slg_model *m) { return slg_ok_mask(m); }
uint64_t slg_last(const slg_model *m) { return m->lst; }
unsigned slg_thr_q(const slg_model *m) { return m->thr; }
unsigned slg_bsz_q(const slg_model *m) { return m->bsz; }

static int slg_in_range(const slg_model *m, int w)
{
	return w >= 0 && w < m->cfg.warps;
}

int slg_st(const slg_model *m, int w) { return slg_in_range(m, w) ? m->st[w] : -1; }
int slg_timer(const slg_model *m, int w) { return slg_in_range(m, w) ? m->tm[w] : -1; }
int slg_mode(const slg_model *m, int w) { return slg_in_range(m, w) ? (int)slg_mode_of(m->st[w]) : -1; }
int slg_cta(const slg_model *m, int w) { return slg_in_range(m, w) ? m->cta[w] : -1; }

int slg_frst(const slg_model *m, int c)
{
	return c >= 0 && c < m->cfg.ctas ? (int)((m->frst >> c) & 1u) : -1;
}
