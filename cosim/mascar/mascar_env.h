/* mascar_env.h - a small SM around the composed block mascar (wrc + reexec_q,
 * csim/mascar.h): warps with instruction streams and a scoreboard (the hold
 * and advance views, llp_i, barriers, launches and exits), an LSU that
 * processes one 128-byte segment request per cycle, and an L1 data cache
 * with a tag array (SETS x WAYS, LRU), MSHRs with merging, a miss queue
 * toward an L2 of fixed latency, and Mascar's ACK/NACK verdict (owner rules
 * of docs/wrc.md, queue protocol of docs/reexec_q.md).
 *
 * Timing (docs/mascar.md "Environment"): a memory instruction issued at t
 * enters the LSU at t's edge and sends its first request to the L1 at t+1;
 * the L1 answers in the same cycle; a refused request is pushed into the
 * queue at that edge; a miss sent to L2 at t's edge leaves the miss queue at
 * an edge >= t+1 (one per MQ_GAP cycles) and fills L2_LAT cycles later; a
 * fill at edge f completes its waiters at f (dependents issue at f+1) and
 * frees its MSHR at f (reusable at f+1, spec §3.13 #4); the tag array is read
 * before the same edge's fill writes it (#12: a hit to the victim line in
 * the fill's cycle is a hit).
 *
 * Checks every cycle (the first failure is latched, mse_error): every issue
 * the block makes is legal for the environment (operands ready, at most one
 * memory instruction, LSU free (not stalled), no second memory instruction
 * of a warp in the LSU + queue), the queue's has_o matches the parked requests, the
 * replay prediction matches rp_valid_o, no non-owner miss goes to L2 in MP
 * while an owner exists, every load completes within 4 x WATCHDOG cycles,
 * and something issues at least every WATCHDOG cycles while warps have
 * work. */
#ifndef MS_ENV_H
#define MS_ENV_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

/* Knobs of the environment (same shape as parameters: --knob NAME=VALUE). */
enum {
	MSE_K_MEM_PCT,    /* % of instructions that are global memory (loads and stores) */
	MSE_K_STORE_PCT,  /* % of memory instructions that are stores */
	MSE_K_HIT_PCT,    /* % of memory requests to the small hot working set (the rest stream: misses) */
	MSE_K_HOT_LINES,  /* lines in the hot working set */
	MSE_K_UNCOAL_PCT, /* % of memory instructions that are uncoalesced */
	MSE_K_SEGS,       /* segment requests of an uncoalesced instruction (2..SEGS) */
	MSE_K_CONS_DIST,  /* mean distance (instructions) from a load to its consumer */
	MSE_K_ALU_LAT,    /* ALU latency: issue to dependent issue */
	MSE_K_HIT_LAT,    /* L1 hit: access to dependent issue */
	MSE_K_L2_LAT,     /* cycles from leaving the miss queue to the fill */
	MSE_K_MQ_GAP,     /* cycles between departures from the miss queue */
	MSE_K_MERGE,      /* requests per MSHR (primary + merged secondary misses) */
	MSE_K_SETS,       /* L1 sets */
	MSE_K_WAYS,       /* L1 ways */
	MSE_K_KLEN,       /* mean instructions per warp before EXIT */
	MSE_K_LAUNCH,     /* cycles from an exit to the warp's relaunch */
	MSE_K_GROUP,      /* warps per CTA (barrier group) */
	MSE_K_BAR_PM,     /* barriers per 1000 instructions */
	MSE_K_RESET_PPM,  /* mid-run resets per million cycles */
	MSE_K_WATCHDOG,   /* cycles without an issue (while warps have work) that fail the run */
	MSE_K_ADDR_MIX,   /* 1: pushed entries use every address bit, random offsets and access sizes */
	MSE_K_SAT_EXT_PPM, /* per-million of cycles in which the external saturation input flips */
	MSE_K_BASE,       /* 1, 2: a baseline of the thesis's comparison: no queue, no MP; 1 the checker's EP order
			   * (greedy-then-oldest), 2 loose round-robin picked by the environment; 3: 2 with the queue
			   * (re-execution alone) (docs/mascar.md "SM comparison") */
	MSE_K_REUSE,      /* 1: per-CTA programs whose loads are shared by the CTA's warps and by warp pairs (leuko-1's
			   * shape); 2: uncoalesced loads re-reading the warp's own lines (kmeans-1's) */
	MSE_NKNOBS
};

extern const wg_param_def mse_knobs[MSE_NKNOBS];

/* Instruction classes. */
enum { MSE_ALU, MSE_LD, MSE_ST, MSE_BAR, MSE_EXIT, MSE_END /* a script's end: done without an EXIT issue */ };

#define MSE_MAX_SEGS 8      /* segment requests per instruction */
#define MSE_REGS 16         /* registers per warp: 0..7 load destinations, 8..15 ALU */
#define MSE_PROG 32         /* instructions of a scripted warp */
#define MSE_SWARPS 8        /* scripted warps */

/* One warp instruction. */
typedef struct mse_ins {
	uint8_t cls;                  /* MSE_* */
	int8_t dst;                   /* destination register, -1 none */
	int8_t src[2];                /* sources, -1 none */
	uint8_t nseg;                 /* LD/ST: segment requests */
	uint32_t line[MSE_MAX_SEGS];  /* LD/ST: their 128-byte lines */
} mse_ins;

/* A directed scenario: fixed programs, preloaded L1 state, no randomness. */
typedef struct mse_script {
	int nwarps;                            /* warps 0..nwarps-1 launch at cycle 2 */
	int len[MSE_SWARPS];                   /* instructions per warp (the warp is done after the last) */
	mse_ins prog[MSE_SWARPS][MSE_PROG];    /* programs */
	int nhot;                              /* lines present in the L1 at the start */
	uint32_t hot[8];                       /* ... their line ids */
	int nbusy;                             /* MSHRs held by older misses (already sent to L2) */
	long busy_alloc[8], busy_fill[8];      /* their allocation edge (<= 1: from the start) and fill edge */
	int sat_ext;                           /* drive sat_ext_i = 1 from cycle 2 (saturation from the start) */
} mse_script;

/* L1 verdict of one access. */
enum { MSE_V_NONE, MSE_V_HIT, MSE_V_MERGE, MSE_V_MISS, MSE_V_STORE, MSE_V_NACK_RES, MSE_V_NACK_OWN };

/* What happened in the current cycle (valid after mse_observe). */
typedef struct mse_view {
	long cyc;                     /* the cycle */
	int reset;                    /* rst_i */
	int acc;                      /* L1 access: 0 none, 1 the LSU's new request, 2 a replay */
	int acc_warp, acc_verdict;    /* its warp and verdict (MSE_V_*) */
	uint32_t acc_line;            /* its line */
	int push;                     /* a refused request parked at this edge */
	int nfill;                    /* fills at this edge */
	int mode, owner;              /* mode_o, owner_o (-1: none) */
	int q_count;                  /* count_o */
	int q_head_warp;              /* head entry's warp, -1 when empty */
	int niss;                     /* instructions issued */
	int iss_warp[4], iss_cls[4];  /* issued warps and their classes */
	uint64_t done_ld;             /* warps whose load completed at this edge (bit w) */
	uint64_t resident;            /* resident_o */
	int lsu_stall;                /* the LSU stalled: a held request with the queue still full, or a
				       * refused store (STORES=0) retried */
	int lsu_req;                  /* lsu_req_i: the LSU sent a new request */
	int lsu_held;                 /* the LSU held a refused request at the start of the cycle */
	int lsu_hold;                 /* the LSU's request was refused with the queue full: held from this edge */
	int mshr_free;                /* MSHRs free in this cycle (MSHRS - mshr_used_i) */
} mse_view;

/* Counters of a run (reset cycles excluded). */
typedef struct mse_stats {
	uint64_t cycles;              /* cycles observed */
	uint64_t issued, mem_issued;  /* instructions issued, of them memory instructions */
	uint64_t loads_done;          /* loads whose every request completed */
	uint64_t mp_cycles;           /* cycles with mode_o = MP */
	uint64_t owned_cycles;        /* cycles with an owner */
	uint64_t acc_new, acc_replay; /* L1 accesses by source */
	uint64_t verdict[7];          /* accesses by verdict */
	uint64_t pushes;              /* refused requests parked in the queue */
	uint64_t lsu_stalls;          /* cycles the LSU stalled (mse_view.lsu_stall) */
	uint64_t fills;               /* MSHR fills */
	uint64_t departures;          /* miss-queue departures (loads and stores to L2/DRAM; at most one per MQ_GAP cycles) */
	uint64_t launches, exits;     /* warp launches and exits */
	uint64_t resets;              /* mid-run resets (after the initial one) */
	uint64_t barriers;            /* barrier instructions issued */
	uint64_t holds;               /* refused requests that found the queue full (LSU stalls begun) */
	uint64_t full_cycles;         /* cycles with the queue full */
	uint64_t max_count;           /* largest queue occupancy */
} mse_stats;

typedef struct ms_env ms_env;

size_t mse_size(const long *p);
/* e: zeroed memory of mse_size(p) bytes; p: MSC_NPARAMS values; knobs:
 * MSE_NKNOBS values; script: NULL for random streams. */
const char *mse_init(ms_env *e, const long *p, const wg_layout *L, const long *knobs, const mse_script *script,
		     uint64_t seed, char *err, size_t n);
void mse_drive(ms_env *e, const void *model, uint32_t *in, long cyc);
void mse_observe(ms_env *e, const void *model, const uint32_t *in, const uint32_t *out, long cyc);
const char *mse_error(const ms_env *e);
const mse_stats *mse_get_stats(const ms_env *e);
const mse_view *mse_now(const ms_env *e);
/* Warps with work left (resident and not finished, or with outstanding loads). */
uint64_t mse_busy_warps(const ms_env *e);
/* Outstanding segment requests of warp w's loads. */
int mse_outstanding(const ms_env *e, int w);

#endif
