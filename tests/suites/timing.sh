# timing.sh - `warpgen timing` (issue 26 part 2; docs/user-guide.md "Timing"): the critical path of
# a configuration mapped to the Liberty library with ABC's `stime -p`, fmax, the paper-clock check
# (tests/timing_check.sh; the parser alone is unit:timing, tests/test_timing.c). make test: a small
# sched2l's path (Yosys synthesis and ABC, a few seconds each, cached by content in out/area/), then
# the delay growing with WARPS (2, cached, to 4), bad input. make sweep: every block's default configuration (the largest
# take minutes: the flat mapping of rfc's default is the longest) and more size sweeps.
t test "timing:small" "tests/timing_check.sh path sched2l --set WARPS=2 --set ACTIVE=1 && tests/timing_check.sh grows sched2l WARPS 2 4 --set ACTIVE=1"
t test "timing:bad-input" "WARPGEN=\$WARPGEN_SAN tests/timing_check.sh bad"
t sweep "timing:grows-rfc" "tests/timing_check.sh grows rfc ENTRIES 2 8 --set ACTIVE_WARPS=4 --set LANES=2 --set WIDTH=8"
t sweep "timing:grows-slg" "tests/timing_check.sh grows slg WARPS 2 16 --set CTAS=1"
for d in csim/*_desc.c; do
	b=${d#csim/}
	b=${b%_desc.c}
	[ "$b" = wg ] || t sweep "timing:default-$b" "tests/timing_check.sh path $b"
done
