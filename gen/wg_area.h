/* wg_area.h - area of a generated configuration with Yosys: generic cell
 * counts, flip-flop bits (checked against the descriptor's storage_bits),
 * a technology-independent transistor count, and with a Liberty file the
 * area in um^2 and the leakage. Flow and choices: docs/energy-model.md
 * ("Area"), TOOLCHAIN §5. */
#ifndef WG_AREA_H
#define WG_AREA_H

#include <stddef.h>

#include "wg_desc.h"

/* ---- Yosys `stat` text ---- */

typedef struct wg_cellcount {
	char *type;     /* cell type as Yosys prints it */
	long count;     /* instances, counted with submodule multiplicity */
} wg_cellcount;

typedef struct wg_stat {
	wg_cellcount *types;     /* in Yosys's (sorted) order */
	int ntypes;
	long cells;              /* "Number of cells" of the whole design */
	long transistors;        /* "Estimated number of transistors", -1 when absent */
	int transistors_partial; /* Yosys printed "N+": some cell types had no count */
	double chip_area;        /* "Chip area for (top) module", -1 when absent */
} wg_stat;

/* Parse the output of one `stat` command. With submodules the totals are
 * those of the "design hierarchy" section (instances multiplied out); a flat
 * design has one module section. Returns 0, or -1 with a message. */
int wg_stat_parse(const char *text, wg_stat *s, char *err, size_t n);
void wg_stat_free(wg_stat *s);
long wg_stat_count(const wg_stat *s, const char *type);

/* Yosys internal gate types: 1 when a 1-bit flip-flop ($_DFF*, $_SDFF*,
 * $_ALDFF*), a latch ($_DLATCH*, $_SR_*). */
int wg_cell_is_flop(const char *type);
int wg_cell_is_latch(const char *type);

/* ---- one area run ---- */

typedef struct wg_area_result {
	char dir[4096];          /* out/area/<block>/<config> */
	char yosys_version[128]; /* `yosys -V` */
	wg_stat generic;         /* after `synth` (hierarchical) */
	wg_stat cmos;            /* after dfflegalize + abc -g cmos2 */
	long flop_bits;          /* flip-flop bits of the generic netlist */
	long latch_bits;         /* latch bits (should be 0) */
	long cmos_flops;         /* $_DFF_P_ after dfflegalize (= flop_bits) */
	long storage_bits;       /* block->storage_bits(p) */
	double synth_seconds;    /* yosys time of the synth step (0 when cached) */
	int synth_cached;        /* the synth step was reused */
	long long synth_cached_at; /* when the reused synth step ran (Unix seconds) */
	int abc_fast;            /* the gate mappings ran the --abc-fast scripts below */
	/* with a Liberty file */
	int have_lib;
	char lib_path[4096];     /* as given / default */
	wg_stat lib;             /* after dfflibmap + abc -liberty */
	long lib_flops;          /* sequential Liberty cells (= flop_bits) */
	double area_um2;         /* Yosys "Chip area" */
	int have_leak;           /* some mapped cells are in the library */
	double leak_nw;          /* sum of the cells' leakage x count, nW (power_tables/wg_liberty.h:
				  * cell_leakage_power, else the leakage_power groups, else the default) */
	long leak_missing;       /* mapped cells the library does not have */
	char leak_unit[32];      /* the library's leakage_power_unit, as written */
	double lib_seconds;
	int lib_cached;
} wg_area_result;

/* The default Liberty file (OSU 0.18 um, unpacked by `make deps`). */
void wg_area_default_liberty(char *buf, size_t n);
/* A Liberty file's folder name under out/area/, "osu018_stdcells-1a2b3c4d": its base name and a
 * hash of its absolute path ABS (timing's results use the same). */
void wg_area_lib_tag(const char *abs, char *buf, size_t n);

/* Generate b at p into out/area/<block>/<config>/, run (or reuse) the Yosys
 * steps and parse their results. liberty: a file, or NULL for none. abc_fast:
 * map gates with the scripts below instead of ABC's defaults (docs/energy-model.md
 * section 3.1: minutes instead of hours on hrf_sm's renaming table, -3 to +20 %
 * area where both finish). Returns 0, or -1 with a message (2 = bad input, 1 = tool
 * failure in *code). */
#define WG_AREA_ABC_FAST_G "strash;dc2;map"                 /* --abc-fast, abc -g cmos2 */
#define WG_AREA_ABC_FAST_LIB "strash;dc2;&get,-n;&nf,{D};&put" /* --abc-fast, abc -liberty */
int wg_area_run(const wg_block *b, const long *p, const char *liberty, int abc_fast, wg_area_result *r, int *code,
		char *err, size_t n);
/* wg_area_run from the cache only: 0 when every step's results were cached (r filled as by
 * wg_area_run), 1 when a step would have to run Yosys (nothing run), -1 on an error. */
int wg_area_cached(const wg_block *b, const long *p, const char *liberty, int abc_fast, wg_area_result *r,
		   int *code, char *err, size_t n);
/* The generic netlist alone, out/area/<block>/<config>/synth.il (what timing needs): step 1's
 * when it is cached, else a step of its own with the same synthesis and no transistor count, so
 * that nothing waits for ABC's gate mapping. r->generic and the flip-flop bits are set, r->cmos is
 * not. *key: the netlist's identity (Yosys, the synthesis, the Verilog), whichever step made it. */
int wg_area_netlist(const wg_block *b, const long *p, wg_area_result *r, unsigned long long *key, int *code,
		    char *err, size_t n);
/* The flip-flop check's synthesis: elaboration, the optimizations that remove
 * constant, merged and unused flip-flops, memories mapped to flip-flops. Not
 * synth's whole coarse script: fsm (it would re-encode a state register),
 * wreduce, alumacc, share and peepopt change no flip-flop the check counts
 * here and cost half the time (rename's default 47 -> 11 CPU-s, the same
 * 16,989 bits; docs/energy-model.md section 3). */
#define WG_AREA_FLOPS_FLOW "proc; opt_expr; opt_clean; check; opt -fast; memory -nomap; memory_map; opt -fast"
/* The flip-flop check only: WG_AREA_FLOPS_FLOW and `stat -width`; flop bits =
 * sum of width x count of the flip-flop cells. Minutes faster than the full
 * flow on big designs (no gate mapping); r->generic holds the word-level cells. */
int wg_area_flops(const wg_block *b, const long *p, wg_area_result *r, int *code, char *err, size_t n);
void wg_area_free(wg_area_result *r);

#endif
