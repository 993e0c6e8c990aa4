/* wg_vlrt.c - compile the Verilator runtime once per flavour. */
#include "wg_vlrt.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wg_buf.h"
#include "wg_gen.h"
#include "wg_proc.h"
#include "wg_vtool.h"

static const char *const fast_src[] = {"verilated", "verilated_threads", NULL};
static const char *const fst_src[] = {"verilated", "verilated_threads", "verilated_fst_c", NULL};

static int stamp_ok(const wg_vlrt *r)
{
	char path[PATH_MAX + 32], err[256];
	if (access(r->lib, R_OK) != 0)
		return 0;
	snprintf(path, sizeof path, "%s/libvlrt.stamp", r->dir);
	char *s = wg_read_file(path, NULL, err, sizeof err);
	int ok = s && strcmp(s, r->stamp_text) == 0;
	free(s);
	return ok;
}

static void fail_tail(const wg_vlrt *r, const char *what)
{
	char log[PATH_MAX + 32];
	snprintf(log, sizeof log, "%s/build.log", r->dir);
	fprintf(stderr, "warpgen cosim: building the Verilator runtime (%s flavour) failed: %s\n"
			"last lines of %s:\n", wg_flavour_name(r->flavour), what, log);
	wg_proc_tail(log, 30, stderr);
}

int wg_vlrt_begin(wg_vlrt *r, wg_flavour f, int quiet)
{
	char err[512], path[PATH_MAX + 32];
	memset(r, 0, sizeof *r);
	r->lock_fd = r->log_fd = -1;
	r->flavour = f;
	r->quiet = quiet;
	const char *vroot = wg_vtool_root();
	if (!vroot) {
		fprintf(stderr, "warpgen cosim: verilator not found (run `make deps`)\n");
		return -1;
	}
	snprintf(r->dir, sizeof r->dir, "%s/vlrt/%s", wg_out_dir(), wg_flavour_name(f));
	snprintf(r->lib, sizeof r->lib, "%s/libvlrt.a", r->dir);
	wg_argv flags = {0};
	wg_vtool_cxxflags(&flags, f == WG_FLAVOUR_FST);
	size_t used = (size_t)snprintf(r->stamp_text, sizeof r->stamp_text, "%s\n", wg_vtool_version());
	for (int i = 0; i < flags.n && used < sizeof r->stamp_text; i++)
		used += (size_t)snprintf(r->stamp_text + used, sizeof r->stamp_text - used, "%s ", flags.v[i]);
	wg_argv_free(&flags);
	if (stamp_ok(r))
		return 0;
	if (wg_mkdirs(r->dir, err, sizeof err) != 0) {
		fprintf(stderr, "warpgen cosim: %s\n", err);
		return -1;
	}
	snprintf(path, sizeof path, "%s/lock", r->dir);
	r->lock_fd = wg_lock(path);
	if (r->lock_fd < 0) {
		fprintf(stderr, "warpgen cosim: cannot lock %s\n", path);
		return -1;
	}
	if (stamp_ok(r)) { /* another process built it while we waited */
		wg_unlock(r->lock_fd);
		r->lock_fd = -1;
		return 0;
	}
	snprintf(path, sizeof path, "%s/build.log", r->dir);
	r->log_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0666);
	if (r->log_fd < 0) {
		fprintf(stderr, "warpgen cosim: cannot write %s\n", path);
		wg_unlock(r->lock_fd);
		r->lock_fd = -1;
		return -1;
	}
	if (!quiet)
		fprintf(stderr, "build: Verilator runtime, %s flavour, once for all configurations -> %s\n",
			wg_flavour_name(f), r->dir);
	r->t0 = wg_now();
	r->building = 1;
	const char *const *src = f == WG_FLAVOUR_FST ? fst_src : fast_src;
	for (int i = 0; src[i]; i++) {
		wg_argv a = {0};
		wg_argv_add(&a, "g++");
		wg_vtool_cxxflags(&a, f == WG_FLAVOUR_FST);
		wg_argv_add(&a, "-c");
		wg_argv_add(&a, "%s/include/%s.cpp", vroot, src[i]);
		wg_argv_add(&a, "-o");
		wg_argv_add(&a, "%s/%s.o", r->dir, src[i]);
		r->pid[r->npid++] = wg_proc_start(a.v, r->log_fd);
		wg_argv_free(&a);
	}
	return 0;
}

int wg_vlrt_finish(wg_vlrt *r)
{
	if (!r->building)
		return 0;
	int bad = 0;
	for (int i = 0; i < r->npid; i++)
		bad |= wg_proc_wait(r->pid[i]) != 0;
	r->building = 0;
	char tmp[PATH_MAX + 32], err[512];
	if (!bad) {
		const char *const *src = r->flavour == WG_FLAVOUR_FST ? fst_src : fast_src;
		wg_argv a = {0};
		wg_tmp_name(r->lib, tmp, sizeof tmp);
		unlink(tmp);
		wg_argv_add(&a, "ar");
		wg_argv_add(&a, "rcs");
		wg_argv_add(&a, "%s", tmp);
		for (int i = 0; src[i]; i++)
			wg_argv_add(&a, "%s/%s.o", r->dir, src[i]);
		bad = wg_proc_run(a.v, r->log_fd) != 0 || rename(tmp, r->lib) != 0;
		wg_argv_free(&a);
	}
	if (!bad) {
		snprintf(tmp, sizeof tmp, "%s/libvlrt.stamp", r->dir);
		bad = wg_write_atomic(tmp, r->stamp_text, strlen(r->stamp_text), err, sizeof err) != 0;
	}
	close(r->log_fd);
	r->log_fd = -1;
	if (bad)
		fail_tail(r, "a compiler step failed");
	else if (!r->quiet)
		fprintf(stderr, "build: Verilator runtime (%s) built in %.1f s\n", wg_flavour_name(r->flavour),
			wg_now() - r->t0);
	wg_unlock(r->lock_fd);
	r->lock_fd = -1;
	return bad ? -1 : 0;
}
