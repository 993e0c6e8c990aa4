/* sm_slg_run.c - one run of the sm_slg environment on the composed C model,
 * the figures of a scenario against its baseline, and P2 Table III checked
 * with the power-mode library as the oracle (sm_slg_run.h). */
#include "sm_slg_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_mrun.h"

/* the environment's side of wg_mrun */
static void env_drive(void *e, const void *model, uint32_t *in, long cyc)
{
	(void)model;
	sse_drive(e, in, cyc);
}
static void env_observe(void *e, const void *model, const uint32_t *in, uint32_t *out, long cyc)
{
	(void)model;
	sse_observe(e, in, out, cyc);
}
static const char *env_error(void *e) { return sse_error(e); }
static int env_done(void *e) { return sse_get_stats(e)->done != 0; }
static const wg_mrun_ops env_ops = {env_drive, env_observe, env_error, env_done};

int sst_run_one(const wg_block *b, const long *p, const long *knobs, uint64_t seed, long max_cycles, sst_run *r)
{
	char err[400];
	r->x = (int)p[SSL_P_X];
	r->y = (int)p[SSL_P_Y];
	r->enable = (int)p[SSL_P_ENABLE];
	r->warps = (int)p[SSL_P_WARPS];
	r->z = (int)knobs[SSE_K_Z];
	r->prof = (int)knobs[SSE_K_PROFILE];
	r->err[0] = 0;
	if (wg_params_check(b, p, err, sizeof err)) {
		snprintf(r->err, sizeof r->err, "%s", err);
		return 2;
	}
	wg_mrun m;
	wg_mrun_open(&m, b, p);
	sm_slg_env *e = wg_xcalloc(sse_size(p));
	int rc = 0;
	if (sse_init(e, p, m.L, knobs, seed, err, sizeof err)) {
		snprintf(r->err, sizeof r->err, "%s", err);
		rc = 2;
		goto done;
	}
	r->shape = *sse_get_shape(e);
	rc = wg_mrun_cycles(&m, &env_ops, e, max_cycles, r->err, sizeof r->err);
	r->seconds = m.seconds;
	r->env = *sse_get_stats(e);
	memcpy(r->ev, wg_mrun_counts(&m), sizeof r->ev);
	if (!rc && !r->env.done) {
		snprintf(r->err, sizeof r->err, "the run did not finish in %ld cycles (%ld of %d blocks left; give more --cycles)",
			 max_cycles, r->env.blocks_done, r->shape.blocks);
		rc = 1;
	}
	r->T = r->env.done ? r->env.t_last - r->env.t_first : 0;
done:
	wg_mrun_close(&m);
	free(e);
	return rc;
}

void sst_figures(const sst_run *r, const sst_run *base, const wg_pm_table *pm, sst_fig *f)
{
	double units = (double)r->warps * (double)r->T; /* every region of the run's time (B11) */
	double saved = (1.0 - pm->m[WG_PM_SLG1].leak_frac) * (double)r->env.res[1] +
		       (1.0 - pm->m[WG_PM_SLG2].leak_frac) * (double)r->env.res[2];
	double ubase = (double)base->warps * (double)base->T;
	memset(f, 0, sizeof *f);
	f->loss = base->T > 0 ? (double)r->T / (double)base->T - 1.0 : 0.0;
	f->saving = units > 0 ? saved / units : 0.0;
	f->energy = ubase > 0 ? 1.0 - (units - saved) / ubase : 0.0;
	for (int m = 0; m < 3; m++)
		f->res[m] = units > 0 ? (double)r->env.res[m] / units : 0.0;
	f->stall_per_read = r->env.reads ? (double)r->env.read_stall / (double)r->env.reads : 0.0;
}

int sst_oracle_wake(const wg_pm_table *pm, int kind, int t)
{
	int x = wg_pm_latency(pm, WG_PM_SLG1, WG_PM_ACTIVE);
	switch (kind) {
	case SSE_W_ACT:
		return 0;
	case SSE_W_S1:
		return x;
	case SSE_W_S2:
		return wg_pm_latency(pm, WG_PM_SLG2, WG_PM_ACTIVE);
	case SSE_W_S21: /* the rest of SLG2 -> SLG1 (1..y-x cycles), then SLG1 -> ACTIVE (B5) */
		return t >= 1 && t <= wg_pm_latency(pm, WG_PM_SLG2, WG_PM_SLG1) ? t + x : -1;
	case SSE_W_WK: /* a wake already under way: what is left of it */
		return t;
	case SSE_W_S21X: /* S21_WAKE=FIRST_Y, not the CTA's first wake since its release: as from SLG1 (P2 §III) */
		return x;
	default:
		return -1;
	}
}

static const char *check_recs(const sse_wrec (*rec)[SSE_MAX_T], const wg_pm_table *pm, int z, const char *what,
			      uint64_t *nc, char *buf, size_t n)
{
	for (int k = 0; k < SSE_NW; k++)
		for (int t = 0; t < SSE_MAX_T; t++) {
			const sse_wrec *q = &rec[k][t];
			if (!q->n)
				continue;
			int wake = sst_oracle_wake(pm, k, t);
			int want = wake < 0 ? -1 : wg_pm_penalty(wake, z);
			if (wake < 0 || q->smin != want || q->smax != want) {
				snprintf(buf, n,
					 "Table III: %llu %s meeting %s (t=%d, wake %d) stalled %ld..%ld cycles, "
					 "max(0, wake - z=%d) = %d",
					 (unsigned long long)q->n, what, sse_wake_name(k), t, wake, q->smin, q->smax, z, want);
				return buf;
			}
			*nc += q->n;
		}
	return NULL;
}

const char *sst_table3(const sst_run *r, const wg_pm_table *pm, uint64_t *n_checked, char *buf, size_t n)
{
	*n_checked = 0;
	const char *m = check_recs(r->env.rd, pm, r->z, "operand reads", n_checked, buf, n);
	if (!m)
		m = check_recs(r->env.wb, pm, 0, "write-backs", n_checked, buf, n);
	if (!m && r->ev[SSL_EV_STALL] != r->env.stall_cycles) {
		snprintf(buf, n, "the controller counted %llu stall cycles, the environment %llu",
			 (unsigned long long)r->ev[SSL_EV_STALL], (unsigned long long)r->env.stall_cycles);
		m = buf;
	}
	if (!m && (r->ev[SSL_EV_SLG1] != r->env.res[1] || r->ev[SSL_EV_SLG2] != r->env.res[2])) {
		snprintf(buf, n, "residency: the controller counted %llu SLG1 and %llu SLG2 region-cycles, the environment "
				 "%llu and %llu in the kernel window",
			 (unsigned long long)r->ev[SSL_EV_SLG1], (unsigned long long)r->ev[SSL_EV_SLG2],
			 (unsigned long long)r->env.res[1], (unsigned long long)r->env.res[2]);
		m = buf;
	}
	return m;
}
