/* equalizer_stim.h - internal to the `equalizer` stimulus (docs/equalizer.md):
 * the generator state, and the drive helpers (equalizer_drive.c) that both
 * the random environment with the shadow of the contract (equalizer_stim.c)
 * and the directed cases (equalizer_stim_cases.c) use. */
#ifndef EQUALIZER_STIM_H
#define EQUALIZER_STIM_H

#include <stddef.h>
#include <stdint.h>

#include "equalizer.h"
#include "wg_bits.h"
#include "wg_kit.h"

/* knobs of the random stream (equalizer_stim.c) */
enum {
	EK_PROFILE,     /* kernel profile (EP_*) */
	EK_PHASE_EP,    /* PROFILE=phases: epochs per phase */
	EK_DWELL,       /* a warp's head state lasts 1..2*DWELL cycles */
	EK_CTA_LIFE,    /* a CTA runs 1..CTA_LIFE unpaused cycles */
	EK_GWDE_DELAY,  /* a request is answered 1..GWDE_DELAY cycles later */
	EK_KCTAS,       /* a kernel has 1..KCTAS CTAs per SM */
	EK_KGAP,        /* 1..KGAP cycles without a kernel between kernels */
	EK_RESET_PPM,   /* per-million of cycles with a mid-run reset */
	EK_SLOT_MAP,    /* warp-to-slot map: 0 slot s owns warps s*wcta.., 1 a permutation drawn per kernel */
	EK_FILL_PCT,    /* % of kernels whose CTAs fill the SM (wcta = WARPS / kmax) */
	EK_PIN_PCT,     /* % of epochs with every head pinned to one class, no issue, no CTA progress */
	EQS_NKNOBS
};

/* kernel profiles */
enum { EP_COMPUTE, EP_MEMORY, EP_CACHE, EP_UNSAT, EP_IDLE, EP_PHASES, EP_MIXED, EP_NPROF };
#define EP_NBASE 5 /* the first five are the base profiles */

/* Algorithm 1's outcomes, for statistics: lines 8, 11, 13, 15 (COMP), 18 (MEM), 22, none;
 * EL_NOK: an epoch end without a kernel (0 / NONE, Alg. 1 not applied) */
enum { EL_8, EL_11, EL_13, EL_15, EL_18, EL_22, EL_NONE, EL_NOK, EL_N };

/* The shadow of the contract's state (docs/equalizer.md "State"), kept
 * from this stimulus's inputs only; checks every output every cycle. */
typedef struct eqs_ref {
	unsigned cyc;              /* cyc_q */
	long act, wt, xa, xm;      /* the four counters */
	unsigned t;                /* t_q */
	int hdir;                  /* +1 / -1 */
	unsigned hcnt;             /* hcnt_q */
	unsigned valid, paused;    /* per slot */
	uint64_t seq[EQ_MAX_CTAS]; /* launch order of the slot's CTA (older = smaller) */
	uint64_t nseq;             /* next launch number */
	unsigned rpend;            /* rpend_q */
	unsigned dvalid;           /* dvalid_q */
	int delta, vote;           /* delta_q (-1/0/+1), vote_q */
} eqs_ref;

/* Inputs of one cycle, as driven. */
typedef struct eqs_in {
	unsigned rst, kstart, kmax, wcta, gwde;
	unsigned launch, lslot, done, dslot;
	uint8_t wslot[EQ_MAX_WARPS];
	uint64_t hv, hrdy, hmem, hbar, iss;
	unsigned lsu_full;
} eqs_in;

/* Outputs of one cycle (read back), or the ones the shadow expects. */
typedef struct eqs_out {
	uint64_t wpause;
	unsigned valid, paused, req, nb, sample, dv, delta, vote, vf, ev;
} eqs_out;

/* A directed epoch's content: sums to distribute over its S samples. */
enum { R_SUMS, R_IDLE, R_ALLMEM, R_ALLWAIT, R_EDGE_ODD };
typedef struct eqs_row {
	int kind;                  /* R_* */
	long xm, xa, wt, a;        /* R_SUMS: target sums (a >= xm + xa + wt; the rest barrier-active) */
} eqs_row;

/* One decision seen at dec_valid_o. */
typedef struct eqs_dec {
	long cyc;                  /* the cycle dec_valid_o was high */
	int delta, vote;           /* -1/0/+1, EQ_VOTE_* */
	unsigned vf, t;            /* vf_o, nblocks_o in that cycle (T after the hysteresis) */
	int ep;                    /* epoch index since the kernel start (or reset) */
	int kn;                    /* kernel starts before it */
	eq_sample_counts sums;     /* the C model's eq_last_sums() then */
} eqs_dec;

#define EQS_MAXDEC 64

typedef struct eqs_stim {
	const wg_layout *L;        /* frame layout */
	eq_cfg c;                  /* parameters */
	int S, SB;                 /* samples per epoch, slot bits */
	long k[EQS_NKNOBS];        /* knobs */
	int cs;                    /* directed case or -1 */
	wg_case_runner run;        /* its runner (wg_kit.h) */
	uint64_t rng;              /* xorshift state */
	eqs_ref r;                 /* the shadow */
	eqs_in cur;                /* this cycle's inputs */
	eqs_out exp;               /* this cycle's expected outputs */
	int ep;                    /* epochs ended since the last kernel start or reset */
	char ferr[200];            /* a stimulus-side failure, reported by check() */
	/* the environment: kernel, work distributor, CTAs */
	int krun;                  /* a kernel runs (kmax, wcta held) */
	unsigned kmax, wcta;       /* its parameters */
	long pool;                 /* CTAs still at the distributor */
	long gw_at;                /* a launch answers the request at this cycle, -1 none */
	long cyc_now;              /* this cycle */
	long gap;                  /* random: cycles left before the next kernel */
	long life[EQ_MAX_CTAS];    /* random: unpaused cycles the CTA still runs */
	int sprof[EQ_MAX_CTAS];    /* random, mixed: the CTA's profile */
	int prof;                  /* random: the current base profile */
	int prof_ep;               /* random, phases: epochs left in this phase */
	int kauto;                 /* random: CTA_LIFE and KCTAS auto (the coverage floor applies) */
	/* random warps' heads */
	long hold[EQ_MAX_WARPS];   /* cycles the head state stays */
	uint8_t hst[EQ_MAX_WARPS]; /* bit 0 hv, 1 rdy, 2 mem, 3 bar */
	uint8_t wperm[EQ_MAX_WARPS]; /* random, SLOT_MAP=1: the kernel's warp order (warp wperm[i] is the i-th) */
	int pin;                   /* random, PIN_PCT: this epoch's pinned head class (EQS_PIN_*), 0 none */
	uint64_t hlive;            /* random: warps whose hold/hst may be non-zero (the others' are 0) */
	/* the warp-to-slot map, recomputed only when wcta or wperm changes (equalizer_drive.c) */
	unsigned map_wcta;         /* wcta of the cached map, ~0u none */
	int map_now;               /* s->cur.wslot is the cached map this cycle (eqs_gwde ran) */
	uint8_t map_slot[EQ_MAX_WARPS]; /* the cached wslot_i */
	uint64_t smask[EQ_MAX_CTAS]; /* warps whose wslot_i is slot s in the cached map */
	uint32_t map_words[(EQ_MAX_WARPS * 8 + 31) / 32]; /* the cached map packed as wslot_i's frame words */
	/* statistics */
	long nline[EL_N], tup, tdown, npause, nunpause, nreq, nlaunch, ndone, nkstart, nrst;
	/* directed */
	int phase;                 /* directed: the script's step; random, phases: index in the phase order */
	long tmark;                /* the cycle the end condition held, -1 not yet */
	eqs_dec dec[EQS_MAXDEC];   /* decisions seen */
	int ndec;
	long ev_first[EQ_NEVENTS]; /* first cycle of each event (tchange: not a kernel start's), -1 none */
	long ev_n[EQ_NEVENTS];     /* events so far (kernel starts' tchange excluded; some cases restart them) */
	long kcyc[4];              /* kernel start cycles */
	int nk;
	long obs_samples;          /* sample_o cycles seen since the last dec_valid_o (or kernel start) */
	int obs_dv;                /* a dec_valid_o was seen since the last kernel start */
	unsigned last_sample;      /* sample_o of the previous cycle */
	eq_sample_counts last_sums; /* the C model's eq_last_sums() in this cycle */
	long dslot_cyc;            /* directed: the cycle of the injected cta_done_i, -1 none */
} eqs_stim;

#define EB(w) (UINT64_C(1) << (w))

/* Uniform in 0..n-1 (wg_pick), with no draw for n <= 1. */
static inline long eqs_pick(eqs_stim *s, long n) { return n <= 1 ? 0 : wg_pick(&s->rng, n); }

/* The slot of warp w this cycle (wslot_i as driven). */
static inline unsigned eqs_slot_of(const eqs_stim *s, int w) { return s->cur.wslot[w]; }

static inline unsigned eqs_popc(uint64_t x) { return wg_popc64(x); }
/* equalizer_drive.c: the environment's drive, for random and directed runs */
uint64_t eqs_slot_warps(const eqs_stim *s, unsigned slots); /* warps whose wslot_i is in the set */
uint64_t eqs_avail(const eqs_stim *s);          /* warps of valid, unpaused slots */
void eqs_kstart(eqs_stim *s, unsigned kmax, unsigned wcta, long pool);
void eqs_gwde(eqs_stim *s);                     /* launch an answered request into the lowest free slot */
void eqs_drive_row(eqs_stim *s, const eqs_row *row);

#endif
