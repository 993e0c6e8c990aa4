/* wg_blif.h - a gate-level netlist of Yosys's generic cells, read from the
 * BLIF that `write_blif -icells` writes: `.model`, `.inputs`, `.outputs`,
 * `.subckt $_AND_ A=a B=b Y=y` for every cell, `.names` only for wire
 * aliases (`.names a y` / `1 1`) and the constants ($false, $true, $undef),
 * `.end`. Nets that are aliases of each other are merged into one net; a
 * net that is read but has no driver (an x bit Yosys left open) reads 0, as
 * Yosys's $undef, and is counted.
 *
 * The cells are the ones whose meaning Yosys's simcells.v gives: the
 * combinational $_BUF_ ... $_OAI4_ and the positive-edge flip-flops with
 * synchronous reset and enable ($_DFF_P_, $_DFFE_PP_, $_SDFF_PP0_, $_SDFFE_,
 * $_SDFFCE_, every polarity of reset and enable). Anything else (latches,
 * asynchronous resets, negative-edge clocks, $_MUX4_) is refused with the
 * cell type and the line, since the native simulator (wg_netsim.h) has no
 * model for it. */
#ifndef WG_BLIF_H
#define WG_BLIF_H

#include <stddef.h>

#define WG_NL_MAXIN 4 /* inputs of one cell (flops: D, R, E) */

/* What a cell computes (combinational) or which flop family it is. */
typedef enum {
	WG_NL_BUF, WG_NL_NOT, WG_NL_AND, WG_NL_NAND, WG_NL_OR, WG_NL_NOR, WG_NL_XOR, WG_NL_XNOR,
	WG_NL_ANDNOT, WG_NL_ORNOT, WG_NL_MUX, WG_NL_NMUX, WG_NL_AOI3, WG_NL_OAI3, WG_NL_AOI4, WG_NL_OAI4,
	WG_NL_NCOMB, /* kinds below are flip-flops, clocked on the rising edge of the netlist's clock */
	WG_NL_DFF = WG_NL_NCOMB, /* Q <= D */
	WG_NL_DFFE,              /* if (E) Q <= D */
	WG_NL_SDFF,              /* if (R) Q <= rval; else Q <= D */
	WG_NL_SDFFE,             /* if (R) Q <= rval; else if (E) Q <= D */
	WG_NL_SDFFCE             /* if (E) { if (R) Q <= rval; else Q <= D; } */
} wg_nl_kind;

typedef struct wg_nl_cell {
	unsigned char kind;       /* wg_nl_kind */
	unsigned char nin;        /* inputs used in in[] */
	unsigned char rpol, epol; /* flops: active level of R and of E (1: high) */
	unsigned char rval;       /* flops: the reset value */
	short type;               /* index into wg_nl.types */
	int in[WG_NL_MAXIN];      /* input nets: A B C D (MUX: A B S) or flops D R E */
	int out;                  /* output net (Y, or Q) */
	int clk;                  /* flops: the clock net */
} wg_nl_cell;

typedef struct wg_nl_type {
	char name[24];            /* Yosys's cell type, e.g. "$_SDFFE_PP0P_" */
	long cells;               /* instances */
	int flop;                 /* a flip-flop */
	char pin[WG_NL_MAXIN][2]; /* the pin name of each in[] slot ("A", "D", ...) */
} wg_nl_type;

typedef struct wg_nl {
	char model[128];          /* .model name */
	char **name;              /* every net name as written, by name id */
	int *net;                 /* name id -> net (merged aliases) */
	long nnames;              /* names */
	long nnets;               /* nets after merging aliases */
	int *net_name;            /* net -> the first of its name ids (for messages) */
	signed char *konst;       /* per net: 0 or 1 when driven by a constant, else -1 */
	int *inputs;              /* name ids of .inputs, in order */
	long ninputs;
	int *outputs;             /* name ids of .outputs, in order */
	long noutputs;
	wg_nl_cell *cells;        /* every .subckt */
	long ncells;
	long flops;               /* flip-flop cells */
	wg_nl_type *types;        /* cell types in order of first use */
	int ntypes;
	long undriven;            /* nets read without a driver (x bits Yosys left open): read as 0 */
	char undriven_name[64];   /* the first of them */
	void *index;              /* name lookup (private) */
} wg_nl;

/* Parse the BLIF text (`name` is for messages: "NAME:LINE: ..."). Returns
 * 0, or -1 with a one-line message in err (nl is then freed). */
int wg_nl_read_blif(wg_nl *nl, const char *text, const char *name, char *err, size_t n);
void wg_nl_free(wg_nl *nl);
/* The net of a name ("ev_o[3]", "rst_i"), or -1. */
int wg_nl_find(const wg_nl *nl, const char *name);
/* The net of bit `bit` of port `port` ("port[bit]", or "port" when the port
 * is one bit wide), or -1. */
int wg_nl_port_bit(const wg_nl *nl, const char *port, int bit, int width);

#endif
