/* wg_gate_energy.c - the activity-based energy of a gate-level run: generic
 * cell types priced as Liberty cells (wg_lib_map.c), output loads from the
 * netlist's fanout, the sum (wg_lib_activity). See wg_gate.h and
 * docs/energy-model.md section 10, "Pricing the generic netlist". */
#include "wg_gate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_lib_map.h"
#include "wg_liberty.h"

double *wg_gate_loads(const wg_gate_res *r, const double *in_cap, double wire_pf)
{
	const wg_nl *nl = &r->nl;
	double *net_load = wg_xcalloc(((size_t)nl->nnets + 1) * sizeof *net_load);
	double *load = wg_xcalloc(((size_t)r->ncells + 1) * sizeof *load);
	for (long i = 0; i < r->ncells; i++)
		for (int j = 0; j < nl->cells[i].nin; j++)
			net_load[nl->cells[i].in[j]] += in_cap[i * WG_GATE_MAXIN + j] + wire_pf;
	for (long i = 0; i < r->ncells; i++)
		load[i] = net_load[nl->cells[i].out];
	free(net_load);
	return load;
}

int wg_gate_activity_lib(wg_gate_res *r, const wg_lib *lib, double period_ns, char *err, size_t n)
{
	wg_gate_energy *en = &r->en;
	en->ok = 0;
	if (!r->have_toggles) {
		snprintf(err, n, "no toggle counts (the netlist was not simulated natively)");
		return -1;
	}
	if (r->flow == WG_SYNTH_MAPPED) {
		char blif[WG_GATE_PATH + 32];
		snprintf(blif, sizeof blif, "%s/mapped.blif", r->dir);
		en->gated_ok = 0;
		snprintf(en->gated_note, sizeof en->gated_note,
			 "the mapped netlist's flops are the library's own, their enables inside the cells: the "
			 "generic flows give the clock-gated figure");
		return wg_gate_mapped_activity(r, lib, blif, period_ns, err, n);
	}
	wg_lib_map *maps = wg_xcalloc(((size_t)r->ntypes + 1) * sizeof *maps);
	double *in_cap = wg_xcalloc(((size_t)r->ncells * WG_GATE_MAXIN + 1) * sizeof *in_cap);
	wg_lib_act *rows = wg_xcalloc((2 * (size_t)r->ncells * (1 + WG_LIB_MAP_MAXEXTRA) + 1) * sizeof *rows);
	int rc = 0;
	for (int t = 0; rc == 0 && t < r->ntypes; t++) {
		rc = wg_lib_map_type(lib, r->types[t].name, &maps[t], err, n);
		if (rc == 0) {
			wg_buf c = {0};
			wg_buf_printf(&c, "%s", maps[t].cell->name);
			for (int x = maps[t].nextra - 1; x >= 0; x--)
				wg_buf_printf(&c, "+%s", maps[t].extra[x]->name);
			snprintf(r->types[t].lib_cell, sizeof r->types[t].lib_cell, "%s", c.s);
			wg_buf_free(&c);
		}
	}
	double *load = NULL;
	int nrows = 0;
	int *row_of = wg_xcalloc(((size_t)r->ncells + 1) * sizeof *row_of);
	if (rc == 0) {
		const wg_nl *nl = &r->nl;
		for (long i = 0; i < r->ncells; i++)
			for (int j = 0; j < nl->cells[i].nin; j++)
				in_cap[i * WG_GATE_MAXIN + j] =
					wg_lib_map_cap(&maps[nl->cells[i].type], nl->types[nl->cells[i].type].pin[j]);
		load = wg_gate_loads(r, in_cap, WG_LIB_MAP_WIRE_PF);
		double lsum = 0;
		for (long i = 0; i < r->ncells; i++) {
			const wg_lib_map *m = &maps[nl->cells[i].type];
			double tog = (double)r->tog[nl->cells[i].out];
			row_of[i] = nrows;
			rows[nrows++] = (wg_lib_act){.cell = m->cell->name, .instances = 1, .toggles = tog, .load_pf = load[i]};
			/* extra gates in front of a flop's D: their output changes are
			 * approximated by the flop's Q changes */
			for (int x = 0; x < m->nextra; x++)
				rows[nrows++] = (wg_lib_act){.cell = m->extra[x]->name, .instances = 1,
							     .toggles = tog,
							     .load_pf = m->extra_load_pf[x]};
			lsum += load[i];
		}
		en->mean_load_pf = r->ncells ? lsum / (double)r->ncells : 0;
		wg_lib_run run = {.vdd = 0, .slew_ns = 0, .cycles = (double)r->cycles, .period_ns = period_ns};
		wg_lib_energy e;
		rc = wg_lib_activity(lib, rows, nrows, &run, &e, err, n);
		/* per type: the same sum over its rows (rows are in cell order) */
		for (int t = 0; rc == 0 && t < r->ntypes; t++) {
			int k = 0;
			for (long i = 0, row = 0; i < r->ncells; i++) {
				const wg_lib_map *m = &maps[nl->cells[i].type];
				if (nl->cells[i].type == t)
					for (int x = 0; x <= m->nextra; x++)
						rows[nrows + k++] = rows[row + x];
				row += 1 + m->nextra;
			}
			wg_lib_energy te;
			rc = wg_lib_activity(lib, rows + nrows, k, &run, &te, err, n);
			r->types[t].energy_pj = te.total_pj;
		}
		if (rc == 0) {
			wg_gate_energy_set(en, lib, &e, period_ns);
			wg_gate_clock_gating(r, lib, rows, nrows, row_of, &run);
		}
	}
	free(row_of);
	free(load);
	free(rows);
	free(in_cap);
	free(maps);
	return rc;
}

int wg_gate_activity(wg_gate_res *r, double period_ns, const char *period_basis, char *err, size_t n)
{
	wg_lib lib;
	snprintf(r->en.period_basis, sizeof r->en.period_basis, "%s", period_basis);
	int rc = wg_lib_read(&lib, r->lib_path, err, n);
	if (rc == 0) {
		rc = wg_gate_activity_lib(r, &lib, period_ns, err, n);
		wg_lib_free(&lib);
	}
	if (rc != 0)
		snprintf(r->en.note, sizeof r->en.note, "%s", err);
	return rc;
}

