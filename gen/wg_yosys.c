/* wg_yosys.c - cached Yosys steps (factored out of wg_area.c; behaviour unchanged). */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700
#include "wg_yosys.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "wg_buf.h"
#include "wg_proc.h"
#include "wg_vtool.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

int wg_yosys_version(char *buf, size_t n)
{
	char *vargv[] = {"yosys", "-V", NULL};
	return wg_proc_capture(vargv, buf, n) != 0 || !buf[0] ? -1 : 0;
}

static int file_exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Remove a work folder and the files in it. */
static void rm_work(const char *work)
{
	DIR *d = opendir(work);
	if (d) {
		struct dirent *e;
		char path[PATH_MAX + 300];
		while ((e = readdir(d)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			snprintf(path, sizeof path, "%s/%s", work, e->d_name);
			unlink(path);
		}
		closedir(d);
	}
	rmdir(work);
}

/* Is <dir>/<step>.key equal to key, with every output present? */
int wg_yosys_cached(const char *dir, const char *step, unsigned long long key, const char *const *outs)
{
	char path[PATH_MAX + 300], want[32], err[256];
	snprintf(path, sizeof path, "%s/%s.key", dir, step);
	char *have = wg_read_file(path, NULL, err, sizeof err);
	if (!have)
		return 0;
	snprintf(want, sizeof want, "%016llx\n", key);
	int same = strcmp(have, want) == 0;
	free(have);
	for (int i = 0; same && outs[i]; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, outs[i]);
		same = file_exists(path);
	}
	return same;
}

long long wg_yosys_cached_at(const char *dir, const char *step)
{
	char path[PATH_MAX + 300];
	struct stat st;
	snprintf(path, sizeof path, "%s/%s.key", dir, step);
	return stat(path, &st) == 0 ? (long long)st.st_mtime : 0;
}

static long timeout_s(void)
{
	const char *e = getenv("WARPGEN_AREA_TIMEOUT");
	long t = e ? strtol(e, NULL, 10) : 0;
	return t > 0 ? t : 3600;
}

/* Run one Yosys step in a private work folder under dir (so that concurrent
 * runs of the same configuration never see each other's half-written files),
 * then move its outputs into dir: outs[i] in the work folder becomes
 * names[i] in dir. The key file is written last. */
int wg_yosys_step(const char *dir, const char *step, const char *script, unsigned long long key,
		  const char *const *outs, const char *const *names, double *secs, int *code, char *err, size_t n)
{
	char work[PATH_MAX], path[PATH_MAX + 300], dst[PATH_MAX + 300], log[PATH_MAX + 300], ys[320];
	snprintf(path, sizeof path, "%s/%s.key", dir, step);
	unlink(path);
	snprintf(work, sizeof work, "%s/work-%s-XXXXXX", dir, step);
	if (!mkdtemp(work)) {
		snprintf(err, n, "cannot create a work folder in %s: %s", dir, strerror(errno));
		*code = 1;
		return -1;
	}
	snprintf(ys, sizeof ys, "%s.ys", step);
	wg_fmt(path, sizeof path, "%s/%s", work, ys);
	if (wg_write_atomic(path, script, strlen(script), err, n) != 0) {
		rm_work(work);
		*code = 1;
		return -1;
	}
	/* Yosys writes its full log itself (-l); its console output is only
	 * warnings (-q), which are in the log too. */
	snprintf(log, sizeof log, "%s/%s.log", work, step);
	char logname[320];
	snprintf(logname, sizeof logname, "%s.log", step);
	/* Yosys stays in warpgen's process group, so that Ctrl-C reaches it; when the limit expires
	 * wg_proc stops it and its ABC children (timeout(1) would signal Yosys alone) */
	char *argv[] = {"yosys", "-q", "-l", logname, "-s", ys, NULL};
	int here = open(".", O_RDONLY);
	if (here < 0 || chdir(work) != 0) {
		snprintf(err, n, "cannot run Yosys in %s: %s", work, strerror(errno));
		if (here >= 0)
			close(here);
		rm_work(work);
		*code = 1;
		return -1;
	}
	double t0 = wg_now();
	pid_t pid = wg_proc_start(argv, -1);
	int back = fchdir(here);
	close(here);
	int rc = pid < 0 ? -1 : wg_proc_wait_limit(pid, (double)timeout_s(), 10);
	*secs = wg_now() - t0;
	if (back != 0) {
		snprintf(err, n, "cannot return to the working folder: %s", strerror(errno));
		*code = 1;
		return -1;
	}
	snprintf(dst, sizeof dst, "%s/%s.log", dir, step);
	rename(log, dst);
	if (rc != 0) {
		fprintf(stderr, "yosys log %s (last lines):\n", dst);
		wg_proc_tail(dst, 12, stderr);
		if (rc == WG_PROC_TIMEOUT)
			snprintf(err, n, "Yosys step '%s' timed out after %ld s (WARPGEN_AREA_TIMEOUT); log: %s", step,
				 timeout_s(), dst);
		else
			snprintf(err, n, "Yosys step '%s' failed (exit %d); log: %s", step, rc, dst);
		rm_work(work);
		*code = 1;
		return -1;
	}
	for (int i = 0; outs[i]; i++) {
		snprintf(path, sizeof path, "%s/%s", work, outs[i]);
		snprintf(dst, sizeof dst, "%s/%s", dir, names[i]);
		if (rename(path, dst) != 0) {
			snprintf(err, n, "Yosys step '%s' did not write %s (%s); log: %s/%s.log", step, outs[i],
				 strerror(errno), dir, step);
			rm_work(work);
			*code = 1;
			return -1;
		}
	}
	wg_fmt(path, sizeof path, "%s/%s", work, ys);
	snprintf(dst, sizeof dst, "%s/%s", dir, ys);
	rename(path, dst);
	rm_work(work);
	char k[32];
	snprintf(k, sizeof k, "%016llx\n", key);
	snprintf(path, sizeof path, "%s/%s.key", dir, step);
	if (wg_write_atomic(path, k, strlen(k), err, n) != 0) {
		*code = 1;
		return -1;
	}
	return 0;
}

