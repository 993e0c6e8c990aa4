/* wg_papers.c - the report's "Papers" section (wg_papers.h): loads the power
 * tables the blocks' comparisons read, gives each result configuration to its
 * block's declaration (wg_papers_def.h, found through wg_papers_registry.c),
 * and assembles the Markdown and the JSON: the shared storage table, then
 * each block's own section in the order of the block list. Every paper
 * number is a power_tables/ row. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_desc.h"
#include "wg_papers.h"
#include "wg_papers_def.h"
#include "wg_ptable.h"

#define PP_MAX_TABLES 16 /* distinct power tables the declarations read */

/* The power tables, each loaded once. */
typedef struct pp_tables {
	const char *name[PP_MAX_TABLES]; /* file under power_tables/ */
	wg_ptable t[PP_MAX_TABLES];      /* its rows */
	int n;                           /* tables loaded */
} pp_tables;

/* The loaded table `name`, or NULL (none loaded, or name NULL). */
static const wg_ptable *pp_table(const pp_tables *ts, const char *name)
{
	for (int i = 0; name && i < ts->n; i++)
		if (strcmp(ts->name[i], name) == 0)
			return &ts->t[i];
	return NULL;
}

static void pp_tables_free(pp_tables *ts)
{
	for (int i = 0; i < ts->n; i++)
		wg_ptable_free(&ts->t[i]);
	ts->n = 0;
}

/* Every table a declaration names, in the order of the block list. */
static int pp_tables_load(pp_tables *ts, const wg_papers_def *const *defs, int nb, char *err, size_t en)
{
	for (int i = 0; i < nb; i++) {
		if (!defs[i] || !defs[i]->table || pp_table(ts, defs[i]->table))
			continue;
		if (ts->n == PP_MAX_TABLES) {
			snprintf(err, en, "papers: more than %d power tables", PP_MAX_TABLES);
			pp_tables_free(ts);
			return -1;
		}
		char path[4200];
		wg_ptable_path(defs[i]->table, path, sizeof path);
		if (wg_ptable_load(&ts->t[ts->n], path, err, en) != 0) {
			pp_tables_free(ts);
			return -1;
		}
		ts->name[ts->n++] = defs[i]->table;
	}
	return 0;
}

/* The next block with storage rows after block prev (-1: the first), by storage
 * order, ties in block-list order; -1 after the last. */
static int pp_storage_next(const wg_papers_def *const *defs, int nb, int prev)
{
	int best = -1;
	for (int i = 0; i < nb; i++) {
		const wg_papers_def *d = defs[i];
		if (!d || d->storage.order <= 0)
			continue;
		if (prev >= 0 && (d->storage.order < defs[prev]->storage.order ||
				  (d->storage.order == defs[prev]->storage.order && i <= prev)))
			continue; /* not after prev */
		if (best < 0 || d->storage.order < defs[best]->storage.order)
			best = i;
	}
	return best;
}

/* "### Storage bits (titles)" and the rows, or the hint naming what the blocks compare. */
static void pp_storage_md(wg_buf *md, const wg_papers_ctx *x, const wg_papers_def *const *defs,
			  const wg_block *const *blocks, int nb, const char *head)
{
	int first = 1;
	wg_buf_printf(md, "### Storage bits (");
	for (int i = pp_storage_next(defs, nb, -1); i >= 0; i = pp_storage_next(defs, nb, i))
		if (defs[i]->storage.title) {
			wg_buf_printf(md, "%s%s", first ? "" : ", ", defs[i]->storage.title);
			first = 0;
		}
	wg_buf_printf(md, ")\n\n");
	if (x->st_md.len) {
		wg_buf_printf(md, "%s%s", head, x->st_md.s);
		return;
	}
	wg_buf_printf(md, "No manifest of a configuration the papers size (");
	first = 1;
	for (int i = pp_storage_next(defs, nb, -1); i >= 0; i = pp_storage_next(defs, nb, i))
		if (!defs[i]->storage.when) {
			wg_buf_printf(md, "%s%s", first ? "the default of " : ", ", blocks[i]->name);
			first = 0;
		}
	for (int i = pp_storage_next(defs, nb, -1); i >= 0; i = pp_storage_next(defs, nb, i))
		if (defs[i]->storage.when) {
			wg_buf_printf(md, "%s%s", first ? "" : "; ", defs[i]->storage.when);
			first = 0;
		}
	wg_buf_printf(md, "): run `warpgen gen BLOCK -o DIR/rtl` beside the results.\n");
}

/* Each block's own section, in block-list order: a comparison table of its rows,
 * or a free-form section (not run once a row has failed). Returns 0 or -1. */
static int pp_own_md(wg_buf *md, wg_papers_ctx *x, const wg_papers_def *const *defs, int nb, const pp_tables *ts,
		     const char *head, const wg_papers_cfg *c, int n)
{
	int rc = x->failed ? -1 : 0;
	for (int i = 0; i < nb; i++) {
		const wg_papers_def *d = defs[i];
		if (!d || !d->key)
			continue;
		if (d->title) {
			wg_buf_printf(md, "\n### %s\n\n", d->title);
			if (x->own[i].md.len)
				wg_buf_printf(md, "%s%s", head, x->own[i].md.s);
			else
				wg_buf_printf(md, "%s", d->none ? d->none : "");
		}
		x->cur = i;
		if (d->section && rc == 0)
			rc = d->section(x, pp_table(ts, d->table), md, &x->own[i].js, c, n);
	}
	return rc == 0 && x->failed ? -1 : rc;
}

int wg_papers(wg_buf *md, wg_buf *js, const wg_papers_cfg *c, int n, char *err, size_t en)
{
	int nb;
	const wg_block *const *blocks = wg_blocks(&nb);
	const wg_papers_def *const *defs = wg_papers_defs(&nb);
	pp_tables ts;
	memset(&ts, 0, sizeof ts);
	if (pp_tables_load(&ts, defs, nb, err, en) != 0)
		return -1;
	wg_papers_ctx x;
	memset(&x, 0, sizeof x);
	x.err = err, x.en = en;
	x.own = calloc((size_t)nb + 1, sizeof *x.own);
	if (!x.own) {
		snprintf(err, en, "papers: out of memory");
		pp_tables_free(&ts);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		const wg_block *b = wg_block_find(c[i].block);
		x.cur = b ? wg_block_index(b) : -1;
		if (x.cur >= 0 && defs[x.cur] && defs[x.cur]->rows)
			defs[x.cur]->rows(&x, pp_table(&ts, defs[x.cur]->table), &c[i]);
	}
	const char *head = "| paper | what | block, config | paper | ours | ratio ours/paper | unit | why they differ |\n"
			   "|---|---|---|---|---|---|---|---|\n";
	wg_buf_printf(md, "\n## Papers\n\nThe project's figures beside the papers' for the same configuration. Paper numbers "
			  "are rows of power_tables/*.tsv (file:line in report.json); ours come from the manifests' storage "
			  "parts (`warpgen gen`; Yosys counted the same flip-flops, flop check above), the co-simulation "
			  "results and the area results.\n\n");
	pp_storage_md(md, &x, defs, blocks, nb, head);
	int rc = pp_own_md(md, &x, defs, nb, &ts, head, c, n);
	wg_buf_printf(js, "{\n   \"storage\": [%s\n   ]", x.st_js.len ? x.st_js.s : "");
	for (int i = 0; i < nb; i++)
		if (defs[i] && defs[i]->key)
			wg_buf_printf(js, ",\n   \"%s\": [%s\n   ]", defs[i]->key, x.own[i].js.len ? x.own[i].js.s : "");
	wg_buf_printf(js, "}");
	for (int i = 0; i < nb; i++) {
		wg_buf_free(&x.own[i].md);
		wg_buf_free(&x.own[i].js);
	}
	free(x.own);
	wg_buf_free(&x.st_md);
	wg_buf_free(&x.st_js);
	pp_tables_free(&ts);
	return rc;
}
