#!/usr/bin/env bash
# waves.sh [OUTDIR] - every directed case of every block as a waveform scenario, then the gallery.
# For each block of `warpgen list` and each case of `warpgen wave BLOCK --list`, runs
# `warpgen wave BLOCK --case NAME` into OUTDIR/BLOCK/NAME/ (default OUTDIR out/waves, the command's
# own default folder), JOBS at a time (default nproc); one line per scenario, PASS or FAIL (with the
# end of its log); ends "N passed, M failed". Then tests/waves_gallery.py writes OUTDIR/index.html
# (the failed scenarios, OUTDIR/failed.txt, are listed at its top).
# A scenario's folder is emptied before it runs, so a failing case leaves no stale files behind.
# Progress (tests/progress.sh): on a terminal one line rewritten in place, [done/total], elapsed and
# time left, with the PASS lines kept for the end's failures only; in a log a PASS/FAIL line per
# scenario. Either way OUTDIR/progress.log has a timestamped line per scenario.
# Env: WARPGEN (default out/bin/warpgen), JOBS, WAVES_CASES ("BLOCK/NAME ...": only these scenarios,
# for quick runs such as tests/gallery_check.sh; default every case of every block).
# Exit 0 all passed, 1 a scenario failed (the gallery is still written), 2 usage or setup.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -le 1 ] || { echo "usage: tests/waves.sh [OUTDIR]  (env: WARPGEN, JOBS, WAVES_CASES)" >&2; exit 2; }
out=${1:-out/waves}
out=${out%/}
W=${WARPGEN:-out/bin/warpgen}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
[ -x "$W" ] || { echo "waves: $W is not built (make build, or set WARPGEN)" >&2; exit 2; }
mkdir -p "$out" 2>/dev/null || { echo "waves: cannot create folder $out" >&2; exit 2; }
export WARPGEN=$W
# the default folder of `warpgen wave` is out/waves/BLOCK/NAME: no -o there, so that the reproduce
# command recorded in each scenario.json is the plain one
[ "$(realpath "$out")" = "$(realpath "${WARPGEN_OUT:-out}/waves" 2>/dev/null || true)" ] && use_o=0 || use_o=1

jobs=$(mktemp)
logs=$(mktemp -d)
trap 'rm -rf "$jobs" "$logs"' EXIT
if [ -n "${WAVES_CASES:-}" ]; then
	for bc in $WAVES_CASES; do
		[[ $bc =~ ^[a-z][a-z0-9_]*/[a-z][a-z0-9_]*$ ]] || { echo "waves: WAVES_CASES: '$bc' is not BLOCK/NAME" >&2; exit 2; }
		printf '%s %s\n' "${bc%%/*}" "${bc#*/}" >>"$jobs"
	done
else
	for b in $("$W" list | awk 'NF{print $1}'); do
		list=$("$W" wave "$b" --list) || { echo "waves: warpgen wave $b --list failed" >&2; exit 2; }
		# one case per line: NAME  description
		awk -v b="$b" 'NF && $1 ~ /^[a-z][a-z0-9_]*$/ {print b, $1}' <<<"$list" >>"$jobs"
	done
fi
[ -s "$jobs" ] || { echo "waves: no directed cases found" >&2; exit 2; }

# one scenario: BLOCK CASE -> "PASS BLOCK/CASE" or "FAIL BLOCK/CASE" + the end of its log
run_one() {
	local b=$1 c=$2 dir=$out/$1/$2 log=$logs/$1.$2.log
	rm -rf "$dir"
	local args=(wave "$b" --case "$c" -q)
	[ "$use_o" = 1 ] && args+=(-o "$dir")
	if "$WARPGEN" "${args[@]}" >"$log" 2>&1 && [ -s "$dir/scenario.json" ]; then
		echo "PASS $b/$c"
	else
		echo "FAIL $b/$c: warpgen ${args[*]}"
		tail -n 5 "$log" | sed 's/^/    /'
	fi
	PROGRESS_DIR=$out tests/progress.sh step "$b/$c" >&3
}
export -f run_one
export out logs use_o
res=$logs/results
exec 3>&1 # the progress line goes to the terminal, past the pipe
PROGRESS_DIR=$out tests/progress.sh start "$(wc -l <"$jobs")" "make waves"
if [ -t 1 ]; then
	xargs -P "$JOBS" -L 1 bash -c 'run_one "$0" "$1"' <"$jobs" >"$res"
	PROGRESS_DIR=$out tests/progress.sh end
	grep -v '^PASS ' "$res" || true
else
	xargs -P "$JOBS" -L 1 bash -c 'run_one "$0" "$1"' <"$jobs" | tee "$res"
	PROGRESS_DIR=$out tests/progress.sh end
fi
pass=$(grep -c '^PASS ' "$res" || true)
failed=$(grep -c '^FAIL ' "$res" || true)
total=$(wc -l <"$jobs")
# a job that printed nothing (killed) counts as failed
[ $((pass + failed)) -eq "$total" ] || failed=$((total - pass))
# the failed scenarios, listed at the top of the gallery (they have no card)
{ grep '^FAIL ' "$res" | sed 's/^FAIL \([^:]*\):.*/\1/' | sort; } >"$out/failed.txt.tmp" || true
mv -f "$out/failed.txt.tmp" "$out/failed.txt"
python3 tests/waves_gallery.py "$out"
echo "$pass passed, $failed failed"
[ "$failed" = 0 ]
