/* wg_lib_func.c - Liberty `function` strings: parse into a node array, evaluate.
 * Grammar (Liberty: inversion first, then XOR, then AND, then OR; left to right):
 *   or   := and (('+' | '|') and)*
 *   and  := xor (('*' | '&' | juxtaposition) xor)*
 *   xor  := un ('^' un)*
 *   un   := '!' un | prim '\''*
 *   prim := NAME | '0' | '1' | '(' or ')'                                   */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_liberty.h"

typedef struct fparse {
	const char *t;  /* the text */
	size_t i;       /* read position */
	wg_lib_func *f; /* the result under construction */
	char *err;      /* message buffer */
	size_t n;       /* its size */
	int cap;        /* capacity of f->nodes */
	int depth;      /* open parentheses and inversions being read (the parser recurses on them) */
} fparse;

/* Deeper nesting is refused: each level is a few frames of recursion, and a string of a million
 * '(' would overflow the stack (a real library nests a few levels). */
#define FUNC_MAX_DEPTH 256
#define WG_STR2(x) #x
#define WG_STR(x) WG_STR2(x)

/* The text for a one-line message: a control byte (a newline a `\` continuation left in the
 * string, ...) shown as '?', at most n - 1 bytes. */
static const char *shown(const char *t, char *buf, size_t n)
{
	size_t k = 0;
	for (; t[k] && k + 1 < n; k++)
		buf[k] = iscntrl((unsigned char)t[k]) ? '?' : t[k];
	buf[k] = '\0';
	return buf;
}

static int ferr(fparse *P, const char *what)
{
	char text[256];
	unsigned char c = (unsigned char)P->t[P->i];
	if (c && !iscntrl(c))
		snprintf(P->err, P->n, "%s '%c' at column %zu in '%s'", what, c, P->i + 1, shown(P->t, text, sizeof text));
	else if (c)
		snprintf(P->err, P->n, "%s byte 0x%02x at column %zu in '%s'", what, c, P->i + 1,
			 shown(P->t, text, sizeof text));
	else
		snprintf(P->err, P->n, "%s end of text at column %zu in '%s'", what, P->i + 1,
			 shown(P->t, text, sizeof text));
	return -1;
}

static char cur(fparse *P)
{
	while (P->t[P->i] == ' ' || P->t[P->i] == '\t')
		P->i++;
	return P->t[P->i];
}

static int is_name0(char c)
{
	return isalpha((unsigned char)c) || c == '_';
}

static int is_name(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '[' || c == ']' || c == '.';
}

static int node(fparse *P, wg_lib_fop op, int a, int b)
{
	wg_lib_func *f = P->f;
	if (f->nnodes == P->cap) {
		int nc = P->cap ? 2 * P->cap : 16;
		wg_lib_fnode *q = realloc(f->nodes, (size_t)nc * sizeof *q);
		if (!q) {
			snprintf(P->err, P->n, "out of memory in '%s'", P->t);
			return -1;
		}
		f->nodes = q;
		P->cap = nc;
	}
	f->nodes[f->nnodes] = (wg_lib_fnode){op, a, b};
	return f->nnodes++;
}

static int p_or(fparse *P);

static int p_prim(fparse *P)
{
	char c = cur(P);
	if (c == '(') {
		if (++P->depth > FUNC_MAX_DEPTH)
			return ferr(P, "nested deeper than " WG_STR(FUNC_MAX_DEPTH) " levels at");
		P->i++;
		int r = p_or(P);
		P->depth--;
		if (r < 0)
			return -1;
		if (cur(P) != ')')
			return ferr(P, "expected ')' but found");
		P->i++;
		return r;
	}
	if ((c == '0' || c == '1') && !is_name(P->t[P->i + 1])) {
		P->i++;
		return node(P, WG_LIB_F_CONST, c == '1', 0);
	}
	if (is_name0(c)) {
		size_t s = P->i;
		while (is_name(P->t[P->i]))
			P->i++;
		size_t len = P->i - s;
		wg_lib_func *f = P->f;
		int v = -1;
		for (int k = 0; k < f->nvars; k++)
			if (strlen(f->vars[k]) == len && memcmp(f->vars[k], P->t + s, len) == 0)
				v = k;
		if (v < 0) {
			if (f->nvars == WG_LIB_FUNC_MAXVARS) {
				char text[256];
				snprintf(P->err, P->n, "more than %d variables in '%s'", WG_LIB_FUNC_MAXVARS,
					 shown(P->t, text, sizeof text));
				return -1;
			}
			char *name = malloc(len + 1);
			if (!name) {
				snprintf(P->err, P->n, "out of memory in '%s'", P->t);
				return -1;
			}
			memcpy(name, P->t + s, len);
			name[len] = 0;
			f->vars[f->nvars] = name;
			v = f->nvars++;
		}
		return node(P, WG_LIB_F_VAR, v, 0);
	}
	return ferr(P, "unexpected");
}

static int p_un(fparse *P)
{
	if (cur(P) == '!') {
		if (++P->depth > FUNC_MAX_DEPTH)
			return ferr(P, "nested deeper than " WG_STR(FUNC_MAX_DEPTH) " levels at");
		P->i++;
		int a = p_un(P);
		P->depth--;
		return a < 0 ? -1 : node(P, WG_LIB_F_NOT, a, 0);
	}
	int a = p_prim(P);
	while (a >= 0 && cur(P) == '\'') {
		P->i++;
		a = node(P, WG_LIB_F_NOT, a, 0);
	}
	return a;
}

static int p_xor(fparse *P)
{
	int a = p_un(P);
	while (a >= 0 && cur(P) == '^') {
		P->i++;
		int b = p_un(P);
		a = b < 0 ? -1 : node(P, WG_LIB_F_XOR, a, b);
	}
	return a;
}

static int p_and(fparse *P)
{
	int a = p_xor(P);
	for (;;) {
		if (a < 0)
			return -1;
		char c = cur(P);
		if (c == '*' || c == '&')
			P->i++;
		else if (!(c == '(' || c == '!' || is_name0(c) || c == '0' || c == '1'))
			return a; /* not a juxtaposed operand */
		int b = p_xor(P);
		a = b < 0 ? -1 : node(P, WG_LIB_F_AND, a, b);
	}
}

static int p_or(fparse *P)
{
	int a = p_and(P);
	while (a >= 0 && (cur(P) == '+' || cur(P) == '|')) {
		P->i++;
		int b = p_and(P);
		a = b < 0 ? -1 : node(P, WG_LIB_F_OR, a, b);
	}
	return a;
}

int wg_lib_func_parse(wg_lib_func *f, const char *text, char *err, size_t n)
{
	memset(f, 0, sizeof *f);
	f->vars = calloc(WG_LIB_FUNC_MAXVARS, sizeof *f->vars);
	if (!f->vars) {
		snprintf(err, n, "out of memory in '%s'", text);
		return -1;
	}
	fparse P = {text, 0, f, err, n, 0, 0};
	int r = p_or(&P);
	if (r >= 0 && cur(&P) != 0)
		r = ferr(&P, "unexpected");
	if (r < 0) {
		wg_lib_func_free(f);
		return -1;
	}
	f->root = r;
	return 0;
}

int wg_lib_func_var(const wg_lib_func *f, const char *name)
{
	for (int i = 0; i < f->nvars; i++)
		if (strcmp(f->vars[i], name) == 0)
			return i;
	return -1;
}

int wg_lib_func_eval(const wg_lib_func *f, uint64_t vals)
{
	/* operands come before their users: one pass in index order */
	unsigned char v[256], *val = f->nnodes <= 256 ? v : malloc((size_t)f->nnodes);
	if (!val)
		return 0;
	for (int i = 0; i < f->nnodes; i++) {
		const wg_lib_fnode *d = &f->nodes[i];
		switch (d->op) {
		case WG_LIB_F_CONST: val[i] = (unsigned char)(d->a != 0); break;
		case WG_LIB_F_VAR: val[i] = (unsigned char)((vals >> d->a) & 1); break;
		case WG_LIB_F_NOT: val[i] = (unsigned char)!val[d->a]; break;
		case WG_LIB_F_AND: val[i] = (unsigned char)(val[d->a] & val[d->b]); break;
		case WG_LIB_F_OR: val[i] = (unsigned char)(val[d->a] | val[d->b]); break;
		case WG_LIB_F_XOR: val[i] = (unsigned char)(val[d->a] ^ val[d->b]); break;
		}
	}
	int r = f->nnodes ? val[f->root] : 0;
	if (val != v)
		free(val);
	return r;
}

void wg_lib_func_free(wg_lib_func *f)
{
	if (f->vars)
		for (int i = 0; i < f->nvars; i++)
			free(f->vars[i]);
	free(f->vars);
	free(f->nodes);
	memset(f, 0, sizeof *f);
}
