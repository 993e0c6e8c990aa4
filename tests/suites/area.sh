# area.sh - `warpgen area` beyond each block's own storage checks: --flops-unless-cached, what
# `make` runs (the full flow's result when an earlier run left it in out/area/, else the flip-flop
# check), on a small tuba in a cache of its own (tests/area_cached_check.sh; about 7 s).
t test "area:flops-unless-cached" "WARPGEN=\$WARPGEN tests/area_cached_check.sh"
