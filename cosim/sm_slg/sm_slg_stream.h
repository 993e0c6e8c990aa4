/* sm_slg_stream.h - the per-warp instruction streams of the sm_slg
 * environment (sm_slg_stream.c): a warp's stream depends only on the run
 * seed, its block's index in the run and its index in the block, never on
 * timing, the warp slot it runs in, or the block's parameters (X, Y, ENABLE).
 * docs/sm_slg.md "Streams". */
#ifndef SM_SLG_STREAM_H
#define SM_SLG_STREAM_H

#include <stdint.h>

#include "sm_slg_env.h"

/* One warp's stream, positioned at its next instruction. */
typedef struct sse_stream {
	uint64_t rng;          /* the warp's generator: (seed, block, warp of block) */
	uint64_t bseed;        /* the block's seed: interval base lengths, common to its warps */
	int j;                 /* warp index in the block */
	int ival;              /* current barrier interval, 0..bars */
	long left;             /* compute instructions after the next one in this interval */
	long n;                /* dynamic index of the next instruction */
	int kind;              /* the next instruction: SSE_COMP, SSE_LOAD, SSE_BAR or SSE_EXIT */
	int dep;               /* SSE_LOAD: its consumer is instruction n + dep */
	int lat;               /* SSE_LOAD: memory latency, cycles */
	int announced;         /* SSE_LOAD: its write-back is announced on pend_i */
} sse_stream;

/* Position s at the first instruction of warp j of block blk. */
void sse_stream_start(sse_stream *s, const sse_shape *sh, uint64_t seed, long blk, int j);
/* Move s to the next instruction (after the current one issued). */
void sse_stream_next(sse_stream *s, const sse_shape *sh);

#endif
