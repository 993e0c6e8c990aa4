#!/usr/bin/env bash
# main_job.sh - `make`: every block at its papers' default size and at other sizes:
# generate, lint, co-simulate 1,000,000 cycles against the C model, area (Yosys,
# OSU 0.18 um cells) and energy (power_tables/), then one report: a table on
# stdout, out/report.json and out/report.md. Exit 1 if any check fails.
set -uo pipefail
cd "$(dirname "$0")/.."
W=out/bin/warpgen
CYCLES=${CYCLES:-1000000}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
# name|parameters: the paper's default (Gebhart: 8 active warps x 6 entries) and two
# other points of its Table 2 (4 x 4 and 8 x 8).
CONFIGS=(
	"rfc-default|rfc"
	"rfc-a4-e4|rfc --set ACTIVE_WARPS=4 --set ENTRIES=4"
	"rfc-a8-e8|rfc --set ENTRIES=8"
)
rm -rf out/main && mkdir -p out/main
one() { # NAME ARGS: every step of one configuration, one line each
	local name=$1 args=$2 d=out/main/$1 rc=0
	mkdir -p "$d"
	$W gen $args -o "$d/rtl" -q || rc=1
	local block=${args%% *} params=""
	[ "$args" = "$block" ] || params=${args#* }
	BLOCK=$block tests/lint.sh $params >"$d/lint.log" 2>&1 && echo "$name: lint clean (verilator -Wall, yosys, iverilog)" ||
		{ echo "$name: LINT FAILED (see $d/lint.log)"; rc=1; }
	$W cosim $args --seed 1 --cycles "$CYCLES" --json "$d/cosim.json" >"$d/cosim.log" 2>&1 || rc=1
	echo "$name: $(grep -E '^(PASS|FAIL|MISMATCH)' "$d/cosim.log" | head -1)"
	$W area $args --json "$d/area.json" >"$d/area.log" 2>&1 || rc=1
	echo "$name: area $(grep -iE 'flip-flop|flop' "$d/area.log" | head -1)"
	$W energy $args >"$d/energy.log" 2>&1 || rc=1
	return $rc
}
export -f one
export W CYCLES
echo "main job: ${#CONFIGS[@]} configurations, $CYCLES co-simulated cycles each, $JOBS at a time"
printf '%s\n' "${CONFIGS[@]}" | tr '\n' '\0' |
	xargs -0 -P "$JOBS" -I{} bash -c 'IFS="|" read -r n a <<<"$1"; one "$n" "$a"' _ {}
status=$?
echo
$W report -o out out/main/*/cosim.json out/main/*/area.json || status=1
echo
echo "energy per event at the paper's default size (warpgen energy rfc):"
sed 's/^/  /' out/main/rfc-default/energy.log
[ "$status" -eq 0 ] && echo "main job: all checks passed" || echo "main job: FAILED (logs in out/main/)"
exit $status
