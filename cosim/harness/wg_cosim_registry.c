/* wg_cosim_registry.c - each block's co-simulation declarations, found by
 * name: its stimulus (wg_stim_<block>) and its statistics mode
 * (wg_stats_<block>), defined in the block's own folder (cosim/<block>/).
 * The references are weak: a block may exist (gen, area) before its
 * stimulus does, and most blocks have no statistics mode. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_stats.h"
#include "wg_stim.h"

#define WG_BLOCK(x)                                                                                        \
	extern const wg_stim_def wg_stim_##x __attribute__((weak));                                         \
	extern const wg_stats_def wg_stats_##x __attribute__((weak));
#include "blocks.inc"
#undef WG_BLOCK

static const wg_stim_def *const all_stims[] = {
#define WG_BLOCK(x) &wg_stim_##x,
#include "blocks.inc"
#undef WG_BLOCK
};

static const wg_stats_def *const all_stats[] = {
#define WG_BLOCK(x) &wg_stats_##x,
#include "blocks.inc"
#undef WG_BLOCK
};

static int index_of(const char *name)
{
	const wg_block *b = wg_block_find(name);
	return b ? wg_block_index(b) : -1;
}

const wg_stim_def *wg_stim_find(const char *name)
{
	int i = index_of(name);
	return i < 0 ? NULL : all_stims[i];
}

const char *wg_stim_check(const wg_stim_def *s, char *buf, size_t n)
{
	if (s && (s->nknobs < 0 || s->nknobs > WG_MAX_PARAMS)) {
		snprintf(buf, n, "%s: the stimulus declares %d knobs, a knob array holds 0..%d (WG_MAX_PARAMS)",
			 s->block ? s->block->name : "?", s->nknobs, WG_MAX_PARAMS);
		return buf;
	}
	return NULL;
}

void wg_stim_release(const wg_stim_def *s, void *st)
{
	if (st && s->release)
		s->release(st);
	free(st);
}

const wg_stats_def *wg_stats_find(const char *name)
{
	int i = index_of(name);
	return i < 0 ? NULL : all_stats[i];
}

const char *wg_stats_blocks(char *buf, size_t n)
{
	int nb, k = 0, total = 0;
	const wg_block *const *b = wg_blocks(&nb);
	for (int i = 0; i < nb; i++)
		total += all_stats[i] != NULL;
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < nb && used < n; i++) {
		if (!all_stats[i])
			continue;
		const char *sep = k == 0 ? "" : k == total - 1 ? " and " : ", ";
		used += (size_t)snprintf(buf + used, n - used, "%s%s", sep, b[i]->name);
		k++;
	}
	return buf;
}
