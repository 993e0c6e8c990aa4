#!/usr/bin/env bash
# deps.sh PKG... - install the Debian packages that are missing, saying what it does.
# Also unpacks qflow-tech-osu018 (OSU 0.18 um cells with areas) into out/liberty/
# without its heavy dependencies, as the default Liberty file for area in um^2.
set -euo pipefail
missing=()
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
done
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
if [ ${#missing[@]} -gt 0 ]; then
	echo "deps: installing missing Debian packages: ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	$SUDO apt-get update -qq
	$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
	echo "deps: installed ${#missing[@]} package(s)"
else
	echo "deps: all ${#} Debian packages present"
fi
lib=out/liberty/osu018/usr/share/qflow/tech/osu018/osu018_stdcells.lib
if [ ! -f "$lib" ]; then
	echo "deps: unpacking qflow-tech-osu018 (OSU 0.18 um Liberty, GPL) into out/liberty/ without its dependencies"
	tmp=$(mktemp -d)
	( cd "$tmp" && apt-get download qflow-tech-osu018 >/dev/null 2>&1 ) || {
		$SUDO apt-get update -qq && ( cd "$tmp" && apt-get download qflow-tech-osu018 >/dev/null ); }
	mkdir -p out/liberty/osu018
	dpkg-deb -x "$tmp"/qflow-tech-osu018_*.deb out/liberty/osu018
	rm -rf "$tmp"
fi
