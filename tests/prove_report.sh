#!/usr/bin/env bash
# prove_report.sh - the "## Proofs" section of make's report (Markdown on stdout): runs
# `warpgen prove --netlist` (and --invariants where the block declares them) at every small
# configuration of tests/suites/prove.sh (PROVE_SMALL) and tabulates what was proven, at which
# size, by which engine, in what time. Reuses the Yosys steps cached under out/prove/.
# $WARPGEN (default out/bin/warpgen); PROVE_REPORT_BLOCKS="a b" limits it to those blocks. Then
# the `--model` rows: the make-test configurations of
# tests/suites/prove_model.sh (PROVE_REPORT_MODEL=sweep adds its sweep ones, minutes each).
set -uo pipefail
W=${WARPGEN:-out/bin/warpgen}
t() { :; } # tests/suites/prove.sh declares tests with t; only its list is wanted here
# shellcheck source=tests/suites/prove.sh
. tests/suites/prove.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "## Proofs"
echo
echo "\`warpgen prove\` at the small configurations of tests/suites/prove.sh (docs/cosim.md \"Proofs\"):"
echo "the RTL against its generic-gate netlist, and the block's invariants (rtl_templates/<block>_props.v)."
echo "*bounded to N* is not a proof beyond cycle N; a counterexample's trace is in its folder. The time is"
echo "this run's: Yosys steps cached under out/prove/ by an earlier run are reused."
echo
echo "| block | configuration | proof | verdict | engine | this run (s) |"
echo "|---|---|---|---|---|---|"
bad=0
for e in "${PROVE_SMALL[@]}"; do
	IFS='|' read -r b a _ <<<"$e"
	if [ -n "${PROVE_REPORT_BLOCKS:-}" ] && ! [[ " $PROVE_REPORT_BLOCKS " == *" $b "* ]]; then continue; fi
	what=(--netlist --invariants)
	# shellcheck disable=SC2086
	"$W" prove "$b" $a "${what[@]}" -q --json "$tmp/$b.json" >"$tmp/$b.out" 2>&1
	rc=$?
	if [ ! -s "$tmp/$b.json" ]; then
		echo "| $b | ${a//--set /} | — | error (exit $rc): $(tail -1 "$tmp/$b.out" | tr '|' '/') | | |"
		bad=1
		continue
	fi
	"$(dirname "$0")/prove_rows.py" "$tmp/$b.json"
	[ "$rc" -eq 0 ] || bad=1
done
echo
echo "\`warpgen prove --model\`: the C model against the netlist, every state reachable from reset under"
echo "every input the protocol allows (docs/cosim.md \"Exhaustive C-model equivalence\"); configurations of"
echo "tests/suites/prove_model.sh."
echo
echo "| block | proof | configuration | verdict | states | transitions | this run (s) |"
echo "|---|---|---|---|---|---|---|"
while read -r mtier mcmd; do
	[ "$mtier" = test ] || [ "${PROVE_REPORT_MODEL:-}" = sweep ] || continue
	# shellcheck disable=SC2086 # the declared command's words
	set -- $mcmd
	b=$2
	shift 2
	if [ -n "${PROVE_REPORT_BLOCKS:-}" ] && ! [[ " $PROVE_REPORT_BLOCKS " == *" $b "* ]]; then continue; fi
	rm -f "$tmp/m.json"
	"$W" prove "$b" "$@" --model -q --json "$tmp/m.json" >"$tmp/m.out" 2>&1
	rc=$?
	if [ ! -s "$tmp/m.json" ]; then
		echo "| $b | C model = netlist | $* | error (exit $rc): $(tail -1 "$tmp/m.out" | tr '|' '/') | | | |"
		bad=1
		continue
	fi
	python3 - "$tmp/m.json" "$*" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
w = sys.argv[2].split()
narrow = " ".join(w[i + 1] for i in range(len(w) - 1) if w[i] == "--narrow")
cfg = d["config"] + ("; narrow " + narrow if narrow else "")
print("| %s | C model = netlist | %s | %s | %s | %s | %.1f |" % (d["block"], cfg, d["verdict"], format(d.get("states", 0), ","),
                                                               format(d.get("transitions", 0), ","), d.get("seconds", 0)))
EOF
	[ "$rc" -eq 0 ] || bad=1
done < <(sed -n 's/^t \(test\|sweep\) "prove-model:[^"]*" "tests\/prove_model.sh equiv \(.*\)"$/\1 equiv \2/p' tests/suites/prove_model.sh)
echo
[ "$bad" -eq 0 ] || echo "Some proofs did not end proven: see the rows above."

exit 0
