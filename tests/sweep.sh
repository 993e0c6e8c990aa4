#!/usr/bin/env bash
# sweep.sh - `make sweep`: the long regression. Every RFC configuration of the
# cross product below x SEEDS seeds x CYCLES cycles, in parallel, one line per run,
# ending "N passed, M failed". Failures print their replay command.
set -uo pipefail
cd "$(dirname "$0")/.."
SEEDS=${SEEDS:-5} CYCLES=${CYCLES:-1000000} JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
list=out/sweep/list
mkdir -p out/sweep && : >"$list"
for a in 1 4 8 32; do for e in 1 4 6 8; do for l in 1 4 32; do for r in FIFO LRU; do for v in 0 1; do
	for s in $(seq 1 "$SEEDS"); do
		echo "--set ACTIVE_WARPS=$a --set ENTRIES=$e --set LANES=$l --set REPLACEMENT=$r --set LIVENESS=$v --seed $s" >>"$list"
	done
done; done; done; done; done
echo "sweep: $(wc -l <"$list") runs of $CYCLES cycles, $JOBS at a time"
tr '\n' '\0' <"$list" | xargs -0 -P "$JOBS" -I{} bash -c \
	'out/bin/warpgen cosim rfc $1 --cycles '"$CYCLES"' -q 2>&1 | grep -E "^(PASS|FAIL|MISMATCH|  replay)"' _ {} | tee out/sweep/results
passed=$(grep -c '^PASS' out/sweep/results || true)
total=$(wc -l <"$list")
echo "$passed passed, $((total - passed)) failed"
[ "$passed" -eq "$total" ]
