/* wg_lib_map.c - generic Yosys gate types priced as Liberty cells (see
 * wg_lib_map.h and docs/energy-model.md section 10). */
#include "wg_lib_map.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* A generic combinational type: input ports (one letter each) and its function
 * (simcells.v), written in Liberty syntax so that one evaluator serves both. */
typedef struct gspec {
	const char *name;  /* "$_AND_" */
	const char *ports; /* "AB" */
	const char *func;  /* "A&B" */
} gspec;

static const gspec comb_types[] = {
	{"$_BUF_", "A", "A"},
	{"$_NOT_", "A", "!A"},
	{"$_AND_", "AB", "A&B"},
	{"$_NAND_", "AB", "!(A&B)"},
	{"$_OR_", "AB", "A|B"},
	{"$_NOR_", "AB", "!(A|B)"},
	{"$_XOR_", "AB", "A^B"},
	{"$_XNOR_", "AB", "!(A^B)"},
	{"$_ANDNOT_", "AB", "A&!B"},
	{"$_ORNOT_", "AB", "A|!B"},
	{"$_MUX_", "ABS", "(A&!S)|(B&S)"},
	{"$_NMUX_", "ABS", "!((A&!S)|(B&S))"},
	{"$_AOI3_", "ABC", "!((A&B)|C)"},
	{"$_OAI3_", "ABC", "!((A|B)&C)"},
	{"$_AOI4_", "ABCD", "!((A&B)|(C&D))"},
	{"$_OAI4_", "ABCD", "!((A|B)&(C|D))"},
};

#define MAXIN 4

/* Truth table of f over k inputs, input i being f's variable varidx[i] (-1:
 * not used by f). Bit x of the result: f at the assignment x. */
static uint32_t truth(const wg_lib_func *f, int k, const int *varidx)
{
	uint32_t t = 0;
	for (uint32_t x = 0; x < (1u << k); x++) {
		uint64_t vals = 0;
		for (int i = 0; i < k; i++)
			if (varidx[i] >= 0 && (x >> i & 1))
				vals |= (uint64_t)1 << varidx[i];
		if (wg_lib_func_eval(f, vals))
			t |= 1u << x;
	}
	return t;
}

static int input_pins(const wg_lib_cell *c, const wg_lib_pin **in, int max)
{
	int k = 0;
	for (int i = 0; i < c->npins; i++)
		if (c->pins[i].dir == WG_LIB_IN) {
			if (k == max)
				return max + 1;
			in[k++] = &c->pins[i];
		}
	return k;
}

static int output_count(const wg_lib_cell *c)
{
	int k = 0;
	for (int i = 0; i < c->npins; i++)
		k += c->pins[i].dir == WG_LIB_OUT || c->pins[i].dir == WG_LIB_INOUT;
	return k;
}

/* The permutation number `code` (0 .. k^k - 1, digits base k, p[k - 1] least
 * significant) into p; 0 when its digits are not distinct. */
static int perm_of(long code, int *p, int k)
{
	for (int i = 0; i < k; i++) {
		p[k - 1 - i] = (int)(code % k);
		code /= k;
	}
	for (int a = 0; a < k; a++)
		for (int b = a + 1; b < k; b++)
			if (p[a] == p[b])
				return 0;
	return 1;
}

static const gspec *comb_spec(const char *name)
{
	for (size_t i = 0; i < sizeof comb_types / sizeof comb_types[0]; i++)
		if (strcmp(comb_types[i].name, name) == 0)
			return &comb_types[i];
	return NULL;
}

static int map_comb(const wg_lib *lib, const gspec *g, wg_lib_map *m, char *err, size_t n)
{
	wg_lib_func gf;
	if (wg_lib_func_parse(&gf, g->func, err, n) != 0)
		return -1;
	int k = (int)strlen(g->ports), gv[MAXIN];
	for (int i = 0; i < k; i++) {
		char v[2] = {g->ports[i], 0};
		gv[i] = wg_lib_func_var(&gf, v);
	}
	uint32_t want = truth(&gf, k, gv);
	wg_lib_func_free(&gf);
	const wg_lib_cell *best = NULL;
	double best_e = 0;
	int best_perm[MAXIN] = {0};
	const wg_lib_pin *best_in[MAXIN + 1] = {0};
	for (int ci = 0; ci < lib->ncells; ci++) {
		const wg_lib_cell *c = &lib->cells[ci];
		const wg_lib_pin *in[MAXIN + 1];
		if (c->seq != WG_LIB_COMB || output_count(c) != 1 || input_pins(c, in, MAXIN) != k)
			continue;
		if (best && c->area > best->area)
			continue;
		const wg_lib_pin *out = wg_lib_first_output(c);
		if (!out || !out->function)
			continue;
		/* equal area: the lower internal energy per output transition at the
		 * look-up point, then file order */
		double ce = wg_lib_pin_energy(out, WG_LIB_SLEW_NS, WG_LIB_LOAD_PF);
		if (best && c->area == best->area && !(ce < best_e))
			continue;
		wg_lib_func f;
		char ferr[160];
		if (wg_lib_func_parse(&f, out->function, ferr, sizeof ferr) != 0)
			continue;
		int vars_ok = 1; /* every variable is an input pin (clock gates name internal state) */
		for (int v = 0; v < f.nvars && vars_ok; v++) {
			vars_ok = 0;
			for (int i = 0; i < k; i++)
				vars_ok |= strcmp(f.vars[v], in[i]->name) == 0;
		}
		int p[MAXIN] = {0}, found = 0;
		long ncodes = 1;
		for (int i = 0; i < k; i++)
			ncodes *= k;
		for (long code = 0; vars_ok && !found && code < ncodes; code++) {
			if (!perm_of(code, p, k))
				continue;
			int lv[MAXIN];
			for (int i = 0; i < k; i++)
				lv[i] = wg_lib_func_var(&f, in[p[i]]->name);
			found = truth(&f, k, lv) == want;
		}
		wg_lib_func_free(&f);
		if (found) {
			best = c;
			best_e = ce;
			memcpy(best_perm, p, sizeof best_perm);
			memcpy(best_in, in, sizeof best_in);
		}
	}
	if (!best) {
		snprintf(err, n, "no cell of %s implements %s (Y = %s with %d inputs)", lib->path, g->name, g->func, k);
		return -1;
	}
	m->cell = best;
	m->nports = k;
	char pins[64] = "";
	for (int i = 0; i < k; i++) {
		snprintf(m->ports[i], sizeof m->ports[i], "%c", g->ports[i]);
		m->cap_pf[i] = best_in[best_perm[i]]->cap_pf;
		size_t l = strlen(pins);
		snprintf(pins + l, sizeof pins - l, "%s%c=%s", i ? "," : "", g->ports[i], best_in[best_perm[i]]->name);
	}
	snprintf(m->rule, sizeof m->rule, "same function, smallest area, then lowest energy per transition (%s)", pins);
	return 0;
}

/* A function string that is one variable: its name (in f), else NULL. */
static const char *single_var(const wg_lib_func *f)
{
	return f->nnodes > 0 && f->nodes[f->root].op == WG_LIB_F_VAR ? f->vars[f->nodes[f->root].a] : NULL;
}

static int is_var(const char *text, const char *name)
{
	if (!text || !name)
		return 0;
	wg_lib_func f;
	char e[160];
	if (wg_lib_func_parse(&f, text, e, sizeof e) != 0)
		return 0;
	const char *v = single_var(&f);
	int r = v && strcmp(v, name) == 0;
	wg_lib_func_free(&f);
	return r;
}

static const wg_lib_pin *pin_named_by(const wg_lib_cell *c, const char *text)
{
	if (!text)
		return NULL;
	wg_lib_func f;
	char e[160];
	if (wg_lib_func_parse(&f, text, e, sizeof e) != 0)
		return NULL;
	const char *v = single_var(&f);
	const wg_lib_pin *p = v ? wg_lib_pin_find(c, v) : NULL;
	wg_lib_func_free(&f);
	return p && p->dir == WG_LIB_IN ? p : NULL;
}

/* A sequential cell whose output is the state, clocked (or enabled) by a
 * positive single input pin. Returns the clock pin, else NULL. */
static const wg_lib_pin *plain_seq(const wg_lib_cell *c, wg_lib_seq seq, int ninputs)
{
	const wg_lib_pin *in[8];
	if (c->seq != seq || output_count(c) != 1 || input_pins(c, in, 7) != ninputs)
		return NULL;
	const wg_lib_pin *out = wg_lib_first_output(c);
	if (!out || !is_var(out->function, c->state[0]))
		return NULL;
	return pin_named_by(c, c->clocked_on);
}

/* Enable flop: next_state == DE ? D : state for some choice of the two data
 * pins. Sets *d and *e. */
static int enable_flop(const wg_lib_cell *c, const wg_lib_pin *ck, const wg_lib_pin **d, const wg_lib_pin **e)
{
	const wg_lib_pin *in[8], *data[2];
	int k = input_pins(c, in, 7), nd = 0;
	if (k != 3 || !c->next_state)
		return 0;
	for (int i = 0; i < k; i++)
		if (in[i] != ck)
			data[nd++] = in[i];
	if (nd != 2)
		return 0;
	wg_lib_func f;
	char er[160];
	if (wg_lib_func_parse(&f, c->next_state, er, sizeof er) != 0)
		return 0;
	int ok = 0;
	for (int s = 0; s < 2 && !ok; s++) {
		int lv[3] = {wg_lib_func_var(&f, data[s]->name), wg_lib_func_var(&f, data[1 - s]->name),
			     wg_lib_func_var(&f, c->state[0] ? c->state[0] : "")};
		/* inputs: bit 0 D, bit 1 E, bit 2 Q; want E ? D : Q */
		uint32_t want = 0;
		for (uint32_t x = 0; x < 8; x++)
			if ((x & 2) ? (x & 1) : (x >> 2 & 1))
				want |= 1u << x;
		int vars_ok = 1;
		for (int v = 0; v < f.nvars; v++)
			vars_ok &= wg_lib_func_var(&f, f.vars[v]) == lv[0] || wg_lib_func_var(&f, f.vars[v]) == lv[1] ||
				   wg_lib_func_var(&f, f.vars[v]) == lv[2];
		if (vars_ok && truth(&f, 3, lv) == want) {
			*d = data[s];
			*e = data[1 - s];
			ok = 1;
		}
	}
	wg_lib_func_free(&f);
	return ok;
}

static void set_port(wg_lib_map *m, const char *port, double cap)
{
	snprintf(m->ports[m->nports], sizeof m->ports[0], "%s", port);
	m->cap_pf[m->nports++] = cap;
}

static int map_seq(const wg_lib *lib, const char *g, wg_lib_map *m, char *err, size_t n)
{
	/* decode the name: family and polarity letters */
	const char *fam[] = {"$_DFF_", "$_DFFE_", "$_SDFF_", "$_SDFFE_", "$_SDFFCE_", "$_DLATCH_"};
	int fi = -1;
	size_t fl = 0;
	for (int i = 0; i < 6; i++)
		if (strncmp(g, fam[i], strlen(fam[i])) == 0 && strlen(fam[i]) > fl) {
			fi = i;
			fl = strlen(fam[i]);
		}
	const char *pol = g + fl;
	size_t np = strcspn(pol, "_");
	if (fi < 0 || pol[np] != '_' || pol[np + 1] != '\0' || strspn(pol, "NP01") != np)
		return 1; /* not a supported sequential type */
	int latch = fi == 5, enable = 0, reset = 0;
	char rpol = 'P', rval = '0';
	if ((fi == 0 || fi == 5) && np == 1) {
	} else if ((fi == 0 || fi == 5 || fi == 2) && np == 3) {
		reset = 1;
	} else if (fi == 1 && np == 2) {
		enable = 1;
	} else if ((fi == 1 || fi == 3 || fi == 4) && np == 4) {
		reset = enable = 1;
	} else {
		return 1;
	}
	if (reset) {
		rpol = pol[1];
		rval = pol[2];
		if ((rpol != 'P' && rpol != 'N') || (rval != '0' && rval != '1'))
			return 1;
	}
	/* the base cell */
	const wg_lib_cell *base = NULL, *ebase = NULL;
	const wg_lib_pin *ck = NULL, *bd = NULL, *eck = NULL, *ed = NULL, *ee = NULL;
	for (int ci = 0; ci < lib->ncells; ci++) {
		const wg_lib_cell *c = &lib->cells[ci];
		const wg_lib_pin *k = plain_seq(c, latch ? WG_LIB_LATCH : WG_LIB_FF, 2);
		const wg_lib_pin *d = k ? pin_named_by(c, c->next_state) : NULL;
		if (k && d && d != k && (!base || c->area < base->area)) {
			base = c;
			ck = k;
			bd = d;
		}
		const wg_lib_pin *k3 = !latch && enable ? plain_seq(c, WG_LIB_FF, 3) : NULL;
		const wg_lib_pin *d3, *e3;
		if (k3 && enable_flop(c, k3, &d3, &e3) && (!ebase || c->area < ebase->area)) {
			ebase = c;
			eck = k3;
			ed = d3;
			ee = e3;
		}
	}
	if (ebase) {
		base = ebase;
		ck = eck;
		bd = ed;
	}
	if (!base) {
		snprintf(err, n, "no cell of %s implements %s (no %s with one data input and no set/reset)", lib->path, g,
			 latch ? "latch" : "positive-edge D flip-flop");
		return -1;
	}
	m->cell = base;
	/* extras in front of D: [mux], [reset gate] */
	wg_lib_map mux = {0}, gate = {0};
	int use_mux = enable && !ebase;
	if (use_mux && wg_lib_map_type(lib, "$_MUX_", &mux, err, n) != 0)
		return -1;
	const char *gname = rval == '0' ? (rpol == 'P' ? "$_ANDNOT_" : "$_AND_") : (rpol == 'P' ? "$_OR_" : "$_ORNOT_");
	if (reset && wg_lib_map_type(lib, gname, &gate, err, n) != 0)
		return -1;
	double dcap = bd->cap_pf;
	if (reset) {
		m->extra[m->nextra] = gate.cell;
		m->extra_load_pf[m->nextra++] = dcap + WG_LIB_MAP_WIRE_PF;
		dcap = wg_lib_map_cap(&gate, "A");
	}
	if (use_mux) {
		/* the mux comes first: D -> mux -> [gate] -> flop; extras listed from the flop outwards */
		m->extra[m->nextra] = mux.cell;
		m->extra_load_pf[m->nextra++] = dcap + WG_LIB_MAP_WIRE_PF;
		dcap = wg_lib_map_cap(&mux, "B");
	}
	set_port(m, latch ? "E" : "C", ck->cap_pf);
	set_port(m, "D", dcap);
	if (enable)
		set_port(m, "E", ebase ? ee->cap_pf : wg_lib_map_cap(&mux, "S"));
	if (reset)
		set_port(m, "R", wg_lib_map_cap(&gate, "B"));
	snprintf(m->rule, sizeof m->rule, "%s%s%s%s%s%s", latch ? "smallest latch" : ebase ? "smallest enable flop" :
				 "smallest D flop", use_mux ? " + " : "", use_mux ? mux.cell->name : "", reset ? " + " : "",
		 reset ? gate.cell->name : "", reset ? (rval == '0' ? " (reset to 0 in front of D)" : " (reset to 1 in front of D)") : "");
	return 0;
}

int wg_lib_map_type(const wg_lib *lib, const char *generic, wg_lib_map *m, char *err, size_t n)
{
	memset(m, 0, sizeof *m);
	snprintf(m->generic, sizeof m->generic, "%s", generic);
	const gspec *g = comb_spec(generic);
	if (g)
		return map_comb(lib, g, m, err, n);
	int rc = map_seq(lib, generic, m, err, n);
	if (rc > 0) {
		snprintf(err, n, "%s: not a supported generic cell (no Liberty mapping rule; docs/energy-model.md section 10)",
			 generic);
		return -1;
	}
	return rc;
}

double wg_lib_map_cap(const wg_lib_map *m, const char *port)
{
	for (int i = 0; i < m->nports; i++)
		if (strcmp(m->ports[i], port) == 0)
			return m->cap_pf[i];
	return 0;
}
