#!/usr/bin/env bash
# mascar_compare_report.sh - the "Mascar at the SM against Sethia §4.4.3" section of make's report
# (Markdown on stdout; docs/mascar.md "SM comparison", "Calibration of the comparison"):
# `warpgen stats mascar --compare` (three arms on the same seed and streams, C model only: the thesis's
# baseline LRR (BASE=2), GTO (BASE=1), Mascar) at seeds $MSC_REPORT_SEEDS ("1 2 3"),
# $MSC_REPORT_CYCLES cycles per arm (100,000; ~5.5 s of CPU per seed), the speedups and LSU stall
# figures beside the thesis's; a REVERSED direction is printed as such (the script still exits 0: the
# section reports it). With gnuplot, a plot of Mascar's speedup over LRR per profile and seed beside the
# thesis's: $MSC_REPORT_PLOT ($OUT/main/mascar_sm.png), named in the section.
# $WARPGEN (default out/bin/warpgen). Exit 0, 1 when a run failed (not a reversal).
set -uo pipefail
W=${WARPGEN:-out/bin/warpgen}
SEEDS=${MSC_REPORT_SEEDS:-1 2 3}
CYC=${MSC_REPORT_CYCLES:-100000}
PLOT=${MSC_REPORT_PLOT:-${OUT:-out}/main/mascar_sm.png}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
echo "## Mascar at the SM against Sethia 2015 §4.4.3"
echo
echo "\`warpgen stats mascar --compare\` (C models only): each profile in the mascar SM environment under the"
echo "thesis's baseline, loose round-robin (LRR), under greedy-then-oldest (GTO; both: a refused load stalls the"
echo "LSU and is retried, no queue) and under Mascar (MP, owner, 32-entry re-execution queue), same seed and"
echo "streams, $CYC cycles per arm, 48 warps. Speedups are over LRR, as the thesis's Fig. 4.8. \`reuse\` and"
echo "\`thrash\` are the cache-sensitive profiles (leuko-1's shape: loads shared by the CTA's warps and by warp pairs;"
echo "kmeans-1's: uncoalesced loads re-reading the warp's own lines; docs/mascar.md \"Calibration\"); \`stream\` and"
echo "\`cache\` are memory-intensive but not cache-sensitive (every arm at 100 % of the L2/DRAM bandwidth, the hot"
echo "set fits the L1 in every arm). On the cache-sensitive profiles a fourth arm, re-execution alone (LRR with"
echo "the queue, no MP), splits Mascar's gain as Fig. 4.8's stacked bars do."
echo
echo "| seed | stream | cache | reuse | thrash | compute | memory geomean over LRR (thesis +34 %) | over GTO (thesis +18.6 %) | GTO over LRR (thesis +13 %) | re-execution alone over LRR, cache-sensitive (thesis +35 %) | LSU stalled LRR -> Mascar (thesis 40 -> 20 %) | energy per instruction, Mascar over LRR, memory-intensive mean (thesis -12 %) | verdict |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
: >"$tmp/plot.dat"
for s in $SEEDS; do
	"$W" stats mascar --compare --seed "$s" --cycles "$CYC" >"$tmp/r.out" 2>&1
	rc=$?
	if [ "$rc" -gt 1 ] || grep -q '^FAILED' "$tmp/r.out" || ! grep -q '^memory-intensive geomean' "$tmp/r.out"; then
		echo "| $s | error (exit $rc): $(tail -1 "$tmp/r.out" | tr '|' '/') | | | | | | | | | | | |"
		bad=1
		continue
	fi
	# Mascar over LRR per profile (column 5 of the run's table)
	sp() { awk -F'|' -v p="$1" '$2 ~ "^ "p" $" {gsub(/ /, "", $5); print $5}' "$tmp/r.out"; }
	g=$(grep '^memory-intensive geomean' "$tmp/r.out")
	ml=$(printf '%s\n' "$g" | sed -n 's/.*Mascar over LRR \([^ ]* %\).*/\1/p')
	mg=$(printf '%s\n' "$g" | sed -n 's/.*over GTO \([^ ]* %\).*/\1/p')
	gl=$(printf '%s\n' "$g" | sed -n 's/.*GTO over LRR \([^ ]* %\).*/\1/p')
	rx=$(sed -n 's/^cache-sensitive.*re-execution alone .* over LRR \([^ ]* %\) (thesis +35 %).*/\1/p' "$tmp/r.out")
	lsu=$(printf '%s\n' "$g" | sed -n 's/.*LSU stalled LRR \([^ ]* %\) -> Mascar \([^ ]* %\).*/\1 -> \2/p')
	# energy: the total and its parts (points of LRR's energy per instruction)
	en=$(sed -n 's/^memory-intensive energy per instruction.*Mascar over LRR \([^ ]* %\).*, of it leakage \([^ ,]*\), L2\/DRAM and interconnect \([^ ,]*\), L1 and queue \([^ ,]*\),.*/\1 (leakage \2, L2\/DRAM \3, L1 + queue \4 points)/p' "$tmp/r.out")
	verdict=ok
	if grep -q '^REVERSED' "$tmp/r.out"; then
		verdict="REVERSED ($(grep -c '^REVERSED' "$tmp/r.out")): $(grep '^REVERSED' "$tmp/r.out" | sed 's/^REVERSED: //; s/ on the memory-intensive profiles//; s/;.*//' | paste -sd';' | sed 's/;/; /g')"
	fi
	echo "| $s | $(sp stream) | $(sp cache) | $(sp reuse) | $(sp thrash) | $(sp compute) | $ml | $mg | $gl | $rx | $lsu | $en | $verdict |"
	printf '%s %s %s %s %s %s\n' "$s" "$(sp stream | tr -d '%+ ')" "$(sp cache | tr -d '%+ ')" "$(sp reuse | tr -d '%+ ')" "$(sp thrash | tr -d '%+ ')" "$(sp compute | tr -d '%+ ')" >>"$tmp/plot.dat"
done
echo
echo "Thesis per class, over LRR (Fig. 4.8, 4.9): memory-intensive not cache-sensitive +17 %, cache-sensitive"
echo "+56 %, compute-intensive +1.5 %; GTO over LRR +4 % / +24 % / within 1 %; on cache-sensitive kernels"
echo "re-execution alone +35 %, with MP scheduling +56 %. Energy (Fig. 4.13, GPUWattch, against the baseline):"
echo "-12 % on average, of it leakage -7 and others -3.5 points (interconnect, SM pipelines, L2), L1 slightly"
echo "lower, DRAM mostly unchanged. Ours: energy per instruction priced from power_tables/mascar_sm.tsv (leakage"
echo "41.9 W / 15 SMs, dynamic = 7/3 of it in the LRR run, 30 % of that per L2/DRAM transfer, an L1 access"
echo "149.76 pJ and a queue access 3 % of it, the rest per instruction; docs/mascar.md \"Energy\")."
if command -v gnuplot >/dev/null 2>&1 && [ -s "$tmp/plot.dat" ]; then
	mkdir -p "$(dirname "$PLOT")"
	if gnuplot -e "set terminal png size 800,360; set output '$PLOT'; set ylabel 'Mascar over LRR (%)'; set xlabel 'seed';
		set style data histograms; set style fill solid 0.6; set key outside right;
		plot '$tmp/plot.dat' using 2:xtic(1) title 'stream', '' using 3 title 'cache', '' using 4 title 'reuse', '' using 5 title 'thrash', '' using 6 title 'compute',
		17 with lines title 'thesis not cache-sens. (17 %)', 56 with lines title 'thesis cache-sens. (56 %)', 1.5 with lines title 'thesis compute (1.5 %)'" 2>"$tmp/gp.err"; then
		echo
		echo "Plot: \`$PLOT\` (Mascar's speedup over LRR per profile and seed, the thesis's per class as lines)."
	else
		echo
		echo "(gnuplot failed: $(head -1 "$tmp/gp.err"))"
	fi
fi
exit $bad
