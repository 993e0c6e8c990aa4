#!/usr/bin/env bash
# report_check.sh - `warpgen report` on small fixed inputs: two tiny co-simulations (rfc, sched2l),
# the area of the rfc one (Liberty), a manifest beside it and one given by name (equalizer), and a
# steps.json; checks with python3 that each configuration's fields exist and agree (total energy =
# sum of count x pJ/event + leakage, pJ/event x count = pJ per event, the flop check, step times),
# the Papers section's rows and ratios (Gebhart Table 2 grid from power_tables/gebhart2011.tsv,
# Equalizer's 56 bits), and that a second run gives the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
W=${WARPGEN:-out/bin/warpgen}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
R="rfc --set ACTIVE_WARPS=4 --set ENTRIES=4 --set LANES=2"
mkdir -p "$d/rfc" "$d/s2" "$d/eq"
$W gen $R -o "$d/rfc/rtl" -q
$W cosim $R --cycles 2000 --json "$d/rfc/cosim.json" -q >/dev/null
$W area $R --json "$d/rfc/area.json" -q
$W cosim sched2l --set WARPS=8 --set ACTIVE=2 --cycles 2000 --json "$d/s2/cosim.json" -q >/dev/null
$W gen equalizer -o "$d/eq" -q
printf '{"name": "rfc-t", "args": "%s", "steps": [{"step": "gen", "seconds": 0.5, "rc": 0}, {"step": "cosim", "seconds": 2.25, "rc": 0}]}\n' "$R" >"$d/rfc/steps.json"
in=("$d/rfc/cosim.json" "$d/rfc/area.json" "$d/s2/cosim.json" "$d/eq/equalizer.manifest.json")
$W report -o "$d/o1" "${in[@]}" >"$d/o1.txt"
$W report -o "$d/o2" "${in[@]}" >"$d/o2.txt"
cmp "$d/o1/report.md" "$d/o2/report.md"
cmp "$d/o1/report.json" "$d/o2/report.json"
# a bad input names the file and writes nothing
echo '{"x": 1}' >"$d/bad.json"
if $W report -o "$d/o3" "$d/bad.json" 2>"$d/bad.txt"; then echo "report accepted a bad file"; exit 1; fi
grep -q "bad.json" "$d/bad.txt" && [ ! -e "$d/o3/report.md" ]
python3 - "$d/o1/report.json" "$d/o1/report.md" "$d/o1.txt" <<'PY'
import json, sys
rep = json.load(open(sys.argv[1]))
md = open(sys.argv[2]).read()
txt = open(sys.argv[3]).read()
def near(a, b, rel=2e-5):
    return abs(a - b) <= rel * max(abs(a), abs(b)) + 1e-9
cfg = {(c["block"], c["config"]): c for c in rep["configurations"]}
assert set(cfg) == {("rfc", "ACTIVE_WARPS=4 ENTRIES=4 LANES=2"), ("sched2l", "WARPS=8 ACTIVE=2"), ("equalizer", "default")}, set(cfg)
for (b, c), r in cfg.items():
    s = r["summary"]
    for k in ("equivalence", "cycles", "seed", "events_agree", "pj_per_cycle", "flop_check", "flop_bits", "gates",
              "transistors", "area_um2", "leakage_nw", "manifest_storage_bits"):
        assert k in s, (b, k)
    if r["cosim"] is None:
        assert r["energy"] is None and b == "equalizer"
        assert s["manifest_storage_bits"] == 141, s
        continue
    assert s["equivalence"] == "PASS" and s["cycles"] == 2000 and s["seed"] == 1 and s["events_agree"], s
    e = r["energy"]
    assert len(e["events"]) == len(r["cosim"]["events"]) > 0
    tot = 0.0
    for ev, raw in zip(e["events"], r["cosim"]["events"]):
        assert ev["name"] == raw["name"] and ev["count"] == raw["c_model"] == raw["rtl"]
        if ev["pj_per_event"] is None:
            assert raw["not_given"] and ev["pj"] is None
            continue
        assert near(ev["count"] * ev["pj_per_event"], ev["pj"]), ev
        tot += ev["pj"]
    leak = e["leakage_pj"] or 0.0
    assert near(tot, e["dynamic_pj"]) and near(tot + leak, e["total_pj"]), (b, tot, leak, e)
    assert near(e["total_pj"] / 2000, s["pj_per_cycle"]) and e["check"] == "ok", e
    if e["leak_mw"] is not None:  # leakage = mW x cycles / clock (GHz): 1 mW x 1 ns = 1 pJ
        assert e["leakage_pj"] >= 0
rfc = cfg[("rfc", "ACTIVE_WARPS=4 ENTRIES=4 LANES=2")]
s = rfc["summary"]
assert s["flop_check"] == "ok" and s["flop_bits"] == s["storage_bits_predicted"] == s["manifest_storage_bits"] > 0, s
assert s["area_um2"] > 0 and s["gates"] > 0 and s["transistors"] > 0, s
assert rfc["energy"]["total_pj"] > 0
assert rfc["steps_s"] == {"gen": 0.5, "cosim": 2.25, "total": 2.75}, rfc["steps_s"]
assert cfg[("sched2l", "WARPS=8 ACTIVE=2")]["steps_s"] is None
# papers: Gebhart Table 2 grid, every number from power_tables/gebhart2011.tsv
rows = {}
for line in open("power_tables/gebhart2011.tsv"):
    f = line.rstrip("\n").split("\t")
    if len(f) == 9 and not line.startswith("#"):
        rows[(f[0], f[1])] = f[2]
g = rep["papers"]["gebhart_table2"]
assert sorted((x["N"], x["A"]) for x in g) == [(n, a) for n in (4, 6, 8) for a in (4, 6, 8)]
wire = float(rows[("rfc", "wire_energy_per_au_at_0.2mm")])
for x in g:
    k = "rfc_N%d_A%d" % (x["N"], x["A"])
    assert x["paper_area_um2"] == float(rows[(k, "area")]) and x["paper_read_pj_per_au"] == float(rows[(k, "read_energy")])
    assert x["paper_write_pj_per_au"] == float(rows[(k, "write_energy")])
    assert near(x["read_ratio"], x["model_read_pj_per_au"] / x["paper_read_pj_per_au"])
    assert near(x["write_ratio"], x["model_write_pj_per_au"] / x["paper_write_pj_per_au"])
    assert near(x["event_rfc_read_pj_per_au"], x["model_read_pj_per_au"] + wire, 1e-4), x
    assert near(x["event_rfc_write_pj_per_au"], x["model_write_pj_per_au"] + wire, 1e-4), x
    if (x["N"], x["A"]) == (4, 4):
        assert x["area_config"] == "ACTIVE_WARPS=4 ENTRIES=4 LANES=2" and x["area_node_nm"] == 180, x
        assert near(x["area_um2_per_lane_40nm"], s["area_um2"] / 2 * (40 / 180) ** 2, 1e-4), x
        assert near(x["area_ratio"], x["area_um2_per_lane_40nm"] / x["paper_area_um2"], 1e-4)
    else:
        assert x["area_ratio"] is None and "ENTRIES=%d" % x["N"] in x["not_run"], x
        assert "| %d | %d | %d | %.6g | not run |" % (x["N"], x["A"], x["N"] * x["A"], x["paper_area_um2"]) in md
# papers: Equalizer's 56 counter bits from the manifest given by name
st = [x for x in rep["papers"]["storage"] if x["block"] == "equalizer"]
assert len(st) == 2 and st[0]["paper_value"] == 56 and st[0]["ours"] == 56 and st[0]["ratio"] == 1, st
assert st[1]["ours"] == 141 and near(st[1]["ratio"], 141 / 56) and st[1]["why"].startswith("we add 85 b"), st[1]
assert rep["papers"]["rename_energy"] == []
for h in ("## Energy per event class", "## Step times", "## Papers", "### Gebhart ISCA'11 Table 2", "Why they differ"):
    assert h in md, h
lines = [l for l in txt.splitlines() if l.startswith(("rfc ", "sched2l ", "equalizer "))]
assert len(lines) == 3 and all(len(l.split()) >= 7 for l in lines), txt
print("report_check: %d configurations, energy sums, flop check, 9 Table 2 points, equalizer 56 b, same bytes twice: ok"
      % len(cfg))
PY
