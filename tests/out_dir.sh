#!/usr/bin/env bash
# out_dir.sh - `warpgen --out DIR` and $WARPGEN_OUT send the build cache and the run's files to
# DIR instead of the checkout's out/ (issue 26 part 4): gen's default folder, cosim's Verilator
# build (out/cache/<block>/) and its waveform folder (out/cosim/...), stats' default folder. The
# Verilator runtime folder (DIR/vlrt) is linked to the shared one so that the test builds one small
# model only. A bad --out is one line, exit 2.
set -euo pipefail
cd "$(dirname "$0")/.."
W=${WARPGEN:-out/bin/warpgen}
root=$PWD
base=${OUT:-out}/out-dir-test
# the shared Verilator runtime folder: the build's ($WARPGEN_OUT, set by tests/run_tests.sh for a build
# other than out/), else the checkout's out/
vlrt=${WARPGEN_OUT:-$root/out}/vlrt
rm -rf "$base" && mkdir -p "$base/a" "$base/b" "$vlrt"
a=$root/$base/a b=$root/$base/b
fail() { echo "FAIL: $*"; exit 1; }
# gen: its default folder (out/gen/BLOCK/CONFIG) under --out, given after the command
"$W" gen sched2l --set WARPS=8 --set ACTIVE=4 --out "$a" -q
ls "$a"/gen/sched2l/*/sched2l.v >/dev/null 2>&1 || fail "gen --out wrote no $a/gen/sched2l/*/sched2l.v"
# cosim from another folder, through the environment variable (relative: made absolute at start)
ln -s "$vlrt" "$b/vlrt"
(cd "$base" && WARPGEN_OUT=b "$root/$W" cosim sched2l --set WARPS=8 --set ACTIVE=4 --case greedy_keeps_warp \
	--wave -q) >"$base/cosim.log" 2>&1 || { cat "$base/cosim.log"; fail "cosim under WARPGEN_OUT failed"; }
cat "$base/cosim.log"
ls "$b"/cache/sched2l/*/libdut.so >/dev/null 2>&1 || fail "no build cache under WARPGEN_OUT ($b/cache/sched2l/)"
ls "$b"/cosim/sched2l/*/case-greedy_keeps_warp/wave.fst >/dev/null 2>&1 || fail "no waveform under WARPGEN_OUT"
# --out wins over the environment variable
WARPGEN_OUT=$b "$W" --out "$a" stats equalizer_gpu --profile COMPUTE --cycles 2000 -q >/dev/null
ls "$a"/stats/equalizer_gpu/equalizer_gpu_summary.csv >/dev/null 2>&1 || fail "stats equalizer_gpu ignored --out"
# bad input: an --out that cannot be a folder
touch "$base/file"
set +e
err=$("$W" --out "$base/file/x" list 2>&1 >/dev/null); rc=$?
set -e
[ "$rc" -eq 2 ] || fail "--out under a file: exit $rc, not 2"
[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && grep -q -- '--out' <<<"$err" || fail "--out's error is not one line naming --out: $err"
echo "ok: --out and WARPGEN_OUT"
rm -rf "$base"
