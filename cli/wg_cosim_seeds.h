/* wg_cosim_seeds.h - `warpgen cosim BLOCK --gate --seeds N [--lanes L]`: N
 * random gate-level co-simulations, seeds S..S+N-1, run L at a time by the
 * 64-lane simulator (cosim/gate/wg_lanes.h), or one at a time by the
 * single-lane one (--lanes 1); the same verdicts either way. A failing seed
 * is replayed alone (the single-lane run `warpgen cosim ... --seed S'`
 * prints) for its report. docs/cosim.md "64 stimuli at once". */
#ifndef WG_COSIM_SEEDS_H
#define WG_COSIM_SEEDS_H

#include "wg_cli.h"
#include "wg_dut.h"
#include "wg_netsim_dut.h"
#include "wg_report.h"

#define WG_SEEDS_MAX 1000000L /* --seeds N: 1..this */

/* Run the seeds o->seed .. o->seed + nseeds - 1 over ri->cycles_req cycles of
 * random stimulus on the native netlist nsd (lib: its single-lane DUT),
 * `lanes` (1..64) at a time; print the verdict line, a line per failing seed
 * and the first failing seed's report replayed alone. o->seed is left as
 * given. Returns the exit code (0 every seed equivalent, 1 a failure). */
int wg_cosim_seeds(wg_run_info *ri, wg_opts *o, const wg_dut_lib *lib, wg_ns_dut *nsd, long nseeds, int lanes);

#endif
