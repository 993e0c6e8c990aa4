/* wg_papers_registry.c - each block's comparisons with its papers
 * (wg_papers_<block>, gen/<block>_papers.c), listed through the generated
 * block list in its order, so adding a block edits nothing here. The
 * references are weak: a block may compare nothing with its papers. */
#include "wg_papers_def.h"

#define WG_BLOCK(x) extern const wg_papers_def wg_papers_##x __attribute__((weak));
#include "blocks.inc"
#undef WG_BLOCK

static const wg_papers_def *const all_papers[] = {
#define WG_BLOCK(x) &wg_papers_##x,
#include "blocks.inc"
#undef WG_BLOCK
};

const wg_papers_def *const *wg_papers_defs(int *n)
{
	*n = (int)(sizeof all_papers / sizeof all_papers[0]);
	return all_papers;
}
