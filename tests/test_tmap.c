/* test_tmap.c - unit tests of the line map from generated Verilog to its template (gen/wg_tmap.c):
 * rename's real template at two configurations whose {{if}} sections differ (TFET_ROWS=0 and 4):
 * header lines map to 0, every other line to a template line with the same text up to its first
 * placeholder, in increasing order, the same template line at different generated lines; the
 * configuration and top name read back from the header; and the refusals: a modified line, a
 * line too many, another block's file. Then the section grammar on small templates: NAME==V and
 * NAME!=V on a number and on a named choice (rfc's REPLACEMENT), a bare NAME, {{else}}, nesting,
 * and a condition it cannot read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_check.h"
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

int main(void)
{
	test_rename();
	test_grammar();
	return wg_check_done();
}
