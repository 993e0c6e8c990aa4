#!/usr/bin/env bash
# prove_check.sh MODE BLOCK [--set N=V]... - the checks of `warpgen prove` (tests/suites/prove.sh).
#   proven BLOCK ARGS...   --netlist and --invariants (every block has invariants: its own
#                          rtl_templates/<block>_props.v, or a composition's leaves' files) must
#                          both say "proven", exit 0, and the --json record must hold two "proven"
#                          verdicts
#   netlist BLOCK ARGS...  --netlist alone must be proven
#   invariants BLOCK ARGS...  --invariants alone must be proven
#                          (these three: and no Yosys step warns of an implicitly declared identifier)
#   broken BLOCK ARGS...   the block's generic-gate netlist, proven first, then with one gate changed (the first $_AND_
#                          becomes an $_OR_, else the first $_OR_ an $_AND_) given as --netlist-file
#                          must give a counterexample (exit 1) with a non-empty trace.vcd
#   false PROPS BLOCK ARGS...  the properties file PROPS (a false invariant) must give a
#                          counterexample naming its property, with a trace
#   false-lemma LEMMAS BLOCK ARGS...  --netlist with the strengthening lemmas LEMMAS (a false one)
#                          must give a counterexample naming a lemma (lmN_...), with a trace,
#                          never "proven": lemmas are proven along, not assumed
#   without LEAF BLOCK ARGS...  BLOCK is a composition: --invariants with LEAF's properties (its
#                          one-line "p_NAME: assert (...);" statements) removed, in a copy of the
#                          properties files given by --props-dir, must be proven (every other
#                          leaf's properties and the obligations; hrf_sm without rename's)
#   obligation LEAF LABEL EXTRA BLOCK ARGS...  BLOCK is a composition whose leaf block LEAF assumes
#                          LABEL on ports another leaf drives: LABEL must be listed among the
#                          composition's obligations (and the invariants proven), and with LABEL made
#                          stricter, (EXTRA) && (...) in a copy of the properties files given by
#                          --props-dir, it must give a counterexample naming LABEL, with a trace
# Runs $WARPGEN (default out/bin/warpgen); the netlists come from OUT/gate/, the runs go to
# OUT/prove/ (both caches: delete them to time a cold run), OUT being $WARPGEN_OUT (exported by
# tests/run_tests.sh for a build other than out/) or out.
set -uo pipefail
W=${WARPGEN:-out/bin/warpgen}
mode=$1; shift
if [ "$mode" = false ] || [ "$mode" = false-lemma ]; then props=$1; shift; fi
if [ "$mode" = obligation ]; then leaf=$1 label=$2 extra=$3; shift 3; fi
if [ "$mode" = without ]; then leaf=$1; shift; fi
block=$1; shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

run() { # expected-exit ARGS...: run warpgen prove, keep its output in $tmp/out
	local want=$1; shift
	"$W" prove "$block" "$@" >"$tmp/out" 2>&1; local rc=$?
	cat "$tmp/out"
	[ "$rc" -eq "$want" ] || fail "warpgen prove $block $* exited $rc, expected $want"
}

# every Yosys step of the run: no identifier implicitly declared (a property or assumption naming
# a signal this configuration lacks, e.g. a port of a template {{if}} section: Yosys would make
# it a free input, and the statement would constrain nothing)
no_implicit() {
	local d k=0
	while read -r d; do
		[ -f "$d/prove.log" ] || fail "no Yosys log in $d"
		if grep 'is implicitly declared' "$d/prove.log"; then fail "an undeclared identifier in $d/prove.log"; fi
		k=$((k + 1))
	done < <(sed -n 's/^  folder: //p' "$tmp/out")
	[ "$k" -gt 0 ] || fail "no run folder in the output"
}

case $mode in
proven | netlist | invariants)
	what=(--netlist)
	[ "$mode" = invariants ] && what=(--invariants)
	n=1
	if [ "$mode" = proven ]; then what+=(--invariants); n=2; fi
	run 0 "$@" "${what[@]}" --json "$tmp/r.json"
	[ "$(grep -c ': proven \[' "$tmp/out")" -eq "$n" ] || fail "expected $n proven verdicts"
	[ "$(grep -o '"verdict": "proven"' "$tmp/r.json" | wc -l)" -eq "$n" ] || fail "the JSON record lacks $n proven verdicts"
	no_implicit
	;;
broken)
	run 0 "$@" --netlist -q
	grep -q ': RTL = generic-gate netlist: proven \[' "$tmp/out" || fail "the netlist itself is not proven"
	cfg=$(sed -n 's/^prove [a-z_0-9]* (\(.*\)): RTL.*/\1/p' "$tmp/out")
	dir=$(printf '%s' "$cfg" | sed 's/=/-/g; s/ /_/g')
	net="${WARPGEN_OUT:-out}/gate/$block/$dir/netlist.v"
	[ -f "$net" ] || fail "no netlist at $net"
	if grep -q '\\$_AND_ ' "$net"; then
		sed '0,/\\$_AND_ /s//\\$_OR_ /' "$net" >"$tmp/broken.v"
	else
		sed '0,/\\$_OR_ /s//\\$_AND_ /' "$net" >"$tmp/broken.v"
	fi
	[ "$(diff "$net" "$tmp/broken.v" | grep -c '^>')" -eq 1 ] || fail "the mutation did not change exactly one gate"
	diff "$net" "$tmp/broken.v"
	run 1 "$@" --netlist --netlist-file "$tmp/broken.v"
	grep -q ': counterexample at cycle [0-9]* (eq_[a-z_0-9]*_o)' "$tmp/out" || fail "no counterexample naming an output"
	tr=$(sed -n 's/^  trace:  //p' "$tmp/out")
	[ -s "$tr" ] || fail "no waveform at '$tr'"
	grep -q '^  replay: ' "$tmp/out" || fail "no replay command"
	;;
false)
	run 1 "$@" --invariants --props "$props"
	grep -q ': counterexample at cycle [0-9]* (p_[a-z_0-9]*)' "$tmp/out" || fail "no counterexample naming a property"
	tr=$(sed -n 's/^  trace:  //p' "$tmp/out")
	[ -s "$tr" ] || fail "no waveform at '$tr'"
	;;
false-lemma)
	run 1 "$@" --netlist --lemmas "$props"
	grep -q ': counterexample at cycle [0-9]* (lm[0-9]*_[a-z_0-9]*)' "$tmp/out" || fail "no counterexample naming a lemma"
	grep -q 'is a strengthening lemma, not an output' "$tmp/out" || fail "the note does not say a lemma failed"
	tr=$(sed -n 's/^  trace:  //p' "$tmp/out")
	[ -s "$tr" ] || fail "no waveform at '$tr'"
	;;
without)
	mkdir "$tmp/props"
	cp rtl_templates/*_props.v "$tmp/props/"
	perl -pi -e 's/^(\s*)(p_\w+): assert \(.*\);$/$1\/\/ $2: removed (prove_check.sh without)/' \
		"$tmp/props/${leaf}_props.v"
	k=$(grep -c ': removed (prove_check.sh without)' "$tmp/props/${leaf}_props.v")
	[ "$k" -gt 0 ] || fail "no one-line property of $leaf removed"
	grep -q ' assert (' "$tmp/props/${leaf}_props.v" && fail "${leaf}_props.v keeps an assertion"
	run 0 "$@" --invariants --props-dir "$tmp/props"
	[ "$(grep -c ': proven \[' "$tmp/out")" -eq 1 ] || fail "not proven"
	for p in $(sed -n 's/^ *\/\/ \(p_[a-z_0-9]*\): removed (prove_check.sh without)$/\1/p' "$tmp/props/${leaf}_props.v"); do
		grep -q "\.$p[,)]" "$tmp/out" && fail "$p is still proven"
	done
	no_implicit
	;;
obligation)
	run 0 "$@" --invariants
	grep -q "obligations ([^)]*$label" "$tmp/out" || fail "$label is not among the composition's obligations"
	mkdir "$tmp/props"
	cp rtl_templates/*_props.v "$tmp/props/"
	# one-line statements only: "LABEL: assume (C);" becomes "LABEL: assume ((EXTRA) && (C));"
	grep -q "$label: assume (.*);\$" "$tmp/props/${leaf}_props.v" || fail "$label is not a one-line assumption of $leaf"
	LABEL=$label EXTRA=$extra perl -pi -e 's/(\Q$ENV{LABEL}\E: assume )\((.*)\);$/$1(($ENV{EXTRA}) && ($2));/' \
		"$tmp/props/${leaf}_props.v"
	[ "$(diff "rtl_templates/${leaf}_props.v" "$tmp/props/${leaf}_props.v" | grep -c '^>')" -eq 1 ] ||
		fail "the mutation did not change exactly one line of ${leaf}_props.v"
	diff "rtl_templates/${leaf}_props.v" "$tmp/props/${leaf}_props.v"
	run 1 "$@" --invariants --props-dir "$tmp/props"
	grep -q ": counterexample at cycle [0-9]* ($label)" "$tmp/out" || fail "no counterexample naming $label"
	tr=$(sed -n 's/^  trace:  //p' "$tmp/out")
	[ -s "$tr" ] || fail "no waveform at '$tr'"
	;;
*) fail "unknown mode $mode" ;;
esac
echo ok
