#!/usr/bin/env bash
# rtl_case_mutant.sh BLOCK CASE SED MESSAGE [--set ...] - a directed case's claim can fail: the
# generated block edited by SED (a design that loses the state the case is about), given as
# --rtl, must FAIL the case (exit 1) with MESSAGE in its report.
# RTL_GEN_DEFAULT=1: the file is generated at the block's default parameters and the run's --set
# values reach it as parameters (cosim passes them with Verilator's -G), in a build cache of its own
# (--out, the Verilator runtime folder linked to the shared one): a third party's parameterized file.
set -euo pipefail
cd "$(dirname "$0")/.."
block=$1 cas=$2 expr=$3 msg=$4
shift 4
W=${WARPGEN:-out/bin/warpgen}
dir=${OUT:-out}/rtl-case-mutants/$block-$cas${RTL_MUTANT_TAG:+-$RTL_MUTANT_TAG} # (TAG: a second wrong design of the case)
rm -rf "$dir" && mkdir -p "$dir"
outopt=()
if [ "${RTL_GEN_DEFAULT:-0}" = 1 ]; then
	"$W" gen "$block" -o "$dir/good" -q
	rt=${WARPGEN_OUT:-$PWD/out}/vlrt # (the Verilator runtime of this build's out folder, shared)
	mkdir -p "$dir/o" "$rt" && ln -s "$rt" "$dir/o/vlrt"
	outopt=(--out "$dir/o")
else
	"$W" gen "$block" "$@" -o "$dir/good" -q
fi
sed -e "$expr" "$dir/good/$block.v" >"$dir/$block.v"
if cmp -s "$dir/good/$block.v" "$dir/$block.v"; then echo "the edit no longer applies to the template"; exit 1; fi
set +e
"$W" "${outopt[@]}" cosim "$block" "$@" --case "$cas" --rtl "$dir/$block.v" --no-window >"$dir/cosim.log" 2>&1
rc=$?
set -e
cat "$dir/cosim.log"
[ "$rc" -eq 1 ] || { echo "case $cas did NOT fail on the edited design (exit $rc)"; exit 1; }
grep -qF -- "$msg" "$dir/cosim.log" || { echo "the failure is not the case's claim: $msg"; exit 1; }
if [ "${RTL_GEN_DEFAULT:-0}" = 1 ]; then
	ls "$dir"/o/cache/"$block"/*/libdut.so >/dev/null 2>&1 || { echo "no build under --out $dir/o"; exit 1; }
	rm -rf "$dir/o/cache" # (a private cache: nothing reuses it)
fi
echo "case $cas fails on the edited design: ok"
