/* test_reexec_q_model.c - unit tests of the re-execution queue C model
 * (csim/reexec_q.c) against the cycle contract docs/reexec_q.md: pointer
 * wrap at ENTRIES=3 and 1, rotate+push, pop+push, full rotation, a new
 * request first even when full (rp_valid_o = !empty & !lsu_req_i), has_o,
 * the frame codec at odd widths, the frame entry points, and the protocol
 * checks. A randomized test compares the model with a reference FIFO. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reexec_q.h"
#include "wg_bits.h"
#include "wg_check.h"

/* ------------------------------------------------------------------ */
/* Bench                                                               */
/* ------------------------------------------------------------------ */

typedef struct tb {
	rq_model *m;   /* model under test */
	rq_in in;      /* this cycle's inputs */
	rq_out o;      /* outputs of the last eval */
	int rc;        /* return of the last eval */
} tb;

static void tb_open(tb *t, int entries, int warps, int stores)
{
	rq_cfg c;
	rq_cfg_default(&c);
	c.entries = entries;
	c.threads = 4;
	c.addr_bits = 16;
	c.warps = warps;
	c.stores = stores;
	t->m = rq_new(&c);
	memset(&t->in, 0, sizeof t->in);
}

/* One cycle: eval, then the edge; the inputs are cleared for the next one. */
static int tb_cycle(tb *t)
{
	t->rc = rq_eval(t->m, &t->in, &t->o);
	rq_tick(t->m, &t->in);
	memset(&t->in, 0, sizeof t->in);
	return t->rc;
}

/* An entry named by id (its address). */
static rq_entry ent(unsigned id, unsigned warp)
{
	rq_entry e;
	memset(&e, 0, sizeof e);
	e.addr = 0x100u + id;
	for (int k = 0; k < 4; k++)
		e.off[k] = (uint8_t)((id + (unsigned)k) & 0x7f);
	e.warp = warp;
	e.reg = id & 0x7f;
	e.mask = 1u << (id % 4);
	e.size = id % 5;
	return e;
}

static void tb_push(tb *t, unsigned id, unsigned warp)
{
	t->in.push_valid = 1;
	t->in.push = ent(id, warp);
}

/* Id of the k-th entry from the head, -1 when none. */
static int at(const tb *t, int k)
{
	const rq_entry *e = rq_at(t->m, k);
	return e ? (int)(e->addr - 0x100u) : -1;
}

/* ------------------------------------------------------------------ */
/* Directed tests                                                      */
/* ------------------------------------------------------------------ */

static void test_wrap3(void)
{
	tb t;
	tb_open(&t, 3, 8, 0);
	for (unsigned i = 0; i < 3; i++) {
		t.in.lsu_req = 1;
		tb_push(&t, i, i);
		CHECK_EQ(tb_cycle(&t), 0);
		CHECK(t.o.push_ready && !t.o.rp_valid && t.o.ev[RQ_EV_PUSH]);
	}
	CHECK_EQ(rq_count(t.m), 3);
	CHECK_EQ(rq_head(t.m), 0);
	CHECK_EQ(rq_tail(t.m), 0); /* wrapped */
	/* full: a new request still goes first (no replay, nothing moves) */
	t.in.lsu_req = 1;
	CHECK(!rq_replays(t.m, 1) && rq_replays(t.m, 0));
	CHECK_EQ(tb_cycle(&t), 0);
	CHECK(t.o.full && !t.o.push_ready && !t.o.rp_valid);
	for (int e = 0; e < RQ_NEVENTS; e++)
		CHECK_EQ(t.o.ev[e], 0);
	CHECK_EQ(rq_head(t.m), 0);
	CHECK_EQ(rq_count(t.m), 3);
	/* full, LSU stalled (lsu_req_i low): pop id 0 (push refused this cycle) */
	t.in.rp_ack = 1;
	CHECK_EQ(tb_cycle(&t), 0);
	CHECK(t.o.full && !t.o.push_ready && t.o.rp_valid && t.o.ev[RQ_EV_POP]);
	CHECK_EQ(rq_head(t.m), 1);
	CHECK_EQ(rq_tail(t.m), 0);
	/* push id 3 into slot 0, then pop 1 and 2: the head wraps to slot 0 */
	t.in.lsu_req = 1;
	tb_push(&t, 3, 3);
	CHECK_EQ(tb_cycle(&t), 0);
	CHECK_EQ(rq_tail(t.m), 1);
	CHECK_EQ(at(&t, 0), 1);
	CHECK_EQ(at(&t, 2), 3);
	for (int k = 0; k < 2; k++) {
		t.in.rp_ack = 1;
		CHECK_EQ(tb_cycle(&t), 0);
	}
	CHECK_EQ(rq_head(t.m), 0);
	CHECK_EQ(rq_count(t.m), 1);
	CHECK_EQ(at(&t, 0), 3);
	CHECK_EQ(at(&t, 1), -1);
	t.in.lsu_req = 1; /* no replay: no answer needed */
	CHECK_EQ(rq_eval(t.m, &t.in, &t.o), 0);
	CHECK(!t.o.rp_valid);
	CHECK(t.o.hd_valid && t.o.hd.addr == 0x103u && t.o.hd.warp == 3 && t.o.count == 1);
	rq_free(t.m);
}

static void test_one_entry(void)
{
	tb t;
	tb_open(&t, 1, 4, 0);
	tb_push(&t, 7, 2);
	CHECK_EQ(tb_cycle(&t), 0);
	CHECK_EQ(rq_head(t.m), 0);
	CHECK_EQ(rq_tail(t.m), 0);
	CHECK_EQ(rq_count(t.m), 1);
	/* full: lsu_req_i high wins (an answer would be a violation) */
	t.in.lsu_req = 1;
	t.in.rp_nack = 1;
	CHECK_EQ(tb_cycle(&t), -1);
	CHECK(strstr(t.o.msg, "without a replay") != NULL && !t.o.rp_valid && t.o.full);
	CHECK_EQ(rq_count(t.m), 1);
	/* full, lsu_req_i low: replayed; a NACK moves the pointers only */
	t.in.rp_nack = 1;
	CHECK_EQ(tb_cycle(&t), 0);
	CHECK(t.o.full && t.o.rp_valid && t.o.ev[RQ_EV_ROTATE_PTR] && !t.o.ev[RQ_EV_ROTATE_MOVE]);
	CHECK_EQ(at(&t, 0), 7);
	CHECK_EQ(rq_has(t.m), 1u << 2);
	t.in.rp_ack = 1;
	CHECK_EQ(tb_cycle(&t), 0);
	CHECK_EQ(rq_count(t.m), 0);
	CHECK_EQ(rq_has(t.m), 0);
	/* empty: no replay even with lsu_req_i low; head outputs zero */
	CHECK_EQ(rq_eval(t.m, &t.in, &t.o), 0);
	CHECK(!t.o.rp_valid && !t.o.hd_valid && t.o.hd.addr == 0 && t.o.hd.mask == 0 && t.o.push_ready);
	CHECK(!rq_replays(t.m, 0) && !rq_replays(t.m, 1));
	/* push, then push + pop is impossible (full): the next push waits */
	tb_push(&t, 8, 1);
	tb_cycle(&t);
	CHECK(!rq_replays(t.m, 1) && rq_replays(t.m, 0)); /* full: a new request still goes first */
	t.in.rp_ack = 1;
	CHECK_EQ(tb_cycle(&t), 0);
	CHECK(!t.o.push_ready && t.o.ev[RQ_EV_POP]);
	tb_push(&t, 9, 1);
	CHECK_EQ(tb_cycle(&t), 0);
	CHECK_EQ(at(&t, 0), 9);
	rq_free(t.m);
}

static void test_rotate_push(void)
{
	tb t;
	tb_open(&t, 4, 8, 0);
	tb_push(&t, 0, 0);
	t.in.lsu_req = 1;
	tb_cycle(&t);
	tb_push(&t, 1, 1);
	t.in.lsu_req = 1;
	tb_cycle(&t);
	/* NACK of id 0 and push of id 2 in one cycle */
	tb_push(&t, 2, 2);
	t.in.rp_nack = 1;
	CHECK_EQ(tb_cycle(&t), 0);
	CHECK(t.o.rp_valid && t.o.ev[RQ_EV_ROTATE_MOVE] && t.o.ev[RQ_EV_PUSH] && !t.o.ev[RQ_EV_POP]);
	CHECK_EQ(rq_count(t.m), 3);
	CHECK_EQ(at(&t, 0), 1);
	CHECK_EQ(at(&t, 1), 0);
	CHECK_EQ(at(&t, 2), 2);
	CHECK_EQ(rq_has(t.m), 0x7);
	/* pop + push when not full: count unchanged */
	tb_push(&t, 3, 5);
	t.in.rp_ack = 1;
	CHECK_EQ(tb_cycle(&t), 0);
	CHECK(t.o.ev[RQ_EV_POP] && t.o.ev[RQ_EV_PUSH]);
	CHECK_EQ(rq_count(t.m), 3);
	CHECK_EQ(at(&t, 0), 0);
	CHECK_EQ(at(&t, 2), 3);
	CHECK_EQ(rq_has(t.m), 0x25);
	/* fill; a full rotation moves pointers only and keeps the order */
	tb_push(&t, 4, 6);
	t.in.lsu_req = 1;
	tb_cycle(&t);
	CHECK_EQ(rq_count(t.m), 4);
	int hd = rq_head(t.m);
	t.in.rp_nack = 1;
	CHECK_EQ(tb_cycle(&t), 0);
	CHECK(t.o.full && t.o.ev[RQ_EV_ROTATE_PTR] && !t.o.ev[RQ_EV_ROTATE_MOVE] && !t.o.ev[RQ_EV_PUSH]);
	CHECK_EQ(rq_head(t.m), (hd + 1) % 4);
	CHECK_EQ(rq_tail(t.m), rq_head(t.m));
	CHECK_EQ(at(&t, 0), 2);
	CHECK_EQ(at(&t, 3), 0);
	const uint64_t *c = rq_counts(t.m);
	CHECK_EQ(c[RQ_EV_PUSH], 5);
	CHECK_EQ(c[RQ_EV_POP], 1);
	CHECK_EQ(c[RQ_EV_ROTATE_MOVE], 1);
	CHECK_EQ(c[RQ_EV_ROTATE_PTR], 1);
	CHECK_EQ(c[RQ_EV_REPLAY], 3);
	/* a reset cycle: no events, not counted, empty after */
	t.in.rst = 1;
	t.in.push_valid = 1; /* ignored by the protocol check */
	CHECK_EQ(tb_cycle(&t), 0);
	for (int e = 0; e < RQ_NEVENTS; e++)
		CHECK_EQ(t.o.ev[e], 0);
	CHECK_EQ(c[RQ_EV_REPLAY], 3);
	CHECK_EQ(rq_count(t.m), 0);
	CHECK_EQ(rq_head(t.m), 0);
	CHECK_EQ(rq_tail(t.m), 0);
	rq_free(t.m);
}

static void test_stores(void)
{
	tb t;
	tb_open(&t, 2, 4, 1);
	tb_push(&t, 0, 0);
	t.in.push.store = 1;
	CHECK_EQ(tb_cycle(&t), 0);
	CHECK_EQ(rq_at(t.m, 0)->store, 1);
	t.in.rp_nack = 1;
	tb_push(&t, 1, 1);
	CHECK_EQ(tb_cycle(&t), 0);
	CHECK_EQ(rq_at(t.m, 0)->store, 1); /* the rotated store, then the load */
	CHECK_EQ(rq_at(t.m, 1)->store, 0);
	CHECK_EQ(at(&t, 1), 1);
	rq_free(t.m);
}

/* A violating cycle: -1 and the message names `what`; then a reset. */
static void viol(tb *t, const char *what)
{
	CHECK_EQ(tb_cycle(t), -1);
	CHECK(strstr(t->o.msg, what) != NULL);
	rq_reset(t->m);
}

static void test_protocol(void)
{
	tb t;
	tb_open(&t, 2, 5, 0); /* WB = 3: warps 5..7 fit the field but are out of range */
	t.in.rp_ack = 1;
	viol(&t, "rp_ack_i"); /* ack without a replay */
	t.in.rp_nack = 1;
	viol(&t, "rp_nack_i");
	tb_push(&t, 0, 5);
	viol(&t, "push_warp_i"); /* warp out of range */
	tb_push(&t, 0, 1);
	t.in.push.mask = 0;
	viol(&t, "push_mask_i");
	tb_push(&t, 0, 1);
	t.in.push.size = 5;
	viol(&t, "push_size_i");
	tb_push(&t, 0, 1);
	t.in.push.store = 1;
	viol(&t, "push_store_i");
	CHECK_EQ(rq_count(t.m), 0);
	/* bits outside the fields are ignored: size 8+1 is size 1, mask bit 4 with THREADS=4 plus bit 0 */
	tb_push(&t, 0, 1);
	t.in.push.size = 9;
	t.in.push.mask = 0x11;
	t.in.push.addr |= UINT64_C(1) << 40;
	t.in.lsu_req = 1;
	CHECK_EQ(tb_cycle(&t), 0);
	CHECK_EQ(rq_at(t.m, 0)->size, 1);
	CHECK_EQ(rq_at(t.m, 0)->mask, 1);
	CHECK_EQ(rq_at(t.m, 0)->addr, 0x100);
	/* a replay needs exactly one answer */
	CHECK_EQ(tb_cycle(&t), -1); /* lsu_req_i low: replay, no answer */
	CHECK(strstr(t.o.msg, "exactly one") != NULL);
	CHECK_EQ(rq_count(t.m), 1);
	t.in.rp_ack = t.in.rp_nack = 1;
	CHECK_EQ(tb_cycle(&t), -1);
	CHECK_EQ(rq_count(t.m), 0); /* the ACK won */
	/* push into a full queue */
	tb_push(&t, 1, 1);
	t.in.lsu_req = 1;
	tb_cycle(&t);
	tb_push(&t, 2, 2);
	t.in.lsu_req = 1;
	tb_cycle(&t);
	tb_push(&t, 3, 3);
	t.in.rp_ack = 1;
	CHECK_EQ(tb_cycle(&t), -1);
	CHECK(strstr(t.o.msg, "full") != NULL);
	CHECK_EQ(rq_count(t.m), 1); /* the ACK popped, the push was dropped */
	/* nothing is checked in a reset cycle */
	t.in.rst = 1;
	t.in.rp_ack = 1;
	tb_push(&t, 0, 7);
	CHECK_EQ(tb_cycle(&t), 0);
	rq_free(t.m);
}

/* ------------------------------------------------------------------ */
/* Codec and frame entry points                                        */
/* ------------------------------------------------------------------ */

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void rand_entry(const rq_cfg *c, rq_entry *e, int legal)
{
	memset(e, 0, sizeof *e);
	e->addr = rnd() & (legal ? wg_ones64(c->addr_bits) : ~UINT64_C(0));
	for (int k = 0; k < c->threads; k++)
		e->off[k] = (uint8_t)(rnd() & wg_ones64(c->offset_bits));
	e->warp = (unsigned)(rnd() % (unsigned)c->warps);
	e->reg = (unsigned)(rnd() & wg_ones64(c->reg_bits));
	do
		e->mask = (uint32_t)(rnd() & wg_ones64(c->threads));
	while (!e->mask);
	e->size = (unsigned)(rnd() % 5);
	e->store = c->stores ? (unsigned)(rnd() & 1) : 0;
}

static int entry_eq(const rq_cfg *c, const rq_entry *a, const rq_entry *b)
{
	if (a->addr != b->addr || a->warp != b->warp || a->reg != b->reg || a->mask != b->mask || a->size != b->size ||
	    a->store != b->store)
		return 0;
	for (int k = 0; k < c->threads; k++)
		if (a->off[k] != b->off[k])
			return 0;
	return 1;
}

static void test_codec(void)
{
	static const int cfgs[][7] = {
		/* ENTRIES THREADS ADDR OFFSET WARPS REG STORES */
		{3, 5, 37, 3, 5, 5, 1},
		{1, 32, 64, 7, 48, 7, 0},
		{7, 31, 9, 8, 1, 1, 1},
		{64, 11, 63, 5, 64, 8, 0},
	};
	for (size_t i = 0; i < sizeof cfgs / sizeof cfgs[0]; i++) {
		long p[RQ_NPARAMS];
		rq_cfg c = {cfgs[i][0], cfgs[i][1], cfgs[i][2], cfgs[i][3], cfgs[i][4], cfgs[i][5], cfgs[i][6]};
		rq_cfg_to_params(&c, p);
		char buf[200];
		CHECK(wg_params_check(&wg_block_reexec_q, p, buf, sizeof buf) == NULL);
		wg_layout L;
		wg_layout_init(&L, &wg_block_reexec_q, p);
		CHECK_EQ(L.width[RQ_PUSH_OFF_I], c.threads * c.offset_bits);
		CHECK_EQ(L.width[RQ_HD_WARP_O], rq_warp_bits(&c));
		uint32_t in[64], out[64];
		for (int r = 0; r < 50; r++) {
			rq_entry e, f;
			rand_entry(&c, &e, 1);
			memset(in, 0, sizeof in);
			rq_entry_pack(&c, &L, &e, RQ_PUSH_ADDR_I, in);
			rq_entry_unpack(&c, &L, in, RQ_PUSH_ADDR_I, &f);
			CHECK(entry_eq(&c, &e, &f));
			/* thread t's offset at [t*OFFSET_BITS +: OFFSET_BITS] */
			int t = (int)(rnd() % (unsigned)c.threads);
			CHECK_EQ(wg_get(in + L.off[RQ_PUSH_OFF_I], (unsigned)(t * c.offset_bits), (unsigned)c.offset_bits), e.off[t]);
			memset(out, 0, sizeof out);
			rq_entry_pack(&c, &L, &e, RQ_HD_ADDR_O, out);
			rq_entry_unpack(&c, &L, out, RQ_HD_ADDR_O, &f);
			CHECK(entry_eq(&c, &e, &f));
		}
		/* the frame entry points agree with the typed model */
		rq_model *a = rq_new(&c);
		void *b = calloc(1, rq_model_size(p));
		rq_model_init(b, p, &L);
		int cnt = 0, errs = 0, bad = 0;
		for (int cyc = 0; cyc < 400; cyc++) {
			rq_in ti;
			memset(&ti, 0, sizeof ti);
			ti.rst = cyc == 0 || rnd() % 97 == 0;
			ti.lsu_req = (unsigned)(rnd() & 1);
			int full = cnt == c.entries, rp = cnt && !ti.lsu_req;
			if (!full && rnd() % 3) {
				ti.push_valid = 1;
				rand_entry(&c, &ti.push, 1);
			}
			if (rp) {
				ti.rp_ack = (unsigned)(rnd() & 1);
				ti.rp_nack = !ti.rp_ack;
			}
			memset(in, 0, sizeof in);
			wg_put(in + L.off[RQ_RST_I], 0, 1, ti.rst);
			wg_put(in + L.off[RQ_PUSH_VALID_I], 0, 1, ti.push_valid);
			if (ti.push_valid)
				rq_entry_pack(&c, &L, &ti.push, RQ_PUSH_ADDR_I, in);
			wg_put(in + L.off[RQ_LSU_REQ_I], 0, 1, ti.lsu_req);
			wg_put(in + L.off[RQ_RP_ACK_I], 0, 1, ti.rp_ack);
			wg_put(in + L.off[RQ_RP_NACK_I], 0, 1, ti.rp_nack);
			rq_out o;
			errs += rq_eval(a, &ti, &o) != 0;
			bad += (int)o.rp_valid != rp || rq_replays(a, (int)ti.lsu_req) != rp;
			char err[RQ_MSG_LEN];
			memset(out, 0, sizeof out);
			errs += rq_model_eval(b, in, out, err, sizeof err) != 0;
			rq_entry h;
			rq_entry_unpack(&c, &L, out, RQ_HD_ADDR_O, &h);
			bad += !entry_eq(&c, &h, &o.hd) || wg_get(out + L.off[RQ_COUNT_O], 0, (unsigned)L.width[RQ_COUNT_O]) != o.count ||
			       wg_get(out + L.off[RQ_RP_VALID_O], 0, 1) != o.rp_valid ||
			       wg_get(out + L.off[RQ_HAS_O], 0, (unsigned)L.width[RQ_HAS_O]) != o.has ||
			       wg_get(out + L.off[RQ_FULL_O], 0, 1) != o.full ||
			       wg_get(out + L.off[RQ_PUSH_READY_O], 0, 1) != o.push_ready;
			uint64_t ev = wg_get(out + L.off[RQ_EV_O], 0, RQ_NEVENTS);
			for (int e = 0; e < RQ_NEVENTS; e++)
				bad += ((ev >> L.ev_lsb[e]) & 1u) != o.ev[e];
			rq_tick(a, &ti);
			rq_model_tick(b, in);
			cnt = rq_count(a);
		}
		CHECK_EQ(errs, 0);
		CHECK_EQ(bad, 0);
		CHECK(memcmp(rq_counts(a), rq_model_counts(b), RQ_NEVENTS * sizeof(uint64_t)) == 0);
		rq_free(a);
		free(b);
	}
}

/* ------------------------------------------------------------------ */
/* Randomized: the model against a reference FIFO                      */
/* ------------------------------------------------------------------ */

static void test_random(int entries)
{
	rq_cfg c;
	rq_cfg_default(&c);
	c.entries = entries;
	c.threads = 8;
	c.warps = 12;
	c.stores = 1;
	rq_model *m = rq_new(&c);
	rq_entry ref[RQ_MAX_ENTRIES];
	int n = 0, bad = 0, errs = 0;
	for (int cyc = 0; cyc < 20000; cyc++) {
		rq_in in;
		memset(&in, 0, sizeof in);
		in.rst = rnd() % 500 == 0;
		in.lsu_req = (unsigned)(rnd() & 1);
		int full = n == entries, rp = n && !in.lsu_req;
		if (!full && rnd() % 2) {
			in.push_valid = 1;
			rand_entry(&c, &in.push, 1);
		}
		if (rp) {
			in.rp_ack = rnd() % 3 == 0;
			in.rp_nack = !in.rp_ack;
		}
		rq_out o;
		errs += rq_eval(m, &in, &o) != 0;
		uint64_t has = 0;
		for (int k = 0; k < n; k++)
			has |= UINT64_C(1) << ref[k].warp;
		bad += rq_replays(m, (int)in.lsu_req) != rp || rq_replays(m, !in.lsu_req) != (n && in.lsu_req);
		bad += (int)o.count != n || (int)o.full != full || (int)o.rp_valid != rp || o.has != has ||
		       (n && !entry_eq(&c, &o.hd, &ref[0])) || (int)o.hd_valid != (n > 0);
		for (int k = 0; k < n; k++)
			bad += !entry_eq(&c, rq_at(m, k), &ref[k]);
		rq_tick(m, &in);
		if (in.rst) {
			n = 0;
		} else {
			if (rp) {
				rq_entry h = ref[0];
				memmove(ref, ref + 1, (size_t)(n - 1) * sizeof ref[0]);
				if (in.rp_ack)
					n--;
				else
					ref[n - 1] = h;
			}
			if (in.push_valid)
				ref[n++] = in.push;
		}
		bad += rq_count(m) != n;
	}
	CHECK_EQ(errs, 0);
	CHECK_EQ(bad, 0);
	rq_free(m);
}

int main(void)
{
	rq_cfg c;
	rq_cfg_default(&c);
	CHECK_EQ(c.entries, 32);
	CHECK_EQ(c.warps, 48);
	CHECK_EQ(rq_warp_bits(&c), 6);
	c.warps = 1;
	CHECK_EQ(rq_warp_bits(&c), 1);
	test_wrap3();
	test_one_entry();
	test_rotate_push();
	test_stores();
	test_protocol();
	test_codec();
	test_random(3);
	test_random(1);
	test_random(8);
	return wg_check_done();
}
