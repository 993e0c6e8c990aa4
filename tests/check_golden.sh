#!/usr/bin/env bash
# check_golden.sh [FILE.v...] - the generator's output for fixed configurations must equal the
# reviewed files in tests/golden/: each NAME.v (and NAME.manifest.json beside it) is regenerated
# from the command recorded in its own header ("regenerate with / warpgen gen BLOCK --set ..."),
# so adding a golden configuration is adding its two files. After an intended change to a
# template or the manifest, refresh them with: UPDATE=1 tests/check_golden.sh
set -euo pipefail
cd "$(dirname "$0")/.."
WARPGEN=${WARPGEN:-out/bin/warpgen}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
status=0
[ $# -gt 0 ] || set -- tests/golden/*.v
for v in "$@"; do
	name=$(basename "$v" .v)
	cmd=$(sed -n '2s|^//   warpgen gen ||p' "$v")
	[ -n "$cmd" ] || { echo "$v: line 2 does not hold the command that generates it"; status=1; continue; }
	read -r -a args <<<"$cmd"
	block=${args[0]}
	"$WARPGEN" gen "${args[@]}" -o "$tmp/$name" -q
	for f in "$block.v" "$block.manifest.json"; do
		g=tests/golden/$name.${f#"$block".}
		if [ "${UPDATE:-0}" = 1 ]; then cp "$tmp/$name/$f" "$g"; echo "updated $g"; continue; fi
		if diff -u "$g" "$tmp/$name/$f" >"$tmp/diff"; then echo "same: $g"; else
			echo "DIFFERS from $g:"; head -40 "$tmp/diff"; status=1; fi
	done
done
exit $status
