/* wg_root.h - where the tool lives (its version: wg_version.h). */
#ifndef WG_ROOT_H
#define WG_ROOT_H

#include "wg_version.h" /* WARPGEN_VERSION */

#ifdef __cplusplus
extern "C" {
#endif

/* The repository root ($WARPGEN_HOME, else two folders above out/bin/warpgen). */
const char *wg_root(void);
/* <root>/out, the one folder for build products. */
const char *wg_out_dir(void);
/* PATH relative to the repository root when it lies inside it, else PATH itself. */
const char *wg_root_rel(const char *path);

#ifdef __cplusplus
}
#endif

#endif
