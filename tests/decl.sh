#!/usr/bin/env bash
# decl.sh - what each block declares about its own tests, read from the block's file
# cosim/<block>/<block>_tests.sh (docs/adding-a-block.md). Shared scripts source this file
# and call decl_read; a block's file only calls the functions below, so adding a block adds
# its file and edits nothing here. Every block's file is read with BLOCK set to its name.
# Every block's file is read many times (each test list, each mutant test and each of `make`'s
# report sections reads them all), so its top level runs no command substitution or pipe: a fork
# costs about a millisecond here, and loops of `$(seq ...)` made reading all files take 7 s
# (loop with `for ((s = 1; s <= ${SEEDS:-3}; s++))`).
#
# In a block's file:
#   t TIER NAME COMMAND          a test: TIER is fast (make test-fast and make test), fast-only
#                                (make test-fast only: a short run whose configuration make test
#                                runs longer), test (make test) or sweep (make sweep); COMMAND runs from the repository root with
#                                $WARPGEN and $WARPGEN_SAN set (tests/run_tests.sh)
#   cases TIER [PREFIX]          a test per directed case (`warpgen cosim BLOCK --list`, negative
#                                scenarios left out: they are tested as declared failures)
#   lint_cases TIER              the lint of every directed case's parameter overrides
#   gate_synth quick|full        the Yosys flow of the gate-level test of the default configuration
#                                (default full; quick where the full flow takes minutes)
#   gate_small ARGS [FLOW] [TIER] make test co-simulates this small configuration at gate level (in
#                                FLOW, default the block's) instead of the default, which moves to make sweep (where
#                                synthesizing the default takes minutes); TIER sweep: make sweep runs the
#                                small one too, and make test none (a composition whose leaves make test
#                                runs at gate level)
#   mutant_args ARGS             the configuration the block's RTL mutants declared after it are built at
#   mutant NAME TIER SED         an RTL mutant: one sed edit of the generated Verilog that
#                                co-simulation must catch (tests/mutant.sh BLOCK/NAME); TIER test
#                                or sweep (make sweep runs every mutant)
#   main NAME ARGS               a configuration of the main job (`make`): gen, lint, 1,000,000
#                                co-simulated cycles, area, energy (tests/main_job.sh)
#   main_area_opt OPT            an option of `warpgen area` for the main job (e.g. --flops-only)
#   main_area_in_full            `make` leaves the block's area step to `make full` (where even the
#                                flip-flop check's synthesis takes a minute or more at the default)
#   main_report ORDER FUNCTION   a section of `make`'s report, written by FUNCTION (defined in the
#                                block's file): what it prints is shown, and what it appends to
#                                "$REPORT_MD" joins the report, in ORDER; it runs beside the
#                                configurations (tests/main_task.sh), so it reads only its own runs
#   plot_size PARAM "VALUES" "FIXED" MODE [FLOPS_MAX] [noquick]
#                                the block's points of the area plots (tests/plots/collect.py)
#
# Reading modes (DECL_MODE): define (print nothing: only define the block files' functions and
# variables in the calling shell), list TIER (print NAME<TAB>COMMAND), mutants (BLOCK/NAME<TAB>ARGS<TAB>SED),
# main (NAME|ARGS|AREA_OPT), reports (ORDER<TAB>BLOCK<TAB>FUNCTION), plots (tab-separated fields),
# gate (BLOCK<TAB>synth|small<TAB>VALUE).

decl_emit() { printf '%s\t%s\n' "$1" "$2"; }

t() { # TIER NAME COMMAND
	[ "$DECL_MODE" = list ] || return 0
	case "$DECL_TIER:$1" in
	fast:fast | fast:fast-only | test:fast | test:test | sweep:sweep) decl_emit "$2" "$3" ;;
	esac
}

# The positive directed cases of a block: "NAME" per line.
decl_case_names() {
	"${OUT:-out}"/bin/warpgen cosim "$BLOCK" --list 2>/dev/null | awk '/^  [a-z_0-9]+ / && !/\(negative: must fail with /{print $1}'
}

cases() { # TIER [PREFIX]: one test per directed case, C side under ASan + UBSan
	[ "$DECL_MODE" = list ] || return 0
	local c
	for c in $(decl_case_names); do
		t "$1" "case:${2:-$BLOCK-}$c" "\$WARPGEN_SAN cosim $BLOCK --case $c -q"
	done
}

lint_cases() { # TIER: the lint of each directed case's parameter overrides ([A=1,B=2] in --list)
	[ "$DECL_MODE" = list ] || return 0
	local ov
	"${OUT:-out}"/bin/warpgen cosim "$BLOCK" --list 2>/dev/null | grep -oE '\[[A-Z_=0-9,]+\]$' | tr -d '[]' | sort -u |
		while read -r ov; do
			t "$1" "lint:$BLOCK-case-${ov//[=,]/-}" "BLOCK=$BLOCK tests/lint.sh $(printf -- '--set %s ' ${ov//,/ })"
		done
}

gate_synth() { [ "$DECL_MODE" = gate ] && printf '%s\tsynth\t%s\n' "$BLOCK" "$1"; return 0; }
gate_small() { [ "$DECL_MODE" = gate ] && printf '%s\tsmall\t%s\t%s\t%s\n' "$BLOCK" "$1" "${2:--}" "${3:-test}"; return 0; }

mutant_args() { DECL_MUTANT_ARGS=$1; }
mutant() { # NAME TIER SED
	case $DECL_MODE in
	mutants) printf '%s/%s\t%s\t%s\n' "$BLOCK" "$1" "${DECL_MUTANT_ARGS:- }" "$3" ;; # (a space: read merges empty tab fields)
	list) [ "$2" = sweep ] || t "$2" "mutant:$BLOCK-$1" "tests/mutant.sh $BLOCK/$1" ;; # make sweep runs every mutant
	esac
	return 0
}

main_area_opt() { DECL_AREA_OPT=$1; }
main_area_in_full() { DECL_AREA_OPT="$DECL_AREA_OPT :full"; }
main() { [ "$DECL_MODE" = main ] && printf '%s|%s|%s\n' "$1" "$2" "$DECL_AREA_OPT"; return 0; }
main_report() { [ "$DECL_MODE" = reports ] && printf '%s\t%s\t%s\n' "$1" "$BLOCK" "$2"; return 0; }

plot_size() { # PARAM VALUES FIXED MODE [FLOPS_MAX] [noquick]
	[ "$DECL_MODE" = plots ] && printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$BLOCK" "$1" "$2" "$3" "$4" "${5:-}" "${6:-}"
	return 0
}

# make's report section of the proofs (not a block's: tests/prove_section.sh defines proofs_report,
# which tests/main_task.sh's `section` runs once main_job.sh lists it)
# shellcheck source=tests/prove_section.sh
. "$(dirname "${BASH_SOURCE[0]}")/prove_section.sh"

# decl_read MODE [TIER]: read every block's declarations in the given mode, blocks in the order
# of `warpgen list` (the generated block list). A block without a file declares nothing.
decl_read() {
	DECL_MODE=$1 DECL_TIER=${2:-}
	local b f W='$WARPGEN_SAN' # W: for bad-input lines, the program as written in the test list
	# (local: a caller's own $W, e.g. tests/main_job.sh's, is left alone)
	# (DECL_BLOCKS: only these blocks' files, e.g. tests/mutant.sh's one block)
	for b in ${DECL_BLOCKS:-$("${OUT:-out}"/bin/warpgen list | awk '{print $1}')}; do
		f=cosim/$b/${b}_tests.sh
		[ -f "$f" ] || continue
		BLOCK=$b DECL_MUTANT_ARGS="" DECL_AREA_OPT=""
		# shellcheck source=/dev/null
		. "$f"
	done
}
