# warpgen - every entry point.
#   make          the main job: every block at its papers' default sizes, co-simulated, with the
#                 equivalence / area / energy / timing report and the papers' comparisons
#                 (out/report.{json,md}); 10 minutes on 2 cores is the aim
#   make full     the same, plus the other sizes, the statistics grids, the full area flow, the
#                 proofs and the gate-level section (tests/main_job.sh, MAIN_FULL=1)
#   make test     unit, golden, bad-input, lint, co-simulation regressions; ends "N passed, M failed"
#                 (make test T=PATTERN: only the tests whose name contains PATTERN)
#   make test-fast  unit, golden, bad-input tests and a short co-simulation of every block (minutes)
#   make build    bin/warpgen and the test programs, nothing long
#   make bench    speed ratios: Verilator alone, C model alone, co-simulation
#   make sweep    the long regressions (many sizes x seeds), through `warpgen regress --tier sweep`
# What each tier runs per block is declared by the block: cosim/<block>/<block>_tests.sh.
#   make waves    every directed case as a waveform scenario (FST, .gtkw, PNG) + the gallery out/waves/index.html
#   make deps     install the Debian packages that are missing (run by the others)
# Every build product goes under out/.

SHELL := /bin/bash
OUT   ?= out
# a build other than out/ keeps warpgen's cache and run files to itself (as tests/run_tests.sh)
OUT_ENV := $(if $(WARPGEN_OUT)$(filter out,$(OUT)),,WARPGEN_OUT=$(abspath $(OUT)))
CC    ?= gcc
JOBS  ?= $(shell nproc 2>/dev/null || echo 2)

CSTD    := -std=c11 -D_POSIX_C_SOURCE=200809L
WARN    := -Wall -Wextra -Werror
# Layers, each seeing only itself and the layers below it (tests/layers.sh checks the
# #include lines too): csim <- power_tables <- gen <- cosim (harness, gate, one folder per
# block) <- cli, the command-line front end.
COSIM_DIRS := $(sort $(dir $(wildcard cosim/*/*.c cosim/*/*.h)))
INC_csim         := -Icsim -I$(OUT)/build
INC_power_tables := $(INC_csim) -Ipower_tables
INC_gen          := $(INC_power_tables) -Igen
INC_cosim        := $(INC_gen) $(patsubst %/,-I%,$(COSIM_DIRS))
INC_cli          := $(INC_cosim) -Icli
INC_tests        := $(INC_cli) -Itests
INC = $(INC_$(firstword $(subst /, ,$<)))
CFLAGS  ?= -O2 -g
SANFLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
TSANFLAGS := -O1 -g -fsanitize=thread

# Sources: every .c of the layers; one block = csim/<block>_desc.c + friends (docs/adding-a-block.md).
LIB_SRC := $(sort $(wildcard csim/*.c power_tables/*.c gen/*.c cosim/*/*.c cli/*.c))
BLOCKS  := $(sort $(filter-out wg,$(patsubst csim/%_desc.c,%,$(wildcard csim/*_desc.c))))
OBJ     := $(patsubst %.c,$(OUT)/obj/%.o,$(LIB_SRC))
SANOBJ  := $(patsubst %.c,$(OUT)/san/%.o,$(LIB_SRC))
TSANOBJ := $(patsubst %.c,$(OUT)/tsan/%.o,$(LIB_SRC))
LDLIBS  := -ldl -lm -pthread -lsqlite3
# Quiet build lines ("CC file"); `make V=1` prints the full commands.
ifeq ($(V),1)
  Q :=
  say = @true
else
  Q := @
  say = @printf '  %-4s %s\n'
endif

# Debian packages the project needs (see README); qflow-tech-osu018 is unpacked, not installed.
# libsqlite3-dev: the regression history; munge + slurm*: the slurm engine and its cluster test.
DEB_PKGS := gcc g++ make verilator yosys iverilog gtkwave z3 zlib1g-dev xvfb xauth gnuplot-nox \
            imagemagick librsvg2-bin python3 chromium libsqlite3-dev \
            munge slurmctld slurmd slurm-client clang libclang-rt-14-dev

.PHONY: all main full build deps test test-fast bench sweep waves wave clean report FORCE
.DEFAULT_GOAL := main

# the main job needs the plain program only (the sanitized one is for the tests), built in parallel
main:
	@$(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory -j$(NPROC) $(OUT)/bin/warpgen
	@OUT=$(OUT) tests/main_job.sh

# make full: make, plus the non-default sizes, the statistics grids, the proofs and the gate-level section
full:
	@$(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory -j$(NPROC) $(OUT)/bin/warpgen
	@OUT=$(OUT) MAIN_FULL=1 tests/main_job.sh

build: deps $(OUT)/bin/warpgen $(OUT)/bin/warpgen-san

deps: $(OUT)/.deps-checked
$(OUT)/.deps-checked: Makefile
	@tests/deps.sh $(DEB_PKGS)
	@mkdir -p $(OUT) && touch $@

# The list of blocks, rewritten only when it changes (a block added or removed: a deleted
# *_desc.c would not make a timestamp rule fire), so objects rebuild only then.
$(OUT)/build/blocks.inc: FORCE
	@mkdir -p $(@D)
	@printf 'WG_BLOCK(%s)\n' $(BLOCKS) > $@.tmp && { cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@; }

FORCE:

# The library's layers (csim/, power_tables/) compile position-independent once, for the program and
# for libwarpgen.so alike (make install); -fno-semantic-interposition keeps the inlining a -fPIE build has.
PIC_csim         := -fPIC -fno-semantic-interposition
PIC_power_tables := $(PIC_csim)
PIC = $(PIC_$(firstword $(subst /, ,$<)))

$(OUT)/obj/%.o: %.c $(OUT)/build/blocks.inc
	@mkdir -p $(@D)
	$(say) CC $<
	$(Q)$(CC) $(CSTD) $(WARN) $(CFLAGS) $(PIC) $(INC) -MMD -MP -c -o $@ $<

$(OUT)/san/%.o: %.c $(OUT)/build/blocks.inc
	@mkdir -p $(@D)
	$(say) CC "$< (ASan+UBSan)"
	$(Q)$(CC) $(CSTD) $(WARN) $(SANFLAGS) $(INC) -MMD -MP -c -o $@ $<

$(OUT)/bin/warpgen: $(OBJ)
	@mkdir -p $(@D)
	$(say) LD $@
	$(Q)$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(OUT)/tsan/%.o: %.c $(OUT)/build/blocks.inc
	@mkdir -p $(@D)
	$(say) CC "$< (TSan)"
	$(Q)$(CC) $(CSTD) $(WARN) $(TSANFLAGS) $(INC) -MMD -MP -c -o $@ $<

# The same program under ThreadSanitizer (the co-simulation runs the C side in a thread).
$(OUT)/bin/warpgen-tsan: $(TSANOBJ)
	@mkdir -p $(@D)
	$(say) LD $@
	$(Q)$(CC) $(TSANFLAGS) -o $@ $^ $(LDLIBS)

# The same program under AddressSanitizer + UndefinedBehaviorSanitizer.
$(OUT)/bin/warpgen-san: $(SANOBJ)
	@mkdir -p $(@D)
	$(say) LD $@
	$(Q)$(CC) $(SANFLAGS) -o $@ $^ $(LDLIBS)

# C unit tests: tests/test_*.c, each linked with the library objects except main (the objects, not
# an archive: the registries' weak references would not pull an archive's members). The test file
# itself compiles at -O0: 0.5 s of CPU against 2.3 s at -O1 (test_wrc_model.c), 43 files compiled in
# every clean make test, while the library it tests stays at SANFLAGS' -O1.
TEST_SRC := $(sort $(wildcard tests/test_*.c))
LIB_NOMAIN := $(filter-out $(OUT)/san/cli/warpgen.o,$(SANOBJ))
TESTSANFLAGS := $(patsubst -O1,-O0,$(SANFLAGS))
$(OUT)/tests/%: tests/%.c $(wildcard tests/*.h) $(LIB_NOMAIN)
	@mkdir -p $(@D)
	$(say) CC "$< (ASan+UBSan)"
	$(Q)$(CC) $(CSTD) $(WARN) $(TESTSANFLAGS) $(INC) -o $@ $(filter-out %.h,$^) $(LDLIBS)

# the builds and the unit tests compile in parallel (after the packages are in place); the
# ThreadSanitizer build (about 45 s of CPU) and its tests are make sweep's, for make test's budget
NPROC := $(shell nproc 2>/dev/null || echo 2)
UNIT_BINS := $(patsubst tests/%.c,$(OUT)/tests/%,$(TEST_SRC))
TEST_BINS := build $(OUT)/bin/warpgen-tsan $(UNIT_BINS)
test:
	@$(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory -j$(NPROC) build $(UNIT_BINS)
	@OUT=$(OUT) tests/run_tests.sh --tier test $(T)

test-fast:
	@$(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory -j$(NPROC) build $(UNIT_BINS)
	@OUT=$(OUT) tests/run_tests.sh --tier fast $(T)

bench: build
	@tests/bench.sh

# make sweep runs through `warpgen regress --tier sweep` (docs/regress.md): the tests of the sweep tier,
# each configuration's seeds in one unit (its model built once), JOBS workers; a failure's replay line
# as it happens; the results in $(OUT)/regress.db (`warpgen regress --report`, `--rerun-failed`), the
# jobs' logs in $(OUT)/regress/logs/. Ends "N passed, M failed", exit 1 on a failure. T=PATTERN: only
# the tests whose name contains PATTERN. COVERAGE=1: with --coverage (every co-simulation on the
# coverage build, merged per block at the end: docs/regress.md "Coverage"; opt-in, it costs a second
# Verilator build per configuration and 1.4-34x the co-simulation time).
sweep: build
	@$(MAKE) --no-print-directory -j$(NPROC) $(TEST_BINS)
	@OUT=$(OUT) $(OUT_ENV) $(OUT)/bin/warpgen regress --tier sweep -j $(JOBS) $(if $(T),--filter '$(T)') $(if $(filter 1,$(COVERAGE)),--coverage)

# every directed case of every block as a waveform scenario, then the gallery ($(OUT)/waves/index.html)
waves: build
	@WARPGEN=$(OUT)/bin/warpgen $(OUT_ENV) tests/waves.sh $(OUT)/waves

# one directed case as a waveform scenario: make wave CASE=BLOCK/NAME [SET="--set N=V ..."]
# (files in $(OUT)/waves/BLOCK/NAME/; `warpgen wave BLOCK --list` names the cases)
wave: build
	@[[ "$(CASE)" =~ ^[a-z0-9_]+/[a-z0-9_]+$$ ]] || { echo "usage: make wave CASE=BLOCK/NAME (cases: warpgen wave BLOCK --list)" >&2; exit 2; }
	@$(OUT_ENV) $(OUT)/bin/warpgen wave $(word 1,$(subst /, ,$(CASE))) --case $(word 2,$(subst /, ,$(CASE))) $(SET) \
		$(if $(filter out,$(OUT)),,-o $(OUT)/waves/$(CASE))

# ---- the C models as a library (docs/library.md) ----
#   make lib                      $(OUT)/lib/libwarpgen.a and libwarpgen.so.MAJOR.MINOR.PATCH
#   make install PREFIX=DIR       DIR/lib/ (both, soname libwarpgen.so.MAJOR), DIR/include/warpgen/*.h,
#                                 DIR/lib/pkgconfig/warpgen.pc, DIR/share/warpgen/power_tables/*.tsv
#   make uninstall PREFIX=DIR     removes exactly those (and the warpgen folders)
# Public: csim/ (typed models, descriptors, compositions, frames) and power_tables/ (energy rules);
# left out: the tool's plumbing (processes, Verilator runs, JSON, the checkout's root: the library's
# root is csim/wg_version.c compiled with WG_DATADIR) and the Liberty reader (gate-level energy).
# Both libraries reuse the build's objects ($(OUT)/obj: csim/ and power_tables/ compile with -fPIC).
PREFIX  ?= /usr/local
LIB_INC_DIR  = $(DESTDIR)$(PREFIX)/include/warpgen
LIB_LIB_DIR  = $(DESTDIR)$(PREFIX)/lib
LIB_DATA_DIR = $(DESTDIR)$(PREFIX)/share/warpgen
LIB_VER_FIELD = $(shell sed -n 's/^\#define WARPGEN_VERSION_$(1) *\([0-9][0-9]*\).*/\1/p' csim/wg_version.h)
LIB_MAJOR := $(call LIB_VER_FIELD,MAJOR)
LIB_VER   := $(LIB_MAJOR).$(call LIB_VER_FIELD,MINOR).$(call LIB_VER_FIELD,PATCH)
LIB_SONAME := libwarpgen.so.$(LIB_MAJOR)
LIB_PRIVATE_C := csim/wg_proc.c csim/wg_vtool.c csim/wg_json.c csim/wg_root.c csim/wg_version.c \
                 $(wildcard power_tables/wg_lib*.c)
LIB_PRIVATE_H := csim/rename_int.h csim/wg_comp_plan.h csim/wg_proc.h csim/wg_vtool.h csim/wg_json.h \
                 csim/wg_root.h $(wildcard power_tables/wg_lib*.h)
LIB_C   := $(filter-out $(LIB_PRIVATE_C),$(sort $(wildcard csim/*.c power_tables/*.c)))
LIB_H   := $(filter-out $(LIB_PRIVATE_H),$(sort $(wildcard csim/*.h power_tables/*.h)))
LIB_TSV := $(sort $(wildcard power_tables/*.tsv))
# man pages to install into $(PREFIX)/share/man/man1/ (`man warpgen` once installed; tests/man_check.sh)
LIB_MAN := docs/warpgen.1
LIB_MAN_DIR = $(DESTDIR)$(PREFIX)/share/man/man1

.PHONY: lib install uninstall
lib: $(OUT)/lib/libwarpgen.a $(OUT)/lib/libwarpgen.so.$(LIB_VER)

# where the library finds its power tables: rewritten only when PREFIX changes
$(OUT)/lib/datadir: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '$(PREFIX)/share/warpgen' > $@.tmp && { cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@; }

$(OUT)/lib/wg_version.o: csim/wg_version.c csim/wg_version.h csim/wg_root.h $(OUT)/lib/datadir
	$(say) CC "$< (library)"
	$(Q)$(CC) $(CSTD) $(WARN) $(CFLAGS) -fPIC -Icsim -DWG_DATADIR='"$(shell cat $(OUT)/lib/datadir)"' -c -o $@ $<

# one member, the objects pre-linked (ld -r): the registries' weak references (wg_energy_<block>, ...)
# would not pull the blocks' files out of an archive of separate objects
$(OUT)/lib/libwarpgen.a: $(patsubst %.c,$(OUT)/obj/%.o,$(LIB_C)) $(OUT)/lib/wg_version.o
	$(say) AR $@
	$(Q)rm -f $@ && $(CC) -r -nostdlib -o $(OUT)/lib/libwarpgen.o $^ && ar rcs $@ $(OUT)/lib/libwarpgen.o

$(OUT)/lib/libwarpgen.so.$(LIB_VER): $(patsubst %.c,$(OUT)/obj/%.o,$(LIB_C)) $(OUT)/lib/wg_version.o
	$(say) LD $@
	$(Q)$(CC) -shared -Wl,-soname,$(LIB_SONAME) -Wl,-Bsymbolic -Wl,--no-undefined -o $@ $^ -lm

$(OUT)/lib/warpgen.pc: csim/wg_version.h $(OUT)/lib/datadir
	@printf '%s\n' 'prefix=$(PREFIX)' 'includedir=$${prefix}/include' 'libdir=$${prefix}/lib' '' \
		'Name: warpgen' \
		'Description: bit-exact C cycle models of GPU warp and register-file blocks, with their energy rules' \
		'Version: $(LIB_VER)' 'Cflags: -I$${includedir}' 'Libs: -L$${libdir} -lwarpgen' 'Libs.private: -lm' > $@

install: lib $(OUT)/lib/warpgen.pc
	@install -d $(LIB_INC_DIR) $(LIB_LIB_DIR)/pkgconfig $(LIB_DATA_DIR)/power_tables
	@install -m 644 $(LIB_H) $(LIB_INC_DIR)/
	@install -m 644 $(OUT)/lib/libwarpgen.a $(LIB_LIB_DIR)/
	@install -m 755 $(OUT)/lib/libwarpgen.so.$(LIB_VER) $(LIB_LIB_DIR)/
	@ln -sf libwarpgen.so.$(LIB_VER) $(LIB_LIB_DIR)/$(LIB_SONAME)
	@ln -sf $(LIB_SONAME) $(LIB_LIB_DIR)/libwarpgen.so
	@install -m 644 $(OUT)/lib/warpgen.pc $(LIB_LIB_DIR)/pkgconfig/
	@install -m 644 $(LIB_TSV) $(LIB_DATA_DIR)/power_tables/
	@$(if $(LIB_MAN),install -d $(LIB_MAN_DIR) && install -m 644 $(LIB_MAN) $(LIB_MAN_DIR)/,true)
	@echo "installed libwarpgen $(LIB_VER) in $(DESTDIR)$(PREFIX) ($(words $(LIB_H)) headers in include/warpgen/)"

uninstall:
	@rm -f $(addprefix $(LIB_INC_DIR)/,$(notdir $(LIB_H))) \
		$(addprefix $(LIB_LIB_DIR)/,libwarpgen.a libwarpgen.so $(LIB_SONAME) libwarpgen.so.$(LIB_VER)) \
		$(LIB_LIB_DIR)/pkgconfig/warpgen.pc $(addprefix $(LIB_DATA_DIR)/power_tables/,$(notdir $(LIB_TSV))) \
		$(addprefix $(LIB_MAN_DIR)/,$(notdir $(LIB_MAN)))
	@rmdir --ignore-fail-on-non-empty $(LIB_INC_DIR) $(LIB_DATA_DIR)/power_tables $(LIB_DATA_DIR) \
		$(LIB_LIB_DIR)/pkgconfig 2>/dev/null || true
	@echo "removed libwarpgen $(LIB_VER) from $(DESTDIR)$(PREFIX)"

clean:
	rm -rf $(OUT)

-include $(OBJ:.o=.d) $(SANOBJ:.o=.d) $(TSANOBJ:.o=.d)
