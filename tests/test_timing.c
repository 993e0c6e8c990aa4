/* test_timing.c - `warpgen timing`'s parts that need no Yosys: ABC's `stime -p`
 * report (a real one, sched2l WARPS=8 ACTIVE=2 on sky130 hd, Yosys 0.23), the
 * start/end point kinds, the paper clocks and the delay scaling rule. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "wg_check.h"
#include "wg_desc.h"
#include "wg_scale.h"
#include "wg_timing.h"

static const char *sample =
	"ABC: + stime -p \n"
	"ABC: WireLoad = \"none\"  Gates =    315 (  6.7 %)   Cap =  5.3 ff ( 10.8 %)   Area =     2008.18 ( 71.1 %)   Delay =  2394.52 ps  ( 17.5 %)\n"
	"ABC: Path  0 --      34 : 0    1 pi                                  A =   0.00  Df =   0.0   -0.0 ps  S =   0.0 ps  Cin =  0.0 ff  Cout =   2.5 ff  Cmax =   0.0 ff  G =    0\n"
	"ABC: Path  1 --     225 : 2    4 sky130_fd_sc_hd__lpflow_isobufsrc_4 A =  13.76  Df = 134.1  -23.6 ps  S =  97.4 ps  Cin =  5.5 ff  Cout =  10.5 ff  Cmax = 254.5 ff  G =  176\n"
	"ABC: Path  2 --     226 : 4    1 sky130_fd_sc_hd__o31ai_1            A =   7.51  Df = 284.9   -4.6 ps  S = 180.4 ps  Cin =  2.4 ff  Cout =   2.4 ff  Cmax =  47.6 ff  G =   96\n"
	"ABC: Path  3 --     230 : 5    1 sky130_fd_sc_hd__o2111ai_1          A =   8.76  Df = 434.7  -19.8 ps  S = 155.2 ps  Cin =  2.3 ff  Cout =   2.6 ff  Cmax =  71.4 ff  G =  103\n"
	"ABC: Path  4 --     243 : 4    3 sky130_fd_sc_hd__o22a_1             A =   8.76  Df = 655.8   -9.7 ps  S = 116.0 ps  Cin =  2.4 ff  Cout =  10.9 ff  Cmax = 162.1 ff  G =  426\n"
	"ABC: Path  5 --     254 : 5    8 sky130_fd_sc_hd__o311a_4            A =  21.27  Df =1023.8  -15.7 ps  S =  95.9 ps  Cin =  4.4 ff  Cout =  24.3 ff  Cmax = 539.3 ff  G =  523\n"
	"ABC: Path  6 --     303 : 4    7 sky130_fd_sc_hd__a22oi_4            A =  21.27  Df =1266.4  -96.6 ps  S = 219.1 ps  Cin =  8.5 ff  Cout =  19.6 ff  Cmax = 293.9 ff  G =  221\n"
	"ABC: Path  7 --     304 : 1    6 sky130_fd_sc_hd__inv_2              A =   3.75  Df =1354.9  -66.8 ps  S =  84.8 ps  Cin =  4.5 ff  Cout =  15.6 ff  Cmax = 331.4 ff  G =  332\n"
	"ABC: Path  8 --     371 : 6    1 sky130_fd_sc_hd__mux4_2             A =  22.52  Df =1836.0 -214.8 ps  S =  78.7 ps  Cin =  2.6 ff  Cout =   2.6 ff  Cmax = 301.2 ff  G =   92\n"
	"ABC: Path  9 --     372 : 2    4 sky130_fd_sc_hd__and2_4             A =   8.76  Df =2010.7 -245.0 ps  S =  50.2 ps  Cin =  2.4 ff  Cout =   9.8 ff  Cmax = 539.3 ff  G =  384\n"
	"ABC: Path 10 --     373 : 3    2 sky130_fd_sc_hd__o21ai_2            A =   8.76  Df =2123.4 -241.1 ps  S = 107.7 ps  Cin =  4.5 ff  Cout =   5.0 ff  Cmax = 139.2 ff  G =  104\n"
	"ABC: Path 11 --     374 : 1   10 sky130_fd_sc_hd__buf_4              A =   7.51  Df =2286.9 -243.1 ps  S =  83.5 ps  Cin =  2.4 ff  Cout =  26.0 ff  Cmax = 561.2 ff  G = 1015\n"
	"ABC: Path 12 --     409 : 4    1 sky130_fd_sc_hd__o31ai_1            A =   7.51  Df =2351.5 -129.9 ps  S = 179.2 ps  Cin =  2.4 ff  Cout =   2.4 ff  Cmax =  47.6 ff  G =   96\n"
	"ABC: Path 13 --     411 : 2    1 sky130_fd_sc_hd__nand2_1            A =   3.75  Df =2394.5 -133.0 ps  S =  34.1 ps  Cin =  2.3 ff  Cout =   0.0 ff  Cmax = 166.6 ff  G =    0\n"
	"ABC: Start-point = pi33 (\\mark_i [5]).  End-point = po46 ($auto$rtlil.cc:2560:MuxGate$2574).\n";

int main(void)
{
	char err[512];
	wg_stime t;

	/* ---- the real report ---- */
	CHECK(wg_stime_parse(sample, &t, err, sizeof err) == 0);
	CHECK(strcmp(t.wireload, "none") == 0);
	CHECK_EQ(t.gates, 315);
	CHECK(fabs(t.area - 2008.18) < 1e-9);
	CHECK(fabs(t.delay_ps - 2394.52) < 1e-9);
	CHECK_EQ(t.npath, 14);
	CHECK(strcmp(t.path[0].cell, "pi") == 0);
	CHECK(strcmp(t.path[1].cell, "sky130_fd_sc_hd__lpflow_isobufsrc_4") == 0);
	CHECK_EQ(t.path[5].fanin, 5);
	CHECK_EQ(t.path[5].fanout, 8);
	CHECK(fabs(t.path[5].arrival - 1023.8) < 1e-9);   /* "Df =1023.8": no space after '=' */
	CHECK(fabs(t.path[5].delay - (1023.8 - 655.8)) < 1e-9);
	CHECK(strcmp(t.path[13].cell, "sky130_fd_sc_hd__nand2_1") == 0);
	double sum = 0;
	int positive = 1;
	for (int i = 1; i < t.npath; i++) {
		sum += t.path[i].delay;
		positive &= t.path[i].delay > 0;
	}
	CHECK(positive);
	CHECK(fabs(sum - t.delay_ps) < 0.1); /* the path's cells add up to the summary's delay (Df is printed to 0.1 ps) */
	CHECK(strcmp(t.start, "mark_i [5]") == 0);
	CHECK(strcmp(t.end, "$auto$rtlil.cc:2560:MuxGate$2574") == 0);
	wg_stime_free(&t);

	/* The same without Yosys's "ABC: " prefix, after other ABC output. */
	char plain[8192];
	size_t k = 0;
	k += (size_t)snprintf(plain + k, sizeof plain - k, "WireLoad = \"old\"  Gates = 1  Area = 1  Delay = 1 ps\n");
	for (const char *s = sample; *s && k + 1 < sizeof plain;) {
		if (strncmp(s, "ABC: ", 5) == 0)
			s += 5;
		const char *e = strchr(s, '\n');
		size_t len = e ? (size_t)(e - s + 1) : strlen(s);
		memcpy(plain + k, s, len);
		k += len;
		s += len;
	}
	plain[k] = '\0';
	CHECK(wg_stime_parse(plain, &t, err, sizeof err) == 0);
	CHECK(fabs(t.delay_ps - 2394.52) < 1e-9); /* the last report wins */
	CHECK_EQ(t.npath, 14);
	wg_stime_free(&t);

	/* ---- broken reports: one message, nothing left allocated ---- */
	CHECK(wg_stime_parse("ABC: + stime -p\nABC: Error: no library\n", &t, err, sizeof err) == -1);
	CHECK(strstr(err, "WireLoad") != NULL);
	char cut[4096];
	snprintf(cut, sizeof cut, "%s", sample);
	*strstr(cut, "ABC: Start-point") = '\0';
	CHECK(wg_stime_parse(cut, &t, err, sizeof err) == -1);
	CHECK(strstr(err, "Start-point") != NULL);
	snprintf(cut, sizeof cut, "%s", sample);
	memcpy(strstr(cut, "2394.52 ps") + 8, "ns", 2);
	CHECK(wg_stime_parse(cut, &t, err, sizeof err) == -1);
	CHECK(strstr(err, "ps") != NULL);
	snprintf(cut, sizeof cut, "%s", sample);
	memcpy(strstr(cut, "Path  3"), "Path  7", 7); /* out of order */
	CHECK(wg_stime_parse(cut, &t, err, sizeof err) == -1);
	CHECK(strstr(err, "path line") != NULL);

	/* ---- start and end points ---- */
	char base[64];
	wg_net_base("\\mark_i [5]", base, sizeof base);
	CHECK(strcmp(base, "mark_i") == 0);
	wg_net_base("ev_o", base, sizeof base);
	CHECK(strcmp(base, "ev_o") == 0);
	const wg_block *b = wg_block_find("sched2l");
	CHECK(b != NULL);
	if (b) {
		CHECK(wg_tpoint_kind(b, "mark_i [5]", 0) == WG_TP_IN);
		CHECK(wg_tpoint_kind(b, "rst_i", 0) == WG_TP_IN);
		CHECK(wg_tpoint_kind(b, "ev_o [3]", 1) == WG_TP_OUT);
		CHECK(wg_tpoint_kind(b, "$auto$rtlil.cc:2560:MuxGate$2574", 1) == WG_TP_REG);
		CHECK(wg_tpoint_kind(b, "state_q [2]", 0) == WG_TP_REG);
		CHECK(wg_tpoint_kind(b, "mark_iq", 0) == WG_TP_REG); /* a prefix of a port is not the port */
	}
	CHECK(strcmp(wg_tp_kind_name(WG_TP_REG), "register") == 0);

	/* ---- paper clocks and the rule ---- */
	const wg_paper_clock *pc = wg_paper_clock_find("rfc");
	CHECK(pc && pc->period_ps == 1000.0 && pc->node_nm == 40 && !pc->node_assumed);
	pc = wg_paper_clock_find("rename");
	CHECK(pc && pc->period_ps == 1250.0 && pc->node_nm == 40);
	pc = wg_paper_clock_find("prefetch_table");
	CHECK(pc && pc->period_ps == 1000.0 && pc->node_nm == 65);
	pc = wg_paper_clock_find("slg");
	CHECK(pc && fabs(pc->period_ps - 769.2307692) < 1e-6 && pc->node_assumed);
	CHECK(wg_paper_clock_find("equalizer") == NULL); /* Sethia ch. III gives no clock */
	CHECK(wg_paper_clock_find("nope") == NULL);
	double d;
	CHECK(wg_sc_delay(2394.52, 130, 40, &d, err, sizeof err) == 0);
	CHECK(fabs(d - 2394.52 * 40 / 130) < 1e-9); /* 736.78 ps */
	CHECK(wg_sc_delay(1000, 180, 65, &d, err, sizeof err) == 0);
	CHECK(fabs(d - 361.111111111) < 1e-6);
	CHECK(wg_sc_delay(1000, 350, 40, &d, err, sizeof err) == -1);
	CHECK(strstr(err, "350") != NULL);
	CHECK(wg_lib_node_nm("../shared/liberty/sky130_fd_sc_hd__tt_025C_1v80.lib") == 130);
	CHECK(wg_lib_node_nm("out/liberty/osu018/usr/share/qflow/tech/osu018/osu018_stdcells.lib") == 180);
	CHECK(wg_lib_node_nm("/x/sky130/mine.lib") == 0); /* the file's name, not its folder */
	return wg_check_done();
}
