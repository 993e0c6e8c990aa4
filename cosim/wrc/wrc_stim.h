/* wrc_stim.h - internal to the `wrc` stimulus (docs/wrc.md): the generator
 * state, used by the random front end and property checks (wrc_stim.c) and
 * by the directed cases (wrc_stim_cases.c). */
#ifndef WRC_STIM_H
#define WRC_STIM_H

#include <stddef.h>
#include <stdint.h>

#include "wg_kit.h"
#include "wrc.h"

/* knobs of the random stream (wrc_stim.c) */
enum {
	K_MEM_PCT,      /* % of instructions that go to the LSU */
	K_DEP_DIST,     /* a load's consumer follows 1..DEP_DIST instructions later */
	K_ILP,          /* an instruction has an operand delay with probability 1/(ILP+1) */
	K_LL_LAT,       /* an accepted load's data returns 2..LL_LAT+1 cycles later */
	K_LSU_LAT,      /* a request stays 1..LSU_LAT cycles in the LSU */
	K_NACK_PCT,     /* MP: % of a non-owner's LSU requests that miss and are parked */
	K_PARK_PCT,     /* % of any LSU request parked for a resource stall */
	K_REPLAY_PCT,   /* % of cycles the queue's head replays */
	K_HIT_PCT,      /* % of non-owner replays in MP that hit (ACK) */
	K_QCAP,         /* queue entries: a refused request that finds them all in use stalls the LSU */
	K_LSU_BUSY_PCT, /* % of cycles lsu_rdy_i is low */
	K_SAT_PCT,      /* % of L1 regimes that are saturated */
	K_DRIFT,        /* mean length of an L1 regime (cycles) */
	K_SATEXT_PM,    /* per-mille of cycles a sat_ext_i burst starts */
	K_BAR_PM,       /* per-mille of instructions that are barriers */
	K_GROUP,        /* warps per barrier group (CTA) */
	K_INSTR,        /* a warp runs 1..INSTR instructions, then EXIT */
	K_LAUNCH_PCT,   /* % per cycle that a non-resident warp is launched */
	K_RESET_PPM,    /* per-million of cycles with a mid-run reset */
	WS_NKNOBS
};

/* ---- the abstract front end (random mode) ---- */
enum { I_COMP, I_MEM, I_BAR, I_EXIT };             /* instruction kinds */
enum { S_OFF, S_RUN, S_BAR, S_DONE };              /* warp states */

typedef struct ws_ins {
	uint8_t k;   /* I_* */
	uint8_t dep; /* sources the warp's last load */
	uint8_t d;   /* operand delay after it becomes the head */
} ws_ins;

typedef struct ws_warp {
	uint8_t st;       /* S_*: not resident, running, blocked at a barrier, EXIT issued */
	uint8_t inlsu;    /* a request in the LSU */
	uint8_t inq;      /* a request in the re-execution queue */
	ws_ins h, n;      /* the head and the next instruction */
	long rdy_at;      /* the head's operands are ready from this cycle */
	long left;        /* instructions still to draw before EXIT */
	int cdown;        /* instructions until the last load's consumer (0: none) */
	long ld_until;    /* accepted loads' data is back from this cycle */
	long lsu_at;      /* the LSU request is accepted or parked at this cycle's edge */
} ws_warp;

/* The outputs of a frame. */
typedef struct ws_obs {
	int iv[WRC_MAX_SCHED], iw[WRC_MAX_SCHED], im[WRC_MAX_SCHED]; /* iss_*_o per scheduler */
	unsigned own;                 /* owner_o */
	int mode, sat;                /* mode_o, sat_o */
	uint64_t wmem, wstall, pre, res; /* wst_mem_o, wst_stall_o, pre_o, resident_o */
	uint64_t issued;              /* warps issued this cycle */
	int memw;                     /* the warp issued to the LSU, -1 none */
	int nmem;                     /* iss_mem_o bits set */
} ws_obs;

#define NW WRC_MAX_WARPS

typedef struct ws_stim {
	const wg_layout *L;       /* frame layout */
	long W, S, M, Q;          /* WARPS, SCHEDULERS, MSHRS, MISSQ */
	long mm, mq, hyst;        /* SAT_MARGIN_MSHR, SAT_MARGIN_MQ, SAT_HYST */
	int wb;                   /* warp id bits */
	unsigned none;            /* the NONE owner code */
	uint64_t wmask;           /* WARPS low ones */
	long k[WS_NKNOBS];        /* knob values */
	int cs;                   /* directed case, or -1 */
	uint64_t rng;             /* xorshift state */
	int in_rst;               /* this cycle asserts rst_i */
	/* random front end */
	ws_warp w[NW];            /* per warp */
	int q[NW], qh, qn;        /* the re-execution queue: ring of warps (at most QCAP) */
	int held;                 /* the warp whose refused request the LSU holds (queue full: stalled), -1 none */
	int qv_now, qw_now;       /* its head this cycle (before this edge's parks) */
	long mshr, mqv;           /* L1 occupancy */
	long tm, tq;              /* their regime's targets */
	int ext_left;             /* cycles of the sat_ext_i burst left */
	uint64_t rdy_now;         /* per warp: the head is ready this cycle */
	unsigned ob_own, ob_sat;  /* last cycle's owner_o and sat_o (the L1's view) */
	long last_iss;            /* last cycle anything issued (watchdog) */
	char ferr[200];           /* a front-end check failure from observe() */
	/* checks over cycles */
	int prev_ok;              /* prev holds the last non-reset cycle's outputs */
	ws_obs prev;              /* last cycle's outputs */
	ws_obs cur;               /* this cycle's outputs (read by a case's CHECK phase) */
	/* directed cases (wrc_stim_cases.c) */
	wg_case_runner run;       /* the kit's runner of the case */
	int niss[NW];             /* per warp: issues since reset (its program's position) */
	uint32_t seen;            /* events reached */
	int own_keep;             /* flag_chatter*: the owner that must persist, -1 none yet */
} ws_stim;

#define B(w) (UINT64_C(1) << (w))

#endif
