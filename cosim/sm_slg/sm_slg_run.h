/* sm_slg_run.h - one run of the sm_slg environment on the composed C model
 * (no RTL) until its last block has left, and the figures `warpgen stats
 * sm_slg` derives from a run and its ENABLE=0 baseline (sm_slg_run.c;
 * docs/sm_slg.md "Statistics"). */
#ifndef SM_SLG_RUN_H
#define SM_SLG_RUN_H

#include <stdint.h>

#include "sm_slg.h"
#include "sm_slg_env.h"
#include "wg_desc.h"
#include "wg_pmode.h"

/* One run: a scenario (x.y.z) of a profile, or its baseline (enable = 0). */
typedef struct sst_run {
	int prof;                  /* SSE_PR_* */
	int x, y, z;               /* SLG1 and SLG2 wake-ups, front-end stages */
	int enable;                /* 1: SLG; 0: the all-ACTIVE baseline */
	int warps;                 /* WARPS: the regions in the leakage denominator */
	long T;                    /* kernel cycles: last EXIT - first launch */
	sse_stats env;             /* the environment's counters */
	sse_shape shape;           /* the run's shape */
	uint64_t ev[SSL_NEVENTS];  /* the composed model's event counts */
	double seconds;            /* wall time */
	char err[512];             /* failure, "" when none */
} sst_run;

/* Run the environment (knobs, seed) on sm_slg at parameters p until the run's
 * blocks have all left, at most max_cycles cycles. 0, 1 (a check failed or the
 * run did not finish: r->err), 2 (bad input: r->err). */
int sst_run_one(const wg_block *b, const long *p, const long *knobs, uint64_t seed, long max_cycles, sst_run *r);

/* Figures of a run against its baseline (B11). */
typedef struct sst_fig {
	double loss;               /* T / T_base - 1 */
	double saving;             /* RF leakage power saved over the run's own time, all WARPS regions */
	double energy;             /* RF leakage energy saved against the baseline's: 1 - E / E_base */
	double res[3];             /* region-time share per mode: ACTIVE, SLG1, SLG2 */
	double stall_per_read;     /* mean operand-read stall, cycles */
} sst_fig;

void sst_figures(const sst_run *r, const sst_run *base, const wg_pm_table *pm, sst_fig *f);

/* P2 Table III on a run: every operand read's stall equals wg_pm_penalty of
 * the wake it met (wg_pm_latency of the mode, t + x from the SLG2 -> SLG1
 * move) at z, every write-back's at 0. NULL, or the first disagreement in
 * buf. *n_checked gets the reads and write-backs checked. */
const char *sst_table3(const sst_run *r, const wg_pm_table *pm, uint64_t *n_checked, char *buf, size_t n);

/* The oracle's wake for a record (kind SSE_W_*, t), or -1 when the table cannot say. */
int sst_oracle_wake(const wg_pm_table *pm, int kind, int t);

#endif
