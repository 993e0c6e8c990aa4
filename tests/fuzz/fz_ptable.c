/* fz_ptable.c - libFuzzer harness of the power-table loader (power_tables/wg_ptable.c):
 * any text is a table or one "NAME:LINE: reason" line; a table read answers its own keys. */
#include "fz.h"
#include "wg_ptable.h"

static int body(const uint8_t *data, size_t size)
{
	char *text = fz_str(data, size), err[512];
	wg_ptable t;
	if (wg_ptable_parse(&t, "fuzz.tsv", text, err, sizeof err) != 0) {
		fz_check_msg("wg_ptable_parse", err);
		free(text);
		return 0;
	}
	for (int i = 0; i < t.nrows; i++) {
		const wg_prow *r = &t.rows[i];
		if (wg_ptable_find(&t, r->structure, r->quantity) != r)
			abort();
		double v;
		if (wg_ptable_num(&t, r->structure, r->quantity, &v, err, sizeof err) != 0)
			fz_check_msg("wg_ptable_num", err);
		(void)wg_kind_name(r->kind);
	}
	if (!wg_ptable_need(&t, "no such", "row", err, sizeof err))
		fz_check_msg("wg_ptable_need", err);
	wg_ptable_free(&t);
	free(text);
	return 0;
}

int fz_ptable(const uint8_t *data, size_t size)
{
	return fz_small_stack(body, data, size);
}
