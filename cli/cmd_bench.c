/* cmd_bench.c - `warpgen bench BLOCK`: how fast are the Verilated model
 * alone, the C model alone and the whole co-simulation (the plain loop and the
 * pipelined loop), on the same input frames; with --coverage also the
 * co-simulation on the coverage build (the cov flavour: line and toggle
 * counters, its data written at the end), so that what coverage costs is a
 * ratio measured side by side. Then the Verilated model and both loops again
 * beside a second job: another process running plain-loop co-simulations of the
 * same block, as a regression runs one job per core. Three interleaved rounds,
 * median of each; CLOCK_MONOTONIC (and the process's CPU time of the loops).
 * Also the Verilator build time of the configuration (this run's, or its
 * cache's build.log). */
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_covdat.h"
#include "wg_cmds.h"
#include "wg_gen.h"
#include "wg_harness.h"
#include "wg_root.h"
#include "wg_vbuild.h"
#include "wg_vtool.h"

#define BENCH_CYCLES 200000L
#define ROUNDS 3
/* measurements: alone (no job of ours beside them), then beside a second job */
enum { K_RTL, K_MODEL, K_COSIM, K_COV, K_PIPE, K_RTL2, K_COSIM2, K_PIPE2, NK };

typedef struct bench {
	const wg_opts *o;       /* command line */
	const wg_layout *L;     /* frame layout */
	long n;                 /* cycles */
	uint32_t *frames;       /* n pre-generated input frames */
	const wg_dut_lib *lib;  /* the Verilated model */
	const wg_dut_lib *cov;  /* --coverage: the coverage build of the same configuration, or NULL */
	uint32_t sink;          /* folds outputs in, so no loop is optimised away */
	double pregen_s;        /* time of the pre-generation (stimulus + C model) */
	double build_wall;      /* Verilator build of the fast model: wall seconds, -1 unknown */
	double build_cpu;       /* ... and its CPU seconds, -1 unknown */
	int build_cached;       /* 1: found in the cache (the times are its build.log's) */
} bench;

static void *big_alloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);
	if (!p)
		wg_die("bench", 3, "out of memory for %zu bytes of input frames (use a smaller --cycles)", n);
	return p;
}

/* Stimulus + C model stepping, untimed: the inputs every measurement uses. */
static void pregenerate(bench *B)
{
	const wg_opts *o = B->o;
	const wg_layout *L = B->L;
	char err[512];
	size_t nin = (size_t)L->nwords[WG_IN];
	void *model = big_alloc(o->block->model_size(o->p));
	void *st = big_alloc(o->stim->size(o->p));
	uint32_t *out = big_alloc((size_t)L->nwords[WG_OUT] * sizeof *out);
	o->block->model_init(model, o->p, L);
	if (o->stim->init(st, o->p, L, o->knobs, -1, o->seed, err, sizeof err))
		wg_die("bench", 2, "%s", err);
	B->frames = big_alloc((size_t)B->n * nin * sizeof *B->frames);
	double t0 = wg_now();
	for (long c = 0; c < B->n; c++) {
		uint32_t *in = B->frames + (size_t)c * nin;
		if (!o->stim->next(st, model, in, c))
			wg_die("bench", 1, "internal error: the random stimulus ended at cycle %ld", c);
		if (o->block->model_eval(model, in, out, err, sizeof err) != 0)
			wg_die("bench", 1, "internal error: cycle %ld: the stimulus broke the protocol: %s", c, err);
		if (o->stim->observe)
			o->stim->observe(st, model, in, out, c);
		/* as the harness's loop: a stimulus's check may keep state its next cycle reads (slg's held
		   accesses) */
		const char *msg = o->stim->check ? o->stim->check(st, model, in, out, c, err, sizeof err) : NULL;
		if (msg)
			wg_die("bench", 1, "internal error: cycle %ld: the stimulus's own check failed: %s", c, msg);
		o->block->model_tick(model, in);
	}
	B->pregen_s = wg_now() - t0;
	free(model);
	wg_stim_release(o->stim, st);
	free(out);
}

static double time_rtl(bench *B)
{
	size_t nin = (size_t)B->L->nwords[WG_IN];
	uint32_t *out = big_alloc((size_t)B->L->nwords[WG_OUT] * sizeof *out);
	wg_shim *s = wg_dut_create(B->lib, B->o->seed);
	if (!s)
		wg_die("bench", 2, "cannot create the Verilated model");
	double t0 = wg_now();
	for (long c = 0; c < B->n; c++) {
		B->lib->set_inputs(s, B->frames + (size_t)c * nin);
		B->lib->eval(s);
		B->lib->get_outputs(s, out);
		B->lib->tick(s);
		B->sink ^= out[0];
	}
	double t = wg_now() - t0;
	B->lib->destroy(s);
	free(out);
	return t;
}

static double time_model(bench *B)
{
	const wg_block *b = B->o->block;
	size_t nin = (size_t)B->L->nwords[WG_IN];
	char err[256];
	uint32_t *out = big_alloc((size_t)B->L->nwords[WG_OUT] * sizeof *out);
	void *m = big_alloc(b->model_size(B->o->p));
	b->model_init(m, B->o->p, B->L);
	double t0 = wg_now();
	for (long c = 0; c < B->n; c++) {
		const uint32_t *in = B->frames + (size_t)c * nin;
		b->model_eval(m, in, out, err, sizeof err);
		b->model_tick(m, in);
		B->sink ^= out[0];
	}
	double t = wg_now() - t0;
	free(m);
	free(out);
	return t;
}

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* One co-simulation of the bench's cycles with the given loop: its wall seconds; *cpu its CPU
 * seconds (all the process's threads), when cpu is not NULL. */
static double time_cosim(bench *B, const wg_dut_lib *lib, wg_loop loop, wg_verdict *v, double *cpu)
{
	const wg_opts *o = B->o;
	wg_harness_cfg cfg = {.b = o->block, .stim = o->stim, .p = o->p, .knobs = o->knobs, .L = B->L, .case_idx = -1,
			      .seed = o->seed, .max_cycles = B->n, .dut = lib, .trace_from = -1, .trace_to = -1,
			      .loop = loop};
	wg_harness_res r;
	double c0 = cpu_now();
	if (wg_harness_run(&cfg, &r) != 0)
		wg_die("bench", 2, "cannot create the Verilated model");
	if (cpu)
		*cpu = cpu_now() - c0;
	if (r.verdict != WG_V_PASS)
		*v = r.verdict;
	double t = r.seconds;
	wg_harness_res_free(&r);
	return t;
}

/* The second job: a process that runs plain-loop co-simulations of the same block (another seed)
 * one after the other until it is killed, or until this process has gone (checked between runs). */
static pid_t second_job(bench *B)
{
	fflush(NULL);
	pid_t parent = getpid(), pid = fork();
	if (pid != 0)
		return pid;
	const wg_opts *o = B->o;
	wg_harness_cfg cfg = {.b = o->block, .stim = o->stim, .p = o->p, .knobs = o->knobs, .L = B->L, .case_idx = -1,
			      .seed = o->seed + 1, .max_cycles = B->n, .dut = B->lib, .trace_from = -1,
			      .trace_to = -1, .loop = WG_LOOP_PLAIN};
	while (getppid() == parent) {
		wg_harness_res r;
		if (wg_harness_run(&cfg, &r) != 0)
			_exit(1);
		wg_harness_res_free(&r);
	}
	_exit(0);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v)
{
	double s[ROUNDS];
	memcpy(s, v, sizeof s);
	qsort(s, ROUNDS, sizeof *s, cmp_double);
	return s[ROUNDS / 2];
}

/* a / b, or 0 when b is 0 (a run too short to time): JSON has no inf. */
static double ratio(double a, double b)
{
	return b > 0 ? a / b : 0;
}

static void write_json(const bench *B, const char *cfgname, const double cps[NK], const double t[NK][ROUNDS],
		       const double cpu[NK][ROUNDS], const char *path)
{
	const wg_opts *o = B->o;
	static const char *const key[NK] = {"verilator_alone", "c_model_alone", "cosim", "cosim_coverage",
					    "cosim_pipelined", "beside_job_verilator_alone", "beside_job_cosim",
					    "beside_job_cosim_pipelined"};
	char err[512];
	wg_buf j = {0};
	wg_json_result_head(&j, o->block->name, cfgname);
	wg_buf_printf(&j, ",\n  \"seed\": %llu,\n  \"cycles\": %ld,\n  \"rounds\": %d,\n  \"cycles_per_s\": {",
		      (unsigned long long)o->seed, B->n, ROUNDS);
	for (int k = 0, sep = 0; k < NK; k++)
		if (k != K_COV || B->cov)
			wg_buf_printf(&j, "%s\"%s\": %.0f", sep++ ? ", " : "", key[k], cps[k]);
	wg_buf_printf(&j, "},\n  \"seconds\": {");
	for (int k = 0, sep = 0; k < NK; k++) {
		if (k == K_COV && !B->cov)
			continue;
		wg_buf_printf(&j, "%s\"%s\": [", sep++ ? ", " : "", key[k]);
		for (int r = 0; r < ROUNDS; r++)
			wg_buf_printf(&j, "%s%.6f", r ? ", " : "", t[k][r]);
		wg_buf_printf(&j, "]");
	}
	wg_buf_printf(&j, "},\n  \"cpu_seconds\": {");
	for (int k = 0, sep = 0; k < NK; k++) {
		if (k != K_COSIM && k != K_PIPE && k != K_COSIM2 && k != K_PIPE2)
			continue;
		wg_buf_printf(&j, "%s\"%s\": [", sep++ ? ", " : "", key[k]);
		for (int r = 0; r < ROUNDS; r++)
			wg_buf_printf(&j, "%s%.6f", r ? ", " : "", cpu[k][r]);
		wg_buf_printf(&j, "]");
	}
	wg_buf_printf(&j, "},\n  \"pregeneration_cycles_per_s\": %.0f", (double)B->n / B->pregen_s);
	if (B->build_wall >= 0)
		wg_buf_printf(&j, ",\n  \"verilator_build\": {\"wall_s\": %.1f, \"cpu_s\": %.1f, \"cached\": %s}",
			      B->build_wall, B->build_cpu, B->build_cached ? "true" : "false");
	else
		wg_buf_printf(&j, ",\n  \"verilator_build\": null");
	wg_buf_printf(&j, ",\n  \"ratio_cosim_vs_verilator\": %.4f,\n  \"ratio_c_model_vs_verilator\": %.4f",
		      ratio(cps[K_COSIM], cps[K_RTL]), ratio(cps[K_MODEL], cps[K_RTL]));
	wg_buf_printf(&j, ",\n  \"ratio_cosim_pipelined_vs_verilator\": %.4f", ratio(cps[K_PIPE], cps[K_RTL]));
	wg_buf_printf(&j, ",\n  \"beside_job_ratio_cosim_vs_verilator\": %.4f", ratio(cps[K_COSIM2], cps[K_RTL2]));
	wg_buf_printf(&j, ",\n  \"beside_job_ratio_cosim_pipelined_vs_verilator\": %.4f", ratio(cps[K_PIPE2], cps[K_RTL2]));
	if (B->cov)
		wg_buf_printf(&j, ",\n  \"ratio_coverage_vs_cosim\": %.4f", ratio(cps[K_COV], cps[K_COSIM]));
	wg_buf_printf(&j, "\n}\n");
	if (wg_write_atomic(path, j.s, j.len, err, sizeof err) != 0)
		fprintf(stderr, "warpgen bench: %s\n", err);
	wg_buf_free(&j);
}

/* The coverage build's library (its data written to a scratch file at each destroy), or -1. */
static int load_cov(const wg_opts *o, const wg_layout *L, wg_dut_lib *lib, char *scratch, size_t n)
{
	wg_vbuild_req rq = {.block = o->block, .p = o->p, .L = L, .top = o->top, .flavour = WG_FLAVOUR_COV};
	wg_vbuild_res rs;
	if (wg_vbuild_load(&rq, &rs, lib) != 0)
		return -1;
	int (*cov_file)(const char *path);
	void *sym = dlsym(lib->so, "wg_shim_cov_file");
	memcpy(&cov_file, &sym, sizeof cov_file);
	snprintf(scratch, n, "%s/bench-coverage-%ld.dat", wg_out_dir(), (long)getpid());
	if (!sym || cov_file(scratch) != 0) {
		fprintf(stderr, "warpgen bench: --coverage: %s has no coverage writer (stale build?)\n", rs.lib);
		return -1;
	}
	return 0;
}

int wg_cmd_bench(int argc, char **argv)
{
	wg_opts o;
	int coverage = 0, na = 0;
	char **av = wg_xcalloc((size_t)(argc + 1) * sizeof *av);
	for (int i = 0; i < argc; i++) /* --coverage is this command's own */
		if (strcmp(argv[i], "--coverage") == 0)
			coverage = 1;
		else
			av[na++] = argv[i];
	wg_opts_parse(&o, "bench", na, av, WG_OPT_SET | WG_OPT_SEED | WG_OPT_CYCLES | WG_OPT_KNOB | WG_OPT_JSON | WG_OPT_QUIET);
	free(av); /* (o keeps the strings, which are argv's) */
	if (o.help) {
		printf("usage: warpgen bench BLOCK [--set NAME=VALUE]... [--cycles N] [--seed S] [--knob N=V]... [--coverage] [--json FILE]\n"
		       "Cycles/s of (a) the Verilated model alone, (b) the C model alone, (c) the co-simulation's plain\n"
		       "loop, (p) its pipelined loop, with --coverage (d) the plain loop on the coverage build of the same\n"
		       "configuration (warpgen cosim --coverage's model), on the same %ld pre-generated random input\n"
		       "frames (default); then (a), (c) and (p) again beside a second job (another process running\n"
		       "plain-loop co-simulations of the block, as a regression runs one job per core). Median of %d\n"
		       "interleaved rounds.\n\n",
		       BENCH_CYCLES, ROUNDS);
		if (o.block)
			wg_print_params(o.block);
		return 0;
	}
	if (!o.stim)
		wg_die("bench", 2, "%s has no stimulus generator", o.block->name);
	if (!o.stim)
		wg_die("bench", 2, "%s has no stimulus generator", o.block->name);
	wg_layout L;
	wg_layout_init(&L, o.block, o.p);
	char cfgname[1024];
	wg_config_name(o.block, o.p, 0, cfgname, sizeof cfgname);
	bench B = {.o = &o, .L = &L, .n = o.cycles >= 0 ? o.cycles : BENCH_CYCLES};
	if (B.n < 1)
		wg_die("bench", 2, "--cycles must be at least 1");
	wg_vbuild_req rq = {.block = o.block, .p = o.p, .L = &L, .top = o.top, .flavour = WG_FLAVOUR_FAST};
	wg_vbuild_res rs;
	wg_dut_lib lib;
	if (wg_vbuild_load(&rq, &rs, &lib) != 0)
		return 2;
	B.lib = &lib;
	B.build_cached = !rs.built;
	if (wg_vbuild_build_time(rs.dir, &B.build_wall, &B.build_cpu) != 0)
		B.build_wall = B.build_cpu = -1;
	wg_dut_lib cov_lib;
	char scratch[4096] = "";
	if (coverage && load_cov(&o, &L, &cov_lib, scratch, sizeof scratch) != 0)
		return 2;
	B.cov = coverage ? &cov_lib : NULL;
	pregenerate(&B);

	double t[NK][ROUNDS] = {{0}}, cpu[NK][ROUNDS] = {{0}}, cps[NK] = {0};
	wg_verdict v = WG_V_PASS, vc = WG_V_PASS;
	for (int r = 0; r < ROUNDS; r++) {
		t[K_RTL][r] = time_rtl(&B);
		t[K_MODEL][r] = time_model(&B);
		t[K_COSIM][r] = time_cosim(&B, B.lib, WG_LOOP_PLAIN, &v, &cpu[K_COSIM][r]);
		t[K_PIPE][r] = time_cosim(&B, B.lib, WG_LOOP_PIPELINED, &v, &cpu[K_PIPE][r]);
		if (B.cov)
			t[K_COV][r] = time_cosim(&B, B.cov, WG_LOOP_PLAIN, &vc, NULL);
	}
	pid_t job = second_job(&B);
	for (int r = 0; r < ROUNDS && job > 0; r++) {
		t[K_RTL2][r] = time_rtl(&B);
		t[K_COSIM2][r] = time_cosim(&B, B.lib, WG_LOOP_PLAIN, &v, &cpu[K_COSIM2][r]);
		t[K_PIPE2][r] = time_cosim(&B, B.lib, WG_LOOP_PIPELINED, &v, &cpu[K_PIPE2][r]);
	}
	if (job > 0) {
		kill(job, SIGKILL);
		waitpid(job, NULL, 0);
	}
	if (scratch[0]) {
		unlink(scratch);
		char mark[4096 + 8]; /* the cov shim's counters at the first reset edge */
		snprintf(mark, sizeof mark, "%s" WG_COVDAT_MARK, scratch);
		unlink(mark);
	}
	for (int k = 0; k < NK; k++)
		cps[k] = B.cov || k != K_COV ? ratio((double)B.n, median(t[k])) : 0;
	printf("bench %s %s seed=%llu cycles=%ld (median of %d interleaved rounds)\n", o.block->name, cfgname,
	       (unsigned long long)o.seed, B.n, ROUNDS);
	printf("  (a) Verilated model alone  %8.2f M cycles/s\n", cps[K_RTL] / 1e6);
	printf("  (b) C model alone          %8.2f M cycles/s   (b)/(a) = %.2f\n", cps[K_MODEL] / 1e6,
	       ratio(cps[K_MODEL], cps[K_RTL]));
	printf("  (c) co-simulation          %8.2f M cycles/s   (c)/(a) = %.2f   (plain loop)\n", cps[K_COSIM] / 1e6,
	       ratio(cps[K_COSIM], cps[K_RTL]));
	printf("  (p) pipelined loop         %8.2f M cycles/s   (p)/(a) = %.2f   CPU-s a cycle %.2f x (c)'s\n",
	       cps[K_PIPE] / 1e6, ratio(cps[K_PIPE], cps[K_RTL]), ratio(median(cpu[K_PIPE]), median(cpu[K_COSIM])));
	if (B.cov)
		printf("  (d) cosim, coverage build  %8.2f M cycles/s   (d)/(c) = %.2f\n", cps[K_COV] / 1e6,
		       ratio(cps[K_COV], cps[K_COSIM]));
	printf("  beside a second job (plain-loop co-simulations of %s in another process):\n", o.block->name);
	printf("  (a) Verilated model alone  %8.2f M cycles/s\n", cps[K_RTL2] / 1e6);
	printf("  (c) co-simulation          %8.2f M cycles/s   (c)/(a) = %.2f   (plain loop)\n", cps[K_COSIM2] / 1e6,
	       ratio(cps[K_COSIM2], cps[K_RTL2]));
	printf("  (p) pipelined loop         %8.2f M cycles/s   (p)/(a) = %.2f   CPU-s a cycle %.2f x (c)'s\n",
	       cps[K_PIPE2] / 1e6, ratio(cps[K_PIPE2], cps[K_RTL2]), ratio(median(cpu[K_PIPE2]), median(cpu[K_COSIM2])));
	printf("  (pre-generation, once: stimulus + C model %.2f M cycles/s)\n", (double)B.n / B.pregen_s / 1e6);
	if (B.build_wall >= 0)
		printf("  (Verilator build of this configuration%s: %.1f s wall, %.1f CPU-s)\n",
		       B.build_cached ? ", from its cache's build.log" : "", B.build_wall, B.build_cpu);
	else
		printf("  (Verilator build of this configuration: not recorded in its cache, built before warpgen kept it)\n");
	if (v != WG_V_PASS || vc != WG_V_PASS)
		printf("  note: the co-simulation did not pass (%s%s%s): run `warpgen cosim` for the report\n",
		       wg_verdict_name(v != WG_V_PASS ? v : vc), v != WG_V_PASS ? "" : ", coverage build",
		       v != WG_V_PASS && vc != WG_V_PASS ? " and the coverage build" : "");
	if (o.json)
		write_json(&B, cfgname, cps, (const double(*)[ROUNDS])t, (const double(*)[ROUNDS])cpu, o.json);
	free(B.frames);
	return v == WG_V_PASS && vc == WG_V_PASS ? 0 : 1;
}
