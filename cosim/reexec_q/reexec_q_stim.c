/* reexec_q_stim.c - stimulus for Mascar's re-execution queue `reexec_q`
 * (docs/reexec_q.md): a small LSU + L1 abstraction that keeps the protocol
 * in random mode, and the directed cases of spec §3.13 and thesis Fig. 4.6.
 *
 * The LSU sends at most one new request per cycle (a single request or one
 * of an uncoalesced burst) and holds at most one refused request waiting for
 * the push port (`pend`). A new request goes to the L1 whether or not the
 * queue is full (A-MA-12, thesis Fig. 4.6(b): it may hit under the misses);
 * the L1 answers in the same cycle (hit, or a miss with a free MSHR:
 * accepted; else NACK). A NACKed request is pushed in that cycle, or one
 * cycle later (DEFER_PCT), and only while push_ready_o; until then the LSU
 * holds it and sends nothing new (lsu_req_i = 0), so with the queue full it
 * is stalled and only replays reach the L1 (§4.3.3). A replay (rq_replays on
 * the C model) is answered in the same cycle by the same L1, where a miss
 * may also be a non-owner's (MP mode): NACK.
 *
 * Every mode keeps a scoreboard of the expected queue contents (a FIFO with
 * rotation, written from the spec, not from the model) and compares it with
 * hd_*_o, count_o, full_o, push_ready_o, rp_valid_o, has_o and ev_o every
 * cycle, so data corruption is caught independently of the C model. */
#include <stdio.h>
#include <string.h>

#include "reexec_q.h"
#include "reexec_q_cover.h"
#include "wg_bits.h"
#include "wg_kit.h"

/* ---- knobs of the random stream ---- */
enum {
	K_REQ_PCT,      /* % of idle LSU cycles that start a new memory instruction */
	K_HIT_PCT,      /* % of L1 accesses that hit */
	K_MSHRS,        /* L1 MSHRs */
	K_FILL_LAT,     /* an MSHR is busy 1..FILL_LAT cycles */
	K_NONOWNER_PCT, /* % of replay misses that are a non-owner's (NACK whatever the MSHRs) */
	K_DEFER_PCT,    /* % of NACKed new requests pushed one cycle later (LSU pend register) */
	K_BURST_PCT,    /* % of instructions that are uncoalesced (several requests of one warp) */
	K_BURST_MAX,    /* requests of an uncoalesced instruction: 2..BURST_MAX */
	K_STORE_PCT,    /* % of instructions that are stores (STORES=1 only) */
	K_RESET_PPM,    /* per-million of cycles with a mid-run reset */
	RQ_NKNOBS
};

static const wg_param_def rq_knobs[RQ_NKNOBS] = {
	[K_REQ_PCT] = {"REQ_PCT", 60, 0, 100, NULL, "% of idle LSU cycles that start a new memory instruction", "assumed"},
	[K_HIT_PCT] = {"HIT_PCT", 40, 0, 100, NULL, "% of L1 accesses (new or replayed) that hit", "assumed"},
	[K_MSHRS] = {"MSHRS", 4, 0, 64, NULL, "L1 MSHRs: a miss is accepted only with a free one", "assumed"},
	[K_FILL_LAT] = {"FILL_LAT", 30, 1, 1000, NULL, "an MSHR stays busy 1..FILL_LAT cycles (NACKs come in bursts)", "assumed"},
	[K_NONOWNER_PCT] = {"NONOWNER_PCT", 30, 0, 100, NULL, "% of replay misses that are a non-owner's (MP mode): NACK", "assumed"},
	[K_DEFER_PCT] = {"DEFER_PCT", 25, 0, 100, NULL, "% of NACKed new requests pushed one cycle after the NACK", "assumed"},
	[K_BURST_PCT] = {"BURST_PCT", 20, 0, 100, NULL, "% of memory instructions that are uncoalesced (a burst of requests of one warp)", "assumed"},
	[K_BURST_MAX] = {"BURST_MAX", 8, 2, 32, NULL, "requests of an uncoalesced instruction: 2..BURST_MAX", "assumed"},
	[K_STORE_PCT] = {"STORE_PCT", 20, 0, 100, NULL, "% of memory instructions that are stores (STORES=1 only)", "assumed"},
	[K_RESET_PPM] = {"RESET_PPM", 200, 0, 1000000, NULL, "per-million of cycles with a mid-run reset", "assumed"},
};

/* ---- directed cases (their functions and table: below) ---- */
enum {
	C_FULL_PUSH_BLOCKED,
	C_ROTATE_AND_PUSH,
	C_ROTATE_WHEN_FULL,
	C_POP_PUSH_WHEN_FULL,
	C_NEW_REQUEST_FIRST,
	C_OWNER_BEHIND,
	C_UNCOALESCED,
	C_FULL_NO_MSHR,
	C_FIG46,
	C_STORES,
	C_EMPTY_IDLE,
	RQ_NCASES
};

enum { RQ_RESET = 2 }; /* every run starts with two reset cycles (a case's prologue) */

/* ---- generator state ---- */

/* One cycle's inputs as decided by next(), applied to the scoreboard at the next call. */
typedef struct rq_drv {
	int rst;          /* rst_i */
	int push;         /* push_valid_i */
	rq_entry pe;      /* push_*_i */
	int lsu;          /* lsu_req_i */
	int ack, nack;    /* rp_ack_i, rp_nack_i */
	int held;         /* the LSU holds a refused request all this cycle (must send nothing new) */
	int unhold;       /* the push is the request the LSU held */
} rq_drv;

typedef struct rq_stim {
	const wg_layout *L;          /* frame layout */
	rq_cfg c;                    /* parameters */
	long k[RQ_NKNOBS];           /* knob values */
	int cs;                      /* directed case, or -1 */
	wg_case_runner run;          /* its runner (wg_kit.h) */
	uint64_t rng;                /* xorshift state */
	/* scoreboard */
	rq_entry sb[RQ_MAX_ENTRIES]; /* expected entries, head first */
	int sb_n;                    /* expected count */
	rq_drv d;                    /* this cycle's inputs */
	int d_ok;                    /* d is to be applied at the next call */
	/* LSU */
	int cur_v;                   /* a new request fetched, sent to the L1 in the same cycle */
	rq_entry cur;                /* it */
	int burst_left;              /* further requests of the current instruction */
	int pend_v;                  /* the LSU holds a NACKed request until the push port takes it */
	rq_entry pend;               /* it */
	long n_full_req;             /* random: new requests sent while the queue was full */
	long n_stall;                /* random: cycles the LSU stalled (holding a request, queue full) */
	long next_id;                /* distinct addresses */
	/* L1 */
	int mshr_free;               /* free MSHRs (directed cases) */
	uint16_t busy[64];           /* random: cycles each MSHR stays busy (0 = free) */
	/* directed */
	int k_req;                   /* uncoalesced: next request of the instruction */
	int replays;                 /* replays answered so far in the case */
	int pops;                    /* ACKed replays seen */
	long first_full;             /* first cycle the case saw the queue full (-1) */
	int seen[8];                 /* directed case: events that must have happened */
} rq_stim;

static long pick(rq_stim *s, long n) { return wg_pick(&s->rng, n); }
static int pct(rq_stim *s, long p) { return wg_pct(&s->rng, p); }

/* This cycle's inputs (d) into the frame; the scoreboard applies them at the next call. */
static void emit(rq_stim *s, uint32_t *in)
{
	const rq_drv *d = &s->d;
	wg_port_put(s->L, in, RQ_RST_I, (unsigned)d->rst);
	wg_port_put(s->L, in, RQ_PUSH_VALID_I, (unsigned)d->push);
	if (d->push)
		rq_entry_pack(&s->c, s->L, &d->pe, RQ_PUSH_ADDR_I, in);
	wg_port_put(s->L, in, RQ_LSU_REQ_I, (unsigned)d->lsu);
	wg_port_put(s->L, in, RQ_RP_ACK_I, (unsigned)d->ack);
	wg_port_put(s->L, in, RQ_RP_NACK_I, (unsigned)d->nack);
	s->d_ok = 1;
}

/* ---- scoreboard (written from docs/reexec_q.md "One cycle") ---- */
static int sb_full(const rq_stim *s) { return s->sb_n == s->c.entries; }
static int sb_rp(const rq_stim *s, int lsu) { return s->sb_n > 0 && !lsu; }

static void sb_apply(rq_stim *s)
{
	const rq_drv *d = &s->d;
	if (!s->d_ok)
		return;
	s->d_ok = 0;
	if (d->rst) {
		s->sb_n = 0;
		return;
	}
	int rp = sb_rp(s, d->lsu), full = sb_full(s);
	if (rp && d->ack) {
		memmove(&s->sb[0], &s->sb[1], (size_t)(s->sb_n - 1) * sizeof s->sb[0]);
		s->sb_n--;
	} else if (rp && d->nack) {
		rq_entry h = s->sb[0];
		memmove(&s->sb[0], &s->sb[1], (size_t)(s->sb_n - 1) * sizeof s->sb[0]);
		s->sb[s->sb_n - 1] = h;
	}
	if (d->push && !full)
		s->sb[s->sb_n++] = d->pe;
}

static int entry_eq(const rq_cfg *c, const rq_entry *a, const rq_entry *b)
{
	if (a->addr != b->addr || a->warp != b->warp || a->reg != b->reg || a->mask != b->mask ||
	    a->size != b->size || a->store != b->store)
		return 0;
	for (int t = 0; t < c->threads; t++)
		if (a->off[t] != b->off[t])
			return 0;
	return 1;
}

/* The outputs the checks read. */
typedef struct rq_obs {
	int push_ready, full, count, rp, hd_valid; /* state outputs */
	rq_entry hd;                               /* hd_*_o */
	uint64_t has;                              /* has_o */
	int ev[RQ_NEVENTS];                        /* ev_o bits */
} rq_obs;

static void observe_out(const rq_stim *s, const uint32_t *out, rq_obs *o)
{
	o->push_ready = (int)wg_port_get(s->L, out, RQ_PUSH_READY_O);
	o->full = (int)wg_port_get(s->L, out, RQ_FULL_O);
	o->count = (int)wg_port_get(s->L, out, RQ_COUNT_O);
	o->rp = (int)wg_port_get(s->L, out, RQ_RP_VALID_O);
	o->hd_valid = (int)wg_port_get(s->L, out, RQ_HD_VALID_O);
	rq_entry_unpack(&s->c, s->L, out, RQ_HD_ADDR_O, &o->hd);
	o->has = wg_port_get(s->L, out, RQ_HAS_O);
	uint64_t ev = wg_port_get(s->L, out, RQ_EV_O);
	for (int e = 0; e < RQ_NEVENTS; e++)
		o->ev[e] = (int)((ev >> s->L->ev_lsb[e]) & 1u);
}

static const char *sb_check(const rq_stim *s, const rq_obs *o, char *buf, size_t n)
{
	const rq_drv *d = &s->d;
	int full = sb_full(s), rp = sb_rp(s, d->lsu);
	rq_entry zero;
	memset(&zero, 0, sizeof zero);
	const rq_entry *hd = s->sb_n ? &s->sb[0] : &zero;
	uint64_t has = 0;
	for (int k = 0; k < s->sb_n; k++)
		has |= UINT64_C(1) << s->sb[k].warp;
	EXPECT(o->count == s->sb_n, "scoreboard: count_o = %d, expected %d entries", o->count, s->sb_n);
	EXPECT(o->full == full && o->push_ready == !full, "scoreboard: full_o = %d, push_ready_o = %d with %d of %d entries",
	       o->full, o->push_ready, s->sb_n, s->c.entries);
	EXPECT(o->hd_valid == (s->sb_n > 0), "scoreboard: hd_valid_o = %d with %d entries", o->hd_valid, s->sb_n);
	EXPECT(o->rp == rp, "scoreboard: rp_valid_o = %d, expected %d (%d entries, lsu_req_i = %d)", o->rp, rp, s->sb_n,
	       d->lsu);
	EXPECT(entry_eq(&s->c, &o->hd, hd),
	       "scoreboard: head entry differs: hd_addr_o 0x%llx warp %u reg %u mask 0x%x size %u store %u, expected "
	       "0x%llx warp %u reg %u mask 0x%x size %u store %u (or an offset)",
	       (unsigned long long)o->hd.addr, o->hd.warp, o->hd.reg, o->hd.mask, o->hd.size, o->hd.store,
	       (unsigned long long)hd->addr, hd->warp, hd->reg, hd->mask, hd->size, hd->store);
	EXPECT(o->has == has, "scoreboard: has_o = 0x%llx, expected 0x%llx", (unsigned long long)o->has,
	       (unsigned long long)has);
	int ev[RQ_NEVENTS] = {0};
	if (!d->rst) {
		ev[RQ_EV_PUSH] = d->push && !full;
		ev[RQ_EV_REPLAY] = rp;
		ev[RQ_EV_POP] = rp && d->ack;
		ev[RQ_EV_ROTATE_MOVE] = rp && d->nack && !full;
		ev[RQ_EV_ROTATE_PTR] = rp && d->nack && full;
	}
	for (int e = 0; e < RQ_NEVENTS; e++)
		EXPECT(o->ev[e] == ev[e], "scoreboard: event %s = %d, expected %d", wg_block_reexec_q.events[e].name,
		       o->ev[e], ev[e]);
	return NULL;
}

/* ---- entries ---- */

/* A random request of warp w (fields within their widths, protocol-legal). */
static void gen_entry(rq_stim *s, rq_entry *e, unsigned w, unsigned reg, unsigned size, unsigned store)
{
	const rq_cfg *c = &s->c;
	memset(e, 0, sizeof *e);
	e->addr = wg_rng_next(&s->rng) & wg_ones64(c->addr_bits);
	for (int t = 0; t < c->threads; t++)
		e->off[t] = (uint8_t)(wg_rng_next(&s->rng) & wg_ones64(c->offset_bits));
	e->warp = w;
	e->reg = reg;
	do
		e->mask = (uint32_t)(wg_rng_next(&s->rng) & wg_ones64(c->threads));
	while (!e->mask);
	e->size = size;
	e->store = store;
}

/* A directed case's entry number id of warp w: the address names it. */
static rq_entry dent(const rq_stim *s, unsigned id, unsigned w, unsigned store)
{
	const rq_cfg *c = &s->c;
	rq_entry e;
	memset(&e, 0, sizeof e);
	e.addr = (0x100u + id) & wg_ones64(c->addr_bits);
	for (int t = 0; t < c->threads; t++)
		e.off[t] = (uint8_t)((id * 5u + (unsigned)t * 3u + 1u) & wg_ones64(c->offset_bits));
	e.warp = w;
	e.reg = (id + 1u) & (unsigned)wg_ones64(c->reg_bits);
	e.mask = (uint32_t)(((id * 0x9e3779b9u) | 1u) & wg_ones64(c->threads));
	e.size = id % (RQ_MAX_SIZE + 1u);
	e.store = store;
	return e;
}

static unsigned id_of(const rq_entry *e) { return (unsigned)e->addr - 0x100u; }

/* ---- random mode: the LSU and the L1 ---- */

static void lsu_reset(rq_stim *s)
{
	s->cur_v = s->pend_v = 0;
	s->burst_left = 0;
	memset(s->busy, 0, sizeof s->busy);
}

/* The L1's same-cycle answer: 1 ACK, 0 NACK. */
static int l1_access(rq_stim *s, int replay)
{
	if (pct(s, s->k[K_HIT_PCT]))
		return 1;
	if (replay && pct(s, s->k[K_NONOWNER_PCT]))
		return 0; /* a non-owner's miss in MP mode */
	for (int i = 0; i < s->k[K_MSHRS]; i++)
		if (!s->busy[i]) {
			s->busy[i] = (uint16_t)(1 + pick(s, s->k[K_FILL_LAT]));
			return 1;
		}
	return 0;
}

/* The next new request of the LSU (cur), if any. */
static void lsu_fetch(rq_stim *s)
{
	if (s->cur_v)
		return;
	if (s->burst_left > 0) { /* the next request of an uncoalesced instruction */
		rq_entry e = s->cur;
		gen_entry(s, &s->cur, e.warp, e.reg, e.size, e.store);
		s->burst_left--;
		s->cur_v = 1;
		return;
	}
	if (!pct(s, s->k[K_REQ_PCT]))
		return;
	unsigned w = (unsigned)pick(s, s->c.warps);
	unsigned reg = (unsigned)(wg_rng_next(&s->rng) & wg_ones64(s->c.reg_bits));
	unsigned size = (unsigned)pick(s, RQ_MAX_SIZE + 1);
	unsigned st = s->c.stores && pct(s, s->k[K_STORE_PCT]);
	gen_entry(s, &s->cur, w, reg, size, st);
	s->cur_v = 1;
	if (pct(s, s->k[K_BURST_PCT]))
		s->burst_left = 1 + (int)pick(s, s->k[K_BURST_MAX] - 1);
}

static int random_next(rq_stim *s, const rq_model *m, uint32_t *in, long cyc)
{
	memset(&s->d, 0, sizeof s->d);
	if (cyc < RQ_RESET || pick(s, 1000000) < s->k[K_RESET_PPM]) {
		s->d.rst = 1;
		s->d.lsu = (int)pick(s, 2); /* reset cycles: any lsu_req_i, no push, no answer */
		lsu_reset(s);
		emit(s, in);
		return 1;
	}
	for (int i = 0; i < s->k[K_MSHRS]; i++)
		if (s->busy[i])
			s->busy[i]--;
	int full = sb_full(s), used = 0;
	if (s->pend_v && !full) { /* the held request is parked; the LSU may go on this cycle */
		s->d.push = 1;
		s->d.pe = s->pend;
		s->d.unhold = 1; /* (read by coverage only) */
		s->pend_v = 0;
		used = 1;
	}
	if (s->pend_v) { /* queue full: the LSU stalls, only replays reach the L1 */
		s->d.held = 1;
		s->n_stall++;
	} else {
		lsu_fetch(s);
	}
	if (s->cur_v) { /* the new request goes to the L1, full queue or not */
		s->d.lsu = 1;
		s->cur_v = 0;
		s->n_full_req += full;
		if (l1_access(s, 0)) {
			/* a hit (under the misses), or a miss with an MSHR */
		} else if (!full && !used && !pct(s, s->k[K_DEFER_PCT])) {
			s->d.push = 1;
			s->d.pe = s->cur;
		} else { /* held: pushed when push_ready_o (a full queue: the LSU stalls) */
			s->pend = s->cur;
			s->pend_v = 1;
		}
	}
	if (rq_replays(m, s->d.lsu)) {
		if (l1_access(s, 1))
			s->d.ack = 1;
		else
			s->d.nack = 1;
	}
	emit(s, in);
	return 1;
}

/* ---- directed cases: the LSU and the L1 of the scripts ---- */

static void dpush(rq_stim *s, unsigned id, unsigned w, unsigned store)
{
	s->d.push = 1;
	s->d.pe = dent(s, id, w, store);
}

/* Answer this cycle's replay, if there is one: ack 1 = ACK, 0 = NACK. */
static void danswer(rq_stim *s, const rq_model *m, int ack)
{
	if (!rq_replays(m, s->d.lsu))
		return;
	s->d.ack = ack;
	s->d.nack = !ack;
	s->replays++;
}

/* The LSU sends the new request e to the L1: accepted (ack), or NACKed and
 * parked at once, or held when the queue is full (or the push port is taken
 * this cycle): the LSU then stalls until dunhold parks it. */
static void dsend(rq_stim *s, const rq_entry *e, int ack)
{
	s->d.lsu = 1;
	if (ack)
		return;
	if (!sb_full(s) && !s->d.push) {
		s->d.push = 1;
		s->d.pe = *e;
	} else {
		s->pend = *e;
		s->pend_v = 1;
	}
}

/* The LSU holds a refused request: parked when push_ready_o, else the LSU
 * stays stalled (sends nothing new this cycle). */
static void dunhold(rq_stim *s)
{
	if (!s->pend_v)
		return;
	if (sb_full(s)) {
		s->d.held = 1;
		return;
	}
	s->d.push = 1;
	s->d.pe = s->pend;
	s->d.unhold = 1;
	s->pend_v = 0;
}

/* ---- directed cases (wg_kit.h): one function each ----
 * The prologue holds reset for two cycles; a case's cycle t counts from there.
 * A case is a script of the LSU and the L1 (dsend, dunhold, danswer): they
 * change the LSU's state, so they run in the DRIVE phase only (driving());
 * then come that cycle's checks (observed(): the CHECK phase), where seen
 * flags and the marker are set, and the claims about the whole scenario
 * (wg_done). pops and first_full are counted by check() for every case. */

static void rq_prologue(void *st, uint32_t *in, long cyc)
{
	(void)cyc;
	rq_stim *s = st;
	memset(&s->d, 0, sizeof s->d);
	s->d.rst = 1;
	emit(s, in);
}

/* The case drives cycles 0..len-1. 1 in the DRIVE phase of one of them, with
 * the cycle's inputs cleared: the case's script fills them and emits. */
static int driving(rq_stim *s, wg_cyc *c, long len)
{
	wg_case_len(c, len);
	if (c->phase != WG_DRIVE)
		return 0;
	memset(&s->d, 0, sizeof s->d);
	return c->t < len;
}

/* 1 in the CHECK phase, with the cycle's outputs in o. */
static int observed(const rq_stim *s, const wg_cyc *c, rq_obs *o)
{
	if (!wg_checking(c))
		return 0;
	observe_out(s, c->out, o);
	return 1;
}

/* FINISH: the case reached each of its n checks (seen[0..n-1]). */
static void expect_seen(const rq_stim *s, wg_cyc *c, int n)
{
	for (int k = 0; k < n; k++)
		WG_EXPECT(c, s->seen[k], "the scenario did not reach its check %d of %d", k + 1, n);
}

static unsigned hd_id(const rq_obs *o) { return o->hd_valid ? id_of(&o->hd) : ~0u; }

/* t0..3 ids 0..3 refused and parked (full); t4 id 4 refused, cannot be parked: the LSU
 * stalls; t5..6 replays only (NACKed); t7 ACKed (pop); t8 id 4 parked, id 5 hits */
static void case_full_push_blocked(void *st, wg_cyc *c)
{
	rq_stim *s = st;
	const rq_drv *d = &s->d;
	long t = c->t;
	unsigned u = (unsigned)t;
	rq_entry e;
	rq_obs o;
	if (driving(s, c, 10)) {
		dunhold(s);
		if (!s->pend_v && t <= 4) {
			e = dent(s, u, u, 0);
			dsend(s, &e, 0);
		}
		if (!s->pend_v && t == 8) {
			e = dent(s, 5, 5, 0);
			dsend(s, &e, 1);
		}
		danswer(s, c->model, t == 7);
		emit(s, c->in);
	}
	if (observed(s, c, &o)) {
		if (t == 4) {
			WG_EXPECT(c, o.full && !o.push_ready && d->lsu && !o.rp && !o.ev[RQ_EV_PUSH] && s->pend_v,
				  "t=4: full: the new request goes to the L1 first, is refused and cannot be parked: the LSU stalls");
			s->seen[0] = 1;
		}
		if (t == 5 || t == 6) {
			WG_EXPECT(c, o.full && !o.push_ready && d->held && !d->lsu && o.rp && o.ev[RQ_EV_ROTATE_PTR] &&
					     !o.ev[RQ_EV_PUSH],
				  "t=%ld: the stalled LSU sends nothing new, push_ready_o = 0: only the replay reaches the L1", t);
			s->seen[1] = 1, wg_key(c);
		}
		if (t == 7)
			WG_EXPECT(c, o.full && !o.push_ready && d->held && o.ev[RQ_EV_POP] && !o.ev[RQ_EV_PUSH],
				  "t=7: the ACK pops, but push_ready_o stays low this cycle");
		if (t == 8) {
			WG_EXPECT(c, o.push_ready && o.ev[RQ_EV_PUSH] && d->unhold && id_of(&d->pe) == 4 && d->lsu && !o.rp &&
					     o.count == 3,
				  "t=8: an entry is free: the held request id 4 is parked and the LSU resumes (a hit)");
			s->seen[2] = 1;
		}
		if (t == 9) {
			WG_EXPECT(c, o.count == 4 && hd_id(&o) == 3 && s->sb_n == 4 && id_of(&s->sb[3]) == 4,
				  "t=9: ids 3, 0, 1, 4 (two rotations, a pop, the held push): count %d, head id %u", o.count,
				  hd_id(&o));
			s->seen[3] = 1;
		}
	}
	if (wg_done(c))
		expect_seen(s, c, 4);
}

/* ids 0..2 pushed at t0..2 (id 2 beside a NACKed replay); replays NACKed until t5, then ACKed */
static void case_rotate_and_push(void *st, wg_cyc *c)
{
	static const unsigned want[] = {~0u, 0, 0, 1, 0, 2, 1, 0};
	rq_stim *s = st;
	long t = c->t;
	unsigned u = (unsigned)t;
	rq_obs o;
	if (driving(s, c, 8)) {
		s->d.lsu = t < 2;
		if (t < 3)
			dpush(s, u, u, 0); /* id 2: pushed the cycle after its NACK */
		danswer(s, c->model, t >= 5);
		emit(s, c->in);
	}
	if (observed(s, c, &o)) {
		if (t == 2) {
			WG_EXPECT(c, o.ev[RQ_EV_ROTATE_MOVE] && o.ev[RQ_EV_PUSH] && o.count == 2,
				  "t=2: a NACKed replay (rotate_move) and a push in the same cycle");
			s->seen[0] = 1, wg_key(c);
		}
		if (t == 3) {
			WG_EXPECT(c, o.count == 3, "t=3: rotate + push grows the count by one (got %d)", o.count);
			s->seen[1] = 1;
		}
		if (t <= 7)
			WG_EXPECT(c, hd_id(&o) == want[t],
				  "t=%ld: head id %u, expected %u (the rotated entry is written before the pushed one)", t,
				  hd_id(&o), want[t]);
		if (t == 5)
			s->seen[2] = 1;
	}
	if (wg_done(c))
		expect_seen(s, c, 3);
}

/* t4..: the LSU is idle, the full queue replays */
static void case_rotate_when_full(void *st, wg_cyc *c)
{
	rq_stim *s = st;
	const rq_model *m = c->model;
	long t = c->t;
	unsigned u = (unsigned)t;
	rq_obs o;
	if (driving(s, c, 12)) {
		s->d.lsu = t < 4;
		if (t < 4)
			dpush(s, u, u, 0);
		danswer(s, m, t >= 8);
		emit(s, c->in);
	}
	if (observed(s, c, &o)) {
		if (t >= 4 && t <= 7) {
			WG_EXPECT(c, o.full && o.ev[RQ_EV_ROTATE_PTR] && !o.ev[RQ_EV_ROTATE_MOVE] && hd_id(&o) == (unsigned)(t - 4),
				  "t=%ld: a NACK in a full queue is a rotate_ptr with head id %ld (got id %u)", t, t - 4, hd_id(&o));
			WG_EXPECT(c, rq_head(m) == rq_tail(m), "t=%ld: full queue: head and tail slots coincide", t);
			s->seen[t == 4 ? 0 : 1] = 1;
			if (t == 4)
				wg_key(c);
		}
		if (t == 8) {
			WG_EXPECT(c, hd_id(&o) == 0 && o.ev[RQ_EV_POP], "t=8: a full turn later id 0 is at the head again");
			s->seen[2] = 1;
		}
	}
	if (wg_done(c))
		expect_seen(s, c, 3);
}

/* t4: id 4 refused with the queue full: held (stall); t5: the replay is ACKed, the push
 * port stays closed; t6: id 4 parked, another pop */
static void case_pop_push_when_full(void *st, wg_cyc *c)
{
	rq_stim *s = st;
	const rq_drv *d = &s->d;
	long t = c->t;
	unsigned u = (unsigned)t;
	rq_entry e;
	rq_obs o;
	if (driving(s, c, 9)) {
		dunhold(s);
		if (!s->pend_v && t <= 4) {
			e = dent(s, u, u, 0);
			dsend(s, &e, 0);
		}
		danswer(s, c->model, 1);
		emit(s, c->in);
	}
	if (observed(s, c, &o)) {
		if (t == 4)
			WG_EXPECT(c, o.full && d->lsu && !o.rp && s->pend_v, "t=4: id 4 refused with the queue full: the LSU holds it");
		if (t == 5) {
			WG_EXPECT(c, o.full && !o.push_ready && d->held && o.ev[RQ_EV_POP] && !o.ev[RQ_EV_PUSH],
				  "t=5: full: the replay is ACKed but no push is accepted this cycle");
			s->seen[0] = 1, wg_key(c);
		}
		if (t == 6) {
			WG_EXPECT(c, o.push_ready && d->unhold && o.ev[RQ_EV_PUSH] && o.ev[RQ_EV_POP] && o.count == 3,
				  "t=6: the held push is accepted the next cycle (with a pop of id 1): count stays 3");
			s->seen[1] = 1;
		}
		if (t == 7)
			WG_EXPECT(c, o.count == 3 && hd_id(&o) == 2, "t=7: ids 2, 3, 4 are left");
	}
	if (wg_done(c))
		expect_seen(s, c, 2);
}

/* t1: a new request (hit) blocks the replay; t2: none, replay NACKed; t6: full, a new
 * request (hit) still blocks it; t7: none, replay ACKed */
static void case_new_request_first(void *st, wg_cyc *c)
{
	rq_stim *s = st;
	const rq_drv *d = &s->d;
	long t = c->t;
	unsigned u = (unsigned)t;
	rq_obs o;
	if (driving(s, c, 10)) {
		s->d.lsu = t <= 6 && t != 2;
		if (t == 0)
			dpush(s, 0, 0, 0);
		if (t >= 3 && t <= 5)
			dpush(s, u - 2u, u - 2u, 0);
		danswer(s, c->model, t != 2);
		emit(s, c->in);
	}
	if (observed(s, c, &o)) {
		if (t == 1) {
			WG_EXPECT(c, !o.rp && o.hd_valid, "t=1: lsu_req_i blocks the replay");
			s->seen[0] = 1;
		}
		if (t == 2) {
			WG_EXPECT(c, o.rp, "t=2: lsu_req_i low: the head is replayed");
			s->seen[1] = 1;
		}
		if (t >= 3 && t <= 5)
			WG_EXPECT(c, !o.rp && o.hd_valid, "t=%ld: lsu_req_i blocks the replay", t);
		if (t == 6) {
			WG_EXPECT(c, !o.rp && !o.ev[RQ_EV_REPLAY] && o.full && d->lsu && !d->push,
				  "t=6: full: the new request (a hit) still goes first, no replay");
			s->seen[2] = 1, wg_key(c);
		}
		if (t == 7) {
			WG_EXPECT(c, o.rp && o.full && !d->lsu && o.ev[RQ_EV_POP], "t=7: lsu_req_i low: the full queue replays");
			s->seen[3] = 1;
		}
	}
	if (wg_done(c))
		expect_seen(s, c, 4);
}

/* warps 1, 2 then the owner 0 */
static void case_owner_behind(void *st, wg_cyc *c)
{
	rq_stim *s = st;
	long t = c->t;
	unsigned u = (unsigned)t;
	rq_obs o;
	if (driving(s, c, 8)) {
		s->d.lsu = t < 3;
		if (t < 3)
			dpush(s, u, t == 2 ? 0u : u + 1u, 0);
		danswer(s, c->model, t >= 6 || (s->sb_n && s->sb[0].warp == 0)); /* then the head's warp owns */
		emit(s, c->in);
	}
	if (observed(s, c, &o)) {
		if (t >= 3 && t <= 4)
			WG_EXPECT(c, o.rp && o.ev[RQ_EV_ROTATE_MOVE] && o.hd.warp == (unsigned)(t - 2),
				  "t=%ld: the non-owner warp %ld at the head is NACKed and moves to the tail (head warp %u)", t,
				  t - 2, o.hd.warp);
		if (t == 5) {
			WG_EXPECT(c, o.rp && o.hd.warp == 0 && o.ev[RQ_EV_POP] && o.has == 0x7,
				  "t=5: the owner's entry (warp 0) reached the head and is ACKed (head warp %u)", o.hd.warp);
			s->seen[0] = 1, wg_key(c);
		}
		if (t == 6) {
			WG_EXPECT(c, o.count == 2 && o.has == 0x6 && o.hd.warp == 1,
				  "t=6: the non-owners are left in their order 1, 2 (count %d, has 0x%llx)", o.count,
				  (unsigned long long)o.has);
			s->seen[1] = 1;
		}
	}
	if (wg_done(c))
		expect_seen(s, c, 2);
}

/* One cycle of warp 5's uncoalesced instruction (t >= 3): 1 when every request was served. */
static int uncoalesced_step(rq_stim *s, const rq_model *m)
{
	dunhold(s); /* the LSU goes on the cycle after its held request is parked */
	if (!s->pend_v && !s->d.unhold && s->k_req < 32) {
		rq_entry e = dent(s, 100u + (unsigned)s->k_req, 5, 0);
		e.mask = UINT32_C(1) << s->k_req;
		dsend(s, &e, s->k_req % 4 == 3);
		s->k_req++;
	}
	/* while the LSU stalls every third replay finds an MSHR; the drain ACKs all */
	danswer(s, m, (s->k_req == 32 && !s->pend_v) || s->replays % 3 == 2);
	return s->k_req == 32 && !s->pend_v && s->sb_n == 0 && !s->d.push;
}

/* 3 entries of warps 1..3, then warp 5's 32 one-lane requests; every 4th hits; it ends
 * when every request is served (at most 400 cycles) */
static void case_uncoalesced(void *st, wg_cyc *c)
{
	rq_stim *s = st;
	const rq_drv *d = &s->d;
	long t = c->t;
	unsigned u = (unsigned)t;
	rq_obs o;
	if (driving(s, c, 400)) {
		if (t < 3) {
			rq_entry e = dent(s, u, u + 1u, 0);
			dsend(s, &e, 0);
			emit(s, c->in);
		} else if (uncoalesced_step(s, c->model)) {
			wg_case_len(c, t); /* served: this cycle is not driven */
		} else {
			emit(s, c->in);
		}
	}
	if (observed(s, c, &o)) {
		if (t == s->first_full) {
			int w5 = 0;
			for (int k = 0; k < s->sb_n; k++)
				w5 += s->sb[k].warp == 5;
			WG_EXPECT(c, w5 == 5 && s->k_req == 7 && d->lsu && !o.rp && s->pend_v && !o.ev[RQ_EV_PUSH],
				  "t=%ld: after a partial push (5 of the instruction's requests parked, got %d) the next refused "
				  "request (%d sent) cannot be parked: the LSU stalls", t, w5, s->k_req);
			s->seen[0] = 1, wg_key(c);
		}
		if (o.full && d->held) {
			WG_EXPECT(c, o.rp && !d->lsu && !o.ev[RQ_EV_PUSH], "t=%ld: stalled: replay only, no push", t);
			if (d->nack)
				s->seen[1] = 1;
		}
		if (s->first_full >= 0 && t > s->first_full && d->unhold) {
			WG_EXPECT(c, o.ev[RQ_EV_PUSH] && d->pe.warp == 5, "t=%ld: the held request is parked", t);
			s->seen[2] = 1;
		}
		if (s->seen[2] && d->lsu && !d->unhold)
			s->seen[3] = 1; /* the LSU resumed */
		if (o.full && d->lsu && !s->pend_v)
			s->seen[4] = 1; /* a new request hit under the misses while the queue was full */
	}
	if (wg_done(c)) {
		expect_seen(s, c, 5);
		WG_EXPECT(c, s->k_req == 32 && s->sb_n == 0 && s->pops == 27,
			  "not every request was served: %d of 32 sent, %d entries left, %d of 27 replays ACKed", s->k_req,
			  s->sb_n, s->pops);
	}
}

/* every access misses; one MSHR frees at t=24 and every 6 cycles after */
static void case_full_no_mshr(void *st, wg_cyc *c)
{
	rq_stim *s = st;
	const rq_model *m = c->model;
	const rq_drv *d = &s->d;
	long t = c->t;
	rq_obs o;
	if (driving(s, c, 48)) {
		if (t >= 24 && (t - 24) % 6 == 0)
			s->mshr_free++;
		dunhold(s);
		if (!s->pend_v && !s->d.push) { /* the LSU's new request: a miss */
			int ok = s->mshr_free > 0;
			s->mshr_free -= ok;
			rq_entry e = dent(s, (unsigned)s->next_id, (unsigned)(s->next_id % 8), 0);
			s->next_id++;
			dsend(s, &e, ok);
		}
		if (rq_replays(m, s->d.lsu)) {
			danswer(s, m, s->mshr_free > 0);
			if (s->mshr_free)
				s->mshr_free--;
		}
		emit(s, c->in);
	}
	if (observed(s, c, &o)) {
		if (t == 4) {
			WG_EXPECT(c, o.full && d->lsu && !o.rp && s->pend_v,
				  "t=4: full: the new request misses without an MSHR and cannot be parked: the LSU stalls");
			s->seen[0] = 1;
		}
		if (t >= 5 && t < 24) {
			WG_EXPECT(c, o.full && d->held && !d->lsu && o.rp && o.ev[RQ_EV_ROTATE_PTR] &&
					     hd_id(&o) == (unsigned)((t - 5) % 4),
				  "t=%ld: no MSHR, LSU stalled: the full queue rotates every cycle (head id %u, expected %ld)", t,
				  hd_id(&o), (t - 5) % 4);
			if (t == 23)
				s->seen[1] = 1;
		}
		if (t >= 24 && (t - 24) % 6 == 0) {
			WG_EXPECT(c, o.rp && o.ev[RQ_EV_POP], "t=%ld: a freed MSHR must ACK the replay of that cycle", t);
			s->seen[2] = 1;
			if (t == 24)
				wg_key(c);
		}
	}
	if (wg_done(c)) {
		expect_seen(s, c, 3);
		WG_EXPECT(c, s->pops == 4, "livelock: %d replays ACKed, expected one per freed MSHR (4)", s->pops);
	}
}

/* t0 W0 in address generation; t1 W0 NACKed (MSHRs full), held a cycle; t2 W0 parked,
 * W1 in address generation; t3 W1 hits under W0's miss (queue full); t4 W2 misses, no
 * MSHR, queue full: the LSU stalls holding W2, W3 waits; t5..6 only replays, W0 NACKed;
 * t7 an MSHR frees: W0 ACKed; t8 W2 parked; t9 W3 hits under W2's miss; t10 W2 ACKed */
static void case_fig46(void *st, wg_cyc *c)
{
	rq_stim *s = st;
	const rq_drv *d = &s->d;
	long t = c->t;
	rq_obs o;
	if (driving(s, c, 12)) {
		dunhold(s);
		if (t == 1) {
			s->d.lsu = 1;
			s->pend = dent(s, 0, 0, 0);
			s->pend_v = 1;
		}
		if (t == 3 || t == 4 || t == 9) {
			unsigned w = t == 3 ? 1u : t == 4 ? 2u : 3u;
			rq_entry e = dent(s, w, w, 0);
			dsend(s, &e, t != 4);
		}
		danswer(s, c->model, t == 7 || t == 10);
		emit(s, c->in);
	}
	if (observed(s, c, &o)) {
		if (t <= 1)
			WG_EXPECT(c, !o.rp && !o.hd_valid && !o.ev[RQ_EV_PUSH], "t=%ld: W0 is in the LSU, the queue is empty", t);
		if (t == 2) {
			WG_EXPECT(c, o.ev[RQ_EV_PUSH] && d->unhold && d->pe.warp == 0 && !d->lsu && !o.rp,
				  "t=2: W0's refused request is moved to the re-execution queue");
			s->seen[0] = 1;
		}
		if (t == 3) {
			WG_EXPECT(c, o.full && d->lsu && !o.rp && !o.ev[RQ_EV_REPLAY] && !o.ev[RQ_EV_PUSH] && !s->pend_v,
				  "t=3: the queue is full (W0), W1's new request goes to the L1 and hits under W0's miss");
			s->seen[1] = 1, wg_key(c);
		}
		if (t == 4) {
			WG_EXPECT(c, o.full && d->lsu && !o.rp && s->pend_v && s->pend.warp == 2,
				  "t=4: W2 misses without an MSHR and the queue is full: the LSU stalls holding it");
			s->seen[2] = 1;
		}
		if (t == 5 || t == 6) {
			WG_EXPECT(c, o.full && d->held && !d->lsu && o.rp && o.ev[RQ_EV_ROTATE_PTR] && o.hd.warp == 0,
				  "t=%ld: LSU stalled (W3 waits): only W0's replay reaches the L1, NACKed", t);
			s->seen[3] = 1;
		}
		if (t == 7)
			WG_EXPECT(c, o.ev[RQ_EV_POP] && o.hd.warp == 0 && !o.push_ready && d->held,
				  "t=7: an MSHR freed: W0's replay is ACKed; W2 is still held");
		if (t == 8) {
			WG_EXPECT(c, o.push_ready && o.ev[RQ_EV_PUSH] && d->unhold && d->pe.warp == 2 && !o.rp,
				  "t=8: the held W2 request is parked");
			s->seen[4] = 1;
		}
		if (t == 9)
			WG_EXPECT(c, o.full && d->lsu && !o.rp && o.hd.warp == 2 && !s->pend_v,
				  "t=9: W3's new request goes first and hits under W2's miss");
		if (t == 10)
			WG_EXPECT(c, o.rp && o.ev[RQ_EV_POP] && o.hd.warp == 2, "t=10: W2's replay is ACKed");
		if (t == 11) {
			WG_EXPECT(c, !o.rp && !o.hd_valid && s->pops == 2, "t=11: both parked requests were served");
			s->seen[5] = 1;
		}
	}
	if (wg_done(c))
		expect_seen(s, c, 6);
}

/* store, load, store, load; full: NACK, NACK, ACK; then NACK, NACK (moves), ACKs */
static void case_stores(void *st, wg_cyc *c)
{
	static const int ack[] = {0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 1};
	rq_stim *s = st;
	long t = c->t;
	unsigned u = (unsigned)t;
	rq_obs o;
	if (driving(s, c, 12)) {
		s->d.lsu = t < 4;
		if (t < 4)
			dpush(s, u, u, !(t & 1));
		danswer(s, c->model, ack[t]);
		emit(s, c->in);
	}
	if (observed(s, c, &o)) {
		if (t == 4) {
			WG_EXPECT(c, hd_id(&o) == 0 && o.hd.store == 1 && o.ev[RQ_EV_ROTATE_PTR],
				  "t=4: the store id 0 rotates in the full queue (rotate_ptr)");
			s->seen[0] = 1;
		}
		if (t == 5)
			WG_EXPECT(c, hd_id(&o) == 1 && o.hd.store == 0, "t=5: the load id 1 is at the head");
		if (t == 8) {
			WG_EXPECT(c, hd_id(&o) == 0 && o.hd.store == 1 && o.ev[RQ_EV_ROTATE_MOVE],
				  "t=8: the store id 0 is copied to the tail (rotate_move) with its is_store bit");
			s->seen[1] = 1, wg_key(c);
		}
		if (t == 11) {
			WG_EXPECT(c, hd_id(&o) == 0 && o.hd.store == 1 && o.ev[RQ_EV_POP],
				  "t=11: after both kinds of rotation the store id 0 is still a store");
			s->seen[2] = 1;
		}
	}
	if (wg_done(c))
		expect_seen(s, c, 3);
}

/* new requests at t3 (a hit) and t5 (pushed); every replay is ACKed */
static void case_empty_idle(void *st, wg_cyc *c)
{
	rq_stim *s = st;
	const rq_drv *d = &s->d;
	long t = c->t;
	rq_obs o;
	if (driving(s, c, 10)) {
		s->d.lsu = t == 5 || t == 3;
		if (t == 5)
			dpush(s, 0, 0, 0);
		danswer(s, c->model, 1);
		emit(s, c->in);
	}
	if (observed(s, c, &o)) {
		rq_entry zero;
		memset(&zero, 0, sizeof zero);
		int idle = !o.rp && !o.hd_valid && o.count == 0 && !o.has && !o.ev[RQ_EV_REPLAY] &&
			   entry_eq(&s->c, &o.hd, &zero);
		if (t != 6)
			WG_EXPECT(c, idle, "t=%ld: an empty queue never replays and its head outputs are zero (lsu_req_i = %d)", t,
				  d->lsu);
		if (idle && !d->lsu && s->pops == 0)
			s->seen[0] = 1; /* empty from reset, lsu_req_i low: no replay */
		if (t == 6) {
			WG_EXPECT(c, o.rp && o.ev[RQ_EV_POP], "t=6: one entry, lsu_req_i low: it is replayed");
			s->seen[1] = 1, wg_key(c);
		}
		if (idle && !d->lsu && s->pops == 1)
			s->seen[2] = 1; /* empty again after the pop, lsu_req_i low: no replay, the head is zero again */
	}
	if (wg_done(c))
		expect_seen(s, c, 3);
}

#define SMALL "THREADS=4,ADDR_BITS=16,WARPS=8"

static const wg_case_def rq_cases[RQ_NCASES] = {
	[C_FULL_PUSH_BLOCKED] = {"full_push_blocked",
		"full queue + a refused new request: the LSU stalls holding it (push_ready_o = 0, lsu_req_i = 0), "
		"only replays reach the L1; after an ACK the held request is pushed the next cycle and the LSU resumes",
		"spec §3.13 #1", "ENTRIES=4," SMALL, .run = case_full_push_blocked,
		.focus = "push_valid_i push_warp_i lsu_req_i rp_ack_i rp_nack_i push_ready_o full_o rp_valid_o hd_valid_o hd_warp_o cnt_q hd_q tl_q"},
	[C_ROTATE_AND_PUSH] = {"rotate_and_push",
		"a NACKed replay and a push in one cycle: the rotated entry is written first, the new one behind it, "
		"the count grows by one",
		"spec §3.13 #2, docs/reexec_q.md decision 4", "ENTRIES=4," SMALL, .run = case_rotate_and_push,
		.focus = "push_valid_i push_warp_i rp_ack_i rp_nack_i push_ready_o rp_valid_o hd_valid_o hd_warp_o ev_o cnt_q hd_q tl_q ent_q"},
	[C_ROTATE_WHEN_FULL] = {"rotate_when_full",
		"NACKs in a full queue move the pointers only (rotate_ptr, no rotate_move): the heads come round in order",
		"spec §3.13 #2", "ENTRIES=4," SMALL, .run = case_rotate_when_full,
		.focus = "lsu_req_i rp_ack_i rp_nack_i full_o rp_valid_o hd_valid_o hd_warp_o ev_o cnt_q hd_q tl_q"},
	[C_POP_PUSH_WHEN_FULL] = {"pop_push_when_full",
		"an ACK in a full queue does not make room in the same cycle: the held push waits and is accepted the "
		"next cycle (with a pop there)",
		"spec §3.13 #3, decision 3", "ENTRIES=4," SMALL, .run = case_pop_push_when_full,
		.focus = "push_valid_i push_warp_i lsu_req_i rp_ack_i push_ready_o full_o rp_valid_o hd_warp_o ev_o cnt_q hd_q tl_q"},
	[C_NEW_REQUEST_FIRST] = {"new_request_first",
		"lsu_req_i blocks the replay, also in a full queue (a new request that hits under the misses); "
		"lsu_req_i low lets it go",
		"A-MA-12, decision 1", "ENTRIES=4," SMALL, .run = case_new_request_first,
		.focus = "lsu_req_i push_valid_i rp_ack_i full_o rp_valid_o hd_valid_o hd_warp_o cnt_q hd_q"},
	[C_OWNER_BEHIND] = {"owner_behind_nonowners",
		"the owner's entry is behind two non-owners: their NACKed replays go to the tail, the owner's entry "
		"reaches the head and is ACKed",
		"spec §3.13 #7, thesis §4.3.4", "ENTRIES=4," SMALL, .run = case_owner_behind,
		.focus = "lsu_req_i rp_ack_i rp_nack_i rp_valid_o hd_valid_o hd_warp_o hd_reg_o ev_o cnt_q hd_q tl_q ent_q"},
	[C_UNCOALESCED] = {"uncoalesced_partial",
		"32 one-lane requests of one instruction with 5 free entries: 5 pushed, the next refused one stalls the "
		"LSU (replay only), each ACK lets the held one in and the LSU resume; every request is served",
		"spec §3.13 #11, A-MA-13", "ENTRIES=8,THREADS=32,ADDR_BITS=16,WARPS=8", .run = case_uncoalesced,
		.focus = "push_valid_i push_mask_i lsu_req_i rp_ack_i push_ready_o full_o rp_valid_o hd_valid_o hd_mask_o cnt_q hd_q tl_q"},
	[C_FULL_NO_MSHR] = {"full_no_mshr_progress",
		"EP, full queue, LSU stalled, no MSHR for 19 cycles: a rotate_ptr every cycle; the first freed MSHR ACKs "
		"a replay at once, and every later one too (no livelock)",
		"spec §3.13 #13", "ENTRIES=4," SMALL, .run = case_full_no_mshr,
		.focus = "lsu_req_i push_valid_i rp_ack_i rp_nack_i push_ready_o full_o rp_valid_o hd_warp_o ev_o cnt_q hd_q tl_q"},
	[C_FIG46] = {"fig46_one_entry",
		"thesis Fig. 4.6(b) at ENTRIES=1: W0 NACKed (MSHRs full) and parked at t=2; W1 hits under the miss with "
		"the queue full; W2 misses at t=4, the LSU stalls (W3 waits), only replays until W0 is ACKed, then W2 is "
		"parked and W3 hits",
		"thesis §4.3.3, Fig. 4.6(b)", "ENTRIES=1,THREADS=4,ADDR_BITS=16,WARPS=4", .run = case_fig46,
		.focus = "push_valid_i push_warp_i lsu_req_i rp_ack_i rp_nack_i push_ready_o full_o rp_valid_o hd_valid_o hd_warp_o cnt_q ent_q"},
	[C_STORES] = {"stores_queued",
		"STORES=1: is_store travels with its entry through rotate_ptr, pop and rotate_move",
		"decision A-MA-6", "ENTRIES=4,STORES=1," SMALL, .run = case_stores,
		.focus = "push_valid_i push_store_i rp_ack_i rp_nack_i rp_valid_o hd_valid_o hd_warp_o hd_store_o cnt_q hd_q tl_q ent_q"},
	[C_EMPTY_IDLE] = {"empty_idle",
		"an empty queue never replays, even with lsu_req_i low; head outputs are zero",
		"docs/reexec_q.md One cycle (empty)", "ENTRIES=4," SMALL, .run = case_empty_idle,
		.focus = "push_valid_i lsu_req_i rp_ack_i rp_nack_i rp_valid_o hd_valid_o hd_addr_o hd_warp_o has_o cnt_q"},
};

static const char *rq_stim_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
				 char *buf, size_t n)
{
	rq_stim *s = st;
	rq_obs o;
	observe_out(s, out, &o);
	EXPECT(!!rq_replays(model, s->d.lsu) == sb_rp(s, s->d.lsu), "cycle %ld: rq_replays() disagrees with the scoreboard",
	       cyc);
	EXPECT(!(s->d.held && s->d.lsu), "cycle %ld: stimulus: the LSU sent a new request while holding a refused one",
	       cyc);
	if (cyc < RQ_RESET) /* the first reset cycles: the state is not known yet */
		return NULL;
	const char *e = sb_check(s, &o, buf, n);
	if (e || s->cs < 0)
		return e;
	if (o.ev[RQ_EV_POP])
		s->pops++;
	if (o.full && s->first_full < 0)
		s->first_full = cyc - RQ_RESET;
	return wg_case_check(&s->run, s, model, in, out, cyc, buf, n);
}

static const char *rq_stim_finish(void *st, long *key, char *buf, size_t n)
{
	rq_stim *s = st;
	*key = 0; /* random stimulus, or a case that marks nothing: cycle 0 (as before the kit) */
	if (s->cs < 0)
		return NULL;
	const char *e = wg_case_finish(&s->run, s, key, buf, n);
	if (*key < 0)
		*key = 0;
	return e;
}

/* ---- the interface ---- */
static size_t rq_stim_size(const long *p)
{
	(void)p;
	return sizeof(rq_stim);
}

static const char *rq_stim_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx,
				uint64_t seed, char *err, size_t n)
{
	rq_stim *s = st;
	s->L = L;
	rq_cfg_from_params(&s->c, p);
	memcpy(s->k, knobs, sizeof s->k);
	s->cs = case_idx;
	s->rng = wg_rng_seed(seed);
	s->first_full = -1;
	if (case_idx < 0)
		return NULL;
	/* The scripts name warps 0..7 (0..3 in fig46), addresses 0x100.. and their own ENTRIES. */
	if (s->c.warps < (case_idx == C_FIG46 ? 4 : 8) || s->c.addr_bits < 16 ||
	    (case_idx == C_UNCOALESCED && (s->c.threads != 32 || s->c.entries != 8))) {
		snprintf(err, n, "reexec_q: directed case %s needs its own parameters (%s)", rq_cases[case_idx].name,
			 rq_cases[case_idx].params);
		return err;
	}
	const char *need = rq_cases[case_idx].params;
	char want[32];
	snprintf(want, sizeof want, "ENTRIES=%d,", s->c.entries);
	if (strncmp(need, want, strlen(want)) != 0) {
		snprintf(err, n, "reexec_q: directed case %s needs %s", rq_cases[case_idx].name, need);
		return err;
	}
	if (case_idx == C_STORES && !s->c.stores) {
		snprintf(err, n, "reexec_q: directed case %s needs STORES=1", rq_cases[case_idx].name);
		return err;
	}
	return wg_case_start(&s->run, &rq_cases[case_idx], (size_t)L->nwords[WG_IN], rq_prologue, RQ_RESET, err, n);
}

static int rq_stim_next(void *st, const void *model, uint32_t *in, long cyc)
{
	rq_stim *s = st;
	sb_apply(s);
	return s->cs < 0 ? random_next(s, model, in, cyc) : wg_case_drive(&s->run, s, model, in, cyc);
}

static void rq_stim_cover(const void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
			  uint64_t *hits)
{
	(void)out;
	(void)cyc;
	const rq_stim *s = st;
	rq_cover(s->L, model, in, s->d_ok && s->d.unhold, hits);
}

const wg_stim_def wg_stim_reexec_q = {
	.block = &wg_block_reexec_q,
	.knobs = rq_knobs,
	.nknobs = RQ_NKNOBS,
	.cases = rq_cases,
	.ncases = RQ_NCASES,
	.size = rq_stim_size,
	.init = rq_stim_init,
	.next = rq_stim_next,
	.observe = NULL,
	.check = rq_stim_check,
	.finish = rq_stim_finish,
	.cov = rq_cov_points,
	.ncov = RQ_NCOV_POINTS,
	.cover = rq_stim_cover,
};
