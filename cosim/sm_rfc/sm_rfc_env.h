/* sm_rfc_env.h - a synthetic streaming multiprocessor around the composed block
 * sm_rfc (two-level scheduler + register file cache, csim/sm_rfc.h).
 *
 * The environment plays everything the block does not contain: per-warp
 * instruction streams generated on the fly from seeded random numbers (one
 * generator per warp, so a warp's stream does not depend on timing or on the
 * scheduler's parameters), the scoreboard that computes rdy_i/mark_i/llp_i/
 * bar_i/fin_i, the functional units and their latencies, the one RFC write
 * port (fixed-latency results reserve their write-back cycle at issue,
 * long-latency returns take free cycles from a queue), CTAs with barriers
 * and relaunch, the TAG-stage lookup of the instruction the scheduler issued
 * last cycle, and a main register file (MRF) model.
 *
 * It also checks, every cycle, that the block returned the right data: every
 * RFC hit reads the register's architectural value, every miss finds it in
 * the MRF, every MRF write (evict, drain, bypass, late) carries the
 * register's current value, a hit only names a register the warp wrote since
 * its activation, and something happens at least every LL_LAT + 96 cycles
 * (no deadlock). The first failure is latched (sme_error).
 *
 * Contract of the timing (spec §2.3, §3.5): an instruction issued at cycle t
 * with latency L writes its result at t+L-1 and its scoreboard bit clears
 * for cycle t+L; its sources are looked up at t+1 (TAG) and read at
 * t+1+READ_LAT (RF3). docs/sm_rfc.md "Stimulus". */
#ifndef SM_ENV_H
#define SM_ENV_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

/* Knobs of the environment (same shape as parameters: --knob NAME=VALUE). */
enum {
	SME_K_LL_PCT,     /* % of instructions that are long-latency loads (GLD/TEX) */
	SME_K_SFU_PCT,    /* % SFU (transcendental) */
	SME_K_SHM_PCT,    /* % shared-memory loads */
	SME_K_ST_PCT,     /* % stores (no result) */
	SME_K_BAR_PM,     /* barriers per 1000 instructions (per CTA, same positions in every warp) */
	SME_K_KLEN,       /* mean instructions per warp before EXIT */
	SME_K_GROUP,      /* warps per CTA */
	SME_K_ILP,        /* independent dependence chains per warp */
	SME_K_CHAIN_PCT,  /* % of values whose first read is the chain successor (distance ILP) */
	SME_K_R1_PCT,     /* % of values read exactly once */
	SME_K_R2_PCT,     /* % read twice */
	SME_K_RMANY_PCT,  /* % read 3..10 times (the rest: never read) */
	SME_K_LIFE,       /* mean distance (instructions) between reads of a value */
	SME_K_LIFE_LONG,  /* the same for values read 3..10 times */
	SME_K_HOIST,      /* mean distance from a long-latency load to its first (marked) consumer */
	SME_K_LL_LAT,     /* long-latency load latency (cycles) */
	SME_K_ALU_LAT,    /* ALU latency: issue to dependent issue */
	SME_K_SFU_LAT,    /* SFU latency */
	SME_K_SHM_LAT,    /* shared-memory load latency */
	SME_K_DIV_PCT,    /* % of instructions in divergent regions (partial active mask) */
	SME_K_REGS,       /* registers per thread the streams use */
	SME_K_RESET_PPM,  /* mid-run resets per million cycles */
	SME_K_DIV_LIVE,   /* 1: lanes a divergent last read left out stay live for the data checks */
	SME_K_LL_BURST,   /* long-latency loads per group (sharing their first consumer) */
	SME_K_REG_REUSE,  /* % of new values put in the most recently freed register */
	SME_K_MARK,       /* 1: drive mark_i for first consumers; 0: never (a single-level baseline) */
	SME_K_MRF_BANKS,  /* 0: the MRF is free (default); B: B banks of 1 read + 1 write port, issue stalls on conflicts */
	SME_K_MRF_WQ,     /* with MRF_BANKS: write-queue entries per bank; issue stalls while one is over */
	SME_K_MRF_1PORT,  /* with MRF_BANKS: 1 = one port per bank, a write takes a cycle of the read port */
	SME_NKNOBS
};

extern const wg_param_def sme_knobs[SME_NKNOBS];

/* Instruction classes. */
enum { SME_ALU, SME_SFU, SME_SHM, SME_ST, SME_LL, SME_BAR, SME_EXIT, SME_NCLASS };

#define SME_MAX_SRC 4    /* READ_PORTS upper bound */
/* Reuse classes of a source read (statistics only): first read of a value
 * or a later one, times the distance in the warp's instructions from the
 * value's production (first read) or its previous read (later read):
 * 1-3, 4-6, 7-12, 13-24, 25 or more. Class = later * SME_RD_NB + bucket. */
#define SME_RD_NB 5
#define SME_RD_NCLS (2 * SME_RD_NB)
#define SME_MAX_REGS 64  /* registers per warp the environment tracks */
#define SME_MAX_SLOTS 64
#define SME_MRF_MAXB 32  /* MRF_BANKS upper bound */
#define SME_UNIT_OCC 4   /* cycles an SFU / shared-memory / load-store unit is busy per warp instruction */
#define SME_STARVE 16    /* a long-latency return overdue this long blocks new fixed-latency issue */
#define SME_INPUTS 2     /* registers that hold kernel inputs (in the MRF) when a warp starts */

/* One dynamic warp instruction. */
typedef struct sme_ins {
	uint8_t cls;               /* SME_* class */
	int8_t dst;                /* destination register, -1 for none */
	uint8_t nsrc;              /* register sources */
	int8_t src[SME_MAX_SRC];   /* their registers (distinct) */
	uint8_t last;              /* bit p: src p is the value's last read (before convergence gating) */
	uint8_t mark;              /* first consumer of a long-latency result (mark_i) */
	uint8_t rcls[SME_MAX_SRC]; /* src p's reuse class (SME_RD_*: first or later read, distance bucket) */
	uint64_t mask;             /* active lanes */
} sme_ins;

/* What happened in the current cycle: the driven inputs and the decoded
 * outputs (valid after sme_observe). */
typedef struct sme_view {
	long cyc;                  /* the cycle */
	int reset;                 /* rst_i */
	uint64_t rdy, mark, llp, bar, fin, launch;  /* driven per-warp vectors */
	int lu_warp;               /* warp whose sources were looked up (TAG), -1 */
	sme_ins lu;                /* that instruction */
	unsigned lu_en, lu_last;   /* driven lu_en_i, lu_last_i */
	int wr_valid, wr_warp, wr_reg, wr_bypass;   /* driven write-back */
	uint64_t wr_mask;          /* its lanes */
	int wr_owned;              /* the writing warp held an OWNED slot at the start of the cycle */
	long wr_issued;            /* issue cycle of the instruction whose result this is */
	int iss_valid, iss_slot, iss_warp;          /* outputs */
	sme_ins iss;               /* the issued instruction */
	int tag_valid, tag_slot, tag_warp;
	int dem_valid, dem_slot, dem_warp, dem_cause;
	int pro_valid, pro_slot, pro_warp;
	int ext_valid, ext_slot, ext_warp;
	uint64_t slot_valid, active, resident, slot_free;
	int slot_warp[SME_MAX_SLOTS];
	unsigned lu_hit, rd_valid;
	int wb_valid, wb_cause, wb_warp, wb_reg;
	uint64_t wb_mask;
	unsigned fl_valid;
	int fl_warp[4], fl_reg[4];
} sme_view;

/* Counters of a run (cycles with rst_i = 1 excluded). */
typedef struct sme_stats {
	uint64_t cycles;           /* cycles observed */
	uint64_t issued;           /* warp instructions issued */
	uint64_t by_class[SME_NCLASS]; /* ... by class */
	uint64_t lanes;            /* active lanes summed over issued instructions */
	uint64_t idle;             /* cycles without an issue */
	uint64_t results;          /* results written back (wr_valid_i) */
	uint64_t ll_results;       /* ... of them long-latency (wr_bypass_i) */
	uint64_t wb_cause[5];      /* MRF writes of the write path by wb_cause_o */
	uint64_t drained;          /* entries drained to the MRF (fl_valid_o) */
	uint64_t dem_mark, dem_bar;/* demotions by cause */
	uint64_t dem_returned;     /* mark demotions whose value had already returned (llp_i = 0) */
	uint64_t pro, ext, launches, releases, resets;
	uint64_t values;           /* values produced by the streams */
	uint64_t val_reads[4];     /* values by planned reads: 0, 1, 2, more */
	uint64_t once_short;       /* values read once, lifetime <= 3 */
	uint64_t src_reads;        /* source operands generated */
	uint64_t rd_cls[SME_RD_NCLS]; /* source reads looked up, by reuse class (SME_RD_*) */
	uint64_t rd_hit[SME_RD_NCLS]; /* ... of them RFC hits */
	uint64_t cancelled;        /* planned reads dropped for lack of a free register */
	uint64_t hits_checked;     /* RFC hit reads compared with the architectural value */
	uint64_t misses_checked;   /* misses compared with the MRF model */
	uint64_t mrf_writes_checked; /* MRF writes compared with the architectural value */
	uint64_t mrf_rd_stall;     /* MRF_BANKS: cycles issue was held because a bank's reads ran past RF3 */
	uint64_t mrf_wr_stall;     /* MRF_BANKS: cycles issue was held because a write queue was over MRF_WQ */
	uint64_t mrf_bank_rd;      /* MRF_BANKS: bank reads (misses) */
	uint64_t mrf_bank_wr;      /* MRF_BANKS: bank writes (every MRF write) */
	uint64_t mrf_wq_max;       /* MRF_BANKS: the longest write queue seen */
} sme_stats;

typedef struct sm_env sm_env;

/* Bytes of an environment for block parameters p (SMR_NPARAMS values). */
size_t sme_size(const long *p);
/* e: zeroed memory of sme_size(p) bytes. knobs: SME_NKNOBS values. Returns
 * NULL, or a one-line error in err (e.g. knobs that contradict each other). */
const char *sme_init(sm_env *e, const long *p, const wg_layout *L, const long *knobs, uint64_t seed, char *err,
		     size_t n);
/* Assert rst_i in cycle cyc as well (cycles 0 and 1 always reset). */
void sme_force_reset(sm_env *e, long cyc);

/* Fill the (zeroed) input frame of cycle cyc; model: the sm_rfc C model
 * before its edge (composition of sched2l and rfc). */
void sme_drive(sm_env *e, const void *model, uint32_t *in, long cyc);
/* This cycle's outputs, after the model's eval and before its edge. */
void sme_observe(sm_env *e, const void *model, const uint32_t *in, const uint32_t *out, long cyc);

/* The first failed check ("cycle C: ..."), or NULL; *cyc gets its cycle. */
const char *sme_error(const sm_env *e, long *cyc);
const sme_stats *sme_get_stats(const sm_env *e);
const sme_view *sme_now(const sm_env *e);
/* A warp's next instruction (NULL when the warp is not resident) and its
 * scoreboard: registers with a write in flight, long-latency ones. */
const sme_ins *sme_next_ins(const sm_env *e, int w, uint64_t *pend, uint64_t *llpend);
/* Registers warp w wrote while it held an OWNED slot since its last activation. */
uint64_t sme_written(const sm_env *e, int w);
/* Cycles since the last progress (issue, write-back, promotion, demotion, launch). */
long sme_quiet(const sm_env *e);
/* Class name ("ALU", ...). */
const char *sme_class_name(int cls);

#endif
