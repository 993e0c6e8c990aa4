#!/usr/bin/env bash
# regress_db_concurrent.sh - the results history (cli/rg_db.c) written by several `warpgen regress`
# at once, through the program: 4 regressions of 40 command jobs each (every 10th fails) into one
# new --db file at the same time, and --report read in a loop meanwhile. Checks: every regression
# exits 1 with "36 passed, 4 failed"; PRAGMA integrity_check is ok; 4 runs, ended, with 40 rows each,
# their counts equal to their rows; every --report succeeded. Then files the history refuses (a
# folder, a file that is not SQLite, another program's SQLite file, a history of a newer version):
# exit 2, one line naming the file, the file unchanged and no run written.
# (tests/test_rg_db.c tests the same from C: 4 writer processes x 200 rows and a reader.)
# Env: WARPGEN (default out/bin/warpgen), OUT.
set -uo pipefail
cd "$(dirname "$0")/.."
W=${WARPGEN:-out/bin/warpgen}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "regress_db_concurrent: $*"; exit 1; }
db=$tmp/shared.db
N=4 J=40

for k in $(seq 1 $N); do
	for i in $(seq 1 $J); do
		if [ $((i % 10)) -eq 7 ]; then
			echo "r$k-c$i ! echo 'MISMATCH job $i of regression $k'; exit 1"
		else
			echo "r$k-c$i ! true"
		fi
	done >"$tmp/r$k.jobs"
done

# the reader: reports until the writers are done (a missing file is not yet an error: the first
# writer may not have created it)
(
	n=0 bad=0
	while [ ! -e "$tmp/done" ]; do
		if [ -s "$db" ]; then
			"$W" regress --report --db "$db" >"$tmp/report.out" 2>&1 || { bad=1; cat "$tmp/report.out"; }
			n=$((n + 1))
		fi
		sleep 0.05
	done
	echo "$n $bad" >"$tmp/reader"
) &
reader=$!

t0=$(date +%s.%N)
pids=()
for k in $(seq 1 $N); do
	"$W" regress --jobs "$tmp/r$k.jobs" --db "$db" -j 2 -q >"$tmp/r$k.out" 2>&1 &
	pids+=($!)
done
for k in $(seq 1 $N); do
	wait "${pids[$((k - 1))]}"
	echo "$?" >"$tmp/r$k.rc"
done
t1=$(date +%s.%N)
touch "$tmp/done"
wait $reader
for k in $(seq 1 $N); do
	[ "$(cat "$tmp/r$k.rc")" = 1 ] || { cat "$tmp/r$k.out"; fail "regression $k: exit $(cat "$tmp/r$k.rc"), expected 1"; }
	[ "$(tail -1 "$tmp/r$k.out")" = "36 passed, 4 failed" ] || { cat "$tmp/r$k.out"; fail "regression $k: not 36 passed, 4 failed"; }
done
read -r nrep badrep <"$tmp/reader"
[ "$badrep" = 0 ] || fail "a --report failed while the regressions wrote"

python3 - "$db" "$N" "$J" <<'EOF' || fail "the database is not what the regressions wrote"
import sqlite3, sys
db, n, j = sqlite3.connect(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
ok = True
def check(cond, what):
    global ok
    if not cond:
        print("  not so:", what)
        ok = False
check(db.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "integrity_check ok")
check(db.execute("SELECT count(*) FROM runs WHERE ended IS NOT NULL").fetchone()[0] == n, f"{n} runs ended")
check(db.execute("SELECT count(*) FROM results").fetchone()[0] == n * j, f"{n * j} rows")
for run, label, passed, failed, rows, rpass, bad in db.execute(
        "SELECT r.id, r.label, r.passed, r.failed, count(s.name), sum(s.verdict = 'PASS'), "
        "sum(substr(s.name, 1, instr(s.name, '-') - 1) <> 'r' || substr(r.label, length(r.label) - 5, 1)) "
        "FROM runs r JOIN results s ON s.run = r.id GROUP BY r.id"):
    check(rows == j and rpass == passed == j - j // 10 and failed == j // 10 and bad == 0,
          f"run {run} ({label}): {rows} rows of its own regression, {passed} passed = {rpass} rows")
sys.exit(0 if ok else 1)
EOF
printf 'regress_db_concurrent: %d regressions x %d jobs into one file at once: %.1f s, integrity ok, %d rows; %d reports meanwhile\n' \
	$N $J "$(awk "BEGIN { print $t1 - $t0 }")" $((N * J)) "$nrep"

# refused files: exit 2, one line naming the file, the file unchanged, no run written
refused() { # FILE PATTERN
	local f=$1 pattern=$2 before="" after err rc
	[ -f "$f" ] && before=$(sha256sum <"$f")
	err=$("$W" regress --jobs "$tmp/r1.jobs" --db "$f" -q 2>&1 >/dev/null)
	rc=$?
	echo "  $f: exit $rc: $err"
	[ $rc -eq 2 ] || fail "$f: exit $rc, expected 2"
	[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || fail "$f: not one line"
	printf '%s' "$err" | grep -qF -- "$f" || fail "$f: the line does not name the file"
	printf '%s' "$err" | grep -qF -- "$pattern" || fail "$f: the line does not say '$pattern'"
	[ -f "$f" ] && after=$(sha256sum <"$f") && [ "$before" != "$after" ] && fail "$f: the file changed"
	[ -e "$f-wal" ] && fail "$f: a -wal file was left"
	return 0
}
mkdir "$tmp/folder.db"
refused "$tmp/folder.db" "is a directory"
printf 'PASS r1-c1\nPASS r1-c2 and more than a hundred bytes of text, so that SQLite reads a whole header and says no\n' >"$tmp/text.db"
refused "$tmp/text.db" "not an SQLite file"
python3 -c 'import sqlite3, sys; d = sqlite3.connect(sys.argv[1]); d.execute("CREATE TABLE t (x)"); d.commit()' "$tmp/other.db"
refused "$tmp/other.db" "not a warpgen regression history"
cp "$db" "$tmp/newer.db"
python3 -c 'import sqlite3, sys; d = sqlite3.connect(sys.argv[1]); d.execute("PRAGMA user_version = 99"); d.commit()' "$tmp/newer.db"
refused "$tmp/newer.db" "schema version 99 is newer"
[ "$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM runs").fetchone()[0])' "$tmp/newer.db")" = $N ] ||
	fail "a run was written into the newer history"
echo ok
