# tests/suites/coverage.sh - code and toggle coverage of compositions (issue 24; docs/cosim.md
# "Coverage"): `warpgen coverage` maps a composed file's lines to its instances' templates and to
# the composition's own module. No Verilator build (hand-written data): about a second.
t test "coverage:map-comp" "WARPGEN=\$WARPGEN_SAN tests/coverage_check.sh map-comp"
