#!/usr/bin/env bash
# progress.sh - done/total and time left for a long job (issue 26 part 3: make, make full, make waves,
# make sweep). One state file shared by parallel workers (updated under flock):
#   progress.sh start TOTAL [TITLE]   begin (resets the state and the log)
#   progress.sh step NAME             one unit done: NAME
#   progress.sh end                   finish the terminal line
# On a terminal (stdout a tty): one line rewritten in place, "[done/total] NAME  elapsed  ~left".
# Otherwise: a line per step with a UTC timestamp appended to the log (nothing on stdout).
# PROGRESS_DIR: where the state and log live (default out/main): progress.state, progress.log.
set -u
dir=${PROGRESS_DIR:-out/main}
state=$dir/progress.state log=$dir/progress.log
mkdir -p "$dir"
fmt() { local s=$1; ((s >= 3600)) && printf '%dh%02dm' $((s / 3600)) $((s % 3600 / 60)) || printf '%dm%02ds' $((s / 60)) $((s % 60)); }
case "${1:-}" in
start)
	[[ "${2:-}" =~ ^[0-9]+$ ]] || { echo "usage: progress.sh start TOTAL [TITLE] (TOTAL a whole number)" >&2; exit 2; }
	printf '%s %s 0\n' "$(date +%s)" "$2" >"$state"
	printf '%s start %s: %s steps\n' "$(date -u +%FT%TZ)" "${3:-job}" "$2" >"$log" ;;
step)
	[ -f "$state" ] || exit 0 # no start: no display
	exec 9>>"$state.lock"
	flock 9
	read -r t0 total done <"$state"
	done=$((done + 1))
	printf '%s %s %s\n' "$t0" "$total" "$done" >"$state"
	now=$(date +%s) el=$((now - t0))
	left=$((done > 0 && total > done ? el * (total - done) / done : 0))
	line="[$done/$total] ${2:-step}  $(fmt $el) elapsed, ~$(fmt $left) left"
	printf '%s %s\n' "$(date -u +%FT%TZ)" "$line" >>"$log"
	[ -t 1 ] && printf '\r\033[K%s' "$line"
	flock -u 9 ;;
end)
	[ -t 1 ] && printf '\r\033[K'
	[ -f "$state" ] && read -r t0 total done <"$state" &&
		printf '%s end: %s/%s steps in %s\n' "$(date -u +%FT%TZ)" "$done" "$total" "$(fmt $(($(date +%s) - t0)))" >>"$log"
	exit 0 ;;
*) echo "usage: progress.sh start TOTAL [TITLE] | step NAME | end" >&2; exit 2 ;;
esac
