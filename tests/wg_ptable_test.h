/* wg_ptable_test.h - the energy tests' power-table helpers: a row checked
 * for its value and kind, and the shipped table parsed with one line
 * replaced or deleted (to test the file:line errors). Include after
 * wg_check.h. */
#ifndef WG_PTABLE_TEST_H
#define WG_PTABLE_TEST_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_check.h"
#include "wg_desc.h"
#include "wg_energy.h"
#include "wg_ptable.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9 * (1 + fabs(b)))

/* The text of the table at path with the line starting with key replaced by
 * repl (NULL: deleted). Caller frees. */
static inline char *wg_pt_edited(const char *path, const char *key, const char *repl)
{
	char *s = wg_read_file(path, NULL, NULL, 0);
	CHECK(s != NULL);
	if (!s)
		return NULL;
	char *at = strstr(s, key);
	while (at && at != s && at[-1] != '\n')
		at = strstr(at + 1, key);
	CHECK(at != NULL);
	if (!at) {
		free(s);
		return NULL;
	}
	char *eol = strchr(at, '\n');
	size_t need = strlen(s) + (repl ? strlen(repl) : 0) + 2;
	char *o = malloc(need);
	snprintf(o, need, "%.*s%s%s", (int)(at - s), s, repl ? repl : "", eol ? (repl ? eol : eol + 1) : "");
	free(s);
	return o;
}

/* wg_ptable_parse of wg_pt_edited(path, key, repl), named path; -2 when the
 * edit failed (already counted as a failed check). */
static inline int wg_pt_parse_edited(wg_ptable *t, const char *path, const char *key, const char *repl, char *err,
				     size_t n)
{
	char *o = wg_pt_edited(path, key, repl);
	if (!o)
		return -2;
	int rc = wg_ptable_parse(t, path, o, err, n);
	free(o);
	return rc;
}

/* Row (s, q) of t, checked: present, of kind k, value v (0 when not given).
 * NULL when missing. */
static inline const wg_prow *wg_pt_row(const wg_ptable *t, const char *s, const char *q, double v, wg_kind k)
{
	const wg_prow *r = wg_ptable_find(t, s, q);
	CHECK(r != NULL);
	if (!r) {
		printf("  missing row %s %s\n", s, q);
		return NULL;
	}
	int ok_v = k == WG_KIND_NOT_GIVEN ? r->value == 0 : NEAR(r->value, v);
	CHECK(ok_v);
	CHECK(r->kind == k);
	if (!ok_v || r->kind != k)
		printf("  row %s %s = %g (%s), expected %g (%s)\n", s, q, r->value, wg_kind_name(r->kind), v,
		       wg_kind_name(k));
	return r;
}

/* Loads the table at path into t: one check; the error printed. 0 when
 * loaded (free t then). */
static inline int wg_pt_load(wg_ptable *t, const char *path)
{
	char err[512];
	int rc = wg_ptable_load(t, path, err, sizeof err);
	CHECK(rc == 0);
	if (rc)
		printf("  %s\n", err);
	return rc;
}

/* The line of row (s, q) in the table at path; 0 when it cannot be read or
 * has no such row (no check counted). */
static inline int wg_pt_line(const char *path, const char *s, const char *q)
{
	wg_ptable t;
	char err[512];
	int line = 0;
	if (wg_ptable_load(&t, path, err, sizeof err) == 0) {
		const wg_prow *r = wg_ptable_find(&t, s, q);
		line = r ? r->line : 0;
		wg_ptable_free(&t);
	}
	return line;
}

/* A block's energy model from a table (the signature of the *_energy_model
 * functions of the power_tables/<block>_energy.h headers). */
typedef int (*wg_pt_model_fn)(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
			      size_t n);

/* Block b's model fn (default parameters) refuses the table at path with the
 * line starting with key replaced by repl (NULL: deleted): two checks, the
 * error starts with want. One failed check when b is NULL or the edited
 * table does not parse. */
static inline void wg_pt_model_refuses(const char *path, const char *key, const char *repl, const wg_block *b,
				       wg_pt_model_fn fn, const char *want)
{
	wg_ptable t;
	char err[512];
	if (!b || wg_pt_parse_edited(&t, path, key, repl, err, sizeof err) != 0) {
		CHECK(0);
		return;
	}
	wg_energy_model m;
	long p[WG_MAX_PARAMS];
	memset(&m, 0, sizeof m);
	wg_params_default(b, p);
	CHECK(fn(&m, &t, b, p, err, sizeof err) == -1);
	CHECK(strstr(err, want) == err);
	if (strstr(err, want) != err)
		printf("  got: %s\n  want: %s\n", err, want);
	wg_ptable_free(&t);
}

#endif
