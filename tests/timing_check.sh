#!/usr/bin/env bash
# timing_check.sh - `warpgen timing` (docs/user-guide.md "Timing"), declared in tests/suites/timing.sh.
#   path BLOCK [--set N=V]...            the path is parsed and sane: delay > 0, fmax = 1/delay, the
#                                        cells' delays add up to the delay (within ABC's 0.1 ps rounding),
#                                        the start is an input port or a register and the end an output
#                                        port or a register of the generated block (its manifest's ports),
#                                        the human report agrees with the JSON, a second run is cached
#                                        and gives the same bytes
#   grows BLOCK PARAM SMALL LARGE [--set N=V]...   the delay at PARAM=LARGE exceeds the delay at SMALL
#   bad                                  bad input: one line, exit 2, nothing written
# Env: WARPGEN (default out/bin/warpgen). Liberty: the command's default (sky130 from ../shared/liberty
# when present, else OSU 0.18 um).
set -euo pipefail
cd "$(dirname "$0")/.."
W=${WARPGEN:-out/bin/warpgen}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mode=${1:-}
shift || true

# delay BLOCK ARGS... -> prints the delay in ps (JSON in $tmp/t.json)
delay() {
	"$W" timing "$@" --json "$tmp/t.json" -q
	python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["delay_ps"])' "$tmp/t.json"
}

case "$mode" in
path)
	block=$1
	"$W" timing "$@" --json "$tmp/a.json" >"$tmp/a.txt" 2>"$tmp/a.err" || { cat "$tmp/a.err"; exit 1; }
	cat "$tmp/a.txt"
	"$W" gen "$@" -o "$tmp/gen" -q
	"$W" timing "$@" --json "$tmp/b.json" >"$tmp/b.txt" 2>"$tmp/b.err"
	grep -q "abc cached" "$tmp/b.err" || { echo "second run not cached: $(cat "$tmp/b.err")"; exit 1; }
	cmp -s "$tmp/a.json" "$tmp/b.json" || { echo "second run's JSON differs"; exit 1; }
	cmp -s "$tmp/a.txt" "$tmp/b.txt" || { echo "second run's report differs"; exit 1; }
	python3 - "$tmp/a.json" "$tmp/gen/$block.manifest.json" "$tmp/a.txt" <<'EOF'
import json, re, sys
t = json.load(open(sys.argv[1]))
m = json.load(open(sys.argv[2]))
txt = open(sys.argv[3]).read()
bad = []
d = t["delay_ps"]
if not d > 0:
    bad.append("delay %r is not > 0" % d)
if abs(t["fmax_mhz"] - 1e6 / d) > 0.01:
    bad.append("fmax %r is not 1/delay" % t["fmax_mhz"])
cells = t["path"]
if not cells:
    bad.append("empty path")
s = sum(c["delay_ps"] for c in cells)
if abs(s - d) > 0.1:
    bad.append("the cells' delays add up to %.2f ps, the delay is %.2f ps" % (s, d))
if any(c["delay_ps"] <= 0 for c in cells):
    bad.append("a cell with no delay")
if abs(cells[-1]["arrival_ps"] - d) > 0.1:
    bad.append("last arrival %.1f != delay %.2f" % (cells[-1]["arrival_ps"], d))
ports = {p["name"]: p["dir"] for p in m["ports"]}
def base(net):
    return re.split(r"[ \[]", net.lstrip("\\"))[0]
for end, allowed in (("start", {"input port": "in", "register": None}), ("end", {"output port": "out", "register": None})):
    net, kind = t[end]["net"], t[end]["kind"]
    if kind not in allowed:
        bad.append("%s point %s is a %s" % (end, net, kind))
    elif allowed[kind] is None and base(net) in ports:
        bad.append("%s point %s is a port but called a register" % (end, net))
    elif allowed[kind] is not None and ports.get(base(net)) != allowed[kind]:
        bad.append("%s point %s is not an %s of the block" % (end, net, kind))
if t["path_kind"] != "%s -> %s" % (t["start"]["kind"], t["end"]["kind"]):
    bad.append("path_kind %r" % t["path_kind"])
if "critical path    %.1f ps, fmax %.1f MHz" % (d, 1e6 / d) not in txt:
    bad.append("the report does not print the JSON's delay and fmax")
pc = t["paper_check"]
if pc is not None:
    sc = d * pc["node_nm"] / t["library_node_nm"]
    if abs(sc - pc["scaled_delay_ps"]) > 0.1 or pc["fits"] != (sc <= pc["period_ps"]):
        bad.append("paper check inconsistent: %r" % pc)
    if ("fits in the paper's cycle" if pc["fits"] else "DOES NOT FIT") not in txt:
        bad.append("the report lacks the paper check's verdict")
for b in bad:
    print("FAIL:", b)
print("%s: %.1f ps, %d cells, %s; %s" % (t["config"], d, len(cells), t["path_kind"],
      "paper check: %s, margin %.1f ps" % ("fits" if pc and pc["fits"] else "no fit", pc["margin_ps"]) if pc else "no paper clock"))
sys.exit(1 if bad else 0)
EOF
	;;
grows)
	block=$1 param=$2 small=$3 large=$4
	shift 4
	d1=$(delay "$block" "$@" --set "$param=$small")
	d2=$(delay "$block" "$@" --set "$param=$large")
	echo "$block $param=$small: $d1 ps; $param=$large: $d2 ps"
	python3 -c "import sys; sys.exit(0 if float('$d2') > float('$d1') else 1)" || { echo "FAIL: the delay does not grow with $param"; exit 1; }
	;;
bad)
	e=tests/expect_bad.sh
	$e "unknown block 'nope'" "$W" timing nope --json @OUT@/t.json
	$e "unknown parameter BOGUS" "$W" timing sched2l --set BOGUS=1 --json @OUT@/t.json
	$e "--node '300': the library's node in nm, 7..250" "$W" timing sched2l --node 300 --json @OUT@/t.json
	$e "--liberty /nonexistent.lib: No such file" "$W" timing sched2l --liberty /nonexistent.lib --json @OUT@/t.json
	echo "not a liberty" >"$tmp/x.lib"
	$e "not a Liberty file" "$W" timing sched2l --liberty "$tmp/x.lib" --json @OUT@/t.json
	;;
*)
	echo "usage: tests/timing_check.sh path BLOCK [--set N=V]... | grows BLOCK PARAM SMALL LARGE [--set N=V]... | bad" >&2
	exit 2
	;;
esac
