#!/usr/bin/env bash
# equalizer_compare_report.sh - the "Equalizer energy against the baseline GPU" section of make's
# report (Markdown on stdout; docs/equalizer_gpu.md "Energy against the baseline GPU"): `warpgen
# stats equalizer_gpu --compare` (the baseline GPU without Equalizer, static VF and Equalizer on the
# same seed, both objectives, C model only) at seed $EQC_REPORT_SEED (1), $EQC_REPORT_CYCLES cycles
# per run (100,000; ~8 CPU-s), its tables and geomeans beside the thesis's §3.5.2; a REVERSED
# direction is printed as such (the script still exits 0: the section reports it). $WARPGEN (default
# out/bin/warpgen). Exit 0, 1 when the run failed (not a reversal).
set -uo pipefail
W=${WARPGEN:-out/bin/warpgen}
SEED=${EQC_REPORT_SEED:-1}
CYC=${EQC_REPORT_CYCLES:-100000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "## Equalizer energy against the baseline GPU (Sethia 2015 §3.5.2)"
echo
echo "\`warpgen stats equalizer_gpu --compare\` (C models only, seed $SEED, $CYC cycles per run): each profile"
echo "under both objectives, Equalizer against the baseline GPU of the thesis (no Equalizer: the default CTA"
echo "count, both VF domains at nominal), and as \"VF only\" against static VF (Equalizer's CTA control, VF"
echo "held nominal); energy per instruction from power_tables/sethia2015.tsv (leakage 41.9 W, V^2 factors)"
echo "with an assumed 0.7/0.3 SM/memory split. The thesis: ENERGY about -15 % energy at +5 % speed,"
echo "PERFORMANCE +22 % speed at +6 % energy; per class beside each row. docs/equalizer_gpu.md gives the"
echo "calibration and the model's gaps."
echo
"$W" stats equalizer_gpu --compare --seed "$SEED" --cycles "$CYC" >"$tmp/r.out" 2>&1
rc=$?
if [ "$rc" -gt 1 ] || grep -q '^FAILED' "$tmp/r.out" || ! grep -q '^PERFORMANCE objective' "$tmp/r.out"; then
	echo "error (exit $rc): $(tail -1 "$tmp/r.out")"
	exit 1
fi
sed -n '/^| objective/,$p' "$tmp/r.out" | sed 's/^\(ENERGY\|PERFORMANCE\) objective:/\n**&**/; s/^REVERSED:.*/\n**&**/; s/^directions:.*/\n**&**/'
exit 0
