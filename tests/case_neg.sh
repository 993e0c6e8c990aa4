#!/usr/bin/env bash
# case_neg.sh BLOCK CASE - a directed case's claim can fail (issue 26 part 4): the block's fixture
# cosim/BLOCK/BLOCK_case_neg.tsv names, per case, a wrong design (one sed edit of the generated
# Verilog that loses or gets wrong the state the case is about) and the first mismatch the case
# must report on it; tests/rtl_case_mutant.sh builds that design from the file generated at the
# block's defaults (the case's parameters reach it through cosim's -G, a private build cache) and
# checks the case FAILs with that mismatch. Fixture lines (tab-separated, '#' comments):
#   CASE  WRONG-DESIGN-NAME  MISMATCH-TEXT  SED  [GEN-ARGS]
# A case whose claim has two halves has one line per half: the later lines are chosen by their
# WRONG-DESIGN-NAME (case_neg.sh BLOCK CASE DESIGN; without DESIGN, the case's first line).
# GEN-ARGS (a block whose top has fixed port widths, e.g. mascar's composition): the file is
# generated with these --set options and the case run with them too, in the usual build cache.
# tests/suites/case_neg.sh declares one sweep test per line.
set -euo pipefail
cd "$(dirname "$0")/.."
block=${1:?usage: case_neg.sh BLOCK CASE [DESIGN]} cas=${2:?usage: case_neg.sh BLOCK CASE [DESIGN]} des=${3:-}
f=cosim/$block/${block}_case_neg.tsv
[ -f "$f" ] || { echo "no fixture $f"; exit 2; }
line=$(awk -F'\t' -v c="$cas" -v d="$des" '!/^#/ && $1 == c && (d == "" || $2 == d)' "$f" | head -1)
[ -n "$line" ] || { echo "case $cas has no line${des:+ with wrong design $des} in $f"; exit 2; }
IFS=$'\t' read -r _ name msg expr gen <<<"$line"
export RTL_MUTANT_TAG=$des # (its own folder: the case's two tests may run side by side)
echo "$block $cas: wrong design '$name' ($expr) must fail with: $msg"
if [ -n "${gen:-}" ]; then
	read -r -a gen_args <<<"$gen"
	exec tests/rtl_case_mutant.sh "$block" "$cas" "$expr" "$msg" "${gen_args[@]}"
fi
RTL_GEN_DEFAULT=1 exec tests/rtl_case_mutant.sh "$block" "$cas" "$expr" "$msg"
