/* test_lib_map.c - generic Yosys gates priced as Liberty cells
 * (power_tables/wg_lib_map.c) and the activity energy of a gate-level run
 * (cosim/gate/wg_gate.c: loads from the netlist's fanout, the sum) on a
 * hand-written library: truth-table matching up to input permutation, the
 * smallest-area choice, flops without set/reset, flop + gate for resets and
 * enables, unmappable types, and a hand-computed energy; the mapped flow's
 * energy (cosim/gate/wg_gate_mapped.c: library cells priced as themselves). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wg_check.h"
#include "wg_gate.h"
#include "wg_lib_map.h"
#include "wg_liberty.h"

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (1 + fabs(b));
}

/* internal energy per toggle E (scalar rise and fall tables) */
#define IPOW(E) "internal_power () { rise_power (scalar) { values (\"" E "\") ; } fall_power (scalar) { values (\"" E "\") ; } }"

/* Units pF, V, nW, ns; supply 1 V. */
static const char *const LIB =
	"library (maplib) {\n"
	"  time_unit : \"1ns\" ; voltage_unit : \"1V\" ; capacitive_load_unit (1, pf) ;\n"
	"  leakage_power_unit : \"1nW\" ; nom_voltage : 1.0 ;\n"
	"  cell (INV_X2) { area : 3 ; cell_leakage_power : 2 ;\n"
	"    pin (A) { direction : input ; capacitance : 0.002 ; }\n"
	"    pin (Y) { direction : output ; function : \"!A\" ; " IPOW("0.003") " } }\n"
	"  cell (INV_HI) { area : 2 ; cell_leakage_power : 1 ;\n" /* same area as INV_X1, more energy */
	"    pin (A) { direction : input ; capacitance : 0.001 ; }\n"
	"    pin (Y) { direction : output ; function : \"!A\" ; " IPOW("0.005") " } }\n"
	"  cell (INV_X1) { area : 2 ; cell_leakage_power : 1 ;\n"
	"    pin (A) { direction : input ; capacitance : 0.001 ; }\n"
	"    pin (Y) { direction : output ; function : \"A'\" ; " IPOW("0.002") " } }\n"
	"  cell (AND2) { area : 5 ; cell_leakage_power : 2 ;\n"
	"    pin (A) { direction : input ; capacitance : 0.002 ; }\n"
	"    pin (B) { direction : input ; capacitance : 0.003 ; }\n"
	"    pin (Y) { direction : output ; function : \"(A B)\" ; " IPOW("0.004") " } }\n"
	"  cell (NAND2) { area : 4 ; cell_leakage_power : 2 ;\n"
	"    pin (A, B) { direction : input ; capacitance : 0.0015 ; }\n"
	"    pin (Y) { direction : output ; function : \"!(A&B)\" ; " IPOW("0.003") " } }\n"
	"  cell (AND2B) { area : 6 ; cell_leakage_power : 2 ;\n"
	"    pin (A_N) { direction : input ; capacitance : 0.0025 ; }\n"
	"    pin (B) { direction : input ; capacitance : 0.0012 ; }\n"
	"    pin (X) { direction : output ; function : \"!A_N&B\" ; " IPOW("0.004") " } }\n"
	"  cell (XOR2) { area : 8 ; cell_leakage_power : 3 ;\n"
	"    pin (A, B) { direction : input ; capacitance : 0.004 ; }\n"
	"    pin (X) { direction : output ; function : \"(A&!B)|(!A&B)\" ; " IPOW("0.006") " } }\n"
	"  cell (MUX2_BIG) { area : 12 ; cell_leakage_power : 4 ;\n"
	"    pin (A0, A1, S) { direction : input ; capacitance : 0.005 ; }\n"
	"    pin (X) { direction : output ; function : \"(A0&!S)|(A1&S)\" ; " IPOW("0.009") " } }\n"
	"  cell (MUX2) { area : 9 ; cell_leakage_power : 3 ;\n"
	"    pin (S) { direction : input ; capacitance : 0.0035 ; }\n"
	"    pin (A1) { direction : input ; capacitance : 0.0021 ; }\n"
	"    pin (A0) { direction : input ; capacitance : 0.002 ; }\n"
	"    pin (X) { direction : output ; function : \"(S&A1)|(!S&A0)\" ; " IPOW("0.007") " } }\n"
	"  cell (DFFR) { area : 18 ; cell_leakage_power : 6 ;\n" /* smaller, but with a reset: not a plain D flop */
	"    ff (IQ, IQN) { clocked_on : \"CLK\" ; next_state : \"D\" ; clear : \"!RESET_B\" ; }\n"
	"    pin (CLK) { direction : input ; clock : true ; capacitance : 0.0017 ; }\n"
	"    pin (D) { direction : input ; capacitance : 0.0018 ; }\n"
	"    pin (RESET_B) { direction : input ; capacitance : 0.002 ; }\n"
	"    pin (Q) { direction : output ; function : \"IQ\" ; " IPOW("0.006") " } }\n"
	"  cell (ICG_BIG) { area : 9 ; cell_leakage_power : 2 ; clock_gating_integrated_cell : \"latch_posedge\" ;\n"
	"    pin (CLK) { direction : input ; clock : true ; capacitance : 0.002 ; " IPOW("0.009") " }\n"
	"    pin (GATE) { direction : input ; capacitance : 0.001 ; }\n"
	"    pin (GCLK) { direction : output ; " IPOW("0.005") " } }\n"
	"  cell (ICG) { area : 7 ; cell_leakage_power : 1 ; clock_gating_integrated_cell : \"latch_posedge\" ;\n"
	"    pin (CLK) { direction : input ; clock : true ; capacitance : 0.001 ;\n"
	"      internal_power () { rise_power (scalar) { values (\"0.004\") ; } fall_power (scalar) { values (\"0.002\") ; } } }\n"
	"    pin (GATE) { direction : input ; capacitance : 0.001 ; }\n"
	"    pin (GCLK) { direction : output ; " IPOW("0.003") " } }\n"
	"  cell (DFF) { area : 20 ; cell_leakage_power : 5 ;\n"
	"    ff (IQ, IQN) { clocked_on : \"CLK\" ; next_state : \"D\" ; }\n"
	"    pin (CLK) { direction : input ; clock : true ; capacitance : 0.0017 ;\n"
	"      internal_power () { rise_power (scalar) { values (\"0.01\") ; } fall_power (scalar) { values (\"0.008\") ; } } }\n"
	"    pin (D) { direction : input ; capacitance : 0.0018 ; }\n"
	"    pin (Q) { direction : output ; function : \"IQ\" ; " IPOW("0.006") " } }\n"
	"}\n";

static const char *netlist =
	".model t\n"
	".inputs clk_i a_i b_i\n"
	".outputs q_o\n"
	".subckt $_NOT_ A=a_i Y=w1\n"
	".subckt $_AND_ A=w1 B=b_i Y=w[2]\n"
	".subckt $_NAND_ A=w1 B=w[2] Y=w3\n"
	".subckt $_DFF_P_ C=clk_i D=w3 Q=q_o\n"
	".end\n";

static void check_map(const wg_lib *lib)
{
	char err[512];
	wg_lib_map m;
	CHECK(wg_lib_map_type(lib, "$_AND_", &m, err, sizeof err) == 0);
	CHECK(m.cell && strcmp(m.cell->name, "AND2") == 0); /* function "(A B)": juxtaposition */
	CHECK(near(wg_lib_map_cap(&m, "A"), 0.002) && near(wg_lib_map_cap(&m, "B"), 0.003));
	CHECK(wg_lib_map_type(lib, "$_NOT_", &m, err, sizeof err) == 0);
	CHECK(strcmp(m.cell->name, "INV_X1") == 0); /* smaller than INV_X2; less energy than INV_HI */
	CHECK(wg_lib_map_type(lib, "$_NAND_", &m, err, sizeof err) == 0);
	CHECK(strcmp(m.cell->name, "NAND2") == 0);
	/* A & !B: AND2B with the inputs swapped (A -> B, B -> A_N) */
	CHECK(wg_lib_map_type(lib, "$_ANDNOT_", &m, err, sizeof err) == 0);
	CHECK(strcmp(m.cell->name, "AND2B") == 0);
	CHECK(near(wg_lib_map_cap(&m, "A"), 0.0012) && near(wg_lib_map_cap(&m, "B"), 0.0025));
	CHECK(wg_lib_map_type(lib, "$_XOR_", &m, err, sizeof err) == 0);
	CHECK(strcmp(m.cell->name, "XOR2") == 0);
	/* S ? B : A -> MUX2 (smaller than MUX2_BIG), pins in another order */
	CHECK(wg_lib_map_type(lib, "$_MUX_", &m, err, sizeof err) == 0);
	CHECK(strcmp(m.cell->name, "MUX2") == 0);
	CHECK(near(wg_lib_map_cap(&m, "A"), 0.002) && near(wg_lib_map_cap(&m, "B"), 0.0021) &&
	      near(wg_lib_map_cap(&m, "S"), 0.0035));
	/* flops: no set/reset */
	CHECK(wg_lib_map_type(lib, "$_DFF_P_", &m, err, sizeof err) == 0);
	CHECK(strcmp(m.cell->name, "DFF") == 0 && m.nextra == 0);
	CHECK(near(wg_lib_map_cap(&m, "C"), 0.0017) && near(wg_lib_map_cap(&m, "D"), 0.0018));
	/* sync reset to 0: DFF + A & !R in front of D */
	CHECK(wg_lib_map_type(lib, "$_SDFF_PP0_", &m, err, sizeof err) == 0);
	CHECK(strcmp(m.cell->name, "DFF") == 0 && m.nextra == 1 && strcmp(m.extra[0]->name, "AND2B") == 0);
	CHECK(near(m.extra_load_pf[0], 0.0018 + WG_LIB_MAP_WIRE_PF));
	CHECK(near(wg_lib_map_cap(&m, "D"), 0.0012) && near(wg_lib_map_cap(&m, "R"), 0.0025));
	/* enable, no enable flop in the library: DFF + MUX2 */
	CHECK(wg_lib_map_type(lib, "$_DFFE_PP_", &m, err, sizeof err) == 0);
	CHECK(strcmp(m.cell->name, "DFF") == 0 && m.nextra == 1 && strcmp(m.extra[0]->name, "MUX2") == 0);
	CHECK(near(wg_lib_map_cap(&m, "D"), 0.0021) && near(wg_lib_map_cap(&m, "E"), 0.0035));
	/* no OR cell; unsupported families */
	CHECK(wg_lib_map_type(lib, "$_OR_", &m, err, sizeof err) != 0);
	CHECK(strstr(err, "no cell of maplib.lib implements $_OR_") != NULL);
	CHECK(wg_lib_map_type(lib, "$_DFFSR_PPP_", &m, err, sizeof err) != 0);
	CHECK(strstr(err, "$_DFFSR_PPP_: not a supported generic cell") != NULL);
	CHECK(wg_lib_map_type(lib, "$_DFF_X_", &m, err, sizeof err) != 0);
}

static void check_energy(const wg_lib *lib)
{
	char err[512];
	wg_gate_res r;
	memset(&r, 0, sizeof r);
	CHECK(wg_gate_load_text(&r, netlist, "t.blif", err, sizeof err) == 0);
	CHECK_EQ(r.ncells, 4);
	CHECK(r.ncells == 4 && r.nl.cells[2].nin == 2 && strcmp(r.nl.types[r.nl.cells[2].type].pin[1], "B") == 0);
	CHECK(r.ncells == 4 && r.nl.cells[3].out == wg_nl_find(&r.nl, "q_o"));
	if (r.ncells != 4) {
		wg_gate_free(&r);
		return;
	}
	/* loads from fanout: w1 -> wg2.A (AND2 A 2 fF) + wg3.A (NAND2 1.5 fF); w2 -> wg3.B;
	 * w3 -> DFF D (1.8 fF); q_o: no cell */
	const double w = WG_LIB_MAP_WIRE_PF;
	uint64_t tog[16] = {0};
	static const char *const outs[4] = {"w1", "w[2]", "w3", "q_o"};
	static const uint64_t n_tog[4] = {4, 2, 3, 1};
	CHECK(r.nl.nnets <= 16);
	for (int i = 0; i < 4; i++)
		tog[wg_nl_find(&r.nl, outs[i])] = n_tog[i];
	wg_gate_set_toggles(&r, tog, 10);
	CHECK(wg_gate_activity_lib(&r, lib, 2.0, err, sizeof err) == 0);
	double load[4] = {0.002 + 0.0015 + 2 * w, 0.0015 + w, 0.0018 + w, 0};
	CHECK(r.en.ok);
	CHECK(near(r.en.mean_load_pf, (load[0] + load[1] + load[2]) / 4));
	CHECK(near(r.en.vdd, 1.0));
	CHECK(near(r.en.internal_pj, 4 * 0.002 + 2 * 0.004 + 3 * 0.003 + 1 * 0.006));
	CHECK(near(r.en.switching_pj, 0.5 * (4 * load[0] + 2 * load[1] + 3 * load[2])));
	CHECK(near(r.en.clock_pj, 10 * (0.01 + 0.008 + 0.0017)));
	CHECK(near(r.en.leakage_pj, (1 + 2 + 2 + 5) * 10 * 2.0 * 1e-6));
	CHECK(near(r.en.total_pj, r.en.internal_pj + r.en.switching_pj + r.en.clock_pj + r.en.leakage_pj));
	CHECK_EQ(r.en.lib_instances, 4);
	/* direct loads API */
	double caps[4 * WG_GATE_MAXIN] = {0};
	caps[1 * WG_GATE_MAXIN + 0] = 1; /* wg2.A on w1 */
	caps[2 * WG_GATE_MAXIN + 0] = 2; /* wg3.A on w1 */
	caps[2 * WG_GATE_MAXIN + 1] = 4; /* wg3.B on w2 */
	double *l = wg_gate_loads(&r, caps, 0.5);
	CHECK(near(l[0], 1 + 2 + 1.0) && near(l[1], 4.5) && near(l[2], 0.5) && near(l[3], 0) /* wg4.D: wire only */);
	free(l);
	/* a type the library cannot price: an error naming it, no energy */
	snprintf(r.types[0].name, sizeof r.types[0].name, "$_OR_");
	CHECK(wg_gate_activity_lib(&r, lib, 2.0, err, sizeof err) != 0);
	CHECK(!r.en.ok && strstr(err, "$_OR_") != NULL);
	wg_gate_free(&r);
}

/* Clock gating (cosim/gate/wg_gate_cg.c): four flops with enables in three enable conditions
 * (e_i twice; f_i active low; e_i with a reset that overrides it) and one without; each
 * condition behind one ICG (the smaller of two), the flops' clocks on their enabled edges. */
static void check_clock_gating(const wg_lib *lib)
{
	static const char *nl = ".model t\n.inputs clk_i d_i e_i f_i r_i\n.outputs q0 q1 q2 q3 q4\n"
				".subckt $_DFFE_PP_ C=clk_i D=d_i E=e_i Q=q0\n.subckt $_DFFE_PP_ C=clk_i D=d_i E=e_i Q=q1\n"
				".subckt $_DFFE_PN_ C=clk_i D=d_i E=f_i Q=q2\n"
				".subckt $_SDFFE_PP0P_ C=clk_i D=d_i R=r_i E=e_i Q=q3\n.subckt $_DFF_P_ C=clk_i D=d_i Q=q4\n.end\n";
	char err[512];
	wg_gate_res r;
	memset(&r, 0, sizeof r);
	CHECK(wg_gate_load_text(&r, nl, "cg.blif", err, sizeof err) == 0);
	if (r.ncells != 5) {
		CHECK_EQ(r.ncells, 5);
		wg_gate_free(&r);
		return;
	}
	uint64_t tog[32] = {0};
	CHECK(r.nl.nnets <= 32);
	wg_gate_set_toggles(&r, tog, 10);
	/* not counted: no gated figure, the ungated one as before */
	CHECK(wg_gate_activity_lib(&r, lib, 2.0, err, sizeof err) == 0);
	CHECK(r.en.ok && !r.en.gated_ok && strstr(r.en.gated_note, "not counted"));
	const double clk = 0.01 + 0.008 + 0.0017; /* DFF: both clock edges + C V^2 at 1 V */
	CHECK(near(r.en.clock_pj, 5 * 10 * clk));
	static const uint64_t on[5] = {3, 3, 5, 4, 10};
	wg_gate_set_clock_on(&r, on);
	CHECK(wg_gate_activity_lib(&r, lib, 2.0, err, sizeof err) == 0);
	CHECK(r.en.gated_ok);
	CHECK(strcmp(r.en.icg_cell, "ICG") == 0 && r.en.icg_groups == 3 && r.en.gated_flops == 4);
	CHECK(near(r.en.gated_on_share, 15.0 / 40));
	const double w = WG_LIB_MAP_WIRE_PF;
	double icg_clock = 3 * 10 * (0.004 + 0.002 + 0.001);	/* every cycle */
	double gclk = (6 + 10 + 8) * 0.003 + 0.5 * (6 * 2 * w + 10 * w + 8 * w); /* 2 toggles per enabled edge */
	double icg_leak = 3 * 1 * 10 * 2.0 * 1e-6;
	CHECK(near(r.en.gated_clock_pj, (3 + 3 + 5 + 4 + 10) * clk + icg_clock + gclk));
	CHECK(near(r.en.icg_pj, icg_clock + gclk + icg_leak));
	CHECK(near(r.en.gated_total_pj, r.en.total_pj - 5 * 10 * clk + (3 + 3 + 5 + 4 + 10) * clk + r.en.icg_pj));
	wg_gate_free(&r);
}

/* The mapped flow: the same circuit as `netlist`, mapped to the library's
 * cells (mapped.blif, with an alias m2b of m2 and constants), simulated as
 * generic gates that keep the mapped net names. Each library cell is priced
 * as itself: the same figures as check_energy, which priced `netlist`'s
 * generic cells as these cells. */
static void check_mapped(const wg_lib *lib)
{
	static const char *sim = ".model t\n.inputs clk_i a_i b_i\n.outputs q_o\n"
				 ".subckt $_NOT_ A=a_i Y=m1\n.subckt $_AND_ A=m1 B=b_i Y=m2\n.names m2 m2b\n1 1\n"
				 ".subckt $_NAND_ A=m1 B=m2b Y=m3\n.subckt $_DFF_P_ C=clk_i D=m3 Q=q_o\n.end\n";
	static const char *mapped = ".model t\n.inputs clk_i a_i b_i\n.outputs q_o\n.names $false\n.names $true\n1\n"
				    ".subckt INV_X1 A=a_i Y=m1\n.subckt AND2 A=m1 B=b_i Y=m2\n"
				    ".subckt NAND2 A=m1 B=m2b Y=m3\n.names m2 m2b\n1 1\n"
				    ".subckt DFF CLK=clk_i D=m3 Q=q_o\n.end\n";
	char err[512], dir[] = "/tmp/wg_test_mapped_XXXXXX", path[64];
	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof path, "%s/mapped.blif", dir);
	FILE *f = fopen(path, "w");
	CHECK(f != NULL);
	if (!f)
		return;
	fputs(mapped, f);
	fclose(f);
	wg_gate_res r;
	memset(&r, 0, sizeof r);
	CHECK(wg_gate_load_text(&r, sim, "sim.blif", err, sizeof err) == 0);
	r.flow = WG_SYNTH_MAPPED;
	snprintf(r.dir, sizeof r.dir, "%s", dir);
	uint64_t tog[16] = {0};
	static const char *const outs[4] = {"m1", "m2", "m3", "q_o"};
	static const uint64_t n_tog[4] = {4, 2, 3, 1};
	CHECK(r.nl.nnets <= 16);
	for (int i = 0; i < 4 && r.nl.nnets <= 16; i++)
		tog[wg_nl_find(&r.nl, outs[i])] = n_tog[i];
	wg_gate_set_toggles(&r, tog, 10);
	CHECK(wg_gate_activity_lib(&r, lib, 2.0, err, sizeof err) == 0);
	const double w = WG_LIB_MAP_WIRE_PF;
	double load[4] = {0.002 + 0.0015 + 2 * w, 0.0015 + w, 0.0018 + w, 0}; /* m2's load is on its alias m2b */
	CHECK(r.en.ok);
	CHECK(near(r.en.mean_load_pf, (load[0] + load[1] + load[2]) / 4));
	CHECK(near(r.en.internal_pj, 4 * 0.002 + 2 * 0.004 + 3 * 0.003 + 1 * 0.006));
	CHECK(near(r.en.switching_pj, 0.5 * (4 * load[0] + 2 * load[1] + 3 * load[2])));
	CHECK(near(r.en.clock_pj, 10 * (0.01 + 0.008 + 0.0017)));
	CHECK(near(r.en.leakage_pj, (1 + 2 + 2 + 5) * 10 * 2.0 * 1e-6));
	CHECK_EQ(r.en.lib_instances, 4);
	/* a cell the library lacks, and a driven net the simulation does not have */
	static const char *const bad[2][2] = {{".subckt INV_X9 A=a_i Y=m1\n", "cell type INV_X9 is not in"},
					      {".subckt INV_X1 A=a_i Y=gone\n", "net gone (pin Y of a INV_X1) is not in"}};
	for (int i = 0; i < 2; i++) {
		f = fopen(path, "w");
		CHECK(f != NULL);
		if (!f)
			break;
		fprintf(f, ".model t\n%s.end\n", bad[i][0]);
		fclose(f);
		CHECK(wg_gate_activity_lib(&r, lib, 2.0, err, sizeof err) != 0);
		if (!strstr(err, bad[i][1]))
			printf("  got: %s\n", err);
		CHECK(strstr(err, bad[i][1]) != NULL && strstr(err, "mapped.blif:2:") != NULL);
	}
	unlink(path);
	rmdir(dir);
	wg_gate_free(&r);
}

int main(void)
{
	char err[512];
	wg_lib lib;
	CHECK(wg_lib_parse(&lib, "maplib.lib", LIB, strlen(LIB), err, sizeof err) == 0);
	if (wg_failed) {
		printf("%s\n", err);
		return wg_check_done();
	}
	check_map(&lib);
	check_energy(&lib);
	check_mapped(&lib);
	check_clock_gating(&lib);
	wg_lib_free(&lib);
	return wg_check_done();
}
