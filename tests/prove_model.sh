#!/usr/bin/env bash
# prove_model.sh - tests of `warpgen prove BLOCK --model` (docs/cosim.md, "Exhaustive C-model
# equivalence"), declared in tests/suites/prove_model.sh:
#   prove_model.sh equiv BLOCK ARGS...   the configuration is proven: a PROVEN line with its
#                                        reachable states and transitions, exit 0
#   prove_model.sh mutant                one gate of slg's small netlist changed (the first $_AND_
#                                        made an $_OR_): a COUNTEREXAMPLE, exit 1, its stimulus file,
#                                        and `warpgen cosim --gate --blif --stim` replaying it fails
#                                        at the same cycle on the same port; the same file on the
#                                        good netlist passes
#   prove_model.sh bad                   bad input of prove --model and of cosim --stim: one line,
#                                        exit 2, nothing on stdout
set -euo pipefail
cd "$(dirname "$0")/.."
W=${WARPGEN:-out/bin/warpgen}
SLG=(--set WARPS=1 --set CTAS=1 --set X=1 --set Y=2)
tmp=${OUT:-out}/prove-model-test
mkdir -p "$tmp"

case ${1:?usage: prove_model.sh equiv BLOCK ARGS...|mutant|bad} in
equiv)
	b=${2:?block}
	shift 2
	set +e
	out=$("$W" prove "$b" "$@" --model --json "$tmp/$b.json")
	rc=$?
	set -e
	echo "$out"
	[ "$rc" -eq 0 ] || { echo "exit $rc, not 0"; exit 1; }
	grep -Eq "^PROVEN $b .*equivalent to the netlist on [0-9]+ reachable states and [0-9]+ transitions" <<<"$out" ||
		{ echo "no PROVEN line"; exit 1; }
	grep -q '"verdict": "equivalent"' "$tmp/$b.json" || { echo "JSON verdict is not equivalent"; exit 1; }
	;;
mutant)
	good=$("$W" prove slg "${SLG[@]}" --model --max-seconds 60)
	echo "$good"
	netlist=$(sed -n 's/.* x netlist \(.*\) ([0-9]* cells.*/\1/p' <<<"$good" | head -1)
	[ -s "$netlist" ] || { echo "no netlist named"; exit 1; }
	awk 'BEGIN{d=0} /\$_AND_/ && !d {sub(/\$_AND_/,"$_OR_"); d=1} {print}' "$netlist" >"$tmp/mutant.blif"
	cmp -s "$netlist" "$tmp/mutant.blif" && { echo "the mutant changes nothing"; exit 1; }
	set +e
	out=$("$W" prove slg "${SLG[@]}" --model --blif "$tmp/mutant.blif" --json "$tmp/mutant.json")
	rc=$?
	set -e
	echo "$out"
	[ "$rc" -eq 1 ] || { echo "exit $rc, not 1"; exit 1; }
	line=$(grep '^COUNTEREXAMPLE slg' <<<"$out") || { echo "no COUNTEREXAMPLE line"; exit 1; }
	cyc=$(sed -n 's/.* at cycle \([0-9]*\) .*/\1/p' <<<"$line")
	port=$(sed -n 's/.*: output \([a-z_0-9]*\) bit.*/\1/p' <<<"$line")
	stim=$(sed -n 's/^  stimulus: //p' <<<"$out")
	[ -s "$stim" ] || { echo "no stimulus file"; exit 1; }
	[ "$(grep -vc '^#' "$stim")" -eq "$((cyc + 1))" ] || { echo "the stimulus file has not $((cyc + 1)) cycles"; exit 1; }
	grep -q '"verdict": "counterexample"' "$tmp/mutant.json" || { echo "JSON verdict is not counterexample"; exit 1; }
	replay=$(sed -n 's/^  replay on the netlist: [^ ]*bin\/warpgen //p' <<<"$out")
	[ -n "$replay" ] || { echo "no replay command"; exit 1; }
	set +e
	# shellcheck disable=SC2086 # the printed command's words
	rout=$("$W" $replay --no-window)
	rrc=$?
	set -e
	echo "$rout"
	[ "$rrc" -eq 1 ] || { echo "the replay exits $rrc, not 1"; exit 1; }
	grep -q "^MISMATCH slg .* cycle=$cyc port=$port " <<<"$rout" || { echo "the replay does not fail at cycle $cyc on $port"; exit 1; }
	grep -q -- "replay: .* --case stim-file .*--blif .* --stim $stim\$" <<<"$rout" || { echo "cosim's own replay line does not name the file"; exit 1; }
	"$W" cosim slg "${SLG[@]}" --gate --stim "$stim" -q || { echo "the good netlist fails the stimulus"; exit 1; }
	echo "caught at cycle $cyc ($port), replayed"
	;;
bad)
	chk() { # EXPECTED-TEXT ARGS...: exit 2, one line naming it, no stdout
		local want=$1 so se rc
		shift
		set +e
		so=$("$W" prove "$@" 2>"$tmp/err")
		rc=$?
		set -e
		se=$(cat "$tmp/err")
		[ "$rc" -eq 2 ] && [ -z "$so" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q -- "$want" <<<"$se" ||
			{ echo "prove $*: exit $rc, stdout '$so', stderr '$se' (wanted exit 2 and '$want')"; exit 1; }
		echo "ok: prove $* -> $se"
	}
	chk "unknown block" nosuch --model
	chk "max-states" slg --model --max-states 0
	chk "max-states" slg --model --max-states x
	chk "WARPS" slg --model --set WARPS=0
	chk "not an input port" slg --model --narrow ok_o=1
	chk "not PORT=BITS" slg --model --narrow launch_size_i
	chk "is not a number" slg --model --set WARPS=1 --set CTAS=1 --narrow launch_size_i=99
	chk "composition" sm_slg --model
	chk "input bits" rfc --model
	# cosim --stim: a file it cannot replay is bad input too
	stimchk() { # EXPECTED-TEXT FILE-TEXT
		local so rc
		printf '%s\n' "$2" >"$tmp/bad.stim"
		set +e
		so=$("$W" cosim slg --set WARPS=1 --set CTAS=1 --stim "$tmp/bad.stim" 2>"$tmp/err")
		rc=$?
		set -e
		[ "$rc" -eq 2 ] && [ -z "$so" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q -- "$1" "$tmp/err" ||
			{ echo "cosim --stim '$2': exit $rc, stdout '$so', stderr '$(cat "$tmp/err")' (wanted exit 2 and '$1')"; exit 1; }
		echo "ok: cosim --stim '$2' -> $(cat "$tmp/err")"
	}
	stimchk "is not INPUT=0xHEX" "rst_i=0x1 ok_o=0x1"
	stimchk "is not INPUT=0xHEX" "nosuch=0x1"
	stimchk "wider than the port" "rst_i=0x2"
	stimchk "not a hex number" "rst_i=12"
	stimchk "has no cycles" "# nothing"
	;;
*) echo "usage: prove_model.sh equiv BLOCK ARGS...|mutant|bad"; exit 2 ;;
esac
