#!/usr/bin/env bash
# model_state.sh - the C model's key state in its trace (issue 26 part 4; wg_block.model_state,
# cosim/harness/wg_mvcd.h): cosim --model-only --wave on rfc's lru_read_touch (ENTRIES=2,
# REPLACEMENT=LRU; reset holds two cycles, so the case's t=0 is cycle 2) writes a `model_state`
# scope beside the ports, named as rfc.v's registers, with values on the RTL's time axis (a
# register changes at the rising edge, cycle x 1000 + 500 ps). What the case implies:
#   t=0 writes r1 (warp 0, slot 0), t=1 writes r2: valid_q[0] = 01 from 2500, 11 from 3500,
#   tag_q[0] = {r2, r1} = {000010, 000001} from 3500; before that, at 0, valid_q[0] = 00;
#   t=2 reads r1 (an LRU touch): r1 becomes the youngest, rank_q[0] = {e1: 1, e0: 0} = 10 once
#   the touch is in; t=6 (cycle 8) writes r3 over the LRU victim r2: tag_q[0] = {000011, 000001}
#   from 8500; st_q[0] = 1 (OWNED) and owner_q[0] = 0 (the reset owner) throughout.
# Then sched2l and reexec_q each write their scope (declared names present).
set -euo pipefail
cd "$(dirname "$0")/.."
W=${WARPGEN:-out/bin/warpgen}
dir=${OUT:-out}/model-state
rm -rf "$dir" && mkdir -p "$dir"
fail() { [ -f "$dir/log" ] && cat "$dir/log"; echo "FAIL: $*"; exit 1; }
"$W" --out "$dir/o" cosim rfc --case lru_read_touch --model-only --wave >"$dir/log" 2>&1 || fail "exit $?"
mv=$(sed -n 's/^  C model (inputs, expected outputs[^:]*): //p' "$dir/log")
[ -n "$mv" ] && [ -s "$mv" ] || fail "no model.vcd named in the report"
grep -q '^\$scope module model_state \$end' "$mv" || fail "$mv has no model_state scope"
# value NAME TIME: the signal's value (binary) at TIME ps (the last change at or before it)
value() {
	awk -v name="$1" -v at="$2" '
		$1 == "$var" && $5 == name { id = $4 }
		/^#/ { t = substr($0, 2) + 0; if (t > at) exit }
		/^b/ && $2 == id { v = substr($1, 2) }
		END { print (id == "" ? "missing" : v) }' "$mv"
}
check() { # NAME TIME EXPECTED
	local got
	got=$(value "$1" "$2")
	[ "$got" = "$3" ] || fail "$1 at $2 ps: $got, expected $3 (the case implies it)"
}
check 'valid_q[0]' 0 00
check 'valid_q[0]' 2499 00
check 'valid_q[0]' 2500 01
check 'valid_q[0]' 3500 11
check 'tag_q[0]' 3500 000010000001
check 'tag_q[0]' 8499 000010000001
check 'tag_q[0]' 8500 000011000001
check 'rank_q[0]' 3500 01
check 'rank_q[0]' 7000 10
check 'st_q[0]' 8500 01
check 'owner_q[0]' 8500 00000
check 'valid_q[1]' 8500 00
echo "ok: $mv"
for b in sched2l:res_q:sv_q:last_q:pp_q reexec_q:hd_q:tl_q:cnt_q rename:occ_q:free_count wrc:own_q:acnt_q; do
	blk=${b%%:*}
	"$W" --out "$dir/o" cosim "$blk" --seed 1 --cycles 50 --model-only --wave >"$dir/log" 2>&1 || fail "$blk: exit $?"
	mv=$(sed -n 's/^  C model (inputs, expected outputs[^:]*): //p' "$dir/log")
	for s in $(echo "${b#*:}" | tr : ' '); do
		grep -q "^\$var wire [0-9]* [^ ]* $s\( \[[0-9]*:0\]\)\? \$end" "$mv" || fail "$blk: $mv has no $s"
	done
	echo "ok: $mv"
done
