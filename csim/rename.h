/* rename.h - register renaming table with release hints, the release flag
 * cache and power-gating outputs (Jeon & Annavaram, USC CENG-2014-05):
 * descriptor indices and the C cycle model.
 *
 * The cycle-level contract is docs/rename.md; the C model (rename.c) and the
 * Verilog template (rtl_templates/rename.v) both implement exactly that page. */
#ifndef RENAME_H
#define RENAME_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parameter indices (order of the descriptor's parameter table). */
enum {
	RN_P_WARPS,
	RN_P_REGS,
	RN_P_PHYS_REGS,
	RN_P_RT_ENTRIES,
	RN_P_RT_BANKS,
	RN_P_RF_BANKS,
	RN_P_SUBARRAYS,
	RN_P_POLICY,
	RN_P_LOOKUP_PORTS,
	RN_P_EXEMPT,
	RN_P_ALLOC_PORTS,
	RN_P_PF_DEPTH,
	RN_P_FC_ENTRIES,
	RN_P_PC_BITS,
	RN_P_TFET_ROWS,
	RN_P_CLASS,
	RN_P_GATING,
	RN_NPARAMS
};

enum { RN_CONSOLIDATE = 0, RN_LOWEST_FIRST = 1, RN_WEAR_LEVEL = 2 };   /* POLICY */
enum { RN_CLS_NONE = 0, RN_CMOS_RA = 1, RN_MEM_RA = 2 };              /* CLASS */
enum { RN_GATE_OCCUPANCY = 0, RN_GATE_STATIC = 1 };                   /* GATING */
enum { RN_OP_INSN = 0, RN_OP_PBR = 1, RN_OP_EXIT = 2 };                /* op_kind_i */
enum { RN_WAIT_NONE = 0, RN_WAIT_BANK = 1, RN_WAIT_PF = 2, RN_WAIT_OC = 3 }; /* op_wait_o */

/* Port indices (order of the descriptor's port table). */
enum {
	RN_RST_I,
	RN_KL_VALID_I, RN_KL_WARPS_I, RN_KL_REGS_I, RN_KL_EXEMPT_I,
	RN_PIR_VALID_I, RN_PIR_WARP_I, RN_PIR_PC_I, RN_PIR_FLAGS_I,
	RN_OP_VALID_I, RN_OP_KIND_I, RN_OP_WARP_I, RN_OP_REG_I, RN_OP_DST_I,
	RN_RD_DONE_I, RN_RD_WARP_I,
	RN_ALC_VALID_I, RN_ALC_WARP_I, RN_ALC_REG_I,
	RN_ALC_TFET_I, RN_ALC_LOAD_I,                 /* width 0 when TFET_ROWS = 0 */
	RN_PIR_READY_O, RN_PIR_HIT_O,
	RN_OP_READY_O, RN_OP_WAIT_O, RN_OP_SRC_PID_O, RN_OP_REL_O, RN_OP_DST_PID_O, RN_OP_DST_NEW_O,
	RN_OP_SRC_TFET_O, RN_OP_DST_TFET_O,           /* width 0 when TFET_ROWS = 0 */
	RN_ALC_GNT_O, RN_ALC_PID_O,
	RN_ALC_TFET_O,                                /* width 0 when TFET_ROWS = 0 */
	RN_REG_ON_O, RN_DOM_ON_O,
	RN_FREE_TFET_O,                               /* width 0 when TFET_ROWS = 0 */
	RN_EV_O,
	RN_NPORTS
};

/* Energy events (fields of ev_o, LSB first). */
enum {
	RN_EV_RT_READ, RN_EV_RT_WRITE, RN_EV_ALLOC_STALL, RN_EV_FREE,
	RN_EV_FC_HIT, RN_EV_FC_FILL, RN_EV_FC_READ, RN_EV_DOM_WAKE,
	/* per class (docs/rename.md "Events per class"; width 0 when TFET_ROWS = 0) */
	RN_EV_ALLOC_CMOS, RN_EV_ALLOC_TFET, RN_EV_TFET_REFUSED, RN_EV_FALLBACK_TFET,
	RN_NEVENTS
};

#define RN_MAX_WARPS 64
#define RN_MAX_PHYS 1024
#define RN_MAX_RT 4096          /* >= 64 * 63 rounded up to 8 */
#define RN_MAX_SRCS 3
#define RN_MAX_ALLOC 4
#define RN_MAX_PF 16
#define RN_MAX_FC 64
#define RN_MAX_DOMS 128         /* RF_BANKS * SUBARRAYS */
#define RN_PBR_SLOTS 9
#define RN_PIR_SLOTS 18
#define RN_NONE 63              /* register id meaning "no register" */
#define RN_MSG_LEN 160

extern const wg_block wg_block_rename;

/* Parameter values (docs/rename.md "Parameters"). */
typedef struct rn_cfg {
	int warps;          /* WARPS */
	int regs;           /* REGS: largest registers per thread */
	int phys;           /* PHYS_REGS */
	int rt_entries;     /* RT_ENTRIES */
	int rt_banks;       /* RT_BANKS */
	int rf_banks;       /* RF_BANKS */
	int subarrays;      /* SUBARRAYS */
	int policy;         /* POLICY: RN_CONSOLIDATE, RN_LOWEST_FIRST, RN_WEAR_LEVEL */
	int lookup_ports;   /* LOOKUP_PORTS (sources = lookup_ports - 1) */
	int exempt;         /* EXEMPT: largest exempt registers per thread */
	int alloc_ports;    /* ALLOC_PORTS */
	int pf_depth;       /* PF_DEPTH */
	int fc_entries;     /* FC_ENTRIES */
	int pc_bits;        /* PC_BITS */
	int tfet_rows;      /* TFET_ROWS: TFET rows per register bank (ids >= PT are TFET) */
	int cls;            /* CLASS: RN_CLS_NONE, RN_CMOS_RA, RN_MEM_RA */
	int gating;         /* GATING: RN_GATE_OCCUPANCY, RN_GATE_STATIC */
} rn_cfg;

/* Inputs of one cycle. */
typedef struct rn_in {
	unsigned rst;                       /* rst_i */
	unsigned kl_valid, kl_warps, kl_regs, kl_exempt; /* kernel launch */
	unsigned pir_valid, pir_warp;       /* pir port */
	uint32_t pir_pc;                    /* pir_pc_i */
	uint64_t pir_flags;                 /* pir_flags_i (54 bits): slot i, source j at bit 3i+j */
	unsigned op_valid, op_kind, op_warp; /* operation */
	unsigned op_reg[RN_PBR_SLOTS];      /* op_reg_i slots (INSN: sources 0..S-1) */
	unsigned op_dst;                    /* op_dst_i */
	unsigned rd_done, rd_warp;          /* operand reads done */
	unsigned alc_valid[RN_MAX_ALLOC];   /* alc_valid_i per port */
	unsigned alc_warp[RN_MAX_ALLOC];    /* alc_warp_i per port */
	unsigned alc_reg[RN_MAX_ALLOC];     /* alc_reg_i per port */
	unsigned alc_tfet[RN_MAX_ALLOC];    /* alc_tfet_i per port (MEM_RA's request; TFET_ROWS > 0) */
	unsigned alc_load[RN_MAX_ALLOC];    /* alc_load_i per port (a load: never TFET; TFET_ROWS > 0) */
} rn_in;

/* Outputs of one cycle; fields are zero when their valid/ready bit is 0. */
typedef struct rn_out {
	unsigned pir_ready, pir_hit;        /* pir port */
	unsigned op_ready, op_wait;         /* operation */
	unsigned op_src_pid[RN_MAX_SRCS];   /* op_src_pid_o */
	unsigned op_rel[RN_MAX_SRCS];       /* op_rel_o bits */
	unsigned op_dst_pid, op_dst_new;    /* destination */
	unsigned alc_gnt[RN_MAX_ALLOC];     /* alc_gnt_o */
	unsigned alc_pid[RN_MAX_ALLOC];     /* alc_pid_o */
	unsigned alc_tfet[RN_MAX_ALLOC];    /* alc_tfet_o: the granted id is TFET */
	unsigned op_src_tfet[RN_MAX_SRCS];  /* op_src_tfet_o bits */
	unsigned op_dst_tfet;               /* op_dst_tfet_o */
	unsigned free_tfet;                 /* free_tfet_o */
	uint64_t reg_on[RN_MAX_PHYS / 64];  /* reg_on_o, bit p */
	uint64_t dom_on[RN_MAX_DOMS / 64];  /* dom_on_o, bit d */
	unsigned ev[RN_NEVENTS];            /* ev_o fields (counts) */
	char msg[RN_MSG_LEN];               /* protocol violation, "" when none */
} rn_out;

typedef struct rn_model rn_model;

void rn_cfg_default(rn_cfg *c);
void rn_cfg_from_params(rn_cfg *c, const long *p);   /* p: RN_NPARAMS values */
void rn_cfg_to_params(const rn_cfg *c, long *p);

/* Construction: rn_size bytes of 8-byte-aligned memory, no self pointers
 * (may be copied with memcpy); the model starts in the reset state. */
size_t rn_size(const rn_cfg *c);
rn_model *rn_init(void *mem, const rn_cfg *c);
rn_model *rn_new(const rn_cfg *c);
void rn_free(rn_model *m);

/* One cycle: rn_eval (any number of times, no effect on the state) returns
 * 0 or -1 on a protocol violation (reason in out->msg); then rn_tick. */
int rn_eval(const rn_model *m, const rn_in *in, rn_out *out);
void rn_tick(rn_model *m, const rn_in *in);
void rn_reset(rn_model *m);

/* Read-only state (for stimulus, statistics and unit tests). */
const rn_cfg *rn_config(const rn_model *m);
const uint64_t *rn_counts(const rn_model *m);      /* RN_NEVENTS cumulative counts */
int rn_running(const rn_model *m);                  /* a kernel has been launched */
void rn_shape(const rn_model *m, int *kw, int *kr, int *ke); /* running kernel's shape */
int rn_lookup(const rn_model *m, int w, int r);     /* physical id of (w, r): mapped or exempt, else -1 */
int rn_occupied(const rn_model *m, int p);          /* occ_q[p] */
int rn_occ_count(const rn_model *m);                /* popcount(occ_q) */
int rn_dom_of(const rn_cfg *c, int p);              /* gating domain of id p */
int rn_oc_count(const rn_model *m, int w);          /* oc_q[w] */
int rn_pending(const rn_model *m, int w, unsigned *pids); /* w's pending-free ids (PF_DEPTH max), count */
int rn_cursor(const rn_model *m, int w, int *entry, int *slot); /* 1 when valid */
unsigned rn_flags(const rn_model *m, int w);        /* pir flags of w's next instruction (3 bits; 0: no cursor) */
int rn_busy(const rn_model *m);                     /* an operation is partly served (srv_q or swp_q != 0) */

/* TFET classes (docs/rename.md "TFET register classes"). */
int rn_pt(const rn_cfg *c);                         /* PT: the lowest TFET id (PHYS_REGS when TFET_ROWS = 0) */
int rn_is_tfet(const rn_cfg *c, int p);             /* p >= PT */
/* STATIC gating: powered CMOS rows for a launch (kw, kr, ke), the A17 formula. */
int rn_static_rows(const rn_cfg *c, int kw, int kr, int ke);
int rn_gb(const rn_model *m);                       /* gb_q */
int rn_powered(const rn_model *m, int p);           /* STATIC: p is in a powered row (OCCUPANCY: 1) */
int rn_free_tfet(const rn_model *m);                /* free_tfet_o of the current state */

/* Frame-level entry points used through wg_block_rename. */
size_t rn_model_size(const long *p);
void rn_model_init(void *m, const long *p, const wg_layout *L);
int rn_model_eval(void *m, const uint32_t *in, uint32_t *out, char *err, size_t errn);
void rn_model_tick(void *m, const uint32_t *in);
const uint64_t *rn_model_counts(const void *m);

#ifdef __cplusplus
}
#endif

#endif
