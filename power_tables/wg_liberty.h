/* wg_liberty.h - a Liberty (.lib) reader for the subset the gate-level energy
 * needs: library units, templates, cells (area, leakage, ff/latch), pins
 * (direction, capacitance, function, clock flag, internal_power tables), a
 * parser/evaluator for `function` strings, and the activity-based energy sum
 * (docs/energy-model.md section 10). Files: wg_lib_syntax.c (tokens, statements),
 * wg_liberty.c (the model), wg_lib_energy.c (look-ups, the sum), wg_lib_func.c.
 *
 * Syntax read: groups `name (args) { ... }`, simple attributes `name : value ;`,
 * complex attributes `name (v1, v2, ...) ;`, "quoted strings", `\` line
 * continuation, comments. Groups the model does not use (timing, wire_load,
 * pg_pin, ...) are parsed for syntax and skipped without being stored.
 * Errors: one line "FILE:LINE: reason" (unterminated group / string / comment,
 * unexpected token, bad number, bad unit, missing required attribute).
 *
 * Every number in the model is in canonical units after wg_lib_read: time ns,
 * capacitance pF, voltage V, leakage nW, internal energy pJ (Liberty's
 * internal_power table unit is capacitive_load_unit x voltage_unit^2; both
 * sky130 hd and OSU 0.18 use pF and V, i.e. pJ), area as written (um^2 for
 * sky130 and OSU). Strings and arrays live in memory freed by wg_lib_free. */
#ifndef WG_LIBERTY_H
#define WG_LIBERTY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The documented operating point of the internal-energy look-ups: input slew
 * 0.1 ns (a sky130 hd gate's output transition at a fanout-of-2..4 load, and
 * inside both sky130's [0.01, 1.5] ns and OSU 0.18's [0.06, 1.8] ns indexes);
 * the load is the net's own capacitance when the caller knows it, else
 * WG_LIB_LOAD_PF (about four sky130 hd x1 input pins). Points outside a
 * table's index are clamped to its edge (no extrapolation). */
#define WG_LIB_SLEW_NS 0.1
#define WG_LIB_LOAD_PF 0.01

typedef enum {
	WG_LIB_VAR_NONE = 0,  /* no such axis */
	WG_LIB_VAR_SLEW = 1,  /* input_transition_time, input_net_transition, related_pin_transition... (ns) */
	WG_LIB_VAR_LOAD = 2,  /* total_output_net_capacitance (pF) */
	WG_LIB_VAR_OTHER = 3  /* anything else (kept in its own unit, looked up at its first index) */
} wg_lib_var;

typedef enum { WG_LIB_IN = 0, WG_LIB_OUT = 1, WG_LIB_INOUT = 2, WG_LIB_INTERNAL = 3 } wg_lib_dir;

typedef struct wg_lib_table {
	wg_lib_var var1, var2; /* what index_1 / index_2 are (var2 NONE for 1-D and scalar tables) */
	int n1, n2;            /* index lengths (1 and 1 for a scalar table; n2 = 1 for 1-D) */
	const double *index_1; /* n1 points, canonical units (NULL for scalar) */
	const double *index_2; /* n2 points (NULL unless 2-D) */
	const double *values;  /* n1 x n2, index_1-major; pJ for power tables */
	int line;              /* line of the table group */
} wg_lib_table;

typedef struct wg_lib_ipower {
	const char *related_pin; /* "A", or NULL (a clock/input pin's own power) */
	const char *when;        /* state condition, or NULL */
	wg_lib_table rise;       /* rise_power (n1 == 0: absent) */
	wg_lib_table fall;       /* fall_power (n1 == 0: absent) */
	int line;                /* line of the internal_power group */
} wg_lib_ipower;

typedef struct wg_lib_pin {
	const char *name;           /* "A" */
	wg_lib_dir dir;             /* direction */
	double cap_pf;              /* capacitance; average of rise/fall_capacitance when only those */
	const char *function;       /* Boolean function of an output, or NULL */
	int is_clock;               /* `clock : true`, or named by the ff/latch clocked_on/enable */
	const wg_lib_ipower *ipow;  /* internal_power groups */
	int nipow;                  /* number of them */
	int line;                   /* line of the pin group */
} wg_lib_pin;

typedef enum { WG_LIB_COMB = 0, WG_LIB_FF = 1, WG_LIB_LATCH = 2 } wg_lib_seq;

typedef struct wg_lib_cell {
	const char *name;          /* "sky130_fd_sc_hd__inv_1" */
	double area;               /* area attribute (um^2 for sky130/OSU) */
	double leakage_nw;         /* cell_leakage_power; else the when-less leakage_power group;
	                            * else the mean of the `when` groups; else the library default */
	wg_lib_seq seq;            /* combinational, flip-flop or latch */
	const char *clocked_on;    /* ff clocked_on / latch enable expression, or NULL */
	const char *next_state;    /* ff next_state / latch data_in, or NULL */
	const char *state[2];      /* the ff/latch group's two variable names ("IQ", "IQ_N"), or NULL */
	const wg_lib_pin *pins;    /* pins in file order (pg_pin and bus groups are not read) */
	int npins;                 /* number of pins */
	int line;                  /* line of the cell group */
	const char *clock_gating;  /* clock_gating_integrated_cell ("latch_posedge": an ICG), or NULL */
} wg_lib_cell;

typedef struct wg_lib_template {
	const char *name;      /* "power_outputs_1" */
	wg_lib_var var1, var2; /* variable_1 / variable_2 */
	int n1, n2;            /* index lengths (0 when the template gives none) */
	const double *index_1; /* raw template indexes (library units, often placeholders) */
	const double *index_2;
	int line;              /* line of the template group */
} wg_lib_template;

typedef struct wg_lib_arena wg_lib_arena; /* private */

typedef struct wg_lib {
	const char *path;         /* file name used in messages */
	const char *name;         /* library group's name */
	double time_ns;           /* one time_unit in ns */
	double volt_v;            /* one voltage_unit in V */
	double cap_pf;            /* one capacitive_load_unit in pF */
	double leak_nw;           /* one leakage_power_unit in nW */
	double current_ma;        /* one current_unit in mA (0 when absent) */
	double res_kohm;          /* one pulling_resistance_unit in kohm (0 when absent) */
	double energy_pj;         /* one internal_power table unit in pJ (cap_pf * volt_v^2) */
	char unit_text[6][24];    /* the units as written: time, voltage, cap, leakage, current, resistance */
	double nom_voltage;       /* nom_voltage, else the default operating_conditions voltage, else 0 (V) */
	double default_leak_nw;   /* default_cell_leakage_power (nW) */
	double default_in_cap_pf; /* default_input_pin_cap (pF) */
	const wg_lib_template *templates; /* lu_table_template and power_lut_template groups */
	int ntemplates;
	const wg_lib_cell *cells; /* cells in file order */
	int ncells;
	wg_lib_arena *arena;      /* owns everything above */
} wg_lib;

/* Read a Liberty file / text. 0 ok; -1 with "NAME:LINE: reason" (or "NAME:
 * reason") in err and *lib zeroed. `name` is the file name for messages. */
int wg_lib_read(wg_lib *lib, const char *path, char *err, size_t n);
int wg_lib_parse(wg_lib *lib, const char *name, const char *text, size_t len, char *err, size_t n);
void wg_lib_free(wg_lib *lib);

/* Look-ups (NULL when absent). */
const wg_lib_cell *wg_lib_cell_find(const wg_lib *lib, const char *name);
const wg_lib_pin *wg_lib_pin_find(const wg_lib_cell *c, const char *name);
/* The first output pin (first output or inout), or NULL. */
const wg_lib_pin *wg_lib_first_output(const wg_lib_cell *c);
/* The ff/latch clock pin: the first input pin named in clocked_on/enable, or the
 * first pin with `clock : true`; a clock-gating cell's `clock : true` pin; NULL for
 * another combinational cell. */
const wg_lib_pin *wg_lib_clock_pin(const wg_lib_cell *c);

/* A table at (slew_ns, load_pf): bilinear interpolation, clamped to the index
 * range; OTHER axes at their first index. A scalar table returns its value. */
double wg_lib_table_at(const wg_lib_table *t, double slew_ns, double load_pf);

/* Internal energy (pJ) of one transition of output pin `out`: for every
 * internal_power group of the pin, the mean of its rise and fall tables at
 * (slew_ns, load_pf) (one table alone if the other is absent), then the mean
 * over the groups (related pins / `when` states: which input switched is not
 * known). 0 when the pin has no internal_power. For an input/clock pin the
 * same over its own groups: the energy of one transition of that input. */
double wg_lib_pin_energy(const wg_lib_pin *p, double slew_ns, double load_pf);
/* Clock energy (pJ) of one flop for one clock cycle at vdd: both clock-pin edges'
 * internal energy (rise + fall at slew_ns) + two transitions of the clock pin's
 * capacitance (2 x 1/2 C V^2). 0 for a combinational cell. */
double wg_lib_clock_energy(const wg_lib_cell *c, double slew_ns, double vdd);

/* ---- function strings: `!A`, `A'`, `A*B`, `A&B`, `A B`, `A+B`, `A|B`, `A^B`,
 * parentheses, 0 and 1. Precedence (Liberty): inversion, then XOR, then AND
 * (including juxtaposition), then OR; left to right. */
typedef enum { WG_LIB_F_CONST = 0, WG_LIB_F_VAR, WG_LIB_F_NOT, WG_LIB_F_AND, WG_LIB_F_OR, WG_LIB_F_XOR } wg_lib_fop;

typedef struct wg_lib_fnode {
	wg_lib_fop op; /* operation */
	int a, b;      /* operand node indexes (a only for NOT); the value for CONST; var index for VAR */
} wg_lib_fnode;

#define WG_LIB_FUNC_MAXVARS 64

typedef struct wg_lib_func {
	wg_lib_fnode *nodes; /* the tree, operands before their users */
	int nnodes;          /* number of nodes */
	int root;            /* the result node */
	char **vars;         /* variable names in first-appearance order */
	int nvars;           /* number of variables (<= WG_LIB_FUNC_MAXVARS) */
} wg_lib_func;

/* Parse `text`; 0 ok, -1 with "reason at column C in 'text'" in err. */
int wg_lib_func_parse(wg_lib_func *f, const char *text, char *err, size_t n);
/* Index of variable `name`, or -1. */
int wg_lib_func_var(const wg_lib_func *f, const char *name);
/* Value (0/1) with variable i = bit i of vals. */
int wg_lib_func_eval(const wg_lib_func *f, uint64_t vals);
void wg_lib_func_free(wg_lib_func *f);

/* ---- activity-based energy (docs/energy-model.md section 10) */
typedef struct wg_lib_act {
	const char *cell;  /* Liberty cell name */
	const char *pin;   /* output pin; NULL: the cell's first output */
	long instances;    /* cell instances this row stands for (leakage, clock); 0 for a
	                    * second output pin of instances already counted */
	double toggles;    /* transitions (0->1 and 1->0) of the pin's net(s) over the run */
	double load_pf;    /* the net's load: fanout input-pin capacitances + wire (pF); for
	                    * an aggregated row the toggle-weighted mean; < 0: WG_LIB_LOAD_PF */
	int clock_given;   /* 1: the cell's clock pin runs clock_cycles cycles, whatever the cell (a
	                    * clock-gated flop, an ICG); 0: a sequential cell's runs every cycle */
	double clock_cycles; /* with clock_given: cycles its clock pin toggles (2 edges each) */
} wg_lib_act;

typedef struct wg_lib_run {
	double vdd;       /* supply (V); <= 0: the library's nom_voltage */
	double slew_ns;   /* look-up slew; <= 0: WG_LIB_SLEW_NS */
	double cycles;    /* clock cycles simulated */
	double period_ns; /* clock period (ns), for leakage x time */
} wg_lib_run;

typedef struct wg_lib_energy {
	double internal_pj;  /* sum of toggles x the output pin's internal energy at (slew, load) */
	double switching_pj; /* sum of toggles x 1/2 C_load V^2 */
	double clock_pj;     /* flops x cycles x wg_lib_clock_energy */
	double leakage_pj;   /* sum of instances x leakage x cycles x period */
	double total_pj;     /* the four above */
	long flops;          /* instances of ff/latch cells */
	long instances;      /* all instances */
	double vdd;          /* supply used (V) */
	double slew_ns;      /* slew used (ns) */
	double time_ns;      /* cycles x period */
} wg_lib_energy;

/* 0 ok; -1 with a reason naming the row (unknown cell, pin not an output,
 * negative count, no supply voltage) in err. */
int wg_lib_activity(const wg_lib *lib, const wg_lib_act *rows, int nrows, const wg_lib_run *run,
                    wg_lib_energy *e, char *err, size_t n);

#ifdef __cplusplus
}
#endif

#endif
