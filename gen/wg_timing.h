/* wg_timing.h - the critical path of a generated configuration mapped to a
 * Liberty library, with ABC's static timing (`stime -p`), and the check
 * against the paper's clock. Flow, corner and what the figure leaves out:
 * docs/user-guide.md ("Timing"); recipe: ../shared/TOOLCHAIN.md §8.4. */
#ifndef WG_TIMING_H
#define WG_TIMING_H

#include <stddef.h>

#include "wg_desc.h"

/* ---- ABC's `stime -p` text ---- */

/* What a start or end point is. ABC sees the flattened design's logic
 * between the flip-flops (which it leaves out), so a point that is not a
 * port of the block is a flip-flop's output (start) or input (end). */
typedef enum {
	WG_TP_REG = 0,   /* a flip-flop (its Q for a start point, its D or reset for an end point) */
	WG_TP_IN = 1,    /* an input port of the block */
	WG_TP_OUT = 2,   /* an output port of the block */
} wg_tp_kind;

typedef struct wg_tcell {
	char *cell;      /* library cell, "pi" for the start point */
	int fanin;       /* inputs of the node */
	int fanout;      /* fanout of the node */
	double arrival;  /* ABC's Df: arrival time at the node's output, ps */
	double delay;    /* arrival minus the previous node's arrival, ps */
} wg_tcell;

typedef struct wg_stime {
	char wireload[64];   /* ABC's WireLoad name ("none": pin capacitance only) */
	long gates;          /* mapped gates */
	double area;         /* ABC's area, library units */
	double delay_ps;     /* ABC's "Delay =" figure, ps */
	wg_tcell *path;      /* path[0] is the start point ("pi"), then each cell */
	int npath;
	char start[256];     /* start point's net name as ABC prints it (Yosys's name, "\\" removed) */
	char end[256];       /* end point's net name */
} wg_stime;

/* Parse the output of one `stime -p` (lines may carry Yosys's "ABC: "
 * prefix). Every path node's delay is its Df minus the previous Df.
 * Returns 0, or -1 with a message. */
int wg_stime_parse(const char *text, wg_stime *t, char *err, size_t n);
void wg_stime_free(wg_stime *t);

/* "\\mark_i [5]" -> "mark_i" (the net's base name, without bit index). */
void wg_net_base(const char *net, char *buf, size_t n);
/* What a start (is_end 0) or end (is_end 1) point of block b is. */
wg_tp_kind wg_tpoint_kind(const wg_block *b, const char *net, int is_end);
const char *wg_tp_kind_name(wg_tp_kind k);   /* "register", "input port", "output port" */

/* ---- the paper's clock ---- */

typedef struct wg_paper_clock {
	const char *block;    /* block name */
	const char *paper;    /* short citation */
	double period_ps;     /* the paper's cycle, ps */
	double node_nm;       /* the paper's technology node */
	int node_assumed;     /* 1: the paper gives no node (the spec's decision) */
	const char *source;   /* where the clock and node come from */
} wg_paper_clock;

/* The paper clock of block name, or NULL when the paper gives none. */
const wg_paper_clock *wg_paper_clock_find(const char *block);

/* The node of a Liberty file, from its name (sky130 -> 130, osu018 -> 180):
 * 0 when unknown. */
double wg_lib_node_nm(const char *path);

/* ---- one timing run ---- */

typedef struct wg_timing_result {
	char dir[4096];          /* out/area/<block>/<config> (shared with `warpgen area`) */
	char yosys_version[128];
	char lib_path[4096];     /* as given */
	char corner[256];        /* the library's nom_process / nom_voltage / nom_temperature, as written */
	char time_unit[32];      /* the library's time_unit */
	wg_stime st;             /* ABC's report */
	wg_tp_kind start_kind, end_kind;
	long flop_bits;          /* flip-flop bits of the netlist (from the area step) */
	double synth_seconds;    /* step 1 (shared with area; 0 when cached) */
	int synth_cached;
	double abc_seconds;      /* the timing step (0 when cached) */
	int abc_cached;
} wg_timing_result;

/* The default Liberty: sky130 hd typical from ../shared/liberty when present,
 * else the OSU 0.18 um file of `make deps`; "" when neither exists. */
void wg_timing_default_liberty(char *buf, size_t n);

/* Generate b at p (out/area/<block>/<config>/), synthesize or reuse
 * `warpgen area`'s step 1, then flatten, map to the library and run ABC's
 * timing script (cached by the step-1 key, the script and the Liberty
 * text). Returns 0, or -1 with a message (*code 2 = bad input, 1 = tool). */
int wg_timing_run(const wg_block *b, const long *p, const char *liberty, wg_timing_result *r, int *code, char *err,
		  size_t n);
void wg_timing_free(wg_timing_result *r);

#endif
