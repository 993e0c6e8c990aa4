/* prefetch_table_stim_cases.c - the directed cases of the `prefetch_table`
 * stimulus (docs/prefetch_table.md "Directed cases", spec §4.13). Each case
 * is a script of steps (loads held until ld_ack_o, fills, pf_ready_i /
 * pf_present_i settings, idle cycles). Every cycle the outputs are checked
 * against hand-computed expectations: the lines leaving the queue (line and
 * tag, in order), the queue's latency and count (a shadow of push cycles),
 * ld_ack_o only in phase 3 of a held load and after exactly the expected
 * number of cycles, entry_o, and per-load event counts (confirm, dist_inc,
 * dist_dec, push); finish() checks event totals and that every expected
 * line was issued. Expectations come from the contract, not from the model. */
#include <stdio.h>
#include <string.h>

#include "prefetch_table_stim.h"
#include "wg_bits.h"

/* One small set for most cases (one Verilator build), one at THREADS=32. */
#define SET_A                                                                                              \
	"ENTRIES=4,PC_BITS=4,ADDR_BITS=16,CONF_BITS=3,TIDX_BITS=4,DIST_BITS=2,WARPS=2,THREADS=8,"           \
	"LANES_PER_CYCLE=4,PQ_DEPTH=4,ISSUE_LAT=2"
#define SET_B "ENTRIES=4,PC_BITS=4,WARPS=2,THREADS=32,LANES_PER_CYCLE=8,PQ_DEPTH=8,ISSUE_LAT=2"

enum {
	C_FOA_STREAM,
	C_HIT_REPLACE,
	C_FILL_LOAD,
	C_TWO_THREAD,
	C_NEG_OFF,
	C_OFF_BIG,
	C_HOLES,
	C_CONF_SAT,
	C_DIST,
	C_TIA_WALK,
	C_PQ_FULL,
	C_FILL_REALLOC,
	C_BOUNDARY,
	C_TIA_LAL,
	C_ITER_CHANGE,
	C_PRESENT_LAST,
	C_TIA_TWO,
	C_NCASES
};

_Static_assert((int)C_NCASES == (int)PTS_NCASES, "PTS_NCASES in prefetch_table_stim.h counts the cases");

const wg_case_def pts_cases[C_NCASES] = {
	[C_FOA_STREAM] = {"foa_stream_confirm",
		"32 lanes, 4-byte stride, n = 128: confirmed on the first load (conf 30 >= 32 - 2), pushes lines "
		"0x810..0x813 (distance 1) with last only on the 4th, 28 merges, ack after 4 + 5 + 1 cycles",
		"spec §4.13, §4.4-4.5", SET_B},
	[C_HIT_REPLACE] = {"hit_and_replace_same_cycle",
		"scalar miss of PC 4 (its FOA entry 3 has the lowest conf 6) creates a TIA entry for LAL = PC 3: the "
		"victim is entry 0 (conf 7), never the load's own entry; PC 4 then still hits entry 3 and PC 3 triggers "
		"the TIA line with tag {3, 0, w0, last, tia}",
		"spec §4.13, §4.6; docs victim rule", SET_A},
	[C_FILL_LOAD] = {"fill_and_load_same_cycle",
		"the fill of the last line arrives in the cycle the next load of the entry is looked up: applied first "
		"(01 -> 10, timely): no distance change; the load after, with no fill, is slow: distance 2",
		"spec §4.7, §4.13", SET_A},
	[C_TWO_THREAD] = {"two_thread_warp",
		"2 active lanes (MIN_ACTIVE = 3) with a perfect stride, 3 loads: never confirmed, nothing pushed",
		"spec §4.4, §4.13", SET_A},
	[C_NEG_OFF] = {"negative_offset",
		"descending addresses (offset -16): lines 0xFC, 0xFB, 0xFA, 0xF9, 0xF8 pushed in that order, 3 lanes "
		"merged, last on 0xF8",
		"spec §4.13, A-AP-4", SET_A},
	[C_OFF_BIG] = {"offset_too_big",
		"offset 256 (does not fit OFFSET_BITS = 8) and a ratio 3/2 over inactive lanes: no pattern, no "
		"confirm, no push",
		"spec §4.13, A-AP-4", SET_A},
	[C_HOLES] = {"divergence_holes",
		"lanes 0,1,3,4,6,7 active, 8 bytes per lane index: the ratio rule matches across holes (conf 4 >= 6 - "
		"2): confirmed, lines 0x182 and 0x183 pushed, 4 merges",
		"spec §4.4, §4.13", SET_A},
	[C_CONF_SAT] = {"conf_saturation_then_mismatch",
		"CONF_BITS = 3: conf 6 then 6 + 7 saturates at 7 (a wrap to 5 would not confirm); one bad lane "
		"resets it to 0 (no confirm, no push); the next clean load confirms again",
		"spec §4.13, A-AP-3", SET_A},
	[C_DIST] = {"distance_slow_then_early",
		"DIST_BITS = 2: no fill (state 01 at the next load): +1 twice to 3, saturates; fill + miss (state 10): "
		"-1 twice to 1, saturates; the predicted lines show each distance; dist_inc/dist_dec count the slow/early "
		"loads, also when saturated",
		"spec §4.7, §4.13", SET_A},
	[C_TIA_WALK] = {"tia_walk_two_loads_ahead",
		"PC 5 scalar misses after PC 6: TIA entry 3 triggered by PC 6; still late: slow, then at PC 6's next "
		"trigger it migrates to PC 7 (the load before PC 6), which triggers it next",
		"spec §4.6, §4.13", SET_A},
	[C_PQ_FULL] = {"queue_full_drop",
		"pf_ready_i low, one load of 8 lines into PQ_DEPTH 4: the 4 newest dropped (pq_full, no push event), the "
		"load still acks on time; pf_present_i drops the head (present wins over a low ready); then ready: the "
		"other 3 kept lines and a later load's line issue after ISSUE_LAT",
		"spec §4.8, A-AP-15", SET_A},
	[C_FILL_REALLOC] = {"fill_after_reallocation",
		"PC 1's entry 0 is reallocated to PC 5; the old fill tag {1, 0, w0, last} is ignored (no fill event), "
		"so PC 5's next load is slow (distance 2)",
		"spec §4.13 #7", SET_A},
	[C_BOUNDARY] = {"boundary_suppress",
		"ADDR_BITS = 16: predictions 0xFFD0 + 8t; lanes 6-7 reach 0x10000: suppressed; lines 0x7FE and 0x7FF "
		"(last) pushed",
		"spec §4.13, A-AP-5", SET_A},
	[C_TIA_LAL] = {"tia_lal_invalid_or_same",
		"scalar misses of PC 5 (warp 0) create no TIA entry while warp 0's LAL is invalid (first load after "
		"reset), equals PC 5, or was set only by warp 1; after warp 0 loads PC 6 one is created (entry 2) and "
		"PC 6, which also owns FOA entry 1, triggers it: line 0x80, tag {6, 2, w0, last, tia}; a late miss sets "
		"its slow bit: warp 1's trigger (LAL = PC 6 itself) does not migrate it, warp 0's (LAL = PC 5) does",
		"spec §4.13 #11, §4.6", SET_A},
	[C_ITER_CHANGE] = {"warp_count_change",
		"n (ld_iter_i) falls from 16 to 8 between two loads of one confirmed stream: the first predicts line "
		"0x22 (n = 16), the second line 0x23 with the new n (the old n would give 0x24)",
		"spec §4.13 #13, §4.5", SET_A},
	[C_PRESENT_LAST] = {"present_last_line",
		"pf_present_i drops a batch's last line (already in the L1): no fill event, yet the entry moves 01 -> "
		"10 as on a fill, so the next load is timely (no dist_inc, line 0x22 at distance 1, issued)",
		"spec §4.13 #14, §4.7", SET_A},
	[C_TIA_TWO] = {"tia_two_entries_one_trigger",
		"scalar misses of PC 5 at two addresses, each after PC 6: two TIA entries (2, 3) with trigger PC 6, "
		"which also owns FOA entry 0; PC 6's next load scans both: lines 0x80 then 0x100, one per cycle",
		"spec §4.13 #11, §4.6", SET_A},
};

/* ---- scripts ---- */

enum { S_END = 0, S_LOAD, S_FILL, S_IDLE, S_READY, S_PRESENT };

#define NOX (-1) /* not checked */

typedef struct pts_step {
	int kind;               /* S_* */
	unsigned pc, warp;      /* load; fill tag pc / warp */
	uint32_t mask;          /* load: active lanes (0: all) */
	long base, stride;      /* load: lane l at base + l*stride; S_IDLE: cycles; S_READY/PRESENT: value */
	unsigned miss, iter;    /* load */
	int fill;               /* load: also a fill of tag fe/fl/ft in its first cycle */
	unsigned fe, fl, ft;    /* fill tag: entry, last, tia */
	int len;                /* load: cycles from take to ack inclusive (NOX) */
	int entry;              /* load: entry_o while busy (NOX) */
	int conf, inc, dec;     /* load: confirm / dist_inc / dist_dec events expected (NOX) */
	int npush;              /* load: push events (NOX) */
	long bad_lane;          /* load: lane l (if >= 0) gets +4 bytes */
} pts_step;

typedef struct pts_exp {
	uint32_t line;
	unsigned pc, entry, warp, last, tia;
} pts_exp;

typedef struct pts_tot {
	int ev;                 /* PT_EV_* (-1 ends) */
	long n;                 /* total expected */
} pts_tot;

#define MAXS 40
#define MAXE 16
#define MAXT 12

typedef struct pts_script {
	pts_step s[MAXS];
	pts_exp e[MAXE];
	pts_tot t[MAXT];
	int key_ev;             /* the event whose first cycle is the key cycle */
} pts_script;

/* a stride-4 load of 8 lanes at base b (n = 8): one line b/32 + dist */
#define LD(pc, w, b, len, ent, cf, inc, dec, np)                                                            \
	{S_LOAD, pc, w, 0, b, 4, 0, 8, 0, 0, 0, 0, len, ent, cf, inc, dec, np, -1}
#define LDM(pc, w, b, miss, len, ent, cf, inc, dec, np)                                                     \
	{S_LOAD, pc, w, 0, b, 4, miss, 8, 0, 0, 0, 0, len, ent, cf, inc, dec, np, -1}
#define SCAL(pc, w, a, miss, len, ent) {S_LOAD, pc, w, 0, a, 0, miss, 8, 0, 0, 0, 0, len, ent, 0, NOX, NOX, 0, -1}
#define TWO(pc, w, b, len, ent) {S_LOAD, pc, w, 0x3, b, 4, 0, 8, 0, 0, 0, 0, len, ent, 0, NOX, NOX, NOX, -1}
#define FILL(pc, e, w) {S_FILL, pc, w, 0, 0, 0, 0, 0, 0, e, 1, 0, NOX, NOX, NOX, NOX, NOX, NOX, -1}
#define IDLE(k) {S_IDLE, 0, 0, 0, k, 0, 0, 0, 0, 0, 0, 0, NOX, NOX, NOX, NOX, NOX, NOX, -1}
#define PRESENT(v) {S_PRESENT, 0, 0, 0, v, 0, 0, 0, 0, 0, 0, 0, NOX, NOX, NOX, NOX, NOX, NOX, -1}
#define READY(v) {S_READY, 0, 0, 0, v, 0, 0, 0, 0, 0, 0, 0, NOX, NOX, NOX, NOX, NOX, NOX, -1}
#define T(pcv, e, w, l) pcv, e, w, l, 0
#define END {-1, 0}

/* Pseudo-ops for the few loads with special addresses (built in init). */
#define ADDR_OFF_RATIO 1 /* lanes 0,2,4,6: base + 3*(l/2) */

static const pts_script scripts[C_NCASES] = {
	[C_FOA_STREAM] = {{{S_LOAD, 5, 0, 0, 0x10000, 4, 0, 128, 0, 0, 0, 0, 10, 0, 1, 0, 0, 4, -1}},
		{{0x810, T(5, 0, 0, 0)}, {0x811, T(5, 0, 0, 0)}, {0x812, T(5, 0, 0, 0)}, {0x813, T(5, 0, 0, 1)}},
		{{PT_EV_CONFIRM, 1}, {PT_EV_MERGE, 28}, {PT_EV_LOOKUP, 1}, {PT_EV_ALLOC, 1}, {PT_EV_SUPPRESS, 0},
			{PT_EV_PQ_FULL, 0}, {PT_EV_ISSUE, 4}, END},
		PT_EV_CONFIRM},
	[C_HIT_REPLACE] = {{LD(1, 0, 0x400, 6, 0, 1, 0, 0, 1), LD(1, 1, 0x420, 6, 0, 1, 0, 0, 1),
				   LD(2, 0, 0x800, 6, 1, 1, 0, 0, 1), LD(2, 1, 0x820, 6, 1, 1, 0, 0, 1),
				   LD(3, 0, 0xC00, 6, 2, 1, 0, 0, 1), LD(3, 1, 0xC20, 6, 2, 1, 0, 0, 1),
				   SCAL(4, 0, 0x1000, 1, 4, 3), SCAL(4, 0, 0x1000, 0, 4, 3),
				   LD(3, 0, 0xC40, 7, 2, 1, 1, 0, 2)},
		{{0x21, T(1, 0, 0, 1)}, {0x22, T(1, 0, 1, 1)}, {0x41, T(2, 1, 0, 1)}, {0x42, T(2, 1, 1, 1)},
			{0x61, T(3, 2, 0, 1)}, {0x62, T(3, 2, 1, 1)}, {0x64, T(3, 2, 0, 1)}, {0x80, 3, 0, 0, 1, 1}},
		{{PT_EV_ALLOC, 5}, {PT_EV_TIA_CREATE, 1}, {PT_EV_TIA_TRIGGER, 1}, {PT_EV_LOOKUP, 9}, END},
		PT_EV_TIA_CREATE},
	[C_FILL_LOAD] = {{LD(1, 0, 0x400, 6, 0, 1, 0, 0, 1),
				 {S_LOAD, 1, 0, 0, 0x420, 4, 0, 8, 1, 0, 1, 0, 6, 0, 1, 0, 0, 1, -1},
				 LD(1, 0, 0x440, 6, 0, 1, 1, 0, 1)},
		{{0x21, T(1, 0, 0, 1)}, {0x22, T(1, 0, 0, 1)}, {0x24, T(1, 0, 0, 1)}},
		{{PT_EV_FILL, 1}, {PT_EV_DIST_INC, 1}, {PT_EV_DIST_DEC, 0}, END},
		PT_EV_FILL},
	[C_TWO_THREAD] = {{TWO(1, 0, 0x400, 4, 0), TWO(1, 0, 0x420, 4, 0), TWO(1, 0, 0x440, 4, 0)},
		{{0, 0, 0, 0, 0, 0}},
		{{PT_EV_CONFIRM, 0}, {PT_EV_PUSH, 0}, {PT_EV_LOOKUP, 3}, {PT_EV_ALLOC, 1}, END},
		PT_EV_LOOKUP},
	[C_NEG_OFF] = {{{S_LOAD, 1, 0, 0, 0x2000, -16, 0, 8, 0, 0, 0, 0, 8, 0, 1, 0, 0, 5, -1}},
		{{0xFC, T(1, 0, 0, 0)}, {0xFB, T(1, 0, 0, 0)}, {0xFA, T(1, 0, 0, 0)}, {0xF9, T(1, 0, 0, 0)},
			{0xF8, T(1, 0, 0, 1)}},
		{{PT_EV_MERGE, 3}, {PT_EV_SUPPRESS, 0}, {PT_EV_PQ_FULL, 0}, END},
		PT_EV_CONFIRM},
	[C_OFF_BIG] = {{{S_LOAD, 1, 0, 0, 0x400, 256, 0, 8, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, -1},
			       {S_LOAD, 1, 0, 0, 0x600, 256, 0, 8, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, -1},
			       {S_LOAD, 2, 0, 0x55, 0x2000, -ADDR_OFF_RATIO, 0, 8, 0, 0, 0, 0, 4, 1, 0, 0, 0, 0, -1},
			       {S_LOAD, 2, 0, 0x55, 0x2100, -ADDR_OFF_RATIO, 0, 8, 0, 0, 0, 0, 4, 1, 0, 0, 0, 0, -1}},
		{{0, 0, 0, 0, 0, 0}},
		{{PT_EV_CONFIRM, 0}, {PT_EV_PUSH, 0}, {PT_EV_ALLOC, 2}, END},
		PT_EV_LOOKUP},
	[C_HOLES] = {{{S_LOAD, 1, 0, 0xDB, 0x3000, 8, 0, 8, 0, 0, 0, 0, 6, 0, 1, 0, 0, 2, -1}},
		{{0x182, T(1, 0, 0, 0)}, {0x183, T(1, 0, 0, 1)}},
		{{PT_EV_MERGE, 4}, {PT_EV_CONFIRM, 1}, END},
		PT_EV_CONFIRM},
	[C_CONF_SAT] = {{LD(1, 0, 0x400, 6, 0, 1, 0, 0, 1), FILL(1, 0, 0), LD(1, 0, 0x420, 6, 0, 1, 0, 0, 1),
				FILL(1, 0, 0), {S_LOAD, 1, 0, 0, 0x440, 4, 0, 8, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 7},
				LD(1, 0, 0x460, 6, 0, 1, 0, 0, 1)},
		{{0x21, T(1, 0, 0, 1)}, {0x22, T(1, 0, 0, 1)}, {0x24, T(1, 0, 0, 1)}},
		{{PT_EV_CONFIRM, 3}, {PT_EV_FILL, 2}, {PT_EV_DIST_INC, 0}, {PT_EV_DIST_DEC, 0}, END},
		PT_EV_CONFIRM},
	[C_DIST] = {{LD(1, 0, 0x400, 6, 0, 1, 0, 0, 1), LD(1, 0, 0x420, 6, 0, 1, 1, 0, 1),
			    LD(1, 0, 0x440, 6, 0, 1, 1, 0, 1), LD(1, 0, 0x460, 6, 0, 1, 1, 0, 1), FILL(1, 0, 0),
			    LDM(1, 0, 0x480, 1, 6, 0, 1, 0, 1, 1), FILL(1, 0, 0), LDM(1, 0, 0x4A0, 1, 6, 0, 1, 0, 1, 1),
			    FILL(1, 0, 0), LDM(1, 0, 0x4C0, 1, 6, 0, 1, 0, 1, 1)},
		{{0x21, T(1, 0, 0, 1)}, {0x23, T(1, 0, 0, 1)}, {0x25, T(1, 0, 0, 1)}, {0x26, T(1, 0, 0, 1)},
			{0x26, T(1, 0, 0, 1)}, {0x26, T(1, 0, 0, 1)}, {0x27, T(1, 0, 0, 1)}},
		{{PT_EV_FILL, 3}, {PT_EV_DIST_INC, 3}, {PT_EV_DIST_DEC, 3}, END},
		PT_EV_DIST_DEC},
	[C_TIA_WALK] = {{TWO(7, 0, 0x400, 4, 0), TWO(6, 0, 0x800, 4, 1), SCAL(5, 0, 0x1000, 1, 4, 2),
				TWO(7, 0, 0x420, 4, 0), TWO(6, 0, 0x820, 5, 1), SCAL(5, 0, 0x1000, 1, 4, 2),
				TWO(7, 0, 0x440, 4, 0), TWO(6, 0, 0x840, 5, 1), SCAL(5, 0, 0x1000, 0, 4, 2),
				TWO(7, 0, 0x460, 5, 0), TWO(6, 0, 0x860, 4, 1)},
		{{0x80, 6, 3, 0, 1, 1}, {0x80, 6, 3, 0, 1, 1}, {0x80, 7, 3, 0, 1, 1}},
		{{PT_EV_TIA_CREATE, 1}, {PT_EV_TIA_TRIGGER, 3}, {PT_EV_TIA_MIGRATE, 1}, {PT_EV_ALLOC, 4}, {PT_EV_PUSH, 3},
			{PT_EV_CONFIRM, 0}, END},
		PT_EV_TIA_MIGRATE},
	[C_PQ_FULL] = {{READY(0), {S_LOAD, 1, 0, 0, 0x400, 32, 0, 8, 0, 0, 0, 0, 11, 0, 1, 0, 0, 4, -1}, IDLE(4),
			       PRESENT(1), IDLE(1), PRESENT(0), READY(1), LD(2, 0, 0x800, 6, 1, 1, 0, 0, 1)},
		{{0x28, T(1, 0, 0, 0)}, {0x29, T(1, 0, 0, 0)}, {0x2A, T(1, 0, 0, 0)}, {0x2B, T(1, 0, 0, 0)},
			{0x41, T(2, 1, 0, 1)}},
		{{PT_EV_PQ_FULL, 4}, {PT_EV_ISSUE, 4}, {PT_EV_PRESENT, 1}, END},
		PT_EV_PQ_FULL},
	[C_FILL_REALLOC] = {{LD(1, 0, 0x400, 6, 0, 1, 0, 0, 1), LD(2, 1, 0x800, 6, 1, 1, 0, 0, 1),
				    LD(3, 1, 0xC00, 6, 2, 1, 0, 0, 1), LD(4, 1, 0x1000, 6, 3, 1, 0, 0, 1),
				    LD(5, 0, 0x1400, 6, 0, 1, 0, 0, 1), FILL(1, 0, 0), LD(5, 0, 0x1420, 6, 0, 1, 1, 0, 1)},
		{{0x21, T(1, 0, 0, 1)}, {0x41, T(2, 1, 1, 1)}, {0x61, T(3, 2, 1, 1)}, {0x81, T(4, 3, 1, 1)},
			{0xA1, T(5, 0, 0, 1)}, {0xA3, T(5, 0, 0, 1)}},
		{{PT_EV_FILL, 0}, {PT_EV_ALLOC, 5}, {PT_EV_DIST_INC, 1}, END},
		PT_EV_DIST_INC},
	[C_BOUNDARY] = {{{S_LOAD, 1, 0, 0, 0xFF80, 8, 0, 10, 0, 0, 0, 0, 7, 0, 1, 0, 0, 2, -1}},
		{{0x7FE, T(1, 0, 0, 0)}, {0x7FF, T(1, 0, 0, 1)}},
		{{PT_EV_SUPPRESS, 2}, {PT_EV_MERGE, 4}, END},
		PT_EV_SUPPRESS},
	[C_TIA_LAL] = {{SCAL(5, 0, 0x1000, 1, 4, 0), SCAL(5, 0, 0x1000, 1, 4, 0), TWO(6, 1, 0x800, 4, 1),
			       SCAL(5, 0, 0x1000, 1, 4, 0), TWO(6, 0, 0x820, 4, 1), SCAL(5, 0, 0x1000, 1, 4, 0),
			       TWO(6, 0, 0x840, 5, 1), SCAL(5, 0, 0x1000, 1, 4, 0), TWO(6, 1, 0x8A0, 5, 1),
			       TWO(6, 0, 0x8C0, 5, 1)},
		{{0x80, 6, 2, 0, 1, 1}, {0x80, 6, 2, 1, 1, 1}, {0x80, 6, 2, 0, 1, 1}},
		{{PT_EV_TIA_CREATE, 1}, {PT_EV_TIA_TRIGGER, 3}, {PT_EV_TIA_MIGRATE, 1}, {PT_EV_ALLOC, 3},
			{PT_EV_LOOKUP, 10}, {PT_EV_PUSH, 3}, {PT_EV_CONFIRM, 0}, END},
		PT_EV_TIA_CREATE},
	[C_ITER_CHANGE] = {{{S_LOAD, 1, 0, 0, 0x400, 4, 0, 16, 0, 0, 0, 0, 6, 0, 1, 0, 0, 1, -1}, FILL(1, 0, 0),
				   LD(1, 0, 0x440, 6, 0, 1, 0, 0, 1)},
		{{0x22, T(1, 0, 0, 1)}, {0x23, T(1, 0, 0, 1)}},
		{{PT_EV_CONFIRM, 2}, {PT_EV_FILL, 1}, {PT_EV_DIST_INC, 0}, {PT_EV_DIST_DEC, 0}, {PT_EV_PUSH, 2}, END},
		PT_EV_FILL},
	[C_PRESENT_LAST] = {{PRESENT(1), LD(1, 0, 0x400, 6, 0, 1, 0, 0, 1), IDLE(4), PRESENT(0),
				    LD(1, 0, 0x420, 6, 0, 1, 0, 0, 1)},
		{{0x21, T(1, 0, 0, 1)}, {0x22, T(1, 0, 0, 1)}},
		{{PT_EV_PRESENT, 1}, {PT_EV_ISSUE, 1}, {PT_EV_FILL, 0}, {PT_EV_DIST_INC, 0}, {PT_EV_DIST_DEC, 0}, END},
		PT_EV_PRESENT},
	[C_TIA_TWO] = {{TWO(6, 0, 0x800, 4, 0), SCAL(5, 0, 0x1000, 1, 4, 1), TWO(6, 0, 0x820, 5, 0),
			       SCAL(5, 0, 0x2000, 1, 4, 1), TWO(6, 0, 0x840, 6, 0)},
		{{0x80, 6, 2, 0, 1, 1}, {0x80, 6, 2, 0, 1, 1}, {0x100, 6, 3, 0, 1, 1}},
		{{PT_EV_TIA_CREATE, 2}, {PT_EV_TIA_TRIGGER, 3}, {PT_EV_TIA_MIGRATE, 0}, {PT_EV_ALLOC, 4},
			{PT_EV_LOOKUP, 5}, {PT_EV_PUSH, 3}, {PT_EV_CONFIRM, 0}, END},
		PT_EV_TIA_TRIGGER},
};

/* ---- case state ---- */

typedef struct pts_cs {
	const wg_layout *L;     /* frame layout */
	pt_cfg c;               /* parameters */
	int ci;                 /* case index */
	const pts_script *sc;   /* its script */
	int nexp;               /* expected issued lines */
	int st;                 /* current step */
	int busy;               /* the current step's load is held */
	long take;              /* its first cycle */
	long idle;              /* S_IDLE cycles left */
	int ready, present;     /* pf_ready_i, pf_present_i */
	int filled;             /* S_FILL of the current step done */
	int drain;              /* cycles since the script ended */
	long ldev[PT_NEVENTS];  /* events during the current load */
	long tot[PT_NEVENTS];   /* events in the case */
	long first[PT_NEVENTS]; /* first cycle of each event (-1) */
	int issued;             /* lines popped so far */
	long pq[64];            /* shadow queue: push cycles */
	int pqn;                /* its count */
	int loads;              /* loads acknowledged */
	char msg[200];          /* a failure seen in observe() */
} pts_cs;

size_t pts_case_size(void)
{
	return sizeof(pts_cs);
}

const char *pts_case_init(void *v, const long *p, const wg_layout *L, int case_idx, char *err, size_t n)
{
	pts_cs *s = v;
	s->L = L;
	pt_cfg_from_params(&s->c, p);
	s->ci = case_idx;
	s->sc = &scripts[case_idx];
	/* what the scripts need; MIN_ACTIVE, CONF_*, DIST_BITS, OFFSET_BITS, ADDR_BITS, PQ_DEPTH... may be
	 * changed to see the claims fail */
	const char *want = case_idx == C_FOA_STREAM ? "THREADS=32,LANES_PER_CYCLE=8,LINE_BYTES=32,ADDR_BITS>=18"
						    : "THREADS=8,LANES_PER_CYCLE=4,LINE_BYTES=32,ADDR_BITS>=16,WARPS>=2,"
						      "ENTRIES=4,PC_BITS>=3";
	int ok = s->c.line_bytes == 32 && s->c.pq_depth <= 64;
	if (case_idx == C_FOA_STREAM)
		ok = ok && s->c.threads == 32 && s->c.lpc == 8 && s->c.addr_bits >= 18;
	else
		ok = ok && s->c.threads == 8 && s->c.lpc == 4 && s->c.addr_bits >= 16 && s->c.warps >= 2 &&
		     s->c.entries == 4 && s->c.pc_bits >= 3;
	if (!ok) {
		snprintf(err, n, "prefetch_table: directed case %s needs %s (its parameters: %s)", pts_cases[case_idx].name,
			 want, pts_cases[case_idx].params);
		return err;
	}
	for (int i = 0; i < MAXE && (s->sc->e[i].line || s->sc->e[i].pc); i++)
		s->nexp = i + 1;
	for (int k = 0; k < PT_NEVENTS; k++)
		s->first[k] = -1;
	s->ready = 1;
	return NULL;
}

/* ---- frames ---- */

static void put(const pts_cs *s, uint32_t *in, int port, uint64_t v)
{
	int w = s->L->width[port];
	wg_put(in + s->L->off[port], 0, (unsigned)w, v & wg_ones64(w));
}

static uint64_t get(const pts_cs *s, const uint32_t *f, int port)
{
	return wg_get(f + s->L->off[port], 0, (unsigned)s->L->width[port]);
}

static unsigned ev(const pts_cs *s, const uint32_t *out, int e)
{
	return (unsigned)wg_get(out + s->L->off[PT_EV_O], (unsigned)s->L->ev_lsb[e], (unsigned)s->L->ev_w[e]);
}

static uint64_t tag_pack(const pts_cs *s, unsigned pc, unsigned e, unsigned w, unsigned last, unsigned tia)
{
	int wb = pt_warp_bits(&s->c), eb = pt_entry_bits(&s->c);
	return ((uint64_t)pc << (2 + wb + eb)) | ((uint64_t)e << (2 + wb)) | ((uint64_t)w << 2) | (last << 1) | tia;
}

static uint32_t lane_addr(const pts_cs *s, const pts_step *t, int l)
{
	long a;
	if (t->stride == -ADDR_OFF_RATIO)
		a = t->base + 3 * (l / 2);
	else
		a = t->base + (long)l * t->stride;
	if (l == t->bad_lane)
		a += 4;
	uint32_t m = t->mask ? t->mask : (uint32_t)wg_ones64(s->c.threads);
	if (!((m >> l) & 1u))
		a = 0x1234 + 0x111 * l; /* inactive lanes carry junk */
	return (uint32_t)a & (uint32_t)wg_ones64(s->c.addr_bits);
}

static int script_done(const pts_cs *s)
{
	return s->st >= MAXS || s->sc->s[s->st].kind == S_END;
}

int pts_case_next(void *v, const pt_model *m, uint32_t *in, long cyc)
{
	pts_cs *s = v;
	(void)m;
	if (cyc < 2) {
		put(s, in, PT_RST_I, 1);
		return 1;
	}
	/* steps that take no cycle */
	while (!s->busy && !script_done(s)) {
		const pts_step *t = &s->sc->s[s->st];
		if (t->kind == S_READY) {
			s->ready = (int)t->base;
			s->st++;
		} else if (t->kind == S_PRESENT) {
			s->present = (int)t->base;
			s->st++;
		} else if (t->kind == S_IDLE && s->idle == 0 && !s->filled) {
			s->idle = t->base;
			s->filled = 1;
		} else if (t->kind == S_IDLE && s->idle == 0) {
			s->filled = 0;
			s->st++;
		} else
			break;
	}
	if (script_done(s) && !s->busy) {
		/* drain: until the queue is empty (ready forced) a few cycles more */
		s->ready = 1;
		if (s->drain++ > 12 + 4 * (s->c.issue_lat + 1) * (s->c.pq_depth + 1))
			return 0;
		if (s->pqn == 0 && s->issued >= s->nexp && s->drain > 4)
			return 0;
	}
	put(s, in, PT_PF_READY_I, (unsigned)s->ready);
	put(s, in, PT_PF_PRESENT_I, (unsigned)s->present);
	if (script_done(s))
		return 1;
	const pts_step *t = &s->sc->s[s->st];
	if (t->kind == S_IDLE) {
		s->idle--;
		return 1;
	}
	if (t->kind == S_FILL) {
		put(s, in, PT_FILL_VALID_I, 1);
		put(s, in, PT_FILL_TAG_I, tag_pack(s, t->pc, t->fe, t->warp, t->fl, t->ft));
		s->st++;
		return 1;
	}
	/* S_LOAD */
	if (!s->busy) {
		s->busy = 1;
		s->take = cyc;
		memset(s->ldev, 0, sizeof s->ldev);
		if (t->fill) {
			put(s, in, PT_FILL_VALID_I, 1);
			put(s, in, PT_FILL_TAG_I, tag_pack(s, t->pc, t->fe, t->warp, t->fl, t->ft));
		}
	}
	put(s, in, PT_LD_VALID_I, 1);
	put(s, in, PT_LD_PC_I, t->pc);
	put(s, in, PT_LD_WARP_I, t->warp);
	put(s, in, PT_LD_MASK_I, t->mask ? t->mask : wg_ones64(s->c.threads));
	for (int l = 0; l < s->c.threads; l++)
		wg_put(in + s->L->off[PT_LD_ADDR_I], (unsigned)(l * s->c.addr_bits), (unsigned)s->c.addr_bits,
		       lane_addr(s, t, l));
	put(s, in, PT_LD_MISS_I, t->miss);
	put(s, in, PT_LD_ITER_I, t->iter);
	return 1;
}

#define FAIL(...)                                                                                          \
	do {                                                                                               \
		if (!s->msg[0])                                                                            \
			snprintf(s->msg, sizeof s->msg, __VA_ARGS__);                                      \
		return;                                                                                    \
	} while (0)

static const char *evname(int e)
{
	return wg_block_prefetch_table.events[e].name;
}

static void load_end(pts_cs *s, long cyc)
{
	const pts_step *t = &s->sc->s[s->st];
	int k = s->st;
	if (t->len != NOX && cyc - s->take + 1 != t->len)
		FAIL("step %d (load pc %u): ld_ack_o %ld cycles after the take (expected %d)", k, t->pc,
		     cyc - s->take + 1, t->len);
	const int chk[4][2] = {{PT_EV_CONFIRM, t->conf}, {PT_EV_DIST_INC, t->inc}, {PT_EV_DIST_DEC, t->dec},
			       {PT_EV_PUSH, t->npush}};
	for (int i = 0; i < 4; i++)
		if (chk[i][1] != NOX && s->ldev[chk[i][0]] != chk[i][1])
			FAIL("step %d (load pc %u): %ld %s events (expected %d)", k, t->pc, s->ldev[chk[i][0]],
			     evname(chk[i][0]), chk[i][1]);
	s->busy = 0;
	s->loads++;
	s->st++;
}

void pts_case_observe(void *v, const pt_model *m, const uint32_t *in, const uint32_t *out, long cyc)
{
	pts_cs *s = v;
	(void)m;
	if (cyc < 2 || get(s, in, PT_RST_I) || s->msg[0])
		return;
	unsigned e[PT_NEVENTS];
	for (int k = 0; k < PT_NEVENTS; k++) {
		e[k] = ev(s, out, k);
		s->tot[k] += e[k];
		s->ldev[k] += e[k];
		if (e[k] && s->first[k] < 0)
			s->first[k] = cyc;
	}
	unsigned ack = (unsigned)get(s, out, PT_LD_ACK_O), ph = (unsigned)get(s, out, PT_PHASE_O);
	unsigned ent = (unsigned)get(s, out, PT_ENTRY_O);
	/* phase, entry, ack */
	if (!s->busy && (ack || ph != PT_PH_IDLE || ent))
		FAIL("no load held but ld_ack_o %u phase_o %u entry_o %u", ack, ph, ent);
	if (s->busy) {
		const pts_step *t = &s->sc->s[s->st];
		if (cyc == s->take && ph != PT_PH_IDLE)
			FAIL("the take cycle of a load shows phase_o %u (expected 0)", ph);
		if (cyc > s->take && ph == PT_PH_IDLE)
			FAIL("phase_o 0 while load step %d is held (taken at %ld)", s->st, s->take);
		if (cyc > s->take && t->entry != NOX && ent != (unsigned)t->entry)
			FAIL("load step %d (pc %u): entry_o %u, expected %d", s->st, t->pc, ent, t->entry);
		if (ack && ph != PT_PH_TSCAN)
			FAIL("ld_ack_o in phase %u", ph);
	}
	/* the queue's shadow: offers, pops, latency, count */
	unsigned pv = (unsigned)get(s, out, PT_PF_VALID_O);
	unsigned rdy = (unsigned)get(s, in, PT_PF_READY_I), prs = (unsigned)get(s, in, PT_PF_PRESENT_I);
	if ((unsigned)get(s, out, PT_PQ_COUNT_O) != (unsigned)s->pqn)
		FAIL("pq_count_o %u, expected %d (accepted pushes not yet popped)", (unsigned)get(s, out, PT_PQ_COUNT_O),
		     s->pqn);
	int due = s->pqn > 0 && cyc >= s->pq[0] + 1 + s->c.issue_lat;
	if ((int)pv != due)
		FAIL("pf_valid_o %u, expected %d (queue %d, head pushed at cycle %ld, ISSUE_LAT %d)", pv, due, s->pqn,
		     s->pqn ? s->pq[0] : -1L, s->c.issue_lat);
	if (!pv && (get(s, out, PT_PF_LINE_O) || get(s, out, PT_PF_TAG_O)))
		FAIL("pf_line_o/pf_tag_o not 0 while pf_valid_o is low");
	int pop = pv && (rdy || prs);
	if (pop) {
		if (e[PT_EV_ISSUE] + e[PT_EV_PRESENT] != 1 || (prs && !e[PT_EV_PRESENT]))
			FAIL("a pop without exactly one issue/present event");
		if (s->issued >= s->nexp)
			FAIL("unexpected line 0x%x issued (only %d expected)", (unsigned)get(s, out, PT_PF_LINE_O),
			     s->nexp);
		const pts_exp *x = &s->sc->e[s->issued];
		uint64_t tg = tag_pack(s, x->pc, x->entry, x->warp, x->last, x->tia);
		uint64_t line = get(s, out, PT_PF_LINE_O), otag = get(s, out, PT_PF_TAG_O);
		if (line != x->line || otag != tg)
			FAIL("issued line #%d: 0x%llx tag 0x%llx, expected 0x%x tag 0x%llx {pc %u, entry %u, warp %u, last "
			     "%u, tia %u}",
			     s->issued, (unsigned long long)line, (unsigned long long)otag, x->line,
			     (unsigned long long)tg, x->pc, x->entry, x->warp, x->last, x->tia);
		s->issued++;
		memmove(s->pq, s->pq + 1, sizeof s->pq[0] * (size_t)(s->pqn - 1));
		s->pqn--;
	} else if (e[PT_EV_ISSUE] || e[PT_EV_PRESENT])
		FAIL("issue/present event without a pop");
	if (e[PT_EV_PUSH] && !e[PT_EV_PQ_FULL]) {
		if (s->pqn >= s->c.pq_depth)
			FAIL("a push accepted with the queue full (%d)", s->pqn);
		s->pq[s->pqn++] = cyc;
	}
	if (e[PT_EV_PQ_FULL] && s->pqn < s->c.pq_depth)
		FAIL("pq_full with %d of %d queued after the pop", s->pqn, s->c.pq_depth);
	if (ack) {
		if (!s->busy)
			FAIL("ld_ack_o with no load held");
		load_end(s, cyc);
	}
}

const char *pts_case_check(void *v, const pt_model *m, const uint32_t *in, const uint32_t *out, long cyc, char *buf,
			   size_t n)
{
	pts_cs *s = v;
	(void)m, (void)in, (void)out;
	if (s->msg[0]) {
		snprintf(buf, n, "%s: cycle %ld: %s", pts_cases[s->ci].name, cyc, s->msg);
		return buf;
	}
	return NULL;
}

const char *pts_case_finish(void *v, long *key_cycle, char *buf, size_t n)
{
	pts_cs *s = v;
	const pts_script *sc = s->sc;
	*key_cycle = s->first[sc->key_ev];
	EXPECT(!s->msg[0], "%s: %s", pts_cases[s->ci].name, s->msg);
	EXPECT(script_done(s) && !s->busy, "%s: the script stopped at step %d (a load never acknowledged?)",
	       pts_cases[s->ci].name, s->st);
	EXPECT(s->issued == s->nexp, "%s: %d of %d expected lines issued", pts_cases[s->ci].name, s->issued, s->nexp);
	for (int i = 0; i < MAXT && sc->t[i].ev >= 0; i++)
		EXPECT(s->tot[sc->t[i].ev] == sc->t[i].n, "%s: %ld %s events, expected %ld", pts_cases[s->ci].name,
		       s->tot[sc->t[i].ev], evname(sc->t[i].ev), sc->t[i].n);
	if (sc->key_ev != PT_EV_PUSH && sc->key_ev != PT_EV_CONFIRM && sc->key_ev != PT_EV_LOOKUP)
		EXPECT(s->first[sc->key_ev] >= 0, "%s: no %s event", pts_cases[s->ci].name, evname(sc->key_ev));
	if (*key_cycle < 0)
		*key_cycle = s->first[PT_EV_LOOKUP];
	return NULL;
}
