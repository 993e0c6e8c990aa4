/* fz_stat.c - libFuzzer harness of the Yosys `stat` parser (gen/wg_area.c wg_stat_parse):
 * any text is a statistics record or one line. */
#include "fz.h"
#include "wg_area.h"

static int body(const uint8_t *data, size_t size)
{
	char *text = fz_str(data, size), err[512];
	wg_stat s;
	memset(&s, 0, sizeof s);
	if (wg_stat_parse(text, &s, err, sizeof err) != 0) {
		fz_check_msg("wg_stat_parse", err);
	} else {
		for (int i = 0; i < s.ntypes; i++) {
			(void)wg_stat_count(&s, s.types[i].type);
			(void)wg_cell_is_flop(s.types[i].type);
			(void)wg_cell_is_latch(s.types[i].type);
		}
	}
	wg_stat_free(&s);
	free(text);
	return 0;
}

int fz_stat(const uint8_t *data, size_t size)
{
	return fz_small_stack(body, data, size);
}
