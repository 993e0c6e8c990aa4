/* wg_gate_cg.c - the clock-gated figure of a priced generic netlist: every
 * flip-flop with an enable sits behind an integrated clock-gating cell (ICG)
 * shared by the flops of one enable condition, so its clock pin toggles only
 * on the edges that need it; the ICG's clock pin toggles every cycle and its
 * gated clock output on the enabled ones. See wg_gate.h and
 * docs/energy-model.md section 10, "Clock gating". */
#include "wg_gate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_lib_map.h"
#include "wg_liberty.h"

/* The library's ICG for rising-edge flops: the smallest cell whose
 * clock_gating_integrated_cell is "latch_posedge" and that has a GCLK-like
 * output (its first output), or NULL. */
static const wg_lib_cell *find_icg(const wg_lib *lib)
{
	const wg_lib_cell *best = NULL;
	for (int i = 0; i < lib->ncells; i++) {
		const wg_lib_cell *c = &lib->cells[i];
		if (!c->clock_gating || strcmp(c->clock_gating, "latch_posedge") != 0 || !wg_lib_first_output(c))
			continue;
		if (!best || c->area < best->area)
			best = c;
	}
	return best;
}

/* One gated flop: its cell and the nets and levels of its clock's condition. */
typedef struct {
	long cell;        /* the netlist cell */
	int e, epol;      /* enable net and active level */
	int r, rpol;      /* a reset that overrides the enable (SDFFE), else -1 and 0 */
} cg_flop;

static int cmp_cond(const void *a, const void *b)
{
	const cg_flop *x = a, *y = b;
	if (x->e != y->e)
		return x->e < y->e ? -1 : 1;
	if (x->epol != y->epol)
		return x->epol - y->epol;
	if (x->r != y->r)
		return x->r < y->r ? -1 : 1;
	if (x->rpol != y->rpol)
		return x->rpol - y->rpol;
	return x->cell < y->cell ? -1 : x->cell > y->cell;
}

static int same_cond(const cg_flop *x, const cg_flop *y)
{
	return x->e == y->e && x->epol == y->epol && x->r == y->r && x->rpol == y->rpol;
}

void wg_gate_clock_gating(wg_gate_res *r, const wg_lib *lib, const wg_lib_act *rows, int nrows,
			  const int *row_of_cell, const wg_lib_run *run)
{
	wg_gate_energy *en = &r->en;
	en->gated_ok = 0;
	if (!r->clk_on) {
		snprintf(en->gated_note, sizeof en->gated_note, "the enabled edges were not counted");
		return;
	}
	if (r->flow == WG_SYNTH_QUICK) {
		snprintf(en->gated_note, sizeof en->gated_note,
			 "the quick flow keeps enables as multiplexers in front of plain flip-flops (no opt_dff): "
			 "the full flow gives the clock-gated figure");
		return;
	}
	const wg_lib_cell *icg = find_icg(lib);
	if (!icg) {
		snprintf(en->gated_note, sizeof en->gated_note,
			 "%s has no clock-gating cell (clock_gating_integrated_cell : latch_posedge)",
			 lib->name ? lib->name : "the library");
		return;
	}
	const wg_nl *nl = &r->nl;
	cg_flop *f = wg_xcalloc(((size_t)r->flops + 1) * sizeof *f);
	long nf = 0;
	for (long c = 0; c < nl->ncells; c++) {
		const wg_nl_cell *cl = &nl->cells[c];
		/* the input order of wg_blif.h: DFFE D E; SDFFE and SDFFCE D R E */
		if (cl->kind == WG_NL_DFFE)
			f[nf++] = (cg_flop){c, cl->in[1], cl->epol, -1, 0};
		else if (cl->kind == WG_NL_SDFFE)
			f[nf++] = (cg_flop){c, cl->in[2], cl->epol, cl->in[1], cl->rpol};
		else if (cl->kind == WG_NL_SDFFCE)
			f[nf++] = (cg_flop){c, cl->in[2], cl->epol, -1, 0};
	}
	qsort(f, (size_t)nf, sizeof *f, cmp_cond);
	long ngroups = 0;
	for (long i = 0; i < nf; i++)
		ngroups += i == 0 || !same_cond(&f[i], &f[i - 1]);

	/* the ungated rows, the gated flops' clocks limited to their enabled edges, one ICG per group */
	wg_lib_act *g = wg_xcalloc(((size_t)nrows + (size_t)ngroups + 1) * sizeof *g);
	memcpy(g, rows, (size_t)nrows * sizeof *g);
	wg_lib_act *icg_rows = g + nrows;
	double on = 0;
	for (long i = 0, k = -1; i < nf; i++) {
		wg_lib_act *row = &g[row_of_cell[f[i].cell]];
		row->clock_given = 1;
		row->clock_cycles = (double)r->clk_on[f[i].cell];
		on += row->clock_cycles;
		if (i == 0 || !same_cond(&f[i], &f[i - 1]))
			icg_rows[++k] = (wg_lib_act){.cell = icg->name, .instances = 1, .toggles = 2 * row->clock_cycles,
						     .load_pf = 0, .clock_given = 1, .clock_cycles = run->cycles};
		/* the gated clock's wire to each flop; the flops' clock pins stay in their own clock
		 * energy, as the ungated clock's pins do */
		icg_rows[k].load_pf += WG_LIB_MAP_WIRE_PF;
	}
	wg_lib_energy all, own;
	char err[256];
	if (wg_lib_activity(lib, g, nrows + (int)ngroups, run, &all, err, sizeof err) != 0 ||
	    wg_lib_activity(lib, icg_rows, (int)ngroups, run, &own, err, sizeof err) != 0) {
		snprintf(en->gated_note, sizeof en->gated_note, "%s", err);
	} else {
		en->gated_ok = 1;
		snprintf(en->icg_cell, sizeof en->icg_cell, "%s", icg->name);
		en->icg_groups = ngroups;
		en->gated_flops = nf;
		en->gated_on_share = nf && run->cycles > 0 ? on / ((double)nf * run->cycles) : 0;
		en->gated_clock_pj = all.clock_pj + own.internal_pj + own.switching_pj;
		en->icg_pj = own.total_pj;
		en->gated_total_pj = all.total_pj;
	}
	free(g);
	free(f);
}
