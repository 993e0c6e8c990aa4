/* wg_netsim.h - warpgen's own gate-level simulator for a netlist of Yosys
 * generic cells (wg_blif.h): zero delay, two values, cycle based.
 *
 * A plan (wg_ns_plan) is made once per netlist: the combinational cells in
 * topological order, the flip-flops, and each net's fanout. Any number of
 * simulators (wg_ns) share a plan and hold only values. A settle evaluates,
 * in order, only the cells one of whose inputs changed (a bit per cell), so
 * a cycle costs the cells that switch, not the netlist. At the rising clock
 * edge every flip-flop samples its inputs at once. Each net counts its
 * 0<->1 transitions between settled states: the toggles of a zero-delay
 * run, without glitches (docs/energy-model.md section 10).
 *
 * It is the gate-level twin of the Verilated model: wg_netsim_dut.c puts
 * it behind the harness's DUT interface (wg_dut.h), so the netlist is
 * compared with the C model every output every cycle, like the RTL. */
#ifndef WG_NETSIM_H
#define WG_NETSIM_H

#include <stddef.h>
#include <stdint.h>

#include "wg_blif.h"

/* One combinational cell as evaluated (in topological order). */
typedef struct wg_ns_op {
	unsigned char kind;  /* wg_nl_kind */
	int in[WG_NL_MAXIN]; /* input nets (unused slots read net 0, ignored) */
	int out;             /* output net */
} wg_ns_op;

/* One flip-flop. */
typedef struct wg_ns_flop {
	unsigned char kind;       /* WG_NL_DFF ... WG_NL_SDFFCE */
	unsigned char rpol, epol; /* active level of R and of E */
	unsigned char rval;       /* reset value */
	int d, r, e;              /* D, R and E nets (R, E: -1 when the family has none) */
	int q;                    /* output net */
} wg_ns_flop;

typedef struct wg_ns_plan {
	const wg_nl *nl;     /* the netlist (not owned) */
	wg_ns_op *op;        /* combinational cells, topological order */
	long nop;
	wg_ns_flop *flop;    /* flip-flops, in the netlist's order */
	long nflop;
	int *fo_start;       /* per net: start of its fanout in fo[] (nnets + 1 entries) */
	int *fo;             /* fanout: places in op[] of the cells reading the net */
} wg_ns_plan;

typedef struct wg_ns {
	const wg_ns_plan *p; /* the plan (not owned) */
	uint64_t *dirty;     /* one bit per op[] place: an input changed */
	long ndirty;         /* words in dirty[] */
	unsigned char *v;    /* value of every net */
	unsigned char *qn;   /* next value of each flip-flop at the edge */
	uint64_t *tog;       /* per net: transitions counted so far */
	uint64_t *clk_on;    /* per flop: edges, counted so far, at which it needed its clock (its
			      * enable active, or a reset that overrides the enable): clock gating's
			      * figure (docs/energy-model.md section 10) */
	int counting;        /* count transitions (off while the initial state settles) */
	int stale;           /* some cell is dirty */
} wg_ns;

/* Plan the netlist. `clock` must be the clock net of every flip-flop.
 * Returns 0, or -1 with a message (a combinational loop names one of its
 * nets; a flip-flop on another clock names both). */
int wg_ns_plan_init(wg_ns_plan *p, const wg_nl *nl, int clock, char *err, size_t n);
void wg_ns_plan_free(wg_ns_plan *p);

/* The initial flip-flop values of seed: a xorshift64* stream, one draw per
 * flip-flop in the plan's order (shared with the 64-lane simulator,
 * wg_netsim64.h, so lane i of seed S starts where `wg_ns_init(S)` does). */
static inline uint64_t wg_ns_rand_init(uint64_t seed)
{
	return seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
}
static inline unsigned wg_ns_rand_bit(uint64_t *x)
{
	*x ^= *x >> 12, *x ^= *x << 25, *x ^= *x >> 27;
	return (unsigned)((*x * 0x2545F4914F6CDD1Dull) >> 63);
}

/* A simulator on a plan, in its initial state: constants, inputs 0,
 * flip-flops random from seed (as Verilator's --x-initial unique), settled. */
void wg_ns_init(wg_ns *s, const wg_ns_plan *p, uint64_t seed);
void wg_ns_free(wg_ns *s);
/* Drive a net: a primary input (any other net keeps the value only until its cell is next evaluated). */
void wg_ns_set(wg_ns *s, int net, int value);
/* The value of a net (settle first to see the inputs' effect). */
int wg_ns_get(const wg_ns *s, int net);
/* A net's transitions counted so far. */
uint64_t wg_ns_toggles(const wg_ns *s, int net);
/* Evaluate every combinational cell whose inputs changed. */
void wg_ns_settle(wg_ns *s);
/* The rising clock edge: settle, then every flip-flop samples at once. */
void wg_ns_edge(wg_ns *s);

#endif
