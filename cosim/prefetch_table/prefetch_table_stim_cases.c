/* prefetch_table_stim_cases.c - the directed cases of the `prefetch_table`
 * stimulus (docs/prefetch_table.md "Directed cases", spec §4.13). Each case
 * is one function (wg_kit.h) holding its script as data: the steps (loads
 * held until ld_ack_o, fills, pf_ready_i / pf_present_i settings, idle
 * cycles), the lines it must issue in order, its event totals and the event
 * that marks the key cycle; the engine of prefetch_table_script.c plays it
 * (drives the steps, checks every cycle's outputs, then the totals). */
#include <stdio.h>
#include <string.h>

#include "prefetch_table_script.h"
#include "prefetch_table_stim.h"

/* One small set for most cases (one Verilator build), one at THREADS=32. */
#define SET_A                                                                                              \
	"ENTRIES=4,PC_BITS=4,ADDR_BITS=16,CONF_BITS=3,TIDX_BITS=4,DIST_BITS=2,WARPS=2,THREADS=8,"           \
	"LANES_PER_CYCLE=4,PQ_DEPTH=4,ISSUE_LAT=2"
#define SET_B "ENTRIES=4,PC_BITS=4,WARPS=2,THREADS=32,LANES_PER_CYCLE=8,PQ_DEPTH=8,ISSUE_LAT=2"

/* ---- the rows of a script ---- */

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

/* ---- the cases ---- */

/* SET_B (THREADS=32) */
static void case_foa_stream(void *st, wg_cyc *c)
{
	static const pts_script sc = {
		.s = {{S_LOAD, 5, 0, 0, 0x10000, 4, 0, 128, 0, 0, 0, 0, 10, 0, 1, 0, 0, 4, -1},
		      {S_LOAD, 5, 0, 0, 0x10400, 4, 0, 128, 0, 0, 0, 0, 6, 0, 0, 1, 0, 0, 4}},
		.e = {{0x810, T(5, 0, 0, 0)}, {0x811, T(5, 0, 0, 0)}, {0x812, T(5, 0, 0, 0)},
		      {0x813, T(5, 0, 0, 1)}},
		.t = {{PT_EV_CONFIRM, 1}, {PT_EV_MERGE, 28}, {PT_EV_LOOKUP, 2}, {PT_EV_ALLOC, 1},
		      {PT_EV_SUPPRESS, 0}, {PT_EV_PQ_FULL, 0}, {PT_EV_ISSUE, 4}, END},
		.key_ev = PT_EV_CONFIRM,
	};
	pts_play(st, c, &sc);
}

/* SET_A */
static void case_hit_replace(void *st, wg_cyc *c)
{
	static const pts_script sc = {
		.s = {LD(1, 0, 0x400, 6, 0, 1, 0, 0, 1), LD(1, 1, 0x420, 6, 0, 1, 0, 0, 1),
		      LD(2, 0, 0x800, 6, 1, 1, 0, 0, 1), LD(2, 1, 0x820, 6, 1, 1, 0, 0, 1),
		      LD(3, 0, 0xC00, 6, 2, 1, 0, 0, 1), LD(3, 1, 0xC20, 6, 2, 1, 0, 0, 1),
		      SCAL(4, 0, 0x1000, 1, 4, 3), SCAL(4, 0, 0x1000, 0, 4, 3),
		      LD(3, 0, 0xC40, 7, 2, 1, 1, 0, 2),
		      /* the victim is never a TIA entry of the load's PC: PC 3's scalar miss (LAL = PC 4)
		       * creates a TIA entry for PC 4; entry 0 (TIA of PC 3, conf 6, the lowest) is kept,
		       * entry 1 (conf 7) replaced: PC 3 still triggers 0x80, PC 4 triggers 0x100 */
		      SCAL(4, 0, 0x1000, 0, 4, 3),
		      {S_LOAD, 3, 0, 0, 0x2000, 0, 1, 8, 0, 0, 0, 0, NOX, 2, 0, NOX, NOX, 1, -1},
		      {S_LOAD, 4, 0, 0, 0x1000, 0, 0, 8, 0, 0, 0, 0, NOX, 3, 0, NOX, NOX, 1, -1}},
		.e = {{0x21, T(1, 0, 0, 1)}, {0x22, T(1, 0, 1, 1)}, {0x41, T(2, 1, 0, 1)},
		      {0x42, T(2, 1, 1, 1)}, {0x61, T(3, 2, 0, 1)}, {0x62, T(3, 2, 1, 1)},
		      {0x64, T(3, 2, 0, 1)}, {0x80, 3, 0, 0, 1, 1}, {0x80, 3, 0, 0, 1, 1},
		      {0x100, 4, 1, 0, 1, 1}},
		.t = {{PT_EV_ALLOC, 6}, {PT_EV_TIA_CREATE, 2}, {PT_EV_TIA_TRIGGER, 3}, {PT_EV_LOOKUP, 12}, END},
		.key_ev = PT_EV_TIA_CREATE,
	};
	pts_play(st, c, &sc);
}

/* SET_A */
static void case_fill_load(void *st, wg_cyc *c)
{
	static const pts_script sc = {
		.s = {LD(1, 0, 0x400, 6, 0, 1, 0, 0, 1),
		      {S_LOAD, 1, 0, 0, 0x420, 4, 0, 8, 1, 0, 1, 0, 6, 0, 1, 0, 0, 1, -1},
		      LD(1, 0, 0x440, 6, 0, 1, 1, 0, 1)},
		.e = {{0x21, T(1, 0, 0, 1)}, {0x22, T(1, 0, 0, 1)}, {0x24, T(1, 0, 0, 1)}},
		.t = {{PT_EV_FILL, 1}, {PT_EV_DIST_INC, 1}, {PT_EV_DIST_DEC, 0}, END},
		.key_ev = PT_EV_FILL,
	};
	pts_play(st, c, &sc);
}

/* SET_A */
static void case_two_thread(void *st, wg_cyc *c)
{
	static const pts_script sc = {
		.s = {TWO(1, 0, 0x400, 4, 0), TWO(1, 0, 0x420, 4, 0), TWO(1, 0, 0x440, 4, 0)},
		.e = {{0, 0, 0, 0, 0, 0}},
		.t = {{PT_EV_CONFIRM, 0}, {PT_EV_PUSH, 0}, {PT_EV_LOOKUP, 3}, {PT_EV_ALLOC, 1}, END},
		.key_ev = PT_EV_LOOKUP,
	};
	pts_play(st, c, &sc);
}

/* SET_A */
static void case_neg_off(void *st, wg_cyc *c)
{
	static const pts_script sc = {
		.s = {{S_LOAD, 1, 0, 0, 0x2000, -16, 0, 8, 0, 0, 0, 0, 8, 0, 1, 0, 0, 5, -1}},
		.e = {{0xFC, T(1, 0, 0, 0)}, {0xFB, T(1, 0, 0, 0)}, {0xFA, T(1, 0, 0, 0)},
		      {0xF9, T(1, 0, 0, 0)}, {0xF8, T(1, 0, 0, 1)}},
		.t = {{PT_EV_MERGE, 3}, {PT_EV_SUPPRESS, 0}, {PT_EV_PQ_FULL, 0}, END},
		.key_ev = PT_EV_CONFIRM,
	};
	pts_play(st, c, &sc);
}

/* SET_A */
static void case_off_big(void *st, wg_cyc *c)
{
	static const pts_script sc = {
		.s = {{S_LOAD, 1, 0, 0, 0x400, 256, 0, 8, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, -1},
		      {S_LOAD, 1, 0, 0, 0x600, 256, 0, 8, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, -1},
		      {S_LOAD, 2, 0, 0x55, 0x2000, -ADDR_OFF_RATIO, 0, 8, 0, 0, 0, 0, 4, 1, 0, 0, 0, 0, -1},
		      {S_LOAD, 2, 0, 0x55, 0x2100, -ADDR_OFF_RATIO, 0, 8, 0, 0, 0, 0, 4, 1, 0, 0, 0, 0, -1},
		      {S_LOAD, 3, 0, 0, 0x3000, -ADDR_OFF_STEP, 0, 8, 0, 0, 0, 0, 4, 2, 0, 0, 0, 0, -1},
		      {S_LOAD, 4, 0, 0xFD, 0x4000, -ADDR_OFF_HALF, 0, 8, 0, 0, 0, 0, 4, 3, 0, 0, 0, 0, -1}},
		.e = {{0, 0, 0, 0, 0, 0}},
		.t = {{PT_EV_CONFIRM, 0}, {PT_EV_PUSH, 0}, {PT_EV_ALLOC, 4}, END},
		.key_ev = PT_EV_LOOKUP,
	};
	pts_play(st, c, &sc);
}

/* SET_A */
static void case_holes(void *st, wg_cyc *c)
{
	static const pts_script sc = {
		.s = {{S_LOAD, 1, 0, 0xDB, 0x3000, 8, 0, 8, 0, 0, 0, 0, 6, 0, 1, 0, 0, 2, -1}},
		.e = {{0x182, T(1, 0, 0, 0)}, {0x183, T(1, 0, 0, 1)}},
		.t = {{PT_EV_MERGE, 4}, {PT_EV_CONFIRM, 1}, END},
		.key_ev = PT_EV_CONFIRM,
	};
	pts_play(st, c, &sc);
}

/* SET_A */
static void case_conf_sat(void *st, wg_cyc *c)
{
	static const pts_script sc = {
		.s = {LD(1, 0, 0x400, 6, 0, 1, 0, 0, 1), FILL(1, 0, 0), LD(1, 0, 0x420, 6, 0, 1, 0, 0, 1),
		      FILL(1, 0, 0), {S_LOAD, 1, 0, 0, 0x440, 4, 0, 8, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 7},
		      LD(1, 0, 0x460, 6, 0, 1, 0, 0, 1)},
		.e = {{0x21, T(1, 0, 0, 1)}, {0x22, T(1, 0, 0, 1)}, {0x24, T(1, 0, 0, 1)}},
		.t = {{PT_EV_CONFIRM, 3}, {PT_EV_FILL, 2}, {PT_EV_DIST_INC, 0}, {PT_EV_DIST_DEC, 0}, END},
		.key_ev = PT_EV_CONFIRM,
	};
	pts_play(st, c, &sc);
}

/* SET_A */
static void case_dist(void *st, wg_cyc *c)
{
	static const pts_script sc = {
		.s = {LD(1, 0, 0x400, 6, 0, 1, 0, 0, 1), LD(1, 0, 0x420, 6, 0, 1, 1, 0, 1),
		      LD(1, 0, 0x440, 6, 0, 1, 1, 0, 1), LD(1, 0, 0x460, 6, 0, 1, 1, 0, 1), FILL(1, 0, 0),
		      LDM(1, 0, 0x480, 1, 6, 0, 1, 0, 1, 1), FILL(1, 0, 0),
		      LDM(1, 0, 0x4A0, 1, 6, 0, 1, 0, 1, 1), FILL(1, 0, 0),
		      LDM(1, 0, 0x4C0, 1, 6, 0, 1, 0, 1, 1)},
		.e = {{0x21, T(1, 0, 0, 1)}, {0x23, T(1, 0, 0, 1)}, {0x25, T(1, 0, 0, 1)},
		      {0x26, T(1, 0, 0, 1)}, {0x26, T(1, 0, 0, 1)}, {0x26, T(1, 0, 0, 1)},
		      {0x27, T(1, 0, 0, 1)}},
		.t = {{PT_EV_FILL, 3}, {PT_EV_DIST_INC, 3}, {PT_EV_DIST_DEC, 3}, END},
		.key_ev = PT_EV_DIST_DEC,
	};
	pts_play(st, c, &sc);
}

/* SET_A */
static void case_tia_walk(void *st, wg_cyc *c)
{
	static const pts_script sc = {
		.s = {TWO(7, 0, 0x400, 4, 0), TWO(6, 0, 0x800, 4, 1), SCAL(5, 0, 0x1000, 1, 4, 2),
		      TWO(7, 0, 0x420, 4, 0), TWO(6, 0, 0x820, 5, 1), SCAL(5, 0, 0x1000, 1, 4, 2),
		      TWO(7, 0, 0x440, 4, 0), TWO(6, 0, 0x840, 5, 1), SCAL(5, 0, 0x1000, 0, 4, 2),
		      TWO(7, 0, 0x460, 5, 0), TWO(6, 0, 0x860, 4, 1)},
		.e = {{0x80, 6, 3, 0, 1, 1}, {0x80, 6, 3, 0, 1, 1}, {0x80, 7, 3, 0, 1, 1}},
		.t = {{PT_EV_TIA_CREATE, 1}, {PT_EV_TIA_TRIGGER, 3}, {PT_EV_TIA_MIGRATE, 1}, {PT_EV_ALLOC, 4},
		      {PT_EV_PUSH, 3}, {PT_EV_CONFIRM, 0}, END},
		.key_ev = PT_EV_TIA_MIGRATE,
	};
	pts_play(st, c, &sc);
}

/* SET_A */
static void case_pq_full(void *st, wg_cyc *c)
{
	static const pts_script sc = {
		.s = {READY(0), {S_LOAD, 1, 0, 0, 0x400, 32, 0, 8, 0, 0, 0, 0, 11, 0, 1, 0, 0, 4, -1}, IDLE(4),
		      PRESENT(1), IDLE(1), PRESENT(0), READY(1), LD(2, 0, 0x800, 6, 1, 1, 0, 0, 1)},
		.e = {{0x28, T(1, 0, 0, 0)}, {0x29, T(1, 0, 0, 0)}, {0x2A, T(1, 0, 0, 0)},
		      {0x2B, T(1, 0, 0, 0)}, {0x41, T(2, 1, 0, 1)}},
		.t = {{PT_EV_PQ_FULL, 4}, {PT_EV_ISSUE, 4}, {PT_EV_PRESENT, 1}, END},
		.key_ev = PT_EV_PQ_FULL,
	};
	pts_play(st, c, &sc);
}

/* SET_A */
static void case_fill_realloc(void *st, wg_cyc *c)
{
	static const pts_script sc = {
		.s = {LD(1, 0, 0x400, 6, 0, 1, 0, 0, 1), LD(2, 1, 0x800, 6, 1, 1, 0, 0, 1),
		      LD(3, 1, 0xC00, 6, 2, 1, 0, 0, 1), LD(4, 1, 0x1000, 6, 3, 1, 0, 0, 1),
		      LD(5, 0, 0x1400, 6, 0, 1, 0, 0, 1), FILL(1, 0, 0), LD(5, 0, 0x1420, 6, 0, 1, 1, 0, 1)},
		.e = {{0x21, T(1, 0, 0, 1)}, {0x41, T(2, 1, 1, 1)}, {0x61, T(3, 2, 1, 1)},
		      {0x81, T(4, 3, 1, 1)}, {0xA1, T(5, 0, 0, 1)}, {0xA3, T(5, 0, 0, 1)}},
		.t = {{PT_EV_FILL, 0}, {PT_EV_ALLOC, 5}, {PT_EV_DIST_INC, 1}, END},
		.key_ev = PT_EV_DIST_INC,
	};
	pts_play(st, c, &sc);
}

/* SET_A */
static void case_boundary(void *st, wg_cyc *c)
{
	static const pts_script sc = {
		.s = {{S_LOAD, 1, 0, 0, 0xFF80, 8, 0, 10, 0, 0, 0, 0, 7, 0, 1, 0, 0, 2, -1}},
		.e = {{0x7FE, T(1, 0, 0, 0)}, {0x7FF, T(1, 0, 0, 1)}},
		.t = {{PT_EV_SUPPRESS, 2}, {PT_EV_MERGE, 4}, END},
		.key_ev = PT_EV_SUPPRESS,
	};
	pts_play(st, c, &sc);
}

/* SET_A */
static void case_tia_lal(void *st, wg_cyc *c)
{
	static const pts_script sc = {
		.s = {SCAL(5, 0, 0x1000, 1, 4, 0), SCAL(5, 0, 0x1000, 1, 4, 0), TWO(6, 1, 0x800, 4, 1),
		      SCAL(5, 0, 0x1000, 1, 4, 0), TWO(6, 0, 0x820, 4, 1), SCAL(5, 0, 0x1000, 1, 4, 0),
		      TWO(6, 0, 0x840, 5, 1), SCAL(5, 0, 0x1000, 1, 4, 0), TWO(6, 1, 0x8A0, 5, 1),
		      TWO(6, 0, 0x8C0, 5, 1)},
		.e = {{0x80, 6, 2, 0, 1, 1}, {0x80, 6, 2, 1, 1, 1}, {0x80, 6, 2, 0, 1, 1}},
		.t = {{PT_EV_TIA_CREATE, 1}, {PT_EV_TIA_TRIGGER, 3}, {PT_EV_TIA_MIGRATE, 1}, {PT_EV_ALLOC, 3},
		      {PT_EV_LOOKUP, 10}, {PT_EV_PUSH, 3}, {PT_EV_CONFIRM, 0}, END},
		.key_ev = PT_EV_TIA_CREATE,
	};
	pts_play(st, c, &sc);
}

/* SET_A */
static void case_iter_change(void *st, wg_cyc *c)
{
	static const pts_script sc = {
		.s = {{S_LOAD, 1, 0, 0, 0x400, 4, 0, 16, 0, 0, 0, 0, 6, 0, 1, 0, 0, 1, -1}, FILL(1, 0, 0),
		      LD(1, 0, 0x440, 6, 0, 1, 0, 0, 1)},
		.e = {{0x22, T(1, 0, 0, 1)}, {0x23, T(1, 0, 0, 1)}},
		.t = {{PT_EV_CONFIRM, 2}, {PT_EV_FILL, 1}, {PT_EV_DIST_INC, 0}, {PT_EV_DIST_DEC, 0},
		      {PT_EV_PUSH, 2}, END},
		.key_ev = PT_EV_FILL,
	};
	pts_play(st, c, &sc);
}

/* SET_A */
static void case_present_last(void *st, wg_cyc *c)
{
	static const pts_script sc = {
		.s = {PRESENT(1), LD(1, 0, 0x400, 6, 0, 1, 0, 0, 1), IDLE(4), PRESENT(0),
		      LD(1, 0, 0x420, 6, 0, 1, 0, 0, 1)},
		.e = {{0x21, T(1, 0, 0, 1)}, {0x22, T(1, 0, 0, 1)}},
		.t = {{PT_EV_PRESENT, 1}, {PT_EV_ISSUE, 1}, {PT_EV_FILL, 0}, {PT_EV_DIST_INC, 0},
		      {PT_EV_DIST_DEC, 0}, END},
		.key_ev = PT_EV_PRESENT,
	};
	pts_play(st, c, &sc);
}

/* SET_A */
static void case_tia_two(void *st, wg_cyc *c)
{
	static const pts_script sc = {
		.s = {TWO(6, 0, 0x800, 4, 0), SCAL(5, 0, 0x1000, 1, 4, 1), TWO(6, 0, 0x820, 5, 0),
		      SCAL(5, 0, 0x2000, 1, 4, 1), TWO(6, 0, 0x840, 6, 0)},
		.e = {{0x80, 6, 2, 0, 1, 1}, {0x80, 6, 2, 0, 1, 1}, {0x100, 6, 3, 0, 1, 1}},
		.t = {{PT_EV_TIA_CREATE, 2}, {PT_EV_TIA_TRIGGER, 3}, {PT_EV_TIA_MIGRATE, 0}, {PT_EV_ALLOC, 4},
		      {PT_EV_LOOKUP, 5}, {PT_EV_PUSH, 3}, {PT_EV_CONFIRM, 0}, END},
		.key_ev = PT_EV_TIA_TRIGGER,
	};
	pts_play(st, c, &sc);
}

const wg_case_def pts_cases[] = {
	{"foa_stream_confirm",
		"32 lanes, 4-byte stride, n = 128: confirmed on the first load (conf 30 >= 32 - 2), pushes lines "
		"0x810..0x813 (distance 1) with last only on the 4th, 28 merges, ack after 4 + 5 + 1 cycles; a second "
		"load with lane 4 four bytes off: conf 25 < 30 (the active count runs over the 4 TRAIN cycles): not "
		"confirmed, slow (dist_inc), ack after 4 + 1 + 1 cycles",
		"spec §4.13, §4.4-4.5", SET_B, .run = case_foa_stream,
		.focus = "ld_valid_i ld_pc_i ld_mask_i ld_addr_i ld_ack_o pf_valid_o pf_line_o pf_tag_o ev_o conf_q off_q dist_q st_q cnt_q"},
	{"hit_and_replace_same_cycle",
		"scalar miss of PC 4 (its FOA entry 3 has the lowest conf 6) creates a TIA entry for LAL = PC 3: the "
		"victim is entry 0 (conf 7), never the load's own entry; PC 4 then still hits entry 3 and PC 3 triggers "
		"the TIA line with tag {3, 0, w0, last, tia}; a scalar miss of PC 3 then creates a TIA entry for PC 4: "
		"the victim is entry 1 (conf 7), never entry 0 (the lowest conf, a TIA entry PC 3 triggers)",
		"spec §4.13, §4.6; docs victim rule", SET_A, .run = case_hit_replace,
		.focus = "ld_valid_i ld_pc_i ld_miss_i ld_mask_i entry_o pf_valid_o pf_line_o pf_tag_o ent_q type_q pc_q conf_q lalpc_q"},
	{"fill_and_load_same_cycle",
		"the fill of the last line arrives in the cycle the next load of the entry is looked up: applied first "
		"(01 -> 10, timely): no distance change; the load after, with no fill, is slow: distance 2",
		"spec §4.7, §4.13", SET_A, .run = case_fill_load,
		.focus = "fill_valid_i fill_tag_i ld_valid_i ld_pc_i ld_miss_i pf_line_o ev_o st_q dist_q"},
	{"two_thread_warp",
		"2 active lanes (MIN_ACTIVE = 3) with a perfect stride, 3 loads: never confirmed, nothing pushed",
		"spec §4.4, §4.13", SET_A, .run = case_two_thread,
		.focus = "ld_valid_i ld_mask_i ld_addr_i pf_valid_o ev_o nact_q conf_q offv_q cf_q"},
	{"negative_offset",
		"descending addresses (offset -16): lines 0xFC, 0xFB, 0xFA, 0xF9, 0xF8 pushed in that order, 3 lanes "
		"merged, last on 0xF8",
		"spec §4.13, A-AP-4", SET_A, .run = case_neg_off,
		.focus = "ld_valid_i ld_mask_i ld_addr_i pf_valid_o pf_line_o pf_tag_o ev_o off_q conf_q"},
	{"offset_too_big",
		"offset 256 (does not fit OFFSET_BITS = 8) and a ratio 3/2 over inactive lanes: no pattern, no "
		"confirm, no push; a load of 256 then 6 repeats: offset 0 learnt only at lane 2, conf 5 < 8 - 2 (a "
		"truncated 256 kept as offset 0 would match from lane 2: conf 6, confirmed); a load of 1/2 (lane 1 "
		"off) then repeats: conf 4 < 7 - 2 (a rounded 1/2 kept as offset 0: conf 5, confirmed)",
		"spec §4.13, A-AP-4", SET_A, .run = case_off_big,
		.focus = "ld_valid_i ld_mask_i ld_addr_i pf_valid_o ev_o mis_q offv_q off_q conf_q"},
	{"divergence_holes",
		"lanes 0,1,3,4,6,7 active, 8 bytes per lane index: the ratio rule matches across holes (conf 4 >= 6 - "
		"2): confirmed, lines 0x182 and 0x183 pushed, 4 merges",
		"spec §4.4, §4.13", SET_A, .run = case_holes,
		.focus = "ld_valid_i ld_mask_i ld_addr_i pf_valid_o pf_line_o pf_tag_o ev_o nact_q off_q conf_q"},
	{"conf_saturation_then_mismatch",
		"CONF_BITS = 3: conf 6 then 6 + 7 saturates at 7 (a wrap to 5 would not confirm); one bad lane "
		"resets it to 0 (no confirm, no push); the next clean load confirms again",
		"spec §4.13, A-AP-3", SET_A, .run = case_conf_sat,
		.focus = "ld_valid_i ld_mask_i ld_addr_i pf_valid_o ev_o mis_q cf_q conf_q"},
	{"distance_slow_then_early",
		"DIST_BITS = 2: no fill (state 01 at the next load): +1 twice to 3, saturates; fill + miss (state 10): "
		"-1 twice to 1, saturates; the predicted lines show each distance; dist_inc/dist_dec count the slow/early "
		"loads, also when saturated",
		"spec §4.7, §4.13", SET_A, .run = case_dist,
		.focus = "ld_valid_i ld_miss_i fill_valid_i fill_tag_i pf_valid_o pf_line_o ev_o early_q st_q dist_q"},
	{"tia_walk_two_loads_ahead",
		"PC 5 scalar misses after PC 6: TIA entry 3 triggered by PC 6; still late: slow, then at PC 6's next "
		"trigger it migrates to PC 7 (the load before PC 6), which triggers it next",
		"spec §4.6, §4.13", SET_A, .run = case_tia_walk,
		.focus = "ld_valid_i ld_pc_i ld_miss_i fill_valid_i pf_valid_o pf_line_o pf_tag_o ev_o lalpc_q type_q pc_q st_q"},
	{"queue_full_drop",
		"pf_ready_i low, one load of 8 lines into PQ_DEPTH 4: the 4 newest dropped (pq_full, no push event), the "
		"load still acks on time; pf_present_i drops the head (present wins over a low ready); then ready: the "
		"other 3 kept lines and a later load's line issue after ISSUE_LAT",
		"spec §4.8, A-AP-15", SET_A, .run = case_pq_full,
		.focus = "ld_valid_i pf_ready_i pf_present_i ld_ack_o pf_valid_o pf_line_o ev_o cnt_q hd_q tl_q qline_q"},
	{"fill_after_reallocation",
		"PC 1's entry 0 is reallocated to PC 5; the old fill tag {1, 0, w0, last} is ignored (no fill event), "
		"so PC 5's next load is slow (distance 2)",
		"spec §4.13 #7", SET_A, .run = case_fill_realloc,
		.focus = "ld_valid_i ld_pc_i fill_valid_i fill_tag_i entry_o ev_o pc_q st_q dist_q"},
	{"boundary_suppress",
		"ADDR_BITS = 16: predictions 0xFFD0 + 8t; lanes 6-7 reach 0x10000: suppressed; lines 0x7FE and 0x7FF "
		"(last) pushed",
		"spec §4.13, A-AP-5", SET_A, .run = case_boundary,
		.focus = "ld_valid_i ld_mask_i ld_addr_i pf_valid_o pf_line_o pf_tag_o ev_o addr_q off_q"},
	{"tia_lal_invalid_or_same",
		"scalar misses of PC 5 (warp 0) create no TIA entry while warp 0's LAL is invalid (first load after "
		"reset), equals PC 5, or was set only by warp 1; after warp 0 loads PC 6 one is created (entry 2) and "
		"PC 6, which also owns FOA entry 1, triggers it: line 0x80, tag {6, 2, w0, last, tia}; a late miss sets "
		"its slow bit: warp 1's trigger (LAL = PC 6 itself) does not migrate it, warp 0's (LAL = PC 5) does",
		"spec §4.13 #11, §4.6", SET_A, .run = case_tia_lal,
		.focus = "ld_valid_i ld_pc_i ld_warp_i ld_miss_i pf_valid_o pf_line_o pf_tag_o ev_o lalpc_q lalv_q type_q pc_q st_q"},
	{"warp_count_change",
		"n (ld_iter_i) falls from 16 to 8 between two loads of one confirmed stream: the first predicts line "
		"0x22 (n = 16), the second line 0x23 with the new n (the old n would give 0x24)",
		"spec §4.13 #13, §4.5", SET_A, .run = case_iter_change,
		.focus = "ld_valid_i ld_iter_i ld_addr_i pf_valid_o pf_line_o off_q conf_q dist_q"},
	{"present_last_line",
		"pf_present_i drops a batch's last line (already in the L1): no fill event, yet the entry moves 01 -> "
		"10 as on a fill, so the next load is timely (no dist_inc, line 0x22 at distance 1, issued)",
		"spec §4.13 #14, §4.7", SET_A, .run = case_present_last,
		.focus = "pf_ready_i pf_present_i ld_valid_i pf_valid_o pf_line_o pf_tag_o ev_o qline_q st_q dist_q"},
	{"tia_two_entries_one_trigger",
		"scalar misses of PC 5 at two addresses, each after PC 6: two TIA entries (2, 3) with trigger PC 6, "
		"which also owns FOA entry 0; PC 6's next load scans both: lines 0x80 then 0x100, one per cycle",
		"spec §4.13 #11, §4.6", SET_A, .run = case_tia_two,
		.focus = "ld_valid_i ld_pc_i ld_miss_i ld_addr_i pf_valid_o pf_line_o pf_tag_o ph_q scn_q type_q pc_q"},
};

_Static_assert(sizeof pts_cases / sizeof pts_cases[0] == PTS_NCASES,
	       "PTS_NCASES in prefetch_table_stim.h counts the cases");

const char *pts_case_needs(const pt_cfg *c, int case_idx, char *err, size_t n)
{
	const wg_case_def *d = &pts_cases[case_idx];
	int set_b = strcmp(d->params, SET_B) == 0;
	/* what the scripts need; MIN_ACTIVE, CONF_*, DIST_BITS, OFFSET_BITS, ADDR_BITS, PQ_DEPTH... may be
	 * changed to see the claims fail */
	const char *want = set_b ? "THREADS=32,LANES_PER_CYCLE=8,LINE_BYTES=32,ADDR_BITS>=18"
				 : "THREADS=8,LANES_PER_CYCLE=4,LINE_BYTES=32,ADDR_BITS>=16,WARPS>=2,ENTRIES=4,PC_BITS>=3";
	int ok = c->line_bytes == 32 && c->pq_depth <= 64;
	if (set_b)
		ok = ok && c->threads == 32 && c->lpc == 8 && c->addr_bits >= 18;
	else
		ok = ok && c->threads == 8 && c->lpc == 4 && c->addr_bits >= 16 && c->warps >= 2 && c->entries == 4 &&
		     c->pc_bits >= 3;
	if (ok)
		return NULL;
	snprintf(err, n, "prefetch_table: directed case %s needs %s (its parameters: %s)", d->name, want, d->params);
	return err;
}
