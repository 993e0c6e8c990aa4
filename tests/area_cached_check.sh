#!/usr/bin/env bash
# area_cached_check.sh - `warpgen area --flops-unless-cached` (what `make` runs): with an empty cache
# it runs the flip-flop check alone and says so; after a full `warpgen area` it prints the full
# flow's result byte for byte, from the cache (stderr says when the cached step ran).
set -euo pipefail
cd "$(dirname "$0")/.."
W=${WARPGEN:-out/bin/warpgen}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "FAIL area_cached_check: $*"; exit 1; }
# an empty cache of its own (--out), a small configuration
"$W" --out "$d/o" area tuba --set MAX_BLOCKS=2 --flops-unless-cached >"$d/a1" 2>"$d/e1" || fail "first run exited $?: $(cat "$d/e1")"
grep -q 'flip-flop bits .*: ok (flip-flop synthesis' "$d/a1" || fail "empty cache: no flip-flop check line: $(cat "$d/a1")"
grep -q 'the full flow is not cached' "$d/e1" || fail "empty cache: stderr does not say the full flow is not cached"
"$W" --out "$d/o" area tuba --set MAX_BLOCKS=2 >"$d/full" 2>/dev/null || fail "full flow exited $?"
grep -q 'um^2' "$d/full" || fail "the full flow printed no area in um^2"
"$W" --out "$d/o" area tuba --set MAX_BLOCKS=2 --flops-unless-cached >"$d/a2" 2>"$d/e2" || fail "cached run exited $?"
cmp -s "$d/full" "$d/a2" || fail "the cached result differs from the full run: $(diff "$d/full" "$d/a2" | head -5)"
grep -q 'synth, cached from 20[0-9][0-9]-' "$d/e2" || fail "stderr does not say when the cached step ran: $(cat "$d/e2")"
echo "PASS area_cached_check: flip-flop check on an empty cache, the full result once cached"
