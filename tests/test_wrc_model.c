/* test_wrc_model.c - unit tests of the warp readiness checker's C model
 * (csim/wrc.c, csim/wrc_frame.c) against the cycle contract docs/wrc.md.
 *
 * Directed tests go through the typed API, one rule of the page at a time;
 * a random driver that respects the protocol checks invariants every cycle
 * and runs the frame adapter next to the typed path (bit-exact outputs,
 * same counts). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_bits.h"
#include "wg_check.h"
#include "wg_frame.h"
#include "wg_rng.h"
#include "wrc.h"

/* ------------------------------------------------------------------ */
/* Bench                                                               */
/* ------------------------------------------------------------------ */

typedef struct tb {
	wrc_model *m;     /* model under test */
	wrc_in in;        /* this cycle's inputs */
	wrc_out o;        /* outputs of the last eval */
	int rc;           /* return of the last eval */
	uint64_t none;    /* the NONE owner code */
} tb;

/* WARPS=8, MSHRS=8 (saturated at >= 7 used), MISSQ=4 (>= 3), no hysteresis,
 * no idle timeout; S schedulers. */
static wrc_cfg small_cfg(int S)
{
	wrc_cfg c = {.warps = 8, .schedulers = S, .mshrs = 8, .missq = 4, .margin_mshr = 1, .margin_mq = 1,
		     .hyst = 0, .idle_timeout = 0};
	return c;
}

#define B(w) (UINT64_C(1) << (w))

/* Inputs of a quiet cycle: the LSU ready, nothing else; views kept. */
static void tb_quiet(tb *t)
{
	t->in.rst = 0;
	t->in.launch = t->in.exit = 0;
	t->in.llp = t->in.bar = t->in.lsu_pend = t->in.rq_has = 0;
	t->in.rq_head_valid = t->in.rq_head_warp = 0;
	t->in.lsu_rdy = 1;
	t->in.mshr_used = t->in.mq_used = 0;
	t->in.sat_ext = 0;
}

/* Warp w's head at t+1 in both views: (valid, mem, rdy). */
static void tb_view(tb *t, int w, int valid, int mem, int rdy)
{
	uint64_t b = B(w);
	t->in.hd_valid = valid ? t->in.hd_valid | b : t->in.hd_valid & ~b;
	t->in.hd_mem = mem ? t->in.hd_mem | b : t->in.hd_mem & ~b;
	t->in.hd_rdy = rdy ? t->in.hd_rdy | b : t->in.hd_rdy & ~b;
	t->in.ad_valid = valid ? t->in.ad_valid | b : t->in.ad_valid & ~b;
	t->in.ad_mem = mem ? t->in.ad_mem | b : t->in.ad_mem & ~b;
	t->in.ad_rdy = rdy ? t->in.ad_rdy | b : t->in.ad_rdy & ~b;
}

/* Warp w's advance view only (its head at t+1 if it issues at t). */
static void tb_adv(tb *t, int w, int valid, int mem, int rdy)
{
	uint64_t b = B(w);
	t->in.ad_valid = valid ? t->in.ad_valid | b : t->in.ad_valid & ~b;
	t->in.ad_mem = mem ? t->in.ad_mem | b : t->in.ad_mem & ~b;
	t->in.ad_rdy = rdy ? t->in.ad_rdy | b : t->in.ad_rdy & ~b;
}

static void tb_cm(tb *t, int w) { tb_view(t, w, 1, 0, 1); }  /* compute-ready */
static void tb_mm(tb *t, int w) { tb_view(t, w, 1, 1, 1); }  /* memory-ready */

static int tb_eval(tb *t)
{
	t->rc = wrc_eval(t->m, &t->in, &t->o);
	return t->rc;
}

/* One legal cycle: eval (must accept), tick, quiet inputs for the next. */
static void tb_cycle(tb *t)
{
	tb_eval(t);
	if (t->rc)
		printf("  unexpected violation: %s\n", t->o.msg);
	CHECK_EQ(t->rc, 0);
	wrc_tick(t->m, &t->in);
	tb_quiet(t);
}

static void tb_open_cfg(tb *t, const wrc_cfg *c)
{
	long p[WRC_NPARAMS];
	char buf[256];
	wrc_cfg_to_params(c, p);
	const char *e = wg_params_check(&wg_block_wrc, p, buf, sizeof buf);
	if (e)
		printf("  bad test config: %s\n", e);
	CHECK(e == NULL);
	memset(&t->in, 0, sizeof t->in);
	t->m = wrc_new(c);
	t->none = wrc_none(c);
	t->in.rst = 1;
	tb_eval(t);
	wrc_tick(t->m, &t->in);
	tb_quiet(t);
}

/* Open and launch warps 0..n-1 (no view: all stalled). */
static void tb_open(tb *t, int S, int n)
{
	wrc_cfg c = small_cfg(S);
	tb_open_cfg(t, &c);
	t->in.launch = wg_ones64(n);
	tb_cycle(t);
}

static void tb_close(tb *t)
{
	wrc_free(t->m);
}

/* Drive the saturation flag on (mshr_used at the threshold). */
static void tb_sat(tb *t)
{
	t->in.mshr_used = 7;
}

/* The one issue of scheduler s this cycle (-1 none); checks the mem bit. */
static int tb_pick(const tb *t, int s, int *mem)
{
	if (mem)
		*mem = t->o.iss_valid[s] ? (int)t->o.iss_mem[s] : -1;
	return t->o.iss_valid[s] ? (int)t->o.iss_warp[s] : -1;
}

/* ------------------------------------------------------------------ */
/* Directed tests                                                      */
/* ------------------------------------------------------------------ */

static void test_reset(void)
{
	tb t;
	wrc_cfg c = small_cfg(2);
	tb_open_cfg(&t, &c);
	CHECK_EQ(wrc_resident(t.m), 0);
	CHECK_EQ(wrc_wst_stall(t.m), 0xff);
	CHECK_EQ(wrc_wst_mem(t.m), 0);
	CHECK_EQ(wrc_owner(t.m), t.none);
	CHECK_EQ(t.none, 15);
	CHECK_EQ(wrc_mode(t.m), WRC_EP);
	CHECK_EQ(wrc_greedy(t.m, 0), -1);
	/* a reset cycle with activity: no events, sat_o 0, the reset state */
	t.in.launch = 0xff;
	tb_cycle(&t);
	tb_mm(&t, 0);
	tb_sat(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.sat, 1);
	CHECK_EQ(t.o.ev[WRC_EV_MODE_SWITCH], 1);
	t.in.rst = 1;
	t.in.mshr_used = 99; /* not checked in a reset cycle */
	tb_eval(&t);
	CHECK_EQ(t.rc, 0);
	CHECK_EQ(t.o.sat, 0);
	for (int e = 0; e < WRC_NEVENTS; e++)
		CHECK_EQ(t.o.ev[e], 0);
	uint64_t before[WRC_NEVENTS];
	memcpy(before, wrc_counts(t.m), sizeof before);
	wrc_tick(t.m, &t.in);
	for (int e = 0; e < WRC_NEVENTS; e++)
		CHECK_EQ(wrc_counts(t.m)[e], before[e]);
	CHECK_EQ(wrc_resident(t.m), 0);
	CHECK_EQ(wrc_wst_stall(t.m), 0xff);
	CHECK_EQ(wrc_mode(t.m), WRC_EP);
	unsigned ids[8];
	CHECK_EQ(wrc_age_list(t.m, ids), 0);
	tb_close(&t);
}

/* EP: memory first, greedy-then-oldest; compute when the LSU is not free. */
static void test_ep_memory_first_greedy(void)
{
	tb t;
	int mem;
	tb_open(&t, 1, 4);
	tb_cm(&t, 0);
	tb_cm(&t, 1);
	tb_mm(&t, 2);
	tb_mm(&t, 3);
	tb_cycle(&t); /* the views enter the WST */
	CHECK_EQ(wrc_wst_mem(t.m), 0xc);
	CHECK_EQ(wrc_wst_stall(t.m), 0xf0);
	tb_adv(&t, 2, 1, 0, 1); /* after its load, warp 2 computes */
	tb_eval(&t);
	CHECK_EQ(tb_pick(&t, 0, &mem), 2); /* memory first, oldest memory-ready */
	CHECK_EQ(mem, 1);
	CHECK_EQ(t.o.ev[WRC_EV_SELECT], 1);
	tb_cycle(&t);
	CHECK_EQ(wrc_greedy(t.m, 0), 2);
	CHECK_EQ(wrc_wst_mem(t.m), 0x8);
	tb_cm(&t, 2);
	tb_adv(&t, 3, 1, 0, 1);
	tb_eval(&t);
	CHECK_EQ(tb_pick(&t, 0, &mem), 3); /* memory first beats the greedy compute warp 2 */
	CHECK_EQ(mem, 1);
	tb_cycle(&t);
	tb_cm(&t, 3);
	tb_eval(&t);
	CHECK_EQ(tb_pick(&t, 0, &mem), 3); /* no memory-ready warp: the greedy warp 3, not oldest 0 */
	CHECK_EQ(mem, 0);
	tb_cycle(&t);
	/* the LSU not free: a memory-ready warp is skipped for compute */
	tb_mm(&t, 1);
	tb_cycle(&t);
	t.in.lsu_rdy = 0;
	tb_eval(&t);
	CHECK_EQ(tb_pick(&t, 0, &mem), 3);
	t.in.lsu_rdy = 1;
	tb_eval(&t);
	CHECK_EQ(tb_pick(&t, 0, &mem), 1);
	CHECK_EQ(mem, 1);
	/* a warp whose memory instruction issues is stalled for memory next cycle */
	tb_cycle(&t);
	CHECK(wrc_wst_stall(t.m) & B(1));
	CHECK(wrc_wst_mem(t.m) & B(1));
	tb_close(&t);
}

/* MP: compute first, oldest first (the greedy warp is ignored). */
static void test_mp_compute_oldest(void)
{
	tb t;
	int mem;
	tb_open(&t, 1, 4);
	tb_cm(&t, 1);
	tb_cycle(&t);
	tb_eval(&t);
	CHECK_EQ(tb_pick(&t, 0, NULL), 1);
	tb_cycle(&t); /* greedy = 1 */
	CHECK_EQ(wrc_greedy(t.m, 0), 1);
	tb_cm(&t, 0);
	tb_mm(&t, 2);
	tb_sat(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.sat, 1);
	CHECK_EQ(t.o.mode, WRC_EP);
	CHECK_EQ(tb_pick(&t, 0, NULL), 1); /* still EP: greedy compute (0, 2 not ready yet) */
	tb_cycle(&t);
	CHECK_EQ(wrc_mode(t.m), WRC_MP);
	tb_sat(&t);
	tb_eval(&t);
	CHECK_EQ(tb_pick(&t, 0, &mem), 0); /* compute first, oldest (0), not greedy 1 nor memory 2 */
	CHECK_EQ(mem, 0);
	tb_close(&t);
}

/* MP without an owner: the first memory issue takes ownership; others are
 * then stalled for memory. */
static void test_mp_take_ownership(tb *t)
{
	int mem;
	tb_open(t, 1, 4);
	tb_view(t, 2, 1, 1, 0); /* memory heads, operands not ready at the switch */
	tb_view(t, 3, 1, 1, 0);
	tb_sat(t);
	tb_cycle(t);
	CHECK_EQ(wrc_mode(t->m), WRC_MP);
	CHECK_EQ(wrc_pre(t->m), 0);
	tb_mm(t, 2);
	tb_mm(t, 3);
	tb_sat(t);
	tb_cycle(t); /* no owner: both become memory-ready */
	CHECK_EQ(wrc_owner(t->m), t->none);
	CHECK_EQ(wrc_wst_stall(t->m) & 0xc, 0);
	tb_adv(t, 2, 1, 1, 1); /* warp 2's next instruction is a load too */
	tb_sat(t);
	tb_eval(t);
	CHECK_EQ(tb_pick(t, 0, &mem), 2);
	CHECK_EQ(mem, 1);
	CHECK_EQ(t->o.ev[WRC_EV_OWNER_CHANGE], 1);
	tb_cycle(t);
	CHECK_EQ(wrc_owner(t->m), 2);
	CHECK(wrc_wst_stall(t->m) & B(3)); /* non-owner memory head */
	CHECK(wrc_wst_stall(t->m) & B(2)); /* the owner is busy (its load issued now) */
	CHECK_EQ(wrc_wst_mem(t->m) & 0xc, 0xc);
}

static void test_ownership(void)
{
	tb t;
	test_mp_take_ownership(&t);
	tb_close(&t);
}

/* Release on llp, held while busy; then the next memory issue takes it. */
static void test_release_llp_busy(void)
{
	tb t;
	int mem;
	test_mp_take_ownership(&t);
	/* owner 2: its head depends on its own load, which is still in the LSU */
	tb_sat(&t);
	t.in.llp = B(2);
	t.in.lsu_pend = B(2);
	tb_view(&t, 2, 1, 0, 0);
	tb_cycle(&t);
	CHECK_EQ(wrc_owner(t.m), 2);
	tb_sat(&t);
	t.in.llp = B(2);
	t.in.rq_has = B(2); /* parked in the queue: still busy */
	tb_cycle(&t);
	CHECK_EQ(wrc_owner(t.m), 2);
	CHECK(wrc_wst_stall(t.m) & B(3));
	/* no longer busy: released; warp 3 is memory-ready, so no hand-off */
	tb_sat(&t);
	t.in.llp = B(2);
	t.in.rq_head_valid = 1;
	t.in.rq_head_warp = 1;
	tb_eval(&t);
	CHECK_EQ(t.o.ev[WRC_EV_OWNER_CHANGE], 1);
	tb_cycle(&t);
	CHECK_EQ(wrc_owner(t.m), t.none);
	CHECK_EQ(wrc_wst_stall(t.m) & B(3), 0);
	tb_sat(&t);
	tb_adv(&t, 3, 1, 0, 1);
	tb_eval(&t);
	CHECK_EQ(tb_pick(&t, 0, &mem), 3);
	CHECK_EQ(mem, 1);
	tb_cycle(&t);
	CHECK_EQ(wrc_owner(t.m), 3);
	tb_close(&t);
}

/* Barrier and exit release at once, even while busy. */
static void test_release_bar_exit(void)
{
	tb t;
	test_mp_take_ownership(&t);
	tb_sat(&t);
	t.in.bar = B(2);
	t.in.lsu_pend = B(2);
	tb_view(&t, 3, 1, 1, 0); /* nobody memory-ready: no new owner */
	tb_cycle(&t);
	CHECK_EQ(wrc_owner(t.m), t.none);
	tb_close(&t);

	test_mp_take_ownership(&t);
	tb_sat(&t);
	t.in.exit = B(2);
	t.in.lsu_pend = B(2);
	tb_view(&t, 3, 1, 1, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.ev[WRC_EV_AGE_UPDATE], 1);
	tb_cycle(&t);
	CHECK_EQ(wrc_owner(t.m), t.none);
	CHECK_EQ(wrc_resident(t.m), 0xb);
	CHECK(wrc_wst_stall(t.m) & B(2));
	tb_close(&t);
}

/* MP -> EP clears the owner and the owner stall bits in the same edge,
 * also when the owner releases in that cycle (spec §3.13 #5). */
static void test_mp_to_ep(void)
{
	tb t;
	test_mp_take_ownership(&t);
	t.in.llp = B(2); /* the owner releases in this cycle too */
	tb_eval(&t);
	CHECK_EQ(t.o.sat, 0);
	CHECK_EQ(t.o.ev[WRC_EV_MODE_SWITCH], 1);
	CHECK_EQ(t.o.ev[WRC_EV_OWNER_CHANGE], 1);
	tb_cycle(&t);
	CHECK_EQ(wrc_mode(t.m), WRC_EP);
	CHECK_EQ(wrc_owner(t.m), t.none);
	CHECK_EQ(wrc_wst_stall(t.m) & B(3), 0);
	CHECK_EQ(wrc_pre(t.m), 0);
	tb_close(&t);

	/* the owner does not release: MP -> EP still clears it */
	test_mp_take_ownership(&t);
	t.in.lsu_pend = B(2);
	tb_cycle(&t);
	CHECK_EQ(wrc_owner(t.m), t.none);
	CHECK_EQ(wrc_wst_stall(t.m) & B(3), 0);
	CHECK(wrc_wst_stall(t.m) & B(2)); /* busy: the memory rule still holds */
	tb_close(&t);
}

/* Queue-head hand-off: MP without an owner and no memory-ready warp. */
static void test_queue_handoff(void)
{
	tb t;
	tb_open(&t, 1, 6);
	tb_cm(&t, 0);
	tb_view(&t, 5, 1, 1, 1);
	t.in.rq_has = B(5); /* warp 5's load waits in the queue: busy */
	tb_sat(&t);
	t.in.rq_head_valid = 1;
	t.in.rq_head_warp = 5;
	tb_eval(&t);
	CHECK_EQ(t.o.ev[WRC_EV_OWNER_CHANGE], 1);
	tb_cycle(&t);
	CHECK_EQ(wrc_owner(t.m), 5);
	CHECK_EQ(wrc_mode(t.m), WRC_MP);
	tb_close(&t);

	/* a memory-ready warp exists: no hand-off */
	tb_open(&t, 1, 6);
	tb_mm(&t, 1);
	t.in.lsu_rdy = 0;
	tb_sat(&t);
	t.in.rq_head_valid = 1;
	t.in.rq_head_warp = 5;
	tb_cycle(&t);
	CHECK_EQ(wrc_owner(t.m), t.none);
	tb_close(&t);

	/* the head's warp is not resident: no hand-off */
	tb_open(&t, 1, 5);
	tb_sat(&t);
	t.in.rq_head_valid = 1;
	t.in.rq_head_warp = 6;
	tb_cycle(&t);
	CHECK_EQ(wrc_owner(t.m), t.none);
	tb_close(&t);
}

/* pre: memory-ready warps at EP -> MP keep their one instruction; their
 * issue under an owner does not take ownership. */
static void test_pre(void)
{
	tb t;
	int mem;
	tb_open(&t, 1, 4);
	tb_mm(&t, 2);
	tb_mm(&t, 3);
	tb_cycle(&t);
	tb_sat(&t);
	tb_eval(&t); /* the switch cycle: EP issues warp 2's load, which takes ownership */
	CHECK_EQ(tb_pick(&t, 0, &mem), 2);
	CHECK_EQ(mem, 1);
	tb_cycle(&t);
	CHECK_EQ(wrc_mode(t.m), WRC_MP);
	CHECK_EQ(wrc_owner(t.m), 2);
	CHECK_EQ(wrc_pre(t.m), B(3));
	CHECK_EQ(wrc_wst_stall(t.m) & B(3), 0); /* admitted: not owner-stalled */
	tb_sat(&t);
	tb_adv(&t, 3, 1, 1, 1);
	tb_eval(&t);
	CHECK_EQ(tb_pick(&t, 0, &mem), 3);
	CHECK_EQ(mem, 1);
	CHECK_EQ(t.o.ev[WRC_EV_OWNER_CHANGE], 0);
	tb_cycle(&t);
	CHECK_EQ(wrc_owner(t.m), 2);
	CHECK_EQ(wrc_pre(t.m), 0);
	tb_sat(&t);
	tb_cycle(&t); /* no longer busy, but a non-owner now: stalled for memory */
	CHECK(wrc_wst_stall(t.m) & B(3));
	tb_close(&t);
}

/* One LSU port across two schedulers; in MP the owner's scheduler first. */
static void test_two_schedulers(void)
{
	tb t;
	int mem;
	/* EP: scheduler 0 first takes the port; scheduler 1 issues compute */
	tb_open(&t, 2, 8);
	tb_mm(&t, 0);
	tb_mm(&t, 1);
	tb_cm(&t, 5);
	tb_cycle(&t);
	tb_eval(&t);
	CHECK_EQ(tb_pick(&t, 0, &mem), 0);
	CHECK_EQ(mem, 1);
	CHECK_EQ(tb_pick(&t, 1, &mem), 5);
	CHECK_EQ(mem, 0);
	CHECK_EQ(t.o.ev[WRC_EV_SELECT], 2);
	tb_close(&t);

	/* MP, owner 3 (scheduler 1), warp 0 admitted (scheduler 0) */
	tb_open(&t, 2, 8);
	tb_mm(&t, 0);
	tb_cycle(&t);
	/* the switch: LSU busy, warp 0 parked-in-LSU env, queue head warp 3 */
	tb_sat(&t);
	t.in.lsu_rdy = 0;
	t.in.lsu_pend = B(0);
	tb_view(&t, 3, 1, 1, 1);
	t.in.rq_has = B(3);
	t.in.rq_head_valid = 1;
	t.in.rq_head_warp = 3;
	tb_cycle(&t);
	CHECK_EQ(wrc_mode(t.m), WRC_MP);
	CHECK_EQ(wrc_owner(t.m), 3);
	CHECK_EQ(wrc_pre(t.m), B(0));
	tb_sat(&t);
	tb_cycle(&t);
	CHECK_EQ(wrc_wst_stall(t.m) & (B(0) | B(3)), 0);
	tb_sat(&t);
	tb_eval(&t);
	CHECK_EQ(tb_pick(&t, 1, &mem), 3); /* the owner's scheduler wins the port */
	CHECK_EQ(mem, 1);
	CHECK_EQ(tb_pick(&t, 0, NULL), -1);
	tb_cm(&t, 6);
	tb_cycle(&t);
	tb_sat(&t);
	tb_eval(&t);
	CHECK_EQ(tb_pick(&t, 0, &mem), 6); /* compute first in MP */
	CHECK_EQ(mem, 0);
	tb_close(&t);
}

/* The flag: thresholds, the miss queue, sat_ext and hysteresis. */
static void test_hysteresis(void)
{
	tb t;
	wrc_cfg c = small_cfg(1);
	tb_open_cfg(&t, &c);
	static const unsigned seq0[] = {6, 7, 6, 0};
	static const unsigned exp0[] = {0, 1, 0, 0};
	for (int k = 0; k < 4; k++) {
		t.in.mshr_used = seq0[k];
		tb_eval(&t);
		CHECK_EQ(t.o.sat, exp0[k]);
		tb_cycle(&t);
		CHECK_EQ(wrc_mode(t.m), (int)exp0[k]);
	}
	t.in.mq_used = 3;
	tb_eval(&t);
	CHECK_EQ(t.o.sat, 1);
	t.in.mq_used = 2;
	t.in.sat_ext = 1;
	tb_eval(&t);
	CHECK_EQ(t.o.sat, 1);
	tb_close(&t);

	c.hyst = 2; /* leave MP below 5 MSHRs and below 1 miss-queue entry */
	tb_open_cfg(&t, &c);
	static const unsigned mu[] = {7, 6, 5, 4, 6, 7, 4, 4};
	static const unsigned mq[] = {0, 0, 0, 0, 0, 0, 1, 0};
	static const unsigned ex[] = {1, 1, 1, 0, 0, 1, 1, 0};
	for (int k = 0; k < 8; k++) {
		t.in.mshr_used = mu[k];
		t.in.mq_used = mq[k];
		tb_eval(&t);
		CHECK_EQ(t.o.sat, ex[k]);
		tb_cycle(&t);
		CHECK_EQ(wrc_mode(t.m), (int)ex[k]);
	}
	tb_close(&t);
}

/* OWNER_IDLE_TIMEOUT: release after T cycles without an owner memory issue,
 * held while busy. */
static void test_idle_timeout(void)
{
	tb t;
	wrc_cfg c = small_cfg(1);
	c.idle_timeout = 3;
	tb_open_cfg(&t, &c);
	t.in.launch = 0xf;
	tb_cycle(&t);
	tb_mm(&t, 2);
	tb_cycle(&t);
	tb_sat(&t);
	tb_view(&t, 2, 1, 0, 0); /* after its load: waiting */
	tb_cycle(&t);            /* warp 2 issues at the switch, owner */
	CHECK_EQ(wrc_owner(t.m), 2);
	CHECK_EQ(wrc_idle(t.m), 0);
	for (int k = 1; k <= 3; k++) {
		tb_sat(&t);
		tb_cycle(&t);
		CHECK_EQ(wrc_owner(t.m), 2);
		CHECK_EQ(wrc_idle(t.m), k);
	}
	tb_sat(&t);
	t.in.lsu_pend = B(2); /* busy: held, the counter saturates */
	tb_cycle(&t);
	CHECK_EQ(wrc_owner(t.m), 2);
	CHECK_EQ(wrc_idle(t.m), 3);
	tb_sat(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.ev[WRC_EV_OWNER_CHANGE], 1);
	tb_cycle(&t);
	CHECK_EQ(wrc_owner(t.m), t.none);
	CHECK_EQ(wrc_idle(t.m), 0);
	tb_close(&t);
}

/* The age list after exits and launches, and "oldest" following it. */
static void test_age_list(void)
{
	tb t;
	unsigned ids[8];
	tb_open(&t, 1, 4); /* 0 1 2 3 */
	t.in.exit = B(1);
	tb_cycle(&t);
	t.in.launch = B(5) | B(4);
	tb_cycle(&t);
	CHECK_EQ(wrc_age_list(t.m, ids), 5);
	CHECK(ids[0] == 0 && ids[1] == 2 && ids[2] == 3 && ids[3] == 4 && ids[4] == 5);
	t.in.exit = B(0) | B(3);
	t.in.launch = B(1) | B(7);
	tb_eval(&t);
	CHECK_EQ(t.o.ev[WRC_EV_AGE_UPDATE], 1);
	tb_cycle(&t);
	CHECK_EQ(wrc_age_list(t.m, ids), 5);
	CHECK(ids[0] == 2 && ids[1] == 4 && ids[2] == 5 && ids[3] == 1 && ids[4] == 7);
	CHECK_EQ(wrc_resident(t.m), B(1) | B(2) | B(4) | B(5) | B(7));
	/* oldest: 5 before 1 though 1 has the lower id */
	tb_cm(&t, 1);
	tb_cm(&t, 5);
	tb_cycle(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.ev[WRC_EV_AGE_UPDATE], 0);
	CHECK_EQ(tb_pick(&t, 0, NULL), 5);
	tb_close(&t);
}

/* Greedy of an exiting warp is forgotten; WST write count. */
static void test_greedy_exit_and_wst_events(void)
{
	tb t;
	tb_open(&t, 2, 8);
	tb_cm(&t, 3);
	tb_cm(&t, 5);
	tb_cm(&t, 1);
	tb_eval(&t);
	CHECK_EQ(t.o.ev[WRC_EV_WST_WRITE], 3); /* stall 1 -> 0 for 1, 3, 5 */
	tb_cycle(&t);
	tb_eval(&t);
	CHECK_EQ(tb_pick(&t, 1, NULL), 1);
	CHECK_EQ(t.o.ev[WRC_EV_WST_WRITE], 0);
	tb_cycle(&t);
	CHECK_EQ(wrc_greedy(t.m, 1), 1);
	CHECK_EQ(wrc_greedy(t.m, 0), -1);
	tb_view(&t, 1, 0, 0, 0);
	t.in.exit = B(1);
	tb_eval(&t);
	CHECK_EQ(tb_pick(&t, 1, NULL), 1);
	tb_cycle(&t);
	CHECK_EQ(wrc_greedy(t.m, 1), -1);
	tb_eval(&t);
	CHECK_EQ(tb_pick(&t, 1, NULL), 3);
	tb_cycle(&t);
	CHECK_EQ(wrc_greedy(t.m, 1), 3);
	CHECK_EQ(wrc_counts(t.m)[WRC_EV_SELECT], 3);
	CHECK_EQ(wrc_counts(t.m)[WRC_EV_AGE_UPDATE], 2);
	tb_close(&t);
}

static void expect_violation(tb *t, const char *what)
{
	tb_eval(t);
	CHECK_EQ(t->rc, -1);
	CHECK(t->o.msg[0] != '\0');
	if (t->rc != -1)
		printf("  no violation for %s\n", what);
	tb_quiet(t);
}

static void test_protocol(void)
{
	tb t;
	tb_open(&t, 1, 4);
	t.in.launch = B(2);
	expect_violation(&t, "launch of a resident warp");
	t.in.launch = B(8);
	expect_violation(&t, "launch out of range");
	t.in.exit = B(6);
	expect_violation(&t, "exit of a non-resident warp");
	t.in.mshr_used = 9;
	expect_violation(&t, "mshr_used > MSHRS");
	t.in.mq_used = 5;
	expect_violation(&t, "mq_used > MISSQ");
	t.in.rq_head_valid = 1;
	t.in.rq_head_warp = 8;
	expect_violation(&t, "rq_head_warp out of range");
	t.in.rq_head_warp = 8; /* not valid: fine */
	tb_eval(&t);
	CHECK_EQ(t.rc, 0);
	CHECK_EQ(t.o.msg[0], '\0');
	tb_close(&t);
}

/* ------------------------------------------------------------------ */
/* Random driver: invariants, and the frame adapter against the typed  */
/* ------------------------------------------------------------------ */

static void frame_pack_in(wg_fr *f, const wrc_in *i)
{
	memset(f->in, 0, (size_t)f->L.nwords[WG_IN] * sizeof *f->in);
	wg_fr_set(f, WRC_RST_I, i->rst);
	wg_fr_set(f, WRC_LAUNCH_I, i->launch);
	wg_fr_set(f, WRC_EXIT_I, i->exit);
	wg_fr_set(f, WRC_HD_VALID_I, i->hd_valid);
	wg_fr_set(f, WRC_HD_MEM_I, i->hd_mem);
	wg_fr_set(f, WRC_HD_RDY_I, i->hd_rdy);
	wg_fr_set(f, WRC_AD_VALID_I, i->ad_valid);
	wg_fr_set(f, WRC_AD_MEM_I, i->ad_mem);
	wg_fr_set(f, WRC_AD_RDY_I, i->ad_rdy);
	wg_fr_set(f, WRC_LLP_I, i->llp);
	wg_fr_set(f, WRC_BAR_I, i->bar);
	wg_fr_set(f, WRC_LSU_PEND_I, i->lsu_pend);
	wg_fr_set(f, WRC_RQ_HAS_I, i->rq_has);
	wg_fr_set(f, WRC_RQ_HEAD_VALID_I, i->rq_head_valid);
	wg_fr_set(f, WRC_RQ_HEAD_WARP_I, i->rq_head_warp);
	wg_fr_set(f, WRC_LSU_RDY_I, i->lsu_rdy);
	wg_fr_set(f, WRC_MSHR_USED_I, i->mshr_used);
	wg_fr_set(f, WRC_MQ_USED_I, i->mq_used);
	wg_fr_set(f, WRC_SAT_EXT_I, i->sat_ext);
}

/* The frame outputs equal the typed outputs. */
static int frame_same(const wg_fr *f, int S, const wrc_out *o)
{
	const wg_layout *L = &f->L;
	unsigned WB = (unsigned)(L->width[WRC_ISS_WARP_O] / S);
	int ok = 1;
	for (int s = 0; s < S; s++) {
		ok &= ((wg_fr_port(f, WRC_ISS_VALID_O) >> s) & 1u) == o->iss_valid[s];
		ok &= ((wg_fr_port(f, WRC_ISS_MEM_O) >> s) & 1u) == o->iss_mem[s];
		ok &= wg_fr_get(f, WRC_ISS_WARP_O, (unsigned)s * WB, WB) == o->iss_warp[s];
	}
	ok &= wg_fr_port(f, WRC_OWNER_O) == o->owner;
	ok &= wg_fr_port(f, WRC_MODE_O) == o->mode;
	ok &= wg_fr_port(f, WRC_SAT_O) == o->sat;
	ok &= wg_fr_port(f, WRC_WST_MEM_O) == o->wst_mem;
	ok &= wg_fr_port(f, WRC_WST_STALL_O) == o->wst_stall;
	ok &= wg_fr_port(f, WRC_PRE_O) == o->pre;
	ok &= wg_fr_port(f, WRC_RESIDENT_O) == o->resident;
	ok &= wg_fr_events_are(f, o->ev);
	return ok;
}

static void random_run(const wrc_cfg *c, uint64_t seed, int cycles)
{
	long p[WRC_NPARAMS];
	char buf[256];
	wrc_cfg_to_params(c, p);
	CHECK(wg_params_check(&wg_block_wrc, p, buf, sizeof buf) == NULL);
	wg_fr f;
	wg_fr_open(&f, &wg_block_wrc, p);
	wrc_model *m = wrc_new(c);
	uint64_t r = wg_rng_seed(seed), W = wg_ones64(c->warps);
	unsigned none = wrc_none(c);
	int bad = 0, S = c->schedulers, sat_phase = 0;
	for (int cy = 0; cy < cycles && bad < 5; cy++) {
		wrc_in in;
		memset(&in, 0, sizeof in);
		uint64_t res = wrc_resident(m);
		in.rst = cy == 0 || wg_rng_next(&r) % 4000 == 0;
		in.launch = wg_rng_mask(&r, 10, W & ~res);
		in.exit = wg_rng_mask(&r, 2, res);
		in.hd_valid = wg_rng_mask(&r, 85, W);
		in.hd_mem = wg_rng_mask(&r, 40, W);
		in.hd_rdy = wg_rng_mask(&r, 70, W);
		in.ad_valid = wg_rng_mask(&r, 85, W);
		in.ad_mem = wg_rng_mask(&r, 30, W);
		in.ad_rdy = wg_rng_mask(&r, 60, W);
		in.llp = wg_rng_mask(&r, 15, W);
		in.bar = wg_rng_mask(&r, 3, W);
		in.lsu_pend = wg_rng_mask(&r, 20, W);
		in.rq_has = wg_rng_mask(&r, 10, W);
		in.rq_head_valid = wg_rng_next(&r) % 3 == 0;
		in.rq_head_warp = (unsigned)(wg_rng_next(&r) % (uint64_t)c->warps);
		in.lsu_rdy = wg_rng_next(&r) % 4 != 0;
		if (wg_rng_next(&r) % 64 == 0)
			sat_phase = !sat_phase;
		in.mshr_used = (unsigned)(sat_phase ? c->mshrs - (int)(wg_rng_next(&r) % 4)
						     : (int)(wg_rng_next(&r) % (uint64_t)(c->mshrs + 1)) / 2);
		in.mq_used = (unsigned)(wg_rng_next(&r) % (uint64_t)(c->missq + 1));
		in.sat_ext = wg_rng_next(&r) % 50 == 0;

		wrc_out o;
		/* a warp whose load issues does not exit in the same cycle (its EXIT
		 * issues later); the issue does not depend on exit_i */
		wrc_eval(m, &in, &o);
		for (int s = 0; s < S; s++)
			if (o.iss_mem[s])
				in.exit &= ~B(o.iss_warp[s]);
		int rc = wrc_eval(m, &in, &o);
		frame_pack_in(&f, &in);
		f.err[0] = '\0';
		int frc = wg_block_wrc.model_eval(f.m, f.in, f.out, f.err, sizeof f.err);
		if (rc || frc) {
			printf("  seed %llu cycle %d: violation %s / %s\n", (unsigned long long)seed, cy, o.msg, f.err);
			bad++;
		}
		if (!frame_same(&f, S, &o)) {
			printf("  seed %llu cycle %d: frame outputs differ from the typed ones\n",
			       (unsigned long long)seed, cy);
			bad++;
		}
		/* invariants */
		unsigned nmem = 0;
		for (int s = 0; s < S; s++) {
			nmem += o.iss_mem[s];
			if (o.iss_valid[s]) {
				unsigned w = o.iss_warp[s];
				int okw = (int)(w % (unsigned)S) == s && ((o.resident & ~o.wst_stall) >> w) & 1u;
				okw &= o.iss_mem[s] == ((o.wst_mem >> w) & 1u);
				if (o.iss_mem[s] && !in.lsu_rdy)
					okw = 0;
				if (o.iss_mem[s] && o.mode == WRC_MP && o.owner != none && w != o.owner &&
				    !((o.pre >> w) & 1u))
					okw = 0;
				if (!okw) {
					printf("  seed %llu cycle %d: illegal issue of warp %u by %d\n",
					       (unsigned long long)seed, cy, w, s);
					bad++;
				}
			} else if (o.iss_warp[s] || o.iss_mem[s]) {
				bad++;
			}
		}
		if (nmem > 1 || (o.mode == WRC_EP && o.owner != none) ||
		    (o.owner != none && !((o.resident >> o.owner) & 1u)) || (o.pre & ~o.resident) ||
		    (o.wst_stall & ~o.resident) != (~o.resident & W)) {
			printf("  seed %llu cycle %d: state invariant broken (owner %u mode %u nmem %u res %llx pre %llx)\n",
			       (unsigned long long)seed, cy, o.owner, o.mode, nmem, (unsigned long long)o.resident, (unsigned long long)o.pre);
			bad++;
		}
		wrc_tick(m, &in);
		wg_block_wrc.model_tick(f.m, f.in);
		unsigned ids[64];
		int n = wrc_age_list(m, ids);
		uint64_t seen = 0;
		for (int k = 0; k < n; k++)
			seen |= B(ids[k]);
		if (seen != wrc_resident(m) || n != (int)__builtin_popcountll(seen)) {
			printf("  seed %llu cycle %d: age list does not hold the resident warps\n",
			       (unsigned long long)seed, cy);
			bad++;
		}
	}
	const uint64_t *a = wrc_counts(m), *b = wg_block_wrc.model_counts(f.m);
	for (int e = 0; e < WRC_NEVENTS; e++)
		CHECK_EQ(a[e], b[e]);
	CHECK(a[WRC_EV_SELECT] > 0 && a[WRC_EV_OWNER_CHANGE] > 0 && a[WRC_EV_MODE_SWITCH] > 0);
	CHECK_EQ(bad, 0);
	wrc_free(m);
	wg_fr_close(&f);
}

static void test_random(void)
{
	wrc_cfg c = small_cfg(2);
	random_run(&c, 1, 20000);
	c = small_cfg(1);
	c.idle_timeout = 5;
	c.hyst = 2;
	random_run(&c, 2, 20000);
	wrc_cfg d;
	wrc_cfg_default(&d); /* 48 warps, 2 schedulers */
	random_run(&d, 3, 20000);
	d.warps = 64;
	d.schedulers = 3;
	d.idle_timeout = 100;
	random_run(&d, 4, 20000);
	d.warps = 2;
	d.schedulers = 2;
	random_run(&d, 5, 5000);
}

int main(void)
{
	test_reset();
	test_ep_memory_first_greedy();
	test_mp_compute_oldest();
	test_ownership();
	test_release_llp_busy();
	test_release_bar_exit();
	test_mp_to_ep();
	test_queue_handoff();
	test_pre();
	test_two_schedulers();
	test_hysteresis();
	test_idle_timeout();
	test_age_list();
	test_greedy_exit_and_wst_events();
	test_protocol();
	test_random();
	return wg_check_done();
}
