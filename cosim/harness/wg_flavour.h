/* wg_flavour.h - the two flavours of a Verilator build: without tracing, and
 * with FST tracing (wg_vbuild.h builds a configuration, wg_vlrt.h the
 * runtime, for one flavour). */
#ifndef WG_FLAVOUR_H
#define WG_FLAVOUR_H

typedef enum {
	WG_FLAVOUR_FAST = 0,  /* no tracing: regressions and benchmarks */
	WG_FLAVOUR_FST = 1,   /* --trace-fst: --wave runs and mismatch windows */
} wg_flavour;

/* "fast" or "fst": the flavour's folder name. */
static inline const char *wg_flavour_name(wg_flavour f)
{
	return f == WG_FLAVOUR_FST ? "fst" : "fast";
}

#endif
