/* reexec_q.h - Mascar's cache-access re-execution queue (Sethia 2015,
 * §4.3.3-§4.3.4, Tab. 4.2): requests the L1 refused (NACK) are parked next
 * to the LSU and replayed; an ACK frees the head, a NACK moves it to the
 * tail. Descriptor indices and the C cycle model.
 *
 * The cycle-level contract is docs/reexec_q.md; the C model (reexec_q.c)
 * and the Verilog template (rtl_templates/reexec_q.v) both implement
 * exactly that page. */
#ifndef REEXEC_Q_H
#define REEXEC_Q_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parameter indices (order of the descriptor's parameter table). */
enum {
	RQ_P_ENTRIES,
	RQ_P_THREADS,
	RQ_P_ADDR_BITS,
	RQ_P_OFFSET_BITS,
	RQ_P_WARPS,
	RQ_P_REG_BITS,
	RQ_P_STORES,
	RQ_NPARAMS
};

#define RQ_SIZE_BITS 3          /* push_size_i: log2 of the access bytes, 0..4 (1..16 B) */
#define RQ_MAX_SIZE 4

/* Port indices (order of the descriptor's port table). */
enum {
	RQ_RST_I,
	RQ_PUSH_VALID_I, RQ_PUSH_ADDR_I, RQ_PUSH_OFF_I, RQ_PUSH_WARP_I, RQ_PUSH_REG_I,
	RQ_PUSH_MASK_I, RQ_PUSH_SIZE_I, RQ_PUSH_STORE_I,
	RQ_LSU_REQ_I, RQ_RP_ACK_I, RQ_RP_NACK_I,
	RQ_PUSH_READY_O, RQ_FULL_O, RQ_COUNT_O,
	RQ_RP_VALID_O,
	RQ_HD_VALID_O, RQ_HD_ADDR_O, RQ_HD_OFF_O, RQ_HD_WARP_O, RQ_HD_REG_O,
	RQ_HD_MASK_O, RQ_HD_SIZE_O, RQ_HD_STORE_O,
	RQ_HAS_O,
	RQ_EV_O,
	RQ_NPORTS
};

/* Energy events (one bit each in ev_o, LSB first). */
enum {
	RQ_EV_PUSH,        /* a NACKed LSU request written at the tail */
	RQ_EV_REPLAY,      /* the head read and sent to the L1 */
	RQ_EV_POP,         /* the replay ACKed: head freed */
	RQ_EV_ROTATE_MOVE, /* the replay NACKed, queue not full: head entry copied to the tail */
	RQ_EV_ROTATE_PTR,  /* the replay NACKed, queue full: head and tail pointers advance only */
	RQ_NEVENTS
};

extern const wg_block wg_block_reexec_q;

#define RQ_MAX_ENTRIES 64
#define RQ_MAX_THREADS 32
#define RQ_MAX_WARPS 64
#define RQ_MSG_LEN 160

/* Parameter values (docs/reexec_q.md "Parameters"). */
typedef struct rq_cfg {
	int entries;        /* ENTRIES */
	int threads;        /* THREADS: lanes per warp (offsets and lane mask per entry) */
	int addr_bits;      /* ADDR_BITS: base address of the 128-byte segment */
	int offset_bits;    /* OFFSET_BITS: per-thread byte offset into the segment */
	int warps;          /* WARPS: warp ids 0..WARPS-1, the has_o vector */
	int reg_bits;       /* REG_BITS: destination (or store data) register */
	int stores;         /* STORES: 1 = stores are queued too */
} rq_cfg;

int rq_warp_bits(const rq_cfg *c);    /* WB = max(1, clog2(WARPS)) */

/* One queued request (the thesis's 301 bits plus the fields docs/reexec_q.md adds). */
typedef struct rq_entry {
	uint64_t addr;                      /* base address (ADDR_BITS) */
	uint8_t off[RQ_MAX_THREADS];        /* per-thread byte offset (OFFSET_BITS each) */
	unsigned warp;                      /* warp id */
	unsigned reg;                       /* destination register (loads) / data register (stores) */
	uint32_t mask;                      /* lane mask (THREADS bits) */
	unsigned size;                      /* log2 access bytes, 0..4 */
	unsigned store;                     /* 1: a store (only with STORES=1) */
} rq_entry;

/* Inputs of one cycle. */
typedef struct rq_in {
	unsigned rst;                       /* rst_i */
	unsigned push_valid;                /* push_valid_i */
	rq_entry push;                      /* push_*_i */
	unsigned lsu_req;                   /* lsu_req_i: the LSU sends a new request to the L1 this cycle */
	unsigned rp_ack, rp_nack;           /* the L1's answer to this cycle's replay */
} rq_in;

/* Outputs of one cycle; fields zero when their valid bit is 0. */
typedef struct rq_out {
	unsigned push_ready, full, count;   /* push_ready_o, full_o, count_o */
	unsigned rp_valid;                  /* rp_valid_o: the head goes to the L1 this cycle */
	unsigned hd_valid;                  /* hd_valid_o: the queue is not empty */
	rq_entry hd;                        /* hd_*_o: the head entry */
	uint64_t has;                       /* has_o: bit w = warp w has an entry */
	unsigned ev[RQ_NEVENTS];            /* ev_o bits */
	char msg[RQ_MSG_LEN];               /* protocol violation, "" when none */
} rq_out;

typedef struct rq_model rq_model;

void rq_cfg_default(rq_cfg *c);
void rq_cfg_from_params(rq_cfg *c, const long *p);   /* p: RQ_NPARAMS values */
void rq_cfg_to_params(const rq_cfg *c, long *p);

/* Construction: rq_size bytes of 8-byte-aligned memory, no self pointers
 * (may be copied with memcpy); the model starts in the reset state. */
size_t rq_size(const rq_cfg *c);
rq_model *rq_init(void *mem, const rq_cfg *c);
rq_model *rq_new(const rq_cfg *c);
void rq_free(rq_model *m);

/* One cycle: rq_eval (any number of times, no effect on the state) returns
 * 0 or -1 on a protocol violation (reason in out->msg); then rq_tick. */
int rq_eval(const rq_model *m, const rq_in *in, rq_out *out);
void rq_tick(rq_model *m, const rq_in *in);
void rq_reset(rq_model *m);

/* Read-only state (for stimulus, statistics and unit tests). */
const rq_cfg *rq_config(const rq_model *m);
const uint64_t *rq_counts(const rq_model *m);      /* RQ_NEVENTS cumulative counts */
int rq_count(const rq_model *m);                    /* cnt_q */
int rq_head(const rq_model *m);                     /* hd_q (slot index) */
int rq_tail(const rq_model *m);                     /* tl_q (slot index) */
const rq_entry *rq_at(const rq_model *m, int k);    /* k-th entry from the head (k < count), else NULL */
uint64_t rq_has(const rq_model *m);                 /* has_o */
/* Would the head be replayed this cycle if the LSU has (lsu_req=1) or has
 * not a new request? (the rule of rp_valid_o, for environments that must
 * answer the replay in the same cycle) */
int rq_replays(const rq_model *m, int lsu_req);

/* Frame codec shared by the model and stimulus: an entry to/from the push_*_i
 * or hd_*_o ports of a frame with layout L. */
void rq_entry_pack(const rq_cfg *c, const wg_layout *L, const rq_entry *e, int first_port, uint32_t *frame);
void rq_entry_unpack(const rq_cfg *c, const wg_layout *L, const uint32_t *frame, int first_port, rq_entry *e);

/* Frame-level entry points used through wg_block_reexec_q. */
size_t rq_model_size(const long *p);
void rq_model_init(void *m, const long *p, const wg_layout *L);
int rq_model_eval(void *m, const uint32_t *in, uint32_t *out, char *err, size_t errn);
void rq_model_tick(void *m, const uint32_t *in);
const uint64_t *rq_model_counts(const void *m);

#ifdef __cplusplus
}
#endif

#endif
