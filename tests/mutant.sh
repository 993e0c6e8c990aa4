#!/usr/bin/env bash
# mutant.sh BLOCK/NAME | --list - a deliberately broken copy of a generated block must
# be caught by co-simulation against the C model (exit 1 with a MISMATCH report, a
# waveform window and a replay command). Each mutant is one sed edit of the
# generated file; a mutant whose edit no longer applies fails the test.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each block declares its mutants and the configuration they are built at in its own file,
# cosim/<block>/<block>_tests.sh (`mutant`, `mutant_args`; tests/decl.sh).
. tests/decl.sh
declare -A MUT=() ARGS=()
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
rm -rf "$dir" && mkdir -p "$dir"
"$W" gen "$block" "${gen_args[@]}" -o "$dir/good" -q
sed -e "${MUT[$name]}" "$dir/good/$block.v" >"$dir/$block.v"
if cmp -s "$dir/good/$block.v" "$dir/$block.v"; then echo "mutant $name no longer applies to the template"; exit 1; fi
diff "$dir/good/$block.v" "$dir/$block.v" || true
set +e
"$W" cosim "$block" "${set_args[@]}" --rtl "$dir/$block.v" --seed 1 --cycles 20000 >"$dir/cosim.log" 2>&1
rc=$?
set -e
cat "$dir/cosim.log"
[ "$rc" -eq 1 ] || { echo "mutant $name was NOT caught (exit $rc)"; exit 1; }
grep -q '^MISMATCH' "$dir/cosim.log" || { echo "no MISMATCH line"; exit 1; }
grep -q 'replay: .*--rtl' "$dir/cosim.log" || { echo "no replay command"; exit 1; }
echo "caught: $name"
