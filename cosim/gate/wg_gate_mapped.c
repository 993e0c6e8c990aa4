/* wg_gate_mapped.c - the activity energy of the mapped flow (--synth mapped):
 * every library cell of mapped.blif priced as itself. Its output toggles are
 * those of the net of the same name in the simulated netlist (the flattened
 * generic gates of the cells' functions keep the mapped netlist's net names:
 * the flow marks them keep), its load is the capacitance of the library input
 * pins on that net of the mapped netlist (aliases merged; a buffer's input and
 * output are two nets there, one in the simulation) plus WG_LIB_MAP_WIRE_PF
 * per pin. See wg_gate.h and docs/energy-model.md section 10. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_gate.h"
#include "wg_lib_map.h"
#include "wg_liberty.h"
#include "wg_vtool.h"

/* One output pin of one instance. */
typedef struct out_pin {
	const char *cell; /* library cell name (the library owns it) */
	const char *pin;  /* output pin name (the library owns it) */
	int first;        /* the instance's first output: counts the instance */
	int net;          /* its net in the simulated netlist */
	long name;        /* its net in the mapped netlist (a names[] index) */
} out_pin;

/* The mapped netlist's net names: an open-addressing table, and a union-find
 * that merges the names a `.names A B` alias joins. */
typedef struct names {
	const char **s;   /* name by index (pointers into the BLIF text) */
	long *up;         /* union-find parent */
	double *load;     /* input-pin load on the net (at its root) */
	long n, cap;      /* names, table size (a power of two, > 2n) */
	long *slot;       /* table: index + 1, or 0 */
} names;

static long name_id(names *t, const char *s)
{
	if (2 * (t->n + 1) >= t->cap) { /* grow and rehash */
		long cap = t->cap ? 2 * t->cap : 4096;
		t->slot = wg_xrealloc(t->slot, (size_t)cap * sizeof *t->slot);
		memset(t->slot, 0, (size_t)cap * sizeof *t->slot);
		t->cap = cap;
		for (long i = 0; i < t->n; i++) {
			size_t h = (size_t)wg_fnv_part(WG_FNV_INIT, t->s[i], strlen(t->s[i])) & (size_t)(cap - 1);
			while (t->slot[h])
				h = (h + 1) & (size_t)(cap - 1);
			t->slot[h] = i + 1;
		}
		t->s = wg_xrealloc(t->s, (size_t)cap * sizeof *t->s);
		t->up = wg_xrealloc(t->up, (size_t)cap * sizeof *t->up);
		t->load = wg_xrealloc(t->load, (size_t)cap * sizeof *t->load);
	}
	size_t h = (size_t)wg_fnv_part(WG_FNV_INIT, s, strlen(s)) & (size_t)(t->cap - 1);
	for (; t->slot[h]; h = (h + 1) & (size_t)(t->cap - 1))
		if (strcmp(t->s[t->slot[h] - 1], s) == 0)
			return t->slot[h] - 1;
	t->s[t->n] = s;
	t->up[t->n] = t->n;
	t->load[t->n] = 0;
	t->slot[h] = ++t->n;
	return t->n - 1;
}

static long root(names *t, long i)
{
	while (t->up[i] != i)
		i = t->up[i] = t->up[t->up[i]];
	return i;
}

static void names_free(names *t)
{
	free(t->s);
	free(t->up);
	free(t->load);
	free(t->slot);
}

static int is_const(const char *net)
{
	return strcmp(net, "$false") == 0 || strcmp(net, "$true") == 0 || strcmp(net, "$undef") == 0;
}

/* Read the mapped BLIF (text is cut into tokens in place): every output pin
 * of every .subckt into outs, the input pins' loads and the aliases into t.
 * Returns the number of outputs, or -1 with "NAME:LINE: ...". */
static long read_cells(const wg_gate_res *r, const wg_lib *lib, char *text, const char *name, names *t,
		       out_pin **outs, char *err, size_t n)
{
	long nout = 0, cap = 0, ln = 0;
	for (char *line = text, *next; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		ln++;
		char *save = NULL, *kw = strtok_r(line, " \t\r", &save);
		if (kw && strcmp(kw, ".names") == 0) { /* ".names A B" + "1 1": B is A */
			char *x = strtok_r(NULL, " \t\r", &save), *y = strtok_r(NULL, " \t\r", &save);
			if (x && y && !strtok_r(NULL, " \t\r", &save) && next && strncmp(next, "1 1", 3) == 0) {
				long i = root(t, name_id(t, x)), j = root(t, name_id(t, y));
				t->up[j] = i;
				t->load[i] += t->load[j];
			}
			continue;
		}
		if (!kw || strcmp(kw, ".subckt") != 0)
			continue;
		char *type = strtok_r(NULL, " \t\r", &save);
		const wg_lib_cell *c = type ? wg_lib_cell_find(lib, type) : NULL;
		if (!c) {
			snprintf(err, n, "%s:%ld: cell type %s is not in %s", name, ln, type ? type : "(none)", lib->path);
			return -1;
		}
		int first = 1;
		for (char *tok; (tok = strtok_r(NULL, " \t\r", &save)) != NULL;) {
			char *eq = strchr(tok, '=');
			const wg_lib_pin *p = NULL;
			if (eq) {
				*eq = '\0';
				p = wg_lib_pin_find(c, tok);
			}
			if (!p) {
				snprintf(err, n, "%s:%ld: %s has no pin %s", name, ln, c->name, tok);
				return -1;
			}
			const char *netname = eq + 1;
			if (is_const(netname))
				continue;
			if (p->dir == WG_LIB_IN) {
				long k = root(t, name_id(t, netname)); /* before t->load: name_id may move it */
				t->load[k] += p->cap_pf + WG_LIB_MAP_WIRE_PF;
				continue;
			}
			int net = wg_nl_find(&r->nl, netname);
			if (net < 0) {
				snprintf(err, n, "%s:%ld: net %s (pin %s of a %s) is not in the simulated netlist", name, ln,
					 netname, p->name, c->name);
				return -1;
			}
			if (nout == cap) {
				cap = cap ? 2 * cap : 1024;
				*outs = wg_xrealloc(*outs, (size_t)cap * sizeof **outs);
			}
			long k = name_id(t, netname);
			(*outs)[nout++] = (out_pin){.cell = c->name, .pin = p->name, .first = first, .net = net, .name = k};
			first = 0;
		}
		if (first) {
			snprintf(err, n, "%s:%ld: this %s drives no net", name, ln, c->name);
			return -1;
		}
	}
	return nout;
}

int wg_gate_mapped_activity(wg_gate_res *r, const wg_lib *lib, const char *blif, double period_ns, char *err, size_t n)
{
	wg_gate_energy *en = &r->en;
	char *text = wg_read_file(blif, NULL, err, n);
	if (!text)
		return -1;
	names t = {0};
	out_pin *outs = NULL;
	long nout = read_cells(r, lib, text, blif, &t, &outs, err, n);
	int rc = nout < 0 ? -1 : 0;
	wg_lib_act *rows = wg_xcalloc(((size_t)(nout > 0 ? nout : 0) + 1) * sizeof *rows);
	double lsum = 0;
	for (long i = 0; i < nout; i++) {
		double load = t.load[root(&t, outs[i].name)];
		rows[i] = (wg_lib_act){.cell = outs[i].cell, .pin = outs[i].pin, .instances = outs[i].first,
				       .toggles = (double)r->tog[outs[i].net], .load_pf = load};
		lsum += load;
	}
	wg_lib_energy e;
	wg_lib_run run = {.vdd = 0, .slew_ns = 0, .cycles = (double)r->cycles, .period_ns = period_ns};
	if (rc == 0)
		rc = wg_lib_activity(lib, rows, (int)nout, &run, &e, err, n);
	if (rc == 0) {
		wg_gate_energy_set(en, lib, &e, period_ns);
		en->mean_load_pf = nout ? lsum / (double)nout : 0;
	}
	free(rows);
	free(outs);
	names_free(&t);
	free(text);
	return rc;
}
