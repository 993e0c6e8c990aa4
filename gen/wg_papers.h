/* wg_papers.h - the report's "Papers" section: the project's figures beside the
 * papers' for the same configuration (storage bits, and each block's own
 * comparisons: gen/<block>_papers.c, wg_papers_def.h), with the ratio and why
 * they differ. The papers' numbers come from power_tables/ (*.tsv) through
 * the loader. */
#ifndef WG_PAPERS_H
#define WG_PAPERS_H

#include <stddef.h>

#include "wg_buf.h"
#include "wg_json.h"

typedef struct wg_papers_cfg {
	const char *block;        /* block name */
	const char *config;       /* configuration, as `warpgen` names it */
	const wg_json *cosim;     /* `warpgen cosim --json` result, or NULL */
	const wg_json *area;      /* `warpgen area --json` result, or NULL */
	const wg_json *manifest;  /* BLOCK.manifest.json of `warpgen gen`, or NULL */
} wg_papers_cfg;

/* Append the section to md (Markdown, "## Papers ...") and its data to js (one
 * JSON object). Returns 0, or -1 with a one-line message (a power table that
 * does not load or lacks a row names the file and the row). */
int wg_papers(wg_buf *md, wg_buf *js, const wg_papers_cfg *c, int n, char *err, size_t en);

#endif
