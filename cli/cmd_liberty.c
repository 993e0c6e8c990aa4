/* cmd_liberty.c - `warpgen liberty FILE [--cell NAME]`: what the Liberty reader
 * sees in a library (units, cells, area, leakage, pins, functions, internal
 * energy at the documented look-up point). Prints to stdout only. */
#include <stdio.h>
#include <string.h>

#include "wg_cli.h"
#include "wg_cmds.h"
#include "wg_liberty.h"

static const char *dir_name(wg_lib_dir d)
{
	static const char *const n[] = {"in", "out", "inout", "internal"};
	return (unsigned)d < 4u ? n[d] : "?";
}

static const char *seq_name(wg_lib_seq s)
{
	return s == WG_LIB_FF ? "ff" : s == WG_LIB_LATCH ? "latch" : "-";
}

static void table_dims(const wg_lib_table *t, char *buf, size_t n)
{
	if (t->n1 == 0)
		snprintf(buf, n, "-");
	else if (!t->index_1)
		snprintf(buf, n, "scalar");
	else
		snprintf(buf, n, "%dx%d", t->n1, t->n2);
}

static void cell_detail(const wg_lib *L, const wg_lib_cell *c)
{
	double vdd = L->nom_voltage;
	printf("cell %s (line %d)\n", c->name, c->line);
	printf("  area %.6g um2, leakage %.6g nW, %s", c->area, c->leakage_nw, c->seq == WG_LIB_COMB ? "combinational" : seq_name(c->seq));
	if (c->seq != WG_LIB_COMB) {
		const wg_lib_pin *ck = wg_lib_clock_pin(c);
		int latch = c->seq == WG_LIB_LATCH;
		printf(" (%s \"%s\", %s \"%s\", clock pin %s)", latch ? "enable" : "clocked_on", c->clocked_on,
		       latch ? "data_in" : "next_state", c->next_state ? c->next_state : "-", ck ? ck->name : "-");
	}
	if (c->clock_gating)
		printf(", clock gating \"%s\" (clock pin %s)", c->clock_gating,
		       wg_lib_clock_pin(c) ? wg_lib_clock_pin(c)->name : "-");
	printf("\n");
	for (int i = 0; i < c->npins; i++) {
		const wg_lib_pin *p = &c->pins[i];
		printf("  pin %-6s %-5s cap %.6g pF%s", p->name, dir_name(p->dir), p->cap_pf, p->is_clock ? " clock" : "");
		if (p->function)
			printf(" function \"%s\"", p->function);
		if (p->nipow)
			printf(" energy/transition %.6g pJ at %g ns, %g pF", wg_lib_pin_energy(p, WG_LIB_SLEW_NS, WG_LIB_LOAD_PF),
			       WG_LIB_SLEW_NS, WG_LIB_LOAD_PF);
		printf("\n");
		for (int k = 0; k < p->nipow; k++) {
			const wg_lib_ipower *ip = &p->ipow[k];
			char r[32], f[32];
			table_dims(&ip->rise, r, sizeof r);
			table_dims(&ip->fall, f, sizeof f);
			printf("    internal_power (line %d) related_pin %s when %s: rise %s %.6g pJ, fall %s %.6g pJ\n", ip->line,
			       ip->related_pin ? ip->related_pin : "-", ip->when ? ip->when : "-", r,
			       wg_lib_table_at(&ip->rise, WG_LIB_SLEW_NS, WG_LIB_LOAD_PF), f,
			       wg_lib_table_at(&ip->fall, WG_LIB_SLEW_NS, WG_LIB_LOAD_PF));
		}
	}
	if (c->seq != WG_LIB_COMB || c->clock_gating)
		printf("  clock energy per cycle %.6g pJ at %g ns, %g V (both clock-pin edges + C_clk V^2)\n",
		       wg_lib_clock_energy(c, WG_LIB_SLEW_NS, vdd), WG_LIB_SLEW_NS, vdd);
}

int wg_cmd_liberty(int argc, char **argv)
{
	const char *file = NULL, *cell = NULL;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			printf("usage: warpgen liberty FILE [--cell NAME]\n");
			return 0;
		} else if (strcmp(argv[i], "--cell") == 0) {
			if (i + 1 >= argc)
				wg_die("liberty", 2, "--cell needs a cell name");
			cell = argv[++i];
		} else if (argv[i][0] == '-' && argv[i][1]) {
			wg_die("liberty", 2, "unknown option '%s' (usage: warpgen liberty FILE [--cell NAME])", argv[i]);
		} else if (file) {
			wg_die("liberty", 2, "one Liberty file only ('%s' and '%s')", file, argv[i]);
		} else {
			file = argv[i];
		}
	}
	if (!file)
		wg_die("liberty", 2, "no Liberty file (usage: warpgen liberty FILE [--cell NAME])");
	wg_lib L;
	char err[1024];
	if (wg_lib_read(&L, file, err, sizeof err))
		wg_die("liberty", 2, "%s", err);
	const wg_lib_cell *one = NULL;
	if (cell && !(one = wg_lib_cell_find(&L, cell))) {
		wg_lib_free(&L);
		wg_die("liberty", 2, "%s: no cell '%s'", file, cell);
	}
	if (one) {
		cell_detail(&L, one);
		wg_lib_free(&L);
		return 0;
	}
	int nseq = 0;
	for (int i = 0; i < L.ncells; i++)
		nseq += L.cells[i].seq != WG_LIB_COMB;
	printf("library %s (%s)\n", L.name ? L.name : "?", file);
	printf("units: time %s, voltage %s, capacitance %s, leakage %s, current %s, resistance %s\n", L.unit_text[0],
	       L.unit_text[1], L.unit_text[2], L.unit_text[3], L.unit_text[4], L.unit_text[5]);
	printf("internal_power table unit = capacitance x voltage^2 = %.6g pJ; nom_voltage %.6g V\n", L.energy_pj,
	       L.nom_voltage);
	printf("templates %d, cells %d (%d sequential); energy look-up point: input slew %g ns, output load %g pF\n",
	       L.ntemplates, L.ncells, nseq, WG_LIB_SLEW_NS, WG_LIB_LOAD_PF);
	printf("%-32s %10s %12s %5s %12s  %s\n", "cell", "area_um2", "leakage_nW", "seq", "E_out_pJ", "pins");
	for (int i = 0; i < L.ncells; i++) {
		const wg_lib_cell *c = &L.cells[i];
		const wg_lib_pin *o = wg_lib_first_output(c);
		printf("%-32s %10.4f %12.6g %5s %12.6g ", c->name, c->area, c->leakage_nw, seq_name(c->seq),
		       o ? wg_lib_pin_energy(o, WG_LIB_SLEW_NS, WG_LIB_LOAD_PF) : 0.0);
		for (int k = 0; k < c->npins; k++) {
			const wg_lib_pin *p = &c->pins[k];
			printf(" %s:%s%s", p->name, dir_name(p->dir), p->is_clock ? ":clock" : "");
			if (p->function)
				printf("=%s", p->function);
		}
		printf("\n");
	}
	wg_lib_free(&L);
	return 0;
}
