/* rfc.c - bit-exact C cycle model of the register file cache.
 *
 * Implements docs/rfc.md (the cycle contract) literally: rfc_eval computes
 * the outputs of the state at the start of the cycle (S) and the inputs;
 * rfc_tick applies the rising edge. Both derive the cycle's decisions from
 * one helper (rfc_plan_make), so they cannot disagree.
 *
 * Representation: per slot, the valid and dead bits are bitmasks (bit e =
 * entry e); tags and ranks are small arrays. The lane data of an entry are
 * stored packed exactly like one element of a LANES x WIDTH port (lane l at
 * bits l*WIDTH, 32-bit words, unused high bits zero), so the frame adapter
 * moves data with memcpy. Everything lives in one block addressed by byte
 * offsets (no self pointers), so a model block can be copied. */
#include "rfc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_bits.h"

/* ------------------------------------------------------------------ */
/* Internal types                                                      */
/* ------------------------------------------------------------------ */

/* Write-path decision of one cycle (docs/rfc.md §4). */
enum {
	RFC_WC_NONE,     /* wr_valid_i = 0 */
	RFC_WC_BYPASS,   /* A.1: bypass to the MRF, invalidate (or write through) the copy */
	RFC_WC_HIT,      /* A.2: write hit, update masked lanes */
	RFC_WC_PARTIAL,  /* A.3: partial-mask miss to the MRF */
	RFC_WC_ALLOC,    /* A.4: allocate a victim (maybe evicting it) */
	RFC_WC_FALLBACK, /* A.4: every entry valid and pinned */
	RFC_WC_LATE      /* B: warp has no OWNED slot (invalidate or write through the copy) */
};

/* One read-pipeline stage, all ports. Every port of a stage came from the
 * same lookup, so one slot field stands for pslot of each port. */
typedef struct rfc_stage {
	uint8_t v;                         /* bit p: pv of port p */
	uint8_t slot;                      /* pslot (of the ports with pv = 1) */
	uint8_t idx[RFC_MAX_READ_PORTS];   /* pidx per port */
	uint8_t pad[2];                    /* 8 bytes: a stage moves as one word */
} rfc_stage;

/* Everything the cycle decides, computed from S and the inputs. */
typedef struct rfc_plan {
	unsigned ls;                          /* lookup slot (0 when out of range) */
	unsigned hit;                         /* bit p: source p hits */
	uint8_t hidx[RFC_MAX_READ_PORTS];     /* hit entry per source */
	unsigned rd;                          /* bit p: stage READ_LAT valid */
	int wcase;                            /* RFC_WC_* */
	int wslot;                            /* so (A cases) or sd (LATE), -1 none */
	int went;                             /* m (BYPASS/HIT/LATE) or victim v (ALLOC), -1 none */
	int evict;                            /* ALLOC: the victim is valid and live */
	int thru;                             /* BYPASS/LATE with m and a partial mask: write-through */
	unsigned nfl;                         /* drain ports used */
	uint8_t fl_slot[RFC_MAX_FLUSH_PORTS]; /* drained entry's slot, per port */
	uint8_t fl_ent[RFC_MAX_FLUSH_PORTS];  /* drained entry, per port */
	uint64_t to_free;                     /* DRAINING slots that become FREE */
	int flush_ok;                         /* flush_valid_i on an OWNED slot */
	int exit_ok;                          /* exit_valid_i on an OWNED slot */
	int act_ok;                           /* act_valid_i on a FREE slot, warp in range */
	uint64_t ev[RFC_NEVENTS];             /* this cycle's event counts */
} rfc_plan;

struct rfc_model {
	rfc_cfg cfg;                                          /* parameter values */
	uint32_t emask;                                       /* ENTRIES low ones */
	uint32_t rmask;                                       /* READ_PORTS low ones */
	uint32_t regmask;                                     /* REG_BITS low ones */
	uint64_t lmask;                                       /* LANES low ones */
	uint64_t wmask;                                       /* WIDTH low ones */
	unsigned lw;                                          /* LANES*WIDTH: bits of one entry */
	unsigned dw;                                          /* 32-bit words of one entry */
	uint32_t topmask;                                     /* valid bits of an entry's last word */
	size_t data_off;                                      /* byte offset of the packed lane data */
	size_t buf_off;                                       /* byte offset of the typed I/O lane buffers */
	size_t scr_off;                                       /* byte offset of a packed entry scratch */
	size_t ck_off;                                        /* byte offset of the cached input frame */
	size_t ck_cap;                                        /* words available for the cached frame */
	uint8_t st[RFC_MAX_SLOTS];                            /* slot state (RFC_SLOT_*) */
	uint8_t owner[RFC_MAX_SLOTS];                         /* slot owner warp */
	uint32_t valid[RFC_MAX_SLOTS];                        /* per slot: bit e = entry e valid */
	uint32_t dead[RFC_MAX_SLOTS];                         /* per slot: bit e = entry e dead */
	uint8_t tag[RFC_MAX_SLOTS][RFC_MAX_ENTRIES];          /* entry register id */
	uint8_t rank[RFC_MAX_SLOTS][RFC_MAX_ENTRIES];         /* entry age, 0 = youngest */
	int8_t where[RFC_MAX_SLOTS][256];                     /* [s][reg]: its valid entry, or -1 */
	int8_t wslot[RFC_MAX_WARPS];                          /* warp -> its OWNED/DRAINING slot, -1 */
	uint64_t free_mask;                                   /* bit s: slot s is FREE */
	uint64_t drain_mask;                                  /* bit s: slot s is DRAINING */
	rfc_stage pipe[RFC_MAX_READ_LAT];                     /* pipe[k-1] = stage k */
	uint64_t counts[RFC_NEVENTS];                         /* cumulative events, non-reset cycles */
	wg_layout lay;                                        /* frame adapter: port layout */
	uint32_t fmask[RFC_NPORTS];                           /* frame adapter: low-word mask per port */
	uint8_t evsh[RFC_NEVENTS];                            /* frame adapter: ev_o field positions */
	size_t key_n;                                         /* frame adapter: input words before wr_data_i */
	size_t key_n2;                                        /* frame adapter: input words after wr_data_i */
	int ck_ok;                                            /* ck_* hold eval's work for this state */
	rfc_in ck_in;                                         /* cached: unpacked control inputs */
	rfc_plan ck_plan;                                     /* cached: the cycle's decisions */
};

/* ------------------------------------------------------------------ */
/* Bit helpers                                                         */
/* ------------------------------------------------------------------ */


/* Set bits of x (x is small: entries). */
static inline unsigned rfc_pop(uint64_t x)
{
	unsigned n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

/* Set bits of a 4-bit mask (sources, read ports). */
static inline unsigned rfc_pop4(unsigned x)
{
	return (0x4332322132212110ull >> ((x & 15u) * 4u)) & 15u;
}

/* n low ones, n in 0..64. */

/* ------------------------------------------------------------------ */
/* Packed lane data                                                    */
/* ------------------------------------------------------------------ */

/* n lanes of W bits from bit lsb of packed words w into dst. */
static void rfc_get_lanes(uint64_t *dst, const uint32_t *w, unsigned lsb, size_t n, unsigned W)
{
	if (W == 32 && !(lsb & 31u)) {
		for (size_t l = 0; l < n; l++)
			dst[l] = w[(lsb >> 5) + l];
	} else if (W == 64 && !(lsb & 31u)) {
		const uint32_t *q = w + (lsb >> 5);
		for (size_t l = 0; l < n; l++)
			dst[l] = (uint64_t)q[2 * l] | ((uint64_t)q[2 * l + 1] << 32);
	} else {
		for (size_t l = 0; l < n; l++)
			dst[l] = wg_get(w, lsb + (unsigned)l * W, W);
	}
}

/* n lanes of W bits (low bits of src[l]) to bit lsb of packed words w. */
static void rfc_put_lanes(uint32_t *w, unsigned lsb, const uint64_t *src, size_t n, unsigned W)
{
	if (W == 32 && !(lsb & 31u)) {
		for (size_t l = 0; l < n; l++)
			w[(lsb >> 5) + l] = (uint32_t)src[l];
	} else if (W == 64 && !(lsb & 31u)) {
		uint32_t *q = w + (lsb >> 5);
		for (size_t l = 0; l < n; l++) {
			q[2 * l] = (uint32_t)src[l];
			q[2 * l + 1] = (uint32_t)(src[l] >> 32);
		}
	} else {
		for (size_t l = 0; l < n; l++)
			wg_put(w, lsb + (unsigned)l * W, W, src[l]);
	}
}

/* Packed entry dst takes the lanes of packed src selected by lanes. */
static void rfc_merge(const rfc_model *m, uint32_t *dst, const uint32_t *src, uint64_t lanes)
{
	unsigned W = (unsigned)m->cfg.width;
	if (lanes == m->lmask) {
		memcpy(dst, src, m->dw * sizeof *dst);
		dst[m->dw - 1] &= m->topmask;
	} else if (W == 32) {
		for (; lanes; lanes &= lanes - 1) {
			unsigned l = wg_ctz64(lanes);
			dst[l] = src[l];
		}
	} else if (W == 64) {
		for (; lanes; lanes &= lanes - 1) {
			unsigned l = wg_ctz64(lanes);
			dst[2 * l] = src[2 * l];
			dst[2 * l + 1] = src[2 * l + 1];
		}
	} else {
		for (; lanes; lanes &= lanes - 1) {
			unsigned l = wg_ctz64(lanes);
			wg_put(dst, l * W, W, wg_get(src, l * W, W));
		}
	}
}

/* ------------------------------------------------------------------ */
/* Configuration                                                       */
/* ------------------------------------------------------------------ */

void rfc_cfg_from_params(rfc_cfg *c, const long *p)
{
	c->warps = (int)p[RFC_P_WARPS];
	c->active_warps = (int)p[RFC_P_ACTIVE_WARPS];
	c->entries = (int)p[RFC_P_ENTRIES];
	c->lanes = (int)p[RFC_P_LANES];
	c->width = (int)p[RFC_P_WIDTH];
	c->reg_bits = (int)p[RFC_P_REG_BITS];
	c->read_ports = (int)p[RFC_P_READ_PORTS];
	c->read_lat = (int)p[RFC_P_READ_LAT];
	c->flush_ports = (int)p[RFC_P_FLUSH_PORTS];
	c->replacement = (int)p[RFC_P_REPLACEMENT];
	c->liveness = (int)p[RFC_P_LIVENESS];
}

void rfc_cfg_to_params(const rfc_cfg *c, long *p)
{
	p[RFC_P_WARPS] = c->warps;
	p[RFC_P_ACTIVE_WARPS] = c->active_warps;
	p[RFC_P_ENTRIES] = c->entries;
	p[RFC_P_LANES] = c->lanes;
	p[RFC_P_WIDTH] = c->width;
	p[RFC_P_REG_BITS] = c->reg_bits;
	p[RFC_P_READ_PORTS] = c->read_ports;
	p[RFC_P_READ_LAT] = c->read_lat;
	p[RFC_P_FLUSH_PORTS] = c->flush_ports;
	p[RFC_P_REPLACEMENT] = c->replacement;
	p[RFC_P_LIVENESS] = c->liveness;
}

void rfc_cfg_default(rfc_cfg *c)
{
	long p[RFC_NPARAMS];
	wg_params_default(&wg_block_rfc, p);
	rfc_cfg_from_params(c, p);
}

const char *rfc_cfg_check(const rfc_cfg *c, char *buf, size_t n)
{
	long p[RFC_NPARAMS];
	rfc_cfg_to_params(c, p);
	return wg_params_check(&wg_block_rfc, p, buf, n);
}

/* ------------------------------------------------------------------ */
/* Construction and memory layout                                      */
/* ------------------------------------------------------------------ */

static size_t rfc_align8(size_t n)
{
	return (n + 7u) & ~(size_t)7u;
}

/* 32-bit words of one packed entry. */
static size_t rfc_entry_words(const rfc_cfg *c)
{
	return ((size_t)c->lanes * (size_t)c->width + 31u) / 32u;
}

/* Lane values of the typed I/O buffers: wr_data, rd_data, wb_data, fl_data. */
static size_t rfc_buf_lanes(const rfc_cfg *c)
{
	size_t L = (size_t)c->lanes;
	return L + (size_t)c->read_ports * L + L + (size_t)c->flush_ports * L;
}

/* Words of the input frame (the descriptor's port widths). */
static size_t rfc_in_words(const rfc_cfg *c)
{
	long p[RFC_NPARAMS];
	int w[WG_MAX_PORTS], ev[WG_MAX_EVENTS];
	size_t n = 0;
	rfc_cfg_to_params(c, p);
	wg_block_rfc.widths(p, w, ev);
	for (int i = 0; i < RFC_NPORTS; i++)
		if (wg_block_rfc.ports[i].dir == WG_IN)
			n += (size_t)(w[i] + 31) / 32;
	return n;
}

/* Block: struct | packed data | typed I/O buffers | packed scratch | cached input frame. */
size_t rfc_size(const rfc_cfg *c)
{
	size_t ents = (size_t)c->active_warps * (size_t)c->entries;
	return rfc_align8(sizeof(struct rfc_model)) + rfc_align8(ents * rfc_entry_words(c) * 4u) +
	       rfc_buf_lanes(c) * 8u + rfc_align8(rfc_entry_words(c) * 4u) + rfc_align8(rfc_in_words(c) * 4u);
}

/* Packed data of entry (s, e). */
static uint32_t *rfc_ent(rfc_model *m, unsigned s, unsigned e)
{
	uint32_t *d = (uint32_t *)(void *)((char *)m + m->data_off);
	return d + ((size_t)s * (size_t)m->cfg.entries + e) * m->dw;
}

static const uint32_t *rfc_cent(const rfc_model *m, unsigned s, unsigned e)
{
	const uint32_t *d = (const uint32_t *)(const void *)((const char *)m + m->data_off);
	return d + ((size_t)s * (size_t)m->cfg.entries + e) * m->dw;
}

/* The model-owned typed I/O buffers, in the order of rfc_buf_lanes. */
static uint64_t *rfc_buf(rfc_model *m)
{
	return (uint64_t *)(void *)((char *)m + m->buf_off);
}

/* A packed entry's worth of scratch. */
static uint32_t *rfc_scratch(rfc_model *m)
{
	return (uint32_t *)(void *)((char *)m + m->scr_off);
}

/* The cached input frame of the last frame eval. */
static uint32_t *rfc_ck_frame(rfc_model *m)
{
	return (uint32_t *)(void *)((char *)m + m->ck_off);
}

void rfc_reset(rfc_model *m)
{
	int A = m->cfg.active_warps, N = m->cfg.entries;
	memset(m->wslot, -1, sizeof m->wslot);
	for (int s = 0; s < A; s++) {
		m->st[s] = RFC_SLOT_OWNED;
		m->owner[s] = (uint8_t)s;
		m->valid[s] = 0;
		m->dead[s] = 0;
		memset(m->where[s], -1, sizeof m->where[s]);
		for (int e = 0; e < N; e++)
			m->rank[s][e] = (uint8_t)e;
		if (s < m->cfg.warps)
			m->wslot[s] = (int8_t)s;
	}
	m->free_mask = 0;
	m->drain_mask = 0;
	for (int k = 0; k < RFC_MAX_READ_LAT; k++)
		m->pipe[k].v = 0;
	m->ck_ok = 0;
}

rfc_model *rfc_init(void *mem, const rfc_cfg *c)
{
	rfc_model *m = mem;
	size_t ents = (size_t)c->active_warps * (size_t)c->entries;
	memset(m, 0, rfc_size(c));
	m->cfg = *c;
	m->emask = (uint32_t)wg_ones64(c->entries);
	m->rmask = (uint32_t)wg_ones64(c->read_ports);
	m->regmask = (uint32_t)wg_ones64(c->reg_bits);
	m->lmask = wg_ones64(c->lanes);
	m->wmask = wg_ones64(c->width);
	m->lw = (unsigned)(c->lanes * c->width);
	m->dw = (unsigned)rfc_entry_words(c);
	m->topmask = (uint32_t)wg_ones64((m->lw & 31u) ? (int)(m->lw & 31u) : 32);
	m->data_off = rfc_align8(sizeof(struct rfc_model));
	m->buf_off = m->data_off + rfc_align8(ents * m->dw * 4u);
	m->scr_off = m->buf_off + rfc_buf_lanes(c) * 8u;
	m->ck_off = m->scr_off + rfc_align8(m->dw * 4u);
	m->ck_cap = rfc_in_words(c);
	rfc_reset(m);
	return m;
}

rfc_model *rfc_new(const rfc_cfg *c)
{
	void *mem = calloc(1, rfc_size(c));
	return mem ? rfc_init(mem, c) : NULL;
}

void rfc_free(rfc_model *m)
{
	free(m);
}

uint64_t *rfc_in_init(rfc_model *m, rfc_in *in)
{
	uint64_t *b = rfc_buf(m);
	memset(in, 0, sizeof *in);
	in->wr_data = b;
	return b;
}

void rfc_out_init(rfc_model *m, rfc_out *out)
{
	uint64_t *b = rfc_buf(m) + m->cfg.lanes;
	size_t L = (size_t)m->cfg.lanes;
	memset(out, 0, sizeof *out);
	out->rd_data = b;
	out->wb_data = b + (size_t)m->cfg.read_ports * L;
	out->fl_data = out->wb_data + L;
}

/* ------------------------------------------------------------------ */
/* The cycle's decisions (no side effect)                              */
/* ------------------------------------------------------------------ */

/* The valid entry of slot s whose tag is reg (< 2^REG_BITS), or -1. */
static inline int rfc_find(const rfc_model *m, unsigned s, unsigned reg)
{
	return m->where[s][reg];
}

/* Entries of slot s pinned by in-flight hits (stages 1..READ_LAT-1). */
static uint32_t rfc_pins_inflight(const rfc_model *m, unsigned s)
{
	uint32_t pin = 0;
	for (int k = 0; k < m->cfg.read_lat - 1; k++) { /* every port, no branch on v or slot */
		const rfc_stage *g = &m->pipe[k];
		unsigned v = g->slot == s ? g->v : 0u;
		for (unsigned p = 0; p < RFC_MAX_READ_PORTS; p++)
			pin |= (uint32_t)((v >> p) & 1u) << g->idx[p];
	}
	return pin;
}

/* Slots with an in-flight pin (stages 1..READ_LAT-1). */
static uint64_t rfc_pinned_slots(const rfc_model *m)
{
	uint64_t sl = 0;
	for (int k = 0; k < m->cfg.read_lat - 1; k++)
		if (m->pipe[k].v)
			sl |= UINT64_C(1) << m->pipe[k].slot;
	return sl;
}

/* §1 Lookup. */
static void rfc_plan_lookup(const rfc_model *m, const rfc_in *in, rfc_plan *pl)
{
	unsigned en = in->lu_valid ? (in->lu_en & m->rmask) : 0;
	int in_range = in->lu_valid && in->lu_slot < (unsigned)m->cfg.active_warps;
	pl->ls = in_range ? in->lu_slot : 0;
	pl->hit = 0;
	memset(pl->hidx, 0, sizeof pl->hidx);
	if (in_range) /* every port, enabled or not, hit or miss, without a branch (random) */
		for (unsigned p = 0; p < (unsigned)m->cfg.read_ports; p++) {
			int e = rfc_find(m, pl->ls, in->lu_reg[p] & m->regmask);
			unsigned h = ((en >> p) & 1u) & (unsigned)(e >= 0);
			pl->hit |= h << p;
			pl->hidx[p] = (uint8_t)(h ? e : 0);
		}
	pl->ev[RFC_EV_TAG_LOOKUP] = rfc_pop4(en);
	pl->ev[RFC_EV_MRF_READ] = rfc_pop4(en & ~pl->hit);
	pl->ev[RFC_EV_MRF_READ_AVOIDED] = rfc_pop4(pl->hit);
}

/* §2 Read: stage READ_LAT. */
static void rfc_plan_read(const rfc_model *m, rfc_plan *pl)
{
	pl->rd = m->pipe[m->cfg.read_lat - 1].v;
	pl->ev[RFC_EV_RFC_READ] = rfc_pop4(pl->rd);
}

/* §4 A.4 victim of slot s: the lowest invalid unpinned entry, else the valid
 * unpinned entry with the largest rank; -1 when every entry is pinned. */
static int rfc_victim(const rfc_model *m, unsigned s, const rfc_plan *pl)
{
	uint32_t pin = rfc_pins_inflight(m, s);
	if (pl->ls == s)
		for (unsigned b = pl->hit; b; b &= b - 1)
			pin |= UINT32_C(1) << pl->hidx[wg_ctz64(b)];
	uint32_t inv = ~m->valid[s] & ~pin & m->emask;
	if (inv)
		return (int)wg_ctz64(inv);
	int best = -1;
	for (int e = 0; e < m->cfg.entries; e++)
		if (!((pin >> e) & 1u) && (best < 0 || m->rank[s][e] > m->rank[s][best]))
			best = e;
	return best;
}

/* §4 A: the warp owns slot so. */
static void rfc_plan_active(const rfc_model *m, const rfc_in *in, unsigned so, unsigned reg,
			    rfc_plan *pl)
{
	int me = rfc_find(m, so, reg);
	pl->wslot = (int)so;
	pl->went = me;
	if (in->wr_bypass) {
		pl->wcase = RFC_WC_BYPASS;
	} else if (me >= 0) {
		pl->wcase = RFC_WC_HIT;
	} else if ((in->wr_mask & m->lmask) != m->lmask) {
		pl->wcase = RFC_WC_PARTIAL;
	} else {
		int v = rfc_victim(m, so, pl);
		pl->went = v;
		if (v < 0) {
			pl->wcase = RFC_WC_FALLBACK;
		} else {
			uint32_t bit = UINT32_C(1) << v;
			pl->wcase = RFC_WC_ALLOC;
			pl->evict = (m->valid[so] & bit) && !(m->dead[so] & bit);
		}
	}
}

/* Sets of write cases (bit c = RFC_WC_c): may write through a copy; write an
 * entry (with thru); busy the MRF port without an eviction. */
#define RFC_WCS_THRU ((1u << RFC_WC_BYPASS) | (1u << RFC_WC_LATE))
#define RFC_WCS_WRITE ((1u << RFC_WC_HIT) | (1u << RFC_WC_ALLOC))
#define RFC_WCS_BYPASS_WB \
	((1u << RFC_WC_BYPASS) | (1u << RFC_WC_PARTIAL) | (1u << RFC_WC_FALLBACK) | (1u << RFC_WC_LATE))

/* §4 Write path. */
static void rfc_plan_write(const rfc_model *m, const rfc_in *in, rfc_plan *pl)
{
	pl->wcase = RFC_WC_NONE;
	pl->wslot = -1;
	pl->went = -1;
	pl->evict = 0;
	pl->thru = 0;
	pl->ev[RFC_EV_RFC_WRITE] = pl->ev[RFC_EV_EVICT_WB] = pl->ev[RFC_EV_BYPASS_WB] = 0;
	if (!in->wr_valid)
		return;
	unsigned reg = in->wr_reg & m->regmask;
	int s = in->wr_warp < (unsigned)m->cfg.warps ? m->wslot[in->wr_warp] : -1;
	if (s >= 0 && m->st[s] == RFC_SLOT_OWNED) {
		rfc_plan_active(m, in, (unsigned)s, reg, pl);
	} else {
		pl->wcase = RFC_WC_LATE;
		if (s >= 0 && m->st[s] == RFC_SLOT_DRAINING) {
			pl->wslot = s;
			pl->went = rfc_find(m, (unsigned)s, reg);
		}
	}
	/* A.1, B: a partial mask writes through into m instead of invalidating it.
	 * Set membership of wcase by bit tables, & instead of && (no branches: the
	 * case is random from cycle to cycle). */
	unsigned wc = (unsigned)pl->wcase;
	pl->thru = (int)(((RFC_WCS_THRU >> wc) & 1u) & (pl->went >= 0) & ((in->wr_mask & m->lmask) != m->lmask));
	pl->ev[RFC_EV_RFC_WRITE] = ((RFC_WCS_WRITE >> wc) & 1u) | (unsigned)pl->thru;
	pl->ev[RFC_EV_EVICT_WB] = (unsigned)(wc == RFC_WC_ALLOC) & (unsigned)pl->evict;
	pl->ev[RFC_EV_BYPASS_WB] = (RFC_WCS_BYPASS_WB >> wc) & 1u;
}

/* §5 Drain: the first FLUSH_PORTS valid entries of DRAINING slots. */
static void rfc_plan_drain(const rfc_model *m, rfc_plan *pl)
{
	unsigned fp = (unsigned)m->cfg.flush_ports;
	pl->nfl = 0;
	for (uint64_t dm = m->drain_mask; dm && pl->nfl < fp; dm &= dm - 1) {
		unsigned s = wg_ctz64(dm);
		uint32_t b = m->valid[s];
		if (pl->wcase == RFC_WC_LATE && pl->wslot == (int)s && pl->went >= 0)
			b &= ~(UINT32_C(1) << pl->went);
		for (; b && pl->nfl < fp; b &= b - 1) {
			pl->fl_slot[pl->nfl] = (uint8_t)s;
			pl->fl_ent[pl->nfl] = (uint8_t)wg_ctz64(b);
			pl->nfl++;
		}
	}
	pl->ev[RFC_EV_FLUSH_WB] = pl->nfl;
}

/* §6.4 Slot transitions, decided on S. */
static void rfc_plan_slots(const rfc_model *m, const rfc_in *in, rfc_plan *pl)
{
	unsigned A = (unsigned)m->cfg.active_warps;
	pl->to_free = 0;
	if (m->drain_mask) {
		uint64_t pinned = rfc_pinned_slots(m);
		for (uint64_t dm = m->drain_mask; dm; dm &= dm - 1) {
			unsigned s = wg_ctz64(dm);
			if (!m->valid[s] && !((pinned >> s) & 1u))
				pl->to_free |= UINT64_C(1) << s;
		}
	}
	pl->flush_ok = in->flush_valid && in->flush_slot < A && m->st[in->flush_slot] == RFC_SLOT_OWNED;
	pl->exit_ok = in->exit_valid && in->exit_slot < A && m->st[in->exit_slot] == RFC_SLOT_OWNED;
	pl->act_ok = in->act_valid && in->act_slot < A && m->st[in->act_slot] == RFC_SLOT_FREE &&
		     in->act_warp < (unsigned)m->cfg.warps;
}

/* Every decision of the cycle. */
static void rfc_plan_make(const rfc_model *m, const rfc_in *in, rfc_plan *pl)
{
	rfc_plan_lookup(m, in, pl);
	rfc_plan_read(m, pl);
	rfc_plan_write(m, in, pl);
	rfc_plan_drain(m, pl);
	rfc_plan_slots(m, in, pl);
}

/* wb_valid_o of a plan: the MRF write port is busy (a bypass-class case, or an eviction). */
static unsigned rfc_wb_valid(const rfc_plan *pl)
{
	return (unsigned)(pl->ev[RFC_EV_BYPASS_WB] | pl->ev[RFC_EV_EVICT_WB]);
}

/* wb_cause_o, wb_reg_o, wb_mask_o of a plan with wb_valid_o = 1. */
static unsigned rfc_wb_cause(const rfc_plan *pl)
{
	switch (pl->wcase) {
	case RFC_WC_BYPASS:
		return RFC_WB_BYPASS;
	case RFC_WC_PARTIAL:
		return RFC_WB_PARTIAL;
	case RFC_WC_FALLBACK:
		return RFC_WB_FALLBACK;
	case RFC_WC_LATE:
		return RFC_WB_LATE;
	default:
		return RFC_WB_EVICT;
	}
}

static unsigned rfc_wb_reg(const rfc_model *m, const rfc_in *in, const rfc_plan *pl)
{
	return pl->wcase == RFC_WC_ALLOC ? m->tag[pl->wslot][pl->went] : (in->wr_reg & m->regmask);
}

static uint64_t rfc_wb_mask(const rfc_model *m, const rfc_in *in, const rfc_plan *pl)
{
	return pl->wcase == RFC_WC_ALLOC || pl->wcase == RFC_WC_FALLBACK ? m->lmask : (in->wr_mask & m->lmask);
}

/* ------------------------------------------------------------------ */
/* Protocol (§7)                                                       */
/* ------------------------------------------------------------------ */

static int rfc_check_slot(const rfc_model *m, const char *port, unsigned s, int want, int code,
			  char *msg, size_t n)
{
	static const char *const names[] = {"FREE", "OWNED", "DRAINING"};
	if (s >= (unsigned)m->cfg.active_warps) {
		snprintf(msg, n, "rfc: %s for slot %u which is out of range (ACTIVE_WARPS=%d)", port, s,
			 m->cfg.active_warps);
		return code;
	}
	if (m->st[s] != want) {
		snprintf(msg, n, "rfc: %s for slot %u which is not %s", port, s, names[want]);
		return code;
	}
	return RFC_OK;
}

static int rfc_check_warp(const rfc_model *m, const char *port, unsigned w, int code, char *msg,
			  size_t n)
{
	if (w >= (unsigned)m->cfg.warps) {
		snprintf(msg, n, "rfc: %s for warp %u which is out of range (WARPS=%d)", port, w,
			 m->cfg.warps);
		return code;
	}
	return RFC_OK;
}

static int rfc_check_act(const rfc_model *m, const rfc_in *in, char *msg, size_t n)
{
	int rc = rfc_check_slot(m, "act_valid_i", in->act_slot, RFC_SLOT_FREE, RFC_E_ACT_SLOT, msg, n);
	if (!rc)
		rc = rfc_check_warp(m, "act_valid_i", in->act_warp, RFC_E_ACT_WARP, msg, n);
	if (!rc && m->wslot[in->act_warp] >= 0) {
		int s = m->wslot[in->act_warp];
		snprintf(msg, n, "rfc: act_valid_i for warp %u which already owns slot %d (%s)", in->act_warp,
			 s, m->st[s] == RFC_SLOT_OWNED ? "OWNED" : "DRAINING");
		rc = RFC_E_ACT_WARP;
	}
	return rc;
}

/* 1 when the inputs surely break no rule (the common case, no messages). */
static int rfc_check_quick(const rfc_model *m, const rfc_in *in)
{
	unsigned A = (unsigned)m->cfg.active_warps;
	/* one expression, | and & instead of || and && (no branches on random inputs) */
	unsigned lu_ok = (in->lu_slot < A) & (m->st[in->lu_slot & (RFC_MAX_SLOTS - 1)] == RFC_SLOT_OWNED);
	unsigned wr_bad = (in->wr_valid != 0) & (in->wr_warp >= (unsigned)m->cfg.warps);
	unsigned bad = ((in->lu_valid != 0) & !lu_ok) | wr_bad | (in->act_valid != 0) | (in->flush_valid != 0) |
		       (in->exit_valid != 0);
	return !bad;
}

/* First violated rule of §7, or RFC_OK; message in msg ("" when none). */
static int rfc_check(const rfc_model *m, const rfc_in *in, char *msg, size_t n)
{
	int rc = RFC_OK;
	msg[0] = '\0';
	if (in->rst || rfc_check_quick(m, in))
		return RFC_OK;
	if (in->lu_valid)
		rc = rfc_check_slot(m, "lu_valid_i", in->lu_slot, RFC_SLOT_OWNED, RFC_E_LU_SLOT, msg, n);
	if (!rc && in->wr_valid)
		rc = rfc_check_warp(m, "wr_valid_i", in->wr_warp, RFC_E_WR_WARP, msg, n);
	if (!rc && in->act_valid)
		rc = rfc_check_act(m, in, msg, n);
	if (!rc && in->flush_valid)
		rc = rfc_check_slot(m, "flush_valid_i", in->flush_slot, RFC_SLOT_OWNED, RFC_E_FLUSH_SLOT,
				    msg, n);
	if (!rc && in->exit_valid)
		rc = rfc_check_slot(m, "exit_valid_i", in->exit_slot, RFC_SLOT_OWNED, RFC_E_EXIT_SLOT, msg,
				    n);
	if (!rc && in->flush_valid && in->exit_valid && in->flush_slot == in->exit_slot) {
		snprintf(msg, n, "rfc: flush_valid_i and exit_valid_i both for slot %u", in->flush_slot);
		rc = RFC_E_FLUSH_EXIT;
	}
	return rc;
}

/* ------------------------------------------------------------------ */
/* Typed outputs                                                       */
/* ------------------------------------------------------------------ */

/* LANES lanes of packed entry src into dst. */
static void rfc_lanes_of(const rfc_model *m, uint64_t *dst, const uint32_t *src)
{
	rfc_get_lanes(dst, src, 0, (size_t)m->cfg.lanes, (unsigned)m->cfg.width);
}

static void rfc_out_read(const rfc_model *m, const rfc_plan *pl, rfc_out *out)
{
	size_t L = (size_t)m->cfg.lanes;
	const rfc_stage *last = &m->pipe[m->cfg.read_lat - 1];
	out->rd_valid = pl->rd;
	for (int p = 0; p < m->cfg.read_ports; p++) {
		uint64_t *d = out->rd_data + (size_t)p * L;
		if ((pl->rd >> p) & 1u)
			rfc_lanes_of(m, d, rfc_cent(m, last->slot, last->idx[p]));
		else
			memset(d, 0, L * sizeof *d);
	}
}

static void rfc_out_write(const rfc_model *m, const rfc_in *in, const rfc_plan *pl, rfc_out *out)
{
	size_t L = (size_t)m->cfg.lanes;
	out->wb_valid = rfc_wb_valid(pl);
	if (!out->wb_valid) {
		out->wb_cause = out->wb_warp = out->wb_reg = 0;
		out->wb_mask = 0;
		memset(out->wb_data, 0, L * sizeof *out->wb_data);
		return;
	}
	out->wb_warp = in->wr_warp;
	out->wb_cause = rfc_wb_cause(pl);
	out->wb_reg = rfc_wb_reg(m, in, pl);
	out->wb_mask = rfc_wb_mask(m, in, pl);
	if (pl->wcase == RFC_WC_ALLOC) {
		rfc_lanes_of(m, out->wb_data, rfc_cent(m, (unsigned)pl->wslot, (unsigned)pl->went));
	} else {
		for (size_t l = 0; l < L; l++)
			out->wb_data[l] = in->wr_data[l] & m->wmask;
	}
}

static void rfc_out_drain(const rfc_model *m, const rfc_plan *pl, rfc_out *out)
{
	size_t L = (size_t)m->cfg.lanes;
	out->fl_valid = (unsigned)wg_ones64((int)pl->nfl);
	for (unsigned j = 0; j < RFC_MAX_FLUSH_PORTS; j++) {
		uint64_t *d = out->fl_data + j * L;
		out->fl_warp[j] = out->fl_reg[j] = 0;
		if (j < pl->nfl) {
			unsigned s = pl->fl_slot[j], e = pl->fl_ent[j];
			out->fl_warp[j] = m->owner[s];
			out->fl_reg[j] = m->tag[s][e];
			rfc_lanes_of(m, d, rfc_cent(m, s, e));
		} else if (j < (unsigned)m->cfg.flush_ports) {
			memset(d, 0, L * sizeof *d);
		}
	}
}

int rfc_eval(rfc_model *m, const rfc_in *in, rfc_out *out)
{
	rfc_plan pl;
	int rc = rfc_check(m, in, out->msg, sizeof out->msg);
	rfc_plan_make(m, in, &pl);
	out->lu_hit = pl.hit;
	rfc_out_read(m, &pl, out);
	rfc_out_write(m, in, &pl, out);
	rfc_out_drain(m, &pl, out);
	out->slot_free = m->free_mask;
	for (int e = 0; e < RFC_NEVENTS; e++)
		out->ev[e] = (unsigned)pl.ev[e];
	return rc;
}

/* ------------------------------------------------------------------ */
/* The edge (§6)                                                       */
/* ------------------------------------------------------------------ */

/* Entry (s, e) becomes invalid. */
static void rfc_inval(rfc_model *m, unsigned s, unsigned e)
{
	if ((m->valid[s] >> e) & 1u) {
		m->valid[s] &= ~(UINT32_C(1) << e);
		m->where[s][m->tag[s][e]] = -1;
	}
}

/* Every entry of slot s in mask becomes invalid. */
static void rfc_inval_mask(rfc_model *m, unsigned s, uint32_t mask)
{
	for (uint32_t b = m->valid[s] & mask; b; b &= b - 1)
		rfc_inval(m, s, wg_ctz64(b));
}

/* Entry (s, e) becomes valid with tag reg (not held by another valid entry). */
static void rfc_alloc(rfc_model *m, unsigned s, unsigned e, unsigned reg)
{
	rfc_inval(m, s, e);
	m->valid[s] |= UINT32_C(1) << e;
	m->tag[s][e] = (uint8_t)reg;
	m->where[s][reg] = (int8_t)e;
}

/* Make (s, e) youngest: younger entries age by one. */
static void rfc_touch(rfc_model *m, unsigned s, unsigned e)
{
	uint8_t *rk = m->rank[s], r = rk[e];
	for (int f = 0; f < m->cfg.entries; f++) /* no branch: which entries age is random */
		rk[f] = (uint8_t)(rk[f] + (rk[f] < r));
	rk[e] = 0;
}

/* §6.1 Lookup effects, ports ascending. */
static void rfc_apply_lookup(rfc_model *m, const rfc_in *in, const rfc_plan *pl)
{
	/* dead bits of the last-use hits, every port without a branch (hidx = 0 on a miss) */
	unsigned last = m->cfg.liveness ? (pl->hit & in->lu_last) : 0;
	uint32_t dead = 0;
	for (unsigned p = 0; p < RFC_MAX_READ_PORTS; p++)
		dead |= (uint32_t)((last >> p) & 1u) << pl->hidx[p];
	m->dead[pl->ls] |= dead;
	if (m->cfg.replacement == RFC_LRU)
		for (unsigned b = pl->hit; b; b &= b - 1)
			rfc_touch(m, pl->ls, pl->hidx[wg_ctz64(b)]);
}

/* §6.2 Write-path effects; wdata = wr_data_i packed like an entry. */
static void rfc_apply_write(rfc_model *m, const rfc_in *in, const rfc_plan *pl, const uint32_t *wdata)
{
	if (pl->wslot < 0 || pl->went < 0)
		return;
	unsigned s = (unsigned)pl->wslot, e = (unsigned)pl->went;
	uint32_t bit = UINT32_C(1) << e;
	switch (pl->wcase) {
	case RFC_WC_BYPASS:
	case RFC_WC_LATE:
		if (pl->thru) { /* write-through: masked lanes, dead = 0, no touch */
			rfc_merge(m, rfc_ent(m, s, e), wdata, in->wr_mask & m->lmask);
			m->dead[s] &= ~bit;
		} else {
			rfc_inval(m, s, e);
		}
		break;
	case RFC_WC_HIT:
		rfc_merge(m, rfc_ent(m, s, e), wdata, in->wr_mask & m->lmask);
		m->dead[s] &= ~bit;
		rfc_touch(m, s, e);
		break;
	case RFC_WC_ALLOC:
		rfc_alloc(m, s, e, in->wr_reg & m->regmask);
		m->dead[s] &= ~bit;
		rfc_merge(m, rfc_ent(m, s, e), wdata, m->lmask);
		rfc_touch(m, s, e);
		break;
	default:
		break;
	}
}

/* §6.3 Drained entries become invalid. */
static void rfc_apply_drain(rfc_model *m, const rfc_plan *pl)
{
	for (unsigned j = 0; j < pl->nfl; j++)
		rfc_inval(m, pl->fl_slot[j], pl->fl_ent[j]);
}

/* §6.4 Slot transitions. */
static void rfc_apply_slots(rfc_model *m, const rfc_in *in, const rfc_plan *pl)
{
	for (uint64_t b = pl->to_free; b; b &= b - 1) {
		unsigned s = wg_ctz64(b);
		m->st[s] = RFC_SLOT_FREE;
		m->free_mask |= UINT64_C(1) << s;
		m->drain_mask &= ~(UINT64_C(1) << s);
		if (m->owner[s] < RFC_MAX_WARPS && m->wslot[m->owner[s]] == (int8_t)s)
			m->wslot[m->owner[s]] = -1;
	}
	if (pl->flush_ok) {
		unsigned s = in->flush_slot;
		m->st[s] = RFC_SLOT_DRAINING;
		m->drain_mask |= UINT64_C(1) << s;
		rfc_inval_mask(m, s, m->dead[s]);
	}
	if (pl->exit_ok) {
		unsigned s = in->exit_slot;
		m->st[s] = RFC_SLOT_DRAINING;
		m->drain_mask |= UINT64_C(1) << s;
		rfc_inval_mask(m, s, m->valid[s]);
	}
	if (pl->act_ok) {
		unsigned s = in->act_slot;
		m->st[s] = RFC_SLOT_OWNED;
		m->owner[s] = (uint8_t)in->act_warp;
		m->free_mask &= ~(UINT64_C(1) << s);
		m->wslot[in->act_warp] = (int8_t)s;
	}
}

/* §6.5 Read pipeline shift. */
static void rfc_apply_pipe(rfc_model *m, const rfc_plan *pl)
{
	for (int k = m->cfg.read_lat - 1; k > 0; k--)
		m->pipe[k] = m->pipe[k - 1];
	m->pipe[0].v = (uint8_t)pl->hit;
	m->pipe[0].slot = (uint8_t)pl->ls;
	memcpy(m->pipe[0].idx, pl->hidx, sizeof m->pipe[0].idx);
}

_Static_assert(RFC_NEVENTS == 8, "rfc_count adds exactly 8 event counts");

/* Cumulative event counts (unrolled: this runs every cycle). */
static void rfc_count(rfc_model *m, const rfc_plan *pl)
{
	uint64_t *c = m->counts;
	const uint64_t *ev = pl->ev;
	c[0] += ev[0];
	c[1] += ev[1];
	c[2] += ev[2];
	c[3] += ev[3];
	c[4] += ev[4];
	c[5] += ev[5];
	c[6] += ev[6];
	c[7] += ev[7];
}

/* The edge of a non-reset cycle, given its plan. */
static void rfc_apply(rfc_model *m, const rfc_in *in, const rfc_plan *pl, const uint32_t *wdata)
{
	rfc_apply_lookup(m, in, pl);
	rfc_apply_write(m, in, pl, wdata);
	rfc_apply_drain(m, pl);
	rfc_apply_slots(m, in, pl);
	rfc_apply_pipe(m, pl);
	rfc_count(m, pl);
	m->ck_ok = 0;
}

/* The plan writes lane data into an entry (the cycle's rfc_write event). */
static int rfc_writes_data(const rfc_plan *pl)
{
	return pl->ev[RFC_EV_RFC_WRITE] != 0;
}

void rfc_tick(rfc_model *m, const rfc_in *in)
{
	rfc_plan pl;
	const uint32_t *wdata = NULL;
	if (in->rst) {
		rfc_reset(m);
		return;
	}
	rfc_plan_make(m, in, &pl);
	if (rfc_writes_data(&pl)) {
		uint32_t *scr = rfc_scratch(m);
		scr[m->dw - 1] = 0;
		rfc_put_lanes(scr, 0, in->wr_data, (size_t)m->cfg.lanes, (unsigned)m->cfg.width);
		wdata = scr;
	}
	rfc_apply(m, in, &pl, wdata);
}

/* ------------------------------------------------------------------ */
/* Accessors                                                           */
/* ------------------------------------------------------------------ */

static int rfc_slot_ok(const rfc_model *m, int s)
{
	return s >= 0 && s < m->cfg.active_warps;
}

static int rfc_ent_ok(const rfc_model *m, int s, int e)
{
	return rfc_slot_ok(m, s) && e >= 0 && e < m->cfg.entries;
}

const rfc_cfg *rfc_config(const rfc_model *m)
{
	return &m->cfg;
}

const uint64_t *rfc_counts(const rfc_model *m)
{
	return m->counts;
}

int rfc_slot_state(const rfc_model *m, int s)
{
	return rfc_slot_ok(m, s) ? m->st[s] : -1;
}

uint64_t rfc_slots_in_state(const rfc_model *m, int st)
{
	switch (st) {
	case RFC_SLOT_FREE:
		return m->free_mask;
	case RFC_SLOT_DRAINING:
		return m->drain_mask;
	case RFC_SLOT_OWNED:
		return wg_ones64(m->cfg.active_warps) & ~(m->free_mask | m->drain_mask);
	default:
		return 0;
	}
}

int rfc_slot_owner(const rfc_model *m, int s)
{
	return rfc_slot_ok(m, s) ? m->owner[s] : -1;
}

int rfc_slot_nvalid(const rfc_model *m, int s)
{
	return rfc_slot_ok(m, s) ? (int)rfc_pop(m->valid[s]) : 0;
}

int rfc_slot_pinned(const rfc_model *m, int s)
{
	return rfc_slot_ok(m, s) && rfc_pins_inflight(m, (unsigned)s) != 0;
}

int rfc_warp_slot(const rfc_model *m, int w)
{
	return w >= 0 && w < m->cfg.warps ? m->wslot[w] : -1;
}

uint32_t rfc_slot_valid_mask(const rfc_model *m, int s)
{
	return rfc_slot_ok(m, s) ? m->valid[s] & m->emask : 0;
}

uint32_t rfc_slot_pin_mask(const rfc_model *m, int s)
{
	return rfc_slot_ok(m, s) ? rfc_pins_inflight(m, (unsigned)s) & m->emask : 0;
}

int rfc_slot_find(const rfc_model *m, int s, unsigned reg)
{
	return rfc_slot_ok(m, s) && reg <= m->regmask ? rfc_find(m, (unsigned)s, reg) : -1;
}

int rfc_entry_valid(const rfc_model *m, int s, int e)
{
	return rfc_ent_ok(m, s, e) && ((m->valid[s] >> e) & 1u);
}

int rfc_entry_tag(const rfc_model *m, int s, int e)
{
	return rfc_ent_ok(m, s, e) ? m->tag[s][e] : 0;
}

int rfc_entry_dead(const rfc_model *m, int s, int e)
{
	return rfc_ent_ok(m, s, e) && ((m->dead[s] >> e) & 1u);
}

int rfc_entry_rank(const rfc_model *m, int s, int e)
{
	return rfc_ent_ok(m, s, e) ? m->rank[s][e] : 0;
}

int rfc_entry_pinned(const rfc_model *m, int s, int e)
{
	return rfc_ent_ok(m, s, e) && ((rfc_pins_inflight(m, (unsigned)s) >> e) & 1u);
}

int rfc_entry_data(const rfc_model *m, int s, int e, uint64_t *lanes)
{
	if (!rfc_ent_ok(m, s, e))
		return -1;
	rfc_lanes_of(m, lanes, rfc_cent(m, (unsigned)s, (unsigned)e));
	return 0;
}

/* ------------------------------------------------------------------ */
/* Frame adapter (wg_block_rfc)                                        */
/* ------------------------------------------------------------------ */

/* Input port of at most 32 bits. */
static inline unsigned rfc_fget(const rfc_model *m, const uint32_t *in, int port)
{
	return in[m->lay.off[port]] & m->fmask[port];
}

/* Every input but wr_data_i (fi->wr_data = NULL). */
static void rfc_unpack_ctl(const rfc_model *m, const uint32_t *in, rfc_in *fi)
{
	unsigned RB = (unsigned)m->cfg.reg_bits;
	fi->rst = rfc_fget(m, in, RFC_RST_I);
	fi->lu_valid = rfc_fget(m, in, RFC_LU_VALID_I);
	fi->lu_slot = rfc_fget(m, in, RFC_LU_SLOT_I);
	fi->lu_en = rfc_fget(m, in, RFC_LU_EN_I);
	fi->lu_last = rfc_fget(m, in, RFC_LU_LAST_I);
	uint64_t regs = rfc_fget(m, in, RFC_LU_REG_I); /* R*RB <= 32 bits; unused ports read 0 */
	fi->lu_reg[0] = (unsigned)regs & m->regmask;
	fi->lu_reg[1] = (unsigned)(regs >> RB) & m->regmask;
	fi->lu_reg[2] = (unsigned)(regs >> (2 * RB)) & m->regmask;
	fi->lu_reg[3] = (unsigned)(regs >> (3 * RB)) & m->regmask;
	fi->wr_valid = rfc_fget(m, in, RFC_WR_VALID_I);
	fi->wr_warp = rfc_fget(m, in, RFC_WR_WARP_I);
	fi->wr_reg = rfc_fget(m, in, RFC_WR_REG_I);
	fi->wr_mask = m->cfg.lanes > 32 ? wg_get(in + m->lay.off[RFC_WR_MASK_I], 0, (unsigned)m->cfg.lanes)
					: rfc_fget(m, in, RFC_WR_MASK_I);
	fi->wr_bypass = rfc_fget(m, in, RFC_WR_BYPASS_I);
	fi->wr_data = NULL;
	fi->act_valid = rfc_fget(m, in, RFC_ACT_VALID_I);
	fi->flush_valid = rfc_fget(m, in, RFC_FLUSH_VALID_I);
	fi->exit_valid = rfc_fget(m, in, RFC_EXIT_VALID_I);
	/* rare: their fields matter only under their valid bit */
	fi->act_slot = fi->act_valid ? rfc_fget(m, in, RFC_ACT_SLOT_I) : 0;
	fi->act_warp = fi->act_valid ? rfc_fget(m, in, RFC_ACT_WARP_I) : 0;
	fi->flush_slot = fi->flush_valid ? rfc_fget(m, in, RFC_FLUSH_SLOT_I) : 0;
	fi->exit_slot = fi->exit_valid ? rfc_fget(m, in, RFC_EXIT_SLOT_I) : 0;
}

/* Output port of at most 32 bits, value within its width. */
static inline void rfc_fput(const rfc_model *m, uint32_t *out, int port, uint32_t v)
{
	out[m->lay.off[port]] = v;
}

/* Output port of at most 64 bits (lane masks, slot_free_o), value within its width. */
static inline void rfc_fput64(const rfc_model *m, uint32_t *out, int port, uint64_t v)
{
	uint32_t *p = out + m->lay.off[port];
	p[0] = (uint32_t)v;
	if (m->lay.width[port] > 32)
		p[1] = (uint32_t)(v >> 32);
}

/* Element j (one packed entry) of a lane-data output port. */
static void rfc_put_elem(const rfc_model *m, uint32_t *out, int port, unsigned j, const uint32_t *src)
{
	uint32_t *base = out + m->lay.off[port];
	if (!(m->lw & 31u))
		memcpy(base + j * (m->lw >> 5), src, m->dw * sizeof *src);
	else
		wg_copy_in(base, j * m->lw, src, m->lw);
}

static void rfc_pack_wb(const rfc_model *m, const rfc_in *fi, const uint32_t *in, const rfc_plan *pl,
			uint32_t *out)
{
	if (!rfc_wb_valid(pl))
		return;
	rfc_fput(m, out, RFC_WB_VALID_O, 1);
	rfc_fput(m, out, RFC_WB_CAUSE_O, rfc_wb_cause(pl));
	rfc_fput(m, out, RFC_WB_WARP_O, fi->wr_warp & m->fmask[RFC_WB_WARP_O]);
	rfc_fput(m, out, RFC_WB_REG_O, rfc_wb_reg(m, fi, pl));
	rfc_fput64(m, out, RFC_WB_MASK_O, rfc_wb_mask(m, fi, pl));
	if (pl->wcase == RFC_WC_ALLOC) {
		rfc_put_elem(m, out, RFC_WB_DATA_O, 0, rfc_cent(m, (unsigned)pl->wslot, (unsigned)pl->went));
	} else { /* wr_data_i as is: same width, same packing */
		uint32_t *d = out + m->lay.off[RFC_WB_DATA_O];
		memcpy(d, in + m->lay.off[RFC_WR_DATA_I], m->dw * sizeof *d);
		d[m->dw - 1] &= m->topmask;
	}
}

static void rfc_pack_drain(const rfc_model *m, const rfc_plan *pl, uint32_t *out)
{
	unsigned WB = (unsigned)m->lay.width[RFC_WB_WARP_O], RB = (unsigned)m->cfg.reg_bits;
	uint32_t warps = 0, regs = 0;
	for (unsigned j = 0; j < pl->nfl; j++) {
		unsigned s = pl->fl_slot[j], e = pl->fl_ent[j];
		warps |= (uint32_t)m->owner[s] << (j * WB);
		regs |= (uint32_t)m->tag[s][e] << (j * RB);
		rfc_put_elem(m, out, RFC_FL_DATA_O, j, rfc_cent(m, s, e));
	}
	rfc_fput(m, out, RFC_FL_VALID_O, (uint32_t)wg_ones64((int)pl->nfl));
	rfc_fput(m, out, RFC_FL_WARP_O, warps);
	rfc_fput(m, out, RFC_FL_REG_O, regs);
}

/* ev_o: the event counts at their field positions (at most 4*3 + 3 + 4 bits;
 * unrolled: this runs every cycle). */
static uint32_t rfc_ev_word(const rfc_model *m, const rfc_plan *pl)
{
	const uint8_t *sh = m->evsh;
	const uint64_t *ev = pl->ev;
	return (uint32_t)(ev[0] << sh[0] | ev[1] << sh[1] | ev[2] << sh[2] | ev[3] << sh[3] | ev[4] << sh[4] |
			  ev[5] << sh[5] | ev[6] << sh[6] | ev[7] << sh[7]);
}

/* Every output port into the frame, straight from S and the plan. */
static void rfc_pack(const rfc_model *m, const rfc_in *fi, const uint32_t *in, const rfc_plan *pl,
		     uint32_t *out)
{
	const rfc_stage *last = &m->pipe[m->cfg.read_lat - 1];
	memset(out, 0, (size_t)m->lay.nwords[WG_OUT] * sizeof *out);
	rfc_fput(m, out, RFC_LU_HIT_O, pl->hit);
	rfc_fput(m, out, RFC_RD_VALID_O, pl->rd);
	for (unsigned b = pl->rd; b; b &= b - 1) {
		unsigned p = wg_ctz64(b);
		rfc_put_elem(m, out, RFC_RD_DATA_O, p, rfc_cent(m, last->slot, last->idx[p]));
	}
	rfc_pack_wb(m, fi, in, pl, out);
	rfc_pack_drain(m, pl, out);
	rfc_fput64(m, out, RFC_SLOT_FREE_O, m->free_mask);
	rfc_fput(m, out, RFC_EV_O, rfc_ev_word(m, pl));
}

size_t rfc_model_size(const long *p)
{
	rfc_cfg c;
	rfc_cfg_from_params(&c, p);
	return rfc_size(&c);
}

void rfc_model_init(void *mem, const long *p, const wg_layout *L)
{
	rfc_cfg c;
	rfc_cfg_from_params(&c, p);
	rfc_model *m = rfc_init(mem, &c);
	m->lay = *L;
	for (int i = 0; i < RFC_NPORTS; i++)
		m->fmask[i] = (uint32_t)wg_ones64(L->width[i] < 32 ? L->width[i] : 32);
	for (int e = 0; e < RFC_NEVENTS && e < L->nevents; e++)
		m->evsh[e] = (uint8_t)L->ev_lsb[e];
	m->key_n = (size_t)L->off[RFC_WR_DATA_I];
	m->key_n2 = (size_t)L->nwords[WG_IN] - m->key_n - m->dw;
	if ((size_t)L->nwords[WG_IN] > m->ck_cap)
		m->ck_cap = 0; /* a layout this model did not foresee: no caching */
}

/* Input words that decide the plan: all but wr_data_i (which the edge reads
 * from the frame itself). */
static void rfc_key_store(rfc_model *m, const uint32_t *in)
{
	uint32_t *k = rfc_ck_frame(m);
	memcpy(k, in, m->key_n * sizeof *in);
	memcpy(k + m->key_n, in + m->key_n + m->dw, m->key_n2 * sizeof *in);
}

static int rfc_key_same(rfc_model *m, const uint32_t *in)
{
	const uint32_t *k = rfc_ck_frame(m);
	return !memcmp(k, in, m->key_n * sizeof *in) &&
	       !memcmp(k + m->key_n, in + m->key_n + m->dw, m->key_n2 * sizeof *in);
}

int rfc_model_eval(void *mem, const uint32_t *in, uint32_t *out, char *err, size_t errn)
{
	rfc_model *m = mem;
	rfc_in *fi = &m->ck_in;   /* working storage, kept for the tick */
	rfc_plan *pl = &m->ck_plan;
	char msg[RFC_MSG_LEN];
	rfc_unpack_ctl(m, in, fi);
	int rc = rfc_check(m, fi, msg, sizeof msg);
	rfc_plan_make(m, fi, pl);
	rfc_pack(m, fi, in, pl, out);
	m->ck_ok = m->ck_cap != 0;
	if (m->ck_ok)
		rfc_key_store(m, in);
	if (rc) {
		if (err && errn)
			snprintf(err, errn, "%s", msg);
		return -1;
	}
	return 0;
}

void rfc_model_tick(void *mem, const uint32_t *in)
{
	rfc_model *m = mem;
	const rfc_plan *pl = &m->ck_plan;
	if (!(m->ck_ok && rfc_key_same(m, in))) {
		rfc_unpack_ctl(m, in, &m->ck_in);
		if (!m->ck_in.rst)
			rfc_plan_make(m, &m->ck_in, &m->ck_plan);
	}
	if (m->ck_in.rst) {
		rfc_reset(m);
		return;
	}
	rfc_apply(m, &m->ck_in, pl, in + m->lay.off[RFC_WR_DATA_I]); /* read only when the plan writes */
}

const uint64_t *rfc_model_counts(const void *mem)
{
	return ((const rfc_model *)mem)->counts;
}
