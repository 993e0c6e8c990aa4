/* prefetch_table_script.c - the engine of the prefetch table's directed
 * cases (prefetch_table_script.h): drives a script's steps, checks every
 * cycle's outputs against it, and its totals at the end. */
#include "prefetch_table_script.h"

#include <stdio.h>
#include <string.h>

#include "wg_bits.h"

struct pts_eng {
	const wg_layout *L;     /* frame layout */
	pt_cfg c;               /* parameters */
	const char *name;       /* the case's name */
	const pts_script *sc;   /* its script (bound by pts_play) */
	int nexp;               /* expected issued lines */
	int st;                 /* current step */
	int busy;               /* the current step's load is held */
	long take;              /* its first cycle */
	long idle;              /* S_IDLE cycles left */
	int ready, present;     /* pf_ready_i, pf_present_i */
	int filled;             /* S_FILL of the current step done */
	int drain;              /* cycles since the script ended */
	long ldev[PT_NEVENTS];  /* events during the current load */
	long tot[PT_NEVENTS];   /* events in the case */
	long first[PT_NEVENTS]; /* first cycle of each event (-1) */
	int issued;             /* lines popped so far */
	long pq[64];            /* shadow queue: push cycles */
	int pqn;                /* its count */
	int loads;              /* loads acknowledged */
	char msg[200];          /* a failure seen in observe() */
};

size_t pts_eng_size(void)
{
	return sizeof(pts_eng);
}

void pts_eng_init(pts_eng *s, const long *p, const wg_layout *L, const char *name)
{
	s->L = L;
	pt_cfg_from_params(&s->c, p);
	s->name = name;
	for (int k = 0; k < PT_NEVENTS; k++)
		s->first[k] = -1;
	s->ready = 1;
}

void pts_prologue(void *st, uint32_t *in, long cyc)
{
	pts_eng *s = st;
	(void)cyc;
	wg_port_put(s->L, in, PT_RST_I, 1);
}

/* Bind script sc (the same in every call of a case). */
static void bind(pts_eng *s, const pts_script *sc)
{
	if (s->sc == sc)
		return;
	s->sc = sc;
	s->nexp = 0;
	for (int i = 0; i < MAXE && (sc->e[i].line || sc->e[i].pc); i++)
		s->nexp = i + 1;
}

/* ---- frames ---- */

#define put(s, f, port, v) wg_port_put((s)->L, f, port, v)
#define get(s, f, port) wg_port_get((s)->L, f, port)

static unsigned ev(const pts_eng *s, const uint32_t *out, int e)
{
	return (unsigned)wg_slice_get(s->L, out, PT_EV_O, s->L->ev_lsb[e], s->L->ev_w[e]);
}

static uint64_t tag_pack(const pts_eng *s, unsigned pc, unsigned e, unsigned w, unsigned last, unsigned tia)
{
	int wb = pt_warp_bits(&s->c), eb = pt_entry_bits(&s->c);
	return ((uint64_t)pc << (2 + wb + eb)) | ((uint64_t)e << (2 + wb)) | ((uint64_t)w << 2) | (last << 1) | tia;
}

static uint32_t lane_addr(const pts_eng *s, const pts_step *t, int l)
{
	long a;
	if (t->stride == -ADDR_OFF_RATIO)
		a = t->base + 3 * (l / 2);
	else if (t->stride == -ADDR_OFF_STEP)
		a = t->base + (l > 0 ? 256 : 0);
	else if (t->stride == -ADDR_OFF_HALF)
		a = t->base + (l > 0 ? 1 : 0);
	else
		a = t->base + (long)l * t->stride;
	if (l == t->bad_lane)
		a += 4;
	uint32_t m = t->mask ? t->mask : (uint32_t)wg_ones64(s->c.threads);
	if (!((m >> l) & 1u))
		a = 0x1234 + 0x111 * l; /* inactive lanes carry junk */
	return (uint32_t)a & (uint32_t)wg_ones64(s->c.addr_bits);
}

static int script_done(const pts_eng *s)
{
	return s->st >= MAXS || s->sc->s[s->st].kind == S_END;
}

/* ---- drive ---- */

/* Take the steps that use no cycle: pf_ready_i / pf_present_i settings, the start and end of an idle step. */
static void skip_free_steps(pts_eng *s)
{
	while (!s->busy && !script_done(s)) {
		const pts_step *t = &s->sc->s[s->st];
		if (t->kind == S_READY) {
			s->ready = (int)t->base;
			s->st++;
		} else if (t->kind == S_PRESENT) {
			s->present = (int)t->base;
			s->st++;
		} else if (t->kind == S_IDLE && s->idle == 0 && !s->filled) {
			s->idle = t->base;
			s->filled = 1;
		} else if (t->kind == S_IDLE && s->idle == 0) {
			s->filled = 0;
			s->st++;
		} else
			break;
	}
}

static void drive_load(pts_eng *s, const pts_step *t, uint32_t *in, long cyc)
{
	if (!s->busy) {
		s->busy = 1;
		s->take = cyc;
		memset(s->ldev, 0, sizeof s->ldev);
		if (t->fill) {
			put(s, in, PT_FILL_VALID_I, 1);
			put(s, in, PT_FILL_TAG_I, tag_pack(s, t->pc, t->fe, t->warp, t->fl, t->ft));
		}
	}
	put(s, in, PT_LD_VALID_I, 1);
	put(s, in, PT_LD_PC_I, t->pc);
	put(s, in, PT_LD_WARP_I, t->warp);
	put(s, in, PT_LD_MASK_I, t->mask ? t->mask : wg_ones64(s->c.threads));
	for (int l = 0; l < s->c.threads; l++)
		wg_elem_put(s->L, in, PT_LD_ADDR_I, l, s->c.addr_bits, lane_addr(s, t, l));
	put(s, in, PT_LD_MISS_I, t->miss);
	put(s, in, PT_LD_ITER_I, t->iter);
}

/* Fill in[] for harness cycle cyc; 0 when the script has ended and the queue drained. */
static int drive(pts_eng *s, uint32_t *in, long cyc)
{
	skip_free_steps(s);
	if (script_done(s) && !s->busy) {
		/* drain: until the queue is empty (ready forced) a few cycles more */
		s->ready = 1;
		if (s->drain++ > 12 + 4 * (s->c.issue_lat + 1) * (s->c.pq_depth + 1))
			return 0;
		if (s->pqn == 0 && s->issued >= s->nexp && s->drain > 4)
			return 0;
	}
	put(s, in, PT_PF_READY_I, (unsigned)s->ready);
	put(s, in, PT_PF_PRESENT_I, (unsigned)s->present);
	if (script_done(s))
		return 1;
	const pts_step *t = &s->sc->s[s->st];
	if (t->kind == S_IDLE) {
		s->idle--;
		return 1;
	}
	if (t->kind == S_FILL) {
		put(s, in, PT_FILL_VALID_I, 1);
		put(s, in, PT_FILL_TAG_I, tag_pack(s, t->pc, t->fe, t->warp, t->fl, t->ft));
		s->st++;
		return 1;
	}
	drive_load(s, t, in, cyc);
	return 1;
}

/* ---- observe: the checks of every cycle ---- */

#define FAIL(...)                                                                                          \
	do {                                                                                               \
		if (!s->msg[0])                                                                            \
			snprintf(s->msg, sizeof s->msg, __VA_ARGS__);                                      \
		return;                                                                                    \
	} while (0)

static const char *evname(int e)
{
	return wg_block_prefetch_table.events[e].name;
}

static void load_end(pts_eng *s, long cyc)
{
	const pts_step *t = &s->sc->s[s->st];
	int k = s->st;
	if (t->len != NOX && cyc - s->take + 1 != t->len)
		FAIL("step %d (load pc %u): ld_ack_o %ld cycles after the take (expected %d)", k, t->pc,
		     cyc - s->take + 1, t->len);
	const int chk[4][2] = {{PT_EV_CONFIRM, t->conf}, {PT_EV_DIST_INC, t->inc}, {PT_EV_DIST_DEC, t->dec},
			       {PT_EV_PUSH, t->npush}};
	for (int i = 0; i < 4; i++)
		if (chk[i][1] != NOX && s->ldev[chk[i][0]] != chk[i][1])
			FAIL("step %d (load pc %u): %ld %s events (expected %d)", k, t->pc, s->ldev[chk[i][0]],
			     evname(chk[i][0]), chk[i][1]);
	s->busy = 0;
	s->loads++;
	s->st++;
}

/* phase_o, entry_o and ld_ack_o against the held load */
static void check_load(pts_eng *s, unsigned ack, unsigned ph, unsigned ent, long cyc)
{
	if (!s->busy && (ack || ph != PT_PH_IDLE || ent))
		FAIL("no load held but ld_ack_o %u phase_o %u entry_o %u", ack, ph, ent);
	if (s->busy) {
		const pts_step *t = &s->sc->s[s->st];
		if (cyc == s->take && ph != PT_PH_IDLE)
			FAIL("the take cycle of a load shows phase_o %u (expected 0)", ph);
		if (cyc > s->take && ph == PT_PH_IDLE)
			FAIL("phase_o 0 while load step %d is held (taken at %ld)", s->st, s->take);
		if (cyc > s->take && t->entry != NOX && ent != (unsigned)t->entry)
			FAIL("load step %d (pc %u): entry_o %u, expected %d", s->st, t->pc, ent, t->entry);
		if (ack && ph != PT_PH_TSCAN)
			FAIL("ld_ack_o in phase %u", ph);
	}
}

/* a pop: the line leaving the queue is the next expected one */
static void check_pop(pts_eng *s, const uint32_t *out, const unsigned *e, unsigned prs)
{
	if (e[PT_EV_ISSUE] + e[PT_EV_PRESENT] != 1 || (prs && !e[PT_EV_PRESENT]))
		FAIL("a pop without exactly one issue/present event");
	if (s->issued >= s->nexp)
		FAIL("unexpected line 0x%x issued (only %d expected)", (unsigned)get(s, out, PT_PF_LINE_O), s->nexp);
	const pts_exp *x = &s->sc->e[s->issued];
	uint64_t tg = tag_pack(s, x->pc, x->entry, x->warp, x->last, x->tia);
	uint64_t line = get(s, out, PT_PF_LINE_O), otag = get(s, out, PT_PF_TAG_O);
	if (line != x->line || otag != tg)
		FAIL("issued line #%d: 0x%llx tag 0x%llx, expected 0x%x tag 0x%llx {pc %u, entry %u, warp %u, last "
		     "%u, tia %u}",
		     s->issued, (unsigned long long)line, (unsigned long long)otag, x->line, (unsigned long long)tg,
		     x->pc, x->entry, x->warp, x->last, x->tia);
	s->issued++;
	memmove(s->pq, s->pq + 1, sizeof s->pq[0] * (size_t)(s->pqn - 1));
	s->pqn--;
}

/* the queue's shadow: offers, pops, latency, count */
static void check_queue(pts_eng *s, const uint32_t *in, const uint32_t *out, const unsigned *e, long cyc)
{
	unsigned pv = (unsigned)get(s, out, PT_PF_VALID_O);
	unsigned rdy = (unsigned)get(s, in, PT_PF_READY_I), prs = (unsigned)get(s, in, PT_PF_PRESENT_I);
	if ((unsigned)get(s, out, PT_PQ_COUNT_O) != (unsigned)s->pqn)
		FAIL("pq_count_o %u, expected %d (accepted pushes not yet popped)", (unsigned)get(s, out, PT_PQ_COUNT_O),
		     s->pqn);
	int due = s->pqn > 0 && cyc >= s->pq[0] + 1 + s->c.issue_lat;
	if ((int)pv != due)
		FAIL("pf_valid_o %u, expected %d (queue %d, head pushed at cycle %ld, ISSUE_LAT %d)", pv, due, s->pqn,
		     s->pqn ? s->pq[0] : -1L, s->c.issue_lat);
	if (!pv && (get(s, out, PT_PF_LINE_O) || get(s, out, PT_PF_TAG_O)))
		FAIL("pf_line_o/pf_tag_o not 0 while pf_valid_o is low");
	if (pv && (rdy || prs)) {
		check_pop(s, out, e, prs);
		if (s->msg[0])
			return;
	} else if (e[PT_EV_ISSUE] || e[PT_EV_PRESENT])
		FAIL("issue/present event without a pop");
	if (e[PT_EV_PUSH] && !e[PT_EV_PQ_FULL]) {
		if (s->pqn >= s->c.pq_depth)
			FAIL("a push accepted with the queue full (%d)", s->pqn);
		s->pq[s->pqn++] = cyc;
	}
	if (e[PT_EV_PQ_FULL] && s->pqn < s->c.pq_depth)
		FAIL("pq_full with %d of %d queued after the pop", s->pqn, s->c.pq_depth);
}

void pts_eng_observe(pts_eng *s, const uint32_t *in, const uint32_t *out, long cyc)
{
	if (cyc < PTS_PROLOGUE || !s->sc || get(s, in, PT_RST_I) || s->msg[0])
		return;
	unsigned e[PT_NEVENTS];
	for (int k = 0; k < PT_NEVENTS; k++) {
		e[k] = ev(s, out, k);
		s->tot[k] += e[k];
		s->ldev[k] += e[k];
		if (e[k] && s->first[k] < 0)
			s->first[k] = cyc;
	}
	unsigned ack = (unsigned)get(s, out, PT_LD_ACK_O);
	check_load(s, ack, (unsigned)get(s, out, PT_PHASE_O), (unsigned)get(s, out, PT_ENTRY_O), cyc);
	if (!s->msg[0])
		check_queue(s, in, out, e, cyc);
	if (s->msg[0] || !ack)
		return;
	if (!s->busy)
		FAIL("ld_ack_o with no load held");
	load_end(s, cyc);
}

/* ---- the case's phases ---- */

/* After the last cycle: the script ran to its end and the totals hold. */
static void finish(pts_eng *s, wg_cyc *c)
{
	const pts_script *sc = s->sc;
	WG_EXPECT(c, !s->msg[0], "%s: %s", s->name, s->msg);
	WG_EXPECT(c, script_done(s) && !s->busy, "%s: the script stopped at step %d (a load never acknowledged?)",
		  s->name, s->st);
	WG_EXPECT(c, s->issued == s->nexp, "%s: %d of %d expected lines issued", s->name, s->issued, s->nexp);
	for (int i = 0; i < MAXT && sc->t[i].ev >= 0; i++)
		WG_EXPECT(c, s->tot[sc->t[i].ev] == sc->t[i].n, "%s: %ld %s events, expected %ld", s->name,
			  s->tot[sc->t[i].ev], evname(sc->t[i].ev), sc->t[i].n);
	if (sc->key_ev != PT_EV_PUSH && sc->key_ev != PT_EV_CONFIRM && sc->key_ev != PT_EV_LOOKUP)
		WG_EXPECT(c, s->first[sc->key_ev] >= 0, "%s: no %s event", s->name, evname(sc->key_ev));
	if (c->key < 0) /* the key event never happened: mark the first lookup (not on a failure) */
		c->key = s->first[PT_EV_LOOKUP];
}

void pts_play(void *st, wg_cyc *c, const pts_script *sc)
{
	pts_eng *s = st;
	bind(s, sc);
	if (c->phase == WG_DRIVE && !drive(s, c->in, c->cyc))
		wg_case_len(c, c->t); /* ended: this cycle is not simulated */
	if (wg_checking(c)) {
		WG_EXPECT(c, !s->msg[0], "%s: cycle %ld: %s", s->name, c->cyc, s->msg);
		if (s->first[sc->key_ev] == c->cyc)
			wg_key(c);
	}
	if (wg_done(c))
		finish(s, c);
}
