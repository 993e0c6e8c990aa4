/* fz_json.c - libFuzzer harness of the JSON reader behind `warpgen report` (csim/wg_json.c):
 * any text is a document or one "line L: message"; a document is walked with the look-ups
 * the report makes (members, paths, numbers, strings). */
#include "fz.h"
#include "wg_json.h"

static void walk(const wg_json *j, int depth)
{
	if (depth > 100000)
		abort();
	(void)wg_json_num(j, 0);
	(void)wg_json_str(j, "");
	if (j->type == WG_J_OBJ || j->type == WG_J_ARR)
		for (int i = 0; i < j->n; i++) {
			if (j->type == WG_J_OBJ && !j->kids[i].key)
				abort();
			if (j->type == WG_J_OBJ)
				(void)wg_json_get(j, j->kids[i].key);
			walk(&j->kids[i], depth + 1);
		}
}

static int body(const uint8_t *data, size_t size)
{
	char *text = fz_str(data, size), err[512];
	err[0] = '\0';
	wg_json *j = wg_json_parse(text, err, sizeof err);
	if (!j) {
		fz_check_msg("wg_json_parse", err);
		free(text);
		return 0;
	}
	walk(j, 0);
	(void)wg_json_path(j, "energy_pj.total");
	(void)wg_json_path(j, "steps");
	(void)wg_json_path(j, "..a..");
	(void)wg_json_path(j, "");
	wg_json_free(j);
	free(text);
	return 0;
}

int fz_json(const uint8_t *data, size_t size)
{
	return fz_small_stack(body, data, size);
}
