/* pv_oblig.c - a composition's proof obligations (docs/cosim.md "Proofs", "Compositions").
 * A leaf's properties file assumes its protocol at the leaf's ports. Inside a composition a
 * port may be driven by another leaf (or tied to a constant) instead of the composition's
 * environment: assuming the protocol there would restrict the driving leaf's behaviour, so
 * such an assumption becomes an assertion, proven with the rest (an obligation the
 * composition must meet). An assumption naming only ports the environment drives stays an
 * assumption: it is the composition's protocol at its inputs. One naming both (a relation
 * between the environment's inputs and another leaf's outputs: sm_slg's "no EXIT for a warp
 * the barrier holds") cannot be split here: it stays an assumption and is reported as
 * unchecked across leaves (a composition's own properties file may state its parts).
 *
 * Which ports an assumption names: the identifiers in its statement (`a_NAME: assume (...);`).
 * It may also read a helper of the file (a wg_* monitor or flag, whose definition names
 * ports in turn): then it counts as naming every port another leaf drives that the file names
 * outside its assumptions (an over-approximation toward obligations). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pv.h"
#include "wg_comp.h"

enum { DRV_ENV = 1, DRV_LEAF = 2, DRV_CONST = 4 };

static int ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* How the instance's input `port` (name of len bytes) is driven: 0 when it is no wired input. */
static int driver(const wg_comp *c, const char *inst, const char *port, size_t len)
{
	size_t il = strlen(inst);
	for (int i = 0; i < c->nwires; i++) {
		const char *to = c->wires[i].to, *from = c->wires[i].from;
		if (strncmp(to, inst, il) != 0 || to[il] != '.' || strlen(to + il + 1) != len ||
		    strncmp(to + il + 1, port, len) != 0)
			continue;
		if (strchr(from, '.'))
			return DRV_LEAF;
		return strcmp(from, "0") == 0 || strcmp(from, "1") == 0 ? DRV_CONST : DRV_ENV;
	}
	return 0;
}

/* The drivers of the ports named in text[a, e) (DRV_* bits); *helper: a wg_* name other
 * than wg_armed appears. */
static int named(const wg_comp *c, const char *inst, const char *text, size_t a, size_t e, int *helper)
{
	int d = 0;
	for (size_t i = a; i < e;) {
		if (!ident_char(text[i]) || (i > 0 && ident_char(text[i - 1]))) {
			i++;
			continue;
		}
		size_t j = i;
		while (j < e && ident_char(text[j]))
			j++;
		if (j - i > 3 && strncmp(text + i, "wg_", 3) == 0 && !(j - i == 8 && strncmp(text + i, "wg_armed", 8) == 0))
			*helper = 1;
		d |= driver(c, inst, text + i, j - i);
		i = j;
	}
	return d;
}

/* The next assumption statement at or after *pos: label start, "assume" keyword, end (after ';'). */
static int next_assume(const char *t, size_t *pos, size_t *lab, size_t *kw, size_t *end)
{
	for (const char *s = strstr(t + *pos, ": assume"); s; s = strstr(s + 1, ": assume")) {
		const char *a = s;
		while (a > t && ident_char(a[-1]))
			a--;
		if (a == s || ident_char(s[8]))
			continue;
		int depth = 0;
		const char *e = s + 8;
		for (; *e; e++) {
			if (*e == '(')
				depth++;
			else if (*e == ')')
				depth--;
			else if (*e == ';' && depth == 0)
				break;
		}
		if (!*e)
			return 0;
		*lab = (size_t)(a - t);
		*kw = (size_t)(s + 2 - t);
		*end = (size_t)(e + 1 - t);
		*pos = *end;
		return 1;
	}
	return 0;
}

/* Append pre + label to a comma-separated list. */
static void add_label(char *list, size_t ln, const char *pre, const char *label, size_t len)
{
	size_t used = strlen(list);
	int k = snprintf(list + used, ln - used, "%s%s%.*s", used ? ", " : "", pre, (int)len, label);
	if (k < 0 || (size_t)k >= ln - used)
		list[used] = 0;
}

char *pv_obligations(const char *props, const wg_block *comp, const char *inst, const char *pre, char *labels,
		     size_t ln, char *mixed, size_t mn)
{
	char *out = strdup(props);
	if (!out)
		return NULL;
	labels[0] = 0;
	mixed[0] = 0;
	if (!comp->comp)
		return out;
	const wg_comp *c = comp->comp;
	size_t n = strlen(props), pos = 0, lab, kw, end;
	/* the ports the file names outside its assumptions (for assumptions reading a helper) */
	int outside = 0, h = 0;
	size_t last = 0;
	while (next_assume(props, &pos, &lab, &kw, &end)) {
		outside |= named(c, inst, props, last, lab, &h);
		last = end;
	}
	outside |= named(c, inst, props, last, n, &h);
	pos = 0;
	while (next_assume(props, &pos, &lab, &kw, &end)) {
		int helper = 0;
		int d = named(c, inst, props, kw, end, &helper);
		if (helper)
			d |= outside & DRV_LEAF;
		if ((d & DRV_LEAF) && (d & DRV_ENV)) {
			add_label(mixed, mn, pre, props + lab, kw - 2 - lab);
			continue;
		}
		/* a leaf drives a named port, or only constants do (a fact about the composition) */
		if (!(d & DRV_LEAF) && !((d & DRV_CONST) && !(d & DRV_ENV)))
			continue;
		memcpy(out + kw, "assert", 6);
		add_label(labels, ln, pre, props + lab, kw - 2 - lab);
	}
	return out;
}
