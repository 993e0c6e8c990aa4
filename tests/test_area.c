/* test_area.c - the area report's parsers: Yosys `stat` text (flat and
 * hierarchical, with transistors and Liberty area) and the Liberty reader
 * (cell area, cell_leakage_power, sequential cells, units). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "wg_area.h"
#include "wg_liberty.h"
#include "wg_check.h"
#include "wg_gen.h"

/* Yosys 0.23 `stat` of a design with one submodule instantiated twice. */
static const char *hier =
	"\n3. Printing statistics.\n\n"
	"=== $paramod$67d6\\rfc_lane_bank ===\n\n"
	"   Number of wires:                 50\n"
	"   Number of cells:                 72\n"
	"     $_ANDNOT_                       4\n"
	"     $_DFFE_PP_                     16\n"
	"     $_MUX_                         52\n\n"
	"   Estimated number of transistors:        600+\n\n"
	"=== rfc ===\n\n"
	"   Number of cells:                 61\n"
	"     $_DFFE_PP_                      8\n"
	"     $_SDFF_PP0_                    27\n"
	"     $_SDFFCE_PN0P_                 24\n"
	"     $paramod$67d6\\rfc_lane_bank      2\n\n"
	"   Chip area for module '\\rfc': 12536.000000\n\n"
	"=== design hierarchy ===\n\n"
	"   rfc                               1\n"
	"     $paramod$67d6\\rfc_lane_bank      2\n\n"
	"   Number of wires:                277\n"
	"   Number of cells:                203\n"
	"     $_ANDNOT_                       8\n"
	"     $_DFFE_PP_                     40\n"
	"     $_DLATCH_P_                     3\n"
	"     $_MUX_                        104\n"
	"     $_SDFFCE_PN0P_                 24\n"
	"     $_SDFF_PP0_                    27\n\n"
	"   Chip area for top module '\\rfc': 22640.500000\n"
	"   Estimated number of transistors:       4868\n";

static const char *flat =
	"=== top ===\n\n"
	"   Number of cells:                  3\n"
	"     DFFPOSX1                        2\n"
	"     INVX1                           1\n\n"
	"   Chip area for module '\\top': 208.000000\n";

static void stat_parse(void)
{
	char err[256];
	wg_stat s;
	CHECK(wg_stat_parse(hier, &s, err, sizeof err) == 0);
	CHECK(s.cells == 203 && s.ntypes == 6);
	CHECK(s.transistors == 4868 && !s.transistors_partial);
	CHECK(s.chip_area == 22640.5);
	CHECK(wg_stat_count(&s, "$_DFFE_PP_") == 40 && wg_stat_count(&s, "$_MUX_") == 104);
	CHECK(wg_stat_count(&s, "$paramod$67d6\\rfc_lane_bank") == 0);
	long flops = 0, latches = 0;
	for (int i = 0; i < s.ntypes; i++) {
		if (wg_cell_is_flop(s.types[i].type))
			flops += s.types[i].count;
		if (wg_cell_is_latch(s.types[i].type))
			latches += s.types[i].count;
	}
	CHECK(flops == 91 && latches == 3);
	CHECK(strcmp(s.types[0].type, "$_ANDNOT_") == 0 && strcmp(s.types[5].type, "$_SDFF_PP0_") == 0);
	wg_stat_free(&s);
	CHECK(s.types == NULL && s.ntypes == 0);

	CHECK(wg_stat_parse(flat, &s, err, sizeof err) == 0);
	CHECK(s.cells == 3 && s.ntypes == 2 && s.chip_area == 208 && s.transistors == -1);
	wg_stat_free(&s);

	/* "N+" transistor counts are marked partial. */
	CHECK(wg_stat_parse("=== m ===\n   Number of cells: 1\n     $_MUX_ 1\n\n"
			    "   Estimated number of transistors:   12+\n",
			    &s, err, sizeof err) == 0);
	CHECK(s.transistors == 12 && s.transistors_partial);
	wg_stat_free(&s);

	CHECK(wg_stat_parse("=== a ===\n   Number of cells: 1\n=== b ===\n   Number of cells: 1\n", &s, err, sizeof err) ==
	      -1);
	CHECK(strstr(err, "2 module sections and no design hierarchy") != NULL);
	CHECK(wg_stat_parse("nothing here\n", &s, err, sizeof err) == -1);
	CHECK(wg_stat_parse("=== m ===\n  Number of wires: 3\n", &s, err, sizeof err) == -1);
	CHECK(strstr(err, "no \"Number of cells\"") != NULL);

	CHECK(wg_cell_is_flop("$_DFF_P_") && wg_cell_is_flop("$_SDFFE_PP0P_") && wg_cell_is_flop("$_DFFSR_PPP_") &&
	      wg_cell_is_flop("$_ALDFF_PP_") && !wg_cell_is_flop("$_MUX_") && !wg_cell_is_flop("$_DLATCH_P_"));
	CHECK(wg_cell_is_latch("$_DLATCH_N_") && wg_cell_is_latch("$_SR_PP_") && !wg_cell_is_latch("$_DFF_P_"));
}

static const char *lib =
	"/* a comment with cell (FAKE) { area : 99; } inside */\n"
	"library(tiny) {\n"
	"  leakage_power_unit : \"1pW\";\n"
	"  lu_table_template(t1) { variable_1 : input_net_transition; index_1 (\"1, 2\"); }\n"
	"  cell (INVX1) {\n"
	"    area : 16;\n"
	"    cell_leakage_power : 0.5;\n"
	"    pin(A) { direction : input; capacitance : 0.01; }\n"
	"    pin(Y) { direction : output; function : \"(!A)\";\n"
	"      timing() { related_pin : \"A\"; cell_rise(t1) { values (\"0.1, 0.2\", \\\n \"0.3, 0.4\"); } }\n"
	"    }\n"
	"  }\n"
	"  cell (\"DFFX1\") {\n"
	"    area : 96.5;\n"
	"    leakage_power () { value : 7; when : \"D\"; }\n"
	"    cell_leakage_power : 2.25;\n"
	"    ff (IQ, IQN) { next_state : \"D\"; clocked_on : \"CLK\"; }\n"
	"    pin(Q) { direction : output; function : \"IQ\"; area : 1000; }\n"
	"  }\n"
	"  cell (NOLEAK) { area : 8; }\n"
	"}\n";

/* The area run reads the library with power_tables/wg_liberty.c (test_liberty.c
 * tests the reader): the numbers it takes from it. */
static void liberty(void)
{
	char err[256];
	wg_lib l;
	CHECK(wg_lib_parse(&l, "tiny.lib", lib, strlen(lib), err, sizeof err) == 0);
	if (wg_failed) {
		printf("%s\n", err);
		return;
	}
	CHECK(l.ncells == 3);
	const wg_lib_cell *c = wg_lib_cell_find(&l, "INVX1");
	CHECK(c && c->area == 16 && fabs(c->leakage_nw - 0.5e-3) < 1e-15 && c->seq == WG_LIB_COMB);
	c = wg_lib_cell_find(&l, "DFFX1"); /* quoted name; cell_leakage_power over the leakage_power group */
	CHECK(c && c->area == 96.5 && fabs(c->leakage_nw - 2.25e-3) < 1e-15 && c->seq == WG_LIB_FF);
	c = wg_lib_cell_find(&l, "NOLEAK");
	CHECK(c && c->area == 8 && c->leakage_nw == 0);
	CHECK(wg_lib_cell_find(&l, "FAKE") == NULL);
	CHECK(strcmp(l.unit_text[3], "1pW") == 0);
	wg_lib_free(&l);

	/* The default Liberty file, when `make deps` has unpacked it. */
	char path[4096];
	wg_area_default_liberty(path, sizeof path);
	FILE *f = fopen(path, "r");
	if (!f) {
		printf("note: %s absent, skipping its checks\n", path);
		return;
	}
	fclose(f);
	CHECK(wg_lib_read(&l, path, err, sizeof err) == 0);
	CHECK(l.ncells >= 30 && fabs(l.leak_nw - 1) < 1e-12);
	c = wg_lib_cell_find(&l, "DFFPOSX1");
	CHECK(c && c->area > 0 && c->leakage_nw > 0 && c->seq == WG_LIB_FF);
	c = wg_lib_cell_find(&l, "AND2X1");
	CHECK(c && c->area == 32 && fabs(c->leakage_nw - 0.0746794) < 1e-9 && c->seq == WG_LIB_COMB);
	wg_lib_free(&l);
}

int main(void)
{
	stat_parse();
	liberty();
	return wg_check_done();
}
