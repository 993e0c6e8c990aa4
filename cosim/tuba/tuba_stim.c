/* tuba_stim.c - random stimulus for TUBA's per-SM block limit
 * (docs/tuba.md). No directed cases yet: the page's cases are still to be
 * written.
 *
 * The environment: an SM with res resident blocks. A kernel starts now and
 * then (start_i, occ_i uniform in 1..MAX_BLOCKS; blocks still resident stay:
 * no preemption); a resident block completes with DONE_PCT % probability a
 * cycle (done_i, res_i = the blocks after it); the dispatcher places a new
 * block with DISPATCH_PCT % probability when accept_o says it may (read from
 * the C model's outputs of the cycle: the block is resident from the next
 * cycle), so res_i never passes MAX_BLOCKS. free_i is drawn every cycle:
 * NEAR_PCT % of the time within 2 of one of the two thresholds (the last
 * count that lowers, ceil(DW_PCT TFET_REGS / 100) - 1, and the first that
 * raises, floor(UP_PCT TFET_REGS / 100) + 1), else uniform in
 * 0..TFET_REGS. occ_i carries random bits when start_i is 0 and done_i
 * pulses in the periodic modes are ignored by the block. Mid-run resets at
 * RESET_PPM per million cycles, with random (legal) start_i, occ_i, done_i
 * and free_i in them: the block forgets the kernel, the SM's resident
 * blocks stay and still complete (done_i while lim_q = 0). */
#include <stdio.h>
#include <string.h>

#include "tuba.h"
#include "wg_bits.h"
#include "wg_kit.h"

/* ---- knobs of the random stream ---- */
enum {
	K_START_PPM,    /* per million cycles: a kernel starts */
	K_DONE_PCT,     /* % of cycles a resident block completes */
	K_DISPATCH_PCT, /* % of cycles a new block is dispatched when accept_o allows it */
	K_NEAR_PCT,     /* % of cycles free_i is within 2 of a threshold */
	K_RESET_PPM,    /* per million cycles: a mid-run reset */
	TBS_NKNOBS
};

static const wg_param_def tbs_knobs[TBS_NKNOBS] = {
	[K_START_PPM] = {"START_PPM", 1000, 0, 1000000, NULL,
		"per million cycles: a kernel starts (keep it below 1e6 / EVAL_PERIOD for periodic evaluations)",
		"assumed"},
	[K_DONE_PCT] = {"DONE_PCT", 5, 0, 100, NULL, "% of cycles a resident block completes", "assumed"},
	[K_DISPATCH_PCT] = {"DISPATCH_PCT", 50, 0, 100, NULL,
		"% of cycles a new block is dispatched when accept_o allows it", "assumed"},
	[K_NEAR_PCT] = {"NEAR_PCT", 80, 0, 100, NULL, "% of cycles free_i is within 2 of a threshold", "assumed"},
	[K_RESET_PPM] = {"RESET_PPM", 50, 0, 1000000, NULL, "per million cycles: a mid-run reset", "assumed"},
};

/* ---- generator state ---- */
typedef struct tbs_stim {
	const wg_layout *L;    /* frame layout */
	tb_cfg cfg;            /* the configuration */
	long k[TBS_NKNOBS];    /* knob values */
	uint64_t rng;          /* xorshift state */
	long res;              /* resident blocks at the start of the cycle */
	long lo_edge, hi_edge; /* the last free count that lowers, the first that raises */
	int in_rst;            /* this cycle asserts rst_i */
} tbs_stim;

/* free_i: near a threshold, or uniform; always in 0..TFET_REGS. */
static long pick_free(tbs_stim *s)
{
	long T = s->cfg.tfet_regs, f;
	if (wg_pct(&s->rng, s->k[K_NEAR_PCT]))
		f = (wg_pick(&s->rng, 2) ? s->hi_edge : s->lo_edge) - 2 + wg_pick(&s->rng, 5);
	else
		f = wg_pick(&s->rng, T + 1);
	return f < 0 ? 0 : f > T ? T : f;
}

static int tbs_next(void *st, const void *model, uint32_t *in, long cyc)
{
	(void)model;
	tbs_stim *s = st;
	long M = s->cfg.max_blocks;
	s->in_rst = cyc < 2 || wg_pick(&s->rng, 1000000) < s->k[K_RESET_PPM];
	if (s->in_rst) { /* legal random inputs: the reset wins over them at the edge */
		int rstart = wg_pick(&s->rng, 2);
		wg_port_put(s->L, in, TB_RST_I, 1);
		wg_port_put(s->L, in, TB_START_I, (uint64_t)rstart);
		wg_port_put(s->L, in, TB_OCC_I, (uint64_t)(rstart ? 1 + wg_pick(&s->rng, M) : (long)wg_rng_next(&s->rng)));
		wg_port_put(s->L, in, TB_DONE_I, (uint64_t)wg_pick(&s->rng, 2));
		wg_port_put(s->L, in, TB_FREE_I, (uint64_t)pick_free(s));
		wg_port_put(s->L, in, TB_RES_I, (uint64_t)s->res);
		return 1;
	}
	int start = wg_pick(&s->rng, 1000000) < s->k[K_START_PPM];
	int done = s->res > 0 && wg_pct(&s->rng, s->k[K_DONE_PCT]);
	wg_port_put(s->L, in, TB_START_I, (uint64_t)start);
	wg_port_put(s->L, in, TB_OCC_I, (uint64_t)(start ? 1 + wg_pick(&s->rng, M) : (long)wg_rng_next(&s->rng)));
	if (s->cfg.eval_period != 0 && !done && wg_pct(&s->rng, 5))
		done = 1; /* ignored in the periodic modes; res stays (no block completes) */
	else if (done)
		s->res--;
	wg_port_put(s->L, in, TB_DONE_I, (uint64_t)done);
	wg_port_put(s->L, in, TB_FREE_I, (uint64_t)pick_free(s));
	wg_port_put(s->L, in, TB_RES_I, (uint64_t)s->res);
	return 1;
}

/* The dispatcher: a new block when accept_o allows it (resident next cycle). */
static void tbs_observe(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc)
{
	(void)model;
	(void)in;
	(void)cyc;
	tbs_stim *s = st;
	if (s->in_rst)
		return;
	if (wg_port_get(s->L, out, TB_ACCEPT_O) && wg_pct(&s->rng, s->k[K_DISPATCH_PCT]))
		s->res++;
}

static const char *tbs_finish(void *st, long *key, char *buf, size_t n)
{
	(void)st;
	(void)buf;
	(void)n;
	*key = 0; /* random stimulus marks no cycle */
	return NULL;
}

/* ---- the interface ---- */
static size_t tbs_size(const long *p)
{
	(void)p;
	return sizeof(tbs_stim);
}

static const char *tbs_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx,
			    uint64_t seed, char *err, size_t n)
{
	tbs_stim *s = st;
	s->L = L;
	tb_cfg_from_params(&s->cfg, p);
	memcpy(s->k, knobs, sizeof s->k);
	s->rng = wg_rng_seed(seed);
	long T = s->cfg.tfet_regs;
	/* 100 f < DW T  <=>  f <= ceil(DW T / 100) - 1;  100 f > UP T  <=>  f >= floor(UP T / 100) + 1 */
	s->lo_edge = (s->cfg.dw_pct * T + 99) / 100 - 1;
	s->hi_edge = s->cfg.up_pct * T / 100 + 1;
	if (case_idx >= 0) {
		snprintf(err, n, "tuba: no directed cases yet");
		return err;
	}
	return NULL;
}

const wg_stim_def wg_stim_tuba = {
	.block = &wg_block_tuba,
	.knobs = tbs_knobs,
	.nknobs = TBS_NKNOBS,
	.cases = NULL,
	.ncases = 0,
	.size = tbs_size,
	.init = tbs_init,
	.next = tbs_next,
	.observe = tbs_observe,
	.check = NULL,
	.finish = tbs_finish,
};
