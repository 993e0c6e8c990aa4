# hrf_sm_tests.sh - the hybrid CMOS/TFET register file in an SM (Xie et al. 2017; docs/hrf_sm.md):
# the composition hrf_sm (sched2l GTO/TRWS, memra, rename with TFET classes, tuba) co-simulated in
# the SM environment of hrf_sm_env.c (read by tests/decl.sh), and the statistics of P1's schemes on
# the C models (`warpgen stats hrf_sm`).

# The small configuration (the directed cases', the gate-level test's, the mutants'): 8 warps, 20
# registers, 64 physical registers of which 16 TFET; the random runs use short warps (ILEN) so that
# kernels end and start again within the run.
HRF_SMALL="--set WARPS=8 --set REGS=20 --set PHYS_REGS=64 --set RT_ENTRIES=160 --set TFET_ROWS=4 --set TFET_REGS=16"
# its leaves (sched2l, memra, rename, tuba) are co-simulated at gate level in make test; the
# composition adds wires: its 95,000-cell netlist (27 test-seconds) runs in make sweep
gate_small "$HRF_SMALL" quick sweep

t fast "gen:list-hrf_sm" "\$WARPGEN list | grep -q '^hrf_sm '"
t fast "bad:hrf_sm-tfet-regs" "tests/expect_bad.sh 'TFET_REGS=200 must be 4*TFET_ROWS=224' $W gen hrf_sm --set TFET_REGS=200 -o @OUT@"
t fast "bad:hrf_sm-class" "tests/expect_bad.sh 'CLASS=NONE is not one of CMOS_RA|MEM_RA' $W gen hrf_sm --set CLASS=NONE -o @OUT@"
t fast "bad:hrf_sm-fc-entries" "tests/expect_bad.sh 'FC_ENTRIES=2 must be at least WARPS=8' $W gen hrf_sm --set WARPS=8 --set FC_ENTRIES=2 -o @OUT@"
t fast "bad:hrf_sm-warps" "tests/expect_bad.sh 'WARPS=65 is out of range (legal range 1..64)' $W gen hrf_sm --set WARPS=65 -o @OUT@"
t fast "bad:hrf_sm-exempt" "tests/expect_bad.sh 'EXEMPT=17 must be below REGS=17 (legal 0..16)' $W gen hrf_sm --set REGS=17 --set RT_ENTRIES=816 --set EXEMPT=17 -o @OUT@"
t fast "bad:hrf_sm-rt-banks" "tests/expect_bad.sh 'RT_BANKS=3 must be 1, 2, 4 or 8' $W gen hrf_sm --set RT_BANKS=3 -o @OUT@"
t fast "bad:hrf_sm-alloc-ports" "tests/expect_bad.sh 'ALLOC_PORTS=5 is out of range (legal range 1..4)' $W gen hrf_sm --set ALLOC_PORTS=5 -o @OUT@"
t fast "bad:hrf_sm-pf-depth" "tests/expect_bad.sh 'PF_DEPTH=2 is out of range (legal range 3..16)' $W gen hrf_sm --set PF_DEPTH=2 -o @OUT@"
t fast "bad:stats-hrf_sm-cosim-knob" "tests/expect_bad.sh \"knob TRWS is co-simulation's\" $W stats hrf_sm --knob TRWS=0"
t fast-only "cosim:hrf_sm-small-short" "\$WARPGEN_SAN cosim hrf_sm $HRF_SMALL --knob ILEN=40 --seed 4 --cycles 5000 -q"

# make test: three seeds at the small size (MEM_RA with TRWS and TUBA on BFS; MEM_RA under plain
# GTO; NW's four blocks per SM, where TUBA moves; CMOS_RA, a build of its own, in make sweep), the
# directed cases. The paper's default size is make sweep's and `make`'s (1,000,000 cycles): its build,
# 50 s of one core, is the largest of the project's compositions and the same templates are
# co-simulated at the small size here. The composed file's lint by the
# three tools (a minute and a half, Yosys most of it) is make sweep's: each instance's template is
# linted by the three in its own block's make test, Verilator reads the composed file in every
# co-simulation and Yosys in the gate-level test.
# the invariants at the smallest legal configuration (docs/hrf_sm.md "Invariants"): every leaf's
# properties and the composition's obligation but rename's six (undecided there), proven
HRF_PROVE="--set WARPS=1 --set REGS=17 --set PHYS_REGS=32 --set RT_ENTRIES=8 --set TFET_ROWS=1 --set TFET_REGS=4 --set MAX_BLOCKS=1 --set SAMPLE_PERIOD=1 --set THR_ACC=0 --set REF_SHIFT=0 --set FC_ENTRIES=1"
t sweep "prove:hrf_sm-without-rename" "tests/prove_check.sh without rename hrf_sm $HRF_PROVE"
t sweep "lint:hrf_sm-small" "BLOCK=hrf_sm tests/lint.sh $HRF_SMALL"
t test "cosim:hrf_sm-small-seed1" "\$WARPGEN_SAN cosim hrf_sm $HRF_SMALL --knob ILEN=60 --seed 1 --cycles 50000 -q"
t test "cosim:hrf_sm-small-gto-seed2" "\$WARPGEN_SAN cosim hrf_sm $HRF_SMALL --knob TRWS=0 --knob ILEN=60 --seed 2 --cycles 50000 -q"
# the renaming table's parameters the composition exposes (docs/hrf_sm.md "Parameters"): two table
# banks, one allocation port, the shortest pending-free list, no exempt registers; the environment
# follows them (a build of its own, about a minute)
t sweep "cosim:hrf_sm-small-ports" "\$WARPGEN cosim hrf_sm $HRF_SMALL --set RT_BANKS=2 --set ALLOC_PORTS=1 --set EXEMPT=0 --set PF_DEPTH=3 --knob ILEN=60 --seed 5 --cycles 50000 -q"
t sweep "cosim:hrf_sm-small-cmos-ra-gto-seed2" "\$WARPGEN cosim hrf_sm $HRF_SMALL --set CLASS=CMOS_RA --knob TRWS=0 --knob ILEN=60 --seed 2 --cycles ${CYCLES:-1000000} -q"
t test "cosim:hrf_sm-small-nw-seed3" "\$WARPGEN cosim hrf_sm $HRF_SMALL --knob PROFILE=9 --knob SMS=1 --knob ILEN=60 --seed 3 --cycles 100000 -q"
# decision 11 (a load's destination: CMOS with the fallback to TFET): the run that deadlocked with
# CMOS-only loads at cycle 34,970 (16 CMOS ids for eight MM warps; C model, 40,000 cycles, 0.25 s of CPU), and no CMOS id
# at all (16 TFET rows of 16, RTL against the model, make sweep)
t test "cosim:hrf_sm-small-tfet12-mm" "\$WARPGEN cosim hrf_sm $HRF_SMALL --set TFET_ROWS=12 --set TFET_REGS=48 --knob PROFILE=5 --knob ILEN=100 --model-only --seed 1 --cycles 40000 -q"
t sweep "cosim:hrf_sm-small-tfet16" "\$WARPGEN cosim hrf_sm $HRF_SMALL --set TFET_ROWS=16 --set TFET_REGS=64 --knob PROFILE=5 --knob ILEN=100 --seed 1 --cycles 200000 -q"
t sweep "cosim:hrf_sm-default-seed1" "\$WARPGEN cosim hrf_sm --knob ILEN=100 --knob SMS=2 --seed 1 --cycles 20000 -q"
# the default size's template bits (stop 43, docs/hrf_sm.md "Code and toggle coverage"): BFS above fills 32 of
# the 48 warp slots (4 blocks of 8); NE (8 x 6) and SRAD (3 x 16) fill all 48, so the per-warp vectors' bits
# 32-47 toggle; CP, MM, RAY and SLA add a few ids, rows and counts (20,000 cycles each; 4-5 CPU-s a run with --coverage)
for p in 3 5 7 10 11 12; do
	t sweep "cosim:hrf_sm-default-p$p-seed1" "\$WARPGEN cosim hrf_sm --knob PROFILE=$p --knob ILEN=100 --knob SMS=2 --seed 1 --cycles 20000 -q"
done
cases test
# negative checks: a parameter that takes the behaviour away makes its case fail
t test "case-neg:hrf_sm-by-request-under-cmos-ra" "tests/expect_check_fail.sh 'never saw a TFET grant' \$WARPGEN cosim hrf_sm --case tfet_by_request --set CLASS=CMOS_RA --model-only -q"
t test "case-neg:hrf_sm-tuba-up-99" "tests/expect_check_fail.sh 'never saw the limit raised' \$WARPGEN cosim hrf_sm --case tuba_limit_moves --set UP_PCT=99 --model-only -q"
# Functional coverage closure (docs/hrf_sm.md "Functional coverage points"): every point at least 10
# times by random stimulus, C model only (about 15 s): make test's NW run (four blocks of two warps
# on one SM: TUBA's limit moves) for 1,000,000 cycles, MM at the small size with 8 TFET rows
# (32 CMOS ids: the CMOS class runs out, budgets are used up) for 500,000, and NW with TUBA's band
# narrowed to 40-50 % (HRF_TUBA40 below: the limit moves ~120 times, a TFET grant in 30 of those cycles)
HRF_TUBA40="--set DW_PCT=40 --set UP_PCT=50 --knob PROFILE=9 --knob SMS=1 --knob ILEN=40 --seed 1 --cycles 300000"
t sweep "fcov:hrf_sm-closure" "set -o pipefail; { \$WARPGEN cosim hrf_sm $HRF_SMALL --knob PROFILE=9 --knob SMS=1 --knob ILEN=60 --model-only --seed 3 --cycles 1000000 && \$WARPGEN cosim hrf_sm $HRF_SMALL --set TFET_ROWS=8 --set TFET_REGS=32 --knob PROFILE=5 --knob ILEN=100 --model-only --seed 3 --cycles 500000 && \$WARPGEN cosim hrf_sm $HRF_SMALL $HRF_TUBA40 --model-only; } | awk -v runs=3 -f tests/fcov_closure.awk"
# Code and toggle coverage (issue 24; docs/hrf_sm.md "Code and toggle coverage", stop 42): the closure's
# MM configuration (8 TFET rows: the CMOS class runs out) co-simulated, measured with make test's NW,
# BFS and GTO runs by `warpgen regress ... --coverage` (100,000 cycles: 88.5 % of its toggles)
t sweep "cosim:hrf_sm-cov-small-mm8-seed3" "\$WARPGEN cosim hrf_sm $HRF_SMALL --set TFET_ROWS=8 --set TFET_REGS=32 --knob PROFILE=5 --knob ILEN=100 --seed 3 --cycles 100000 -q"
# the flag cache's fallback to any unpinned entry (rename.v "cand = ~pin"): at FC_ENTRIES=48 the 7 other
# warps' cursors never pin every entry from the victim pointer up; at 8 entries they do
t sweep "cosim:hrf_sm-cov-small-fc8-nw-seed3" "\$WARPGEN cosim hrf_sm $HRF_SMALL --set FC_ENTRIES=8 --knob PROFILE=9 --knob SMS=1 --knob ILEN=60 --seed 3 --cycles 30000 -q"
# tfet_grant_while_limit_moves (a TFET grant in a cycle TUBA's limit moves, stop 43): TUBA moves the limit only at
# a completion that finds the free TFET share past a threshold, and a TFET grant falls in ~10 % of the cycles; at
# the defaults' 15/40 % the NW run moves it 20 times in 100,000 cycles (3 hits). With the band narrowed to
# 40/50 % and 40-instruction warps it moves ~120 times in 300,000 cycles: 30 hits (seed 1; C model 11-30 over
# seeds 1-5 at 100,000-300,000 cycles)
t sweep "cosim:hrf_sm-cov-small-tuba40-nw-seed1" "\$WARPGEN cosim hrf_sm $HRF_SMALL $HRF_TUBA40 -q"
t sweep "lint:hrf_sm-default" "BLOCK=hrf_sm tests/lint.sh"
t test "lint:hrf_sm-smallest" "BLOCK=hrf_sm tests/lint.sh --set WARPS=1 --set REGS=1 --set PHYS_REGS=16 --set RT_ENTRIES=1 --set TFET_ROWS=1 --set TFET_REGS=4 --set THR_ACC=0 --set REF_SHIFT=0 --set SAMPLE_PERIOD=1 --set DW_PCT=1 --set UP_PCT=2 --set MAX_BLOCKS=1 --set FC_ENTRIES=1 --set EXEMPT=0 --set RT_BANKS=1 --set ALLOC_PORTS=1 --set PF_DEPTH=3" # every parameter at its smallest legal value
t sweep "area:hrf_sm-small" "\$WARPGEN area hrf_sm $HRF_SMALL -q"
# every profile at the small size, more seeds (make sweep)
for p in 0 1 2 3 4 5 6 7 8 9 10 11 12 13; do
	for ((s = 1; s <= ${SEEDS:-3}; s++)); do
		t sweep "cosim:hrf_sm-small-p$p-seed$s" "\$WARPGEN cosim hrf_sm $HRF_SMALL --knob PROFILE=$p --knob ILEN=100 --seed $s --cycles ${CYCLES:-1000000} -q"
	done
done
t sweep "cosim:hrf_sm-default-seed2" "\$WARPGEN cosim hrf_sm --seed 2 --cycles ${CYCLES:-1000000} -q"

# RTL mutants of the composition's wiring, each caught by the random stimulus: memra's grant_i
# and the scheduler's TRWS priority unwired (make test), tuba's free count halved (make sweep)
mutant_args "$HRF_SMALL --knob ILEN=60"
mutant grant-unwired test 's/\.grant_i      (grant_i),/.grant_i      ({8{1'"'"'b0}}),/'
mutant prio-unwired test 's/\.prio_i       (prio_i),/.prio_i       ({8{1'"'"'b0}}),/'
mutant_args "$HRF_SMALL --knob PROFILE=9 --knob SMS=1 --knob ILEN=60"
mutant free-halved sweep 's/\.free_i   (ren_free_tfet_o),/.free_i   (ren_free_tfet_o >> 1),/'

# the paper's sizes: `make` leaves the area step to `make full`, which runs the full flow with ABC's
# shorter scripts (--abc-fast: 753 CPU-s, 12.3 M um^2 at 180 nm; with the default scripts ABC did
# not finish the renaming table in 26 CPU-minutes): the Papers row against P1's 2 % of the RF
main_area_opt --abc-fast
main_area_in_full # the flip-flop synthesis of the 3024-entry table: 58 CPU-s on a quiet machine (212 with the old coarse script, clean clone)
main hrf_sm-default "hrf_sm"

# bad input: one clear line, exit 2
t fast "bad:stats-hrf_sm-profile" "tests/expect_bad.sh \"unknown profile 'FOO'\" $W stats hrf_sm --profile FOO"
t fast "bad:stats-hrf_sm-knob" "tests/expect_bad.sh 'knob SMS=0 is out of range (legal 1..16)' $W stats hrf_sm --knob SMS=0"
t fast "bad:stats-hrf_sm-knob-name" "tests/expect_bad.sh \"unknown knob 'NOPE=1'\" $W stats hrf_sm --knob NOPE=1"
t fast "bad:stats-hrf_sm-option" "tests/expect_bad.sh \"unknown option '--frob'\" $W stats hrf_sm --frob"
t fast "bad:stats-hrf_sm-seeds" "tests/expect_bad.sh '--seeds 9 is out of range (legal range 1..8)' $W stats hrf_sm --seeds 9"
t fast "bad:stats-hrf_sm-seed" "tests/expect_bad.sh '--seed x must be a positive integer' $W stats hrf_sm --seed x"

# statistics: make test runs the quick grid with its checks (about 10 s of CPU), one profile under ASan + UBSan,
# check 5 where TUBA acts (NE at 200 instructions per warp, 3.2 CPU-s: the limit lowered 5 times, a block held
# back 52,194 SM-cycles, TUSG/TRQS 84.7 -> 90.7 %; docs/hrf_sm.md "Where TUBA acts"; it replaced BFS at seed 2,
# 2.7 CPU-s, whose check 5 is skipped at the quick size and which make sweep's stats:hrf_sm-quick-seed2 runs);
# a run capped too short must fail (the cap is a check, not a silent cut)
t test "stats:hrf_sm-quick" "\$WARPGEN stats hrf_sm --quick -q | grep -q 'stats hrf_sm: all checks passed'"
t test "stats:hrf_sm-quick-san-mt" "\$WARPGEN_SAN stats hrf_sm --quick --profile MT --knob ILEN=40 -q | grep -q 'stats hrf_sm: all checks passed'"
t test "stats:hrf_sm-quick-ne-tuba" "f=\$(mktemp) && \$WARPGEN stats hrf_sm --quick --profile NE --knob ILEN=200 -q >\$f && grep -q '^  PASS NE: TUBA+TRWS raise TUSG/TRQS .*no reversal.*TUBA lowered the limit [1-9][0-9]* times, held a block back [1-9][0-9]* SM-cycles' \$f && grep -q 'stats hrf_sm: all checks passed' \$f; rc=\$?; rm -f \$f; exit \$rc"
t test "stats-neg:hrf_sm-cycle-cap" "! \$WARPGEN stats hrf_sm --quick --profile CP --cycles 1000 -q >/dev/null 2>&1"

# make sweep: the full grid (14 profiles, 4 SMs, 400 instructions per warp) over seeds 1-3 (checks 4 and 5
# against the seeds' scatter; about 25 minutes of CPU), the quick grid at two more seeds
t sweep "stats:hrf_sm-full" "\$WARPGEN stats hrf_sm --seeds 3 -q | grep -q 'stats hrf_sm: all checks passed'"
for s in 2 3; do
	t sweep "stats:hrf_sm-quick-seed$s" "\$WARPGEN stats hrf_sm --quick --seed $s -q | grep -q 'stats hrf_sm: all checks passed'"
done

main_report 75 hrf_sm_report

# P1's schemes beside Fig. 9, 10 and 15, with a plot (PNG + SVG).
hrf_sm_report() {
	local j=$OUT/main/stats-hrf_sm.json d=$OUT/plots q=--quick
	# make (MAIN_FULL unset or 0): the quick grid (BFS, MT, MM, CP on 2 SMs, 100 instructions per warp;
	# about 40 s of CPU for the three seeds); make full (MAIN_FULL=1): every profile (about 25 minutes
	# of CPU). Three seeds: checks 4 and 5 compare the mean with the seeds' scatter (docs/hrf_sm.md).
	# A reversed direction is a finding, a failed run fails make (tests/report_run.sh, docs/user-guide.md
	# "Reversals").
	[ "${MAIN_FULL:-0}" = 1 ] && q=
	mkdir -p $OUT/main "$d"
	# shellcheck disable=SC2086
	tests/report_run.sh $OUT/main/stats-hrf_sm.log $W stats hrf_sm $q --seeds 3 --json "$j" >$OUT/main/hrf_sm.findings || status=1
	cat $OUT/main/hrf_sm.findings
	python3 - "$j" "$d" "$OUT/main/stats-hrf_sm.log" >$OUT/stats-hrf_sm.md <<'PY' || status=1
import json, os, sys
d = json.load(open(sys.argv[1])); out = sys.argv[2]
S = d["schemes"]
print("Hybrid CMOS/TFET register file (Xie et al. 2017) in the SM environment: `warpgen stats hrf_sm` (C models")
print("only; log %s), P1's schemes on %s of P1 Table 2's profiles (assumed shapes), each" % (sys.argv[3],
      "four (the quick grid: BFS, MT, MM, CP on 2 SMs, 100 instructions per warp)" if d["quick"] else "all fourteen"))
print("against the all-CMOS baseline with kernel-long gating on the same streams, means over seeds %d..%d." %
      (d["seed"], d["seed"] + d["seeds"] - 1))
print("Energy rows assumed")
print("(the assumed rows at the end of power_tables/xie2017.tsv). Checks: %s." % ("all passed" if d["passed"] else "**a direction came out reversed** (the finding above; docs/user-guide.md \"Reversals\")"))
print()
def f(v, k=1.0, fmt="%.3f"): return "-" if v < 0 else fmt % (v * k)
print("| scheme | time | P1 time | RF energy | P1 energy | energy, memory-intensive | P1 | dynamic / leakage saved, points | TFET share % |")
print("|---|---|---|---|---|---|---|---|---|")
for s in S:
    print("| %s | %.3f | %s | %.3f | %s | %.3f | %s | %.1f / %.1f | %.1f |" % (s["name"], s["time"], f(s["paper_time"]), s["energy"],
          f(s["paper_energy"]), s["energy_mem"], f(s["paper_energy_mem"]), 100 * s["dyn_pts"], 100 * s["leak_pts"], 100 * s["tfet_share"]))
dat = os.path.join(out, "hrf_sm_schemes.dat")
with open(dat, "w") as o:
    o.write("# hrf_sm (warpgen stats hrf_sm): index name time energy paper_time paper_energy (-1: not in P1's text)\n")
    for n, s in enumerate(S):
        o.write("%d \"%s\" %.4f %.4f %.4f %.4f\n" % (n, s["name"], s["time"], s["energy"], s["paper_time"], s["paper_energy"]))
body = ["set multiplot layout 1,2 title 'hrf_sm: P1 schemes against the all-CMOS baseline (warpgen stats hrf_sm)'",
        "set style data histograms", "set style histogram clustered gap 1", "set style fill solid 0.8 border -1",
        "set xtics rotate by -45", "set grid ytics", "set key outside top center horizontal", "set yrange [0:*]",
        "set title 'execution time / baseline'", "plot '%s' using 3:xtic(2) title 'ours', '' using ($5 < 0 ? 1/0 : $5) title 'P1 (F9, F15)'" % dat,
        "set title 'RF energy / baseline'", "plot '%s' using 4:xtic(2) title 'ours', '' using ($6 < 0 ? 1/0 : $6) title 'P1 (F9, F10, F15)'" % dat,
        "unset multiplot"]
with open(os.path.join(out, "hrf_sm_schemes.gp"), "w") as o:
    for term, ext in (("pngcairo size 1400,600 font 'sans,9' noenhanced", "png"), ("svg size 1400,600 font 'sans,9' noenhanced", "svg")):
        o.write("reset\nset terminal %s\nset output '%s'\n%s\nset output\n" % (term, os.path.join(out, "hrf_sm_schemes." + ext), "\n".join(body)))
PY
	cat $OUT/stats-hrf_sm.md
	if command -v gnuplot >/dev/null; then
		gnuplot "$d/hrf_sm_schemes.gp" 2>$OUT/main/hrf_sm_schemes.gp.err && [ ! -s $OUT/main/hrf_sm_schemes.gp.err ] ||
			{ echo "hrf_sm plot: gnuplot failed:"; cat $OUT/main/hrf_sm_schemes.gp.err; status=1; }
	else
		echo "hrf_sm plot: gnuplot not installed, no plot"
	fi
	{ echo; echo "## Hybrid CMOS/TFET register file (hrf_sm, C models only)"; echo
	  [ -s $OUT/main/hrf_sm.findings ] && { sed 's/^/**/; s/$/**/' $OUT/main/hrf_sm.findings; echo; }
	  [ -n "$q" ] && { echo "make's quick set (\`--quick\`: BFS, MT, MM, CP on 2 SMs); \`make full\` runs every profile."; echo; }
	  cat $OUT/stats-hrf_sm.md
	  echo; echo "Plot: [hrf_sm_schemes.png](plots/hrf_sm_schemes.png) / [hrf_sm_schemes.svg](plots/hrf_sm_schemes.svg) (data hrf_sm_schemes.dat)"; } >>"$REPORT_MD"
}

# the report's Papers rows (gen/hrf_sm_papers.c) on the small configuration's co-simulation
t test "report:hrf_sm-papers" "d=\$(mktemp -d) && \$WARPGEN cosim hrf_sm $HRF_SMALL --knob ILEN=60 --seed 1 --cycles 2000 -q --json \$d/c.json && \$WARPGEN gen hrf_sm $HRF_SMALL -o \$d/rtl -q && \$WARPGEN report -o \$d/out \$d/c.json \$d/rtl/hrf_sm.manifest.json >/dev/null && grep -q '| MEM_RA hardware: rename stage (256 x 10 table + 256 x 10 FIFOs) + 32 x 11 counters; ours: ren + pred | hrf_sm WARPS=8 REGS=20 PHYS_REGS=64 RT_ENTRIES=160 TFET_ROWS=4 TFET_REGS=16 | 5472 | 5761 | 1.053 | bits |' \$d/out/report.md && grep -q '| the whole composition (scheduler and TUBA included) | hrf_sm WARPS=8 REGS=20 PHYS_REGS=64 RT_ENTRIES=160 TFET_ROWS=4 TFET_REGS=16 | 5472 | 5859 | 1.071 | bits |' \$d/out/report.md; rc=\$?; rm -rf \$d; exit \$rc"
