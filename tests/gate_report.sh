#!/usr/bin/env bash
# gate_report.sh OUTDIR - `make`'s gate-level part: every block at its default configuration
# synthesized by Yosys (the full flow, `synth -flatten`), co-simulated in warpgen's gate-level
# simulator against the C model (GATE_CYCLES, default 100,000), its toggles priced with the
# Liberty library (LIBERTY: sky130 hd typical from ../shared/liberty when present, else the OSU
# 0.18 um cells `make deps` unpacks), and a Markdown table of the activity-based energy beside
# the power-table estimate (OUTDIR/gate.md; each run's JSON in OUTDIR/gate-BLOCK.json), ungated
# (every flop clocked every cycle) and clock-gated (cosim/gate/wg_gate_cg.c: one ICG per enable
# group, docs/energy-model.md "Clock gating"), with what remains of the ratio explained below it.
# GATE_BLOCKS="a b" limits it to those blocks. Exit 1 if a run fails.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${1:-${OUT:-out}/main}
W=${WARPGEN:-out/bin/warpgen}
CYCLES=${GATE_CYCLES:-100000}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
LIBERTY=${LIBERTY:-../shared/liberty/sky130_fd_sc_hd__tt_025C_1v80.lib}
[ -f "$LIBERTY" ] || LIBERTY=out/liberty/osu018/usr/share/qflow/tech/osu018/osu018_stdcells.lib
mkdir -p "$out"
blocks=${GATE_BLOCKS:-$(for d in csim/*_desc.c; do b=$(basename "$d" _desc.c); [ "$b" = wg ] || echo "$b"; done)}
export W CYCLES LIBERTY out
printf '%s\n' $blocks | xargs -P "$JOBS" -I{} bash -c '
	t0=$(date +%s.%N)
	$W cosim {} --gate --liberty "$LIBERTY" --cycles "$CYCLES" --json "$out/gate-{}.json" >"$out/gate-{}.log" 2>&1
	rc=$?
	echo "{\"seconds\": $(awk -v a="$t0" -v b="$(date +%s.%N)" "BEGIN { printf \"%.1f\", b - a }"), \"rc\": $rc}" >"$out/gate-{}.time"
	echo "gate {}: $(grep -E "^(PASS|FAIL|MISMATCH)" "$out/gate-{}.log" | head -1)"'
python3 - "$out" "$LIBERTY" "$CYCLES" $blocks <<'PY'
import json, os, re, sys
out, lib, cycles, blocks = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
rows, bad, gated = [], [], []
# node and supply of the Liberty file (docs/energy-model.md §9.1: dynamic energy ~ L V^2)
lib_nm = 130 if "sky130" in lib else 180 if "osu018" in lib else 0
for b in blocks:
    t = json.load(open(os.path.join(out, "gate-%s.time" % b)))
    try:
        d = json.load(open(os.path.join(out, "gate-%s.json" % b)))
    except (OSError, ValueError):
        bad.append(b); rows.append("| %s | no result (see %s/gate-%s.log) ||||||||||||" % (b, out, b)); continue
    g = d["gate"]; a = g.get("activity_energy_pj"); c = max(1, g["cycles"])
    if d["verdict"] != "PASS":
        bad.append(b)
    tab = g.get("table_energy_pj")
    cg = g.get("clock_gated_pj")
    rg = g.get("ratio_clock_gated")
    vdd = a.get("vdd") if a else None
    scale = (lib_nm / 40.0) * (vdd / 0.9) ** 2 if lib_nm and vdd else None
    if cg:
        gcell = "%.3f (%.3f; %.1f %% of %d flops' edges)" % (cg["per_cycle"], cg["icg_own"] / c, 100 * cg["enabled_share"], cg["gated_flops"])
        gated.append((b, a["clock"] / c, cg["clock"] / c, a["per_cycle"], cg["per_cycle"], g.get("ratio"), rg))
    else:
        gcell = "n/a (%s)" % g.get("clock_gated_note", "not computed").replace("|", "/")
    m = re.search(r"\(([0-9.]+) ([kM]) cycles/s\)", open(os.path.join(out, "gate-%s.log" % b)).read())
    rate = "%s %s" % (m.group(1), m.group(2)) if m else "-"
    rows.append("| %s | %s | %d / %d | %.3f | %s | %s | %s | %s | %s | %s | %s | %s | %.0f |" % (
        b, d["verdict"], g["cells"], g["flops"], g["cell_toggles"] / c / max(1, g["cells"]),
        "%.3f / %.3f / %.3f / %.2g" % (a["internal"] / c, a["switching"] / c, a["clock"] / c, a["leakage"] / c) if a else "-",
        "%.3f" % (a["per_cycle"]) if a else "n/a",
        gcell,
        "%.3f" % (tab / c) if tab else "n/g",
        "%.2f" % g["ratio"] if g.get("ratio") else "n/a",
        "%.2f" % rg if rg else "n/a",
        "%.2f" % (rg / scale) if rg and scale else "n/a",
        rate,
        t["seconds"]))
name = os.path.basename(lib)
print("Gate-level co-simulation of every block's default configuration (Yosys `synth -flatten` to generic")
print("gates, warpgen's gate-level simulator, %d cycles, seed 1) and its activity-based energy with %s" % (cycles, name))
print("(docs/energy-model.md section 10; the ratio is activity / power-table estimate):")
print()
print("| block | verdict | cells / flops | toggles per cell per cycle | internal / switching / clock / leakage pJ/cycle | activity pJ/cycle, ungated | clock-gated pJ/cycle (ICGs' own; enabled edges of the gated flops) | table pJ/cycle | ratio, ungated | ratio, clock-gated | clock-gated ratio at 40 nm 0.9 V | gate cycles/s | wall s (synthesis + run) |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
print("\n".join(rows))
print()
print("Ungated, every flip-flop is clocked every cycle; clock-gated, the flops Yosys's full flow leaves with an")
print("enable sit behind one integrated clock-gating cell per enable condition (the Liberty file's")
print("clock_gating_integrated_cell, sky130 dlclkp_1, its own energy counted) and their clock pins toggle on")
print("the enabled edges only (docs/energy-model.md \"Clock gating\"). The quick flow keeps enables as")
print("multiplexers, so a block synthesized with it has no gated figure (n/a with the reason).")
if gated:
    print()
    for b, ck, gck, tot, gtot, r, rg in gated:
        print("- %s: clock %.3f -> %.3f pJ/cycle, total %.3f -> %.3f%s." % (b, ck, gck, tot, gtot,
              "; ratio %.2f -> %.2f" % (r, rg) if r and rg else ""))
print()
print("What remains of the clock-gated ratio (docs/energy-model.md \"What remains of the ratio\"):")
if lib_nm:
    print("- Node and supply (§9.1, E ~ L V^2): the library is %d nm at its Liberty voltage, the tables 40 nm at" % lib_nm)
    print("  0.9-0.96 V (prefetch_table's APOGEE rows 65 nm): the next-to-last column divides by (L/40) (V/0.9)^2.")
print("- What the tables price that the block does not contain: the RFC's MRF reads and write-backs with")
print("  their wires, the renaming table's register file; and what the block contains that the tables do not")
print("  price (the renaming table's free lists and flags, control logic).")
print("- What the gate-level figure leaves out: the clock tree, glitches, input-pin power; circuit style:")
print("  flops and multiplexers here, SRAM-like arrays priced per access in the papers.")
sys.exit(1 if bad else 0)
PY
