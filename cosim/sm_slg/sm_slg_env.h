/* sm_slg_env.h - a synthetic shader (SM) around the composed block sm_slg
 * (round-robin warp scheduler + sync-aware power-gating controller,
 * csim/sm_slg.h; Jooya & Baniasadi DATE'13).
 *
 * The environment plays everything the block does not contain: thread
 * blocks (CTAs) launched into free CTA slots as warps free up, per-warp
 * instruction streams (barrier intervals of compute instructions with
 * per-warp work imbalance, some long-latency loads, bar.sync, EXIT), the
 * front end between selection and register read (Z stages), the
 * scoreboard of the loads, their write-backs, and the EXIT prologue that
 * retires the scheduler's reset warps. It drives the block through its port
 * frames only, so the same code serves co-simulation and statistics.
 *
 * Cycle contract (docs/sm_slg.md "The SM environment"):
 * - An instruction selected (iss_*_o) at cycle s that reads registers (a
 *   compute instruction or a load) asks for its operand read at s + Z
 *   (acc_i) and reads at the first cycle r >= s + Z with ok_o = 1; its
 *   stall is r - (s + Z). The warp has one instruction in the front end: it
 *   is not ready (rdy_i = 0) from s + 1 through r, ready again at r + 1.
 * - bar.sync selected at s: arr_i at s + 1, not ready at s + 1; it waits
 *   (wait_o) until its CTA's release (rel_o at cycle r: ready at r + 1).
 *   While it waits rdy_i shows its next instruction's readiness and the
 *   scheduler's bar_i (= wait_o) keeps it from being selected.
 * - A load reads like a compute instruction; its data returns LAT cycles
 *   after the read, when its write-back asks (acc_i) until ok_o; pend_i is
 *   high from the cycle after the read through the write-back (for the loads
 *   the PEND_PCT knob announces). Its consumer (DEP instructions later) and
 *   the warp's EXIT wait for the write-back.
 * - EXIT selected at s: the warp leaves at the edge of s; when the CTA's
 *   last warp has left, its CTA slot and warps are free from s + 1.
 * Checks every cycle (the first failure is latched, sse_error): no register
 * access while the region's ok_o is low or its mode_o is not ACTIVE; every
 * wake ends (ok_o rises) exactly when the contract says (X from SLG1, Y from
 * SLG2, t + X from the SLG2 -> SLG1 move with t cycles left), never
 * otherwise; a region sleeps only while its warp waits with nothing
 * pending; every operand read's stall is max(0, wake - Z) and every
 * write-back's max(0, wake) (P2 Table III), wake counted from the request;
 * wait_o, resident_o and ext_*_o agree with the environment; no selection of
 * a waiting or unready warp; no progress for WATCHDOG cycles is a deadlock. */
#ifndef SM_SLG_ENV_H
#define SM_SLG_ENV_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

/* Knobs (same shape as parameters: --knob NAME=VALUE); -1 = the profile's value. */
enum {
	SSE_K_PROFILE,   /* workload profile (P2 Table II benchmark), SSE_PR_* */
	SSE_K_Z,         /* pipeline stages between selection and register read */
	SSE_K_WPB,       /* warps per block (-1: profile) */
	SSE_K_BLOCKS,    /* blocks of the run on this SM (-1: profile) */
	SSE_K_BARS,      /* barriers per block (-1: profile, scaled to WORK) */
	SSE_K_ILEN,      /* mean compute instructions per warp per barrier interval (-1: profile) */
	SSE_K_IMB,       /* work imbalance, % (-1: profile) */
	SSE_K_LD_PCT,    /* % of compute instructions that are long-latency loads (-1: profile) */
	SSE_K_LD_LAT,    /* mean load latency, cycles (drawn in [LAT/2, 3*LAT/2]) */
	SSE_K_LD_DEP,    /* mean distance from a load to its consumer, instructions */
	SSE_K_PEND_PCT,  /* % of loads whose write-back is announced on pend_i (B7) */
	SSE_K_WORK,      /* run budget, warp-instructions per SM: scales the barriers per block */
	SSE_K_LOOP,      /* 1: the kernel starts again when its last block has left (random co-simulation) */
	SSE_K_RESET_PPM, /* mid-run resets per million cycles */
	SSE_K_FRONT,     /* front end: SSE_FE_WARP (B4) or SSE_FE_INORDER (P2's blocking pipeline) */
	SSE_K_PARTIAL_PCT, /* % of launched blocks whose last warp is partial (1..31 threads short) */
	SSE_NKNOBS
};

extern const wg_param_def sse_knobs[SSE_NKNOBS];

/* The composition's S21_WAKE parameter (docs/slg.md: a wake during SLG2 -> SLG1), by name: its
 * index in a parameter set, or -1 when the composition has none (then every wake from the move
 * pays its rest + X). Its choices, in slg's order: */
enum { SSE_S21_REST = 0, SSE_S21_FIRST_Y = 1 };
int sse_s21_param(void);

/* Front ends (knob FRONT): what a read waiting for its region's wake holds up. */
enum {
	SSE_FE_WARP,    /* only its warp (spec B4: other warps are selected and read meanwhile) */
	SSE_FE_INORDER  /* the whole in-order front end: no selection, and every instruction behind it waits a
			 * cycle, for each cycle it stalls (the pipeline P2 §III, §IV-B reasons with) */
};

/* Workload profiles: P2 Table II's benchmarks (docs/sm_slg.md "Profiles"). */
enum { SSE_PR_DYNPROC, SSE_PR_SCAN, SSE_PR_GAUSSIAN, SSE_PR_LPS, SSE_PR_BACKPROP, SSE_PR_SRAD, SSE_NPROF };

/* Work shape inside a barrier interval. */
enum {
	SSE_UNIFORM, /* every warp works, each a random share in [1 - IMB %, 1] of the interval's length */
	SSE_TREE     /* a reduction: at level l only the first WPB >> l warps work, the others do 0..2 instructions */
};

typedef struct sse_profile {
	const char *name;      /* "DYNPROC", ... */
	int kernels;           /* P2 Table II: kernels */
	int blocks;            /* P2 Table II: thread blocks */
	int wpb;               /* P2 Table II: warps per block */
	int syncs;             /* P2 Table II: barriers (syncs) each thread executes */
	int ilen;              /* assumed: mean compute instructions per warp per interval */
	int shape;             /* assumed: SSE_UNIFORM or SSE_TREE */
	int imb;               /* assumed: UNIFORM spread, % */
	int ld_pct;            /* assumed: % loads */
	const char *why;       /* the assumptions in one line */
} sse_profile;

/* The run a profile and the knobs give on one SM (sse_shape). */
typedef struct sse_shape {
	int prof;              /* SSE_PR_* */
	int wpb;               /* warps per block (at most WARPS) */
	int blocks;            /* blocks on this SM: ceil(P2 blocks / 30 shaders) */
	int bars;              /* barriers per block (P2 syncs, scaled to the WORK budget) */
	int ilen, shape, imb, ld_pct; /* interval length, work shape, imbalance %, load % */
	int ld_lat, ld_dep;    /* mean load latency (cycles) and load-to-consumer distance (knobs) */
	int pend_pct;          /* % of loads announced on pend_i (knob) */
	long work;             /* expected warp-instructions of the run */
} sse_shape;

const sse_profile *sse_profile_get(int prof);
/* The shape of a run: profile and knobs (-1 = profile) at WARPS warps. */
void sse_shape_of(sse_shape *s, const long *knobs, int warps);

/* Instruction kinds. */
enum { SSE_COMP, SSE_LOAD, SSE_BAR, SSE_EXIT, SSE_NKIND };

/* Region state at a read's selection (the wake it meets), for the Table III record. */
enum {
	SSE_W_ACT,  /* ACTIVE (or entering): no wake */
	SSE_W_S1,   /* SLG1: a wake of X */
	SSE_W_S2,   /* SLG2: a wake of Y */
	SSE_W_S21,  /* moving SLG2 -> SLG1 with t cycles left: a wake of t + X */
	SSE_W_WK,   /* already waking (a write-back started it) with t cycles left */
	SSE_W_S21X, /* in the SLG2 -> SLG1 move, not the CTA's first wake since its release, S21_WAKE=FIRST_Y: X */
	SSE_NW
};
#define SSE_MAX_T 40 /* t of a record: 0..SSE_MAX_T-1 */

/* Operand reads (or write-backs) by the wake they met: count, smallest and largest stall. */
typedef struct sse_wrec {
	uint64_t n;            /* reads */
	long smin, smax;       /* stall range measured, cycles */
} sse_wrec;

/* Counters of a run (reset cycles excluded). */
typedef struct sse_stats {
	uint64_t cycles;       /* cycles observed */
	long t_first, t_last;  /* cycle of the first launch and of the last EXIT of the run (-1: none yet) */
	int done;              /* every block of the run has left (LOOP = 0) */
	uint64_t issued;       /* warp instructions selected (the prologue's EXITs excluded) */
	uint64_t by_kind[SSE_NKIND]; /* ... by kind */
	uint64_t idle;         /* kernel cycles without a selection */
	uint64_t reads, read_stall;  /* operand reads; their stall cycles */
	uint64_t freezes;      /* FRONT=INORDER: cycles the front end stood still behind a waking read */
	uint64_t delayed;      /* FRONT=INORDER: reads held up by a freeze ahead of them (not in rd[][]) */
	uint64_t wbs, wb_stall;      /* write-backs; their stall cycles */
	uint64_t wb_sleeping;  /* write-backs that found the region asleep (unannounced loads) */
	uint64_t wakes[SSE_NW];/* wakes started, by the state they left (S1, S2, S21; WK unused) */
	uint64_t wake_cancel;  /* wakes cancelled by a re-arrival (W-P2-11) */
	uint64_t stall_cycles; /* warp-cycles with acc_i high and ok_o low */
	uint64_t res[3];       /* region-cycles per mode_o (ACTIVE, SLG1, SLG2), kernel window, all WARPS regions */
	uint64_t arrivals, releases, launches, exits, resets;
	long blocks_done;      /* blocks that have left */
	long max_wait;         /* longest barrier wait of a warp, cycles */
	uint64_t wait_cycles;  /* warp-cycles waiting at a barrier */
	sse_wrec rd[SSE_NW][SSE_MAX_T]; /* operand reads (not delayed by a freeze) by the wake met at selection and its t */
	sse_wrec wb[SSE_NW][SSE_MAX_T]; /* write-backs by the wake met when the data returned */
} sse_stats;

typedef struct sm_slg_env sm_slg_env;

/* Bytes of an environment for block parameters p (SSL_NPARAMS values). */
size_t sse_size(const long *p);
/* e: zeroed memory of sse_size(p) bytes; knobs: SSE_NKNOBS values. NULL, or a
 * one-line error in err. */
const char *sse_init(sm_slg_env *e, const long *p, const wg_layout *L, const long *knobs, uint64_t seed, char *err,
		     size_t n);
/* Fill the (zeroed) input frame of cycle cyc (cycles 0 and 1 reset). */
void sse_drive(sm_slg_env *e, uint32_t *in, long cyc);
/* This cycle's outputs (after the model's eval, before its edge): checks and bookkeeping. */
void sse_observe(sm_slg_env *e, const uint32_t *in, const uint32_t *out, long cyc);

/* The first failed check ("cycle C: ..."), or NULL. */
const char *sse_error(const sm_slg_env *e);
const sse_stats *sse_get_stats(const sm_slg_env *e);
const sse_shape *sse_get_shape(const sm_slg_env *e);
int sse_z(const sm_slg_env *e);

/* What the environment knows of this cycle (valid after sse_observe), for directed cases. */
typedef struct sse_view {
	long cyc;              /* the cycle */
	int reset;             /* rst_i */
	uint64_t rdy, fin, arr, acc, pend, launch; /* driven per-warp vectors */
	int freeze;            /* FRONT=INORDER: the front end stands still this cycle (warp of the stalled read, -1) */
	int iss_valid, iss_slot, iss_warp; /* the selection */
	int iss_kind;          /* its instruction kind (SSE_*), -1 for a prologue EXIT or none */
	int ext_valid;         /* an EXIT issued */
	int pro_valid, pro_warp; /* a promotion (a launched warp takes a scheduler slot), its warp (-1) */
	uint64_t slot_valid;   /* slot_valid_o */
	int slot_warp[64];     /* slot_warp_o */
	uint64_t wait, ok, rel, resident, active;  /* outputs */
	uint8_t st[64];        /* st_o per warp */
	uint8_t mode[64];      /* mode_o per warp */
	uint64_t read_done;    /* warps whose operand read happened this cycle */
	long read_stall[64];   /* ... its stall */
	int read_kind[64];     /* ... the wake it met (SSE_W_*) */
	uint64_t wb_done;      /* warps whose write-back happened this cycle */
	long wb_stall[64];     /* ... its stall */
	int wb_kind[64];       /* ... the wake it met */
	uint64_t wake_start;   /* warps whose wake started this cycle */
	uint64_t cancelled;    /* warps whose wake was cancelled this cycle */
	uint64_t prologue;     /* warps still to retire (EXIT prologue), after this cycle */
} sse_view;

const sse_view *sse_now(const sm_slg_env *e);
/* Warp w's CTA slot (-1 when not live) and its index in its block. */
int sse_warp_cta(const sm_slg_env *e, int w, int *j);
/* Kind name ("COMP", ...) and wake name ("ACT", "S1", ...). */
const char *sse_kind_name(int k);
const char *sse_wake_name(int k);

#endif
