#!/usr/bin/env bash
# wave_check.sh BLOCK CASE - `warpgen wave` writes a waveform scenario that can be trusted:
#   - exit 0 and the files (NAME.fst, NAME.gtkw, NAME.vcd with --vcd, scenario.json) in -o DIR;
#   - scenario.json: block, case, description, spec, parameters, command, window, markers,
#     files, check "pass"; the window lies in the dump's time range (1 cycle = 1000 ps);
#   - a negative case (marked "(negative)" by `warpgen wave BLOCK --list`): "negative": true,
#     check "expected failure: ..." and the window ends at the key marker (the failing cycle);
#     a normal case: "negative": false;
#   - every signal the .gtkw names exists in the dump (the VCD's $scope/$var declarations), named
#     exactly as GTKWave names it: scope, name and range, a one-bit [0:0] as [0] (GTKWave shows
#     no fl_valid_o[0:0]);
#   - the case's declared focus signals (scenario.json "focus") form the group focus right after
#     clk_i, with every declared name (a port absent at the configuration would be skipped: the cases
#     checked with this script declare none);
#   - the .gtkw has the groups inputs / outputs / key state, a [markername] per marker in
#     scenario.json, and every marker lies inside the window;
#   - NAME.png exists and is a PNG when xvfb-run, gtkwave and ImageMagick import are present
#     (else SKIP for that part);
#   - a second run gives the same bytes (.fst, .gtkw, scenario.json, and the .png when made).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: tests/wave_check.sh BLOCK CASE" >&2; exit 2; }
W=${WARPGEN:-out/bin/warpgen}
block=$1 name=$2
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "FAIL wave_check $block/$name: $*"; exit 1; }

"$W" wave "$block" --case "$name" -o "$d/run" --vcd >"$d/log" 2>&1 || { cat "$d/log"; fail "warpgen wave exited non-zero"; }
f=$d/run/$name
for x in fst gtkw vcd; do [ -s "$f.$x" ] || fail "missing $name.$x"; done
[ -s "$d/run/scenario.json" ] || fail "missing scenario.json"

# scenario.json: fields, window inside the dump, markers inside the window
end=$(grep -E '^#[0-9]+' "$f.vcd" | tail -1 | tr -d '#')
start=$(grep -m1 -E '^#[0-9]+' "$f.vcd" | tr -d '#')
neg=$("$W" wave "$block" --list | awk -v c="$name" '$1 == c {print ($NF == "(negative)") ? 1 : 0}')
[ -n "$neg" ] || fail "$name is not in warpgen wave $block --list"
python3 - "$d/run/scenario.json" "$block" "$name" "$start" "$end" "$f.gtkw" "$neg" <<'EOF' || fail "scenario.json"
import json, sys
path, block, name, start, end, gtkw = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
neg = sys.argv[7] == "1"
s = json.load(open(path))
need = ["block", "case", "description", "spec", "parameters", "command", "window", "markers", "files", "check", "negative"]
miss = [k for k in need if k not in s]
assert not miss, f"missing fields {miss}"
assert s["block"] == block and s["case"] == name, "block/case"
assert s["negative"] is neg, f"negative {s['negative']}, --list says {neg}"
if neg:
    assert s["check"].startswith("expected failure: ") and len(s["check"]) > 18, f"check {s['check']!r}"
    assert s["markers"] and s["markers"][0]["cycle"] == s["window"][1], "the window does not end at the failing cycle"
else:
    assert s["check"] == "pass", "check"
assert s["description"], "empty description"
assert isinstance(s["parameters"], dict) and s["parameters"], "parameters"
assert s["command"].startswith(f"warpgen wave {block} --case {name}"), s["command"]
a, b = s["window"]
assert 0 <= a <= b, f"window {a}..{b}"
assert a * 1000 == start and end <= b * 1000 + 999 and end >= b * 1000, f"window {a}..{b} vs dump {start}..{end} ps"
assert s["markers"], "no markers"
names = [l[len("[markername] "):].rstrip("\n") for l in open(gtkw) if l.startswith("[markername] ")]
for i, m in enumerate(s["markers"]):
    assert a <= m["cycle"] <= b, f"marker {m} outside the window {a}..{b}"
    assert i < len(names) and names[i] == chr(65 + i) + m["name"], f"marker {m} not named in the .gtkw"
assert s["files"]["fst"] == f"{name}.fst" and s["files"]["gtkw"] == f"{name}.gtkw", "files"
print(f"scenario.json: window {a}..{b}, {len(s['markers'])} markers, dump {start}..{end} ps")
EOF

# every signal of the save file is in the dump
awk '$1=="$scope"{s[++n]=$3} $1=="$upscope"{n--} $1=="$var"{p=""; for(i=1;i<=n;i++)p=p s[i]"."; r=""; if ($6 ~ /^\[/) {r=$6; split(substr(r, 2, length(r) - 2), b, ":"); if (b[1] == b[2]) r="[" b[1] "]"}; print p $5 r}' "$f.vcd" | sort -u >"$d/names"
missing=0
while read -r sig; do
	grep -qxF "$sig" "$d/names" || { echo "not in the dump: $sig"; missing=1; }
done < <(grep -E '^TOP\.' "$f.gtkw")
[ "$missing" = 0 ] || fail "the save file names signals that are not in the dump"
for g in inputs outputs "key state"; do
	grep -qxF -- "-$g" "$f.gtkw" || fail "no group '$g' in the save file"
done
echo "$(grep -cE '^TOP\.' "$f.gtkw") signals in the save file, all in the dump; groups inputs, outputs, key state"
# the case's declared focus signals (scenario.json "focus"): the group "focus" right after clk_i, each
# declared name in it, in the declared order
focus=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get("focus", ""))' "$d/run/scenario.json")
if [ -n "$focus" ]; then
	got=$(awk '/^-focus$/ {n++; next} n == 1 && /^TOP\./ {s = $0; sub(/^TOP\.[^.]*\./, "", s); sub(/\[[0-9]+:[0-9]+\]$/, "", s); print s}' "$f.gtkw" | tr '\n' ' ')
	[ "$(grep -E '^TOP\.|^-' "$f.gtkw" | grep -A1 -m1 'clk_i$' | tail -1)" = "-focus" ] || fail "the group focus does not follow clk_i"
	for s in $focus; do
		case " $got " in *" $s "* | *" $s["*) ;; *) fail "declared focus signal $s not in the group focus ($got)" ;; esac
	done
	echo "focus: $(wc -w <<<"$got") signals first ($focus)"
fi

png=0
if command -v xvfb-run >/dev/null && command -v gtkwave >/dev/null && command -v import >/dev/null; then
	[ -s "$f.png" ] || fail "no snapshot although xvfb-run, gtkwave and import are installed"
	[ "$(head -c 8 "$f.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "$name.png is not a PNG"
	grep -q "\"png\": \"$name.png\"" "$d/run/scenario.json" || fail "scenario.json does not list the PNG"
	png=1
	echo "snapshot: a PNG of $(stat -c %s "$f.png") bytes"
else
	echo "SKIP snapshot: xvfb-run, gtkwave or ImageMagick import missing"
fi

# same command, same bytes
mkdir "$d/first"
cp "$d/run/"* "$d/first/"
"$W" wave "$block" --case "$name" -o "$d/run" --vcd >"$d/log" 2>&1 || { cat "$d/log"; fail "second run exited non-zero"; }
for x in "$name.fst" "$name.gtkw" scenario.json; do
	cmp -s "$d/first/$x" "$d/run/$x" || fail "$x differs between two runs"
done
if [ "$png" = 1 ]; then
	cmp -s "$d/first/$name.png" "$d/run/$name.png" || fail "$name.png differs between two runs"
fi
echo "PASS wave_check $block/$name: second run byte-identical"
