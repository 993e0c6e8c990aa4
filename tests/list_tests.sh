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
# (one per tests/test_*.c source: a binary left in out/ by a removed test is not run)
for src in tests/test_*.c; do
	b=out/tests/$(basename "$src" .c)
	t "unit:${b##*/test_}" "$b"
done

# --- gate-level co-simulation (docs/cosim.md "Gate-level co-simulation"): the Yosys generic-gate
# netlist of every block's default configuration against the C model in warpgen's own gate-level
# simulator, 20,000 cycles, toggles priced with sky130 when ../shared/liberty is there. Yosys's
# full flow where it takes seconds; the quick flow (no opt loop, share or ABC) for the blocks
# whose full synthesis takes minutes (make and make sweep run those in the full flow). A small
# netlist under Verilator and the mutant are further down. First in the list: the longest tests
# start first ---
for d in csim/*_desc.c; do
	b=$(basename "$d" _desc.c)
	case $b in
	wg) continue ;;
	vf_manager | sched2l | equalizer | reexec_q) t "cosim:$b-gate-default" "tests/gate_check.sh pass $b 20000" ;;
	*) t "cosim:$b-gate-default-quick" "tests/gate_check.sh pass $b 20000 --synth quick" ;;
	esac
done

# --- generator: golden files, determinism, help ---
t "gen:golden" "tests/check_golden.sh"
t "gen:deterministic" "tests/check_deterministic.sh"
t "gen:layers" "tests/layers.sh"
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
t "bad:cosim-model-only-wave" "tests/expect_bad.sh '--model-only runs no RTL' $W cosim rfc --model-only --wave"
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

# --- co-simulation: 2 seeds x 100,000 cycles per configuration (C side under ASan/UBSan) ---
t "build:rfc-default" "\$WARPGEN cosim rfc --cycles 1000 -q"
for c in "${RFC_CONFIGS[@]}"; do
	for seed in 1 2; do
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

# --- the cases' checks can fail: run where the behaviour they check does not hold (here and in
# every block's section below: --model-only, the stimulus's checks on the C model alone, since a
# Verilator build per negative check would cost more than all of them; the RTL is equivalent to
# the C model by the positive runs) ---
t "cosim:model-only-pass" "\$WARPGEN_SAN cosim rfc --model-only --seed 2 --cycles 20000 | grep -q '^PASS rfc default seed=2 cycles=20000 (.*C model only: equivalence not checked)'"
t "case-neg:lru-under-fifo" "tests/expect_check_fail.sh 'LRU: the read of r1 makes r2 the victim' \$WARPGEN cosim rfc --case lru_read_touch --set REPLACEMENT=FIFO --model-only -q"
t "case-neg:dead-without-liveness" "tests/expect_check_fail.sh 'the dead r1 is dropped without a write-back' \$WARPGEN cosim rfc --case dead_victim_not_written_back --set LIVENESS=0 --model-only -q"
t "case-neg:pins-with-read-lat-1" "tests/expect_check_fail.sh 'the miss should evict r2 (r1 is pinned), not r1' \$WARPGEN cosim rfc --case victim_vs_inflight_reader --set READ_LAT=1 --model-only -q"

# --- deliberately broken RTL must be caught (one or two per block here, every one in `make sweep`:
# each mutant is a Verilator build of its own) ---
for m in rfc/ignore-pins rfc/victim-youngest sched2l/busy-ignored wrc/release-while-busy reexec_q/full-queue-has-nothing \
	equalizer/pause-oldest vf_manager/start-while-busy; do
	t "mutant:${m/\//-}" "tests/mutant.sh $m"
done

# --- area: Yosys flip-flop bits equal the predicted storage bits ---
t "area:rfc-small" "\$WARPGEN area rfc --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4 -q"
t "area:rfc-a4e4l4-lru" "\$WARPGEN area rfc --set ACTIVE_WARPS=4 --set ENTRIES=4 --set LANES=4 --set WIDTH=8 --set REPLACEMENT=LRU -q"
t "area:rfc-a1e1" "\$WARPGEN area rfc --set ACTIVE_WARPS=1 --set ENTRIES=1 --set LANES=1 --set WARPS=1 -q"
t "area:rfc-sky130" "tests/area_sky130.sh"

# --- sched2l: the issue's matrix ACTIVE {1,2,6,8,32} x WARPS {8,32,48} x SELECT {GREEDY,RR},
# one seed each (1 and 2 alternating), plus the parameter edges (1 warp, 64 warps, odd sizes, PENDING, no barrier demotion) ---
SCHED2L_CONFIGS=()
for w in 8 32 48; do
	for a in 1 2 6 8 32; do
		[ "$a" -le "$w" ] || continue
		for sel in GREEDY RR; do
			SCHED2L_CONFIGS+=("w${w}a${a}-${sel,,}|--set WARPS=$w --set ACTIVE=$a --set SELECT=$sel")
		done
	done
done
SCHED2L_EDGES=(
	"w8a8-pending|--set WARPS=8 --set ACTIVE=8 --set SUSPEND=PENDING"
	"a32-nobar|--set ACTIVE=32 --set BARRIER_DEMOTE=0"
	"w64a64-rr|--set WARPS=64 --set ACTIVE=64 --set SELECT=RR"
	"w1a1|--set WARPS=1 --set ACTIVE=1"
	"w33a7-rr-pending-nobar|--set WARPS=33 --set ACTIVE=7 --set SELECT=RR --set SUSPEND=PENDING --set BARRIER_DEMOTE=0"
)
t "gen:list-sched2l" "\$WARPGEN list | grep -q '^sched2l '"
t "gen:help-sched2l" "\$WARPGEN gen sched2l --help | grep -q 'ACTIVE *8 *1..64'"
t "bad:sched2l-inconsistent" "tests/expect_bad.sh 'ACTIVE=16 must not exceed WARPS=8' $W gen sched2l --set WARPS=8 --set ACTIVE=16 -o @OUT@"
t "bad:sched2l-enum" "tests/expect_bad.sh 'SELECT=LRR is not one of GREEDY|RR' $W gen sched2l --set SELECT=LRR -o @OUT@"
t "lint:sched2l-default" "BLOCK=sched2l tests/lint.sh"
for c in "${SCHED2L_EDGES[@]}" "w48a6-rr|--set WARPS=48 --set ACTIVE=6 --set SELECT=RR" "w8a2-rr|--set WARPS=8 --set ACTIVE=2 --set SELECT=RR"; do
	case $c in w64a64*) continue ;; esac   # Yosys needs 45 s for it: `make sweep` lints it
	t "lint:sched2l-${c%%|*}" "BLOCK=sched2l tests/lint.sh ${c#*|}"
done
out/bin/warpgen cosim sched2l --list 2>/dev/null | grep -oE '\[[A-Z_=0-9,]+\]$' | tr -d '[]' | sort -u |
	while read -r ov; do
		t "lint:sched2l-case-${ov//[=,]/-}" "BLOCK=sched2l tests/lint.sh $(printf -- '--set %s ' ${ov//,/ })"
	done
t "build:sched2l-default" "\$WARPGEN cosim sched2l --cycles 1000 -q"
# one seed per configuration, alternating 1 and 2 down the list (more seeds: make sweep)
i=0
for c in "${SCHED2L_CONFIGS[@]}" "${SCHED2L_EDGES[@]}"; do
	seed=$((i++ % 2 + 1))
	t "cosim:sched2l-${c%%|*}-seed$seed" "\$WARPGEN_SAN cosim sched2l ${c#*|} --seed $seed --cycles 100000 -q"
done
t "tsan:cosim-sched2l" "out/bin/warpgen-tsan cosim sched2l --set WARPS=48 --seed 9 --cycles 50000 -q"
t "cosim:sched2l-knobs-hot" "\$WARPGEN_SAN cosim sched2l --set WARPS=16 --set ACTIVE=4 --knob LL_PCT=50 --knob BAR_PM=100 --knob FIN_PM=50 --knob LAUNCH_PCT=50 --knob FREE_LAT=16 --knob ILP=1 --knob GROUP=4 --cycles 100000 -q"
t "cosim:sched2l-knobs-cold" "\$WARPGEN_SAN cosim sched2l --knob LL_PCT=0 --knob BAR_PM=0 --knob FIN_PM=0 --knob RESET_PPM=0 --knob FREE_LAT=0 --knob ILP=8 --cycles 100000 -q"
for c in $(out/bin/warpgen cosim sched2l --list 2>/dev/null | awk '/^  [a-z_]+ / && !/\(negative: must fail with /{print $1}'); do
	t "case:sched2l-$c" "\$WARPGEN_SAN cosim sched2l --case $c -q"
done
t "case-neg:sched2l-barrier-deadlock" "tests/expect_check_fail.sh 'deadlock: the warps waiting at the barrier hold every slot' \$WARPGEN cosim sched2l --case barrier_deadlock_without_demotion --model-only -q"
t "case-neg:sched2l-greedy-under-rr" "tests/expect_check_fail.sh 'greedy starts at slot 0 after reset' \$WARPGEN cosim sched2l --case greedy_keeps_warp --set SELECT=RR --model-only -q"
t "case-neg:sched2l-rr-under-greedy" "tests/expect_check_fail.sh 'RR rotates the priority every issue' \$WARPGEN cosim sched2l --case rr_rotates --set SELECT=GREEDY --model-only -q"
t "case-neg:sched2l-always-under-pending" "tests/expect_check_fail.sh 'ALWAYS: a marked consumer whose value is back is still demoted' \$WARPGEN cosim sched2l --case marked_value_returned_always --set SUSPEND=PENDING --model-only -q"
t "case-neg:sched2l-pending-under-always" "tests/expect_check_fail.sh 'PENDING: a marked consumer whose value is back issues without demotion' \$WARPGEN cosim sched2l --case marked_value_returned_pending --set SUSPEND=ALWAYS --model-only -q"
t "area:sched2l-default" "\$WARPGEN area sched2l -q"
t "area:sched2l-w8a1" "\$WARPGEN area sched2l --set WARPS=8 --set ACTIVE=1 -q"
t "area:sched2l-w1a1" "\$WARPGEN area sched2l --set WARPS=1 --set ACTIVE=1 -q"
t "area:sched2l-w48a6-rr" "\$WARPGEN area sched2l --set WARPS=48 --set ACTIVE=6 --set SELECT=RR -q"
t "area:sched2l-w8a2" "\$WARPGEN area sched2l --set WARPS=8 --set ACTIVE=2 -q"
t "lint:sched2l-w64a1-rr" "BLOCK=sched2l tests/lint.sh --set WARPS=64 --set ACTIVE=1 --set SELECT=RR"
t "cosim:sched2l-w64a1-rr" "\$WARPGEN_SAN cosim sched2l --set WARPS=64 --set ACTIVE=1 --set SELECT=RR --seed 1 --cycles 100000 -q"
t "cosim:sched2l-w7a7-pending" "\$WARPGEN_SAN cosim sched2l --set WARPS=7 --set ACTIVE=7 --set SUSPEND=PENDING --seed 1 --cycles 100000 -q"
t "energy:sched2l-not-given" "\$WARPGEN energy sched2l -q | grep -qx 'select n/g'"

# --- sm_rfc: the scheduler driving the RFC, a composition (docs/composition.md) ---
SMR_CONFIGS=(
	"default|"
	"a4e4|--set ACTIVE=4 --set ENTRIES=4"
	"w48a6-rr|--set WARPS=48 --set ACTIVE=6 --set SELECT=RR"
	"w1a1e1l1|--set WARPS=1 --set ACTIVE=1 --set ENTRIES=1 --set LANES=1"
	"w8a4l4-rr-pending|--set WARPS=8 --set ACTIVE=4 --set LANES=4 --set WIDTH=8 --set SELECT=RR --set SUSPEND=PENDING"
	"w64a64e2l1-lru-fp4|--set WARPS=64 --set ACTIVE=64 --set ENTRIES=2 --set LANES=1 --set WIDTH=64 --set REPLACEMENT=LRU --set READ_PORTS=4 --set READ_LAT=4 --set FLUSH_PORTS=4 --set LIVENESS=0"
)
# Without barrier demotion the synthetic SM's barriers deadlock (the environment's watchdog
# says so: case-neg:sm_rfc-barrier-without-demotion); random runs then use no barriers.
t "lint:sm_rfc-nobar" "BLOCK=sm_rfc tests/lint.sh --set WARPS=8 --set ACTIVE=4 --set LANES=4 --set WIDTH=8 --set BARRIER_DEMOTE=0"
t "cosim:sm_rfc-nobar-no-barriers" "\$WARPGEN_SAN cosim sm_rfc --set WARPS=8 --set ACTIVE=4 --set LANES=4 --set WIDTH=8 --set BARRIER_DEMOTE=0 --knob BAR_PM=0 --cycles 50000 -q"
t "gen:list-sm_rfc" "\$WARPGEN list | grep -q '^sm_rfc '"
t "gen:help-sm_rfc" "\$WARPGEN gen sm_rfc --help | grep -q 'ACTIVE *8 *1..64'"
t "bad:sm_rfc-inconsistent" "tests/expect_bad.sh 'sm_rfc: instance sched (sched2l): ACTIVE=16 must not exceed WARPS=8' $W gen sm_rfc --set WARPS=8 --set ACTIVE=16 -o @OUT@"
t "bad:sm_rfc-too-big" "tests/expect_bad.sh 'sm_rfc: instance rfc (rfc): ACTIVE_WARPS*ENTRIES*LANES*WIDTH=524288 data bits exceeds the legal maximum 262144' $W gen sm_rfc --set WARPS=64 --set ACTIVE=64 --set ENTRIES=8 -o @OUT@"
# (the paper's point and two other sizes with 2 seeds; the edges with one, and the 64 x 64 edge
# is not linted: Yosys needs minutes for it; sched2l is linted alone at 64 x 64, rfc at 32 slots)
for c in "${SMR_CONFIGS[@]}"; do
	case $c in w64a64*) ;; *) t "lint:sm_rfc-${c%%|*}" "BLOCK=sm_rfc tests/lint.sh ${c#*|}" ;; esac
	seeds="1 2"
	case $c in w1a1*|w8a4*|w64a64*) seeds=1 ;; esac
	for seed in $seeds; do
		t "cosim:sm_rfc-${c%%|*}-seed$seed" "\$WARPGEN_SAN cosim sm_rfc ${c#*|} --seed $seed --cycles 50000 -q"
	done
done
t "cosim:sm_rfc-knobs-hot" "\$WARPGEN_SAN cosim sm_rfc --set ACTIVE=4 --set LANES=4 --knob LL_PCT=30 --knob LL_LAT=20 --knob DIV_PCT=50 --knob BAR_PM=50 --knob KLEN=50 --knob REGS=8 --knob RESET_PPM=500 --knob HOIST=2 --knob LL_BURST=4 --cycles 100000 -q"
t "cosim:sm_rfc-knobs-cold" "\$WARPGEN_SAN cosim sm_rfc --set ACTIVE=4 --set LANES=4 --knob LL_PCT=0 --knob BAR_PM=0 --knob DIV_PCT=0 --knob KLEN=1000000 --knob RESET_PPM=0 --cycles 100000 -q"
t "cosim:sm_rfc-edges" "\$WARPGEN_SAN cosim sm_rfc --set WARPS=3 --set ACTIVE=2 --set LANES=3 --set READ_PORTS=1 --set READ_LAT=1 --set FLUSH_PORTS=4 --set REPLACEMENT=LRU --knob ALU_LAT=3 --knob SFU_LAT=3 --knob SHM_LAT=3 --knob LL_LAT=3 --knob RESET_PPM=2000 --cycles 100000 -q"
t "tsan:cosim-sm_rfc" "out/bin/warpgen-tsan cosim sm_rfc --set ACTIVE=4 --set LANES=4 --seed 9 --cycles 20000 -q"
for c in $(out/bin/warpgen cosim sm_rfc --list 2>/dev/null | awk '/^  [a-z_]+ /{print $1}'); do
	t "case:sm_rfc-$c" "\$WARPGEN_SAN cosim sm_rfc --case $c -q"
done
t "case-neg:sm_rfc-barrier-without-demotion" "tests/expect_check_fail.sh 'none is demoted: deadlock' \$WARPGEN cosim sm_rfc --case barrier_all_active --set BARRIER_DEMOTE=0 --model-only -q"
t "case-neg:sm_rfc-always-under-pending" "tests/expect_check_fail.sh 'issued a marked consumer without a demotion' \$WARPGEN cosim sm_rfc --case marked_value_returned --set SUSPEND=PENDING --model-only -q"
t "case-neg:sm_rfc-pending-under-always" "tests/expect_check_fail.sh 'had already returned' \$WARPGEN cosim sm_rfc --case marked_value_returned_pending --set SUSPEND=ALWAYS --model-only -q"
t "stats:sm_rfc-compare" "\$WARPGEN_SAN stats sm_rfc --cycles 50000 --compare | grep -q 'IPC ratio'"
t "bad:stats-block" "tests/expect_bad.sh 'rfc has no statistics mode' $W stats rfc"
t "bad:stats-mix" "tests/expect_bad.sh 'must not exceed 100' $W stats sm_rfc --knob LL_PCT=50 --knob SFU_PCT=50 --knob SHM_PCT=10"
t "bad:stats-latency" "tests/expect_bad.sh 'ALU_LAT=4 must be at least READ_LAT+2=5' $W stats sm_rfc --knob ALU_LAT=4"
t "area:sm_rfc-small" "\$WARPGEN area sm_rfc --set WARPS=8 --set ACTIVE=4 --set ENTRIES=2 --set LANES=2 --set WIDTH=4 -q"
t "energy:sm_rfc" "\$WARPGEN energy sm_rfc -q | grep -qx 'rfc.flush_wb 166.4'"

# --- waveforms ---
t "wave:rfc-case" "tests/check_wave.sh"
t "wave:sched2l-case" "tests/check_wave.sh sched2l barrier_all_active"
t "wave:sm_rfc-case" "tests/check_wave.sh sm_rfc demote_promote_same_cycle"

# --- rename: the register renaming table (docs/rename.md) ---
# The paper's sizes (48 warps, 63 registers, 1024 physical registers; 1 KB table and the
# unconstrained 3024-entry one), each placement policy, small and odd configurations.
RN_SMALL="--set WARPS=4 --set REGS=8 --set RT_ENTRIES=32 --set PHYS_REGS=32 --set SUBARRAYS=2 --set FC_ENTRIES=4 --set EXEMPT=2"
RN_CONFIGS=(
	"default|"
	"paper-largest|--set RT_ENTRIES=3024"
	"lowest|--set POLICY=LOWEST_FIRST"
	"wear|--set POLICY=WEAR_LEVEL"
	"small|$RN_SMALL --set ALLOC_PORTS=1"
	"small-wear-b2|$RN_SMALL --set POLICY=WEAR_LEVEL --set RT_BANKS=2 --set RF_BANKS=2"
	"w16-p64-l3-a4-b8|--set WARPS=16 --set REGS=32 --set RT_ENTRIES=256 --set PHYS_REGS=64 --set SUBARRAYS=2 --set LOOKUP_PORTS=3 --set PF_DEPTH=2 --set ALLOC_PORTS=4 --set RT_BANKS=8 --set POLICY=LOWEST_FIRST"
	"w64-d128|--set WARPS=64 --set REGS=16 --set RT_ENTRIES=1024 --set RF_BANKS=8 --set SUBARRAYS=16 --set FC_ENTRIES=64 --set EXEMPT=4 --set PF_DEPTH=16"
	"edge-1|--set WARPS=1 --set REGS=2 --set RT_ENTRIES=2 --set RT_BANKS=1 --set PHYS_REGS=16 --set RF_BANKS=1 --set SUBARRAYS=1 --set FC_ENTRIES=1 --set EXEMPT=1 --set LOOKUP_PORTS=2 --set PF_DEPTH=1 --set ALLOC_PORTS=1 --set PC_BITS=16"
)
t "gen:list-rename" "\$WARPGEN list | grep -q '^rename '"
t "gen:help-rename" "\$WARPGEN gen rename --help | grep -q 'RT_ENTRIES *816'"
t "bad:rename-rt-entries" "tests/expect_bad.sh 'RT_ENTRIES=30 must be a multiple of RT_BANKS=4 in 4..32' $W gen rename $RN_SMALL --set RT_ENTRIES=30 -o @OUT@"
t "bad:rename-phys" "tests/expect_bad.sh 'PHYS_REGS=1000 must be a power of 2 in 16..1024' $W gen rename --set PHYS_REGS=1000 -o @OUT@"
t "bad:rename-policy" "tests/expect_bad.sh 'POLICY=RANDOM is not one of CONSOLIDATE|LOWEST_FIRST|WEAR_LEVEL' $W gen rename --set POLICY=RANDOM -o @OUT@"
# (the paper's sizes are linted by `make`, and the policies at the small sizes here; the
# paper-largest, the 64-warp and the 16-warp 4-port configurations are not linted here: Yosys
# needs 1-2 minutes for each; `make sweep` lints the default and the 16-warp one)
for c in "${RN_CONFIGS[@]}"; do
	case $c in default*|lowest*|wear*|paper-largest*|w64*|w16*) ;; *) t "lint:rename-${c%%|*}" "BLOCK=rename tests/lint.sh ${c#*|}" ;; esac
done
t "build:rename-paper-largest" "\$WARPGEN cosim rename --set RT_ENTRIES=3024 --cycles 1000 -q"
# one seed per configuration, alternating 1 and 2 down the list (more seeds: make sweep)
i=0
for c in "${RN_CONFIGS[@]}"; do
	seed=$((i++ % 2 + 1))
	t "cosim:rename-${c%%|*}-seed$seed" "\$WARPGEN_SAN cosim rename ${c#*|} --seed $seed --cycles 50000 -q"
done
for c in $(out/bin/warpgen cosim rename --list 2>/dev/null | awk '/^  [a-z_0-9]+ / && !/\(negative: must fail with /{print $1}'); do
	t "case:rename-$c" "\$WARPGEN_SAN cosim rename --case $c -q"
done
t "case-neg:rename-early-release" "tests/expect_check_fail.sh 'data: warp 0 reads' \$WARPGEN cosim rename --case early_release_detected --model-only -q"
t "case-neg:rename-wear-under-lowest" "tests/expect_check_fail.sh 'WEAR_LEVEL: first free id' \$WARPGEN cosim rename --case wear_level_wrap --set POLICY=LOWEST_FIRST --model-only -q"
# fewer flag-cache entries than warps: refused pirs, warps parked until one frees (docs/rename.md §2)
t "cosim:rename-fc1-w8-rr" "\$WARPGEN_SAN cosim rename --set WARPS=8 --set RT_ENTRIES=504 --set FC_ENTRIES=1 --knob SCHED=0 --seed 3 --cycles 100000 -q"
t "cosim:rename-waves" "\$WARPGEN_SAN cosim rename --knob WAVES=4 --knob SCHED=2 --seed 6 --cycles 100000 -q"
t "cosim:rename-knobs-hot" "\$WARPGEN_SAN cosim rename --knob SCHED=0 --knob OVERSUB_PCT=30 --knob PROFILE=-1 --knob BURST_PCT=50 --knob ALC_BLOCK_PCT=40 --knob RESET_PPM=200 --seed 4 --cycles 100000 -q"
t "cosim:rename-knobs-sched" "\$WARPGEN_SAN cosim rename --knob SCHED=1 --knob DIV_PCT=80 --knob LOOP_PCT=40 --knob OC_LAT=1 --knob LL_LAT=20 --seed 5 --cycles 100000 -q"
t "area:rename-small" "\$WARPGEN area rename $RN_SMALL -q"
# (the paper's sizes: `make` checks the flip-flops of the 816- and 3024-entry tables with
# `area --flops-only`, about a minute each; the full gate mapping takes Yosys about 25 minutes)
t "area:rename-tiny" "\$WARPGEN area rename --set WARPS=1 --set REGS=8 --set RT_ENTRIES=8 --set FC_ENTRIES=1 --set RT_BANKS=1 --set PHYS_REGS=16 --set EXEMPT=0 --set LOOKUP_PORTS=2 --set PF_DEPTH=1 --set ALLOC_PORTS=1 --set RF_BANKS=1 --set SUBARRAYS=1 -q"
t "area:flops-only-agrees" "\$WARPGEN area sched2l --flops-only | grep -q 'flip-flop bits 129, storage_bits predicts 129: ok'"
t "gen:rename-paper-storage" "tests/rename_storage.sh"
t "energy:rename" "\$WARPGEN energy rename -q | grep -qx 'rt_read 1.14' && \$WARPGEN energy rename -q | grep -qx 'leakage_mw 1.08' && \$WARPGEN energy rename -q | grep -qx 'free n/g'"
t "energy:rename-size-rule" "\$WARPGEN energy rename --set RT_ENTRIES=3024 -q | grep -qx 'rt_read 2.22177'"
t "stats:rename-by-mode" "\$WARPGEN stats rename --profile CP --kernels 1 | grep -q '^  CP            sub_renaming         ACTIVE 836122 cyc 5852854.000 pJ, GATED 1820294 cyc 0.000 pJ, 10 wake-up(s), total 5852854.000 pJ\$'"
t "stats:rename-two-profiles" "\$WARPGEN_SAN stats rename --profile vectorAdd,gaussian --seed 2 | grep -q 'average of 2 workload(s)'"
t "stats:rename-deterministic" "cmp <(\$WARPGEN stats rename --profile gaussian,vectorAdd --seed 5) <(\$WARPGEN stats rename --profile gaussian,vectorAdd --seed 5)"
t "stats:rename-json" "f=\$(mktemp) && \$WARPGEN stats rename --profile CP --kernels 1 --json \$f >/dev/null && grep -q '\"ok\": true' \$f && grep -q '\"rt_leakage_vs_rf_ungated\": 0.01205' \$f; rc=\$?; rm -f \$f; exit \$rc"
t "stats-neg:rename-bad-hints" "tests/expect_check_fail.sh 'FAILED vectorAdd' \$WARPGEN stats rename --profile vectorAdd --knob BAD_HINT=1"
t "bad:stats-rename-profile" "tests/expect_bad.sh 'unknown profile' $W stats rename --profile nosuch"
t "wave:rename-case" "tests/check_wave.sh rename full_table_stall"

# --- Mascar: the readiness checker (wrc), the re-execution queue (reexec_q) and the two composed
# (mascar) (docs/wrc.md, docs/reexec_q.md, docs/mascar.md) ---
t "gen:mascar-paper-storage" "tests/mascar_storage.sh"
t "gen:help-wrc" "\$WARPGEN gen wrc --help | grep -q 'SAT_MARGIN_MSHR *4 *0..255'"
t "gen:help-reexec_q" "\$WARPGEN gen reexec_q --help | grep -q 'ENTRIES *32 *1..64'"
t "bad:wrc-schedulers" "tests/expect_bad.sh 'SCHEDULERS=4 must not exceed WARPS=3' $W gen wrc --set WARPS=3 --set SCHEDULERS=4 -o @OUT@"
t "bad:wrc-hysteresis" "tests/expect_bad.sh 'SAT_HYST=7 must be below MSHRS-SAT_MARGIN_MSHR=60 and MISSQ-SAT_MARGIN_MQ=7' $W gen wrc --set SAT_HYST=7 -o @OUT@"
t "bad:mascar-entries" "tests/expect_bad.sh 'ENTRIES=65 is out of range (legal range 1..64)' $W gen mascar --set ENTRIES=65 -o @OUT@"
# lint at small sizes (the thesis's sizes take Yosys 25 s each: `make` lints them)
t "lint:wrc-w8" "BLOCK=wrc tests/lint.sh --set WARPS=8"
t "lint:wrc-w5s3-t7-h2" "BLOCK=wrc tests/lint.sh --set WARPS=5 --set SCHEDULERS=3 --set OWNER_IDLE_TIMEOUT=7 --set SAT_HYST=2"
t "lint:reexec_q-e1-w1" "BLOCK=reexec_q tests/lint.sh --set ENTRIES=1 --set WARPS=1"
t "lint:reexec_q-e3-small-st" "BLOCK=reexec_q tests/lint.sh --set ENTRIES=3 --set THREADS=4 --set WARPS=4 --set ADDR_BITS=16 --set OFFSET_BITS=3 --set STORES=1"
t "lint:mascar-w4-e2-t4" "BLOCK=mascar tests/lint.sh --set WARPS=4 --set ENTRIES=2 --set THREADS=4 --set ADDR_BITS=16"
# area: the full flow at small sizes (`make` checks Yosys's flip-flops at the thesis's sizes, 45 s)
t "area:wrc-w8" "\$WARPGEN area wrc --set WARPS=8 -q"
t "area:reexec_q-e1-w1-st" "\$WARPGEN area reexec_q --set ENTRIES=1 --set WARPS=1 --set STORES=1 -q"
t "area:reexec_q-e3-small" "\$WARPGEN area reexec_q --set ENTRIES=3 --set THREADS=4 --set WARPS=4 --set ADDR_BITS=16 --set OFFSET_BITS=3 -q"
# wrc alone: its own abstract front end, LSU and queue (cosim/wrc/wrc_stim.c); at 48 warps it runs
# composed below (mascar-default) and for 1,000,000 cycles in `make`
for seed in 1 2; do
	t "cosim:wrc-w8-seed$seed" "\$WARPGEN_SAN cosim wrc --set WARPS=8 --seed $seed --cycles 30000 -q"
done
t "cosim:wrc-w4s1" "\$WARPGEN_SAN cosim wrc --set WARPS=4 --set SCHEDULERS=1 --seed 4 --cycles 30000 -q"
t "cosim:wrc-w16s4-hyst-idle" "\$WARPGEN_SAN cosim wrc --set WARPS=16 --set SCHEDULERS=4 --set OWNER_IDLE_TIMEOUT=20 --set SAT_HYST=2 --seed 5 --cycles 30000 -q"
t "cosim:wrc-knobs-hot" "\$WARPGEN_SAN cosim wrc --set WARPS=8 --knob MEM_PCT=90 --knob QCAP=1 --knob LSU_BUSY_PCT=50 --knob RESET_PPM=2000 --knob BAR_PM=100 --knob INSTR=20 --cycles 30000 -q"
t "cosim-neg:wrc-watchdog" "tests/expect_check_fail.sh 'no issue for 5000 cycles' \$WARPGEN cosim wrc --set WARPS=8 --knob REPLAY_PCT=0 --cycles 30000 --model-only -q"
for c in $(out/bin/warpgen cosim wrc --list 2>/dev/null | awk '/^  [a-z_0-9]+ /{print $1}'); do
	t "case:wrc-$c" "\$WARPGEN_SAN cosim wrc --case $c -q"
done
t "case-neg:wrc-hysteresis-off" "tests/expect_check_fail.sh 'inside the band, holds MP' \$WARPGEN cosim wrc --case hysteresis --set SAT_HYST=0 --model-only -q"
t "case-neg:wrc-chatter-no-hyst" "tests/expect_check_fail.sh 'MP must persist' \$WARPGEN cosim wrc --case flag_chatter_hysteresis --set SAT_HYST=0 --model-only -q"
t "case-neg:wrc-idle-timeout-off" "tests/expect_check_fail.sh 'the idle owner is released' \$WARPGEN cosim wrc --case owner_idle_timeout --set OWNER_IDLE_TIMEOUT=0 --model-only -q"
# reexec_q alone: an LSU/L1 abstraction and an independent FIFO scoreboard (cosim/reexec_q/reexec_q_stim.c)
t "cosim:reexec_q-default-seed1" "\$WARPGEN_SAN cosim reexec_q --seed 1 --cycles 30000 -q"
t "cosim:reexec_q-e1-seed2" "\$WARPGEN_SAN cosim reexec_q --set ENTRIES=1 --set THREADS=4 --set ADDR_BITS=16 --set WARPS=4 --seed 2 --cycles 50000 -q"
t "cosim:reexec_q-e4-stores-seed3" "\$WARPGEN_SAN cosim reexec_q --set ENTRIES=4 --set STORES=1 --set THREADS=4 --set ADDR_BITS=16 --set WARPS=8 --seed 3 --cycles 50000 -q"
t "cosim:reexec_q-e8-t32-seed4" "\$WARPGEN_SAN cosim reexec_q --set ENTRIES=8 --set THREADS=32 --set ADDR_BITS=16 --set WARPS=8 --seed 4 --cycles 50000 -q"
for c in $(out/bin/warpgen cosim reexec_q --list 2>/dev/null | awk '/^  [a-z_0-9]+ /{print $1}'); do
	t "case:reexec_q-$c" "\$WARPGEN_SAN cosim reexec_q --case $c -q"
done
# mascar: the composition on the SM/LSU/L1 environment (cosim/mascar/mascar_env.c). The issue's regression,
# WARPS {4,16,48} x ENTRIES {1,2,16,32} x STORES {0,1}, is covered by four configurations x 2 seeds
# here; `make sweep` runs the whole cross product.
MSC_CONFIGS=(
	"w4-e1|--set WARPS=4 --set SCHEDULERS=1 --set ENTRIES=1"
	"w16-e2-stores|--set WARPS=16 --set ENTRIES=2 --set STORES=1"
	"w48-e16-stores|--set ENTRIES=16 --set STORES=1"
	"default|"
)
t "build:mascar-default" "\$WARPGEN cosim mascar --cycles 1000 -q"
for c in "${MSC_CONFIGS[@]}"; do
	seeds="1 2"
	case $c in w48-e16-stores*) continue ;; esac # the slowest (50 s): make sweep runs it
	for seed in $seeds; do
		t "cosim:mascar-${c%%|*}-seed$seed" "\$WARPGEN_SAN cosim mascar ${c#*|} --seed $seed --cycles 30000 -q"
	done
done
t "cosim:mascar-edges" "\$WARPGEN_SAN cosim mascar --set WARPS=2 --set SCHEDULERS=1 --set ENTRIES=1 --set MSHRS=1 --set MISSQ=1 --set SAT_MARGIN_MSHR=0 --set SAT_MARGIN_MQ=0 --cycles 20000 -q"
t "cosim:mascar-s4-small" "\$WARPGEN_SAN cosim mascar --set WARPS=16 --set SCHEDULERS=4 --set ENTRIES=2 --set MSHRS=8 --set MISSQ=4 --set SAT_HYST=1 --set OWNER_IDLE_TIMEOUT=50 --set THREADS=8 --set ADDR_BITS=16 --set OFFSET_BITS=3 --set REG_BITS=4 --set STORES=1 --knob RESET_PPM=500 --cycles 20000 -q"
for c in $(out/bin/warpgen cosim mascar --list 2>/dev/null | awk '/^  [a-z_0-9]+ /{print $1}'); do
	t "case:mascar-$c" "\$WARPGEN_SAN cosim mascar --case $c -q"
done
t "case-neg:mascar-fig46-two-entries" "tests/expect_check_fail.sh 'refused request must find the queue full and stall the LSU' \$WARPGEN cosim mascar --case fig46_reexecution --set ENTRIES=2 --model-only -q"
t "case-neg:mascar-watchdog" "tests/expect_check_fail.sh 'no progress for' \$WARPGEN cosim mascar --set WARPS=4 --set SCHEDULERS=1 --set ENTRIES=1 --knob WATCHDOG=100 --knob L2_LAT=2000 --cycles 20000 --model-only -q"
t "wave:mascar-case" "tests/check_wave.sh mascar fig46_reexecution"
t "energy:reexec_q" "\$WARPGEN energy reexec_q -q | grep -qx 'push n/g' && [ \"\$(\$WARPGEN energy reexec_q -q | grep -c ' n/g\$')\" = 6 ] && \$WARPGEN energy reexec_q | grep -Eq '^replay +n/g +not given in pJ \\(sethia2015\\.tsv:[0-9]+\\): 1 queue access = 0\\.03 L1 accesses' && \$WARPGEN energy reexec_q | grep -Eq '^pop +n/g +not given by the thesis .*0 queue accesses'"
t "energy:wrc" "[ \"\$(\$WARPGEN energy wrc -q | grep -c ' n/g\$')\" = 6 ] && \$WARPGEN energy wrc -q | grep -qx 'wst_write n/g' && \$WARPGEN energy wrc | grep -Eq '^owner_change +n/g +not given by the papers \\(sethia2015\\.tsv:[0-9]+' && \$WARPGEN energy wrc | grep -qx 'clock 0.7 GHz (leakage energy per cycle = leakage mW / clock GHz pJ)'"
t "energy:mascar" "[ \"\$(\$WARPGEN energy mascar -q | grep -c ' n/g\$')\" = 11 ] && \$WARPGEN energy mascar -q | grep -qx 'rq.rotate_move n/g' && \$WARPGEN energy mascar | grep -Eq '^rq\\.push +n/g +rq: not given in pJ .*= 0\\.03 L1 accesses' && \$WARPGEN energy mascar | grep -q '^leakage n/g: sum of the instances.: rq n/g, wrc n/g'"

# --- Equalizer (docs/equalizer.md, docs/vf_manager.md): the per-SM block on a random SM
# environment with kernel profiles and a shadow of the contract (cosim/equalizer/equalizer_stim.c), the
# frequency manager, and the GPU composition on a GPU model (cosim/equalizer_gpu/equalizer_gpu_env.c). The issue's
# regression, WARPS {8,32,48} x EPOCH {256,4096} x SAMPLE_PERIOD {16,128} x both objectives, is
# covered by four configurations x 2 seeds here (every value of every parameter, both objectives);
# `make sweep` runs the whole cross product.
t "gen:help-equalizer" "\$WARPGEN gen equalizer --help | grep -q 'EPOCH *4096'"
t "bad:equalizer-epoch" "tests/expect_bad.sh 'EPOCH=100 must be a power of two in 2..65536 and >= SAMPLE_PERIOD=128' $W gen equalizer --set EPOCH=100 -o @OUT@"
t "bad:equalizer-gpu-sms" "tests/expect_bad.sh 'SMS=33 is out of range (legal range 1..32)' $W gen equalizer_gpu --set SMS=33 -o @OUT@"
t "lint:equalizer-default" "BLOCK=equalizer tests/lint.sh"
t "lint:equalizer-edges" "BLOCK=equalizer tests/lint.sh --set WARPS=1 --set MAX_CTAS=1 --set HYSTERESIS=1 --set SAMPLE_PERIOD=1 --set EPOCH=2"
t "lint:vf_manager-s1-lat1" "BLOCK=vf_manager tests/lint.sh --set SMS=1 --set SM_LAT=1 --set MEM_LAT=1"
t "lint:vf_manager-s32-plurality-lat4096" "BLOCK=vf_manager tests/lint.sh --set SMS=32 --set MAJORITY=PLURALITY --set SM_LAT=1 --set MEM_LAT=4096"
t "lint:equalizer_gpu-s3" "BLOCK=equalizer_gpu tests/lint.sh --set SMS=3 --set WARPS=16"
t "area:equalizer-edges" "\$WARPGEN area equalizer --flops-only --set WARPS=1 --set MAX_CTAS=1 --set HYSTERESIS=1 --set SAMPLE_PERIOD=1 --set EPOCH=2 -q"
t "area:equalizer-w33-c5" "\$WARPGEN area equalizer --flops-only --set WARPS=33 --set MAX_CTAS=5 --set HYSTERESIS=4 --set SAMPLE_PERIOD=4 --set EPOCH=64 -q"
t "area:vf_manager-default" "\$WARPGEN area vf_manager -q"
t "area:vf_manager-lat1" "\$WARPGEN area vf_manager --set SM_LAT=1 --set MEM_LAT=1 -q"
t "area:equalizer_gpu-s3" "\$WARPGEN area equalizer_gpu --flops-only --set SMS=3 -q"
# name|cycles|parameters (at EPOCH=4096, 200,000 cycles are 48 epochs)
EQ_CONFIGS=(
	"w8-e256-s16-energy|30000|--set WARPS=8 --set EPOCH=256 --set SAMPLE_PERIOD=16"
	"w32-e4096-s128-perf|200000|--set WARPS=32 --set OBJECTIVE=PERFORMANCE"
	"w48-e4096-s16-energy|200000|--set SAMPLE_PERIOD=16"
	"w48-e256-s128-perf|30000|--set EPOCH=256 --set OBJECTIVE=PERFORMANCE"
)
for c in "${EQ_CONFIGS[@]}"; do
	IFS='|' read -r name cyc args <<<"$c"
	for seed in 1 2; do
		t "cosim:equalizer-$name-seed$seed" "\$WARPGEN_SAN cosim equalizer $args --knob PROFILE=phases --seed $seed --cycles $cyc -q"
	done
done
t "cosim:equalizer-w16c3-shift-strict-h1" "\$WARPGEN_SAN cosim equalizer --set WARPS=16 --set MAX_CTAS=3 --set SAMPLE_PERIOD=2 --set EPOCH=32 --set HYSTERESIS=1 --set OBJECTIVE=PERFORMANCE --set NORM=SHIFT --set XMEM_STRICT=1 --knob PROFILE=phases --seed 4 --cycles 20000 -q"
t "cosim:equalizer-w64-c16-e2" "\$WARPGEN_SAN cosim equalizer --set SAMPLE_PERIOD=1 --set EPOCH=2 --set WARPS=64 --set MAX_CTAS=16 --set HYSTERESIS=1 --set BARRIER_IS_ACTIVE=1 --seed 5 --cycles 20000 -q"
t "cosim:equalizer-edges" "\$WARPGEN_SAN cosim equalizer --set WARPS=1 --set MAX_CTAS=1 --set HYSTERESIS=1 --set SAMPLE_PERIOD=1 --set EPOCH=2 --seed 6 --cycles 20000 -q"
t "cosim:equalizer-knobs-hot" "\$WARPGEN_SAN cosim equalizer --set WARPS=16 --set MAX_CTAS=3 --set SAMPLE_PERIOD=2 --set EPOCH=32 --set HYSTERESIS=1 --set OBJECTIVE=PERFORMANCE --set NORM=SHIFT --set XMEM_STRICT=1 --knob PROFILE=memory --knob CTA_LIFE=20 --knob GWDE_DELAY=30 --knob RESET_PPM=2000 --knob KGAP=5 --knob KCTAS=5 --seed 7 --cycles 20000 -q"
t "cosim-neg:equalizer-coverage-floor" "tests/expect_check_fail.sh 'coverage floor: ' \$WARPGEN cosim equalizer --set WARPS=8 --set EPOCH=256 --set SAMPLE_PERIOD=16 --knob RESET_PPM=20000 --seed 1 --cycles 30000 --model-only -q"
for c in $(out/bin/warpgen cosim equalizer --list 2>/dev/null | awk '/^  [a-z_0-9]+ /{print $1}'); do
	t "case:equalizer-$c" "\$WARPGEN_SAN cosim equalizer --case $c -q"
done
t "case-neg:equalizer-tt-shift" "tests/expect_check_fail.sh 'vote 0 vf 0 T 8, expected delta 0 vote 2 vf 1 T 8' \$WARPGEN cosim equalizer --case tt_xmem_over_2 --set NORM=SHIFT --model-only -q"
t "case-neg:equalizer-vf-energy" "tests/expect_check_fail.sh 'vf 3 T 8, expected delta 0 vote 1 vf 5' \$WARPGEN cosim equalizer --case vf_performance --set OBJECTIVE=ENERGY --model-only -q"
# vf_manager: random strobes closer than the latencies (drops), the thesis's latencies, plurality
for seed in 1 2; do
	t "cosim:vf_manager-lat8-seed$seed" "\$WARPGEN_SAN cosim vf_manager --set SM_LAT=8 --set MEM_LAT=12 --knob EPOCH=12 --knob JITTER=10 --seed $seed --cycles 30000 -q"
done
t "cosim:vf_manager-default-seed4" "\$WARPGEN_SAN cosim vf_manager --seed 4 --cycles 30000 -q"
t "cosim:vf_manager-s4-plurality" "\$WARPGEN_SAN cosim vf_manager --set SMS=4 --set MAJORITY=PLURALITY --set SM_LAT=8 --set MEM_LAT=12 --knob EPOCH=10 --knob JITTER=9 --knob RESET_PPM=2000 --seed 5 --cycles 30000 -q"
for c in $(out/bin/warpgen cosim vf_manager --list 2>/dev/null | awk '/^  [a-z_0-9]+ /{print $1}'); do
	t "case:vf_manager-$c" "\$WARPGEN_SAN cosim vf_manager --case $c -q"
done
t "case:vf_manager-tie_is_none-s15" "\$WARPGEN_SAN cosim vf_manager --case tie_is_none --set SMS=15 -q"
t "case-neg:vf_manager-strict-under-plurality" "tests/expect_check_fail.sh 'strobe 0: win_o = 5, expected 0' \$WARPGEN cosim vf_manager --case strict_majority --set MAJORITY=PLURALITY --model-only -q"
# equalizer_gpu: the composed GPU at SMS {1, 3, 15} (15 x 48 warps runs in `make`)
EQG_CONFIGS=(
	"sms1-drops|--set SMS=1 --set WARPS=8 --set MAX_CTAS=4 --set SAMPLE_PERIOD=8 --set EPOCH=256 --set SM_LAT=300 --set MEM_LAT=100"
	"sms3|--set SMS=3 --set WARPS=16 --set MAX_CTAS=8 --set SAMPLE_PERIOD=16 --set EPOCH=512 --set SM_LAT=64 --set MEM_LAT=64"
	"sms15-perf-plurality|--set SMS=15 --set WARPS=8 --set SAMPLE_PERIOD=16 --set EPOCH=512 --set SM_LAT=64 --set MEM_LAT=64 --set OBJECTIVE=PERFORMANCE --set MAJORITY=PLURALITY"
)
for c in "${EQG_CONFIGS[@]}"; do
	seeds="1 2"
	case $c in sms15*) continue ;; esac # the largest (40 s): make sweep runs it; 15 SMs at gate level above
	for seed in $seeds; do
		t "cosim:equalizer_gpu-${c%%|*}-seed$seed" "\$WARPGEN_SAN cosim equalizer_gpu ${c#*|} --knob KLEN=40 --knob CTAS=6 --knob RESET_PPM=30 --seed $seed --cycles 20000 -q"
	done
done
# epoch ends in the gaps between kernels (no kernel: every SM decides 0 / NONE)
t "cosim:equalizer_gpu-sms3-kgap-seed1" "\$WARPGEN_SAN cosim equalizer_gpu --set SMS=3 --set WARPS=16 --set MAX_CTAS=8 --set SAMPLE_PERIOD=16 --set EPOCH=512 --set SM_LAT=64 --set MEM_LAT=64 --knob KLEN=40 --knob CTAS=6 --knob KGAP=700 --knob RESET_PPM=30 --seed 1 --cycles 20000 -q"
for c in $(out/bin/warpgen cosim equalizer_gpu --list 2>/dev/null | awk '/^  [a-z_0-9]+ /{print $1}'); do
	t "case:equalizer_gpu-$c" "\$WARPGEN_SAN cosim equalizer_gpu --case $c -q"
done
t "stats:equalizer_gpu-profiles" "d=\$(mktemp -d) && \$WARPGEN_SAN stats equalizer_gpu --set SMS=3 --set WARPS=16 --set SAMPLE_PERIOD=16 --set EPOCH=512 --cycles 30000 -q -o \$d >/dev/null && for p in COMPUTE MEMORY CACHE UNSAT IMBALANCE PHASE; do [ -s \$d/equalizer_gpu_\$p.csv ] && { ! command -v gnuplot >/dev/null || [ -s \$d/equalizer_gpu_\$p.png ]; } || exit 1; done && awk -F, '\$1==\"MEMORY\"&&!(\$9<6){f=1} \$1==\"UNSAT\"&&\$9!=8{f=1} \$NF!=1&&NR>1{f=1} END{exit f}' \$d/equalizer_gpu_summary.csv; rc=\$?; rm -rf \$d; exit \$rc"
t "stats:equalizer_gpu-deterministic" "d=\$(mktemp -d) && for r in 1 2; do \$WARPGEN stats equalizer_gpu --set SMS=3 --set WARPS=16 --set EPOCH=512 --set SAMPLE_PERIOD=16 --cycles 30000 -q -o \$d/\$r >/dev/null || exit 1; done && cmp \$d/1/equalizer_gpu_CACHE.csv \$d/2/equalizer_gpu_CACHE.csv && cmp \$d/1/equalizer_gpu_PHASE.csv \$d/2/equalizer_gpu_PHASE.csv && cmp \$d/1/equalizer_gpu_summary.csv \$d/2/equalizer_gpu_summary.csv; rc=\$?; rm -rf \$d; exit \$rc"
t "stats-neg:equalizer_gpu-watchdog" "tests/expect_check_fail.sh 'no issue and no memory return' \$WARPGEN stats equalizer_gpu --profile MEMORY --knob MEM_LAT=2000 --knob WATCHDOG=500 --set SMS=3 --set WARPS=16 --cycles 20000 -q -o /tmp/eqg-neg"
t "wave:equalizer-case" "tests/check_wave.sh equalizer hyst_broken_third_epoch"
t "gen:equalizer-paper-storage" "tests/equalizer_storage.sh"
t "energy:equalizer" "[ \"\$(\$WARPGEN energy equalizer -q | grep -c ' n/g\$')\" = 8 ] && \$WARPGEN energy equalizer -q | grep -qx 'decide n/g' && \$WARPGEN energy equalizer | grep -Eq '^decide +n/g +not given by the papers \\(sethia2015\\.tsv:[0-9]+, .*\\): no pJ in the thesis: Alg\\. 1 runs once per 4096-cycle epoch' && \$WARPGEN energy equalizer | grep -q '56 bits per SM'"
t "energy:vf_manager" "[ \"\$(\$WARPGEN energy vf_manager -q | grep -c ' n/g\$')\" = 5 ] && \$WARPGEN energy vf_manager | grep -q '(V/V0)^2: 1.3225 at high,\$'"
t "energy:equalizer_gpu" "[ \"\$(\$WARPGEN energy equalizer_gpu -q | grep -c ' n/g\$')\" = 12 ] && \$WARPGEN energy equalizer_gpu -q | grep -qx 'vfm.start n/g' && \$WARPGEN energy equalizer_gpu | grep -q '^leakage n/g: sum of the instances.: eq n/g, vfm n/g'"

# --- APOGEE prefetch table (docs/prefetch_table.md): random loads from access profiles on an L1 and
# memory model (cosim/prefetch_table/prefetch_table_env.c), directed cases (cosim/prefetch_table/prefetch_table_stim_cases.c). The issue's
# regression, ENTRIES {1,4,64} x WARPS {1,4,8} x LANES_PER_CYCLE {1,8,32} x THREADS {8,32}, is
# covered by four configurations x 2 seeds here (every value of every parameter; the defaults,
# 64 entries x 32 threads, run in `make`); `make sweep` runs the whole cross product.
t "gen:help-prefetch_table" "\$WARPGEN gen prefetch_table --help | grep -q 'ENTRIES *64'"
t "bad:prefetch_table-tidx" "tests/expect_bad.sh 'TIDX_BITS=5 must hold THREADS=32 lanes' $W gen prefetch_table --set TIDX_BITS=5 -o @OUT@"
t "lint:prefetch_table-small" "BLOCK=prefetch_table tests/lint.sh --set ENTRIES=4 --set THREADS=8 --set WARPS=2 --set PQ_DEPTH=4"
t "lint:prefetch_table-edges" "BLOCK=prefetch_table tests/lint.sh --set ENTRIES=1 --set WARPS=1 --set THREADS=8 --set LANES_PER_CYCLE=1 --set PQ_DEPTH=1 --set ISSUE_LAT=0"
t "area:prefetch_table-edges" "\$WARPGEN area prefetch_table --flops-only --set ENTRIES=1 --set WARPS=1 --set THREADS=8 --set LANES_PER_CYCLE=1 --set PQ_DEPTH=1 --set ISSUE_LAT=0 -q"
PT_CONFIGS=(
	"e1-w1-l1-t8|--set ENTRIES=1 --set WARPS=1 --set LANES_PER_CYCLE=1 --set THREADS=8"
	"e4-w4-l8-t8|--set ENTRIES=4 --set THREADS=8"
	"e4-w8-l32-t32|--set ENTRIES=4 --set WARPS=8 --set LANES_PER_CYCLE=32"
	"e64-w4-l8-t8|--set THREADS=8"
)
for c in "${PT_CONFIGS[@]}"; do
	seeds="1 2"
	case $c in e64*) seeds=1 ;; esac # the thesis's size: one seed here, more in make sweep
	for seed in $seeds; do
		t "cosim:prefetch_table-${c%%|*}-seed$seed" "\$WARPGEN_SAN cosim prefetch_table ${c#*|} --seed $seed --knob MEM_LAT=100 --knob GAP=8 --knob PHASE_CYC=1000 --cycles 10000 -q"
	done
done
for c in $(out/bin/warpgen cosim prefetch_table --list 2>/dev/null | awk '/^  [a-z_0-9]+ /{print $1}'); do
	t "case:prefetch_table-$c" "\$WARPGEN_SAN cosim prefetch_table --case $c -q"
done
t "case-neg:prefetch_table-min-active-2" "tests/expect_check_fail.sh 'two_thread_warp: cycle 7: unexpected line 0x21 issued (only 0 expected)' \$WARPGEN cosim prefetch_table --case two_thread_warp --set MIN_ACTIVE=2 --model-only -q"
t "case-neg:prefetch_table-dist-bits-3" "tests/expect_check_fail.sh 'issued line #3: 0x27 tag 0x22, expected 0x26' \$WARPGEN cosim prefetch_table --case distance_slow_then_early --set DIST_BITS=3 --model-only -q"
t "stats:prefetch_table-stream" "\$WARPGEN_SAN stats prefetch_table --profile stream --cycles 50000 | awk '/accuracy/{a=\$2} END{exit !(a+0 >= 80)}'"
t "bad:stats-pt-profile" "tests/expect_bad.sh 'profile bogus: stream' $W stats prefetch_table --profile bogus"
t "gen:prefetch_table-paper-storage" "tests/prefetch_table_storage.sh"
t "energy:prefetch_table" "[ \"\$(\$WARPGEN energy prefetch_table -q | grep -c ' n/g\$')\" = 17 ] && \$WARPGEN energy prefetch_table -q | grep -qx 'lookup n/g' && \$WARPGEN energy prefetch_table | grep -Eq '^lookup +n/g +not given by the papers \\(sethia2015\\.tsv:[0-9]+, .*\\): no pJ in the thesis: a load.s PC compared with the 64 entries of the Artisan SRAM \\(64 x 73 bits, TSMC 65 nm\\)' && \$WARPGEN energy prefetch_table | grep -q '64 x 73-bit entries = 4672 bits' && \$WARPGEN energy prefetch_table | grep -qx 'clock 1 GHz (leakage energy per cycle = leakage mW / clock GHz pJ)'"

# --- power tables, scaling rules, power modes, the report and its plots (docs/energy-model.md §8, §9,
# docs/power-modes.md, docs/user-guide.md "The report", "Plots"); the unit tests test_paper_tables,
# test_scale and test_pmode run in the unit loop above ---
t "bad:energy-node-range" "tests/expect_bad.sh \"--node: node '300nm' is outside the scaling rules' range 7..250 nm\" $W energy rfc --node 300nm"
t "bad:energy-vdd-range" "tests/expect_bad.sh \"--vdd: supply '2' is outside the scaling rules' range 0.2..1.5 V\" $W energy rfc --vdd 2"
t "energy:scale-node-vdd" "\$WARPGEN energy rfc --node 65nm --vdd 1.0 -q | grep -qx 'mrf_read 250.37' && \$WARPGEN energy rename --node 65 -q | grep -qx 'leakage_mw 1.755' && \$WARPGEN energy rfc --node 65nm --vdd 1.0 | grep -Eq '^mrf_read +250\\.3704  dynamic: 124\\.8000 pJ x \\(L 65/40\\) x \\(V 1/0\\.9\\)\\^2'"
t "energy:leak-per-bit" "\$WARPGEN energy rename | grep -q '^leakage per storage bit 63.57 nW/bit: 1.08 mW / 16989 storage bits' && \$WARPGEN energy sched2l | grep -q '^leakage per storage bit n/g'"
t "report:check" "tests/report_check.sh"
t "plots:check" "tests/plots_check.sh"

# --- waveform scenarios (docs/user-guide.md §3): `warpgen wave` on directed cases (the traced builds of
# the wave:*-case tests above), a failing scenario, bad input ---
t "wave:check-rfc" "tests/wave_check.sh rfc victim_vs_inflight_reader"
t "wave:check-sched2l" "tests/wave_check.sh sched2l barrier_all_active"
t "wave:check-equalizer-window" "tests/wave_check.sh equalizer hyst_broken_third_epoch"
t "wave:negative-rename" "tests/wave_check.sh rename early_release_detected"
t "wave:negative-sched2l" "tests/wave_check.sh sched2l barrier_deadlock_without_demotion"
t "wave:gallery" "tests/gallery_check.sh"
t "wave:case-fails" "tests/expect_check_fail.sh 'LRU: the read of r1 makes r2 the victim' \$WARPGEN wave rfc --case lru_read_touch --set REPLACEMENT=FIFO -o out/tests/wave-fail --no-png"
t "bad:wave-no-case" "tests/expect_bad.sh '--case NAME is required' $W wave rfc -o @OUT@"

# --- Liberty reader (power_tables/wg_liberty.c; unit test test_liberty) ---
t "bad:liberty-syntax" "tests/expect_bad.sh \"tests/data/liberty_bad.lib:8: bad number '0.0x1' for 'cell_leakage_power'\" $W liberty tests/data/liberty_bad.lib"
t "bad:liberty-option" "tests/expect_bad.sh \"unknown option '--bogus'\" $W liberty tests/data/liberty_bad.lib --bogus"

# --- gate-level co-simulation, continued: the small rfc in the full flow, in both simulators, and
# its netlist with one gate changed, which must mismatch (defaults: at the top) ---
t "cosim:rfc-gate-small" "tests/gate_check.sh pass rfc 20000 --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4"
t "cosim:rfc-gate-verilator" "tests/gate_check.sh verilator rfc 20000 --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4"
t "mutant:rfc-gate-xor" "tests/gate_check.sh mutant rfc 20000 --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4"
# ... and mapped to a Liberty library's cells (sky130, else OSU): the small rfc and sched2l's default
t "cosim:rfc-gate-mapped-small" "tests/gate_check.sh mapped rfc 20000 --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4"
t "cosim:sched2l-gate-mapped-default" "tests/gate_check.sh mapped sched2l 20000"
t "bad:cosim-mapped-no-liberty" "tests/expect_bad.sh '--synth mapped needs --liberty FILE' $W cosim rfc --gate --synth mapped"
t "bad:cosim-synth-flow" "tests/expect_bad.sh '--synth: fast is not full, quick or mapped' $W cosim rfc --gate --synth fast"
t "bad:cosim-gate-sim" "tests/expect_bad.sh '--gate-sim: spice is not native or verilator' $W cosim rfc --gate --gate-sim spice"
t "bad:cosim-blif-alone" "tests/expect_bad.sh '--blif goes with --gate' $W cosim rfc --blif /dev/null"
t "bad:cosim-blif-ports" "tests/expect_bad.sh 'the netlist has no input port bit' $W cosim rfc --gate --blif tests/data/not_rfc.blif"
t "bad:cosim-gate-wave" "tests/expect_bad.sh 'the native gate-level simulator writes no dumps' $W cosim rfc --gate --wave"
t "bad:cosim-gate-rtl" "tests/expect_bad.sh 'co-simulates the synthesized netlist' $W cosim rfc --gate --rtl /dev/null"
