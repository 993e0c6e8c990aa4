#!/usr/bin/env bash
# equalizer_compare_report.sh - the "Equalizer energy against static VF" section of make's report
# (Markdown on stdout; docs/equalizer_gpu.md "Energy against static VF"): `warpgen stats
# equalizer_gpu --compare` (Equalizer and static nominal VF on the same seed, both objectives, C
# model only) at seed $EQC_REPORT_SEED (1), $EQC_REPORT_CYCLES cycles per run (100,000; ~70 s), its
# tables and geomeans beside the thesis's §3.5.2; a REVERSED direction is printed as such (the
# script still exits 0: the section reports it). $WARPGEN (default out/bin/warpgen). Exit 0, 1 when
# the run failed (not a reversal).
set -uo pipefail
W=${WARPGEN:-out/bin/warpgen}
SEED=${EQC_REPORT_SEED:-1}
CYC=${EQC_REPORT_CYCLES:-100000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "## Equalizer energy against static nominal VF (Sethia 2015 §3.5.2)"
echo
echo "\`warpgen stats equalizer_gpu --compare\` (C models only, seed $SEED, $CYC cycles per run): each profile"
echo "under both objectives, Equalizer against the same run with both VF domains held at nominal (CTA"
echo "control on in both arms); energy per instruction from power_tables/sethia2015.tsv (leakage 41.9 W,"
echo "V^2 factors) with an assumed 0.7/0.3 SM/memory split. The thesis: ENERGY about -15 % energy at"
echo "+5 % speed, PERFORMANCE +22 % speed at +6 % energy. docs/equalizer_gpu.md gives the model's gaps."
echo
"$W" stats equalizer_gpu --compare --seed "$SEED" --cycles "$CYC" >"$tmp/r.out" 2>&1
rc=$?
if [ "$rc" -gt 1 ] || grep -q '^FAILED' "$tmp/r.out" || ! grep -q '^PERFORMANCE objective' "$tmp/r.out"; then
	echo "error (exit $rc): $(tail -1 "$tmp/r.out")"
	exit 1
fi
sed -n '/^| objective/,$p' "$tmp/r.out" | sed 's/^\(ENERGY\|PERFORMANCE\) objective:/\n**&**/; s/^REVERSED:.*/\n**&**/'
grep -q '^REVERSED' "$tmp/r.out" || { echo; echo "Directions: as the thesis's (no REVERSED)."; }
exit 0
