# tuba_tests.sh - TUBA's tests, regressions and main-job point (read by tests/decl.sh; the functions
# are documented there and in docs/adding-a-block.md).
#
# Every distinct configuration costs make test a Verilator build, so make test co-simulates five:
# the default (the cases' configuration), EVAL_PERIOD=1024 (period_variant's), TFET_REGS=200
# (lower_and_raise's and threshold_edges': exact thresholds, 30 and 80), and two edges that
# between them reach every parameter's extremes: TFET_REGS=1 MAX_BLOCKS=1 EVAL_PERIOD=1 (0 free
# lowers, 1 raises, no band; a one-bit limit pinned at 1; an evaluation every cycle) and
# TFET_REGS=4096 MAX_BLOCKS=32 UP_PCT=50 (the widest comparison and limit; an exact raising edge:
# 100 x 2048 = 50 x 4096, so 2048 free does not raise). The random stream's monitor checks every
# output every cycle; COVER=1 also demands the floor, the cap, a decrement, an increment, the band,
# a restart, a start in an evaluation's cycle and more resident blocks than the limit, where the
# configuration can reach them.
TB_E1="--set TFET_REGS=1 --set MAX_BLOCKS=1 --set EVAL_PERIOD=1"
TB_E2="--set TFET_REGS=4096 --set MAX_BLOCKS=32 --set UP_PCT=50"
TB_P1K="--set EVAL_PERIOD=1024"

t fast "gen:list-tuba" "\$WARPGEN list | grep -q '^tuba '"
t fast "gen:help-tuba" "\$WARPGEN gen tuba --help | grep -q 'EVAL_PERIOD *0 *0..65536'"
t fast "bad:tuba-tfet-regs" "tests/expect_bad.sh 'tuba: TFET_REGS=0 is out of range (legal range 1..4096)' $W gen tuba --set TFET_REGS=0 -o @OUT@"
t fast "bad:tuba-tfet-regs-high" "tests/expect_bad.sh 'tuba: TFET_REGS=4097 is out of range (legal range 1..4096)' $W gen tuba --set TFET_REGS=4097 -o @OUT@"
t fast "bad:tuba-dw-pct" "tests/expect_bad.sh 'tuba: DW_PCT=99 is out of range (legal range 1..98)' $W gen tuba --set DW_PCT=99 -o @OUT@"
t fast "bad:tuba-dw-pct-zero" "tests/expect_bad.sh 'tuba: DW_PCT=0 is out of range (legal range 1..98)' $W gen tuba --set DW_PCT=0 -o @OUT@"
t fast "bad:tuba-up-pct" "tests/expect_bad.sh 'tuba: UP_PCT=100 is out of range (legal range 2..99)' $W gen tuba --set UP_PCT=100 -o @OUT@"
t fast "bad:tuba-up-not-above-dw" "tests/expect_bad.sh 'tuba: UP_PCT=15 must be greater than DW_PCT=15 (legal range DW_PCT+1..99)' $W gen tuba --set UP_PCT=15 -o @OUT@"
t fast "bad:tuba-up-below-dw" "tests/expect_bad.sh 'tuba: UP_PCT=30 must be greater than DW_PCT=40 (legal range DW_PCT+1..99)' $W gen tuba --set DW_PCT=40 --set UP_PCT=30 -o @OUT@"
t fast "bad:tuba-max-blocks" "tests/expect_bad.sh 'tuba: MAX_BLOCKS=33 is out of range (legal range 1..32)' $W gen tuba --set MAX_BLOCKS=33 -o @OUT@"
t fast "bad:tuba-max-blocks-zero" "tests/expect_bad.sh 'tuba: MAX_BLOCKS=0 is out of range (legal range 1..32)' $W gen tuba --set MAX_BLOCKS=0 -o @OUT@"
t fast "bad:tuba-eval-period" "tests/expect_bad.sh 'tuba: EVAL_PERIOD=65537 is out of range (legal range 0..65536)' $W gen tuba --set EVAL_PERIOD=65537 -o @OUT@"
t fast "bad:tuba-eval-period-negative" "tests/expect_bad.sh 'tuba: EVAL_PERIOD=-1 is out of range (legal range 0..65536)' $W gen tuba --set EVAL_PERIOD=-1 -o @OUT@"
t fast "bad:tuba-knob-cover" "tests/expect_bad.sh 'tuba: knob: COVER=2 is out of range (legal range 0..1)' $W cosim tuba --knob COVER=2 --model-only -q"
t fast "bad:tuba-case-too-small" "tests/expect_bad.sh 'tuba: directed cases need MAX_BLOCKS >= 4' $W cosim tuba --case no_preemption --set MAX_BLOCKS=3 --model-only -q"
t fast-only "cosim:tuba-default-short" "\$WARPGEN_SAN cosim tuba --seed 3 --cycles 5000 -q"
t fast-only "case:tuba-fast-no_preemption" "\$WARPGEN_SAN cosim tuba --case no_preemption -q"

# lint: the default and the co-simulated edges (the others' lint: make sweep)
t test "lint:tuba-default" "BLOCK=tuba tests/lint.sh"
t test "lint:tuba-t1-m1-p1" "BLOCK=tuba tests/lint.sh $TB_E1"
t test "lint:tuba-t4096-m32-up50" "BLOCK=tuba tests/lint.sh $TB_E2"
t test "lint:tuba-t4096-m32-p65536" "BLOCK=tuba tests/lint.sh --set TFET_REGS=4096 --set MAX_BLOCKS=32 --set EVAL_PERIOD=65536"
t test "lint:tuba-m31-p2" "BLOCK=tuba tests/lint.sh --set MAX_BLOCKS=31 --set EVAL_PERIOD=2"
lint_cases test

# random co-simulation: three seeds of the default (the first with coverage), the edges and the
# periodic variant
t test "build:tuba-default" "\$WARPGEN cosim tuba --cycles 1000 -q"
for seed in 1 2 3; do
	cover=""
	[ "$seed" = 1 ] && cover="--knob COVER=1"
	t test "cosim:tuba-default-seed$seed" "\$WARPGEN_SAN cosim tuba --seed $seed --cycles 100000 $cover -q"
done
t test "cosim:tuba-t1-m1-p1-seed1" "\$WARPGEN_SAN cosim tuba $TB_E1 --seed 1 --cycles 100000 --knob COVER=1 -q"
t test "cosim:tuba-t4096-m32-up50-seed2" "\$WARPGEN_SAN cosim tuba $TB_E2 --seed 2 --cycles 100000 --knob COVER=1 -q"
t test "cosim:tuba-p1024-seed3" "\$WARPGEN_SAN cosim tuba $TB_P1K --knob START_PPM=300 --seed 3 --cycles 400000 --knob COVER=1 -q"
t test "cosim:tuba-default-knobs-hot" "\$WARPGEN_SAN cosim tuba --knob START_PPM=20000 --knob DONE_PCT=40 --knob DISPATCH_PCT=100 --knob NEAR_PCT=100 --knob RESET_PPM=2000 --seed 5 --cycles 100000 --knob COVER=1 -q"

# directed cases (lower_and_raise and threshold_edges at their own TFET_REGS=200, where 15 % and 40 %
# are exact counts, 30 and 80: their strictness can fail, rtl:case-neg-tuba-*); the threshold edges at
# every sweep point of the paper at 224 registers (the C model against the counts written out in the
# case; co-simulated at the case's 200 and at the exact edge of 4096 x 50 %); claims that must fail
# where a parameter changes them
cases test
t test "case:tuba-threshold_edges-t4096-m32-up50" "\$WARPGEN_SAN cosim tuba --case threshold_edges $TB_E2 -q"
t test "case:tuba-threshold_edges-t1" "\$WARPGEN_SAN cosim tuba --case threshold_edges --set TFET_REGS=1 --set MAX_BLOCKS=32 --model-only -q"
# (make test: the default, the two corners and 224 x 50 %, the one exact edge at 224; the other 8 in
# make sweep, which co-simulates all 12 besides in its grid)
for dw in 10 15 20; do
	for up in 30 40 50 60; do
		tier=sweep
		case $dw-$up in 15-40 | 10-30 | 20-60 | 10-50) tier=test ;; esac
		t $tier "case:tuba-threshold_edges-model-dw$dw-up$up" "\$WARPGEN_SAN cosim tuba --case threshold_edges --set TFET_REGS=224 --set DW_PCT=$dw --set UP_PCT=$up --model-only -q"
	done
done
t test "case-neg:tuba-lower_and_raise-dw10" "tests/expect_check_fail.sh 't=1: a completion at 29 free of 200 lowers the limit' \$WARPGEN cosim tuba --case lower_and_raise --set DW_PCT=10 --model-only -q"
t test "case-neg:tuba-lower_and_raise-up50" "tests/expect_check_fail.sh 't=53: a completion at 81 free of 200 raises the limit' \$WARPGEN cosim tuba --case lower_and_raise --set UP_PCT=50 --model-only -q"
t test "case-neg:tuba-no_preemption-p1024" "tests/expect_check_fail.sh 'the completion at 10 free lowers the limit to 3 in this cycle' \$WARPGEN cosim tuba --case no_preemption --set EVAL_PERIOD=1024 --model-only -q"
t test "case-neg:tuba-period_variant-p0" "tests/expect_check_fail.sh 't=10: eval = 1; with EVAL_PERIOD=1024' \$WARPGEN cosim tuba --case period_variant --set EVAL_PERIOD=0 --model-only -q"
t test "case-neg:tuba-period_variant-p512" "tests/expect_check_fail.sh 't=512: eval = 1; with EVAL_PERIOD=1024' \$WARPGEN cosim tuba --case period_variant --set EVAL_PERIOD=512 --model-only -q"
t sweep "wave:tuba-case" "tests/check_wave.sh tuba no_preemption"

# area: the flip-flops Yosys keeps against storage_bits (2 LB + PB) where its terms change
t test "area:tuba-default" "\$WARPGEN area tuba --flops-only -q"
t test "area:tuba-m1-p2" "\$WARPGEN area tuba --set MAX_BLOCKS=1 --set EVAL_PERIOD=2 --flops-only -q"
t test "area:tuba-m32-p1024" "\$WARPGEN area tuba --set MAX_BLOCKS=32 --set EVAL_PERIOD=1024 --flops-only -q"
t test "area:tuba-m31-p1025" "\$WARPGEN area tuba --set MAX_BLOCKS=31 --set EVAL_PERIOD=1025 --flops-only -q"
t test "area:tuba-t4096-p65536" "\$WARPGEN area tuba --set TFET_REGS=4096 --set EVAL_PERIOD=65536 --flops-only -q"
t sweep "area:tuba-default-full" "\$WARPGEN area tuba -q"

# energy: every event priced from the row 'tuba controller_event_energy' (0 pJ, assumed), with its basis
t test "energy:tuba" "\$WARPGEN energy tuba -q | grep -qx 'eval 0' && \$WARPGEN energy tuba -q | grep -qx 'dec 0' && \$WARPGEN energy tuba -q | grep -qx 'inc 0' && \$WARPGEN energy tuba | grep -Eq '^inc +0\\.0000 +0 pJ, assumed \\(xie2017\\.tsv:[0-9]+, assumption \\(Xie.17 §4\\.2\\.2 gives TUBA no power\\)\\)' && \$WARPGEN energy tuba | grep -q '^leakage n/g: not given: P1 prints no leakage'"

# make sweep: the paper's DW x UP sweep x TFET_REGS x MAX_BLOCKS x EVAL_PERIOD, SEEDS seeds each
# (default 1), the threshold edges at every point, and the lint of the larger points
for T in 1 224 4096; do
	for dw in 10 15 20; do
		for up in 30 40 50 60; do
			for M in 1 8 32; do
				for P in 0 1 1024; do
					name="t$T-dw$dw-up$up-m$M-p$P"
					args="--set TFET_REGS=$T --set DW_PCT=$dw --set UP_PCT=$up --set MAX_BLOCKS=$M --set EVAL_PERIOD=$P"
					cyc=${CYCLES:-100000} kn=""
					[ "$P" = 1024 ] && cyc=${CYCLES:-400000} kn="--knob START_PPM=300"
					for ((s = 1; s <= ${SEEDS:-1}; s++)); do
						t sweep "cosim:tuba-$name-seed$s" "\$WARPGEN cosim tuba $args $kn --seed $s --cycles $cyc --knob COVER=1 -q"
					done
				done
				[ "$M" -ge 4 ] && t sweep "case:tuba-threshold_edges-t$T-dw$dw-up$up-m$M" "\$WARPGEN cosim tuba --case threshold_edges --set TFET_REGS=$T --set DW_PCT=$dw --set UP_PCT=$up --set MAX_BLOCKS=$M -q"
			done
		done
	done
done
t sweep "lint:tuba-t4096-m32-p1024" "BLOCK=tuba tests/lint.sh --set TFET_REGS=4096 --set MAX_BLOCKS=32 --set EVAL_PERIOD=1024"
t sweep "lint:tuba-t1-m1-p0" "BLOCK=tuba tests/lint.sh --set TFET_REGS=1 --set MAX_BLOCKS=1"
t test "lint:tuba-smallest" "BLOCK=tuba tests/lint.sh --set TFET_REGS=1 --set DW_PCT=1 --set UP_PCT=2 --set MAX_BLOCKS=1 --set EVAL_PERIOD=0" # every parameter at its smallest legal value
# the largest period: no mid-run resets (at the default 50 per million one comes every 20,000 cycles on
# average and no 65,536-cycle period would end), kernels every ~200,000 cycles (START_PPM=5: at 15, a
# kernel every ~67,000 cycles, the 3 period ends of seed 1 moved the limit neither way, and ev_o's
# dec and inc bits never toggled at this configuration; at 5, 5 period ends, 2 decrements, 2 increments)
t sweep "cosim:tuba-t4096-m32-p65536" "\$WARPGEN cosim tuba --set TFET_REGS=4096 --set MAX_BLOCKS=32 --set EVAL_PERIOD=65536 --knob START_PPM=5 --knob RESET_PPM=0 --seed 1 --cycles 1000000 -q"
# a full SM at MAX_BLOCKS=32 (issue 24, docs/tuba.md "Coverage"): res_i = 32 (its top bit) needs a kernel of
# occupancy 32 (1 in 32 of the uniform starts), which the grid's EVAL_PERIOD=1 runs at 224 and 4096 registers
# and the largest period's run above never drew; OCC_MAX_PCT gives these runs of the same configurations
# kernels of occupancy MAX_BLOCKS (the grid's runs keep the uniform draw)
for T in 224 4096; do
	t sweep "cosim:tuba-t$T-m32-p1-occmax" "\$WARPGEN cosim tuba --set TFET_REGS=$T --set DW_PCT=10 --set UP_PCT=30 --set MAX_BLOCKS=32 --set EVAL_PERIOD=1 --knob OCC_MAX_PCT=25 --knob COVER=1 --seed 1 --cycles 100000 -q"
done
t sweep "cosim:tuba-t4096-m32-p65536-occmax" "\$WARPGEN cosim tuba --set TFET_REGS=4096 --set MAX_BLOCKS=32 --set EVAL_PERIOD=65536 --knob START_PPM=5 --knob RESET_PPM=0 --knob OCC_MAX_PCT=50 --seed 1 --cycles 1000000 -q"

# RTL mutants; each must be caught by the random stream (tests/mutant.sh runs no directed case). At
# the default first (written out: tests/mutant.sh reads a mutant's arguments as a tab-separated field,
# which must not be empty)
mutant_args "--set EVAL_PERIOD=0"
mutant accept-old-limit test 's/assign accept_o = (res_i < lim_n);/assign accept_o = (res_i < lim_q);/'
mutant floor-wraps sweep 's/lim_dn = gt1 ? (lim_q - ONE_LB) : ONE_LB;/lim_dn = lim_q - ONE_LB;/'
mutant cap-ignored sweep 's/lim_up = (lim_p1 < {1'"'"'b0, cap_q}) ? lim_p1\[LB-1:0\] : cap_q;/lim_up = (lim_p1 < {1'"'"'b0, MAXB}) ? lim_p1[LB-1:0] : MAXB;/'
mutant start-evaluates sweep 's/wire ev = tick \& (lim_q != {LB{1'"'"'b0}}) \& ~start_i \& ~rst_i;/wire ev = tick \& (lim_q != {LB{1'"'"'b0}}) \& ~rst_i;/'
mutant no-kernel-evaluates sweep 's/wire ev = tick \& (lim_q != {LB{1'"'"'b0}}) \& ~start_i/wire ev = tick \& ~start_i/'
# the exact raising edge: 2048 free of 4096 at UP_PCT=50 (a non-strict comparison raises there)
mutant_args "$TB_E2"
mutant up-not-strict test 's/wire hi = (free100 > UPT_MW);/wire hi = (free100 >= UPT_MW);/'
# the exact lowering edge: 56 free of 224 at DW_PCT=25
mutant_args "--set DW_PCT=25 --set UP_PCT=50"
mutant lo-not-strict sweep 's/wire lo = (free100 < DWT_MW);/wire lo = (free100 <= DWT_MW);/'
mutant_args "--set EVAL_PERIOD=16 --knob START_PPM=20000"
mutant period-not-restarted sweep 's/assign pc_d = (rst_i || start_i || tick)/assign pc_d = (rst_i || tick)/'

# the block at its default (224 TFET registers, 15 % / 40 %, 8 blocks, at each completion)
main tuba-default "tuba"

# functional coverage closure (docs/tuba.md "Functional coverage points"): 4 sweep runs of the C model that
# together hit every point at least 10 times (the largest count over the runs; each run must pass)
t sweep "fcov:tuba-closure" "for a in '--set TFET_REGS=1 --set DW_PCT=10 --set UP_PCT=30 --set MAX_BLOCKS=8 --set EVAL_PERIOD=1 --seed 1 --cycles 100000 --knob COVER=1' '--set TFET_REGS=224 --set DW_PCT=10 --set UP_PCT=30 --set MAX_BLOCKS=32 --set EVAL_PERIOD=1024 --knob START_PPM=300 --seed 1 --cycles 400000 --knob COVER=1' '--set TFET_REGS=1 --set DW_PCT=10 --set UP_PCT=30 --set MAX_BLOCKS=1 --set EVAL_PERIOD=1024 --knob START_PPM=300 --seed 1 --cycles 400000 --knob COVER=1' '--set TFET_REGS=224 --set DW_PCT=10 --set UP_PCT=30 --set MAX_BLOCKS=8 --set EVAL_PERIOD=1 --seed 1 --cycles 100000 --knob COVER=1'; do \$WARPGEN cosim tuba \$a --model-only; done | awk -v runs=4 -f tests/fcov_closure.awk"
