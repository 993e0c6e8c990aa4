#!/usr/bin/env bash
# sm_rfc_compare.sh - checks `warpgen stats sm_rfc --compare-lru` (Gebhart ISCA'11 §3.1: LRU
# against FIFO on the same seed and streams, MRF banks on; docs/sm_rfc.md "LRU against FIFO").
#   tests/sm_rfc_compare.sh [STATS ARGS...]   the comparison prints its table (IPC, MRF traffic,
#       the paper's column) and one verdict, and its exit status is the verdict's: 1 with
#       REVERSED, 0 with "direction as the paper". Passes whichever the verdict is (the verdict
#       is the measurement, reported as it comes); fails on a missing row, a missing or double
#       verdict, or an exit status that does not match it, or reuse classes (the cause of the
#       difference: RFC read hits by first/later read and distance) that do not add up, in both
#       runs' JSON, to the source operands looked up and the reads the RFC served.
#   SMR_EXPECT=paper|reversed tests/sm_rfc_compare.sh [STATS ARGS...]   the same, and the verdict must
#       be that one: the sweep pins the sign's dependence on the assumed re-read distance
#       (LIFE_LONG <= 4 puts LRU ahead, 5 and more behind; docs/sm_rfc.md "LRU against FIFO").
#   tests/sm_rfc_compare.sh --banks [STATS ARGS...]   the bank model costs cycles: one bank of
#       one read and one write port (MRF_BANKS=1) holds issue and lowers the IPC against the
#       free MRF (MRF_BANKS=0) on the same streams; MRF_BANKS=0 reports no bank line.
# $WARPGEN (default out/bin/warpgen). Exit 0 pass, 1 fail.
set -uo pipefail
W=${WARPGEN:-out/bin/warpgen}
case ${SMR_EXPECT:-} in "" | paper | reversed) ;; *) echo "FAIL: SMR_EXPECT=$SMR_EXPECT must be paper or reversed"; exit 1 ;; esac
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
"$W" stats sm_rfc --compare-lru "$@" --json "$tmp/r.json" >"$tmp/out" 2>&1
rc=$?
cat "$tmp/out"
python3 - "$tmp/r.json" <<'EOP' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
if len(d["runs"]) != 2:
    sys.exit("FAIL: %d runs in the JSON" % len(d["runs"]))
for r in d["runs"]:
    c = r["reads_by_reuse"]
    n, h = sum(x["reads"] for x in c), sum(x["rfc_hits"] for x in c)
    if len(c) != 10 or n != r["source_operands"] or h != r["mrf_reads_avoided"] or h == 0:
        sys.exit("FAIL: %s: %d reuse classes, %d reads / %d hits against %d source operands / %d served by the RFC"
                 % (r["config"], len(c), n, h, r["source_operands"], r["mrf_reads_avoided"]))
EOP
awk -v rc="$rc" -v want="${SMR_EXPECT:-}" '
	/^LRU against FIFO, seed [0-9]+, [0-9]+ cycles each, same streams; MRF_BANKS=[0-9]+ MRF_WQ=[0-9]+$/ {head++}
	head && /^  (warp IPC|MRF accesses per instruction|MRF accesses avoided \(vs no RFC\)|MRF reads per instruction|MRF writes per instruction) / && NF >= 5 {rows++}
	head && /^    (first|later) reads  .* \(all [-+][0-9.]+\)$/ {cls++}
	/^REVERSED: LRU avoids / {rev++}
	/^direction as the paper: LRU avoids / {ok++}
	/^FAILED:/ {failed++}
	END {
		if (failed) { print "FAIL: a run failed its checks"; exit 1 }
		if (head != 1 || rows != 5 || cls != 2) { printf "FAIL: %d heads, %d of 5 rows and %d of 2 reuse rows in the comparison\n", head, rows, cls; exit 1 }
		if (rev + ok != 1) { printf "FAIL: %d verdicts\n", rev + ok; exit 1 }
		if (rc != (rev ? 1 : 0)) { printf "FAIL: exit %d with verdict %s\n", rc, rev ? "REVERSED" : "as the paper"; exit 1 }
		if ((want == "paper" && rev) || (want == "reversed" && ok)) { printf "FAIL: verdict %s, expected %s\n", rev ? "REVERSED" : "as the paper", want; exit 1 }
		printf "ok: verdict %s, exit %d\n", rev ? "REVERSED" : "as the paper", rc
	}' "$tmp/out"
