/* rename_env.h - a synthetic streaming multiprocessor around the register
 * renaming table `rename` (csim/rename.h, docs/rename.md).
 *
 * The environment plays everything the block does not contain: kernel
 * launches (synthetic kernels of cosim/rename/rename_kernel.h, one per launch, each from
 * the next seed; shape from knobs, a Table 3 profile or a caller's shape), the
 * per-warp walkers (pbr, pir, instructions, exit), a warp scheduler (loose
 * round-robin, greedy, or two-level with an active set), a per-warp
 * scoreboard (RAW/WAW on outstanding writes; a PBR waits until none of its
 * registers has one; EXIT until every instruction of the warp has
 * completed), the operand collector (rd_done OC_LAT cycles after rename, one
 * per cycle, a FIFO), functional units (ALU, SFU, long-latency loads), the
 * write-back with its allocation requests (one cycle before the write of a
 * destination marked op_dst_new_o, retried while refused), and a register
 * file model indexed by physical id.
 *
 * It checks, every cycle: every source operand read (at rd_done) finds the
 * value the warp last wrote to that architectural register (a token of
 * (warp, register, write count)); every read and write names a powered
 * register (reg_on_o, spec C18); the model raises no protocol violation;
 * something progresses at least every LL_LAT + 2000 cycles. The first
 * failure is latched (rne_error).
 *
 * Timing (spec §7, docs/rename.md): an instruction renamed (op_ready_o) in
 * cycle t has its operands read at the earliest in t + OC_LAT (rd_done_i,
 * FIFO, one per cycle); executes for its class latency L from that cycle r;
 * writes back at r + L: a new destination requests allocation at r + L - 1
 * (retrying while refused) and writes in the cycle after its grant; the
 * scoreboard bit clears for the cycle after the write. */
#ifndef RN_ENV_H
#define RN_ENV_H

#include <stddef.h>
#include <stdint.h>

#include "rename.h"
#include "rename_kernel.h"
#include "wg_desc.h"

/* Knobs of the environment (same shape as parameters: --knob NAME=VALUE). */
enum {
	RNE_K_SCHED,      /* 0 loose round-robin, 1 greedy, 2 two-level (active set ACTIVE) */
	RNE_K_ACTIVE,     /* two-level scheduler: active set size (paper: 6) */
	RNE_K_PROFILE,    /* 0: shape from the knobs; k > 0: Table 3 profile k-1; -1: rotate the profiles */
	RNE_K_KWARPS,     /* warps of a kernel (0: WARPS; a launch uses min(WARPS, this, what fits)) */
	RNE_K_REGS_MIN,   /* registers per thread of a kernel: drawn in REGS_MIN..REGS_MAX (clipped to REGS) */
	RNE_K_REGS_MAX,
	RNE_K_INSNS,      /* static instructions of a kernel (target) */
	RNE_K_IF_PCT,     /* % of constructs that are if/else */
	RNE_K_LOOP_PCT,   /* % of constructs that are loops */
	RNE_K_DIV_PCT,    /* % of branch instances that diverge */
	RNE_K_TRIP,       /* mean loop trip count */
	RNE_K_LD_PCT,     /* % long-latency loads */
	RNE_K_LONG_PCT,   /* % long-lived registers */
	RNE_K_REUSE_PCT,  /* % of reads of a recently written value */
	RNE_K_OC_LAT,     /* rename to operand read (cycles, >= 1) */
	RNE_K_ALU_LAT,    /* ALU / store latency */
	RNE_K_SFU_LAT,    /* SFU latency */
	RNE_K_LL_LAT,     /* long-latency load: mean latency */
	RNE_K_LL_SPREAD,  /* long-latency load: latency drawn in LL_LAT +- LL_SPREAD */
	RNE_K_BURST_PCT,  /* % of loads that return at the next burst boundary (many allocations at once) */
	RNE_K_ALC_BLOCK_PCT, /* % of cycles with fewer allocation ports usable (port pressure) */
	RNE_K_OVERSUB_PCT,/* % of kernels launched with kw * kr > PHYS_REGS (oversubscription, spec §2.8) */
	RNE_K_RESET_PPM,  /* mid-run resets per million cycles */
	RNE_K_KERNELS,    /* kernels to run (0: relaunch for ever); then rne_finished() */
	RNE_K_BAD_HINT,   /* negative testing: every pir flag set (the data check must fail) */
	RNE_K_WAVES,      /* thread blocks run in each warp slot per kernel (later ones start as earlier ones exit) */
	RNE_K_DUP_HINT_PCT, /* % of instructions whose pir flags also carry bits the block ignores (A13, A14) */
	RNE_K_PC_SPREAD,  /* 1: each kernel's code at a random base address within PC_BITS */
	RNE_K_EXEMPT_PCT, /* % of kernels exempting min(EXEMPT, N-1) registers, not only what the table needs */
	RNE_K_PAIRED,     /* 1: timing draws hashed from (kernel, warp, instruction) / (kernel, cycle), not the stream */
	RNE_K_NORENAME,   /* 1: no renaming (pbr/pir words skipped; the caller plays a static register file) */
	RNE_K_NO_HINTS,   /* negative testing of stats rename: no release hints (pir flags 0, pbr words skipped) */
	RNE_NKNOBS
};

extern const wg_param_def rne_knobs[RNE_NKNOBS];

enum { RNE_SCHED_RR = 0, RNE_SCHED_GREEDY = 1, RNE_SCHED_2L = 2 };

#define RNE_MAX_WR 64        /* register-file writes in one cycle (a view's list) */

/* What happened in the current cycle (valid after rne_observe). */
typedef struct rne_view {
	long cyc;                  /* the cycle */
	int reset;                 /* rst_i driven */
	int launch;                /* kl_valid_i driven (kernel shape: rne_shape) */
	int op_warp, op_kind;      /* operation driven (-1: none) */
	int op_done;               /* it completed (op_ready_o) */
	int pir_warp;              /* pir driven (-1: none) */
	int pir_taken, pir_hit;    /* pir_ready_o, pir_hit_o */
	int rd_warp;               /* rd_done_i driven for this warp (-1: none) */
	int nalc, ngnt;            /* allocation requests driven, granted */
	int nwr;                   /* register-file writes this cycle */
	int wr_warp[RNE_MAX_WR];   /* ... warp */
	int wr_reg[RNE_MAX_WR];    /* ... architectural register (for the baseline's placement w*N + r) */
	int wr_pid[RNE_MAX_WR];    /* ... physical id written */
	int occ;                   /* popcount of reg_on_o this cycle */
} rne_view;

/* Counters of a run (cycles with rst_i = 1 excluded). */
typedef struct rne_stats {
	uint64_t cycles;           /* cycles observed */
	uint64_t launches;         /* kernel launches */
	uint64_t kernels_done;     /* kernels whose warps all exited */
	uint64_t resets;           /* mid-run resets */
	uint64_t oversub;          /* launches with kw * kr > PHYS_REGS */
	uint64_t renamed;          /* INSN operations completed */
	uint64_t pbrs, exits;      /* PBR / EXIT operations completed */
	uint64_t pirs, pir_hits;   /* pirs taken, of which hits */
	uint64_t pir_stalls;       /* cycles a pir was refused (every cache entry pinned) */
	uint64_t op_wait[4];       /* cycles an operation waited, by op_wait_o */
	uint64_t alc_req;          /* allocation requests driven (retries included) */
	uint64_t allocs;           /* granted */
	uint64_t alc_stalls;       /* refused */
	uint64_t frees;            /* ev_o free summed */
	uint64_t writes;           /* register-file writes */
	uint64_t reads_checked;    /* source operands compared with the register-file model */
	uint64_t rel;              /* released sources (op_rel_o) */
	uint64_t occ_sum;          /* sum over cycles of popcount(reg_on_o) */
	int peak_occ;              /* peak popcount(reg_on_o) */
	long longest_alc_stall;    /* longest wait of one allocation request (cycles) */
	uint64_t ev[RN_NEVENTS];   /* ev_o summed */
} rne_stats;

typedef struct rn_env rn_env;

/* Bytes of an environment for block parameters p (RN_NPARAMS values). */
size_t rne_size(const long *p);
/* e: zeroed memory of rne_size(p) bytes. knobs: RNE_NKNOBS values. shape: NULL
 * (kernel shapes from the knobs / PROFILE), or every kernel uses this shape
 * (regs, warps, code; rt_entries is set from RT_ENTRIES; seeds differ per
 * kernel). Returns NULL, or a one-line error in err. */
const char *rne_init(rn_env *e, const long *p, const long *knobs, const rnk_shape *shape, uint64_t seed,
		     char *err, size_t n);
/* rnk_shape.uses of the kernels generated from here on (profiles and knob shapes; not a caller's
 * shape): 1 bounds the reads of each temporary value (warpgen stats rename) and keeps a profile's
 * W*N <= PHYS_REGS as for knob shapes (the static register file of the run without renaming must
 * hold the kernel); 2 as 1, with a profile's address/condition registers (rnk_shape.gpr) read once
 * by the next instruction (--lifetimes table3); 0 (after rne_init) keeps the stream of the
 * co-simulation. Not a knob: the knob
 * table is at WG_MAX_PARAMS. */
void rne_set_uses(rn_env *e, int uses);
/* A bounded memory bandwidth (warpgen stats rename --mem-gap): from here on the loads return in
 * the order they issue, at least gap cycles apart (0, the default: each load its own latency).
 * 8 is GTX480's 177.4 GB/s / 700 MHz / 15 SMs for a 128-byte warp load. Not a knob (the knob
 * table is at WG_MAX_PARAMS): the co-simulation does not use it. */
void rne_set_mem_gap(rn_env *e, long gap);
/* Assert rst_i in cycle cyc as well (cycle 0 is always a reset). */
void rne_force_reset(rn_env *e, long cyc);

/* Fill this cycle's inputs (in: zeroed); m: the C model before its edge. */
void rne_drive(rn_env *e, const rn_model *m, rn_in *in, long cyc);
/* This cycle's outputs, after the model's eval and before its edge (m: that model, or NULL:
 * then the check that a written source is mapped at rename is skipped). */
void rne_observe(rn_env *e, const rn_model *m, const rn_in *in, const rn_out *out, long cyc);

/* The first failed check ("cycle C: ..."), or NULL; *cyc gets its cycle. */
const char *rne_error(const rn_env *e, long *cyc);
const rne_stats *rne_get_stats(const rn_env *e);
const rne_view *rne_now(const rn_env *e);
/* The running kernel (NULL before the first launch) and its launched shape. */
const rnk_kernel *rne_kernel(const rn_env *e);
void rne_shape(const rn_env *e, int *kw, int *kr, int *ke);
/* This cycle's allocation request on port k (after rne_drive) writes a load's destination (the
 * memory pipeline's write-back: the TFET classes' alc_load_i, docs/rename.md). */
int rne_req_load(const rn_env *e, int k);
/* KERNELS knob reached: every kernel asked for has completed (no more input). */
int rne_finished(const rn_env *e);
/* Cycles since the last progress. */
long rne_quiet(const rn_env *e);

/* Frames <-> typed structs for a layout of wg_block_rename (c: the block's
 * configuration). */
void rne_pack_in(const wg_layout *L, const rn_cfg *c, const rn_in *in, uint32_t *frame);
void rne_unpack_out(const wg_layout *L, const rn_cfg *c, const uint32_t *frame, rn_out *out);

#endif
