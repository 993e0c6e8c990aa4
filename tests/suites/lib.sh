# lib.sh - the C models as an installed library (docs/library.md): make install into a temporary
# PREFIX, the headers as C11 and C++17, the API test and both examples built with pkg-config only
# and compared with each other and with the trace's totals, make uninstall (tests/lib_check.sh).
t test "lib:install-examples" "tests/lib_check.sh"
