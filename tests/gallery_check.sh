#!/usr/bin/env bash
# gallery_check.sh - the waveform gallery renders in headless Chromium with its images loaded.
# Builds a small gallery with tests/waves.sh (three scenarios of two small blocks through the real
# `warpgen wave`) in a temporary folder, then checks:
#   - waves.sh says "3 passed, 0 failed"; the page has a heading per block with its `warpgen list`
#     line, a card per scenario with its reproduce command, and links (.gtkw, .fst, .png) that exist;
#   - every scenario has its snapshot when xvfb-run, gtkwave and ImageMagick's import are present
#     (otherwise the page shows the "no snapshot" placeholder for each);
#   - Chromium (--dump-dom after the load event, with a copy of the page plus a small script):
#     every <img> is complete with naturalWidth/naturalHeight > 0 and equal to its width/height
#     attributes; and the same script reports a broken image on a page that has one (the check
#     can fail);
#   - a Chromium screenshot of the page is a 1280x2000 PNG that is not blank (ImageMagick: pixel
#     standard deviation);
#   - the generator gives the same bytes twice, and escapes HTML in a scenario's text.
# Skips (exit 0, says so) when chromium is not installed (make deps installs it).
set -uo pipefail
cd "$(dirname "$0")/.."
chrome=""
for c in chromium chromium-browser google-chrome; do
	command -v "$c" >/dev/null && { chrome=$c; break; }
done
[ -n "$chrome" ] || { echo "SKIP gallery_check: chromium not installed (make deps installs it)"; exit 0; }
export WARPGEN=${WARPGEN:-out/bin/warpgen}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "FAIL gallery_check: $*"; exit 1; }
g=$d/waves
CASES="vf_manager/latency_exact vf_manager/drop_while_busy rfc/victim_vs_inflight_reader"
WAVES_CASES=$CASES tests/waves.sh "$g" >"$d/log" 2>&1 || { cat "$d/log"; fail "tests/waves.sh exited non-zero"; }
tail -n 1 "$d/log" | grep -qx '3 passed, 0 failed' || { cat "$d/log"; fail "waves.sh did not end with '3 passed, 0 failed'"; }
[ -s "$g/index.html" ] || fail "no index.html"

# page structure, links, snapshots
snaps=0
command -v xvfb-run >/dev/null && command -v gtkwave >/dev/null && command -v import >/dev/null && snaps=1
python3 - "$g" "$snaps" "$CASES" <<'EOF' || fail "page structure (above)"
import html.parser, os, subprocess, sys, urllib.parse
g, snaps, cases = sys.argv[1], sys.argv[2] == "1", sys.argv[3].split()
class P(html.parser.HTMLParser):
    def __init__(s):
        super().__init__(); s.h2 = []; s.cards = []; s.links = []; s.imgs = []; s.codes = []; s.noshot = 0; s.tag = None
    def handle_starttag(s, t, a):
        a = dict(a); s.tag = t
        if t == "div" and a.get("class") == "card": s.cards.append(a.get("id"))
        if t == "div" and a.get("class") == "noshot": s.noshot += 1
        if t == "a" and "href" in a and not a["href"].startswith("#"): s.links.append(a["href"])
        if t == "img": s.imgs.append(a)
    def handle_data(s, x):
        if s.tag == "h2": s.h2.append(x)
        if s.tag == "code": s.codes.append(x)
        if s.tag == "p" and x.strip(): s.ps = getattr(s, "ps", []) + [x]
    def handle_endtag(s, t): s.tag = None
p = P(); p.feed(open(os.path.join(g, "index.html"), encoding="utf-8").read())
err = []
blocks = sorted({c.split("/")[0] for c in cases})
if p.h2 != blocks: err.append("block headings %s, expected %s" % (p.h2, blocks))
listing = subprocess.run([os.environ["WARPGEN"], "list"], capture_output=True, text=True).stdout
for b in blocks:
    desc = [l.split(None, 1)[1] for l in listing.splitlines() if l.split()[0] == b][0]
    if desc not in p.ps: err.append("block %s: its description from warpgen list is not on the page" % b)
want = sorted(c.replace("/", "-") for c in cases)
if sorted(p.cards) != want: err.append("cards %s, expected %s" % (sorted(p.cards), want))
for c in cases:
    b, n = c.split("/")
    if not any(x.startswith("warpgen wave %s --case %s" % (b, n)) for x in p.codes):
        err.append("%s: no reproduce command" % c)
    for ext in ("gtkw", "fst") + (("png",) if snaps else ()):
        if "%s/%s/%s.%s" % (b, n, n, ext) not in p.links: err.append("%s: no link to its .%s" % (c, ext))
for l in p.links:
    if not os.path.isfile(os.path.join(g, urllib.parse.unquote(l))): err.append("link to a missing file: " + l)
if snaps and (len(p.imgs) != len(cases) or p.noshot):
    err.append("%d snapshots and %d placeholders, expected %d snapshots" % (len(p.imgs), p.noshot, len(cases)))
if not snaps and (p.imgs or p.noshot != len(cases)):
    err.append("without xvfb/gtkwave: %d images, %d placeholders" % (len(p.imgs), p.noshot))
for a in p.imgs:
    if not (a.get("alt") and a.get("width", "").isdigit() and a.get("height", "").isdigit()):
        err.append("img without alt/width/height: %s" % a)
for e in err: print("  " + e)
sys.exit(1 if err else 0)
EOF
nimg=$(grep -c '<img ' "$g/index.html")

# Chromium: the page plus a script that writes, after the load event, what the images did
script='<script>window.addEventListener("load",function(){var bad=[],im=document.images;for(var i=0;i<im.length;i++){var m=im[i];if(!(m.complete&&m.naturalWidth>0&&m.naturalHeight>0&&m.naturalWidth==m.getAttribute("width")&&m.naturalHeight==m.getAttribute("height")))bad.push(m.getAttribute("src"));}var p=document.createElement("pre");p.id="imgcheck";p.textContent="IMGCHECK images="+im.length+" bad="+bad.length+" "+bad.join(" ");document.body.appendChild(p);});</script>'
inject() { python3 -c 'import sys; s = open(sys.argv[1]).read(); open(sys.argv[2], "w").write(s.replace("</body>", sys.argv[3] + "</body>"))' "$@"; }
chrome_run() { timeout 60 "$chrome" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
	--user-data-dir="$d/profile" "$@" 2>>"$d/chrome.err"; }
imgcheck() { chrome_run --virtual-time-budget=10000 --dump-dom "file://$1" | grep -o '<pre id="imgcheck">IMGCHECK [^<]*' | sed 's/.*>IMGCHECK //'; }
inject "$g/index.html" "$g/.check.html" "$script"
r=$(imgcheck "$g/.check.html")
[ "$r" = "images=$nimg bad=0 " ] || { tail -5 "$d/chrome.err"; fail "Chromium: '$r', expected 'images=$nimg bad=0'"; }
# the same check on a page with a broken image must report it
inject "$g/index.html" "$g/.broken.html" '<img src="missing.png" width="10" height="10" alt="x">'"$script"
r2=$(imgcheck "$g/.broken.html")
[ "$r2" = "images=$((nimg + 1)) bad=1 missing.png" ] || fail "Chromium: a broken image gave '$r2' (the check cannot fail?)"
rm -f "$g/.check.html" "$g/.broken.html"

# screenshot: a non-blank 1280x2000 PNG
chrome_run --screenshot="$d/shot.png" --window-size=1280,2000 "file://$g/index.html" >/dev/null
[ -s "$d/shot.png" ] || { tail -5 "$d/chrome.err"; fail "Chromium wrote no screenshot"; }
[ "$(head -c 8 "$d/shot.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "the screenshot is not a PNG"
if command -v identify >/dev/null; then
	[ "$(identify -format '%wx%h' "$d/shot.png")" = 1280x2000 ] || fail "screenshot size $(identify -format '%wx%h' "$d/shot.png"), expected 1280x2000"
	sd=$(convert "$d/shot.png" -format '%[fx:standard_deviation]' info:)
	awk -v s="$sd" 'BEGIN{exit !(s > 0.05)}' || fail "the screenshot looks blank (pixel standard deviation $sd)"
else
	sd="n/a (no ImageMagick)"
fi

# same bytes twice; text is escaped
cp "$g/index.html" "$d/first.html"
python3 tests/waves_gallery.py "$g" >/dev/null || fail "second gallery run failed"
cmp -s "$d/first.html" "$g/index.html" || fail "the gallery differs between two runs (not deterministic)"
j=$g/rfc/victim_vs_inflight_reader/scenario.json
python3 -c 'import json, sys; p = sys.argv[1]; s = json.load(open(p)); s["description"] = "a <b>bold</b> & \"odd\" text"; json.dump(s, open(p, "w"))' "$j"
python3 tests/waves_gallery.py "$g" >/dev/null || fail "gallery run on the edited scenario failed"
grep -qF 'a &lt;b&gt;bold&lt;/b&gt; &amp; &quot;odd&quot; text' "$g/index.html" && ! grep -qF '<b>bold' "$g/index.html" ||
	fail "a scenario's description is not HTML-escaped"
echo "PASS gallery_check: 3 scenarios, $nimg images loaded in $chrome, screenshot non-blank (std dev $sd), deterministic, escaped"
