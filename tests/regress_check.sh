#!/usr/bin/env bash
# regress_check.sh - a small real regression through `warpgen regress` (docs/regress.md): wrc at two
# configurations x 3 seeds of 2,000 cycles, a deliberately failing job (wrc's release-while-busy RTL
# mutant, --rtl), and a command job, run with -j 1 and -j 2 into two databases. Checks: exit 1 and
# "7 passed, 1 failed" both times; the failure printed when it happens (before the summary) with the
# replay command of its --rtl run; the same verdicts, first mismatches and order of the rows in
# both databases (the order of the jobs, whatever order they finished in); --report and
# --rerun-failed (which runs only the failure, and fails); the worker mode's result lines; a run
# through --prefix (a fake `bsub -K`); the jobs of --tier main.
# Env: WARPGEN (default out/bin/warpgen), OUT.
set -uo pipefail
cd "$(dirname "$0")/.."
W=${WARPGEN:-out/bin/warpgen}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "regress_check: $*"; exit 1; }

# the mutant: one sed edit of the generated Verilog (cosim/wrc/wrc_tests.sh declares it at WARPS=8)
"$W" gen wrc --set WARPS=8 -o "$tmp/good" -q || fail "gen failed"
sed -e 's/(llp_i \& ~busy)/llp_i/' "$tmp/good/wrc.v" >"$tmp/wrc.v"
cmp -s "$tmp/good/wrc.v" "$tmp/wrc.v" && fail "the mutant's edit no longer applies"
cat >"$tmp/small.jobs" <<EOF
# a small regression: two configurations x 3 seeds, a mutant that must fail, a command
wrc --seeds 1-3 --cycles 2000
w8 wrc --set WARPS=8 --seeds 1-3 --cycles 2000
mutant wrc --set WARPS=8 --rtl $tmp/wrc.v --no-window --seed 1 --cycles 2000
listed ! \$WARPGEN list | grep -q '^wrc '
EOF

for j in 1 2; do
	"$W" regress --jobs "$tmp/small.jobs" -j $j --db "$tmp/j$j.db" >"$tmp/j$j.out" 2>&1
	rc=$?
	sed 's/^/  j'$j': /' "$tmp/j$j.out"
	[ $rc -eq 1 ] || fail "-j $j: exit $rc, expected 1"
	[ "$(tail -1 "$tmp/j$j.out")" = "7 passed, 1 failed" ] || fail "-j $j: the last line is not '7 passed, 1 failed'"
	# the failure comes when it happens, before the summary, with the replay of the --rtl run
	first=$(grep -n '^FAIL mutant: MISMATCH' "$tmp/j$j.out" | head -1 | cut -d: -f1)
	summary=$(grep -n '^failed (1):' "$tmp/j$j.out" | cut -d: -f1)
	[ -n "$first" ] && [ -n "$summary" ] && [ "$first" -lt "$summary" ] || fail "-j $j: no live FAIL line before the summary"
	sed -n "$((first + 1))p" "$tmp/j$j.out" | grep -q "^  replay: .*cosim wrc --set WARPS=8 --seed 1 --cycles 2000 --rtl $tmp/wrc.v" ||
		fail "-j $j: the failure's next line is not its replay command"
done

# the same rows, in the same order (the jobs' order), whatever -j
rows() {
	python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for r in db.execute("SELECT job, name, verdict, first_mismatch FROM results ORDER BY rowid"):
    print("\t".join(str(x) for x in r))' "$1"
}
rows "$tmp/j1.db" >"$tmp/j1.rows" && rows "$tmp/j2.db" >"$tmp/j2.rows" || fail "cannot read the databases"
cat "$tmp/j1.rows"
[ "$(wc -l <"$tmp/j1.rows")" -eq 8 ] || fail "expected 8 rows"
cmp -s "$tmp/j1.rows" "$tmp/j2.rows" || { diff "$tmp/j1.rows" "$tmp/j2.rows"; fail "-j 1 and -j 2 stored different rows"; }
[ "$(cut -f1 "$tmp/j1.rows" | tr '\n' ' ')" = "0 1 2 3 4 5 6 7 " ] || fail "rows not in the jobs' order"
[ "$(grep -c $'\tPASS\t' "$tmp/j1.rows")" -eq 7 ] || fail "expected 7 passes"
grep -q $'^6\tmutant\tFAIL\tMISMATCH ' "$tmp/j1.rows" || fail "the mutant is not a FAIL with its MISMATCH line"

# --report: the failure first, with its replay command
"$W" regress --report --db "$tmp/j2.db" >"$tmp/report" || fail "--report failed"
grep -q 'FAIL mutant: MISMATCH' "$tmp/report" && grep -q "replay: .*--rtl $tmp/wrc.v" "$tmp/report" ||
	{ cat "$tmp/report"; fail "--report does not show the failure and its replay"; }

# --rerun-failed: only the mutant, which fails again
"$W" regress --rerun-failed --db "$tmp/j2.db" -q >"$tmp/rerun.out" 2>&1
rc=$?
cat "$tmp/rerun.out"
[ $rc -eq 1 ] && [ "$(tail -1 "$tmp/rerun.out")" = "0 passed, 1 failed" ] || fail "--rerun-failed: exit $rc"

# the worker mode (what a unit and a slurm task run): one result line per job, nothing on stdout
printf 'ok ! true\nko ! echo broken; exit 3\n' >"$tmp/w.jobs"
out=$("$W" regress --jobs "$tmp/w.jobs" --results "$tmp/w.res" --no-db -q -j 1)
rc=$?
[ $rc -eq 1 ] && [ -z "$out" ] || fail "worker mode: exit $rc, output '$out'"
[ "$(cut -f1,2 "$tmp/w.res" | tr '\t\n' ' /')" = "ok PASS/ko FAIL/" ] || { cat "$tmp/w.res"; fail "worker mode: wrong result lines"; }
grep -q $'\texit 3: broken\t' "$tmp/w.res" || fail "worker mode: the first mismatch of a failed command"
# --prefix: each unit through a command that runs it and waits (here a fake `bsub -K` that records its
# arguments): the worker command line of docs/regress.md, the same verdicts
printf '#!/usr/bin/env bash\necho "$*" >>"${0%%/*}/prefix.log"\n[ "$1" = -K ] && shift\nexec "$@"\n' >"$tmp/fake-bsub"
chmod +x "$tmp/fake-bsub"
"$W" regress --jobs "$tmp/small.jobs" -j 2 --no-db -q --prefix "$tmp/fake-bsub -K" >"$tmp/prefix.out" 2>&1
rc=$?
[ $rc -eq 1 ] && [ "$(tail -1 "$tmp/prefix.out")" = "7 passed, 1 failed" ] || { cat "$tmp/prefix.out"; fail "--prefix: exit $rc"; }
[ "$(wc -l <"$tmp/prefix.log")" -eq 4 ] &&
	grep -q -- "^-K .*/warpgen regress --jobs .*/unit-0.jobs --results .*/unit-0.res --no-db -q -j 1\$" "$tmp/prefix.log" ||
	{ cat "$tmp/prefix.log"; fail "--prefix: not one worker command per unit"; }
diff <(sed -n '/^failed (1):/,/^    replay/p' "$tmp/j1.out") <(sed -n '/^failed (1):/,/^    replay/p' "$tmp/prefix.out") ||
	fail "--prefix: another failure summary"

# --tier main: the blocks' `main` configurations, 1,000,000 cycles, seed 1 (written, not run)
"$W" regress --tier main wrc --write-jobs "$tmp/main.jobs" >/dev/null || fail "--tier main --write-jobs failed"
grep -qx 'main:wrc-default wrc --seed 1 --cycles 1000000' "$tmp/main.jobs" || { cat "$tmp/main.jobs"; fail "--tier main: no wrc-default job"; }
echo "regress_check: ok"
