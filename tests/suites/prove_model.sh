# prove_model.sh - `warpgen prove BLOCK --model` (issue 25 item 2; docs/cosim.md "Exhaustive C-model
# equivalence"): the C model and the synthesized netlist explored breadth-first from reset over
# every legal input (tests/prove_model.sh). make test: the small configurations that finish in a
# second (their Yosys synthesis is most of the cost, cached with cosim --gate's netlists), a
# one-gate mutant of a netlist caught with its shortest counterexample and replayed by
# `warpgen cosim --stim`, and bad input. make sweep: the larger configurations measured in
# docs/cosim.md that finish within about a minute (tuba's default: 61 s).
t test "prove-model:slg-small" "tests/prove_model.sh equiv slg --set WARPS=1 --set CTAS=1 --set X=1 --set Y=2 --narrow launch_size_i=0"
t test "prove-model:sched2l-small" "tests/prove_model.sh equiv sched2l --set WARPS=1 --set ACTIVE=1"
t test "prove-model:tuba-small" "tests/prove_model.sh equiv tuba --set TFET_REGS=1 --set MAX_BLOCKS=1 --set DW_PCT=1 --set UP_PCT=2"
t test "prove-model:vf_manager-small" "tests/prove_model.sh equiv vf_manager --set SMS=1 --set SM_LAT=1 --set MEM_LAT=1"
t test "prove-model:mutant" "tests/prove_model.sh mutant"
t test "prove-model:bad-input" "WARPGEN=\$WARPGEN_SAN tests/prove_model.sh bad"
t sweep "prove-model:slg-full-size-port" "tests/prove_model.sh equiv slg --set WARPS=1 --set CTAS=1 --set X=1 --set Y=2"
t sweep "prove-model:sched2l-2x2" "tests/prove_model.sh equiv sched2l --set WARPS=2 --set ACTIVE=2"
t sweep "prove-model:memra-1" "tests/prove_model.sh equiv memra --set WARPS=1 --set CNT_BITS=4 --set SAMPLE_PERIOD=1 --set THR_ACC=0 --set REF_SHIFT=0"
t sweep "prove-model:memra-2" "tests/prove_model.sh equiv memra --set WARPS=2 --set CNT_BITS=4 --set SAMPLE_PERIOD=1 --set THR_ACC=0 --set REF_SHIFT=0"
t sweep "prove-model:vf_manager-3" "tests/prove_model.sh equiv vf_manager --set SMS=3 --set SM_LAT=2 --set MEM_LAT=2"
t sweep "prove-model:tuba-4x2" "tests/prove_model.sh equiv tuba --set TFET_REGS=4 --set MAX_BLOCKS=2 --set DW_PCT=1 --set UP_PCT=2"
t sweep "prove-model:tuba-default" "tests/prove_model.sh equiv tuba"
t sweep "prove-model:vf_manager-4" "tests/prove_model.sh equiv vf_manager --set SMS=4 --set SM_LAT=2 --set MEM_LAT=2"
