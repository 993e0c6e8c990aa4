/* rfc.h - register file cache (Gebhart et al., ISCA 2011): descriptor
 * indices and the C cycle model.
 *
 * The cycle-level contract (ports, timing, every rule) is docs/rfc.md; the
 * C model (rfc.c) and the Verilog template (rtl_templates/rfc.v) both
 * implement exactly that page. */
#ifndef RFC_H
#define RFC_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parameter indices (order of rfc_params in rfc_desc.c). */
enum {
	RFC_P_WARPS,
	RFC_P_ACTIVE_WARPS,
	RFC_P_ENTRIES,
	RFC_P_LANES,
	RFC_P_WIDTH,
	RFC_P_REG_BITS,
	RFC_P_READ_PORTS,
	RFC_P_READ_LAT,
	RFC_P_FLUSH_PORTS,
	RFC_P_REPLACEMENT,
	RFC_P_LIVENESS,
	RFC_NPARAMS
};

enum { RFC_FIFO = 0, RFC_LRU = 1 };

/* Port indices (order of rfc_ports in rfc_desc.c). */
enum {
	RFC_RST_I,
	RFC_LU_VALID_I, RFC_LU_SLOT_I, RFC_LU_EN_I, RFC_LU_REG_I, RFC_LU_LAST_I,
	RFC_WR_VALID_I, RFC_WR_WARP_I, RFC_WR_REG_I, RFC_WR_MASK_I, RFC_WR_BYPASS_I, RFC_WR_DATA_I,
	RFC_ACT_VALID_I, RFC_ACT_SLOT_I, RFC_ACT_WARP_I,
	RFC_FLUSH_VALID_I, RFC_FLUSH_SLOT_I,
	RFC_EXIT_VALID_I, RFC_EXIT_SLOT_I,
	RFC_LU_HIT_O,
	RFC_RD_VALID_O, RFC_RD_DATA_O,
	RFC_WB_VALID_O, RFC_WB_CAUSE_O, RFC_WB_WARP_O, RFC_WB_REG_O, RFC_WB_MASK_O, RFC_WB_DATA_O,
	RFC_FL_VALID_O, RFC_FL_WARP_O, RFC_FL_REG_O, RFC_FL_DATA_O,
	RFC_SLOT_FREE_O,
	RFC_EV_O,
	RFC_NPORTS
};

/* wb_cause_o encoding: why the write-path MRF port is busy. */
enum { RFC_WB_EVICT = 0, RFC_WB_BYPASS = 1, RFC_WB_PARTIAL = 2, RFC_WB_FALLBACK = 3, RFC_WB_LATE = 4 };

/* Slot states. */
enum { RFC_SLOT_FREE = 0, RFC_SLOT_OWNED = 1, RFC_SLOT_DRAINING = 2 };

/* Energy events (order of rfc_events, the LSB-first fields of ev_o). */
enum {
	RFC_EV_TAG_LOOKUP,
	RFC_EV_MRF_READ,
	RFC_EV_MRF_READ_AVOIDED,
	RFC_EV_RFC_READ,
	RFC_EV_RFC_WRITE,
	RFC_EV_EVICT_WB,
	RFC_EV_FLUSH_WB,
	RFC_EV_BYPASS_WB,
	RFC_NEVENTS
};

extern const wg_block wg_block_rfc;

/* Frame-level model entry points (rfc.c), used through wg_block_rfc. */
size_t rfc_model_size(const long *p);
void rfc_model_init(void *m, const long *p, const wg_layout *L);
int rfc_model_eval(void *m, const uint32_t *in, uint32_t *out, char *err, size_t errn);
void rfc_model_tick(void *m, const uint32_t *in);
const uint64_t *rfc_model_counts(const void *m);


/* ---- typed C model API (rfc.c) ----
 *
 * One model lives in one caller-provided block of rfc_size(cfg) bytes (or
 * rfc_new). It holds no pointers to itself, so the block may be copied
 * (snapshot) with memcpy. No allocation happens after init.
 *
 * Per cycle: rfc_eval (any number of times, no side effect on the model
 * state), then rfc_tick (the rising edge; correct whether or not eval was
 * called). The frame adapter's tick reuses the work of an eval of the same
 * input frame. Per-source / per-port / per-slot bit vectors are
 * bitmasks (bit i = element i); lane data are arrays of uint64_t, one value
 * per lane, element 0 first. Input values are taken modulo their port widths
 * (register ids, lane masks, data); slot and warp ids out of range are
 * protocol violations. */

#define RFC_MAX_SLOTS 64       /* ACTIVE_WARPS upper bound */
#define RFC_MAX_WARPS 64       /* WARPS upper bound */
#define RFC_MAX_ENTRIES 16     /* ENTRIES upper bound */
#define RFC_MAX_READ_PORTS 4   /* READ_PORTS upper bound */
#define RFC_MAX_READ_LAT 4     /* READ_LAT upper bound */
#define RFC_MAX_FLUSH_PORTS 4  /* FLUSH_PORTS upper bound */
#define RFC_MSG_LEN 128        /* protocol-violation message buffer */

/* Parameter values (docs/rfc.md "Parameters"). */
typedef struct rfc_cfg {
	int warps;        /* WARPS: resident warps (owner ids) */
	int active_warps; /* ACTIVE_WARPS: slots */
	int entries;      /* ENTRIES: entries per slot */
	int lanes;        /* LANES: lanes (one data bank each) */
	int width;        /* WIDTH: bits per lane */
	int reg_bits;     /* REG_BITS: register id bits */
	int read_ports;   /* READ_PORTS: sources looked up / read per cycle */
	int read_lat;     /* READ_LAT: cycles from tag check to data read */
	int flush_ports;  /* FLUSH_PORTS: drain read ports */
	int replacement;  /* REPLACEMENT: RFC_FIFO or RFC_LRU */
	int liveness;     /* LIVENESS: 1 = honour last-use hints */
} rfc_cfg;

/* Inputs of one cycle (the *_i ports). */
typedef struct rfc_in {
	unsigned rst;                           /* rst_i */
	unsigned lu_valid;                      /* lu_valid_i */
	unsigned lu_slot;                       /* lu_slot_i */
	unsigned lu_en;                         /* lu_en_i, bit p = source p */
	unsigned lu_reg[RFC_MAX_READ_PORTS];    /* lu_reg_i, per source */
	unsigned lu_last;                       /* lu_last_i, bit p = source p */
	unsigned wr_valid;                      /* wr_valid_i */
	unsigned wr_warp;                       /* wr_warp_i */
	unsigned wr_reg;                        /* wr_reg_i */
	uint64_t wr_mask;                       /* wr_mask_i, bit l = lane l */
	unsigned wr_bypass;                     /* wr_bypass_i */
	const uint64_t *wr_data;                /* wr_data_i, LANES values (read only when wr_valid) */
	unsigned act_valid;                     /* act_valid_i */
	unsigned act_slot;                      /* act_slot_i */
	unsigned act_warp;                      /* act_warp_i */
	unsigned flush_valid;                   /* flush_valid_i */
	unsigned flush_slot;                    /* flush_slot_i */
	unsigned exit_valid;                    /* exit_valid_i */
	unsigned exit_slot;                     /* exit_slot_i */
} rfc_in;

/* Outputs of one cycle (the *_o ports); every field zero when its valid bit is 0. */
typedef struct rfc_out {
	unsigned lu_hit;                        /* lu_hit_o, bit p = source p */
	unsigned rd_valid;                      /* rd_valid_o, bit p = source p */
	uint64_t *rd_data;                      /* rd_data_o, READ_PORTS*LANES values, [p*LANES + l] */
	unsigned wb_valid;                      /* wb_valid_o */
	unsigned wb_cause;                      /* wb_cause_o (RFC_WB_*) */
	unsigned wb_warp;                       /* wb_warp_o */
	unsigned wb_reg;                        /* wb_reg_o */
	uint64_t wb_mask;                       /* wb_mask_o, bit l = lane l */
	uint64_t *wb_data;                      /* wb_data_o, LANES values */
	unsigned fl_valid;                      /* fl_valid_o, bit j = drain port j */
	unsigned fl_warp[RFC_MAX_FLUSH_PORTS];  /* fl_warp_o, per drain port */
	unsigned fl_reg[RFC_MAX_FLUSH_PORTS];   /* fl_reg_o, per drain port */
	uint64_t *fl_data;                      /* fl_data_o, FLUSH_PORTS*LANES values, [j*LANES + l] */
	uint64_t slot_free;                     /* slot_free_o, bit s = slot s */
	unsigned ev[RFC_NEVENTS];               /* ev_o fields: this cycle's event counts */
	char msg[RFC_MSG_LEN];                  /* protocol violation message, "" when none */
} rfc_out;

/* rfc_eval return values: 0, or the first violated rule of docs/rfc.md §7. */
enum {
	RFC_OK = 0,
	RFC_E_LU_SLOT,     /* lu_valid_i: slot out of range or not OWNED */
	RFC_E_WR_WARP,     /* wr_valid_i: warp out of range */
	RFC_E_ACT_SLOT,    /* act_valid_i: slot out of range or not FREE */
	RFC_E_ACT_WARP,    /* act_valid_i: warp out of range or owns an OWNED/DRAINING slot */
	RFC_E_FLUSH_SLOT,  /* flush_valid_i: slot out of range or not OWNED */
	RFC_E_EXIT_SLOT,   /* exit_valid_i: slot out of range or not OWNED */
	RFC_E_FLUSH_EXIT   /* flush_valid_i and exit_valid_i for the same slot */
};

typedef struct rfc_model rfc_model;

/* Configuration. */
void rfc_cfg_default(rfc_cfg *c);
void rfc_cfg_from_params(rfc_cfg *c, const long *p);   /* p: RFC_NPARAMS values */
void rfc_cfg_to_params(const rfc_cfg *c, long *p);
/* NULL when legal, else a one-line message in buf (ranges and cross rules). */
const char *rfc_cfg_check(const rfc_cfg *c, char *buf, size_t n);

/* Construction: rfc_size bytes of 8-byte-aligned memory; the model starts in
 * the reset state. rfc_new/rfc_free: the same with calloc/free. */
size_t rfc_size(const rfc_cfg *c);
rfc_model *rfc_init(void *mem, const rfc_cfg *c);
rfc_model *rfc_new(const rfc_cfg *c);
void rfc_free(rfc_model *m);

/* Zero *in and point in->wr_data at a model-owned LANES buffer, returned
 * for filling. Zero *out and point its data arrays at model-owned buffers.
 * (Callers may instead point these at their own arrays of the same sizes.) */
uint64_t *rfc_in_init(rfc_model *m, rfc_in *in);
void rfc_out_init(rfc_model *m, rfc_out *out);

/* One cycle. rfc_eval: outputs of the current state and inputs; returns 0
 * or an RFC_E_* code with a one-line message in out->msg (checked only when
 * rst = 0). rfc_tick: the rising edge (reset when in->rst). */
int rfc_eval(rfc_model *m, const rfc_in *in, rfc_out *out);
void rfc_tick(rfc_model *m, const rfc_in *in);
/* The reset state, as after an edge with rst_i = 1 (counters untouched). */
void rfc_reset(rfc_model *m);

/* Read-only state accessors (out-of-range arguments give 0, or -1 where noted). */
const rfc_cfg *rfc_config(const rfc_model *m);
const uint64_t *rfc_counts(const rfc_model *m);           /* RFC_NEVENTS cumulative counts */
int rfc_slot_state(const rfc_model *m, int s);             /* RFC_SLOT_*, -1 out of range */
uint64_t rfc_slots_in_state(const rfc_model *m, int st);  /* bit s: slot s is in state st */
int rfc_slot_owner(const rfc_model *m, int s);             /* owner warp, -1 out of range */
int rfc_slot_nvalid(const rfc_model *m, int s);            /* valid entries */
int rfc_slot_pinned(const rfc_model *m, int s);            /* an in-flight hit (stages 1..READ_LAT-1) */
int rfc_warp_slot(const rfc_model *m, int w);              /* OWNED/DRAINING slot of warp w, or -1 */
/* Whole-slot forms of the entry accessors below, for code that runs every cycle (rfc's coverage). */
uint32_t rfc_slot_valid_mask(const rfc_model *m, int s);  /* bit e: rfc_entry_valid(m, s, e) */
uint32_t rfc_slot_pin_mask(const rfc_model *m, int s);    /* bit e: rfc_entry_pinned(m, s, e) */
int rfc_slot_find(const rfc_model *m, int s, unsigned reg); /* the valid entry tagged reg, or -1 */
int rfc_entry_valid(const rfc_model *m, int s, int e);
int rfc_entry_tag(const rfc_model *m, int s, int e);
int rfc_entry_dead(const rfc_model *m, int s, int e);
int rfc_entry_rank(const rfc_model *m, int s, int e);
int rfc_entry_pinned(const rfc_model *m, int s, int e);    /* in flight in stages 1..READ_LAT-1 */
/* Lane data of entry (s, e) into lanes[0..LANES-1]; 0, or -1 out of range. */
int rfc_entry_data(const rfc_model *m, int s, int e, uint64_t *lanes);

#ifdef __cplusplus
}
#endif

#endif
