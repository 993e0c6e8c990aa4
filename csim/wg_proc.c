/* wg_proc.c - fork/exec with output to a log file, output capture, time limits that stop a
 * child's whole tree, log tails. */
#include "wg_proc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "wg_buf.h"

static void log_cmdline(char *const argv[], int log_fd)
{
	wg_buf b = {0};
	wg_buf_put(&b, "$", 1);
	for (int i = 0; argv[i]; i++)
		wg_buf_printf(&b, " %s", argv[i]);
	wg_buf_put(&b, "\n", 1);
	if (write(log_fd, b.s, b.len) < 0) {
		/* the log is best effort: the command still runs */
	}
	wg_buf_free(&b);
}

pid_t wg_proc_start(char *const argv[], int log_fd)
{
	if (log_fd >= 0)
		log_cmdline(argv, log_fd);
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid != 0)
		return pid; /* parent, or -1 */
	int fd = log_fd >= 0 ? log_fd : open("/dev/null", O_WRONLY);
	int in = open("/dev/null", O_RDONLY);
	if (in >= 0)
		dup2(in, 0);
	if (fd >= 0) {
		dup2(fd, 1);
		dup2(fd, 2);
	}
	execvp(argv[0], argv);
	dprintf(2, "cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

/* ---- processes under a child, found through /proc ---- */

typedef struct {
	pid_t pid;		  /* a process */
	unsigned long long start; /* its start time (/proc/PID/stat field 22): tells a reused pid */
} proc_id;

typedef struct {
	proc_id *v; /* the processes */
	size_t n;   /* how many */
} proc_set;

/* PID's parent and start time from /proc/PID/stat; 0 when it is gone or has ended (a zombie
 * waits only for its parent's wait) */
static int proc_stat(pid_t pid, pid_t *ppid, unsigned long long *start)
{
	char path[64], buf[1024];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	ssize_t got = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (got <= 0)
		return 0;
	buf[got] = 0;
	char *p = strrchr(buf, ')'); /* the command name may hold spaces and parentheses */
	if (!p || p[1] != ' ' || p[2] == 'Z' || p[2] == 'X')
		return 0;
	/* after ") ": state(3) ppid(4) ... starttime(22), one space apart */
	for (int field = 3; (p = strchr(p + 1, ' ')) != NULL; field++) {
		if (field == 4)
			*ppid = (pid_t)strtol(p + 1, NULL, 10);
		if (field == 22) {
			*start = strtoull(p + 1, NULL, 10);
			return 1;
		}
	}
	return 0;
}

/* every process under root (not root), by the parent links of one pass over /proc */
static proc_set procs_below(pid_t root)
{
	proc_set all = {0}, below = {0};
	pid_t *parent = NULL;
	size_t cap = 0;
	DIR *d = opendir("/proc");
	for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
		char *end;
		long pid = strtol(e->d_name, &end, 10);
		pid_t pp;
		unsigned long long st;
		if (*end || pid <= 0 || !proc_stat((pid_t)pid, &pp, &st))
			continue;
		if (all.n == cap) {
			cap = cap ? 2 * cap : 256;
			proc_id *v = realloc(all.v, cap * sizeof *v);
			pid_t *q = realloc(parent, cap * sizeof *q);
			if (!v || !q) {
				free(v ? v : all.v);
				free(q ? q : parent);
				closedir(d);
				return below;
			}
			all.v = v;
			parent = q;
		}
		all.v[all.n] = (proc_id){(pid_t)pid, st};
		parent[all.n++] = pp;
	}
	if (d)
		closedir(d);
	below.v = malloc((all.n ? all.n : 1) * sizeof *below.v);
	/* breadth first: step 0 appends root's children, step k the children of below.v[k - 1] */
	for (size_t k = 0; below.v; k++) {
		pid_t up = k == 0 ? root : below.v[k - 1].pid;
		for (size_t i = 0; i < all.n; i++)
			if (parent[i] == up)
				below.v[below.n++] = all.v[i];
		if (k >= below.n)
			break;
	}
	free(all.v);
	free(parent);
	return below;
}

/* signal the members of s that are still the processes they were */
static void signal_set(const proc_set *s, int sig)
{
	for (size_t i = 0; i < s->n; i++) {
		pid_t pp;
		unsigned long long st;
		if (proc_stat(s->v[i].pid, &pp, &st) && st == s->v[i].start)
			kill(s->v[i].pid, sig);
	}
}

static int set_alive(const proc_set *s)
{
	int n = 0;
	for (size_t i = 0; i < s->n; i++) {
		pid_t pp;
		unsigned long long st;
		n += proc_stat(s->v[i].pid, &pp, &st) && st == s->v[i].start;
	}
	return n;
}

int wg_proc_signal_below(pid_t pid, int sig)
{
	proc_set s = procs_below(pid);
	signal_set(&s, sig);
	int n = (int)s.n;
	free(s.v);
	return n;
}

/* ---- time limits ---- */

static double mono(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void nap(double s)
{
	struct timespec t = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
	while (nanosleep(&t, &t) != 0 && errno == EINTR)
		;
}

/* Stop signals that reach warpgen alone while it waits for a child (`kill PID`; a terminal's
 * Ctrl-C reaches the whole process group, the child too): noted by the handler, passed on to
 * the child and everything under it, and raised again in warpgen once the child has ended, so
 * that warpgen still ends by that signal. */
static const int stop_sigs[3] = {SIGINT, SIGTERM, SIGHUP};
static volatile sig_atomic_t stop_signal; /* the last stop signal seen while waiting, or 0 */

static void note_stop(int sig)
{
	stop_signal = sig;
}

#define WG_PROC_STOP_GRACE 10.0 /* seconds from a passed-on stop signal to SIGKILL */

typedef struct {
	pid_t pid;	/* the child */
	double end;	/* when the next stage is due (monotonic seconds); 0: never */
	double grace;	/* seconds from SIGTERM to SIGKILL */
	int stage;	/* 0 running, 1 SIGTERM (or the passed-on signal) sent, 2 SIGKILL sent */
	int timed_out;	/* the limit expired (not a stop signal) */
	int sig;	/* the stop signal passed on, or 0 */
	proc_set below; /* the processes under the child when it was first signalled */
	struct sigaction old[3]; /* stop_sigs' actions before the wait */
	int caught[3];	/* 1: note_stop was installed for stop_sigs[i] (not where it was ignored) */
} limit;

static limit limit_new(pid_t pid, double seconds, double grace)
{
	limit l = {.pid = pid, .end = seconds > 0 ? mono() + seconds : 0, .grace = grace > 0 ? grace : 0};
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = note_stop; /* no SA_RESTART: waitpid and poll return at once */
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < 3; i++)
		if (sigaction(stop_sigs[i], NULL, &l.old[i]) == 0 && l.old[i].sa_handler != SIG_IGN)
			l.caught[i] = sigaction(stop_sigs[i], &sa, NULL) == 0;
	return l;
}

/* signal the child and its tree, taken first so that a grandchild whose parent dies first is
 * still known */
static void limit_signal(limit *l, int sig)
{
	l->below = procs_below(l->pid);
	kill(l->pid, sig);
	signal_set(&l->below, sig);
	l->stage = 1;
}

/* a stop signal passed on, or the limit's next stage when it is due */
static void limit_tick(limit *l)
{
	if (stop_signal && !l->sig) {
		l->sig = stop_signal;
		if (l->stage == 0)
			limit_signal(l, l->sig);
		else
			kill(l->pid, l->sig);
		l->end = mono() + WG_PROC_STOP_GRACE;
		return;
	}
	if (l->end <= 0 || mono() < l->end)
		return;
	if (l->stage == 0) {
		limit_signal(l, SIGTERM);
		l->timed_out = 1;
		l->end = mono() + l->grace;
	} else if (l->stage == 1) {
		proc_set now = procs_below(l->pid);
		kill(l->pid, SIGKILL);
		signal_set(&l->below, SIGKILL);
		signal_set(&now, SIGKILL);
		free(now.v);
		l->stage = 2;
		l->end = 0;
	}
}

/* the child has been waited for: what it left under it after a SIGTERM gets the rest of the
 * grace and then SIGKILL; the stop signals' actions come back, and a stop signal that came
 * during the wait is raised again */
static void limit_finish(limit *l)
{
	if (l->stage == 1) {
		while (set_alive(&l->below) && mono() < l->end)
			nap(0.02);
		signal_set(&l->below, SIGKILL);
	}
	free(l->below.v);
	l->below = (proc_set){0};
	for (int i = 0; i < 3; i++)
		if (l->caught[i])
			sigaction(stop_sigs[i], &l->old[i], NULL);
	int sig = stop_signal;
	stop_signal = 0;
	if (sig)
		raise(sig);
}

static int status_of(int st)
{
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	return WIFSIGNALED(st) ? 128 + WTERMSIG(st) : -1;
}

static int wait_limit(limit *l)
{
	int st;
	double pause = 0.001;
	/* polled rather than blocked in waitpid: a stop signal may be delivered to another of
	 * warpgen's threads and interrupt nothing here */
	for (;;) {
		pid_t r = waitpid(l->pid, &st, WNOHANG);
		if (r == l->pid)
			break;
		if (r < 0 && errno != EINTR) {
			limit_finish(l);
			return -1;
		}
		limit_tick(l);
		nap(pause); /* short first, so that a quick tool costs no latency */
		pause = pause < 0.05 ? 2 * pause : 0.05;
	}
	int timed_out = l->timed_out;
	limit_finish(l);
	return timed_out ? WG_PROC_TIMEOUT : status_of(st);
}

int wg_proc_wait_limit(pid_t pid, double seconds, double grace)
{
	if (pid < 0)
		return -1;
	limit l = limit_new(pid, seconds, grace);
	return wait_limit(&l);
}

int wg_proc_wait(pid_t pid)
{
	if (pid < 0)
		return -1;
	limit l = limit_new(pid, 0, 0);
	return wait_limit(&l);
}

int wg_proc_run(char *const argv[], int log_fd)
{
	return wg_proc_wait(wg_proc_start(argv, log_fd));
}

int wg_proc_capture_limit(char *const argv[], const char *dir, int err_fd, wg_buf *out, double seconds,
			  double grace)
{
	int p[2];
	wg_buf_put(out, "", 0); /* (a NUL-terminated text even when nothing comes) */
	if (pipe(p) != 0)
		return -1;
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid == 0) {
		close(p[0]);
		dup2(p[1], 1);
		close(p[1]);
		int nul = open("/dev/null", O_RDWR);
		if (nul >= 0)
			dup2(nul, 0);
		if (err_fd >= 0)
			dup2(err_fd, 2);
		else if (err_fd == WG_PROC_ERR_NULL && nul >= 0)
			dup2(nul, 2);
		if (dir && chdir(dir) != 0) {
			dprintf(2, "cannot enter %s: %s\n", dir, strerror(errno));
			_exit(127);
		}
		execvp(argv[0], argv);
		dprintf(2, "cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(p[1]);
	if (pid < 0) {
		close(p[0]);
		return -1;
	}
	limit l = limit_new(pid, seconds, grace);
	for (;;) {
		/* wake up now and then to check the limit and the stop signals, even when the child is
		 * silent */
		struct pollfd pf = {.fd = p[0], .events = POLLIN};
		int ready = poll(&pf, 1, 50);
		limit_tick(&l);
		if (ready == 0 || (ready < 0 && errno == EINTR))
			continue;
		char tmp[4096];
		ssize_t got = read(p[0], tmp, sizeof tmp);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		wg_buf_put(out, tmp, (size_t)got);
	}
	close(p[0]);
	return wait_limit(&l);
}

int wg_proc_capture_buf(char *const argv[], const char *dir, int err_fd, wg_buf *out)
{
	return wg_proc_capture_limit(argv, dir, err_fd, out, 0, 0);
}



int wg_proc_capture(char *const argv[], char *buf, size_t n)
{
	wg_buf b = {0};
	int rc = wg_proc_capture_buf(argv, NULL, WG_PROC_ERR_NULL, &b);
	size_t used = b.len < n ? b.len : (n ? n - 1 : 0);
	while (used > 0 && (b.s[used - 1] == '\n' || b.s[used - 1] == '\r'))
		used--;
	if (n)
		snprintf(buf, n, "%.*s", (int)used, b.s);
	wg_buf_free(&b);
	return rc;
}

void wg_proc_tail(const char *path, int nlines, FILE *f)
{
	char err[256];
	size_t len;
	char *t = wg_read_file(path, &len, err, sizeof err);
	if (!t) {
		fprintf(f, "  (%s)\n", err);
		return;
	}
	size_t start = len;
	int seen = 0;
	while (start > 0) {
		if (t[start - 1] == '\n' && start != len && ++seen >= nlines)
			break;
		start--;
	}
	for (char *line = t + start; *line;) {
		char *nl = strchr(line, '\n');
		size_t l = nl ? (size_t)(nl - line) : strlen(line);
		fprintf(f, "  %.*s\n", (int)l, line);
		line += l + (nl != NULL);
	}
	free(t);
}
