/* wg_json.c - recursive-descent JSON reader (UTF-8 passed through, \u
 * escapes below 0x80 decoded, others kept as '?'). */
#include "wg_json.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct jp {
	const char *s;   /* cursor */
	const char *at;  /* start of text, for line numbers */
	char *err;       /* message buffer */
	size_t n;        /* its size */
	int depth;       /* nesting, bounded */
} jp;

static int fail(jp *p, const char *msg)
{
	if (p->err[0])
		return -1;
	int line = 1;
	for (const char *c = p->at; c < p->s; c++)
		line += *c == '\n';
	snprintf(p->err, p->n, "line %d: %s", line, msg);
	return -1;
}

static void ws(jp *p)
{
	while (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r')
		p->s++;
}

static int value(jp *p, wg_json *v);

static int string(jp *p, char **out)
{
	if (*p->s != '"')
		return fail(p, "expected a string");
	p->s++;
	size_t cap = 16, len = 0;
	char *b = malloc(cap);
	if (!b)
		return fail(p, "out of memory");
	for (;;) {
		char c = *p->s++;
		if (c == '\0') {
			free(b);
			return fail(p, "unterminated string");
		}
		if (c == '"')
			break;
		if (c == '\\') {
			char e = *p->s;
			if (e == '\0') {
				free(b);
				return fail(p, "unterminated string");
			}
			p->s++;
			switch (e) {
			case 'n': c = '\n'; break;
			case 't': c = '\t'; break;
			case 'r': c = '\r'; break;
			case 'b': c = '\b'; break;
			case 'f': c = '\f'; break;
			case 'u': {
				unsigned u = 0;
				for (int i = 0; i < 4; i++) {
					char h = *p->s;
					if (!isxdigit((unsigned char)h)) { /* also the end of the text: never read past it */
						free(b);
						return fail(p, "bad \\u escape in string (four hex digits)");
					}
					p->s++;
					u = u * 16 + (unsigned)(h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10
							  : h - 'A' + 10);
				}
				c = u < 0x80 ? (char)u : '?';
				break;
			}
			case '"': case '\\': case '/': c = e; break;
			default:
				free(b);
				return fail(p, "bad escape in string");
			}
		}
		if (len + 2 > cap) {
			char *nb = realloc(b, cap *= 2);
			if (!nb) {
				free(b);
				return fail(p, "out of memory");
			}
			b = nb;
		}
		b[len++] = c;
	}
	b[len] = '\0';
	*out = b;
	return 0;
}

static int push(jp *p, wg_json *v, int *cap, wg_json **kid)
{
	if (v->n == *cap) {
		*cap = *cap ? *cap * 2 : 4;
		wg_json *k = realloc(v->kids, (size_t)*cap * sizeof *k);
		if (!k)
			return fail(p, "out of memory");
		v->kids = k;
	}
	*kid = &v->kids[v->n++];
	memset(*kid, 0, sizeof **kid);
	return 0;
}

static int container(jp *p, wg_json *v, char close)
{
	int cap = 0;
	v->type = close == '}' ? WG_J_OBJ : WG_J_ARR;
	p->s++;
	ws(p);
	if (*p->s == close) {
		p->s++;
		return 0;
	}
	for (;;) {
		wg_json *k = NULL;
		char *key = NULL;
		ws(p);
		if (close == '}') {
			if (string(p, &key))
				return -1;
			ws(p);
			if (*p->s++ != ':') {
				free(key);
				return fail(p, "expected ':'");
			}
		}
		if (push(p, v, &cap, &k)) {
			free(key);
			return -1;
		}
		k->key = key;
		if (value(p, k))
			return -1;
		ws(p);
		if (*p->s == ',') {
			p->s++;
			continue;
		}
		if (*p->s == close) {
			p->s++;
			return 0;
		}
		return fail(p, close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
	}
}

static int value(jp *p, wg_json *v)
{
	if (++p->depth > 64)
		return fail(p, "nested too deeply");
	ws(p);
	int rc = 0;
	char c = *p->s;
	if (c == '{' || c == '[') {
		rc = container(p, v, c == '{' ? '}' : ']');
	} else if (c == '"') {
		v->type = WG_J_STR;
		rc = string(p, &v->str);
	} else if (strncmp(p->s, "true", 4) == 0 || strncmp(p->s, "false", 5) == 0) {
		v->type = WG_J_BOOL;
		v->num = c == 't';
		p->s += c == 't' ? 4 : 5;
	} else if (strncmp(p->s, "null", 4) == 0) {
		v->type = WG_J_NULL;
		p->s += 4;
	} else {
		char *end;
		v->type = WG_J_NUM;
		v->num = strtod(p->s, &end);
		if (end == p->s)
			rc = fail(p, "expected a value");
		p->s = end;
	}
	p->depth--;
	return rc;
}

wg_json *wg_json_parse(const char *text, char *err, size_t n)
{
	jp p = {text, text, err, n, 0};
	err[0] = '\0';
	wg_json *v = calloc(1, sizeof *v);
	if (!v) {
		snprintf(err, n, "out of memory");
		return NULL;
	}
	if (value(&p, v) == 0) {
		ws(&p);
		if (*p.s == '\0')
			return v;
		fail(&p, "text after the value");
	}
	wg_json_free(v);
	return NULL;
}

static void release(wg_json *j)
{
	for (int i = 0; i < j->n; i++)
		release(&j->kids[i]);
	free(j->kids);
	free(j->str);
	free(j->key);
}

void wg_json_free(wg_json *j)
{
	if (!j)
		return;
	release(j);
	free(j);
}

const wg_json *wg_json_get(const wg_json *j, const char *key)
{
	if (!j || j->type != WG_J_OBJ)
		return NULL;
	for (int i = 0; i < j->n; i++)
		if (j->kids[i].key && strcmp(j->kids[i].key, key) == 0)
			return &j->kids[i];
	return NULL;
}

const wg_json *wg_json_path(const wg_json *j, const char *path)
{
	char part[128];
	while (j && *path) {
		size_t len = strcspn(path, ".");
		snprintf(part, sizeof part, "%.*s", (int)len, path);
		j = wg_json_get(j, part);
		path += len + (path[len] == '.');
	}
	return j;
}

double wg_json_num(const wg_json *j, double def)
{
	return j && (j->type == WG_J_NUM || j->type == WG_J_BOOL) ? j->num : def;
}

const char *wg_json_str(const wg_json *j, const char *def)
{
	return j && j->type == WG_J_STR ? j->str : def;
}
