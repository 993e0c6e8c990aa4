/* prefetch_table.h - APOGEE's prefetch table (Sethia 2015, ch. V; PACT'13):
 * a load's per-thread addresses train a fixed offset between adjacent
 * threads (FOA); a confirmed entry generates the next iteration's lines at
 * the entry's distance into a prefetch queue; loads whose threads all use one
 * address (TIA) are prefetched from an earlier load, moved earlier while the
 * prefetch is late; the distance adapts per entry from a 2-bit state per warp.
 * Descriptor indices and the C cycle model.
 *
 * The cycle-level contract is docs/prefetch_table.md; the C model
 * (prefetch_table.c) and the Verilog template (rtl_templates/prefetch_table.v)
 * both implement exactly that page. */
#ifndef PREFETCH_TABLE_H
#define PREFETCH_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parameter indices (order of the descriptor's parameter table). */
enum {
	PT_P_ENTRIES,
	PT_P_PC_BITS,
	PT_P_ADDR_BITS,
	PT_P_OFFSET_BITS,
	PT_P_CONF_BITS,
	PT_P_TIDX_BITS,
	PT_P_DIST_BITS,
	PT_P_WARPS,
	PT_P_THREADS,
	PT_P_LANES_PER_CYCLE,
	PT_P_LINE_BYTES,
	PT_P_PQ_DEPTH,
	PT_P_ISSUE_LAT,
	PT_P_MIN_ACTIVE,
	PT_P_CONF_SLACK,
	PT_P_ITER_BITS,
	PT_NPARAMS
};

/* Port indices (order of the descriptor's port table). */
enum {
	PT_RST_I,
	/* a warp load, held until ld_ack_o */
	PT_LD_VALID_I, PT_LD_PC_I, PT_LD_WARP_I, PT_LD_MASK_I, PT_LD_ADDR_I, PT_LD_MISS_I, PT_LD_ITER_I,
	/* a prefetched line came back */
	PT_FILL_VALID_I, PT_FILL_TAG_I,
	/* the L1 controller's answer to the offered head of the queue */
	PT_PF_READY_I, PT_PF_PRESENT_I,
	/* outputs */
	PT_LD_ACK_O, PT_PF_VALID_O, PT_PF_LINE_O, PT_PF_TAG_O, PT_PQ_COUNT_O, PT_PHASE_O, PT_ENTRY_O,
	PT_EV_O,
	PT_NPORTS
};

/* Energy events (fields of ev_o, LSB first; widths in docs/prefetch_table.md). */
enum {
	PT_EV_LOOKUP,      /* a load's table lookup (PC compare over the entries) */
	PT_EV_ALLOC,       /* an entry written fresh (FOA on a miss, or a TIA trigger entry) */
	PT_EV_TRAIN,       /* lanes compared this cycle (0..LANES_PER_CYCLE) */
	PT_EV_CONFIRM,     /* a load ended training with its entry confirmed */
	PT_EV_PUSH,        /* a line pushed into the prefetch queue */
	PT_EV_MERGE,       /* lanes whose predicted line equals the previous one (0..LANES_PER_CYCLE) */
	PT_EV_SUPPRESS,    /* lanes whose predicted address leaves the address space (0..LANES_PER_CYCLE) */
	PT_EV_PQ_FULL,     /* a line dropped: the queue was full */
	PT_EV_ISSUE,       /* the head sent to memory */
	PT_EV_PRESENT,     /* the head dropped: the line is in the L1 or pending */
	PT_EV_FILL,        /* a fill applied to its entry */
	PT_EV_DIST_INC,    /* a slow prefetch: distance + 1 */
	PT_EV_DIST_DEC,    /* an early prefetch: distance - 1 */
	PT_EV_TIA_CREATE,  /* a TIA trigger entry created */
	PT_EV_TIA_TRIGGER, /* a TIA entry's line pushed by its trigger load */
	PT_EV_TIA_MIGRATE, /* a slow TIA entry's trigger moved one load earlier */
	PT_NEVENTS
};

/* Entry types (PF Type field). */
enum { PT_TYPE_NONE = 0, PT_TYPE_FOA = 1, PT_TYPE_TIA = 2 };
/* Per-warp FOA state (PF State, 2 bits per warp, Sethia §5.3.1.1). */
enum { PT_ST_LOADED = 0, PT_ST_SENT = 1, PT_ST_BACK = 2 };
/* TIA entries reuse PF State: bit 0 slow, bit 1 in flight. */
#define PT_TIA_SLOW 1u
#define PT_TIA_INFLIGHT 2u
/* The trainer's phase (phase_o). */
enum { PT_PH_IDLE = 0, PT_PH_TRAIN = 1, PT_PH_GEN = 2, PT_PH_TSCAN = 3 };

extern const wg_block wg_block_prefetch_table;

#define PT_MAX_ENTRIES 64
#define PT_MAX_WARPS 8
#define PT_MAX_THREADS 32
#define PT_MSG_LEN 160

/* Parameter values (docs/prefetch_table.md "Parameters"). */
typedef struct pt_cfg {
	int entries;        /* ENTRIES */
	int pc_bits;        /* PC_BITS: PC tag */
	int addr_bits;      /* ADDR_BITS: byte address space of the loads */
	int offset_bits;    /* OFFSET_BITS: signed offset between adjacent threads */
	int conf_bits;      /* CONF_BITS: saturating confidence */
	int tidx_bits;      /* TIDX_BITS: thread index, all ones = scalar */
	int dist_bits;      /* DIST_BITS: distance 1..2^DIST_BITS-1 */
	int warps;          /* WARPS: PF State is 2 bits per warp */
	int threads;        /* THREADS: lanes per warp */
	int lpc;            /* LANES_PER_CYCLE */
	int line_bytes;     /* LINE_BYTES (a power of two) */
	int pq_depth;       /* PQ_DEPTH: prefetch queue entries */
	int issue_lat;      /* ISSUE_LAT: cycles from push to eligible */
	int min_active;     /* MIN_ACTIVE: fewer active lanes never confirm */
	int conf_slack;     /* CONF_SLACK: confirmed iff conf >= active - CONF_SLACK */
	int iter_bits;      /* ITER_BITS: ld_iter_i width */
} pt_cfg;

/* Derived widths (docs/prefetch_table.md "Derived widths"). */
int pt_entry_bits(const pt_cfg *c);   /* EB = max(1, clog2(ENTRIES)) */
int pt_warp_bits(const pt_cfg *c);    /* WB = max(1, clog2(WARPS)) */
int pt_line_bits(const pt_cfg *c);    /* LB = ADDR_BITS - log2(LINE_BYTES) */
int pt_tag_bits(const pt_cfg *c);     /* PC_BITS + EB + WB + 2 (last, tia) */
int pt_age_bits(const pt_cfg *c);     /* max(1, clog2(ISSUE_LAT + 1)) */
int pt_lane_bits(const pt_cfg *c);    /* clog2(THREADS + 1): lane cursor, active count */
int pt_cnt_bits(const pt_cfg *c);     /* clog2(LANES_PER_CYCLE + 1): TRAIN/MERGE/SUPPRESS fields */
int pt_chunks(const pt_cfg *c);       /* NC = ceil(THREADS / LANES_PER_CYCLE) */

/* One table entry (the thesis's fields plus off_valid). */
typedef struct pt_entry {
	unsigned type;       /* PT_TYPE_* */
	unsigned pc;         /* PC tag (FOA: owner; TIA: trigger) */
	uint32_t addr;       /* FOA: the last processed lane's address; TIA: AD0 */
	int off;             /* signed offset (OFFSET_BITS) */
	unsigned off_valid;  /* off holds a pattern (ours) */
	unsigned conf;       /* confidence (CONF_BITS, saturating) */
	unsigned tid;        /* thread index of addr; all ones: scalar */
	unsigned dist;       /* distance, 1..2^DIST_BITS-1 */
	unsigned st;         /* PF State: 2 bits per warp (FOA) or slow/in-flight (TIA) */
} pt_entry;

/* A prefetch queue element's tag (pf_tag_o, fill_tag_i). */
typedef struct pt_tag {
	unsigned pc, entry, warp, last, tia;
} pt_tag;

/* A tag as the ports carry it, {pc, entry, warp, last, tia} with tia at bit 0
 * (csim/prefetch_table_frame.c). */
uint64_t pt_tag_pack(const pt_cfg *c, const pt_tag *t);
pt_tag pt_tag_unpack(const pt_cfg *c, uint64_t v);

/* Inputs of one cycle. */
typedef struct pt_in {
	unsigned rst;                     /* rst_i */
	unsigned ld_valid, ld_pc, ld_warp; /* ld_valid_i, ld_pc_i, ld_warp_i */
	uint32_t ld_mask;                 /* ld_mask_i: active lanes */
	uint32_t ld_addr[PT_MAX_THREADS]; /* ld_addr_i: per lane byte address (ADDR_BITS) */
	unsigned ld_miss;                 /* ld_miss_i: the demand access missed in the L1 */
	unsigned ld_iter;                 /* ld_iter_i: threads per iteration (n) */
	unsigned fill_valid;              /* fill_valid_i */
	pt_tag fill_tag;                  /* fill_tag_i */
	unsigned pf_ready, pf_present;    /* pf_ready_i, pf_present_i */
} pt_in;

/* Outputs of one cycle. */
typedef struct pt_out {
	unsigned ld_ack;                  /* ld_ack_o */
	unsigned pf_valid;                /* pf_valid_o */
	uint32_t pf_line;                 /* pf_line_o */
	pt_tag pf_tag;                    /* pf_tag_o */
	unsigned pq_count;                /* pq_count_o */
	unsigned phase, entry;            /* phase_o, entry_o (the load's FOA entry) */
	unsigned ev[PT_NEVENTS];          /* ev_o fields */
	char msg[PT_MSG_LEN];             /* protocol violation, "" when none */
} pt_out;

typedef struct pt_model pt_model;

void pt_cfg_default(pt_cfg *c);
void pt_cfg_from_params(pt_cfg *c, const long *p);   /* p: PT_NPARAMS values */
void pt_cfg_to_params(const pt_cfg *c, long *p);

size_t pt_size(const pt_cfg *c);
pt_model *pt_init(void *mem, const pt_cfg *c);
pt_model *pt_new(const pt_cfg *c);
void pt_free(pt_model *m);

int pt_eval(const pt_model *m, const pt_in *in, pt_out *out);
void pt_tick(pt_model *m, const pt_in *in);
void pt_reset(pt_model *m);

/* Read-only state. */
const pt_cfg *pt_config(const pt_model *m);
const uint64_t *pt_counts(const pt_model *m);
const pt_entry *pt_entry_at(const pt_model *m, int i);
int pt_lal(const pt_model *m, int warp);             /* LAL[warp], -1 when invalid */
/* The trainer's registers (docs/prefetch_table.md "State"). */
typedef struct pt_trainer {
	unsigned ph;                      /* phase PT_PH_* */
	unsigned ent;                     /* the load's FOA entry */
	unsigned cur, scn, nact;          /* lane cursor, TIA scan index, active lanes processed */
	unsigned mis, zero, early, cf;    /* trainer flags */
	unsigned pvl;                     /* pln valid */
	uint32_t pln;                     /* previous predicted line */
} pt_trainer;
pt_trainer pt_trainer_get(const pt_model *m);
int pt_pq_count(const pt_model *m);
/* The k-th queue element from the head (k < count): line, tag, age. 0, or -1. */
int pt_pq_at(const pt_model *m, int k, uint32_t *line, pt_tag *tag, unsigned *age);

/* Frame-level entry points used through wg_block_prefetch_table. */
size_t pt_model_size(const long *p);
void pt_model_init(void *m, const long *p, const wg_layout *L);
int pt_model_eval(void *m, const uint32_t *in, uint32_t *out, char *err, size_t errn);
void pt_model_tick(void *m, const uint32_t *in);
const uint64_t *pt_model_counts(const void *m);

#ifdef __cplusplus
}
#endif

#endif
