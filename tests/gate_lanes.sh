#!/usr/bin/env bash
# gate_lanes.sh MODE BLOCK CYCLES [--set N=V]... - `warpgen cosim BLOCK --gate --seeds N --lanes L`
# (the 64-lane gate-level simulator, docs/cosim.md "64 stimuli at once"):
#   equal:  seeds 1..70 over CYCLES cycles with --lanes 64 (a batch of 64, then one of 6), --lanes 7
#           and --lanes 1 (the single-lane simulator, one seed at a time) must all PASS with the
#           same output but for the lanes and the speed.
#   mutant: the netlist with one gate changed (the first $_XOR_ becomes an $_XNOR_), run with
#           --blif over CYCLES cycles (short: some seeds fail before the end, some do not): with
#           --lanes 64, 7 and 1 the same seeds fail at the same cycles (exit 1 each), some seeds
#           pass; the first failing seed's report names its seed, cycle, port and bits, and its
#           replay command fails alone with the same line; a seed that passed passes alone.
#   bad:    bad input: --lanes 0 and 65, --seeds 0, with --gate-sim verilator, --case, --json.
set -euo pipefail
cd "$(dirname "$0")/.."
WARPGEN=${WARPGEN:-out/bin/warpgen}
mode=$1 block=$2 cycles=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the output of a seeds run without what depends on the lanes: the header's lanes= and the speed
strip() { sed -e 's/ lanes=[0-9]* / /' -e 's/ ([0-9]* lanes\{0,1\}: .* seed-cycles\/s)$//' "$1"; }
seeds() { # OUT LANES ARGS...: run, the exit code in OUT.rc
	local out=$1 lanes=$2
	shift 2
	set +e
	"$WARPGEN" cosim "$block" "$@" --gate --cycles "$cycles" --seeds 70 --lanes "$lanes" >"$out" 2>&1
	echo $? >"$out.rc"
	set -e
}
case $mode in
equal)
	for l in 64 7 1; do
		seeds "$tmp/l$l" "$l" "$@"
		[ "$(cat "$tmp/l$l.rc")" = 0 ] && grep -q '^PASS .* seeds=1\.\.70 .*every seed equivalent' "$tmp/l$l" ||
			{ cat "$tmp/l$l"; echo "gate_lanes: --lanes $l did not pass"; exit 1; }
	done
	for l in 7 1; do
		diff <(strip "$tmp/l64") <(strip "$tmp/l$l") || { echo "gate_lanes: --lanes 64 and $l differ"; exit 1; }
	done
	grep '^PASS' "$tmp/l64"
	grep '^PASS' "$tmp/l1"
	;;
mutant)
	"$WARPGEN" cosim "$block" "$@" --gate --cycles 1 -q --json "$tmp/n.json" >/dev/null
	net=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["gate"]["netlist"])' "$tmp/n.json")
	sed '0,/^\.subckt \$_XOR_ /s//.subckt $_XNOR_ /' "$net" >"$tmp/mutant.blif"
	if cmp -s "$net" "$tmp/mutant.blif"; then echo "gate_lanes: the mutant edit does not apply to $net"; exit 1; fi
	for l in 64 7 1; do
		seeds "$tmp/l$l" "$l" "$@" --blif "$tmp/mutant.blif"
		[ "$(cat "$tmp/l$l.rc")" = 1 ] || { cat "$tmp/l$l"; echo "gate_lanes: --lanes $l: exit $(cat "$tmp/l$l.rc"), not 1"; exit 1; }
	done
	for l in 7 1; do
		diff <(strip "$tmp/l64") <(strip "$tmp/l$l") || { echo "gate_lanes: --lanes 64 and $l differ"; exit 1; }
	done
	head -4 "$tmp/l64"
	nfail=$(sed -n 's/^FAIL .* seeds=1\.\.70 .*: \([0-9]*\) of 70 seeds fail.*/\1/p' "$tmp/l64")
	[ -n "$nfail" ] && [ "$nfail" -gt 0 ] && [ "$nfail" -lt 70 ] ||
		{ echo "gate_lanes: want some of the 70 seeds to fail in $cycles cycles, not '${nfail:-?}'"; exit 1; }
	# the first failing seed, as listed and as reported alone
	read -r s c < <(sed -n 's/^  seed \([0-9]*\): MISMATCH at cycle \([0-9]*\)$/\1 \2/p' "$tmp/l64" | head -1)
	grep -q "^seed $s replayed alone:" "$tmp/l64" || { echo "gate_lanes: seed $s not replayed"; exit 1; }
	line=$(grep "^MISMATCH $block .* seed=$s cycle=$c port=[a-z_0-9]* bits=\[[0-9]*:[0-9]*\] expected(C model)=0x[0-9a-f]* actual(RTL)=0x[0-9a-f]*" "$tmp/l64") ||
		{ echo "gate_lanes: no MISMATCH line naming seed $s, cycle $c, a port and its bits"; exit 1; }
	! grep -q 'INTERNAL ERROR' "$tmp/l64" || { echo "gate_lanes: internal error"; exit 1; }
	replay=$(sed -n 's/^  replay: //p' "$tmp/l64")
	case $replay in *" --seed $s "*"--gate --blif $tmp/mutant.blif"*) ;; *) echo "gate_lanes: replay '$replay'"; exit 1 ;; esac
	# alone, from the repository root as the line is written (bin/warpgen is the build's program)
	set +e
	"$WARPGEN" ${replay#*bin/warpgen } >"$tmp/alone" 2>&1
	rc=$?
	set -e
	[ "$rc" = 1 ] && grep -qxF "$line" "$tmp/alone" || { cat "$tmp/alone"; echo "gate_lanes: the replay of seed $s alone (exit $rc) does not fail the same way"; exit 1; }
	ok=$(seq 1 70 | grep -vxFf <(sed -n 's/^  seed \([0-9]*\): .*/\1/p' "$tmp/l64") | head -1)
	"$WARPGEN" cosim "$block" "$@" --gate --blif "$tmp/mutant.blif" --cycles "$cycles" --seed "$ok" -q >"$tmp/ok" 2>&1 ||
		{ cat "$tmp/ok"; echo "gate_lanes: seed $ok passed among the lanes but fails alone"; exit 1; }
	head -1 "$tmp/ok"
	echo "gate_lanes: $nfail of 70 seeds caught, the same with 64, 7 and 1 lanes; seed $s replayed alone: $line"
	;;
bad)
	W=$WARPGEN
	tests/expect_bad.sh '--lanes: 0 is not a number of lanes in 1..64' "$W" cosim "$block" "$@" --gate --seeds 4 --lanes 0
	tests/expect_bad.sh '--lanes: 65 is not a number of lanes in 1..64' "$W" cosim "$block" "$@" --gate --lanes 65
	tests/expect_bad.sh '--seeds: 0 is not a number of seeds in 1..1000000' "$W" cosim "$block" "$@" --gate --seeds 0
	tests/expect_bad.sh '--seeds runs the native gate-level simulator' "$W" cosim "$block" "$@" --gate --gate-sim verilator --seeds 2
	tests/expect_bad.sh '--seeds runs the native gate-level simulator' "$W" cosim "$block" "$@" --seeds 2
	tests/expect_bad.sh '--lanes runs random stimulus and reports verdicts: it takes no --json' "$W" cosim "$block" "$@" --gate --lanes 2 --json "$tmp/x.json"
	;;
*)
	echo "usage: $0 equal|mutant|bad BLOCK CYCLES [--set N=V]..."
	exit 2
	;;
esac
