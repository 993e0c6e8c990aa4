/* memra_stim.c - stimulus for MEM_RA's per-warp stall counter, Eq. 1
 * predictor and TRWS priority (docs/memra.md): a constrained-random stream
 * of off-chip loads, their completions and TFET grants, always inside the
 * page's protocol; and a monitor that checks every cycle of every run
 * (random or directed) against the page.
 *
 * The monitor keeps the page's state (each warp's counter and phase,
 * last_q, sample_acc, the period's counter) from the driven inputs alone,
 * starting at a reset, and checks that want_o, prio_o, cnt_o, meas_o,
 * sample_o and every field of ev_o are what the page's rules give. It never
 * reads the C model, and its Eq. 1 is the spec's division form (mrs_eq1),
 * not the model's: a model and a template that agree with each other but
 * not with the page fail here. It also records coverage points (CV_*):
 * with the knob COVER=1 a random run fails unless it reached every phase
 * and corner its configuration can reach.
 *
 * The random environment: each warp has at most one off-chip load in
 * flight (the most recent one; a new load may leave while one is in
 * flight, W-P1-6). A load's latency is short (1..SHORT_LAT, around THR_ACC)
 * or long (SHORT_LAT+1..LONG_LAT, past the counter's saturation at the
 * defaults); its completion is due that many cycles after its ld_i. The
 * return path delivers one completion a cycle (done_valid_i, done_warp_i):
 * when several loads are due, a random one of them completes and the others
 * wait (their latency grows by the wait). In a cycle without a real
 * completion, a stray completion (NOISE_PM per mille) names a warp that is
 * not measuring, or one whose new load leaves this cycle (A6: both
 * ignored; when a load leaves, half the time its warp); without either, done_warp_i is a random warp with done_valid_i
 * = 0. done_warp_i is always < WARPS. The rename stage grants a TFET
 * destination to a wanting warp (the monitor's state at the start of the
 * cycle) with GRANT_PCT % probability, never with its ld_i, so grants keep
 * the protocol. Mid-run resets at RESET_PPM per million cycles, with random
 * ld_i, done_valid_i, done_warp_i (< WARPS) and grant_i in them (unchecked
 * there; the reset wins).
 *
 * The directed cases are in memra_cases.c. */
#include <stdio.h>
#include <string.h>

#include "memra.h"
#include "memra_cover.h"
#include "memra_stim.h"
#include "wg_bits.h"
#include "wg_kit.h"

static const wg_param_def mrs_knobs[MRS_NKNOBS] = {
	[K_LD_PM] = {"LD_PM", 20, 0, 1000, NULL,
		"per mille per warp and cycle: an off-chip load leaves (no load in flight)", "assumed"},
	[K_REISSUE_PM] = {"REISSUE_PM", 2, 0, 1000, NULL,
		"per mille per warp and cycle: a new load leaves while one is in flight (discards it, W-P1-6)",
		"assumed"},
	[K_LONG_PCT] = {"LONG_PCT", 20, 0, 100, NULL, "% of loads with a long latency", "assumed"},
	[K_SHORT_LAT] = {"SHORT_LAT", 40, 1, 100000, NULL, "short load latencies: 1..SHORT_LAT cycles",
		"assumed (around THR_ACC)"},
	[K_LONG_LAT] = {"LONG_LAT", 3000, 2, 200000, NULL,
		"long load latencies: SHORT_LAT+1..LONG_LAT cycles (past 2047, the default counter's saturation)",
		"assumed"},
	[K_GRANT_PCT] = {"GRANT_PCT", 60, 0, 100, NULL, "% of cycles a wanting warp gets a TFET destination",
		"assumed"},
	[K_NOISE_PM] = {"NOISE_PM", 100, 0, 1000, NULL,
		"per mille of the cycles without a completion: a stray done_valid_i (its warp is not measuring, or a "
		"new load of it leaves this cycle: A6)", "assumed"},
	[K_RESET_PPM] = {"RESET_PPM", 20, 0, 1000000, NULL, "per million cycles: a mid-run reset", "assumed"},
	[K_COVER] = {"COVER", 0, 0, 1, NULL,
		"1: fail at the end unless every phase and corner the configuration can reach was seen (MEASURE, BUDGET, "
		"saturation, grants down to 1 and 0, the three Eq. 1 branches, ignored completions, a discarded budget, "
		"a sample, a mid-run reset)", "assumed"},
};

static const char *const cv_names[CV_N] = {
	[CV_MEASURE] = "a warp in MEASURE",
	[CV_BUDGET] = "a warp in BUDGET with cnt > 1",
	[CV_SAT] = "a counter saturated at 2^CNT_BITS - 1 in MEASURE",
	[CV_GRANT_TO_1] = "a grant leaving a budget of 1",
	[CV_GRANT_TO_0] = "a grant leaving a budget of 0",
	[CV_SC_ZERO] = "a completion with prev <= THR_ACC",
	[CV_SC_MUL] = "a completion priced by the multiply (sample < 2^REF_SHIFT, SC > 0)",
	[CV_SC_FULL] = "a completion at sample >= 2^REF_SHIFT",
	[CV_IGN_IDLE] = "a completion of a warp not measuring (ignored)",
	[CV_IGN_LD] = "a completion with a new load of its warp (ignored)",
	[CV_DISCARD] = "a new load discarding a budget",
	[CV_SAMPLE] = "the end of a sample period",
	[CV_RESET] = "a mid-run reset",
};

static const char *const ev_names[MR_NEVENTS] = {"start", "predict", "grant", "sample"};

/* ---- frames ---- */

static void port_or(const mrs_stim *s, uint32_t *in, int port, uint64_t v)
{
	wg_port_put(s->L, in, port, wg_port_get(s->L, in, port) | v);
}

void mrs_put_ld(const mrs_stim *s, uint32_t *in, long w) { port_or(s, in, MR_LD_I, W_(w)); }
void mrs_put_grant(const mrs_stim *s, uint32_t *in, long w) { port_or(s, in, MR_GRANT_I, W_(w)); }

void mrs_put_done(const mrs_stim *s, uint32_t *in, long w)
{
	wg_port_put(s->L, in, MR_DONE_VALID_I, 1);
	wg_port_put(s->L, in, MR_DONE_WARP_I, (uint64_t)w);
}

static void observe(const mrs_stim *s, const uint32_t *out, mrs_obs *o)
{
	o->want = wg_port_get(s->L, out, MR_WANT_O);
	o->prio = wg_port_get(s->L, out, MR_PRIO_O);
	o->meas = wg_port_get(s->L, out, MR_MEAS_O);
	for (long w = 0; w < s->W; w++)
		o->cnt[w] = (unsigned)wg_elem_get(s->L, out, MR_CNT_O, w, s->CB);
	o->sample = (unsigned)wg_port_get(s->L, out, MR_SAMPLE_O);
	for (int e = 0; e < MR_NEVENTS; e++)
		o->ev[e] = (unsigned)wg_slice_get(s->L, out, MR_EV_O, s->L->ev_lsb[e], s->L->ev_w[e]);
}

/* ---- the monitor ---- */

unsigned mrs_eq1(const mrs_stim *s, unsigned prev, unsigned sample)
{
	unsigned long ref = 1ul << s->rs;
	if (prev <= (unsigned)s->thr)
		return 0;
	unsigned long d = prev - (unsigned)s->thr;
	if (sample >= ref)
		return (unsigned)d;
	return (unsigned)((unsigned long)sample * d / ref); /* the bracket: a floor */
}

/* A reset cycle; one that follows a cycle out of reset is a mid-run reset (CV_RESET). */
static void mon_reset(mrs_mon *m)
{
	unsigned seen = m->seen | (m->known && !m->in_rst ? 1u << CV_RESET : 0);
	long resets = m->resets + !m->in_rst, comp = m->completions;
	memset(m, 0, sizeof *m);
	m->known = 1, m->in_rst = 1;
	m->seen = seen, m->resets = resets, m->completions = comp;
}

/* sample_acc as the page reads it: last_q at SAMPLE_PERIOD = 1. */
static unsigned mon_smp(const mrs_stim *s)
{
	return s->sp == 1 ? s->m.last : s->m.smp;
}

/* Check cycle cyc's outputs against the page's state, then take the edge.
 * NULL, or a message in buf. */
static const char *mon_cycle(mrs_stim *s, const uint32_t *in, long cyc, char *buf, size_t n)
{
	mrs_mon *m = &s->m;
	const mrs_obs *o = &s->o;
	const wg_layout *L = s->L;
	if (wg_port_get(L, in, MR_RST_I)) {
		mon_reset(m);
		return NULL;
	}
	if (!m->known)
		return NULL;
	m->in_rst = 0;
	for (long w = 0; w < s->W; w++) {
		int ms = (int)((m->meas >> w) & 1u);
		EXPECT(o->cnt[w] == m->cnt[w], "cycle %ld: warp %ld: cnt_o = %u, the page gives %u (%s)", cyc, w, o->cnt[w],
		       m->cnt[w], ms ? "MEASURE" : "BUDGET");
		if (ms)
			m->seen |= 1u << CV_MEASURE | (m->cnt[w] == s->max ? 1u << CV_SAT : 0);
		else if (m->cnt[w] > 1)
			m->seen |= 1u << CV_BUDGET;
	}
	uint64_t want = 0, prio = 0;
	for (long w = 0; w < s->W; w++)
		if (!((m->meas >> w) & 1u)) {
			want |= m->cnt[w] > 1 ? W_(w) : 0;
			prio |= m->cnt[w] > 0 ? W_(w) : 0;
		}
	EXPECT(o->meas == m->meas, "cycle %ld: meas_o = %#llx, the page gives %#llx", cyc, (unsigned long long)o->meas,
	       (unsigned long long)m->meas);
	EXPECT(o->want == want, "cycle %ld: want_o = %#llx, the page gives %#llx (BUDGET and cnt > 1)", cyc,
	       (unsigned long long)o->want, (unsigned long long)want);
	EXPECT(o->prio == prio, "cycle %ld: prio_o = %#llx, the page gives %#llx (BUDGET and cnt > 0)", cyc,
	       (unsigned long long)o->prio, (unsigned long long)prio);
	EXPECT(o->sample == mon_smp(s), "cycle %ld: sample_o = %u, the page gives %u", cyc, o->sample, mon_smp(s));

	/* this cycle's inputs */
	uint64_t ld = wg_port_get(L, in, MR_LD_I) & s->wmask, grant = wg_port_get(L, in, MR_GRANT_I) & s->wmask;
	long dw = wg_port_get(L, in, MR_DONE_VALID_I) ? (long)wg_port_get(L, in, MR_DONE_WARP_I) : -1;
	long dn = -1; /* the warp whose completion counts */
	if (dw >= 0 && dw < s->W) {
		if (!((m->meas >> dw) & 1u))
			m->seen |= 1u << CV_IGN_IDLE;
		else if (ld & W_(dw))
			m->seen |= 1u << CV_IGN_LD;
		else
			dn = dw;
	}
	unsigned end = m->pc == (unsigned)s->sp - 1;
	unsigned ev[MR_NEVENTS] = {wg_popc64(ld), dn >= 0, wg_popc64(grant), end};
	for (int e = 0; e < MR_NEVENTS; e++)
		EXPECT(o->ev[e] == ev[e], "cycle %ld: event %s = %u, the page gives %u", cyc, ev_names[e], o->ev[e], ev[e]);

	/* the edge */
	if (dn >= 0) {
		unsigned prev = m->cnt[dn] + 1 > s->max ? s->max : m->cnt[dn] + 1, smp = mon_smp(s);
		unsigned sc = mrs_eq1(s, prev, smp);
		m->seen |= prev <= (unsigned)s->thr ? 1u << CV_SC_ZERO
			   : smp >= (1u << s->rs)   ? 1u << CV_SC_FULL
			   : sc > 0                 ? 1u << CV_SC_MUL
						    : 0;
		m->cnt[dn] = sc;
		m->meas &= ~W_(dn);
		m->last = prev;
		m->completions++;
	}
	for (long w = 0; w < s->W; w++) {
		if (ld & W_(w)) {
			if (!((m->meas >> w) & 1u) && m->cnt[w] > 0)
				m->seen |= 1u << CV_DISCARD;
			m->cnt[w] = 0;
			m->meas |= W_(w);
		} else if (w == dn) {
			continue;
		} else if ((m->meas >> w) & 1u) {
			m->cnt[w] = m->cnt[w] == s->max ? s->max : m->cnt[w] + 1;
		} else if (grant & W_(w)) {
			m->cnt[w] -= 2; /* the protocol (checked by the model) keeps cnt > 1 */
			m->seen |= m->cnt[w] == 1 ? 1u << CV_GRANT_TO_1 : m->cnt[w] == 0 ? 1u << CV_GRANT_TO_0 : 0;
		}
	}
	if (end) {
		m->smp = m->last;
		m->seen |= 1u << CV_SAMPLE;
	}
	m->pc = end ? 0 : m->pc + 1;
	return NULL;
}

/* ---- the random stream ---- */

static void loads_reset(mrs_stim *s)
{
	for (long w = 0; w < MR_MAX_WARPS; w++)
		s->due[w] = -1;
}

/* A load's latency, >= 1. */
static long latency(mrs_stim *s)
{
	long sl = s->k[K_SHORT_LAT], ll = s->k[K_LONG_LAT];
	if (ll > sl && wg_pct(&s->rng, s->k[K_LONG_PCT]))
		return sl + 1 + wg_pick(&s->rng, ll - sl);
	return 1 + wg_pick(&s->rng, sl);
}

/* A random warp among the bits of m (m != 0). */
static long pick_bit(mrs_stim *s, uint64_t m)
{
	long k = wg_pick(&s->rng, (int)wg_popc64(m));
	for (long w = 0;; w++)
		if (((m >> w) & 1) && k-- == 0)
			return w;
}

static int random_next(mrs_stim *s, uint32_t *in, long cyc)
{
	uint64_t wm = s->wmask;
	if (cyc < 2 || wg_pick(&s->rng, 1000000) < s->k[K_RESET_PPM]) {
		/* random inputs: the reset wins over them */
		wg_port_put(s->L, in, MR_RST_I, 1);
		wg_port_put(s->L, in, MR_LD_I, wg_rng_next(&s->rng) & wm);
		wg_port_put(s->L, in, MR_DONE_VALID_I, wg_rng_next(&s->rng) & 1);
		wg_port_put(s->L, in, MR_DONE_WARP_I, (uint64_t)wg_pick(&s->rng, s->W));
		wg_port_put(s->L, in, MR_GRANT_I, wg_rng_next(&s->rng) & wm);
		loads_reset(s);
		return 1;
	}
	/* the monitor's state at the start of the cycle (it is known: the first two cycles reset) */
	uint64_t meas = s->m.meas, want = 0, ld = 0, grant = 0, due = 0;
	for (long w = 0; w < s->W; w++) {
		if (!((meas >> w) & 1u) && s->m.cnt[w] > 1)
			want |= W_(w);
		if (s->due[w] >= 0 && s->due[w] <= cyc)
			due |= W_(w);
	}
	/* the return path: one due load completes (the warp is measuring) */
	long dw = -1;
	if (due) {
		dw = pick_bit(s, due);
		s->due[dw] = -1;
	}
	for (long w = 0; w < s->W; w++) {
		uint64_t bit = W_(w);
		int busy = s->due[w] >= 0;
		if (wg_pick(&s->rng, 1000) < s->k[busy ? K_REISSUE_PM : K_LD_PM]) {
			ld |= bit;
			s->due[w] = cyc + latency(s);
		}
		if ((want & bit) && !(ld & bit) && wg_pct(&s->rng, s->k[K_GRANT_PCT]))
			grant |= bit;
	}
	int valid = dw >= 0;
	if (!valid) {
		/* a stray completion the block ignores (not measuring, or with a new load) */
		uint64_t stray = (~meas | ld) & wm;
		if (stray && wg_pick(&s->rng, 1000) < s->k[K_NOISE_PM]) {
			dw = pick_bit(s, ld && wg_pct(&s->rng, 50) ? ld : stray); /* loads are rare: half of these */
			valid = 1;
		} else {
			dw = wg_pick(&s->rng, s->W); /* no completion: any warp id */
		}
	}
	wg_port_put(s->L, in, MR_LD_I, ld);
	wg_port_put(s->L, in, MR_DONE_VALID_I, (uint64_t)valid);
	wg_port_put(s->L, in, MR_DONE_WARP_I, (uint64_t)dw);
	wg_port_put(s->L, in, MR_GRANT_I, grant);
	return 1;
}

/* ---- the interface ---- */

#define PROLOGUE 2 /* reset cycles before a case's t = 0 */

static void mrs_prologue(void *st, uint32_t *in, long cyc)
{
	(void)cyc;
	mrs_stim *s = st;
	wg_port_put(s->L, in, MR_RST_I, 1);
}

static size_t mrs_size(const long *p)
{
	(void)p;
	return sizeof(mrs_stim);
}

static const char *mrs_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx,
			    uint64_t seed, char *err, size_t n)
{
	mrs_stim *s = st;
	s->L = L;
	s->W = p[MR_P_WARPS];
	s->CB = p[MR_P_CNT_BITS];
	s->thr = p[MR_P_THR_ACC];
	s->rs = p[MR_P_REF_SHIFT];
	s->sp = p[MR_P_SAMPLE_PERIOD];
	s->max = (unsigned)wg_ones64(s->CB);
	s->wmask = wg_ones64(s->W);
	memcpy(s->k, knobs, sizeof s->k);
	s->cs = case_idx;
	s->rng = wg_rng_seed(seed);
	loads_reset(s);
	for (int i = 0; i < 8; i++)
		s->at[i] = -1;
	if (case_idx < 0)
		return NULL;
	/* The cases name warps 0..7 and the sampler warp 47, and count cycles in periods of 1024 with
	 * latencies up to 3000. */
	if (s->W < 48 || s->CB < 11 || s->sp < 512) {
		snprintf(err, n,
			 "memra: directed cases need WARPS >= 48, CNT_BITS >= 11 and SAMPLE_PERIOD >= 512 (they name warps 0..7 "
			 "and 47 and count latencies up to 2047)");
		return err;
	}
	return wg_case_start(&s->run, &memra_cases[case_idx], (size_t)L->nwords[WG_IN], mrs_prologue, PROLOGUE, err, n);
}

static int mrs_next(void *st, const void *model, uint32_t *in, long cyc)
{
	mrs_stim *s = st;
	if (s->cs < 0)
		return random_next(s, in, cyc);
	return wg_case_drive(&s->run, s, model, in, cyc);
}

static const char *mrs_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
			     char *buf, size_t n)
{
	mrs_stim *s = st;
	observe(s, out, &s->o);
	const char *msg = mon_cycle(s, in, cyc, buf, n);
	if (msg)
		return msg;
	if (s->cs >= 0)
		return wg_case_check(&s->run, s, model, in, out, cyc, buf, n);
	return NULL;
}

/* The coverage points configuration s can reach with its knobs. */
static unsigned reachable(const mrs_stim *s)
{
	unsigned r = 1u << CV_MEASURE | 1u << CV_SC_ZERO | 1u << CV_SAMPLE;
	long ll = s->k[K_LONG_LAT] > s->k[K_SHORT_LAT] && s->k[K_LONG_PCT] ? s->k[K_LONG_LAT] : s->k[K_SHORT_LAT];
	if (ll > (long)s->max)
		r |= 1u << CV_SAT;
	if (s->thr + 2 <= (long)s->max && s->k[K_GRANT_PCT] > 0)
		r |= 1u << CV_BUDGET | 1u << CV_GRANT_TO_1 | 1u << CV_GRANT_TO_0 | 1u << CV_DISCARD;
	if (s->thr < (long)s->max && ll >= 1L << s->rs)
		r |= 1u << CV_SC_FULL;
	if (s->thr < (long)s->max && s->rs > 0)
		r |= 1u << CV_SC_MUL;
	if (s->k[K_NOISE_PM] > 0)
		r |= 1u << CV_IGN_IDLE | 1u << CV_IGN_LD;
	if (s->k[K_RESET_PPM] > 0)
		r |= 1u << CV_RESET;
	return r;
}

static const char *mrs_finish(void *st, long *key, char *buf, size_t n)
{
	mrs_stim *s = st;
	*key = 0;
	if (s->cs >= 0) {
		const char *msg = wg_case_finish(&s->run, s, key, buf, n);
		if (*key < 0)
			*key = 0;
		return msg;
	}
	if (!s->k[K_COVER])
		return NULL;
	unsigned want = reachable(s);
	for (int i = 0; i < CV_N; i++)
		EXPECT(!((want >> i) & 1u) || ((s->m.seen >> i) & 1u), "coverage: never saw %s (%ld completions, %ld resets)",
		       cv_names[i], s->m.completions, s->m.resets);
	return NULL;
}

static void mrs_cover(const void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
		      uint64_t *hits)
{
	(void)out;
	(void)cyc;
	memra_cover(((const mrs_stim *)st)->L, model, in, hits);
}

const wg_stim_def wg_stim_memra = {
	.block = &wg_block_memra,
	.knobs = mrs_knobs,
	.nknobs = MRS_NKNOBS,
	.cases = memra_cases,
	.ncases = MRS_NCASES,
	.size = mrs_size,
	.init = mrs_init,
	.next = mrs_next,
	.observe = NULL,
	.check = mrs_check,
	.finish = mrs_finish,
	.cov = memra_cov_points,
	.ncov = MEMRA_NCOV_POINTS,
	.cover = mrs_cover,
};
