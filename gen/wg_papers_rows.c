/* wg_papers_rows.c - the helpers of the blocks' comparisons in the report's
 * "Papers" section (wg_papers_def.h): a paper number from a power table, one
 * comparison row in Markdown and JSON, and the figures read from a result
 * (storage parts of a manifest, parameters). */
#include <stdio.h>
#include <string.h>

#include "wg_papers_def.h"

double wg_papers_val(wg_papers_ctx *x, const wg_ptable *t, const char *s, const char *q, char *src, size_t sn)
{
	char e[256];
	const wg_prow *r = wg_ptable_need(t, s, q, e, sizeof e);
	if (!r || r->kind == WG_KIND_NOT_GIVEN) {
		if (!x->failed)
			snprintf(x->err, x->en, "papers: %s", r ? "a needed row is not-given" : e);
		x->failed = 1;
		return 0;
	}
	const char *base = strrchr(t->path, '/');
	if (src && sn)
		snprintf(src, sn, "%s:%d %s", base ? base + 1 : t->path, r->line, wg_kind_name(r->kind));
	return r->value;
}

void wg_papers_row(wg_papers_ctx *x, wg_papers_where w, const char *paper, const char *what, const wg_papers_cfg *c,
		   double pv, const char *psrc, double ours, const char *unit, const char *why)
{
	if (ours < 0)
		return; /* the result lacks the part */
	wg_buf *md = w == WG_PAPERS_OWN ? &x->own[x->cur].md : &x->st_md;
	wg_buf *js = w == WG_PAPERS_OWN ? &x->own[x->cur].js : &x->st_js;
	double ratio = pv != 0 ? ours / pv : 0;
	if (!why || !*why)
		why = ours == pv ? "equal: the same arithmetic" : "-";
	wg_buf_printf(md, "| %s | %s | %s %s | %.6g | %.6g | %.3f | %s | %s |\n", paper, what, c->block, c->config, pv, ours,
		      ratio, unit, why);
	wg_buf_printf(js, "%s\n    {\"paper\": ", js->len ? "," : "");
	wg_buf_json_str(js, paper);
	wg_buf_printf(js, ", \"what\": ");
	wg_buf_json_str(js, what);
	wg_buf_printf(js, ", \"block\": ");
	wg_buf_json_str(js, c->block);
	wg_buf_printf(js, ", \"config\": ");
	wg_buf_json_str(js, c->config);
	wg_buf_printf(js, ", \"paper_value\": %.6g, \"ours\": %.6g, \"ratio\": %.6g, \"unit\": ", pv, ours, ratio);
	wg_buf_json_str(js, unit);
	wg_buf_printf(js, ", \"source\": ");
	wg_buf_json_str(js, psrc);
	wg_buf_printf(js, ", \"why\": ");
	wg_buf_json_str(js, why);
	wg_buf_printf(js, "}");
}

int wg_papers_is_default(const wg_papers_cfg *c)
{
	return strcmp(c->config, "default") == 0;
}

const wg_json *wg_papers_parts(const wg_json *m, const char *inst)
{
	if (!inst)
		return wg_json_get(m, "storage_parts");
	const wg_json *is = wg_json_get(m, "instances");
	for (int i = 0; is && i < is->n; i++)
		if (strcmp(wg_json_str(wg_json_get(&is->kids[i], "name"), ""), inst) == 0)
			return wg_json_get(&is->kids[i], "storage_parts");
	return NULL;
}

static int is_paper(const wg_json *part)
{
	const wg_json *p = wg_json_get(part, "paper");
	return p && p->type == WG_J_STR;
}

double wg_papers_bits(const wg_json *parts, const char *prefix, int paper_only)
{
	double s = 0;
	int hit = 0;
	for (int i = 0; parts && i < parts->n; i++) {
		const wg_json *q = &parts->kids[i];
		if (prefix && strncmp(wg_json_str(wg_json_get(q, "name"), ""), prefix, strlen(prefix)) != 0)
			continue;
		if (paper_only && !is_paper(q))
			continue;
		s += wg_json_num(wg_json_get(q, "bits"), 0);
		hit = 1;
	}
	return hit ? s : -1;
}

void wg_papers_additions(wg_buf *o, const wg_json *const *parts, int np, const char *who)
{
	double s = 0;
	for (int k = 0; k < np; k++)
		for (int i = 0; parts[k] && i < parts[k]->n; i++)
			if (!is_paper(&parts[k]->kids[i]))
				s += wg_json_num(wg_json_get(&parts[k]->kids[i], "bits"), 0);
	wg_buf_printf(o, "we add %.0f b that %s does not count:", s, who);
	int first = 1;
	for (int k = 0; k < np; k++)
		for (int i = 0; parts[k] && i < parts[k]->n; i++) {
			const wg_json *q = &parts[k]->kids[i];
			if (is_paper(q))
				continue;
			wg_buf_printf(o, "%s %s %.0f", first ? "" : ",", wg_json_str(wg_json_get(q, "name"), "?"),
				      wg_json_num(wg_json_get(q, "bits"), 0));
			first = 0;
		}
}

double wg_papers_param(const wg_papers_cfg *c, const char *name)
{
	const wg_json *src[3] = {c->cosim, c->area, c->manifest};
	for (int i = 0; i < 3; i++) {
		const wg_json *v = wg_json_get(wg_json_get(src[i], "parameters"), name);
		if (v)
			return wg_json_num(v, -1);
	}
	return -1;
}

double wg_papers_lib_node(const wg_json *area, const char **name)
{
	const char *lib = wg_json_str(wg_json_get(area, "liberty"), "");
	*name = "?";
	if (strstr(lib, "sky130"))
		return *name = "sky130", 130;
	if (strstr(lib, "osu018"))
		return *name = "OSU 0.18 um", 180;
	return 0;
}
