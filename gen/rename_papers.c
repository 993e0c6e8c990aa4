/* rename_papers.c - the renaming table against Jeon & Annavaram 2014,
 * declared as wg_papers_rename: storage against §6.1, §6.2 and §7.1 at the
 * sizes the paper gives (48 warps x 63 registers, 1024 physical registers,
 * the 1 KB table or the unconstrained one), and, in its own section, the
 * table's energy per access and leakage against Table 2. */
#include <stdio.h>
#include <string.h>

#include "rename_energy.h"
#include "wg_papers_def.h"

static void storage_rows(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c)
{
	double w = wg_papers_param(c, "WARPS"), r = wg_papers_param(c, "REGS"), ph = wg_papers_param(c, "PHYS_REGS"),
	       rt = wg_papers_param(c, "RT_ENTRIES");
	if (w != 48 || r != 63 || ph != 1024 || (rt != 816 && rt != w * r))
		return; /* not a configuration the paper sizes */
	char s1[128], s2[128], s3[128], src[420];
	const wg_json *p = wg_papers_parts(c->manifest, NULL);
	double tb;
	if (rt == 816) {
		tb = 8 * wg_papers_val(x, t, "rt", "capacity", s1, sizeof s1);
		wg_papers_row(x, WG_PAPERS_STORAGE, "Jeon §7.1, Table 2", "renaming table, 1 KB", c, tb, s1,
			      wg_papers_bits(p, "table ids", 0), "bits",
			      "816 x 10 b = 1020 B fill the 1 KB (spec A3: Table 2's table)");
	} else {
		tb = 8 * wg_papers_val(x, t, "rt", "capacity_unconstrained_bytes", s1, sizeof s1);
		wg_papers_row(x, WG_PAPERS_STORAGE, "Jeon §6.1, Eq. 1", "renaming table 48 x 63 x 10 b (3.69 KB)", c, tb,
			      s1, wg_papers_bits(p, "table ids", 0), "bits", NULL);
	}
	double fl = wg_papers_val(x, t, "availability_flag", "bits", s2, sizeof s2);
	wg_papers_row(x, WG_PAPERS_STORAGE, "Jeon §6.1", "availability flag", c, fl, s2,
		      wg_papers_bits(p, "availability flag", 0), "bits", NULL);
	double fc = 8 * wg_papers_val(x, t, "release_flag_cache", "capacity", s3, sizeof s3);
	wg_papers_row(x, WG_PAPERS_STORAGE, "Jeon §6.2", "release flag cache payload 48 x 54 b", c, fc, s3,
		      wg_papers_bits(p, "flag cache payload", 0), "bits", NULL);
	snprintf(src, sizeof src, "%s; %s; %s", s1, s2, s3);
	wg_buf why = {0};
	wg_papers_additions(&why, &p, 1, "the paper");
	wg_papers_row(x, WG_PAPERS_STORAGE, "Jeon §6.1, §6.2", "table + flag + flag cache, all storage", c,
		      tb + fl + fc, src, wg_json_num(wg_json_get(c->manifest, "storage_bits"), -1), "bits", why.s);
	wg_buf_free(&why);
}

static void energy_rows(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c)
{
	char s1[128], s2[128];
	double e = wg_papers_val(x, t, "rt", "access_energy", s1, sizeof s1),
	       l = wg_papers_val(x, t, "rt", "leakage", s2, sizeof s2);
	const wg_json *ev = wg_json_get(c->cosim, "events");
	for (int i = 0; ev && i < ev->n; i++) {
		const char *name = wg_json_str(wg_json_get(&ev->kids[i], "name"), "");
		if (strcmp(name, "rt_read") != 0 && strcmp(name, "rt_write") != 0)
			continue;
		double pj = wg_json_num(wg_json_get(&ev->kids[i], "pj_per_event"), -1);
		char what[64];
		snprintf(what, sizeof what, "%s energy (one table access)", name);
		wg_papers_row(x, WG_PAPERS_OWN, "Jeon Table 2", what, c, e, s1, pj, "pJ/event",
			      pj == e ? "the model is Table 2 at its 1 KB reference table (816 x 10 b, spec A3)"
				      : "Table 2 prices the 1 KB table only; size rule (bits per bank)^0.5094, "
					"docs/energy-model.md §4.3");
	}
	double mw = wg_json_num(wg_json_path(c->cosim, "energy_pj.leak_mw"), -1);
	wg_papers_row(x, WG_PAPERS_OWN, "Jeon Table 2", "table leakage (4 banks x 0.27 mW)", c, l, s2, mw, "mW",
		      mw == l ? "the model is Table 2 at its 1 KB reference table"
			      : "Table 2 gives the 1 KB table only; leakage linear in bits, docs/energy-model.md §4.3");
}

/* Storage from a manifest at any configuration (storage_rows filters), energy from a co-simulation. */
static void rename_rows(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c)
{
	if (c->manifest)
		storage_rows(x, t, c);
	if (c->cosim)
		energy_rows(x, t, c);
}

const wg_papers_def wg_papers_rename = {
	.table = RN_ENERGY_TABLE,
	.storage = {.order = 6, .title = "renaming table", .when = "rename at 48 warps x 63 registers"},
	.rows = rename_rows,
	.key = "rename_energy",
	.title = "Renaming-table energy (Jeon Table 2, CACTI 5.3, 40 nm, 0.96 V)",
	.none = "No rename co-simulation result: `warpgen cosim rename --json DIR/cosim.json`.\n",
};
