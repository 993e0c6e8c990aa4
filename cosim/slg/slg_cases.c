/* slg_cases.c - the directed cases of the `slg` stimulus: every row of
 * docs/slg.md "Directed cases", one function each (wg_kit.h), each cycle's
 * drive beside its checks.
 *
 * Every case runs at WARPS=8, CTAS=4, X=3, Y=5 (the page's timing example)
 * unless its row says more, after two reset cycles; t counts from there.
 * Each case checks its claim on exact cycles (derived from the page's
 * tables: a wake from SLG1 selected at s makes ok_o rise at s + X, from SLG2
 * at s + Y, from S21 with t cycles left at s + t + X), then the state trace
 * of the warps it names ('A' ACT, 'E' ENT, '2' S2, 'r' S21, '1' S1, 'w' WK1,
 * 'W' WK2, '.' any); besides, the monitor of slg_stim.c checks every output
 * of every cycle against the page. A launch at t makes the warps live at
 * t + 1; an arrival at t makes the region sleep at t + 1. */
#include <stdio.h>

#include "slg.h"
#include "slg_stim.h"
#include "wg_kit.h"

#define BASE "WARPS=8,CTAS=4,Y=5"

enum {
	C_SLEEP_RELEASE_WAKE,
	C_FIRST_WARP_FULL_WAKE,
	C_WAKE_FROM_SLG1,
	C_RELEASE_WHILE_LATCHING,
	C_TWO_ARRIVALS_RELEASE,
	C_WAKE_DURING_ENTRY,
	C_THREADS_FALSE_RELEASE,
	C_NO_FALSE_RELEASE,
	C_EXIT_RELEASES,
	C_PARTIAL_WARP_BLOCK,
	C_WRITEBACK_TO_SLG2,
	C_SLOT_REUSE,
	C_REARRIVE_CANCELS_WAKE,
	C_ACCESS_AFTER_WAKE,
	C_ENABLE_OFF,
	C_FIRST_Y_LATER_X,
};

static const char *const ev_name[SLG_NEVENTS] = {"arrive", "release", "enter", "to_slg1", "wake1",
						 "wake2", "stall", "slg1", "slg2"};

static int st_(const slg_stim *s, int w) { return s->o.st[w]; }
static int ok_(const slg_stim *s, int w) { return (int)((s->o.ok >> w) & 1u); }
static int wait_(const slg_stim *s, int w) { return (int)((s->o.wait >> w) & 1u); }
static long ev_(const slg_stim *s, int e) { return s->o.ev[e]; }

/* st_o of each warp w with a trace tr[w] against it at this cycle (CHECK phase). */
#define TRACES(c, s, tr)                                                                                   \
	for (int w_ = 0; w_ < 8; w_++)                                                                     \
		if ((tr)[w_])                                                                              \
			WG_EXPECT(c, slg_trace_st((tr)[w_], (c)->t) < 0 ||                                 \
					     st_(s, w_) == slg_trace_st((tr)[w_], (c)->t),                 \
				  "t=%ld: warp %d is in %s, the page's rules give %s (trace %s)", (c)->t, w_,      \
				  slg_st_name(st_(s, w_)), slg_st_name(slg_trace_st((tr)[w_], (c)->t)), (tr)[w_])

/* Mark event i as seen (CHECK phase) and, for the first, put the marker here. */
static void seen(slg_stim *s, wg_cyc *c, int i, int key)
{
	if (!wg_checking(c))
		return;
	s->seen[i] = 1;
	if (key)
		wg_key(c);
}

/* ---- sleep_release_wake: the page's timing example, one cycle later (cycle d of the page is t = d + 1) ---- */
static void case_sleep_release_wake(void *st, wg_cyc *c)
{
	static const char *const tr[8] = {"AA222rWWWWAAAAA", "AAA22rr1111wwAA", "AAAAAAAAAAAAAAA"};
	slg_stim *s = st;
	long t = c->t, X = s->X, Y = s->Y;
	wg_case_len(c, 15);
	if (wg_at(c, 0)) slg_put_launch(s, c->in, 0x7, 0, SLG_FULL(3));
	if (wg_at(c, 1)) slg_put_arr(s, c->in, W_(0));
	if (wg_at(c, 2)) slg_put_arr(s, c->in, W_(1));
	if (wg_at(c, 4)) slg_put_arr(s, c->in, W_(2));     /* the last arrival */
	if (wg_at(c, 5)) slg_put_sel(s, c->in, 0);          /* in S21, Y - X = 2 cycles left */
	if (wg_during(c, 7, 10)) slg_put_acc(s, c->in, W_(0)); /* 5 + Z, held until ok_o */
	if (wg_at(c, 10)) slg_put_sel(s, c->in, 1);         /* in SLG1 */
	if (wg_during(c, 12, 13)) slg_put_acc(s, c->in, W_(1));
	if (!wg_checking(c))
		goto done;
	if (t == 2 || t == 3)
		WG_EXPECT(c, st_(s, t - 2) == SLG_S2 && wait_(s, t - 2),
			  "t=%ld: warp %ld arrived at t=%ld and is not the last: it enters SLG2 the next cycle", t, t - 2,
			  t - 1);
	if (t == 4) {
		WG_EXPECT(c, s->o.rel == 1 && ev_(s, SLG_EV_RELEASE) == 1, "t=4: the last arrival (warp 2) releases CTA 0");
		seen(s, c, 0, 1);
	}
	if (t >= 5)
		WG_EXPECT(c, st_(s, 2) == SLG_ACT && !wait_(s, 2), "t=%ld: the last arrival never sleeps (B3)", t);
	if (t >= 5 && t < 5 + Y - X)
		WG_EXPECT(c, st_(s, 1) == SLG_S21, "t=%ld: after the release warp 1 moves SLG2 -> SLG1 for Y - X cycles", t);
	if (t == 5 + Y - X)
		WG_EXPECT(c, st_(s, 1) == SLG_S1, "t=%ld: warp 1 is in SLG1 Y - X cycles after the release", t);
	if (t > 5 && t <= 5 + Y)
		WG_EXPECT(c, ok_(s, 0) == (t == 5 + Y),
			  "t=%ld: warp 0, selected at t=5 (the first cycle after the release), is ACTIVE at 5 + Y = %ld", t,
			  5 + Y);
	if (t > 10 && t <= 10 + X)
		WG_EXPECT(c, ok_(s, 1) == (t == 10 + X), "t=%ld: warp 1, selected in SLG1 at t=10, is ACTIVE at 10 + X = %ld",
			  t, 10 + X);
	if (t == 10 + X)
		seen(s, c, 1, 0);
	if (t >= 7)
		WG_EXPECT(c, ev_(s, SLG_EV_STALL) == (t <= 9 || t == 12),
			  "t=%ld: with Z = 2 the reads at t=7 and t=12 stall 3 and 1 cycles (stall = %ld)", t,
			  ev_(s, SLG_EV_STALL));
	TRACES(c, s, tr);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the release or the wake from SLG1 did not happen");
}

/* ---- first_warp_full_wake ---- */
static void case_first_warp_full_wake(void *st, wg_cyc *c)
{
	static const char *const tr[8] = {"AA22rWWWWAA", "AA22rrWWWAA", "AA22rr11111", "AAAAAAAAAAA"};
	slg_stim *s = st;
	long t = c->t, X = s->X, Y = s->Y;
	wg_case_len(c, 11);
	if (wg_at(c, 0)) slg_put_launch(s, c->in, 0xf, 0, SLG_FULL(4));
	if (wg_at(c, 1)) slg_put_arr(s, c->in, 0x7);
	if (wg_at(c, 3)) slg_put_arr(s, c->in, W_(3)); /* released at t=3 */
	if (wg_at(c, 4)) slg_put_sel(s, c->in, 0);     /* the first cycle after the release: Y - X left */
	if (wg_at(c, 5)) slg_put_sel(s, c->in, 1);     /* 1 cycle of S21 left */
	if (!wg_checking(c))
		goto done;
	if (t == 3)
		WG_EXPECT(c, s->o.rel == 1, "t=3: warp 3's arrival releases CTA 0");
	if (t == 4)
		WG_EXPECT(c, st_(s, 0) == SLG_S21 && st_(s, 1) == SLG_S21, "t=4: the released regions move SLG2 -> SLG1");
	if (t > 4 && t <= 4 + Y)
		WG_EXPECT(c, ok_(s, 0) == (t == 4 + Y),
			  "t=%ld: warp 0, selected in the first cycle after the release (t=4), wakes in exactly Y: ACTIVE "
			  "at %ld",
			  t, 4 + Y);
	if (t > 5 && t <= 5 + 1 + X)
		WG_EXPECT(c, ok_(s, 1) == (t == 5 + 1 + X),
			  "t=%ld: warp 1, selected at t=5 with 1 cycle of SLG2 -> SLG1 left, wakes in 1 + X: ACTIVE at %ld",
			  t, 5 + 1 + X);
	if (t == 4 + Y)
		seen(s, c, 0, 1);
	if (t == 4 || t == 5)
		WG_EXPECT(c, ev_(s, SLG_EV_WAKE2) == 1, "t=%ld: a wake from SLG2 (S21) starts", t);
	TRACES(c, s, tr);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "warp 0 never woke");
}

/* ---- first_y_later_x: S21_WAKE=FIRST_Y, only a CTA's first wake after its release pays the rest + X ---- */
static void case_first_y_later_x(void *st, wg_cyc *c)
{
	static const char *const tr[8] = {"AA22rWWWWAA", "AA22rrwwAAA", "AA22rr11wwA", "AAAAAAAAAAA",
					  "AAA2rrWWWAA", "AAAAAAAAAAA"};
	slg_stim *s = st;
	long t = c->t, X = s->X;
	wg_case_len(c, 11);
	if (wg_at(c, 0)) slg_put_launch(s, c->in, 0x0f, 0, SLG_FULL(4));
	if (wg_at(c, 1)) slg_put_launch(s, c->in, 0x30, 1, SLG_FULL(2));
	if (wg_at(c, 1)) slg_put_arr(s, c->in, 0x07);
	if (wg_at(c, 2)) slg_put_arr(s, c->in, W_(4));
	if (wg_at(c, 3)) slg_put_arr(s, c->in, W_(3) | W_(5)); /* both CTAs released at t=3 */
	if (wg_at(c, 4)) slg_put_sel(s, c->in, 0);             /* CTA 0's first wake: 2 + X */
	if (wg_at(c, 5)) slg_put_sel(s, c->in, 1);             /* CTA 0's second, 1 cycle of S21 left: X */
	if (wg_at(c, 5)) slg_put_acc(s, c->in, W_(4));         /* CTA 1's first (a write-back): 1 + X */
	if (wg_at(c, 7)) slg_put_sel(s, c->in, 2);             /* from SLG1: X under either rule */
	if (!wg_checking(c))
		goto done;
	if (t == 3)
		WG_EXPECT(c, s->o.rel == 3, "t=3: CTAs 0 and 1 are released together");
	if (t > 4 && t <= 9)
		WG_EXPECT(c, ok_(s, 0) == (t == 9), "t=%ld: warp 0, CTA 0's first wake (t=4, 2 cycles of S21 left), is ACTIVE at 4 + 2 + X = 9", t);
	if (t > 5 && t <= 9)
		WG_EXPECT(c, ok_(s, 1) == (t >= 5 + X),
			  "t=%ld: warp 1, CTA 0's second wake during SLG2 -> SLG1 (t=5), is ACTIVE at 5 + X = %ld under "
			  "FIRST_Y (REST: 5 + 1 + X)",
			  t, 5 + X);
	if (t > 5 && t <= 9)
		WG_EXPECT(c, ok_(s, 4) == (t == 9), "t=%ld: warp 4, CTA 1's first wake (t=5, 1 cycle left), is ACTIVE at 5 + 1 + X = 9", t);
	if (t == 4)
		WG_EXPECT(c, ev_(s, SLG_EV_WAKE2) == 1 && ev_(s, SLG_EV_WAKE1) == 0, "t=4: the first wake is priced from SLG2");
	if (t == 5)
		WG_EXPECT(c, ev_(s, SLG_EV_WAKE2) == 1 && ev_(s, SLG_EV_WAKE1) == 1,
			  "t=5: CTA 1's first wake from SLG2, CTA 0's later one from SLG1 (wake2 %ld, wake1 %ld)",
			  ev_(s, SLG_EV_WAKE2), ev_(s, SLG_EV_WAKE1));
	if (t == 5 + X)
		seen(s, c, 0, 1);
	TRACES(c, s, tr);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "warp 1 never woke");
}

/* ---- wake_from_slg1 ---- */
static void case_wake_from_slg1(void *st, wg_cyc *c)
{
	static const char *const tr[8] = {"AA2rr11wwAA", "AAAAAAAAAAA"};
	slg_stim *s = st;
	long t = c->t, X = s->X, Y = s->Y;
	wg_case_len(c, 11);
	if (wg_at(c, 0)) slg_put_launch(s, c->in, 0x3, 0, SLG_FULL(2));
	if (wg_at(c, 1)) slg_put_arr(s, c->in, W_(0));
	if (wg_at(c, 2)) slg_put_arr(s, c->in, W_(1)); /* released at t=2: S21 at 3 .. 2 + Y - X */
	if (wg_at(c, 6)) slg_put_sel(s, c->in, 0);     /* SLG2 -> SLG1 ended at t=5 */
	if (wg_during(c, 8, 9)) slg_put_acc(s, c->in, W_(0)); /* 6 + Z */
	if (!wg_checking(c))
		goto done;
	if (t == 3 + Y - X || t == 6)
		WG_EXPECT(c, st_(s, 0) == SLG_S1 && s->o.mode[0] == SLG_MODE_SLG1,
			  "t=%ld: warp 0 is in SLG1 (mode 1) once SLG2 -> SLG1 (Y - X cycles from t=3) ended", t);
	if (t == 6)
		WG_EXPECT(c, ev_(s, SLG_EV_WAKE1) == 1, "t=6: the selection starts a wake from SLG1");
	if (t > 6 && t <= 6 + X)
		WG_EXPECT(c, ok_(s, 0) == (t == 6 + X), "t=%ld: selected in SLG1 at t=6, warp 0 is ACTIVE at exactly 6 + X = %ld",
			  t, 6 + X);
	if (t == 6 + X)
		seen(s, c, 0, 1);
	if (t == 8 || t == 9)
		WG_EXPECT(c, ev_(s, SLG_EV_STALL) == (t == 8), "t=%ld: the read at 6 + Z = 8 stalls X - Z = 1 cycle", t);
	TRACES(c, s, tr);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "warp 0 never woke");
}

/* ---- release_while_latching ---- */
static void case_release_while_latching(void *st, wg_cyc *c)
{
	static const char *const tr[8] = {"AAAAAAAA", "AAAAAAAA"};
	slg_stim *s = st;
	long t = c->t;
	wg_case_len(c, 8);
	if (wg_at(c, 0)) slg_put_launch(s, c->in, 0x3, 0, SLG_FULL(2));
	if (wg_at(c, 1)) slg_put_arr(s, c->in, W_(0));      /* arrives with a load in flight */
	if (wg_during(c, 1, 2)) slg_put_pend(s, c->in, W_(0));
	if (wg_at(c, 2)) slg_put_acc(s, c->in, W_(0));      /* its write-back */
	if (wg_at(c, 3)) slg_put_arr(s, c->in, W_(1));      /* pend_i[0] low: the last warp arrives */
	if (!wg_checking(c))
		goto done;
	if (t == 2 || t == 3)
		WG_EXPECT(c, st_(s, 0) == SLG_ACT && wait_(s, 0),
			  "t=%ld: warp 0 waits with a write-back pending: its region stays ACTIVE (B7)", t);
	if (t == 3) {
		WG_EXPECT(c, s->o.rel == 1, "t=3: warp 1's arrival releases CTA 0 in the cycle warp 0's pend_i clears");
		seen(s, c, 0, 1);
	}
	if (t >= 4)
		WG_EXPECT(c, st_(s, 0) == SLG_ACT && !wait_(s, 0),
			  "t=%ld: the release wins over the entry (W-P2-1): warp 0 never enters SLG2", t);
	WG_EXPECT(c, ev_(s, SLG_EV_ENTER) == 0, "t=%ld: no region enters SLG2", t);
	TRACES(c, s, tr);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "CTA 0 was never released");
}

/* ---- two_arrivals_release ---- */
static void case_two_arrivals_release(void *st, wg_cyc *c)
{
	static const char *const tr[8] = {[4] = "AA2rr1", [5] = "AA2rr1", [6] = "AAAAAA", [7] = "AAAAAA"};
	slg_stim *s = st;
	long t = c->t;
	wg_case_len(c, 6);
	if (wg_at(c, 0)) slg_put_launch(s, c->in, 0xf0, 1, SLG_FULL(4));
	if (wg_at(c, 1)) slg_put_arr(s, c->in, W_(4) | W_(5));
	if (wg_at(c, 2)) slg_put_arr(s, c->in, W_(6) | W_(7)); /* together they complete CTA 1 */
	if (!wg_checking(c))
		goto done;
	if (t == 1)
		WG_EXPECT(c, s->o.rel == 0, "t=1: two of four warps: CTA 1 is not released");
	if (t == 2) {
		WG_EXPECT(c, s->o.rel == 2 && ev_(s, SLG_EV_RELEASE) == 1 && ev_(s, SLG_EV_ARRIVE) == 2,
			  "t=2: warps 6 and 7 arrive together and complete CTA 1: one release (rel_o = 0x2, release = 1, "
			  "arrive = 2; got rel_o = %#llx, release = %ld, arrive = %ld)",
			  (unsigned long long)s->o.rel, ev_(s, SLG_EV_RELEASE), ev_(s, SLG_EV_ARRIVE));
		seen(s, c, 0, 1);
	}
	if (t >= 3)
		WG_EXPECT(c, st_(s, 6) == SLG_ACT && st_(s, 7) == SLG_ACT && s->o.wait == 0,
			  "t=%ld: both warps arriving in the releasing cycle stay ACTIVE and do not wait (W-P2-2)", t);
	TRACES(c, s, tr);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "CTA 1 was never released");
}

/* ---- wake_during_entry: ENTER_DELAY=3 ---- */
static void case_wake_during_entry(void *st, wg_cyc *c)
{
	static const char *const tr[8] = {"AAEEAEEE22rr1", "AAAAAAAAAAAAA"};
	slg_stim *s = st;
	long t = c->t, D = s->ed;
	wg_case_len(c, 13);
	if (wg_at(c, 0)) slg_put_launch(s, c->in, 0x3, 0, SLG_FULL(2));
	if (wg_at(c, 1)) slg_put_arr(s, c->in, W_(0));
	if (wg_at(c, 3)) slg_put_acc(s, c->in, W_(0)); /* a write-back during the entry */
	if (wg_at(c, 9)) slg_put_arr(s, c->in, W_(1));
	if (!wg_checking(c))
		goto done;
	if (t == 2 || t == 3)
		WG_EXPECT(c, st_(s, 0) == SLG_ENT && s->o.mode[0] == SLG_MODE_ACTIVE && ok_(s, 0),
			  "t=%ld: with ENTER_DELAY=%ld warp 0 keeps ACTIVE leakage and access while it enters SLG2 (ENT)", t,
			  D);
	if (t == 3) {
		WG_EXPECT(c, ev_(s, SLG_EV_STALL) == 0, "t=3: the write-back during the entry does not stall");
		seen(s, c, 0, 1);
	}
	if (t == 4)
		WG_EXPECT(c, st_(s, 0) == SLG_ACT, "t=4: the write-back aborted the entry (W-P2-5)");
	if (t < 9)
		WG_EXPECT(c, ev_(s, SLG_EV_WAKE1) == 0 && ev_(s, SLG_EV_WAKE2) == 0 && ev_(s, SLG_EV_STALL) == 0,
			  "t=%ld: the aborted entry costs no wake and no stall", t);
	if (t == 5 + D)
		WG_EXPECT(c, st_(s, 0) == SLG_S2, "t=%ld: warp 0, still waiting, enters again and saves after ENTER_DELAY cycles",
			  t);
	TRACES(c, s, tr);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "the write-back did not meet the entry");
}

/* ---- threads_false_release / no_false_release: two CTAs of four warps, half of each arrives ---- */
static void two_ctas_drive(slg_stim *s, wg_cyc *c)
{
	if (wg_at(c, 0)) slg_put_launch(s, c->in, 0x0f, 0, SLG_FULL(4));
	if (wg_at(c, 1)) slg_put_launch(s, c->in, 0xf0, 1, SLG_FULL(4));
	if (wg_at(c, 2)) slg_put_arr(s, c->in, W_(0) | W_(1)); /* half of CTA 0 */
	if (wg_at(c, 3)) slg_put_arr(s, c->in, W_(4) | W_(5)); /* half of CTA 1 */
}

static void case_threads_false_release(void *st, wg_cyc *c)
{
	static const char *const tr[8] = {"AAA2rr1", "AAA2rr1", "AAAAAAA", "AAAAAAA", "AAAAAAA", "AAAAAAA"};
	slg_stim *s = st;
	long t = c->t;
	wg_case_len(c, 7);
	two_ctas_drive(s, c);
	if (!wg_checking(c))
		goto done;
	if (t == 2)
		WG_EXPECT(c, s->o.rel == 0, "t=2: 64 of 128 threads at the barrier: no release");
	if (t == 3) {
		WG_EXPECT(c, s->o.rel == 3 && ev_(s, SLG_EV_RELEASE) == 2,
			  "t=3: the per-shader thread counter adds the two CTAs' arrivals up to the block size (64 + 64 = "
			  "128): both CTAs are released with half their warps (W-P2-6; rel_o = %#llx)",
			  (unsigned long long)s->o.rel);
		seen(s, c, 0, 1);
	}
	if (t >= 4)
		WG_EXPECT(c, s->o.wait == 0, "t=%ld: the early release let every waiting warp go", t);
	TRACES(c, s, tr);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "the false release did not happen");
}

static void case_no_false_release(void *st, wg_cyc *c)
{
	static const char *const tr[8] = {"AAA22rr1", "AAA22rr1", "AAAAAAAA", "AAAAAAAA",
					  "AAAA22rr", "AAAA22rr", "AAAAAAAA", "AAAAAAAA"};
	slg_stim *s = st;
	long t = c->t;
	wg_case_len(c, 8);
	two_ctas_drive(s, c);
	if (wg_at(c, 4)) slg_put_arr(s, c->in, W_(2) | W_(3)); /* the rest of CTA 0 */
	if (wg_at(c, 5)) slg_put_arr(s, c->in, W_(6) | W_(7)); /* the rest of CTA 1 */
	if (!wg_checking(c))
		goto done;
	if (t <= 3)
		WG_EXPECT(c, s->o.rel == 0,
			  "t=%ld: half of each CTA waits: neither CTA is released until all its warps arrive (B2; rel_o = "
			  "%#llx)",
			  t, (unsigned long long)s->o.rel);
	if (t == 4) {
		WG_EXPECT(c, s->o.rel == 1, "t=4: CTA 0's last warps arrive: CTA 0 alone is released");
		seen(s, c, 0, 1);
	}
	if (t == 5) {
		WG_EXPECT(c, s->o.rel == 2, "t=5: CTA 1's last warps arrive: CTA 1 is released");
		seen(s, c, 1, 0);
	}
	if (t == 3 || t == 4)
		WG_EXPECT(c, wait_(s, 0) && wait_(s, 1) && (t == 3 || (wait_(s, 4) && wait_(s, 5))),
			  "t=%ld: the arrived warps wait", t);
	TRACES(c, s, tr);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "a CTA was never released");
}

/* ---- exit_releases ---- */
static void case_exit_releases(void *st, wg_cyc *c)
{
	static const char *const tr[8] = {"AA22rr1", "AA22rr1", "AAAAAAA"};
	slg_stim *s = st;
	long t = c->t;
	wg_case_len(c, 7);
	if (wg_at(c, 0)) slg_put_launch(s, c->in, 0x7, 2, SLG_FULL(3));
	if (wg_at(c, 1)) slg_put_arr(s, c->in, W_(0) | W_(1));
	if (wg_at(c, 3)) slg_put_ext(s, c->in, 2); /* the rest of CTA 2 waits */
	if (!wg_checking(c))
		goto done;
	if (t == 1 || t == 2)
		WG_EXPECT(c, s->o.rel == 0, "t=%ld: warp 2 is live and has not arrived: CTA 2 is not released", t);
	if (t == 3) {
		WG_EXPECT(c, s->o.rel == 4,
			  "t=3: the exit of warp 2 leaves the waiting warps 0 and 1 the only live warps of CTA 2: the live "
			  "count releases it (W-P2-7; rel_o = %#llx)",
			  (unsigned long long)s->o.rel);
		seen(s, c, 0, 1);
	}
	if (t >= 4)
		WG_EXPECT(c, s->o.wait == 0, "t=%ld: the released warps no longer wait", t);
	TRACES(c, s, tr);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "CTA 2 was never released");
}

/* ---- partial_warp_block: 48 threads = warp 0 (32) + warp 1 (16); either COUNT ---- */
static void case_partial_warp_block(void *st, wg_cyc *c)
{
	static const char *const tr[8] = {"AA2rr1111", "AAAAAA2rr"};
	slg_stim *s = st;
	long t = c->t;
	wg_case_len(c, 9);
	if (wg_at(c, 0)) slg_put_launch(s, c->in, 0x3, 0, 48);
	if (wg_at(c, 1)) slg_put_arr(s, c->in, W_(0)); /* 32 of 48 threads */
	if (wg_at(c, 2)) slg_put_arr(s, c->in, W_(1)); /* + 16: the block */
	if (wg_at(c, 5)) slg_put_arr(s, c->in, W_(1)); /* the next barrier: the partial warp first (16) */
	if (wg_at(c, 6)) slg_put_arr(s, c->in, W_(0)); /* + 32 */
	if (!wg_checking(c))
		goto done;
	if (t == 1 || t == 5)
		WG_EXPECT(c, s->o.rel == 0, "t=%ld: one of the block's two warps arrived: no release", t);
	if (t == 2) {
		WG_EXPECT(c, s->o.rel == 1,
			  "t=2: the partial warp completes the 48-thread block (32 + 16 threads, 2 of 2 warps): released");
		seen(s, c, 0, 1);
	}
	if (t == 6) {
		WG_EXPECT(c, s->o.rel == 1, "t=6: the full warp completes it again (16 + 32 threads): released");
		seen(s, c, 1, 0);
	}
	TRACES(c, s, tr);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "a release of the 48-thread block did not happen");
}

/* ---- writeback_to_slg2 ---- */
static void case_writeback_to_slg2(void *st, wg_cyc *c)
{
	static const char *const tr[8] = {"AA22WWWWAAAAA22r", "AAAAAAAAAAAAAAAA"};
	slg_stim *s = st;
	long t = c->t, Y = s->Y;
	wg_case_len(c, 16);
	if (wg_at(c, 0)) slg_put_launch(s, c->in, 0x3, 0, SLG_FULL(2));
	if (wg_at(c, 1)) slg_put_arr(s, c->in, W_(0));
	if (wg_during(c, 3, 3 + Y)) slg_put_acc(s, c->in, W_(0));   /* a write-back to SLG2, held until ok_o */
	if (wg_during(c, 3 + Y, 6 + Y)) slg_put_pend(s, c->in, W_(0)); /* then another load in flight */
	if (wg_at(c, 14)) slg_put_arr(s, c->in, W_(1));
	if (!wg_checking(c))
		goto done;
	if (t == 3)
		WG_EXPECT(c, ev_(s, SLG_EV_WAKE2) == 1, "t=3: the write-back to the sleeping region wakes it from SLG2");
	if (t >= 3 && t <= 3 + Y) {
		WG_EXPECT(c, ok_(s, 0) == (t == 3 + Y),
			  "t=%ld: the write-back asked at t=3 waits for the wake and happens at 3 + Y = %ld (W-P2-9)", t, 3 + Y);
		WG_EXPECT(c, ev_(s, SLG_EV_STALL) == (t < 3 + Y), "t=%ld: the waiting write-back counts a stall", t);
	}
	if (t == 3 + Y)
		seen(s, c, 0, 1);
	if (t > 3 + Y && t <= 7 + Y)
		WG_EXPECT(c, st_(s, 0) == SLG_ACT && wait_(s, 0),
			  "t=%ld: warp 0 still waits, but pend_i holds its region ACTIVE (B7)", t);
	if (t == 8 + Y) {
		WG_EXPECT(c, st_(s, 0) == SLG_S2, "t=%ld: with nothing pending the waiting region sleeps again", t);
		seen(s, c, 1, 0);
	}
	TRACES(c, s, tr);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the write-back or the second entry did not happen");
}

/* ---- slot_reuse_starts_active ---- */
static void case_slot_reuse(void *st, wg_cyc *c)
{
	static const char *const tr[8] = {"AA2rAAAAA22r", "AA2rr1AAA22r", "AAAAAAAAAAAA"};
	slg_stim *s = st;
	long t = c->t;
	wg_case_len(c, 12);
	if (wg_at(c, 0)) slg_put_launch(s, c->in, 0x7, 3, SLG_FULL(3));
	if (wg_at(c, 1)) slg_put_arr(s, c->in, W_(0) | W_(1));
	if (wg_at(c, 2)) slg_put_arr(s, c->in, W_(2));           /* released */
	if (wg_at(c, 3)) slg_put_sel(s, c->in, 0), slg_put_ext(s, c->in, 0); /* EXIT issued from S21 */
	if (wg_at(c, 5)) slg_put_sel(s, c->in, 1), slg_put_ext(s, c->in, 1); /* EXIT issued from SLG1 */
	if (wg_at(c, 6)) slg_put_ext(s, c->in, 2);
	if (wg_at(c, 7)) {
		slg_put_ext(s, c->in, 5);                          /* warp 5 is not live: ignored */
		slg_put_launch(s, c->in, 0x7, 3, SLG_FULL(3));     /* a new CTA in the same warps and slot */
	}
	if (wg_at(c, 8)) slg_put_arr(s, c->in, W_(0) | W_(1));
	if (wg_at(c, 10)) slg_put_arr(s, c->in, W_(2));
	if (!wg_checking(c))
		goto done;
	if (t == 4)
		WG_EXPECT(c, st_(s, 0) == SLG_ACT, "t=4: warp 0 exited from S21: its region is ACTIVE (W-P2-10)");
	if (t == 6)
		WG_EXPECT(c, st_(s, 1) == SLG_ACT, "t=6: warp 1 exited from SLG1: its region is ACTIVE");
	if (t == 8) {
		for (int w = 0; w < 3; w++)
			WG_EXPECT(c, st_(s, w) == SLG_ACT && ok_(s, w) && s->o.mode[w] == SLG_MODE_ACTIVE && !wait_(s, w),
				  "t=8: warp %d of the new CTA starts ACTIVE, accessible and not waiting", w);
		seen(s, c, 0, 1);
	}
	if (t == 10) {
		WG_EXPECT(c, s->o.rel == W_(3), "t=10: the new CTA's barrier in the reused slot 3 releases");
		seen(s, c, 1, 0);
	}
	TRACES(c, s, tr);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the new CTA did not start or its barrier did not release");
}

/* ---- rearrive_cancels_wake ---- */
static void case_rearrive_cancels_wake(void *st, wg_cyc *c)
{
	static const char *const tr[8] = {"AA2r2222rr1", "AA2rWW22rr1", "AAAAAAAAAAA"};
	slg_stim *s = st;
	long t = c->t, X = s->X, Y = s->Y;
	wg_case_len(c, 11);
	if (wg_at(c, 0)) slg_put_launch(s, c->in, 0x7, 0, SLG_FULL(3));
	if (wg_at(c, 1)) slg_put_arr(s, c->in, W_(0) | W_(1));
	if (wg_at(c, 2)) slg_put_arr(s, c->in, W_(2));            /* released */
	if (wg_at(c, 3)) slg_put_arr(s, c->in, W_(0)), slg_put_sel(s, c->in, 1); /* 0 re-arrives in S21; 1 wakes */
	if (wg_at(c, 5)) slg_put_arr(s, c->in, W_(1));            /* 1 re-arrives during its wake */
	if (wg_at(c, 7)) slg_put_arr(s, c->in, W_(2));            /* the next release */
	if (!wg_checking(c))
		goto done;
	if (t == 3)
		WG_EXPECT(c, ev_(s, SLG_EV_ENTER) == 1, "t=3: warp 0 re-arriving during S21 enters SLG2 again");
	if (t == 4)
		WG_EXPECT(c, st_(s, 0) == SLG_S2, "t=4: warp 0 re-arrived during SLG2 -> SLG1: back to SLG2 (W-P2-11)");
	if (t == 6) {
		WG_EXPECT(c, st_(s, 1) == SLG_S2, "t=6: warp 1 re-arrived during its wake: the wake is cancelled, back to SLG2");
		seen(s, c, 0, 1);
	}
	if (t >= 4 && t <= 7)
		WG_EXPECT(c, !ok_(s, 1), "t=%ld: warp 1's cancelled wake never makes it ACTIVE", t);
	if (t >= 8 && t < 8 + Y - X)
		WG_EXPECT(c, st_(s, 0) == SLG_S21 && st_(s, 1) == SLG_S21,
			  "t=%ld: the timers were cleared: after the next release SLG2 -> SLG1 takes the full Y - X", t);
	if (t == 8 + Y - X) {
		WG_EXPECT(c, st_(s, 0) == SLG_S1 && st_(s, 1) == SLG_S1, "t=%ld: both regions reach SLG1", t);
		seen(s, c, 1, 0);
	}
	TRACES(c, s, tr);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the wake was not cancelled or the next release did not happen");
}

/* ---- access_after_wake: reads Z >= Y cycles after the selection ---- */
static void case_access_after_wake(void *st, wg_cyc *c)
{
	static const char *const tr[8] = {"AA2rWWWWAAAAA", "AA2rr11wwAAAA", "AAAAAAAAAAAAA"};
	slg_stim *s = st;
	long t = c->t, X = s->X, Y = s->Y;
	wg_case_len(c, 13);
	if (wg_at(c, 0)) slg_put_launch(s, c->in, 0x7, 0, SLG_FULL(3));
	if (wg_at(c, 1)) slg_put_arr(s, c->in, W_(0) | W_(1));
	if (wg_at(c, 2)) slg_put_arr(s, c->in, W_(2));  /* released */
	if (wg_at(c, 3)) slg_put_sel(s, c->in, 0);      /* S21, Y - X left: wakes in Y */
	if (wg_at(c, 3 + Y)) slg_put_acc(s, c->in, W_(0)); /* Z = Y */
	if (wg_at(c, 6)) slg_put_sel(s, c->in, 1);      /* SLG1: wakes in X */
	if (wg_at(c, 6 + Y)) slg_put_acc(s, c->in, W_(1)); /* Z = Y > X */
	if (!wg_checking(c))
		goto done;
	WG_EXPECT(c, ev_(s, SLG_EV_STALL) == 0, "t=%ld: a read Y or more cycles after its selection does not stall", t);
	if (t >= 3 && t < 3 + Y)
		WG_EXPECT(c, s->o.mode[0] == SLG_MODE_SLG2 && !ok_(s, 0),
			  "t=%ld: warp 0's wake from S21 shows as SLG2 in the mode trace until 3 + Y", t);
	if (t == 3 + Y) {
		WG_EXPECT(c, ok_(s, 0) && s->o.mode[0] == SLG_MODE_ACTIVE, "t=%ld: warp 0 is ACTIVE when its read comes", t);
		seen(s, c, 0, 1);
	}
	if (t >= 3 + Y - X && t < 6 + X)
		WG_EXPECT(c, s->o.mode[1] == SLG_MODE_SLG1, "t=%ld: warp 1 in SLG1 and waking from it shows mode 1", t);
	if (t == 6 + X) {
		WG_EXPECT(c, ok_(s, 1), "t=%ld: warp 1 is ACTIVE at 6 + X", t);
		seen(s, c, 1, 0);
	}
	TRACES(c, s, tr);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "a wake did not complete");
}

/* ---- enable_off: ENABLE=0 ---- */
static void case_enable_off(void *st, wg_cyc *c)
{
	slg_stim *s = st;
	long t = c->t;
	wg_case_len(c, 10);
	if (wg_at(c, 0)) slg_put_launch(s, c->in, 0x07, 0, SLG_FULL(3));
	if (wg_at(c, 1)) slg_put_launch(s, c->in, 0x18, 1, SLG_FULL(2));
	if (wg_at(c, 2)) slg_put_arr(s, c->in, W_(0) | W_(1));
	if (wg_at(c, 3)) slg_put_arr(s, c->in, W_(3));
	if (wg_at(c, 4)) slg_put_arr(s, c->in, W_(2));     /* CTA 0 released */
	if (wg_at(c, 5)) slg_put_sel(s, c->in, 0);
	if (wg_at(c, 6)) slg_put_acc(s, c->in, W_(3)), slg_put_pend(s, c->in, W_(3)); /* a write-back while waiting */
	if (wg_at(c, 7)) slg_put_acc(s, c->in, W_(0)), slg_put_arr(s, c->in, W_(4)); /* CTA 1 released */
	if (!wg_checking(c))
		goto done;
	for (int w = 0; w < 8; w++)
		WG_EXPECT(c, st_(s, w) == SLG_ACT && s->o.mode[w] == SLG_MODE_ACTIVE,
			  "t=%ld: ENABLE=0: no region leaves ACTIVE (warp %d is in %s)", t, w, slg_st_name(st_(s, w)));
	WG_EXPECT(c, s->o.ok == 0xff, "t=%ld: ENABLE=0: every region is accessible", t);
	for (int e = SLG_EV_ENTER; e <= SLG_EV_SLG2; e++)
		WG_EXPECT(c, ev_(s, e) == 0, "t=%ld: ENABLE=0: no gating event (%s = %ld)", t, ev_name[e], ev_(s, e));
	if (t == 3)
		WG_EXPECT(c, s->o.wait == 0x03, "t=3: warps 0 and 1 wait at the barrier as with ENABLE=1");
	if (t == 4) {
		WG_EXPECT(c, s->o.rel == 1 && s->o.wait == 0x0b, "t=4: the barrier of CTA 0 releases as with ENABLE=1");
		seen(s, c, 0, 1);
	}
	if (t == 7) {
		WG_EXPECT(c, s->o.rel == 2, "t=7: the barrier of CTA 1 releases");
		seen(s, c, 1, 0);
	}
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "a barrier did not release");
}

const wg_case_def slg_cases[SLG_NCASES] = {
	[C_SLEEP_RELEASE_WAKE] = {"sleep_release_wake",
		"the page's timing example: non-last arrivals enter SLG2 the next cycle, the last stays ACTIVE; the release moves "
		"them to S21 for Y - X cycles, then SLG1; wakes in t + X from S21 and X from SLG1, reads stall 3 and 1 cycles",
		"§2.2.4, Table III", BASE, .run = case_sleep_release_wake,
		.focus = "arr_i sel_valid_i sel_warp_i acc_i rel_o mode_o ok_o wait_q st_q tm_q"},
	[C_FIRST_WARP_FULL_WAKE] = {"first_warp_full_wake",
		"a warp selected in the first cycle after release wakes in exactly Y; one selected with 1 cycle of S21 left in 1 + X",
		"W-P2-3", BASE, .run = case_first_warp_full_wake,
		.focus = "arr_i sel_valid_i sel_warp_i acc_i rel_o mode_o ok_o st_q tm_q"},
	[C_WAKE_FROM_SLG1] = {"wake_from_slg1",
		"selected after SLG2 -> SLG1 ended: ACTIVE in exactly X; its read Z = 2 later stalls X - Z cycles",
		"W-P2-4", BASE, .run = case_wake_from_slg1,
		.focus = "sel_valid_i sel_warp_i acc_i mode_o ok_o st_q tm_q"},
	[C_RELEASE_WHILE_LATCHING] = {"release_while_latching",
		"a waiting warp whose pending write-back clears the cycle the last warp arrives never enters SLG2",
		"W-P2-1", BASE, .run = case_release_while_latching,
		.focus = "arr_i pend_i rel_o mode_o wait_q st_q tm_q"},
	[C_TWO_ARRIVALS_RELEASE] = {"two_arrivals_release",
		"two warps arrive in the cycle that completes the CTA: one release, both stay ACTIVE",
		"W-P2-2", BASE, .run = case_two_arrivals_release,
		.focus = "arr_i rel_o mode_o ev_o live_q wait_q st_q"},
	[C_WAKE_DURING_ENTRY] = {"wake_during_entry",
		"ENTER_DELAY=3: a write-back during the entry aborts it, no wake, no stall; the warp enters again",
		"W-P2-5", BASE ",ENTER_DELAY=3", .run = case_wake_during_entry,
		.focus = "arr_i pend_i mode_o ok_o ev_o st_q tm_q"},
	[C_THREADS_FALSE_RELEASE] = {"threads_false_release",
		"COUNT=THREADS: two CTAs with half their warps each at the barrier add up to the block size and both are released early",
		"W-P2-6", BASE ",COUNT=THREADS", .run = case_threads_false_release,
		.focus = "launch_i launch_cta_i launch_size_i arr_i rel_o cta_q wait_q thr_q bsz_q"},
	[C_NO_FALSE_RELEASE] = {"no_false_release",
		"the same arrivals under COUNT=WARPS: neither CTA is released until all its warps arrive",
		"W-P2-6, B2", BASE, .run = case_no_false_release,
		.focus = "launch_i launch_cta_i arr_i rel_o live_q cta_q wait_q"},
	[C_EXIT_RELEASES] = {"exit_releases",
		"a warp exits while the rest of its CTA waits: the live count releases the CTA",
		"W-P2-7", BASE, .run = case_exit_releases,
		.focus = "ext_valid_i ext_warp_i arr_i rel_o live_q wait_q st_q"},
	[C_PARTIAL_WARP_BLOCK] = {"partial_warp_block",
		"a 48-thread block (one full and one partial warp) is released on its warps, either warp last, under both counting rules",
		"W-P2-8", BASE, .run = case_partial_warp_block,
		.focus = "launch_i launch_size_i arr_i rel_o wait_q lst_q thr_q bsz_q"},
	[C_WRITEBACK_TO_SLG2] = {"writeback_to_slg2",
		"a write-back to a sleeping region wakes it in Y and waits; pending blocks entry; then it sleeps again",
		"W-P2-9, B7", BASE, .run = case_writeback_to_slg2,
		.focus = "pend_i acc_i arr_i mode_o ok_o ev_o wait_q st_q tm_q"},
	[C_SLOT_REUSE] = {"slot_reuse_starts_active",
		"a CTA exits (from S21, SLG1, ACTIVE) and a new one reuses its warps and CTA slot: every region ACTIVE; an exit of a warp not live is ignored",
		"W-P2-10", BASE, .run = case_slot_reuse,
		.focus = "ext_valid_i ext_warp_i launch_i launch_cta_i mode_o live_q cta_q st_q"},
	[C_REARRIVE_CANCELS_WAKE] = {"rearrive_cancels_wake",
		"a released warp re-arrives during S21 and another during its wake: back to SLG2, timers cleared",
		"W-P2-11", BASE, .run = case_rearrive_cancels_wake,
		.focus = "arr_i sel_valid_i sel_warp_i rel_o mode_o wait_q st_q tm_q"},
	[C_ACCESS_AFTER_WAKE] = {"access_after_wake",
		"reads Y cycles after the selection (Z >= Y) do not stall; the wakes show in the mode trace (SLG2, SLG1)",
		"W-P2-12", BASE, .run = case_access_after_wake,
		.focus = "sel_valid_i sel_warp_i acc_i mode_o ok_o st_q tm_q"},
	[C_ENABLE_OFF] = {"enable_off",
		"ENABLE=0: the barriers release as before, no region leaves ACTIVE, no stall, no gating event",
		"P2 §IV-B", BASE ",ENABLE=0", .run = case_enable_off,
		.focus = "arr_i acc_i rel_o mode_o ok_o ev_o wait_q st_q"},
	[C_FIRST_Y_LATER_X] = {"first_y_later_x",
		"S21_WAKE=FIRST_Y: a CTA's first wake after its release pays the rest of SLG2 -> SLG1 plus X, a later one "
		"during the move X; a CTA released with it has its own first",
		"P2 §III, B5", BASE ",S21_WAKE=FIRST_Y", .run = case_first_y_later_x,
		.focus = "sel_valid_i sel_warp_i acc_i rel_o mode_o ok_o frst_q st_q tm_q"},
};
