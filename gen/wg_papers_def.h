/* wg_papers_def.h - what a block declares for the report's "Papers" section
 * (wg_papers.h), and the helpers its comparisons use (wg_papers_rows.c). A
 * block defines `const wg_papers_def wg_papers_<block>` in its own file
 * (gen/<block>_papers.c); wg_papers_registry.c finds it through the generated
 * block list and wg_papers.c assembles the section. The section has one
 * shared table, storage bits, and after it each block's own section, in the
 * order of the block list. */
#ifndef WG_PAPERS_DEF_H
#define WG_PAPERS_DEF_H

#include <stddef.h>

#include "wg_buf.h"
#include "wg_json.h"
#include "wg_papers.h"
#include "wg_ptable.h"

/* A block's own section as collected. */
typedef struct wg_papers_own {
	wg_buf md; /* rows of its comparison table, Markdown */
	wg_buf js; /* its JSON array body: those rows, or what its free-form section wrote */
} wg_papers_own;

/* The state of one `wg_papers` call: the rows collected so far. */
typedef struct wg_papers_ctx {
	wg_buf st_md;       /* rows of the shared storage table, Markdown */
	wg_buf st_js;       /* the same rows, JSON array body */
	wg_papers_own *own; /* one per block, in block-list order */
	int cur;            /* index of the block whose rows are being added */
	int failed;         /* a row was missing: err holds the first message */
	char *err;          /* message buffer of the caller */
	size_t en;          /* its size */
} wg_papers_ctx;

/* A block's part in the shared storage table (all 0: none). */
typedef struct wg_papers_storage {
	int order;         /* place in the table's heading and hint, lower first; 0: the block adds no storage row */
	const char *title; /* its name in the heading ("APOGEE"); NULL: named by another block's title */
	const char *when;  /* the configurations it compares, for the hint; NULL: "the default" */
} wg_papers_storage;

typedef struct wg_papers_def {
	const char *table;         /* the power table its comparisons read (under power_tables/) */
	wg_papers_storage storage; /* its part in the shared storage table */
	/* Add the rows of configuration c of this block (any of c's results may be NULL). */
	void (*rows)(wg_papers_ctx *x, const wg_ptable *t, const wg_papers_cfg *c);
	const char *key;   /* JSON key of its own section; NULL: none */
	const char *title; /* heading of its own comparison table (rows WG_PAPERS_OWN); NULL: none */
	const char *none;  /* that table's text when no row was added */
	/* Or a free-form own section, run once after the tables (not once a row has failed):
	 * Markdown to md, the JSON array's body to js, over all results c[0..n). Returns 0,
	 * or -1 with x->err. */
	int (*section)(wg_papers_ctx *x, const wg_ptable *t, wg_buf *md, wg_buf *js, const wg_papers_cfg *c, int n);
} wg_papers_def;

/* Every block's declaration, one per block of wg_blocks() in its order (*n of
 * them), NULL where a block declares none. */
const wg_papers_def *const *wg_papers_defs(int *n);

/* ---- helpers for the blocks' comparisons (wg_papers_rows.c) ---- */

/* Where a comparison row goes. */
typedef enum wg_papers_where {
	WG_PAPERS_STORAGE, /* the shared storage table */
	WG_PAPERS_OWN,     /* the block's own comparison table */
} wg_papers_where;

/* Value of row (s, q) of t, its "file:line kind" into src; 0 and x->failed when
 * the row is missing or not-given. */
double wg_papers_val(wg_papers_ctx *x, const wg_ptable *t, const char *s, const char *q, char *src, size_t sn);
/* One comparison: paper value pv (source psrc) beside ours, ratio ours / paper;
 * nothing when ours < 0 (the result lacks it). why NULL or "": "equal: the same
 * arithmetic" when equal, else "-". */
void wg_papers_row(wg_papers_ctx *x, wg_papers_where w, const char *paper, const char *what, const wg_papers_cfg *c,
		   double pv, const char *psrc, double ours, const char *unit, const char *why);
/* 1 when c is the block's default configuration. */
int wg_papers_is_default(const wg_papers_cfg *c);
/* The storage parts of manifest m, or of its instance inst (NULL: the block's own). */
const wg_json *wg_papers_parts(const wg_json *m, const char *inst);
/* Bits of the parts whose name starts with prefix (NULL: all), only those with a
 * paper reference when paper_only; -1 when none matched. */
double wg_papers_bits(const wg_json *parts, const char *prefix, int paper_only);
/* "we add B b that <who> does not count: name bits, ..." into o: the parts of
 * parts[0..np) without a paper reference. */
void wg_papers_additions(wg_buf *o, const wg_json *const *parts, int np, const char *who);
/* Parameter `name` of c (from its cosim, area or manifest result); -1 when none gives it. */
double wg_papers_param(const wg_papers_cfg *c, const char *name);
/* Technology node of an area result's Liberty file, nm, and its name in *name
 * (0 and "?": unknown). */
double wg_papers_lib_node(const wg_json *area, const char **name);

#endif
