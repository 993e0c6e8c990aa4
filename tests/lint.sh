#!/usr/bin/env bash
# lint.sh [--set N=V]... - generate the block (BLOCK=rfc by default) for a configuration and pass it
# through verilator --lint-only -Wall, Yosys read_verilog/synth and iverilog
# -g2005 -Wall. Any warning fails (iverilog's "@* is sensitive to all N words"
# note about array reads is the one accepted message).
set -euo pipefail
block=${BLOCK:-rfc}
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
"${WARPGEN:-out/bin/warpgen}" gen "$block" "$@" -o "$dir" -q
v=$dir/$block.v
echo "== verilator --lint-only -Wall"
verilator --lint-only -Wall --top-module "$block" "$v" 2>&1 | tee "$dir/vl.log"
[ ! -s "$dir/vl.log" ] || { echo "verilator printed warnings"; exit 1; }
echo "== yosys read_verilog + synth -run coarse"
yosys -q -l "$dir/ys.log" -p "synth -top $block -run begin:fine" "$v" >/dev/null
if grep -i 'warning' "$dir/ys.log"; then echo "yosys printed warnings"; exit 1; fi
echo "== iverilog -g2005 -Wall"
iverilog -g2005 -Wall -o "$dir/a.out" "$v" 2>&1 | grep -v 'is sensitive to all' | grep -v '^\s*$' | tee "$dir/iv.log" || true
[ ! -s "$dir/iv.log" ] || { echo "iverilog printed warnings"; exit 1; }
echo "lint clean: $block $*"
