/* wg_stats.h - a block's statistics mode (`warpgen stats BLOCK`): its C
 * model alone in an environment, reporting what an architect asks of it.
 * A block declares one by defining `const wg_stats_def wg_stats_<block>` in
 * its folder (cosim/<block>/<block>_stats.c); the front end finds it by name. */
#ifndef WG_STATS_H
#define WG_STATS_H

#include <stddef.h>

typedef struct wg_stats_def {
	/* The command: argv[0] is the block name, the options follow. Returns the
	 * exit code (0, 1 a check of the environment failed, 2 bad input). */
	int (*run)(int argc, char **argv);
} wg_stats_def;

/* The statistics mode of a block, or NULL when it has none. */
const wg_stats_def *wg_stats_find(const char *block);
/* The blocks that have one, as "a, b and c" (for messages). */
const char *wg_stats_blocks(char *buf, size_t n);

#endif
