# tests/suites/robust.sh - bad input by class, interruption, concurrent runs, a full disk (issue 28;
# docs/user-guide.md "Bad input, interruption and concurrent use").
# Bad input, one class a test (tests/expect_bad.sh: exit 2, one line naming the option and its legal
# range, nothing written). Zero, negative, huge and empty numbers; a repeated option that cannot be
# merged; options that conflict. (A repeated --set, -o or --cycles is defined: the last one counts.)
t fast "bad:cosim-cycles-zero" "tests/expect_bad.sh '--cycles 0 is not a number in 1..1000000000000' $W cosim rfc --model-only --cycles 0"
t fast "bad:cosim-cycles-negative" "tests/expect_bad.sh '--cycles -5 is not a number in 1..1000000000000' $W cosim rfc --model-only --cycles -5"
t fast "bad:cosim-cycles-huge" "tests/expect_bad.sh '--cycles 99999999999999999999 is not a number in 1..1000000000000' $W cosim rfc --model-only --cycles 99999999999999999999"
t fast "bad:cosim-cycles-empty" "tests/expect_bad.sh '--cycles  is not a number in 1..' $W cosim rfc --model-only --cycles ''"
t fast "bad:cosim-cycles-last-wins" "tests/expect_bad.sh '--cycles 0 is not a number' $W cosim rfc --model-only --cycles 5 --cycles 0"
t fast "bad:list-argument" "tests/expect_bad.sh \"warpgen list: takes no arguments (got 'extra')\" $W list extra"
t fast "bad:bench-cycles-zero" "tests/expect_bad.sh '--cycles 0 is not a number in 1..' $W bench rfc --cycles 0"
t fast "bad:seed-negative" "tests/expect_bad.sh '--seed -1 is not a number in 0..18446744073709551615' $W cosim rfc --model-only --seed -1"
t fast "bad:seed-huge" "tests/expect_bad.sh '--seed 18446744073709551616 is not a number in 0..' $W cosim rfc --model-only --seed 18446744073709551616"
t fast "bad:set-empty-value" "tests/expect_bad.sh 'ENTRIES= is not a number (legal range 1..16)' $W gen rfc --set ENTRIES= -o @OUT@"
t fast "bad:set-huge" "tests/expect_bad.sh 'ENTRIES=99999999999999999999 is not a number (legal range 1..16)' $W gen rfc --set ENTRIES=99999999999999999999 -o @OUT@"
t fast "bad:set-negative" "tests/expect_bad.sh 'ENTRIES=-3 is out of range (legal range 1..16)' $W gen rfc --set ENTRIES=-3 -o @OUT@"
t fast "bad:set-no-name" "tests/expect_bad.sh \"--set expects NAME=VALUE, got '='\" $W gen rfc --set = -o @OUT@"
t fast "bad:set-missing-value" "tests/expect_bad.sh '--set needs a value' $W gen rfc --set"
t fast "bad:loop-env" "WARPGEN_LOOP=pipelind tests/expect_bad.sh 'WARPGEN_LOOP=pipelind is not one of plain, pipelined' $W cosim rfc --model-only"
t fast "bad:knob-unknown" "tests/expect_bad.sh 'knob: unknown parameter X' $W cosim rfc --model-only --knob X=1"
t fast "bad:case-empty" "tests/expect_bad.sh \"unknown case ''\" $W cosim rfc --model-only --case ''"
t fast "bad:case-twice" "tests/expect_bad.sh '--case is given twice' $W cosim rfc --model-only --case every_entry_pinned --case write_hit_on_fifo_oldest"
t fast "bad:name-empty" "tests/expect_bad.sh '--name  is not a Verilog identifier' $W gen rfc --name '' -o @OUT@"
t fast "bad:cosim-json-empty" "tests/expect_bad.sh '--json: the file name is empty' $W cosim rfc --json ''"
t fast "bad:cosim-json-unwritable" "tests/expect_bad.sh '--json: cannot write /proc/warpgen/r.json' $W cosim rfc --json /proc/warpgen/r.json"
t test "area:abc-fast-tuba" "d=\$(mktemp -d) && $W area tuba --abc-fast --json \$d/a.json -q && grep -q '\"abc_scripts\": \"fast (--abc-fast)\"' \$d/a.json && grep -q 'abc -liberty -script +strash;dc2;&get,-n;&nf,{D};&put' \$d/a.json && grep -q '\"flop_check\": \"ok\"' \$d/a.json; rc=\$?; rm -rf \$d; exit \$rc"
t fast "bad:area-flops-only-abc-fast" "tests/expect_bad.sh '--flops-only maps no gates: it takes no --abc-fast' $W area rfc --flops-only --abc-fast"
t fast "bad:area-flops-only-liberty" "tests/expect_bad.sh '--flops-only maps no gates: it takes no --liberty' $W area rfc --flops-only --liberty tests/fuzz/corpus/liberty/good.lib"
t fast "bad:regress-jobs-cycles-zero" "tests/expect_bad.sh 'cycles0.jobs:1: --cycles 0 is not a number in 1..1000000000000' $W regress --jobs tests/fuzz/corpus/rgjob/cycles0.jobs --db @OUT@/r.db"
t fast "bad:regress-workers-zero" "tests/expect_bad.sh '-j 0 is not a number of workers (legal range 1..1024)' $W regress -j 0 --db @OUT@/r.db"
t fast "gen:set-last-wins" "d=\$(mktemp -d) && $W gen rfc --set ENTRIES=4 --set ENTRIES=2 -o \$d -q && grep -q '\"ENTRIES\": 2' \$d/rfc.manifest.json; rc=\$?; rm -rf \$d; exit \$rc"
# A full disk: gen's Verilog, then its manifest, on a tmpfs too small (cheap); the same for a
# co-simulation's and a synthesis's --json (a run each: sweep).
t test "robust:disk-gen" "WARPGEN=\$WARPGEN_SAN tests/robust_run.sh disk"
t sweep "robust:disk-json" "tests/robust_run.sh disk-json"
# Concurrent, killed (SIGKILL) and interrupted (Ctrl-C) runs: a new configuration's build or
# synthesis each, so make sweep's.
t sweep "robust:concurrent-cosim" "tests/robust_run.sh concurrent"
t sweep "robust:concurrent-area" "tests/robust_run.sh concurrent-area"
t sweep "robust:kill-build" "tests/robust_run.sh kill-build"
t sweep "robust:kill-synth" "tests/robust_run.sh kill-synth"
t sweep "robust:sigint" "tests/robust_run.sh sigint"
# A synthesis's time limit stops Yosys and what runs under it (a stand-in yosys: a few seconds)
t test "robust:limit" "tests/robust_run.sh limit"
