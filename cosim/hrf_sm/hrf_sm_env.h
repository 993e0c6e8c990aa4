/* hrf_sm_env.h - the GPU around hrf_sm's SMs (docs/hrf_sm.md "The SM
 * environment"): SMS SMs, each the four blocks of the composition (sched2l
 * with GTO or TRWS, memra, rename with TFET classes, tuba) run as C models
 * through their typed APIs and wired as the composition wires them; the
 * off-chip memory shared by the SMs (hrf_sm_mem.h); the block dispatcher;
 * the per-warp streams (hrf_sm_stream.h); the register file's CMOS/TFET
 * timing and leakage modes; and the every-cycle checks. Statistics use it
 * directly (the TRWS priority input exists only in sched2l's C API until the
 * generator can give a port to some configurations only, docs/sched2l.md).
 *
 * Cycle contract per SM (the doc's, made exact here):
 * - rdy_i[w]: the warp is live, has no instruction between issue and the end
 *   of its operand read, every source of its next instruction is written
 *   (scoreboard), and, for EXIT (fin_i), every earlier instruction has written
 *   back; the rename queue holds at most one instruction at the start of the
 *   cycle (a selection at s enters it at the edge of s).
 * - The rename queue (in order) presents its head to the renaming table, held
 *   until op_ready_o: a reconvergence instruction is preceded by a PBR of its
 *   deferred releases (9 per PBR), EXIT is an EXIT operation. A warp's pir
 *   (18 instructions' release hints, one flag word per (block, warp, word):
 *   its pc) is presented in the cycle its instruction enters the queue, or
 *   later while it waits, never with an operation of the same warp.
 * - An INSN's operand read starts the cycle after its completion when one of
 *   OCS collectors is free (oldest first) and lasts 1 cycle, 2 when any
 *   source is TFET, times 2 in a divergent region; the rename stage holds its
 *   next operation while two renamed instructions wait for a collector. The
 *   read's end is reported on rd_done_i (one per cycle, oldest first).
 * - An ALU result is ready ALU_LAT cycles after the read's end. A load's read
 *   end sends it to L1: a hit returns after HIT_LAT; a miss waits for an MSHR
 *   (one load leaves per SM per cycle: memra's ld_i) and returns with its last
 *   piece (memra's done, one per cycle, for the warp's latest load only).
 * - Write-back: a new destination asks the renaming table (ALLOC_PORTS per
 *   cycle, oldest first; a load asks CMOS with the fallback, alc_load_i = 0; alc_tfet_i = want_o at its
 *   rename and want_o now, at most one TFET request per warp per cycle and
 *   none with the warp's ld_i), retried when refused; a mapped destination is
 *   written in place. A write lasts 1 cycle (CMOS) or 2 (TFET) per path; the
 *   value is readable from the cycle after it ends.
 * - memra's grant_i[w] = a port of w granted with alc_tfet_i & alc_tfet_o.
 * - Blocks: dealt round-robin over the SMs, one launch per SM per cycle, into
 *   the lowest free warp slots when resident blocks < the profile's blocks per
 *   SM and (TUBA) tuba's accept_o; a block completes when its warps' EXIT
 *   operations have completed; tuba's done_i follows in the next cycle (its
 *   registers released, free_tfet_o updated). */
#ifndef HRF_SM_ENV_H
#define HRF_SM_ENV_H

#include <stddef.h>
#include <stdint.h>

#include "hrf_sm_energy.h"
#include "hrf_sm_mem.h"
#include "memra.h"
#include "rename.h"
#include "sched2l.h"
#include "tuba.h"
#include "wg_desc.h"

enum {
	HXE_K_PROFILE, HXE_K_SMS, HXE_K_BW, HXE_K_MEM_LAT, HXE_K_MSHRS, HXE_K_HIT_LAT, HXE_K_PIECES, HXE_K_ALU_LAT,
	HXE_K_ILEN, HXE_K_BLOCKS, HXE_K_OCS, HXE_K_WATCHDOG,
	HXE_K_TRWS, HXE_K_TUBA, /* co-simulation only (the statistics' schemes set them) */
	HXE_NKNOBS
};

extern const wg_param_def hxe_knobs[HXE_NKNOBS];

/* A scheme (docs/hrf_sm.md "Schemes"): the composition's parameters and the environment's modes. */
typedef struct hx_scheme {
	const char *name;   /* "baseline", ... */
	int tfet_rows;      /* rename TFET_ROWS (0: all-CMOS file) */
	int cls;            /* rename CLASS: RN_CLS_NONE, RN_CMOS_RA, RN_MEM_RA */
	int trws;           /* 1: sched2l SELECT=TRWS (prio_i = memra prio_o), 0: GTO */
	int tuba;           /* 1: the dispatcher honours tuba's accept_o */
	int all_tfet;       /* 1: every register is TFET (timing and energy), no gating */
	int drowsy;         /* 1: a warp's registers are drowsy while it waits for an off-chip load (A24) */
	int rename_stage;   /* 1: the rename stage's cycle is charged (hybrid schemes) */
} hx_scheme;

/* Counters of a run (all SMs). */
typedef struct hx_stats {
	long t_first, t_last;        /* first launch, last EXIT completion (kernel time = t_last - t_first) */
	uint64_t issued, insns, loads, misses;
	uint64_t rd_cmos, rd_tfet, wr_cmos, wr_tfet; /* warp-register accesses by class */
	double on_cmos, on_tfet, drowsy_cmos;        /* powered / drowsy warp-register cycles over the kernel */
	uint64_t rt_accesses;        /* renaming-table reads and writes (events) */
	uint64_t trqs, tusg;         /* TFET requests (granted, A10) and successful TFET grants */
	uint64_t trqs_sm[HXM_MAX_SMS], tusg_sm[HXM_MAX_SMS];
	uint64_t fallback_tfet, tfet_refused, alloc_stall;
	uint64_t checked_reads;      /* source values checked */
	double err_sum;              /* predictor error sum (A26) */
	uint64_t err_n;
	uint64_t tuba_dec, tuba_inc; /* tuba limit changes */
	/* TUBA diagnostics (every scheme with TFET rows: tuba evaluates whether or not the dispatcher honours it) */
	uint64_t tuba_eval;          /* tuba's evaluations (block completions) */
	uint64_t tuba_lo, tuba_hi;   /* of them with free TFET below DW_PCT / above UP_PCT of TFET_REGS */
	uint64_t tuba_dec10[11];     /* evaluations by free TFET share, tenths (10: all free) */
	uint64_t tuba_held;          /* SM-cycles a block could be dealt but tuba's accept_o refused it (TUBA runs) */
	uint64_t short_cyc;          /* SM-cycles of the kernel with free TFET below DW_PCT (between completions too) */
	double free_tfet_sum;        /* sum over SM-cycles of the kernel of free TFET ids */
	double lim_sum;              /* sum over SM-cycles of tuba's limit (TUBA runs) */
	uint64_t lim_n;
	uint64_t mem_lat_sum, mem_loads; /* off-chip latency */
	uint64_t blocks_done;
	uint64_t cycles;
	uint64_t rn_ops, rn_wait;    /* SM-cycles with an operation at the renaming table; of them waiting */
	uint64_t iss_cycles;         /* SM-cycles with a selection */
	/* TRWS/TUBA diagnostics, over the kernel (first launch to last EXIT), per SM-cycle: */
	uint64_t k_cycles;           /* SM-cycles of the kernel */
	double res_warps;            /* sum of resident warps (the scheduler's, after EXITs and launches) */
	uint64_t idle_res;           /* no selection while a warp is resident (none ready) */
	uint64_t idle_empty;         /* no warp resident (before the first launch or after the last block) */
	uint64_t drain;              /* fewer resident blocks than the occupancy and no block left to deal */
	uint64_t rq_full;            /* SM-cycles with a ready warp held back by a full rename queue */
	double occ_sum;              /* sum over SM-cycles of the kernel of the occupied physical ids */
	int occ_max;                 /* the most at once in one SM */
} hx_stats;

/* The configurations of an SM's four models. */
typedef struct hx_cfgs {
	s2l_cfg s;                   /* scheduler */
	mr_cfg m;                    /* predictor */
	rn_cfg r;                    /* renaming table */
	tb_cfg t;                    /* block limiter */
} hx_cfgs;

/* P1's sizes (48 warps, 63 registers, 1024 physical registers, a table entry per (warp,
 * register), 8 table banks) for a scheme: what the statistics run. */
void hx_cfgs_p1(hx_cfgs *c, const hx_scheme *s);
/* The configurations the composition hrf_sm binds for its parameters p (HRF_NPARAMS values). */
void hx_cfgs_of_params(hx_cfgs *c, const long *p);

/* SM 0's outputs of a cycle as the environment's evaluation saw them (frame mode): compared with
 * the composed model's output frame (hx_frame_observe). */
typedef struct hx_view {
	s2l_out so;
	mr_out mo;
	rn_out ro;
	tb_out to;
	int valid;                   /* 1: a cycle out of reset was evaluated */
} hx_view;

typedef struct hx_env hx_env;

/* A new environment for the scheme, configurations (NULL: hx_cfgs_p1), knobs (HXE_NKNOBS values)
 * and seed: NULL with a one-line error in err (bad knob: exit 2 for the caller). */
hx_env *hx_new(const hx_scheme *s, const hx_cfgs *cf, const long *knobs, uint64_t seed, char *err, size_t n);

/* Co-simulation (frame mode): an environment whose SM 0 is the composed block hrf_sm with
 * parameters p and frame layout L, driven through its input frame; SMs 1..SMS-1 are the
 * environment's own models (they share the memory). The scheme: CLASS and TFET_ROWS of p, TRWS
 * and TUBA from the knobs. A new kernel starts (a reset of every SM) when the last block leaves. */
hx_env *hx_new_frame(const long *p, const wg_layout *L, const long *knobs, uint64_t seed, char *err, size_t n);
/* Fill the (zeroed) input frame of cycle cyc; model: the composed C model before the edge (its
 * instances are read, never changed). The environment's edge of the cycle happens here too. */
void hx_frame_next(hx_env *e, const void *model, uint32_t *in, long cyc);
/* The composed model's outputs of the cycle: must agree with what the environment reacted to. */
void hx_frame_observe(hx_env *e, const uint32_t *out, long cyc);
/* Frame mode: SM 0's view of the last cycle (NULL before the first kernel). */
const hx_view *hx_frame_view(const hx_env *e);
void hx_free(hx_env *e);
/* Run until the kernel's blocks have all completed, at most max_cycles: 0, or 1 with the first
 * failed check (or the cycle cap) in hx_error. */
int hx_run(hx_env *e, long max_cycles);
const char *hx_error(const hx_env *e);
const hx_stats *hx_get_stats(const hx_env *e);
/* The profile's U (warp-registers of the static allocation, per SM) and kernel warps. */
int hx_u(const hx_env *e);

#endif
