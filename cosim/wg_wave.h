/* wg_wave.h - waveform files: the GTKWave save file (.gtkw) that goes with
 * an FST dump of the harness, and FST header clean-up for reproducible files.
 *
 * Signals in the save file are the block's ports as Verilator names them in
 * the dump, TOP.<top>.<port> (1 bit, binary) or TOP.<top>.<port>[msb:0]
 * (hex), grouped by the descriptor's port groups (wg_port_def.group) in
 * first-appearance order, a comment line per group, inputs before outputs
 * within a group; clk_i comes first and the design's top-level registers
 * (*_q, when the trace declarations are known) come last. Time: 1 cycle = 1000 ps, cycle c
 * starts (clock low, inputs applied) at c*1000 ps. */
#ifndef WG_WAVE_H
#define WG_WAVE_H

#include <stddef.h>

#include "wg_desc.h"

#define WG_WAVE_MAX_STATE 320 /* internal registers (array elements each) in the state group */

/* Signal names as they appear in the dump, read from Verilator's trace
 * declarations (obj/V<top>__Trace__0__Slow.cpp of the traced build): a
 * 1-bit port declared [0:0] is "name[0:0]" in the dump, not "name". */
typedef struct wg_trace_names {
	int found;                              /* 1 when every port was found */
	char port_range[WG_MAX_PORTS][32];      /* "" or "[msb:lsb]" per port */
	int nstate;                             /* registers (*_q) in the top scope */
	char state[WG_WAVE_MAX_STATE][160];     /* "name[msb:lsb]", "name[k][msb:lsb]" or "name" */
	int state_w[WG_WAVE_MAX_STATE];         /* their widths */
} wg_trace_names;

/* Read the declarations. Returns 0, or -1 (names then follow the widths). */
int wg_trace_names_read(wg_trace_names *t, const char *decl_cpp, const wg_block *b);

typedef struct wg_gtkw_spec {
	const wg_block *b;        /* block: ports and groups */
	const wg_layout *L;       /* widths */
	const char *top;          /* top module name */
	const char *title;        /* one line for the header comment */
	const char *fst;          /* dump file (absolute path) */
	const char *gtkw;         /* save file to write (absolute path) */
	long from, to;            /* cycles shown when GTKWave opens */
	long marker;              /* cycle of the marker, or -1 */
	const char *marker_name;  /* name of named marker A (no spaces), or NULL */
	const wg_trace_names *names; /* dump names, or NULL: "name[w-1:0]" from L */
} wg_gtkw_spec;

/* Write the save file atomically. Returns 0, or -1 with a message. */
int wg_gtkw_write(const wg_gtkw_spec *s, char *err, size_t n);

/* Blank the wall-clock date that the FST writer puts in the file header,
 * so the same run gives the same bytes. Returns 0, or -1. */
int wg_fst_strip_date(const char *path);

#endif
