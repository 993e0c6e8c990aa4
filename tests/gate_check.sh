#!/usr/bin/env bash
# gate_check.sh pass BLOCK CYCLES [--set N=V]... | mutant BLOCK CYCLES [--set N=V]...
#   pass:   `warpgen cosim BLOCK --gate` must PASS, and its JSON must hold the gate
#           section: cells and flops > 0, every cell's output found in the dump
#           (checked by warpgen), cell toggles > 0, clock toggles = 2 x cycles - 1.
#   mutant: the same netlist with one gate changed (the first $_XOR_ becomes an
#           $_XNOR_, one sed edit of gate.v) run as --rtl must MISMATCH (exit 1).
set -euo pipefail
cd "$(dirname "$0")/.."
WARPGEN=${WARPGEN:-out/bin/warpgen}
mode=$1 block=$2 cycles=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case $mode in
pass)
	"$WARPGEN" cosim "$block" "$@" --gate --cycles "$cycles" -q --json "$tmp/r.json"
	python3 - "$tmp/r.json" "$cycles" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1])); c = int(sys.argv[2]); g = d["gate"]
assert d["verdict"] == "PASS", d["verdict"]
assert g["cells"] > 0 and g["flops"] > 0, g
assert g["cycles"] == c, (g["cycles"], c)
assert g["cell_toggles"] > 0 and g["flop_toggles"] > 0, g
assert g["clock_toggles"] == 2 * c - 1, g["clock_toggles"]
assert sum(t["cells"] for t in g["types"]) == g["cells"]
assert sum(t["toggles"] for t in g["types"]) == g["cell_toggles"]
print("gate ok: %d cells, %d flops, %d cell toggles in %d cycles" % (g["cells"], g["flops"], g["cell_toggles"], c))
EOF
	;;
mutant)
	"$WARPGEN" cosim "$block" "$@" --gate --no-toggles --cycles 1 -q --json "$tmp/n.json" >/dev/null
	net=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["rtl"])' "$tmp/n.json")
	[ -f "$net" ] || { echo "gate_check: no netlist $net"; exit 1; }
	sed '0,/^  \\\$_XOR_ /s//  \\$_XNOR_ /' "$net" >"$tmp/mutant.v"
	if cmp -s "$net" "$tmp/mutant.v"; then echo "gate_check: the mutant edit does not apply to $net"; exit 1; fi
	set +e
	"$WARPGEN" cosim "$block" "$@" --rtl "$tmp/mutant.v" --cycles "$cycles" -q >"$tmp/out.txt" 2>&1
	rc=$?
	set -e
	head -3 "$tmp/out.txt"
	[ "$rc" = 1 ] && grep -q '^MISMATCH' "$tmp/out.txt" || { echo "gate_check: mutant netlist not caught (exit $rc)"; exit 1; }
	echo "gate mutant caught"
	;;
*)
	echo "usage: $0 pass|mutant BLOCK CYCLES [--set N=V]..."
	exit 2
	;;
esac
