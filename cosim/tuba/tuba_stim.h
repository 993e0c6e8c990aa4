/* tuba_stim.h - internal to the `tuba` stimulus (docs/tuba.md): the
 * generator state, the monitor that rebuilds the limit from the driven
 * inputs and checks every cycle (tuba_stim.c), and the frame helper the
 * directed cases (tuba_cases.c) use. */
#ifndef TUBA_STIM_H
#define TUBA_STIM_H

#include <stddef.h>
#include <stdint.h>

#include "tuba.h"
#include "wg_kit.h"

/* knobs of the random stream (tuba_stim.c) */
enum {
	K_START_PPM,    /* per million cycles: a kernel starts */
	K_DONE_PCT,     /* % of cycles a resident block completes */
	K_DISPATCH_PCT, /* % of cycles a new block is dispatched when accept_o allows it */
	K_NEAR_PCT,     /* % of cycles free_i is within 2 of a threshold */
	K_RESET_PPM,    /* per million cycles: a mid-run reset */
	K_COVER,        /* 1: at the end, fail unless every reachable situation was seen */
	K_OCC_MAX_PCT,  /* % of kernel starts with occupancy MAX_BLOCKS (0: uniform only) */
	TBS_NKNOBS
};

/* What the monitor has seen (bits of tbs_mon.seen). */
enum {
	COV_DEC,     /* the limit lowered */
	COV_INC,     /* the limit raised */
	COV_FLOOR,   /* a low evaluation at the floor of 1: it stays */
	COV_CAP,     /* a high evaluation at the kernel's cap: it stays */
	COV_BAND,    /* an evaluation in the hysteresis band: it stays */
	COV_RESTART, /* start_i while a kernel runs */
	COV_OVER,    /* more resident blocks than the limit (no preemption: accept_o 0) */
	COV_START_EV,/* start_i in an evaluation's cycle (a completion's, EVAL_PERIOD = 0): the start wins */
	TBS_NCOV
};

#define TBS_NCASES 6

/* The monitor: the page's state (lim_q, cap_q, pc_q), rebuilt from the
 * driven inputs of every cycle alone (never the model's internals), and the
 * outputs checked against it. */
typedef struct tbs_mon {
	int known;             /* a reset has been seen: the state is known */
	unsigned lim, cap, pc; /* lim_q, cap_q, pc_q */
	unsigned seen;         /* COV_* bits */
	long evals;            /* evaluations seen */
} tbs_mon;

/* One cycle's outputs, decoded. */
typedef struct tbs_obs {
	unsigned lim;               /* lim_o */
	unsigned accept;            /* accept_o */
	unsigned ev[TB_NEVENTS];    /* ev_o: eval, dec, inc */
} tbs_obs;

typedef struct tbs_stim {
	const wg_layout *L;    /* frame layout */
	tb_cfg cfg;            /* the configuration */
	long k[TBS_NKNOBS];    /* knob values */
	int cs;                /* directed case, or -1 */
	uint64_t rng;          /* xorshift state */
	long lo_edge, hi_edge; /* the last free count that lowers, the first that raises */
	/* random generator */
	long res;              /* resident blocks at the start of the cycle */
	long hi_pct;           /* the kernel's pressure: % of near draws at the upper threshold */
	int in_rst;            /* this cycle asserts rst_i */
	/* monitor */
	tbs_mon m;
	tbs_obs o;             /* this cycle's outputs (check phase) */
	/* directed cases */
	int seen[4];           /* key events a case has seen */
	long at[4];            /* cycles a case remembers */
	wg_case_runner run;
} tbs_stim;

extern const wg_case_def tbs_cases[TBS_NCASES];

/* Drive one cycle's inputs (rst_i 0). */
void tbs_put(const tbs_stim *s, uint32_t *in, int start, long occ, int done, long free_regs, long res);

#endif
