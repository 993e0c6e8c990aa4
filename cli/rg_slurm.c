/* rg_slurm.c - the slurm engine of warpgen regress (docs/user-guide.md, "Regressions on a Slurm
 * cluster"): the set's jobs in chunks of whole configurations (rg_units, each chunk estimated to
 * run at least rg_opts.chunk_secs), each chunk a job file in a fresh run folder under the shared
 * folder, one `sbatch --array=0-K` whose task I runs
 *   WARPGEN regress --jobs DIR/chunk-I.jobs --results DIR/results-I.tsv --no-db -q -j 1
 * from the repository root and then writes DIR/done-I (its exit status, or TERM when the task
 * was signalled). The coordinator polls the folder (every 0.5 s) and Slurm (squeue, every 2 s):
 * result lines go to the sink as they appear; a task that Slurm no longer runs without a done
 * file, or whose done file says it was killed, has its unreported jobs reported as RG_LOST with
 * the task's state in first_mismatch. A job is never reported twice, and never a pass unless its
 * own result line says so. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "rg.h"
#include "wg_buf.h"
#include "wg_proc.h"
#include "wg_root.h"
#include "wg_vtool.h"

#define POLL_FILES_S 0.5   /* the run folder: results and done files */
#define POLL_SLURM_S 2.0   /* squeue (kind to slurmctld on a shared cluster) */
#define LOST_GRACE_S 5.0   /* a task gone from Slurm without a done file: wait this long for the
			      shared file system to show its files before calling its jobs lost */
#define UNREACHABLE_S 120.0 /* squeue failing this long: give up (the tasks are cancelled) */
#define MAX_TASKS 1000     /* Slurm's default MaxArraySize is 1001 (indices 0..1000) */
/* rg_job_weight: a cosim job weighs its cycles plus 20,000 for its start, a command job 1,000,000.
 * The weight a task runs per second, to turn chunk_secs into rg_units' minimum weight: the
 * blocks' -O2 models run 0.1-1 M cycles/s, the low end keeps chunks from being too short (a
 * command job counts 10 s; a configuration's build, 5-60 s once, is not counted). */
#define WEIGHT_PER_SEC 100000.0

typedef struct task {
	long off;               /* bytes of results-I.tsv already read */
	int finished;           /* done file read, or its jobs reported lost */
	double gone_since;      /* when Slurm was first seen not running it (0: not yet) */
	double killed_since;    /* when its done file said it was killed, while Slurm still ran it */
	char state[48];         /* its last state in squeue ("" not listed) */
} task;

typedef struct run {
	const rg_set *set;      /* the jobs */
	const rg_sink *sink;    /* where results go */
	rg_unit *units;         /* the chunks, one per task */
	int nu;                 /* how many */
	task *tasks;            /* per chunk */
	char *reported;         /* per job: its result went to the sink */
	char dir[PATH_MAX];     /* the run folder (absolute) */
	char jobid[64];         /* the array job's id */
} run;

/* ---- child processes ---- */

/* Runs argv (looked up in PATH) with stdin from /dev/null; its stdout into out (NUL-terminated,
 * trailing newlines dropped), the last non-empty line of its stderr into errl (Slurm's tools end
 * with the line that says what failed). Returns the
 * exit status, 128+signal, or 127 when it could not be started. */
static int run_capture(char *const argv[], char *out, size_t outn, char *errl, size_t errn)
{
	out[0] = '\0';
	errl[0] = '\0';
	FILE *ef = tmpfile();
	if (!ef)
		return 127;
	wg_buf b = {0};
	int rc = wg_proc_capture_buf(argv, NULL, fileno(ef), &b);
	size_t used = b.len < outn ? b.len : outn - 1;
	while (used > 0 && (b.s[used - 1] == '\n' || b.s[used - 1] == '\r'))
		used--;
	snprintf(out, outn, "%.*s", (int)used, b.s);
	wg_buf_free(&b);
	rewind(ef);
	char line[512];
	while (fgets(line, sizeof line, ef)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0])
			snprintf(errl, errn, "%s", line);
	}
	fclose(ef);
	return rc < 0 ? 127 : rc;
}

/* Slurm's command-line tools are there and the controller answers. */
int rg_slurm_check(char *err, size_t n)
{
	char out[256], el[512];
	const char *conf = getenv("SLURM_CONF");
	char where[PATH_MAX + 32] = "";
	if (conf && *conf) {
		snprintf(where, sizeof where, " (SLURM_CONF=%s)", conf);
		if (access(conf, R_OK) != 0) { /* Slurm's tools would retry for 60 s */
			snprintf(err, n, "--engine slurm: SLURM_CONF=%s: %s; nothing submitted", conf, strerror(errno));
			return -1;
		}
	}
	char *v[] = {"sbatch", "--version", NULL};
	if (run_capture(v, out, sizeof out, el, sizeof el) == 127) {
		snprintf(err, n, "--engine slurm: sbatch is not installed (Debian: slurm-client); nothing submitted");
		return -1;
	}
	char *s[] = {"sinfo", "-h", "-o", "%P", NULL};
	int rc = run_capture(s, out, sizeof out, el, sizeof el);
	if (rc != 0) {
		snprintf(err, n, "--engine slurm: Slurm is not reachable%s: sinfo %s%s%s; nothing submitted", where,
			 rc == 127 ? "is not installed" : "failed", el[0] ? ": " : "", el);
		return -1;
	}
	return 0;
}

/* ---- files ---- */

static void shell_quote(wg_buf *b, const char *s)
{
	wg_buf_put(b, "'", 1);
	for (; *s; s++) {
		if (*s == '\'')
			wg_buf_put(b, "'\\''", 4);
		else
			wg_buf_put(b, s, 1);
	}
	wg_buf_put(b, "'", 1);
}

/* The run folder: SHARED/slurm-YYYYmmdd-HHMMSS-PID, SHARED the --shared-dir, else OUT/regress (OUT
 * the folder warpgen writes in, wg_out_dir: the build's when not out/, cmd_regress.c). */
static int make_run_dir(const rg_opts *o, char *dir, size_t n, char *err, size_t en)
{
	char base[PATH_MAX];
	if (o->shared_dir && *o->shared_dir)
		wg_abs_path(o->shared_dir, base, sizeof base);
	else
		snprintf(base, sizeof base, "%s/regress", wg_out_dir());
	time_t now = time(NULL);
	struct tm tm;
	char stamp[32];
	localtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	wg_fmt(dir, n, "%s/slurm-%s-%ld", base, stamp, (long)getpid());
	char e[512];
	if (wg_mkdirs(dir, e, sizeof e) != 0) {
		snprintf(err, en, "--engine slurm: the shared folder: %s", e);
		return -1;
	}
	return 0;
}

/* The batch script every task runs (DIR/task.sh). */
static int write_task_script(const run *R, const rg_opts *o, char *err, size_t n)
{
	wg_buf b = {0};
	wg_buf_printf(&b, "#!/bin/bash\n"
			  "# written by warpgen regress --engine slurm: array task I runs chunk-I.jobs of this folder\n"
			  "# and writes done-I: the worker's exit status, or TERM when the task was signalled\n"
			  "# (scancel, its time limit, preemption).\n");
	wg_buf_printf(&b, "d=");
	shell_quote(&b, R->dir);
	wg_buf_printf(&b, "\nw=");
	shell_quote(&b, o->warpgen);
	wg_buf_printf(&b, "\nroot=");
	shell_quote(&b, wg_root());
	wg_buf_printf(&b, "\ncov=(");
	if (o->cov_dir) { /* --coverage: the jobs' data and JSON into the run's coverage folder */
		wg_buf_printf(&b, "--coverage-dir ");
		shell_quote(&b, o->cov_dir);
	}
	wg_buf_printf(&b, ")");
	wg_buf_printf(
		&b,
		"\ni=${SLURM_ARRAY_TASK_ID:?not run as a Slurm array task}\n"
		"done_() { echo \"$1\" >\"$d/done-$i.tmp\" && mv -f \"$d/done-$i.tmp\" \"$d/done-$i\"; }\n"
		"trap 'done_ TERM; exit 143' TERM\n"
		"echo \"task $i of job ${SLURM_ARRAY_JOB_ID:-?} on $(hostname)\"\n"
		"cd \"$root\" || { done_ 2; exit 2; }\n"
		"\"$w\" regress --jobs \"$d/chunk-$i.jobs\" --results \"$d/results-$i.tsv\" --no-db -q -j 1 \"${cov[@]}\" &\n"
		"wait $!\n"
		"rc=$?\n"
		"done_ \"$rc\"\n"
		"exit 0\n");
	char path[PATH_MAX + 16];
	wg_fmt(path, sizeof path, "%s/task.sh", R->dir);
	int rc = wg_write_atomic(path, b.s, b.len, err, n);
	wg_buf_free(&b);
	if (rc == 0 && chmod(path, 0755) != 0) {
		snprintf(err, n, "cannot make %s executable: %s", path, strerror(errno));
		rc = -1;
	}
	return rc;
}

/* Nothing submitted: the run folder and the files written into it go (no partial output). */
static void remove_run_dir(const run *R)
{
	char path[PATH_MAX + 32];
	for (int k = 0; k < R->nu; k++) {
		wg_fmt(path, sizeof path, "%s/chunk-%d.jobs", R->dir, k);
		unlink(path);
	}
	wg_fmt(path, sizeof path, "%s/task.sh", R->dir);
	unlink(path);
	rmdir(R->dir);
}

/* ---- submission ---- */

static int submit(run *R, const rg_opts *o, char *err, size_t n)
{
	char array[64], logs[PATH_MAX + 32], script[PATH_MAX + 16], chdir_opt[PATH_MAX + 16];
	wg_fmt(array, sizeof array, "--array=0-%d", R->nu - 1);
	wg_fmt(logs, sizeof logs, "--output=%s/task-%%a.log", R->dir);
	wg_fmt(script, sizeof script, "%s/task.sh", R->dir);
	wg_fmt(chdir_opt, sizeof chdir_opt, "--chdir=%s", R->dir);
	char *opts = o->sbatch_opts ? strdup(o->sbatch_opts) : NULL;
	size_t maxargs = 16 + (o->sbatch_opts ? strlen(o->sbatch_opts) : 0);
	char **argv = wg_xcalloc(maxargs * sizeof *argv);
	char part[256], tl[128];
	int a = 0;
	argv[a++] = "sbatch";
	argv[a++] = "--parsable";
	argv[a++] = "--job-name=warpgen-regress";
	argv[a++] = "--export=ALL"; /* OUT, PATH, WARPGEN_VL_OPT (a site's SBATCH_EXPORT=NONE would drop them) */
	argv[a++] = array;
	argv[a++] = logs;
	argv[a++] = chdir_opt;
	if (o->partition && *o->partition) {
		wg_fmt(part, sizeof part, "--partition=%s", o->partition);
		argv[a++] = part;
	}
	if (o->time_limit && *o->time_limit) {
		wg_fmt(tl, sizeof tl, "--time=%s", o->time_limit);
		argv[a++] = tl;
	}
	if (opts) /* extra options, split at white space */
		for (char *save = NULL, *t = strtok_r(opts, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save))
			argv[a++] = t;
	argv[a++] = script;
	argv[a] = NULL;
	char out[256], el[512];
	int rc = run_capture(argv, out, sizeof out, el, sizeof el);
	free(argv);
	free(opts);
	/* --parsable prints "JOBID" or "JOBID;CLUSTER" */
	size_t idlen = strspn(out, "0123456789");
	if (rc != 0 || idlen == 0 || idlen >= sizeof R->jobid) {
		snprintf(err, n, "--engine slurm: sbatch %s%s%s; nothing submitted", rc == 127 ? "is not installed" : "failed",
			 el[0] ? ": " : "", el[0] ? el : out);
		return -1;
	}
	memcpy(R->jobid, out, idlen);
	R->jobid[idlen] = '\0';
	return 0;
}

/* ---- collection ---- */

static void task_file(const run *R, const char *what, int k, char *buf, size_t n)
{
	wg_fmt(buf, n, "%s/%s-%d%s", R->dir, what, k, strcmp(what, "results") == 0 ? ".tsv" : "");
}

static void report(run *R, rg_result *r)
{
	if (R->reported[r->job])
		return;
	R->reported[r->job] = 1;
	R->sink->result(R->sink->ctx, R->set, r);
}

/* The index of the job named name in chunk k, or -1. */
static int job_in_chunk(const run *R, int k, const char *name)
{
	const rg_unit *u = &R->units[k];
	for (int j = u->first; j < u->first + u->n; j++)
		if (strcmp(R->set->jobs[j].name, name) == 0)
			return j;
	return -1;
}

/* New complete lines of results-K.tsv to the sink. */
static void read_results(run *R, int k)
{
	char path[PATH_MAX + 32];
	task_file(R, "results", k, path, sizeof path);
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	struct stat sb;
	if (fstat(fileno(f), &sb) != 0 || sb.st_size <= R->tasks[k].off || fseek(f, R->tasks[k].off, SEEK_SET) != 0) {
		fclose(f);
		return;
	}
	size_t len = (size_t)(sb.st_size - R->tasks[k].off);
	char *buf = wg_xcalloc(len + 1);
	len = fread(buf, 1, len, f);
	fclose(f);
	buf[len] = '\0';
	size_t used = 0;
	for (char *line = buf; (size_t)(line - buf) < len;) {
		char *nl = memchr(line, '\n', len - (size_t)(line - buf));
		if (!nl)
			break; /* a line being written: the next poll reads it whole */
		*nl = '\0';
		rg_result r;
		char name[4096];
		if (rg_result_parse(line, &r) == 0 && rg_result_name(line, name, sizeof name) == 0) {
			r.job = job_in_chunk(R, k, name);
			if (r.job >= 0)
				report(R, &r);
		}
		line = nl + 1;
		used = (size_t)(line - buf);
	}
	R->tasks[k].off += (long)used;
	free(buf);
}

/* The done file's word: "0", "1", "2", "137", "TERM"; "" when there is none. */
static void read_done(const run *R, int k, char *word, size_t n)
{
	char path[PATH_MAX + 32];
	task_file(R, "done", k, path, sizeof path);
	word[0] = '\0';
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	if (!fgets(word, (int)n, f))
		snprintf(word, n, "?");
	word[strcspn(word, "\r\n")] = '\0';
	if (!word[0])
		snprintf(word, n, "?");
	fclose(f);
}

/* The last non-empty line of the task's log (what it said before it stopped), or "". */
static void log_tail(const run *R, int k, char *buf, size_t n)
{
	char path[PATH_MAX + 32], err[256];
	size_t len;
	buf[0] = '\0';
	task_file(R, "task", k, path, sizeof path);
	strncat(path, ".log", sizeof path - strlen(path) - 1);
	char *t = wg_read_file(path, &len, err, sizeof err);
	if (!t)
		return;
	while (len > 0 && (t[len - 1] == '\n' || t[len - 1] == '\r' || t[len - 1] == ' '))
		t[--len] = '\0';
	char *last = strrchr(t, '\n');
	snprintf(buf, n, "%s", last ? last + 1 : t);
	free(t);
}

/* Every unreported job of chunk k as lost, first_mismatch = why. */
static void lose_chunk(run *R, int k, const char *why)
{
	const rg_unit *u = &R->units[k];
	for (int j = u->first; j < u->first + u->n; j++) {
		if (R->reported[j])
			continue;
		rg_result r;
		memset(&r, 0, sizeof r);
		r.job = j;
		r.verdict = RG_LOST;
		snprintf(r.first_mismatch, sizeof r.first_mismatch, "%s", why);
		rg_replay_line(R->set, j, r.replay, sizeof r.replay);
		report(R, &r);
	}
	R->tasks[k].finished = 1;
}

/* A task's Slurm state, from scontrol while Slurm still knows it ("" when it does not). */
static void scontrol_state(const run *R, int k, char *state, size_t n)
{
	char id[96], out[8192], el[256];
	wg_fmt(id, sizeof id, "%s_%d", R->jobid, k);
	char *argv[] = {"scontrol", "-o", "show", "job", id, NULL};
	state[0] = '\0';
	if (run_capture(argv, out, sizeof out, el, sizeof el) != 0)
		return;
	const char *s = strstr(out, "JobState=");
	if (s)
		snprintf(state, n, "%.*s", (int)strcspn(s + 9, " \n"), s + 9);
}

/* The task's end, written into first_mismatch of its lost jobs. */
static void lost_reason(const run *R, int k, const char *done, char *buf, size_t n)
{
	char state[48], tail[256], extra[300] = "";
	snprintf(state, sizeof state, "%s", R->tasks[k].state);
	if (!state[0] || strcmp(state, "RUNNING") == 0 || strcmp(state, "COMPLETING") == 0)
		scontrol_state(R, k, state, sizeof state);
	log_tail(R, k, tail, sizeof tail);
	if (tail[0])
		wg_fmt(extra, sizeof extra, "; its log ends: %s", tail);
	const char *st = state[0] ? state : "not known to Slurm any more (cancelled while pending, or purged)";
	if (!done[0])
		wg_fmt(buf, n, "slurm task %s_%d ended without finishing its jobs: %s%s", R->jobid, k, st, extra);
	else if (strcmp(done, "TERM") == 0)
		wg_fmt(buf, n, "slurm task %s_%d was killed (SIGTERM: cancelled, time limit or preempted): %s%s", R->jobid,
		       k, st, extra);
	else {
		int rc = atoi(done);
		if (rc > 128)
			wg_fmt(buf, n, "slurm task %s_%d: its worker was killed by signal %d: %s%s", R->jobid, k, rc - 128, st,
			       extra);
		else
			wg_fmt(buf, n, "slurm task %s_%d: its worker exited %s without reporting these jobs%s", R->jobid, k,
			       done, extra);
	}
}

/* A task with its done file: its last results, then its unreported jobs as lost. */
static void finish_task(run *R, int k, const char *done)
{
	read_results(R, k);
	const rg_unit *u = &R->units[k];
	int missing = 0;
	for (int j = u->first; j < u->first + u->n; j++)
		missing += !R->reported[j];
	if (missing) {
		char why[512];
		lost_reason(R, k, done, why, sizeof why);
		lose_chunk(R, k, why);
	}
	R->tasks[k].finished = 1;
}

static int state_active(const char *s)
{
	static const char *const active[] = {"PENDING",    "RUNNING",      "CONFIGURING", "COMPLETING",
					     "SUSPENDED",  "REQUEUED",     "REQUEUE_HOLD", "REQUEUE_FED",
					     "RESIZING",   "SIGNALING",    "STAGE_OUT",    "RESV_DEL_HOLD",
					     "SPECIAL_EXIT", "STOPPED"};
	for (size_t i = 0; i < sizeof active / sizeof active[0]; i++)
		if (strcmp(s, active[i]) == 0)
			return 1;
	return 0;
}

/* One squeue of the array: every task's state ("" for a task squeue does not list, or for every
 * task once the job is purged). Returns 0, or -1 when squeue failed (the controller did not
 * answer). */
static int poll_slurm(run *R)
{
	size_t cap = 64 + (size_t)R->nu * 48;
	char *out = wg_xcalloc(cap);
	char el[512];
	char *argv[] = {"squeue", "-h", "-r", "-t", "all", "-j", R->jobid, "-o", "%K %T", NULL};
	int rc = run_capture(argv, out, cap, el, sizeof el);
	if (rc != 0 && strstr(el, "Invalid job id")) /* purged: every task ended long ago (MinJobAge) */
		out[0] = '\0';
	else if (rc != 0) {
		free(out);
		return -1;
	}
	for (int k = 0; k < R->nu; k++)
		R->tasks[k].state[0] = '\0';
	for (char *save = NULL, *line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *end;
		long k = strtol(line, &end, 10);
		if (end == line || *end != ' ' || k < 0 || k >= R->nu)
			continue; /* "N/A" for a job that is not an array */
		snprintf(R->tasks[k].state, sizeof R->tasks[k].state, "%s", end + 1);
	}
	free(out);
	return 0;
}

static void sleep_s(double s)
{
	struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

static void cancel(const run *R)
{
	char out[256], el[256];
	char *argv[] = {"scancel", (char *)R->jobid, NULL};
	run_capture(argv, out, sizeof out, el, sizeof el);
}

/* A done file that says the task was signalled (TERM from its script's trap, or a worker killed
 * by a signal). */
static int done_killed(const char *done)
{
	return strcmp(done, "TERM") == 0 || atoi(done) > 128;
}

static void collect(run *R)
{
	double last_slurm = 0, unreachable_since = 0;
	int left = R->nu;
	while (left > 0) {
		sleep_s(POLL_FILES_S);
		double now = wg_now();
		int slurm_fresh = 0;
		if (now - last_slurm >= POLL_SLURM_S) {
			last_slurm = now;
			if (poll_slurm(R) == 0) {
				unreachable_since = 0;
				slurm_fresh = 1;
			} else if (unreachable_since == 0) {
				unreachable_since = now;
			} else if (now - unreachable_since > UNREACHABLE_S) {
				char why[256];
				wg_fmt(why, sizeof why, "Slurm did not answer for %.0f s (squeue failed); job %s cancelled",
				       UNREACHABLE_S, R->jobid);
				cancel(R);
				for (int k = 0; k < R->nu; k++)
					if (!R->tasks[k].finished) {
						read_results(R, k);
						lose_chunk(R, k, why);
					}
				return;
			}
		}
		left = 0;
		for (int k = 0; k < R->nu; k++) {
			task *t = &R->tasks[k];
			if (t->finished)
				continue;
			/* squeue first, then the done file: a task writes its done file before it
			 * leaves the queue, so a task gone from squeue without one never wrote it */
			if (slurm_fresh) {
				if (!state_active(t->state)) {
					if (t->gone_since == 0)
						t->gone_since = now;
				} else {
					t->gone_since = 0; /* running, or requeued */
				}
			}
			char done[32];
			read_done(R, k, done, sizeof done);
			if (done[0]) {
				/* killed: wait (a little) for Slurm to say why, for first_mismatch */
				if (done_killed(done) && t->gone_since == 0) {
					if (t->killed_since == 0)
						t->killed_since = now;
					if (now - t->killed_since < LOST_GRACE_S) {
						read_results(R, k);
						left++;
						continue;
					}
				}
				finish_task(R, k, done);
				continue;
			}
			read_results(R, k);
			if (t->gone_since > 0 && now - t->gone_since >= LOST_GRACE_S) {
				read_done(R, k, done, sizeof done);
				finish_task(R, k, done);
				continue;
			}
			left++;
		}
	}
}

/* ---- the engine ---- */

int rg_slurm_run(const rg_set *set, const rg_opts *o, const rg_sink *sink, char *err, size_t n)
{
	if (rg_slurm_check(err, n) != 0)
		return 2;
	if (set->njobs == 0)
		return 0;
	run R;
	memset(&R, 0, sizeof R);
	R.set = set;
	R.sink = sink;
	double secs = o->chunk_secs > 0 ? o->chunk_secs : 30;
	double min_weight = secs * WEIGHT_PER_SEC;
	R.nu = rg_units(set, min_weight, &R.units);
	while (R.nu > MAX_TASKS) { /* bigger chunks rather than more tasks than Slurm takes */
		free(R.units);
		min_weight *= 2;
		R.nu = rg_units(set, min_weight, &R.units);
	}
	int rc = 2;
	if (make_run_dir(o, R.dir, sizeof R.dir, err, n) != 0)
		goto out;
	for (int k = 0; k < R.nu; k++) {
		char path[PATH_MAX + 32], e[512];
		wg_fmt(path, sizeof path, "%s/chunk-%d.jobs", R.dir, k);
		if (rg_write_jobs(set, &R.units[k], 1, path, e, sizeof e) != 0) {
			snprintf(err, n, "--engine slurm: %s", e);
			remove_run_dir(&R);
			goto out;
		}
	}
	if (write_task_script(&R, o, err, n) != 0) {
		remove_run_dir(&R);
		goto out;
	}
	if (submit(&R, o, err, n) != 0) {
		remove_run_dir(&R);
		goto out;
	}
	/* even with -q: the id is what scancel needs if this command is interrupted */
	printf("regress: slurm job %s, %d task%s, folder %s\n", R.jobid, R.nu, R.nu == 1 ? "" : "s", R.dir);
	fflush(stdout);
	R.tasks = wg_xcalloc((size_t)R.nu * sizeof *R.tasks);
	R.reported = wg_xcalloc((size_t)set->njobs);
	collect(&R);
	/* a job outside every chunk cannot happen (the units cover the set); were it to, it is
	 * lost rather than silently missing */
	for (int j = 0; j < set->njobs; j++)
		if (!R.reported[j]) {
			rg_result r;
			memset(&r, 0, sizeof r);
			r.job = j;
			r.verdict = RG_LOST;
			snprintf(r.first_mismatch, sizeof r.first_mismatch, "not in any slurm task (internal error)");
			rg_replay_line(set, j, r.replay, sizeof r.replay);
			report(&R, &r);
		}
	rc = 0;
out:
	free(R.tasks);
	free(R.reported);
	free(R.units);
	return rc;
}
