/* reexec_q_papers.c - the re-execution queue's comparison with the Sethia
 * 2015 thesis, declared as wg_papers_reexec_q: its share of Tab. 4.2 (the
 * queue) at the default configuration, through Mascar's comparison
 * (mascar_papers.c), where the table's rows live. */
#include "mascar_papers.h"

static void reexec_q_rows(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c)
{
	if (!c->manifest || !wg_papers_is_default(c))
		return;
	ms_papers_tab42(x, t, c, NULL, wg_papers_parts(c->manifest, NULL), 0);
}

const wg_papers_def wg_papers_reexec_q = {
	.table = "sethia2015.tsv",
	.storage = {.order = 3}, /* named in the heading by Mascar's title */
	.rows = reexec_q_rows,
};
