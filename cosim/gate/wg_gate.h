/* wg_gate.h - gate-level co-simulation (`warpgen cosim BLOCK --gate`): the
 * generated configuration synthesized by Yosys to its generic gate library
 * ($_AND_, $_MUX_, $_SDFF_PP0_, ...) and written twice: as BLIF, which
 * warpgen's own gate-level simulator runs through the harness (wg_netsim.h,
 * the default: fast to load at any size, and it counts every net's toggles),
 * and as a Verilog netlist joined with Yosys's simulation models of its
 * cells (simcells.v), which Verilator runs as a --rtl file (--gate-sim
 * verilator: the independent check, practical for small netlists). Flow and
 * limits: docs/cosim.md ("Gate-level co-simulation").
 *
 * Folder: <out>/gate/<block>/<config>/ (<config>-quick/, <config>-mapped-<library>/ for those flows) holding
 * <top>.v (generated), synth.ys, synth.log, synth.key (the cache key: Yosys version,
 * script, Verilog text), netlist.blif and stat.txt; for Verilator the step synth-v.*
 * also writes netlist.v (a minute of Yosys at 500,000 cells, so only then), and gate.v (netlist.v +
 * cell models). The mapped flow also leaves mapped.v and mapped.blif (the netlist of library
 * cells, private names as wgmN) and stat-mapped.txt (its cells and area); netlist.blif is then
 * that netlist flattened into the generic gates of its cells' functions, keeping its net names. The activity-based energy (--liberty) is in wg_gate_energy.c. */
#ifndef WG_GATE_H
#define WG_GATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "wg_blif.h"
#include "wg_desc.h"

#define WG_GATE_MAXIN WG_NL_MAXIN /* input pins of one generic cell */
#define WG_GATE_PATH 3800         /* fits wg_run_info.rtl_abs with the file name */

/* The Yosys flows (docs/cosim.md, "Gate-level co-simulation"). */
typedef enum {
	WG_SYNTH_FULL,  /* synth -flatten: Yosys's generic synthesis, optimized, ABC */
	WG_SYNTH_QUICK, /* proc, flatten, memory, techmap: elaboration and mapping, no optimization */
	WG_SYNTH_MAPPED /* full, then mapped to a Liberty library's cells (dfflibmap, abc -liberty),
			 * simulated through the cells' Liberty functions (read_liberty, flatten) */
} wg_synth_flow;
/* "full" / "quick" / "mapped" -> flow; -1 for anything else. */
int wg_synth_flow_parse(const char *s);
const char *wg_synth_flow_name(wg_synth_flow f);

typedef struct wg_gate_type {
	char name[48];            /* cell type, e.g. "$_AND_" (the netlist's types, same index) */
	long cells;               /* instances */
	uint64_t toggles;         /* 0->1 and 1->0 transitions of their outputs, summed */
	int flop;                 /* a flip-flop (output Q) */
	char lib_cell[160];       /* --liberty: the library cell(s) it is priced as ("" before wg_gate_activity) */
	double energy_pj;         /* --liberty: its activity energy (internal + switching + clock + leakage) */
} wg_gate_type;

/* Activity-based energy of the run priced with a Liberty library
 * (docs/energy-model.md section 10). */
typedef struct wg_gate_energy {
	int ok;                   /* computed */
	char note[512];           /* why not (when !ok and a library was given) */
	char lib_name[128];       /* the library group's name */
	double vdd;               /* supply (nom_voltage), V */
	double period_ns;         /* clock period used for leakage */
	char period_basis[64];    /* where the period comes from */
	double internal_pj, switching_pj, clock_pj, leakage_pj, total_pj; /* whole run */
	long lib_instances;       /* library cells priced (generic cells + extra gates of flops) */
	double mean_load_pf;      /* mean output load of the generic cells */
	/* clock gating: the same run with an integrated clock-gating cell per enable group */
	int gated_ok;             /* computed */
	char gated_note[256];     /* why not */
	char icg_cell[96];        /* the library's ICG cell used (clock_gating_integrated_cell) */
	long icg_groups;          /* enable groups, one ICG each */
	long gated_flops;         /* flops behind an ICG (those with an enable) */
	double gated_clock_pj;    /* the clock term with gating: flops' pins on enabled edges + the ICGs' */
	double icg_pj;            /* the ICGs' own energy (their clock pins, gated outputs, leakage) */
	double gated_total_pj;    /* total with gating */
	double gated_on_share;    /* the gated flops' enabled edges / (their flops x cycles) */
	int table_ok;             /* the power-table estimate of the run is known */
	double table_pj;          /* that estimate (the cosim's energy_pj), whole run */
	char table_note[160];     /* why not */
} wg_gate_energy;

typedef struct wg_gate_res {
	char dir[WG_GATE_PATH];           /* out/gate/<block>/<config>[-quick|-mapped-LIB] ("" for a given --blif) */
	wg_synth_flow flow;               /* the Yosys flow that made it */
	char netlist[WG_GATE_PATH + 32];  /* the BLIF: <dir>/netlist.blif, or --blif FILE */
	char sim[WG_GATE_PATH + 32];      /* <dir>/gate.v: Verilog netlist + cell models ("" unless written) */
	char yosys_version[128];          /* `yosys -V` */
	double synth_seconds;             /* Yosys wall time (0 when cached) */
	int synth_cached;                 /* the netlist was reused */
	wg_nl nl;                         /* the netlist */
	wg_gate_type *types;              /* per cell type, indexed as nl.types */
	int ntypes;
	long ncells;                      /* cells */
	long flops;                       /* flip-flop cells (bits) */
	long mapped_cells;                /* mapped flow: library cells (stat-mapped.txt) */
	double mapped_area_um2;           /* mapped flow: their area, as Yosys's stat -liberty gives it */
	/* toggle counts (wg_gate_set_toggles) */
	int have_toggles;                 /* counted */
	long cycles;                      /* cycles of the counted run */
	uint64_t *tog;                    /* per net of nl: transitions over the run */
	uint64_t cell_toggles;            /* all cell outputs */
	uint64_t flop_toggles;            /* flip-flop outputs alone */
	uint64_t input_toggles;           /* primary inputs, clock excluded */
	uint64_t clock_toggles;           /* the clock input (2 per cycle) */
	uint64_t *clk_on;                 /* per cell: the edges a flop needed its clock at (its enable
					   * active, or a reset that overrides it); NULL: not counted */
	/* --liberty */
	int have_lib;                     /* a library was given */
	char lib_path[WG_GATE_PATH];      /* the Liberty file as given */
	wg_gate_energy en;                /* activity-based energy (with toggles) */
} wg_gate_res;


/* Synthesize (or reuse) b at p with top module `top` by `flow` (mapped: to
 * the cells of the Liberty file `liberty`, an absolute path) and read the
 * BLIF netlist; with `verilog`, also write gate.v for Verilator. Returns 0,
 * or -1 with a message (*code 2: bad input, 1: tool failure). */
int wg_gate_synth(const wg_block *b, const long *p, const char *top, wg_synth_flow flow, const char *liberty,
		  int verilog, wg_gate_res *r, int *code, char *err, size_t n);
/* Read a BLIF netlist (`--blif FILE`, or the synthesized one) into r.
 * Returns 0, or -1 with a message. */
int wg_gate_load(wg_gate_res *r, const char *blif, char *err, size_t n);
/* Read the netlist from BLIF text (exposed for the unit tests). */
int wg_gate_load_text(wg_gate_res *r, const char *text, const char *name, char *err, size_t n);
/* Take the per-net transitions of a run of `cycles` cycles (copied) and sum
 * them per cell type, flops, inputs (clk_i excluded, counted 2 per cycle). */
void wg_gate_set_toggles(wg_gate_res *r, const uint64_t *net_tog, long cycles);
/* Take the per-flop count of edges that needed the clock (flop_on in the order of the netlist's
 * flip-flop cells, as wg_netsim plans them), for the clock-gated figure. */
void wg_gate_set_clock_on(wg_gate_res *r, const uint64_t *flop_on);

/* The activity-based energy of the counted run priced with the Liberty file
 * r->lib_path (every generic type mapped by wg_lib_map_type; loads from the
 * netlist's fanout + WG_LIB_MAP_WIRE_PF per fanout pin; leakage over cycles x
 * period_ns). Fills r->en; returns 0, or -1 with a message (also in r->en.note). */
int wg_gate_activity(wg_gate_res *r, double period_ns, const char *period_basis, char *err, size_t n);
/* The same from an already-read library (exposed for the unit test). */
struct wg_lib;
int wg_gate_activity_lib(wg_gate_res *r, const struct wg_lib *lib, double period_ns, char *err, size_t n);
/* Fill en from a library sum (en->ok = 1; the mean load is the caller's). */
struct wg_lib_energy;
void wg_gate_energy_set(wg_gate_energy *en, const struct wg_lib *lib, const struct wg_lib_energy *e, double period_ns);
/* The clock-gated figure (wg_gate_cg.c): rows are the generic run's priced rows, row_of_cell[i]
 * cell i's first row; each flop with an enable behind one ICG of the library per enable
 * condition, its clock pin toggling on the edges r->clk_on counted. Fills r->en.gated_* (or
 * gated_note). */
struct wg_lib_act;
struct wg_lib_run;
void wg_gate_clock_gating(wg_gate_res *r, const struct wg_lib *lib, const struct wg_lib_act *rows, int nrows,
			  const int *row_of_cell, const struct wg_lib_run *run);
/* The mapped flow's activity energy (wg_gate_mapped.c): every library cell of
 * the mapped BLIF `blif` priced as itself, its output toggles those of the
 * simulated net of the same name, its load the library input pins on that net
 * + WG_LIB_MAP_WIRE_PF each. Fills r->en; returns 0, or -1 with a message. */
int wg_gate_mapped_activity(wg_gate_res *r, const struct wg_lib *lib, const char *blif, double period_ns, char *err,
			    size_t n);
/* Output load (pF) of every cell (array of r->ncells, caller frees) given the
 * capacitance of each cell's input pins (in_cap[i * WG_GATE_MAXIN + j]: cell
 * i's input j): the sum over the cell inputs on its output net, plus wire_pf
 * per such input. Aliased nets are one net. */
double *wg_gate_loads(const wg_gate_res *r, const double *in_cap, double wire_pf);

/* Print the summary (cells, flops, toggles per type); `sim` names the simulator. */
void wg_gate_print(const wg_gate_res *r, const char *sim, int quiet);
/* Add "gate": {...} to the JSON object in path (written by wg_report_json),
 * atomically. Returns 0, or -1 with a message. */
int wg_gate_json(const wg_gate_res *r, const char *sim, const char *path, char *err, size_t n);

void wg_gate_free(wg_gate_res *r);

#endif
