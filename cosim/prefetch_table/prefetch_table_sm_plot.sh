#!/usr/bin/env bash
# prefetch_table_sm_plot.sh LOG OUTDIR - the plot of APOGEE's SM-level comparison (docs/prefetch_table.md
# "SM-level comparison"): from the Markdown rows of `warpgen stats prefetch_table --compare` (LOG), IPC and
# performance per watt relative to the many-warp baseline per access profile and arm, with the thesis's
# Apogee_4 figures (1.19 and 1.51, read from LOG's geomean lines) as lines. Writes OUTDIR/apogee_sm.dat,
# .gp, .png, .svg. Exit 0, 1 no rows in LOG or gnuplot failed, 2 usage, 3 gnuplot missing (nothing written).
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 LOG OUTDIR" >&2; exit 2; }
log=$1 out=$2
command -v gnuplot >/dev/null || { echo "apogee plot: gnuplot not found: no plot written" >&2; exit 3; }
mkdir -p "$out"
# rows: | profile | arm | warps | cycles | IPC | IPC/base | misses | misses/base | latency | issued | accuracy | perf/W/base |
awk -F'|' 'NF >= 13 && $2 !~ /profile|---/ {
	gsub(/ /, "", $2); gsub(/ /, "", $3); gsub(/ /, "", $7); gsub(/ /, "", $13)
	if (!($2 in seen)) { seen[$2] = 1; order[++n] = $2 }
	arm[$3] = 1; ipc[$2, $3] = $7; ppw[$2, $3] = $13; if (!($3 in an)) { an[$3] = ++na; names[na] = $3 }
} END {
	if (!n) exit 1
	printf "# profile"; for (a = 1; a <= na; a++) printf " %s_ipc %s_perfw", names[a], names[a]; printf "\n"
	for (i = 1; i <= n; i++) { printf "%s", order[i]; for (a = 1; a <= na; a++) printf " %s %s", ipc[order[i], names[a]], ppw[order[i], names[a]]; printf "\n" }
}' "$log" >"$out/apogee_sm.dat" || { echo "apogee plot: no comparison rows in $log" >&2; exit 1; }
read -r _ a1 _ a2 _ a3 _ < <(head -1 "$out/apogee_sm.dat")
ts=$(awk '/IPC Apogee.*thesis/ && !s { for (i = 1; i <= NF; i++) if ($i == "thesis") { print $(i + 1); s = 1; exit } }' "$log")
tp=$(awk '/perf\/W Apogee.*thesis/ && !s { for (i = 1; i <= NF; i++) if ($i == "thesis") { print $(i + 1); s = 1; exit } }' "$log")
cat >"$out/apogee_sm.gp" <<EOF
set style data histogram
set style histogram cluster gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set key top right
set grid ytics
set ylabel "relative to ${a1%_ipc}"
set yrange [0:*]
set xtics nomirror
set multiplot layout 1,2 title "APOGEE at the SM (warpgen stats prefetch_table --compare; thesis Apogee_4: ${ts:-?}x IPC, ${tp:-?}x perf/W)"
set title "IPC"
plot "apogee_sm.dat" using 2:xtic(1) title "${a1%_ipc}", "" using 4 title "${a2%_ipc}", "" using 6 title "${a3%_ipc}", ${ts:-1} with lines dt 2 lw 2 title "thesis Apogee_4 (19 %)"
set title "performance per watt"
plot "apogee_sm.dat" using 3:xtic(1) title "${a1%_ipc}", "" using 5 title "${a2%_ipc}", "" using 7 title "${a3%_ipc}", ${tp:-1} with lines dt 2 lw 2 title "thesis Apogee_4 (51 %)"
unset multiplot
EOF
(
	cd "$out"
	{ echo 'set terminal pngcairo size 1200,450 font ",9"'; echo 'set output "apogee_sm.png"'; cat apogee_sm.gp; } | gnuplot
	{ echo 'set terminal svg size 1200,450 font ",9"'; echo 'set output "apogee_sm.svg"'; cat apogee_sm.gp; } | gnuplot
) 2>"$out/apogee_sm.err" || { cat "$out/apogee_sm.err" >&2; exit 1; }
[ ! -s "$out/apogee_sm.err" ] || { echo "apogee plot: gnuplot warned:" >&2; cat "$out/apogee_sm.err" >&2; exit 1; }
rm -f "$out/apogee_sm.err"
echo "apogee plot: $out/apogee_sm.png, $out/apogee_sm.svg"
