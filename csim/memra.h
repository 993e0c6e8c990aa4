/* memra.h - MEM_RA's per-warp stall counter, Eq. 1 predictor and TRWS
 * priority (Xie et al. 2017, hybrid CMOS/TFET register file, §4.1.1,
 * §4.1.2.2-3, §4.2.3): descriptor indices and the C cycle model.
 *
 * The cycle-level contract is docs/memra.md; the C model (memra.c) and the
 * Verilog template (rtl_templates/memra.v) both implement exactly that page. */
#ifndef MEMRA_H
#define MEMRA_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parameter indices (order of the descriptor's parameter table). */
enum {
	MR_P_WARPS,
	MR_P_CNT_BITS,
	MR_P_THR_ACC,
	MR_P_REF_SHIFT,
	MR_P_SAMPLE_PERIOD,
	MR_NPARAMS
};

/* Port indices (order of the descriptor's port table). */
enum {
	MR_RST_I,
	MR_LD_I, MR_DONE_VALID_I, MR_DONE_WARP_I, MR_GRANT_I,
	MR_WANT_O, MR_PRIO_O, MR_CNT_O, MR_MEAS_O, MR_SAMPLE_O,
	MR_EV_O,
	MR_NPORTS
};

/* Energy events (fields of ev_o, LSB first). */
enum { MR_EV_START, MR_EV_PREDICT, MR_EV_GRANT, MR_EV_SAMPLE, MR_NEVENTS };

#define MR_MAX_WARPS 64
#define MR_MAX_CNT_BITS 16

extern const wg_block wg_block_memra;

/* ---- the C model's API (memra.c) follows ---- */

#define MR_MSG_LEN 160

/* Parameter values (docs/memra.md "Parameters"). */
typedef struct mr_cfg {
	int warps;          /* WARPS: warp slots, one counter each */
	int cnt_bits;       /* CNT_BITS: counter width (saturates at 2^CNT_BITS - 1) */
	int thr_acc;        /* THR_ACC: latency under a perfect memory system, cycles */
	int ref_shift;      /* REF_SHIFT: ref_acc = 2^REF_SHIFT */
	int sample_period;  /* SAMPLE_PERIOD: cycles between updates of sample_acc */
} mr_cfg;

/* Derived widths (docs/memra.md "Derived widths"). */
typedef struct mr_dims {
	int wb;             /* max(1, clog2(WARPS)): a warp id */
	int cb;             /* CNT_BITS: a counter */
	int pb;             /* clog2(SAMPLE_PERIOD): the period counter (0 at a period of 1) */
	int nb;             /* clog2(WARPS + 1): a count of warps */
} mr_dims;

/* Inputs of one cycle; per-warp vectors: bit w = warp w. */
typedef struct mr_in {
	unsigned rst;        /* rst_i */
	uint64_t ld;         /* ld_i: an off-chip load of the warp leaves the SM */
	unsigned done_valid; /* done_valid_i: the last piece of a warp's latest off-chip load
	                      * returns (one completion per cycle) */
	unsigned done_warp;  /* done_warp_i: its warp (read only with done_valid) */
	uint64_t grant;      /* grant_i: the rename stage gave the warp a TFET destination */
} mr_in;

/* Outputs of one cycle. */
typedef struct mr_out {
	uint64_t want;                  /* want_o: BUDGET & cnt > 1 */
	uint64_t prio;                  /* prio_o: BUDGET & cnt > 0 (TRWS) */
	uint16_t cnt[MR_MAX_WARPS];     /* cnt_o per warp */
	uint64_t meas;                  /* meas_o: 1 MEASURE, 0 BUDGET */
	unsigned sample;                /* sample_o: smp_q (last_q at SAMPLE_PERIOD = 1) */
	unsigned ev[MR_NEVENTS];        /* ev_o fields (all 0 in a reset cycle) */
	char msg[MR_MSG_LEN];           /* protocol violation, "" when none */
} mr_out;

/* mr_eval return values: 0, or the first violated rule of "Protocol". */
enum {
	MR_OK = 0,
	MR_E_RANGE,         /* a bit of ld_i or grant_i at w >= WARPS, or done_warp_i >= WARPS
	                     * with done_valid_i */
	MR_E_GRANT,         /* grant_i while want_o is 0 (MEASURE, or cnt <= 1) */
	MR_E_GRANT_LD       /* grant_i together with ld_i for the same warp */
};

typedef struct mr_model mr_model;

void mr_cfg_default(mr_cfg *c);
void mr_cfg_from_params(mr_cfg *c, const long *p);   /* p: MR_NPARAMS values */
void mr_cfg_to_params(const mr_cfg *c, long *p);
void mr_dims_of(const mr_cfg *c, mr_dims *d);

/* Eq. 1 (docs/memra.md "One cycle", A8): the budget SC of a load of latency
 * prev (already saturated) at sample_acc = sample, thr_acc = thr and
 * ref_acc = 2^shift: 0 when prev <= thr; prev - thr when sample >= 2^shift;
 * else (sample * (prev - thr)) >> shift. A pure function. */
unsigned mr_eq1(unsigned prev, unsigned sample, unsigned thr, unsigned shift);

/* Construction: mr_size bytes of 8-byte-aligned memory, no self pointers
 * (may be copied with memcpy); the model starts in the reset state. */
size_t mr_size(const mr_cfg *c);
mr_model *mr_init(void *mem, const mr_cfg *c);
mr_model *mr_new(const mr_cfg *c);
void mr_free(mr_model *m);

/* One cycle: mr_eval (any number of times, no effect on the state), then
 * mr_tick (the rising edge; reset when in->rst). */
int mr_eval(const mr_model *m, const mr_in *in, mr_out *out);
/* mr_eval's events (ev: MR_NEVENTS fields) and protocol check (msg: n bytes,
 * "" when none) alone, without the state's outputs (the frame adapter's
 * path: it copies those from the accessors below). */
int mr_eval_ev(const mr_model *m, const mr_in *in, unsigned *ev, char *msg, size_t n);
void mr_tick(mr_model *m, const mr_in *in);
void mr_reset(mr_model *m);

/* Read-only state. */
const mr_cfg *mr_config(const mr_model *m);
const mr_dims *mr_dims_get(const mr_model *m);
const uint64_t *mr_counts(const mr_model *m);  /* MR_NEVENTS cumulative counts (reset cycles excluded) */
int mr_cnt(const mr_model *m, int w);           /* cnt_q[w], -1 out of range */
uint64_t mr_meas(const mr_model *m);            /* meas_q */
uint64_t mr_want(const mr_model *m);            /* want_o of the current state */
uint64_t mr_prio(const mr_model *m);            /* prio_o of the current state */
unsigned mr_last(const mr_model *m);            /* last_q */
unsigned mr_sample(const mr_model *m);          /* smp_q (last_q at SAMPLE_PERIOD = 1) */
unsigned mr_pc(const mr_model *m);              /* pc_q */
const uint32_t *mr_cnt_packed(const mr_model *m); /* cnt_q as cnt_o: CNT_BITS per warp, warp 0 from
                                                  * bit 0 of word 0; the bits past WARPS x CNT_BITS
                                                  * are 0 */

/* Frame-level entry points used through wg_block_memra (memra_frame.c). The
 * frame model is an mr_model followed by its wg_layout. */
size_t mr_model_size(const long *p);
void mr_model_init(void *m, const long *p, const wg_layout *L);
int mr_model_eval(void *m, const uint32_t *in, uint32_t *out, char *err, size_t errn);
void mr_model_tick(void *m, const uint32_t *in);
const uint64_t *mr_model_counts(const void *m);

#ifdef __cplusplus
}
#endif

#endif
