/* wg_ptable.c - TSV power-table loader with file:line errors. */
#include "wg_ptable.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_root.h"

static const char *const kind_names[] = {"stated", "derived", "assumed", "not-given"};
#define NKINDS 4
static const char *const col_names[WG_PTABLE_NCOLS] = {
	"structure", "quantity", "value", "unit", "node", "voltage", "source", "kind", "derivation"};

const char *wg_kind_name(wg_kind k)
{
	return (unsigned)k < (unsigned)NKINDS ? kind_names[k] : "?";
}

void wg_ptable_path(const char *name, char *buf, size_t n)
{
	snprintf(buf, n, "%s/power_tables/%s", wg_root(), name);
}

int wg_ptable_load_name(wg_ptable *t, const char *name, char *err, size_t n)
{
	char path[4096];
	wg_ptable_path(name, path, sizeof path);
	return wg_ptable_load(t, path, err, n);
}

/* A whole-string finite number. */
static int parse_num(const char *s, double *v)
{
	char *end;
	if (!*s)
		return -1;
	errno = 0;
	double x = strtod(s, &end);
	if (*end != '\0' || errno || !isfinite(x))
		return -1;
	*v = x;
	return 0;
}

static int is_blank(const char *s)
{
	for (; *s; s++)
		if (*s != ' ' && *s != '\t')
			return 0;
	return 1;
}

void wg_ptable_free(wg_ptable *t)
{
	free(t->path);
	free(t->text);
	free(t->rows);
	memset(t, 0, sizeof *t);
}

static int fail(wg_ptable *t, char *err, size_t n, const char *name, int line, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
static int fail(wg_ptable *t, char *err, size_t n, const char *name, int line, const char *fmt, ...)
{
	char msg[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (line > 0)
		snprintf(err, n, "%s:%d: %s", name, line, msg);
	else
		snprintf(err, n, "%s: %s", name, msg);
	wg_ptable_free(t);
	return -1;
}

int wg_ptable_parse(wg_ptable *t, const char *name, const char *text, char *err, size_t n)
{
	memset(t, 0, sizeof *t);
	size_t len = strlen(text);
	t->path = malloc(strlen(name) + 1);
	t->text = malloc(len + 1);
	if (!t->path || !t->text) {
		snprintf(err, n, "%s: out of memory", name);
		wg_ptable_free(t);
		return -1;
	}
	strcpy(t->path, name);
	memcpy(t->text, text, len + 1);
	int cap = 0, have_header = 0, line = 0;
	char *s = t->text;
	while (*s) {
		char *nl = strchr(s, '\n');
		char *next = nl ? nl + 1 : s + strlen(s);
		if (nl)
			*nl = '\0';
		line++;
		size_t l = strlen(s);
		if (l && s[l - 1] == '\r')
			s[--l] = '\0';
		if (s[0] == '#' || is_blank(s)) {
			s = next;
			continue;
		}
		if (!have_header) {
			if (strcmp(s, WG_PTABLE_HEADER) != 0)
				return fail(t, err, n, name, line, "expected the header line '%s'",
					    "structure<TAB>quantity<TAB>value<TAB>unit<TAB>node<TAB>voltage<TAB>source<TAB>kind<TAB>derivation");
			have_header = 1;
			s = next;
			continue;
		}
		char *col[WG_PTABLE_NCOLS];
		int nc = 0;
		for (char *c = s;; nc++) {
			char *tab = strchr(c, '\t');
			if (nc < WG_PTABLE_NCOLS)
				col[nc] = c;
			if (!tab) {
				nc++;
				break;
			}
			*tab = '\0';
			c = tab + 1;
		}
		if (nc != WG_PTABLE_NCOLS)
			return fail(t, err, n, name, line, "expected %d tab-separated columns, found %d", WG_PTABLE_NCOLS, nc);
		for (int k = 0; k < WG_PTABLE_NCOLS; k++)
			if (k != 8 && is_blank(col[k]))
				return fail(t, err, n, name, line, "empty %s column", col_names[k]);
		wg_prow r = {0};
		r.structure = col[0];
		r.quantity = col[1];
		r.unit = col[3];
		r.node = col[4];
		r.voltage = col[5];
		r.source = col[6];
		r.derivation = col[8];
		r.line = line;
		double volt;
		if (strcmp(col[5], "-") != 0 && parse_num(col[5], &volt) != 0)
			return fail(t, err, n, name, line, "voltage '%s' is neither a number of volts nor '-'", col[5]);
		int kind = -1;
		for (int k = 0; k < NKINDS; k++)
			if (strcmp(col[7], kind_names[k]) == 0)
				kind = k;
		if (kind < 0)
			return fail(t, err, n, name, line,
				    "unknown kind '%s' (expected stated, derived, assumed or not-given)", col[7]);
		r.kind = (wg_kind)kind;
		if (r.kind == WG_KIND_NOT_GIVEN) {
			if (strcmp(col[2], "-") != 0)
				return fail(t, err, n, name, line, "not-given row %s has value '%s' (expected '-')",
					    col[0], col[2]);
		} else if (parse_num(col[2], &r.value) != 0) {
			return fail(t, err, n, name, line, "value '%s' is not a number", col[2]);
		}
		if (r.kind != WG_KIND_STATED && (is_blank(col[8]) || strcmp(col[8], "-") == 0))
			return fail(t, err, n, name, line, "%s row %s has no derivation (say how it was obtained)",
				    kind_names[kind], col[0]);
		if (is_blank(col[8]))
			r.derivation = "-";
		const wg_prow *dup = wg_ptable_find(t, r.structure, r.quantity);
		if (dup)
			return fail(t, err, n, name, line, "duplicate row '%s %s' (first at line %d)", r.structure,
				    r.quantity, dup->line);
		if (t->nrows == cap) {
			cap = cap ? 2 * cap : 64;
			wg_prow *nr = realloc(t->rows, (size_t)cap * sizeof *nr);
			if (!nr)
				return fail(t, err, n, name, line, "out of memory");
			t->rows = nr;
		}
		t->rows[t->nrows++] = r;
		s = next;
	}
	if (!have_header)
		return fail(t, err, n, name, 0, "empty table: no header line");
	return 0;
}

int wg_ptable_load(wg_ptable *t, const char *path, char *err, size_t n)
{
	memset(t, 0, sizeof *t);
	char *text = wg_read_file(path, NULL, err, n);
	if (!text)
		return -1;
	int rc = wg_ptable_parse(t, path, text, err, n);
	free(text);
	return rc;
}

const wg_prow *wg_ptable_find(const wg_ptable *t, const char *structure, const char *quantity)
{
	for (int i = 0; i < t->nrows; i++)
		if (strcmp(t->rows[i].structure, structure) == 0 && strcmp(t->rows[i].quantity, quantity) == 0)
			return &t->rows[i];
	return NULL;
}

const wg_prow *wg_ptable_need(const wg_ptable *t, const char *structure, const char *quantity, char *err, size_t n)
{
	const wg_prow *r = wg_ptable_find(t, structure, quantity);
	if (!r)
		snprintf(err, n, "%s: no row '%s %s' (needed by the energy model)", t->path, structure, quantity);
	return r;
}

const wg_prow *wg_ptable_need_num(const wg_ptable *t, const char *structure, const char *quantity, char *err,
				  size_t n)
{
	const wg_prow *r = wg_ptable_need(t, structure, quantity, err, n);
	if (r && r->kind == WG_KIND_NOT_GIVEN) {
		snprintf(err, n, "%s:%d: %s %s must hold a number", t->path, r->line, structure, quantity);
		return NULL;
	}
	return r;
}

int wg_ptable_num(const wg_ptable *t, const char *structure, const char *quantity, double *v, char *err, size_t n)
{
	const wg_prow *r = wg_ptable_need_num(t, structure, quantity, err, n);
	if (!r)
		return -1;
	*v = r->value;
	return 0;
}

double wg_ptable_val(const wg_ptable *t, const char *structure, const char *quantity, char *err, size_t n)
{
	char e[512];
	const wg_prow *r = wg_ptable_need_num(t, structure, quantity, e, sizeof e);
	if (r)
		return r->value;
	if (n && !err[0])
		snprintf(err, n, "%s", e);
	return NAN;
}
