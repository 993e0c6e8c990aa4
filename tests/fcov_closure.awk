# fcov_closure.awk - the closure check of functional coverage points (issue 24; docs/cosim.md
# "Functional coverage"), a block's sweep-tier test `fcov:BLOCK-closure`: reads the output of one
# or more `warpgen cosim BLOCK ... --model-only` runs (the verdict line, then "functional coverage:
# ...", a "  POINT HITS CORNER CASE" header and one "  name hits|never description" line per
# point), keeps each point's largest count over the runs and fails, naming them, when a point has
# fewer than MIN hits (-v MIN=N, default 10), when no table was read, or, with -v runs=N, when
# fewer than N runs printed PASS.
# Usage: { warpgen cosim ... --model-only; ...; } | awk -v runs=N -f tests/fcov_closure.awk
/^PASS / { pass++ }
/^functional coverage:/ { table = 1; tables++; next }
table && /^  POINT / { next }
table && /^  [a-z_0-9]+ +([0-9]+|never) / {
	h = ($2 == "never") ? 0 : $2 + 0
	if (!($1 in best) || h > best[$1]) best[$1] = h
	next
}
{ table = 0 }
END {
	if (MIN == "") MIN = 10
	n = 0; bad = 0
	for (p in best) {
		n++
		if (best[p] < MIN) { printf "fcov: point %s hit %d times, fewer than %d\n", p, best[p], MIN; bad = 1 }
	}
	if (!tables || !n) { print "fcov: no functional coverage table read"; bad = 1 }
	if (runs != "" && pass != runs) { printf "fcov: %d of %d runs passed\n", pass, runs; bad = 1 }
	if (!bad) printf "fcov: %d points over %d runs, each hit at least %d times\n", n, tables, MIN
	exit bad
}
