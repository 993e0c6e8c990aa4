/* slg.h - the sync-aware two-level power-gating controller (Jooya &
 * Baniasadi, DATE 2013, §III): descriptor indices and the C cycle model.
 *
 * The cycle-level contract is docs/slg.md; the C model (slg.c) and the
 * Verilog template (rtl_templates/slg.v) both implement exactly that page. */
#ifndef SLG_H
#define SLG_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parameter indices (order of the descriptor's parameter table). */
enum {
	SLG_P_WARPS,
	SLG_P_CTAS,
	SLG_P_X,
	SLG_P_Y,
	SLG_P_COUNT,
	SLG_P_ENABLE,
	SLG_P_ENTER_DELAY,
	SLG_P_S21_WAKE,
	SLG_NPARAMS
};

enum { SLG_COUNT_WARPS = 0, SLG_COUNT_THREADS = 1 };  /* COUNT */
enum { SLG_S21_REST = 0, SLG_S21_FIRST_Y = 1 };       /* S21_WAKE */

/* Region states (st_o fields; docs/slg.md "State"). */
enum { SLG_ACT = 0, SLG_ENT = 1, SLG_S2 = 2, SLG_S21 = 3, SLG_S1 = 4, SLG_WK1 = 5, SLG_WK2 = 6 };

/* Leakage modes (mode_o fields). */
enum { SLG_MODE_ACTIVE = 0, SLG_MODE_SLG1 = 1, SLG_MODE_SLG2 = 2 };

/* Port indices (order of the descriptor's port table). */
enum {
	SLG_RST_I,
	SLG_LAUNCH_I, SLG_LAUNCH_CTA_I, SLG_LAUNCH_SIZE_I,
	SLG_EXT_VALID_I, SLG_EXT_WARP_I,
	SLG_ARR_I,
	SLG_SEL_VALID_I, SLG_SEL_WARP_I,
	SLG_ACC_I, SLG_PEND_I,
	SLG_MODE_O, SLG_ST_O, SLG_OK_O, SLG_WAIT_O, SLG_REL_O,
	SLG_EV_O,
	SLG_NPORTS
};

/* Energy events (fields of ev_o, LSB first). */
enum {
	SLG_EV_ARRIVE, SLG_EV_RELEASE, SLG_EV_ENTER, SLG_EV_TO_SLG1,
	SLG_EV_WAKE1, SLG_EV_WAKE2, SLG_EV_STALL, SLG_EV_SLG1, SLG_EV_SLG2,
	SLG_NEVENTS
};

#define SLG_MAX_WARPS 64
#define SLG_MAX_CTAS 64

extern const wg_block wg_block_slg;

/* ---- the C model's API (slg.c) follows ---- */

#define SLG_MSG_LEN 160

/* Parameter values (docs/slg.md "Parameters"). */
typedef struct slg_cfg {
	int warps;        /* WARPS: warp slots, one gating domain each */
	int ctas;         /* CTAS: resident thread blocks (CTA slots) */
	int x;            /* X: SLG1 -> ACTIVE wake-up, cycles */
	int y;            /* Y: SLG2 -> ACTIVE wake-up, cycles (> X) */
	int count;        /* COUNT: SLG_COUNT_WARPS or SLG_COUNT_THREADS */
	int enable;       /* ENABLE: 0 = no region ever leaves ACTIVE */
	int enter_delay;  /* ENTER_DELAY: cycles from the decision to SLG2 */
	int s21_wake;     /* S21_WAKE: SLG_S21_REST or SLG_S21_FIRST_Y */
} slg_cfg;

/* Derived widths (docs/slg.md "Derived widths"). */
typedef struct slg_dims {
	int wb;           /* max(1, clog2(WARPS)): a warp id */
	int cb;           /* max(1, clog2(CTAS)): a CTA id (port) */
	int cbits;        /* clog2(CTAS): bits of cta_q per warp (0 when CTAS = 1) */
	int nb;           /* clog2(WARPS + 1): a count of warps */
	int rb;           /* clog2(CTAS + 1): a count of CTAs */
	int tb;           /* max(1, clog2(max(Y - 1, ENTER_DELAY) + 1)): the timer */
	int hb;           /* clog2(32 WARPS + 1): a count of threads */
} slg_dims;

/* Inputs of one cycle; per-warp vectors: bit w = warp w. */
typedef struct slg_in {
	unsigned rst;          /* rst_i */
	uint64_t launch;       /* launch_i */
	unsigned launch_cta;   /* launch_cta_i */
	unsigned launch_size;  /* launch_size_i (COUNT = THREADS) */
	unsigned ext_valid;    /* ext_valid_i */
	unsigned ext_warp;     /* ext_warp_i */
	uint64_t arr;          /* arr_i */
	unsigned sel_valid;    /* sel_valid_i */
	unsigned sel_warp;     /* sel_warp_i */
	uint64_t acc;          /* acc_i */
	uint64_t pend;         /* pend_i */
} slg_in;

/* Outputs of one cycle. */
typedef struct slg_out {
	uint8_t mode[SLG_MAX_WARPS];  /* mode_o per warp: SLG_MODE_* */
	uint8_t st[SLG_MAX_WARPS];    /* st_o per warp: SLG_ACT .. SLG_WK2 */
	uint64_t ok;                  /* ok_o */
	uint64_t wait;                /* wait_o */
	uint64_t rel;                 /* rel_o, bit c = CTA c */
	unsigned ev[SLG_NEVENTS];     /* ev_o fields (all 0 in a reset cycle) */
	char msg[SLG_MSG_LEN];        /* protocol violation, "" when none */
} slg_out;

/* slg_eval return values: 0, or the first violated rule of "Protocol". */
enum {
	SLG_OK = 0,
	SLG_E_LAUNCH,       /* launch_i for a live warp or w >= WARPS */
	SLG_E_LAUNCH_CTA,   /* launch_cta_i >= CTAS in a launch */
	SLG_E_CTA_BUSY,     /* a launch into a CTA slot that still has a live warp */
	SLG_E_LAUNCH_SIZE,  /* COUNT = THREADS: launch_size_i outside 1..32 WARPS */
	SLG_E_ARR,          /* arr_i for a warp not live, waiting or exiting */
	SLG_E_SEL,          /* sel_warp_i >= WARPS with sel_valid_i */
	SLG_E_EXT,          /* ext_warp_i >= WARPS with ext_valid_i */
	SLG_E_ACC,          /* acc_i for a warp that is not live */
	SLG_E_PEND          /* pend_i for a warp that is not live */
};

typedef struct slg_model slg_model;

void slg_cfg_default(slg_cfg *c);
void slg_cfg_from_params(slg_cfg *c, const long *p);   /* p: SLG_NPARAMS values */
void slg_cfg_to_params(const slg_cfg *c, long *p);
void slg_dims_of(const slg_cfg *c, slg_dims *d);

/* Construction: slg_size bytes of 8-byte-aligned memory, no self pointers
 * (may be copied with memcpy); the model starts in the reset state. */
size_t slg_size(const slg_cfg *c);
slg_model *slg_init(void *mem, const slg_cfg *c);
slg_model *slg_new(const slg_cfg *c);
void slg_free(slg_model *m);

/* One cycle: slg_eval (any number of times, no effect on the state), then
 * slg_tick (the rising edge; reset when in->rst). */
int slg_eval(const slg_model *m, const slg_in *in, slg_out *out);
/* slg_eval that keeps its plan in the model: the next slg_tick with the same inputs applies it
 * instead of deciding the cycle again (the frame adapter's eval; issue 29). */
int slg_eval_keep(slg_model *m, const slg_in *in, slg_out *out);
void slg_tick(slg_model *m, const slg_in *in);
void slg_reset(slg_model *m);

/* Read-only state. */
const slg_cfg *slg_config(const slg_model *m);
const slg_dims *slg_dims_get(const slg_model *m);
const uint64_t *slg_counts(const slg_model *m);   /* SLG_NEVENTS cumulative counts (reset cycles excluded) */
int slg_st(const slg_model *m, int w);            /* st_q[w], -1 out of range */
int slg_timer(const slg_model *m, int w);         /* tm_q[w], -1 out of range */
int slg_mode(const slg_model *m, int w);          /* the mode_o field of st_q[w], -1 out of range */
int slg_cta(const slg_model *m, int w);           /* cta_q[w], -1 out of range */
int slg_frst(const slg_model *m, int c);          /* frst_q[c] (0 unless S21_WAKE = FIRST_Y and ENABLE = 1), -1 out of range */
uint64_t slg_live(const slg_model *m);            /* live_q */
uint64_t slg_wait(const slg_model *m);            /* wait_q */
uint64_t slg_ok(const slg_model *m);              /* ok_o of the current state */
uint64_t slg_last(const slg_model *m);            /* lst_q (COUNT = THREADS) */
unsigned slg_thr_q(const slg_model *m);           /* thr_q (COUNT = THREADS) */
unsigned slg_bsz_q(const slg_model *m);           /* bsz_q (COUNT = THREADS) */

/* Frame-level entry points used through wg_block_slg (slg_frame.c). The
 * frame model is an slg_model followed by its wg_layout. */
size_t slg_model_size(const long *p);
void slg_model_init(void *m, const long *p, const wg_layout *L);
int slg_model_eval(void *m, const uint32_t *in, uint32_t *out, char *err, size_t errn);
void slg_model_tick(void *m, const uint32_t *in);
const uint64_t *slg_model_counts(const void *m);

#ifdef __cplusplus
}
#endif

#endif
