#!/usr/bin/env bash
# bench.sh - `make bench`: speed of every block at its paper's default size, as
# ratios measured side by side in one run (absolute cycles/s drift with the load
# of a shared machine; the ratios are the figures to compare):
#   (a) the Verilated model alone on pre-generated stimulus, (b) the C model alone
#   on the same stimulus, (c) the full co-simulation; (c)/(a) and (b)/(a).
# Then the renaming table at the paper's largest size (48 warps x 63 registers, 1024
# physical registers, the unconstrained 3024-entry table), built from scratch so that
# the Verilator build time shows.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p out/bench
for block in $(out/bin/warpgen list | awk '{print $1}'); do
	out/bin/warpgen bench "$block" --cycles "${CYCLES:-500000}" --json "out/bench/$block.json" 2>&1 | grep -v '^build'
done
rm -rf out/cache/rename
echo "paper's largest renaming table (Verilator build from scratch):"
out/bin/warpgen bench rename --set RT_ENTRIES=3024 --cycles "${CYCLES:-500000}" --json out/bench/rename-rt3024.json 2>&1 |
	sed 's/^build: done in/Verilator build: done in/' | grep -v '^build'
echo "gate-level co-simulation (generic-gate netlist, no toggle dump) beside the RTL's, rfc ACTIVE_WARPS=2 ENTRIES=2 LANES=2 WIDTH=4:"
for m in rtl gate; do out/bin/warpgen cosim rfc --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4 $([ $m = gate ] && echo --gate --no-toggles) --cycles "${CYCLES:-500000}" -q 2>&1 | grep '^PASS' | sed "s/^PASS/$m: PASS/; s/ rtl=[^ ]*//"; done
echo "results: out/bench/*.json"
