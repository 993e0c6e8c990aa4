/* wg_flavour.h - the flavours of a Verilator build: without tracing, with
 * FST tracing, and with line and toggle coverage (wg_vbuild.h builds a
 * configuration, wg_vlrt.h the runtime, for one flavour; each flavour has
 * its own cache key and its own runtime library). */
#ifndef WG_FLAVOUR_H
#define WG_FLAVOUR_H

typedef enum {
	WG_FLAVOUR_FAST = 0,  /* no tracing: regressions and benchmarks */
	WG_FLAVOUR_FST = 1,   /* --trace-fst: --wave runs and mismatch windows */
	WG_FLAVOUR_COV = 2,   /* --coverage-line --coverage-toggle: cosim --coverage */
} wg_flavour;

/* "fast", "fst" or "cov": the flavour's folder name. */
static inline const char *wg_flavour_name(wg_flavour f)
{
	return f == WG_FLAVOUR_FST ? "fst" : f == WG_FLAVOUR_COV ? "cov" : "fast";
}

#endif
