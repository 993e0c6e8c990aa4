/* equalizer.h - Equalizer's per-SM block (Sethia 2015, ch. III): warp-state
 * counters sampled every SAMPLE_PERIOD cycles, Algorithm 1 at each epoch's
 * end, the thread-block (CTA) count with its 3-epoch hysteresis, CTA
 * pausing, requests to the work distributor, and the SM's frequency vote.
 * Descriptor indices and the C cycle model.
 *
 * The cycle-level contract is docs/equalizer.md; the C model (equalizer.c)
 * and the Verilog template (rtl_templates/equalizer.v) both implement
 * exactly that page. */
#ifndef EQUALIZER_H
#define EQUALIZER_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parameter indices (order of the descriptor's parameter table). */
enum {
	EQ_P_WARPS,
	EQ_P_SAMPLE_PERIOD,
	EQ_P_EPOCH,
	EQ_P_MAX_CTAS,
	EQ_P_HYSTERESIS,
	EQ_P_OBJECTIVE,
	EQ_P_NORM,
	EQ_P_BARRIER_IS_ACTIVE,
	EQ_P_XMEM_STRICT,
	EQ_NPARAMS
};

enum { EQ_OBJ_ENERGY, EQ_OBJ_PERFORMANCE };  /* OBJECTIVE choices */
enum { EQ_NORM_SCALED, EQ_NORM_SHIFT };      /* NORM choices */

/* Port indices (order of the descriptor's port table). */
enum {
	EQ_RST_I,
	/* kernel */
	EQ_KSTART_I, EQ_KMAX_I, EQ_WCTA_I, EQ_GWDE_AVAIL_I,
	/* CTA slots */
	EQ_LAUNCH_I, EQ_LAUNCH_SLOT_I, EQ_DONE_I, EQ_DONE_SLOT_I,
	/* warps */
	EQ_WSLOT_I, EQ_HV_I, EQ_HRDY_I, EQ_HMEM_I, EQ_HBAR_I, EQ_ISS_I, EQ_LSU_FULL_I,
	/* outputs */
	EQ_WPAUSE_O, EQ_CTA_VALID_O, EQ_CTA_PAUSED_O, EQ_CTA_REQ_O, EQ_NBLOCKS_O,
	EQ_SAMPLE_O, EQ_DEC_VALID_O, EQ_DELTA_O, EQ_VOTE_O, EQ_VF_O,
	EQ_EV_O,
	EQ_NPORTS
};

/* Energy events (one bit each in ev_o, LSB first). */
enum {
	EQ_EV_SAMPLE,   /* a sample: every warp classified, four counters added */
	EQ_EV_DECIDE,   /* Algorithm 1 evaluated at an epoch's end */
	EQ_EV_VOTE,     /* a frequency request (not NONE) sent with the decision */
	EQ_EV_TCHANGE,  /* numBlocks (T) changed after the hysteresis */
	EQ_EV_PAUSE,    /* a CTA paused */
	EQ_EV_UNPAUSE,  /* a CTA unpaused */
	EQ_EV_CTA_REQ,  /* one CTA requested from the work distributor */
	EQ_NEVENTS
};

/* vote_o: Algorithm 1's action. */
enum { EQ_VOTE_NONE = 0, EQ_VOTE_COMP = 1, EQ_VOTE_MEM = 2 };
/* delta_o: the epoch's raw numBlocks decision, two's complement in 2 bits. */
enum { EQ_DELTA_ZERO = 0, EQ_DELTA_INC = 1, EQ_DELTA_DEC = 3 };
/* vf_o: the frequency request, vote mapped through OBJECTIVE (bit 0 valid,
 * bit 1 domain: 0 SM, 1 memory; bit 2 direction: 1 raise, 0 lower). Also
 * vf_manager's req_i encoding. */
#define EQ_VF_VALID 1u
#define EQ_VF_MEM 2u
#define EQ_VF_UP 4u
#define EQ_VF_BITS 3

extern const wg_block wg_block_equalizer;

#define EQ_MAX_WARPS 64
#define EQ_MAX_CTAS 16
#define EQ_MSG_LEN 160

/* Parameter values and derived widths (docs/equalizer.md "Parameters"). */
typedef struct eq_cfg {
	int warps;          /* WARPS: warps per SM */
	int sample_period;  /* SAMPLE_PERIOD: cycles between samples (power of two) */
	int epoch;          /* EPOCH: cycles per epoch (power of two, >= SAMPLE_PERIOD) */
	int max_ctas;       /* MAX_CTAS: CTA slots per SM */
	int hysteresis;     /* HYSTERESIS: consecutive equal decisions before T changes */
	int objective;      /* OBJECTIVE: EQ_OBJ_* */
	int norm;           /* NORM: EQ_NORM_* */
	int barrier_active; /* BARRIER_IS_ACTIVE: 1 = a warp at a barrier counts as active */
	int xmem_strict;    /* XMEM_STRICT: 1 = X_mem only while lsu_full_i */
} eq_cfg;

/* Derived (docs/equalizer.md "Derived widths"). */
int eq_samples(const eq_cfg *c);     /* S = EPOCH / SAMPLE_PERIOD */
int eq_cnt_bits(const eq_cfg *c);    /* CW = clog2(WARPS*S + 1): 11 at the defaults */
int eq_cyc_bits(const eq_cfg *c);    /* log2(EPOCH): 12 at the defaults */
int eq_slot_bits(const eq_cfg *c);   /* SB = max(1, clog2(MAX_CTAS)) */
int eq_t_bits(const eq_cfg *c);      /* TB = clog2(MAX_CTAS + 1): T, kmax_i */
int eq_wcta_bits(const eq_cfg *c);   /* clog2(WARPS + 1): wcta_i */
int eq_hcnt_bits(const eq_cfg *c);   /* max(1, clog2(HYSTERESIS + 1)) */

/* Inputs of one cycle. */
typedef struct eq_in {
	unsigned rst;                   /* rst_i */
	unsigned kstart;                /* kstart_i: a new kernel starts at this edge */
	unsigned kmax;                  /* kmax_i: occupancy limit of the running kernel (0: none) */
	unsigned wcta;                  /* wcta_i: warps per CTA of the running kernel */
	unsigned gwde_avail;            /* gwde_avail_i: the kernel has unlaunched CTAs */
	unsigned launch, launch_slot;   /* cta_launch_i, cta_launch_slot_i */
	unsigned done, done_slot;       /* cta_done_i, cta_done_slot_i */
	uint8_t wslot[EQ_MAX_WARPS];    /* wslot_i: each warp's CTA slot */
	uint64_t hv, hrdy, hmem, hbar;  /* per warp: head valid, operands ready, LD/ST, at a barrier */
	uint64_t iss;                   /* per warp: issued this cycle */
	unsigned lsu_full;              /* lsu_full_i: the LD/ST queue cannot accept this cycle */
} eq_in;

/* Outputs of one cycle. */
typedef struct eq_out {
	uint64_t wpause;                /* wpause_o: per warp, its CTA is paused */
	unsigned cta_valid, cta_paused; /* per slot */
	unsigned cta_req;               /* cta_req_o */
	unsigned nblocks;               /* nblocks_o: T */
	unsigned sample;                /* sample_o: this cycle is a sample cycle */
	unsigned dec_valid;             /* dec_valid_o: the decision below is new (cycle after an epoch end) */
	unsigned delta, vote, vf;       /* delta_o, vote_o, vf_o (held until the next decision) */
	unsigned ev[EQ_NEVENTS];        /* ev_o bits */
	char msg[EQ_MSG_LEN];           /* protocol violation, "" when none */
} eq_out;

/* One sample's classification counts (for unit tests and statistics). */
typedef struct eq_sample_counts {
	unsigned active, waiting, xalu, xmem;
} eq_sample_counts;

/* Algorithm 1 on one epoch's sums (pure; exposed for tests and docs). */
typedef struct eq_decision {
	int delta;                      /* -1, 0, +1 */
	int vote;                       /* EQ_VOTE_* */
	int line;                       /* the line of Alg. 1 that decided (8, 11, 13, 15, 22; 0: none taken) */
} eq_decision;

typedef struct eq_model eq_model;

void eq_cfg_default(eq_cfg *c);
void eq_cfg_from_params(eq_cfg *c, const long *p);   /* p: EQ_NPARAMS values */
void eq_cfg_to_params(const eq_cfg *c, long *p);

/* Pure functions of the contract. */
eq_sample_counts eq_classify(const eq_cfg *c, const eq_in *in, uint64_t wpause);
eq_decision eq_decide(const eq_cfg *c, unsigned long xm, unsigned long xa, unsigned long wt, unsigned long a,
		      unsigned wcta);
unsigned eq_vf_of_vote(const eq_cfg *c, int vote);   /* vote through OBJECTIVE -> vf_o */

/* Construction: eq_size bytes of 8-byte-aligned memory, no self pointers
 * (may be copied with memcpy); the model starts in the reset state. */
size_t eq_size(const eq_cfg *c);
eq_model *eq_init(void *mem, const eq_cfg *c);
eq_model *eq_new(const eq_cfg *c);
void eq_free(eq_model *m);

/* One cycle: eq_eval (any number of times, no effect on the state) returns
 * 0 or -1 on a protocol violation (reason in out->msg); then eq_tick. */
int eq_eval(const eq_model *m, const eq_in *in, eq_out *out);
void eq_tick(eq_model *m, const eq_in *in);
/* The same with wslot_i given as bit planes instead of in->wslot (not read):
 * bit w of wplane[b] = bit b of warp w's slot, planes b >= SB zero. The frame
 * adapter's path: the per-warp masks come from one AND per slot bit and slot,
 * with no loop over the warps (issue 29). eq_wplanes makes them from bytes. */
#define EQ_WPLANES 4 /* SB <= 4 */
void eq_wplanes(const eq_cfg *c, const uint8_t *wslot, uint64_t wplane[EQ_WPLANES]);
int eq_eval_pl(const eq_model *m, const eq_in *in, const uint64_t *wplane, eq_out *out);
void eq_tick_pl(eq_model *m, const eq_in *in, const uint64_t *wplane);
void eq_reset(eq_model *m);

/* Read-only state (for stimulus, statistics and unit tests). */
const eq_cfg *eq_config(const eq_model *m);
const uint64_t *eq_counts(const eq_model *m);        /* EQ_NEVENTS cumulative counts */
unsigned eq_cyc(const eq_model *m);                  /* cyc_q: cycle within the epoch */
/* The four statistics counters (active, waiting, X_alu, X_mem sums so far). */
eq_sample_counts eq_stats(const eq_model *m);
/* The sums the last decision was taken on (all 0 before the first one). */
eq_sample_counts eq_last_sums(const eq_model *m);
unsigned eq_target(const eq_model *m);               /* T (nblocks_o) */
int eq_hyst_dir(const eq_model *m);                  /* -1 or +1 (meaningful when eq_hyst_cnt > 0) */
unsigned eq_hyst_cnt(const eq_model *m);
unsigned eq_valid(const eq_model *m);                /* cta_valid_q */
unsigned eq_paused(const eq_model *m);               /* cta_paused_q */
int eq_older(const eq_model *m, int i, int j);       /* age matrix: slot i launched before slot j */
unsigned eq_req_pending(const eq_model *m);          /* req_pend_q */

/* Frame-level entry points used through wg_block_equalizer. */
size_t eq_model_size(const long *p);
void eq_model_init(void *m, const long *p, const wg_layout *L);
int eq_model_eval(void *m, const uint32_t *in, uint32_t *out, char *err, size_t errn);
void eq_model_tick(void *m, const uint32_t *in);
const uint64_t *eq_model_counts(const void *m);

#ifdef __cplusplus
}
#endif

#endif
