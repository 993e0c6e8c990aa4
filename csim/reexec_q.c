/* reexec_q.c - bit-exact C cycle model of Mascar's re-execution queue.
 *
 * Implements docs/reexec_q.md "One cycle" literally: rq_eval computes the
 * outputs from the state at the start of the cycle (and lsu_req_i for
 * rp_valid_o and the events); rq_tick applies the edge. Both derive the
 * cycle's decisions from rq_plan_make, so they cannot disagree.
 *
 * The entry slots are a flexible array at the end of the model, so one
 * model is one block of rq_size() bytes with no pointer to itself. */
#include "reexec_q.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_bits.h"

/* Everything one cycle decides, from the state and the inputs. */
typedef struct rq_plan {
	unsigned full, empty; /* cnt_q == ENTRIES, cnt_q == 0 */
	unsigned rp;          /* the head goes to the L1 */
	unsigned pop, rot;    /* ACKed / NACKed replay */
	unsigned push;        /* an entry written at the tail */
} rq_plan;

struct rq_model {
	rq_cfg cfg;                     /* parameter values */
	int wb;                         /* WB: warp field bits */
	int hd, tl, cnt;                /* hd_q, tl_q, cnt_q */
	uint64_t counts[RQ_NEVENTS];    /* cumulative events (reset cycles excluded) */
	wg_layout lay;                  /* port layout of the frames (frame entry points) */
	rq_entry ent[];                 /* ent_q: ENTRIES slots */
};

/* ------------------------------------------------------------------ */
/* Configuration                                                       */
/* ------------------------------------------------------------------ */

int rq_warp_bits(const rq_cfg *c)
{
	return (int)wg_idxw((unsigned long)c->warps);
}

void rq_cfg_from_params(rq_cfg *c, const long *p)
{
	c->entries = (int)p[RQ_P_ENTRIES];
	c->threads = (int)p[RQ_P_THREADS];
	c->addr_bits = (int)p[RQ_P_ADDR_BITS];
	c->offset_bits = (int)p[RQ_P_OFFSET_BITS];
	c->warps = (int)p[RQ_P_WARPS];
	c->reg_bits = (int)p[RQ_P_REG_BITS];
	c->stores = (int)p[RQ_P_STORES];
}

void rq_cfg_to_params(const rq_cfg *c, long *p)
{
	p[RQ_P_ENTRIES] = c->entries;
	p[RQ_P_THREADS] = c->threads;
	p[RQ_P_ADDR_BITS] = c->addr_bits;
	p[RQ_P_OFFSET_BITS] = c->offset_bits;
	p[RQ_P_WARPS] = c->warps;
	p[RQ_P_REG_BITS] = c->reg_bits;
	p[RQ_P_STORES] = c->stores;
}

void rq_cfg_default(rq_cfg *c)
{
	long p[RQ_NPARAMS];
	wg_params_default(&wg_block_reexec_q, p);
	rq_cfg_from_params(c, p);
}

/* ------------------------------------------------------------------ */
/* Construction                                                        */
/* ------------------------------------------------------------------ */

size_t rq_size(const rq_cfg *c)
{
	size_t n = sizeof(struct rq_model) + (size_t)c->entries * sizeof(rq_entry);
	return (n + 7u) & ~(size_t)7u;
}

void rq_reset(rq_model *m)
{
	m->hd = m->tl = m->cnt = 0;
}

rq_model *rq_init(void *mem, const rq_cfg *c)
{
	rq_model *m = mem;
	memset(m, 0, rq_size(c));
	m->cfg = *c;
	m->wb = rq_warp_bits(c);
	rq_reset(m);
	return m;
}

rq_model *rq_new(const rq_cfg *c)
{
	void *mem = calloc(1, rq_size(c));
	return mem ? rq_init(mem, c) : NULL;
}

void rq_free(rq_model *m)
{
	free(m);
}

/* ------------------------------------------------------------------ */
/* The cycle                                                           */
/* ------------------------------------------------------------------ */

/* An entry reduced to its fields' widths (bits outside them are ignored). */
static void rq_entry_clip(const rq_cfg *c, int wb, const rq_entry *e, rq_entry *o)
{
	memset(o, 0, sizeof *o);
	o->addr = e->addr & wg_ones64(c->addr_bits);
	for (int t = 0; t < c->threads; t++)
		o->off[t] = (uint8_t)(e->off[t] & wg_ones64(c->offset_bits));
	o->warp = (unsigned)(e->warp & wg_ones64(wb));
	o->reg = (unsigned)(e->reg & wg_ones64(c->reg_bits));
	o->mask = (uint32_t)(e->mask & wg_ones64(c->threads));
	o->size = e->size & (unsigned)wg_ones64(RQ_SIZE_BITS);
	o->store = c->stores ? e->store & 1u : 0u;
}

static int rq_next_slot(const rq_model *m, int s)
{
	return s + 1 == m->cfg.entries ? 0 : s + 1;
}

/* This cycle's decisions (docs/reexec_q.md "One cycle"). After a protocol
 * violation the state is unspecified by the contract; the model then drops a
 * push into a full queue and lets an ACK win over a NACK, so that it stays
 * consistent for unit tests that go on. */
static void rq_plan_make(const rq_model *m, const rq_in *in, rq_plan *pl)
{
	pl->full = m->cnt == m->cfg.entries;
	pl->empty = m->cnt == 0;
	pl->rp = !pl->empty && !(in->lsu_req & 1u);
	pl->pop = pl->rp && (in->rp_ack & 1u);
	pl->rot = pl->rp && !pl->pop && (in->rp_nack & 1u);
	pl->push = (in->push_valid & 1u) && !pl->full;
}

/* First violated rule of "Protocol" into msg; 0 when none. */
static int rq_check(const rq_model *m, const rq_in *in, const rq_plan *pl, char *msg, size_t n)
{
	const rq_cfg *c = &m->cfg;
	unsigned ack = in->rp_ack & 1u, nack = in->rp_nack & 1u;
	msg[0] = '\0';
	if (in->rst & 1u)
		return 0;
	if ((in->push_valid & 1u) && pl->full) {
		snprintf(msg, n, "reexec_q: push_valid_i while the queue is full (push_ready_o = 0)");
		return -1;
	}
	if (pl->rp && ack == nack) {
		snprintf(msg, n, "reexec_q: the replay (rp_valid_o = 1) needs exactly one of rp_ack_i, rp_nack_i (got %u, %u)",
			 ack, nack);
		return -1;
	}
	if (!pl->rp && (ack || nack)) {
		snprintf(msg, n, "reexec_q: rp_%s_i without a replay (rp_valid_o = 0)", ack ? "ack" : "nack");
		return -1;
	}
	if (!(in->push_valid & 1u))
		return 0;
	rq_entry e;
	rq_entry_clip(c, m->wb, &in->push, &e);
	if (e.warp >= (unsigned)c->warps) {
		snprintf(msg, n, "reexec_q: push_warp_i = %u is out of range (WARPS=%d)", e.warp, c->warps);
		return -1;
	}
	if (e.mask == 0) {
		snprintf(msg, n, "reexec_q: push_mask_i = 0 (a request serves at least one lane)");
		return -1;
	}
	if (e.size > RQ_MAX_SIZE) {
		snprintf(msg, n, "reexec_q: push_size_i = %u > %d (1..16 bytes per thread)", e.size, RQ_MAX_SIZE);
		return -1;
	}
	if ((in->push.store & 1u) && !c->stores) {
		snprintf(msg, n, "reexec_q: push_store_i = 1 with STORES=0 (a refused store holds the LSU)");
		return -1;
	}
	return 0;
}

static uint64_t rq_has_of(const rq_model *m)
{
	uint64_t h = 0;
	for (int k = 0, s = m->hd; k < m->cnt; k++, s = rq_next_slot(m, s))
		if (m->ent[s].warp < 64u)
			h |= UINT64_C(1) << m->ent[s].warp;
	return h & wg_ones64(m->cfg.warps);
}

static void rq_fill_out(const rq_model *m, const rq_in *in, const rq_plan *pl, rq_out *out)
{
	memset(out, 0, sizeof *out);
	out->push_ready = !pl->full;
	out->full = pl->full;
	out->count = (unsigned)m->cnt;
	out->rp_valid = pl->rp;
	out->hd_valid = !pl->empty;
	if (!pl->empty)
		out->hd = m->ent[m->hd];
	out->has = rq_has_of(m);
	if (in->rst & 1u)
		return; /* events are zero in a reset cycle */
	out->ev[RQ_EV_PUSH] = pl->push;
	out->ev[RQ_EV_REPLAY] = pl->rp;
	out->ev[RQ_EV_POP] = pl->pop;
	out->ev[RQ_EV_ROTATE_MOVE] = pl->rot && !pl->full;
	out->ev[RQ_EV_ROTATE_PTR] = pl->rot && pl->full;
}

int rq_eval(const rq_model *m, const rq_in *in, rq_out *out)
{
	rq_plan pl;
	rq_plan_make(m, in, &pl);
	rq_fill_out(m, in, &pl, out);
	return rq_check(m, in, &pl, out->msg, sizeof out->msg);
}

void rq_tick(rq_model *m, const rq_in *in)
{
	rq_plan pl;
	if (in->rst & 1u) {
		rq_reset(m);
		return;
	}
	rq_plan_make(m, in, &pl);
	int tl = m->tl;
	if (pl.rot) {
		if (!pl.full)
			m->ent[tl] = m->ent[m->hd];
		m->hd = rq_next_slot(m, m->hd);
		tl = rq_next_slot(m, tl);
	}
	if (pl.pop)
		m->hd = rq_next_slot(m, m->hd);
	if (pl.push) {
		rq_entry_clip(&m->cfg, m->wb, &in->push, &m->ent[tl]);
		tl = rq_next_slot(m, tl);
	}
	m->tl = tl;
	m->cnt = m->cnt - (int)pl.pop + (int)pl.push;
	m->counts[RQ_EV_PUSH] += pl.push;
	m->counts[RQ_EV_REPLAY] += pl.rp;
	m->counts[RQ_EV_POP] += pl.pop;
	m->counts[RQ_EV_ROTATE_MOVE] += pl.rot && !pl.full;
	m->counts[RQ_EV_ROTATE_PTR] += pl.rot && pl.full;
}

/* ------------------------------------------------------------------ */
/* Accessors                                                           */
/* ------------------------------------------------------------------ */

const rq_cfg *rq_config(const rq_model *m)
{
	return &m->cfg;
}

const uint64_t *rq_counts(const rq_model *m)
{
	return m->counts;
}

int rq_count(const rq_model *m)
{
	return m->cnt;
}

int rq_head(const rq_model *m)
{
	return m->hd;
}

int rq_tail(const rq_model *m)
{
	return m->tl;
}

const rq_entry *rq_at(const rq_model *m, int k)
{
	if (k < 0 || k >= m->cnt)
		return NULL;
	return &m->ent[(m->hd + k) % m->cfg.entries];
}

uint64_t rq_has(const rq_model *m)
{
	return rq_has_of(m);
}

int rq_replays(const rq_model *m, int lsu_req)
{
	return m->cnt > 0 && !lsu_req;
}

/* ------------------------------------------------------------------ */
/* Frame codec                                                         */
/* ------------------------------------------------------------------ */

/* The 7 entry ports from first_port: addr, off, warp, reg, mask, size, store. */
enum { F_ADDR, F_OFF, F_WARP, F_REG, F_MASK, F_SIZE, F_STORE };

static inline void rq_put(const wg_layout *L, uint32_t *frame, int port, unsigned lsb, unsigned n, uint64_t v)
{
	wg_put(frame + L->off[port], lsb, n, v & wg_ones64(n));
}

static inline uint64_t rq_get(const wg_layout *L, const uint32_t *frame, int port, unsigned lsb, unsigned n)
{
	return wg_get(frame + L->off[port], lsb, n);
}

void rq_entry_pack(const rq_cfg *c, const wg_layout *L, const rq_entry *e, int first_port, uint32_t *frame)
{
	const int p = first_port;
	const unsigned ob = (unsigned)c->offset_bits;
	rq_put(L, frame, p + F_ADDR, 0, (unsigned)L->width[p + F_ADDR], e->addr);
	for (unsigned t = 0; t < (unsigned)c->threads; t++)
		rq_put(L, frame, p + F_OFF, t * ob, ob, e->off[t]);
	rq_put(L, frame, p + F_WARP, 0, (unsigned)L->width[p + F_WARP], e->warp);
	rq_put(L, frame, p + F_REG, 0, (unsigned)L->width[p + F_REG], e->reg);
	rq_put(L, frame, p + F_MASK, 0, (unsigned)L->width[p + F_MASK], e->mask);
	rq_put(L, frame, p + F_SIZE, 0, (unsigned)L->width[p + F_SIZE], e->size);
	rq_put(L, frame, p + F_STORE, 0, (unsigned)L->width[p + F_STORE], e->store);
}

void rq_entry_unpack(const rq_cfg *c, const wg_layout *L, const uint32_t *frame, int first_port, rq_entry *e)
{
	const int p = first_port;
	const unsigned ob = (unsigned)c->offset_bits;
	memset(e, 0, sizeof *e);
	e->addr = rq_get(L, frame, p + F_ADDR, 0, (unsigned)L->width[p + F_ADDR]);
	for (unsigned t = 0; t < (unsigned)c->threads; t++)
		e->off[t] = (uint8_t)rq_get(L, frame, p + F_OFF, t * ob, ob);
	e->warp = (unsigned)rq_get(L, frame, p + F_WARP, 0, (unsigned)L->width[p + F_WARP]);
	e->reg = (unsigned)rq_get(L, frame, p + F_REG, 0, (unsigned)L->width[p + F_REG]);
	e->mask = (uint32_t)rq_get(L, frame, p + F_MASK, 0, (unsigned)L->width[p + F_MASK]);
	e->size = (unsigned)rq_get(L, frame, p + F_SIZE, 0, (unsigned)L->width[p + F_SIZE]);
	e->store = (unsigned)rq_get(L, frame, p + F_STORE, 0, (unsigned)L->width[p + F_STORE]);
}

/* ------------------------------------------------------------------ */
/* Frame adapter (wg_block_reexec_q)                                   */
/* ------------------------------------------------------------------ */

static void rq_unpack_in(const rq_model *m, const uint32_t *in, rq_in *fi)
{
	const wg_layout *L = &m->lay;
	memset(fi, 0, sizeof *fi);
	fi->rst = (unsigned)rq_get(L, in, RQ_RST_I, 0, 1);
	fi->push_valid = (unsigned)rq_get(L, in, RQ_PUSH_VALID_I, 0, 1);
	rq_entry_unpack(&m->cfg, L, in, RQ_PUSH_ADDR_I, &fi->push);
	fi->lsu_req = (unsigned)rq_get(L, in, RQ_LSU_REQ_I, 0, 1);
	fi->rp_ack = (unsigned)rq_get(L, in, RQ_RP_ACK_I, 0, 1);
	fi->rp_nack = (unsigned)rq_get(L, in, RQ_RP_NACK_I, 0, 1);
}

static void rq_pack_out(const rq_model *m, const rq_out *o, uint32_t *out)
{
	const wg_layout *L = &m->lay;
	memset(out, 0, (size_t)L->nwords[WG_OUT] * sizeof *out);
	rq_put(L, out, RQ_PUSH_READY_O, 0, 1, o->push_ready);
	rq_put(L, out, RQ_FULL_O, 0, 1, o->full);
	rq_put(L, out, RQ_COUNT_O, 0, (unsigned)L->width[RQ_COUNT_O], o->count);
	rq_put(L, out, RQ_RP_VALID_O, 0, 1, o->rp_valid);
	rq_put(L, out, RQ_HD_VALID_O, 0, 1, o->hd_valid);
	if (o->hd_valid)
		rq_entry_pack(&m->cfg, L, &o->hd, RQ_HD_ADDR_O, out);
	rq_put(L, out, RQ_HAS_O, 0, (unsigned)L->width[RQ_HAS_O], o->has);
	uint64_t ev = 0;
	for (int e = 0; e < RQ_NEVENTS; e++)
		ev |= ((uint64_t)o->ev[e] & wg_ones64(L->ev_w[e])) << L->ev_lsb[e];
	rq_put(L, out, RQ_EV_O, 0, (unsigned)L->width[RQ_EV_O], ev);
}

size_t rq_model_size(const long *p)
{
	rq_cfg c;
	rq_cfg_from_params(&c, p);
	return rq_size(&c);
}

void rq_model_init(void *mem, const long *p, const wg_layout *L)
{
	rq_cfg c;
	rq_cfg_from_params(&c, p);
	rq_model *m = rq_init(mem, &c);
	m->lay = *L;
}

int rq_model_eval(void *mem, const uint32_t *in, uint32_t *out, char *err, size_t errn)
{
	rq_model *m = mem;
	rq_in fi;
	rq_out o;
	rq_unpack_in(m, in, &fi);
	int rc = rq_eval(m, &fi, &o);
	rq_pack_out(m, &o, out);
	if (rc) {
		if (err && errn)
			snprintf(err, errn, "%s", o.msg);
		return -1;
	}
	return 0;
}

void rq_model_tick(void *mem, const uint32_t *in)
{
	rq_model *m = mem;
	rq_in fi;
	rq_unpack_in(m, in, &fi);
	rq_tick(m, &fi);
}

const uint64_t *rq_model_counts(const void *mem)
{
	return ((const rq_model *)mem)->counts;
}
