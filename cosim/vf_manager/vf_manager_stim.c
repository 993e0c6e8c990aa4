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
#include "wg_bits.h"
#include "wg_rng.h"
#include "wg_stim.h"

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

/* ---- directed cases ---- */
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

#define SMALL "SM_LAT=8,MEM_LAT=12"

static const wg_case_def vs_cases[VS_NCASES] = {
	[C_STRICT_MAJORITY] = {"strict_majority",
		"STRICT at 15 SMs: 7 SM-raise votes (the rest other or none) win nothing; 8 win; a full vote outside a "
		"strobe cycle is ignored",
		"spec A-EQ-9, §2.6", "SMS=15," SMALL},
	[C_TIE_IS_NONE] = {"tie_is_none",
		"SMS/2 SM-raise (COMP) vs SMS/2 memory-raise (MEM) votes, the rest none: no winner (SMS=4: 2 vs 2; "
		"with --set SMS=15 the spec's 7/7/1); SM raise vs SM lower likewise; one vote more wins",
		"spec §2.12 #7", "SMS=4," SMALL},
	[C_PLURALITY] = {"plurality",
		"PLURALITY: 5 memory-lower of 15 win over 4 SM-raise (STRICT: none); a 5/5/5 tie is none; a single "
		"SM-lower vote wins, moving both domains after max(SM_LAT, MEM_LAT)",
		"spec A-EQ-9 option", "SMS=15,MAJORITY=PLURALITY," SMALL},
	[C_ONE_STEP] = {"one_step_per_epoch",
		"energy -> performance switch: SM-lower votes take the SM domain low; then SM-raise votes ramp it "
		"low -> normal -> high over two epochs, one step each",
		"spec §2.12 #11, A-EQ-17", "SMS=15," SMALL},
	[C_OTHER_DOMAIN] = {"other_domain_to_normal",
		"memory high, then an SM-lower majority: the SM domain goes low and memory back to normal in the same "
		"decision (both after max latency); then memory-lower: memory low, SM normal; never both off nominal",
		"spec A-EQ-10, §2.6 five power models", "SMS=15," SMALL},
	[C_DROP_WHILE_BUSY] = {"drop_while_busy",
		"strobes closer than the latency: a winner during a transition is dropped (also in the apply cycle); "
		"the same request at the next strobe after the transition starts one",
		"spec §2.12 #8", "SMS=15," SMALL},
	[C_LATENCY_EXACT] = {"latency_exact",
		"a strobe in cycle c: the new level is visible in cycle c + lat exactly (memory only: MEM_LAT; both "
		"domains: the max; SM only: SM_LAT; with --set SM_LAT=1 the next cycle, no busy cycle)",
		"docs/vf_manager.md One cycle; thesis §3.5.1.1", "SMS=15," SMALL},
	[C_SATURATED] = {"saturated_no_transition",
		"SM high + SM raise, memory low + memory lower: elected (win_o), but no start, no busy, no change",
		"docs/vf_manager.md One cycle (saturated)", "SMS=15," SMALL},
};

/* Request codes (req_i of one SM, EQ_VF_* bits). */
enum { R_SM_LO = 1, R_MEM_LO = 3, R_SM_HI = 5, R_MEM_HI = 7 };

#define MAX_STROBES 8

/* One directed strobe: n[i] SMs send code[i] (in SM order), the rest none. */
typedef struct vs_strobe {
	long t;          /* cycle after the reset */
	int n[3];        /* SMs per code */
	unsigned code[3];
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
	vs_strobe st[MAX_STROBES];   /* the case's strobes */
	int nst;                     /* how many */
	long t_end;                  /* the case stops here */
	int seen[12];                /* events that must have happened */
	int nseen;                   /* how many seen[] the case needs */
	long key;                    /* cycle to mark in the waveform */
} vs_stim;

static uint64_t rnd(vs_stim *s) { return wg_rng_next(&s->rng); }
static long pick(vs_stim *s, long n) { return (long)(((rnd(s) >> 32) * (uint64_t)n) >> 32); }
static int pct(vs_stim *s, long p) { return pick(s, 100) < p; }

static const unsigned codes[4] = {R_SM_LO, R_MEM_LO, R_SM_HI, R_MEM_HI};

/* A request that counts as none: valid bit 0, other bits random. */
static uint8_t none_code(vs_stim *s) { return (uint8_t)(pick(s, 4) << 1); }

/* ---- frame helpers ---- */
static void put(const vs_stim *s, uint32_t *in, int port, unsigned lsb, unsigned w, uint64_t v)
{
	wg_put(in + s->L->off[port], lsb, w, v & wg_ones64(w));
}

static uint64_t get(const vs_stim *s, const uint32_t *f, int port)
{
	return wg_get(f + s->L->off[port], 0, (unsigned)s->L->width[port]);
}

static void emit(vs_stim *s, uint32_t *in)
{
	put(s, in, VFM_RST_I, 0, 1, (unsigned)s->rst);
	put(s, in, VFM_STB_I, 0, (unsigned)s->c.sms, s->stb);
	for (int k = 0; k < s->c.sms; k++)
		put(s, in, VFM_REQ_I, (unsigned)(k * EQ_VF_BITS), EQ_VF_BITS, s->req[k]);
}

static void observe_out(const vs_stim *s, const uint32_t *out, vs_obs *o)
{
	o->sm = (unsigned)get(s, out, VFM_SM_LEVEL_O);
	o->mem = (unsigned)get(s, out, VFM_MEM_LEVEL_O);
	o->busy = (unsigned)get(s, out, VFM_BUSY_O);
	o->nsm = (unsigned)get(s, out, VFM_SM_NEXT_O);
	o->nmem = (unsigned)get(s, out, VFM_MEM_NEXT_O);
	o->win = (unsigned)get(s, out, VFM_WIN_O);
	uint64_t ev = get(s, out, VFM_EV_O);
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
	s->rst = cyc < 2 || pick(s, 1000000) < s->k[K_RESET_PPM];
	if (s->rst) { /* reset cycles: any inputs; the epoch restarts */
		s->stb = (uint32_t)rnd(s) & all;
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

/* ---- directed ---- */
static void strobe_set(vs_stim *s, long t, unsigned c0, int n0, unsigned c1, int n1, unsigned c2, int n2)
{
	vs_strobe *x = &s->st[s->nst++];
	x->t = t;
	x->code[0] = c0, x->n[0] = n0;
	x->code[1] = c1, x->n[1] = n1;
	x->code[2] = c2, x->n[2] = n2;
}

/* n unanimous strobes (every SM votes codes[i]) one epoch ep apart from cycle
 * t; the script ends one epoch after the last; each strobe is seen. */
static void strobe_epochs(vs_stim *s, long t, long ep, const unsigned *codes, int n)
{
	for (int i = 0; i < n; i++)
		strobe_set(s, t + i * ep, codes[i], s->c.sms, 0, 0, 0, 0);
	s->t_end = t + n * ep;
	s->nseen = n;
}

static int lat_max(const vfm_cfg *c) { return c->sm_lat > c->mem_lat ? c->sm_lat : c->mem_lat; }

/* The case's script: its strobes and its length. */
static void case_plan(vs_stim *s)
{
	const vfm_cfg *c = &s->c;
	const int S = c->sms, SL = c->sm_lat, LM = lat_max(c);
	const long EP = LM + 3; /* epochs longer than the latency */
	long t = 2;
	switch (s->cs) {
	case C_STRICT_MAJORITY:
		strobe_set(s, t, R_SM_HI, S / 2, R_MEM_HI, (S - S / 2) / 2, R_SM_LO, 1);
		strobe_set(s, t + 2, R_SM_HI, S / 2 + 1, R_MEM_LO, S - S / 2 - 1, 0, 0);
		s->t_end = t + 2 + EP;
		s->nseen = 3;
		break;
	case C_TIE_IS_NONE:
		strobe_set(s, t, R_SM_HI, S / 2, R_MEM_HI, S / 2, 0, 0);
		strobe_set(s, t + 2, R_SM_HI, S / 2, R_SM_LO, S / 2, 0, 0);
		strobe_set(s, t + 4, R_SM_HI, S / 2 + 1, R_MEM_HI, S - S / 2 - 1, 0, 0);
		s->t_end = t + 4 + EP;
		s->nseen = 3;
		break;
	case C_PLURALITY:
		strobe_set(s, t, R_MEM_LO, 5, R_SM_HI, 4, 0, 0);
		strobe_set(s, t + EP, R_SM_HI, 5, R_MEM_HI, 5, R_SM_LO, 5);
		strobe_set(s, t + EP + 2, R_SM_LO, 1, 0, 0, 0, 0);
		s->t_end = t + 2 * EP + 2;
		s->nseen = 3;
		break;
	case C_ONE_STEP:
		strobe_epochs(s, t, EP, (const unsigned[]){R_SM_LO, R_SM_HI, R_SM_HI}, 3);
		break;
	case C_OTHER_DOMAIN:
		strobe_set(s, t, R_MEM_HI, S / 2 + 1, R_SM_LO, S - S / 2 - 1, 0, 0);
		strobe_set(s, t + EP, R_SM_LO, S / 2 + 1, R_MEM_HI, S - S / 2 - 1, 0, 0);
		strobe_set(s, t + 2 * EP, R_MEM_LO, S, 0, 0, 0, 0);
		s->t_end = t + 3 * EP;
		s->nseen = 3;
		break;
	case C_DROP_WHILE_BUSY:
		strobe_set(s, t, R_SM_HI, S, 0, 0, 0, 0);
		strobe_set(s, t + SL / 2, R_MEM_LO, S, 0, 0, 0, 0);
		strobe_set(s, t + SL - 1, R_MEM_LO, S, 0, 0, 0, 0);
		strobe_set(s, t + SL + 1, R_MEM_LO, S, 0, 0, 0, 0);
		s->t_end = t + SL + 1 + EP;
		s->nseen = 4;
		break;
	case C_LATENCY_EXACT:
		strobe_epochs(s, t, EP, (const unsigned[]){R_MEM_LO, R_SM_HI, R_SM_LO}, 3);
		break;
	case C_SATURATED:
		strobe_epochs(s, t, EP, (const unsigned[]){R_SM_HI, R_SM_HI, R_MEM_LO, R_MEM_LO}, 4);
		break;
	default:
		break;
	}
}

static int case_next(vs_stim *s, uint32_t *in, long cyc)
{
	const uint32_t all = (uint32_t)wg_ones64(s->c.sms);
	long t = cyc - 2;
	if (t > s->t_end)
		return 0;
	s->rst = cyc < 2;
	s->stb = 0;
	for (int k = 0; k < s->c.sms; k++)
		s->req[k] = none_code(s);
	if (s->cs == C_STRICT_MAJORITY && t == 3) /* a unanimous vote outside a strobe cycle */
		for (int k = 0; k < s->c.sms; k++)
			s->req[k] = R_SM_HI;
	for (int i = 0; i < s->nst; i++) {
		const vs_strobe *x = &s->st[i];
		if (x->t != t)
			continue;
		s->stb = all;
		int k = 0;
		for (int j = 0; j < 3; j++)
			for (int n = 0; n < x->n[j] && k < s->c.sms; n++)
				s->req[k++] = (uint8_t)x->code[j];
	}
	emit(s, in);
	return 1;
}

/* ---- checks ---- */

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

/* Strobe index at time t, or -1. */
static int strobe_at(const vs_stim *s, long t)
{
	for (int i = 0; i < s->nst; i++)
		if (s->st[i].t == t)
			return i;
	return -1;
}

/* Expect a transition decided at strobe i to (sm, mem) after lat cycles. */
static const char *expect_move(vs_stim *s, const vs_obs *o, long t, int i, unsigned sm, unsigned mem, int lat,
			       char *buf, size_t n)
{
	long t0 = s->st[i].t;
	if (t == t0) {
		EXPECT(o->ev[VFM_EV_START] && !o->busy, "t=%ld: strobe %d must start a transition", t, i);
		EXPECT(o->ev[VFM_EV_APPLY] == (lat == 1), "t=%ld: apply at the decision edge iff the latency is 1", t);
	}
	if (t > t0 && t < t0 + lat) {
		EXPECT(o->busy && o->nsm == sm && o->nmem == mem,
		       "t=%ld: in flight (strobe %d + %ld of %d): busy with next levels sm %u mem %u (got busy %u, %u, %u)",
		       t, i, t - t0, lat, sm, mem, o->busy, o->nsm, o->nmem);
		EXPECT(o->ev[VFM_EV_APPLY] == (t == t0 + lat - 1), "t=%ld: apply only in the cycle before c + %d", t, lat);
	}
	if (t == t0 + lat) {
		EXPECT(o->sm == sm && o->mem == mem && !o->busy,
		       "t=%ld = strobe %d + %d: the new levels sm %u mem %u must be visible (got %u, %u, busy %u)", t, i,
		       lat, sm, mem, o->sm, o->mem, o->busy);
		s->seen[i] = 1;
	}
	return NULL;
}

/* No transition at strobe i (no winner, or saturated). */
static const char *expect_none(vs_stim *s, const vs_obs *o, long t, int i, unsigned win, char *buf, size_t n)
{
	if (t != s->st[i].t)
		return NULL;
	EXPECT(o->win == win, "t=%ld: strobe %d: win_o = %u, expected %u", t, i, o->win, win);
	EXPECT(o->ev[VFM_EV_ELECT] && !o->ev[VFM_EV_START] && !o->ev[VFM_EV_APPLY] && !o->ev[VFM_EV_DROP],
	       "t=%ld: strobe %d: elect only, no start (events %u%u%u%u)", t, i, o->ev[0], o->ev[1], o->ev[2], o->ev[3]);
	s->seen[i] = 1;
	return NULL;
}

#define TRY(x)                                                                                                     \
	do {                                                                                                       \
		const char *e_ = (x);                                                                              \
		if (e_)                                                                                            \
			return e_;                                                                                 \
	} while (0)

static const char *case_check(vs_stim *s, const vs_obs *o, long t, char *buf, size_t n)
{
	const vfm_cfg *c = &s->c;
	const int SL = c->sm_lat, ML = c->mem_lat, LM = lat_max(c);
	const unsigned N = VFM_NORMAL, H = VFM_HIGH, L = VFM_LOW;
	int i = strobe_at(s, t);
	EXPECT(i >= 0 || (o->win == 0 && !o->ev[VFM_EV_ELECT] && !o->ev[VFM_EV_START] && !o->ev[VFM_EV_DROP]),
	       "t=%ld: no strobe: no vote, no start, no drop", t);
	switch (s->cs) {
	case C_STRICT_MAJORITY:
		TRY(expect_none(s, o, t, 0, 0, buf, n));
		if (t == 3) {
			EXPECT(o->win == 0 && o->sm == N, "t=3: a unanimous vote without a strobe is ignored");
			s->seen[2] = 1;
		}
		TRY(expect_move(s, o, t, 1, H, N, SL, buf, n));
		if (t == s->st[1].t) {
			EXPECT(o->win == R_SM_HI, "t=%ld: %d of %d SM-raise votes win", t, c->sms / 2 + 1, c->sms);
			s->key = t;
		}
		break;
	case C_TIE_IS_NONE:
		TRY(expect_none(s, o, t, 0, 0, buf, n));
		TRY(expect_none(s, o, t, 1, 0, buf, n));
		if (t == s->st[2].t) {
			EXPECT(o->win == R_SM_HI, "t=%ld: one vote more than the tie wins", t);
			s->key = s->st[0].t;
		}
		TRY(expect_move(s, o, t, 2, H, N, SL, buf, n));
		break;
	case C_PLURALITY:
		if (t == s->st[0].t)
			EXPECT(o->win == R_MEM_LO, "t=%ld: 5 memory-lower votes of 15 win over 4 SM-raise", t);
		TRY(expect_move(s, o, t, 0, N, L, ML, buf, n));
		TRY(expect_none(s, o, t, 1, 0, buf, n));
		if (t == s->st[2].t) {
			EXPECT(o->win == R_SM_LO, "t=%ld: a single SM-lower vote wins against none", t);
			s->key = t;
		}
		TRY(expect_move(s, o, t, 2, L, N, LM, buf, n));
		break;
	case C_ONE_STEP:
		TRY(expect_move(s, o, t, 0, L, N, SL, buf, n));
		TRY(expect_move(s, o, t, 1, N, N, SL, buf, n));
		TRY(expect_move(s, o, t, 2, H, N, SL, buf, n));
		if (t > s->st[1].t && t < s->st[2].t)
			EXPECT(o->sm != H, "t=%ld: the SM domain reached high in one epoch", t);
		if (t == s->st[1].t)
			s->key = t;
		break;
	case C_OTHER_DOMAIN:
		TRY(expect_move(s, o, t, 0, N, H, ML, buf, n));
		TRY(expect_move(s, o, t, 1, L, N, LM, buf, n));
		TRY(expect_move(s, o, t, 2, N, L, LM, buf, n));
		if (t == s->st[1].t)
			s->key = t;
		break;
	case C_DROP_WHILE_BUSY:
		TRY(expect_move(s, o, t, 0, H, N, SL, buf, n));
		for (int j = 1; j <= 2; j++)
			if (t == s->st[j].t) {
				EXPECT(o->busy && o->win == R_MEM_LO && o->ev[VFM_EV_DROP] && !o->ev[VFM_EV_START] &&
					       o->nsm == H && o->nmem == N,
				       "t=%ld: a memory-lower majority during the SM transition is dropped", t);
				EXPECT(o->ev[VFM_EV_APPLY] == (j == 2), "t=%ld: the second drop is in the apply cycle", t);
				s->seen[j] = 1;
				if (j == 1)
					s->key = t;
			}
		if (t > s->st[0].t && t < s->st[3].t)
			EXPECT(o->mem == N && o->nmem == N, "t=%ld: the dropped request left no trace", t);
		TRY(expect_move(s, o, t, 3, N, L, LM, buf, n));
		break;
	case C_LATENCY_EXACT:
		TRY(expect_move(s, o, t, 0, N, L, ML, buf, n));
		TRY(expect_move(s, o, t, 1, H, N, LM, buf, n));
		TRY(expect_move(s, o, t, 2, N, N, SL, buf, n));
		if (t == s->st[2].t)
			s->key = t;
		if (SL == 1 && t == s->st[2].t + 1)
			EXPECT(o->sm == N && !o->busy, "t=%ld: SM_LAT=1: the next cycle, without a busy cycle", t);
		break;
	case C_SATURATED:
		TRY(expect_move(s, o, t, 0, H, N, SL, buf, n));
		TRY(expect_none(s, o, t, 1, R_SM_HI, buf, n));
		TRY(expect_move(s, o, t, 2, N, L, LM, buf, n));
		TRY(expect_none(s, o, t, 3, R_MEM_LO, buf, n));
		if (t > s->st[1].t && t < s->st[2].t)
			EXPECT(!o->busy && o->sm == H, "t=%ld: saturated: nothing in flight", t);
		if (t > s->st[3].t)
			EXPECT(!o->busy && o->mem == L && o->sm == N, "t=%ld: saturated: nothing in flight", t);
		if (t == s->st[1].t)
			s->key = t;
		break;
	default:
		break;
	}
	return NULL;
}

static const char *vs_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc, char *buf,
			    size_t n)
{
	(void)model;
	vs_stim *s = st;
	vs_obs o;
	observe_out(s, out, &o);
	/* this cycle's inputs, from the frame */
	s->rst = (int)wg_get(in + s->L->off[VFM_RST_I], 0, 1);
	s->stb = (uint32_t)get(s, in, VFM_STB_I);
	for (int k = 0; k < s->c.sms; k++)
		s->req[k] = (uint8_t)wg_get(in + s->L->off[VFM_REQ_I], (unsigned)(k * EQ_VF_BITS), EQ_VF_BITS);
	if (cyc < 1) /* before the first reset edge the state is not known */
		return NULL;
	TRY(common_check(s, &o, cyc, buf, n));
	if (s->cs < 0 || cyc < 2)
		return NULL;
	return case_check(s, &o, cyc - 2, buf, n);
}

static const char *vs_finish(void *st, long *key, char *buf, size_t n)
{
	vs_stim *s = st;
	*key = s->key + 2;
	if (s->cs < 0)
		return NULL;
	for (int k = 0; k < s->nseen; k++)
		EXPECT(s->seen[k], "the scenario did not reach its check %d of %d", k + 1, s->nseen);
	return NULL;
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
	case_plan(s);
	return NULL;
}

static int vs_next(void *st, const void *model, uint32_t *in, long cyc)
{
	(void)model;
	vs_stim *s = st;
	return s->cs < 0 ? random_next(s, in, cyc) : case_next(s, in, cyc);
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
};
