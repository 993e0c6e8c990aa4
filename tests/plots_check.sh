#!/usr/bin/env bash
# plots_check.sh - runs tests/plots.sh in its quick mode (PLOTS_QUICK=1: the two smallest points
# per sweep; Yosys results cached in out/area/) into a temporary folder, twice, and checks: every
# expected PNG (magic bytes) and SVG (an <svg root) exists and is non-empty, the .dat files have
# the expected rows, index.md lists every plot, and the second run gives the same bytes.
# Skips (exit 0, says so) when gnuplot is missing.
set -uo pipefail
cd "$(dirname "$0")/.."
command -v gnuplot >/dev/null || { echo "SKIP plots_check: gnuplot not installed (make deps installs gnuplot-nox)"; exit 0; }
export WARPGEN=${WARPGEN:-out/bin/warpgen}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "FAIL plots_check: $*"; exit 1; }
PLOTS_QUICK=1 tests/plots.sh "$d/a" >"$d/log" 2>&1 || { cat "$d/log"; fail "tests/plots.sh exited non-zero"; }
for p in area_flops area_gates energy_breakdown energy_counts rfc_grid; do
	[ -s "$d/a/$p.png" ] || fail "$p.png missing or empty"
	[ "$(head -c 8 "$d/a/$p.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "$p.png is not a PNG"
	[ -s "$d/a/$p.svg" ] || fail "$p.svg missing or empty"
	python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); sys.exit(r.tag != "{http://www.w3.org/2000/svg}svg" and r.tag != "svg")' "$d/a/$p.svg" ||
		fail "$p.svg is not an SVG document (xml root <svg>)"
	grep -q "^- \`$p.png\` / \`$p.svg\`: ." "$d/a/index.md" || fail "index.md does not list $p"
done
rows() { grep -vc '^#\|^$' "$1"; }
# quick mode: 2 points per area sweep, 11 blocks; the RFC grid ACTIVE {4,8} x ENTRIES {4,8}
n=0
for f in "$d"/a/area_*.dat; do
	[ "$(rows "$f")" -eq 2 ] || fail "$(basename "$f"): $(rows "$f") data rows, expected 2"
	n=$((n + 1))
done
[ "$n" -eq "$($WARPGEN list | wc -l)" ] || fail "$n area_*.dat files, expected one per block ($($WARPGEN list | wc -l))"
[ "$(rows "$d/a/rfc_grid.dat")" -eq 4 ] || fail "rfc_grid.dat: $(rows "$d/a/rfc_grid.dat") rows, expected 4"
# every avoided fraction a percentage, every energy ratio in (0, 1): the RFC saves energy
awk '!/^#/ && NF { if ($3 <= 0 || $3 >= 100 || $4 <= 0 || $4 >= 100 || $5 <= 0 || $5 >= 1) exit 1 }' "$d/a/rfc_grid.dat" ||
	fail "rfc_grid.dat: a value out of range"
# one energy row per event of every block (+ its leakage row)
ev=$(grep -vc '^#' "$d/a/energy_events.dat")
[ "$ev" -gt "$($WARPGEN list | wc -l)" ] || fail "energy_events.dat: $ev rows"
grep -q '^rfc ' "$d/a/energy_share.dat" || fail "energy_share.dat has no rfc row"
PLOTS_QUICK=1 tests/plots.sh "$d/b" >"$d/log" 2>&1 || { cat "$d/log"; fail "second run exited non-zero"; }
for f in "$d"/a/*; do
	cmp -s "$f" "$d/b/$(basename "$f")" || fail "$(basename "$f") differs between two runs (not deterministic)"
done
echo "PASS plots_check: 5 plots (PNG + SVG), $(ls "$d"/a/*.dat | wc -l) data files, identical over two runs"
