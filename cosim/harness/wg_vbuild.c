/* wg_vbuild.c - verilate, compile and link one configuration into
 * <out>/cache/<block>/<hash>/libdut.so, or find it there.
 *
 * Steps (TOOLCHAIN.md §2, pitfalls 1-9): write <top>.v and shim.cpp; run
 * verilator --cc into <dir>/obj (absolute paths); then, in parallel, the
 * generated makefile's V<top>__ALL.a and the shim; then g++ -shared with
 * the flavour's libvlrt.a. Everything a step prints goes to <dir>/build.log. */
#include "wg_vbuild.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "wg_buf.h"
#include "wg_gen.h"
#include "wg_proc.h"
#include "wg_shim.h"
#include "wg_vlrt.h"
#include "wg_vtool.h"

/* Bump when the recipe below changes in a way the hashed inputs do not show. */
#define WG_VBUILD_RECIPE "wg_vbuild 1"

/* Verilator's own flags (without paths, which follow from the folder). */
static void verilator_flags(wg_argv *a, const char *top, wg_flavour f)
{
	wg_argv_add(a, "--cc");
	wg_argv_add(a, "-O3");
	wg_argv_add(a, "--x-assign");
	wg_argv_add(a, "unique");
	wg_argv_add(a, "--x-initial");
	wg_argv_add(a, "unique");
	wg_argv_add(a, "--timescale");
	wg_argv_add(a, "1ns/1ps");
	wg_argv_add(a, "--assert");
	wg_argv_add(a, "--no-timing");
	wg_argv_add(a, "-Wno-fatal");
	wg_argv_add(a, "--top-module");
	wg_argv_add(a, "%s", top);
	wg_argv_add(a, "-CFLAGS");
	wg_argv_add(a, "-fPIC");
	if (f == WG_FLAVOUR_FST)
		wg_argv_add(a, "--trace-fst");
	if (f == WG_FLAVOUR_COV) { /* TOOLCHAIN.md §8.2 */
		wg_argv_add(a, "--coverage-line");
		wg_argv_add(a, "--coverage-toggle");
		/* docs/cosim.md "Coverage": with V3Split, the if arms of an unrolled loop are counted after
		 * the loop, with the loop's final values (an arm that ran reads 0) */
		wg_argv_add(a, "-fno-split");
	}
}

/* The C++ optimisation of the Verilated model: -O2 for its hot code (-O1 for its constructors),
 * or one level for all of it from WARPGEN_VL_OPT (Og, O1, O2; unset or empty: the default;
 * wg_vbuild refuses another value). make test sets Og: about 40 % less compile time, a slower
 * model (docs/user-guide.md). */
static int opt_valid(const char *v)
{
	return strcmp(v, "Og") == 0 || strcmp(v, "O1") == 0 || strcmp(v, "O2") == 0;
}

static const char *opt_level(void)
{
	const char *v = getenv("WARPGEN_VL_OPT");
	return v && opt_valid(v) ? v : NULL;
}

static uint64_t hash_inputs(const char *verilog, const char *shim, const wg_argv *vflags, wg_flavour f)
{
	uint64_t h = WG_FNV_INIT;
	wg_argv cx = {0};
	wg_vlrt_cxxflags(&cx, f);
	h = wg_fnv_part(h, WG_VBUILD_RECIPE, strlen(WG_VBUILD_RECIPE));
	h = wg_fnv_part(h, verilog, strlen(verilog));
	h = wg_fnv_part(h, shim, strlen(shim));
	for (int i = 0; i < vflags->n; i++)
		h = wg_fnv_part(h, vflags->v[i], strlen(vflags->v[i]));
	for (int i = 0; i < cx.n; i++)
		h = wg_fnv_part(h, cx.v[i], strlen(cx.v[i]));
	h = wg_fnv_part(h, wg_flavour_name(f), strlen(wg_flavour_name(f)));
	const char *lv = opt_level();
	h = wg_fnv_part(h, lv ? lv : "default", strlen(lv ? lv : "default"));
	h = wg_fnv_part(h, wg_vtool_version(), strlen(wg_vtool_version()));
	wg_argv_free(&cx);
	return h;
}

static int mkdir_one(const char *path)
{
	return mkdir(path, 0777);
}

static int fail(const wg_vbuild_res *rs, const char *what)
{
	char log[PATH_MAX + 32];
	snprintf(log, sizeof log, "%s/build.log", rs->dir);
	fprintf(stderr, "warpgen cosim: build failed: %s\nlast lines of %s:\n", what, log);
	wg_proc_tail(log, 40, stderr);
	return -1;
}

/* The size in bytes of the C++ Verilator wrote into obj (its .cpp files). */
static long cpp_bytes(const char *obj)
{
	DIR *d = opendir(obj);
	if (!d)
		return -1;
	long sum = 0;
	struct dirent *e;
	char path[PATH_MAX + 300];
	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", obj, e->d_name);
		if (n > 4 && strcmp(e->d_name + n - 4, ".cpp") == 0 && stat(path, &st) == 0)
			sum += (long)st.st_size;
	}
	closedir(d);
	return sum;
}

/* Below this much C++, the model compiles as one unit (Verilator's __ALL.cpp, VM_PARALLEL_BUILDS=0):
 * about 20 % less compiler time than one process per file (each loads the precompiled header), which
 * is what a regression running a build on every core needs; above it, one file per process, so that
 * the few large models (hrf_sm, mascar, the paper-sized renaming tables) compile on both cores. */
#define WG_ONE_UNIT_BYTES (3L << 20)

/* Write the sources of the build into the folder. */
static int write_sources(const wg_vbuild_req *rq, const wg_vbuild_res *rs, const char *verilog, const char *shim)
{
	char err[1024], path[PATH_MAX + 64];
	int rc;
	if (rq->rtl)
		rc = wg_write_atomic(rs->verilog, verilog, strlen(verilog), err, sizeof err);
	else /* the same deterministic text as `verilog`, plus the manifest */
		rc = wg_generate(rq->block, rq->p, rq->top, rs->dir, err, sizeof err);
	if (rc == 0) {
		snprintf(path, sizeof path, "%s/shim.cpp", rs->dir);
		rc = wg_write_atomic(path, shim, strlen(shim), err, sizeof err);
	}
	if (rc != 0)
		fprintf(stderr, "warpgen cosim: %s\n", err);
	return rc;
}

/* verilator, then make and the shim in parallel, then the link. Lock held. */
/* CPU seconds of the waited-for children so far (the build's processes). */
static double children_cpu(void)
{
	struct rusage u;
	if (getrusage(RUSAGE_CHILDREN, &u) != 0)
		return 0;
	return (double)u.ru_utime.tv_sec + (double)u.ru_stime.tv_sec +
	       ((double)u.ru_utime.tv_usec + (double)u.ru_stime.tv_usec) / 1e6;
}

/* The wall and CPU seconds its build.log records for the build in dir, or -1 (older cache). */
int wg_vbuild_build_time(const char *dir, double *wall, double *cpu)
{
	char path[4096], line[512];
	snprintf(path, sizeof path, "%s/build.log", dir);
	FILE *f = fopen(path, "r");
	int rc = -1;
	if (!f)
		return -1;
	size_t n = strlen(WG_VBUILD_TIME_TAG);
	while (fgets(line, sizeof line, f))
		if (strncmp(line, WG_VBUILD_TIME_TAG, n) == 0 && sscanf(line + n, "%lf s wall, %lf CPU-s", wall, cpu) == 2)
			rc = 0;
	fclose(f);
	return rc;
}

static int build(const wg_vbuild_req *rq, const wg_vbuild_res *rs, const wg_argv *vflags, wg_vlrt *rt, int log)
{
	char obj[PATH_MAX + 16], tmp[PATH_MAX + 64];
	snprintf(obj, sizeof obj, "%s/obj", rs->dir);
	wg_argv a = {0};
	wg_argv_add(&a, "rm");
	wg_argv_add(&a, "-rf");
	wg_argv_add(&a, "%s", obj);
	int rc = wg_proc_run(a.v, log);
	wg_argv_free(&a);
	if (rc != 0 || mkdir_one(obj) != 0)
		return fail(rs, "cannot prepare the obj folder");

	wg_argv_add(&a, "verilator");
	for (int i = 0; i < vflags->n; i++)
		wg_argv_add(&a, "%s", vflags->v[i]);
	wg_argv_add(&a, "--Mdir");
	wg_argv_add(&a, "%s", obj);
	wg_argv_add(&a, "%s", rs->verilog);
	rc = wg_proc_run(a.v, log);
	wg_argv_free(&a);
	if (rc != 0 && rq->rtl)
		fprintf(stderr, "warpgen cosim: (%s is the build's copy of %s)\n", rs->verilog, rq->rtl);
	if (rc != 0)
		return fail(rs, rq->rtl ? "verilator rejected the --rtl file" : "verilator rejected the generated Verilog");

	long jobs = sysconf(_SC_NPROCESSORS_ONLN);
	wg_argv_add(&a, "make");
	wg_argv_add(&a, "-s");
	wg_argv_add(&a, "-C");
	wg_argv_add(&a, "%s", obj);
	wg_argv_add(&a, "-f");
	wg_argv_add(&a, "V%s.mk", rq->top);
	wg_argv_add(&a, "-j%ld", jobs > 0 ? jobs : 2);
	long bytes = cpp_bytes(obj);
	if (bytes >= 0 && bytes < WG_ONE_UNIT_BYTES)
		wg_argv_add(&a, "VM_PARALLEL_BUILDS=0");
	const char *lv = opt_level(); /* NULL: the default levels */
	wg_argv_add(&a, "OPT_FAST=-%s", lv ? lv : "O2");
	wg_argv_add(&a, "OPT_SLOW=-%s", lv ? lv : "O1");
	wg_argv_add(&a, "OPT_GLOBAL=-%s", lv ? lv : "O2");
	wg_argv_add(&a, "USER_CPPFLAGS=-include %s -Winvalid-pch", rt->pch);
	wg_argv_add(&a, "V%s__ALL.a", rq->top);
	pid_t make_pid = wg_proc_start(a.v, log);
	wg_argv_free(&a);

	wg_argv_add(&a, "g++");
	wg_vlrt_cxxflags(&a, rq->flavour);
	wg_argv_add(&a, "-include");
	wg_argv_add(&a, "%s", rt->pch);
	wg_argv_add(&a, "-Winvalid-pch");
	wg_argv_add(&a, "-I%s", obj);
	wg_argv_add(&a, "-c");
	wg_argv_add(&a, "%s/shim.cpp", rs->dir);
	wg_argv_add(&a, "-o");
	wg_argv_add(&a, "%s/shim.o", rs->dir);
	pid_t shim_pid = wg_proc_start(a.v, log);
	wg_argv_free(&a);
	int make_rc = wg_proc_wait(make_pid), shim_rc = wg_proc_wait(shim_pid);
	if (wg_vlrt_finish(rt) != 0)
		return -1;
	if (make_rc != 0)
		return fail(rs, "compiling the Verilated model failed");
	if (shim_rc != 0)
		return fail(rs, "compiling the shim failed (a port of the wrong width or name?)");

	wg_tmp_name(rs->lib, tmp, sizeof tmp);
	wg_argv_add(&a, "g++");
	wg_argv_add(&a, "-shared");
	wg_argv_add(&a, "-fPIC");
	wg_argv_add(&a, "-o");
	wg_argv_add(&a, "%s", tmp);
	wg_argv_add(&a, "%s/shim.o", rs->dir);
	wg_argv_add(&a, "%s/V%s__ALL.a", obj, rq->top);
	wg_argv_add(&a, "%s", rt->lib);
	wg_argv_add(&a, "-Wl,--exclude-libs,ALL"); /* keep Verilator's symbols private */
	wg_argv_add(&a, "-Wl,-Bsymbolic");
	wg_argv_add(&a, "-Wl,-z,defs");
	wg_argv_add(&a, "-pthread");
	wg_argv_add(&a, "-latomic");
	if (rq->flavour == WG_FLAVOUR_FST)
		wg_argv_add(&a, "-lz");
	rc = wg_proc_run(a.v, log);
	wg_argv_free(&a);
	if (rc != 0 || rename(tmp, rs->lib) != 0) {
		unlink(tmp);
		return fail(rs, "linking libdut.so failed");
	}
	return 0;
}

int wg_vbuild(const wg_vbuild_req *rq, wg_vbuild_res *rs)
{
	char err[1024], cfg[1024], path[PATH_MAX + 32];
	memset(rs, 0, sizeof *rs);
	if (!wg_vtool_root() || !wg_vtool_version()[0]) {
		fprintf(stderr, "warpgen cosim: verilator not found (run `make deps`)\n");
		return -1;
	}
	const char *opt = getenv("WARPGEN_VL_OPT");
	if (opt && opt[0] && !opt_valid(opt)) {
		fprintf(stderr, "warpgen cosim: WARPGEN_VL_OPT=%s is not one of Og, O1, O2 (unset: -O2)\n", opt);
		return -1;
	}
	char *verilog = rq->rtl ? wg_read_file(rq->rtl, NULL, err, sizeof err)
				: wg_verilog(rq->block, rq->p, rq->top, err, sizeof err);
	if (!verilog) {
		fprintf(stderr, "warpgen cosim: %s\n", err);
		return -1;
	}
	char *shim = wg_shim_source_flavour(rq->block, rq->L, rq->top, rq->flavour == WG_FLAVOUR_COV);
	wg_argv vflags = {0};
	verilator_flags(&vflags, rq->top, rq->flavour);
	for (const char *g = rq->rtl && rq->gparams ? rq->gparams : ""; *g;) { /* hashed with the flags */
		g += strspn(g, " ");
		size_t k = strcspn(g, " ");
		if (k)
			wg_argv_add(&vflags, "%.*s", (int)k, g);
		g += k;
	}
	uint64_t h = hash_inputs(verilog, shim, &vflags, rq->flavour);
	snprintf(rs->hash, sizeof rs->hash, "%016llx", (unsigned long long)h);
	snprintf(rs->dir, sizeof rs->dir, "%s/cache/%s/%s", wg_out_dir(), rq->block->name, rs->hash);
	snprintf(rs->lib, sizeof rs->lib, "%s/libdut.so", rs->dir);
	snprintf(rs->verilog, sizeof rs->verilog, "%s/%s.v", rs->dir, rq->top);

	int rc = 0, lock = -1, log = -1;
	wg_vlrt rt = {.lock_fd = -1, .log_fd = -1};
	if (access(rs->lib, R_OK) == 0)
		goto done; /* cached: complete folders are the only ones with libdut.so */
	if (wg_mkdirs(rs->dir, err, sizeof err) != 0) {
		fprintf(stderr, "warpgen cosim: %s\n", err);
		rc = -1;
		goto done;
	}
	/* Runtime lock before the folder lock, never the other way round. */
	if (wg_vlrt_begin(&rt, rq->flavour, rq->quiet) != 0) {
		rc = -1;
		goto done;
	}
	snprintf(path, sizeof path, "%s/lock", rs->dir);
	lock = wg_lock(path);
	if (lock < 0) {
		fprintf(stderr, "warpgen cosim: cannot lock %s\n", path);
		rc = -1;
		goto done;
	}
	if (access(rs->lib, R_OK) == 0) /* built by a parallel run while we waited */
		goto done;
	double t0 = wg_now(), c0 = children_cpu();
	wg_config_name(rq->block, rq->p, 0, cfg, sizeof cfg);
	if (!rq->quiet)
		fprintf(stderr, "build: %s %s%s%s, %s flavour -> %s\n", rq->block->name, cfg, rq->rtl ? " --rtl " : "",
			rq->rtl ? rq->rtl : "", wg_flavour_name(rq->flavour), rs->dir);
	snprintf(path, sizeof path, "%s/build.log", rs->dir);
	log = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0666);
	if (log < 0 || write_sources(rq, rs, verilog, shim) != 0) {
		if (log < 0)
			fprintf(stderr, "warpgen cosim: cannot write %s\n", path);
		rc = -1;
		goto done;
	}
	rc = build(rq, rs, &vflags, &rt, log);
	if (rc == 0) {
		rs->built = 1;
		rs->seconds = wg_now() - t0;
		if (!rq->quiet)
			fprintf(stderr, "build: done in %.1f s\n", rs->seconds);
		/* the build's cost, for warpgen bench on a cached build (wg_vbuild_build_time) */
		dprintf(log, "%s%.1f s wall, %.1f CPU-s\n", WG_VBUILD_TIME_TAG, rs->seconds, children_cpu() - c0);
	}
done:
	if (rt.building)
		wg_vlrt_finish(&rt);
	if (log >= 0)
		close(log);
	wg_unlock(lock);
	wg_argv_free(&vflags);
	free(verilog);
	free(shim);
	return rc;
}
