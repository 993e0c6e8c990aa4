/* rg_progress.h - warpgen regress's progress: on a terminal one live line rewritten in place (done /
 * total, passes, failures, the time left); in a log or CI a line every 5 % of the jobs; a failure's
 * line and replay command as soon as it comes, in both. */
#ifndef RG_PROGRESS_H
#define RG_PROGRESS_H

#include <stdio.h>

#include "rg.h"

#define RG_PROGRESS_STEP_PCT 5 /* log mode: a line each time this many more percent are done */

typedef struct rg_progress {
	FILE *out;       /* where it writes */
	int tty;         /* 1: the live line (\r, erase to the end of the line); 0: log lines */
	int quiet;       /* no progress line (failures are still printed) */
	int total;       /* jobs of the run */
	int done;        /* jobs finished */
	int passed;      /* ... that passed */
	int failed;      /* ... that did not (FAIL, ERROR, LOST) */
	double wtotal;   /* the jobs' weights (rg_job_weight), for the time left */
	double wdone;    /* the finished jobs' weights */
	double t0;       /* the start (seconds, any clock) */
	int step;        /* log mode: the last 5 % step printed */
	int live;        /* tty: a live line is on the screen */
} rg_progress;

void rg_progress_start(rg_progress *p, FILE *out, int tty, int quiet, const rg_set *set, double now);
/* One job finished at time now: counts, its failure lines, the live line or a log line. */
void rg_progress_result(rg_progress *p, const rg_set *set, const rg_result *r, double now);
/* Clears the live line (before the summary). */
void rg_progress_end(rg_progress *p);
/* "1h02m", "3m10s", "42s": a duration for people. */
void rg_progress_hms(double secs, char *buf, size_t n);

#endif
