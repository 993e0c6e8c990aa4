/* prefetch_table_sm.h - an SM-level model for APOGEE's headline comparison
 * (Sethia 2015 ch. V §5.5: Apogee_4 against SIMT_32 and 4 warps without
 * prefetching; docs/prefetch_table.md "SM-level comparison"). One SM runs a
 * kernel of the prefetch table's access profiles with a given number of
 * warps: in-order warps issuing one warp instruction every THREADS/SIMD
 * cycles (round robin), integer / FP latencies with a dependence share, loads
 * that block the warp until their lines are in the L1 (sets x ways, LRU,
 * hit latency), MSHRs, a memory with a latency and a bandwidth in bytes per
 * cycle, and, in the APOGEE arm, the prefetch table's C model beside the L1:
 * each load is copied into a small training FIFO (off the load's path) and
 * the table's queue issues into the same memory. Every arm runs the same
 * program and the same threads' addresses (a function of the seed, the load
 * and the thread index, not of the interleaving); only the warps that run
 * them and the prefetcher differ. No global state; deterministic for a seed. */
#ifndef PT_SM_H
#define PT_SM_H

#include <stddef.h>
#include <stdint.h>

#include "prefetch_table.h"
#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* SM parameters (`--sm NAME=VALUE`; pts_params gives default, range, source) */
enum {
	PTS_WARPS_BASE, /* warps of the many-warp baseline (SIMT_32) */
	PTS_MEM_LAT,    /* memory latency, cycles */
	PTS_BW_BYTES,   /* memory bandwidth, bytes per cycle */
	PTS_L1_SETS,    /* L1 sets of LINE_BYTES lines */
	PTS_L1_WAYS,    /* L1 ways (LRU) */
	PTS_L1_LAT,     /* L1 hit latency, cycles */
	PTS_SIMD,       /* lanes executing per cycle: a warp instruction holds the issue stage THREADS/SIMD cycles */
	PTS_INT_LAT,    /* integer instruction latency */
	PTS_FP_LAT,     /* FP instruction latency */
	PTS_FP_PCT,     /* per cent of the compute instructions that are FP */
	PTS_DEP_PCT,    /* per cent of the compute instructions that need the previous one's result */
	PTS_ALU,        /* compute instructions after each load */
	PTS_LOADS,      /* the kernel's size: about this many warp loads (rounded to whole iterations) */
	PTS_MSHRS,      /* a prefetch is offered only while fewer lines (demand + prefetch) fly */
	PTS_TQ_DEPTH,   /* training FIFO between the load path and the table (a full FIFO skips training) */
	PTS_TIA_INV,    /* thread-invariant lines leave the L1 each time this many threads finished an iteration */
	PTS_PRIV,       /* words of private data per thread context (local memory) re-read in turn, one a loop iteration; 0: none */
	PTS_MSHR_STALL, /* 1: demand lines need one of the MSHRS too; a load without one holds the LSU
	                   (no memory instruction of any warp; ch. II §2.0.2); 0: demand MSHRs unbounded */
	PTS_NPARAMS
};

extern const wg_param_def pts_params[PTS_NPARAMS];

#define PTS_MAXW 32      /* warps at most */
#define PTS_MAXPC 80     /* loads per iteration at most */
#define PTS_MAXL1 8192   /* L1 lines at most */

/* load kinds (the access profiles of docs/prefetch_table.md "Stimulus") */
enum { PTS_K_STREAM, PTS_K_STRIDE, PTS_K_TIA, PTS_K_RAND, PTS_K_PRIV };

typedef struct pts_ld {
	unsigned pc;   /* load PC */
	int kind;      /* PTS_K_* */
	uint32_t base; /* base byte address */
	int off;       /* bytes between adjacent threads */
	int hole;      /* per cent of inactive lanes */
} pts_ld;

/* The kernel: one loop body, the same for every arm. */
typedef struct pts_prog {
	int prof;               /* access profile (PTE_PR_*) */
	int npc;                /* loads per iteration (with the private load when priv > 0) */
	int priv;               /* PRIV: words of private data per thread context (the last load reads them), 0: none */
	pts_ld ld[PTS_MAXPC];   /* the loads, in program order */
	long threads;           /* thread-iterations of the kernel (a multiple of 32 x every arm's warps) */
	uint64_t seed;          /* the addresses' and the instruction mix's seed */
	int threads_per_warp;   /* THREADS */
	int line_bytes;         /* LINE_BYTES */
	uint32_t amask;         /* the address space */
} pts_prog;

/* Build the loop of profile prof for seed (the table's parameters p give
 * THREADS, LINE_BYTES, ADDR_BITS, OFFSET_BITS, ENTRIES, PC_BITS); its size
 * from LOADS, a multiple of 32 x lcm(warps[0..nw)). */
void pts_prog_build(pts_prog *g, int prof, const long *p, const long *sp, uint64_t seed, const int *warps, int nw);

/* Lane t of global thread index gt (gt = it * warps * THREADS + w * THREADS + t)
 * at load j: its byte address; 0 when the lane is inactive, 1 when active.
 * The private load (kind PTS_K_PRIV) depends on the context, not on gt: see
 * pts_priv_addr. */
int pts_addr(const pts_prog *g, int j, long gt, uint32_t *addr);
/* The private load j of thread context ctx (w * THREADS + lane) of nctx
 * (warps * THREADS) in iteration it: word it mod PRIV of the context's
 * private array, laid out word-major (adjacent contexts, adjacent words). */
uint32_t pts_priv_addr(const pts_prog *g, int j, long it, long ctx, long nctx);

/* Compute instruction k of the loop body (k counts every instruction): FP?
 * does it need the previous instruction's result? */
int pts_is_fp(const pts_prog *g, const long *sp, long k);
int pts_is_dep(const pts_prog *g, const long *sp, long k);

/* ---- L1 (sets x ways, LRU) ---- */
typedef struct pts_line {
	uint32_t line; /* line address */
	uint8_t valid; /* holds a line */
	uint8_t pf;    /* brought by a prefetch, not used yet */
	uint64_t lru;  /* last touch */
} pts_line;

typedef struct pts_l1 {
	int sets, ways;            /* geometry */
	uint64_t tick;             /* LRU clock */
	pts_line l[PTS_MAXL1];     /* set-major */
} pts_l1;

void pts_l1_init(pts_l1 *c, int sets, int ways);
pts_line *pts_l1_find(pts_l1 *c, uint32_t line);
/* Insert (or refresh) a line; returns 1 when it evicted an unused prefetched line. */
int pts_l1_insert(pts_l1 *c, uint32_t line, int pf);
void pts_l1_inval(pts_l1 *c, uint32_t line);

/* ---- memory bandwidth: bytes per cycle, one line at a time ---- */
typedef struct pts_bw {
	long credit;  /* bytes the memory may still take */
	long per_cyc; /* bytes added each cycle */
	long line;    /* bytes per line */
} pts_bw;

void pts_bw_init(pts_bw *b, long per_cyc, long line);
void pts_bw_cycle(pts_bw *b);       /* a new cycle (an idle memory banks one line and a part of the next) */
int pts_bw_can(const pts_bw *b);     /* a line may leave this cycle */
void pts_bw_take(pts_bw *b);         /* a line left */

/* ---- one run ---- */
typedef struct pts_arm {
	const char *name; /* "SIMT_32", "SIMT_4", "Apogee_4" */
	int warps;        /* warps */
	int prefetch;     /* the prefetch table beside the L1 */
} pts_arm;

typedef struct pts_result {
	long cycles;          /* cycles until the last warp finished */
	uint64_t instr;       /* warp instructions issued */
	uint64_t loads;       /* warp loads */
	uint64_t dem_lines;   /* distinct lines the loads demanded */
	uint64_t dem_miss;    /* of them: fetched on demand */
	uint64_t load_lat;    /* sum over the loads of issue to data (cycles) */
	uint64_t pf_issued;   /* prefetched lines sent to memory */
	uint64_t pf_used;     /* of them: used by a demand (before or after the fill) */
	uint64_t pf_early;    /* prefetched lines evicted unused */
	uint64_t train_drop;  /* loads not trained (FIFO full) */
	uint64_t mem_lines;   /* lines read from memory (demand + prefetch) */
	uint64_t lsu_stall;   /* cycles the LSU held a load whose missing lines found no free MSHR (MSHR_STALL=1) */
	uint64_t mshr_full;   /* cycles all MSHRS were in use (counted with MSHR_STALL=1) */
	int finished;         /* every warp finished within the cycle limit */
} pts_result;

typedef struct pts_sm pts_sm;

size_t pts_size(void);
/* Run prog on arm (table parameters p, SM parameters sp) for at most max_cycles.
 * Returns 0, or 1 with a message in err (the C model reported a protocol
 * violation, the environment ran out of MSHRs, the kernel did not finish). */
int pts_run(pts_sm *s, const pts_prog *g, const pts_arm *arm, const long *p, const long *sp, long max_cycles,
	    pts_result *r, char *err, size_t n);

/* ---- relative SM power (power_tables/apogee_sm.tsv) ---- */
typedef struct pts_power {
	double p1;        /* SIMT_1 (1 warp, no prefetching): 1 */
	double per_warp;  /* each further warp */
	double table;     /* the prefetch table */
	double p32;       /* the table's SIMT_32 row (a check of the linear rule) */
	char src[512];    /* the rows used, file:line */
} pts_power;

/* Load the rows; 0, or -1 with a message naming the file and row. */
int pts_power_load(pts_power *pw, char *err, size_t n);
double pts_power_of(const pts_power *pw, const pts_arm *arm);

/* `warpgen stats prefetch_table --compare ...` (prefetch_table_compare.c): exit code. */
int pts_compare_main(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif
