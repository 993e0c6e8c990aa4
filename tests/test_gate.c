/* test_gate.c - the gate-level netlist reader and the toggle counter
 * (cosim/wg_gate.c) on hand-written netlist and VCD snippets. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "wg_check.h"
#include "wg_gate.h"

static const char *netlist =
	"module t(clk_i, a_i, b_i, y_o);\n"
	"  input clk_i;\n"
	"  wire clk_i;\n"
	"  input [1:0] a_i;\n"
	"  input b_i;\n"
	"  output y_o;\n"
	"  wire wg1;\n"
	"  \\$_AND_  wg2 (\n"
	"    .A(a_i[0]),\n"
	"    .B(b_i),\n"
	"    .Y(wg1)\n"
	"  );\n"
	"  \\$_AND_  wg3 (\n"
	"    .A(a_i[1]),\n"
	"    .B(wg1),\n"
	"    .Y(wg4)\n"
	"  );\n"
	"  \\$_DFF_P_  wg5 (\n"
	"    .C(clk_i),\n"
	"    .D(wg4),\n"
	"    .Q(y_o)\n"
	"  );\n"
	"endmodule\n";

/* Scopes as Verilator writes them (TOP, the top module, one per instance);
 * wg2's Y and wg3's A alias one id ("!"). */
static const char *vcd =
	"$timescale 1ps $end\n"
	"$scope module TOP $end\n"
	"$var wire 1 # clk_i $end\n"
	"$var wire 2 $ a_i [1:0] $end\n"
	"$scope module t $end\n"
	"$var wire 1 # clk_i $end\n"
	"$var wire 2 $ a_i [1:0] $end\n"
	"$var wire 1 % b_i $end\n"
	"$var wire 1 & y_o $end\n"
	"$scope module wg2 $end\n"
	"$var wire 1 ' A $end\n"
	"$var wire 1 % B $end\n"
	"$var wire 1 ! Y $end\n"
	"$upscope $end\n"
	"$scope module wg3 $end\n"
	"$var wire 1 ! A $end\n"
	"$var wire 1 ( Y $end\n"
	"$upscope $end\n"
	"$scope module wg5 $end\n"
	"$var wire 1 # C $end\n"
	"$var wire 1 ( D $end\n"
	"$var wire 1 & Q $end\n"
	"$upscope $end\n"
	"$upscope $end\n"
	"$upscope $end\n"
	"$enddefinitions $end\n"
	"#0\n$dumpvars\n0#\nb10 $\n1%\n0!\nx(\nx&\n$end\n"
	"#1\n1#\n1!\n0(\n0&\n"   /* !: 0->1 (1); (: x->0 not counted; &: x->0 not counted */
	"#2\n0#\nb1 $\n0!\n"     /* $: 10 -> 01 (left-extended): 2 bit toggles; !: 1 */
	"#3\n1#\n1(\n1&\n"       /* (: 1, &: 1 */
	"#4\n0#\nb11 $\n0%\n";   /* $: 1 toggle; %: 1 */

int main(void)
{
	char err[512];
	wg_gate_res r;
	memset(&r, 0, sizeof r);
	CHECK(wg_gate_parse_netlist(&r, netlist, err, sizeof err) == 0);
	CHECK_EQ(r.ncells, 3);
	CHECK_EQ(r.ntypes, 2);
	CHECK(strcmp(r.types[0].name, "$_AND_") == 0 && r.types[0].cells == 2 && !r.types[0].flop);
	CHECK(strcmp(r.types[1].name, "$_DFF_P_") == 0 && r.types[1].cells == 1 && r.types[1].flop);
	CHECK_EQ(r.flops, 1);
	CHECK_EQ(r.ninputs, 3);
	CHECK(r.ninputs == 3 && strcmp(r.inputs[1], "a_i") == 0);
	CHECK(strcmp(r.cells[2].name, "wg5") == 0);

	FILE *f = fmemopen((void *)vcd, strlen(vcd), "r");
	CHECK(f != NULL);
	CHECK(wg_gate_count_vcd(&r, f, "snippet", "t", "clk_i", err, sizeof err) == 0);
	fclose(f);
	CHECK_EQ(r.cells_found, 3);
	CHECK_EQ(r.types[0].toggles, 2 + 1); /* wg2.Y: 0->1->0; wg3.Y: 0->1 */
	CHECK_EQ(r.types[1].toggles, 1);     /* wg5.Q: 0->1 */
	CHECK_EQ(r.cell_toggles, 4);
	CHECK_EQ(r.flop_toggles, 1);
	CHECK_EQ(r.clock_toggles, 4);
	CHECK_EQ(r.input_toggles, 2 + 1 + 1); /* a_i 10->01, 01->11; b_i 1->0 */

	/* errors: an undeclared id; a dump of another top */
	static const char *bad = "$scope module TOP $end\n$scope module t $end\n$var wire 1 ! y_o $end\n"
				 "$upscope $end\n$upscope $end\n$enddefinitions $end\n#0\n0!\n1?\n";
	f = fmemopen((void *)bad, strlen(bad), "r");
	CHECK(wg_gate_count_vcd(&r, f, "bad.vcd", "t", "clk_i", err, sizeof err) != 0);
	fclose(f);
	CHECK(strstr(err, "bad.vcd:9:") != NULL);
	f = fmemopen((void *)vcd, strlen(vcd), "r");
	CHECK(wg_gate_count_vcd(&r, f, "snippet", "other", "clk_i", err, sizeof err) != 0);
	fclose(f);
	CHECK(strstr(err, "no scope TOP.other") != NULL);
	wg_gate_free(&r);

	memset(&r, 0, sizeof r);
	CHECK(wg_gate_parse_netlist(&r, "module t(a);\n  input a;\nendmodule\n", err, sizeof err) != 0);
	CHECK(strstr(err, "no cell instances") != NULL);
	wg_gate_free(&r);
	return wg_check_done();
}
