/* equalizer_stim_cases.c - the directed cases of the `equalizer` stimulus
 * (docs/equalizer.md, spec §2.4 and §2.12), one function each (wg_kit.h).
 * Each case drives whole epochs whose per-sample warp states add up to
 * chosen sums (its plan's rows, eqs_drive_row), plus CTA events at chosen
 * moments; every output is checked every cycle against the shadow
 * (equalizer_stim.c), and the case's FINISH phase checks its own claim on
 * the decisions, T and the CTA events recorded (eqs_case_record), with
 * hard-coded expectations (from the spec's truth table, not from the shadow).
 *
 * A case's drive is a script with state (the distributor, the script's step,
 * the end mark) that reacts to the shadow: it fills s->cur in the DRIVE
 * phase only (driving), never again in CHECK. A case ends 24 cycles after
 * its end condition first held (ending). */
#include <stdio.h>
#include <string.h>

#include "equalizer_stim.h"
#include "equalizer_stim_cases.h"

/* Most cases share one parameter set (one Verilator build): S = 32, W_cta = 8
 * gives the spec's truth table; barrier warps fill the active sums. */
#define SET_A "WARPS=64,SAMPLE_PERIOD=4,EPOCH=128,BARRIER_IS_ACTIVE=1"
#define SET_B SET_A ",NORM=SHIFT,OBJECTIVE=PERFORMANCE"

#define RI {R_IDLE, 0, 0, 0, 0}
#define RM {R_SUMS, 257, 0, 0, 257}        /* -1 MEM */
#define RP {R_SUMS, 64, 100, 700, 1200}    /* +1 COMP */
#define RZ {R_SUMS, 10, 10, 600, 1200}     /* 0 NONE */
#define RALLM {R_ALLMEM, 0, 0, 0, 0}
#define RALLW {R_ALLWAIT, 0, 0, 0, 0}
#define REDGE {R_EDGE_ODD, 0, 0, 0, 0}

typedef struct cplan {
	unsigned kmax, wcta;  /* the first kernel */
	long pool;            /* its CTAs */
	int n;                /* rows */
	eqs_row rows[10];     /* epoch e of the kernel drives rows[min(e, n-1)] */
	int nep;              /* decisions after which the case ends (24 cycles later) */
} cplan;

enum { C = EQ_VOTE_COMP, M = EQ_VOTE_MEM, N = EQ_VOTE_NONE };
/* ENERGY: COMP lowers memory (011), MEM lowers the SM (001) */
#define VC 3u
#define VM 1u

/* ---- the script engine (DRIVE phase) ---- */

static int driving(const wg_cyc *c) { return c->phase == WG_DRIVE; }

/* Two reset cycles before a case's cycle 0 (next() packs s->cur into the frame). */
static void prologue(void *st, uint32_t *in, long cyc)
{
	(void)in, (void)cyc;
	eqs_stim *s = st;
	s->cur.rst = 1;
}

static void kstart(eqs_stim *s, unsigned kmax, unsigned wcta, long pool)
{
	eqs_kstart(s, kmax, wcta, pool);
	if (s->nk < 4)
		s->kcyc[s->nk] = s->cyc_now;
	s->nk++;
}

static void done_slot(eqs_stim *s, unsigned sl)
{
	s->cur.done = 1;
	s->cur.dslot = sl;
	s->dslot_cyc = s->cyc_now;
}

/* decisions of kernel kn (kernel starts before them) */
static int ndec_k(const eqs_stim *s, int kn)
{
	int c = 0;
	for (int i = 0; i < s->ndec; i++)
		c += s->dec[i].kn == kn;
	return c;
}

static const eqs_dec *dec_k(const eqs_stim *s, int kn, int ep)
{
	for (int i = 0; i < s->ndec; i++)
		if (s->dec[i].kn == kn && s->dec[i].ep == ep)
			return &s->dec[i];
	return NULL;
}

/* The end condition holds this cycle: 1 when the case has ended (24 cycles
 * after it first held; this cycle is not driven). */
static int ending(eqs_stim *s, wg_cyc *c)
{
	if (s->tmark < 0)
		s->tmark = c->cyc;
	if (c->cyc - s->tmark > 24) {
		wg_case_len(c, c->t);
		return 1;
	}
	return 0;
}

/* kernel change: drain (one finished CTA a cycle) and start the next kernel */
static void drain_or_start(eqs_stim *s, unsigned kmax, unsigned wcta, long pool, const eqs_row *row)
{
	if (!s->r.valid) {
		kstart(s, kmax, wcta, pool);
		eqs_gwde(s);
		s->phase++;
		return;
	}
	eqs_gwde(s);
	int sl = 0;
	while (!((s->r.valid >> sl) & 1u))
		sl++;
	done_slot(s, (unsigned)sl);
	eqs_drive_row(s, row);
}

/* A plan's cycle up to its row: the kernel start at t = 0, the end after the
 * plan's decisions, else the distributor. 1 when the row is to be driven. */
static int plan_begin(eqs_stim *s, wg_cyc *c, const cplan *p)
{
	if (c->t == 0) {
		kstart(s, p->kmax, p->wcta, p->pool);
		eqs_gwde(s);
		return 0;
	}
	if (s->ndec >= p->nep && ending(s, c))
		return 0;
	eqs_gwde(s);
	return 1;
}

static void plan_row(eqs_stim *s, const cplan *p)
{
	eqs_drive_row(s, &p->rows[s->ep < p->n ? s->ep : p->n - 1]);
}

/* A plan and nothing else. */
static void plan_drive(eqs_stim *s, wg_cyc *c, const cplan *p)
{
	if (driving(c) && plan_begin(s, c, p))
		plan_row(s, p);
}

/* Once slot 7 is paused: the active CTA in slot 0 finishes; events count from there. */
static void done_when_paused(eqs_stim *s)
{
	if (s->phase == 0 && s->r.paused) {
		done_slot(s, 0);
		s->phase = 1;
		memset(s->ev_n, 0, sizeof s->ev_n);
	}
}

/* ---- checks (CHECK phase) and claims (FINISH phase) ---- */

static unsigned out_port(const eqs_stim *s, const wg_cyc *c, int port)
{
	return (unsigned)wg_port_get(s->L, c->out, port);
}

/* After the CTA finished (phase 1): no request to the distributor. */
static void no_request(const eqs_stim *s, wg_cyc *c)
{
	if (s->phase == 1)
		WG_EXPECT(c, !out_port(s, c, EQ_CTA_REQ_O),
			  "cycle %ld: cta_req_o while a paused CTA could be resumed or the distributor is empty", c->cyc);
}

/* decision of kernel kn, epoch ep: delta, vote, vf, T */
static void want(const eqs_stim *s, wg_cyc *c, int kn, int ep, int delta, int vote, unsigned vf, unsigned t)
{
	const eqs_dec *d = dec_k(s, kn, ep);
	WG_EXPECT(c, d, "kernel %d epoch %d: no decision seen", kn, ep);
	WG_EXPECT(c, d->delta == delta && d->vote == vote && d->vf == vf && d->t == t,
		  "kernel %d epoch %d (dec_valid_o at cycle %ld): delta %d vote %d vf %u T %u, expected delta %d vote %d "
		  "vf %u T %u",
		  kn, ep, d->cyc, d->delta, d->vote, d->vf, d->t, delta, vote, vf, t);
}

#define WANT(kn, ep, dl, vo, vf, t)                                                                                 \
	do {                                                                                                       \
		want(s, c, kn, ep, dl, vo, vf, t);                                                                 \
		if (c->fail)                                                                                       \
			return;                                                                                    \
	} while (0)

/* the sums the C model decided on (eq_last_sums): exactly the driven ones */
static void want_sums(const eqs_stim *s, wg_cyc *c, int kn, int ep, long xm, long xa, long wt, long a)
{
	const eqs_dec *d = dec_k(s, kn, ep);
	WG_EXPECT(c, d, "kernel %d epoch %d: no decision seen", kn, ep);
	WG_EXPECT(c, d->sums.xmem == (unsigned long)xm && d->sums.xalu == (unsigned long)xa &&
			     d->sums.waiting == (unsigned long)wt && d->sums.active == (unsigned long)a,
		  "kernel %d epoch %d: the model decided on XM %u XA %u WT %u A %u, driven %ld %ld %ld %ld", kn, ep,
		  d->sums.xmem, d->sums.xalu, d->sums.waiting, d->sums.active, xm, xa, wt, a);
}

#define WANT_SUMS(kn, ep, xm, xa, wt, a)                                                                            \
	do {                                                                                                       \
		want_sums(s, c, kn, ep, xm, xa, wt, a);                                                            \
		if (c->fail)                                                                                       \
			return;                                                                                    \
	} while (0)

/* the cycle before the decision of kernel kn, epoch ep (the epoch's last cycle) */
static long key_of(const eqs_stim *s, int kn, int ep)
{
	const eqs_dec *d = dec_k(s, kn, ep);
	return d ? d->cyc - 1 : 0;
}

/* ---- the cases ---- */

static void case_epoch_edge(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 100, 6, {RI, REDGE, RI, REDGE, RI, RI}, 5};
	eqs_stim *s = st;
	plan_drive(s, c, &p);
	if (wg_done(c)) {
		WANT(1, 0, 0, C, VC, 8);
		WANT(1, 1, 0, M, VM, 8);
		WANT(1, 2, 0, C, VC, 8);
		WANT(1, 3, 0, M, VM, 8);
		WANT(1, 4, 0, C, VC, 8);
		WANT_SUMS(1, 1, 65, 0, 0, 65);
		WANT_SUMS(1, 2, 0, 0, 0, 0);
		c->key = key_of(s, 1, 1);
	}
}

static void case_cnt_max(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 100, 5, {RI, RALLM, RI, RALLW, RALLM}, 5};
	eqs_stim *s = st;
	plan_drive(s, c, &p);
	if (wg_done(c)) {
		WANT_SUMS(1, 1, 2048, 0, 0, 2048);
		WANT_SUMS(1, 3, 0, 0, 2048, 2048);
		WANT(1, 1, -1, M, VM, 8);
		WANT(1, 2, 0, C, VC, 8);
		WANT(1, 3, 1, M, VM, 8);
		WANT(1, 4, -1, M, VM, 8);
		c->key = key_of(s, 1, 1);
	}
}

/* A truth-table row: idle, then the row's sums (p->rows[1]): delta, vote, vf (ENERGY). */
static void tt_case(eqs_stim *s, wg_cyc *c, const cplan *p, int delta, int vote, unsigned vf)
{
	plan_drive(s, c, p);
	if (wg_done(c)) {
		WG_EXPECT(c, s->r.valid == 0xffu, "the 8 CTAs did not fill the SM (valid %#x)", s->r.valid);
		WANT(1, 1, delta, vote, vf, 8);
		WANT_SUMS(1, 1, p->rows[1].xm, p->rows[1].xa, p->rows[1].wt, p->rows[1].a);
		c->key = key_of(s, 1, 1);
	}
}

static void case_tt_xmem_w(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 100, 3, {RI, RM, RI}, 2};
	tt_case(st, c, &p, -1, M, VM);
}

static void case_tt_xalu_w(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 100, 3, {RI, {R_SUMS, 256, 256, 0, 512}, RI}, 2};
	tt_case(st, c, &p, 0, C, VC);
}

static void case_tt_xmem_2(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 100, 3, {RI, {R_SUMS, 65, 255, 0, 320}, RI}, 2};
	tt_case(st, c, &p, 0, M, VM);
}

static void case_tt_unsat_comp(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 100, 3, {RI, RP, RI}, 2};
	tt_case(st, c, &p, 1, C, VC);
}

static void case_tt_unsat_tie(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 100, 3, {RI, {R_SUMS, 64, 64, 700, 1200}, RI}, 2};
	tt_case(st, c, &p, 1, M, VM);
}

static void case_tt_degen(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 100, 3, {RI, RZ, RI}, 2};
	tt_case(st, c, &p, 0, N, 0);
}

static void case_tt_idle(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 100, 3, {RI, {R_SUMS, 0, 0, 0, 0}, RI}, 2};
	tt_case(st, c, &p, 0, C, VC);
}

/* NORM=SHIFT, OBJECTIVE=PERFORMANCE */
static void case_norm_shift(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 100, 4, {RI, {R_SUMS, 65, 0, 0, 65}, {R_SUMS, 96, 0, 0, 96}, RI}, 3};
	eqs_stim *s = st;
	plan_drive(s, c, &p);
	if (wg_done(c)) {
		WANT(1, 1, 0, N, 0, 8);
		WANT(1, 2, 0, M, 7u, 8);
		WANT_SUMS(1, 1, 65, 0, 0, 65);
		c->key = key_of(s, 1, 1);
	}
}

/* NORM=SHIFT, OBJECTIVE=PERFORMANCE */
static void case_vf_perf(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 100, 5, {RI, {R_SUMS, 0, 256, 0, 256}, {R_SUMS, 300, 0, 0, 300}, RP, RI}, 4};
	eqs_stim *s = st;
	plan_drive(s, c, &p);
	if (wg_done(c)) {
		WANT(1, 0, 0, C, 5u, 8);
		WANT(1, 1, 0, C, 5u, 8);
		WANT(1, 2, -1, M, 7u, 8);
		WANT(1, 3, 1, C, 5u, 8);
		c->key = key_of(s, 1, 2);
	}
}

static void case_hyst(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 100, 8, {RI, RM, RM, RZ, RM, RM, RM, RI}, 8};
	eqs_stim *s = st;
	plan_drive(s, c, &p);
	if (wg_done(c)) {
		for (int e = 1; e <= 5; e++)
			WANT(1, e, e == 3 ? 0 : -1, e == 3 ? N : M, e == 3 ? 0u : VM, 8);
		WANT(1, 6, -1, M, VM, 7);
		WANT(1, 7, 0, C, VC, 7);
		WG_EXPECT(c, s->ev_n[EQ_EV_TCHANGE] == 1 && s->ev_first[EQ_EV_TCHANGE] == key_of(s, 1, 6),
			  "tchange: %ld events, first at cycle %ld, expected one at cycle %ld", s->ev_n[EQ_EV_TCHANGE],
			  s->ev_first[EQ_EV_TCHANGE], key_of(s, 1, 6));
		WG_EXPECT(c, s->ev_n[EQ_EV_PAUSE] == 1 && s->r.paused == 0x80u,
			  "expected one pause, of the youngest CTA (slot 7): %ld pauses, paused %#x", s->ev_n[EQ_EV_PAUSE],
			  s->r.paused);
		c->key = key_of(s, 1, 6);
	}
}

static void case_hyst_broken(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 100, 7, {RI, RP, RP, RM, RM, RM, RI}, 7};
	eqs_stim *s = st;
	plan_drive(s, c, &p);
	if (wg_done(c)) {
		WANT(1, 1, 1, C, VC, 8);
		WANT(1, 2, 1, C, VC, 8);
		WANT(1, 3, -1, M, VM, 8);
		WANT(1, 4, -1, M, VM, 8);
		WANT(1, 5, -1, M, VM, 7);
		WG_EXPECT(c, s->ev_n[EQ_EV_TCHANGE] == 1, "%ld tchange events, expected 1", s->ev_n[EQ_EV_TCHANGE]);
		c->key = key_of(s, 1, 3);
	}
}

static void case_hyst_clamp(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 100, 8, {RI, RP, RP, RP, RM, RM, RM, RI}, 8};
	eqs_stim *s = st;
	plan_drive(s, c, &p);
	if (wg_done(c)) {
		for (int e = 1; e <= 3; e++)
			WANT(1, e, 1, C, VC, 8);
		WANT(1, 4, -1, M, VM, 8);
		WANT(1, 5, -1, M, VM, 8);
		WANT(1, 6, -1, M, VM, 7);
		WG_EXPECT(c, s->ev_n[EQ_EV_TCHANGE] == 1 && s->ev_first[EQ_EV_TCHANGE] == key_of(s, 1, 6),
			  "tchange: %ld events, first at cycle %ld; expected only the decrease at cycle %ld",
			  s->ev_n[EQ_EV_TCHANGE], s->ev_first[EQ_EV_TCHANGE], key_of(s, 1, 6));
		WG_EXPECT(c, s->ev_n[EQ_EV_CTA_REQ] == 8 && s->ev_n[EQ_EV_UNPAUSE] == 0,
			  "at the clamp: %ld requests (8 expected: the fill), %ld unpauses", s->ev_n[EQ_EV_CTA_REQ],
			  s->ev_n[EQ_EV_UNPAUSE]);
		c->key = key_of(s, 1, 3);
	}
}

static void case_done_paused(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 100, 5, {RI, RM, RM, RM, RI}, 6};
	eqs_stim *s = st;
	if (driving(c) && plan_begin(s, c, &p)) {
		done_when_paused(s);
		plan_row(s, &p);
	}
	if (wg_checking(c))
		no_request(s, c);
	if (wg_done(c)) {
		WANT(1, 3, -1, M, VM, 7);
		WG_EXPECT(c, s->dslot_cyc >= 0, "the active CTA never finished");
		WG_EXPECT(c, s->ev_n[EQ_EV_UNPAUSE] == 1 && s->ev_n[EQ_EV_CTA_REQ] == 0 && s->ev_n[EQ_EV_PAUSE] == 0,
			  "after the CTA finished: %ld unpauses (1), %ld requests (0), %ld pauses (0)",
			  s->ev_n[EQ_EV_UNPAUSE], s->ev_n[EQ_EV_CTA_REQ], s->ev_n[EQ_EV_PAUSE]);
		WG_EXPECT(c, s->r.valid == 0xfeu && s->r.paused == 0 && s->r.t == 7 && s->pool > 0,
			  "end: valid %#x paused %#x T %u pool %ld; expected fe, 0, 7, CTAs left", s->r.valid, s->r.paused,
			  s->r.t, s->pool);
		c->key = s->dslot_cyc;
	}
}

static void case_pause_done(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 100, 5, {RI, RM, RM, RM, RI}, 5};
	eqs_stim *s = st;
	if (driving(c) && plan_begin(s, c, &p)) {
		unsigned U = eqs_popc(s->r.valid & ~s->r.paused);
		if (s->phase == 0 && U > s->r.t) { /* a pause is due in this cycle */
			done_slot(s, 0);
			s->phase = 1;
			memset(s->ev_n, 0, sizeof s->ev_n);
		}
		plan_row(s, &p);
	}
	if (wg_checking(c) && c->cyc == s->dslot_cyc)
		WG_EXPECT(c, !(out_port(s, c, EQ_EV_O) & (1u << EQ_EV_PAUSE | 1u << EQ_EV_UNPAUSE)),
			  "cycle %ld: a controller action in the cycle of cta_done_i", c->cyc);
	if (wg_done(c)) {
		WANT(1, 3, -1, M, VM, 7);
		WG_EXPECT(c, s->dslot_cyc >= 0 && s->dslot_cyc == key_of(s, 1, 3) + 1,
			  "the CTA finished at cycle %ld, not in the cycle after T dropped (%ld)", s->dslot_cyc,
			  key_of(s, 1, 3) + 1);
		WG_EXPECT(c, s->ev_n[EQ_EV_PAUSE] == 0 && s->ev_n[EQ_EV_UNPAUSE] == 0 && s->ev_n[EQ_EV_CTA_REQ] == 0,
			  "after the CTA finished: %ld pauses, %ld unpauses, %ld requests (all 0 expected)",
			  s->ev_n[EQ_EV_PAUSE], s->ev_n[EQ_EV_UNPAUSE], s->ev_n[EQ_EV_CTA_REQ]);
		WG_EXPECT(c, s->r.valid == 0xfeu && s->r.paused == 0 && s->r.t == 7, "end: valid %#x paused %#x T %u",
			  s->r.valid, s->r.paused, s->r.t);
		c->key = s->dslot_cyc;
	}
}

/* a kernel of exactly 8 CTAs (pool 8) */
static void case_inc_none(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 8, 8, {RI, RM, RM, RM, RP, RP, RP, RI}, 8};
	eqs_stim *s = st;
	if (driving(c) && plan_begin(s, c, &p)) {
		done_when_paused(s);
		plan_row(s, &p);
	}
	if (wg_checking(c))
		no_request(s, c);
	if (wg_done(c)) {
		WANT(1, 3, -1, M, VM, 7);
		WANT(1, 4, 1, C, VC, 7);
		WANT(1, 5, 1, C, VC, 7);
		WANT(1, 6, 1, C, VC, 8);
		WG_EXPECT(c, s->ev_n[EQ_EV_UNPAUSE] == 1 && s->ev_n[EQ_EV_CTA_REQ] == 0 && s->pool == 0,
			  "after the pool emptied: %ld unpauses (1), %ld requests (0), pool %ld", s->ev_n[EQ_EV_UNPAUSE],
			  s->ev_n[EQ_EV_CTA_REQ], s->pool);
		WG_EXPECT(c, s->r.valid == 0xfeu && s->r.paused == 0 && s->r.t == 8,
			  "end: valid %#x paused %#x T %u; expected fe, 0, 8 (U = 7 < T)", s->r.valid, s->r.paused,
			  s->r.t);
		c->key = key_of(s, 1, 6);
	}
}

/* Kernel 1 (p: idle, -1, -1, X_mem) until mid-epoch 3, a drain and kernel 2
 * (kmax 4, W_cta 16, X_mem), again mid-epoch a drain and kernel 3 (idle). */
static void kchange_drive(eqs_stim *s, wg_cyc *c, const cplan *p)
{
	const eqs_row rallm = RALLM, ri = RI;
	int mid = s->ep == 3 && s->r.cyc == (unsigned)s->c.epoch / 2;
	switch (s->phase) {
	case 0: /* kernel 1: idle, -1, -1, then X_mem until mid-epoch */
		if (c->t == 0) {
			kstart(s, p->kmax, p->wcta, p->pool);
			eqs_gwde(s);
			return;
		}
		if (mid)
			s->phase = 1;
		break;
	case 2: /* kernel 2: X_mem every epoch (-1 x3), mid-epoch again */
		if (mid)
			s->phase = 3;
		break;
	case 4: /* kernel 3: idle */
		if (ndec_k(s, 3) >= 2 && ending(s, c))
			return;
		eqs_gwde(s);
		eqs_drive_row(s, &ri);
		return;
	default:
		break;
	}
	if (s->phase == 1) {
		drain_or_start(s, 4, 16, 4, &rallm);
		return;
	}
	if (s->phase == 3) {
		drain_or_start(s, 2, 8, 2, &rallm);
		return;
	}
	eqs_gwde(s);
	if (s->phase == 2)
		eqs_drive_row(s, &rallm);
	else
		plan_row(s, p);
}

static void case_kchange(void *st, wg_cyc *c)
{
	static const cplan p = {8, 8, 8, 4, {RI, RM, RM, RALLM}, 0};
	eqs_stim *s = st;
	const long ep_len = s->c.epoch;
	if (driving(c))
		kchange_drive(s, c, &p);
	if (wg_done(c)) {
		WANT(1, 0, 0, C, VC, 8);
		WANT(1, 1, -1, M, VM, 8);
		WANT(1, 2, -1, M, VM, 8);
		WG_EXPECT(c, ndec_k(s, 1) == 3, "kernel 1: %d decisions, expected 3 (the interrupted epoch decides nothing)",
			  ndec_k(s, 1));
		WG_EXPECT(c, s->nk == 3, "%d kernel starts", s->nk);
		WG_EXPECT(c, dec_k(s, 2, 0) && dec_k(s, 2, 0)->cyc == s->kcyc[1] + ep_len + 1,
			  "kernel 2's first decision not EPOCH cycles after its start (cycle %ld)", s->kcyc[1]);
		WANT(2, 0, -1, M, VM, 4);
		WANT(2, 1, -1, M, VM, 4);
		WANT(2, 2, -1, M, VM, 3);
		WG_EXPECT(c, dec_k(s, 3, 0) && dec_k(s, 3, 0)->cyc == s->kcyc[2] + ep_len + 1,
			  "kernel 3's first decision not EPOCH cycles after its start (cycle %ld)", s->kcyc[2]);
		WANT(3, 0, 0, C, VC, 2);
		WANT(3, 1, 0, C, VC, 2);
		c->key = s->kcyc[1];
	}
}

/* No kernel for two epochs, then kernel p (kmax 4, 2 CTAs) whose CTAs finish at once. */
static void idle_sm_drive(eqs_stim *s, wg_cyc *c, const cplan *p)
{
	eqs_in *in = &s->cur;
	const eqs_row ri = RI;
	if (s->phase == 0 && s->ndec >= 2) {
		kstart(s, p->kmax, p->wcta, p->pool);
		s->phase = 1;
	}
	if (s->phase == 1 && ndec_k(s, 1) >= 3 && ending(s, c))
		return;
	eqs_gwde(s);
	if (s->phase == 1 && s->pool == 0 && s->r.valid && !in->kstart) { /* the CTAs finish at once */
		unsigned sl = (unsigned)__builtin_ctz(s->r.valid);
		if (!(in->launch && in->lslot == sl))
			done_slot(s, sl);
	}
	eqs_drive_row(s, &ri);
}

static void case_idle_sm(void *st, wg_cyc *c)
{
	static const cplan p = {4, 8, 2, 1, {RI}, 0};
	eqs_stim *s = st;
	if (driving(c))
		idle_sm_drive(s, c, &p);
	if (wg_checking(c) && s->phase == 0) {
		unsigned ev = out_port(s, c, EQ_EV_O);
		WG_EXPECT(c, !(ev & (1u << EQ_EV_PAUSE | 1u << EQ_EV_UNPAUSE | 1u << EQ_EV_CTA_REQ | 1u << EQ_EV_TCHANGE |
				     1u << EQ_EV_VOTE)) &&
				     out_port(s, c, EQ_NBLOCKS_O) == 0 && !out_port(s, c, EQ_CTA_VALID_O),
			  "cycle %ld: CTA activity or a vote without a kernel (ev_o %#x)", c->cyc, ev);
	}
	if (wg_done(c)) {
		WANT(0, 0, 0, N, 0u, 0);
		WANT(0, 1, 0, N, 0u, 0);
		WANT(1, 0, 0, C, VC, 4);
		WANT(1, 1, 0, C, VC, 4);
		WANT(1, 2, 0, C, VC, 4);
		WG_EXPECT(c, s->ev_n[EQ_EV_DECIDE] == 5 && s->ev_n[EQ_EV_VOTE] == 3,
			  "%ld decide and %ld vote events, expected 5 (2 without a kernel) and 3 (the kernel's only)",
			  s->ev_n[EQ_EV_DECIDE], s->ev_n[EQ_EV_VOTE]);
		WG_EXPECT(c, s->r.valid == 0 && s->r.paused == 0 && s->pool == 0 && s->ev_n[EQ_EV_CTA_REQ] == 2 &&
				     s->ev_n[EQ_EV_PAUSE] == 0 && s->ev_n[EQ_EV_UNPAUSE] == 0,
			  "end: valid %#x paused %#x pool %ld, %ld requests, %ld pauses, %ld unpauses; expected 0, 0, 0, 2, 0, "
			  "0",
			  s->r.valid, s->r.paused, s->pool, s->ev_n[EQ_EV_CTA_REQ], s->ev_n[EQ_EV_PAUSE],
			  s->ev_n[EQ_EV_UNPAUSE]);
		WG_EXPECT(c, dec_k(s, 1, 1) && dec_k(s, 1, 1)->sums.active == 0, "kernel 1 epoch 1: not an idle epoch");
		c->key = key_of(s, 1, 1);
	}
}

/* ---- every case, every cycle: the record its claims read ---- */

const char *eqs_case_record(eqs_stim *s, const eqs_out *o, long cyc, char *buf, size_t n)
{
	for (int e = 0; e < EQ_NEVENTS; e++)
		if ((o->ev >> e) & 1u && !(e == EQ_EV_TCHANGE && s->cur.kstart)) {
			s->ev_n[e]++;
			if (s->ev_first[e] < 0)
				s->ev_first[e] = cyc;
		}
	if (o->dv) {
		EXPECT(s->ndec < EQS_MAXDEC, "too many decisions");
		eqs_dec *d = &s->dec[s->ndec++];
		d->cyc = cyc;
		d->delta = o->delta == 3 ? -1 : (int)o->delta;
		d->vote = (int)o->vote;
		d->vf = o->vf;
		d->t = o->nb;
		d->ep = s->ep - 1;
		d->kn = s->nk;
		d->sums = s->last_sums;
	}
	return NULL;
}

/* ---- the table ---- */

const wg_case_def eqs_cases[EQS_NCASES] = {
	[C_EPOCH_EDGE] = {"epoch_boundary_sample",
		"one X_mem warp at an epoch's first sample and 64 at its last (XM = 65 > 2S: MEM) in every other epoch, "
		"nothing in between: MEM/COMP alternate only if exactly S samples land in each epoch with the last one "
		"bypassed into the closing epoch; sample_o counted between decisions",
		"spec §2.12 #1, A-EQ-16", SET_A, .run = case_epoch_edge,
		.focus = "hv_i hmem_i sample_o dec_valid_o delta_o vote_o cyc_q xmem_q act_q"},
	[C_CNT_MAX] = {"counter_max",
		"all 64 warps X_mem for all 32 samples (XM = A = 2048 = 2^11: needs the 12-bit counters): -1/MEM; "
		"then an idle epoch (counters restarted: COMP), all waiting (WT = A = 2048: +1/MEM), all X_mem again",
		"spec §2.12 #2", SET_A, .run = case_cnt_max,
		.focus = "hv_i hmem_i hbar_i dec_valid_o delta_o vote_o cyc_q xmem_q wait_q act_q"},
	[C_TT_XMEM_W] = {"tt_xmem_over_wcta", "truth table row 1: XM = 257 > W_cta*S: -1, MEM, vf 001 (ENERGY)",
		"spec §2.4 table", SET_A, .run = case_tt_xmem_w,
		.focus = "wcta_i hv_i hmem_i dec_valid_o delta_o vote_o vf_o xmem_q xalu_q act_q"},
	[C_TT_XALU_W] = {"tt_xalu_at_wcta", "row 2: XM = 256 (not > 256), XA = 256 >= W_cta*S: 0, COMP, vf 011",
		"spec §2.4 table", SET_A, .run = case_tt_xalu_w,
		.focus = "wcta_i hv_i hrdy_i hmem_i dec_valid_o delta_o vote_o vf_o xmem_q xalu_q act_q"},
	[C_TT_XMEM_2] = {"tt_xmem_over_2", "row 3: XM = 65 > 2S (SCALED), XA = 255: 0, MEM, vf 001", "spec §2.4 table",
		SET_A, .run = case_tt_xmem_2,
		.focus = "hv_i hrdy_i hmem_i dec_valid_o delta_o vote_o vf_o xmem_q xalu_q"},
	[C_TT_UNSAT_COMP] = {"tt_unsat_comp", "row 4: XM 64, XA 100, WT 700, A 1200: +1, COMP (100 > 64), vf 011",
		"spec §2.4 table", SET_A, .run = case_tt_unsat_comp,
		.focus = "hv_i hrdy_i hmem_i hbar_i dec_valid_o delta_o vote_o vf_o xmem_q xalu_q wait_q act_q"},
	[C_TT_UNSAT_TIE] = {"tt_unsat_tie_mem", "row 5: XM 64, XA 64, WT 700, A 1200: +1, MEM (a tie goes to MEM), vf 001",
		"spec §2.4 table", SET_A, .run = case_tt_unsat_tie,
		.focus = "hv_i hrdy_i hmem_i hbar_i dec_valid_o delta_o vote_o vf_o xmem_q xalu_q wait_q act_q"},
	[C_TT_DEGEN] = {"tt_degenerate", "row 6: XM 10, XA 10, WT 600, A 1200 (2*600 is not > 1200): 0, NONE, vf 000",
		"spec §2.4 table", SET_A, .run = case_tt_degen,
		.focus = "hv_i hrdy_i hmem_i hbar_i dec_valid_o delta_o vote_o vf_o xmem_q xalu_q wait_q act_q"},
	[C_TT_IDLE] = {"tt_idle", "row 7: CTAs resident, no head valid (A = 0): 0, COMP, vf 011", "spec §2.4 table", SET_A,
		.run = case_tt_idle,
		.focus = "cta_launch_i hv_i dec_valid_o delta_o vote_o vf_o valid_q act_q"},
	[C_NORM_SHIFT] = {"norm_shift_boundary",
		"NORM=SHIFT: XM = 65 (65>>5 = 2, not > 2): NONE, vf 000 (SCALED says MEM: tt_xmem_over_2); XM = 96: MEM",
		"spec §2.4 [REC], A-EQ-1", SET_B, .run = case_norm_shift,
		.focus = "hv_i hmem_i dec_valid_o delta_o vote_o vf_o xmem_q"},
	[C_VF_PERF] = {"vf_performance",
		"OBJECTIVE=PERFORMANCE: COMP raises the SM domain (vf 101), MEM the memory domain (111), also for an "
		"idle SM and an unsaturated COMP epoch; NORM=SHIFT decisions",
		"Tab. 3.1, Alg. 1, spec §2.1", SET_B, .run = case_vf_perf,
		.focus = "hv_i hrdy_i hmem_i dec_valid_o delta_o vote_o vf_o xmem_q xalu_q act_q"},
	[C_HYST] = {"hyst_applies",
		"-1,-1,0 (restarts), then -1,-1,-1: T 8 -> 7 only at the sixth epoch's end (one tchange), then the youngest "
		"CTA (slot 7) is paused",
		"spec §2.12 #3, §2.5, A-EQ-5/-6", SET_A, .run = case_hyst,
		.focus = "hv_i hmem_i dec_valid_o delta_o cta_paused_o wpause_o ev_o hdir_q hcnt_q t_q paused_q g_age.older_q"},
	[C_HYST_BROKEN] = {"hyst_broken_third_epoch",
		"+1,+1,-1 (no change, restarts with -1), -1,-1: T 8 -> 7 at the fifth epoch's end, not the third or sixth",
		"spec §2.12 #3", SET_A, .run = case_hyst_broken,
		.focus = "hv_i hrdy_i hmem_i dec_valid_o delta_o ev_o hdir_q hcnt_q t_q"},
	[C_HYST_CLAMP] = {"hyst_clamp_noop",
		"T = kmax = 8 and +1 three times: no change, no tchange event, no request; then -1 x3 still changes T",
		"spec §2.12 #3, A-EQ-8", SET_A, .run = case_hyst_clamp,
		.focus = "kmax_i hv_i hrdy_i dec_valid_o delta_o cta_req_o ev_o hdir_q hcnt_q t_q rpend_q"},
	[C_DONE_PAUSED] = {"cta_done_while_paused",
		"T reduced to 7, slot 7 paused; the active CTA in slot 0 finishes: slot 7 is unpaused, no request to the "
		"distributor although it still has CTAs",
		"spec §2.5 'maintaining a reduced count', A-EQ-7", SET_A, .run = case_done_paused,
		.focus = "cta_done_i cta_done_slot_i cta_paused_o cta_req_o wpause_o ev_o t_q valid_q paused_q rpend_q g_age.older_q"},
	[C_PAUSE_DONE] = {"pause_and_done_same_cycle",
		"the cycle after T drops to 7 (8 CTAs unpaused: a pause is due) a CTA finishes: no action in that cycle, "
		"then U = 7 = T: never a pause nor an unpause",
		"spec §2.12 #4, docs/equalizer.md decision 8", SET_A, .run = case_pause_done,
		.focus = "cta_done_i cta_done_slot_i dec_valid_o delta_o cta_paused_o cta_req_o ev_o t_q valid_q paused_q"},
	[C_INC_NONE] = {"increase_no_ctas_left",
		"a kernel of exactly 8 CTAs: T 8 -> 7 (pause), a CTA finishes (unpause), then +1 x3: T = 8 > U = 7 with "
		"the distributor empty: no cta_req_o",
		"spec §2.12 #6", SET_A, .run = case_inc_none,
		.focus = "gwde_avail_i cta_done_i cta_done_slot_i dec_valid_o delta_o cta_paused_o cta_req_o t_q valid_q paused_q rpend_q"},
	[C_KCHANGE] = {"kernel_change_mid_epoch",
		"-1,-1 then a drain and kstart mid-epoch (kmax 4, W_cta 16): first decision exactly EPOCH cycles after, "
		"T := 4, hysteresis restarted (T -> 3 only at the third -1); again mid-epoch after X_mem samples: kernel 3's "
		"idle first epoch says COMP (counters restarted)",
		"spec §2.12 #10, §2.5 last rule", SET_A, .run = case_kchange,
		.focus = "kstart_i kmax_i wcta_i hv_i hmem_i dec_valid_o delta_o vote_o cyc_q hdir_q hcnt_q t_q xmem_q"},
	[C_IDLE_SM] = {"idle_sm_votes_comp",
		"no kernel (kmax 0, W_cta 0) for two epochs: decisions still come (decide event) but 0 / NONE, vf 000, no "
		"vote event, T 0 and no CTA action; then a kernel (kmax 4) whose 2 CTAs finish at once (the distributor "
		"empty, other SMs still busy): its epochs with no CTA while the kernel runs vote COMP, vf 011, T 4, no "
		"request, no pause",
		"spec §2.12 #9, Alg. 1 lines 21-22, docs/equalizer.md decision 10", SET_A, .run = case_idle_sm,
		.focus = "kstart_i kmax_i wcta_i cta_done_i gwde_avail_i dec_valid_o delta_o vote_o vf_o cta_req_o ev_o t_q valid_q act_q"},
};

const char *eqs_case_init(eqs_stim *s, char *err, size_t n)
{
	/* what the scripts need; HYSTERESIS, NORM and OBJECTIVE may be changed to see the claims fail */
	if (s->c.warps != 64 || s->S != 32 || s->c.max_ctas != 8 || !s->c.barrier_active || s->c.xmem_strict) {
		snprintf(err, n, "equalizer: directed case %s needs WARPS=64, EPOCH/SAMPLE_PERIOD=32, MAX_CTAS=8, "
			 "BARRIER_IS_ACTIVE=1, XMEM_STRICT=0 (its parameters: %s)",
			 eqs_cases[s->cs].name, eqs_cases[s->cs].params);
		return err;
	}
	s->tmark = -1;
	s->dslot_cyc = -1;
	return wg_case_start(&s->run, &eqs_cases[s->cs], (size_t)s->L->nwords[WG_IN], prologue, 2, err, n);
}
