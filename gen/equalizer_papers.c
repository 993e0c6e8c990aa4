/* equalizer_papers.c - the per-SM Equalizer block against the Sethia 2015
 * thesis, declared as wg_papers_equalizer: storage against §3.5.1.2 (4 x
 * 11-bit statistics + a 12-bit cycle counter) at the default configuration. */
#include "wg_papers_def.h"

static void equalizer_rows(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c)
{
	if (!c->manifest || !wg_papers_is_default(c))
		return;
	char s1[128];
	double b = wg_papers_val(x, t, "equalizer", "storage_stats_bits", s1, sizeof s1);
	const wg_json *p = wg_papers_parts(c->manifest, NULL);
	wg_papers_row(x, WG_PAPERS_STORAGE, "Sethia §3.5.1.2", "4 x 11-bit statistics + 12-bit cycle counter", c, b,
		      s1, wg_papers_bits(p, NULL, 1), "bits", NULL);
	wg_buf why = {0};
	wg_papers_additions(&why, &p, 1, "§3.5.1.2 (its CTA control)");
	wg_papers_row(x, WG_PAPERS_STORAGE, "Sethia §3.5.1.2", "Equalizer per SM, all storage", c, b, s1,
		      wg_json_num(wg_json_get(c->manifest, "storage_bits"), -1), "bits", why.s);
	wg_buf_free(&why);
}

const wg_papers_def wg_papers_equalizer = {
	.table = "sethia2015.tsv",
	.storage = {.order = 5, .title = "Equalizer"},
	.rows = equalizer_rows,
};
