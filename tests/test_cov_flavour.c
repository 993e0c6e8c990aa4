/* test_cov_flavour.c - the cov build flavour (cosim --coverage, docs/cosim.md
 * "Coverage"): its shim text writes the coverage data between final() and
 * deleting the model, and adding it left the other flavours' shim text and
 * compiler flags, so their cache keys and runtime stamps, as they were. */
#include <stdlib.h>
#include <string.h>

#include "wg_check.h"
#include "wg_desc.h"
#include "wg_flavour.h"
#include "wg_shim.h"
#include "wg_vlrt.h"

/* a flag list as one string */
static void joined(const wg_argv *a, char *buf, size_t n)
{
	buf[0] = '\0';
	for (int i = 0; i < a->n; i++) {
		strncat(buf, a->v[i], n - strlen(buf) - 2);
		strcat(buf, " ");
	}
}

int main(void)
{
	const wg_block *b = wg_block_find("wrc");
	CHECK(b != NULL);
	long p[WG_MAX_PARAMS];
	wg_params_default(b, p);
	wg_layout L;
	wg_layout_init(&L, b, p);

	char *plain = wg_shim_source(b, &L, "wrc");
	char *fast = wg_shim_source_flavour(b, &L, "wrc", 0);
	char *cov = wg_shim_source_flavour(b, &L, "wrc", 1);
	CHECK(strcmp(plain, fast) == 0);
	CHECK(strstr(plain, "coverage") == NULL && strstr(plain, "wg_cov") == NULL);
	CHECK(strstr(cov, "#include \"verilated_cov.h\"") != NULL);
	CHECK(strstr(cov, "extern \"C\" int wg_shim_cov_file(const char *path)") != NULL);
	const char *fin = strstr(cov, "s->top->final();"), *wr = strstr(cov, "s->ctx->coveragep()->write(wg_cov_path);"),
		   *del = strstr(cov, "delete s->top;");
	CHECK(fin && wr && del && fin < wr && wr < del);
	free(plain);
	free(fast);
	free(cov);

	CHECK(strcmp(wg_flavour_name(WG_FLAVOUR_FAST), "fast") == 0);
	CHECK(strcmp(wg_flavour_name(WG_FLAVOUR_FST), "fst") == 0);
	CHECK(strcmp(wg_flavour_name(WG_FLAVOUR_COV), "cov") == 0);

	static char a0[4096], a1[4096], c[4096];
	wg_argv x = {0}, y = {0}, z = {0};
	wg_vtool_cxxflags(&x, 0);
	wg_vlrt_cxxflags(&y, WG_FLAVOUR_FAST);
	wg_vlrt_cxxflags(&z, WG_FLAVOUR_COV);
	joined(&x, a0, sizeof a0);
	joined(&y, a1, sizeof a1);
	joined(&z, c, sizeof c);
	CHECK(strcmp(a0, a1) == 0);
	CHECK(strncmp(c, a0, strlen(a0)) == 0 && strcmp(c + strlen(a0), "-UVM_COVERAGE -DVM_COVERAGE=1 ") == 0);
	wg_argv_free(&x);
	wg_argv_free(&y);
	wg_argv_free(&z);
	return wg_check_done();
}
