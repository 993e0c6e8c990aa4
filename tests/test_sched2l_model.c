/* test_sched2l_model.c - unit tests of the two-level scheduler C model
 * (csim/sched2l.c) against the cycle contract docs/sched2l.md.
 *
 * Directed tests go through the typed API, one rule of the page at a time;
 * the frame adapter is checked against the typed path on random inputs; a
 * randomized test compares the model with a naive reference written
 * straight from the page (per-slot loops, no masks). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched2l.h"
#include "wg_bits.h"
#include "wg_check.h"
#include "wg_frame.h"

/* ------------------------------------------------------------------ */
/* Bench                                                               */
/* ------------------------------------------------------------------ */

typedef struct tb {
	s2l_model *m;     /* model under test */
	s2l_in in;        /* this cycle's inputs */
	s2l_out o;        /* outputs of the last eval */
	int rc;           /* return of the last eval */
} tb;

#define B(w) (UINT64_C(1) << (w))

static void tb_idle(tb *t)
{
	memset(&t->in, 0, sizeof t->in);
	t->in.slot_free = ~UINT64_C(0); /* tied high: no RFC */
}

static int tb_eval(tb *t)
{
	t->rc = s2l_eval(t->m, &t->in, &t->o);
	return t->rc;
}

static void tb_tick(tb *t)
{
	s2l_tick(t->m, &t->in);
	tb_idle(t);
}

static void tb_cycle(tb *t)
{
	tb_eval(t);
	tb_tick(t);
}

static void tb_open(tb *t, int warps, int active, int select, int suspend, int bdem)
{
	s2l_cfg c = {.warps = warps, .active = active, .select = select, .suspend = suspend,
		     .barrier_demote = bdem};
	t->m = s2l_new(&c);
	tb_idle(t);
	t->in.rst = 1;
	tb_cycle(t);
}

static void tb_close(tb *t)
{
	s2l_free(t->m);
}

/* W=8, A=4, greedy, ALWAYS, barrier demotion: the small default of these tests. */
static void tb_small(tb *t)
{
	tb_open(t, 8, 4, S2L_GREEDY, S2L_ALWAYS, 1);
}

/* ------------------------------------------------------------------ */
/* Directed tests                                                      */
/* ------------------------------------------------------------------ */

static void test_cfg(void)
{
	s2l_cfg c;
	s2l_cfg_default(&c);
	CHECK_EQ(c.warps, 32);
	CHECK_EQ(c.active, 8);
	CHECK_EQ(c.select, S2L_GREEDY);
	CHECK_EQ(c.suspend, S2L_ALWAYS);
	CHECK_EQ(c.barrier_demote, 1);
	long p[S2L_NPARAMS];
	s2l_cfg_to_params(&c, p);
	CHECK_EQ(s2l_model_size(p), s2l_size(&c));
	CHECK_EQ(s2l_size(&c) % 8, 0);
	char buf[256];
	CHECK(wg_params_check(&wg_block_sched2l, p, buf, sizeof buf) == NULL);
	p[S2L_P_ACTIVE] = 33;
	p[S2L_P_WARPS] = 32;
	CHECK(wg_params_check(&wg_block_sched2l, p, buf, sizeof buf) != NULL);
	CHECK(strstr(buf, "ACTIVE=33 must not exceed WARPS=32") != NULL);
	CHECK(strstr(buf, "1..WARPS") != NULL);
	/* storage: 2W + A(1 + wb) + 2sb + 2wb + 1, sb and wb 0 for one slot / warp */
	wg_params_default(&wg_block_sched2l, p);
	CHECK_EQ(wg_block_sched2l.storage_bits(p), 64 + 8 * 6 + 6 + 10 + 1);
	p[S2L_P_WARPS] = 1;
	p[S2L_P_ACTIVE] = 1;
	CHECK_EQ(wg_block_sched2l.storage_bits(p), 2 + 1 + 0 + 0 + 1);
	p[S2L_P_WARPS] = 8;
	CHECK_EQ(wg_block_sched2l.storage_bits(p), 16 + 4 + 0 + 6 + 1);
	p[S2L_P_WARPS] = 64;
	p[S2L_P_ACTIVE] = 64;
	CHECK_EQ(wg_block_sched2l.storage_bits(p), 128 + 64 * 7 + 12 + 12 + 1);
	/* widths */
	int w[WG_MAX_PORTS], ev[WG_MAX_EVENTS];
	p[S2L_P_WARPS] = 48;
	p[S2L_P_ACTIVE] = 5;
	wg_block_sched2l.widths(p, w, ev);
	CHECK_EQ(w[S2L_RDY_I], 48);
	CHECK_EQ(w[S2L_SLOT_FREE_I], 5);
	CHECK_EQ(w[S2L_ISS_SLOT_O], 3);
	CHECK_EQ(w[S2L_ISS_WARP_O], 6);
	CHECK_EQ(w[S2L_SLOT_WARP_O], 30);
	CHECK_EQ(w[S2L_EV_O], 4);
	for (int e = 0; e < S2L_NEVENTS; e++)
		CHECK_EQ(ev[e], 1);
	p[S2L_P_WARPS] = 1;
	p[S2L_P_ACTIVE] = 1;
	wg_block_sched2l.widths(p, w, ev);
	CHECK_EQ(w[S2L_ISS_SLOT_O], 1);
	CHECK_EQ(w[S2L_ISS_WARP_O], 1);
	CHECK_EQ(wg_block_sched2l.nports, S2L_NPORTS);
	CHECK_EQ(wg_block_sched2l.nparams, S2L_NPARAMS);
	CHECK_EQ(wg_block_sched2l.nevents, S2L_NEVENTS);
	CHECK(strcmp(wg_block_sched2l.ports[S2L_SLOT_WARP_O].name, "slot_warp_o") == 0);
	CHECK(strcmp(wg_block_sched2l.events[S2L_EV_PROMOTE].name, "promote") == 0);

	/* SELECT: GREEDY, RR, GTO, TRWS */
	wg_params_default(&wg_block_sched2l, p);
	CHECK(wg_param_set(&wg_block_sched2l, p, "SELECT=GTO", buf, sizeof buf) == NULL);
	CHECK_EQ(p[S2L_P_SELECT], S2L_GTO);
	CHECK(wg_params_check(&wg_block_sched2l, p, buf, sizeof buf) == NULL);
	CHECK(wg_param_set(&wg_block_sched2l, p, "SELECT=TRWS", buf, sizeof buf) == NULL);
	CHECK_EQ(p[S2L_P_SELECT], S2L_TRWS);
	CHECK(wg_params_check(&wg_block_sched2l, p, buf, sizeof buf) == NULL);
	CHECK(wg_param_set(&wg_block_sched2l, p, "SELECT=LRR", buf, sizeof buf) != NULL);
	CHECK(strstr(buf, "SELECT=LRR is not one of GREEDY|RR|GTO|TRWS") != NULL);
	/* prio_i is absent (width 0) but under TRWS; every other port as under GREEDY */
	int wg[WG_MAX_PORTS];
	for (long sel = S2L_GREEDY; sel <= S2L_TRWS; sel++) {
		p[S2L_P_SELECT] = S2L_GREEDY;
		wg_block_sched2l.widths(p, wg, ev);
		p[S2L_P_SELECT] = sel;
		wg_block_sched2l.widths(p, w, ev);
		CHECK_EQ(w[S2L_PRIO_I], sel == S2L_TRWS ? p[S2L_P_WARPS] : 0);
		w[S2L_PRIO_I] = wg[S2L_PRIO_I];
		CHECK(memcmp(w, wg, sizeof w[0] * S2L_NPORTS) == 0);
	}
	CHECK(strcmp(wg_block_sched2l.ports[S2L_PRIO_I].name, "prio_i") == 0);
	CHECK_EQ(wg_block_sched2l.ports[S2L_PRIO_I].dir, WG_IN);
	/* storage under GTO and TRWS: no last_q; gw_q, gv_q and W(W-1)/2 age bits
	 * with two slots or more */
	static const long gto_bits[][3] = {{32, 8, 628}, {8, 4, 73}, {8, 8, 90}, {64, 64, 2618},
					   {8, 1, 27}, {1, 1, 4}, {2, 2, 15}, {48, 6, 1289}};
	for (size_t k = 0; k < sizeof gto_bits / sizeof gto_bits[0]; k++)
		for (long sel = S2L_GTO; sel <= S2L_TRWS; sel++) {
			p[S2L_P_WARPS] = gto_bits[k][0];
			p[S2L_P_ACTIVE] = gto_bits[k][1];
			p[S2L_P_SELECT] = sel;
			CHECK_EQ(wg_block_sched2l.storage_bits(p), gto_bits[k][2]);
		}
	/* GREEDY and RR unchanged: 129 at the default, 157 at 48 x 6 (the golden files) */
	wg_params_default(&wg_block_sched2l, p);
	CHECK_EQ(wg_block_sched2l.storage_bits(p), 129);
	p[S2L_P_WARPS] = 48;
	p[S2L_P_ACTIVE] = 6;
	p[S2L_P_SELECT] = S2L_RR;
	CHECK_EQ(wg_block_sched2l.storage_bits(p), 157);
}

static void test_reset(void)
{
	tb t;
	tb_open(&t, 32, 8, S2L_GREEDY, S2L_ALWAYS, 1);
	CHECK_EQ(s2l_resident(t.m), 0xffffffffu);
	CHECK_EQ(s2l_active(t.m), 0xff);
	CHECK_EQ(s2l_slots_valid(t.m), 0xff);
	CHECK_EQ(s2l_resumed(t.m), 0);
	for (int s = 0; s < 8; s++) {
		CHECK_EQ(s2l_slot_warp(t.m, s), s);
		CHECK_EQ(s2l_warp_slot(t.m, s), s);
	}
	CHECK_EQ(s2l_warp_slot(t.m, 8), -1);
	CHECK_EQ(s2l_slot_warp(t.m, 8), -1);
	CHECK_EQ(s2l_warp_slot(t.m, 32), -1);
	CHECK_EQ(s2l_last(t.m), 0);
	CHECK_EQ(s2l_promote_ptr(t.m), 8);
	int ts = -1, tw = -1;
	CHECK_EQ(s2l_tag(t.m, &ts, &tw), 0);
	CHECK_EQ(ts, 0);
	CHECK_EQ(tw, 0);
	CHECK_EQ(tb_eval(&t), S2L_OK);
	CHECK_EQ(t.o.iss_valid | t.o.tag_valid | t.o.dem_valid | t.o.pro_valid | t.o.ext_valid, 0);
	CHECK_EQ(t.o.slot_valid, 0xff);
	for (int s = 0; s < 8; s++)
		CHECK_EQ(t.o.slot_warp[s], s);
	CHECK_EQ(t.o.active, 0xff);
	CHECK_EQ(t.o.resident, 0xffffffffu);
	CHECK_EQ(t.o.msg[0], '\0');
	for (int e = 0; e < S2L_NEVENTS; e++)
		CHECK_EQ(s2l_counts(t.m)[e], 0);

	/* activity, then a reset: the reset cycle computes outputs by the usual
	 * rules, counts nothing, and restores the reset state */
	t.in.mark = B(1);
	t.in.rdy = B(0);
	t.in.fin = B(0);
	tb_cycle(&t); /* warp 0 exits from slot 0, warp 1 is demoted from slot 1 */
	CHECK_EQ(t.o.ext_valid, 1);
	CHECK_EQ(t.o.dem_valid, 1);
	tb_cycle(&t); /* two promotions need two cycles: warp 8 to slot 0 */
	CHECK_EQ(t.o.pro_valid, 1);
	CHECK_EQ(t.o.pro_warp, 8);
	uint64_t cnt[S2L_NEVENTS];
	memcpy(cnt, s2l_counts(t.m), sizeof cnt);
	t.in.rst = 1;
	t.in.rdy = B(2);
	tb_eval(&t);
	CHECK_EQ(t.rc, S2L_OK);
	CHECK_EQ(t.o.iss_valid, 1); /* outputs follow the rules in a reset cycle */
	CHECK_EQ(t.o.pro_valid, 1);
	CHECK_EQ(t.o.pro_warp, 9);
	tb_tick(&t);
	for (int e = 0; e < S2L_NEVENTS; e++)
		CHECK_EQ(s2l_counts(t.m)[e], cnt[e]);
	CHECK_EQ(s2l_resident(t.m), 0xffffffffu);
	CHECK_EQ(s2l_active(t.m), 0xff);
	CHECK_EQ(s2l_slots_valid(t.m), 0xff);
	CHECK_EQ(s2l_resumed(t.m), 0);
	CHECK_EQ(s2l_promote_ptr(t.m), 8);
	CHECK_EQ(s2l_last(t.m), 0);
	CHECK_EQ(s2l_tag(t.m, NULL, NULL), 0);
	for (int s = 0; s < 8; s++)
		CHECK_EQ(s2l_slot_warp(t.m, s), s);
	tb_close(&t);

	/* ACTIVE = WARPS: pp_q = ACTIVE mod WARPS = 0; ACTIVE = 1 */
	tb_open(&t, 4, 4, S2L_GREEDY, S2L_ALWAYS, 1);
	CHECK_EQ(s2l_promote_ptr(t.m), 0);
	CHECK_EQ(s2l_active(t.m), 0xf);
	tb_close(&t);
	tb_open(&t, 64, 64, S2L_RR, S2L_ALWAYS, 1);
	CHECK_EQ(s2l_active(t.m), ~UINT64_C(0));
	CHECK_EQ(s2l_resident(t.m), ~UINT64_C(0));
	CHECK_EQ(s2l_slot_warp(t.m, 63), 63);
	tb_close(&t);
	tb_open(&t, 1, 1, S2L_GREEDY, S2L_ALWAYS, 1);
	CHECK_EQ(s2l_promote_ptr(t.m), 0);
	CHECK_EQ(s2l_active(t.m), 1);
	tb_close(&t);
}

/* Issue order of a stream of rdy masks; -1 = no issue. */
static void run_issue(tb *t, const uint64_t *rdy, const int *want, int n, const char *what)
{
	for (int k = 0; k < n; k++) {
		t->in.rdy = rdy[k];
		tb_eval(t);
		int got = t->o.iss_valid ? (int)t->o.iss_warp : -1;
		if (got != want[k]) {
			printf("FAIL %s step %d: issued %d, want %d\n", what, k, got, want[k]);
			wg_failed++;
		} else {
			wg_passed++;
		}
		if (t->o.iss_valid)
			CHECK_EQ(t->o.iss_slot, (unsigned)s2l_warp_slot(t->m, (int)t->o.iss_warp));
		CHECK_EQ(t->o.ev[S2L_EV_SELECT], t->o.iss_valid);
		tb_tick(t);
	}
}

static void test_select_greedy(void)
{
	tb t;
	tb_small(&t);
	/* greedy keeps warp 0 while it can issue, then the next eligible slot after it */
	static const uint64_t rdy[] = {0xf, 0xf, 0xe, 0xe, 0x9, 0x1, 0, 0xf, 0x4, 0xf};
	static const int want[] = {0, 0, 1, 1, 3, 0, -1, 0, 2, 2};
	run_issue(&t, rdy, want, 10, "greedy");
	CHECK_EQ(s2l_last(t.m), 2);
	/* rdy of pending warps is not read */
	t.in.rdy = 0xf0;
	tb_eval(&t);
	CHECK_EQ(t.o.iss_valid, 0);
	/* a warp at a barrier is not eligible even when rdy (demoted instead) */
	t.in.rdy = B(2) | B(3);
	t.in.bar = B(2);
	tb_eval(&t);
	CHECK_EQ(t.o.iss_warp, 3);
	CHECK_EQ(t.o.dem_valid, 1);
	CHECK_EQ(t.o.dem_warp, 2);
	tb_close(&t);
}

static void test_select_rr(void)
{
	tb t;
	tb_open(&t, 8, 4, S2L_RR, S2L_ALWAYS, 1);
	static const uint64_t rdy[] = {0xf, 0xf, 0xf, 0xf, 0xf, 0x5, 0x5, 0, 0xf, 0x1, 0x1};
	static const int want[] = {1, 2, 3, 0, 1, 2, 0, -1, 1, 0, 0};
	run_issue(&t, rdy, want, 11, "rr");
	tb_close(&t);
	/* ACTIVE = 1: both policies pick slot 0 */
	tb_open(&t, 3, 1, S2L_RR, S2L_ALWAYS, 1);
	static const uint64_t rdy1[] = {1, 1, 0, 1};
	static const int want1[] = {0, 0, -1, 0};
	run_issue(&t, rdy1, want1, 4, "rr A=1");
	tb_close(&t);
}

static void test_tag_and_exit(void)
{
	tb t;
	tb_small(&t);
	t.in.rdy = B(1);
	tb_cycle(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.tag_valid, 1);
	CHECK_EQ(t.o.tag_slot, 1);
	CHECK_EQ(t.o.tag_warp, 1);
	/* EXIT: issued, ext_* = the issue's, no TAG stage, slot released, warp gone */
	t.in.rdy = B(3);
	t.in.fin = B(3) | B(2); /* fin of a warp that does not issue means nothing */
	tb_eval(&t);
	CHECK_EQ(t.o.iss_valid, 1);
	CHECK_EQ(t.o.iss_warp, 3);
	CHECK_EQ(t.o.ext_valid, 1);
	CHECK_EQ(t.o.ext_slot, 3);
	CHECK_EQ(t.o.ext_warp, 3);
	CHECK_EQ(t.o.ev[S2L_EV_EXIT], 1);
	CHECK_EQ(t.o.tag_warp, 1); /* still last cycle's issue */
	tb_tick(&t);
	CHECK_EQ(s2l_tag(t.m, NULL, NULL), 0);
	CHECK_EQ(s2l_resident(t.m), 0xf7);
	CHECK_EQ(s2l_slots_valid(t.m), 0x7);
	CHECK_EQ(s2l_active(t.m), 0x7);
	CHECK_EQ(s2l_slot_warp(t.m, 3), 3); /* sw_q kept after release */
	CHECK_EQ(s2l_warp_slot(t.m, 3), -1);
	CHECK_EQ(s2l_last(t.m), 3);
	t.in.slot_free = 0; /* hold the promotion */
	tb_eval(&t);
	CHECK_EQ(t.o.tag_valid, 0);
	CHECK_EQ(t.o.tag_slot, 0);
	CHECK_EQ(t.o.tag_warp, 0);
	CHECK_EQ(t.o.slot_valid, 0x7);
	CHECK_EQ(t.o.slot_warp[3], 0); /* zero when the slot is empty */
	CHECK_EQ(t.o.resident, 0xf7);
	CHECK_EQ(t.o.pro_valid, 0);
	/* greedy after an exit: last_q = 3 is empty, the search starts there */
	t.in.rdy = B(0) | B(2);
	tb_eval(&t);
	CHECK_EQ(t.o.iss_warp, 0);
	tb_tick(&t);
	CHECK_EQ(s2l_tag(t.m, NULL, NULL), 1);
	tb_close(&t);
}

static void test_demote_mark(void)
{
	tb t;
	tb_small(&t);
	/* ALWAYS: marked consumers of warps 1 and 2 are demoted, lowest slot first,
	 * one per cycle; they do not issue; the value's state does not matter */
	t.in.mark = B(1) | B(2);
	t.in.rdy = B(1) | B(2);
	t.in.slot_free = 0; /* no promotion in this test part */
	tb_eval(&t);
	CHECK_EQ(t.o.dem_valid, 1);
	CHECK_EQ(t.o.dem_slot, 1);
	CHECK_EQ(t.o.dem_warp, 1);
	CHECK_EQ(t.o.dem_cause, S2L_CAUSE_MARK);
	CHECK_EQ(t.o.iss_valid, 0); /* demotion candidates are not eligible */
	CHECK_EQ(t.o.ev[S2L_EV_DEMOTE], 1);
	tb_tick(&t);
	CHECK_EQ(s2l_resumed(t.m), B(1));
	CHECK_EQ(s2l_slots_valid(t.m), 0xd);
	CHECK_EQ(s2l_active(t.m), 0xd);
	CHECK_EQ(s2l_slot_warp(t.m, 1), 1);
	t.in.mark = B(1) | B(2);
	t.in.rdy = B(1) | B(2) | B(0);
	t.in.slot_free = 0;
	tb_eval(&t);
	CHECK_EQ(t.o.dem_slot, 2);
	CHECK_EQ(t.o.dem_warp, 2);
	CHECK_EQ(t.o.iss_warp, 0);
	tb_tick(&t);
	CHECK_EQ(s2l_resumed(t.m), B(1) | B(2));
	tb_close(&t);

	/* PENDING: demoted only with llp_i */
	tb_open(&t, 8, 4, S2L_GREEDY, S2L_PENDING, 1);
	t.in.mark = B(0) | B(1);
	t.in.llp = B(1);
	t.in.rdy = B(0);
	tb_eval(&t);
	CHECK_EQ(t.o.dem_valid, 1);
	CHECK_EQ(t.o.dem_warp, 1);
	CHECK_EQ(t.o.iss_valid, 1);
	CHECK_EQ(t.o.iss_warp, 0); /* marked, value back: issues */
	tb_tick(&t);
	CHECK_EQ(s2l_resumed(t.m), B(1));
	/* llp without mark is no demotion */
	t.in.llp = B(2);
	tb_eval(&t);
	CHECK_EQ(t.o.dem_valid, 0);
	tb_close(&t);

	/* mark and barrier together: cause barrier, rsm_q not set */
	tb_small(&t);
	t.in.mark = B(3);
	t.in.bar = B(3);
	t.in.slot_free = 0;
	tb_eval(&t);
	CHECK_EQ(t.o.dem_valid, 1);
	CHECK_EQ(t.o.dem_slot, 3);
	CHECK_EQ(t.o.dem_cause, S2L_CAUSE_BARRIER);
	tb_tick(&t);
	CHECK_EQ(s2l_resumed(t.m), 0);
	tb_close(&t);
}

/* rsm_q: a warp demoted for a mark ignores the mark after re-promotion until it issues. */
static void test_resume(void)
{
	tb t;
	tb_open(&t, 5, 4, S2L_GREEDY, S2L_ALWAYS, 1);
	t.in.mark = B(0);
	t.in.llp = B(4); /* warp 4 is not a candidate */
	tb_cycle(&t);    /* warp 0 demoted */
	CHECK_EQ(s2l_resumed(t.m), B(0));
	t.in.mark = B(0);
	t.in.llp = B(4);
	tb_eval(&t);
	CHECK_EQ(t.o.pro_valid, 1); /* pp_q = 4: 4 skipped, 0 next */
	CHECK_EQ(t.o.pro_warp, 0);
	CHECK_EQ(t.o.pro_slot, 0);
	CHECK_EQ(t.o.iss_valid, 0); /* the promoted warp issues from the next cycle */
	t.in.rdy = B(0);            /* (rdy of a pending warp is not read) */
	tb_eval(&t);
	CHECK_EQ(t.o.iss_valid, 0);
	tb_tick(&t);
	CHECK_EQ(s2l_promote_ptr(t.m), 1);
	/* back in slot 0 with the mark still up: no second demotion, not eligible while not rdy */
	t.in.mark = B(0);
	tb_eval(&t);
	CHECK_EQ(t.o.dem_valid, 0);
	CHECK_EQ(t.o.iss_valid, 0);
	tb_tick(&t);
	t.in.mark = B(0);
	t.in.rdy = B(0);
	tb_eval(&t);
	CHECK_EQ(t.o.dem_valid, 0);
	CHECK_EQ(t.o.iss_valid, 1);
	CHECK_EQ(t.o.iss_warp, 0);
	tb_tick(&t);
	CHECK_EQ(s2l_resumed(t.m), 0); /* the issue clears it */
	t.in.mark = B(0);               /* the next marked instruction demotes again */
	t.in.rdy = B(0);
	tb_eval(&t);
	CHECK_EQ(t.o.dem_valid, 1);
	CHECK_EQ(t.o.dem_warp, 0);
	tb_close(&t);
}

static void test_barrier(void)
{
	tb t;
	/* BARRIER_DEMOTE = 0: a warp at a barrier keeps its slot and does not issue */
	tb_open(&t, 8, 4, S2L_GREEDY, S2L_ALWAYS, 0);
	t.in.bar = 0xf;
	t.in.rdy = 0xff;
	for (int k = 0; k < 5; k++) {
		tb_eval(&t);
		CHECK_EQ(t.o.iss_valid | t.o.dem_valid | t.o.pro_valid, 0);
		t.in.bar = 0xf;
		t.in.rdy = 0xff;
		s2l_tick(t.m, &t.in);
	}
	/* a mark still demotes with BARRIER_DEMOTE = 0; cause mark */
	t.in.bar = 0xe;
	t.in.mark = B(0);
	tb_eval(&t);
	CHECK_EQ(t.o.dem_valid, 1);
	CHECK_EQ(t.o.dem_warp, 0);
	CHECK_EQ(t.o.dem_cause, S2L_CAUSE_MARK);
	tb_close(&t);

	/* BARRIER_DEMOTE = 1: demoted one per cycle, lowest slot first, cause 1;
	 * not promoted while at the barrier */
	tb_small(&t);
	for (int k = 0; k < 4; k++) {
		t.in.bar = 0xff;
		tb_eval(&t);
		CHECK_EQ(t.o.dem_valid, 1);
		CHECK_EQ(t.o.dem_slot, (unsigned)k);
		CHECK_EQ(t.o.dem_cause, S2L_CAUSE_BARRIER);
		CHECK_EQ(t.o.pro_valid, 0);
		tb_tick(&t);
	}
	CHECK_EQ(s2l_slots_valid(t.m), 0);
	CHECK_EQ(s2l_active(t.m), 0);
	/* release: promotions in warp order from pp_q = 4 into slots 0, 1, ... */
	static const unsigned want[] = {4, 5, 6, 7, 0, 1};
	for (int k = 0; k < 6; k++) {
		t.in.bar = k < 4 ? 0x0f : 0; /* warps 0..3 still blocked for 4 cycles */
		tb_eval(&t);
		CHECK_EQ(t.o.pro_valid, k < 4);
		if (k < 4) {
			CHECK_EQ(t.o.pro_warp, want[k]);
			CHECK_EQ(t.o.pro_slot, (unsigned)k);
		}
		tb_tick(&t);
	}
	tb_close(&t);
}

static void test_promote(void)
{
	tb t;
	tb_small(&t);
	/* free slots 1 and 3 (demotions, warps 1 and 3 with llp) */
	t.in.mark = B(1) | B(3);
	t.in.llp = B(1) | B(3) | 0xf0;
	tb_cycle(&t);
	t.in.mark = B(1) | B(3);
	t.in.llp = B(1) | B(3) | 0xf0;
	tb_eval(&t);
	CHECK_EQ(t.o.dem_warp, 3);
	CHECK_EQ(t.o.pro_valid, 0); /* no candidate: everyone pending has llp */
	tb_tick(&t);
	CHECK_EQ(s2l_slots_valid(t.m), 0x5);
	/* candidates 5 and 7, pp_q = 4: warp 5 into the lowest free slot 1 */
	t.in.llp = B(1) | B(3) | B(4) | B(6);
	tb_eval(&t);
	CHECK_EQ(t.o.pro_valid, 1);
	CHECK_EQ(t.o.pro_warp, 5);
	CHECK_EQ(t.o.pro_slot, 1);
	CHECK_EQ(t.o.ev[S2L_EV_PROMOTE], 1);
	/* the lowest free slot is the lowest with slot_free_i */
	t.in.slot_free = B(3);
	tb_eval(&t);
	CHECK_EQ(t.o.pro_slot, 3);
	/* ...and slot_free_i of valid slots is not read */
	t.in.slot_free = B(0) | B(2);
	tb_eval(&t);
	CHECK_EQ(t.o.pro_valid, 0);
	/* a barrier blocks a candidate */
	t.in.slot_free = ~UINT64_C(0);
	t.in.bar = B(5);
	tb_eval(&t);
	CHECK_EQ(t.o.pro_warp, 7);
	t.in.bar = 0;
	tb_tick(&t);
	CHECK_EQ(s2l_promote_ptr(t.m), 6);
	CHECK_EQ(s2l_warp_slot(t.m, 5), 1);
	CHECK_EQ(s2l_slot_warp(t.m, 1), 5);
	/* rotation wraps: pp_q = 6, candidates 1 and 7 -> 7, then 1 */
	t.in.llp = B(3) | B(4) | B(6);
	tb_eval(&t);
	CHECK_EQ(t.o.pro_warp, 7);
	CHECK_EQ(t.o.pro_slot, 3);
	tb_tick(&t);
	CHECK_EQ(s2l_promote_ptr(t.m), 0);
	CHECK_EQ(s2l_slots_valid(t.m), 0xf);
	/* no free slot: nothing */
	tb_eval(&t);
	CHECK_EQ(t.o.pro_valid, 0);
	/* pp_q wraps from WARPS-1 to 0 */
	tb_close(&t);
	tb_open(&t, 5, 4, S2L_GREEDY, S2L_ALWAYS, 1);
	t.in.mark = B(0);
	t.in.llp = B(0);
	tb_cycle(&t);
	t.in.llp = B(0);
	tb_eval(&t);
	CHECK_EQ(t.o.pro_warp, 4);
	tb_tick(&t);
	CHECK_EQ(s2l_promote_ptr(t.m), 0);
	tb_close(&t);
}

/* A released slot whose slot_free_i is low is not reused, and its warp is busy. */
static void test_busy(void)
{
	tb t;
	tb_small(&t);
	t.in.mark = B(1);
	t.in.llp = 0xf0;
	tb_cycle(&t); /* warp 1 leaves slot 1 (value back, ALWAYS) */
	t.in.mark = B(1) | B(2);
	t.in.llp = 0xf0 | B(2);
	t.in.slot_free = ~B(1);
	tb_eval(&t);
	CHECK_EQ(t.o.dem_warp, 2);
	CHECK_EQ(t.o.pro_valid, 0); /* slot 1 not free; warp 1 busy */
	tb_tick(&t);
	for (int k = 0; k < 3; k++) {
		t.in.mark = B(1) | B(2);
		t.in.llp = 0xf0 | B(2);
		t.in.slot_free = ~B(1); /* slot 2 is free, but warp 1's old slot is not */
		tb_eval(&t);
		CHECK_EQ(t.o.pro_valid, 0);
		tb_tick(&t);
	}
	t.in.mark = B(1) | B(2);
	t.in.llp = 0xf0 | B(2);
	tb_eval(&t);
	CHECK_EQ(t.o.pro_valid, 1);
	CHECK_EQ(t.o.pro_warp, 1);
	CHECK_EQ(t.o.pro_slot, 1);
	/* busy applies to the warp the released slot last held only */
	t.in.slot_free = ~B(1);
	tb_eval(&t);
	CHECK_EQ(t.o.pro_valid, 0);
	t.in.llp = 0xe0 | B(2);
	tb_eval(&t);
	CHECK_EQ(t.o.pro_valid, 1);
	CHECK_EQ(t.o.pro_warp, 4);
	CHECK_EQ(t.o.pro_slot, 2);
	tb_close(&t);
}

/* A demotion and a promotion in the same cycle, and an exit as well. */
static void test_same_cycle(void)
{
	tb t;
	tb_small(&t);
	t.in.mark = B(2);
	t.in.llp = B(2);
	tb_cycle(&t); /* slot 2 released */
	t.in.mark = B(2) | B(0);
	t.in.llp = B(2) | B(0);
	t.in.rdy = B(1);
	t.in.fin = B(1);
	tb_eval(&t);
	CHECK_EQ(t.o.dem_valid, 1);
	CHECK_EQ(t.o.dem_slot, 0);
	CHECK_EQ(t.o.pro_valid, 1);
	CHECK_EQ(t.o.pro_slot, 2);
	CHECK_EQ(t.o.pro_warp, 4);
	CHECK_EQ(t.o.ext_valid, 1);
	CHECK_EQ(t.o.ext_slot, 1);
	for (int e = 0; e < S2L_NEVENTS; e++)
		CHECK_EQ(t.o.ev[e], 1);
	tb_tick(&t);
	CHECK_EQ(s2l_slots_valid(t.m), B(2) | B(3));
	CHECK_EQ(s2l_active(t.m), B(4) | B(3));
	CHECK_EQ(s2l_resident(t.m), 0xfd);
	CHECK_EQ(s2l_resumed(t.m), B(0) | B(2));
	for (int e = 0; e < S2L_NEVENTS; e++)
		CHECK_EQ(s2l_counts(t.m)[e], e == S2L_EV_DEMOTE ? 2 : 1);
	tb_close(&t);
}

static void test_launch(void)
{
	tb t;
	tb_small(&t);
	t.in.rdy = B(0);
	t.in.fin = B(0);
	t.in.llp = 0xf0;
	tb_cycle(&t); /* warp 0 exits */
	CHECK_EQ(s2l_resident(t.m), 0xfe);
	t.in.llp = 0xf0;
	t.in.launch = B(0);
	tb_eval(&t);
	CHECK_EQ(t.rc, S2L_OK);
	CHECK_EQ(t.o.pro_valid, 0); /* not resident yet */
	CHECK_EQ(t.o.resident, 0xfe);
	tb_tick(&t);
	CHECK_EQ(s2l_resident(t.m), 0xff);
	CHECK_EQ(s2l_active(t.m), 0xe);
	t.in.llp = 0xf0;
	tb_eval(&t);
	CHECK_EQ(t.o.pro_valid, 1);
	CHECK_EQ(t.o.pro_warp, 0);
	CHECK_EQ(t.o.pro_slot, 0);
	tb_close(&t);
}

static void test_protocol(void)
{
	tb t;
	tb_small(&t);
	t.in.rdy = B(0);
	t.in.fin = B(0);
	tb_cycle(&t); /* warp 0 not resident */
	t.in.launch = B(3);
	CHECK_EQ(tb_eval(&t), S2L_E_LAUNCH);
	CHECK(strcmp(t.o.msg, "sched2l: launch_i for warp 3 which is already resident") == 0);
	tb_idle(&t);
	t.in.launch = B(9);
	CHECK_EQ(tb_eval(&t), S2L_E_LAUNCH);
	CHECK(strcmp(t.o.msg, "sched2l: launch_i for warp 9 which is out of range (WARPS=8)") == 0);
	tb_idle(&t);
	t.in.fin = B(2);
	t.in.mark = B(2);
	CHECK_EQ(tb_eval(&t), S2L_E_FIN);
	CHECK(strstr(t.o.msg, "fin_i with mark_i for warp 2") != NULL);
	tb_idle(&t);
	t.in.fin = B(5);
	t.in.bar = B(5);
	CHECK_EQ(tb_eval(&t), S2L_E_FIN);
	CHECK(strstr(t.o.msg, "fin_i with bar_i for warp 5") != NULL);
	static const char *const names[] = {"rdy_i", "mark_i", "llp_i", "bar_i", "fin_i"};
	for (int k = 0; k < 5; k++) {
		tb_idle(&t);
		uint64_t *f[] = {&t.in.rdy, &t.in.mark, &t.in.llp, &t.in.bar, &t.in.fin};
		*f[k] = B(0);
		CHECK_EQ(tb_eval(&t), S2L_E_NONRES);
		char want[128];
		snprintf(want, sizeof want, "sched2l: %s for warp 0 which is not resident", names[k]);
		CHECK(strcmp(t.o.msg, want) == 0);
		*f[k] = B(8);
		CHECK_EQ(tb_eval(&t), S2L_E_NONRES);
		CHECK(strstr(t.o.msg, "out of range (WARPS=8)") != NULL);
	}
	/* the order of the rules: launch, fin, non-resident */
	tb_idle(&t);
	t.in.rdy = B(0);
	t.in.fin = B(1);
	t.in.bar = B(1);
	t.in.launch = B(1);
	CHECK_EQ(tb_eval(&t), S2L_E_LAUNCH);
	t.in.launch = 0;
	CHECK_EQ(tb_eval(&t), S2L_E_FIN);
	/* legal: launch of the non-resident warp; bits of pending warps */
	tb_idle(&t);
	t.in.launch = B(0);
	t.in.rdy = 0xfe;
	t.in.mark = B(6);
	t.in.llp = B(7);
	t.in.bar = B(5);
	t.in.fin = B(4);
	CHECK_EQ(tb_eval(&t), S2L_OK);
	CHECK_EQ(t.o.msg[0], '\0');
	/* nothing is checked in a reset cycle */
	tb_idle(&t);
	t.in.rst = 1;
	t.in.rdy = B(0);
	t.in.launch = B(1);
	t.in.fin = B(2);
	t.in.mark = B(2);
	CHECK_EQ(tb_eval(&t), S2L_OK);
	tb_close(&t);
}

static void test_eval_pure(void)
{
	tb t;
	tb_small(&t);
	t.in.mark = B(1);
	t.in.rdy = B(0);
	tb_cycle(&t);
	size_t sz = s2l_size(s2l_config(t.m));
	void *snap = malloc(sz);
	memcpy(snap, t.m, sz);
	t.in.rdy = 0xff;
	t.in.bar = B(2);
	t.in.fin = B(0); /* warp 0 (greedy) issues its EXIT */
	s2l_out o1;
	s2l_eval(t.m, &t.in, &o1);
	tb_eval(&t);
	CHECK(memcmp(&o1, &t.o, sizeof o1) == 0);
	CHECK(memcmp(snap, t.m, sz) == 0); /* eval changes nothing */
	/* a copy runs on its own */
	s2l_model *c = snap;
	tb_tick(&t);
	CHECK(s2l_resident(t.m) != s2l_resident(c));
	CHECK_EQ(s2l_resident(c), 0xff);
	free(snap);
	tb_close(&t);
}

/* ------------------------------------------------------------------ */
/* GTO and TRWS (docs/sched2l.md "GTO and TRWS")                        */
/* ------------------------------------------------------------------ */

/* One cycle of a scripted stream: rdy, prio and the expected issue (-1 none)
 * and greedy warp at the start of the cycle (-1 none). */
typedef struct gto_step {
	uint64_t rdy, prio;
	int iss, greedy;
} gto_step;

static void run_gto(tb *t, const gto_step *st, int n, const char *what)
{
	for (int k = 0; k < n; k++) {
		t->in.rdy = st[k].rdy;
		t->in.prio = st[k].prio;
		int gr = s2l_greedy(t->m);
		tb_eval(t);
		int got = t->o.iss_valid ? (int)t->o.iss_warp : -1;
		if (got != st[k].iss || gr != st[k].greedy) {
			printf("FAIL %s cycle %d: issued %d (greedy %d), want %d (greedy %d)\n", what, k, got, gr,
			       st[k].iss, st[k].greedy);
			wg_failed++;
		} else {
			wg_passed++;
		}
		if (t->o.iss_valid)
			CHECK_EQ(t->o.iss_slot, (unsigned)s2l_warp_slot(t->m, (int)t->o.iss_warp));
		tb_tick(t);
	}
}

/* The first timing table of the page: TRWS at 8 x 4 (cycles 0-3 are GTO). */
static const gto_step trws_timing[] = {
	{0x0c, 0x00, 2, -1}, /* 0: nothing greedy: the oldest of {2, 3} */
	{0x0f, 0x00, 2, 2},  /* 1: greedy 2 although 0 and 1 are older */
	{0x0b, 0x00, 0, 2},  /* 2: 2 stalls: the oldest eligible (GREEDY: slot 3) */
	{0x0f, 0x00, 0, 0},  /* 3: greedy 0 */
	{0x0f, 0x08, 3, 0},  /* 4: W-P1-14: 3 has priority, beats the greedy 0 */
	{0x0f, 0x0a, 3, 3},  /* 5: A21: the greedy 3 first among the prioritized */
	{0x07, 0x0a, 1, 3},  /* 6: 3 stalls: the oldest prioritized (1), not 0 */
	{0x0f, 0x00, 1, 1},  /* 7: no priority: GTO, greedy 1 */
	{0x0d, 0x20, 0, 1},  /* 8: 1 stalls; 5 has priority but is pending */
	{0x0f, 0x0a, 1, 0},  /* 9: greedy 0 without priority: the oldest of the prioritized 1, 3 */
};

static void test_gto_reset_and_state(void)
{
	tb t;
	tb_open(&t, 8, 4, S2L_GTO, S2L_ALWAYS, 1);
	CHECK_EQ(s2l_greedy(t.m), -1);
	for (int a = 0; a < 8; a++)
		for (int b = 0; b < 8; b++)
			CHECK_EQ(s2l_older(t.m, a, b), a == b ? -1 : a < b); /* ages = ids */
	CHECK_EQ(s2l_older(t.m, 0, 8), -1);
	CHECK_EQ(s2l_older(t.m, -1, 0), -1);
	/* an issue sets the greedy warp and leaves last_q at 0 */
	t.in.rdy = B(3);
	tb_cycle(&t);
	CHECK_EQ(s2l_greedy(t.m), 3);
	CHECK_EQ(s2l_last(t.m), 0);
	/* an idle cycle keeps it; a demotion of another warp keeps it */
	tb_cycle(&t);
	CHECK_EQ(s2l_greedy(t.m), 3);
	t.in.mark = B(1);
	tb_cycle(&t);
	CHECK_EQ(s2l_greedy(t.m), 3);
	/* reset clears it and restores ages = ids */
	t.in.launch = 0;
	t.in.rst = 1;
	tb_cycle(&t);
	CHECK_EQ(s2l_greedy(t.m), -1);
	CHECK_EQ(s2l_older(t.m, 1, 2), 1);
	tb_close(&t);
	/* GREEDY and RR have no GTO state */
	tb_small(&t);
	t.in.rdy = B(1);
	tb_cycle(&t);
	CHECK_EQ(s2l_greedy(t.m), -1);
	CHECK_EQ(s2l_older(t.m, 0, 1), -1);
	CHECK_EQ(s2l_last(t.m), 1);
	tb_close(&t);
}

static void test_gto_greedy_then_oldest(void)
{
	tb t;
	tb_open(&t, 8, 4, S2L_GTO, S2L_ALWAYS, 1);
	run_gto(&t, trws_timing, 4, "gto timing 0-3");
	/* an idle cycle keeps the greedy warp 0; it then issues with 1-3 ready */
	static const gto_step idle[] = {{0x00, 0, -1, 0}, {0x0f, 0, 0, 0}, {0x0e, 0, 1, 0}, {0x0f, 0, 1, 1}};
	run_gto(&t, idle, 4, "gto idle");
	tb_close(&t);
	/* GTO ignores prio_i: cycle 4 keeps the greedy 0 */
	tb_open(&t, 8, 4, S2L_GTO, S2L_ALWAYS, 1);
	static const gto_step gto_noprio[] = {
		{0x0c, 0, 2, -1}, {0x0f, 0, 2, 2}, {0x0b, 0, 0, 2}, {0x0f, 0, 0, 0},
		{0x0f, 0x08, 0, 0}, {0x0f, 0x0a, 0, 0}, {0x07, 0x0a, 0, 0}, {0x0f, 0, 0, 0}, {0x0d, 0x20, 0, 0},
	};
	run_gto(&t, gto_noprio, 9, "gto ignores prio");
	tb_close(&t);
	/* the same stream under GREEDY: slot order, 3 when 2 stalls */
	tb_small(&t);
	static const uint64_t rdy[] = {0x0c, 0x0f, 0x0b, 0x0f};
	static const int want[] = {2, 2, 3, 3};
	run_issue(&t, rdy, want, 4, "greedy on the gto stream");
	tb_close(&t);
}

static void test_trws_timing(void)
{
	tb t;
	tb_open(&t, 8, 4, S2L_TRWS, S2L_ALWAYS, 1);
	run_gto(&t, trws_timing, 10, "trws timing");
	tb_close(&t);
}

/* The second timing table: GTO, 8 x 8, exit and relaunch. */
static void test_gto_relaunch(void)
{
	static const struct {
		uint64_t rdy, fin, launch;
		int iss, ext, pro, gv;
	} st[] = {
		{B(0), B(0), 0, 0, 1, -1, 0},
		{0, 0, B(0), -1, 0, -1, 0},
		{0, 0, 0, -1, 0, 0, 0},
		{B(0) | B(7), 0, 0, 7, 0, -1, 0},
		{B(0) | B(1), 0, 0, 1, 0, -1, 1},
		{B(0) | B(1), B(1), 0, 1, 1, -1, 1},
		{B(2), B(2), 0, 2, 1, -1, 0},
		{0, 0, B(1) | B(2), -1, 0, -1, 0},
		{0, 0, 0, -1, 0, 1, 0},
		{0, 0, 0, -1, 0, 2, 0},
		{B(0) | B(1) | B(2), 0, 0, 0, 0, -1, 0},
		{B(1) | B(2), 0, 0, 1, 0, -1, 1},
	};
	tb t;
	tb_open(&t, 8, 8, S2L_GTO, S2L_ALWAYS, 1);
	CHECK_EQ(s2l_promote_ptr(t.m), 0);
	for (int k = 0; k < (int)(sizeof st / sizeof st[0]); k++) {
		t.in.rdy = st[k].rdy;
		t.in.fin = st[k].fin;
		t.in.launch = st[k].launch;
		int gv = s2l_greedy(t.m) >= 0;
		CHECK_EQ(tb_eval(&t), S2L_OK);
		int iss = t.o.iss_valid ? (int)t.o.iss_warp : -1, pro = t.o.pro_valid ? (int)t.o.pro_warp : -1;
		if (iss != st[k].iss || (int)t.o.ext_valid != st[k].ext || pro != st[k].pro || gv != st[k].gv) {
			printf("FAIL gto relaunch cycle %d: iss %d ext %u pro %d gv %d\n", k, iss, t.o.ext_valid, pro, gv);
			wg_failed++;
		} else {
			wg_passed++;
		}
		if (pro >= 0)
			CHECK_EQ(t.o.pro_slot, (unsigned)pro); /* the lowest free slot */
		tb_tick(&t);
		if (k == 1) { /* warp 0 relaunched: the youngest (ages 1..7, 0) */
			for (int v = 1; v < 8; v++)
				CHECK_EQ(s2l_older(t.m, v, 0), 1);
			CHECK_EQ(s2l_older(t.m, 1, 2), 1);
		}
		if (k == 7) { /* 1 and 2 launched together: ages 3..7, 0, 1, 2 */
			static const int order[] = {3, 4, 5, 6, 7, 0, 1, 2};
			for (int i = 0; i < 8; i++)
				for (int j = 0; j < 8; j++)
					if (i != j)
						CHECK_EQ(s2l_older(t.m, order[i], order[j]), i < j);
		}
	}
	tb_close(&t);
}

/* Two-level: the age is the launch order, not the slot nor the order of
 * entering the active set; a demoted greedy warp stays greedy. */
static void test_gto_age_launch_order(void)
{
	tb t;
	tb_open(&t, 8, 4, S2L_GTO, S2L_ALWAYS, 1);
	const uint64_t LLP = B(5) | B(6) | B(7);
	t.in.rdy = B(1); /* 0: warp 1 issues */
	tb_eval(&t);
	CHECK_EQ(t.o.iss_warp, 1);
	tb_tick(&t);
	t.in.mark = B(1), t.in.llp = LLP; /* 1: warp 1 demoted from slot 1 */
	tb_eval(&t);
	CHECK_EQ(t.o.dem_valid, 1);
	CHECK_EQ(t.o.dem_warp, 1);
	CHECK_EQ(t.o.iss_valid, 0);
	tb_tick(&t);
	CHECK_EQ(s2l_greedy(t.m), 1); /* demotion keeps the greedy warp */
	t.in.llp = LLP; /* 2: warp 4 takes slot 1 */
	tb_eval(&t);
	CHECK_EQ(t.o.pro_warp, 4);
	CHECK_EQ(t.o.pro_slot, 1);
	tb_tick(&t);
	t.in.llp = LLP, t.in.bar = B(3); /* 3: warp 3 demoted at a barrier */
	tb_eval(&t);
	CHECK_EQ(t.o.dem_warp, 3);
	CHECK_EQ(t.o.dem_cause, S2L_CAUSE_BARRIER);
	tb_tick(&t);
	t.in.llp = LLP, t.in.bar = B(3); /* 4: warp 1 comes back, into slot 3 */
	tb_eval(&t);
	CHECK_EQ(t.o.pro_warp, 1);
	CHECK_EQ(t.o.pro_slot, 3);
	tb_tick(&t);
	t.in.llp = LLP, t.in.bar = B(3), t.in.rdy = B(1) | B(4); /* 5: still greedy, from slot 3 */
	tb_eval(&t);
	CHECK_EQ(t.o.iss_warp, 1);
	CHECK_EQ(t.o.iss_slot, 3);
	CHECK_EQ(t.o.dem_valid, 0); /* its mark was consumed by the demotion (rsm_q) */
	tb_tick(&t);
	t.in.llp = LLP, t.in.bar = B(3), t.in.rdy = B(2); /* 6: warp 2 */
	tb_eval(&t);
	CHECK_EQ(t.o.iss_warp, 2);
	tb_tick(&t);
	t.in.llp = LLP, t.in.bar = B(3), t.in.rdy = B(1) | B(4); /* 7: 1 is older by launch */
	tb_eval(&t);
	CHECK_EQ(t.o.iss_warp, 1);
	CHECK_EQ(t.o.iss_slot, 3);
	tb_close(&t);
}

/* TRWS: prio_i of a warp that cannot issue changes nothing; promotion ignores it. */
static void test_trws_prio_ignored(void)
{
	tb t;
	tb_open(&t, 8, 4, S2L_TRWS, S2L_ALWAYS, 1);
	t.in.rdy = B(1), t.in.fin = B(1); /* warp 1 exits: not resident */
	tb_cycle(&t);
	t.in.rdy = B(0), t.in.slot_free = 0; /* warp 0 becomes greedy; slot 1 held (draining) */
	tb_eval(&t);
	CHECK_EQ(t.o.iss_warp, 0);
	tb_tick(&t);
	CHECK_EQ(s2l_greedy(t.m), 0);
	static const struct {
		uint64_t rdy, prio, bar, mark;
		const char *what;
	} st[] = {
		{B(0) | B(2), B(1) | B(63), 0, 0, "non-resident and out-of-range warps"},
		{B(0), B(2), 0, 0, "a stalled warp"},
		{B(0), B(5), 0, 0, "a pending warp"},
		{B(0) | B(3), B(3), 0, B(3), "a warp being demoted for a mark"},
		{B(0) | B(2), B(2), B(2), 0, "a warp at a barrier"},
	};
	for (int k = 0; k < 5; k++) {
		t.in.rdy = st[k].rdy, t.in.prio = st[k].prio, t.in.bar = st[k].bar, t.in.mark = st[k].mark;
		t.in.slot_free = 0;
		CHECK_EQ(tb_eval(&t), S2L_OK);
		if (t.o.iss_warp != 0 || !t.o.iss_valid) {
			printf("FAIL trws: priority of %s took the issue from the greedy warp (%u)\n", st[k].what,
			       t.o.iss_warp);
			wg_failed++;
		} else {
			wg_passed++;
		}
		tb_tick(&t);
	}
	/* warps 3 and 2 were demoted: slots 2 and 3 are free, slot 1 still drains;
	 * pp_q = 4 and warp 6 has priority: warp 4 is promoted, into slot 2 */
	t.in.prio = B(6), t.in.bar = B(2), t.in.slot_free = B(2) | B(3);
	tb_eval(&t);
	CHECK_EQ(t.o.pro_valid, 1);
	CHECK_EQ(t.o.pro_warp, 4);
	CHECK_EQ(t.o.pro_slot, 2);
	tb_tick(&t);
	/* a prioritized eligible warp does win (the promoted 4 over the greedy 0) */
	t.in.rdy = B(0) | B(4), t.in.prio = B(4), t.in.bar = B(2);
	tb_eval(&t);
	CHECK_EQ(t.o.iss_warp, 4);
	tb_close(&t);
}

/* ------------------------------------------------------------------ */
/* Naive reference, straight from docs/sched2l.md                      */
/* ------------------------------------------------------------------ */

typedef struct ref {
	int W, A, sel, sus, bdem;
	int res[64], rsm[64]; /* per warp */
	int sv[64], sw[64];   /* per slot */
	int last, pp, tv, ts, tw;
	/* GTO, TRWS: the greedy warp, and the ages as launch sequence numbers
	 * (the smaller is older) instead of the page's matrix */
	int gw, gv;
	long seq[64], next;
} ref;

static int ref_gto(const ref *r)
{
	return r->sel == S2L_GTO || r->sel == S2L_TRWS;
}

static int bit(uint64_t v, int i)
{
	return (int)((v >> i) & 1u);
}

static void ref_reset(ref *r)
{
	for (int w = 0; w < 64; w++)
		r->res[w] = w < r->W, r->rsm[w] = 0;
	for (int s = 0; s < 64; s++)
		r->sv[s] = s < r->A, r->sw[s] = s < r->A ? s : 0;
	r->last = 0;
	r->pp = r->A % r->W;
	r->tv = r->ts = r->tw = 0;
	r->gw = r->gv = 0;
	for (int w = 0; w < 64; w++)
		r->seq[w] = w; /* reset: every warp launched at once, in id order */
	r->next = 64;
}

/* Outputs of this cycle into o; when edge, also the next state. */
static void ref_step(ref *r, const s2l_in *in, s2l_out *o, int edge)
{
	int act[64] = {0}, md[64] = {0}, bd[64] = {0}, dc[64] = {0}, el[64] = {0};
	for (int s = 0; s < r->A; s++)
		if (r->sv[s])
			act[r->sw[s]] = 1;
	for (int s = 0; s < r->A; s++) {
		if (!r->sv[s])
			continue;
		int w = r->sw[s];
		md[s] = bit(in->mark, w) && !r->rsm[w] && (r->sus == S2L_ALWAYS || bit(in->llp, w));
		bd[s] = r->bdem && bit(in->bar, w);
		dc[s] = md[s] || bd[s];
		el[s] = bit(in->rdy, w) && !bit(in->bar, w) && !dc[s];
	}
	memset(o, 0, sizeof *o);
	int start = r->sel == S2L_GREEDY ? r->last : (r->last + 1) % r->A, i = -1;
	if (ref_gto(r)) {
		int elw[64] = {0}, C[64] = {0}, anyp = 0, g = -1;
		for (int s = 0; s < r->A; s++)
			if (el[s])
				elw[r->sw[s]] = 1;
		for (int w = 0; w < r->W; w++)
			anyp |= r->sel == S2L_TRWS && elw[w] && bit(in->prio, w);
		for (int w = 0; w < r->W; w++)
			C[w] = elw[w] && (!anyp || bit(in->prio, w));
		if (r->gv && C[r->gw])
			g = r->gw;
		for (int w = 0; w < r->W && !(r->gv && C[r->gw]); w++)
			if (C[w] && (g < 0 || r->seq[w] < r->seq[g]))
				g = w;
		for (int s = 0; s < r->A && g >= 0; s++)
			if (r->sv[s] && r->sw[s] == g)
				i = s;
	}
	for (int k = 0; k < r->A && i < 0 && !ref_gto(r); k++)
		if (el[(start + k) % r->A])
			i = (start + k) % r->A;
	if (i >= 0) {
		o->iss_valid = 1, o->iss_slot = (unsigned)i, o->iss_warp = (unsigned)r->sw[i];
		if (bit(in->fin, r->sw[i]))
			o->ext_valid = 1, o->ext_slot = o->iss_slot, o->ext_warp = o->iss_warp;
	}
	int d = -1;
	for (int s = 0; s < r->A && d < 0; s++)
		if (dc[s])
			d = s;
	if (d >= 0)
		o->dem_valid = 1, o->dem_slot = (unsigned)d, o->dem_warp = (unsigned)r->sw[d],
		o->dem_cause = (unsigned)bd[d];
	int pw = -1, ps = -1;
	for (int k = 0; k < r->W && pw < 0; k++) {
		int w = (r->pp + k) % r->W, busy = 0;
		for (int s = 0; s < r->A; s++)
			if (!r->sv[s] && !bit(in->slot_free, s) && r->sw[s] == w)
				busy = 1;
		if (r->res[w] && !act[w] && !bit(in->llp, w) && !bit(in->bar, w) && !busy)
			pw = w;
	}
	for (int s = 0; s < r->A && ps < 0; s++)
		if (!r->sv[s] && bit(in->slot_free, s))
			ps = s;
	if (pw >= 0 && ps >= 0)
		o->pro_valid = 1, o->pro_slot = (unsigned)ps, o->pro_warp = (unsigned)pw;
	for (int s = 0; s < r->A; s++) {
		o->slot_valid |= (uint64_t)r->sv[s] << s;
		o->slot_warp[s] = r->sv[s] ? (unsigned)r->sw[s] : 0;
	}
	for (int w = 0; w < r->W; w++) {
		o->active |= (uint64_t)act[w] << w;
		o->resident |= (uint64_t)r->res[w] << w;
	}
	if (r->tv)
		o->tag_valid = 1, o->tag_slot = (unsigned)r->ts, o->tag_warp = (unsigned)r->tw;
	o->ev[S2L_EV_SELECT] = o->iss_valid;
	o->ev[S2L_EV_DEMOTE] = o->dem_valid;
	o->ev[S2L_EV_PROMOTE] = o->pro_valid;
	o->ev[S2L_EV_EXIT] = o->ext_valid;
	if (!edge)
		return;
	if (in->rst) {
		ref_reset(r);
		return;
	}
	r->tv = 0, r->ts = 0, r->tw = 0;
	if (o->iss_valid) {
		if (ref_gto(r))
			r->gw = r->sw[i], r->gv = !o->ext_valid;
		else
			r->last = i;
		r->rsm[r->sw[i]] = 0;
		if (o->ext_valid)
			r->res[r->sw[i]] = 0, r->sv[i] = 0;
		r->tv = !o->ext_valid, r->ts = i, r->tw = r->sw[i];
	}
	if (o->dem_valid) {
		r->sv[d] = 0;
		if (!o->dem_cause)
			r->rsm[o->dem_warp] = 1;
	}
	if (o->pro_valid)
		r->sv[ps] = 1, r->sw[ps] = pw, r->pp = (pw + 1) % r->W;
	for (int w = 0; w < r->W; w++)
		if (bit(in->launch, w))
			r->res[w] = 1, r->seq[w] = r->next++; /* in id order: the lower id is older */
}

static int out_equal(const ref *r, const s2l_out *a, const s2l_out *b)
{
	int ok = a->iss_valid == b->iss_valid && a->iss_slot == b->iss_slot && a->iss_warp == b->iss_warp &&
		 a->tag_valid == b->tag_valid && a->tag_slot == b->tag_slot && a->tag_warp == b->tag_warp &&
		 a->dem_valid == b->dem_valid && a->dem_slot == b->dem_slot && a->dem_warp == b->dem_warp &&
		 a->dem_cause == b->dem_cause && a->pro_valid == b->pro_valid && a->pro_slot == b->pro_slot &&
		 a->pro_warp == b->pro_warp && a->ext_valid == b->ext_valid && a->ext_slot == b->ext_slot &&
		 a->ext_warp == b->ext_warp && a->slot_valid == b->slot_valid && a->active == b->active &&
		 a->resident == b->resident;
	for (int s = 0; s < r->A; s++)
		ok &= a->slot_warp[s] == b->slot_warp[s];
	for (int e = 0; e < S2L_NEVENTS; e++)
		ok &= a->ev[e] == b->ev[e];
	return ok;
}

static int state_equal(const s2l_model *m, const ref *r)
{
	int ok = 1;
	for (int w = 0; w < r->W; w++) {
		ok &= bit(s2l_resident(m), w) == r->res[w];
		ok &= bit(s2l_resumed(m), w) == r->rsm[w];
	}
	for (int s = 0; s < r->A; s++) {
		ok &= bit(s2l_slots_valid(m), s) == r->sv[s];
		ok &= s2l_slot_warp(m, s) == r->sw[s];
		if (r->sv[s])
			ok &= s2l_warp_slot(m, r->sw[s]) == s;
	}
	int ts, tw;
	ok &= s2l_tag(m, &ts, &tw) == r->tv && ts == r->ts && tw == r->tw;
	ok &= s2l_last(m) == r->last && s2l_promote_ptr(m) == r->pp;
	ok &= s2l_greedy(m) == (ref_gto(r) && r->gv ? r->gw : -1);
	if (!ref_gto(r))
		return ok && s2l_older(m, 0, r->W - 1) == -1; /* no ages under GREEDY and RR */
	for (int a = 0; a < r->W; a++)
		for (int b = 0; b < r->W; b++)
			ok &= s2l_older(m, a, b) == (a == b ? -1 : r->seq[a] < r->seq[b]);
	return ok;
}

/* ------------------------------------------------------------------ */
/* Random inputs that keep the protocol                                */
/* ------------------------------------------------------------------ */

static uint64_t rng_next(uint64_t *s)
{
	uint64_t x = *s;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*s = x;
	return x * UINT64_C(0x2545F4914F6CDD1D);
}

/* A mask where each bit is set with probability pct/100. */
static uint64_t rng_mask(uint64_t *s, int pct)
{
	uint64_t m = 0;
	for (int b = 0; b < 64; b++)
		if ((int)(rng_next(s) % 100) < pct)
			m |= B(b);
	return m;
}

/* Per cycle a new mix, biased by a slowly changing "mood" so that long
 * stretches of barriers, marks or exits happen. */
static void gen_inputs(const ref *r, s2l_in *in, uint64_t *seed, int cyc)
{
	uint64_t res = 0, W = wg_ones64(r->W);
	for (int w = 0; w < r->W; w++)
		res |= (uint64_t)r->res[w] << w;
	int mood = (cyc / 97) % 4;
	memset(in, 0, sizeof *in);
	in->rst = rng_next(seed) % 997 == 0;
	in->rdy = rng_mask(seed, 60) & res;
	in->mark = rng_mask(seed, mood == 1 ? 30 : 8) & res;
	in->llp = rng_mask(seed, mood == 1 ? 50 : 15) & res;
	in->bar = rng_mask(seed, mood == 2 ? 60 : 4) & res;
	in->fin = rng_mask(seed, mood == 3 ? 20 : 2) & res & ~(in->mark | in->bar);
	in->launch = rng_mask(seed, 10) & ~res & W;
	in->slot_free = rng_mask(seed, mood == 0 ? 50 : 85);
	/* TRWS priority on any warp, resident or not (read under TRWS only) */
	in->prio = rng_mask(seed, (cyc / 53) % 3 == 0 ? 0 : 25);
}

typedef wg_fr fr;

static void fr_open(fr *f, const s2l_cfg *c)
{
	long p[S2L_NPARAMS];
	s2l_cfg_to_params(c, p);
	wg_fr_open(f, &wg_block_sched2l, p);
}

static void fr_pack_in(fr *f, const s2l_in *in)
{
	memset(f->in, 0, (size_t)f->L.nwords[WG_IN] * sizeof(uint32_t));
	wg_fr_set(f, S2L_RST_I, in->rst);
	wg_fr_set(f, S2L_RDY_I, in->rdy);
	wg_fr_set(f, S2L_MARK_I, in->mark);
	wg_fr_set(f, S2L_LLP_I, in->llp);
	wg_fr_set(f, S2L_BAR_I, in->bar);
	wg_fr_set(f, S2L_FIN_I, in->fin);
	wg_fr_set(f, S2L_LAUNCH_I, in->launch);
	wg_fr_set(f, S2L_SLOT_FREE_I, in->slot_free);
	if (f->L.width[S2L_PRIO_I]) /* TRWS only */
		wg_fr_set(f, S2L_PRIO_I, in->prio);
}

/* 1 when the output frame equals the typed outputs, bit for bit, and every
 * bit above each port's width is zero. */
static int fr_matches(const fr *f, const s2l_cfg *c, const s2l_out *o)
{
	const wg_layout *L = &f->L;
	unsigned SB = (unsigned)L->width[S2L_ISS_SLOT_O], WB = (unsigned)L->width[S2L_ISS_WARP_O];
	unsigned W = (unsigned)c->warps, A = (unsigned)c->active;
	int ok = 1;
	ok &= wg_fr_get(f, S2L_ISS_VALID_O, 0, 1) == o->iss_valid;
	ok &= wg_fr_get(f, S2L_ISS_SLOT_O, 0, SB) == o->iss_slot;
	ok &= wg_fr_get(f, S2L_ISS_WARP_O, 0, WB) == o->iss_warp;
	ok &= wg_fr_get(f, S2L_TAG_VALID_O, 0, 1) == o->tag_valid;
	ok &= wg_fr_get(f, S2L_TAG_SLOT_O, 0, SB) == o->tag_slot;
	ok &= wg_fr_get(f, S2L_TAG_WARP_O, 0, WB) == o->tag_warp;
	ok &= wg_fr_get(f, S2L_DEM_VALID_O, 0, 1) == o->dem_valid;
	ok &= wg_fr_get(f, S2L_DEM_SLOT_O, 0, SB) == o->dem_slot;
	ok &= wg_fr_get(f, S2L_DEM_WARP_O, 0, WB) == o->dem_warp;
	ok &= wg_fr_get(f, S2L_DEM_CAUSE_O, 0, 1) == o->dem_cause;
	ok &= wg_fr_get(f, S2L_PRO_VALID_O, 0, 1) == o->pro_valid;
	ok &= wg_fr_get(f, S2L_PRO_SLOT_O, 0, SB) == o->pro_slot;
	ok &= wg_fr_get(f, S2L_PRO_WARP_O, 0, WB) == o->pro_warp;
	ok &= wg_fr_get(f, S2L_EXT_VALID_O, 0, 1) == o->ext_valid;
	ok &= wg_fr_get(f, S2L_EXT_SLOT_O, 0, SB) == o->ext_slot;
	ok &= wg_fr_get(f, S2L_EXT_WARP_O, 0, WB) == o->ext_warp;
	ok &= wg_fr_get(f, S2L_SLOT_VALID_O, 0, A) == o->slot_valid;
	for (unsigned s = 0; s < A; s++)
		ok &= wg_fr_get(f, S2L_SLOT_WARP_O, s * WB, WB) == o->slot_warp[s];
	ok &= wg_fr_get(f, S2L_ACTIVE_O, 0, W) == o->active;
	ok &= wg_fr_get(f, S2L_RESIDENT_O, 0, W) == o->resident;
	ok &= wg_fr_events_are(f, o->ev);
	for (int port = 0; port < L->nports; port++) {
		if (wg_block_sched2l.ports[port].dir != WG_OUT)
			continue;
		int w = L->width[port], words = (w + 31) / 32;
		if (w % 32)
			ok &= (f->out[L->off[port] + words - 1] >> (w % 32)) == 0;
	}
	return ok;
}

static void random_run(const s2l_cfg *c, int cycles, uint64_t seed)
{
	tb t;
	t.m = s2l_new(c);
	fr f;
	fr_open(&f, c);
	ref r = {.W = c->warps, .A = c->active, .sel = c->select, .sus = c->suspend, .bdem = c->barrier_demote};
	ref_reset(&r);
	s2l_out e;
	uint64_t counts[S2L_NEVENTS] = {0}, seen[S2L_NEVENTS] = {0};
	int bad_out = 0, bad_state = 0, bad_rc = 0, bad_frame = 0, first = -1;
	size_t nin = (size_t)f.L.nwords[WG_IN];
	uint32_t *other = calloc(nin + 1, sizeof *other);
	for (int cyc = 0; cyc < cycles; cyc++) {
		if (cyc == 0) {
			memset(&t.in, 0, sizeof t.in);
			t.in.rst = 1;
		} else {
			gen_inputs(&r, &t.in, &seed, cyc);
		}
		ref_step(&r, &t.in, &e, 0);
		int rc = tb_eval(&t);
		fr_pack_in(&f, &t.in);
		/* the frame model: usually eval then tick of the same frame; sometimes
		 * no eval at all, or an eval of another frame before the tick */
		int mode = (int)(rng_next(&seed) % 8);
		int frc = mode == 0 ? 0 : wg_block_sched2l.model_eval(f.m, f.in, f.out, f.err, sizeof f.err);
		if (rc || frc) {
			if (first < 0)
				printf("  cycle %d: unexpected violation: %s\n", cyc, t.o.msg), first = cyc;
			bad_rc++;
		}
		if (!out_equal(&r, &t.o, &e))
			bad_out++, first = first < 0 ? cyc : first;
		if (mode != 0 && !fr_matches(&f, c, &t.o))
			bad_frame++, first = first < 0 ? cyc : first;
		if (mode == 1) {
			memcpy(other, f.in, nin * sizeof *other);
			other[f.L.off[S2L_RDY_I]] ^= 1u; /* another frame: the cached plan must not be used */
			other[f.L.off[S2L_SLOT_FREE_I]] ^= 1u;
			wg_block_sched2l.model_eval(f.m, other, f.out, f.err, sizeof f.err);
		}
		if (mode == 2 && f.L.width[S2L_PRIO_I]) { /* TRWS: a frame that differs in prio_i only */
			memcpy(other, f.in, nin * sizeof *other);
			other[f.L.off[S2L_PRIO_I]] ^= (uint32_t)rng_next(&seed) | 1u;
			wg_block_sched2l.model_eval(f.m, other, f.out, f.err, sizeof f.err);
		}
		if (!t.in.rst)
			for (int k = 0; k < S2L_NEVENTS; k++)
				counts[k] += e.ev[k], seen[k] += e.ev[k];
		wg_block_sched2l.model_tick(f.m, f.in);
		ref_step(&r, &t.in, &e, 1);
		s2l_tick(t.m, &t.in);
		if (!state_equal(t.m, &r) || !state_equal(f.m, &r))
			bad_state++, first = first < 0 ? cyc : first;
		if (bad_out + bad_state + bad_rc + bad_frame > 0 && cyc > first + 3)
			break;
	}
	int cnt_ok = !memcmp(counts, s2l_counts(t.m), sizeof counts) &&
		     !memcmp(counts, wg_block_sched2l.model_counts(f.m), sizeof counts);
	int busy = 1; /* every event happened: the stream exercised the rules */
	for (int k = 0; k < S2L_NEVENTS; k++)
		busy &= seen[k] > 0;
	if (bad_out || bad_state || bad_rc || bad_frame || !cnt_ok || !busy) {
		static const char *const sel[] = {"GREEDY", "RR", "GTO", "TRWS"};
		printf("FAIL random W%d A%d %s %s BD%d seed %llu: first bad cycle %d (out %d, state %d, rc %d, frame %d, counts %s, events %s)\n",
		       c->warps, c->active, sel[c->select], c->suspend ? "PENDING" : "ALWAYS",
		       c->barrier_demote, (unsigned long long)seed, first, bad_out, bad_state, bad_rc, bad_frame,
		       cnt_ok ? "ok" : "bad", busy ? "all" : "missing");
		wg_failed++;
	} else {
		wg_passed++;
	}
	free(other);
	wg_fr_close(&f);
	s2l_free(t.m);
}

static void test_random(void)
{
	static const int sizes[][2] = {{32, 8}, {8, 1}, {8, 2}, {8, 8}, {48, 32}, {64, 64}, {64, 5}, {3, 3}, {33, 7}};
	uint64_t seed = 1;
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
		for (int sel = 0; sel < 2; sel++)
			for (int sus = 0; sus < 2; sus++) {
				s2l_cfg c = {.warps = sizes[k][0], .active = sizes[k][1], .select = sel,
					     .suspend = sus, .barrier_demote = (int)((k + (size_t)sel) & 1u)};
				random_run(&c, 8000, seed++ * UINT64_C(0x9E3779B97F4A7C15));
			}
	/* GTO and TRWS: one SUSPEND per size, alternating (prio_i random in every run:
	 * the GREEDY and RR runs above show it is not read there) */
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
		for (int sel = S2L_GTO; sel <= S2L_TRWS; sel++) {
			s2l_cfg c = {.warps = sizes[k][0], .active = sizes[k][1], .select = sel,
				     .suspend = (int)(k & 1u), .barrier_demote = (int)((k + (size_t)sel) & 1u)};
			random_run(&c, 8000, seed++ * UINT64_C(0x9E3779B97F4A7C15));
		}
	/* WARPS = ACTIVE = 1: one warp, one slot (exits and launches only move it) */
	for (int sel = 0; sel <= S2L_TRWS; sel++) {
		s2l_cfg c = {.warps = 1, .active = 1, .select = sel, .suspend = S2L_ALWAYS, .barrier_demote = 1};
		random_run(&c, 8000, 77 + (uint64_t)sel);
	}
}

/* ev_o layout and a violation through the frame adapter. */
static void test_frame(void)
{
	s2l_cfg c;
	s2l_cfg_default(&c);
	fr f;
	fr_open(&f, &c);
	for (int e = 0; e < S2L_NEVENTS; e++) {
		CHECK_EQ(f.L.ev_lsb[e], e);
		CHECK_EQ(f.L.ev_w[e], 1);
	}
	CHECK_EQ(f.L.ev_port, S2L_EV_O);
	s2l_in in = {.rst = 1};
	fr_pack_in(&f, &in);
	CHECK_EQ(wg_block_sched2l.model_eval(f.m, f.in, f.out, f.err, sizeof f.err), 0);
	wg_block_sched2l.model_tick(f.m, f.in);
	in = (s2l_in){.rdy = B(1), .fin = B(1), .mark = B(0), .slot_free = 0xff};
	fr_pack_in(&f, &in);
	CHECK_EQ(wg_block_sched2l.model_eval(f.m, f.in, f.out, f.err, sizeof f.err), 0);
	CHECK_EQ(wg_fr_get(&f, S2L_EV_O, 0, 4), 0xb); /* select, demote, exit */
	uint64_t sw = 0; /* slot s holds warp s, WB = 5 bits each */
	for (unsigned s = 0; s < 8; s++)
		sw |= (uint64_t)s << (5 * s);
	CHECK_EQ(wg_fr_get(&f, S2L_SLOT_WARP_O, 0, 40), sw);
	wg_block_sched2l.model_tick(f.m, f.in);
	const uint64_t *cnt = wg_block_sched2l.model_counts(f.m);
	CHECK_EQ(cnt[S2L_EV_SELECT], 1);
	CHECK_EQ(cnt[S2L_EV_DEMOTE], 1);
	CHECK_EQ(cnt[S2L_EV_PROMOTE], 0);
	CHECK_EQ(cnt[S2L_EV_EXIT], 1);
	in = (s2l_in){.rdy = B(1)};
	fr_pack_in(&f, &in);
	CHECK_EQ(wg_block_sched2l.model_eval(f.m, f.in, f.out, f.err, sizeof f.err), -1);
	CHECK(strcmp(f.err, "sched2l: rdy_i for warp 1 which is not resident") == 0);
	wg_fr_close(&f);
}

int main(void)
{
	test_cfg();
	test_reset();
	test_select_greedy();
	test_select_rr();
	test_tag_and_exit();
	test_demote_mark();
	test_resume();
	test_barrier();
	test_promote();
	test_busy();
	test_same_cycle();
	test_launch();
	test_protocol();
	test_eval_pure();
	test_gto_reset_and_state();
	test_gto_greedy_then_oldest();
	test_trws_timing();
	test_gto_relaunch();
	test_gto_age_launch_order();
	test_trws_prio_ignored();
	test_frame();
	test_random();
	return wg_check_done();
}
