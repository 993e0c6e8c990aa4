/* rg_run.c - one unit of a regression: its jobs in sequence, each its own process started from the
 * repository root, each turned into a result (verdict, first mismatch, replay command, time, speed);
 * and results as lines of a file (the worker mode's output, read back by the engines).
 *
 * A cosim job runs `WARPGEN cosim BLOCK ARGS --seed S [--cycles C] -q --json TMP` (WARPGEN_SAN for a
 * --san job): exit 0 PASS, 1 FAIL, anything else (2: bad input or a build that failed; a signal)
 * ERROR; with --coverage (rg_opts.cov_dir) it also gets `--coverage DIR/dat/JOB.dat` and its JSON is
 * kept as DIR/json/JOB.json (rg_cov.h). A command job runs `bash -c CMD`: exit 0 PASS, a signal
 * ERROR, else FAIL. Each job's output is kept in $OUT/regress/logs/NAME.log. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "rg.h"
#include "rg_cov.h"
#include "wg_buf.h"
#include "wg_json.h"
#include "wg_root.h"

const char *rg_verdict_name(rg_verdict v)
{
	switch (v) {
	case RG_PASS:
		return "PASS";
	case RG_FAIL:
		return "FAIL";
	case RG_ERROR:
		return "ERROR";
	case RG_LOST:
		return "LOST";
	}
	return "?";
}

/* ---- result lines ---- */

static void put_escaped(wg_buf *b, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '\\':
			wg_buf_put(b, "\\\\", 2);
			break;
		case '\t':
			wg_buf_put(b, "\\t", 2);
			break;
		case '\n':
			wg_buf_put(b, "\\n", 2);
			break;
		case '\r':
			wg_buf_put(b, "\\r", 2);
			break;
		default:
			wg_buf_put(b, s, 1);
		}
}

int rg_result_format(const rg_set *set, const rg_result *r, char *buf, size_t n)
{
	wg_buf b = {0};
	put_escaped(&b, r->job >= 0 && r->job < set->njobs ? set->jobs[r->job].name : "?");
	wg_buf_printf(&b, "\t%s\t%.3f\t%.0f\t", rg_verdict_name(r->verdict), r->secs, r->cps);
	put_escaped(&b, r->host);
	wg_buf_put(&b, "\t", 1);
	put_escaped(&b, r->first_mismatch);
	wg_buf_put(&b, "\t", 1);
	put_escaped(&b, r->replay);
	wg_buf_put(&b, "\n", 1);
	int rc = b.len < n ? 0 : -1;
	snprintf(buf, n, "%s", b.s);
	wg_buf_free(&b);
	return rc;
}

/* Field k (0-based) of a result line, unescaped into buf (cut to n). 0, or -1 when absent. */
static int field(const char *line, int k, char *buf, size_t n)
{
	const char *s = line;
	for (int i = 0; i < k; i++) {
		s = strchr(s, '\t');
		if (!s)
			return -1;
		s++;
	}
	size_t o = 0;
	for (; *s && *s != '\t' && *s != '\n'; s++) {
		char c = *s;
		if (c == '\\') {
			s++;
			c = *s == 't' ? '\t' : *s == 'n' ? '\n' : *s == 'r' ? '\r' : *s == '\\' ? '\\' : 0;
			if (!c)
				return -1;
		}
		if (o + 1 < n)
			buf[o++] = c;
	}
	if (n)
		buf[o] = '\0';
	return 0;
}

int rg_result_name(const char *line, char *buf, size_t n)
{
	return field(line, 0, buf, n);
}

int rg_result_parse(const char *line, rg_result *r)
{
	char v[16], secs[64], cps[64], *end;
	int tabs = 0;
	for (const char *s = line; *s && *s != '\n'; s++)
		tabs += *s == '\t';
	memset(r, 0, sizeof *r);
	r->job = -1;
	if (tabs != 6 || field(line, 1, v, sizeof v) || field(line, 2, secs, sizeof secs) ||
	    field(line, 3, cps, sizeof cps) || field(line, 4, r->host, sizeof r->host) ||
	    field(line, 5, r->first_mismatch, sizeof r->first_mismatch) || field(line, 6, r->replay, sizeof r->replay))
		return -1;
	int found = 0;
	for (rg_verdict k = RG_PASS; k <= RG_LOST; k++)
		if (strcmp(v, rg_verdict_name(k)) == 0) {
			r->verdict = k;
			found = 1;
		}
	r->secs = strtod(secs, &end);
	if (!found || !secs[0] || *end)
		return -1;
	r->cps = strtod(cps, &end);
	if (!cps[0] || *end)
		return -1;
	return 0;
}

/* ---- replay lines ---- */

/* The program a job runs: $WARPGEN / $WARPGEN_SAN (set by warpgen regress), else next to this one. */
static void program(int san, char *buf, size_t n)
{
	const char *e = getenv(san ? "WARPGEN_SAN" : "WARPGEN");
	if (e && *e) {
		snprintf(buf, n, "%s", e);
		return;
	}
	char exe[4096];
	ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
	exe[k > 0 ? k : 0] = '\0';
	char *slash = strrchr(exe, '/');
	if (slash)
		slash[1] = '\0';
	wg_fmt(buf, n, "%s%s", exe, san ? "warpgen-san" : "warpgen");
}

/* s quoted for a shell: '...' with ' as '\'' */
static void put_quoted(wg_buf *b, const char *s)
{
	wg_buf_put(b, "'", 1);
	for (; *s; s++)
		if (*s == '\'')
			wg_buf_put(b, "'\\''", 4);
		else
			wg_buf_put(b, s, 1);
	wg_buf_put(b, "'", 1);
}

void rg_replay_line(const rg_set *set, int job, char *buf, size_t n)
{
	const rg_job *j = &set->jobs[job];
	char prog[4096];
	wg_buf b = {0};
	wg_buf_printf(&b, "cd ");
	put_quoted(&b, wg_root());
	if (j->block) {
		program(j->san, prog, sizeof prog);
		wg_buf_printf(&b, " && %s cosim %s%s%s --seed %llu", prog, j->block, j->args[0] ? " " : "", j->args, j->seed);
		if (j->cycles >= 0)
			wg_buf_printf(&b, " --cycles %ld", j->cycles);
	} else {
		const char *names[4] = {"WARPGEN", "WARPGEN_SAN", "OUT", "WARPGEN_OUT"};
		wg_buf_printf(&b, " &&");
		for (int k = 0; k < 4; k++) {
			const char *v = getenv(names[k]);
			if (!v && k < 2)
				program(k, prog, sizeof prog), v = prog;
			if (!v)
				continue;
			wg_buf_printf(&b, " %s=", names[k]);
			put_quoted(&b, v);
		}
		wg_buf_printf(&b, " bash -c ");
		put_quoted(&b, j->cmd);
	}
	snprintf(buf, n, "%s", b.s);
	wg_buf_free(&b);
}

/* The co-simulation's own replay line (it names the --rtl copy, the gate-level options, ...), made
 * to run from anywhere with the program the job ran: cosim writes it relative to the repository
 * root as "bin/warpgen ...", and bin/warpgen is out/'s build, not necessarily $WARPGEN. */
static void cosim_replay(const rg_job *j, const char *rp, char *buf, size_t n)
{
	if (strncmp(rp, "bin/warpgen ", 12) != 0) {
		snprintf(buf, n, "%s", rp);
		return;
	}
	char prog[4096];
	wg_buf b = {0};
	program(j->san, prog, sizeof prog);
	wg_buf_printf(&b, "cd ");
	put_quoted(&b, wg_root());
	wg_buf_printf(&b, " && %s %s", prog, rp + 12);
	snprintf(buf, n, "%s", b.s);
	wg_buf_free(&b);
}

/* ---- running a job ---- */

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The log of a job: DIR/NAME.log with the name's unusual characters as '_'. */
static void log_path(const char *dir, const char *name, char *buf, size_t n)
{
	char safe[200];
	size_t k = 0;
	for (const char *s = name; *s && k + 1 < sizeof safe; s++)
		safe[k++] = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
					    strchr("._=+:-", *s)
				    ? *s
				    : '_';
	safe[k] = '\0';
	snprintf(buf, n, "%s/%s.log", dir, safe);
}

/* Line-wise search of a file: the first line starting with one of the prefixes (NULL: the last
 * non-empty line, or the first one when first is set). "" when none. */
static void pick_line(const char *path, const char *const *prefixes, int first, char *buf, size_t n)
{
	char err[256];
	size_t len;
	char *t = wg_read_file(path, &len, err, sizeof err);
	buf[0] = '\0';
	if (!t)
		return;
	for (char *s = t; *s;) {
		size_t l = strcspn(s, "\n");
		char save = s[l];
		s[l] = '\0';
		int hit = 0;
		if (prefixes) {
			for (const char *const *p = prefixes; *p; p++)
				hit |= strncmp(s, *p, strlen(*p)) == 0;
		} else {
			hit = strspn(s, " \t\r") < l;
		}
		if (hit)
			snprintf(buf, n, "%s", s);
		s[l] = save;
		if (hit && (prefixes || first))
			break;
		s += l + (save != '\0');
	}
	free(t);
}

/* Append file src to the open descriptor fd under a header, then remove src. */
static void append_file(int fd, const char *src, const char *header)
{
	char err[256];
	size_t len;
	char *t = wg_read_file(src, &len, err, sizeof err);
	if (t && len) {
		if (write(fd, header, strlen(header)) < 0 || write(fd, t, len) < 0) {
			/* the log is a convenience: nothing to do */
		}
	}
	free(t);
	unlink(src);
}

/* One job into r. tmp: a private folder for the JSON result; logs: the folder of the job logs. */
static void run_job(const rg_set *set, int idx, const rg_opts *o, const char *tmp, const char *logs, rg_result *r)
{
	const rg_job *j = &set->jobs[idx];
	char log[4096 + 256], errlog[4096 + 32], json[4096 + 256], seed[32], cyc[32];
	char cov_dat[4096 + 256] = "", cov_json[4096 + 256] = ""; /* --coverage: this job's files (rg_cov.h) */
	memset(r, 0, sizeof *r);
	r->job = idx;
	if (gethostname(r->host, sizeof r->host - 1) != 0)
		snprintf(r->host, sizeof r->host, "unknown");
	log_path(logs, j->name, log, sizeof log);
	snprintf(errlog, sizeof errlog, "%s/stderr", tmp);
	snprintf(json, sizeof json, "%s/result.json", tmp);
	unlink(json);
	int model_only = 0;
	char **args = NULL, msg[400] = "";
	char **argv;
	if (j->block) {
		int na = rg_split(j->args, &args, msg, sizeof msg);
		if (na < 0)
			na = 0;
		msg[0] = '\0';
		for (int k = 0; k < na; k++)
			model_only |= strcmp(args[k], "--model-only") == 0; /* (takes no --json) */
		argv = wg_xcalloc((size_t)(na + 14) * sizeof *argv);
		int k = 0;
		argv[k++] = (char *)(j->san ? o->warpgen_san : o->warpgen);
		argv[k++] = "cosim";
		argv[k++] = j->block;
		for (int a = 0; a < na; a++)
			argv[k++] = args[a];
		snprintf(seed, sizeof seed, "%llu", j->seed);
		argv[k++] = "--seed";
		argv[k++] = seed;
		if (j->cycles >= 0) {
			snprintf(cyc, sizeof cyc, "%ld", j->cycles);
			argv[k++] = "--cycles";
			argv[k++] = cyc;
		}
		argv[k++] = "-q";
		int cov = o->cov_dir ? rg_cov_job_files(o->cov_dir, j, cov_dat, cov_json, sizeof cov_dat) : -1;
		if (cov >= 0) { /* --coverage: the record (its functional points) kept in the coverage folder */
			snprintf(json, sizeof json, "%s", cov_json);
			unlink(json);
		}
		if (!model_only) {
			argv[k++] = "--json";
			argv[k++] = json;
		}
		if (cov == 1) {
			argv[k++] = "--coverage";
			argv[k++] = cov_dat;
			unlink(cov_dat);
		}
	} else {
		argv = wg_xcalloc(4 * sizeof *argv);
		argv[0] = "bash";
		argv[1] = "-c";
		argv[2] = j->cmd;
	}
	int out = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (out < 0) { /* no log folder: keep the output in the private folder */
		snprintf(log, sizeof log, "%s/job.log", tmp);
		out = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	}
	int err = j->block ? open(errlog, O_WRONLY | O_CREAT | O_TRUNC, 0644) : out;
	fflush(NULL);
	double t0 = now();
	pid_t pid = out < 0 || err < 0 ? -1 : fork();
	if (pid == 0) {
		int in = open("/dev/null", O_RDONLY);
		if (in >= 0)
			dup2(in, 0);
		dup2(out, 1);
		dup2(err, 2);
		if (chdir(wg_root()) != 0) {
			fprintf(stderr, "cannot enter %s: %s\n", wg_root(), strerror(errno));
			_exit(127);
		}
		execvp(argv[0], argv);
		fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	int st = 0, waited = 0;
	while (pid > 0 && !(waited = waitpid(pid, &st, 0) == pid) && errno == EINTR)
		;
	r->secs = now() - t0;
	if (j->block && err >= 0 && out >= 0) {
		char first_err[400];
		pick_line(errlog, NULL, 1, first_err, sizeof first_err);
		append_file(out, errlog, "--- stderr ---\n");
		snprintf(msg, sizeof msg, "%s", first_err);
	}
	if (out >= 0)
		close(out);
	if (j->block && err >= 0)
		close(err);
	free(argv);
	rg_argv_free(args);
	int code = !waited ? -1 : WIFEXITED(st) ? WEXITSTATUS(st) : -2;
	static const char *const bad[] = {"MISMATCH", "FAIL", "INTERNAL ERROR", NULL};
	char line[400];
	if (code == -1) {
		r->verdict = RG_ERROR;
		snprintf(r->first_mismatch, sizeof r->first_mismatch, "could not start the job: %s", strerror(errno));
	} else if (code == -2) {
		r->verdict = RG_ERROR;
		snprintf(r->first_mismatch, sizeof r->first_mismatch, "killed by signal %d (%s)", WTERMSIG(st),
			 strsignal(WTERMSIG(st)));
	} else if (code == 0) {
		r->verdict = RG_PASS;
	} else if (j->block && code == 1) {
		r->verdict = RG_FAIL;
		pick_line(log, bad, 1, line, sizeof line);
		if (!line[0])
			pick_line(log, NULL, 0, line, sizeof line);
		snprintf(r->first_mismatch, sizeof r->first_mismatch, "%s", line[0] ? line : "exit 1");
	} else if (j->block) {
		r->verdict = RG_ERROR;
		if (!msg[0])
			pick_line(log, NULL, 0, msg, sizeof msg);
		snprintf(r->first_mismatch, sizeof r->first_mismatch, "exit %d: %s", code, msg);
	} else {
		r->verdict = RG_FAIL;
		pick_line(log, NULL, 0, line, sizeof line);
		snprintf(r->first_mismatch, sizeof r->first_mismatch, "exit %d: %s", code, line);
	}
	if (r->verdict == RG_PASS)
		r->first_mismatch[0] = '\0';
	double cycles = 0;
	if (j->block && !model_only) {
		char jerr[256];
		size_t len;
		char *text = wg_read_file(json, &len, jerr, sizeof jerr);
		wg_json *js = text ? wg_json_parse(text, jerr, sizeof jerr) : NULL;
		if (js) {
			cycles = wg_json_num(wg_json_get(js, "cycles"), 0);
			const char *rp = wg_json_str(wg_json_path(js, "failure.replay"), NULL);
			if (rp && r->verdict != RG_PASS)
				cosim_replay(j, rp, r->replay, sizeof r->replay);
			wg_json_free(js);
		}
		free(text);
		if (strcmp(json, cov_json) != 0)
			unlink(json);
	}
	r->cps = cycles > 0 && r->secs > 0 ? cycles / r->secs : 0;
	if (!r->replay[0])
		rg_replay_line(set, idx, r->replay, sizeof r->replay);
}

/* OUT/regress/logs, OUT the folder warpgen writes in (wg_out_dir: warpgen regress sets it to its
 * build's folder when that is not out/, cmd_regress.c). */
static void logs_dir(char *buf, size_t n)
{
	snprintf(buf, n, "%s/regress/logs", wg_out_dir());
}

void rg_run_unit(const rg_set *set, const rg_unit *u, const rg_opts *o, const rg_sink *sink)
{
	char tmp[4096], logs[4096], err[256];
	const char *td = getenv("TMPDIR");
	snprintf(tmp, sizeof tmp, "%s/wg-regress-XXXXXX", td && *td ? td : "/tmp");
	if (!mkdtemp(tmp))
		snprintf(tmp, sizeof tmp, "/tmp");
	logs_dir(logs, sizeof logs);
	if (wg_mkdirs(logs, err, sizeof err) != 0)
		snprintf(logs, sizeof logs, "%s", tmp);
	for (int i = u->first; i < u->first + u->n; i++) {
		rg_result r;
		run_job(set, i, o, tmp, logs, &r);
		sink->result(sink->ctx, set, &r);
	}
	if (strcmp(tmp, "/tmp") != 0) {
		char p[4200];
		snprintf(p, sizeof p, "%s/job.log", tmp);
		unlink(p);
		rmdir(tmp);
	}
}
