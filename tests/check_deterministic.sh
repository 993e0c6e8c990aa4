#!/usr/bin/env bash
# check_deterministic.sh - same command, same bytes: generate twice (and with the
# sanitizer build) and compare every file; the default folder is named after the
# configuration and does not change with the order of --set options.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
args=(--set ACTIVE_WARPS=4 --set REPLACEMENT=LRU --set LANES=8)
"${WARPGEN:-out/bin/warpgen}" gen rfc "${args[@]}" -o "$tmp/a" -q
"${WARPGEN:-out/bin/warpgen}" gen rfc "${args[@]}" -o "$tmp/b" -q
"${WARPGEN_SAN:-out/bin/warpgen-san}" gen rfc --set LANES=8 --set REPLACEMENT=LRU --set ACTIVE_WARPS=4 -o "$tmp/c" -q
diff -r "$tmp/a" "$tmp/b"
diff -r "$tmp/a" "$tmp/c"
d1=$("${WARPGEN:-out/bin/warpgen}" gen rfc "${args[@]}" | head -1)
d2=$("${WARPGEN:-out/bin/warpgen}" gen rfc --set LANES=8 --set REPLACEMENT=LRU --set ACTIVE_WARPS=4 | head -1)
[ "$d1" = "$d2" ] || { echo "default folders differ: $d1 vs $d2"; exit 1; }
echo "deterministic: $d1"
