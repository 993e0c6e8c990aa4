/* memra_cases.c - the directed cases of the `memra` stimulus: every row of
 * docs/memra.md "Directed cases", one function each (wg_kit.h), each
 * cycle's drive beside its checks.
 *
 * Every case runs at the default configuration (WARPS=48, CNT_BITS=11,
 * THR_ACC=10, REF_SHIFT=7, SAMPLE_PERIOD=1024: the build the default's
 * random runs use) after two reset cycles; t counts from there, so pc_q = 0
 * at t = 0 and the sample periods end at t = 1023, 2047, ... The expected
 * values are the page's and the spec's numbers at that configuration,
 * written out (not computed from the parameters): run under another
 * THR_ACC, REF_SHIFT, CNT_BITS or SAMPLE_PERIOD, a case fails (the
 * negative checks of memra_tests.sh). sample_acc is set by the sampler,
 * warp 47: its load completes in the last cycle of a period with the
 * latency wanted, so sample_o shows it for the whole next period. A load of
 * warp w leaving at a and completing at b has latency prev = b - a, and the
 * warp's budget shows at b + 1. Besides, the monitor of memra_stim.c checks
 * every output of every cycle against the page. */
#include <stdio.h>

#include "memra.h"
#include "memra_stim.h"
#include "wg_kit.h"

#define PERIOD 1024L /* SAMPLE_PERIOD at the default */
#define SAMPLER 47   /* the warp that sets sample_acc */

enum {
	C_EQ1_ORACLE,
	C_SATURATE_2047,
	C_NEW_LOAD_DISCARDS_BUDGET,
	C_COMPLETION_SEES_OLD,
	C_ODD_BUDGET,
	C_SAMPLE_PERIOD,
	C_LAST_PIECE,
};

static unsigned cnt_(const mrs_stim *s, int w) { return s->o.cnt[w]; }
static int meas_(const mrs_stim *s, int w) { return (int)((s->o.meas >> w) & 1u); }
static int want_(const mrs_stim *s, int w) { return (int)((s->o.want >> w) & 1u); }
static int prio_(const mrs_stim *s, int w) { return (int)((s->o.prio >> w) & 1u); }

/* A load of warp w leaving at a and completing (done_valid_i) at b. */
static void load(const mrs_stim *s, wg_cyc *c, int w, long a, long b)
{
	if (wg_at(c, a))
		mrs_put_ld(s, c->in, w);
	if (wg_at(c, b))
		mrs_put_done(s, c->in, w);
}

/* The sampler: sample_acc = lat from the start of period p (t = p * PERIOD) on. */
static void sample_from(const mrs_stim *s, wg_cyc *c, long p, long lat)
{
	load(s, c, SAMPLER, p * PERIOD - 1 - lat, p * PERIOD - 1);
}

/* Mark key event i as seen (CHECK phase) and, when key, put the marker here. */
static void seen(mrs_stim *s, wg_cyc *c, int i, int key)
{
	if (!wg_checking(c))
		return;
	s->seen[i] = 1;
	if (key)
		wg_key(c);
}

/* ---- eq1_oracle: the spec's §2.1.4 table through the block ---- */

typedef struct eq1_row {
	int w;          /* warp */
	long period;    /* the sample period its load completes in */
	long lat;       /* latency (b - a) */
	unsigned smp;   /* sample_acc in that period */
	unsigned prev;  /* the spec's prev_acc (saturated) */
	unsigned sc;    /* the spec's SC */
} eq1_row;

static const eq1_row eq1_rows[] = {
	{0, 1, 8, 1, 8, 0},      {1, 1, 10, 1, 10, 0},    {2, 1, 11, 1, 11, 0},   {3, 2, 300, 200, 300, 290},
	{4, 3, 300, 128, 300, 290}, {5, 4, 300, 100, 300, 226}, {6, 5, 300, 64, 300, 145},
	{7, 6, 3000, 127, 2047, 2021},
};
#define EQ1_N ((int)(sizeof eq1_rows / sizeof eq1_rows[0]))

static void case_eq1_oracle(void *st, wg_cyc *c)
{
	mrs_stim *s = st;
	long t = c->t;
	wg_case_len(c, 6 * PERIOD + 700);
	for (long p = 1; p <= 6; p++) { /* the sample of each period, from the rows */
		for (int i = 0; i < EQ1_N; i++)
			if (eq1_rows[i].period == p) {
				sample_from(s, c, p, eq1_rows[i].smp);
				break;
			}
	}
	for (int i = 0; i < EQ1_N; i++) {
		const eq1_row *r = &eq1_rows[i];
		long b = r->period * PERIOD + 500 + 20 * i; /* the completion */
		load(s, c, r->w, b - r->lat, b);
		if (!wg_checking(c))
			continue;
		if (t == b) {
			unsigned now = r->lat - 1 < 2047 ? (unsigned)(r->lat - 1) : 2047; /* cnt_q in the completion cycle */
			WG_EXPECT(c, meas_(s, r->w) && cnt_(s, r->w) == now && !want_(s, r->w),
				  "t=%ld: warp %d, measuring a load of %ld cycles, shows cnt_o = %u (%u expected) and no want in its "
				  "completion cycle",
				  t, r->w, r->lat, cnt_(s, r->w), now);
			WG_EXPECT(c, s->o.sample == r->smp, "t=%ld: sample_o = %u, the sampler set %u", t, s->o.sample, r->smp);
			WG_EXPECT(c, s->o.ev[MR_EV_PREDICT] == 1, "t=%ld: the completion is one predictor evaluation", t);
		}
		if (t == b + 1) {
			WG_EXPECT(c, !meas_(s, r->w) && cnt_(s, r->w) == r->sc,
				  "prev %u at sample %u: cnt_o = %u, the spec's Eq. 1 table gives SC = %u (THR_ACC=10, ref_acc=128)",
				  r->prev, r->smp, cnt_(s, r->w), r->sc);
			WG_EXPECT(c, want_(s, r->w) == (r->sc > 1) && prio_(s, r->w) == (r->sc > 0),
				  "t=%ld: warp %d with budget %u: want_o = %d, prio_o = %d (A9: > 1, > 0)", t, r->w, r->sc,
				  want_(s, r->w), prio_(s, r->w));
			seen(s, c, i, r->smp == 100); /* the marker: the multiply's floor, 29000 >> 7 = 226 */
		}
	}
	if (wg_done(c))
		for (int i = 0; i < EQ1_N; i++)
			WG_EXPECT(c, s->seen[i], "row %d of the table (prev %u, sample %u) was not reached", i, eq1_rows[i].prev,
				  eq1_rows[i].smp);
}

/* ---- saturate_2047: a load of 2600 cycles, completing at sample 127 ---- */
static void case_saturate_2047(void *st, wg_cyc *c)
{
	mrs_stim *s = st;
	long t = c->t, b = 2600;
	wg_case_len(c, b + 10);
	sample_from(s, c, 2, 127); /* periods 0, 1: sample 0; from t = 2048: 127 */
	load(s, c, 0, 0, b);
	if (!wg_checking(c))
		goto done;
	if (t >= 1 && t <= b) {
		unsigned want = t - 1 < 2047 ? (unsigned)(t - 1) : 2047;
		WG_EXPECT(c, meas_(s, 0) && cnt_(s, 0) == want,
			  "t=%ld: warp 0 measuring since t=0: cnt_o = %u, expected %u (the counter stops at 2047, W-P1-7)", t,
			  cnt_(s, 0), want);
		WG_EXPECT(c, !want_(s, 0) && !prio_(s, 0), "t=%ld: a measuring warp neither wants TFET nor has priority", t);
	}
	if (t == 2048)
		seen(s, c, 0, 1); /* the first saturated cycle */
	if (t == b)
		WG_EXPECT(c, s->o.sample == 127, "t=%ld: sample_o = %u, the sampler set 127", t, s->o.sample);
	if (t == b + 1) {
		WG_EXPECT(c, cnt_(s, 0) == 2021 && !meas_(s, 0),
			  "t=%ld: a load of %ld cycles counts as prev = 2047: SC = (127 x 2037) >> 7 = 2021, cnt_o = %u", t, b,
			  cnt_(s, 0));
		seen(s, c, 1, 0);
	}
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the counter did not saturate or the load did not complete");
}

/* ---- new_load_discards_budget ---- */
static void case_new_load_discards_budget(void *st, wg_cyc *c)
{
	mrs_stim *s = st;
	long t = c->t;
	wg_case_len(c, 1180);
	sample_from(s, c, 1, 128);
	load(s, c, 0, 1100, 1150);                                   /* prev 50: SC = 40 */
	if (wg_at(c, 1151) || wg_at(c, 1152)) mrs_put_grant(s, c->in, 0); /* 36 left */
	if (wg_at(c, 1155)) mrs_put_done(s, c->in, 0);               /* a stray completion in BUDGET: ignored (A6) */
	load(s, c, 0, 1160, 1172);                                   /* a new load with 36 left; prev 12: SC = 2 */
	if (!wg_checking(c))
		goto done;
	if (t == 1151)
		WG_EXPECT(c, cnt_(s, 0) == 40 && want_(s, 0), "t=1151: a load of 50 cycles at sample 128 gives budget 40 (cnt_o = %u)",
			  cnt_(s, 0));
	if (t == 1155)
		WG_EXPECT(c, s->o.ev[MR_EV_PREDICT] == 0, "t=1155: a completion of a warp in BUDGET is ignored (A6)");
	if (t == 1160) {
		WG_EXPECT(c, cnt_(s, 0) == 36 && want_(s, 0) && !meas_(s, 0),
			  "t=1160: the cycle of the new load still shows the old budget 36 (cnt_o = %u, want_o = %d)", cnt_(s, 0),
			  want_(s, 0));
		WG_EXPECT(c, s->o.ev[MR_EV_START] == 1, "t=1160: the new load clears one counter (start = %u)",
			  s->o.ev[MR_EV_START]);
	}
	if (t == 1161) {
		WG_EXPECT(c, cnt_(s, 0) == 0 && meas_(s, 0) && !want_(s, 0) && !prio_(s, 0),
			  "t=1161: the new load discarded the budget (W-P1-6): cnt_o = %u, meas_o = %d, want_o = %d, prio_o = %d "
			  "(expected 0, MEASURE, no want, no priority)",
			  cnt_(s, 0), meas_(s, 0), want_(s, 0), prio_(s, 0));
		seen(s, c, 0, 1);
	}
	if (t == 1173) {
		WG_EXPECT(c, cnt_(s, 0) == 2 && !meas_(s, 0),
			  "t=1173: the budget is the new load's alone: prev 12 gives SC = 2 (cnt_o = %u; nothing of the 36 is kept)",
			  cnt_(s, 0));
		seen(s, c, 1, 0);
	}
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the new load or its completion was not reached");
}

/* ---- completion_sees_old: the rename in the completion's cycle sees the old counter ---- */
static void case_completion_sees_old(void *st, wg_cyc *c)
{
	mrs_stim *s = st;
	long t = c->t;
	wg_case_len(c, 1410);
	sample_from(s, c, 1, 128);
	load(s, c, 2, 1100, 1130);                       /* warp 2: budget 20, granted in warp 1's completion cycle */
	load(s, c, 1, 1100, 1400);                       /* warp 1: prev 300, SC = 290 */
	if (wg_at(c, 1400)) mrs_put_grant(s, c->in, 2);
	if (wg_at(c, 1401)) mrs_put_grant(s, c->in, 1);  /* the first cycle warp 1 wants */
	if (!wg_checking(c))
		goto done;
	if (t == 1400) {
		WG_EXPECT(c, meas_(s, 1) && cnt_(s, 1) == 299 && !want_(s, 1) && !prio_(s, 1),
			  "t=1400: in its completion cycle warp 1 shows the old counter (A8, W-P1-5): cnt_o = %u, meas_o = %d, "
			  "want_o = %d, prio_o = %d (expected 299, MEASURE, no want, no priority)",
			  cnt_(s, 1), meas_(s, 1), want_(s, 1), prio_(s, 1));
		WG_EXPECT(c, s->o.ev[MR_EV_PREDICT] == 1 && s->o.ev[MR_EV_GRANT] == 1,
			  "t=1400: one prediction (warp 1) and one grant (warp 2) in the same cycle");
		seen(s, c, 0, 1);
	}
	if (t == 1401) {
		WG_EXPECT(c, cnt_(s, 1) == 290 && want_(s, 1) && prio_(s, 1) && cnt_(s, 2) == 18,
			  "t=1401: the next cycle shows warp 1's budget 290 (cnt_o = %u) and warp 2's 20 - 2 = 18 (cnt_o = %u)",
			  cnt_(s, 1), cnt_(s, 2));
		seen(s, c, 1, 0);
	}
	if (t == 1402)
		WG_EXPECT(c, cnt_(s, 1) == 288, "t=1402: one grant leaves 288 (cnt_o = %u)", cnt_(s, 1));
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the completion was not reached");
}

/* ---- odd_budget: budget 3 less a grant is 1; budget 4 less two is 0 ---- */
static void case_odd_budget(void *st, wg_cyc *c)
{
	mrs_stim *s = st;
	long t = c->t;
	wg_case_len(c, 1125);
	sample_from(s, c, 1, 128);
	load(s, c, 0, 1100, 1113);                      /* prev 13: SC = 3 */
	load(s, c, 1, 1100, 1114);                      /* prev 14: SC = 4 */
	if (wg_at(c, 1114)) mrs_put_grant(s, c->in, 0);
	if (wg_at(c, 1115) || wg_at(c, 1116)) mrs_put_grant(s, c->in, 1);
	if (!wg_checking(c))
		goto done;
	if (t == 1114)
		WG_EXPECT(c, cnt_(s, 0) == 3 && want_(s, 0) && prio_(s, 0),
			  "t=1114: prev 13 at sample 128 gives budget 3 (cnt_o = %u): want and priority", cnt_(s, 0));
	if (t >= 1115) {
		WG_EXPECT(c, cnt_(s, 0) == 1 && prio_(s, 0) && !want_(s, 0),
			  "t=%ld: budget 3 less one grant is 1: priority yes, TFET no (W-P1-8; cnt_o = %u, want_o = %d, prio_o = %d)",
			  t, cnt_(s, 0), want_(s, 0), prio_(s, 0));
		seen(s, c, 0, t == 1115);
	}
	if (t == 1116)
		WG_EXPECT(c, cnt_(s, 1) == 2 && want_(s, 1), "t=1116: budget 4 less one grant is 2: still wants (cnt_o = %u)",
			  cnt_(s, 1));
	if (t >= 1117) {
		WG_EXPECT(c, cnt_(s, 1) == 0 && !prio_(s, 1) && !want_(s, 1),
			  "t=%ld: budget 4 less two grants is 0: neither priority nor TFET (cnt_o = %u)", t, cnt_(s, 1));
		seen(s, c, 1, 0);
	}
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the budgets were not spent");
}

/* ---- sample_period: sample_acc changes only at period ends ---- */
static void case_sample_period(void *st, wg_cyc *c)
{
	mrs_stim *s = st;
	long t = c->t;
	wg_case_len(c, 3 * PERIOD + 10);
	load(s, c, 0, 50, 100);       /* period 0: last_q = 50 */
	/* period 1: no completion */
	load(s, c, 1, 2050, 2120);    /* period 2: last_q = 70 ... */
	load(s, c, 2, 2981, 3071);    /* ... then 90, in the period's last cycle */
	if (!wg_checking(c))
		goto done;
	unsigned want = t < PERIOD ? 0 : t < 3 * PERIOD ? 50 : 90;
	WG_EXPECT(c, s->o.sample == want,
		  "t=%ld: sample_o = %u, expected %u: sample_acc changes only at the ends of 1024-cycle periods (t = 1023, "
		  "2047, 3071), takes the latest completion, and holds when none completed (A7)",
		  t, s->o.sample, want);
	int end = t == PERIOD - 1 || t == 2 * PERIOD - 1 || t == 3 * PERIOD - 1;
	WG_EXPECT(c, s->o.ev[MR_EV_SAMPLE] == (unsigned)end, "t=%ld: the sample event is %u, expected %d", t,
		  s->o.ev[MR_EV_SAMPLE], end);
	if (t == 2 * PERIOD)
		seen(s, c, 0, 0); /* held through a period without completions */
	if (t == 3 * PERIOD - 1)
		seen(s, c, 1, 1); /* the period ends with a completion: it is sampled */
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the periods were not reached");
}

/* ---- last_piece: the latency counts to the last piece of an uncoalesced load ---- */
static void case_last_piece(void *st, wg_cyc *c)
{
	mrs_stim *s = st;
	long t = c->t;
	wg_case_len(c, 1290);
	sample_from(s, c, 1, 128);
	/* warp 0: pieces return at 1200, 1240, 1280; the environment signals the last one only */
	load(s, c, 0, 1100, 1280);
	/* warp 1: the same load signalled at every piece (1201, 1241, 1281): the first one counts */
	load(s, c, 1, 1100, 1201);
	if (wg_at(c, 1241) || wg_at(c, 1281)) mrs_put_done(s, c->in, 1);
	if (!wg_checking(c))
		goto done;
	if (t > 1100 && t <= 1280)
		WG_EXPECT(c, meas_(s, 0) && cnt_(s, 0) == (unsigned)(t - 1101),
			  "t=%ld: warp 0 counts through its earlier pieces: cnt_o = %u, expected %ld", t, cnt_(s, 0), t - 1101);
	if (t == 1281) {
		WG_EXPECT(c, cnt_(s, 0) == 170 && !meas_(s, 0),
			  "t=1281: the latency counts to the last piece (W-P1-11): prev 180, SC = 170 (cnt_o = %u)", cnt_(s, 0));
		seen(s, c, 0, 0);
	}
	if (t == 1280)
		seen(s, c, 2, 1);
	if (t == 1241 || t == 1281)
		WG_EXPECT(c, s->o.ev[MR_EV_PREDICT] == 0,
			  "t=%ld: warp 1's later pieces are completions outside MEASURE: ignored (A6)", t);
	if (t >= 1202) {
		WG_EXPECT(c, cnt_(s, 1) == 91 && !meas_(s, 1),
			  "t=%ld: warp 1, signalled at its first piece, keeps the first piece's budget: prev 101, SC = 91 (cnt_o = %u)",
			  t, cnt_(s, 1));
		seen(s, c, 1, 0);
	}
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1] && s->seen[2], "the pieces were not reached");
}

const wg_case_def memra_cases[MRS_NCASES] = {
	[C_EQ1_ORACLE] = {"eq1_oracle",
		"the spec's Eq. 1 table through the block: prev 8, 10, 11 at sample 1; 300 at 200, 128, 100, 64; a 3000-cycle "
		"load (prev 2047) at 127; the budget shows the cycle after the completion",
		"spec §2.1.4 table, A8", NULL, .run = case_eq1_oracle,
		.focus = "ld_i done_valid_i done_warp_i grant_i want_o prio_o sample_o cnt_q meas_q last_q g_pc.pc_q g_pc.smp_q"},
	[C_SATURATE_2047] = {"saturate_2047",
		"a 2600-cycle load: the counter stops at 2047 from t=2048 on, and the budget is (127 x 2037) >> 7 = 2021",
		"W-P1-7", NULL, .run = case_saturate_2047,
		.focus = "ld_i done_valid_i done_warp_i want_o prio_o ev_o cnt_q meas_q last_q"},
	[C_NEW_LOAD_DISCARDS_BUDGET] = {"new_load_discards_budget",
		"a new load with 36 of a 40 budget left: counter 0, MEASURE, no want, no priority; its own completion gives "
		"its own budget; a completion in BUDGET is ignored",
		"W-P1-6, A6", NULL, .run = case_new_load_discards_budget,
		.focus = "ld_i done_valid_i done_warp_i grant_i want_o prio_o ev_o cnt_q meas_q"},
	[C_COMPLETION_SEES_OLD] = {"completion_sees_old",
		"in its completion cycle a warp still shows MEASURE and the old counter (no want, no priority); the budget "
		"shows the next cycle; another warp's grant in that cycle is unaffected",
		"W-P1-5, A8", NULL, .run = case_completion_sees_old,
		.focus = "done_valid_i done_warp_i grant_i want_o prio_o ev_o cnt_q meas_q last_q"},
	[C_ODD_BUDGET] = {"odd_budget",
		"budget 3 less one grant is 1: priority yes, TFET no; budget 4 less two grants is 0: neither",
		"W-P1-8, A9", NULL, .run = case_odd_budget,
		.focus = "done_valid_i done_warp_i grant_i want_o prio_o cnt_q meas_q"},
	[C_SAMPLE_PERIOD] = {"sample_period",
		"sample_acc changes only at the ends of 1024-cycle periods, holds through a period without completions, and "
		"takes a completion of the period's last cycle",
		"A7", NULL, .run = case_sample_period,
		.focus = "done_valid_i done_warp_i sample_o ev_o last_q g_pc.pc_q g_pc.smp_q"},
	[C_LAST_PIECE] = {"last_piece",
		"done_valid_i on the last of three pieces: the latency counts to it (prev 180); signalled at every piece, "
		"the first counts (prev 101) and the later ones are ignored",
		"W-P1-11, A6", NULL, .run = case_last_piece,
		.focus = "ld_i done_valid_i done_warp_i ev_o cnt_q meas_q last_q"},
};
