#!/usr/bin/env bash
# mutant.sh NAME | --list - a deliberately broken copy of the generated RFC must be
# caught by co-simulation against the C model (exit 1 with a MISMATCH report, a
# waveform window and a replay command). Each mutant is one sed edit of the
# generated file; a mutant whose edit no longer applies fails the test.
set -euo pipefail
cd "$(dirname "$0")/.."
declare -A MUT=(
	[ignore-pins]='s/if (!pin\[e\] \&\& (!v_ok/if ((!v_ok/'
	[victim-youngest]='s/(ws_rank\[e\*IBW +: IBW\] > best)/(ws_rank[e*IBW +: IBW] < best)/'
	[flush-keeps-dead]='s/^        v = v \& ~d;   /        v = v;   /'
	[reset-forgets-valid]='/^        v   = {N{1.b0}};$/d'
	[rd-data-ungated]='s/= bus \& {L\*W{rd_ok\[gp\]}};/= bus;/'
	[no-late-kill]='s/late_kill = ws_drain \&\& m_found;/late_kill = 1'"'"'b0;/'
)
if [ "${1:-}" = --list ]; then printf '%s\n' "${!MUT[@]}" | sort; exit 0; fi
name=${1:?usage: mutant.sh NAME|--list}
[ -n "${MUT[$name]:-}" ] || { echo "unknown mutant $name"; exit 2; }
W=${WARPGEN:-out/bin/warpgen}
set_args=(--set ACTIVE_WARPS=4 --set ENTRIES=4 --set LANES=4 --set WIDTH=8)
dir=out/mutants/$name
rm -rf "$dir" && mkdir -p "$dir"
"$W" gen rfc "${set_args[@]}" -o "$dir/good" -q
sed -e "${MUT[$name]}" "$dir/good/rfc.v" >"$dir/rfc.v"
if cmp -s "$dir/good/rfc.v" "$dir/rfc.v"; then echo "mutant $name no longer applies to the template"; exit 1; fi
diff "$dir/good/rfc.v" "$dir/rfc.v" || true
set +e
"$W" cosim rfc "${set_args[@]}" --rtl "$dir/rfc.v" --seed 1 --cycles 20000 >"$dir/cosim.log" 2>&1
rc=$?
set -e
cat "$dir/cosim.log"
[ "$rc" -eq 1 ] || { echo "mutant $name was NOT caught (exit $rc)"; exit 1; }
grep -q '^MISMATCH' "$dir/cosim.log" || { echo "no MISMATCH line"; exit 1; }
grep -q 'replay: .*--rtl' "$dir/cosim.log" || { echo "no replay command"; exit 1; }
echo "caught: $name"
