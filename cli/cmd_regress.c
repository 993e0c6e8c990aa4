/* cmd_regress.c - `warpgen regress`: run a regression (a tier the blocks declare, a job file, or
 * the failures of the last run) on an engine (local, slurm), keep its results in the history
 * database, print its progress and a summary ending "N passed, M failed" (docs/regress.md).
 *
 * Everything is read and checked (options, the job list) before the database is opened, and the
 * database before anything runs: bad input is one line, exit 2, no row. The results are stored and
 * summarized in the order of the jobs, whatever order they finished in. Exit: 0 every job passed,
 * 1 a job did not, 2 bad input (or an engine or the database failed). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "rg.h"
#include "rg_cov.h"
#include "rg_db.h"
#include "rg_progress.h"
#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_cmds.h"
#include "wg_root.h"

#define MAX_WORKERS 1024

static void usage(void)
{
	printf("usage: warpgen regress [--tier test|sweep|main|fast] [BLOCK...] [--filter S]\n"
	       "                       [--jobs FILE] [--rerun-failed] [--report] [--write-jobs FILE]\n"
	       "                       [--engine local|slurm] [-j N] [--prefix CMD] [--db FILE | --no-db] [-q] [--coverage]\n"
	       "                       [--partition P] [--time T] [--sbatch-opts S] [--shared-dir DIR] [--chunk-secs S]\n"
	       "Runs a regression and keeps its results in a history database (docs/regress.md).\n"
	       "  --tier T        the tests the blocks declare for a tier (tests/list_tests.sh T; main: the `main`\n"
	       "                  configurations, 1,000,000 cycles, seed 1); default test\n"
	       "  BLOCK...        only the jobs of these blocks; --filter S: only the jobs whose name contains S\n"
	       "  --jobs FILE     the jobs of a job file instead of a tier (one per line: [NAME] BLOCK [cosim\n"
	       "                  options] [--seeds LIST] [--cycles N] [--san], or NAME ! COMMAND)\n"
	       "  --rerun-failed  the jobs of the database's last run that did not pass\n"
	       "  --report        print the database's report of its last run and exit\n"
	       "  --engine E      local (default): -j N workers on this machine (default: the cores), each unit\n"
	       "                  under --prefix CMD when given (LSF: --prefix 'bsub -K', Grid Engine:\n"
	       "                  --prefix 'qsub -sync y -b y -cwd'); slurm: a job array (--partition, --time,\n"
	       "                  --sbatch-opts, --shared-dir, --chunk-secs: a chunk's minimum run time, default 30)\n"
	       "  --db FILE       the history (default $OUT/regress.db); --no-db: none\n"
	       "  -q              no progress line (failures and the summary are still printed)\n"
	       "  --coverage      every cosim job with --coverage and its JSON kept; at the end code and toggle\n"
	       "                  coverage merged per block (warpgen coverage), the functional points summed\n"
	       "                  random / directed, a summary, a page per block ($OUT/regress/coverage-last/),\n"
	       "                  the figures in the database (--report shows them)\n"
	       "  --write-jobs F  write the jobs as a job file F (to edit, to run with --jobs) and run nothing\n"
	       "  --results FILE  worker mode (what a unit runs): the --jobs file's results appended to FILE,\n"
	       "                  one line per job, nothing else written (--coverage-dir DIR: the run's coverage folder)\n"
	       "exit: 0 every job passed, 1 a job failed, 2 bad input\n");
}

/* What the command was asked. */
typedef struct args {
	const char *tier;     /* --tier, or NULL */
	char **blocks;        /* BLOCK arguments */
	int nblocks;
	const char *filter;   /* --filter */
	const char *jobs;     /* --jobs FILE */
	const char *db;       /* --db FILE */
	const char *results;  /* --results FILE (worker mode) */
	const char *write;    /* --write-jobs FILE: the set as a job file, nothing run */
	int no_db;            /* --no-db */
	int report;           /* --report */
	int rerun;            /* --rerun-failed */
	int workers;          /* -j N (0: the cores) */
	int coverage;         /* --coverage */
	rg_opts o;            /* how to run */
} args;

static const char *need(int *i, int argc, char **argv)
{
	if (*i + 1 >= argc)
		wg_die("regress", 2, "%s needs a value", argv[*i]);
	return argv[++*i];
}

static void parse_args(int argc, char **argv, args *a)
{
	memset(a, 0, sizeof *a);
	a->blocks = wg_xcalloc((size_t)(argc + 1) * sizeof *a->blocks);
	a->o.engine = "local";
	a->o.chunk_secs = 30;
	for (int i = 0; i < argc; i++) {
		const char *s = argv[i];
		if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
			usage();
			exit(0);
		} else if (!strcmp(s, "--tier")) {
			a->tier = need(&i, argc, argv);
		} else if (!strcmp(s, "--filter")) {
			a->filter = need(&i, argc, argv);
		} else if (!strcmp(s, "--jobs")) {
			a->jobs = need(&i, argc, argv);
		} else if (!strcmp(s, "--engine")) {
			a->o.engine = need(&i, argc, argv);
		} else if (!strcmp(s, "-j")) {
			const char *v = need(&i, argc, argv);
			char *end;
			long n = strtol(v, &end, 10);
			if (!*v || *end || n < 1 || n > MAX_WORKERS)
				wg_die("regress", 2, "-j %s is not a number of workers (legal range 1..%d)", v, MAX_WORKERS);
			a->workers = (int)n;
		} else if (!strcmp(s, "--db")) {
			a->db = need(&i, argc, argv);
		} else if (!strcmp(s, "--no-db")) {
			a->no_db = 1;
		} else if (!strcmp(s, "--report")) {
			a->report = 1;
		} else if (!strcmp(s, "--rerun-failed")) {
			a->rerun = 1;
		} else if (!strcmp(s, "--write-jobs")) {
			a->write = need(&i, argc, argv);
		} else if (!strcmp(s, "--results")) {
			a->results = need(&i, argc, argv);
		} else if (!strcmp(s, "--coverage")) {
			a->coverage = 1;
		} else if (!strcmp(s, "--coverage-dir")) {
			a->o.cov_dir = need(&i, argc, argv);
		} else if (!strcmp(s, "-q")) {
			a->o.quiet = 1;
		} else if (!strcmp(s, "--prefix")) {
			a->o.prefix = need(&i, argc, argv);
		} else if (!strcmp(s, "--partition")) {
			a->o.partition = need(&i, argc, argv);
		} else if (!strcmp(s, "--time")) {
			a->o.time_limit = need(&i, argc, argv);
		} else if (!strcmp(s, "--sbatch-opts")) {
			a->o.sbatch_opts = need(&i, argc, argv);
		} else if (!strcmp(s, "--shared-dir")) {
			a->o.shared_dir = need(&i, argc, argv);
		} else if (!strcmp(s, "--chunk-secs")) {
			const char *v = need(&i, argc, argv);
			char *end;
			double d = strtod(v, &end);
			if (!*v || *end || !(d >= 1 && d <= 86400))
				wg_die("regress", 2, "--chunk-secs %s is not a number of seconds (legal range 1..86400)", v);
			a->o.chunk_secs = d;
		} else if (s[0] == '-') {
			wg_die("regress", 2, "unknown option '%s' (see `warpgen regress --help`)", s);
		} else {
			a->blocks[a->nblocks++] = argv[i];
		}
	}
	/* what goes with what */
	if (strcmp(a->o.engine, "local") && strcmp(a->o.engine, "slurm"))
		wg_die("regress", 2, "--engine: unknown engine '%s' (local or slurm)", a->o.engine);
	int local = !strcmp(a->o.engine, "local");
	const char *slurm_opt = a->o.partition ? "--partition" : a->o.time_limit ? "--time" : a->o.sbatch_opts ? "--sbatch-opts"
				: a->o.shared_dir ? "--shared-dir" : NULL;
	if (local && slurm_opt)
		wg_die("regress", 2, "%s goes with --engine slurm", slurm_opt);
	if (!local && a->o.prefix)
		wg_die("regress", 2, "--prefix goes with --engine local (the slurm engine submits its own tasks)");
	if (a->o.prefix && !a->o.prefix[strspn(a->o.prefix, " \t")])
		wg_die("regress", 2, "--prefix: an empty command");
	if (a->no_db && a->db)
		wg_die("regress", 2, "--db and --no-db exclude each other");
	int sources = !!a->jobs + a->rerun + (a->tier || a->nblocks || a->filter);
	if (sources > 1)
		wg_die("regress", 2, "%s", a->rerun ? "--rerun-failed takes no --jobs, --tier, BLOCK or --filter"
					 : "--jobs takes no --tier, BLOCK or --filter (a job file names its blocks)");
	if (a->report && (sources || a->results))
		wg_die("regress", 2, "--report prints the database's last run: it takes only --db");
	if (a->report && a->no_db)
		wg_die("regress", 2, "--report needs the database (no --no-db)");
	if ((a->rerun) && a->no_db)
		wg_die("regress", 2, "--rerun-failed reads the database (no --no-db)");
	if (a->write && (a->results || a->report))
		wg_die("regress", 2, "--write-jobs writes the jobs and runs nothing: no --results or --report");
	if (a->results && !a->jobs)
		wg_die("regress", 2, "--results (worker mode) runs a --jobs FILE");
	if (a->results && !local)
		wg_die("regress", 2, "--results (worker mode) runs its jobs itself: no --engine slurm");
	if (a->coverage && (a->report || a->write || a->results))
		wg_die("regress", 2, "--coverage runs the jobs with coverage: no --report, --write-jobs or --results");
	if (a->o.cov_dir && !a->results)
		wg_die("regress", 2, "--coverage-dir is the worker mode's (--results); a regression takes --coverage");
	if (!a->jobs && !a->rerun && !a->tier)
		a->tier = "test";
}

/* The same folder: one file (device and inode), or, when one does not exist yet, the same text. */
static int same_folder(const char *a, const char *b)
{
	struct stat sa, sb;
	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	return !strcmp(a, b);
}

/* OUT (the build the jobs use): $OUT made absolute, else the folder above this program's bin/. WARPGEN
 * and WARPGEN_SAN: this program's folder. WARPGEN_OUT (where warpgen writes, wg_out_dir): kept when
 * --out or $WARPGEN_OUT gave it, else OUT when OUT is not the checkout's out/ (the rule of make,
 * tests/run_tests.sh and tests/main_task.sh: a build of its own keeps its cache and runs to itself,
 * docs/user-guide.md §7), so that the regression's files and its jobs' go to one folder. Exported
 * for the jobs (tier commands use them). */
static void environment(args *a, char *warpgen, char *warpgen_san, size_t n)
{
	char exe[4096], out[4096];
	ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (k <= 0)
		wg_die("regress", 2, "cannot find this program (/proc/self/exe): %s", strerror(errno));
	exe[k] = '\0';
	char *slash = strrchr(exe, '/');
	*slash = '\0';
	wg_fmt(warpgen, n, "%s/warpgen", exe);
	wg_fmt(warpgen_san, n, "%s/warpgen-san", exe);
	const char *env = getenv("OUT");
	if (env && *env) {
		wg_abs_path(env, out, sizeof out);
	} else {
		slash = strrchr(exe, '/'); /* <OUT>/bin */
		if (slash)
			*slash = '\0';
		snprintf(out, sizeof out, "%s", exe);
	}
	setenv("OUT", out, 1);
	if (!wg_out_given()) {
		char def[4096];
		wg_fmt(def, sizeof def, "%s/out", wg_root());
		if (!same_folder(out, def))
			setenv("WARPGEN_OUT", out, 1);
	}
	setenv("WARPGEN", warpgen, 1);
	setenv("WARPGEN_SAN", warpgen_san, 1);
	/* as tests/run_tests.sh: a sanitizer report fails its job; make test's tiers build at -Og */
	setenv("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=0:halt_on_error=1", 0);
	setenv("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1", 0);
	if (a->tier && (!strcmp(a->tier, "test") || !strcmp(a->tier, "fast")))
		setenv("WARPGEN_VL_OPT", "Og", 0);
	a->o.warpgen = warpgen;
	a->o.warpgen_san = warpgen_san;
	if (!a->workers) {
		long c = sysconf(_SC_NPROCESSORS_ONLN);
		a->workers = c < 1 ? 1 : c > MAX_WORKERS ? MAX_WORKERS : (int)c;
	}
	a->o.jobs = a->workers;
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- worker mode: results as lines of a file ---- */

typedef struct file_sink {
	FILE *f;       /* the results file, appended to */
	int failed;    /* jobs that did not pass */
	int write_err; /* a line could not be written */
} file_sink;

static void to_file(void *ctx, const rg_set *set, const rg_result *r)
{
	file_sink *fs = ctx;
	char line[16384];
	rg_result_format(set, r, line, sizeof line);
	if (fputs(line, fs->f) < 0 || fflush(fs->f) != 0)
		fs->write_err = 1;
	fs->failed += r->verdict != RG_PASS;
}

static int worker_mode(const args *a, const rg_set *set)
{
	FILE *f = fopen(a->results, "a");
	if (!f)
		wg_die("regress", 2, "--results: cannot open %s: %s", a->results, strerror(errno));
	file_sink fs = {.f = f};
	rg_sink sink = {.result = to_file, .ctx = &fs};
	rg_unit *u;
	int nu = rg_units(set, 0, &u);
	for (int k = 0; k < nu; k++)
		rg_run_unit(set, &u[k], &a->o, &sink);
	free(u);
	if (fclose(f) != 0 || fs.write_err)
		wg_die("regress", 2, "--results: cannot write %s", a->results);
	return fs.failed ? 1 : 0;
}

/* ---- the coordinator: results by job index, the progress ---- */

typedef struct collect {
	rg_result *res;   /* by job index */
	char *have;       /* a result came */
	rg_progress prog; /* the progress display */
} collect;

static void to_collect(void *ctx, const rg_set *set, const rg_result *r)
{
	collect *c = ctx;
	if (r->job < 0 || r->job >= set->njobs)
		return;
	int again = c->have[r->job];
	c->res[r->job] = *r;
	c->have[r->job] = 1;
	if (!again)
		rg_progress_result(&c->prog, set, r, now());
}

static void db_die(rg_db *db, const char *err)
{
	if (db)
		rg_db_close(db);
	fprintf(stderr, "warpgen regress: %s\n", err);
	exit(2);
}

int wg_cmd_regress(int argc, char **argv)
{
	args a;
	char warpgen[4096], warpgen_san[4096], dbpath[4096], err[2048];
	parse_args(argc, argv, &a);
	environment(&a, warpgen, warpgen_san, sizeof warpgen);
	if (a.db)
		snprintf(dbpath, sizeof dbpath, "%s", a.db);
	else
		wg_fmt(dbpath, sizeof dbpath, "%s/regress.db", wg_out_dir());

	rg_set set = {0};
	rg_db *db = NULL;
	if ((a.report || a.rerun) && access(dbpath, F_OK) != 0) /* (rg_db_open would create an empty one) */
		wg_die("regress", 2, "database %s: %s (no regression has kept its results there)", dbpath, strerror(errno));
	if (a.report) {
		if (!(db = rg_db_open(dbpath, err, sizeof err)))
			db_die(NULL, err);
		if (rg_db_report(db, stdout, err, sizeof err) != 0)
			db_die(db, err);
		rg_db_close(db);
		free(a.blocks);
		return 0;
	}
	if (a.rerun) {
		if (!(db = rg_db_open(dbpath, err, sizeof err)))
			db_die(NULL, err);
		if (rg_db_last_failures(db, &set, err, sizeof err) != 0)
			db_die(db, err);
		if (set.label && (strstr(set.label, "tier test") || strstr(set.label, "tier fast"))) /* as they ran: -Og */
			setenv("WARPGEN_VL_OPT", "Og", 0);
		if (set.njobs == 0) {
			printf("regress: the last run in %s has no failure: nothing to run again\n0 passed, 0 failed\n", dbpath);
			rg_db_close(db);
			rg_set_free(&set);
			free(a.blocks);
			return 0;
		}
	} else if (a.jobs) {
		if (rg_jobs_from_file(a.jobs, &set, err, sizeof err) != 0)
			wg_die("regress", 2, "%s", err);
	} else if (rg_jobs_from_tier(a.tier, a.blocks, a.nblocks, a.filter, &set, err, sizeof err) != 0) {
		wg_die("regress", 2, "%s", err);
	}
	free(a.blocks);
	if (a.write) { /* the jobs as a job file, one per line, in the order they run */
		rg_unit *u;
		int nu = rg_units(&set, 0, &u), rc = rg_write_jobs(&set, u, nu, a.write, err, sizeof err);
		free(u);
		if (rc == 0)
			printf("regress: %s: %d jobs written to %s\n", set.label, set.njobs, a.write);
		if (db)
			rg_db_close(db);
		rg_set_free(&set);
		if (rc)
			wg_die("regress", 2, "--write-jobs: %s", err);
		return 0;
	}
	if (a.results) {
		int rc = worker_mode(&a, &set);
		rg_set_free(&set);
		return rc;
	}
	if (!strcmp(a.o.engine, "slurm") && rg_slurm_check(err, sizeof err) != 0) /* before any output or row */
		db_die(db, err);
	if (!db && !a.no_db && !(db = rg_db_open(dbpath, err, sizeof err)))
		db_die(NULL, err);
	char covdir[4096];
	if (a.coverage) {
		if (rg_cov_dir(&a.o, covdir, sizeof covdir, err, sizeof err) != 0)
			db_die(db, err);
		a.o.cov_dir = covdir;
	}

	rg_unit *u = NULL;
	int nu = rg_units(&set, 0, &u), local = !strcmp(a.o.engine, "local");
	collect c = {.res = wg_xcalloc((size_t)set.njobs * sizeof *c.res), .have = wg_xcalloc((size_t)set.njobs)};
	int tty = isatty(1);
	printf("regress: %s: %d jobs", set.label, set.njobs);
	if (local)
		printf(" in %d units, %d worker%s%s%s", nu, a.o.jobs, a.o.jobs > 1 ? "s" : "", a.o.prefix ? " under " : "",
		       a.o.prefix ? a.o.prefix : "");
	else
		printf(", engine %s", a.o.engine);
	printf("; results %s\n", db ? dbpath : "not kept (--no-db)");
	if (a.coverage)
		printf("regress: coverage data in %s\n", covdir);
	fflush(stdout);
	double t0 = now();
	rg_progress_start(&c.prog, stdout, tty, a.o.quiet, &set, t0);
	rg_sink sink = {.result = to_collect, .ctx = &c};
	int rc = local ? rg_local_run(&set, u, nu, &a.o, &sink, err, sizeof err)
		       : rg_slurm_run(&set, &a.o, &sink, err, sizeof err);
	double secs = now() - t0;
	rg_progress_end(&c.prog);
	free(u);
	if (rc != 0) {
		free(c.res);
		free(c.have);
		rg_set_free(&set);
		db_die(db, err);
	}
	int passed = 0, failed = 0;
	double cycles = 0;
	for (int i = 0; i < set.njobs; i++) {
		rg_result *r = &c.res[i];
		if (!c.have[i]) { /* (an engine that forgot a job) */
			memset(r, 0, sizeof *r);
			r->job = i;
			r->verdict = RG_LOST;
			snprintf(r->first_mismatch, sizeof r->first_mismatch, "never reported by the %s engine", a.o.engine);
			rg_replay_line(&set, i, r->replay, sizeof r->replay);
		}
		passed += r->verdict == RG_PASS;
		failed += r->verdict != RG_PASS;
		cycles += r->cps * r->secs;
	}
	int status = failed ? 1 : 0;
	rg_cov cov = {0};
	if (a.coverage) { /* merged before the run is recorded: its figures go in with its rows */
		if (rg_cov_merge(&set, covdir, a.o.warpgen, &cov, err, sizeof err) != 0 ||
		    rg_cov_pages(&cov, set.label, err, sizeof err) != 0) {
			fprintf(stderr, "warpgen regress: %s\n", err);
			status = 2;
		}
	}
	if (db) { /* the run, then its results in the order of the jobs */
		char commit[128];
		int modified = 0;
		long run = -1;
		rg_db_git_state(wg_root(), commit, sizeof commit, &modified);
		if ((run = rg_db_begin_run(db, set.label, a.o.engine, set.njobs, commit, modified, err, sizeof err)) < 0 ||
		    rg_db_add_many(db, run, &set, c.res, set.njobs, err, sizeof err) != 0 ||
		    (a.coverage && rg_db_add_coverage(db, run, &cov, err, sizeof err) != 0) ||
		    rg_db_end_run(db, run, passed, failed, secs, err, sizeof err) != 0) {
			fprintf(stderr, "warpgen regress: %s\n", err);
			status = 2;
		}
		rg_db_close(db);
	}
	if (failed) {
		printf("failed (%d):\n", failed);
		for (int i = 0; i < set.njobs; i++)
			if (c.res[i].verdict != RG_PASS)
				printf("  %s %s: %s\n    replay: %s\n", rg_verdict_name(c.res[i].verdict), set.jobs[i].name,
				       c.res[i].first_mismatch, c.res[i].replay);
	}
	if (a.coverage) {
		rg_cov_summary(&cov, stdout);
		rg_cov_free(&cov);
	}
	char hms[32];
	rg_progress_hms(secs, hms, sizeof hms);
	printf("regress: %d jobs in %s (%.1f s)", set.njobs, hms, secs);
	if (cycles > 0)
		printf(", %.3g co-simulated cycles, %.3g cycles/s overall", cycles, cycles / (secs > 0 ? secs : 1));
	printf("\n%d passed, %d failed\n", passed, failed);
	free(c.res);
	free(c.have);
	rg_set_free(&set);
	return status;
}
