# rfc_tests.sh - the register file cache's tests, regressions and main-job points (read by
# tests/decl.sh; the functions are documented there and in docs/adding-a-block.md).

# Configurations of the regression: ACTIVE_WARPS {1,4,8,32} x ENTRIES {1,4,6,8} x LANES {1,4,32},
# FIFO and LRU, liveness on and off, and the other knobs' edges (the whole cross product: sweep).
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
gate_synth quick
gate_small "--set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4" full

# --- fast: a short random run and a directed case (small builds) ---
t fast-only "cosim:rfc-a1e1l1-short" "\$WARPGEN_SAN cosim rfc --set WARPS=4 --set ACTIVE_WARPS=1 --set ENTRIES=1 --set LANES=1 --seed 3 --cycles 5000 -q"
t fast-only "case:rfc-fast-lru_read_touch" "\$WARPGEN_SAN cosim rfc --case lru_read_touch -q"

# --- lint: every configuration and every directed case's configuration ---
for c in "${RFC_CONFIGS[@]}"; do
	tier=test
	case $c in a32e8l4* | a32e1l1-w64*) tier=sweep ;; esac # Yosys takes 12-20 s for each
	case $c in a8e8l1-lru*) tier=sweep ;; esac # (LRU: a4e4l4-lru-nolive's lint)
	t $tier "lint:rfc-${c%%|*}" "tests/lint.sh ${c#*|}"
done
lint_cases sweep # (every case configuration is co-simulated in make test; the lints of the sizes above cover the template)
t test "lint:rfc-smallest" "tests/lint.sh --set WARPS=1 --set ACTIVE_WARPS=1 --set ENTRIES=1 --set LANES=1 --set WIDTH=1 --set REG_BITS=1 --set READ_PORTS=1 --set READ_LAT=1 --set FLUSH_PORTS=1 --set LIVENESS=0" # every parameter at its smallest legal value

# --- co-simulation: 2 seeds x 100,000 cycles per configuration (C side under ASan/UBSan); make
# test runs the second seed of the default only (with the directed cases, three seeds a block) ---
t test "build:rfc-default" "\$WARPGEN cosim rfc --cycles 1000 -q"
for c in "${RFC_CONFIGS[@]}"; do
	for seed in 1 2; do
		tier=test
		case $c in a32e1l1-w64*) tier=sweep ;; esac # a build and 10 s of simulation each
		case $c:$seed in default*:2) ;; *:2) tier=sweep ;; esac
		t $tier "cosim:rfc-${c%%|*}-seed$seed" "\$WARPGEN_SAN cosim rfc ${c#*|} --seed $seed --cycles 100000 -q"
	done
done
# the pipelined loop (stimulus + C model in a thread) under ThreadSanitizer
t sweep "tsan:cosim-pipelined" "WARPGEN_LOOP=pipelined \$OUT/bin/warpgen-tsan cosim rfc --set ACTIVE_WARPS=4 --set LANES=4 --seed 9 --cycles 50000 -q"
# random stimulus with the knobs at their edges
t test "cosim:rfc-knobs-hot" "\$WARPGEN_SAN cosim rfc --set ACTIVE_WARPS=4 --set LANES=4 --knob REUSE=2 --knob FLUSH_PM=200 --knob LATE_PCT=50 --knob PARTIAL_PCT=50 --cycles 100000 -q"
t test "cosim:rfc-knobs-cold" "\$WARPGEN_SAN cosim rfc --set ACTIVE_WARPS=4 --set LANES=4 --knob REUSE=64 --knob LL_PCT=0 --knob FLUSH_PM=0 --knob EXIT_PM=0 --knob RESET_PPM=0 --cycles 100000 -q"

# --- directed cases, each self-checking; and their checks can fail (--model-only: the
# stimulus's checks on the C model alone, where the behaviour they check does not hold) ---
cases test "rfc-"
t test "cosim:model-only-pass" "\$WARPGEN_SAN cosim rfc --model-only --seed 2 --cycles 20000 | grep -q '^PASS rfc default seed=2 cycles=20000 (.*C model only: equivalence not checked)'"
t test "case-neg:lru-under-fifo" "tests/expect_check_fail.sh 'LRU: the read of r1 makes r2 the victim' \$WARPGEN cosim rfc --case lru_read_touch --set REPLACEMENT=FIFO --model-only -q"
t test "case-neg:dead-without-liveness" "tests/expect_check_fail.sh 'the dead r1 is dropped without a write-back' \$WARPGEN cosim rfc --case dead_victim_not_written_back --set LIVENESS=0 --model-only -q"
t test "case-neg:pins-with-read-lat-1" "tests/expect_check_fail.sh 'the miss should evict r2 (r1 is pinned), not r1' \$WARPGEN cosim rfc --case victim_vs_inflight_reader --set READ_LAT=1 --model-only -q"

# --- RTL mutants: make test runs two, make sweep every one ---
mutant_args "--set ACTIVE_WARPS=4 --set ENTRIES=4 --set LANES=4 --set WIDTH=8"
mutant ignore-pins test 's/if (!pin\[e\] \&\& (!v_ok/if ((!v_ok/'
mutant victim-youngest sweep 's/(ws_rank\[e\*IBW +: IBW\] > best)/(ws_rank[e*IBW +: IBW] < best)/'
mutant flush-keeps-dead sweep 's/^        v = v \& ~d;   /        v = v;   /'
mutant reset-forgets-valid sweep '/^        v   = {N{1.b0}};$/d'
mutant rd-data-ungated sweep 's/= bus \& {L\*W{rd_ok\[gp\]}};/= bus;/'
mutant no-late-kill sweep 's/late_kill = ws_drain \&\& m_found;/late_kill = 1'"'"'b0;/'
mutant partial-bypass-drops-lanes sweep 's/w_thru = m_found \&\& !(\&wr_mask_i);/w_thru = 1'"'"'b0;/'

# --- area: Yosys flip-flop bits equal the predicted storage bits ---
t test "area:rfc-small" "\$WARPGEN area rfc --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4 -q"
t sweep "area:rfc-a4e4l4-lru" "\$WARPGEN area rfc --set ACTIVE_WARPS=4 --set ENTRIES=4 --set LANES=4 --set WIDTH=8 --set REPLACEMENT=LRU -q"
t test "area:rfc-a1e1" "\$WARPGEN area rfc --set ACTIVE_WARPS=1 --set ENTRIES=1 --set LANES=1 --set WARPS=1 -q"
t test "area:rfc-sky130" "tests/area_sky130.sh"

# --- waveforms ---
t sweep "wave:rfc-case" "tests/check_wave.sh"
t test "wave:check-rfc" "tests/wave_check.sh rfc victim_vs_inflight_reader"
t test "wave:case-fails" "tests/expect_check_fail.sh 'LRU: the read of r1 makes r2 the victim' \$WARPGEN wave rfc --case lru_read_touch --set REPLACEMENT=FIFO -o \$OUT/tests/wave-fail --no-png"

# --- gate level: the small rfc (gate_small above) in the full flow in Verilator too, its netlist with one gate
# changed (must mismatch), and mapped to a Liberty library's cells (sky130, else OSU) ---
t test "cosim:rfc-gate-verilator" "tests/gate_check.sh verilator rfc 20000 --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4"
t test "mutant:rfc-gate-xor" "tests/gate_check.sh mutant rfc 20000 --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4"
t test "cosim:rfc-gate-mapped-small" "tests/gate_check.sh mapped rfc 20000 --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4"
t sweep "gate:rfc-a1e1l1-200000" "tests/gate_check.sh pass rfc 200000 --set WARPS=4 --set ACTIVE_WARPS=1 --set ENTRIES=1 --set LANES=1"

# --- sweep: the whole cross product, SEEDS seeds x CYCLES cycles each ---
for a in 1 4 8 32; do for e in 1 4 6 8; do for l in 1 4 32; do for r in FIFO LRU; do for v in 0 1; do
	for ((s = 1; s <= ${SEEDS:-5}; s++)); do
		t sweep "cosim:rfc-a$a-e$e-l$l-${r,,}-live$v-long-seed$s" "\$WARPGEN cosim rfc --set ACTIVE_WARPS=$a --set ENTRIES=$e --set LANES=$l --set REPLACEMENT=$r --set LIVENESS=$v --seed $s --cycles ${CYCLES:-1000000} -q"
	done
done; done; done; done; done

# --- main job: the paper's default (8 active warps x 6 entries) and two other points of its Table 2 ---
main rfc-default "rfc"
main rfc-a4-e4 "rfc --set ACTIVE_WARPS=4 --set ENTRIES=4"
main rfc-a8-e8 "rfc --set ENTRIES=8"
plot_size ENTRIES "2 4 6 8" "ACTIVE_WARPS=4 LANES=2 WIDTH=8" full
main_report 5 rfc_report

# The energy per event at the paper's default size (on the terminal; the report has the table).
rfc_report() {
	echo
	echo "energy per event at the paper's default size (warpgen energy rfc):"
	$W energy rfc | sed 's/^/  /'
	echo
}

# Functional coverage closure (docs/rfc.md "Functional coverage points"): two configurations the
# sweep's cross product co-simulates against the RTL (the default, and one active warp with 4
# entries and 4 lanes, where every entry of the one slot is pinned often), 1,000,000 random cycles
# each, and every point hit at least 10 times in one of them (C model only: the counts are the same
# with the RTL, docs/cosim.md "Functional coverage").
t sweep "fcov:rfc-closure" "for a in '' '--set ACTIVE_WARPS=1 --set ENTRIES=4 --set LANES=4 --set REPLACEMENT=FIFO --set LIVENESS=1'; do \$WARPGEN cosim rfc \$a --model-only --seed 1 --cycles 1000000; done | awk -v runs=2 -f tests/fcov_closure.awk"

# Code and toggle coverage closure (issue 24 item 3; docs/rfc.md "Coverage"), re-measured by
# `warpgen regress --tier sweep --filter rfc-cov --coverage` merged with the runs of the default,
# a1-e4-l4, a4-e4-l4-lru-live0 and a32e1l1-w64-rp4 (stop 44: every template bit toggled): REUSE=64
# draws every register id of REG_BITS=6 (the ids' high bits, the tags; tag_q is a toggle point only
# where the array has at most 256 bits: 4 and 32 slots of 1-4 entries here, not the default's
# 8 x 6); the 32-slot edge with 4 entries (a32e4l1-w64-fp4) drains up to 4 entries in one cycle
# (drain ports 1-3: at one entry a cycle has at most two drain candidates, and at LANES=1 one) and
# moves the LRU rank of slots 8-31.
RFC_COV_A32E4="--set ACTIVE_WARPS=32 --set ENTRIES=4 --set LANES=1 --set WIDTH=64 --set REPLACEMENT=LRU --set READ_PORTS=4 --set READ_LAT=4 --set FLUSH_PORTS=4"
RFC_COV_A32E1="--set ACTIVE_WARPS=32 --set ENTRIES=1 --set LANES=1 --set WIDTH=64 --set REPLACEMENT=LRU --set READ_PORTS=4 --set READ_LAT=4 --set FLUSH_PORTS=4"
t sweep "cosim:rfc-cov-a32e4l1-w64-fp4-reuse64-seed1" "\$WARPGEN cosim rfc $RFC_COV_A32E4 --knob REUSE=64 --seed 1 --cycles 300000 -q"
t sweep "cosim:rfc-cov-a32e1l1-w64-rp4-reuse64-seed1" "\$WARPGEN cosim rfc $RFC_COV_A32E1 --knob REUSE=64 --seed 1 --cycles 1000000 -q"
t sweep "cosim:rfc-cov-default-reuse64-seed1" "\$WARPGEN cosim rfc --knob REUSE=64 --seed 1 --cycles 300000 -q"
t sweep "cosim:rfc-cov-a4e4l4-lru-live0-reuse64-seed1" "\$WARPGEN cosim rfc --set ACTIVE_WARPS=4 --set ENTRIES=4 --set LANES=4 --set REPLACEMENT=LRU --set LIVENESS=0 --knob REUSE=64 --seed 1 --cycles 100000 -q"
