#!/usr/bin/env bash
# regress_coverage.sh regress | slurm | verdict | bench | report - coverage merged across runs (docs/regress.md "Coverage")
# and coverage builds that never change a verdict (docs/cosim.md "Coverage"), on a small wrc
# (WARPS=4 SCHEDULERS=1 MSHRS=8 MISSQ=4: the configuration of its directed cases, so one build of
# each flavour serves every job; the builds are cached in out/cache/).
#
# regress: `warpgen regress --coverage -j 2` over 2 random seeds, 2 directed cases, a --model-only
#   job and a command job. Checks: every cosim job but --model-only left its data and its record in
#   the coverage folder; the summary's line and toggle figures are those of `warpgen coverage` over
#   the same data files; the points' random and directed hits are the sums of the records of the
#   random and of the --case jobs; the pages (index.md, wrc.md with each uncovered template line and
#   the points table), the annotated listing and coverage-last; --report shows the same figures
#   with the run's date; a second run without --coverage keeps pointing at them; the same run
#   through --prefix env -j 1 gives the same figures.
# slurm: the same regression through `--engine slurm` on a one-node cluster (tests/slurm_cluster.sh,
#   root only, else SKIP): the tasks leave the data and records in the --shared-dir folder and the
#   merged figures equal the local engine's.
# verdict: the same seed gives the same verdict line, cycle count and functional hits with and
#   without --coverage: a passing run, and a failing one (wrc's release-while-busy RTL mutant at
#   WARPS=8 through --rtl: the same MISMATCH line, cycle and values in both flavours).
# bench: `warpgen bench --coverage` measures the co-simulation on the coverage build beside the
#   normal one, in the same rounds: the (d) line, and the ratio in the JSON equal to the speeds'.
# report: make's coverage section (tests/coverage_report.sh) on written records and an index:
#   points summed over a block's configurations and classed, the merged figures with their date,
#   "no merged data" without them.
# Env: WARPGEN (default out/bin/warpgen), OUT.
set -uo pipefail
cd "$(dirname "$0")/.."
W=${WARPGEN:-out/bin/warpgen}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "regress_coverage: $*"; exit 1; }
CFG="--set WARPS=4 --set SCHEDULERS=1 --set MSHRS=8 --set MISSQ=4"
mode=${1:?usage: regress_coverage.sh regress | slurm | verdict | bench | report}
# the folder `warpgen regress` writes its coverage folders and coverage-last in: OUT's ($tmp/o, where
# a regression with an OUT other than out/ writes everything, the build cache too), but $WARPGEN_OUT
# wins over OUT when set (tests/run_tests.sh sets it for a build other than out/). $tmp/o's build
# cache and Verilator runtimes are the shared ones (linked), so that each flavour is built once.
shared=${WARPGEN_OUT:-$PWD/out}
mkdir -p "$tmp/o" "$shared/cache" "$shared/vlrt"
ln -s "$shared/cache" "$tmp/o/cache" && ln -s "$shared/vlrt" "$tmp/o/vlrt" || fail "cannot link $tmp/o's cache"
reg=${WARPGEN_OUT:-$tmp/o}/regress

if [ "$mode" = verdict ]; then
	strip() { sed -E 's/ \([^)]*cycles\/s\)//'; }
	one() { # NAME ARGS...: a run without and with coverage; the verdict lines, cycles and points compared
		local name=$1 rc1 rc2
		shift
		"$W" cosim wrc "$@" -q --json "$tmp/$name-plain.json" >"$tmp/$name-plain.txt" 2>&1
		rc1=$?
		"$W" cosim wrc "$@" -q --json "$tmp/$name-cov.json" --coverage "$tmp/$name.dat" >"$tmp/$name-cov.txt" 2>&1
		rc2=$?
		grep -E '^(PASS|FAIL|MISMATCH)' "$tmp/$name-plain.txt" | strip >"$tmp/$name-plain.v"
		grep -E '^(PASS|FAIL|MISMATCH)' "$tmp/$name-cov.txt" | strip >"$tmp/$name-cov.v"
		echo "$name without: rc=$rc1 $(cat "$tmp/$name-plain.v")"
		echo "$name with:    rc=$rc2 $(cat "$tmp/$name-cov.v")"
		[ "$rc1" = "$rc2" ] || fail "$name: exit $rc1 without coverage, $rc2 with"
		[ -s "$tmp/$name-plain.v" ] && cmp -s "$tmp/$name-plain.v" "$tmp/$name-cov.v" || fail "$name: the verdict line differs"
		[ -s "$tmp/$name.dat" ] || fail "$name: no coverage data written"
		python3 - "$tmp/$name-plain.json" "$tmp/$name-cov.json" <<'EOF' || fail "$name: the records differ"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert a["cycles"] == b["cycles"], (a["cycles"], b["cycles"])
assert a.get("coverage") == b.get("coverage"), "functional hits differ"
assert (a.get("failure") or {}).get("cycle") == (b.get("failure") or {}).get("cycle")
print("  same: %d cycles, %d points, failure cycle %s" % (a["cycles"], len(a.get("coverage", [])),
      (a.get("failure") or {}).get("cycle")))
EOF
		eval "$name=$rc1"
	}
	one pass $CFG --seed 3 --cycles 2000
	[ "$pass" = 0 ] || fail "the passing run did not pass"
	# the mutant: cosim/wrc/wrc_tests.sh's release-while-busy at its WARPS=8, as tests/mutant.sh and
	# tests/regress_check.sh make it (the build cache keys on the file's text: their fast build serves)
	"$W" gen wrc --set WARPS=8 -o "$tmp/good" -q || fail "gen failed"
	sed -e 's/(llp_i \& ~busy)/llp_i/' "$tmp/good/wrc.v" >"$tmp/mut.v"
	cmp -s "$tmp/good/wrc.v" "$tmp/mut.v" && fail "the mutant's edit no longer applies"
	one mutant --set WARPS=8 --rtl "$tmp/mut.v" --no-window --seed 1 --cycles 2000
	[ "$mutant" = 1 ] || fail "the mutant was not caught"
	grep -q '^MISMATCH' "$tmp/mutant-cov.v" || fail "the mutant's failure is not a MISMATCH"
	echo ok
	exit 0
fi
if [ "$mode" = bench ]; then # warpgen bench --coverage: (d) beside (c), its ratio in the JSON
	"$W" bench wrc $CFG --cycles 3000 --coverage --json "$tmp/b.json" | tee "$tmp/b.txt" || fail "bench failed"
	grep -qE '^  \(d\) cosim, coverage build +[0-9.]+ M cycles/s   \(d\)/\(c\) = [0-9.]+$' "$tmp/b.txt" || fail "no (d) line"
	python3 - "$tmp/b.json" "$tmp/b.txt" <<'EOF' || fail "the bench's JSON is wrong"
import json, re, sys
d = json.load(open(sys.argv[1]))
c = d["cycles_per_s"]
assert c["cosim_coverage"] > 0 and c["cosim"] > 0
assert abs(d["ratio_coverage_vs_cosim"] - c["cosim_coverage"] / c["cosim"]) < 1e-3
shown = float(re.search(r"\(d\)/\(c\) = ([0-9.]+)", open(sys.argv[2]).read())[1])
assert abs(shown - d["ratio_coverage_vs_cosim"]) < 0.006, shown
assert len(d["seconds"]["cosim_coverage"]) == d["rounds"]
# the loops, alone and beside a second job (issue 29 item 2): every figure measured, the ratios the
# printed ones
for k in ("cosim_pipelined", "beside_job_verilator_alone", "beside_job_cosim", "beside_job_cosim_pipelined"):
    assert c[k] > 0 and len(d["seconds"][k]) == d["rounds"], k
for k in ("cosim", "cosim_pipelined", "beside_job_cosim", "beside_job_cosim_pipelined"):
    assert len(d["cpu_seconds"][k]) == d["rounds"] and min(d["cpu_seconds"][k]) > 0, k
assert abs(d["beside_job_ratio_cosim_vs_verilator"] - c["beside_job_cosim"] / c["beside_job_verilator_alone"]) < 1e-3
txt = open(sys.argv[2]).read()
pair = re.findall(r"\(c\)/\(a\) = ([0-9.]+)", txt)
assert len(pair) == 2 and abs(float(pair[1]) - d["beside_job_ratio_cosim_vs_verilator"]) < 0.006, pair
assert "beside a second job" in txt
EOF
	echo ok
	exit 0
fi
if [ "$mode" = report ]; then # make's coverage section (tests/coverage_report.sh) on written data
	mkdir -p "$tmp/main/w1" "$tmp/main/w2" "$tmp/main/r1" "$tmp/o/regress/cov-1"
	echo '{"block": "wrc", "cycles": 10, "coverage": [{"name": "a", "hits": 6}, {"name": "b", "hits": 0}, {"name": "c", "hits": 1}]}' >"$tmp/main/w1/cosim.json"
	echo '{"block": "wrc", "cycles": 10, "coverage": [{"name": "a", "hits": 4}, {"name": "b", "hits": 0}, {"name": "c", "hits": 0}]}' >"$tmp/main/w2/cosim.json"
	echo '{"block": "rfc", "cycles": 10}' >"$tmp/main/r1/cosim.json"
	printf 'Regression `jobs x`, 2026-01-02 03:04:05 UTC; data in `y/`.\n\n| block | lines | toggles | points |\n|---|---:|---:|---:|\n| wrc | 176/189 (93.1 %%) | 182/182 (100.0 %%) | 3 |\n' >"$tmp/o/regress/cov-1/index.md"
	: >"$tmp/r.md"
	OUT=$tmp/o tests/coverage_report.sh "$tmp/main" "$tmp/r.md" | tee "$tmp/r.txt" || fail "coverage_report.sh failed"
	grep -q 'no merged data yet' "$tmp/r.md" || fail "without merged data: not said"
	ln -s cov-1 "$tmp/o/regress/coverage-last"
	: >"$tmp/r.md"
	OUT=$tmp/o tests/coverage_report.sh "$tmp/main" "$tmp/r.md" >/dev/null || fail "coverage_report.sh failed"
	cat "$tmp/r.md"
	grep -qx '## Coverage' "$tmp/r.md" || fail "no section"
	grep -q '(2026-01-02 03:04:05 UTC, `jobs x`; pages in ' "$tmp/r.md" || fail "no date of the merged data"
	grep -qxF '| wrc | 176/189 (93.1 %) | 182/182 (100.0 %) | 3 | 1 | 1 | 1 | `b` |' "$tmp/r.md" || fail "wrc's row"
	grep -qxF '| rfc | - | - | 0 | 0 | 0 | 0 |  |' "$tmp/r.md" || fail "rfc's row"
	echo ok
	exit 0
fi
cat >"$tmp/cov.jobs" <<EOF
rnd wrc $CFG --seeds 1-2 --cycles 2000
d1 wrc --case owner_to_queue_head
d2 wrc --case switch_admits_pre
mo wrc $CFG --model-only --seed 5 --cycles 500
listed ! \$WARPGEN list | grep -q '^wrc '
EOF
if [ "$mode" = slurm ]; then # the slurm engine: the same figures as the local engine's, the folder in --shared-dir
	if [ "$(id -u)" -ne 0 ]; then
		echo "SKIP regress:coverage-slurm: starting munged, slurmctld and slurmd needs root (uid $(id -u))"
		exit 0
	fi
	trap 'tests/slurm_cluster.sh stop "$tmp/cluster" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
	cluster=$(tests/slurm_cluster.sh start "$tmp/cluster" 2>&1) || fail "the one-node cluster did not start: $cluster"
	eval "$cluster"
	case $W in /*) ;; *) W=$PWD/$W ;; esac
	OUT=$tmp/o "$W" regress --jobs "$tmp/cov.jobs" --coverage --db "$tmp/l.db" -j 2 -q >"$tmp/local.txt" 2>&1 ||
		fail "the local run failed: $(tail -3 "$tmp/local.txt")"
	OUT=$tmp/o "$W" regress --jobs "$tmp/cov.jobs" --coverage --engine slurm --chunk-secs 1 --shared-dir "$tmp/shared" \
		--db "$tmp/s.db" -q >"$tmp/slurm.txt" 2>&1 || fail "the slurm run failed: $(tail -3 "$tmp/slurm.txt")"
	cat "$tmp/slurm.txt"
	dir=$(sed -n 's/^regress: coverage data in //p' "$tmp/slurm.txt")
	case $dir in "$tmp/shared/coverage-"*) ;; *) fail "the coverage folder is not in --shared-dir: $dir" ;; esac
	[ "$(ls "$dir"/dat/*.dat | wc -l)" = 4 ] && [ "$(ls "$dir"/json/*.json | wc -l)" = 4 ] ||
		fail "the tasks did not leave 4 data files and 4 records in $dir"
	a=$(grep -E '^  wrc ' "$tmp/local.txt") b=$(grep -E '^  wrc ' "$tmp/slurm.txt")
	[ -n "$a" ] && [ "$a" = "$b" ] || fail "local and slurm figures differ: '$a' / '$b'"
	echo ok
	exit 0
fi
[ "$mode" = regress ] || { echo "regress_coverage.sh: unknown mode $mode"; exit 2; }
OUT=$tmp/o "$W" regress --jobs "$tmp/cov.jobs" --coverage --db "$tmp/r.db" -j 2 -q >"$tmp/run.txt" 2>&1
rc=$?
cat "$tmp/run.txt"
[ "$rc" = 0 ] || fail "exit $rc"
tail -1 "$tmp/run.txt" | grep -qx '6 passed, 0 failed' || fail "not 6 passed"
dir=$(sed -n 's/^regress: coverage data in //p' "$tmp/run.txt")
[ -d "$dir" ] || fail "no coverage folder named"
[ "$(readlink -f "$reg/coverage-last")" = "$(readlink -f "$dir")" ] || fail "coverage-last does not point at $dir"
[ "$(ls "$dir"/dat/*.dat | wc -l)" = 4 ] || fail "expected 4 data files (not the --model-only job's): $(ls "$dir"/dat)"
[ "$(ls "$dir"/json/*.json | wc -l)" = 4 ] || fail "expected 4 records: $(ls "$dir"/json)"
"$W" coverage wrc "$dir"/dat/*.dat --write "$tmp/m.dat" --json "$tmp/code.json" >/dev/null || fail "warpgen coverage failed"
python3 - "$dir" "$tmp/code.json" "$tmp/run.txt" <<'EOF' || fail "the merged figures are wrong"
import glob, json, os, re, sys
d, code, run = sys.argv[1], json.load(open(sys.argv[2])), open(sys.argv[3]).read()
# the summary's figures: those of warpgen coverage over the same files
l, t = code["lines"], code["toggles"]
m = re.search(r"^  wrc +(\d+)/(\d+) [\d.]+ % +(\d+)/(\d+) [\d.]+ % +(?:(\d+) / (\d+) / (\d+) / (\d+) of (\d+)|no points declared)$",
              run, re.M)
assert m, "no summary line for wrc"
assert (int(m[1]), int(m[2]), int(m[3]), int(m[4])) == (l["covered"], l["total"], t["covered"], t["total"]), m.groups()
# the points: random = the records of the jobs without --case, directed = the d1, d2 records
rnd, dirc = {}, {}
for f in sorted(glob.glob(d + "/json/*.json")):
    acc = dirc if os.path.basename(f).startswith("d") else rnd
    for p in json.load(open(f))["coverage"]:
        acc[p["name"]] = acc.get(p["name"], 0) + p["hits"]
names = list(rnd)
cls = [0, 0, 0, 0]
for n in names:
    r, dd = rnd[n], dirc.get(n, 0)
    cls[0 if r >= 10 else 1 if r > 0 else 2 if dd > 0 else 3] += 1
if names:
    assert [int(x) for x in m.groups()[4:]] == cls + [len(names)], (m.groups(), cls)
    assert sum(dirc.values()) > 0, "the directed cases' hits are not counted as directed"
else:
    assert m[5] is None, "points in the summary, none in the records"
page = open(d + "/wrc.md").read()
for n in names:
    assert re.search(r"^\| `%s` \| %d \| %d \| " % (n, rnd[n], dirc.get(n, 0)), page, re.M), n
for u in code["uncovered_lines"]:
    assert "| %d | `" % u["line"] in page, u
for i, c in enumerate(code["configurations"]):  # the configurations the toggle table numbers
    assert "%d. `%s`\n" % (i + 1, c) in page, c
assert "| wrc | %d/%d (" % (l["covered"], l["total"]) in open(d + "/index.md").read()
assert os.path.exists(d + "/wrc/annotate/wrc.v") and "%000000" in open(d + "/wrc/annotate/wrc.v").read()
print("ok: lines %d/%d, toggles %d/%d, points %s of %d (random>=10, <10, only directed, never)" %
      (l["covered"], l["total"], t["covered"], t["total"], cls, len(names)))
EOF
# the history: --report shows the figures with the run's date, also after a run without coverage
sumline=$(grep -E '^  wrc +[0-9]' "$tmp/run.txt")
# a worker under a --prefix command (as bsub -K would run it) gets the coverage folder too: the same figures
OUT=$tmp/o "$W" regress --jobs "$tmp/cov.jobs" --coverage --prefix env -j 1 --no-db -q >"$tmp/prefix.txt" 2>&1 ||
	fail "the --prefix run failed: $(tail -3 "$tmp/prefix.txt")"
grep -qxF "$sumline" "$tmp/prefix.txt" || fail "--prefix env -j 1: not the same figures: $(grep -E '^  wrc ' "$tmp/prefix.txt")"
OUT=$tmp/o "$W" regress --report --db "$tmp/r.db" >"$tmp/rep.txt" || fail "--report failed"
grep -qE '^coverage of run 1 \(jobs .*cov.jobs, [0-9-]+ [0-9:]+ UTC\):$' "$tmp/rep.txt" || fail "--report: no coverage heading"
grep -qxF "$sumline" "$tmp/rep.txt" || fail "--report: not the summary's figures: $sumline"
grep '^listed' "$tmp/cov.jobs" >"$tmp/cmd.jobs"
OUT=$tmp/o "$W" regress --jobs "$tmp/cmd.jobs" --db "$tmp/r.db" -q >/dev/null || fail "the run without coverage failed"
OUT=$tmp/o "$W" regress --report --db "$tmp/r.db" >"$tmp/rep2.txt" || fail "--report failed"
grep -q ', the last run with --coverage:$' "$tmp/rep2.txt" && grep -qxF "$sumline" "$tmp/rep2.txt" ||
	fail "--report after a run without coverage: not run 1's figures"
echo ok
