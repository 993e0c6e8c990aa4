/* wg_netsim64.h - the native gate-level simulator, 64 stimuli at once: the
 * same plan (wg_netsim.h) and cell functions, each net's value a 64-bit word
 * whose bit i is lane i (an independent run: its own inputs, its own initial
 * flip-flop values). A settle evaluates every combinational cell, in the
 * plan's topological order, as bitwise operations on words (no dirty bits:
 * with 64 runs in flight most cells switch in some lane); at the rising edge
 * every flip-flop samples, its reset and enable a mask per lane. No toggles
 * are counted (the single-lane simulator counts them).
 *
 * Lane i seeded with seed S starts from the flip-flop values `wg_ns_init(S)`
 * gives, so a lane and a single-lane run of its seed see the same netlist
 * state every cycle (the unit test compares them; docs/cosim.md "64
 * stimuli at once"). */
#ifndef WG_NETSIM64_H
#define WG_NETSIM64_H

#include <stdint.h>

#include "wg_netsim.h"

#define WG_NW_LANES 64 /* lanes of one simulator: the bits of a word */

typedef struct wg_nw {
	const wg_ns_plan *p; /* the plan (not owned) */
	uint64_t *v;         /* per net: its value in every lane */
	uint64_t *qn;        /* per flop: next value at the edge */
	int stale;           /* an input changed since the last settle */
} wg_nw;

/* A simulator on a plan: lane i (i < lanes) starts from the initial state of
 * seeds[i] (constants, inputs 0, flip-flops as wg_ns_init); lanes beyond
 * `lanes` from seed 0. Settled. */
void wg_nw_init(wg_nw *s, const wg_ns_plan *p, const uint64_t *seeds, int lanes);
void wg_nw_free(wg_nw *s);
/* Drive a primary input: bit i of `lanes_value` in lane i. */
void wg_nw_set(wg_nw *s, int net, uint64_t lanes_value);
/* A net's value in every lane (settle first to see the inputs' effect). */
uint64_t wg_nw_get(const wg_nw *s, int net);
/* Evaluate every combinational cell (when an input was set since the last settle). */
void wg_nw_settle(wg_nw *s);
/* The rising clock edge: settle, then every flip-flop of every lane samples at once. */
void wg_nw_edge(wg_nw *s);

#endif
