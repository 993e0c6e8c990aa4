#!/usr/bin/env python3
"""sm_slg_toggles.py - sm_slg's toggle figure of the templates' bits (docs/sm_slg.md "Code and toggle
coverage"), from the coverage data of single runs.

Usage: python3 cosim/sm_slg/sm_slg_toggles.py NAME.dat...
  each NAME.dat from `warpgen cosim sm_slg ARGS --coverage NAME.dat`, and beside it NAME.c1.dat from
  the same command cut to one cycle (`ARGS --cycles 1 --coverage NAME.c1.dat`: the same seed, so the
  same random initial values).

A bit of a template signal (sched2l's or slg's instance; the top module's wiring is left out) is
covered when some run toggled it, as `warpgen coverage` counts it. The cov build draws random initial
values for each signal and, apart, for its toggle shadow, so the first evaluation and the first reset
edge count as a toggle for about half the bits of any signal, a constant included; the second figure
counts a bit only when its count in a run exceeds its count in the run's one-cycle twin. Both leave
out the bits that cannot toggle at the configurations that have them (cannot() below, each reason in
docs/sm_slg.md). Prints both figures and the bits not toggled after the first cycle."""
import os
import re
import sys
from collections import defaultdict

# sched2l inside sm_slg: csim/sm_slg_desc.c ties mark_i, llp_i to 0 and slot_free_i to 1 and binds
# BARRIER_DEMOTE=0, so the demotion path, busy and rsm_q stay at 0 (read in the generated RTL)
SCHED_TIED = {"mark_i", "llp_i", "slot_free_i", "md_w", "bd_w", "dc_w", "dc", "busy", "dem_valid",
              "dem_oh", "dem_slot", "dem_warp", "dem_cause", "dem_valid_o", "dem_slot_o", "dem_warp_o",
              "dem_cause_o", "rsm_q", "rsm_d"}
REC = re.compile(r"^C '(.*)' (\d+)$")


def clog2(n):
    return (n - 1).bit_length()


def read(path):
    """toggle points of the instances: (module, signal, bit) -> count; and the generated file"""
    pts, gen = {}, None
    with open(path, encoding="latin-1") as f:
        for ln in f:
            m = REC.match(ln.rstrip("\n"))
            if not m:
                continue
            kv = dict(p.split("\x02", 1) for p in m.group(1).split("\x01")[1:])
            page = kv.get("page", "")
            if not page.startswith("v_toggle/") or page == "v_toggle/sm_slg":
                continue
            gen = gen or kv.get("f")
            b = re.match(r"^(.*?)(?:\[(\d+)\])?$", kv["o"])
            k = (page.split("/", 1)[1], b.group(1), int(b.group(2)) if b.group(2) else 0)
            pts[k] = pts.get(k, 0) + int(m.group(2))
    return pts, gen


def config(gen, memo={}):
    """WARPS, CTAS of a generated sm_slg.v (its header)"""
    if gen not in memo:
        with open(gen, encoding="latin-1") as f:
            head = f.read(4000)
        memo[gen] = (int(re.search(r"WARPS=(\d+)", head).group(1)), int(re.search(r"CTAS=(\d+)", head).group(1)))
    return memo[gen]


def cannot(k, gen):
    """the bit cannot toggle at this configuration (docs/sm_slg.md "Toggles that cannot toggle")"""
    mod, sig, b = k
    if mod == "sm_slg_sched":
        return sig in SCHED_TIED or (sig == "ev_o" and b == 1)  # ev_o = {ext, pro, dem_valid, iss}
    if mod != "sm_slg_gate":
        return False
    w, c = config(gen)
    nb, rb, pow2 = clog2(w + 1), clog2(c + 1), (w & (w - 1)) == 0
    if sig == "n_arrive":  # one arrival a cycle
        return b >= 1
    if sig == "n_release":  # at most two releases a cycle
        return b >= 2
    if sig in ("n_enter", "n_to1"):  # at most WARPS - 1 regions in one cycle
        return pow2 and b == nb - 1
    if sig in ("ev", "ev_o"):  # {slg2, slg1, stall, wake2, wake1, to1, enter, release (rb), arrive}, nb bits each
        return (1 <= b <= nb - 1 or nb + 2 <= b <= nb + rb - 1 or
                (pow2 and b in (2 * nb + rb - 1, 3 * nb + rb - 1)))
    return False


def main(argv):
    runs = [a for a in argv if not a.endswith(".c1.dat")]
    if not runs:
        sys.exit("usage: sm_slg_toggles.py NAME.dat... (each with NAME.c1.dat beside it)")
    any1, late, gens = defaultdict(bool), defaultdict(bool), defaultdict(set)
    for path in runs:
        twin = path[:-4] + ".c1.dat" if path.endswith(".dat") else path + ".c1.dat"
        if not os.path.exists(twin):
            sys.exit("sm_slg_toggles.py: %s has no one-cycle twin %s" % (path, twin))
        pts, gen = read(path)
        first, _ = read(twin)
        for k, n in pts.items():
            any1[k] |= n > 0
            late[k] |= n > first.get(k, 0)
            gens[k].add(gen)
    out = {k for k in any1 if all(cannot(k, g) for g in gens[k])}
    n = len(any1) - len(out)
    for label, hit in (("as warpgen coverage counts them", any1), ("toggles after the first cycle", late)):
        c = sum(1 for k in any1 if hit[k] and k not in out)
        print("%s: %d/%d template bits that can toggle (%.2f %%); all bits %d/%d; cannot toggle %d (%d counted)" %
              (label, c, n, 100.0 * c / n, sum(hit[k] for k in any1), len(any1), len(out), sum(hit[k] for k in out)))
    left = defaultdict(list)
    for k in sorted(any1):
        if k not in out and not late[k]:
            left[k[:2]].append(k[2])
    print("not toggled after the first cycle (%d bits):" % sum(len(v) for v in left.values()))
    for (mod, sig), bits in sorted(left.items()):
        print("  %s.%s: bits %s" % (mod, sig, ",".join(map(str, bits))))


if __name__ == "__main__":
    main(sys.argv[1:])
