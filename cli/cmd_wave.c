/* cmd_wave.c - `warpgen wave BLOCK --case NAME`: a directed case as a
 * waveform scenario, ready to look at.
 *
 * The case runs on the traced (FST) Verilator build through the same harness
 * as `cosim --case --wave`: a first run checks it (equivalence, the case's
 * own checks, its finish()) and finds its length and key cycle; a second,
 * identical run dumps only the window that matters (the harness opens the
 * dump at the window's first cycle and closes it after the last), so no dump
 * is ever cut afterwards. Files, in DIR (default out/waves/BLOCK/NAME/):
 * NAME.fst, NAME.vcd (--vcd, converted with fst2vcd), NAME.gtkw (wg_wave.c),
 * NAME.png (GTKWave under xvfb-run, ImageMagick `import`) and scenario.json.
 *
 * A negative scenario (wg_case_def.expect_fail) shows a check firing: it
 * passes when its checks fail with the expected text (no other failure), and
 * its window ends at the failing cycle, which is its key cycle.
 *
 * Exit codes: 0 written, 1 the case failed its checks (a negative case: it
 * did not fail as expected), 2 bad input or a tool that failed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_cmds.h"
#include "wg_gen.h"
#include "wg_harness.h"
#include "wg_proc.h"
#include "wg_vbuild.h"
#include "wg_wave.h"

#define WAVE_CAP 1000000L   /* a directed case that runs longer has a bug */
#define WAVE_WHOLE 400L     /* a case this short is dumped whole */
#define WAVE_BEFORE 300L    /* else: cycles before the key cycle ... */
#define WAVE_AFTER 99L      /* ... and after it (400 cycles in all) */
#define WAVE_SHORT 100      /* --list: description cut */
#define SNAP_SECONDS 60.0   /* the snapshot's time limit */

/* What the command line asked for, beyond the common options. */
typedef struct wave_req {
	const wg_opts *o;       /* common options */
	int vcd;                /* --vcd */
	int no_png;             /* --no-png */
	char cmd[4096];         /* the command that reproduces the files */
	char sets[2048];        /* its --set arguments (" --set N=V"...) */
} wave_req;

static void usage(const wg_opts *o)
{
	printf("usage: warpgen wave BLOCK --list\n"
	       "       warpgen wave BLOCK --case NAME [--set NAME=VALUE]... [-o DIR] [--vcd] [--no-png] [-q]\n"
	       "Runs a directed case on the traced Verilator build (co-simulated against the C model, with the\n"
	       "case's own checks) and writes it as a waveform scenario into DIR (default out/waves/BLOCK/NAME/):\n"
	       "NAME.fst (the whole case when it is at most %ld cycles, else %ld cycles around its key cycle),\n"
	       "NAME.gtkw (GTKWave save file: inputs, outputs, key state, markers), NAME.png (a snapshot of that\n"
	       "view, rendered headless with xvfb-run + gtkwave + ImageMagick import; skipped with a note when\n"
	       "one is missing, or with --no-png), NAME.vcd (--vcd) and scenario.json.\n"
	       "A negative case (marked in --list) must fail its checks with the expected message: its window\n"
	       "ends at the failing cycle (the key cycle) and scenario.json says \"negative\": true.\n"
	       "exit: 0 written, 1 the case failed its checks (a negative case: did not fail as expected), 2 bad input\n\n",
	       WAVE_WHOLE, WAVE_BEFORE + WAVE_AFTER + 1);
	if (o->block)
		wg_print_params(o->block);
}

/* The first sentence of a description, or a cut at a word near max chars. */
static void short_text(const char *s, char *buf, size_t n, size_t max)
{
	size_t len = strlen(s), cut = len;
	const char *dot = strstr(s, ". ");
	if (dot && (size_t)(dot - s) < max)
		cut = (size_t)(dot - s) + 1;
	else if (len > max) {
		cut = max;
		while (cut > max / 2 && s[cut] != ' ')
			cut--;
	}
	snprintf(buf, n, "%.*s%s", (int)cut, s, cut < len && s[cut - 1] != '.' ? " ..." : "");
}

static void list_cases(const wg_opts *o)
{
	const wg_stim_def *s = o->stim;
	int wn = 4;
	char d[WAVE_SHORT + 16];
	for (int c = 0; c < s->ncases; c++)
		wn = (int)strlen(s->cases[c].name) > wn ? (int)strlen(s->cases[c].name) : wn;
	for (int c = 0; c < s->ncases; c++) {
		short_text(s->cases[c].help, d, sizeof d, WAVE_SHORT);
		printf("%-*s  %s%s\n", wn, s->cases[c].name, d, s->cases[c].expect_fail ? " (negative)" : "");
	}
}

/* 1 when prog is an executable file in PATH. */
static int in_path(const char *prog)
{
	const char *path = getenv("PATH");
	char buf[PATH_MAX];
	for (const char *p = path ? path : ""; *p;) {
		size_t k = strcspn(p, ":");
		snprintf(buf, sizeof buf, "%.*s/%s", (int)k, p, prog);
		if (k && access(buf, X_OK) == 0)
			return 1;
		p += k;
		p += *p == ':';
	}
	return 0;
}

/* The reproducing command: the arguments as given, in a fixed order. */
static void repro_cmd(wave_req *w, int argc, char **argv)
{
	const wg_opts *o = w->o;
	size_t k = 0;
	for (int i = 1; i + 1 < argc && k < sizeof w->sets; i++)
		if (strcmp(argv[i], "--set") == 0)
			k += (size_t)snprintf(w->sets + k, sizeof w->sets - k, " --set %s", argv[++i]);
	size_t u = (size_t)snprintf(w->cmd, sizeof w->cmd, "warpgen wave %s --case %s%s", o->block->name,
				    o->stim->cases[o->case_idx].name, w->sets);
	if (o->outdir && u < sizeof w->cmd)
		u += (size_t)snprintf(w->cmd + u, sizeof w->cmd - u, " -o %s", o->outdir);
	if (w->vcd && u < sizeof w->cmd)
		u += (size_t)snprintf(w->cmd + u, sizeof w->cmd - u, " --vcd");
	if (w->no_png && u < sizeof w->cmd)
		snprintf(w->cmd + u, sizeof w->cmd - u, " --no-png");
}

/* NAME.vcd from NAME.fst with fst2vcd. 0, or -1 after a message. */
static int write_vcd(const char *fst, const char *vcd)
{
	char tmp[PATH_MAX + 32];
	if (!in_path("fst2vcd")) {
		fprintf(stderr, "warpgen wave: --vcd needs fst2vcd (GTKWave's tools) in PATH\n");
		return -1;
	}
	wg_tmp_name(vcd, tmp, sizeof tmp);
	char *argv[] = {"fst2vcd", (char *)fst, "-o", tmp, NULL};
	if (wg_proc_run(argv, -1) != 0 || rename(tmp, vcd) != 0) {
		unlink(tmp);
		fprintf(stderr, "warpgen wave: fst2vcd %s failed\n", fst);
		return -1;
	}
	return 0;
}

/* NAME.png: GTKWave opens the dump and the save file on a virtual screen, a
 * Tcl script fits the window and shells out to ImageMagick `import`. Returns
 * 1 written, 0 skipped (a tool missing: one note), -1 failed (a message). */
static int write_png(const char *dir, const char *fst, const char *gtkw, const char *png, int quiet)
{
	const char *tools[] = {"xvfb-run", "gtkwave", "import"};
	for (size_t t = 0; t < sizeof tools / sizeof tools[0]; t++)
		if (!in_path(tools[t])) {
			if (!quiet)
				printf("  note: no snapshot (%s is not installed)\n", tools[t]);
			return 0;
		}
	char tcl[PATH_MAX + 32], tmp[PATH_MAX + 32], err[512];
	snprintf(tcl, sizeof tcl, "%s/.snap.%ld.tcl", dir, (long)getpid());
	wg_tmp_name(png, tmp, sizeof tmp);
	wg_buf s = {0};
	/* Fit the dump (it holds only the window), let GTKWave draw, grab the
	 * screen without the PNG date/time chunks ("png:": the temporary name
	 * has no .png suffix), quit even when the grab failed. The grab leaves
	 * out the rightmost 16 pixels: the length of the wave pane's vertical
	 * scrollbar thumb depends on when GTKWave updates it (seen in about one
	 * run of three), everything else is the same every run. */
	wg_buf_printf(&s, "gtkwave::/Time/Zoom/Zoom_Full\nupdate\nafter 1500\nupdate\n"
			  "if {[catch {exec import -window root -crop 1264x720+0+0 +repage "
			  "-define png:exclude-chunks=date,time png:%s} msg]} {\n"
			  "  puts stderr $msg\n}\ngtkwave::/File/Quit\n",
		      tmp);
	int rc = wg_write_atomic(tcl, s.s, s.len, err, sizeof err);
	wg_buf_free(&s);
	if (rc != 0) {
		fprintf(stderr, "warpgen wave: %s\n", err);
		return -1;
	}
	/* fixed scrollbars: GTK's overlay scrollbars fade in and out with time */
	char *argv[] = {"env", "GTK_OVERLAY_SCROLLING=0", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24", "gtkwave",
			"-S", tcl, (char *)fst, (char *)gtkw, NULL};
	/* a limit on the whole tree (xvfb-run, Xvfb, gtkwave), which stays in warpgen's group for Ctrl-C */
	int st = wg_proc_wait_limit(wg_proc_start(argv, -1), SNAP_SECONDS, 5);
	unlink(tcl);
	struct stat sb;
	if (st != 0 || stat(tmp, &sb) != 0 || sb.st_size == 0 || rename(tmp, png) != 0) {
		unlink(tmp);
		fprintf(stderr, "warpgen wave: the snapshot failed (xvfb-run gtkwave -S ...: status %d)\n", st);
		return -1;
	}
	return 1;
}

/* scenario.json: what the folder holds and how to make it again. */
static int write_json(const wave_req *w, const char *path, long from, long to, const wg_gtkw_spec *g, int vcd,
		      int png, const char *fail_msg, char *err, size_t n)
{
	const wg_opts *o = w->o;
	const wg_block *b = o->block;
	const wg_case_def *c = &o->stim->cases[o->case_idx];
	wg_buf j = {0};
	wg_buf_printf(&j, "{\n  \"block\": ");
	wg_buf_json_str(&j, b->name);
	wg_buf_printf(&j, ",\n  \"case\": ");
	wg_buf_json_str(&j, c->name);
	wg_buf_printf(&j, ",\n  \"description\": ");
	wg_buf_json_str(&j, c->help);
	wg_buf_printf(&j, ",\n  \"spec\": ");
	wg_buf_json_str(&j, c->spec_ref ? c->spec_ref : "");
	wg_buf_printf(&j, ",\n  \"parameters\": ");
	wg_json_params(&j, b->params, b->nparams, o->p);
	wg_buf_printf(&j, ",\n  \"command\": ");
	wg_buf_json_str(&j, w->cmd);
	wg_buf_printf(&j, ",\n  \"focus\": ");
	wg_buf_json_str(&j, c->focus ? c->focus : "");
	wg_buf_printf(&j, ",\n  \"window\": [%ld, %ld],\n  \"markers\": [", from, to);
	for (int m = 0; m < g->nmarkers; m++) {
		wg_buf_printf(&j, "%s{\"cycle\": %ld, \"name\": ", m ? ", " : "", g->markers[m].cycle);
		wg_buf_json_str(&j, g->markers[m].name);
		wg_buf_printf(&j, "}");
	}
	wg_buf_printf(&j, "],\n  \"files\": {\"fst\": \"%s.fst\", \"gtkw\": \"%s.gtkw\", \"png\": ", c->name, c->name);
	if (png)
		wg_buf_printf(&j, "\"%s.png\"", c->name);
	else
		wg_buf_printf(&j, "null");
	if (vcd)
		wg_buf_printf(&j, ", \"vcd\": \"%s.vcd\"", c->name);
	wg_buf_printf(&j, "},\n  \"check\": ");
	if (c->expect_fail) {
		char check[sizeof ((wg_harness_res *)0)->msg + 32];
		snprintf(check, sizeof check, "expected failure: %s", fail_msg);
		wg_buf_json_str(&j, check);
	} else
		wg_buf_printf(&j, "\"pass\"");
	wg_buf_printf(&j, ",\n  \"negative\": %s\n}\n", c->expect_fail ? "true" : "false");
	int rc = wg_write_atomic(path, j.s, j.len, err, n);
	wg_buf_free(&j);
	return rc;
}

/* The case failed: one clear line, exit 1 (2 when the stimulus refused the set). */
static int failed(const wave_req *w, const wg_harness_res *r)
{
	const wg_opts *o = w->o;
	const char *name = o->stim->cases[o->case_idx].name;
	if (r->verdict == WG_V_SETUP)
		wg_die("wave", 2, "%s", r->msg);
	fprintf(stderr,
		"warpgen wave: FAIL: %s case %s: %s at cycle %ld%s%s (the full report: warpgen cosim %s --case %s%s)\n",
		o->block->name, name, wg_verdict_name(r->verdict), r->fail_cycle, r->msg[0] ? ": " : "", r->msg,
		o->block->name, name, w->sets);
	return 1;
}

/* A negative case: 1 when the run failed its checks with the expected text (a check, or the
 * protocol check where the case presents a protocol violation on purpose); else 0 after one
 * clear FAIL line. */
static int failed_as_expected(const wave_req *w, const wg_harness_res *r)
{
	const wg_opts *o = w->o;
	const wg_case_def *c = &o->stim->cases[o->case_idx];
	if (r->verdict == WG_V_SETUP)
		wg_die("wave", 2, "%s", r->msg);
	if ((r->verdict == WG_V_CHECK || r->verdict == WG_V_PROTOCOL) && strstr(r->msg, c->expect_fail))
		return 1;
	if (r->verdict == WG_V_PASS)
		fprintf(stderr, "warpgen wave: FAIL: %s case %s: a negative case passed, but its checks must fail with '%s'\n",
			o->block->name, c->name, c->expect_fail);
	else
		fprintf(stderr,
			"warpgen wave: FAIL: %s case %s: a negative case must fail its checks with '%s', but: %s at cycle "
			"%ld%s%s (the full report: warpgen cosim %s --case %s%s)\n",
			o->block->name, c->name, c->expect_fail, wg_verdict_name(r->verdict), r->fail_cycle,
			r->msg[0] ? ": " : "", r->msg, o->block->name, c->name, w->sets);
	return 0;
}

/* A negative case's key cycle: the failing cycle (a failure found after the
 * last cycle, in finish(), is put on the last one). */
static long fail_key(const wg_harness_res *r)
{
	return r->fail_cycle >= 0 && r->fail_cycle < r->cycles ? r->fail_cycle : r->cycles - 1;
}

/* Markers: the case's key cycle (first: GTKWave's cursor opens there), and
 * the first compared cycle (reset released) when the window shows it. */
static void markers(wg_gtkw_spec *g, const wg_opts *o, const wg_harness_res *r, long from, long to)
{
	if (r->key_cycle >= from && r->key_cycle <= to) {
		const wg_case_def *c = &o->stim->cases[o->case_idx];
		g->markers[g->nmarkers].cycle = r->key_cycle;
		snprintf(g->markers[g->nmarkers++].name, sizeof g->markers[0].name, "%s: %s%s%s",
			 c->expect_fail ? "key: the check fails" : "key", c->name, c->spec_ref ? " " : "",
			 c->spec_ref ? c->spec_ref : "");
	}
	if (r->armed_at >= from && r->armed_at <= to && r->armed_at != r->key_cycle) {
		g->markers[g->nmarkers].cycle = r->armed_at;
		snprintf(g->markers[g->nmarkers++].name, sizeof g->markers[0].name,
			 "reset released: outputs compared from here");
	}
}

/* No partial scenario: remove whatever this run wrote. Returns 2. */
static int give_up(const char *const *outs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		unlink(outs[i]);
	return 2;
}

static int run(wave_req *w)
{
	const wg_opts *o = w->o;
	const wg_case_def *c = &o->stim->cases[o->case_idx];
	char err[1024], dir[PATH_MAX - 256], fst[PATH_MAX], gtkw[PATH_MAX], vcd[PATH_MAX], png[PATH_MAX],
		js[PATH_MAX], config[1024], title[2048];
	{ /* the stimulus refuses the configuration before any folder or build: one line, exit 2 */
		wg_layout pl;
		wg_layout_init(&pl, o->block, o->p);
		if (wg_harness_precheck(o->stim, o->p, &pl, o->knobs, o->case_idx, o->seed, err, sizeof err))
			wg_die("wave", 2, "%s", err);
	}
	wg_contra_say(o);
	if (o->outdir)
		wg_abs_path(o->outdir, dir, sizeof dir);
	else
		snprintf(dir, sizeof dir, "%s/waves/%s/%s", wg_out_dir(), o->block->name, c->name);
	if (wg_mkdirs(dir, err, sizeof err) != 0)
		wg_die("wave", 2, "%s", err);
	snprintf(fst, sizeof fst, "%s/%s.fst", dir, c->name);
	snprintf(gtkw, sizeof gtkw, "%s/%s.gtkw", dir, c->name);
	snprintf(vcd, sizeof vcd, "%s/%s.vcd", dir, c->name);
	snprintf(png, sizeof png, "%s/%s.png", dir, c->name);
	snprintf(js, sizeof js, "%s/scenario.json", dir);
	/* a failing case must not leave an older scenario of the same name behind */
	const char *const outs[] = {fst, gtkw, vcd, png, js};
	const size_t nouts = sizeof outs / sizeof outs[0];
	give_up(outs, nouts);

	wg_layout *L = wg_xcalloc(sizeof *L);
	wg_layout_init(L, o->block, o->p);
	wg_config_name(o->block, o->p, 0, config, sizeof config);
	wg_vbuild_req rq = {.block = o->block, .p = o->p, .L = L, .top = o->top, .flavour = WG_FLAVOUR_FST,
			    .quiet = o->quiet};
	wg_vbuild_res rs = {0};
	wg_dut_lib lib;
	if (wg_vbuild_load(&rq, &rs, &lib) != 0)
		return 2;
	wg_harness_cfg cfg = {.b = o->block, .stim = o->stim, .p = o->p, .knobs = o->knobs, .L = L,
			      .case_idx = o->case_idx, .seed = o->seed, .max_cycles = WAVE_CAP, .directed_cap_fails = 1,
			      .dut = &lib, .trace_from = -1, .trace_to = -1};
	wg_harness_res r1, r2;
	if (wg_harness_run(&cfg, &r1) != 0)
		wg_die("wave", 2, "cannot create the Verilated model");
	if (c->expect_fail) {
		if (!failed_as_expected(w, &r1))
			return 1;
		r1.key_cycle = fail_key(&r1);
	} else if (r1.verdict != WG_V_PASS)
		return failed(w, &r1);
	long from = 0, to = r1.cycles - 1;
	if (r1.cycles > WAVE_WHOLE) {
		long k = r1.key_cycle >= 0 ? r1.key_cycle : r1.cycles - 1 - WAVE_AFTER;
		from = k - WAVE_BEFORE > 0 ? k - WAVE_BEFORE : 0;
		to = from + WAVE_BEFORE + WAVE_AFTER < r1.cycles - 1 ? from + WAVE_BEFORE + WAVE_AFTER : r1.cycles - 1;
	}
	if (c->expect_fail && to > r1.key_cycle) /* the window ends at the failing cycle */
		to = r1.key_cycle;
	cfg.trace_from = from;
	cfg.trace_to = to;
	if (wg_wave_run(&cfg, fst, &r2) != 0)
		wg_die("wave", 2, "cannot create the Verilated model");
	if (c->expect_fail) {
		if (r2.verdict != r1.verdict || r2.fail_cycle != r1.fail_cycle || strcmp(r2.msg, r1.msg) != 0) {
			give_up(outs, nouts);
			wg_die("wave", 2, "the traced run of the negative case differs from the checked run (%s at cycle %ld: %s)",
			       wg_verdict_name(r2.verdict), r2.fail_cycle, r2.msg);
		}
		r2.key_cycle = fail_key(&r2);
	} else if (r2.verdict != WG_V_PASS) {
		give_up(outs, nouts);
		return failed(w, &r2);
	}
	if (!r2.traced || r2.cycles != r1.cycles || r2.key_cycle != r1.key_cycle) {
		give_up(outs, nouts);
		wg_die("wave", 2, "the traced run %s (%ld cycles, key %ld; first run %ld, key %ld)",
		       r2.traced ? "differs from the checked run" : "wrote no waveform", r2.cycles, r2.key_cycle,
		       r1.cycles, r1.key_cycle);
	}

	wg_trace_names *names = wg_trace_names_of_build(rs.dir, o->top, o->block);
	snprintf(title, sizeof title, "%s %s case %s%s%s: cycles %ld..%ld of %ld%s", o->block->name, config, c->name,
		 c->spec_ref ? " " : "", c->spec_ref ? c->spec_ref : "", from, to, r1.cycles,
		 c->expect_fail ? " (negative: its check fails at the last cycle)" : "");
	wg_gtkw_spec g = {.b = o->block, .L = L, .top = o->top, .title = title, .about = c->help, .fst = fst,
			  .gtkw = gtkw, .from = from, .to = to, .names = names, .focus = c->focus};
	markers(&g, o, &r1, from, to);
	int rc = wg_gtkw_write(&g, err, sizeof err);
	free(names);
	if (rc != 0) {
		fprintf(stderr, "warpgen wave: %s\n", err);
		return give_up(outs, nouts);
	}
	if (w->vcd && write_vcd(fst, vcd) != 0)
		return give_up(outs, nouts);
	int pngd = 0;
	if (!w->no_png && (pngd = write_png(dir, fst, gtkw, png, o->quiet)) < 0)
		return give_up(outs, nouts);
	if (write_json(w, js, from, to, &g, w->vcd, pngd, r1.msg, err, sizeof err) != 0) {
		fprintf(stderr, "warpgen wave: %s\n", err);
		return give_up(outs, nouts);
	}
	printf("PASS wave %s %s case %s: %ld cycles, window %ld..%ld", o->block->name, config, c->name, r1.cycles, from,
	       to);
	if (r1.key_cycle >= 0)
		printf(", key cycle %ld", r1.key_cycle);
	if (c->expect_fail)
		printf("; negative case, failed as expected: %s", r1.msg);
	printf("\n");
	if (!o->quiet)
		printf("  files: %s/ %s.fst %s.gtkw%s%s%s%s%s scenario.json\n  open: gtkwave %s\n", dir, c->name, c->name,
		       w->vcd ? " " : "", w->vcd ? c->name : "", w->vcd ? ".vcd" : "", pngd ? " " : "",
		       pngd ? strrchr(png, '/') + 1 : "", gtkw);
	wg_harness_res_free(&r1);
	wg_harness_res_free(&r2);
	free(L);
	return 0;
}

int wg_cmd_wave(int argc, char **argv)
{
	wg_opts o;
	wave_req w = {.o = &o};
	int ac = 0;
	char **av = wg_xcalloc((size_t)(argc + 1) * sizeof *av);
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--vcd") == 0)
			w.vcd = 1;
		else if (strcmp(argv[i], "--no-png") == 0)
			w.no_png = 1;
		else
			av[ac++] = argv[i];
	}
	wg_opts_parse(&o, "wave", ac, av, WG_OPT_SET | WG_OPT_CASE | WG_OPT_OUT | WG_OPT_LIST | WG_OPT_QUIET);
	if (o.help) {
		usage(&o);
		free(av);
		return 0;
	}
	if (!o.stim)
		wg_die("wave", 2, "%s has no stimulus generator, so no directed cases", o.block->name);
	if (o.list) {
		list_cases(&o);
		free(av);
		return 0;
	}
	if (o.case_idx < 0)
		wg_die("wave", 2, "--case NAME is required (`warpgen wave %s --list` shows them)", o.block->name);
	repro_cmd(&w, ac, av);
	int rc = run(&w);
	free(av);
	return rc;
}
