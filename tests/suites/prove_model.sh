# prove_model.sh - `warpgen prove BLOCK --model` (issue 25 item 2; docs/cosim.md "Exhaustive C-model
# equivalence"): the C model and the synthesized netlist explored breadth-first from reset over
# every legal input (tests/prove_model.sh). make test: the small configurations that finish in a
# second or two (their Yosys synthesis is the cost: a few seconds each, cached with cosim --gate's),
# a one-gate mutant of a netlist caught with its shortest counterexample and replayed by
# `warpgen cosim --stim`, and bad input. make sweep: the larger configurations measured in
# docs/cosim.md.
t test "prove-model:slg-small" "tests/prove_model.sh equiv slg --set WARPS=1 --set CTAS=1 --set X=1 --set Y=2 --narrow launch_size_i=0"
t test "prove-model:sched2l-small" "tests/prove_model.sh equiv sched2l --set WARPS=1 --set ACTIVE=1"
t test "prove-model:mutant" "tests/prove_model.sh mutant"
t test "prove-model:bad-input" "WARPGEN=\$WARPGEN_SAN tests/prove_model.sh bad"
