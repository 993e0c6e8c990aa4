/* test_case_contra.c - a --set that contradicts a directed case's own parameter (`--case
 * lru_read_touch --set REPLACEMENT=FIFO`: the negative tests' run, tests/expect_check_fail.sh) is
 * said: one line on stderr naming the parameter, the case's value and the given one, and the
 * same in the run's JSON ("case_contradicted"); a --set the case agrees with, or one of a
 * parameter the case leaves alone, says nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wg_check.h"
#include "wg_cli.h"
#include "wg_json.h"
#include "wg_report.h"

/* Parse argv (block first) and say the contradictions as cosim does (wg_contra_say), with stderr
 * captured into err. */
static void parse(wg_opts *o, int argc, char **argv, char *err, size_t n)
{
	fflush(stderr);
	FILE *t = tmpfile();
	int saved = dup(fileno(stderr));
	dup2(fileno(t), fileno(stderr));
	wg_opts_parse(o, "cosim", argc, argv, WG_OPT_SET | WG_OPT_CASE | WG_OPT_JSON | WG_OPT_QUIET);
	wg_contra_say(o);
	fflush(stderr);
	dup2(saved, fileno(stderr));
	close(saved);
	rewind(t);
	size_t got = fread(err, 1, n - 1, t);
	err[got] = '\0';
	fclose(t);
}

int main(void)
{
	char err[2048];
	wg_opts o;

	char *a1[] = {"rfc", "--case", "lru_read_touch", "--set", "REPLACEMENT=FIFO", "-q"};
	parse(&o, 6, a1, err, sizeof err);
	CHECK_EQ(o.ncontra, 1);
	CHECK(strcmp(err, "warpgen cosim: --set REPLACEMENT=FIFO contradicts case lru_read_touch's own "
			  "REPLACEMENT=LRU: the case's claim is checked against another configuration, so a FAIL "
			  "is expected\n") == 0);
	if (o.ncontra != 1)
		printf("stderr was: %s", err);

	/* the same in the run's JSON */
	char dir[] = "/tmp/wg-contra-XXXXXX", path[64];
	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof path, "%s/r.json", dir);
	wg_run_info *ri = calloc(1, sizeof *ri);
	wg_layout *L = calloc(1, sizeof *L);
	wg_harness_res r = {.verdict = WG_V_PASS};
	wg_layout_init(L, o.block, o.p);
	ri->o = &o;
	ri->L = L;
	CHECK(wg_report_json(ri, &r, path, err, sizeof err) == 0);
	FILE *f = fopen(path, "r");
	static char text[1 << 16];
	size_t len = f ? fread(text, 1, sizeof text - 1, f) : 0;
	text[len] = '\0';
	if (f)
		fclose(f);
	wg_json *j = wg_json_parse(text, err, sizeof err);
	CHECK(j != NULL);
	const wg_json *c = wg_json_get(j, "case_contradicted");
	CHECK(c && c->type == WG_J_ARR && c->n == 1);
	if (c && c->n == 1) {
		CHECK(strcmp(wg_json_str(wg_json_get(&c->kids[0], "parameter"), ""), "REPLACEMENT") == 0);
		CHECK(strcmp(wg_json_str(wg_json_get(&c->kids[0], "case_value"), ""), "LRU") == 0);
		CHECK(strcmp(wg_json_str(wg_json_get(&c->kids[0], "given"), ""), "FIFO") == 0);
		CHECK(strstr(wg_json_str(wg_json_get(&c->kids[0], "note"), ""), "a FAIL is expected") != NULL);
	}
	wg_json_free(j);

	/* a --set the case agrees with, or of a parameter the case does not set: nothing said, [] */
	char *a2[] = {"rfc", "--case", "lru_read_touch", "--set", "REPLACEMENT=LRU", "--set", "WIDTH=16"};
	parse(&o, 7, a2, err, sizeof err);
	CHECK_EQ(o.ncontra, 0);
	CHECK(err[0] == '\0');
	CHECK(wg_report_json(ri, &r, path, err, sizeof err) == 0);
	f = fopen(path, "r");
	len = f ? fread(text, 1, sizeof text - 1, f) : 0;
	text[len] = '\0';
	if (f)
		fclose(f);
	j = wg_json_parse(text, err, sizeof err);
	c = wg_json_get(j, "case_contradicted");
	CHECK(c && c->type == WG_J_ARR && c->n == 0);
	wg_json_free(j);

	/* no case: nothing */
	char *a3[] = {"rfc", "--set", "REPLACEMENT=FIFO"};
	parse(&o, 3, a3, err, sizeof err);
	CHECK_EQ(o.ncontra, 0);
	CHECK(err[0] == '\0');

	unlink(path);
	rmdir(dir);
	free(ri);
	free(L);
	return wg_check_done();
}
