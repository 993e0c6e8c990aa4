#!/usr/bin/env bash
# bench.sh - `make bench`: speed of every block at its paper's default size, as
# ratios measured side by side in one run (absolute cycles/s drift with the load
# of a shared machine; the ratios are the figures to compare):
#   (a) the Verilated model alone on pre-generated stimulus, (b) the C model alone
#   on the same stimulus, (c) the full co-simulation; (c)/(a) and (b)/(a).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p out/bench
for block in $(out/bin/warpgen list | awk '{print $1}'); do
	out/bin/warpgen bench "$block" --cycles "${CYCLES:-500000}" --json "out/bench/$block.json" 2>&1 | grep -v '^build'
done
echo "results: out/bench/*.json"
