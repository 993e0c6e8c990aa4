#!/usr/bin/env bash
# equalizer_storage.sh - the manifest's storage breakdown reproduces the thesis's statistics
# hardware (Sethia 2015 §3.5.1.2; spec equalizer-mascar-apogee.md §2.3): "4 11-bit counters,
# and 1 12-bit counter" = 56 bits per SM at 48 warps, 128-cycle samples and 4096-cycle epochs,
# the same figures as power_tables/sethia2015.tsv; every part we add is listed with no paper
# reference; parts add up to storage_bits; the GPU composition is 15 x one SM + the manager.
set -euo pipefail
cd "$(dirname "$0")/../.."
W=${WARPGEN:-out/bin/warpgen}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
$W gen equalizer -o "$d" -q
$W gen equalizer_gpu -o "$d" -q
python3 - "$d/equalizer.manifest.json" "$d/equalizer_gpu.manifest.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
g = json.load(open(sys.argv[2]))
parts = {p["name"]: p for p in m["storage_parts"]}
assert sum(p["bits"] for p in parts.values()) == m["storage_bits"]
stats = parts["statistics counters (active, waiting, X_alu, X_mem)"]["bits"]
cyc = parts["epoch cycle counter"]["bits"]
assert stats == 4 * 11 and cyc == 12, (stats, cyc)
rows = {}
for line in open("power_tables/sethia2015.tsv"):
    f = line.rstrip("\n").split("\t")
    if len(f) > 3 and not line.startswith("#"):
        rows[(f[0], f[1])] = f[2]
assert float(rows[("equalizer", "storage_stats_bits")]) == stats + cyc == 56
assert float(rows[("equalizer", "storage_total_bits")]) == m["storage_bits"], m["storage_bits"]
paper = [k for k, p in parts.items() if p["paper"]]
assert sorted(paper) == sorted(["statistics counters (active, waiting, X_alu, X_mem)", "epoch cycle counter"]), paper
added = m["storage_bits"] - stats - cyc
inst = {i["name"]: i for i in g["instances"]}
assert inst["eq"]["copies"] == 15 and inst["eq"]["storage_bits"] == m["storage_bits"]
assert g["storage_bits"] == 15 * m["storage_bits"] + inst["vfm"]["storage_bits"], g["storage_bits"]
print("Sethia §3.5.1.2: statistics 4 x %d b + %d b cycle counter = %d b per SM (thesis: 4 x 11 + 12 = 56); "
      "our controller %d b (%s); %d b per SM; GPU (15 SMs + frequency manager %d b) %d b" % (
      stats // 4, cyc, stats + cyc, added,
      ", ".join("%s %d" % (k, p["bits"]) for k, p in parts.items() if not p["paper"]),
      m["storage_bits"], inst["vfm"]["storage_bits"], g["storage_bits"]))
PY
