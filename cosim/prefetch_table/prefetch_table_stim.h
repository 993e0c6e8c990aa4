/* prefetch_table_stim.h - the directed cases of the prefetch table's
 * stimulus (prefetch_table_stim_cases.c), for the stimulus itself
 * (prefetch_table_stim.c, random mode on prefetch_table_env.h), which runs
 * them with the kit's runner (wg_kit.h). A case's function takes the
 * engine of prefetch_table_script.h as its state. */
#ifndef PREFETCH_TABLE_STIM_H
#define PREFETCH_TABLE_STIM_H

#include <stddef.h>

#include "prefetch_table.h"
#include "wg_stim.h"

enum { PTS_NCASES = 17 }; /* checked against the case list by a _Static_assert */
extern const wg_case_def pts_cases[];
/* NULL, or a one-line error in err: the parameters c do not fit the script of case case_idx. */
const char *pts_case_needs(const pt_cfg *c, int case_idx, char *err, size_t n);

#endif
