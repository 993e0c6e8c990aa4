/* sched2l.c - bit-exact C cycle model of the two-level warp scheduler.
 *
 * Implements docs/sched2l.md (the cycle contract) literally: s2l_eval
 * computes the outputs of the state at the start of the cycle (S) and the
 * inputs; s2l_tick applies the rising edge. Both derive the cycle's
 * decisions from one helper (s2l_plan_make), so they cannot disagree.
 *
 * Representation: per-warp and per-slot bit vectors are uint64_t masks
 * (WARPS, ACTIVE <= 64); sw_q is a small array. The set of active warps and
 * each active warp's slot are kept alongside (derived from sv_q and sw_q) so
 * that a cycle costs a few mask operations plus one step per active warp.
 * GTO/TRWS's age matrix old_q is kept per warp as the mask of the warps
 * older than it (ob[w] bit v = older(v, w)), so "the oldest of C" is the
 * w in C with no bit of C in ob[w].
 * Everything lives in one block with no pointers to itself, so a model may
 * be copied with memcpy. */
#include "sched2l.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_bits.h"

/* Everything one cycle decides, computed from S and the inputs. */
typedef struct s2l_plan {
	int iss;            /* issued slot i, -1 when nothing issues */
	unsigned iss_warp;  /* sw_q[i] */
	unsigned ext;       /* the issued instruction is EXIT */
	int dem;            /* demoted slot d, -1 when none */
	unsigned dem_warp;  /* sw_q[d] */
	unsigned dem_cause; /* S2L_CAUSE_MARK or S2L_CAUSE_BARRIER */
	int pro;            /* promotion slot ps, -1 when none */
	unsigned pro_warp;  /* promoted warp pw */
} s2l_plan;

struct s2l_model {
	s2l_cfg cfg;                    /* parameter values */
	uint64_t wmask;                 /* WARPS low ones */
	uint64_t amask;                 /* ACTIVE low ones */
	uint64_t res;                   /* res_q: bit w = warp w is resident */
	uint64_t rsm;                   /* rsm_q: bit w = demoted for its current marked instruction */
	uint64_t sv;                    /* sv_q: bit s = slot s holds a warp */
	uint64_t act;                   /* derived: bit w = warp w holds a slot */
	uint8_t sw[S2L_MAX_SLOTS];      /* sw_q: warp of each slot (kept after release) */
	int8_t wslot[S2L_MAX_WARPS];    /* derived: slot of an active warp, -1 otherwise */
	unsigned last;                  /* last_q: slot of the last issue */
	unsigned pp;                    /* pp_q: promotion round-robin pointer */
	unsigned tv, ts, tw;            /* tv_q, ts_q, tw_q: the TAG-stage register */
	unsigned gw, gv;                /* GTO/TRWS: gw_q (greedy warp), gv_q (it is valid) */
	uint64_t ob[S2L_MAX_WARPS];     /* GTO/TRWS: old_q as masks, bit v of ob[w] = warp v is older than w */
	uint64_t counts[S2L_NEVENTS];   /* cumulative events (reset cycles excluded) */
	/* ---- frame adapter ---- */
	wg_layout lay;                  /* port layout of the frames */
	s2l_in ck_in;                   /* inputs of the last frame eval */
	s2l_plan ck_plan;               /* its plan, reused by a tick of the same inputs */
	int ck_ok;                      /* ck_in / ck_plan are those of the current state */
};

/* ------------------------------------------------------------------ */
/* Configuration                                                       */
/* ------------------------------------------------------------------ */

void s2l_cfg_from_params(s2l_cfg *c, const long *p)
{
	c->warps = (int)p[S2L_P_WARPS];
	c->active = (int)p[S2L_P_ACTIVE];
	c->select = (int)p[S2L_P_SELECT];
	c->suspend = (int)p[S2L_P_SUSPEND];
	c->barrier_demote = (int)p[S2L_P_BARRIER_DEMOTE];
}

void s2l_cfg_to_params(const s2l_cfg *c, long *p)
{
	p[S2L_P_WARPS] = c->warps;
	p[S2L_P_ACTIVE] = c->active;
	p[S2L_P_SELECT] = c->select;
	p[S2L_P_SUSPEND] = c->suspend;
	p[S2L_P_BARRIER_DEMOTE] = c->barrier_demote;
}

void s2l_cfg_default(s2l_cfg *c)
{
	long p[S2L_NPARAMS];
	wg_params_default(&wg_block_sched2l, p);
	s2l_cfg_from_params(c, p);
}

/* SELECT is GTO or TRWS: the greedy warp and the ages exist. */
static int s2l_gto(const s2l_cfg *c)
{
	return c->select == S2L_GTO || c->select == S2L_TRWS;
}

/* ------------------------------------------------------------------ */
/* Construction                                                        */
/* ------------------------------------------------------------------ */

size_t s2l_size(const s2l_cfg *c)
{
	(void)c;
	return (sizeof(struct s2l_model) + 7u) & ~(size_t)7u;
}

void s2l_reset(s2l_model *m)
{
	int A = m->cfg.active, W = m->cfg.warps;
	m->res = m->wmask;
	m->rsm = 0;
	m->sv = m->amask;
	m->act = 0;
	memset(m->sw, 0, sizeof m->sw);
	memset(m->wslot, -1, sizeof m->wslot);
	for (int s = 0; s < A; s++) {
		m->sw[s] = (uint8_t)s;
		if (s < W) {
			m->act |= UINT64_C(1) << s;
			m->wslot[s] = (int8_t)s;
		}
	}
	m->last = 0;
	m->pp = W > 0 ? (unsigned)(A % W) : 0;
	m->tv = m->ts = m->tw = 0;
	m->gw = m->gv = 0;
	memset(m->ob, 0, sizeof m->ob);
	if (s2l_gto(&m->cfg))
		for (int w = 0; w < W; w++)
			m->ob[w] = wg_ones64(w); /* ages = ids: every lower id is older */
	m->ck_ok = 0;
}

s2l_model *s2l_init(void *mem, const s2l_cfg *c)
{
	s2l_model *m = mem;
	memset(m, 0, s2l_size(c));
	m->cfg = *c;
	m->wmask = wg_ones64(c->warps);
	m->amask = wg_ones64(c->active);
	s2l_reset(m);
	return m;
}

s2l_model *s2l_new(const s2l_cfg *c)
{
	void *mem = calloc(1, s2l_size(c));
	return mem ? s2l_init(mem, c) : NULL;
}

void s2l_free(s2l_model *m)
{
	free(m);
}

/* ------------------------------------------------------------------ */
/* Protocol                                                            */
/* ------------------------------------------------------------------ */

/* First violated rule of "Protocol", or S2L_OK; message in msg ("" when none). */
static int s2l_check(const s2l_model *m, const s2l_in *in, char *msg, size_t n)
{
	msg[0] = '\0';
	if (in->rst)
		return S2L_OK;
	uint64_t bad = in->launch & ~(m->wmask & ~m->res);
	if (bad) {
		unsigned w = wg_ctz64(bad);
		if (w >= (unsigned)m->cfg.warps)
			snprintf(msg, n, "sched2l: launch_i for warp %u which is out of range (WARPS=%d)", w,
				 m->cfg.warps);
		else
			snprintf(msg, n, "sched2l: launch_i for warp %u which is already resident", w);
		return S2L_E_LAUNCH;
	}
	bad = in->fin & (in->mark | in->bar);
	if (bad) {
		unsigned w = wg_ctz64(bad);
		snprintf(msg, n, "sched2l: fin_i with %s for warp %u (an EXIT neither consumes a register nor waits at a barrier)",
			 ((in->mark >> w) & 1u) ? "mark_i" : "bar_i", w);
		return S2L_E_FIN;
	}
	static const char *const names[] = {"rdy_i", "mark_i", "llp_i", "bar_i", "fin_i"};
	const uint64_t v[] = {in->rdy, in->mark, in->llp, in->bar, in->fin};
	for (int k = 0; k < 5; k++) {
		bad = v[k] & ~(m->res & m->wmask);
		if (!bad)
			continue;
		unsigned w = wg_ctz64(bad);
		if (w >= (unsigned)m->cfg.warps)
			snprintf(msg, n, "sched2l: %s for warp %u which is out of range (WARPS=%d)", names[k], w,
				 m->cfg.warps);
		else
			snprintf(msg, n, "sched2l: %s for warp %u which is not resident", names[k], w);
		return S2L_E_NONRES;
	}
	return S2L_OK;
}

/* ------------------------------------------------------------------ */
/* The cycle's decisions (no side effect)                              */
/* ------------------------------------------------------------------ */

/* Slots of the active warps in wmask (a subset of act). */
static uint64_t s2l_slots_of(const s2l_model *m, uint64_t wmask)
{
	uint64_t s = 0;
	for (; wmask; wmask &= wmask - 1)
		s |= UINT64_C(1) << m->wslot[wg_ctz64(wmask)];
	return s;
}

/* The first set bit of x at or after bit start, wrapping around (x != 0). */
static unsigned s2l_first_from(uint64_t x, unsigned start)
{
	uint64_t hi = x & (~UINT64_C(0) << start);
	return wg_ctz64(hi ? hi : x);
}

static void s2l_plan_make(const s2l_model *m, const s2l_in *in, s2l_plan *pl)
{
	const s2l_cfg *c = &m->cfg;
	uint64_t rdy = in->rdy & m->wmask, mark = in->mark & m->wmask, llp = in->llp & m->wmask;
	uint64_t bar = in->bar & m->wmask, fin = in->fin & m->wmask;
	uint64_t free_in = in->slot_free & m->amask;

	/* per warp, for the active warps: md, bd, dc, el */
	uint64_t md = mark & ~m->rsm & (c->suspend == S2L_ALWAYS ? ~UINT64_C(0) : llp) & m->act;
	uint64_t bd = c->barrier_demote ? bar & m->act : 0;
	uint64_t dc = md | bd;
	uint64_t el = rdy & ~bar & ~dc & m->act;

	/* 1. select, 2. exit */
	pl->iss = -1;
	pl->iss_warp = 0;
	pl->ext = 0;
	uint64_t els = s2l_slots_of(m, el);
	if (el && s2l_gto(c)) {
		/* GTO within C: the greedy warp, else the oldest (TRWS: C = the
		 * prioritized eligible warps when there are any) */
		uint64_t cs = el;
		if (c->select == S2L_TRWS && (el & in->prio))
			cs = el & in->prio;
		unsigned g = 0;
		if (m->gv && ((cs >> m->gw) & 1u)) {
			g = m->gw;
		} else {
			for (uint64_t b = cs; b; b &= b - 1) {
				g = wg_ctz64(b);
				if (!(m->ob[g] & cs))
					break;
			}
		}
		pl->iss = m->wslot[g];
		pl->iss_warp = g;
		pl->ext = (unsigned)(fin >> g) & 1u;
	} else if (els) {
		unsigned start = m->last;
		if (c->select == S2L_RR)
			start = (m->last + 1u) % (unsigned)c->active;
		unsigned i = s2l_first_from(els, start);
		pl->iss = (int)i;
		pl->iss_warp = m->sw[i];
		pl->ext = (unsigned)(fin >> pl->iss_warp) & 1u;
	}

	/* 3. demote: the lowest candidate slot */
	pl->dem = -1;
	pl->dem_warp = 0;
	pl->dem_cause = 0;
	uint64_t dcs = s2l_slots_of(m, dc);
	if (dcs) {
		unsigned d = wg_ctz64(dcs);
		pl->dem = (int)d;
		pl->dem_warp = m->sw[d];
		pl->dem_cause = (unsigned)(bd >> pl->dem_warp) & 1u;
	}

	/* 4. promote: the first candidate warp from pp_q into the lowest free slot */
	pl->pro = -1;
	pl->pro_warp = 0;
	uint64_t released = ~m->sv & m->amask;
	uint64_t ps = released & free_in;
	if (!ps)
		return;
	uint64_t busy = 0;
	for (uint64_t b = released & ~free_in; b; b &= b - 1)
		busy |= UINT64_C(1) << m->sw[wg_ctz64(b)];
	uint64_t cand = m->res & ~m->act & ~llp & ~bar & ~busy;
	if (!cand)
		return;
	pl->pro = (int)wg_ctz64(ps);
	pl->pro_warp = s2l_first_from(cand, m->pp);
}

/* ------------------------------------------------------------------ */
/* Typed outputs                                                       */
/* ------------------------------------------------------------------ */

static void s2l_fill_out(const s2l_model *m, const s2l_plan *pl, s2l_out *out)
{
	memset(out, 0, sizeof *out);
	if (pl->iss >= 0) {
		out->iss_valid = 1;
		out->iss_slot = (unsigned)pl->iss;
		out->iss_warp = pl->iss_warp;
		if (pl->ext) {
			out->ext_valid = 1;
			out->ext_slot = (unsigned)pl->iss;
			out->ext_warp = pl->iss_warp;
		}
	}
	if (m->tv) {
		out->tag_valid = 1;
		out->tag_slot = m->ts;
		out->tag_warp = m->tw;
	}
	if (pl->dem >= 0) {
		out->dem_valid = 1;
		out->dem_slot = (unsigned)pl->dem;
		out->dem_warp = pl->dem_warp;
		out->dem_cause = pl->dem_cause;
	}
	if (pl->pro >= 0) {
		out->pro_valid = 1;
		out->pro_slot = (unsigned)pl->pro;
		out->pro_warp = pl->pro_warp;
	}
	out->slot_valid = m->sv;
	for (uint64_t b = m->sv; b; b &= b - 1) {
		unsigned s = wg_ctz64(b);
		out->slot_warp[s] = m->sw[s];
	}
	out->active = m->act;
	out->resident = m->res;
	out->ev[S2L_EV_SELECT] = out->iss_valid;
	out->ev[S2L_EV_DEMOTE] = out->dem_valid;
	out->ev[S2L_EV_PROMOTE] = out->pro_valid;
	out->ev[S2L_EV_EXIT] = out->ext_valid;
}

int s2l_eval(const s2l_model *m, const s2l_in *in, s2l_out *out)
{
	s2l_plan pl;
	s2l_plan_make(m, in, &pl);
	s2l_fill_out(m, &pl, out);
	return s2l_check(m, in, out->msg, sizeof out->msg);
}

/* ------------------------------------------------------------------ */
/* The edge ("Next state at the edge")                                 */
/* ------------------------------------------------------------------ */

static void s2l_apply(s2l_model *m, const s2l_in *in, const s2l_plan *pl)
{
	/* 1. issue, exit, TAG register */
	m->tv = 0;
	m->ts = 0;
	m->tw = 0;
	if (pl->iss >= 0) {
		uint64_t wb = UINT64_C(1) << pl->iss_warp;
		if (s2l_gto(&m->cfg)) {
			m->gw = pl->iss_warp; /* last_q stays 0 */
			m->gv = !pl->ext;
		} else {
			m->last = (unsigned)pl->iss;
		}
		m->rsm &= ~wb;
		if (pl->ext) {
			m->res &= ~wb;
			m->sv &= ~(UINT64_C(1) << pl->iss);
			m->act &= ~wb;
			m->wslot[pl->iss_warp] = -1;
		}
		m->tv = !pl->ext;
		m->ts = (unsigned)pl->iss;
		m->tw = pl->iss_warp;
	}
	/* 2. demotion */
	if (pl->dem >= 0) {
		uint64_t wb = UINT64_C(1) << pl->dem_warp;
		m->sv &= ~(UINT64_C(1) << pl->dem);
		m->act &= ~wb;
		m->wslot[pl->dem_warp] = -1;
		if (pl->dem_cause == S2L_CAUSE_MARK)
			m->rsm |= wb;
	}
	/* 3. promotion */
	if (pl->pro >= 0) {
		m->sv |= UINT64_C(1) << pl->pro;
		m->sw[pl->pro] = (uint8_t)pl->pro_warp;
		m->act |= UINT64_C(1) << pl->pro_warp;
		m->wslot[pl->pro_warp] = (int8_t)pl->pro;
		m->pp = (pl->pro_warp + 1u) % (unsigned)m->cfg.warps;
	}
	/* 4. launch; GTO/TRWS: the launched warps become the youngest, by id among themselves */
	uint64_t L = in->launch & m->wmask;
	m->res |= L;
	if (L && s2l_gto(&m->cfg)) {
		for (int w = 0; w < m->cfg.warps; w++) {
			if ((L >> w) & 1u)
				m->ob[w] = (m->wmask & ~L) | (L & wg_ones64(w));
			else
				m->ob[w] &= ~L;
		}
	}
	/* events */
	m->counts[S2L_EV_SELECT] += pl->iss >= 0;
	m->counts[S2L_EV_DEMOTE] += pl->dem >= 0;
	m->counts[S2L_EV_PROMOTE] += pl->pro >= 0;
	m->counts[S2L_EV_EXIT] += pl->ext;
	m->ck_ok = 0;
}

void s2l_tick(s2l_model *m, const s2l_in *in)
{
	s2l_plan pl;
	if (in->rst) {
		s2l_reset(m);
		return;
	}
	s2l_plan_make(m, in, &pl);
	s2l_apply(m, in, &pl);
}

/* ------------------------------------------------------------------ */
/* Accessors                                                           */
/* ------------------------------------------------------------------ */

const s2l_cfg *s2l_config(const s2l_model *m)
{
	return &m->cfg;
}

const uint64_t *s2l_counts(const s2l_model *m)
{
	return m->counts;
}

uint64_t s2l_resident(const s2l_model *m)
{
	return m->res;
}

uint64_t s2l_active(const s2l_model *m)
{
	return m->act;
}

uint64_t s2l_resumed(const s2l_model *m)
{
	return m->rsm;
}

uint64_t s2l_slots_valid(const s2l_model *m)
{
	return m->sv;
}

int s2l_slot_warp(const s2l_model *m, int s)
{
	return s >= 0 && s < m->cfg.active ? m->sw[s] : -1;
}

int s2l_warp_slot(const s2l_model *m, int w)
{
	return w >= 0 && w < m->cfg.warps ? m->wslot[w] : -1;
}

int s2l_last(const s2l_model *m)
{
	return (int)m->last;
}

int s2l_promote_ptr(const s2l_model *m)
{
	return (int)m->pp;
}

int s2l_greedy(const s2l_model *m)
{
	return s2l_gto(&m->cfg) && m->gv ? (int)m->gw : -1;
}

int s2l_older(const s2l_model *m, int a, int b)
{
	if (!s2l_gto(&m->cfg) || a < 0 || b < 0 || a >= m->cfg.warps || b >= m->cfg.warps || a == b)
		return -1;
	return (int)((m->ob[b] >> a) & 1u);
}

int s2l_tag(const s2l_model *m, int *slot, int *warp)
{
	if (slot)
		*slot = (int)m->ts;
	if (warp)
		*warp = (int)m->tw;
	return (int)m->tv;
}

/* ------------------------------------------------------------------ */
/* Frame adapter (wg_block_sched2l)                                    */
/* ------------------------------------------------------------------ */

/* Input port `port`, at most 64 bits. */
static inline uint64_t s2l_fget(const s2l_model *m, const uint32_t *in, int port)
{
	return wg_get(in + m->lay.off[port], 0, (unsigned)m->lay.width[port]);
}

static void s2l_unpack(const s2l_model *m, const uint32_t *in, s2l_in *fi)
{
	fi->rst = (unsigned)s2l_fget(m, in, S2L_RST_I);
	fi->rdy = s2l_fget(m, in, S2L_RDY_I);
	fi->mark = s2l_fget(m, in, S2L_MARK_I);
	fi->llp = s2l_fget(m, in, S2L_LLP_I);
	fi->bar = s2l_fget(m, in, S2L_BAR_I);
	fi->fin = s2l_fget(m, in, S2L_FIN_I);
	fi->launch = s2l_fget(m, in, S2L_LAUNCH_I);
	fi->slot_free = s2l_fget(m, in, S2L_SLOT_FREE_I);
	fi->prio = m->lay.width[S2L_PRIO_I] ? s2l_fget(m, in, S2L_PRIO_I) : 0; /* prio_i: TRWS only */
}

static int s2l_in_same(const s2l_in *a, const s2l_in *b)
{
	return a->rst == b->rst && a->rdy == b->rdy && a->mark == b->mark && a->llp == b->llp &&
	       a->bar == b->bar && a->fin == b->fin && a->launch == b->launch && a->slot_free == b->slot_free &&
	       a->prio == b->prio;
}

/* Output port `port` (at most 64 bits), value within its width. */
static inline void s2l_fput(const s2l_model *m, uint32_t *out, int port, uint64_t v)
{
	wg_put(out + m->lay.off[port], 0, (unsigned)m->lay.width[port], v);
}

/* Every output port into the (zeroed here) frame, from S and the plan. */
static void s2l_pack(const s2l_model *m, const s2l_plan *pl, uint32_t *out)
{
	const wg_layout *L = &m->lay;
	unsigned WB = (unsigned)L->width[S2L_ISS_WARP_O];
	memset(out, 0, (size_t)L->nwords[WG_OUT] * sizeof *out);
	if (pl->iss >= 0) {
		s2l_fput(m, out, S2L_ISS_VALID_O, 1);
		s2l_fput(m, out, S2L_ISS_SLOT_O, (unsigned)pl->iss);
		s2l_fput(m, out, S2L_ISS_WARP_O, pl->iss_warp);
		if (pl->ext) {
			s2l_fput(m, out, S2L_EXT_VALID_O, 1);
			s2l_fput(m, out, S2L_EXT_SLOT_O, (unsigned)pl->iss);
			s2l_fput(m, out, S2L_EXT_WARP_O, pl->iss_warp);
		}
	}
	if (m->tv) {
		s2l_fput(m, out, S2L_TAG_VALID_O, 1);
		s2l_fput(m, out, S2L_TAG_SLOT_O, m->ts);
		s2l_fput(m, out, S2L_TAG_WARP_O, m->tw);
	}
	if (pl->dem >= 0) {
		s2l_fput(m, out, S2L_DEM_VALID_O, 1);
		s2l_fput(m, out, S2L_DEM_SLOT_O, (unsigned)pl->dem);
		s2l_fput(m, out, S2L_DEM_WARP_O, pl->dem_warp);
		s2l_fput(m, out, S2L_DEM_CAUSE_O, pl->dem_cause);
	}
	if (pl->pro >= 0) {
		s2l_fput(m, out, S2L_PRO_VALID_O, 1);
		s2l_fput(m, out, S2L_PRO_SLOT_O, (unsigned)pl->pro);
		s2l_fput(m, out, S2L_PRO_WARP_O, pl->pro_warp);
	}
	s2l_fput(m, out, S2L_SLOT_VALID_O, m->sv);
	uint32_t *sw = out + L->off[S2L_SLOT_WARP_O];
	for (uint64_t b = m->sv; b; b &= b - 1) {
		unsigned s = wg_ctz64(b);
		wg_put(sw, s * WB, WB, m->sw[s]);
	}
	s2l_fput(m, out, S2L_ACTIVE_O, m->act);
	s2l_fput(m, out, S2L_RESIDENT_O, m->res);
	uint64_t ev = (uint64_t)(pl->iss >= 0) << L->ev_lsb[S2L_EV_SELECT] |
		      (uint64_t)(pl->dem >= 0) << L->ev_lsb[S2L_EV_DEMOTE] |
		      (uint64_t)(pl->pro >= 0) << L->ev_lsb[S2L_EV_PROMOTE] |
		      (uint64_t)pl->ext << L->ev_lsb[S2L_EV_EXIT];
	s2l_fput(m, out, S2L_EV_O, ev);
}

size_t s2l_model_size(const long *p)
{
	s2l_cfg c;
	s2l_cfg_from_params(&c, p);
	return s2l_size(&c);
}

void s2l_model_init(void *mem, const long *p, const wg_layout *L)
{
	s2l_cfg c;
	s2l_cfg_from_params(&c, p);
	s2l_model *m = s2l_init(mem, &c);
	m->lay = *L;
}

int s2l_model_eval(void *mem, const uint32_t *in, uint32_t *out, char *err, size_t errn)
{
	s2l_model *m = mem;
	char msg[S2L_MSG_LEN];
	s2l_unpack(m, in, &m->ck_in);
	int rc = s2l_check(m, &m->ck_in, msg, sizeof msg);
	s2l_plan_make(m, &m->ck_in, &m->ck_plan);
	s2l_pack(m, &m->ck_plan, out);
	m->ck_ok = 1;
	if (rc) {
		if (err && errn)
			snprintf(err, errn, "%s", msg);
		return -1;
	}
	return 0;
}

void s2l_model_tick(void *mem, const uint32_t *in)
{
	s2l_model *m = mem;
	s2l_in fi;
	s2l_unpack(m, in, &fi);
	if (fi.rst) {
		s2l_reset(m);
		return;
	}
	if (m->ck_ok && s2l_in_same(&fi, &m->ck_in)) {
		s2l_plan pl = m->ck_plan; /* s2l_apply clears ck_ok */
		s2l_apply(m, &fi, &pl);
		return;
	}
	s2l_tick(m, &fi);
}

const uint64_t *s2l_model_counts(const void *mem)
{
	return ((const s2l_model *)mem)->counts;
}
