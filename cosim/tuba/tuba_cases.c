/* tuba_cases.c - the directed cases of the `tuba` stimulus: every row of
 * docs/tuba.md "Directed cases", one function each (wg_kit.h), each cycle's
 * drive beside its checks.
 *
 * Every case runs after two reset cycles (t counts from there) at the
 * default configuration (224 TFET registers, DW_PCT=15, UP_PCT=40,
 * MAX_BLOCKS=8, evaluation at each completion) unless its row says more;
 * they need MAX_BLOCKS >= 4. A start at t loads the limit seen as lim_o at
 * t + 1; an evaluation at t changes lim_o at t + 1 and accept_o at t
 * already (W-P1-12). Each case checks its claim on exact cycles with the
 * numbers of the page written out; lower_and_raise and threshold_edges run at
 * 200 TFET registers, where 15 % and 40 % are whole counts (30, 80), so a
 * free count lands exactly on each threshold and the comparisons' strictness
 * is part of the claim (at 224 none does: 33.6, 89.6). The monitor of
 * tuba_stim.c checks every output of every cycle besides. */
#include <stdio.h>

#include "tuba.h"
#include "tuba_stim.h"
#include "wg_kit.h"

enum {
	C_LOWER_AND_RAISE,
	C_FLOOR_AND_CAP,
	C_NO_PREEMPTION,
	C_PERIOD_VARIANT,
	C_KERNEL_RESTART,
	C_THRESHOLD_EDGES,
};

static unsigned lim_(const tbs_stim *s) { return s->o.lim; }
static unsigned acc_(const tbs_stim *s) { return s->o.accept; }
static unsigned ev_(const tbs_stim *s) { return s->o.ev[TB_EV_EVAL]; }
static unsigned dec_(const tbs_stim *s) { return s->o.ev[TB_EV_DEC]; }
static unsigned inc_(const tbs_stim *s) { return s->o.ev[TB_EV_INC]; }

/* Mark key event i as seen (CHECK phase) and, when key, put the waveform marker here. */
static void seen(tbs_stim *s, wg_cyc *c, int i, int key)
{
	if (!wg_checking(c))
		return;
	s->seen[i] = 1;
	if (key)
		wg_key(c);
}

/* ---- lower_and_raise: at 200 registers, 29 free lowers, 30..80 keep (30 and 80 are exactly 15 % and
 * 40 %: the comparisons are strict), 81 raises (§2.1.7, A19) ---- */
static void case_lower_and_raise(void *st, wg_cyc *c)
{
	tbs_stim *s = st;
	long t = c->t;
	unsigned M = (unsigned)s->cfg.max_blocks;
	wg_case_len(c, 57);
	if (wg_at(c, 0)) tbs_put(s, c->in, 1, M, 0, 100, 0);                    /* a kernel of MAX_BLOCKS */
	if (wg_at(c, 1)) tbs_put(s, c->in, 0, 0, 1, 29, 0);                     /* 100 x 29 < 15 x 200 */
	if (wg_during(c, 2, 52)) tbs_put(s, c->in, 0, 0, 1, 30 + (t - 2), 0);   /* 30 .. 80: the band */
	if (wg_at(c, 53)) tbs_put(s, c->in, 0, 0, 1, 81, 0);                    /* 100 x 81 > 40 x 200 */
	if (wg_at(c, 54)) tbs_put(s, c->in, 0, 0, 0, 0, 0);                     /* no completion: no evaluation */
	if (wg_at(c, 55)) tbs_put(s, c->in, 0, 0, 1, 0, 0);
	if (!wg_checking(c))
		goto done;
	if (t == 0)
		WG_EXPECT(c, acc_(s) == 1 && ev_(s) == 0, "t=0: the kernel start loads the limit (accept_o 1), no evaluation");
	if (t == 1) {
		WG_EXPECT(c, lim_(s) == M && ev_(s) == 1 && dec_(s) == 1,
			  "t=1: a completion at 29 free of 200 lowers the limit (100 x 29 < 15 x 200): lim_o %u, eval %u, dec %u",
			  lim_(s), ev_(s), dec_(s));
		seen(s, c, 0, 1);
	}
	if (t == 2)
		WG_EXPECT(c, lim_(s) == M - 1 && ev_(s) == 1 && dec_(s) == 0 && inc_(s) == 0,
			  "t=2: a completion at 30 free of 200, exactly 15 %% (100 x 30 = 15 x 200, not below: strict, A19), "
			  "keeps the limit %u: lim_o %u, eval %u, dec %u, inc %u", M - 1, lim_(s), ev_(s), dec_(s), inc_(s));
	if (t >= 3 && t <= 51)
		WG_EXPECT(c, lim_(s) == M - 1 && ev_(s) == 1 && dec_(s) == 0 && inc_(s) == 0,
			  "t=%ld: a completion at %ld free of 200 (31..79, the hysteresis band) keeps the limit %u: lim_o %u, "
			  "eval %u, dec %u, inc %u",
			  t, 30 + (t - 2), M - 1, lim_(s), ev_(s), dec_(s), inc_(s));
	if (t == 52)
		WG_EXPECT(c, lim_(s) == M - 1 && ev_(s) == 1 && dec_(s) == 0 && inc_(s) == 0,
			  "t=52: a completion at 80 free of 200, exactly 40 %% (100 x 80 = 40 x 200, not above: strict, A19), "
			  "keeps the limit %u: lim_o %u, eval %u, dec %u, inc %u", M - 1, lim_(s), ev_(s), dec_(s), inc_(s));
	if (t == 53) {
		WG_EXPECT(c, lim_(s) == M - 1 && ev_(s) == 1 && inc_(s) == 1,
			  "t=53: a completion at 81 free of 200 raises the limit (100 x 81 > 40 x 200): eval %u, inc %u", ev_(s),
			  inc_(s));
		seen(s, c, 1, 0);
	}
	if (t == 54)
		WG_EXPECT(c, lim_(s) == M && ev_(s) == 0, "t=54: the limit is back at %u (lim_o %u) and 0 free without a "
			  "completion is not evaluated (eval %u)", M, lim_(s), ev_(s));
	if (t == 55)
		WG_EXPECT(c, dec_(s) == 1, "t=55: a completion at 0 free lowers the limit");
	if (t == 56)
		WG_EXPECT(c, lim_(s) == M - 1, "t=56: lim_o %u, expected %u", lim_(s), M - 1);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the decrement at 29 or the increment at 81 did not happen");
}

/* ---- floor_and_cap: the limit stays at 1 with few free, at the kernel's cap with many (W-P1-13) ---- */
static void case_floor_and_cap(void *st, wg_cyc *c)
{
	tbs_stim *s = st;
	long t = c->t, T = s->cfg.tfet_regs;
	unsigned M = (unsigned)s->cfg.max_blocks;
	wg_case_len(c, 9);
	if (wg_at(c, 0)) tbs_put(s, c->in, 1, 2, 0, 0, 0);          /* a kernel of occupancy 2 */
	if (wg_during(c, 1, 3)) tbs_put(s, c->in, 0, 0, 1, 0, 0);   /* completions at 0 free */
	if (wg_during(c, 4, 5)) tbs_put(s, c->in, 0, 0, 1, T, 0);   /* completions, all free */
	if (wg_at(c, 6)) tbs_put(s, c->in, 1, M, 0, T, 0);          /* a kernel of MAX_BLOCKS */
	if (wg_at(c, 7)) tbs_put(s, c->in, 0, 0, 1, T, 0);
	if (!wg_checking(c))
		goto done;
	if (t == 1)
		WG_EXPECT(c, lim_(s) == 2 && dec_(s) == 1, "t=1: from 2, a completion at 0 free lowers the limit to 1");
	if (t == 2 || t == 3) {
		WG_EXPECT(c, lim_(s) == 1 && ev_(s) == 1 && dec_(s) == 0 && acc_(s) == 1,
			  "t=%ld: at the floor of 1 with 0 free the limit stays 1 and one block may still run: lim_o %u, eval "
			  "%u, dec %u, accept_o %u", t, lim_(s), ev_(s), dec_(s), acc_(s));
		seen(s, c, 0, t == 2);
	}
	if (t == 4)
		WG_EXPECT(c, lim_(s) == 1 && inc_(s) == 1, "t=4: from 1, a completion with all registers free raises the limit");
	if (t == 5) {
		WG_EXPECT(c, lim_(s) == 2 && ev_(s) == 1 && inc_(s) == 0,
			  "t=5: at the kernel's cap of 2 (its occupancy, below MAX_BLOCKS) the limit stays: lim_o %u, inc %u",
			  lim_(s), inc_(s));
		seen(s, c, 1, 0);
	}
	if (t == 6)
		WG_EXPECT(c, lim_(s) == 2, "t=6: lim_o %u, the cap is 2", lim_(s));
	if (t == 7) {
		WG_EXPECT(c, lim_(s) == M && ev_(s) == 1 && inc_(s) == 0,
			  "t=7: at MAX_BLOCKS=%u the limit stays with all registers free: lim_o %u, inc %u", M, lim_(s), inc_(s));
		seen(s, c, 2, 0);
	}
	if (t == 8)
		WG_EXPECT(c, lim_(s) == M, "t=8: lim_o %u, expected MAX_BLOCKS %u", lim_(s), M);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1] && s->seen[2], "the floor, the kernel's cap or MAX_BLOCKS was not held");
}

/* ---- no_preemption: a lower limit blocks dispatch only, and the same cycle's dispatch sees it (W-P1-12) ---- */
static void case_no_preemption(void *st, wg_cyc *c)
{
	tbs_stim *s = st;
	long t = c->t;
	wg_case_len(c, 14);
	if (wg_at(c, 0)) tbs_put(s, c->in, 1, 4, 0, 100, 0);           /* occupancy 4 */
	if (wg_during(c, 1, 4)) tbs_put(s, c->in, 0, 0, 0, 100, t);    /* one dispatch a cycle: 1..4 resident */
	if (wg_at(c, 5)) tbs_put(s, c->in, 0, 0, 1, 10, 3);            /* a completion at 10 free: 3 resident */
	if (wg_at(c, 6)) tbs_put(s, c->in, 0, 0, 0, 10, 3);
	if (wg_at(c, 7)) tbs_put(s, c->in, 0, 0, 1, 200, 2);           /* a completion at 200 free: 2 resident */
	if (wg_at(c, 8)) tbs_put(s, c->in, 1, 1, 0, 100, 2);           /* a kernel of occupancy 1, 2 blocks stay */
	if (wg_during(c, 9, 11)) tbs_put(s, c->in, 0, 0, 0, 100, 2);
	if (wg_at(c, 12)) tbs_put(s, c->in, 0, 0, 1, 100, 1);          /* completions in the band */
	if (wg_at(c, 13)) tbs_put(s, c->in, 0, 0, 1, 100, 0);
	if (!wg_checking(c))
		goto done;
	if (t <= 3)
		WG_EXPECT(c, acc_(s) == 1, "t=%ld: %ld resident below the limit 4: accept_o 1", t, t);
	if (t == 4)
		WG_EXPECT(c, acc_(s) == 0, "t=4: 4 resident at the limit 4: accept_o 0");
	if (t == 5) {
		WG_EXPECT(c, lim_(s) == 4 && dec_(s) == 1 && acc_(s) == 0,
			  "t=5: accept_o 0: the completion at 10 free lowers the limit to 3 in this cycle, and this cycle's "
			  "dispatch sees it (3 resident, not below 3): lim_o %u, dec %u, accept_o %u", lim_(s), dec_(s), acc_(s));
		seen(s, c, 0, 1);
	}
	if (t == 6)
		WG_EXPECT(c, lim_(s) == 3 && acc_(s) == 0 && ev_(s) == 0, "t=6: limit 3, 3 resident: accept_o 0, no event");
	if (t == 7)
		WG_EXPECT(c, inc_(s) == 1 && acc_(s) == 1,
			  "t=7: the completion at 200 free raises the limit to 4 and this cycle's dispatch sees it (2 < 4): "
			  "inc %u, accept_o %u", inc_(s), acc_(s));
	if (t == 8)
		WG_EXPECT(c, acc_(s) == 0, "t=8: the start of a kernel of occupancy 1 with 2 blocks resident: accept_o 0");
	if (t >= 9 && t <= 11) {
		WG_EXPECT(c, lim_(s) == 1 && acc_(s) == 0 && ev_(s) == 0 && dec_(s) == 0 && inc_(s) == 0,
			  "t=%ld: 2 resident above the limit 1: no dispatch and nothing else (no preemption): lim_o %u, "
			  "accept_o %u, eval %u", t, lim_(s), acc_(s), ev_(s));
		seen(s, c, 1, 0);
	}
	if (t == 12)
		WG_EXPECT(c, lim_(s) == 1 && ev_(s) == 1 && acc_(s) == 0, "t=12: 1 resident at the limit 1: accept_o 0");
	if (t == 13)
		WG_EXPECT(c, acc_(s) == 1, "t=13: the last resident block completed: accept_o 1");
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the same-cycle decrement or the limit below the resident blocks was not seen");
}

/* ---- period_variant: EVAL_PERIOD=1024, evaluations at the period's ends only (A19) ---- */
#define PV_RESTART 1500
static void case_period_variant(void *st, wg_cyc *c)
{
	tbs_stim *s = st;
	long t = c->t;
	/* the start at t=0 clears pc_q for t=1: the period ends at t = 1 + 1023; the restart, 1500 + 1 + 1023 */
	const long e1 = 1024, e2 = PV_RESTART + 1024;
	wg_case_len(c, e2 + 2);
	if (wg_at(c, 0)) tbs_put(s, c->in, 1, 4, 0, 0, 0);
	if (wg_during(c, 1, e2 + 1) && t != PV_RESTART)
		tbs_put(s, c->in, 0, 0, t == 10 || t == 500 || t == 2048, 0, 0); /* 0 free throughout; a few completions */
	if (wg_at(c, PV_RESTART)) tbs_put(s, c->in, 1, 4, 0, 0, 0);
	if (!wg_checking(c))
		goto done;
	if (t >= 1 && t <= e2 + 1)
		WG_EXPECT(c, ev_(s) == (t == e1 || t == e2),
			  "t=%ld: eval = %u; with EVAL_PERIOD=1024 the evaluations fall at t=%ld and, after the restart at "
			  "t=%d, at t=%ld only (completions, as at t=10, 500 and 2048, are not evaluated)",
			  t, ev_(s), e1, PV_RESTART, e2);
	if (t == e1) {
		WG_EXPECT(c, lim_(s) == 4 && dec_(s) == 1, "t=%ld: the period's end at 0 free lowers the limit 4", t);
		seen(s, c, 0, 1);
	}
	if (t == e1 + 1)
		WG_EXPECT(c, lim_(s) == 3, "t=%ld: lim_o %u, expected 3", t, lim_(s));
	if (t == e2) {
		WG_EXPECT(c, lim_(s) == 4 && dec_(s) == 1, "t=%ld: the restarted period's end lowers the reloaded limit 4", t);
		seen(s, c, 1, 0);
	}
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "an evaluation at a period's end was not seen");
}

/* ---- kernel_restart: start_i while a kernel runs reloads the limit and the cap (W-P1-16) ---- */
static void case_kernel_restart(void *st, wg_cyc *c)
{
	tbs_stim *s = st;
	long t = c->t, T = s->cfg.tfet_regs;
	unsigned M = (unsigned)s->cfg.max_blocks;
	wg_case_len(c, 13);
	if (wg_at(c, 0)) tbs_put(s, c->in, 1, M, 0, 100, 0);
	if (wg_during(c, 1, 2)) tbs_put(s, c->in, 0, 0, 1, 0, 3);   /* lowered to MAX_BLOCKS - 2 */
	if (wg_at(c, 3)) tbs_put(s, c->in, 1, 2, 1, 0, 3);           /* a start in a completion's cycle */
	if (wg_at(c, 4)) tbs_put(s, c->in, 0, 0, 1, T, 2);
	if (wg_at(c, 5)) tbs_put(s, c->in, 1, 3, 0, T, 1);
	if (wg_at(c, 6)) tbs_put(s, c->in, 0, 0, 1, 0, 0);
	if (wg_at(c, 7)) tbs_put(s, c->in, 1, 4, 0, 0, 0);           /* the lowered limit is not kept */
	if (wg_at(c, 8)) tbs_put(s, c->in, 0, 0, 1, T, 0);
	if (wg_at(c, 9)) wg_port_put(s->L, c->in, TB_RST_I, 1);     /* the block forgets the kernel */
	if (wg_at(c, 10)) tbs_put(s, c->in, 0, 0, 1, T, 0);
	if (wg_at(c, 11)) tbs_put(s, c->in, 1, 1, 0, T, 0);
	if (!wg_checking(c))
		goto done;
	if (t == 3) {
		WG_EXPECT(c, lim_(s) == M - 2 && ev_(s) == 0 && dec_(s) == 0 && acc_(s) == 0,
			  "t=3: a start in a completion's cycle reloads the limit from occ_i (2; 3 resident: accept_o 0) and "
			  "evaluates nothing: lim_o %u, eval %u, accept_o %u", lim_(s), ev_(s), acc_(s));
		seen(s, c, 0, 1);
	}
	if (t == 4) {
		WG_EXPECT(c, lim_(s) == 2 && ev_(s) == 1 && inc_(s) == 0,
			  "t=4: the new kernel's cap 2 is in force (not MAX_BLOCKS): all free, the limit stays 2 (lim_o %u, inc "
			  "%u)", lim_(s), inc_(s));
		seen(s, c, 1, 0);
	}
	if (t == 5)
		WG_EXPECT(c, acc_(s) == 1, "t=5: a kernel of occupancy 3, 1 resident: accept_o 1");
	if (t == 6)
		WG_EXPECT(c, lim_(s) == 3 && dec_(s) == 1, "t=6: lim_o %u (expected 3), lowered at 0 free", lim_(s));
	if (t == 8)
		WG_EXPECT(c, lim_(s) == 4 && ev_(s) == 1 && inc_(s) == 0,
			  "t=8: the restart loads occupancy 4 (not the lowered 2 + 1) and caps at it: lim_o %u, inc %u",
			  lim_(s), inc_(s));
	if (t == 10)
		WG_EXPECT(c, lim_(s) == 0 && ev_(s) == 0 && acc_(s) == 0,
			  "t=10: after a reset there is no kernel: lim_o %u, no evaluation (eval %u), accept_o %u", lim_(s),
			  ev_(s), acc_(s));
	if (t == 11)
		WG_EXPECT(c, acc_(s) == 1, "t=11: the start of a kernel of occupancy 1: accept_o 1");
	if (t == 12)
		WG_EXPECT(c, lim_(s) == 1, "t=12: lim_o %u, expected 1", lim_(s));
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the restart's reload was not seen");
}

/* ---- threshold_edges: the exact integer edges of A19 at this configuration ---- */

/* The last free count that lowers and the first that raises, written out
 * for 224 registers at the paper's sweep values (A19: dw 22.4 / 33.6 / 44.8,
 * up 67.2 / 89.6 / 112.0 / 134.4; strict, so 112 free does not raise at
 * UP_PCT=50) and for the case's own 200 registers at 15 % and 40 % (30.0 and
 * 80.0: both exact, so 30 does not lower and 80 does not raise), else from the real quotient x = PCT * TFET_REGS / 100 (exact in
 * a double: it is an integer or at least 0.01 away from one): lowering is
 * free < x, raising free > x. */
static long edge_low(const tbs_stim *s, const char **how)
{
	int T = s->cfg.tfet_regs, dw = s->cfg.dw_pct;
	*how = "A19's count at 224";
	if (T == 224 && dw == 10) return 22;
	if (T == 224 && dw == 15) return 33;
	if (T == 224 && dw == 20) return 44;
	*how = "the page's count at 200";
	if (T == 200 && dw == 15) return 29;
	*how = "derived";
	double x = (double)dw * T / 100.0;
	long fl = (long)x;
	return (double)fl == x ? fl - 1 : fl;
}

static long edge_high(const tbs_stim *s, const char **how)
{
	int T = s->cfg.tfet_regs, up = s->cfg.up_pct;
	*how = "A19's count at 224";
	if (T == 224 && up == 30) return 68;
	if (T == 224 && up == 40) return 90;
	if (T == 224 && up == 50) return 113;
	if (T == 224 && up == 60) return 135;
	*how = "the page's count at 200";
	if (T == 200 && up == 40) return 81;
	*how = "derived";
	return (long)((double)up * T / 100.0) + 1;
}

static void case_threshold_edges(void *st, wg_cyc *c)
{
	tbs_stim *s = st;
	long t = c->t;
	const char *hl, *hh;
	long lo = edge_low(s, &hl), hi = edge_high(s, &hh);
	int band = lo + 1 < hi; /* at 1 TFET register 0 lowers and 1 raises: no band */
	unsigned M = (unsigned)s->cfg.max_blocks;
	wg_case_len(c, 6);
	if (wg_at(c, 0)) tbs_put(s, c->in, 1, M, 0, lo, 0);
	if (wg_at(c, 1)) tbs_put(s, c->in, 0, 0, 1, lo, 0);
	if (wg_at(c, 2)) tbs_put(s, c->in, 0, 0, band, lo + 1, 0);
	if (wg_at(c, 3)) tbs_put(s, c->in, 0, 0, band, hi - 1, 0);
	if (wg_at(c, 4)) tbs_put(s, c->in, 0, 0, 1, hi, 0);
	if (!wg_checking(c))
		goto done;
	if (t == 1) {
		WG_EXPECT(c, lim_(s) == M && dec_(s) == 1,
			  "t=1: %ld free of %d (the last lowering count, %s) lowers the limit: 100 x %ld < %d x %d (dec %u)", lo,
			  s->cfg.tfet_regs, hl, lo, s->cfg.dw_pct, s->cfg.tfet_regs, dec_(s));
		seen(s, c, 0, 1);
	}
	if ((t == 2 || t == 3) && band) {
		long f = t == 2 ? lo + 1 : hi - 1, pct = t == 2 ? s->cfg.dw_pct : s->cfg.up_pct;
		int exact = 100 * f == pct * (long)s->cfg.tfet_regs; /* on the threshold: the strictness decides */
		WG_EXPECT(c, lim_(s) == M - 1 && ev_(s) == 1 && dec_(s) == 0 && inc_(s) == 0,
			  "t=%ld: %ld free of %d is in the band (%ld..%ld)%s: the limit stays (dec %u, inc %u)", t, f,
			  s->cfg.tfet_regs, lo + 1, hi - 1,
			  !exact ? "" : t == 2 ? ", exactly DW_PCT % (100 x free = DW_PCT x TFET_REGS: not below, strict, A19)"
					       : ", exactly UP_PCT % (100 x free = UP_PCT x TFET_REGS: not above, strict, A19)",
			  dec_(s), inc_(s));
	}
	if (t == 4) {
		WG_EXPECT(c, lim_(s) == M - 1 && inc_(s) == 1,
			  "t=4: %ld free of %d (the first raising count, %s) raises the limit: 100 x %ld > %d x %d (inc %u)", hi,
			  s->cfg.tfet_regs, hh, hi, s->cfg.up_pct, s->cfg.tfet_regs, inc_(s));
		seen(s, c, 1, 0);
	}
	if (t == 5)
		WG_EXPECT(c, lim_(s) == M, "t=5: lim_o %u, expected %u", lim_(s), M);
done:
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the edges were not evaluated");
}

const wg_case_def tbs_cases[TBS_NCASES] = {
	[C_LOWER_AND_RAISE] = {"lower_and_raise",
			       "at 200 TFET registers, completions at 29 free lower the limit, at 30..80 keep it (30 = 15 % and "
			       "80 = 40 % exactly: strict), at 81 raise it",
			       "spec §2.1.7, A19", "TFET_REGS=200", .run = case_lower_and_raise,
		.focus = "done_i free_i res_i accept_o ev_o lim_q cap_q"},
	[C_FLOOR_AND_CAP] = {"floor_and_cap",
			     "at 1 with 0 free the limit stays 1; at the kernel's cap (2) and at MAX_BLOCKS with all free it stays",
			     "W-P1-13, A19", NULL, .run = case_floor_and_cap,
		.focus = "start_i occ_i done_i free_i accept_o ev_o lim_q cap_q"},
	[C_NO_PREEMPTION] = {"no_preemption",
			     "a completion's decrement is seen by the same cycle's dispatch; a limit below the resident blocks "
			     "only stops dispatch",
			     "W-P1-12", NULL, .run = case_no_preemption,
		.focus = "done_i free_i res_i accept_o ev_o lim_q cap_q"},
	[C_PERIOD_VARIANT] = {"period_variant",
			      "EVAL_PERIOD=1024: evaluations at the period's ends only, completions ignored, a restart clears "
			      "the period counter",
			      "A19, W-P1-16", "EVAL_PERIOD=1024", .run = case_period_variant,
		.focus = "start_i done_i free_i ev_o pc_q lim_q cap_q"},
	[C_KERNEL_RESTART] = {"kernel_restart",
			      "start_i while a kernel runs (also in a completion's cycle) reloads the limit and the cap from "
			      "occ_i; a reset leaves no kernel",
			      "W-P1-16, A19", NULL, .run = case_kernel_restart,
		.focus = "rst_i start_i occ_i done_i res_i accept_o lim_q cap_q"},
	[C_THRESHOLD_EDGES] = {"threshold_edges",
			       "the last lowering and the first raising free count, and the band between (a band edge on an "
			       "exact threshold stays: strict), at this configuration (written out for 224 registers at the "
			       "paper's sweep values and for the case's 200, where 15 % and 40 % are exact)",
			       "A19", "TFET_REGS=200", .run = case_threshold_edges,
		.focus = "done_i free_i ev_o lim_q cap_q"},
};
