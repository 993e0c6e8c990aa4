/* wg_energy_registry.c - each block's energy rules (wg_energy_<block>),
 * found by name through the generated block list, so adding a block edits
 * nothing here. The references are weak: a composition is priced through
 * its instances, and a new block may exist (gen, cosim) before its rules. */
#include <stddef.h>

#include "wg_energy_rules.h"

#define WG_BLOCK(x) extern const wg_energy_rules wg_energy_##x __attribute__((weak));
#include "blocks.inc"
#undef WG_BLOCK

static const wg_energy_rules *const all_rules[] = {
#define WG_BLOCK(x) &wg_energy_##x,
#include "blocks.inc"
#undef WG_BLOCK
};

const wg_energy_rules *wg_energy_rules_find(const char *name)
{
	const wg_block *b = wg_block_find(name);
	int i = b ? wg_block_index(b) : -1;
	return i < 0 ? NULL : all_rules[i];
}
