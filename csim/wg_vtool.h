/* wg_vtool.h - small pieces shared by the build steps: argument vectors,
 * the Verilator install (root, version), C++ flags per flavour, file
 * locks, wall-clock time and FNV-1a hashing. */
#ifndef WG_VTOOL_H
#define WG_VTOOL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define WG_ARGV_MAX 96

typedef struct wg_argv {
	int n;                       /* arguments used */
	char *v[WG_ARGV_MAX + 1];    /* malloc'd strings, NULL-terminated */
} wg_argv;

void wg_argv_add(wg_argv *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void wg_argv_free(wg_argv *a);

/* `verilator --version` ("" when verilator is missing). Both answers are asked once per process,
 * and kept across processes in <out>/cache/verilator.facts while the `verilator` first in PATH,
 * the verilator_bin beside it and $VERILATOR_ROOT, $VERILATOR_BIN stay the same (wg_vtool.c). */
const char *wg_vtool_version(void);
/* `verilator --getenv VERILATOR_ROOT`, or NULL when it cannot be found (as above). */
const char *wg_vtool_root(void);
/* The C++ compile flags of the runtime and the shim for one flavour
 * (traced: 1 for --trace-fst). Same VM_TRACE* defines as the model. */
void wg_vtool_cxxflags(wg_argv *a, int traced);

/* Take an exclusive POSIX lock on path (created if needed), waiting for it.
 * Returns the fd, or -1. Closing the fd releases it. */
int wg_lock(const char *path);
void wg_unlock(int fd);

/* Monotonic wall-clock seconds. */
double wg_now(void);

/* FNV-1a 64. Start from WG_FNV_INIT; each part is followed by a NUL byte so
 * that ("ab","c") and ("a","bc") differ. */
#define WG_FNV_INIT 0xcbf29ce484222325ULL
uint64_t wg_fnv_part(uint64_t h, const char *s, size_t n);

#ifdef __cplusplus
}
#endif

#endif
