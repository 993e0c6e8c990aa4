/* test_tuba_model.c - unit tests of TUBA's block-limit C model
 * (csim/tuba.c) against the cycle contract docs/tuba.md.
 *
 * Hand-computed expectations, one rule of the page at a time: the
 * thresholds at 224 TFET registers (33 or fewer free lower the limit, 90 or
 * more raise it, strict comparisons), the floor of 1 and the kernel's cap
 * (W-P1-13), accept_o combinational in the new limit and no preemption
 * (W-P1-12), the kernel start and restart (W-P1-16), the periodic variant (A19), events and
 * reset, every protocol error, the descriptor's widths, check and storage
 * formula. Then the frame adapter and memcpy copies against the typed API,
 * and the model against a naive reference written from the page, on random
 * inputs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tuba.h"
#include "wg_bits.h"
#include "wg_check.h"
#include "wg_frame.h"

/* ------------------------------------------------------------------ */
/* Bench                                                               */
/* ------------------------------------------------------------------ */

typedef struct bench {
	tb_model *m;      /* model under test */
	tb_in in;         /* this cycle's inputs */
	tb_out o;         /* outputs of the last eval */
	int rc;           /* return of the last eval */
} bench;

static tb_cfg cfg_of(int regs, int dw, int up, int maxb, int period)
{
	tb_cfg c = {.tfet_regs = regs, .dw_pct = dw, .up_pct = up, .max_blocks = maxb, .eval_period = period};
	return c;
}

/* Idle inputs: no event, free TFET registers in the hysteresis band. */
static void b_idle(bench *b)
{
	memset(&b->in, 0, sizeof b->in);
	b->in.free = (unsigned)tb_config(b->m)->tfet_regs / 4u;
}

static int b_eval(bench *b)
{
	b->rc = tb_eval(b->m, &b->in, &b->o);
	return b->rc;
}

static void b_tick(bench *b)
{
	tb_tick(b->m, &b->in);
	b_idle(b);
}

/* One cycle; the protocol must hold. */
static void b_cycle(bench *b)
{
	b_eval(b);
	if (b->rc)
		printf("  unexpected protocol error: %s\n", b->o.msg);
	CHECK_EQ(b->rc, TB_OK);
	b_tick(b);
}

static void b_open(bench *b, tb_cfg c)
{
	b->m = tb_new(&c);
	b_idle(b);
	b->in.rst = 1;
	b_cycle(b);
}

static void b_close(bench *b)
{
	tb_free(b->m);
}

/* A kernel of occupancy occ starts. */
static void b_start(bench *b, unsigned occ)
{
	b->in.start = 1;
	b->in.occ = occ;
	b_cycle(b);
}

/* A block completes with `free_regs` free TFET registers; returns accept_o
 * at res_i = res and checks lim_o shows the old limit. */
static unsigned b_done(bench *b, unsigned free_regs, unsigned res)
{
	unsigned old = tb_lim(b->m);
	b->in.done = 1;
	b->in.free = free_regs;
	b->in.res = res;
	b_eval(b);
	CHECK_EQ(b->rc, TB_OK);
	CHECK_EQ(b->o.lim, old);
	unsigned acc = b->o.accept;
	b_tick(b);
	return acc;
}

static tb_model *clone(const tb_model *m)
{
	size_t n = tb_size(tb_config(m));
	tb_model *c = malloc(n);
	memcpy(c, m, n);
	return c;
}

/* ------------------------------------------------------------------ */
/* Descriptor                                                          */
/* ------------------------------------------------------------------ */

static long storage(long regs, long maxb, long period)
{
	long p[TB_NPARAMS] = {[TB_P_TFET_REGS] = regs, [TB_P_DW_PCT] = 15, [TB_P_UP_PCT] = 40,
			      [TB_P_MAX_BLOCKS] = maxb, [TB_P_EVAL_PERIOD] = period};
	wg_storage_part part[WG_MAX_STORAGE_PARTS];
	int n = wg_block_tuba.storage_parts(p, part);
	long sum = 0;
	for (int i = 0; i < n; i++)
		sum += part[i].bits;
	long bits = wg_block_tuba.storage_bits(p);
	CHECK_EQ(sum, bits);
	return bits;
}

static void test_desc(void)
{
	tb_cfg c;
	tb_cfg_default(&c);
	CHECK_EQ(c.tfet_regs, 224);
	CHECK_EQ(c.dw_pct, 15);
	CHECK_EQ(c.up_pct, 40);
	CHECK_EQ(c.max_blocks, 8);
	CHECK_EQ(c.eval_period, 0);
	long p[TB_NPARAMS];
	tb_cfg_to_params(&c, p);
	CHECK(tb_model_size(p) >= tb_size(&c) + sizeof(wg_layout));
	CHECK_EQ(tb_size(&c) % 8, 0);
	CHECK_EQ(wg_block_tuba.nparams, TB_NPARAMS);
	CHECK_EQ(wg_block_tuba.nports, TB_NPORTS);
	CHECK_EQ(wg_block_tuba.nevents, TB_NEVENTS);
	CHECK(strcmp(wg_block_tuba.name, "tuba") == 0);
	CHECK(strcmp(wg_block_tuba.template_file, "tuba.v") == 0);
	static const char *const pn[] = {"TFET_REGS", "DW_PCT", "UP_PCT", "MAX_BLOCKS", "EVAL_PERIOD"};
	for (int i = 0; i < TB_NPARAMS; i++)
		CHECK(strcmp(wg_block_tuba.params[i].name, pn[i]) == 0);
	static const char *const ports[] = {"rst_i", "start_i", "occ_i", "done_i", "free_i",
					    "res_i", "lim_o", "accept_o", "ev_o"};
	for (int i = 0; i < TB_NPORTS; i++) {
		CHECK(strcmp(wg_block_tuba.ports[i].name, ports[i]) == 0);
		CHECK_EQ(wg_block_tuba.ports[i].dir, i < TB_LIM_O ? WG_IN : WG_OUT);
	}
	static const char *const ev[] = {"eval", "dec", "inc"};
	for (int e = 0; e < TB_NEVENTS; e++)
		CHECK(strcmp(wg_block_tuba.events[e].name, ev[e]) == 0);

	/* check: UP_PCT > DW_PCT; the ranges */
	char buf[256];
	CHECK(wg_params_check(&wg_block_tuba, p, buf, sizeof buf) == NULL);
	p[TB_P_UP_PCT] = 10;
	CHECK(wg_params_check(&wg_block_tuba, p, buf, sizeof buf) != NULL);
	CHECK(strcmp(buf, "tuba: UP_PCT=10 must be greater than DW_PCT=15 (legal range DW_PCT+1..99)") == 0);
	p[TB_P_UP_PCT] = 15;
	CHECK(wg_params_check(&wg_block_tuba, p, buf, sizeof buf) != NULL);
	p[TB_P_UP_PCT] = 16;
	CHECK(wg_params_check(&wg_block_tuba, p, buf, sizeof buf) == NULL);
	p[TB_P_DW_PCT] = 98;
	p[TB_P_UP_PCT] = 99;
	p[TB_P_TFET_REGS] = 4096;
	p[TB_P_MAX_BLOCKS] = 32;
	p[TB_P_EVAL_PERIOD] = 65536;
	CHECK(wg_params_check(&wg_block_tuba, p, buf, sizeof buf) == NULL);
	/* UP_PCT = 100 is illegal: free_i <= TFET_REGS, the limit could never rise */
	p[TB_P_UP_PCT] = 100;
	CHECK(wg_params_check(&wg_block_tuba, p, buf, sizeof buf) != NULL);
	CHECK(strstr(buf, "UP_PCT=100") != NULL);
	p[TB_P_DW_PCT] = 15;
	CHECK(wg_params_check(&wg_block_tuba, p, buf, sizeof buf) != NULL);
	CHECK(strstr(buf, "UP_PCT=100") != NULL);
	p[TB_P_UP_PCT] = 101;
	CHECK(wg_params_check(&wg_block_tuba, p, buf, sizeof buf) != NULL);
	CHECK(strstr(buf, "UP_PCT=101") != NULL);
	/* DW_PCT = 99 is out of range (1..98): it would leave no legal UP_PCT */
	p[TB_P_DW_PCT] = 99;
	p[TB_P_UP_PCT] = 99;
	CHECK(wg_params_check(&wg_block_tuba, p, buf, sizeof buf) != NULL);
	p[TB_P_UP_PCT] = 2;
	p[TB_P_DW_PCT] = 0;
	CHECK(wg_params_check(&wg_block_tuba, p, buf, sizeof buf) != NULL);
	p[TB_P_DW_PCT] = 1;
	p[TB_P_MAX_BLOCKS] = 33;
	CHECK(wg_params_check(&wg_block_tuba, p, buf, sizeof buf) != NULL);
	p[TB_P_MAX_BLOCKS] = 1;
	p[TB_P_TFET_REGS] = 0;
	CHECK(wg_params_check(&wg_block_tuba, p, buf, sizeof buf) != NULL);
	p[TB_P_TFET_REGS] = 1;
	p[TB_P_EVAL_PERIOD] = 65537;
	CHECK(wg_params_check(&wg_block_tuba, p, buf, sizeof buf) != NULL);

	/* widths: FB = clog2(TFET_REGS + 1), LB = clog2(MAX_BLOCKS + 1) */
	int w[WG_MAX_PORTS], evw[WG_MAX_EVENTS];
	wg_params_default(&wg_block_tuba, p);
	wg_block_tuba.widths(p, w, evw);
	CHECK_EQ(w[TB_RST_I], 1);
	CHECK_EQ(w[TB_START_I], 1);
	CHECK_EQ(w[TB_OCC_I], 4);
	CHECK_EQ(w[TB_DONE_I], 1);
	CHECK_EQ(w[TB_FREE_I], 8);
	CHECK_EQ(w[TB_RES_I], 4);
	CHECK_EQ(w[TB_LIM_O], 4);
	CHECK_EQ(w[TB_ACCEPT_O], 1);
	CHECK_EQ(w[TB_EV_O], 3);
	for (int e = 0; e < TB_NEVENTS; e++)
		CHECK_EQ(evw[e], 1);
	p[TB_P_TFET_REGS] = 4096;
	p[TB_P_MAX_BLOCKS] = 32;
	wg_block_tuba.widths(p, w, evw);
	CHECK_EQ(w[TB_FREE_I], 13);
	CHECK_EQ(w[TB_OCC_I], 6);
	p[TB_P_TFET_REGS] = 1;
	p[TB_P_MAX_BLOCKS] = 1;
	wg_block_tuba.widths(p, w, evw);
	CHECK_EQ(w[TB_FREE_I], 1);
	CHECK_EQ(w[TB_LIM_O], 1);
	tb_dims d;
	static const int per[][2] = {{0, 0}, {1, 0}, {2, 1}, {3, 2}, {1024, 10}, {1025, 11}, {65536, 16}};
	for (int i = 0; i < 7; i++) {
		c.eval_period = per[i][0];
		tb_dims_of(&c, &d);
		CHECK_EQ(d.pb, per[i][1]);
	}

	/* storage: 2 LB + PB; the paper's part is the limit */
	CHECK_EQ(storage(224, 8, 0), 2 * 4);
	CHECK_EQ(storage(224, 8, 1), 2 * 4);
	CHECK_EQ(storage(224, 8, 1024), 2 * 4 + 10);
	CHECK_EQ(storage(1, 1, 2), 2 * 1 + 1);
	CHECK_EQ(storage(4096, 32, 65536), 2 * 6 + 16);
	CHECK_EQ(storage(100, 7, 3), 2 * 3 + 2);
	wg_storage_part part[WG_MAX_STORAGE_PARTS];
	wg_params_default(&wg_block_tuba, p);
	int n = wg_block_tuba.storage_parts(p, part);
	CHECK_EQ(n, 3);
	CHECK(part[0].paper != NULL && strstr(part[0].paper, "P1 §4.2.2") != NULL);
	CHECK_EQ(part[0].bits, 4);
	CHECK(part[1].paper == NULL);
	CHECK(part[2].paper == NULL);
}

/* ------------------------------------------------------------------ */
/* Thresholds                                                          */
/* ------------------------------------------------------------------ */

static void test_thresholds(void)
{
	tb_cfg c = cfg_of(224, 15, 40, 8, 0);
	for (unsigned f = 0; f <= 224; f++) {
		CHECK_EQ(tb_low(&c, f), f <= 33);
		CHECK_EQ(tb_high(&c, f), f >= 90);
	}
	/* strict at an exact share: 100 registers, 15 % and 40 % */
	c = cfg_of(100, 15, 40, 8, 0);
	CHECK_EQ(tb_low(&c, 15), 0);
	CHECK_EQ(tb_low(&c, 14), 1);
	CHECK_EQ(tb_high(&c, 40), 0);
	CHECK_EQ(tb_high(&c, 41), 1);
	/* the spec's sweep points at 224 (§2.1.7): 22.4 / 44.8, 67.2 / 112 / 134.4 */
	c = cfg_of(224, 10, 30, 8, 0);
	CHECK(tb_low(&c, 22) && !tb_low(&c, 23));
	CHECK(tb_high(&c, 68) && !tb_high(&c, 67));
	c = cfg_of(224, 20, 50, 8, 0);
	CHECK(tb_low(&c, 44) && !tb_low(&c, 45));
	CHECK(tb_high(&c, 113) && !tb_high(&c, 112));
	c = cfg_of(224, 20, 60, 8, 0);
	CHECK(tb_high(&c, 135) && !tb_high(&c, 134));
	/* the extremes: 1 register; the highest legal UP_PCT, 99 %, still
	 * raises (100 % could not: free_i <= TFET_REGS, hence illegal) */
	c = cfg_of(1, 98, 99, 8, 0);
	CHECK_EQ(tb_low(&c, 0), 1);
	CHECK_EQ(tb_low(&c, 1), 0);
	CHECK_EQ(tb_high(&c, 0), 0);
	CHECK_EQ(tb_high(&c, 1), 1);
	c = cfg_of(4096, 98, 99, 8, 0);
	CHECK(tb_high(&c, 4056) && !tb_high(&c, 4055));  /* 99 x 4096 = 405504 */
	CHECK(tb_high(&c, 4096));
	CHECK(tb_low(&c, 4014) && !tb_low(&c, 4015));    /* 98 x 4096 = 401408 */
	c = cfg_of(4096, 1, 2, 8, 0);
	CHECK_EQ(tb_low(&c, 40), 1);
	CHECK_EQ(tb_low(&c, 41), 0);
	CHECK_EQ(tb_high(&c, 81), 0);
	CHECK_EQ(tb_high(&c, 82), 1);
}

/* lower_and_raise (§2.1.7): completions at 33 free (of 224) lower, at 90
 * raise, at 34..89 keep. */
static void test_lower_and_raise(void)
{
	bench b;
	b_open(&b, cfg_of(224, 15, 40, 8, 0));
	b_start(&b, 8);
	CHECK_EQ(tb_lim(b.m), 8);
	CHECK_EQ(tb_cap(b.m), 8);
	b_done(&b, 33, 0);
	CHECK_EQ(tb_lim(b.m), 7);
	b_done(&b, 0, 0);
	CHECK_EQ(tb_lim(b.m), 6);
	for (unsigned f = 34; f <= 89; f++) {
		b.in.done = 1;
		b.in.free = f;
		b_eval(&b);
		CHECK_EQ(b.o.ev[TB_EV_EVAL], 1);
		CHECK_EQ(b.o.ev[TB_EV_DEC] | b.o.ev[TB_EV_INC], 0);
		b_tick(&b);
		CHECK_EQ(tb_lim(b.m), 6);
	}
	b.in.done = 1;
	b.in.free = 90;
	b_eval(&b);
	CHECK_EQ(b.o.ev[TB_EV_INC], 1);
	CHECK_EQ(b.o.ev[TB_EV_DEC], 0);
	b_tick(&b);
	CHECK_EQ(tb_lim(b.m), 7);
	b_done(&b, 224, 0);
	CHECK_EQ(tb_lim(b.m), 8);
	/* without a completion nothing changes, whatever free_i says */
	for (int k = 0; k < 50; k++) {
		b.in.free = (unsigned)(k % 2 ? 0 : 224);
		b_eval(&b);
		CHECK_EQ(b.o.ev[TB_EV_EVAL], 0);
		b_tick(&b);
	}
	CHECK_EQ(tb_lim(b.m), 8);
	CHECK_EQ(tb_counts(b.m)[TB_EV_EVAL], 2 + 56 + 2);
	CHECK_EQ(tb_counts(b.m)[TB_EV_DEC], 2);
	CHECK_EQ(tb_counts(b.m)[TB_EV_INC], 2);
	b_close(&b);
}

/* floor_and_cap (W-P1-13): at 1 with few free it stays 1; at the cap with
 * many free it stays; the cap is the kernel's occupancy. */
static void test_floor_and_cap(void)
{
	bench b;
	b_open(&b, cfg_of(224, 15, 40, 8, 0));
	b_start(&b, 3);
	CHECK_EQ(tb_cap(b.m), 3);
	CHECK_EQ(tb_lim(b.m), 3);
	b.in.done = 1;
	b.in.free = 200;
	b_eval(&b);
	CHECK_EQ(b.o.ev[TB_EV_EVAL], 1);
	CHECK_EQ(b.o.ev[TB_EV_INC], 0);  /* at the cap: no change */
	b_tick(&b);
	CHECK_EQ(tb_lim(b.m), 3);
	b_done(&b, 10, 0);
	b_done(&b, 10, 0);
	CHECK_EQ(tb_lim(b.m), 1);
	b.in.done = 1;
	b.in.free = 0;
	b_eval(&b);
	CHECK_EQ(b.o.ev[TB_EV_EVAL], 1);
	CHECK_EQ(b.o.ev[TB_EV_DEC], 0);  /* at the floor: no change */
	b_tick(&b);
	CHECK_EQ(tb_lim(b.m), 1);
	b_done(&b, 100, 0);
	b_done(&b, 100, 0);
	b_done(&b, 100, 0);
	CHECK_EQ(tb_lim(b.m), 3);       /* raised back to the cap, not to MAX_BLOCKS */
	b_close(&b);

	/* MAX_BLOCKS = 1: a kernel of 1, nothing moves */
	b_open(&b, cfg_of(224, 15, 40, 1, 0));
	b_start(&b, 1);
	b_done(&b, 0, 0);
	b_done(&b, 224, 0);
	CHECK_EQ(tb_lim(b.m), 1);
	CHECK_EQ(tb_counts(b.m)[TB_EV_EVAL], 2);
	CHECK_EQ(tb_counts(b.m)[TB_EV_DEC] + tb_counts(b.m)[TB_EV_INC], 0);
	b_close(&b);
}

/* no_preemption (W-P1-12): a lower limit below the resident blocks only
 * clears accept_o; the same cycle's dispatch sees the new limit. */
static void test_accept(void)
{
	bench b;
	b_open(&b, cfg_of(224, 15, 40, 8, 0));
	/* no kernel: accept_o = 0, no evaluation */
	b.in.done = 1;
	b.in.free = 0;
	b_eval(&b);
	CHECK_EQ(b.o.accept, 0);
	CHECK_EQ(b.o.lim, 0);
	CHECK_EQ(b.o.ev[TB_EV_EVAL], 0);
	b_tick(&b);
	CHECK_EQ(tb_lim(b.m), 0);
	/* the start cycle: accept_o in the loaded limit; start_i with done_i: no evaluation */
	b.in.start = 1;
	b.in.occ = 6;
	b.in.res = 5;
	b.in.done = 1;
	b.in.free = 0;
	b_eval(&b);
	CHECK_EQ(b.o.accept, 1);
	CHECK_EQ(b.o.lim, 0);
	CHECK_EQ(b.o.ev[TB_EV_EVAL], 0);
	b.in.res = 6;
	b_eval(&b);
	CHECK_EQ(b.o.accept, 0);
	b_tick(&b);
	CHECK_EQ(tb_lim(b.m), 6);
	/* accept_o without a completion: res_i < lim_q */
	for (unsigned r = 0; r <= 8; r++) {
		b.in.res = r;
		b_eval(&b);
		CHECK_EQ(b.o.accept, r < 6);
	}
	/* a decrement with 5 resident: 5 < 5 is false in the same cycle */
	CHECK_EQ(b_done(&b, 0, 5), 0);
	CHECK_EQ(tb_lim(b.m), 5);
	/* below the resident blocks: nothing is preempted, accept_o stays 0 */
	CHECK_EQ(b_done(&b, 0, 5), 0);
	CHECK_EQ(tb_lim(b.m), 4);
	b.in.res = 5;
	b_eval(&b);
	CHECK_EQ(b.o.accept, 0);
	CHECK_EQ(b.o.lim, 4);
	CHECK_EQ(b.o.ev[TB_EV_EVAL] | b.o.ev[TB_EV_DEC] | b.o.ev[TB_EV_INC], 0);
	b_tick(&b);
	/* an increment: the same cycle's dispatch sees it */
	CHECK_EQ(b_done(&b, 150, 4), 1);
	CHECK_EQ(tb_lim(b.m), 5);
	CHECK_EQ(b_done(&b, 50, 4), 1);  /* the band: 4 < 5 */
	CHECK_EQ(b_done(&b, 50, 5), 0);
	/* a new kernel reloads limit and cap at once */
	b_start(&b, 8);
	CHECK_EQ(tb_lim(b.m), 8);
	CHECK_EQ(tb_cap(b.m), 8);
	b_close(&b);
}

/* ------------------------------------------------------------------ */
/* A kernel restart (W-P1-16)                                          */
/* ------------------------------------------------------------------ */

static void test_restart(void)
{
	bench b;
	b_open(&b, cfg_of(224, 15, 40, 8, 0));
	b_start(&b, 8);
	CHECK_EQ(b_done(&b, 0, 3), 1);  /* 3 < 7 */
	CHECK_EQ(b_done(&b, 0, 3), 1);  /* 3 < 6 */
	CHECK_EQ(tb_lim(b.m), 6);
	/* a start in a completion's cycle at 0 free: reloaded from occ_i, not evaluated */
	b.in.start = 1;
	b.in.occ = 2;
	b.in.done = 1;
	b.in.free = 0;
	b.in.res = 3;
	b_eval(&b);
	CHECK_EQ(b.o.accept, 0);        /* 3 resident, the new limit 2 */
	CHECK_EQ(b.o.lim, 6);
	CHECK_EQ(b.o.ev[TB_EV_EVAL] | b.o.ev[TB_EV_DEC] | b.o.ev[TB_EV_INC], 0);
	b_tick(&b);
	CHECK_EQ(tb_lim(b.m), 2);
	CHECK_EQ(tb_cap(b.m), 2);
	/* the new kernel's cap holds: all free, the limit stays 2 */
	CHECK_EQ(b_done(&b, 224, 1), 1);
	CHECK_EQ(tb_lim(b.m), 2);
	CHECK_EQ(tb_counts(b.m)[TB_EV_INC], 0);
	/* a later restart loads its occupancy, not the lowered limit */
	CHECK_EQ(b_done(&b, 0, 0), 1);
	CHECK_EQ(tb_lim(b.m), 1);
	b_start(&b, 4);
	CHECK_EQ(tb_lim(b.m), 4);
	CHECK_EQ(tb_cap(b.m), 4);
	CHECK_EQ(b_done(&b, 224, 0), 1);
	CHECK_EQ(tb_lim(b.m), 4);
	/* occ_i above MAX_BLOCKS only in a reset cycle; min(MAX_BLOCKS, occ_i) loads */
	b.in.rst = 1;
	b.in.start = 1;
	b.in.occ = 15;
	b.in.res = 7;
	b_eval(&b);
	CHECK_EQ(b.rc, TB_OK);
	CHECK_EQ(b.o.accept, 1);        /* 7 < min(8, 15) */
	CHECK_EQ(b.o.ev[TB_EV_EVAL], 0);
	b_tick(&b);
	CHECK_EQ(tb_lim(b.m), 0);       /* the reset wins at the edge */
	b_close(&b);
}

/* ------------------------------------------------------------------ */
/* The periodic variant (A19)                                          */
/* ------------------------------------------------------------------ */

static void test_period(void)
{
	bench b;
	b_open(&b, cfg_of(224, 15, 40, 8, 1024));
	b_start(&b, 8);
	CHECK_EQ(tb_pc(b.m), 0);
	/* completions do not evaluate; the period's last cycle does, with or
	 * without a completion */
	for (int cyc = 1; cyc <= 3 * 1024; cyc++) {
		b.in.done = cyc % 7 == 0;
		b.in.free = 0;
		b_eval(&b);
		CHECK_EQ(b.o.ev[TB_EV_EVAL], cyc % 1024 == 0);
		CHECK_EQ(b.o.ev[TB_EV_DEC], cyc % 1024 == 0);
		CHECK_EQ(tb_pc(b.m), (unsigned)((cyc - 1) % 1024));
		b_tick(&b);
	}
	CHECK_EQ(tb_lim(b.m), 5);
	/* a kernel start restarts the period */
	for (int k = 0; k < 100; k++)
		b_cycle(&b);
	b_start(&b, 4);
	CHECK_EQ(tb_pc(b.m), 0);
	for (int cyc = 1; cyc <= 1024; cyc++) {
		b.in.free = 224;
		b_eval(&b);
		CHECK_EQ(b.o.ev[TB_EV_EVAL], cyc == 1024);
		CHECK_EQ(b.o.ev[TB_EV_INC], 0); /* at the cap */
		b_tick(&b);
	}
	/* a start in the period's last cycle: no evaluation */
	for (int k = 0; k < 1023; k++)
		b_cycle(&b);
	CHECK_EQ(tb_pc(b.m), 1023);
	b.in.start = 1;
	b.in.occ = 2;
	b.in.free = 0;
	b_eval(&b);
	CHECK_EQ(b.o.ev[TB_EV_EVAL], 0);
	b_tick(&b);
	CHECK_EQ(tb_lim(b.m), 2);
	CHECK_EQ(tb_pc(b.m), 0);
	b_close(&b);

	/* EVAL_PERIOD = 1: every cycle of a kernel */
	b_open(&b, cfg_of(224, 15, 40, 8, 1));
	b_eval(&b);
	CHECK_EQ(b.o.ev[TB_EV_EVAL], 0); /* no kernel yet */
	b_start(&b, 8);
	for (int k = 0; k < 10; k++) {
		b.in.free = 0;
		b_eval(&b);
		CHECK_EQ(b.o.ev[TB_EV_EVAL], 1);
		CHECK_EQ(tb_pc(b.m), 0);
		b_tick(&b);
	}
	CHECK_EQ(tb_lim(b.m), 1);
	b_close(&b);

	/* EVAL_PERIOD = 3: evaluations 3, 6, 9 cycles after the start */
	b_open(&b, cfg_of(224, 15, 40, 8, 3));
	b_start(&b, 8);
	for (int cyc = 1; cyc <= 9; cyc++) {
		b.in.free = 0;
		b_eval(&b);
		CHECK_EQ(b.o.ev[TB_EV_EVAL], cyc % 3 == 0);
		b_tick(&b);
	}
	CHECK_EQ(tb_lim(b.m), 5);
	b_close(&b);
}

/* ------------------------------------------------------------------ */
/* Reset, protocol                                                     */
/* ------------------------------------------------------------------ */

static void test_reset(void)
{
	bench b;
	b_open(&b, cfg_of(224, 15, 40, 8, 16));
	CHECK_EQ(tb_lim(b.m), 0);
	CHECK_EQ(tb_cap(b.m), 0);
	CHECK_EQ(tb_pc(b.m), 0);
	for (int e = 0; e < TB_NEVENTS; e++)
		CHECK_EQ(tb_counts(b.m)[e], 0);
	b_start(&b, 8);
	for (int k = 0; k < 20; k++) {
		b.in.free = 0;
		b_cycle(&b);
	}
	CHECK_EQ(tb_lim(b.m), 7);
	CHECK_EQ(tb_pc(b.m), 4);
	uint64_t cnt[TB_NEVENTS];
	memcpy(cnt, tb_counts(b.m), sizeof cnt);
	CHECK_EQ(cnt[TB_EV_EVAL], 1);
	/* a reset cycle: outputs by the usual rules, no protocol check, counts
	 * kept, then all 0 */
	b.in.rst = 1;
	b.in.free = 1000;
	b.in.res = 3;
	b_eval(&b);
	CHECK_EQ(b.rc, TB_OK);
	CHECK_EQ(b.o.msg[0], '\0');
	CHECK_EQ(b.o.lim, 7);
	CHECK_EQ(b.o.accept, 1);
	b_tick(&b);
	CHECK_EQ(tb_lim(b.m), 0);
	CHECK_EQ(tb_cap(b.m), 0);
	CHECK_EQ(tb_pc(b.m), 0);
	for (int e = 0; e < TB_NEVENTS; e++)
		CHECK_EQ(tb_counts(b.m)[e], cnt[e]);
	b_eval(&b);
	CHECK_EQ(b.o.accept, 0);
	CHECK_EQ(tb_dims_get(b.m)->pb, 4);
	CHECK_EQ(tb_config(b.m)->eval_period, 16);
	b_close(&b);
}

static void expect_err(bench *b, int code, const char *text)
{
	b_eval(b);
	CHECK_EQ(b->rc, code);
	if (!strstr(b->o.msg, text))
		printf("  message '%s' lacks '%s'\n", b->o.msg, text);
	CHECK(strstr(b->o.msg, text) != NULL);
	CHECK(strncmp(b->o.msg, "tuba: ", 6) == 0);
	b_idle(b);
}

static void test_protocol(void)
{
	bench b;
	b_open(&b, cfg_of(224, 15, 40, 6, 0));
	b.in.start = 1;
	b.in.occ = 0;
	expect_err(&b, TB_E_OCC, "start_i with occ_i=0 out of range (1..MAX_BLOCKS=6)");
	b.in.start = 1;
	b.in.occ = 7;
	expect_err(&b, TB_E_OCC, "occ_i=7");
	b.in.occ = 7;                   /* without start_i occ_i is not read */
	CHECK_EQ(b_eval(&b), TB_OK);
	b.in.free = 225;
	expect_err(&b, TB_E_FREE, "free_i=225 exceeds TFET_REGS=224");
	b.in.free = 224;
	CHECK_EQ(b_eval(&b), TB_OK);
	b.in.res = 7;
	expect_err(&b, TB_E_RES, "res_i=7 exceeds MAX_BLOCKS=6");
	b.in.res = 6;
	CHECK_EQ(b_eval(&b), TB_OK);
	CHECK_EQ(b.o.msg[0], '\0');
	CHECK_EQ(tb_lim(b.m), 0);       /* evaluations change nothing */
	b_close(&b);
}

/* ------------------------------------------------------------------ */
/* Random: frames, copies, a naive reference                           */
/* ------------------------------------------------------------------ */

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static unsigned rnd(unsigned n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return n ? (unsigned)(rng_state % n) : 0;
}

/* The page's rules with plain ints. */
typedef struct ref {
	tb_cfg c;
	int lim, cap, pc;
} ref;

static void ref_out(const ref *r, const tb_in *in, int *lim_n, int *ev, int *dec, int *inc)
{
	const tb_cfg *c = &r->c;
	int P = c->eval_period, e;
	if (P == 0)
		e = in->done != 0;
	else if (P == 1)
		e = 1;
	else
		e = r->pc == P - 1;
	e = e && r->lim != 0 && !in->start && !in->rst; /* no evaluation in a reset cycle */
	int lo = 100 * (long)in->free < (long)c->dw_pct * c->tfet_regs;
	int hi = 100 * (long)in->free > (long)c->up_pct * c->tfet_regs;
	int cap_new = (int)in->occ < c->max_blocks ? (int)in->occ : c->max_blocks;
	if (in->start)
		*lim_n = cap_new;
	else if (e && lo)
		*lim_n = r->lim - 1 > 1 ? r->lim - 1 : 1;
	else if (e && hi)
		*lim_n = r->lim + 1 < r->cap ? r->lim + 1 : r->cap;
	else
		*lim_n = r->lim;
	*ev = e;
	*dec = e && lo && r->lim > 1;
	*inc = e && hi && r->lim < r->cap;
}

static void ref_step(ref *r, const tb_in *in)
{
	int lim_n, ev, dec, inc;
	if (in->rst) {
		r->lim = r->cap = r->pc = 0;
		return;
	}
	ref_out(r, in, &lim_n, &ev, &dec, &inc);
	if (in->start)
		r->cap = (int)in->occ < r->c.max_blocks ? (int)in->occ : r->c.max_blocks;
	r->lim = lim_n;
	if (r->c.eval_period > 1)
		r->pc = in->start || r->pc == r->c.eval_period - 1 ? 0 : r->pc + 1;
}

static int ref_matches(const ref *r, const tb_in *in, const tb_out *o)
{
	int lim_n, ev, dec, inc;
	ref_out(r, in, &lim_n, &ev, &dec, &inc);
	return (int)o->lim == r->lim && (int)o->accept == ((int)in->res < lim_n) && (int)o->ev[TB_EV_EVAL] == ev &&
	       (int)o->ev[TB_EV_DEC] == dec && (int)o->ev[TB_EV_INC] == inc;
}

/* Random, mostly legal inputs: kernel starts, completions with free
 * counts near the thresholds, resident blocks around the limit. */
static void rand_in(const tb_model *m, tb_in *in)
{
	const tb_cfg *c = tb_config(m);
	unsigned T = (unsigned)c->tfet_regs, MB = (unsigned)c->max_blocks;
	memset(in, 0, sizeof *in);
	in->rst = rnd(2000) == 0;
	if (rnd(300) == 0 || (tb_lim(m) == 0 && rnd(20) == 0)) {
		in->start = 1;
		in->occ = 1 + rnd(MB);
	}
	in->done = rnd(4) == 0;
	unsigned pick = rnd(3);
	in->free = pick == 0 ? rnd(T / 5 + 1) : pick == 1 ? T - rnd(T / 2 + 1) : rnd(T + 1);
	in->res = rnd(MB + 1);
	if (rnd(500) == 0) /* a protocol error now and then */
		in->res = MB + 1 + rnd(2);
}

static void put_in(wg_fr *f, const tb_in *in)
{
	wg_fr_set(f, TB_RST_I, in->rst);
	wg_fr_set(f, TB_START_I, in->start);
	wg_fr_set(f, TB_OCC_I, in->occ);
	wg_fr_set(f, TB_DONE_I, in->done);
	wg_fr_set(f, TB_FREE_I, in->free);
	wg_fr_set(f, TB_RES_I, in->res);
}

static int frame_matches(const wg_fr *f, const tb_out *o)
{
	return wg_fr_port(f, TB_LIM_O) == o->lim && wg_fr_port(f, TB_ACCEPT_O) == o->accept &&
	       wg_fr_events_are(f, o->ev);
}

/* moves: the run must see the limit go down and up */
static void random_one(tb_cfg c, long cycles, int moves)
{
	long p[TB_NPARAMS];
	wg_fr f;
	tb_cfg_to_params(&c, p);
	char buf[256];
	CHECK(wg_params_check(&wg_block_tuba, p, buf, sizeof buf) == NULL);
	wg_fr_open(&f, &wg_block_tuba, p);
	tb_model *m = tb_new(&c), *copy = NULL;
	ref r = {.c = c};
	tb_in in;
	tb_out o, oc;
	int bad_fr = 0, bad_ref = 0, errors = 0;
	uint64_t acc_ev[TB_NEVENTS] = {0};
	for (long k = 0; k < cycles; k++) {
		rand_in(m, &in);
		if (k == 0)
			in.rst = 1;
		put_in(&f, &in);
		int rc = tb_eval(m, &in, &o);
		int frc = wg_block_tuba.model_eval(f.m, f.in, f.out, f.err, sizeof f.err);
		int wide = in.res >= (1u << tb_dims_get(m)->lb); /* res_i beyond the port: the frame cannot say it */
		if (!wide) {
			bad_fr |= (rc != 0) != (frc != 0) || !frame_matches(&f, &o);
			bad_fr |= rc && strcmp(f.err, o.msg) != 0;
		}
		if (copy) /* a memcpy copy runs the same */
			bad_fr |= tb_eval(copy, &in, &oc) != rc || memcmp(&o, &oc, sizeof o) != 0;
		bad_ref |= k > 0 && !ref_matches(&r, &in, &o);
		if (rc || frc) { /* the model stops on a violation: drop this cycle's inputs */
			errors++;
			continue;
		}
		if (!in.rst)
			for (int e = 0; e < TB_NEVENTS; e++)
				acc_ev[e] += o.ev[e];
		tb_tick(m, &in);
		ref_step(&r, &in);
		wg_block_tuba.model_tick(f.m, f.in);
		if (copy)
			tb_tick(copy, &in);
		if (k == cycles / 2)
			copy = clone(m);
	}
	const uint64_t *fc = wg_block_tuba.model_counts(f.m);
	for (int e = 0; e < TB_NEVENTS; e++) {
		bad_fr |= fc[e] != tb_counts(m)[e];
		bad_fr |= acc_ev[e] != tb_counts(m)[e];
	}
	if (bad_fr || bad_ref)
		printf("  random run differs (frames %d, reference %d) at TFET_REGS=%d DW_PCT=%d UP_PCT=%d MAX_BLOCKS=%d EVAL_PERIOD=%d\n",
		       bad_fr, bad_ref, c.tfet_regs, c.dw_pct, c.up_pct, c.max_blocks, c.eval_period);
	CHECK_EQ(bad_fr, 0);
	CHECK_EQ(bad_ref, 0);
	CHECK(errors > 0);
	CHECK(!moves || tb_counts(m)[TB_EV_DEC] > 0);
	CHECK(!moves || tb_counts(m)[TB_EV_INC] > 0);
	free(copy);
	tb_free(m);
	wg_fr_close(&f);
}

static void test_random(void)
{
	random_one(cfg_of(224, 15, 40, 8, 0), 30000, 1);
	random_one(cfg_of(224, 10, 60, 8, 0), 30000, 1);
	random_one(cfg_of(224, 15, 40, 8, 16), 30000, 1);
	random_one(cfg_of(224, 15, 40, 8, 1), 30000, 1);
	random_one(cfg_of(4096, 98, 99, 32, 3), 30000, 0);   /* the highest thresholds */
	random_one(cfg_of(1, 1, 2, 1, 0), 10000, 0);         /* one block */
	random_one(cfg_of(100, 1, 2, 7, 65536), 10000, 0);   /* no period ends */
	random_one(cfg_of(37, 30, 31, 15, 0), 30000, 1);
}

int main(void)
{
	test_desc();
	test_thresholds();
	test_lower_and_raise();
	test_floor_and_cap();
	test_accept();
	test_restart();
	test_period();
	test_reset();
	test_protocol();
	test_random();
	return wg_check_done();
}
