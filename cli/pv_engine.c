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

/* One ABC engine: its commands after read_aiger, then in turn its pdr variants (a portfolio),
 * each printed after a marker line so that the log says which one decided. */
typedef struct {
	const char *name;             /* on the verdict line: "abc NAME", "abc NAME (VARIANT)" */
	const char *script;           /* ABC commands after read_aiger */
	const char *log;              /* its console output: <log> in the run's folder */
	const char *const *variants;  /* run after script, in turn, until one decides; NULL: none */
} pv_abc_engine;

/* The marker before each variant's output in the log: "wg_variant N". */
#define PV_MARK "wg_variant"

/* The register correspondence step of --netlist: ABC's scorr (2-step induction) merges the
 * RTL's flip-flops with their netlist partners, first under the protocol's constraints, again
 * after they are folded into the property, and pdr proves what is left. A counterexample there
 * is one of the reduced network (fewer flip-flops than miter.aim maps): the plain engines
 * then find it again on the miter itself, for the replay.
 * pdr's time on these miters swings with the order of flip-flops and inputs Yosys happens to
 * write (rename at RT_ENTRIES=4: the same miter written twice, 17.7 CPU-s and no verdict in
 * 82), so pdr runs as a portfolio: plain pdr first (the make-test miters end in its first
 * seconds), then other SAT seeds and flop orders, each stopped after PV_TRY CPU-s (ABC's -T
 * counts CPU time; a solved miter skips the rest), and last plain pdr without a limit, so no
 * verdict plain pdr reached before is lost (docs/cosim.md "`--netlist`", "Stop 46"). */
#define PV_TRY "20"
static const char *const pv_scorr_variants[] = {
	"pdr -T " PV_TRY, "pdr -S 1 -T " PV_TRY, "pdr -S 2 -T " PV_TRY, "pdr -f -T " PV_TRY, "pdr -y -T " PV_TRY,
	"pdr", NULL};
static const pv_abc_engine pv_scorr = {"scorr+pdr", "scorr -c -F 2; fold; strash; scorr -F 2", "scorr.log",
				       pv_scorr_variants};
static const pv_abc_engine pv_pdr = {"pdr", "fold; strash; pdr", "pdr.log", NULL};
static const pv_abc_engine pv_dprove = {"dprove", "fold; strash; dprove", "dprove.log", NULL};

/* The variant whose output holds `at` in the log s: the last marker before it, or NULL. */
static const char *variant_at(const pv_abc_engine *e, const char *s, const char *at)
{
	int nv = 0;
	while (e->variants[nv])
		nv++;
	const char *v = NULL;
	for (const char *m = strstr(s, PV_MARK " "); m && m < at; m = strstr(m + 1, PV_MARK " ")) {
		int k = atoi(m + strlen(PV_MARK " "));
		v = k >= 0 && k < nv ? e->variants[k] : NULL;
	}
	return v;
}

/* Run one ABC engine. *frame: the failing frame of a cex; name (n bytes): the engine and, for
 * a portfolio, the variant that decided. */
static abc_out run_abc(const pv_req *q, const char *dir, const pv_abc_engine *e, int *frame, char *name, size_t n,
		       char *note, size_t nn)
{
	wg_buf cmd = {0};
	wg_buf_printf(&cmd, "read_aiger miter.aig; %s", e->script);
	for (int k = 0; e->variants && e->variants[k]; k++)
		wg_buf_printf(&cmd, "; echo " PV_MARK " %d; %s", k, e->variants[k]);
	wg_buf_printf(&cmd, "; write_cex -a cex.aiw");
	char *argv[] = {"yosys-abc", "-c", cmd.s, NULL};
	wg_buf out = {0};
	char cex[PV_PATH + 16];
	snprintf(cex, sizeof cex, "%s/cex.aiw", dir);
	remove(cex);
	int rc = run_logged(q, argv, dir, e->log, &out);
	const char *s = out.s ? out.s : "";
	abc_out r = ABC_UNDECIDED;
	const char *f, *at = NULL;
	if (rc == 0 && ((at = strstr(s, "Property proved")) || (at = strstr(s, "Networks are equivalent"))))
		r = ABC_PROVED;
	else if (rc == 0 && ((at = f = strstr(s, "was asserted in frame ")) != NULL || (at = strstr(s, "NOT EQUIVALENT")))) {
		r = ABC_CEX;
		*frame = f ? atoi(f + strlen("was asserted in frame ")) : -1;
	}
	const char *v = at && e->variants ? variant_at(e, s, at) : NULL;
	snprintf(name, n, "abc %s%s%s%s", e->name, v ? " (" : "", v ? v : "", v ? ")" : "");
	if (r == ABC_UNDECIDED) {
		size_t used = strlen(note);
		snprintf(note + used, nn - used, "%sabc %s: %s", used ? "; " : "", e->name,
			 rc == WG_PROC_TIMEOUT ? "timed out (--timeout)" : rc != 0 ? "failed (see its log)" : "undecided");
	}
	wg_buf_free(&out);
	wg_buf_free(&cmd);
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
		char name[sizeof r->engine];
		abc_out a = run_abc(q, dir, &pv_scorr, &frame, name, sizeof name, r->note, sizeof r->note);
		if (a == ABC_PROVED) {
			snprintf(r->engine, sizeof r->engine, "%s", name);
			r->verdict = PV_PROVEN;
			return;
		}
		if (a == ABC_CEX) { /* on the reduced network: found again below, on the miter */
			size_t used = strlen(r->note);
			snprintf(r->note + used, sizeof r->note - used, "%s%s: a counterexample", used ? "; " : "",
				 name);
		}
	}
	const pv_abc_engine *engines[] = {&pv_pdr, &pv_dprove};
	for (int e = 0; e < 2; e++) {
		abc_out a = run_abc(q, dir, engines[e], &frame, r->engine, sizeof r->engine, r->note, sizeof r->note);
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
