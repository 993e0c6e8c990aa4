/* wg_netsim_dut.h - the native gate-level simulator (wg_netsim.h) behind
 * the harness's DUT interface (wg_dut.h): the block's ports mapped to the
 * netlist's port bits, one plan shared by every harness instance (each a
 * simulator of its own), and the toggles of every instance summed when it
 * is destroyed. */
#ifndef WG_NETSIM_DUT_H
#define WG_NETSIM_DUT_H

#include <stddef.h>
#include <stdint.h>

#include "wg_blif.h"
#include "wg_desc.h"
#include "wg_dut.h"
#include "wg_netsim.h"

typedef struct wg_ns_dut {
	const wg_nl *nl;          /* the netlist (not owned) */
	wg_ns_plan plan;          /* its simulation plan, shared by the instances */
	const wg_layout *L;       /* the frame layout (not owned) */
	int clock;                /* the clk_i net */
	int *in_net;              /* per input-frame bit (word * 32 + bit): its net, or -1 */
	int *out_net;             /* per output-frame bit: its net, or -1 */
	uint64_t *tog;            /* per net: transitions summed over destroyed instances */
	uint64_t *clk_on;         /* per flop (the plan's order): edges that needed its clock, summed */
	long cycles;              /* clock edges summed over destroyed instances */
	long instances;           /* instances destroyed */
} wg_ns_dut;

/* Map the ports of b (widths from L) to nl's port bits (every input bit but
 * the clock must be a netlist input and every output bit a netlist output)
 * and plan the netlist. Returns 0, or -1 with a message naming the port bit,
 * or the plan's (a combinational loop, a flip-flop on another clock). */
int wg_ns_dut_init(wg_ns_dut *d, const wg_nl *nl, const wg_block *b, const wg_layout *L, char *err, size_t n);
void wg_ns_dut_free(wg_ns_dut *d);
/* The DUT interface for the harness (lib->ctx = d). */
void wg_ns_dut_lib(wg_ns_dut *d, wg_dut_lib *lib);

#endif
