# prefetch_table_tests.sh - APOGEE's prefetch table (docs/prefetch_table.md): random loads from
# access profiles on an L1 and memory model (cosim/prefetch_table/prefetch_table_env.c) and directed
# cases: tests, regressions, main-job points and its report sections (read by tests/decl.sh;
# docs/adding-a-block.md). The regression, ENTRIES {1,4,64} x WARPS {1,4,8} x
# LANES_PER_CYCLE {1,8,32} x THREADS {8,32}, is covered by four configurations x 2 seeds in make
# test (every value of every parameter; the defaults, 64 entries x 32 threads, run in `make`);
# make sweep runs the whole cross product.
PT_CONFIGS=(
	"e1-w1-l1-t8|--set ENTRIES=1 --set WARPS=1 --set LANES_PER_CYCLE=1 --set THREADS=8"
	"e4-w4-l8-t8|--set ENTRIES=4 --set THREADS=8"
	"e4-w8-l32-t32|--set ENTRIES=4 --set WARPS=8 --set LANES_PER_CYCLE=32"
	"e64-w4-l8-t8|--set THREADS=8"
)
gate_synth quick
# (4 lanes, a 4-deep queue of 12-bit addresses: Yosys's quick flow 14 s, 40,000 cells, against 24 s
# at 8 lanes and 16 bits and 36 s at the default 32 x 28 bits; most cells are the stride's divmod
# and multipliers)
# make sweep (16 test-seconds on a clean clone, for make test's budget): the gate-level flow is in
# make test through rfc, sched2l, slg, rename and the others' small configurations
gate_small "--set ENTRIES=1 --set WARPS=1 --set LANES_PER_CYCLE=1 --set THREADS=4 --set PQ_DEPTH=4 --set ADDR_BITS=12 --set MIN_ACTIVE=2" "" sweep

t fast "gen:help-prefetch_table" "\$WARPGEN gen prefetch_table --help | grep -q 'ENTRIES *64'"
t fast "bad:prefetch_table-tidx" "tests/expect_bad.sh 'TIDX_BITS=5 must hold THREADS=32 lanes' $W gen prefetch_table --set TIDX_BITS=5 -o @OUT@"
t fast "bad:stats-pt-profile" "tests/expect_bad.sh 'profile bogus: stream' $W stats prefetch_table --profile bogus"
t fast "bad:stats-pt-profile-missing" "tests/expect_bad.sh '--profile needs a value' $W stats prefetch_table --profile"
t fast-only "cosim:prefetch_table-e1-short" "\$WARPGEN_SAN cosim prefetch_table --set ENTRIES=1 --set WARPS=1 --set LANES_PER_CYCLE=1 --set THREADS=8 --seed 3 --knob MEM_LAT=100 --knob GAP=8 --knob PHASE_CYC=1000 --cycles 5000 -q"
t sweep "lint:prefetch_table-small" "BLOCK=prefetch_table tests/lint.sh --set ENTRIES=4 --set THREADS=8 --set WARPS=2 --set PQ_DEPTH=4"
t sweep "lint:prefetch_table-edges" "BLOCK=prefetch_table tests/lint.sh --set ENTRIES=1 --set WARPS=1 --set THREADS=8 --set LANES_PER_CYCLE=1 --set PQ_DEPTH=1 --set ISSUE_LAT=0"
t sweep "area:prefetch_table-edges" "\$WARPGEN area prefetch_table --flops-only --set ENTRIES=1 --set WARPS=1 --set THREADS=8 --set LANES_PER_CYCLE=1 --set PQ_DEPTH=1 --set ISSUE_LAT=0 -q"
for c in "${PT_CONFIGS[@]}"; do
	seeds="1 2"
	tier=test
	case $c in e64*) seeds=1 tier=sweep ;; esac # its build takes 70 s; `make` runs the thesis's size
	for seed in $seeds; do
		t $tier "cosim:prefetch_table-${c%%|*}-seed$seed" "\$WARPGEN_SAN cosim prefetch_table ${c#*|} --seed $seed --knob MEM_LAT=100 --knob GAP=8 --knob PHASE_CYC=1000 --cycles 10000 -q"
	done
done
cases test
t test "case-neg:prefetch_table-min-active-2" "tests/expect_check_fail.sh 'two_thread_warp: cycle 7: unexpected line 0x21 issued (only 0 expected)' \$WARPGEN cosim prefetch_table --case two_thread_warp --set MIN_ACTIVE=2 --model-only -q"
t test "case-neg:prefetch_table-dist-bits-3" "tests/expect_check_fail.sh 'issued line #3: 0x27 tag 0x22, expected 0x26' \$WARPGEN cosim prefetch_table --case distance_slow_then_early --set DIST_BITS=3 --model-only -q"
t test "stats:prefetch_table-stream" "\$WARPGEN_SAN stats prefetch_table --profile stream --cycles 25000 | awk '/accuracy/{a=\$2} END{exit !(a+0 >= 80)}'"
t test "gen:prefetch_table-paper-storage" "cosim/prefetch_table/prefetch_table_storage.sh"
# APOGEE at the SM (docs/prefetch_table.md "SM-level comparison"): a short kernel of the stream profile in
# the three arms (every row there, prefetching faster than 4 warps without, the exit code 1 exactly when a
# direction is printed REVERSED); a baseline of 1 warp must fail the multithreading check; bad --sm input.
PT_CMP_OK="awk -v rc=\$rc '/^[|] stream [|] (SIMT_32|SIMT_4|Apogee_4) [|]/{n++} /Apogee_4 faster than SIMT_4.*: ok/{ok=1} /REVERSED/{rev=1} END{exit !(n==3 && ok && rc==(rev?1:0))}'"
t test "stats:prefetch_table-compare-quick" "out=\$(\$WARPGEN stats prefetch_table --compare --profile stream --sm LOADS=128); rc=\$?; printf '%s\\n' \"\$out\"; printf '%s\\n' \"\$out\" | $PT_CMP_OK"
t test "stats-neg:prefetch_table-compare-1-warp" "tests/expect_check_fail.sh 'more warps hide latency: SIMT_32 faster than SIMT_4 (§5.2.1 Fig. 5.1, Fig. 5.12): REVERSED' \$WARPGEN stats prefetch_table --compare --profile stream --sm LOADS=64 --sm WARPS_BASE=1"
t fast "bad:stats-pt-compare-sm" "tests/expect_bad.sh '--sm BOGUS=1: not an SM parameter' $W stats prefetch_table --compare --sm BOGUS=1"
t fast "bad:stats-pt-compare-range" "tests/expect_bad.sh 'MSHRS must be an integer in 1..1024' $W stats prefetch_table --compare --sm MSHRS=0"
# PRIV (docs/prefetch_table.md "What SIMT_32 pays"): stream with and without 16 private words per context: SIMT_4's
# demand misses rise by the first touch only (16 words x 4 warps x 4 lines = 256), SIMT_32's by more than its first
# touch (16 x 32 x 4 = 2048: 32 warps' private data fill the L1 and miss again); the SM line says PRIV=16; the exit rule
PT_PRIV_AWK="awk -F' [|] ' -v rc=\$rc '/^SM:.* PRIV=16/{sm=1} /^[|] stream [|] SIMT_32 [|]/{m32[n32++]=\$7} /^[|] stream [|] SIMT_4 [|]/{m4[n4++]=\$7} /REVERSED/{rev=1} END{d32=m32[1]-m32[0]; d4=m4[1]-m4[0]; print \"private misses: SIMT_32 +\" d32 \", SIMT_4 +\" d4; exit !(sm && n32==2 && n4==2 && d4==256 && d32>2048 && rc==(rev?1:0))}'"
t sweep "stats:prefetch_table-compare-priv16" "o0=\$(\$WARPGEN stats prefetch_table --compare --profile stream); o16=\$(\$WARPGEN stats prefetch_table --compare --profile stream --sm PRIV=16); rc=\$?; printf '%s\\n%s\\n' \"\$o0\" \"\$o16\" | $PT_PRIV_AWK"
# MSHR_STALL (docs/prefetch_table.md "What SIMT_32 pays"): every profile with the L1's 64 MSHRs shared by demand
# and prefetch lines and a held LSU (ch. II §2.0.2): five rows per arm, the SM line and the share line say
# MSHR_STALL=1, SIMT_32's LSU held longer than Apogee_4's (the mechanism), the exit rule (22 CPU-s, sweep only)
PT_MS_AWK="awk -v rc=\$rc '/^SM:.* MSHR_STALL=1/{sm=1} /^[|] [a-z]+ [|] Apogee_4 [|]/{n++} /^  MSHR_STALL=1, share/{if (!sh) {sh=1; s32=\$17+0; sap=\$23+0}} /REVERSED/{rev=1} END{print \"LSU held: SIMT_32 \" s32 \" %, Apogee_4 \" sap \" %\"; exit !(sm && n==5 && sh && s32>sap && rc==(rev?1:0))}'"
t sweep "stats:prefetch_table-compare-mshr-stall" "out=\$(\$WARPGEN stats prefetch_table --compare --sm MSHR_STALL=1); rc=\$?; printf '%s\\n' \"\$out\"; printf '%s\\n' \"\$out\" | $PT_MS_AWK"
for s in 2 3; do
	t sweep "stats:prefetch_table-compare-seed$s" "out=\$(\$WARPGEN stats prefetch_table --compare --seed $s); rc=\$?; printf '%s\\n' \"\$out\"; printf '%s\\n' \"\$out\" | awk -v rc=\$rc '/^[|] [a-z]+ [|] Apogee_4 [|]/{n++} /^check: .*: (ok|REVERSED)/{c++} /REVERSED/{rev=1} END{exit !(n==5 && c==5 && rc==(rev?1:0))}'"
done
t test "energy:prefetch_table" "[ \"\$(\$WARPGEN energy prefetch_table -q | grep -c ' n/g\$')\" = 17 ] && \$WARPGEN energy prefetch_table -q | grep -qx 'lookup n/g' && \$WARPGEN energy prefetch_table | grep -Eq '^lookup +n/g +not given by the papers \\(sethia2015\\.tsv:[0-9]+, .*\\): no pJ in the thesis: a load.s PC compared with the 64 entries of the Artisan SRAM \\(64 x 73 bits, TSMC 65 nm\\)' && \$WARPGEN energy prefetch_table | grep -q '64 x 73-bit entries = 4672 bits' && \$WARPGEN energy prefetch_table | grep -qx 'clock 1 GHz (leakage energy per cycle = leakage mW / clock GHz pJ)'"
t sweep "area:prefetch_table-small" "\$WARPGEN area prefetch_table --flops-only --set ENTRIES=4 --set THREADS=8 --set WARPS=2 --set PQ_DEPTH=4 -q"
t sweep "lint:prefetch_table-w8-l32-pq64" "BLOCK=prefetch_table tests/lint.sh --set WARPS=8 --set LANES_PER_CYCLE=32 --set PQ_DEPTH=64 --set ADDR_BITS=32 --set OFFSET_BITS=16"
t test "lint:prefetch_table-smallest" "BLOCK=prefetch_table tests/lint.sh --set ENTRIES=1 --set PC_BITS=2 --set ADDR_BITS=12 --set OFFSET_BITS=2 --set CONF_BITS=1 --set TIDX_BITS=2 --set DIST_BITS=1 --set WARPS=1 --set THREADS=2 --set LANES_PER_CYCLE=1 --set LINE_BYTES=4 --set PQ_DEPTH=1 --set ISSUE_LAT=0 --set MIN_ACTIVE=2 --set CONF_SLACK=0 --set ITER_BITS=4" # every parameter at its smallest legal value
for e in 1 4 64; do for w in 1 4 8; do for l in 1 8 32; do for th in 8 32; do
	[ "$l" -le "$th" ] || continue
	for ((s = 1; s <= ${SEEDS:-5}; s++)); do
		t sweep "cosim:prefetch_table-e$e-w$w-l$l-t$th-long-seed$s" "\$WARPGEN cosim prefetch_table --set ENTRIES=$e --set WARPS=$w --set LANES_PER_CYCLE=$l --set THREADS=$th --seed $s --cycles ${CYCLES:-1000000} -q"
	done
done; done; done; done

mutant_args "--set ENTRIES=1 --set WARPS=1 --set LANES_PER_CYCLE=1 --set THREADS=8"
mutant confirm-strict test 's/(conf_i >= nact_i - CONF_SLACK)/(conf_i > nact_i - CONF_SLACK)/'
mutant_args "--set ENTRIES=4 --set THREADS=8" # (one entry never merges a queued line)
mutant merge-ignores-valid sweep 's/if (pvl_q && (lines\[l\*LB +: LB\] == pln_q))/if (lines[l*LB +: LB] == pln_q)/'

# the thesis's size (64 entries, 4 warps, 32 threads, 8 lanes per cycle) and at 8 warps, 16 entries
main_area_opt --flops-only
main_area_in_full # the flip-flop synthesis of the default table: 84 CPU-s on a quiet machine (135 with the old coarse script, clean clone)
main prefetch_table-default "prefetch_table"
main prefetch_table-w8-e16 "prefetch_table --set WARPS=8 --set ENTRIES=16"
main_report 60 prefetch_table_report
plot_size ENTRIES "4 8 16 32 64" "THREADS=8 LANES_PER_CYCLE=2 PQ_DEPTH=8" flops 4 noquick

# APOGEE: the table's storage against Tab. 5.3(b); accuracy, coverage and timeliness per access
# profile (C model only), beside the thesis.
prefetch_table_report() {
	echo "APOGEE prefetch table storage (Sethia 2015 Tab. 5.3(b), from the manifest of warpgen gen prefetch_table):"
	WARPGEN=$W cosim/prefetch_table/prefetch_table_storage.sh | tee $OUT/main/prefetch_table-storage.log || status=1
	{ echo; echo "## APOGEE prefetch table storage against the thesis's Tab. 5.3(b)"; echo; cat $OUT/main/prefetch_table-storage.log; } >>"$REPORT_MD"
	# make: 30,000 cycles per run; make full (MAIN_FULL=1): 100,000. A reversed direction is a finding,
	# a failed run fails make (tests/report_run.sh, docs/user-guide.md "Reversals").
	local cyc=30000
	[ "${MAIN_FULL:-0}" = 1 ] && cyc=100000
	echo "APOGEE prefetching per access profile (warpgen stats prefetch_table, defaults, $cyc cycles per run,"
	echo "C model only; profiles assumed; thesis Fig. 5.13/5.16: 93.5 % accuracy, 2.2 % extra traffic):"
	$W stats prefetch_table --cycles $cyc >$OUT/main/stats-prefetch_table.log 2>&1 || status=1
	sed 's/^/  /' $OUT/main/stats-prefetch_table.log
	{ echo; echo "## APOGEE prefetching per access profile (C model only)"; echo; echo '```'; cat $OUT/main/stats-prefetch_table.log; echo '```'; } >>"$REPORT_MD"
	# the thesis's headline at the SM (§5.5.1): Apogee_4 against SIMT_32 and SIMT_4, IPC and perf/W, with a plot
	# (the comparison runs its kernels to completion: the same in make and make full)
	echo "APOGEE at the SM (warpgen stats prefetch_table --compare, C model only, seed 1; thesis §5.5.1: Apogee_4"
	echo "19 % faster than SIMT_32, 51 % higher perf/W; a direction the thesis states that comes out reversed is a finding):"
	tests/report_run.sh $OUT/main/stats-prefetch_table-compare.log $W stats prefetch_table --compare >$OUT/main/prefetch_table-compare.findings || status=1
	cat $OUT/main/prefetch_table-compare.findings
	# the log under the findings, each finding once (tests/report_log.sh: without its REVERSED lines and
	# its FAILED verdict, which are those findings)
	tests/report_log.sh $OUT/main/stats-prefetch_table-compare.log $OUT/main/prefetch_table-compare.findings \
		>$OUT/main/stats-prefetch_table-compare.shown
	sed 's/^/  /' $OUT/main/stats-prefetch_table-compare.shown
	cosim/prefetch_table/prefetch_table_sm_plot.sh $OUT/main/stats-prefetch_table-compare.log $OUT/main/apogee_sm || status=1
	{
		echo; echo "## APOGEE at the level of the SM: Apogee_4 against SIMT_32 and SIMT_4 (C model only)"; echo
		[ -s $OUT/main/prefetch_table-compare.findings ] && { sed 's/^/**/; s/$/**/' $OUT/main/prefetch_table-compare.findings; echo; }
		echo "Thesis (Sethia 2015 §5.5.1, §5.7): Apogee_4 19 % faster than SIMT_32, 51 % (52 %) higher performance per watt."
		echo "Model, power rule and calibration: docs/prefetch_table.md \"SM-level comparison\"."; echo
		awk '/^[|]/ { if (inb) { print "```"; inb = 0 } print; next } { if (!inb) { print "```"; inb = 1 } print } END { if (inb) print "```" }' \
			$OUT/main/stats-prefetch_table-compare.shown
		echo; echo "Plot: [apogee_sm.png](main/apogee_sm/apogee_sm.png) / [apogee_sm.svg](main/apogee_sm/apogee_sm.svg)"
	} >>"$REPORT_MD"
	# make and make full (22 CPU-s): the same with the L1's MSHRs shared by demand and prefetch lines and
	# the LSU held while a load's lines find none (MSHR_STALL=1, ch. II §2.0.2; docs/prefetch_table.md
	# "What SIMT_32 pays"): the geomeans, the LSU's shares and the checks
	pt_variant mshr "APOGEE at the SM with MSHR_STALL=1 (64 MSHRs for demand and prefetch lines; a load without one holds the LSU):" \
		"The same with MSHR_STALL=1 (the L1's MSHRs and a held LSU, $PT_PAYS)" --sm MSHR_STALL=1
	# make full only (17 + 25 CPU-s): the same with the contexts' private data in the L1 (PRIV=16, the L1
	# contention of 32 warps; docs/prefetch_table.md "What SIMT_32 pays"), alone and with MSHR_STALL=1:
	# the geomeans and the checks
	if [ "${MAIN_FULL:-0}" = 1 ]; then
		pt_variant priv16 "APOGEE at the SM with PRIV=16 (16 private words per thread context: 32 warps' private data fill the L1):" \
			"The same with PRIV=16 (L1 contention of 32 warps, $PT_PAYS)" --sm PRIV=16
		pt_variant priv16-mshr "APOGEE at the SM with PRIV=16 and MSHR_STALL=1:" \
			"The same with PRIV=16 and MSHR_STALL=1 ($PT_PAYS)" --sm PRIV=16 --sm MSHR_STALL=1
	fi
}

# pt_variant NAME LINE HEADING SM-ARGS...: one variant of the SM comparison in make's report: the
# run (its findings to $OUT/main/prefetch_table-compare-NAME.findings), its geomeans and checks on
# the console under LINE, and in the report under "### HEADING".
PT_PAYS='docs/prefetch_table.md "What SIMT_32 pays"'
pt_variant() {
	local name=$1 line=$2 heading=$3 log=$OUT/main/stats-prefetch_table-compare-$1.log
	shift 3
	echo "$line"
	tests/report_run.sh "$log" $W stats prefetch_table --compare "$@" \
		>"$OUT/main/prefetch_table-compare-$name.findings" || status=1
	grep -E '^(  |check:|geomean)' "$log" | sed 's/^/  /'
	{
		echo; echo "### $heading"; echo
		echo '```'; grep -E '^(  |check:|geomean)' "$log"; echo '```'
	} >>"$REPORT_MD"
}

# Functional coverage closure (docs/prefetch_table.md "Functional coverage points"): a small table
# with narrow fields (16-bit addresses: streams cross the end of the space; 3-bit confidence and
# 2-bit distance: both saturate) and broken lanes (BREAK_PCT), 1,000,000 random cycles against the
# RTL, and every point hit at least 10 times in it (C model only: the counts are the same with the
# RTL, docs/cosim.md "Functional coverage").
PT_FCOV="--set ENTRIES=4 --set THREADS=8 --set ADDR_BITS=16 --set CONF_BITS=3 --set DIST_BITS=2 --knob BREAK_PCT=5 --knob RESET_PPM=100 --seed 1"
t sweep "cosim:prefetch_table-e4-t8-a16-c3-d2-break-seed1" "\$WARPGEN cosim prefetch_table $PT_FCOV --cycles ${CYCLES:-1000000} -q"
t sweep "fcov:prefetch_table-closure" "\$WARPGEN cosim prefetch_table $PT_FCOV --model-only --cycles 1000000 | awk -v runs=1 -f tests/fcov_closure.awk"
# Toggle coverage at the largest sweep size (docs/prefetch_table.md "Coverage", e4-w8-l32-t32): the default
# phases of seed 1 trigger no TIA entry and suppress no lane in 50,000 cycles; the tia profile triggers
# them (trig_m, scn_q, t_i, the tags' TIA bit, tia_trigger / tia_migrate), the stream profile at seed 4
# draws a base near the end of the space (suppressed lanes 16-31, distances, PF States)
PT_W8L32="--set ENTRIES=4 --set WARPS=8 --set LANES_PER_CYCLE=32"
t sweep "cosim:prefetch_table-e4-w8-l32-t32-tia-seed1" "\$WARPGEN cosim prefetch_table $PT_W8L32 --knob PROFILE=tia --seed 1 --cycles 50000 -q"
t sweep "cosim:prefetch_table-e4-w8-l32-t32-stream-seed4" "\$WARPGEN cosim prefetch_table $PT_W8L32 --knob PROFILE=stream --seed 4 --cycles 50000 -q"
