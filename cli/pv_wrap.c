/* pv_wrap.c - the Verilog `warpgen prove` adds around a block: the miter top
 * for --netlist, and the properties inserted into the RTL for --invariants. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pv.h"

/* "[W-1:0] " or "" for a 1-bit port. */
static void range(wg_buf *o, int w)
{
	if (w > 1)
		wg_buf_printf(o, "[%d:0] ", w - 1);
}

void pv_miter_top(wg_buf *o, const wg_block *b, const long *p, const char *lemmas)
{
	wg_layout L;
	wg_layout_init(&L, b, p);
	wg_buf_printf(o, "// warpgen prove --netlist: %s (RTL, module wg_gold) against its netlist (module wg_gate).\n"
			 "// Generated: do not edit. Both start from any state (uninitialized flip-flops are free\n"
			 "// at time 0); every output is compared from the cycle after the first rst_i = 1, as\n"
			 "// co-simulation does (docs/cosim.md, \"One cycle\"). The first cycle is assumed to be\n"
			 "// a reset (wg_first_rst): the states after the first reset are the same as with any\n"
			 "// number of cycles before it (a flip-flop the reset does not set starts free). The\n"
			 "// proof's script goes further: it starts the miter from the state after that reset\n"
			 "// (Yosys sim -w), where the flip-flops that reset sets are equal, which scorr needs.\n",
		      b->name);
	wg_buf_printf(o, "module wg_prove_top (\n  input wire clk_i");
	for (int i = 0; i < b->nports; i++)
		if (b->ports[i].dir == WG_IN && L.width[i] > 0) {
			wg_buf_printf(o, ",\n  input wire ");
			range(o, L.width[i]);
			wg_buf_printf(o, "%s", b->ports[i].name);
		}
	wg_buf_printf(o, "\n);\n  reg wg_armed = 1'b0;\n  always @(posedge clk_i) wg_armed <= wg_armed | rst_i;\n"
			 "  always @* if (!wg_armed) wg_first_rst: assume (rst_i);\n");
	for (int i = 0; i < b->nports; i++)
		if (b->ports[i].dir == WG_OUT && L.width[i] > 0) {
			wg_buf_printf(o, "  wire ");
			range(o, L.width[i]);
			wg_buf_printf(o, "gold_%s, gate_%s;\n", b->ports[i].name, b->ports[i].name);
		}
	for (int side = 0; side < 2; side++) {
		const char *mod = side ? "wg_gate" : "wg_gold", *pre = side ? "gate_" : "gold_";
		wg_buf_printf(o, "  %s u_%s (\n    .clk_i(clk_i)", mod, side ? "gate" : "gold");
		for (int i = 0; i < b->nports; i++) {
			if (L.width[i] <= 0)
				continue;
			const char *nm = b->ports[i].name;
			wg_buf_printf(o, ",\n    .%s(%s%s)", nm, b->ports[i].dir == WG_OUT ? pre : "", nm);
		}
		wg_buf_printf(o, "\n  );\n");
	}
	wg_buf_printf(o, "  always @* begin\n    if (wg_armed) begin\n");
	for (int i = 0; i < b->nports; i++)
		if (b->ports[i].dir == WG_OUT && L.width[i] > 0)
			wg_buf_printf(o, "      eq_%s: assert (gold_%s == gate_%s);\n", b->ports[i].name, b->ports[i].name,
				      b->ports[i].name);
	wg_buf_printf(o, "    end\n  end\n%sendmodule\n", lemmas ? lemmas : "");
}

/* Start of "module <top>" followed by a non-identifier character, or NULL. */
static const char *find_module(const char *s, const char *top)
{
	size_t tl = strlen(top);
	for (const char *m = strstr(s, "module "); m; m = strstr(m + 1, "module ")) {
		if (m != s && m[-1] != '\n')
			continue;
		const char *q = m + 7;
		while (*q == ' ')
			q++;
		if (strncmp(q, top, tl) == 0 && (q[tl] == ' ' || q[tl] == '(' || q[tl] == '#' || q[tl] == '\n'))
			return m;
	}
	return NULL;
}

char *pv_insert_props(const char *rtl, const char *top, const char *props, const char *props_name, char *err,
		      size_t n)
{
	const char *m = find_module(rtl, top);
	const char *e = m ? strstr(m, "\nendmodule") : NULL;
	if (!e) {
		snprintf(err, n, "the generated Verilog has no module %s with an endmodule", top);
		return NULL;
	}
	wg_buf o = {0};
	wg_buf_put(&o, rtl, (size_t)(e + 1 - rtl));
	wg_buf_printf(&o, "  // ---- warpgen prove --invariants: %s, inserted before endmodule ----\n"
			  "  // wg_armed: 1 from the cycle after the first rst_i = 1 (before it the state is\n"
			  "  // any value: uninitialized flip-flops are free at time 0).\n"
			  "  reg wg_armed = 1'b0;\n  always @(posedge clk_i) wg_armed <= wg_armed | rst_i;\n",
		      props_name);
	wg_buf_printf(&o, "%s", props);
	wg_buf_printf(&o, "  // ---- end of %s ----\n", props_name);
	wg_buf_printf(&o, "%s", e + 1);
	return o.s;
}

void pv_props_labels(const char *text, const char *kind, char *buf, size_t n)
{
	size_t used = 0;
	char key[32];
	snprintf(key, sizeof key, ": %s", kind);
	buf[0] = 0;
	for (const char *s = text; (s = strstr(s, key)) != NULL; s++) {
		const char *a = s;
		while (a > text && (a[-1] == '_' || (a[-1] >= 'a' && a[-1] <= 'z') || (a[-1] >= 'A' && a[-1] <= 'Z') ||
				    (a[-1] >= '0' && a[-1] <= '9')))
			a--;
		if (a == s)
			continue;
		int k = snprintf(buf + used, n - used, "%s%.*s", used ? ", " : "", (int)(s - a), a);
		if (k < 0 || (size_t)k >= n - used)
			break;
		used += (size_t)k;
	}
}
