#!/usr/bin/env bash
# prefetch_table_storage.sh - the manifest's storage breakdown reproduces the thesis's prefetch
# table (Sethia 2015 Tab. 5.3(b); spec equalizer-mascar-apogee.md §4.3): 64 entries of PC 10 +
# Address 28 + Offset 8 + Confidence 8 + Thread Idx 6 + Distance 6 + PF Type 2 + PF State 8
# (2 bits x 4 warps) = 76 bits = 4864 bits, the figure of power_tables/sethia2015.tsv; Tab. 5.4's
# "64, 73-bit entries" (4672 bits) is printed beside it; every part we add is listed with no
# paper reference; parts add up to storage_bits.
set -euo pipefail
cd "$(dirname "$0")/../.."
W=${WARPGEN:-out/bin/warpgen}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
$W gen prefetch_table -o "$d" -q
python3 - "$d/prefetch_table.manifest.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
parts = {p["name"]: p for p in m["storage_parts"]}
assert sum(p["bits"] for p in parts.values()) == m["storage_bits"]
fields = {"table: PC": 10, "table: Address": 28, "table: Offset": 8, "table: Confidence": 8,
          "table: Thread Idx": 6, "table: Distance": 6, "table: PF Type": 2, "table: PF State (2 bits per warp)": 8}
for k, w in fields.items():
    assert parts[k]["bits"] == 64 * w and parts[k]["paper"], (k, parts[k])
thesis = sum(parts[k]["bits"] for k in fields)
assert thesis == 64 * 76 == 4864, thesis
ours = {k: p["bits"] for k, p in parts.items() if not p["paper"]}
assert set(parts) - set(fields) == set(ours), "a part we add has a paper reference"
print("Sethia Tab. 5.3(b): 64 entries x 76 bits = %d b (Tab. 5.4 says 64 x 73 = 4672 b); our additions %d b (%s); "
      "storage bits %d" % (thesis, sum(ours.values()), ", ".join("%s %d" % kv for kv in ours.items()), m["storage_bits"]))
PY
