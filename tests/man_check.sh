#!/usr/bin/env bash
# man_check.sh - docs/warpgen.1 against cli/warpgen.c (issue 26 part 3): every subcommand of the
# command table has its own entry in the man page (a .B/.BI/.BR line starting with its name under
# COMMANDS), and `man --warnings -l` renders the page without a warning. Exit 0 when both hold.
# man_check.sh [PAGE]: another page (default docs/warpgen.1). man_check.sh neg: the check must fail
# on a copy of the page without bench's entry and on one with an unknown request (exit 0 if it does).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = neg ]; then
	tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
	sed '/^\.BI bench /,+1d' "$root/docs/warpgen.1" > "$tmp/nobench.1"
	sed 's/^\.SH EXAMPLES/.XYZZY\n.SH EXAMPLES/' "$root/docs/warpgen.1" > "$tmp/warn.1"
	ok=0
	"$0" "$tmp/nobench.1" | grep -q "'bench'" || { echo "man_check neg: a page without bench passed"; ok=1; }
	"$0" "$tmp/warn.1" | grep -q "man --warnings" || { echo "man_check neg: a page with .XYZZY passed"; ok=1; }
	[ $ok = 0 ] && echo "man_check neg: both broken pages fail"
	exit $ok
fi
page=${1:-$root/docs/warpgen.1}
src=$root/cli/warpgen.c
[ -f "$page" ] || { echo "man_check: $page missing"; exit 1; }
cmds=$(sed -n 's/^[[:space:]]*{"\([a-z_-]*\)", *wg_cmd_.*/\1/p' "$src")
[ -n "$cmds" ] || { echo "man_check: no command found in $src's table"; exit 1; }
# the COMMANDS section's entries: the first word after .B/.BI/.BR on the line after each .TP
entries=$(sed -n '/^\.SH COMMANDS/,/^\.SH /p' "$page" | awk 'p { print $2; p = 0 } /^\.TP/ { p = 1 }')
fail=0 n=0
for c in $cmds; do
	n=$((n + 1))
	grep -qx -- "$c" <<<"$entries" || { echo "man_check: subcommand '$c' (cli/warpgen.c) has no entry under COMMANDS in docs/warpgen.1"; fail=1; }
done
warn=$(MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l "$page" 2>&1 >/dev/null)
[ -z "$warn" ] || { echo "man_check: man --warnings -l docs/warpgen.1:"; echo "$warn"; fail=1; }
[ $fail = 0 ] && echo "man_check: $n subcommands documented, renders without warnings"
exit $fail
