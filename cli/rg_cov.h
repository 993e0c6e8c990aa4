/* rg_cov.h - warpgen regress --coverage (docs/regress.md "Coverage"): every cosim job runs with
 * `--coverage DIR/dat/JOB.dat` (code and toggle coverage of its Verilated model) and keeps its JSON
 * (the functional points) as DIR/json/JOB.json, DIR the run's coverage folder (shared by every
 * engine's workers, as the unit and chunk files are); at the end the coordinator merges them per
 * block: the code data with `warpgen coverage` (verilator_coverage --write, then the template
 * mapping), the functional hits per point split RANDOM (jobs without --case) and DIRECTED (--case
 * jobs), and writes a Markdown page per block and an index. */
#ifndef RG_COV_H
#define RG_COV_H

#include <stddef.h>
#include <stdio.h>

#include "rg.h"

#define RG_COV_MIN_HITS 10 /* a point is closed when random stimulus hits it this often (issue 24) */

/* One functional point of a block, its hits summed over the run's jobs. */
typedef struct rg_cov_point {
	char *name;          /* the point's name (wg_cov_point.name) */
	long long random;    /* hits in jobs without --case */
	long long directed;  /* hits in --case jobs */
} rg_cov_point;

/* One block's merged coverage. */
typedef struct rg_cov_block {
	char *block;         /* the block */
	int ndat;            /* code coverage data files merged */
	int njson;           /* job records read for the points */
	int code;            /* 1: the line and toggle figures below are measured */
	long lines_hit, lines;     /* template lines covered / with coverage points */
	long toggles_hit, toggles; /* toggle points covered / all */
	char *note;          /* why there are no figures (no data, the merge failed), or NULL */
	rg_cov_point *pts;   /* the points, in the stimulus's order */
	int npts;
} rg_cov_block;

/* A run's coverage: its folder and its blocks (by name). */
typedef struct rg_cov {
	char *dir;           /* the run's coverage folder */
	rg_cov_block *b;     /* the blocks with data, sorted by name */
	int nb;
} rg_cov;

/* The point's class, for the summary and the pages. */
typedef enum rg_cov_class {
	RG_COV_RANDOM,       /* random stimulus hit it at least RG_COV_MIN_HITS times */
	RG_COV_RANDOM_FEW,   /* random stimulus hit it, fewer times */
	RG_COV_DIRECTED,     /* only directed cases hit it */
	RG_COV_NEVER         /* nothing hit it */
} rg_cov_class;
rg_cov_class rg_cov_point_class(const rg_cov_point *p);

/* A new coverage folder BASE/coverage-YYYYmmdd-HHMMSS-PID (with dat/ and json/), BASE the slurm
 * --shared-dir when given, else $OUT/regress. 0, or -1 with a line in err. */
int rg_cov_dir(const rg_opts *o, char *dir, size_t n, char *err, size_t en);
/* A cosim job's files in the coverage folder: DIR/dat/STEM.dat and DIR/json/STEM.json, STEM its name
 * made safe for a file name plus a hash of the name (names that differ only in unusual characters
 * do not collide). Returns 1 when the job takes --coverage, 0 when it runs without it but writes its
 * JSON (--gate: no Verilated model; --wave: a traced build), -1 when it writes neither (a command
 * job, --model-only). */
int rg_cov_job_files(const char *dir, const rg_job *j, char *dat, char *json, size_t n);
/* 1 when a cosim job runs a directed case (--case among its options). */
int rg_cov_job_directed(const rg_job *j);

/* The end of the run: per block of the set's cosim jobs, the code data merged by
 * `WARPGEN coverage BLOCK DAT... --write DIR/BLOCK/merged.dat --json DIR/BLOCK/code.json
 * --annotate DIR/BLOCK/annotate` (its output in DIR/BLOCK/code.txt) and the points summed from the
 * JSON files. Files a job did not write (it failed to build, it was LOST) are skipped. 0, or -1 with
 * a line in err (the folder cannot be read or written). */
int rg_cov_merge(const rg_set *set, const char *dir, const char *warpgen, rg_cov *cov, char *err, size_t n);
/* The summary: one line per block (lines %, toggles %, points by class). */
void rg_cov_summary(const rg_cov *cov, FILE *f);
/* DIR/BLOCK.md per block (figures, each uncovered template line and untoggled signal, the points
 * table), DIR/index.md (every block's figures, dated, label), and BASE/coverage-last pointing at DIR.
 * 0, or -1 with a line in err. */
int rg_cov_pages(const rg_cov *cov, const char *label, char *err, size_t n);
void rg_cov_free(rg_cov *cov);

#endif
