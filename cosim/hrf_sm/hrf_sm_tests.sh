# hrf_sm_tests.sh - the hybrid CMOS/TFET register file in an SM (Xie et al. 2017; docs/hrf_sm.md):
# the statistics of P1's schemes on the C models (read by tests/decl.sh once the composition block
# hrf_sm exists: `warpgen stats` finds a statistics mode by its block's name). The composition's
# gen / co-simulation / lint / mutant lines join when its descriptor does (docs/hrf_sm.md
# "State of the implementation").

# bad input: one clear line, exit 2
t fast "bad:stats-hrf_sm-profile" "tests/expect_bad.sh \"unknown profile 'FOO'\" $W stats hrf_sm --profile FOO"
t fast "bad:stats-hrf_sm-knob" "tests/expect_bad.sh 'knob SMS=0 is out of range (legal 1..16)' $W stats hrf_sm --knob SMS=0"
t fast "bad:stats-hrf_sm-knob-name" "tests/expect_bad.sh \"unknown knob 'NOPE=1'\" $W stats hrf_sm --knob NOPE=1"
t fast "bad:stats-hrf_sm-option" "tests/expect_bad.sh \"unknown option '--frob'\" $W stats hrf_sm --frob"
t fast "bad:stats-hrf_sm-seed" "tests/expect_bad.sh '--seed x must be a positive integer' $W stats hrf_sm --seed x"

# make test: the quick grid with its checks (about 10 s of CPU), one profile under ASan + UBSan,
# a second seed; a run capped too short must fail (the cap is a check, not a silent cut)
t test "stats:hrf_sm-quick" "\$WARPGEN stats hrf_sm --quick -q | grep -q 'stats hrf_sm: all checks passed'"
t test "stats:hrf_sm-quick-san-mt" "\$WARPGEN_SAN stats hrf_sm --quick --profile MT -q | grep -q 'stats hrf_sm: all checks passed'"
t test "stats:hrf_sm-quick-seed2-bfs" "\$WARPGEN stats hrf_sm --quick --profile BFS --seed 2 -q | grep -q 'stats hrf_sm: all checks passed'"
t test "stats-neg:hrf_sm-cycle-cap" "! \$WARPGEN stats hrf_sm --quick --profile CP --cycles 1000 -q >/dev/null 2>&1"

# make sweep: the full grid (14 profiles, 4 SMs, 400 instructions per warp; minutes), two more seeds
t sweep "stats:hrf_sm-full" "\$WARPGEN stats hrf_sm -q | grep -q 'stats hrf_sm: all checks passed'"
for s in 2 3; do
	t sweep "stats:hrf_sm-quick-seed$s" "\$WARPGEN stats hrf_sm --quick --seed $s -q | grep -q 'stats hrf_sm: all checks passed'"
done

main_report 75 hrf_sm_report

# P1's schemes beside Fig. 9, 10 and 15, with a plot (PNG + SVG).
hrf_sm_report() {
	local j=out/main/stats-hrf_sm.json d=out/plots
	mkdir -p out/main "$d"
	$W stats hrf_sm --json "$j" >out/main/stats-hrf_sm.log 2>&1 || status=1
	python3 - "$j" "$d" >out/stats-hrf_sm.md <<'PY' || status=1
import json, os, sys
d = json.load(open(sys.argv[1])); out = sys.argv[2]
S = d["schemes"]
print("Hybrid CMOS/TFET register file (Xie et al. 2017) in the SM environment: `warpgen stats hrf_sm` (C models")
print("only; log out/main/stats-hrf_sm.log), P1's schemes on P1 Table 2's fourteen profiles (assumed shapes), each")
print("against the all-CMOS baseline with kernel-long gating on the same streams. Energy rows assumed")
print("(the assumed rows at the end of power_tables/xie2017.tsv). Checks: %s." % ("all passed" if d["passed"] else "**FAILED**"))
print()
def f(v, k=1.0, fmt="%.3f"): return "-" if v < 0 else fmt % (v * k)
print("| scheme | time | P1 time | RF energy | P1 energy | energy, memory-intensive | P1 | dynamic / leakage saved, points | TFET share % |")
print("|---|---|---|---|---|---|---|---|---|")
for s in S:
    print("| %s | %.3f | %s | %.3f | %s | %.3f | %s | %.1f / %.1f | %.1f |" % (s["name"], s["time"], f(s["paper_time"]), s["energy"],
          f(s["paper_energy"]), s["energy_mem"], f(s["paper_energy_mem"]), 100 * s["dyn_pts"], 100 * s["leak_pts"], 100 * s["tfet_share"]))
dat = os.path.join(out, "hrf_sm_schemes.dat")
with open(dat, "w") as o:
    o.write("# hrf_sm (warpgen stats hrf_sm): index name time energy paper_time paper_energy (-1: not in P1's text)\n")
    for n, s in enumerate(S):
        o.write("%d \"%s\" %.4f %.4f %.4f %.4f\n" % (n, s["name"], s["time"], s["energy"], s["paper_time"], s["paper_energy"]))
body = ["set multiplot layout 1,2 title 'hrf_sm: P1 schemes against the all-CMOS baseline (warpgen stats hrf_sm)'",
        "set style data histograms", "set style histogram clustered gap 1", "set style fill solid 0.8 border -1",
        "set xtics rotate by -45", "set grid ytics", "set key outside top center horizontal", "set yrange [0:*]",
        "set title 'execution time / baseline'", "plot '%s' using 3:xtic(2) title 'ours', '' using ($5 < 0 ? 1/0 : $5) title 'P1 (F9, F15)'" % dat,
        "set title 'RF energy / baseline'", "plot '%s' using 4:xtic(2) title 'ours', '' using ($6 < 0 ? 1/0 : $6) title 'P1 (F9, F10, F15)'" % dat,
        "unset multiplot"]
with open(os.path.join(out, "hrf_sm_schemes.gp"), "w") as o:
    for term, ext in (("pngcairo size 1400,600 font 'sans,9' noenhanced", "png"), ("svg size 1400,600 font 'sans,9' noenhanced", "svg")):
        o.write("reset\nset terminal %s\nset output '%s'\n%s\nset output\n" % (term, os.path.join(out, "hrf_sm_schemes." + ext), "\n".join(body)))
PY
	cat out/stats-hrf_sm.md
	if command -v gnuplot >/dev/null; then
		gnuplot "$d/hrf_sm_schemes.gp" 2>out/main/hrf_sm_schemes.gp.err && [ ! -s out/main/hrf_sm_schemes.gp.err ] ||
			{ echo "hrf_sm plot: gnuplot failed:"; cat out/main/hrf_sm_schemes.gp.err; status=1; }
	else
		echo "hrf_sm plot: gnuplot not installed, no plot"
	fi
	{ echo; echo "## Hybrid CMOS/TFET register file (hrf_sm, C models only)"; echo; cat out/stats-hrf_sm.md
	  echo; echo "Plot: [hrf_sm_schemes.png](plots/hrf_sm_schemes.png) / [hrf_sm_schemes.svg](plots/hrf_sm_schemes.svg) (data hrf_sm_schemes.dat)"; } >>out/report.md
}
