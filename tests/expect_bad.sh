#!/usr/bin/env bash
# expect_bad.sh PATTERN CMD... - bad input: CMD must exit 2, print exactly one
# line on stderr that contains PATTERN, and leave its output folder empty.
# An argument @OUT@ in CMD is replaced by a fresh empty folder, checked afterwards.
set -uo pipefail
pattern=$1; shift
OUTDIR=$(mktemp -d)
trap 'rm -rf "$OUTDIR"' EXIT
args=()
for a in "$@"; do args+=("${a//@OUT@/$OUTDIR}"); done
err=$("${args[@]}" 2>&1 >/dev/null); rc=$?
echo "exit $rc; stderr: $err"
[ "$rc" -eq 2 ] || { echo "expected exit 2"; exit 1; }
[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || { echo "expected one line on stderr"; exit 1; }
printf '%s' "$err" | grep -qF -- "$pattern" || { echo "stderr does not mention '$pattern'"; exit 1; }
left=$(find "$OUTDIR" -mindepth 1 | head -5)
[ -z "$left" ] || { echo "files were written: $left"; exit 1; }
echo ok
