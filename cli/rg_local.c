/* rg_local.c - the local engine: up to N units at a time on this machine, each a worker process
 * `[PREFIX...] WARPGEN regress --jobs UNIT.jobs --results UNIT.res --no-db -q -j 1` (the worker mode
 * the slurm engine's tasks run too). A small poll loop reads each running worker's result file as
 * it grows (so a failure is reported when it happens, not when its unit ends) and reaps the
 * workers; a job its worker never reported is LOST, never a pass.
 *
 * --prefix CMD puts each worker behind a command that runs it elsewhere and waits for it (LSF
 * `bsub -K`, Grid Engine `qsub -sync y`): the unit files are under $OUT/regress/, which must then
 * be a folder both machines see (docs/regress.md). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "rg.h"
#include "wg_buf.h"
#include "wg_root.h"

#define POLL_NS 50000000L /* 50 ms between two looks at the running workers */

typedef struct worker {
	pid_t pid;        /* 0: the slot is free */
	int unit;         /* the unit it runs */
	char jobs[4200];  /* its job file */
	char res[4200];   /* its result file */
	char log[4200];   /* its own output (the prefix's, a crash's) */
	long off;         /* bytes of the result file already read */
} worker;

/* The index of the job of unit u named name, or -1. */
static int find_job(const rg_set *set, const rg_unit *u, const char *name)
{
	for (int i = u->first; i < u->first + u->n; i++)
		if (strcmp(set->jobs[i].name, name) == 0)
			return i;
	return -1;
}

/* Read the complete new lines of w's result file into the sink. Returns how many. */
static int drain(const rg_set *set, const rg_unit *u, worker *w, char *reported, const rg_sink *sink)
{
	FILE *f = fopen(w->res, "r");
	if (!f)
		return 0;
	int got = 0;
	if (fseek(f, w->off, SEEK_SET) == 0) {
		wg_buf line = {0};
		int c;
		while ((c = fgetc(f)) != EOF) {
			char ch = (char)c;
			wg_buf_put(&line, &ch, 1);
			if (ch != '\n')
				continue;
			w->off += (long)line.len;
			char name[1024];
			rg_result r;
			int idx = rg_result_name(line.s, name, sizeof name) == 0 ? find_job(set, u, name) : -1;
			if (idx >= 0 && !reported[idx] && rg_result_parse(line.s, &r) == 0) {
				r.job = idx;
				reported[idx] = 1;
				sink->result(sink->ctx, set, &r);
				got++;
			}
			line.len = 0;
		}
		wg_buf_free(&line);
	}
	fclose(f);
	return got;
}

/* Every job of w's unit that it did not report: LOST. */
static void lost(const rg_set *set, const rg_unit *u, const worker *w, int st, char *reported, const rg_sink *sink)
{
	char why[96], last[300] = "", err[128];
	if (WIFEXITED(st))
		snprintf(why, sizeof why, "exit %d", WEXITSTATUS(st));
	else
		snprintf(why, sizeof why, "signal %d", WTERMSIG(st));
	size_t len;
	char *t = wg_read_file(w->log, &len, err, sizeof err);
	if (t) { /* its last non-empty line */
		for (char *s = strtok(t, "\n"); s; s = strtok(NULL, "\n"))
			if (strspn(s, " \t\r") < strlen(s))
				snprintf(last, sizeof last, "%s", s);
		free(t);
	}
	for (int i = u->first; i < u->first + u->n; i++) {
		if (reported[i])
			continue;
		rg_result r;
		memset(&r, 0, sizeof r);
		r.job = i;
		r.verdict = RG_LOST;
		snprintf(r.first_mismatch, sizeof r.first_mismatch, "its worker ended (%s) before reporting it%s%s", why,
			 last[0] ? ": " : "", last);
		if (gethostname(r.host, sizeof r.host - 1) != 0)
			snprintf(r.host, sizeof r.host, "unknown");
		rg_replay_line(set, i, r.replay, sizeof r.replay);
		reported[i] = 1;
		sink->result(sink->ctx, set, &r);
	}
}

/* Start unit k in w: its job file, then the worker. 0, or -1 (w->pid stays 0). */
static int start(const rg_set *set, const rg_unit *u, int k, const char *dir, char **prefix, const rg_opts *o,
		 worker *w)
{
	char err[512];
	memset(w, 0, sizeof *w);
	w->unit = k;
	snprintf(w->jobs, sizeof w->jobs, "%s/unit-%d.jobs", dir, k);
	snprintf(w->res, sizeof w->res, "%s/unit-%d.res", dir, k);
	snprintf(w->log, sizeof w->log, "%s/unit-%d.log", dir, k);
	if (rg_write_jobs(set, &u[k], 1, w->jobs, err, sizeof err) != 0)
		return -1;
	int fd = open(w->res, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return -1;
	close(fd);
	int np = 0;
	while (prefix && prefix[np])
		np++;
	char **argv = wg_xcalloc((size_t)(np + 14) * sizeof *argv);
	int a = 0;
	for (int i = 0; i < np; i++)
		argv[a++] = prefix[i];
	char *tail[] = {(char *)o->warpgen, "regress", "--jobs", w->jobs, "--results", w->res, "--no-db", "-q", "-j",
			"1", o->cov_dir ? "--coverage-dir" : NULL, (char *)o->cov_dir, NULL};
	for (int i = 0; tail[i]; i++)
		argv[a++] = tail[i];
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		int in = open("/dev/null", O_RDONLY), out = open(w->log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (in >= 0)
			dup2(in, 0);
		if (out >= 0) {
			dup2(out, 1);
			dup2(out, 2);
		}
		execvp(argv[0], argv);
		fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	free(argv);
	if (pid < 0)
		return -1;
	w->pid = pid;
	return 0;
}

static void remove_unit_files(const worker *w)
{
	unlink(w->jobs);
	unlink(w->res);
	unlink(w->log);
}

int rg_local_run(const rg_set *set, const rg_unit *u, int nu, const rg_opts *o, const rg_sink *sink, char *err,
		 size_t n)
{
	char dir[4096], msg[256];
	snprintf(dir, sizeof dir, "%s/regress", wg_out_dir()); /* (OUT's when not out/: cmd_regress.c) */
	if (wg_mkdirs(dir, msg, sizeof msg) != 0) {
		snprintf(err, n, "local engine: %s", msg);
		return 2;
	}
	size_t dl = strlen(dir);
	snprintf(dir + dl, sizeof dir - dl, "/units-XXXXXX");
	if (!mkdtemp(dir)) {
		snprintf(err, n, "local engine: cannot create a folder under %.*s: %s", (int)dl, dir, strerror(errno));
		return 2;
	}
	char **prefix = NULL;
	if (o->prefix && rg_split(o->prefix, &prefix, msg, sizeof msg) <= 0) {
		snprintf(err, n, "--prefix '%s': %s", o->prefix, prefix ? "an empty command" : msg);
		rg_argv_free(prefix);
		rmdir(dir);
		return 2;
	}
	int nw = o->jobs < 1 ? 1 : o->jobs;
	if (nw > nu)
		nw = nu;
	/* The pipelined loop needs a core of its own beside each worker's: when the workers are more than
	 * half the cores, each worker's co-simulations take the plain loop (docs/cosim.md "Which loop"),
	 * unless the caller set WARPGEN_LOOP. */
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	if (2L * nw > cores)
		setenv("WARPGEN_LOOP", "plain", 0);
	worker *ws = wg_xcalloc((size_t)(nw ? nw : 1) * sizeof *ws);
	char *reported = wg_xcalloc((size_t)(set->njobs ? set->njobs : 1));
	int next = 0, running = 0;
	while (next < nu || running > 0) {
		int busy = 0;
		for (int s = 0; s < nw && next < nu; s++) {
			if (ws[s].pid)
				continue;
			int k = next++;
			if (start(set, u, k, dir, prefix, o, &ws[s]) != 0) {
				snprintf(ws[s].log, sizeof ws[s].log, "%s/unit-%d.log", dir, k);
				lost(set, &u[k], &ws[s], 127 << 8, reported, sink);
				remove_unit_files(&ws[s]);
				memset(&ws[s], 0, sizeof ws[s]);
				busy = 1;
				continue;
			}
			running++;
		}
		for (int s = 0; s < nw; s++) {
			worker *w = &ws[s];
			if (!w->pid)
				continue;
			int st;
			pid_t r = waitpid(w->pid, &st, WNOHANG);
			busy |= drain(set, &u[w->unit], w, reported, sink) > 0;
			if (r == w->pid || (r < 0 && errno == ECHILD)) {
				if (r < 0)
					st = 127 << 8;
				drain(set, &u[w->unit], w, reported, sink);
				lost(set, &u[w->unit], w, st, reported, sink);
				remove_unit_files(w);
				memset(w, 0, sizeof *w);
				running--;
				busy = 1;
			}
		}
		if (!busy && running > 0) {
			struct timespec t = {0, POLL_NS};
			nanosleep(&t, NULL);
		}
	}
	rmdir(dir);
	free(ws);
	free(reported);
	rg_argv_free(prefix);
	return 0;
}
