#!/usr/bin/env bash
# gate_check.sh MODE BLOCK CYCLES [--set N=V]...
#   pass:      `warpgen cosim BLOCK --gate` (the native gate-level simulator) must PASS over
#              CYCLES cycles, and its JSON must hold the gate section: cells and flops > 0,
#              cell and flop toggles > 0, per-type sums equal to the totals, clock toggles =
#              2 x cycles. With the sky130 library present (LIBERTY, default
#              ../shared/liberty/...tt_025C_1v80.lib) the run is priced too: internal +
#              switching + clock + leakage = total > 0, and the ratio to the power-table
#              estimate is total / table when the papers give one; absent, that part is
#              skipped with a note.
#   verilator: the same netlist as gate.v (+ simcells.v models) under Verilator must PASS.
#   mapped:    `--synth mapped` to the sky130 library (else the OSU 0.18 um library that
#              `make deps` unpacks) must PASS: library cells in mapped.v and its stat, with
#              an area, simulated as their functions' generic gates (more cells than the
#              library's), each priced as itself: internal + switching + clock + leakage =
#              total > 0.
#   mutant:    the same BLIF with one gate changed (the first $_XOR_ becomes an $_XNOR_),
#              run with --blif, must MISMATCH (exit 1).
set -euo pipefail
cd "$(dirname "$0")/.."
WARPGEN=${WARPGEN:-out/bin/warpgen}
LIBERTY=${LIBERTY:-../shared/liberty/sky130_fd_sc_hd__tt_025C_1v80.lib}
mode=$1 block=$2 cycles=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case $mode in
pass)
	lib=()
	if [ -f "$LIBERTY" ]; then lib=(--liberty "$LIBERTY"); else echo "note: $LIBERTY not present: no activity energy checked"; fi
	"$WARPGEN" cosim "$block" "$@" --gate "${lib[@]}" --cycles "$cycles" -q --json "$tmp/r.json"
	python3 - "$tmp/r.json" "$cycles" "${#lib[@]}" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); c = int(sys.argv[2]); priced = sys.argv[3] != "0"; g = d["gate"]
assert d["verdict"] == "PASS", d["verdict"]
assert g["simulator"] == "native", g["simulator"]
assert g["cells"] > 0 and g["flops"] > 0, g
assert g["cycles"] == c, (g["cycles"], c)
assert g["cell_toggles"] > 0 and g["flop_toggles"] > 0, g
assert g["clock_toggles"] == 2 * c, g["clock_toggles"]
assert sum(t["cells"] for t in g["types"]) == g["cells"]
assert sum(t["toggles"] for t in g["types"]) == g["cell_toggles"]
assert sum(t["toggles"] for t in g["types"] if t["flop"]) == g["flop_toggles"]
line = "gate ok: %d cells, %d flops, %d cell toggles in %d cycles" % (g["cells"], g["flops"], g["cell_toggles"], c)
if priced:
    a = g["activity_energy_pj"]
    assert a and a["total"] > 0, g
    assert abs(a["internal"] + a["switching"] + a["clock"] + a["leakage"] - a["total"]) <= 1e-6 * a["total"], a
    assert abs(sum(t["activity_energy_pj"] for t in g["types"]) - a["total"]) <= 1e-6 * a["total"], a
    if g["table_energy_pj"]:
        assert abs(g["ratio"] - a["total"] / g["table_energy_pj"]) <= 1e-6 * g["ratio"], g
    line += "; %.4f pJ/cycle, ratio %s" % (a["per_cycle"], "%.3f" % g["ratio"] if g["ratio"] else "n/a")
print(line)
PY
	;;
verilator)
	"$WARPGEN" cosim "$block" "$@" --gate --gate-sim verilator --cycles "$cycles" -q --json "$tmp/r.json"
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d["verdict"] == "PASS" and d["gate"]["simulator"] == "verilator", d["verdict"]' "$tmp/r.json"
	;;
mapped)
	lib=$LIBERTY
	[ -f "$lib" ] || lib=out/liberty/osu018/usr/share/qflow/tech/osu018/osu018_stdcells.lib
	[ -f "$lib" ] || { echo "gate_check: neither $LIBERTY nor the OSU library (make deps) is present"; exit 1; }
	"$WARPGEN" cosim "$block" "$@" --gate --synth mapped --liberty "$lib" --cycles "$cycles" -q --json "$tmp/r.json"
	python3 - "$tmp/r.json" "$cycles" <<'PY'
import json, os, re, sys
d = json.load(open(sys.argv[1])); c = int(sys.argv[2]); g = d["gate"]
assert d["verdict"] == "PASS", d["verdict"]
assert g["synth"] == "mapped" and g["cycles"] == c, g
assert 0 < g["mapped_cells"] < g["cells"] and g["mapped_area_um2"] > 0 and g["flops"] > 0, g
a = g["activity_energy_pj"]
assert a and a["total"] > 0 and a["clock"] > 0, g
assert abs(a["internal"] + a["switching"] + a["clock"] + a["leakage"] - a["total"]) <= 1e-6 * a["total"], a
mapped = open(os.path.join(os.path.dirname(g["netlist"]), "mapped.v")).read()
inst = re.findall(r"^\s*(\w+)\s+\S+\s*\(", mapped, re.M)
lib = [t for t in inst if t != "module" and not t.startswith("$")]
assert len(lib) == g["mapped_cells"], (len(lib), g["mapped_cells"])
print("mapped ok: %d library cells (%.1f um^2) as %d generic gates, %d flops, %d cycles; %.4f pJ/cycle" %
      (g["mapped_cells"], g["mapped_area_um2"], g["cells"], g["flops"], c, a["per_cycle"]))
PY
	;;
mutant)
	"$WARPGEN" cosim "$block" "$@" --gate --cycles 1 -q --json "$tmp/n.json" >/dev/null
	net=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["gate"]["netlist"])' "$tmp/n.json")
	[ -f "$net" ] || { echo "gate_check: no netlist $net"; exit 1; }
	sed '0,/^\.subckt \$_XOR_ /s//.subckt $_XNOR_ /' "$net" >"$tmp/mutant.blif"
	if cmp -s "$net" "$tmp/mutant.blif"; then echo "gate_check: the mutant edit does not apply to $net"; exit 1; fi
	set +e
	"$WARPGEN" cosim "$block" "$@" --gate --blif "$tmp/mutant.blif" --cycles "$cycles" -q >"$tmp/out.txt" 2>&1
	rc=$?
	set -e
	head -3 "$tmp/out.txt"
	[ "$rc" = 1 ] && grep -q '^MISMATCH' "$tmp/out.txt" || { echo "gate_check: mutant netlist not caught (exit $rc)"; exit 1; }
	grep -q -- "replay: .* --gate --blif $tmp/mutant.blif" "$tmp/out.txt" || { echo "gate_check: no replay command with --blif"; exit 1; }
	echo "gate mutant caught"
	;;
*)
	echo "usage: $0 pass|verilator|mapped|mutant BLOCK CYCLES [--set N=V]..."
	exit 2
	;;
esac
