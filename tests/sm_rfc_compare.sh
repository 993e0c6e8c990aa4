#!/usr/bin/env bash
# sm_rfc_compare.sh - checks `warpgen stats sm_rfc --compare-lru` (Gebhart ISCA'11 §4.2: LRU
# against FIFO on the same seed and streams, MRF banks on; docs/sm_rfc.md "LRU against FIFO").
#   tests/sm_rfc_compare.sh [STATS ARGS...]   the comparison prints its table (IPC, MRF traffic,
#       the paper's column) and one verdict, and its exit status is the verdict's: 1 with
#       REVERSED, 0 with "direction as the paper". Passes whichever the verdict is (the verdict
#       is the measurement, reported as it comes); fails on a missing row, a missing or double
#       verdict, or an exit status that does not match it.
#   tests/sm_rfc_compare.sh --banks [STATS ARGS...]   the bank model costs cycles: one bank of
#       one read and one write port (MRF_BANKS=1) holds issue and lowers the IPC against the
#       free MRF (MRF_BANKS=0) on the same streams; MRF_BANKS=0 reports no bank line.
# $WARPGEN (default out/bin/warpgen). Exit 0 pass, 1 fail.
set -uo pipefail
W=${WARPGEN:-out/bin/warpgen}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ "${1:-}" = --banks ]; then
	shift
	"$W" stats sm_rfc "$@" --knob MRF_BANKS=0 >"$tmp/free" 2>&1 || { cat "$tmp/free"; echo "FAIL: the free-MRF run failed"; exit 1; }
	"$W" stats sm_rfc "$@" --knob MRF_BANKS=1 --knob MRF_WQ=1 >"$tmp/one" 2>&1 || { cat "$tmp/one"; echo "FAIL: the one-bank run failed"; exit 1; }
	cat "$tmp/free" "$tmp/one"
	f=$(awk '/^  warp IPC/{print $3; exit}' "$tmp/free")
	o=$(awk '/^  warp IPC/{print $3; exit}' "$tmp/one")
	held=$(awk '/^  MRF banks/{for (i = 1; i <= NF; i++) if ($i == "held") print $(i + 1)}' "$tmp/one")
	if grep -q '^  MRF banks' "$tmp/free"; then echo "FAIL: MRF_BANKS=0 printed a bank line"; exit 1; fi
	if ! awk -v f="$f" -v o="$o" -v h="${held:-0}" 'BEGIN{exit !(f > 0 && o > 0 && o < f && h > 0)}'; then
		echo "FAIL: one MRF bank should hold issue and lower the IPC: IPC $o against $f free, held ${held:-none} %"
		exit 1
	fi
	echo "ok: one bank holds issue ${held} % of cycles, IPC $o against $f with a free MRF"
	exit 0
fi
"$W" stats sm_rfc --compare-lru "$@" >"$tmp/out" 2>&1
rc=$?
cat "$tmp/out"
awk -v rc="$rc" '
	/^LRU against FIFO, seed [0-9]+, [0-9]+ cycles each, same streams; MRF_BANKS=[0-9]+ MRF_WQ=[0-9]+$/ {head++}
	head && /^  (warp IPC|MRF accesses per instruction|MRF accesses avoided \(vs no RFC\)|MRF reads per instruction|MRF writes per instruction) / && NF >= 5 {rows++}
	/^REVERSED: LRU avoids / {rev++}
	/^direction as the paper: LRU avoids / {ok++}
	/^FAILED:/ {failed++}
	END {
		if (failed) { print "FAIL: a run failed its checks"; exit 1 }
		if (head != 1 || rows != 5) { printf "FAIL: %d heads and %d of 5 rows in the comparison\n", head, rows; exit 1 }
		if (rev + ok != 1) { printf "FAIL: %d verdicts\n", rev + ok; exit 1 }
		if (rc != (rev ? 1 : 0)) { printf "FAIL: exit %d with verdict %s\n", rc, rev ? "REVERSED" : "as the paper"; exit 1 }
		printf "ok: verdict %s, exit %d\n", rev ? "REVERSED" : "as the paper", rc
	}' "$tmp/out"
