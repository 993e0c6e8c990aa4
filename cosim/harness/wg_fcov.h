/* wg_fcov.h - functional coverage of a run: the stimulus's named points
 * (wg_stim_def.cov, counted by wg_harness_run into wg_harness_res.cov_hits),
 * printed as a table and written into the run's JSON. docs/cosim.md
 * "Functional coverage". */
#ifndef WG_FCOV_H
#define WG_FCOV_H

#include <stdio.h>

#include "wg_buf.h"
#include "wg_harness.h"
#include "wg_stim.h"

/* The points table of a run: one line per point, its hits ("never" for 0) and
 * its corner case; a first line with how many points were hit. Nothing when
 * the stimulus declares no points. */
void wg_fcov_print(FILE *f, const wg_stim_def *s, const wg_harness_res *r);
/* The points a stimulus declares (name and corner case), for --list, indented
 * by four spaces (tests/decl.sh reads the lines "  name ..." of --list as the
 * directed cases). Nothing when it declares none. */
void wg_fcov_list(FILE *f, const wg_stim_def *s);
/* Append `"coverage": [{"name": ..., "hits": N}, ...]` (no leading comma) to j. */
void wg_fcov_json_buf(wg_buf *j, const wg_stim_def *s, const wg_harness_res *r);
/* Add the "coverage" member to the JSON object already written to path (the
 * --json file of cosim), atomically. Nothing written when the stimulus has no
 * points. Returns 0, or -1 and a message in err. */
int wg_fcov_json(const wg_stim_def *s, const wg_harness_res *r, const char *path, char *err, size_t n);
/* Points of s with zero hits in r. */
int wg_fcov_missed(const wg_stim_def *s, const wg_harness_res *r);

#endif
