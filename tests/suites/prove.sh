# prove.sh - `warpgen prove --netlist / --invariants` (docs/cosim.md "Proofs"; issue 25 items 1, 3).
# Sourced by tests/list_tests.sh. The small configurations below are the ones the proofs run at;
# tests/prove_report.sh prints make's "## Proofs" section from the same list (PROVE_SMALL).
# Tier "test": the netlist and the invariants in make test (issue 25 item 4; CPU-s per block in
# docs/cosim.md "Where proofs run and what they cost"); "test-invariants": the invariants in make
# test, the netlist in the sweep (tuba's netlist is proven in make test by prove:broken-netlist);
# "sweep": both in the sweep; "open" marks a configuration whose netlist proof ends with a
# counterexample not explained yet (prove_report.sh still runs it). rename: "sweep" (its netlist at RT_ENTRIES=4: about 90 CPU-s, the pdr portfolio's `-S 2`;
# docs/cosim.md "Stop 46"); both proven at its smallest size in make test, below.
PROVE_SMALL=(
	"tuba|--set TFET_REGS=8 --set MAX_BLOCKS=2|test-invariants"
	"vf_manager|--set SMS=2 --set SM_LAT=4 --set MEM_LAT=4|test"
	"reexec_q|--set ENTRIES=4 --set THREADS=2 --set ADDR_BITS=8 --set OFFSET_BITS=1 --set WARPS=4 --set REG_BITS=1|test"
	"wrc|--set WARPS=4 --set SCHEDULERS=1 --set MSHRS=4 --set MISSQ=2 --set SAT_MARGIN_MSHR=1|test"
	"sched2l|--set WARPS=4 --set ACTIVE=2|test"
	"slg|--set WARPS=4 --set CTAS=2 --set X=1 --set Y=2|test"
	"memra|--set WARPS=2 --set CNT_BITS=4 --set REF_SHIFT=2 --set SAMPLE_PERIOD=4|test"
	"equalizer|--set WARPS=4 --set SAMPLE_PERIOD=2 --set EPOCH=8 --set MAX_CTAS=2|test"
	"rfc|--set WARPS=4 --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=1 --set WIDTH=2 --set REG_BITS=2|test"
	# prefetch_table at CONF_BITS=2 (ISSUE_LAT, CONF_SLACK default): loads confirm, FOA lines are pushed and
	# issued; equiv_induct proves all 167 points, about 20 test-s cold (at CONF_BITS=1 it leaves 42
	# and ABC's miter takes minutes; docs/prefetch_table.md "Invariants", stop 46)
	"prefetch_table|--set ENTRIES=2 --set PC_BITS=2 --set ADDR_BITS=12 --set OFFSET_BITS=2 --set CONF_BITS=2 --set TIDX_BITS=2 --set DIST_BITS=1 --set WARPS=1 --set THREADS=2 --set LANES_PER_CYCLE=1 --set LINE_BYTES=4 --set PQ_DEPTH=1 --set MIN_ACTIVE=2 --set ITER_BITS=4|test"
	"rename|--set WARPS=2 --set REGS=2 --set PHYS_REGS=16 --set RT_ENTRIES=4 --set RT_BANKS=1 --set RF_BANKS=1 --set SUBARRAYS=1 --set EXEMPT=0 --set ALLOC_PORTS=1 --set PF_DEPTH=1 --set FC_ENTRIES=1 --set PC_BITS=4 --set LOOKUP_PORTS=2|sweep"
	"mascar|--set WARPS=2 --set SCHEDULERS=1 --set MSHRS=2 --set MISSQ=1 --set SAT_MARGIN_MSHR=1 --set SAT_MARGIN_MQ=0 --set ENTRIES=2 --set THREADS=1 --set ADDR_BITS=8 --set OFFSET_BITS=1 --set REG_BITS=1|test"
	"sm_slg|--set WARPS=4 --set CTAS=2 --set X=1 --set Y=2|test"
	"sm_rfc|--set WARPS=4 --set ACTIVE=2 --set ENTRIES=2 --set LANES=1 --set WIDTH=2 --set REG_BITS=2|test"
	# hrf_sm: the longest make-test proof (about 180 test-seconds cold: its netlist's pdr portfolio;
	# docs/hrf_sm.md "Invariants"); listed early, so it never runs alone at the end of make test
	"hrf_sm|--set WARPS=1 --set REGS=1 --set PHYS_REGS=16 --set RT_ENTRIES=1 --set RT_BANKS=1 --set EXEMPT=0 --set ALLOC_PORTS=1 --set PF_DEPTH=3 --set TFET_ROWS=1 --set TFET_REGS=4 --set FC_ENTRIES=1 --set MAX_BLOCKS=1 --set SAMPLE_PERIOD=1 --set THR_ACC=0 --set REF_SHIFT=0|test"
	"equalizer_gpu|--set SMS=2 --set WARPS=4 --set SAMPLE_PERIOD=2 --set EPOCH=8 --set MAX_CTAS=2 --set SM_LAT=4 --set MEM_LAT=4|test"
)
for pv_e in "${PROVE_SMALL[@]}"; do
	IFS='|' read -r pv_b pv_a pv_tier <<<"$pv_e"
	# the Verilog the proofs read is lint-clean too (verilator -Wall: a small configuration's
	# constant comparisons, e.g. prefetch_table's DIST_BITS=1)
	t sweep "lint:prove-$pv_b" "BLOCK=$pv_b tests/lint.sh $pv_a"
	case $pv_tier in
	test-invariants) # the netlist in the sweep, the invariants here
		t test "prove:$pv_b-invariants" "tests/prove_check.sh invariants $pv_b $pv_a"
		t sweep "prove:$pv_b" "tests/prove_check.sh proven $pv_b $pv_a" ;;
	open) ;; # a counterexample nobody has explained yet (docs/cosim.md "Proofs", Open): in the report only
	test) t test "prove:$pv_b" "tests/prove_check.sh proven $pv_b $pv_a" ;; # (netlist and invariants)
	*) t sweep "prove:$pv_b" "tests/prove_check.sh proven $pv_b $pv_a" ;;
	esac
done
unset pv_e pv_b pv_a pv_tier
# a counterexample each: one gate of tuba's netlist changed (the test first proves the netlist
# itself: make test's netlist equivalence), a false invariant of reexec_q
t test "prove:broken-netlist" "tests/prove_check.sh broken tuba --set TFET_REGS=8 --set MAX_BLOCKS=2"
t test "prove:false-invariant" "tests/prove_check.sh false tests/data/prove_reexec_q_false.v reexec_q --set ENTRIES=4 --set THREADS=2 --set ADDR_BITS=8 --set OFFSET_BITS=1 --set WARPS=4 --set REG_BITS=1"
# a composition's obligations (docs/cosim.md "A composition's obligations"): sm_rfc's proof lists
# the cache's assumptions on the scheduler's wires as obligations, and one made stricter than the
# scheduler guarantees (it tags only slot 0) gives a counterexample naming it
t sweep "prove:sm_rfc-obligation" "tests/prove_check.sh obligation rfc a_lookup_owned '!lu_valid_i || lu_slot_i == 0' sm_rfc --set WARPS=4 --set ACTIVE=2 --set ENTRIES=2 --set LANES=1 --set WIDTH=2 --set REG_BITS=2"
# make test: rename's netlist at its smallest legal size (the larger configuration above: sweep):
# equiv_induct leaves 32 of 152 points, ABC's scorr + pdr prove the miter (docs/rename.md
# "Invariants"; 24 CPU-s cold with equiv_induct alone, 45-53 with equiv_simple -seq 5 before it)
t test "prove:rename-netlist" "tests/prove_check.sh netlist rename --set WARPS=1 --set REGS=1 --set PHYS_REGS=16 --set RT_ENTRIES=1 --set RT_BANKS=1 --set RF_BANKS=1 --set SUBARRAYS=1 --set EXEMPT=0 --set ALLOC_PORTS=1 --set PF_DEPTH=1 --set FC_ENTRIES=1 --set PC_BITS=4 --set LOOKUP_PORTS=2"
# and its invariants at the same size (about 8 CPU-s; at the size above 25 CPU-s: sweep)
t test "prove:rename-invariants-smallest" "tests/prove_check.sh invariants rename --set WARPS=1 --set REGS=1 --set PHYS_REGS=16 --set RT_ENTRIES=1 --set RT_BANKS=1 --set RF_BANKS=1 --set SUBARRAYS=1 --set EXEMPT=0 --set ALLOC_PORTS=1 --set PF_DEPTH=1 --set FC_ENTRIES=1 --set PC_BITS=4 --set LOOKUP_PORTS=2"
# sweep: rename's netlist at RT_ENTRIES=2, proven with its strengthening lemmas
# (rtl_templates/rename_lemmas.txt; docs/cosim.md "Stop 45"), and a false lemma of reexec_q
# must give a counterexample naming it (lemmas are proven along, never assumed)
t sweep "prove:rename-netlist-rt2" "tests/prove_check.sh netlist rename --set WARPS=2 --set REGS=2 --set PHYS_REGS=16 --set RT_ENTRIES=2 --set RT_BANKS=1 --set RF_BANKS=1 --set SUBARRAYS=1 --set EXEMPT=0 --set ALLOC_PORTS=1 --set PF_DEPTH=1 --set FC_ENTRIES=1 --set PC_BITS=4 --set LOOKUP_PORTS=2"
t sweep "prove:reexec_q-false-lemma" "tests/prove_check.sh false-lemma tests/data/prove_reexec_q_false_lemma.txt reexec_q --set ENTRIES=4 --set THREADS=2 --set ADDR_BITS=8 --set OFFSET_BITS=1 --set WARPS=4 --set REG_BITS=1"
# the Liberty-mapped netlist (OSU 0.18 um from make deps)
t sweep "prove:tuba-liberty" "tests/prove_check.sh netlist tuba --set TFET_REGS=8 --set MAX_BLOCKS=2 --liberty out/liberty/osu018/usr/share/qflow/tech/osu018/osu018_stdcells.lib"
# bad input: one line, exit 2
t fast "bad:prove-unknown-block" "tests/expect_bad.sh \"unknown block 'nosuch'\" $W prove nosuch --netlist"
t fast "bad:prove-nothing-to-prove" "tests/expect_bad.sh 'say what to prove: --netlist, --invariants or --model' $W prove tuba"
t fast "bad:prove-timeout" "tests/expect_bad.sh '--timeout 0: not a whole number in 1..86400' $W prove tuba --netlist --timeout 0"
t fast "bad:prove-props-dir-alone" "tests/expect_bad.sh '--props and --props-dir go with --invariants' $W prove sm_rfc --netlist --props-dir tests"
t fast "bad:prove-lemmas-alone" "tests/expect_bad.sh '--lemmas and --no-lemmas go with --netlist' $W prove rename --invariants --no-lemmas"
t fast "bad:prove-no-assume-alone" "tests/expect_bad.sh '--no-assume go with --netlist' $W prove rename --invariants --no-assume"
