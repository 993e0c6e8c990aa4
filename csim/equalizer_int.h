/* equalizer_int.h - internals of Equalizer's C model shared by the typed
 * model (equalizer.c) and its frame adapter (equalizer_frame.c): the cycle's
 * plan, which the adapter keeps from a frame's eval for the tick of the same
 * frame, and the per-warp masks it keeps while wslot_i and the slots stay the
 * same (issue 29). Contract: docs/equalizer.md. Not for use outside
 * csim/equalizer*.c. */
#ifndef EQUALIZER_INT_H
#define EQUALIZER_INT_H

#include "equalizer.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Controller actions (docs/equalizer.md "The CTA controller"). */
enum { EQ_ACT_NONE, EQ_ACT_PAUSE, EQ_ACT_UNPAUSE, EQ_ACT_REQ };

/* paused_w and the warps of free slots for one wslot_i and one slot state. */
typedef struct eq_wmask {
	uint64_t wpause;          /* warps of paused slots */
	uint64_t wfree;           /* warps whose slot is out of range or free */
	uint32_t valid, paused;   /* the valid_q and paused_q they were made for */
	uint32_t nrun, pad;       /* U: the number of unpaused CTAs (valid & ~paused); (8-byte size) */
} eq_wmask;

/* Everything one cycle decides, computed from the state and the inputs. */
typedef struct eq_plan {
	eq_in in;                 /* the inputs cut to their port widths (but wslot: see the planes) */
	unsigned quiet;           /* !rst_i && !kstart_i */
	unsigned smp, eend;       /* sample_o, the epoch's last cycle */
	uint64_t wpause;          /* paused_w (computed when eval needs it or on a sample cycle) */
	uint64_t wfree;           /* warps whose slot is out of range or free (with wpause) */
	eq_sample_counts cnt;     /* this cycle's classification (a sample cycle) */
	eq_sample_counts sums;    /* counters + cnt (the bypass) */
	eq_decision dec;          /* Alg. 1 on sums (epoch end) */
	int act, slot;            /* controller action EQ_ACT_* and its slot */
	unsigned t_d;             /* next t_q */
	unsigned hdir_d, hcnt_d;  /* next hdir_q, hcnt_q */
	unsigned evm;             /* the cycle's events, bit EQ_EV_* (0 in a reset cycle) */
} eq_plan;

struct eq_model {
	eq_cfg cfg;                    /* parameter values */
	int slog;                      /* log2(S) */
	int sb, tb, wb;                /* SB, TB, WB: slot, T and wcta_i widths */
	uint64_t wmask;                /* WARPS low ones */
	unsigned cmask;                /* MAX_CTAS low ones */
	unsigned smask, tmask, wbmask; /* SB, TB and WB low ones: the slot, kmax_i and wcta_i widths */
	unsigned spm, epm;             /* SAMPLE_PERIOD - 1, EPOCH - 1 (powers of two: cyc_q's masks) */
	unsigned act, wait, xalu, xmem; /* act_q, wait_q, xalu_q, xmem_q: the epoch's sums so far */
	unsigned cyc;                  /* cyc_q: cycle within the epoch */
	unsigned t;                    /* t_q: T (numBlocks) */
	unsigned hdir;                 /* hdir_q: 0 = +1, 1 = -1 */
	unsigned hcnt;                 /* hcnt_q: consecutive equal non-zero decisions */
	unsigned valid, paused;        /* valid_q, paused_q: per slot */
	uint16_t older[EQ_MAX_CTAS];   /* older_q: bit j of row i = slot i launched before slot j */
	unsigned rpend;                /* rpend_q: a CTA request is outstanding */
	unsigned dvalid, delta, vote;  /* dvalid_q, delta_q (2-bit code), vote_q */
	eq_sample_counts last;         /* the sums of the last decision (model only) */
	unsigned krun;                 /* model only: a kernel runs (protocol check) */
	unsigned kmax_k, wcta_k;       /* model only: kmax_i, wcta_i at its kstart_i */
	uint64_t counts[EQ_NEVENTS];   /* cumulative events (reset cycles excluded) */
};

/* cyc_q is a sample cycle's (sample_o). */
static inline unsigned eq_sample_cycle(const eq_model *m)
{
	return (m->cyc & m->spm) == m->spm;
}

/* wm made for the model's valid_q and paused_q (wplane: wslot_i as bit planes). */
void eq_wmask_make(const eq_model *m, const uint64_t *wplane, eq_wmask *wm);
/* The same unless wm is theirs already (wplane the same as when wm was made). */
static inline void eq_wmask_update(const eq_model *m, const uint64_t *wplane, eq_wmask *wm)
{
	if (wm->valid != m->valid || wm->paused != m->paused)
		eq_wmask_make(m, wplane, wm);
}
/* The plan of the state and the inputs `raw`, cut to their ports' widths
 * into pl->in. wm: the per-warp masks of this state (from eq_wmask_update),
 * or NULL: made from wplane when needed (`outs`: eval's outputs and checks
 * need them). */
void eq_plan_make(const eq_model *m, const eq_in *raw, const uint64_t *wplane, const eq_wmask *wm, eq_plan *pl,
		  int outs);
/* The same for inputs already in pl->in, every field within its port's width
 * (the frame adapter's unpack cuts them as eq_clip does). */
void eq_plan_of(const eq_model *m, const uint64_t *wplane, const eq_wmask *wm, eq_plan *pl, int outs);
/* First violated rule of "Protocol" into msg; 0 when none. */
int eq_plan_check(const eq_model *m, const eq_plan *pl, const uint64_t *wplane, char *msg, size_t n);
/* 1: no rule of "Protocol" can fire, without taking them one by one (a reset
 * cycle, or the per-warp rules hold, no launch, done or kernel start, and
 * kmax_i and wcta_i in range and as at the running kernel's start); 0 (also
 * for a cycle that breaks none): eq_plan_check decides. */
static inline int eq_plan_fine(const eq_model *m, const eq_plan *pl)
{
	const eq_in *in = &pl->in;
	uint64_t warps = (in->iss & (~in->hv | ~in->hrdy | pl->wpause)) | (in->hv & pl->wfree);
	unsigned ev = in->launch | in->done | in->kstart;
	unsigned range = (in->kmax > (unsigned)m->cfg.max_ctas) | (in->wcta > (unsigned)m->cfg.warps);
	unsigned kdiff = (in->kmax ^ m->kmax_k) | (in->wcta ^ m->wcta_k);
	unsigned kern = (in->kmax != 0) & ((in->wcta == 0) | (m->krun & (kdiff != 0)));
	return in->rst | (!warps & !(ev | range | kern));
}
/* The clock edge with the plan of this state and inputs. */
void eq_plan_apply(eq_model *m, const eq_plan *pl);

#ifdef __cplusplus
}
#endif

#endif
