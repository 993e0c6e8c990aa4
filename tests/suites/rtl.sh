# --rtl workflow (issue 26 part 4): a directed case's claim can fail on a design that loses the
# state it is about. sched2l greedy_keeps_warp: a design whose greedy position returns to slot 0 on
# an idle cycle (last_d = 0 when nothing issues) must fail the case at t=8 (cycle 10: a MISMATCH
# with the C model, which keeps slot 1). The file is generated at sched2l's defaults (WARPS=32 ACTIVE=8):
# the run's --set values reach it through cosim's -G (without them the build refuses the port widths).
t test "rtl:case-neg-sched2l-greedy-idle-resets" "RTL_GEN_DEFAULT=1 tests/rtl_case_mutant.sh sched2l greedy_keeps_warp 's/last_d = iss_valid ? iss_slot : last_q;/last_d = iss_valid ? iss_slot : {SB{1'\"'\"'b0}};/' 'case=greedy_keeps_warp seed=1 cycle=10 port=iss_slot_o' --set WARPS=8 --set ACTIVE=4 --set SELECT=GREEDY"
# --out DIR / WARPGEN_OUT: gen's folder, cosim's build cache and waveform, stats' folder go there; a bad
# --out is one line, exit 2 (one small Verilator build: make test checks the cache placement through
# rtl:case-neg-sched2l-greedy-idle-resets, which builds under --out)
t sweep "rtl:out-dir" "tests/out_dir.sh"
# --rtl's interface check before the build: the parameters the file lacks or the block lacks (warnings), a
# port of the wrong width that fits the same bytes (an error naming the port and both widths, exit 2); 7 s
# (make test checks the -G path through rtl:case-neg-sched2l-greedy-idle-resets)
t sweep "rtl:interface" "tests/rtl_interface.sh"
# ... and it reads the top's ports, not its functions' arguments (rfc's flat_addr, touch_row); 3 s
t sweep "rtl:interface-func-args" "tests/rtl_func_args.sh"
# the C model's side as a trace: cosim --model-only --wave writes model.vcd (0.5 s); a mismatch window's
# model trace is checked by mutant:window-wrc-release-while-busy (tests/mutant.sh)
t test "rtl:model-trace" "tests/model_trace.sh"
# the C model's key state in its trace (wg_block.model_state): rfc's valid/tag/rank/owner at known
# cycles of lru_read_touch, and the declared registers of sched2l, reexec_q, rename, wrc (0.6 s CPU)
t test "rtl:model-state" "tests/model_state.sh"
# a configuration the stimulus refuses (a directed case whose scenario needs WARPS>=10, given --set
# WARPS=8) is one line, exit 2, before any Verilator build: nothing is written under --out (it built
# the Verilator runtime and the model there first, minutes, then refused)
t fast "bad:cosim-case-refused-before-build" "tests/expect_bad.sh 'rfc: directed cases need WARPS>=10' $W --out @OUT@ cosim rfc --case lru_read_touch --set WARPS=8 -q"
t fast "bad:wave-case-refused-before-build" "tests/expect_bad.sh 'memra: directed cases need WARPS >= 48' $W --out @OUT@ wave memra --case odd_budget --set WARPS=8 --no-png"
