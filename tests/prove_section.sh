# shellcheck shell=bash
# prove_section.sh - proofs_report, the "## Proofs" section of `make`'s report (issue 25 item 4:
# what is proven, at which sizes, in what time). Sourced (it defines a function only); run as a
# report section by tests/main_task.sh (`section|ORDER|proofs_report`): writes $REPORT_MD, prints
# one line per proof, sets status=1 when a proof that was proven fails. Runs the proofs of
# PROOFS_QUICK (seconds each, about a minute of CPU together on a cold cache, Yosys included) and
# lists the recorded verdicts of the longer ones from tests/prove_verdicts.tsv with the command
# that reproduces each (`make full` runs them all: tests/prove_report.sh). Reads no config file.
PROOFS_QUICK=(
	"tuba|--set TFET_REGS=8 --set MAX_BLOCKS=2|--netlist --invariants"
	"vf_manager|--set SMS=2 --set SM_LAT=4 --set MEM_LAT=4|--netlist --invariants"
	"reexec_q|--set ENTRIES=4 --set THREADS=2 --set ADDR_BITS=8 --set OFFSET_BITS=1 --set WARPS=4 --set REG_BITS=1|--invariants"
	"rfc|--set WARPS=4 --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=1 --set WIDTH=2 --set REG_BITS=2|--invariants"
	"memra|--set WARPS=2 --set CNT_BITS=4 --set REF_SHIFT=2 --set SAMPLE_PERIOD=4|--invariants"
	"sched2l|--set WARPS=4 --set ACTIVE=2|--invariants"
	"slg|--set WARPS=4 --set CTAS=2 --set X=1 --set Y=2|--invariants"
)
# shellcheck disable=SC2034 # status: the caller's (tests/main_task.sh's section)
proofs_report() {
	local W=${W:-${WARPGEN:-out/bin/warpgen}} md=${REPORT_MD:?} tmp e b a what rc
	tmp=$(mktemp -d) || return 1
	{
		echo "## Proofs"
		echo
		echo "\`warpgen prove\` (docs/cosim.md \"Proofs\"): the RTL against its generic-gate netlist, and the"
		echo "block's invariants (rtl_templates/<block>_props.v, ABC \`pdr\`, unbounded). Run by this \`make\`:"
		echo
		echo "| block | configuration | proof | verdict | engine | this run (s) |"
		echo "|---|---|---|---|---|---|"
	} >"$md"
	for e in "${PROOFS_QUICK[@]}"; do
		IFS='|' read -r b a what <<<"$e"
		rm -f "$tmp/p.json"
		# shellcheck disable=SC2086 # the declared words
		"$W" prove "$b" $a $what -q --json "$tmp/p.json" >"$tmp/p.out" 2>&1
		rc=$?
		if [ ! -s "$tmp/p.json" ]; then
			echo "| $b | ${a//--set /} | $what | error (exit $rc): $(tail -1 "$tmp/p.out" | tr '|' '/') | | |" >>"$md"
			echo "proofs: $b $what: ERROR (exit $rc)"
			status=1
			continue
		fi
		"$(dirname "${BASH_SOURCE[0]}")/prove_rows.py" "$tmp/p.json" >>"$md"
		[ "$rc" -eq 0 ] || status=1
		echo "proofs: $b $what: $( [ "$rc" -eq 0 ] && echo proven || echo "NOT proven (exit $rc)")"
	done
	{
		echo
		echo "Recorded, not run by \`make\` (tests/prove_verdicts.tsv; \`make full\` and \`make sweep\` run them,"
		echo "\`make test\` the rows it names;"
		echo "times as measured then, wall seconds on the shared 2-core machine unless said):"
		echo
		echo "| block | proof | verdict | engine | time (s) | recorded | reproduce |"
		echo "|---|---|---|---|---|---|---|"
		grep -v '^#' tests/prove_verdicts.tsv | while IFS=$'\t' read -r b what v eng s c d args; do
			[ -n "$b" ] && echo "| $b | $what | $v | $eng | $s | $d ($c) | \`warpgen prove $b $args\` |"
		done
	} >>"$md"
	rm -rf "$tmp"
	return 0
}
