#!/usr/bin/env bash
# mascar_storage.sh - the manifest's storage breakdown reproduces the thesis's Table 4.2
# (Sethia 2015 §4.4.2; spec equalizer-mascar-apogee.md §3.2): warp status table 48 x 2 bits
# = 12 bytes, WRC owner id 6 bits (1 byte), re-execution queue 32 entries x 301 bits
# (64 address + 32 x 7 offsets + 6 warp + 7 register; "1216 bytes" = 32 x 38 bytes, each entry
# rounded up to 38 bytes), and every part we add is listed; parts add up to storage_bits.
set -euo pipefail
cd "$(dirname "$0")/../.."
W=${WARPGEN:-out/bin/warpgen}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
$W gen mascar -o "$d" -q
python3 - "$d/mascar.manifest.json" <<'PY'
import json, math, sys
m = json.load(open(sys.argv[1]))
inst = {i["name"]: i for i in m["instances"]}
def parts(i):
    p = {x["name"]: x for x in i["storage_parts"]}
    assert sum(x["bits"] for x in p.values()) == i["storage_bits"], i["name"]
    return p
w, q = parts(inst["wrc"]), parts(inst["rq"])
assert m["storage_bits"] == inst["wrc"]["storage_bits"] + inst["rq"]["storage_bits"]
wst = w["warp status table (mem_q, stall_q)"]["bits"]
own = w["owner (own_q)"]["bits"]
assert wst == 48 * 2 == 96 and wst / 8 == 12, wst
assert own == 6 and math.ceil(own / 8) == 1, own
thesis = ["base address", "thread offsets", "warp id", "register"]
entry = {k: q[k]["bits"] // 32 for k in thesis}
assert entry == {"base address": 64, "thread offsets": 224, "warp id": 6, "register": 7}, entry
qbits = sum(q[k]["bits"] for k in thesis)
assert qbits == 32 * 301 == 9632 and qbits / 8 == 1204, qbits
# Tab. 4.2's 1216 bytes (power_tables/sethia2015.tsv) are 32 entries of the manifest's entry bits
# rounded up to whole bytes
rows = {}
for line in open("power_tables/sethia2015.tsv"):
    f = line.rstrip("\n").split("\t")
    if len(f) > 3 and not line.startswith("#"):
        rows[(f[0], f[1])] = f[2]
assert float(rows[("reexec_q", "storage")]) == 32 * math.ceil(qbits // 32 / 8), rows[("reexec_q", "storage")]
paper = wst + own + qbits
for name, part in list(w.items()) + list(q.items()):
    assert (part["paper"] is not None) == (part in (w["warp status table (mem_q, stall_q)"], w["owner (own_q)"])
                                          or name in thesis), name
added = m["storage_bits"] - paper
print("Tab. 4.2: WST %d b (12 B), owner %d b (1 B), queue 32 x %d b = %d b (%d B; the thesis's 1216 B "
      "are 32 x 38 B); our additions %d b (%s); storage bits %d" % (
      wst, own, qbits // 32, qbits, qbits // 8, added,
      ", ".join("%s %d" % (k, v["bits"]) for k, v in list(w.items()) + list(q.items()) if v["paper"] is None),
      m["storage_bits"]))
PY
