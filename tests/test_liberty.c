/* test_liberty.c - the Liberty reader on hand-written snippets (units,
 * templates, a combinational cell, a flop, a latch, tables and their
 * interpolation, function strings, the activity-based energy sum, malformed
 * input with exact "NAME:LINE: reason" messages), then the real sky130 hd
 * library when ../shared/liberty/ has it (SKIP otherwise). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "wg_check.h"
#include "wg_gen.h"
#include "wg_liberty.h"

#define NEAR(a, b) near_((a), (b))
static int near_(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (1 + fabs(b));
}

/* Units: ps, V, fF, pW -> energy unit 1 fF x 1 V^2 = 1e-3 pJ. */
static const char *const GOOD =
	"/* a hand-written library */\n"
	"library (testlib) {\n"
	"  delay_model : table_lookup ;\n"
	"  time_unit : \"1ps\" ;\n"
	"  voltage_unit : \"1V\" ;\n"
	"  current_unit : \"1uA\" ;\n"
	"  pulling_resistance_unit : \"1kohm\"\n" /* no ';' at the end of a line: accepted */
	"  leakage_power_unit : \"1pW\" ;\n"
	"  capacitive_load_unit (1, ff) ;\n"
	"  nom_voltage : 1.2 ;\n"
	"  default_cell_leakage_power : 7 ;\n"
	"  default_input_pin_cap : 0.5 ;\n"
	"  wire_load (\"small\") { capacitance : 1 ; fanout_length (1, 2) ; }\n"
	"  power_lut_template (e2) {\n"
	"    variable_1 : input_transition_time ;\n"
	"    variable_2 : total_output_net_capacitance ;\n"
	"    index_1 (\"1, 2\") ;\n"
	"    index_2 (\"1, 2\") ;\n"
	"  }\n"
	"  power_lut_template (e2r) { /* load first, as OSU writes it */\n"
	"    variable_1 : total_output_net_capacitance ;\n"
	"    variable_2 : input_transition_time ;\n"
	"    index_1 (\"10, 30\") ;\n"
	"    index_2 (\"100, 300\") ;\n"
	"  }\n"
	"  power_lut_template (p1) {\n"
	"    variable_1 : input_transition_time ;\n"
	"    index_1 (\"1, 2, 3\") ;\n"
	"  }\n"
	"  cell (NAND2) {\n"
	"    area : 4.5 ;\n"
	"    cell_leakage_power : 20 ;\n"
	"    pin (A, B) { direction : input ; capacitance : 2 ; }\n"
	"    pin (Y) {\n"
	"      direction : output ;\n"
	"      function : \"!(A & B)\" ;\n"
	"      internal_power () {\n"
	"        related_pin : \"A\" ;\n"
	"        rise_power (e2) {\n"
	"          index_1 (\"100, 300\") ;\n"
	"          index_2 (\"10, 30\") ;\n"
	"          values (\"1, 3\", \\\n"
	"                  \"5, 7\") ;\n"
	"        }\n"
	"        fall_power (e2) {\n"
	"          index_1 (\"100, 300\") ;\n"
	"          index_2 (\"10, 30\") ;\n"
	"          values (\"-1, -1\", \"-1, -1\") ;\n"
	"        }\n"
	"      }\n"
	"      internal_power () {\n"
	"        related_pin : \"B\" ;\n"
	"        rise_power (e2r) { values (\"1, 2\", \"3, 4\") ; }\n"
	"        fall_power (e2r) { values (\"0, 0\", \"0, 0\") ; }\n"
	"      }\n"
	"      timing () { related_pin : \"A\" ; cell_rise (scalar) { values (\"0.1\") ; } }\n"
	"    }\n"
	"  }\n"
	"  cell (DFF) {\n"
	"    area : 20 ;\n"
	"    leakage_power () { value : 10 ; when : \"D\" ; }\n"
	"    leakage_power () { value : 30 ; when : \"!D\" ; }\n"
	"    ff (IQ, IQN) { next_state : \"D\" ; clocked_on : \"CK\" ; }\n"
	"    pin (CK) { direction : input ; rise_capacitance : 1 ; fall_capacitance : 3 ;\n"
	"      internal_power () { rise_power (p1) { values (\"4, 4, 4\") ; } fall_power (p1) { values (\"6, 6, 6\") ; } } }\n"
	"    pin (D) { direction : input ; capacitance : 1 ; }\n"
	"    pin (Q) { direction : output ; function : \"IQ\" ;\n"
	"      internal_power () { related_pin : \"CK\" ; rise_power (scalar) { values (\"8\") ; }\n"
	"                          fall_power (scalar) { values (\"2\") ; } } }\n"
	"  }\n"
	"  cell (LAT) {\n"
	"    area : 10 ;\n"
	"    leakage_power () { value : 5 ; }\n"
	"    leakage_power () { value : 50 ; when : \"G\" ; }\n"
	"    latch (IQ, IQN) { enable : \"G\" ; data_in : \"D\" ; }\n"
	"    pin (G) { direction : input ; clock : true ; capacitance : 1 ; }\n"
	"    pin (D) { direction : input ; }\n"
	"    pin (Q) { direction : output ; function : \"IQ\" ; }\n"
	"  }\n"
	"  cell (TIE) { area : 1 ; pin (Y) { direction : output ; function : \"1\" ; } }\n"
	"}\n";

static void good(void)
{
	wg_lib L;
	char err[512];
	int rc = wg_lib_parse(&L, "good.lib", GOOD, strlen(GOOD), err, sizeof err);
	CHECK(rc == 0);
	if (rc) {
		printf("  %s\n", err);
		return;
	}
	CHECK(strcmp(L.name, "testlib") == 0);
	CHECK(NEAR(L.time_ns, 1e-3) && NEAR(L.volt_v, 1) && NEAR(L.cap_pf, 1e-3) && NEAR(L.leak_nw, 1e-3));
	CHECK(NEAR(L.current_ma, 1e-3) && NEAR(L.res_kohm, 1) && NEAR(L.energy_pj, 1e-3));
	CHECK(NEAR(L.nom_voltage, 1.2) && NEAR(L.default_leak_nw, 0.007) && NEAR(L.default_in_cap_pf, 0.0005));
	CHECK(strcmp(L.unit_text[0], "1ps") == 0 && strcmp(L.unit_text[2], "1 ff") == 0);
	CHECK_EQ(L.ntemplates, 3);
	CHECK(L.templates[1].var1 == WG_LIB_VAR_LOAD && L.templates[1].var2 == WG_LIB_VAR_SLEW);
	CHECK(L.templates[2].var1 == WG_LIB_VAR_SLEW && L.templates[2].var2 == WG_LIB_VAR_NONE && L.templates[2].n1 == 3);
	CHECK_EQ(L.ncells, 4);

	/* combinational cell; `pin (A, B)` gives two pins */
	const wg_lib_cell *c = wg_lib_cell_find(&L, "NAND2");
	CHECK(c && NEAR(c->area, 4.5) && NEAR(c->leakage_nw, 0.02) && c->seq == WG_LIB_COMB && c->npins == 3);
	CHECK(c && c->line == 30);
	const wg_lib_pin *a = c ? wg_lib_pin_find(c, "A") : NULL, *b = c ? wg_lib_pin_find(c, "B") : NULL;
	const wg_lib_pin *y = c ? wg_lib_first_output(c) : NULL;
	CHECK(a && b && a->dir == WG_LIB_IN && NEAR(a->cap_pf, 0.002) && NEAR(b->cap_pf, 0.002));
	CHECK(y && strcmp(y->name, "Y") == 0 && strcmp(y->function, "!(A & B)") == 0 && y->nipow == 2);
	CHECK(c && wg_lib_clock_pin(c) == NULL && wg_lib_clock_energy(c, 0.1, 1.2) == 0);
	if (y && y->nipow == 2) {
		const wg_lib_table *r = &y->ipow[0].rise, *r2 = &y->ipow[1].rise;
		CHECK(strcmp(y->ipow[0].related_pin, "A") == 0 && y->ipow[0].when == NULL);
		CHECK(r->n1 == 2 && r->n2 == 2 && NEAR(r->index_1[1], 0.3) && NEAR(r->index_2[1], 0.03));
		CHECK(NEAR(r->values[3], 7e-3)); /* converted to pJ */
		/* grid points, bilinear interpolation, clamping */
		CHECK(NEAR(wg_lib_table_at(r, 0.1, 0.01), 1e-3));
		CHECK(NEAR(wg_lib_table_at(r, 0.3, 0.01), 5e-3));
		CHECK(NEAR(wg_lib_table_at(r, 0.15, 0.01), 2e-3));
		CHECK(NEAR(wg_lib_table_at(r, 0.2, 0.02), 4e-3));
		CHECK(NEAR(wg_lib_table_at(r, 0.01, 0.001), 1e-3));
		CHECK(NEAR(wg_lib_table_at(r, 9, 9), 7e-3));
		/* template index, load on axis 1 */
		CHECK(r2->var1 == WG_LIB_VAR_LOAD && NEAR(r2->index_1[0], 0.01) && NEAR(r2->index_2[1], 0.3));
		CHECK(NEAR(wg_lib_table_at(r2, 0.1, 0.03), 3e-3));
		CHECK(NEAR(wg_lib_table_at(r2, 0.3, 0.01), 2e-3));
		/* mean over groups of mean(rise, fall): A (4-1)/2 = 1.5, B (2.5+0)/2 = 1.25 */
		CHECK(NEAR(wg_lib_pin_energy(y, 0.2, 0.02), 1.375e-3));
		CHECK(NEAR(wg_lib_pin_energy(y, 0.05, 0.005), 0.25e-3)); /* clamped: A (1-1)/2 = 0, B (1+0)/2 = 0.5 */
	}
	CHECK(a && wg_lib_pin_energy(a, 0.1, 0.01) == 0);

	/* flop: leakage = mean of the `when` groups; clock pin from clocked_on */
	c = wg_lib_cell_find(&L, "DFF");
	CHECK(c && c->seq == WG_LIB_FF && strcmp(c->clocked_on, "CK") == 0 && strcmp(c->next_state, "D") == 0);
	CHECK(c && strcmp(c->state[0], "IQ") == 0 && strcmp(c->state[1], "IQN") == 0 && NEAR(c->leakage_nw, 0.02));
	const wg_lib_pin *ck = c ? wg_lib_clock_pin(c) : NULL;
	CHECK(ck && strcmp(ck->name, "CK") == 0 && ck->is_clock && NEAR(ck->cap_pf, 0.002));
	CHECK(c && !wg_lib_pin_find(c, "D")->is_clock);
	/* (4 + 6) fF.V^2 + 2 fF x 1.2^2 */
	CHECK(c && NEAR(wg_lib_clock_energy(c, 0.2, 1.2), 0.010 + 0.002 * 1.44));
	const wg_lib_pin *q = c ? wg_lib_first_output(c) : NULL;
	CHECK(q && NEAR(wg_lib_pin_energy(q, 0.1, 0.01), 5e-3) && q->ipow[0].rise.index_1 == NULL);

	/* latch: the when-less leakage group wins; `clock : true` */
	c = wg_lib_cell_find(&L, "LAT");
	CHECK(c && c->seq == WG_LIB_LATCH && strcmp(c->clocked_on, "G") == 0 && NEAR(c->leakage_nw, 0.005));
	CHECK(c && wg_lib_clock_pin(c) && strcmp(wg_lib_clock_pin(c)->name, "G") == 0);
	CHECK(c && NEAR(wg_lib_pin_find(c, "D")->cap_pf, 0.0005)); /* default_input_pin_cap */
	c = wg_lib_cell_find(&L, "TIE");
	CHECK(c && NEAR(c->leakage_nw, 0.007)); /* default_cell_leakage_power */
	CHECK(wg_lib_cell_find(&L, "nope") == NULL);

	/* activity-based energy */
	wg_lib_act rows[] = {
		{.cell = "NAND2", .pin = "Y", .instances = 3, .toggles = 100, .load_pf = 0.02},
		{.cell = "DFF", .instances = 2, .toggles = 10, .load_pf = -1}, /* Q, default load WG_LIB_LOAD_PF */
	};
	wg_lib_run run = {0, 0.2, 1000, 2};
	wg_lib_energy e;
	rc = wg_lib_activity(&L, rows, 2, &run, &e, err, sizeof err);
	CHECK(rc == 0);
	if (rc)
		printf("  %s\n", err);
	CHECK(NEAR(e.vdd, 1.2) && NEAR(e.slew_ns, 0.2) && NEAR(e.time_ns, 2000) && e.flops == 2 && e.instances == 5);
	CHECK(NEAR(e.internal_pj, 100 * 1.375e-3 + 10 * 5e-3));
	CHECK(NEAR(e.switching_pj, 100 * 0.5 * 0.02 * 1.44 + 10 * 0.5 * WG_LIB_LOAD_PF * 1.44));
	CHECK(NEAR(e.clock_pj, 2 * 1000 * (0.010 + 0.002 * 1.44)));
	CHECK(NEAR(e.leakage_pj, (3 * 0.02 + 2 * 0.02) * 2000 * 1e-6));
	CHECK(NEAR(e.total_pj, e.internal_pj + e.switching_pj + e.clock_pj + e.leakage_pj));
	wg_lib_act bad1 = {.cell = "NOR9", .instances = 1, .toggles = 1, .load_pf = 0.01},
		   bad2 = {.cell = "NAND2", .pin = "A", .instances = 1, .toggles = 1, .load_pf = 0.01};
	CHECK(wg_lib_activity(&L, &bad1, 1, &run, &e, err, sizeof err) == -1 &&
	      strcmp(err, "activity row 1: unknown cell 'NOR9' in good.lib") == 0);
	CHECK(wg_lib_activity(&L, &bad2, 1, &run, &e, err, sizeof err) == -1 &&
	      strcmp(err, "activity row 1: pin 'A' of cell NAND2 is not an output") == 0);
	wg_lib_free(&L);
	CHECK(L.cells == NULL && L.ncells == 0 && L.arena == NULL);
}

/* A malformed snippet must fail with exactly `want`. */
static void bad(const char *text, const char *want)
{
	wg_lib L;
	char err[512] = "";
	int rc = wg_lib_parse(&L, "snip.lib", text, strlen(text), err, sizeof err);
	int ok = rc == -1 && strcmp(err, want) == 0 && L.cells == NULL && L.arena == NULL;
	CHECK(ok);
	if (!ok)
		printf("  want: %s\n  got:  %s (rc %d)\n", want, err, rc);
}

static void malformed(void)
{
	bad("", "snip.lib:1: empty file: expected 'library (NAME) {'");
	bad("cell (A) { }\n", "snip.lib:1: unexpected 'cell' (expected 'library (NAME) {')");
	bad("library (x) {\n  cell (A) {\n    area : 1 ;\n",
	    "snip.lib:2: unterminated group 'cell' (no closing '}' before end of file)");
	bad("library (x) {\n  wire_load (w) {\n    slope : 1 ;\n  \n",
	    "snip.lib:2: unterminated group 'wire_load' (no closing '}' before end of file)");
	bad("library (x) {\n  area : ;\n}\n", "snip.lib:2: unexpected ';' after 'area :' (expected a value)");
	bad("library (x) {\n  a : 1 b : 2 ;\n}\n", "snip.lib:2: unexpected ':' after 'a' (expected ';')");
	bad("library (x) {\n  } ;\n", "snip.lib:2: unexpected ';' (expected an attribute or a group)");
	bad("library (x) {\n  index_1 (\"1\" { ;\n}\n", "snip.lib:2: unexpected '{' in the arguments of 'index_1'");
	bad("library (x) {\n  cell (A) {\n   area : 1.2.3 ;\n  }\n}\n", "snip.lib:3: bad number '1.2.3' for 'area'");
	bad("library (x) {\n  cell (A) {\n   pin (Y) { direction : output ; }\n  }\n}\n", "snip.lib:2: cell 'A' has no area");
	bad("library (x) {\n  cell (A) {\n   area : 1 ;\n   pin (Y) { function : \"A\" ; }\n  }\n}\n",
	    "snip.lib:4: pin 'Y' of cell 'A' has no direction");
	bad("library (x) {\n  cell (A) {\n   area : 1 ;\n   pin (Y) { direction : sideways ; }\n  }\n}\n",
	    "snip.lib:4: bad direction 'sideways' of pin 'Y' (input, output, inout or internal)");
	bad("library (x) {\n  time_unit : \"1ns ;\n}\n", "snip.lib:2: unterminated string (no closing '\"' before end of file)");
	bad("/* open\n\nlibrary (x) { }\n", "snip.lib:1: unterminated comment (no '*/' before end of file)");
	bad("library (x) {\n  time_unit : \"1parsec\" ;\n}\n", "snip.lib:2: bad unit '1parsec' for 'time_unit'");
	bad("library (x) {\n  capacitive_load_unit (1) ;\n}\n",
	    "snip.lib:2: capacitive_load_unit takes 2 arguments (number, unit), got 1");
	bad("library (x) {\n  a : 1 \\ b ;\n}\n", "snip.lib:2: stray '\\' (a line continuation must end the line)");
	bad("library (x) {\n}\n}\n", "snip.lib:3: unexpected '}' after the library group");
	static const char *const cellhead = "library (x) {\n"
	                                    "  power_lut_template (t) { variable_1 : input_transition_time ;\n"
	                                    "    variable_2 : total_output_net_capacitance ; }\n"
	                                    "  cell (A) { area : 1 ; pin (Y) { direction : output ;\n"
	                                    "    internal_power () {\n";
	char buf[1024];
	snprintf(buf, sizeof buf, "%s      rise_power (t) { index_1 (\"1, 2\") ; index_2 (\"1, 2\") ; values (\"1, 2\", \"3\") ; }\n"
	         "    } } }\n}\n", cellhead);
	bad(buf, "snip.lib:6: rise_power: values has 3 numbers, expected 2 x 2 = 4");
	snprintf(buf, sizeof buf, "%s      fall_power (nope) { values (\"1\") ; }\n    } } }\n}\n", cellhead);
	bad(buf, "snip.lib:6: fall_power: unknown template 'nope'");
	snprintf(buf, sizeof buf, "%s      rise_power (t) { index_1 (\"1, 2\") ; values (\"1, 2\") ; }\n    } } }\n}\n", cellhead);
	bad(buf, "snip.lib:6: rise_power has no index_2 (neither inline nor in template 't')");
	snprintf(buf, sizeof buf, "%s      rise_power (t) { index_1 (\"1, x\") ; index_2 (\"1\") ; values (\"1\", \"2\") ; }\n"
	         "    } } }\n}\n", cellhead);
	bad(buf, "snip.lib:6: bad number 'x' for 'index_1'");
	snprintf(buf, sizeof buf, "%s      rise_power (t) { index_1 (\"1\") ; index_2 (\"1\") ; }\n    } } }\n}\n", cellhead);
	bad(buf, "snip.lib:6: rise_power group has no values");
	bad("library (x) {\n cell (F) { area : 1 ;\n  ff (IQ, IQN) { next_state : \"D\" ; }\n }\n}\n",
	    "snip.lib:3: ff group of cell 'F' has no clocked_on");

	wg_lib L;
	char err[512];
	/* every prefix of the good library and every one-byte change fails cleanly
	 * (one "good.lib:LINE: " message) or parses; never crashes (ASan) */
	size_t len = strlen(GOOD);
	int clean = 1;
	char mut[4096];
	for (size_t k = 0; k < len && k < sizeof mut; k++) {
		for (int pass = 0; pass < 2; pass++) {
			const char *text = GOOD;
			size_t n = k;
			if (pass) {
				memcpy(mut, GOOD, len);
				mut[k] = "{};:(\\\"x,"[k % 9];
				text = mut;
				n = len;
			}
			int rc = wg_lib_parse(&L, "good.lib", text, n, err, sizeof err);
			if (rc == 0)
				wg_lib_free(&L);
			else if (strncmp(err, "good.lib:", 9) != 0 || strchr(err, '\n')) {
				clean = 0;
				printf("  %s\n", err);
			}
		}
	}
	CHECK(clean);
	CHECK(wg_lib_read(&L, "/nonexistent/x.lib", err, sizeof err) == -1 &&
	      strncmp(err, "/nonexistent/x.lib: cannot read: ", 33) == 0);
}

static int f_eval(const char *text, const char *assign)
{
	/* assign: "A=1 B=0 ..." */
	wg_lib_func f;
	char err[256];
	if (wg_lib_func_parse(&f, text, err, sizeof err)) {
		printf("  %s\n", err);
		return -1;
	}
	uint64_t v = 0;
	for (const char *s = assign; *s;) {
		char name[32];
		int bit, k = 0;
		if (sscanf(s, "%31[^=]=%d%n", name, &bit, &k) != 2)
			break;
		int i = wg_lib_func_var(&f, name);
		if (i >= 0 && bit)
			v |= (uint64_t)1 << i;
		s += k;
		while (*s == ' ')
			s++;
	}
	int r = wg_lib_func_eval(&f, v);
	wg_lib_func_free(&f);
	return r;
}

static void func_bad(const char *text, const char *want)
{
	wg_lib_func f;
	char err[256] = "";
	int rc = wg_lib_func_parse(&f, text, err, sizeof err);
	CHECK(rc == -1 && strcmp(err, want) == 0 && f.nodes == NULL);
	if (rc != -1 || strcmp(err, want) != 0)
		printf("  want: %s\n  got:  %s\n", want, err);
}

static void functions(void)
{
	for (int m = 0; m < 4; m++) {
		char as[32];
		int A = m & 1, B = m >> 1 & 1;
		snprintf(as, sizeof as, "A=%d B=%d", A, B);
		CHECK_EQ(f_eval("!(A & B)", as), !(A & B));
		CHECK_EQ(f_eval("(A*B)'", as), !(A & B));
		CHECK_EQ(f_eval("A'+B'", as), !A | !B);
		CHECK_EQ(f_eval("A ^ B", as), A ^ B);
		CHECK_EQ(f_eval("A | !B", as), A | !B);
		CHECK_EQ(f_eval("!!A", as), A);
		CHECK_EQ(f_eval("A !B", as), A & !B); /* juxtaposition is AND */
	}
	for (int m = 0; m < 8; m++) {
		char as[32];
		int A = m & 1, B = m >> 1 & 1, C = m >> 2 & 1;
		snprintf(as, sizeof as, "A=%d B=%d C=%d", A, B, C);
		CHECK_EQ(f_eval("A B + C", as), (A & B) | C);
		CHECK_EQ(f_eval("A | B & C", as), A | (B & C));
		CHECK_EQ(f_eval("A ^ B C", as), (A ^ B) & C); /* XOR binds tighter than AND */
		CHECK_EQ(f_eval("(A (B)) + 0", as), A & B);
		CHECK_EQ(f_eval("((A&B) | (B&C) | (A&C))", as), (A & B) | (B & C) | (A & C));
	}
	CHECK_EQ(f_eval("1", ""), 1);
	CHECK_EQ(f_eval("0", ""), 0);
	wg_lib_func f;
	char err[256];
	CHECK(wg_lib_func_parse(&f, "D1 & S0' | D0 & S0", err, sizeof err) == 0);
	CHECK(f.nvars == 3 && strcmp(f.vars[0], "D1") == 0 && wg_lib_func_var(&f, "S0") == 1 && wg_lib_func_var(&f, "Q") == -1);
	wg_lib_func_free(&f);
	func_bad("A +", "unexpected end of text at column 4 in 'A +'");
	func_bad("(A", "expected ')' but found end of text at column 3 in '(A'");
	func_bad("A $ B", "unexpected '$' at column 3 in 'A $ B'");
	func_bad("A)", "unexpected ')' at column 2 in 'A)'");
	func_bad("", "unexpected end of text at column 1 in ''");
}

/* The real library: a few known cells; every function string parses. */
static void sky130(void)
{
	char path[4096], err[512];
	snprintf(path, sizeof path, "%s/../shared/liberty/sky130_fd_sc_hd__tt_025C_1v80.lib", wg_root());
	FILE *f = fopen(path, "r");
	if (!f) {
		printf("SKIP (no sky130 liberty: %s)\n", path);
		return;
	}
	fclose(f);
	wg_lib L;
	clock_t t0 = clock();
	int rc = wg_lib_read(&L, path, err, sizeof err);
	double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	CHECK(rc == 0);
	if (rc) {
		printf("  %s\n", err);
		return;
	}
	printf("sky130 hd tt: %d cells read in %.3f s (this build)\n", L.ncells, secs);
	CHECK_EQ(L.ncells, 428);
	CHECK(NEAR(L.time_ns, 1) && NEAR(L.cap_pf, 1) && NEAR(L.leak_nw, 1) && NEAR(L.energy_pj, 1) && NEAR(L.nom_voltage, 1.8));
	const wg_lib_cell *c = wg_lib_cell_find(&L, "sky130_fd_sc_hd__inv_1");
	CHECK(c && NEAR(c->area, 3.7536) && NEAR(c->leakage_nw, 0.005326682) && c->seq == WG_LIB_COMB && c->npins == 2);
	const wg_lib_pin *a = c ? wg_lib_pin_find(c, "A") : NULL, *y = c ? wg_lib_pin_find(c, "Y") : NULL;
	CHECK(a && a->dir == WG_LIB_IN && NEAR(a->cap_pf, 0.002302) && !a->is_clock);
	CHECK(y && y->dir == WG_LIB_OUT && strcmp(y->function, "(!A)") == 0 && y->nipow == 1);
	/* a grid point (index 4 of 7 on both axes): (0.0220691 - 0.0167240) / 2 */
	CHECK(y && NEAR(wg_lib_pin_energy(y, 0.1224745, 0.009520618), (0.0220691 - 0.016724) / 2));
	c = wg_lib_cell_find(&L, "sky130_fd_sc_hd__dfxtp_1");
	CHECK(c && c->seq == WG_LIB_FF && strcmp(c->clocked_on, "CLK") == 0 && NEAR(c->area, 20.0192));
	const wg_lib_pin *ck = c ? wg_lib_clock_pin(c) : NULL;
	CHECK(ck && strcmp(ck->name, "CLK") == 0 && ck->is_clock && NEAR(ck->cap_pf, 0.001794));
	/* CLK edges at 0.1 ns: between the index points 0.0531329 and 0.1224740 */
	double e = c ? wg_lib_clock_energy(c, 0.1, 1.8) : 0;
	CHECK(e > 0.0174 + 0.0223 + 0.001794 * 3.24 - 1e-4 && e < 0.0175 + 0.0225 + 0.001794 * 3.24 + 1e-4);
	int nfunc = 0, nbad = 0, nseq = 0;
	for (int i = 0; i < L.ncells; i++) {
		nseq += L.cells[i].seq != WG_LIB_COMB;
		for (int k = 0; k < L.cells[i].npins; k++) {
			const char *fn = L.cells[i].pins[k].function;
			wg_lib_func fx;
			if (!fn)
				continue;
			nfunc++;
			if (wg_lib_func_parse(&fx, fn, err, sizeof err)) {
				if (nbad++ < 3)
					printf("  %s: %s\n", L.cells[i].name, err);
				continue;
			}
			wg_lib_func_free(&fx);
		}
	}
	CHECK(nfunc > 400 && nbad == 0);
	CHECK(nseq > 30);
	wg_lib_func fx;
	CHECK(wg_lib_func_parse(&fx, wg_lib_pin_find(wg_lib_cell_find(&L, "sky130_fd_sc_hd__nand2_1"), "Y")->function, err, sizeof err) == 0);
	if (fx.nodes) {
		int ia = wg_lib_func_var(&fx, "A"), ib = wg_lib_func_var(&fx, "B");
		CHECK(ia >= 0 && ib >= 0 && wg_lib_func_eval(&fx, (1u << ia) | (1u << ib)) == 0 && wg_lib_func_eval(&fx, 1u << ia) == 1);
		wg_lib_func_free(&fx);
	}
	wg_lib_free(&L);
}

int main(void)
{
	good();
	malformed();
	functions();
	sky130();
	return wg_check_done();
}
