#!/usr/bin/env bash
# check_golden.sh - the generator's output for fixed configurations must equal
# the reviewed files in tests/golden/. After an intended change to a template
# or the manifest, refresh them with: UPDATE=1 tests/check_golden.sh
set -euo pipefail
cd "$(dirname "$0")/.."
WARPGEN=${WARPGEN:-out/bin/warpgen}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
status=0
check() { # NAME BLOCK ARGS...
	local name=$1 block=$2; shift 2
	"$WARPGEN" gen "$block" "$@" -o "$tmp/$name" -q
	for f in "$block.v" "$block.manifest.json"; do
		g=tests/golden/$name.${f#"$block".}
		if [ "${UPDATE:-0}" = 1 ]; then cp "$tmp/$name/$f" "$g"; echo "updated $g"; continue; fi
		if diff -u "$g" "$tmp/$name/$f" >"$tmp/diff"; then echo "same: $g"; else
			echo "DIFFERS from $g:"; head -40 "$tmp/diff"; status=1; fi
	done
}
check rfc-default rfc
check rfc-a4e4l4-lru rfc --set ACTIVE_WARPS=4 --set ENTRIES=4 --set LANES=4 --set WIDTH=8 --set REPLACEMENT=LRU
check sched2l-default sched2l
check sched2l-w48a6-rr sched2l --set WARPS=48 --set ACTIVE=6 --set SELECT=RR
check sm_rfc-default sm_rfc
check rename-default rename
check rename-small-wear rename --set WARPS=4 --set REGS=8 --set RT_ENTRIES=32 --set PHYS_REGS=32 --set SUBARRAYS=2 --set FC_ENTRIES=4 --set EXEMPT=2 --set POLICY=WEAR_LEVEL
check wrc-default wrc
check reexec_q-e3-stores reexec_q --set ENTRIES=3 --set THREADS=4 --set WARPS=4 --set ADDR_BITS=16 --set OFFSET_BITS=3 --set STORES=1
check mascar-default mascar
check equalizer-default equalizer
check vf_manager-default vf_manager
check equalizer_gpu-s3 equalizer_gpu --set SMS=3
check prefetch_table-default prefetch_table
exit $status
