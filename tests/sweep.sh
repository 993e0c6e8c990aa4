#!/usr/bin/env bash
# sweep.sh - `make sweep`: the long regressions. Every RFC configuration of the
# cross product below, every Mascar configuration of WARPS {4,16,48} x ENTRIES
# {1,2,16,32} x STORES {0,1}, every Equalizer configuration of WARPS {8,32,48} x
# EPOCH {256,4096} x SAMPLE_PERIOD {16,128} x OBJECTIVE and the GPU at SMS {1,3,15},
# every prefetch_table configuration of ENTRIES {1,4,64} x WARPS {1,4,8} x
# LANES_PER_CYCLE {1,8,32} x THREADS {8,32},
# each x SEEDS seeds x CYCLES cycles, every RTL mutant (tests/mutant.sh), the plots with Yosys
# at every point (PLOTS_FULL=1 tests/plots.sh out/sweep/plots), gate-level co-simulation of every
# block's default configuration (200,000 cycles, seed 2) and of small wrc, sched2l and rfc, and the
# lint of the configurations too slow for `make test` (Yosys needs about a minute
# for each). In parallel, one line per run, ending "N passed, M failed". Failures
# print their replay command.
set -uo pipefail
cd "$(dirname "$0")/.."
SEEDS=${SEEDS:-5} CYCLES=${CYCLES:-1000000} JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
list=out/sweep/list
mkdir -p out/sweep && : >"$list"
cosim() { echo "out/bin/warpgen cosim $* --cycles $CYCLES -q" >>"$list"; }
for a in 1 4 8 32; do for e in 1 4 6 8; do for l in 1 4 32; do for r in FIFO LRU; do for v in 0 1; do
	for s in $(seq 1 "$SEEDS"); do
		cosim rfc --set ACTIVE_WARPS=$a --set ENTRIES=$e --set LANES=$l --set REPLACEMENT=$r --set LIVENESS=$v --seed $s
	done
done; done; done; done; done
for w in 4 16 48; do for e in 1 2 16 32; do for st in 0 1; do
	for s in $(seq 1 "$SEEDS"); do
		cosim mascar --set WARPS=$w --set ENTRIES=$e --set STORES=$st --seed $s
	done
done; done; done
for w in 8 32 48; do for e in 256 4096; do for sp in 16 128; do for o in ENERGY PERFORMANCE; do
	for s in $(seq 1 "$SEEDS"); do
		cosim equalizer --set WARPS=$w --set EPOCH=$e --set SAMPLE_PERIOD=$sp --set OBJECTIVE=$o --knob PROFILE=phases --seed $s
	done
done; done; done; done
for sms in 1 3 15; do for o in ENERGY PERFORMANCE; do
	for s in $(seq 1 "$SEEDS"); do
		cosim equalizer_gpu --set SMS=$sms --set OBJECTIVE=$o --seed $s
	done
done; done
for s in $(seq 1 "$SEEDS"); do # make test's former 15-SM plurality point
	cosim equalizer_gpu --set SMS=15 --set WARPS=8 --set SAMPLE_PERIOD=16 --set EPOCH=512 --set SM_LAT=64 --set MEM_LAT=64 \
		--set OBJECTIVE=PERFORMANCE --set MAJORITY=PLURALITY --knob KLEN=40 --knob CTAS=6 --knob RESET_PPM=30 --seed $s
done
for e in 1 4 64; do for w in 1 4 8; do for l in 1 8 32; do for t in 8 32; do
	[ "$l" -le "$t" ] || continue
	for s in $(seq 1 "$SEEDS"); do
		cosim prefetch_table --set ENTRIES=$e --set WARPS=$w --set LANES_PER_CYCLE=$l --set THREADS=$t --seed $s
	done
done; done; done; done
echo "PLOTS_FULL=1 tests/plots.sh out/sweep/plots >/dev/null 2>&1 && echo 'PASS plots full' || echo 'FAIL plots full'" >>"$list"
for d in csim/*_desc.c; do
	b=$(basename "$d" _desc.c)
	[ "$b" = wg ] || echo "tests/gate_check.sh pass $b 200000 --seed 2 >/dev/null 2>&1 && echo 'PASS gate $b default 200000 seed 2' || echo 'FAIL gate $b default 200000 seed 2'" >>"$list"
done
for g in "wrc 200000 --set WARPS=4 --set MSHRS=8 --set MISSQ=4" "sched2l 200000 --set WARPS=8 --set ACTIVE=2" "rfc 200000 --set WARPS=4 --set ACTIVE_WARPS=1 --set ENTRIES=1 --set LANES=1"; do
	echo "tests/gate_check.sh pass $g >/dev/null 2>&1 && echo 'PASS gate $g' || echo 'FAIL gate $g'" >>"$list"
done
# flip-flop checks moved out of the default run (make test keeps rename-small and the prefetch table's edges)
echo "out/bin/warpgen area rename --set WARPS=4 --set REGS=8 --set RT_ENTRIES=32 --set PHYS_REGS=32 --set SUBARRAYS=2 --set FC_ENTRIES=4 --set EXEMPT=2 --set POLICY=WEAR_LEVEL --set LOOKUP_PORTS=3 -q >/dev/null 2>&1 && echo 'PASS area rename-small-wear' || echo 'FAIL area rename-small-wear'" >>"$list"
echo "out/bin/warpgen area prefetch_table --flops-only --set ENTRIES=4 --set THREADS=8 --set WARPS=2 --set PQ_DEPTH=4 -q >/dev/null 2>&1 && echo 'PASS area prefetch_table-small' || echo 'FAIL area prefetch_table-small'" >>"$list"
for m in $(tests/mutant.sh --list); do
	echo "tests/mutant.sh $m >/dev/null 2>&1 && echo 'PASS mutant $m' || echo 'FAIL mutant $m'" >>"$list"
done
for l in "rename" "rename --set WARPS=16 --set REGS=32 --set RT_ENTRIES=256 --set PHYS_REGS=64 --set SUBARRAYS=2 --set LOOKUP_PORTS=3 --set PF_DEPTH=2 --set ALLOC_PORTS=4 --set RT_BANKS=8 --set POLICY=LOWEST_FIRST" \
	"sched2l --set WARPS=64 --set ACTIVE=64 --set SELECT=RR" \
	"prefetch_table --set WARPS=8 --set LANES_PER_CYCLE=32 --set PQ_DEPTH=64 --set ADDR_BITS=32 --set OFFSET_BITS=16" \
	"equalizer --set WARPS=64 --set MAX_CTAS=16 --set HYSTERESIS=7 --set SAMPLE_PERIOD=1024 --set EPOCH=1024 --set NORM=SHIFT --set OBJECTIVE=PERFORMANCE --set BARRIER_IS_ACTIVE=1 --set XMEM_STRICT=1"; do
	set -- $l
	b=$1 && shift
	echo "BLOCK=$b tests/lint.sh $* >/dev/null 2>&1 && echo 'PASS lint $l' || echo 'FAIL lint $l'" >>"$list"
done
# lint of the renaming table's directed-case parameter sets (moved here from make test)
out/bin/warpgen cosim rename --list 2>/dev/null | grep -oE '\[[A-Z_=0-9,]+\]$' | tr -d '[]' | sort -u |
	while read -r ov; do
		echo "BLOCK=rename tests/lint.sh $(printf -- '--set %s ' ${ov//,/ }) >/dev/null 2>&1 && echo 'PASS lint rename case $ov' || echo 'FAIL lint rename case $ov'" >>"$list"
	done
echo "sweep: $(wc -l <"$list") runs ($CYCLES cycles each for co-simulation), $JOBS at a time"
tr '\n' '\0' <"$list" | xargs -0 -P "$JOBS" -I{} bash -c 'eval "$1" 2>&1 | grep -E "^(PASS|FAIL|MISMATCH|  replay)"' _ {} | tee out/sweep/results
passed=$(grep -c '^PASS' out/sweep/results || true)
total=$(wc -l <"$list")
echo "$passed passed, $((total - passed)) failed"
[ "$passed" -eq "$total" ]
