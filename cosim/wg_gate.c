/* wg_gate.c - gate-level netlist for co-simulation (Yosys generic gates +
 * simcells.v models) and toggle counting from a whole-run dump. See wg_gate.h. */
#define _POSIX_C_SOURCE 200809L
#include "wg_gate.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "wg_area.h"
#include "wg_buf.h"
#include "wg_gen.h"
#include "wg_lib_map.h"
#include "wg_proc.h"
#include "wg_vtool.h"
#include "wg_yosys.h"

/* Bump when the script or gate.v assembly changes in a way the key does not show. */
#define WG_GATE_RECIPE "wg_gate 3"
/* Private Yosys names become wg<N>: no leading underscore, so Verilator
 * traces them (it hides _-prefixed signals and scopes from dumps). */
#define WG_GATE_PATTERN "wg%"

void wg_gate_free(wg_gate_res *r)
{
	for (long i = 0; i < r->ncells; i++) {
		free(r->cells[i].name);
		free(r->cells[i].out);
		for (int j = 0; j < r->cells[i].nin; j++)
			free(r->cells[i].in[j]);
	}
	for (int i = 0; i < r->ninputs; i++)
		free(r->inputs[i]);
	free(r->cells);
	free(r->types);
	free(r->inputs);
	r->cells = NULL;
	r->types = NULL;
	r->inputs = NULL;
	r->ncells = 0;
	r->ntypes = 0;
	r->ninputs = 0;
}

static int is_flop_type(const char *t)
{
	return strstr(t, "DFF") != NULL || strstr(t, "DLATCH") != NULL || strncmp(t, "$_SR_", 5) == 0;
}

static char *xstrndup(const char *s, size_t len)
{
	char *d = malloc(len + 1);
	if (!d) {
		fprintf(stderr, "warpgen: out of memory\n");
		exit(1);
	}
	memcpy(d, s, len);
	d[len] = '\0';
	return d;
}

static int type_index(wg_gate_res *r, const char *t, size_t len)
{
	for (int i = 0; i < r->ntypes; i++)
		if (strlen(r->types[i].name) == len && strncmp(r->types[i].name, t, len) == 0)
			return i;
	wg_gate_type *nt = realloc(r->types, (size_t)(r->ntypes + 1) * sizeof *nt);
	if (!nt) {
		fprintf(stderr, "warpgen: out of memory\n");
		exit(1);
	}
	r->types = nt;
	wg_gate_type *ty = &r->types[r->ntypes];
	memset(ty, 0, sizeof *ty);
	snprintf(ty->name, sizeof ty->name, "%.*s", (int)len, t);
	ty->flop = is_flop_type(ty->name);
	return r->ntypes++;
}

/* One port connection line ".A(net)," of cell c: the output (Y, Q) or an input. */
static int connection(wg_gate_res *r, wg_gate_cell *c, const char *s, const char *end, char *err, size_t n)
{
	const char *po = s + 1, *pe = po;
	while (pe < end && *pe != '(')
		pe++;
	const char *ce = end;
	while (ce > pe && *ce != ')')
		ce--;
	if (pe >= end || ce <= pe || pe - po > 3) {
		snprintf(err, n, "netlist: cannot read the connection \"%.*s\" of %s", (int)(end - s), s, c->name);
		return -1;
	}
	char *net = malloc((size_t)(ce - pe) + 1);
	if (!net) {
		snprintf(err, n, "out of memory");
		return -1;
	}
	size_t k = 0;
	for (const char *q = pe + 1; q < ce; q++)
		if (!isspace((unsigned char)*q))
			net[k++] = *q;
	net[k] = '\0';
	int outp = (pe - po == 1) && (*po == (r->types[c->type].flop ? 'Q' : 'Y'));
	if (outp) {
		free(c->out);
		c->out = net;
	} else if (c->nin < WG_GATE_MAXIN) {
		snprintf(c->port[c->nin], sizeof c->port[0], "%.*s", (int)(pe - po), po);
		c->in[c->nin++] = net;
	} else {
		free(net);
		snprintf(err, n, "netlist: cell %s has more than %d inputs", c->name, WG_GATE_MAXIN);
		return -1;
	}
	return 0;
}

/* Instances are lines "  \$_AND_  wg12 (" (write_verilog -noexpr); inputs
 * "  input [4:0] name;" or "  input name;". */
int wg_gate_parse_netlist(wg_gate_res *r, const char *text, char *err, size_t n)
{
	long cap = 0, cur = -1;
	int icap = 0;
	for (const char *line = text; line && *line;) {
		const char *eol = strchr(line, '\n');
		const char *end = eol ? eol : line + strlen(line);
		const char *s = line;
		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		if (end - s > 3 && s[0] == '\\' && s[1] == '$') {
			const char *t = s + 1, *te = t;
			while (te < end && !isspace((unsigned char)*te))
				te++;
			const char *nm = te;
			while (nm < end && isspace((unsigned char)*nm))
				nm++;
			const char *ne = nm;
			while (ne < end && !isspace((unsigned char)*ne) && *ne != '(')
				ne++;
			if (ne == nm) {
				snprintf(err, n, "netlist: cannot read the instance line \"%.*s\"", (int)(end - line), line);
				return -1;
			}
			if (r->ncells == cap) {
				cap = cap ? 2 * cap : 1024;
				wg_gate_cell *nc = realloc(r->cells, (size_t)cap * sizeof *nc);
				if (!nc) {
					snprintf(err, n, "out of memory");
					return -1;
				}
				r->cells = nc;
			}
			int ti = type_index(r, t, (size_t)(te - t));
			memset(&r->cells[r->ncells], 0, sizeof r->cells[0]);
			r->cells[r->ncells].name = xstrndup(nm, (size_t)(ne - nm));
			r->cells[r->ncells].type = ti;
			cur = r->ncells++;
			r->types[ti].cells++;
			if (r->types[ti].flop)
				r->flops++;
		} else if (cur >= 0 && s < end && *s == '.') {
			if (connection(r, &r->cells[cur], s, end, err, n) != 0)
				return -1;
		} else if (s < end && *s == ')') {
			cur = -1;
		} else if (end - s > 6 && strncmp(s, "input ", 6) == 0) {
			const char *e = end;
			while (e > s && (e[-1] == ';' || isspace((unsigned char)e[-1])))
				e--;
			const char *b = e;
			while (b > s && !isspace((unsigned char)b[-1]) && b[-1] != ']')
				b--;
			if (b < e) {
				if (r->ninputs == icap) {
					icap = icap ? 2 * icap : 32;
					char **ni = realloc(r->inputs, (size_t)icap * sizeof *ni);
					if (!ni) {
						snprintf(err, n, "out of memory");
						return -1;
					}
					r->inputs = ni;
				}
				r->inputs[r->ninputs++] = xstrndup(b, (size_t)(e - b));
			}
		}
		line = eol ? eol + 1 : NULL;
	}
	if (r->ncells == 0) {
		snprintf(err, n, "netlist: no cell instances (not a `write_verilog -noexpr` netlist?)");
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------ synthesis */

static void synth_script(wg_buf *o, const wg_block *b, const long *p, const char *top)
{
	char cfg[1024];
	wg_config_name(b, p, 0, cfg, sizeof cfg);
	wg_buf_printf(o, "# warpgen cosim --gate: %s (%s) to Yosys's generic gates. Generated: do not edit.\n",
		      b->name, cfg);
	wg_buf_printf(o, "read_verilog ../%s.v\n", top);
	wg_buf_printf(o, "hierarchy -check -top %s\n", top);
	wg_buf_printf(o, "synth -flatten -top %s\n", top);
	wg_buf_printf(o, "opt_clean -purge\n");
	wg_buf_printf(o, "# private names _N_ -> wgN: Verilator does not trace names that start with _\n");
	wg_buf_printf(o, "rename -enumerate -pattern %s\n", WG_GATE_PATTERN);
	wg_buf_printf(o, "tee -q -o stat.txt stat\n");
	wg_buf_printf(o, "write_verilog -noattr -noexpr netlist.v\n");
}

/* simcells.v: $WARPGEN_YOSYS_DATDIR, else <yosys's prefix>/share/yosys. */
static void simcells_path(char *buf, size_t n)
{
	const char *d = getenv("WARPGEN_YOSYS_DATDIR");
	if (d && *d) {
		snprintf(buf, n, "%s/simcells.v", d);
		return;
	}
	const char *path = getenv("PATH");
	char dir[1024];
	while (path && *path) {
		const char *c = strchr(path, ':');
		size_t len = c ? (size_t)(c - path) : strlen(path);
		if (len > 0 && len < sizeof dir - 64) {
			char exe[1100];
			snprintf(dir, sizeof dir, "%.*s", (int)len, path);
			snprintf(exe, sizeof exe, "%s/yosys", dir);
			if (access(exe, X_OK) == 0) {
				snprintf(buf, n, "%s/../share/yosys/simcells.v", dir);
				if (access(buf, R_OK) == 0)
					return;
			}
		}
		path = c ? c + 1 : NULL;
	}
	snprintf(buf, n, "/usr/share/yosys/simcells.v");
}

/* Append the module `type` of simcells.v ("module \$_AND_ (" ... "endmodule"). */
static int add_model(wg_buf *o, const char *lib, const char *libpath, const char *type, char *err, size_t n)
{
	char head[80];
	snprintf(head, sizeof head, "module \\%s (", type);
	const char *s = lib;
	while ((s = strstr(s, head)) != NULL && s != lib && s[-1] != '\n')
		s++;
	const char *e = s ? strstr(s, "\nendmodule") : NULL;
	if (!s || !e) {
		snprintf(err, n, "%s: no simulation model for the cell type %s", libpath, type);
		return -1;
	}
	/* Only the output is traced: the inputs are other cells' outputs or
	 * primary inputs (traced there), and their declarations would double the
	 * traced build's code. The metacomments hold until changed, so every
	 * model ends with tracing on. */
	const char *body = strchr(s, '\n');
	wg_buf_printf(o, "\n%.*s/*verilator tracing_off*/\n", (int)(body + 1 - s), s);
	for (const char *l = body + 1; l < e + 1;) {
		const char *le = strchr(l, '\n');
		int out = strncmp(l, "output", 6) == 0;
		wg_buf_printf(o, "%s%.*s%s", out ? "/*verilator tracing_on*/\n" : "", (int)(le + 1 - l), l,
			      out ? "/*verilator tracing_off*/\n" : "");
		l = le + 1;
	}
	wg_buf_printf(o, "/*verilator tracing_on*/\nendmodule\n");
	return 0;
}

static int is_port(const wg_gate_res *r, const char *net, const char *const *outs, int nouts)
{
	for (int i = 0; i < r->ninputs; i++)
		if (strcmp(r->inputs[i], net) == 0)
			return 1;
	for (int i = 0; i < nouts; i++)
		if (strcmp(outs[i], net) == 0)
			return 1;
	return 0;
}

/* The declared name of the netlist line [l, le) ("  wire [3:0] name;"):
 * *b = its start; returns its end. */
static const char *decl_name(const char *l, const char *le, const char **b)
{
	const char *e = le;
	while (e > l && (e[-1] == ';' || isspace((unsigned char)e[-1])))
		e--;
	const char *s = e;
	while (s > l && !isspace((unsigned char)s[-1]) && s[-1] != ']')
		s--;
	*b = s;
	return e;
}

/* Copy the netlist with its internal wires untraced: their values are the
 * cells' outputs, traced in the cells' scopes, and declaring both would about
 * double the traced build. Ports stay traced (inputs are counted; both are in
 * --wave dumps). */
static void untrace_wires(wg_buf *o, const char *net, const wg_gate_res *r)
{
	const char **outs = NULL;
	int nouts = 0;
	for (const char *l = net; *l;) {
		const char *le = strchr(l, '\n');
		le = le ? le + 1 : l + strlen(l);
		if (strncmp(l, "  output ", 9) == 0) {
			const char *b, *e = decl_name(l, le, &b);
			const char **no = realloc(outs, (size_t)(nouts + 1) * sizeof *no);
			if (!no) {
				fprintf(stderr, "warpgen: out of memory\n");
				exit(1);
			}
			outs = no;
			outs[nouts++] = xstrndup(b, (size_t)(e - b));
		}
		l = le;
	}
	for (const char *l = net; *l;) {
		const char *le = strchr(l, '\n');
		le = le ? le + 1 : l + strlen(l);
		int untrace = 0;
		if (strncmp(l, "  wire ", 7) == 0) {
			const char *b, *e = decl_name(l, le, &b);
			char name[512];
			snprintf(name, sizeof name, "%.*s", (int)(e - b), b);
			untrace = !is_port(r, name, outs, nouts);
		}
		wg_buf_printf(o, "%s%.*s%s", untrace ? "/*verilator tracing_off*/\n" : "", (int)(le - l), l,
			      untrace ? "/*verilator tracing_on*/\n" : "");
		l = le;
	}
	for (int i = 0; i < nouts; i++)
		free((void *)outs[i]);
	free(outs);
}

int wg_gate_synth(const wg_block *b, const long *p, const char *top, wg_gate_res *r, int *code, char *err,
		  size_t n)
{
	memset(r, 0, sizeof *r);
	*code = 2;
	char cfg[1024], path[WG_GATE_PATH + 64];
	wg_config_name(b, p, 1, cfg, sizeof cfg);
	snprintf(r->dir, sizeof r->dir, "%s/gate/%s/%s", wg_out_dir(), b->name, cfg);
	if (wg_yosys_version(r->yosys_version, sizeof r->yosys_version) != 0) {
		*code = 1;
		snprintf(err, n, "yosys not found or not working (`yosys -V` failed): install it with `make deps`");
		return -1;
	}
	if (wg_generate(b, p, top, r->dir, err, n) != 0)
		return -1;
	*code = 1;
	snprintf(path, sizeof path, "%s/%s.v", r->dir, top);
	char *verilog = wg_read_file(path, NULL, err, n);
	if (!verilog)
		return -1;
	wg_buf script = {0};
	synth_script(&script, b, p, top);
	uint64_t key = wg_fnv_part(WG_FNV_INIT, WG_GATE_RECIPE, strlen(WG_GATE_RECIPE));
	key = wg_fnv_part(key, r->yosys_version, strlen(r->yosys_version));
	key = wg_fnv_part(key, script.s, strlen(script.s));
	key = wg_fnv_part(key, verilog, strlen(verilog));
	free(verilog);
	static const char *const outs[] = {"netlist.v", "stat.txt", NULL};
	int rc = 0;
	if (wg_yosys_cached(r->dir, "synth", key, outs))
		r->synth_cached = 1;
	else
		rc = wg_yosys_step(r->dir, "synth", script.s, key, outs, outs, &r->synth_seconds, code, err, n);
	wg_buf_free(&script);
	if (rc != 0)
		return -1;
	snprintf(r->netlist, sizeof r->netlist, "%s/netlist.v", r->dir);
	snprintf(r->sim, sizeof r->sim, "%s/gate.v", r->dir);
	char *net = wg_read_file(r->netlist, NULL, err, n);
	if (!net)
		return -1;
	if (wg_gate_parse_netlist(r, net, err, n) != 0) {
		free(net);
		return -1;
	}
	char lpath[2048];
	simcells_path(lpath, sizeof lpath);
	char *lib = wg_read_file(lpath, NULL, err, n);
	if (!lib) {
		free(net);
		return -1;
	}
	wg_buf o = {0};
	wg_buf_printf(&o, "// warpgen cosim --gate: Yosys netlist of %s (%s) + the models of its cells\n"
			  "// from %s. Generated: do not edit.\n",
		      b->name, cfg, lpath);
	untrace_wires(&o, net, r);
	free(net);
	for (int i = 0; rc == 0 && i < r->ntypes; i++)
		rc = add_model(&o, lib, lpath, r->types[i].name, err, n);
	free(lib);
	if (rc == 0)
		rc = wg_write_atomic(r->sim, o.s, strlen(o.s), err, n);
	wg_buf_free(&o);
	return rc;
}

/* ------------------------------------------------------------- toggles */

typedef struct vsig {
	char *id;        /* VCD identifier code */
	int width;       /* bits */
	char *last;      /* last value, one char per bit (MSB first), 'x' before the first */
	uint64_t tog;    /* 0<->1 bit transitions */
} vsig;

typedef struct vmap {
	vsig *s;         /* open-addressing table */
	size_t cap;      /* power of two */
	size_t used;     /* entries */
} vmap;

static size_t vhash(const char *id)
{
	return (size_t)wg_fnv_part(WG_FNV_INIT, id, strlen(id));
}

static vsig *vmap_find(vmap *m, const char *id, int create, int width)
{
	if (create && 2 * (m->used + 1) > m->cap) {
		vmap g = {.cap = m->cap ? 2 * m->cap : 1024};
		g.s = calloc(g.cap, sizeof *g.s);
		if (!g.s) {
			fprintf(stderr, "warpgen: out of memory\n");
			exit(1);
		}
		for (size_t i = 0; i < m->cap; i++)
			if (m->s[i].id) {
				size_t h = vhash(m->s[i].id) & (g.cap - 1);
				while (g.s[h].id)
					h = (h + 1) & (g.cap - 1);
				g.s[h] = m->s[i];
			}
		g.used = m->used;
		free(m->s);
		*m = g;
	}
	if (!m->cap)
		return NULL;
	size_t h = vhash(id) & (m->cap - 1);
	while (m->s[h].id) {
		if (strcmp(m->s[h].id, id) == 0)
			return &m->s[h];
		h = (h + 1) & (m->cap - 1);
	}
	if (!create)
		return NULL;
	vsig *v = &m->s[h];
	v->id = xstrndup(id, strlen(id));
	v->width = width > 0 ? width : 1;
	v->last = malloc((size_t)v->width + 1);
	if (!v->last) {
		fprintf(stderr, "warpgen: out of memory\n");
		exit(1);
	}
	memset(v->last, 'x', (size_t)v->width);
	v->last[v->width] = '\0';
	m->used++;
	return v;
}

static void vmap_free(vmap *m)
{
	for (size_t i = 0; i < m->cap; i++) {
		free(m->s[i].id);
		free(m->s[i].last);
	}
	free(m->s);
}

/* A new value (MSB first, possibly shorter than the width: VCD left-extends
 * with 0, or with x/z when the first digit is x/z). */
static void vchange(vsig *v, const char *val, size_t len)
{
	char pad = len && (val[0] == 'x' || val[0] == 'X' || val[0] == 'z' || val[0] == 'Z') ? 'x' : '0';
	for (int i = 0; i < v->width; i++) {
		long j = (long)i - (long)(v->width - (int)len);
		char c = j < 0 ? pad : (char)tolower((unsigned char)val[j]);
		char o = v->last[i];
		if ((o == '0' && c == '1') || (o == '1' && c == '0'))
			v->tog++;
		v->last[i] = c;
	}
}

/* One cell output or input port declared in the dump. */
typedef struct vref {
	long cell;       /* cell index, or -1 for an input port */
	int input;       /* input index when cell < 0 */
	char id[64];     /* its VCD id */
} vref;

/* Instance names sorted, for bsearch. */
typedef struct cell_key {
	const char *name; /* instance name */
	long idx;         /* index in r->cells */
} cell_key;

static int by_name(const void *a, const void *b)
{
	return strcmp(((const cell_key *)a)->name, ((const cell_key *)b)->name);
}

static cell_key *cell_keys(const wg_gate_res *r)
{
	cell_key *k = malloc(((size_t)r->ncells + 1) * sizeof *k);
	if (!k) {
		fprintf(stderr, "warpgen: out of memory\n");
		exit(1);
	}
	for (long i = 0; i < r->ncells; i++)
		k[i] = (cell_key){.name = r->cells[i].name, .idx = i};
	qsort(k, (size_t)r->ncells, sizeof *k, by_name);
	return k;
}

static long cell_find(const cell_key *k, long n, const char *name)
{
	cell_key want = {.name = name};
	const cell_key *f = bsearch(&want, k, (size_t)n, sizeof *k, by_name);
	return f ? f->idx : -1;
}

int wg_gate_count_vcd(wg_gate_res *r, FILE *f, const char *name, const char *top, const char *clock, char *err,
		      size_t n)
{
	vmap m = {0};
	vref *refs = NULL;
	long nrefs = 0, rcap = 0, lineno = 0;
	cell_key *keys = cell_keys(r);
	int depth = 0, top_ok = 0, defs_done = 0, rc = 0;
	char scope[3][256] = {{0}};
	char *line = NULL;
	size_t lcap = 0;
	ssize_t len;
	while ((len = getline(&line, &lcap, f)) > 0) {
		lineno++;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		char *s = line;
		while (*s == ' ' || *s == '\t')
			s++;
		if (!defs_done) {
			char w1[64], w2[256], w3[64], w4[256];
			int width;
			if (sscanf(s, "$scope %63s %255s", w1, w2) == 2) {
				if (depth < 3)
					snprintf(scope[depth], sizeof scope[depth], "%s", w2);
				depth++;
				if (depth == 2 && strcmp(scope[1], top) == 0 && strcmp(scope[0], "TOP") == 0)
					top_ok = 1;
			} else if (strncmp(s, "$upscope", 8) == 0) {
				depth--;
			} else if (sscanf(s, "$var %63s %d %63s %255s", w1, &width, w3, w4) == 4) {
				vsig *v = vmap_find(&m, w3, 1, width);
				v->width = v->width > width ? v->width : width;
				long cell = -1;
				int input = -1;
				int in_top = depth >= 2 && strcmp(scope[0], "TOP") == 0 && strcmp(scope[1], top) == 0;
				if (depth == 3 && in_top) {
					cell = cell_find(keys, r->ncells, scope[2]);
					if (cell >= 0 &&
					    strcmp(w4, r->types[r->cells[cell].type].flop ? "Q" : "Y") != 0)
						cell = -1;
				} else if (depth == 2 && in_top) {
					for (int i = 0; i < r->ninputs; i++)
						if (strcmp(r->inputs[i], w4) == 0)
							input = i;
				}
				if (cell >= 0 || input >= 0) {
					if (nrefs == rcap) {
						rcap = rcap ? 2 * rcap : 1024;
						vref *nr = realloc(refs, (size_t)rcap * sizeof *nr);
						if (!nr) {
							fprintf(stderr, "warpgen: out of memory\n");
							exit(1);
						}
						refs = nr;
					}
					refs[nrefs].cell = cell;
					refs[nrefs].input = input;
					snprintf(refs[nrefs++].id, sizeof refs[0].id, "%s", w3);
				}
			} else if (strncmp(s, "$enddefinitions", 15) == 0) {
				defs_done = 1;
			}
			continue;
		}
		if (*s == '#' || *s == '$' || *s == '\0')
			continue;
		vsig *v = NULL;
		if (*s == 'b' || *s == 'B') {
			char *sp = strchr(s, ' ');
			if (sp) {
				v = vmap_find(&m, sp + 1, 0, 0);
				if (v)
					vchange(v, s + 1, (size_t)(sp - s - 1));
			}
		} else if (*s == 'r' || *s == 'R') {
			continue; /* reals: not nets */
		} else {
			v = vmap_find(&m, s + 1, 0, 0);
			if (v)
				vchange(v, s, 1);
		}
		if (!v) {
			snprintf(err, n, "%s:%ld: value change of an undeclared signal: %s", name, lineno, s);
			rc = -1;
			break;
		}
	}
	free(line);
	if (rc == 0 && !top_ok) {
		snprintf(err, n, "%s: no scope TOP.%s in the dump", name, top);
		rc = -1;
	}
	if (rc == 0) {
		for (int t = 0; t < r->ntypes; t++)
			r->types[t].toggles = 0;
		r->cell_toggles = r->flop_toggles = r->input_toggles = r->clock_toggles = 0;
		r->cells_found = 0;
		char *seen = calloc((size_t)r->ncells + 1, 1);
		for (long i = 0; i < nrefs; i++) {
			vsig *v = vmap_find(&m, refs[i].id, 0, 0);
			uint64_t t = v ? v->tog : 0;
			if (refs[i].cell >= 0) {
				if (seen[refs[i].cell])
					continue;
				seen[refs[i].cell] = 1;
				r->cells[refs[i].cell].toggles = t;
				wg_gate_type *ty = &r->types[r->cells[refs[i].cell].type];
				ty->toggles += t;
				r->cell_toggles += t;
				r->flop_toggles += ty->flop ? t : 0;
				r->cells_found++;
			} else if (clock && strcmp(r->inputs[refs[i].input], clock) == 0) {
				r->clock_toggles += t;
			} else {
				r->input_toggles += t;
			}
		}
		free(seen);
		r->have_toggles = 1;
	}
	free(refs);
	free(keys);
	vmap_free(&m);
	return rc;
}

int wg_gate_toggles(wg_gate_res *r, const char *fst, const char *top, const char *clock, long cycles, char *err,
		    size_t n)
{
	char vcd[WG_GATE_PATH + 64];
	snprintf(vcd, sizeof vcd, "%s.%ld.vcd", fst, (long)getpid());
	char *argv[] = {"fst2vcd", (char *)fst, "-o", vcd, NULL};
	if (wg_proc_run(argv, -1) != 0) {
		unlink(vcd);
		snprintf(err, n, "fst2vcd %s failed (GTKWave's fst2vcd is needed to count toggles)", fst);
		return -1;
	}
	FILE *f = fopen(vcd, "r");
	if (!f) {
		snprintf(err, n, "cannot read %s: %s", vcd, strerror(errno));
		unlink(vcd);
		return -1;
	}
	int rc = wg_gate_count_vcd(r, f, vcd, top, clock, err, n);
	fclose(f);
	unlink(vcd);
	r->cycles = cycles;
	if (rc == 0 && r->cells_found != r->ncells) {
		snprintf(err, n, "%s: the outputs of %ld of the %ld cells are missing from the dump", fst,
			 r->ncells - r->cells_found, r->ncells);
		return -1;
	}
	return rc;
}

/* -------------------------------------------------------------- liberty */

int wg_gate_liberty(wg_gate_res *r, const wg_block *b, const long *p, const char *liberty, int *code, char *err,
		    size_t n)
{
	wg_area_result a;
	if (wg_area_run(b, p, liberty, &a, code, err, n) != 0) {
		wg_area_free(&a);
		return -1;
	}
	r->have_lib = 1;
	snprintf(r->lib_path, sizeof r->lib_path, "%s", liberty);
	r->lib_cells = a.lib.cells;
	r->lib_flops = a.lib_flops;
	r->lib_area_um2 = a.area_um2;
	r->have_leak = a.have_leak;
	r->lib_leak_nw = a.leak_nw;
	wg_area_free(&a);
	return 0;
}

/* ------------------------------------------------------------- reports */

/* The activity energy lines (or how to get them). */
static void print_energy(const wg_gate_res *r, double cyc)
{
	const wg_gate_energy *e = &r->en;
	if (!r->have_lib) {
		printf("  gate: no activity energy: give --liberty FILE (a Liberty .lib, e.g. sky130 hd typical) to price the "
		       "toggles (docs/energy-model.md section 10)\n");
		return;
	}
	if (!e->ok) {
		printf("  gate: no activity energy: %s\n", e->note[0] ? e->note : "not computed");
		return;
	}
	printf("  gate: activity energy (%s, %.2f V) per cycle: internal %.4f, switching %.4f, clock %.4f, leakage %.3g, "
	       "total %.4f pJ\n",
	       e->lib_name, e->vdd, e->internal_pj / cyc, e->switching_pj / cyc, e->clock_pj / cyc, e->leakage_pj / cyc,
	       e->total_pj / cyc);
	printf("  gate: assumptions: each generic cell priced as the smallest library cell of its function, slew %.2f ns, "
	       "load = fanout pins + %.1f fF wire per pin (mean %.2f fF), clock period %.3g ns (%s), clock pins only "
	       "(no tree), no glitches\n",
	       WG_LIB_SLEW_NS, WG_LIB_MAP_WIRE_PF * 1000, e->mean_load_pf * 1000, e->period_ns, e->period_basis);
	if (e->table_ok && e->table_pj > 0)
		printf("  gate: power-table estimate of the run %.4f pJ per cycle; activity / table = %.3g%s%s%s\n",
		       e->table_pj / cyc, e->total_pj / e->table_pj, e->table_note[0] ? " (" : "", e->table_note,
		       e->table_note[0] ? ")" : "");
	else
		printf("  gate: power-table estimate n/g; ratio n/a: %s\n",
		       e->table_note[0] ? e->table_note : "the papers give no pJ");
}

void wg_gate_print(const wg_gate_res *r, int quiet)
{
	printf("  gate: %ld cells, %ld flops (Yosys generic gates, %s: %s)\n", r->ncells, r->flops,
	       r->synth_cached ? "netlist cached" : "synthesized", r->netlist);
	if (!r->synth_cached)
		printf("  gate: synthesis took %.1f s\n", r->synth_seconds);
	if (r->have_lib) {
		printf("  gate: Liberty %s (statistics only, the simulated netlist is the generic one): %ld cells, "
		       "%ld flops, area %.1f um^2",
		       r->lib_path, r->lib_cells, r->lib_flops, r->lib_area_um2);
		if (r->have_leak)
			printf(", leakage %.1f nW", r->lib_leak_nw);
		printf("\n");
	}
	if (!r->have_toggles)
		return;
	double cyc = r->cycles > 0 ? (double)r->cycles : 1;
	print_energy(r, cyc);
	printf("  gate: toggles over %ld cycles: cells %llu (%.2f per cell per cycle), flops %llu, inputs %llu, clock %llu\n",
	       r->cycles, (unsigned long long)r->cell_toggles, (double)r->cell_toggles / cyc / (r->ncells ? r->ncells : 1),
	       (unsigned long long)r->flop_toggles, (unsigned long long)r->input_toggles,
	       (unsigned long long)r->clock_toggles);
	if (quiet)
		return;
	int en = r->en.ok;
	printf("  %-16s %8s %14s %12s%s\n", "cell type", "cells", "out toggles", "per cycle",
	       en ? "   pJ/cycle  priced as" : "");
	for (int i = 0; i < r->ntypes; i++) {
		printf("  %-16s %8ld %14llu %12.2f", r->types[i].name, r->types[i].cells,
		       (unsigned long long)r->types[i].toggles, (double)r->types[i].toggles / cyc);
		if (en)
			printf(" %10.4f  %s", r->types[i].energy_pj / cyc, r->types[i].lib_cell);
		printf("\n");
	}
}

int wg_gate_json(const wg_gate_res *r, const char *path, char *err, size_t n)
{
	char *text = wg_read_file(path, NULL, err, n);
	if (!text)
		return -1;
	char *end = strrchr(text, '}');
	if (!end) {
		snprintf(err, n, "%s: not a JSON object", path);
		free(text);
		return -1;
	}
	while (end > text && isspace((unsigned char)end[-1]))
		end--;
	wg_buf j = {0};
	wg_buf_printf(&j, "%.*s,\n  \"gate\": {\"netlist\": ", (int)(end - text), text);
	wg_buf_json_str(&j, r->netlist);
	wg_buf_printf(&j, ", \"library\": \"yosys-generic\", \"cells\": %ld, \"flops\": %ld", r->ncells, r->flops);
	if (r->have_toggles)
		wg_buf_printf(&j,
			      ", \"cycles\": %ld, \"cell_toggles\": %llu, \"flop_toggles\": %llu, \"input_toggles\": %llu, "
			      "\"clock_toggles\": %llu",
			      r->cycles, (unsigned long long)r->cell_toggles, (unsigned long long)r->flop_toggles,
			      (unsigned long long)r->input_toggles, (unsigned long long)r->clock_toggles);
	if (r->have_lib) {
		wg_buf_printf(&j, ",\n    \"liberty\": {\"file\": ");
		wg_buf_json_str(&j, r->lib_path);
		wg_buf_printf(&j, ", \"simulated\": false, \"cells\": %ld, \"flops\": %ld, \"area_um2\": %.3f, \"leakage_nw\": ",
			      r->lib_cells, r->lib_flops, r->lib_area_um2);
		if (r->have_leak)
			wg_buf_printf(&j, "%.3f}", r->lib_leak_nw);
		else
			wg_buf_printf(&j, "null}");
	}
	if (r->have_lib && r->have_toggles) {
		const wg_gate_energy *e = &r->en;
		wg_buf_printf(&j, ",\n    \"activity_energy_pj\": ");
		if (e->ok) {
			double cyc = r->cycles > 0 ? (double)r->cycles : 1;
			wg_buf_printf(&j, "{\"library\": ");
			wg_buf_json_str(&j, e->lib_name);
			wg_buf_printf(&j, ", \"vdd\": %.3f, \"slew_ns\": %.3f, \"wire_pf_per_fanout\": %.6f, \"mean_load_pf\": %.6f, "
				      "\"period_ns\": %.6g, \"period_basis\": ",
				      e->vdd, WG_LIB_SLEW_NS, WG_LIB_MAP_WIRE_PF, e->mean_load_pf, e->period_ns);
			wg_buf_json_str(&j, e->period_basis);
			wg_buf_printf(&j, ", \"internal\": %.6f, \"switching\": %.6f, \"clock\": %.6f, \"leakage\": %.6f, "
				      "\"total\": %.6f, \"per_cycle\": %.6f, \"instances\": %ld}",
				      e->internal_pj, e->switching_pj, e->clock_pj, e->leakage_pj, e->total_pj, e->total_pj / cyc,
				      e->lib_instances);
		} else {
			wg_buf_printf(&j, "null, \"activity_note\": ");
			wg_buf_json_str(&j, e->note);
		}
		int tab = e->table_ok && e->table_pj > 0;
		if (tab)
			wg_buf_printf(&j, ", \"table_energy_pj\": %.6f", e->table_pj);
		else
			wg_buf_printf(&j, ", \"table_energy_pj\": null");
		if (tab && e->ok) {
			wg_buf_printf(&j, ", \"ratio\": %.6f", e->total_pj / e->table_pj);
			if (e->table_note[0]) {
				wg_buf_printf(&j, ", \"table_note\": ");
				wg_buf_json_str(&j, e->table_note);
			}
		} else {
			wg_buf_printf(&j, ", \"ratio\": null, \"ratio_note\": ");
			wg_buf_json_str(&j, !e->ok ? "n/a: no activity energy" : e->table_note[0] ? e->table_note : "n/a: the papers give no pJ");
		}
	}
	wg_buf_printf(&j, ",\n    \"types\": [");
	for (int i = 0; i < r->ntypes; i++) {
		wg_buf_printf(&j, "%s\n      {\"type\": ", i ? "," : "");
		wg_buf_json_str(&j, r->types[i].name);
		wg_buf_printf(&j, ", \"cells\": %ld, \"flop\": %s", r->types[i].cells, r->types[i].flop ? "true" : "false");
		if (r->have_toggles)
			wg_buf_printf(&j, ", \"toggles\": %llu", (unsigned long long)r->types[i].toggles);
		if (r->en.ok) {
			wg_buf_printf(&j, ", \"liberty_cells\": ");
			wg_buf_json_str(&j, r->types[i].lib_cell);
			wg_buf_printf(&j, ", \"activity_energy_pj\": %.6f", r->types[i].energy_pj);
		}
		wg_buf_printf(&j, "}");
	}
	wg_buf_printf(&j, "]}\n}\n");
	free(text);
	int rc = wg_write_atomic(path, j.s, strlen(j.s), err, n);
	wg_buf_free(&j);
	return rc;
}
