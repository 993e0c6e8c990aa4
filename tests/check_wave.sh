#!/usr/bin/env bash
# check_wave.sh - a directed case with --wave writes an FST and a GTKWave save
# file; every signal the save file names exists in the dump, the marker lies in
# the dump's time range, and (when xvfb-run and gtkwave are present) GTKWave
# renders the view headless to a PNG.
set -euo pipefail
cd "$(dirname "$0")/.."
W=${WARPGEN:-out/bin/warpgen}
block=${1:-rfc} case_name=${2:-victim_vs_inflight_reader}
fst=$("$W" cosim "$block" --case "$case_name" --wave -q | sed -n 's/^  wave: //p')
gtkw=${fst%.fst}.gtkw d=$(dirname "$fst")
[ -s "$fst" ] && [ -s "$gtkw" ] || { echo "missing $fst or $gtkw"; exit 1; }
vcd=$(mktemp); trap 'rm -f "$vcd"' EXIT
fst2vcd "$fst" -o "$vcd" >/dev/null 2>&1
# full names of every dumped signal: scope path + name
awk '$1=="$scope"{s[++n]=$3} $1=="$upscope"{n--} $1=="$var"{p=""; for(i=1;i<=n;i++)p=p s[i]"."; r=""; if ($6 ~ /^\[/) {r=$6; split(substr(r, 2, length(r) - 2), b, ":"); if (b[1] == b[2]) r="[" b[1] "]"}; print p $5 r}' "$vcd" | sort -u >"$vcd.names"
missing=0
while read -r sig; do
	grep -qxF "$sig" "$vcd.names" || { echo "not in the dump: $sig"; missing=1; }
done < <(grep -E '^TOP\.' "$gtkw")
[ "$missing" = 0 ] || exit 1
echo "$(grep -cE '^TOP\.' "$gtkw") signals in the save file, all in the dump"
marker=$(grep -oE '^\*[-0-9.]+ [0-9-]+' "$gtkw" | awk '{print $2}')
end=$(grep -E '^#[0-9]+' "$vcd" | tail -1 | tr -d '#')
[ "$marker" -ge 0 ] && [ "$marker" -le "$end" ] || { echo "marker $marker outside 0..$end"; exit 1; }
echo "marker at $marker ps, dump ends at $end ps"
if command -v xvfb-run >/dev/null && command -v gtkwave >/dev/null && command -v import >/dev/null; then
	tcl=$(mktemp --suffix=.tcl)
	printf '%s\n' 'gtkwave::/Time/Zoom/Zoom_Full' update 'after 1000' "exec import -window root $d/snapshot.png" 'gtkwave::/File/Quit' >"$tcl"
	timeout 60 xvfb-run -a -s "-screen 0 1600x1000x24" gtkwave -S "$tcl" "$fst" "$gtkw" >/dev/null 2>&1 || true
	rm -f "$tcl"
	[ -s "$d/snapshot.png" ] || { echo "no snapshot rendered"; exit 1; }
	echo "snapshot: $d/snapshot.png"
else
	echo "SKIP snapshot: xvfb-run, gtkwave or ImageMagick import missing"
fi
rm -f "$vcd.names"
