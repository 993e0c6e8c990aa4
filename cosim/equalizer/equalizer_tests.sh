# equalizer_tests.sh - Equalizer's per-SM block on a random SM environment with kernel profiles and
# a shadow of the contract (cosim/equalizer/equalizer_stim.c): tests, regressions, main-job points
# and its report section (read by tests/decl.sh; docs/adding-a-block.md). The issue's regression,
# WARPS {8,32,48} x EPOCH {256,4096} x SAMPLE_PERIOD {16,128} x both objectives, is covered by four
# configurations x 2 seeds in make test (every value of every parameter, both objectives); make
# sweep runs the whole cross product.

# make test co-simulates a small configuration at gate level (8 warps, 16-cycle samples, 256-cycle
# epochs: Yosys 4 s against 25 s for the default, and 78 epochs in 20,000 cycles against 5);
# the default is make sweep's and make's
gate_small "--set WARPS=8 --set SAMPLE_PERIOD=16 --set EPOCH=256"
t fast "gen:help-equalizer" "\$WARPGEN gen equalizer --help | grep -q 'EPOCH *4096'"
t fast "bad:equalizer-epoch" "tests/expect_bad.sh 'EPOCH=100 must be a power of two in 2..65536 and >= SAMPLE_PERIOD=128' $W gen equalizer --set EPOCH=100 -o @OUT@"
t fast-only "cosim:equalizer-edges-short" "\$WARPGEN_SAN cosim equalizer --set WARPS=1 --set MAX_CTAS=1 --set HYSTERESIS=1 --set SAMPLE_PERIOD=1 --set EPOCH=2 --seed 3 --cycles 5000 -q"
t test "lint:equalizer-default" "BLOCK=equalizer tests/lint.sh"
t test "lint:equalizer-edges" "BLOCK=equalizer tests/lint.sh --set WARPS=1 --set MAX_CTAS=1 --set HYSTERESIS=1 --set SAMPLE_PERIOD=1 --set EPOCH=2"
t test "area:equalizer-edges" "\$WARPGEN area equalizer --flops-only --set WARPS=1 --set MAX_CTAS=1 --set HYSTERESIS=1 --set SAMPLE_PERIOD=1 --set EPOCH=2 -q"
t test "area:equalizer-w33-c5" "\$WARPGEN area equalizer --flops-only --set WARPS=33 --set MAX_CTAS=5 --set HYSTERESIS=4 --set SAMPLE_PERIOD=4 --set EPOCH=64 -q"
# name|cycles|parameters (at EPOCH=4096, 200,000 cycles are 48 epochs)
EQ_CONFIGS=(
	"w8-e256-s16-energy|30000|--set WARPS=8 --set EPOCH=256 --set SAMPLE_PERIOD=16"
	"w32-e4096-s128-perf|200000|--set WARPS=32 --set OBJECTIVE=PERFORMANCE"
	"w48-e4096-s16-energy|200000|--set SAMPLE_PERIOD=16"
	"w48-e256-s128-perf|30000|--set EPOCH=256 --set OBJECTIVE=PERFORMANCE"
)
for c in "${EQ_CONFIGS[@]}"; do
	IFS='|' read -r name cyc args <<<"$c"
	tier=test
	case $name in *e4096*) tier=sweep ;; esac # 200,000 cycles each
	for seed in 1 2; do
		t $tier "cosim:equalizer-$name-seed$seed" "\$WARPGEN_SAN cosim equalizer $args --knob PROFILE=phases --seed $seed --cycles $cyc -q"
	done
done
t test "cosim:equalizer-w16c3-shift-strict-h1" "\$WARPGEN_SAN cosim equalizer --set WARPS=16 --set MAX_CTAS=3 --set SAMPLE_PERIOD=2 --set EPOCH=32 --set HYSTERESIS=1 --set OBJECTIVE=PERFORMANCE --set NORM=SHIFT --set XMEM_STRICT=1 --knob PROFILE=phases --seed 4 --cycles 20000 -q"
t test "cosim:equalizer-w64-c16-e2" "\$WARPGEN_SAN cosim equalizer --set SAMPLE_PERIOD=1 --set EPOCH=2 --set WARPS=64 --set MAX_CTAS=16 --set HYSTERESIS=1 --set BARRIER_IS_ACTIVE=1 --seed 5 --cycles 20000 -q"
t test "cosim:equalizer-edges" "\$WARPGEN_SAN cosim equalizer --set WARPS=1 --set MAX_CTAS=1 --set HYSTERESIS=1 --set SAMPLE_PERIOD=1 --set EPOCH=2 --seed 6 --cycles 20000 -q"
t test "cosim:equalizer-knobs-hot" "\$WARPGEN_SAN cosim equalizer --set WARPS=16 --set MAX_CTAS=3 --set SAMPLE_PERIOD=2 --set EPOCH=32 --set HYSTERESIS=1 --set OBJECTIVE=PERFORMANCE --set NORM=SHIFT --set XMEM_STRICT=1 --knob PROFILE=memory --knob CTA_LIFE=20 --knob GWDE_DELAY=30 --knob RESET_PPM=2000 --knob KGAP=5 --knob KCTAS=5 --seed 7 --cycles 20000 -q"
t test "cosim-neg:equalizer-coverage-floor" "tests/expect_check_fail.sh 'coverage floor: ' \$WARPGEN cosim equalizer --set WARPS=8 --set EPOCH=256 --set SAMPLE_PERIOD=16 --knob RESET_PPM=20000 --seed 1 --cycles 30000 --model-only -q"
cases test
t test "case-neg:equalizer-tt-shift" "tests/expect_check_fail.sh 'vote 0 vf 0 T 8, expected delta 0 vote 2 vf 1 T 8' \$WARPGEN cosim equalizer --case tt_xmem_over_2 --set NORM=SHIFT --model-only -q"
t test "case-neg:equalizer-vf-energy" "tests/expect_check_fail.sh 'vf 3 T 8, expected delta 0 vote 1 vf 5' \$WARPGEN cosim equalizer --case vf_performance --set OBJECTIVE=ENERGY --model-only -q"
t sweep "wave:equalizer-case" "tests/check_wave.sh equalizer hyst_broken_third_epoch"
t test "gen:equalizer-paper-storage" "cosim/equalizer/equalizer_storage.sh"
t test "energy:equalizer" "[ \"\$(\$WARPGEN energy equalizer -q | grep -c ' n/g\$')\" = 8 ] && \$WARPGEN energy equalizer -q | grep -qx 'decide n/g' && \$WARPGEN energy equalizer | grep -Eq '^decide +n/g +not given by the papers \\(sethia2015\\.tsv:[0-9]+, .*\\): no pJ in the thesis: Alg\\. 1 runs once per 4096-cycle epoch' && \$WARPGEN energy equalizer | grep -q '56 bits per SM'"
t sweep "wave:check-equalizer-window" "tests/wave_check.sh equalizer hyst_broken_third_epoch"
t sweep "lint:equalizer-w64-c16-max" "BLOCK=equalizer tests/lint.sh --set WARPS=64 --set MAX_CTAS=16 --set HYSTERESIS=7 --set SAMPLE_PERIOD=1024 --set EPOCH=1024 --set NORM=SHIFT --set OBJECTIVE=PERFORMANCE --set BARRIER_IS_ACTIVE=1 --set XMEM_STRICT=1"
for w in 8 32 48; do for e in 256 4096; do for sp in 16 128; do for o in ENERGY PERFORMANCE; do
	for ((s = 1; s <= ${SEEDS:-5}; s++)); do
		t sweep "cosim:equalizer-w$w-e$e-s$sp-${o,,}-long-seed$s" "\$WARPGEN cosim equalizer --set WARPS=$w --set EPOCH=$e --set SAMPLE_PERIOD=$sp --set OBJECTIVE=$o --knob PROFILE=phases --seed $s --cycles ${CYCLES:-1000000} -q"
	done
done; done; done; done

# the edges, longer: where counter_at_max (an epoch's active sum at WARPS x S, spec §2.12 #2) reaches its hits
# (docs/equalizer.md "Functional coverage points"); at the sizes above no random epoch keeps every warp active
t sweep "cosim:equalizer-edges-long" "\$WARPGEN cosim equalizer --set WARPS=1 --set MAX_CTAS=1 --set HYSTERESIS=1 --set SAMPLE_PERIOD=1 --set EPOCH=2 --seed 1 --cycles 200000 -q"

mutant_args "--set WARPS=16 --set MAX_CTAS=4 --set SAMPLE_PERIOD=8 --set EPOCH=16 --set HYSTERESIS=1"
mutant pause-oldest test 's/assign yterm\[gi\*C + gj\] = ~pset\[gj\] | o_ji;/assign yterm[gi*C + gj] = ~pset[gj] | o_ij;/'
mutant xalu-strict sweep 's/end else if (xa >= thw) begin/end else if (xa > thw) begin/'

# the thesis's sizes (48 warps, 128-cycle samples, 4096-cycle epochs) in both objectives
main equalizer-default "equalizer"
main equalizer-perf-shift "equalizer --set OBJECTIVE=PERFORMANCE --set NORM=SHIFT --set WARPS=32"
main_report 40 equalizer_report
plot_size WARPS "8 16 32 48" "" flops

# Equalizer: the statistics storage against §3.5.1.2.
equalizer_report() {
	echo "Equalizer storage (Sethia 2015 §3.5.1.2, from the manifests of warpgen gen equalizer / equalizer_gpu):"
	WARPGEN=$W cosim/equalizer/equalizer_storage.sh | tee $OUT/main/equalizer-storage.log || status=1
	{ echo; echo "## Equalizer storage against the thesis's §3.5.1.2"; echo; cat $OUT/main/equalizer-storage.log; } >>"$REPORT_MD"
}

# functional coverage closure (docs/equalizer.md "Functional coverage points"): 3 sweep runs of the C model that
# together hit every point at least 10 times (the largest count over the runs; each run must pass)
t sweep "fcov:equalizer-closure" "for a in '--set WARPS=1 --set MAX_CTAS=1 --set HYSTERESIS=1 --set SAMPLE_PERIOD=1 --set EPOCH=2 --seed 1 --cycles 200000' '--set WARPS=48 --set EPOCH=256 --set SAMPLE_PERIOD=16 --set OBJECTIVE=ENERGY --knob PROFILE=phases --seed 3 --cycles 1000000' '--set WARPS=32 --set EPOCH=256 --set SAMPLE_PERIOD=128 --set OBJECTIVE=ENERGY --knob PROFILE=phases --seed 5 --cycles 1000000'; do \$WARPGEN cosim equalizer \$a --model-only; done | awk -v runs=3 -f tests/fcov_closure.awk"

# toggle coverage (issue 24; docs/equalizer.md "Coverage"): the knobs SLOT_MAP=1 (any warp in any
# slot: wslot_i's bits) and FILL_PCT=50 (half of the kernels fill the SM: the counts' and sums' high bits) at two of
# the coverage run's sizes, against the RTL
t sweep "cosim:equalizer-w8-e256-s128-perf-slotmap-fill-seed1" "\$WARPGEN cosim equalizer --set WARPS=8 --set EPOCH=256 --set SAMPLE_PERIOD=128 --set OBJECTIVE=PERFORMANCE --knob PROFILE=phases --knob SLOT_MAP=1 --knob FILL_PCT=50 --seed 1 --cycles 200000 -q"
t sweep "cosim:equalizer-w32-e256-s16-perf-slotmap-fill-seed1" "\$WARPGEN cosim equalizer --set WARPS=32 --set EPOCH=256 --set SAMPLE_PERIOD=16 --set OBJECTIVE=PERFORMANCE --knob PROFILE=phases --knob SLOT_MAP=1 --knob FILL_PCT=50 --seed 1 --cycles 200000 -q"
# the sums' top bit at a sweep size (docs/equalizer.md "Coverage"): every warp resident (FILL_PCT=100), long CTAs
# and heads (CTA_LIFE=2000, DWELL=1000), the cache profile (heads valid 90 %, many waiting), kernels back to back:
# epochs with every warp active at every sample (counter_at_max 27 times, the active and waiting sums at W*S) and,
# with SLOT_MAP=1 over 16 kernels, warp 0 in other slots
t sweep "cosim:equalizer-w8-e256-s16-energy-cache-full-seed1" "\$WARPGEN cosim equalizer --set WARPS=8 --set EPOCH=256 --set SAMPLE_PERIOD=16 --set OBJECTIVE=ENERGY --knob PROFILE=cache --knob FILL_PCT=100 --knob DWELL=1000 --knob KGAP=1 --knob CTA_LIFE=2000 --knob SLOT_MAP=1 --seed 1 --cycles 200000 -q"
# the last reachable toggle points (docs/equalizer.md "Coverage"): the cache-full knobs with PIN_PCT=50 (half of
# the epochs with every resident head pinned to one class, no issue, no CTA progress): sum_xalu at W*S at 8 warps;
# at 32 warps the active and waiting sums at W*S and the per-sample X_alu and X_mem counts at 32
t sweep "cosim:equalizer-w8-e256-s16-energy-cache-full-pin-seed1" "\$WARPGEN cosim equalizer --set WARPS=8 --set EPOCH=256 --set SAMPLE_PERIOD=16 --set OBJECTIVE=ENERGY --knob PROFILE=cache --knob FILL_PCT=100 --knob DWELL=1000 --knob KGAP=1 --knob CTA_LIFE=2000 --knob SLOT_MAP=1 --knob PIN_PCT=50 --seed 1 --cycles 100000 -q"
t sweep "cosim:equalizer-w32-e256-s16-perf-cache-full-pin-seed1" "\$WARPGEN cosim equalizer --set WARPS=32 --set EPOCH=256 --set SAMPLE_PERIOD=16 --set OBJECTIVE=PERFORMANCE --knob PROFILE=cache --knob FILL_PCT=100 --knob DWELL=1000 --knob KGAP=1 --knob CTA_LIFE=2000 --knob SLOT_MAP=1 --knob PIN_PCT=50 --seed 1 --cycles 100000 -q"
