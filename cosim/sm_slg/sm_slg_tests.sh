# sm_slg_tests.sh - the sync-aware power-gating controller under the round-robin scheduler (a
# composition of sched2l and slg) in the synthetic shader: tests, mutants, the main-job point and
# its report section (read by tests/decl.sh; docs/adding-a-block.md, docs/sm_slg.md).
#
# Verilator builds cost most of make test: the test tier builds five configurations (the default,
# 8 warps x 2 CTAs for the cases and most runs, and three edges) and one mutant; knobs (Z, FRONT,
# PROFILE, PEND_PCT) vary the runs of a build for free.

gate_synth quick
gate_small "--set WARPS=8 --set CTAS=2"

t fast "gen:list-sm_slg" "\$WARPGEN list | grep -q '^sm_slg '"
t fast "gen:help-sm_slg" "\$WARPGEN gen sm_slg --help | grep -q 'Y *4 *2..35'"
t fast "bad:sm_slg-y-not-above-x" "tests/expect_bad.sh 'sm_slg: instance gate (slg): Y=3 must be greater than X=3' $W gen sm_slg --set X=3 --set Y=3 -o @OUT@"
t fast "bad:sm_slg-ctas" "tests/expect_bad.sh 'sm_slg: instance gate (slg): CTAS=9 must not exceed WARPS=8' $W gen sm_slg --set WARPS=8 --set CTAS=9 -o @OUT@"
t fast "bad:sm_slg-knob-z" "tests/expect_bad.sh 'Z' $W cosim sm_slg --knob Z=0 --model-only"
t fast "bad:stats-sm_slg-profile" "tests/expect_bad.sh \"unknown profile 'FOO'\" $W stats sm_slg --profile FOO"
t fast "bad:stats-sm_slg-front" "tests/expect_bad.sh \"unknown front end 'X'\" $W stats sm_slg --front X"
t fast "bad:stats-sm_slg-jobs" "tests/expect_bad.sh '--jobs 0 is out of range' $W stats sm_slg --jobs 0"
t fast "bad:stats-sm_slg-s21" "tests/expect_bad.sh \"unknown S21_WAKE rule 'LATE'\" $W stats sm_slg --s21 LATE"
t fast-only "cosim:sm_slg-w8c2-short" "\$WARPGEN_SAN cosim sm_slg --set WARPS=8 --set CTAS=2 --seed 3 --cycles 5000 -q"
t fast-only "case:sm_slg-fast-barrier" "\$WARPGEN_SAN cosim sm_slg --case barrier_sleep_release_wake -q"

# make test: the default with seed 1, 8 warps x 2 CTAs with seeds 2 and 3 (other profiles, both front
# ends, unannounced loads), Z >= Y, the edges (X=1 Y=2 with 2-warp blocks, Y=35 with the paper's literal
# S21_WAKE=FIRST_Y, 1 warp / 1 CTA)
SSL_SMALL="--set WARPS=8 --set CTAS=2"
t test "cosim:sm_slg-default-seed1" "\$WARPGEN_SAN cosim sm_slg --seed 1 --cycles 20000 -q"
t test "cosim:sm_slg-w8c2-seed2" "\$WARPGEN_SAN cosim sm_slg $SSL_SMALL --seed 2 --cycles 50000 --knob PROFILE=1 --knob FRONT=1 -q"
t test "cosim:sm_slg-w8c2-seed3" "\$WARPGEN_SAN cosim sm_slg $SSL_SMALL --seed 3 --cycles 50000 --knob PROFILE=3 --knob PEND_PCT=50 --knob LD_PCT=20 --knob Z=2 -q"
t test "cosim:sm_slg-w8c2-z-ge-y" "\$WARPGEN_SAN cosim sm_slg $SSL_SMALL --seed 2 --cycles 30000 --knob PROFILE=2 --knob Z=6 -q"
t test "cosim:sm_slg-w4c2-x1y2" "\$WARPGEN_SAN cosim sm_slg --set WARPS=4 --set CTAS=2 --set X=1 --set Y=2 --seed 3 --cycles 30000 --knob WPB=2 --knob Z=1 -q"
t test "cosim:sm_slg-w8c2-x3y35-first-y" "\$WARPGEN_SAN cosim sm_slg $SSL_SMALL --set X=3 --set Y=35 --set S21_WAKE=FIRST_Y --seed 1 --cycles 30000 --knob Z=3 --knob FRONT=1 -q"
t test "cosim:sm_slg-w1c1" "\$WARPGEN_SAN cosim sm_slg --set WARPS=1 --set CTAS=1 --seed 2 --cycles 20000 -q"
cases test
t test "case-neg:sm_slg-threads-false-release" "tests/expect_check_fail.sh 'released before all its warps arrived' \$WARPGEN cosim sm_slg --case threads_counter_false_release --model-only -q"
t test "lint:sm_slg-w8c2" "BLOCK=sm_slg tests/lint.sh $SSL_SMALL"
t test "stats:sm_slg-quick" "\$WARPGEN stats sm_slg --quick -q | grep -q 'stats sm_slg: all checks passed'"
t sweep "tsan:stats-sm_slg" "\$OUT/bin/warpgen-tsan stats sm_slg --quick --profile GAUSSIAN --front WARP --s21 REST --knob WORK=2048 --jobs 2 -q"

# make sweep: more sizes, seeds, the paper's literal counter with one CTA slot, an entry delay
SSL_SWEEP=(
	"default|"
	"w8c2|$SSL_SMALL"
	"w16c4-ed3|--set WARPS=16 --set CTAS=4 --set ENTER_DELAY=3 --set Y=17"
	"w8c1-threads|--set WARPS=8 --set CTAS=1 --set COUNT=THREADS --set X=5 --set Y=7"
	"w64c64|--set WARPS=64 --set CTAS=64 --set X=13 --set Y=35"
	"w32c8-first-y|--set S21_WAKE=FIRST_Y --set X=3 --set Y=35"
)
for c in "${SSL_SWEEP[@]}"; do
	for ((s = 2; s <= ${SEEDS:-5}; s++)); do
		for f in 0 1; do
			t sweep "cosim:sm_slg-${c%%|*}-seed$s-front$f" "\$WARPGEN cosim sm_slg ${c#*|} --seed $s --knob FRONT=$f --knob PROFILE=$((s % 6)) --cycles ${CYCLES:-1000000} -q"
		done
	done
done
# Functional coverage closure (docs/sm_slg.md "Functional coverage points"): every point at least 10
# times by random stimulus, C model only, 1,000,000 cycles each (about 15 s): the sweep's
# w32c8-first-y configuration on the in-order front end (a later warp's wake from the move, the
# frozen front end) and w16c4-ed3 with unannounced loads of short latency on the reduction profile
# (a write-back to a sleeping or entering region, re-arrivals during a wake).
t sweep "fcov:sm_slg-closure" "set -o pipefail; { \$WARPGEN cosim sm_slg ${SSL_SWEEP[5]#*|} --knob FRONT=1 --knob PROFILE=3 --model-only --seed 3 --cycles 1000000 && \$WARPGEN cosim sm_slg ${SSL_SWEEP[2]#*|} --knob FRONT=0 --knob PROFILE=1 --knob PEND_PCT=0 --knob LD_PCT=30 --knob LD_LAT=20 --model-only --seed 3 --cycles 1000000; } | awk -f tests/fcov_closure.awk"
# Code coverage closure (docs/sm_slg.md "Code and toggle coverage"): the X == 1 arms of the S1 and
# S21 wakes (a later warp's wake during the move needs S21_WAKE=FIRST_Y and a move longer than one
# cycle, Y well above X) are reached by no other sweep configuration.
t sweep "cosim:sm_slg-w8c2-x1y17-first-y" "\$WARPGEN cosim sm_slg $SSL_SMALL --set X=1 --set Y=17 --set S21_WAKE=FIRST_Y --knob FRONT=1 --knob PROFILE=3 --seed 3 --cycles 200000 -q"
# Toggle coverage at 16 warps and more: the profiles' blocks per SM (ceil(P2's blocks / 30 shaders),
# 1 for GAUSSIAN) keep one or two CTAs live, so most warps, CTA slots and scheduler slots never
# move (default: 74.8 % of the toggle points at 20,000 or 150,000 cycles); BLOCKS=64 fills every
# CTA slot (88.9 % at 20,000 cycles).
for i in 0 2 4 5; do
	c=${SSL_SWEEP[$i]}
	t sweep "cosim:sm_slg-${c%%|*}-fill" "\$WARPGEN cosim sm_slg ${c#*|} --knob BLOCKS=64 --knob PROFILE=2 --knob FRONT=$((i % 2)) --seed 5 --cycles 20000 -q"
done
# launch_size_i's bits (docs/sm_slg.md "Code and toggle coverage"): the profiles launch blocks of
# whole warps and at most 16 of them, so its five low bits and top bits (above 512) never moved; WPB=64
# (capped at WARPS: one block holds every warp, the top bits) and PARTIAL_PCT=50 (half the blocks'
# last warp 1..31 threads short, W-P2-8: the low bits, and at COUNT=THREADS the partial release);
# short blocks (BARS=2 ILEN=20): 17 launches in 20,000 cycles at 8 warps instead of 2.
for c in "${SSL_SWEEP[@]}"; do
	t sweep "cosim:sm_slg-${c%%|*}-whole-partial" "\$WARPGEN cosim sm_slg ${c#*|} --knob WPB=64 --knob PARTIAL_PCT=50 --knob BARS=2 --knob ILEN=20 --seed 6 --cycles 20000 -q"
done
# lst_q (COUNT = THREADS: the highest warp of its CTA): with one CTA slot every block starts at warp
# 0, so lst_q[w] moves only for w = WPB - 1: one run per block size 1..7 (WPB=8 is -whole-partial's)
for ((n = 1; n <= 7; n++)); do
	t sweep "cosim:sm_slg-w8c1-threads-wpb$n" "\$WARPGEN cosim sm_slg ${SSL_SWEEP[3]#*|} --knob WPB=$n --knob PARTIAL_PCT=50 --knob BARS=2 --knob ILEN=20 --seed 6 --cycles 20000 -q"
done
# 64 warps x 64 CTA slots: blocks of 4 warps and more take every warp with 16 CTAs, so CTA slots 16..63
# never launch (launch_cta_i's top bits) and 10..63 never released (rel_o) in 20,000 cycles; one-warp
# blocks use every slot. The per-CTA FIRST_Y flags past 8 CTA slots and the COUNT=THREADS state past
# 8 warps (lst_q, thr_q, bsz_q) move at no other sweep configuration: one build with both, run with
# one-warp blocks and with one 64-warp block (the only CTA live, its size up to 2,048 threads).
SSL_W64TF="--set WARPS=64 --set CTAS=64 --set X=13 --set Y=35 --set COUNT=THREADS --set S21_WAKE=FIRST_Y"
for n in 1 64; do
	t sweep "cosim:sm_slg-w64c64-threads-first-y-wpb$n" "\$WARPGEN cosim sm_slg $SSL_W64TF --knob WPB=$n --knob BLOCKS=64 --knob PARTIAL_PCT=50 --knob BARS=2 --knob ILEN=20 --seed 6 --cycles 20000 -q"
done
t sweep "lint:sm_slg-default" "BLOCK=sm_slg tests/lint.sh"
t sweep "area:sm_slg-w8c2" "\$WARPGEN area sm_slg $SSL_SMALL -q"
t sweep "cosim:sm_slg-w8c2-first-y" "\$WARPGEN cosim sm_slg $SSL_SMALL --set S21_WAKE=FIRST_Y --set Y=17 --knob Z=3 --seed 4 --cycles 200000 -q"
t sweep "lint:sm_slg-w64c64-threads" "BLOCK=sm_slg tests/lint.sh --set WARPS=64 --set CTAS=64 --set COUNT=THREADS --set ENTER_DELAY=15"
t test "lint:sm_slg-smallest" "BLOCK=sm_slg tests/lint.sh --set WARPS=1 --set CTAS=1 --set X=1 --set Y=2 --set ENABLE=0 --set ENTER_DELAY=0" # every parameter at its smallest legal value
t sweep "wave:sm_slg-case" "tests/check_wave.sh sm_slg barrier_sleep_release_wake"
t sweep "stats:sm_slg-full" "\$WARPGEN stats sm_slg -q | grep -q 'stats sm_slg: all checks passed'"

# RTL mutants: the composition's own wiring broken in the composed file
mutant_args "$SSL_SMALL"
mutant bar-unwired test 's/\.bar_i        (gate_wait_o),/.bar_i        ({8{1'"'"'b0}}),/'
mutant sel-unwired sweep 's/\.sel_valid_i   (sched_iss_valid_o),/.sel_valid_i   (1'"'"'b0),/'

# the composition at P2's point (32 warps, 8 CTA slots, x.y = 3.4); flip-flops only, as slg's
# own (Yosys's gate mapping of the composition ran over 21 minutes in `make`)
main_area_opt --flops-only
main sm_slg-default "sm_slg"
main_report 70 sm_slg_report

# P2's x.y.z grid on the synthetic shader (C models only), beside the paper, with plots.
sm_slg_report() {
	local j=$OUT/main/stats-sm_slg.json d=$OUT/plots q=--quick
	# make: --quick (6 pairs + 1.2 at z = 3, 10, shortened runs); make full (MAIN_FULL=1): the whole grid.
	# A reversed direction is a finding, a failed run fails make (tests/report_run.sh).
	[ "${MAIN_FULL:-0}" = 1 ] && q=
	mkdir -p $OUT/main "$d"
	# shellcheck disable=SC2086
	tests/report_run.sh $OUT/main/stats-sm_slg.log $W stats sm_slg $q --json "$j" >$OUT/main/sm_slg.findings || status=1
	cat $OUT/main/sm_slg.findings
	python3 - "$j" "$d" "$OUT/main/stats-sm_slg.log" >$OUT/stats-sm_slg.md <<'PY' || status=1
import json, os, sys
d = json.load(open(sys.argv[1])); out = sys.argv[2]
P = d["passes"]
print("Sync-aware two-level power gating of the register file (Jooya & Baniasadi DATE'13) on the synthetic shader:")
print("`warpgen stats sm_slg` (C models only; log %s), P2's grid of 18 (x, y) pairs + 1.2 at" % sys.argv[3])
print("z = %s, six profiles of P2 Table II, each against the all-ACTIVE baseline on the same streams." % ", ".join(map(str, d["z"])))
print("Passes: front end INORDER (a read waiting for its wake stalls the in-order front end, as P2's reasoning")
print("assumes) or WARP (spec B4: only the waking warp waits), each with S21_WAKE=REST (B5: a wake during")
print("SLG2 -> SLG1 pays its rest + x) or FIRST_Y (P2 §III literally: only a CTA's first wake pays it).")
print()
print("| | paper (P2) | " + " | ".join(p["name"] for p in P) + " |")
print("|---|---|" + "---|" * len(P))
def row(label, paper, f):
    print("| %s | %s | %s |" % (label, paper, " | ".join(f(p) for p in P)))
row("largest RF leakage reduction", "up to 22 %", lambda p: "%.1f %%" % (100 * p["max_saving"]))
row("performance loss over the grid", "Fig. 4a (not in the text)", lambda p: "%.2f .. %.2f %%" % (100 * p["loss_min"], 100 * p["loss_max"]))
row("loss per cycle of x / of y", "more sensitive to x", lambda p: "%.3f / %.3f %%: %s%s" % (100 * p["slope_x"], 100 * p["slope_y"],
    "x" if p["slope_x"] > p["slope_y"] else "**y**", "" if p["sensitivity_checked"] else " (not checked)"))
row("loss change from a z to the next", "larger z lowers the loss", lambda p: "%+.2f points on average, %d of %d rise%s" % (
    100 * p["z_mean"], p["z_rises"], p["z_steps"], "" if p["depth_checked"] else " (not checked)"))
row("Table III: stall = max(0, wake - z)", "the rule", lambda p: "all %d exact" % p["table3_checked"])
print()
for p in P:
    for c in p["checks"]:
        print("- %s: %s" % (p["name"], c))
print()
print("Per profile (pass %s): largest saving, loss range" % P[-1]["name"])
print()
print("| profile | this SM: blocks x warps, barriers | max saving | loss range |")
print("|---|---|---|---|")
for pr in P[-1]["profiles"]:
    sc = [s for s in P[-1]["scenarios"] if s["profile"] == pr["name"]]
    print("| %s | %d x %d, %d | %.1f %% | %.2f .. %.2f %% |" % (pr["name"], pr["blocks"], pr["wpb"], pr["bars"],
          100 * max(s["saving"] for s in sc), 100 * min(s["loss"] for s in sc), 100 * max(s["loss"] for s in sc)))
# plot data: mean over the profiles per pass, x.y and z; then the gnuplot script
pairs = []
for s in P[0]["scenarios"]:
    if (s["x"], s["y"]) not in pairs: pairs.append((s["x"], s["y"]))
dat = os.path.join(out, "sm_slg_grid.dat")
with open(dat, "w") as o:
    o.write("# sm_slg (warpgen stats sm_slg): mean over the profiles. Columns: index x y, then per pass (%s) and z (%s): loss %% saving %%\n"
            % (" ".join(p["name"] for p in P), " ".join(map(str, d["z"]))))
    for n, (x, y) in enumerate(pairs):
        cols = []
        for p in P:
            for z in d["z"]:
                sc = [s for s in p["scenarios"] if s["x"] == x and s["y"] == y and s["z"] == z]
                cols.append("%.4f %.4f" % (100 * sum(s["loss"] for s in sc) / len(sc), 100 * sum(s["saving"] for s in sc) / len(sc)))
        o.write("%d %d %d %s\n" % (n, x, y, " ".join(cols)))
xt = ", ".join("'%d.%d' %d" % (x, y, n) for n, (x, y) in enumerate(pairs))
def col(pi, zi, what): return 4 + 2 * (pi * len(d["z"]) + zi) + what
body = ["set multiplot layout 2,%d title 'sm_slg: P2 x.y.z grid, mean over the six profiles (warpgen stats sm_slg)'" % (len(P) // 2 + 1),
        "set xtics rotate by -60 (%s)" % xt, "set grid", "set key top left", "set xlabel 'x.y'"]
order = sorted(range(len(P)), key=lambda i: (P[i]["front"], P[i]["s21_wake"]))
for r in range(2):
    for pi in order[r * len(P) // 2:(r + 1) * len(P) // 2]:
        body += ["set ylabel 'performance loss %'", "set title 'loss, %s'" % P[pi]["name"],
                 "plot " + ", ".join("'%s' using 1:%d with linespoints title 'z=%d'" % (dat, col(pi, zi, 0), z) for zi, z in enumerate(d["z"]))]
    pi = order[(r + 1) * len(P) // 2 - 1]
    body += ["set ylabel 'RF leakage power saved %'", "set title 'saving, %s (P2: up to 22 %%)'" % P[pi]["name"],
             "plot " + ", ".join("'%s' using 1:%d with linespoints title 'z=%d'" % (dat, col(pi, zi, 1), z) for zi, z in enumerate(d["z"]))]
body.append("unset multiplot")
with open(os.path.join(out, "sm_slg_grid.gp"), "w") as o:
    for term, ext in (("pngcairo size 1500,900 font 'sans,9' noenhanced", "png"), ("svg size 1500,900 font 'sans,9' noenhanced", "svg")):
        o.write("reset\nset terminal %s\nset output '%s'\n%s\nset output\n" % (term, os.path.join(out, "sm_slg_grid." + ext), "\n".join(body)))
PY
	cat $OUT/stats-sm_slg.md
	if command -v gnuplot >/dev/null; then
		gnuplot "$d/sm_slg_grid.gp" 2>$OUT/main/sm_slg_grid.gp.err && [ ! -s $OUT/main/sm_slg_grid.gp.err ] ||
			{ echo "sm_slg plot: gnuplot failed:"; cat $OUT/main/sm_slg_grid.gp.err; status=1; }
	else
		echo "sm_slg plot: gnuplot not installed, no plot"
	fi
	{ echo; echo "## Sync-aware power gating of the register file (sm_slg, C models only)"; echo
	  [ -s $OUT/main/sm_slg.findings ] && { sed 's/^/**/; s/$/**/' $OUT/main/sm_slg.findings; echo; }
	  [ -n "$q" ] && { echo "make's quick grid (\`--quick\`: 6 pairs + 1.2 at z = 3, 10, shortened runs); \`make full\` runs P2's whole grid."; echo; }
	  cat $OUT/stats-sm_slg.md
	  echo; echo "Plot: [sm_slg_grid.png](plots/sm_slg_grid.png) / [sm_slg_grid.svg](plots/sm_slg_grid.svg) (loss and saving over the grid, data sm_slg_grid.dat)"; } >>"$REPORT_MD"
}
