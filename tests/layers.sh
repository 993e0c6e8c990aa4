#!/usr/bin/env bash
# layers.sh - every #include "..." goes down the layers, never up or sideways:
#   csim < power_tables < gen < cosim/harness < cosim/gate < cosim/<block> < cli
# (a block's folder sees its own files and the shared folders below it, not another
# block's folder; tests/ sees everything). Also: no two headers include each other,
# directly or through others. Prints each violation; exit 1 if any.
set -uo pipefail
cd "$(dirname "$0")/.."
rank() { # folder -> layer number
	case $1 in
	csim) echo 0 ;; power_tables) echo 1 ;; gen) echo 2 ;; cosim/harness) echo 3 ;; cosim/gate) echo 4 ;;
	cosim/*) echo 5 ;; cli) echo 6 ;; tests) echo 7 ;; *) echo 99 ;;
	esac
}
declare -A where=() # header name -> folder
for f in csim/*.h power_tables/*.h gen/*.h cosim/*/*.h cli/*.h tests/*.h; do
	[ -e "$f" ] || continue
	n=${f##*/}
	[ -z "${where[$n]:-}" ] || { echo "layers: $n exists twice (${where[$n]}, ${f%/*})"; bad=1; }
	where[$n]=${f%/*}
done
bad=${bad:-0}
for f in csim/*.[ch] power_tables/*.[ch] gen/*.[ch] cosim/*/*.[ch] cli/*.[ch] tests/*.[ch]; do
	[ -e "$f" ] || continue
	dir=${f%/*} r=$(rank "${f%/*}")
	while IFS=: read -r line inc; do
		[ "$inc" = blocks.inc ] && continue # generated from csim/*_desc.c by the Makefile
		d=${where[$inc]:-}
		if [ -z "$d" ]; then echo "$f:$line: #include \"$inc\": no such header in the layers"; bad=1; continue; fi
		[ "$d" = "$dir" ] && continue
		rd=$(rank "$d")
		if [ "$rd" -gt "$r" ] || { [ "$rd" -eq "$r" ] && [ "$r" -ne 7 ]; }; then
			echo "$f:$line: #include \"$inc\" ($d) goes against the layers: $dir may include only its own folder and those below it"
			bad=1
		fi
	done < <(grep -noE '^#include "[^"]+"' "$f" | sed -E 's/^([0-9]+):#include "([^"]+)"/\1:\2/')
done
# include circles among headers (depth-first search over the header graph)
python3 - "${!where[@]}" <<'PY' || bad=1
import re, sys, glob, os
paths = {}
for f in glob.glob('csim/*.h') + glob.glob('power_tables/*.h') + glob.glob('gen/*.h') + glob.glob('cosim/*/*.h') + glob.glob('cli/*.h') + glob.glob('tests/*.h'):
    paths[os.path.basename(f)] = f
deps = {n: [i for i in re.findall(r'^#include "([^"]+)"', open(p).read(), re.M) if i in paths] for n, p in paths.items()}
state, bad = {}, False
def visit(n, stack):
    global bad
    state[n] = 1
    for d in deps[n]:
        if state.get(d) == 1:
            print("layers: include circle: " + " -> ".join(stack[stack.index(d):] + [d]))
            bad = True
        elif d not in state:
            visit(d, stack + [d])
    state[n] = 2
for n in sorted(deps):
    if n not in state:
        visit(n, [n])
sys.exit(1 if bad else 0)
PY
[ "$bad" -eq 0 ] && echo "layers: every #include goes down (csim < power_tables < gen < cosim/harness < cosim/gate < cosim/<block> < cli)"
exit "$bad"
