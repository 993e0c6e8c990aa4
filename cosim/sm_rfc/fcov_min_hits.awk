# fcov_min_hits.awk - closure check of functional coverage points (issue 24): reads the points
# tables that one or more `warpgen cosim BLOCK ... --model-only` runs print after the verdict
# (cosim/harness/wg_fcov.c: "functional coverage: ..." then "  POINT HITS CORNER CASE" then one
# "  name hits|never description" line per point), keeps each point's largest count over the runs
# and fails, naming them, when a point has fewer than MIN hits (-v MIN=N, default 10) or when no
# table was read. Used by the compositions' sweep-tier closure tests (cosim/sm_rfc, sm_slg,
# equalizer_gpu, hrf_sm *_tests.sh).
/^functional coverage:/ { table = 1; runs++; next }
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
		if (best[p] < MIN) { printf "point %s: %d hits, fewer than %d\n", p, best[p], MIN; bad = 1 }
	}
	if (!runs || !n) { print "no functional coverage table read"; exit 1 }
	if (!bad) printf "%d points over %d runs, each hit at least %d times\n", n, runs, MIN
	exit bad
}
