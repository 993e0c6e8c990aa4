/* wg_wave.h - waveform files: the GTKWave save file (.gtkw) that goes with
 * an FST dump of the harness, and FST header clean-up for reproducible files.
 *
 * Signals in the save file are the block's ports as Verilator names them in
 * the dump, TOP.<top>.<port> or TOP.<top>.<port>[msb:0] (layout and radix
 * below), and the design's top-level registers (*_q, when the trace
 * declarations are known). Time: the dump's
 * timescale is 1 ps and 1 cycle = 1000 ps = 1 ns, so the time axis reads as
 * cycles in ns; cycle c starts (clock low, inputs applied) at c*1000 ps. */
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

/* The registers a traced build would dump, read from the generated Verilog text v instead (no
 * Verilator; state names only, no widths, found 0): the module-scope declarations (reg, logic,
 * wire) of module top whose names end in _q, and for a composition those of each instance
 * `MODULE u_NAME (` as "u_NAME.reg". An unpacked array is "name[]": its size is not read, so an
 * element index out of range shows only in the traced run. Returns 0, or -1 when top is missing. */
int wg_trace_names_from_verilog(wg_trace_names *t, const char *v, const char *top, const wg_block *b);

/* Check a focus list (wg_case_def.focus) without writing anything: every name a port of b or a
 * register of t (as the save file resolves it). 0, or -1 and a message naming the first that is
 * neither. */
int wg_focus_check(const wg_block *b, const char *focus, const wg_trace_names *t, char *err, size_t n);

/* A named marker: GTKWave 3.3 names markers A..Z in the order given. */
typedef struct wg_wave_marker {
	long cycle;                /* the cycle the marker sits on (its start, cycle*1000 ps) */
	char name[120];            /* shown in GTKWave's marker list; also a comment line */
} wg_wave_marker;

#define WG_WAVE_MAX_MARKERS 8

typedef struct wg_gtkw_spec {
	const wg_block *b;        /* block: ports and groups */
	const wg_layout *L;       /* widths */
	const char *top;          /* top module name */
	const char *title;        /* one line for the header comment */
	const char *about;        /* comment trace at the top (what the scenario does), or NULL */
	const char *fst;          /* dump file (absolute path) */
	const char *gtkw;         /* save file to write (absolute path) */
	long from, to;            /* cycles shown when GTKWave opens */
	int nmarkers;             /* named markers (the first is also the primary marker) */
	wg_wave_marker markers[WG_WAVE_MAX_MARKERS]; /* in order A, B, ... */
	const wg_trace_names *names; /* dump names, or NULL: "name[w-1:0]" from L */
	const char *focus;        /* the case's signals to show first (wg_case_def.focus), or NULL */
} wg_gtkw_spec;

/* Save-file layout (GTKWave groups, opened): a comment trace with `about`
 * and one comment per marker ("A @ cycle 12: name"), clk_i, then the group
 * "focus" with the case's declared signals in their order (when it declares
 * any: a name that is neither a port nor a register of the dump is an error;
 * a port absent in this configuration, width 0, is skipped), then the group
 * "inputs" and the group "outputs" (ports sub-headed by the descriptor's port
 * groups, in first-appearance order), then "key state": the design's
 * registers (*_q) in declaration order. */

/* Radix of one signal: "bin" for 1 bit; "dec" for a multi-bit signal of at
 * most 16 bits whose name ends (direction suffix _i/_o/_q dropped) with a
 * count or index word: cnt count age idx ptr head tail level used num warp
 * slot reg pid iter owner credits occ pos (lu_slot_i, wr_warp_i, owner_q,
 * pq_count_o; not slot_free_o, a mask); "hex" otherwise. */
const char *wg_wave_radix(const char *name, int width);

/* Write the save file atomically. Returns 0, or -1 with a message. */
int wg_gtkw_write(const wg_gtkw_spec *s, char *err, size_t n);

/* The dump names of a traced build in cache folder dir (its Verilator trace
 * declarations). Never NULL (names->found is 0 when unknown); caller frees. */
wg_trace_names *wg_trace_names_of_build(const char *dir, const char *top, const wg_block *b);


/* Blank the wall-clock date that the FST writer puts in the file header,
 * so the same run gives the same bytes. Returns 0, or -1. */
int wg_fst_strip_date(const char *path);

#endif
