#!/usr/bin/env bash
# run_tests.sh - run a tier of tests (`make test`, `make test-fast`, `make sweep`). The tests are
# the lines "NAME<TAB>COMMAND" of tests/list_tests.sh TIER; they run in parallel (JOBS, default
# nproc), each with its log under $OUT/test-logs/ ($OUT/sweep-logs/ for the sweep tier; OUT
# defaults to out). The run
# ends with the ten slowest tests and the line "N passed, M failed" (exit 1 on any failure).
# Usage: tests/run_tests.sh [--tier fast|test|sweep] [PATTERN]   (PATTERN: only the tests whose
# name contains it; `make test T=PATTERN`)
set -uo pipefail
cd "$(dirname "$0")/.."
tier=test
if [ "${1:-}" = --tier ]; then tier=${2:?--tier needs fast, test or sweep}; shift 2; fi
pattern=${1:-}
export OUT=${OUT:-out} # the build to test (make OUT=DIR test)
export WARPGEN=$OUT/bin/warpgen WARPGEN_SAN=$OUT/bin/warpgen-san
# A build other than out/ keeps its Verilator cache and run files to itself (warpgen --out).
if [ "$OUT" != out ] && [ -z "${WARPGEN_OUT:-}" ]; then
	case $OUT in /*) export WARPGEN_OUT=$OUT ;; *) export WARPGEN_OUT=$PWD/$OUT ;; esac
fi
# Sanitizer reports fail the test that produced them.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# The short runs of make test and make test-fast build their Verilated models at -Og: about 40 %
# less compile time, and building is half of make test; make sweep, make and make bench at -O2.
[ "$tier" = sweep ] || export WARPGEN_VL_OPT=Og
# and lint with Yosys's read-and-check instead of its coarse synthesis (tests/lint.sh)
[ "$tier" = sweep ] || export LINT_YOSYS=read
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
LOGS=$OUT/test-logs
[ "$tier" = sweep ] && LOGS=$OUT/sweep-logs
rm -rf "$LOGS" && mkdir -p "$LOGS"

list=$(tests/list_tests.sh "$tier") || { echo "run_tests: tests/list_tests.sh $tier failed"; exit 2; }
list=$(printf '%s\n' "$list" | awk -F'\t' -v p="$pattern" 'p == "" || index($1, p)') # names only
total=$(printf '%s\n' "$list" | grep -c . || true)
if [ "$total" -eq 0 ]; then
	echo "run_tests: no test of tier $tier matches '$pattern' (tests/list_tests.sh $tier lists them)"
	echo "0 passed, 1 failed"
	exit 1
fi
echo "running $total tests of tier $tier, $JOBS at a time (logs in $LOGS/)"

run_one() {
	local name=$1 cmd=$2 log=$LOGS/$1.log start end secs
	start=$(date +%s.%N)
	if bash -c "$cmd" >"$log" 2>&1; then st=pass; else st=fail; fi
	end=$(date +%s.%N)
	secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
	if [ $st = pass ]; then
		echo "PASS $name ($secs s)"
	else
		echo "FAIL $name ($secs s): $cmd"
		tail -n 15 "$log" | sed 's/^/    /'
	fi
	printf '%s %s\n' "$st" "$secs" >"$LOGS/$name.status"
}
export -f run_one
export LOGS

# run_all: the tests on standard input, JOBS at a time.
run_all() {
	grep . | tr '\n' '\0' |
		xargs -0 -P "$JOBS" -I{} bash -c 'IFS=$'"'"'\t'"'"' read -r n c <<<"$1"; run_one "$n" "$c"' _ {}
}
# Tests named build:* run first, among themselves (they fill caches the others share;
# each builds another block, so they do not wait for one another).
# Then the rest, a configuration's later seeds (NAME ending in -seed2..-seed9) last: run beside
# its first seed, a later seed waited for the same Verilator build with a core idle (25 such
# waits of 5-20 s in one make test).
printf '%s\n' "$list" | grep -P '^build:' | run_all
{
	printf '%s\n' "$list" | grep -vP '^build:' | grep -vP '^[^\t]*-seed[2-9]\t'
	printf '%s\n' "$list" | grep -vP '^build:' | grep -P '^[^\t]*-seed[2-9]\t'
} | run_all

passed=$(grep -l '^pass' "$LOGS"/*.status 2>/dev/null | wc -l)
failed=$(grep -l '^fail' "$LOGS"/*.status 2>/dev/null | wc -l)
missing=$((total - passed - failed))
[ "$missing" -gt 0 ] && failed=$((failed + missing)) && echo "$missing test(s) did not report"
echo "slowest tests:"
for f in "$LOGS"/*.status; do
	[ -e "$f" ] || continue
	n=${f##*/}
	printf '%s %s\n' "$(cut -d' ' -f2 "$f")" "${n%.status}"
done | sort -rn | head -10 | awk '{ printf "  %7.1f s  %s\n", $1, $2 }'
if [ "$failed" -gt 0 ]; then
	echo "failed:"; grep -l '^fail' "$LOGS"/*.status | sed 's|.*/||; s|\.status$||; s/^/  /'
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
