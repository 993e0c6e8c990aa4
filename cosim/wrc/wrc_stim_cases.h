/* wrc_stim_cases.h - the directed cases of the `wrc` stimulus
 * (wrc_stim_cases.c), as the stimulus (wrc_stim.c) uses them. */
#ifndef WRC_STIM_CASES_H
#define WRC_STIM_CASES_H

#include <stddef.h>

#include "wrc_stim.h"

#define WS_NCASES 15
extern const wg_case_def ws_cases[WS_NCASES];

/* Case s->cs is set up (its runner started): NULL, or an error in err (the
 * parameters differ from those its script names). */
const char *ws_case_setup(ws_stim *s, char *err, size_t n);
/* This cycle's outputs move the scripted programs on (every case). */
void ws_case_observe(ws_stim *s, const ws_obs *o);

#endif
