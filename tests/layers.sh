#!/usr/bin/env bash
# layers.sh - every #include "..." goes down the layers, never up or sideways:
#   csim < power_tables < gen < cosim/harness < cosim/gate < cosim/<block> < cli
# (a block's folder sees its own files and the shared folders below it, not another block's
# folder; tests/ sees everything). Also: no two headers include each other, directly or through
# others, and no header name exists twice. Prints each violation; exit 1 if any.
set -uo pipefail
cd "$(dirname "$0")/.."
exec python3 - <<'PY'
import glob, os, re, sys

def rank(folder):
    fixed = {"csim": 0, "power_tables": 1, "gen": 2, "cosim/harness": 3, "cosim/gate": 4, "cli": 6, "tests": 7}
    if folder in fixed:
        return fixed[folder]
    return 5 if folder.startswith("cosim/") else 99

files = sorted(f for pat in ("csim/*.[ch]", "power_tables/*.[ch]", "gen/*.[ch]", "cosim/*/*.[ch]", "cli/*.[ch]",
                             "tests/*.[ch]") for f in glob.glob(pat))
where, bad = {}, False
for f in files:
    if f.endswith(".h"):
        n = os.path.basename(f)
        if n in where:
            print("layers: %s exists twice (%s, %s)" % (n, where[n], os.path.dirname(f)))
            bad = True
        where[n] = os.path.dirname(f)
deps = {}
for f in files:
    d, r = os.path.dirname(f), rank(os.path.dirname(f))
    incs = []
    for line, text in enumerate(open(f, encoding="utf-8", errors="replace"), 1):
        m = re.match(r'#include "([^"]+)"', text)
        if not m or m.group(1) == "blocks.inc":  # generated from csim/*_desc.c by the Makefile
            continue
        inc = m.group(1)
        hd = where.get(inc)
        if hd is None:
            print('%s:%d: #include "%s": no such header in the layers' % (f, line, inc))
            bad = True
            continue
        incs.append(inc)
        rd = rank(hd)
        if hd != d and (rd > r or (rd == r and r != 7)):
            print('%s:%d: #include "%s" (%s) goes against the layers: %s may include only its own folder and '
                  'those below it' % (f, line, inc, hd, d))
            bad = True
    if f.endswith(".h"):
        deps[os.path.basename(f)] = incs
state = {}
def visit(n, stack):
    global bad
    state[n] = 1
    for d in deps.get(n, []):
        if state.get(d) == 1:
            print("layers: include circle: " + " -> ".join(stack[stack.index(d):] + [d]))
            bad = True
        elif d not in state:
            visit(d, stack + [d])
    state[n] = 2
for n in sorted(deps):
    if n not in state:
        visit(n, [n])
if not bad:
    print("layers: %d files, every #include goes down (csim < power_tables < gen < cosim/harness < cosim/gate "
          "< cosim/<block> < cli)" % len(files))
sys.exit(1 if bad else 0)
PY
