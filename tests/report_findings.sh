#!/usr/bin/env bash
# report_findings.sh [--md] SECTION.md - the findings of a report section written by a comparison
# script (tests/*_compare_report.sh), under the reversal rule of docs/user-guide.md "Reversals":
# every line of SECTION.md that says REVERSED (a table row or a sentence; "no REVERSED" excepted)
# is a finding. Without --md: one line per finding on stdout, "FINDING: reversed against the paper:
# ..." (nothing when there is none). With --md: SECTION.md itself, with the findings in bold right
# after its first line (the section's title), for out/report.md. Exit 0 (2: usage).
set -uo pipefail
md=0
[ "${1:-}" = --md ] && { md=1; shift; }
[ $# -eq 1 ] && [ -f "$1" ] || { echo "usage: tests/report_findings.sh [--md] SECTION.md" >&2; exit 2; }
findings=$(grep 'REVERSED' "$1" | grep -v 'no REVERSED' | sed 's/^[*| ]*//; s/[*]//g; s/ *|$//; s/ *| */ | /g; s/^/FINDING: reversed against the paper: /')
if [ "$md" = 0 ]; then
	[ -z "$findings" ] || printf '%s\n' "$findings"
	exit 0
fi
sed -n '1p' "$1"
if [ -n "$findings" ]; then
	echo
	printf '%s\n' "$findings" | sed 's/^/**/; s/$/**/'
fi
sed '1d' "$1"
exit 0
