# tests/suites/fuzz.sh - the parsers under libFuzzer with ASan + UBSan (tests/fuzz.sh, tests/fuzz/):
# the Liberty reader and its function strings, the BLIF reader, Yosys `stat` text, the power
# tables, the JSON behind `warpgen report`, regression job files, the command line.
# make test: the harnesses built once (build:fuzz, before the other tests), then one test replays
# every harness's corpus and saved crash reproducers and runs each on 1,000 fuzzed inputs from a
# fixed seed (the same inputs every run, 30 s at most a harness). make sweep: 5 minutes a harness
# from a new seed, sky130's library replayed too.
t test "build:fuzz" "tests/fuzz.sh build"
t test "fuzz:parsers" "FUZZ_RUNS=1000 tests/fuzz.sh run 30"
for h in liberty libfunc blif stat ptable json rgjob opts; do
	t sweep "fuzz:$h-long" "FUZZ_SEED=random FUZZ_SKY130=1 tests/fuzz.sh run 300 $h"
done
