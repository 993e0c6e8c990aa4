#!/usr/bin/env bash
# list_tests.sh [TIER] - print a test run, one "NAME<TAB>COMMAND" per line. TIER: fast (make
# test-fast), test (make test, the default; includes fast) or sweep (make sweep). The tests of
# shared code are listed here; every block's own tests, regressions and mutants are declared in its
# file cosim/<block>/<block>_tests.sh (tests/decl.sh, docs/adding-a-block.md), read in the order of
# `warpgen list`. Commands run from the repository root with $WARPGEN (release build) and
# $WARPGEN_SAN (the same program under ASan + UBSan) set by run_tests.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
TIER=${1:-test}
case $TIER in fast | test | sweep) ;; *) echo "list_tests.sh: tier '$TIER' is not fast, test or sweep" >&2; exit 2 ;; esac
. tests/decl.sh
DECL_MODE=list DECL_TIER=$TIER
W='$WARPGEN_SAN' # for bad-input lines: the program as written in the test list

# --- gate-level co-simulation (docs/cosim.md "Gate-level co-simulation"): the Yosys generic-gate
# netlist of every block's default configuration against the C model in warpgen's own gate-level
# simulator, 20,000 cycles, toggles priced with sky130 when ../shared/liberty is there. Yosys's
# full flow, or the quick one (no opt loop, share or ABC) for a block whose file says
# `gate_synth quick`. A block whose default takes Yosys minutes declares a small configuration
# (`gate_small`, in the block's flow unless it names one) that make test runs instead; its
# default runs in make sweep and in `make` (the full flow). make sweep: every default, 200,000
# cycles, seed 2. First in the list: the longest tests start first ---
OUT=${OUT:-out}
for b in $("$OUT"/bin/warpgen list | awk '{print $1}'); do
	flow=full small="" sflow="" stier=test
	while IFS=$'\t' read -r _ what value value2 value3; do
		case $what in synth) flow=$value ;; small) small=$value sflow=${value2#-} stier=${value3:-test} ;; esac
	done < <(BLOCK=$b bash -c '. tests/decl.sh; DECL_MODE=gate; f=cosim/$BLOCK/${BLOCK}_tests.sh; [ ! -f "$f" ] || . "$f"')
	sfx="" ssfx=""
	[ "$flow" = quick ] && sfx=-quick
	[ "${sflow:-$flow}" = quick ] && ssfx=-quick
	if [ -n "$small" ]; then
		t "$stier" "cosim:$b-gate-small$ssfx" "tests/gate_check.sh pass $b 20000 $small${ssfx:+ --synth quick}"
		t sweep "cosim:$b-gate-default$sfx" "tests/gate_check.sh pass $b 20000${sfx:+ --synth quick}"
	else
		t test "cosim:$b-gate-default$sfx" "tests/gate_check.sh pass $b 20000${sfx:+ --synth quick}"
	fi
	t sweep "gate:$b-default-200000" "tests/gate_check.sh pass $b 200000 --seed 2"
	# make bench's row of the block, short: its pre-generated stimulus must keep the protocol and its
	# co-simulations pass (exit 1 otherwise), as make bench's full-length run needs
	t sweep "bench:$b-default-3000" "\$WARPGEN bench $b --cycles 3000"
done

# --- C unit tests (built under ASan + UBSan by the Makefile; one per tests/test_*.c source:
# a binary left in out/ by a removed test is not run) ---
for src in tests/test_*.c; do
	b=$OUT/tests/$(basename "$src" .c)
	t fast "unit:${b##*/test_}" "$b"
done

# --- shared code: the generator (golden files, determinism, the layers), bad input of every
# command (one clear line, exit 2, nothing written), the energy scaling rules, the report and its
# plots, waveform scenarios, the Liberty reader and the gate-level flow's options. A block serves
# as the example where one is needed. ---
t fast "gen:golden" "tests/check_golden.sh"
t fast "gen:deterministic" "tests/check_deterministic.sh"
t fast "gen:layers" "tests/layers.sh"
t fast "gen:list" "\$WARPGEN list | grep -q '^rfc '"
t fast "gen:help" "\$WARPGEN gen rfc --help | grep -q 'ACTIVE_WARPS *8 *1..64'"
t fast "bad:unknown-block" "tests/expect_bad.sh \"unknown block 'nope'\" $W gen nope -o @OUT@"
t fast "bad:unknown-param" "tests/expect_bad.sh 'unknown parameter BOGUS' $W gen rfc --set BOGUS=1 -o @OUT@"
t fast "bad:not-a-number" "tests/expect_bad.sh 'ENTRIES=six is not a number (legal range 1..16)' $W gen rfc --set ENTRIES=six -o @OUT@"
t fast "bad:out-of-range-low" "tests/expect_bad.sh 'ENTRIES=0 is out of range (legal range 1..16)' $W gen rfc --set ENTRIES=0 -o @OUT@"
t fast "bad:out-of-range-high" "tests/expect_bad.sh 'LANES=65 is out of range (legal range 1..64)' $W gen rfc --set LANES=65 -o @OUT@"
t fast "bad:enum" "tests/expect_bad.sh 'REPLACEMENT=RANDOM is not one of FIFO|LRU' $W gen rfc --set REPLACEMENT=RANDOM -o @OUT@"
t fast "bad:inconsistent" "tests/expect_bad.sh 'ACTIVE_WARPS=16 must not exceed WARPS=8' $W gen rfc --set WARPS=8 --set ACTIVE_WARPS=16 -o @OUT@"
t fast "bad:too-big" "tests/expect_bad.sh 'exceeds the legal maximum 262144' $W gen rfc --set WARPS=64 --set ACTIVE_WARPS=64 --set ENTRIES=16 -o @OUT@"
t fast "bad:unwritable-dir" "tests/expect_bad.sh 'output folder (-o): cannot create folder /proc/warpgen' $W gen rfc -o /proc/warpgen"
t fast "bad:file-as-dir" "tests/expect_bad.sh 'output folder (-o): cannot create folder /etc/hostname' $W gen rfc -o /etc/hostname/x"
t fast "bad:set-syntax" "tests/expect_bad.sh 'expects NAME=VALUE' $W gen rfc --set ENTRIES -o @OUT@"
t fast "bad:unknown-option" "tests/expect_bad.sh \"unknown option '--frobnicate'\" $W gen rfc --frobnicate -o @OUT@"
t fast "bad:bad-name" "tests/expect_bad.sh 'is not a Verilog identifier' $W gen rfc --name 9lives -o @OUT@"
t fast "bad:cosim-seed" "tests/expect_bad.sh '--seed x is not a number' $W cosim rfc --seed x"
t fast "bad:cosim-case" "tests/expect_bad.sh \"unknown case 'nope'\" $W cosim rfc --case nope"
t fast "bad:cosim-knob" "tests/expect_bad.sh 'LL_PCT=101 is out of range (legal range 0..100)' $W cosim rfc --knob LL_PCT=101"
t fast "bad:vl-opt" "WARPGEN_VL_OPT=O3 tests/expect_bad.sh 'WARPGEN_VL_OPT=O3 is not one of Og, O1, O2' $W cosim rfc --cycles 100"
t fast "bad:cosim-rtl-missing" "tests/expect_bad.sh 'cannot read /nonexistent.v' $W cosim rfc --rtl /nonexistent.v"
t fast "bad:area-liberty-missing" "tests/expect_bad.sh 'cannot read /nonexistent.lib' $W area rfc --liberty /nonexistent.lib"
t fast "bad:stats-block" "tests/expect_bad.sh 'rfc has no statistics mode' $W stats rfc"
t fast "bad:energy-node-range" "tests/expect_bad.sh \"--node: node '300nm' is outside the scaling rules' range 7..250 nm\" $W energy rfc --node 300nm"
t fast "bad:energy-vdd-range" "tests/expect_bad.sh \"--vdd: supply '2' is outside the scaling rules' range 0.2..1.5 V\" $W energy rfc --vdd 2"
t test "energy:scale-node-vdd" "\$WARPGEN energy rfc --node 65nm --vdd 1.0 -q | grep -qx 'mrf_read 250.37' && \$WARPGEN energy rename --node 65 -q | grep -qx 'leakage_mw 1.755' && \$WARPGEN energy rfc --node 65nm --vdd 1.0 | grep -Eq '^mrf_read +250\\.3704  dynamic: 124\\.8000 pJ x \\(L 65/40\\) x \\(V 1/0\\.9\\)\\^2'"
t test "report:check" "tests/report_check.sh"
t test "mutant:window-wrc-release-while-busy" "MUTANT_WINDOW=1 tests/mutant.sh wrc/release-while-busy" # the failure's waveform window (a small, quick build)
t sweep "plots:check" "tests/plots_check.sh"
t test "wave:gallery" "tests/gallery_check.sh"
t fast "bad:wave-no-case" "tests/expect_bad.sh '--case NAME is required' $W wave rfc -o @OUT@"
t fast "bad:liberty-syntax" "tests/expect_bad.sh \"tests/data/liberty_bad.lib:8: bad number '0.0x1' for 'cell_leakage_power'\" $W liberty tests/data/liberty_bad.lib"
t fast "bad:liberty-option" "tests/expect_bad.sh \"unknown option '--bogus'\" $W liberty tests/data/liberty_bad.lib --bogus"
t fast "bad:cosim-mapped-no-liberty" "tests/expect_bad.sh '--synth mapped needs --liberty FILE' $W cosim rfc --gate --synth mapped"
t fast "bad:cosim-synth-flow" "tests/expect_bad.sh '--synth: fast is not full, quick or mapped' $W cosim rfc --gate --synth fast"
t fast "bad:cosim-gate-sim" "tests/expect_bad.sh '--gate-sim: spice is not native or verilator' $W cosim rfc --gate --gate-sim spice"
t fast "bad:cosim-blif-alone" "tests/expect_bad.sh '--blif goes with --gate' $W cosim rfc --blif /dev/null"
t fast "bad:cosim-blif-ports" "tests/expect_bad.sh 'the netlist has no input port bit' $W cosim rfc --gate --blif tests/data/not_rfc.blif"
t fast "bad:cosim-gate-wave" "tests/expect_bad.sh 'the native gate-level simulator writes no dumps' $W cosim rfc --gate --wave"
t fast "bad:cosim-gate-rtl" "tests/expect_bad.sh 'co-simulates the synthesized netlist' $W cosim rfc --gate --rtl /dev/null"

# --- regress: `warpgen regress` (docs/regress.md). Bad input is one line, exit 2 and no database
# written (the --db file would be in @OUT@, which must stay empty); a small real regression (wrc,
# two configurations x 3 seeds, a mutant that must fail, a command) with -j 1 and -j 2 ---
t fast "bad:regress-engine" "tests/expect_bad.sh \"--engine: unknown engine 'pbs' (local or slurm)\" $W regress --engine pbs --db @OUT@/r.db"
t fast "bad:regress-tier" "tests/expect_bad.sh \"unknown tier 'nightly' (test, sweep, main or fast)\" $W regress --tier nightly --db @OUT@/r.db"
t fast "bad:regress-block" "tests/expect_bad.sh \"unknown block 'nope'\" $W regress nope --db @OUT@/r.db"
t fast "bad:regress-jobs-unreadable" "tests/expect_bad.sh '--jobs: cannot read /nonexistent.jobs' $W regress --jobs /nonexistent.jobs --db @OUT@/r.db"
t fast "bad:regress-jobs-malformed" "tests/expect_bad.sh 'tests/data/regress_bad.jobs:3: --seeds 5-2: range 5-2 goes down' $W regress --jobs tests/data/regress_bad.jobs --db @OUT@/r.db"
t fast "bad:regress-workers" "tests/expect_bad.sh '-j 0 is not a number of workers (legal range 1..1024)' $W regress -j 0 --db @OUT@/r.db"
t fast "bad:regress-prefix-slurm" "tests/expect_bad.sh '--prefix goes with --engine local' $W regress --engine slurm --prefix 'bsub -K' --db @OUT@/r.db"
t fast "bad:regress-db" "tests/expect_bad.sh 'database /proc/nope/r.db' $W regress --tier main wrc --db /proc/nope/r.db"
t test "regress:small-j1-j2" "tests/regress_check.sh"
# a regression whose OUT is not out/ (a build of its own) writes everything there, its jobs' files too
t test "regress:out-dir" "tests/regress_out.sh"

# --- regress database: the results history (cli/rg_db.c; the C side in unit:rg_db) written by 4
# `warpgen regress` at once with --report read meanwhile (integrity, every row), and the files it
# refuses through the command (a folder, not SQLite, another program's SQLite, a newer schema) ---
t test "regress:db-concurrent" "tests/regress_db_concurrent.sh"

# --- regress slurm: warpgen regress --engine slurm on a one-node Slurm cluster started by the test
# as root (tests/slurm_cluster.sh; skips when not root): verdicts equal to the local engine's, a
# mutant reported as FAIL with its replay, a cancelled task as LOST ---
t test "regress:slurm" "tests/regress_slurm.sh"

# --- coverage (code): `warpgen cosim --coverage F` (Verilator line + toggle coverage, the cov build
# flavour) and `warpgen coverage BLOCK F...` (docs/cosim.md "Coverage"). Bad input is one line, exit 2
# and nothing written; the line map from generated files to the template on hand-written data at
# two configurations of rename (no build, seconds); a real run in make sweep only: the cov flavour
# builds its own Verilator runtime and model (about 100 s of CPU the first time) ---
t fast "bad:cosim-coverage-gate" "tests/expect_bad.sh '--coverage measures the Verilated RTL: it takes no --gate' $W cosim wrc --coverage @OUT@/x.dat --gate"
t fast "bad:cosim-coverage-model-only" "tests/expect_bad.sh 'it takes no --model-only' $W cosim wrc --coverage @OUT@/x.dat --model-only"
t fast "bad:cosim-coverage-wave" "tests/expect_bad.sh 'a build is traced or covered, not both' $W cosim wrc --coverage @OUT@/x.dat --wave"
t fast "bad:cosim-coverage-unwritable" "tests/expect_bad.sh '--coverage: cannot write /nonexistent/x.dat' $W cosim wrc --coverage /nonexistent/x.dat"
t fast "bad:coverage-block" "tests/expect_bad.sh \"unknown block 'nope'\" $W coverage nope x.dat"
t fast "bad:coverage-no-data" "tests/expect_bad.sh 'no coverage data: give one or more DAT files' $W coverage wrc --write @OUT@/m.dat"
t fast "bad:coverage-not-data" "tests/expect_bad.sh 'tests/list_tests.sh is not Verilator coverage data' $W coverage wrc tests/list_tests.sh --write @OUT@/m.dat"
t fast "bad:coverage-unreadable" "tests/expect_bad.sh 'cannot read /nonexistent.dat' $W coverage wrc /nonexistent.dat --write @OUT@/m.dat"
t fast "bad:coverage-set" "tests/expect_bad.sh 'WARPS=0 is out of range (legal range 2..64)' $W coverage wrc --set WARPS=0 --write @OUT@/m.dat"
t fast "bad:coverage-no-block" "tests/expect_bad.sh 'warpgen coverage: no block' $W coverage"
t fast "bad:coverage-option" "tests/expect_bad.sh 'unknown option --bogus' $W coverage wrc --bogus"
t test "coverage:map-rename" "WARPGEN=\$WARPGEN_SAN tests/coverage_check.sh map"
t sweep "cosim:coverage-wrc" "tests/coverage_check.sh run wrc --seed 7 --cycles 2000"
# --- coverage merged across runs: `warpgen regress --coverage` (the data and records of every cosim job,
# merged per block, random/directed, pages, the history; docs/regress.md "Coverage"), and a coverage
# build never changes a verdict (same seed: same verdict line, cycles and points, passing and a mutant's
# MISMATCH); a small wrc, its builds cached (about 3 s and 5 s once built; the coordinator under ASan) ---
t test "regress:coverage" "WARPGEN=\$WARPGEN_SAN tests/regress_coverage.sh regress"
t test "cosim:coverage-same-verdict" "tests/regress_coverage.sh verdict"
t test "bench:coverage-wrc" "tests/regress_coverage.sh bench"
t test "report:coverage-section" "tests/regress_coverage.sh report"
t sweep "regress:coverage-slurm" "tests/regress_coverage.sh slurm"
t fast "bad:regress-coverage-report" "tests/expect_bad.sh '--coverage runs the jobs with coverage: no --report' $W regress --report --coverage --db @OUT@/r.db"
t fast "bad:regress-coverage-dir" "tests/expect_bad.sh '--coverage-dir is the worker mode' $W regress --coverage-dir @OUT@/c --db @OUT@/r.db"

# --- the tests of one shared feature each (formal proofs, fuzzing, the installed library, timing, ...):
# tests/suites/<feature>.sh, read in name order, declare with the same `t TIER NAME COMMAND` ---
for f in tests/suites/*.sh; do
	[ -e "$f" ] || continue
	. "$f"
done

# --- every block's own declarations ---
decl_read list "$TIER"

# --- sweep: every RTL mutant, and the plots with Yosys at every point ---
[ "$TIER" = sweep ] && while IFS=$'\t' read -r m _; do
	t sweep "mutant:${m/\//-}" "tests/mutant.sh $m"
done < <(decl_read mutants) | sort -u
t sweep "plots:full" "PLOTS_FULL=1 tests/plots.sh \$OUT/sweep/plots"
