/* mascar_papers.c - Mascar's comparison with the Sethia 2015 thesis, Tab. 4.2
 * (storage per SM), declared as wg_papers_mascar. The table covers the whole
 * composition, so its comparison lives here, with the composition; the parts
 * wrc and reexec_q call it for their own rows (wrc_papers.c,
 * reexec_q_papers.c), which keeps every row as it was. */
#include <stdio.h>

#include "mascar_papers.h"

void ms_papers_tab42(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c, const wg_json *wrcp,
		     const wg_json *rqp, int whole)
{
	char s1[128], s2[128], s3[128], s4[128], src[300];
	double wst = wg_papers_val(x, t, "wst", "storage", s1, sizeof s1);
	double own = wg_papers_val(x, t, "wrc", "storage", s2, sizeof s2);
	double q = wg_papers_val(x, t, "reexec_q", "storage", s3, sizeof s3);
	double tot = wg_papers_val(x, t, "mascar", "storage", s4, sizeof s4);
	if (wrcp) {
		snprintf(src, sizeof src, "%s; %s", s1, s2);
		wg_papers_row(x, WG_PAPERS_STORAGE, "Sethia Tab. 4.2", "WST 48 x 2 b + WRC owner id (12 B + 1 B)", c,
			      8 * (wst + own), src, wg_papers_bits(wrcp, NULL, 1), "bits",
			      "Tab. 4.2 keeps the 6-bit owner id in a whole byte");
	}
	if (rqp)
		wg_papers_row(x, WG_PAPERS_STORAGE, "Sethia Tab. 4.2", "re-execution queue 32 x 301 b (1216 B)", c, 8 * q,
			      s3, wg_papers_bits(rqp, NULL, 1), "bits", "Tab. 4.2 pads each 301-bit entry to 38 B (304 b)");
	if (whole) {
		wg_buf why = {0};
		const wg_json *ps[2] = {wrcp, rqp};
		wg_papers_additions(&why, ps, 2, "Tab. 4.2");
		wg_papers_row(x, WG_PAPERS_STORAGE, "Sethia Tab. 4.2", "Mascar per SM, all storage (1229 B)", c, 8 * tot,
			      s4, wg_json_num(wg_json_get(c->manifest, "storage_bits"), -1), "bits", why.s);
		wg_buf_free(&why);
	}
}

/* The default configuration's manifest: the instances wrc and rq, and the total. */
static void mascar_rows(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c)
{
	if (!c->manifest || !wg_papers_is_default(c))
		return;
	ms_papers_tab42(x, t, c, wg_papers_parts(c->manifest, "wrc"), wg_papers_parts(c->manifest, "rq"), 1);
}

const wg_papers_def wg_papers_mascar = {
	.table = "sethia2015.tsv",
	.storage = {.order = 1, .title = "Mascar"},
	.rows = mascar_rows,
};
