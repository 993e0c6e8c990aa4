#!/usr/bin/env bash
# rename_storage.sh - the manifest's storage breakdown reproduces the paper's arithmetic
# (Jeon & Annavaram 2014, §6.1, §6.2, §7.1; spec renaming-table.md §4.2):
#   unconstrained table 48 warps x 63 registers x 10 bits = 30240 b = 3780 B = 3.69 KiB,
#   1 KB optimised table 816 x 10 b = 8160 b <= 8192 b, availability flag 1024 b,
#   release flag cache 48 x 54 b = 2592 b = 324 B; and the parts add up to storage_bits.
set -euo pipefail
cd "$(dirname "$0")/../.."
W=${WARPGEN:-out/bin/warpgen}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
$W gen rename --set RT_ENTRIES=3024 -o "$d/big" -q
$W gen rename -o "$d/opt" -q
python3 - "$d/big/rename.manifest.json" "$d/opt/rename.manifest.json" <<'PY'
import json, sys
def parts(f):
    m = json.load(open(f))
    p = {x["name"]: x["bits"] for x in m["storage_parts"]}
    assert sum(p.values()) == m["storage_bits"], "%s: parts %d != storage_bits %d" % (f, sum(p.values()), m["storage_bits"])
    return p, m
big, mb = parts(sys.argv[1])
opt, mo = parts(sys.argv[2])
ids = big["table ids (rtp_q)"]
assert ids == 48 * 63 * 10 == 30240, ids
assert abs(ids / 8 / 1024 - 3.69) < 0.005, ids / 8 / 1024
assert big["availability flag (occ_q)"] == 1024
assert abs((ids + 1024) / 8 / 1024 - 3.8) < 0.02          # "3.8KB" with the flag
assert big["flag cache payload (fcf_q)"] == 48 * 54 == 2592 and 2592 // 8 == 324
assert opt["table ids (rtp_q)"] == 816 * 10 <= 8192, opt["table ids (rtp_q)"]
print("paper arithmetic: table %d b = %.2f KiB (3.69 KB), +flag %.2f KiB (3.8 KB), flag cache %d B (324 B), "
      "1 KB table %d b <= 8192 b; storage bits %d (3024 entries), %d (816 entries)" % (
      ids, ids / 8192, (ids + 1024) / 8192, 2592 // 8, opt["table ids (rtp_q)"], mb["storage_bits"], mo["storage_bits"]))
PY
