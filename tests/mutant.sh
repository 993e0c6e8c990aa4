#!/usr/bin/env bash
# mutant.sh BLOCK/NAME | --list - a deliberately broken copy of a generated block must
# be caught by co-simulation against the C model (exit 1 with a MISMATCH report, a
# waveform window and a replay command). Each mutant is one sed edit of the
# generated file; a mutant whose edit no longer applies fails the test.
set -euo pipefail
cd "$(dirname "$0")/.."
declare -A MUT=(
	[rfc/ignore-pins]='s/if (!pin\[e\] \&\& (!v_ok/if ((!v_ok/'
	[rfc/victim-youngest]='s/(ws_rank\[e\*IBW +: IBW\] > best)/(ws_rank[e*IBW +: IBW] < best)/'
	[rfc/flush-keeps-dead]='s/^        v = v \& ~d;   /        v = v;   /'
	[rfc/reset-forgets-valid]='/^        v   = {N{1.b0}};$/d'
	[rfc/rd-data-ungated]='s/= bus \& {L\*W{rd_ok\[gp\]}};/= bus;/'
	[rfc/no-late-kill]='s/late_kill = ws_drain \&\& m_found;/late_kill = 1'"'"'b0;/'
	[rfc/partial-bypass-drops-lanes]='s/w_thru = m_found \&\& !(\&wr_mask_i);/w_thru = 1'"'"'b0;/'
	[sched2l/rr-starts-at-last]='s/el_hi\[s\] = el\[s\] \& (s\[SB-1:0\] > last_q);/el_hi[s] = el[s] \& (s[SB-1:0] >= last_q);/'
	[sched2l/promote-skips-pointer]='s/cand_hi\[w\] = cand\[w\] \& (w\[WB-1:0\] >= pp_q);/cand_hi[w] = cand[w] \& (w[WB-1:0] > pp_q);/'
	[sched2l/demote-cause-always-mark]='s/dem_cause = dem_valid \& bd_w\[dem_warp\];/dem_cause = 1'"'"'b0;/'
	[sched2l/busy-ignored]='s/cand = res_q \& ~act \& ~llp_i \& ~bar_i \& ~busy;/cand = res_q \& ~act \& ~llp_i \& ~bar_i;/'
	[wrc/mp-memory-first]='s/want\[s\] = seen_m \& (~mode_q | ~seen_c);/want[s] = seen_m;/'
	[wrc/release-while-busy]='s/(llp_i \& ~busy)/llp_i/'
	[reexec_q/full-rotate-moves]='s/wire rot_move = rot \& ~full;/wire rot_move = rot;/'
	[equalizer/pause-oldest]='s/assign yterm\[gi\*C + gj\] = ~pset\[gj\] | o_ji;/assign yterm[gi*C + gj] = ~pset[gj] | o_ij;/'
	[equalizer/xalu-strict]='s/end else if (xa >= thw) begin/end else if (xa > thw) begin/'
	[vf_manager/start-while-busy]='s/wire          start   = w_v \& ~busy_q \& (sm_chg | mem_chg);/wire          start   = w_v \& (sm_chg | mem_chg);/'
	[vf_manager/other-domain-kept]='s/wire \[1:0\]    mem_new = w_mem ? step(mem_q, w_up) : toward(mem_q);/wire [1:0]    mem_new = w_mem ? step(mem_q, w_up) : mem_q;/'
	[prefetch_table/confirm-strict]='s/(conf_i >= nact_i - CONF_SLACK)/(conf_i > nact_i - CONF_SLACK)/'
	[prefetch_table/merge-ignores-valid]='s/if (pvl_q \&\& (lines\[l\*LB +: LB\] == pln_q))/if (lines[l*LB +: LB] == pln_q)/'
	[reexec_q/full-queue-has-nothing]='s/occ\[i\] = full | (wrap/occ[i] = (wrap/'
)
declare -A ARGS=(
	[rfc]="--set ACTIVE_WARPS=4 --set ENTRIES=4 --set LANES=4 --set WIDTH=8"
	[sched2l]="--set WARPS=16 --set ACTIVE=4 --set SELECT=RR"
	[wrc]="--set WARPS=8"
	[reexec_q]="--set ENTRIES=4 --set THREADS=4 --set ADDR_BITS=16 --set WARPS=8"
	[equalizer]="--set WARPS=16 --set MAX_CTAS=4 --set SAMPLE_PERIOD=8 --set EPOCH=16 --set HYSTERESIS=1"
	[vf_manager]="--set SM_LAT=200 --set MEM_LAT=300"
	[prefetch_table]="--set ENTRIES=4 --set THREADS=8"
)
if [ "${1:-}" = --list ]; then printf '%s\n' "${!MUT[@]}" | sort; exit 0; fi
name=${1:?usage: mutant.sh BLOCK/NAME|--list}
[ -n "${MUT[$name]:-}" ] || { echo "unknown mutant $name"; exit 2; }
W=${WARPGEN:-out/bin/warpgen}
block=${name%%/*}
read -r -a set_args <<<"${ARGS[$block]}"
dir=out/mutants/$name
rm -rf "$dir" && mkdir -p "$dir"
"$W" gen "$block" "${set_args[@]}" -o "$dir/good" -q
sed -e "${MUT[$name]}" "$dir/good/$block.v" >"$dir/$block.v"
if cmp -s "$dir/good/$block.v" "$dir/$block.v"; then echo "mutant $name no longer applies to the template"; exit 1; fi
diff "$dir/good/$block.v" "$dir/$block.v" || true
set +e
"$W" cosim "$block" "${set_args[@]}" --rtl "$dir/$block.v" --seed 1 --cycles 20000 >"$dir/cosim.log" 2>&1
rc=$?
set -e
cat "$dir/cosim.log"
[ "$rc" -eq 1 ] || { echo "mutant $name was NOT caught (exit $rc)"; exit 1; }
grep -q '^MISMATCH' "$dir/cosim.log" || { echo "no MISMATCH line"; exit 1; }
grep -q 'replay: .*--rtl' "$dir/cosim.log" || { echo "no replay command"; exit 1; }
echo "caught: $name"
