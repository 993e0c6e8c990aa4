/* rfc_stim.c - stimulus for the register file cache: a constrained-random
 * stream that respects the protocol of docs/rfc.md §7, with knobs, and the
 * named directed cases of spec §9, each of which checks itself. */
#include <stdio.h>
#include <string.h>

#include "rfc.h"
#include "rfc_cover.h"
#include "wg_bits.h"
#include "wg_kit.h"

/* ---- knobs of the random stream ---- */
enum {
	K_REUSE,      /* registers a warp works on: small = short reuse distance */
	K_LOOKUP_PCT, /* % of cycles with a TAG lookup */
	K_WRITE_PCT,  /* % of cycles with a result write-back */
	K_LL_PCT,     /* % of results that are long-latency (bypass the RFC) */
	K_PARTIAL_PCT,/* % of results with a partial (divergent) mask */
	K_LAST_PCT,   /* % of sources carrying a last-use hint */
	K_LATE_PCT,   /* % of results from a warp picked at random (often a late result) */
	K_FLUSH_PM,   /* per-mille of cycles that deactivate a warp (flush) */
	K_EXIT_PM,    /* per-mille of cycles with a warp exit */
	K_ACT_PCT,    /* % of cycles that activate a warp when a slot is free */
	K_RESET_PPM,  /* per-million of cycles with a mid-run reset */
	RFC_NKNOBS
};

static const wg_param_def rfc_knobs[RFC_NKNOBS] = {
	[K_REUSE] = {"REUSE", 8, 1, 256, NULL, "registers per warp in use (reuse distance)", "assumed"},
	[K_LOOKUP_PCT] = {"LOOKUP_PCT", 80, 0, 100, NULL, "% of cycles with a tag lookup", "assumed"},
	[K_WRITE_PCT] = {"WRITE_PCT", 70, 0, 100, NULL, "% of cycles with a result write", "assumed"},
	[K_LL_PCT] = {"LL_PCT", 10, 0, 100, NULL, "% of results that are long-latency (bypass)", "assumed"},
	[K_PARTIAL_PCT] = {"PARTIAL_PCT", 10, 0, 100, NULL, "% of results with a divergent mask", "assumed"},
	[K_LAST_PCT] = {"LAST_PCT", 30, 0, 100, NULL, "% of sources with a last-use hint", "assumed"},
	[K_LATE_PCT] = {"LATE_PCT", 10, 0, 100, NULL, "% of results from any warp (late results)", "assumed"},
	[K_FLUSH_PM] = {"FLUSH_PM", 20, 0, 1000, NULL, "per-mille of cycles that deactivate a warp", "assumed"},
	[K_EXIT_PM] = {"EXIT_PM", 5, 0, 1000, NULL, "per-mille of cycles with a warp exit", "assumed"},
	[K_ACT_PCT] = {"ACT_PCT", 50, 0, 100, NULL, "% of cycles that fill a free slot", "assumed"},
	[K_RESET_PPM] = {"RESET_PPM", 20, 0, 1000000, NULL, "per-million of cycles with a mid-run reset", "assumed"},
};

/* ---- directed cases ---- */
enum {
	C_VICTIM_PINNED,
	C_ALL_PINNED,
	C_DEMOTE_INFLIGHT,
	C_SUPERSEDED_FLUSH,
	C_LL_INVALIDATES,
	C_SAME_REG_LAST_USE,
	C_WRITE_HIT_OLDEST,
	C_RESET_FIRST_ACT,
	C_EXIT_DROPS,
	C_PARTIAL_MASK,
	C_DEAD_VICTIM,
	C_LRU_TOUCH,
	C_PINNED_INVALID,
	C_PARTIAL_BYPASS,
	RFC_NCASES
};


/* ---- generator state ---- */
typedef struct rfc_stim {
	const wg_layout *L;     /* frame layout */
	long A, N, LN, W, R;    /* ACTIVE_WARPS, ENTRIES, LANES, WIDTH, READ_PORTS */
	long warps, rb, lat, fp;/* WARPS, REG_BITS, READ_LAT, FLUSH_PORTS */
	long k[RFC_NKNOBS];     /* knob values */
	int cs;                 /* directed case, or -1 */
	wg_case_runner run;     /* its runner (wg_kit.h) */
	uint64_t rng;           /* xorshift state */
	int seen[8];            /* directed case: events that must have happened */
	uint64_t in_state[3];   /* random stream: slots in each RFC_SLOT_* state this cycle (bit s) */
} rfc_stim;

static long pick(rfc_stim *s, long n) { return wg_pick(&s->rng, n); }
static int pct(rfc_stim *s, long p) { return wg_pct(&s->rng, p); }

/* ---- frame helpers: element idx of width w of a port ---- */
#define put(s, f, port, idx, w, v) wg_elem_put((s)->L, f, port, idx, w, v)
#define get(s, f, port, idx, w) wg_elem_get((s)->L, f, port, idx, w)


/* The data a case writes: distinct per warp, register, version and lane. */
static uint64_t pat(long warp, long reg, long ver, long lane, long w)
{
	uint64_t x = (uint64_t)(warp * 1000003 + reg * 10007 + ver * 101 + lane + 1) * UINT64_C(0x9E3779B97F4A7C15);
	return (x ^ (x >> 29)) & wg_ones64(w);
}

static int sb(const rfc_stim *s) { return s->L->width[RFC_LU_SLOT_I]; }
static int wbw(const rfc_stim *s) { return s->L->width[RFC_WR_WARP_I]; }

static void lookup(rfc_stim *s, uint32_t *in, long slot, long p, long reg, int last)
{
	put(s, in, RFC_LU_VALID_I, 0, 1, 1);
	put(s, in, RFC_LU_SLOT_I, 0, sb(s), (uint64_t)slot);
	put(s, in, RFC_LU_EN_I, p, 1, 1);
	put(s, in, RFC_LU_REG_I, p, s->rb, (uint64_t)reg);
	put(s, in, RFC_LU_LAST_I, p, 1, (uint64_t)last);
}

/* A result of `warp` for `reg`, version `ver`, on the lanes of `mask`. */
static void write(rfc_stim *s, uint32_t *in, long warp, long reg, long ver, uint64_t mask, int bypass)
{
	put(s, in, RFC_WR_VALID_I, 0, 1, 1);
	put(s, in, RFC_WR_WARP_I, 0, wbw(s), (uint64_t)warp);
	put(s, in, RFC_WR_REG_I, 0, s->rb, (uint64_t)reg);
	put(s, in, RFC_WR_BYPASS_I, 0, 1, (uint64_t)bypass);
	for (long l = 0; l < s->LN; l++) {
		put(s, in, RFC_WR_MASK_I, l, 1, (mask >> (l & 63)) & 1u);
		put(s, in, RFC_WR_DATA_I, l, s->W, pat(warp, reg, ver, l, s->W));
	}
}

static uint64_t full(const rfc_stim *s) { return wg_ones64(s->LN); }

static void ctl(rfc_stim *s, uint32_t *in, int valid_port, long slot)
{
	put(s, in, valid_port, 0, 1, 1);
	put(s, in, valid_port + 1, 0, sb(s), (uint64_t)slot);
}

static void act(rfc_stim *s, uint32_t *in, long slot, long warp)
{
	ctl(s, in, RFC_ACT_VALID_I, slot);
	put(s, in, RFC_ACT_WARP_I, 0, wbw(s), (uint64_t)warp);
}

/* Does read port p return `warp`/`reg`/`ver` on every lane? */
static int rd_is(const rfc_stim *s, const uint32_t *out, long p, long warp, long reg, long ver)
{
	if (!get(s, out, RFC_RD_VALID_O, p, 1))
		return 0;
	for (long l = 0; l < s->LN; l++)
		if (get(s, out, RFC_RD_DATA_O, p * s->LN + l, s->W) != pat(warp, reg, ver, l, s->W))
			return 0;
	return 1;
}

/* Is the write-path MRF port writing (cause, reg) of `warp` version `ver`? */
static int wb_is(const rfc_stim *s, const uint32_t *out, long cause, long warp, long reg, long ver)
{
	if (!get(s, out, RFC_WB_VALID_O, 0, 1) || (long)get(s, out, RFC_WB_CAUSE_O, 0, 3) != cause ||
	    (long)get(s, out, RFC_WB_WARP_O, 0, wbw(s)) != warp || (long)get(s, out, RFC_WB_REG_O, 0, s->rb) != reg)
		return 0;
	for (long l = 0; l < s->LN; l++)
		if (get(s, out, RFC_WB_MASK_O, l, 1) &&
		    get(s, out, RFC_WB_DATA_O, l, s->W) != pat(warp, reg, ver, l, s->W))
			return 0;
	return 1;
}

static int wb_any(const rfc_stim *s, const uint32_t *out) { return (int)get(s, out, RFC_WB_VALID_O, 0, 1); }
static int hit(const rfc_stim *s, const uint32_t *out, long p) { return (int)get(s, out, RFC_LU_HIT_O, p, 1); }

static int fl_any(const rfc_stim *s, const uint32_t *out)
{
	for (long j = 0; j < s->fp; j++)
		if (get(s, out, RFC_FL_VALID_O, j, 1))
			return 1;
	return 0;
}

/* Drain port 0 writes back `reg` of `warp`? */
static int fl_is(const rfc_stim *s, const uint32_t *out, long warp, long reg, long ver)
{
	if (!get(s, out, RFC_FL_VALID_O, 0, 1) || (long)get(s, out, RFC_FL_WARP_O, 0, wbw(s)) != warp ||
	    (long)get(s, out, RFC_FL_REG_O, 0, s->rb) != reg)
		return 0;
	for (long l = 0; l < s->LN; l++)
		if (get(s, out, RFC_FL_DATA_O, l, s->W) != pat(warp, reg, ver, l, s->W))
			return 0;
	return 1;
}

/* Do LANES elements of `port` from element e0 hold `warp`/`reg` version vnew
 * on the lanes of mask and version vold on the others? */
static int merged_is(const rfc_stim *s, const uint32_t *out, int port, long e0, long warp, long reg,
		     uint64_t mask, long vnew, long vold)
{
	for (long l = 0; l < s->LN; l++)
		if (get(s, out, port, e0 + l, s->W) != pat(warp, reg, (mask >> l) & 1u ? vnew : vold, l, s->W))
			return 0;
	return 1;
}

static long fl_reg(const rfc_stim *s, const uint32_t *out, long j)
{
	return get(s, out, RFC_FL_VALID_O, j, 1) ? (long)get(s, out, RFC_FL_REG_O, j, s->rb) : -1;
}

static int slot_free(const rfc_stim *s, const uint32_t *out, long slot)
{
	return (int)get(s, out, RFC_SLOT_FREE_O, slot, 1);
}

/* ---- the random stream ---- */

/* Read the slot states of the model once per cycle (ACTIVE_WARPS <= 64). */
static void slot_states(rfc_stim *s, const rfc_model *m)
{
	for (int st = RFC_SLOT_FREE; st <= RFC_SLOT_DRAINING; st++)
		s->in_state[st] = rfc_slots_in_state(m, st);
}

/* A slot in state `st` other than `not`, or -1: the first one at or after a
 * random start (one draw per call; the stream is biased only in which of
 * several candidates it takes, never in what it may take). */
static long random_slot(rfc_stim *s, int st, long not)
{
	uint64_t c = s->in_state[st] & ~(not >= 0 ? UINT64_C(1) << not : 0);
	if (!c)
		return -1;
	long start = pick(s, s->A);
	uint64_t after = c & (~UINT64_C(0) << start);
	return (long)wg_ctz64(after ? after : c);
}

/* n pseudo-random bits into a frame field that starts on a word boundary: one
 * draw seeds a 64-bit LCG whose high halves fill the words (data only has to
 * differ between lanes and writes; one multiply-add per word keeps it cheap). */
static void random_lanes(rfc_stim *s, uint32_t *w, long n)
{
	long words = (n + 31) / 32;
	uint64_t x = wg_rng_next(&s->rng);
	for (long i = 0; i < words; i += 2) {
		x = x * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
		w[i] = (uint32_t)(x >> 32);
		if (i + 1 < words)
			w[i + 1] = (uint32_t)x ^ (uint32_t)(x >> 29);
	}
	if (n % 32)
		w[words - 1] &= (1u << (n % 32)) - 1u;
}

static int random_next(rfc_stim *s, const rfc_model *m, uint32_t *in, long cyc)
{
	if (cyc < 2 || pick(s, 1000000) < s->k[K_RESET_PPM]) {
		put(s, in, RFC_RST_I, 0, 1, 1);
		return 1;
	}
	long reuse = s->k[K_REUSE] < (1L << s->rb) ? s->k[K_REUSE] : (1L << s->rb);
	slot_states(s, m);
	if (pct(s, s->k[K_LOOKUP_PCT])) {
		long slot = random_slot(s, RFC_SLOT_OWNED, -1);
		if (slot >= 0) {
			put(s, in, RFC_LU_VALID_I, 0, 1, 1);
			put(s, in, RFC_LU_SLOT_I, 0, sb(s), (uint64_t)slot);
			for (long p = 0; p < s->R; p++) {
				put(s, in, RFC_LU_EN_I, p, 1, pct(s, 85));
				put(s, in, RFC_LU_REG_I, p, s->rb, (uint64_t)pick(s, reuse));
				put(s, in, RFC_LU_LAST_I, p, 1, pct(s, s->k[K_LAST_PCT]));
			}
		}
	}
	if (pct(s, s->k[K_WRITE_PCT])) {
		/* Mostly results of active warps; LATE_PCT of them from elsewhere: half
		 * from a warp whose slot is still draining (spec §9 #4-#5), half from
		 * any warp. */
		long slot = random_slot(s, RFC_SLOT_OWNED, -1), warp;
		if (slot >= 0 && !pct(s, s->k[K_LATE_PCT]))
			warp = (long)rfc_slot_owner(m, (int)slot);
		else if ((slot = random_slot(s, RFC_SLOT_DRAINING, -1)) >= 0 && pct(s, 50))
			warp = (long)rfc_slot_owner(m, (int)slot);
		else
			warp = pick(s, s->warps);
		long reg = pick(s, reuse);
		uint64_t mask = full(s);
		if (s->LN > 1 && pct(s, s->k[K_PARTIAL_PCT]))
			mask &= wg_rng_next(&s->rng);
		put(s, in, RFC_WR_VALID_I, 0, 1, 1);
		put(s, in, RFC_WR_WARP_I, 0, wbw(s), (uint64_t)warp);
		put(s, in, RFC_WR_REG_I, 0, s->rb, (uint64_t)reg);
		put(s, in, RFC_WR_BYPASS_I, 0, 1, pct(s, s->k[K_LL_PCT]));
		put(s, in, RFC_WR_MASK_I, 0, s->LN, mask); /* LANES <= 64 */
		random_lanes(s, in + s->L->off[RFC_WR_DATA_I], s->LN * s->W);
	}
	long fl = -1;
	if (pick(s, 1000) < s->k[K_FLUSH_PM] && (fl = random_slot(s, RFC_SLOT_OWNED, -1)) >= 0)
		ctl(s, in, RFC_FLUSH_VALID_I, fl);
	long ex;
	if (pick(s, 1000) < s->k[K_EXIT_PM] && (ex = random_slot(s, RFC_SLOT_OWNED, fl)) >= 0)
		ctl(s, in, RFC_EXIT_VALID_I, ex);
	long fr;
	if (pct(s, s->k[K_ACT_PCT]) && (fr = random_slot(s, RFC_SLOT_FREE, -1)) >= 0) {
		/* a warp that owns no slot (neither OWNED nor DRAINING) */
		long start = pick(s, s->warps);
		for (long i = 0; i < s->warps; i++) {
			long w = (start + i) % s->warps;
			if (rfc_warp_slot(m, (int)w) < 0) {
				act(s, in, fr, w);
				break;
			}
		}
	}
	return 1;
}

/* ---- directed cases: drive ---- */

/* Cycles 0 and 1 reset; scripts count from cycle 2 (t = cyc - 2). */
/* ---- directed cases (wg_kit.h): one function each, every cycle's drive beside its checks ----
 * The prologue holds reset for two cycles; a case's cycle t counts from there.
 * Drive lines only write the frame; seen flags and the marker are set in the
 * CHECK phase (wg_checking, wg_key). */

static void rfc_prologue(void *st, uint32_t *in, long cyc)
{
	(void)cyc;
	rfc_stim *s = st;
	put(s, in, RFC_RST_I, 0, 1, 1);
}

/* In a case's CHECK phase: event i of the scenario happened. */
static void seen(rfc_stim *s, const wg_cyc *c, int i)
{
	if (wg_checking(c))
		s->seen[i] = 1;
}

/* ENTRIES=2, warp 0 in slot 0 */
static void case_victim_pinned(void *st, wg_cyc *c)
{
	rfc_stim *s = st;
	const uint32_t *out = c->out;
	long t = c->t, L = s->lat;
	if (t == 0) write(s, c->in, 0, 1, 0, full(s), 0);        /* r1 -> entry 0 (oldest) */
	if (t == 1) write(s, c->in, 0, 2, 0, full(s), 0);        /* r2 -> entry 1 */
	if (t == 2) lookup(s, c->in, 0, 0, 1, 0);                /* hit r1: pinned until its read */
	if (t == 3) write(s, c->in, 0, 3, 0, full(s), 0);        /* miss: victim must be r2, not r1 */
	/* r1's read happens now (no pin): victim r1 */
	if (t == 2 + L) lookup(s, c->in, 0, 0, 3, 0), write(s, c->in, 0, 4, 0, full(s), 0);
	/* no pin in flight and r3 is now FIFO-oldest: hit it in the cycle of a miss */
	if (t == 3 + 2 * L) lookup(s, c->in, 0, 0, 3, 0), write(s, c->in, 0, 5, 0, full(s), 0);
	if (wg_checking(c)) {
		if (t == 2) WG_EXPECT(c, hit(s, out, 0), "r1 should hit");
		if (t == 3) {
			WG_EXPECT(c, wb_is(s, out, RFC_WB_EVICT, 0, 2, 0), "the miss should evict r2 (r1 is pinned), not r1");
			seen(s, c, 0), wg_key(c);
		}
		if (t == 2 + L) WG_EXPECT(c, rd_is(s, out, 0, 0, 1, 0), "the pinned read must return r1's original data");
		if (t == 2 + L) {
			WG_EXPECT(c, hit(s, out, 0), "r3 should hit");
			WG_EXPECT(c, wb_is(s, out, RFC_WB_EVICT, 0, 1, 0), "the read of stage READ_LAT does not pin: the victim is r1");
			seen(s, c, 1);
		}
		if (t == 2 + 2 * L) WG_EXPECT(c, rd_is(s, out, 0, 0, 3, 0), "the hit must read r3's data");
		if (t == 3 + 2 * L) {
			WG_EXPECT(c, hit(s, out, 0) && wb_is(s, out, RFC_WB_EVICT, 0, 4, 0),
				  "same-cycle hit on the FIFO-oldest r3: the victim must be r4");
			seen(s, c, 2);
		}
		if (t == 3 + 3 * L) WG_EXPECT(c, rd_is(s, out, 0, 0, 3, 0), "the same-cycle hit must read r3's data");
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1] && s->seen[2], "the scenario did not reach all three of its checks");
	wg_case_len(c, 5 + 3 * L);
}

/* ENTRIES=2 */
static void case_all_pinned(void *st, wg_cyc *c)
{
	rfc_stim *s = st;
	const uint32_t *out = c->out;
	long t = c->t, L = s->lat;
	if (t == 0) write(s, c->in, 0, 1, 0, full(s), 0);
	if (t == 1) write(s, c->in, 0, 2, 0, full(s), 0);
	if (t == 2) lookup(s, c->in, 0, 0, 1, 0), lookup(s, c->in, 0, 1, 2, 0);
	if (t == 3) write(s, c->in, 0, 3, 0, full(s), 0);        /* both pinned: fallback */
	if (t == 3 + L) lookup(s, c->in, 0, 0, 3, 0);             /* r3 was not allocated */
	if (wg_checking(c)) {
		if (t == 3) {
			WG_EXPECT(c, wb_is(s, out, RFC_WB_FALLBACK, 0, 3, 0), "with every entry pinned r3 must fall back to the MRF");
			seen(s, c, 0), wg_key(c);
		}
		if (t == 2 + L) WG_EXPECT(c, rd_is(s, out, 0, 0, 1, 0) && rd_is(s, out, 1, 0, 2, 0), "pinned reads keep r1, r2");
		if (t == 3 + L) WG_EXPECT(c, !hit(s, out, 0), "r3 must not be in the RFC after a fallback");
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "the scenario's key event did not happen");
	wg_case_len(c, 8 + L);
}

/* warp 0 demoted from slot 0, warp 8 takes the slot */
static void case_demote_inflight(void *st, wg_cyc *c)
{
	rfc_stim *s = st;
	const uint32_t *out = c->out;
	long t = c->t, L = s->lat;
	if (t == 0) write(s, c->in, 0, 1, 0, full(s), 0);
	if (t == 1) write(s, c->in, 0, 2, 0, full(s), 0);
	if (t == 2) ctl(s, c->in, RFC_FLUSH_VALID_I, 0);
	if (t == 3) write(s, c->in, 0, 5, 0, full(s), 0);        /* late ALU result of warp 0 */
	if (t == 6) act(s, c->in, 0, 8);                          /* slot FREE by now */
	if (t == 7) write(s, c->in, 0, 6, 0, full(s), 0);        /* late SFU result: still MRF */
	if (t == 8) lookup(s, c->in, 0, 0, 5, 0), lookup(s, c->in, 0, 1, 6, 0);
	if (wg_checking(c)) {
		if (t == 3) {
			WG_EXPECT(c, wb_is(s, out, RFC_WB_LATE, 0, 5, 0), "a result of a demoted warp goes to the MRF as LATE");
			WG_EXPECT(c, fl_is(s, out, 0, 1, 0), "the drain writes back r1 first");
			seen(s, c, 0), wg_key(c);
		}
		if (t == 4) WG_EXPECT(c, fl_is(s, out, 0, 2, 0), "then r2");
		if (t == 6) WG_EXPECT(c, slot_free(s, out, 0), "slot 0 is FREE two cycles after its last drain");
		if (t == 7) WG_EXPECT(c, wb_is(s, out, RFC_WB_LATE, 0, 6, 0), "warp 0's result after re-use of its slot: LATE");
		if (t == 8) {
			WG_EXPECT(c, !hit(s, out, 0) && !hit(s, out, 1), "warp 8 must not see warp 0's late results in slot 0");
			seen(s, c, 1);
		}
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the scenario did not reach both of its checks");
	wg_case_len(c, 10 + L);
}

/* FLUSH_PORTS=1: r1..r4 drained one per cycle */
static void case_superseded_flush(void *st, wg_cyc *c)
{
	rfc_stim *s = st;
	const uint32_t *out = c->out;
	long t = c->t;
	for (long r = 1; r <= 4; r++)
		if (t == r - 1) write(s, c->in, 0, r, 0, full(s), 0);
	if (t == 4) ctl(s, c->in, RFC_FLUSH_VALID_I, 0);
	if (t == 7) write(s, c->in, 0, 3, 1, full(s), 0);        /* newer r3 just as r3 would drain */
	if (wg_checking(c)) {
		long r = fl_reg(s, out, 0);
		if (t == 7) {
			WG_EXPECT(c, wb_is(s, out, RFC_WB_LATE, 0, 3, 1), "the newer r3 goes to the MRF");
			WG_EXPECT(c, r != 3, "the old r3 must not be drained in the cycle the new one arrives");
			seen(s, c, 0), wg_key(c);
		}
		if (t > 7 && r == 3) WG_EXPECT(c, 0, "the old r3 was drained after the newer r3 reached the MRF");
		if (r >= 0) s->seen[1] |= 1 << r;
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[0], "the newer r3 never arrived");
		WG_EXPECT(c, s->seen[1] == ((1 << 1) | (1 << 2) | (1 << 4)), "the drain should write back r1, r2 and r4 only");
	}
	wg_case_len(c, 14);
}

static void case_ll_invalidates(void *st, wg_cyc *c)
{
	rfc_stim *s = st;
	const uint32_t *out = c->out;
	long t = c->t, L = s->lat;
	if (t == 0) write(s, c->in, 0, 1, 0, full(s), 0);
	if (t == 1) lookup(s, c->in, 0, 0, 1, 0);
	if (t == 2) write(s, c->in, 0, 1, 1, full(s), 1);        /* long-latency r1 */
	if (t == 3) lookup(s, c->in, 0, 0, 1, 0);                /* must miss */
	if (wg_checking(c)) {
		if (t == 1) WG_EXPECT(c, hit(s, out, 0), "r1 should hit before the long-latency write");
		if (t == 2) {
			WG_EXPECT(c, wb_is(s, out, RFC_WB_BYPASS, 0, 1, 1), "the long-latency r1 goes to the MRF");
			seen(s, c, 0), wg_key(c);
		}
		if (t == 3) WG_EXPECT(c, !hit(s, out, 0), "the stale copy of r1 must be gone");
		if (t == 1 + L) WG_EXPECT(c, rd_is(s, out, 0, 0, 1, 0), "the earlier hit still reads the old r1");
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "the scenario's key event did not happen");
	wg_case_len(c, 6 + L);
}

/* ENTRIES=6: fill, then push r1 out */
static void case_same_reg_last_use(void *st, wg_cyc *c)
{
	rfc_stim *s = st;
	const uint32_t *out = c->out;
	long t = c->t, L = s->lat;
	if (t == 0) write(s, c->in, 0, 1, 0, full(s), 0);
	if (t == 1) write(s, c->in, 0, 2, 0, full(s), 0);
	if (t == 2) lookup(s, c->in, 0, 0, 1, 1), lookup(s, c->in, 0, 1, 2, 1); /* last uses of r1, r2 */
	if (t == 3 + L) write(s, c->in, 0, 1, 1, full(s), 0);    /* r1 = r1 + r2: the write hit revives r1 */
	for (long i = 0; i < s->N; i++)                          /* N more values push r2 and r1 out */
		if (t == 4 + L + i) write(s, c->in, 0, 10 + i, 0, full(s), 0);
	if (wg_checking(c)) {
		if (t == 3 + L) WG_EXPECT(c, !wb_any(s, out), "the write hit on dead r1 writes nothing to the MRF");
		if (wb_any(s, out) && get(s, out, RFC_WB_REG_O, 0, s->rb) == 1) {
			WG_EXPECT(c, wb_is(s, out, RFC_WB_EVICT, 0, 1, 1), "revived r1 must be written back when evicted");
			seen(s, c, 0), wg_key(c);
		}
		if (wb_any(s, out) && get(s, out, RFC_WB_REG_O, 0, s->rb) == 2) seen(s, c, 1);
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[0], "r1 was never evicted");
		WG_EXPECT(c, !s->seen[1], "dead r2 must never be written back");
	}
	wg_case_len(c, 7 + L + s->N);
}

/* ENTRIES=3 */
static void case_write_hit_oldest(void *st, wg_cyc *c)
{
	rfc_stim *s = st;
	const uint32_t *out = c->out;
	long t = c->t;
	if (t <= 2) write(s, c->in, 0, t + 1, 0, full(s), 0);    /* r1 (oldest), r2, r3 */
	if (t == 3) write(s, c->in, 0, 1, 1, full(s), 0);        /* hit on the oldest */
	if (t == 4) write(s, c->in, 0, 4, 0, full(s), 0);        /* victim: r2 */
	if (t == 5) write(s, c->in, 0, 5, 0, full(s), 0);        /* victim: r3 */
	if (wg_checking(c)) {
		if (t == 3) WG_EXPECT(c, !wb_any(s, out), "a write hit writes nothing back");
		if (t == 4) {
			WG_EXPECT(c, wb_is(s, out, RFC_WB_EVICT, 0, 2, 0), "after the hit on r1 the victim is r2");
			seen(s, c, 0), wg_key(c);
		}
		if (t == 5) WG_EXPECT(c, wb_is(s, out, RFC_WB_EVICT, 0, 3, 0), "then r3");
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "the scenario's key event did not happen");
	wg_case_len(c, 8);
}

/* ACTIVE_WARPS=4 */
static void case_reset_first_act(void *st, wg_cyc *c)
{
	rfc_stim *s = st;
	const uint32_t *out = c->out;
	long t = c->t;
	if (t < 4) lookup(s, c->in, t, 0, 1, 0);                 /* every slot empty: misses */
	if (t == 4) write(s, c->in, 2, 1, 0, full(s), 0);
	if (t == 5) ctl(s, c->in, RFC_EXIT_VALID_I, 1);
	if (t == 7) act(s, c->in, 1, 4);                          /* warp A into the freed slot */
	if (t == 8) lookup(s, c->in, 2, 0, 1, 0), write(s, c->in, 4, 1, 0, full(s), 0);
	if (t == 9) put(s, c->in, RFC_RST_I, 0, 1, 1);           /* mid-run reset */
	if (t == 10) lookup(s, c->in, 2, 0, 1, 0);               /* empty again: miss */
	if (wg_checking(c)) {
		if (t < 4) WG_EXPECT(c, !hit(s, out, 0), "slot %ld must start empty", t);
		if (t == 0)
			for (long i = 0; i < s->A; i++) WG_EXPECT(c, !slot_free(s, out, i), "slot %ld starts OWNED", i);
		if (t == 7) {
			WG_EXPECT(c, slot_free(s, out, 1), "slot 1 is FREE after warp 1's exit");
			seen(s, c, 0), wg_key(c);
		}
		if (t == 8) WG_EXPECT(c, hit(s, out, 0), "warp 2's r1 hits");
		if (t == 10) {
			WG_EXPECT(c, !hit(s, out, 0), "after a reset every slot is empty");
			seen(s, c, 1);
		}
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the scenario did not reach both of its checks");
	wg_case_len(c, 12);
}

static void case_exit_drops(void *st, wg_cyc *c)
{
	rfc_stim *s = st;
	const uint32_t *out = c->out;
	long t = c->t, L = s->lat;
	if (t < 3) write(s, c->in, 0, t + 1, 0, full(s), 0);
	if (t == 3) ctl(s, c->in, RFC_EXIT_VALID_I, 0);
	if (t == 6) act(s, c->in, 0, 9);
	if (t == 7) lookup(s, c->in, 0, 0, 1, 0);
	if (wg_checking(c)) {
		if (t >= 3) WG_EXPECT(c, !fl_any(s, out) && !wb_any(s, out), "an exit causes no MRF traffic");
		if (t == 5) {
			WG_EXPECT(c, slot_free(s, out, 0), "the slot is FREE after the exit");
			seen(s, c, 0), wg_key(c);
		}
		if (t == 7) WG_EXPECT(c, !hit(s, out, 0), "the new warp does not see the old entries");
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "the scenario's key event did not happen");
	wg_case_len(c, 9 + L);
}

/* LANES=4 */
static void case_partial_mask(void *st, wg_cyc *c)
{
	rfc_stim *s = st;
	const uint32_t *out = c->out;
	long t = c->t, L = s->lat;
	if (t == 0) write(s, c->in, 0, 1, 0, 0x5, 0);            /* miss, lanes 0 and 2: MRF */
	if (t == 1) write(s, c->in, 0, 2, 0, full(s), 0);        /* r2 in the RFC */
	if (t == 2) write(s, c->in, 0, 2, 1, 0x2, 0);            /* hit, lane 1 only */
	if (t == 3) lookup(s, c->in, 0, 0, 2, 0), lookup(s, c->in, 0, 1, 1, 0);
	if (wg_checking(c)) {
		if (t == 0) {
			WG_EXPECT(c, wb_is(s, out, RFC_WB_PARTIAL, 0, 1, 0) && get(s, out, RFC_WB_MASK_O, 0, s->LN) == 0x5,
				  "a partial-mask miss goes to the MRF with lanes 0 and 2");
			seen(s, c, 0), wg_key(c);
		}
		if (t == 2) WG_EXPECT(c, !wb_any(s, out), "a partial-mask hit stays in the RFC");
		if (t == 3) WG_EXPECT(c, hit(s, out, 0) && !hit(s, out, 1), "r2 hits, r1 was never allocated");
		if (t == 3 + L) {
			int ok = get(s, out, RFC_RD_VALID_O, 0, 1) == 1;
			for (long l = 0; l < s->LN; l++)
				ok &= get(s, out, RFC_RD_DATA_O, l, s->W) == pat(0, 2, l == 1 ? 1 : 0, l, s->W);
			WG_EXPECT(c, ok, "the partial hit updates lane 1 only");
			seen(s, c, 1);
		}
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the scenario did not reach both of its checks");
	wg_case_len(c, 6 + L);
}

/* ENTRIES=2 */
static void case_dead_victim(void *st, wg_cyc *c)
{
	rfc_stim *s = st;
	const uint32_t *out = c->out;
	long t = c->t, L = s->lat;
	if (t == 0) write(s, c->in, 0, 1, 0, full(s), 0);
	if (t == 1) write(s, c->in, 0, 2, 0, full(s), 0);
	if (t == 2) lookup(s, c->in, 0, 0, 1, 1);                /* last use of r1 */
	if (t == 3 + L) write(s, c->in, 0, 3, 0, full(s), 0);    /* evicts dead r1: silent */
	if (t == 4 + L) write(s, c->in, 0, 4, 0, full(s), 0);    /* evicts live r2: write-back */
	if (wg_checking(c)) {
		if (t == 3 + L) {
			WG_EXPECT(c, !wb_any(s, out), "the dead r1 is dropped without a write-back");
			seen(s, c, 0), wg_key(c);
		}
		if (t == 4 + L) WG_EXPECT(c, wb_is(s, out, RFC_WB_EVICT, 0, 2, 0), "the live r2 is written back");
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "the scenario's key event did not happen");
	wg_case_len(c, 7 + L);
}

/* ENTRIES=2, LRU */
static void case_lru_touch(void *st, wg_cyc *c)
{
	rfc_stim *s = st;
	const uint32_t *out = c->out;
	long t = c->t, L = s->lat;
	if (t == 0) write(s, c->in, 0, 1, 0, full(s), 0);
	if (t == 1) write(s, c->in, 0, 2, 0, full(s), 0);
	if (t == 2) lookup(s, c->in, 0, 0, 1, 0);                /* touch r1 */
	if (t == 3 + L) write(s, c->in, 0, 3, 0, full(s), 0);    /* LRU victim: r2 */
	if (wg_checking(c) && t == 3 + L) {
		WG_EXPECT(c, wb_is(s, out, RFC_WB_EVICT, 0, 2, 0), "LRU: the read of r1 makes r2 the victim");
		seen(s, c, 0), wg_key(c);
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "the scenario's key event did not happen");
	wg_case_len(c, 6 + L);
}

/* ENTRIES=2 */
static void case_pinned_invalid(void *st, wg_cyc *c)
{
	rfc_stim *s = st;
	const uint32_t *out = c->out;
	long t = c->t, L = s->lat;
	if (t == 0) write(s, c->in, 0, 1, 0, full(s), 0);
	if (t == 1) write(s, c->in, 0, 2, 0, full(s), 0);
	if (t == 2) lookup(s, c->in, 0, 0, 1, 0);                /* hit r1 (entry 0) */
	if (t == 3) write(s, c->in, 0, 1, 1, full(s), 1);        /* long-latency r1: entry 0 invalid */
	if (t == 4) write(s, c->in, 0, 3, 0, full(s), 0);        /* entry 0 is pinned: evict r2 */
	if (wg_checking(c)) {
		if (t == 3) WG_EXPECT(c, wb_is(s, out, RFC_WB_BYPASS, 0, 1, 1), "the long-latency r1 goes to the MRF");
		if (t == 4) {
			WG_EXPECT(c, wb_is(s, out, RFC_WB_EVICT, 0, 2, 0),
				  "the invalid entry is pinned by r1's read: r3 must evict r2 instead");
			seen(s, c, 0), wg_key(c);
		}
		if (t == 2 + L) {
			WG_EXPECT(c, rd_is(s, out, 0, 0, 1, 0), "the read returns the r1 it hit, not r3");
			seen(s, c, 1);
		}
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the scenario did not reach both of its checks");
	wg_case_len(c, 5 + L);
}

/* ENTRIES=2, LANES=4, FLUSH_PORTS=1 */
static void case_partial_bypass(void *st, wg_cyc *c)
{
	rfc_stim *s = st;
	const uint32_t *out = c->out;
	long t = c->t, L = s->lat;
	if (t == 0) write(s, c->in, 0, 1, 0, full(s), 0);        /* r1 -> entry 0 (FIFO-oldest) */
	if (t == 1) write(s, c->in, 0, 2, 0, full(s), 0);        /* r2 -> entry 1 */
	if (t == 2) write(s, c->in, 0, 1, 1, 0x5, 1);            /* long-latency r1, lanes 0 and 2 */
	if (t == 3) lookup(s, c->in, 0, 0, 1, 0);                /* r1 must still hit */
	if (t == 4 + L) write(s, c->in, 0, 3, 0, full(s), 0);    /* victim r1 (not touched): merged */
	if (t == 6 + L) write(s, c->in, 1, 4, 0, full(s), 0);    /* warp 1: r4 -> slot 1 entry 0 */
	if (t == 7 + L) write(s, c->in, 1, 5, 0, full(s), 0);    /* r5 -> entry 1 */
	if (t == 8 + L) ctl(s, c->in, RFC_FLUSH_VALID_I, 1);     /* demote warp 1 */
	if (t == 9 + L) write(s, c->in, 1, 4, 1, 0xA, 0);        /* late r4, lanes 1 and 3, as r4 would drain */
	if (wg_checking(c)) {
		long r = fl_reg(s, out, 0);
		if (t == 2) {
			WG_EXPECT(c, wb_is(s, out, RFC_WB_BYPASS, 0, 1, 1) && get(s, out, RFC_WB_MASK_O, 0, s->LN) == 0x5,
				  "the divergent long-latency r1 goes to the MRF with lanes 0 and 2");
			wg_key(c);
		}
		if (t == 3) WG_EXPECT(c, hit(s, out, 0), "a divergent long-latency result must not drop r1's copy");
		if (t == 3 + L) {
			WG_EXPECT(c, get(s, out, RFC_RD_VALID_O, 0, 1) && merged_is(s, out, RFC_RD_DATA_O, 0, 0, 1, 0x5, 1, 0),
				  "the read of r1 returns the new lanes 0 and 2 and the old lanes 1 and 3");
			seen(s, c, 0);
		}
		if (t == 4 + L) {
			WG_EXPECT(c, wb_any(s, out) && get(s, out, RFC_WB_CAUSE_O, 0, 3) == RFC_WB_EVICT &&
					     get(s, out, RFC_WB_REG_O, 0, s->rb) == 1 &&
					     get(s, out, RFC_WB_MASK_O, 0, s->LN) == full(s) &&
					     merged_is(s, out, RFC_WB_DATA_O, 0, 0, 1, 0x5, 1, 0),
				  "r1 (still FIFO-oldest) is evicted with all lanes, merged");
			seen(s, c, 1);
		}
		if (t == 9 + L) {
			WG_EXPECT(c, wb_is(s, out, RFC_WB_LATE, 1, 4, 1) && get(s, out, RFC_WB_MASK_O, 0, s->LN) == 0xA,
				  "the divergent late r4 goes to the MRF with lanes 1 and 3");
			WG_EXPECT(c, r != 4, "the old r4 must not be drained in the cycle the newer lanes arrive");
		}
		if (r == 4) {
			WG_EXPECT(c, t > 9 + L && merged_is(s, out, RFC_FL_DATA_O, 0, 1, 4, 0xA, 1, 0),
				  "r4 is drained after the late result, with its merged lanes");
			seen(s, c, 2);
		}
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[0] && s->seen[1], "r1 was not read and evicted with its merged lanes");
		WG_EXPECT(c, s->seen[2], "r4 was never drained after the divergent late result (its other lanes were lost)");
	}
	wg_case_len(c, 13 + L);
}

static const wg_case_def rfc_cases[RFC_NCASES] = {
	[C_VICTIM_PINNED] = {"victim_vs_inflight_reader",
		"the FIFO-oldest entry is hit, then a miss needs a victim before the hit's read: the victim is the next entry and the read returns the original data (also with the hit in the same cycle)",
		"spec §9 #1", "ENTRIES=2", .run = case_victim_pinned, .focus = "lu_valid_i lu_reg_i lu_hit_o rd_valid_o wr_valid_i wr_reg_i wr_mask_i wb_valid_o wb_cause_o wb_reg_o tag_q[0] valid_q[0] rank_q[0]"},
	[C_ALL_PINNED] = {"every_entry_pinned",
		"every entry of the slot is hit by in-flight reads when a full-mask miss arrives: the result falls back to an MRF write",
		"spec §9 #2", "ENTRIES=2", .run = case_all_pinned, .focus = "lu_valid_i lu_reg_i lu_hit_o rd_valid_o wr_valid_i wr_reg_i wr_mask_i wb_valid_o wb_cause_o wb_reg_o valid_q[0] pv_q"},
	[C_DEMOTE_INFLIGHT] = {"demotion_with_results_in_flight",
		"a warp is demoted with results in flight: its late results go to the MRF, never into the slot, which is re-used by another warp after the drain",
		"spec §9 #4, #7", NULL, .run = case_demote_inflight, .focus = "flush_valid_i flush_slot_i act_valid_i act_slot_i act_warp_i wr_valid_i wr_reg_i wb_valid_o wb_cause_o wb_reg_o fl_valid_o fl_reg_o st_q[0] owner_q[0]"},
	[C_SUPERSEDED_FLUSH] = {"superseded_entry_at_flush",
		"a draining slot holds r3 when a newer r3 arrives: the old r3 is never drained after the new value reached the MRF",
		"spec §9 #5", "FLUSH_PORTS=1", .run = case_superseded_flush, .focus = "flush_valid_i flush_slot_i wr_valid_i wr_reg_i wr_mask_i wb_valid_o wb_cause_o wb_reg_o fl_valid_o fl_warp_o fl_reg_o st_q[0] tag_q[0] valid_q[0]"},
	[C_LL_INVALIDATES] = {"long_latency_invalidates_copy",
		"a long-latency result for a register cached in the RFC goes to the MRF and invalidates the copy in the same cycle",
		"spec §9 #6", NULL, .run = case_ll_invalidates, .focus = "wr_valid_i wr_reg_i wr_mask_i wb_valid_o wb_cause_o wb_reg_o lu_valid_i lu_hit_o valid_q[0] tag_q[0]"},
	[C_SAME_REG_LAST_USE] = {"read_write_same_register_last_use",
		"r1 = r1 + r2 with r1's last use: the read marks r1 dead, the write hit revives it, and its eviction writes it back",
		"spec §9 #9", NULL, .run = case_same_reg_last_use, .focus = "lu_valid_i lu_reg_i lu_hit_o rd_valid_o wr_valid_i wr_reg_i wr_mask_i wb_valid_o wb_cause_o wb_reg_o dead_q[0] valid_q[0]"},
	[C_WRITE_HIT_OLDEST] = {"write_hit_on_fifo_oldest",
		"a write hit on the FIFO-oldest entry makes it youngest: the next victim is the following entry",
		"spec §9 #15", "ENTRIES=3", .run = case_write_hit_oldest, .focus = "wr_valid_i wr_reg_i wr_mask_i wb_valid_o wb_cause_o wb_reg_o rank_q[0] tag_q[0] valid_q[0]"},
	[C_RESET_FIRST_ACT] = {"reset_and_first_activation",
		"after reset warps 0..A-1 own empty slots and the first reads miss; a mid-run reset empties every slot",
		"spec §9 #18", "ACTIVE_WARPS=4", .run = case_reset_first_act, .focus = "rst_i act_valid_i act_slot_i act_warp_i lu_valid_i lu_hit_o slot_free_o st_q[0] st_q[1] owner_q[0] owner_q[1]"},
	[C_EXIT_DROPS] = {"warp_exit_with_valid_entries",
		"a warp exits with live entries: they are dropped with no MRF traffic and the slot becomes FREE",
		"spec §9 #14", NULL, .run = case_exit_drops, .focus = "exit_valid_i exit_slot_i wb_valid_o fl_valid_o slot_free_o st_q[0] owner_q[0] valid_q[0]"},
	[C_PARTIAL_MASK] = {"partial_mask_write",
		"a divergent write that misses goes to the MRF with lane enables; one that hits updates only its lanes",
		"spec §9 #10", "LANES=4", .run = case_partial_mask, .focus = "wr_valid_i wr_reg_i wr_mask_i lu_valid_i lu_reg_i lu_hit_o rd_valid_o wb_valid_o wb_cause_o wb_reg_o wb_mask_o valid_q[0]"},
	[C_DEAD_VICTIM] = {"dead_victim_not_written_back",
		"a value read for the last time is evicted without a write-back, a live one with a write-back",
		"spec §2.6, §8 #4", "ENTRIES=2", .run = case_dead_victim, .focus = "lu_valid_i lu_reg_i lu_hit_o rd_valid_o wr_valid_i wr_reg_i wr_mask_i wb_valid_o wb_cause_o wb_reg_o dead_q[0] valid_q[0] rank_q[0]"},
	[C_LRU_TOUCH] = {"lru_read_touch",
		"with LRU a read hit makes the entry youngest, so the victim differs from FIFO's",
		"spec §2.5", "ENTRIES=2,REPLACEMENT=LRU", .run = case_lru_touch, .focus = "lu_valid_i lu_reg_i lu_hit_o rd_valid_o wr_valid_i wr_reg_i wr_mask_i wb_valid_o wb_cause_o wb_reg_o rank_q[0] tag_q[0]"},
	[C_PINNED_INVALID] = {"pinned_invalid_entry_not_reused",
		"a hit entry is invalidated by a long-latency write before its read: a miss must not reallocate it, so the read still returns the value it hit",
		"spec §8 #3, §9 #1, #6", "ENTRIES=2", .run = case_pinned_invalid, .focus = "lu_valid_i lu_reg_i lu_hit_o rd_valid_o wr_valid_i wr_reg_i wr_mask_i wb_valid_o wb_cause_o wb_reg_o valid_q[0] tag_q[0] pv_q"},
	[C_PARTIAL_BYPASS] = {"partial_bypass_keeps_other_lanes",
		"a divergent long-latency result for a cached register writes through: the copy keeps its other lanes, stays FIFO-oldest and is evicted with the merged lanes; a divergent late result into a draining slot is drained later with the merged lanes, never the stale ones",
		"spec §9 #6, #10", "ENTRIES=2,LANES=4,FLUSH_PORTS=1", .run = case_partial_bypass, .focus = "wr_valid_i wr_reg_i wr_mask_i wb_valid_o wb_cause_o wb_reg_o wb_mask_o flush_valid_i fl_valid_o fl_reg_o valid_q[0] rank_q[0]"},
};

static const char *rfc_stim_finish(void *st, long *key, char *buf, size_t n)
{
	rfc_stim *s = st;
	*key = 0; /* random stimulus marks no cycle */
	return s->cs < 0 ? NULL : wg_case_finish(&s->run, s, key, buf, n);
}

/* ---- the interface ---- */
static size_t rfc_stim_size(const long *p)
{
	(void)p;
	return sizeof(rfc_stim);
}

static const char *rfc_stim_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx,
				 uint64_t seed, char *err, size_t n)
{
	rfc_stim *s = st;
	s->L = L;
	s->A = p[RFC_P_ACTIVE_WARPS];
	s->N = p[RFC_P_ENTRIES];
	s->LN = p[RFC_P_LANES];
	s->W = p[RFC_P_WIDTH];
	s->R = p[RFC_P_READ_PORTS];
	s->warps = p[RFC_P_WARPS];
	s->rb = p[RFC_P_REG_BITS];
	s->lat = p[RFC_P_READ_LAT];
	s->fp = p[RFC_P_FLUSH_PORTS];
	memcpy(s->k, knobs, sizeof s->k);
	s->cs = case_idx;
	s->rng = wg_rng_seed(seed);
	/* The scripts use warps up to 9, registers up to 20, two sources. */
	if (case_idx >= 0 && (s->warps < 10 || s->rb < 5 || s->R < 2)) {
		snprintf(err, n, "rfc: directed cases need WARPS>=10, REG_BITS>=5 and READ_PORTS>=2");
		return err;
	}
	if (case_idx >= 0)
		return wg_case_start(&s->run, &rfc_cases[case_idx], (size_t)L->nwords[WG_IN], rfc_prologue, 2, err, n);
	return NULL;
}

static int rfc_stim_next(void *st, const void *model, uint32_t *in, long cyc)
{
	rfc_stim *s = st;
	return s->cs < 0 ? random_next(s, model, in, cyc) : wg_case_drive(&s->run, s, model, in, cyc);
}

static const char *rfc_stim_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
				  char *buf, size_t n)
{
	rfc_stim *s = st;
	return s->cs < 0 ? NULL : wg_case_check(&s->run, s, model, in, out, cyc, buf, n);
}

static void rfc_stim_cover(const void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
			   uint64_t *hits)
{
	(void)cyc;
	rfc_cover(((const rfc_stim *)st)->L, model, in, out, hits);
}

const wg_stim_def wg_stim_rfc = {
	.block = &wg_block_rfc,
	.knobs = rfc_knobs,
	.nknobs = RFC_NKNOBS,
	.cases = rfc_cases,
	.ncases = RFC_NCASES,
	.size = rfc_stim_size,
	.init = rfc_stim_init,
	.next = rfc_stim_next,
	.check = rfc_stim_check,
	.finish = rfc_stim_finish,
	.cov = rfc_cov_points,
	.ncov = RFC_NCOV_POINTS,
	.cover = rfc_stim_cover,
};
