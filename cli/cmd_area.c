/* cmd_area.c - `warpgen area BLOCK`: Yosys area of one configuration and the
 * flip-flop check (Yosys's flop bits must equal the descriptor's
 * storage_bits). Flow and choices: docs/energy-model.md ("Area"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wg_area.h"
#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_cmds.h"
#include "wg_gen.h"

/* ", cached from 2026-11-28 10:31 UTC" when the Yosys step was reused (its results are kept by
 * content: only the first run pays), "" otherwise */
static const char *cached_note(const wg_area_result *r, char *buf, size_t n)
{
	buf[0] = 0;
	if (r->synth_cached) {
		time_t t = (time_t)r->synth_cached_at;
		struct tm tm;
		char d[32] = "an earlier run";
		if (t > 0 && gmtime_r(&t, &tm))
			strftime(d, sizeof d, "%Y-%m-%d %H:%M UTC", &tm);
		snprintf(buf, n, ", cached from %s", d);
	}
	return buf;
}

static void print_types(const wg_stat *s)
{
	int w = 8;
	for (int i = 0; i < s->ntypes; i++)
		if ((int)strlen(s->types[i].type) > w)
			w = (int)strlen(s->types[i].type);
	for (int i = 0; i < s->ntypes; i++)
		printf("    %-*s %10ld\n", w, s->types[i].type, s->types[i].count);
}

static void json_types(wg_buf *o, const wg_stat *s)
{
	wg_buf_printf(o, "{");
	for (int i = 0; i < s->ntypes; i++) {
		wg_buf_printf(o, "%s\n    ", i ? "," : "");
		wg_buf_json_str(o, s->types[i].type);
		wg_buf_printf(o, ": %ld", s->types[i].count);
	}
	wg_buf_printf(o, "%s}", s->ntypes ? "\n  " : "");
}

static char *json_report(const wg_block *b, const long *p, const wg_area_result *r, int flop_ok)
{
	char cfg[1024];
	wg_config_name(b, p, 0, cfg, sizeof cfg);
	wg_buf o = {0};
	wg_json_result_head(&o, b->name, cfg);
	wg_buf_printf(&o, ",\n  \"parameters\": ");
	wg_json_params(&o, b->params, b->nparams, p);
	const char *fg = r->abc_fast ? " -script +" WG_AREA_ABC_FAST_G : "";
	const char *fl = r->abc_fast ? " -script +" WG_AREA_ABC_FAST_LIB : "";
	wg_buf_printf(&o, ",\n  \"flow\": \"synth -top %s (hierarchical); dfflegalize + abc -g cmos2%s + stat -tech cmos",
		      b->name, fg);
	if (r->have_lib)
		wg_buf_printf(&o, "; dfflibmap + abc -liberty%s + stat -liberty", fl);
	wg_buf_printf(&o, "\",\n  \"abc_scripts\": \"%s\"", r->abc_fast ? "fast (--abc-fast)" : "default");
	wg_buf_printf(&o, ",\n  \"cells_total\": %ld,\n  \"cells\": ", r->generic.cells);
	json_types(&o, &r->generic);
	wg_buf_printf(&o, ",\n  \"flop_bits\": %ld,\n  \"storage_bits_predicted\": %ld,\n  \"flop_check\": \"%s\",\n",
		      r->flop_bits, r->storage_bits, flop_ok ? "ok" : "FAILED");
	wg_buf_printf(&o, "  \"latch_bits\": %ld,\n  \"transistors\": %ld,\n  \"transistors_complete\": %s,\n",
		      r->latch_bits, r->cmos.transistors, r->cmos.transistors_partial ? "false" : "true");
	wg_buf_printf(&o, "  \"liberty\": ");
	if (r->have_lib) {
		wg_buf_json_str(&o, wg_root_rel(r->lib_path));
		wg_buf_printf(&o, ",\n  \"area_um2\": %.3f,\n  \"liberty_cells_total\": %ld,\n  \"liberty_cells\": ",
			      r->area_um2, r->lib.cells);
		json_types(&o, &r->lib);
		if (r->have_leak)
			wg_buf_printf(&o, ",\n  \"leakage_nw\": %.4f", r->leak_nw);
		else
			wg_buf_printf(&o, ",\n  \"leakage_nw\": null");
		wg_buf_printf(&o, ",\n  \"leakage_basis\": ");
		char basis[256];
		snprintf(basis, sizeof basis,
			 "sum of each mapped cell's leakage x count (cell_leakage_power, else its leakage_power groups); "
			 "Liberty leakage_power_unit \"%s\"%s",
			 r->leak_unit, r->leak_missing ? "; some mapped cells are not in the library" : "");
		wg_buf_json_str(&o, basis);
	} else {
		wg_buf_printf(&o, "null,\n  \"area_um2\": null,\n  \"leakage_nw\": null");
	}
	wg_buf_printf(&o, ",\n  \"yosys_version\": ");
	wg_buf_json_str(&o, r->yosys_version);
	wg_buf_printf(&o, "\n}\n");
	return o.s;
}

int wg_cmd_area(int argc, char **argv)
{
	wg_opts o;
	wg_opts_parse(&o, "area", argc, argv, WG_OPT_SET | WG_OPT_LIBERTY | WG_OPT_JSON | WG_OPT_QUIET | WG_OPT_FLOPS);
	if (o.help) {
		printf("usage: warpgen area BLOCK [--set NAME=VALUE]... [--liberty FILE|none] [--flops-only|--flops-unless-cached] [--abc-fast] [--json FILE] [-q]\n"
		       "Yosys area of one configuration (out/area/BLOCK/CONFIG/): generic cells, flip-flop bits,\n"
		       "transistors (abc -g cmos2), and with a Liberty file area in um^2 and leakage.\n"
		       "Default Liberty: OSU 0.18 um (out/liberty/..., from `make deps`); --liberty none skips it.\n"
		       "Exit 1 when Yosys's flip-flop bits differ from the block's storage bits.\n"
		       "--flops-only: the flip-flop check alone (" WG_AREA_FLOPS_FLOW ";\n"
		       "stat -width; no gate mapping: seconds where the full flow of a large block takes half an hour).\n"
		       "--flops-unless-cached: the full flow's result when an earlier run left it in the cache, else\n"
		       "the flip-flop check (what `make` does; `make full` runs the full flow).\n"
		       "--abc-fast: map the gates with shorter ABC scripts (" WG_AREA_ABC_FAST_G " and\n"
		       WG_AREA_ABC_FAST_LIB "): minutes instead of hours on a module of several\n"
		       "100,000 gates, for -3 to +20 %% area (+6 %% on rename; hrf_sm's renaming table; docs/energy-model.md).\n"
		       "Yosys runs under timeout (WARPGEN_AREA_TIMEOUT seconds, default 3600); results are reused\n"
		       "while the Verilog, the script, the Liberty file and the Yosys version are unchanged.\n\n");
		if (o.block)
			wg_print_params(o.block);
		return 0;
	}
	if (o.flops_only == 1 && o.liberty && strcmp(o.liberty, "none") != 0)
		wg_die("area", 2, "--flops-only maps no gates: it takes no --liberty %s", o.liberty);
	if (o.flops_only == 1 && o.abc_fast)
		wg_die("area", 2, "--flops-only maps no gates: it takes no --abc-fast");
	char lib[4096], err[2048];
	const char *liberty = NULL;
	int lib_note = 0;
	if (o.liberty && strcmp(o.liberty, "none") == 0) {
		liberty = NULL;
	} else if (o.liberty) {
		liberty = o.liberty;
	} else {
		wg_area_default_liberty(lib, sizeof lib);
		FILE *f = fopen(lib, "r");
		if (f) {
			fclose(f);
			liberty = lib;
		} else {
			lib_note = 1;
		}
	}
	wg_area_result r;
	int code;
	char when[64];
	int have = 0; /* r holds the full flow's result */
	if (o.flops_only == 2) {
		int c = wg_area_cached(o.block, o.p, liberty, o.abc_fast, &r, &code, err, sizeof err);
		if (c < 0) {
			wg_area_free(&r);
			wg_die("area", code, "%s", err);
		}
		have = c == 0;
		if (!have) {
			wg_area_free(&r);
			fprintf(stderr, "warpgen area: the full flow is not cached: the flip-flop check only "
					"(`warpgen area` without --flops-unless-cached runs it)\n");
		}
		o.flops_only = !have;
	}
	if (o.flops_only) {
		if (wg_area_flops(o.block, o.p, &r, &code, err, sizeof err) != 0) {
			wg_area_free(&r);
			wg_die("area", code, "%s", err);
		}
		int ok = r.flop_bits == r.storage_bits && r.latch_bits == 0;
		char cfg[1024];
		wg_config_name(o.block, o.p, 0, cfg, sizeof cfg);
		printf("%s %s: flip-flop bits %ld, storage_bits predicts %ld: %s (flip-flop synthesis, %s)\n", o.block->name,
		       cfg, r.flop_bits, r.storage_bits, ok ? "ok" : "MISMATCH", wg_root_rel(r.dir));
		if (r.synth_cached) /* stdout stays free of cache state (deterministic) */
			fprintf(stderr, "warpgen area: yosys synth%s\n", cached_note(&r, when, sizeof when));
		if (r.latch_bits)
			printf("  latch bits %ld (latches inferred: not expected)\n", r.latch_bits);
		if (o.json) {
			wg_buf j = {0};
			wg_json_result_head(&j, o.block->name, cfg);
			wg_buf_printf(&j, ",\n  \"flow\": \"" WG_AREA_FLOPS_FLOW "; stat -width\",\n"
					  "  \"flop_bits\": %ld,\n  \"storage_bits_predicted\": %ld,\n  \"flop_check\": \"%s\",\n"
					  "  \"latch_bits\": %ld,\n  \"yosys_seconds\": %.1f\n}\n",
				      r.flop_bits, r.storage_bits, ok ? "ok" : "FAILED", r.latch_bits, r.synth_seconds);
			if (wg_write_atomic(o.json, j.s, strlen(j.s), err, sizeof err) != 0) {
				wg_buf_free(&j);
				wg_area_free(&r);
				wg_die("area", 2, "%s", err);
			}
			wg_buf_free(&j);
		}
		wg_area_free(&r);
		return ok ? 0 : 1;
	}
	if (!have && wg_area_run(o.block, o.p, liberty, o.abc_fast, &r, &code, err, sizeof err) != 0) {
		wg_area_free(&r);
		wg_die("area", code, "%s", err);
	}
	int flop_ok = r.flop_bits == r.storage_bits;
	char cfg[1024];
	wg_config_name(o.block, o.p, 0, cfg, sizeof cfg);
	if (!o.quiet) {
		printf("area of %s (%s): %s/\n", o.block->name, cfg, wg_root_rel(r.dir));
		printf("  flip-flop bits   %ld (storage_bits predicts %ld: %s)\n", r.flop_bits, r.storage_bits,
		       flop_ok ? "ok" : "MISMATCH");
		if (r.latch_bits)
			printf("  latch bits       %ld (latches inferred: not expected)\n", r.latch_bits);
		printf("  transistors      %ld%s (dfflegalize to $_DFF_P_, abc -g cmos2, stat -tech cmos)\n",
		       r.cmos.transistors, r.cmos.transistors_partial ? "+ (incomplete)" : "");
		printf("  generic cells    %ld (synth -top %s, hierarchical; every instance counted)\n", r.generic.cells,
		       o.block->name);
		print_types(&r.generic);
		if (r.have_lib) {
			printf("  liberty          %s\n", wg_root_rel(r.lib_path));
			printf("  area             %.1f um^2 (Yosys \"Chip area\", %ld cells)\n", r.area_um2, r.lib.cells);
			if (r.have_leak)
				printf("  leakage          %.1f nW (sum of cell leakage x count; Liberty unit \"%s\"%s)\n",
				       r.leak_nw, r.leak_unit,
				       r.leak_missing ? "; some mapped cells are not in the library" : "");
			else
				printf("  leakage          n/a (no mapped cell is in the Liberty file)\n");
			print_types(&r.lib);
		} else {
			printf("  liberty          none%s\n",
			       lib_note ? " (default OSU 0.18 um Liberty missing: run `make deps`)" : " (--liberty none)");
		}
		printf("  yosys            %s\n", r.yosys_version);
		fprintf(stderr, "warpgen area: yosys synth%s", r.synth_cached ? cached_note(&r, when, sizeof when) : " ");
		if (!r.synth_cached)
			fprintf(stderr, "%.1f s", r.synth_seconds);
		if (r.have_lib) {
			fprintf(stderr, ", liberty %s", r.lib_cached ? "cached" : "");
			if (!r.lib_cached)
				fprintf(stderr, "%.1f s", r.lib_seconds);
		}
		fprintf(stderr, "\n");
	}
	if (r.cmos_flops != r.flop_bits)
		fprintf(stderr, "warpgen area: note: %ld $_DFF_P_ after dfflegalize, %ld flip-flop bits after synth\n",
			r.cmos_flops, r.flop_bits);
	if (r.have_lib && r.lib_flops != r.flop_bits)
		fprintf(stderr, "warpgen area: note: %ld sequential Liberty cells, %ld flip-flop bits after synth\n",
			r.lib_flops, r.flop_bits);
	int rc = 0;
	if (o.json) {
		char *j = json_report(o.block, o.p, &r, flop_ok);
		if (wg_write_atomic(o.json, j, strlen(j), err, sizeof err) != 0) {
			free(j);
			wg_area_free(&r);
			wg_die("area", 2, "%s", err);
		}
		free(j);
	}
	if (!flop_ok) {
		fprintf(stderr,
			"warpgen area: %s (%s): flip-flop check failed: Yosys counts %ld flip-flop bits, "
			"storage_bits predicts %ld (difference %+ld); see %s/generic.txt\n",
			o.block->name, cfg, r.flop_bits, r.storage_bits, r.flop_bits - r.storage_bits, wg_root_rel(r.dir));
		rc = 1;
	}
	wg_area_free(&r);
	return rc;
}
