/* wg_rtlcheck.c - parameters and ports of a --rtl file's top against the block (wg_rtlcheck.h). */
#define _GNU_SOURCE
#include "wg_rtlcheck.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wg_buf.h"
#include "wg_gen.h"
#include "wg_proc.h"
#include "wg_root.h"
#include "wg_vtool.h"

#define RC_RECIPE "wg_rtlcheck 1"
#define RC_MAX 128 /* parameters or ports read from one top */

typedef struct rc_item {
	char name[64];  /* parameter or port name */
	long value;     /* parameter value (default in the file, or the generated one) */
	int width;      /* port bits, 0 unknown (not a plain packed vector) */
	int dir;        /* port: 1 input, 2 output; 0 parameter */
} rc_item;

/* The generated top's "parameter integer NAME = VALUE" lines between "module TOP #(" and ") (". */
static int gen_params(const char *v, const char *top, rc_item *it, int max)
{
	char head[160];
	snprintf(head, sizeof head, "\nmodule %s #(", top);
	const char *s = strstr(v, head), *end = s ? strstr(s, ") (") : NULL;
	int n = 0;
	while (s && end && n < max && (s = strstr(s + 1, "parameter")) != NULL && s < end) {
		const char *q = s + 9;
		while (*q == ' ')
			q++;
		if (strncmp(q, "integer ", 8) == 0)
			q += 8;
		while (*q == ' ')
			q++;
		size_t k = strcspn(q, " =");
		if (k == 0 || k >= sizeof it[n].name)
			continue;
		memcpy(it[n].name, q, k);
		it[n].name[k] = '\0';
		q = strchr(q, '=');
		if (!q)
			break;
		it[n].value = strtol(q + 1, NULL, 10);
		it[n].dir = 0;
		n++;
	}
	return n;
}

/* The value of attribute A in the element text [s, e), into buf ("" when absent). */
static void attr(const char *s, const char *e, const char *a, char *buf, size_t n)
{
	char key[48];
	snprintf(key, sizeof key, " %s=\"", a);
	buf[0] = '\0';
	const char *p = strstr(s, key);
	if (!p || p >= e)
		return;
	p += strlen(key);
	size_t k = strcspn(p, "\"");
	snprintf(buf, n, "%.*s", (int)(k < n ? k : n - 1), p);
}

/* A basicdtype's width by id ("" -> unknown: 0). */
static int dtype_width(const char *xml, const char *id)
{
	char key[64], l[32], r[32];
	snprintf(key, sizeof key, " id=\"%s\"", id);
	for (const char *p = xml; (p = strstr(p, "<basicdtype ")) != NULL; p++) {
		const char *e = strchr(p, '>');
		const char *k = strstr(p, key);
		if (!e || !k || k > e)
			continue;
		attr(p, e, "left", l, sizeof l);
		attr(p, e, "right", r, sizeof r);
		if (!l[0])
			return 1;
		long w = strtol(l, NULL, 10) - strtol(r, NULL, 10);
		return (int)(w < 0 ? -w : w) + 1;
	}
	return 0;
}

/* The next <var at or after p that is not inside a <func> or <task> (their arguments are vars with
 * a dir too: not ports), or NULL. */
static const char *next_var(const char *p)
{
	for (;;) {
		const char *v = strstr(p, "<var "), *f = strstr(p, "<func "), *t = strstr(p, "<task ");
		const char *o = f && (!t || f < t) ? f : t;
		if (!v || !o || v < o)
			return v;
		const char *oe = strstr(o, o == f ? "</func>" : "</task>");
		if (!oe)
			return NULL;
		p = oe;
	}
}

/* Parameters (dir 0) and ports of the top module in Verilator's XML. Returns how many, -1: no top. */
static int xml_top(const char *xml, rc_item *it, int max)
{
	const char *m = strstr(xml, "topModule=\"1\"");
	if (!m)
		return -1;
	const char *end = strstr(m, "</module>");
	int n = 0;
	char buf[128];
	for (const char *p = m; n < max && (p = next_var(p)) != NULL && (!end || p < end); p++) {
		const char *e = strchr(p, '>');
		if (!e)
			break;
		char dir[16], param[8], dt[16];
		attr(p, e, "dir", dir, sizeof dir);
		attr(p, e, "param", param, sizeof param);
		if (!dir[0] && strcmp(param, "true") != 0)
			continue; /* a signal, or a localparam */
		attr(p, e, "name", buf, sizeof buf);
		wg_fmt(it[n].name, sizeof it[n].name, "%s", buf);
		it[n].dir = !dir[0] ? 0 : strcmp(dir, "input") == 0 ? 1 : 2;
		it[n].width = 0;
		it[n].value = 0;
		attr(p, e, "dtype_id", dt, sizeof dt);
		if (it[n].dir)
			it[n].width = dtype_width(xml, dt);
		else { /* <const name="32'sh8"> inside the var */
			const char *c = strstr(e, "<const "), *ce = c ? strchr(c, '>') : NULL;
			attr(c ? c : e, ce ? ce : e, "name", buf, sizeof buf);
			const char *h = strchr(buf, 'h');
			it[n].value = h ? strtol(h + 1, NULL, 16) : strtol(buf, NULL, 10);
		}
		n++;
	}
	return n;
}

static const rc_item *find(const rc_item *it, int n, const char *name, int want_param)
{
	for (int i = 0; i < n; i++)
		if ((it[i].dir == 0) == want_param && strcmp(it[i].name, name) == 0)
			return &it[i];
	return NULL;
}

/* verilator --xml-only on the file with flags G; the XML text (malloc'd), or NULL with Verilator's
 * error lines in err. */
static char *run_xml(const char *rtl, const char *top, const char *G, const char *tmp, wg_buf *err)
{
	char log[4200], xml[4200];
	wg_argv a = {0};
	wg_argv_add(&a, "verilator");
	wg_argv_add(&a, "--xml-only");
	wg_argv_add(&a, "-Wno-fatal");
	wg_argv_add(&a, "--top-module");
	wg_argv_add(&a, "%s", top);
	wg_argv_add(&a, "--Mdir");
	wg_argv_add(&a, "%s", tmp);
	for (const char *g = G; *g;) {
		g += strspn(g, " ");
		size_t k = strcspn(g, " ");
		if (k)
			wg_argv_add(&a, "%.*s", (int)k, g);
		g += k;
	}
	wg_argv_add(&a, "%s", rtl);
	snprintf(log, sizeof log, "%s/verilator.log", tmp);
	int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	int rc = fd < 0 ? -1 : wg_proc_run(a.v, fd);
	if (fd >= 0)
		close(fd);
	wg_argv_free(&a);
	snprintf(xml, sizeof xml, "%s/V%s.xml", tmp, top);
	char e[256];
	char *text = rc == 0 ? wg_read_file(xml, NULL, e, sizeof e) : NULL;
	if (!text) {
		char *l = wg_read_file(log, NULL, e, sizeof e);
		int lines = 0;
		for (char *s = l; s && *s && lines < 8; lines++) {
			size_t k = strcspn(s, "\n");
			if (strncmp(s, "%Error", 6) == 0)
				wg_buf_printf(err, "E verilator: %.*s\n", (int)k, s);
			s += k + (s[k] == '\n');
		}
		if (!err->len)
			wg_buf_printf(err, "E verilator could not read %s (exit %d)\n", rtl, rc);
		free(l);
	}
	return text;
}

/* The verdict as lines: "G -GNAME=VALUE", "W warning", "E interface error". */
static void check(const wg_block *b, const long *p, const wg_layout *L, const char *top, const char *rtl,
		  const rc_item *gp, int ng, wg_buf *out)
{
	char tmp[4200], cfg[1024];
	wg_config_name(b, p, 0, cfg, sizeof cfg);
	snprintf(tmp, sizeof tmp, "%s/cache/%s/rtlcheck-XXXXXX", wg_out_dir(), b->name);
	char e[512];
	char dir[4200];
	snprintf(dir, sizeof dir, "%s/cache/%s", wg_out_dir(), b->name);
	if (wg_mkdirs(dir, e, sizeof e) != 0 || !mkdtemp(tmp)) {
		wg_buf_printf(out, "E cannot create a folder under %s\n", dir);
		return;
	}
	rc_item *u = calloc(2 * RC_MAX, sizeof *u);
	char G[2048] = "";
	int differs = 0; /* a -G value other than the file's default: read the file again with them */
	char *xml = run_xml(rtl, top, "", tmp, out);
	int nu = xml ? xml_top(xml, u, RC_MAX) : 0;
	if (xml && nu < 0)
		wg_buf_printf(out, "E verilator found no top module %s in %s\n", top, rtl);
	if (xml && nu >= 0) {
		size_t gl = 0;
		for (int i = 0; i < ng; i++) {
			const rc_item *h = find(u, nu, gp[i].name, 1);
			if (!h) {
				wg_buf_printf(out, "W %s's module %s has no parameter %s: it must be written for %s=%ld "
						   "(this run's value; --set and a case's parameters reach it only as parameters)\n",
					      rtl, top, gp[i].name, gp[i].name, gp[i].value);
				continue;
			}
			gl += (size_t)snprintf(G + gl, gl < sizeof G ? sizeof G - gl : 0, " -G%s=%ld", gp[i].name, gp[i].value);
			differs |= h->value != gp[i].value;
			wg_buf_printf(out, "G -G%s=%ld\n", gp[i].name, gp[i].value);
		}
		for (int i = 0; i < nu; i++)
			if (u[i].dir == 0 && !find(gp, ng, u[i].name, 1))
				wg_buf_printf(out, "W parameter %s of %s is not a parameter of %s: it keeps its default (%ld)\n",
					      u[i].name, rtl, b->name, u[i].value);
	}
	if (xml && nu >= 0 && differs) { /* the ports' widths under this configuration's values */
		free(xml);
		xml = run_xml(rtl, top, G, tmp, out);
		nu = xml ? xml_top(xml, u, RC_MAX) : 0;
	}
	if (xml && nu >= 0) {
		const rc_item *c = find(u, nu, "clk_i", 0);
		if (!c || c->dir != 1 || c->width > 1)
			wg_buf_printf(out, "E interface: %s needs an input clk_i of 1 bit (rising edge)%s\n", top,
				      !c ? ", and the file has none" : "");
		for (int i = 0; i < b->nports; i++) {
			int w = L->width[i], d = b->ports[i].dir == WG_IN ? 1 : 2;
			if (w == 0)
				continue; /* absent in this configuration */
			const rc_item *h = find(u, nu, b->ports[i].name, 0);
			if (!h)
				wg_buf_printf(out, "E interface: port %s (%s, %d bits in %s %s) is missing from %s's module %s\n",
					      b->ports[i].name, d == 1 ? "input" : "output", w, b->name, cfg, rtl, top);
			else if (h->dir != d)
				wg_buf_printf(out, "E interface: port %s is an %s of %s but an %s in %s\n", b->ports[i].name,
					      d == 1 ? "input" : "output", b->name, h->dir == 1 ? "input" : "output", rtl);
			else if (h->width && h->width != w)
				wg_buf_printf(out, "E interface: port %s is %d bits wide in %s but %d bits in %s %s (%s)\n",
					      b->ports[i].name, h->width, rtl, w, b->name, cfg,
					      d == 1 ? "input" : "output");
		}
		for (int i = 0; i < nu; i++) {
			int known = u[i].dir == 0 || strcmp(u[i].name, "clk_i") == 0;
			for (int k = 0; k < b->nports && !known; k++)
				known = L->width[k] && strcmp(b->ports[k].name, u[i].name) == 0;
			if (!known)
				wg_buf_printf(out, "W port %s of %s is not a port of %s %s: %s\n", u[i].name, rtl, b->name, cfg,
					      u[i].dir == 1 ? "it is never driven" : "it is not compared");
		}
	}
	free(xml);
	free(u);
	wg_argv a = {0};
	wg_argv_add(&a, "rm");
	wg_argv_add(&a, "-rf");
	wg_argv_add(&a, "%s", tmp);
	wg_proc_run(a.v, -1);
	wg_argv_free(&a);
}

int wg_rtlcheck(const wg_block *b, const long *p, const wg_layout *L, const char *top, const char *rtl,
		char *gparams, size_t n)
{
	char err[1024], path[4200];
	gparams[0] = '\0';
	char *v = wg_verilog(b, p, top, err, sizeof err);
	char *text = v ? wg_read_file(rtl, NULL, err, sizeof err) : NULL;
	if (!v || !text) {
		fprintf(stderr, "warpgen cosim: %s\n", err);
		free(v);
		return -1;
	}
	rc_item gp[RC_MAX];
	int ng = gen_params(v, top, gp, RC_MAX);
	uint64_t h = wg_fnv_part(WG_FNV_INIT, RC_RECIPE, strlen(RC_RECIPE));
	h = wg_fnv_part(h, text, strlen(text));
	h = wg_fnv_part(h, top, strlen(top));
	h = wg_fnv_part(h, wg_vtool_version(), strlen(wg_vtool_version()));
	for (int i = 0; i < ng; i++) {
		h = wg_fnv_part(h, gp[i].name, strlen(gp[i].name));
		char val[32];
		snprintf(val, sizeof val, "%ld", gp[i].value);
		h = wg_fnv_part(h, val, strlen(val));
	}
	char cfg[1024];
	wg_config_name(b, p, 0, cfg, sizeof cfg); /* the ports' widths follow the configuration */
	h = wg_fnv_part(h, cfg, strlen(cfg));
	snprintf(path, sizeof path, "%s/cache/%s/rtlcheck-%016llx.txt", wg_out_dir(), b->name, (unsigned long long)h);
	char *verdict = wg_read_file(path, NULL, err, sizeof err);
	if (!verdict) {
		wg_buf out = {0};
		check(b, p, L, top, rtl, gp, ng, &out);
		wg_buf_printf(&out, "%s", ""); /* never NULL */
		int ok = strstr(out.s, "E verilator") == NULL; /* Verilator's own errors are not cached */
		if (ok)
			wg_write_atomic(path, out.s, out.len, err, sizeof err);
		verdict = out.s;
	}
	int bad = 0;
	size_t gl = 0;
	for (char *s = verdict; *s;) {
		size_t k = strcspn(s, "\n");
		if (s[0] == 'G' && k > 2)
			gl += (size_t)snprintf(gparams + gl, gl < n ? n - gl : 0, " %.*s", (int)k - 2, s + 2);
		else if (s[0] == 'W')
			fprintf(stderr, "warpgen cosim: --rtl: warning: %.*s\n", (int)k - 2, s + 2);
		else if (s[0] == 'E') {
			fprintf(stderr, "warpgen cosim: --rtl: %.*s\n", (int)k - 2, s + 2);
			bad = 1;
		}
		s += k + (s[k] == '\n');
	}
	free(verdict);
	free(text);
	free(v);
	return bad ? -1 : 0;
}
