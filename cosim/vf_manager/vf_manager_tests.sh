# vf_manager_tests.sh - Equalizer's chip-level frequency manager: tests, regressions and main-job
# points (read by tests/decl.sh; docs/adding-a-block.md). Random strobes closer than the latencies
# (drops), the thesis's latencies, plurality.

t fast-only "cosim:vf_manager-default-short" "\$WARPGEN_SAN cosim vf_manager --seed 3 --cycles 5000 -q"
t fast-only "case:vf_manager-fast-latency_exact" "\$WARPGEN_SAN cosim vf_manager --case latency_exact -q"
t test "lint:vf_manager-s1-lat1" "BLOCK=vf_manager tests/lint.sh --set SMS=1 --set SM_LAT=1 --set MEM_LAT=1"
t test "lint:vf_manager-s32-plurality-lat4096" "BLOCK=vf_manager tests/lint.sh --set SMS=32 --set MAJORITY=PLURALITY --set SM_LAT=1 --set MEM_LAT=4096"
t test "area:vf_manager-default" "\$WARPGEN area vf_manager -q"
t test "area:vf_manager-lat1" "\$WARPGEN area vf_manager --set SM_LAT=1 --set MEM_LAT=1 -q"
for seed in 1 2; do
	t test "cosim:vf_manager-lat8-seed$seed" "\$WARPGEN_SAN cosim vf_manager --set SM_LAT=8 --set MEM_LAT=12 --knob EPOCH=12 --knob JITTER=10 --seed $seed --cycles 30000 -q"
done
t test "cosim:vf_manager-default-seed4" "\$WARPGEN_SAN cosim vf_manager --seed 4 --cycles 30000 -q"
t test "cosim:vf_manager-s4-plurality" "\$WARPGEN_SAN cosim vf_manager --set SMS=4 --set MAJORITY=PLURALITY --set SM_LAT=8 --set MEM_LAT=12 --knob EPOCH=10 --knob JITTER=9 --knob RESET_PPM=2000 --seed 5 --cycles 30000 -q"
cases test
t test "case:vf_manager-tie_is_none-s15" "\$WARPGEN_SAN cosim vf_manager --case tie_is_none --set SMS=15 -q"
t test "case-neg:vf_manager-strict-under-plurality" "tests/expect_check_fail.sh 'strobe 0: win_o = 5, expected 0' \$WARPGEN cosim vf_manager --case strict_majority --set MAJORITY=PLURALITY --model-only -q"
# make sweep: longer random runs of the co-simulated configurations and of the edges (one SM, no latency; 32 SMs
# under PLURALITY with the smallest and the largest latency), SEEDS seeds each (default 3); every functional
# coverage point (docs/vf_manager.md "Functional coverage points") reaches 10 hits in the first
VFM_SWEEP=(
	"lat8|--set SM_LAT=8 --set MEM_LAT=12 --knob EPOCH=12 --knob JITTER=10"
	"s4-plurality|--set SMS=4 --set MAJORITY=PLURALITY --set SM_LAT=8 --set MEM_LAT=12 --knob EPOCH=10 --knob JITTER=9 --knob RESET_PPM=2000"
	"default|"
	"s1-lat1|--set SMS=1 --set SM_LAT=1 --set MEM_LAT=1 --knob EPOCH=3 --knob JITTER=2"
	"s32-plurality-lat1-4096|--set SMS=32 --set MAJORITY=PLURALITY --set SM_LAT=1 --set MEM_LAT=4096 --knob EPOCH=300 --knob JITTER=299"
)
for c in "${VFM_SWEEP[@]}"; do
	for ((s = 1; s <= ${SEEDS:-3}; s++)); do
		t sweep "cosim:vf_manager-${c%%|*}-long-seed$s" "\$WARPGEN cosim vf_manager ${c#*|} --seed $s --cycles ${CYCLES:-100000} -q"
	done
done
t test "energy:vf_manager" "[ \"\$(\$WARPGEN energy vf_manager -q | grep -c ' n/g\$')\" = 5 ] && \$WARPGEN energy vf_manager | grep -q '(V/V0)^2: 1.3225 at high,\$'"

mutant_args "--set SM_LAT=200 --set MEM_LAT=300"
mutant start-while-busy test 's/wire          start   = w_v \& ~busy_q \& (sm_chg | mem_chg);/wire          start   = w_v \& (sm_chg | mem_chg);/'
mutant other-domain-kept sweep 's/wire \[1:0\]    mem_new = w_mem ? step(mem_q, w_up) : toward(mem_q);/wire [1:0]    mem_new = w_mem ? step(mem_q, w_up) : mem_q;/'

main vf_manager-default "vf_manager"
plot_size SMS "2 4 8 15" "" flops

# functional coverage closure (docs/vf_manager.md "Functional coverage points"): one sweep run of the C model that
# hits every point at least 10 times (it must pass too)
t sweep "fcov:vf_manager-closure" "for a in '--set SM_LAT=8 --set MEM_LAT=12 --knob EPOCH=12 --knob JITTER=10 --seed 1 --cycles 100000'; do \$WARPGEN cosim vf_manager \$a --model-only; done | awk -v runs=1 -f tests/fcov_closure.awk"
