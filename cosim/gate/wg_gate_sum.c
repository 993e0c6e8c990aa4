/* wg_gate_sum.c - a library pricing's sums (wg_lib_energy) into a gate-level
 * run's energy record, shared by the generic netlist's pricing
 * (wg_gate_energy.c) and the mapped netlist's (wg_gate_mapped.c), so that
 * neither file depends on the other for it. */
#include "wg_gate.h"

#include <stdio.h>

#include "wg_liberty.h"

void wg_gate_energy_set(wg_gate_energy *en, const wg_lib *lib, const wg_lib_energy *e, double period_ns)
{
	en->ok = 1;
	snprintf(en->lib_name, sizeof en->lib_name, "%s", lib->name ? lib->name : "?");
	en->vdd = e->vdd;
	en->period_ns = period_ns;
	en->internal_pj = e->internal_pj;
	en->switching_pj = e->switching_pj;
	en->clock_pj = e->clock_pj;
	en->leakage_pj = e->leakage_pj;
	en->total_pj = e->total_pj;
	en->lib_instances = e->instances;
}
