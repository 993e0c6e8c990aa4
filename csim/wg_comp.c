/* wg_comp.c - compositions: the structural check, the widths, the C model of
 * instances run together (the generated top module: gen/wg_comp_verilog.c).
 * Contract: docs/composition.md.
 *
 * An instance entry with a count (an instance array) stands for several
 * copies of one block with the same parameters; the model, the wires and
 * the generated top work on copies, the descriptor's checks on entries.
 *
 * The model is one block of memory addressed by byte offsets (no self
 * pointers, so it can be copied): a header (comp_model), then per copy its
 * model, its input frame, the input frame of its last evaluation, its
 * output frame and that frame as the outputs last read it, then copies of
 * the composition's input frame (last evaluated, last applied) and its
 * output frame as last written, then the port moves (comp_move) and two
 * indexes into them (per input word, the moves reading it; per copy, the
 * output moves from it). */
#include "wg_comp.h"
#include "wg_comp_plan.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_bits.h"
#include "wg_buf.h"

#define COMP_ERRLEN 256

/* ------------------------------------------------------------------ */
/* Resolving the descriptor: bindings, endpoints, widths               */
/* ------------------------------------------------------------------ */

/* comp_ep, comp_plan: wg_comp_plan.h (shared with the Verilog writer, gen/wg_comp_verilog.c) */

/* "<comp>: instance <inst> (<block>): <msg>", the child's own "<block>: "
 * prefix removed. msg may live in buf. */
static const char *child_err(const wg_block *b, int k, const char *msg, char *buf, size_t n)
{
	const wg_comp_inst *ci = &b->comp->inst[k];
	char tmp[COMP_ERRLEN];
	size_t bl = strlen(ci->block->name);
	if (strncmp(msg, ci->block->name, bl) == 0 && msg[bl] == ':' && msg[bl + 1] == ' ')
		msg += bl + 2;
	snprintf(tmp, sizeof tmp, "%s", msg);
	snprintf(buf, n, "%s: instance %s (%s): %s", b->name, ci->name, ci->block->name, tmp);
	return buf;
}

/* Value of one binding item's right-hand side for child parameter cd. */
static const char *bind_value(const wg_block *b, const long *p, const wg_param_def *cd, const char *val, long *v,
			      char *buf, size_t n)
{
	int pi = wg_param_index(b, val);
	if (pi >= 0) {
		const wg_param_def *pd = &b->params[pi];
		if (pd->choices && cd->choices) { /* enum to enum: by choice name */
			if (p[pi] < pd->min || p[pi] > pd->max) {
				snprintf(buf, n, "%s=%ld is out of range", pd->name, p[pi]);
				return buf;
			}
			for (long c = 0; cd->choices[c]; c++)
				if (strcmp(cd->choices[c], pd->choices[p[pi]]) == 0) {
					*v = c;
					return NULL;
				}
			snprintf(buf, n, "%s=%s is not a choice of %s", pd->name, pd->choices[p[pi]], cd->name);
			return buf;
		}
		*v = p[pi];
		return NULL;
	}
	if (cd->choices)
		for (long c = 0; cd->choices[c]; c++)
			if (strcmp(cd->choices[c], val) == 0) {
				*v = c;
				return NULL;
			}
	char *end;
	errno = 0;
	long x = strtol(val, &end, 0);
	if (*val == '\0' || *end != '\0' || errno) {
		snprintf(buf, n, "%s=%s: not a parameter of the composition, a choice or a number", cd->name, val);
		return buf;
	}
	*v = x;
	return NULL;
}

static const char *bind_parse(const wg_block *b, int k, const long *p, long *child, char *buf, size_t n)
{
	const wg_comp_inst *ci = &b->comp->inst[k];
	const wg_block *cb = ci->block;
	char msg[COMP_ERRLEN];
	unsigned long long seen = 0;
	wg_params_default(cb, child);
	for (const char *s = ci->bind ? ci->bind : ""; *s;) {
		size_t len = strcspn(s, ",");
		char item[128];
		const char *eq = memchr(s, '=', len);
		if (len >= sizeof item || !eq || eq == s) {
			snprintf(buf, n, "%s: instance %s: binding '%.*s' is not CHILD_PARAM=VALUE", b->name, ci->name,
				 (int)len, s);
			return buf;
		}
		memcpy(item, s, len);
		item[len] = '\0';
		item[eq - s] = '\0';
		const char *val = item + (eq - s) + 1;
		int i = wg_param_index(cb, item);
		if (i < 0) {
			snprintf(buf, n, "%s: instance %s: block %s has no parameter %s", b->name, ci->name, cb->name,
				 item);
			return buf;
		}
		if (seen & (1ull << i)) {
			snprintf(buf, n, "%s: instance %s: %s is bound twice", b->name, ci->name, item);
			return buf;
		}
		seen |= 1ull << i;
		if (bind_value(b, p, &cb->params[i], val, &child[i], msg, sizeof msg)) {
			snprintf(buf, n, "%s: instance %s: binding %s", b->name, ci->name, msg);
			return buf;
		}
		s += len + (s[len] == ',');
	}
	return NULL;
}

const char *wg_comp_child_params(const wg_block *b, int k, const long *p, long *child, char *buf, size_t n)
{
	if (!b->comp || k < 0 || k >= b->comp->ninst) {
		snprintf(buf, n, "%s: no instance %d", b->name, k);
		return buf;
	}
	if (bind_parse(b, k, p, child, buf, n))
		return buf;
	char msg[COMP_ERRLEN];
	if (wg_params_check(b->comp->inst[k].block, child, msg, sizeof msg))
		return child_err(b, k, msg, buf, n);
	return NULL;
}

static int is_ident(const char *s)
{
	if (!s || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

static int inst_index(const wg_comp *c, const char *name, size_t len)
{
	for (int k = 0; k < c->ninst; k++)
		if (strlen(c->inst[k].name) == len && strncmp(c->inst[k].name, name, len) == 0)
			return k;
	return -1;
}

/* Parse "inst.port", "port", "0" or "1". */
static const char *ep_parse(const wg_block *b, const char *s, comp_ep *ep, char *buf, size_t n)
{
	memset(ep, 0, sizeof *ep);
	if (!s) {
		snprintf(buf, n, "missing endpoint");
		return buf;
	}
	if (strcmp(s, "0") == 0 || strcmp(s, "1") == 0) {
		ep->kind = EP_CONST;
		ep->value = s[0] == '1';
		return NULL;
	}
	const char *dot = strchr(s, '.');
	if (!dot) {
		ep->kind = EP_EXT;
		ep->port = wg_port_index(b, s);
		if (ep->port < 0) {
			snprintf(buf, n, "'%s' is not a port of %s", s, b->name);
			return buf;
		}
		return NULL;
	}
	ep->kind = EP_INST;
	ep->inst = inst_index(b->comp, s, (size_t)(dot - s));
	if (ep->inst < 0) {
		snprintf(buf, n, "'%s': no instance '%.*s'", s, (int)(dot - s), s);
		return buf;
	}
	const wg_block *cb = b->comp->inst[ep->inst].block;
	ep->port = wg_port_index(cb, dot + 1);
	if (ep->port < 0) {
		snprintf(buf, n, "'%s': block %s has no port %s", s, cb->name, dot + 1);
		return buf;
	}
	return NULL;
}

/* An instance endpoint is its copies' ports concatenated. */
int wg_comp_ep_width(const comp_plan *P, const comp_ep *e)
{
	return e->kind == EP_INST ? P->nc[e->inst] * P->cl[e->inst].width[e->port]
				  : e->kind == EP_EXT ? P->ext_w[e->port] : -1;
}

/* Copies of instance entry k at p: 1, or the value of its count parameter. */
static const char *count_of(const wg_block *b, int k, const long *p, int *nc, char *buf, size_t n)
{
	const wg_comp_inst *ci = &b->comp->inst[k];
	*nc = 1;
	if (!ci->count)
		return NULL;
	int pi = wg_param_index(b, ci->count);
	if (pi < 0 || b->params[pi].choices) {
		snprintf(buf, n, "%s: instance %s: count %s is not an integer parameter of %s", b->name, ci->name,
			 ci->count, b->name);
		return buf;
	}
	if (p[pi] < 1 || p[pi] > WG_COMP_MAX_COPIES) {
		snprintf(buf, n, "%s: instance %s: %s=%ld copies (an instance array has 1..%d)", b->name, ci->name,
			 ci->count, p[pi], WG_COMP_MAX_COPIES);
		return buf;
	}
	*nc = (int)p[pi];
	return NULL;
}

int wg_comp_copies(const wg_block *b, int k, const long *p)
{
	char buf[COMP_ERRLEN];
	int nc;
	if (!b->comp || k < 0 || k >= b->comp->ninst || count_of(b, k, p, &nc, buf, sizeof buf))
		return -1;
	return nc;
}

/* Copies of every entry, within WG_COMP_MAX_COPIES in all. */
static const char *copies_plan(const wg_block *b, const long *p, comp_plan *P, char *buf, size_t n)
{
	const wg_comp *c = b->comp;
	P->ncopies = 0;
	for (int k = 0; k < c->ninst; k++) {
		if (count_of(b, k, p, &P->nc[k], buf, n))
			return buf;
		P->first[k] = P->ncopies;
		P->ncopies += P->nc[k];
	}
	if (P->ncopies > WG_COMP_MAX_COPIES) {
		size_t used = (size_t)snprintf(buf, n, "%s: %d instances in all, more than %d (", b->name, P->ncopies,
					       WG_COMP_MAX_COPIES);
		const char *sep = "";
		for (int k = 0; k < c->ninst && used < n; k++)
			if (c->inst[k].count) {
				used += (size_t)snprintf(buf + used, n - used, "%s%s=%d copies of %s", sep, c->inst[k].count,
							 P->nc[k], c->inst[k].name);
				sep = ", ";
			}
		if (used < n)
			snprintf(buf + used, n - used, ")");
		return buf;
	}
	return NULL;
}

/* Bits of a sum of nc fields of w bits each. */
static int sum_width(int nc, int w)
{
	uint64_t max = (uint64_t)nc * wg_ones64(w);
	int bits = 0;
	while (bits < 64 && (max >> bits) != 0)
		bits++;
	return bits ? bits : 1;
}

/* The descriptor's own shape: sizes, port names, instance names. */
static const char *shape_check(const wg_block *b, char *buf, size_t n)
{
	const wg_comp *c = b->comp;
	if (!c || c->ninst < 1 || c->ninst > WG_COMP_MAX_INST || c->nwires < 0 || c->nwires > WG_COMP_MAX_WIRES) {
		snprintf(buf, n, "%s: a composition has 1..%d instances and 0..%d wires", b->name, WG_COMP_MAX_INST,
			 WG_COMP_MAX_WIRES);
		return buf;
	}
	if (b->nparams > WG_MAX_PARAMS || b->nports > WG_MAX_PORTS || b->nevents > WG_MAX_EVENTS) {
		snprintf(buf, n, "%s: more than %d parameters, %d ports or %d events", b->name, WG_MAX_PARAMS,
			 WG_MAX_PORTS, WG_MAX_EVENTS);
		return buf;
	}
	if (b->nports < 1 || strcmp(b->ports[0].name, "rst_i") != 0 || b->ports[0].dir != WG_IN) {
		snprintf(buf, n, "%s: port 0 must be the input rst_i", b->name);
		return buf;
	}
	for (int i = 0; i < b->nports; i++) {
		if (!is_ident(b->ports[i].name) || strcmp(b->ports[i].name, "clk_i") == 0 ||
		    wg_port_index(b, b->ports[i].name) != i) {
			snprintf(buf, n, "%s: port '%s' is not a Verilog identifier, is clk_i or is listed twice",
				 b->name, b->ports[i].name);
			return buf;
		}
	}
	for (int k = 0; k < c->ninst; k++) {
		const wg_comp_inst *ci = &c->inst[k];
		if (!is_ident(ci->name) || inst_index(c, ci->name, strlen(ci->name)) != k || !ci->block ||
		    ci->block == b || strlen(ci->name) > 40) {
			snprintf(buf, n, "%s: instance %d ('%s'): not an identifier (40 characters at most), listed twice, "
				 "without a block or the composition itself", b->name, k, ci->name ? ci->name : "");
			return buf;
		}
	}
	return NULL;
}

/* Events: the instances' events prefixed "<inst>.", in instance order. */
static const char *events_check(const wg_block *b, comp_plan *P, char *buf, size_t n)
{
	const wg_comp *c = b->comp;
	int e = 0;
	for (int k = 0; k < c->ninst; k++) {
		const wg_block *cb = c->inst[k].block;
		if (cb->nevents > 0 && P->cl[k].ev_port < 0) {
			snprintf(buf, n, "%s: instance %s: block %s has events but no ev_o", b->name, c->inst[k].name,
				 cb->name);
			return buf;
		}
		for (int j = 0; j < cb->nevents; j++, e++) {
			char want[160];
			snprintf(want, sizeof want, "%s.%s", c->inst[k].name, cb->events[j].name);
			if (e >= b->nevents || strcmp(b->events[e].name, want) != 0) {
				snprintf(buf, n, "%s: event %d must be '%s' (the instances' events, prefixed, in instance "
					 "order), found '%s'", b->name, e, want, e < b->nevents ? b->events[e].name : "(none)");
				return buf;
			}
			if (e >= WG_MAX_EVENTS) {
				snprintf(buf, n, "%s: more than %d events", b->name, WG_MAX_EVENTS);
				return buf;
			}
			if (c->inst[k].count && P->cl[k].ev_w[j] > 32) {
				snprintf(buf, n, "%s: instance array %s: event %s is %d bits wide (32 at most in an array)",
					 b->name, c->inst[k].name, cb->events[j].name, P->cl[k].ev_w[j]);
				return buf;
			}
			/* an array's field is the sum over its copies */
			P->ev_w[e] = c->inst[k].count ? sum_width(P->nc[k], P->cl[k].ev_w[j]) : P->cl[k].ev_w[j];
		}
	}
	if (e != b->nevents) {
		snprintf(buf, n, "%s: %d events listed, the instances have %d", b->name, b->nevents, e);
		return buf;
	}
	for (int k = 0; k < c->ninst; k++) { /* an instance's ev_o is exactly its event fields */
		const wg_block *cb = c->inst[k].block;
		int sum = 0;
		for (int j = 0; j < cb->nevents; j++)
			sum += P->cl[k].ev_w[j];
		if (P->cl[k].ev_port >= 0 && (cb->nevents == 0 || P->cl[k].width[P->cl[k].ev_port] != sum)) {
			snprintf(buf, n, "%s: instance %s: ev_o of block %s must be exactly its event fields (%d bits)",
				 b->name, c->inst[k].name, cb->name, sum);
			return buf;
		}
	}
	int ev = wg_port_index(b, "ev_o");
	if ((e > 0) != (ev >= 0) || (ev >= 0 && b->ports[ev].dir != WG_OUT)) {
		snprintf(buf, n, "%s: an output ev_o is needed exactly when the instances have events", b->name);
		return buf;
	}
	return NULL;
}

static const char *wire_err(const wg_block *b, int i, const char *what, char *buf, size_t n)
{
	const wg_comp_wire *w = &b->comp->wires[i];
	char tmp[COMP_ERRLEN];
	snprintf(tmp, sizeof tmp, "%s", what);
	snprintf(buf, n, "%s: wire %d (%s -> %s): %s", b->name, i, w->from ? w->from : "?", w->to ? w->to : "?", tmp);
	return buf;
}

static const char *inst_port(const wg_block *b, int k, int port, char *buf, size_t n)
{
	snprintf(buf, n, "%s.%s", b->comp->inst[k].name, b->comp->inst[k].block->ports[port].name);
	return buf;
}

/* Wires: kinds, widths, and the driven-once / read / used rules. */
static const char *wires_check(const wg_block *b, comp_plan *P, char *buf, size_t n)
{
	const wg_comp *c = b->comp;
	char msg[COMP_ERRLEN], nm[128];
	unsigned char drv[WG_COMP_MAX_INST][WG_MAX_PORTS] = {{0}}; /* instance port: times driven / read */
	unsigned char ext[WG_MAX_PORTS] = {0};                     /* composition port: times used / driven */
	int ev = wg_port_index(b, "ev_o");
	for (int i = 0; i < c->nwires; i++) {
		comp_ep *f = &P->from[i], *t = &P->to[i];
		if (ep_parse(b, c->wires[i].from, f, msg, sizeof msg) || ep_parse(b, c->wires[i].to, t, msg, sizeof msg))
			return wire_err(b, i, msg, buf, n);
		int fok = f->kind == EP_CONST || (f->kind == EP_EXT && b->ports[f->port].dir == WG_IN) ||
			  (f->kind == EP_INST && c->inst[f->inst].block->ports[f->port].dir == WG_OUT &&
			   f->port != P->cl[f->inst].ev_port);
		int tok = (t->kind == EP_EXT && b->ports[t->port].dir == WG_OUT && t->port != ev) ||
			  (t->kind == EP_INST && c->inst[t->inst].block->ports[t->port].dir == WG_IN &&
			   strcmp(c->inst[t->inst].block->ports[t->port].name, "rst_i") != 0);
		if (!fok)
			return wire_err(b, i, "the source must be a composition input, an instance output other than "
				       "ev_o, or a constant 0/1", buf, n);
		if (!tok)
			return wire_err(b, i, "the sink must be an instance input other than rst_i, or a composition "
				       "output other than ev_o", buf, n);
		if (f->kind == EP_CONST && t->kind != EP_INST)
			return wire_err(b, i, "a constant drives instance inputs only (it has no width)", buf, n);
	}
	/* widths: composition inputs take the width of the instance inputs they drive,
	 * composition outputs the width of their source */
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < c->nwires; i++) {
			comp_ep *f = &P->from[i], *t = &P->to[i];
			if (f->kind == EP_CONST)
				continue;
			int ext_ext = f->kind == EP_EXT && t->kind == EP_EXT;
			if (ext_ext != (pass == 1))
				continue;
			int fw = wg_comp_ep_width(P, f), tw = wg_comp_ep_width(P, t);
			if ((f->kind == EP_INST && P->cl[f->inst].width[f->port] == 0) ||
			    (t->kind == EP_INST && P->cl[t->inst].width[t->port] == 0))
				return wire_err(b, i, "the instance's port is absent in its configuration", buf, n);
			if (f->kind == EP_EXT && fw < 0)
				fw = P->ext_w[f->port] = tw;
			if (t->kind == EP_EXT && b->ports[t->port].dir == WG_OUT) {
				if (fw < 0)
					return wire_err(b, i, "the composition input has no width (it drives no instance "
						       "input)", buf, n);
				if (tw < 0)
					tw = P->ext_w[t->port] = fw;
			}
			if (fw != tw) {
				snprintf(msg, sizeof msg, "width %d drives width %d", fw, tw);
				return wire_err(b, i, msg, buf, n);
			}
		}
	}
	for (int i = 0; i < c->nwires; i++) {
		comp_ep *f = &P->from[i], *t = &P->to[i];
		if (f->kind == EP_EXT)
			ext[f->port] = (unsigned char)(ext[f->port] < 255 ? ext[f->port] + 1 : 255);
		if (f->kind == EP_INST)
			drv[f->inst][f->port] = (unsigned char)(drv[f->inst][f->port] < 255 ? drv[f->inst][f->port] + 1 : 255);
		unsigned char *d = t->kind == EP_EXT ? &ext[t->port] : &drv[t->inst][t->port];
		if (*d) {
			snprintf(msg, sizeof msg, "%s is driven twice",
				 t->kind == EP_EXT ? b->ports[t->port].name : inst_port(b, t->inst, t->port, nm, sizeof nm));
			return wire_err(b, i, msg, buf, n);
		}
		*d = 1;
	}
	for (int k = 0; k < c->ninst; k++) {
		const wg_block *cb = c->inst[k].block;
		for (int j = 0; j < cb->nports; j++) {
			if (drv[k][j] || strcmp(cb->ports[j].name, "rst_i") == 0 || j == P->cl[k].ev_port ||
			    P->cl[k].width[j] == 0) /* (absent in this instance's configuration) */
				continue;
			snprintf(buf, n, "%s: %s %s", b->name, inst_port(b, k, j, nm, sizeof nm),
				 cb->ports[j].dir == WG_IN ? "is not driven (every instance input is driven once)"
							    : "is not read (every instance output is read)");
			return buf;
		}
	}
	for (int j = 1; j < b->nports; j++) {
		if (ext[j] || j == ev)
			continue;
		snprintf(buf, n, "%s: port %s is not %s", b->name, b->ports[j].name,
			 b->ports[j].dir == WG_IN ? "used (every composition input drives something)" : "driven");
		return buf;
	}
	return NULL;
}

/* The generated top names each instance output's net "<inst>_<port>", an
 * array's event sums "<inst>_ev_sum" and each instance's module
 * "<top>_<inst>": no such name may be taken twice, and no composition port
 * may be named like a net. */
static const char *names_check(const wg_block *b, char *buf, size_t n)
{
	const wg_comp *c = b->comp;
	char a[192], z[192];
	for (int k = 0; k < c->ninst; k++) {
		if (!c->inst[k].count || c->inst[k].block->nevents == 0)
			continue;
		snprintf(a, sizeof a, "%s_ev_sum", c->inst[k].name);
		int clash = wg_port_index(b, a) >= 0;
		for (int k2 = 0; k2 < c->ninst; k2++)
			for (int j2 = 0; j2 < c->inst[k2].block->nports; j2++) {
				snprintf(z, sizeof z, "%s_%s", c->inst[k2].name, c->inst[k2].block->ports[j2].name);
				clash |= c->inst[k2].block->ports[j2].dir == WG_OUT && strcmp(a, z) == 0;
			}
		if (clash) {
			snprintf(buf, n, "%s: the net %s (instance array %s's event sums) is taken by a port or a net",
				 b->name, a, c->inst[k].name);
			return buf;
		}
	}
	for (int k = 0; k < c->ninst; k++)
		for (int j = 0; j < c->inst[k].block->nports; j++) {
			if (c->inst[k].block->ports[j].dir != WG_OUT)
				continue;
			snprintf(a, sizeof a, "%s_%s", c->inst[k].name, c->inst[k].block->ports[j].name);
			if (wg_port_index(b, a) >= 0) {
				snprintf(buf, n, "%s: port %s has the name of instance %s's net for %s", b->name, a,
					 c->inst[k].name, c->inst[k].block->ports[j].name);
				return buf;
			}
			for (int k2 = k + 1; k2 < c->ninst; k2++)
				for (int j2 = 0; j2 < c->inst[k2].block->nports; j2++) {
					snprintf(z, sizeof z, "%s_%s", c->inst[k2].name, c->inst[k2].block->ports[j2].name);
					if (c->inst[k2].block->ports[j2].dir == WG_OUT && strcmp(a, z) == 0) {
						snprintf(buf, n, "%s: instances %s and %s would both name a net %s", b->name,
							 c->inst[k].name, c->inst[k2].name, a);
						return buf;
					}
				}
		}
	for (int k = 0; k < c->ninst; k++)
		for (int k2 = 0; k2 < c->ninst; k2++) {
			size_t l = strlen(c->inst[k].name);
			if (k2 != k && strncmp(c->inst[k2].name, c->inst[k].name, l) == 0 && c->inst[k2].name[l] == '_') {
				snprintf(buf, n, "%s: instance names %s and %s would give colliding module names (%s_...)",
					 b->name, c->inst[k].name, c->inst[k2].name, c->inst[k].name);
				return buf;
			}
		}
	return NULL;
}

/* Resolve everything; NULL or a one-line error. */
const char *wg_comp_plan_make(const wg_block *b, const long *p, comp_plan *P, char *buf, size_t n)
{
	memset(P->ext_w, 0xff, sizeof P->ext_w); /* -1: not known yet */
	memset(P->ev_w, 0, sizeof P->ev_w);
	if (shape_check(b, buf, n))
		return buf;
	const wg_comp *c = b->comp;
	if (c->check && c->check(p, buf, n))
		return buf;
	if (copies_plan(b, p, P, buf, n))
		return buf;
	for (int k = 0; k < c->ninst; k++) {
		if (wg_comp_child_params(b, k, p, P->cp[k], buf, n))
			return buf;
		wg_layout_init(&P->cl[k], c->inst[k].block, P->cp[k]);
	}
	if (events_check(b, P, buf, n))
		return buf;
	if (names_check(b, buf, n))
		return buf;
	P->ext_w[0] = 1; /* rst_i */
	int ev = wg_port_index(b, "ev_o");
	if (ev >= 0) {
		int sum = 0;
		for (int e = 0; e < b->nevents; e++)
			sum += P->ev_w[e];
		P->ext_w[ev] = sum;
	}
	return wires_check(b, P, buf, n);
}

const char *wg_comp_check(const wg_block *b, const long *p, char *buf, size_t n)
{
	comp_plan *P = wg_xcalloc(sizeof *P);
	const char *r = wg_comp_plan_make(b, p, P, buf, n);
	free(P);
	return r;
}

void wg_comp_widths(const wg_block *b, const long *p, int *port_w, int *event_w)
{
	comp_plan *P = wg_xcalloc(sizeof *P);
	char err[COMP_ERRLEN];
	int ok = wg_comp_plan_make(b, p, P, err, sizeof err) == NULL;
	for (int i = 0; i < b->nports; i++)
		port_w[i] = ok && P->ext_w[i] > 0 ? P->ext_w[i] : 1;
	for (int e = 0; e < b->nevents; e++)
		event_w[e] = ok ? P->ev_w[e] : 1;
	free(P);
}

long wg_comp_storage_bits(const wg_block *b, const long *p)
{
	long sum = 0, cp[WG_MAX_PARAMS];
	char err[COMP_ERRLEN];
	for (int k = 0; b->comp && k < b->comp->ninst; k++) {
		int nc = wg_comp_copies(b, k, p);
		if (nc > 0 && !wg_comp_child_params(b, k, p, cp, err, sizeof err))
			sum += nc * b->comp->inst[k].block->storage_bits(cp);
	}
	return sum;
}

/* ------------------------------------------------------------------ */
/* The C model                                                         */
/* ------------------------------------------------------------------ */

enum { SRC_IN = -1, SRC_ZERO = -2, SRC_ONES = -3 }; /* comp_move.src; >= 0: a copy */

/* One move of bits into a frame: an input port of a copy (or, from an
 * array, its slice of the concatenated source), or (a slice of) an output
 * port of the composition. */
typedef struct comp_move {
	int src;           /* SRC_IN (composition input frame), SRC_ZERO, SRC_ONES, or the source copy */
	int whole;         /* a whole port into a whole port: word copies (ports start on a word) */
	unsigned src_bit;  /* first bit in the source frame */
	unsigned dst_bit;  /* first bit in the destination frame */
	unsigned w;        /* bits */
	unsigned nw;       /* whole: words to copy */
	size_t src_at;     /* src >= 0: byte offset in the model of the source word (set by the model's init) */
	unsigned sw0, swn; /* SRC_IN: the input frame's words it reads, [sw0, sw0 + swn) (constants: none) */
	size_t dst_at;     /* a copy's input move: byte offset of that copy's input frame */
	int kind;          /* how apply moves it (set by the model's init): MV_* */
	uint64_t mask;     /* MV_SLICE: the low w ones */
} comp_move;

/* comp_move.kind: one word copied, several, a slice of up to 64 bits from a frame, anything else
 * (a wider slice, a constant) bit by bit. */
enum { MV_WORD, MV_WORDS, MV_SLICE, MV_BITS };

/* The words of an input port (or of consecutive ports a joined move reads) and the copies' fixed moves
 * that read them: when any of its words changed, all of them are applied (a move whose own words did
 * not change writes the same bits). */
typedef struct comp_seg {
	unsigned w0, nw; /* the words [w0, w0 + nw) */
	int m0, nm;      /* its moves: sgm[m0 .. m0 + nm - 1] (indexes into the moves) */
} comp_seg;

/* One copy (a child) inside the model: an instance, or one copy of an array. */
typedef struct comp_child {
	wg_layout lay;          /* its frame layout */
	size_t model;           /* byte offset of its model */
	size_t in;              /* byte offset of its input frame (built from the wires) */
	size_t last;            /* byte offset of the input frame of its last evaluation (kept only for a copy
	                         * with wires from copies: the one rebuilt in a later pass) */
	size_t out;             /* byte offset of its output frame */
	size_t oprev;           /* byte offset of its output frame as last compared (after each evaluation) */
	int nin, nout;          /* frame words */
	int entry;              /* its instance entry (wg_comp.inst index) */
	int mv0, nmv;           /* its input moves: mv[mv0 .. mv0 + nmv - 1] */
	int nfixed;             /* the first nfixed of them: from the composition's inputs or constants */
	uint64_t fanout;        /* bit j: copy j reads an output of this one */
	uint64_t srcchg;        /* bit j: the output frame of source copy j changed since this copy's wires from */
	                        /* copies were last applied (all ones before the first) */
	int rc;                 /* return of its last evaluation */
	char err[COMP_ERRLEN];  /* message of its last evaluation */
} comp_child;

typedef struct comp_model {
	const wg_block *b;                  /* the composition (static data) */
	wg_layout L;                        /* the composition's layout */
	int ninst;                          /* instance entries */
	int ncopies;                        /* copies (children) */
	int passes;                         /* evaluation passes of the last settle */
	int settled;                        /* the children settled on the frame at `in_copy` since the last tick */
	size_t in_copy;                     /* byte offset of the last evaluated composition input frame */
	size_t in_applied;                  /* byte offset of the input frame the copies' fixed moves last read */
	int applied;                        /* the copies' fixed moves were applied from that frame */
	size_t out_keep;                    /* byte offset of the composition's output frame as last written */
	int out_ok;                         /* out_keep is the last eval's outputs */
	uint64_t ochg;                      /* copies whose output frame changed since the last eval's outputs */
	size_t mv_off;                      /* byte offset of the moves */
	size_t seg_off;                     /* byte offset of the segments (comp_seg, nseg of them): the input ports */
	                                    /* the copies' fixed moves read (one each, or ports a move joins), each */
	                                    /* with its moves (ints at sgm_off: sgm[seg.m0 .. seg.m0 + seg.nm - 1]) */
	size_t sgm_off;                     /* byte offset of the segments' moves */
	int nseg;                           /* segments */
	size_t om_off;                      /* byte offset of the output moves per source copy k (k = ncopies: */
	                                    /* from the inputs): om[om[k] .. om[k + 1] - 1] (ints; ncopies + 2 heads) */
	int nmv;                            /* moves: copies' inputs (grouped per copy), then the outputs */
	int out0;                           /* first move into the composition's outputs */
	int first[WG_COMP_MAX_INST];        /* each entry's first copy */
	int nc[WG_COMP_MAX_INST];           /* each entry's copies */
	int ev0[WG_COMP_MAX_INST];          /* each entry's first event in the composition's events */
	comp_child c[WG_COMP_MAX_COPIES];   /* the copies */
	uint64_t counts[WG_MAX_EVENTS];     /* the entries' cumulative counts (an array's summed), concatenated, */
	                                    /* summed when read (wg_comp_model_counts) */
} comp_model;

static size_t al8(size_t x)
{
	return (x + 7u) & ~(size_t)7u;
}

static uint32_t *fr(const comp_model *m, size_t off)
{
	return (uint32_t *)((unsigned char *)m + off);
}

static const comp_move *moves(const comp_model *m)
{
	return (const comp_move *)((const unsigned char *)m + m->mv_off);
}

/* The moves for bits [a, a + w) of source f (an instance endpoint: its
 * copies' ports concatenated) into bit dst of a port of width dw; appended
 * at out[n] when out is not NULL. Returns the new count. */
static int moves_src(const comp_plan *P, const wg_layout *L, const comp_ep *f, unsigned a, unsigned w, unsigned dst,
		     unsigned dw, comp_move *out, int n)
{
	if (f->kind != EP_INST) {
		if (out)
			out[n] = (comp_move){
				.src = f->kind == EP_EXT ? SRC_IN : f->value ? SRC_ONES : SRC_ZERO,
				.whole = w == dw && (f->kind != EP_EXT || (a == 0 && (int)w == L->width[f->port])),
				.src_bit = f->kind == EP_EXT ? (unsigned)L->off[f->port] * 32u + a : 0,
				.dst_bit = dst,
				.w = w,
			};
		return n + 1;
	}
	unsigned ws = (unsigned)P->cl[f->inst].width[f->port];
	for (unsigned s = a / ws; s * ws < a + w; s++) {
		unsigned lo = s * ws > a ? s * ws : a, hi = (s + 1) * ws < a + w ? (s + 1) * ws : a + w;
		if (out)
			out[n] = (comp_move){
				.src = P->first[f->inst] + (int)s,
				.whole = hi - lo == dw && hi - lo == ws,
				.src_bit = (unsigned)P->cl[f->inst].off[f->port] * 32u + lo - s * ws,
				.dst_bit = dst + lo - a,
				.w = hi - lo,
			};
		n++;
	}
	return n;
}

/* Every move, in order; with m (and out) set, also each copy's move range
 * and fanout. Returns the number of moves. */
static int moves_build(const wg_block *b, const comp_plan *P, const wg_layout *L, comp_model *m, comp_move *out)
{
	const wg_comp *c = b->comp;
	int n = 0;
	for (int k = 0; k < c->ninst; k++) {
		const wg_layout *cl = &P->cl[k];
		int rst = wg_port_index(c->inst[k].block, "rst_i");
		for (int q = 0; q < P->nc[k]; q++) {
			int id = P->first[k] + q;
			comp_child *ch = m ? &m->c[id] : NULL;
			if (ch)
				ch->mv0 = n;
			if (rst >= 0) {
				comp_ep f = {.kind = EP_EXT, .port = 0};
				n = moves_src(P, L, &f, 0, 1, (unsigned)cl->off[rst] * 32u, 1, out, n);
			}
			for (int from_inst = 0; from_inst < 2; from_inst++) { /* fixed sources first */
				for (int i = 0; i < c->nwires; i++) {
					const comp_ep *t = &P->to[i], *f = &P->from[i];
					if (t->kind != EP_INST || t->inst != k || (f->kind == EP_INST) != from_inst)
						continue;
					unsigned w = (unsigned)cl->width[t->port];
					int n0 = n;
					n = moves_src(P, L, f, (unsigned)q * w, w, (unsigned)cl->off[t->port] * 32u, w, out, n);
					for (int j = n0; m && from_inst && j < n; j++)
						m->c[out[j].src].fanout |= UINT64_C(1) << id;
				}
				if (ch && !from_inst)
					ch->nfixed = n - ch->mv0;
			}
			if (ch)
				ch->nmv = n - ch->mv0;
		}
	}
	if (m)
		m->out0 = n;
	for (int i = 0; i < c->nwires; i++)
		if (P->to[i].kind == EP_EXT) {
			unsigned w = (unsigned)L->width[P->to[i].port];
			n = moves_src(P, L, &P->from[i], 0, w, (unsigned)L->off[P->to[i].port] * 32u, w, out, n);
		}
	return n;
}

/* Offsets of everything after the header; returns the total size. */
static size_t model_layout(const wg_block *b, const comp_plan *P, const wg_layout *L, int nmv, comp_model *m)
{
	size_t at = al8(sizeof(comp_model));
	for (int k = 0; k < b->comp->ninst; k++) {
		const wg_layout *cl = &P->cl[k];
		size_t msz = al8(b->comp->inst[k].block->model_size(P->cp[k]));
		size_t fin = al8((size_t)cl->nwords[WG_IN] * 4u), fout = al8((size_t)cl->nwords[WG_OUT] * 4u);
		for (int q = 0; q < P->nc[k]; q++) {
			if (m) {
				comp_child *ch = &m->c[P->first[k] + q];
				ch->model = at;
				ch->in = at + msz;
				ch->last = ch->in + fin;
				ch->out = ch->last + fin;
				ch->oprev = ch->out + fout;
			}
			at += msz + 2 * fin + 2 * fout;
		}
	}
	if (m)
		m->in_copy = at;
	at += al8((size_t)L->nwords[WG_IN] * 4u);
	if (m)
		m->in_applied = at;
	at += al8((size_t)L->nwords[WG_IN] * 4u);
	if (m)
		m->out_keep = at;
	at += al8((size_t)L->nwords[WG_OUT] * 4u);
	if (m)
		m->mv_off = at;
	at += (size_t)nmv * sizeof(comp_move);
	if (m)
		m->seg_off = at;
	at += (size_t)nmv * sizeof(comp_seg); /* (at most one per fixed move) */
	if (m)
		m->sgm_off = at;
	at += al8((size_t)nmv * sizeof(int));
	if (m)
		m->om_off = at;
	return at + (size_t)(P->ncopies + 2 + nmv) * sizeof(int);
}

/* Input frame words the move reads: [sw0, sw0 + swn) (none for a constant or a copy's output). */
static unsigned move_words(const comp_move *v)
{
	return v->src == SRC_IN ? (v->src_bit + v->w + 31u) / 32u - (v->src_bit >> 5) : 0u;
}

size_t wg_comp_model_size(const wg_block *b, const long *p)
{
	comp_plan *P = wg_xcalloc(sizeof *P);
	char err[COMP_ERRLEN];
	wg_layout L;
	size_t sz = sizeof(comp_model);
	if (!wg_comp_plan_make(b, p, P, err, sizeof err)) {
		wg_layout_init(&L, b, p);
		sz = model_layout(b, P, &L, moves_build(b, P, &L, NULL, NULL), NULL);
	}
	free(P);
	return sz;
}

static const wg_block *child_block(const comp_model *m, int id)
{
	return m->b->comp->inst[m->c[id].entry].block;
}

/* The entries' cumulative counts, an array's summed over its copies. */
static void counts_refresh(comp_model *m)
{
	for (int k = 0; k < m->ninst; k++) {
		const wg_block *cb = m->b->comp->inst[k].block;
		uint64_t *dst = m->counts + m->ev0[k];
		memset(dst, 0, (size_t)cb->nevents * sizeof *dst);
		for (int q = 0; q < m->nc[k]; q++) {
			const uint64_t *cc = cb->model_counts(fr(m, m->c[m->first[k] + q].model));
			for (int j = 0; j < cb->nevents; j++)
				dst[j] += cc[j];
		}
	}
}

/* Moves [lo, hi) of mv written from `at` on, a word copy that continues the one before it (the
 * next words of the same source into the next words of the destination) joined to it. Returns the end. */
static int merge_range(comp_move *mv, int lo, int hi, int at)
{
	int first = at;
	for (int i = lo; i < hi; i++) {
		comp_move *p = at > first ? &mv[at - 1] : NULL;
		const comp_move *v = &mv[i];
		if (p && p->whole && v->whole && p->src == v->src && v->src >= SRC_IN &&
		    v->src_bit == p->src_bit + 32u * p->nw && v->dst_bit == p->dst_bit + 32u * p->nw) {
			p->nw += v->nw;
			p->w = 32u * p->nw; /* (a whole move copies whole words) */
			continue;
		}
		mv[at++] = *v;
	}
	return at;
}

/* Join the word copies of each copy's fixed moves, of its moves from copies and of the output moves
 * (moves_build's order; the ranges shrink in place). */
static void moves_merge(comp_model *m, comp_move *mv)
{
	int at = 0;
	for (int k = 0; k < m->ninst; k++)
		for (int q = 0; q < m->nc[k]; q++) {
			comp_child *ch = &m->c[m->first[k] + q];
			int mv0 = at;
			at = merge_range(mv, ch->mv0, ch->mv0 + ch->nfixed, at);
			int nfixed = at - mv0;
			at = merge_range(mv, ch->mv0 + ch->nfixed, ch->mv0 + ch->nmv, at);
			ch->mv0 = mv0;
			ch->nfixed = nfixed;
			ch->nmv = at - mv0;
		}
	int out0 = at;
	m->nmv = merge_range(mv, m->out0, m->nmv, at);
	m->out0 = out0;
}

/* The composition's input port holding input frame word j. */
static int word_port(const comp_model *m, unsigned j)
{
	for (int p = 0; p < m->b->nports; p++)
		if (m->b->ports[p].dir == WG_IN && (unsigned)m->L.off[p] <= j &&
		    j < (unsigned)m->L.off[p] + ((unsigned)m->L.width[p] + 31u) / 32u)
			return p;
	return -1; /* (not reached: a move reads words of its ports) */
}

/* The segments: the copies' fixed moves that read the input frame, grouped by the input ports they read
 * (usually one; a joined word copy may read several consecutive ports): a segment is the words of the
 * ports its moves read, in moves_build's order within it. */
static void segments_build(comp_model *m, const comp_move *mv)
{
	int *sgm = (int *)((unsigned char *)m + m->sgm_off), n = 0;
	comp_seg *seg = (comp_seg *)((unsigned char *)m + m->seg_off);
	int *p0 = wg_xcalloc((size_t)(m->nmv ? m->nmv : 1) * 2u * sizeof *p0), *p1 = p0 + m->nmv;
	for (int k = 0; k < m->ncopies; k++)
		for (int i = m->c[k].mv0; i < m->c[k].mv0 + m->c[k].nfixed; i++)
			if (mv[i].swn) {
				p0[i] = word_port(m, mv[i].sw0);
				p1[i] = word_port(m, mv[i].sw0 + mv[i].swn - 1u);
				sgm[n++] = i;
			}
	for (int i = 1; i < n; i++) /* insertion sort by first port: stable, and no global state */
		for (int j = i; j > 0 && p0[sgm[j - 1]] > p0[sgm[j]]; j--) {
			int t = sgm[j - 1];
			sgm[j - 1] = sgm[j];
			sgm[j] = t;
		}
	m->nseg = 0;
	int last = -1; /* the last port of the segment being built */
	for (int i = 0; i < n; i++) {
		int v = sgm[i];
		if (m->nseg && p0[v] <= last) { /* reads a port of the segment before: joins it */
			last = p1[v] > last ? p1[v] : last;
			seg[m->nseg - 1].nm++;
		} else {
			seg[m->nseg++] = (comp_seg){.w0 = (unsigned)m->L.off[p0[v]], .m0 = i, .nm = 1};
			last = p1[v];
		}
		comp_seg *g = &seg[m->nseg - 1];
		g->nw = (unsigned)m->L.off[last] + ((unsigned)m->L.width[last] + 31u) / 32u - g->w0;
	}
	free(p0);
}

void wg_comp_model_init(const wg_block *b, void *mem, const long *p, const wg_layout *L)
{
	comp_model *m = mem;
	comp_plan *P = wg_xcalloc(sizeof *P);
	char err[COMP_ERRLEN];
	m->b = b;
	m->L = *L;
	if (wg_comp_plan_make(b, p, P, err, sizeof err)) { /* not a legal configuration: an inert model */
		free(P);
		return;
	}
	const wg_comp *c = b->comp;
	m->ninst = c->ninst;
	m->ncopies = P->ncopies;
	m->nmv = moves_build(b, P, L, NULL, NULL);
	model_layout(b, P, L, m->nmv, m);
	int ev0 = 0;
	for (int k = 0; k < c->ninst; k++) {
		m->first[k] = P->first[k];
		m->nc[k] = P->nc[k];
		m->ev0[k] = ev0;
		ev0 += c->inst[k].block->nevents;
		for (int q = 0; q < P->nc[k]; q++) {
			comp_child *ch = &m->c[P->first[k] + q];
			ch->lay = P->cl[k];
			ch->nin = ch->lay.nwords[WG_IN];
			ch->nout = ch->lay.nwords[WG_OUT];
			memset(fr(m, ch->in), 0, (size_t)ch->nin * 4u); /* (the frames' bytes are the model's too) */
			memset(fr(m, ch->last), 0, (size_t)ch->nin * 4u);
			memset(fr(m, ch->out), 0, (size_t)ch->nout * 4u);
			memset(fr(m, ch->oprev), 0, (size_t)ch->nout * 4u);
			ch->entry = k;
			c->inst[k].block->model_init(fr(m, ch->model), P->cp[k], &ch->lay);
		}
	}
	comp_move *mv = (comp_move *)((unsigned char *)m + m->mv_off);
	moves_build(b, P, L, m, mv);
	for (int i = 0; i < m->nmv; i++) { /* what apply's word copy reads */
		mv[i].nw = (mv[i].w + 31u) / 32u;
		if (mv[i].src >= 0)
			mv[i].src_at = m->c[mv[i].src].out + (size_t)(mv[i].src_bit >> 5) * 4u;
	}
	moves_merge(m, mv);
	for (int i = 0; i < m->nmv; i++) { /* apply's way for each */
		comp_move *v = &mv[i];
		v->kind = v->src < SRC_IN ? MV_BITS : v->whole ? (v->nw == 1 ? MV_WORD : MV_WORDS) : v->w <= 64u ? MV_SLICE : MV_BITS;
		v->mask = wg_ones64(v->w);
	}
	for (int i = 0; i < m->nmv; i++) { /* what a fixed move reads of the input frame */
		mv[i].sw0 = mv[i].src_bit >> 5;
		mv[i].swn = move_words(&mv[i]);
	}
	for (int k = 0; k < m->ncopies; k++) /* where each copy's input moves write */
		for (int i = m->c[k].mv0; i < m->c[k].mv0 + m->c[k].nmv; i++)
			mv[i].dst_at = m->c[k].in;
	segments_build(m, mv);
	/* the output moves from each copy */
	int *om = (int *)((unsigned char *)m + m->om_off), no = 0;
	for (int k = 0; k <= m->ncopies; k++) {
		om[k] = no;
		for (int i = m->out0; i < m->nmv; i++)
			if (k < m->ncopies ? mv[i].src == k : mv[i].src < 0)
				om[m->ncopies + 2 + no++] = i;
	}
	om[m->ncopies + 1] = no;
	m->applied = 0;
	m->out_ok = 0;
	m->ochg = 0;
	for (int k = 0; k < m->ncopies; k++)
		m->c[k].srcchg = ~UINT64_C(0);
	memset(fr(m, m->out_keep), 0, (size_t)L->nwords[WG_OUT] * 4u);
	counts_refresh(m);
	free(P);
}

/* The 32 bits at bit b of w (at most two words: a funnel shift). */
static inline uint32_t get32(const uint32_t *w, unsigned b)
{
	unsigned j = b >> 5, o = b & 31u;
	return o ? (w[j] >> o) | (w[j + 1] << (32u - o)) : w[j];
}

/* Write the 32 bits v at bit b of w (at most two words). */
static inline void put32(uint32_t *w, unsigned b, uint32_t v)
{
	unsigned j = b >> 5, o = b & 31u;
	if (!o) {
		w[j] = v;
		return;
	}
	uint32_t lo = (1u << o) - 1u;
	w[j] = (w[j] & lo) | (v << o);
	w[j + 1] = (w[j + 1] & ~lo) | (v >> (32u - o));
}

/* A move of bits (a slice wider than 64 bits, or a constant): 32 bits at a time, then the last
 * k < 32 bits through wg_get / wg_put (equalizer_gpu's per-SM fields sit at any bit). */
static void apply_bits(const comp_model *m, const comp_move *v, const uint32_t *in, uint32_t *dst)
{
	const uint32_t *src = v->src == SRC_IN ? in : v->src >= 0 ? fr(m, m->c[v->src].out) : NULL;
	uint32_t c = v->src == SRC_ONES ? 0xffffffffu : 0u;
	unsigned i = 0;
	for (; i + 32u <= v->w; i += 32u)
		put32(dst, v->dst_bit + i, src ? get32(src, v->src_bit + i) : c);
	if (i < v->w) {
		unsigned k = v->w - i;
		wg_put(dst, v->dst_bit + i, k, src ? wg_get(src, v->src_bit + i, k) : c);
	}
}

/* One move; a whole port from the inputs or a copy (the common case, often one word) is a word copy here,
 * inline in the loops of settle and eval (a call per move was a third of sm_rfc's model time). */
static inline void apply(const comp_model *m, const comp_move *v, const uint32_t *in, uint32_t *dst)
{
	if (v->kind == MV_BITS) {
		apply_bits(m, v, in, dst);
		return;
	}
	const uint32_t *s = v->src == SRC_IN ? in + (v->src_bit >> 5) : fr(m, v->src_at);
	uint32_t *d = dst + (v->dst_bit >> 5);
	if (v->kind == MV_WORD) {
		*d = *s;
		return;
	}
	if (v->kind == MV_WORDS) {
		memcpy(d, s, (size_t)v->nw * 4u);
		return;
	}
	/* a small slice (an SM's field of a port): its source words, then one write; the destination is
	 * usually a copy's whole port, which starts on a word */
	unsigned o = v->src_bit & 31u, e = o + v->w;
	uint64_t x = (uint64_t)s[0] >> o;
	if (e > 32u)
		x |= (uint64_t)s[1] << (32u - o);
	if (e > 64u)
		x |= (uint64_t)s[2] << (64u - o);
	x &= v->mask;
	if (v->dst_bit & 31u) {
		wg_put(dst, v->dst_bit, v->w, x);
		return;
	}
	d[0] = (d[0] & ~(uint32_t)v->mask) | (uint32_t)x;
	if (v->w > 32u)
		d[1] = (d[1] & ~(uint32_t)(v->mask >> 32)) | (uint32_t)(x >> 32);
}

/* "<inst>" or, for a copy of an array, "<inst>[<copy>]". */
static const char *copy_name(const comp_model *m, int id, char *buf, size_t n)
{
	int k = m->c[id].entry;
	if (m->b->comp->inst[k].count)
		snprintf(buf, n, "%s[%d]", m->b->comp->inst[k].name, id - m->first[k]);
	else
		snprintf(buf, n, "%s", m->b->comp->inst[k].name);
	return buf;
}

/* The copies' fixed moves (from the composition's inputs or constants) for the frame in: all of them
 * the first time, then only those of the segments with a word that differs from the frame they were
 * last applied from (ia): the bits the others wrote in a copy's frame are still right (no other move
 * writes them). A segment is usually one input port (its copies' slices, equalizer_gpu's hv_i), so a
 * port that changes costs one compare and its moves, and one that does not a compare. */
static void fixed_apply(comp_model *m, const uint32_t *in)
{
	const comp_move *mv = moves(m);
	uint32_t *ia = fr(m, m->in_applied);
	int nw = m->L.nwords[WG_IN];
	if (!m->applied) {
		for (int k = 0; k < m->ncopies; k++)
			for (int i = m->c[k].mv0; i < m->c[k].mv0 + m->c[k].nfixed; i++)
				apply(m, &mv[i], in, fr(m, mv[i].dst_at));
	} else {
		const comp_seg *seg = (const comp_seg *)((const unsigned char *)m + m->seg_off);
		const int *sgm = (const int *)((const unsigned char *)m + m->sgm_off);
		for (int g = 0; g < m->nseg; g++) {
			const uint32_t *a = in + seg[g].w0, *b = ia + seg[g].w0;
			unsigned nwg = seg[g].nw;
			int chg = nwg <= 4u ? 0 : memcmp(a, b, (size_t)nwg * 4u) != 0;
			for (unsigned j = 0; nwg <= 4u && j < nwg; j++)
				chg |= a[j] != b[j];
			for (int r = seg[g].m0; chg && r < seg[g].m0 + seg[g].nm; r++)
				apply(m, &mv[sgm[r]], in, fr(m, mv[sgm[r]].dst_at));
		}
	}
	memcpy(ia, in, (size_t)nw * 4u);
	m->applied = 1;
}

/* Evaluate the copies until no copy's input frame changes. Returns 0, or -1
 * (a combinational loop) with a message. A copy is rebuilt in a later pass
 * only when one of its source copies was evaluated since its last build
 * (`dirty`), and then only its wires from instances are copied again (the
 * composition's inputs and constants do not change in a cycle); the fixed
 * moves are applied first, for every copy, and only those reading an input
 * word that changed since they were last applied (fixed_apply: most of
 * equalizer_gpu's per-SM fields change seldom). */
static int settle(comp_model *m, const uint32_t *in, char *err, size_t errn)
{
	uint64_t dirty = wg_ones64(m->ncopies), evald = 0;
	const comp_move *mv = moves(m);
	fixed_apply(m, in);
	for (int pass = 0; pass <= m->ncopies; pass++) {
		evald = 0;
		for (int k = 0; k < m->ncopies; k++) {
			comp_child *ch = &m->c[k];
			if (!(dirty & (UINT64_C(1) << k)))
				continue;
			dirty &= ~(UINT64_C(1) << k);
			uint32_t *ci = fr(m, ch->in), *cl = fr(m, ch->last);
			for (int i = ch->mv0 + ch->nfixed; ch->srcchg && i < ch->mv0 + ch->nmv; i++)
				if ((ch->srcchg >> mv[i].src) & 1u) /* (its source's outputs changed since) */
					apply(m, &mv[i], in, ci);
			ch->srcchg = 0;
			if (pass > 0 && memcmp(ci, cl, (size_t)ch->nin * 4u) == 0)
				continue;
			ch->err[0] = '\0';
			ch->rc = child_block(m, k)->model_eval(fr(m, ch->model), ci, fr(m, ch->out), ch->err,
							   sizeof ch->err);
			if (ch->nmv > ch->nfixed) /* (only a copy with wires from copies is built again in a later pass) */
				memcpy(cl, ci, (size_t)ch->nin * 4u);
			evald |= UINT64_C(1) << k;
			dirty |= ch->fanout;
			if (memcmp(fr(m, ch->out), fr(m, ch->oprev), (size_t)ch->nout * 4u) != 0) {
				memcpy(fr(m, ch->oprev), fr(m, ch->out), (size_t)ch->nout * 4u);
				m->ochg |= UINT64_C(1) << k;
				for (uint64_t x = ch->fanout; x; x &= x - 1u)
					m->c[wg_ctz64(x)].srcchg |= UINT64_C(1) << k;
			}
		}
		m->passes = pass + 1;
		if (!dirty)
			return 0;
	}
	char nm[64];
	size_t used = (size_t)snprintf(err, errn, "%s: combinational loop: the inputs of", m->b->name);
	for (int k = 0; k < m->ncopies && used < errn; k++)
		if ((evald | dirty) & (UINT64_C(1) << k))
			used += (size_t)snprintf(err + used, errn - used, " %s", copy_name(m, k, nm, sizeof nm));
	if (used < errn)
		snprintf(err + used, errn - used, " still change after %d evaluation passes", m->passes);
	return -1;
}

/* ev_o: each entry's event fields in order, an array's summed over its copies; only the fields of
 * entries with a copy in chg (its output frame changed since the last eval) are written again. */
static void events_out(const comp_model *m, uint32_t *out, uint64_t chg)
{
	uint32_t *ev = out + m->L.off[m->L.ev_port];
	for (int k = 0; k < m->ninst; k++) {
		const comp_child *c0 = &m->c[m->first[k]];
		if (c0->lay.ev_port < 0 || !((chg >> m->first[k]) & wg_ones64(m->nc[k])))
			continue;
		if (!m->b->comp->inst[k].count) { /* one instance: its ev_o as it is */
			wg_copy_in(ev, (unsigned)m->L.ev_lsb[m->ev0[k]], fr(m, c0->out) + c0->lay.off[c0->lay.ev_port],
				   (unsigned)c0->lay.width[c0->lay.ev_port]);
			continue;
		}
		for (int j = 0; j < c0->lay.nevents; j++) {
			uint64_t sum = 0;
			for (int q = 0; q < m->nc[k]; q++) {
				const comp_child *ch = &m->c[m->first[k] + q];
				sum += wg_get(fr(m, ch->out) + ch->lay.off[ch->lay.ev_port], (unsigned)ch->lay.ev_lsb[j],
					      (unsigned)ch->lay.ev_w[j]);
			}
			wg_put(ev, (unsigned)m->L.ev_lsb[m->ev0[k] + j], (unsigned)m->L.ev_w[m->ev0[k] + j], sum);
		}
	}
}

int wg_comp_model_eval(void *mem, const uint32_t *in, uint32_t *out, char *err, size_t errn)
{
	comp_model *m = mem;
	char msg[COMP_ERRLEN], nm[64];
	int rc = settle(m, in, msg, sizeof msg);
	m->settled = rc == 0;
	memcpy(fr(m, m->in_copy), in, (size_t)m->L.nwords[WG_IN] * 4u);
	/* The outputs are kept from the last eval: only the moves from copies whose output frame changed since
	 * (and those from the composition's inputs) are applied again. */
	uint64_t chg = m->out_ok ? m->ochg : wg_ones64(m->ncopies);
	m->ochg = 0;
	uint32_t *keep = fr(m, m->out_keep);
	const comp_move *mv = moves(m);
	const int *om = (const int *)((const unsigned char *)m + m->om_off), *oent = om + m->ncopies + 2;
	for (int r = om[m->ncopies]; r < om[m->ncopies + 1]; r++) /* from the composition's inputs */
		apply(m, &mv[oent[r]], in, keep);
	for (uint64_t x = chg; x; x &= x - 1u) {
		int k = (int)wg_ctz64(x);
		for (int r = om[k]; r < om[k + 1]; r++)
			apply(m, &mv[oent[r]], in, keep);
	}
	if (m->L.ev_port >= 0)
		events_out(m, keep, chg);
	m->out_ok = 1;
	memcpy(out, keep, (size_t)m->L.nwords[WG_OUT] * 4u);
	for (int k = 0; rc == 0 && k < m->ncopies; k++) /* only the final evaluation's verdict counts */
		if (m->c[k].rc != 0) {
			const wg_comp_inst *ci = &m->b->comp->inst[m->c[k].entry];
			const char *e = m->c[k].err[0] ? m->c[k].err : "protocol violation";
			size_t bl = strlen(ci->block->name);
			if (strncmp(e, ci->block->name, bl) == 0 && e[bl] == ':' && e[bl + 1] == ' ')
				e += bl + 2;
			snprintf(msg, sizeof msg, "%s: instance %s (%s): %s", m->b->name, copy_name(m, k, nm, sizeof nm),
				 ci->block->name, e);
			rc = -1;
		}
	if (rc != 0 && err && errn)
		snprintf(err, errn, "%s", msg);
	return rc;
}

void wg_comp_model_tick(void *mem, const uint32_t *in)
{
	comp_model *m = mem;
	if (!m->settled || memcmp(fr(m, m->in_copy), in, (size_t)m->L.nwords[WG_IN] * 4u) != 0) {
		char msg[COMP_ERRLEN]; /* the edge needs the settled inputs; no eval for this frame yet */
		settle(m, in, msg, sizeof msg);
	}
	for (int k = 0; k < m->ncopies; k++)
		child_block(m, k)->model_tick(fr(m, m->c[k].model), fr(m, m->c[k].in));
	m->settled = 0;
}

/* The counts are summed when read, not at every tick (a run without per-cycle energy checks reads them
 * a few times in all). No flag says whether they are stale: two models in the same state would then
 * differ in their bytes. The sums are written through the caller's const pointer: the model's memory
 * is never const (init, eval and tick write it). */
const uint64_t *wg_comp_model_counts(const void *mem)
{
	comp_model *m = (comp_model *)(uintptr_t)mem;
	counts_refresh(m);
	return m->counts;
}

static const comp_child *child_at(const void *mem, int k)
{
	const comp_model *m = mem;
	return k >= 0 && k < m->ncopies ? &m->c[k] : NULL;
}

const void *wg_comp_child(const void *mem, int k)
{
	const comp_child *ch = child_at(mem, k);
	return ch ? (const unsigned char *)mem + ch->model : NULL;
}

const uint32_t *wg_comp_child_in(const void *mem, int k)
{
	const comp_child *ch = child_at(mem, k);
	return ch ? fr(mem, ch->in) : NULL;
}

const uint32_t *wg_comp_child_out(const void *mem, int k)
{
	const comp_child *ch = child_at(mem, k);
	return ch ? fr(mem, ch->out) : NULL;
}

const wg_layout *wg_comp_child_layout(const void *mem, int k)
{
	const comp_child *ch = child_at(mem, k);
	return ch ? &ch->lay : NULL;
}

int wg_comp_ncopies(const void *mem)
{
	return ((const comp_model *)mem)->ncopies;
}

int wg_comp_first_copy(const void *mem, int i)
{
	const comp_model *m = mem;
	return i >= 0 && i < m->ninst ? m->first[i] : -1;
}

int wg_comp_passes(const void *mem)
{
	return ((const comp_model *)mem)->passes;
}
