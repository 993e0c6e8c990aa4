/* pv_engine.c - the unbounded engines (ABC pdr, then dprove) on the miter's
 * AIGER, the bounded yosys-smtbmc -s z3 check where both fail, and a
 * counterexample replayed into a waveform. Each engine's console output is
 * kept as <engine>.log in the run's folder. Every tool runs under --timeout through
 * wg_proc_capture_limit (csim/wg_proc.c): on expiry it and everything under it (Yosys's ABC,
 * smtbmc's z3) are stopped, and a stop signal sent to warpgen reaches them too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pv.h"
#include "wg_buf.h"
#include "wg_proc.h"
#include "wg_vtool.h"

const char *pv_verdict_name(pv_verdict v)
{
	return v == PV_PROVEN ? "proven" : v == PV_BOUNDED ? "bounded" : v == PV_CEX ? "counterexample" : "error";
}

/* Seconds between the limit's SIGTERM and the SIGKILL of a tool still running. */
#define PV_GRACE 5

/* Run argv in dir for at most q->timeout_s seconds (then it and every process under it are
 * stopped: WG_PROC_TIMEOUT), its stdout into <dir>/<log>; out keeps stdout. Returns the exit status. */
static int run_logged(const pv_req *q, char **argv, const char *dir, const char *log, wg_buf *out)
{
	char path[PV_PATH + 64], err[256];
	int rc = wg_proc_capture_limit(argv, dir, WG_PROC_ERR_NULL, out, q->timeout_s, PV_GRACE);
	snprintf(path, sizeof path, "%s/%s", dir, log);
	wg_write_atomic(path, out->s ? out->s : "", out->s ? strlen(out->s) : 0, err, sizeof err);
	return rc;
}

typedef enum { ABC_PROVED, ABC_CEX, ABC_UNDECIDED } abc_out;

/* The register correspondence step of --netlist: ABC's scorr (2-step induction) merges the
 * RTL's flip-flops with their netlist partners, first under the protocol's constraints, again
 * after they are folded into the property, and pdr proves what is left. A counterexample there
 * is one of the reduced network (fewer flip-flops than miter.aim maps): the plain engines
 * then find it again on the miter itself, for the replay. */
#define PV_SCORR "scorr -c -F 2; fold; strash; scorr -F 2; pdr"

/* One ABC engine: "pdr", "dprove" or PV_SCORR (logged as scorr.log). *frame: the failing
 * frame of a cex. */
static abc_out run_abc(const pv_req *q, const char *dir, const char *engine, int *frame, char *note, size_t nn)
{
	char cmd[512], log[64];
	int sc = strcmp(engine, PV_SCORR) == 0;
	snprintf(cmd, sizeof cmd, "read_aiger miter.aig; %s%s; write_cex -a cex.aiw", sc ? "" : "fold; strash; ",
		 engine);
	snprintf(log, sizeof log, "%s.log", sc ? "scorr" : engine);
	char *argv[] = {"yosys-abc", "-c", cmd, NULL};
	wg_buf out = {0};
	char cex[PV_PATH + 16];
	snprintf(cex, sizeof cex, "%s/cex.aiw", dir);
	remove(cex);
	int rc = run_logged(q, argv, dir, log, &out);
	const char *s = out.s ? out.s : "";
	abc_out r = ABC_UNDECIDED;
	const char *f;
	if (rc == 0 && (strstr(s, "Property proved") || strstr(s, "Networks are equivalent")))
		r = ABC_PROVED;
	else if (rc == 0 && ((f = strstr(s, "was asserted in frame ")) != NULL || strstr(s, "NOT EQUIVALENT"))) {
		r = ABC_CEX;
		*frame = f ? atoi(f + strlen("was asserted in frame ")) : -1;
	}
	if (r == ABC_UNDECIDED) {
		size_t used = strlen(note);
		snprintf(note + used, nn - used, "%sabc %s: %s", used ? "; " : "", sc ? "scorr+pdr" : engine,
			 rc == WG_PROC_TIMEOUT ? "timed out (--timeout)" : rc != 0 ? "failed (see its log)" : "undecided");
	}
	wg_buf_free(&out);
	return r;
}

/* The assertion yosys-smtbmc names in "Assert failed in MODULE: LABEL". */
static void failed_assert(const char *s, char *buf, size_t n)
{
	const char *a = strstr(s, "Assert failed in ");
	if (!a)
		return;
	a = strchr(a, ':');
	if (!a)
		return;
	a += 2;
	size_t len = strcspn(a, "\n");
	snprintf(buf, n, "%.*s", (int)len, a);
}

/* The property Yosys's sim names in "Assert MODULE.LABEL (file:line) failed." */
static void sim_failed(const char *s, char *buf, size_t n)
{
	const char *a = strstr(s, "Assert ");
	if (!a)
		return;
	a += strlen("Assert ");
	size_t len = strcspn(a, " \n");
	const char *dot = memchr(a, '.', len);
	for (const char *d = dot; d && d < a + len; d = memchr(d + 1, '.', (size_t)(a + len - d - 1)))
		dot = d;
	if (dot) {
		len -= (size_t)(dot + 1 - a);
		a = dot + 1;
	}
	snprintf(buf, n, "%.*s", (int)len, a);
}

/* The counterexample of an ABC engine, replayed by Yosys's simulator (sim -r cex.aiw on the
 * design the AIGER was written from, miter.il) into trace.vcd. yosys-smtbmc --aig does the
 * same through the solver, minutes a step at a few hundred flip-flops: not used. */
static void replay(const pv_req *q, const char *dir, pv_result *r)
{
	char *argv[] = {"yosys", "-q", "-p",
			"read_rtlil miter.il; sim -clock clk_i -r cex.aiw -map miter.aim -vcd trace.vcd", NULL};
	wg_buf out = {0};
	/* sim reports a failed assertion as a warning, on stderr under -q: capture both */
	char path[PV_PATH + 32];
	snprintf(path, sizeof path, "%s/replay.log", dir);
	FILE *f = fopen(path, "w");
	int rc = f ? wg_proc_capture_limit(argv, dir, fileno(f), &out, q->timeout_s, PV_GRACE) : -1;
	if (f)
		fclose(f);
	char err[256];
	char *log = wg_read_file(path, NULL, err, sizeof err);
	sim_failed(log ? log : "", r->failed, sizeof r->failed);
	free(log);
	snprintf(r->trace, sizeof r->trace, "%s/trace.vcd", dir);
	snprintf(r->replay, sizeof r->replay,
		 "(cd %s && yosys -p 'read_rtlil miter.il; sim -clock clk_i -r cex.aiw -map miter.aim -vcd trace.vcd') "
		 "&& gtkwave %s/trace.vcd",
		 dir, dir);
	if (rc != 0 || !r->failed[0]) {
		size_t used = strlen(r->note);
		snprintf(r->note + used, sizeof r->note - used,
			 "%sthe replay of ABC's counterexample %s (see replay.log)", used ? "; " : "",
			 rc != 0 ? "failed" : "broke no assertion in Yosys's simulator");
		if (rc != 0)
			r->trace[0] = 0;
	}
	wg_buf_free(&out);
}

void pv_engines(const pv_req *q, const char *dir, int scorr, pv_result *r)
{
	int frame = -1;
	if (scorr) {
		abc_out a = run_abc(q, dir, PV_SCORR, &frame, r->note, sizeof r->note);
		if (a == ABC_PROVED) {
			snprintf(r->engine, sizeof r->engine, "abc scorr+pdr");
			r->verdict = PV_PROVEN;
			return;
		}
		if (a == ABC_CEX) { /* on the reduced network: found again below, on the miter */
			size_t used = strlen(r->note);
			snprintf(r->note + used, sizeof r->note - used, "%sabc scorr+pdr: a counterexample",
				 used ? "; " : "");
		}
	}
	const char *engines[] = {"pdr", "dprove"};
	for (int e = 0; e < 2; e++) {
		abc_out a = run_abc(q, dir, engines[e], &frame, r->note, sizeof r->note);
		snprintf(r->engine, sizeof r->engine, "abc %s", engines[e]);
		if (a == ABC_PROVED) {
			r->verdict = PV_PROVEN;
			return;
		}
		if (a == ABC_CEX) {
			r->verdict = PV_CEX;
			r->depth = frame;
			replay(q, dir, r);
			return;
		}
	}
	/* both undecided: a bounded check */
	char depth[32];
	snprintf(depth, sizeof depth, "%d", q->depth);
	char *argv[] = {"yosys-smtbmc", "-s", "z3", "--unroll", "-t", depth,
			"--dump-vcd", "trace.vcd", "miter.smt2", NULL};
	wg_buf out = {0};
	int rc = run_logged(q, argv, dir, "smtbmc.log", &out);
	snprintf(r->engine, sizeof r->engine, "yosys-smtbmc -s z3");
	const char *s = out.s ? out.s : "";
	if (strstr(s, "Status: PASSED")) {
		r->verdict = PV_BOUNDED;
		r->depth = q->depth;
	} else if (strstr(s, "Status: FAILED")) {
		r->verdict = PV_CEX;
		const char *st = strstr(s, "Checking assertions in step ");
		for (const char *t = st; t; t = strstr(t + 1, "Checking assertions in step "))
			st = t;
		r->depth = st ? atoi(st + strlen("Checking assertions in step ")) : -1;
		failed_assert(s, r->failed, sizeof r->failed);
		snprintf(r->trace, sizeof r->trace, "%s/trace.vcd", dir);
		snprintf(r->replay, sizeof r->replay,
			 "(cd %s && yosys-smtbmc -s z3 --unroll -t %d --dump-vcd trace.vcd miter.smt2) && gtkwave "
			 "%s/trace.vcd",
			 dir, q->depth, dir);
	} else {
		r->verdict = PV_ERROR;
		size_t used = strlen(r->note);
		snprintf(r->note + used, sizeof r->note - used, "; yosys-smtbmc: %s",
			 rc == WG_PROC_TIMEOUT ? "timed out (--timeout)" : "failed (see smtbmc.log)");
	}
	wg_buf_free(&out);
}
