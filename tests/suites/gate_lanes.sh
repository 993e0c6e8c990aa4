# gate_lanes.sh - the 64-lane gate-level simulator (issue 29 item 3; docs/cosim.md "64 stimuli at
# once"): `warpgen cosim BLOCK --gate --seeds N --lanes L` (tests/gate_lanes.sh). make test: the
# small rfc's netlist passes 70 seeds with 64, 7 and 1 lanes alike; its one-gate mutant is caught in
# some seeds and not others, the same seeds at the same cycles whatever the lanes, and the first
# failing seed's report and replay command fail alone; bad input. make sweep: sched2l's default
# netlist, 70 seeds of 5,000 cycles, 64, 7 and 1 lanes.
t test "gate-lanes:rfc-small-equal" "tests/gate_lanes.sh equal rfc 500 --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4"
t test "gate-lanes:rfc-small-mutant" "WARPGEN=\$WARPGEN_SAN tests/gate_lanes.sh mutant rfc 12 --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4"
t test "gate-lanes:bad-input" "WARPGEN=\$WARPGEN_SAN tests/gate_lanes.sh bad rfc 10 --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4"
t sweep "gate-lanes:sched2l-equal" "tests/gate_lanes.sh equal sched2l 5000"
