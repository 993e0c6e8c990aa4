#!/usr/bin/env bash
# progress.sh - done/total and time left for a long job (issue 26 part 3: make, make full, make waves,
# make sweep). One state file shared by parallel workers (updated under flock):
#   progress.sh start TOTAL [TITLE [WORK]]  begin (resets the state and the log); WORK: the job's
#                                           expected cost in any unit (e.g. CPU seconds), the sum
#                                           of its steps' costs
#   progress.sh step NAME [COST]            one unit done: NAME, which was expected to cost COST
#   progress.sh end                         finish the terminal line
# Time left: the elapsed time scaled by the work left over the work done when the job gave costs
# (a job whose costliest steps run first would otherwise promise an hour after its first step),
# else by the steps left over the steps done.
# On a terminal (stdout a tty): one line rewritten in place, "[done/total] NAME  elapsed  ~left".
# Otherwise: a line per step with a UTC timestamp appended to the log (nothing on stdout).
# PROGRESS_DIR: where the state and log live (default $OUT/main, OUT defaulting to out): progress.state, progress.log.
# PROGRESS_NOW: the clock in Unix seconds (tests/progress_check.sh; default: date +%s).
set -u
dir=${PROGRESS_DIR:-${OUT:-out}/main}
state=$dir/progress.state log=$dir/progress.log
mkdir -p "$dir"
fmt() { local s=$1; ((s >= 3600)) && printf '%dh%02dm' $((s / 3600)) $((s % 3600 / 60)) || printf '%dm%02ds' $((s / 60)) $((s % 60)); }
num() { [[ "$1" =~ ^[0-9]+$ ]]; }
now() { echo "${PROGRESS_NOW:-$(date +%s)}"; }
case "${1:-}" in
start)
	num "${2:-}" || { echo "usage: progress.sh start TOTAL [TITLE [WORK]] (TOTAL a whole number)" >&2; exit 2; }
	work=${4:-0}
	num "$work" || { echo "progress.sh: WORK must be a whole number, not '$work'" >&2; exit 2; }
	printf '%s %s 0 %s 0\n' "$(now)" "$2" "$work" >"$state"
	printf '%s start %s: %s steps\n' "$(date -u +%FT%TZ)" "${3:-job}" "$2" >"$log" ;;
step)
	[ -f "$state" ] || exit 0 # no start: no display
	cost=${3:-0}
	num "$cost" || cost=0
	exec 9>>"$state.lock"
	flock 9
	read -r t0 total done work wdone <"$state"
	done=$((done + 1)) wdone=$((${wdone:-0} + cost))
	printf '%s %s %s %s %s\n' "$t0" "$total" "$done" "${work:-0}" "$wdone" >"$state"
	now=$(now) el=$((now - t0))
	if ((${work:-0} > 0 && wdone > 0)); then
		left=$((work > wdone && total > done ? el * (work - wdone) / wdone : 0))
	else
		left=$((done > 0 && total > done ? el * (total - done) / done : 0))
	fi
	line="[$done/$total] ${2:-step}  $(fmt $el) elapsed, ~$(fmt $left) left"
	printf '%s %s\n' "$(date -u +%FT%TZ)" "$line" >>"$log"
	[ -t 1 ] && printf '\r\033[K%s' "$line"
	flock -u 9 ;;
end)
	[ -t 1 ] && printf '\r\033[K'
	[ -f "$state" ] && read -r t0 total done _ <"$state" &&
		printf '%s end: %s/%s steps in %s\n' "$(date -u +%FT%TZ)" "$done" "$total" "$(fmt $(($(now) - t0)))" >>"$log"
	exit 0 ;;
*) echo "usage: progress.sh start TOTAL [TITLE [WORK]] | step NAME [COST] | end" >&2; exit 2 ;;
esac
