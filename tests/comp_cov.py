#!/usr/bin/env python3
"""comp_cov.py - line and toggle coverage of a composition's composed Verilog file.

`warpgen coverage` maps a generated file back to one template and refuses compositions (their
file holds several instances' modules, cli/cmd_coverage.c). This script reports the composed
file itself, per configuration (one generated file each), with the same rules as `warpgen
coverage`: a line of the file is covered when every Verilator line point on it (v_line spans,
v_branch) was hit; a toggle point (one bit of one signal of one instance) when it changed at
least once. Line points are merged over an instance array's copies (a line of the array's
module is covered when each of its points was hit in some copy); toggle points are counted per
copy. Several .dat files of one configuration (seeds, runs) are summed.

usage: comp_cov.py DAT... [--list]   (--list: every uncovered line and untoggled signal)

With data of several configurations it also prints their union, as `warpgen coverage` merges a
template's configurations: a line of an instance's module, identified by the module's name
without the composition's prefix, its text and its occurrence among equal lines of that module,
is covered when some configuration covers it (the protocol checks left out). Lines whose text
differs between configurations (a filled-in width) count once per text.
Used for docs/sm_rfc.md, sm_slg.md, equalizer_gpu.md, hrf_sm.md, mascar.md "Code and toggle coverage"
(until `warpgen coverage` maps a composed file to its instances' templates).
"""
import re
import sys
from collections import defaultdict


def keys(rec):
    d = {}
    for part in rec.split("\x01")[1:]:
        if "\x02" in part:
            k, v = part.split("\x02", 1)
            d[k] = v
    return d


def span_lines(span, line):
    out = []
    for w in (span or str(line)).split(","):
        if not w:
            continue
        a, _, z = w.partition("-")
        out.extend(range(int(a), int(z or a) + 1))
    return out


def main(argv):
    show = "--list" in argv
    dats = [a for a in argv if a != "--list"]
    lines = defaultdict(lambda: defaultdict(int))   # file -> point key (no hierarchy) -> hits
    spans = {}                                      # (file, point key) -> generated lines
    togs = defaultdict(lambda: defaultdict(int))    # file -> (hier, signal bit) -> hits
    for dat in dats:
        for raw in open(dat, encoding="latin-1"):
            if not raw.startswith("C '"):
                continue
            q = raw.rstrip("\n").rfind("'")
            rec, count = raw[3:q], int(raw[q + 1:])
            k = keys(rec)
            f, page, line = k.get("f"), k.get("page", ""), int(k.get("l", "0"))
            if page.startswith("v_toggle/"):
                togs[f][(k.get("h", ""), k.get("o", ""), line)] += count
            elif page.startswith("v_line/") or page.startswith("v_branch/"):
                pk = (page.split("/")[0], line, k.get("n", ""), k.get("S", ""), k.get("o", ""), page.split("/", 1)[1])
                lines[f][pk] += count
                spans[(f, pk)] = span_lines(k.get("S", ""), line)
    rc = 0
    union = {}  # (module role, text, occurrence) -> covered in some configuration
    for f in sorted(set(lines) | set(togs)):
        try:
            text = open(f, encoding="latin-1").read().split("\n")
        except OSError as e:
            print("%s: %s" % (f, e))
            rc = 2
            continue
        mod_of = []  # generated line -> enclosing module
        cur = "-"
        for t in text:
            m = re.match(r"\s*module\s+(\w+)", t)
            if m:
                cur = m.group(1)
            mod_of.append(cur)
        npts, nhit = defaultdict(int), defaultdict(int)
        for pk, c in lines[f].items():
            for g in spans[(f, pk)]:
                npts[g] += 1
                nhit[g] += c > 0
        withpts = [g for g in npts if 1 <= g <= len(text)]
        # protocol checks: an if whose body $display-s a violation and $finish-es (RTL assertions:
        # reached only by illegal input), from the if to its $finish
        check = set()
        for i, t in enumerate(text):
            if "$display" in t and "protocol violation" in t:
                a = i
                while a > 0 and a > i - 4 and not re.match(r"\s*(else\s+)?if\b", text[a]):
                    a -= 1
                z = i
                while z < len(text) - 1 and z < i + 6 and "$finish" not in text[z]:
                    z += 1
                check.update(range(a + 1, z + 2))
        cov = [g for g in withpts if nhit[g] == npts[g]]
        ntog = len(togs[f])
        htog = sum(1 for c in togs[f].values() if c > 0)
        cfg = next((t.strip("/ ") for t in text[:40] if "parameters" in t.lower()), "")
        print("%s\n  %s" % (f, cfg))
        print("  lines: %d of %d covered (%.2f %%); toggles: %d of %d (%.2f %%)" % (
            len(cov), len(withpts), 100.0 * len(cov) / max(1, len(withpts)), htog, ntog, 100.0 * htog / max(1, ntog)))
        unc = sorted(set(withpts) - set(cov))
        wp2 = [g for g in withpts if g not in check]
        cov2 = [g for g in cov if g not in check]
        print("  without the protocol checks (%d lines): %d of %d covered (%.2f %%)" % (
            len(set(withpts) & check), len(cov2), len(wp2), 100.0 * len(cov2) / max(1, len(wp2))))
        unc = [g for g in unc if g not in check]
        top = re.sub(r"\.v$", "", f.rsplit("/", 1)[-1])
        seen = defaultdict(int)
        covset = set(cov)
        for g in sorted(wp2):
            role = mod_of[g - 1]
            role = role[len(top) + 1:] if role.startswith(top + "_") else ("top" if role == top else role)
            t = " ".join(text[g - 1].split())
            seen[(role, t)] += 1
            key = (role, t, seen[(role, t)])
            union[key] = union.get(key, False) or g in covset
        permod = defaultdict(int)
        for g in unc:
            permod[mod_of[g - 1]] += 1
        print("  other uncovered lines per module: " + (", ".join("%s %d" % kv for kv in sorted(permod.items())) or "none"))
        dead = defaultdict(lambda: [0, 0])
        for (h, o, line), c in togs[f].items():
            sig = re.sub(r"\[\d+\]$", "", o)
            d = dead[(h, sig, line)]
            d[0] += 1
            d[1] += c == 0
        ndead = [(key, v) for key, v in dead.items() if v[1]]
        print("  signals with untoggled bits: %d" % len(ndead))
        if show:
            for g in unc:
                print("    line %d (%s): %s" % (g, mod_of[g - 1], text[g - 1].strip()[:110]))
            for (h, sig, line), (bits, d) in sorted(ndead):
                print("    toggle %s %s (line %d): %d of %d bits never toggled" % (h, sig, line, d, bits))
    if len(set(lines)) > 1:
        n, c = len(union), sum(1 for v in union.values() if v)
        print("union of %d configurations, without the protocol checks: %d of %d lines covered (%.2f %%)" % (
            len(set(lines)), c, n, 100.0 * c / max(1, n)))
        if show:
            for (role, t, k), v in sorted(union.items()):
                if not v:
                    print("    %s: %s" % (role, t[:110]))
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
