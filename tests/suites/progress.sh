# The progress display of long jobs (tests/progress.sh; make, make full, make waves)
t fast "unit:progress" "tests/progress_check.sh"
