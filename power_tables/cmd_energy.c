/* cmd_energy.c - `warpgen energy BLOCK [--set N=V]...`: the energy of one
 * event of each kind, with the table rows and rules behind it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_cmds.h"
#include "wg_energy.h"
#include "wg_energy_blocks.h"

int wg_cmd_energy(int argc, char **argv)
{
	wg_opts o;
	wg_opts_parse(&o, "energy", argc, argv, WG_OPT_SET | WG_OPT_QUIET);
	if (o.help) {
		printf("usage: warpgen energy BLOCK [--set NAME=VALUE]... [-q]\n"
		       "prints the energy of one event of each kind (pJ) with its basis: the power-table rows\n"
		       "(power_tables/*.tsv) and the rules of docs/energy-model.md; -q prints only the numbers\n\n");
		if (o.block)
			wg_print_params(o.block);
		return 0;
	}
	char err[1024], cfg[1024];
	wg_energy_model m;
	if (wg_energy_model_init(&m, o.block, o.p, err, sizeof err) != 0)
		wg_die("energy", 2, "%s", err);
	wg_config_name(o.block, o.p, 0, cfg, sizeof cfg);
	if (o.quiet) {
		for (int e = 0; e < m.nevents; e++)
			if (m.not_given[e])
				printf("%s n/g\n", o.block->events[e].name);
			else
				printf("%s %.6g\n", o.block->events[e].name, m.pj[e]);
		if (m.leak_not_given)
			printf("leakage_mw n/g\n");
		else
			printf("leakage_mw %.6g\n", m.leak_mw);
		return 0;
	}
	wg_buf notes = {0};
	if (wg_energy_notes(o.block, o.p, &notes, err, sizeof err) != 0)
		wg_die("energy", 2, "%s", err);
	printf("energy model: %s (%s), table power_tables/%s\n", o.block->name, cfg, wg_energy_table_name(o.block));
	printf("%s", notes.s ? notes.s : "");
	wg_buf_free(&notes);
	int w = 5;
	for (int e = 0; e < m.nevents; e++) {
		int l = (int)strlen(o.block->events[e].name);
		if (l > w)
			w = l;
	}
	printf("\n%-*s %10s  %s\n", w, "event", "pJ/event", "basis");
	for (int e = 0; e < m.nevents; e++)
		if (m.not_given[e])
			printf("%-*s %10s  %s\n", w, o.block->events[e].name, "n/g", m.basis[e]);
		else
			printf("%-*s %10.4f  %s\n", w, o.block->events[e].name, m.pj[e], m.basis[e]);
	if (m.leak_not_given)
		printf("\nleakage n/g: %s\n", m.leak_basis);
	else
		printf("\nleakage %.4g mW: %s\n", m.leak_mw, m.leak_basis);
	printf("clock %g GHz (leakage energy per cycle = leakage mW / clock GHz pJ)\n", m.clock_ghz);
	return 0;
}
