/* wg_report.c - PASS line, event and energy table, JSON result. */
#include "wg_report.h"

#include <stdio.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_gen.h"

static void rate(double cps, char *buf, size_t n)
{
	if (cps >= 1e6)
		snprintf(buf, n, "%.1f M cycles/s", cps / 1e6);
	else
		snprintf(buf, n, "%.1f k cycles/s", cps / 1e3);
}

static double cycles_per_s(const wg_harness_res *r)
{
	return r->seconds > 0 ? (double)r->cycles / r->seconds : 0.0;
}

/* Energy of the run (per event, total, dynamic) and of the same accesses without the block. */
static void run_energy(const wg_run_info *ri, const wg_harness_res *r, double *per, double *total, double *dyn,
		       double *base)
{
	if (!ri->energy_ok)
		return;
	*total = wg_energy_total(&ri->em, r->ev_c, (uint64_t)r->cycles, per);
	for (int e = 0; e < ri->em.nevents; e++)
		*dyn += per[e];
	*base = wg_energy_baseline(&ri->em, r->ev_c);
}

void wg_report_pass(const wg_run_info *ri, const wg_harness_res *r)
{
	const wg_opts *o = ri->o;
	const wg_block *b = o->block;
	char perf[64];
	rate(cycles_per_s(r), perf, sizeof perf);
	printf("PASS %s %s", b->name, ri->config);
	if (o->case_idx >= 0)
		printf(" case=%s", o->stim->cases[o->case_idx].name);
	if (ri->rtl_abs[0])
		printf(" rtl=%s", o->rtl);
	printf(" seed=%llu cycles=%ld (%s%s)\n", (unsigned long long)o->seed, r->cycles, perf,
	       ri->model_only ? ", C model only: equivalence not checked" : "");
	if (o->case_idx >= 0 && o->stim->cases[o->case_idx].expect_fail)
		printf("  UNEXPECTED: %s is a negative case: its check must fail with '%s' and did not\n",
		       o->stim->cases[o->case_idx].name, o->stim->cases[o->case_idx].expect_fail);
	if (ri->wave_fst[0])
		printf("  wave: %s\n  gtkwave %s %s\n", ri->wave_fst, ri->wave_fst, ri->wave_gtkw);
	if (ri->model_vcd[0])
		printf("  C model (inputs, expected outputs): %s\n  gtkwave %s\n", ri->model_vcd, ri->model_vcd);
	if (o->quiet || ri->L->ev_port < 0)
		return;
	double per[WG_MAX_EVENTS] = {0}, total = 0, dyn = 0, base = 0;
	run_energy(ri, r, per, &total, &dyn, &base);
	printf("  %-20s %18s", "event", ri->model_only ? "count (C model)" : "count (C == RTL)");
	if (ri->energy_ok)
		printf(" %12s %14s", "pJ/event", "total pJ");
	printf("\n");
	for (int e = 0; e < b->nevents; e++) {
		printf("  %-20s %18llu", b->events[e].name, (unsigned long long)r->ev_c[e]);
		if (ri->energy_ok && ri->em.not_given[e])
			printf(" %12s %14s", "n/g", "n/g");
		else if (ri->energy_ok)
			printf(" %12.4f %14.1f", ri->em.pj[e], per[e]);
		printf("\n");
	}
	int ng = 0;
	for (int e = 0; ri->energy_ok && e < b->nevents; e++)
		ng += ri->em.not_given[e];
	if (ng)
		printf("  (n/g: %d event%s not given by the papers: counted, priced 0 in the totals)\n", ng,
		       ng > 1 ? "s" : "");
	if (ri->energy_ok) {
		printf("  %-20s %18s %12s %14.1f\n", "dynamic", "", "", dyn);
		printf("  %-20s %11ld cycles %9.4g mW %14.1f\n", "leakage", r->cycles, ri->em.leak_mw, total - dyn);
		printf("  %-20s %18s %12s %14.1f\n", "total", "", "", total);
		if (base > 0)
			printf("  %-20s %18s %12s %14.1f   dynamic / baseline = %.3f\n", "without the block", "", "",
			       base, dyn / base);
	} else {
		printf("  note: no energy figures: %s\n", ri->energy_note);
	}
}

static void json_num_or_null(wg_buf *o, int ok, double v)
{
	if (ok)
		wg_buf_printf(o, "%.6g", v);
	else
		wg_buf_printf(o, "null");
}

static void json_failure(wg_buf *o, const wg_run_info *ri, const wg_harness_res *r)
{
	char cmd[8192], e[80], a[80];
	if (r->verdict == WG_V_PASS) {
		wg_buf_printf(o, "null");
		return;
	}
	wg_buf_printf(o, "{\n    \"kind\": \"%s\",\n    \"cycle\": %ld,\n    \"message\": ", wg_verdict_name(r->verdict),
		      r->fail_cycle);
	wg_buf_json_str(o, r->msg);
	if (r->verdict == WG_V_MISMATCH) {
		wg_port_diff d[WG_MAX_PORTS];
		int nd = wg_diff_ports(ri->o->block, ri->L, r->out_c, r->out_v, d, WG_MAX_PORTS);
		wg_buf_printf(o, ",\n    \"ports\": [");
		for (int k = 0; k < nd; k++) {
			int lo = d[k].lo, w = ri->L->width[d[k].port];
			int wlo = w <= 64 ? 0 : lo / 64 * 64, n = w <= 64 ? w : (w - wlo < 64 ? w - wlo : 64);
			wg_hex(r->out_c + ri->L->off[d[k].port], wlo, n, e, sizeof e);
			wg_hex(r->out_v + ri->L->off[d[k].port], wlo, n, a, sizeof a);
			wg_buf_printf(o, "%s\n      {\"port\": ", k ? "," : "");
			wg_buf_json_str(o, ri->o->block->ports[d[k].port].name);
			wg_buf_printf(o, ", \"bits\": \"[%d:%d]\", \"window\": \"[%d:%d]\", \"expected\": \"%s\", \"actual\": \"%s\"}",
				      d[k].hi, d[k].lo, wlo + n - 1, wlo, e, a);
		}
		wg_buf_printf(o, "\n    ]");
	}
	wg_replay_cmd(ri, cmd, sizeof cmd);
	wg_buf_printf(o, ",\n    \"replay\": ");
	wg_buf_json_str(o, cmd);
	wg_buf_printf(o, "\n  }");
}

int wg_report_json(const wg_run_info *ri, const wg_harness_res *r, const char *path, char *err, size_t n)
{
	const wg_opts *o = ri->o;
	const wg_block *b = o->block;
	wg_buf j = {0};
	double per[WG_MAX_EVENTS] = {0}, total = 0, dyn = 0, base = 0;
	run_energy(ri, r, per, &total, &dyn, &base);
	wg_buf_printf(&j, "{\n  \"verdict\": \"%s\",\n  \"block\": ", wg_verdict_name(r->verdict));
	wg_buf_json_str(&j, b->name);
	wg_buf_printf(&j, ",\n  \"config\": ");
	wg_buf_json_str(&j, ri->config);
	wg_buf_printf(&j, ",\n  \"parameters\": ");
	wg_json_params(&j, b->params, b->nparams, o->p);
	wg_buf_printf(&j, ",\n  \"knobs\": ");
	wg_json_params(&j, o->stim->knobs, o->stim->nknobs, o->knobs);
	wg_buf_printf(&j, ",\n  \"seed\": %llu,\n  \"cycles\": %ld,\n  \"case\": ", (unsigned long long)o->seed, r->cycles);
	if (o->case_idx >= 0)
		wg_buf_json_str(&j, o->stim->cases[o->case_idx].name);
	else
		wg_buf_printf(&j, "null");
	/* the case's own parameters a --set changed: its claim was checked against another configuration */
	wg_buf_printf(&j, ",\n  \"case_contradicted\": [");
	for (int k = 0; k < o->ncontra; k++) {
		const wg_param_def *d = &b->params[o->contra[k]];
		char cv[64], gv[64], line[512];
		wg_contra_line(o, k, line, sizeof line);
		wg_buf_printf(&j, "%s\n    {\"parameter\": ", k ? "," : "");
		wg_buf_json_str(&j, d->name);
		wg_buf_printf(&j, ", \"case_value\": ");
		wg_buf_json_str(&j, wg_param_text(d, o->contra_case[k], cv, sizeof cv));
		wg_buf_printf(&j, ", \"given\": ");
		wg_buf_json_str(&j, wg_param_text(d, o->p[o->contra[k]], gv, sizeof gv));
		wg_buf_printf(&j, ", \"note\": ");
		wg_buf_json_str(&j, line);
		wg_buf_printf(&j, "}");
	}
	wg_buf_printf(&j, "%s],\n  \"rtl\": ", o->ncontra ? "\n  " : "");
	if (ri->rtl_abs[0])
		wg_buf_json_str(&j, ri->rtl_abs);
	else
		wg_buf_printf(&j, "null");
	int ng = 0;
	for (int e = 0; ri->energy_ok && e < b->nevents; e++)
		ng += ri->em.not_given[e];
	wg_buf_printf(&j, ",\n  \"events\": [");
	for (int e = 0; ri->L->ev_port >= 0 && e < b->nevents; e++) {
		wg_buf_printf(&j, "%s\n    {\"name\": ", e ? "," : "");
		wg_buf_json_str(&j, b->events[e].name);
		wg_buf_printf(&j, ", \"c_model\": %llu, \"rtl\": %llu, \"pj_per_event\": ", (unsigned long long)r->ev_c[e],
			      (unsigned long long)r->ev_rtl[e]);
		int priced = ri->energy_ok && !ri->em.not_given[e];
		json_num_or_null(&j, priced, priced ? ri->em.pj[e] : 0);
		wg_buf_printf(&j, ", \"pj_total\": ");
		json_num_or_null(&j, priced, per[e]);
		wg_buf_printf(&j, ", \"not_given\": %s", ri->energy_ok && ri->em.not_given[e] ? "true" : "false");
		wg_buf_printf(&j, "}");
	}
	wg_buf_printf(&j, "\n  ],\n  \"energy_pj\": ");
	if (ri->energy_ok) {
		wg_buf_printf(&j, "{\"dynamic\": %.6g, \"leakage\": %.6g, \"total\": %.6g, \"leak_mw\": %.6g, "
				  "\"baseline\": %.6g, \"events_not_given\": %d, \"leakage_not_given\": %s}",
			      dyn, total - dyn, total, ri->em.leak_mw, base, ng, ri->em.leak_not_given ? "true" : "false");
	} else {
		wg_buf_printf(&j, "null,\n  \"energy_note\": ");
		wg_buf_json_str(&j, ri->energy_note);
	}
	wg_buf_printf(&j, ",\n  \"waves\": {");
	const char *keys[4] = {"fst", "gtkw", "window_fst", "window_gtkw"};
	const char *vals[4] = {ri->wave_fst, ri->wave_gtkw, ri->win_fst, ri->win_gtkw};
	for (int k = 0; k < 4; k++) {
		wg_buf_printf(&j, "%s\"%s\": ", k ? ", " : "", keys[k]);
		if (vals[k][0])
			wg_buf_json_str(&j, vals[k]);
		else
			wg_buf_printf(&j, "null");
	}
	wg_buf_printf(&j, "},\n  \"failure\": ");
	json_failure(&j, ri, r);
	/* The only field that differs between two runs of the same command. */
	wg_buf_printf(&j, ",\n  \"cycles_per_s\": %.0f\n}\n", r->seconds > 0 ? (double)r->cycles / r->seconds : 0.0);
	int rc = wg_write_atomic(path, j.s, j.len, err, n);
	wg_buf_free(&j);
	return rc;
}
