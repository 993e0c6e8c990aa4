#!/usr/bin/env bash
# lint.sh [--set N=V]... - generate the block (BLOCK=rfc by default) for a configuration and pass it
# through verilator --lint-only -Wall, Yosys read_verilog/synth and iverilog
# -g2005 -Wall. Any warning fails (iverilog's "@* is sensitive to all N words"
# note about array reads is the one accepted message).
# Yosys runs the coarse synthesis (synth -run begin:fine) by default; LINT_YOSYS=read (make test and
# make test-fast, tests/run_tests.sh) reads, elaborates and checks only (read_verilog, hierarchy
# -check, proc, check -assert: undriven and multiply-driven nets, loops): a tenth of the time; make
# test's area and gate-level tests still synthesize some configurations fully, and make sweep and
# make full lint with the coarse synthesis. LINT_YOSYS=hier (make): read_verilog and hierarchy -check
# only (syntax, elaboration, ports), because make's area step synthesizes the same configuration
# coarsely (proc and check included) right after, and proc alone took 18-45 CPU-seconds at the
# largest defaults (prefetch_table, hrf_sm, mascar, wrc).
set -euo pipefail
block=${BLOCK:-rfc}
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
"${WARPGEN:-out/bin/warpgen}" gen "$block" "$@" -o "$dir" -q
v=$dir/$block.v
echo "== verilator --lint-only -Wall"
verilator --lint-only -Wall --top-module "$block" "$v" 2>&1 | tee "$dir/vl.log"
[ ! -s "$dir/vl.log" ] || { echo "verilator printed warnings"; exit 1; }
if [ "${LINT_YOSYS:-synth}" = hier ]; then
	echo "== yosys read_verilog + hierarchy -check"
	yosys -q -l "$dir/ys.log" -p "read_verilog $v; hierarchy -check -top $block" >/dev/null
elif [ "${LINT_YOSYS:-synth}" = read ]; then
	echo "== yosys read_verilog + hierarchy -check + proc + check -assert"
	yosys -q -l "$dir/ys.log" -p "read_verilog $v; hierarchy -check -top $block; proc; opt_clean; check -assert" >/dev/null
else
	echo "== yosys read_verilog + synth -run coarse"
	yosys -q -l "$dir/ys.log" -p "synth -top $block -run begin:fine" "$v" >/dev/null
fi
if grep -i 'warning' "$dir/ys.log"; then echo "yosys printed warnings"; exit 1; fi
echo "== iverilog -g2005 -Wall"
iverilog -g2005 -Wall -o "$dir/a.out" "$v" 2>&1 | grep -v 'is sensitive to all' | grep -v '^\s*$' | tee "$dir/iv.log" || true
[ ! -s "$dir/iv.log" ] || { echo "iverilog printed warnings"; exit 1; }
echo "lint clean: $block $*"
