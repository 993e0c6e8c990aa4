/* test_vf_manager_model.c - unit tests of Equalizer's frequency manager C
 * model (csim/vf_manager.c) against the cycle contract docs/vf_manager.md.
 *
 * Directed tests go through the typed API, one rule of the page at a time;
 * a random driver that keeps the protocol checks invariants every cycle and
 * runs the frame adapter next to the typed path (bit-exact outputs, same
 * counts). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "equalizer.h"
#include "vf_manager.h"
#include "wg_bits.h"
#include "wg_check.h"
#include "wg_frame.h"
#include "wg_rng.h"

enum { SM_LO = 1, MEM_LO = 3, SM_HI = 5, MEM_HI = 7 };
enum { N = VFM_NORMAL, H = VFM_HIGH, L = VFM_LOW };

static vfm_cfg cfg(int sms, int maj, int sl, int ml)
{
	vfm_cfg c = {.sms = sms, .majority = maj, .sm_lat = sl, .mem_lat = ml};
	return c;
}

/* req: the first n0 SMs code0, the next n1 code1, the next n2 code2, the rest none (code 0). */
static void votes(uint8_t *req, int S, unsigned c0, int n0, unsigned c1, int n1, unsigned c2, int n2)
{
	int k = 0;
	memset(req, 0, VFM_MAX_SMS);
	for (int i = 0; i < n0 && k < S; i++)
		req[k++] = (uint8_t)c0;
	for (int i = 0; i < n1 && k < S; i++)
		req[k++] = (uint8_t)c1;
	for (int i = 0; i < n2 && k < S; i++)
		req[k++] = (uint8_t)c2;
}

/* ------------------------------------------------------------------ */
/* Pure functions                                                      */
/* ------------------------------------------------------------------ */

static void test_winner_strict(void)
{
	vfm_cfg c = cfg(15, VFM_MAJ_STRICT, 8, 12);
	uint8_t r[VFM_MAX_SMS];
	votes(r, 15, SM_HI, 7, MEM_HI, 4, SM_LO, 1);
	CHECK_EQ(vfm_winner(&c, r), 0);            /* 7 of 15: not more than half */
	votes(r, 15, SM_HI, 8, 0, 0, 0, 0);
	CHECK_EQ(vfm_winner(&c, r), SM_HI);        /* 8 of 15, the rest none (idle SMs count) */
	votes(r, 15, MEM_LO, 8, SM_HI, 7, 0, 0);
	CHECK_EQ(vfm_winner(&c, r), MEM_LO);
	votes(r, 15, MEM_HI, 15, 0, 0, 0, 0);
	CHECK_EQ(vfm_winner(&c, r), MEM_HI);
	votes(r, 15, SM_HI, 7, MEM_HI, 7, 0, 0);   /* spec §2.12 #7: 7/7/1 -> none */
	CHECK_EQ(vfm_winner(&c, r), 0);
	/* a request without the valid bit is none whatever its other bits */
	votes(r, 15, 6, 8, SM_HI, 7, 0, 0);
	CHECK_EQ(vfm_winner(&c, r), 0);
	votes(r, 15, 4, 7, SM_HI, 8, 0, 0);
	CHECK_EQ(vfm_winner(&c, r), SM_HI);
	/* bits above the request's 3 are ignored */
	votes(r, 15, 8 | SM_LO, 8, 0, 0, 0, 0);
	CHECK_EQ(vfm_winner(&c, r), SM_LO);
	/* even SMS: a 2/2 tie and exactly half are none */
	vfm_cfg c4 = cfg(4, VFM_MAJ_STRICT, 8, 12);
	votes(r, 4, SM_HI, 2, MEM_HI, 2, 0, 0);
	CHECK_EQ(vfm_winner(&c4, r), 0);
	votes(r, 4, SM_HI, 2, 0, 0, 0, 0);
	CHECK_EQ(vfm_winner(&c4, r), 0);
	votes(r, 4, SM_HI, 3, MEM_HI, 1, 0, 0);
	CHECK_EQ(vfm_winner(&c4, r), SM_HI);
	/* one SM */
	vfm_cfg c1 = cfg(1, VFM_MAJ_STRICT, 1, 1);
	votes(r, 1, MEM_LO, 1, 0, 0, 0, 0);
	CHECK_EQ(vfm_winner(&c1, r), MEM_LO);
	votes(r, 1, 0, 1, 0, 0, 0, 0);
	CHECK_EQ(vfm_winner(&c1, r), 0);
	/* 32 SMs: 17 win, 16 do not */
	vfm_cfg c32 = cfg(32, VFM_MAJ_STRICT, 8, 8);
	votes(r, 32, MEM_HI, 17, SM_LO, 15, 0, 0);
	CHECK_EQ(vfm_winner(&c32, r), MEM_HI);
	votes(r, 32, MEM_HI, 16, SM_LO, 16, 0, 0);
	CHECK_EQ(vfm_winner(&c32, r), 0);
}

static void test_winner_plurality(void)
{
	vfm_cfg c = cfg(15, VFM_MAJ_PLURALITY, 8, 12);
	uint8_t r[VFM_MAX_SMS];
	votes(r, 15, MEM_LO, 5, SM_HI, 4, 0, 0);
	CHECK_EQ(vfm_winner(&c, r), MEM_LO);       /* STRICT: none */
	votes(r, 15, SM_HI, 5, MEM_HI, 5, SM_LO, 5);
	CHECK_EQ(vfm_winner(&c, r), 0);            /* tie */
	votes(r, 15, SM_HI, 4, MEM_HI, 4, SM_LO, 3);
	CHECK_EQ(vfm_winner(&c, r), 0);            /* tie at the top */
	votes(r, 15, SM_LO, 1, 0, 0, 0, 0);
	CHECK_EQ(vfm_winner(&c, r), SM_LO);        /* one vote against none */
	votes(r, 15, 0, 0, 0, 0, 0, 0);
	CHECK_EQ(vfm_winner(&c, r), 0);            /* nobody: none */
	votes(r, 15, MEM_HI, 3, SM_HI, 2, MEM_LO, 2);
	CHECK_EQ(vfm_winner(&c, r), MEM_HI);
}

static void test_steps(void)
{
	CHECK_EQ(vfm_step(L, 1), N);
	CHECK_EQ(vfm_step(N, 1), H);
	CHECK_EQ(vfm_step(H, 1), H);
	CHECK_EQ(vfm_step(H, 0), N);
	CHECK_EQ(vfm_step(N, 0), L);
	CHECK_EQ(vfm_step(L, 0), L);
	CHECK_EQ(vfm_toward_normal(H), N);
	CHECK_EQ(vfm_toward_normal(L), N);
	CHECK_EQ(vfm_toward_normal(N), N);
	vfm_cfg c;
	vfm_cfg_default(&c);
	CHECK_EQ(vfm_tmr_bits(&c), 9);
	c.sm_lat = 1, c.mem_lat = 4096;
	CHECK_EQ(vfm_tmr_bits(&c), 12);
	c.mem_lat = 1;
	CHECK_EQ(vfm_tmr_bits(&c), 1);
}

/* ------------------------------------------------------------------ */
/* Cycle behaviour                                                     */
/* ------------------------------------------------------------------ */

typedef struct tb {
	vfm_model *m;
	vfm_in in;
	vfm_out o;
	int rc;
} tb;

static void tb_open(tb *t, vfm_cfg c)
{
	t->m = vfm_new(&c);
	memset(&t->in, 0, sizeof t->in);
}

/* One cycle: strobe (all SMs) with the current req, or none. */
static void tb_cycle(tb *t, int strobe)
{
	t->in.stb = strobe ? (uint32_t)wg_ones64(vfm_config(t->m)->sms) : 0;
	t->rc = vfm_eval(t->m, &t->in, &t->o);
	vfm_tick(t->m, &t->in);
}

static void tb_idle(tb *t, int n)
{
	for (int i = 0; i < n; i++)
		tb_cycle(t, 0);
}

/* A unanimous vote for code this cycle. */
static void tb_vote(tb *t, unsigned code)
{
	votes(t->in.req, vfm_config(t->m)->sms, code, VFM_MAX_SMS, 0, 0, 0, 0);
	tb_cycle(t, 1);
	memset(t->in.req, 0, sizeof t->in.req);
}

/* The level seen lat cycles after a decision in cycle c: unchanged in
 * c+1 .. c+lat-1 (busy, next levels shown), new in c+lat. */
static void test_latency(int sl, int ml)
{
	tb t;
	tb_open(&t, cfg(15, VFM_MAJ_STRICT, sl, ml));
	tb_vote(&t, SM_HI);
	CHECK(t.rc == 0 && t.o.win == SM_HI && t.o.ev[VFM_EV_ELECT] && t.o.ev[VFM_EV_START]);
	CHECK_EQ(t.o.ev[VFM_EV_APPLY], sl == 1);
	for (int k = 1; k < sl; k++) {
		tb_cycle(&t, 0);
		CHECK(t.o.busy && t.o.sm_level == N && t.o.sm_next == H && t.o.mem_next == N);
		CHECK_EQ(t.o.ev[VFM_EV_APPLY], k == sl - 1);
		CHECK_EQ(vfm_timer(t.m), k == sl - 1 ? 1u : (unsigned)(sl - 1 - k));
	}
	tb_cycle(&t, 0); /* cycle c + sl */
	CHECK(!t.o.busy && t.o.sm_level == H && t.o.sm_next == H);
	CHECK(!t.o.ev[VFM_EV_APPLY]);
	/* memory lower: memory low, SM toward normal: both change, max latency */
	int lm = sl > ml ? sl : ml;
	tb_vote(&t, MEM_LO);
	CHECK(t.o.ev[VFM_EV_START]);
	for (int k = 1; k < lm; k++) {
		tb_cycle(&t, 0);
		CHECK(t.o.busy && t.o.sm_level == H && t.o.mem_level == N && t.o.sm_next == N && t.o.mem_next == L);
	}
	tb_cycle(&t, 0);
	CHECK(!t.o.busy && t.o.sm_level == N && t.o.mem_level == L);
	/* memory raise: memory only, MEM_LAT */
	tb_vote(&t, MEM_HI);
	CHECK(t.o.ev[VFM_EV_START]);
	for (int k = 1; k < ml; k++) {
		tb_cycle(&t, 0);
		CHECK(t.o.busy && t.o.mem_level == L && t.o.mem_next == N);
	}
	tb_cycle(&t, 0);
	CHECK(!t.o.busy && t.o.mem_level == N);
	const uint64_t *n = vfm_counts(t.m);
	CHECK_EQ(n[VFM_EV_START], 3);
	CHECK_EQ(n[VFM_EV_APPLY], 3);
	CHECK_EQ(n[VFM_EV_ELECT], 3);
	vfm_free(t.m);
}

static void test_one_step_and_saturation(void)
{
	tb t;
	tb_open(&t, cfg(15, VFM_MAJ_STRICT, 4, 6));
	tb_vote(&t, SM_LO);
	tb_idle(&t, 5);
	CHECK_EQ(vfm_sm_level(t.m), L);
	tb_vote(&t, SM_HI); /* energy -> performance: one step only */
	CHECK_EQ(t.o.sm_next, L);   /* the decision cycle still shows the current level */
	tb_cycle(&t, 0);
	CHECK_EQ(t.o.sm_next, N);
	tb_idle(&t, 4);
	CHECK_EQ(vfm_sm_level(t.m), N);
	tb_vote(&t, SM_HI);
	tb_idle(&t, 5);
	CHECK_EQ(vfm_sm_level(t.m), H);
	tb_vote(&t, SM_HI); /* saturated: elected, nothing starts */
	CHECK(t.o.win == SM_HI && t.o.ev[VFM_EV_ELECT] && !t.o.ev[VFM_EV_START] && !t.o.ev[VFM_EV_APPLY]);
	CHECK(!vfm_busy(t.m) && vfm_sm_level(t.m) == H);
	/* a memory request takes SM back to normal in the same decision */
	tb_vote(&t, MEM_HI);
	CHECK(t.o.ev[VFM_EV_START] && t.o.sm_next == H);
	tb_cycle(&t, 0);
	CHECK(t.o.sm_next == N && t.o.mem_next == H);
	tb_idle(&t, 6);
	CHECK(vfm_sm_level(t.m) == N && vfm_mem_level(t.m) == H);
	vfm_free(t.m);
}

static void test_drop(void)
{
	tb t;
	tb_open(&t, cfg(15, VFM_MAJ_STRICT, 8, 12));
	tb_vote(&t, SM_HI);
	tb_idle(&t, 2);
	tb_vote(&t, MEM_LO); /* busy: dropped */
	CHECK(t.o.busy && t.o.win == MEM_LO && t.o.ev[VFM_EV_DROP] && !t.o.ev[VFM_EV_START]);
	CHECK(t.o.sm_next == H && t.o.mem_next == N);
	tb_idle(&t, 3);
	CHECK_EQ(vfm_timer(t.m), 1);
	tb_vote(&t, MEM_LO); /* the apply cycle: dropped too */
	CHECK(t.o.ev[VFM_EV_DROP] && t.o.ev[VFM_EV_APPLY] && !t.o.ev[VFM_EV_START]);
	CHECK(!vfm_busy(t.m) && vfm_sm_level(t.m) == H && vfm_mem_level(t.m) == N);
	tb_cycle(&t, 0);
	tb_vote(&t, SM_LO); /* idle again: the next winner starts */
	CHECK(t.o.ev[VFM_EV_START] && !t.o.ev[VFM_EV_DROP]);
	/* no winner while busy: no drop */
	votes(t.in.req, 15, SM_HI, 7, MEM_HI, 7, 0, 0);
	tb_cycle(&t, 1);
	CHECK(t.o.busy && t.o.win == 0 && t.o.ev[VFM_EV_ELECT] && !t.o.ev[VFM_EV_DROP]);
	CHECK_EQ(vfm_counts(t.m)[VFM_EV_DROP], 2);
	vfm_free(t.m);
}

static void test_reset_and_protocol(void)
{
	tb t;
	tb_open(&t, cfg(4, VFM_MAJ_STRICT, 3, 3));
	tb_vote(&t, MEM_HI);
	CHECK(vfm_busy(t.m));
	/* reset: all state to 0, no events in the reset cycle */
	t.in.rst = 1;
	votes(t.in.req, 4, SM_HI, 4, 0, 0, 0, 0);
	t.in.stb = 0x5; /* any strobe in a reset cycle: no violation */
	t.rc = vfm_eval(t.m, &t.in, &t.o);
	CHECK(t.rc == 0 && t.o.msg[0] == '\0');
	CHECK(!t.o.ev[0] && !t.o.ev[1] && !t.o.ev[2] && !t.o.ev[3]);
	vfm_tick(t.m, &t.in);
	CHECK(!vfm_busy(t.m) && vfm_sm_level(t.m) == N && vfm_mem_level(t.m) == N && vfm_timer(t.m) == 0);
	CHECK_EQ(vfm_counts(t.m)[VFM_EV_START], 1);
	t.in.rst = 0;
	/* a partial strobe is a violation; it is all or none */
	t.in.stb = 0x7;
	t.rc = vfm_eval(t.m, &t.in, &t.o);
	CHECK(t.rc == -1 && strstr(t.o.msg, "stb_i") != NULL);
	t.in.stb = 0xf;
	CHECK_EQ(vfm_eval(t.m, &t.in, &t.o), 0);
	t.in.stb = 0x10; /* bits above SMS are not SMs */
	CHECK_EQ(vfm_eval(t.m, &t.in, &t.o), 0);
	CHECK(t.o.win == 0 && !t.o.ev[VFM_EV_ELECT]);
	/* the frame path reports the violation too */
	long p[VFM_NPARAMS];
	vfm_cfg c = cfg(4, VFM_MAJ_STRICT, 3, 3);
	vfm_cfg_to_params(&c, p);
	wg_fr f;
	wg_fr_open(&f, &wg_block_vf_manager, p);
	wg_fr_set(&f, VFM_STB_I, 0x2);
	CHECK_EQ(wg_block_vf_manager.model_eval(f.m, f.in, f.out, f.err, sizeof f.err), -1);
	CHECK(strstr(f.err, "stb_i") != NULL);
	wg_fr_close(&f);
	vfm_free(t.m);
}

/* A model is one block without self pointers: a memcpy'd copy runs on. */
static void test_copy(void)
{
	vfm_cfg c = cfg(15, VFM_MAJ_STRICT, 5, 5);
	tb t;
	tb_open(&t, c);
	tb_vote(&t, SM_LO);
	void *copy = malloc(vfm_size(&c));
	memcpy(copy, t.m, vfm_size(&c));
	vfm_free(t.m);
	t.m = copy;
	tb_idle(&t, 4);
	CHECK_EQ(vfm_sm_level(t.m), L);
	CHECK_EQ(vfm_config(t.m)->sm_lat, 5);
	free(copy);
}

/* ------------------------------------------------------------------ */
/* Random driver: invariants, and the frame adapter against the typed  */
/* ------------------------------------------------------------------ */

static int frame_same(const wg_fr *f, int S, const vfm_out *o)
{
	int ok = 1;
	(void)S;
	ok &= wg_fr_port(f, VFM_SM_LEVEL_O) == o->sm_level;
	ok &= wg_fr_port(f, VFM_MEM_LEVEL_O) == o->mem_level;
	ok &= wg_fr_port(f, VFM_BUSY_O) == o->busy;
	ok &= wg_fr_port(f, VFM_SM_NEXT_O) == o->sm_next;
	ok &= wg_fr_port(f, VFM_MEM_NEXT_O) == o->mem_next;
	ok &= wg_fr_port(f, VFM_WIN_O) == o->win;
	ok &= wg_fr_events_are(f, o->ev);
	return ok;
}

static void random_run(vfm_cfg c, uint64_t seed, int cycles)
{
	long p[VFM_NPARAMS];
	char buf[256];
	vfm_cfg_to_params(&c, p);
	CHECK(wg_params_check(&wg_block_vf_manager, p, buf, sizeof buf) == NULL);
	wg_fr f;
	wg_fr_open(&f, &wg_block_vf_manager, p);
	vfm_model *m = vfm_new(&c);
	uint64_t r = wg_rng_seed(seed);
	const int S = c.sms;
	const uint32_t all = (uint32_t)wg_ones64(S);
	int bad = 0, lm = c.sm_lat > c.mem_lat ? c.sm_lat : c.mem_lat;
	long strobes = 0, starts = 0, drops = 0;
	unsigned psm = N, pmem = N;
	for (int cy = 0; cy < cycles && bad < 5; cy++) {
		vfm_in in;
		memset(&in, 0, sizeof in);
		in.rst = cy == 0 || wg_rng_next(&r) % 3000 == 0;
		int strobe = wg_rng_next(&r) % (uint64_t)(lm + 2) == 0;
		in.stb = strobe ? all : 0;
		unsigned fav = (unsigned)(wg_rng_next(&r) % 4) * 2 + 1;
		int agree = (int)(wg_rng_next(&r) % 101);
		for (int k = 0; k < S; k++)
			in.req[k] = (uint8_t)((int)(wg_rng_next(&r) % 100) < agree ? fav : wg_rng_next(&r) % 8);
		vfm_out o;
		int rc = vfm_eval(m, &in, &o);
		wg_fr_set(&f, VFM_RST_I, in.rst);
		wg_fr_set(&f, VFM_STB_I, in.stb);
		for (int k = 0; k < S; k++)
			wg_fr_put(&f, VFM_REQ_I, (unsigned)k * EQ_VF_BITS, EQ_VF_BITS, in.req[k]);
		f.err[0] = '\0';
		int frc = wg_block_vf_manager.model_eval(f.m, f.in, f.out, f.err, sizeof f.err);
		int ok = rc == 0 && frc == 0 && frame_same(&f, S, &o);
		/* invariants of the page */
		ok &= o.sm_level == N || o.mem_level == N;
		ok &= o.sm_next == N || o.mem_next == N;
		ok &= o.win == (strobe ? vfm_winner(&c, in.req) : 0u);
		ok &= o.busy || (o.sm_next == o.sm_level && o.mem_next == o.mem_level);
		ok &= !o.ev[VFM_EV_DROP] || (o.busy && o.win);
		if (!in.rst) {
			ok &= o.sm_level == psm || o.sm_level == N || psm == N;
			ok &= o.mem_level == pmem || o.mem_level == N || pmem == N;
		}
		psm = o.sm_level, pmem = o.mem_level;
		strobes += o.ev[VFM_EV_ELECT];
		starts += o.ev[VFM_EV_START];
		drops += o.ev[VFM_EV_DROP];
		if (!ok) {
			bad++;
			printf("FAIL random cfg S=%d maj=%d lat=%d/%d seed %llu cycle %d\n", S, c.majority, c.sm_lat,
			       c.mem_lat, (unsigned long long)seed, cy);
		}
		vfm_tick(m, &in);
		wg_block_vf_manager.model_tick(f.m, f.in);
	}
	CHECK_EQ(bad, 0);
	CHECK(strobes > 0 && starts > 0);
	CHECK(lm == 1 || drops > 0);
	const uint64_t *a = vfm_counts(m), *b = wg_block_vf_manager.model_counts(f.m);
	for (int e = 0; e < VFM_NEVENTS; e++)
		CHECK_EQ(a[e], b[e]);
	vfm_free(m);
	wg_fr_close(&f);
}

int main(void)
{
	test_winner_strict();
	test_winner_plurality();
	test_steps();
	test_latency(8, 12);
	test_latency(12, 8);
	test_latency(1, 4);
	test_latency(1, 1);
	test_latency(2, 2);
	test_one_step_and_saturation();
	test_drop();
	test_reset_and_protocol();
	test_copy();
	random_run(cfg(15, VFM_MAJ_STRICT, 8, 12), 1, 20000);
	random_run(cfg(4, VFM_MAJ_PLURALITY, 3, 1), 2, 20000);
	random_run(cfg(32, VFM_MAJ_STRICT, 1, 1), 3, 20000);
	random_run(cfg(1, VFM_MAJ_PLURALITY, 5, 2), 4, 20000);
	random_run(cfg(15, VFM_MAJ_STRICT, 512, 512), 5, 20000);
	return wg_check_done();
}
