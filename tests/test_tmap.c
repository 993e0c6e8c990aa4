/* test_tmap.c - unit tests of the line map from generated Verilog to its template (gen/wg_tmap.c):
 * rename's real template at two configurations whose {{if}} sections differ (TFET_ROWS=0 and 4):
 * header lines map to 0, every other line to a template line with the same text up to its first
 * placeholder, in increasing order, the same template line at different generated lines; the
 * configuration and top name read back from the header; and the refusals: a modified line, a
 * line too many, another block's file. Then the section grammar on small templates: NAME==V and
 * NAME!=V on a number and on a named choice (rfc's REPLACEMENT), a bare NAME, {{else}}, nesting,
 * and a condition it cannot read. Compositions (wg_tmap_build_comp): sm_slg (two instances) and
 * equalizer_gpu (an instance array: one module for every copy) map each instance's lines to its
 * template in order, in one contiguous run per instance, the top module to WG_TMAP_GLUE, the
 * header and banners to WG_TMAP_NONE; a changed line of the top module, of an instance, a line
 * too many and a leaf block's file are refused, and wg_tmap_build refuses a composition. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_check.h"
#include "wg_comp.h"
#include "wg_gen.h"
#include "wg_root.h"
#include "wg_tmap.h"

static int has(const char *s, const char *sub)
{
	if (s && strstr(s, sub))
		return 1;
	printf("  \"%s\" not in \"%s\"\n", sub, s ? s : "(null)");
	return 0;
}

static int count_lines(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* Line k (1-based) of text into buf. */
static void line_of(const char *text, int k, char *buf, size_t n)
{
	const char *s = text;
	for (int i = 1; i < k && s; i++)
		s = strchr(s, '\n'), s = s ? s + 1 : NULL;
	size_t l = s ? strcspn(s, "\n") : 0;
	snprintf(buf, n, "%.*s", (int)l, s ? s : "");
}

static void test_rename(void)
{
	const wg_block *b = wg_block_find("rename");
	char err[2048], path[4096], tl[4096], gl[4096];
	snprintf(path, sizeof path, "%s/rtl_templates/%s", wg_root(), b->template_file);
	char *tt = wg_read_file(path, NULL, err, sizeof err);
	CHECK(tt != NULL);
	if (!tt)
		return;
	int end_at[2] = {0, 0};
	for (int cfg = 0; cfg < 2; cfg++) {
		long p[WG_MAX_PARAMS];
		wg_params_default(b, p);
		char set[32];
		snprintf(set, sizeof set, "TFET_ROWS=%d", cfg ? 4 : 0);
		CHECK(wg_param_set(b, p, set, err, sizeof err) == NULL);
		const char *top = cfg ? "my_rename" : "rename";
		char *g = wg_verilog(b, p, top, err, sizeof err);
		char *hdr = wg_verilog_header(b, p, top);
		CHECK(g != NULL);
		if (!g) {
			free(hdr);
			continue;
		}
		wg_tmap m;
		CHECK_EQ(wg_tmap_build(b, tt, "rename.v", g, "gen.v", &m, err, sizeof err), 0);
		CHECK_EQ(m.nlines, count_lines(g));
		CHECK(strcmp(m.top, top) == 0);
		CHECK(memcmp(m.p, p, (size_t)b->nparams * sizeof *p) == 0);
		int nh = count_lines(hdr), ok = 1, last = 0;
		for (int k = 1; k <= m.nlines; k++) {
			if (k <= nh) {
				ok &= m.tline[k] == 0;
				continue;
			}
			line_of(tt, m.tline[k], tl, sizeof tl);
			line_of(g, k, gl, sizeof gl);
			const char *ph = strstr(tl, "{{");
			size_t len = ph ? (size_t)(ph - tl) : strlen(tl) + 1;
			ok &= m.tline[k] > last && strncmp(gl, tl, len) == 0;
			last = m.tline[k];
			if (strcmp(gl, "endmodule") == 0)
				end_at[cfg] = k;
		}
		CHECK(ok);
		wg_tmap_free(&m);

		/* refusals: one line changed, a line too many */
		char *bad = strdup(g);
		char *mod = strstr(bad, "endmodule");
		if (mod)
			mod[0] = 'E';
		CHECK_EQ(wg_tmap_build(b, tt, "rename.v", bad, "bad.v", &m, err, sizeof err), -1);
		CHECK(has(err, "bad.v:") && has(err, "does not match rename.v:"));
		CHECK(m.tline == NULL);
		free(bad);
		wg_buf more = {0};
		wg_buf_printf(&more, "%s// one more\n", g);
		CHECK_EQ(wg_tmap_build(b, tt, "rename.v", more.s, "more.v", &m, err, sizeof err), -1);
		CHECK(has(err, "more.v has "));
		wg_buf_free(&more);
		free(g);
		free(hdr);
	}
	CHECK(end_at[0] > 0 && end_at[1] > 0 && end_at[0] != end_at[1]); /* the sections moved it */

	/* another block's file */
	const wg_block *w = wg_block_find("wrc");
	long pw[WG_MAX_PARAMS];
	wg_params_default(w, pw);
	char *gw = wg_verilog(w, pw, "wrc", err, sizeof err);
	wg_tmap m;
	CHECK_EQ(wg_tmap_build(b, tt, "rename.v", gw ? gw : "", "wrc.v", &m, err, sizeof err), -1);
	CHECK(has(err, "wrc.v: its header names no `warpgen gen rename` configuration"));
	free(gw);
	free(tt);
}

/* A small template against a generated text made of the header and the expected lines. */
static void grammar(const char *block, const char *set, const char *tmpl, const char *lines, int want_rc,
		    const char *want_err)
{
	const wg_block *b = wg_block_find(block);
	long p[WG_MAX_PARAMS];
	char err[1024] = "";
	wg_params_default(b, p);
	if (set)
		CHECK(wg_param_set(b, p, set, err, sizeof err) == NULL);
	char *hdr = wg_verilog_header(b, p, b->name);
	wg_buf g = {0};
	wg_buf_printf(&g, "%s%s", hdr, lines);
	wg_tmap m;
	int rc = wg_tmap_build(b, tmpl, "t.v", g.s, "g.v", &m, err, sizeof err);
	CHECK_EQ(rc, want_rc);
	if (rc != want_rc)
		printf("  %s %s: %s\n", block, set ? set : "", err);
	if (want_err)
		CHECK(has(err, want_err));
	if (rc == 0)
		wg_tmap_free(&m);
	wg_buf_free(&g);
	free(hdr);
}

static void test_grammar(void)
{
	const char *t = "a\n{{if TFET_ROWS==4}}\nfour {{X}}\n{{else}}\nnot four\n{{end}}\n"
			"{{if TFET_ROWS!=4}}\n{{if TFET_ROWS}}\nsome\n{{end}}\nnone or some\n{{end}}\nz\n";
	grammar("rename", "TFET_ROWS=4", t, "a\nfour 17\nz\n", 0, NULL);
	grammar("rename", "TFET_ROWS=0", t, "a\nnot four\nnone or some\nz\n", 0, NULL);
	grammar("rename", "TFET_ROWS=2", t, "a\nnot four\nsome\nnone or some\nz\n", 0, NULL);
	grammar("rename", "TFET_ROWS=0", t, "a\nfour 17\nz\n", -1, "g.v:");
	const char *c = "{{if REPLACEMENT==LRU}}\nlru\n{{else}}\nfifo\n{{end}}\n";
	grammar("rfc", "REPLACEMENT=LRU", c, "lru\n", 0, NULL);
	grammar("rfc", "REPLACEMENT=FIFO", c, "fifo\n", 0, NULL);
	grammar("rfc", NULL, "{{if NOPE==1}}\nx\n{{end}}\n", "x\n", -1, "t.v:1: a condition this command cannot read");
	grammar("rfc", NULL, "{{if REPLACEMENT==MRU}}\nx\n{{end}}\n", "x\n", -1, "a condition this command cannot read");
}

/* A composition's file: each instance's lines agree with its template, in one run per instance. */
static void test_comp(const char *block, const char *set)
{
	const wg_block *b = wg_block_find(block);
	const wg_comp *c = b->comp;
	char err[2048], path[4096], tl[4096], gl[4096];
	CHECK(c != NULL && c->ninst >= 2);
	if (!c)
		return;
	long p[WG_MAX_PARAMS];
	wg_params_default(b, p);
	if (set)
		CHECK(wg_param_set(b, p, set, err, sizeof err) == NULL);
	char *tt[WG_TMAP_MAX_SRC] = {0};
	const char *tn[WG_TMAP_MAX_SRC];
	for (int k = 0; k < c->ninst; k++) {
		snprintf(path, sizeof path, "%s/rtl_templates/%s", wg_root(), c->inst[k].block->template_file);
		tt[k] = wg_read_file(path, NULL, err, sizeof err);
		tn[k] = c->inst[k].block->template_file;
		CHECK(tt[k] != NULL);
		if (!tt[k])
			return;
	}
	char *g = wg_verilog(b, p, b->name, err, sizeof err);
	CHECK(g != NULL);
	if (!g)
		return;
	wg_tmap m;
	CHECK_EQ(wg_tmap_build_comp(b, (const char *const *)tt, tn, g, "comp.v", &m, err, sizeof err), 0);
	if (m.tline) {
		CHECK_EQ(m.nlines, count_lines(g));
		CHECK_EQ(m.nsrc, c->ninst);
		CHECK(memcmp(m.p, p, (size_t)b->nparams * sizeof *p) == 0);
		int ok = 1, cur = WG_TMAP_NONE, runs = 0, last = 0, nglue = 0, first_glue = 0, nk[WG_TMAP_MAX_SRC] = {0};
		for (int k = 1; k <= m.nlines; k++) {
			int s = m.src[k];
			line_of(g, k, gl, sizeof gl);
			if (s >= 0) {
				ok &= m.sb[s] == c->inst[s].block;
				line_of(tt[s], m.tline[k], tl, sizeof tl);
				const char *ph = strstr(tl, "{{");
				size_t len = ph ? (size_t)(ph - tl) : strlen(tl) + 1;
				ok &= strncmp(gl, tl, len) == 0;
				if (s != cur) {
					runs++;
					ok &= s == runs - 1; /* instance entries in order, one run each */
					last = 0;
				}
				ok &= m.tline[k] > last;
				last = m.tline[k];
				nk[s]++;
			} else if (s == WG_TMAP_GLUE) {
				ok &= m.tline[k] == 0;
				if (!nglue++)
					first_glue = k;
			} else {
				ok &= s == WG_TMAP_NONE && m.tline[k] == 0;
			}
			if (s != WG_TMAP_NONE)
				cur = s;
		}
		CHECK(ok);
		CHECK_EQ(runs, c->ninst);
		for (int k = 0; k < c->ninst; k++)
			CHECK(nk[k] > 10);
		CHECK(nglue > 5 && m.src[m.nlines] == WG_TMAP_GLUE); /* the top module closes the file */
		line_of(g, first_glue, gl, sizeof gl);
		CHECK(has(gl, "// ---"));
		/* refusals: a line of the top module changed, one of an instance, a line too many */
		for (int which = 0; which < 2; which++) {
			char *bad = strdup(g);
			int target = 0;
			for (int k = m.nlines; k >= 1 && !target; k--)
				if (which ? m.src[k] == 0 && m.tline[k] : m.src[k] == WG_TMAP_GLUE)
					target = k;
			char *s = bad;
			for (int k = 1; k < target; k++)
				s = strchr(s, '\n') + 1;
			s[0] = s[0] == 'X' ? 'Y' : 'X';
			wg_tmap mb;
			CHECK_EQ(wg_tmap_build_comp(b, (const char *const *)tt, tn, bad, "bad.v", &mb, err, sizeof err), -1);
			CHECK(has(err, "bad.v:"));
			CHECK(mb.tline == NULL);
			free(bad);
		}
		wg_buf more = {0};
		wg_buf_printf(&more, "%s// one more\n", g);
		wg_tmap mb;
		CHECK_EQ(wg_tmap_build_comp(b, (const char *const *)tt, tn, more.s, "more.v", &mb, err, sizeof err), -1);
		CHECK(has(err, "more.v has "));
		wg_buf_free(&more);
		wg_tmap_free(&m);
	}
	/* wg_tmap_build refuses a composition; wg_tmap_build_comp refuses a leaf block */
	CHECK_EQ(wg_tmap_build(b, tt[0], tn[0], g, "comp.v", &m, err, sizeof err), -1);
	CHECK(has(err, "is a composition"));
	const wg_block *w = c->inst[0].block;
	CHECK_EQ(wg_tmap_build_comp(w, (const char *const *)tt, tn, g, "comp.v", &m, err, sizeof err), -1);
	CHECK(has(err, "is not a composition"));
	free(g);
	for (int k = 0; k < c->ninst; k++)
		free(tt[k]);
}

/* The protocol checks (wg_tmap_protocol): an arm from its `if` (over a continued condition and a
 * lint pragma) through its $finish; a $display without $finish, or one after a statement, alone. */
static void test_protocol(void)
{
	const char *text = "  always @(posedge clk_i) begin\n"                     /* 1 */
			   "    if (!rst_i) begin\n"                                /* 2 */
			   "      /* verilator lint_off CMPCONST */\n"              /* 3 */
			   "      if (a_i &&\n"                                     /* 4 */
			   "          b_i) begin\n"                                 /* 5 */
			   "        $display(\"x: protocol violation: a\",\n"      /* 6 */
			   "                 a_i);\n"                               /* 7 */
			   "        $finish;\n"                                     /* 8 */
			   "      end\n"                                            /* 9 */
			   "      if (c_i) $display(\"x: protocol violation: c\");\n" /* 10: no $finish near */
			   "      q_d = 1'b0;\n"                                    /* 11 */
			   "      q_d = 1'b1;\n"                                    /* 12 */
			   "      q_d = 1'b0;\n"                                    /* 13 */
			   "      q_d = 1'b1;\n"                                    /* 14 */
			   "      q_d = 1'b0;\n"                                    /* 15 */
			   "      q_d = 1'b1;\n"                                    /* 16 */
			   "      q_d = 1'b0;\n"                                    /* 17 */
			   "      q_d = 1'b1;\n"                                    /* 18 */
			   "      q_d = 1'b0;\n"                                    /* 19 */
			   "      $display(\"x: protocol violation: d\");\n"       /* 20 */
			   "      $finish;\n"                                       /* 21 */
			   "    end\n"                                              /* 22 */
			   "  end\n";                                               /* 23 */
	char *mem = strdup(text);
	int n = 0;
	char **tl = wg_split_lines(mem, &n);
	int prot[32] = {0}, want[32] = {0};
	CHECK_EQ(n, 23);
	for (int t = 4; t <= 8; t++)
		want[t] = 1;
	want[20] = want[21] = 1;
	CHECK_EQ(wg_tmap_protocol(tl, n, prot), 2);
	CHECK(memcmp(prot, want, sizeof prot) == 0);
	free(tl);
	free(mem);
}

int main(void)
{
	test_protocol();
	test_rename();
	test_grammar();
	test_comp("sm_slg", NULL);
	test_comp("equalizer_gpu", "SMS=3");
	return wg_check_done();
}
