/* wg_harness.c - the cycle loop: stimulus, C model, RTL, compare. */
#define _GNU_SOURCE /* sched_getaffinity, getloadavg: wg_harness_auto_loop */
#include "wg_harness.h"
#include "wg_mvcd.h"

#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wg_bits.h"
#include "wg_buf.h"
#include "wg_vtool.h"
#include "wg_wave.h"

const char *wg_verdict_name(wg_verdict v)
{
	static const char *const names[] = {"PASS", "MISMATCH", "CHECK", "ASSERT", "EVENTS", "PROTOCOL", "NORESET",
					    "NOEND", "SETUP"};
	return v <= WG_V_SETUP ? names[v] : "?";
}

void wg_harness_res_free(wg_harness_res *r)
{
	free(r->out_c);
	free(r->out_v);
	free(r->hist);
	free(r->cov_hits);
	r->out_c = r->out_v = r->hist = NULL;
	r->cov_hits = NULL;
}

/* Everything one run allocates. */
typedef struct run_mem {
	void *model;      /* C model */
	void *st;         /* stimulus state */
	wg_shim *rtl;     /* Verilated model */
	uint32_t *in;     /* input frame */
	uint32_t *oc;     /* C model outputs */
	uint32_t *ov;     /* RTL outputs */
} run_mem;

void wg_harness_add_events(const wg_layout *L, const uint32_t *out, uint64_t *sum)
{
	const uint32_t *ev = out + L->off[L->ev_port];
	uint32_t any = 0;
	for (int w = 0, nw = (L->width[L->ev_port] + 31) / 32; w < nw; w++)
		any |= ev[w];
	if (!any) /* no event this cycle (most cycles of most blocks): nothing to add */
		return;
	for (int e = 0; e < L->nevents; e++)
		if (L->ev_w[e] > 0)
			sum[e] += wg_get(ev, (unsigned)L->ev_lsb[e], (unsigned)L->ev_w[e]);
}

size_t wg_harness_event_diff(const wg_block *b, const wg_layout *L, const uint64_t *model, const uint64_t *rtl,
			     char *msg, size_t n)
{
	size_t used = 0;
	for (int e = 0; e < L->nevents; e++) {
		if (model[e] == rtl[e] || used >= n)
			continue;
		used += (size_t)snprintf(msg + used, n - used, "%s%s C model=%llu RTL=%llu",
					 used ? "; " : "event counts differ: ", b->events[e].name,
					 (unsigned long long)model[e], (unsigned long long)rtl[e]);
	}
	return used;
}

int wg_harness_in_reset(const wg_layout *L, const uint32_t *in)
{
	return (int)(in[L->off[0]] & 1u);
}

static void fail(wg_harness_res *r, wg_verdict v, long cyc, const char *msg)
{
	r->verdict = v;
	r->fail_cycle = cyc;
	snprintf(r->msg, sizeof r->msg, "%s", msg ? msg : "");
}

static void compare_events(const wg_harness_cfg *c, wg_harness_res *r, const void *model, const uint64_t *base)
{
	const wg_layout *L = c->L;
	if (L->ev_port < 0)
		return;
	const uint64_t *now = c->b->model_counts(model);
	for (int e = 0; e < L->nevents; e++)
		r->ev_c[e] = now[e] - base[e];
	if (wg_harness_event_diff(c->b, L, r->ev_c, r->ev_rtl, r->msg, sizeof r->msg)) {
		r->verdict = WG_V_EVENTS;
		r->fail_cycle = r->cycles;
	}
}

/* The RTL's half of a cycle before the edge: apply the inputs and read the
 * outputs; when comparing, add its events (reset cycles excluded: the C models
 * count none there) and compare every output bit with the C model's. Returns 1
 * on a mismatch, recorded in r. */
static int rtl_eval(const wg_harness_cfg *c, wg_harness_res *r, run_mem *m, const uint32_t *in, const uint32_t *oc,
		    long cyc, int compare)
{
	const wg_layout *L = c->L;
	const size_t nout = (size_t)L->nwords[WG_OUT];
	if (!c->dut) /* C model only */
		return 0;
	c->dut->set_inputs(m->rtl, in);
	c->dut->eval(m->rtl);
	c->dut->get_outputs(m->rtl, m->ov);
	if (!compare)
		return 0;
	if (L->ev_port >= 0 && !wg_harness_in_reset(L, in))
		wg_harness_add_events(L, m->ov, r->ev_rtl);
	if (memcmp(oc, m->ov, nout * sizeof *oc) == 0)
		return 0;
	fail(r, WG_V_MISMATCH, cyc, NULL);
	memcpy(r->out_c, oc, nout * sizeof *oc);
	memcpy(r->out_v, m->ov, nout * sizeof *m->ov);
	return 1;
}

/* The RTL's clock edge; 1 when its own assertions stopped it (recorded in r). */
static int rtl_tick(const wg_harness_cfg *c, wg_harness_res *r, run_mem *m, long cyc, int check)
{
	if (!c->dut)
		return 0;
	c->dut->tick(m->rtl);
	if (!check || !c->dut->finished(m->rtl))
		return 0;
	fail(r, WG_V_ASSERT, cyc, "the RTL stopped the simulation ($finish/$stop/$error, see the lines above)");
	return 1;
}

/* After the RTL stopped itself ($finish, $stop, $error; in eval or at the edge)
 * it must not be evaluated again: Verilator ends the whole process, with status
 * 0, at a second $finish. 1 when stopped (a failure recorded unless one is). */
static int rtl_stopped(const wg_harness_cfg *c, wg_harness_res *r, run_mem *m, long cyc, int *failed)
{
	if (!c->dut || !c->dut->finished(m->rtl))
		return 0;
	if (!*failed)
		fail(r, WG_V_ASSERT, cyc, "the RTL stopped the simulation ($finish/$stop/$error, see the lines above)");
	*failed = 1;
	return 1;
}

/* A run that did not fail: something was compared, and the event totals agree. */
static void finish_run(const wg_harness_cfg *c, wg_harness_res *r, const void *model, const uint64_t *base, int armed,
		       long cyc)
{
	if (!armed)
		fail(r, WG_V_NORESET, cyc, "the stimulus never asserted rst_i: nothing was compared");
	else if (c->dut)
		compare_events(c, r, model, base);
	else /* C model only: the model's counts, nothing to compare them with */
		for (int e = 0; e < c->L->nevents && c->L->ev_port >= 0; e++)
			r->ev_c[e] = c->b->model_counts(model)[e] - base[e];
}

static void loop(const wg_harness_cfg *c, wg_harness_res *r, run_mem *m)
{
	const wg_block *b = c->b;
	const wg_layout *L = c->L;
	const wg_dut_lib *d = c->dut;
	const size_t nin = (size_t)L->nwords[WG_IN], nout = (size_t)L->nwords[WG_OUT];
	const int directed = c->case_idx >= 0;
	uint64_t base[WG_MAX_EVENTS] = {0};
	char err[512];
	int failed = 0, armed = 0, tracing = 0;
	long cyc;
	/* $WARPGEN_FRAMES=FILE: every cycle's input frame and the C model's outputs, in hex, one
	 * line a cycle (to compare the stimulus of two versions of a generator; docs/cosim.md) */
	const char *frames_path = getenv("WARPGEN_FRAMES");
	FILE *frames = frames_path && *frames_path ? fopen(frames_path, "w") : NULL;
	wg_mvcd mv = {0};
	int mv_now = 0; /* this cycle went into the model trace */
	if (c->model_vcd && wg_mvcd_open(&mv, c->model_vcd, b, L, c->p) != 0)
		fprintf(stderr, "warpgen cosim: cannot write %s\n", c->model_vcd);

	for (cyc = 0;; cyc++) {
		if (failed && cyc > r->fail_cycle + c->run_on)
			break;
		if (!failed && cyc >= c->max_cycles) {
			if (directed && c->directed_cap_fails) {
				snprintf(err, sizeof err, "directed case did not end within %ld cycles", c->max_cycles);
				fail(r, WG_V_NOEND, cyc, err);
				failed = 1;
			}
			break;
		}
		if (c->dut && c->trace_path && cyc == c->trace_from) {
			if (d->trace_open(m->rtl, c->trace_path) == 0)
				tracing = 1;
		}
		memset(m->in, 0, nin * sizeof *m->in);
		if (!c->stim->next(m->st, m->model, m->in, cyc))
			break;
		memcpy(r->hist + (size_t)(cyc % WG_HIST) * nin, m->in, nin * sizeof *m->in);
		r->hist_cyc[cyc % WG_HIST] = cyc;
		memset(m->oc, 0, nout * sizeof *m->oc);
		if (b->model_eval(m->model, m->in, m->oc, err, sizeof err) != 0) {
			if (!failed)
				fail(r, WG_V_PROTOCOL, cyc, err);
			failed = 1;
			break; /* the C model cannot go on */
		}
		mv_now = mv.f && (c->trace_from < 0 || (cyc >= c->trace_from && cyc <= c->trace_to));
		if (mv_now)
			wg_mvcd_cycle(&mv, cyc, m->in, m->oc, m->model);
		if (frames) {
			fprintf(frames, "%ld in", cyc);
			for (size_t w = 0; w < nin; w++)
				fprintf(frames, " %08x", m->in[w]);
			fprintf(frames, " out");
			for (size_t w = 0; w < nout; w++)
				fprintf(frames, " %08x", m->oc[w]);
			fprintf(frames, "\n");
		}
		if (c->stim->observe)
			c->stim->observe(m->st, m->model, m->in, m->oc, cyc);
		if (r->ncov)
			c->stim->cover(m->st, m->model, m->in, m->oc, cyc, r->cov_hits);
		failed |= rtl_eval(c, r, m, m->in, m->oc, cyc, !failed && armed);
		if (rtl_stopped(c, r, m, cyc, &failed))
			break;
		if (!failed && c->stim->check) { /* directed and random: a stimulus may check data too */
			const char *msg = c->stim->check(m->st, m->model, m->in, m->oc, cyc, err, sizeof err);
			if (msg) {
				fail(r, WG_V_CHECK, cyc, msg);
				failed = 1;
			}
		}
		b->model_tick(m->model, m->in);
		if (mv_now)
			wg_mvcd_edge(&mv, m->model);
		rtl_tick(c, r, m, cyc, 0); /* a stop at the edge: rtl_stopped records it, as rtl_tick would */
		if (rtl_stopped(c, r, m, cyc, &failed)) {
			cyc++;
			break;
		}
		if (!armed && wg_harness_in_reset(L, m->in)) { /* first reset edge: compare from the next cycle */
			armed = 1;
			r->armed_at = cyc + 1;
			if (L->ev_port >= 0)
				memcpy(base, b->model_counts(m->model), (size_t)L->nevents * sizeof *base);
		}
		if (tracing && cyc == c->trace_to) {
			d->trace_close(m->rtl);
			tracing = 0;
			r->traced = 1;
		}
	}
	if (tracing) {
		d->trace_close(m->rtl);
		r->traced = 1;
	}
	if (frames)
		fclose(frames);
	wg_mvcd_close(&mv);
	r->cycles = cyc;
	if (failed) { /* counts so far, for the record */
		if (armed && L->ev_port >= 0)
			for (int e = 0; e < L->nevents; e++)
				r->ev_c[e] = b->model_counts(m->model)[e] - base[e];
		return;
	}
	finish_run(c, r, m->model, base, armed, cyc);
	if (r->verdict == WG_V_PASS && c->stim->finish) {
		const char *msg = c->stim->finish(m->st, &r->key_cycle, err, sizeof err);
		if (msg)
			fail(r, WG_V_CHECK, cyc, msg);
	}
}

/* ---- the pipelined loop ----
 * The stimulus reads only the C model, never the RTL, so for a random run
 * without waveforms a producer thread can run the stimulus and the C model
 * ahead through a ring of (inputs, expected outputs) frames while this thread
 * drives the RTL and compares. Same frames, same order, same verdicts as
 * loop(); only the work overlaps. */
#define PIPE_SLOTS 256

/* One wait of the producer when the ring is full: yield for a while, then
 * sleep 50 us a time, so that a C model much faster than the DUT (beside a
 * large gate-level netlist) does not hold a core that a parallel run could
 * use; 256 frames outlast the sleep. (The RTL side only yields: when it
 * waits, the C model is the slower side, and a sleeping consumer lets the
 * ring fill and the producer sleep too.) */
static void pipe_backoff(int *spins)
{
	if (++*spins < 64) {
		sched_yield();
		return;
	}
	struct timespec ts = {0, 50000};
	nanosleep(&ts, NULL);
}

typedef struct pipe {
	const wg_harness_cfg *c;     /* the run */
	run_mem *m;                  /* model and stimulus (the producer's alone) */
	uint32_t *in, *oc;           /* PIPE_SLOTS input and expected-output frames */
	char err[512];               /* the protocol violation the model reported */
	long err_cycle;              /* its cycle, or -1 */
	char chk[512];               /* the stimulus's check() failure */
	long chk_cycle;              /* its cycle (its frame is produced), or -1 */
	uint64_t base[WG_MAX_EVENTS];/* model counts at the first reset edge */
	uint64_t *cnt;               /* PIPE_SLOTS x WG_MAX_EVENTS: model counts after each edge */
	int ncov;                    /* functional coverage points (0: none) */
	uint64_t *cov;               /* ncov: the producer's coverage counts over the frames produced */
	uint64_t *covs;              /* PIPE_SLOTS x ncov: cov after each frame (a failure's record) */
	/* Each counter on a cache line of its own, and each side reads the other's only when its own
	 * copy says it must wait (the ring looks full, or no frame looks ready): a frame then costs no
	 * cache-line transfer between the two cores, only a batch of frames does. */
	_Alignas(64) atomic_long produced; /* frames ready: cycles [0, produced) */
	_Alignas(64) atomic_long consumed; /* frames the RTL side is done with */
	_Alignas(64) atomic_int stop;      /* the RTL side stopped: produce no more */
	atomic_int done;                   /* the producer has finished */
} pipe;

static void *producer(void *arg)
{
	pipe *q = arg;
	const wg_harness_cfg *c = q->c;
	const wg_layout *L = c->L;
	const size_t nin = (size_t)L->nwords[WG_IN], nout = (size_t)L->nwords[WG_OUT];
	int armed = 0;
	long consumed = 0; /* the consumer's count as last read (it only grows) */
	for (long cyc = 0; cyc < c->max_cycles; cyc++) {
		for (int spins = 0; cyc - consumed >= PIPE_SLOTS &&
				    cyc - (consumed = atomic_load_explicit(&q->consumed, memory_order_acquire)) >= PIPE_SLOTS;) {
			if (atomic_load_explicit(&q->stop, memory_order_relaxed))
				goto out;
			pipe_backoff(&spins);
		}
		if (atomic_load_explicit(&q->stop, memory_order_relaxed))
			break;
		uint32_t *in = q->in + (size_t)(cyc % PIPE_SLOTS) * nin, *oc = q->oc + (size_t)(cyc % PIPE_SLOTS) * nout;
		memset(in, 0, nin * sizeof *in);
		if (!c->stim->next(q->m->st, q->m->model, in, cyc))
			break;
		memset(oc, 0, nout * sizeof *oc);
		if (c->b->model_eval(q->m->model, in, oc, q->err, sizeof q->err) != 0) {
			q->err_cycle = cyc;
			break;
		}
		if (c->stim->observe)
			c->stim->observe(q->m->st, q->m->model, in, oc, cyc);
		if (q->ncov) {
			c->stim->cover(q->m->st, q->m->model, in, oc, cyc, q->cov);
			memcpy(q->covs + (size_t)(cyc % PIPE_SLOTS) * (size_t)q->ncov, q->cov, (size_t)q->ncov * sizeof *q->cov);
		}
		const char *msg = c->stim->check ? c->stim->check(q->m->st, q->m->model, in, oc, cyc, q->chk, sizeof q->chk) : NULL;
		if (msg && msg != q->chk)
			snprintf(q->chk, sizeof q->chk, "%s", msg);
		c->b->model_tick(q->m->model, in);
		if (L->ev_port >= 0) /* for the record of a failure at this cycle */
			memcpy(q->cnt + (size_t)(cyc % PIPE_SLOTS) * WG_MAX_EVENTS, c->b->model_counts(q->m->model),
			       (size_t)L->nevents * sizeof *q->cnt);
		if (!armed && wg_harness_in_reset(L, in) && L->ev_port >= 0) {
			armed = 1;
			memcpy(q->base, c->b->model_counts(q->m->model), (size_t)L->nevents * sizeof *q->base);
		}
		atomic_store_explicit(&q->produced, cyc + 1, memory_order_release);
		if (msg) { /* the RTL side compares this frame, then fails the run here */
			q->chk_cycle = cyc;
			break;
		}
	}
out:
	atomic_store_explicit(&q->done, 1, memory_order_release);
	return NULL;
}

/* Wait for the frame of cycle cyc: 1 when it is there, 0 when none will come. *seen: the
 * producer's count as last read (frames below it are ready, their writes visible). */
static int pipe_wait(pipe *q, long cyc, long *seen)
{
	if (cyc < *seen)
		return 1;
	while ((*seen = atomic_load_explicit(&q->produced, memory_order_acquire)) <= cyc) {
		if (atomic_load_explicit(&q->done, memory_order_acquire))
			return (*seen = atomic_load_explicit(&q->produced, memory_order_acquire)) > cyc;
		sched_yield();
	}
	return 1;
}

static void loop_pipelined(const wg_harness_cfg *c, wg_harness_res *r, run_mem *m)
{
	const wg_layout *L = c->L;
	const size_t nin = (size_t)L->nwords[WG_IN], nout = (size_t)L->nwords[WG_OUT];
	pipe q = {.c = c, .m = m, .err_cycle = -1, .chk_cycle = -1};
	q.in = wg_xcalloc(PIPE_SLOTS * nin * sizeof *q.in);
	q.oc = wg_xcalloc(PIPE_SLOTS * nout * sizeof *q.oc);
	q.cnt = wg_xcalloc(PIPE_SLOTS * WG_MAX_EVENTS * sizeof *q.cnt);
	q.ncov = r->ncov;
	q.cov = wg_xcalloc(((size_t)q.ncov + 1) * sizeof *q.cov);
	q.covs = wg_xcalloc(PIPE_SLOTS * ((size_t)q.ncov + 1) * sizeof *q.covs);
	pthread_t t;
	if (pthread_create(&t, NULL, producer, &q) != 0) {
		free(q.in);
		free(q.oc);
		free(q.cnt);
		free(q.cov);
		free(q.covs);
		loop(c, r, m);
		return;
	}
	int failed = 0, armed = 0;
	long cyc, seen = 0;
	for (cyc = 0; cyc < c->max_cycles && pipe_wait(&q, cyc, &seen); cyc++) {
		const uint32_t *in = q.in + (size_t)(cyc % PIPE_SLOTS) * nin;
		const uint32_t *oc = q.oc + (size_t)(cyc % PIPE_SLOTS) * nout;
		memcpy(r->hist + (size_t)(cyc % WG_HIST) * nin, in, nin * sizeof *in);
		r->hist_cyc[cyc % WG_HIST] = cyc;
		failed = rtl_eval(c, r, m, in, oc, cyc, armed);
		if (!failed && !rtl_stopped(c, r, m, cyc, &failed))
			failed |= rtl_tick(c, r, m, cyc, !failed);
		if (!armed && wg_harness_in_reset(L, in)) { /* first reset edge: compare from the next cycle */
			armed = 1;
			r->armed_at = cyc + 1;
		}
		if (failed && armed && L->ev_port >= 0) /* counts so far, as loop() records them; read */
			for (int e = 0; e < L->nevents; e++) /* before the slot is handed back */
				r->ev_c[e] = q.cnt[(size_t)(cyc % PIPE_SLOTS) * WG_MAX_EVENTS + e] - q.base[e];
		if (failed && q.ncov) /* coverage up to this frame, also read before the slot is handed back */
			memcpy(r->cov_hits, q.covs + (size_t)(cyc % PIPE_SLOTS) * (size_t)q.ncov,
			       (size_t)q.ncov * sizeof *r->cov_hits);
		atomic_store_explicit(&q.consumed, cyc + 1, memory_order_release);
		if (failed) {
			cyc++;
			break;
		}
	}
	atomic_store_explicit(&q.stop, 1, memory_order_relaxed);
	pthread_join(t, NULL);
	r->cycles = cyc;
	if (!failed && q.ncov) /* every frame produced was consumed (see producer()'s stops) */
		memcpy(r->cov_hits, q.cov, (size_t)q.ncov * sizeof *r->cov_hits);
	if (!failed && q.err_cycle == cyc) { /* the model stopped at this cycle, as in loop() */
		fail(r, WG_V_PROTOCOL, cyc, q.err);
		memcpy(r->hist + (size_t)(cyc % WG_HIST) * nin, q.in + (size_t)(cyc % PIPE_SLOTS) * nin,
		       nin * sizeof *q.in);
		r->hist_cyc[cyc % WG_HIST] = cyc;
		if (armed && L->ev_port >= 0)
			for (int e = 0; e < L->nevents; e++)
				r->ev_c[e] = c->b->model_counts(m->model)[e] - q.base[e];
		failed = 1;
	}
	if (!failed && q.chk_cycle >= 0 && q.chk_cycle < cyc) { /* after the frame's comparison, as in loop() */
		fail(r, WG_V_CHECK, q.chk_cycle, q.chk);
		if (armed && L->ev_port >= 0)
			for (int e = 0; e < L->nevents; e++)
				r->ev_c[e] = q.cnt[(size_t)(q.chk_cycle % PIPE_SLOTS) * WG_MAX_EVENTS + e] - q.base[e];
		failed = 1;
	}
	free(q.in);
	free(q.oc);
	free(q.cnt);
	free(q.cov);
	free(q.covs);
	if (!failed)
		finish_run(c, r, m->model, q.base, armed, cyc);
	if (!failed && r->verdict == WG_V_PASS && c->stim->finish) {
		char err[512];
		const char *msg = c->stim->finish(m->st, &r->key_cycle, err, sizeof err);
		if (msg)
			fail(r, WG_V_CHECK, cyc, msg);
	}
}

const char *wg_harness_precheck(const wg_stim_def *s, const long *p, const wg_layout *L, const long *knobs,
				int case_idx, uint64_t seed, char *err, size_t n)
{
	void *st = wg_xcalloc(s->size(p));
	char buf[512];
	const char *msg = s->init(st, p, L, knobs, case_idx, seed, buf, sizeof buf);
	if (msg)
		snprintf(err, n, "%s", msg);
	wg_stim_release(s, st);
	return msg ? err : NULL;
}

int wg_harness_loop_env(wg_loop *l)
{
	const char *v = getenv("WARPGEN_LOOP");
	*l = WG_LOOP_AUTO;
	if (!v || !v[0])
		return 0;
	if (strcmp(v, "plain") == 0)
		*l = WG_LOOP_PLAIN;
	else if (strcmp(v, "pipelined") == 0)
		*l = WG_LOOP_PIPELINED;
	else
		return -1;
	return 0;
}

wg_loop wg_harness_auto_loop(void)
{
	wg_loop l;
	if (wg_harness_loop_env(&l) == 0 && l != WG_LOOP_AUTO)
		return l;
	cpu_set_t set;
	int cpus = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 1;
	double load;
	if (cpus < 2 || getloadavg(&load, 1) != 1)
		return cpus < 2 ? WG_LOOP_PLAIN : WG_LOOP_PIPELINED;
	return load <= cpus - 1 ? WG_LOOP_PIPELINED : WG_LOOP_PLAIN;
}

int wg_harness_run(const wg_harness_cfg *c, wg_harness_res *r)
{
	const wg_layout *L = c->L;
	char err[512];
	memset(r, 0, sizeof *r);
	r->armed_at = r->fail_cycle = r->key_cycle = -1;
	for (int i = 0; i < WG_HIST; i++)
		r->hist_cyc[i] = -1;
	r->out_c = wg_xcalloc((size_t)L->nwords[WG_OUT] * sizeof(uint32_t));
	r->out_v = wg_xcalloc((size_t)L->nwords[WG_OUT] * sizeof(uint32_t));
	r->hist = wg_xcalloc((size_t)WG_HIST * (size_t)L->nwords[WG_IN] * sizeof(uint32_t));
	r->ncov = c->stim->cover && c->stim->ncov > 0 ? c->stim->ncov : 0;
	r->cov_hits = wg_xcalloc(((size_t)r->ncov + 1) * sizeof *r->cov_hits);

	run_mem m = {0};
	m.model = wg_xcalloc(c->b->model_size(c->p));
	c->b->model_init(m.model, c->p, L);
	m.st = wg_xcalloc(c->stim->size(c->p));
	const char *msg = c->stim->init(m.st, c->p, L, c->knobs, c->case_idx, c->seed, err, sizeof err);
	if (msg) {
		fail(r, WG_V_SETUP, 0, msg);
		free(m.model);
		wg_stim_release(c->stim, m.st);
		return 0;
	}
	m.rtl = c->dut ? wg_dut_create(c->dut, c->seed) : NULL;
	if (c->dut && !m.rtl) {
		free(m.model);
		wg_stim_release(c->stim, m.st);
		return -1;
	}
	m.in = wg_xcalloc((size_t)L->nwords[WG_IN] * sizeof(uint32_t));
	m.oc = wg_xcalloc((size_t)L->nwords[WG_OUT] * sizeof(uint32_t));
	m.ov = wg_xcalloc((size_t)L->nwords[WG_OUT] * sizeof(uint32_t));

	double t0 = wg_now();
	if (c->dut && c->case_idx < 0 && !c->trace_path && !c->model_vcd && c->run_on == 0 &&
	    c->max_cycles >= PIPE_SLOTS && c->loop != WG_LOOP_PLAIN &&
	    (c->loop == WG_LOOP_PIPELINED || wg_harness_auto_loop() == WG_LOOP_PIPELINED))
		loop_pipelined(c, r, &m); /* random stimulus, no waveform: overlap the two sides */
	else
		loop(c, r, &m);
	r->seconds = wg_now() - t0;

	if (c->dut)
		c->dut->destroy(m.rtl);
	if (r->traced)
		wg_fst_strip_date(c->trace_path);
	free(m.model);
	wg_stim_release(c->stim, m.st);
	free(m.in);
	free(m.oc);
	free(m.ov);
	return 0;
}

int wg_wave_run(wg_harness_cfg *cfg, const char *fst, wg_harness_res *r)
{
	char tmp[PATH_MAX + 32];
	wg_tmp_name(fst, tmp, sizeof tmp);
	const char *saved = cfg->trace_path;
	cfg->trace_path = tmp;
	int rc = wg_harness_run(cfg, r);
	cfg->trace_path = saved;
	if (rc == 0 && r->traced && rename(tmp, fst) == 0)
		return 0;
	remove(tmp);
	r->traced = 0;
	return rc;
}
