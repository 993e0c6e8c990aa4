/* sm_slg_grid.c - the x.y.z grid of `warpgen stats sm_slg` and the checks
 * on it: P2 Table III exactly, loss more sensitive to x than to y, a larger
 * z does not raise the loss, the largest saving within P2's 22 % + 5 points
 * (sm_slg_grid.h; docs/sm_slg.md "Checks"). */
#include "sm_slg_grid.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const int grid_x[] = {3, 4, 5, 13, 24};        /* P2 §IV-B */
static const int grid_y[] = {4, 5, 6, 7, 17, 35};     /* P2 §IV-B */
static const int grid_z[] = {3, 5, 10, 20};           /* P2 §IV-B */
static const int quick_pairs[][2] = {{3, 4}, {3, 17}, {3, 35}, {13, 17}, {13, 35}, {24, 35}};
static const int quick_z[] = {3, 10};

void sst_grid_make(sst_grid *g, int quick)
{
	memset(g, 0, sizeof *g);
	if (quick) {
		for (size_t i = 0; i < sizeof quick_pairs / sizeof quick_pairs[0]; i++) {
			g->px[g->npairs] = quick_pairs[i][0];
			g->py[g->npairs] = quick_pairs[i][1];
			g->studied[g->npairs++] = 1;
		}
		for (size_t i = 0; i < sizeof quick_z / sizeof quick_z[0]; i++)
			g->z[g->nz++] = quick_z[i];
	} else {
		for (size_t i = 0; i < sizeof grid_x / sizeof grid_x[0]; i++)
			for (size_t j = 0; j < sizeof grid_y / sizeof grid_y[0]; j++)
				if (grid_x[i] < grid_y[j]) {
					g->px[g->npairs] = grid_x[i];
					g->py[g->npairs] = grid_y[j];
					g->studied[g->npairs++] = 1;
				}
		for (size_t i = 0; i < sizeof grid_z / sizeof grid_z[0]; i++)
			g->z[g->nz++] = grid_z[i];
	}
	g->px[g->npairs] = 1; /* B12: the range endpoints (x 1..24, y 2..35), an extra scenario */
	g->py[g->npairs] = 2;
	g->studied[g->npairs++] = 0;
}

/* A verdict line: ok 1 PASS, 0 FAIL, 2 REVERSED (a direction P2 states came out the other way: a failure,
 * docs/user-guide.md "Reversals"), -1 a measure reported only ("note"). */
static void say(sst_verdict *v, int ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(sst_verdict *v, int ok, const char *fmt, ...)
{
	if (v->nmsg >= (int)(sizeof v->msg / sizeof v->msg[0]))
		return;
	char *m = v->msg[v->nmsg++];
	int k = snprintf(m, sizeof v->msg[0], "%s ", ok == 1 ? "PASS" : ok == 0 ? "FAIL" : ok == 2 ? "REVERSED" : "note");
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(m + k, sizeof v->msg[0] - (size_t)k, fmt, ap);
	va_end(ap);
	v->fails += ok == 0 || ok == 2;
}

/* Table III and the same-stream checks on every run; W-P2-12 when z >= y. */
static void judge_table3(const sst_grid *g, sst_prof_runs *const *runs, const wg_pm_table *pm0, sst_verdict *v)
{
	char buf[400], err[256];
	uint64_t held = 0;
	for (int i = 0; i < g->nprof; i++)
		for (int k = 0; k < g->nz; k++)
			for (int p = 0; p < g->npairs; p++) {
				const sst_run *r = &runs[i]->run[k][p], *b = &runs[i]->base[k];
				wg_pm_table pm = *pm0;
				uint64_t nc = 0;
				const char *m = NULL;
				if (wg_pm_set_wake(&pm, r->x, r->y, pm0->m[WG_PM_GATED].wake_cycles, err, sizeof err))
					m = err;
				if (!m)
					m = sst_table3(r, &pm, &nc, buf, sizeof buf);
				if (!m && r->env.issued != b->env.issued) {
					snprintf(buf, sizeof buf, "%llu instructions against the baseline's %llu (not the same streams)",
						 (unsigned long long)r->env.issued, (unsigned long long)b->env.issued);
					m = buf;
				}
				if (!m && r->z >= r->y && (r->T != b->T || r->env.read_stall != 0)) {
					snprintf(buf, sizeof buf, "z=%d >= y=%d but %llu read stall cycles and %ld cycles against %ld "
								  "(W-P2-12: no loss)",
						 r->z, r->y, (unsigned long long)r->env.read_stall, r->T, b->T);
					m = buf;
				}
				if (m) {
					say(v, 0, "Table III: %s %d.%d.%d: %s", sse_profile_get(r->prof)->name, r->x, r->y, r->z, m);
					return;
				}
				v->t3_checked += nc;
				held += r->env.delayed;
			}
	say(v, 1, "Table III: every one of %llu operand reads and write-backs stalled max(0, wake - z) exactly "
		  "(wake from wg_pm_latency: x from SLG1, y from SLG2, rest + x from SLG2 -> SLG1); z >= y lost nothing%s",
	    (unsigned long long)v->t3_checked,
	    held ? "; reads held up behind a stalled read stalled max(0, wake - z - cycles held), checked every cycle" : "");
}

/* Mean slope of the loss per cycle of x (dim 0) or y (dim 1): over every two
 * studied scenarios of a profile with the same z and the other latency, next
 * to each other along this one. */
static void slopes(const sst_grid *g, const sst_prof_runs *r, int dim, double *sum, long *n)
{
	for (int k = 0; k < g->nz; k++)
		for (int a = 0; a < g->npairs; a++) {
			if (!g->studied[a])
				continue;
			int best = -1; /* the next studied pair along dim with the other coordinate equal */
			for (int b = 0; b < g->npairs; b++) {
				if (!g->studied[b])
					continue;
				int same = dim == 0 ? g->py[b] == g->py[a] : g->px[b] == g->px[a];
				int va = dim == 0 ? g->px[a] : g->py[a], vb = dim == 0 ? g->px[b] : g->py[b];
				int vbest = best < 0 ? 0 : dim == 0 ? g->px[best] : g->py[best];
				if (same && vb > va && (best < 0 || vb < vbest))
					best = b;
			}
			if (best < 0)
				continue;
			int d = dim == 0 ? g->px[best] - g->px[a] : g->py[best] - g->py[a];
			*sum += (r->fig[k][best].loss - r->fig[k][a].loss) / d;
			(*n)++;
		}
}

void sst_judge(const sst_grid *g, sst_prof_runs *const *runs, const wg_pm_table *pm, int check_sens, int check_deep,
	       sst_verdict *v)
{
	memset(v, 0, sizeof *v);
	v->loss_min = 1e9;
	v->loss_max = -1e9;
	v->max_saving = -1;
	for (int i = 0; i < g->nprof; i++)
		for (int k = 0; k < g->nz; k++)
			for (int p = 0; p < g->npairs; p++) {
				sst_fig *f = &runs[i]->fig[k][p];
				sst_figures(&runs[i]->run[k][p], &runs[i]->base[k], pm, f);
				if (f->saving > v->max_saving) {
					v->max_saving = f->saving;
					v->max_at[0] = i, v->max_at[1] = k, v->max_at[2] = p;
				}
				v->loss_min = f->loss < v->loss_min ? f->loss : v->loss_min;
				v->noise = f->loss < v->noise ? f->loss : v->noise;
				v->loss_max = f->loss > v->loss_max ? f->loss : v->loss_max;
			}
	judge_table3(g, runs, pm, v);
	/* loss per cycle of x against per cycle of y */
	double sxa = 0, sya = 0;
	long nxa = 0, nya = 0;
	for (int i = 0; i < g->nprof; i++) {
		double sx = 0, sy = 0;
		long nx = 0, ny = 0;
		slopes(g, runs[i], 0, &sx, &nx);
		slopes(g, runs[i], 1, &sy, &ny);
		v->sx[i] = nx ? sx / nx : 0;
		v->sy[i] = ny ? sy / ny : 0;
		v->nsx[i] = nx, v->nsy[i] = ny;
		sxa += sx, sya += sy, nxa += nx, nya += ny;
	}
	v->sx[g->nprof] = nxa ? sxa / nxa : 0;
	v->sy[g->nprof] = nya ? sya / nya : 0;
	v->nsx[g->nprof] = nxa, v->nsy[g->nprof] = nya;
	int sens = nxa > 0 && nya > 0 && v->sx[g->nprof] > v->sy[g->nprof];
	say(v, check_sens ? (sens ? 1 : 2) : -1,
	    "sensitivity: the loss rises %.4f %% per cycle of x and %.4f %% per cycle of y (mean slopes over %ld and %ld "
	    "neighbouring scenarios, all profiles): %s",
	    100 * v->sx[g->nprof], 100 * v->sy[g->nprof], nxa, nya,
	    sens ? "more sensitive to x than to y, as P2 §IV-B" : "NOT more sensitive to x than to y (P2 §IV-B)");
	/* a larger z does not raise the loss */
	v->z_worst = -1e9;
	double zsum = 0;
	for (int i = 0; i < g->nprof; i++)
		for (int p = 0; p < g->npairs; p++)
			for (int k = 0; k + 1 < g->nz; k++) {
				double d = runs[i]->fig[k + 1][p].loss - runs[i]->fig[k][p].loss;
				zsum += d;
				v->z_steps++;
				v->z_rises += d > 1e-12;
				if (d > v->z_worst) {
					v->z_worst = d;
					v->z_worst_at[0] = i, v->z_worst_at[1] = p, v->z_worst_at[2] = k;
				}
			}
	v->z_mean = v->z_steps ? zsum / v->z_steps : 0;
	if (v->z_steps) {
		int i = v->z_worst_at[0], p = v->z_worst_at[1], k = v->z_worst_at[2];
		int zok = v->z_worst <= SST_Z_TOL && v->z_mean <= 0;
		say(v, check_deep ? (zok ? 1 : 2) : -1,
		    "deeper pipeline: from one z to the next the loss changes by %+.3f points on average and rises in %d of %d "
		    "steps, by at most %+.2f points (%s %d.%d: z=%d %.2f %% -> z=%d %.2f %%); allowed: a mean <= 0 and rises "
		    "<= %.1f point (scheduling scatter: the lowest loss is %.2f %%)",
		    100 * v->z_mean, v->z_rises, v->z_steps, 100 * v->z_worst, sse_profile_get(g->prof[i])->name, g->px[p],
		    g->py[p], g->z[k], 100 * runs[i]->fig[k][p].loss, g->z[k + 1], 100 * runs[i]->fig[k + 1][p].loss,
		    100 * SST_Z_TOL, 100 * v->noise);
	}
	{
		int i = v->max_at[0], k = v->max_at[1], p = v->max_at[2];
		say(v, v->max_saving <= SST_SAVING_MAX,
		    "largest RF leakage power saving %.1f %% (%s %d.%d.%d) within P2's 22 %% + 5 points", 100 * v->max_saving,
		    sse_profile_get(g->prof[i])->name, g->px[p], g->py[p], g->z[k]);
	}
}
