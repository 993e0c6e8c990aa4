# mascar_tests.sh - the readiness checker and the re-execution queue composed (Mascar) on the
# SM/LSU/L1 environment (cosim/mascar/mascar_env.c): tests, regressions, main-job points and its
# report section (read by tests/decl.sh; docs/adding-a-block.md). The regression,
# WARPS {4,16,48} x ENTRIES {1,2,16,32} x STORES {0,1}, is covered by four configurations x 2 seeds
# in make test; make sweep runs the whole cross product.
MSC_CONFIGS=(
	"w4-e1|--set WARPS=4 --set SCHEDULERS=1 --set ENTRIES=1"
	"w16-e2-stores|--set WARPS=16 --set ENTRIES=2 --set STORES=1"
	"w48-e16-stores|--set ENTRIES=16 --set STORES=1"
	"default|"
)
gate_synth quick
gate_small "--set WARPS=4 --set SCHEDULERS=1 --set ENTRIES=2 --set THREADS=4 --set ADDR_BITS=16"

t fast "bad:mascar-entries" "tests/expect_bad.sh 'ENTRIES=65 is out of range (legal range 1..64)' $W gen mascar --set ENTRIES=65 -o @OUT@"
t fast-only "cosim:mascar-w4-e1-short" "\$WARPGEN_SAN cosim mascar --set WARPS=4 --set SCHEDULERS=1 --set ENTRIES=1 --seed 3 --cycles 5000 -q"
t fast-only "case:mascar-fast-fig46_reexecution" "\$WARPGEN_SAN cosim mascar --case fig46_reexecution -q"
t test "gen:mascar-paper-storage" "cosim/mascar/mascar_storage.sh"
t test "lint:mascar-w4-e2-t4" "BLOCK=mascar tests/lint.sh --set WARPS=4 --set ENTRIES=2 --set THREADS=4 --set ADDR_BITS=16"
t test "lint:mascar-smallest" "BLOCK=mascar tests/lint.sh --set WARPS=2 --set SCHEDULERS=1 --set MSHRS=1 --set MISSQ=1 --set SAT_MARGIN_MSHR=0 --set SAT_MARGIN_MQ=0 --set SAT_HYST=0 --set OWNER_IDLE_TIMEOUT=0 --set ENTRIES=1 --set THREADS=1 --set ADDR_BITS=8 --set OFFSET_BITS=1 --set REG_BITS=1 --set STORES=0" # every parameter at its smallest legal value
t test "build:mascar-default" "\$WARPGEN cosim mascar --cycles 1000 -q"
for c in "${MSC_CONFIGS[@]}"; do
	case $c in w48-e16-stores*) ;; # the slowest (50 s): make sweep runs it
	*) for seed in 1 2; do
		t test "cosim:mascar-${c%%|*}-seed$seed" "\$WARPGEN_SAN cosim mascar ${c#*|} --seed $seed --cycles 30000 -q"
	done ;;
	esac
done
t test "cosim:mascar-edges" "\$WARPGEN_SAN cosim mascar --set WARPS=2 --set SCHEDULERS=1 --set ENTRIES=1 --set MSHRS=1 --set MISSQ=1 --set SAT_MARGIN_MSHR=0 --set SAT_MARGIN_MQ=0 --cycles 20000 -q"
t sweep "cosim:mascar-s4-small" "\$WARPGEN_SAN cosim mascar --set WARPS=16 --set SCHEDULERS=4 --set ENTRIES=2 --set MSHRS=8 --set MISSQ=4 --set SAT_HYST=1 --set OWNER_IDLE_TIMEOUT=50 --set THREADS=8 --set ADDR_BITS=16 --set OFFSET_BITS=3 --set REG_BITS=4 --set STORES=1 --knob RESET_PPM=500 --cycles 20000 -q"
cases test
t test "case-neg:mascar-fig46-two-entries" "tests/expect_check_fail.sh 'refused request must find the queue full and stall the LSU' \$WARPGEN cosim mascar --case fig46_reexecution --set ENTRIES=2 --model-only -q"
t test "case-neg:mascar-watchdog" "tests/expect_check_fail.sh 'no progress for' \$WARPGEN cosim mascar --set WARPS=4 --set SCHEDULERS=1 --set ENTRIES=1 --knob WATCHDOG=100 --knob L2_LAT=2000 --cycles 20000 --model-only -q"
t test "wave:mascar-case" "tests/check_wave.sh mascar fig46_reexecution"
# the SM comparison of §4.4.3 (docs/mascar.md "SM comparison"): LRR (BASE=2) and GTO (BASE=1) baselines against
# Mascar, same seed and streams. The quick run (6,000 cycles: the start dominates; it says REVERSED for GTO below LRR
# and for MP below re-execution alone) pins the five rows, Mascar ahead of LRR on the memory geomean and on the cache-sensitive
# profile, and exit 1 exactly when a line says REVERSED
t test "stats:mascar-compare-quick" "out=\$(\$WARPGEN stats mascar --compare --cycles 6000); rc=\$?; printf '%s\\n' \"\$out\"; printf '%s\\n' \"\$out\" | awk -v rc=\$rc '/^[|] (stream|cache|reuse|thrash|compute) [|]/{n++} /^memory-intensive geomean speedup .*Mascar over LRR [+]/{g=1} /^cache-sensitive .*Mascar over LRR [+]/{c=1} /^REVERSED/{rev=1} /^FAILED/{f=1} END{exit !(n==5 && g && c && !f && rc==(rev?1:0))}'"
t test "stats-neg:mascar-compare-reversed" "tests/expect_check_fail.sh 'REVERSED: Mascar is slower than GTO' \$WARPGEN stats mascar --compare --profile cache --cycles 15000 --knob MQ_GAP=16"
# the energy direction (Fig. 4.13: Mascar saves energy): on `cache` alone at 15,000 cycles, seed 1, Mascar is 1.3 % slower
# than LRR and spends 1.3 % more energy per instruction (docs/mascar.md "Energy")
t test "stats-neg:mascar-compare-energy-reversed" "tests/expect_check_fail.sh 'REVERSED: Mascar spends more energy per instruction' \$WARPGEN stats mascar --compare --profile cache --cycles 15000"
t fast "bad:stats-mascar-no-compare" "tests/expect_bad.sh 'give --compare' $W stats mascar"
t fast "bad:stats-mascar-base" "tests/expect_bad.sh 'BASE is set by the comparison itself' $W stats mascar --compare --knob BASE=1"
t fast "bad:stats-mascar-profile" "tests/expect_bad.sh '--profile bogus: stream, cache, reuse, thrash or compute' $W stats mascar --compare --profile bogus"
t fast "bad:stats-mascar-profile-missing" "tests/expect_bad.sh '--profile needs a value' $W stats mascar --compare --profile"
for s in 1 2 3; do
	t sweep "stats:mascar-compare-seed$s" "out=\$(\$WARPGEN stats mascar --compare --seed $s); rc=\$?; printf '%s\\n' \"\$out\"; printf '%s\\n' \"\$out\" | awk -v rc=\$rc '/^[|] (stream|cache|reuse|thrash|compute) [|]/{n++} /^REVERSED/{rev=1} /^FAILED/{f=1} END{exit !(n==5 && !f && rc==(rev?1:0))}'"
done
# the LRR baseline's, re-execution alone's and the reuse profile's paths of the environment co-simulated with the
# RTL (ASan+UBSan)
t sweep "cosim:mascar-lrr-reuse" "\$WARPGEN_SAN cosim mascar --knob BASE=2 --knob REUSE=1 --knob GROUP=6 --cycles 20000 -q"
t sweep "cosim:mascar-reuse" "\$WARPGEN_SAN cosim mascar --knob REUSE=1 --cycles 20000 -q"
t sweep "cosim:mascar-reexec-reuse" "\$WARPGEN_SAN cosim mascar --knob BASE=3 --knob REUSE=1 --cycles 20000 -q"
t sweep "cosim:mascar-thrash" "\$WARPGEN_SAN cosim mascar --knob REUSE=2 --cycles 20000 -q"
t test "energy:mascar" "[ \"\$(\$WARPGEN energy mascar -q | grep -c ' n/g\$')\" = 11 ] && \$WARPGEN energy mascar -q | grep -qx 'rq.rotate_move n/g' && \$WARPGEN energy mascar | grep -Eq '^rq\\.push +n/g +rq: not given in pJ .*= 0\\.03 L1 accesses' && \$WARPGEN energy mascar | grep -q '^leakage n/g: sum of the instances.: rq n/g, wrc n/g'"
for w in 4 16 48; do for e in 1 2 16 32; do for st in 0 1; do
	for ((s = 1; s <= ${SEEDS:-5}; s++)); do
		t sweep "cosim:mascar-w$w-e$e-st$st-long-seed$s" "\$WARPGEN cosim mascar --set WARPS=$w --set ENTRIES=$e --set STORES=$st --seed $s --cycles ${CYCLES:-1000000} -q"
	done
done; done; done

# the thesis's sizes composed, and at 16 warps with a 16-entry queue that parks stores too
main_area_opt --flops-only
main mascar-default "mascar"
main mascar-w16-e16-stores "mascar --set WARPS=16 --set ENTRIES=16 --set STORES=1"
main_report 30 mascar_report
plot_size ENTRIES "4 8 16 32" "WARPS=8 THREADS=8" flops

# Mascar's storage against the thesis's Table 4.2 (the manifest's parts; Yosys counted the flops).
mascar_report() {
	echo "Mascar storage (Sethia 2015 Tab. 4.2, from the manifest of warpgen gen mascar):"
	WARPGEN=$W cosim/mascar/mascar_storage.sh | tee $OUT/main/mascar-storage.log || status=1
	{ echo; echo "## Mascar storage against the thesis's Table 4.2"; echo; cat $OUT/main/mascar-storage.log; } >>"$REPORT_MD"
}

# RTL mutants: an instance's module broken inside the composed file
mutant_args "--set WARPS=8 --set ENTRIES=4 --set THREADS=8"
mutant wrc-release-while-busy test 's/(llp_i \& ~busy)/llp_i/'
mutant rq-full-queue-has-nothing sweep 's/occ\[i\] = full | (wrap/occ[i] = (wrap/'

# Functional coverage closure (docs/mascar.md "Functional coverage points"): a sweep configuration
# added for it, the thesis's 48 warps with a 16-entry queue that parks stores, a 600-cycle L2 (every
# MSHR in use: replay_with_mshrs_full), 8 hot lines and 30 % stores (a load behind a queued store to
# its address) and 200 resets per million cycles (requests queued at a reset): co-simulated against
# the RTL, and every point hit at least 10 times in 1,000,000 random cycles (C model only: the
# counts are the same with the RTL, docs/cosim.md "Functional coverage").
MSC_FCOV="--set ENTRIES=16 --set STORES=1 --knob L2_LAT=600 --knob RESET_PPM=200 --knob HOT_LINES=8 --knob STORE_PCT=30"
t sweep "cosim:mascar-fcov-seed1" "\$WARPGEN cosim mascar $MSC_FCOV --seed 1 --cycles ${CYCLES:-1000000} -q"
t sweep "fcov:mascar-closure" "\$WARPGEN cosim mascar $MSC_FCOV --model-only --seed 1 --cycles 1000000 | awk -v runs=1 -f tests/fcov_closure.awk"

# toggle coverage (issue 24; docs/mascar.md "Code and toggle coverage"): the closure configuration's knobs at the
# 16-warp sweep size with ADDR_MIX=1 (every address bit, random offsets and sizes in the queue's entries) and
# SAT_EXT_PPM=2000 (sat_ext_i flips), against the RTL
t sweep "cosim:mascar-w16-e2-stores-addrmix-seed1" "\$WARPGEN cosim mascar --set WARPS=16 --set ENTRIES=2 --set STORES=1 --knob L2_LAT=600 --knob HOT_LINES=8 --knob STORE_PCT=30 --knob RESET_PPM=200 --knob ADDR_MIX=1 --knob SAT_EXT_PPM=2000 --seed 1 --cycles 200000 -q"
# the same knobs at the one-scheduler 4-warp size and at the 4-scheduler 16-bit-address size (docs/mascar.md
# "Code and toggle coverage", stop 38: without ADDR_MIX their address and offset bits stay constant)
t sweep "cosim:mascar-w4-e1-addrmix-seed1" "\$WARPGEN cosim mascar --set WARPS=4 --set ENTRIES=1 --set STORES=0 --knob ADDR_MIX=1 --knob SAT_EXT_PPM=2000 --seed 1 --cycles 100000 -q"
t sweep "cosim:mascar-s4-small-addrmix-seed1" "\$WARPGEN cosim mascar --set WARPS=16 --set SCHEDULERS=4 --set ENTRIES=2 --set MSHRS=8 --set MISSQ=4 --set SAT_HYST=1 --set OWNER_IDLE_TIMEOUT=50 --set THREADS=8 --set ADDR_BITS=16 --set OFFSET_BITS=3 --set REG_BITS=4 --set STORES=1 --knob RESET_PPM=500 --knob ADDR_MIX=1 --knob SAT_EXT_PPM=2000 --seed 1 --cycles 20000 -q"

# Mascar at the SM against its baseline (Sethia 2015 §4.4.3): the section of make's report from tests/mascar_compare_report.sh (it prints REVERSED rows as
# such and fails only when a run fails; the statistics run itself exits 1 on a reversal)
main_report 32 mascar_compare_report
mascar_compare_report() {
	# make: 50,000 cycles per arm (about 11 s of CPU: the kmeans-shaped profile runs at IPC 0.15, so 30,000
	# cycles are a few kernel launches); make full (MAIN_FULL=1): 100,000; seeds 1-3 in both. The script
	# reports a reversal in its table (a finding, shown first here) and fails only on a failed run
	# (docs/user-guide.md "Reversals").
	local cyc=50000
	[ "${MAIN_FULL:-0}" = 1 ] && cyc=100000
	MSC_REPORT_CYCLES=$cyc WARPGEN=$W tests/mascar_compare_report.sh >$OUT/main/mascar-compare.md 2>$OUT/main/mascar-compare.log || { echo "mascar-compare: FAILED (see $OUT/main/mascar-compare.log)"; status=1; }
	tests/report_findings.sh $OUT/main/mascar-compare.md
	echo "Mascar at the SM against its baseline (Sethia 2015 §4.4.3) ($OUT/main/mascar-compare.md):"
	grep '^|' $OUT/main/mascar-compare.md | grep -v '^|---' | head -12 | sed 's/^/  /'
	{ echo; tests/report_findings.sh --md $OUT/main/mascar-compare.md; } >>"$REPORT_MD"
}
