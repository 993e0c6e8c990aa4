/* prefetch_table_env.h - the memory side of one SM around APOGEE's prefetch table
 * (docs/prefetch_table.md "Stimulus"): WARPS warps running loops of loads
 * from access profiles, the load handshake (held until ld_ack_o), an L1
 * (sets x ways, LRU, lines filled by demand misses and prefetches) with
 * MSHRs, a memory with a fixed latency and a bandwidth, and the prefetch
 * statistics (accuracy, coverage, timeliness, extra traffic) per profile.
 * Deterministic for a seed. Works on the typed pt_in / pt_out; pte_pack() and
 * pte_unpack() convert to and from the frames. */
#ifndef PT_ENV_H
#define PT_ENV_H

#include <stddef.h>
#include <stdint.h>

#include "prefetch_table.h"
#include "wg_desc.h"

/* knobs (the stimulus's and `warpgen stats prefetch_table`'s) */
enum {
	PTE_K_PROFILE,   /* access profile (PTE_PR_*) */
	PTE_K_MEM_LAT,   /* memory latency, cycles */
	PTE_K_BW_GAP,    /* the memory takes one line every BW_GAP cycles */
	PTE_K_L1_SETS,   /* L1 sets */
	PTE_K_L1_WAYS,   /* L1 ways */
	PTE_K_MSHRS,     /* MSHRs (prefetches issue only while one is free) */
	PTE_K_GAP,       /* compute cycles after a load's data before the warp's next load, 1..GAP */
	PTE_K_PHASE_CYC, /* PROFILE=phases: cycles per phase */
	PTE_K_RESET_PPM, /* per-million of cycles with a mid-run reset */
	PTE_K_NOPF,      /* 1: never take a prefetch (the baseline run of the statistics) */
	PTE_K_PRESENT_FILL, /* 1: a line dropped as present with `last` is answered on fill_valid_i */
	PTE_K_TIA_INVAL, /* % of loop iterations after which the thread-invariant loads' lines leave the L1 */
	PTE_K_BREAK_PCT, /* % of strided/streaming loads with one lane off the pattern (a mismatch) */
	PTE_NKNOBS
};

/* access profiles */
enum {
	PTE_PR_STREAM,    /* every lane, a fixed offset per PC */
	PTE_PR_STRIDED,   /* a fixed stride with holes (inactive lanes) */
	PTE_PR_TIA,       /* a loop of PCs, some thread-invariant (one address for all lanes) */
	PTE_PR_IRREGULAR, /* random lines */
	PTE_PR_MANYPC,    /* more streaming PCs than ENTRIES */
	PTE_PR_PHASES,    /* the five above in turn, PHASE_CYC cycles each, new bases and offsets each time */
	PTE_NPROF
};
#define PTE_NBASE 5 /* the base profiles */

#define PTE_DHIST 16 /* distance histogram buckets (the last: >= PTE_DHIST-1) */

/* Per profile statistics (lines of LINE_BYTES). */
typedef struct pte_stats {
	uint64_t loads;        /* warp loads acknowledged */
	uint64_t dem_lines;    /* distinct lines demanded by the loads */
	uint64_t dem_miss;     /* of them: not in the L1 nor in flight (a demand fetch) */
	uint64_t dem_hit;      /* of them: an L1 hit on a line not brought by an unused prefetch */
	uint64_t dem_merge;    /* of them: merged into a demand MSHR */
	uint64_t pf_issued;    /* prefetched lines sent to memory */
	uint64_t pf_present;   /* offered lines dropped by the L1 filter */
	uint64_t pf_timely;    /* prefetched lines first used after their fill */
	uint64_t pf_slow;      /* prefetched lines first used while in flight */
	uint64_t pf_early;     /* prefetched lines evicted before any use */
	uint64_t dist[PTE_DHIST]; /* the load's entry distance at ld_ack_o (confirmed FOA entries) */
	uint64_t cycles;       /* cycles spent in this profile */
} pte_stats;

typedef struct pt_env pt_env;

extern const wg_param_def pte_knobs[PTE_NKNOBS];
const char *pte_profile_name(int prof);
/* The profile of that name among the first n (case ignored), or -1. */
int pte_profile_find(const char *name, int n);

size_t pte_size(const long *p);
/* Returns NULL or a message in err. */
const char *pte_init(pt_env *e, const long *p, const long *knobs, uint64_t seed, char *err, size_t n);
/* This cycle's inputs (in zeroed by the caller); m: the C model before the edge. */
void pte_drive(pt_env *e, const pt_model *m, pt_in *in, long cyc);
/* This cycle's outputs (after eval, before the edge). */
void pte_observe(pt_env *e, const pt_model *m, const pt_in *in, const pt_out *o, long cyc);
/* A check of the environment failed (a message) or NULL. */
const char *pte_error(const pt_env *e);
/* Unused prefetched lines still in the L1 at the end are counted neither early nor used. */
const pte_stats *pte_get_stats(const pt_env *e, int prof);
int pte_profile(const pt_env *e); /* the knob PROFILE */
int pte_no_prefetch(const pt_env *e); /* the knob NOPF */

/* Checks from the outputs alone (both modes of the stimulus, and the
 * environment): pq_count_o <= PQ_DEPTH and moving by at most one (down only
 * on a pop), the offered tag's fields in range and zero outputs when nothing
 * is offered, ld_ack_o only while a load is held and only in TSCAN, the load
 * acknowledged within a bound (watchdog). */
typedef struct pte_oc {
	int have;          /* prev holds a cycle */
	unsigned cnt;      /* pq_count_o of the previous cycle */
	int pop;           /* the previous cycle popped (offered and present or ready) */
	long held_since;   /* cycle the held load was first driven, -1 none */
} pte_oc;
void pte_oc_reset(pte_oc *s);
const char *pte_outcheck(pte_oc *s, const pt_cfg *c, const pt_in *in, const pt_out *o, long cyc, char *buf, size_t n);

/* Frames. */
void pte_pack(const pt_cfg *c, const wg_layout *L, const pt_in *in, uint32_t *frame);
void pte_unpack(const pt_cfg *c, const wg_layout *L, const uint32_t *frame, pt_out *o);

#endif
