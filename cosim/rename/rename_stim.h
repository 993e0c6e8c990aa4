/* rename_stim.h - the stimulus state of the register renaming table
 * `rename`, shared by its directed cases (rename_cases.c) and its stimulus
 * interface (rename_stim.c), and the drive helpers both use (rename_drive.c):
 * the script engine of the scripted cases and the environment's drive.
 *
 * A script is a string of steps separated by ';', one step per cycle unless
 * it holds; the commands of a step are separated by ',':
 *   Z               reset            L kw kr ke      kernel launch
 *   A w r           allocation request on the next port (a CMOS request under MEM_RA)
 *   Q w r           the same asking for a TFET id (alc_tfet_i)   M w r   a load's (alc_load_i)
 *   V w r           a load's asking for TFET (a protocol violation, A11)
 *   P w pc flags    pir (flags in hex)
 *   I w s0 s1 s2 d  instruction (63 = none)     B w r...   pbr (up to 9)
 *   X w             exit             R w             operand reads done
 *   -               idle             *CMD            only in the step's first cycle
 *   !op !pir !alc   hold the step until op_ready_o / pir_ready_o / every request granted
 *   #k              tag k: the case's check looks at the steps by tag
 * Every script begins with one reset step (rs_script_start). */
#ifndef RENAME_STIM_H
#define RENAME_STIM_H

#include <stddef.h>
#include <stdint.h>

#include "rename.h"
#include "rename_class.h"
#include "rename_env.h"
#include "wg_kit.h"

#define RS_PROG 16384
#define RS_STEPS 512

typedef struct rs_stim {
	const wg_layout *L;         /* frame layout */
	rn_cfg c;                   /* configuration */
	int cs;                     /* directed case, or -1 */
	wg_case_runner run;         /* its runner (wg_kit.h) */
	long end;                   /* env cases: cycles to run */
	/* script */
	char prog[RS_PROG];         /* the steps */
	int step_off[RS_STEPS];     /* start of each step in prog */
	int nsteps;
	int t;                      /* current step */
	int first;                  /* the next cycle is its step's first */
	int cfirst;                 /* this cycle is its step's first */
	int tag;                    /* this cycle's step's tag (-1: none) */
	int hold;                   /* this cycle's hold rule */
	rn_in in;                   /* this cycle's inputs */
	rn_out out;                 /* this cycle's outputs */
	/* case bookkeeping */
	int pmap[RN_MAX_WARPS][64]; /* last granted id of (w, r), -1 */
	long seen[8];               /* counters of checked events */
	int a[8];                   /* scratch */
	long frees;                 /* ev free summed */
	int last;                   /* WEAR_LEVEL reference: last grant */
	rs_cls cls;                 /* TFET classes: class inputs, monitor (rename_class.h) */
	rn_env *env;                /* random / env cases (after this struct) */
} rs_stim;

/* Bit i of a bit vector (reg_on, dom_on). */
static inline int rs_on(const uint64_t *v, int i)
{
	return (int)((v[i >> 6] >> (i & 63)) & 1u);
}

/* ---- scripts (rename_drive.c) ---- */

/* Begin the script with its reset step. */
void rs_script_start(rs_stim *s);
/* Append steps (a printf format). */
void rs_add(rs_stim *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Append steps mapping registers (w, r) for r in [r0, r1), one per cycle (same-bank safe). */
void rs_add_map(rs_stim *s, int w, int r0, int r1);

/* In a case: it writes its script now (rs_add), before its first rs_drive. */
static inline int rs_writing(const wg_cyc *c)
{
	return c->phase == WG_DRIVE && c->t == 0;
}

/* In a case, DRIVE phase: drive the script's current step into s->in and
 * c->in (the case ends after the last step); other phases: nothing. */
void rs_drive(rs_stim *s, wg_cyc *c);
/* After this cycle's outputs (s->out): the step is done unless its hold
 * rule keeps it. */
void rs_advance(rs_stim *s);

/* ---- the environment (env-driven cases) ---- */

/* In a case, DRIVE phase: the environment drives s->in and c->in for
 * s->end cycles, then the case ends; other phases: nothing. */
void rs_drive_env(rs_stim *s, wg_cyc *c);

/* ---- the waveform marker ---- */

/* CHECK phase: mark this cycle unless an earlier one is marked. */
static inline void rs_key(wg_cyc *c)
{
	if (c->key < 0)
		wg_key(c);
}

/* FINISH phase: the case's key event happened (a cycle is marked). */
void rs_keyed(wg_cyc *c);

#endif
