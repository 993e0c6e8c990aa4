/* sm_slg_stats.c - `warpgen stats sm_slg`: the paper's x.y.z grid (Jooya &
 * Baniasadi DATE'13 §IV-B, spec B12) on the synthetic shader of
 * sm_slg_env.h, C models only, each scenario against the ENABLE=0 baseline
 * on the same seed and streams, per profile (P2 Table II). Prints per
 * scenario the slowdown, the RF leakage power and energy saved (B11), the
 * residency per mode and the measured stall per wake beside max(0, wake - z);
 * then the checks (sm_slg_grid.c). docs/sm_slg.md "Statistics".
 *
 * Exit codes: 0, 1 when a check failed, 2 bad input. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "sm_slg_grid.h"
#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_stats.h"
#include "wg_vtool.h"

#define SST_CYCLES 4000000L  /* cap per run */
#define SST_QUICK_WORK 8192  /* --quick: run budget in warp-instructions per SM (knob WORK) */

static void usage(void)
{
	printf("usage: warpgen stats sm_slg [--profile NAME] [--quick] [--front INORDER|WARP|BOTH] [--cycles N] [--seed S]\n"
	       "                            [--set NAME=VALUE]... [--knob NAME=VALUE]... [--json FILE] [--jobs N] [-q]\n"
	       "Runs P2's x.y.z grid on the synthetic shader of cosim/sm_slg/sm_slg_env.h (C models only): the 18\n"
	       "(x, y) pairs with x < y of x in {3,4,5,13,24}, y in {4,5,6,7,17,35}, and x.y = 1.2 (B12), at\n"
	       "z in {3,5,10,20}, each against the ENABLE=0 baseline on the same seed and streams, per profile of P2\n"
	       "Table II. Prints the slowdown, the register-file leakage power and energy saved (B11: every region\n"
	       "in the denominator, over the run's own time), the residency per mode and the stall per wake beside\n"
	       "max(0, wake - z); then checks P2 Table III exactly and the largest saving <= 22 %% + 5 points on\n"
	       "every front end, and P2's claims (loss more sensitive to x than to y; no loss increase beyond %.1f\n"
	       "point from a z to a larger one) on the in-order front end they are made for.\n"
	       "  --profile NAME  DYNPROC, SCAN, GAUSSIAN, LPS, BACKPROP or SRAD (default: all six)\n"
	       "  --front F       INORDER (a waking read stalls the in-order front end, P2's reasoning), WARP (it holds up\n"
	       "                  its warp only, spec B4) or BOTH (default)\n"
	       "  --quick         6 pairs + 1.2 at z = 3, 10, runs shortened (knob WORK=%d)\n"
	       "  --cycles N      cap per run (default %ld); a run that has not finished fails\n"
	       "  --seed S        stream seed (default 1)\n"
	       "  --set NAME=V    block parameters (WARPS, CTAS, COUNT, ENTER_DELAY; X, Y, ENABLE are the grid's)\n"
	       "  --knob NAME=V   environment knobs (Z and PROFILE are the grid's; LOOP=0, RESET_PPM=0 here)\n"
	       "  --json FILE     every scenario's figures and the verdicts as JSON\n"
	       "  --jobs N        runs in parallel (default: the processors online)\n"
	       "  -q              no per-scenario lines\n"
	       "exit: 0, 1 a check failed, 2 bad input\n",
	       100 * SST_Z_TOL, SST_QUICK_WORK, SST_CYCLES);
}

/* "1..2" of the stalls the oracle gives for the records of a kind, and the measured range. */
static void stall_cell(const sst_run *r, const wg_pm_table *pm0, int kind, char *buf, size_t n)
{
	wg_pm_table pm = *pm0;
	char err[200];
	wg_pm_set_wake(&pm, r->x, r->y, pm0->m[WG_PM_GATED].wake_cycles, err, sizeof err);
	uint64_t cnt = 0;
	long mmin = 1L << 30, mmax = -1, rmin = 1L << 30, rmax = -1;
	for (int t = 0; t < SSE_MAX_T; t++) {
		const sse_wrec *q = &r->env.rd[kind][t];
		if (!q->n)
			continue;
		int want = wg_pm_penalty(sst_oracle_wake(&pm, kind, t), r->z);
		cnt += q->n;
		mmin = q->smin < mmin ? q->smin : mmin;
		mmax = q->smax > mmax ? q->smax : mmax;
		rmin = want < rmin ? want : rmin;
		rmax = want > rmax ? want : rmax;
	}
	if (!cnt)
		snprintf(buf, n, "%-16s", "-");
	else if (mmin == mmax && rmin == rmax)
		snprintf(buf, n, "%ld (%ld) x%-8llu", mmin, rmin, (unsigned long long)cnt);
	else
		snprintf(buf, n, "%ld..%ld (%ld..%ld) x%llu", mmin, mmax, rmin, rmax, (unsigned long long)cnt);
}

static void print_scenario(const sst_run *r, const sst_fig *f, const wg_pm_table *pm)
{
	char s1[128], s21[128];
	stall_cell(r, pm, SSE_W_S1, s1, sizeof s1);
	stall_cell(r, pm, SSE_W_S21, s21, sizeof s21);
	printf("  %2d.%-2d.%-2d %+7.2f%% %6.2f%% %+7.2f%%  %5.1f/%4.1f/%4.1f  %-22s %-24s %6.2f\n", r->x, r->y, r->z,
	       100 * f->loss, 100 * f->saving, 100 * f->energy, 100 * f->res[0], 100 * f->res[1], 100 * f->res[2], s1, s21,
	       f->stall_per_read);
}

static void print_profile_head(const sst_run *b)
{
	const sse_profile *p = sse_profile_get(b->prof);
	const sse_shape *s = &b->shape;
	printf("\nprofile %s (P2 Table II: %d kernels, %d blocks, %d warps/block, %d syncs per thread; assumed: %s)\n",
	       p->name, p->kernels, p->blocks, p->wpb, p->syncs, p->why);
	printf("  this SM: %d blocks x %d warps, %d barriers each, ~%d instructions per warp per interval, %s, %d %% loads "
	       "(%ld warp-instructions)\n",
	       s->blocks, s->wpb, s->bars, s->ilen, s->shape == SSE_TREE ? "reduction tree" : "uniform work", s->ld_pct,
	       s->work);
}

static void print_base(const sst_run *b)
{
	printf("  baseline z=%-2d (ENABLE=0): %ld cycles, %llu instructions, IPC %.3f, %.1f %% of warp-time at barriers "
	       "(%.2f s)\n",
	       b->z, b->T, (unsigned long long)b->env.issued, b->T ? (double)b->env.issued / (double)b->T : 0.0,
	       b->T ? 100.0 * (double)b->env.wait_cycles / ((double)b->warps * (double)b->T) : 0.0, b->seconds);
	printf("  x.y.z       loss   saving   energy  ACT/SLG1/SLG2 %%  stall from SLG1 (rule)  from SLG2->SLG1 (rule)  "
	       "stall/read\n");
}

static void json_fig(wg_buf *b, const sst_run *r, const sst_fig *f)
{
	const sse_stats *s = &r->env;
	wg_buf_printf(b,
		      "{\"profile\": \"%s\", \"x\": %d, \"y\": %d, \"z\": %d, \"enable\": %d, \"cycles\": %ld, "
		      "\"instructions\": %llu, \"loss\": %.6f, \"saving\": %.6f, \"energy_saving\": %.6f, "
		      "\"residency\": [%.6f, %.6f, %.6f], \"reads\": %llu, \"read_stall\": %llu, \"stall_per_read\": %.5f, "
		      "\"writebacks\": %llu, \"writeback_stall\": %llu, \"wakes_slg1\": %llu, \"wakes_slg2\": %llu, "
		      "\"wakes_move\": %llu, \"wakes_cancelled\": %llu, \"releases\": %llu, \"wait_share\": %.6f}",
		      sse_profile_get(r->prof)->name, r->x, r->y, r->z, r->enable, r->T, (unsigned long long)s->issued, f->loss,
		      f->saving, f->energy, f->res[0], f->res[1], f->res[2], (unsigned long long)s->reads,
		      (unsigned long long)s->read_stall, f->stall_per_read, (unsigned long long)s->wbs,
		      (unsigned long long)s->wb_stall, (unsigned long long)s->wakes[SSE_W_S1],
		      (unsigned long long)s->wakes[SSE_W_S2], (unsigned long long)s->wakes[SSE_W_S21],
		      (unsigned long long)s->wake_cancel, (unsigned long long)s->releases,
		      r->T ? (double)s->wait_cycles / ((double)r->warps * (double)r->T) : 0.0);
}

static const char *front_name(int f) { return f == SSE_FE_INORDER ? "INORDER" : "WARP"; }
static const char *s21_name(int r) { return r == SSE_S21_FIRST_Y ? "FIRST_Y" : "REST"; }

/* One front end's grid at one S21_WAKE rule: its runs per profile and its verdict. */
typedef struct sst_pass {
	int front;                     /* SSE_FE_* */
	int s21;                       /* S21_WAKE: SSE_S21_REST or SSE_S21_FIRST_Y */
	char name[32];                 /* "INORDER/REST" */
	sst_prof_runs **runs;          /* per profile of the grid */
	int failed;                    /* a run failed (its error is in the run) */
	sst_verdict v;                 /* the checks */
} sst_pass;

/* P2 §IV-B's claims are checked on the front end they reason with (docs/sm_slg.md "Checks"):
 * INORDER, where a read waiting for its wake stalls the in-order front end, so the wakes' stalls
 * are the loss. "More sensitive to x than to y": the first warp's stall holds the front end until
 * the SLG2 -> SLG1 move is over, so the later warps pay x (under either S21_WAKE rule). "A larger
 * z lowers the loss": the depth only hides wake-ups. With WARP the other warps hide most stalls
 * (the loss stays within a few times the scheduling scatter) and, one instruction per warp in the
 * front end, a deeper front end also slows each warp's issue: both are reported as notes. */
static int check_sens(const sst_pass *ps) { return ps->front == SSE_FE_INORDER; }
static int check_deep(const sst_pass *ps) { return ps->front == SSE_FE_INORDER; }

static void json_pass(wg_buf *b, const sst_grid *g, const sst_pass *ps)
{
	const sst_verdict *v = &ps->v;
	wg_buf_printf(b, "{\"front\": \"%s\", \"s21_wake\": \"%s\", \"name\": \"%s\", \"sensitivity_checked\": %s, "
			 "\"depth_checked\": %s, \"scenarios\": [",
		      front_name(ps->front), s21_name(ps->s21), ps->name, check_sens(ps) ? "true" : "false",
		      check_deep(ps) ? "true" : "false");
	for (int i = 0, first = 1; i < g->nprof; i++)
		for (int k = 0; k < g->nz; k++)
			for (int p = 0; p < g->npairs; p++) {
				wg_buf_printf(b, first ? "\n  " : ",\n  ");
				first = 0;
				json_fig(b, &ps->runs[i]->run[k][p], &ps->runs[i]->fig[k][p]);
			}
	wg_buf_printf(b, "],\n \"profiles\": [");
	for (int i = 0; i < g->nprof; i++) {
		const sst_run *r = &ps->runs[i]->base[0];
		wg_buf_printf(b, "%s{\"name\": \"%s\", \"blocks\": %d, \"wpb\": %d, \"bars\": %d, \"ilen\": %d, "
				 "\"slope_x\": %.6f, \"slope_y\": %.6f, \"base_cycles\": [",
			      i ? ", " : "", sse_profile_get(r->prof)->name, r->shape.blocks, r->shape.wpb, r->shape.bars,
			      r->shape.ilen, v->sx[i], v->sy[i]);
		for (int k = 0; k < g->nz; k++)
			wg_buf_printf(b, "%s%ld", k ? ", " : "", ps->runs[i]->base[k].T);
		wg_buf_printf(b, "]}");
	}
	wg_buf_printf(b, "],\n \"max_saving\": %.6f, \"loss_min\": %.6f, \"loss_max\": %.6f, \"slope_x\": %.6f, "
			 "\"slope_y\": %.6f, \"z_worst\": %.6f, \"z_mean\": %.6f, \"z_rises\": %d, \"z_steps\": %d, "
			 "\"noise\": %.6f, \"table3_checked\": %llu, \"checks\": [",
		      v->max_saving, v->loss_min, v->loss_max, v->sx[g->nprof], v->sy[g->nprof], v->z_worst, v->z_mean,
		      v->z_rises, v->z_steps, v->noise,
		      (unsigned long long)v->t3_checked);
	for (int i = 0; i < v->nmsg; i++) {
		wg_buf_printf(b, i ? ", " : "");
		wg_buf_json_str(b, v->msg[i]);
	}
	wg_buf_printf(b, "]}");
}

static void write_json(const char *path, const sst_grid *g, const sst_pass *ps, int npass, uint64_t seed, int quick,
		       int ok)
{
	wg_buf b = {0};
	char err[512];
	wg_buf_printf(&b, "{\"block\": \"sm_slg\", \"seed\": %llu, \"quick\": %s, \"ok\": %s, \"z\": [", (unsigned long long)seed,
		      quick ? "true" : "false", ok ? "true" : "false");
	for (int k = 0; k < g->nz; k++)
		wg_buf_printf(&b, "%s%d", k ? ", " : "", g->z[k]);
	wg_buf_printf(&b, "], \"passes\": [\n");
	for (int f = 0; f < npass; f++) {
		wg_buf_printf(&b, f ? ",\n" : "");
		json_pass(&b, g, &ps[f]);
	}
	wg_buf_printf(&b, "]}\n");
	if (wg_write_atomic(path, b.s, b.len, err, sizeof err) != 0)
		wg_die("stats", 2, "--json: %s", err);
	wg_buf_free(&b);
}

/* Parameters and knobs of one run. */
static void setup(const wg_opts *o, int prof, const sst_pass *ps, int x, int y, int z, int enable, int quick, long *p,
		  long *k)
{
	int front = ps->front;
	memcpy(p, o->p, sizeof(long) * WG_MAX_PARAMS);
	memcpy(k, o->knobs, sizeof(long) * WG_MAX_PARAMS);
	p[SSL_P_X] = x;
	p[SSL_P_Y] = y;
	p[SSL_P_ENABLE] = enable;
	if (sse_s21_param() >= 0)
		p[sse_s21_param()] = ps->s21;
	k[SSE_K_Z] = z;
	k[SSE_K_PROFILE] = prof;
	k[SSE_K_FRONT] = front;
	k[SSE_K_LOOP] = 0;
	k[SSE_K_RESET_PPM] = 0;
	if (quick && k[SSE_K_WORK] == sse_knobs[SSE_K_WORK].def)
		k[SSE_K_WORK] = SST_QUICK_WORK;
}

/* The work: one unit = one front end x profile x z (a baseline and its scenarios). */
typedef struct sst_work {
	const wg_opts *o;              /* options */
	const sst_grid *g;             /* the grid */
	sst_pass *ps;                  /* the passes (front ends) */
	int npass;
	int quick;                     /* --quick */
	long cycles;                   /* cap per run */
	const wg_pm_table *pm;         /* leakage fractions */
	atomic_int next;               /* next unit to take */
	atomic_int bad_input;          /* a run refused its parameters (exit 2) */
} sst_work;

static int nunits(const sst_work *w) { return w->npass * w->g->nprof * w->g->nz; }

static void run_unit(sst_work *w, int u)
{
	const sst_grid *g = w->g;
	int k = u % g->nz, i = (u / g->nz) % g->nprof, f = u / (g->nz * g->nprof);
	sst_pass *ps = &w->ps[f];
	sst_prof_runs *pr = ps->runs[i];
	long p[WG_MAX_PARAMS], kn[WG_MAX_PARAMS];
	sst_run *b = &pr->base[k];
	setup(w->o, g->prof[i], ps, 3, 4, g->z[k], 0, w->quick, p, kn);
	int r = sst_run_one(w->o->block, p, kn, w->o->seed, w->cycles, b);
	if (r == 2)
		atomic_store(&w->bad_input, 1);
	if (r)
		return;
	for (int q = 0; q < g->npairs; q++) {
		sst_run *s = &pr->run[k][q];
		setup(w->o, g->prof[i], ps, g->px[q], g->py[q], g->z[k], 1, w->quick, p, kn);
		if (sst_run_one(w->o->block, p, kn, w->o->seed, w->cycles, s))
			return;
		sst_figures(s, b, w->pm, &pr->fig[k][q]);
	}
}

static void *worker(void *arg)
{
	sst_work *w = arg;
	for (int u; (u = atomic_fetch_add(&w->next, 1)) < nunits(w);)
		run_unit(w, u);
	return NULL;
}

static void run_all(sst_work *w, int jobs)
{
	int n = nunits(w);
	if (jobs > n)
		jobs = n;
	pthread_t *t = wg_xcalloc((size_t)(jobs > 1 ? jobs : 1) * sizeof *t);
	int started = 0;
	for (int j = 1; j < jobs; j++)
		if (pthread_create(&t[started], NULL, worker, w) == 0)
			started++;
	worker(w); /* this thread works too */
	for (int j = 0; j < started; j++)
		pthread_join(t[j], NULL);
	free(t);
}

/* The first failed run of a pass, printed; 1 if there was one. */
static int report_failures(const sst_grid *g, sst_pass *ps)
{
	for (int i = 0; i < g->nprof; i++)
		for (int k = 0; k < g->nz; k++) {
			const sst_run *b = &ps->runs[i]->base[k];
			const char *name = sse_profile_get(g->prof[i])->name;
			if (b->err[0]) {
				printf("FAILED %s %s baseline z=%d: %s\n", ps->name, name, g->z[k], b->err);
				return 1;
			}
			for (int q = 0; q < g->npairs; q++)
				if (ps->runs[i]->run[k][q].err[0] || !ps->runs[i]->run[k][q].T) {
					printf("FAILED %s %s %d.%d.%d: %s\n", ps->name, name, g->px[q], g->py[q], g->z[k],
					       ps->runs[i]->run[k][q].err[0] ? ps->runs[i]->run[k][q].err : "not run");
					return 1;
				}
		}
	return 0;
}

static void print_pass(const sst_grid *g, const sst_pass *ps, const wg_pm_table *pm, int quiet)
{
	printf("\n== %s: %s; %s; P2's claims %s\n", ps->name,
	       ps->front == SSE_FE_INORDER ? "front end INORDER (a read waiting for its wake stalls the in-order front end: "
					     "no selection, every read behind it waits)"
					   : "front end WARP (a read waiting for its wake holds up its warp only, spec B4)",
	       ps->s21 == SSE_S21_FIRST_Y ? "S21_WAKE=FIRST_Y (only a CTA's first wake after the release pays the rest of "
					    "SLG2 -> SLG1 + x, P2 §III literally)"
					  : "S21_WAKE=REST (every wake during SLG2 -> SLG1 pays its rest + x, B5)",
	       check_sens(ps) && check_deep(ps) ? "checked" : "reported, not checked (the front end they reason with is INORDER)");
	for (int i = 0; i < g->nprof && !quiet; i++) {
		print_profile_head(&ps->runs[i]->base[0]);
		for (int k = 0; k < g->nz; k++) {
			print_base(&ps->runs[i]->base[k]);
			for (int q = 0; q < g->npairs; q++)
				print_scenario(&ps->runs[i]->run[k][q], &ps->runs[i]->fig[k][q], pm);
		}
	}
	const sst_verdict *v = &ps->v;
	printf("\nsummary, %s\n", ps->name);
	printf("  profile      max saving (x.y.z)      min saving  loss min..max        slope of loss per cycle: x     y\n");
	for (int i = 0; i < g->nprof; i++) {
		double mx = -1, mn = 2, lmin = 1e9, lmax = -1e9;
		int at = 0, atz = 0;
		for (int k = 0; k < g->nz; k++)
			for (int q = 0; q < g->npairs; q++) {
				const sst_fig *f = &ps->runs[i]->fig[k][q];
				if (f->saving > mx)
					mx = f->saving, at = q, atz = k;
				mn = f->saving < mn ? f->saving : mn;
				lmin = f->loss < lmin ? f->loss : lmin;
				lmax = f->loss > lmax ? f->loss : lmax;
			}
		printf("  %-10s %6.2f %% (%2d.%-2d.%-2d)      %6.2f %%   %+6.2f..%+6.2f %%      %+8.4f %% %+8.4f %%\n",
		       sse_profile_get(g->prof[i])->name, 100 * mx, g->px[at], g->py[at], g->z[atz], 100 * mn, 100 * lmin,
		       100 * lmax, 100 * v->sx[i], 100 * v->sy[i]);
	}
	printf("  all          %6.2f %%                            %+6.2f..%+6.2f %%      %+8.4f %% %+8.4f %%\n",
	       100 * v->max_saving, 100 * v->loss_min, 100 * v->loss_max, 100 * v->sx[g->nprof], 100 * v->sy[g->nprof]);
	for (int i = 0; i < v->nmsg; i++)
		printf("%s\n", v->msg[i]);
}

static int sm_slg_stats_run(int argc, char **argv)
{
	const char *profile = NULL, *front = "BOTH", *s21 = "BOTH";
	int quick = 0, jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
	char **av = wg_xcalloc((size_t)(argc + 1) * sizeof *av);
	int ac = 0;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--profile") == 0) {
			i = wg_opt_value("stats", i, argc, argv);
			profile = argv[i];
		} else if (strcmp(argv[i], "--front") == 0) {
			i = wg_opt_value("stats", i, argc, argv);
			front = argv[i];
		} else if (strcmp(argv[i], "--s21") == 0) {
			i = wg_opt_value("stats", i, argc, argv);
			s21 = argv[i];
		} else if (strcmp(argv[i], "--jobs") == 0) {
			i = wg_opt_value("stats", i, argc, argv);
			char *end;
			long j = strtol(argv[i], &end, 10);
			if (*end || j < 1 || j > 256)
				wg_die("stats", 2, "--jobs %s is out of range (legal range 1..256)", argv[i]);
			jobs = (int)j;
		} else if (strcmp(argv[i], "--quick") == 0) {
			quick = 1;
		} else {
			av[ac++] = argv[i];
		}
	}
	wg_opts o;
	wg_opts_parse(&o, "stats", ac, av, WG_OPT_SET | WG_OPT_SEED | WG_OPT_CYCLES | WG_OPT_KNOB | WG_OPT_JSON | WG_OPT_QUIET);
	free(av);
	if (o.help) {
		usage();
		return 0;
	}
	sst_grid g;
	sst_grid_make(&g, quick);
	for (int i = 0; i < SSE_NPROF; i++)
		if (!profile || strcasecmp(profile, sse_profile_get(i)->name) == 0)
			g.prof[g.nprof++] = i;
	if (!g.nprof)
		wg_die("stats", 2, "unknown profile '%s' (DYNPROC, SCAN, GAUSSIAN, LPS, BACKPROP or SRAD)", profile);
	int fr[2], nfr = 0, rr[2], nrr = 0;
	if (strcasecmp(front, "INORDER") == 0 || strcasecmp(front, "BOTH") == 0)
		fr[nfr++] = SSE_FE_INORDER;
	if (strcasecmp(front, "WARP") == 0 || strcasecmp(front, "BOTH") == 0)
		fr[nfr++] = SSE_FE_WARP;
	if (!nfr)
		wg_die("stats", 2, "unknown front end '%s' (INORDER, WARP or BOTH)", front);
	int first_y = strcasecmp(s21, "FIRST_Y") == 0 || strcasecmp(s21, "BOTH") == 0;
	if (first_y && sse_s21_param() >= 0)
		rr[nrr++] = SSE_S21_FIRST_Y;
	if (strcasecmp(s21, "REST") == 0 || strcasecmp(s21, "BOTH") == 0)
		rr[nrr++] = SSE_S21_REST;
	if (!first_y && !nrr)
		wg_die("stats", 2, "unknown S21_WAKE rule '%s' (REST, FIRST_Y or BOTH)", s21);
	if (!nrr)
		wg_die("stats", 2, "--s21 FIRST_Y: sm_slg has no parameter S21_WAKE (slg without it)");
	sst_pass ps[4];
	int npass = 0;
	memset(ps, 0, sizeof ps);
	for (int a = 0; a < nfr; a++)
		for (int b = 0; b < nrr; b++) {
			ps[npass].front = fr[a];
			ps[npass].s21 = rr[b];
			snprintf(ps[npass].name, sizeof ps[npass].name, "%s/%s", front_name(fr[a]), s21_name(rr[b]));
			npass++;
		}
	long cycles = o.cycles >= 0 ? o.cycles : SST_CYCLES;
	if (cycles < 3)
		wg_die("stats", 2, "--cycles %ld is out of range (at least 3: two reset cycles, then the run)", cycles);
	wg_pm_table pm;
	char err[512];
	if (wg_pm_load(&pm, err, sizeof err))
		wg_die("stats", 2, "%s", err);
	{ /* every scenario's parameters and knobs must be legal before the first run */
		long p[WG_MAX_PARAMS], k[WG_MAX_PARAMS];
		for (int q = 0; q < g.npairs; q++) {
			setup(&o, g.prof[0], &ps[0], g.px[q], g.py[q], g.z[0], 1, quick, p, k);
			if (wg_params_check(o.block, p, err, sizeof err))
				wg_die("stats", 2, "%s", err);
		}
	}
	char cfg[256];
	wg_config_name(o.block, o.p, 0, cfg, sizeof cfg);
	printf("stats sm_slg %s seed=%llu%s: P2's x.y.z grid, %d (x, y) pairs x %d z, %d profile(s), %d front end / "
	       "S21_WAKE pass(es), C models only\n",
	       cfg, (unsigned long long)o.seed, quick ? " (quick)" : "", g.npairs, g.nz, g.nprof, npass);
	printf("  leakage by mode (power_tables/%s): ACTIVE 1, SLG1 %.2f, SLG2 %.2f; loss = cycles / baseline cycles - 1;\n"
	       "  saving = leakage power saved over the run's own time, all %ld regions; energy = 1 - E / E_baseline\n",
	       WG_PM_TABLE, pm.m[WG_PM_SLG1].leak_frac, pm.m[WG_PM_SLG2].leak_frac, o.p[SSL_P_WARPS]);
	for (int f = 0; f < npass; f++) {
		ps[f].runs = wg_xcalloc((size_t)g.nprof * sizeof *ps[f].runs);
		for (int i = 0; i < g.nprof; i++)
			ps[f].runs[i] = wg_xcalloc(sizeof *ps[f].runs[i]);
	}
	double t0 = wg_now();
	sst_work w = {.o = &o, .g = &g, .ps = ps, .npass = npass, .quick = quick, .cycles = cycles, .pm = &pm};
	atomic_init(&w.next, 0);
	atomic_init(&w.bad_input, 0);
	run_all(&w, jobs);
	int rc = 0;
	for (int f = 0; f < npass; f++)
		if ((ps[f].failed = report_failures(&g, &ps[f])))
			rc = atomic_load(&w.bad_input) ? 2 : 1;
	if (!rc) {
		for (int f = 0; f < npass; f++) {
			sst_judge(&g, ps[f].runs, &pm, check_sens(&ps[f]), check_deep(&ps[f]), &ps[f].v);
			print_pass(&g, &ps[f], &pm, o.quiet);
			rc |= ps[f].v.fails ? 1 : 0;
		}
		printf("\npaper (P2 §IV-B, §VI): up to 22 %% leakage reduction; loss more sensitive to x than to y; larger z "
		       "lowers the loss; Table III\n");
		printf("%s (%.1f s)\n", rc ? "stats sm_slg: FAILED" : "stats sm_slg: all checks passed", wg_now() - t0);
		if (o.json)
			write_json(o.json, &g, ps, npass, o.seed, quick, !rc);
	}
	for (int f = 0; f < npass; f++) {
		for (int i = 0; i < g.nprof; i++)
			free(ps[f].runs[i]);
		free(ps[f].runs);
	}
	return rc;
}

const wg_stats_def wg_stats_sm_slg = {.run = sm_slg_stats_run};
