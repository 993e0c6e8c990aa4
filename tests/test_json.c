/* test_json.c - the JSON reader used for result files. */
#include <string.h>

#include "wg_check.h"
#include "wg_json.h"

int main(void)
{
	char err[128];
	wg_json *j = wg_json_parse("{\"a\": 1.5, \"b\": {\"c\": \"x\\ny\", \"d\": [1, 2, 3]}, \"t\": true, \"z\": null}",
				   err, sizeof err);
	CHECK(j != NULL);
	CHECK(wg_json_num(wg_json_get(j, "a"), 0) == 1.5);
	CHECK(strcmp(wg_json_str(wg_json_path(j, "b.c"), ""), "x\ny") == 0);
	CHECK(wg_json_path(j, "b.d")->n == 3);
	CHECK(wg_json_num(&wg_json_path(j, "b.d")->kids[2], 0) == 3);
	CHECK(wg_json_num(wg_json_get(j, "t"), 0) == 1);
	CHECK(wg_json_get(j, "z")->type == WG_J_NULL);
	CHECK(wg_json_get(j, "missing") == NULL);
	CHECK(wg_json_num(wg_json_path(j, "b.c"), -1) == -1); /* wrong type: default */
	wg_json_free(j);

	/* malformed input: NULL and the line of the error */
	CHECK(wg_json_parse("{\n\"a\": 1,\n\"b\" 2}", err, sizeof err) == NULL);
	CHECK(strncmp(err, "line 3:", 7) == 0);
	CHECK(wg_json_parse("[1, 2", err, sizeof err) == NULL);
	CHECK(wg_json_parse("\"abc", err, sizeof err) == NULL);
	CHECK(wg_json_parse("{} x", err, sizeof err) == NULL);
	CHECK(wg_json_parse("", err, sizeof err) == NULL);
	char deep[200];
	memset(deep, '[', sizeof deep - 1);
	deep[sizeof deep - 1] = '\0';
	CHECK(wg_json_parse(deep, err, sizeof err) == NULL);
	CHECK(strstr(err, "nested too deeply") != NULL);
	return wg_check_done();
}
