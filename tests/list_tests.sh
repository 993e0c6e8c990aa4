#!/usr/bin/env bash
# list_tests.sh - print the default test run, one "NAME<TAB>COMMAND" per line.
# Commands run from the repository root with $WARPGEN (release build) and
# $WARPGEN_SAN (the same program under ASan + UBSan) set by run_tests.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
t() { printf '%s\t%s\n' "$1" "$2"; }

# RFC configurations of the regression: ACTIVE_WARPS {1,4,8,32} x ENTRIES {1,4,6,8}
# x LANES {1,4,32}, FIFO and LRU, liveness on and off, and the other knobs' edges.
RFC_CONFIGS=(
	"default|"
	"a1e1l1|--set WARPS=4 --set ACTIVE_WARPS=1 --set ENTRIES=1 --set LANES=1"
	"a4e4l4-lru-nolive|--set ACTIVE_WARPS=4 --set ENTRIES=4 --set LANES=4 --set REPLACEMENT=LRU --set LIVENESS=0"
	"a32e8l4|--set ACTIVE_WARPS=32 --set ENTRIES=8 --set LANES=4"
	"a8e8l1-lru|--set ENTRIES=8 --set LANES=1 --set REPLACEMENT=LRU"
	"a4e6l32-nolive-fp2|--set ACTIVE_WARPS=4 --set LIVENESS=0 --set FLUSH_PORTS=2"
	"a1e4l4-lat1-rp1|--set ACTIVE_WARPS=1 --set ENTRIES=4 --set LANES=4 --set WIDTH=8 --set READ_LAT=1 --set READ_PORTS=1"
	"a32e1l1-w64-rp4|--set ACTIVE_WARPS=32 --set ENTRIES=1 --set LANES=1 --set WIDTH=64 --set REPLACEMENT=LRU --set READ_PORTS=4 --set READ_LAT=4 --set FLUSH_PORTS=4"
	"a8e4l4-w64-rb3|--set WARPS=64 --set ENTRIES=4 --set LANES=4 --set REG_BITS=3"
)

# --- C unit tests (built under ASan + UBSan by the Makefile) ---
for b in out/tests/test_*; do
	[ -x "$b" ] && t "unit:${b##*/test_}" "$b"
done

# --- generator: golden files, determinism, help ---
t "gen:golden" "tests/check_golden.sh"
t "gen:deterministic" "tests/check_deterministic.sh"
t "gen:list" "\$WARPGEN list | grep -q '^rfc '"
t "gen:help" "\$WARPGEN gen rfc --help | grep -q 'ACTIVE_WARPS *8 *1..64'"

# --- bad input: one clear line, exit 2, nothing written ---
W='$WARPGEN_SAN'
t "bad:unknown-block" "tests/expect_bad.sh \"unknown block 'nope'\" $W gen nope -o @OUT@"
t "bad:unknown-param" "tests/expect_bad.sh 'unknown parameter BOGUS' $W gen rfc --set BOGUS=1 -o @OUT@"
t "bad:not-a-number" "tests/expect_bad.sh 'ENTRIES=six is not a number (legal range 1..16)' $W gen rfc --set ENTRIES=six -o @OUT@"
t "bad:out-of-range-low" "tests/expect_bad.sh 'ENTRIES=0 is out of range (legal range 1..16)' $W gen rfc --set ENTRIES=0 -o @OUT@"
t "bad:out-of-range-high" "tests/expect_bad.sh 'LANES=65 is out of range (legal range 1..64)' $W gen rfc --set LANES=65 -o @OUT@"
t "bad:enum" "tests/expect_bad.sh 'REPLACEMENT=RANDOM is not one of FIFO|LRU' $W gen rfc --set REPLACEMENT=RANDOM -o @OUT@"
t "bad:inconsistent" "tests/expect_bad.sh 'ACTIVE_WARPS=16 must not exceed WARPS=8' $W gen rfc --set WARPS=8 --set ACTIVE_WARPS=16 -o @OUT@"
t "bad:too-big" "tests/expect_bad.sh 'exceeds the legal maximum 262144' $W gen rfc --set WARPS=64 --set ACTIVE_WARPS=64 --set ENTRIES=16 -o @OUT@"
t "bad:unwritable-dir" "tests/expect_bad.sh 'output folder (-o): cannot create folder /proc/warpgen' $W gen rfc -o /proc/warpgen"
t "bad:file-as-dir" "tests/expect_bad.sh 'output folder (-o): cannot create folder /etc/hostname' $W gen rfc -o /etc/hostname/x"
t "bad:set-syntax" "tests/expect_bad.sh 'expects NAME=VALUE' $W gen rfc --set ENTRIES -o @OUT@"
t "bad:unknown-option" "tests/expect_bad.sh \"unknown option '--frobnicate'\" $W gen rfc --frobnicate -o @OUT@"
t "bad:bad-name" "tests/expect_bad.sh 'is not a Verilog identifier' $W gen rfc --name 9lives -o @OUT@"
t "bad:cosim-seed" "tests/expect_bad.sh '--seed x is not a number' $W cosim rfc --seed x"
t "bad:cosim-case" "tests/expect_bad.sh \"unknown case 'nope'\" $W cosim rfc --case nope"
t "bad:cosim-knob" "tests/expect_bad.sh 'LL_PCT=101 is out of range (legal range 0..100)' $W cosim rfc --knob LL_PCT=101"
t "bad:cosim-rtl-missing" "tests/expect_bad.sh 'cannot read /nonexistent.v' $W cosim rfc --rtl /nonexistent.v"
t "bad:area-liberty-missing" "tests/expect_bad.sh 'cannot read /nonexistent.lib' $W area rfc --liberty /nonexistent.lib"

# --- lint: every generated configuration through Verilator, Yosys, Icarus ---
for c in "${RFC_CONFIGS[@]}"; do
	t "lint:rfc-${c%%|*}" "tests/lint.sh ${c#*|}"
done

# ... and the configuration of every directed case (its [overrides] in --list)
out/bin/warpgen cosim rfc --list 2>/dev/null | grep -oE '\[[A-Z_=0-9,]+\]$' | tr -d '[]' | sort -u |
	while read -r ov; do
		t "lint:rfc-case-${ov//[=,]/-}" "tests/lint.sh $(printf -- '--set %s ' ${ov//,/ })"
	done

# --- co-simulation: 3 seeds x 100,000 cycles per configuration (C side under ASan/UBSan) ---
t "build:rfc-default" "\$WARPGEN cosim rfc --cycles 1000 -q"
for c in "${RFC_CONFIGS[@]}"; do
	for seed in 1 2 3; do
		t "cosim:rfc-${c%%|*}-seed$seed" "\$WARPGEN_SAN cosim rfc ${c#*|} --seed $seed --cycles 100000 -q"
	done
done
# the pipelined loop (stimulus + C model in a thread) under ThreadSanitizer, passing and failing
t "tsan:cosim-pipelined" "out/bin/warpgen-tsan cosim rfc --set ACTIVE_WARPS=4 --set LANES=4 --seed 9 --cycles 50000 -q"
# random stimulus with the knobs at their edges
t "cosim:rfc-knobs-hot" "\$WARPGEN_SAN cosim rfc --set ACTIVE_WARPS=4 --set LANES=4 --knob REUSE=2 --knob FLUSH_PM=200 --knob LATE_PCT=50 --knob PARTIAL_PCT=50 --cycles 100000 -q"
t "cosim:rfc-knobs-cold" "\$WARPGEN_SAN cosim rfc --set ACTIVE_WARPS=4 --set LANES=4 --knob REUSE=64 --knob LL_PCT=0 --knob FLUSH_PM=0 --knob EXIT_PM=0 --knob RESET_PPM=0 --cycles 100000 -q"

# --- directed cases, each self-checking ---
for c in $(out/bin/warpgen cosim rfc --list 2>/dev/null | awk '/^  [a-z_]+ /{print $1}'); do
	t "case:rfc-$c" "\$WARPGEN_SAN cosim rfc --case $c -q"
done

# --- the cases' checks can fail: run where the behaviour they check does not hold ---
t "case-neg:lru-under-fifo" "tests/expect_check_fail.sh 'LRU: the read of r1 makes r2 the victim' \$WARPGEN cosim rfc --case lru_read_touch --set REPLACEMENT=FIFO -q"
t "case-neg:dead-without-liveness" "tests/expect_check_fail.sh 'the dead r1 is dropped without a write-back' \$WARPGEN cosim rfc --case dead_victim_not_written_back --set LIVENESS=0 -q"
t "case-neg:pins-with-read-lat-1" "tests/expect_check_fail.sh 'the miss should evict r2 (r1 is pinned), not r1' \$WARPGEN cosim rfc --case victim_vs_inflight_reader --set READ_LAT=1 -q"

# --- deliberately broken RTL must be caught ---
for m in $(tests/mutant.sh --list); do
	t "mutant:rfc-$m" "tests/mutant.sh $m"
done

# --- area: Yosys flip-flop bits equal the predicted storage bits ---
t "area:rfc-small" "\$WARPGEN area rfc --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4 -q"
t "area:rfc-a4e4l4-lru" "\$WARPGEN area rfc --set ACTIVE_WARPS=4 --set ENTRIES=4 --set LANES=4 --set WIDTH=8 --set REPLACEMENT=LRU -q"
t "area:rfc-a1e1" "\$WARPGEN area rfc --set ACTIVE_WARPS=1 --set ENTRIES=1 --set LANES=1 --set WARPS=1 -q"
t "area:rfc-sky130" "tests/area_sky130.sh"

# --- waveforms ---
t "wave:rfc-case" "tests/check_wave.sh"
