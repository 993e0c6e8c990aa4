#!/usr/bin/env bash
# rtl_interface.sh - cosim --rtl checks the file's top before the build (issue 26 part 4): the
# generated sched2l (default parameters) with SUSPEND renamed SUSP and iss_slot_o 3 bits wide, run
# at WARPS=8 ACTIVE=4 (iss_slot_o needs 2 bits: the same byte, which the shim's size checks let
# through): a warning for the parameter it lacks and for the one the block lacks, and an interface
# error naming the port and both widths, exit 2, before any build or run (no "build:" line).
set -euo pipefail
cd "$(dirname "$0")/.."
W=${WARPGEN:-out/bin/warpgen}
dir=${OUT:-out}/rtl-interface
rm -rf "$dir" && mkdir -p "$dir"
fail() { cat "$dir/log"; echo "FAIL: $*"; exit 1; }
"$W" gen sched2l -o "$dir/good" -q
sed -e 's/output wire \[((ACTIVE > 1) ? $clog2(ACTIVE) : 1)-1:0\]         iss_slot_o/output wire [2:0] iss_slot_o/' \
	-e 's/SUSPEND/SUSP/g' "$dir/good/sched2l.v" >"$dir/bad.v"
grep -q 'output wire \[2:0\] iss_slot_o' "$dir/bad.v" || { echo "the edit no longer applies to the template"; exit 1; }
set +e
"$W" --out "$dir/o" cosim sched2l --set WARPS=8 --set ACTIVE=4 --case greedy_keeps_warp --rtl "$dir/bad.v" >"$dir/log" 2>&1
rc=$?
set -e
[ "$rc" -eq 2 ] || fail "exit $rc, not 2"
grep -qF "interface: port iss_slot_o is 3 bits wide in $PWD/$dir/bad.v but 2 bits in sched2l WARPS=8 ACTIVE=4 (output)" "$dir/log" ||
	fail "no interface error naming iss_slot_o and both widths"
grep -qF "has no parameter SUSPEND: it must be written for SUSPEND=0" "$dir/log" || fail "no warning for the missing SUSPEND"
grep -qF "parameter SUSP of $PWD/$dir/bad.v is not a parameter of sched2l" "$dir/log" || fail "no warning for SUSP"
! grep -q '^build:' "$dir/log" || fail "it built the model before refusing the interface"
cat "$dir/log"
echo "ok: the interface error comes before the run"
