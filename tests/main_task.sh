#!/usr/bin/env bash
# main_task.sh TASK [COST] - one task of the main job (tests/main_job.sh runs them JOBS at a time, in one
# pool, so that a core is never idle while work remains). TASK is one of:
#   config|NAME|ARGS|AREA_OPT   every step of one configuration: gen, lint, co-simulation, area,
#                               energy; a line per step on stdout, times in $OUT/main/NAME/steps.json
#   section|ORDER|FUNCTION      a block's report section (`main_report ORDER FUNCTION`): its output
#                               goes to $OUT/main/sections/ORDER-FUNCTION.out, its part of the report
#                               to .md (REPORT_MD), both joined in ORDER by main_job.sh
#   timing                      the timing table (tests/timing_report.sh) to $OUT/main/timing.md
#   timing_plot                 the plot of delay against size (tests/timing_plot.sh) to $OUT/plots/
# COST: what main_job.sh expected the task to cost (CPU seconds), for the progress display.
# Each task's user + system seconds go to $OUT/main/cost/NAME (main_job.sh starts the costliest first
# on the next run). Needs W, CYCLES and MAIN_FULL in the environment. Exit 1 if a check fails.
set -uo pipefail
cd "$(dirname "$0")/.."
# The build's folder (make OUT=DIR, default out; tests/main_job.sh passes it on): the task's files go
# to $OUT/main and $OUT/plots; a build other than out/ keeps warpgen's cache and run files to itself
# (warpgen --out), as in tests/run_tests.sh.
export OUT=${OUT:-out}
if [ "$OUT" != out ] && [ -z "${WARPGEN_OUT:-}" ]; then
	case $OUT in /*) export WARPGEN_OUT=$OUT ;; *) export WARPGEN_OUT=$PWD/$OUT ;; esac
fi
: "${W:?main_task.sh: W (the warpgen program) not set}" "${CYCLES:?}" "${MAIN_FULL:?}"
task=${1:?usage: main_task.sh TASK [COST], TASK: config\|NAME\|ARGS\|AREA_OPT or section\|ORDER\|FUNCTION or timing or timing_plot}
expected=${2:-0} # the cost main_job.sh expected of it (the progress display's time left)

# cpu VAR: VAR = this shell's children's user + system seconds so far (the `times` builtin's second
# line; run in this shell, not in a $(...) subshell, whose children are its own)
cpu() {
	local f
	f=$(mktemp) && times >"$f" &&
		printf -v "$1" '%s' "$(awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); s += a[1] * 60 + a[2] } printf "%.2f", s }' "$f")"
	rm -f "$f"
}
# step NAME CMD...: run one step, append its wall-clock and CPU seconds and status to $steps (CPU
# seconds do not grow with the machine's load: the figure to compare runs by)
step() {
	local s=$1 t0 t1 c0 c1 rc
	shift
	t0=$(date +%s.%N)
	cpu c0
	"$@"
	rc=$?
	t1=$(date +%s.%N)
	cpu c1
	steps+=("{\"step\": \"$s\", \"seconds\": $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'), \"cpu\": $(awk -v a="$c0" -v b="$c1" 'BEGIN { printf "%.2f", b - a }'), \"rc\": $rc}")
	return $rc
}
one() { # NAME ARGS AREA_OPT: every step of one configuration, one line each; times in $d/steps.json
	local name=$1 args=$2 aopt=$3 d=$OUT/main/$1 rc=0
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
	# make: the full flow only where an earlier run (make full, warpgen area) left it in the cache;
	# a block that declares main_area_in_full has its area step in make full only
	local in_full=0
	[[ $aopt == *:full* ]] && in_full=1 aopt=${aopt/:full/}
	aopt=${aopt%% } aopt=${aopt## }
	[ "$MAIN_FULL" = 1 ] || [ -n "$aopt" ] || aopt=--flops-unless-cached
	if [ "$MAIN_FULL" != 1 ] && [ "$in_full" = 1 ]; then
		echo "$name: area in make full (its flip-flop check's synthesis takes minutes at this size)"
	else
		step area $W area $args $aopt --json "$d/area.json" >"$d/area.log" 2>&1 || rc=1
		echo "$name: area $(grep -E 'flip-flop bits' "$d/area.log" | head -1)"
	fi
	step energy $W energy $args >"$d/energy.log" 2>&1 || rc=1
	# read by `warpgen report` beside cosim.json (step times per configuration)
	local IFS=,
	printf '{"name": "%s", "args": "%s", "steps": [%s]}\n' "$name" "$args" "${steps[*]}" >"$d/steps.json.tmp" &&
		mv "$d/steps.json.tmp" "$d/steps.json"
	return $rc
}
# section ORDER FUNCTION: a report function of a block's file (it sets status=1 on a failed check)
section() {
	. tests/decl.sh
	decl_read define # (the block files' top-level variables land in this shell: name nothing before it)
	status=0
	REPORT_MD=$OUT/main/sections/$1-$2.md "$2" >"$OUT/main/sections/$1-$2.out" 2>&1 || status=1
	return $status
}

mkdir -p $OUT/main/cost $OUT/main/sections
IFS='|' read -r kind a b c <<<"$task"
cpu c0
case $kind in
config) one "$a" "$b" "$c"; rc=$? name=$a ;;
section) section "$a" "$b"; rc=$? name=$b ;;
timing) # shellcheck disable=SC2086
	WARPGEN=$W TIMING_JSON_DIR=$OUT/main/timing tests/timing_report.sh ${TIMING_BLOCKS:-sched2l tuba memra vf_manager equalizer} \
		>$OUT/main/timing.md 2>$OUT/main/timing.log
	rc=$? name=timing
	echo "$rc" >$OUT/main/timing.rc ;;
timing_plot) # the delay against size of each block (Yosys and ABC at several sizes; exit 3: no gnuplot)
	# make: two points per block (a third of the CPU); make full: every point of the sweep
	quick=1
	[ "$MAIN_FULL" = 1 ] && quick=
	TIMING_PLOT_QUICK=$quick WARPGEN=$W tests/timing_plot.sh $OUT/plots >$OUT/main/timing_plot.log 2>&1
	rc=$? name=timing_plot
	echo "$rc" >$OUT/main/timing_plot.rc
	[ "$rc" -eq 3 ] && rc=0 ;;
*) echo "main_task.sh: unknown task '$task' (config|..., section|..., timing)" >&2; exit 2 ;;
esac
cpu c1
awk -v a="$c0" -v b="$c1" 'BEGIN { printf "%.0f\n", b - a }' >"$OUT/main/cost/$name"
tests/progress.sh step "$name" "$expected"
exit $rc
