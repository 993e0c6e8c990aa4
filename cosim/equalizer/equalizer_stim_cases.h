/* equalizer_stim_cases.h - the directed cases of the `equalizer` stimulus
 * (equalizer_stim_cases.c): the case table, its set-up, and the record of
 * decisions and events that every case's claims read. */
#ifndef EQUALIZER_STIM_CASES_H
#define EQUALIZER_STIM_CASES_H

#include <stddef.h>

#include "equalizer_stim.h"

enum {
	C_EPOCH_EDGE, C_CNT_MAX,
	C_TT_XMEM_W, C_TT_XALU_W, C_TT_XMEM_2, C_TT_UNSAT_COMP, C_TT_UNSAT_TIE, C_TT_DEGEN, C_TT_IDLE,
	C_NORM_SHIFT, C_VF_PERF,
	C_HYST, C_HYST_BROKEN, C_HYST_CLAMP,
	C_DONE_PAUSED, C_PAUSE_DONE, C_INC_NONE, C_KCHANGE, C_IDLE_SM,
	EQS_NCASES
};
extern const wg_case_def eqs_cases[EQS_NCASES];

/* Case s->cs: check the parameters its script needs, start its runner (s->run). */
const char *eqs_case_init(eqs_stim *s, char *err, size_t n);
/* Every cycle of a case (after the shadow's checks): record this cycle's
 * events and decision (o: the outputs). NULL, or a message in buf. */
const char *eqs_case_record(eqs_stim *s, const eqs_out *o, long cyc, char *buf, size_t n);

#endif
