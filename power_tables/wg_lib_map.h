/* wg_lib_map.h - pricing Yosys generic gates ($_AND_, $_MUX_, $_DFF_P_, ...)
 * with a Liberty library: each generic cell type is mapped to the library
 * cell(s) that implement it with the smallest area (docs/energy-model.md
 * section 10, "Pricing the generic netlist"). The simulated netlist stays
 * generic; the map only says which library cells its toggles are priced as.
 *
 * Rules: a combinational type -> the smallest-area single-output combinational
 * cell with the same number of inputs whose `function` has the same truth
 * table up to a permutation of the inputs (equal areas: the lower internal
 * energy per output transition at WG_LIB_SLEW_NS / WG_LIB_LOAD_PF, then file
 * order; clock-gate cells whose function
 * names internal state are skipped); a flip-flop -> the smallest positive-edge
 * D flop without set/reset (an enable flop for $_DFFE_ and $_SDFFE_ types when the
 * library has one, else the D flop + a mapped $_MUX_), plus for a reset (sync
 * or async) one mapped gate in front of D ($_ANDNOT_/$_AND_ for reset to 0,
 * $_OR_/$_ORNOT_ for reset to 1); a latch -> the smallest latch with one data
 * input. $_DFFSR_*, $_ALDFF_*, $_SR_* and unknown types are not mapped. */
#ifndef WG_LIB_MAP_H
#define WG_LIB_MAP_H

#include <stddef.h>

#include "wg_liberty.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Wire load per fanout pin (pF): sky130 hd's default wire_load "Small",
 * capacitance 1.42e-5 pF per unit length x fanout_length(1) = 23.3. */
#define WG_LIB_MAP_WIRE_PF 0.0003
#define WG_LIB_MAP_MAXPORTS 6 /* generic input ports of one cell */
#define WG_LIB_MAP_MAXEXTRA 2 /* extra cells in front of a flop's D */

typedef struct wg_lib_map {
	char generic[48];                          /* generic type, "$_AND_" */
	const wg_lib_cell *cell;                   /* the library cell driving the generic output */
	const wg_lib_cell *extra[WG_LIB_MAP_MAXEXTRA]; /* gates in front of a flop's D (mux, reset gate) */
	double extra_load_pf[WG_LIB_MAP_MAXEXTRA]; /* each extra's output load: the next cell's input pin */
	int nextra;                                /* number of extras */
	char ports[WG_LIB_MAP_MAXPORTS][4];        /* generic input port names ("A", "D", "C", ...) */
	double cap_pf[WG_LIB_MAP_MAXPORTS];        /* capacitance each generic input port presents */
	int nports;                                /* number of generic input ports */
	char rule[160];                            /* how it was mapped, one line */
} wg_lib_map;

/* Map one generic type. 0 ok; -1 with "no cell of LIB implements TYPE (...)"
 * or "TYPE: not a supported generic cell" in err. */
int wg_lib_map_type(const wg_lib *lib, const char *generic, wg_lib_map *m, char *err, size_t n);

/* The capacitance of generic input port `port` of m (0 for an unknown port). */
double wg_lib_map_cap(const wg_lib_map *m, const char *port);

#ifdef __cplusplus
}
#endif

#endif
