/* test_rfc_model.c - unit tests of the register file cache C model (csim/rfc.c)
 * against the cycle contract docs/rfc.md.
 *
 * Directed tests go through the typed API; the frame adapter is checked for
 * ev_o packing and against the typed path; a randomized test compares the
 * model with a naive reference written straight from the contract. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfc.h"
#include "wg_bits.h"
#include "wg_check.h"
#include "wg_frame.h"

/* ------------------------------------------------------------------ */
/* Bench                                                               */
/* ------------------------------------------------------------------ */

typedef struct tb {
	rfc_model *m;     /* model under test */
	const rfc_cfg *c; /* its configuration */
	rfc_in in;        /* this cycle's inputs */
	uint64_t *wd;     /* in.wr_data buffer */
	rfc_out o;        /* outputs of the last eval */
	int rc;           /* return of the last eval */
	uint64_t ed[64];  /* rfc_entry_data buffer */
} tb;

static void tb_idle(tb *t)
{
	memset(&t->in, 0, sizeof t->in);
	t->in.wr_data = t->wd;
}

static int tb_eval(tb *t)
{
	t->rc = rfc_eval(t->m, &t->in, &t->o);
	return t->rc;
}

static void tb_tick(tb *t)
{
	rfc_tick(t->m, &t->in);
	tb_idle(t);
}

static void tb_cycle(tb *t)
{
	tb_eval(t);
	tb_tick(t);
}

static void tb_idle_cycles(tb *t, int n)
{
	for (int i = 0; i < n; i++)
		tb_cycle(t);
}

static void tb_reset(tb *t)
{
	tb_idle(t);
	t->in.rst = 1;
	tb_cycle(t);
}

static void tb_open(tb *t, const rfc_cfg *c)
{
	t->m = rfc_new(c);
	t->c = rfc_config(t->m);
	t->wd = rfc_in_init(t->m, &t->in);
	rfc_out_init(t->m, &t->o);
	tb_reset(t);
}

static void tb_close(tb *t)
{
	rfc_free(t->m);
}

static rfc_cfg cfg_default(void)
{
	rfc_cfg c;
	rfc_cfg_default(&c);
	return c;
}

/* Lane l of the data pattern seed. */
static uint64_t pat(const tb *t, unsigned seed, unsigned l)
{
	uint64_t v = (uint64_t)seed * UINT64_C(0x9E3779B97F4A7C15) + (uint64_t)(l + 1) * UINT64_C(0x10001);
	return t->c->width >= 64 ? v : v & ((UINT64_C(1) << t->c->width) - 1u);
}

static int data_is(const tb *t, const uint64_t *d, unsigned seed)
{
	for (int l = 0; l < t->c->lanes; l++)
		if (d[l] != pat(t, seed, (unsigned)l))
			return 0;
	return 1;
}

/* Lane data of entry (s, e) (valid until the next call). */
static const uint64_t *ent(tb *t, int s, int e)
{
	memset(t->ed, 0, sizeof t->ed);
	rfc_entry_data(t->m, s, e, t->ed);
	return t->ed;
}

static int all_zero(const uint64_t *d, int n)
{
	for (int i = 0; i < n; i++)
		if (d[i])
			return 0;
	return 1;
}

static uint64_t full_mask(const tb *t)
{
	return t->c->lanes >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << t->c->lanes) - 1u;
}

/* Lookup of reg on source port p of slot s. */
static void tb_lu(tb *t, unsigned s, unsigned p, unsigned reg, int last)
{
	t->in.lu_valid = 1;
	t->in.lu_slot = s;
	t->in.lu_en |= 1u << p;
	t->in.lu_reg[p] = reg;
	if (last)
		t->in.lu_last |= 1u << p;
}

/* Result of warp w for reg, lanes mask, data pattern seed. */
static void tb_wr(tb *t, unsigned w, unsigned reg, uint64_t mask, unsigned seed, int bypass)
{
	t->in.wr_valid = 1;
	t->in.wr_warp = w;
	t->in.wr_reg = reg;
	t->in.wr_mask = mask;
	t->in.wr_bypass = (unsigned)bypass;
	for (int l = 0; l < t->c->lanes; l++)
		t->wd[l] = pat(t, seed, (unsigned)l);
}

/* n full-mask results of warp w: registers reg0.., data seeds seed0.. */
static void tb_fill(tb *t, unsigned w, unsigned reg0, int n, unsigned seed0)
{
	for (int i = 0; i < n; i++) {
		tb_wr(t, w, reg0 + (unsigned)i, full_mask(t), seed0 + (unsigned)i, 0);
		tb_cycle(t);
	}
}

/* ------------------------------------------------------------------ */
/* Directed tests                                                      */
/* ------------------------------------------------------------------ */

static void test_reset(void)
{
	rfc_cfg c = cfg_default();
	tb t;
	tb_open(&t, &c);
	for (int s = 0; s < 8; s++) {
		CHECK_EQ(rfc_slot_state(t.m, s), RFC_SLOT_OWNED);
		CHECK_EQ(rfc_slot_owner(t.m, s), s);
		CHECK_EQ(rfc_slot_nvalid(t.m, s), 0);
		CHECK_EQ(rfc_warp_slot(t.m, s), s);
		for (int e = 0; e < 6; e++) {
			CHECK_EQ(rfc_entry_rank(t.m, s, e), e);
			CHECK_EQ(rfc_entry_dead(t.m, s, e), 0);
		}
	}
	CHECK_EQ(rfc_warp_slot(t.m, 8), -1);
	CHECK_EQ(rfc_slot_state(t.m, 8), -1);
	CHECK_EQ(tb_eval(&t), 0);
	CHECK_EQ(t.o.lu_hit | t.o.rd_valid | t.o.wb_valid | t.o.fl_valid, 0);
	CHECK_EQ(t.o.slot_free, 0);
	for (int e = 0; e < RFC_NEVENTS; e++) {
		CHECK_EQ(t.o.ev[e], 0);
		CHECK_EQ(rfc_counts(t.m)[e], 0);
	}

	/* Reset in the middle of activity: fill, hit in flight, drain, pins. */
	tb_fill(&t, 0, 0, 3, 10);
	tb_fill(&t, 1, 0, 2, 20);
	tb_idle(&t);
	t.in.flush_valid = 1;
	t.in.flush_slot = 1;
	tb_lu(&t, 0, 0, 1, 1);
	tb_cycle(&t);
	tb_idle_cycles(&t, 2);
	uint64_t cnt[RFC_NEVENTS];
	memcpy(cnt, rfc_counts(t.m), sizeof cnt);
	t.in.rst = 1;
	tb_eval(&t); /* stage 3 (READ_LAT) holds the hit: outputs follow the usual rules */
	CHECK_EQ(t.o.rd_valid, 1);
	CHECK_EQ(t.o.ev[RFC_EV_RFC_READ], 1);
	CHECK_EQ(t.o.fl_valid, 0); /* slot 1's drain already ended */
	tb_tick(&t);
	for (int e = 0; e < RFC_NEVENTS; e++)
		CHECK_EQ(rfc_counts(t.m)[e], cnt[e]); /* reset cycles are not counted */
	for (int s = 0; s < 8; s++) {
		CHECK_EQ(rfc_slot_state(t.m, s), RFC_SLOT_OWNED);
		CHECK_EQ(rfc_slot_owner(t.m, s), s);
		CHECK_EQ(rfc_slot_nvalid(t.m, s), 0);
		CHECK_EQ(rfc_slot_pinned(t.m, s), 0);
		for (int e = 0; e < 6; e++) {
			CHECK_EQ(rfc_entry_rank(t.m, s, e), e);
			CHECK_EQ(rfc_entry_dead(t.m, s, e), 0);
		}
	}
	tb_eval(&t);
	CHECK_EQ(t.o.rd_valid | t.o.fl_valid | t.o.slot_free, 0);
	tb_close(&t);
}

static void test_alloc_lookup_read(void)
{
	rfc_cfg c = cfg_default();
	tb t;
	tb_open(&t, &c);
	/* cycle 0: write r5, and a lookup of r5 that must not see it */
	tb_wr(&t, 0, 5, full_mask(&t), 1, 0);
	tb_lu(&t, 0, 0, 5, 0);
	CHECK_EQ(tb_eval(&t), 0);
	CHECK_EQ(t.o.lu_hit, 0);
	CHECK_EQ(t.o.wb_valid, 0);
	CHECK(all_zero(t.o.wb_data, 32));
	CHECK_EQ(t.o.ev[RFC_EV_RFC_WRITE], 1);
	CHECK_EQ(t.o.ev[RFC_EV_TAG_LOOKUP], 1);
	CHECK_EQ(t.o.ev[RFC_EV_MRF_READ], 1);
	tb_tick(&t);
	CHECK_EQ(rfc_entry_valid(t.m, 0, 0), 1);
	CHECK_EQ(rfc_entry_tag(t.m, 0, 0), 5);
	CHECK_EQ(rfc_entry_rank(t.m, 0, 0), 0);
	CHECK(data_is(&t, ent(&t, 0, 0), 1));
	/* cycle 1: two sources on r5 both hit, r7 misses; lu_en off on port 3 n/a */
	tb_lu(&t, 0, 0, 5, 0);
	tb_lu(&t, 0, 1, 5, 0);
	tb_lu(&t, 0, 2, 7, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.lu_hit, 3);
	CHECK_EQ(t.o.ev[RFC_EV_TAG_LOOKUP], 3);
	CHECK_EQ(t.o.ev[RFC_EV_MRF_READ], 1);
	CHECK_EQ(t.o.ev[RFC_EV_MRF_READ_AVOIDED], 2);
	tb_tick(&t);
	/* lu_valid = 0 gates everything; lu_en = 0 on a port gates that port */
	t.in.lu_en = 1;
	t.in.lu_reg[0] = 5;
	tb_eval(&t);
	CHECK_EQ(t.o.lu_hit, 0);
	CHECK_EQ(t.o.ev[RFC_EV_TAG_LOOKUP], 0);
	CHECK_EQ(t.o.rd_valid, 0);
	CHECK(all_zero(t.o.rd_data, 3 * 32));
	tb_tick(&t); /* cycle 2 */
	tb_eval(&t); /* cycle 3 */
	CHECK_EQ(t.o.rd_valid, 0);
	tb_tick(&t);
	/* cycle 4 = 1 + READ_LAT: data, not the same cycle's write hit */
	tb_wr(&t, 0, 5, full_mask(&t), 2, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.rd_valid, 3);
	CHECK(data_is(&t, t.o.rd_data, 1));
	CHECK(data_is(&t, t.o.rd_data + 32, 1));
	CHECK(all_zero(t.o.rd_data + 64, 32));
	CHECK_EQ(t.o.ev[RFC_EV_RFC_READ], 2);
	CHECK_EQ(t.o.wb_valid, 0);
	tb_tick(&t);
	CHECK(data_is(&t, ent(&t, 0, 0), 2));
	tb_eval(&t);
	CHECK_EQ(t.o.rd_valid, 0);
	CHECK(all_zero(t.o.rd_data, 3 * 32));
	tb_close(&t);
}

static void test_write_hit(void)
{
	rfc_cfg c = cfg_default();
	tb t;
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 6, 100);
	for (int e = 0; e < 6; e++)
		CHECK_EQ(rfc_entry_rank(t.m, 0, e), 5 - e);
	/* hit on the oldest (entry 0): keeps its index, becomes youngest */
	tb_wr(&t, 0, 0, full_mask(&t), 200, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_valid, 0);
	CHECK_EQ(t.o.ev[RFC_EV_RFC_WRITE], 1);
	CHECK_EQ(t.o.ev[RFC_EV_BYPASS_WB] + t.o.ev[RFC_EV_EVICT_WB], 0);
	tb_tick(&t);
	CHECK_EQ(rfc_entry_tag(t.m, 0, 0), 0);
	CHECK_EQ(rfc_entry_rank(t.m, 0, 0), 0);
	CHECK_EQ(rfc_slot_nvalid(t.m, 0), 6);
	for (int e = 1; e < 6; e++)
		CHECK_EQ(rfc_entry_rank(t.m, 0, e), 6 - e);
	CHECK(data_is(&t, ent(&t, 0, 0), 200));
	/* the next miss evicts entry 1 (r1), not the rewritten entry 0 */
	tb_wr(&t, 0, 9, full_mask(&t), 300, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_valid, 1);
	CHECK_EQ(t.o.wb_cause, RFC_WB_EVICT);
	CHECK_EQ(t.o.wb_reg, 1);
	CHECK(data_is(&t, t.o.wb_data, 101));
	tb_tick(&t);
	CHECK_EQ(rfc_entry_tag(t.m, 0, 1), 9);
	/* write hit on the youngest changes no rank */
	tb_wr(&t, 0, 9, full_mask(&t), 301, 0);
	tb_cycle(&t);
	CHECK_EQ(rfc_entry_rank(t.m, 0, 1), 0);
	CHECK_EQ(rfc_entry_rank(t.m, 0, 0), 1);
	tb_close(&t);
}

static void test_fifo_order(void)
{
	rfc_cfg c = cfg_default();
	tb t;
	tb_open(&t, &c);
	tb_fill(&t, 3, 10, 6, 50); /* warp 3 owns slot 3 */
	for (int i = 0; i < 8; i++) {
		int e = i % 6;
		tb_wr(&t, 3, 20 + (unsigned)i, full_mask(&t), 60 + (unsigned)i, 0);
		tb_eval(&t);
		CHECK_EQ(t.o.wb_valid, 1);
		CHECK_EQ(t.o.wb_cause, RFC_WB_EVICT);
		CHECK_EQ(t.o.wb_warp, 3);
		CHECK_EQ(t.o.wb_reg, i < 6 ? 10 + i : 20 + i - 6);
		CHECK_EQ(t.o.wb_mask, full_mask(&t));
		CHECK(data_is(&t, t.o.wb_data, i < 6 ? 50u + (unsigned)i : 60u + (unsigned)i - 6));
		CHECK_EQ(t.o.ev[RFC_EV_EVICT_WB], 1);
		CHECK_EQ(t.o.ev[RFC_EV_RFC_WRITE], 1);
		tb_tick(&t);
		CHECK_EQ(rfc_entry_tag(t.m, 3, e), 20 + i);
		CHECK_EQ(rfc_entry_rank(t.m, 3, e), 0);
	}
	tb_close(&t);
}

/* Fill 6, hit r0 at cycle t, miss at t+3 (r0 in its read cycle): victim entry. */
static int victim_after_hit(int repl)
{
	rfc_cfg c = cfg_default();
	c.replacement = repl;
	tb t;
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 6, 0);
	tb_lu(&t, 0, 0, 0, 0);
	tb_cycle(&t);
	tb_idle_cycles(&t, 2);
	tb_wr(&t, 0, 7, full_mask(&t), 9, 0);
	tb_eval(&t);
	int reg = t.o.wb_valid ? (int)t.o.wb_reg : -1;
	tb_close(&t);
	return reg;
}

static void test_lru(void)
{
	CHECK_EQ(victim_after_hit(RFC_FIFO), 0); /* FIFO: lookups do not touch */
	CHECK_EQ(victim_after_hit(RFC_LRU), 1);  /* LRU: r0 became youngest */

	/* LRU: lookup touches in ascending port order, then the write touch */
	rfc_cfg c = cfg_default();
	c.replacement = RFC_LRU;
	tb t;
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 6, 0);
	tb_lu(&t, 0, 0, 0, 0);
	tb_lu(&t, 0, 1, 1, 0);
	tb_wr(&t, 0, 2, full_mask(&t), 5, 0); /* write hit on r2 */
	tb_cycle(&t);
	CHECK_EQ(rfc_entry_rank(t.m, 0, 2), 0);
	CHECK_EQ(rfc_entry_rank(t.m, 0, 1), 1);
	CHECK_EQ(rfc_entry_rank(t.m, 0, 0), 2);
	CHECK_EQ(rfc_entry_rank(t.m, 0, 5), 3);
	CHECK_EQ(rfc_entry_rank(t.m, 0, 4), 4);
	CHECK_EQ(rfc_entry_rank(t.m, 0, 3), 5);
	/* FIFO with the same inputs: only the write touches */
	tb_close(&t);
	c.replacement = RFC_FIFO;
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 6, 0);
	tb_lu(&t, 0, 0, 0, 0);
	tb_lu(&t, 0, 1, 1, 0);
	tb_wr(&t, 0, 2, full_mask(&t), 5, 0);
	tb_cycle(&t);
	CHECK_EQ(rfc_entry_rank(t.m, 0, 2), 0);
	CHECK_EQ(rfc_entry_rank(t.m, 0, 0), 5);
	CHECK_EQ(rfc_entry_rank(t.m, 0, 1), 4);
	tb_close(&t);
}

/* Fill 6, lookup r0 (last-use flag given), miss after the pin: outputs. */
static void dead_case(int liveness, int last, unsigned *wb_valid, unsigned *evict, unsigned *dead)
{
	rfc_cfg c = cfg_default();
	c.liveness = liveness;
	tb t;
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 6, 40);
	tb_lu(&t, 0, 0, 0, last);
	tb_cycle(&t);
	*dead = (unsigned)rfc_entry_dead(t.m, 0, 0);
	tb_idle_cycles(&t, 2);
	tb_wr(&t, 0, 8, full_mask(&t), 80, 0);
	tb_eval(&t);
	*wb_valid = t.o.wb_valid;
	*evict = t.o.ev[RFC_EV_EVICT_WB];
	CHECK_EQ(t.o.ev[RFC_EV_RFC_WRITE], 1);
	if (t.o.wb_valid) {
		CHECK_EQ(t.o.wb_cause, RFC_WB_EVICT);
		CHECK_EQ(t.o.wb_reg, 0);
		CHECK(data_is(&t, t.o.wb_data, 40));
	} else {
		CHECK(all_zero(t.o.wb_data, 32));
		CHECK_EQ(t.o.wb_mask | t.o.wb_reg | t.o.wb_warp | t.o.wb_cause, 0);
	}
	tb_tick(&t);
	CHECK_EQ(rfc_entry_tag(t.m, 0, 0), 8);
	CHECK_EQ(rfc_entry_dead(t.m, 0, 0), 0);
	tb_close(&t);
}

static void test_dead(void)
{
	unsigned wv, ev, dead;
	dead_case(1, 1, &wv, &ev, &dead); /* dead victim: dropped */
	CHECK_EQ(dead, 1);
	CHECK_EQ(wv, 0);
	CHECK_EQ(ev, 0);
	dead_case(1, 0, &wv, &ev, &dead); /* live victim: evicted */
	CHECK_EQ(dead, 0);
	CHECK_EQ(wv, 1);
	CHECK_EQ(ev, 1);
	dead_case(0, 1, &wv, &ev, &dead); /* LIVENESS=0 ignores the hint */
	CHECK_EQ(dead, 0);
	CHECK_EQ(wv, 1);
	CHECK_EQ(ev, 1);

	/* r1 = r1 + r2 with r1 last use: the read marks dead, the write hit clears it */
	rfc_cfg c = cfg_default();
	tb t;
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 6, 40);
	tb_lu(&t, 0, 0, 0, 1);
	tb_wr(&t, 0, 0, full_mask(&t), 41, 0);
	tb_cycle(&t);
	CHECK_EQ(rfc_entry_dead(t.m, 0, 0), 0);
	/* a dead mark does not change the FIFO position */
	tb_lu(&t, 0, 0, 3, 1);
	tb_cycle(&t);
	CHECK_EQ(rfc_entry_dead(t.m, 0, 3), 1);
	CHECK_EQ(rfc_entry_rank(t.m, 0, 3), 3);
	tb_close(&t);
}

/* Fill 6, hit r0 at cycle t, write miss at t+d: evicted register. */
static void test_pins(void)
{
	rfc_cfg c = cfg_default();
	tb t;
	for (int d = 0; d <= 3; d++) {
		tb_open(&t, &c);
		tb_fill(&t, 0, 0, 6, 0);
		tb_lu(&t, 0, 0, 0, 0);
		if (d > 0) {
			tb_cycle(&t);
			for (int k = 1; k < d; k++) {
				CHECK_EQ(rfc_entry_pinned(t.m, 0, 0), 1);
				CHECK_EQ(rfc_slot_pinned(t.m, 0), 1);
				tb_cycle(&t);
			}
			CHECK_EQ(rfc_entry_pinned(t.m, 0, 0), d < 3);
			CHECK_EQ(rfc_entry_pinned(t.m, 0, 1), 0);
		}
		tb_wr(&t, 0, 7, full_mask(&t), 9, 0);
		tb_eval(&t);
		/* d = 0: hit in the same cycle; d = 1, 2 (= READ_LAT-1): in flight;
		 * d = 3: the read cycle itself does not pin */
		CHECK_EQ(t.o.wb_reg, d < 3 ? 1 : 0);
		CHECK_EQ(t.o.rd_valid, d == 3);
		if (d == 3) {
			CHECK(data_is(&t, t.o.rd_data, 0)); /* old data, overwritten at the edge */
			CHECK(data_is(&t, t.o.wb_data, 0));
		}
		tb_tick(&t);
		CHECK_EQ(rfc_entry_tag(t.m, 0, d < 3 ? 1 : 0), 7);
		tb_close(&t);
	}

	/* READ_LAT = 1: only the same-cycle hit pins */
	c.read_lat = 1;
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 6, 0);
	tb_lu(&t, 0, 0, 0, 0);
	tb_wr(&t, 0, 7, full_mask(&t), 9, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_reg, 1);
	tb_tick(&t);
	CHECK_EQ(rfc_entry_pinned(t.m, 0, 0), 0);
	tb_lu(&t, 0, 0, 0, 0);
	tb_cycle(&t);
	tb_wr(&t, 0, 8, full_mask(&t), 9, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.rd_valid, 1);
	CHECK_EQ(t.o.wb_reg, 0);
	tb_close(&t);

	/* a pin on another slot does not protect this one */
	c = cfg_default();
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 6, 0);
	tb_fill(&t, 1, 0, 6, 0);
	tb_lu(&t, 1, 0, 0, 0);
	tb_wr(&t, 0, 7, full_mask(&t), 9, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_reg, 0);
	tb_close(&t);
}

static void test_fallback(void)
{
	rfc_cfg c = cfg_default();
	c.entries = 3;
	tb t;
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 3, 0);
	/* all three hit in the same cycle as a full-mask miss */
	tb_lu(&t, 0, 0, 0, 0);
	tb_lu(&t, 0, 1, 1, 0);
	tb_lu(&t, 0, 2, 2, 0);
	tb_wr(&t, 0, 9, full_mask(&t), 77, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_valid, 1);
	CHECK_EQ(t.o.wb_cause, RFC_WB_FALLBACK);
	CHECK_EQ(t.o.wb_warp, 0);
	CHECK_EQ(t.o.wb_reg, 9);
	CHECK_EQ(t.o.wb_mask, full_mask(&t));
	CHECK(data_is(&t, t.o.wb_data, 77));
	CHECK_EQ(t.o.ev[RFC_EV_BYPASS_WB], 1);
	CHECK_EQ(t.o.ev[RFC_EV_RFC_WRITE], 0);
	CHECK_EQ(t.o.ev[RFC_EV_EVICT_WB], 0);
	tb_tick(&t);
	for (int e = 0; e < 3; e++) {
		CHECK_EQ(rfc_entry_tag(t.m, 0, e), e);
		CHECK_EQ(rfc_entry_valid(t.m, 0, e), 1);
	}
	/* two of three pinned: the third is the victim, not a fallback */
	tb_close(&t);
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 3, 0);
	tb_lu(&t, 0, 0, 0, 0);
	tb_lu(&t, 0, 2, 1, 0);
	tb_wr(&t, 0, 9, full_mask(&t), 77, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_cause, RFC_WB_EVICT);
	CHECK_EQ(t.o.wb_reg, 2);
	tb_close(&t);

	/* default size: pins from two stages cover all 6 entries */
	c = cfg_default();
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 6, 0);
	for (unsigned p = 0; p < 3; p++)
		tb_lu(&t, 0, p, p, 0);
	tb_cycle(&t);
	for (unsigned p = 0; p < 3; p++)
		tb_lu(&t, 0, p, p + 3, 0);
	tb_cycle(&t);
	tb_wr(&t, 0, 9, full_mask(&t), 7, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_cause, RFC_WB_FALLBACK);
	tb_tick(&t);
	/* next cycle r0..r2 are in their read cycle: r0 (oldest) is the victim */
	tb_wr(&t, 0, 9, full_mask(&t), 7, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.rd_valid, 7);
	CHECK_EQ(t.o.wb_cause, RFC_WB_EVICT);
	CHECK_EQ(t.o.wb_reg, 0);
	tb_close(&t);
}

static void test_partial(void)
{
	rfc_cfg c = cfg_default();
	tb t;
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 2, 0);
	/* partial-mask miss: MRF with lane enables, no allocation */
	tb_wr(&t, 0, 5, 0x0000ffffu, 33, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_valid, 1);
	CHECK_EQ(t.o.wb_cause, RFC_WB_PARTIAL);
	CHECK_EQ(t.o.wb_warp, 0);
	CHECK_EQ(t.o.wb_reg, 5);
	CHECK_EQ(t.o.wb_mask, 0x0000ffffu);
	CHECK(data_is(&t, t.o.wb_data, 33)); /* wr_data_i as is, all lanes */
	CHECK_EQ(t.o.ev[RFC_EV_BYPASS_WB], 1);
	CHECK_EQ(t.o.ev[RFC_EV_RFC_WRITE], 0);
	tb_tick(&t);
	CHECK_EQ(rfc_slot_nvalid(t.m, 0), 2);
	/* the full mask of the same register allocates */
	tb_wr(&t, 0, 5, full_mask(&t), 34, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_valid, 0);
	tb_tick(&t);
	CHECK_EQ(rfc_slot_nvalid(t.m, 0), 3);
	/* partial-mask hit: only masked lanes change */
	tb_wr(&t, 0, 0, UINT64_C(0xf0f0f0f0), 35, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_valid, 0);
	CHECK_EQ(t.o.ev[RFC_EV_RFC_WRITE], 1);
	tb_tick(&t);
	const uint64_t *d = ent(&t, 0, 0);
	int ok = 1;
	for (unsigned l = 0; l < 32; l++)
		ok &= d[l] == pat(&t, (0xf0f0f0f0u >> l) & 1u ? 35 : 0, l);
	CHECK(ok);
	CHECK_EQ(rfc_entry_rank(t.m, 0, 0), 0);
	tb_close(&t);

	/* LANES = 1: mask 1 is full, mask 0 is partial */
	c.lanes = 1;
	tb_open(&t, &c);
	tb_wr(&t, 0, 3, 0, 1, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_cause, RFC_WB_PARTIAL);
	CHECK_EQ(t.o.wb_mask, 0);
	tb_tick(&t);
	tb_wr(&t, 0, 3, 1, 1, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_valid, 0);
	CHECK_EQ(t.o.ev[RFC_EV_RFC_WRITE], 1);
	tb_close(&t);
}

static void test_bypass(void)
{
	rfc_cfg c = cfg_default();
	tb t;
	tb_open(&t, &c);
	tb_fill(&t, 2, 0, 4, 0);
	/* full-mask bypass of a register with a copy: MRF write, copy invalid */
	tb_wr(&t, 2, 3, full_mask(&t), 90, 1);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_valid, 1);
	CHECK_EQ(t.o.wb_cause, RFC_WB_BYPASS);
	CHECK_EQ(t.o.wb_warp, 2);
	CHECK_EQ(t.o.wb_reg, 3);
	CHECK_EQ(t.o.wb_mask, full_mask(&t));
	CHECK(data_is(&t, t.o.wb_data, 90));
	CHECK_EQ(t.o.ev[RFC_EV_BYPASS_WB], 1);
	CHECK_EQ(t.o.ev[RFC_EV_RFC_WRITE], 0);
	tb_tick(&t);
	CHECK_EQ(rfc_entry_valid(t.m, 2, 3), 0);
	CHECK_EQ(rfc_slot_nvalid(t.m, 2), 3);
	tb_lu(&t, 2, 0, 3, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.lu_hit, 0);
	tb_tick(&t);
	/* bypass without a copy: same MRF write, no state change */
	tb_wr(&t, 2, 40, full_mask(&t), 91, 1);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_cause, RFC_WB_BYPASS);
	CHECK_EQ(t.o.wb_mask, full_mask(&t));
	tb_tick(&t);
	CHECK_EQ(rfc_slot_nvalid(t.m, 2), 3);
	/* the next allocation takes the freed entry 3 */
	tb_wr(&t, 2, 41, full_mask(&t), 92, 0);
	tb_cycle(&t);
	CHECK_EQ(rfc_entry_tag(t.m, 2, 3), 41);
	tb_close(&t);
}

/* Lanes of d: pattern snew on the lanes of mask, sold on the others. */
static int merged_is(const tb *t, const uint64_t *d, uint64_t mask, unsigned snew, unsigned sold)
{
	for (int l = 0; l < t->c->lanes; l++)
		if (d[l] != pat(t, (mask >> l) & 1u ? snew : sold, (unsigned)l))
			return 0;
	return 1;
}

/* §4 A.1 with a partial mask: write-through into the copy. */
static void test_bypass_partial(void)
{
	rfc_cfg c = cfg_default();
	c.liveness = 1;
	tb t;
	tb_open(&t, &c);
	tb_fill(&t, 2, 0, 4, 0); /* r0..r3 in entries 0..3, r0 oldest */
	/* r1 is read for the last time: dead */
	tb_lu(&t, 2, 0, 1, 1);
	tb_cycle(&t);
	CHECK_EQ(rfc_entry_dead(t.m, 2, 1), 1);
	int rank1 = rfc_entry_rank(t.m, 2, 1);
	/* a divergent long-latency r1: MRF write and write-through */
	tb_wr(&t, 2, 1, UINT64_C(0x0000ff00), 90, 1);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_valid, 1);
	CHECK_EQ(t.o.wb_cause, RFC_WB_BYPASS);
	CHECK_EQ(t.o.wb_reg, 1);
	CHECK_EQ(t.o.wb_mask, 0x0000ff00u);
	CHECK(data_is(&t, t.o.wb_data, 90));
	CHECK_EQ(t.o.ev[RFC_EV_BYPASS_WB], 1);
	CHECK_EQ(t.o.ev[RFC_EV_RFC_WRITE], 1);
	CHECK_EQ(t.o.ev[RFC_EV_EVICT_WB], 0);
	tb_tick(&t);
	CHECK_EQ(rfc_entry_valid(t.m, 2, 1), 1);
	CHECK_EQ(rfc_entry_tag(t.m, 2, 1), 1);
	CHECK_EQ(rfc_entry_dead(t.m, 2, 1), 0);        /* revived */
	CHECK_EQ(rfc_entry_rank(t.m, 2, 1), rank1);    /* not touched */
	CHECK(merged_is(&t, ent(&t, 2, 1), UINT64_C(0x0000ff00), 90, 1));
	CHECK_EQ(rfc_slot_nvalid(t.m, 2), 4);
	/* a hit reads the merged lanes */
	tb_lu(&t, 2, 0, 1, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.lu_hit, 1);
	tb_tick(&t);
	for (int i = 0; i < c.read_lat - 1; i++)
		tb_cycle(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.rd_valid, 1);
	CHECK(merged_is(&t, t.o.rd_data, UINT64_C(0x0000ff00), 90, 1));
	tb_tick(&t);
	/* fill the slot: r0 then r1 are the victims (FIFO), r1 written back with all lanes */
	tb_wr(&t, 2, 4, full_mask(&t), 91, 0);
	tb_cycle(&t);
	tb_wr(&t, 2, 5, full_mask(&t), 92, 0);
	tb_cycle(&t);
	tb_wr(&t, 2, 6, full_mask(&t), 93, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_valid, 1);
	CHECK_EQ(t.o.wb_cause, RFC_WB_EVICT);
	CHECK_EQ(t.o.wb_reg, 0);
	tb_tick(&t);
	tb_wr(&t, 2, 7, full_mask(&t), 94, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_valid, 1);
	CHECK_EQ(t.o.wb_cause, RFC_WB_EVICT);
	CHECK_EQ(t.o.wb_reg, 1);
	CHECK_EQ(t.o.wb_mask, full_mask(&t));
	CHECK(merged_is(&t, t.o.wb_data, UINT64_C(0x0000ff00), 90, 1));
	tb_tick(&t);
	/* an empty mask is partial too: the copy stays, unchanged */
	tb_wr(&t, 2, 7, 0, 95, 1);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_cause, RFC_WB_BYPASS);
	CHECK_EQ(t.o.wb_mask, 0);
	CHECK_EQ(t.o.ev[RFC_EV_RFC_WRITE], 1);
	tb_tick(&t);
	int e7 = -1;
	for (int e = 0; e < c.entries; e++)
		if (rfc_entry_valid(t.m, 2, e) && rfc_entry_tag(t.m, 2, e) == 7)
			e7 = e;
	CHECK(e7 >= 0);
	if (e7 >= 0)
		CHECK(data_is(&t, ent(&t, 2, e7), 94));
	/* a partial bypass without a copy: MRF only, no RFC write */
	tb_wr(&t, 2, 40, UINT64_C(0xf), 96, 1);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_cause, RFC_WB_BYPASS);
	CHECK_EQ(t.o.ev[RFC_EV_RFC_WRITE], 0);
	tb_tick(&t);
	CHECK_EQ(rfc_slot_nvalid(t.m, 2), 6);
	tb_close(&t);
}

static void test_flush(void)
{
	rfc_cfg c = cfg_default();
	tb t;
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 6, 10);
	tb_lu(&t, 0, 0, 1, 1);
	tb_lu(&t, 0, 1, 3, 1);
	tb_cycle(&t);
	tb_idle_cycles(&t, 3);
	CHECK_EQ(rfc_entry_dead(t.m, 0, 1), 1);
	t.in.flush_valid = 1;
	t.in.flush_slot = 0;
	CHECK_EQ(tb_eval(&t), 0);
	CHECK_EQ(t.o.fl_valid, 0);
	tb_tick(&t);
	CHECK_EQ(rfc_slot_state(t.m, 0), RFC_SLOT_DRAINING);
	CHECK_EQ(rfc_slot_nvalid(t.m, 0), 4); /* dead r1, r3 dropped */
	CHECK_EQ(rfc_warp_slot(t.m, 0), 0);
	static const int order[4] = {0, 2, 4, 5};
	for (int i = 0; i < 4; i++) {
		tb_eval(&t);
		CHECK_EQ(t.o.fl_valid, 1);
		CHECK_EQ(t.o.fl_warp[0], 0);
		CHECK_EQ(t.o.fl_reg[0], order[i]);
		CHECK(data_is(&t, t.o.fl_data, 10u + (unsigned)order[i]));
		CHECK_EQ(t.o.ev[RFC_EV_FLUSH_WB], 1);
		CHECK_EQ(t.o.slot_free, 0);
		CHECK_EQ(t.o.wb_valid, 0);
		tb_tick(&t);
	}
	/* the cycle after the last drain: nothing drained, not FREE yet */
	tb_eval(&t);
	CHECK_EQ(t.o.fl_valid, 0);
	CHECK(all_zero(t.o.fl_data, 32));
	CHECK_EQ(t.o.fl_reg[0] | t.o.fl_warp[0], 0);
	CHECK_EQ(t.o.slot_free, 0);
	CHECK_EQ(rfc_slot_state(t.m, 0), RFC_SLOT_DRAINING);
	tb_tick(&t);
	CHECK_EQ(rfc_slot_state(t.m, 0), RFC_SLOT_FREE);
	CHECK_EQ(rfc_warp_slot(t.m, 0), -1);
	tb_eval(&t);
	CHECK_EQ(t.o.slot_free, 1);
	CHECK_EQ(rfc_counts(t.m)[RFC_EV_FLUSH_WB], 4);
	tb_close(&t);

	/* the same cycle's last-use lookup makes an entry dead before the flush
	 * drops; a same-cycle write hit on a dead entry revives it */
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 3, 10);
	tb_lu(&t, 0, 0, 2, 1);
	tb_cycle(&t);
	tb_lu(&t, 0, 0, 0, 1);              /* r0 dead now */
	tb_wr(&t, 0, 2, full_mask(&t), 5, 0); /* r2 was dead: revived */
	t.in.flush_valid = 1;
	t.in.flush_slot = 0;
	tb_cycle(&t);
	CHECK_EQ(rfc_entry_valid(t.m, 0, 0), 0);
	CHECK_EQ(rfc_entry_valid(t.m, 0, 1), 1);
	CHECK_EQ(rfc_entry_valid(t.m, 0, 2), 1);
	tb_close(&t);

	/* a flush while a new value is allocated in the same cycle keeps it */
	tb_open(&t, &c);
	tb_wr(&t, 0, 4, full_mask(&t), 6, 0);
	t.in.flush_valid = 1;
	t.in.flush_slot = 0;
	tb_cycle(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.fl_valid, 1);
	CHECK_EQ(t.o.fl_reg[0], 4);
	tb_close(&t);
}

static void test_flush_ports2(void)
{
	rfc_cfg c = cfg_default();
	c.flush_ports = 2;
	tb t;
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 3, 10);
	tb_fill(&t, 1, 7, 2, 20);
	t.in.flush_valid = 1;
	t.in.flush_slot = 0;
	tb_cycle(&t);
	t.in.flush_valid = 1;
	t.in.flush_slot = 1;
	tb_eval(&t); /* slot 0: entries 0, 1; slot 1 still OWNED */
	CHECK_EQ(t.o.fl_valid, 3);
	CHECK_EQ(t.o.fl_reg[0], 0);
	CHECK_EQ(t.o.fl_reg[1], 1);
	CHECK(data_is(&t, t.o.fl_data + 32, 11));
	CHECK_EQ(t.o.ev[RFC_EV_FLUSH_WB], 2);
	tb_tick(&t);
	tb_eval(&t); /* slot 0 entry 2, then slot 1 entry 0 */
	CHECK_EQ(t.o.fl_valid, 3);
	CHECK_EQ(t.o.fl_warp[0], 0);
	CHECK_EQ(t.o.fl_reg[0], 2);
	CHECK_EQ(t.o.fl_warp[1], 1);
	CHECK_EQ(t.o.fl_reg[1], 7);
	CHECK(data_is(&t, t.o.fl_data + 32, 20));
	tb_tick(&t);
	tb_eval(&t); /* slot 1 entry 1 on port 0 */
	CHECK_EQ(t.o.fl_valid, 1);
	CHECK_EQ(t.o.fl_warp[0], 1);
	CHECK_EQ(t.o.fl_reg[0], 8);
	CHECK_EQ(t.o.fl_warp[1] | t.o.fl_reg[1], 0);
	CHECK(all_zero(t.o.fl_data + 32, 32));
	CHECK_EQ(t.o.ev[RFC_EV_FLUSH_WB], 1);
	CHECK_EQ(t.o.slot_free, 0);
	tb_tick(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.fl_valid, 0);
	CHECK_EQ(t.o.slot_free, 1);
	tb_tick(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.slot_free, 3);
	tb_close(&t);
}

/* Exit slot 0 at cycle t with a hit on it in cycle t - before (or none):
 * the first cycle whose slot_free_o shows slot 0, counted from t. */
static int free_delay(int read_lat, int before)
{
	rfc_cfg c = cfg_default();
	c.read_lat = read_lat;
	tb t;
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 2, 0);
	for (int i = 3; i >= 0; i--) {
		if (before == i)
			tb_lu(&t, 0, 0, 1, 0);
		if (i == 0) {
			t.in.exit_valid = 1;
			t.in.exit_slot = 0;
		}
		tb_cycle(&t);
	}
	int d = 1;
	for (; d < 20; d++) {
		tb_eval(&t);
		CHECK_EQ(t.o.fl_valid, 0);
		if (t.o.slot_free & 1u)
			break;
		tb_tick(&t);
	}
	tb_close(&t);
	return d;
}

static void test_free_pins(void)
{
	CHECK_EQ(free_delay(3, -1), 2);
	CHECK_EQ(free_delay(3, 0), 4); /* stages 1, 2 pin; stage 3 does not */
	CHECK_EQ(free_delay(3, 1), 3);
	CHECK_EQ(free_delay(3, 2), 2); /* already in its read cycle at t+1 */
	CHECK_EQ(free_delay(1, 0), 2);
	CHECK_EQ(free_delay(4, 0), 5);

	/* the in-flight read of a dropped entry still returns its data */
	rfc_cfg c = cfg_default();
	tb t;
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 2, 60);
	tb_lu(&t, 0, 0, 1, 0);
	t.in.exit_valid = 1;
	t.in.exit_slot = 0;
	tb_cycle(&t);
	tb_idle_cycles(&t, 2);
	tb_eval(&t);
	CHECK_EQ(t.o.rd_valid, 1);
	CHECK(data_is(&t, t.o.rd_data, 61));
	tb_close(&t);
}

static void test_late(void)
{
	rfc_cfg c = cfg_default();
	tb t;
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 3, 10);
	t.in.flush_valid = 1;
	t.in.flush_slot = 0;
	tb_cycle(&t);
	/* late full-mask r0 while r0 would be drained this very cycle: superseded */
	tb_wr(&t, 0, 0, full_mask(&t), 99, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_valid, 1);
	CHECK_EQ(t.o.wb_cause, RFC_WB_LATE);
	CHECK_EQ(t.o.wb_warp, 0);
	CHECK_EQ(t.o.wb_reg, 0);
	CHECK_EQ(t.o.wb_mask, full_mask(&t));
	CHECK(data_is(&t, t.o.wb_data, 99));
	CHECK_EQ(t.o.ev[RFC_EV_BYPASS_WB], 1);
	CHECK_EQ(t.o.ev[RFC_EV_RFC_WRITE], 0);
	CHECK_EQ(t.o.fl_valid, 1);
	CHECK_EQ(t.o.fl_reg[0], 1); /* r0 skipped */
	CHECK_EQ(t.o.ev[RFC_EV_FLUSH_WB], 1);
	tb_tick(&t);
	CHECK_EQ(rfc_entry_valid(t.m, 0, 0), 0);
	CHECK_EQ(rfc_slot_nvalid(t.m, 0), 1);
	/* late result for a register not in the slot, with bypass set: LATE */
	tb_wr(&t, 0, 30, full_mask(&t), 98, 1);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_cause, RFC_WB_LATE);
	CHECK_EQ(t.o.fl_reg[0], 2);
	tb_tick(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.fl_valid, 0);
	tb_tick(&t);
	CHECK_EQ(rfc_slot_state(t.m, 0), RFC_SLOT_FREE);
	/* warp without any slot: LATE, nothing else */
	tb_wr(&t, 20, 1, full_mask(&t), 97, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_cause, RFC_WB_LATE);
	CHECK_EQ(t.o.wb_warp, 20);
	CHECK_EQ(t.o.ev[RFC_EV_RFC_WRITE], 0);
	tb_tick(&t);
	for (int s = 0; s < 8; s++)
		CHECK_EQ(rfc_slot_nvalid(t.m, s), 0);
	tb_close(&t);

	/* late result whose register is in the draining slot but not this cycle's
	 * drain: killed, never drained */
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 3, 10);
	t.in.flush_valid = 1;
	t.in.flush_slot = 0;
	tb_cycle(&t);
	tb_wr(&t, 0, 2, full_mask(&t), 99, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.fl_reg[0], 0);
	tb_tick(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.fl_reg[0], 1);
	tb_tick(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.fl_valid, 0);
	tb_close(&t);

	/* §4 B with a partial mask: write-through into the draining copy, which is
	 * skipped this cycle and drained later with the merged lanes */
	c.liveness = 1;
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 3, 10);
	t.in.flush_valid = 1;
	t.in.flush_slot = 0;
	tb_cycle(&t);
	int rank0 = rfc_entry_rank(t.m, 0, 0);
	tb_wr(&t, 0, 0, UINT64_C(0xffff0000), 99, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_valid, 1);
	CHECK_EQ(t.o.wb_cause, RFC_WB_LATE);
	CHECK_EQ(t.o.wb_reg, 0);
	CHECK_EQ(t.o.wb_mask, 0xffff0000u);
	CHECK(data_is(&t, t.o.wb_data, 99));
	CHECK_EQ(t.o.ev[RFC_EV_BYPASS_WB], 1);
	CHECK_EQ(t.o.ev[RFC_EV_RFC_WRITE], 1);
	CHECK_EQ(t.o.fl_valid, 1);
	CHECK_EQ(t.o.fl_reg[0], 1); /* r0 skipped this cycle */
	tb_tick(&t);
	CHECK_EQ(rfc_entry_valid(t.m, 0, 0), 1);
	CHECK_EQ(rfc_entry_dead(t.m, 0, 0), 0);
	CHECK_EQ(rfc_entry_rank(t.m, 0, 0), rank0);
	CHECK(merged_is(&t, ent(&t, 0, 0), UINT64_C(0xffff0000), 99, 10));
	tb_eval(&t);
	CHECK_EQ(t.o.fl_valid, 1);
	CHECK_EQ(t.o.fl_reg[0], 0); /* now r0, all lanes merged */
	CHECK(merged_is(&t, t.o.fl_data, UINT64_C(0xffff0000), 99, 10));
	tb_tick(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.fl_reg[0], 2);
	tb_tick(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.fl_valid, 0);
	tb_close(&t);
}

static void test_exit_act(void)
{
	rfc_cfg c = cfg_default();
	tb t;
	tb_open(&t, &c);
	tb_fill(&t, 0, 0, 6, 10);
	/* exit in the same cycle as a miss: the eviction still happens */
	tb_wr(&t, 0, 9, full_mask(&t), 11, 0);
	t.in.exit_valid = 1;
	t.in.exit_slot = 0;
	tb_eval(&t);
	CHECK_EQ(t.o.wb_cause, RFC_WB_EVICT);
	CHECK_EQ(t.o.fl_valid, 0);
	tb_tick(&t);
	CHECK_EQ(rfc_slot_state(t.m, 0), RFC_SLOT_DRAINING);
	CHECK_EQ(rfc_slot_nvalid(t.m, 0), 0);
	tb_eval(&t);
	CHECK_EQ(t.o.fl_valid | t.o.wb_valid, 0);
	CHECK_EQ(t.o.slot_free, 0);
	/* a write of the exited warp while DRAINING is late, kills nothing */
	tb_wr(&t, 0, 3, full_mask(&t), 12, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_cause, RFC_WB_LATE);
	tb_tick(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.slot_free, 1);
	CHECK_EQ(rfc_counts(t.m)[RFC_EV_FLUSH_WB], 0);
	/* act warp 9 into slot 0 */
	t.in.act_valid = 1;
	t.in.act_slot = 0;
	t.in.act_warp = 9;
	CHECK_EQ(tb_eval(&t), 0);
	CHECK_EQ(t.o.slot_free, 1);
	tb_tick(&t);
	CHECK_EQ(rfc_slot_state(t.m, 0), RFC_SLOT_OWNED);
	CHECK_EQ(rfc_slot_owner(t.m, 0), 9);
	CHECK_EQ(rfc_warp_slot(t.m, 9), 0);
	CHECK_EQ(rfc_warp_slot(t.m, 0), -1);
	tb_wr(&t, 9, 4, full_mask(&t), 13, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.slot_free, 0);
	CHECK_EQ(t.o.wb_valid, 0);
	tb_tick(&t);
	CHECK_EQ(rfc_entry_tag(t.m, 0, 0), 4);
	tb_lu(&t, 0, 1, 4, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.lu_hit, 2);
	tb_tick(&t);
	/* the old warp 0 now writes late */
	tb_wr(&t, 0, 4, full_mask(&t), 14, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.wb_cause, RFC_WB_LATE);
	tb_tick(&t);
	CHECK(data_is(&t, ent(&t, 0, 0), 13));
	/* re-activate warp 0 into slot 1 after slot 1 drained */
	t.in.exit_valid = 1;
	t.in.exit_slot = 1;
	tb_cycle(&t);
	tb_cycle(&t);
	t.in.act_valid = 1;
	t.in.act_slot = 1;
	t.in.act_warp = 0;
	CHECK_EQ(tb_eval(&t), 0);
	tb_tick(&t);
	CHECK_EQ(rfc_warp_slot(t.m, 0), 1);
	CHECK_EQ(rfc_warp_slot(t.m, 1), -1);
	tb_close(&t);
}

/* Expect code rc (and, if msg, that exact message) for the inputs set in t. */
static void expect_violation(tb *t, int rc, const char *msg, int line)
{
	int got = tb_eval(t);
	if (got != rc || (msg && strcmp(t->o.msg, msg) != 0) || (rc && !t->o.msg[0]) ||
	    (!rc && t->o.msg[0])) {
		wg_failed++;
		printf("FAIL %s:%d: violation %d expected, got %d \"%s\"\n", __FILE__, line, rc, got,
		       t->o.msg);
	} else {
		wg_passed++;
	}
	/* with reset asserted nothing is checked */
	t->in.rst = 1;
	CHECK_EQ(tb_eval(t), 0);
	tb_idle(t);
}

#define VIOL(t, rc, msg) expect_violation(t, rc, msg, __LINE__)

static void test_protocol(void)
{
	rfc_cfg c = cfg_default();
	c.active_warps = 6; /* SB = 3: slot ids 6, 7 fit the port */
	c.warps = 20;
	tb t;
	tb_open(&t, &c);
	/* slot 0 DRAINING (exit), slot 1 FREE */
	t.in.exit_valid = 1;
	t.in.exit_slot = 1;
	tb_cycle(&t);
	tb_cycle(&t);
	t.in.flush_valid = 1;
	t.in.flush_slot = 0;
	tb_fill(&t, 0, 0, 1, 0); /* the fill cycle carries the flush */
	CHECK_EQ(rfc_slot_state(t.m, 0), RFC_SLOT_DRAINING);
	CHECK_EQ(rfc_slot_state(t.m, 1), RFC_SLOT_FREE);
	uint64_t before = rfc_counts(t.m)[RFC_EV_FLUSH_WB];

	t.in.lu_valid = 1, t.in.lu_slot = 6;
	VIOL(&t, RFC_E_LU_SLOT, "rfc: lu_valid_i for slot 6 which is out of range (ACTIVE_WARPS=6)");
	t.in.lu_valid = 1, t.in.lu_slot = 0;
	VIOL(&t, RFC_E_LU_SLOT, "rfc: lu_valid_i for slot 0 which is not OWNED");
	t.in.lu_valid = 1, t.in.lu_slot = 1;
	VIOL(&t, RFC_E_LU_SLOT, "rfc: lu_valid_i for slot 1 which is not OWNED");
	t.in.lu_valid = 1, t.in.lu_slot = 2; /* en = 0 still checks the slot: fine here */
	VIOL(&t, RFC_OK, NULL);
	t.in.lu_slot = 0; /* lu_valid = 0: slot ignored */
	VIOL(&t, RFC_OK, NULL);

	t.in.wr_valid = 1, t.in.wr_warp = 20;
	VIOL(&t, RFC_E_WR_WARP, "rfc: wr_valid_i for warp 20 which is out of range (WARPS=20)");
	t.in.wr_valid = 1, t.in.wr_warp = 19;
	VIOL(&t, RFC_OK, NULL);

	t.in.act_valid = 1, t.in.act_slot = 3, t.in.act_warp = 10;
	VIOL(&t, RFC_E_ACT_SLOT, "rfc: act_valid_i for slot 3 which is not FREE");
	t.in.act_valid = 1, t.in.act_slot = 0, t.in.act_warp = 10;
	VIOL(&t, RFC_E_ACT_SLOT, "rfc: act_valid_i for slot 0 which is not FREE");
	t.in.act_valid = 1, t.in.act_slot = 7, t.in.act_warp = 10;
	VIOL(&t, RFC_E_ACT_SLOT, "rfc: act_valid_i for slot 7 which is out of range (ACTIVE_WARPS=6)");
	t.in.act_valid = 1, t.in.act_slot = 1, t.in.act_warp = 20;
	VIOL(&t, RFC_E_ACT_WARP, "rfc: act_valid_i for warp 20 which is out of range (WARPS=20)");
	t.in.act_valid = 1, t.in.act_slot = 1, t.in.act_warp = 3;
	VIOL(&t, RFC_E_ACT_WARP, "rfc: act_valid_i for warp 3 which already owns slot 3 (OWNED)");
	t.in.act_valid = 1, t.in.act_slot = 1, t.in.act_warp = 0;
	VIOL(&t, RFC_E_ACT_WARP, "rfc: act_valid_i for warp 0 which already owns slot 0 (DRAINING)");
	t.in.act_valid = 1, t.in.act_slot = 1, t.in.act_warp = 1; /* its slot is FREE now */
	VIOL(&t, RFC_OK, NULL);

	t.in.flush_valid = 1, t.in.flush_slot = 1;
	VIOL(&t, RFC_E_FLUSH_SLOT, "rfc: flush_valid_i for slot 1 which is not OWNED");
	t.in.flush_valid = 1, t.in.flush_slot = 0;
	VIOL(&t, RFC_E_FLUSH_SLOT, "rfc: flush_valid_i for slot 0 which is not OWNED");
	t.in.flush_valid = 1, t.in.flush_slot = 6;
	VIOL(&t, RFC_E_FLUSH_SLOT, "rfc: flush_valid_i for slot 6 which is out of range (ACTIVE_WARPS=6)");
	t.in.exit_valid = 1, t.in.exit_slot = 1;
	VIOL(&t, RFC_E_EXIT_SLOT, "rfc: exit_valid_i for slot 1 which is not OWNED");
	t.in.exit_valid = 1, t.in.exit_slot = 0;
	VIOL(&t, RFC_E_EXIT_SLOT, "rfc: exit_valid_i for slot 0 which is not OWNED");
	t.in.exit_valid = 1, t.in.exit_slot = 7;
	VIOL(&t, RFC_E_EXIT_SLOT, "rfc: exit_valid_i for slot 7 which is out of range (ACTIVE_WARPS=6)");
	t.in.flush_valid = 1, t.in.flush_slot = 4, t.in.exit_valid = 1, t.in.exit_slot = 4;
	VIOL(&t, RFC_E_FLUSH_EXIT, "rfc: flush_valid_i and exit_valid_i both for slot 4");
	t.in.flush_valid = 1, t.in.flush_slot = 4, t.in.exit_valid = 1, t.in.exit_slot = 5;
	VIOL(&t, RFC_OK, NULL);
	/* the first violated rule is reported */
	t.in.lu_valid = 1, t.in.lu_slot = 1, t.in.wr_valid = 1, t.in.wr_warp = 30;
	VIOL(&t, RFC_E_LU_SLOT, NULL);

	/* eval with violations changed nothing */
	CHECK_EQ(rfc_slot_state(t.m, 0), RFC_SLOT_DRAINING);
	CHECK_EQ(rfc_slot_state(t.m, 1), RFC_SLOT_FREE);
	CHECK_EQ(rfc_slot_nvalid(t.m, 0), 1);
	CHECK_EQ(rfc_counts(t.m)[RFC_EV_FLUSH_WB], before);
	tb_close(&t);
}

static void test_eval_pure(void)
{
	rfc_cfg c = cfg_default();
	tb a, b;
	tb_open(&a, &c);
	tb_open(&b, &c);
	/* a calls eval 3 times per cycle, b never calls eval: same state, same outputs */
	unsigned seed = 1;
	int same = 1;
	for (int cyc = 0; cyc < 400; cyc++) {
		seed = seed * 1103515245u + 12345u;
		unsigned x = seed >> 4;
		tb_lu(&a, x % 8, 0, (x >> 3) % 8, (x >> 6) & 1);
		tb_lu(&b, x % 8, 0, (x >> 3) % 8, (x >> 6) & 1);
		tb_wr(&a, (x >> 7) % 8, (x >> 10) % 8, (x >> 13) & 1 ? full_mask(&a) : 0xff, x, 0);
		tb_wr(&b, (x >> 7) % 8, (x >> 10) % 8, (x >> 13) & 1 ? full_mask(&b) : 0xff, x, 0);
		rfc_out o1;
		uint64_t rd[3 * 32], wb[32], fl[32];
		memset(&o1, 0, sizeof o1);
		o1.rd_data = rd, o1.wb_data = wb, o1.fl_data = fl;
		tb_eval(&a);
		rfc_eval(a.m, &a.in, &o1);
		tb_eval(&a);
		same &= o1.lu_hit == a.o.lu_hit && o1.wb_valid == a.o.wb_valid &&
			o1.wb_reg == a.o.wb_reg && !memcmp(rd, a.o.rd_data, sizeof rd) &&
			!memcmp(wb, a.o.wb_data, sizeof wb) && !memcmp(o1.ev, a.o.ev, sizeof o1.ev);
		tb_tick(&a);
		tb_tick(&b);
		for (int s = 0; s < 8; s++)
			for (int e = 0; e < 6; e++)
				same &= rfc_entry_valid(a.m, s, e) == rfc_entry_valid(b.m, s, e) &&
					rfc_entry_rank(a.m, s, e) == rfc_entry_rank(b.m, s, e) &&
					rfc_entry_dead(a.m, s, e) == rfc_entry_dead(b.m, s, e) &&
					!memcmp(ent(&a, s, e), ent(&b, s, e), 32 * 8);
	}
	CHECK(same);
	CHECK(!memcmp(rfc_counts(a.m), rfc_counts(b.m), RFC_NEVENTS * sizeof(uint64_t)));
	CHECK(rfc_counts(a.m)[RFC_EV_TAG_LOOKUP] == 400);
	tb_close(&a);
	tb_close(&b);
}

/* ------------------------------------------------------------------ */
/* Frame adapter                                                       */
/* ------------------------------------------------------------------ */

typedef wg_fr fr;

static void fr_open(fr *f, const rfc_cfg *c)
{
	long p[RFC_NPARAMS];
	rfc_cfg_to_params(c, p);
	wg_fr_open(f, &wg_block_rfc, p);
}

/* Pack typed inputs into f->in (all fields masked to their widths). */
static void fr_pack_in(fr *f, const rfc_cfg *c, const rfc_in *in)
{
	const wg_layout *L = &f->L;
	unsigned RB = (unsigned)c->reg_bits, W = (unsigned)c->width;
	memset(f->in, 0, (size_t)L->nwords[WG_IN] * sizeof(uint32_t));
	wg_fr_put(f, RFC_RST_I, 0, 1, in->rst);
	wg_fr_put(f, RFC_LU_VALID_I, 0, 1, in->lu_valid);
	wg_fr_put(f, RFC_LU_SLOT_I, 0, (unsigned)L->width[RFC_LU_SLOT_I], in->lu_slot);
	wg_fr_put(f, RFC_LU_EN_I, 0, (unsigned)c->read_ports, in->lu_en);
	wg_fr_put(f, RFC_LU_LAST_I, 0, (unsigned)c->read_ports, in->lu_last);
	for (int p = 0; p < c->read_ports; p++)
		wg_fr_put(f, RFC_LU_REG_I, (unsigned)p * RB, RB, in->lu_reg[p]);
	wg_fr_put(f, RFC_WR_VALID_I, 0, 1, in->wr_valid);
	wg_fr_put(f, RFC_WR_WARP_I, 0, (unsigned)L->width[RFC_WR_WARP_I], in->wr_warp);
	wg_fr_put(f, RFC_WR_REG_I, 0, RB, in->wr_reg);
	wg_fr_put(f, RFC_WR_MASK_I, 0, (unsigned)c->lanes, in->wr_mask);
	wg_fr_put(f, RFC_WR_BYPASS_I, 0, 1, in->wr_bypass);
	if (in->wr_data)
		for (int l = 0; l < c->lanes; l++)
			wg_fr_put(f, RFC_WR_DATA_I, (unsigned)l * W, W, in->wr_data[l]);
	wg_fr_put(f, RFC_ACT_VALID_I, 0, 1, in->act_valid);
	wg_fr_put(f, RFC_ACT_SLOT_I, 0, (unsigned)L->width[RFC_ACT_SLOT_I], in->act_slot);
	wg_fr_put(f, RFC_ACT_WARP_I, 0, (unsigned)L->width[RFC_ACT_WARP_I], in->act_warp);
	wg_fr_put(f, RFC_FLUSH_VALID_I, 0, 1, in->flush_valid);
	wg_fr_put(f, RFC_FLUSH_SLOT_I, 0, (unsigned)L->width[RFC_FLUSH_SLOT_I], in->flush_slot);
	wg_fr_put(f, RFC_EXIT_VALID_I, 0, 1, in->exit_valid);
	wg_fr_put(f, RFC_EXIT_SLOT_I, 0, (unsigned)L->width[RFC_EXIT_SLOT_I], in->exit_slot);
}

/* 1 when the output frame equals the typed outputs o, bit for bit (and every
 * bit above each port's width is zero). */
static int fr_matches(const fr *f, const rfc_cfg *c, const rfc_out *o)
{
	const wg_layout *L = &f->L;
	unsigned RB = (unsigned)c->reg_bits, W = (unsigned)c->width, WB = (unsigned)L->width[RFC_WB_WARP_O];
	int ok = 1;
	ok &= wg_fr_get(f, RFC_LU_HIT_O, 0, (unsigned)c->read_ports) == o->lu_hit;
	ok &= wg_fr_get(f, RFC_RD_VALID_O, 0, (unsigned)c->read_ports) == o->rd_valid;
	for (int i = 0; i < c->read_ports * c->lanes; i++)
		ok &= wg_fr_get(f, RFC_RD_DATA_O, (unsigned)i * W, W) == o->rd_data[i];
	ok &= wg_fr_get(f, RFC_WB_VALID_O, 0, 1) == o->wb_valid;
	ok &= wg_fr_get(f, RFC_WB_CAUSE_O, 0, 3) == o->wb_cause;
	ok &= wg_fr_get(f, RFC_WB_WARP_O, 0, WB) == o->wb_warp;
	ok &= wg_fr_get(f, RFC_WB_REG_O, 0, RB) == o->wb_reg;
	ok &= wg_fr_get(f, RFC_WB_MASK_O, 0, (unsigned)c->lanes) == o->wb_mask;
	for (int l = 0; l < c->lanes; l++)
		ok &= wg_fr_get(f, RFC_WB_DATA_O, (unsigned)l * W, W) == o->wb_data[l];
	ok &= wg_fr_get(f, RFC_FL_VALID_O, 0, (unsigned)c->flush_ports) == o->fl_valid;
	for (int j = 0; j < c->flush_ports; j++) {
		ok &= wg_fr_get(f, RFC_FL_WARP_O, (unsigned)j * WB, WB) == o->fl_warp[j];
		ok &= wg_fr_get(f, RFC_FL_REG_O, (unsigned)j * RB, RB) == o->fl_reg[j];
	}
	for (int i = 0; i < c->flush_ports * c->lanes; i++)
		ok &= wg_fr_get(f, RFC_FL_DATA_O, (unsigned)i * W, W) == o->fl_data[i];
	ok &= wg_fr_get(f, RFC_SLOT_FREE_O, 0, (unsigned)c->active_warps) == o->slot_free;
	ok &= wg_fr_events_are(f, o->ev);
	/* nothing above the widths */
	for (int port = 0; port < L->nports; port++) {
		if (wg_block_rfc.ports[port].dir != WG_OUT)
			continue;
		int w = L->width[port], words = (w + 31) / 32;
		if (w % 32)
			ok &= (f->out[L->off[port] + words - 1] >> (w % 32)) == 0;
	}
	return ok;
}

static void test_frame_ev(void)
{
	rfc_cfg c = cfg_default();
	fr f;
	fr_open(&f, &c);
	tb t;
	tb_open(&t, &c);
	/* ev_o layout: 2,2,2,2,1,1,1,1 bits for R = 3, FP = 1 */
	static const int lsb[RFC_NEVENTS] = {0, 2, 4, 6, 8, 9, 10, 11};
	for (int e = 0; e < RFC_NEVENTS; e++)
		CHECK_EQ(f.L.ev_lsb[e], lsb[e]);
	CHECK_EQ(f.L.width[RFC_EV_O], 12);
	/* the same stream through the frame and the typed API */
	rfc_in seq[8];
	uint64_t wdat[32];
	for (int l = 0; l < 32; l++)
		wdat[l] = pat(&t, 5, (unsigned)l);
	memset(seq, 0, sizeof seq);
	seq[0].rst = 1;
	seq[1] = (rfc_in){.wr_valid = 1, .wr_reg = 1, .wr_mask = full_mask(&t), .wr_data = wdat};
	seq[2] = (rfc_in){.wr_valid = 1, .wr_reg = 2, .wr_mask = 0xff, .wr_data = wdat};
	seq[3] = (rfc_in){.lu_valid = 1, .lu_en = 7, .lu_reg = {1, 1, 3}};
	seq[4] = (rfc_in){.wr_valid = 1, .wr_warp = 40 % 32, .wr_reg = 2, .wr_mask = full_mask(&t), .wr_data = wdat};
	/* seq[5], [6] idle; [6] is the read cycle of seq[3] (cycle 3 + 3) */
	seq[7] = (rfc_in){.rst = 1};
	static const unsigned want[8][RFC_NEVENTS] = {
		{0},
		{0, 0, 0, 0, 1, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 1},
		{3, 1, 2, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 1},
		{0},
		{0, 0, 0, 2, 0, 0, 0, 0},
		{0},
	};
	uint64_t total[RFC_NEVENTS] = {0};
	for (int cyc = 0; cyc < 8; cyc++) {
		fr_pack_in(&f, &c, &seq[cyc]);
		CHECK_EQ(wg_block_rfc.model_eval(f.m, f.in, f.out, f.err, sizeof f.err), 0);
		uint64_t ev = wg_fr_get(&f, RFC_EV_O, 0, 12), exp = 0;
		for (int e = 0; e < RFC_NEVENTS; e++)
			exp |= (uint64_t)want[cyc][e] << lsb[e];
		CHECK_EQ(ev, exp);
		t.in = seq[cyc];
		if (!t.in.wr_data)
			t.in.wr_data = t.wd;
		tb_eval(&t);
		CHECK(fr_matches(&f, &c, &t.o));
		wg_block_rfc.model_tick(f.m, f.in);
		tb_tick(&t);
		for (int e = 0; e < RFC_NEVENTS && !seq[cyc].rst; e++)
			total[e] += want[cyc][e];
	}
	const uint64_t *cnt = wg_block_rfc.model_counts(f.m);
	for (int e = 0; e < RFC_NEVENTS; e++)
		CHECK_EQ(cnt[e], total[e]);
	/* a violation through the frame: -1 and the message */
	fr_pack_in(&f, &c, &(rfc_in){.act_valid = 1, .act_slot = 3, .act_warp = 9});
	CHECK_EQ(wg_block_rfc.model_eval(f.m, f.in, f.out, f.err, sizeof f.err), -1);
	CHECK(strcmp(f.err, "rfc: act_valid_i for slot 3 which is not FREE") == 0);
	/* the model block is position independent: a copy runs on its own */
	size_t sz = wg_block_rfc.model_size(f.p);
	void *copy = malloc(sz);
	memcpy(copy, f.m, sz);
	fr_pack_in(&f, &c, &(rfc_in){.wr_valid = 1, .wr_reg = 1, .wr_mask = full_mask(&t), .wr_data = wdat});
	wg_block_rfc.model_tick(copy, f.in);
	fr_pack_in(&f, &c, &(rfc_in){.lu_valid = 1, .lu_en = 1, .lu_reg = {1}});
	CHECK_EQ(wg_block_rfc.model_eval(copy, f.in, f.out, f.err, sizeof f.err), 0);
	CHECK_EQ(wg_fr_get(&f, RFC_LU_HIT_O, 0, 3), 1);
	CHECK_EQ(wg_block_rfc.model_eval(f.m, f.in, f.out, f.err, sizeof f.err), 0);
	CHECK_EQ(wg_fr_get(&f, RFC_LU_HIT_O, 0, 3), 0); /* the original is untouched */
	free(copy);
	wg_fr_close(&f);
	tb_close(&t);
}

/* ------------------------------------------------------------------ */
/* Naive reference, written straight from docs/rfc.md                  */
/* ------------------------------------------------------------------ */

typedef struct ref {
	rfc_cfg c;
	int st[64], owner[64];
	int valid[64][16], tag[64][16], dead[64][16], rank[64][16];
	uint64_t *data; /* [(s*N + e)*L + l] */
	int pv[4][4], ps[4][4], pi[4][4];
} ref;

typedef struct refout {
	unsigned lu_hit, rd_valid, wb_valid, wb_cause, wb_warp, wb_reg, fl_valid;
	unsigned fl_warp[4], fl_reg[4], ev[RFC_NEVENTS];
	uint64_t wb_mask, slot_free;
	uint64_t rd_data[4 * 64], wb_data[64], fl_data[4 * 64];
} refout;

static uint64_t *ref_d(ref *r, int s, int e)
{
	return r->data + ((size_t)s * (size_t)r->c.entries + (size_t)e) * (size_t)r->c.lanes;
}

static void ref_reset(ref *r)
{
	for (int s = 0; s < r->c.active_warps; s++) {
		r->st[s] = RFC_SLOT_OWNED;
		r->owner[s] = s;
		for (int e = 0; e < r->c.entries; e++) {
			r->valid[s][e] = 0;
			r->dead[s][e] = 0;
			r->rank[s][e] = e;
		}
	}
	memset(r->pv, 0, sizeof r->pv);
}

static void ref_touch(ref *r, int s, int e)
{
	for (int f = 0; f < r->c.entries; f++)
		if (f != e && r->rank[s][f] < r->rank[s][e])
			r->rank[s][f]++;
	r->rank[s][e] = 0;
}

static int ref_pinned(const ref *r, int s, int e, const int *hit, const int *hidx, int ls)
{
	for (int k = 0; k < r->c.read_lat - 1; k++)
		for (int p = 0; p < r->c.read_ports; p++)
			if (r->pv[k][p] && r->ps[k][p] == s && r->pi[k][p] == e)
				return 1;
	for (int p = 0; p < r->c.read_ports; p++)
		if (hit[p] && ls == s && hidx[p] == e)
			return 1;
	return 0;
}

/* Outputs of the cycle into o; with apply, also the edge. */
static void ref_step(ref *r, const rfc_in *in, refout *o, int apply)
{
	const rfc_cfg *c = &r->c;
	int A = c->active_warps, N = c->entries, L = c->lanes, R = c->read_ports;
	uint64_t wm = c->width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << c->width) - 1;
	uint64_t lm = L >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << L) - 1;
	unsigned regm = (1u << c->reg_bits) - 1;
	memset(o, 0, sizeof *o);
	/* 1 lookup */
	int ls = (int)in->lu_slot, hit[4] = {0}, hidx[4] = {0};
	for (int p = 0; p < R; p++) {
		if (!(in->lu_valid && ((in->lu_en >> p) & 1)))
			continue;
		o->ev[RFC_EV_TAG_LOOKUP]++;
		for (int e = 0; e < N && ls < A; e++)
			if (r->valid[ls][e] && r->tag[ls][e] == (int)(in->lu_reg[p] & regm))
				hit[p] = 1, hidx[p] = e;
		o->lu_hit |= (unsigned)hit[p] << p;
		o->ev[hit[p] ? RFC_EV_MRF_READ_AVOIDED : RFC_EV_MRF_READ]++;
	}
	/* 2 read */
	for (int p = 0; p < R; p++)
		if (r->pv[c->read_lat - 1][p]) {
			o->rd_valid |= 1u << p;
			memcpy(o->rd_data + p * L, ref_d(r, r->ps[c->read_lat - 1][p], r->pi[c->read_lat - 1][p]),
			       (size_t)L * 8);
			o->ev[RFC_EV_RFC_READ]++;
		}
	/* 4 write */
	int so = -1, sd = -1, mm = -1, wc = 0, v = -1; /* wc: 1 bypass 2 hit 3 partial 4 alloc 5 fallback 6 late */
	int thru = 0; /* wc 1 or 6 with m and a partial mask: write-through */
	unsigned reg = in->wr_reg & regm;
	if (in->wr_valid) {
		for (int s = 0; s < A; s++)
			if (r->owner[s] == (int)in->wr_warp) {
				if (r->st[s] == RFC_SLOT_OWNED)
					so = s;
				if (r->st[s] == RFC_SLOT_DRAINING)
					sd = s;
			}
		int ws = so >= 0 ? so : sd;
		for (int e = 0; e < N && ws >= 0; e++)
			if (r->valid[ws][e] && r->tag[ws][e] == (int)reg)
				mm = e;
		if (so < 0)
			wc = 6;
		else if (in->wr_bypass)
			wc = 1;
		else if (mm >= 0)
			wc = 2;
		else if ((in->wr_mask & lm) != lm)
			wc = 3;
		else {
			/* the lowest invalid unpinned entry, else the oldest valid unpinned one */
			for (int e = N - 1; e >= 0; e--)
				if (!r->valid[so][e] && !ref_pinned(r, so, e, hit, hidx, ls))
					v = e;
			if (v < 0)
				for (int e = 0; e < N; e++)
					if (r->valid[so][e] && !ref_pinned(r, so, e, hit, hidx, ls) &&
					    (v < 0 || r->rank[so][e] > r->rank[so][v]))
						v = e;
			wc = v < 0 ? 5 : 4;
		}
		o->wb_warp = in->wr_warp;
		o->wb_reg = reg;
		o->wb_mask = in->wr_mask & lm;
		for (int l = 0; l < L; l++)
			o->wb_data[l] = in->wr_data[l] & wm;
		o->wb_valid = 1;
		if (wc == 1)
			o->wb_cause = RFC_WB_BYPASS;
		else if (wc == 3)
			o->wb_cause = RFC_WB_PARTIAL;
		else if (wc == 5)
			o->wb_cause = RFC_WB_FALLBACK, o->wb_mask = lm;
		else if (wc == 6)
			o->wb_cause = RFC_WB_LATE;
		else if (wc == 4 && r->valid[so][v] && !r->dead[so][v]) {
			o->wb_cause = RFC_WB_EVICT;
			o->wb_reg = (unsigned)r->tag[so][v];
			o->wb_mask = lm;
			memcpy(o->wb_data, ref_d(r, so, v), (size_t)L * 8);
			o->ev[RFC_EV_EVICT_WB] = 1;
		} else
			o->wb_valid = 0;
		if (wc == 2 || wc == 4)
			o->ev[RFC_EV_RFC_WRITE] = 1;
		else
			o->ev[RFC_EV_BYPASS_WB] = 1;
		/* A.1, B: a partial mask writes through into m */
		thru = (wc == 1 || (wc == 6 && sd >= 0)) && mm >= 0 && (in->wr_mask & lm) != lm;
		if (thru)
			o->ev[RFC_EV_RFC_WRITE] = 1;
	}
	if (!o->wb_valid) {
		o->wb_warp = o->wb_reg = 0;
		o->wb_mask = 0;
		memset(o->wb_data, 0, sizeof o->wb_data);
	}
	/* 5 drain */
	int nfl = 0, fs[4], fe[4];
	for (int s = 0; s < A; s++)
		for (int e = 0; e < N; e++)
			if (r->st[s] == RFC_SLOT_DRAINING && r->valid[s][e] && !(wc == 6 && s == sd && e == mm) &&
			    nfl < c->flush_ports) {
				fs[nfl] = s, fe[nfl] = e;
				o->fl_valid |= 1u << nfl;
				o->fl_warp[nfl] = (unsigned)r->owner[s];
				o->fl_reg[nfl] = (unsigned)r->tag[s][e];
				memcpy(o->fl_data + nfl * L, ref_d(r, s, e), (size_t)L * 8);
				nfl++;
			}
	o->ev[RFC_EV_FLUSH_WB] = (unsigned)nfl;
	for (int s = 0; s < A; s++)
		if (r->st[s] == RFC_SLOT_FREE)
			o->slot_free |= UINT64_C(1) << s;
	if (!apply)
		return;
	if (in->rst) {
		ref_reset(r);
		return;
	}
	/* which draining slots free (on S) */
	int tofree[64] = {0};
	for (int s = 0; s < A; s++) {
		if (r->st[s] != RFC_SLOT_DRAINING)
			continue;
		int any = 0;
		for (int e = 0; e < N; e++)
			any |= r->valid[s][e];
		for (int k = 0; k < c->read_lat - 1; k++)
			for (int p = 0; p < R; p++)
				any |= r->pv[k][p] && r->ps[k][p] == s;
		tofree[s] = !any;
	}
	int fl_ok = in->flush_valid && r->st[in->flush_slot] == RFC_SLOT_OWNED;
	int ex_ok = in->exit_valid && r->st[in->exit_slot] == RFC_SLOT_OWNED;
	int act_ok = in->act_valid && r->st[in->act_slot] == RFC_SLOT_FREE;
	/* 6.1 */
	for (int p = 0; p < R; p++)
		if (hit[p]) {
			if (c->liveness && ((in->lu_last >> p) & 1))
				r->dead[ls][hidx[p]] = 1;
			if (c->replacement == RFC_LRU)
				ref_touch(r, ls, hidx[p]);
		}
	/* 6.2 */
	if (thru) {
		int ws = wc == 1 ? so : sd;
		for (int l = 0; l < L; l++)
			if ((in->wr_mask >> l) & 1)
				ref_d(r, ws, mm)[l] = in->wr_data[l] & wm;
		r->dead[ws][mm] = 0;
	}
	if (wc == 1 && mm >= 0 && !thru)
		r->valid[so][mm] = 0;
	if (wc == 2) {
		for (int l = 0; l < L; l++)
			if ((in->wr_mask >> l) & 1)
				ref_d(r, so, mm)[l] = in->wr_data[l] & wm;
		r->dead[so][mm] = 0;
		ref_touch(r, so, mm);
	}
	if (wc == 4) {
		r->valid[so][v] = 1;
		r->tag[so][v] = (int)reg;
		r->dead[so][v] = 0;
		for (int l = 0; l < L; l++)
			ref_d(r, so, v)[l] = in->wr_data[l] & wm;
		ref_touch(r, so, v);
	}
	if (wc == 6 && sd >= 0 && mm >= 0 && !thru)
		r->valid[sd][mm] = 0;
	/* 6.3 */
	for (int j = 0; j < nfl; j++)
		r->valid[fs[j]][fe[j]] = 0;
	/* 6.4 */
	for (int s = 0; s < A; s++)
		if (tofree[s])
			r->st[s] = RFC_SLOT_FREE;
	if (fl_ok) {
		r->st[in->flush_slot] = RFC_SLOT_DRAINING;
		for (int e = 0; e < N; e++)
			if (r->dead[in->flush_slot][e])
				r->valid[in->flush_slot][e] = 0;
	}
	if (ex_ok) {
		r->st[in->exit_slot] = RFC_SLOT_DRAINING;
		for (int e = 0; e < N; e++)
			r->valid[in->exit_slot][e] = 0;
	}
	if (act_ok) {
		r->st[in->act_slot] = RFC_SLOT_OWNED;
		r->owner[in->act_slot] = (int)in->act_warp;
	}
	/* 6.5 */
	for (int k = c->read_lat - 1; k > 0; k--)
		for (int p = 0; p < R; p++)
			r->pv[k][p] = r->pv[k - 1][p], r->ps[k][p] = r->ps[k - 1][p], r->pi[k][p] = r->pi[k - 1][p];
	for (int p = 0; p < R; p++)
		r->pv[0][p] = hit[p], r->ps[0][p] = ls, r->pi[0][p] = hidx[p];
}

/* ------------------------------------------------------------------ */
/* Randomized cross-check                                              */
/* ------------------------------------------------------------------ */

static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static int rng_pct(uint64_t *s, int pct)
{
	return (int)(rng_next(s) % 100) < pct;
}

/* A random slot of state st in the reference, or -1. */
static int ref_pick_slot(const ref *r, int st, uint64_t *rs)
{
	int cand[64], n = 0;
	for (int s = 0; s < r->c.active_warps; s++)
		if (r->st[s] == st)
			cand[n++] = s;
	return n ? cand[rng_next(rs) % (uint64_t)n] : -1;
}

static int ref_warp_has_slot(const ref *r, int w)
{
	for (int s = 0; s < r->c.active_warps; s++)
		if (r->st[s] != RFC_SLOT_FREE && r->owner[s] == w)
			return 1;
	return 0;
}

/* A register for lookup k of slot s: mostly one it holds; half of the time
 * the entries are taken round-robin, so that whole slots get pinned. */
static unsigned gen_lu_reg(const ref *r, int s, unsigned k, unsigned regs, uint64_t *rs)
{
	int e = (int)((rng_pct(rs, 50) ? k : rng_next(rs)) % (uint64_t)r->c.entries);
	if (r->valid[s][e] && rng_pct(rs, 85))
		return (unsigned)r->tag[s][e];
	return (unsigned)(rng_next(rs) % regs);
}

/* Legal random inputs for the reference's state. Activity concentrates on a
 * hot slot that changes every 64 cycles, so slots fill up, evict and get
 * pinned; flushes, exits and activations keep the slots moving. */
static void gen_inputs(const ref *r, rfc_in *in, uint64_t *wd, uint64_t *rs, int cyc)
{
	const rfc_cfg *c = &r->c;
	unsigned regs = (unsigned)c->entries * 2u + 1u;
	if (regs > (1u << c->reg_bits))
		regs = 1u << c->reg_bits;
	const uint64_t *keep = in->wr_data;
	memset(in, 0, sizeof *in);
	in->wr_data = keep;
	if (rng_pct(rs, 1)) {
		in->rst = 1;
		return;
	}
	int hot = (cyc / 64) % c->active_warps;
	int hot_ok = r->st[hot] == RFC_SLOT_OWNED;
	int s = hot_ok && rng_pct(rs, 70) ? hot : ref_pick_slot(r, RFC_SLOT_OWNED, rs);
	if (s >= 0 && rng_pct(rs, 70)) {
		in->lu_valid = 1;
		in->lu_slot = (unsigned)s;
		in->lu_en = rng_pct(rs, 50) ? (1u << c->read_ports) - 1
					    : (unsigned)rng_next(rs) & ((1u << c->read_ports) - 1);
		in->lu_last = (unsigned)rng_next(rs) & (unsigned)rng_next(rs) & 15u;
		for (int p = 0; p < c->read_ports; p++)
			in->lu_reg[p] = gen_lu_reg(r, s, (unsigned)(cyc * c->read_ports + p), regs, rs);
	}
	if (rng_pct(rs, 70)) {
		in->wr_valid = 1;
		int ws = hot_ok && rng_pct(rs, 60) ? hot
			 : ref_pick_slot(r, (int)(rng_next(rs) % 4) ? RFC_SLOT_OWNED : RFC_SLOT_DRAINING, rs);
		in->wr_warp = ws >= 0 && rng_pct(rs, 90) ? (unsigned)r->owner[ws]
						       : (unsigned)(rng_next(rs) % (uint64_t)c->warps);
		in->wr_reg = (unsigned)(rng_next(rs) % regs);
		uint64_t lm = c->lanes >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << c->lanes) - 1;
		in->wr_mask = rng_pct(rs, 80) ? lm : rng_next(rs) & lm;
		in->wr_bypass = rng_pct(rs, 8);
		for (int l = 0; l < c->lanes; l++)
			wd[l] = rng_next(rs); /* bits above WIDTH: the model masks them */
	}
	int fs = ref_pick_slot(r, RFC_SLOT_FREE, rs);
	if (fs >= 0 && rng_pct(rs, 30)) {
		int w = (int)(rng_next(rs) % (uint64_t)c->warps);
		if (!ref_warp_has_slot(r, w)) {
			in->act_valid = 1;
			in->act_slot = (unsigned)fs;
			in->act_warp = (unsigned)w;
		}
	}
	int f = ref_pick_slot(r, RFC_SLOT_OWNED, rs);
	if (f >= 0 && rng_pct(rs, 2)) {
		in->flush_valid = 1;
		in->flush_slot = (unsigned)f;
	}
	int x = ref_pick_slot(r, RFC_SLOT_OWNED, rs);
	if (x >= 0 && rng_pct(rs, 1) && !(in->flush_valid && in->flush_slot == (unsigned)x)) {
		in->exit_valid = 1;
		in->exit_slot = (unsigned)x;
	}
}

static int out_equal(const rfc_cfg *c, const rfc_out *o, const refout *e)
{
	size_t L = (size_t)c->lanes;
	int ok = o->lu_hit == e->lu_hit && o->rd_valid == e->rd_valid && o->wb_valid == e->wb_valid &&
		 o->wb_cause == e->wb_cause && o->wb_warp == e->wb_warp && o->wb_reg == e->wb_reg &&
		 o->wb_mask == e->wb_mask && o->fl_valid == e->fl_valid && o->slot_free == e->slot_free;
	ok &= !memcmp(o->rd_data, e->rd_data, (size_t)c->read_ports * L * 8);
	ok &= !memcmp(o->wb_data, e->wb_data, L * 8);
	ok &= !memcmp(o->fl_data, e->fl_data, (size_t)c->flush_ports * L * 8);
	for (int j = 0; j < c->flush_ports; j++)
		ok &= o->fl_warp[j] == e->fl_warp[j] && o->fl_reg[j] == e->fl_reg[j];
	ok &= !memcmp(o->ev, e->ev, sizeof o->ev);
	return ok;
}

static int state_equal(const rfc_model *m, const ref *r)
{
	int ok = 1;
	for (int s = 0; s < r->c.active_warps; s++) {
		ok &= rfc_slot_state(m, s) == r->st[s] && rfc_slot_owner(m, s) == r->owner[s];
		int seen = 0;
		for (int e = 0; e < r->c.entries; e++) {
			ok &= rfc_entry_valid(m, s, e) == r->valid[s][e];
			ok &= rfc_entry_rank(m, s, e) == r->rank[s][e];
			seen |= 1 << rfc_entry_rank(m, s, e);
			if (r->valid[s][e]) {
				uint64_t lanes[64];
				rfc_entry_data(m, s, e, lanes);
				ok &= !memcmp(lanes, r->data + ((size_t)s * (size_t)r->c.entries + (size_t)e) *
								      (size_t)r->c.lanes,
					      (size_t)r->c.lanes * 8);
				ok &= rfc_entry_tag(m, s, e) == r->tag[s][e];
				ok &= rfc_entry_dead(m, s, e) == r->dead[s][e];
				for (int f = 0; f < e; f++)
					ok &= !(r->valid[s][f] && r->tag[s][f] == r->tag[s][e]);
			}
		}
		ok &= seen == (1 << r->c.entries) - 1; /* ranks are a permutation */
	}
	return ok;
}

static void random_run(const rfc_cfg *c, int cycles, uint64_t seed)
{
	char buf[256];
	if (rfc_cfg_check(c, buf, sizeof buf)) {
		printf("FAIL bad test config: %s\n", buf);
		wg_failed++;
		return;
	}
	tb t;
	tb_open(&t, c);
	fr f;
	fr_open(&f, c);
	ref *r = calloc(1, sizeof *r);
	refout *e = malloc(sizeof *e);
	r->c = *c;
	r->data = calloc((size_t)c->active_warps * (size_t)c->entries * (size_t)c->lanes, 8);
	ref_reset(r);
	int bad_out = 0, bad_state = 0, bad_rc = 0, bad_frame = 0, first = -1;
	uint64_t counts[RFC_NEVENTS] = {0};
	/* first cycle: reset everywhere */
	tb_idle(&t);
	t.in.rst = 1;
	for (int cyc = 0; cyc < cycles; cyc++) {
		if (cyc)
			gen_inputs(r, &t.in, t.wd, &seed, cyc);
		ref_step(r, &t.in, e, 0);
		int rc = tb_eval(&t);
		fr_pack_in(&f, c, &t.in);
		/* the frame model: usually eval then tick of the same frame; sometimes
		 * no eval at all, or an extra eval of another frame before the tick */
		int mode = (int)(rng_next(&seed) % 10);
		int frc = mode == 0 ? 0 : wg_block_rfc.model_eval(f.m, f.in, f.out, f.err, sizeof f.err);
		if (rc || frc) {
			bad_rc++;
			if (first < 0)
				printf("  cycle %d: unexpected violation: %s\n", cyc, t.o.msg), first = cyc;
		}
		if (!out_equal(c, &t.o, e))
			bad_out++, first = first < 0 ? cyc : first;
		if (mode != 0 && !fr_matches(&f, c, &t.o))
			bad_frame++, first = first < 0 ? cyc : first;
		if (mode == 1 || mode == 2) {
			/* mode 1: other wr_data only (the cached plan still applies);
			 * mode 2: other control inputs (it must not) */
			size_t n = (size_t)f.L.nwords[WG_IN];
			uint32_t *other = malloc(n * sizeof *other);
			memcpy(other, f.in, n * sizeof *other);
			other[f.L.off[mode == 1 ? RFC_WR_DATA_I : RFC_LU_REG_I]] ^= 1u;
			wg_block_rfc.model_eval(f.m, other, f.out, f.err, sizeof f.err);
			free(other);
		}
		if (!t.in.rst)
			for (int k = 0; k < RFC_NEVENTS; k++)
				counts[k] += e->ev[k];
		wg_block_rfc.model_tick(f.m, f.in);
		ref_step(r, &t.in, e, 1);
		rfc_tick(t.m, &t.in);
		if (!state_equal(t.m, r))
			bad_state++, first = first < 0 ? cyc : first;
		if (bad_out + bad_state + bad_rc + bad_frame > 0 && cyc > first + 3)
			break;
	}
	int cnt_ok = !memcmp(counts, rfc_counts(t.m), sizeof counts) &&
		     !memcmp(counts, wg_block_rfc.model_counts(f.m), sizeof counts);
	if (bad_out || bad_state || bad_rc || bad_frame || !cnt_ok) {
		snprintf(buf, sizeof buf, "W%d A%d N%d L%d WD%d RB%d R%d LAT%d FP%d %s LIV%d", c->warps,
			 c->active_warps, c->entries, c->lanes, c->width, c->reg_bits, c->read_ports,
			 c->read_lat, c->flush_ports, c->replacement ? "LRU" : "FIFO", c->liveness);
		printf("FAIL random %s: first bad cycle %d (out %d, state %d, rc %d, frame %d, counts %s)\n",
		       buf, first, bad_out, bad_state, bad_rc, bad_frame, cnt_ok ? "ok" : "bad");
		wg_failed++;
	} else {
		wg_passed++;
	}
	free(r->data);
	free(r);
	free(e);
	wg_fr_close(&f);
	tb_close(&t);
}

static void test_random(void)
{
	rfc_cfg c = cfg_default();
	random_run(&c, 20000, 1);
	c.replacement = RFC_LRU;
	random_run(&c, 20000, 2);
	c = cfg_default();
	c.liveness = 0;
	c.flush_ports = 2;
	random_run(&c, 20000, 3);
	/* smallest */
	c = (rfc_cfg){.warps = 1, .active_warps = 1, .entries = 1, .lanes = 1, .width = 1, .reg_bits = 1,
		      .read_ports = 1, .read_lat = 1, .flush_ports = 1, .replacement = RFC_FIFO, .liveness = 1};
	random_run(&c, 5000, 4);
	/* odd sizes, unaligned lanes */
	c = (rfc_cfg){.warps = 5, .active_warps = 3, .entries = 5, .lanes = 7, .width = 13, .reg_bits = 3,
		      .read_ports = 4, .read_lat = 4, .flush_ports = 4, .replacement = RFC_LRU, .liveness = 1};
	random_run(&c, 20000, 5);
	c = (rfc_cfg){.warps = 64, .active_warps = 64, .entries = 1, .lanes = 64, .width = 64, .reg_bits = 8,
		      .read_ports = 2, .read_lat = 2, .flush_ports = 3, .replacement = RFC_FIFO, .liveness = 1};
	random_run(&c, 5000, 6);
	c = (rfc_cfg){.warps = 40, .active_warps = 2, .entries = 16, .lanes = 64, .width = 64, .reg_bits = 8,
		      .read_ports = 4, .read_lat = 3, .flush_ports = 1, .replacement = RFC_LRU, .liveness = 1};
	random_run(&c, 20000, 7);
	c = (rfc_cfg){.warps = 64, .active_warps = 33, .entries = 3, .lanes = 3, .width = 33, .reg_bits = 2,
		      .read_ports = 3, .read_lat = 2, .flush_ports = 2, .replacement = RFC_FIFO, .liveness = 0};
	random_run(&c, 20000, 8);
	c = (rfc_cfg){.warps = 8, .active_warps = 8, .entries = 2, .lanes = 32, .width = 32, .reg_bits = 1,
		      .read_ports = 3, .read_lat = 3, .flush_ports = 1, .replacement = RFC_LRU, .liveness = 1};
	random_run(&c, 20000, 9);
}

static void test_cfg(void)
{
	char buf[256];
	rfc_cfg c = cfg_default();
	CHECK_EQ(c.warps, 32);
	CHECK_EQ(c.active_warps, 8);
	CHECK_EQ(c.entries, 6);
	CHECK_EQ(c.read_lat, 3);
	CHECK(rfc_cfg_check(&c, buf, sizeof buf) == NULL);
	c.active_warps = 33;
	CHECK(rfc_cfg_check(&c, buf, sizeof buf) != NULL);
	c = cfg_default();
	c.entries = 17;
	CHECK(rfc_cfg_check(&c, buf, sizeof buf) != NULL);
	c = cfg_default();
	long p[RFC_NPARAMS];
	rfc_cfg_to_params(&c, p);
	CHECK_EQ(rfc_model_size(p), rfc_size(&c));
	rfc_model *m = rfc_new(&c);
	CHECK_EQ(rfc_config(m)->lanes, 32);
	uint64_t lanes[32];
	CHECK_EQ(rfc_entry_data(m, 8, 0, lanes), -1);
	CHECK_EQ(rfc_entry_data(m, 0, 6, lanes), -1);
	CHECK_EQ(rfc_entry_data(m, 7, 5, lanes), 0);
	CHECK_EQ(rfc_entry_valid(m, -1, 0), 0);
	rfc_free(m);
}

int main(void)
{
	test_cfg();
	test_reset();
	test_alloc_lookup_read();
	test_write_hit();
	test_fifo_order();
	test_lru();
	test_dead();
	test_pins();
	test_fallback();
	test_partial();
	test_bypass();
	test_bypass_partial();
	test_flush();
	test_flush_ports2();
	test_free_pins();
	test_late();
	test_exit_act();
	test_protocol();
	test_eval_pure();
	test_frame_ev();
	test_random();
	return wg_check_done();
}
