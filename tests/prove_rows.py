#!/usr/bin/env python3
"""prove_rows.py JSON - the Markdown table rows of one `warpgen prove --json` file, one per verdict:
| block | configuration | proof | verdict | engine | seconds | (tests/prove_report.sh, tests/prove_section.sh)."""
import json
import sys

d = json.load(open(sys.argv[1]))
for r in d["prove"]:
    v = r["verdict"]
    if v == "bounded":
        v = "bounded to %d cycles" % r["depth"]
    elif v == "counterexample":
        v = "**counterexample** at cycle %d (%s), %s" % (r["depth"], r.get("failed", ""), r.get("trace", ""))
    eng = r["engine"]
    if r.get("equiv_points", -1) > 0:
        eng += "%s %d/%d points" % (":" if eng == "equiv_induct" else "; equiv_induct",
                                    r["equiv_points"] - r["equiv_unproven"], r["equiv_points"])
    print("| %s | %s | %s | %s | %s | %.1f |" % (d["block"], d["config"], r["what"].replace("|", "/"), v, eng,
                                                r["seconds"]))
