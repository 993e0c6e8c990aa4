#!/usr/bin/env bash
# report_run.sh LOG COMMAND... - one paper comparison in a report section of `make`, under the
# reversal rule of docs/user-guide.md "Reversals": COMMAND (a `warpgen stats ...` run) writes its
# output to LOG; when it exits 1 and its output has a line saying REVERSED (a direction the paper
# states came out the other way), that is a finding, not a failure: each such line is printed on
# stdout as "FINDING: reversed against the paper: ..." (the section puts them at its top), and this
# script exits 0. Exit 0 also when COMMAND passed; 1 when it failed in any other way (a check, exit
# 2, a crash: the section then fails make).
set -uo pipefail
[ $# -ge 2 ] || { echo "usage: tests/report_run.sh LOG COMMAND..." >&2; exit 2; }
log=$1
shift
"$@" >"$log" 2>&1
rc=$?
[ "$rc" -eq 0 ] && exit 0
if [ "$rc" -eq 1 ] && grep -q 'REVERSED' "$log"; then
	grep 'REVERSED' "$log" | sed 's/^ *//; s/^REVERSED:* *//; s/^/FINDING: reversed against the paper: /'
	exit 0
fi
echo "FAILED (exit $rc): $* (see $log)" >&2
exit 1
