/* wg_papers.c - the report's "Papers" section (wg_papers.h): storage bits of
 * Mascar (Sethia Tab. 4.2), APOGEE (Tab. 5.3), Equalizer (§3.5.1.2) and the
 * renaming table (Jeon §6.1, §6.2, §7.1) from the manifests' storage parts;
 * the renaming table's energy against Jeon Table 2; Gebhart Table 2 (RFC area
 * and read/write energy over its 3 x 3 grid) against Yosys area scaled to 40 nm
 * and the energy model. Every paper number is a power_tables/ row. */
#include <stdio.h>
#include <string.h>

#include "wg_desc.h"
#include "wg_energy.h"
#include "wg_energy_blocks.h"
#include "wg_papers.h"
#include "wg_ptable.h"
#include "wg_scale.h"

typedef struct pp_ctx {
	wg_ptable geb;     /* gebhart2011.tsv */
	wg_ptable jeon;    /* jeon2014.tsv */
	wg_ptable seth;    /* sethia2015.tsv */
	wg_buf st_md;      /* storage comparison rows, Markdown */
	wg_buf en_md;      /* renaming-table energy rows, Markdown */
	wg_buf st_js;      /* storage rows, JSON array body */
	wg_buf en_js;      /* energy rows, JSON array body */
	int failed;        /* a row was missing: err holds the first message */
	char *err;         /* message buffer of the caller */
	size_t en;         /* its size */
} pp_ctx;

/* Value of a row, its "file:line kind" into src; 0 and failed when missing. */
static double val(pp_ctx *x, const wg_ptable *t, const char *s, const char *q, char *src, size_t sn)
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

/* One comparison: paper value pv (source psrc) beside ours, ratio ours / paper. */
static void cmp_row(wg_buf *md, wg_buf *js, const char *paper, const char *what, const wg_papers_cfg *c, double pv,
		    const char *psrc, double ours, const char *unit, const char *why)
{
	if (ours < 0)
		return; /* the manifest lacks the part */
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

/* The storage parts of a manifest, or of its instance inst. */
static const wg_json *parts_of(const wg_json *m, const char *inst)
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

/* Bits of the parts whose name starts with prefix (NULL: all), only those with a
 * paper reference when paper_only; -1 when none matched. */
static double bits_where(const wg_json *parts, const char *prefix, int paper_only)
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

/* "we add B b the paper does not count: name bits, ..." into o. */
static void additions(wg_buf *o, const wg_json *const *parts, int np, const char *who)
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

static double param(const wg_papers_cfg *c, const char *name)
{
	const wg_json *src[3] = {c->cosim, c->area, c->manifest};
	for (int i = 0; i < 3; i++) {
		const wg_json *v = wg_json_get(wg_json_get(src[i], "parameters"), name);
		if (v)
			return wg_json_num(v, -1);
	}
	return -1;
}

static void mascar_rows(pp_ctx *x, const wg_papers_cfg *c)
{
	const wg_json *wrcp = NULL, *rqp = NULL;
	int whole = strcmp(c->block, "mascar") == 0;
	if (whole)
		wrcp = parts_of(c->manifest, "wrc"), rqp = parts_of(c->manifest, "rq");
	else if (strcmp(c->block, "wrc") == 0)
		wrcp = parts_of(c->manifest, NULL);
	else
		rqp = parts_of(c->manifest, NULL);
	char s1[128], s2[128], s3[128], s4[128], src[300];
	double wst = val(x, &x->seth, "wst", "storage", s1, sizeof s1);
	double own = val(x, &x->seth, "wrc", "storage", s2, sizeof s2);
	double q = val(x, &x->seth, "reexec_q", "storage", s3, sizeof s3);
	double tot = val(x, &x->seth, "mascar", "storage", s4, sizeof s4);
	if (wrcp) {
		snprintf(src, sizeof src, "%s; %s", s1, s2);
		cmp_row(&x->st_md, &x->st_js, "Sethia Tab. 4.2", "WST 48 x 2 b + WRC owner id (12 B + 1 B)", c,
			8 * (wst + own), src, bits_where(wrcp, NULL, 1), "bits",
			"Tab. 4.2 keeps the 6-bit owner id in a whole byte");
	}
	if (rqp)
		cmp_row(&x->st_md, &x->st_js, "Sethia Tab. 4.2", "re-execution queue 32 x 301 b (1216 B)", c, 8 * q,
			s3, bits_where(rqp, NULL, 1), "bits", "Tab. 4.2 pads each 301-bit entry to 38 B (304 b)");
	if (whole) {
		wg_buf why = {0};
		const wg_json *ps[2] = {wrcp, rqp};
		additions(&why, ps, 2, "Tab. 4.2");
		cmp_row(&x->st_md, &x->st_js, "Sethia Tab. 4.2", "Mascar per SM, all storage (1229 B)", c, 8 * tot,
			s4, wg_json_num(wg_json_get(c->manifest, "storage_bits"), -1), "bits", why.s);
		wg_buf_free(&why);
	}
}

static void apogee_rows(pp_ctx *x, const wg_papers_cfg *c)
{
	char s1[128], s2[128], src[300];
	double e = val(x, &x->seth, "apogee", "table_entries", s1, sizeof s1);
	double w = val(x, &x->seth, "apogee", "table_entry_bits", s2, sizeof s2);
	snprintf(src, sizeof src, "%s; %s", s1, s2);
	const wg_json *p = parts_of(c->manifest, NULL);
	cmp_row(&x->st_md, &x->st_js, "Sethia Tab. 5.3", "prefetch table 64 x 76 b (thesis fields)", c, e * w, src,
		bits_where(p, NULL, 1), "bits", NULL);
	wg_buf why = {0};
	additions(&why, &p, 1, "Tab. 5.3");
	cmp_row(&x->st_md, &x->st_js, "Sethia Tab. 5.3", "prefetch table, all storage", c, e * w, src,
		wg_json_num(wg_json_get(c->manifest, "storage_bits"), -1), "bits", why.s);
	wg_buf_free(&why);
}

static void equalizer_rows(pp_ctx *x, const wg_papers_cfg *c)
{
	char s1[128];
	double b = val(x, &x->seth, "equalizer", "storage_stats_bits", s1, sizeof s1);
	const wg_json *p = parts_of(c->manifest, NULL);
	cmp_row(&x->st_md, &x->st_js, "Sethia §3.5.1.2", "4 x 11-bit statistics + 12-bit cycle counter", c, b,
		s1, bits_where(p, NULL, 1), "bits", NULL);
	wg_buf why = {0};
	additions(&why, &p, 1, "§3.5.1.2 (its CTA control)");
	cmp_row(&x->st_md, &x->st_js, "Sethia §3.5.1.2", "Equalizer per SM, all storage", c, b, s1,
		wg_json_num(wg_json_get(c->manifest, "storage_bits"), -1), "bits", why.s);
	wg_buf_free(&why);
}

static void rename_rows(pp_ctx *x, const wg_papers_cfg *c)
{
	double w = param(c, "WARPS"), r = param(c, "REGS"), ph = param(c, "PHYS_REGS"), rt = param(c, "RT_ENTRIES");
	if (w != 48 || r != 63 || ph != 1024 || (rt != 816 && rt != w * r))
		return; /* not a configuration the paper sizes */
	char s1[128], s2[128], s3[128], src[420];
	const wg_json *p = parts_of(c->manifest, NULL);
	double tb;
	if (rt == 816) {
		tb = 8 * val(x, &x->jeon, "rt", "capacity", s1, sizeof s1);
		cmp_row(&x->st_md, &x->st_js, "Jeon §7.1, Table 2", "renaming table, 1 KB", c, tb, s1,
			bits_where(p, "table ids", 0), "bits", "816 x 10 b = 1020 B fill the 1 KB (spec A3: Table 2's table)");
	} else {
		tb = 8 * val(x, &x->jeon, "rt", "capacity_unconstrained_bytes", s1, sizeof s1);
		cmp_row(&x->st_md, &x->st_js, "Jeon §6.1, Eq. 1", "renaming table 48 x 63 x 10 b (3.69 KB)", c, tb,
			s1, bits_where(p, "table ids", 0), "bits", NULL);
	}
	double fl = val(x, &x->jeon, "availability_flag", "bits", s2, sizeof s2);
	cmp_row(&x->st_md, &x->st_js, "Jeon §6.1", "availability flag", c, fl, s2,
		bits_where(p, "availability flag", 0), "bits", NULL);
	double fc = 8 * val(x, &x->jeon, "release_flag_cache", "capacity", s3, sizeof s3);
	cmp_row(&x->st_md, &x->st_js, "Jeon §6.2", "release flag cache payload 48 x 54 b", c, fc, s3,
		bits_where(p, "flag cache payload", 0), "bits", NULL);
	snprintf(src, sizeof src, "%s; %s; %s", s1, s2, s3);
	wg_buf why = {0};
	additions(&why, &p, 1, "the paper");
	cmp_row(&x->st_md, &x->st_js, "Jeon §6.1, §6.2", "table + flag + flag cache, all storage", c, tb + fl + fc,
		src, wg_json_num(wg_json_get(c->manifest, "storage_bits"), -1), "bits", why.s);
	wg_buf_free(&why);
}

static void rename_energy_rows(pp_ctx *x, const wg_papers_cfg *c)
{
	char s1[128], s2[128];
	double e = val(x, &x->jeon, "rt", "access_energy", s1, sizeof s1), l = val(x, &x->jeon, "rt", "leakage", s2, sizeof s2);
	const wg_json *ev = wg_json_get(c->cosim, "events");
	for (int i = 0; ev && i < ev->n; i++) {
		const char *name = wg_json_str(wg_json_get(&ev->kids[i], "name"), "");
		if (strcmp(name, "rt_read") != 0 && strcmp(name, "rt_write") != 0)
			continue;
		double pj = wg_json_num(wg_json_get(&ev->kids[i], "pj_per_event"), -1);
		char what[64];
		snprintf(what, sizeof what, "%s energy (one table access)", name);
		cmp_row(&x->en_md, &x->en_js, "Jeon Table 2", what, c, e, s1, pj, "pJ/event",
			pj == e ? "the model is Table 2 at its 1 KB reference table (816 x 10 b, spec A3)"
				: "Table 2 prices the 1 KB table only; size rule (bits per bank)^0.5094, docs/energy-model.md §4.3");
	}
	double mw = wg_json_num(wg_json_path(c->cosim, "energy_pj.leak_mw"), -1);
	cmp_row(&x->en_md, &x->en_js, "Jeon Table 2", "table leakage (4 banks x 0.27 mW)", c, l, s2, mw, "mW",
		mw == l ? "the model is Table 2 at its 1 KB reference table"
			: "Table 2 gives the 1 KB table only; leakage linear in bits, docs/energy-model.md §4.3");
}

/* Technology of an area result's Liberty file, nm (0: unknown). */
static double lib_node_nm(const wg_json *area, const char **name)
{
	const char *lib = wg_json_str(wg_json_get(area, "liberty"), "");
	*name = "?";
	if (strstr(lib, "sky130"))
		return *name = "sky130", 130;
	if (strstr(lib, "osu018"))
		return *name = "OSU 0.18 um", 180;
	return 0;
}

static int event_index(const wg_block *b, const char *name)
{
	for (int e = 0; e < b->nevents; e++)
		if (strcmp(b->events[e].name, name) == 0)
			return e;
	return -1;
}

/* Gebhart Table 2 over N, A in {4, 6, 8}. */
static int gebhart(pp_ctx *x, wg_buf *md, wg_buf *js, const wg_papers_cfg *c, int n)
{
	const wg_block *b = wg_block_find("rfc");
	int iN = b ? wg_param_index(b, "ENTRIES") : -1, iA = b ? wg_param_index(b, "ACTIVE_WARPS") : -1;
	int iL = b ? wg_param_index(b, "LANES") : -1, iW = b ? wg_param_index(b, "WIDTH") : -1;
	if (iN < 0 || iA < 0 || iL < 0 || iW < 0) {
		snprintf(x->err, x->en, "papers: no rfc block with ENTRIES, ACTIVE_WARPS, LANES, WIDTH");
		return -1;
	}
	int ird = event_index(b, "rfc_read"), iwr = event_index(b, "rfc_write");
	char wsrc[128];
	double wire = val(x, &x->geb, "rfc", "wire_energy_per_au_at_0.2mm", wsrc, sizeof wsrc);
	wg_buf notes = {0};
	wg_buf_printf(md, "\n### Gebhart ISCA'11 Table 2: RFC area and read/write energy (40 nm, 0.9 V)\n\n"
			  "Table 2 gives, per (N entries per thread, A active warps), the area of **one per-lane RFC bank** "
			  "(N x A 32-bit words, 3 read / 1 write ports, synthesized flip-flops) and the energy of reading or "
			  "writing four 32-bit values (one access unit, AU). Ours: area = Yosys chip area of the whole RFC "
			  "(LANES lane banks + tags + control) / LANES, scaled from the Liberty file's node to 40 nm by "
			  "(40/node)^2 (the area rule wg_sc_area, docs/energy-model.md §9.1); energy = the energy model (docs/energy-model.md §2): the bank part e_r / e_w per AU "
			  "and the event `rfc_read` / `rfc_write` per AU, which adds the 0.2 mm wire (%g pJ/AU, %s).\n\n"
			  "| N | A | N*A | Table 2 area um^2 | ours um^2/lane at 40 nm | ratio | Table 2 read pJ/AU | "
			  "model e_r | ratio | rfc_read /AU | Table 2 write pJ/AU | model e_w | ratio | rfc_write /AU |\n"
			  "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
		      wire, wsrc);
	int first = 1;
	for (int N = 4; N <= 8; N += 2)
		for (int A = 4; A <= 8; A += 2) {
			char key[32], sa[128], sr[128], sw[128], basis[160];
			snprintf(key, sizeof key, "rfc_N%d_A%d", N, A);
			double pa = val(x, &x->geb, key, "area", sa, sizeof sa);
			double pr = val(x, &x->geb, key, "read_energy", sr, sizeof sr);
			double pw = val(x, &x->geb, key, "write_energy", sw, sizeof sw);
			double er = 0, ew = 0;
			if (rfc_table2_energy(&x->geb, N, A, &er, &ew, basis, sizeof basis, x->err, x->en) != 0) {
				wg_buf_free(&notes);
				return -1;
			}
			long p[WG_MAX_PARAMS];
			wg_params_default(b, p);
			p[iN] = N, p[iA] = A;
			wg_energy_model m;
			if (wg_energy_model_init(&m, b, p, x->err, x->en) != 0) {
				wg_buf_free(&notes);
				return -1;
			}
			double au = (double)(p[iL] * p[iW]) / 128.0;
			double ev_r = ird >= 0 ? m.pj[ird] / au : -1, ev_w = iwr >= 0 ? m.pj[iwr] / au : -1;
			/* our area: the first rfc configuration at (N, A) with 32-bit words and a Liberty area */
			const wg_papers_cfg *hit = NULL;
			double node = 0, per_lane = -1;
			const char *lib = "?";
			for (int i = 0; i < n && !hit; i++) {
				if (strcmp(c[i].block, "rfc") != 0 || !wg_json_get(c[i].area, "area_um2") ||
				    param(&c[i], "ENTRIES") != N || param(&c[i], "ACTIVE_WARPS") != A || param(&c[i], "WIDTH") != 32)
					continue;
				node = lib_node_nm(c[i].area, &lib);
				double lanes = param(&c[i], "LANES");
				if (node <= 0 || lanes <= 0)
					continue;
				double um2 = wg_json_num(wg_json_get(c[i].area, "area_um2"), 0);
				char e2[200];
				if (wg_sc_area(um2 / lanes, node, 40.0, &per_lane, e2, sizeof e2) != 0)
					continue; /* the node rule refuses it: not comparable */
				hit = &c[i];
				wg_buf_printf(&notes, "* N=%d, A=%d: rfc %s, %.0f um^2 (%s) / %.0f lanes x (40/%.0f)^2 = %.0f um^2\n",
					      N, A, c[i].config, um2, lib, lanes, node, per_lane);
			}
			if (!hit)
				wg_buf_printf(&notes,
					      "* N=%d, A=%d: not run: `warpgen area rfc --set ENTRIES=%d --set ACTIVE_WARPS=%d "
					      "--json F` (then `warpgen report ... F`)\n",
					      N, A, N, A);
			char ours[32], ar[32];
			snprintf(ours, sizeof ours, hit ? "%.0f" : "not run", per_lane);
			snprintf(ar, sizeof ar, hit ? "%.3f" : "-", per_lane / pa);
			wg_buf_printf(md, "| %d | %d | %d | %.6g | %s | %s | %.6g | %.6g | %.3f | %.4g | %.6g | %.6g | %.3f | %.4g |\n",
				      N, A, N * A, pa, ours, ar, pr, er, er / pr, ev_r, pw, ew, ew / pw, ev_w);
			wg_buf_printf(js, "%s\n    {\"N\": %d, \"A\": %d, \"paper_area_um2\": %.6g, \"paper_read_pj_per_au\": %.6g, "
					  "\"paper_write_pj_per_au\": %.6g, \"source\": ",
				      first ? "" : ",", N, A, pa, pr, pw);
			wg_buf_json_str(js, sa);
			wg_buf_printf(js, ", \"model_read_pj_per_au\": %.6g, \"model_write_pj_per_au\": %.6g, \"read_ratio\": %.6g, "
					  "\"write_ratio\": %.6g, \"event_rfc_read_pj_per_au\": %.6g, \"event_rfc_write_pj_per_au\": %.6g, "
					  "\"model_basis\": ",
				      er, ew, er / pr, ew / pw, ev_r, ev_w);
			wg_buf_json_str(js, basis);
			if (hit) {
				wg_buf_printf(js, ", \"area_config\": ");
				wg_buf_json_str(js, hit->config);
				wg_buf_printf(js, ", \"area_node_nm\": %.0f, \"area_um2_per_lane_40nm\": %.6g, \"area_ratio\": %.6g}",
					      node, per_lane, per_lane / pa);
			} else {
				wg_buf_printf(js, ", \"area_config\": null, \"area_um2_per_lane_40nm\": null, \"area_ratio\": null, "
						  "\"not_run\": \"warpgen area rfc --set ENTRIES=%d --set ACTIVE_WARPS=%d --json area.json\"}",
					      N, A);
			}
			first = 0;
		}
	wg_buf_printf(md, "\nOur area per grid point (any Liberty file: `--liberty "
			  "../shared/liberty/sky130_fd_sc_hd__tt_025C_1v80.lib` for sky130):\n\n%s\nWhy they differ:\n\n"
			  "* area: Table 2 is Design Compiler with commercial 40 nm high-performance cells and clock gating; "
			  "ours is Yosys/ABC on a public library's generic flip-flops and muxes, ideally shrunk by (40/node)^2, "
			  "with each lane's share of tags and control, and our bank has 5 read ports (3 operand + victim + drain) "
			  "where Table 2's has 3.\n"
			  "* energy, bank part: the model *is* Table 2 at its nine points (docs/energy-model.md §2.3), so the "
			  "ratio is 1 by construction; it is no measurement of our RTL.\n"
			  "* energy, events: `rfc_read` / `rfc_write` add the 0.2 mm wire of Table 5's design point to the bank "
			  "energy (§2.2); Table 2 is the bank alone.\n",
		      notes.len ? notes.s : "");
	wg_buf_free(&notes);
	return 0;
}

static int load_tables(pp_ctx *x)
{
	const char *names[3] = {RFC_ENERGY_TABLE, RN_ENERGY_TABLE, "sethia2015.tsv"};
	wg_ptable *ts[3] = {&x->geb, &x->jeon, &x->seth};
	for (int i = 0; i < 3; i++) {
		char path[4200];
		wg_ptable_path(names[i], path, sizeof path);
		if (wg_ptable_load(ts[i], path, x->err, x->en) != 0) {
			for (int k = 0; k < i; k++)
				wg_ptable_free(ts[k]);
			return -1;
		}
	}
	return 0;
}

int wg_papers(wg_buf *md, wg_buf *js, const wg_papers_cfg *c, int n, char *err, size_t en)
{
	pp_ctx x;
	memset(&x, 0, sizeof x);
	x.err = err, x.en = en;
	if (load_tables(&x) != 0)
		return -1;
	for (int i = 0; i < n; i++) {
		const char *b = c[i].block;
		int dflt = strcmp(c[i].config, "default") == 0;
		if (c[i].manifest && dflt &&
		    (strcmp(b, "mascar") == 0 || strcmp(b, "wrc") == 0 || strcmp(b, "reexec_q") == 0))
			mascar_rows(&x, &c[i]);
		if (c[i].manifest && dflt && strcmp(b, "prefetch_table") == 0)
			apogee_rows(&x, &c[i]);
		if (c[i].manifest && dflt && strcmp(b, "equalizer") == 0)
			equalizer_rows(&x, &c[i]);
		if (c[i].manifest && strcmp(b, "rename") == 0)
			rename_rows(&x, &c[i]);
		if (c[i].cosim && strcmp(b, "rename") == 0)
			rename_energy_rows(&x, &c[i]);
	}
	const char *head = "| paper | what | block, config | paper | ours | ratio ours/paper | unit | why they differ |\n"
			   "|---|---|---|---|---|---|---|---|\n";
	wg_buf_printf(md, "\n## Papers\n\nThe project's figures beside the papers' for the same configuration. Paper numbers "
			  "are rows of power_tables/*.tsv (file:line in report.json); ours come from the manifests' storage "
			  "parts (`warpgen gen`; Yosys counted the same flip-flops, flop check above), the co-simulation "
			  "results and the area results.\n\n### Storage bits (Mascar, APOGEE, Equalizer, renaming table)\n\n");
	if (x.st_md.len)
		wg_buf_printf(md, "%s%s", head, x.st_md.s);
	else
		wg_buf_printf(md, "No manifest of a configuration the papers size (the default of mascar, wrc, reexec_q, "
				  "prefetch_table, equalizer; rename at 48 warps x 63 registers): run `warpgen gen BLOCK -o "
				  "DIR/rtl` beside the results.\n");
	wg_buf_printf(md, "\n### Renaming-table energy (Jeon Table 2, CACTI 5.3, 40 nm, 0.96 V)\n\n");
	if (x.en_md.len)
		wg_buf_printf(md, "%s%s", head, x.en_md.s);
	else
		wg_buf_printf(md, "No rename co-simulation result: `warpgen cosim rename --json DIR/cosim.json`.\n");
	wg_buf gj = {0};
	int rc = x.failed ? -1 : gebhart(&x, md, &gj, c, n);
	if (rc == 0 && x.failed)
		rc = -1;
	wg_buf_printf(js, "{\n   \"storage\": [%s\n   ],\n   \"rename_energy\": [%s\n   ],\n   \"gebhart_table2\": [%s\n   ]}",
		      x.st_js.len ? x.st_js.s : "", x.en_js.len ? x.en_js.s : "", gj.len ? gj.s : "");
	wg_buf_free(&gj);
	wg_buf_free(&x.st_md);
	wg_buf_free(&x.en_md);
	wg_buf_free(&x.st_js);
	wg_buf_free(&x.en_js);
	wg_ptable_free(&x.geb);
	wg_ptable_free(&x.jeon);
	wg_ptable_free(&x.seth);
	return rc;
}
