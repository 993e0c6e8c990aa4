/* wg_lanes.c - up to 64 co-simulations of one netlist at once. See wg_lanes.h. */
#include "wg_lanes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_netsim64.h"

/* One lane: a seed's C model, stimulus and frames. */
typedef struct lane {
	void *model;                  /* its C model */
	void *st;                     /* its stimulus state */
	uint32_t *in, *oc, *ov;       /* input frame, C model's outputs, the netlist's outputs */
	uint64_t base[WG_MAX_EVENTS]; /* model counts at the first reset edge */
	uint64_t ev[WG_MAX_EVENTS];   /* the netlist's ev_o sums since then (reset cycles excluded) */
	int armed;                    /* the first reset edge has passed: compare */
	int alive;                    /* neither failed nor ended */
} lane;

/* A port bit of a frame and the net it is. */
typedef struct pbit {
	int word, shift; /* frame word and bit */
	int net;         /* the net */
} pbit;

static pbit *port_bits(const int *map, long nbits, long *count)
{
	pbit *b = wg_xcalloc(((size_t)nbits + 1) * sizeof *b);
	long k = 0;
	for (long i = 0; i < nbits; i++)
		if (map[i] >= 0)
			b[k++] = (pbit){(int)(i / 32), (int)(i % 32), map[i]};
	*count = k;
	return b;
}

static void fail(wg_ln_lane *r, lane *ln, wg_verdict v, long cyc, const char *msg)
{
	r->verdict = v;
	r->fail_cycle = cyc;
	snprintf(r->msg, sizeof r->msg, "%s", msg ? msg : "");
	ln->alive = 0;
}

/* The end of a lane that ran to the end (cycle cyc): reset seen, event totals (the harness's
 * wg_harness_event_diff), finish(). */
static void finish(const wg_ln_cfg *c, wg_ln_lane *r, lane *ln, long cyc)
{
	const wg_layout *L = c->L;
	char err[512];
	ln->alive = 0;
	if (!ln->armed) {
		fail(r, ln, WG_V_NORESET, cyc, "the stimulus never asserted rst_i: nothing was compared");
		return;
	}
	if (L->ev_port >= 0) {
		const uint64_t *now = c->b->model_counts(ln->model);
		uint64_t ec[WG_MAX_EVENTS];
		for (int e = 0; e < L->nevents; e++)
			ec[e] = now[e] - ln->base[e];
		if (wg_harness_event_diff(c->b, L, ec, ln->ev, r->msg, sizeof r->msg)) {
			r->verdict = WG_V_EVENTS;
			r->fail_cycle = cyc;
			return;
		}
	}
	if (c->stim->finish) {
		long key = -1;
		const char *msg = c->stim->finish(ln->st, &key, err, sizeof err);
		if (msg)
			fail(r, ln, WG_V_CHECK, cyc, msg);
	}
}

int wg_ln_run(const wg_ln_cfg *c, wg_ln_lane *res, char *err, size_t n)
{
	const wg_block *b = c->b;
	const wg_layout *L = c->L;
	const int nl = c->lanes;
	const size_t nin = (size_t)L->nwords[WG_IN], nout = (size_t)L->nwords[WG_OUT];
	lane *ln = wg_xcalloc((size_t)nl * sizeof *ln);
	uint64_t seeds[WG_NW_LANES];
	int rc = 0;
	for (int l = 0; l < nl; l++) {
		seeds[l] = c->seed + (uint64_t)l;
		res[l] = (wg_ln_lane){.verdict = WG_V_PASS, .fail_cycle = -1};
		ln[l].model = wg_xcalloc(b->model_size(c->p));
		b->model_init(ln[l].model, c->p, L);
		ln[l].st = wg_xcalloc(c->stim->size(c->p));
		ln[l].in = wg_xcalloc((nin + 1) * sizeof *ln[l].in);
		ln[l].oc = wg_xcalloc((nout + 1) * sizeof *ln[l].oc);
		ln[l].ov = wg_xcalloc((nout + 1) * sizeof *ln[l].ov);
		ln[l].alive = 1;
		const char *msg = c->stim->init(ln[l].st, c->p, L, c->knobs, -1, seeds[l], err, n);
		if (msg && !rc) {
			if (msg != err)
				snprintf(err, n, "%s", msg);
			rc = -1;
		}
	}
	long nib, nob;
	pbit *ib = port_bits(c->d->in_net, (long)nin * 32, &nib);
	pbit *ob = port_bits(c->d->out_net, (long)nout * 32, &nob);
	wg_nw sim;
	wg_nw_init(&sim, &c->d->plan, seeds, nl);
	char msg[512];
	for (long cyc = 0; rc == 0 && cyc < c->max_cycles; cyc++) {
		uint64_t live = 0, cmp = 0;
		for (int l = 0; l < nl; l++) {
			lane *x = &ln[l];
			memset(x->in, 0, nin * sizeof *x->in);
			if (!x->alive)
				continue;
			if (!c->stim->next(x->st, x->model, x->in, cyc)) {
				memset(x->in, 0, nin * sizeof *x->in);
				finish(c, &res[l], x, cyc);
				continue;
			}
			memset(x->oc, 0, nout * sizeof *x->oc);
			if (b->model_eval(x->model, x->in, x->oc, msg, sizeof msg) != 0) {
				memset(x->in, 0, nin * sizeof *x->in);
				fail(&res[l], x, WG_V_PROTOCOL, cyc, msg);
				continue;
			}
			if (c->stim->observe)
				c->stim->observe(x->st, x->model, x->in, x->oc, cyc);
			live |= 1ull << l;
			cmp |= (uint64_t)x->armed << l;
		}
		if (!live)
			break;
		for (long k = 0; k < nib; k++) { /* the lanes' input frames, one word per input bit */
			uint64_t w = 0;
			for (int l = 0; l < nl; l++)
				w |= (uint64_t)((ln[l].in[ib[k].word] >> ib[k].shift) & 1u) << l;
			wg_nw_set(&sim, ib[k].net, w);
		}
		wg_nw_settle(&sim);
		if (cmp) {
			for (int l = 0; l < nl; l++)
				if (cmp >> l & 1)
					memset(ln[l].ov, 0, nout * sizeof *ln[l].ov);
			for (long k = 0; k < nob; k++) {
				uint64_t w = wg_nw_get(&sim, ob[k].net) & cmp;
				for (uint64_t m = w; m; m &= m - 1) {
					int l = __builtin_ctzll(m);
					ln[l].ov[ob[k].word] |= 1u << ob[k].shift;
				}
			}
		}
		for (int l = 0; l < nl; l++) {
			lane *x = &ln[l];
			if (!(live >> l & 1))
				continue;
			if (cmp >> l & 1) {
				if (L->ev_port >= 0 && !wg_harness_in_reset(L, x->in))
					wg_harness_add_events(L, x->ov, x->ev);
				if (memcmp(x->oc, x->ov, nout * sizeof *x->oc) != 0) {
					fail(&res[l], x, WG_V_MISMATCH, cyc, NULL);
					continue;
				}
			}
			if (c->stim->check) {
				const char *m = c->stim->check(x->st, x->model, x->in, x->oc, cyc, msg, sizeof msg);
				if (m) {
					fail(&res[l], x, WG_V_CHECK, cyc, m);
					continue;
				}
			}
			b->model_tick(x->model, x->in);
		}
		wg_nw_edge(&sim);
		for (int l = 0; l < nl; l++) {
			lane *x = &ln[l];
			if (x->alive && !x->armed && wg_harness_in_reset(L, x->in)) { /* first reset edge: compare from the next cycle */
				x->armed = 1;
				if (L->ev_port >= 0)
					memcpy(x->base, b->model_counts(x->model), (size_t)L->nevents * sizeof *x->base);
			}
		}
	}
	for (int l = 0; l < nl && rc == 0; l++)
		if (ln[l].alive)
			finish(c, &res[l], &ln[l], c->max_cycles);
	wg_nw_free(&sim);
	free(ib);
	free(ob);
	for (int l = 0; l < nl; l++) {
		free(ln[l].model);
		wg_stim_release(c->stim, ln[l].st);
		free(ln[l].in);
		free(ln[l].oc);
		free(ln[l].ov);
	}
	free(ln);
	return rc;
}
