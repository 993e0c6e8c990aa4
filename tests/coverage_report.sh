#!/usr/bin/env bash
# coverage_report.sh MAINDIR REPORT_MD [CONFIGS_FILE] - the coverage section of `make`'s report
# (tests/main_job.sh; docs/user-guide.md "Coverage"): per block,
#   - the functional points of the main job's own co-simulations (MAINDIR/NAME/cosim.json, every
#     main configuration of the block, 1,000,000 random cycles each: their "coverage" hits summed):
#     points hit at least 10 times, fewer, never; no run is added for them;
#   - code and toggle coverage: the last merged data of `warpgen regress --coverage`
#     ($OUT/regress/coverage-last/index.md) with its date and label when there is one. With
#     COVERAGE=1 (make COVERAGE=1) and CONFIGS_FILE (lines NAME|ARGS|AREA_OPT, main_job.sh's), a
#     short coverage regression of the main configurations runs first (COV_CYCLES, default 20,000
#     cycles, seed 1, through `warpgen regress --coverage`, so its figures are also in the
#     history), and the section shows it.
# Prints the table and appends "## Coverage" to REPORT_MD. Exit 1 when the coverage regression fails.
set -uo pipefail
cd "$(dirname "$0")/.."
main=${1:?usage: coverage_report.sh MAINDIR REPORT_MD [CONFIGS_FILE]}
md=${2:?usage: coverage_report.sh MAINDIR REPORT_MD [CONFIGS_FILE]}
configs=${3:-}
OUTD=${OUT:-out}
W=${WARPGEN:-$OUTD/bin/warpgen}
status=0
if [ "${COVERAGE:-0}" = 1 ] && [ -n "$configs" ]; then
	jobs=$main/coverage.jobs
	# one job per main configuration: NAME BLOCK ARGS, seed 1, COV_CYCLES cycles
	awk -F'|' -v c="${COV_CYCLES:-20000}" 'NF >= 2 { printf "%s %s --seed 1 --cycles %s\n", $1, $2, c }' "$configs" >"$jobs"
	echo "coverage: a short coverage run of $(wc -l <"$jobs") main configurations (${COV_CYCLES:-20000} cycles each)"
	OUT=$OUTD "$W" regress --jobs "$jobs" --coverage -q -j "${JOBS:-2}" >"$main/coverage.log" 2>&1 ||
		{ echo "coverage: the coverage regression FAILED (see $main/coverage.log)"; status=1; }
fi
python3 - "$main" "$md" "$OUTD/regress/coverage-last" <<'EOF' || status=1
import glob, json, os, re, sys
main, md, last = sys.argv[1:4]
pts = {}  # block -> {point: hits}, summed over the block's main configurations
for f in sorted(glob.glob(os.path.join(main, "*", "cosim.json"))):
    try:
        d = json.load(open(f))
    except (OSError, ValueError):
        continue
    b = d.get("block")
    if not b:
        continue
    acc = pts.setdefault(b, {})  # (a block without points: a row with 0)
    for p in d.get("coverage", []):
        acc[p["name"]] = acc.get(p["name"], 0) + p["hits"]
code, when = {}, None
idx = os.path.join(last, "index.md")
if os.path.exists(idx):
    text = open(idx).read()
    m = re.match(r"Regression `([^`]*)`, ([0-9-]+ [0-9:]+) UTC", text)
    when = "%s UTC, `%s`" % (m[2], m[1]) if m else "?"
    for row in re.findall(r"^\| (\S+) \| ([^|]+) \| ([^|]+) \|", text, re.M):
        if row[0] != "block" and not row[0].startswith("---"):
            code[row[0]] = (row[1].strip(), row[2].strip())
blocks = sorted(set(pts) | set(code))
out = ["", "## Coverage", ""]
out.append("Functional points: the main job's random co-simulations of each block (every main configuration, "
           "their hits summed). Lines and toggles of the template: " +
           ("the last `warpgen regress --coverage` (%s; pages in `%s/`)." % (when, os.path.relpath(os.path.realpath(last)))
            if when else "no merged data yet (`make COVERAGE=1`, or `warpgen regress --coverage ...`)."))
out += ["", "| block | lines | toggles | points | hit >= 10 | hit < 10 | never | never hit |",
        "|---|---:|---:|---:|---:|---:|---:|---|"]
print("coverage (points: main runs; lines/toggles: %s):" % (when or "no merged data"))
for b in blocks:
    p = pts.get(b, {})
    many = sum(1 for h in p.values() if h >= 10)
    few = sum(1 for h in p.values() if 0 < h < 10)
    never = sorted(n for n, h in p.items() if h == 0)
    l, t = code.get(b, ("-", "-"))
    out.append("| %s | %s | %s | %d | %d | %d | %d | %s |" % (b, l, t, len(p), many, few, len(never),
                                                         ", ".join("`%s`" % n for n in never)))
    print("  %-16s lines %-20s toggles %-20s points %d: %d hit >= 10, %d fewer, %d never" %
          (b, l, t, len(p), many, few, len(never)))
with open(md, "a") as f:
    f.write("\n".join(out) + "\n")
EOF
exit $status
