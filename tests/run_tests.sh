#!/usr/bin/env bash
# run_tests.sh - the default test run (`make test`). Every test is one line of
# tests/tests.list-style output of list_tests: NAME<TAB>COMMAND. Tests run in
# parallel (JOBS, default nproc), each with its log under out/test-logs/, and the
# run ends with the line "N passed, M failed" (exit 1 on any failure).
# Usage: tests/run_tests.sh [PATTERN]   (only tests whose name contains PATTERN)
set -uo pipefail
cd "$(dirname "$0")/.."
export WARPGEN=out/bin/warpgen WARPGEN_SAN=out/bin/warpgen-san
# Sanitizer reports fail the test that produced them.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
LOGS=out/test-logs
rm -rf "$LOGS" && mkdir -p "$LOGS"

list=$(tests/list_tests.sh | grep -F -- "${1:-}")
total=$(printf '%s\n' "$list" | grep -c . || true)
echo "running $total tests, $JOBS at a time (logs in $LOGS/)"

run_one() {
	local name=$1 cmd=$2 log=$LOGS/$1.log start=$SECONDS
	if bash -c "$cmd" >"$log" 2>&1; then
		echo "PASS $name ($((SECONDS - start)) s)"
		echo pass >"$LOGS/$name.status"
	else
		echo "FAIL $name ($((SECONDS - start)) s): $cmd"
		tail -n 15 "$log" | sed 's/^/    /'
		echo fail >"$LOGS/$name.status"
	fi
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
printf '%s\n' "$list" | grep -P '^build:' | run_all
printf '%s\n' "$list" | grep -vP '^build:' | run_all

passed=$(grep -l '^pass' "$LOGS"/*.status 2>/dev/null | wc -l)
failed=$(grep -l '^fail' "$LOGS"/*.status 2>/dev/null | wc -l)
missing=$((total - passed - failed))
[ "$missing" -gt 0 ] && failed=$((failed + missing)) && echo "$missing test(s) did not report"
if [ "$failed" -gt 0 ]; then
	echo "failed:"; grep -l '^fail' "$LOGS"/*.status | sed 's|.*/||; s|\.status$||; s/^/  /'
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
