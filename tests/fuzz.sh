#!/usr/bin/env bash
# fuzz.sh - the libFuzzer harnesses of warpgen's input parsers (tests/fuzz/fz_*.c), built with
# clang under AddressSanitizer + UndefinedBehaviorSanitizer (Debian: clang, libclang-rt-14-dev).
#   tests/fuzz.sh build                build the harnesses into $OUT/fuzz/bin/ (needs `make build`'s
#                                      objects in $OUT/obj/: only the parsers are recompiled with
#                                      the fuzzer's coverage, the rest is linked as it is)
#   tests/fuzz.sh replay H...          each file of tests/fuzz/corpus/H/ and tests/fuzz/crashes/H/
#                                      through harness H once: no crash, hang or sanitizer report
#   tests/fuzz.sh run SECS H...        replay, then fuzz H for SECS seconds from its corpus (seed
#                                      FUZZ_SEED, default 1: the same run every time; `random` for a
#                                      new one); a crash is saved as $OUT/fuzz/crashes/H-crash-SHA1
#                                      (copy it into tests/fuzz/crashes/H/ with the fix); with
#                                      FUZZ_RUNS=N, N inputs at most (with a fixed seed, the same N
#                                      inputs every time, however loaded the machine: make test's way)
#   tests/fuzz.sh list                 the harnesses
# Harness H: liberty (power_tables/wg_liberty.c), libfunc (Liberty function strings), blif
# (cosim/gate/wg_blif.c), stat (Yosys `stat` text, gen/wg_area.c), ptable (power_tables/wg_ptable.c),
# json (csim/wg_json.c, `warpgen report`), rgjob (regression job files, cli/rg_job.c), opts (the
# command line: cosim/harness/wg_cli.c, --set/--knob in csim/wg_desc.c).
# FUZZ_SKY130=1 (the sweep tier) also replays ../shared/liberty's sky130 library through `liberty`.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-out}
F=$OUT/fuzz
HARNESSES="liberty libfunc blif stat ptable json rgjob opts"
# the parser sources compiled with the fuzzer's coverage (the rest of the program comes from $OUT/obj/)
INSTR="power_tables/wg_liberty.c power_tables/wg_lib_syntax.c power_tables/wg_lib_func.c
 power_tables/wg_lib_energy.c power_tables/wg_ptable.c cosim/gate/wg_blif.c gen/wg_area.c csim/wg_json.c
 csim/wg_desc.c csim/wg_buf.c cli/rg_job.c cosim/harness/wg_cli.c"
CLANG=${FUZZ_CC:-clang}
# -O0: a third of -O1's compile time (about 4 s of CPU against 12 s for the cold build of make test),
# for about half the executions per second
FLAGS="-std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -g -O0 -fno-omit-frame-pointer
 -fsanitize=address,undefined -fno-sanitize-recover=undefined"
INC="-Icsim -I$OUT/build -Ipower_tables -Igen $(for d in cosim/*/; do printf -- '-I%s ' "${d%/}"; done) -Icli -Itests/fuzz"
LIBS="-ldl -lm -pthread -lsqlite3"

die() { echo "fuzz.sh: $*" >&2; exit 2; }

known() { case " $HARNESSES " in *" $1 "*) ;; *) die "unknown harness '$1' (tests/fuzz.sh list)" ;; esac; }

# newer THAN SRC...: is any SRC newer than THAN (or THAN missing)? (one find, not a test per file)
newer() {
	local than=$1
	shift
	[ -e "$than" ] || return 0
	[ -n "$(find "$@" -newer "$than" -print -quit 2>/dev/null)" ]
}

# One program, $F/bin/fz_all, with every harness (one link, not eight: a link costs as much as a
# harness's test); fz_NAME links to it and the name picks the harness (tests/fuzz/fz_main.c).
build() {
	command -v "$CLANG" >/dev/null || die "$CLANG is missing (make deps installs clang and libclang-rt-14-dev)"
	[ -e "$OUT/obj/cli/warpgen.o" ] || die "no $OUT/obj/ objects: run make OUT=$OUT build first"
	mkdir -p "$F/obj" "$F/bin"
	local src o objs=() rest=() h instr=" " headers=()
	mapfile -t headers < <(ls csim/*.h power_tables/*.h gen/*.h cosim/*/*.h cli/*.h "$OUT"/build/*.inc tests/fuzz/*.h)
	for src in $INSTR tests/fuzz/fz_*.c; do
		objs+=("$F/obj/${src//\//_}.o")
		instr+="$src "
	done
	for src in $instr; do
		o=$F/obj/${src//\//_}.o
		# (this file too: a change of the flags recompiles)
		if newer "$o" "$src" "${headers[@]}" tests/fuzz.sh; then printf '%s\t%s\n' "$src" "$o"; fi
	done | xargs -r -P "$(nproc 2>/dev/null || echo 2)" -L1 bash -c \
		"$CLANG $(echo $FLAGS) -fsanitize=fuzzer-no-link $INC -c -o \"\$1\" \"\$0\"" || die "compiling the parsers failed"
	for o in $(find "$OUT/obj/" -name '*.o' | sort); do
		src=${o#"$OUT"/obj/}
		src=${src%.o}.c
		[ "$src" = cli/warpgen.c ] && continue
		[[ $instr == *" $src "* ]] && continue
		rest+=("$o")
	done
	if newer "$F/rest.a" "${rest[@]}"; then
		rm -f "$F/rest.a" && ar rcs "$F/rest.a" "${rest[@]}"
	fi
	# --wrap=exit: the opts harness catches wg_die's exit (tests/fuzz/fz_opts.c)
	if newer "$F/bin/fz_all" "${objs[@]}" "$F/rest.a"; then
		# shellcheck disable=SC2086
		$CLANG $FLAGS -fsanitize=fuzzer -Wl,--wrap=exit -o "$F/bin/fz_all.tmp" \
			-Wl,--start-group "${objs[@]}" "$F/rest.a" -Wl,--end-group $LIBS || die "linking fz_all failed"
		mv "$F/bin/fz_all.tmp" "$F/bin/fz_all"
	fi
	for h in $HARNESSES; do ln -sf fz_all "$F/bin/fz_$h"; done
}

# build under a lock: the tests of make test call this side by side
build_locked() {
	mkdir -p "$F"
	exec 9>"$F/.lock"
	flock 9
	build
	flock -u 9
}

# the libFuzzer options every run uses: 2 GB of memory at most; a hang is a fuzzed input over 10 s
# (a replayed file: over 120 s, for sky130's 12.8 MB library, 13 s under ASan at -O0 on a loaded machine)
COMMON=(-rss_limit_mb=2048 -print_final_stats=0)

replay() {
	local h=$1 files=()
	known "$h"
	[ -d "tests/fuzz/corpus/$h" ] || die "no corpus tests/fuzz/corpus/$h/"
	mapfile -t files < <(find "tests/fuzz/corpus/$h" "tests/fuzz/crashes/$h" -type f 2>/dev/null | sort)
	[ "$h" = liberty ] && [ "${FUZZ_SKY130:-0}" = 1 ] && files+=(../shared/liberty/sky130_fd_sc_hd__tt_025C_1v80.lib)
	echo "replay $h: ${#files[@]} files"
	"$F/bin/fz_$h" "${COMMON[@]}" -timeout=120 "${files[@]}" >"$F/log/$h.replay" 2>&1 || {
		tail -n 40 "$F/log/$h.replay"
		echo "fuzz.sh: $h: a corpus or reproducer file fails (log $F/log/$h.replay)"
		exit 1
	}
}

fuzz() {
	local secs=$1 h=$2 seed=${FUZZ_SEED:-1}
	[ "$seed" = random ] && seed=$(( (RANDOM << 15) | RANDOM ))
	rm -rf "$F/work/$h" && mkdir -p "$F/work/$h" "$F/crashes"
	echo "fuzz $h: ${FUZZ_RUNS:+$FUZZ_RUNS inputs or }$secs s, seed $seed (FUZZ_SEED=$seed ${FUZZ_RUNS:+FUZZ_RUNS=$FUZZ_RUNS }tests/fuzz.sh run $secs $h repeats it)"
	local runs=()
	[ -n "${FUZZ_RUNS:-}" ] && runs=(-runs="$FUZZ_RUNS")
	if ! "$F/bin/fz_$h" "${COMMON[@]}" -timeout=10 "${runs[@]}" -seed="$seed" -max_total_time="$secs" -max_len=65536 \
		-artifact_prefix="$F/crashes/$h-" "$F/work/$h" "tests/fuzz/corpus/$h" >"$F/log/$h.fuzz" 2>&1; then
		grep -E 'ERROR|SUMMARY|runtime error|Test unit written|timeout|out-of-memory' "$F/log/$h.fuzz" | head -n 20
		echo "fuzz.sh: $h: the fuzzer found an input that fails (log $F/log/$h.fuzz; reproducer above)"
		exit 1
	fi
	grep -E '^#[0-9]+ *DONE' "$F/log/$h.fuzz" | tail -n 1 || tail -n 2 "$F/log/$h.fuzz"
}

cmd=${1:-}
shift || true
mkdir -p "$F/log"
case $cmd in
list) printf '%s\n' $HARNESSES ;;
build) build_locked ;;
replay)
	[ $# -gt 0 ] || set -- $HARNESSES
	build_locked
	for h in "$@"; do replay "$h"; done
	echo ok
	;;
run)
	secs=${1:?usage: tests/fuzz.sh run SECS [HARNESS...]}
	shift
	[[ $secs =~ ^[1-9][0-9]*$ ]] || die "run: SECS must be a whole number of seconds >= 1, not '$secs'"
	[ $# -gt 0 ] || set -- $HARNESSES
	build_locked
	for h in "$@"; do replay "$h"; fuzz "$secs" "$h"; done
	echo ok
	;;
*) die "usage: tests/fuzz.sh build | replay [HARNESS...] | run SECS [HARNESS...] | list" ;;
esac
