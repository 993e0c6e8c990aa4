/* wg_covdat.h - a Verilator coverage data file: its point lines and their keys' fields (the one
 * reader of the format: warpgen coverage uses it too), and its toggle counts from the first reset
 * edge on. */
#ifndef WG_COVDAT_H
#define WG_COVDAT_H

#include <stddef.h>

/* A point line of a data file, `C '<key>' <count>` (verilated_cov.cpp): the key's start and length
 * (inside line) and the count. 1, or 0 when the line is not a point (the header, a malformed line). */
int wg_covdat_point(const char *line, const char **key, size_t *klen, unsigned long long *count);

/* The value of field F of a point's key (its fields are \001F\002VALUE: f the file, l the line, page
 * "v_toggle/MODULE" or "v_line/..." or "v_branch/...", o the signal or kind, h the hierarchy, S the
 * line span, n the column), copied into v (truncated to n-1 characters). 0, or -1 when the key has
 * no field F. */
int wg_covdat_field(const char *key, size_t klen, const char *f, char *v, size_t n);

/* The cov shim writes the counters at the first reset edge to its data file's path plus this. */
#define WG_COVDAT_MARK ".reset"

/* Subtract the toggle counts of MARK (the counters at the first reset edge, written by the cov
 * shim) from those of DAT, in place (a temporary file renamed over it); other points unchanged.
 * 0, or -1 with a one-line message in err. */
int wg_covdat_since_reset(const char *dat, const char *mark, char *err, size_t en);

#endif
