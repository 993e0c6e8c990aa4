/* sm_slg_grid.h - the x.y.z grid of `warpgen stats sm_slg` (P2 §IV-B, spec
 * B12), its runs, and the checks on the whole grid (sm_slg_grid.c;
 * docs/sm_slg.md "Statistics"). */
#ifndef SM_SLG_GRID_H
#define SM_SLG_GRID_H

#include <stddef.h>
#include <stdint.h>

#include "sm_slg_run.h"

#define SST_MAX_PAIRS 24
#define SST_MAX_Z 4

/* The grid: (x, y) pairs (studied: x < y from P2's points; extra: the range
 * endpoints) times z values, per profile. */
typedef struct sst_grid {
	int npairs;                    /* (x, y) pairs */
	int px[SST_MAX_PAIRS], py[SST_MAX_PAIRS]; /* their x and y */
	int studied[SST_MAX_PAIRS];    /* 1: from P2's points (in the sensitivity measures); 0: extra (B12) */
	int nz;                        /* z values */
	int z[SST_MAX_Z];
	int nprof;                     /* profiles */
	int prof[SSE_NPROF];
} sst_grid;

/* Full: 18 studied pairs + (1, 2), z = 3, 5, 10, 20. Quick: 6 studied pairs + (1, 2), z = 3, 10. */
void sst_grid_make(sst_grid *g, int quick);

/* The runs of one profile: a baseline per z, a scenario per (pair, z). */
typedef struct sst_prof_runs {
	sst_run base[SST_MAX_Z];                 /* ENABLE = 0 per z */
	sst_run run[SST_MAX_Z][SST_MAX_PAIRS];   /* SLG per z and pair */
	sst_fig fig[SST_MAX_Z][SST_MAX_PAIRS];   /* its figures against the baseline */
} sst_prof_runs;

/* The grid's measures and verdicts. */
typedef struct sst_verdict {
	double max_saving;             /* largest power saving over every scenario */
	int max_at[3];                 /* its profile, z index, pair index */
	double loss_min, loss_max;     /* loss range */
	double sx[SSE_NPROF + 1], sy[SSE_NPROF + 1]; /* loss slopes per cycle of x, of y; per profile, [nprof] pooled */
	long nsx[SSE_NPROF + 1], nsy[SSE_NPROF + 1]; /* pairs of scenarios behind each slope */
	double z_worst;                /* largest loss increase from a z to the next larger one */
	double z_mean;                 /* mean loss change from a z to the next larger one */
	int z_rises;                   /* steps with a higher loss at the larger z */
	int z_steps;                   /* steps in all */
	int z_worst_at[4];             /* its profile, pair, z index (the smaller z) */
	uint64_t t3_checked;           /* reads and write-backs checked against Table III */
	double noise;                  /* the most negative loss of the grid (a scenario cannot truly gain: scheduling scatter) */
	int fails;                     /* failed checks */
	char msg[6][400];              /* one line per check: "PASS ..." / "FAIL ..." */
	int nmsg;
} sst_verdict;

#define SST_Z_TOL 0.01         /* a larger z may raise the loss by at most 1 percentage point (scheduling scatter) */
#define SST_SAVING_MAX 0.27    /* P2's 22 % maximum + 5 points (spec §9) */

/* Judge the grid (runs[i] for g->prof[i]). sens / deep: also check P2 §IV-B's
 * claims "loss more sensitive to x than to y" / "a larger z does not raise the
 * loss"; otherwise their measures are computed and reported as "note" lines. */
void sst_judge(const sst_grid *g, sst_prof_runs *const *runs, const wg_pm_table *pm, int sens, int deep,
	       sst_verdict *v);

#endif
