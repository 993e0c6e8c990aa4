/* wg_comp_verilog.c - a composition's Verilog: every instance's generated
 * modules and the top module that wires them (the plan: csim/wg_comp.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_comp.h"
#include "wg_comp_plan.h"
#include "wg_comp_verilog.h"
#include "wg_gen.h"

/* ------------------------------------------------------------------ */
/* Verilog                                                             */
/* ------------------------------------------------------------------ */

static const char *vrange(int w, char *buf, size_t n)
{
	if (w > 1)
		snprintf(buf, n, "[%d:0]", w - 1);
	else
		buf[0] = '\0';
	return buf;
}

/* Bits [lo, lo + w) of a net of width full: the net itself, or a part-select. */
static const char *vsel(const char *net, int full, int lo, int w, char *buf, size_t n)
{
	if (lo == 0 && w == full)
		snprintf(buf, n, "%s", net);
	else if (w == 1)
		snprintf(buf, n, "%s[%d]", net, lo);
	else
		snprintf(buf, n, "%s[%d:%d]", net, lo + w - 1, lo);
	return buf;
}

/* The net (or its slice) input port of copy q of instance entry k is
 * connected to. */
static void conn_expr(const wg_block *b, const comp_plan *P, int k, int q, int port, char *buf, size_t n)
{
	const wg_comp *c = b->comp;
	const wg_block *cb = c->inst[k].block;
	char net[160];
	int w = P->cl[k].width[port];
	if (strcmp(cb->ports[port].name, "rst_i") == 0) {
		snprintf(buf, n, "rst_i");
		return;
	}
	for (int i = 0; i < c->nwires; i++) {
		const comp_ep *t = &P->to[i], *f = &P->from[i];
		if (t->kind != EP_INST || t->inst != k || t->port != port)
			continue;
		if (f->kind == EP_EXT)
			vsel(b->ports[f->port].name, P->ext_w[f->port], q * w, w, buf, n);
		else if (f->kind == EP_INST) {
			snprintf(net, sizeof net, "%s_%s", c->inst[f->inst].name, c->inst[f->inst].block->ports[f->port].name);
			vsel(net, wg_comp_ep_width(P, f), q * w, w, buf, n);
		} else
			snprintf(buf, n, "{%d{1'b%d}}", w, f->value);
		return;
	}
	snprintf(buf, n, "/* undriven */");
}

/* An instance array's event sums: wire <inst>_ev_sum, each field the sum of
 * its copies' fields (zero-extended). */
static void event_sums(wg_buf *o, const wg_block *b, const comp_plan *P, int k, int ev0)
{
	const wg_comp *c = b->comp;
	const wg_layout *cl = &P->cl[k];
	const char *nm = c->inst[k].name;
	char r[32], net[160], sel[200];
	int cw = cl->width[cl->ev_port], sw = 0;
	for (int j = 0; j < c->inst[k].block->nevents; j++)
		sw += P->ev_w[ev0 + j];
	snprintf(net, sizeof net, "%s_ev_o", nm);
	wg_buf_printf(o, "\n  // events of the instance array u_%s_*: each field summed over the %d copies\n", nm, P->nc[k]);
	wg_buf_printf(o, "  wire %-9s %s_ev_sum;\n", vrange(sw, r, sizeof r), nm);
	for (int j = 0, lsb = 0; j < c->inst[k].block->nevents; lsb += P->ev_w[ev0 + j], j++) {
		int W = P->ev_w[ev0 + j], w = cl->ev_w[j];
		char lhs[200];
		snprintf(net, sizeof net, "%s_ev_sum", nm);
		vsel(net, sw, lsb, W, lhs, sizeof lhs);
		wg_buf_printf(o, "  assign %s =", lhs);
		snprintf(net, sizeof net, "%s_ev_o", nm);
		for (int q = 0; q < P->nc[k]; q++) {
			vsel(net, P->nc[k] * cw, q * cw + cl->ev_lsb[j], w, sel, sizeof sel);
			const char *sep = q == 0 ? "" : "+ ";
			if (P->nc[k] > 4)
				wg_buf_printf(o, "\n    %s", sep);
			else
				wg_buf_printf(o, " %s", sep);
			if (W > w)
				wg_buf_printf(o, "{ {%d{1'b0}}, %s}", W - w, sel);
			else
				wg_buf_printf(o, "%s", sel);
		}
		wg_buf_printf(o, ";\n");
	}
}

static void top_module(wg_buf *o, const wg_block *b, const comp_plan *P, const char *top)
{
	const wg_comp *c = b->comp;
	char r[32], net[160], wn[160];
	int sums = 0;
	for (int k = 0; k < c->ninst; k++)
		sums |= c->inst[k].count && P->cl[k].ev_port >= 0;
	wg_buf_printf(o, "// ---------------------------------------------------------------------------\n"
			 "// %s: the composition %s (instances", top, b->name);
	for (int k = 0; k < c->ninst; k++) {
		wg_buf_printf(o, "%s %s: %s", k ? "," : "", c->inst[k].name, c->inst[k].block->name);
		if (c->inst[k].count)
			wg_buf_printf(o, " x %d", P->nc[k]);
	}
	if (sums)
		wg_buf_printf(o, ").\n// Wires and event adders only: every flip-flop is in an instance. ev_o = the\n"
				 "// instances' ev_o, the first instance in the least significant bits; an\n"
				 "// instance array's fields are the sums over its copies.\n");
	else
		wg_buf_printf(o, ").\n// Wires only: every flip-flop is in an instance. ev_o = the instances' ev_o,\n"
				 "// the first instance in the least significant bits.\n");
	wg_buf_printf(o, "// ---------------------------------------------------------------------------\n"
			 "`default_nettype none\n\nmodule %s (\n  input  wire %-9s clk_i", top, "");
	const char *group = "";
	for (int i = 0; i < b->nports; i++) {
		const wg_port_def *d = &b->ports[i];
		wg_buf_printf(o, ",\n");
		if (strcmp(d->group, group) != 0) {
			wg_buf_printf(o, "  // %s\n", d->group);
			group = d->group;
		}
		wg_buf_printf(o, "  %s wire %-9s %s", d->dir == WG_IN ? "input " : "output", vrange(P->ext_w[i], r, sizeof r),
			      d->name);
	}
	wg_buf_printf(o, "\n);\n");
	for (int k = 0; k < c->ninst; k++) {
		const wg_block *cb = c->inst[k].block;
		if (c->inst[k].count)
			wg_buf_printf(o, "\n  // outputs of u_%s_0 .. u_%s_%d, copy 0 in the least significant bits\n",
				      c->inst[k].name, c->inst[k].name, P->nc[k] - 1);
		else
			wg_buf_printf(o, "\n  // outputs of u_%s\n", c->inst[k].name);
		for (int j = 0; j < cb->nports; j++)
			if (cb->ports[j].dir == WG_OUT && P->cl[k].width[j] > 0) /* (0: absent) */
				wg_buf_printf(o, "  wire %-9s %s_%s;\n", vrange(P->nc[k] * P->cl[k].width[j], r, sizeof r),
					      c->inst[k].name, cb->ports[j].name);
	}
	for (int k = 0; k < c->ninst; k++) {
		const wg_block *cb = c->inst[k].block;
		int nlen = 5;
		for (int j = 0; j < cb->nports; j++)
			if ((int)strlen(cb->ports[j].name) > nlen)
				nlen = (int)strlen(cb->ports[j].name);
		for (int q = 0; q < P->nc[k]; q++) {
			if (c->inst[k].count)
				wg_buf_printf(o, "\n  %s_%s u_%s_%d (\n    .%-*s (clk_i)", top, c->inst[k].name, c->inst[k].name,
					      q, nlen, "clk_i");
			else
				wg_buf_printf(o, "\n  %s_%s u_%s (\n    .%-*s (clk_i)", top, c->inst[k].name, c->inst[k].name,
					      nlen, "clk_i");
			for (int j = 0; j < cb->nports; j++) {
				int w = P->cl[k].width[j];
				if (w == 0) /* the port is absent in this instance's configuration */
					continue;
				if (cb->ports[j].dir == WG_IN) {
					conn_expr(b, P, k, q, j, net, sizeof net);
				} else {
					snprintf(wn, sizeof wn, "%s_%s", c->inst[k].name, cb->ports[j].name);
					vsel(wn, P->nc[k] * w, q * w, w, net, sizeof net);
				}
				wg_buf_printf(o, ",\n    .%-*s (%s)", nlen, cb->ports[j].name, net);
			}
			wg_buf_printf(o, "\n  );\n");
		}
	}
	wg_buf_printf(o, "\n");
	for (int i = 0; i < c->nwires; i++) {
		const comp_ep *t = &P->to[i], *f = &P->from[i];
		if (t->kind != EP_EXT)
			continue;
		if (f->kind == EP_EXT)
			snprintf(net, sizeof net, "%s", b->ports[f->port].name);
		else
			snprintf(net, sizeof net, "%s_%s", c->inst[f->inst].name, c->inst[f->inst].block->ports[f->port].name);
		wg_buf_printf(o, "  assign %s = %s;\n", b->ports[t->port].name, net);
	}
	int ev = wg_port_index(b, "ev_o");
	if (ev >= 0) {
		for (int k = 0, ev0 = 0; k < c->ninst; ev0 += c->inst[k].block->nevents, k++)
			if (c->inst[k].count && P->cl[k].ev_port >= 0)
				event_sums(o, b, P, k, ev0);
		wg_buf_printf(o, "%s  assign ev_o = {", sums ? "\n" : "");
		int first = 1;
		for (int k = c->ninst - 1; k >= 0; k--)
			if (P->cl[k].ev_port >= 0) {
				wg_buf_printf(o, "%s%s_ev_%s", first ? "" : ", ", c->inst[k].name, c->inst[k].count ? "sum" : "o");
				first = 0;
			}
		wg_buf_printf(o, "};\n");
	}
	wg_buf_printf(o, "\nendmodule\n\n`default_nettype wire\n");
}

char *wg_comp_verilog_modules(const wg_block *b, const long *p, const char *top, char *err, size_t n)
{
	comp_plan *P = wg_xcalloc(sizeof *P);
	if (wg_comp_plan_make(b, p, P, err, n)) {
		free(P);
		return NULL;
	}
	const wg_comp *c = b->comp;
	wg_buf o = {0};
	char name[256], v[64];
	for (int k = 0; k < c->ninst; k++) {
		const wg_block *cb = c->inst[k].block;
		snprintf(name, sizeof name, "%s_%s", top, c->inst[k].name);
		char *t = wg_verilog_modules(cb, P->cp[k], name, err, n);
		if (!t) {
			free(P);
			wg_buf_free(&o);
			return NULL;
		}
		if (c->inst[k].count)
			wg_buf_printf(&o, "// ===========================================================================\n"
					  "// Instance array u_%s_0 .. u_%s_%d of %s (%s=%d copies, the same parameters): block %s,\n"
					  "// module %s, storage bits %ld each\n//  ", c->inst[k].name, c->inst[k].name,
				      P->nc[k] - 1, top, c->inst[k].count, P->nc[k], cb->name, name, cb->storage_bits(P->cp[k]));
		else
			wg_buf_printf(&o, "// ===========================================================================\n"
					  "// Instance u_%s of %s: block %s, module %s, storage bits %ld\n//  ", c->inst[k].name,
				      top, cb->name, name, cb->storage_bits(P->cp[k]));
		for (int i = 0; i < cb->nparams; i++)
			if (wg_param_in_header(&cb->params[i], P->cp[k][i]))
				wg_buf_printf(&o, " %s=%s", cb->params[i].name,
					      wg_param_text(&cb->params[i], P->cp[k][i], v, sizeof v));
		wg_buf_printf(&o, "\n// ===========================================================================\n"
				  "/* verilator lint_off DECLFILENAME */\n");
		wg_buf_put(&o, t, strlen(t));
		wg_buf_printf(&o, "%s/* verilator lint_on DECLFILENAME */\n\n", t[0] && t[strlen(t) - 1] == '\n' ? "" : "\n");
		free(t);
	}
	top_module(&o, b, P, top);
	free(P);
	return o.s;
}

char *wg_comp_verilog(const wg_block *b, const long *p, const char *top, char *err, size_t n)
{
	char *body = wg_comp_verilog_modules(b, p, top, err, n);
	if (!body)
		return NULL;
	char *head = wg_verilog_header(b, p, top);
	wg_buf o = {0};
	wg_buf_put(&o, head, strlen(head));
	wg_buf_put(&o, body, strlen(body));
	free(head);
	free(body);
	return o.s;
}
