/* test_equalizer_model.c - unit tests of Equalizer's C model (csim/equalizer.c,
 * csim/equalizer_frame.c) against the cycle contract docs/equalizer.md.
 *
 * Algorithm 1 is checked on the spec's truth table (spec §2.4, W_cta = 8,
 * S = 32) with both normalisations; the classification on every priority
 * case; then directed runs through the typed API (samples and the bypass,
 * the decision register, the hysteresis sequences of spec §2.12 #3, the
 * CTA controller with the age matrix, slot events, requests, kernel start,
 * protocol violations) and a random protocol-respecting driver that runs
 * the frame adapter next to the typed path (bit-exact outputs, counts). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "equalizer.h"
#include "wg_bits.h"
#include "wg_check.h"
#include "wg_frame.h"
#include "wg_rng.h"

#define B(w) (UINT64_C(1) << (w))

/* ------------------------------------------------------------------ */
/* Algorithm 1 and the pure functions                                  */
/* ------------------------------------------------------------------ */

/* The defaults (S = 32) with a NORM. */
static eq_cfg cfg_s32(int norm)
{
	eq_cfg c;
	eq_cfg_default(&c);
	c.norm = norm;
	return c;
}

static void check_dec(const eq_cfg *c, unsigned long xm, unsigned long xa, unsigned long wt, unsigned long a,
		      unsigned w, int delta, int vote, int line)
{
	eq_decision d = eq_decide(c, xm, xa, wt, a, w);
	if (d.delta != delta || d.vote != vote || d.line != line)
		printf("  decide(%s: XM=%lu XA=%lu WT=%lu A=%lu W=%u) = (%d, %d, line %d), want (%d, %d, line %d)\n",
		       c->norm == EQ_NORM_SHIFT ? "SHIFT" : "SCALED", xm, xa, wt, a, w, d.delta, d.vote, d.line, delta,
		       vote, line);
	CHECK(d.delta == delta && d.vote == vote && d.line == line);
}

static void test_truth_table(void)
{
	static const unsigned long any[] = {0, 1, 63, 255, 600, 1200, 1536};
	const int N = (int)(sizeof any / sizeof any[0]);
	eq_cfg sc = cfg_s32(EQ_NORM_SCALED), sh = cfg_s32(EQ_NORM_SHIFT);
	CHECK_EQ(eq_samples(&sc), 32);
	/* spec §2.4, W_cta = 8, S = 32, NORM = SCALED: every row, "any" swept */
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			for (int k = 0; k < N; k++)
				check_dec(&sc, 257, any[i], any[j], any[k], 8, -1, EQ_VOTE_MEM, 8);
	for (int j = 0; j < N; j++)
		for (int k = 0; k < N; k++) {
			check_dec(&sc, 256, 256, any[j], any[k], 8, 0, EQ_VOTE_COMP, 11);
			check_dec(&sc, 65, 255, any[j], any[k], 8, 0, EQ_VOTE_MEM, 13);
		}
	check_dec(&sc, 64, 100, 700, 1200, 8, +1, EQ_VOTE_COMP, 15);
	check_dec(&sc, 64, 64, 700, 1200, 8, +1, EQ_VOTE_MEM, 15);   /* tie goes to MEM (line 18) */
	check_dec(&sc, 10, 10, 600, 1200, 8, 0, EQ_VOTE_NONE, 0);    /* degenerate: 1200 is not > 1200 */
	check_dec(&sc, 0, 0, 0, 0, 8, 0, EQ_VOTE_COMP, 22);          /* idle SM */
	/* neighbours of the boundaries */
	check_dec(&sc, 256, 255, 0, 1, 8, 0, EQ_VOTE_MEM, 13);
	check_dec(&sc, 64, 255, 601, 1200, 8, +1, EQ_VOTE_COMP, 15);
	check_dec(&sc, 64, 63, 700, 1200, 8, +1, EQ_VOTE_MEM, 15);
	check_dec(&sc, 0, 0, 0, 31, 8, 0, EQ_VOTE_NONE, 0);
	/* eq_decide is the pure Alg. 1: W = 0 makes line 10 true (the block never
	 * applies it then: no kernel gives 0 / NONE, test_kstart; a kernel needs W >= 1) */
	check_dec(&sc, 0, 0, 0, 0, 0, 0, EQ_VOTE_COMP, 11);
	check_dec(&sc, 0, 0, 500, 600, 0, 0, EQ_VOTE_COMP, 11);

	/* NORM = SHIFT: the same rows on floor(sum / 32) */
	check_dec(&sh, 257, 0, 0, 0, 8, 0, EQ_VOTE_MEM, 13);         /* 8 is not > 8; 8 > 2 */
	check_dec(&sh, 288, 0, 0, 0, 8, -1, EQ_VOTE_MEM, 8);         /* 9 > 8 */
	check_dec(&sh, 256, 256, 700, 1200, 8, 0, EQ_VOTE_COMP, 11);
	check_dec(&sc, 65, 255, 0, 1200, 8, 0, EQ_VOTE_MEM, 13);     /* the boundary: SCALED 65 > 64 */
	check_dec(&sh, 65, 255, 0, 1200, 8, 0, EQ_VOTE_NONE, 0);     /* SHIFT: 2 is not > 2 */
	check_dec(&sh, 95, 255, 0, 1200, 8, 0, EQ_VOTE_NONE, 0);
	check_dec(&sh, 96, 255, 0, 1200, 8, 0, EQ_VOTE_MEM, 13);     /* 3 > 2 */
	check_dec(&sh, 64, 100, 700, 1200, 8, +1, EQ_VOTE_COMP, 15);
	check_dec(&sh, 64, 64, 700, 1200, 8, +1, EQ_VOTE_MEM, 15);
	check_dec(&sh, 10, 10, 600, 1200, 8, 0, EQ_VOTE_NONE, 0);
	check_dec(&sh, 0, 0, 0, 0, 8, 0, EQ_VOTE_COMP, 22);
	check_dec(&sh, 0, 0, 0, 31, 8, 0, EQ_VOTE_COMP, 22);         /* 31 >> 5 = 0: idle */
	check_dec(&sh, 64, 70, 700, 1200, 8, +1, EQ_VOTE_MEM, 15);   /* 2 vs 2: tie after the shift */
}

static void test_vf_map(void)
{
	eq_cfg c = cfg_s32(EQ_NORM_SCALED);
	c.objective = EQ_OBJ_ENERGY;
	CHECK_EQ(eq_vf_of_vote(&c, EQ_VOTE_COMP), 3);
	CHECK_EQ(eq_vf_of_vote(&c, EQ_VOTE_MEM), 1);
	CHECK_EQ(eq_vf_of_vote(&c, EQ_VOTE_NONE), 0);
	c.objective = EQ_OBJ_PERFORMANCE;
	CHECK_EQ(eq_vf_of_vote(&c, EQ_VOTE_COMP), 5);
	CHECK_EQ(eq_vf_of_vote(&c, EQ_VOTE_MEM), 7);
	CHECK_EQ(eq_vf_of_vote(&c, EQ_VOTE_NONE), 0);
}

/* One warp per classification case (docs/equalizer.md, the ordered list). */
static void test_classify(void)
{
	eq_cfg c;
	eq_cfg_default(&c);
	c.warps = 10;
	eq_in in;
	memset(&in, 0, sizeof in);
	/* w0 paused (would be X_alu); w1 no head (at a barrier, not ready);
	 * w2 barrier, not ready; w3 waiting memory head; w4 issued memory head;
	 * w5 ready memory head; w6 ready ALU head; w7 barrier, ready memory head;
	 * w8 no head, ready; w9 waiting at a barrier with a ready ALU head and issued */
	in.hv = B(0) | B(2) | B(3) | B(4) | B(5) | B(6) | B(7) | B(9);
	in.hrdy = B(0) | B(4) | B(5) | B(6) | B(7) | B(8) | B(9);
	in.hmem = B(3) | B(4) | B(5) | B(7);
	in.hbar = B(1) | B(2) | B(7) | B(9);
	in.iss = B(4) | B(9);
	uint64_t wp = B(0);
	for (int ba = 0; ba < 2; ba++)
		for (int st = 0; st < 2; st++)
			for (int full = 0; full < 2; full++) {
				c.barrier_active = ba;
				c.xmem_strict = st;
				in.lsu_full = (unsigned)full;
				eq_sample_counts s = eq_classify(&c, &in, wp);
				/* active: w3 w4 w5 w6, plus w2 w7 w9 with BARRIER_IS_ACTIVE */
				CHECK_EQ(s.active, ba ? 7 : 4);
				CHECK_EQ(s.waiting, 1);   /* w3 only (w2's barrier comes first) */
				CHECK_EQ(s.xalu, 1);      /* w6 only (w0 paused, w9 at a barrier) */
				CHECK_EQ(s.xmem, !st || full ? 1 : 0); /* w5 only (w4 issued, w7 at a barrier) */
			}
	/* without the pause, w0 is X_alu */
	c.barrier_active = c.xmem_strict = 0;
	eq_sample_counts s = eq_classify(&c, &in, 0);
	CHECK_EQ(s.active, 5);
	CHECK_EQ(s.xalu, 2);
	/* warps beyond WARPS are not looked at */
	c.warps = 6;
	s = eq_classify(&c, &in, wp);
	CHECK_EQ(s.active, 3);   /* w3 w4 w5 */
	CHECK_EQ(s.xalu, 0);
	CHECK_EQ(s.xmem, 1);
}

/* ------------------------------------------------------------------ */
/* Bench                                                               */
/* ------------------------------------------------------------------ */

/* Per-warp pattern of a cycle, for warps of valid slots (free slots' warps
 * have no head, by the protocol). */
enum { P_IDLE, P_WAIT, P_XMEM, P_XALU };

typedef struct tb {
	eq_model *m;   /* model under test */
	eq_cfg c;      /* its configuration */
	eq_in in;      /* this cycle's inputs */
	eq_out o;      /* outputs of the last eval */
	int rc;        /* return of the last eval */
	int pat;       /* P_*: the warps' heads */
	int wpc;       /* warps per CTA: warp w is in slot w / wpc */
	long cyc;      /* cycles run */
} tb;

/* WARPS=8, SAMPLE_PERIOD=4, EPOCH=16 (S=4), MAX_CTAS=4, HYSTERESIS=3. */
static eq_cfg small_cfg(void)
{
	eq_cfg c;
	eq_cfg_default(&c);
	c.warps = 8;
	c.sample_period = 4;
	c.epoch = 16;
	c.max_ctas = 4;
	c.hysteresis = 3;
	return c;
}

/* The warps' heads from the pattern and the valid slots. */
static void tb_heads(tb *t)
{
	uint64_t live = 0;
	unsigned v = eq_valid(t->m);
	for (int w = 0; w < t->c.warps; w++)
		if ((v >> t->in.wslot[w]) & 1u)
			live |= B(w);
	t->in.hv = t->pat == P_IDLE ? 0 : live;
	t->in.hrdy = t->pat == P_XMEM || t->pat == P_XALU ? live : 0;
	t->in.hmem = t->pat == P_XMEM ? live : 0;
	t->in.hbar = t->in.iss = 0;
}

static int tb_eval(tb *t)
{
	tb_heads(t);
	t->rc = eq_eval(t->m, &t->in, &t->o);
	return t->rc;
}

/* One legal cycle: eval (must accept), tick, events cleared for the next. */
static void tb_cycle(tb *t)
{
	tb_eval(t);
	if (t->rc)
		printf("  unexpected violation: %s\n", t->o.msg);
	CHECK_EQ(t->rc, 0);
	eq_tick(t->m, &t->in);
	t->in.rst = t->in.kstart = 0;
	t->in.launch = t->in.done = 0;
	t->in.launch_slot = t->in.done_slot = 0;
	t->cyc++;
}

static void tb_open_cfg(tb *t, const eq_cfg *c, int wpc)
{
	long p[EQ_NPARAMS];
	char buf[256];
	eq_cfg_to_params(c, p);
	const char *e = wg_params_check(&wg_block_equalizer, p, buf, sizeof buf);
	if (e)
		printf("  bad test config: %s\n", e);
	CHECK(e == NULL);
	memset(t, 0, sizeof *t);
	t->c = *c;
	t->m = eq_new(c);
	t->wpc = wpc;
	for (int w = 0; w < c->warps; w++)
		t->in.wslot[w] = (uint8_t)(w / wpc);
	t->in.rst = 1;
	tb_cycle(t);
}

static void tb_close(tb *t)
{
	eq_free(t->m);
}

/* A kernel start at this edge. */
static void tb_kstart(tb *t, unsigned kmax, unsigned wcta)
{
	t->in.kstart = 1;
	t->in.kmax = kmax;
	t->in.wcta = wcta;
	t->in.gwde_avail = 1;
	tb_cycle(t);
	CHECK_EQ(eq_target(t->m), kmax);
	CHECK_EQ(eq_cyc(t->m), 0);
}

/* Wait for cta_req_o (at most 4 cycles), then launch into slot s. */
static void tb_launch(tb *t, int s)
{
	int k = 0;
	for (; k < 4 && !eq_req_pending(t->m); k++)
		tb_cycle(t);
	CHECK(eq_req_pending(t->m));
	t->in.launch = 1;
	t->in.launch_slot = (unsigned)s;
	tb_cycle(t);
	CHECK((eq_valid(t->m) >> s) & 1u);
}

/* Run to the first cycle of an epoch. */
static void tb_align(tb *t)
{
	while (eq_cyc(t->m) != 0)
		tb_cycle(t);
}

/* One whole epoch with pattern pat; returns its decision (delta). */
static int tb_epoch(tb *t, int pat)
{
	CHECK_EQ(eq_cyc(t->m), 0);
	t->pat = pat;
	for (int k = 0; k < t->c.epoch; k++)
		tb_cycle(t);
	t->pat = P_IDLE;
	return (int)t->o.delta; /* not yet: the decision is registered at this edge */
}

/* The small bench with a kernel of kmax CTAs (wcta 2) launched in the slot
 * order given, then aligned to an epoch start. */
static void tb_kernel4(tb *t, unsigned kmax, const int *order, int n)
{
	eq_cfg c = small_cfg();
	tb_open_cfg(t, &c, 2);
	tb_kstart(t, kmax, 2);
	for (int i = 0; i < n; i++)
		tb_launch(t, order[i]);
	tb_align(t);
}

/* ------------------------------------------------------------------ */
/* Samples, epoch, decision register                                   */
/* ------------------------------------------------------------------ */

/* WARPS=64 at S=32 (spec §2.12 #2): every warp X_mem for a whole epoch
 * reaches WARPS*S = 2048 in the CW = 12-bit counters, exactly S samples. */
static void test_samples_bypass(void)
{
	eq_cfg c;
	eq_cfg_default(&c);
	c.warps = 64;
	CHECK_EQ(eq_samples(&c), 32);
	CHECK_EQ(eq_cnt_bits(&c), 12);
	CHECK_EQ(eq_cyc_bits(&c), 12);
	tb t;
	tb_open_cfg(&t, &c, 8);
	tb_kstart(&t, 8, 8);
	for (int s = 0; s < 8; s++)
		tb_launch(&t, s);
	CHECK_EQ(eq_valid(t.m), 0xff);
	tb_align(&t);
	CHECK_EQ(eq_stats(t.m).active, 0); /* restarted at the boundary */
	t.pat = P_XMEM;
	int samples = 0, first = -1;
	for (int k = 0; k < c.epoch - 1; k++) {
		tb_eval(&t);
		if (t.o.sample) {
			samples++;
			if (first < 0)
				first = k;
			CHECK_EQ(t.o.ev[EQ_EV_SAMPLE], 1);
			CHECK_EQ(k % c.sample_period, c.sample_period - 1);
		}
		tb_cycle(&t);
	}
	CHECK_EQ(first, c.sample_period - 1);
	/* the epoch's last cycle: 31 samples in the counters, the 32nd bypassed */
	CHECK_EQ(eq_cyc(t.m), (unsigned)c.epoch - 1);
	CHECK_EQ(eq_stats(t.m).xmem, 64 * 31);
	CHECK_EQ(eq_stats(t.m).active, 64 * 31);
	tb_eval(&t);
	CHECK_EQ(t.o.sample, 1);
	CHECK_EQ(t.o.dec_valid, 0);
	CHECK_EQ(t.o.ev[EQ_EV_DECIDE], 1);
	CHECK_EQ(t.o.ev[EQ_EV_VOTE], 1);
	samples++;
	tb_cycle(&t);
	CHECK_EQ(samples, 32);
	eq_sample_counts ls = eq_last_sums(t.m);
	CHECK_EQ(ls.xmem, 2048);
	CHECK_EQ(ls.active, 2048);
	CHECK_EQ(ls.waiting, 0);
	CHECK_EQ(ls.xalu, 0);
	CHECK(ls.xmem < (1u << eq_cnt_bits(&c)));
	eq_sample_counts st = eq_stats(t.m);
	CHECK(st.active == 0 && st.waiting == 0 && st.xalu == 0 && st.xmem == 0);
	CHECK_EQ(eq_cyc(t.m), 0);
	/* the decision, one cycle after the epoch end: 2048 > 8*32 -> -1, MEM */
	tb_eval(&t);
	CHECK_EQ(t.o.dec_valid, 1);
	CHECK_EQ(t.o.delta, EQ_DELTA_DEC);
	CHECK_EQ(t.o.vote, EQ_VOTE_MEM);
	CHECK_EQ(t.o.vf, EQ_VF_VALID); /* ENERGY: MEM lowers the SM domain */
	CHECK_EQ(t.o.sample, 0);
	tb_cycle(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.dec_valid, 0);     /* one cycle only */
	CHECK_EQ(t.o.delta, EQ_DELTA_DEC); /* held */
	CHECK_EQ(t.o.vote, EQ_VOTE_MEM);
	CHECK_EQ(eq_stats(t.m).xmem, 0); /* no sample since the boundary */
	tb_close(&t);
}

/* Only sample cycles count: a pattern outside them leaves no trace. */
static void test_sample_only(void)
{
	tb t;
	int order[] = {0, 1, 2, 3};
	tb_kernel4(&t, 4, order, 4);
	for (int k = 0; k < 16; k++) {
		t.pat = (k % 4 == 3) ? P_XALU : P_XMEM;
		tb_cycle(&t);
	}
	eq_sample_counts ls = eq_last_sums(t.m);
	CHECK_EQ(ls.xalu, 8 * 4);
	CHECK_EQ(ls.xmem, 0);
	CHECK_EQ(ls.active, 8 * 4);
	tb_eval(&t);
	CHECK_EQ(t.o.dec_valid, 1);
	CHECK_EQ(t.o.delta, EQ_DELTA_ZERO);
	CHECK_EQ(t.o.vote, EQ_VOTE_COMP);
	CHECK_EQ(t.o.vf, EQ_VF_VALID | EQ_VF_MEM);
	tb_close(&t);
}

/* ------------------------------------------------------------------ */
/* Hysteresis (spec §2.12 #3) and the CTA controller                   */
/* ------------------------------------------------------------------ */

/* An epoch of pat; checks the registered delta and the hysteresis state. */
static void hyst_step(tb *t, int pat, int delta, unsigned cnt, int dir, unsigned T)
{
	tb_epoch(t, pat);
	tb_eval(t);
	CHECK_EQ(t->o.dec_valid, 1);
	CHECK_EQ(t->o.delta, (unsigned)delta & 3u);
	CHECK_EQ(eq_hyst_cnt(t->m), cnt);
	if (cnt)
		CHECK_EQ(eq_hyst_dir(t->m), dir);
	CHECK_EQ(eq_target(t->m), T);
	CHECK_EQ(t->o.nblocks, T);
}

static void test_hysteresis(void)
{
	tb t;
	int order[] = {0, 1, 2, 3};
	tb_kernel4(&t, 4, order, 4);
	CHECK_EQ(eq_target(t.m), 4);
	/* +1, +1, +1 at T = kmax: a no-op that still resets the count */
	uint64_t tc0 = eq_counts(t.m)[EQ_EV_TCHANGE];
	hyst_step(&t, P_WAIT, +1, 1, +1, 4);
	hyst_step(&t, P_WAIT, +1, 2, +1, 4);
	hyst_step(&t, P_WAIT, +1, 0, 0, 4);
	CHECK_EQ(eq_counts(t.m)[EQ_EV_TCHANGE], tc0);
	/* -1, -1, -1 applies: T 4 -> 3, tchange once */
	hyst_step(&t, P_XMEM, -1, 1, -1, 4);
	hyst_step(&t, P_XMEM, -1, 2, -1, 4);
	hyst_step(&t, P_XMEM, -1, 0, 0, 3);
	CHECK_EQ(eq_counts(t.m)[EQ_EV_TCHANGE], tc0 + 1);
	/* +1, +1, 0 resets */
	hyst_step(&t, P_WAIT, +1, 1, +1, 3);
	hyst_step(&t, P_WAIT, +1, 2, +1, 3);
	hyst_step(&t, P_XALU, 0, 0, 0, 3);
	/* +1, +1, -1 restarts with -1; then +1 restarts with +1 */
	hyst_step(&t, P_WAIT, +1, 1, +1, 3);
	hyst_step(&t, P_WAIT, +1, 2, +1, 3);
	hyst_step(&t, P_XMEM, -1, 1, -1, 3);
	hyst_step(&t, P_WAIT, +1, 1, +1, 3);
	hyst_step(&t, P_WAIT, +1, 2, +1, 3);
	hyst_step(&t, P_WAIT, +1, 0, 0, 4);
	/* down to the lower clamp: T = 1, then -1 three times is a no-op */
	for (unsigned T = 3; T >= 1; T--) {
		hyst_step(&t, P_XMEM, -1, 1, -1, T + 1);
		hyst_step(&t, P_XMEM, -1, 2, -1, T + 1);
		hyst_step(&t, P_XMEM, -1, 0, 0, T);
	}
	CHECK_EQ(eq_target(t.m), 1);
	CHECK_EQ(eq_paused(t.m), 0xc);   /* slots 3, 2 paused, youngest first */
	tb_cycle(&t);                    /* the pause of slot 1 */
	CHECK_EQ(eq_paused(t.m), 0xe);
	tb_align(&t);
	/* at T = 1 only 2 warps run: X_mem 2*4 = 8 is not > W*S = 8 nor > 2*S,
	 * so the epoch is degenerate (NONE) */
	uint64_t nd = eq_counts(t.m)[EQ_EV_DECIDE], nv = eq_counts(t.m)[EQ_EV_VOTE];
	hyst_step(&t, P_XMEM, 0, 0, 0, 1);
	CHECK_EQ(t.o.vote, EQ_VOTE_NONE);
	CHECK_EQ(t.o.vf, 0);
	CHECK_EQ(eq_counts(t.m)[EQ_EV_DECIDE], nd + 1);
	CHECK_EQ(eq_counts(t.m)[EQ_EV_VOTE], nv);   /* no vote event for NONE */
	tb_close(&t);

	/* HYSTERESIS = 1: every non-zero decision applies at once; the
	 * lower clamp with a no-op -1 */
	eq_cfg c = small_cfg();
	c.hysteresis = 1;
	c.sample_period = 1;
	c.epoch = 2;
	tb_open_cfg(&t, &c, 2);
	tb_kstart(&t, 2, 1); /* W_cta = 1: XM > 2 per sample is -1 */
	tb_launch(&t, 0);
	tb_launch(&t, 1);
	tb_align(&t);
	tb_epoch(&t, P_XMEM);    /* 4 warps x 2 samples = 8 > 2 */
	CHECK_EQ(eq_target(t.m), 1);
	CHECK_EQ(eq_hyst_cnt(t.m), 0);
	tb_cycle(&t);            /* the pause (slot 1, the youngest) */
	CHECK_EQ(eq_paused(t.m), 2);
	tb_align(&t);
	tb_epoch(&t, P_XMEM);    /* 2 warps x 2 = 4 > 2: -1 again, clamped at 1 */
	tb_eval(&t);
	CHECK_EQ(t.o.delta, EQ_DELTA_DEC);
	CHECK_EQ(eq_target(t.m), 1);
	CHECK_EQ(t.o.ev[EQ_EV_PAUSE], 0);
	tb_close(&t);
}

/* Launch order 2, 0, 3, 1: the age matrix, pause the youngest, unpause
 * the oldest, a done keeps the reduced count by unpausing. */
static void test_age_pause_unpause(void)
{
	tb t;
	int order[] = {2, 0, 3, 1};
	tb_kernel4(&t, 4, order, 4);
	int rank[4] = {1, 3, 0, 2}; /* launch position of each slot */
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++)
			CHECK_EQ(eq_older(t.m, i, j), i != j && rank[i] < rank[j]);
	CHECK_EQ(eq_older(t.m, 1, 1), 0);
	/* T 4 -> 3: the pause comes the cycle after the epoch end */
	for (int k = 0; k < 3; k++)
		tb_epoch(&t, P_XMEM);
	CHECK_EQ(eq_target(t.m), 3);
	CHECK_EQ(eq_paused(t.m), 0);
	tb_eval(&t);
	CHECK_EQ(t.o.ev[EQ_EV_PAUSE], 1);
	CHECK_EQ(t.o.cta_req, 0);
	tb_cycle(&t);
	CHECK_EQ(eq_paused(t.m), B(1));       /* slot 1 was launched last */
	tb_eval(&t);
	CHECK_EQ(t.o.wpause, B(2) | B(3));    /* its warps */
	t.in.wslot[2] = 1 | 4;                /* bits above SB = 2 are not part of the port */
	tb_eval(&t);
	CHECK_EQ(t.o.wpause, B(2) | B(3));
	t.in.wslot[2] = 1;
	CHECK_EQ(t.o.cta_paused, B(1));
	CHECK_EQ(t.o.cta_valid, 0xf);
	CHECK_EQ(t.o.ev[EQ_EV_PAUSE], 0);     /* U = T now: one action only */
	tb_align(&t);
	/* T 3 -> 2: pause slot 3 next */
	for (int k = 0; k < 3; k++)
		tb_epoch(&t, P_XMEM);
	tb_cycle(&t);
	CHECK_EQ(eq_paused(t.m), B(1) | B(3));
	tb_align(&t);
	/* paused warps are not counted: 4 unpaused warps x 4 samples */
	tb_epoch(&t, P_XALU);
	CHECK_EQ(eq_last_sums(t.m).active, 16);
	CHECK_EQ(eq_last_sums(t.m).xalu, 16);
	/* T 2 -> 3: unpause the oldest paused, slot 3 (launched before 1) */
	for (int k = 0; k < 3; k++)
		tb_epoch(&t, P_WAIT);
	CHECK_EQ(eq_target(t.m), 3);
	tb_eval(&t);
	CHECK_EQ(t.o.ev[EQ_EV_UNPAUSE], 1);
	tb_cycle(&t);
	CHECK_EQ(eq_paused(t.m), B(1));
	/* a CTA finishes: unpause slot 1 instead of asking for a new CTA */
	t.in.done = 1;
	t.in.done_slot = 2;
	tb_eval(&t);
	CHECK_EQ(t.o.ev[EQ_EV_UNPAUSE] + t.o.ev[EQ_EV_CTA_REQ], 0); /* slot event: no action */
	tb_cycle(&t);
	CHECK_EQ(eq_valid(t.m), 0xb);
	tb_eval(&t);
	CHECK_EQ(t.o.ev[EQ_EV_UNPAUSE], 1);
	CHECK_EQ(t.o.cta_req, 0);
	tb_cycle(&t);
	CHECK_EQ(eq_paused(t.m), 0);
	tb_eval(&t);
	CHECK_EQ(t.o.ev[EQ_EV_UNPAUSE] + t.o.ev[EQ_EV_PAUSE] + t.o.ev[EQ_EV_CTA_REQ], 0);
	/* a new launch into slot 2 is the youngest: older[j][2] for every valid j */
	t.in.done = 1;
	t.in.done_slot = 0;
	tb_cycle(&t);              /* U = 2 < T = 3, nothing paused: request */
	tb_eval(&t);
	CHECK_EQ(t.o.cta_req, 1);
	tb_launch(&t, 2);
	for (int j = 0; j < 4; j++)
		CHECK_EQ(eq_older(t.m, j, 2), j == 1 || j == 3);
	CHECK_EQ(eq_older(t.m, 2, 1) + eq_older(t.m, 2, 3), 0);
	tb_close(&t);
}

/* No controller action in a cycle with a slot event (spec §2.12 #4). */
static void test_slot_event_blocks(void)
{
	tb t;
	int order[] = {0, 1, 2, 3};
	tb_kernel4(&t, 4, order, 4);
	for (int k = 0; k < 3; k++)
		tb_epoch(&t, P_XMEM);
	CHECK_EQ(eq_target(t.m), 3);
	/* the pause is due now; a CTA completes in this cycle instead */
	t.in.done = 1;
	t.in.done_slot = 0;
	tb_eval(&t);
	CHECK_EQ(t.o.ev[EQ_EV_PAUSE], 0);
	tb_cycle(&t);
	CHECK_EQ(eq_paused(t.m), 0);
	tb_eval(&t); /* U = 3 = T: nothing left to do */
	CHECK_EQ(t.o.ev[EQ_EV_PAUSE] + t.o.ev[EQ_EV_UNPAUSE] + t.o.ev[EQ_EV_CTA_REQ], 0);
	tb_close(&t);

	/* a launch in the cycle an unpause is due: the launch fills the gap */
	int order3[] = {0, 1, 2};
	tb_kernel4(&t, 4, order3, 3);
	CHECK_EQ(eq_req_pending(t.m), 1);   /* the 4th request is outstanding */
	for (int k = 0; k < 6; k++)
		tb_epoch(&t, P_XMEM);           /* T 4 -> 3 -> 2 */
	CHECK_EQ(eq_target(t.m), 2);
	tb_cycle(&t);
	CHECK_EQ(eq_paused(t.m), B(2));     /* the youngest of 0, 1, 2 */
	tb_align(&t);
	for (int k = 0; k < 3; k++)
		tb_epoch(&t, P_WAIT);           /* T 2 -> 3 */
	CHECK_EQ(eq_target(t.m), 3);
	CHECK_EQ(eq_req_pending(t.m), 1);
	t.in.launch = 1;
	t.in.launch_slot = 3;
	tb_eval(&t);
	CHECK_EQ(t.o.ev[EQ_EV_UNPAUSE], 0);
	tb_cycle(&t);
	CHECK_EQ(eq_valid(t.m), 0xf);
	CHECK_EQ(eq_paused(t.m), B(2));     /* never unpaused: U = 3 = T */
	CHECK_EQ(eq_req_pending(t.m), 0);
	tb_eval(&t);
	CHECK_EQ(t.o.ev[EQ_EV_PAUSE] + t.o.ev[EQ_EV_UNPAUSE] + t.o.ev[EQ_EV_CTA_REQ], 0);
	tb_close(&t);
}

/* Requests: only with gwde_avail_i and none outstanding (spec §2.12 #6). */
static void test_requests(void)
{
	eq_cfg c = small_cfg();
	tb t;
	tb_open_cfg(&t, &c, 2);
	tb_eval(&t);
	CHECK_EQ(t.o.cta_req, 0);  /* T = 0, no kernel */
	t.in.kstart = 1;
	t.in.kmax = 2;
	t.in.wcta = 2;
	t.in.gwde_avail = 1;
	tb_eval(&t);
	CHECK_EQ(t.o.cta_req, 0);  /* not in the kstart cycle */
	tb_cycle(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.cta_req, 1);
	CHECK_EQ(t.o.ev[EQ_EV_CTA_REQ], 1);
	tb_cycle(&t);
	CHECK_EQ(eq_req_pending(t.m), 1);
	for (int k = 0; k < 3; k++) {
		tb_eval(&t);
		CHECK_EQ(t.o.cta_req, 0); /* one outstanding */
		tb_cycle(&t);
	}
	t.in.launch = 1;
	t.in.launch_slot = 3;
	tb_eval(&t);
	CHECK_EQ(t.o.cta_req, 0);  /* the launch cycle */
	tb_cycle(&t);
	CHECK_EQ(eq_req_pending(t.m), 0);
	tb_eval(&t);
	CHECK_EQ(t.o.cta_req, 1);  /* U = 1 < 2 */
	/* the distributor runs out: no request, the outstanding one forgotten */
	tb_cycle(&t);
	CHECK_EQ(eq_req_pending(t.m), 1);
	t.in.gwde_avail = 0;
	tb_eval(&t);
	CHECK_EQ(t.o.cta_req, 0);
	tb_cycle(&t);
	CHECK_EQ(eq_req_pending(t.m), 0);
	for (int k = 0; k < 5; k++) {
		tb_eval(&t);
		CHECK_EQ(t.o.cta_req, 0);
		tb_cycle(&t);
	}
	/* reset: no request in a reset cycle, T = 0 after */
	t.in.gwde_avail = 1;
	t.in.rst = 1;
	tb_eval(&t);
	CHECK_EQ(t.o.cta_req, 0);
	for (int e = 0; e < EQ_NEVENTS; e++)
		CHECK_EQ(t.o.ev[e], 0);
	tb_cycle(&t);
	CHECK_EQ(eq_target(t.m), 0);
	CHECK_EQ(eq_valid(t.m), 0);
	/* a kernel start forgets an outstanding request */
	tb_kstart(&t, 2, 2);
	tb_cycle(&t);
	CHECK_EQ(eq_req_pending(t.m), 1);
	t.in.kstart = 1;
	t.in.kmax = 1;
	t.in.wcta = 1;
	tb_eval(&t);
	CHECK_EQ(t.o.cta_req, 0);
	tb_cycle(&t);
	CHECK_EQ(eq_req_pending(t.m), 0);
	CHECK_EQ(eq_target(t.m), 1);
	tb_close(&t);
}

/* kstart_i resets the epoch, the counters, the hysteresis, the request and
 * the decision register, and loads T (spec §2.12 #10); no kernel: idle. */
static void test_kstart(void)
{
	tb t;
	int order[] = {0, 1, 2};
	tb_kernel4(&t, 4, order, 3);
	tb_epoch(&t, P_XMEM);
	tb_epoch(&t, P_XMEM);
	CHECK_EQ(eq_hyst_cnt(t.m), 2);
	CHECK_EQ(eq_req_pending(t.m), 1);
	t.pat = P_WAIT;
	for (int k = 0; k < 6; k++)
		tb_cycle(&t);
	CHECK(eq_stats(t.m).waiting > 0);
	t.pat = P_IDLE;
	t.in.gwde_avail = 0;
	for (int s = 0; s < 3; s++) {
		t.in.done = 1;
		t.in.done_slot = (unsigned)s;
		tb_cycle(&t);
	}
	CHECK_EQ(eq_valid(t.m), 0);
	CHECK(eq_cyc(t.m) != 0);
	t.in.kstart = 1;
	t.in.kmax = 3;
	t.in.wcta = 1;
	t.in.gwde_avail = 1;
	tb_eval(&t);
	CHECK_EQ(t.o.ev[EQ_EV_TCHANGE], 1); /* T 4 -> 3 at the edge */
	tb_cycle(&t);
	eq_sample_counts st = eq_stats(t.m);
	CHECK(st.active == 0 && st.waiting == 0 && st.xalu == 0 && st.xmem == 0);
	CHECK_EQ(eq_cyc(t.m), 0);
	CHECK_EQ(eq_hyst_cnt(t.m), 0);
	CHECK_EQ(eq_req_pending(t.m), 0);
	CHECK_EQ(eq_target(t.m), 3);
	tb_eval(&t);
	CHECK_EQ(t.o.dec_valid, 0);
	CHECK_EQ(t.o.delta, 0);
	CHECK_EQ(t.o.vote, 0);
	CHECK_EQ(t.o.vf, 0);
	CHECK_EQ(t.o.nblocks, 3);
	tb_close(&t);

	/* kmax_i = 0 (the kernel has ended) while CTAs remain: the epoch's X_mem
	 * would say -1, but without a kernel the decision is 0 / NONE; it clears
	 * the hysteresis count and leaves T alone */
	int order2[] = {0, 1};
	tb_kernel4(&t, 4, order2, 2);
	tb_epoch(&t, P_XMEM);
	CHECK_EQ(eq_hyst_cnt(t.m), 1);
	t.in.kmax = 0;
	t.in.wcta = 0;
	tb_epoch(&t, P_XMEM);
	tb_eval(&t);
	CHECK_EQ(t.o.dec_valid, 1);
	CHECK_EQ(t.o.delta, 0);
	CHECK_EQ(t.o.vote, EQ_VOTE_NONE);
	CHECK_EQ(t.o.vf, 0);
	CHECK(eq_last_sums(t.m).xmem > 0); /* it was sampled, not applied */
	CHECK_EQ(eq_hyst_cnt(t.m), 0);
	CHECK_EQ(eq_target(t.m), 4);
	tb_close(&t);

	/* no kernel (kmax = 0): T = 0, every epoch end decides (dec_valid_o, decide
	 * event) 0 / NONE (vf 0, no vote event), no CTA logic, no hysteresis */
	eq_cfg c = small_cfg();
	tb_open_cfg(&t, &c, 2);
	t.in.gwde_avail = 1;
	tb_kstart(&t, 0, 0);
	for (int k = 0; k < 4; k++) {
		tb_epoch(&t, P_WAIT);
		tb_eval(&t);
		CHECK_EQ(t.o.dec_valid, 1);
		CHECK_EQ(t.o.vote, EQ_VOTE_NONE);
		CHECK_EQ(t.o.vf, 0);
		CHECK_EQ(t.o.delta, 0);
		CHECK_EQ(eq_hyst_cnt(t.m), 0);
	}
	CHECK_EQ(eq_counts(t.m)[EQ_EV_CTA_REQ] + eq_counts(t.m)[EQ_EV_PAUSE] + eq_counts(t.m)[EQ_EV_UNPAUSE], 0);
	CHECK_EQ(eq_counts(t.m)[EQ_EV_DECIDE], 4);
	CHECK_EQ(eq_counts(t.m)[EQ_EV_VOTE], 0);
	CHECK_EQ(eq_counts(t.m)[EQ_EV_SAMPLE], 16);
	tb_close(&t);
}

/* ------------------------------------------------------------------ */
/* Protocol                                                            */
/* ------------------------------------------------------------------ */

/* eval must reject with a message containing `want`; state untouched. */
static void expect_bad(tb *t, const char *want)
{
	t->rc = eq_eval(t->m, &t->in, &t->o);
	if (t->rc != -1 || !strstr(t->o.msg, want))
		printf("  expected a violation with \"%s\", got rc %d \"%s\"\n", want, t->rc, t->o.msg);
	CHECK(t->rc == -1 && strstr(t->o.msg, want) != NULL);
	CHECK(strchr(t->o.msg, '\n') == NULL);
}

static void test_protocol(void)
{
	tb t;
	int order[] = {0, 1};
	tb_kernel4(&t, 3, order, 2);   /* slots 0, 1 valid (warps 0-3); a request pending */
	for (int k = 0; k < 3; k++)
		tb_epoch(&t, P_XMEM);      /* T 3 -> 2 */
	for (int k = 0; k < 3; k++)
		tb_epoch(&t, P_XMEM);      /* T 2 -> 1 */
	tb_cycle(&t);
	CHECK_EQ(eq_paused(t.m), B(1));  /* warps 2, 3 paused */
	CHECK_EQ(eq_req_pending(t.m), 1); /* the third CTA's request, still outstanding */
	t.in.gwde_avail = 0;             /* the distributor runs out: forgotten */
	tb_cycle(&t);
	CHECK_EQ(eq_req_pending(t.m), 0);
	t.pat = P_XALU;
	tb_heads(&t);
	eq_in base = t.in;

	t.in.iss = B(5);
	expect_bad(&t, "warp 5");
	expect_bad(&t, "hv_i");
	t.in = base;
	t.in.hrdy &= ~B(1);
	t.in.iss = B(1);
	expect_bad(&t, "hrdy_i");
	t.in = base;
	t.in.iss = B(2);
	expect_bad(&t, "paused");
	t.in = base;
	t.in.iss = B(0);                 /* legal */
	CHECK_EQ(eq_eval(t.m, &t.in, &t.o), 0);
	t.in = base;
	t.in.hv |= B(6);
	expect_bad(&t, "warp 6 of free slot 3");
	t.in = base;
	t.in.launch = 1;
	t.in.launch_slot = 2;
	expect_bad(&t, "without an outstanding request");
	t.in = base;
	t.in.done = 1;
	t.in.done_slot = 3;
	expect_bad(&t, "slot 3 which holds no CTA");
	t.in = base;
	t.in.kmax = 5;
	expect_bad(&t, "kmax_i = 5");
	t.in = base;
	t.in.wcta = 9;
	expect_bad(&t, "wcta_i = 9");
	t.in = base;
	t.in.wcta = 0;                   /* a kernel runs: W_cta must be 1..WARPS */
	expect_bad(&t, "wcta_i = 0 while a kernel runs");
	t.in = base;
	t.in.kmax = 2;
	expect_bad(&t, "while the kernel runs");
	t.in = base;
	t.in.wcta = 1;
	expect_bad(&t, "while the kernel runs");
	t.in = base;
	t.in.kstart = 1;
	expect_bad(&t, "slot 0 still holds a CTA");
	t.in = base;
	t.in.rst = 1;
	t.in.iss = 0xff;
	t.in.kmax = 7;
	CHECK_EQ(eq_eval(t.m, &t.in, &t.o), 0); /* nothing is checked in a reset cycle */
	CHECK_EQ(t.o.msg[0], '\0');
	t.in = base;
	t.pat = P_IDLE;
	t.in.gwde_avail = 1;
	/* launch + done naming one slot */
	t.in.done = 1;
	t.in.done_slot = 0;
	tb_cycle(&t);                    /* U = 0 < T = 1, slot 1 paused: unpause */
	tb_cycle(&t);
	CHECK_EQ(eq_paused(t.m), 0);
	t.in.done = 1;
	t.in.done_slot = 1;
	tb_cycle(&t);
	tb_cycle(&t);                    /* request */
	CHECK_EQ(eq_req_pending(t.m), 1);
	t.in.launch = 1;
	t.in.launch_slot = 2;
	t.in.done = 1;
	t.in.done_slot = 2;
	expect_bad(&t, "name the same slot 2");
	t.in.done = 0;
	t.in.kstart = 1;
	expect_bad(&t, "kstart_i together with cta_launch_i");
	tb_close(&t);

	/* launch into a valid slot; MAX_CTAS = 3: slot 3 is out of range */
	eq_cfg c = small_cfg();
	c.max_ctas = 3;
	tb_open_cfg(&t, &c, 3);
	tb_kstart(&t, 3, 3);
	tb_launch(&t, 1);
	tb_cycle(&t);
	CHECK_EQ(eq_req_pending(t.m), 1);
	t.in.launch = 1;
	t.in.launch_slot = 1;
	expect_bad(&t, "slot 1 which is not free");
	t.in.launch_slot = 3;
	expect_bad(&t, "slot 3 which is out of range");
	t.in.launch = 0;
	t.in.done = 1;
	t.in.done_slot = 3;
	expect_bad(&t, "slot 3 which holds no CTA");
	t.in.done = 0;
	/* warps with wslot_i out of range are not paused and must have no head */
	t.in.wslot[7] = 3;
	t.in.hv = B(7);
	expect_bad(&t, "warp 7 of free slot 3");
	tb_close(&t);
}

/* ------------------------------------------------------------------ */
/* Random driver: invariants, and the frame adapter against the typed  */
/* ------------------------------------------------------------------ */

static void frame_pack_in(wg_fr *f, const eq_cfg *c, const eq_in *i)
{
	unsigned sb = (unsigned)eq_slot_bits(c);
	memset(f->in, 0, (size_t)f->L.nwords[WG_IN] * sizeof *f->in);
	wg_fr_set(f, EQ_RST_I, i->rst);
	wg_fr_set(f, EQ_KSTART_I, i->kstart);
	wg_fr_set(f, EQ_KMAX_I, i->kmax);
	wg_fr_set(f, EQ_WCTA_I, i->wcta);
	wg_fr_set(f, EQ_GWDE_AVAIL_I, i->gwde_avail);
	wg_fr_set(f, EQ_LAUNCH_I, i->launch);
	wg_fr_set(f, EQ_LAUNCH_SLOT_I, i->launch_slot);
	wg_fr_set(f, EQ_DONE_I, i->done);
	wg_fr_set(f, EQ_DONE_SLOT_I, i->done_slot);
	for (int w = 0; w < c->warps; w++)
		wg_fr_put(f, EQ_WSLOT_I, (unsigned)w * sb, sb, i->wslot[w]);
	wg_fr_set(f, EQ_HV_I, i->hv);
	wg_fr_set(f, EQ_HRDY_I, i->hrdy);
	wg_fr_set(f, EQ_HMEM_I, i->hmem);
	wg_fr_set(f, EQ_HBAR_I, i->hbar);
	wg_fr_set(f, EQ_ISS_I, i->iss);
	wg_fr_set(f, EQ_LSU_FULL_I, i->lsu_full);
}

static int frame_same(const wg_fr *f, const eq_out *o)
{
	int ok = 1;
	ok &= wg_fr_port(f, EQ_WPAUSE_O) == o->wpause;
	ok &= wg_fr_port(f, EQ_CTA_VALID_O) == o->cta_valid;
	ok &= wg_fr_port(f, EQ_CTA_PAUSED_O) == o->cta_paused;
	ok &= wg_fr_port(f, EQ_CTA_REQ_O) == o->cta_req;
	ok &= wg_fr_port(f, EQ_NBLOCKS_O) == o->nblocks;
	ok &= wg_fr_port(f, EQ_SAMPLE_O) == o->sample;
	ok &= wg_fr_port(f, EQ_DEC_VALID_O) == o->dec_valid;
	ok &= wg_fr_port(f, EQ_DELTA_O) == o->delta;
	ok &= wg_fr_port(f, EQ_VOTE_O) == o->vote;
	ok &= wg_fr_port(f, EQ_VF_O) == o->vf;
	ok &= wg_fr_events_are(f, o->ev);
	return ok;
}

static unsigned popc(uint64_t x)
{
	unsigned n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

/* Kernels one after another; CTAs launched on request after a random delay,
 * finishing at random; warp heads drawn with per-epoch biases so that every
 * branch of Alg. 1 occurs. */
static void random_run(const eq_cfg *c, uint64_t seed, int cycles, uint64_t *lines)
{
	long p[EQ_NPARAMS];
	char buf[256];
	eq_cfg_to_params(c, p);
	const char *perr = wg_params_check(&wg_block_equalizer, p, buf, sizeof buf);
	if (perr)
		printf("  bad config: %s\n", perr);
	CHECK(perr == NULL);
	wg_fr f;
	wg_fr_open(&f, &wg_block_equalizer, p);
	eq_model *m = eq_new(c);
	uint64_t r = wg_rng_seed(seed), W = wg_ones64(c->warps), rd = wg_rng_seed(seed + 1000);
	uint32_t *idle = calloc((size_t)f.L.nwords[WG_IN] + 1, sizeof *idle); /* the all-zero input frame */
	uint32_t *alt = calloc((size_t)f.L.nwords[WG_IN] + 1, sizeof *alt);   /* the cycle's, per-warp ports zero */
	long detours = 0;
	int C = c->max_ctas, S = eq_samples(c);
	unsigned kmax = 0, wcta = 0, left = 0, delay = 0;
	int bias[4] = {50, 50, 50, 0}, bad = 0, samples = 0;
	unsigned tprev = 0;
	eq_in in;
	memset(&in, 0, sizeof in);
	for (int cy = 0; cy < cycles && bad < 5; cy++) {
		unsigned valid = eq_valid(m);
		in.rst = cy == 0 || wg_rng_next(&r) % 5000 == 0;
		in.kstart = in.launch = in.done = 0;
		in.launch_slot = in.done_slot = 0;
		if (!in.rst && valid == 0 && (kmax == 0 || left == 0) && wg_rng_next(&r) % 8 == 0) {
			in.kstart = 1;
			kmax = (unsigned)(wg_rng_next(&r) % (uint64_t)(C + 1));
			if (wg_rng_next(&r) % 4)
				kmax = kmax ? kmax : 1;
			wcta = (unsigned)(wg_rng_next(&r) % (uint64_t)(c->warps + 1));
			if (kmax && !wcta)
				wcta = 1; /* a kernel has 1..WARPS warps per CTA */
			left = kmax ? 2u * kmax + (unsigned)(wg_rng_next(&r) % 8) : 0;
			for (int w = 0; w < c->warps; w++)
				in.wslot[w] = (uint8_t)(wcta ? ((unsigned)w / wcta) % (unsigned)C : 0);
		}
		if (in.rst)
			kmax = wcta = left = 0;
		in.kmax = kmax;
		in.wcta = wcta;
		in.gwde_avail = left > 0;
		if (!in.rst && !in.kstart) {
			if (eq_req_pending(m) && left && valid != wg_ones64(C) && ++delay > (wg_rng_next(&r) % 4)) {
				unsigned s;
				do
					s = (unsigned)(wg_rng_next(&r) % (uint64_t)C);
				while ((valid >> s) & 1u);
				in.launch = 1, in.launch_slot = s;
				left--, delay = 0;
			}
			if (valid && wg_rng_next(&r) % 40 == 0) {
				unsigned s;
				do
					s = (unsigned)(wg_rng_next(&r) % (uint64_t)C);
				while (!((valid >> s) & 1u));
				if (!(in.launch && in.launch_slot == s))
					in.done = 1, in.done_slot = s;
			}
		}
		if (eq_cyc(m) == 0 && wg_rng_next(&r) % 2) {
			for (int k = 0; k < 4; k++)
				bias[k] = (int)(wg_rng_next(&r) % 101);
		}
		uint64_t live = 0;
		for (int w = 0; w < c->warps; w++)
			if (in.wslot[w] < C && ((valid >> in.wslot[w]) & 1u))
				live |= B(w);
		in.hv = wg_rng_mask(&r, 60 + bias[3] / 3, live);
		in.hrdy = wg_rng_mask(&r, bias[0], W);
		in.hmem = wg_rng_mask(&r, bias[1], W);
		in.hbar = wg_rng_mask(&r, 5, W);
		in.lsu_full = (int)(wg_rng_next(&r) % 100) < bias[2];
		in.iss = 0;
		eq_out o;
		eq_eval(m, &in, &o);
		in.iss = wg_rng_mask(&r, 30, in.hv & in.hrdy & ~o.wpause);
		int rc = eq_eval(m, &in, &o);
		frame_pack_in(&f, c, &in);
		/* The frame model keeps the eval's plan for the tick of the same key words
		 * (rst_i .. wslot_i) off a sample cycle and wslot_i's planes while its words
		 * stay: now and then the all-zero frame (prove --model's idle frame) is
		 * evaluated before the cycle's frame (the planes are made twice again) or
		 * between its eval and its tick (the tick plans the cycle itself), or the
		 * cycle's frame with its per-warp ports zero between them (the same key
		 * words: on a sample cycle the tick must plan again). Its own rng, so the
		 * cycles stay those of seed. */
		unsigned detour = (unsigned)(wg_rng_next(&rd) % 8);
		if (detour == 1)
			(void)wg_block_equalizer.model_eval(f.m, idle, f.out, f.err, sizeof f.err);
		f.err[0] = '\0';
		int frc = wg_block_equalizer.model_eval(f.m, f.in, f.out, f.err, sizeof f.err);
		if (rc || frc) {
			printf("  seed %llu cycle %d: violation %s / %s\n", (unsigned long long)seed, cy, o.msg, f.err);
			bad++;
		}
		if (!frame_same(&f, &o)) {
			printf("  seed %llu cycle %d: frame outputs differ from the typed ones\n", (unsigned long long)seed,
			       cy);
			bad++;
		}
		/* invariants */
		unsigned act = o.ev[EQ_EV_PAUSE] + o.ev[EQ_EV_UNPAUSE] + o.ev[EQ_EV_CTA_REQ];
		int ok = act <= 1;
		ok &= (o.cta_paused & ~o.cta_valid) == 0;
		ok &= o.nblocks <= (unsigned)C;
		ok &= !(act && (in.launch || in.done || in.kstart || in.rst));
		ok &= !(o.cta_req && (o.cta_paused || !in.gwde_avail || eq_req_pending(m)));
		ok &= o.ev[EQ_EV_CTA_REQ] == o.cta_req;
		ok &= !o.ev[EQ_EV_PAUSE] || popc(o.cta_valid & ~o.cta_paused) > o.nblocks;
		ok &= !o.ev[EQ_EV_UNPAUSE] || popc(o.cta_valid & ~o.cta_paused) < o.nblocks;
		ok &= o.vf == eq_vf_of_vote(c, (int)o.vote);
		if (!ok) {
			printf("  seed %llu cycle %d: invariant broken\n", (unsigned long long)seed, cy);
			bad++;
		}
		if (o.sample && !in.rst && !in.kstart)
			samples++;
		int eend = eq_cyc(m) == (unsigned)c->epoch - 1 && !in.rst && !in.kstart;
		if (in.rst || in.kstart)
			samples = 0;
		eq_tick(m, &in);
		if (detour == 0 || detour == 2) {
			char e[256];
			memcpy(alt, f.in, (size_t)f.L.nwords[WG_IN] * sizeof *alt);
			for (int pt = EQ_HV_I; pt <= EQ_LSU_FULL_I; pt++)
				wg_put(alt, (unsigned)f.L.off[pt] * 32u, (unsigned)f.L.width[pt], 0);
			(void)wg_block_equalizer.model_eval(f.m, detour ? alt : idle, f.out, e, sizeof e);
			detours++;
		}
		wg_block_equalizer.model_tick(f.m, f.in);
		if (eend) {
			CHECK_EQ(samples, S); /* exactly S samples, also across kernel starts */
			samples = 0;
			eq_sample_counts ls = eq_last_sums(m);
			eq_decision d = eq_decide(c, ls.xmem, ls.xalu, ls.waiting, ls.active, wcta);
			if (!kmax) /* no kernel: 0 / NONE whatever the sums */
				d = (eq_decision){0, EQ_VOTE_NONE, 0};
			eq_out od;
			eq_eval(m, &in, &od);
			CHECK(od.dec_valid && od.delta == ((unsigned)d.delta & 3u) && od.vote == (unsigned)d.vote);
			if (lines && kmax)
				lines[d.line]++;
			CHECK(ls.active <= (unsigned)(c->warps * S) && ls.active < (1u << eq_cnt_bits(c)));
			CHECK(ls.waiting + ls.xalu + ls.xmem <= ls.active);
		}
		if (!in.rst && !in.kstart && eq_target(m) != tprev)
			CHECK(kmax && eq_target(m) >= 1 && eq_target(m) <= kmax);
		tprev = eq_target(m);
	}
	const uint64_t *a = eq_counts(m), *b = wg_block_equalizer.model_counts(f.m);
	for (int e = 0; e < EQ_NEVENTS; e++)
		CHECK_EQ(a[e], b[e]);
	CHECK(memcmp(m, f.m, eq_size(c)) == 0); /* the same state, byte for byte */
	CHECK(detours > cycles / 8); /* ticks after another frame's eval happened */
	CHECK_EQ(bad, 0);
	free(alt);
	free(idle);
	eq_free(m);
	wg_fr_close(&f);
}

static void test_random(void)
{
	uint64_t lines[23] = {0};
	eq_cfg c = small_cfg();
	c.sample_period = 2;
	c.max_ctas = 3;
	c.hysteresis = 2;
	random_run(&c, 1, 40000, lines);
	c.norm = EQ_NORM_SHIFT;
	c.objective = EQ_OBJ_PERFORMANCE;
	c.barrier_active = 1;
	c.xmem_strict = 1;
	random_run(&c, 2, 40000, lines);
	eq_cfg_default(&c);
	c.warps = 64;
	c.max_ctas = 16;
	c.sample_period = 1;
	c.epoch = 8;
	c.hysteresis = 1;
	random_run(&c, 3, 20000, lines);
	eq_cfg_default(&c);
	c.warps = 1;
	c.max_ctas = 1;
	c.sample_period = 2;
	c.epoch = 4;
	c.hysteresis = 7;
	random_run(&c, 4, 20000, lines);
	/* every line of Alg. 1 decided some epoch */
	static const int L[] = {0, 8, 11, 13, 15, 22};
	for (int k = 0; k < 6; k++) {
		if (!lines[L[k]])
			printf("  line %d never decided\n", L[k]);
		CHECK(lines[L[k]] > 0);
	}
}

int main(void)
{
	test_truth_table();
	test_vf_map();
	test_classify();
	test_samples_bypass();
	test_sample_only();
	test_hysteresis();
	test_age_pause_unpause();
	test_slot_event_blocks();
	test_requests();
	test_kstart();
	test_protocol();
	test_random();
	return wg_check_done();
}
