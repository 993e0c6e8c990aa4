#!/usr/bin/env bash
# lib_check.sh - the installed library as a user meets it (docs/library.md): `make install` into a
# temporary PREFIX, then only `pkg-config --cflags --libs warpgen` (PKG_CONFIG_PATH) to build
#   * every installed header alone, as C11 and as C++17, -Wall -Wextra -Werror (twice: guards);
#   * tests/lib/lib_api.c, the API on its own: every block through the descriptor API, and the
#     composed sm_rfc (the library's own wiring of sched2l + rfc) through port frames on
#     examples/sm_trace.txt; also linked against the static libwarpgen.a;
#   * examples/sm_trace.c (C) and examples/gpgpusim_glue.cc (C++17), which wire the two models by
#     hand, and whose figures must equal lib_api's for the same trace (ACTIVE 4 and 2), and the
#     trace's own totals counted here with awk (instructions = selections, EXITs = exits, source
#     operands = tag look-ups = MRF reads + MRF reads avoided);
# the soname and version, what the library links (libc and libm only), the energy tables found in
# PREFIX/share/warpgen from another folder, and `make uninstall` leaving no file and no folder of
# ours. Exit 0 or 1 (the first failed check named).
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${OUT:-out}
case $OUT in /*) ;; *) OUT=$ROOT/$OUT ;; esac
fail() { echo "lib_check: FAIL: $*"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
P=$tmp/prefix
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -C "$ROOT" OUT="$OUT" "$@"; }
mk -j2 install PREFIX="$P" || fail "make install PREFIX=$P"

# --- version, soname, pkg-config ---
field() { sed -n "s/^#define WARPGEN_VERSION_$1 *\([0-9]*\).*/\1/p" csim/wg_version.h; }
ver=$(field MAJOR).$(field MINOR).$(field PATCH)
export PKG_CONFIG_PATH=$P/lib/pkgconfig
[ "$(pkg-config --modversion warpgen)" = "$ver" ] || fail "pkg-config --modversion warpgen is not $ver"
CFLAGS_WG=$(pkg-config --cflags warpgen) && LIBS_WG=$(pkg-config --libs warpgen) || fail "pkg-config warpgen"
[ -f "$P/lib/libwarpgen.so.$ver" ] && [ -f "$P/lib/libwarpgen.a" ] || fail "libwarpgen.so.$ver or libwarpgen.a missing"
[ "$(readlink "$P/lib/libwarpgen.so.$(field MAJOR)")" = "libwarpgen.so.$ver" ] || fail "libwarpgen.so.$(field MAJOR) -> libwarpgen.so.$ver"
readelf -d "$P/lib/libwarpgen.so.$ver" | grep -q "SONAME.*\[libwarpgen.so.$(field MAJOR)\]" || fail "soname"
needed=$(readelf -d "$P/lib/libwarpgen.so.$ver" | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')
[ "$needed" = "libc.so.6 libm.so.6 " ] || fail "the library needs more than libc and libm: $needed"
nm -D --undefined-only "$P/lib/libwarpgen.so.$ver" | grep -qiE 'sqlite|verilat|yosys|popen|fork' &&
	fail "the library calls the tool's plumbing: $(nm -D --undefined-only "$P/lib/libwarpgen.so.$ver" | grep -iE 'sqlite|verilat|yosys|popen|fork' | head -3)"

# --- headers: each alone (and included twice), C11 and C++17 ---
nh=0
mkdir -p "$tmp/h"
for h in "$P"/include/warpgen/*.h; do
	n=$(basename "$h" .h)
	printf '#include <warpgen/%s.h>\n#include <warpgen/%s.h>\nint wg_h_%s;\n' "$n" "$n" "$n" > "$tmp/h/$n.c"
	cp "$tmp/h/$n.c" "$tmp/h/$n.cc"
	nh=$((nh + 1))
done
[ "$nh" -ge 30 ] || fail "only $nh headers installed"
(cd "$tmp/h" && gcc -std=c11 -Wall -Wextra -Werror -pedantic $CFLAGS_WG -fsyntax-only ./*.c) || fail "a header as C11"
(cd "$tmp/h" && g++ -std=c++17 -Wall -Wextra -Werror $CFLAGS_WG -fsyntax-only ./*.cc) || fail "a header as C++17"
echo "ok: $nh headers compile alone as C11 and C++17"

# --- build with pkg-config only; run from another folder (the tables come from PREFIX) ---
# the programs (not the library) under ASan + UBSan, as every test program
SAN="-g -fsanitize=address,undefined -fno-sanitize-recover=undefined"
cc -std=c11 -Wall -Wextra -Werror $SAN $CFLAGS_WG tests/lib/lib_api.c $LIBS_WG -o "$tmp/lib_api" || fail "build lib_api"
cc -std=c11 -Wall -Wextra -Werror $SAN $CFLAGS_WG examples/sm_trace.c $LIBS_WG -o "$tmp/sm_trace" || fail "build sm_trace"
c++ -std=c++17 -Wall -Wextra -Werror $SAN $CFLAGS_WG examples/gpgpusim_glue.cc $LIBS_WG -o "$tmp/glue" ||
	fail "build gpgpusim_glue"
cc -std=c11 $CFLAGS_WG tests/lib/lib_api.c "$P/lib/libwarpgen.a" -lm -o "$tmp/lib_api_static" ||
	fail "link lib_api with libwarpgen.a"
readelf -d "$tmp/sm_trace" | grep -q "NEEDED.*libwarpgen.so.$(field MAJOR)\]" || fail "sm_trace does not use the shared library"
cp examples/sm_trace.txt "$tmp/trace.txt"
cd "$tmp" || exit 1
unset WARPGEN_HOME
export LD_LIBRARY_PATH=$P/lib
./lib_api > api_blocks.txt || { cat api_blocks.txt; fail "lib_api (every block)"; }
./lib_api_static > api_static.txt && cmp -s api_blocks.txt api_static.txt ||
	{ diff api_blocks.txt api_static.txt | head -5; fail "lib_api linked with libwarpgen.a differs from the shared build"; }
tail -1 api_blocks.txt

# the trace's own figures
read -r ninstr nexit nsrc < <(awk '{ sub(/#.*/, "") } NF >= 2 { i++; if ($2 == "exit") e++;
	if (NF > 3) s += NF - 3 } END { print i, e, s }' trace.txt)
for active in 4 2; do
	./lib_api trace.txt $active > api.txt || { cat api.txt; fail "lib_api trace ACTIVE=$active"; }
	./sm_trace trace.txt $active > c.txt || fail "sm_trace ACTIVE=$active"
	./glue trace.txt $active > cc.txt || fail "gpgpusim_glue ACTIVE=$active"
	grep -E '^(cycles|mrf_reads_avoided|event) ' c.txt | sed 's/  (no figure in the papers)$//; s/ ([0-9.]* %)$//' > c2.txt
	diff api.txt c2.txt > /dev/null || { diff api.txt c2.txt; fail "sm_trace's figures differ from the composed model's (ACTIVE=$active)"; }
	diff api.txt cc.txt > /dev/null || { diff api.txt cc.txt; fail "gpgpusim_glue's figures differ from the composed model's (ACTIVE=$active)"; }
	ev() { awk -v n="$1" '$1 == "event" && $2 == n { print $3 }' api.txt; }
	[ "$(ev sched.select)" = "$ninstr" ] || fail "sched.select $(ev sched.select), the trace has $ninstr instructions"
	[ "$(ev sched.exit)" = "$nexit" ] || fail "sched.exit $(ev sched.exit), the trace has $nexit exits"
	[ "$(ev rfc.tag_lookup)" = "$nsrc" ] || fail "rfc.tag_lookup $(ev rfc.tag_lookup), the trace has $nsrc sources"
	[ $(($(ev rfc.mrf_read) + $(ev rfc.mrf_read_avoided))) = "$nsrc" ] || fail "MRF reads + avoided != $nsrc sources"
	[ "$(ev rfc.mrf_read_avoided)" -gt 0 ] && [ "$(ev sched.demote)" -gt 0 ] || fail "no hit, or no demotion"
	awk '$1 == "event" && $2 == "rfc.mrf_read" { exit !($4 > 0) }' api.txt || fail "no energy for rfc.mrf_read: tables not found"
	echo "ok ACTIVE=$active: $(grep '^mrf_reads_avoided' c.txt); C, C++ and the composed model agree"
done
cd "$ROOT" || exit 1

# --- uninstall leaves nothing ---
mk uninstall PREFIX="$P" > /dev/null || fail "make uninstall"
left=$(find "$P" \( -type f -o -type l -o -name '*warpgen*' \) | head -5)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "ok: make uninstall left no file"
