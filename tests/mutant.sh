#!/usr/bin/env bash
# mutant.sh BLOCK/NAME | --list - a deliberately broken copy of a generated block must
# be caught by co-simulation against the C model (exit 1 with a MISMATCH report, a
# waveform window and a replay command). Each mutant is one sed edit of the
# generated file; a mutant whose edit no longer applies fails the test. The waveform window
# of the failure (a second, traced build of the mutant) is made and checked only with
# MUTANT_WINDOW=1 (one test does: make test's mutants run with --no-window).
set -euo pipefail
cd "$(dirname "$0")/.."
# Each block declares its mutants and the configuration they are built at in its own file,
# cosim/<block>/<block>_tests.sh (`mutant`, `mutant_args`; tests/decl.sh).
. tests/decl.sh
declare -A MUT=() ARGS=()
# one mutant: read only its block's file (all of them, 2-3 CPU-s, only for --list)
[ "${1:-}" != --list ] && [ -n "${1:-}" ] && DECL_BLOCKS=${1%%/*}
while IFS=$'\t' read -r m args sed_expr; do
	MUT[$m]=$sed_expr
	ARGS[$m]=$args # the block's mutant_args in force where the mutant is declared
done < <(decl_read mutants)
if [ "${1:-}" = --list ]; then printf '%s\n' "${!MUT[@]}" | sort; exit 0; fi
name=${1:?usage: mutant.sh BLOCK/NAME|--list}
[ -n "${MUT[$name]:-}" ] || { echo "unknown mutant $name"; exit 2; }
W=${WARPGEN:-out/bin/warpgen}
block=${name%%/*}
read -r -a set_args <<<"${ARGS[$name]}"
gen_args=() # the same without the stimulus's --knob options, which `gen` does not take
for ((i = 0; i < ${#set_args[@]}; i++)); do
	if [ "${set_args[i]}" = --knob ]; then i=$((i + 1)); else gen_args+=("${set_args[i]}"); fi
done
dir=${OUT:-out}/mutants/$name
[ "${MUTANT_WINDOW:-0}" = 1 ] && dir=$dir-window # (its own folder: both may run at once)
rm -rf "$dir" && mkdir -p "$dir"
"$W" gen "$block" "${gen_args[@]}" -o "$dir/good" -q
sed -e "${MUT[$name]}" "$dir/good/$block.v" >"$dir/$block.v"
if cmp -s "$dir/good/$block.v" "$dir/$block.v"; then echo "mutant $name no longer applies to the template"; exit 1; fi
diff "$dir/good/$block.v" "$dir/$block.v" || true
set +e
win=(--no-window)
[ "${MUTANT_WINDOW:-0}" = 1 ] && win=()
# the pipelined loop, whatever the machine's load (WG_LOOP_AUTO would take the plain loop beside
# make test's other job): its failure paths are what these runs check (the plain loop's are the
# directed cases' and the replays')
WARPGEN_LOOP=pipelined "$W" cosim "$block" "${set_args[@]}" --rtl "$dir/$block.v" --seed 1 --cycles 20000 "${win[@]}" >"$dir/cosim.log" 2>&1
rc=$?
set -e
cat "$dir/cosim.log"
[ "$rc" -eq 1 ] || { echo "mutant $name was NOT caught (exit $rc)"; exit 1; }
grep -q '^MISMATCH' "$dir/cosim.log" || { echo "no MISMATCH line"; exit 1; }
grep -q 'replay: .*--rtl' "$dir/cosim.log" || { echo "no replay command"; exit 1; }
grep -q -- '--no-window' <(grep 'replay:' "$dir/cosim.log") && { echo "the replay command keeps --no-window"; exit 1; }
if [ "${MUTANT_WINDOW:-0}" = 1 ]; then # the window: an FST and its save file, named in the report
	fst=$(sed -n 's/^  wave window: //p' "$dir/cosim.log")
	[ -n "$fst" ] && [ -s "$fst" ] && [ -s "${fst%.fst}.gtkw" ] || { echo "no waveform window (FST + .gtkw) of the failure"; exit 1; }
	grep -q "gtkwave $fst" "$dir/cosim.log" || { echo "no gtkwave command for the window"; exit 1; }
	# beside it the C model's side of the same cycles (VCD): its ports, the failing cycle's time
	mv=$(sed -n "s/^  C model (inputs, expected outputs), the window's cycles: //p" "$dir/cosim.log")
	cyc=$(sed -n 's/^MISMATCH .* cycle=\([0-9]*\).*/\1/p' "$dir/cosim.log" | head -1)
	[ -n "$mv" ] && [ -s "$mv" ] || { echo "no C model trace beside the window"; exit 1; }
	grep -q '^\$var wire .* clk_i \$end' "$mv" && grep -qx "#${cyc}000" "$mv" ||
		{ echo "the C model trace $mv lacks clk_i or the failing cycle $cyc"; exit 1; }
else
	grep -q '^  wave window:' "$dir/cosim.log" && { echo "--no-window made a window"; exit 1; }
fi
echo "caught: $name"
