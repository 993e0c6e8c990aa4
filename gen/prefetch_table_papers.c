/* prefetch_table_papers.c - APOGEE's prefetch table against the Sethia 2015
 * thesis, declared as wg_papers_prefetch_table: storage against Tab. 5.3
 * (64 entries x 76 bits) at the default configuration. */
#include <stdio.h>

#include "wg_papers_def.h"

static void apogee_rows(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c)
{
	if (!c->manifest || !wg_papers_is_default(c))
		return;
	char s1[128], s2[128], src[300];
	double e = wg_papers_val(x, t, "apogee", "table_entries", s1, sizeof s1);
	double w = wg_papers_val(x, t, "apogee", "table_entry_bits", s2, sizeof s2);
	snprintf(src, sizeof src, "%s; %s", s1, s2);
	const wg_json *p = wg_papers_parts(c->manifest, NULL);
	wg_papers_row(x, WG_PAPERS_STORAGE, "Sethia Tab. 5.3", "prefetch table 64 x 76 b (thesis fields)", c, e * w, src,
		      wg_papers_bits(p, NULL, 1), "bits", NULL);
	wg_buf why = {0};
	wg_papers_additions(&why, &p, 1, "Tab. 5.3");
	wg_papers_row(x, WG_PAPERS_STORAGE, "Sethia Tab. 5.3", "prefetch table, all storage", c, e * w, src,
		      wg_json_num(wg_json_get(c->manifest, "storage_bits"), -1), "bits", why.s);
	wg_buf_free(&why);
}

const wg_papers_def wg_papers_prefetch_table = {
	.table = "sethia2015.tsv",
	.storage = {.order = 4, .title = "APOGEE"},
	.rows = apogee_rows,
};
