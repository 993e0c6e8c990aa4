#!/usr/bin/env bash
# plots.sh OUTDIR - the report's plots (PNG and SVG, gnuplot) with the .dat files they are drawn
# from and OUTDIR/index.md:
#   area_flops   flip-flop bits against each block's main parameter (predicted storage, Yosys count)
#   area_gates   transistors and OSU 0.18 um^2 against size (full Yosys flow, the cheap blocks)
#   energy_breakdown / energy_counts   energy per event class per block; counts where no pJ is given
#   rfc_grid     RFC + two-level scheduler: MRF accesses avoided and E/E_without against ENTRIES x ACTIVE
# Data: tests/plots/collect.py (warpgen gen / area / cosim --model-only; out/main/*/cosim.json when
# `make` left them). Modes: PLOTS_QUICK=1 (one or two points per sweep), default (about 4 minutes
# cold on 2 cores; Yosys results are cached in out/area/), PLOTS_FULL=1 (Yosys at every point; long).
# Same inputs, same bytes. Everything is built in a private folder and moved into OUTDIR at the end.
# Exit 0 ok, 1 a step failed, 2 usage; 3 gnuplot missing (nothing written).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: tests/plots.sh OUTDIR  (env: PLOTS_QUICK=1 | PLOTS_FULL=1, WARPGEN, JOBS)" >&2; exit 2; }
out=$1
W=${WARPGEN:-out/bin/warpgen}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
mode=default
[ "${PLOTS_QUICK:-0}" = 1 ] && mode=quick
[ "${PLOTS_FULL:-0}" = 1 ] && mode=full
command -v gnuplot >/dev/null || { echo "plots: gnuplot not found in PATH: no plots written (make deps installs gnuplot-nox)" >&2; exit 3; }
[ -x "$W" ] || { echo "plots: $W is not built (make build, or set WARPGEN)" >&2; exit 1; }
mkdir -p "$out" 2>/dev/null || { echo "plots: cannot create folder $out" >&2; exit 1; }
tmp=$(mktemp -d "$out/.plots-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
python3 tests/plots/collect.py "$W" "$tmp" "$mode" "$JOBS"
for gp in "$tmp"/*.gp; do
	(cd "$tmp" && gnuplot "$(basename "$gp")") 2>"$gp.err" || { echo "plots: gnuplot $(basename "$gp") failed:" >&2; cat "$gp.err" >&2; exit 1; }
	# gnuplot's warnings (e.g. an empty data set) are failures too: a plot would be silently wrong
	[ ! -s "$gp.err" ] || { echo "plots: gnuplot $(basename "$gp") warned:" >&2; cat "$gp.err" >&2; exit 1; }
	rm -f "$gp.err"
done
n=0
for f in "$tmp"/*; do
	mv -f "$f" "$out/" && n=$((n + 1))
done
echo "plots: $n files in $out ($mode mode; list in $out/index.md)"
