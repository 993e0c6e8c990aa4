#!/usr/bin/env bash
# bench_regress.sh - the regression engines' throughput (issue 23, item 7), on a fixed small
# regression: 4 configurations of rfc x 2 seeds x CYCLES cycles (default 500,000), their models
# built first (untimed: the build cache serves every timed run), then in ROUNDS (default 2)
# interleaved rounds, the fastest of each kept (a shared machine's load only slows a run down):
#   local -j 1 and local -j 2: wall time, throughput in co-simulated cycles per second (all the
#     jobs' cycles over the wall time), and the ratio -j 2 / -j 1 (2 on 2 idle cores at best);
#     beside it the jobs' own mean cycles/s (what each co-simulation ran at: a drop with 2 workers
#     is the cores' shared caches and memory, not the engine)
#   slurm: the same list through --engine slurm on a one-node cluster of this machine
#     (tests/slurm_cluster.sh; root only, else skipped), one task per configuration, 2 at a time
#     like -j 2: the wall time against local -j 2's, as an overhead per job and per task, and the
#     CPU slots' idle time (2 x wall - the jobs' own time) against local -j 2's, per job and task
# Results on stdout and in $OUT/bench/regress.json. docs/cosim.md ("Throughput past one
# machine") reads these figures. Usage: tests/bench_regress.sh (CYCLES=N, ROUNDS=N to change them).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-out}
export OUT
W=${WARPGEN:-$OUT/bin/warpgen}
case $W in /*) ;; *) W=$PWD/$W ;; esac
CYCLES=${CYCLES:-500000}
T=$(mktemp -d "${TMPDIR:-/tmp}/wg-bench-regress.XXXXXX")
trap 'tests/slurm_cluster.sh stop "$T/cluster" >/dev/null 2>&1 || true; rm -rf "$T"' EXIT
trap 'exit 1' INT TERM
mkdir -p "$OUT/bench"

configs=("--set ENTRIES=2" "--set ENTRIES=4" "--set ENTRIES=6" "--set ENTRIES=8")
njobs=$((${#configs[@]} * 2))
for c in "${configs[@]}"; do echo "rfc $c --seeds 1-2 --cycles $CYCLES"; done >"$T/bench.jobs"
for c in "${configs[@]}"; do echo "rfc $c --seed 1 --cycles 100"; done >"$T/warm.jobs"
total=$((njobs * CYCLES))

now() { date +%s.%N; }
# dump DB: the last run's rows (cli/rg_db.c's schema) as NAME VERDICT SECS CPS HOST
dump() {
	python3 - "$1" <<'EOF'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
run = db.execute("SELECT max(id) FROM runs").fetchone()[0]
for row in db.execute("SELECT name, verdict, secs, cps, host FROM results WHERE run = ? ORDER BY job", (run,)):
    print("\t".join(str(x) for x in row))
EOF
}
# run NAME ARGS...: one timed regression of bench.jobs; every job must pass. The fastest of the
# rounds is kept as NAME.tsv (its rows) and best[NAME] (its wall time).
declare -A best=()
run() {
	local name=$1 t0 t1 rc secs
	shift
	t0=$(now)
	set +e
	"$W" regress --jobs "$T/bench.jobs" -q --db "$T/$name.db" "$@" >"$T/$name.out" 2>&1
	rc=$?
	set -e
	t1=$(now)
	dump "$T/$name.db" >"$T/$name.last.tsv"
	rm -f "$T/$name.db"
	[ $rc -eq 0 ] || { echo "bench_regress: $name exited $rc:"; tail -n 20 "$T/$name.out"; exit 1; }
	[ "$(awk -F'\t' '$2 == "PASS"' "$T/$name.last.tsv" | wc -l)" -eq "$njobs" ] || { echo "bench_regress: $name: not $njobs passes"; cat "$T/$name.last.tsv"; exit 1; }
	secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
	if [ -z "${best[$name]:-}" ] || awk -v a="$secs" -v b="${best[$name]}" 'BEGIN { exit !(a < b) }'; then
		best[$name]=$secs
		mv "$T/$name.last.tsv" "$T/$name.tsv"
	fi
}
job_cps() { awk -F'\t' '{ s += $4; n++ } END { printf "%.0f", n ? s / n : 0 }' "$T/$1.tsv"; } # mean of the jobs' own cycles/s
# busy NAME SLOTS: the share of SLOTS x the wall time the jobs ran (the rest: starting workers or
# tasks, waiting for the scheduler, an uneven last round)
busy() { awk -F'\t' -v w="${best[$1]}" -v k="$2" '{ s += $3 } END { printf "%.0f", 100 * s / (w * k) }' "$T/$1.tsv"; }
# idle NAME SLOTS: SLOTS x the wall time minus the jobs' own time, in seconds: the time slots
# waited rather than ran a job (less sensitive to the machine's load than the wall time)
idle() { awk -F'\t' -v w="${best[$1]}" -v k="$2" '{ s += $3 } END { printf "%.2f", w * k - s }' "$T/$1.tsv"; }
kcps() { awk -v c="$total" -v s="${best[$1]}" 'BEGIN { printf "%.0f", c / s / 1000 }'; }
cps() { awk -v c="$total" -v s="${best[$1]}" 'BEGIN { printf "%.0f", c / s }'; }
sgn() { awk -v x="$1" 'BEGIN { printf "%+.2f", x }'; } # a difference, with its sign

ROUNDS=${ROUNDS:-2}
load=$(cut -d' ' -f1 /proc/loadavg)
echo "regress bench: $njobs jobs (rfc ENTRIES=2,4,6,8 x seeds 1-2, $CYCLES cycles each), models built first;" \
	"the fastest of $ROUNDS interleaved rounds; load average $load on $(nproc) cores before (the -j 2 ratio" \
	"means something on an idle machine only)"
"$W" regress --jobs "$T/warm.jobs" --no-db -q -j 2 >"$T/warm.out" 2>&1 || { echo "bench_regress: the warm-up failed:"; tail -n 20 "$T/warm.out"; exit 1; }

slurm=0
if [ "$(id -u)" -ne 0 ]; then
	slurm_why="starting a cluster needs root"
elif ! cluster=$(tests/slurm_cluster.sh start "$T/cluster" 2>&1); then
	slurm_why="the one-node cluster did not start: $cluster"
else
	eval "$cluster"
	slurm=1
fi
for ((r = 0; r < ROUNDS; r++)); do
	run j1 --engine local -j 1
	run j2 --engine local -j 2
	# one task per configuration: a chunk holds whole configurations, each weighs 2 x (CYCLES +
	# 20,000) (rg_job_weight), over --chunk-secs 1's 100,000 when CYCLES >= 30,000
	[ $slurm = 0 ] || run slurm --engine slurm --chunk-secs 1 --shared-dir "$T/shared"
done
[ $slurm = 0 ] || tests/slurm_cluster.sh stop "$T/cluster"

s1=${best[j1]} s2=${best[j2]}
ratio=$(awk -v a="$s1" -v b="$s2" 'BEGIN { printf "%.2f", a / b }')
printf 'local -j 1: %6.2f s  %5s k cycles/s  (jobs at %s k cycles/s each, the worker busy %s %%)\n' "$s1" "$(kcps j1)" "$(($(job_cps j1) / 1000))" "$(busy j1 1)"
printf 'local -j 2: %6.2f s  %5s k cycles/s  (jobs at %s k cycles/s each, the workers busy %s %%)  throughput x%s of -j 1\n' "$s2" "$(kcps j2)" "$(($(job_cps j2) / 1000))" "$(busy j2 2)" "$ratio"

slurm_json='null'
if [ $slurm = 0 ]; then
	echo "slurm: skipped ($slurm_why)"
else
	ss=${best[slurm]}
	ntasks=$(ls "$T"/shared/slurm-*/chunk-*.jobs | wc -l)
	ntasks=$((ntasks / ROUNDS))
	per_job=$(awk -v a="$ss" -v b="$s2" -v n="$njobs" 'BEGIN { printf "%.2f", (a - b) / n }')
	per_task=$(awk -v a="$ss" -v b="$s2" -v n="$ntasks" 'BEGIN { printf "%.2f", (a - b) / n }')
	idle_job=$(awk -v a="$(idle slurm 2)" -v b="$(idle j2 2)" -v n="$njobs" 'BEGIN { printf "%.2f", (a - b) / n }')
	idle_task=$(awk -v a="$(idle slurm 2)" -v b="$(idle j2 2)" -v n="$ntasks" 'BEGIN { printf "%.2f", (a - b) / n }')
	printf 'slurm:      %6.2f s  %5s k cycles/s  (jobs at %s k cycles/s each, the 2 CPUs busy %s %%)  %d tasks\n' "$ss" "$(kcps slurm)" "$(($(job_cps slurm) / 1000))" "$(busy slurm 2)" "$ntasks"
	printf 'slurm against local -j 2: wall %s s per job (%s s per task); CPU slots idle %s s per job (%s s per task)\n' \
		"$(sgn "$per_job")" "$(sgn "$per_task")" "$(sgn "$idle_job")" "$(sgn "$idle_task")"
	slurm_json=$(printf '{"secs": %s, "cps": %s, "job_cps": %s, "busy_pct": %s, "tasks": %d, "overhead_per_job_s": %s, "overhead_per_task_s": %s, "idle_per_job_s": %s, "idle_per_task_s": %s}' \
		"$ss" "$(cps slurm)" "$(job_cps slurm)" "$(busy slurm 2)" "$ntasks" "$per_job" "$per_task" "$idle_job" "$idle_task")
fi
printf '{"jobs": %d, "cycles_per_job": %d, "rounds": %d, "load_before": %s, "cores": %d, "j1": {"secs": %s, "cps": %s, "job_cps": %s, "busy_pct": %s}, "j2": {"secs": %s, "cps": %s, "job_cps": %s, "busy_pct": %s}, "ratio_j2_j1": %s, "slurm": %s}\n' \
	"$njobs" "$CYCLES" "$ROUNDS" "$load" "$(nproc)" "$s1" "$(cps j1)" "$(job_cps j1)" "$(busy j1 1)" \
	"$s2" "$(cps j2)" "$(job_cps j2)" "$(busy j2 2)" "$ratio" "$slurm_json" >"$OUT/bench/regress.json"
echo "results: $OUT/bench/regress.json"
