/* rg_db.h - warpgen regress: the results history, an SQLite file (docs/regress.md).
 *
 * One row per run (table runs: what was asked for, the engine, when, the counts, the commit) and
 * one row per job of a run (table results: the job as it can be run again, its verdict, first
 * mismatch, replay command, time, speed, host, commit). The file carries the SQLite
 * application_id 0x57475247 ("WGRG") and its schema version as user_version (RG_DB_VERSION); a file
 * that is neither empty nor a warpgen history, or of a newer version, is refused; an older version
 * is upgraded in place (version 2: results.owner, the block a job belongs to; version 3: the tables
 * cov_blocks and cov_points, a run's merged coverage).
 *
 * Several processes may write one file at once (several regressions, a coordinator and others):
 * WAL journal, a 30 s busy timeout, every write its own BEGIN IMMEDIATE transaction. WAL needs
 * every writer on one machine (shared memory): keep the file on a local disk of the machine that
 * runs the regressions (the slurm engine's tasks write result files, only the coordinator writes the
 * database). A filesystem on which SQLite cannot switch to WAL is refused at open; a network
 * filesystem that lets it (NFS) is not detected by SQLite: the user's to avoid.
 *
 * Every function that can fail returns -1 (rg_db_open: NULL) with one line in err naming the file
 * and the reason ("database FILE: ..."); the caller prints it and exits 2. Nothing is written when a
 * function fails (each write is one transaction, rolled back on error). */
#ifndef RG_DB_H
#define RG_DB_H

#include <stddef.h>
#include <stdio.h>

#include "rg.h"
#include "rg_cov.h"

#define RG_DB_VERSION 3          /* the schema version this code writes (PRAGMA user_version) */
#define RG_DB_APP_ID 0x57475247  /* PRAGMA application_id of a warpgen history: "WGRG" */
#define RG_DB_BUSY_MS 30000      /* how long a writer waits for another one's transaction */
#define RG_DB_SLOW_RATIO 2.0     /* the report's "slower": more than this many times the seconds ... */
#define RG_DB_SLOW_MIN_SECS 0.5  /* ... and by at least this much (less is timing noise) */

typedef struct rg_db rg_db;

/* Opens PATH, creating the file and its schema when missing (or an empty file). */
rg_db *rg_db_open(const char *path, char *err, size_t n);
/* A new run: label = what was asked for (rg_set.label), engine, the number of jobs, the project's
 * commit and whether the tree was modified (rg_db_git_state). Returns the run id, -1 on error. */
long rg_db_begin_run(rg_db *db, const char *label, const char *engine, int njobs, const char *commit,
		     int modified, char *err, size_t n);
/* One job's result (r->job indexes set->jobs); a job given twice in a run keeps its last result. */
int rg_db_add(rg_db *db, long run, const rg_set *set, const rg_result *r, char *err, size_t n);
/* Several results in one transaction (a slurm task's file as it is collected). */
int rg_db_add_many(rg_db *db, long run, const rg_set *set, const rg_result *r, int nr, char *err, size_t n);
/* The run's end: its counts (failed = FAIL + ERROR + LOST) and wall time; started becomes no later
 * than the end less SECS (a run recorded once it has ended, as warpgen regress records it). */
int rg_db_end_run(rg_db *db, long run, int passed, int failed, double secs, char *err, size_t n);

/* A run's merged coverage (warpgen regress --coverage): per block its line and toggle figures (NULL
 * when it has none) and data counts, per block and point its random and directed hits. One
 * transaction. */
int rg_db_add_coverage(rg_db *db, long run, const rg_cov *cov, char *err, size_t n);

/* The last run (the highest id; of LABEL when not NULL): its id, 0 when there is none, -1 on error. */
long rg_db_last_run(rg_db *db, const char *label, char *err, size_t n);
/* --report: the last run: failures first (first mismatch, replay command), pass/fail counts per
 * block, then what changed since the previous run of the same label (new failures, fixed, slower
 * than RG_DB_SLOW_RATIO), and the merged coverage of the last run with --coverage up to it (its date,
 * per block lines, toggles and points by class). Jobs in the order of their set (job index, then name), blocks by name:
 * the same rows give the same bytes. */
int rg_db_report(rg_db *db, FILE *out, char *err, size_t n);
int rg_db_report_run(rg_db *db, long run, FILE *out, char *err, size_t n); /* the same for one run */
/* --rerun-failed: the jobs of the last run that did not pass (FAIL, ERROR, LOST), in their set's
 * order, as a set (label "rerun-failed LABEL"; freed by rg_set_free: every string malloc'd).
 * An empty set when the last run has no failure; -1 when there is no run. */
int rg_db_last_failures(rg_db *db, rg_set *set, char *err, size_t n);
int rg_db_run_failures(rg_db *db, long run, rg_set *set, char *err, size_t n); /* of one run */
void rg_db_close(rg_db *db);

/* The commit of the git tree ROOT (`git -C ROOT rev-parse HEAD`, "unknown" when it is not one) and
 * whether tracked files are modified (`git status --porcelain --untracked-files=no` not empty).
 * 0, or -1 when ROOT is not a git tree or git cannot run (commit "unknown", *modified 0). */
int rg_db_git_state(const char *root, char *commit, size_t n, int *modified);

#endif
