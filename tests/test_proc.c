/* test_proc.c - csim/wg_proc.c's time limits: a child and everything under it stopped when the
 * limit expires (a grandchild that ignores SIGTERM too), statuses, capture with a limit. */
#include <signal.h>
#include <sys/wait.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "wg_buf.h"
#include "wg_proc.h"

static int fails;
#define CHECK(c, ...)                                                                                             \
	do {                                                                                                      \
		if (!(c)) {                                                                                       \
			fails++;                                                                                  \
			fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                      \
			fprintf(stderr, __VA_ARGS__);                                                             \
			fputc('\n', stderr);                                                                      \
		}                                                                                                 \
	} while (0)

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void pause_ms(long ms)
{
	struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
	nanosleep(&t, NULL);
}

/* 1 while pid is a live process (a zombie, or gone, is 0) */
static int alive(long pid)
{
	char path[64], buf[512];
	snprintf(path, sizeof path, "/proc/%ld/stat", pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	size_t got = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[got] = 0;
	char *p = strrchr(buf, ')');
	return p && p[1] == ' ' && p[2] != 'Z' && p[2] != 'X';
}

static long read_pid(const char *path)
{
	long pid = 0;
	for (int i = 0; i < 200 && pid == 0; i++) { /* the shell writes it once it has started */
		FILE *f = fopen(path, "r");
		if (f) {
			if (fscanf(f, "%ld", &pid) != 1)
				pid = 0;
			fclose(f);
		}
		if (pid == 0)
			pause_ms(10);
	}
	return pid;
}

static int gone_within(long pid, double secs)
{
	double end = now() + secs;
	while (alive(pid) && now() < end)
		pause_ms(10);
	return !alive(pid);
}

int main(void)
{
	char dir[] = "/tmp/test_proc-XXXXXX", pidf[64], script[256];
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(pidf, sizeof pidf, "%s/grandchild", dir);

	/* no limit: statuses as wg_proc_wait gives them */
	char *ok[] = {"sh", "-c", "exit 3", NULL};
	CHECK(wg_proc_wait_limit(wg_proc_start(ok, -1), 0, 0) == 3, "exit status 3");
	char *sig[] = {"sh", "-c", "kill -TERM $$", NULL};
	CHECK(wg_proc_wait_limit(wg_proc_start(sig, -1), 5, 1) == 128 + SIGTERM, "killed by SIGTERM: 143");
	char *quick[] = {"true", NULL};
	double t0 = now();
	CHECK(wg_proc_wait_limit(wg_proc_start(quick, -1), 60, 5) == 0, "true: 0");
	CHECK(now() - t0 < 1.0, "a quick child is not held up by the limit's polling (%.3f s)", now() - t0);

	/* the limit expires: the child (a shell) and its child, which ignores SIGTERM as a busy tool
	 * may, are both stopped: SIGTERM, then SIGKILL after the grace */
	snprintf(script, sizeof script, "sh -c 'trap \"\" TERM; echo $$ > %s; while :; do sleep 1; done' & wait", pidf);
	char *tree[] = {"sh", "-c", script, NULL};
	t0 = now();
	int rc = wg_proc_wait_limit(wg_proc_start(tree, -1), 0.3, 0.3);
	double took = now() - t0;
	long gc = read_pid(pidf);
	CHECK(rc == WG_PROC_TIMEOUT, "expired limit: status %d, want %d", rc, WG_PROC_TIMEOUT);
	CHECK(took > 0.25 && took < 5, "stopped after %.2f s (limit 0.3 s + grace 0.3 s)", took);
	CHECK(gc > 0, "the grandchild wrote its pid");
	CHECK(gc > 0 && gone_within(gc, 3), "the grandchild %ld (SIGTERM ignored) is gone", gc);
	if (gc > 0 && alive(gc))
		kill((pid_t)gc, SIGKILL);

	/* the same with output captured */
	unlink(pidf);
	snprintf(script, sizeof script, "echo before; sleep 100 & echo $! > %s; wait", pidf);
	char *cap[] = {"sh", "-c", script, NULL};
	wg_buf out = {0};
	t0 = now();
	rc = wg_proc_capture_limit(cap, NULL, WG_PROC_ERR_NULL, &out, 0.3, 1);
	took = now() - t0;
	gc = read_pid(pidf);
	CHECK(rc == WG_PROC_TIMEOUT, "capture: status %d", rc);
	CHECK(out.s && strcmp(out.s, "before\n") == 0, "capture kept the output before the limit: '%s'",
	      out.s ? out.s : "(null)");
	CHECK(took < 5, "capture stopped after %.2f s", took);
	CHECK(gc > 0 && gone_within(gc, 3), "capture: the grandchild %ld is gone", gc);
	wg_buf_free(&out);

	/* capture without a limit is the plain capture */
	char *echo[] = {"sh", "-c", "echo a; echo b >&2; exit 4", NULL};
	rc = wg_proc_capture_buf(echo, NULL, WG_PROC_ERR_NULL, &out);
	CHECK(rc == 4 && out.s && strcmp(out.s, "a\n") == 0, "plain capture: %d '%s'", rc, out.s ? out.s : "");
	wg_buf_free(&out);

	/* a stop signal sent to the waiting process alone (not to its group, as a terminal's
	 * Ctrl-C would be) is passed on to the tree, and the waiter still ends by it */
	unlink(pidf);
	snprintf(script, sizeof script, "sleep 100 & echo $! > %s; wait", pidf);
	pid_t w = fork();
	if (w == 0) {
		char *t[] = {"sh", "-c", script, NULL};
		wg_proc_wait_limit(wg_proc_start(t, -1), 0, 0);
		_exit(0); /* not reached: SIGTERM is raised again once the child has ended */
	}
	gc = read_pid(pidf);
	pause_ms(50); /* the waiter's handler is in place long before the shell wrote the pid */
	int st = 0;
	CHECK(w > 0 && kill(w, SIGTERM) == 0 && waitpid(w, &st, 0) == w, "SIGTERM to the waiter");
	CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM, "the waiter ends by SIGTERM (status %#x)", st);
	CHECK(gc > 0 && gone_within(gc, 3), "SIGTERM to the waiter alone: the grandchild %ld is gone", gc);
	if (gc > 0 && alive(gc))
		kill((pid_t)gc, SIGKILL);

	/* nothing under a process that has no children */
	CHECK(wg_proc_signal_below(getpid(), 0) == 0, "this test has no children left");

	unlink(pidf);
	rmdir(dir);
	printf("test_proc: %s\n", fails ? "FAILED" : "all checks passed");
	return fails != 0;
}
