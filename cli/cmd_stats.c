/* cmd_stats.c - `warpgen stats BLOCK`: the block's statistics mode (its C
 * model alone in an environment; wg_stats.h), found by the block's name. */
#include <stdio.h>
#include <string.h>

#include "wg_cli.h"
#include "wg_cmds.h"
#include "wg_stats.h"

int wg_cmd_stats(int argc, char **argv)
{
	char list[256];
	if (argc < 1 || argv[0][0] == '-') {
		printf("usage: warpgen stats BLOCK [options]   (blocks with a statistics mode: %s;\n"
		       "       `warpgen stats BLOCK --help` lists a block's options)\n",
		       wg_stats_blocks(list, sizeof list));
		return argc < 1 ? 2 : 0;
	}
	if (!wg_block_find(argv[0]))
		wg_die("stats", 2, "unknown block '%s' (`warpgen list` shows them)", argv[0]);
	const wg_stats_def *s = wg_stats_find(argv[0]);
	if (!s)
		wg_die("stats", 2, "%s has no statistics mode (only %s)", argv[0], wg_stats_blocks(list, sizeof list));
	return s->run(argc, argv);
}
