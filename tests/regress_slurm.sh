#!/usr/bin/env bash
# regress_slurm.sh - `warpgen regress --engine slurm` on a real Slurm cluster (issue 23, item 5):
# starts a one-node cluster in a temporary folder (tests/slurm_cluster.sh; always stopped on exit,
# its daemons by the pids it started), runs a small regression through the slurm engine, and checks
#   - its verdicts equal the local engine's on the same list (2 small configurations of rfc x 2
#     seeds of 40,000 cycles, one task each, plus a mutant RTL that must fail),
#   - the mutant comes back as FAIL with its replay command (printed as it happens, and in the
#     results), the others as PASS,
#   - a task cancelled with scancel while it runs is reported LOST with its state (CANCELLED),
#     one cancelled while it waits LOST too, never as a pass, and every job is reported once,
#   - a Slurm that cannot be reached (no slurm.conf; the controller stopped): one line (on
#     stderr), exit 2, nothing submitted.
# Needs root (munged, slurmctld and slurmd run as root here): otherwise it says why and skips.
# About 25 s on 2 cores with the models cached, 42 s with an empty build cache (3 small Verilator
# builds at WARPGEN_VL_OPT=Og); the stopped controller's timeout is 1 s (was 10).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP regress:slurm: starting munged, slurmctld and slurmd needs root (uid $(id -u))"
	exit 0
fi
OUT=${OUT:-out}
# the coordinators under ASan + UBSan (their jobs and tasks run the release build next to it)
W=${WARPGEN_SAN:-$OUT/bin/warpgen-san}
case $W in /*) ;; *) W=$PWD/$W ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/wg-regress-slurm.XXXXXX")
rp="" # the background slurm regression
cleanup() {
	[ -n "$rp" ] && kill "$rp" 2>/dev/null && wait "$rp" 2>/dev/null
	tests/slurm_cluster.sh stop "$T/cluster" || true
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
fail() {
	echo "FAIL: $*"
	for f in "$T"/slurm.out "$T"/local.out; do [ -f "$f" ] && { echo "--- $f"; tail -n 20 "$f"; }; done
	for f in "$T"/shared/slurm-*/task-*.log; do [ -f "$f" ] && { echo "--- $f"; tail -n 5 "$f"; }; done
	exit 1
}

# The mutant: rfc/ignore-pins (cosim/rfc/rfc_tests.sh), one sed edit of the generated Verilog.
. tests/decl.sh
IFS=$'\t' read -r _ margs msed < <(decl_read mutants | awk -F'\t' '$1 == "rfc/ignore-pins"')
[ -n "${msed:-}" ] || fail "the mutant rfc/ignore-pins is not declared any more (pick another in cosim/rfc/rfc_tests.sh)"
read -r -a gargs <<<"$margs"
"$W" gen rfc "${gargs[@]}" -o "$T/good" -q
sed -e "$msed" "$T/good/rfc.v" >"$T/mutant.v"
cmp -s "$T/good/rfc.v" "$T/mutant.v" && fail "the mutant's sed edit no longer applies"

cat >"$T/list.jobs" <<EOF
# two small configurations x two seeds, and a mutant RTL that co-simulation must catch (in its
# first 100 cycles); each line weighs 100,000 or more (a job: its cycles + 20,000), --chunk-secs
# 1's minimum: one task each
small rfc $margs --seeds 1-2 --cycles 40000
tiny rfc --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4 --seeds 1-2 --cycles 40000
mutant rfc $margs --rtl $T/mutant.v --no-window --seed 1 --cycles 80000
EOF
# the slurm run also has two long command jobs: the first one's task is cancelled while it runs,
# the last one's while it waits (2 CPUs: it is the fifth task)
{ echo "sleeper ! sleep 300"; cat "$T/list.jobs"; echo "waiter ! sleep 300"; } >"$T/slurm.jobs"

# --- a Slurm that cannot be reached: one line on stderr, exit 2, nothing submitted or written
set +e
SLURM_CONF=$T/nonexistent.conf "$W" regress --jobs "$T/list.jobs" --engine slurm --no-db --shared-dir "$T/shared" \
	>"$T/bad.out" 2>"$T/bad.err"
rc=$?
set -e
[ $rc -eq 2 ] || fail "an unreachable Slurm: exit $rc, not 2"
[ "$(grep -c . "$T/bad.err")" -eq 1 ] || fail "an unreachable Slurm: not one line: $(cat "$T/bad.err")"
grep -q 'nonexistent.conf' "$T/bad.err" || fail "an unreachable Slurm: the line does not say why: $(cat "$T/bad.err")"
grep -q 'passed' "$T/bad.out" && fail "an unreachable Slurm: a summary was printed: $(cat "$T/bad.out")"
[ ! -e "$T/shared" ] || fail "an unreachable Slurm: the shared folder was written"
echo "unreachable Slurm: $(cat "$T/bad.err")"

# --- the cluster, and the slurm run
cluster=$(tests/slurm_cluster.sh start "$T/cluster" 2>&1) || fail "the one-node cluster did not start: $cluster"
eval "$cluster"
echo "cluster up: SLURM_CONF=$SLURM_CONF"
start=$(date +%s.%N)
"$W" regress --jobs "$T/slurm.jobs" --engine slurm --chunk-secs 1 --shared-dir "$T/shared" --db "$T/slurm.db" \
	>"$T/slurm.out" 2>&1 &
rp=$!
# cancel JOB STATE: the task of the chunk holding JOB, once squeue shows it in STATE (within 30 s);
# sets k (the task) and jobid (the array job)
cancel() {
	local f i
	k="" jobid=""
	for ((i = 0; i < 300; i++)); do
		f=$(grep -l "^$1 " "$T"/shared/slurm-*/chunk-*.jobs 2>/dev/null | head -n 1 || true)
		if [ -n "$f" ]; then
			k=${f##*/chunk-} k=${k%.jobs}
			jobid=$(squeue -h -r -o '%F %K %T' | awk -v k="$k" -v s="$2" '$2 == k && $3 == s { print $1 }')
			[ -n "$jobid" ] && break
		fi
		kill -0 "$rp" 2>/dev/null || fail "the slurm regression ended before the $1's task was $2"
		sleep 0.1
	done
	[ -n "$jobid" ] || fail "the $1's task was not $2 within 30 s"
	scancel "${jobid}_$k"
	echo "cancelled task ${jobid}_$k (the $1, $2)"
}
cancel waiter PENDING
kw=$k
cancel sleeper RUNNING
set +e
wait "$rp"
rc=$?
set -e
rp=""
end=$(date +%s.%N)
echo "slurm run: exit $rc in $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }') s"
cat "$T/slurm.out"
[ $rc -eq 1 ] || fail "the slurm run exited $rc, not 1 (a failure and a lost task)"

# --- the local engine on the same list
set +e
"$W" regress --jobs "$T/list.jobs" --engine local -j 2 --db "$T/local.db" >"$T/local.out" 2>&1
rc=$?
set -e
[ $rc -eq 1 ] || fail "the local run exited $rc, not 1 (the mutant fails)"

# --- the checks, on the runs' rows in their databases (cli/rg_db.c's schema) as
# NAME VERDICT SECS CPS HOST FIRST_MISMATCH REPLAY
dump() {
	python3 - "$1" <<'EOF'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
run = db.execute("SELECT max(id) FROM runs").fetchone()[0]
for row in db.execute("SELECT name, verdict, secs, cps, host, first_mismatch, replay FROM results "
                      "WHERE run = ? ORDER BY job", (run,)):
    print("\t".join(str(x).replace("\t", " ").replace("\n", " ") for x in row))
EOF
}
dump "$T/slurm.db" >"$T/slurm.tsv"
dump "$T/local.db" >"$T/local.tsv"
verdicts() { awk -F'\t' '$1 != "sleeper" && $1 != "waiter" { print $1 "\t" $2 }' "$1" | sort; }
expected=$(printf '%s\tFAIL\n' mutant; printf '%s\tPASS\n' small-seed1 small-seed2 tiny-seed1 tiny-seed2)
[ "$(verdicts "$T/local.tsv")" = "$(sort <<<"$expected")" ] ||
	fail "local verdicts: $(verdicts "$T/local.tsv" | tr '\n\t' '; ') (expected $(tr '\n\t' '; ' <<<"$expected"))"
[ "$(verdicts "$T/slurm.tsv")" = "$(verdicts "$T/local.tsv")" ] ||
	fail "slurm verdicts $(verdicts "$T/slurm.tsv" | tr '\n\t' '; ') differ from local's $(verdicts "$T/local.tsv" | tr '\n\t' '; ')"
[ "$(cut -f1 "$T/slurm.tsv" | sort | uniq -d)" = "" ] || fail "a job reported twice: $(cut -f1 "$T/slurm.tsv" | sort | uniq -d)"
[ "$(grep -c . "$T/slurm.tsv")" -eq 7 ] || fail "$(grep -c . "$T/slurm.tsv") results for 7 jobs"
# the failure: FAIL with its first mismatch and a replay of the mutant RTL, printed as it happened
for e in slurm local; do
	awk -F'\t' -v rtl="--rtl $T/mutant.v" '$1 == "mutant" && $2 == "FAIL" && $6 ~ /^MISMATCH/ && index($7, rtl) { ok = 1 } END { exit !ok }' \
		"$T/$e.tsv" || fail "$e: the mutant's result has no MISMATCH line or no replay with --rtl: $(grep '^mutant' "$T/$e.tsv")"
	grep -q '^FAIL mutant' "$T/$e.out" || fail "$e: no 'FAIL mutant' line in the output"
	grep -q "replay: .*--rtl $T/mutant.v" "$T/$e.out" || fail "$e: no replay line for the mutant in the output"
done
# the cancelled task: LOST, saying CANCELLED, never a pass
awk -F'\t' '$1 == "sleeper" && $2 == "LOST" && $6 ~ /CANCELLED/ { ok = 1 } END { exit !ok }' "$T/slurm.tsv" ||
	fail "the cancelled task's job is not LOST with CANCELLED: $(grep '^sleeper' "$T/slurm.tsv" || echo '(no result)')"
echo "sleeper: $(awk -F'\t' '$1 == "sleeper" { print $2 ": " $6 }' "$T/slurm.tsv")"
# the one cancelled while it waited: LOST (Slurm forgets an array task cancelled before it ran)
awk -F'\t' '$1 == "waiter" && $2 == "LOST" && $6 ~ /^slurm task / { ok = 1 } END { exit !ok }' "$T/slurm.tsv" ||
	fail "the task cancelled while pending is not LOST: $(grep '^waiter' "$T/slurm.tsv" || echo '(no result)')"
echo "waiter: $(awk -F'\t' '$1 == "waiter" { print $2 ": " $6 }' "$T/slurm.tsv")"
# the results came through the shared folder: every other task ran its worker to the end (done-I:
# its exit status, 1 for the mutant's) and wrote a line per job of its chunk
run=$(echo "$T"/shared/slurm-*)
[ "$(ls "$run"/chunk-*.jobs | wc -l)" -eq 5 ] || fail "not 5 tasks (sleeper, small, tiny, mutant, waiter): $(ls "$run")"
for c in "$run"/chunk-*.jobs; do
	i=${c##*/chunk-} i=${i%.jobs}
	[ "$i" = "$k" ] || [ "$i" = "$kw" ] && continue
	[ "$(cat "$run/done-$i" 2>/dev/null)" = "$(grep -q '^mutant ' "$c" && echo 1 || echo 0)" ] ||
		fail "task $i: its done file says '$(cat "$run/done-$i" 2>/dev/null)'"
	[ "$(grep -vc '^#' "$c")" -eq "$(grep -c . "$run/results-$i.tsv")" ] || fail "task $i: not one result line per job"
done
echo "slurm verdicts equal local's: $(verdicts "$T/slurm.tsv" | tr '\n\t' '; ')"

# --- the controller gone (the cluster stopped, its slurm.conf still there): sinfo fails (after
# Slurm's message timeout: 10 s by default, here 1 s in a copy of the conf, which is the same
# failure 9 s sooner), one line, exit 2, nothing submitted
tests/slurm_cluster.sh stop "$T/cluster"
{ grep -v '^MessageTimeout=' "$SLURM_CONF"; echo MessageTimeout=1; } >"$T/down.conf"
set +e
SLURM_CONF=$T/down.conf "$W" regress --jobs "$T/list.jobs" --engine slurm --no-db --shared-dir "$T/shared-down" >"$T/down.out" 2>"$T/down.err"
rc=$?
set -e
[ $rc -eq 2 ] || fail "a stopped controller: exit $rc, not 2"
[ "$(grep -c . "$T/down.err")" -eq 1 ] && grep -q 'Slurm is not reachable' "$T/down.err" ||
	fail "a stopped controller: not one line saying Slurm is not reachable: $(cat "$T/down.err")"
[ ! -e "$T/shared-down" ] || fail "a stopped controller: the shared folder was written"
echo "stopped controller: $(cat "$T/down.err")"
echo "ok"
