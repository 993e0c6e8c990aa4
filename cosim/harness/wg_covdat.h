/* wg_covdat.h - a coverage data file's toggle counts from the first reset edge on. */
#ifndef WG_COVDAT_H
#define WG_COVDAT_H

#include <stddef.h>

/* The cov shim writes the counters at the first reset edge to its data file's path plus this. */
#define WG_COVDAT_MARK ".reset"

/* Subtract the toggle counts of MARK (the counters at the first reset edge, written by the cov
 * shim) from those of DAT, in place (a temporary file renamed over it); other points unchanged.
 * 0, or -1 with a one-line message in err. */
int wg_covdat_since_reset(const char *dat, const char *mark, char *err, size_t en);

#endif
