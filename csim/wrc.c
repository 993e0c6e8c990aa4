/* wrc.c - bit-exact C cycle model of Mascar's warp readiness checker.
 *
 * Implements docs/wrc.md (the cycle contract) literally: wrc_eval computes
 * the outputs of the state at the start of the cycle and the inputs;
 * wrc_tick applies the rising edge. Both derive the cycle's decisions from
 * one helper (wrc_plan_make), so they cannot disagree.
 *
 * Representation: per-warp vectors are uint64_t masks (WARPS <= 64), the age
 * list is a small array of warp ids, oldest first. Everything lives in one
 * block with no pointers to itself, so a model may be copied with memcpy.
 * The frame adapter (wg_block_wrc's entry points) is wrc_frame.c. */
#include "wrc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_bits.h"

/* Everything one cycle decides, computed from the state and the inputs. */
typedef struct wrc_plan {
	unsigned iss_valid[WRC_MAX_SCHED];  /* iss_valid_o[s] */
	unsigned iss_warp[WRC_MAX_SCHED];   /* iss_warp_o[s] (0 when not valid) */
	unsigned iss_mem[WRC_MAX_SCHED];    /* iss_mem_o[s] */
	uint64_t iss;                       /* iss[w]: some scheduler issued w */
	int imem;                           /* the warp issued to the LSU, -1 when none */
	int mode_d;                         /* next mode (= sat_o) */
	unsigned own_d;                     /* next owner */
	uint64_t res_d, mem_d, stall_d;     /* next res_q, mem_q, stall_q */
	uint64_t pre_d;                     /* next pre_q */
	uint8_t age_d[WRC_MAX_WARPS];       /* next age list */
	unsigned acnt_d;                    /* its length */
	uint8_t gv_d[WRC_MAX_SCHED];        /* next gv_q */
	uint8_t gi_d[WRC_MAX_SCHED];        /* next gi_q */
	unsigned idl_d;                     /* next idl_q */
	unsigned ev[WRC_NEVENTS];           /* the cycle's events (0 in a reset cycle) */
} wrc_plan;

struct wrc_model {
	wrc_cfg cfg;                    /* parameter values */
	uint64_t wmask;                 /* WARPS low ones */
	uint64_t smask[WRC_MAX_SCHED];  /* scheduler s's warps: w mod S == s */
	unsigned none;                  /* the NONE owner code, 2^OB - 1 */
	uint64_t mem;                   /* mem_q: WST bit 0, the head is a memory instruction */
	uint64_t stall;                 /* stall_q: WST bit 1, the head may not issue */
	unsigned own;                   /* own_q: owner warp or NONE */
	int mode;                       /* mode_q: WRC_EP or WRC_MP */
	uint64_t pre;                   /* pre_q: admitted at the EP->MP switch */
	uint64_t res;                   /* res_q: resident */
	uint8_t age[WRC_MAX_WARPS];     /* age_q: resident warps oldest first; 0 beyond acnt */
	unsigned acnt;                  /* acnt_q: age-list length */
	uint8_t gv[WRC_MAX_SCHED];      /* gv_q[s]: scheduler s has a greedy warp */
	uint8_t gi[WRC_MAX_SCHED];      /* gi_q[s]: its index in the set (warp = gi*S + s) */
	unsigned idl;                   /* idl_q: owner cycles without an owner memory issue */
	uint64_t counts[WRC_NEVENTS];   /* cumulative events (reset cycles excluded) */
};

static unsigned wrc_popcount(uint64_t x)
{
	unsigned n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

/* ------------------------------------------------------------------ */
/* Configuration                                                       */
/* ------------------------------------------------------------------ */

void wrc_cfg_from_params(wrc_cfg *c, const long *p)
{
	c->warps = (int)p[WRC_P_WARPS];
	c->schedulers = (int)p[WRC_P_SCHEDULERS];
	c->mshrs = (int)p[WRC_P_MSHRS];
	c->missq = (int)p[WRC_P_MISSQ];
	c->margin_mshr = (int)p[WRC_P_SAT_MARGIN_MSHR];
	c->margin_mq = (int)p[WRC_P_SAT_MARGIN_MQ];
	c->hyst = (int)p[WRC_P_SAT_HYST];
	c->idle_timeout = (int)p[WRC_P_OWNER_IDLE_TIMEOUT];
}

void wrc_cfg_to_params(const wrc_cfg *c, long *p)
{
	p[WRC_P_WARPS] = c->warps;
	p[WRC_P_SCHEDULERS] = c->schedulers;
	p[WRC_P_MSHRS] = c->mshrs;
	p[WRC_P_MISSQ] = c->missq;
	p[WRC_P_SAT_MARGIN_MSHR] = c->margin_mshr;
	p[WRC_P_SAT_MARGIN_MQ] = c->margin_mq;
	p[WRC_P_SAT_HYST] = c->hyst;
	p[WRC_P_OWNER_IDLE_TIMEOUT] = c->idle_timeout;
}

void wrc_cfg_default(wrc_cfg *c)
{
	long p[WRC_NPARAMS];
	wg_params_default(&wg_block_wrc, p);
	wrc_cfg_from_params(c, p);
}

int wrc_warp_bits(const wrc_cfg *c)
{
	return (int)wg_idxw((unsigned long)c->warps);
}

int wrc_owner_bits(const wrc_cfg *c)
{
	return (int)wg_idxw((unsigned long)c->warps + 1);
}

unsigned wrc_none(const wrc_cfg *c)
{
	return (unsigned)wg_ones64(wrc_owner_bits(c));
}

/* ------------------------------------------------------------------ */
/* Construction                                                        */
/* ------------------------------------------------------------------ */

size_t wrc_size(const wrc_cfg *c)
{
	(void)c;
	return (sizeof(struct wrc_model) + 7u) & ~(size_t)7u;
}

void wrc_reset(wrc_model *m)
{
	m->mem = 0;
	m->stall = m->wmask;
	m->own = m->none;
	m->mode = WRC_EP;
	m->pre = 0;
	m->res = 0;
	memset(m->age, 0, sizeof m->age);
	m->acnt = 0;
	memset(m->gv, 0, sizeof m->gv);
	memset(m->gi, 0, sizeof m->gi);
	m->idl = 0;
}

wrc_model *wrc_init(void *mem, const wrc_cfg *c)
{
	wrc_model *m = mem;
	memset(m, 0, wrc_size(c));
	m->cfg = *c;
	m->wmask = wg_ones64(c->warps);
	m->none = wrc_none(c);
	for (int w = 0; w < c->warps; w++)
		m->smask[w % c->schedulers] |= UINT64_C(1) << w;
	wrc_reset(m);
	return m;
}

wrc_model *wrc_new(const wrc_cfg *c)
{
	void *mem = calloc(1, wrc_size(c));
	return mem ? wrc_init(mem, c) : NULL;
}

void wrc_free(wrc_model *m)
{
	free(m);
}

/* ------------------------------------------------------------------ */
/* Protocol                                                            */
/* ------------------------------------------------------------------ */

/* 0, or -1 with the first violated rule of "Protocol" in msg ("" when none). */
static int wrc_check(const wrc_model *m, const wrc_in *in, char *msg, size_t n)
{
	const wrc_cfg *c = &m->cfg;
	msg[0] = '\0';
	if (in->rst)
		return 0;
	uint64_t bad = in->launch & ~(m->wmask & ~m->res);
	if (bad) {
		unsigned w = wg_ctz64(bad);
		if (w >= (unsigned)c->warps)
			snprintf(msg, n, "wrc: launch_i for warp %u which is out of range (WARPS=%d)", w, c->warps);
		else
			snprintf(msg, n, "wrc: launch_i for warp %u which is already resident", w);
		return -1;
	}
	bad = in->exit & ~(m->wmask & m->res);
	if (bad) {
		unsigned w = wg_ctz64(bad);
		if (w >= (unsigned)c->warps)
			snprintf(msg, n, "wrc: exit_i for warp %u which is out of range (WARPS=%d)", w, c->warps);
		else
			snprintf(msg, n, "wrc: exit_i for warp %u which is not resident", w);
		return -1;
	}
	if (in->mshr_used > (unsigned)c->mshrs) {
		snprintf(msg, n, "wrc: mshr_used_i=%u above MSHRS=%d", in->mshr_used, c->mshrs);
		return -1;
	}
	if (in->mq_used > (unsigned)c->missq) {
		snprintf(msg, n, "wrc: mq_used_i=%u above MISSQ=%d", in->mq_used, c->missq);
		return -1;
	}
	if (in->rq_head_valid && in->rq_head_warp >= (unsigned)c->warps) {
		snprintf(msg, n, "wrc: rq_head_warp_i=%u with rq_head_valid_i is out of range (WARPS=%d)",
			 in->rq_head_warp, c->warps);
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* The cycle's decisions (no side effect)                              */
/* ------------------------------------------------------------------ */

/* The oldest warp of x (the lowest age-list position), or -1 when none. */
static int wrc_oldest(const wrc_model *m, uint64_t x)
{
	x &= m->res;
	if (!x)
		return -1;
	for (unsigned k = 0; k < m->acnt; k++)
		if ((x >> m->age[k]) & 1u)
			return m->age[k];
	return -1; /* unreachable: the age list holds every resident warp */
}

/* Issue selection (docs/wrc.md "Issue selection"): from the state and
 * lsu_rdy_i only. */
static void wrc_select(const wrc_model *m, const wrc_in *in, wrc_plan *pl)
{
	const int S = m->cfg.schedulers;
	uint64_t ready = m->res & ~m->stall & m->wmask;
	uint64_t mr = ready & m->mem, cr = ready & ~m->mem;
	unsigned lsu_free = in->lsu_rdy & 1u;
	int first = (m->mode == WRC_MP && m->own != m->none) ? (int)(m->own % (unsigned)S) : 0;
	unsigned taken = 0;

	pl->iss = 0;
	pl->imem = -1;
	for (int i = 0; i < S; i++) {
		int s = (first + i) % S;
		uint64_t set = m->smask[s];
		unsigned memok = lsu_free && !taken;
		int g = m->gv[s] ? (int)m->gi[s] * S + s : -1;
		int pick = -1;
		if (m->mode == WRC_EP) {
			if (memok && (mr & set))
				pick = (g >= 0 && ((mr >> g) & 1u)) ? g : wrc_oldest(m, mr & set);
			else if (cr & set)
				pick = (g >= 0 && ((cr >> g) & 1u)) ? g : wrc_oldest(m, cr & set);
		} else {
			if (cr & set)
				pick = wrc_oldest(m, cr & set);
			else if (memok && (mr & set))
				pick = wrc_oldest(m, mr & set);
		}
		pl->iss_valid[s] = pick >= 0;
		pl->iss_warp[s] = pick >= 0 ? (unsigned)pick : 0;
		pl->iss_mem[s] = pick >= 0 ? (unsigned)((m->mem >> pick) & 1u) : 0;
		if (pick >= 0) {
			pl->iss |= UINT64_C(1) << pick;
			if (pl->iss_mem[s])
				pl->imem = pick;
		}
		taken |= pl->iss_mem[s];
	}
}

/* The next state and the events (docs/wrc.md "The edge"); rst_i = 0. */
static void wrc_next(const wrc_model *m, const wrc_in *in, wrc_plan *pl)
{
	const wrc_cfg *c = &m->cfg;
	const int S = c->schedulers;
	const unsigned NONE = m->none, T = (unsigned)c->idle_timeout;
	const uint64_t W = m->wmask;
	uint64_t launch = in->launch & W, exit = in->exit & W;

	pl->res_d = (m->res & ~exit) | launch;
	/* age list: survivors in order, then the launched warps in ascending id */
	unsigned n = 0;
	memset(pl->age_d, 0, sizeof pl->age_d);
	for (unsigned k = 0; k < m->acnt; k++)
		if (!((exit >> m->age[k]) & 1u))
			pl->age_d[n++] = m->age[k];
	for (uint64_t b = launch; b; b &= b - 1)
		pl->age_d[n++] = (uint8_t)wg_ctz64(b);
	pl->acnt_d = n;

	/* the flag */
	long mu = (long)in->mshr_used, qu = (long)in->mq_used;
	long thm = (long)c->mshrs - c->margin_mshr, thq = (long)c->missq - c->margin_mq;
	int on = mu >= thm || qu >= thq || in->sat_ext;
	int off = mu < thm - c->hyst && qu < thq - c->hyst && !in->sat_ext;
	pl->mode_d = on ? WRC_MP : off ? WRC_EP : m->mode;

	/* per-warp view at t+1 */
	uint64_t vval = (pl->iss & in->ad_valid) | (~pl->iss & in->hd_valid);
	uint64_t vm = (pl->iss & in->ad_mem) | (~pl->iss & in->hd_mem);   /* v.mem */
	uint64_t vrdy = (pl->iss & in->ad_rdy) | (~pl->iss & in->hd_rdy);
	uint64_t imemb = pl->imem >= 0 ? UINT64_C(1) << pl->imem : 0;
	uint64_t busy = (in->lsu_pend | in->rq_has | imemb) & W;
	uint64_t vmem = pl->res_d & vval & vm & W;                        /* vmem (docs/wrc.md) */

	/* ownership */
	unsigned o = m->own;
	if (o != NONE) {
		unsigned ob = (unsigned)((busy >> o) & 1u);
		if (((exit >> o) & 1u) || ((in->bar >> o) & 1u) || (((in->llp >> o) & 1u) && !ob) ||
		    (T > 0 && m->idl == T && !ob))
			o = NONE;
	}
	if (pl->mode_d == WRC_EP)
		pl->own_d = NONE;
	else if (o != NONE)
		pl->own_d = o;
	else if (pl->imem >= 0 && ((pl->res_d >> pl->imem) & 1u))
		pl->own_d = (unsigned)pl->imem;
	else if (!(vmem & vrdy & ~busy) && in->rq_head_valid && in->rq_head_warp < (unsigned)c->warps &&
		 ((pl->res_d >> in->rq_head_warp) & 1u))
		pl->own_d = in->rq_head_warp;
	else
		pl->own_d = NONE;

	/* admitted at the switch */
	uint64_t adm = m->mode == WRC_EP ? (m->mem & ~m->stall) : m->pre;
	pl->pre_d = pl->mode_d == WRC_MP ? (pl->res_d & ~pl->iss & adm & W) : 0;

	/* the warp status table */
	pl->mem_d = vmem;
	uint64_t restrict_mem = 0;
	if (pl->mode_d == WRC_MP && pl->own_d != NONE)
		restrict_mem = vm & ~(UINT64_C(1) << pl->own_d) & ~pl->pre_d;
	pl->stall_d = (~pl->res_d | ~vval | ~vrdy | (vm & busy) | restrict_mem) & W;

	/* greedy per scheduler */
	for (int s = 0; s < S; s++) {
		unsigned gv = pl->iss_valid[s] ? 1u : m->gv[s];
		unsigned gi = pl->iss_valid[s] ? pl->iss_warp[s] / (unsigned)S : m->gi[s];
		pl->gv_d[s] = (uint8_t)(gv && !((exit >> (gi * (unsigned)S + (unsigned)s)) & 1u));
		pl->gi_d[s] = (uint8_t)gi;
	}

	/* owner idle counter */
	if (pl->own_d == NONE || pl->own_d != m->own || (pl->imem >= 0 && (unsigned)pl->imem == m->own))
		pl->idl_d = 0;
	else
		pl->idl_d = m->idl + 1 < T ? m->idl + 1 : T;

	/* events */
	unsigned sel = 0;
	for (int s = 0; s < S; s++)
		sel += pl->iss_valid[s];
	pl->ev[WRC_EV_SELECT] = sel;
	pl->ev[WRC_EV_WST_WRITE] =
		wrc_popcount(((pl->mem_d ^ m->mem) | (pl->stall_d ^ m->stall)) & W);
	pl->ev[WRC_EV_OWNER_CHANGE] = pl->own_d != m->own;
	pl->ev[WRC_EV_MODE_SWITCH] = pl->mode_d != m->mode;
	pl->ev[WRC_EV_AGE_UPDATE] = (launch | exit) != 0;
}

static void wrc_plan_make(const wrc_model *m, const wrc_in *in, wrc_plan *pl)
{
	memset(pl, 0, sizeof *pl);
	wrc_select(m, in, pl);
	if (in->rst) { /* the next state is the reset state; no events, sat_o = 0 */
		pl->mode_d = WRC_EP;
		return;
	}
	wrc_next(m, in, pl);
}

/* ------------------------------------------------------------------ */
/* One cycle                                                           */
/* ------------------------------------------------------------------ */

static void wrc_outputs(const wrc_model *m, const wrc_plan *pl, wrc_out *out)
{
	for (int s = 0; s < WRC_MAX_SCHED; s++) {
		out->iss_valid[s] = pl->iss_valid[s];
		out->iss_warp[s] = pl->iss_warp[s];
		out->iss_mem[s] = pl->iss_mem[s];
	}
	out->owner = m->own;
	out->mode = (unsigned)m->mode;
	out->sat = (unsigned)pl->mode_d;
	out->wst_mem = m->mem;
	out->wst_stall = m->stall;
	out->pre = m->pre;
	out->resident = m->res;
	for (int e = 0; e < WRC_NEVENTS; e++)
		out->ev[e] = pl->ev[e];
}

int wrc_eval(const wrc_model *m, const wrc_in *in, wrc_out *out)
{
	wrc_plan pl;
	int rc = wrc_check(m, in, out->msg, sizeof out->msg);
	wrc_plan_make(m, in, &pl);
	wrc_outputs(m, &pl, out);
	return rc;
}

static void wrc_apply(wrc_model *m, const wrc_in *in, const wrc_plan *pl)
{
	if (in->rst) {
		wrc_reset(m);
		return;
	}
	m->mem = pl->mem_d;
	m->stall = pl->stall_d;
	m->own = pl->own_d;
	m->mode = pl->mode_d;
	m->pre = pl->pre_d;
	m->res = pl->res_d;
	memcpy(m->age, pl->age_d, sizeof m->age);
	m->acnt = pl->acnt_d;
	memcpy(m->gv, pl->gv_d, sizeof m->gv);
	memcpy(m->gi, pl->gi_d, sizeof m->gi);
	m->idl = pl->idl_d;
	for (int e = 0; e < WRC_NEVENTS; e++)
		m->counts[e] += pl->ev[e];
}

void wrc_tick(wrc_model *m, const wrc_in *in)
{
	wrc_plan pl;
	wrc_plan_make(m, in, &pl);
	wrc_apply(m, in, &pl);
}

/* ------------------------------------------------------------------ */
/* Accessors                                                           */
/* ------------------------------------------------------------------ */

const wrc_cfg *wrc_config(const wrc_model *m)
{
	return &m->cfg;
}

const uint64_t *wrc_counts(const wrc_model *m)
{
	return m->counts;
}

unsigned wrc_owner(const wrc_model *m)
{
	return m->own;
}

int wrc_mode(const wrc_model *m)
{
	return m->mode;
}

uint64_t wrc_wst_mem(const wrc_model *m)
{
	return m->mem;
}

uint64_t wrc_wst_stall(const wrc_model *m)
{
	return m->stall;
}

uint64_t wrc_resident(const wrc_model *m)
{
	return m->res;
}

uint64_t wrc_pre(const wrc_model *m)
{
	return m->pre;
}

int wrc_age_list(const wrc_model *m, unsigned *ids)
{
	for (unsigned k = 0; k < m->acnt; k++)
		ids[k] = m->age[k];
	return (int)m->acnt;
}

int wrc_greedy(const wrc_model *m, int s)
{
	if (s < 0 || s >= m->cfg.schedulers || !m->gv[s])
		return -1;
	return (int)m->gi[s] * m->cfg.schedulers + s;
}

int wrc_idle(const wrc_model *m)
{
	return (int)m->idl;
}
