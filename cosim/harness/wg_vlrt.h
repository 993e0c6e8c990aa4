/* wg_vlrt.h - the Verilator runtime library, compiled once per flavour into
 * <out>/vlrt/<flavour>/libvlrt.a (-fPIC -O2) and shared by every
 * configuration's libdut.so, and a precompiled header of verilated.h
 * (<dir>/wg_vl_pch.h.gch) that every configuration's compile includes first:
 * parsing verilated.h took 0.7 s of each of the 8-10 files of a model. A stamp
 * file records the Verilator version and the flags; a different stamp means a
 * rebuild. */
#ifndef WG_VLRT_H
#define WG_VLRT_H

#include <limits.h>
#include <sys/types.h>

#include "wg_flavour.h"
#include "wg_vtool.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

typedef struct wg_vlrt {
	char dir[PATH_MAX];          /* <out>/vlrt/<flavour> */
	char lib[PATH_MAX + 16];     /* <dir>/libvlrt.a */
	char pch[PATH_MAX + 16];     /* <dir>/wg_vl_pch.h: give it to g++ with -include */
	char stamp_text[2048];       /* what the stamp must say */
	int lock_fd;                 /* lock held during a build, else -1 */
	int log_fd;                  /* <dir>/build.log during a build, else -1 */
	pid_t pid[4];                /* compilers running in the background */
	int npid;                    /* how many */
	int building;                /* 1 between a started build and finish */
	int pch_bad;                 /* precompiling the header failed */
	int quiet;                   /* no progress line */
	wg_flavour flavour;          /* which runtime */
	double t0;                   /* build start */
} wg_vlrt;

/* The C++ flags of everything a flavour compiles (runtime, header, shim):
 * wg_vtool_cxxflags, with VM_COVERAGE=1 in the cov flavour. */
void wg_vlrt_cxxflags(wg_argv *a, wg_flavour f);
/* Check the runtime of a flavour; when it is missing or stale, take its lock,
 * start compiling it in the background and precompile the header (in the
 * foreground: the model's compile needs it). Returns 0, or -1 (message printed). */
int wg_vlrt_begin(wg_vlrt *r, wg_flavour f, int quiet);
/* Wait for a build started by wg_vlrt_begin (no-op otherwise), archive it,
 * write the stamp and release the lock. Returns 0, or -1 (log tail printed). */
int wg_vlrt_finish(wg_vlrt *r);

#endif
