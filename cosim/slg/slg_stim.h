/* slg_stim.h - internal to the `slg` stimulus (docs/slg.md): the generator
 * state, the monitor that checks every cycle against the page (slg_stim.c),
 * and the frame helpers the directed cases (slg_cases.c) use. */
#ifndef SLG_STIM_H
#define SLG_STIM_H

#include <stddef.h>
#include <stdint.h>

#include "slg.h"
#include "wg_kit.h"

/* knobs of the random stream (slg_stim.c) */
enum {
	K_LAUNCH_PCT,  /* % of cycles that launch a CTA (when a slot and its warps are free) */
	K_CTA_WARPS,   /* warps per CTA (0: each kernel draws 1..2*ceil(WARPS/CTAS)) */
	K_KERNEL_PPM,  /* per-million of cycles a new kernel shape (warps, block size) is drawn */
	K_PARTIAL_PCT, /* % of kernels whose last warp is partial (block size not a multiple of 32) */
	K_ODD_PCT,     /* % of launches with another warp count and size than the kernel's */
	K_ARR_PM,      /* per-mille per live, non-waiting warp and cycle: it arrives at the barrier */
	K_GANG_PCT,    /* % of cycles in which every non-waiting warp of one CTA arrives at once */
	K_EXIT_PM,     /* per-mille of cycles in which a warp exits */
	K_SEL_PCT,     /* % of cycles that select a warp */
	K_SEL_WAIT_PCT,/* % of selections that pick a waiting warp (the scheduler must not; legal) */
	K_Z,           /* cycles from a selection to its register read (acc_i) */
	K_WB_PM,       /* per-mille per live warp and cycle: a write-back access */
	K_PEND_PM,     /* per-mille per live warp and cycle: a pend_i pulse starts */
	K_PEND_LEN,    /* a pend_i pulse lasts 1..PEND_LEN cycles, then writes back */
	K_STUCK,       /* a warp waiting this many cycles exits (COUNT=THREADS: a reset) */
	K_RESET_PPM,   /* per-million of cycles with a mid-run reset */
	K_COVER,       /* 1: at the end, fail unless every state and event was seen */
	SLG_NKNOBS
};

#define SLG_NCASES 16

/* Why a region has the state it has (the last edge's rule), for messages. */
enum { WHY_RESET, WHY_EXIT, WHY_LAUNCH, WHY_OFF, WHY_SLEEPY, WHY_WAKE, WHY_REL, WHY_COUNT, WHY_KEEP, WHY_NWHY };

/* The monitor: the page's state, kept from the driven inputs and the
 * outputs of every cycle (never the model's internals), and compared with
 * the outputs of the next one. */
typedef struct slg_mon {
	int known;                   /* a reset has been seen: the state is known */
	uint64_t live, wait, lst;    /* live_q, wait_q, lst_q */
	long thr, bsz;               /* thr_q, bsz_q */
	uint64_t frst;               /* frst_q, bit per CTA (S21_WAKE = FIRST_Y) */
	uint8_t cta[SLG_MAX_WARPS];  /* cta_q */
	uint8_t st[SLG_MAX_WARPS];   /* st_q */
	uint8_t tm[SLG_MAX_WARPS];   /* tm_q */
	uint8_t from[SLG_MAX_WARPS]; /* the state before the last edge */
	uint8_t why[SLG_MAX_WARPS];  /* WHY_* of the last edge */
	long since[SLG_MAX_WARPS];   /* cycle the warp started waiting */
	unsigned seen_st;            /* states observed (bit per st) */
	unsigned seen_ev;            /* events counted non-zero (bit per event) */
	long rels;                   /* releases seen */
} slg_mon;

/* The decoded outputs of a cycle. */
typedef struct slg_obs {
	uint8_t st[SLG_MAX_WARPS], mode[SLG_MAX_WARPS];
	uint64_t ok, wait, rel;
	long ev[SLG_NEVENTS];
} slg_obs;

typedef struct slg_stim {
	const wg_layout *L;
	long W, C, X, Y, count, en, ed;  /* parameters */
	long s21;                        /* S21_WAKE: SLG_S21_REST or SLG_S21_FIRST_Y */
	long hb;                         /* HB: launch_size_i's width */
	uint64_t wmask;                  /* WARPS low ones */
	long k[SLG_NKNOBS];
	int cs;                          /* directed case, or -1 */
	uint64_t rng;
	slg_mon m;
	slg_obs o;                       /* this cycle's outputs (check phase) */
	/* random generator */
	int8_t sel_at[64];               /* warp selected at cycle t % 64 + 1, 0 for none */
	uint64_t hold;                   /* register accesses waiting for ok_o */
	uint16_t pend_left[SLG_MAX_WARPS];
	long kern_n, kern_size;          /* the current kernel's CTA shape */
	/* directed cases */
	int seen[8];
	long at[8];                      /* cycles a case remembers */
	wg_case_runner run;
} slg_stim;

extern const wg_case_def slg_cases[SLG_NCASES];

/* ---- frame helpers (slg_stim.c) ---- */
void slg_put_launch(const slg_stim *s, uint32_t *in, uint64_t warps, long cta, long size);
void slg_put_arr(const slg_stim *s, uint32_t *in, uint64_t warps);
void slg_put_sel(const slg_stim *s, uint32_t *in, long w);
void slg_put_ext(const slg_stim *s, uint32_t *in, long w);
void slg_put_acc(const slg_stim *s, uint32_t *in, uint64_t warps);
void slg_put_pend(const slg_stim *s, uint32_t *in, uint64_t warps);
/* Decode a cycle's outputs. */
void slg_observe(const slg_stim *s, const uint32_t *out, slg_obs *o);
const char *slg_st_name(int st);
/* A state trace character: A ACT, E ENT, 2 S2, r S21, 1 S1, w WK1, W WK2; -1 for '.' or past the end. */
int slg_trace_st(const char *trace, long t);
/* Block size in threads of n full warps (COUNT = THREADS). */
#define SLG_FULL(n) (32L * (n))

#define W_(w) (UINT64_C(1) << (w))

#endif
