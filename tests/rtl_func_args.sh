#!/usr/bin/env bash
# rtl_func_args.sh - cosim --rtl's interface check reads the top's ports, not its functions'
# arguments (Verilator's XML gives both a dir): the generated rfc (functions flat_addr, touch_row)
# with wb_cause_o made 4 bits wide is refused with the interface error naming that port (exit 2,
# before any build), and no "port ... is not a port of rfc" warning is printed.
set -euo pipefail
cd "$(dirname "$0")/.."
W=${WARPGEN:-out/bin/warpgen}
dir=${OUT:-out}/rtl-func-args
rm -rf "$dir" && mkdir -p "$dir"
fail() { cat "$dir/log"; echo "FAIL: $*"; exit 1; }
"$W" gen rfc -o "$dir/good" -q
grep -q '^  function ' "$dir/good/rfc.v" || { echo "the generated rfc has no function any more: pick a block that has"; exit 1; }
sed -e 's/output wire \[2:0\]\( *\)wb_cause_o/output wire [3:0]\1wb_cause_o/' "$dir/good/rfc.v" >"$dir/bad.v"
grep -q 'output wire \[3:0\] *wb_cause_o' "$dir/bad.v" || { echo "the edit no longer applies to the template"; exit 1; }
set +e
"$W" --out "$dir/o" cosim rfc --rtl "$dir/bad.v" --cycles 10 >"$dir/log" 2>&1
rc=$?
set -e
[ "$rc" -eq 2 ] || fail "exit $rc, not 2"
grep -qF "interface: port wb_cause_o is 4 bits wide" "$dir/log" || fail "no interface error naming wb_cause_o"
! grep -q 'is not a port of rfc' "$dir/log" || fail "a function's argument reported as a port"
! grep -q '^build:' "$dir/log" || fail "it built the model before refusing the interface"
cat "$dir/log"
echo "ok: the ports only"
