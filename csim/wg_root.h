/* wg_root.h - where the tool lives (its version: wg_version.h). */
#ifndef WG_ROOT_H
#define WG_ROOT_H

#include "wg_version.h" /* WARPGEN_VERSION */

#ifdef __cplusplus
extern "C" {
#endif

/* The repository root ($WARPGEN_HOME, else two folders above out/bin/warpgen). */
const char *wg_root(void);
/* The folder for build products and runs: $WARPGEN_OUT when set (`warpgen --out DIR` sets it,
 * absolute), else <root>/out. The packages `make deps` unpacks stay in <root>/out. */
const char *wg_out_dir(void);
/* 1 when $WARPGEN_OUT (--out) names that folder: it wins over the $OUT of a build (regress). */
int wg_out_given(void);
/* PATH relative to the repository root when it lies inside it, else PATH itself. */
const char *wg_root_rel(const char *path);

#ifdef __cplusplus
}
#endif

#endif
