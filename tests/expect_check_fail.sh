#!/usr/bin/env bash
# expect_check_fail.sh PATTERN CMD... - a directed case run where its expected
# behaviour does not hold (a parameter changes it) must fail its own check:
# exit 1 and a report containing PATTERN. Shows the checks can fail.
set -uo pipefail
pattern=$1; shift
out=$("$@" 2>&1); rc=$?
echo "$out" | grep -v '^build'
[ "$rc" -eq 1 ] || { echo "expected exit 1, got $rc"; exit 1; }
echo "$out" | grep -qF -- "$pattern" || { echo "the report does not say '$pattern'"; exit 1; }
echo "failed as it must"
