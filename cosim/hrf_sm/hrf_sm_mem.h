/* hrf_sm_mem.h - the GPU-wide off-chip memory of the hrf_sm environment
 * (hrf_sm_mem.c; docs/hrf_sm.md "Cycle contract", "Contended memory").
 *
 * A missing load leaves its SM when one of the SM's MSHRs is free (one MSHR
 * per load instruction, held until its last piece returns), as `pieces`
 * 128-byte transactions. All SMs share one channel: each transaction waits in
 * one FIFO (arrival order; SMs that issue in the same cycle are taken in the
 * order the environment calls, which it rotates) and occupies the channel for
 * 128 / (SMS x BW) cycles, kept exactly with a byte credit in thousandths
 * (no floating point: the same command gives the same bytes); it returns
 * MEM_LAT cycles after its service starts. Because the FIFO is served in
 * order and MEM_LAT is fixed, transactions return in the order they were
 * served. A load completes with its last piece (W-P1-11). */
#ifndef HRF_SM_MEM_H
#define HRF_SM_MEM_H

#include <stddef.h>
#include <stdint.h>

#define HXM_LINE 128     /* bytes per transaction */
#define HXM_MAX_SMS 16

typedef struct hxm_cfg {
	int sms;            /* SMs sharing the channel */
	int mshrs;          /* MSHRs per SM (loads in flight) */
	int mem_lat;        /* cycles from a transaction's service to its return */
	long bw_milli;      /* thousandths of a byte per SM per cycle (8533 = 128 GB/s / 15 SMs at 1 GHz) */
	int max_pieces;     /* largest pieces of one load */
} hxm_cfg;

/* A completed load (its last piece returned this cycle). */
typedef struct hxm_done {
	int sm;             /* its SM */
	int tag;            /* the tag the SM gave it */
	long issued;        /* the cycle it left the SM */
} hxm_done;

typedef struct hxm hxm;

/* Bytes for a memory of cfg, and its construction in zeroed memory of that size (NULL, or a
 * one-line error naming the field and its range). */
size_t hxm_size(const hxm_cfg *c);
const char *hxm_init(hxm *m, const hxm_cfg *c, char *err, size_t n);
void hxm_reset(hxm *m);

/* SM sm sends a load of `pieces` transactions at cycle cyc under its tag: 1 when it left (an
 * MSHR was free), 0 when none is (the SM retries). */
int hxm_issue(hxm *m, int sm, int tag, int pieces, long cyc);
/* Free MSHRs of an SM. */
int hxm_mshr_free(const hxm *m, int sm);
/* Advance to the end of cycle cyc (call once per cycle, after the cycle's issues): serves the
 * channel and returns the loads whose last piece returned in this cycle into done[], their
 * number. done must hold hxm_max_done(m) entries (every load in flight); with a smaller max
 * the count still says how many completed (the caller's error). */
int hxm_tick(hxm *m, long cyc, hxm_done *done, int max);
int hxm_max_done(const hxm *m);

/* Counters. */
typedef struct hxm_stats {
	uint64_t loads, pieces;      /* loads and transactions that left the SMs */
	uint64_t refused;            /* issue attempts without a free MSHR */
	uint64_t busy;               /* cycles the channel served something */
	uint64_t lat_sum;            /* sum of the loads' latencies (issue to last piece) */
	long lat_max;                /* the longest */
	uint64_t queue_sum;          /* sum over cycles of the transactions waiting */
	uint64_t cycles;             /* cycles ticked */
} hxm_stats;

const hxm_stats *hxm_get_stats(const hxm *m);
/* Loads in flight of an SM (MSHRs used), transactions waiting for the channel. */
int hxm_inflight(const hxm *m, int sm);
int hxm_queued(const hxm *m);

#endif
