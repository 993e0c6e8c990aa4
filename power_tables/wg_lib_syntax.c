/* wg_lib_syntax.c - Liberty syntax: arena, tokenizer (strings, comments, `\`
 * continuations), statement reader (attributes, complex attributes, groups),
 * numbers and units, with "FILE:LINE: reason" errors. See wg_lib_syntax.h. */
#include "wg_lib_syntax.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------------ arena */
typedef struct wg_lib_chunk {
	struct wg_lib_chunk *next; /* older chunk */
	size_t used, cap;          /* bytes used / available in data */
	max_align_t data[];        /* the memory */
} wg_lib_chunk;

struct wg_lib_arena {
	wg_lib_chunk *head; /* newest chunk */
};

wg_lib_arena *wg_lib_arena_new(void)
{
	return calloc(1, sizeof(wg_lib_arena));
}

void *wg_lib_arena_alloc(wg_lib_arena *a, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	if (!a->head || a->head->cap - a->head->used < n) {
		/* chunks grow from 64 KB to 1 MB: small snippets stay cheap */
		size_t want = a->head ? 2 * a->head->cap : ((size_t)1 << 16);
		if (want > ((size_t)1 << 20))
			want = (size_t)1 << 20;
		size_t cap = n > want ? n : want;
		wg_lib_chunk *c = malloc(sizeof *c + cap);
		if (!c)
			return NULL;
		c->next = a->head;
		c->used = 0;
		c->cap = cap;
		a->head = c;
	}
	void *p = (char *)a->head->data + a->head->used;
	a->head->used += n;
	memset(p, 0, n);
	return p;
}

void wg_lib_arena_free(wg_lib_arena *a)
{
	if (!a)
		return;
	for (wg_lib_chunk *c = a->head, *nx; c; c = nx) {
		nx = c->next;
		free(c);
	}
	free(a);
}

/* ------------------------------------------------------------------ lexer */
int wg_lib_fail(wg_lib_prs *P, int line, const char *fmt, ...)
{
	if (P->failed)
		return -1;
	P->failed = 1;
	int k = line > 0 ? snprintf(P->err, P->en, "%s:%d: ", P->name, line) : snprintf(P->err, P->en, "%s: ", P->name);
	if (k >= 0 && (size_t)k < P->en) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(P->err + k, P->en - (size_t)k, fmt, ap);
		va_end(ap);
	}
	for (char *c = P->err; *c; c++) /* one line, whatever the quoted text held */
		if (*c == '\n' || *c == '\r' || *c == '\t')
			*c = ' ';
	return -1;
}

/* A token for messages: 'word', "string", '(' or end of file. */
const char *wg_lib_tdesc(const wg_lib_tok *t, char *buf, size_t n)
{
	if (t->t == WG_LIB_T_EOF)
		snprintf(buf, n, "end of file");
	else if (t->t == WG_LIB_T_WORD)
		snprintf(buf, n, "'%.*s'", (int)(t->n > 40 ? 40 : t->n), t->p);
	else if (t->t == WG_LIB_T_STR) {
		size_t k = 0; /* up to 40 characters of the first line */
		while (k < t->n && k < 40 && t->p[k] != '\n' && t->p[k] != '\r')
			k++;
		snprintf(buf, n, "\"%.*s%s\"", (int)k, t->p, k < t->n ? "..." : "");
	}
	else
		snprintf(buf, n, "'%c'", t->t);
	return buf;
}

static int is_punct(int c)
{
	return c == '(' || c == ')' || c == '{' || c == '}' || c == ':' || c == ';' || c == ',' || c == '"';
}

/* Skip blanks, comments and `\` line continuations. */
static int skip_space(wg_lib_prs *P)
{
	for (;;) {
		const char *s = P->s;
		if (s >= P->end)
			return 0;
		if (*s == '\n') {
			P->line++;
			P->s++;
		} else if (isspace((unsigned char)*s)) {
			P->s++;
		} else if (*s == '/' && s + 1 < P->end && s[1] == '*') {
			int open = P->line;
			const char *q = s + 2;
			while (q + 1 < P->end && !(q[0] == '*' && q[1] == '/')) {
				if (*q == '\n')
					P->line++;
				q++;
			}
			if (q + 1 >= P->end)
				return wg_lib_fail(P, open, "unterminated comment (no '*/' before end of file)");
			P->s = q + 2;
		} else if (*s == '\\') {
			const char *q = s + 1;
			while (q < P->end && (*q == ' ' || *q == '\t' || *q == '\r'))
				q++;
			if (q < P->end && *q != '\n')
				return wg_lib_fail(P, P->line, "stray '\\' (a line continuation must end the line)");
			P->s = q;
		} else {
			return 0;
		}
	}
}

static int lex_raw(wg_lib_prs *P, wg_lib_tok *t)
{
	memset(t, 0, sizeof *t);
	if (skip_space(P))
		return -1;
	t->line = P->line;
	if (P->s >= P->end) {
		t->t = WG_LIB_T_EOF;
		return 0;
	}
	char c = *P->s;
	if (c == '"') {
		const char *q = P->s + 1;
		while (q < P->end && *q != '"') {
			if (*q == '\\' && q + 1 < P->end)
				q++;
			if (*q == '\n')
				P->line++;
			q++;
		}
		if (q >= P->end)
			return wg_lib_fail(P, t->line, "unterminated string (no closing '\"' before end of file)");
		t->t = WG_LIB_T_STR;
		t->p = P->s + 1;
		t->n = (size_t)(q - t->p);
		P->s = q + 1;
		return 0;
	}
	if (is_punct(c)) {
		t->t = c;
		t->p = P->s++;
		t->n = 1;
		return 0;
	}
	const char *q = P->s;
	while (q < P->end && !isspace((unsigned char)*q) && !is_punct(*q) && *q != '\\' &&
	       !(*q == '/' && q + 1 < P->end && q[1] == '*'))
		q++;
	t->t = WG_LIB_T_WORD;
	t->p = P->s;
	t->n = (size_t)(q - P->s);
	P->s = q;
	return 0;
}

static int peek(wg_lib_prs *P, wg_lib_tok *t)
{
	if (!P->has_la) {
		if (lex_raw(P, &P->la))
			return -1;
		P->has_la = 1;
	}
	*t = P->la;
	return 0;
}

static int lex(wg_lib_prs *P, wg_lib_tok *t)
{
	if (peek(P, t))
		return -1;
	P->has_la = 0;
	return 0;
}

int wg_lib_teq(const wg_lib_tok *t, const char *s)
{
	return t->n == strlen(s) && memcmp(t->p, s, t->n) == 0;
}

/* An optional ';' after a statement ending on line `line`: absent is fine when
 * the next token starts a later line or closes the group. */
static int end_stmt(wg_lib_prs *P, int line, const wg_lib_tok *name)
{
	wg_lib_tok t;
	char b[64];
	if (peek(P, &t))
		return -1;
	if (t.t == ';')
		return lex(P, &t);
	if (t.t == '}' || t.t == WG_LIB_T_EOF || t.line > line)
		return 0;
	return wg_lib_fail(P, t.line, "unexpected %s after '%.*s' (expected ';')", wg_lib_tdesc(&t, b, sizeof b), (int)name->n,
	            name->p);
}

static int push_arg(wg_lib_prs *P, const wg_lib_tok *t)
{
	if (P->nargs == P->cargs) {
		int nc = P->cargs ? 2 * P->cargs : 16;
		wg_lib_tok *q = realloc(P->args, (size_t)nc * sizeof *q);
		if (!q)
			return wg_lib_fail(P, t->line, "out of memory");
		P->args = q;
		P->cargs = nc;
	}
	P->args[P->nargs++] = *t;
	return 0;
}

/* The next statement of a group body. */
int wg_lib_next_stmt(wg_lib_prs *P, wg_lib_stmt *st)
{
	wg_lib_tok t, u;
	char b[64];
	memset(st, 0, sizeof *st);
	if (lex(P, &t))
		return -1;
	st->line = t.line;
	if (t.t == WG_LIB_T_EOF) {
		st->kind = WG_LIB_ST_EOF;
		return 0;
	}
	if (t.t == '}') {
		st->kind = WG_LIB_ST_END;
		return 0;
	}
	if (t.t != WG_LIB_T_WORD)
		return wg_lib_fail(P, t.line, "unexpected %s (expected an attribute or a group)", wg_lib_tdesc(&t, b, sizeof b));
	st->name = t;
	if (lex(P, &u))
		return -1;
	if (u.t == ':') {
		wg_lib_tok v;
		if (lex(P, &v))
			return -1;
		if (v.t != WG_LIB_T_WORD && v.t != WG_LIB_T_STR)
			return wg_lib_fail(P, v.line, "unexpected %s after '%.*s :' (expected a value)", wg_lib_tdesc(&v, b, sizeof b),
			            (int)t.n, t.p);
		/* an unquoted expression value (`VDD * 0.9`): extend over its words */
		for (;;) {
			wg_lib_tok w;
			if (peek(P, &w))
				return -1;
			if (v.t != WG_LIB_T_WORD || w.t != WG_LIB_T_WORD || w.line != v.line)
				break;
			lex(P, &w);
			v.n = (size_t)(w.p + w.n - v.p);
		}
		st->kind = WG_LIB_ST_ATTR;
		st->val = v;
		return end_stmt(P, v.line, &t);
	}
	if (u.t != '(')
		return wg_lib_fail(P, u.line, "unexpected %s after '%.*s' (expected ':' or '(')", wg_lib_tdesc(&u, b, sizeof b), (int)t.n,
		            t.p);
	P->nargs = 0;
	for (;;) {
		wg_lib_tok a;
		if (lex(P, &a))
			return -1;
		if (a.t == ')') {
			u = a;
			break;
		}
		if (a.t == ',')
			continue;
		if (a.t == WG_LIB_T_EOF)
			return wg_lib_fail(P, t.line, "unterminated '(' of '%.*s' (no ')' before end of file)", (int)t.n, t.p);
		if (a.t != WG_LIB_T_WORD && a.t != WG_LIB_T_STR)
			return wg_lib_fail(P, a.line, "unexpected %s in the arguments of '%.*s'", wg_lib_tdesc(&a, b, sizeof b), (int)t.n, t.p);
		if (push_arg(P, &a))
			return -1;
	}
	wg_lib_tok w;
	if (peek(P, &w))
		return -1;
	if (w.t == '{') {
		lex(P, &w);
		st->kind = WG_LIB_ST_GROUP;
		return 0;
	}
	st->kind = WG_LIB_ST_COMPLEX;
	return end_stmt(P, u.line, &t);
}

/* ------------------------------------------------------------ values */
char *wg_lib_tok_dup(wg_lib_prs *P, const wg_lib_tok *t)
{
	char *s = wg_lib_arena_alloc(P->A, t->n + 1);
	if (!s) {
		wg_lib_fail(P, t->line, "out of memory");
		return NULL;
	}
	/* drop `\`+newline continuations inside strings */
	size_t k = 0;
	for (size_t i = 0; i < t->n; i++) {
		if (t->p[i] == '\\') {
			size_t j = i + 1;
			while (j < t->n && (t->p[j] == ' ' || t->p[j] == '\t' || t->p[j] == '\r'))
				j++;
			if (j < t->n && t->p[j] == '\n') {
				i = j;
				continue;
			}
		}
		s[k++] = t->p[i];
	}
	s[k] = 0;
	return s;
}

/* A whole token as a finite number. */
int wg_lib_tok_num(wg_lib_prs *P, const wg_lib_tok *t, const char *what, double *v)
{
	char buf[64];
	if (t->n == 0 || t->n >= sizeof buf)
		return wg_lib_fail(P, t->line, "bad number '%.*s' for '%s'", (int)(t->n > 40 ? 40 : t->n), t->p, what);
	memcpy(buf, t->p, t->n);
	buf[t->n] = 0;
	char *e;
	errno = 0;
	*v = strtod(buf, &e);
	if (*e || errno || !isfinite(*v))
		return wg_lib_fail(P, t->line, "bad number '%s' for '%s'", buf, what);
	return 0;
}

int wg_lib_attr_num(wg_lib_prs *P, const wg_lib_stmt *st, double *v)
{
	char what[64];
	snprintf(what, sizeof what, "%.*s", (int)st->name.n, st->name.p);
	return wg_lib_tok_num(P, &st->val, what, v);
}

/* true/false (quoted or not). */
int wg_lib_attr_bool(const wg_lib_stmt *st)
{
	return wg_lib_teq(&st->val, "true");
}

static int is_sep(char c)
{
	return c == ',' || c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\\';
}

/* All numbers in the current arguments (strings of comma-separated numbers or
 * bare numbers), into an arena array; *cnt their count; *rows the number of
 * arguments. */
int wg_lib_args_nums(wg_lib_prs *P, const char *what, double **out, int *cnt, int *rows)
{
	int total = 0;
	for (int pass = 0; pass < 2; pass++) {
		int k = 0;
		for (int i = 0; i < P->nargs; i++) {
			const wg_lib_tok *a = &P->args[i];
			size_t j = 0;
			int line = a->line;
			while (j < a->n) {
				while (j < a->n && is_sep(a->p[j])) {
					if (a->p[j] == '\n')
						line++;
					j++;
				}
				if (j >= a->n)
					break;
				size_t s = j;
				while (j < a->n && !is_sep(a->p[j]))
					j++;
				if (pass == 1) {
					wg_lib_tok piece = {WG_LIB_T_WORD, a->p + s, j - s, line};
					if (wg_lib_tok_num(P, &piece, what, &(*out)[k]))
						return -1;
				}
				k++;
			}
		}
		if (pass == 0) {
			total = k;
			*out = wg_lib_arena_alloc(P->A, (size_t)(total ? total : 1) * sizeof(double));
			if (!*out)
				return wg_lib_fail(P, P->nargs ? P->args[0].line : 0, "out of memory");
		}
	}
	*cnt = total;
	*rows = P->nargs;
	return 0;
}

int wg_lib_unit_val(wg_lib_prs *P, const wg_lib_tok *t, const char *what, const wg_lib_unit_sfx *sfx, double *v)
{
	char buf[64];
	size_t n = t->n < sizeof buf ? t->n : sizeof buf - 1;
	memcpy(buf, t->p, n);
	buf[n] = 0;
	char *e;
	double x = strtod(buf, &e);
	if (e == buf)
		x = 1; /* "ns" alone */
	while (*e == ' ')
		e++;
	for (int i = 0; sfx[i].s; i++)
		if (strcasecmp(e, sfx[i].s) == 0 && x > 0 && isfinite(x)) {
			*v = x * sfx[i].f;
			return 0;
		}
	return wg_lib_fail(P, t->line, "bad unit '%s' for '%s'", buf, what);
}

const wg_lib_unit_sfx WG_LIB_U_TIME[] = {{"s", 1e9}, {"ms", 1e6}, {"us", 1e3}, {"ns", 1}, {"ps", 1e-3}, {"fs", 1e-6}, {0, 0}};
const wg_lib_unit_sfx WG_LIB_U_VOLT[] = {{"v", 1}, {"mv", 1e-3}, {"kv", 1e3}, {0, 0}};
const wg_lib_unit_sfx WG_LIB_U_CAP[] = {{"f", 1e12}, {"mf", 1e9}, {"uf", 1e6}, {"nf", 1e3}, {"pf", 1}, {"ff", 1e-3}, {0, 0}};
const wg_lib_unit_sfx WG_LIB_U_LEAK[] = {{"w", 1e9}, {"mw", 1e6}, {"uw", 1e3}, {"nw", 1}, {"pw", 1e-3}, {"fw", 1e-6}, {0, 0}};
const wg_lib_unit_sfx WG_LIB_U_CUR[] = {{"a", 1e3}, {"ma", 1}, {"ua", 1e-3}, {"na", 1e-6}, {"pa", 1e-9}, {0, 0}};
const wg_lib_unit_sfx WG_LIB_U_RES[] = {{"ohm", 1e-3}, {"kohm", 1}, {"mohm", 1e3}, {0, 0}};

wg_lib_var wg_lib_var_kind(const wg_lib_tok *t)
{
	char buf[64];
	snprintf(buf, sizeof buf, "%.*s", (int)(t->n < 60 ? t->n : 60), t->p);
	if (strstr(buf, "transition"))
		return WG_LIB_VAR_SLEW;
	if (strstr(buf, "capacitance"))
		return WG_LIB_VAR_LOAD;
	return WG_LIB_VAR_OTHER;
}

/* ------------------------------------------------------------ groups */
int wg_lib_skip_group(wg_lib_prs *P, const wg_lib_tok *name, int open)
{
	wg_lib_stmt st;
	for (;;) {
		if (wg_lib_next_stmt(P, &st))
			return -1;
		if (st.kind == WG_LIB_ST_EOF)
			return wg_lib_fail(P, open, "unterminated group '%.*s' (no closing '}' before end of file)", (int)name->n,
			            name->p);
		if (st.kind == WG_LIB_ST_END)
			return 0;
		if (st.kind == WG_LIB_ST_GROUP) {
			wg_lib_tok nm = st.name;
			if (wg_lib_skip_group(P, &nm, st.line))
				return -1;
		}
	}
}

/* Reads the next statement of a group named `gname` opened at `open`: -1 on
 * error or end of file, 1 at the closing '}', 0 otherwise. */
int wg_lib_body_stmt(wg_lib_prs *P, wg_lib_stmt *st, const char *gname, int open)
{
	if (wg_lib_next_stmt(P, st))
		return -1;
	if (st->kind == WG_LIB_ST_EOF)
		return wg_lib_fail(P, open, "unterminated group '%s' (no closing '}' before end of file)", gname);
	return st->kind == WG_LIB_ST_END;
}

int wg_lib_group_skip_stmt(wg_lib_prs *P, const wg_lib_stmt *st)
{
	if (st->kind == WG_LIB_ST_GROUP)
		return wg_lib_skip_group(P, &st->name, st->line);
	return 0;
}

