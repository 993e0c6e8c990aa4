#!/usr/bin/env bash
# robust_run.sh CHECK - interrupted, concurrent and out-of-space runs (docs/user-guide.md "Bad input,
# interruption and concurrent use"). CHECK:
#   disk            a full disk (a small tmpfs as the output folder): gen's Verilog, then its
#                   manifest, do not fit: one line naming the file, exit 2, no file left
#   disk-json       the same for `cosim --json` and `area --json` (a run, then its result does not fit)
#   concurrent      two `warpgen cosim` of one new configuration started together: both pass, and
#                   the cache holds one complete build of it (no temporary file, one libdut.so)
#   concurrent-area two `warpgen area` of one configuration started together, its cache emptied
#                   first: both pass with the same figures, one set of results, no work folder left
#   kill-build      a build killed with SIGKILL half-way (the whole process group, during the C++
#                   compile): nothing a later run takes for a build; the later run rebuilds and passes
#   kill-synth      the same for a Yosys synthesis (`warpgen area`): the later run synthesizes again
#   limit           WARPGEN_AREA_TIMEOUT expiring while Yosys has a child (a stand-in yosys first in
#                   PATH, whose child runs on as ABC's did under timeout(1)): the timeout's one line,
#                   exit 1, nothing left running under it (csim/wg_proc.c's limits stop the whole tree;
#                   unit:proc has a child that ignores SIGTERM)
#   sigint          Ctrl-C (SIGINT to the process group) during a build, during a long co-simulation
#                   and during a synthesis: every process of the group ends (Verilator, the compilers,
#                   Yosys), and no --json result or temporary file is left
# A new configuration is made by an --rtl copy of generated Verilog with a unique comment (its own
# cache folder, removed at the end); WARPGEN (default out/bin/warpgen) is the program.
set -uo pipefail
cd "$(dirname "$0")/.."
W=${WARPGEN:-${OUT:-out}/bin/warpgen}
T=$(mktemp -d)
MNT=
cleanup() {
	[ -n "$MNT" ] && umount "$MNT" 2>/dev/null
	for d in "${CACHE_DIRS[@]}"; do rm -rf "$d"; done
	rm -rf "$T"
}
CACHE_DIRS=()
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

# a tmpfs of SIZE at $T/m, or exit 0 with a message where this machine cannot mount one
small_disk() {
	MNT=$T/m
	mkdir -p "$MNT"
	if ! mount -t tmpfs -o "size=$1" tmpfs "$MNT" 2>"$T/mount.err"; then
		echo "SKIP: cannot mount a tmpfs here ($(head -1 "$T/mount.err")): the full-disk check needs root"
		MNT=
		exit 0
	fi
}
fill_disk() { dd if=/dev/zero of="$MNT/fill" bs=4k 2>/dev/null; sync; }

# expect_full OUTFILE_PATTERN CMD...: exit 2, one line on stderr naming the file, no space left
expect_full() {
	local pat=$1 err rc
	shift
	err=$("$@" 2>&1 >/dev/null)
	rc=$?
	echo "exit $rc: $err"
	[ "$rc" -eq 2 ] || fail "expected exit 2"
	[ "$(printf '%s\n' "$err" | grep -c .)" -eq 1 ] || fail "expected one line on stderr"
	printf '%s' "$err" | grep -qF -- "$pat" || fail "the message does not name $pat"
	printf '%s' "$err" | grep -q 'No space left' || fail "the message does not say the disk is full"
}

no_files_but() { # DIR KEEP...: no file under DIR except the KEEP names
	local left
	left=$(find "$1" -type f | grep -vF -e "${2:-/nonexistent}" -e "${3:-/nonexistent}" | head -5)
	[ -z "$left" ] || fail "files were left: $left"
}

# a unique --rtl copy of BLOCK's Verilog at ARGS: $T/u/BLOCK.v
unique_rtl() {
	local block=$1
	shift
	"$W" gen "$block" "$@" -o "$T/u" -q || fail "warpgen gen $block failed"
	printf '// robust_run.sh %s %s\n' "$$" "$(date +%s%N)" >>"$T/u/$block.v"
}

# the cache folder a non-quiet cosim run named in its "build: ... -> DIR" line (log files)
cache_dir_of() { grep -ho -- '-> .*/cache/[^ ]*' "$@" | head -1 | sed 's/^-> //'; }

# start_group CMD...: CMD in the background in a process group of its own, as a shell with job
# control starts a foreground job (a plain `cmd &` in a script would start it with SIGINT ignored);
# $PG is its group; its output goes where the caller redirects start_group's
start_group() {
	set -m
	"$@" &
	PG=$!
	set +m
}

# descendants PID: every process under PID (Yosys runs under timeout, which a careless caller lets
# make a process group of its own: looking at the group alone would not see it)
descendants() {
	local c
	for c in $(pgrep -P "$1"); do
		echo "$c"
		descendants "$c"
	done
}

wait_desc() { # PID NAME_REGEX SECS: until a process under PID matches (0), or timeout (1)
	local i p
	for ((i = 0; i < $3 * 10; i++)); do
		for p in $(descendants "$1"); do
			ps -o comm= -p "$p" 2>/dev/null | grep -qE "$2" && return 0
		done
		sleep 0.1
	done
	return 1
}

# signal_all SIG PID SECS: SIG to PID's process group (a terminal's Ctrl-C, or a kill of the job);
# then every process that was under PID, wherever its group, must end within SECS (the ones left
# are named, and killed)
signal_all() {
	local sig=$1 pid=$2 secs=$3 procs p i left
	procs="$pid $(descendants "$pid" | tr '\n' ' ')"
	kill -"$sig" -- -"$pid"
	for ((i = 0; i < secs * 10; i++)); do
		left=
		for p in $procs; do kill -0 "$p" 2>/dev/null && left="$left $p($(ps -o comm= -p "$p" 2>/dev/null))"; done
		[ -z "$left" ] && return 0
		sleep 0.1
	done
	for p in $procs; do kill -9 "$p" 2>/dev/null; done
	fail "processes left $secs s after SIG$sig:$left"
}

SLG_SMALL=(--set WARPS=4 --set CTAS=2)
# warpgen area's cache: under $WARPGEN_OUT when set (tests/run_tests.sh sets it for a build other than out/)
AREA=${WARPGEN_OUT:-out}/area
# a configuration no other test synthesizes (its area cache can be emptied safely), one per check
# (make sweep runs them side by side): ENTER_DELAY 7 for concurrent-area, 6 for kill-synth
area_cfg() { AREA_CFG=(--set WARPS=3 --set CTAS=3 --set ENTER_DELAY="$1"); }
area_dir() { echo "$AREA/slg/WARPS-3_CTAS-3_ENTER_DELAY-${AREA_CFG[5]#ENTER_DELAY=}"; }

case ${1:-} in
disk)
	small_disk 12k
	expect_full "$MNT/g/rfc.v" "$W" gen rfc -o "$MNT/g"
	no_files_but "$MNT"
	umount "$MNT" && small_disk 40k # the Verilog (36 KB) fits, its manifest does not
	expect_full "$MNT/g/rfc.manifest.json" "$W" gen rfc -o "$MNT/g"
	no_files_but "$MNT"
	;;
disk-json)
	# built and synthesized first: the one line on stderr is then the error
	"$W" cosim slg "${SLG_SMALL[@]}" --cycles 100 -q >/dev/null 2>&1 || fail "cosim slg failed"
	"$W" area slg "${SLG_SMALL[@]}" --liberty none -q >/dev/null 2>&1 || fail "area slg failed"
	small_disk 64k
	fill_disk
	expect_full "$MNT/r.json" "$W" cosim slg "${SLG_SMALL[@]}" --cycles 2000 -q --json "$MNT/r.json"
	no_files_but "$MNT" "$MNT/fill"
	expect_full "$MNT/a.json" "$W" area slg "${SLG_SMALL[@]}" --liberty none -q --json "$MNT/a.json"
	no_files_but "$MNT" "$MNT/fill"
	;;
concurrent)
	unique_rtl slg "${SLG_SMALL[@]}"
	for i in 1 2; do
		"$W" cosim slg "${SLG_SMALL[@]}" --rtl "$T/u/slg.v" --cycles 3000 --json "$T/r$i.json" >"$T/c$i.log" 2>&1 &
		pids[i]=$!
	done
	wait "${pids[1]}" || { cat "$T/c1.log"; fail "the first of two concurrent runs failed"; }
	wait "${pids[2]}" || { cat "$T/c2.log"; fail "the second of two concurrent runs failed"; }
	dir=$(cache_dir_of "$T"/c1.log "$T"/c2.log)
	[ -n "$dir" ] || fail "no run said it built (both found a build that cannot exist yet?)"
	CACHE_DIRS+=("$dir")
	builds=$(grep -l '^build: done' "$T"/c1.log "$T"/c2.log | wc -l)
	[ "$builds" -eq 1 ] || fail "$builds of the two runs built the configuration (expected 1: the other waits and reuses)"
	[ -f "$dir/libdut.so" ] || fail "no libdut.so in $dir"
	left=$(find "$dir" -maxdepth 1 -name '*.tmp*' | head -3)
	[ -z "$left" ] || fail "temporary files left in the cache: $left"
	grep -q '"verdict": "PASS"' "$T/r1.json" && grep -q '"verdict": "PASS"' "$T/r2.json" || fail "a result is not PASS"
	echo "ok: both passed, one build in $dir"
	;;
concurrent-area)
	area_cfg 7
	d=$(area_dir)
	rm -rf "$d"
	for i in 1 2; do
		"$W" area slg "${AREA_CFG[@]}" --liberty none --json "$T/a$i.json" >"$T/a$i.log" 2>&1 &
		pids[i]=$!
	done
	wait "${pids[1]}" || { cat "$T/a1.log"; fail "the first of two concurrent area runs failed"; }
	wait "${pids[2]}" || { cat "$T/a2.log"; fail "the second of two concurrent area runs failed"; }
	grep -v seconds "$T/a1.json" >"$T/a1.cmp"
	grep -v seconds "$T/a2.json" >"$T/a2.cmp"
	cmp -s "$T/a1.cmp" "$T/a2.cmp" || fail "the two runs disagree: $(diff "$T/a1.cmp" "$T/a2.cmp" | head -5)"
	left=$(find "$d" -name 'work-*' -o -name '*.tmp*' | head -3)
	[ -z "$left" ] || fail "work folders or temporary files left: $left"
	ls "$d"/*.key >/dev/null 2>&1 || fail "no key file in $d"
	"$W" area slg "${AREA_CFG[@]}" --liberty none >"$T/a3.log" 2>&1 || fail "a third run failed"
	grep -q cached "$T/a3.log" || fail "a third run did not reuse the results: $(cat "$T/a3.log")"
	echo "ok: both passed with the same figures; the results are reused"
	;;
kill-build)
	unique_rtl slg "${SLG_SMALL[@]}"
	start_group "$W" cosim slg "${SLG_SMALL[@]}" --rtl "$T/u/slg.v" --cycles 2000 >"$T/k1.log" 2>&1
	pg=$PG
	wait_desc "$pg" 'cc1plus|make' 120 || { kill -9 -- -"$pg"; fail "the build never reached the C++ compile"; }
	sleep 1
	signal_all KILL "$pg" 10
	dir=$(cache_dir_of "$T/k1.log")
	[ -n "$dir" ] || fail "the killed run named no cache folder: $(cat "$T/k1.log")"
	CACHE_DIRS+=("$dir")
	[ ! -e "$dir/libdut.so" ] || fail "a killed build left $dir/libdut.so (taken for a finished build)"
	"$W" cosim slg "${SLG_SMALL[@]}" --rtl "$T/u/slg.v" --cycles 2000 >"$T/k2.log" 2>&1 || { cat "$T/k2.log"; fail "the run after the kill failed"; }
	grep -q '^build: done' "$T/k2.log" || fail "the run after the kill did not rebuild"
	grep -q '^PASS' "$T/k2.log" || fail "the run after the kill did not pass"
	echo "ok: killed during the compile, rebuilt and passed"
	;;
kill-synth)
	area_cfg 6
	d=$(area_dir)
	rm -rf "$d"
	start_group "$W" area slg "${AREA_CFG[@]}" --liberty none >"$T/s1.log" 2>&1
	pg=$PG
	wait_desc "$pg" '^yosys' 120 || { kill -9 -- -"$pg"; fail "Yosys never started"; }
	sleep 0.5
	signal_all KILL "$pg" 10
	if ls "$d"/*.key >/dev/null 2>&1; then fail "a killed synthesis left a key file: $(ls "$d")"; fi
	"$W" area slg "${AREA_CFG[@]}" --liberty none >"$T/s2.log" 2>&1 || { cat "$T/s2.log"; fail "the run after the kill failed"; }
	grep -q cached "$T/s2.log" && fail "the run after the kill reused a result: $(cat "$T/s2.log")"
	grep -q 'flip-flop' "$T/s2.log" || fail "no flip-flop check in the run after the kill: $(cat "$T/s2.log")"
	rm -rf "$d"/work-*
	echo "ok: killed during Yosys, synthesized again"
	;;
limit)
	mkdir -p "$T/fake"
	cat >"$T/fake/yosys" <<EOF
#!/bin/sh
case "\$1" in -V) echo "Yosys 0.23 (robust_run.sh's stand-in)"; exit 0 ;; esac
sh -c 'echo \$\$ >"$T/child.pid"; while :; do sleep 1; done' &
wait
EOF
	chmod +x "$T/fake/yosys"
	area_cfg 7
	d=$(area_dir)
	rm -rf "$d"
	CACHE_DIRS+=("$d")
	PATH="$T/fake:$PATH" WARPGEN_AREA_TIMEOUT=2 "$W" area slg "${AREA_CFG[@]}" --liberty none >"$T/l.log" 2>&1
	rc=$?
	[ "$rc" -eq 1 ] || { cat "$T/l.log"; fail "an expired limit: exit $rc, want 1"; }
	grep -q "timed out after 2 s (WARPGEN_AREA_TIMEOUT)" "$T/l.log" || fail "no timeout line: $(cat "$T/l.log")"
	[ -s "$T/child.pid" ] || fail "the stand-in's child never started"
	child=$(cat "$T/child.pid")
	if kill -0 "$child" 2>/dev/null && [ "$(ps -o stat= -p "$child" | cut -c1)" != Z ]; then
		kill -9 "$child"
		fail "Yosys's child (pid $child) was left running after the limit"
	fi
	if ls "$d"/*.key >/dev/null 2>&1; then fail "a timed-out synthesis left a key file"; fi
	echo "ok: the limit stopped the stand-in Yosys and its child"
	;;
sigint)
	unique_rtl slg "${SLG_SMALL[@]}"
	# during the build
	start_group "$W" cosim slg "${SLG_SMALL[@]}" --rtl "$T/u/slg.v" --cycles 2000 --json "$T/i1.json" >"$T/i1.log" 2>&1
	pg=$PG
	wait_desc "$pg" 'cc1plus|make|verilator' 120 || { kill -9 -- -"$pg"; fail "the build never started"; }
	signal_all INT "$pg" 15
	CACHE_DIRS+=("$(cache_dir_of "$T/i1.log")")
	[ ! -e "$T/i1.json" ] || fail "Ctrl-C during the build left $T/i1.json"
	# during a long co-simulation (built first)
	"$W" cosim slg "${SLG_SMALL[@]}" --rtl "$T/u/slg.v" --cycles 100 -q >/dev/null 2>&1 || fail "the build after Ctrl-C failed"
	start_group "$W" cosim slg "${SLG_SMALL[@]}" --rtl "$T/u/slg.v" --cycles 1000000000 --json "$T/i2.json" >"$T/i2.log" 2>&1
	pg=$PG
	sleep 2
	signal_all INT "$pg" 15
	[ ! -e "$T/i2.json" ] || fail "Ctrl-C during the co-simulation left $T/i2.json"
	# during a synthesis: a configuration whose synthesis takes minutes (nothing else uses it; Ctrl-C
	# must stop it at once, so it costs a few seconds)
	d=$AREA/rfc/WARPS-24_ACTIVE_WARPS-5_ENTRIES-5
	rm -rf "$d"
	CACHE_DIRS+=("$d")
	start_group "$W" area rfc --set WARPS=24 --set ACTIVE_WARPS=5 --set ENTRIES=5 --liberty none --json "$T/i3.json" >"$T/i3.log" 2>&1
	pg=$PG
	wait_desc "$pg" '^yosys' 120 || { kill -9 -- -"$pg"; fail "Yosys never started"; }
	signal_all INT "$pg" 5
	[ ! -e "$T/i3.json" ] || fail "Ctrl-C during the synthesis left $T/i3.json"
	if ls "$d"/*.key >/dev/null 2>&1; then fail "Ctrl-C during the synthesis left a key file"; fi
	rm -rf "$d"
	left=$(find "$T" -name '*.tmp*' | head -3)
	[ -z "$left" ] || fail "temporary files left: $left"
	echo "ok: Ctrl-C during a build, a co-simulation and a synthesis stops every process and leaves no result"
	;;
*)
	echo "usage: tests/robust_run.sh disk|disk-json|concurrent|concurrent-area|kill-build|kill-synth|limit|sigint" >&2
	exit 2
	;;
esac
