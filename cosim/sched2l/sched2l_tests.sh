# sched2l_tests.sh - the two-level warp scheduler's tests, regressions and main-job points (read
# by tests/decl.sh; the functions are documented there and in docs/adding-a-block.md).

# The matrix ACTIVE {1,2,6,8,32} x WARPS {8,32,48} x SELECT {GREEDY,RR}, one seed each (1 and
# 2 alternating), plus the parameter edges (1 warp, 64 warps, odd sizes, PENDING, no barrier demotion)
SCHED2L_CONFIGS=()
for w in 8 32 48; do
	for a in 1 2 6 8 32; do
		[ "$a" -le "$w" ] || continue
		for sel in GREEDY RR; do
			SCHED2L_CONFIGS+=("w${w}a${a}-${sel,,}|--set WARPS=$w --set ACTIVE=$a --set SELECT=$sel")
		done
	done
done
SCHED2L_EDGES=(
	"w8a8-pending|--set WARPS=8 --set ACTIVE=8 --set SUSPEND=PENDING"
	"a32-nobar|--set ACTIVE=32 --set BARRIER_DEMOTE=0"
	"w64a64-rr|--set WARPS=64 --set ACTIVE=64 --set SELECT=RR"
	"w1a1|--set WARPS=1 --set ACTIVE=1"
	"w33a7-rr-pending-nobar|--set WARPS=33 --set ACTIVE=7 --set SELECT=RR --set SUSPEND=PENDING --set BARRIER_DEMOTE=0"
)

t fast "gen:list-sched2l" "\$WARPGEN list | grep -q '^sched2l '"
t fast "gen:help-sched2l" "\$WARPGEN gen sched2l --help | grep -q 'ACTIVE *8 *1..64'"
t fast "bad:sched2l-inconsistent" "tests/expect_bad.sh 'ACTIVE=16 must not exceed WARPS=8' $W gen sched2l --set WARPS=8 --set ACTIVE=16 -o @OUT@"
t fast "bad:sched2l-enum" "tests/expect_bad.sh 'SELECT=LRR is not one of GREEDY|RR|GTO|TRWS' $W gen sched2l --set SELECT=LRR -o @OUT@"
t fast-only "cosim:sched2l-w8a2-short" "\$WARPGEN_SAN cosim sched2l --set WARPS=8 --set ACTIVE=2 --set SELECT=RR --seed 3 --cycles 5000 -q"
t fast-only "case:sched2l-fast-greedy_keeps_warp" "\$WARPGEN_SAN cosim sched2l --case greedy_keeps_warp -q"

t test "lint:sched2l-default" "BLOCK=sched2l tests/lint.sh"
for c in "${SCHED2L_EDGES[@]}" "w48a6-rr|--set WARPS=48 --set ACTIVE=6 --set SELECT=RR" "w8a2-rr|--set WARPS=8 --set ACTIVE=2 --set SELECT=RR"; do
	case $c in w64a64*) continue ;; esac # Yosys needs 45 s for it: make sweep lints it
	tier=test
	case $c in a32-nobar*) tier=sweep ;; esac
	t $tier "lint:sched2l-${c%%|*}" "BLOCK=sched2l tests/lint.sh ${c#*|}"
done
t sweep "lint:sched2l-w64a64-rr" "BLOCK=sched2l tests/lint.sh --set WARPS=64 --set ACTIVE=64 --set SELECT=RR"
lint_cases test
t test "build:sched2l-default" "\$WARPGEN cosim sched2l --cycles 1000 -q"
# one seed per configuration, alternating 1 and 2 down the list (more seeds: make sweep)
# (make test: the default, Fermi's 48/6, the smallest and largest active sets and the edges but
# 64 x 64 and a32-nobar, whose BARRIER_DEMOTE=0 w33a7 runs; every other point of the matrix in make sweep)
i=0
for c in "${SCHED2L_CONFIGS[@]}" "${SCHED2L_EDGES[@]}"; do
	seed=$((i++ % 2 + 1))
	tier=sweep
	case ${c%%|*} in w32a8-greedy | w48a6-rr | w8a2-rr | w8a1-greedy | w32a32-rr | w48a1-rr | w8a8-pending | w1a1 | w33a7*) tier=test ;; esac
	t $tier "cosim:sched2l-${c%%|*}-seed$seed" "\$WARPGEN_SAN cosim sched2l ${c#*|} --seed $seed --cycles 100000 -q"
	for ((s = 3; s <= ${SEEDS:-5}; s++)); do
		t sweep "cosim:sched2l-${c%%|*}-seed$s" "\$WARPGEN cosim sched2l ${c#*|} --seed $s --cycles ${CYCLES:-1000000} -q"
	done
done
t sweep "tsan:cosim-sched2l" "WARPGEN_LOOP=pipelined \$OUT/bin/warpgen-tsan cosim sched2l --set WARPS=48 --seed 9 --cycles 50000 -q"
t test "cosim:sched2l-knobs-hot" "\$WARPGEN_SAN cosim sched2l --set WARPS=16 --set ACTIVE=4 --knob LL_PCT=50 --knob BAR_PM=100 --knob FIN_PM=50 --knob LAUNCH_PCT=50 --knob FREE_LAT=16 --knob ILP=1 --knob GROUP=4 --cycles 100000 -q"
t test "cosim:sched2l-knobs-cold" "\$WARPGEN_SAN cosim sched2l --knob LL_PCT=0 --knob BAR_PM=0 --knob FIN_PM=0 --knob RESET_PPM=0 --knob FREE_LAT=0 --knob ILP=8 --cycles 100000 -q"
cases test
# (the report must say that this FAIL is the negative case's expected result, issue 26 part 4)
t test "case-neg:sched2l-barrier-deadlock" "tests/expect_check_fail.sh \"EXPECTED: barrier_deadlock_without_demotion is a negative case: its check must fail with 'deadlock: the warps waiting at the barrier hold every slot', and it did\" \$WARPGEN cosim sched2l --case barrier_deadlock_without_demotion --model-only -q"
t test "case-neg:sched2l-greedy-under-rr" "tests/expect_check_fail.sh 'greedy starts at slot 0 after reset' \$WARPGEN cosim sched2l --case greedy_keeps_warp --set SELECT=RR --model-only -q"
t test "case-neg:sched2l-rr-under-greedy" "tests/expect_check_fail.sh 'RR rotates the priority every issue' \$WARPGEN cosim sched2l --case rr_rotates --set SELECT=GREEDY --model-only -q"
t test "case-neg:sched2l-always-under-pending" "tests/expect_check_fail.sh 'ALWAYS: a marked consumer whose value is back is still demoted' \$WARPGEN cosim sched2l --case marked_value_returned_always --set SUSPEND=PENDING --model-only -q"
t test "case-neg:sched2l-pending-under-always" "tests/expect_check_fail.sh 'PENDING: a marked consumer whose value is back issues without demotion' \$WARPGEN cosim sched2l --case marked_value_returned_pending --set SUSPEND=ALWAYS --model-only -q"
# GTO and TRWS (docs/sched2l.md "GTO and TRWS"): GTO at 8 x 4 (the cases' build) and at the default
# size (3 seeds, make sweep: its -Og build alone took 16 s of make test); TRWS at 8 x 4 (the cases'
# build, also with a hot priority) and at the edges
# single level (WARPS = ACTIVE, P1's Table 1 configuration) and one slot (neither greedy warp nor
# ages in the RTL); the cases' configurations are linted above (lint_cases), the default size's
# lint (Yosys: half a minute) in make sweep
for seed in 1 2 3; do
	t sweep "cosim:sched2l-gto-seed$seed" "\$WARPGEN_SAN cosim sched2l --set SELECT=GTO --seed $seed --cycles 40000 -q"
done
t test "cosim:sched2l-w8a4-gto" "\$WARPGEN_SAN cosim sched2l --set WARPS=8 --set ACTIVE=4 --set SELECT=GTO --seed 5 --cycles 100000 -q"
t test "cosim:sched2l-w8a8-trws-single-level" "\$WARPGEN_SAN cosim sched2l --set WARPS=8 --set ACTIVE=8 --set SELECT=TRWS --knob LAUNCH_PCT=20 --knob FIN_PM=20 --seed 4 --cycles 100000 -q"
t test "lint:sched2l-w8a1-trws" "BLOCK=sched2l tests/lint.sh --set WARPS=8 --set ACTIVE=1 --set SELECT=TRWS"
t test "cosim:sched2l-w8a1-trws" "\$WARPGEN_SAN cosim sched2l --set WARPS=8 --set ACTIVE=1 --set SELECT=TRWS --seed 6 --cycles 100000 -q"
t test "lint:sched2l-w8a8-trws" "BLOCK=sched2l tests/lint.sh --set WARPS=8 --set ACTIVE=8 --set SELECT=TRWS"
t test "cosim:sched2l-w8a4-trws" "\$WARPGEN_SAN cosim sched2l --set WARPS=8 --set ACTIVE=4 --set SELECT=TRWS --seed 7 --cycles 100000 -q"
t test "cosim:sched2l-w8a4-trws-prio-hot" "\$WARPGEN_SAN cosim sched2l --set WARPS=8 --set ACTIVE=4 --set SELECT=TRWS --knob PRIO_PCT=60 --knob PRIO_LEN=2 --seed 8 --cycles 100000 -q"
for seed in 1 2 3; do
	t sweep "cosim:sched2l-trws-seed$seed" "\$WARPGEN cosim sched2l --set SELECT=TRWS --seed $seed --cycles ${CYCLES:-1000000} -q"
done
t sweep "lint:sched2l-trws" "BLOCK=sched2l tests/lint.sh --set SELECT=TRWS"
t test "area:flops-only-gto-w8a4" "\$WARPGEN area sched2l --set WARPS=8 --set ACTIVE=4 --set SELECT=GTO --flops-only | grep -q 'flip-flop bits 73, storage_bits predicts 73: ok'"
t sweep "lint:sched2l-gto" "BLOCK=sched2l tests/lint.sh --set SELECT=GTO"
t sweep "area:flops-only-gto" "\$WARPGEN area sched2l --set SELECT=GTO --flops-only | grep -q 'flip-flop bits 628, storage_bits predicts 628: ok'"
# make sweep: the matrix and the edges with SELECT=GTO (and TRWS) in place of GREEDY, seed 3
for c in "${SCHED2L_CONFIGS[@]}" "${SCHED2L_EDGES[@]}"; do
	case $c in *SELECT=RR*) continue ;; esac
	for sel in GTO TRWS; do
		name=${c%%|*}
		t sweep "cosim:sched2l-${name%-greedy}-${sel,,}" "\$WARPGEN cosim sched2l ${c#*|} --set SELECT=$sel --seed 3 --cycles ${CYCLES:-1000000} -q"
	done
done
# negative runs: the claim changes with the parameter (docs/sched2l.md "Directed cases for GTO and TRWS")
t test "case-neg:sched2l-gto-under-greedy" "tests/expect_check_fail.sh '2 stalled: the oldest eligible warp (0), not the next slot' \$WARPGEN cosim sched2l --case gto_keeps_greedy_then_oldest --set SELECT=GREEDY --model-only -q"
t test "case-neg:sched2l-gto-relaunch-under-greedy" "tests/expect_check_fail.sh 'the relaunched warp 0 is the youngest: 7 issues first' \$WARPGEN cosim sched2l --case gto_oldest_after_relaunch --set SELECT=GREEDY --model-only -q"
t test "case-neg:sched2l-gto-age-under-greedy" "tests/expect_check_fail.sh 'warp 1 is still the greedy warp after its demotion' \$WARPGEN cosim sched2l --case gto_age_is_launch_order --set SELECT=GREEDY --model-only -q"
t test "case-neg:sched2l-trws-under-gto" "tests/expect_check_fail.sh 'W-P1-14: the ready warp 3 with prio_i beats the greedy warp 2' \$WARPGEN cosim sched2l --case trws_priority_beats_greedy --set SELECT=GTO --model-only -q"
t sweep "area:sched2l-default" "\$WARPGEN area sched2l -q"
t test "area:sched2l-w8a1" "\$WARPGEN area sched2l --set WARPS=8 --set ACTIVE=1 -q"
t test "area:sched2l-w1a1" "\$WARPGEN area sched2l --set WARPS=1 --set ACTIVE=1 -q"
t sweep "area:sched2l-w48a6-rr" "\$WARPGEN area sched2l --set WARPS=48 --set ACTIVE=6 --set SELECT=RR -q"
t test "area:sched2l-w8a2" "\$WARPGEN area sched2l --set WARPS=8 --set ACTIVE=2 -q"
t test "area:flops-only-agrees" "\$WARPGEN area sched2l --flops-only | grep -q 'flip-flop bits 129, storage_bits predicts 129: ok'"
t test "lint:sched2l-w64a1-rr" "BLOCK=sched2l tests/lint.sh --set WARPS=64 --set ACTIVE=1 --set SELECT=RR"
t test "lint:sched2l-smallest" "BLOCK=sched2l tests/lint.sh --set WARPS=1 --set ACTIVE=1 --set BARRIER_DEMOTE=0" # every parameter at its smallest legal value
t test "cosim:sched2l-w64a1-rr" "\$WARPGEN_SAN cosim sched2l --set WARPS=64 --set ACTIVE=1 --set SELECT=RR --seed 1 --cycles 100000 -q"
t test "cosim:sched2l-w7a7-pending" "\$WARPGEN_SAN cosim sched2l --set WARPS=7 --set ACTIVE=7 --set SUSPEND=PENDING --seed 1 --cycles 100000 -q"
t test "energy:sched2l-not-given" "\$WARPGEN energy sched2l -q | grep -qx 'select n/g'"
t sweep "wave:sched2l-case" "tests/check_wave.sh sched2l barrier_all_active"
# (make test checks a scenario with wave:check-rfc; this one, 14 s with its FST build, in make sweep)
t sweep "wave:check-sched2l" "tests/wave_check.sh sched2l barrier_all_active"
t sweep "wave:negative-sched2l" "tests/wave_check.sh sched2l barrier_deadlock_without_demotion"
t sweep "cosim:sched2l-gate-mapped-default" "tests/gate_check.sh mapped sched2l 20000"
t sweep "gate:sched2l-w8a2-200000" "tests/gate_check.sh pass sched2l 200000 --set WARPS=8 --set ACTIVE=2"

mutant_args "--set WARPS=16 --set ACTIVE=4 --set SELECT=RR"
mutant busy-ignored sweep 's/cand = res_q \& ~act \& ~llp_i \& ~bar_i \& ~busy;/cand = res_q \& ~act \& ~llp_i \& ~bar_i;/'
mutant rr-starts-at-last sweep 's/el_hi\[s\] = el\[s\] \& (s\[SB-1:0\] > last_q);/el_hi[s] = el[s] \& (s[SB-1:0] >= last_q);/'
mutant promote-skips-pointer sweep 's/cand_hi\[w\] = cand\[w\] \& (w\[WB-1:0\] >= pp_q);/cand_hi[w] = cand[w] \& (w[WB-1:0] > pp_q);/'
mutant demote-cause-always-mark sweep 's/dem_cause = dem_valid \& bd_w\[dem_warp\];/dem_cause = 1'"'"'b0;/'
# an idle cycle that resets the greedy position to slot 0 (random stimulus; the directed case
# greedy_keeps_warp also fails on it: rtl:case-neg-sched2l-greedy-idle-resets, tests/suites/rtl.sh)
mutant_args "--set WARPS=8 --set ACTIVE=4 --set SELECT=GREEDY"
mutant greedy-idle-resets sweep 's/last_d = iss_valid ? iss_slot : last_q;/last_d = iss_valid ? iss_slot : {SB{1'"'"'b0}};/'

# GTO's own logic, caught by random stimulus alone (an EXIT that keeps the greedy warp is not:
# it shows only when the relaunched warp is eligible before any other warp issues, which the
# directed case gto_oldest_after_relaunch checks)
mutant_args "--set WARPS=8 --set ACTIVE=4 --set SELECT=GTO"
mutant gto-cta-launch-by-high-id test 's/assign old_d\[PI\] = rst_i | launch_i\[gb\] | (~launch_i\[ga\] \& old_q\[PI\]);/assign old_d[PI] = rst_i | (launch_i[gb] \& ~launch_i[ga]) | (~launch_i[ga] \& ~launch_i[gb] \& old_q[PI]);/'
mutant gto-launch-keeps-age sweep 's/assign old_d\[PI\] = rst_i | launch_i\[gb\] | (~launch_i\[ga\] \& old_q\[PI\]);/assign old_d[PI] = rst_i | (~launch_i[ga] \& old_q[PI]);/'
mutant gto-no-greedy sweep 's/greedy = gv_q \& cset_p\[gw_q\];/greedy = 1'"'"'b0;/'
mutant_args "--set WARPS=8 --set ACTIVE=4 --set SELECT=TRWS"
mutant trws-prio-of-unread-warps test 's/assign cset = (|(elig \& prio_i)) ? (elig \& prio_i) : elig;/assign cset = (|prio_i) ? (elig \& prio_i) : elig;/'
mutant trws-greedy-before-prio sweep 's/greedy = gv_q \& cset_p\[gw_q\];/greedy = gv_q \& act[gw_q] \& el_w[gw_q];/'

# the two-level scheduler at its default (32 warps, 8 active, greedy) and at Fermi's 48 warps
# with 6 active and round-robin
main sched2l-default "sched2l"
main sched2l-w48-a6-rr "sched2l --set WARPS=48 --set ACTIVE=6 --set SELECT=RR"
plot_size WARPS "8 16 32 48" "ACTIVE=4" full

# Functional coverage closure (docs/sched2l.md "Functional coverage points"): every point hit at
# least 10 times by random stimulus in one of three configurations the sweep runs (the default,
# seed 3; TRWS, seed 1; the 33 x 7 edge without barrier demotion, seed 3), 1,000,000 cycles each,
# C model only (the counts are the same with the RTL: docs/cosim.md "Functional coverage").
t sweep "fcov:sched2l-closure" "for a in '--seed 3' '--set SELECT=TRWS --seed 1' '--set WARPS=33 --set ACTIVE=7 --set SELECT=RR --set SUSPEND=PENDING --set BARRIER_DEMOTE=0 --seed 3'; do \$WARPGEN cosim sched2l \$a --model-only --cycles 1000000; done | awk -v runs=3 -f tests/fcov_closure.awk"
