/* rename_cases.h - the directed cases of the register renaming table
 * `rename` (spec §11, docs/rename.md), defined in rename_cases.c: each a
 * function run by the kit's runner (wg_kit.h). Scripted cases drive a script
 * of port commands (rename_stim.h); env-driven ones run the synthetic SM of
 * rename_env.c with a preset. */
#ifndef RENAME_CASES_H
#define RENAME_CASES_H

#include "wg_stim.h"

enum {
	C_FREE_ALLOC,
	C_TWO_ALLOC,
	C_ONE_FREE,
	C_FULL,
	C_FOUR_OPS,
	C_YOUNGER,
	C_SRC_DST,
	C_TWICE,
	C_UNMAPPED,
	C_EXIT,
	C_LAUNCH,
	C_EXEMPT,
	C_PBR9,
	C_FC_PINNED,
	C_LONG_BLOCK,
	C_DOMAIN,
	C_WEAR,
	C_OVERSUB,
	C_BURST,
	C_RESET,
	C_BAD_HINT,
	C_COMMIT_REL,
	C_PBR_WRITE,
	/* TFET register classes (rename_cases_class.c) */
	C_CLS_REQ,
	C_CLS_TEMPTY,
	C_CLS_CEMPTY,
	C_CLS_LOAD,
	C_CLS_LOAD_TFET,
	C_CLS_CMOS_RA,
	C_CLS_PLACE,
	C_CLS_STATIC,
	C_CLS_STATIC_OVER,
	C_CLS_NOBYPASS,
	C_CLS_EXIT,
	C_CLS_RELAUNCH,
	RS_NCASES
};

extern const wg_case_def rs_cases[RS_NCASES];

/* Environment presets of the env-driven cases (knobs NULL: a scripted case). */
typedef struct rs_preset {
	const char *knobs;  /* knob settings (--knob syntax, comma-separated) */
	long cycles;        /* cycles to run */
	long reset_at;      /* a forced reset in this cycle, or -1 */
} rs_preset;

extern const rs_preset rs_presets[RS_NCASES];

/* The TFET class cases (rename_cases_class.c). */
struct wg_cyc;
void rsc_case_by_request(void *st, struct wg_cyc *c);
void rsc_case_tfet_empty(void *st, struct wg_cyc *c);
void rsc_case_cmos_empty(void *st, struct wg_cyc *c);
void rsc_case_load(void *st, struct wg_cyc *c);
void rsc_case_load_tfet(void *st, struct wg_cyc *c);
void rsc_case_cmos_ra(void *st, struct wg_cyc *c);
void rsc_case_placement(void *st, struct wg_cyc *c);
void rsc_case_static(void *st, struct wg_cyc *c);
void rsc_case_static_over(void *st, struct wg_cyc *c);
void rsc_case_no_bypass(void *st, struct wg_cyc *c);
void rsc_case_exit(void *st, struct wg_cyc *c);
void rsc_case_relaunch(void *st, struct wg_cyc *c);

#endif
