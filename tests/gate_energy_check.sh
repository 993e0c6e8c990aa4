#!/usr/bin/env bash
# gate_energy_check.sh - activity-based energy of a gate-level run (docs/energy-model.md §10):
# the small rfc priced with sky130 hd; internal + switching + clock + leakage = total, and the
# ratio to the power-table estimate is total / table. Skips when the library is absent.
set -uo pipefail
lib=${LIBERTY:-../shared/liberty/sky130_fd_sc_hd__tt_025C_1v80.lib}
[ -f "$lib" ] || { echo "SKIP: $lib not present"; exit 0; }
W=${WARPGEN:-out/bin/warpgen}
f=$(mktemp); trap 'rm -f "$f" "$f.txt"' EXIT
"$W" cosim rfc --gate --liberty "$lib" --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4 \
	--cycles 20000 -q --json "$f" >"$f.txt" || { cat "$f.txt"; exit 1; }
grep -q 'gate: activity energy (sky130_fd_sc_hd__tt_025C_1v80, 1.80 V) per cycle: internal' "$f.txt" || { echo "no activity line"; cat "$f.txt"; exit 1; }
grep -q 'activity / table = ' "$f.txt" || { echo "no ratio line"; cat "$f.txt"; exit 1; }
python3 - "$f" <<'PY'
import json, sys
g = json.load(open(sys.argv[1]))["gate"]
a = g["activity_energy_pj"]
assert a["total"] > 0 and abs(a["internal"] + a["switching"] + a["clock"] + a["leakage"] - a["total"]) <= 1e-5, a
assert g["table_energy_pj"] > 0 and abs(g["ratio"] - a["total"] / g["table_energy_pj"]) <= 1e-5, g
print("activity %.4f pJ/cycle, ratio %.3f" % (a["per_cycle"], g["ratio"]))
PY
