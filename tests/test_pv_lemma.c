/* test_pv_lemma.c - `warpgen prove --netlist`'s strengthening lemmas (cli/pv_lemma.c): a lemma
 * file against a netlist's declarations gives the miter's wires, one assertion per lemma and
 * array word, and Yosys's connect lines; a malformed line or a signal the netlist lacks is an
 * error naming the line. */
#include <stdio.h>
#include <string.h>

#include "pv.h"
#include "wg_check.h"

/* declarations as Yosys's write_verilog writes them */
static const char *net = "module rename(clk_i, rst_i);\n"
			 "  input clk_i;\n"
			 "  wire [1:0] rtv_q;\n"
			 "  wire fcv_q;\n"
			 "  wire [3:0] \\g_bank[0].rtp_q[0] ;\n"
			 "  wire [3:0] \\g_bank[0].rtp_q[1] ;\n"
			 "  wire [17:0] fc_word;\n"
			 "  wire [23:0] addr_q;\n"
			 "  wire [1:0] \\g_entry[0].typ ;\n"
			 "  wire [3:0] type_q;\n"
			 "  wire [1:0] ph_q;\n"
			 "  wire ent_q;\n"
			 "  output [1:0] phase_o;\n"
			 "endmodule\n";

static int run(const char *text, wg_buf *v, wg_buf *y, int *count, char *err, size_t n)
{
	memset(v, 0, sizeof *v);
	memset(y, 0, sizeof *y);
	/* prefetch_table's ENTRIES for NAME/ENTRIES: 2 */
	const wg_block *b = wg_block_find("prefetch_table");
	static long p[WG_MAX_PARAMS];
	wg_params_default(b, p);
	p[wg_param_index(b, "ENTRIES")] = 2;
	return pv_lemmas(text, net, "x_lemmas.txt", b, p, v, y, count, err, n);
}

static void good(void)
{
	wg_buf v, y;
	char err[256] = "";
	int count = 0;
	CHECK(run("# comment\nequal rtv_q\n\nequal g_bank[0].rtp_q[*] while rtv_q[*]  # words\n"
		  "equal fc_word while fcv_q\n",
		  &v, &y, &count, err, sizeof err) == 0);
	CHECK(count == 4); /* rtv_q, two words, fc_word */
	CHECK(v.s && strstr(v.s, "lm2_rtv_q: assert (wg_lg_0 == wg_ln_0);"));
	CHECK(v.s && strstr(v.s, "wire [3:0] wg_lg_3, wg_ln_3;  // g_bank[0].rtp_q[1]"));
	CHECK(v.s && strstr(v.s, "lm4_g_bank_0__rtp_q_1_: assert (!((|wg_lg_1[1]) && (|wg_ln_1[1])) || wg_lg_3 == wg_ln_3);"));
	CHECK(v.s && strstr(v.s, "lm5_fc_word: assert (!((|wg_lg_4) && (|wg_ln_4)) || wg_lg_5 == wg_ln_5);"));
	CHECK(y.s && strstr(y.s, "connect -set wg_ln_3 u_gate.g_bank[0].rtp_q[1]\n"));
	wg_buf_free(&v);
	wg_buf_free(&y);
}

/* a packed vector's words (NAME/P, P a number or a parameter), a condition as an expression,
 * a generate block's signal in it */
static void words(void)
{
	wg_buf v, y;
	char err[256] = "";
	int count = 0;
	CHECK(run("equal addr_q/ENTRIES while type_q/2 && !(ph_q != 2'd0 && ent_q == $i)\n"
		  "equal type_q/2 while g_entry[0].typ[1]\n",
		  &v, &y, &count, err, sizeof err) == 0);
	if (err[0])
		printf("%s\n", err);
	CHECK(count == 4);
	CHECK(v.s && strstr(v.s, "  (* keep *) wire [3:0] wg_lg_0, wg_ln_0;  // type_q"));
	CHECK(v.s && strstr(v.s, "  (* keep *) wire [23:0] wg_lg_3, wg_ln_3;  // addr_q"));
	CHECK(v.s && strstr(v.s, "lm1_addr_q_1_: assert (!((wg_lg_0[3:2] && !(wg_lg_1 != 2'd0 && wg_lg_2 == 1)) && "
				 "(wg_ln_0[3:2] && !(wg_ln_1 != 2'd0 && wg_ln_2 == 1))) || wg_lg_3[23:12] == wg_ln_3[23:12]);"));
	CHECK(v.s && strstr(v.s, "lm2_type_q_0_: assert (!((|wg_lg_4[1]) && (|wg_ln_4[1])) || wg_lg_5[1:0] == wg_ln_5[1:0]);"));
	CHECK(y.s && strstr(y.s, "connect -set wg_ln_4 u_gate.g_entry[0].typ\n"));
	CHECK(y.s && strstr(y.s, "connect -set wg_lg_3 u_gold.addr_q\n"));
	wg_buf_free(&v);
	wg_buf_free(&y);
	/* a port: the miter's own wires (flattening leaves no u_gold.phase_o) */
	CHECK(run("equal addr_q/2 while phase_o == 2'd1\n", &v, &y, &count, err, sizeof err) == 0);
	CHECK(v.s && strstr(v.s, "  assign wg_lg_0 = gold_phase_o;\n  assign wg_ln_0 = gate_phase_o;\n"));
	CHECK(v.s && strstr(v.s, "lm1_addr_q_0_: assert (!((wg_lg_0 == 2'd1) && (wg_ln_0 == 2'd1)) || wg_lg_1[11:0] == wg_ln_1[11:0]);"));
	CHECK(y.s && !strstr(y.s, "phase_o"));
	wg_buf_free(&v);
	wg_buf_free(&y);
}

static void bad(void)
{
	static const char *const cases[][2] = {
		{"equal nosuch\n", "x_lemmas.txt line 1: nosuch: no such signal in the netlist"},
		{"same rtv_q\n", "x_lemmas.txt line 1: expected `equal SIGNAL` or `equal SIGNAL while COND`"},
		{"equal rtv_q while\n", "x_lemmas.txt line 1: expected"},
		{"equal addr_q/NOSUCH\n", "line 1: addr_q/NOSUCH: NOSUCH is not a number or parameter that divides its 24 bits"},
		{"equal addr_q/5\n", "5 is not a number or parameter that divides"},
		{"equal addr_q/2[1]\n", "SIGNAL/P is a name and a word count"},
		{"equal fc_word while ph_q == $i\n", "$i needs an array SIGNAL[*] or a packed SIGNAL/P"},
		{"equal addr_q/2 while type_q/4 || ph_q; fcv_q\n", "VALID type_q/4 || ph_q; fcv_q: a name"},
		{"equal addr_q/2 while nosuch && ph_q\n", "line 1: nosuch: no such signal in the netlist"},
		{"equal addr_q/3 while type_q/2[2]\n", "type_q/2[2]: bit out of range"},
		{"equal rtv_q/2 while fcv_q/1\n", "word 1 has no word in fcv_q/1"},
		{"equal rtv_q when fcv_q\n", "line 1: expected"},
		{"\nequal fc_word while rtv_q[2]\n", "x_lemmas.txt line 2: rtv_q[2]: bit out of range"},
		{"equal fc_word while rtv_q[*]\n", "VALID[*] needs an array SIGNAL[*]"},
		{"equal nosuch[*] while rtv_q[*]\n", "nosuch[0]: no such signal"},
		{"equal g_bank[0].rtp_q[*] while fcv_q[*]\n", "word 1 has no bit in fcv_q"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		wg_buf v, y;
		char err[256] = "";
		int count = 0;
		CHECK(run(cases[i][0], &v, &y, &count, err, sizeof err) == -1);
		CHECK(strstr(err, cases[i][1]) != NULL);
		if (!strstr(err, cases[i][1]))
			printf("case %zu: %s\n", i, err);
		wg_buf_free(&v);
		wg_buf_free(&y);
	}
}

int main(void)
{
	good();
	words();
	bad();
	return wg_check_done();
}
