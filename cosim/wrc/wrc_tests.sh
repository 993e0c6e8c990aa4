# wrc_tests.sh - Mascar's warp readiness checker: tests, regressions and main-job points (read by
# tests/decl.sh; docs/adding-a-block.md). wrc alone runs on its own abstract front end, LSU and
# queue (cosim/wrc/wrc_stim.c); at 48 warps it runs composed (mascar) and for 1,000,000 cycles in `make`.

gate_synth quick
gate_small "--set WARPS=4 --set MSHRS=8 --set MISSQ=4"

t fast "gen:help-wrc" "\$WARPGEN gen wrc --help | grep -q 'SAT_MARGIN_MSHR *4 *0..255'"
t fast "bad:wrc-schedulers" "tests/expect_bad.sh 'SCHEDULERS=4 must not exceed WARPS=3' $W gen wrc --set WARPS=3 --set SCHEDULERS=4 -o @OUT@"
t fast "bad:wrc-hysteresis" "tests/expect_bad.sh 'SAT_HYST=7 must be below MSHRS-SAT_MARGIN_MSHR=60 and MISSQ-SAT_MARGIN_MQ=7' $W gen wrc --set SAT_HYST=7 -o @OUT@"
t fast-only "cosim:wrc-w4s1-short" "\$WARPGEN_SAN cosim wrc --set WARPS=4 --set SCHEDULERS=1 --seed 3 --cycles 5000 -q"
# lint at small sizes (the thesis's sizes take Yosys 25 s each: `make` lints them)
t test "lint:wrc-w8" "BLOCK=wrc tests/lint.sh --set WARPS=8"
t test "lint:wrc-w5s3-t7-h2" "BLOCK=wrc tests/lint.sh --set WARPS=5 --set SCHEDULERS=3 --set OWNER_IDLE_TIMEOUT=7 --set SAT_HYST=2"
t test "lint:wrc-smallest" "BLOCK=wrc tests/lint.sh --set WARPS=2 --set SCHEDULERS=1 --set MSHRS=1 --set MISSQ=1 --set SAT_MARGIN_MSHR=0 --set SAT_MARGIN_MQ=0 --set SAT_HYST=0 --set OWNER_IDLE_TIMEOUT=0" # every parameter at its smallest legal value
t test "area:wrc-w8" "\$WARPGEN area wrc --set WARPS=8 -q"
for seed in 1 2; do
	t test "cosim:wrc-w8-seed$seed" "\$WARPGEN_SAN cosim wrc --set WARPS=8 --seed $seed --cycles 30000 -q"
done
t test "cosim:wrc-w4s1" "\$WARPGEN_SAN cosim wrc --set WARPS=4 --set SCHEDULERS=1 --seed 4 --cycles 30000 -q"
t test "cosim:wrc-w16s4-hyst-idle" "\$WARPGEN_SAN cosim wrc --set WARPS=16 --set SCHEDULERS=4 --set OWNER_IDLE_TIMEOUT=20 --set SAT_HYST=2 --seed 5 --cycles 30000 -q"
t test "cosim:wrc-knobs-hot" "\$WARPGEN_SAN cosim wrc --set WARPS=8 --knob MEM_PCT=90 --knob QCAP=1 --knob LSU_BUSY_PCT=50 --knob RESET_PPM=2000 --knob BAR_PM=100 --knob INSTR=20 --cycles 30000 -q"
t test "cosim-neg:wrc-watchdog" "tests/expect_check_fail.sh 'no issue for 5000 cycles' \$WARPGEN cosim wrc --set WARPS=8 --knob REPLAY_PCT=0 --cycles 30000 --model-only -q"
cases test
t test "case-neg:wrc-hysteresis-off" "tests/expect_check_fail.sh 'inside the band, holds MP' \$WARPGEN cosim wrc --case hysteresis --set SAT_HYST=0 --model-only -q"
t test "case-neg:wrc-chatter-no-hyst" "tests/expect_check_fail.sh 'MP must persist' \$WARPGEN cosim wrc --case flag_chatter_hysteresis --set SAT_HYST=0 --model-only -q"
t test "case-neg:wrc-idle-timeout-off" "tests/expect_check_fail.sh 'the idle owner is released' \$WARPGEN cosim wrc --case owner_idle_timeout --set OWNER_IDLE_TIMEOUT=0 --model-only -q"
t test "energy:wrc" "[ \"\$(\$WARPGEN energy wrc -q | grep -c ' n/g\$')\" = 6 ] && \$WARPGEN energy wrc -q | grep -qx 'wst_write n/g' && \$WARPGEN energy wrc | grep -Eq '^owner_change +n/g +not given by the papers \\(sethia2015\\.tsv:[0-9]+' && \$WARPGEN energy wrc | grep -qx 'clock 0.7 GHz (leakage energy per cycle = leakage mW / clock GHz pJ)'"
t sweep "gate:wrc-w4-200000" "tests/gate_check.sh pass wrc 200000 --set WARPS=4 --set MSHRS=8 --set MISSQ=4"

mutant_args "--set WARPS=8"
mutant release-while-busy test 's/(llp_i \& ~busy)/llp_i/'
mutant mp-memory-first sweep 's/want\[s\] = seen_m \& (~mode_q | ~seen_c);/want[s] = seen_m;/'

main wrc-default "wrc"
plot_size WARPS "4 8 16 32 48" "" flops 16

# Functional coverage closure (docs/wrc.md "Functional coverage points"): the thesis's size and the
# small multi-scheduler configuration with hysteresis and the idle timeout, 1,000,000 random cycles
# each against the RTL, and every point hit at least 10 times in one of them (C model only: the
# counts are the same with the RTL, docs/cosim.md "Functional coverage").
t sweep "cosim:wrc-default-seed3" "\$WARPGEN cosim wrc --seed 3 --cycles ${CYCLES:-1000000} -q"
t sweep "cosim:wrc-w16s4-hyst-idle-seed3" "\$WARPGEN cosim wrc --set WARPS=16 --set SCHEDULERS=4 --set OWNER_IDLE_TIMEOUT=20 --set SAT_HYST=2 --seed 3 --cycles ${CYCLES:-1000000} -q"
t sweep "fcov:wrc-closure" "for a in '--seed 3' '--set WARPS=16 --set SCHEDULERS=4 --set OWNER_IDLE_TIMEOUT=20 --set SAT_HYST=2 --seed 3'; do \$WARPGEN cosim wrc \$a --model-only --cycles 1000000; done | awk -v runs=2 -f tests/fcov_closure.awk"
