#!/usr/bin/env bash
# timing_plot.sh OUTDIR - the timing plot beside tests/plots.sh's: the critical-path delay of
# `warpgen timing` (sky130 hd when ../shared/liberty has it, else OSU 0.18 um; docs/user-guide.md
# "Timing") against each block's main size parameter, one line per block, log2 x axis.
# Writes OUTDIR/timing_delay.{png,svg,dat,gp} and OUTDIR/timing.md (what was swept, what was not).
# Modes: TIMING_PLOT_QUICK=1 (two points per block), default (the points below: about 5 minutes
# cold on 2 cores; every point is cached by content in out/area/, so a second run takes seconds).
# Blocks left out: their synthesis takes minutes per point (named in timing.md).
# Same inputs, same bytes. Exit 0 ok, 1 a step failed, 2 usage, 3 gnuplot missing (nothing written).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: tests/timing_plot.sh OUTDIR  (env: TIMING_PLOT_QUICK=1, WARPGEN, LIBERTY)" >&2; exit 2; }
out=$1
W=${WARPGEN:-out/bin/warpgen}
command -v gnuplot >/dev/null || { echo "timing_plot: gnuplot not found in PATH: no plot written" >&2; exit 3; }
[ -x "$W" ] || { echo "timing_plot: $W is not built (make build, or set WARPGEN)" >&2; exit 1; }
mkdir -p "$out" 2>/dev/null || { echo "timing_plot: cannot create folder $out" >&2; exit 1; }
tmp=$(mktemp -d "$out/.timing-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
libarg=()
[ -n "${LIBERTY:-}" ] && libarg=(--liberty "$LIBERTY")

# block | parameter | values | fixed --set values (small where Yosys is slow)
sweeps="sched2l|WARPS|4 8 16 32|ACTIVE=2
rfc|ENTRIES|2 4 6 8|ACTIVE_WARPS=4 LANES=2 WIDTH=8
slg|WARPS|2 4 8 16|CTAS=1
memra|WARPS|2 4 8 16|CNT_BITS=4 THR_ACC=3 REF_SHIFT=2
reexec_q|ENTRIES|2 4 8 16|THREADS=4 WARPS=8
wrc|WARPS|4 8 16|
vf_manager|SMS|2 4 8 15|
tuba|TFET_REGS|16 64 224|"
left_out="equalizer, equalizer_gpu, mascar, prefetch_table, rename, sm_rfc, sm_slg, hrf_sm"

: >"$tmp/timing_delay.dat"
: >"$tmp/lines.txt"
idx=0
while IFS='|' read -r block param values fixed; do
	sets=()
	for f in $fixed; do sets+=(--set "$f"); done
	vals=($values)
	[ "${TIMING_PLOT_QUICK:-0}" = 1 ] && vals=("${vals[@]:0:2}")
	printf '# %s %s (%s)\n' "$block" "$param" "$fixed" >>"$tmp/timing_delay.dat"
	for v in "${vals[@]}"; do
		"$W" timing "$block" "${sets[@]}" --set "$param=$v" "${libarg[@]}" --json "$tmp/p.json" -q 2>"$tmp/err" ||
			{ echo "timing_plot: warpgen timing $block $param=$v failed:" >&2; cat "$tmp/err" >&2; exit 1; }
		python3 -c 'import json,sys; t=json.load(open(sys.argv[1])); print("%s %.1f" % (sys.argv[2], t["delay_ps"]))' \
			"$tmp/p.json" "$v" >>"$tmp/timing_delay.dat"
		lib=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["liberty"])' "$tmp/p.json")
	done
	printf '\n\n' >>"$tmp/timing_delay.dat"
	echo "$idx|$block ($param)" >>"$tmp/lines.txt"
	idx=$((idx + 1))
done <<<"$sweeps"
rm -f "$tmp/p.json" "$tmp/err"

{
	for term in "pngcairo size 900,560 font 'sans,9' noenhanced|png" "svg size 900,560 font 'sans,9' noenhanced|svg"; do
		echo "reset"
		echo "set terminal ${term%|*}"
		echo "set output 'timing_delay.${term#*|}'"
		echo "set title 'Critical-path delay against the main size parameter (warpgen timing, ${lib##*/})'"
		echo "set xlabel 'main size parameter (log2 scale; the legend names it)'"
		echo "set ylabel 'delay, ps (ABC stime, ev_o left out)'"
		echo "set logscale x 2"
		echo "set key outside right top"
		echo "set grid"
		plot="plot"
		while IFS='|' read -r i title; do
			plot="$plot 'timing_delay.dat' index $i using 1:2 with linespoints title '$title',"
		done <"$tmp/lines.txt"
		echo "${plot%,}"
		echo "set output"
	done
} >"$tmp/timing_delay.gp"
rm -f "$tmp/lines.txt"
(cd "$tmp" && gnuplot timing_delay.gp) 2>"$tmp/gp.err" || { echo "timing_plot: gnuplot failed:" >&2; cat "$tmp/gp.err" >&2; exit 1; }
[ ! -s "$tmp/gp.err" ] || { echo "timing_plot: gnuplot warned:" >&2; cat "$tmp/gp.err" >&2; exit 1; }
rm -f "$tmp/gp.err"
{
	echo "# Timing plot"
	echo
	echo "- \`timing_delay.png\` / \`timing_delay.svg\`: critical-path delay (\`warpgen timing\`, \`$lib\`) against each"
	echo "  block's main size parameter; data in \`timing_delay.dat\` (one block per index; the fixed parameters in"
	echo "  its comment line)."
	echo "- Not swept (Yosys's synthesis takes minutes per point): $left_out."
} >"$tmp/timing.md"
n=0
for f in "$tmp"/*; do
	mv -f "$f" "$out/" && n=$((n + 1))
done
echo "timing_plot: $n files in $out"
