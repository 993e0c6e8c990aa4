/* wg_blif.c - read a `write_blif -icells` netlist of Yosys generic cells.
 * See wg_blif.h. */
#include "wg_blif.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_vtool.h"

/* ------------------------------------------------------------ cell types */

typedef struct comb_def {
	const char *name;   /* Yosys type */
	wg_nl_kind kind;
	const char *pins;   /* input pins in slot order, then the output */
} comb_def;

static const comb_def combs[] = {
	{"$_BUF_", WG_NL_BUF, "A"},       {"$_NOT_", WG_NL_NOT, "A"},       {"$_AND_", WG_NL_AND, "AB"},
	{"$_NAND_", WG_NL_NAND, "AB"},    {"$_OR_", WG_NL_OR, "AB"},        {"$_NOR_", WG_NL_NOR, "AB"},
	{"$_XOR_", WG_NL_XOR, "AB"},      {"$_XNOR_", WG_NL_XNOR, "AB"},    {"$_ANDNOT_", WG_NL_ANDNOT, "AB"},
	{"$_ORNOT_", WG_NL_ORNOT, "AB"},  {"$_MUX_", WG_NL_MUX, "ABS"},     {"$_NMUX_", WG_NL_NMUX, "ABS"},
	{"$_AOI3_", WG_NL_AOI3, "ABC"},   {"$_OAI3_", WG_NL_OAI3, "ABC"},   {"$_AOI4_", WG_NL_AOI4, "ABCD"},
	{"$_OAI4_", WG_NL_OAI4, "ABCD"},
};

/* Decode a type name into t (kind, pins, polarities). 0, or -1 when the
 * native simulator has no model for it. */
static int decode_type(const char *name, wg_nl_type *t, wg_nl_cell *proto)
{
	memset(t, 0, sizeof *t);
	memset(proto, 0, sizeof *proto);
	snprintf(t->name, sizeof t->name, "%s", name);
	for (size_t i = 0; i < sizeof combs / sizeof combs[0]; i++)
		if (strcmp(name, combs[i].name) == 0) {
			proto->kind = (unsigned char)combs[i].kind;
			proto->nin = (unsigned char)strlen(combs[i].pins);
			for (int k = 0; k < proto->nin; k++)
				t->pin[k][0] = combs[i].pins[k];
			return 0;
		}
	static const struct {
		const char *prefix;
		wg_nl_kind kind;
		const char *letters; /* C, then R polarity and value, then E polarity */
	} fams[] = {
		{"$_DFF_", WG_NL_DFF, "C"},         {"$_DFFE_", WG_NL_DFFE, "CE"},
		{"$_SDFF_", WG_NL_SDFF, "CRV"},     {"$_SDFFE_", WG_NL_SDFFE, "CRVE"},
		{"$_SDFFCE_", WG_NL_SDFFCE, "CRVE"},
	};
	for (size_t i = 0; i < sizeof fams / sizeof fams[0]; i++) {
		size_t pl = strlen(fams[i].prefix), nl = strlen(fams[i].letters);
		if (strncmp(name, fams[i].prefix, pl) != 0 || strlen(name) != pl + nl + 1 || name[pl + nl] != '_')
			continue;
		const char *l = name + pl;
		proto->kind = (unsigned char)fams[i].kind;
		proto->nin = 1;
		t->pin[0][0] = 'D';
		t->flop = 1;
		for (size_t k = 0; k < nl; k++) {
			char c = l[k];
			switch (fams[i].letters[k]) {
			case 'C':
				if (c != 'P')
					return -1; /* negative-edge clock */
				break;
			case 'R':
				if (c != 'P' && c != 'N')
					return -1;
				proto->rpol = c == 'P';
				t->pin[proto->nin++][0] = 'R';
				break;
			case 'V':
				if (c != '0' && c != '1')
					return -1;
				proto->rval = (unsigned char)(c - '0');
				break;
			case 'E':
				if (c != 'P' && c != 'N')
					return -1;
				proto->epol = c == 'P';
				t->pin[proto->nin++][0] = 'E';
				break;
			default:
				return -1;
			}
		}
		return 0;
	}
	return -1;
}

/* ------------------------------------------------------------ name index */

typedef struct index {
	int *slot;    /* name id + 1, 0 = empty */
	size_t cap;   /* power of two */
} index;

/* The project's FNV-1a 64 (wg_vtool.h). */
static uint64_t hash_name(const char *s, size_t len)
{
	return wg_fnv_part(WG_FNV_INIT, s, len);
}

typedef struct reader {
	wg_nl *nl;
	index *ix;        /* nl->index */
	long name_cap, cell_cap;
	int *parent;      /* union-find over name ids */
	int *drv;         /* per name: its driver kind (0 none, 1 input, 2 constant, 3 cell) */
	signed char *kon; /* per name: constant value or -1 */
	long *drv_line;   /* line of the driver, for messages */
	long io_cap[2];
} reader;

static int lookup(reader *R, const char *s, size_t len, int create)
{
	wg_nl *nl = R->nl;
	if (create && 2 * ((size_t)nl->nnames + 1) > R->ix->cap) {
		size_t cap = R->ix->cap ? 2 * R->ix->cap : 4096;
		int *slot = wg_xcalloc(cap * sizeof *slot);
		for (long i = 0; i < nl->nnames; i++) {
			size_t h = (size_t)hash_name(nl->name[i], strlen(nl->name[i])) & (cap - 1);
			while (slot[h])
				h = (h + 1) & (cap - 1);
			slot[h] = (int)i + 1;
		}
		free(R->ix->slot);
		R->ix->slot = slot;
		R->ix->cap = cap;
	}
	if (!R->ix->cap)
		return -1;
	size_t h = (size_t)hash_name(s, len) & (R->ix->cap - 1);
	while (R->ix->slot[h]) {
		const char *nm = nl->name[R->ix->slot[h] - 1];
		if (strlen(nm) == len && memcmp(nm, s, len) == 0)
			return R->ix->slot[h] - 1;
		h = (h + 1) & (R->ix->cap - 1);
	}
	if (!create)
		return -1;
	if (nl->nnames == R->name_cap) {
		R->name_cap = R->name_cap ? 2 * R->name_cap : 4096;
		nl->name = wg_xrealloc(nl->name, (size_t)R->name_cap * sizeof *nl->name);
		R->parent = wg_xrealloc(R->parent, (size_t)R->name_cap * sizeof *R->parent);
		R->drv = wg_xrealloc(R->drv, (size_t)R->name_cap * sizeof *R->drv);
		R->kon = wg_xrealloc(R->kon, (size_t)R->name_cap * sizeof *R->kon);
		R->drv_line = wg_xrealloc(R->drv_line, (size_t)R->name_cap * sizeof *R->drv_line);
	}
	long id = nl->nnames++;
	nl->name[id] = wg_xrealloc(NULL, len + 1);
	memcpy(nl->name[id], s, len);
	nl->name[id][len] = '\0';
	R->parent[id] = (int)id;
	R->drv[id] = 0;
	R->kon[id] = -1;
	R->drv_line[id] = 0;
	R->ix->slot[h] = (int)id + 1;
	return (int)id;
}

static int find_root(int *parent, int x)
{
	while (parent[x] != x) {
		parent[x] = parent[parent[x]];
		x = parent[x];
	}
	return x;
}

/* ------------------------------------------------------------ the reader */

/* Split line into whitespace-separated tokens (in place). */
static int tokens(char *s, char **tok, int max)
{
	int n = 0;
	while (*s) {
		while (*s && isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		if (n == max)
			return -1;
		tok[n++] = s;
		while (*s && !isspace((unsigned char)*s))
			s++;
		if (*s)
			*s++ = '\0';
	}
	return n;
}

/* Mark name id as driven (kind 1 input, 2 constant, 3 cell) on line ln. */
static int drive(reader *R, int id, int kind, long ln, const char *file, char *err, size_t n)
{
	if (R->drv[id]) {
		snprintf(err, n, "%s:%ld: %s has a second driver (the first on line %ld)", file, ln, R->nl->name[id],
			 R->drv_line[id]);
		return -1;
	}
	R->drv[id] = kind;
	R->drv_line[id] = ln;
	return 0;
}

static int add_cell(reader *R, char **tok, int nt, long ln, const char *file, char *err, size_t n)
{
	wg_nl *nl = R->nl;
	wg_nl_type t;
	wg_nl_cell c;
	if (nt < 2) {
		snprintf(err, n, "%s:%ld: .subckt without a cell type", file, ln);
		return -1;
	}
	if (decode_type(tok[1], &t, &c) != 0) {
		snprintf(err, n,
			 "%s:%ld: cell type %s is not simulated natively (only Yosys's combinational gates and rising-edge "
			 "flip-flops with synchronous reset/enable; run it with --gate-sim verilator)",
			 file, ln, tok[1]);
		return -1;
	}
	int ti = 0;
	while (ti < nl->ntypes && strcmp(nl->types[ti].name, t.name) != 0)
		ti++;
	if (ti == nl->ntypes) {
		nl->types = wg_xrealloc(nl->types, (size_t)(nl->ntypes + 1) * sizeof *nl->types);
		nl->types[nl->ntypes++] = t;
	}
	c.type = (short)ti;
	int have = 0; /* bit per slot; bit 6 = output, bit 7 = clock */
	for (int i = 2; i < nt; i++) {
		char *eq = strchr(tok[i], '=');
		if (!eq || eq == tok[i] || !eq[1]) {
			snprintf(err, n, "%s:%ld: cannot read the connection \"%s\" of a %s", file, ln, tok[i], t.name);
			return -1;
		}
		*eq = '\0';
		int id = lookup(R, eq + 1, strlen(eq + 1), 1);
		const char *pin = tok[i];
		int slot = -1;
		for (int k = 0; k < c.nin; k++)
			if (strcmp(pin, nl->types[ti].pin[k]) == 0)
				slot = k;
		if (slot >= 0) {
			c.in[slot] = id;
			have |= 1 << slot;
		} else if (strcmp(pin, t.flop ? "Q" : "Y") == 0) {
			c.out = id;
			have |= 1 << 6;
		} else if (t.flop && strcmp(pin, "C") == 0) {
			c.clk = id;
			have |= 1 << 7;
		} else {
			snprintf(err, n, "%s:%ld: a %s has no pin %s", file, ln, t.name, pin);
			return -1;
		}
	}
	int want = (1 << c.nin) - 1 + (1 << 6) + (t.flop ? 1 << 7 : 0);
	if (have != want) {
		snprintf(err, n, "%s:%ld: a %s with unconnected pins", file, ln, t.name);
		return -1;
	}
	if (drive(R, c.out, 3, ln, file, err, n) != 0)
		return -1;
	if (nl->ncells == R->cell_cap) {
		R->cell_cap = R->cell_cap ? 2 * R->cell_cap : 4096;
		nl->cells = wg_xrealloc(nl->cells, (size_t)R->cell_cap * sizeof *nl->cells);
	}
	nl->cells[nl->ncells++] = c;
	nl->types[ti].cells++;
	nl->flops += t.flop;
	return 0;
}

static int add_ports(reader *R, char **tok, int nt, int out, long ln, const char *file, char *err, size_t n)
{
	wg_nl *nl = R->nl;
	int **v = out ? &nl->outputs : &nl->inputs;
	long *cnt = out ? &nl->noutputs : &nl->ninputs;
	for (int i = 1; i < nt; i++) {
		int id = lookup(R, tok[i], strlen(tok[i]), 1);
		if (!out && drive(R, id, 1, ln, file, err, n) != 0)
			return -1;
		if (*cnt == R->io_cap[out]) {
			R->io_cap[out] = R->io_cap[out] ? 2 * R->io_cap[out] : 256;
			*v = wg_xrealloc(*v, (size_t)R->io_cap[out] * sizeof **v);
		}
		(*v)[(*cnt)++] = id;
	}
	return 0;
}

/* Runs of white space become one space ("1\t 1" -> "1 1"). */
static void squeeze(char *s)
{
	char *d = s;
	for (const char *q = s; *q; q++) {
		int sp = isspace((unsigned char)*q);
		if (!sp)
			*d++ = *q;
		else if (d > s && d[-1] != ' ')
			*d++ = ' ';
	}
	*d = '\0';
}

/* `.names` with its cover rows: an alias (`a y` / `1 1`) or a constant. */
static int add_names(reader *R, char **tok, int nt, char **rows, int nrows, long ln, const char *file, char *err,
		     size_t n)
{
	if (nt == 2 && (nrows == 0 || (nrows == 1 && strcmp(rows[0], "1") == 0))) {
		int id = lookup(R, tok[1], strlen(tok[1]), 1);
		R->kon[id] = (signed char)(nrows == 1);
		return drive(R, id, 2, ln, file, err, n);
	}
	if (nt == 3 && nrows == 1 && strcmp(rows[0], "1 1") == 0) {
		int a = lookup(R, tok[1], strlen(tok[1]), 1), y = lookup(R, tok[2], strlen(tok[2]), 1);
		if (drive(R, y, 4, ln, file, err, n) != 0)
			return -1;
		R->parent[find_root(R->parent, y)] = find_root(R->parent, a);
		return 0;
	}
	snprintf(err, n, "%s:%ld: a .names other than a wire alias or a constant (not a `write_blif -icells` netlist?)",
		 file, ln);
	return -1;
}

/* Name id `id` is read: when its net has no driver, make it the constant 0. */
static void undriven(wg_nl *nl, int *rdrv, int id)
{
	int net = nl->net[id];
	if (rdrv[net] >= 0)
		return;
	rdrv[net] = id;
	nl->konst[net] = 0;
	if (nl->undriven++ == 0)
		snprintf(nl->undriven_name, sizeof nl->undriven_name, "%s", nl->name[id]);
}

/* Merge aliases, number the nets, check that no net has two drivers. */
static int finish(reader *R, const char *file, char *err, size_t n)
{
	wg_nl *nl = R->nl;
	int *root_net = wg_xrealloc(NULL, ((size_t)nl->nnames + 1) * sizeof *root_net);
	int *rdrv = wg_xrealloc(NULL, ((size_t)nl->nnames + 1) * sizeof *rdrv);
	for (long i = 0; i < nl->nnames; i++)
		root_net[i] = -1, rdrv[i] = -1;
	nl->net = wg_xrealloc(NULL, ((size_t)nl->nnames + 1) * sizeof *nl->net);
	nl->net_name = wg_xrealloc(NULL, ((size_t)nl->nnames + 1) * sizeof *nl->net_name);
	nl->nnets = 0;
	for (long i = 0; i < nl->nnames; i++) {
		int r = find_root(R->parent, (int)i);
		if (root_net[r] < 0) {
			nl->net_name[nl->nnets] = (int)i;
			root_net[r] = (int)nl->nnets++;
		}
		nl->net[i] = root_net[r];
	}
	nl->konst = wg_xrealloc(NULL, ((size_t)nl->nnets + 1) * sizeof *nl->konst);
	memset(nl->konst, -1, (size_t)nl->nnets + 1);
	int rc = 0;
	for (long i = 0; i < nl->nnames && rc == 0; i++) {
		if (R->drv[i] == 0 || R->drv[i] == 4) /* undriven, or the alias side of a .names */
			continue;
		int net = nl->net[i];
		if (rdrv[net] >= 0) {
			snprintf(err, n, "%s:%ld: %s drives the net of %s (line %ld), which has a driver already", file,
				 R->drv_line[i], nl->name[i], nl->name[rdrv[net]], R->drv_line[rdrv[net]]);
			rc = -1;
		}
		rdrv[net] = (int)i;
		if (R->drv[i] == 2)
			nl->konst[net] = R->kon[i];
	}
	/* a net read without a driver is an x bit Yosys left open (an unassigned bit of a
	 * process, say): it reads 0, as the $undef constant, and is counted */
	for (long c = 0; c < nl->ncells; c++) {
		const wg_nl_cell *cl = &nl->cells[c];
		for (int k = 0; k < cl->nin; k++)
			undriven(nl, rdrv, cl->in[k]);
	}
	for (long o = 0; o < nl->noutputs; o++)
		undriven(nl, rdrv, nl->outputs[o]);
	/* from here on, cells and ports name nets */
	for (long c = 0; c < nl->ncells; c++) {
		wg_nl_cell *cl = &nl->cells[c];
		for (int k = 0; k < cl->nin; k++)
			cl->in[k] = nl->net[cl->in[k]];
		cl->out = nl->net[cl->out];
		if (nl->types[cl->type].flop)
			cl->clk = nl->net[cl->clk];
	}
	free(root_net);
	free(rdrv);
	return rc;
}

int wg_nl_read_blif(wg_nl *nl, const char *text, const char *file, char *err, size_t n)
{
	memset(nl, 0, sizeof *nl);
	reader R = {.nl = nl, .ix = wg_xrealloc(NULL, sizeof(index))};
	*R.ix = (index){0};
	nl->index = R.ix;
	wg_buf line = {0};
	char **tok = NULL, **rows = NULL;
	int tcap = 0, rcap = 0, rc = 0, ended = 0, model = 0;
	long ln = 0;
	const char *p = text;
	while (rc == 0 && *p && !ended) {
		/* one logical line: physical lines joined at a trailing backslash */
		long first = ln + 1;
		line.len = 0;
		if (line.s)
			line.s[0] = '\0';
		for (;;) {
			const char *e = strchr(p, '\n');
			size_t len = e ? (size_t)(e - p) : strlen(p);
			ln++;
			int cont = len > 0 && p[len - 1] == '\\';
			wg_buf_printf(&line, "%.*s", (int)(len - (size_t)cont), p);
			p = e ? e + 1 : p + len;
			if (!cont || !*p)
				break;
		}
		char *h = strchr(line.s, '#');
		if (h)
			*h = '\0';
		int need = (int)(strlen(line.s) / 2) + 2;
		if (need > tcap) {
			tcap = need;
			tok = wg_xrealloc(tok, (size_t)tcap * sizeof *tok);
		}
		int nt = tokens(line.s, tok, tcap);
		if (nt <= 0)
			continue;
		if (strcmp(tok[0], ".model") == 0) {
			if (model++) {
				snprintf(err, n, "%s:%ld: a second .model (flatten the design first)", file, first);
				rc = -1;
			} else
				snprintf(nl->model, sizeof nl->model, "%s", nt > 1 ? tok[1] : "");
		} else if (strcmp(tok[0], ".inputs") == 0 || strcmp(tok[0], ".outputs") == 0) {
			rc = add_ports(&R, tok, nt, tok[0][1] == 'o', first, file, err, n);
		} else if (strcmp(tok[0], ".subckt") == 0) {
			rc = add_cell(&R, tok, nt, first, file, err, n);
		} else if (strcmp(tok[0], ".names") == 0) {
			/* the cover rows follow until the next directive */
			int nrows = 0;
			while (*p && *p != '.') {
				const char *e = strchr(p, '\n');
				size_t len = e ? (size_t)(e - p) : strlen(p);
				ln++;
				size_t a = 0, b = len;
				while (a < b && isspace((unsigned char)p[a]))
					a++;
				while (b > a && isspace((unsigned char)p[b - 1]))
					b--;
				if (b > a && p[a] != '#') {
					if (nrows == rcap) {
						rcap = rcap ? 2 * rcap : 4;
						rows = wg_xrealloc(rows, (size_t)rcap * sizeof *rows);
					}
					rows[nrows++] = wg_xrealloc(NULL, b - a + 1);
					memcpy(rows[nrows - 1], p + a, b - a);
					rows[nrows - 1][b - a] = '\0';
				}
				p = e ? e + 1 : p + len;
			}
			for (int i = 0; i < nrows; i++)
				squeeze(rows[i]);
			rc = add_names(&R, tok, nt, rows, nrows, first, file, err, n);
			for (int i = 0; i < nrows; i++)
				free(rows[i]);
		} else if (strcmp(tok[0], ".conn") == 0 && nt == 3) {
			char *al[3] = {tok[0], tok[1], tok[2]};
			char one[] = "1 1", *r1[1] = {one};
			rc = add_names(&R, al, 3, r1, 1, first, file, err, n);
		} else if (strcmp(tok[0], ".end") == 0) {
			ended = 1;
		} else {
			snprintf(err, n, "%s:%ld: unsupported BLIF line \"%.60s\" (expected a `write_blif -icells` netlist)",
				 file, first, tok[0]);
			rc = -1;
		}
	}
	if (rc == 0 && !model) {
		snprintf(err, n, "%s: no .model (not a BLIF netlist?)", file);
		rc = -1;
	}
	if (rc == 0 && nl->ncells == 0) {
		snprintf(err, n, "%s: no cells (.subckt) in the netlist", file);
		rc = -1;
	}
	if (rc == 0)
		rc = finish(&R, file, err, n);
	wg_buf_free(&line);
	free(tok);
	free(rows);
	free(R.parent);
	free(R.drv);
	free(R.kon);
	free(R.drv_line);
	if (rc != 0)
		wg_nl_free(nl);
	return rc;
}

void wg_nl_free(wg_nl *nl)
{
	for (long i = 0; i < nl->nnames; i++)
		free(nl->name[i]);
	index *ix = nl->index;
	if (ix)
		free(ix->slot);
	free(ix);
	free(nl->name);
	free(nl->net);
	free(nl->net_name);
	free(nl->konst);
	free(nl->inputs);
	free(nl->outputs);
	free(nl->cells);
	free(nl->types);
	memset(nl, 0, sizeof *nl);
}

int wg_nl_find(const wg_nl *nl, const char *name)
{
	const index *ix = nl->index;
	if (!ix || !ix->cap || !nl->net)
		return -1;
	size_t h = (size_t)hash_name(name, strlen(name)) & (ix->cap - 1);
	while (ix->slot[h]) {
		if (strcmp(nl->name[ix->slot[h] - 1], name) == 0)
			return nl->net[ix->slot[h] - 1];
		h = (h + 1) & (ix->cap - 1);
	}
	return -1;
}

int wg_nl_port_bit(const wg_nl *nl, const char *port, int bit, int width)
{
	char nm[256];
	snprintf(nm, sizeof nm, "%s[%d]", port, bit);
	int id = wg_nl_find(nl, nm);
	if (id < 0 && width == 1 && bit == 0)
		id = wg_nl_find(nl, port);
	return id;
}
