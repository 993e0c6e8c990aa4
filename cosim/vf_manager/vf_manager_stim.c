/* vf_manager_stim.c - stimulus for Equalizer's frequency manager
 * `vf_manager` (docs/vf_manager.md): the SMs' epoch-end votes as random
 * strobes with request profiles, and the directed cases of spec §2.12
 * (#7 tie, #8 request during a transition, #11 objective switch) and of the
 * page's decisions.
 *
 * Random mode: every EPOCH +- JITTER cycles all SMs strobe together (the
 * protocol); a spacing below the regulator latency makes drops happen. Each
 * strobe's requests follow a profile drawn per epoch: most SMs agree on a
 * favourite request (a majority, or not), a split between two requests, or
 * mostly none (a request without its valid bit, random other bits). Between
 * strobes req_i carries random bits, which must not matter.
 *
 * Every mode checks, every cycle and independently of the C model: the
 * winner (recounted here from req_i), win_o = 0 without a strobe, the
 * events' conditions, at most one domain off nominal (levels and pending
 * levels), no level 3, and a level never moving by more than one step. */
#include <stdio.h>
#include <string.h>

#include "equalizer.h"
#include "vf_manager.h"
#include "vf_manager_cover.h"
#include "wg_bits.h"
#include "wg_kit.h"

/* ---- knobs of the random stream ---- */
enum {
	K_EPOCH,     /* mean cycles between strobes */
	K_JITTER,    /* the spacing is EPOCH +- JITTER (at least 1) */
	K_FAV_PCT,   /* % of epochs where the SMs lean to one favourite request */
	K_SPLIT_PCT, /* % of epochs split between two requests (the rest: mostly none) */
	K_RESET_PPM, /* per-million of cycles with a mid-run reset */
	VS_NKNOBS
};

static const wg_param_def vs_knobs[VS_NKNOBS] = {
	[K_EPOCH] = {"EPOCH", 400, 1, 100000, NULL,
		"mean cycles between the SMs' strobes (below the latencies: drops)", "assumed (thesis: 4096)"},
	[K_JITTER] = {"JITTER", 300, 0, 100000, NULL, "strobe spacing EPOCH +- JITTER cycles, at least 1", "assumed"},
	[K_FAV_PCT] = {"FAV_PCT", 60, 0, 100, NULL,
		"% of epochs where 40..100 % of the SMs send one favourite request", "assumed"},
	[K_SPLIT_PCT] = {"SPLIT_PCT", 20, 0, 100, NULL,
		"% of epochs split between two requests (the others: 85 % of the SMs send none)", "assumed"},
	[K_RESET_PPM] = {"RESET_PPM", 200, 0, 1000000, NULL, "per-million of cycles with a mid-run reset", "assumed"},
};

/* ---- directed cases (their functions and table: below) ---- */
enum {
	C_STRICT_MAJORITY,
	C_TIE_IS_NONE,
	C_PLURALITY,
	C_ONE_STEP,
	C_OTHER_DOMAIN,
	C_DROP_WHILE_BUSY,
	C_LATENCY_EXACT,
	C_SATURATED,
	VS_NCASES
};

enum { VS_RESET = 2 }; /* every run starts with two reset cycles (a case's prologue) */

/* Request codes (req_i of one SM, EQ_VF_* bits). */
enum { R_SM_LO = 1, R_MEM_LO = 3, R_SM_HI = 5, R_MEM_HI = 7 };

/* One directed strobe: v[j].n SMs send v[j].code (in SM order), the rest none. */
typedef struct vs_strobe {
	long t;            /* cycle after the reset */
	struct {
		unsigned code; /* a request code (R_*) */
		int n;         /* SMs that send it */
	} v[3];
} vs_strobe;

/* What the outputs of one cycle say. */
typedef struct vs_obs {
	unsigned sm, mem, busy, nsm, nmem, win;
	unsigned ev[VFM_NEVENTS];
} vs_obs;

typedef struct vs_stim {
	const wg_layout *L;          /* frame layout */
	vfm_cfg c;                   /* parameters */
	long k[VS_NKNOBS];           /* knob values */
	int cs;                      /* directed case, or -1 */
	wg_case_runner run;          /* its runner (wg_kit.h) */
	uint64_t rng;                /* xorshift state */
	/* this cycle's inputs, as driven */
	int rst;                     /* rst_i */
	uint32_t stb;                /* stb_i */
	uint8_t req[VFM_MAX_SMS];    /* req_i */
	/* previous cycle, for the one-step rule */
	int prev_ok;                 /* prev_* are valid (no reset in between) */
	unsigned prev_sm, prev_mem;  /* levels of the previous cycle */
	/* random */
	long next_stb;               /* cycle of the next strobe */
	/* directed */
	int seen[12];                /* events that must have happened */
} vs_stim;

static long pick(vs_stim *s, long n) { return wg_pick(&s->rng, n); }
static int pct(vs_stim *s, long p) { return wg_pct(&s->rng, p); }

static const unsigned codes[4] = {R_SM_LO, R_MEM_LO, R_SM_HI, R_MEM_HI};

/* A request that counts as none: valid bit 0, other bits random. */
static uint8_t none_code(vs_stim *s) { return (uint8_t)(pick(s, 4) << 1); }

/* ---- frames ---- */
static void emit(vs_stim *s, uint32_t *in)
{
	wg_port_put(s->L, in, VFM_RST_I, (unsigned)s->rst);
	wg_port_put(s->L, in, VFM_STB_I, s->stb);
	wg_elems_put8(s->L, in, VFM_REQ_I, s->c.sms, EQ_VF_BITS, s->req);
}

static void observe_out(const vs_stim *s, const uint32_t *out, vs_obs *o)
{
	o->sm = (unsigned)wg_port_get(s->L, out, VFM_SM_LEVEL_O);
	o->mem = (unsigned)wg_port_get(s->L, out, VFM_MEM_LEVEL_O);
	o->busy = (unsigned)wg_port_get(s->L, out, VFM_BUSY_O);
	o->nsm = (unsigned)wg_port_get(s->L, out, VFM_SM_NEXT_O);
	o->nmem = (unsigned)wg_port_get(s->L, out, VFM_MEM_NEXT_O);
	o->win = (unsigned)wg_port_get(s->L, out, VFM_WIN_O);
	uint64_t ev = wg_port_get(s->L, out, VFM_EV_O);
	for (int e = 0; e < VFM_NEVENTS; e++)
		o->ev[e] = (unsigned)((ev >> s->L->ev_lsb[e]) & wg_ones64(s->L->ev_w[e]));
}

/* ---- random ---- */
static void random_votes(vs_stim *s)
{
	const int S = s->c.sms;
	long r = pick(s, 100);
	if (r < s->k[K_FAV_PCT]) { /* lean to a favourite */
		unsigned fav = codes[pick(s, 4)];
		long agree = 40 + pick(s, 61);
		for (int k = 0; k < S; k++)
			s->req[k] = (uint8_t)(pct(s, agree) ? fav : pct(s, 50) ? none_code(s) : codes[pick(s, 4)]);
	} else if (r < s->k[K_FAV_PCT] + s->k[K_SPLIT_PCT]) { /* split between two */
		unsigned a = codes[pick(s, 4)], b = codes[pick(s, 4)];
		for (int k = 0; k < S; k++)
			s->req[k] = (uint8_t)(pct(s, 10) ? none_code(s) : pct(s, 50) ? a : b);
	} else { /* mostly none */
		for (int k = 0; k < S; k++)
			s->req[k] = (uint8_t)(pct(s, 85) ? none_code(s) : codes[pick(s, 4)]);
	}
}

static long next_gap(vs_stim *s)
{
	long j = s->k[K_JITTER];
	long g = s->k[K_EPOCH] + pick(s, 2 * j + 1) - j;
	return g < 1 ? 1 : g;
}

static int random_next(vs_stim *s, uint32_t *in, long cyc)
{
	const uint32_t all = (uint32_t)wg_ones64(s->c.sms);
	s->rst = cyc < VS_RESET || pick(s, 1000000) < s->k[K_RESET_PPM];
	if (s->rst) { /* reset cycles: any inputs; the epoch restarts */
		s->stb = (uint32_t)wg_rng_next(&s->rng) & all;
		for (int k = 0; k < s->c.sms; k++)
			s->req[k] = (uint8_t)pick(s, 8);
		s->next_stb = cyc + next_gap(s);
	} else if (cyc >= s->next_stb) {
		s->stb = all;
		random_votes(s);
		s->next_stb = cyc + next_gap(s);
	} else { /* between strobes: req_i must not matter */
		s->stb = 0;
		for (int k = 0; k < s->c.sms; k++)
			s->req[k] = (uint8_t)pick(s, 8);
	}
	emit(s, in);
	return 1;
}

/* ---- checks of every cycle, every mode ---- */

/* The winner recounted from this cycle's inputs (docs/vf_manager.md "One cycle"). */
static unsigned ref_winner(const vs_stim *s)
{
	int n[4] = {0};
	const uint32_t all = (uint32_t)wg_ones64(s->c.sms);
	if ((s->stb & all) == 0)
		return 0;
	for (int k = 0; k < s->c.sms; k++)
		for (int i = 0; i < 4; i++)
			n[i] += (s->req[k] & 7u) == codes[i];
	for (int i = 0; i < 4; i++) {
		int ok = s->c.majority == VFM_MAJ_STRICT ? 2 * n[i] > s->c.sms : n[i] > 0;
		for (int j = 0; j < 4 && s->c.majority != VFM_MAJ_STRICT; j++)
			if (j != i && n[j] >= n[i])
				ok = 0;
		if (ok)
			return codes[i];
	}
	return 0;
}

static int adjacent(unsigned a, unsigned b)
{
	return a == b || a == VFM_NORMAL || b == VFM_NORMAL;
}

static const char *common_check(vs_stim *s, const vs_obs *o, long cyc, char *buf, size_t n)
{
	EXPECT(o->sm < 3 && o->mem < 3 && o->nsm < 3 && o->nmem < 3,
	       "cycle %ld: level 3 (sm %u mem %u next %u %u)", cyc, o->sm, o->mem, o->nsm, o->nmem);
	EXPECT(o->sm == VFM_NORMAL || o->mem == VFM_NORMAL,
	       "cycle %ld: both domains off nominal (sm %u, mem %u): not one of the five power models", cyc, o->sm,
	       o->mem);
	EXPECT(o->nsm == VFM_NORMAL || o->nmem == VFM_NORMAL,
	       "cycle %ld: both pending levels off nominal (sm %u, mem %u)", cyc, o->nsm, o->nmem);
	EXPECT(o->busy || (o->nsm == o->sm && o->nmem == o->mem),
	       "cycle %ld: idle, but the next levels differ from the current ones", cyc);
	unsigned w = ref_winner(s);
	EXPECT(o->win == w, "cycle %ld: win_o = %u, the votes (recounted) give %u", cyc, o->win, w);
	if (s->prev_ok)
		EXPECT(adjacent(s->prev_sm, o->sm) && adjacent(s->prev_mem, o->mem),
		       "cycle %ld: a level moved two steps in one edge (sm %u -> %u, mem %u -> %u)", cyc, s->prev_sm,
		       o->sm, s->prev_mem, o->mem);
	s->prev_ok = !s->rst;
	s->prev_sm = o->sm, s->prev_mem = o->mem;
	if (s->rst) {
		for (int e = 0; e < VFM_NEVENTS; e++)
			EXPECT(!o->ev[e], "cycle %ld: an event in a reset cycle", cyc);
		return NULL;
	}
	EXPECT(o->ev[VFM_EV_ELECT] == (s->stb != 0), "cycle %ld: elect = %u with stb_i = 0x%lx", cyc,
	       o->ev[VFM_EV_ELECT], (unsigned long)s->stb);
	EXPECT(!o->ev[VFM_EV_DROP] || (o->busy && o->win), "cycle %ld: drop without a winner during a transition", cyc);
	EXPECT(!(o->busy && o->win) || o->ev[VFM_EV_DROP], "cycle %ld: a winner during a transition not dropped", cyc);
	EXPECT(!o->ev[VFM_EV_START] || (!o->busy && o->win), "cycle %ld: start without a winner while idle", cyc);
	return NULL;
}

/* ---- directed cases (wg_kit.h): one function each ----
 * The prologue holds reset for two cycles; a case's cycle t counts from there.
 * A case lists its strobes as rows and runs them with script(): in the DRIVE
 * phase it drives the cycle from them (votes that count as none, drawn from
 * the random state, then the strobe's votes); in the CHECK phase it checks
 * that a cycle without a strobe elects nothing, and the case's own checks
 * follow (seen flags and the marker are set there); at the end the case
 * claims it reached each of them. */

/* Reset cycles: reset, no strobe, votes that count as none. */
static void vs_prologue(void *st, uint32_t *in, long cyc)
{
	(void)cyc;
	vs_stim *s = st;
	s->rst = 1;
	s->stb = 0;
	for (int k = 0; k < s->c.sms; k++)
		s->req[k] = none_code(s);
	emit(s, in);
}

/* Drive case cycle t from the strobes x[0..nx): n SMs per code in SM order at
 * a strobe, votes that count as none elsewhere. */
static void drive_strobes(vs_stim *s, uint32_t *in, long t, const vs_strobe *x, int nx)
{
	const uint32_t all = (uint32_t)wg_ones64(s->c.sms);
	s->rst = 0;
	s->stb = 0;
	for (int k = 0; k < s->c.sms; k++)
		s->req[k] = none_code(s);
	for (int i = 0; i < nx; i++) {
		if (x[i].t != t)
			continue;
		s->stb = all;
		int k = 0;
		for (int j = 0; j < 3; j++)
			for (int n = 0; n < x[i].v[j].n && k < s->c.sms; n++)
				s->req[k++] = (uint8_t)x[i].v[j].code;
	}
	emit(s, in);
}

/* Strobe index at time t, or -1. */
static int strobe_at(const vs_strobe *x, int nx, long t)
{
	for (int i = 0; i < nx; i++)
		if (x[i].t == t)
			return i;
	return -1;
}

/* CHECK: a cycle without a strobe elects nothing. */
static void expect_quiet(wg_cyc *c, const vs_obs *o, const vs_strobe *x, int nx)
{
	long t = c->t;
	int i = strobe_at(x, nx, t);
	WG_EXPECT(c, i >= 0 || (o->win == 0 && !o->ev[VFM_EV_ELECT] && !o->ev[VFM_EV_START] && !o->ev[VFM_EV_DROP]),
		  "t=%ld: no strobe: no vote, no start, no drop", t);
}

/* The script engine: the case runs the strobes x[0..nx) for cycles 0..t_end.
 * 1 in the CHECK phase when the cycle's common check passed, with the
 * cycle's outputs in o: the case's own checks follow. */
static int script(vs_stim *s, wg_cyc *c, const vs_strobe *x, int nx, long t_end, vs_obs *o)
{
	wg_case_len(c, t_end + 1);
	if (c->phase == WG_DRIVE && c->t <= t_end)
		drive_strobes(s, c->in, c->t, x, nx);
	if (!wg_checking(c))
		return 0;
	observe_out(s, c->out, o);
	expect_quiet(c, o, x, nx);
	return !c->fail;
}

/* n unanimous strobes (every SM votes codes[i]) one epoch ep apart from cycle t. */
static void unanimous(vs_strobe *x, int sms, long t, long ep, const unsigned *codes, int n)
{
	for (int i = 0; i < n; i++)
		x[i] = (vs_strobe){t + i * ep, {{codes[i], sms}}};
}

static int lat_max(const vfm_cfg *c) { return c->sm_lat > c->mem_lat ? c->sm_lat : c->mem_lat; }

/* Epochs of the scripts: longer than the latency. */
static long epoch(const vfm_cfg *c) { return lat_max(c) + 3; }

/* Expect a transition decided at strobe i to (sm, mem) after lat cycles. */
static void expect_move(vs_stim *s, wg_cyc *c, const vs_obs *o, const vs_strobe *x, int i, unsigned sm, unsigned mem,
			int lat)
{
	long t = c->t, t0 = x[i].t;
	if (t == t0) {
		WG_EXPECT(c, o->ev[VFM_EV_START] && !o->busy, "t=%ld: strobe %d must start a transition", t, i);
		WG_EXPECT(c, o->ev[VFM_EV_APPLY] == (lat == 1), "t=%ld: apply at the decision edge iff the latency is 1", t);
	}
	if (t > t0 && t < t0 + lat) {
		WG_EXPECT(c, o->busy && o->nsm == sm && o->nmem == mem,
			  "t=%ld: in flight (strobe %d + %ld of %d): busy with next levels sm %u mem %u (got busy %u, %u, %u)",
			  t, i, t - t0, lat, sm, mem, o->busy, o->nsm, o->nmem);
		WG_EXPECT(c, o->ev[VFM_EV_APPLY] == (t == t0 + lat - 1), "t=%ld: apply only in the cycle before c + %d", t,
			  lat);
	}
	if (t == t0 + lat) {
		WG_EXPECT(c, o->sm == sm && o->mem == mem && !o->busy,
			  "t=%ld = strobe %d + %d: the new levels sm %u mem %u must be visible (got %u, %u, busy %u)", t, i,
			  lat, sm, mem, o->sm, o->mem, o->busy);
		s->seen[i] = 1;
	}
}

/* No transition at strobe i (no winner, or saturated). */
static void expect_none(vs_stim *s, wg_cyc *c, const vs_obs *o, const vs_strobe *x, int i, unsigned win)
{
	long t = c->t;
	if (t != x[i].t)
		return;
	WG_EXPECT(c, o->win == win, "t=%ld: strobe %d: win_o = %u, expected %u", t, i, o->win, win);
	WG_EXPECT(c, o->ev[VFM_EV_ELECT] && !o->ev[VFM_EV_START] && !o->ev[VFM_EV_APPLY] && !o->ev[VFM_EV_DROP],
		  "t=%ld: strobe %d: elect only, no start (events %u%u%u%u)", t, i, o->ev[0], o->ev[1], o->ev[2], o->ev[3]);
	s->seen[i] = 1;
}

/* In a case: run a check helper, and return if it failed. */
#define TRY(c, call)                                                                                               \
	do {                                                                                                       \
		call;                                                                                              \
		if ((c)->fail)                                                                                     \
			return;                                                                                    \
	} while (0)

/* FINISH: the case reached each of its n checks (seen[0..n-1]). */
static void expect_seen(const vs_stim *s, wg_cyc *c, int n)
{
	for (int k = 0; k < n; k++)
		WG_EXPECT(c, s->seen[k], "the scenario did not reach its check %d of %d", k + 1, n);
}

/* SMS=15 */
static void case_strict_majority(void *st, wg_cyc *c)
{
	vs_stim *s = st;
	const int S = s->c.sms, SL = s->c.sm_lat;
	const vs_strobe x[] = {
		{2, {{R_SM_HI, S / 2}, {R_MEM_HI, (S - S / 2) / 2}, {R_SM_LO, 1}}},
		{4, {{R_SM_HI, S / 2 + 1}, {R_MEM_LO, S - S / 2 - 1}}},
	};
	long t = c->t;
	vs_obs o;
	int chk = script(s, c, x, 2, 4 + epoch(&s->c), &o);
	if (wg_at(c, 3)) /* a unanimous vote outside a strobe cycle */
		for (int k = 0; k < S; k++)
			wg_elem_put(s->L, c->in, VFM_REQ_I, k, EQ_VF_BITS, R_SM_HI);
	if (chk) {
		TRY(c, expect_none(s, c, &o, x, 0, 0));
		if (t == 3) {
			WG_EXPECT(c, o.win == 0 && o.sm == VFM_NORMAL, "t=3: a unanimous vote without a strobe is ignored");
			s->seen[2] = 1;
		}
		TRY(c, expect_move(s, c, &o, x, 1, VFM_HIGH, VFM_NORMAL, SL));
		if (t == x[1].t) {
			WG_EXPECT(c, o.win == R_SM_HI, "t=%ld: %d of %d SM-raise votes win", t, S / 2 + 1, S);
			wg_key(c);
		}
	}
	if (wg_done(c))
		expect_seen(s, c, 3);
}

/* SMS >= 2: SMS/2 against SMS/2 (2 vs 2 at SMS=4, 7/7/1 at SMS=15) */
static void case_tie_is_none(void *st, wg_cyc *c)
{
	vs_stim *s = st;
	const int S = s->c.sms, SL = s->c.sm_lat;
	const vs_strobe x[] = {
		{2, {{R_SM_HI, S / 2}, {R_MEM_HI, S / 2}}},
		{4, {{R_SM_HI, S / 2}, {R_SM_LO, S / 2}}},
		{6, {{R_SM_HI, S / 2 + 1}, {R_MEM_HI, S - S / 2 - 1}}},
	};
	long t = c->t;
	vs_obs o;
	if (script(s, c, x, 3, 6 + epoch(&s->c), &o)) {
		TRY(c, expect_none(s, c, &o, x, 0, 0));
		TRY(c, expect_none(s, c, &o, x, 1, 0));
		if (t == x[2].t) {
			WG_EXPECT(c, o.win == R_SM_HI, "t=%ld: one vote more than the tie wins", t);
			c->key = c->cyc - t + x[0].t; /* the marker goes on the tie (strobe 0) */
		}
		TRY(c, expect_move(s, c, &o, x, 2, VFM_HIGH, VFM_NORMAL, SL));
	}
	if (wg_done(c))
		expect_seen(s, c, 3);
}

/* SMS=15, MAJORITY=PLURALITY */
static void case_plurality(void *st, wg_cyc *c)
{
	vs_stim *s = st;
	const int ML = s->c.mem_lat, LM = lat_max(&s->c);
	const long EP = epoch(&s->c);
	const vs_strobe x[] = {
		{2, {{R_MEM_LO, 5}, {R_SM_HI, 4}}},
		{2 + EP, {{R_SM_HI, 5}, {R_MEM_HI, 5}, {R_SM_LO, 5}}},
		{2 + EP + 2, {{R_SM_LO, 1}}},
	};
	long t = c->t;
	vs_obs o;
	if (script(s, c, x, 3, 2 + 2 * EP + 2, &o)) {
		if (t == x[0].t)
			WG_EXPECT(c, o.win == R_MEM_LO, "t=%ld: 5 memory-lower votes of 15 win over 4 SM-raise", t);
		TRY(c, expect_move(s, c, &o, x, 0, VFM_NORMAL, VFM_LOW, ML));
		TRY(c, expect_none(s, c, &o, x, 1, 0));
		if (t == x[2].t) {
			WG_EXPECT(c, o.win == R_SM_LO, "t=%ld: a single SM-lower vote wins against none", t);
			wg_key(c);
		}
		TRY(c, expect_move(s, c, &o, x, 2, VFM_LOW, VFM_NORMAL, LM));
	}
	if (wg_done(c))
		expect_seen(s, c, 3);
}

/* SMS >= 3: SM lower, then SM raise twice, one epoch apart */
static void case_one_step(void *st, wg_cyc *c)
{
	vs_stim *s = st;
	const int SL = s->c.sm_lat;
	const long EP = epoch(&s->c);
	vs_strobe x[3];
	unanimous(x, s->c.sms, 2, EP, (const unsigned[]){R_SM_LO, R_SM_HI, R_SM_HI}, 3);
	long t = c->t;
	vs_obs o;
	if (script(s, c, x, 3, 2 + 3 * EP, &o)) {
		TRY(c, expect_move(s, c, &o, x, 0, VFM_LOW, VFM_NORMAL, SL));
		TRY(c, expect_move(s, c, &o, x, 1, VFM_NORMAL, VFM_NORMAL, SL));
		TRY(c, expect_move(s, c, &o, x, 2, VFM_HIGH, VFM_NORMAL, SL));
		if (t > x[1].t && t < x[2].t)
			WG_EXPECT(c, o.sm != VFM_HIGH, "t=%ld: the SM domain reached high in one epoch", t);
		if (t == x[1].t)
			wg_key(c);
	}
	if (wg_done(c))
		expect_seen(s, c, 3);
}

/* SMS >= 3 */
static void case_other_domain(void *st, wg_cyc *c)
{
	vs_stim *s = st;
	const int S = s->c.sms, ML = s->c.mem_lat, LM = lat_max(&s->c);
	const long EP = epoch(&s->c);
	const vs_strobe x[] = {
		{2, {{R_MEM_HI, S / 2 + 1}, {R_SM_LO, S - S / 2 - 1}}},
		{2 + EP, {{R_SM_LO, S / 2 + 1}, {R_MEM_HI, S - S / 2 - 1}}},
		{2 + 2 * EP, {{R_MEM_LO, S}}},
	};
	long t = c->t;
	vs_obs o;
	if (script(s, c, x, 3, 2 + 3 * EP, &o)) {
		TRY(c, expect_move(s, c, &o, x, 0, VFM_NORMAL, VFM_HIGH, ML));
		TRY(c, expect_move(s, c, &o, x, 1, VFM_LOW, VFM_NORMAL, LM));
		TRY(c, expect_move(s, c, &o, x, 2, VFM_NORMAL, VFM_LOW, LM));
		if (t == x[1].t)
			wg_key(c);
	}
	if (wg_done(c))
		expect_seen(s, c, 3);
}

/* SMS >= 3, SM_LAT >= 4 */
static void case_drop_while_busy(void *st, wg_cyc *c)
{
	vs_stim *s = st;
	const int S = s->c.sms, SL = s->c.sm_lat, LM = lat_max(&s->c);
	const vs_strobe x[] = {
		{2, {{R_SM_HI, S}}},
		{2 + SL / 2, {{R_MEM_LO, S}}},
		{2 + SL - 1, {{R_MEM_LO, S}}},
		{2 + SL + 1, {{R_MEM_LO, S}}},
	};
	long t = c->t;
	vs_obs o;
	if (script(s, c, x, 4, 2 + SL + 1 + epoch(&s->c), &o)) {
		TRY(c, expect_move(s, c, &o, x, 0, VFM_HIGH, VFM_NORMAL, SL));
		for (int j = 1; j <= 2; j++)
			if (t == x[j].t) {
				WG_EXPECT(c, o.busy && o.win == R_MEM_LO && o.ev[VFM_EV_DROP] && !o.ev[VFM_EV_START] &&
						     o.nsm == VFM_HIGH && o.nmem == VFM_NORMAL,
					  "t=%ld: a memory-lower majority during the SM transition is dropped", t);
				WG_EXPECT(c, o.ev[VFM_EV_APPLY] == (j == 2), "t=%ld: the second drop is in the apply cycle", t);
				s->seen[j] = 1;
				if (j == 1)
					wg_key(c);
			}
		if (t > x[0].t && t < x[3].t)
			WG_EXPECT(c, o.mem == VFM_NORMAL && o.nmem == VFM_NORMAL, "t=%ld: the dropped request left no trace", t);
		TRY(c, expect_move(s, c, &o, x, 3, VFM_NORMAL, VFM_LOW, LM));
	}
	if (wg_done(c))
		expect_seen(s, c, 4);
}

/* SMS >= 3: memory lower, SM raise, SM lower, one epoch apart */
static void case_latency_exact(void *st, wg_cyc *c)
{
	vs_stim *s = st;
	const int SL = s->c.sm_lat, ML = s->c.mem_lat, LM = lat_max(&s->c);
	const long EP = epoch(&s->c);
	vs_strobe x[3];
	unanimous(x, s->c.sms, 2, EP, (const unsigned[]){R_MEM_LO, R_SM_HI, R_SM_LO}, 3);
	long t = c->t;
	vs_obs o;
	if (script(s, c, x, 3, 2 + 3 * EP, &o)) {
		TRY(c, expect_move(s, c, &o, x, 0, VFM_NORMAL, VFM_LOW, ML));
		TRY(c, expect_move(s, c, &o, x, 1, VFM_HIGH, VFM_NORMAL, LM));
		TRY(c, expect_move(s, c, &o, x, 2, VFM_NORMAL, VFM_NORMAL, SL));
		if (t == x[2].t)
			wg_key(c);
		if (SL == 1 && t == x[2].t + 1)
			WG_EXPECT(c, o.sm == VFM_NORMAL && !o.busy, "t=%ld: SM_LAT=1: the next cycle, without a busy cycle", t);
	}
	if (wg_done(c))
		expect_seen(s, c, 3);
}

/* SMS >= 3: SM raise twice, then memory lower twice, one epoch apart */
static void case_saturated(void *st, wg_cyc *c)
{
	vs_stim *s = st;
	const int SL = s->c.sm_lat, LM = lat_max(&s->c);
	const long EP = epoch(&s->c);
	vs_strobe x[4];
	unanimous(x, s->c.sms, 2, EP, (const unsigned[]){R_SM_HI, R_SM_HI, R_MEM_LO, R_MEM_LO}, 4);
	long t = c->t;
	vs_obs o;
	if (script(s, c, x, 4, 2 + 4 * EP, &o)) {
		TRY(c, expect_move(s, c, &o, x, 0, VFM_HIGH, VFM_NORMAL, SL));
		TRY(c, expect_none(s, c, &o, x, 1, R_SM_HI));
		TRY(c, expect_move(s, c, &o, x, 2, VFM_NORMAL, VFM_LOW, LM));
		TRY(c, expect_none(s, c, &o, x, 3, R_MEM_LO));
		if (t > x[1].t && t < x[2].t)
			WG_EXPECT(c, !o.busy && o.sm == VFM_HIGH, "t=%ld: saturated: nothing in flight", t);
		if (t > x[3].t)
			WG_EXPECT(c, !o.busy && o.mem == VFM_LOW && o.sm == VFM_NORMAL, "t=%ld: saturated: nothing in flight", t);
		if (t == x[1].t)
			wg_key(c);
	}
	if (wg_done(c))
		expect_seen(s, c, 4);
}

#define SMALL "SM_LAT=8,MEM_LAT=12"

static const wg_case_def vs_cases[VS_NCASES] = {
	[C_STRICT_MAJORITY] = {"strict_majority",
		"STRICT at 15 SMs: 7 SM-raise votes (the rest other or none) win nothing; 8 win; a full vote outside a "
		"strobe cycle is ignored",
		"spec A-EQ-9, §2.6", "SMS=15," SMALL, .run = case_strict_majority,
		.focus = "stb_i req_i win_o sm_next_o mem_next_o busy_q nsm_q sm_q mem_q"},
	[C_TIE_IS_NONE] = {"tie_is_none",
		"SMS/2 SM-raise (COMP) vs SMS/2 memory-raise (MEM) votes, the rest none: no winner (SMS=4: 2 vs 2; "
		"with --set SMS=15 the spec's 7/7/1); SM raise vs SM lower likewise; one vote more wins",
		"spec §2.12 #7", "SMS=4," SMALL, .run = case_tie_is_none,
		.focus = "stb_i req_i win_o ev_o busy_q sm_q mem_q"},
	[C_PLURALITY] = {"plurality",
		"PLURALITY: 5 memory-lower of 15 win over 4 SM-raise (STRICT: none); a 5/5/5 tie is none; a single "
		"SM-lower vote wins, moving both domains after max(SM_LAT, MEM_LAT)",
		"spec A-EQ-9 option", "SMS=15,MAJORITY=PLURALITY," SMALL, .run = case_plurality,
		.focus = "stb_i req_i win_o sm_next_o mem_next_o busy_q tmr_q sm_q mem_q"},
	[C_ONE_STEP] = {"one_step_per_epoch",
		"energy -> performance switch: SM-lower votes take the SM domain low; then SM-raise votes ramp it "
		"low -> normal -> high over two epochs, one step each",
		"spec §2.12 #11, A-EQ-17", "SMS=15," SMALL, .run = case_one_step,
		.focus = "stb_i req_i win_o sm_next_o busy_q nsm_q sm_q mem_q"},
	[C_OTHER_DOMAIN] = {"other_domain_to_normal",
		"memory high, then an SM-lower majority: the SM domain goes low and memory back to normal in the same "
		"decision (both after max latency); then memory-lower: memory low, SM normal; never both off nominal",
		"spec A-EQ-10, §2.6 five power models", "SMS=15," SMALL, .run = case_other_domain,
		.focus = "stb_i req_i win_o sm_next_o mem_next_o busy_q tmr_q nsm_q nmem_q sm_q mem_q"},
	[C_DROP_WHILE_BUSY] = {"drop_while_busy",
		"strobes closer than the latency: a winner during a transition is dropped (also in the apply cycle); "
		"the same request at the next strobe after the transition starts one",
		"spec §2.12 #8", "SMS=15," SMALL, .run = case_drop_while_busy,
		.focus = "stb_i req_i win_o ev_o busy_q tmr_q nsm_q nmem_q sm_q mem_q"},
	[C_LATENCY_EXACT] = {"latency_exact",
		"a strobe in cycle c: the new level is visible in cycle c + lat exactly (memory only: MEM_LAT; both "
		"domains: the max; SM only: SM_LAT; with --set SM_LAT=1 the next cycle, no busy cycle)",
		"docs/vf_manager.md One cycle; thesis §3.5.1.1", "SMS=15," SMALL, .run = case_latency_exact,
		.focus = "stb_i req_i win_o busy_q tmr_q nsm_q nmem_q sm_q mem_q"},
	[C_SATURATED] = {"saturated_no_transition",
		"SM high + SM raise, memory low + memory lower: elected (win_o), but no start, no busy, no change",
		"docs/vf_manager.md One cycle (saturated)", "SMS=15," SMALL, .run = case_saturated,
		.focus = "stb_i req_i win_o ev_o busy_q sm_q mem_q"},
};

static const char *vs_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc, char *buf,
			    size_t n)
{
	vs_stim *s = st;
	vs_obs o;
	observe_out(s, out, &o);
	/* this cycle's inputs, from the frame: a directed case may change the frame after drive
	 * (strict_majority's votes outside a strobe); random_next's are the frame's already */
	if (s->cs >= 0) {
		s->rst = (int)wg_port_get(s->L, in, VFM_RST_I);
		s->stb = (uint32_t)wg_port_get(s->L, in, VFM_STB_I);
		wg_elems_get8(s->L, in, VFM_REQ_I, s->c.sms, EQ_VF_BITS, s->req);
	}
	if (cyc < 1) /* before the first reset edge the state is not known */
		return NULL;
	const char *e = common_check(s, &o, cyc, buf, n);
	if (e || s->cs < 0)
		return e;
	return wg_case_check(&s->run, s, model, in, out, cyc, buf, n);
}

static const char *vs_finish(void *st, long *key, char *buf, size_t n)
{
	vs_stim *s = st;
	*key = VS_RESET; /* random stimulus, or a case that marks nothing: the first cycle after the reset (as before the kit) */
	if (s->cs < 0)
		return NULL;
	const char *e = wg_case_finish(&s->run, s, key, buf, n);
	if (*key < 0)
		*key = VS_RESET;
	return e;
}

/* ---- the interface ---- */
static size_t vs_size(const long *p)
{
	(void)p;
	return sizeof(vs_stim);
}

static const char *vs_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx, uint64_t seed,
			   char *err, size_t n)
{
	vs_stim *s = st;
	s->L = L;
	vfm_cfg_from_params(&s->c, p);
	memcpy(s->k, knobs, sizeof s->k);
	s->cs = case_idx;
	s->rng = wg_rng_seed(seed);
	if (case_idx < 0)
		return NULL;
	const vfm_cfg *c = &s->c;
	const char *need = NULL;
	/* Either MAJORITY runs every case (the scripts' unanimous and S/2+1 votes win under both, ties
	 * lose under both); strict_majority under PLURALITY and plurality under STRICT fail their
	 * checks, which shows the checks can fail. */
	if (((case_idx == C_STRICT_MAJORITY || case_idx == C_PLURALITY) && c->sms != 15) ||
	    (case_idx == C_TIE_IS_NONE && c->sms < 2) || (case_idx != C_TIE_IS_NONE && c->sms < 3))
		need = vs_cases[case_idx].params;
	if (case_idx == C_DROP_WHILE_BUSY && c->sm_lat < 4)
		need = "SM_LAT >= 4";
	if (lat_max(c) > 64)
		need = "latencies up to 64 (the case is short)";
	if (need) {
		snprintf(err, n, "vf_manager: directed case %s needs %s", vs_cases[case_idx].name, need);
		return err;
	}
	return wg_case_start(&s->run, &vs_cases[case_idx], (size_t)L->nwords[WG_IN], vs_prologue, VS_RESET, err, n);
}

static int vs_next(void *st, const void *model, uint32_t *in, long cyc)
{
	vs_stim *s = st;
	return s->cs < 0 ? random_next(s, in, cyc) : wg_case_drive(&s->run, s, model, in, cyc);
}

static void vs_cover(const void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
		     uint64_t *hits)
{
	(void)out;
	(void)cyc;
	vfm_cover(((const vs_stim *)st)->L, model, in, hits);
}

const wg_stim_def wg_stim_vf_manager = {
	.block = &wg_block_vf_manager,
	.knobs = vs_knobs,
	.nknobs = VS_NKNOBS,
	.cases = vs_cases,
	.ncases = VS_NCASES,
	.size = vs_size,
	.init = vs_init,
	.next = vs_next,
	.observe = NULL,
	.check = vs_check,
	.finish = vs_finish,
	.cov = vfm_cov_points,
	.ncov = VFM_NCOV_POINTS,
	.cover = vs_cover,
};
