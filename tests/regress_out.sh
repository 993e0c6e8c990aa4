#!/usr/bin/env bash
# regress_out.sh - a regression whose build (OUT) is not the checkout's out/ keeps every file in
# OUT (docs/user-guide.md §7 "Where the files go"): its database, units and logs, and what its
# jobs' own warpgen writes (here gen:deterministic of --tier fast, which writes gen's default
# folders). It runs in a checkout made of links to this one (WARPGEN_HOME) without an out/, with
# OUT a folder whose bin/ links to this build's: afterwards that checkout must still have no out/.
# Env: WARPGEN (default out/bin/warpgen).
set -uo pipefail
cd "$(dirname "$0")/.."
W=${WARPGEN:-out/bin/warpgen}
root=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "regress_out: $*"; exit 1; }

mkdir -p "$tmp/home" "$tmp/build"
for e in "$root"/*; do
	case ${e##*/} in out | out-*) ;; *) ln -s "$e" "$tmp/home/${e##*/}" ;; esac
done
ln -s "$(cd "$(dirname "$W")" && pwd)" "$tmp/build/bin"
(cd "$tmp/home" && env -u WARPGEN_OUT WARPGEN_HOME="$tmp/home" OUT="$tmp/build" \
	"$tmp/build/bin/warpgen" regress --tier fast --filter gen:deterministic -j 1 -q) >"$tmp/run.log" 2>&1
rc=$?
cat "$tmp/run.log"
[ $rc -eq 0 ] && [ "$(tail -1 "$tmp/run.log")" = "1 passed, 0 failed" ] || fail "the regression: exit $rc"
[ -e "$tmp/home/out" ] && { find "$tmp/home/out" | head; fail "the regression wrote under the checkout's out/"; }
ls "$tmp"/build/gen/rfc/*/rfc.v >/dev/null 2>&1 || fail "no gen folder of the job under OUT ($tmp/build/gen/rfc/)"
ls "$tmp"/build/regress/logs/*.log >/dev/null 2>&1 || fail "no job log under OUT/regress/logs/"
[ -f "$tmp/build/regress.db" ] || fail "no database OUT/regress.db"
echo "regress_out: ok"
