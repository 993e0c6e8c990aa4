#!/usr/bin/env bash
# coverage_check.sh run BLOCK ARGS... | map | map-comp - code and toggle coverage (docs/cosim.md "Coverage").
#
# run: `warpgen cosim BLOCK ARGS --coverage F` gives the verdict line of the run without
# coverage (apart from the speed), and `warpgen coverage BLOCK F` reports line and toggle
# fractions strictly between 0 and 100 %, an annotated listing and JSON that agree.
# map (no Verilator build: seconds): the line map from generated files to the template, on
# rename at two configurations whose {{if}} sections differ (TFET_ROWS=0 and 4, so the same
# template line sits at different generated lines), with hand-written coverage data: a line
# uncovered at one configuration and covered at the other is covered, a line uncovered at both
# is listed with its template line number, toggles count per configuration, and a bit of a template
# signal toggled at one configuration only is covered in the template's figure.
# map-comp (no Verilator build either): a composition, equalizer_gpu at SMS=2 (an instance array of
# two equalizer copies sharing one module, and one vf_manager), with hand-written data: a line
# point of the equalizer module hit only in copy u_eq_1 is covered, one hit in neither copy is
# listed against rtl_templates/equalizer.v, a vf_manager line against its own template, a line
# of the composition's own top module against the block; toggles per template and copy, and the
# template's bits with the copies as one signal.
set -euo pipefail
W=${WARPGEN:-out/bin/warpgen}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mode=${1:?usage: coverage_check.sh run BLOCK ARGS... | map | map-comp}
shift

if [ "$mode" = run ]; then
	block=$1
	shift
	strip() { sed -E 's/ \([^)]*cycles\/s\)//'; }
	plain=$("$W" cosim "$block" "$@" -q | strip)
	cov=$("$W" cosim "$block" "$@" -q --coverage "$tmp/run.dat" | strip)
	echo "without: $plain"
	echo "with:    $cov"
	[ "$plain" = "$cov" ] || { echo "the verdict differs with coverage"; exit 1; }
	"$W" coverage "$block" "$tmp/run.dat" --write "$tmp/merged.dat" --json "$tmp/c.json" --annotate "$tmp/ann" | tee "$tmp/rep.txt"
	python3 - "$tmp/c.json" "$tmp/rep.txt" <<'EOF'
import json, re, sys
d = json.load(open(sys.argv[1]))
rep = open(sys.argv[2]).read()
for k in ("lines", "toggles"):
    c, t = d[k]["covered"], d[k]["total"]
    assert 0 < c < t, (k, c, t)
    m = re.search(r"  %s +(\d+)/(\d+) covered \(([\d.]+) %%\)" % k, rep)
    assert m and (int(m[1]), int(m[2])) == (c, t), (k, m)
    assert abs(float(m[3]) - 100.0 * c / t) < 0.01
assert len(d["uncovered_lines"]) == d["lines"]["total"] - d["lines"]["covered"]
tl = open("rtl_templates/%s.v" % d["block"]).read().split("\n")
for u in d["uncovered_lines"]:  # each listed line is the template's text at that line
    assert tl[u["line"] - 1] == u["text"], u
print("ok: lines %d/%d, toggles %d/%d" % (d["lines"]["covered"], d["lines"]["total"],
                                          d["toggles"]["covered"], d["toggles"]["total"]))
EOF
	grep -q '%000000' "$tmp/ann/$block.v" || { echo "the annotated listing marks no uncovered line"; exit 1; }
	echo ok
	exit 0
fi

if [ "$mode" = map-comp ]; then
	"$W" gen equalizer_gpu --set SMS=2 -o "$tmp/c" >/dev/null
	python3 - "$tmp" <<'EOF'
import sys
tmp = sys.argv[1]
f = tmp + "/c/equalizer_gpu.v"
g = open(f).read().split("\n")
def tline(tmpl, text):  # the template line (1-based) equal to text, which must be unique
    t = open("rtl_templates/%s.v" % tmpl).read().split("\n")
    hits = [i + 1 for i, l in enumerate(t) if l == text]
    assert len(hits) == 1, (tmpl, text, hits)
    return hits[0]
def after(banner, text):  # the first generated line equal to text after the line starting with banner
    b = next(i for i, l in enumerate(g) if l.startswith(banner))
    return next(i + 1 for i in range(b, len(g)) if g[i] == text)
eq_a, eq_b = after("// Instance array u_eq_0", "`default_nettype none"), after("// Instance array u_eq_0", "endmodule")
vf_a = after("// Instance u_vfm", "endmodule")
top_end = max(i + 1 for i, l in enumerate(g) if l == "endmodule")
rec = "C '\x01f\x02%s\x01l\x02%d\x01n\x021\x01page\x02%s\x01o\x02%s\x01h\x02TOP.equalizer_gpu%s' %d\n"
with open(tmp + "/c.dat", "w") as o:
    o.write("# SystemC::Coverage-3\n")
    o.write(rec % (f, eq_a, "v_line/equalizer_gpu_eq", "block", ".u_eq_0", 0))
    o.write(rec % (f, eq_a, "v_line/equalizer_gpu_eq", "block", ".u_eq_1", 3))
    o.write(rec % (f, eq_b, "v_line/equalizer_gpu_eq", "block", ".u_eq_0", 0))
    o.write(rec % (f, eq_b, "v_line/equalizer_gpu_eq", "block", ".u_eq_1", 0))
    o.write(rec % (f, vf_a, "v_line/equalizer_gpu_vfm", "block", ".u_vfm", 1))
    o.write(rec % (f, top_end, "v_line/equalizer_gpu", "block", "", 0))
    o.write(rec % (f, eq_b, "v_toggle/equalizer_gpu_eq", "st_q[0]", ".u_eq_0", 1))
    o.write(rec % (f, eq_b, "v_toggle/equalizer_gpu_eq", "st_q[1]", ".u_eq_0", 0))
    o.write(rec % (f, eq_b, "v_toggle/equalizer_gpu_eq", "st_q[0]", ".u_eq_1", 1))
    o.write(rec % (f, eq_b, "v_toggle/equalizer_gpu_eq", "st_q[1]", ".u_eq_1", 1))
    o.write(rec % (f, top_end, "v_toggle/equalizer_gpu", "ev_w[0]", "", 0))
open(tmp + "/expect", "w").write("%d %d %d %d\n" % (tline("equalizer", "`default_nettype none"),
                                                   tline("equalizer", "endmodule"), top_end,
                                                   tline("vf_manager", "endmodule")))
EOF
	read -r ta tb gt tv <"$tmp/expect"
	"$W" coverage equalizer_gpu "$tmp/c.dat" --write "$tmp/m.dat" --json "$tmp/c.json" | tee "$tmp/rep.txt"
	grep -q "^  lines   2/4 covered (50.00 %) of equalizer_gpu's lines" "$tmp/rep.txt"
	grep -qx "  toggles 3/5 covered (60.00 %) of the signal bits, all configurations and copies" "$tmp/rep.txt"
	grep -Eq "^    u_eq +rtl_templates/equalizer.v +lines +1/2 +\(50.00 %\)  toggles +3/4 +\(75.00 %\)$" "$tmp/rep.txt"
	grep -Eq "^    u_vfm +rtl_templates/vf_manager.v +lines +1/1 +\(100.00 %\)  toggles +0/0 +\(n/a\)$" "$tmp/rep.txt"
	grep -Eq "^    \(own\) +the top module \(wiring\) +lines +0/1 +\(0.00 %\)  toggles +0/1 +\(0.00 %\)$" "$tmp/rep.txt"
	grep -qx "    rtl_templates/equalizer.v:$tb: endmodule" "$tmp/rep.txt"
	! grep -q "equalizer.v:$ta:" "$tmp/rep.txt"
	! grep -q "vf_manager.v:$tv:" "$tmp/rep.txt"
	grep -qx "    equalizer_gpu's own module, line $gt of configuration 1: endmodule" "$tmp/rep.txt"
	grep -qx "    rtl_templates/equalizer.v:$tb: u_eq_0.st_q: 1 of 2 bits never toggled (configuration 1)" "$tmp/rep.txt"
	grep -qx "    equalizer_gpu's own module, line $gt of configuration 1: ev_w: 1 of 1 bits never toggled" "$tmp/rep.txt"
	# the template's figure: the copies u_eq_0 and u_eq_1 are one template signal (as u_eq_0 of SMS=1 and
	# Verilator's merged u_eq_* of SMS>1 are): st_q's bit 1, toggled in u_eq_1 only, is covered
	grep -q "^  toggles 2/2 covered (100.00 %) of the template's signal bits" "$tmp/rep.txt"
	python3 - "$tmp/c.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["composition"] is True and d["template"] is None, d
assert (d["lines"], d["toggles"]) == ({"covered": 2, "total": 4}, {"covered": 3, "total": 5}), d
t = {(e["instance"], e["template"]): (e["lines"]["covered"], e["lines"]["total"], e["toggles"]["total"])
     for e in d["templates"]}
assert t == {("eq", "rtl_templates/equalizer.v"): (1, 2, 4), ("vfm", "rtl_templates/vf_manager.v"): (1, 1, 0),
             (None, None): (0, 1, 1)}, t
assert [u["template"] for u in d["uncovered_lines"]] == ["rtl_templates/equalizer.v", None], d["uncovered_lines"]
print("ok: json")
EOF
	echo ok
	exit 0
fi

[ "$mode" = map ] || { echo "coverage_check.sh: unknown mode $mode"; exit 2; }
"$W" gen rename -o "$tmp/a" >/dev/null
"$W" gen rename --set TFET_ROWS=4 -o "$tmp/b" >/dev/null
python3 - "$tmp" <<'EOF'
import sys
tmp = sys.argv[1]
tl = open("rtl_templates/rename.v").read().split("\n")
def tline(text):  # the template line (1-based) holding text, which must be unique
    hits = [i + 1 for i, l in enumerate(tl) if text in l]
    assert len(hits) == 1, (text, hits)
    return hits[0]
def gline(path, t):  # the generated line equal to template line t
    g = open(path).read().split("\n")
    hits = [i + 1 for i, l in enumerate(g) if l == tl[t - 1]]
    assert len(hits) == 1, (path, t, hits)
    return hits[0]
ta, tb = tline("`default_nettype none"), tline("endmodule")
rec = "C '\x01f\x02%s\x01l\x02%d\x01n\x021\x01page\x02%s\x01o\x02%s\x01h\x02TOP.rename' %d\n"
for cfg, hit_a in (("a", 0), ("b", 3)):
    f = "%s/%s/rename.v" % (tmp, cfg)
    ga, gb = gline(f, ta), gline(f, tb)
    with open("%s/%s.dat" % (tmp, cfg), "w") as o:
        o.write("# SystemC::Coverage-3\n")
        o.write(rec % (f, ga, "v_line/rename", "block", hit_a))
        o.write(rec % (f, gb, "v_line/rename", "block", 0))
        o.write(rec % (f, gb, "v_toggle/rename", "sig_q[0]", 2))
        o.write(rec % (f, gb, "v_toggle/rename", "sig_q[1]", hit_a))
        if cfg == "b":  # a bit configuration a does not have
            o.write(rec % (f, gb, "v_toggle/rename", "sig_q[2]", 0))
    print(cfg, "generated lines", ga, gb, "template lines", ta, tb)
open(tmp + "/expect", "w").write("%d %d\n" % (ta, tb))
EOF
read -r ta tb <"$tmp/expect"
"$W" coverage rename "$tmp/a.dat" "$tmp/b.dat" --write "$tmp/m.dat" | tee "$tmp/rep.txt"
grep -qx "  lines   1/2 covered (50.00 %) of rtl_templates/rename.v's lines with coverage points" "$tmp/rep.txt"
grep -qx "  toggles 3/5 covered (60.00 %) of the signal bits, all configurations" "$tmp/rep.txt"
grep -qx "    rtl_templates/rename.v:$tb: endmodule" "$tmp/rep.txt"
! grep -q "rename.v:$ta:" "$tmp/rep.txt"
grep -qx "    rtl_templates/rename.v:$tb: sig_q: 1 of 2 bits never toggled (configuration 1)" "$tmp/rep.txt"
grep -qx "    rtl_templates/rename.v:$tb: sig_q: 1 of 3 bits never toggled (configuration 2)" "$tmp/rep.txt"
# the template's points: bit 1, toggled at b only, is covered; bit 2 (b only, never toggled) is not
grep -qx "  toggles 2/3 covered (66.67 %) of the template's signal bits (a bit of a signal the template declares, covered when some configuration toggled it)" "$tmp/rep.txt"
grep -qx "    rtl_templates/rename.v:$tb: sig_q: 1 of 3 bits toggled in no configuration" "$tmp/rep.txt"
# --set keeps one configuration's data: at TFET_ROWS=0 the first line is uncovered
"$W" coverage rename --set TFET_ROWS=0 "$tmp/a.dat" "$tmp/b.dat" --write "$tmp/m0.dat" | tee "$tmp/rep0.txt"
grep -qx "  lines   0/2 covered (0.00 %) of rtl_templates/rename.v's lines with coverage points" "$tmp/rep0.txt"
grep -q "rename.v:$ta: \`default_nettype none" "$tmp/rep0.txt"
echo ok
