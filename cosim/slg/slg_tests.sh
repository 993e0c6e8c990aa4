# slg_tests.sh - the sync-aware power-gating controller's tests, regressions and main-job point
# (read by tests/decl.sh; the functions are documented there and in docs/adding-a-block.md).
#
# Every distinct configuration costs make test a Verilator build, so the random runs of make test
# reuse the builds of the directed cases (WARPS=8 CTAS=4 Y=5 and its ENTER_DELAY=3, COUNT=THREADS,
# ENABLE=0 variants) and add only the default and two edges: the smallest block (one warp, one CTA,
# X=1, Y=2) and the slowest one (X=24, Y=35, ENTER_DELAY=15, the paper's thread counter; at 16 warps
# in 2 CTAs, since Yosys's time in the lint grows with WARPS x CTAS: 64 x 64 takes half an hour).
SLG_SLOW="--set WARPS=16 --set CTAS=2 --set X=24 --set Y=35 --set ENTER_DELAY=15 --set COUNT=THREADS"

SLG_CASE="--set WARPS=8 --set CTAS=4 --set Y=5" # the directed cases' configuration
# Yosys's full flow (ABC) takes many minutes at the default: make test runs the gate level at the
# cases' configuration, and the main job's area is the flip-flop check alone
gate_small "$SLG_CASE"
main_area_opt --flops-only

t fast "gen:list-slg" "\$WARPGEN list | grep -q '^slg '"
t fast "gen:help-slg" "\$WARPGEN gen slg --help | grep -q 'ENTER_DELAY *0 *0..15'"
t fast "bad:slg-y-not-above-x" "tests/expect_bad.sh 'slg: Y=3 must be greater than X=3 (legal range X+1..35)' $W gen slg --set X=3 --set Y=3 -o @OUT@"
t fast "bad:slg-ctas-above-warps" "tests/expect_bad.sh 'slg: CTAS=9 must not exceed WARPS=8 (legal range 1..WARPS)' $W gen slg --set WARPS=8 --set CTAS=9 -o @OUT@"
t fast "bad:slg-y-out-of-range" "tests/expect_bad.sh 'slg: Y=36 is out of range (legal range 2..35)' $W gen slg --set Y=36 -o @OUT@"
t fast "bad:slg-enter-delay-out-of-range" "tests/expect_bad.sh 'slg: ENTER_DELAY=16 is out of range (legal range 0..15)' $W gen slg --set ENTER_DELAY=16 -o @OUT@"
t fast "bad:slg-count-enum" "tests/expect_bad.sh 'slg: COUNT=LANES is not one of WARPS|THREADS' $W gen slg --set COUNT=LANES -o @OUT@"
t fast "bad:slg-knob-z" "tests/expect_bad.sh 'slg: knob: Z=41 is out of range (legal range 0..40)' $W cosim slg --knob Z=41 --model-only -q"
t fast "bad:slg-case-too-small" "tests/expect_bad.sh 'slg: directed cases need WARPS >= 8 and CTAS >= 4' $W cosim slg --case enable_off --set WARPS=4 --set CTAS=4 --model-only -q"
t fast-only "cosim:slg-default-short" "\$WARPGEN_SAN cosim slg --seed 3 --cycles 5000 -q"
t fast-only "case:slg-fast-sleep_release_wake" "\$WARPGEN_SAN cosim slg --case sleep_release_wake -q"

# lint: the default, the edges, and every directed case's configuration (64 warps: make sweep)
t sweep "lint:slg-default" "BLOCK=slg tests/lint.sh" # (Yosys reads 32 x 8 for minutes: make lints the default)
t test "lint:slg-w8c4" "BLOCK=slg tests/lint.sh $SLG_CASE"
t test "lint:slg-w1c1-x1y2" "BLOCK=slg tests/lint.sh --set WARPS=1 --set CTAS=1 --set X=1 --set Y=2"
t test "lint:slg-w16c2-x24y35-ed15-threads" "BLOCK=slg tests/lint.sh $SLG_SLOW"
t test "lint:slg-w1c1-threads-off" "BLOCK=slg tests/lint.sh --set WARPS=1 --set CTAS=1 --set COUNT=THREADS --set ENABLE=0"
lint_cases sweep

# random co-simulation: three seeds of the default (the first also checks that every region state and
# event was reached), the two edges, the cases' configurations, and knobs at their extremes
t test "build:slg-default" "\$WARPGEN cosim slg --cycles 1000 -q"
for seed in 1 2 3; do
	cover=""
	[ "$seed" = 1 ] && cover="--knob COVER=1"
	t test "cosim:slg-default-seed$seed" "\$WARPGEN_SAN cosim slg --seed $seed --cycles 100000 $cover -q"
done
t test "cosim:slg-w1c1-x1y2-seed1" "\$WARPGEN_SAN cosim slg --set WARPS=1 --set CTAS=1 --set X=1 --set Y=2 --seed 1 --cycles 100000 -q"
t test "cosim:slg-w16c2-x24y35-ed15-threads-seed2" "\$WARPGEN_SAN cosim slg $SLG_SLOW --seed 2 --cycles 100000 --knob COVER=1 -q"
t test "cosim:slg-w8c4-ed3-seed3" "\$WARPGEN_SAN cosim slg $SLG_CASE --set ENTER_DELAY=3 --seed 3 --cycles 100000 --knob COVER=1 -q"
t test "cosim:slg-w8c4-threads-seed1" "\$WARPGEN_SAN cosim slg $SLG_CASE --set COUNT=THREADS --seed 1 --cycles 100000 --knob COVER=1 -q"
t test "cosim:slg-w8c4-first-y-seed2" "\$WARPGEN_SAN cosim slg $SLG_CASE --set S21_WAKE=FIRST_Y --seed 2 --cycles 100000 -q"
t test "cosim:slg-w8c4-off-seed2" "\$WARPGEN_SAN cosim slg $SLG_CASE --set ENABLE=0 --seed 2 --cycles 100000 --knob COVER=1 -q"
t test "cosim:slg-w8c4-knobs-hot" "\$WARPGEN_SAN cosim slg $SLG_CASE --knob Z=0 --knob ARR_PM=300 --knob GANG_PCT=30 --knob EXIT_PM=200 --knob SEL_PCT=100 --knob SEL_WAIT_PCT=50 --knob WB_PM=100 --knob PEND_PM=50 --knob PEND_LEN=3 --knob LAUNCH_PCT=100 --knob ODD_PCT=30 --knob KERNEL_PPM=20000 --knob RESET_PPM=1000 --seed 4 --cycles 100000 -q"
t test "cosim:slg-default-knobs-cold" "\$WARPGEN_SAN cosim slg --knob Z=40 --knob ARR_PM=5 --knob EXIT_PM=0 --knob SEL_PCT=10 --knob SEL_WAIT_PCT=0 --knob WB_PM=0 --knob PEND_PM=0 --knob RESET_PPM=0 --knob CTA_WARPS=4 --knob PARTIAL_PCT=100 --seed 5 --cycles 100000 --knob COVER=1 -q"
t sweep "tsan:cosim-slg" "WARPGEN_LOOP=pipelined \$OUT/bin/warpgen-tsan cosim slg --seed 9 --cycles 20000 -q"

# directed cases, partial_warp_block under the other counting rule too, and claims that must fail
# where a parameter changes them
cases test
t test "case:slg-partial_warp_block-threads" "\$WARPGEN_SAN cosim slg --case partial_warp_block --set COUNT=THREADS -q"
t test "case-neg:slg-no_false_release-threads" "tests/expect_check_fail.sh 'neither CTA is released until all its warps arrive' \$WARPGEN cosim slg --case no_false_release --set COUNT=THREADS --model-only -q"
t test "case-neg:slg-threads_false_release-warps" "tests/expect_check_fail.sh 'the per-shader thread counter adds the two CTAs' \$WARPGEN cosim slg --case threads_false_release --set COUNT=WARPS --model-only -q"
t test "case-neg:slg-exit_releases-threads" "tests/expect_check_fail.sh 'the live count releases it' \$WARPGEN cosim slg --case exit_releases --set COUNT=THREADS --model-only -q"
t test "case-neg:slg-wake_during_entry-ed0" "tests/expect_check_fail.sh 'keeps ACTIVE leakage and access while it enters SLG2' \$WARPGEN cosim slg --case wake_during_entry --set ENTER_DELAY=0 --model-only -q"
t test "case-neg:slg-enable_off-on" "tests/expect_check_fail.sh 'ENABLE=0: no gating event (enter = 2)' \$WARPGEN cosim slg --case enable_off --set ENABLE=1 --model-only -q"
t test "case-neg:slg-sleep_release_wake-off" "tests/expect_check_fail.sh 'is not the last: it enters SLG2 the next cycle' \$WARPGEN cosim slg --case sleep_release_wake --set ENABLE=0 --model-only -q"
t test "case-neg:slg-first_y_later_x-rest" "tests/expect_check_fail.sh \"CTA 0's later one from SLG1\" \$WARPGEN cosim slg --case first_y_later_x --set S21_WAKE=REST --model-only -q"
t sweep "wave:slg-case" "tests/check_wave.sh slg sleep_release_wake"

# area: the flip-flops Yosys keeps against storage_bits, where the formula's terms change
t test "area:slg-w8c4" "\$WARPGEN area slg $SLG_CASE --flops-only -q"
t sweep "area:slg-w8c4-full" "\$WARPGEN area slg $SLG_CASE -q"
t test "area:slg-w8c1-threads" "\$WARPGEN area slg --set WARPS=8 --set CTAS=1 --set COUNT=THREADS --flops-only -q"
t test "area:slg-w8c4-off" "\$WARPGEN area slg $SLG_CASE --set ENABLE=0 --flops-only -q"
t sweep "area:slg-default-flops" "\$WARPGEN area slg --flops-only -q"
t sweep "area:slg-default" "\$WARPGEN area slg -q"

# make sweep: WARPS x CTAS x (X, Y) x COUNT x ENTER_DELAY, SEEDS seeds each (default 3)
for w in 1 8 32 64; do
	for c in 1 4 8; do
		[ "$c" -le "$w" ] || continue
		for xy in 1,2 3,4 13,17 24,35; do
			for cnt in WARPS THREADS; do
				for ed in 0 3; do
					name="w${w}c${c}-x${xy%,*}y${xy#*,}-${cnt,,}-ed$ed"
					args="--set WARPS=$w --set CTAS=$c --set X=${xy%,*} --set Y=${xy#*,} --set COUNT=$cnt --set ENTER_DELAY=$ed"
					for ((s = 1; s <= ${SEEDS:-3}; s++)); do
						t sweep "cosim:slg-$name-seed$s" "\$WARPGEN cosim slg $args --seed $s --cycles ${CYCLES:-100000} -q"
					done
				done
			done
		done
	done
done
# S21_WAKE=FIRST_Y, where first_y_later_warp (docs/slg.md "Functional coverage points") reaches its hits: a
# 4-cycle SLG2 -> SLG1 move at the cases' size
for ((s = 1; s <= ${SEEDS:-3}; s++)); do
	t sweep "cosim:slg-w8c4-x13y17-first-y-seed$s" "\$WARPGEN cosim slg --set WARPS=8 --set CTAS=4 --set X=13 --set Y=17 --set S21_WAKE=FIRST_Y --seed $s --cycles ${CYCLES:-100000} --knob COVER=1 -q"
done
# FIRST_Y with X = 1 (issue 24, docs/slg.md "Coverage"): a later warp's wake from S21 goes straight to
# ACTIVE (slg.v's `if (X == 1)` arm of the S21 wake), which no other sweep configuration reaches (the grid
# has no FIRST_Y, and X = 1 with Y = 2 leaves the S21 move one cycle, too short for a later warp's wake)
t sweep "cosim:slg-w8c4-x1y17-first-y-seed1" "\$WARPGEN cosim slg --set WARPS=8 --set CTAS=4 --set X=1 --set Y=17 --set S21_WAKE=FIRST_Y --seed 1 --cycles ${CYCLES:-100000} --knob COVER=1 -q"
t sweep "lint:slg-w64c8" "BLOCK=slg tests/lint.sh --set WARPS=64 --set CTAS=8"
t sweep "lint:slg-w64c1-x24y35-threads-ed15" "BLOCK=slg tests/lint.sh --set WARPS=64 --set CTAS=1 --set X=24 --set Y=35 --set COUNT=THREADS --set ENTER_DELAY=15"
t test "lint:slg-smallest" "BLOCK=slg tests/lint.sh --set WARPS=1 --set CTAS=1 --set X=1 --set Y=2 --set ENABLE=0 --set ENTER_DELAY=0" # every parameter at its smallest legal value

# RTL mutants, at the cases' configuration (Y - X = 2: a wake from the middle of SLG2 -> SLG1
# differs from a wake from SLG2); each must be caught by the random stream (tests/mutant.sh runs no
# directed case)
mutant_args "$SLG_CASE"
mutant s21-wake-restarts sweep 's/tm_n = tm + XM1_TB;/tm_n = YM1_TB;/'
mutant exit-not-counted test 's/if (memb \&\& live_q\[w\] \&\& !ext\[w\]) n_live/if (memb \&\& live_q[w]) n_live/'
mutant pend-ignored sweep 's/wire sleepy = (ENABLE != 0) \& wd \& ~pend_i\[gw\] \& ~wk;/wire sleepy = (ENABLE != 0) \& wd \& ~wk;/'
mutant release-not-waking sweep 's/wire wd     = wa\[gw\] \& ~relw\[gw\];/wire wd     = wa[gw];/'
mutant exit-counted-as-wake1 sweep 's/(st_n == ACT)) \&\& !ext\[gw\];/(st_n == ACT));/'
mutant_args "$SLG_CASE --set COUNT=THREADS"
mutant partial-warp-counted-full sweep 's/thr_part = {1'"'"'b0, bm1} + 6'"'"'d1;/thr_part = 6'"'"'d32;/'
mutant_args "$SLG_CASE --set ENTER_DELAY=3"
mutant entry-one-short sweep 's/tm_n = ED_TB;/tm_n = ED_TB - ONE_TB;/'

# the controller at its default (32 warps, 8 CTAs, X=3, Y=4, per-CTA warp count)
main slg-default "slg"

# functional coverage closure (docs/slg.md "Functional coverage points"): 3 sweep runs of the C model that
# together hit every point at least 10 times (the largest count over the runs; each run must pass)
t sweep "fcov:slg-closure" "for a in '--set WARPS=64 --set CTAS=8 --set X=1 --set Y=2 --set COUNT=THREADS --set ENTER_DELAY=3 --seed 3 --cycles 100000' '--set WARPS=64 --set CTAS=4 --set X=24 --set Y=35 --set COUNT=WARPS --set ENTER_DELAY=0 --seed 1 --cycles 100000' '--set WARPS=8 --set CTAS=4 --set X=13 --set Y=17 --set S21_WAKE=FIRST_Y --seed 3 --cycles 100000 --knob COVER=1'; do \$WARPGEN cosim slg \$a --model-only; done | awk -v runs=3 -f tests/fcov_closure.awk"
