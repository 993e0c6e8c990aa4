/* wrc_papers.c - the warp readiness checker's comparison with the Sethia 2015
 * thesis, declared as wg_papers_wrc: its share of Tab. 4.2 (the WST and the
 * owner id) at the default configuration, through Mascar's comparison
 * (mascar_papers.c), where the table's rows live. */
#include "mascar_papers.h"

static void wrc_rows(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c)
{
	if (!c->manifest || !wg_papers_is_default(c))
		return;
	ms_papers_tab42(x, t, c, wg_papers_parts(c->manifest, NULL), NULL, 0);
}

const wg_papers_def wg_papers_wrc = {
	.table = "sethia2015.tsv",
	.storage = {.order = 2}, /* named in the heading by Mascar's title */
	.rows = wrc_rows,
};
