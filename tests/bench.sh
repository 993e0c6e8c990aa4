#!/usr/bin/env bash
# bench.sh - `make bench`: speed of every block at its paper's default size, as
# ratios measured side by side in one run (absolute cycles/s drift with the load
# of a shared machine; the ratios are the figures to compare):
#   (a) the Verilated model alone on pre-generated stimulus, (b) the C model alone
#   on the same stimulus, (c) the full co-simulation, (d) the co-simulation on the
#   coverage build; (c)/(a), (b)/(a) and (d)/(c), the cost of coverage.
# Then the renaming table at the paper's largest size (48 warps x 63 registers, 1024
# physical registers, the unconstrained 3024-entry table), built from scratch so that
# the Verilator build time shows. Then gate-level co-simulation beside the RTL's: the
# small rfc (native and Verilator) and wrc at its default size (native; Yosys takes about
# a minute the first time). Last, the regression engines' throughput (tests/bench_regress.sh).
# OUT (as make's) names the build and, unless WARPGEN_OUT is set, the output folder: the JSON go to
# $WARPGEN_OUT/bench/. BLOCKS="A B": only those blocks; QUICK=1: stop after the blocks' table
# (e.g. QUICK=1 BLOCKS=vf_manager CYCLES=2000 COVERAGE=0 tests/bench.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-out}
[ "$OUT" != out ] && [ -z "${WARPGEN_OUT:-}" ] && export WARPGEN_OUT=$PWD/$OUT
wo=${WARPGEN_OUT:-$PWD/out}
wg=$OUT/bin/warpgen
bdir=$wo/bench
mkdir -p "$bdir"
# (d): the same co-simulation on the coverage build of the same configuration (warpgen cosim
# --coverage's model, line and toggle counters), in the same rounds: (d)/(c) is what coverage costs.
# Its builds are cached like the others (the first make bench builds every block's once); COVERAGE=0
# leaves (d) out.
cov=(--coverage)
[ "${COVERAGE:-1}" = 0 ] && cov=()
for block in ${BLOCKS:-$($wg list | awk '{print $1}')}; do
	$wg bench "$block" --cycles "${CYCLES:-500000}" "${cov[@]}" --json "$bdir/$block.json" 2>&1 | grep -v '^build'
done
echo "every block at its default size (M cycles/s; (a) Verilated model alone, (b) C model alone, (c) co-simulation):"
tests/bench_table.sh "$bdir"
[ "${QUICK:-0}" = 1 ] && exit 0
# Built from scratch in a cache of its own (--out), not by emptying out/cache/rename under other users'
# runs; its Verilator runtime folder is the shared one (compiled already), so the time is the model's.
# issue 22's extensions at the configurations their defaults do not reach, and the composition at its
# small size (docs/hrf_sm.md "Bench"): rename with TFET classes, sched2l's TRWS, hrf_sm small
$wg bench rename --set TFET_ROWS=56 --set CLASS=MEM_RA --set GATING=STATIC --cycles "${CYCLES:-500000}" --json "$bdir/rename-tfet56.json" 2>&1 | grep -v '^build'
$wg bench sched2l --set SELECT=TRWS --cycles "${CYCLES:-500000}" --json "$bdir/sched2l-trws.json" 2>&1 | grep -v '^build'
$wg bench hrf_sm --set WARPS=8 --set REGS=20 --set PHYS_REGS=64 --set RT_ENTRIES=160 --set TFET_ROWS=4 --set TFET_REGS=16 --knob ILEN=60 --cycles "${CYCLES:-500000}" --json "$bdir/hrf_sm-small.json" 2>&1 | grep -v '^build'
fresh=$bdir/fresh-out
rm -rf "$fresh" && mkdir -p "$fresh" "$wo/vlrt" && ln -s "$wo/vlrt" "$fresh/vlrt"
echo "paper's largest renaming table (Verilator build from scratch):"
$wg --out "$fresh" bench rename --set RT_ENTRIES=3024 --cycles "${CYCLES:-500000}" --json "$bdir/rename-rt3024.json" 2>&1 |
	sed 's/^build: done in/Verilator build: done in/' | grep -v '^build'
rm -rf "$fresh"
# Gate-level co-simulation beside the RTL's, in one run: the RTL under Verilator, the Yosys
# generic-gate netlist in warpgen's own simulator (native, toggles counted) and, for the small
# netlist, the same netlist under Verilator (gate.v). The ratios are in the last column.
gate_bench() { # NAME ARGS...: one line per simulator, cycles/s and the ratio to the RTL's
	local name=$1 rtl="" line rate
	shift
	for m in rtl native verilator; do
		[ "$m" = verilator ] && [ "$name" != small-rfc ] && continue
		case $m in
		rtl) opts=() ;;
		native) opts=(--gate) ;;
		verilator) opts=(--gate --gate-sim verilator) ;;
		esac
		line=$($wg cosim "$@" "${opts[@]}" --cycles "${GATE_CYCLES:-100000}" -q 2>&1 | grep '^PASS' | sed 's/ rtl=[^ ]*//')
		rate=$(sed -n 's/.*(\([0-9.]*\) \([kM]\) cycles\/s).*/\1 \2/p' <<<"$line" | awk '{print $1 * ($2 == "M" ? 1e6 : 1e3)}')
		[ "$m" = rtl ] && rtl=$rate
		printf '%-10s %-10s %s  (%s of the RTL)\n' "$name" "$m:" "$line" "$(awk -v a="$rate" -v b="$rtl" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')"
	done
}
echo "gate-level co-simulation beside the RTL's (cycles/s; ratio to the RTL in the same run):"
gate_bench small-rfc rfc --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4
gate_bench wrc wrc
# regressions: local -j 1 against -j 2, and the slurm engine's cost per task (docs/cosim.md)
tests/bench_regress.sh
echo "results: $bdir/*.json"
