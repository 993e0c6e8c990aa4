/* memra_stim.c - random stimulus for MEM_RA's per-warp stall counter, Eq. 1
 * predictor and TRWS priority (docs/memra.md). No directed cases yet: the
 * page's cases are still to be written.
 *
 * The environment: each warp has at most one off-chip load in flight (the
 * most recent one; a new load may leave while one is in flight, W-P1-6).
 * A load's latency is short (1..SHORT_LAT, around THR_ACC) or long
 * (SHORT_LAT+1..LONG_LAT, past the counter's saturation at the defaults);
 * its completion is due that many cycles after its ld_i. The return path
 * delivers one completion a cycle (done_valid_i, done_warp_i): when several
 * loads are due, a random one of them completes and the others wait (their
 * latency grows by the wait). In a cycle without a real completion, a stray
 * completion (NOISE_PM per mille) names a warp that is not measuring, or
 * one whose new load leaves this cycle (A6: both ignored); without either,
 * done_warp_i is a random warp with done_valid_i = 0. done_warp_i is always
 * < WARPS. The rename stage grants a TFET destination to a wanting warp with
 * GRANT_PCT % probability (never with its ld_i), read from the C model's
 * state at the start of the cycle, so grants always keep the protocol.
 * Mid-run resets at RESET_PPM per million cycles, with random ld_i,
 * done_valid_i, done_warp_i (< WARPS) and grant_i in them (unchecked there;
 * the reset wins). */
#include <stdio.h>
#include <string.h>

#include "memra.h"
#include "wg_bits.h"
#include "wg_kit.h"

/* ---- knobs of the random stream ---- */
enum {
	K_LD_PM,      /* per mille per warp and cycle: a load leaves (no load in flight) */
	K_REISSUE_PM, /* per mille per warp and cycle: a new load leaves while one is in flight */
	K_LONG_PCT,   /* % of loads with a long latency */
	K_SHORT_LAT,  /* short latencies: 1..SHORT_LAT cycles */
	K_LONG_LAT,   /* long latencies: SHORT_LAT+1..LONG_LAT cycles */
	K_GRANT_PCT,  /* % of cycles a wanting warp gets a TFET destination */
	K_NOISE_PM,   /* per mille per cycle without a completion: a stray done_valid_i */
	K_RESET_PPM,  /* per million cycles: a mid-run reset */
	MRS_NKNOBS
};

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
};

/* ---- generator state ---- */
typedef struct mrs_stim {
	const wg_layout *L;        /* frame layout */
	long W;                    /* WARPS */
	long k[MRS_NKNOBS];        /* knob values */
	uint64_t rng;              /* xorshift state */
	long due[MR_MAX_WARPS];    /* per warp: the cycle its load's completion is due (or waits since), -1 for none */
} mrs_stim;

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
	long k = wg_pick(&s->rng, __builtin_popcountll((unsigned long long)m));
	for (long w = 0;; w++)
		if (((m >> w) & 1) && k-- == 0)
			return w;
}

static int mrs_next(void *st, const void *model, uint32_t *in, long cyc)
{
	mrs_stim *s = st;
	const mr_model *m = model;
	uint64_t wm = wg_ones64(s->W);
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
	uint64_t want = mr_want(m), meas = mr_meas(m), ld = 0, grant = 0, due = 0;
	for (long w = 0; w < s->W; w++)
		if (s->due[w] >= 0 && s->due[w] <= cyc)
			due |= UINT64_C(1) << w;
	/* the return path: one due load completes (the warp is measuring) */
	long dw = -1;
	if (due) {
		dw = pick_bit(s, due);
		s->due[dw] = -1;
	}
	for (long w = 0; w < s->W; w++) {
		uint64_t bit = UINT64_C(1) << w;
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
			dw = pick_bit(s, stray);
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

static const char *mrs_finish(void *st, long *key, char *buf, size_t n)
{
	(void)st;
	(void)buf;
	(void)n;
	*key = 0; /* random stimulus marks no cycle */
	return NULL;
}

/* ---- the interface ---- */
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
	memcpy(s->k, knobs, sizeof s->k);
	s->rng = wg_rng_seed(seed);
	loads_reset(s);
	if (case_idx >= 0) {
		snprintf(err, n, "memra: no directed cases yet");
		return err;
	}
	return NULL;
}

const wg_stim_def wg_stim_memra = {
	.block = &wg_block_memra,
	.knobs = mrs_knobs,
	.nknobs = MRS_NKNOBS,
	.cases = NULL,
	.ncases = 0,
	.size = mrs_size,
	.init = mrs_init,
	.next = mrs_next,
	.observe = NULL,
	.check = NULL,
	.finish = mrs_finish,
};
