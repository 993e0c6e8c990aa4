/* sm_slg_stream.c - knobs, workload profiles (P2 Table II) and the per-warp
 * instruction streams of the sm_slg environment (sm_slg_stream.h,
 * docs/sm_slg.md "Profiles", "Streams"). */
#include "sm_slg_stream.h"

#include <stddef.h>

#include "wg_kit.h"

const wg_param_def sse_knobs[SSE_NKNOBS] = {
	[SSE_K_PROFILE] = {"PROFILE", SSE_PR_DYNPROC, 0, SSE_NPROF - 1, NULL,
		"workload: 0 DYNPROC, 1 SCAN, 2 GAUSSIAN, 3 LPS, 4 BACKPROP, 5 SRAD", "P2 Table II"},
	[SSE_K_Z] = {"Z", 5, 1, 40, NULL, "pipeline stages between selection and register read", "P2 §IV-B: 3, 5, 10, 20"},
	[SSE_K_WPB] = {"WPB", -1, -1, 64, NULL, "warps per block (-1: the profile's, at most WARPS)", "P2 Table II"},
	[SSE_K_BLOCKS] = {"BLOCKS", -1, -1, 100000, NULL, "blocks on this SM (-1: ceil(P2 blocks / 30 shaders))",
		"P2 Table I, II"},
	[SSE_K_BARS] = {"BARS", -1, -1, 100000, NULL, "barriers per block (-1: P2's syncs, scaled to WORK)", "P2 Table II"},
	[SSE_K_ILEN] = {"ILEN", -1, -1, 100000, NULL, "mean compute instructions per warp per interval (-1: profile)",
		"assumed"},
	[SSE_K_IMB] = {"IMB", -1, -1, 100, NULL, "work imbalance between a block's warps, % (-1: profile)", "assumed"},
	[SSE_K_LD_PCT] = {"LD_PCT", -1, -1, 100, NULL, "% loads among compute instructions (-1: profile)", "assumed"},
	[SSE_K_LD_LAT] = {"LD_LAT", 200, 1, 10000, NULL, "mean load latency, cycles (uniform in [LAT/2, 3LAT/2])",
		"assumed (GPGPU-Sim Quadro-class DRAM latency)"},
	[SSE_K_LD_DEP] = {"LD_DEP", 4, 1, 1000, NULL, "mean distance from a load to its consumer, instructions", "assumed"},
	[SSE_K_PEND_PCT] = {"PEND_PCT", 100, 0, 100, NULL, "% of loads whose write-back is announced on pend_i", "B7"},
	[SSE_K_WORK] = {"WORK", 65536, 64, 100000000, NULL,
		"run budget, warp-instructions per SM: scales the barriers per block", "decision (run length)"},
	[SSE_K_LOOP] = {"LOOP", 1, 0, 1, NULL, "1: start the kernel again when its last block has left", "stimulus"},
	[SSE_K_RESET_PPM] = {"RESET_PPM", 20, 0, 1000000, NULL, "mid-run resets per million cycles", "stimulus"},
	[SSE_K_FRONT] = {"FRONT", SSE_FE_WARP, 0, 1, NULL,
		"0: a waking read holds up its warp only (B4); 1: the in-order front end stands still behind it",
		"B4; P2 §III, §IV-B reasoning"},
	[SSE_K_PARTIAL_PCT] = {"PARTIAL_PCT", 0, 0, 100, NULL,
		"% of launched blocks whose last warp is partial: launch_size_i 1..31 threads short of 32 per warp",
		"stimulus (W-P2-8)"},
};

/* P2 Table II, copied (kernels, thread blocks, warps/block, syncs per thread); the rest assumed. */
static const sse_profile sse_profiles[SSE_NPROF] = {
	[SSE_PR_DYNPROC] = {"DYNPROC", 52, 52, 16, 78, 10, SSE_UNIFORM, 40, 3,
		"pathfinder: short rows of work between syncs, boundary threads idle, few loads"},
	[SSE_PR_SCAN] = {"SCAN", 1, 64, 8, 19, 12, SSE_TREE, 0, 2,
		"up/down-sweep scan: the working warps halve at every level"},
	[SSE_PR_GAUSSIAN] = {"GAUSSIAN", 16, 16, 8, 4, 120, SSE_UNIFORM, 40, 8,
		"Fan kernels: long loops between few syncs, row-dependent work"},
	[SSE_PR_LPS] = {"LPS", 1, 1024, 4, 2048, 12, SSE_UNIFORM, 40, 6,
		"Laplace 3-D: a plane per iteration, halo threads load more"},
	[SSE_PR_BACKPROP] = {"BACKPROP", 2, 1024, 8, 4, 30, SSE_TREE, 0, 5,
		"layer forward: a shared-memory reduction tree"},
	[SSE_PR_SRAD] = {"SRAD", 4, 64, 8, 4, 60, SSE_UNIFORM, 40, 6,
		"SRAD: stencil phases between syncs, border blocks uneven"},
};

#define SSE_SHADERS 30 /* P2 Table I: the run's blocks are spread over 30 shaders */

const sse_profile *sse_profile_get(int prof)
{
	return prof >= 0 && prof < SSE_NPROF ? &sse_profiles[prof] : NULL;
}

static long knob_or(const long *k, int i, long def) { return k[i] >= 0 ? k[i] : def; }

void sse_shape_of(sse_shape *s, const long *k, int warps)
{
	const sse_profile *p = sse_profile_get((int)k[SSE_K_PROFILE]);
	s->prof = (int)k[SSE_K_PROFILE];
	s->wpb = (int)knob_or(k, SSE_K_WPB, p->wpb);
	if (s->wpb > warps)
		s->wpb = warps;
	if (s->wpb < 1)
		s->wpb = 1;
	s->blocks = (int)knob_or(k, SSE_K_BLOCKS, (p->blocks + SSE_SHADERS - 1) / SSE_SHADERS);
	if (s->blocks < 1)
		s->blocks = 1;
	s->ilen = (int)knob_or(k, SSE_K_ILEN, p->ilen);
	s->shape = p->shape;
	s->imb = (int)knob_or(k, SSE_K_IMB, p->imb);
	s->ld_pct = (int)knob_or(k, SSE_K_LD_PCT, p->ld_pct);
	s->ld_lat = (int)k[SSE_K_LD_LAT];
	s->ld_dep = (int)k[SSE_K_LD_DEP];
	s->pend_pct = (int)k[SSE_K_PEND_PCT];
	if (k[SSE_K_BARS] >= 0) {
		s->bars = (int)k[SSE_K_BARS];
	} else { /* P2's syncs, fewer when the run would exceed the budget (LPS: 2048) */
		long per = (long)s->blocks * s->wpb * (s->ilen > 0 ? s->ilen : 1);
		long fit = k[SSE_K_WORK] / per - 1;
		s->bars = (int)(fit < p->syncs ? fit : p->syncs);
		if (s->bars < 1)
			s->bars = 1;
	}
	s->work = (long)s->blocks * s->wpb * (s->bars + 1L) * s->ilen;
}

/* ---- streams ---- */

static uint64_t mix64(uint64_t x)
{
	x += UINT64_C(0x9E3779B97F4A7C15);
	x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
	return x ^ (x >> 31);
}

/* Uniform in [0, 1) from 53 bits. */
static double unit(uint64_t x) { return (double)(x >> 11) * (1.0 / 9007199254740992.0); }

/* The base length of interval i of a block: ilen x [0.5, 1.5), common to its warps. */
static long base_len(const sse_stream *s, const sse_shape *sh, int i)
{
	return (long)((double)sh->ilen * (0.5 + unit(mix64(s->bseed ^ mix64((uint64_t)i + 1)))) + 0.5);
}

static int levels(int wpb)
{
	int l = 1;
	while ((1 << (l - 1)) < wpb)
		l++;
	return l; /* 8 warps: 4 levels (8, 4, 2, 1 working warps) */
}

/* Compute instructions of this warp in interval i (drawn from its own generator). */
static long interval_len(sse_stream *s, const sse_shape *sh, int i)
{
	long b = base_len(s, sh, i);
	if (sh->shape == SSE_TREE) {
		int lv = i % levels(sh->wpb);
		int working = sh->wpb >> lv;
		if (working < 1)
			working = 1;
		if (s->j < working)
			return (long)((double)b * (0.9 + 0.2 * unit(wg_rng_next(&s->rng))) + 0.5);
		return wg_pick(&s->rng, 3); /* the loop test of an idle warp: 0..2 instructions */
	}
	return (long)((double)b * (1.0 - (double)sh->imb / 100.0 * unit(wg_rng_next(&s->rng))) + 0.5);
}

/* Decide the kind (and load fields) of the instruction at the current position. */
static void decide(sse_stream *s, const sse_shape *sh)
{
	if (s->left > 0) {
		s->left--;
		s->kind = SSE_COMP;
		if (wg_pct(&s->rng, sh->ld_pct)) {
			s->kind = SSE_LOAD;
			s->dep = 1 + (int)wg_pick(&s->rng, 2 * sh->ld_dep - 1);
			s->lat = (int)(sh->ld_lat / 2 + wg_pick(&s->rng, sh->ld_lat + 1));
			if (s->lat < 1)
				s->lat = 1;
			s->announced = wg_pct(&s->rng, sh->pend_pct);
		}
		return;
	}
	if (s->ival < sh->bars) {
		s->kind = SSE_BAR;
		return;
	}
	s->kind = SSE_EXIT;
}

void sse_stream_start(sse_stream *s, const sse_shape *sh, uint64_t seed, long blk, int j)
{
	s->bseed = mix64(seed ^ mix64(((uint64_t)blk << 8) + 0x51));
	s->rng = mix64(s->bseed ^ mix64((uint64_t)j + 0x1000));
	if (!s->rng)
		s->rng = 1;
	s->j = j;
	s->ival = 0;
	s->n = 0;
	s->left = interval_len(s, sh, 0);
	decide(s, sh);
}

void sse_stream_next(sse_stream *s, const sse_shape *sh)
{
	if (s->kind == SSE_EXIT)
		return;
	if (s->kind == SSE_BAR) {
		s->ival++;
		s->left = interval_len(s, sh, s->ival);
	}
	s->n++;
	decide(s, sh);
}
