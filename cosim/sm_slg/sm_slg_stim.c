/* sm_slg_stim.c - stimulus for the composed block sm_slg (round-robin
 * scheduler + sync-aware power-gating controller): the synthetic shader of
 * sm_slg_env.c in random mode, and directed cases that run the same
 * environment with settings that make one behaviour of the composition
 * frequent, check it every cycle, and fail when it never happened
 * (docs/sm_slg.md "Directed cases"). */
#include <stdio.h>
#include <string.h>

#include "slg.h"
#include "sm_slg.h"
#include "sm_slg_cover.h"
#include "sm_slg_env.h"
#include "wg_kit.h"

enum {
	C_RR,
	C_PROLOGUE,
	C_BARRIER,
	C_WRITEBACK,
	C_DEEP,
	C_REARRIVE,
	C_FALSE_RELEASE,
	SSC_NCASES
};

/* Each case: environment knobs and length (cycles). */
static const struct ssc_preset {
	const char *knobs;
	long cycles;
} ssc_presets[SSC_NCASES] = {
	[C_RR] = {"PROFILE=0,LD_PCT=0,BLOCKS=100,BARS=3,ILEN=60,IMB=50,Z=1,RESET_PPM=0", 1500},
	[C_PROLOGUE] = {"PROFILE=2,LD_PCT=0,BLOCKS=4,BARS=2,ILEN=20,RESET_PPM=0", 200},
	[C_BARRIER] = {"PROFILE=2,LD_PCT=0,BLOCKS=100,BARS=8,ILEN=30,IMB=70,Z=1,RESET_PPM=0", 3000},
	[C_WRITEBACK] = {"PROFILE=2,LD_PCT=25,LD_LAT=60,LD_DEP=40,PEND_PCT=0,BLOCKS=100,BARS=8,ILEN=30,IMB=70,Z=1,"
			 "RESET_PPM=0",
			 4000},
	[C_DEEP] = {"PROFILE=2,LD_PCT=0,BLOCKS=100,BARS=8,ILEN=30,IMB=70,Z=4,RESET_PPM=0", 3000},
	[C_REARRIVE] = {"PROFILE=1,LD_PCT=0,BLOCKS=100,BARS=12,ILEN=20,Z=2,RESET_PPM=0", 3000},
	[C_FALSE_RELEASE] = {"PROFILE=3,LD_PCT=0,WPB=4,BLOCKS=100,BARS=20,ILEN=20,IMB=60,Z=2,RESET_PPM=0", 3000},
};

typedef struct ssc_stim {
	const wg_layout *L;     /* frame layout */
	int cs;                 /* directed case, or -1 */
	int W, X, Y, Z;         /* WARPS, X, Y, knob Z */
	long end;               /* directed: cycles to run */
	long seen[6];           /* directed: how often each checked event happened */
	int last_slot;          /* round-robin case: the last issued slot (sched2l's last_q) */
	long run_start;         /* round-robin case: first cycle of the current run of distinct warps */
	uint64_t run_warps;     /* ... the warps issued in it */
	long launch_cyc;        /* prologue case: the first launch's cycle, -1 */
	uint64_t launched;      /* ... its warps */
	long pro_cyc[64];       /* prologue case: a launched warp's promotion cycle, -1 */
	long rel_cyc[64];       /* barrier case: per warp, the release that woke its sleeping region, -1 */
	long wb_done[64];       /* write-back case: cycle a write-back to a sleeping region finished;
				 * barrier case: cycle of the warp's last arrival (-1: none) */
	wg_case_runner run;     /* directed: the case's runner (wg_kit.h) */
	sm_slg_env *env;        /* the environment (after this struct) */
} ssc_stim;

static size_t head_size(void) { return (sizeof(ssc_stim) + 15u) & ~(size_t)15u; }

static size_t ssc_size(const long *p) { return head_size() + sse_size(p); }

static uint64_t bit(int i) { return UINT64_C(1) << i; }

/* The drive of every case: the environment with the case's preset, for s->end cycles. */
static void env_cycle(ssc_stim *s, wg_cyc *c)
{
	wg_case_len(c, s->end);
	if (c->phase == WG_DRIVE && c->t < s->end)
		sse_drive(s->env, c->in, c->cyc);
}

/* CHECK phase of a cycle without reset: the environment's view of it; else NULL. */
static const sse_view *checking(const ssc_stim *s, const wg_cyc *c)
{
	if (!wg_checking(c))
		return NULL;
	const sse_view *v = sse_now(s->env);
	return v->reset ? NULL : v;
}

static void seen(ssc_stim *s, wg_cyc *c, int i)
{
	if (s->seen[i]++ == 0 && i == 0)
		wg_key(c);
}

/* B9: the scheduler is a round-robin over every resident warp. Each cycle the
 * selected slot is the first eligible one after the last selection (eligible:
 * holds a warp that is ready and not waiting at a barrier), and every ready
 * warp's turn comes. */
static void case_rr(void *st, wg_cyc *c)
{
	ssc_stim *s = st;
	env_cycle(s, c);
	const sse_view *v = checking(s, c);
	if (v) {
		int want = -1;
		for (int k = 1; k <= s->W && want < 0; k++) {
			int sl = (s->last_slot + k) % s->W;
			if ((v->slot_valid >> sl) & 1u) {
				int w = v->slot_warp[sl];
				if (((v->rdy >> w) & 1u) && !((v->wait >> w) & 1u))
					want = sl;
			}
		}
		WG_EXPECT(c, v->iss_valid == (want >= 0) && (want < 0 || v->iss_slot == want),
			  "selected slot %d (warp %d), round-robin after slot %d says slot %d", v->iss_valid ? v->iss_slot : -1,
			  v->iss_warp, s->last_slot, want);
		if (v->iss_valid) {
			s->last_slot = v->iss_slot;
			if (v->iss_kind < 0) /* a prologue EXIT */
				return;
			if ((s->run_warps >> v->iss_warp) & 1u) {
				s->run_warps = 0;
				s->run_start = c->t;
			}
			s->run_warps |= bit(v->iss_warp);
			if ((int)wg_popc64(s->run_warps) == s->W)
				seen(s, c, 0); /* WARPS selections in a row, every warp once */
			if (wg_popc64(v->rdy & ~v->wait & v->resident) >= 3)
				s->seen[1]++;
		}
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[0], "the selection never rotated over all %d warps in %d consecutive issues", s->W, s->W);
		WG_EXPECT(c, s->seen[1] > 100, "too few selections with three or more ready warps (%ld)", s->seen[1]);
	}
}

/* The EXIT prologue: the scheduler's reset warps retire one per cycle, the
 * controller ignores their exits (no warp live), a launched warp is promoted
 * the next cycle and can be selected the cycle after. */
static void case_prologue(void *st, wg_cyc *c)
{
	ssc_stim *s = st;
	env_cycle(s, c);
	const sse_view *v = checking(s, c);
	if (v) {
		if (v->iss_valid && v->iss_kind < 0) {
			WG_EXPECT(c, v->ext_valid, "a prologue warp's selection (warp %d) is not an EXIT", v->iss_warp);
			s->seen[1]++;
		}
		for (int w = 0; w < s->W; w++)
			if (sse_warp_cta(s->env, w, NULL) < 0 && !((v->launch >> w) & 1u))
				WG_EXPECT(c, v->st[w] == SLG_ACT && !((v->wait >> w) & 1u) && ((v->ok >> w) & 1u),
					  "warp %d is not live, but its region is not ACTIVE and free", w);
		if (v->launch && s->launch_cyc < 0) {
			s->launch_cyc = c->t;
			s->launched = v->launch;
		}
		if (v->pro_valid && ((s->launched >> v->pro_warp) & 1u) && s->pro_cyc[v->pro_warp] < 0) {
			WG_EXPECT(c, c->t > s->launch_cyc, "warp %d promoted in its launch cycle", v->pro_warp);
			s->pro_cyc[v->pro_warp] = c->t;
			if (c->t == s->launch_cyc + 1)
				s->seen[2]++;
		}
		if (v->iss_valid && v->iss_kind >= 0 && ((s->launched >> v->iss_warp) & 1u)) {
			long p = s->pro_cyc[v->iss_warp];
			WG_EXPECT(c, p >= 0 && c->t > p, "launched warp %d selected before the cycle after its promotion",
				  v->iss_warp);
			if (c->t == s->launch_cyc + 2)
				seen(s, c, 0); /* launch, promotion, selection in three consecutive cycles */
		}
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[1] >= s->W, "only %ld prologue EXITs for %d warps", s->seen[1], s->W);
		WG_EXPECT(c, s->seen[2], "no launched warp was promoted the cycle after its launch");
		WG_EXPECT(c, s->seen[0], "no launched warp was selected two cycles after its launch");
	}
}

/* A barrier end to end: non-last arrivals enter SLG2 at the next edge, the
 * last stays ACTIVE; the release moves the sleeping regions to S21 for Y - X
 * cycles and then SLG1; a read selected in S21 stalls t + X - Z, one selected
 * in SLG1 X - Z (the environment checks every stall against P2 Table III). */
static void case_barrier(void *st, wg_cyc *c)
{
	ssc_stim *s = st;
	env_cycle(s, c);
	const sse_view *v = checking(s, c);
	if (v) {
		for (int w = 0; w < s->W; w++) {
			int cta = sse_warp_cta(s->env, w, NULL);
			if (cta < 0)
				continue;
			uint64_t b = bit(w);
			if ((v->wait & b) && v->st[w] == SLG_S2)
				s->seen[0] |= 1;
			if (s->wb_done[w] == c->t - 1) { /* (the case's use of wb_done: last cycle's last arrival) */
				WG_EXPECT(c, v->st[w] == SLG_ACT, "warp %d arrived last, but its region is %d, not ACTIVE (B3)", w,
					  v->st[w]);
				s->seen[1] |= 1;
			}
			if ((v->arr & b) && ((v->rel >> cta) & 1u))
				s->wb_done[w] = c->t; /* the last arrival: its region must stay ACTIVE */
			if ((v->wait & b) && ((v->rel >> cta) & 1u) && v->st[w] == SLG_S2)
				s->rel_cyc[w] = c->t; /* released while asleep */
			if (s->rel_cyc[w] >= 0 && c->t == s->rel_cyc[w] + 1) {
				WG_EXPECT(c, v->st[w] == SLG_S21, "warp %d's sleeping region is %d the cycle after its release, "
								  "not S21", w, v->st[w]);
			}
			if (s->rel_cyc[w] >= 0 && c->t == s->rel_cyc[w] + 1 + (s->Y - s->X)) {
				if (!(v->wake_start & b) && v->st[w] == SLG_S1)
					s->seen[2] |= 1; /* SLG2 -> SLG1 took exactly Y - X */
				s->rel_cyc[w] = -1;
			}
			if ((v->read_done & b) && v->read_kind[w] == SSE_W_S21 && v->read_stall[w] > 0 && !s->seen[3]) {
				s->seen[3] = 1;
				wg_key(c);
			}
			if ((v->read_done & b) && v->read_kind[w] == SSE_W_S1 && v->read_stall[w] == s->X - s->Z)
				s->seen[4] |= 1;
		}
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[0], "no waiting warp's region was in SLG2");
		WG_EXPECT(c, s->seen[1], "no barrier was completed by a last arrival (whose region stays ACTIVE)");
		WG_EXPECT(c, s->seen[2], "no released region completed SLG2 -> SLG1 in Y - X cycles");
		WG_EXPECT(c, s->seen[3], "no read met a region in the SLG2 -> SLG1 move with a stall");
		WG_EXPECT(c, s->seen[4], "no read met a region in SLG1 with the stall X - Z = %d", s->X - s->Z);
	}
}

/* B7, W-P2-9: loads not announced on pend_i, so a waiting warp's region
 * sleeps with a write-back outstanding; the write-back wakes it (Y from
 * SLG2), waits, and the region sleeps again while the warp still waits. */
static void case_writeback(void *st, wg_cyc *c)
{
	ssc_stim *s = st;
	env_cycle(s, c);
	const sse_view *v = checking(s, c);
	if (v) {
		for (int w = 0; w < s->W; w++) {
			uint64_t b = bit(w);
			if ((v->wb_done & b) && v->wb_kind[w] == SSE_W_S2) {
				WG_EXPECT(c, v->wb_stall[w] == s->Y, "warp %d's write-back to SLG2 stalled %ld cycles, not Y = %d",
					  w, v->wb_stall[w], s->Y);
				seen(s, c, 0);
				if ((v->wait & b) && !(v->rel >> sse_warp_cta(s->env, w, NULL) & 1u))
					s->wb_done[w] = c->t;
			}
			if (s->wb_done[w] >= 0 && c->t == s->wb_done[w] + 2) {
				if ((v->wait & b) && !(v->acc & b) && !(v->pend & b) && v->st[w] == SLG_S2)
					s->seen[1]++; /* back to sleep: the done write-back was the only request */
				s->wb_done[w] = -1;
			}
		}
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[0], "no write-back reached a region in SLG2");
		WG_EXPECT(c, s->seen[1], "no region went back to SLG2 after its write-back while its warp waited");
	}
}

/* W-P2-12: Z >= Y hides every wake: reads never stall, the wakes still show. */
static void case_deep(void *st, wg_cyc *c)
{
	ssc_stim *s = st;
	env_cycle(s, c);
	const sse_view *v = checking(s, c);
	if (v) {
		for (int w = 0; w < s->W; w++) {
			uint64_t b = bit(w);
			if (v->read_done & b) {
				WG_EXPECT(c, v->read_stall[w] == 0, "warp %d's read stalled %ld cycles with Z=%d >= Y=%d", w,
					  v->read_stall[w], s->Z, s->Y);
				if (v->read_kind[w] != SSE_W_ACT)
					seen(s, c, 0);
			}
			WG_EXPECT(c, !((v->acc & b) && !(v->ok & b)), "warp %d's access waits with Z=%d >= Y=%d", w, s->Z, s->Y);
			if ((v->wake_start & b) && v->st[w] == SLG_S21)
				s->seen[1]++;
		}
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[0], "no read met a sleeping region");
		WG_EXPECT(c, s->seen[1], "no wake from the SLG2 -> SLG1 move (the first warp's, about Y) was seen");
	}
}

/* W-P2-11: consecutive barriers (a warp with no work in an interval): the
 * released warp's selection starts a wake, its arrival cancels it. */
static void case_rearrive(void *st, wg_cyc *c)
{
	ssc_stim *s = st;
	env_cycle(s, c);
	const sse_view *v = checking(s, c);
	if (v && v->cancelled) {
		for (int w = 0; w < s->W; w++)
			if ((v->cancelled >> w) & 1u)
				WG_EXPECT(c, v->st[w] == SLG_S2 && ((v->wait >> w) & 1u),
					  "warp %d's cancelled wake left its region in %d", w, v->st[w]);
		seen(s, c, 0);
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "no wake was cancelled by a re-arrival");
}

/* Negative (W-P2-6): COUNT=THREADS with two 4-warp CTAs resident: the
 * per-shader thread counter releases a CTA whose warps have not all arrived;
 * the environment's barrier check must catch it. */
static void case_false_release(void *st, wg_cyc *c)
{
	ssc_stim *s = st;
	env_cycle(s, c);
}

static const wg_case_def ssc_cases[SSC_NCASES] = {
	[C_RR] = {"round_robin_rotation",
		"the scheduler (ACTIVE=WARPS, SELECT=RR) selects the first ready, non-waiting slot after the last "
		"selection every cycle, and rotates over every warp",
		"B9, P2 §I", "WARPS=8,CTAS=2", .run = case_rr,
		.focus = "rdy_i arr_i iss_valid_o iss_slot_o iss_warp_o u_sched.last_q u_sched.sv_q u_gate.wait_q"},
	[C_PROLOGUE] = {"exit_prologue_and_launch",
		"the scheduler's reset warps retire by EXIT while the controller ignores them; a launched warp is "
		"promoted the next cycle and selected the cycle after",
		"docs/sm_slg.md decisions", "WARPS=8,CTAS=2", .run = case_prologue,
		.focus = "fin_i launch_i launch_cta_i ext_valid_o ext_warp_o pro_valid_o pro_warp_o iss_valid_o iss_warp_o u_sched.sv_q u_sched.sw_q u_gate.live_q"},
	[C_BARRIER] = {"barrier_sleep_release_wake",
		"waiting warps sleep in SLG2, the last arrival stays ACTIVE, the release moves them to SLG1 in Y - X, a "
		"read stalls t + X - Z from the move and X - Z from SLG1",
		"P2 §III, Table III, W-P2-3/4", "WARPS=8,CTAS=2", .run = case_barrier,
		.focus = "arr_i acc_i iss_valid_o iss_warp_o rel_o mode_o ok_o u_gate.wait_q u_gate.st_q u_gate.tm_q"},
	[C_WRITEBACK] = {"writeback_to_sleeping_warp",
		"loads not announced on pend_i: a write-back to a region in SLG2 waits Y cycles for its wake, then the "
		"region sleeps again while its warp waits",
		"B7, W-P2-9", "WARPS=8,CTAS=2", .run = case_writeback,
		.focus = "pend_i acc_i arr_i iss_valid_o iss_warp_o mode_o ok_o u_gate.wait_q u_gate.st_q u_gate.tm_q"},
	[C_DEEP] = {"deep_pipeline_no_stall",
		"Z = Y: every wake is hidden by the front end, no read stalls, the wakes still show in the mode trace",
		"W-P2-12, Table III", "WARPS=8,CTAS=2", .run = case_deep,
		.focus = "arr_i acc_i iss_valid_o iss_warp_o rel_o mode_o ok_o u_gate.st_q u_gate.tm_q"},
	[C_REARRIVE] = {"rearrival_cancels_wake",
		"a reduction leaves warps with no work between two barriers: the selection of their bar.sync starts a "
		"wake, the arrival cancels it (back to SLG2)",
		"W-P2-11", "WARPS=8,CTAS=2", .run = case_rearrive,
		.focus = "arr_i iss_valid_o iss_warp_o rel_o mode_o u_gate.wait_q u_gate.st_q u_gate.tm_q"},
	[C_FALSE_RELEASE] = {"threads_counter_false_release",
		"negative: COUNT=THREADS (P2's per-shader thread counter) with two CTAs at barriers releases a CTA early",
		"W-P2-6, B2", "WARPS=8,CTAS=2,COUNT=THREADS", "released before all its warps arrived",
		.run = case_false_release,
		.focus = "launch_i launch_cta_i launch_size_i arr_i rel_o u_gate.cta_q u_gate.wait_q u_gate.thr_q u_gate.bsz_q"},
};

static const char *ssc_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx, uint64_t seed,
			    char *err, size_t n)
{
	ssc_stim *s = st;
	long k[SSE_NKNOBS];
	memcpy(k, knobs, sizeof k);
	s->L = L;
	s->cs = case_idx;
	s->W = (int)p[SSL_P_WARPS];
	s->X = (int)p[SSL_P_X];
	s->Y = (int)p[SSL_P_Y];
	s->launch_cyc = -1;
	for (int i = 0; i < 64; i++)
		s->pro_cyc[i] = s->rel_cyc[i] = s->wb_done[i] = -1;
	s->env = (sm_slg_env *)((char *)st + head_size());
	if (case_idx >= 0) {
		const struct ssc_preset *pr = &ssc_presets[case_idx];
		wg_block kb = {.name = "knob", .params = sse_knobs, .nparams = SSE_NKNOBS};
		if (wg_params_apply(&kb, k, pr->knobs, err, n))
			return err;
		s->end = pr->cycles;
		if (s->W < 4 || p[SSL_P_ENABLE] == 0) {
			snprintf(err, n, "sm_slg: directed cases need WARPS >= 4 and ENABLE=1");
			return err;
		}
	}
	s->Z = (int)k[SSE_K_Z];
	const char *msg = sse_init(s->env, p, L, k, seed, err, n);
	if (msg)
		return msg;
	if (case_idx < 0)
		return NULL;
	/* no prologue: the environment resets cycles 0 and 1 itself, so t = cyc */
	return wg_case_start(&s->run, &ssc_cases[case_idx], (size_t)L->nwords[WG_IN], NULL, 0, err, n);
}

static int ssc_next(void *st, const void *model, uint32_t *in, long cyc)
{
	ssc_stim *s = st;
	if (s->cs >= 0)
		return wg_case_drive(&s->run, s, model, in, cyc);
	sse_drive(s->env, in, cyc);
	return 1;
}

static void ssc_observe(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc)
{
	ssc_stim *s = st;
	(void)model;
	sse_observe(s->env, in, out, cyc);
}

static const char *ssc_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc, char *buf,
			     size_t n)
{
	ssc_stim *s = st;
	const char *e = sse_error(s->env);
	if (e) {
		snprintf(buf, n, "%s", e);
		return buf;
	}
	if (s->cs < 0)
		return NULL;
	return wg_case_check(&s->run, s, model, in, out, cyc, buf, n);
}

static const char *ssc_finish(void *st, long *key, char *buf, size_t n)
{
	ssc_stim *s = st;
	*key = -1; /* random stimulus marks no cycle */
	const char *msg = s->cs < 0 ? NULL : wg_case_finish(&s->run, s, key, buf, n);
	const char *e = sse_error(s->env); /* the environment's checks come first */
	if (e) {
		snprintf(buf, n, "%s", e);
		return buf;
	}
	return msg;
}

static void ssc_cover(const void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
		      uint64_t *hits)
{
	const ssc_stim *s = st;
	(void)cyc;
	ssl_cover(s->L, model, in, out, sse_now(s->env), hits);
}

const wg_stim_def wg_stim_sm_slg = {
	.block = &wg_block_sm_slg,
	.knobs = sse_knobs,
	.nknobs = SSE_NKNOBS,
	.cases = ssc_cases,
	.ncases = SSC_NCASES,
	.size = ssc_size,
	.init = ssc_init,
	.next = ssc_next,
	.observe = ssc_observe,
	.check = ssc_check,
	.finish = ssc_finish,
	.cov = ssl_cov_points,
	.ncov = SSL_NCOV_POINTS,
	.cover = ssc_cover,
};
