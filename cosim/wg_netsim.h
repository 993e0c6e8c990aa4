/* wg_netsim.h - warpgen's own gate-level simulator for a netlist of Yosys
 * generic cells (wg_blif.h): zero delay, two values, cycle based.
 *
 * The combinational cells are put in topological order once; a settle
 * evaluates, in that order, only the cells one of whose inputs changed (a
 * bit per cell), so a cycle costs the cells that switch, not the netlist.
 * At the rising clock edge every flip-flop samples its inputs at once. Each
 * net counts its 0<->1 transitions between settled states: the toggles of
 * a zero-delay run, without glitches (docs/energy-model.md section 10).
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

typedef struct wg_ns {
	const wg_nl *nl;     /* the netlist (not owned) */
	wg_ns_op *op;        /* combinational cells, topological order */
	long nop;
	int *flop;           /* cell indices of the flip-flops */
	long nflop;
	int *fo_start;       /* per net: start of its fanout in fo[] (nnets + 1 entries) */
	int *fo;             /* fanout: positions in op[] of the cells reading the net */
	uint64_t *dirty;     /* one bit per op[] position: an input changed */
	long ndirty;         /* words in dirty[] */
	unsigned char *v;    /* value of every net */
	unsigned char *qn;   /* next value of each flip-flop at the edge */
	uint64_t *tog;       /* per net: transitions counted so far */
	int counting;        /* count transitions (off while the initial state settles) */
	int stale;           /* some cell is dirty */
} wg_ns;

/* Order the netlist and set the initial state: constants, inputs 0,
 * flip-flops random from seed (as Verilator's --x-initial unique), settled.
 * `clock` must be the clock net of every flip-flop. Returns 0, or -1 with a
 * message (a combinational loop names one of its nets). */
int wg_ns_init(wg_ns *s, const wg_nl *nl, int clock, uint64_t seed, char *err, size_t n);
void wg_ns_free(wg_ns *s);
/* Drive a primary input net. */
void wg_ns_set(wg_ns *s, int net, int value);
/* Evaluate every combinational cell whose inputs changed. */
void wg_ns_settle(wg_ns *s);
/* The rising clock edge: settle, then every flip-flop samples at once. */
void wg_ns_edge(wg_ns *s);

#endif
