/* prefetch_table_script.h - the engine of the prefetch table's directed
 * cases (docs/prefetch_table.md "Directed cases", spec §4.13). A case is a
 * script of steps (loads held until ld_ack_o, fills, pf_ready_i /
 * pf_present_i settings, idle cycles) with the lines it must issue and its
 * event totals, written as data in its case function
 * (prefetch_table_stim_cases.c), which hands it to pts_play() in every
 * phase of the kit's runner (wg_kit.h).
 *
 * The engine drives the steps and, in the stimulus's observe(), checks the
 * outputs of every cycle against hand-computed expectations: the lines
 * leaving the queue (line and tag, in order), the queue's latency and count
 * (a shadow of push cycles), ld_ack_o only in phase 3 of a held load and
 * after exactly the expected number of cycles, entry_o, and per-load event
 * counts (confirm, dist_inc, dist_dec, push). Those checks also steer the
 * script (an ack ends the held load), so they run in observe(), every cycle;
 * the case's CHECK phase reports the first failure, its FINISH phase the
 * event totals and that every expected line was issued. Expectations come
 * from the contract, not from the model. */
#ifndef PREFETCH_TABLE_SCRIPT_H
#define PREFETCH_TABLE_SCRIPT_H

#include <stddef.h>
#include <stdint.h>

#include "prefetch_table.h"
#include "wg_desc.h"
#include "wg_kit.h"

enum { PTS_PROLOGUE = 2 }; /* reset cycles before a script */

/* step kinds */
enum { S_END = 0, S_LOAD, S_FILL, S_IDLE, S_READY, S_PRESENT };

#define NOX (-1) /* not checked */

/* stride of a load whose lanes 0,2,4,6 are at base + 3*(l/2) */
#define ADDR_OFF_RATIO 1
/* stride of a load whose lane 0 is at base and every later lane at base + 256 (one step, then dA = 0) */
#define ADDR_OFF_STEP 2
/* stride of a load whose lane 0 is at base and every later lane at base + 1 (with lane 1 off: dA/dT = 1/2) */
#define ADDR_OFF_HALF 3

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
	pts_step s[MAXS];       /* the steps (S_END ends) */
	pts_exp e[MAXE];        /* the lines issued, in order (line and pc 0 ends) */
	pts_tot t[MAXT];        /* event totals of the case */
	int key_ev;             /* the event whose first cycle is the key cycle */
} pts_script;

/* The engine's state: the directed stimulus's state, handed to the case functions. */
typedef struct pts_eng pts_eng;

size_t pts_eng_size(void);
/* e: zeroed memory of pts_eng_size() bytes; name: the case's (for messages). */
void pts_eng_init(pts_eng *e, const long *p, const wg_layout *L, const char *name);
/* The prologue (wg_prologue_fn, st an engine): reset. */
void pts_prologue(void *st, uint32_t *in, long cyc);
/* Every cycle's outputs (observe(), after eval): the engine's checks. */
void pts_eng_observe(pts_eng *e, const uint32_t *in, const uint32_t *out, long cyc);
/* A case's body (st an engine): drive, check and finish script sc. */
void pts_play(void *st, wg_cyc *c, const pts_script *sc);

#endif
