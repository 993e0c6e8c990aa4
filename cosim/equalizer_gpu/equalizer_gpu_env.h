/* equalizer_gpu_env.h - a small, seeded GPU performance model around the composed
 * block equalizer_gpu (SMS per-SM `equalizer` copies + one `vf_manager`,
 * csim/equalizer_gpu.h): it drives the composition's inputs from its
 * outputs (docs/equalizer.md "The GPU composition").
 *
 *  - SMs: WARPS warps each, CTAs of W_cta warps (slot s owns warps
 *    s*W_cta .. s*W_cta+W_cta-1; knob SLOT_REV: slot kmax-1-s does); two schedulers (even / odd warps), at most
 *    two issues and one memory issue per SM cycle; only warps whose CTA is
 *    not paused issue. A warp's next instruction depends on its previous one:
 *    an ALU instruction's result after ALU_LAT cycles, a load's when it
 *    returns (hit: HIT_LAT, miss: MEM_LAT). With knob BAR, every BAR-th
 *    instruction of a warp is followed by a barrier (hbar_i, not ready) that
 *    opens when every warp of its CTA with instructions left has reached it.
 *  - Per SM an LD/ST queue of LSUQ entries (lsu_full_i when full); its head
 *    leaves one per cycle: an L1 hit at once, a miss when an MSHR is free
 *    (MSHRS per SM) and the GPU-wide memory has bandwidth (MEM_BW / 1000 requests per cycle per SM, served
 *    round-robin over the SMs). The L1 hit rate of a cache-sensitive kernel
 *    falls when more CTAs run than fit (hit x FIT / running CTAs).
 *  - Frequencies: the SM level scales the SM cycles per composition cycle
 *    (0.85 / 1 / 1.15, a fractional accumulator: issue slots), the memory
 *    level scales the bandwidth and divides the miss latency the same way.
 *  - The work distributor (GWDE): a pool of CTAS x SMS CTAs per kernel; a
 *    cta_req_o reserves one and launches it GWDE_LAT cycles later into the
 *    lowest free slot; CTAs finish when their warps have executed their
 *    instructions (cta_done_i, one per cycle); a kernel starts on every SM
 *    in the same cycle (kstart_i) KGAP cycles after the last CTA of the
 *    previous one finished.
 *  - Kernel profiles (eqe_profile_name): compute, memory, cache-sensitive,
 *    unsaturated, imbalanced (the first CTA is LONG times longer), phase
 *    (memory for PHASE epochs, then unsaturated); MIX picks one per kernel.
 *
 * Checks every cycle (the first failure is latched, eqe_error): the
 * block's CTA controller follows the contract (cta_valid_o, cta_paused_o,
 * wpause_o and cta_req_o equal the environment's mirror of the slots: pause
 * the youngest, unpause the oldest, request when short), numBlocks within
 * [1, kmax], the SMs' decisions in the same cycle (aligned epochs), at most
 * one VF domain off nominal, no level 3, a decision for an epoch that ended
 * with no kernel (kmax_i = 0) is 0 / NONE (docs/equalizer.md decision 10), and progress (an issue or a memory
 * return at least every WATCHDOG cycles while warps have work). */
#ifndef EQG_ENV_H
#define EQG_ENV_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

/* Knobs (--knob NAME=VALUE). */
enum {
	EQE_K_PROFILE,    /* kernel profile, EQE_PR_* */
	EQE_K_KLEN,       /* instructions per warp of a CTA */
	EQE_K_CTAS,       /* CTAs per kernel per SM (pool = CTAS x SMS) */
	EQE_K_WCTA,       /* warps per CTA, 0: WARPS / MAX_CTAS */
	EQE_K_ALU_LAT,    /* 0: the profile's ALU dependence latency */
	EQE_K_HIT_LAT,    /* L1 hit latency */
	EQE_K_MEM_LAT,    /* miss latency at the nominal memory level */
	EQE_K_MEM_BW,     /* memory requests per 1000 cycles per SM (GPU-wide: x SMS) at the nominal level */
	EQE_K_LSUQ,       /* LD/ST queue entries per SM */
	EQE_K_MSHRS,      /* L1 misses in flight per SM (the queue head waits for one) */
	EQE_K_GWDE_LAT,   /* cycles from cta_req_o to the launch (at most; seeded) */
	EQE_K_KGAP,       /* cycles between a kernel's end and the next kstart */
	EQE_K_PHASE,      /* phase profile: epochs of the first (memory) phase */
	EQE_K_LONG,       /* imbalanced profile: the first CTA's length factor */
	EQE_K_RESET_PPM,  /* mid-run resets per million cycles */
	EQE_K_WATCHDOG,   /* cycles without progress that fail the run */
	EQE_K_BAR,        /* a barrier every BAR instructions of a warp, 0: none */
	EQE_K_SLOT_REV,   /* 1: a kernel's CTA j of kmax in slot kmax-1-j (warp 0 in the last slot) */
	EQE_NKNOBS
};

extern const wg_param_def eqe_knobs[EQE_NKNOBS];

/* Profiles (knob PROFILE). */
enum { EQE_PR_MIX, EQE_PR_COMPUTE, EQE_PR_MEMORY, EQE_PR_CACHE, EQE_PR_UNSAT, EQE_PR_IMBALANCE, EQE_PR_PHASE,
       EQE_NPROF };

const char *eqe_profile_name(int pr);

#define EQE_MAX_SMS 32

/* One epoch as the SMs decided it (valid after eqe_observe when eqe_epoch_new). */
typedef struct eqe_epoch {
	long idx;                       /* epochs completed so far, from 1 */
	long cyc;                       /* the cycle of dec_valid_o */
	int sms;                        /* SMS */
	int kmax;                       /* kmax_i when the epoch ended (the cycle before the decision); 0: no kernel */
	uint8_t nblocks[EQE_MAX_SMS];   /* nblocks_o per SM in that cycle */
	int8_t delta[EQE_MAX_SMS];      /* -1, 0, +1 */
	uint8_t vote[EQE_MAX_SMS];      /* 0 none, 1 COMP, 2 MEM */
	uint8_t ctas[EQE_MAX_SMS];      /* CTAs resident (paused included) */
	int sm_level, mem_level;        /* VF levels in that cycle (VFM_*) */
	unsigned win;                   /* the manager's winning request (vf_o bits) */
	uint64_t issued;                /* warp instructions issued in the epoch (all SMs) */
	long cycles;                    /* cycles of the epoch */
	int kernel_profile;             /* profile of the running kernel (EQE_PR_*), -1 none */
	int phase;                      /* phase profile: 0 first, 1 second */
} eqe_epoch;

/* Counters of a run (reset cycles excluded). */
typedef struct eqe_stats {
	uint64_t cycles;                /* cycles observed */
	uint64_t issued, mem_issued;    /* warp instructions issued, of them memory */
	uint64_t hits, misses;          /* memory instructions by L1 outcome */
	uint64_t launches, dones;       /* CTAs launched, finished */
	uint64_t kernels;               /* kernels started */
	uint64_t kernels_done;          /* kernels finished */
	uint64_t epochs;                /* decisions (aligned dec_valid_o cycles) */
	uint64_t level_cyc[2][3];       /* cycles at each level: [0] SM, [1] memory; NORMAL, HIGH, LOW */
	uint64_t paused_cyc;            /* SM-cycles with a paused CTA */
	uint64_t lsu_full_cyc;          /* SM-cycles with the LD/ST queue full */
	uint64_t resets;                /* mid-run resets */
} eqe_stats;

typedef struct eqg_env eqg_env;

size_t eqe_size(const long *p);
/* e: zeroed memory of eqe_size(p) bytes; p: EQG_NPARAMS values, L: the
 * composition's layout; knobs: EQE_NKNOBS values. */
const char *eqe_init(eqg_env *e, const long *p, const wg_layout *L, const long *knobs, uint64_t seed, char *err,
		     size_t n);
/* Fill the (zeroed) input frame of cycle cyc. */
void eqe_drive(eqg_env *e, uint32_t *in, long cyc);
/* This cycle's outputs (before the edge): checks, then the environment's edge. */
void eqe_observe(eqg_env *e, const uint32_t *in, const uint32_t *out, long cyc);
/* After eqe_init: the baseline GPU, no Equalizer (Sethia 2015 §3.5.2): the environment is its own CTA
 * controller at numBlocks = kmax (the GWDE's default: as many CTAs as fit, none paused), both VF
 * domains at nominal; eqe_observe reads no output (give it a zeroed frame; no model need run). */
void eqe_set_baseline(eqg_env *e);
const char *eqe_error(const eqg_env *e);
const eqe_stats *eqe_get_stats(const eqg_env *e);
/* 1 when this cycle's eqe_observe saw a decision; *ep is then that epoch. */
int eqe_epoch_new(const eqg_env *e, const eqe_epoch **ep);
/* Kernel state: the running kernel's profile (-1 none) and its kmax. */
int eqe_kernel(const eqg_env *e, int *kmax);

#endif
