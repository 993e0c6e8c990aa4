/* test_memra_model.c - unit tests of MEM_RA's stall counter C model
 * (csim/memra.c) against the cycle contract docs/memra.md.
 *
 * Hand-computed expectations, one rule of the page at a time: the spec's
 * Eq. 1 oracle table (§2.1.4) on the pure function mr_eq1 and through the
 * block; the page's timing diagram cycle by cycle; saturation (W-P1-7); the
 * phase rules (a new load discards the budget, completions outside MEASURE
 * or with a new load are ignored, the outputs show the old counter in the
 * completion cycle, the odd budget); one completion a cycle (done_valid_i,
 * done_warp_i) and last_q from the completing warp; the sample period (at
 * SAMPLE_PERIOD = 1 sample_o is last_q); events and reset; every protocol
 * error; the descriptor's widths, checks and storage formula. Then the frame adapter and memcpy copies
 * against the typed API, and the model against a naive reference written
 * straight from the page, on random inputs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memra.h"
#include "wg_bits.h"
#include "wg_check.h"
#include "wg_frame.h"

/* ------------------------------------------------------------------ */
/* Bench                                                               */
/* ------------------------------------------------------------------ */

typedef struct tb {
	mr_model *m;      /* model under test */
	mr_in in;         /* this cycle's inputs */
	mr_out o;         /* outputs of the last eval */
	int rc;           /* return of the last eval */
} tb;

#define B(w) (UINT64_C(1) << (w))

static mr_cfg cfg_of(int warps, int cnt_bits, int thr, int shift, int period)
{
	mr_cfg c = {.warps = warps, .cnt_bits = cnt_bits, .thr_acc = thr, .ref_shift = shift,
		    .sample_period = period};
	return c;
}

static void tb_idle(tb *t)
{
	memset(&t->in, 0, sizeof t->in);
}

static int tb_eval(tb *t)
{
	t->rc = mr_eval(t->m, &t->in, &t->o);
	return t->rc;
}

static void tb_tick(tb *t)
{
	mr_tick(t->m, &t->in);
	tb_idle(t);
}

/* One cycle; the protocol must hold. */
static void tb_cycle(tb *t)
{
	tb_eval(t);
	if (t->rc)
		printf("  unexpected protocol error: %s\n", t->o.msg);
	CHECK_EQ(t->rc, MR_OK);
	tb_tick(t);
}

/* This cycle's completion: done_valid_i with done_warp_i = w. */
static void tb_done(tb *t, unsigned w)
{
	t->in.done_valid = 1;
	t->in.done_warp = w;
}

static void tb_idle_cycles(tb *t, int n)
{
	for (int i = 0; i < n; i++)
		tb_cycle(t);
}

static void tb_open(tb *t, mr_cfg c)
{
	t->m = mr_new(&c);
	tb_idle(t);
	t->in.rst = 1;
	tb_cycle(t);
}

static void tb_close(tb *t)
{
	mr_free(t->m);
}

/* Warp w's off-chip load of latency lat (>= 1): ld_i now, its completion
 * (done_valid_i, done_warp_i = w) lat cycles later; both cycles are run
 * (lat + 1 cycles in all). */
static void tb_load(tb *t, int w, int lat)
{
	t->in.ld = B(w);
	tb_cycle(t);
	tb_idle_cycles(t, lat - 1);
	tb_done(t, (unsigned)w);
	tb_cycle(t);
}

/* A copy of the model (the model is one block without self pointers). */
static mr_model *clone(const mr_model *m)
{
	size_t n = mr_size(mr_config(m));
	mr_model *c = malloc(n);
	memcpy(c, m, n);
	return c;
}

/* ------------------------------------------------------------------ */
/* Descriptor                                                          */
/* ------------------------------------------------------------------ */

static long storage(long W, long CB, long P)
{
	long p[MR_NPARAMS] = {[MR_P_WARPS] = W, [MR_P_CNT_BITS] = CB, [MR_P_THR_ACC] = 0,
			      [MR_P_REF_SHIFT] = 0, [MR_P_SAMPLE_PERIOD] = P};
	wg_storage_part part[WG_MAX_STORAGE_PARTS];
	int n = wg_block_memra.storage_parts(p, part);
	long sum = 0;
	for (int i = 0; i < n; i++)
		sum += part[i].bits;
	long bits = wg_block_memra.storage_bits(p);
	CHECK_EQ(sum, bits);
	return bits;
}

/* "Storage bits": WARPS (CB + 1) + CB + PB, plus CB for smp_q when
 * SAMPLE_PERIOD > 1 (at 1 smp_q is last_q, no register); PB =
 * clog2(SAMPLE_PERIOD). */
static void test_storage(void)
{
	CHECK_EQ(storage(48, 11, 1024), 48 * 12 + 22 + 10);
	CHECK_EQ(storage(32, 11, 1024), 32 * 12 + 22 + 10);
	CHECK_EQ(storage(1, 4, 1), 1 * 5 + 4 + 0);
	CHECK_EQ(storage(48, 11, 1), 48 * 12 + 11 + 0);
	CHECK_EQ(storage(64, 16, 65536), 64 * 17 + 32 + 16);
	CHECK_EQ(storage(5, 8, 1000), 5 * 9 + 16 + 10);
	CHECK_EQ(storage(5, 8, 2), 5 * 9 + 16 + 1);
	CHECK_EQ(storage(5, 8, 3), 5 * 9 + 16 + 2);
	for (long W = 1; W <= 64; W += 7)
		for (long CB = 4; CB <= 16; CB += 3)
			for (long P = 1; P <= 65536; P = P * 3 + 1)
				CHECK_EQ(storage(W, CB, P), W * (CB + 1) + CB + (long)wg_clog2((unsigned long)P) +
								    (P > 1 ? CB : 0));
	/* parts: the paper's counters, ours the rest */
	long p[MR_NPARAMS];
	wg_params_default(&wg_block_memra, p);
	wg_storage_part part[WG_MAX_STORAGE_PARTS];
	int n = wg_block_memra.storage_parts(p, part);
	CHECK_EQ(n, 5);
	CHECK_EQ(part[0].bits, 48 * 11);
	CHECK(part[0].paper && strcmp(part[0].paper, "P1 §4.1.2.3: 32 x 11-bit counters (one per warp slot here, A3)") == 0);
	for (int i = 1; i < n; i++)
		CHECK(part[i].paper == NULL);
	CHECK_EQ(part[1].bits, 48);
	CHECK_EQ(part[2].bits, 11);
	CHECK(strcmp(part[3].name, "sample_acc (smp_q)") == 0);
	CHECK_EQ(part[3].bits, 11);
	CHECK_EQ(part[4].bits, 10);
	/* SAMPLE_PERIOD = 1: no smp_q part (and a 0-bit period counter) */
	p[MR_P_SAMPLE_PERIOD] = 1;
	n = wg_block_memra.storage_parts(p, part);
	CHECK_EQ(n, 4);
	for (int i = 0; i < n; i++)
		CHECK(strstr(part[i].name, "smp_q") == NULL);
	CHECK(strcmp(part[2].name, "latest latency (last_q)") == 0);
	CHECK_EQ(part[2].bits, 11);
	CHECK_EQ(part[3].bits, 0);
	CHECK_EQ(wg_block_memra.storage_bits(p), 48 * 12 + 11);
	p[MR_P_SAMPLE_PERIOD] = 2;
	CHECK_EQ(wg_block_memra.storage_parts(p, part), 5);
	CHECK_EQ(wg_block_memra.storage_bits(p), 48 * 12 + 22 + 1);
}

static void test_desc(void)
{
	mr_cfg c;
	mr_cfg_default(&c);
	CHECK_EQ(c.warps, 48);
	CHECK_EQ(c.cnt_bits, 11);
	CHECK_EQ(c.thr_acc, 10);
	CHECK_EQ(c.ref_shift, 7);
	CHECK_EQ(c.sample_period, 1024);
	long p[MR_NPARAMS];
	mr_cfg_to_params(&c, p);
	CHECK(mr_model_size(p) >= mr_size(&c) + sizeof(wg_layout));
	CHECK_EQ(mr_size(&c) % 8, 0);
	CHECK_EQ(wg_block_memra.nparams, MR_NPARAMS);
	CHECK_EQ(wg_block_memra.nports, MR_NPORTS);
	CHECK_EQ(wg_block_memra.nevents, MR_NEVENTS);
	CHECK(strcmp(wg_block_memra.name, "memra") == 0);
	CHECK(strcmp(wg_block_memra.template_file, "memra.v") == 0);
	static const char *const pn[] = {"WARPS", "CNT_BITS", "THR_ACC", "REF_SHIFT", "SAMPLE_PERIOD"};
	for (int i = 0; i < MR_NPARAMS; i++)
		CHECK(strcmp(wg_block_memra.params[i].name, pn[i]) == 0);
	static const char *const ports[] = {"rst_i", "ld_i", "done_valid_i", "done_warp_i", "grant_i",
					    "want_o", "prio_o", "cnt_o", "meas_o", "sample_o", "ev_o"};
	CHECK_EQ(MR_NPORTS, 11);
	for (int i = 0; i < MR_NPORTS; i++) {
		CHECK(strcmp(wg_block_memra.ports[i].name, ports[i]) == 0);
		CHECK_EQ(wg_block_memra.ports[i].dir, i < MR_WANT_O ? WG_IN : WG_OUT);
	}
	static const char *const ev[] = {"start", "predict", "grant", "sample"};
	for (int e = 0; e < MR_NEVENTS; e++)
		CHECK(strcmp(wg_block_memra.events[e].name, ev[e]) == 0);

	/* checks: the ranges, THR_ACC <= 2^CNT_BITS - 1, REF_SHIFT < CNT_BITS */
	char buf[256];
	CHECK(wg_params_check(&wg_block_memra, p, buf, sizeof buf) == NULL);
	p[MR_P_THR_ACC] = 4096;
	CHECK(wg_params_check(&wg_block_memra, p, buf, sizeof buf) != NULL);
	CHECK(strcmp(buf, "memra: THR_ACC=4096 exceeds 2^CNT_BITS-1=2047 (legal range 0..2047)") == 0);
	p[MR_P_THR_ACC] = 2047;
	CHECK(wg_params_check(&wg_block_memra, p, buf, sizeof buf) == NULL);
	p[MR_P_THR_ACC] = 2048;
	CHECK(wg_params_check(&wg_block_memra, p, buf, sizeof buf) != NULL);
	p[MR_P_THR_ACC] = 10;
	p[MR_P_REF_SHIFT] = 11;
	CHECK(wg_params_check(&wg_block_memra, p, buf, sizeof buf) != NULL);
	CHECK(strcmp(buf, "memra: REF_SHIFT=11 must be less than CNT_BITS=11 (legal range 0..10)") == 0);
	p[MR_P_REF_SHIFT] = 10;
	CHECK(wg_params_check(&wg_block_memra, p, buf, sizeof buf) == NULL);
	p[MR_P_CNT_BITS] = 4;
	p[MR_P_REF_SHIFT] = 3;
	p[MR_P_THR_ACC] = 15;
	CHECK(wg_params_check(&wg_block_memra, p, buf, sizeof buf) == NULL);
	p[MR_P_THR_ACC] = 16;
	CHECK(wg_params_check(&wg_block_memra, p, buf, sizeof buf) != NULL);
	CHECK(strstr(buf, "legal range 0..15") != NULL);
	wg_params_default(&wg_block_memra, p);
	p[MR_P_CNT_BITS] = 16;
	p[MR_P_THR_ACC] = 65535;
	p[MR_P_REF_SHIFT] = 15;
	p[MR_P_SAMPLE_PERIOD] = 65536;
	p[MR_P_WARPS] = 64;
	CHECK(wg_params_check(&wg_block_memra, p, buf, sizeof buf) == NULL);
	p[MR_P_WARPS] = 65;
	CHECK(wg_params_check(&wg_block_memra, p, buf, sizeof buf) != NULL);
	CHECK(strstr(buf, "WARPS=65") != NULL);
	p[MR_P_WARPS] = 64;
	p[MR_P_SAMPLE_PERIOD] = 0;
	CHECK(wg_params_check(&wg_block_memra, p, buf, sizeof buf) != NULL);
	p[MR_P_SAMPLE_PERIOD] = 1;
	p[MR_P_CNT_BITS] = 3;
	CHECK(wg_params_check(&wg_block_memra, p, buf, sizeof buf) != NULL);

	/* widths: WB, CB, NB = clog2(WARPS + 1); ev_o = 2 NB + 2 */
	int w[WG_MAX_PORTS], evw[WG_MAX_EVENTS];
	wg_params_default(&wg_block_memra, p);
	wg_block_memra.widths(p, w, evw);
	CHECK_EQ(w[MR_RST_I], 1);
	CHECK_EQ(w[MR_LD_I], 48);
	CHECK_EQ(w[MR_DONE_VALID_I], 1);
	CHECK_EQ(w[MR_DONE_WARP_I], 6);
	CHECK_EQ(w[MR_GRANT_I], 48);
	CHECK_EQ(w[MR_WANT_O], 48);
	CHECK_EQ(w[MR_PRIO_O], 48);
	CHECK_EQ(w[MR_CNT_O], 48 * 11);
	CHECK_EQ(w[MR_MEAS_O], 48);
	CHECK_EQ(w[MR_SAMPLE_O], 11);
	CHECK_EQ(w[MR_EV_O], 2 * 6 + 2);
	CHECK_EQ(evw[MR_EV_START], 6);
	CHECK_EQ(evw[MR_EV_PREDICT], 1);
	CHECK_EQ(evw[MR_EV_GRANT], 6);
	CHECK_EQ(evw[MR_EV_SAMPLE], 1);
	p[MR_P_WARPS] = 1;
	wg_block_memra.widths(p, w, evw);
	CHECK_EQ(w[MR_EV_O], 2 * 1 + 2);
	CHECK_EQ(evw[MR_EV_PREDICT], 1);
	CHECK_EQ(w[MR_CNT_O], 11);
	CHECK_EQ(w[MR_DONE_VALID_I], 1);
	CHECK_EQ(w[MR_DONE_WARP_I], 1);     /* WB = max(1, clog2(1)) */
	p[MR_P_WARPS] = 5;
	wg_block_memra.widths(p, w, evw);
	CHECK_EQ(w[MR_DONE_WARP_I], 3);
	CHECK_EQ(w[MR_EV_O], 2 * 3 + 2);
	p[MR_P_WARPS] = 64;
	p[MR_P_CNT_BITS] = 16;
	wg_block_memra.widths(p, w, evw);
	CHECK_EQ(w[MR_EV_O], 2 * 7 + 2);
	CHECK_EQ(w[MR_DONE_WARP_I], 6);
	CHECK_EQ(w[MR_CNT_O], 1024);
	CHECK_EQ(w[MR_SAMPLE_O], 16);
	mr_dims d;
	mr_cfg_from_params(&c, p);
	mr_dims_of(&c, &d);
	CHECK_EQ(d.wb, 6);
	CHECK_EQ(d.nb, 7);
	CHECK_EQ(d.pb, 10);
	c.warps = 1;
	c.sample_period = 1;
	mr_dims_of(&c, &d);
	CHECK_EQ(d.wb, 1);
	CHECK_EQ(d.nb, 1);
	CHECK_EQ(d.pb, 0);
}

/* ------------------------------------------------------------------ */
/* Eq. 1                                                               */
/* ------------------------------------------------------------------ */

/* The spec's oracle table (§2.1.4): thr_acc = 10, ref_acc = 128. */
static const struct oracle {
	unsigned prev, sample, sc, allocs;  /* sample ~0u: any */
} oracle[] = {
	{8, ~0u, 0, 0},   {10, ~0u, 0, 0},  {11, 1, 0, 0},    {300, 200, 290, 145},
	{300, 128, 290, 145}, {300, 100, 226, 113}, {300, 64, 145, 72}, {2047, 127, 2021, 1010},
};
#define NORACLE ((int)(sizeof oracle / sizeof oracle[0]))

static void test_eq1_oracle(void)
{
	for (int i = 0; i < NORACLE; i++) {
		const struct oracle *o = &oracle[i];
		if (o->sample == ~0u) {
			for (unsigned s = 0; s <= 2047; s++)
				CHECK_EQ(mr_eq1(o->prev, s, 10, 7), o->sc);
			continue;
		}
		unsigned sc = mr_eq1(o->prev, o->sample, 10, 7);
		CHECK_EQ(sc, o->sc);
		CHECK_EQ(sc / 2, o->allocs);
	}
	/* the rule's edges: >= ref_acc gives prev - thr, one below shifts */
	CHECK_EQ(mr_eq1(300, 127, 10, 7), (127u * 290u) >> 7);
	CHECK_EQ(mr_eq1(300, 2047, 10, 7), 290);
	CHECK_EQ(mr_eq1(300, 0, 10, 7), 0);
	CHECK_EQ(mr_eq1(11, 128, 10, 7), 1);
	CHECK_EQ(mr_eq1(12, 127, 10, 7), 1);   /* 254 >> 7 */
	CHECK_EQ(mr_eq1(5, 0, 0, 0), 0);       /* ref_acc = 1: sample 0 shifts */
	CHECK_EQ(mr_eq1(5, 1, 0, 0), 5);
	CHECK_EQ(mr_eq1(0, 1, 0, 0), 0);
	CHECK_EQ(mr_eq1(65535, 32767, 0, 15), (unsigned)(((uint64_t)32767 * 65535) >> 15)); /* the widest product */
	CHECK_EQ(mr_eq1(65535, 32768, 0, 15), 65535);
	/* exhaustive at the paper's point: SC <= prev - thr, floor of the product */
	int bad = 0;
	for (unsigned prev = 0; prev <= 2047; prev++)
		for (unsigned s = 0; s <= 2047; s += 3) {
			unsigned sc = mr_eq1(prev, s, 10, 7);
			unsigned want = prev <= 10 ? 0 : s >= 128 ? prev - 10 : (s * (prev - 10)) / 128;
			bad += sc != want;
		}
	CHECK_EQ(bad, 0);
}

/* Drive sample_acc to `sample` (SAMPLE_PERIOD = 1: a load of that latency on
 * warp 0), then a load of latency prev on warp 1: its budget is Eq. 1's SC. */
static int eq1_through_block(unsigned sample, unsigned prev)
{
	tb t;
	tb_open(&t, cfg_of(4, 11, 10, 7, 1));
	if (sample > 0)
		tb_load(&t, 0, (int)sample);
	CHECK_EQ(mr_sample(t.m), sample);
	tb_load(&t, 1, (int)prev);
	int cnt = mr_cnt(t.m, 1);
	CHECK_EQ(mr_meas(t.m), 0);
	CHECK_EQ(mr_last(t.m), prev > 2047 ? 2047 : prev);
	tb_close(&t);
	return cnt;
}

static void test_eq1_block(void)
{
	for (int i = 0; i < NORACLE; i++) {
		const struct oracle *o = &oracle[i];
		unsigned samples[] = {0, 1, 127, 128, 2047};
		if (o->sample == ~0u) {
			for (int k = 0; k < 5; k++)
				CHECK_EQ(eq1_through_block(samples[k], o->prev), o->sc);
		} else {
			CHECK_EQ(eq1_through_block(o->sample, o->prev), o->sc);
		}
	}
	/* a load longer than the counter: prev saturates at 2047 (W-P1-7) */
	CHECK_EQ(eq1_through_block(127, 3000), 2021);
	CHECK_EQ(eq1_through_block(127, 2048), 2021);
}

/* ------------------------------------------------------------------ */
/* The page's timing diagram                                           */
/* ------------------------------------------------------------------ */

static void test_diagram(void)
{
	tb t;
	tb_open(&t, cfg_of(8, 11, 10, 7, 1));
	tb_load(&t, 5, 64); /* smp_q = 64 (warp 5's latency) */
	CHECK_EQ(mr_sample(t.m), 64);
	for (int cyc = 0; cyc <= 303; cyc++) {
		if (cyc == 0)
			t.in.ld = B(3);
		if (cyc == 300)
			tb_done(&t, 3);
		if (cyc == 301 || cyc == 302)
			t.in.grant = B(3);
		tb_eval(&t);
		CHECK_EQ(t.rc, MR_OK);
		unsigned cnt = t.o.cnt[3], meas = (unsigned)((t.o.meas >> 3) & 1u);
		unsigned want = (unsigned)((t.o.want >> 3) & 1u), prio = (unsigned)((t.o.prio >> 3) & 1u);
		if (cyc >= 1 && cyc <= 300) {
			CHECK(cnt == (unsigned)cyc - 1 && meas == 1 && want == 0 && prio == 0);
		} else if (cyc > 300) {
			CHECK_EQ(meas, 0);
			CHECK_EQ(cnt, 145u - 2u * (unsigned)(cyc - 301));
			CHECK(want == 1 && prio == 1);
		}
		CHECK_EQ(t.o.ev[MR_EV_PREDICT], cyc == 300);
		CHECK_EQ(t.o.ev[MR_EV_START], cyc == 0);
		CHECK_EQ(t.o.ev[MR_EV_GRANT], cyc == 301 || cyc == 302);
		CHECK_EQ(t.o.sample, cyc <= 300 ? 64 : 300);
		tb_tick(&t);
	}
	CHECK_EQ(mr_cnt(t.m, 3), 141);
	CHECK_EQ(mr_last(t.m), 300);
	tb_close(&t);
}

/* ------------------------------------------------------------------ */
/* Phase rules                                                         */
/* ------------------------------------------------------------------ */

/* W-P1-7: the counter stops at MAX while measuring. */
static void test_saturate(void)
{
	tb t;
	tb_open(&t, cfg_of(2, 11, 10, 7, 1));
	tb_load(&t, 0, 127);
	t.in.ld = B(1);
	tb_cycle(&t);
	for (int k = 1; k < 3000; k++) {
		tb_eval(&t);
		CHECK_EQ(t.o.cnt[1], k - 1 < 2047 ? k - 1 : 2047);
		tb_tick(&t);
	}
	CHECK_EQ(mr_cnt(t.m, 1), 2047);
	tb_done(&t, 1);
	tb_cycle(&t);
	CHECK_EQ(mr_cnt(t.m, 1), (127 * 2037) >> 7);
	CHECK_EQ(mr_cnt(t.m, 1), 2021);
	CHECK_EQ(mr_last(t.m), 2047);
	tb_close(&t);

	/* CNT_BITS = 4: MAX = 15; THR_ACC = 15 gives no budget at all */
	tb_open(&t, cfg_of(1, 4, 3, 2, 1));
	tb_load(&t, 0, 4); /* smp 0 at the completion: SC = 0; then smp 4 */
	CHECK_EQ(mr_cnt(t.m, 0), 0);
	tb_load(&t, 0, 4); /* smp 4 >= 2^2: SC = prev - thr */
	CHECK_EQ(mr_cnt(t.m, 0), 1);
	tb_load(&t, 0, 40);
	CHECK_EQ(mr_last(t.m), 15);
	CHECK_EQ(mr_cnt(t.m, 0), 12);
	tb_close(&t);
	tb_open(&t, cfg_of(1, 4, 15, 3, 1));
	tb_load(&t, 0, 100);
	CHECK_EQ(mr_cnt(t.m, 0), 0);
	CHECK_EQ(mr_prio(t.m), 0);
	tb_close(&t);
}

/* W-P1-6: a new load discards the budget; A6: a completion together with
 * a new load, or outside MEASURE, is ignored. */
static void test_new_load_discards_budget(void)
{
	tb t;
	tb_open(&t, cfg_of(4, 11, 10, 7, 1));
	tb_load(&t, 0, 200);          /* smp 200 */
	tb_load(&t, 2, 100);          /* budget 90 */
	CHECK_EQ(mr_cnt(t.m, 2), 90);
	CHECK_EQ(mr_want(t.m), B(2));
	t.in.grant = B(2);
	tb_cycle(&t);
	CHECK_EQ(mr_cnt(t.m, 2), 88);
	t.in.ld = B(2);               /* a new load: counter 0, MEASURE, no want */
	tb_eval(&t);
	CHECK_EQ(t.o.want, B(2));     /* this cycle still shows the budget */
	tb_tick(&t);
	CHECK_EQ(mr_cnt(t.m, 2), 0);
	CHECK_EQ(mr_meas(t.m), B(2));
	CHECK_EQ(mr_want(t.m), 0);
	CHECK_EQ(mr_prio(t.m), 0);
	tb_idle_cycles(&t, 20);
	CHECK_EQ(mr_cnt(t.m, 2), 20);

	/* a completion with ld_i: ignored, the measurement restarts */
	t.in.ld = B(2);
	tb_done(&t, 2);
	tb_eval(&t);
	CHECK_EQ(t.o.ev[MR_EV_PREDICT], 0);
	CHECK_EQ(t.o.ev[MR_EV_START], 1);
	tb_tick(&t);
	CHECK_EQ(mr_cnt(t.m, 2), 0);
	CHECK_EQ(mr_meas(t.m), B(2));
	CHECK_EQ(mr_last(t.m), 100);

	/* A6: several loads, the latest counts (restart at each) */
	tb_idle_cycles(&t, 49);
	t.in.ld = B(2);
	tb_cycle(&t);
	tb_idle_cycles(&t, 69);
	tb_done(&t, 2);
	tb_cycle(&t);
	CHECK_EQ(mr_last(t.m), 70);
	CHECK_EQ(mr_cnt(t.m, 2), (100 * 60) >> 7); /* smp 100: warp 2's previous latency */

	/* a completion in BUDGET (an older load's): ignored */
	tb_done(&t, 2);
	tb_eval(&t);
	CHECK_EQ(t.o.ev[MR_EV_PREDICT], 0);
	tb_tick(&t);
	tb_done(&t, 3);               /* warp 3 was never measuring */
	tb_eval(&t);
	CHECK_EQ(t.o.ev[MR_EV_PREDICT], 0);
	tb_tick(&t);
	CHECK_EQ(mr_cnt(t.m, 2), 46);
	CHECK_EQ(mr_cnt(t.m, 3), 0);
	CHECK_EQ(mr_meas(t.m), 0);
	CHECK_EQ(mr_last(t.m), 70);
	/* a completion with a grant in BUDGET: the grant applies */
	tb_done(&t, 2);
	t.in.grant = B(2);
	tb_cycle(&t);
	CHECK_EQ(mr_cnt(t.m, 2), 44);
	tb_close(&t);
}

/* W-P1-5 (A8): in the completion cycle the outputs show the old counter. */
static void test_completion_sees_old(void)
{
	tb t;
	tb_open(&t, cfg_of(4, 11, 10, 7, 1));
	tb_load(&t, 0, 128);          /* smp 128 */
	t.in.ld = B(1);
	tb_cycle(&t);
	tb_idle_cycles(&t, 49);
	tb_done(&t, 1);
	tb_eval(&t);
	CHECK_EQ(t.o.cnt[1], 49);
	CHECK_EQ(t.o.meas, B(1));
	CHECK_EQ(t.o.want, 0);
	CHECK_EQ(t.o.prio, 0);
	CHECK_EQ(t.o.ev[MR_EV_PREDICT], 1);
	tb_eval(&t);                  /* eval twice: no state change */
	CHECK_EQ(t.o.cnt[1], 49);
	tb_tick(&t);
	CHECK_EQ(mr_cnt(t.m, 1), 40);
	tb_eval(&t);
	CHECK_EQ(t.o.want, B(1));
	CHECK_EQ(t.o.prio, B(1));
	CHECK_EQ(t.o.meas, 0);
	tb_close(&t);
}

/* W-P1-8: budget 3, one grant leaves 1: priority yes, want no. */
static void test_odd_budget(void)
{
	tb t;
	/* REF_SHIFT = 2: any sample of 4 or more gives SC = prev - THR_ACC */
	tb_open(&t, cfg_of(4, 11, 10, 2, 1));
	tb_load(&t, 0, 128);          /* smp 0 at its completion: budget 0; smp 128 */
	CHECK_EQ(mr_cnt(t.m, 0), 0);
	tb_load(&t, 0, 128);          /* budget 118 */
	CHECK_EQ(mr_cnt(t.m, 0), 118);
	tb_load(&t, 1, 13);
	CHECK_EQ(mr_cnt(t.m, 1), 3);
	CHECK_EQ(mr_want(t.m), B(0) | B(1));
	CHECK_EQ(mr_prio(t.m), B(0) | B(1));
	t.in.grant = B(1);
	tb_cycle(&t);
	CHECK_EQ(mr_cnt(t.m, 1), 1);
	tb_eval(&t);
	CHECK_EQ((t.o.want >> 1) & 1u, 0);
	CHECK_EQ((t.o.prio >> 1) & 1u, 1);
	t.in.grant = B(1);            /* no grant at 1 */
	CHECK_EQ(tb_eval(&t), MR_E_GRANT);
	tb_idle(&t);
	tb_idle_cycles(&t, 100);      /* held */
	CHECK_EQ(mr_cnt(t.m, 1), 1);
	/* budget 2: one grant, then 0: no priority */
	tb_load(&t, 1, 12);
	CHECK_EQ(mr_cnt(t.m, 1), 2);
	CHECK_EQ((mr_want(t.m) >> 1) & 1u, 1);
	t.in.grant = B(1);
	tb_cycle(&t);
	CHECK_EQ(mr_cnt(t.m, 1), 0);
	CHECK_EQ((mr_prio(t.m) >> 1) & 1u, 0);
	/* budget 1 straight from Eq. 1 */
	tb_load(&t, 1, 11);
	CHECK_EQ(mr_cnt(t.m, 1), 1);
	CHECK_EQ((mr_want(t.m) >> 1) & 1u, 0);
	CHECK_EQ((mr_prio(t.m) >> 1) & 1u, 1);
	/* another warp's grant meanwhile */
	t.in.grant = B(0);
	tb_eval(&t);
	CHECK_EQ(t.o.ev[MR_EV_GRANT], 1);
	tb_tick(&t);
	CHECK_EQ(mr_cnt(t.m, 0), 116);
	tb_close(&t);
}

/* One completion a cycle: done_warp_i names the warp, read only with
 * done_valid_i; last_q takes the completing warp's prev (not the lowest
 * measuring warp's); one predict event. */
static void test_one_completion(void)
{
	tb t;
	tb_open(&t, cfg_of(8, 11, 10, 7, 4));
	t.in.ld = B(6);
	tb_cycle(&t);
	tb_idle_cycles(&t, 9);
	t.in.ld = B(2);
	tb_cycle(&t);
	for (int k = 0; k < 9; k++) { /* done_warp_i without done_valid_i: nothing */
		t.in.done_warp = k & 1 ? 2 : 6;
		tb_eval(&t);
		CHECK_EQ(t.o.ev[MR_EV_PREDICT], 0);
		tb_tick(&t);
	}
	CHECK_EQ(mr_meas(t.m), B(2) | B(6));
	CHECK_EQ(mr_last(t.m), 0);
	tb_done(&t, 6);               /* 6 took 20; 2 (10 so far) keeps measuring */
	tb_eval(&t);
	CHECK_EQ(t.o.ev[MR_EV_PREDICT], 1);
	tb_tick(&t);
	CHECK_EQ(mr_last(t.m), 20);
	CHECK_EQ(mr_meas(t.m), B(2));
	CHECK_EQ(mr_cnt(t.m, 2), 10);
	tb_done(&t, 2);               /* 2 took 11 */
	tb_eval(&t);
	CHECK_EQ(t.o.ev[MR_EV_PREDICT], 1);
	tb_tick(&t);
	CHECK_EQ(mr_last(t.m), 11);
	CHECK_EQ(mr_meas(t.m), 0);
	/* a completion naming a warp in BUDGET while another measures: ignored,
	 * the measuring warp is not completed in its place */
	t.in.ld = B(0);
	tb_cycle(&t);
	tb_idle_cycles(&t, 4);
	tb_done(&t, 7);
	tb_eval(&t);
	CHECK_EQ(t.o.ev[MR_EV_PREDICT], 0);
	tb_tick(&t);
	CHECK_EQ(mr_meas(t.m), B(0));
	CHECK_EQ(mr_cnt(t.m, 0), 5);
	CHECK_EQ(mr_last(t.m), 11);
	CHECK_EQ(mr_counts(t.m)[MR_EV_PREDICT], 2);
	tb_close(&t);
}

/* ------------------------------------------------------------------ */
/* Sample period (A7)                                                  */
/* ------------------------------------------------------------------ */

static void test_sample_period(void)
{
	tb t;
	/* the default period: budget 0 until the first period ends */
	tb_open(&t, cfg_of(4, 11, 10, 7, 1024));
	tb_load(&t, 0, 300);
	CHECK_EQ(mr_cnt(t.m, 0), 0);  /* smp 0: SC = 0 */
	CHECK_EQ(mr_prio(t.m), 0);
	CHECK_EQ(mr_sample(t.m), 0);
	CHECK_EQ(mr_pc(t.m), 301);    /* 301 cycles since the reset */
	CHECK_EQ(mr_last(t.m), 300);
	tb_idle_cycles(&t, 1024 - 301 - 1);
	CHECK_EQ(mr_pc(t.m), 1023);
	tb_eval(&t);
	CHECK_EQ(t.o.ev[MR_EV_SAMPLE], 1);
	CHECK_EQ(t.o.sample, 0);
	tb_tick(&t);
	CHECK_EQ(mr_pc(t.m), 0);
	CHECK_EQ(mr_sample(t.m), 300);
	CHECK_EQ(mr_counts(t.m)[MR_EV_SAMPLE], 1);
	tb_close(&t);

	/* SAMPLE_PERIOD = 5: smp_q changes only at period ends, holds without
	 * completions, and takes a completion of the period's last cycle */
	tb_open(&t, cfg_of(4, 11, 10, 7, 5));
	unsigned smp[40];
	for (int cyc = 0; cyc < 40; cyc++) {
		if (cyc == 0)
			t.in.ld = B(0) | B(1);
		if (cyc == 7)
			tb_done(&t, 0);       /* latency 7 */
		if (cyc == 9)
			tb_done(&t, 1);       /* latency 9, the last cycle of period 1 */
		if (cyc == 20)
			t.in.ld = B(2);
		if (cyc == 22)
			tb_done(&t, 2);       /* latency 2 in period 4 */
		tb_eval(&t);
		CHECK_EQ(t.o.ev[MR_EV_SAMPLE], cyc % 5 == 4);
		CHECK_EQ(mr_pc(t.m), (unsigned)(cyc % 5));
		smp[cyc] = t.o.sample;
		tb_tick(&t);
	}
	for (int cyc = 0; cyc < 40; cyc++) {
		unsigned want = cyc < 10 ? 0 : cyc < 25 ? 9 : 2;
		CHECK_EQ(smp[cyc], want);
	}
	CHECK_EQ(mr_counts(t.m)[MR_EV_SAMPLE], 8);
	tb_close(&t);

	/* SAMPLE_PERIOD = 1: every cycle, no counter; smp_q is no register:
	 * sample_o is last_q, so Eq. 1 reads the latest completion's latency */
	tb_open(&t, cfg_of(2, 11, 10, 7, 1));
	for (int k = 0; k < 5; k++) {
		tb_eval(&t);
		CHECK_EQ(t.o.ev[MR_EV_SAMPLE], 1);
		CHECK_EQ(t.o.sample, 0);
		CHECK_EQ(mr_pc(t.m), 0);
		tb_tick(&t);
	}
	tb_load(&t, 1, 33);
	CHECK_EQ(mr_sample(t.m), 33);
	CHECK_EQ(mr_last(t.m), 33);
	tb_idle_cycles(&t, 3);
	CHECK_EQ(mr_sample(t.m), 33);
	t.in.ld = B(0);
	tb_cycle(&t);
	for (int k = 1; k <= 300; k++) {
		if (k == 300)
			tb_done(&t, 0);
		tb_eval(&t);
		CHECK_EQ(t.o.sample, 33);
		CHECK_EQ(t.o.sample, mr_last(t.m));
		tb_tick(&t);
	}
	CHECK_EQ(mr_last(t.m), 300);
	CHECK_EQ(mr_sample(t.m), 300);
	CHECK_EQ(mr_cnt(t.m, 0), (33 * 290) >> 7); /* Eq. 1 at the old last_q */
	tb_eval(&t);
	CHECK_EQ(t.o.sample, 300);
	t.in.rst = 1;                 /* reset: last_q = 0, so sample_o = 0 */
	tb_cycle(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.sample, 0);
	CHECK_EQ(mr_sample(t.m), 0);
	tb_close(&t);
}

/* ------------------------------------------------------------------ */
/* Events, reset                                                       */
/* ------------------------------------------------------------------ */

static void test_events_reset(void)
{
	tb t;
	tb_open(&t, cfg_of(8, 11, 10, 7, 4));
	for (int e = 0; e < MR_NEVENTS; e++)
		CHECK_EQ(mr_counts(t.m)[e], 0);
	CHECK_EQ(mr_meas(t.m), 0);
	CHECK_EQ(mr_pc(t.m), 0);
	t.in.ld = 0xf5;
	tb_eval(&t);
	CHECK_EQ(t.o.ev[MR_EV_START], 6);
	tb_tick(&t);
	tb_idle_cycles(&t, 2);        /* pc 3: the sample at the next cycle */
	tb_done(&t, 2);
	tb_eval(&t);
	CHECK_EQ(t.o.ev[MR_EV_PREDICT], 1);
	CHECK_EQ(t.o.ev[MR_EV_SAMPLE], 1);
	tb_tick(&t);
	CHECK_EQ(mr_sample(t.m), 3);
	CHECK_EQ(mr_counts(t.m)[MR_EV_START], 6);
	CHECK_EQ(mr_counts(t.m)[MR_EV_PREDICT], 1);
	CHECK_EQ(mr_counts(t.m)[MR_EV_SAMPLE], 1);
	CHECK_EQ(mr_counts(t.m)[MR_EV_GRANT], 0);

	/* a reset cycle: outputs of the state, events 0, no protocol check,
	 * counts kept, the state cleared */
	uint64_t cnt[MR_NEVENTS];
	memcpy(cnt, mr_counts(t.m), sizeof cnt);
	t.in.rst = 1;
	t.in.ld = ~UINT64_C(0);
	t.in.grant = ~UINT64_C(0);
	tb_done(&t, 60);              /* out of range: not checked in a reset cycle */
	tb_eval(&t);
	CHECK_EQ(t.rc, MR_OK);
	CHECK_EQ(t.o.msg[0], '\0');
	CHECK_EQ(t.o.meas, 0xf1);
	CHECK_EQ(t.o.cnt[4], 3);
	CHECK_EQ(t.o.want, 0);        /* smp was 0 at the completions: budget 0 */
	CHECK_EQ(t.o.sample, 3);
	for (int e = 0; e < MR_NEVENTS; e++)
		CHECK_EQ(t.o.ev[e], 0);
	tb_tick(&t);
	for (int e = 0; e < MR_NEVENTS; e++)
		CHECK_EQ(mr_counts(t.m)[e], cnt[e]);
	CHECK_EQ(mr_meas(t.m), 0);
	CHECK_EQ(mr_want(t.m), 0);
	CHECK_EQ(mr_prio(t.m), 0);
	CHECK_EQ(mr_last(t.m), 0);
	CHECK_EQ(mr_sample(t.m), 0);
	CHECK_EQ(mr_pc(t.m), 0);
	for (int w = 0; w < 8; w++)
		CHECK_EQ(mr_cnt(t.m, w), 0);
	CHECK_EQ(mr_cnt(t.m, 8), -1);
	CHECK_EQ(mr_cnt(t.m, -1), -1);
	CHECK_EQ(mr_dims_get(t.m)->nb, 4);
	CHECK_EQ(mr_config(t.m)->sample_period, 4);
	tb_close(&t);
}

/* ------------------------------------------------------------------ */
/* Protocol                                                            */
/* ------------------------------------------------------------------ */

static void expect_err(tb *t, int code, const char *text)
{
	tb_eval(t);
	CHECK_EQ(t->rc, code);
	if (!strstr(t->o.msg, text))
		printf("  message '%s' lacks '%s'\n", t->o.msg, text);
	CHECK(strstr(t->o.msg, text) != NULL);
	CHECK(strncmp(t->o.msg, "memra: ", 7) == 0);
	CHECK(strchr(t->o.msg, '\n') == NULL);
	tb_idle(t);
}

static void test_protocol(void)
{
	tb t;
	tb_open(&t, cfg_of(5, 11, 10, 7, 1));
	t.in.ld = B(5);
	expect_err(&t, MR_E_RANGE, "ld_i for warp 5 which is out of range (WARPS=5)");
	tb_done(&t, 5);
	expect_err(&t, MR_E_RANGE, "done_warp_i=5 with done_valid_i: warp out of range (WARPS=5)");
	tb_done(&t, 63);
	expect_err(&t, MR_E_RANGE, "done_warp_i=63");
	tb_done(&t, 7);               /* port order: ld_i first, then done_warp_i, then grant_i */
	t.in.ld = B(6);
	t.in.grant = B(5);
	expect_err(&t, MR_E_RANGE, "ld_i for warp 6");
	tb_done(&t, 7);
	t.in.grant = B(5);
	expect_err(&t, MR_E_RANGE, "done_warp_i=7");
	t.in.done_warp = 63;          /* without done_valid_i done_warp_i is not read */
	CHECK_EQ(tb_eval(&t), MR_OK);
	CHECK_EQ(t.o.ev[MR_EV_PREDICT], 0);
	tb_idle(&t);
	t.in.grant = B(7);
	expect_err(&t, MR_E_RANGE, "grant_i for warp 7");
	t.in.grant = B(0);            /* BUDGET, cnt 0 */
	expect_err(&t, MR_E_GRANT, "grant_i for warp 0 while want_o is 0");
	tb_load(&t, 3, 200);          /* smp 200 */
	tb_load(&t, 4, 200);          /* budget 190 */
	t.in.ld = B(1);
	tb_cycle(&t);
	t.in.grant = B(1);            /* MEASURE */
	expect_err(&t, MR_E_GRANT, "MEASURE");
	t.in.grant = B(4);            /* legal: budget 190 */
	CHECK_EQ(tb_eval(&t), MR_OK);
	CHECK_EQ(t.o.msg[0], '\0');
	t.in.ld = B(4);               /* with a new load */
	expect_err(&t, MR_E_GRANT_LD, "grant_i with ld_i for warp 4");
	/* the state is untouched by the evaluations */
	CHECK_EQ(mr_cnt(t.m, 4), 190);
	CHECK_EQ(mr_meas(t.m), B(1));
	/* WARPS = 64: no range rule to break */
	tb_close(&t);
	tb_open(&t, cfg_of(64, 11, 10, 7, 1));
	t.in.ld = ~UINT64_C(0);
	tb_done(&t, 63);
	CHECK_EQ(tb_eval(&t), MR_OK);
	CHECK_EQ(t.o.ev[MR_EV_START], 64);
	CHECK_EQ(t.o.ev[MR_EV_PREDICT], 0);
	tb_tick(&t);
	CHECK_EQ(mr_meas(t.m), ~UINT64_C(0));
	tb_done(&t, 63);
	CHECK_EQ(tb_eval(&t), MR_OK);
	CHECK_EQ(t.o.ev[MR_EV_PREDICT], 1);
	tb_tick(&t);
	CHECK_EQ(mr_meas(t.m), ~UINT64_C(0) >> 1);
	CHECK_EQ(mr_last(t.m), 1);
	tb_close(&t);
	/* WARPS = 1: done_warp_i is 1 bit, 1 is out of range */
	tb_open(&t, cfg_of(1, 4, 0, 0, 1));
	tb_done(&t, 1);
	expect_err(&t, MR_E_RANGE, "done_warp_i=1 with done_valid_i: warp out of range (WARPS=1)");
	tb_close(&t);
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

/* The page's rules, written out per warp with plain ints (smp: a register
 * only when SAMPLE_PERIOD > 1; at 1 smp_q reads last_q). */
typedef struct ref {
	mr_cfg c;
	int cnt[64], meas[64], last, smp, pc;
} ref;

static void ref_reset(ref *r)
{
	mr_cfg c = r->c;
	memset(r, 0, sizeof *r);
	r->c = c;
}

static int ref_smp(const ref *r)
{
	return r->c.sample_period == 1 ? r->last : r->smp;
}

static void ref_step(ref *r, const mr_in *in)
{
	int MAX = (1 << r->c.cnt_bits) - 1, cnt[64], meas[64], last = r->last, smp = ref_smp(r);
	if (in->rst) {
		ref_reset(r);
		return;
	}
	for (int w = 0; w < r->c.warps; w++) {
		int ld = (int)((in->ld >> w) & 1u);
		int dn = in->done_valid && (int)in->done_warp == w && r->meas[w] && !ld;
		int prev = r->cnt[w] + 1 > MAX ? MAX : r->cnt[w] + 1, sc = 0;
		if (prev > r->c.thr_acc) {
			long d = prev - r->c.thr_acc;
			sc = smp >= (1 << r->c.ref_shift) ? (int)d : (int)(((long)smp * d) >> r->c.ref_shift);
		}
		cnt[w] = r->cnt[w];
		meas[w] = r->meas[w];
		if (ld) {
			cnt[w] = 0;
			meas[w] = 1;
		} else if (dn) {
			cnt[w] = sc;
			meas[w] = 0;
		} else if (r->meas[w]) {
			cnt[w] = prev;
		} else if ((in->grant >> w) & 1u) {
			cnt[w] = r->cnt[w] - 2;
		}
		if (dn) /* the completing warp's latency */
			last = prev;
	}
	memcpy(r->cnt, cnt, sizeof cnt);
	memcpy(r->meas, meas, sizeof meas);
	if (r->pc == r->c.sample_period - 1) {
		if (r->c.sample_period > 1)
			r->smp = last;
		r->pc = 0;
	} else {
		r->pc++;
	}
	r->last = last;
}

static int ref_matches(const ref *r, const mr_out *o)
{
	int ok = 1;
	for (int w = 0; w < r->c.warps; w++) {
		ok &= o->cnt[w] == r->cnt[w];
		ok &= (int)((o->meas >> w) & 1u) == r->meas[w];
		ok &= (int)((o->want >> w) & 1u) == (!r->meas[w] && r->cnt[w] > 1);
		ok &= (int)((o->prio >> w) & 1u) == (!r->meas[w] && r->cnt[w] > 0);
	}
	ok &= (int)o->sample == ref_smp(r);
	return ok;
}

/* Random, mostly legal inputs for model m: loads, their completions at
 * random latencies (some long enough to saturate; one a cycle: the first
 * measuring warp, from a random one on, that draws it), grants while
 * wanted; done_warp_i random without done_valid_i. */
static void rand_in(const mr_model *m, mr_in *in, int long_loads)
{
	const mr_cfg *c = mr_config(m);
	unsigned W = (unsigned)c->warps, ids = 1u << mr_dims_get(m)->wb;
	uint64_t want = mr_want(m), meas = mr_meas(m);
	memset(in, 0, sizeof *in);
	in->rst = rnd(3000) == 0;
	in->done_warp = rnd(ids);
	for (unsigned k = 0, w0 = rnd(W); k < W && !in->done_valid; k++) {
		unsigned w = (w0 + k) % W;
		if (((meas >> w) & 1u) && rnd(long_loads ? 300 : 25) == 0) {
			in->done_valid = 1;
			in->done_warp = w;
		}
	}
	if (!in->done_valid && rnd(40) == 0) { /* a stray completion, ignored outside MEASURE */
		in->done_valid = 1;
		in->done_warp = rnd(W);
	}
	for (unsigned w = 0; w < W; w++) {
		if (rnd(long_loads ? 400 : 60) == 0)
			in->ld |= B(w);
		if (((want >> w) & 1u) && !((in->ld >> w) & 1u) && rnd(3) == 0)
			in->grant |= B(w);
	}
	if (rnd(400) == 0) /* a protocol error now and then */
		in->grant |= B(rnd(W));
	if (ids > W && rnd(1000) == 0) { /* a warp id the port can carry but WARPS has not */
		in->done_valid = 1;
		in->done_warp = W + rnd(ids - W);
	}
}

static void put_in(wg_fr *f, const mr_in *in)
{
	wg_fr_set(f, MR_RST_I, in->rst);
	wg_fr_set(f, MR_LD_I, in->ld);
	wg_fr_set(f, MR_DONE_VALID_I, in->done_valid);
	wg_fr_set(f, MR_DONE_WARP_I, in->done_warp);
	wg_fr_set(f, MR_GRANT_I, in->grant);
}

static int frame_matches(const wg_fr *f, const mr_cfg *c, const mr_out *o)
{
	int ok = 1;
	unsigned cb = (unsigned)c->cnt_bits;
	for (int w = 0; w < c->warps; w++)
		ok &= wg_fr_get(f, MR_CNT_O, cb * (unsigned)w, cb) == o->cnt[w];
	ok &= wg_fr_port(f, MR_WANT_O) == o->want;
	ok &= wg_fr_port(f, MR_PRIO_O) == o->prio;
	ok &= wg_fr_port(f, MR_MEAS_O) == o->meas;
	ok &= wg_fr_port(f, MR_SAMPLE_O) == o->sample;
	ok &= wg_fr_events_are(f, o->ev);
	return ok;
}

static void random_one(mr_cfg c, long cycles, int long_loads, int budgets)
{
	long p[MR_NPARAMS];
	wg_fr f;
	mr_cfg_to_params(&c, p);
	char buf[256];
	CHECK(wg_params_check(&wg_block_memra, p, buf, sizeof buf) == NULL);
	wg_fr_open(&f, &wg_block_memra, p);
	mr_model *m = mr_new(&c), *copy = NULL;
	ref r = {.c = c};
	mr_in in;
	mr_out o, oc;
	int bad_fr = 0, bad_ref = 0, errors = 0;
	uint64_t acc_ev[MR_NEVENTS] = {0};
	for (long k = 0; k < cycles; k++) {
		rand_in(m, &in, long_loads);
		if (k == 0)
			in.rst = 1;
		put_in(&f, &in);
		int rc = mr_eval(m, &in, &o);
		int frc = wg_block_memra.model_eval(f.m, f.in, f.out, f.err, sizeof f.err);
		bad_fr |= (rc != 0) != (frc != 0) || !frame_matches(&f, &c, &o);
		bad_fr |= rc && strcmp(f.err, o.msg) != 0;
		if (copy) /* a memcpy copy runs the same */
			bad_fr |= mr_eval(copy, &in, &oc) != rc || memcmp(&o, &oc, sizeof o) != 0;
		bad_ref |= k > 0 && !ref_matches(&r, &o);
		if (rc) { /* the model stops on a violation: drop this cycle's inputs */
			errors++;
			continue;
		}
		if (!in.rst)
			for (int e = 0; e < MR_NEVENTS; e++)
				acc_ev[e] += o.ev[e];
		mr_tick(m, &in);
		ref_step(&r, &in);
		wg_block_memra.model_tick(f.m, f.in);
		if (copy)
			mr_tick(copy, &in);
		if (k == cycles / 2)
			copy = clone(m);
	}
	const uint64_t *fc = wg_block_memra.model_counts(f.m);
	for (int e = 0; e < MR_NEVENTS; e++) {
		bad_fr |= fc[e] != mr_counts(m)[e];
		bad_fr |= acc_ev[e] != mr_counts(m)[e];
	}
	if (bad_fr || bad_ref)
		printf("  random run differs (frames %d, reference %d) at WARPS=%d CNT_BITS=%d THR_ACC=%d REF_SHIFT=%d SAMPLE_PERIOD=%d\n",
		       bad_fr, bad_ref, c.warps, c.cnt_bits, c.thr_acc, c.ref_shift, c.sample_period);
	CHECK_EQ(bad_fr, 0);
	CHECK_EQ(bad_ref, 0);
	CHECK(errors > 0);
	CHECK(!budgets || mr_counts(m)[MR_EV_GRANT] > 0);
	CHECK(mr_counts(m)[MR_EV_PREDICT] > 0);
	free(copy);
	mr_free(m);
	wg_fr_close(&f);
}

static void test_random(void)
{
	random_one(cfg_of(48, 11, 10, 7, 1024), 20000, 0, 1);
	random_one(cfg_of(48, 11, 10, 7, 16), 20000, 1, 1);
	random_one(cfg_of(64, 16, 65535, 15, 65536), 5000, 0, 0); /* no budget ever */
	random_one(cfg_of(64, 16, 3, 15, 7), 10000, 0, 0);        /* samples far below ref_acc */
	random_one(cfg_of(64, 16, 3, 4, 7), 10000, 0, 1);
	random_one(cfg_of(1, 4, 2, 3, 1), 20000, 0, 1);
	random_one(cfg_of(48, 11, 10, 7, 1), 20000, 0, 1);         /* smp_q is last_q */
	random_one(cfg_of(1, 4, 0, 0, 1), 20000, 1, 1);
	random_one(cfg_of(5, 4, 0, 0, 3), 20000, 1, 1);
	random_one(cfg_of(33, 8, 20, 5, 100), 20000, 1, 1);
}

int main(void)
{
	test_desc();
	test_storage();
	test_eq1_oracle();
	test_eq1_block();
	test_diagram();
	test_saturate();
	test_new_load_discards_budget();
	test_completion_sees_old();
	test_odd_budget();
	test_one_completion();
	test_sample_period();
	test_events_reset();
	test_protocol();
	test_random();
	return wg_check_done();
}
