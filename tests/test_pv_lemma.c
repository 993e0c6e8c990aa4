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
			 "endmodule\n";

static int run(const char *text, wg_buf *v, wg_buf *y, int *count, char *err, size_t n)
{
	memset(v, 0, sizeof *v);
	memset(y, 0, sizeof *y);
	return pv_lemmas(text, net, "x_lemmas.txt", v, y, count, err, n);
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

static void bad(void)
{
	static const char *const cases[][2] = {
		{"equal nosuch\n", "x_lemmas.txt line 1: nosuch: no such signal in the netlist"},
		{"same rtv_q\n", "x_lemmas.txt line 1: expected `equal SIGNAL` or `equal SIGNAL while VALID`"},
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
	bad();
	return wg_check_done();
}
