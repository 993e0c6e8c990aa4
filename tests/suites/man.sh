# tests/suites/man.sh - the man page docs/warpgen.1 (issue 26 part 3): every subcommand of
# cli/warpgen.c's table has an entry, the page renders with `man --warnings` silent, and the check
# fails on a page missing a subcommand or with a bad request. No build: well under a second.
t test "man:page" "tests/man_check.sh"
t test "man:neg" "tests/man_check.sh neg"
