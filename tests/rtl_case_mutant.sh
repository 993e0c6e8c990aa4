#!/usr/bin/env bash
# rtl_case_mutant.sh BLOCK CASE SED MESSAGE [--set ...] - a directed case's claim can fail: the
# generated block edited by SED (a design that loses the state the case is about), given as
# --rtl, must FAIL the case (exit 1) with MESSAGE in its report.
set -euo pipefail
cd "$(dirname "$0")/.."
block=$1 cas=$2 expr=$3 msg=$4
shift 4
W=${WARPGEN:-out/bin/warpgen}
dir=${OUT:-out}/rtl-case-mutants/$block-$cas
rm -rf "$dir" && mkdir -p "$dir"
"$W" gen "$block" "$@" -o "$dir/good" -q
sed -e "$expr" "$dir/good/$block.v" >"$dir/$block.v"
if cmp -s "$dir/good/$block.v" "$dir/$block.v"; then echo "the edit no longer applies to the template"; exit 1; fi
set +e
"$W" cosim "$block" "$@" --case "$cas" --rtl "$dir/$block.v" --no-window >"$dir/cosim.log" 2>&1
rc=$?
set -e
cat "$dir/cosim.log"
[ "$rc" -eq 1 ] || { echo "case $cas did NOT fail on the edited design (exit $rc)"; exit 1; }
grep -qF -- "$msg" "$dir/cosim.log" || { echo "the failure is not the case's claim: $msg"; exit 1; }
echo "case $cas fails on the edited design: ok"
