#!/usr/bin/env bash
# bench_table.sh DIR: the one table of `make bench` from the blocks' warpgen bench JSON files in DIR
# (DIR/BLOCK.json; the default configurations only): per block the Verilated model alone (a), the C model alone (b), the co-simulation
# (c, the plain loop), in M cycles/s, the ratios (b)/(a) and (c)/(a), (p)/(a) (the pipelined loop), the
# same two measured beside a second job (another process co-simulating the block: how a regression runs,
# one job per core; '-' in an older JSON), and the Verilator build time of the configuration
# (wall s / CPU s; '-' when its cache did not record it). Also DIR/summary.json: the same rows.
# Gate-level columns are not in it yet (issue 29 item 5: see the report of stop 38's h7).
set -euo pipefail
dir=${1:?usage: tests/bench_table.sh DIR}
files=()
for f in "$dir"/*.json; do
	[ -e "$f" ] || continue
	[ "$(basename "$f")" = summary.json ] && continue
	files+=("$f")
done
[ ${#files[@]} -gt 0 ] || { echo "bench_table: no bench JSON in $dir" >&2; exit 2; }
jq -s '[.[] | select(.config == "default") | {block, cycles, verilator_alone: .cycles_per_s.verilator_alone, c_model_alone: .cycles_per_s.c_model_alone,
	cosim: .cycles_per_s.cosim, c_model_vs_verilator: .ratio_c_model_vs_verilator,
	cosim_vs_verilator: .ratio_cosim_vs_verilator, pipelined_vs_verilator: (.ratio_cosim_pipelined_vs_verilator // null),
	beside_job_cosim_vs_verilator: (.beside_job_ratio_cosim_vs_verilator // null),
	beside_job_pipelined_vs_verilator: (.beside_job_ratio_cosim_pipelined_vs_verilator // null),
	verilator_build: (.verilator_build // null)}]' "${files[@]}" >"$dir/summary.json.tmp"
mv "$dir/summary.json.tmp" "$dir/summary.json"
echo "(c) the plain loop, (p) the pipelined loop; 'job:' beside a second job (a co-simulation of the block in"
echo "another process, as a regression runs one job per core)"
printf '%-16s %10s %10s %10s %8s %8s %8s %9s %9s %16s\n' block '(a) M/s' '(b) M/s' '(c) M/s' '(b)/(a)' '(c)/(a)' '(p)/(a)' \
	'job:(c)/a' 'job:(p)/a' 'build wall/CPU s'
jq -r 'def r2: if . == null then "-" else (. * 100 | round / 100) end;
	.[] | [.block, (.verilator_alone / 1e6 | r2), (.c_model_alone / 1e6 | r2),
	(.cosim / 1e6 | r2), (.c_model_vs_verilator | r2), (.cosim_vs_verilator | r2), (.pipelined_vs_verilator | r2),
	(.beside_job_cosim_vs_verilator | r2), (.beside_job_pipelined_vs_verilator | r2),
	(if .verilator_build then "\(.verilator_build.wall_s)/\(.verilator_build.cpu_s)" else "-" end)] | @tsv' "$dir/summary.json" |
	while IFS=$'\t' read -r b a c s r1 r2 r3 r4 r5 bt; do
		printf '%-16s %10s %10s %10s %8s %8s %8s %9s %9s %16s\n' "$b" "$a" "$c" "$s" "$r1" "$r2" "$r3" "$r4" "$r5" "$bt"
	done
