#!/usr/bin/env bash
# timing_report.sh [BLOCK...] - the "## Timing" section of `make`'s report (Markdown on stdout): for
# each block's default configuration (every block of `warpgen list` when none is named), the
# critical path's delay and fmax from `warpgen timing` (docs/user-guide.md "Timing"), the kind of
# path, and the check against the paper's clock scaled to the library's node.
# Env: WARPGEN (default out/bin/warpgen); LIBERTY (default: the command's, sky130 from ../shared/liberty
# when present, else OSU 0.18 um); TIMING_TIMEOUT seconds per Yosys step (default 900); TIMING_JSON_DIR
# (keep each run's JSON there). Cost: `warpgen area`'s synthesis (shared with the area section, cached
# by content) plus the flat mapping and ABC, seconds for most defaults, minutes for rfc, sm_rfc,
# prefetch_table, hrf_sm and equalizer_gpu on a cold cache; a second run reuses everything.
# Same inputs, same bytes. Exit 0, or 1 when a configuration could not be timed (its row says why).
set -uo pipefail
cd "$(dirname "$0")/.."
W=${WARPGEN:-out/bin/warpgen}
[ -x "$W" ] || { echo "timing_report: $W is not built (make build, or set WARPGEN)" >&2; exit 1; }
export WARPGEN_AREA_TIMEOUT=${TIMING_TIMEOUT:-900}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -gt 0 ]; then blocks=("$@"); else mapfile -t blocks < <("$W" list | awk '{print $1}'); fi
libarg=()
[ -n "${LIBERTY:-}" ] && libarg=(--liberty "$LIBERTY")
fail=0
for b in "${blocks[@]}"; do
	if ! "$W" timing "$b" "${libarg[@]}" --json "$tmp/$b.json" -q 2>"$tmp/$b.err"; then
		fail=1
		echo "$b" >>"$tmp/failed"
	fi
	[ -n "${TIMING_JSON_DIR:-}" ] && [ -f "$tmp/$b.json" ] && mkdir -p "$TIMING_JSON_DIR" && cp "$tmp/$b.json" "$TIMING_JSON_DIR/"
done
python3 - "$tmp" "${blocks[@]}" <<'EOF'
import json, os, sys
tmp, blocks = sys.argv[1], sys.argv[2:]
rows, lib, corner = [], None, None
for b in blocks:
    j = os.path.join(tmp, b + ".json")
    if not os.path.exists(j):
        err = open(os.path.join(tmp, b + ".err")).read().strip().splitlines()
        rows.append("| %s | default | not timed: %s | | | | |" % (b, (err[-1] if err else "failed").replace("|", "/")))
        continue
    t = json.load(open(j))
    lib, corner = t["liberty"], t["corner"]
    pc = t["paper_check"]
    if pc:
        check = "%s: %.0f ps at %.0f nm%s; %.0f ps scaled: **%s**, margin %.0f ps (%.0f %%)" % (
            pc["paper"], pc["period_ps"], pc["node_nm"], " (node assumed)" if pc["node_assumed"] else "",
            pc["scaled_delay_ps"], "fits" if pc["fits"] else "does not fit", pc["margin_ps"], pc["margin_pct"])
    else:
        check = "n/a (%s)" % t.get("paper_check_note", "")
    rows.append("| %s | default | %.0f | %.0f | %s | %d | %s |" % (
        b, t["delay_ps"], t["fmax_mhz"] or 0, t["path_kind"], len(t["path"]), check))
print("## Timing\n")
if lib:
    print("Critical path of each block's default configuration, `warpgen timing` (docs/user-guide.md \"Timing\"):")
    print("`warpgen area`'s synthesis flattened, mapped to `%s` at its corner %s, ABC's `stime -p`." % (lib, corner))
    print("The path is the worst from an input port or a flip-flop to an output port or a flip-flop (inputs at")
    print("0 ps); `ev_o`, the energy model's event counts, is left out. Not included: the flip-flops' clock-to-Q")
    print("and setup, clock skew, wires beyond pin capacitance (ABC's wire load is \"none\"), placement. The paper")
    print("check scales the delay to the paper's node by delay ~ L (constant-field).\n")
print("| block | configuration | delay ps | fmax MHz | path | cells | paper's clock |")
print("|---|---|---|---|---|---|---|")
for r in rows:
    print(r)
print()
EOF
exit $fail
