# memra_tests.sh - MEM_RA's stall counter, Eq. 1 predictor and TRWS priority: tests, regressions
# and main-job point (read by tests/decl.sh; the functions are documented there and in
# docs/adding-a-block.md).
#
# Every distinct configuration costs make test a Verilator build, so make test co-simulates four:
# the default (its three random seeds and the seven directed cases share one build), the smallest
# block (one warp, 4-bit counters, REF_SHIFT=0: no multiplier, SAMPLE_PERIOD=1: no sample register),
# the widest (16-bit counters, the largest THR_ACC, REF_SHIFT and SAMPLE_PERIOD; 3 warps: 64 warps cost
# a 30-second build and are in make sweep's grid) and a
# middle one with odd sizes (6 warps, an 8-bit counter, a 5-bit multiplier operand, a 100-cycle
# period), at which the RTL mutants are built.
MR_SMALL="--set WARPS=1 --set CNT_BITS=4 --set SAMPLE_PERIOD=1 --set REF_SHIFT=0"
MR_WIDE="--set WARPS=3 --set CNT_BITS=16 --set THR_ACC=65535 --set REF_SHIFT=15 --set SAMPLE_PERIOD=65536"
MR_MID="--set WARPS=6 --set CNT_BITS=8 --set REF_SHIFT=5 --set SAMPLE_PERIOD=100"
# Yosys's full flow on the default (48 counters) is the slowest memra test: make test runs the
# gate level at the middle configuration (6 counters), make sweep and make the default
gate_small "$MR_MID"

t fast "gen:list-memra" "\$WARPGEN list | grep -q '^memra '"
t fast "gen:help-memra" "\$WARPGEN gen memra --help | grep -q 'SAMPLE_PERIOD *1024 *1..65536'"
# bad input: every parameter out of its range (THR_ACC and REF_SHIFT: ranges that depend on CNT_BITS)
t fast "bad:memra-warps-0" "tests/expect_bad.sh 'memra: WARPS=0 is out of range (legal range 1..64)' $W gen memra --set WARPS=0 -o @OUT@"
t fast "bad:memra-warps-65" "tests/expect_bad.sh 'memra: WARPS=65 is out of range (legal range 1..64)' $W gen memra --set WARPS=65 -o @OUT@"
t fast "bad:memra-cnt-bits-3" "tests/expect_bad.sh 'memra: CNT_BITS=3 is out of range (legal range 4..16)' $W gen memra --set CNT_BITS=3 -o @OUT@"
t fast "bad:memra-cnt-bits-17" "tests/expect_bad.sh 'memra: CNT_BITS=17 is out of range (legal range 4..16)' $W gen memra --set CNT_BITS=17 -o @OUT@"
t fast "bad:memra-thr-acc-above-max" "tests/expect_bad.sh 'memra: THR_ACC=16 exceeds 2^CNT_BITS-1=15 (legal range 0..15)' $W gen memra --set CNT_BITS=4 --set THR_ACC=16 -o @OUT@"
t fast "bad:memra-thr-acc-negative" "tests/expect_bad.sh 'memra: THR_ACC=-1 is out of range' $W gen memra --set THR_ACC=-1 -o @OUT@"
t fast "bad:memra-ref-shift-not-below-cnt-bits" "tests/expect_bad.sh 'memra: REF_SHIFT=11 must be less than CNT_BITS=11 (legal range 0..10)' $W gen memra --set REF_SHIFT=11 -o @OUT@"
t fast "bad:memra-ref-shift-negative" "tests/expect_bad.sh 'memra: REF_SHIFT=-1 is out of range' $W gen memra --set REF_SHIFT=-1 -o @OUT@"
t fast "bad:memra-sample-period-0" "tests/expect_bad.sh 'memra: SAMPLE_PERIOD=0 is out of range (legal range 1..65536)' $W gen memra --set SAMPLE_PERIOD=0 -o @OUT@"
t fast "bad:memra-sample-period-65537" "tests/expect_bad.sh 'memra: SAMPLE_PERIOD=65537 is out of range (legal range 1..65536)' $W gen memra --set SAMPLE_PERIOD=65537 -o @OUT@"
t fast "bad:memra-knob-cover" "tests/expect_bad.sh 'memra: knob: COVER=2 is out of range (legal range 0..1)' $W cosim memra --knob COVER=2 --model-only -q"
t fast "bad:memra-case-too-small" "tests/expect_bad.sh 'memra: directed cases need WARPS >= 48' $W cosim memra --case odd_budget --set WARPS=8 --model-only -q"
t fast-only "cosim:memra-default-short" "\$WARPGEN_SAN cosim memra --seed 3 --cycles 5000 -q"
t fast-only "case:memra-fast-odd_budget" "\$WARPGEN_SAN cosim memra --case odd_budget -q"

# lint: the edges and the middle (the default and the largest block: make sweep)
t test "lint:memra-small" "BLOCK=memra tests/lint.sh $MR_SMALL"
t test "lint:memra-mid" "BLOCK=memra tests/lint.sh $MR_MID"
t test "lint:memra-w3-cb4-thrmax-p7" "BLOCK=memra tests/lint.sh --set WARPS=3 --set CNT_BITS=4 --set THR_ACC=15 --set REF_SHIFT=3 --set SAMPLE_PERIOD=7"
t sweep "lint:memra-default" "BLOCK=memra tests/lint.sh"
t sweep "lint:memra-wide" "BLOCK=memra tests/lint.sh $MR_WIDE"
t test "lint:memra-smallest" "BLOCK=memra tests/lint.sh --set WARPS=1 --set CNT_BITS=4 --set THR_ACC=0 --set REF_SHIFT=0 --set SAMPLE_PERIOD=1" # every parameter at its smallest legal value

# random co-simulation: three seeds of the default (the second checks that every phase and corner was
# reached), the three other configurations, each with the coverage check, and the middle one with hot knobs
t test "build:memra-default" "\$WARPGEN cosim memra --cycles 1000 -q"
for seed in 1 2 3; do
	run="--cycles 50000" # 48 warps under ASan: ~30 k cycles/s; the coverage run is the long one
	[ "$seed" = 2 ] && run="--cycles 100000 --knob COVER=1"
	t test "cosim:memra-default-seed$seed" "\$WARPGEN_SAN cosim memra --seed $seed $run -q"
done
t test "cosim:memra-small-seed1" "\$WARPGEN_SAN cosim memra $MR_SMALL --seed 1 --cycles 100000 --knob COVER=1 -q"
# (the widest block saturates its counters only with loads of 65536 cycles or more, never reissued and
# seldom reset: 300000 cycles of 3 warps cost less than 100000 of 48)
t test "cosim:memra-wide-seed2" "\$WARPGEN_SAN cosim memra $MR_WIDE --knob LONG_LAT=90000 --knob LONG_PCT=80 --knob REISSUE_PM=0 --knob LD_PM=500 --knob RESET_PPM=4 --seed 2 --cycles 300000 --knob COVER=1 -q"
t test "cosim:memra-mid-seed3" "\$WARPGEN_SAN cosim memra $MR_MID --seed 3 --cycles 100000 --knob COVER=1 -q"
t test "cosim:memra-mid-knobs-hot" "\$WARPGEN_SAN cosim memra $MR_MID --knob LD_PM=200 --knob REISSUE_PM=100 --knob LONG_PCT=50 --knob SHORT_LAT=12 --knob LONG_LAT=400 --knob GRANT_PCT=100 --knob NOISE_PM=1000 --knob RESET_PPM=2000 --seed 4 --cycles 100000 -q"
# (no counter can saturate at 2047 in the first 1500 cycles)
t test "cosim-neg:memra-cover-unreached" "tests/expect_check_fail.sh 'coverage: never saw a counter saturated at 2^CNT_BITS - 1 in MEASURE' \$WARPGEN cosim memra --seed 1 --cycles 1500 --knob COVER=1 --model-only -q"
t sweep "tsan:cosim-memra" "WARPGEN_LOOP=pipelined \$OUT/bin/warpgen-tsan cosim memra --seed 9 --cycles 20000 -q"

# directed cases, and claims that must fail where a parameter changes them
cases test
t test "case-neg:memra-eq1_oracle-thr20" "tests/expect_check_fail.sh 'prev 300 at sample 200: cnt_o = 280, the spec' \$WARPGEN cosim memra --case eq1_oracle --set THR_ACC=20 --model-only -q"
t test "case-neg:memra-eq1_oracle-ref6" "tests/expect_check_fail.sh 'prev 300 at sample 100: cnt_o = 290, the spec' \$WARPGEN cosim memra --case eq1_oracle --set REF_SHIFT=6 --model-only -q"
t test "case-neg:memra-saturate_2047-cb12" "tests/expect_check_fail.sh 'cnt_o = 2048, expected 2047 (the counter stops at 2047' \$WARPGEN cosim memra --case saturate_2047 --set CNT_BITS=12 --model-only -q"
t test "case-neg:memra-odd_budget-thr9" "tests/expect_check_fail.sh 'gives budget 3 (cnt_o = 4)' \$WARPGEN cosim memra --case odd_budget --set THR_ACC=9 --model-only -q"
t test "case-neg:memra-sample_period-p512" "tests/expect_check_fail.sh 't=511: the sample event is 1, expected 0' \$WARPGEN cosim memra --case sample_period --set SAMPLE_PERIOD=512 --model-only -q"
t sweep "wave:memra-case" "tests/check_wave.sh memra odd_budget"

# area: the flip-flops Yosys keeps against storage_bits where the formula's terms change (SAMPLE_PERIOD=1:
# no smp_q and no pc_q; a period that is not a power of two; the largest widths)
t test "area:memra-small" "\$WARPGEN area memra $MR_SMALL --flops-only -q"
t test "area:memra-mid" "\$WARPGEN area memra $MR_MID --flops-only -q"
t test "area:memra-w2-p2" "\$WARPGEN area memra --set WARPS=2 --set CNT_BITS=5 --set REF_SHIFT=1 --set SAMPLE_PERIOD=2 --flops-only -q"
t sweep "area:memra-default-flops" "\$WARPGEN area memra --flops-only -q"
t sweep "area:memra-wide-flops" "\$WARPGEN area memra $MR_WIDE --flops-only -q"
t sweep "area:memra-mid-full" "\$WARPGEN area memra $MR_MID -q"
t sweep "area:memra-default" "\$WARPGEN area memra -q"

# energy: the default's per-event figures and leakage (power_tables/memra_energy.c, docs/memra.md "Energy")
# (the default's figures of docs/memra.md; at SAMPLE_PERIOD=1 there is no smp_q to write and no pc_q to count)
t test "energy:memra-default" "\$WARPGEN energy memra >\$OUT/memra-energy.txt && grep -qE '^predict +1\.8705 ' \$OUT/memra-energy.txt && grep -qE '^start +0\.2155 ' \$OUT/memra-energy.txt && grep -q '^leakage 0.605 mW: 608 bits' \$OUT/memra-energy.txt"
t test "energy:memra-small" "\$WARPGEN energy memra $MR_SMALL | grep -qE '^sample +0 '"

# the report's Papers rows (gen/memra_papers.c): the storage against the paper's 32 x 11 and A3's 48 x 11, and
# a run's power against P1's 1.2 %
t test "report:memra-papers" "d=\$(mktemp -d) && \$WARPGEN gen memra -o \$d/rtl -q && \$WARPGEN cosim memra --seed 1 --cycles 20000 -q --json \$d/c.json && \$WARPGEN report -o \$d/out \$d/c.json >/dev/null && grep -q 'stall counters, one per warp slot, 48 x 11 bit | memra default | 528 | 528 | 1.000' \$d/out/report.md && grep -q 'stall counters, 32 x 11 bit (ours: WARPS x CNT_BITS) | memra default | 352 | 528 | 1.500' \$d/out/report.md && grep -q '| counters + ALU power / RF power (paper: all MEM_RA hardware, ~1.2 %) | memra default | 0.012 |' \$d/out/report.md; rc=\$?; rm -rf \$d; exit \$rc"

# make sweep: WARPS x CNT_BITS x REF_SHIFT x SAMPLE_PERIOD, SEEDS seeds each (default 2)
for w in 1 7 48 64; do
	for cb in 4 11 16; do
		for rs in 0 mid top; do
			case $rs in mid) r=$((cb / 2)) ;; top) r=$((cb - 1)) ;; *) r=0 ;; esac
			for sp in 1 13 1024; do
				name="w$w-cb$cb-rs$r-p$sp"
				args="--set WARPS=$w --set CNT_BITS=$cb --set REF_SHIFT=$r --set SAMPLE_PERIOD=$sp"
				[ "$cb" -ge 11 ] || args="$args --set THR_ACC=3"
				ll=$(((1 << cb) + 500)) # past saturation
				for ((s = 1; s <= ${SEEDS:-2}; s++)); do
					t sweep "cosim:memra-$name-seed$s" "\$WARPGEN cosim memra $args --knob LONG_LAT=$ll --seed $s --cycles ${CYCLES:-100000} -q"
				done
			done
		done
	done
done

# functional coverage (docs/memra.md "Functional coverage points"): the default with frequent resets, where
# reset_with_budget reaches 10 hits (the sweep above reaches every other point)
t sweep "cosim:memra-default-resets-seed1" "\$WARPGEN cosim memra --knob RESET_PPM=300 --seed 1 --cycles 100000 --knob COVER=1 -q"

# RTL mutants, at the middle configuration; each must be caught by the random stream (tests/mutant.sh
# runs no directed case)
mutant_args "$MR_MID"
mutant count-wraps test 's/wire \[CB-1:0\] inc  = (cnt == MAX_CB) ? MAX_CB : (cnt + ONE_CB);/wire [CB-1:0] inc  = cnt + ONE_CB;/'
mutant sample-misses-end-cycle test 's/smp_q <= rst_i ? {CB{1'"'"'b0}} : (pend ? last_d : smp_q);/smp_q <= rst_i ? {CB{1'"'"'b0}} : (pend ? last_q : smp_q);/'
mutant completion-with-load-counts sweep 's/assign dn\[gw\]  = done_valid_i \& hit\[gw\] \& meas \& ~ld_i\[gw\];/assign dn[gw]  = done_valid_i \& hit[gw] \& meas;/'
mutant want-at-one sweep 's/assign want_o\[gw\] = ~meas \& (|cnt\[CB-1:1\]);/assign want_o[gw] = ~meas \& (|cnt);/'
mutant no-full-branch sweep 's/assign scaled = big ? d : prod\[REF_SHIFT +: CB\];/assign scaled = prod[REF_SHIFT +: CB];/'
mutant prev-wraps sweep 's/wire \[CB-1:0\] prev   = (cnt_sel == MAX_CB) ? MAX_CB : (cnt_sel + ONE_CB);/wire [CB-1:0] prev   = cnt_sel + ONE_CB;/'
mutant_args "$MR_SMALL"
mutant grant-ignored sweep 's/cnt_n  = cnt - TWO_CB;/cnt_n  = cnt;/'

# the block at its default (48 warps, 11-bit counters, THR_ACC=10, ref_acc=128, 1024-cycle period)
main memra-default "memra"

# functional coverage closure (docs/memra.md "Functional coverage points"): 3 sweep runs of the C model that
# together hit every point at least 10 times (the largest count over the runs; each run must pass)
t sweep "fcov:memra-closure" "for a in '--knob RESET_PPM=300 --seed 1 --cycles 100000 --knob COVER=1' '--set WARPS=1 --set CNT_BITS=16 --set REF_SHIFT=0 --set SAMPLE_PERIOD=1024 --knob LONG_LAT=66036 --seed 2 --cycles 100000' '--set WARPS=64 --set CNT_BITS=4 --set REF_SHIFT=2 --set SAMPLE_PERIOD=13 --set THR_ACC=3 --knob LONG_LAT=516 --seed 1 --cycles 100000'; do \$WARPGEN cosim memra \$a --model-only; done | awk -v runs=3 -f tests/fcov_closure.awk"
