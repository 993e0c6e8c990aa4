/* cmd_report.c - `warpgen report -o DIR RESULT.json...`: merge the JSON results
 * of `warpgen cosim --json` and `warpgen area --json` per configuration into one
 * summary: a table on stdout, DIR/report.json and DIR/report.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_cmds.h"
#include "wg_gen.h"
#include "wg_json.h"

#define MAX_ROWS 64

typedef struct figures {
	double cycles;         /* co-simulated cycles */
	double pj_per_cycle;   /* energy per cycle (= mW at 1 GHz) */
	double norm;           /* dynamic energy / the same accesses without the block, or -1 */
	int events_agree;      /* every event count equal in C model and RTL */
	int not_given;         /* events the papers give no energy for (priced 0) */
	int nevents;           /* events of the block */
} figures;

typedef struct row {
	char block[64];        /* block name */
	char config[512];      /* configuration, as people read it */
	const wg_json *cosim;  /* `warpgen cosim --json` result, or NULL */
	const wg_json *area;   /* `warpgen area --json` result, or NULL */
	const char *cosim_txt; /* their texts, embedded verbatim in report.json */
	const char *area_txt;
	figures f;             /* derived from cosim, once all files are read */
} row;

static figures figures_of(const row *r)
{
	figures f = {0, 0, -1, 1, 0, 0};
	if (!r->cosim)
		return f;
	f.cycles = wg_json_num(wg_json_get(r->cosim, "cycles"), 0);
	if (f.cycles > 0)
		f.pj_per_cycle = wg_json_num(wg_json_path(r->cosim, "energy_pj.total"), 0) / f.cycles;
	const wg_json *ev = wg_json_get(r->cosim, "events");
	for (int i = 0; ev && i < ev->n; i++)
		if (wg_json_num(wg_json_get(&ev->kids[i], "c_model"), -1) !=
		    wg_json_num(wg_json_get(&ev->kids[i], "rtl"), -2))
			f.events_agree = 0;
	f.nevents = ev ? ev->n : 0;
	f.not_given = (int)wg_json_num(wg_json_path(r->cosim, "energy_pj.events_not_given"), 0);
	double base = wg_json_num(wg_json_path(r->cosim, "energy_pj.baseline"), 0);
	if (base > 0) /* the block's energy rules define the design without it */
		f.norm = wg_json_num(wg_json_path(r->cosim, "energy_pj.dynamic"), 0) / base;
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

/* One line per configuration; md selects the Markdown table. */
static void table(wg_buf *o, const row *rows, int n, int md)
{
	const char *h[] = {"block", "config", "equivalence", "cycles", "events C==RTL", "pJ/cycle", "E/E_without",
			   "flop bits", "flop check", "transistors", "area um^2", "leakage nW"};
	if (md) {
		wg_buf_printf(o, "|");
		for (size_t i = 0; i < sizeof h / sizeof h[0]; i++)
			wg_buf_printf(o, " %s |", h[i]);
		wg_buf_printf(o, "\n|");
		for (size_t i = 0; i < sizeof h / sizeof h[0]; i++)
			wg_buf_printf(o, "---|");
		wg_buf_printf(o, "\n");
	} else {
		wg_buf_printf(o, "%-7s %-34s %-6s %9s %6s %9s %6s %9s %5s %11s %12s %10s\n", "block", "config", "equiv",
			      "cycles", "events", "pJ/cycle", "E/Ebase", "flops", "check", "transistors", "area um^2",
			      "leak nW");
	}
	for (int i = 0; i < n; i++) {
		const row *r = &rows[i];
		const figures f = r->f;
		double flops = wg_json_num(wg_json_get(r->area, "flop_bits"), -1);
		double tr = wg_json_num(wg_json_get(r->area, "transistors"), -1);
		double um2 = wg_json_num(wg_json_get(r->area, "area_um2"), -1);
		double leak = wg_json_num(wg_json_get(r->area, "leakage_nw"), -1);
		char cyc[32], pjc[32], norm[32], fl[32], trs[32], ar[32], lk[32];
		snprintf(cyc, sizeof cyc, r->cosim ? "%.0f" : "-", f.cycles);
		if (r->cosim && f.nevents > 0 && f.not_given == f.nevents)
			snprintf(pjc, sizeof pjc, "n/g"); /* the papers price none of its events */
		else if (r->cosim && f.not_given > 0)
			snprintf(pjc, sizeof pjc, "%.1f+", f.pj_per_cycle); /* + the events not given */
		else
			snprintf(pjc, sizeof pjc, r->cosim ? "%.1f" : "-", f.pj_per_cycle);
		snprintf(norm, sizeof norm, f.norm >= 0 ? "%.3f" : "-", f.norm);
		snprintf(fl, sizeof fl, flops >= 0 ? "%.0f" : "-", flops);
		snprintf(trs, sizeof trs, tr >= 0 ? "%.0f" : "-", tr);
		snprintf(ar, sizeof ar, um2 >= 0 ? "%.0f" : "-", um2);
		snprintf(lk, sizeof lk, leak >= 0 ? "%.1f" : "-", leak);
		const char *agree = r->cosim ? (f.events_agree ? "yes" : "NO") : "-";
		if (md)
			wg_buf_printf(o, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r->block,
				      r->config, verdict(r), cyc, agree, pjc, norm, fl, flop_check(r), trs, ar, lk);
		else
			wg_buf_printf(o, "%-7s %-34s %-6s %9s %6s %9s %6s %9s %5s %11s %12s %10s\n", r->block,
				      r->config, verdict(r), cyc, agree, pjc, norm, fl, flop_check(r), trs, ar, lk);
	}
}

static void json_report(wg_buf *o, const row *rows, int n)
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
			wg_buf_printf(o, ", \"events_agree\": %s, \"pj_per_cycle\": %.6g", f.events_agree ? "true" : "false",
				      f.pj_per_cycle);
		else
			wg_buf_printf(o, ", \"events_agree\": null, \"pj_per_cycle\": null");
		wg_buf_printf(o, ", \"energy_vs_without_block\": ");
		if (f.norm >= 0)
			wg_buf_printf(o, "%.6g", f.norm);
		else
			wg_buf_printf(o, "null");
		wg_buf_printf(o, ", \"flop_check\": ");
		wg_buf_json_str(o, flop_check(r));
		wg_buf_printf(o, "},\n     \"cosim\": %s,\n     \"area\": %s}", r->cosim_txt ? r->cosim_txt : "null",
			      r->area_txt ? r->area_txt : "null");
	}
	wg_buf_printf(o, "\n  ]\n}\n");
}

int wg_cmd_report(int argc, char **argv)
{
	const char *dir = NULL;
	char err[512];
	row rows[MAX_ROWS];
	int n = 0, nfiles = 0, bad = 0;
	wg_json *docs[2 * MAX_ROWS];
	char *texts[2 * MAX_ROWS];
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			printf("usage: warpgen report -o DIR RESULT.json...\n"
			       "merges `warpgen cosim --json` and `warpgen area --json` results per configuration\n"
			       "into a table on stdout, DIR/report.json and DIR/report.md\n");
			return 0;
		}
		if (strcmp(argv[i], "-o") == 0) {
			if (++i == argc)
				wg_die("report", 2, "-o needs a value");
			dir = argv[i];
			continue;
		}
		if (nfiles == 2 * MAX_ROWS)
			wg_die("report", 2, "at most %d result files", 2 * MAX_ROWS);
		char *t = wg_read_file(argv[i], NULL, err, sizeof err);
		if (!t)
			wg_die("report", 2, "%s", err);
		wg_json *j = wg_json_parse(t, err, sizeof err);
		if (!j)
			wg_die("report", 2, "%s: %s", argv[i], err);
		docs[nfiles] = j;
		texts[nfiles++] = t;
		const char *block = wg_json_str(wg_json_get(j, "block"), NULL);
		const char *config = wg_json_str(wg_json_get(j, "config"), NULL);
		int is_cosim = wg_json_get(j, "verdict") != NULL, is_area = wg_json_get(j, "flop_bits") != NULL;
		if (!block || !config || is_cosim == is_area)
			wg_die("report", 2, "%s: neither a `warpgen cosim --json` nor a `warpgen area --json` result",
			       argv[i]);
		row *r = find_row(rows, &n, block, config);
		if (!r)
			wg_die("report", 2, "more than %d configurations", MAX_ROWS);
		if (is_cosim ? r->cosim != NULL : r->area != NULL)
			wg_die("report", 2, "%s: a second %s result for %s %s", argv[i], is_cosim ? "cosim" : "area", block,
			       config);
		if (is_cosim)
			r->cosim = j, r->cosim_txt = t;
		else
			r->area = j, r->area_txt = t;
	}
	if (!dir || nfiles == 0)
		wg_die("report", 2, "usage: warpgen report -o DIR RESULT.json...");
	for (int i = 0; i < n; i++)
		rows[i].f = figures_of(&rows[i]);
	if (wg_mkdirs(dir, err, sizeof err) != 0)
		wg_die("report", 2, "output folder (-o): %s", err);

	wg_buf txt = {0}, md = {0}, js = {0};
	table(&txt, rows, n, 0);
	fputs(txt.s, stdout);
	wg_buf_printf(&md, "# warpgen report\n\n");
	wg_buf_printf(&md, "Generated by warpgen %s from %d result files. Equivalence: every output bit of the "
			   "generated RTL equals the C model's every cycle. Events: the energy events counted by the C "
			   "model equal those the RTL reports. E/E_without: dynamic energy of the run divided by the energy "
			   "of the same accesses in a design without the block, as its energy rules define it (for the "
			   "RFC: every register access goes to the MRF, spec §5.3; random stimulus, not the paper's "
			   "workloads). pJ/cycle: n/g when the papers give no energy for any of the block's events "
			   "(the two-level scheduler), a trailing + when they give none for some of them (counted, "
			   "priced 0: power_tables/, kind not-given). Flop check: Yosys flip-flop bits equal the "
			   "predicted storage bits.\n\n",
		      WARPGEN_VERSION, nfiles);
	table(&md, rows, n, 1);
	json_report(&js, rows, n);
	char path[4200];
	snprintf(path, sizeof path, "%s/report.md", dir);
	if (wg_write_atomic(path, md.s, md.len, err, sizeof err) != 0)
		wg_die("report", 2, "%s", err);
	snprintf(path, sizeof path, "%s/report.json", dir);
	if (wg_write_atomic(path, js.s, js.len, err, sizeof err) != 0)
		wg_die("report", 2, "%s", err);
	printf("report: %s/report.md, %s/report.json\n", dir, dir);
	for (int i = 0; i < n; i++) {
		if ((rows[i].cosim && (strcmp(verdict(&rows[i]), "PASS") != 0 || !rows[i].f.events_agree)) ||
		    (rows[i].area && strcmp(flop_check(&rows[i]), "ok") != 0))
			bad = 1;
	}
	wg_buf_free(&txt);
	wg_buf_free(&md);
	wg_buf_free(&js);
	for (int i = 0; i < nfiles; i++) {
		wg_json_free(docs[i]);
		free(texts[i]);
	}
	return bad;
}
