/* prefetch_table.c - bit-exact C cycle model of APOGEE's prefetch table.
 *
 * Implements docs/prefetch_table.md literally. One helper (pt_plan_make)
 * computes everything a cycle decides from the state at its start and its
 * inputs: the outputs, the events and the whole next state. pt_eval reads
 * the outputs of that plan, pt_tick copies its next state, so the two
 * cannot disagree. Addresses, offsets and predictions use exact signed
 * 64-bit arithmetic. The model is one block without pointers into itself
 * (memcpy-able); the frame adapter is prefetch_table_frame.c. */
#include "prefetch_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_bits.h"

#define PT_MAX_PQ 64

/* A queue element. */
typedef struct pt_qel {
	uint32_t line; /* line address (LB bits) */
	pt_tag tag;    /* its tag */
	unsigned age;  /* cycles since the push, saturating at ISSUE_LAT */
} pt_qel;

/* Every register of the contract ("State"). */
typedef struct pt_state {
	pt_entry e[PT_MAX_ENTRIES];      /* the table */
	unsigned lal_pc[PT_MAX_WARPS];   /* last accessed load's PC per warp */
	unsigned lal_v;                  /* its valid bits (bit w) */
	pt_qel q[PT_MAX_PQ];             /* prefetch queue */
	unsigned hd, tl, cnt;            /* queue pointers and count */
	unsigned ph;                     /* trainer phase PT_PH_* */
	unsigned ent;                    /* the load's FOA entry */
	unsigned cur;                    /* lane cursor */
	unsigned scn;                    /* TIA scan: next entry index */
	unsigned nact;                   /* active lanes processed */
	unsigned mis, zero, early, cf;   /* trainer flags */
	unsigned pvl;                    /* pln valid */
	uint32_t pln;                    /* previous predicted line */
} pt_state;

struct pt_model {
	pt_cfg cfg;                   /* parameter values */
	int eb, wb, lb, lshift;       /* EB, WB, LB, log2(LINE_BYTES) */
	unsigned tid_ones;            /* TIDX_BITS ones: the scalar mark */
	unsigned conf_max, dist_max;  /* saturation values */
	pt_state s;                   /* registers */
	pt_in held;                   /* model only: the load's inputs at its take (protocol check) */
	uint64_t counts[PT_NEVENTS];  /* cumulative events (reset cycles excluded) */
};

/* Everything one cycle decides. */
typedef struct pt_plan {
	pt_in in;                /* the inputs cut to their port widths */
	pt_state nx;             /* the state after the edge */
	unsigned ack;            /* ld_ack_o */
	unsigned pf_valid;       /* pf_valid_o */
	uint32_t pf_line;        /* pf_line_o */
	pt_tag pf_tag;           /* pf_tag_o */
	unsigned ev[PT_NEVENTS]; /* events (0 in a reset cycle) */
} pt_plan;

/* ------------------------------------------------------------------ */
/* Life cycle                                                          */
/* ------------------------------------------------------------------ */

size_t pt_size(const pt_cfg *c)
{
	(void)c;
	return (sizeof(struct pt_model) + 7u) & ~(size_t)7u;
}

void pt_reset(pt_model *m)
{
	memset(&m->s, 0, sizeof m->s);
	memset(&m->held, 0, sizeof m->held);
}

pt_model *pt_init(void *mem, const pt_cfg *c)
{
	pt_model *m = mem;
	memset(m, 0, pt_size(c));
	m->cfg = *c;
	m->eb = pt_entry_bits(c);
	m->wb = pt_warp_bits(c);
	m->lb = pt_line_bits(c);
	m->lshift = (int)wg_clog2((unsigned long)c->line_bytes);
	m->tid_ones = (unsigned)wg_ones64(c->tidx_bits);
	m->conf_max = (unsigned)wg_ones64(c->conf_bits);
	m->dist_max = (unsigned)wg_ones64(c->dist_bits);
	pt_reset(m);
	return m;
}

pt_model *pt_new(const pt_cfg *c)
{
	void *mem = calloc(1, pt_size(c));
	return mem ? pt_init(mem, c) : NULL;
}

void pt_free(pt_model *m)
{
	free(m);
}

/* ------------------------------------------------------------------ */
/* The cycle                                                           */
/* ------------------------------------------------------------------ */

static void pt_clip(const pt_model *m, const pt_in *in, pt_in *o)
{
	const pt_cfg *c = &m->cfg;
	memset(o, 0, sizeof *o);
	o->rst = in->rst & 1u;
	o->ld_valid = in->ld_valid & 1u;
	o->ld_pc = in->ld_pc & (unsigned)wg_ones64(c->pc_bits);
	o->ld_warp = in->ld_warp & (unsigned)wg_ones64(m->wb);
	o->ld_mask = in->ld_mask & (uint32_t)wg_ones64(c->threads);
	for (int l = 0; l < c->threads; l++)
		o->ld_addr[l] = in->ld_addr[l] & (uint32_t)wg_ones64(c->addr_bits);
	o->ld_miss = in->ld_miss & 1u;
	o->ld_iter = in->ld_iter & (unsigned)wg_ones64(c->iter_bits);
	o->fill_valid = in->fill_valid & 1u;
	o->fill_tag.pc = in->fill_tag.pc & (unsigned)wg_ones64(c->pc_bits);
	o->fill_tag.entry = in->fill_tag.entry & (unsigned)wg_ones64(m->eb);
	o->fill_tag.warp = in->fill_tag.warp & (unsigned)wg_ones64(m->wb);
	o->fill_tag.last = in->fill_tag.last & 1u;
	o->fill_tag.tia = in->fill_tag.tia & 1u;
	o->pf_ready = in->pf_ready & 1u;
	o->pf_present = in->pf_present & 1u;
}

static unsigned pt_st_get(unsigned st, unsigned w)
{
	return (st >> (2u * w)) & 3u;
}

static unsigned pt_st_set(const pt_model *m, unsigned st, unsigned w, unsigned v)
{
	if ((int)w >= m->cfg.warps)
		return st; /* a warp out of range (protocol violation): no bits */
	return (st & ~(3u << (2u * w))) | (v << (2u * w));
}

/* The victim of an allocation: lowest invalid, else lowest conf (ties:
 * lowest index); never a TIA entry with pc = ld_pc, never `not` (-1: none).
 * -1 when every entry is excluded. */
static int pt_victim(const pt_model *m, const pt_state *s, unsigned pc, int not)
{
	int best = -1;
	for (int i = 0; i < m->cfg.entries; i++) {
		const pt_entry *x = &s->e[i];
		if (i == not || (x->type == PT_TYPE_TIA && x->pc == pc))
			continue;
		if (x->type == PT_TYPE_NONE)
			return i;
		if (best < 0 || x->conf < s->e[best].conf)
			best = i;
	}
	return best;
}

static int pt_fits(const pt_model *m, int64_t v)
{
	int64_t h = (int64_t)1 << (m->cfg.offset_bits - 1);
	return v >= -h && v < h;
}

/* One active lane's training step (docs "TRAIN"). */
static void pt_train_lane(const pt_model *m, pt_state *nx, unsigned lane, uint32_t a)
{
	pt_entry *x = &nx->e[nx->ent];
	if (nx->nact == 0) {
		nx->zero = 1;
	} else {
		int64_t dA = (int64_t)a - (int64_t)x->addr;
		int64_t dT = (int64_t)lane - (int64_t)x->tid;
		if (x->off_valid && dA == (int64_t)x->off * dT) {
			if (x->conf < m->conf_max)
				x->conf++;
		} else {
			nx->mis = 1;
			x->conf = 0;
			if (dT > 0 && dA % dT == 0 && pt_fits(m, dA / dT)) {
				x->off = (int)(dA / dT);
				x->off_valid = 1;
			} else {
				x->off_valid = 0;
			}
		}
		nx->zero &= dA == 0;
	}
	x->addr = a;
	x->tid = lane;
	nx->nact++;
}

/* Lane t's prediction: 1 and *line when inside the address space, 0 when
 * suppressed. */
static int pt_predict(const pt_model *m, const pt_entry *x, unsigned n, unsigned t, uint32_t *line)
{
	int64_t pa = (int64_t)x->addr + ((int64_t)x->dist * n + (int64_t)t - (int64_t)x->tid) * x->off;
	if (pa < 0 || pa >= ((int64_t)1 << m->cfg.addr_bits))
		return 0;
	*line = (uint32_t)(pa >> m->lshift);
	return 1;
}

/* A line into the queue (pops of this cycle already taken out of cnt);
 * 1 when accepted, 0 when dropped for a full queue. */
static int pt_push(const pt_model *m, pt_plan *pl, unsigned cnt_after_pop, uint32_t line, pt_tag tag)
{
	pt_state *nx = &pl->nx;
	if (cnt_after_pop < (unsigned)m->cfg.pq_depth) {
		pt_qel *q = &nx->q[nx->tl];
		q->line = line;
		q->tag = tag;
		q->age = 0;
		nx->tl = (nx->tl + 1u) % (unsigned)m->cfg.pq_depth;
		nx->cnt++;
		pl->ev[PT_EV_PUSH] = 1;
		return 1;
	}
	pl->ev[PT_EV_PQ_FULL] = 1;
	return 0;
}

/* The first cycle of a load: lookup, allocation, distance rule. */
static void pt_take(const pt_model *m, pt_plan *pl)
{
	const pt_in *in = &pl->in;
	pt_state *nx = &pl->nx;
	int e = -1;
	pl->ev[PT_EV_LOOKUP] = 1;
	for (int i = 0; i < m->cfg.entries && e < 0; i++)
		if (nx->e[i].type == PT_TYPE_FOA && nx->e[i].pc == in->ld_pc)
			e = i;
	if (e < 0) {
		e = pt_victim(m, nx, in->ld_pc, -1);
		if (e < 0)
			e = 0; /* unreachable: some entry is always FOA or invalid */
		pt_entry *x = &nx->e[e];
		x->type = PT_TYPE_FOA;
		x->pc = in->ld_pc;
		x->off_valid = 0;
		x->conf = 0;
		x->dist = 1;
		x->st = 0;
		pl->ev[PT_EV_ALLOC] = 1;
	}
	pt_entry *x = &nx->e[e];
	unsigned w = in->ld_warp, st = pt_st_get(x->st, w);
	if (st == PT_ST_SENT) {
		if (x->dist < m->dist_max)
			x->dist++;
		pl->ev[PT_EV_DIST_INC] = 1;
	} else if (st == PT_ST_BACK && in->ld_miss) {
		nx->early = 1;
	}
	x->st = pt_st_set(m, x->st, w, PT_ST_LOADED);
	nx->ent = (unsigned)e;
	nx->cur = 0;
}

/* One TRAIN cycle (chunk starting at nx->cur). */
static void pt_train(const pt_model *m, pt_plan *pl)
{
	const pt_cfg *c = &m->cfg;
	const pt_in *in = &pl->in;
	pt_state *nx = &pl->nx;
	unsigned lo = nx->cur, hi = lo + (unsigned)c->lpc;
	if (hi > (unsigned)c->threads)
		hi = (unsigned)c->threads;
	for (unsigned l = lo; l < hi; l++)
		if ((in->ld_mask >> l) & 1u) {
			pt_train_lane(m, nx, l, in->ld_addr[l]);
			pl->ev[PT_EV_TRAIN]++;
		}
	if (hi < (unsigned)c->threads) {
		nx->cur = hi;
		nx->ph = PT_PH_TRAIN;
		return;
	}
	pt_entry *x = &nx->e[nx->ent];
	unsigned scalar = nx->nact >= 2 && nx->zero && x->off_valid;
	if (scalar)
		x->tid = m->tid_ones;
	nx->cf = x->off_valid && !scalar && (int)nx->nact >= c->min_active &&
		 (long)x->conf >= (long)nx->nact - c->conf_slack;
	pl->ev[PT_EV_CONFIRM] = nx->cf;
	if (nx->early && !nx->mis) {
		if (x->dist > 1)
			x->dist--;
		pl->ev[PT_EV_DIST_DEC] = 1;
	}
	nx->cur = 0;
	nx->ph = PT_PH_GEN;
}

/* The TIA step of the first GEN cycle. */
static void pt_tia_step(const pt_model *m, pt_plan *pl)
{
	const pt_in *in = &pl->in;
	pt_state *nx = &pl->nx;
	const pt_entry *x = &nx->e[nx->ent];
	unsigned w = in->ld_warp;
	if (x->tid != m->tid_ones || !in->ld_miss || !in->ld_mask)
		return;
	uint32_t ad0 = in->ld_addr[wg_ctz64(in->ld_mask)];
	for (int i = 0; i < m->cfg.entries; i++)
		if (nx->e[i].type == PT_TYPE_TIA && nx->e[i].addr == ad0) {
			nx->e[i].st |= PT_TIA_SLOW;
			return;
		}
	if (!((nx->lal_v >> w) & 1u) || nx->lal_pc[w] == in->ld_pc)
		return;
	int v = pt_victim(m, nx, in->ld_pc, (int)nx->ent);
	if (v < 0)
		return; /* every other entry is a TIA entry of this PC */
	pt_entry *t = &nx->e[v];
	t->type = PT_TYPE_TIA;
	t->pc = nx->lal_pc[w];
	t->addr = ad0;
	t->conf = x->conf;
	t->st = 0;
	pl->ev[PT_EV_ALLOC] = 1;
	pl->ev[PT_EV_TIA_CREATE] = 1;
}

/* One GEN cycle. */
static void pt_gen(const pt_model *m, pt_plan *pl, unsigned cnt_after_pop)
{
	const pt_cfg *c = &m->cfg;
	const pt_in *in = &pl->in;
	pt_state *nx = &pl->nx;
	unsigned first = nx->cur == 0, w = in->ld_warp;
	if (first)
		pt_tia_step(m, pl);
	if (!nx->cf) {
		nx->ph = PT_PH_TSCAN;
		nx->scn = 0;
		return;
	}
	pt_entry *x = &nx->e[nx->ent];
	unsigned lo = nx->cur, hi = lo + (unsigned)c->lpc, next = hi;
	if (hi > (unsigned)c->threads)
		hi = (unsigned)c->threads;
	for (unsigned t = lo; t < hi; t++) {
		uint32_t line;
		if (!((in->ld_mask >> t) & 1u))
			continue;
		if (!pt_predict(m, x, in->ld_iter, t, &line)) {
			pl->ev[PT_EV_SUPPRESS]++;
			continue;
		}
		if (nx->pvl && line == nx->pln) {
			pl->ev[PT_EV_MERGE]++;
			continue;
		}
		unsigned last = 1;
		for (unsigned u = t + 1; u < (unsigned)c->threads && last; u++) {
			uint32_t l2;
			if (((in->ld_mask >> u) & 1u) && pt_predict(m, x, in->ld_iter, u, &l2) && l2 != line)
				last = 0;
		}
		pt_tag tag = {in->ld_pc, nx->ent, w, last, 0};
		int taken = pt_push(m, pl, cnt_after_pop, line, tag);
		nx->pln = line;
		nx->pvl = 1;
		/* sent; the batch's last line dropped for a full queue: no fill will say "back", so
		 * the warp's state returns to 00 (no timeliness information) */
		if (taken)
			x->st = pt_st_set(m, x->st, w, PT_ST_SENT);
		else if (last)
			x->st = pt_st_set(m, x->st, w, PT_ST_LOADED);
		next = t + 1;
		break;
	}
	nx->cur = next;
	if (next >= (unsigned)c->threads) {
		nx->ph = PT_PH_TSCAN;
		nx->scn = 0;
	} else {
		nx->ph = PT_PH_GEN;
	}
}

/* One TSCAN cycle; 1 when it is the ack cycle. */
static unsigned pt_tscan(const pt_model *m, pt_plan *pl, unsigned cnt_after_pop)
{
	const pt_in *in = &pl->in;
	pt_state *nx = &pl->nx;
	unsigned w = in->ld_warp;
	for (unsigned i = nx->scn; i < (unsigned)m->cfg.entries; i++) {
		pt_entry *x = &nx->e[i];
		if (x->type != PT_TYPE_TIA || x->pc != in->ld_pc)
			continue;
		pt_tag tag = {in->ld_pc, i, w, 1, 1};
		pt_push(m, pl, cnt_after_pop, (uint32_t)(x->addr >> m->lshift), tag);
		pl->ev[PT_EV_TIA_TRIGGER] = 1;
		x->st |= PT_TIA_INFLIGHT;
		if ((x->st & PT_TIA_SLOW) && ((nx->lal_v >> w) & 1u) && nx->lal_pc[w] != in->ld_pc) {
			x->pc = nx->lal_pc[w];
			x->st &= ~PT_TIA_SLOW;
			pl->ev[PT_EV_TIA_MIGRATE] = 1;
		}
		nx->scn = i + 1;
		return 0;
	}
	if ((int)w < m->cfg.warps) {
		nx->lal_pc[w] = in->ld_pc;
		nx->lal_v |= 1u << w;
	}
	nx->ph = PT_PH_IDLE;
	nx->ent = nx->cur = nx->scn = nx->nact = 0;
	nx->mis = nx->zero = nx->early = nx->cf = nx->pvl = 0;
	nx->pln = 0;
	return 1;
}

/* The line of tag t is in the L1 (filled, or found present when offered):
 * its entry's state moves as for a fill. 1 when the tag still names its entry. */
static int pt_back(const pt_model *m, pt_plan *pl, const pt_tag *t)
{
	if (t->entry >= (unsigned)m->cfg.entries)
		return 0;
	pt_entry *x = &pl->nx.e[t->entry];
	if (x->type != (t->tia ? PT_TYPE_TIA : PT_TYPE_FOA) || x->pc != t->pc)
		return 0;
	if (t->tia)
		x->st &= ~PT_TIA_INFLIGHT;
	else if (t->last && pt_st_get(x->st, t->warp) == PT_ST_SENT)
		x->st = pt_st_set(m, x->st, t->warp, PT_ST_BACK);
	return 1;
}

/* The fill of this cycle, then a head dropped as present, before the trainer. */
static void pt_fill(const pt_model *m, pt_plan *pl)
{
	if (pl->in.fill_valid && pt_back(m, pl, &pl->in.fill_tag))
		pl->ev[PT_EV_FILL] = 1;
	if (pl->ev[PT_EV_PRESENT])
		(void)pt_back(m, pl, &pl->pf_tag);
}

static void pt_plan_make(const pt_model *m, const pt_in *raw, pt_plan *pl)
{
	const pt_cfg *c = &m->cfg;
	const pt_state *s = &m->s;
	pt_state *nx = &pl->nx;
	memset(pl, 0, sizeof *pl);
	pt_clip(m, raw, &pl->in);
	const pt_in *in = &pl->in;
	*nx = *s;

	/* the queue's offer and pop */
	const pt_qel *h = &s->q[s->hd];
	pl->pf_valid = s->cnt > 0 && (c->issue_lat == 0 || h->age >= (unsigned)c->issue_lat);
	if (pl->pf_valid) {
		pl->pf_line = h->line;
		pl->pf_tag = h->tag;
	}
	unsigned pop = pl->pf_valid && (in->pf_present || in->pf_ready);
	pl->ev[PT_EV_PRESENT] = pl->pf_valid && in->pf_present;
	pl->ev[PT_EV_ISSUE] = pl->pf_valid && !in->pf_present && in->pf_ready;
	for (unsigned k = 0; k < s->cnt; k++) {
		pt_qel *q = &nx->q[(s->hd + k) % (unsigned)c->pq_depth];
		if (q->age < (unsigned)c->issue_lat)
			q->age++;
	}
	if (pop) {
		nx->hd = (s->hd + 1u) % (unsigned)c->pq_depth;
		nx->cnt--;
	}
	unsigned cnt_after_pop = nx->cnt;

	/* fills first, then the trainer */
	pt_fill(m, pl);
	switch (s->ph) {
	case PT_PH_IDLE:
		if (in->ld_valid) {
			pt_take(m, pl);
			pt_train(m, pl);
		}
		break;
	case PT_PH_TRAIN:
		pt_train(m, pl);
		break;
	case PT_PH_GEN:
		pt_gen(m, pl, cnt_after_pop);
		break;
	default:
		pl->ack = pt_tscan(m, pl, cnt_after_pop);
		break;
	}
	if (in->rst) { /* a reset cycle acknowledges no load and counts no event */
		pl->ack = 0;
		memset(pl->ev, 0, sizeof pl->ev);
		memset(nx, 0, sizeof *nx);
	}
}

static int pt_same_load(const pt_cfg *c, const pt_in *a, const pt_in *b)
{
	if (a->ld_pc != b->ld_pc || a->ld_warp != b->ld_warp || a->ld_mask != b->ld_mask || a->ld_miss != b->ld_miss ||
	    a->ld_iter != b->ld_iter)
		return 0;
	for (int l = 0; l < c->threads; l++)
		if (a->ld_addr[l] != b->ld_addr[l])
			return 0;
	return 1;
}

/* First violated rule of "Protocol" into msg; 0 when none. */
static int pt_check(const pt_model *m, const pt_plan *pl, char *msg, size_t n)
{
	const pt_in *in = &pl->in;
	msg[0] = '\0';
	if (in->rst)
		return 0;
	if (m->s.ph != PT_PH_IDLE) {
		if (!in->ld_valid) {
			snprintf(msg, n, "prefetch_table: ld_valid_i dropped in phase %u before ld_ack_o", m->s.ph);
			return -1;
		}
		if (!pt_same_load(&m->cfg, in, &m->held)) {
			snprintf(msg, n, "prefetch_table: ld_* changed in phase %u before ld_ack_o (must be held)",
				 m->s.ph);
			return -1;
		}
	}
	if (in->ld_valid && in->ld_mask == 0) {
		snprintf(msg, n, "prefetch_table: ld_valid_i with ld_mask_i = 0");
		return -1;
	}
	if (in->ld_valid && in->ld_warp >= (unsigned)m->cfg.warps) {
		snprintf(msg, n, "prefetch_table: ld_warp_i = %u not below WARPS = %d", in->ld_warp, m->cfg.warps);
		return -1;
	}
	return 0;
}

int pt_eval(const pt_model *m, const pt_in *in, pt_out *out)
{
	pt_plan pl;
	pt_plan_make(m, in, &pl);
	memset(out, 0, sizeof *out);
	out->ld_ack = pl.ack;
	out->pf_valid = pl.pf_valid;
	out->pf_line = pl.pf_line;
	out->pf_tag = pl.pf_tag;
	out->pq_count = m->s.cnt;
	out->phase = m->s.ph;
	out->entry = m->s.ent;
	memcpy(out->ev, pl.ev, sizeof out->ev);
	return pt_check(m, &pl, out->msg, sizeof out->msg);
}

void pt_tick(pt_model *m, const pt_in *raw)
{
	pt_plan pl;
	pt_plan_make(m, raw, &pl);
	if (pl.in.rst) {
		pt_reset(m);
		return;
	}
	for (int e = 0; e < PT_NEVENTS; e++)
		m->counts[e] += pl.ev[e];
	if (m->s.ph == PT_PH_IDLE && pl.in.ld_valid)
		m->held = pl.in;
	m->s = pl.nx;
}

/* ------------------------------------------------------------------ */
/* Accessors                                                           */
/* ------------------------------------------------------------------ */

const pt_cfg *pt_config(const pt_model *m)
{
	return &m->cfg;
}

const uint64_t *pt_counts(const pt_model *m)
{
	return m->counts;
}

const pt_entry *pt_entry_at(const pt_model *m, int i)
{
	return i >= 0 && i < m->cfg.entries ? &m->s.e[i] : NULL;
}

int pt_lal(const pt_model *m, int warp)
{
	if (warp < 0 || warp >= m->cfg.warps || !((m->s.lal_v >> warp) & 1u))
		return -1;
	return (int)m->s.lal_pc[warp];
}

pt_trainer pt_trainer_get(const pt_model *m)
{
	const pt_state *s = &m->s;
	return (pt_trainer){.ph = s->ph, .ent = s->ent, .cur = s->cur, .scn = s->scn, .nact = s->nact, .mis = s->mis,
			    .zero = s->zero, .early = s->early, .cf = s->cf, .pvl = s->pvl, .pln = s->pln};
}

int pt_pq_count(const pt_model *m)
{
	return (int)m->s.cnt;
}

int pt_pq_at(const pt_model *m, int k, uint32_t *line, pt_tag *tag, unsigned *age)
{
	if (k < 0 || (unsigned)k >= m->s.cnt)
		return -1;
	const pt_qel *q = &m->s.q[(m->s.hd + (unsigned)k) % (unsigned)m->cfg.pq_depth];
	if (line)
		*line = q->line;
	if (tag)
		*tag = q->tag;
	if (age)
		*age = q->age;
	return 0;
}
