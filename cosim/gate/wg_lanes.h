/* wg_lanes.h - up to 64 random co-simulations of one netlist at once: lane i
 * runs seed S+i with its own C model and stimulus, the netlist of every lane
 * in one 64-lane simulator (wg_netsim64.h). Each lane follows the harness's
 * cycle loop (wg_harness.h) and ends with the verdict and cycle a single run
 * of its seed (`warpgen cosim BLOCK --gate --seed S+i`) gives: stimulus, C
 * model eval (a protocol break ends the lane), every output bit compared
 * from the cycle after the first reset, the stimulus's check, the event
 * counts at the end, its finish(). A lane that fails stops; the others go on.
 * No coverage, toggles or waveforms: the report of a failing seed is made by
 * replaying it alone (cli/cmd_cosim_seeds.c). */
#ifndef WG_LANES_H
#define WG_LANES_H

#include <stdint.h>

#include "wg_desc.h"
#include "wg_harness.h"
#include "wg_netsim_dut.h"
#include "wg_stim.h"

typedef struct wg_ln_cfg {
	const wg_block *b;        /* block and C model */
	const wg_stim_def *stim;  /* its stimulus (random) */
	const long *p;            /* parameters */
	const long *knobs;        /* random-stimulus knobs */
	const wg_layout *L;       /* frame layout of p */
	const wg_ns_dut *d;       /* the netlist mapped to the ports, and its plan */
	uint64_t seed;            /* lane i runs seed + i */
	int lanes;                /* 1..WG_NW_LANES */
	long max_cycles;          /* cycles to run */
} wg_ln_cfg;

typedef struct wg_ln_lane {
	wg_verdict verdict;       /* as wg_harness_res's */
	long fail_cycle;          /* cycle of the failure, or -1 */
	char msg[1024];           /* failure text (check, protocol, events), or "" */
} wg_ln_lane;

/* Run the lanes; res[i] is seed + i's outcome. Returns 0, or -1 with the
 * stimulus's refusal (a SETUP error) in err. */
int wg_ln_run(const wg_ln_cfg *c, wg_ln_lane *res, char *err, size_t n);

#endif
