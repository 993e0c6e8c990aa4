#!/usr/bin/env bash
# progress_check.sh - tests/progress.sh: the step lines, the end line, and the time left scaled by
# the work left when the job gives costs (by the steps left when it does not). The clock is
# PROGRESS_NOW, set by hand, so that no test waits and a slow machine reads the same seconds.
set -u
cd "$(dirname "$0")/.."
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "progress_check: $*" >&2; cat "$d/progress.log" >&2; exit 1; }
export PROGRESS_DIR=$d

# with costs: 4 steps, 100 units; the costliest (70) done after 70 s -> 30 left at the same rate: 30 s
export PROGRESS_NOW=1000000
tests/progress.sh start 4 job 100 || fail "start with WORK failed"
PROGRESS_NOW=1000070
tests/progress.sh step big 70 </dev/null
grep -q '\[1/4\] big  1m10s elapsed, ~0m30s left$' "$d/progress.log" || fail "time left not scaled by the work left"
tests/progress.sh step small 10 </dev/null
grep -q '\[2/4\] small  1m10s elapsed, ~0m17s left$' "$d/progress.log" || fail "second step: want 70 * 20 / 80 = 17 s left"
tests/progress.sh end </dev/null
grep -q 'end: 2/4 steps in 1m10s$' "$d/progress.log" || fail "no end line"

# without costs: by the steps, 1 of 4 done after 60 s -> 180 s left
PROGRESS_NOW=1000000
tests/progress.sh start 4 job || fail "start without WORK failed"
PROGRESS_NOW=1000060
tests/progress.sh step one </dev/null
grep -q '\[1/4\] one  1m00s elapsed, ~3m00s left$' "$d/progress.log" || fail "time left not scaled by the steps left"

# bad input: exit 2, one line naming the argument
out=$(tests/progress.sh start x 2>&1); rc=$?
[ $rc -eq 2 ] && [[ $out == *"TOTAL a whole number"* ]] || fail "start x: rc $rc, '$out'"
out=$(tests/progress.sh start 3 job 1.5 2>&1); rc=$?
[ $rc -eq 2 ] && [[ $out == *"WORK must be a whole number"* ]] || fail "start 3 job 1.5: rc $rc, '$out'"
echo "progress_check: ok"
