/* mascar_stim.c - stimulus for the composed block mascar (wrc + reexec_q):
 * the small SM of mascar_env.c in random mode, and directed cases that run the
 * same environment on scripted warps with a preloaded L1 and check the
 * thesis's worked examples and the corner cases of spec §3.13 cycle by cycle
 * (docs/mascar.md "Directed cases"). Cycle convention of the cases: reset in
 * cycles 0-1, the scripted warps launch at the edge of cycle 2, so the first
 * issue is at cycle 3 = the figures' t = 0 (Fig. 4.6) or t = 1 (Fig. 4.2).
 *
 * A case is its environment (knobs and a script: programs, preloaded L1,
 * busy MSHRs; given to the environment at init) and one function in the
 * kit's form (wg_kit.h) that checks each cycle and the whole run. The
 * environment drives every cycle, the reset cycles too, so the cases have no
 * prologue: their cycle c->t is the harness's cycle. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mascar.h"
#include "mascar_cover.h"
#include "mascar_env.h"
#include "wg_kit.h"
#include "wrc.h"

/* Fig. 4.2 with this block's rules: the last add issues at t = FIG42_T
 * (docs/mascar.md "fig42_mascar" derives it); the thesis's figure is 23. */
#define FIG42_T 27
#define T0 3 /* first issue cycle of a case */
#define FIG46_FREE 41 /* fig46: first cycle an MSHR is free (the older miss filling at edge 40) */

typedef struct msc_stim {
	const wg_layout *L;     /* the composition's frame layout */
	int cs;                 /* directed case, or -1 */
	wg_case_runner run;     /* directed: the kit's runner of the case */
	long seen[6];           /* directed: checked events */
	long mark;              /* a cycle remembered by a case */
	int prev_owner;         /* owner last cycle (-1 none) */
	int prev_head;          /* queue head warp last cycle */
	int prev_imem;          /* a memory instruction issued last cycle */
	int handoff;            /* the warp given ownership by the hand-off (-1) */
	int adds[4];            /* fig42: adds issued per warp */
	long last_add;          /* fig42: cycle of the last add */
	int misses;             /* fig42: misses sent to L2 so far */
	mse_script sc;          /* the case's script */
	ms_env *env;            /* the environment (after this struct) */
} msc_stim;

static size_t head_size(void) { return (sizeof(msc_stim) + 15u) & ~(size_t)15u; }

static size_t msc_stim_size(const long *p) { return head_size() + mse_size(p); }

/* ---- scripts ---- */

static mse_ins LD(int dst, uint32_t line)
{
	mse_ins i = {.cls = MSE_LD, .dst = (int8_t)dst, .src = {-1, -1}, .nseg = 1};
	i.line[0] = line;
	return i;
}

static mse_ins ALU(int dst, int s0, int s1)
{
	mse_ins i = {.cls = MSE_ALU, .dst = (int8_t)dst, .src = {(int8_t)s0, (int8_t)s1}};
	return i;
}

static void prog(mse_script *sc, int w, int n, const mse_ins *ins)
{
	sc->len[w] = n;
	for (int k = 0; k < n; k++)
		sc->prog[w][k] = ins[k];
}

static void busy(mse_script *sc, long alloc, long fill)
{
	sc->busy_alloc[sc->nbusy] = alloc;
	sc->busy_fill[sc->nbusy++] = fill;
}

/* Environment knobs of every case (no randomness is used in script mode). */
#define KNOBS "ALU_LAT=1,HIT_LAT=1,L2_LAT=20,MQ_GAP=1,RESET_PPM=0"

/* ---- what the checks read ---- */

static int issued_mem(const mse_view *v, int *w)
{
	for (int i = 0; i < v->niss; i++)
		if (v->iss_cls[i] == MSE_LD || v->iss_cls[i] == MSE_ST) {
			if (w)
				*w = v->iss_warp[i];
			return 1;
		}
	return 0;
}

static int in_bit(const msc_stim *s, const uint32_t *in, int port)
{
	return (int)wg_elem_get(s->L, in, port, 0, 1);
}

/* ---- the cases: each one's script, then its function ---- */

/* 3 MSHRs busy, the 4th taken at t=-1: the flag rises at t=0 (EP->MP, W1..W3 admitted) */
static void script_fig46(mse_script *sc)
{
	sc->nwarps = 4;
	for (int w = 0; w < 4; w++) {
		mse_ins p[2] = {LD(0, (w & 1) ? (uint32_t)w : 100u + (uint32_t)w), ALU(8, 0, -1)};
		prog(sc, w, 2, p);
	}
	sc->nhot = 2;
	sc->hot[0] = 1;
	sc->hot[1] = 3;
	busy(sc, 0, 60);
	busy(sc, 0, 70);
	busy(sc, 0, 80);
	busy(sc, 2, 40);
}

/* One column (or a run of equal columns) of the Fig. 4.6(b) table in
 * docs/mascar.md, cycles c0..c1. */
typedef struct f46_col {
	long c0, c1;            /* cycles */
	int iss_w, iss_cls;     /* the one instruction issued (warp, MSE_* class), -1: none issues */
	int acc, acc_w, verd;   /* L1 access (0 none, 1 new, 2 replay), its warp, its verdict */
	int push;               /* a request parked at the edge */
	int count;              /* count_o */
	int req, rdy;           /* lsu_req_i, lsu_rdy_i */
	int held;               /* the LSU holds a refused request at the start of the cycle */
	int mode, owner;        /* mode_o, owner_o (-1 none) */
} f46_col;

static const f46_col f46_table[] = {
	{3, 3, 0, MSE_LD, 0, -1, MSE_V_NONE, 0, 0, 0, 1, 0, WRC_EP, -1},
	{4, 4, 1, MSE_LD, 1, 0, MSE_V_NACK_RES, 1, 0, 1, 1, 0, WRC_MP, 0},
	{5, 5, 2, MSE_LD, 1, 1, MSE_V_HIT, 0, 1, 1, 1, 0, WRC_MP, 0},
	{6, 6, 1, MSE_ALU, 1, 2, MSE_V_NACK_OWN, 0, 1, 1, 0, 0, WRC_MP, 0},
	{7, 40, -1, -1, 2, 0, MSE_V_NACK_RES, 0, 1, 0, 0, 1, WRC_MP, 0},
	{41, 41, -1, -1, 2, 0, MSE_V_MISS, 0, 1, 0, 0, 1, WRC_MP, 0},
	{42, 42, 3, MSE_LD, 0, -1, MSE_V_NONE, 1, 0, 0, 1, 1, WRC_EP, -1},
	{43, 43, -1, -1, 1, 3, MSE_V_HIT, 0, 1, 1, 1, 0, WRC_MP, 3},
};

/* CHECK: every row of the table in cycles 3..43 (t = 0..40). */
static void f46_check(const msc_stim *s, wg_cyc *c, const mse_view *v, const uint32_t *in, long cyc)
{
	for (size_t k = 0; k < sizeof f46_table / sizeof f46_table[0]; k++) {
		const f46_col *r = &f46_table[k];
		if (cyc < r->c0 || cyc > r->c1)
			continue;
		long t = cyc - T0;
		if (r->iss_w < 0)
			WG_EXPECT(c, v->niss == 0, "t=%ld: nothing may issue (W%d issued)", t, v->iss_warp[0]);
		else
			WG_EXPECT(c, v->niss == 1 && v->iss_warp[0] == r->iss_w && v->iss_cls[0] == r->iss_cls,
				  "t=%ld: W%d must issue (%s) and nothing else", t, r->iss_w, r->iss_cls == MSE_LD ? "ld" : "add");
		WG_EXPECT(c, v->acc == r->acc && (!r->acc || (v->acc_warp == r->acc_w && v->acc_verdict == r->verd)),
			  "t=%ld: L1 access %d of W%d with verdict %d, the table says %d of W%d with %d", t, v->acc,
			  v->acc_warp, v->acc_verdict, r->acc, r->acc_w, r->verd);
		WG_EXPECT(c, v->push == r->push, "t=%ld: push %d, the table says %d", t, v->push, r->push);
		WG_EXPECT(c, v->q_count == r->count, "t=%ld: count_o %d, the table says %d", t, v->q_count, r->count);
		WG_EXPECT(c, in_bit(s, in, MSC_LSU_REQ_I) == r->req && in_bit(s, in, MSC_LSU_RDY_I) == r->rdy,
			  "t=%ld: lsu_req_i %d lsu_rdy_i %d, the table says %d %d", t, in_bit(s, in, MSC_LSU_REQ_I),
			  in_bit(s, in, MSC_LSU_RDY_I), r->req, r->rdy);
		WG_EXPECT(c, v->lsu_held == r->held, "t=%ld: LSU held %d, the table says %d", t, v->lsu_held, r->held);
		WG_EXPECT(c, v->mode == r->mode && v->owner == r->owner, "t=%ld: mode %d owner %d, the table says %d %d", t,
			  v->mode, v->owner, r->mode, r->owner);
	}
}

/* CHECK, cycles T0..T0+3: W0 parked, W1 hits under its miss, W2 finds the queue full. */
static void fig46_start(msc_stim *s, wg_cyc *c, const mse_view *v, long cyc)
{
	int w = -1;
	if (cyc == T0)
		WG_EXPECT(c, issued_mem(v, &w) && w == 0, "t=0: W0's load must issue (EP, the flag rising)");
	if (cyc == T0 + 1) {
		WG_EXPECT(c, v->acc == 1 && v->acc_warp == 0 && v->acc_verdict == MSE_V_NACK_RES && v->push,
			  "t=1: W0's miss must be refused (MSHRs full) and parked");
		WG_EXPECT(c, v->owner == 0 && v->mode == WRC_MP, "t=1: MP with W0 as owner");
		WG_EXPECT(c, issued_mem(v, &w) && w == 1, "t=1: W1 (admitted at the switch) must issue its load");
		s->seen[0] = 1;
	}
	if (cyc == T0 + 2) {
		WG_EXPECT(c, v->q_count == 1 && v->q_head_warp == 0, "t=2: W0's request must be in the queue (full)");
		WG_EXPECT(c, v->acc == 1 && v->acc_warp == 1 && v->acc_verdict == MSE_V_HIT,
			  "t=2: W1's new request must reach the L1 with the queue full and hit under W0's miss");
		WG_EXPECT(c, issued_mem(v, &w) && w == 2, "t=2: W2 must issue to the LSU although the queue is full");
		s->seen[1] = 1;
	}
	if (cyc == T0 + 3) {
		WG_EXPECT(c, v->acc == 1 && v->acc_warp == 2 && v->acc_verdict == MSE_V_NACK_OWN,
			  "t=3: W2's miss (non-owner in MP) must be refused");
		WG_EXPECT(c, v->lsu_hold && !v->push && v->q_count == 1,
			  "t=3: W2's refused request must find the queue full and stall the LSU (queue %d, push %d)",
			  v->q_count, v->push);
		s->seen[2] = 1;
	}
}

/* t = cyc - T0; seen: 0 W0 parked, 1 W1 hit, 2 W2 held, 3 stall cycles, 4 W3 issue, 5 W1's add */
static void case_fig46(void *st, wg_cyc *c)
{
	msc_stim *s = st;
	const mse_view *v = mse_now(s->env);
	const uint32_t *in = c->driven;
	long cyc = c->cyc;
	int w = -1;
	if (wg_checking(c)) {
		fig46_start(s, c, v, cyc);
		if (c->fail)
			return;
		if (cyc > T0 + 3 && cyc < FIG46_FREE) {
			WG_EXPECT(c, v->lsu_held && v->lsu_stall && !v->lsu_req && !in_bit(s, in, MSC_LSU_REQ_I) &&
					     !in_bit(s, in, MSC_LSU_RDY_I),
				  "t=%ld: the LSU must stay stalled (holding W2, lsu_req_i = lsu_rdy_i = 0)", cyc - T0);
			WG_EXPECT(c, v->acc == 2 && v->acc_warp == 0 && v->acc_verdict == MSE_V_NACK_RES,
				  "t=%ld: only W0's replay may reach the L1 (refused: MSHRs full)", cyc - T0);
			WG_EXPECT(c, !issued_mem(v, NULL), "t=%ld: no memory instruction may issue while the LSU is stalled",
				  cyc - T0);
			s->seen[3]++;
		}
		for (int i = 0; i < v->niss; i++)
			if (v->iss_warp[i] == 1 && v->iss_cls[i] == MSE_ALU && !s->seen[5]) {
				WG_EXPECT(c, v->lsu_held || v->lsu_hold,
					  "W1's add must issue while W0 and W2 wait for an MSHR (t=%ld)", cyc - T0);
				s->seen[5] = cyc;
			}
		if (cyc == FIG46_FREE) {
			WG_EXPECT(c, v->acc == 2 && v->acc_warp == 0 && v->acc_verdict == MSE_V_MISS && v->owner == 0,
				  "cycle %ld: the owner W0's replay must take the freed MSHR", (long)FIG46_FREE);
			WG_EXPECT(c, !v->push && !issued_mem(v, NULL), "cycle %ld: the queue frees at this edge only",
				  (long)FIG46_FREE);
		}
		if (cyc == FIG46_FREE + 1) {
			WG_EXPECT(c, v->push && !v->acc && v->lsu_held, "cycle %ld: the held W2 request must be parked at once",
				  (long)FIG46_FREE + 1);
			WG_EXPECT(c, in_bit(s, in, MSC_LSU_RDY_I), "cycle %ld: the LSU must accept a new instruction",
				  (long)FIG46_FREE + 1);
		}
		if (issued_mem(v, &w) && w == 3) {
			WG_EXPECT(c, cyc == FIG46_FREE + 1, "W3 must issue as soon as the LSU is free (cycle %ld), not at %ld",
				  (long)FIG46_FREE + 1, cyc);
			WG_EXPECT(c, mse_outstanding(s->env, 2) > 0 && v->push && v->lsu_held,
				  "W3 must issue while W2's request still waits for an MSHR (parked at this edge); in the "
				  "baseline W3 waits behind it");
			s->seen[4] = cyc;
			wg_key(c);
		}
		if (cyc == FIG46_FREE + 2)
			WG_EXPECT(c, v->acc == 1 && v->acc_warp == 3 && v->acc_verdict == MSE_V_HIT, "cycle %ld: W3 must hit",
				  (long)FIG46_FREE + 2);
		f46_check(s, c, v, in, cyc);
	}
	if (wg_done(c)) {
		const mse_stats *t = mse_get_stats(s->env);
		WG_EXPECT(c, s->seen[0] && s->seen[1] && s->seen[2], "the Fig. 4.6(b) sequence did not happen");
		WG_EXPECT(c, s->seen[3] == FIG46_FREE - T0 - 4, "the LSU stalled %ld cycles, expected %d", s->seen[3],
			  FIG46_FREE - T0 - 4);
		WG_EXPECT(c, s->seen[4] > 0 && s->seen[5] > 0, "W3 never issued, or W1 never computed");
		WG_EXPECT(c, t->loads_done == 4, "%llu of 4 loads completed", (unsigned long long)t->loads_done);
	}
	wg_case_len(c, 200);
}

/* 2 MSHRs busy + 2 taken at t=-1: MP from t=0, MSHRs full until cycle 41 */
static void script_parked3(mse_script *sc)
{
	sc->nwarps = 3;
	for (int w = 0; w < 3; w++) {
		mse_ins p[2] = {LD(0, 100u * (uint32_t)(w + 1)), ALU(8, 0, -1)};
		prog(sc, w, 2, p);
	}
	busy(sc, 0, 300);
	busy(sc, 0, 310);
	busy(sc, 2, 40);
	busy(sc, 2, 45);
}

/* seen: 0 the hand-off's cycle, 1 the new owner's miss */
static void case_handoff(void *st, wg_cyc *c)
{
	msc_stim *s = st;
	const mse_view *v = mse_now(s->env);
	long cyc = c->cyc;
	if (wg_checking(c)) {
		if (v->owner >= 0 && v->owner != s->prev_owner && s->prev_owner == 0) {
			/* the owner changed away from W0: it must be the hand-off to last cycle's queue head */
			WG_EXPECT(c, v->owner == s->prev_head && !s->prev_imem,
				  "owner W0 replaced by W%d, not by the queue head's warp W%d", v->owner, s->prev_head);
			s->handoff = v->owner;
			s->seen[0] = cyc;
			wg_key(c);
		}
		/* Every cycle from the first owner on (mark): MP with a non-empty queue has an owner. In this
		 * script an owner releases only when its request has left the queue, and then every other
		 * warp's one load is parked or done (no warp is memory-ready), so the hand-off (docs/wrc.md
		 * decision 4) gives the head's warp ownership at the release edge. */
		if (s->mark < 0 && v->owner >= 0)
			s->mark = cyc;
		if (s->mark >= 0 && v->mode == WRC_MP && v->q_count > 0)
			WG_EXPECT(c, v->owner >= 0, "MP without an owner while the queue holds %d requests (head W%d)",
				  v->q_count, v->q_head_warp);
		if (s->handoff >= 0 && v->acc == 2 && v->acc_warp == s->handoff && v->acc_verdict == MSE_V_MISS) {
			WG_EXPECT(c, v->owner == s->handoff, "the new owner's replay went to L2 after it lost ownership");
			if (!s->seen[1])
				s->seen[1] = cyc;
		}
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[0] > 0, "no hand-off to the queue head's warp");
		WG_EXPECT(c, s->seen[1] > 0, "the new owner's replay never went to L2");
	}
	wg_case_len(c, 300);
}

/* seen: 0 W0's miss, 1 non-owner entries rotated before it; mark: the first with an MSHR free */
static void case_rotate(void *st, wg_cyc *c)
{
	msc_stim *s = st;
	const mse_view *v = mse_now(s->env);
	long cyc = c->cyc;
	int nack = v->acc_verdict == MSE_V_NACK_RES || v->acc_verdict == MSE_V_NACK_OWN;
	if (wg_checking(c)) {
		if (v->acc == 2 && v->acc_verdict == MSE_V_NACK_OWN && v->owner == 0 && s->seen[0] == 0) {
			s->seen[1]++; /* a non-owner entry rotated to the tail while W0's request waits */
			if (mse_outstanding(s->env, 0) && s->mark < 0 && v->mshr_free > 0)
				s->mark = cyc; /* ... with an MSHR free */
		}
		if (v->acc == 2 && v->acc_warp == 0 && v->acc_verdict == MSE_V_MISS) {
			WG_EXPECT(c, v->owner == 0, "W0's replay went to L2 while it was not the owner");
			WG_EXPECT(c, s->mark >= 0,
				  "W0's request reached L2 before any non-owner entry was rotated past it with an MSHR free");
			s->seen[0] = cyc;
			wg_key(c);
		}
		if (v->acc == 2 && v->acc_warp == 0 && nack && v->mshr_free > 0 && s->seen[0] == 0)
			WG_EXPECT(c, 0, "W0's replay refused with an MSHR free (%d free)", v->mshr_free);
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] > 0, "W0's parked request never went to L2");
	wg_case_len(c, 300);
}

/* MSHRs full from the start; one fill at edge 20 */
static void script_fill(mse_script *sc)
{
	sc->nwarps = 1;
	mse_ins p[2] = {LD(0, 100), ALU(8, 0, -1)};
	prog(sc, 0, 2, p);
	busy(sc, 0, 20);
	busy(sc, 0, 200);
}

static void case_fill(void *st, wg_cyc *c)
{
	msc_stim *s = st;
	const mse_view *v = mse_now(s->env);
	long cyc = c->cyc;
	if (wg_checking(c)) {
		if (cyc == 20) {
			WG_EXPECT(c, v->nfill == 1, "a fill must arrive at cycle 20");
			WG_EXPECT(c, v->acc == 2 && v->acc_warp == 0 && v->acc_verdict == MSE_V_NACK_RES,
				  "cycle 20: the replay must be refused (the MSHR freed by the fill is reusable next cycle)");
			s->seen[0] = 1;
		}
		if (cyc == 21) {
			WG_EXPECT(c, v->acc == 2 && v->acc_warp == 0 && v->acc_verdict == MSE_V_MISS,
				  "cycle 21: the replay must take the freed MSHR and go to L2");
			s->seen[1] = 1;
			wg_key(c);
		}
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the fill/replay coincidence did not happen");
	wg_case_len(c, 120);
}

/* a one-line L1 holding line 5; W1's miss to line 77 fills at edge 25 and evicts it */
static void script_evict(mse_script *sc)
{
	sc->nwarps = 2;
	mse_ins p[24];
	for (int k = 0; k < 20; k++)
		p[k] = ALU(9, -1, -1);
	p[20] = LD(0, 5);   /* issued at 24: its access at 25 reads the tags before the fill writes them */
	p[21] = ALU(8, 0, -1);
	p[22] = LD(1, 5);   /* later: line 5 is gone */
	p[23] = ALU(10, 1, -1);
	prog(sc, 0, 24, p);
	mse_ins q[2] = {LD(0, 77), ALU(8, 0, -1)};
	prog(sc, 1, 2, q);
	sc->nhot = 1;
	sc->hot[0] = 5;
}

static void case_evict(void *st, wg_cyc *c)
{
	msc_stim *s = st;
	const mse_view *v = mse_now(s->env);
	long cyc = c->cyc;
	if (wg_checking(c) && v->acc && v->acc_warp == 0 && v->acc_line == 5) {
		if (!s->seen[0]) {
			WG_EXPECT(c, cyc == 25 && v->nfill == 1,
				  "W0's first access to line 5 must coincide with the fill (cycle 25)");
			WG_EXPECT(c, v->acc_verdict == MSE_V_HIT, "an access to the line this cycle's fill evicts must hit");
			s->seen[0] = cyc;
			wg_key(c);
		} else {
			WG_EXPECT(c, v->acc_verdict == MSE_V_MISS, "line 5 must be gone after the fill evicted it");
			s->seen[1] = cyc;
		}
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] > 0 && s->seen[1] > 0, "no access coincided with the evicting fill, or no later miss");
	wg_case_len(c, 120);
}

/* 3 warps (ld; ld; 4 dependent adds), saturated from the start (sat_ext_i) */
static void script_fig42(mse_script *sc)
{
	sc->nwarps = 3;
	sc->sat_ext = 1;
	for (int w = 0; w < 3; w++) {
		uint32_t b = 100u + 10u * (uint32_t)w;
		mse_ins p[6] = {LD(0, b), LD(1, b + 1), ALU(8, 0, 1), ALU(9, 8, -1), ALU(10, 9, -1), ALU(11, 10, -1)};
		prog(sc, w, 6, p);
	}
}

static void case_fig42(void *st, wg_cyc *c)
{
	msc_stim *s = st;
	const mse_view *v = mse_now(s->env);
	if (wg_checking(c)) {
		for (int i = 0; i < v->niss; i++)
			if (v->iss_cls[i] == MSE_ALU && v->iss_warp[i] < 3 && ++s->adds[v->iss_warp[i]] == 4)
				s->last_add = c->cyc;
		if (v->acc && v->acc_verdict == MSE_V_MISS && s->misses++ < 2)
			WG_EXPECT(c, v->acc_warp == 0, "the first two misses sent to L2 must be the owner W0's");
	}
	if (wg_done(c)) {
		long tl = s->last_add - T0 + 1;
		fprintf(stderr, "fig42_mascar: last add at t = %ld (thesis Fig. 4.2: t = 23)\n", tl);
		WG_EXPECT(c, s->last_add > 0 && tl == FIG42_T, "fig42: the last add issued at t = %ld, expected %d", tl,
			  FIG42_T);
	}
	wg_case_len(c, 120);
}

/* ---- the case table ---- */

enum { C_FIG46, C_HANDOFF, C_ROTATE, C_FILL, C_EVICT, C_FIG42, MSC_NCASES };

static const wg_case_def msc_cases[MSC_NCASES] = {
	[C_FIG46] = {"fig46_reexecution",
		     "thesis Fig. 4.6(b), one-entry queue: W0 refused (MSHRs full) and parked (in the queue at t=2), W1 "
		     "issued while the queue is full hits under the miss, W2 issued while the queue is full misses: the LSU "
		     "stalls (replays only, no issue) until W0 gets an MSHR, then parks W2 and W3 issues at once, while W2 "
		     "still waits (the baseline would hold W3 until W2 had an MSHR)",
		     "Sethia Fig. 4.6(b), §4.3.3, spec §3.11, §3.13 #1", "WARPS=4,SCHEDULERS=1,ENTRIES=1,MSHRS=4,SAT_MARGIN_MSHR=0",
		     .run = case_fig46,
		.focus = "hd_valid_i hd_mem_i mshr_used_i push_valid_i push_warp_i rp_ack_i rp_nack_i iss_valid_o iss_warp_o push_ready_o rp_valid_o hd_warp_o u_rq.cnt_q u_wrc.own_q"},
	[C_HANDOFF] = {"owner_handoff_to_queue_head",
		       "the owner releases (its head needs its own load, nothing of it left in the LSU or queue), no warp is "
		       "memory-ready, the queue is not empty: the head entry's warp becomes owner and its replay goes to L2",
		       "spec §3.13 #8, Sethia §4.3.4", "WARPS=4,SCHEDULERS=1,ENTRIES=4,MSHRS=4,SAT_MARGIN_MSHR=1",
		       .run = case_handoff,
		.focus = "llp_i lsu_pend_i hd_mem_i rp_ack_i iss_valid_o iss_warp_o rp_valid_o hd_valid_o hd_warp_o u_wrc.own_q u_wrc.mode_q u_rq.cnt_q"},
	[C_ROTATE] = {"owner_request_rotates_to_head",
		      "the owner's parked request sits behind non-owner misses: they are NACKed to the tail even with an "
		      "MSHR free, the owner's request reaches the head and goes to L2",
		      "spec §3.13 #7, Sethia §4.3.4", "WARPS=4,SCHEDULERS=1,ENTRIES=4,MSHRS=4,SAT_MARGIN_MSHR=1",
		      .run = case_rotate,
		.focus = "mshr_used_i rp_ack_i rp_nack_i rp_valid_o hd_valid_o hd_warp_o u_wrc.own_q u_rq.hd_q u_rq.tl_q u_rq.cnt_q"},
	[C_FILL] = {"mshr_fill_same_cycle",
		    "a replay needs an MSHR in the cycle a fill frees one: NACKed in that cycle, sent to L2 in the next",
		    "spec §3.13 #4", "WARPS=4,SCHEDULERS=1,ENTRIES=4,MSHRS=2,SAT_MARGIN_MSHR=0", .run = case_fill,
		.focus = "mshr_used_i rp_ack_i rp_nack_i rp_valid_o hd_valid_o hd_warp_o ev_o u_rq.cnt_q u_rq.hd_q"},
	[C_EVICT] = {"hit_line_evicted_by_fill",
		     "an access hits a line that the same cycle's fill evicts: the tag array is read before the fill writes "
		     "it (replays and new requests share the port), so it hits; the next access to that line misses",
		     "spec §3.13 #12", "WARPS=4,SCHEDULERS=1,ENTRIES=4,MSHRS=2,SAT_MARGIN_MSHR=0", .run = case_evict,
		.focus = "push_valid_i push_addr_i lsu_req_i rp_ack_i rp_nack_i rp_valid_o hd_valid_o hd_addr_o u_rq.cnt_q"},
	[C_FIG42] = {"fig42_mascar",
		     "thesis Fig. 4.2 bottom: 3 warps (ld; ld; 4 dependent adds), 2 MSHRs, saturated from t=1: the owner "
		     "issues both loads first; reports the completion time (thesis: t=23; here a warp cannot issue memory "
		     "in consecutive cycles)",
		     "Sethia Fig. 4.2, spec §3.11", "WARPS=4,SCHEDULERS=1,ENTRIES=4,MSHRS=2,SAT_MARGIN_MSHR=0",
		     .run = case_fig42,
		.focus = "hd_valid_i hd_mem_i hd_rdy_i mshr_used_i llp_i iss_valid_o iss_warp_o iss_mem_o sat_o u_wrc.mode_q u_wrc.own_q u_wrc.pre_q u_wrc.stall_q"},
};

/* A case's environment, given at init: its knobs and its script. */
typedef struct msc_setup {
	const char *knobs;                  /* knob overrides */
	void (*script)(mse_script *sc);     /* fills a zeroed script */
} msc_setup;

static const msc_setup msc_setups[MSC_NCASES] = {
	[C_FIG46] = {KNOBS, script_fig46},
	[C_HANDOFF] = {KNOBS, script_parked3},
	[C_ROTATE] = {KNOBS, script_parked3},
	[C_FILL] = {KNOBS, script_fill},
	[C_EVICT] = {KNOBS ",SETS=1,WAYS=1", script_evict},
	[C_FIG42] = {"ALU_LAT=1,HIT_LAT=1,L2_LAT=3,MQ_GAP=1,RESET_PPM=0", script_fig42},
};

/* ---- the stimulus ---- */

static const char *msc_stim_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx,
				 uint64_t seed, char *err, size_t n)
{
	msc_stim *s = st;
	long k[MSE_NKNOBS];
	memcpy(k, knobs, sizeof k);
	s->L = L;
	s->cs = case_idx;
	s->mark = -1;
	s->prev_owner = s->prev_head = s->handoff = -1;
	s->env = (ms_env *)((char *)st + head_size());
	const mse_script *sc = NULL;
	if (case_idx >= 0) {
		wg_block kb = {.name = "knob", .params = mse_knobs, .nparams = MSE_NKNOBS};
		if (wg_params_apply(&kb, k, msc_setups[case_idx].knobs, err, n))
			return err;
		if (p[MSC_P_SCHEDULERS] != 1 || p[MSC_P_WARPS] < 4 || p[MSC_P_REG_BITS] < 4) {
			snprintf(err, n, "mascar: directed cases need SCHEDULERS=1, WARPS>=4, REG_BITS>=4");
			return err;
		}
		memset(&s->sc, 0, sizeof s->sc);
		msc_setups[case_idx].script(&s->sc);
		sc = &s->sc;
		if (wg_case_start(&s->run, &msc_cases[case_idx], (size_t)L->nwords[WG_IN], NULL, 0, err, n))
			return err;
	}
	return mse_init(s->env, p, L, k, sc, seed, err, n);
}

static int msc_stim_next(void *st, const void *model, uint32_t *in, long cyc)
{
	msc_stim *s = st;
	if (s->cs >= 0 && !wg_case_drive(&s->run, s, model, in, cyc))
		return 0; /* the case has ended */
	mse_drive(s->env, model, in, cyc);
	return 1;
}

static void msc_stim_observe(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc)
{
	msc_stim *s = st;
	mse_observe(s->env, model, in, out, cyc);
}

/* MSC_TRACE=1: one line per cycle of a directed case (stderr). */
static void trace(const msc_stim *s, const mse_view *v, const uint32_t *in, long cyc)
{
	if (!getenv("MSC_TRACE"))
		return;
	fprintf(stderr,
		"c%ld acc=%d w=%d line=%u v=%d push=%d fill=%d mode=%d own=%d q=%d head=%d iss=%d:%d/%d req=%d "
		"rdy=%d held=%d stall=%d\n",
		cyc, v->acc, v->acc_warp, v->acc_line, v->acc_verdict, v->push, v->nfill, v->mode, v->owner, v->q_count,
		v->q_head_warp, v->niss, v->niss ? v->iss_warp[0] : -1, v->niss ? v->iss_cls[0] : -1,
		in_bit(s, in, MSC_LSU_REQ_I), in_bit(s, in, MSC_LSU_RDY_I), v->lsu_held, v->lsu_stall);
}

static const char *msc_stim_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
				  char *buf, size_t n)
{
	msc_stim *s = st;
	const char *e = mse_error(s->env);
	if (e) {
		snprintf(buf, n, "%s", e);
		return buf;
	}
	if (s->cs < 0)
		return NULL;
	const mse_view *v = mse_now(s->env);
	if (v->reset)
		return NULL;
	trace(s, v, in, cyc);
	e = wg_case_check(&s->run, s, model, in, out, cyc, buf, n);
	s->prev_owner = v->owner;
	s->prev_head = v->q_head_warp;
	s->prev_imem = issued_mem(v, NULL);
	return e;
}

/* MSC_STATS=1: the environment's counters at the end of a random run (stderr). */
static void print_stats(const mse_stats *t)
{
	double k = t->cycles ? 1000.0 / (double)t->cycles : 0;
	fprintf(stderr,
		"mascar env: %llu cycles, IPC %.3f, MP %.1f%%, owner %.1f%%, per 1k cycles: L1 accesses new %.1f "
		"replay %.1f, hits %.1f merges %.1f misses %.1f stores %.1f NACK(res) %.1f NACK(owner) %.1f, "
		"pushes %.1f, held %.1f, LSU stall %.1f, queue full %.1f, max queue %llu, loads %llu, resets %llu, exits %llu, "
		"barriers %llu\n",
		(unsigned long long)t->cycles, (double)t->issued / (double)(t->cycles ? t->cycles : 1),
		100.0 * (double)t->mp_cycles * k / 1000.0, 100.0 * (double)t->owned_cycles * k / 1000.0,
		(double)t->acc_new * k, (double)t->acc_replay * k, (double)t->verdict[MSE_V_HIT] * k,
		(double)t->verdict[MSE_V_MERGE] * k, (double)t->verdict[MSE_V_MISS] * k,
		(double)t->verdict[MSE_V_STORE] * k, (double)t->verdict[MSE_V_NACK_RES] * k,
		(double)t->verdict[MSE_V_NACK_OWN] * k, (double)t->pushes * k, (double)t->holds * k, (double)t->lsu_stalls * k,
		(double)t->full_cycles * k, (unsigned long long)t->max_count, (unsigned long long)t->loads_done,
		(unsigned long long)t->resets, (unsigned long long)t->exits, (unsigned long long)t->barriers);
}

static const char *msc_stim_finish(void *st, long *key, char *buf, size_t n)
{
	msc_stim *s = st;
	const char *e = mse_error(s->env);
	*key = s->cs < 0 ? -1 : s->run.c.key; /* a case's marker so far: its FINISH may not run */
	if (e) {
		snprintf(buf, n, "%s", e);
		return buf;
	}
	const mse_stats *t = mse_get_stats(s->env);
	if (s->cs < 0) {
		if (getenv("MSC_STATS"))
			print_stats(t);
		EXPECT(t->loads_done > 0 && t->verdict[MSE_V_MISS] > 0, "no load completed or no miss went to L2");
		return NULL;
	}
	EXPECT(mse_busy_warps(s->env) == 0, "warps still have work at the end (%#llx)",
	       (unsigned long long)mse_busy_warps(s->env));
	return wg_case_finish(&s->run, s, key, buf, n);
}

static void msc_stim_cover(const void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
			   uint64_t *hits)
{
	(void)cyc;
	msc_cover(((const msc_stim *)st)->L, model, in, out, hits);
}

const wg_stim_def wg_stim_mascar = {
	.block = &wg_block_mascar,
	.knobs = mse_knobs,
	.nknobs = MSE_NKNOBS,
	.cases = msc_cases,
	.ncases = MSC_NCASES,
	.size = msc_stim_size,
	.init = msc_stim_init,
	.next = msc_stim_next,
	.observe = msc_stim_observe,
	.check = msc_stim_check,
	.finish = msc_stim_finish,
	.cov = msc_cov_points,
	.ncov = MSC_NCOV_POINTS,
	.cover = msc_stim_cover,
};
