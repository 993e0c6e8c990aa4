/* prefetch_table_stim.h - the prefetch table's stimulus: random mode on the
 * access-pattern environment (cosim/prefetch_table/prefetch_table_env.h, prefetch_table_stim.c) and the
 * directed cases (prefetch_table_stim_cases.c), joined in one wg_stim_def. */
#ifndef PREFETCH_TABLE_STIM_H
#define PREFETCH_TABLE_STIM_H

#include <stddef.h>
#include <stdint.h>

#include "prefetch_table.h"
#include "wg_desc.h"
#include "wg_stim.h"

/* The directed cases (prefetch_table_stim_cases.c). Case state is opaque:
 * pts_case_size() bytes, zeroed, handed to every call. */
enum { PTS_NCASES = 17 }; /* checked against the case list by a _Static_assert */
extern const wg_case_def pts_cases[PTS_NCASES];
size_t pts_case_size(void);
const char *pts_case_init(void *cs, const long *p, const wg_layout *L, int case_idx, char *err, size_t n);
/* Same meaning as wg_stim_def's next/observe/check/finish; model is the frame model (typed model first). */
int pts_case_next(void *cs, const pt_model *m, uint32_t *in, long cyc);
void pts_case_observe(void *cs, const pt_model *m, const uint32_t *in, const uint32_t *out, long cyc);
const char *pts_case_check(void *cs, const pt_model *m, const uint32_t *in, const uint32_t *out, long cyc, char *buf,
			   size_t n);
const char *pts_case_finish(void *cs, long *key_cycle, char *buf, size_t n);

#endif
