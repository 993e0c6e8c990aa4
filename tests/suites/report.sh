# tests/suites/report.sh - the reversal rule of make's report sections (docs/user-guide.md "Reversals"):
# tests/report_log.sh shows a comparison's log under its findings with each finding once (the log's
# REVERSED lines and its final FAILED verdict left out, one line saying why), and unchanged when there is
# no finding. No build: well under a second.
t test "report:log-findings" "d=\$(mktemp -d) && printf 'rows\ncheck: a: ok\ncheck: b: REVERSED (ratio 0.6)\ntail\nFAILED\n' >\$d/log && printf 'FINDING: reversed against the paper: check: b: REVERSED (ratio 0.6)\n' >\$d/f && : >\$d/none && tests/report_log.sh \$d/log \$d/f >\$d/out && ! grep -q 'REVERSED\|^FAILED' \$d/out && grep -qx 'check: a: ok' \$d/out && grep -qx 'tail' \$d/out && grep -q '^(1 direction(s) reversed against the paper' \$d/out && tests/report_log.sh \$d/log \$d/none | cmp - \$d/log; rc=\$?; rm -rf \$d; exit \$rc"
# A report section names its files where its $OUT put them (make OUT=DIR): no text of a block's section
# or of a report script prints a fixed out/main/, out/plots/ or out/report path.
t fast "report:paths-follow-out" "! grep -n '\\(print\\|echo\\|printf\\).*[^\$A-Za-z_]out/\\(main\\|plots\\|report\\)' cosim/*/*_tests.sh tests/*report*.sh"
