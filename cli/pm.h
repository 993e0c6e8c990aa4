/* pm.h - `warpgen prove BLOCK [--set NAME=VALUE]... --model`: the C model
 * against the synthesized netlist, explored exhaustively for one
 * configuration (docs/cosim.md, "Exhaustive C-model equivalence").
 * cli/cmd_prove.c hands its arguments here when --model is given. */
#ifndef PM_H
#define PM_H

/* argv as given to `warpgen prove`: argv[0] = "prove", argv[1] = BLOCK, then
 * the options (--model among them). Returns the exit code: 0 equivalent,
 * 1 counterexample (or the state bound reached: not proven), 2 bad input. */
int wg_prove_model_main(int argc, char **argv);

#endif
