/* hrf_sm_stream.h - the per-warp instruction streams of the hrf_sm
 * environment (hrf_sm_stream.c; docs/hrf_sm.md "Streams"). A warp's stream
 * depends only on the run seed, its block's index in the kernel, its index in
 * the block and the profile: never on timing, the SM, or the scheme, so every
 * scheme runs the same instructions.
 *
 * Register lifetimes are the compiler's information the paper's renaming uses
 * (P1 §4.1.1): each source carries a last-use bit (the release hint), set on
 * the read after which the value is dead. Every value is written to a
 * register that holds no live value, so a destination is always a new value
 * (renamed at its first write, released at its last read). Inside a
 * divergent region (two paths, A13) a last use is not released there: its
 * register is listed in the reconvergence instruction's `rel` mask (the first
 * instruction after the region), and no destination of the region reuses it.
 * Loads are never inside a divergent region (decision: one memory request per
 * load instruction). */
#ifndef HRF_SM_STREAM_H
#define HRF_SM_STREAM_H

#include <stdint.h>

#include "hrf_sm_prof.h"

enum { HXS_ALU, HXS_LOAD, HXS_EXIT };
#define HXS_NONE 63     /* no register */
#define HXS_MAX_REGS 63 /* architectural registers 0..62 */

typedef struct hxs_insn {
	uint8_t kind;     /* HXS_ALU, HXS_LOAD, HXS_EXIT */
	uint8_t dst;      /* destination, HXS_NONE for EXIT */
	uint8_t src[3];   /* sources, HXS_NONE when absent (present ones first) */
	uint8_t last;     /* bit j: src[j]'s value dies at this read (its release hint) */
	uint8_t div;      /* 1: inside a divergent region: two paths, each reads and writes */
	uint8_t pieces;   /* HXS_LOAD: 0 an L1 hit, else the 128-byte transactions of the miss */
	uint64_t rel;     /* registers whose last use was in the region that ends before this
	                   * instruction: released at this reconvergence (bit r = register r) */
} hxs_insn;

/* Counts of a generated stream (for the docs' measured shares and the tests). */
typedef struct hxs_sum {
	long insns;       /* instructions before EXIT */
	long loads, misses, uncoalesced, pieces; /* loads, L1 misses, uncoalesced misses, transactions */
	long div;         /* instructions inside divergent regions */
	long reads, last; /* source reads, of them last uses (incl. deferred ones) */
	long once;        /* values read exactly once */
	long values;      /* values written */
	long live_sum;    /* sum over instructions of live values before it (mean = live_sum / insns) */
	int live_max;     /* most live values at once */
} hxs_sum;

/* Write warp j of block blk's stream into out[0..ilen] (ilen instructions and
 * the EXIT); sum (may be NULL) gets its counts. ilen >= 1; the profile's
 * registers 2..HXS_MAX_REGS. */
void hxs_gen(const hxp_profile *p, int ilen, uint64_t seed, long blk, int j, hxs_insn *out, hxs_sum *sum);

/* Check a stream's lifetimes against the rules above: NULL, or the first
 * violation in buf (used by the tests and, on every generated stream, by the
 * environment). */
const char *hxs_check(const hxs_insn *s, int ilen, int regs, char *buf, unsigned n);

#endif
