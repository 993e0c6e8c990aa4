# --rtl workflow (issue 26 part 4): a directed case's claim can fail on a design that loses the
# state it is about. sched2l greedy_keeps_warp: a design whose greedy position returns to slot 0 on
# an idle cycle (last_d = 0 when nothing issues) must fail the case at t=8 (cycle 10: a MISMATCH
# with the C model, which keeps slot 1).
t test "rtl:case-neg-sched2l-greedy-idle-resets" "tests/rtl_case_mutant.sh sched2l greedy_keeps_warp 's/last_d = iss_valid ? iss_slot : last_q;/last_d = iss_valid ? iss_slot : {SB{1'\"'\"'b0}};/' 'case=greedy_keeps_warp seed=1 cycle=10 port=iss_slot_o' --set WARPS=8 --set ACTIVE=4 --set SELECT=GREEDY"
# --out DIR / WARPGEN_OUT: gen's folder, cosim's build cache and waveform, stats' folder go there; a bad
# --out is one line, exit 2 (one small Verilator build: make test checks the cache placement through
# rtl:params, which builds under --out)
t sweep "rtl:out-dir" "tests/out_dir.sh"
