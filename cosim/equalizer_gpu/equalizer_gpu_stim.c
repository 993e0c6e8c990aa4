/* equalizer_gpu_stim.c - stimulus for the composed block equalizer_gpu
 * (SMS equalizer copies + vf_manager): the GPU model of equalizer_gpu_env.c in random
 * mode (knob PROFILE, MIX by default: a random kernel profile per kernel),
 * and two directed cases on the same environment (docs/equalizer.md "The
 * GPU composition").
 *
 * Checks in every mode, every cycle: the environment's (equalizer_gpu_env.h: the CTA
 * controller against the contract, numBlocks in [1, kmax], aligned
 * decisions, at most one VF domain off nominal, progress), and the epoch
 * timing: after a reset or a kernel start in cycle c every SM decides in
 * cycles c + 1 + j x EPOCH (j >= 1) and in no other cycle.
 *
 * A directed case (wg_kit.h) is the environment with the case's knobs
 * (eqgs_case_knobs): the environment drives every cycle in every mode; the
 * case's function says how long it runs and adds its checks and claims. */
#include <stdio.h>
#include <string.h>

#include "equalizer.h"
#include "equalizer_gpu.h"
#include "equalizer_gpu_cover.h"
#include "equalizer_gpu_env.h"
#include "vf_manager.h"
#include "wg_bits.h"
#include "wg_kit.h"

enum { C_IMBALANCE, C_ALIGNED, EQGS_NCASES };

#define CASE_PARAMS "SMS=3,WARPS=16,MAX_CTAS=8,SAMPLE_PERIOD=16,EPOCH=512,SM_LAT=64,MEM_LAT=64"

typedef struct eqgs_stim {
	const wg_layout *L;     /* the composition's frame layout */
	int cs;                 /* directed case, or -1 */
	wg_case_runner run;     /* its runner (wg_kit.h) */
	int sms, epoch, obj;    /* parameters */
	long start;             /* last reset or kernel start cycle (epoch origin) */
	long kstarts;           /* kernel starts seen */
	long decisions;         /* decision cycles seen */
	unsigned busy;          /* per SM: had a CTA in the current epoch window */
	int clean;              /* the window saw no kernel start */
	long idle_wins;         /* imbalance: epochs won by an idle majority */
	long wins_busy;         /* of them: a transition was in flight (the win is dropped) */
	long wins_sat;          /* of them: the level was already saturated COMP's way */
	long moved;             /* imbalance: apply cycle of the first transition such a win started (0: none) */
	long tr_start;          /* imbalance: strobe cycle of the transition being followed, -1 none */
	int tr_lat;             /* its latency (cycles from the strobe to the new levels) */
	unsigned tr_old[2];     /* the levels before it: SM, memory */
	unsigned tr_new[2];     /* the levels it must reach: SM, memory */
	int sm_lat, mem_lat;    /* parameters */
	eqg_env *env;           /* the environment (after this struct) */
} eqgs_stim;

/* SM sm's field of a port (SMS equal fields). */
static uint64_t field(const eqgs_stim *s, const uint32_t *f, int port, int sm)
{
	return wg_elem_get(s->L, f, port, sm, s->L->width[port] / s->sms);
}

/* The request COMP maps to under OBJECTIVE (docs/equalizer.md). */
static unsigned comp_req(const eqgs_stim *s)
{
	return s->obj == EQ_OBJ_PERFORMANCE ? EQ_VF_VALID | EQ_VF_UP : EQ_VF_VALID | EQ_VF_MEM;
}

static unsigned lvl(const eqgs_stim *s, const uint32_t *f, int port)
{
	return (unsigned)wg_slice_get(s->L, f, port, 0, 2);
}

/* One VF step: up (normal -> high, low -> normal) or down, saturating. */
static unsigned step(unsigned l, int up)
{
	if (up)
		return l == VFM_LOW ? VFM_NORMAL : VFM_HIGH;
	return l == VFM_HIGH ? VFM_NORMAL : VFM_LOW;
}

static unsigned toward_normal(unsigned l) { return l == VFM_HIGH ? VFM_NORMAL : l == VFM_LOW ? VFM_NORMAL : l; }

/* Imbalance: COMP's request won in strobe cycle cyc. Unless a transition is
 * in flight (the win is dropped) or the level is already saturated COMP's
 * way, the win must start a transition in COMP's direction (the target
 * domain one step, the other toward normal; docs/vf_manager.md), followed
 * cycle by cycle in follow_tr until it is applied lat cycles later. */
static void comp_win(eqgs_stim *s, wg_cyc *c)
{
	const uint32_t *out = c->out;
	unsigned old[2] = {lvl(s, out, EQG_SM_LEVEL_O), lvl(s, out, EQG_MEM_LEVEL_O)}, nw[2];
	if (wg_slice_get(s->L, out, EQG_BUSY_O, 0, 1)) {
		s->wins_busy++;
		return;
	}
	if (s->obj == EQ_OBJ_PERFORMANCE) { /* COMP -> SM raise */
		nw[0] = step(old[0], 1);
		nw[1] = toward_normal(old[1]);
	} else { /* COMP -> memory lower */
		nw[0] = toward_normal(old[0]);
		nw[1] = step(old[1], 0);
	}
	if (nw[0] == old[0] && nw[1] == old[1]) {
		s->wins_sat++;
		return;
	}
	WG_EXPECT(c, s->tr_start < 0, "a win at cycle %ld while the transition started at cycle %ld is still pending",
		  c->cyc, s->tr_start);
	int lat = 1;
	if (nw[0] != old[0] && s->sm_lat > lat)
		lat = s->sm_lat;
	if (nw[1] != old[1] && s->mem_lat > lat)
		lat = s->mem_lat;
	s->tr_start = c->cyc;
	s->tr_lat = lat;
	memcpy(s->tr_old, old, sizeof old);
	memcpy(s->tr_new, nw, sizeof nw);
}

/* Imbalance: the transition an idle win started: in flight (busy_o, the
 * next levels COMP's way, the old levels kept) until strobe + lat, where the
 * new levels are current. The apply cycle is the key event. */
static void follow_tr(eqgs_stim *s, wg_cyc *c)
{
	const uint32_t *out = c->out;
	long d = c->cyc - s->tr_start;
	unsigned cur[2] = {lvl(s, out, EQG_SM_LEVEL_O), lvl(s, out, EQG_MEM_LEVEL_O)};
	unsigned nxt[2] = {lvl(s, out, EQG_SM_NEXT_O), lvl(s, out, EQG_MEM_NEXT_O)};
	int busy = (int)wg_slice_get(s->L, out, EQG_BUSY_O, 0, 1);
	if (d < s->tr_lat) {
		WG_EXPECT(c, busy && nxt[0] == s->tr_new[0] && nxt[1] == s->tr_new[1] && cur[0] == s->tr_old[0] &&
				     cur[1] == s->tr_old[1],
			  "%ld cycles after the idle majority's win (cycle %ld): busy %d, levels SM %u mem %u, next SM %u "
			  "mem %u; expected a transition from SM %u mem %u to SM %u mem %u in flight",
			  d, s->tr_start, busy, cur[0], cur[1], nxt[0], nxt[1], s->tr_old[0], s->tr_old[1], s->tr_new[0],
			  s->tr_new[1]);
		return;
	}
	WG_EXPECT(c, !busy && cur[0] == s->tr_new[0] && cur[1] == s->tr_new[1],
		  "%ld cycles after the idle majority's win (cycle %ld, latency %d): busy %d, levels SM %u mem %u, "
		  "expected SM %u mem %u applied",
		  d, s->tr_start, s->tr_lat, busy, cur[0], cur[1], s->tr_new[0], s->tr_new[1]);
	if (!s->moved) {
		s->moved = c->cyc;
		wg_key(c);
	}
	s->tr_start = -1;
}

/* Imbalance: at a decision, the SMs idle during the whole epoch. */
static void idle_check(eqgs_stim *s, wg_cyc *c)
{
	const uint32_t *out = c->out;
	int idle = 0;
	for (int k = 0; k < s->sms; k++) {
		if ((s->busy >> k) & 1u)
			continue;
		idle++;
		WG_EXPECT(c, field(s, out, EQG_VOTE_O, k) == EQ_VOTE_COMP && field(s, out, EQG_DELTA_O, k) == EQ_DELTA_ZERO,
			  "SM %d had no CTA during the epoch but decided delta %llu vote %llu (expected 0, COMP)", k,
			  (unsigned long long)field(s, out, EQG_DELTA_O, k),
			  (unsigned long long)field(s, out, EQG_VOTE_O, k));
	}
	if (2 * idle > s->sms) {
		unsigned win = (unsigned)wg_slice_get(s->L, out, EQG_WIN_O, 0, 3);
		WG_EXPECT(c, win == comp_req(s), "%d of %d SMs idle (COMP) but the manager's winner is %u, expected %u",
			  idle, s->sms, win, comp_req(s));
		s->idle_wins++;
		comp_win(s, c);
	}
}

/* ---- the directed cases (wg_kit.h): the environment drives; a case runs
 * for its cycles and checks in the CHECK phase, before check()'s epoch-window
 * bookkeeping of the cycle (s->busy, s->clean: the window that just closed) */

static void case_imbalance(void *st, wg_cyc *c)
{
	eqgs_stim *s = st;
	if (wg_checking(c)) {
		int rst = (int)wg_slice_get(s->L, c->driven, EQG_RST_I, 0, 1);
		int dec = (int)field(s, c->out, EQG_DEC_VALID_O, 0);
		if (rst)
			s->tr_start = -1;
		else if (s->tr_start >= 0 && c->cyc > s->tr_start)
			follow_tr(s, c);
		if (!c->fail && dec && s->clean && eqe_kernel(s->env, NULL) >= 0)
			idle_check(s, c);
	}
	if (wg_done(c)) {
		const eqe_stats *t = eqe_get_stats(s->env);
		WG_EXPECT(c, s->idle_wins > 0, "no epoch with an idle majority (%ld decisions, %llu kernels done)",
			  s->decisions, (unsigned long long)t->kernels_done);
		WG_EXPECT(c, s->moved > 0,
			  "the idle majority won %ld epochs (%ld during a transition, %ld at a level already saturated "
			  "COMP's way) but no win started a transition COMP's way that was applied",
			  s->idle_wins, s->wins_busy, s->wins_sat);
	}
	wg_case_len(c, 20000);
}

static void case_aligned(void *st, wg_cyc *c)
{
	eqgs_stim *s = st;
	if (wg_done(c)) {
		const eqe_stats *t = eqe_get_stats(s->env);
		WG_EXPECT(c, s->kstarts >= 3 && t->kernels_done >= 2, "only %ld kernel starts, %llu kernels finished",
			  s->kstarts, (unsigned long long)t->kernels_done);
	}
	wg_case_len(c, 20000);
}

static const wg_case_def eqgs_cases[EQGS_NCASES] = {
	[C_IMBALANCE] = {"imbalance_idle_sms_vote_comp",
			 "a load-imbalanced kernel: SM 0 keeps one long CTA while the other SMs run out of work; every "
			 "SM that had no CTA during a whole epoch decides 0 / COMP (Alg. 1 line 22), the idle majority "
			 "wins the vote (win_o = COMP's request) and the manager moves the level that way",
			 "Sethia §3.3 (load imbalance), Alg. 1 lines 21-22", CASE_PARAMS, .run = case_imbalance,
		.focus = "cta_done_i hv_i dec_valid_o delta_o vote_o win_o busy_o u_eq_0.valid_q u_eq_1.valid_q u_eq_1.act_q u_vfm.sm_q u_vfm.mem_q"},
	[C_ALIGNED] = {"all_sms_aligned",
		       "short kernels of every profile back to back: each kernel start restarts every SM's epoch, every "
		       "decision comes on all SMs in the same cycle exactly EPOCH cycles apart, the manager sees only "
		       "aligned strobes",
		       "docs/equalizer.md decision 7, docs/vf_manager.md Protocol", CASE_PARAMS, .run = case_aligned,
		.focus = "kstart_i kmax_i dec_valid_o sample_o win_o busy_o u_eq_0.cyc_q u_eq_1.cyc_q u_eq_2.cyc_q u_vfm.sm_q u_vfm.mem_q"},
};

static const char *const eqgs_case_knobs[EQGS_NCASES] = {
	[C_IMBALANCE] = "PROFILE=IMBALANCE,KLEN=60,CTAS=4,LONG=200,KGAP=8,RESET_PPM=0",
	[C_ALIGNED] = "PROFILE=MIX,KLEN=40,CTAS=3,KGAP=5,RESET_PPM=0",
};

static size_t head_size(void) { return (sizeof(eqgs_stim) + 15u) & ~(size_t)15u; }

static size_t eqgs_size(const long *p) { return head_size() + eqe_size(p); }

static const char *eqgs_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx,
			     uint64_t seed, char *err, size_t n)
{
	eqgs_stim *s = st;
	long k[EQE_NKNOBS];
	memcpy(k, knobs, sizeof k);
	s->L = L;
	s->cs = case_idx;
	s->start = -1;
	s->sms = (int)p[EQG_P_SMS];
	s->epoch = (int)p[EQG_P_EPOCH];
	s->obj = (int)p[EQG_P_OBJECTIVE];
	s->sm_lat = (int)p[EQG_P_SM_LAT];
	s->mem_lat = (int)p[EQG_P_MEM_LAT];
	s->tr_start = -1;
	s->env = (eqg_env *)((char *)st + head_size());
	if (case_idx >= 0) {
		wg_block kb = {.name = "knob", .params = eqe_knobs, .nparams = EQE_NKNOBS};
		if (wg_params_apply(&kb, k, eqgs_case_knobs[case_idx], err, n))
			return err;
		if (case_idx == C_IMBALANCE && s->sms < 3) {
			snprintf(err, n, "equalizer_gpu: imbalance_idle_sms_vote_comp needs SMS >= 3 (an idle majority)");
			return err;
		}
		if (wg_case_start(&s->run, &eqgs_cases[case_idx], (size_t)L->nwords[WG_IN], NULL, 0, err, n))
			return err;
	}
	return eqe_init(s->env, p, L, k, seed, err, n);
}

static int eqgs_next(void *st, const void *model, uint32_t *in, long cyc)
{
	eqgs_stim *s = st;
	if (s->cs >= 0 && !wg_case_drive(&s->run, s, model, in, cyc))
		return 0;
	eqe_drive(s->env, in, cyc);
	return 1;
}

static void eqgs_observe(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc)
{
	(void)model;
	eqgs_stim *s = st;
	eqe_observe(s->env, in, out, cyc);
}

static const char *eqgs_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
			      char *buf, size_t n)
{
	eqgs_stim *s = st;
	const char *e = eqe_error(s->env);
	if (e) {
		snprintf(buf, n, "%s", e);
		return buf;
	}
	int rst = (int)wg_slice_get(s->L, in, EQG_RST_I, 0, 1);
	int kst = (int)field(s, in, EQG_KSTART_I, 0);
	int dec = (int)field(s, out, EQG_DEC_VALID_O, 0);
	if (cyc >= 2) { /* epoch timing from the last reset or kernel start */
		long d = cyc - s->start - 1;
		int due = s->start >= 0 && d > 0 && d % s->epoch == 0;
		EXPECT(dec == due, "dec_valid_o %d, expected %d (%ld cycles after the epoch origin at cycle %ld, EPOCH %d)",
		       dec, due, d + 1, s->start, s->epoch);
	}
	if (s->cs >= 0 && wg_case_check(&s->run, s, model, in, out, cyc, buf, n))
		return buf;
	if (dec) {
		s->decisions++;
		s->busy = 0;
		s->clean = 1;
	}
	for (int k = 0; k < s->sms; k++)
		if (field(s, out, EQG_CTA_VALID_O, k))
			s->busy |= 1u << k;
	if (rst || kst) {
		s->start = cyc;
		s->clean = 0;
		s->kstarts += kst;
	}
	return NULL;
}

static const char *eqgs_finish(void *st, long *key, char *buf, size_t n)
{
	eqgs_stim *s = st;
	const char *e = eqe_error(s->env);
	const eqe_stats *t = eqe_get_stats(s->env);
	*key = s->cs < 0 ? -1 : s->run.c.key; /* the case's marker so far, also when a check below fails */
	if (e) {
		snprintf(buf, n, "%s", e);
		return buf;
	}
	EXPECT(s->decisions > 0 && t->launches > 0 && t->issued > 0,
	       "nothing happened: %ld decisions, %llu CTAs launched, %llu instructions", s->decisions,
	       (unsigned long long)t->launches, (unsigned long long)t->issued);
	return s->cs < 0 ? NULL : wg_case_finish(&s->run, s, key, buf, n);
}

static void eqgs_cover(const void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
		       uint64_t *hits)
{
	(void)cyc;
	eqg_cover(((const eqgs_stim *)st)->L, model, in, out, hits);
}

const wg_stim_def wg_stim_equalizer_gpu = {
	.block = &wg_block_equalizer_gpu,
	.knobs = eqe_knobs,
	.nknobs = EQE_NKNOBS,
	.cases = eqgs_cases,
	.ncases = EQGS_NCASES,
	.size = eqgs_size,
	.init = eqgs_init,
	.next = eqgs_next,
	.observe = eqgs_observe,
	.check = eqgs_check,
	.finish = eqgs_finish,
	.cov = eqg_cov_points,
	.ncov = EQG_NCOV_POINTS,
	.cover = eqgs_cover,
};
