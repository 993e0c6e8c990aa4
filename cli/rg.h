/* rg.h - warpgen regress: the jobs of a regression, their results, and the pieces that run
 * them (docs/regress.md). Modules, each its own file with its prefix:
 *   rg_job.c       jobs: the job-file parser, a tier's declared tests, grouping into units
 *   rg_run.c       running one unit (its jobs in sequence, one process each) into results
 *   rg_local.c     the local engine: N workers on this machine
 *   rg_slurm.c     the slurm engine: a job array of chunks, results collected from a shared folder
 *   rg_progress.c  the live line on a terminal, a line every few percent in a log
 *   rg_db.c        the results history (SQLite): rows, the report, the failures of the last run
 *   rg_cov.c       --coverage: each job's coverage files, the merge per block, the pages
 *   cmd_regress.c  the command: options, the engine, the database, the summary */
#ifndef RG_H
#define RG_H

#include <stddef.h>

/* One job: a co-simulation run (one seed of one configuration) or a command of a tier. */
typedef struct rg_job {
	char *name;      /* unique in its set: the tier's test name, or BLOCK CONFIG seed=S */
	char *block;     /* cosim job: the block; command job: NULL */
	char *args;      /* cosim job: the configuration's options as written ("--set A=1 --knob K=V
			    --case C --gate ..."), everything but --seed, --cycles, -q, --json */
	char *knobs;     /* cosim job: the --knob options alone, for the database (may be "") */
	char *params;    /* cosim job: the --set options alone, for the database (may be "") */
	unsigned long long seed; /* cosim job: the seed */
	long cycles;     /* cosim job: --cycles, or -1 when the job leaves it to warpgen cosim */
	int san;         /* cosim job: run under the sanitizer build (warpgen-san) */
	char *cmd;       /* command job: the shell command (run by bash -c from the repository root) */
	char *group;     /* configuration key: jobs with the same group run in one unit, so a
			    Verilated model is built once (block + args; a command job: its name) */
} rg_job;

/* A set of jobs, in a deterministic order (the order of the tier's list or of the job file). */
typedef struct rg_set {
	rg_job *jobs;    /* the jobs */
	int njobs;       /* how many */
	char *label;     /* what was asked for, for the database and the report: "tier sweep
			    rfc mascar", "jobs FILE" */
} rg_set;

/* A unit of work: consecutive jobs of one group (or a chunk of several groups for slurm). */
typedef struct rg_unit {
	int first;       /* index of its first job in the set */
	int n;           /* jobs */
	double weight;   /* an estimate of its run time (cycles, or a constant for commands) */
} rg_unit;

typedef enum rg_verdict {
	RG_PASS,         /* exit 0 */
	RG_FAIL,         /* a mismatch or a failed check (exit 1) */
	RG_ERROR,        /* bad input (exit 2), a crash (a signal), a time limit, a missing program */
	RG_LOST          /* never reported: its slurm task was cancelled or failed, or its worker died */
} rg_verdict;

/* What one job gave. */
typedef struct rg_result {
	int job;                 /* index in the set */
	rg_verdict verdict;      /* the verdict */
	char first_mismatch[512];/* the first line saying what went wrong ("" on a pass) */
	char replay[4096];       /* the command that runs the job again on its own */
	double secs;             /* wall time of the job */
	double cps;              /* co-simulated cycles per second (0: not a cosim job) */
	char host[64];           /* the machine that ran it */
} rg_result;

/* How to run. */
typedef struct rg_opts {
	const char *engine;      /* "local" or "slurm" */
	int jobs;                /* local: workers (-j N) */
	const char *prefix;      /* local: a command prefix each unit runs under (--prefix "bsub -K"), or NULL */
	const char *partition;   /* slurm: --partition, or NULL */
	const char *time_limit;  /* slurm: --time, or NULL */
	const char *sbatch_opts; /* slurm: extra sbatch options, or NULL */
	const char *shared_dir;  /* slurm: the folder tasks write their results to (default out/regress/slurm-...) */
	double chunk_secs;       /* slurm: a chunk's estimated minimum run time (default 30) */
	const char *warpgen;     /* the program the jobs run (this one, absolute path) */
	const char *warpgen_san; /* its sanitizer build (absolute path) */
	int quiet;               /* no progress line */
	const char *cov_dir;     /* --coverage: the run's coverage folder (rg_cov.h: each cosim job's
				    --coverage data and JSON go there), or NULL */
} rg_opts;

/* Where results go as they arrive (the progress line, the database, the summary). */
typedef struct rg_sink {
	void (*result)(void *ctx, const rg_set *set, const rg_result *r); /* one job finished */
	void *ctx;
} rg_sink;

/* rg_job.c */
int rg_jobs_from_file(const char *path, rg_set *set, char *err, size_t n); /* 0, or -1 with "FILE:LINE: ..." */
int rg_jobs_from_tier(const char *tier, char **blocks, int nblocks, const char *filter, rg_set *set, char *err,
		      size_t n);
int rg_units(const rg_set *set, double min_weight, rg_unit **units); /* returns the count */
int rg_write_jobs(const rg_set *set, const rg_unit *u, int nu, const char *path, char *err, size_t n); /* a job file */
void rg_set_free(rg_set *set);
/* The block a job belongs to: a cosim job's block; a command job's by its name (the longest block
 * name starting the part after the first colon, then '-', '_' or the end: "lint:rfc-a1" is rfc's,
 * "mutant:sm_rfc-x" sm_rfc's); NULL for none. warpgen regress BLOCK selects by it, the database
 * counts by it. */
const char *rg_job_block(const rg_job *j);
/* (added by H1) a job's weight: its cycles (warpgen cosim's default 100,000 when it leaves them) plus
 * 20,000 for its start, or 1,000,000 for a command job; rg_units adds them up */
double rg_job_weight(const rg_job *j);
/* (added by H1) the job file's words: blanks separate them, '...' and "..." quote, \ escapes (a
 * shell reads them the same); argv NULL-terminated, malloc'd. Returns the count, -1 on an unclosed quote */
int rg_split(const char *s, char ***argv, char *err, size_t n);
void rg_argv_free(char **argv);

/* rg_run.c: runs the jobs of a unit in sequence, calling sink->result for each */
void rg_run_unit(const rg_set *set, const rg_unit *u, const rg_opts *o, const rg_sink *sink);
void rg_replay_line(const rg_set *set, int job, char *buf, size_t n); /* a job's command line */
/* results as lines of a file (a slurm task's results): one per job, tab-separated, escaped */
int rg_result_format(const rg_set *set, const rg_result *r, char *buf, size_t n); /* (H1: set added, for JOBNAME) */
int rg_result_parse(const char *line, rg_result *r); /* 0, or -1 if malformed */
int rg_result_name(const char *line, char *buf, size_t n); /* (added by H1) its JOBNAME, unescaped; 0 or -1 */
const char *rg_verdict_name(rg_verdict v);

/* engines: run every unit, each result through the sink; 0, or 2 with a one-line error in err */
int rg_local_run(const rg_set *set, const rg_unit *u, int nu, const rg_opts *o, const rg_sink *sink, char *err,
		 size_t n);
int rg_slurm_run(const rg_set *set, const rg_opts *o, const rg_sink *sink, char *err, size_t n);
int rg_slurm_check(char *err, size_t n); /* sbatch there and the controller answering: 0, or -1 */

#endif
