/* test_cov_flavour.c - the cov build flavour (cosim --coverage, docs/cosim.md
 * "Coverage"): its shim text writes the coverage data between final() and
 * deleting the model, and the counters at the first reset edge beside it; adding
 * it left the other flavours' shim text and compiler flags, so their cache keys
 * and runtime stamps, as they were; wg_covdat_since_reset takes the reset edge's
 * toggles out of the toggle points only; wg_covdat_point and wg_covdat_field read
 * the format's lines and keys. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wg_check.h"
#include "wg_covdat.h"
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
	/* the mark: in the tick, after the clock edge's eval, once, while the reset input (port 0) is high */
	const char *tick = strstr(cov, "void wg_shim_tick(wg_shim *s)"), *edge = tick ? strstr(tick, "s->top->eval();") : NULL,
		   *mark = tick ? strstr(tick, "if (wg_cov_path[0] && !s->cov_marked && s->top->rst_i)") : NULL;
	CHECK(edge && mark && edge < mark && strstr(mark, "+ \".reset\"") && strstr(cov, "int cov_marked;"));
	CHECK(strcmp(b->ports[0].name, "rst_i") == 0);
	CHECK(strstr(plain, "cov_marked") == NULL);
	/* the fast text's edge skips the ico pass only after an eval of the same inputs (docs/cosim.md
	 * "The clock edge"); the cov text keeps eval() at the edge */
	const char *ftick = strstr(plain, "void wg_shim_tick(wg_shim *s)");
	CHECK(ftick && strstr(ftick, "if (s->settled)\n\t\teval_edge(s);\n\telse\n\t\ts->top->eval();"));
	const char *unset = strstr(plain, "\ts->settled = 0;"), *ev = strstr(plain, "void wg_shim_eval"),
		   *set = ev ? strstr(ev, "s->settled = 1;") : NULL;
	CHECK(unset && ev && set && unset < ev && set < ftick);
	CHECK(strstr(cov, "eval_edge") == NULL && strstr(cov, "settled") == NULL);
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

	/* the data file minus the mark, toggle points only, never below 0; the rest byte for byte */
	char dat[] = "/tmp/wg_covdat_XXXXXX";
	int fd = mkstemp(dat);
	CHECK(fd >= 0);
	close(fd);
	char mk[sizeof dat + 8];
	snprintf(mk, sizeof mk, "%s.reset", dat);
	const char *hdr = "# SystemC::Coverage-3\n";
	FILE *f = fopen(dat, "w");
	fprintf(f, "%sC '\001f\002a.v\001l\0027\001page\002v_toggle/m\001o\002x[0]' 5\n"
		   "C '\001f\002a.v\001l\0027\001page\002v_toggle/m\001o\002x[1]' 1\n"
		   "C '\001f\002a.v\001l\0029\001page\002v_line/m\001o\002if' 3\n"
		   "C '\001f\002a.v\001l\0027\001page\002v_toggle/m\001o\002y' 2\n", hdr);
	fclose(f);
	f = fopen(mk, "w");
	fprintf(f, "%sC '\001f\002a.v\001l\0027\001page\002v_toggle/m\001o\002x[0]' 1\n"
		   "C '\001f\002a.v\001l\0027\001page\002v_toggle/m\001o\002x[1]' 1\n"
		   "C '\001f\002a.v\001l\0029\001page\002v_line/m\001o\002if' 3\n"
		   "C '\001f\002a.v\001l\0027\001page\002v_toggle/m\001o\002y' 4\n", hdr);
	fclose(f);
	char err[256];
	CHECK(wg_covdat_since_reset(dat, mk, err, sizeof err) == 0);
	char got[1024] = "";
	f = fopen(dat, "r");
	size_t n = f ? fread(got, 1, sizeof got - 1, f) : 0;
	got[n] = '\0';
	if (f)
		fclose(f);
	CHECK(strcmp(got, "# SystemC::Coverage-3\n"
			  "C '\001f\002a.v\001l\0027\001page\002v_toggle/m\001o\002x[0]' 4\n"
			  "C '\001f\002a.v\001l\0027\001page\002v_toggle/m\001o\002x[1]' 0\n"
			  "C '\001f\002a.v\001l\0029\001page\002v_line/m\001o\002if' 3\n"
			  "C '\001f\002a.v\001l\0027\001page\002v_toggle/m\001o\002y' 0\n") == 0);
	CHECK(wg_covdat_since_reset(dat, "/nonexistent/x.reset", err, sizeof err) == -1 && strstr(err, "/nonexistent/x.reset"));
	/* a mark that names other points (not the same model's) is refused, the data left as it was */
	f = fopen(mk, "w");
	fprintf(f, "%sC '\001f\002a.v\001l\0027\001page\002v_toggle/m\001o\002z[0]' 1\n", hdr);
	fclose(f);
	CHECK(wg_covdat_since_reset(dat, mk, err, sizeof err) == -1 && strstr(err, "line 2"));
	char again[1024] = "";
	f = fopen(dat, "r");
	n = f ? fread(again, 1, sizeof again - 1, f) : 0;
	again[n] = '\0';
	if (f)
		fclose(f);
	CHECK(strcmp(again, got) == 0);
	unlink(dat);
	unlink(mk);

	/* the one reader of the format (warpgen coverage's too): a point line's key and count, a key's
	 * fields by name (not a prefix of another's, the last one up to the key's end, truncated to the
	 * buffer), and the lines that are not points */
	const char *pt = "C '\001f\002a.v\001l\00212\001page\002v_line/m\001obj\002x\001o\002if' 42\n", *k;
	size_t kl;
	unsigned long long cnt;
	char v[64];
	CHECK(wg_covdat_point(pt, &k, &kl, &cnt) == 1 && k == pt + 3 && kl == strlen(pt) - 3 - 5 && cnt == 42);
	CHECK(wg_covdat_field(k, kl, "l", v, sizeof v) == 0 && strcmp(v, "12") == 0);
	CHECK(wg_covdat_field(k, kl, "page", v, sizeof v) == 0 && strcmp(v, "v_line/m") == 0);
	CHECK(wg_covdat_field(k, kl, "o", v, sizeof v) == 0 && strcmp(v, "if") == 0);
	CHECK(wg_covdat_field(k, kl, "obj", v, sizeof v) == 0 && strcmp(v, "x") == 0);
	CHECK(wg_covdat_field(k, kl, "f", v, 2) == 0 && strcmp(v, "a") == 0);
	CHECK(wg_covdat_field(k, kl, "h", v, sizeof v) == -1);
	CHECK(wg_covdat_field(k, kl - 3, "o", v, sizeof v) == -1); /* "\001o\002if" cut before its value's end */
	CHECK(wg_covdat_point("# SystemC::Coverage-3\n", &k, &kl, &cnt) == 0);
	CHECK(wg_covdat_point("C 'abc' \n", &k, &kl, &cnt) == 0 && wg_covdat_point("C 'abc\n", &k, &kl, &cnt) == 0);
	return wg_check_done();
}
