#!/usr/bin/env python3
"""collect.py - the data behind tests/plots.sh: runs warpgen, writes the .dat files, the gnuplot
scripts (.gp) and index.md into DIR (a private work folder; plots.sh runs gnuplot there and moves
the results into place).

usage: collect.py WARPGEN DIR MODE JOBS
  MODE quick    the two smallest points per sweep, Yosys at fewer of them (cached in out/area/)
       default  a few points per sweep; Yosys where it takes seconds (about 4 minutes cold on 2 cores)
       full     the same sweeps, plus Yosys --flops-only at every point (`make sweep`; long)
Deterministic: the same inputs give the same bytes (no times, no absolute paths, sorted output).
"""
import concurrent.futures as cf
import json
import os
import re
import subprocess
import sys
import tempfile

# (a) Area sweeps: block, swept parameter, values, fixed --set, Yosys flow per point.
# flow: "full" (gate mapping, transistors, OSU um^2; a few seconds at these sizes),
# "flops" (`--flops-only`, coarse synthesis). Above FLOPS_MAX only the predicted storage bits
# are plotted (the Yosys flop count equals them at every configuration `make` and `make test`
# check; PLOTS_FULL=1 measures them here too). Sizes are kept small where Yosys is slow.
# Each block declares its points in its own file, cosim/<block>/<block>_tests.sh (`plot_size PARAM
# "VALUES" "FIXED" FLOW [FLOPS_MAX] [noquick]`; tests/decl.sh), read here in the order of `warpgen list`.
# FLOPS_MAX: Yosys's time grows fast with some blocks (wrc: about 30 s at 48 warps; prefetch_table:
# 12 s at 4 entries, 100 s at its default size): above that value, only in full mode. noquick: quick
# mode (tests/plots_check.sh, under a minute cold) runs Yosys at the smallest point only (both points
# for the gate-level plot), and not at all for a block marked noquick (5-12 s at its smallest).
def declared_sizes():
    out = subprocess.run(["bash", "-c", ". tests/decl.sh && decl_read plots"], check=True, capture_output=True,
                         text=True).stdout
    area, flops_max, quick_no = [], {}, []
    for line in out.splitlines():
        block, param, values, fixed, flow, fmax, noquick = line.split("\t")
        area.append((block, param, [int(v) for v in values.split()], fixed.split(), flow))
        if fmax:
            flops_max[block] = int(fmax)
        if noquick == "noquick":
            quick_no.append(block)
    return area, flops_max, tuple(quick_no)


AREA, FLOPS_MAX, QUICK_NO_YOSYS = declared_sizes()
# (c) the RFC grid of Gebhart Table 2, on the synthetic SM (sm_rfc).
RFC_ACTIVE = [4, 6, 8]
RFC_ENTRIES = [4, 6, 8]


# distinct fill colours for the stacked event classes (gnuplot's default set repeats after 8)
COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
           "#17becf", "#aec7e8", "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5", "#c49c94"]


def die(msg):
    sys.stderr.write("plots: %s\n" % msg)
    sys.exit(1)


def run(argv):
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    if p.returncode != 0:
        tail = (p.stderr.strip() or p.stdout.strip()).splitlines()[-3:]
        raise RuntimeError("'%s' failed (exit %d): %s" % (" ".join(argv), p.returncode, " | ".join(tail)))
    return p.stdout


def sets(lst):
    out = []
    for s in lst:
        out += ["--set", s]
    return out


def area_point(W, tmp, block, sets_, flow):
    """(storage bits predicted, Yosys flop bits or None, transistors or None, um^2 or None)."""
    with tempfile.TemporaryDirectory(dir=tmp) as d:
        run([W, "gen", block] + sets(sets_) + ["-o", d, "-q"])
        with open(os.path.join(d, block + ".manifest.json")) as f:
            storage = json.load(f)["storage_bits"]
        if flow is None:
            return storage, None, None, None
        j = os.path.join(d, "area.json")
        run([W, "area", block] + sets(sets_) + (["--flops-only"] if flow == "flops" else []) + ["--json", j, "-q"])
        with open(j) as f:
            a = json.load(f)
    if a.get("flop_check") != "ok":
        raise RuntimeError("%s %s: Yosys flip-flop check %s" % (block, " ".join(sets_), a.get("flop_check")))
    return storage, a["flop_bits"], a.get("transistors"), a.get("area_um2")


def fmt(v, spec="%d"):
    return "NaN" if v is None else spec % v


def esc(s):
    return s  # the terminals are noenhanced: an underscore is an underscore


def collect_area(W, tmp, mode, jobs, index):
    pts = []
    for block, par, vals, fixed, flow in AREA:
        if mode == "quick":
            vals = vals[:2]
        for i, v in enumerate(vals):
            f = flow
            if mode == "full":
                f = flow or "flops"
            elif f and v > FLOPS_MAX.get(block, 1 << 30):
                f = None
            elif mode == "quick" and f == "flops" and (i > 0 or block in QUICK_NO_YOSYS):
                f = None
            pts.append((block, par, v, fixed + ["%s=%d" % (par, v)], f))
    with cf.ThreadPoolExecutor(max_workers=jobs) as ex:
        res = list(ex.map(lambda p: area_point(W, tmp, p[0], p[3], p[4]), pts))
    blocks, measured = [], set()
    for (block, par, v, s, f), r in zip(pts, res):
        if r[1] is not None:
            measured.add(block)
        fn = "area_%s.dat" % block
        if block not in [b[0] for b in blocks]:
            blocks.append((block, par, [x for x in s if not x.startswith(par + "=")]))
            with open(os.path.join(tmp, fn), "w") as o:
                o.write("# %s: %s swept; fixed %s (other parameters at their defaults)\n" %
                        (block, par, " ".join(blocks[-1][2]) or "-"))
                o.write("# %s storage_bits_predicted yosys_flop_bits yosys_flow transistors area_um2_osu018\n" % par)
        with open(os.path.join(tmp, fn), "a") as o:
            o.write("%d %d %s %s %s %s\n" % (v, r[0], fmt(r[1]), f or "-", fmt(r[2]), fmt(r[3], "%.0f")))
    # one panel per block: predicted storage (line) and Yosys's flip-flops (points)
    n = len(blocks)
    cols = 4
    rows = (n + cols - 1) // cols
    gp = ["set datafile missing 'NaN'", "set grid", "set key top left font ',7'", "set yrange [0:*]",
          "set multiplot layout %d,%d title 'Flip-flop bits against size (Yosys 0.23; lines: the generator''s "
          "predicted storage)'" % (rows, cols)]
    for block, par, fixed in blocks:
        xs = [p[2] for p in pts if p[0] == block]
        gp += ["set title \"%s\\n%s\" font ',8'" % (esc(block), esc(" ".join(fixed)) or "defaults"),
               "set xlabel '%s'" % esc(par), "set xtics (%s)" % ", ".join(map(str, xs)),
               "plot 'area_%s.dat' using 1:2 with linespoints lw 2 pt 7 ps 0.5 title 'predicted'" % block +
               (", '' using 1:3 with points pt 6 ps 1.5 lw 2 title 'Yosys flip-flops'" if block in measured else "")]
    gp.append("unset multiplot")
    write_gp(tmp, "area_flops", gp, 1500, 300 * rows)
    index.append(("area_flops", "flip-flop bits against each block's main parameter (one panel per block): the "
                  "generator's predicted storage and Yosys's count where measured (`area_<block>.dat`)"))
    # transistors and OSU 0.18 um^2 for the blocks mapped by the full flow
    full = [b for b in blocks if dict((a[0], a[4]) for a in AREA)[b[0]] == "full"]
    gp = ["set datafile missing 'NaN'", "set grid", "set key top left", "set yrange [0:*]", "set y2range [0:*]",
          "set ytics nomirror", "set y2tics", "set ylabel 'transistors (abc -g cmos2)'",
          "set y2label 'area, OSU 0.18 um^2'",
          "set multiplot layout 1,%d title 'Gate-level size against the main parameter (Yosys 0.23)'" % len(full)]
    for block, par, fixed in full:
        xs = [p[2] for p in pts if p[0] == block]
        gp += ["set title '%s (%s)'" % (esc(block), esc(" ".join(fixed))), "set xlabel '%s'" % esc(par),
               "set xtics (%s)" % ", ".join(map(str, xs)),
               "plot 'area_%s.dat' using 1:5 with linespoints lw 2 pt 7 title 'transistors', "
               "'' using 1:6 axes x1y2 with linespoints lw 2 pt 5 dt 2 title 'um^2 (OSU 0.18)'" % block]
    gp.append("unset multiplot")
    write_gp(tmp, "area_gates", gp, 600 * len(full), 450)
    index.append(("area_gates", "transistors and OSU 0.18 um^2 (full Yosys flow) against size for %s" %
                  " and ".join(b[0] for b in full)))


EV_RE = re.compile(r"^  (\S+)\s+(\d+)\s+(n/g|[-0-9.]+)\s+(n/g|[-0-9.]+)$")


def model_only(W, block, sets_, cycles, knobs=()):
    """Parse `warpgen cosim --model-only` text: events, dynamic, leakage, baseline."""
    out = run([W, "cosim", block] + sets(sets_) + ["--model-only", "--seed", "1", "--cycles", str(cycles)] +
              [x for k in knobs for x in ("--knob", k)])
    ev, e = [], {"dynamic": 0.0, "leakage": 0.0, "baseline": 0.0}
    for line in out.splitlines():
        m = EV_RE.match(line)
        if m and m.group(1) != "event":
            ng = m.group(3) == "n/g"
            ev.append({"name": m.group(1), "c_model": int(m.group(2)), "not_given": ng,
                       "pj_total": 0.0 if ng else float(m.group(4))})
            continue
        w = line.split()
        if w[:1] == ["dynamic"]:
            e["dynamic"] = float(w[1])
        elif w[:1] == ["leakage"]:
            e["leakage"] = float(w[-1])
        elif w[:3] == ["without", "the", "block"]:
            e["baseline"] = float(w[3])
    return ev, e


def collect_energy(W, tmp, mode, index):
    blocks = [l.split()[0] for l in run([W, "list"]).splitlines() if l.strip()]
    cycles = 20000 if mode == "quick" else 100000
    rows = []  # (block, source, cycles, events, energy)
    for b in blocks:
        j = os.path.join("out", "main", b + "-default", "cosim.json")
        if os.path.exists(j):
            with open(j) as f:
                d = json.load(f)
            ev = [{"name": x["name"], "c_model": x["c_model"], "not_given": x["not_given"],
                   "pj_total": x["pj_total"] or 0.0} for x in d["events"]]
            e = d["energy_pj"]
            rows.append((b, "make (%s)" % j, d["cycles"], ev,
                         {"dynamic": e["dynamic"], "leakage": e["leakage"], "baseline": e["baseline"] or 0.0}))
        else:
            ev, e = model_only(W, b, [], cycles)
            rows.append((b, "warpgen cosim %s --model-only --seed 1 --cycles %d" % (b, cycles), cycles, ev, e))
    with open(os.path.join(tmp, "energy_events.dat"), "w") as o:
        o.write("# per block at its papers' default size: events per 1000 cycles and pJ per 1000 cycles "
                "(n/g: the papers give no energy)\n# block event count_per_kcycle pj_per_kcycle source\n")
        for b, src, cyc, ev, e in rows:
            for x in ev:
                o.write("%s %s %.3f %s \"%s\"\n" % (b, x["name"], 1000.0 * x["c_model"] / cyc,
                                                   "n/g" if x["not_given"] else "%.3f" % (1000.0 * x["pj_total"] / cyc),
                                                   src))
            o.write("%s leakage - %.3f \"%s\"\n" % (b, 1000.0 * e["leakage"] / cyc, src))
    # stacked shares of the blocks with any priced energy: one column per event class
    priced = [r for r in rows if r[4]["dynamic"] + r[4]["leakage"] > 0]
    classes = []
    for b, src, cyc, ev, e in priced:
        for x in ev:
            c = x["name"].split(".")[-1]
            if not x["not_given"] and x["pj_total"] > 0 and c not in classes:
                classes.append(c)
    if any(r[4]["leakage"] > 0 for r in priced):
        classes.append("leakage")
    with open(os.path.join(tmp, "energy_share.dat"), "w") as o:
        o.write("# share (%) of each block's energy per event class (a composed block's instance prefix "
                "dropped); total in pJ per 1000 cycles; E/E_without when the rules define a baseline (else -)\n")
        o.write("block total_pj_per_kcycle e_ratio %s\n" % " ".join(classes))
        for b, src, cyc, ev, e in priced:
            tot = e["dynamic"] + e["leakage"]
            share = dict((c, 0.0) for c in classes)
            for x in ev:
                if not x["not_given"] and x["pj_total"] > 0:
                    share[x["name"].split(".")[-1]] += 100.0 * x["pj_total"] / tot
            if e["leakage"] > 0:
                share["leakage"] += 100.0 * e["leakage"] / tot
            ratio = "%.3f" % (e["dynamic"] / e["baseline"]) if e["baseline"] > 0 else "-"
            o.write("%s %.1f %s %s\n" % (b, 1000.0 * tot / cyc, ratio, " ".join("%.3f" % share[c] for c in classes)))
    ngn = sorted(set(r[0] for r in priced for x in r[3] if x["not_given"]))
    gp = ["set linetype %d lc rgb '%s'" % (i + 1, c) for i, c in enumerate(COLOURS)]
    gp += ["set linetype cycle %d" % len(COLOURS), "set key autotitle columnheader",
           "set style data histograms", "set style histogram rowstacked", "set style fill solid 0.85 border -1",
          "set boxwidth 0.6", "set key outside right", "set yrange [0:118]", "set ylabel 'share of energy (%)'",
          "set grid ytics",
          "set title \"Energy per event class at the papers' default sizes (labels: pJ per 1000 cycles; "
          "E/E_without = dynamic / baseline)%s\"" % (
              "\\nevents the papers do not price (%s) are counted, not shown: energy_events.dat" % ", ".join(ngn)
              if ngn else ""),
          "plot for [i=4:%d] 'energy_share.dat' using i:xtic(1) title columnheader(i), "
          "'' using 0:(108):(sprintf(\"%%.0f pJ\\n%%s\", $2, strcol(3) eq '-' ? '' : 'E/E_without '.strcol(3))) "
          "with labels font ',8' notitle" % (3 + len(classes))]
    write_gp(tmp, "energy_breakdown", gp, 1000, 560)
    index.append(("energy_breakdown", "share of energy per event class (stacked) for the blocks with priced events "
                  "(%s), total pJ per 1000 cycles and E/E_without above each bar (`energy_share.dat`, "
                  "`energy_events.dat`)" % ", ".join(r[0] for r in priced)))
    # blocks whose events are all not given: counts, no pJ
    ng = [r for r in rows if r not in priced]
    cols = 4
    nr = (len(ng) + cols - 1) // cols
    gp = ["set style data histograms", "set style fill solid 0.7 border -1", "set boxwidth 0.7",
          "set xtics rotate by -40 font ',7'", "set grid ytics", "set logscale y", "set yrange [0.1:*]",
          "set ylabel 'events per 1000 cycles'",
          "set multiplot layout %d,%d title 'Blocks whose events the papers do not price: event counts only "
          "(no pJ; power tables mark them not-given)'" % (nr, cols)]
    for b, src, cyc, ev, e in ng:
        fn = "energy_counts_%s.dat" % b
        with open(os.path.join(tmp, fn), "w") as o:
            o.write("# %s: events per 1000 cycles (%s); every event not-given\n# event count_per_kcycle\n" % (b, src))
            for x in ev:
                o.write("%s %.3f\n" % (x["name"], 1000.0 * x["c_model"] / cyc))
        gp += ["set title '%s' font ',9'" % esc(b),
               "plot '%s' using ($2 > 0 ? $2 : 1/0):xtic(1) notitle" % fn]
    gp.append("unset multiplot")
    write_gp(tmp, "energy_counts", gp, 1500, 330 * nr)
    index.append(("energy_counts", "event counts per 1000 cycles for the blocks whose events are all not-given in "
                  "the papers (%s): no pJ is invented (`energy_counts_<block>.dat`)" % ", ".join(r[0] for r in ng)))


def collect_rfc(W, tmp, mode, jobs, index):
    act, ent = (RFC_ACTIVE[::2], RFC_ENTRIES[::2]) if mode == "quick" else (RFC_ACTIVE, RFC_ENTRIES)
    cycles = 50000 if mode == "quick" else 200000
    pts = [(a, n) for a in act for n in ent]
    # RESET_PPM=0: no mid-run resets, as `warpgen stats sm_rfc` (the same run, the same counts)
    with cf.ThreadPoolExecutor(max_workers=jobs) as ex:
        res = list(ex.map(lambda p: model_only(W, "sm_rfc", ["ACTIVE=%d" % p[0], "ENTRIES=%d" % p[1]], cycles,
                                               ["RESET_PPM=0"]), pts))
    with open(os.path.join(tmp, "rfc_grid.dat"), "w") as o:
        o.write("# two-level scheduler + RFC on the synthetic SM (warpgen cosim sm_rfc --model-only --seed 1 "
                "--cycles %d --knob RESET_PPM=0): reads avoided = mrf_read_avoided / source operands; writes "
                "avoided = 1 - (evict_wb + flush_wb + bypass_wb) / (rfc_write + bypass_wb); E/E_without = dynamic / "
                "baseline (every access to the MRF), Gebhart Table 2 + 3 energies\n" % cycles)
        o.write("# ACTIVE ENTRIES mrf_reads_avoided_pct mrf_writes_avoided_pct e_ratio dynamic_pj baseline_pj\n")
        for a in act:
            for n in ent:
                ev, e = res[pts.index((a, n))]
                c = dict((x["name"].split(".")[-1], x["c_model"]) for x in ev)
                rd = 100.0 * c["mrf_read_avoided"] / (c["mrf_read"] + c["mrf_read_avoided"])
                wr = 100.0 * (1 - (c["evict_wb"] + c["flush_wb"] + c["bypass_wb"]) / (c["rfc_write"] + c["bypass_wb"]))
                o.write("%d %d %.2f %.2f %.4f %.1f %.1f\n" % (a, n, rd, wr, e["dynamic"] / e["baseline"],
                                                              e["dynamic"], e["baseline"]))
            o.write("\n\n")  # one gnuplot data set per ACTIVE
    pal = "lc rgb '#1f77b4'", "lc rgb '#d62728'", "lc rgb '#2ca02c'"
    gp = ["set grid", "set key bottom right", "set xlabel 'RFC entries per thread (ENTRIES)'",
          "set xtics (%s)" % ", ".join(str(n) for n in ent),
          "set multiplot layout 1,2 title 'Register file cache with the two-level scheduler (synthetic SM, "
          "C model, %d cycles, seed 1)'" % cycles,
          "set title 'MRF accesses avoided'", "set ylabel '% of MRF accesses avoided'", "set yrange [0:100]",
          "plot " + ", ".join("'rfc_grid.dat' index %d using 2:3 with linespoints lw 2 pt 7 %s title 'reads, %d active'"
                              ", '' index %d using 2:4 with linespoints lw 2 pt 5 dt 2 %s title 'writes, %d active'"
                              % (i, pal[i], a, i, pal[i], a) for i, a in enumerate(act)),
          "set title 'Register file energy against the MRF alone'", "set ylabel 'E / E_without'",
          "set yrange [0:1]", "set key top right",
          "plot " + ", ".join("'rfc_grid.dat' index %d using 2:5 with linespoints lw 2 pt 7 %s title '%d active warps'"
                              % (i, pal[i], a) for i, a in enumerate(act)),
          "unset multiplot"]
    write_gp(tmp, "rfc_grid", gp, 1200, 480)
    index.append(("rfc_grid", "RFC: MRF reads and writes avoided (%%) and energy E/E_without against ENTRIES, one "
                  "line per ACTIVE (Gebhart Table 2 grid %s x %s), synthetic SM (`rfc_grid.dat`)" %
                  ("/".join(map(str, ent)), "/".join(map(str, act)))))


def write_gp(tmp, name, body, w, h):
    """One script per plot, PNG and SVG from the same commands; no dates embedded."""
    with open(os.path.join(tmp, name + ".gp"), "w") as o:
        o.write("# %s.gp - generated by tests/plots/collect.py\n" % name)
        for term, ext in (("pngcairo size %d,%d font 'sans,9' noenhanced" % (w, h), "png"),
                          ("svg size %d,%d font 'sans,9' noenhanced" % (w, h), "svg")):
            o.write("reset\nset terminal %s\nset output '%s.%s'\n" % (term, name, ext))
            o.write("\n".join(body) + "\nset output\n")


def main():
    if len(sys.argv) != 5 or sys.argv[3] not in ("quick", "default", "full"):
        die("usage: collect.py WARPGEN DIR quick|default|full JOBS")
    W, tmp, mode, jobs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    index = []
    try:  # a failed step: one line (the first failure), exit 1; plots.sh then writes nothing
        collect_area(W, tmp, mode, jobs, index)
        collect_energy(W, tmp, mode, index)
        collect_rfc(W, tmp, mode, jobs, index)
    except (RuntimeError, OSError, KeyError, ValueError) as e:
        die(str(e))
    with open(os.path.join(tmp, "index.md"), "w") as o:
        o.write("# Plots (tests/plots.sh, mode %s)\n\n" % mode)
        for name, desc in index:
            o.write("- `%s.png` / `%s.svg`: %s.\n" % (name, name, desc))


if __name__ == "__main__":
    main()
