# reexec_q_tests.sh - Mascar's cache-access re-execution queue: tests, regressions and main-job
# points (read by tests/decl.sh; docs/adding-a-block.md). reexec_q alone runs on an LSU/L1
# abstraction with an independent FIFO scoreboard (cosim/reexec_q/reexec_q_stim.c).

gate_small "--set ENTRIES=3 --set THREADS=4 --set WARPS=4 --set ADDR_BITS=16 --set OFFSET_BITS=3"

t fast "gen:help-reexec_q" "\$WARPGEN gen reexec_q --help | grep -q 'ENTRIES *32 *1..64'"
t fast-only "cosim:reexec_q-e1-short" "\$WARPGEN_SAN cosim reexec_q --set ENTRIES=1 --set THREADS=4 --set ADDR_BITS=16 --set WARPS=4 --seed 3 --cycles 5000 -q"
t test "lint:reexec_q-e1-w1" "BLOCK=reexec_q tests/lint.sh --set ENTRIES=1 --set WARPS=1"
t test "lint:reexec_q-e3-small-st" "BLOCK=reexec_q tests/lint.sh --set ENTRIES=3 --set THREADS=4 --set WARPS=4 --set ADDR_BITS=16 --set OFFSET_BITS=3 --set STORES=1"
t test "lint:reexec_q-smallest" "BLOCK=reexec_q tests/lint.sh --set ENTRIES=1 --set THREADS=1 --set ADDR_BITS=8 --set OFFSET_BITS=1 --set WARPS=1 --set REG_BITS=1 --set STORES=0" # every parameter at its smallest legal value
t test "area:reexec_q-e1-w1-st" "\$WARPGEN area reexec_q --set ENTRIES=1 --set WARPS=1 --set STORES=1 -q"
t test "area:reexec_q-e3-small" "\$WARPGEN area reexec_q --set ENTRIES=3 --set THREADS=4 --set WARPS=4 --set ADDR_BITS=16 --set OFFSET_BITS=3 -q"
t test "cosim:reexec_q-default-seed1" "\$WARPGEN_SAN cosim reexec_q --seed 1 --cycles 30000 -q"
t test "cosim:reexec_q-e1-seed2" "\$WARPGEN_SAN cosim reexec_q --set ENTRIES=1 --set THREADS=4 --set ADDR_BITS=16 --set WARPS=4 --seed 2 --cycles 50000 -q"
t test "cosim:reexec_q-e4-stores-seed3" "\$WARPGEN_SAN cosim reexec_q --set ENTRIES=4 --set STORES=1 --set THREADS=4 --set ADDR_BITS=16 --set WARPS=8 --seed 3 --cycles 50000 -q"
t test "cosim:reexec_q-e8-t32-seed4" "\$WARPGEN_SAN cosim reexec_q --set ENTRIES=8 --set THREADS=32 --set ADDR_BITS=16 --set WARPS=8 --seed 4 --cycles 50000 -q"
cases test
t test "energy:reexec_q" "\$WARPGEN energy reexec_q -q | grep -qx 'push n/g' && [ \"\$(\$WARPGEN energy reexec_q -q | grep -c ' n/g\$')\" = 6 ] && \$WARPGEN energy reexec_q | grep -Eq '^replay +n/g +not given in pJ \\(sethia2015\\.tsv:[0-9]+\\): 1 queue access = 0\\.03 L1 accesses' && \$WARPGEN energy reexec_q | grep -Eq '^pop +n/g +not given by the thesis .*0 queue accesses'"

mutant_args "--set ENTRIES=4 --set THREADS=4 --set ADDR_BITS=16 --set WARPS=8"
mutant full-queue-has-nothing test 's/occ\[i\] = full | (wrap/occ[i] = (wrap/'
mutant full-rotate-moves sweep 's/wire rot_move = rot \& ~full;/wire rot_move = rot;/'

main_area_opt --flops-only
main reexec_q-default "reexec_q"
plot_size ENTRIES "4 8 16 32" "THREADS=8 WARPS=8" flops

# Functional coverage closure (docs/reexec_q.md "Functional coverage points"): a small queue with
# stores, 1,000,000 random cycles against the RTL, and every point hit at least 10 times in it (C
# model only: the counts are the same with the RTL, docs/cosim.md "Functional coverage").
t sweep "cosim:reexec_q-e4-stores-seed3-long" "\$WARPGEN cosim reexec_q --set ENTRIES=4 --set STORES=1 --set THREADS=4 --set ADDR_BITS=16 --set WARPS=8 --seed 3 --cycles ${CYCLES:-1000000} -q"
t sweep "fcov:reexec_q-closure" "\$WARPGEN cosim reexec_q --set ENTRIES=4 --set STORES=1 --set THREADS=4 --set ADDR_BITS=16 --set WARPS=8 --seed 3 --model-only --cycles 1000000 | awk -v runs=1 -f tests/fcov_closure.awk"
