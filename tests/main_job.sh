#!/usr/bin/env bash
# main_job.sh - `make`: every block at its papers' default size and at other sizes:
# generate, lint, co-simulate 1,000,000 cycles against the C model, area (Yosys,
# OSU 0.18 um cells) and energy (power_tables/), then one report: a table on
# stdout, out/report.json and out/report.md (with the step times of each configuration,
# out/main/NAME/steps.json, and the papers' figures beside ours). Exit 1 if any check fails.
set -uo pipefail
cd "$(dirname "$0")/.."
W=out/bin/warpgen
CYCLES=${CYCLES:-1000000}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
# name|parameters: the paper's default (Gebhart: 8 active warps x 6 entries) and two
# other points of its Table 2 (4 x 4 and 8 x 8).
# The two-level scheduler at its default (32 warps, 8 active, greedy) and at Fermi's 48 warps
# with 6 active and round-robin; the scheduler driving the RFC (sm_rfc) at the paper's point
# and at 4 active x 4 entries. The renaming table at the paper's 1 KB table (816 entries) and its
# unconstrained 48 x 63 table (3024 entries), and with wear levelling. Mascar's readiness
# checker and re-execution queue at the thesis's sizes (48 warps, 32 entries), alone and composed,
# and composed at 16 warps with a 16-entry queue that parks stores too. Equalizer's per-SM block at
# the thesis's sizes (48 warps, 128-cycle samples, 4096-cycle epochs) in both objectives, its
# frequency manager, and the GPU (15 SMs x 48 warps + the manager). APOGEE's prefetch table at the
# thesis's size (64 entries, 4 warps, 32 threads, 8 lanes per cycle) and at 8 warps, 16 entries.
CONFIGS=(
	"rfc-default|rfc"
	"rfc-a4-e4|rfc --set ACTIVE_WARPS=4 --set ENTRIES=4"
	"rfc-a8-e8|rfc --set ENTRIES=8"
	"sched2l-default|sched2l"
	"sched2l-w48-a6-rr|sched2l --set WARPS=48 --set ACTIVE=6 --set SELECT=RR"
	"sm_rfc-default|sm_rfc"
	"sm_rfc-a4-e4|sm_rfc --set ACTIVE=4 --set ENTRIES=4"
	"rename-default|rename"
	"rename-rt3024|rename --set RT_ENTRIES=3024"
	"rename-wear|rename --set POLICY=WEAR_LEVEL"
	"wrc-default|wrc"
	"reexec_q-default|reexec_q"
	"mascar-default|mascar"
	"mascar-w16-e16-stores|mascar --set WARPS=16 --set ENTRIES=16 --set STORES=1"
	"equalizer-default|equalizer"
	"equalizer-perf-shift|equalizer --set OBJECTIVE=PERFORMANCE --set NORM=SHIFT --set WARPS=32"
	"vf_manager-default|vf_manager"
	"equalizer_gpu-default|equalizer_gpu"
	"prefetch_table-default|prefetch_table"
	"prefetch_table-w8-e16|prefetch_table --set WARPS=8 --set ENTRIES=16"
)
rm -rf out/main && mkdir -p out/main
# step NAME CMD...: run one step, append its wall-clock seconds and status to $steps
step() {
	local s=$1 t0 t1 rc
	shift
	t0=$(date +%s.%N)
	"$@"
	rc=$?
	t1=$(date +%s.%N)
	steps+=("{\"step\": \"$s\", \"seconds\": $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'), \"rc\": $rc}")
	return $rc
}
one() { # NAME ARGS: every step of one configuration, one line each; times in $d/steps.json
	local name=$1 args=$2 d=out/main/$1 rc=0
	local -a steps=()
	mkdir -p "$d"
	step gen $W gen $args -o "$d/rtl" -q || rc=1
	local block=${args%% *} params=""
	[ "$args" = "$block" ] || params=${args#* }
	step lint env BLOCK=$block tests/lint.sh $params >"$d/lint.log" 2>&1 && echo "$name: lint clean (verilator -Wall, yosys, iverilog)" ||
		{ echo "$name: LINT FAILED (see $d/lint.log)"; rc=1; }
	step cosim $W cosim $args --seed 1 --cycles "$CYCLES" --json "$d/cosim.json" >"$d/cosim.log" 2>&1 || rc=1
	echo "$name: $(grep -E '^(PASS|FAIL|MISMATCH)' "$d/cosim.log" | head -1)"
	# the renaming table's and the re-execution queue's gate mapping take Yosys 10-25 minutes:
	# flip-flop check only here (`warpgen area BLOCK` runs the full flow)
	local aopt=""
	case $block in rename | reexec_q | mascar | equalizer_gpu | prefetch_table) aopt=--flops-only ;; esac
	step area $W area $args $aopt --json "$d/area.json" >"$d/area.log" 2>&1 || rc=1
	echo "$name: area $(grep -iE 'flip-flop|flop' "$d/area.log" | head -1)"
	step energy $W energy $args >"$d/energy.log" 2>&1 || rc=1
	# read by `warpgen report` beside cosim.json (step times per configuration)
	local IFS=,
	printf '{"name": "%s", "args": "%s", "steps": [%s]}\n' "$name" "$args" "${steps[*]}" >"$d/steps.json.tmp" &&
		mv "$d/steps.json.tmp" "$d/steps.json"
	return $rc
}
export -f one step
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
echo
# Statistics mode (C model only): the paper's trends on the synthetic SM (docs/sm_rfc.md).
echo "two-level scheduler + RFC on the synthetic SM (warpgen stats sm_rfc --compare, 1,000,000 cycles,"
echo "C model only; instruction mix assumed), against the single-level baseline (all 32 warps active):"
{
	echo "| active warps | IPC vs all active | MRF reads avoided | MRF writes avoided | flush write-backs per 1000 instr. |"
	echo "|---|---|---|---|---|"
	for a in 4 6 8; do
		$W stats sm_rfc --set ACTIVE=$a --compare --cycles 1000000 --json "out/main/stats-a$a.json" >"out/main/stats-a$a.log" 2>&1 || status=1
		python3 - "out/main/stats-a$a.json" "$a" <<'PY' || status=1
import json, sys
d = json.load(open(sys.argv[1]))
r, b = d["runs"][0], d["runs"][1]
fl = 1000.0 * r["flush_writebacks"] / max(1, r["instructions"])
print("| %s | %.3f | %.1f %% (single level %.1f %%) | %.1f %% (single level %.1f %%) | %.1f |" % (
    sys.argv[2], d["ipc_ratio"], 100 * r["mrf_read_avoided_fraction"], 100 * b["mrf_read_avoided_fraction"],
    100 * r["mrf_write_avoided_fraction"], 100 * b["mrf_write_avoided_fraction"], fl))
PY
	done
	echo
	echo "paper (Gebhart ISCA'11 §5.2, §5.3): 8 active ~ all 32 active, 6 active -1 % to -5 %;"
	echo "with 6 entries the combined design avoids more than half of the MRF reads and writes."
} >out/stats.md # (not a pipeline: status must survive)
cat out/stats.md
{ echo; echo "## Two-level scheduler + RFC on the synthetic SM (C model only)"; echo; cat out/stats.md; } >>out/report.md
# Statistics mode of the renaming table (C model only): Table 3 workloads (docs/rename.md).
echo "register renaming on synthetic kernels shaped like Jeon's Table 3 (warpgen stats rename, C model only;"
echo "code shapes assumed), against compiler reservation and the paper's baseline power gating:"
$W stats rename --json out/main/stats-rename.json >out/main/stats-rename.log 2>&1 || status=1
sed -n '/^average/,$p' out/main/stats-rename.log | tee out/stats-rename.md
{ echo; echo "## Register renaming on Table 3-shaped kernels (C model only)"; echo; echo '```'; cat out/main/stats-rename.log; echo '```'; } >>out/report.md
# Mascar's storage against the thesis's Table 4.2 (the manifest's parts; Yosys counted the flops above).
echo "Mascar storage (Sethia 2015 Tab. 4.2, from the manifest of warpgen gen mascar):"
tests/mascar_storage.sh | tee out/main/mascar-storage.log || status=1
{ echo; echo "## Mascar storage against the thesis's Table 4.2"; echo; cat out/main/mascar-storage.log; } >>out/report.md
# Equalizer: the statistics storage against §3.5.1.2, and the GPU's behaviour per kernel profile.
echo "Equalizer storage (Sethia 2015 §3.5.1.2, from the manifests of warpgen gen equalizer / equalizer_gpu):"
tests/equalizer_storage.sh | tee out/main/equalizer-storage.log || status=1
{ echo; echo "## Equalizer storage against the thesis's §3.5.1.2"; echo; cat out/main/equalizer-storage.log; } >>out/report.md
echo "Equalizer on the GPU model (warpgen stats equalizer_gpu, 15 SMs x 48 warps, 200,000 cycles per profile,"
echo "C model only; profiles assumed; plots in out/stats/equalizer_gpu-*/):"
{
	echo "| objective | profile | numBlocks first -> last (mean) | decisions -1/0/+1 | main VF state | IPC per SM |"
	echo "|---|---|---|---|---|---|"
	for obj in ENERGY PERFORMANCE; do
		d=out/stats/equalizer_gpu-$obj
		$W stats equalizer_gpu --set OBJECTIVE=$obj -o "$d" >"out/main/stats-eqg-$obj.log" 2>&1 || status=1
		python3 - "$d/equalizer_gpu_summary.csv" $obj <<'PY' || status=1
import csv, sys
states = [("f_normal", "normal"), ("f_sm_high", "SM high"), ("f_sm_low", "SM low"), ("f_mem_high", "memory high"),
          ("f_mem_low", "memory low")]
for r in csv.DictReader(open(sys.argv[1])):
    k, name = max(states, key=lambda s: float(r[s[0]]))
    print("| %s | %s | %.2f -> %.2f (%.2f) | %s/%s/%s | %s %.1f %% | %.3f |" % (
        sys.argv[2], r["profile"], float(r["nb_first"]), float(r["nb_last"]), float(r["nb_avg"]),
        r["dec_m1"], r["dec_0"], r["dec_p1"], name, 100 * float(r[k]), float(r["ipc_per_sm"])))
PY
	done
	echo
	echo "thesis (Sethia 2015 Fig. 3.9, §3.5.2): compute kernels -> SM high (performance) / memory low (energy);"
	echo "memory and cache kernels -> memory high / SM low; cache kernels run fewer CTAs."
} >out/stats-equalizer.md
cat out/stats-equalizer.md
{ echo; echo "## Equalizer on the GPU model (C model only)"; echo; cat out/stats-equalizer.md; } >>out/report.md
# APOGEE: the table's storage against Tab. 5.3(b).
echo "APOGEE prefetch table storage (Sethia 2015 Tab. 5.3(b), from the manifest of warpgen gen prefetch_table):"
tests/prefetch_table_storage.sh | tee out/main/prefetch_table-storage.log || status=1
{ echo; echo "## APOGEE prefetch table storage against the thesis's Tab. 5.3(b)"; echo; cat out/main/prefetch_table-storage.log; } >>out/report.md
# APOGEE: accuracy, coverage and timeliness per access profile (C model only), beside the thesis.
echo "APOGEE prefetching per access profile (warpgen stats prefetch_table, defaults, 100,000 cycles per run,"
echo "C model only; profiles assumed; thesis Fig. 5.13/5.16: 93.5 % accuracy, 2.2 % extra traffic):"
$W stats prefetch_table >out/main/stats-prefetch_table.log 2>&1 || status=1
sed 's/^/  /' out/main/stats-prefetch_table.log
{ echo; echo "## APOGEE prefetching per access profile (C model only)"; echo; echo '```'; cat out/main/stats-prefetch_table.log; echo '```'; } >>out/report.md
# Plots (gnuplot, PNG and SVG, docs/user-guide.md "Plots"): area against size, energy breakdown,
# the RFC's MRF accesses avoided and energy over the Table 2 grid; listed in the report.
tests/plots.sh out/plots >out/main/plots.log 2>&1
case $? in
0) tail -1 out/main/plots.log
	{ echo; echo "## Plots (out/plots/)"; echo; grep -v '^#' out/plots/index.md |
		sed -e 's#`\([a-z_]*\)\.png` / `\([a-z_]*\)\.svg`#[\1.png](plots/\1.png) / [\2.svg](plots/\2.svg)#'; } >>out/report.md ;;
3) echo "plots: skipped (gnuplot not installed)" ;;
*) echo "plots: FAILED (see out/main/plots.log)"; status=1 ;;
esac
# Gate-level: every block's default configuration synthesized (full flow), co-simulated in the
# native gate-level simulator and priced with the Liberty library (docs/cosim.md).
echo
tests/gate_report.sh out/main >out/gate.md
rc=$?
cat out/gate.md
[ "$rc" -eq 0 ] || { echo "gate-level: FAILED (see out/main/gate-*.log)"; status=1; }
{ echo; echo "## Gate-level co-simulation and activity-based energy"; echo; grep -v '^gate ' out/gate.md; } >>out/report.md
[ "$status" -eq 0 ] && echo "main job: all checks passed" || echo "main job: FAILED (logs in out/main/)"
exit $status
