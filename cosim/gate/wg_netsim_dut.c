/* wg_netsim_dut.c - the native gate-level simulator as the harness's DUT.
 * See wg_netsim_dut.h. */
#include "wg_netsim_dut.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"

/* One instance: the harness holds it as an opaque wg_shim pointer. */
typedef struct inst {
	wg_ns ns;       /* the simulator state */
	wg_ns_dut *d;   /* its context */
	long cycles;    /* clock edges */
} inst;

int wg_ns_dut_init(wg_ns_dut *d, const wg_nl *nl, const wg_block *b, const wg_layout *L, char *err, size_t n)
{
	memset(d, 0, sizeof *d);
	d->nl = nl;
	d->L = L;
	d->clock = wg_nl_find(nl, "clk_i");
	if (d->clock < 0) {
		snprintf(err, n, "the netlist has no clk_i input");
		return -1;
	}
	d->in_net = wg_xcalloc(((size_t)L->nwords[WG_IN] * 32 + 1) * sizeof *d->in_net);
	d->out_net = wg_xcalloc(((size_t)L->nwords[WG_OUT] * 32 + 1) * sizeof *d->out_net);
	for (long i = 0; i < (long)L->nwords[WG_IN] * 32; i++)
		d->in_net[i] = -1;
	for (long i = 0; i < (long)L->nwords[WG_OUT] * 32; i++)
		d->out_net[i] = -1;
	for (int p = 0; p < b->nports; p++) {
		int dir = b->ports[p].dir;
		int *map = dir == WG_IN ? d->in_net : d->out_net;
		for (int k = 0; k < L->width[p]; k++) {
			int net = wg_nl_port_bit(nl, b->ports[p].name, k, L->width[p]);
			if (net < 0) {
				snprintf(err, n, "the netlist has no %s port bit %s[%d] (not this configuration's netlist?)",
					 dir == WG_IN ? "input" : "output", b->ports[p].name, k);
				wg_ns_dut_free(d);
				return -1;
			}
			map[L->off[p] * 32 + k] = net;
		}
	}
	if (wg_ns_plan_init(&d->plan, nl, d->clock, err, n) != 0) {
		wg_ns_dut_free(d);
		return -1;
	}
	d->tog = wg_xcalloc(((size_t)nl->nnets + 1) * sizeof *d->tog);
	d->clk_on = wg_xcalloc(((size_t)d->plan.nflop + 1) * sizeof *d->clk_on);
	return 0;
}

void wg_ns_dut_free(wg_ns_dut *d)
{
	free(d->in_net);
	free(d->out_net);
	free(d->tog);
	free(d->clk_on);
	wg_ns_plan_free(&d->plan);
	memset(d, 0, sizeof *d);
}

static wg_shim *ns_create(void *ctx, uint64_t seed)
{
	wg_ns_dut *d = ctx;
	inst *s = wg_xcalloc(sizeof *s);
	wg_ns_init(&s->ns, &d->plan, seed);
	s->d = d;
	return (wg_shim *)(void *)s;
}

static void ns_destroy(wg_shim *sh)
{
	inst *s = (inst *)(void *)sh;
	wg_ns_dut *d = s->d;
	for (long i = 0; i < d->nl->nnets; i++)
		d->tog[i] += s->ns.tog[i];
	for (long i = 0; i < d->plan.nflop; i++)
		d->clk_on[i] += s->ns.clk_on[i];
	d->cycles += s->cycles;
	d->instances++;
	wg_ns_free(&s->ns);
	free(s);
}

static void ns_set_inputs(wg_shim *sh, const uint32_t *in)
{
	inst *s = (inst *)(void *)sh;
	const int *map = s->d->in_net;
	for (long i = 0; i < (long)s->d->L->nwords[WG_IN] * 32; i++)
		if (map[i] >= 0)
			wg_ns_set(&s->ns, map[i], (int)(in[i / 32] >> (i % 32)) & 1);
}

static void ns_eval(wg_shim *sh)
{
	wg_ns_settle(&((inst *)(void *)sh)->ns);
}

static void ns_get_outputs(wg_shim *sh, uint32_t *out)
{
	inst *s = (inst *)(void *)sh;
	const int *map = s->d->out_net;
	long nw = s->d->L->nwords[WG_OUT];
	wg_ns_settle(&s->ns);
	memset(out, 0, (size_t)nw * sizeof *out);
	for (long i = 0; i < nw * 32; i++)
		if (map[i] >= 0)
			out[i / 32] |= (uint32_t)wg_ns_get(&s->ns, map[i]) << (i % 32);
}

static void ns_tick(wg_shim *sh)
{
	inst *s = (inst *)(void *)sh;
	wg_ns_edge(&s->ns);
	s->cycles++;
}

static int ns_trace_open(wg_shim *sh, const char *path)
{
	(void)sh;
	(void)path;
	return -1; /* no dumps: replay under Verilator (--gate-sim verilator --wave) */
}

static void ns_trace_close(wg_shim *sh)
{
	(void)sh;
}

static int ns_finished(wg_shim *sh)
{
	(void)sh;
	return 0; /* a netlist has no assertions */
}

void wg_ns_dut_lib(wg_ns_dut *d, wg_dut_lib *lib)
{
	memset(lib, 0, sizeof *lib);
	lib->ctx = d;
	lib->create_ctx = ns_create;
	lib->destroy = ns_destroy;
	lib->set_inputs = ns_set_inputs;
	lib->eval = ns_eval;
	lib->get_outputs = ns_get_outputs;
	lib->tick = ns_tick;
	lib->trace_open = ns_trace_open;
	lib->trace_close = ns_trace_close;
	lib->finished = ns_finished;
}
