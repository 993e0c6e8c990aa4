# rename_tests.sh - the register renaming table's tests, regressions, main-job points and its
# report section (read by tests/decl.sh; docs/adding-a-block.md).

# The paper's sizes (48 warps, 63 registers, 1024 physical registers; 1 KB table and the
# unconstrained 3024-entry one), each placement policy, small and odd configurations.
RN_SMALL="--set WARPS=4 --set REGS=8 --set RT_ENTRIES=32 --set PHYS_REGS=32 --set SUBARRAYS=2 --set FC_ENTRIES=4 --set EXEMPT=2"
RN_CONFIGS=(
	"default|"
	"paper-largest|--set RT_ENTRIES=3024"
	"lowest|--set POLICY=LOWEST_FIRST"
	"wear|--set POLICY=WEAR_LEVEL"
	"small|$RN_SMALL --set ALLOC_PORTS=1"
	"small-wear-b2|$RN_SMALL --set POLICY=WEAR_LEVEL --set RT_BANKS=2 --set RF_BANKS=2"
	"w16-p64-l3-a4-b8|--set WARPS=16 --set REGS=32 --set RT_ENTRIES=256 --set PHYS_REGS=64 --set SUBARRAYS=2 --set LOOKUP_PORTS=3 --set PF_DEPTH=2 --set ALLOC_PORTS=4 --set RT_BANKS=8 --set POLICY=LOWEST_FIRST"
	"w64-d128|--set WARPS=64 --set REGS=16 --set RT_ENTRIES=1024 --set RF_BANKS=8 --set SUBARRAYS=16 --set FC_ENTRIES=64 --set EXEMPT=4 --set PF_DEPTH=16"
	"edge-1|--set WARPS=1 --set REGS=2 --set RT_ENTRIES=2 --set RT_BANKS=1 --set PHYS_REGS=16 --set RF_BANKS=1 --set SUBARRAYS=1 --set FC_ENTRIES=1 --set EXEMPT=1 --set LOOKUP_PORTS=2 --set PF_DEPTH=1 --set ALLOC_PORTS=1 --set PC_BITS=16"
	"small-lowest|$RN_SMALL --set POLICY=LOWEST_FIRST --set ALLOC_PORTS=3"
)
gate_synth quick
gate_small "$RN_SMALL"

t fast "gen:list-rename" "\$WARPGEN list | grep -q '^rename '"
t fast "gen:help-rename" "\$WARPGEN gen rename --help | grep -q 'RT_ENTRIES *816'"
t fast "bad:rename-rt-entries" "tests/expect_bad.sh 'RT_ENTRIES=30 must be a multiple of RT_BANKS=4 in 4..32' $W gen rename $RN_SMALL --set RT_ENTRIES=30 -o @OUT@"
t fast "bad:rename-phys" "tests/expect_bad.sh 'PHYS_REGS=1000 must be a power of 2 in 16..1024' $W gen rename --set PHYS_REGS=1000 -o @OUT@"
t fast "bad:rename-policy" "tests/expect_bad.sh 'POLICY=RANDOM is not one of CONSOLIDATE|LOWEST_FIRST|WEAR_LEVEL' $W gen rename --set POLICY=RANDOM -o @OUT@"
t fast "bad:stats-rename-profile" "tests/expect_bad.sh 'unknown profile' $W stats rename --profile nosuch"
t fast-only "cosim:rename-small-short" "\$WARPGEN_SAN cosim rename $RN_SMALL --set ALLOC_PORTS=1 --seed 3 --cycles 5000 -q"

# (the paper's sizes are linted by `make`, and the policies at the small sizes here; the
# paper-largest, the 64-warp and the 16-warp 4-port configurations are not linted here: Yosys
# needs 1-2 minutes for each; `make sweep` lints the default and the 16-warp one)
for c in "${RN_CONFIGS[@]}"; do
	case $c in default* | lowest* | wear* | paper-largest* | w64* | w16*) ;;
	small-lowest*) t sweep "lint:rename-${c%%|*}" "BLOCK=rename tests/lint.sh ${c#*|}" ;;
	*) t test "lint:rename-${c%%|*}" "BLOCK=rename tests/lint.sh ${c#*|}" ;;
	esac
done
t sweep "lint:rename-default" "BLOCK=rename tests/lint.sh"
t sweep "lint:rename-w16-p64-l3-a4-b8" "BLOCK=rename tests/lint.sh --set WARPS=16 --set REGS=32 --set RT_ENTRIES=256 --set PHYS_REGS=64 --set SUBARRAYS=2 --set LOOKUP_PORTS=3 --set PF_DEPTH=2 --set ALLOC_PORTS=4 --set RT_BANKS=8 --set POLICY=LOWEST_FIRST"
lint_cases sweep
t sweep "build:rename-paper-largest" "\$WARPGEN cosim rename --set RT_ENTRIES=3024 --cycles 1000 -q"
# one seed per configuration, alternating 1 and 2 down the list (more seeds: make sweep)
i=0
for c in "${RN_CONFIGS[@]}"; do
	seed=$((i++ % 2 + 1))
	tier=test # the larger tables take 20-35 s to build: make sweep (and `make`: 816, 3024 entries)
	case $c in paper-largest* | w64* | w16* | wear* | lowest*) tier=sweep ;; esac
	t $tier "cosim:rename-${c%%|*}-seed$seed" "\$WARPGEN_SAN cosim rename ${c#*|} --seed $seed --cycles 50000 -q"
	for ((s = 3; s <= ${SEEDS:-5}; s++)); do
		t sweep "cosim:rename-${c%%|*}-seed$s" "\$WARPGEN cosim rename ${c#*|} --seed $s --cycles ${CYCLES:-1000000} -q"
	done
done
cases test
t test "case-neg:rename-early-release" "tests/expect_check_fail.sh 'data: warp 0 reads' \$WARPGEN cosim rename --case early_release_detected --model-only -q"
t test "case-neg:rename-wear-under-lowest" "tests/expect_check_fail.sh 'WEAR_LEVEL: first free id' \$WARPGEN cosim rename --case wear_level_wrap --set POLICY=LOWEST_FIRST --model-only -q"
# fewer flag-cache entries than warps: refused pirs, warps parked until one frees (docs/rename.md §2;
# make test has the directed case flag_cache_pinned)
t sweep "cosim:rename-fc1-w8-rr" "\$WARPGEN_SAN cosim rename --set WARPS=8 --set RT_ENTRIES=504 --set FC_ENTRIES=1 --knob SCHED=0 --seed 3 --cycles 100000 -q"
t test "cosim:rename-waves" "\$WARPGEN_SAN cosim rename --knob WAVES=4 --knob SCHED=2 --seed 6 --cycles 100000 -q"
t test "cosim:rename-knobs-hot" "\$WARPGEN_SAN cosim rename --knob SCHED=0 --knob OVERSUB_PCT=30 --knob PROFILE=-1 --knob BURST_PCT=50 --knob ALC_BLOCK_PCT=40 --knob RESET_PPM=200 --seed 4 --cycles 100000 -q"
t test "cosim:rename-knobs-sched" "\$WARPGEN_SAN cosim rename --knob SCHED=1 --knob DIV_PCT=80 --knob LOOP_PCT=40 --knob OC_LAT=1 --knob LL_LAT=20 --seed 5 --cycles 100000 -q"
t sweep "area:rename-small" "\$WARPGEN area rename $RN_SMALL -q"
# (the paper's sizes: `make` checks the flip-flops of the 816- and 3024-entry tables with
# `area --flops-only`, about a minute each; the full gate mapping takes Yosys about 25 minutes)
t test "area:rename-tiny" "\$WARPGEN area rename --set WARPS=1 --set REGS=8 --set RT_ENTRIES=8 --set FC_ENTRIES=1 --set RT_BANKS=1 --set PHYS_REGS=16 --set EXEMPT=0 --set LOOKUP_PORTS=2 --set PF_DEPTH=1 --set ALLOC_PORTS=1 --set RF_BANKS=1 --set SUBARRAYS=1 -q"
t sweep "area:rename-small-wear" "\$WARPGEN area rename $RN_SMALL --set POLICY=WEAR_LEVEL --set LOOKUP_PORTS=3 -q"
t test "gen:rename-paper-storage" "cosim/rename/rename_storage.sh"
t test "energy:rename" "\$WARPGEN energy rename -q | grep -qx 'rt_read 1.14' && \$WARPGEN energy rename -q | grep -qx 'leakage_mw 1.08' && \$WARPGEN energy rename -q | grep -qx 'free n/g'"
t test "energy:rename-size-rule" "\$WARPGEN energy rename --set RT_ENTRIES=3024 -q | grep -qx 'rt_read 2.22177'"
t test "energy:leak-per-bit" "\$WARPGEN energy rename | grep -q '^leakage per storage bit 63.57 nW/bit: 1.08 mW / 16989 storage bits' && \$WARPGEN energy sched2l | grep -q '^leakage per storage bit n/g'"
t test "stats:rename-by-mode" "\$WARPGEN stats rename --profile CP --kernels 1 --lifetimes any | grep -q '^  CP            sub_renaming         ACTIVE 833827 cyc 5836789.000 pJ, GATED 1823613 cyc 0.000 pJ, 8 wake-up(s), total 5836789.000 pJ\$'"
t test "stats:rename-two-profiles" "\$WARPGEN_SAN stats rename --profile vectorAdd,gaussian --seed 2 | grep -q 'average of 2 workload(s)'"
t test "stats:rename-deterministic" "cmp <(\$WARPGEN stats rename --profile gaussian,vectorAdd --seed 5) <(\$WARPGEN stats rename --profile gaussian,vectorAdd --seed 5)"
# the time cost of renaming (Jeon §8.5), in the same run as the JSON check: the same kernel without renaming
# (knob NORENAME, latencies paired by PAIRED) takes fewer cycles; CP, 1 kernel: 166,091 against 112,158
# cycles (+48.09 %, the table's bank conflicts), the JSON carries both. Both tests run `--lifetimes any`
# (the kernels before stop 42, whose figures they pin: the option keeps that stream)
t test "stats:rename-json" "f=\$(mktemp) && \$WARPGEN stats rename --profile CP --kernels 1 --lifetimes any --json \$f | grep -q '^CP               166091    112158 +48.09% |' && grep -q '\"ok\": true' \$f && grep -q '\"rt_leakage_vs_rf_ungated\": 0.01205' \$f && grep -q '\"cycles_no_renaming\": 112158, \"time_overhead\": 0.480866' \$f; rc=\$?; rm -f \$f; exit \$rc"
# a bounded memory bandwidth (--mem-gap, rne_set_mem_gap: loads return in issue order, 8 cycles apart at least,
# in both runs): bfs, 1 kernel, seed 1: 10,198 against 9,363 cycles (+8.92 %; +26.92 % without the gap: 8,905
# against 7,016), 399 ids of 432 (346 without); the header names the gap; a negative gap is bad input
t test "stats:rename-mem-gap" "f=\$(mktemp) && \$WARPGEN stats rename --profile bfs --kernels 1 --mem-gap 8 >\$f && head -n 1 \$f | grep -q 'lifetimes bounded, loads 8 cycles apart, C model only\$' && grep -q '^bfs               10198      9363  +8.92% |' \$f && grep -q '^bfs            48   9   0   432   396   399 ' \$f && tests/expect_bad.sh 'mem-gap' \$WARPGEN stats rename --mem-gap -1 >/dev/null; rc=\$?; rm -f \$f; exit \$rc"
# --lifetimes table3 (Table 3's address/condition registers, N minus the count in parentheses, each value
# read once by the next instruction): the header and JSON name it; bfs (3 such registers of 9) and vectorAdd
# (1 of 4) change, seed 1: 423 and 13 ids (346 and 21 bounded); gaussian, whose 6 long-lived registers leave
# no room for them, keeps the bounded row byte for byte; the paper's measures beside the worst kernel's
# (mean of the kernels, pooled, Fig. 2's first 10K cycles) are printed and in the JSON; a bad name is bad input
t test "stats:rename-table3" "f=\$(mktemp) && \$WARPGEN stats rename --profile bfs,vectorAdd,gaussian --kernels 1 --lifetimes table3 --json \$f.json >\$f && head -n 1 \$f | grep -q 'lifetimes table3, C model only\$' && grep -q '^bfs            48   9   0   432   423   423 ' \$f && grep -q '^vectorAdd      48   4   0   192    12    13 ' \$f && grep -q '^  the same, mean of the kernels ' \$f && grep -q '^  peak allocated, first 10K cycles ' \$f && grep -q '\"lifetimes\": \"table3\"' \$f.json && grep -q '\"saving_ids_pooled\": ' \$f.json && grep -q '\"live_peak_first_10k\": ' \$f.json && cmp <(grep '^gaussian ' \$f) <(\$WARPGEN stats rename --profile gaussian --kernels 1 | grep '^gaussian ') && tests/expect_bad.sh 'bounded, any or table3' \$WARPGEN stats rename --lifetimes nosuch >/dev/null; rc=\$?; rm -f \$f \$f.json; exit \$rc"
t test "stats-neg:rename-bad-hints" "tests/expect_check_fail.sh 'FAILED vectorAdd' \$WARPGEN stats rename --profile vectorAdd --knob BAD_HINT=1"
# a direction the paper states, reversed on purpose (knob NO_HINTS: no release hints, so renaming saves
# no register against W x N on matrixMul, 4.9 % with them, --lifetimes bounded): exit 1 with the one REVERSED line, the same
# run without the knob passes, and make's reversal rule (tests/report_run.sh) turns it into a finding
t test "stats-neg:rename-reversed" "d=\$(mktemp -d); \$WARPGEN stats rename --profile matrixMul --kernels 1 >\$d/ok; a=\$?; \$WARPGEN stats rename --profile matrixMul --kernels 1 --knob NO_HINTS=1 >\$d/rev; b=\$?; tests/report_run.sh \$d/log \$WARPGEN stats rename --profile matrixMul --kernels 1 --knob NO_HINTS=1 >\$d/f; c=\$?; [ \$a = 0 ] && [ \$b = 1 ] && [ \$c = 0 ] && [ \$(grep -c REVERSED \$d/rev) = 1 ] && grep -qx 'REVERSED: renaming allocates no fewer registers than W x N (paper: 30 % fewer)' \$d/rev && ! grep -q FAILED \$d/rev && grep -qx 'FINDING: reversed against the paper: renaming allocates no fewer registers than W x N (paper: 30 % fewer)' \$d/f; rc=\$?; rm -rf \$d; exit \$rc"
t sweep "wave:rename-case" "tests/check_wave.sh rename full_table_stall"
t sweep "wave:negative-rename" "tests/wave_check.sh rename early_release_detected"

# the renaming table at the paper's 1 KB table (816 entries) and its unconstrained 48 x 63 table
# (3024 entries), and with wear levelling; the gate mapping takes Yosys 10-25 minutes: flip-flops only
main_area_opt --flops-only
main rename-default "rename"
main rename-rt3024 "rename --set RT_ENTRIES=3024"
main rename-wear "rename --set POLICY=WEAR_LEVEL"
main_report 20 rename_report
plot_size RT_ENTRIES "16 32 64 128" "WARPS=8 REGS=16 PHYS_REGS=64 EXEMPT=4 FC_ENTRIES=8" flops "" noquick

# Statistics mode of the renaming table (C model only): Table 3 workloads, each also run without
# renaming for the time cost (docs/rename.md). make: five profiles of different lifetimes, one kernel
# each (about 3 CPU-seconds); make full (MAIN_FULL=1): all 18, two kernels each (63 CPU-seconds;
# --lifetimes bounded, the default since stop 42).
# A reversed direction is a finding, a failed run fails make (tests/report_run.sh).
rename_report() {
	local q="--profile matrixMul,vectorAdd,bfs,gaussian,CP --kernels 1" what="make: 5 profiles, 1 kernel each; make full: all 18, 2 kernels"
	[ "${MAIN_FULL:-0}" = 1 ] && q="" what="all 18 profiles, 2 kernels each"
	echo "register renaming on synthetic kernels shaped like Jeon's Table 3 (warpgen stats rename, C model only;"
	echo "code shapes assumed; $what), against compiler reservation, the paper's baseline power gating and"
	echo "the same kernels without renaming:"
	# shellcheck disable=SC2086
	tests/report_run.sh $OUT/main/stats-rename.log $W stats rename $q --json $OUT/main/stats-rename.json >$OUT/main/stats-rename.findings || status=1
	cat $OUT/main/stats-rename.findings
	sed -n '/^average/,/^static energy/p' $OUT/main/stats-rename.log | sed '$d' | tee $OUT/stats-rename.md
	{ echo; echo "## Register renaming on Table 3-shaped kernels (C model only)"; echo
	  [ -s $OUT/main/stats-rename.findings ] && { sed 's/^/**/; s/$/**/' $OUT/main/stats-rename.findings; echo; }
	  echo "$what."; echo; echo '```'; cat $OUT/main/stats-rename.log; echo '```'; } >>"$REPORT_MD"
}

# ---- TFET register classes (Xie 2017 on Jeon's table; docs/rename.md "TFET register classes") ----
# Small: 32 ids, TFET ids 24..31 (the class cases' sizes). The class cases run at two configurations
# (MEM_RA LOWEST_FIRST, and MEM_RA STATIC CONSOLIDATE), which the random runs reuse; the paper's:
# 56 of 256 rows TFET (78 % CMOS) at the default sizes, by request, static gating.
RN_CLS="--set WARPS=4 --set REGS=8 --set RT_ENTRIES=32 --set PHYS_REGS=32 --set SUBARRAYS=2 --set FC_ENTRIES=4 --set EXEMPT=2 --set TFET_ROWS=2 --set CLASS=MEM_RA"
RN_CLS_LOW="$RN_CLS --set POLICY=LOWEST_FIRST"
RN_CLS_ST="$RN_CLS --set GATING=STATIC --set POLICY=CONSOLIDATE"
RN_PAPER="--set TFET_ROWS=56 --set CLASS=MEM_RA --set GATING=STATIC"
t fast "bad:rename-class-without-tfet" "tests/expect_bad.sh 'CLASS=MEM_RA needs TFET rows' $W gen rename --set CLASS=MEM_RA -o @OUT@"
t fast "bad:rename-tfet-rows" "tests/expect_bad.sh 'TFET_ROWS=257 must be at most the rows per bank' $W gen rename --set TFET_ROWS=257 -o @OUT@"
# with TFET_ROWS=0, CLASS=NONE, GATING=OCCUPANCY the module is Jeon's, byte for byte: the generated
# default without its header (the parameter list, gen/wg_gen.c's) equals the golden file's
t fast "gen:rename-classes-off-identical" "d=\$(mktemp -d) && \$WARPGEN gen rename -o \$d -q && cmp <(sed -n '/^\/\/ rename: register renaming/,\$p' \$d/rename.v) <(sed -n '/^\/\/ rename: register renaming/,\$p' tests/golden/rename-default.v) && \$WARPGEN gen rename $RN_SMALL --set POLICY=WEAR_LEVEL -o \$d -q && cmp <(sed -n '/^\/\/ rename: register renaming/,\$p' \$d/rename.v) <(sed -n '/^\/\/ rename: register renaming/,\$p' tests/golden/rename-small-wear.v); rc=\$?; rm -rf \$d; exit \$rc"
t fast-only "cosim:rename-cls-short" "\$WARPGEN_SAN cosim rename $RN_CLS_LOW --seed 4 --cycles 5000 -q"
# 3 seeds: the two case configurations and the paper's (random class requests as runs of
# memra-style budgets, never for a load; the class monitor checks every grant against the page);
# the paper's size in make sweep (its -Og build alone took 16.5 s of make test)
t test "cosim:rename-cls-low-seed1" "\$WARPGEN_SAN cosim rename $RN_CLS_LOW --seed 1 --cycles 50000 -q"
t test "cosim:rename-cls-static-seed2" "\$WARPGEN_SAN cosim rename $RN_CLS_ST --seed 2 --cycles 50000 -q"
t sweep "cosim:rename-paper-tfet56-seed3" "\$WARPGEN_SAN cosim rename $RN_PAPER --seed 3 --cycles 20000 -q"
# negative checks: a parameter that changes the claim makes the case fail; the two protocol rules
t test "case-neg:rename-by-request-under-cmos-ra" "tests/expect_check_fail.sh 'MEM_RA: a TFET request gets the lowest TFET id' \$WARPGEN cosim rename --case class_by_request --set CLASS=CMOS_RA --model-only -q"
t test "case-neg:rename-cmos-first-under-mem-ra" "tests/expect_check_fail.sh 'CMOS_RA: requests asking TFET still get CMOS' \$WARPGEN cosim rename --case cmos_ra_cmos_first --set CLASS=MEM_RA --model-only -q"
t test "case-neg:rename-fallback-under-none" "tests/expect_check_fail.sh 'fallback_tfet = 1 for a CMOS request' \$WARPGEN cosim rename --case cmos_empty_fallback_tfet --set CLASS=NONE --model-only -q"
t test "case-neg:rename-a17-under-occupancy" "tests/expect_check_fail.sh 'STATIC: 0 ids powered after launch 1' \$WARPGEN cosim rename --case static_gating_a17 --set GATING=OCCUPANCY --model-only -q"
t test "case-neg:rename-load-tfet-request" "tests/expect_check_fail.sh 'asks a TFET id for a load' \$WARPGEN cosim rename --case load_tfet_request_rejected --model-only -q"
t test "case-neg:rename-static-launch-over" "tests/expect_check_fail.sh 'GATING=STATIC launch with kw*kr' \$WARPGEN cosim rename --case static_launch_over_capacity --model-only -q"
# the same claims under the other parameter values they hold for (C model)
t test "case:rename-cmos-empty-under-cmos-ra" "\$WARPGEN_SAN cosim rename --case cmos_empty_fallback_tfet --set CLASS=CMOS_RA --model-only -q"
for p in LOWEST_FIRST WEAR_LEVEL; do
	t test "case:rename-placement-$p" "\$WARPGEN_SAN cosim rename --case placement_within_class --set POLICY=$p --model-only -q"
done
t sweep "lint:rename-cls-low" "BLOCK=rename tests/lint.sh $RN_CLS_LOW"
# (make test lints the STATIC MEM_RA configuration, the one with every class and gating section;
# the others take Yosys 20-45 s each: make sweep)
t test "lint:rename-cls-static" "BLOCK=rename tests/lint.sh $RN_CLS_ST"
t sweep "lint:rename-static-tfet0-cmos-ra" "BLOCK=rename tests/lint.sh $RN_SMALL --set GATING=STATIC && BLOCK=rename tests/lint.sh $RN_SMALL --set TFET_ROWS=2 --set CLASS=CMOS_RA --set POLICY=WEAR_LEVEL"
t sweep "lint:rename-all-tfet" "BLOCK=rename tests/lint.sh $RN_SMALL --set TFET_ROWS=8 --set CLASS=CMOS_RA --set GATING=STATIC"
t sweep "lint:rename-edge-tfet" "BLOCK=rename tests/lint.sh --set WARPS=1 --set REGS=2 --set RT_ENTRIES=2 --set RT_BANKS=1 --set PHYS_REGS=16 --set RF_BANKS=1 --set SUBARRAYS=1 --set FC_ENTRIES=1 --set EXEMPT=1 --set LOOKUP_PORTS=2 --set PF_DEPTH=1 --set ALLOC_PORTS=1 --set PC_BITS=16 --set TFET_ROWS=3 --set CLASS=MEM_RA --set GATING=STATIC"
t sweep "lint:rename-paper-tfet56" "BLOCK=rename tests/lint.sh $RN_PAPER"
t test "lint:rename-smallest" "BLOCK=rename tests/lint.sh --set WARPS=1 --set REGS=1 --set PHYS_REGS=16 --set RT_ENTRIES=1 --set RT_BANKS=1 --set RF_BANKS=1 --set SUBARRAYS=1 --set LOOKUP_PORTS=2 --set EXEMPT=0 --set ALLOC_PORTS=1 --set PF_DEPTH=1 --set FC_ENTRIES=1 --set PC_BITS=4 --set TFET_ROWS=0" # every parameter at its smallest legal value
t sweep "area:rename-cls-static" "\$WARPGEN area rename $RN_CLS_ST --flops-only -q"
# sweep: the paper's partitions (87.5 %, 78 %, 62.5 % CMOS) x class policies x gating at the default sizes
for tr in 32 56 96; do
	for cl in NONE CMOS_RA MEM_RA; do
		for g in OCCUPANCY STATIC; do
			# (STATIC with CMOS-first classes and loads can deadlock by design: every powered CMOS id
			# held while loads wait, docs/rename.md W-P1-3's class-level caveat: no loads there)
			k=""; [ $g = STATIC ] && [ $cl != MEM_RA ] && k="--knob LD_PCT=0"
			t sweep "cosim:rename-tfet$tr-$cl-$g" "\$WARPGEN cosim rename --set TFET_ROWS=$tr --set CLASS=$cl --set GATING=$g $k --seed $((tr % 7 + 1)) --cycles ${CYCLES:-200000} -q"
		done
	done
done
for p in CONSOLIDATE LOWEST_FIRST WEAR_LEVEL; do
	for cl in NONE CMOS_RA; do
		t sweep "cosim:rename-cls-small-$cl-$p" "\$WARPGEN cosim rename $RN_CLS --set CLASS=$cl --set POLICY=$p --set ALLOC_PORTS=3 --seed 5 --cycles ${CYCLES:-200000} -q"
	done
done
t sweep "cosim:rename-static-tfet0" "\$WARPGEN cosim rename --set GATING=STATIC --seed 6 --cycles ${CYCLES:-200000} -q"

# RTL mutants (at the small size: a quick build)
mutant_args "$RN_SMALL"
mutant reg-on-late sweep 's/assign reg_on_o     = occ_q | gmask;/assign reg_on_o     = occ_q;/'
# issue 24: the two release rules of step 3 (docs/rename.md), caught by the random stream (its pir
# flags on repeated sources and on a source that is the destination, rename_kernel.c): a register
# in two source slots released twice (spec §11 C8, A14); a source that is the destination released
# (C7, A13)
mutant release-twice sweep 's/) rel\[j\] = 1.b0;/) rel[j] = rel[j];/'
mutant release-own-destination sweep 's/ \& (sl_r\[j\*6 +: 6\] != op_dst_i);/;/'
# class logic (at the small STATIC MEM_RA size; caught by the random stream alone): a TFET request
# whose class is empty is refused instead of falling back to CMOS (W-P1-1); A17's powered CMOS ids
# rounded down to whole rows instead of up
mutant_args "$RN_CLS_ST"
mutant tfet-no-fallback test 's/avail = (|(avl \& TMASK)) ? (avl \& TMASK) : (avl \& ~TMASK);/avail = avl \& TMASK;/'
mutant a17-rows-floor sweep 's/gbr    = (pc + RFM_24) >> RFL;/gbr    = pc >> RFL;/'
mutant load-may-take-tfet sweep 's/        avail = avl \& ~TMASK;/        avail = avl;/'
mutant refused-counts-tfet sweep 's/n_trf + { {(E_AL-1){1.b0}}, qt \& ~tf}/n_trf + { {(E_AL-1){1'"'"'b0}}, qt \& tf}/'

# Functional coverage closure (docs/rename.md "Functional coverage points"): every point hit at
# least 10 times by random stimulus in one of four configurations: the default; the small table
# filled (a sweep configuration added for it, co-simulated against the RTL below: every kernel
# oversubscribed, 8 registers a thread, long-lived values, short loads returning in bursts, so the
# table runs full with several requests waiting: C1 with C4, C3, C4, C19; and 100 resets per
# million cycles: C12); the sweep's one-entry flag cache (C16); and the sweep's 32 TFET rows under
# MEM_RA (class fallback). C model only: the counts are the same with the RTL (docs/cosim.md).
RN_FULL="$RN_SMALL --set ALLOC_PORTS=3 --knob OVERSUB_PCT=100 --knob REGS_MIN=8 --knob LONG_PCT=80 --knob SCHED=0 --knob ALC_BLOCK_PCT=0 --knob LD_PCT=10 --knob LL_LAT=20 --knob LL_SPREAD=0 --knob BURST_PCT=100 --knob ALU_LAT=2 --knob RESET_PPM=100"
t sweep "cosim:rename-small-full-seed1" "\$WARPGEN cosim rename $RN_FULL --seed 1 --cycles ${CYCLES:-1000000} -q"
t sweep "fcov:rename-closure" "for a in '--seed 1 --cycles 300000' '$RN_FULL --seed 1 --cycles 500000' '--set WARPS=8 --set RT_ENTRIES=504 --set FC_ENTRIES=1 --knob SCHED=0 --seed 3 --cycles 100000' '--set TFET_ROWS=32 --set CLASS=MEM_RA --set GATING=OCCUPANCY --seed 5 --cycles 100000'; do \$WARPGEN cosim rename \$a --model-only; done | awk -v runs=4 -f tests/fcov_closure.awk"

# toggle coverage (issue 24; docs/rename.md "Functional coverage points", code and toggle coverage): PC_SPREAD=1
# (each kernel's code at a random base: the high bits of pir_pc_i and the flag cache's tags) at the full small
# table and at the 16-warp size, against the RTL
t sweep "cosim:rename-small-full-pcspread-seed1" "\$WARPGEN cosim rename $RN_FULL --knob PC_SPREAD=1 --seed 1 --cycles 200000 -q"
t sweep "cosim:rename-w16-p64-l3-a4-b8-pcspread-seed1" "\$WARPGEN cosim rename --set WARPS=16 --set REGS=32 --set RT_ENTRIES=256 --set PHYS_REGS=64 --set SUBARRAYS=2 --set LOOKUP_PORTS=3 --set PF_DEPTH=2 --set ALLOC_PORTS=4 --set RT_BANKS=8 --set POLICY=LOWEST_FIRST --knob PC_SPREAD=1 --seed 1 --cycles 200000 -q"
# code and toggle coverage at the paper's largest table (48 warps x 63 registers, 3,024 entries: the 12-bit
# line sums' and the 6-bit register ids' high bits, which stay constant at the small sizes) with PC_SPREAD=1;
# the same verdict with and without --coverage (docs/rename.md "Code and toggle coverage", stop 39)
t sweep "cosim:coverage-rename-p3024-pcspread" "tests/coverage_check.sh run rename --set RT_ENTRIES=3024 --knob PC_SPREAD=1 --seed 1 --cycles 50000"
# issue 24 item 3 (stop 42; docs/rename.md "Code and toggle coverage", merged at the template): the small
# configurations of the coverage merge with PC_SPREAD=1 (the PC bits at every size), the 16-warp size with
# every kernel oversubscribed (table rows past the 64 physical ids mapped), and mostly-exempt kernels
# under STATIC gating (knob EXEMPT_PCT: A17's kw*ke bound, the exempt sources' ids at a small size;
# no loads: a launch powering only its exempt ids' CMOS rows leaves a load no CMOS id)
RN_EDGE="--set WARPS=1 --set REGS=2 --set RT_ENTRIES=2 --set RT_BANKS=1 --set PHYS_REGS=16 --set RF_BANKS=1 --set SUBARRAYS=1 --set FC_ENTRIES=1 --set EXEMPT=1 --set LOOKUP_PORTS=2 --set PF_DEPTH=1 --set ALLOC_PORTS=1 --set PC_BITS=16"
t sweep "cosim:rename-small-wear-b2-pcspread-seed2" "\$WARPGEN cosim rename $RN_SMALL --set POLICY=WEAR_LEVEL --set RT_BANKS=2 --set RF_BANKS=2 --knob PC_SPREAD=1 --seed 2 --cycles 50000 -q"
t sweep "cosim:rename-cls-static-pcspread-seed2" "\$WARPGEN cosim rename $RN_CLS_ST --knob PC_SPREAD=1 --seed 2 --cycles 50000 -q"
t sweep "cosim:rename-cls-low-pcspread-seed1" "\$WARPGEN cosim rename $RN_CLS_LOW --knob PC_SPREAD=1 --seed 1 --cycles 50000 -q"
t sweep "cosim:rename-edge-1-pcspread-seed1" "\$WARPGEN cosim rename $RN_EDGE --knob PC_SPREAD=1 --seed 1 --cycles 50000 -q"
t sweep "cosim:rename-cls-small-NONE-pcspread-seed5" "\$WARPGEN cosim rename $RN_CLS --set CLASS=NONE --set POLICY=CONSOLIDATE --set ALLOC_PORTS=3 --knob PC_SPREAD=1 --seed 5 --cycles 100000 -q"
t sweep "cosim:rename-w16-p64-l3-a4-b8-over-pcspread-seed2" "\$WARPGEN cosim rename --set WARPS=16 --set REGS=32 --set RT_ENTRIES=256 --set PHYS_REGS=64 --set SUBARRAYS=2 --set LOOKUP_PORTS=3 --set PF_DEPTH=2 --set ALLOC_PORTS=4 --set RT_BANKS=8 --set POLICY=LOWEST_FIRST --knob OVERSUB_PCT=100 --knob REGS_MIN=24 --knob PC_SPREAD=1 --seed 2 --cycles 1000000 -q"
t sweep "cosim:rename-w16-p64-l3-a4-b8-o16-pcspread-seed1" "\$WARPGEN cosim rename --set WARPS=16 --set REGS=32 --set RT_ENTRIES=256 --set PHYS_REGS=64 --set SUBARRAYS=2 --set LOOKUP_PORTS=3 --set PF_DEPTH=2 --set ALLOC_PORTS=4 --set RT_BANKS=8 --set POLICY=LOWEST_FIRST --knob OVERSUB_PCT=100 --knob REGS_MIN=16 --knob REGS_MAX=16 --knob PC_SPREAD=1 --seed 1 --cycles 400000 -q"
t sweep "cosim:rename-default-pcspread-seed1" "\$WARPGEN cosim rename --knob PC_SPREAD=1 --seed 1 --cycles 50000 -q"
t sweep "cosim:rename-cls-static-exempt-seed1" "\$WARPGEN cosim rename $RN_CLS_ST --set EXEMPT=5 --knob EXEMPT_PCT=50 --knob REGS_MIN=5 --knob REGS_MAX=6 --knob LD_PCT=0 --knob PC_SPREAD=1 --seed 1 --cycles 200000 -q"
# issue 24 item 3 (stop 44; docs/rename.md "Re-measured from the first reset edge on"): the 48-warp default
# with operand reads held 16 cycles, the greedy scheduler and independent instructions: a warp with 4..15
# reads in flight (oc_q's bits 2-3 of every warp; at the default OC_LAT=2 at most 3 are in flight in all)
t sweep "cosim:rename-default-oclat16-greedy-seed1" "\$WARPGEN cosim rename --knob OC_LAT=16 --knob SCHED=1 --knob REUSE_PCT=0 --knob PC_SPREAD=1 --seed 1 --cycles 200000 -q"
# ... and the 16-warp table's rows 128-255: at PHYS_REGS=64 a kernel keeps kw*N <= 64 (rows < 64), or with
# OVERSUB_PCT only the warps whose peak live registers fit 64 ids (no run reached row 128); with 256 ids a
# kernel of 16 warps x 16 registers maps every row
t sweep "cosim:rename-w16-p256-l3-a4-b8-r16-pcspread-seed1" "\$WARPGEN cosim rename --set WARPS=16 --set REGS=32 --set RT_ENTRIES=256 --set PHYS_REGS=256 --set SUBARRAYS=2 --set LOOKUP_PORTS=3 --set PF_DEPTH=2 --set ALLOC_PORTS=4 --set RT_BANKS=8 --set POLICY=LOWEST_FIRST --knob REGS_MIN=16 --knob REGS_MAX=16 --knob PC_SPREAD=1 --seed 1 --cycles 200000 -q"
# ... and the 48-entry flag cache at 16 warps: long kernels (INSNS=1000) give enough pir PCs to fill it (entries
# 37-47), and kernels of at most 4 registers launch all 16 warps (cursors at entries 32-47 in warps 9-15)
t sweep "cosim:rename-w16-p64-l3-a4-b8-insns1000-r4-pcspread-seed1" "\$WARPGEN cosim rename --set WARPS=16 --set REGS=32 --set RT_ENTRIES=256 --set PHYS_REGS=64 --set SUBARRAYS=2 --set LOOKUP_PORTS=3 --set PF_DEPTH=2 --set ALLOC_PORTS=4 --set RT_BANKS=8 --set POLICY=LOWEST_FIRST --knob INSNS=1000 --knob REGS_MAX=4 --knob PC_SPREAD=1 --seed 1 --cycles 200000 -q"

# a negative case whose expected failure is the protocol check (a violation presented on purpose):
# `warpgen wave` must count it as failed as expected, as cosim does (make waves ran it as FAIL)
t sweep "wave:rename-neg-protocol" "d=\$(mktemp -d) && \$WARPGEN wave rename --case load_tfet_request_rejected -q -o \"\$d\" | grep -q 'negative case, failed as expected' && [ -s \"\$d/scenario.json\" ]; rc=\$?; rm -rf \"\$d\"; exit \$rc"
