#!/usr/bin/env bash
# main_job.sh - `make` (MAIN_FULL=0) and `make full` (MAIN_FULL=1): every block at its papers'
# default size (make full: and at the other sizes the blocks declare): generate, lint, co-simulate
# 1,000,000 cycles against the C model, area (Yosys, OSU 0.18 um cells) and energy (power_tables/),
# timing, proofs, the papers' comparisons, then one report: a table on stdout, $OUT/report.json and
# $OUT/report.md (with the step times of each configuration, $OUT/main/NAME/steps.json, and the papers'
# figures beside ours). Exit 1 if any check fails.
# What make leaves to make full (docs/user-guide.md "make and make full"): the non-default
# configurations, Yosys's coarse synthesis in lint (make: read and hierarchy only, LINT_YOSYS=hier:
# the area step's flip-flop synthesis runs proc and check on the same configuration),
# the full area flow (make: its cached result, else the flip-flop check; the blocks that declare
# main_area_opt --flops-only get the check in both, those that declare main_area_in_full none in
# make), the statistics grids (each report section reads MAIN_FULL), the area and timing plots at
# every point, the proofs beyond the quick ones (make: tests/prove_section.sh) and the gate-level
# section.
set -uo pipefail
cd "$(dirname "$0")/.."
# The build's folder (make OUT=DIR, default out): the job's files go to $OUT/main, $OUT/plots and
# $OUT/report.*; a build other than out/ keeps warpgen's cache and run files to itself (warpgen --out),
# as in tests/run_tests.sh.
export OUT=${OUT:-out}
if [ "$OUT" != out ] && [ -z "${WARPGEN_OUT:-}" ]; then
	case $OUT in /*) export WARPGEN_OUT=$OUT ;; *) export WARPGEN_OUT=$PWD/$OUT ;; esac
fi
W=$OUT/bin/warpgen
CYCLES=${CYCLES:-1000000}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
MAIN_FULL=${MAIN_FULL:-0}
[ "$MAIN_FULL" = 1 ] || { MAIN_FULL=0; export LINT_YOSYS=${LINT_YOSYS:-hier}; }
export MAIN_FULL
# The Verilated models at -O1 (tests/main_task.sh's co-simulations; wg_vbuild.c): against the default
# (-O2 hot code) a third less compile time for the large models and 10-35 % slower runs; at 1,000,000
# cycles the 16 defaults' co-simulation steps cost 527 CPU-s against 601 (clean clones, 2026-11-28:
# hrf_sm 100 against 132, equalizer_gpu 92 against 100, mascar 71 against 58). The models
# `warpgen cosim` builds by default are another cache entry.
export WARPGEN_VL_OPT=${WARPGEN_VL_OPT:-O1}
# The configurations and the report sections come from each block's file,
# cosim/<block>/<block>_tests.sh (`main NAME ARGS`, `main_area_opt`, `main_report ORDER FUNCTION`;
# tests/decl.sh): the papers' default sizes and a few other points.
. tests/decl.sh
CONFIGS=()
# make: the defaults only (NAME ending in -default); make full: every declared configuration
while IFS= read -r c; do
	[ "$MAIN_FULL" = 1 ] || [[ ${c%%|*} == *-default ]] && CONFIGS+=("$c")
done < <(decl_read main)
REPORTS=()
while IFS= read -r r; do REPORTS+=("$r"); done < <(decl_read reports | sort -n)
# Cost of each task (user + system seconds): the last run's $OUT/main/cost/, else tests/main_cost.tsv
# (a clean clone's, committed), else 60; the pool starts the costliest first.
declare -A COST=()
while IFS=$'\t' read -r n s; do [ -n "$n" ] && COST[$n]=$s; done < <(grep -v '^#' tests/main_cost.tsv 2>/dev/null)
for f in $OUT/main/cost/*; do [ -f "$f" ] && COST[${f##*/}]=$(cat "$f"); done
rm -rf $OUT/main && mkdir -p $OUT/main/sections
export W CYCLES MAIN_FULL
[ "$MAIN_FULL" = 1 ] && what="make full" || what="make (make full: other sizes, statistics grids, gate level)"
echo "main job, $what: ${#CONFIGS[@]} configurations, $CYCLES co-simulated cycles each, ${#REPORTS[@]} report sections, timing and its plot$([ "$MAIN_FULL" = 1 ] || echo ", the quick proofs"), $JOBS at a time"
# One pool, JOBS at a time (tests/main_task.sh): the configurations, each block's report sections
# (they read only their own runs), the timing table and its plot, costliest first. A configuration prints its
# lines as it goes; a section's output is held and printed below in its declared order.
TASKS=(timing timing_plot)
# make: the quick proofs as one more section (tests/prove_section.sh; its part lands under Proofs below)
[ "$MAIN_FULL" = 1 ] || TASKS+=("section|900|proofs_report")
for c in "${CONFIGS[@]}"; do TASKS+=("config|$c"); done
for r in "${REPORTS[@]}"; do IFS=$'\t' read -r o _ fn <<<"$r"; TASKS+=("section|$o|$fn"); done
cost_of() { # TASK: its cost's key is the configuration's or the function's name
	local k
	IFS='|' read -r k a b _ <<<"$1"
	case $k in config) k=$a ;; section) k=$b ;; esac
	echo "${COST[$k]:-60}"
}
# done/total and time left (tests/progress.sh): a rewritten line on a terminal, $OUT/main/progress.log always
work=0
for t in "${TASKS[@]}"; do work=$((work + $(cost_of "$t"))); done
tests/progress.sh start ${#TASKS[@]} "$([ "$MAIN_FULL" = 1 ] && echo "make full" || echo make)" "$work"
for t in "${TASKS[@]}"; do printf '%s\t%s\n' "$(cost_of "$t")" "$t"; done | sort -t$'\t' -k1,1nr -s |
	awk -F'\t' '{ printf "%s%c%s%c", $2, 0, $1, 0 }' | xargs -0 -P "$JOBS" -n 2 tests/main_task.sh
status=$?
tests/progress.sh end
echo
$W report -o "$OUT" $OUT/main/*/cosim.json $OUT/main/*/area.json || status=1
if [ "$MAIN_FULL" = 1 ]; then
	{ echo; echo "This report is \`make full\`'s: every declared configuration, the statistics grids, the full area flow, the gate level."; } >>$OUT/report.md
else
	{ echo; echo "This report is \`make\`'s: the default configurations, each comparison's quick grid, area from the cache or the flip-flop check; \`make full\` adds the other sizes, the full grids and area flow, and the gate level (docs/user-guide.md, \"make and make full\")."; } >>$OUT/report.md
fi
# Each block's report sections, in their declared order: what each printed, then its part of the report.
for r in "${REPORTS[@]}"; do
	IFS=$'\t' read -r o _ fn <<<"$r"
	cat "$OUT/main/sections/$o-$fn.out"
	[ -f "$OUT/main/sections/$o-$fn.md" ] && cat "$OUT/main/sections/$o-$fn.md" >>$OUT/report.md
done
# Coverage per block (tests/coverage_report.sh): the functional points of the co-simulations above,
# and the last merged line/toggle coverage of `warpgen regress --coverage` with its date; make
# COVERAGE=1 runs a short coverage regression of these configurations first.
printf '%s\n' "${CONFIGS[@]}" >$OUT/main/configs.txt
WARPGEN=$W JOBS=$JOBS tests/coverage_report.sh $OUT/main $OUT/report.md $OUT/main/configs.txt || status=1
# Plots (gnuplot, PNG and SVG, docs/user-guide.md "Plots"): area against size, energy breakdown,
# the RFC's MRF accesses avoided and energy over the Table 2 grid; listed in the report.
# make: PLOTS_QUICK (Yosys at the two smallest points of each sweep); make full: the default points.
if [ "$MAIN_FULL" = 1 ]; then tests/plots.sh $OUT/plots; else PLOTS_QUICK=1 tests/plots.sh $OUT/plots; fi >$OUT/main/plots.log 2>&1
case $? in
0) tail -1 $OUT/main/plots.log
	# the list of tests/plots.sh, then the timing plot's entry (tests/timing_plot.sh, run in the pool)
	{ echo; echo "## Plots ($OUT/plots/)"; echo; { grep -v '^#' $OUT/plots/index.md; grep -sv -e '^#' -e '^$' $OUT/plots/timing.md; } |
		sed -e 's#`\([a-z_]*\)\.png` / `\([a-z_]*\)\.svg`#[\1.png](plots/\1.png) / [\2.svg](plots/\2.svg)#'; } >>$OUT/report.md ;;
3) echo "plots: skipped (gnuplot not installed)" ;;
*) echo "plots: FAILED (see $OUT/main/plots.log)"; status=1 ;;
esac
# Timing (docs/user-guide.md "Timing"): each default's critical path mapped to the Liberty library,
# fmax and the paper's clock check; the plot of delay against size. Cached by content in out/area/.
# TIMING_BLOCKS: the defaults whose mapping finishes in minutes; the others' synthesis (rfc, sm_rfc,
# rename, prefetch_table, slg, wrc, reexec_q and the compositions) took 7-25 minutes each, the
# transistor-count step of `warpgen area` most of it (issue 26 part 3: split that step out).
echo
[ "$(cat $OUT/main/timing.rc 2>/dev/null)" = 0 ] ||
	{ echo "timing: FAILED (see $OUT/main/timing.md, $OUT/main/timing.log)"; status=1; }
grep -E '^\| [a-z_]+ \|' $OUT/main/timing.md | head -40
{ echo; cat $OUT/main/timing.md; } >>$OUT/report.md
# (the plot of delay against size ran in the pool: tests/main_task.sh timing_plot)
case "$(cat $OUT/main/timing_plot.rc 2>/dev/null)" in
0|3) ;;
*) echo "timing plot: FAILED (see $OUT/main/timing_plot.log)"; status=1 ;;
esac
# Proofs (docs/cosim.md "Proofs"), make full: the RTL against its netlist and the invariants, small
# configurations (minutes of ABC on a clean clone; cached by content under out/prove/ after that).
if [ "$MAIN_FULL" = 1 ]; then
	WARPGEN=$W tests/prove_report.sh >$OUT/main/proofs.md 2>$OUT/main/proofs.log ||
		{ echo "proofs: FAILED (see $OUT/main/proofs.md, $OUT/main/proofs.log)"; status=1; }
	echo "proofs: $(grep '^| [a-z_]* |' $OUT/main/proofs.md | grep -vc '^| block |') rows in $OUT/main/proofs.md"
	{ echo; cat $OUT/main/proofs.md; } >>$OUT/report.md
else
	# the pool's proofs_report section: the quick proofs run, the longer ones' recorded verdicts
	cat $OUT/main/sections/900-proofs_report.out
	{ echo; cat $OUT/main/sections/900-proofs_report.md; } >>$OUT/report.md
fi
# Gate-level (make full): every block's default configuration synthesized (full flow), co-simulated
# in the native gate-level simulator and priced with the Liberty library (docs/cosim.md).
echo
if [ "$MAIN_FULL" = 1 ]; then
	tests/gate_report.sh $OUT/main >$OUT/gate.md
	rc=$?
	cat $OUT/gate.md
	[ "$rc" -eq 0 ] || { echo "gate-level: FAILED (see $OUT/main/gate-*.log)"; status=1; }
	{ echo; echo "## Gate-level co-simulation and activity-based energy"; echo; grep -v '^gate ' $OUT/gate.md; } >>$OUT/report.md
else
	echo "gate-level: in make full (each default synthesized to gates and co-simulated: about 35 minutes)"
	{ echo; echo "## Gate-level co-simulation and activity-based energy"; echo
	  echo "Not run by \`make\`: \`make full\` synthesizes every default to gates, co-simulates the netlist and prices it with sky130."; } >>$OUT/report.md
fi
[ "$status" -eq 0 ] && echo "main job: all checks passed" || echo "main job: FAILED (logs in $OUT/main/)"
exit $status
