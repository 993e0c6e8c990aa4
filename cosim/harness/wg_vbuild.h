/* wg_vbuild.h - build (or find in the cache) the Verilated model of one
 * configuration as a shared object, libdut.so, that wg_dut.c loads.
 *
 * Cache: <out>/cache/<block>/<16-hex FNV-1a 64>/ where the hash covers the
 * Verilog text (generated, or the --rtl file), the shim text, the Verilator
 * and compiler flags, the trace flavour and `verilator --version`. A folder
 * holding libdut.so is complete (it is renamed into place last). Builds of
 * one folder are serialised by a POSIX lock on <folder>/lock, so parallel
 * regressions of the same configuration build it once.
 *
 * The Verilator runtime (verilated.cpp, verilated_threads.cpp, and
 * verilated_fst_c.cpp for the traced flavour, verilated_cov.cpp for the coverage one) is compiled once per flavour
 * into <out>/vlrt/<flavour>/libvlrt.a, shared by every configuration. */
#ifndef WG_VBUILD_H
#define WG_VBUILD_H

#include <limits.h>
#include <stddef.h>

#include "wg_desc.h"
#include "wg_flavour.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif


typedef struct wg_vbuild_req {
	const wg_block *block;   /* the block */
	const long *p;           /* its parameter values */
	const wg_layout *L;      /* frame layout for p */
	const char *top;         /* top module name */
	const char *rtl;         /* user Verilog replacing the generated file, or NULL */
	const char *gparams;     /* with rtl: " -GNAME=VALUE..." for its top (wg_rtlcheck), or NULL */
	wg_flavour flavour;      /* which build */
	int quiet;               /* 1: no "build:" progress line on stderr */
} wg_vbuild_req;

typedef struct wg_vbuild_res {
	char dir[PATH_MAX];      /* the cache folder (absolute) */
	char lib[PATH_MAX + 16]; /* <dir>/libdut.so */
	char verilog[PATH_MAX + 256]; /* <dir>/<top>.v: the Verilog that was built */
	char hash[17];           /* 16 hex digits */
	int built;               /* 1: built by this call; 0: found in the cache */
	double seconds;          /* wall time of this call's build (0 when cached) */
} wg_vbuild_res;

/* Build or find the model. Returns 0; or -1 after printing the reason (and
 * the tail of the build log) to stderr. Any failure is the caller's exit 2:
 * a --rtl file that does not compile is bad input. */
int wg_vbuild(const wg_vbuild_req *rq, wg_vbuild_res *rs);

/* The line a build appends to its build.log: "<tag><wall> s wall, <cpu> CPU-s". */
#define WG_VBUILD_TIME_TAG "build time: "

/* The wall and CPU seconds of the build in the cache folder dir, as its
 * build.log records them; -1 when it does not (a build of an older warpgen). */
int wg_vbuild_build_time(const char *dir, double *wall, double *cpu);

struct wg_dut_lib;
/* wg_vbuild, then wg_dut_load of the result (cosim/harness/wg_vload.c). Returns 0,
 * or -1 after printing why (the caller exits 2). */
int wg_vbuild_load(const wg_vbuild_req *rq, wg_vbuild_res *rs, struct wg_dut_lib *d);

#endif
