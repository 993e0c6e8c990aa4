/* wg_mrun.c - a C model run by an environment, no RTL (wg_mrun.h). */
#include "wg_mrun.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_vtool.h"

void wg_mrun_open(wg_mrun *m, const wg_block *b, const long *p)
{
	memset(m, 0, sizeof *m);
	m->b = b;
	m->L = wg_xcalloc(sizeof *m->L);
	wg_layout_init(m->L, b, p);
	m->model = wg_xcalloc(b->model_size(p));
	b->model_init(m->model, p, m->L);
	m->in = wg_xcalloc((size_t)m->L->nwords[WG_IN] * sizeof *m->in);
	m->out = wg_xcalloc((size_t)m->L->nwords[WG_OUT] * sizeof *m->out);
}

int wg_mrun_cycles(wg_mrun *m, const wg_mrun_ops *ops, void *ctx, long max, char *err, size_t n)
{
	const wg_block *b = m->b;
	size_t nin = (size_t)m->L->nwords[WG_IN] * sizeof *m->in;
	size_t nout = (size_t)m->L->nwords[WG_OUT] * sizeof *m->out;
	char e[512];
	int rc = 0;
	double t0 = wg_now();
	long cyc;
	for (cyc = 0; cyc < max && !(ops->done && ops->done(ctx)); cyc++) {
		memset(m->in, 0, nin);
		ops->drive(ctx, m->model, m->in, cyc);
		memset(m->out, 0, nout);
		if (b->model_eval(m->model, m->in, m->out, e, sizeof e) != 0) {
			snprintf(err, n, "cycle %ld: the environment broke the protocol: %s", cyc, e);
			rc = 1;
			break;
		}
		ops->observe(ctx, m->model, m->in, m->out, cyc);
		b->model_tick(m->model, m->in);
		const char *msg = ops->error(ctx);
		if (msg) {
			snprintf(err, n, "%s", msg);
			rc = 1;
			break;
		}
	}
	m->seconds = wg_now() - t0;
	m->cycles = cyc;
	return rc;
}

const uint64_t *wg_mrun_counts(const wg_mrun *m)
{
	return m->b->model_counts(m->model);
}

void wg_mrun_close(wg_mrun *m)
{
	free(m->L);
	free(m->model);
	free(m->in);
	free(m->out);
	memset(m, 0, sizeof *m);
}
