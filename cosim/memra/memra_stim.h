/* memra_stim.h - internal to the `memra` stimulus (docs/memra.md): the
 * generator state, the monitor that rebuilds the page's state from the
 * inputs alone and checks every output of every cycle (memra_stim.c), and
 * the frame helpers the directed cases (memra_cases.c) use. */
#ifndef MEMRA_STIM_H
#define MEMRA_STIM_H

#include <stddef.h>
#include <stdint.h>

#include "memra.h"
#include "wg_kit.h"

/* knobs of the random stream (memra_stim.c) */
enum {
	K_LD_PM,      /* per mille per warp and cycle: a load leaves (no load in flight) */
	K_REISSUE_PM, /* per mille per warp and cycle: a new load leaves while one is in flight */
	K_LONG_PCT,   /* % of loads with a long latency */
	K_SHORT_LAT,  /* short latencies: 1..SHORT_LAT cycles */
	K_LONG_LAT,   /* long latencies: SHORT_LAT+1..LONG_LAT cycles */
	K_GRANT_PCT,  /* % of cycles a wanting warp gets a TFET destination */
	K_NOISE_PM,   /* per mille per cycle without a completion: a stray done_valid_i */
	K_RESET_PPM,  /* per million cycles: a mid-run reset */
	K_COVER,      /* 1: at the end, fail unless every phase and corner the configuration can reach was seen */
	MRS_NKNOBS
};

#define MRS_NCASES 7

/* Coverage points of the monitor (bit per point). */
enum {
	CV_MEASURE,      /* a warp counted in MEASURE */
	CV_BUDGET,       /* a warp in BUDGET with cnt > 1 (want_o) */
	CV_SAT,          /* a counter held at MAX in MEASURE (W-P1-7) */
	CV_GRANT_TO_1,   /* a grant left a budget of 1 (priority, no TFET: W-P1-8) */
	CV_GRANT_TO_0,   /* a grant left a budget of 0 */
	CV_SC_ZERO,      /* a completion with prev <= THR_ACC (SC = 0) */
	CV_SC_MUL,       /* a completion priced by the multiply (smp < 2^REF_SHIFT), SC > 0 */
	CV_SC_FULL,      /* a completion at smp >= 2^REF_SHIFT (SC = prev - THR_ACC) */
	CV_IGN_IDLE,     /* a completion of a warp not measuring, ignored (A6) */
	CV_IGN_LD,       /* a completion together with a new load of its warp, ignored (A6) */
	CV_DISCARD,      /* a new load discarded a budget > 0 (W-P1-6) */
	CV_SAMPLE,       /* the sample period ended (smp_q written) */
	CV_RESET,        /* a reset after the first */
	CV_N
};

/* The monitor: the page's state, kept from the driven inputs alone (never
 * the model's internals), compared with the outputs of every cycle. */
typedef struct mrs_mon {
	int known;                   /* a reset has been seen: the state is known */
	int in_rst;                  /* the last cycle was a reset cycle */
	unsigned cnt[MR_MAX_WARPS];  /* cnt_q */
	uint64_t meas;               /* meas_q */
	unsigned last, smp, pc;      /* last_q, smp_q (SAMPLE_PERIOD > 1), pc_q */
	unsigned seen;               /* coverage points seen (bit per CV_*) */
	long resets;                 /* resets seen */
	long completions;            /* completions that counted */
} mrs_mon;

/* The decoded outputs of a cycle. */
typedef struct mrs_obs {
	uint64_t want, prio, meas;
	unsigned cnt[MR_MAX_WARPS];
	unsigned sample;
	unsigned ev[MR_NEVENTS];
} mrs_obs;

typedef struct mrs_stim {
	const wg_layout *L;        /* frame layout */
	long W, CB, thr, rs, sp;   /* WARPS, CNT_BITS, THR_ACC, REF_SHIFT, SAMPLE_PERIOD */
	unsigned max;              /* 2^CNT_BITS - 1 */
	uint64_t wmask;            /* WARPS low ones */
	long k[MRS_NKNOBS];        /* knob values */
	int cs;                    /* directed case, or -1 */
	uint64_t rng;              /* xorshift state */
	long due[MR_MAX_WARPS];    /* random stream, per warp: the cycle its load's completion is due (or
	                            * waits since), -1 for none */
	mrs_mon m;                 /* the monitor */
	mrs_obs o;                 /* this cycle's outputs (check phase) */
	/* directed cases */
	int seen[8];               /* key events a case saw */
	long at[8];                /* cycles a case remembers */
	wg_case_runner run;
} mrs_stim;

extern const wg_case_def memra_cases[MRS_NCASES];

/* ---- frame helpers (memra_stim.c): OR a warp into ld_i / grant_i, set the completion ---- */
void mrs_put_ld(const mrs_stim *s, uint32_t *in, long w);
void mrs_put_grant(const mrs_stim *s, uint32_t *in, long w);
void mrs_put_done(const mrs_stim *s, uint32_t *in, long w);

/* Eq. 1 as the spec writes it (§2.1.4: floor(sample / ref_acc x (prev - thr))), computed
 * apart from the C model's mr_eq1. */
unsigned mrs_eq1(const mrs_stim *s, unsigned prev, unsigned sample);

#define W_(w) (UINT64_C(1) << (w))

#endif
