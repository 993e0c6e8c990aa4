#!/usr/bin/env bash
# model_trace.sh - cosim --model-only --wave (issue 26 part 4): no RTL, so the C model's side of the
# run is the trace: model.vcd with clk_i, every port of the configuration and one timestamp per
# cycle edge, named in the report. The negative case barrier_deadlock_without_demotion (63 cycles).
# Its replay line keeps --model-only and replays the same failure.
set -euo pipefail
cd "$(dirname "$0")/.."
W=${WARPGEN:-out/bin/warpgen}
dir=${OUT:-out}/model-trace
rm -rf "$dir" && mkdir -p "$dir"
set +e
"$W" --out "$dir/o" cosim sched2l --case barrier_deadlock_without_demotion --model-only --wave >"$dir/log" 2>&1
rc=$?
set -e
fail() { cat "$dir/log"; echo "FAIL: $*"; exit 1; }
[ "$rc" -eq 1 ] || fail "exit $rc (the negative case fails: 1)"
mv=$(sed -n 's/^  C model (inputs, expected outputs): //p' "$dir/log")
[ -n "$mv" ] && [ -s "$mv" ] || fail "no model.vcd named in the report"
for p in clk_i rst_i bar_i iss_valid_o iss_slot_o slot_warp_o ev_o; do
	grep -q "^\$var wire [0-9]* [^ ]* $p \$end" "$mv" || fail "$mv has no $p"
done
grep -qx '#62000' "$mv" && grep -qx '#62500' "$mv" || fail "$mv does not reach the failing cycle 62"
# the replay line of a --model-only run says --model-only (else it would build and run the RTL), and
# replayed, it gives the same failure with no RTL
rp=$(sed -n 's/^  replay: //p' "$dir/log")
case " $rp " in *" --model-only "*) ;; *) fail "the replay line leaves out --model-only: $rp" ;; esac
set +e
"$W" --out "$dir/o" ${rp#*/warpgen } >"$dir/log2" 2>&1
rc=$?
set -e
[ "$rc" -eq 1 ] && grep -q '^FAIL sched2l .* cycle=62 CHECK: deadlock' "$dir/log2" && grep -q '(C model only, no RTL)' "$dir/log2" ||
	{ cat "$dir/log2"; fail "the replay ($rp) did not give the same failure with the C model only (exit $rc)"; }
echo "ok: $mv"
