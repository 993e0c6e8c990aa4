#!/usr/bin/env bash
# report_log.sh LOG FINDINGS - the log of a paper comparison run by tests/report_run.sh, as a report
# section shows it under its findings (docs/user-guide.md "Reversals"). When FINDINGS (report_run.sh's
# output) is empty, LOG unchanged. Otherwise every finding is already printed once, at the section's
# top: the log's own REVERSED lines (the same findings) and the command's final verdict line (a last
# line ending in FAILED, which here means only those reversals) are left out, and one line says so.
# Exit 0 (2: usage).
set -uo pipefail
[ $# -eq 2 ] && [ -f "$1" ] || { echo "usage: tests/report_log.sh LOG FINDINGS" >&2; exit 2; }
if [ ! -s "$2" ]; then
	cat "$1"
	exit 0
fi
n=$(grep -c . "$2")
grep -v 'REVERSED' "$1" | sed '${/FAILED$/d}'
echo "($n direction(s) reversed against the paper: the finding(s) at the top of this section; the run exits 1 on them, which is not a failure)"
exit 0
