/* wg_root.h - the tool's version and where it lives. */
#ifndef WG_ROOT_H
#define WG_ROOT_H

#ifdef __cplusplus
extern "C" {
#endif

#define WARPGEN_VERSION "0.1.0"

/* The repository root ($WARPGEN_HOME, else two folders above out/bin/warpgen). */
const char *wg_root(void);
/* <root>/out, the one folder for build products. */
const char *wg_out_dir(void);

#ifdef __cplusplus
}
#endif

#endif
