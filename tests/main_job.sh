#!/usr/bin/env bash
# main_job.sh - `make`: every block at its papers' default size and at other sizes:
# generate, lint, co-simulate 1,000,000 cycles against the C model, area (Yosys,
# OSU 0.18 um cells) and energy (power_tables/), then one report: a table on
# stdout, out/report.json and out/report.md (with the step times of each configuration,
# out/main/NAME/steps.json, and the papers' figures beside ours). Exit 1 if any check fails.
set -uo pipefail
cd "$(dirname "$0")/.."
W=out/bin/warpgen
CYCLES=${CYCLES:-1000000}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
# The configurations and the report sections come from each block's file,
# cosim/<block>/<block>_tests.sh (`main NAME ARGS`, `main_area_opt`, `main_report ORDER FUNCTION`;
# tests/decl.sh): the papers' default sizes and a few other points.
. tests/decl.sh
CONFIGS=()
while IFS= read -r c; do CONFIGS+=("$c"); done < <(decl_read main)
REPORTS=()
while IFS= read -r r; do REPORTS+=("$r"); done < <(decl_read reports | sort -n)
decl_read define # once more in this shell, for the report functions the block files define
rm -rf out/main && mkdir -p out/main
# step NAME CMD...: run one step, append its wall-clock seconds and status to $steps
step() {
	local s=$1 t0 t1 rc
	shift
	t0=$(date +%s.%N)
	"$@"
	rc=$?
	t1=$(date +%s.%N)
	steps+=("{\"step\": \"$s\", \"seconds\": $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'), \"rc\": $rc}")
	return $rc
}
one() { # NAME ARGS AREA_OPT: every step of one configuration, one line each; times in $d/steps.json
	local name=$1 args=$2 aopt=$3 d=out/main/$1 rc=0
	local -a steps=()
	mkdir -p "$d"
	step gen $W gen $args -o "$d/rtl" -q || rc=1
	local block=${args%% *} params=""
	[ "$args" = "$block" ] || params=${args#* }
	step lint env BLOCK=$block tests/lint.sh $params >"$d/lint.log" 2>&1 && echo "$name: lint clean (verilator -Wall, yosys, iverilog)" ||
		{ echo "$name: LINT FAILED (see $d/lint.log)"; rc=1; }
	step cosim $W cosim $args --seed 1 --cycles "$CYCLES" --json "$d/cosim.json" >"$d/cosim.log" 2>&1 || rc=1
	echo "$name: $(grep -E '^(PASS|FAIL|MISMATCH)' "$d/cosim.log" | head -1)"
	# aopt: --flops-only where the block's file says so (the gate mapping of the renaming table and
	# the re-execution queue takes Yosys 10-25 minutes; `warpgen area BLOCK` runs the full flow)
	step area $W area $args $aopt --json "$d/area.json" >"$d/area.log" 2>&1 || rc=1
	echo "$name: area $(grep -iE 'flip-flop|flop' "$d/area.log" | head -1)"
	step energy $W energy $args >"$d/energy.log" 2>&1 || rc=1
	# read by `warpgen report` beside cosim.json (step times per configuration)
	local IFS=,
	printf '{"name": "%s", "args": "%s", "steps": [%s]}\n' "$name" "$args" "${steps[*]}" >"$d/steps.json.tmp" &&
		mv "$d/steps.json.tmp" "$d/steps.json"
	return $rc
}
export -f one step
export W CYCLES
echo "main job: ${#CONFIGS[@]} configurations, $CYCLES co-simulated cycles each, $JOBS at a time"
# done/total and time left (tests/progress.sh): a rewritten line on a terminal, out/main/progress.log always
tests/progress.sh start $((${#CONFIGS[@]} + ${#REPORTS[@]})) make
printf '%s\n' "${CONFIGS[@]}" | tr '\n' '\0' |
	xargs -0 -P "$JOBS" -I{} bash -c 'IFS="|" read -r n a o <<<"$1"; one "$n" "$a" "$o"; rc=$?; tests/progress.sh step "$n"; exit $rc' _ {}
status=$?
echo
$W report -o out out/main/*/cosim.json out/main/*/area.json || status=1
# Each block's report sections, in their declared order (functions of cosim/<block>/<block>_tests.sh).
for r in "${REPORTS[@]}"; do
	IFS=$'\t' read -r _ _ fn <<<"$r"
	"$fn" || status=1
	tests/progress.sh step "$fn"
done
tests/progress.sh end
# Coverage per block (tests/coverage_report.sh): the functional points of the co-simulations above,
# and the last merged line/toggle coverage of `warpgen regress --coverage` with its date; make
# COVERAGE=1 runs a short coverage regression of these configurations first.
printf '%s\n' "${CONFIGS[@]}" >out/main/configs.txt
OUT=out WARPGEN=$W JOBS=$JOBS tests/coverage_report.sh out/main out/report.md out/main/configs.txt || status=1
# Plots (gnuplot, PNG and SVG, docs/user-guide.md "Plots"): area against size, energy breakdown,
# the RFC's MRF accesses avoided and energy over the Table 2 grid; listed in the report.
tests/plots.sh out/plots >out/main/plots.log 2>&1
case $? in
0) tail -1 out/main/plots.log
	{ echo; echo "## Plots (out/plots/)"; echo; grep -v '^#' out/plots/index.md |
		sed -e 's#`\([a-z_]*\)\.png` / `\([a-z_]*\)\.svg`#[\1.png](plots/\1.png) / [\2.svg](plots/\2.svg)#'; } >>out/report.md ;;
3) echo "plots: skipped (gnuplot not installed)" ;;
*) echo "plots: FAILED (see out/main/plots.log)"; status=1 ;;
esac
# Timing (docs/user-guide.md "Timing"): each default's critical path mapped to the Liberty library,
# fmax and the paper's clock check; the plot of delay against size. Cached by content in out/area/.
# TIMING_BLOCKS: the defaults whose mapping finishes in minutes; the others' synthesis (rfc, sm_rfc,
# rename, prefetch_table, slg, wrc, reexec_q and the compositions) took 7-25 minutes each, the
# transistor-count step of `warpgen area` most of it (issue 26 part 3: split that step out).
echo
# shellcheck disable=SC2086
WARPGEN=$W TIMING_JSON_DIR=out/main/timing tests/timing_report.sh ${TIMING_BLOCKS:-sched2l tuba memra vf_manager equalizer} >out/main/timing.md 2>out/main/timing.log ||
	{ echo "timing: FAILED (see out/main/timing.md, out/main/timing.log)"; status=1; }
grep -E '^\| [a-z_]+ \|' out/main/timing.md | head -40
{ echo; cat out/main/timing.md; } >>out/report.md
WARPGEN=$W tests/timing_plot.sh out/plots >out/main/timing_plot.log 2>&1 ||
	{ [ $? -eq 3 ] || { echo "timing plot: FAILED (see out/main/timing_plot.log)"; status=1; }; }
# Proofs (docs/cosim.md "Proofs"): the RTL against its netlist and the invariants, small configurations.
WARPGEN=$W tests/prove_report.sh >out/main/proofs.md 2>out/main/proofs.log ||
	{ echo "proofs: FAILED (see out/main/proofs.md, out/main/proofs.log)"; status=1; }
echo "proofs: $(grep '^| [a-z_]* |' out/main/proofs.md | grep -vc '^| block |') rows in out/main/proofs.md"
{ echo; cat out/main/proofs.md; } >>out/report.md
# Gate-level: every block's default configuration synthesized (full flow), co-simulated in the
# native gate-level simulator and priced with the Liberty library (docs/cosim.md).
echo
tests/gate_report.sh out/main >out/gate.md
rc=$?
cat out/gate.md
[ "$rc" -eq 0 ] || { echo "gate-level: FAILED (see out/main/gate-*.log)"; status=1; }
{ echo; echo "## Gate-level co-simulation and activity-based energy"; echo; grep -v '^gate ' out/gate.md; } >>out/report.md
[ "$status" -eq 0 ] && echo "main job: all checks passed" || echo "main job: FAILED (logs in out/main/)"
exit $status
