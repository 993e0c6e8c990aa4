#!/usr/bin/env python3
"""waves_gallery.py OUTDIR - the waveform gallery: OUTDIR/index.html from OUTDIR/*/*/scenario.json.

Each scenario folder OUTDIR/BLOCK/NAME holds what `warpgen wave BLOCK --case NAME` wrote:
scenario.json, NAME.fst, NAME.gtkw and (when xvfb-run and gtkwave exist) the snapshot NAME.png.
The page: a summary (scenarios per block, how to open a save file), then a heading per block
with its one-line description from `$WARPGEN list` (default out/bin/warpgen), then one card per
scenario: snapshot (or a visible placeholder), name, description, spec, parameters, window,
markers, the command that reproduces it, links to the .gtkw and .fst (relative to OUTDIR).
A negative scenario ("negative": true) is a case whose check must fire: its card shows the expected
failure. Scenarios named in OUTDIR/failed.txt (tests/waves.sh writes it) are listed at the top.
Sorted by block then case, no dates: same scenarios, same bytes. Every text is HTML-escaped.
The page is written to a temporary name and renamed. Exit 0 ok, 1 bad input, 2 usage."""
import glob
import html
import json
import os
import struct
import subprocess
import sys
import urllib.parse


def fail(msg):
    print("waves_gallery: " + msg, file=sys.stderr)
    sys.exit(1)


def esc(s):
    return html.escape(str(s), quote=True)


def block_descriptions(warpgen):
    """{block: one-line description} from `warpgen list` ("NAME  description" per line)."""
    try:
        out = subprocess.run([warpgen, "list"], check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        fail("cannot run '%s list' (set WARPGEN or make build): %s" % (warpgen, e))
    d = {}
    for line in out.splitlines():
        parts = line.split(None, 1)
        if parts:
            d[parts[0]] = parts[1].strip() if len(parts) > 1 else ""
    return d


def png_size(path):
    """(width, height) from the PNG header, or None when the file is not a PNG."""
    try:
        with open(path, "rb") as f:
            head = f.read(24)
    except OSError:
        return None
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    w, h = struct.unpack(">II", head[16:24])
    return (w, h) if w > 0 and h > 0 else None


def url(outdir, path):
    """A relative, percent-encoded link from OUTDIR to path."""
    return urllib.parse.quote(os.path.relpath(path, outdir).replace(os.sep, "/"))


def find_file(sdir, name, files, ext):
    """The scenario's .ext file: scenario.json "files" first (relative to its folder), then NAME.ext."""
    cands = []
    if isinstance(files, dict):
        for v in files.values():
            if isinstance(v, str) and v.endswith("." + ext):
                cands.append(v if os.path.isabs(v) else os.path.join(sdir, v))
    cands.append(os.path.join(sdir, name + "." + ext))
    for c in cands:
        if os.path.isfile(c):
            return c
    return None


def load(outdir, path):
    try:
        with open(path, encoding="utf-8") as f:
            s = json.load(f)
    except (OSError, ValueError) as e:
        fail("%s: not a readable scenario (%s)" % (path, e))
    if not isinstance(s, dict):
        fail("%s: not a JSON object" % path)
    sdir = os.path.dirname(path)
    block_dir, case_dir = sdir.split(os.sep)[-2:]
    s.setdefault("block", block_dir)
    s.setdefault("case", case_dir)
    for key in ("block", "case"):
        if not isinstance(s[key], str) or not s[key]:
            fail("%s: \"%s\" must be a non-empty string" % (path, key))
    files = s.get("files")
    s["_dir"] = sdir
    s["_png"] = find_file(sdir, s["case"], files, "png")
    s["_gtkw"] = find_file(sdir, s["case"], files, "gtkw")
    s["_fst"] = find_file(sdir, s["case"], files, "fst")
    return s


def read_failed(outdir):
    """BLOCK/NAME per line in OUTDIR/failed.txt (written by tests/waves.sh), sorted; [] when absent."""
    try:
        with open(os.path.join(outdir, "failed.txt"), encoding="utf-8") as f:
            return sorted(l.strip() for l in f if l.strip())
    except FileNotFoundError:
        return []
    except OSError as e:
        fail("cannot read %s: %s" % (os.path.join(outdir, "failed.txt"), e))


def fmt_params(p):
    if isinstance(p, dict):
        return ", ".join("%s=%s" % (k, v) for k, v in p.items()) or "(defaults)"
    if isinstance(p, list):
        return ", ".join(str(x) for x in p) or "(defaults)"
    return str(p) if p not in (None, "") else "(defaults)"


def expected_failure(s):
    """The message of a negative scenario (its check fired as it must), else None."""
    c = s.get("check")
    if s.get("negative") is True and isinstance(c, str) and c.startswith("expected failure: "):
        return c[len("expected failure: "):]
    return None


def card(outdir, s, out):
    name = s["case"]
    neg = expected_failure(s)
    ok = s.get("check") == "pass" or neg is not None
    out.append('<div class="card" id="%s">' % esc(s["block"] + "-" + name))
    size = png_size(s["_png"]) if s["_png"] else None
    if size:
        out.append('<a href="%s"><img src="%s" width="%d" height="%d" alt="%s"></a>' % (
            esc(url(outdir, s["_png"])), esc(url(outdir, s["_png"])), size[0], size[1],
            esc("GTKWave view of %s/%s: %s" % (s["block"], name, s.get("description", "")))))
    else:
        out.append('<div class="noshot">no snapshot (xvfb/gtkwave missing)</div>')
    verdict = ("negative scenario: its check fails, as it must" if neg is not None else
               "check passed" if ok else "check: %s" % s.get("check", "not run"))
    out.append('<h3>%s <span class="%s">%s</span></h3>' % (esc(name), "pass" if ok else "fail", esc(verdict)))
    out.append("<p>%s</p>" % esc(s.get("description", "")))
    out.append("<dl>")
    if neg is not None:
        out.append("<dt>expected failure</dt><dd>%s (at the last cycle of the window, marker A)</dd>" % esc(neg))
    out.append("<dt>spec</dt><dd>%s</dd>" % esc(s.get("spec", "")))
    out.append("<dt>parameters</dt><dd>%s</dd>" % esc(fmt_params(s.get("parameters"))))
    w = s.get("window")
    if isinstance(w, list) and len(w) == 2:
        out.append("<dt>window</dt><dd>cycles %s to %s</dd>" % (esc(w[0]), esc(w[1])))
    marks = s.get("markers") or []
    if marks:
        items = []
        for i, m in enumerate(marks):
            # GTKWave names the save file's markers A, B, ... in this order
            letter = chr(ord("A") + i) if i < 26 else "?"
            if isinstance(m, dict):
                items.append("<li>%s, cycle %s: %s</li>" % (letter, esc(m.get("cycle", "?")), esc(m.get("name", ""))))
            else:
                items.append("<li>%s: %s</li>" % (letter, esc(m)))
        out.append("<dt>markers</dt><dd><ul>%s</ul></dd>" % "".join(items))
    out.append("<dt>reproduce</dt><dd><code>%s</code></dd>" % esc(s.get("command", "")))
    links = []
    for key, label in (("_gtkw", ".gtkw"), ("_fst", ".fst")):
        if s[key]:
            links.append('<a href="%s">%s</a>' % (esc(url(outdir, s[key])), esc(os.path.basename(s[key]))))
        else:
            links.append("no %s" % label)
    out.append("<dt>files</dt><dd>%s</dd>" % " &middot; ".join(links))
    out.append("</dl></div>")


CSS = """body{font-family:sans-serif;margin:1em 2em;color:#222}
h2{border-bottom:1px solid #aaa;margin-top:1.5em}
.bdesc{color:#555;margin-top:-.5em}
.cards{display:flex;flex-wrap:wrap;gap:1em}
.card{box-sizing:border-box;border:1px solid #ccc;border-radius:4px;padding:.6em;width:590px;background:#fafafa}
.card img{max-width:100%;height:auto;border:1px solid #ddd}
.noshot{height:120px;display:flex;align-items:center;justify-content:center;background:#eee;color:#a00;border:1px dashed #a00}
.card h3{margin:.4em 0 .2em}
.pass{color:#070;font-size:70%}
.fail{color:#b00}
h3 .fail{font-size:70%}
dl{display:grid;grid-template-columns:max-content auto;gap:.2em .8em;font-size:90%}
dt{font-weight:bold}
dd{margin:0}
dd ul{margin:0;padding-left:1.2em}
code{background:#eee;padding:.1em .3em;word-break:break-all}
table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}"""


def main():
    if len(sys.argv) != 2:
        print("usage: tests/waves_gallery.py OUTDIR  (env: WARPGEN)", file=sys.stderr)
        sys.exit(2)
    outdir = sys.argv[1].rstrip("/") or "/"
    if not os.path.isdir(outdir):
        fail("%s is not a folder" % outdir)
    descs = block_descriptions(os.environ.get("WARPGEN", "out/bin/warpgen"))
    scen = [load(outdir, p) for p in glob.glob(os.path.join(glob.escape(outdir), "*", "*", "scenario.json"))]
    scen.sort(key=lambda s: (s["block"], s["case"]))
    blocks = sorted({s["block"] for s in scen})
    nshot = sum(1 for s in scen if s["_png"] and png_size(s["_png"]))
    nfail = sum(1 for s in scen if s.get("check") != "pass" and expected_failure(s) is None)

    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           "<title>warpgen waveform gallery</title>", "<style>%s</style></head><body>" % CSS,
           "<h1>warpgen waveform gallery</h1>",
           "<p>%d scenarios in %d blocks, %d with a snapshot, %d whose check did not pass. "
           "Each card shows GTKWave's view of a directed case, what it does, and the command that "
           "reproduces it. To explore one, open its save file with its dump: "
           "<code>gtkwave NAME.fst NAME.gtkw</code> (in the scenario's folder, "
           "<code>BLOCK/NAME/</code> next to this page). One clock cycle is 1 ns.</p>"
           % (len(scen), len(blocks), nshot, nfail)]
    failed = read_failed(outdir)
    if failed:
        out.append('<p class="fail">%d scenario(s) failed in the last <code>make waves</code> and have no card: %s</p>'
                   % (len(failed), esc(", ".join(failed))))
    if blocks:
        out.append("<table><tr><th>block</th><th>scenarios</th><th>snapshots</th></tr>")
        for b in blocks:
            bs = [s for s in scen if s["block"] == b]
            out.append('<tr><td><a href="#%s">%s</a></td><td>%d</td><td>%d</td></tr>' % (
                esc("block-" + b), esc(b), len(bs), sum(1 for s in bs if s["_png"] and png_size(s["_png"]))))
        out.append("</table>")
    else:
        out.append("<p>No scenarios found (run <code>make waves</code>).</p>")
    for b in blocks:
        out.append('<h2 id="%s">%s</h2>' % (esc("block-" + b), esc(b)))
        out.append('<p class="bdesc">%s</p>' % esc(descs.get(b, "(not in warpgen list)")))
        out.append('<div class="cards">')
        for s in scen:
            if s["block"] == b:
                card(outdir, s, out)
        out.append("</div>")
    out.append("</body></html>")

    dst = os.path.join(outdir, "index.html")
    tmp = os.path.join(outdir, ".index.html.tmp%d" % os.getpid())
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write("\n".join(out) + "\n")
        os.replace(tmp, dst)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        fail("cannot write %s: %s" % (dst, e))
    print("gallery: %s (%d scenarios, %d snapshots, %d blocks)" % (dst, len(scen), nshot, len(blocks)))


if __name__ == "__main__":
    main()
