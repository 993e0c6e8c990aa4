/* wg_gate.h - gate-level co-simulation (`warpgen cosim BLOCK --gate`): the
 * generated configuration synthesized by Yosys to its generic gate library
 * ($_AND_, $_MUX_, $_DFF_P_, ...), written as a Verilog netlist, joined with
 * Yosys's simulation models of the cells it uses (simcells.v), and run through
 * the ordinary harness as a --rtl file; then the toggles of every cell output
 * counted from a whole-run FST dump. Flow and limits: docs/cosim.md
 * ("Gate-level co-simulation").
 *
 * Folder: <out>/gate/<block>/<config>/ holding <top>.v (generated), synth.ys,
 * synth.log, synth.key (the cache key: Yosys version, script, Verilog text),
 * netlist.v (Yosys's netlist), stat.txt and gate.v (netlist + cell models:
 * the file that is co-simulated; Verilator builds of it are cached by content
 * as for any --rtl file). The activity-based energy (--liberty) is in
 * wg_gate_energy.c. */
#ifndef WG_GATE_H
#define WG_GATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "wg_desc.h"

#define WG_GATE_MAXIN 6 /* input ports of one generic cell */
#define WG_GATE_PATH 3800 /* fits wg_run_info.rtl_abs with the file name */

typedef struct wg_gate_type {
	char name[48];            /* cell type, e.g. "$_AND_" */
	long cells;               /* instances */
	uint64_t toggles;         /* 0->1 and 1->0 transitions of their outputs, summed */
	int flop;                 /* a flip-flop or latch type (output Q) */
	char lib_cell[160];       /* --liberty: the library cell(s) it is priced as ("" before wg_gate_activity) */
	double energy_pj;         /* --liberty: its activity energy (internal + switching + clock + leakage) */
} wg_gate_type;

typedef struct wg_gate_cell {
	char *name;               /* instance name in the netlist (Yosys `rename -enumerate`: "n123") */
	int type;                 /* index into wg_gate_res.types */
	uint64_t toggles;         /* transitions of its output over the counted run */
	char *out;                /* output net (Y or Q), spaces removed, or NULL */
	char *in[WG_GATE_MAXIN];  /* input nets, spaces removed */
	char port[WG_GATE_MAXIN][4]; /* their port names ("A", "D", ...) */
	int nin;                  /* number of inputs */
} wg_gate_cell;

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
	int table_ok;             /* the power-table estimate of the run is known */
	double table_pj;          /* that estimate (the cosim's energy_pj), whole run */
	char table_note[160];     /* why not */
} wg_gate_energy;

typedef struct wg_gate_res {
	char dir[WG_GATE_PATH];           /* out/gate/<block>/<config> */
	char netlist[WG_GATE_PATH + 32];  /* <dir>/netlist.v */
	char sim[WG_GATE_PATH + 32];      /* <dir>/gate.v: netlist + cell models */
	char yosys_version[128];          /* `yosys -V` */
	double synth_seconds;             /* Yosys wall time (0 when cached) */
	int synth_cached;                 /* the netlist was reused */
	wg_gate_type *types;              /* per cell type, in netlist order of first use */
	int ntypes;
	wg_gate_cell *cells;              /* every instance */
	long ncells;
	long flops;                       /* flip-flop/latch instances (bits) */
	/* toggle counts (wg_gate_toggles) */
	int have_toggles;                 /* counted */
	long cycles;                      /* cycles of the counted run */
	uint64_t cell_toggles;            /* all cell outputs */
	uint64_t flop_toggles;            /* flip-flop outputs alone */
	uint64_t input_toggles;           /* primary inputs, clock excluded */
	char **inputs;                    /* input port names (from the netlist) */
	int ninputs;
	uint64_t clock_toggles;           /* the clock input (2 per cycle) */
	long cells_found;                 /* instances whose output was found in the dump */
	/* --liberty: the same configuration mapped to the library by `warpgen area`'s
	 * flow (statistics only: the simulated netlist stays generic) */
	int have_lib;                     /* mapped */
	char lib_path[WG_GATE_PATH];      /* the Liberty file as given */
	long lib_cells;                   /* cells after dfflibmap + abc -liberty */
	long lib_flops;                   /* sequential library cells */
	double lib_area_um2;              /* Yosys "Chip area" */
	int have_leak;                    /* leakage known */
	double lib_leak_nw;               /* sum of cell_leakage_power, nW */
	wg_gate_energy en;                /* activity-based energy (--liberty, with toggles) */
} wg_gate_res;

/* Synthesize (or reuse) b at p with top module `top`, parse the netlist's
 * instances and write gate.v. Returns 0, or -1 with a message (*code 2: bad
 * input, 1: tool failure). */
int wg_gate_synth(const wg_block *b, const long *p, const char *top, wg_gate_res *r, int *code, char *err,
		  size_t n);

/* Count the toggles of every cell output, flop and primary input in fst (a
 * dump of the gate-level run over `cycles` cycles, scope TOP.<top>). Uses
 * fst2vcd (GTKWave). Returns 0, or -1 with a message. */
int wg_gate_toggles(wg_gate_res *r, const char *fst, const char *top, const char *clock, long cycles, char *err,
		    size_t n);

/* --liberty FILE: map the configuration to the library with `warpgen area`'s
 * flow (cached under out/area/) and keep its cell count, area and leakage in
 * r. Returns 0, or -1 with a message (*code 2: bad input, 1: tool failure). */
int wg_gate_liberty(wg_gate_res *r, const wg_block *b, const long *p, const char *liberty, int *code, char *err,
		    size_t n);

/* The activity-based energy of the counted run priced with the Liberty file
 * r->lib_path (every generic type mapped by wg_lib_map_type; loads from the
 * netlist's fanout + WG_LIB_MAP_WIRE_PF per fanout pin; leakage over cycles x
 * period_ns). Fills r->en; returns 0, or -1 with a message (also in r->en.note). */
int wg_gate_activity(wg_gate_res *r, double period_ns, const char *period_basis, char *err, size_t n);
/* The same from an already-read library (exposed for the unit test). */
struct wg_lib;
int wg_gate_activity_lib(wg_gate_res *r, const struct wg_lib *lib, double period_ns, char *err, size_t n);
/* Output load (pF) of every cell (array of r->ncells, caller frees) given the
 * capacitance of each cell's input ports (in_cap[i * WG_GATE_MAXIN + j]: cell
 * i's input j): the sum over the cell inputs on its output net, plus wire_pf
 * per such input. Nets joined by `assign` are not followed. */
double *wg_gate_loads(const wg_gate_res *r, const double *in_cap, double wire_pf);

/* Print the summary (cells, flops, toggles per type). */
void wg_gate_print(const wg_gate_res *r, int quiet);

/* Add "gate": {...} to the JSON object in path (written by wg_report_json),
 * atomically. Returns 0, or -1 with a message. */
int wg_gate_json(const wg_gate_res *r, const char *path, char *err, size_t n);

/* Parse the cell instances of a Yosys `write_verilog -noexpr` netlist text
 * into r->types / r->cells / r->flops (exposed for the unit test). */
int wg_gate_parse_netlist(wg_gate_res *r, const char *text, char *err, size_t n);
/* Count the value changes of a VCD stream into r (exposed for the unit test;
 * the run reads fst2vcd's output). name: the stream's name in messages. */
int wg_gate_count_vcd(wg_gate_res *r, FILE *vcd, const char *name, const char *top, const char *clock, char *err,
		      size_t n);

void wg_gate_free(wg_gate_res *r);

#endif
