/* cmd_report.c - `warpgen report -o DIR RESULT.json...`: merge per configuration the
 * JSON results of `warpgen cosim --json` and `warpgen area --json`, the manifest of
 * `warpgen gen` and the step times of `make` (steps.json; manifest and steps.json are
 * also found beside a result: DIR/steps.json, DIR/rtl/BLOCK.manifest.json) into one
 * summary: a compact table on stdout, DIR/report.json and DIR/report.md, with the
 * energy per event class and the papers' figures beside ours (wg_papers.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_cmds.h"
#include "wg_gen.h"
#include "wg_json.h"
#include "wg_papers.h"

#define MAX_ROWS 64
#define MAX_FILES (4 * MAX_ROWS)

typedef struct figures {
	double cycles;         /* co-simulated cycles */
	double pj_per_cycle;   /* energy per cycle (= mW at 1 GHz) */
	double norm;           /* dynamic energy / the same accesses without the block, or -1 */
	int events_agree;      /* every event count equal in C model and RTL */
	int not_given;         /* events the papers give no energy for (priced 0) */
	int nevents;           /* events of the block */
	double sum_pj;         /* sum over events of count x pJ/event */
	int energy_ok;         /* total = sum + leakage and each event total = count x pJ/event (rounding) */
	double step_s;         /* sum of the step times, or -1 */
} figures;

typedef struct row {
	char block[64];        /* block name */
	char config[512];      /* configuration, as people read it */
	char dir[4096];        /* folder of its first result file ("" when none) */
	const wg_json *cosim;  /* `warpgen cosim --json` result, or NULL */
	const wg_json *area;   /* `warpgen area --json` result, or NULL */
	const wg_json *man;    /* BLOCK.manifest.json, or NULL */
	const wg_json *steps;  /* steps.json of main_job.sh, or NULL */
	const char *cosim_txt; /* their texts, embedded verbatim in report.json */
	const char *area_txt;
	figures f;             /* derived from cosim, once all files are read */
} row;

typedef struct files {
	wg_json *doc[MAX_FILES]; /* parsed files */
	char *text[MAX_FILES];   /* their texts */
	int n;                   /* files read */
} files;

static int near(double a, double b)
{
	return fabs(a - b) <= 2e-5 * fmax(fabs(a), fabs(b)) + 1e-9;
}

static figures figures_of(const row *r)
{
	figures f = {0, 0, -1, 1, 0, 0, 0, 1, -1};
	const wg_json *st = wg_json_get(r->steps, "steps");
	for (int i = 0; st && i < st->n; i++)
		f.step_s = (f.step_s < 0 ? 0 : f.step_s) + wg_json_num(wg_json_get(&st->kids[i], "seconds"), 0);
	if (!r->cosim)
		return f;
	f.cycles = wg_json_num(wg_json_get(r->cosim, "cycles"), 0);
	if (f.cycles > 0)
		f.pj_per_cycle = wg_json_num(wg_json_path(r->cosim, "energy_pj.total"), 0) / f.cycles;
	const wg_json *ev = wg_json_get(r->cosim, "events");
	for (int i = 0; ev && i < ev->n; i++) {
		const wg_json *e = &ev->kids[i];
		double cnt = wg_json_num(wg_json_get(e, "c_model"), -1);
		if (cnt != wg_json_num(wg_json_get(e, "rtl"), -2))
			f.events_agree = 0;
		double pj = wg_json_num(wg_json_get(e, "pj_per_event"), 0), tot = wg_json_num(wg_json_get(e, "pj_total"), 0);
		if (!near(cnt * pj, tot))
			f.energy_ok = 0;
		f.sum_pj += tot;
	}
	f.nevents = ev ? ev->n : 0;
	f.not_given = (int)wg_json_num(wg_json_path(r->cosim, "energy_pj.events_not_given"), 0);
	double dyn = wg_json_num(wg_json_path(r->cosim, "energy_pj.dynamic"), 0);
	double leak = wg_json_num(wg_json_path(r->cosim, "energy_pj.leakage"), 0);
	double total = wg_json_num(wg_json_path(r->cosim, "energy_pj.total"), 0);
	if (!near(f.sum_pj, dyn) || !near(dyn + leak, total))
		f.energy_ok = 0;
	double base = wg_json_num(wg_json_path(r->cosim, "energy_pj.baseline"), 0);
	if (base > 0) /* the block's energy rules define the design without it */
		f.norm = dyn / base;
	return f;
}

static row *find_row(row *rows, int *n, const char *block, const char *config)
{
	for (int i = 0; i < *n; i++)
		if (strcmp(rows[i].block, block) == 0 && strcmp(rows[i].config, config) == 0)
			return &rows[i];
	if (*n == MAX_ROWS)
		return NULL;
	row *r = &rows[(*n)++];
	memset(r, 0, sizeof *r);
	snprintf(r->block, sizeof r->block, "%s", block);
	snprintf(r->config, sizeof r->config, "%s", config);
	return r;
}

static const char *verdict(const row *r)
{
	return r->cosim ? wg_json_str(wg_json_get(r->cosim, "verdict"), "?") : "-";
}

static const char *flop_check(const row *r)
{
	return r->area ? wg_json_str(wg_json_get(r->area, "flop_check"), "?") : "-";
}

static void fmt_num(char *buf, size_t n, const wg_json *j, const char *key, const char *fmt)
{
	const wg_json *v = wg_json_get(j, key);
	if (v && v->type == WG_J_NUM)
		snprintf(buf, n, fmt, v->num);
	else
		snprintf(buf, n, "-");
}

static void pj_cycle_text(char *buf, size_t n, const row *r)
{
	const figures *f = &r->f;
	if (!r->cosim)
		snprintf(buf, n, "-");
	else if (f->nevents > 0 && f->not_given == f->nevents)
		snprintf(buf, n, "n/g"); /* the papers price none of its events */
	else if (f->not_given > 0)
		snprintf(buf, n, "%.1f+", f->pj_per_cycle); /* + the events not given */
	else
		snprintf(buf, n, "%.1f", f->pj_per_cycle);
}

/* The Markdown table: one line per configuration. */
static void md_table(wg_buf *o, const row *rows, int n)
{
	wg_buf_printf(o, "| block | config | equivalence | cycles | seed | events C==RTL | pJ/cycle | E/E_without | flop bits | "
			 "predicted | flop check | gates | transistors | area um^2 | leakage nW | steps s |\n"
			 "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
	for (int i = 0; i < n; i++) {
		const row *r = &rows[i];
		char cyc[32], seed[32], pjc[32], norm[32], fl[32], pr[32], g[32], trs[32], ar[32], lk[32], st[32];
		fmt_num(cyc, sizeof cyc, r->cosim, "cycles", "%.0f");
		fmt_num(seed, sizeof seed, r->cosim, "seed", "%.0f");
		pj_cycle_text(pjc, sizeof pjc, r);
		snprintf(norm, sizeof norm, r->f.norm >= 0 ? "%.3f" : "-", r->f.norm);
		fmt_num(fl, sizeof fl, r->area, "flop_bits", "%.0f");
		fmt_num(pr, sizeof pr, r->area, "storage_bits_predicted", "%.0f");
		fmt_num(g, sizeof g, r->area, "cells_total", "%.0f");
		fmt_num(trs, sizeof trs, r->area, "transistors", "%.0f");
		fmt_num(ar, sizeof ar, r->area, "area_um2", "%.0f");
		fmt_num(lk, sizeof lk, r->area, "leakage_nw", "%.1f");
		snprintf(st, sizeof st, r->f.step_s >= 0 ? "%.1f" : "-", r->f.step_s);
		wg_buf_printf(o, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r->block,
			      r->config, verdict(r), cyc, seed, r->cosim ? (r->f.events_agree ? "yes" : "NO") : "-", pjc, norm,
			      fl, pr, flop_check(r), g, trs, ar, lk, st);
	}
}

/* The compact stdout table. */
static void txt_table(wg_buf *o, const row *rows, int n)
{
	wg_buf_printf(o, "%-14s %-40s %-5s %8s %-5s %9s %12s\n", "block", "config", "equiv", "cycles", "flops", "pJ/cycle",
		      "area um^2");
	for (int i = 0; i < n; i++) {
		const row *r = &rows[i];
		char cyc[32], pjc[32], ar[32];
		fmt_num(cyc, sizeof cyc, r->cosim, "cycles", "%.0f");
		pj_cycle_text(pjc, sizeof pjc, r);
		fmt_num(ar, sizeof ar, r->area, "area_um2", "%.0f");
		wg_buf_printf(o, "%-14s %-40.40s %-5s %8s %-5s %9s %12s\n", r->block, r->config, verdict(r), cyc, flop_check(r),
			      pjc, ar);
	}
}

/* Per configuration: events, pJ/event, totals, leakage. */
static void md_energy(wg_buf *o, const row *rows, int n)
{
	wg_buf_printf(o, "\n## Energy per event class (stimulus run of `warpgen cosim`)\n\n"
			 "Energy = sum over events of count x pJ/event + leakage mW x cycles / clock (power_tables/, "
			 "docs/energy-model.md); n/g = the papers give no number (counted, priced 0). Check: the totals "
			 "add up within the JSON's 6-digit rounding.\n");
	for (int i = 0; i < n; i++) {
		const row *r = &rows[i];
		if (!r->cosim)
			continue;
		wg_buf_printf(o, "\n### %s %s\n\n| event | count | pJ/event | pJ |\n|---|---|---|---|\n", r->block, r->config);
		const wg_json *ev = wg_json_get(r->cosim, "events");
		for (int k = 0; ev && k < ev->n; k++) {
			const wg_json *e = &ev->kids[k];
			const wg_json *pj = wg_json_get(e, "pj_per_event");
			if (pj && pj->type == WG_J_NUM)
				wg_buf_printf(o, "| %s | %.0f | %.6g | %.6g |\n", wg_json_str(wg_json_get(e, "name"), "?"),
					      wg_json_num(wg_json_get(e, "c_model"), 0), pj->num,
					      wg_json_num(wg_json_get(e, "pj_total"), 0));
			else
				wg_buf_printf(o, "| %s | %.0f | n/g | n/g |\n", wg_json_str(wg_json_get(e, "name"), "?"),
					      wg_json_num(wg_json_get(e, "c_model"), 0));
		}
		const wg_json *en = wg_json_get(r->cosim, "energy_pj");
		int lng = wg_json_num(wg_json_get(en, "leakage_not_given"), 0) != 0;
		char lk[64];
		if (lng)
			snprintf(lk, sizeof lk, "n/g");
		else
			snprintf(lk, sizeof lk, "%.6g mW = %.6g pJ", wg_json_num(wg_json_get(en, "leak_mw"), 0),
				 wg_json_num(wg_json_get(en, "leakage"), 0));
		wg_buf_printf(o, "\ndynamic %.6g pJ, leakage %s, total %.6g pJ (%.4g pJ/cycle); check %s\n",
			      wg_json_num(wg_json_get(en, "dynamic"), 0), lk, wg_json_num(wg_json_get(en, "total"), 0),
			      r->f.pj_per_cycle, r->f.energy_ok ? "ok" : "FAILED");
	}
}

static void md_steps(wg_buf *o, const row *rows, int n)
{
	const char *names[] = {"gen", "lint", "cosim", "area", "energy"};
	int any = 0;
	for (int i = 0; i < n; i++)
		any |= rows[i].steps != NULL;
	if (!any)
		return;
	wg_buf_printf(o, "\n## Step times (seconds, wall clock, `make` on a shared machine)\n\n"
			 "| block | config | gen | lint | cosim | area | energy | total |\n|---|---|---|---|---|---|---|---|\n");
	for (int i = 0; i < n; i++) {
		const row *r = &rows[i];
		if (!r->steps)
			continue;
		wg_buf_printf(o, "| %s | %s |", r->block, r->config);
		const wg_json *st = wg_json_get(r->steps, "steps");
		for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
			const wg_json *hit = NULL;
			for (int j = 0; st && j < st->n; j++)
				if (strcmp(wg_json_str(wg_json_get(&st->kids[j], "step"), ""), names[k]) == 0)
					hit = &st->kids[j];
			if (hit)
				wg_buf_printf(o, " %.1f%s |", wg_json_num(wg_json_get(hit, "seconds"), 0),
					      wg_json_num(wg_json_get(hit, "rc"), 0) != 0 ? " (failed)" : "");
			else
				wg_buf_printf(o, " - |");
		}
		wg_buf_printf(o, " %.1f |\n", r->f.step_s);
	}
}

static void json_energy(wg_buf *o, const row *r)
{
	const wg_json *en = wg_json_get(r->cosim, "energy_pj");
	wg_buf_printf(o, ",\n     \"energy\": {\"events\": [");
	const wg_json *ev = wg_json_get(r->cosim, "events");
	for (int k = 0; ev && k < ev->n; k++) {
		const wg_json *e = &ev->kids[k];
		const wg_json *pj = wg_json_get(e, "pj_per_event");
		wg_buf_printf(o, "%s{\"name\": ", k ? ", " : "");
		wg_buf_json_str(o, wg_json_str(wg_json_get(e, "name"), "?"));
		wg_buf_printf(o, ", \"count\": %.0f", wg_json_num(wg_json_get(e, "c_model"), 0));
		if (pj && pj->type == WG_J_NUM)
			wg_buf_printf(o, ", \"pj_per_event\": %.6g, \"pj\": %.6g}", pj->num,
				      wg_json_num(wg_json_get(e, "pj_total"), 0));
		else
			wg_buf_printf(o, ", \"pj_per_event\": null, \"pj\": null}");
	}
	int lng = wg_json_num(wg_json_get(en, "leakage_not_given"), 0) != 0;
	wg_buf_printf(o, "], \"events_pj\": %.6g, \"dynamic_pj\": %.6g, \"leak_mw\": ", r->f.sum_pj,
		      wg_json_num(wg_json_get(en, "dynamic"), 0));
	if (lng)
		wg_buf_printf(o, "null, \"leakage_pj\": null");
	else
		wg_buf_printf(o, "%.6g, \"leakage_pj\": %.6g", wg_json_num(wg_json_get(en, "leak_mw"), 0),
			      wg_json_num(wg_json_get(en, "leakage"), 0));
	wg_buf_printf(o, ", \"total_pj\": %.6g, \"pj_per_cycle\": %.6g, \"check\": \"%s\"}",
		      wg_json_num(wg_json_get(en, "total"), 0), r->f.pj_per_cycle, r->f.energy_ok ? "ok" : "FAILED");
}

static void json_steps(wg_buf *o, const row *r)
{
	wg_buf_printf(o, ",\n     \"steps_s\": ");
	const wg_json *st = wg_json_get(r->steps, "steps");
	if (!st) {
		wg_buf_printf(o, "null");
		return;
	}
	wg_buf_printf(o, "{");
	for (int j = 0; j < st->n; j++) {
		wg_buf_printf(o, "%s", j ? ", " : "");
		wg_buf_json_str(o, wg_json_str(wg_json_get(&st->kids[j], "step"), "?"));
		wg_buf_printf(o, ": %.3f", wg_json_num(wg_json_get(&st->kids[j], "seconds"), 0));
	}
	wg_buf_printf(o, ", \"total\": %.3f}", r->f.step_s);
}

static void json_report(wg_buf *o, const row *rows, int n, const char *papers)
{
	wg_buf_printf(o, "{\n  \"generator\": \"warpgen\",\n  \"version\": \"%s\",\n  \"configurations\": [", WARPGEN_VERSION);
	for (int i = 0; i < n; i++) {
		const row *r = &rows[i];
		const figures f = r->f;
		wg_buf_printf(o, "%s\n    {\"block\": ", i ? "," : "");
		wg_buf_json_str(o, r->block);
		wg_buf_printf(o, ", \"config\": ");
		wg_buf_json_str(o, r->config);
		wg_buf_printf(o, ",\n     \"summary\": {\"equivalence\": ");
		wg_buf_json_str(o, verdict(r));
		if (r->cosim)
			wg_buf_printf(o, ", \"cycles\": %.0f, \"seed\": %.0f, \"events_agree\": %s, \"pj_per_cycle\": %.6g", f.cycles,
				      wg_json_num(wg_json_get(r->cosim, "seed"), 0), f.events_agree ? "true" : "false",
				      f.pj_per_cycle);
		else
			wg_buf_printf(o, ", \"cycles\": null, \"seed\": null, \"events_agree\": null, \"pj_per_cycle\": null");
		wg_buf_printf(o, ", \"energy_vs_without_block\": ");
		if (f.norm >= 0)
			wg_buf_printf(o, "%.6g", f.norm);
		else
			wg_buf_printf(o, "null");
		wg_buf_printf(o, ", \"flop_check\": ");
		wg_buf_json_str(o, flop_check(r));
		const char *keys[] = {"flop_bits", "storage_bits_predicted", "cells_total", "transistors", "area_um2", "leakage_nw"};
		const char *names[] = {"flop_bits", "storage_bits_predicted", "gates", "transistors", "area_um2", "leakage_nw"};
		for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
			const wg_json *v = wg_json_get(r->area, keys[k]);
			if (v && v->type == WG_J_NUM)
				wg_buf_printf(o, ", \"%s\": %.6g", names[k], v->num);
			else
				wg_buf_printf(o, ", \"%s\": null", names[k]);
		}
		const wg_json *ms = wg_json_get(r->man, "storage_bits");
		if (ms)
			wg_buf_printf(o, ", \"manifest_storage_bits\": %.0f", ms->num);
		else
			wg_buf_printf(o, ", \"manifest_storage_bits\": null");
		wg_buf_printf(o, "}");
		if (r->cosim)
			json_energy(o, r);
		else
			wg_buf_printf(o, ",\n     \"energy\": null");
		json_steps(o, r);
		wg_buf_printf(o, ",\n     \"cosim\": %s,\n     \"area\": %s}", r->cosim_txt ? r->cosim_txt : "null",
			      r->area_txt ? r->area_txt : "null");
	}
	wg_buf_printf(o, "\n  ],\n  \"papers\": %s\n}\n", papers);
}

/* Read and parse one file into fs; NULL when optional and absent. */
static wg_json *load(files *fs, const char *path, int optional, char **text)
{
	char err[512];
	if (optional) {
		FILE *f = fopen(path, "rb");
		if (!f)
			return NULL;
		fclose(f);
	}
	if (fs->n == MAX_FILES)
		wg_die("report", 2, "at most %d files", MAX_FILES);
	char *t = wg_read_file(path, NULL, err, sizeof err);
	if (!t)
		wg_die("report", 2, "%s", err);
	wg_json *j = wg_json_parse(t, err, sizeof err);
	if (!j)
		wg_die("report", 2, "%s: %s", path, err);
	fs->doc[fs->n] = j;
	fs->text[fs->n++] = t;
	if (text)
		*text = t;
	return j;
}

static void dir_of(const char *path, char *buf, size_t n)
{
	const char *s = strrchr(path, '/');
	if (!s)
		snprintf(buf, n, ".");
	else
		snprintf(buf, n, "%.*s", (int)(s - path), path);
}

/* A manifest must name the same configuration as its row. */
static void attach_manifest(row *r, const wg_json *m, const char *path)
{
	if (strcmp(wg_json_str(wg_json_get(m, "block"), ""), r->block) != 0 ||
	    strcmp(wg_json_str(wg_json_get(m, "config"), ""), r->config) != 0)
		wg_die("report", 2, "%s: manifest of %s %s, not of %s %s", path, wg_json_str(wg_json_get(m, "block"), "?"),
		       wg_json_str(wg_json_get(m, "config"), "?"), r->block, r->config);
	r->man = m;
}

int wg_cmd_report(int argc, char **argv)
{
	const char *dir = NULL;
	char err[512];
	row rows[MAX_ROWS];
	files fs;
	char sdirs[MAX_ROWS][4096]; /* folders of steps.json files given by name */
	const wg_json *sdocs[MAX_ROWS];
	int n = 0, ns = 0, nres = 0, bad = 0;
	memset(&fs, 0, sizeof fs);
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			printf("usage: warpgen report -o DIR FILE.json...\n"
			       "merges per configuration `warpgen cosim --json` and `warpgen area --json` results,\n"
			       "manifests of `warpgen gen` and step times (steps.json of `make`; both also found beside\n"
			       "a result as F/../steps.json and F/../rtl/BLOCK.manifest.json) into a table on stdout,\n"
			       "DIR/report.json and DIR/report.md, with a Papers section (power_tables/*.tsv)\n");
			return 0;
		}
		if (strcmp(argv[i], "-o") == 0) {
			if (++i == argc)
				wg_die("report", 2, "-o needs a value");
			dir = argv[i];
			continue;
		}
		char *t = NULL;
		wg_json *j = load(&fs, argv[i], 0, &t);
		if (wg_json_get(j, "steps") && !wg_json_get(j, "verdict")) {
			if (ns == MAX_ROWS)
				wg_die("report", 2, "at most %d steps files", MAX_ROWS);
			dir_of(argv[i], sdirs[ns], sizeof sdirs[ns]);
			sdocs[ns++] = j;
			continue;
		}
		const char *block = wg_json_str(wg_json_get(j, "block"), NULL);
		const char *config = wg_json_str(wg_json_get(j, "config"), NULL);
		int is_cosim = wg_json_get(j, "verdict") != NULL, is_area = wg_json_get(j, "flop_bits") != NULL;
		int is_man = !is_cosim && !is_area && wg_json_get(j, "storage_bits") && wg_json_get(j, "ports");
		if (!block || !config || is_cosim + is_area + is_man != 1)
			wg_die("report", 2,
			       "%s: not a `warpgen cosim --json` or `warpgen area --json` result, a manifest or a steps.json",
			       argv[i]);
		row *r = find_row(rows, &n, block, config);
		if (!r)
			wg_die("report", 2, "more than %d configurations", MAX_ROWS);
		if (is_man) {
			if (r->man)
				wg_die("report", 2, "%s: a second manifest for %s %s", argv[i], block, config);
			attach_manifest(r, j, argv[i]);
			continue;
		}
		nres++;
		if (is_cosim ? r->cosim != NULL : r->area != NULL)
			wg_die("report", 2, "%s: a second %s result for %s %s", argv[i], is_cosim ? "cosim" : "area", block,
			       config);
		if (is_cosim)
			r->cosim = j, r->cosim_txt = t;
		else
			r->area = j, r->area_txt = t;
		if (!r->dir[0])
			dir_of(argv[i], r->dir, sizeof r->dir);
	}
	if (!dir || nres == 0)
		wg_die("report", 2, "usage: warpgen report -o DIR RESULT.json... (at least one cosim or area result)");
	/* steps.json given by name go to the configuration of their folder; then look beside each result */
	for (int k = 0; k < ns; k++) {
		int hit = 0;
		for (int i = 0; i < n; i++)
			if (rows[i].dir[0] && strcmp(rows[i].dir, sdirs[k]) == 0)
				rows[i].steps = sdocs[k], hit = 1;
		if (!hit)
			wg_die("report", 2, "%s/steps.json: no cosim or area result in the same folder", sdirs[k]);
	}
	for (int i = 0; i < n; i++) {
		row *r = &rows[i];
		char path[4200 + 128];
		if (!r->dir[0])
			continue;
		if (!r->steps) {
			snprintf(path, sizeof path, "%s/steps.json", r->dir);
			r->steps = load(&fs, path, 1, NULL);
		}
		if (!r->man) {
			snprintf(path, sizeof path, "%s/rtl/%s.manifest.json", r->dir, r->block);
			const wg_json *m = load(&fs, path, 1, NULL);
			if (m)
				attach_manifest(r, m, path);
		}
	}
	for (int i = 0; i < n; i++)
		rows[i].f = figures_of(&rows[i]);

	wg_papers_cfg pc[MAX_ROWS];
	for (int i = 0; i < n; i++)
		pc[i] = (wg_papers_cfg){rows[i].block, rows[i].config, rows[i].cosim, rows[i].area, rows[i].man};
	wg_buf txt = {0}, md = {0}, js = {0}, pmd = {0}, pjs = {0};
	if (wg_papers(&pmd, &pjs, pc, n, err, sizeof err) != 0)
		wg_die("report", 2, "%s", err);
	if (wg_mkdirs(dir, err, sizeof err) != 0)
		wg_die("report", 2, "output folder (-o): %s", err);

	txt_table(&txt, rows, n);
	fputs(txt.s, stdout);
	wg_buf_printf(&md, "# warpgen report\n\n");
	wg_buf_printf(&md, "Generated by warpgen %s from %d result files. Equivalence: every output bit of the "
			   "generated RTL equals the C model's every cycle (cycles and seed of the run). Events: the energy "
			   "events counted by the C model equal those the RTL reports. E/E_without: dynamic energy of the run "
			   "divided by the energy of the same accesses in a design without the block, as its energy rules "
			   "define it (for the RFC: every register access goes to the MRF, spec §5.3; random stimulus, not the "
			   "paper's workloads). pJ/cycle: n/g when the papers give no energy for any of the block's events "
			   "(the two-level scheduler), a trailing + when they give none for some of them (counted, "
			   "priced 0: power_tables/, kind not-given). Flop check: Yosys flip-flop bits equal the "
			   "predicted storage bits. Gates: Yosys generic cells (flip-flops included); area and leakage "
			   "from the Liberty file when `warpgen area` had one (OSU 0.18 um by default).\n\n",
		      WARPGEN_VERSION, nres);
	md_table(&md, rows, n);
	md_energy(&md, rows, n);
	md_steps(&md, rows, n);
	wg_buf_put(&md, pmd.s, pmd.len);
	json_report(&js, rows, n, pjs.s);
	char path[4200];
	snprintf(path, sizeof path, "%s/report.md", dir);
	if (wg_write_atomic(path, md.s, md.len, err, sizeof err) != 0)
		wg_die("report", 2, "%s", err);
	snprintf(path, sizeof path, "%s/report.json", dir);
	if (wg_write_atomic(path, js.s, js.len, err, sizeof err) != 0)
		wg_die("report", 2, "%s", err);
	printf("report: %s/report.md, %s/report.json\n", dir, dir);
	for (int i = 0; i < n; i++) {
		if ((rows[i].cosim && (strcmp(verdict(&rows[i]), "PASS") != 0 || !rows[i].f.events_agree ||
				       !rows[i].f.energy_ok)) ||
		    (rows[i].area && strcmp(flop_check(&rows[i]), "ok") != 0))
			bad = 1;
	}
	wg_buf_free(&txt);
	wg_buf_free(&md);
	wg_buf_free(&js);
	wg_buf_free(&pmd);
	wg_buf_free(&pjs);
	for (int i = 0; i < fs.n; i++) {
		wg_json_free(fs.doc[i]);
		free(fs.text[i]);
	}
	return bad;
}
