#!/usr/bin/env bash
# area_sky130.sh - area in um^2 with the SkyWater sky130 Liberty from ../shared
# (reference data, never copied here). Skipped, with a message, when it is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
lib=${SKY130_LIB:-../shared/liberty/sky130_fd_sc_hd__tt_025C_1v80.lib}
if [ ! -f "$lib" ]; then echo "SKIP: $lib not present"; exit 0; fi
out=$("${WARPGEN:-out/bin/warpgen}" area rfc --set ACTIVE_WARPS=2 --set ENTRIES=2 --set LANES=2 --set WIDTH=4 --liberty "$lib")
echo "$out"
echo "$out" | grep -Eq 'area.*[0-9]+(\.[0-9]+)? *um' || { echo "no um^2 figure"; exit 1; }
