/* tuba.h - TUBA, the TFET-register-utilization-aware block allocation
 * (Xie et al. 2017, hybrid CMOS/TFET register file, §4.2.2, Fig. 7): the
 * per-SM limit on resident thread blocks. Descriptor indices and the C
 * cycle model.
 *
 * The cycle-level contract is docs/tuba.md; the C model (tuba.c) and the
 * Verilog template (rtl_templates/tuba.v) both implement exactly that page. */
#ifndef TUBA_H
#define TUBA_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parameter indices (order of the descriptor's parameter table). */
enum {
	TB_P_TFET_REGS,
	TB_P_DW_PCT,
	TB_P_UP_PCT,
	TB_P_MAX_BLOCKS,
	TB_P_EVAL_PERIOD,
	TB_NPARAMS
};

/* Port indices (order of the descriptor's port table). */
enum {
	TB_RST_I,
	TB_START_I, TB_OCC_I,
	TB_DONE_I, TB_FREE_I, TB_RES_I,
	TB_LIM_O, TB_ACCEPT_O,
	TB_EV_O,
	TB_NPORTS
};

/* Energy events (bits of ev_o, LSB first). */
enum { TB_EV_EVAL, TB_EV_DEC, TB_EV_INC, TB_NEVENTS };

extern const wg_block wg_block_tuba;

/* ---- the C model's API (tuba.c) follows ---- */

#define TB_MSG_LEN 160

/* Parameter values (docs/tuba.md "Parameters"). */
typedef struct tb_cfg {
	int tfet_regs;      /* TFET_REGS: TFET warp-registers of the SM (N_TFET) */
	int dw_pct;         /* DW_PCT: lower the limit below this share of free TFET registers, % */
	int up_pct;         /* UP_PCT: raise it above this share, % (> DW_PCT) */
	int max_blocks;     /* MAX_BLOCKS: the architectural block limit */
	int eval_period;    /* EVAL_PERIOD: 0 at each block completion, N every N cycles */
} tb_cfg;

/* Derived widths (docs/tuba.md "Derived widths"). */
typedef struct tb_dims {
	int fb;             /* clog2(TFET_REGS + 1): a count of TFET registers */
	int lb;             /* clog2(MAX_BLOCKS + 1): a count of blocks */
	int pb;             /* clog2(EVAL_PERIOD), 0 when EVAL_PERIOD <= 1: the period counter */
} tb_dims;

/* Inputs of one cycle. */
typedef struct tb_in {
	unsigned rst;       /* rst_i */
	unsigned start;     /* start_i: a kernel starts */
	unsigned occ;       /* occ_i: its occupancy limit in blocks (read with start_i) */
	unsigned done;      /* done_i: a block of this SM completed (registers already released) */
	unsigned free;      /* free_i: free TFET registers of the SM */
	unsigned res;       /* res_i: resident blocks after this cycle's completion */
} tb_in;

/* Outputs of one cycle. */
typedef struct tb_out {
	unsigned lim;                   /* lim_o: lim_q */
	unsigned accept;                /* accept_o: res_i < lim_n */
	unsigned ev[TB_NEVENTS];        /* ev_o bits: eval, dec, inc */
	char msg[TB_MSG_LEN];           /* protocol violation, "" when none */
} tb_out;

/* tb_eval return values: 0, or the first violated rule of "Protocol". */
enum {
	TB_OK = 0,
	TB_E_OCC,           /* start_i with occ_i outside 1..MAX_BLOCKS */
	TB_E_FREE,          /* free_i > TFET_REGS */
	TB_E_RES            /* res_i > MAX_BLOCKS */
};

typedef struct tb_model tb_model;

void tb_cfg_default(tb_cfg *c);
void tb_cfg_from_params(tb_cfg *c, const long *p);   /* p: TB_NPARAMS values */
void tb_cfg_to_params(const tb_cfg *c, long *p);
void tb_dims_of(const tb_cfg *c, tb_dims *d);

/* The thresholds (A19, strict, in integers): free TFET registers that lower
 * the limit (100 free < DW_PCT TFET_REGS) and that raise it (100 free >
 * UP_PCT TFET_REGS). Pure functions of the configuration. */
int tb_low(const tb_cfg *c, unsigned free_regs);
int tb_high(const tb_cfg *c, unsigned free_regs);

/* Construction: tb_size bytes of 8-byte-aligned memory, no self pointers
 * (may be copied with memcpy); the model starts in the reset state. */
size_t tb_size(const tb_cfg *c);
tb_model *tb_init(void *mem, const tb_cfg *c);
tb_model *tb_new(const tb_cfg *c);
void tb_free(tb_model *m);

/* One cycle: tb_eval (any number of times, no effect on the state), then
 * tb_tick (the rising edge; reset when in->rst). */
int tb_eval(const tb_model *m, const tb_in *in, tb_out *out);
/* tb_eval's outputs without tb_out: lim_o, accept_o and the events as bits
 * (bit e is event e); the same return value, no message (tb_eval has it). */
int tb_eval_bits(const tb_model *m, const tb_in *in, unsigned *lim, unsigned *accept, unsigned *evs);
void tb_tick(tb_model *m, const tb_in *in);
void tb_reset(tb_model *m);

/* Read-only state. */
const tb_cfg *tb_config(const tb_model *m);
const tb_dims *tb_dims_get(const tb_model *m);
const uint64_t *tb_counts(const tb_model *m);  /* TB_NEVENTS cumulative counts (reset cycles excluded) */
unsigned tb_lim(const tb_model *m);             /* lim_q (0 before the first kernel) */
unsigned tb_cap(const tb_model *m);             /* cap_q */
unsigned tb_pc(const tb_model *m);              /* pc_q (0 unless EVAL_PERIOD > 1) */

/* Frame-level entry points used through wg_block_tuba (tuba_frame.c). The
 * frame model is a tb_model followed by its wg_layout. */
size_t tb_model_size(const long *p);
void tb_model_init(void *m, const long *p, const wg_layout *L);
int tb_model_eval(void *m, const uint32_t *in, uint32_t *out, char *err, size_t errn);
void tb_model_tick(void *m, const uint32_t *in);
const uint64_t *tb_model_counts(const void *m);

#ifdef __cplusplus
}
#endif

#endif
