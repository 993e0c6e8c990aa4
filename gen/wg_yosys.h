/* wg_yosys.h - running Yosys steps with a content-hash cache, shared by
 * `warpgen area` (gen/wg_area.c) and `warpgen cosim --gate` (cosim/gate/wg_gate.c).
 *
 * A step is one script run in a private work folder under its result folder;
 * its outputs are moved into the folder and <step>.key (the 16-hex cache key)
 * is written last, so a folder whose key file matches and whose outputs all
 * exist is a complete, reusable result. */
#ifndef WG_YOSYS_H
#define WG_YOSYS_H

#include <stddef.h>

/* `yosys -V` into buf. Returns 0, or -1 when Yosys is missing or broken. */
int wg_yosys_version(char *buf, size_t n);

/* Is <dir>/<step>.key equal to key, with every output (NULL-terminated
 * names in dir) present? */
int wg_yosys_cached(const char *dir, const char *step, unsigned long long key, const char *const *outs);
/* When the cached step ran: the modification time of <dir>/<step>.key (Unix seconds), 0 if none. */
long long wg_yosys_cached_at(const char *dir, const char *step);

/* Run `yosys -q -l <step>.log -s <step>.ys` (under `timeout`,
 * WARPGEN_AREA_TIMEOUT seconds, default 3600) in a private work folder under
 * dir; then outs[i] in the work folder becomes names[i] in dir, the script
 * and log land in dir, and the key file is written last. *secs: Yosys's wall
 * time. Returns 0, or -1 with a message and *code = 1 (a tool failure). */
int wg_yosys_step(const char *dir, const char *step, const char *script, unsigned long long key,
		  const char *const *outs, const char *const *names, double *secs, int *code, char *err, size_t n);

#endif
