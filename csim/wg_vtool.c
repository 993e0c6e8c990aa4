/* wg_vtool.c - argument vectors, Verilator install facts, locks, time, hashing. */
#include "wg_vtool.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "wg_buf.h"
#include "wg_proc.h"

void wg_argv_add(wg_argv *a, const char *fmt, ...)
{
	if (a->n >= WG_ARGV_MAX) {
		fprintf(stderr, "warpgen: internal error: too many build arguments\n");
		exit(3);
	}
	va_list ap;
	va_start(ap, fmt);
	int len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = wg_xcalloc((size_t)len + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)len + 1, fmt, ap);
	va_end(ap);
	a->v[a->n++] = s;
	a->v[a->n] = NULL;
}

void wg_argv_free(wg_argv *a)
{
	for (int i = 0; i < a->n; i++)
		free(a->v[i]);
	a->n = 0;
	a->v[0] = NULL;
}

const char *wg_vtool_version(void)
{
	static char version[256]; /* asked once per process: the tool, not the C models */
	static int asked;
	if (!asked) {
		char *argv[] = {"verilator", "--version", NULL};
		if (wg_proc_capture(argv, version, sizeof version) != 0)
			version[0] = '\0';
		asked = 1;
	}
	return version;
}

const char *wg_vtool_root(void)
{
	static char root[1024]; /* asked once per process */
	static int asked;
	if (!asked) {
		char *argv[] = {"verilator", "--getenv", "VERILATOR_ROOT", NULL};
		if (wg_proc_capture(argv, root, sizeof root) != 0)
			root[0] = '\0';
		asked = 1;
	}
	return root[0] ? root : NULL;
}

void wg_vtool_cxxflags(wg_argv *a, int traced)
{
	const char *vr = wg_vtool_root();
	wg_argv_add(a, "-std=gnu++17");
	wg_argv_add(a, "-O2");
	wg_argv_add(a, "-fPIC");
	wg_argv_add(a, "-faligned-new");
	wg_argv_add(a, "-fcf-protection=none");
	wg_argv_add(a, "-Wno-unused-parameter");
	wg_argv_add(a, "-I%s/include", vr ? vr : "/usr/share/verilator");
	wg_argv_add(a, "-I%s/include/vltstd", vr ? vr : "/usr/share/verilator");
	wg_argv_add(a, "-DVM_COVERAGE=0");
	wg_argv_add(a, "-DVM_SC=0");
	wg_argv_add(a, "-DVM_TRACE=%d", traced);
	wg_argv_add(a, "-DVM_TRACE_FST=%d", traced);
	wg_argv_add(a, "-DVM_TRACE_VCD=0");
}

int wg_lock(const char *path)
{
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	if (fd < 0)
		return -1;
	struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
	while (fcntl(fd, F_SETLKW, &fl) != 0) {
		if (errno == EINTR)
			continue;
		close(fd);
		return -1;
	}
	return fd;
}

void wg_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}

double wg_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

uint64_t wg_fnv_part(uint64_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ULL;
	}
	h ^= 0;
	h *= 0x100000001b3ULL;
	return h;
}
