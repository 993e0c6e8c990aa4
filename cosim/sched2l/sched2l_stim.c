/* sched2l_stim.c - stimulus for the two-level warp scheduler: a
 * constrained-random stream driven by an abstract program per warp (which
 * always keeps the protocol of docs/sched2l.md), with knobs, and the named
 * directed cases of docs/sched2l.md "Directed cases", each of which checks
 * itself.
 *
 * The abstract program: every resident warp has a "next instruction"
 * (normal, a marked long-latency consumer, a barrier arrival, EXIT). The
 * inputs of a cycle are that instruction's view (mark_i, llp_i, bar_i,
 * fin_i, rdy_i); the observe hook sees which warp the block issued and moves
 * that warp on to its next instruction. Barriers release when every resident
 * warp of the group has arrived; released slots keep slot_free_i low for a
 * while, as a register file cache draining them would. Under SELECT=TRWS
 * (the only configurations with a prio_i port) the priority follows a
 * per-warp budget, as memra's prio_o does: a warp gets one after some of
 * its issues and keeps it for a run of its issues; prio_i of warps the
 * block does not read is random. */
#include <stdio.h>
#include <string.h>

#include "sched2l.h"
#include "sched2l_cover.h"
#include "wg_bits.h"
#include "wg_kit.h"

/* ---- knobs of the random stream ---- */
enum {
	K_LL_PCT,     /* % of next instructions that are marked long-latency consumers */
	K_LLP_PCT,    /* % of marked ones whose value is still pending */
	K_LL_LAT,     /* a pending value returns after 1..LL_LAT cycles */
	K_BAR_PM,     /* per-mille of next instructions that are barrier arrivals */
	K_FIN_PM,     /* per-mille of next instructions that are EXIT */
	K_ILP,        /* an issue is followed by a short hazard with probability 1/(ILP+1) */
	K_GROUP,      /* warps per CTA: barrier and launch group */
	K_LAUNCH_PCT, /* % of cycles that launch a non-resident warp */
	K_FREE_LAT,   /* a released slot keeps slot_free_i low 0..FREE_LAT cycles (0: tied high) */
	K_RESET_PPM,  /* per-million of cycles with a mid-run reset */
	K_PRIO_PCT,   /* TRWS: % of a warp's issues after which it gets a priority budget */
	K_PRIO_LEN,   /* TRWS: a budget lasts 1..PRIO_LEN issues of the warp */
	S2L_NKNOBS
};

static const wg_param_def s2l_knobs[S2L_NKNOBS] = {
	[K_LL_PCT] = {"LL_PCT", 10, 0, 100, NULL, "% of next instructions that are marked long-latency consumers", "assumed"},
	[K_LLP_PCT] = {"LLP_PCT", 50, 0, 100, NULL, "% of marked consumers whose value is still pending", "assumed"},
	[K_LL_LAT] = {"LL_LAT", 40, 1, 1000, NULL, "a pending value returns after 1..LL_LAT cycles", "assumed"},
	[K_BAR_PM] = {"BAR_PM", 10, 0, 1000, NULL, "per-mille of next instructions that are barrier arrivals", "assumed"},
	[K_FIN_PM] = {"FIN_PM", 5, 0, 1000, NULL, "per-mille of next instructions that are EXIT", "assumed"},
	[K_ILP] = {"ILP", 3, 1, 8, NULL, "higher = rdy more often: a short hazard follows an issue with probability 1/(ILP+1)", "assumed"},
	[K_GROUP] = {"GROUP", 8, 1, 64, NULL, "warps per CTA: barrier group and launch group", "assumed"},
	[K_LAUNCH_PCT] = {"LAUNCH_PCT", 5, 0, 100, NULL, "% of cycles that launch a non-resident warp (a quarter of them its whole CTA)", "assumed"},
	[K_FREE_LAT] = {"FREE_LAT", 4, 0, 64, NULL, "a released slot keeps slot_free_i low 0..FREE_LAT cycles (an RFC drain); 0 = tied high", "assumed"},
	[K_RESET_PPM] = {"RESET_PPM", 20, 0, 1000000, NULL, "per-million of cycles with a mid-run reset", "assumed"},
	[K_PRIO_PCT] = {"PRIO_PCT", 15, 0, 100, NULL, "SELECT=TRWS: % of a warp's issues after which it gets a priority budget (memra: a load completed)", "assumed"},
	[K_PRIO_LEN] = {"PRIO_LEN", 8, 1, 64, NULL, "SELECT=TRWS: prio_i stays high for 1..PRIO_LEN issues of the warp (memra: budget / 2 grants)", "assumed"},
};

/* ---- directed cases (their table follows their functions, below) ---- */
enum {
	C_GREEDY,
	C_RR,
	C_PROMOTE_RR,
	C_MARK_ALWAYS,
	C_MARK_PENDING,
	C_BARRIER,
	C_DEM_PRO,
	C_SLOT_REUSE,
	C_EXIT_LAUNCH,
	C_BARRIER_DEADLOCK,
	C_GTO_GREEDY,
	C_GTO_RELAUNCH,
	C_GTO_AGE,
	C_TRWS_BEATS_GREEDY,
	C_TRWS_TIE,
	C_TRWS_NOT_PROMOTED,
	S2L_NCASES
};

/* ---- the abstract program of a warp ---- */
enum { I_NONE, I_NORMAL, I_MARK, I_BAR, I_EXIT };

typedef struct s2l_prog {
	uint8_t kind;  /* I_* of the warp's next instruction (I_NONE: not resident) */
	uint8_t hz;    /* cycles a short-latency hazard still holds rdy_i low */
	uint16_t llp;  /* cycles until the long-latency value it sources returns */
	uint8_t after; /* I_BAR: the instruction after the barrier is a marked consumer */
	uint8_t pc;    /* directed program: position of the next instruction in the script */
	uint8_t bud;   /* TRWS: issues its priority budget still lasts (prio_i while > 0) */
} s2l_prog;

/* Cycles a marked consumer's value stays pending in a directed program ('M'). */
#define DIRECTED_LLP 6
/* The barrier cases must have ended by this script time. */
#define BARRIER_LIMIT 60

/* ---- generator state ---- */
typedef struct s2l_stim {
	const wg_layout *L;            /* frame layout */
	long W, A;                     /* WARPS, ACTIVE */
	long k[S2L_NKNOBS];            /* knob values */
	int cs;                        /* directed case, or -1 */
	uint64_t rng;                  /* xorshift state */
	uint64_t wmask;                /* WARPS low ones */
	long group;                    /* warps per barrier group */
	s2l_prog wp[S2L_MAX_WARPS];    /* per warp: its program */
	uint64_t barw;                 /* warps waiting at a barrier */
	uint8_t free_t[S2L_MAX_SLOTS]; /* per released slot: cycles slot_free_i stays low */
	int in_rst;                    /* this cycle asserts rst_i */
	long progress;                 /* random stream: last cycle anything happened */
	const char *const *script;     /* directed program per warp, or NULL */
	int seen[8];                   /* directed case: events that must have happened */
	int prev_iss, prev_slot, prev_warp; /* last cycle's issue (the TAG-stage check) */
	uint64_t exited;               /* directed program: warps that issued EXIT */
	wg_case_runner run;            /* directed case: its runner (wg_kit.h) */
	int prio;                      /* the prio_i port, or -1 when this configuration has none */
} s2l_stim;

/* The outputs of a frame that the stimulus and the checks read. */
typedef struct s2l_obs {
	int iss, iss_slot, iss_warp;          /* iss_*_o */
	int tag, tag_slot, tag_warp;          /* tag_*_o */
	int dem, dem_slot, dem_warp, cause;   /* dem_*_o */
	int pro, pro_slot, pro_warp;          /* pro_*_o */
	int ext, ext_slot, ext_warp;          /* ext_*_o */
	uint64_t slot_valid, active, resident;/* state outputs */
} s2l_obs;

static void observe_out(const s2l_stim *s, const uint32_t *out, s2l_obs *o)
{
	o->iss = (int)wg_port_get(s->L, out, S2L_ISS_VALID_O);
	o->iss_slot = (int)wg_port_get(s->L, out, S2L_ISS_SLOT_O);
	o->iss_warp = (int)wg_port_get(s->L, out, S2L_ISS_WARP_O);
	o->tag = (int)wg_port_get(s->L, out, S2L_TAG_VALID_O);
	o->tag_slot = (int)wg_port_get(s->L, out, S2L_TAG_SLOT_O);
	o->tag_warp = (int)wg_port_get(s->L, out, S2L_TAG_WARP_O);
	o->dem = (int)wg_port_get(s->L, out, S2L_DEM_VALID_O);
	o->dem_slot = (int)wg_port_get(s->L, out, S2L_DEM_SLOT_O);
	o->dem_warp = (int)wg_port_get(s->L, out, S2L_DEM_WARP_O);
	o->cause = (int)wg_port_get(s->L, out, S2L_DEM_CAUSE_O);
	o->pro = (int)wg_port_get(s->L, out, S2L_PRO_VALID_O);
	o->pro_slot = (int)wg_port_get(s->L, out, S2L_PRO_SLOT_O);
	o->pro_warp = (int)wg_port_get(s->L, out, S2L_PRO_WARP_O);
	o->ext = (int)wg_port_get(s->L, out, S2L_EXT_VALID_O);
	o->ext_slot = (int)wg_port_get(s->L, out, S2L_EXT_SLOT_O);
	o->ext_warp = (int)wg_port_get(s->L, out, S2L_EXT_WARP_O);
	o->slot_valid = wg_port_get(s->L, out, S2L_SLOT_VALID_O);
	o->active = wg_port_get(s->L, out, S2L_ACTIVE_O);
	o->resident = wg_port_get(s->L, out, S2L_RESIDENT_O);
}

/* ---- the abstract programs ---- */

/* Warp w moves on to a new next instruction: from its script in a directed
 * case, else drawn from the knobs. */
static void prog_next(s2l_stim *s, long w)
{
	s2l_prog *p = &s->wp[w];
	p->llp = 0;
	p->after = 0;
	if (s->script) {
		char c = s->script[w][p->pc];
		if (c)
			p->pc++;
		p->kind = c == 'n' ? I_NORMAL : c == 'm' || c == 'M' ? I_MARK : c == 'B' ? I_BAR : c == 'E' ? I_EXIT : I_NONE;
		if (c == 'M')
			p->llp = DIRECTED_LLP;
	} else {
		long r = wg_pick(&s->rng, 1000);
		if (r < s->k[K_FIN_PM]) {
			p->kind = I_EXIT;
		} else if (r < s->k[K_FIN_PM] + s->k[K_BAR_PM]) {
			/* often the first use of a load issued before the barrier follows it */
			p->kind = I_BAR;
			p->after = (uint8_t)wg_pct(&s->rng, s->k[K_LL_PCT]);
			if (p->after && wg_pct(&s->rng, s->k[K_LLP_PCT]))
				p->llp = (uint16_t)(1 + wg_pick(&s->rng, s->k[K_LL_LAT]));
		} else if (wg_pct(&s->rng, s->k[K_LL_PCT])) {
			p->kind = I_MARK;
			if (wg_pct(&s->rng, s->k[K_LLP_PCT]))
				p->llp = (uint16_t)(1 + wg_pick(&s->rng, s->k[K_LL_LAT]));
		} else {
			/* a later, unmarked consumer of a value still pending: it stalls
			 * in its slot (LL_PCT/4 % of ordinary instructions) */
			p->kind = I_NORMAL;
			if (wg_pick(&s->rng, 400) < s->k[K_LL_PCT])
				p->llp = (uint16_t)(1 + wg_pick(&s->rng, s->k[K_LL_LAT]));
		}
	}
	if (p->kind == I_BAR)
		s->barw |= UINT64_C(1) << w;
	else
		s->barw &= ~(UINT64_C(1) << w);
}

/* A warp becomes resident (reset, launch): a fresh program. */
static void prog_start(s2l_stim *s, long w)
{
	s->wp[w].pc = 0;
	s->wp[w].hz = 0;
	s->wp[w].bud = 0;
	s->exited &= ~(UINT64_C(1) << w);
	prog_next(s, w);
}

/* The reset state: every warp resident with a fresh program, slots free. */
static void progs_reset(s2l_stim *s)
{
	s->barw = 0;
	for (long w = 0; w < s->W; w++)
		prog_start(s, w);
	memset(s->free_t, 0, sizeof s->free_t);
	s->prev_iss = 0;
}

/* Warp w's barrier releases: it moves on to the instruction after it. */
static void bar_release(s2l_stim *s, long w)
{
	s2l_prog *p = &s->wp[w];
	if (!p->after) {
		prog_next(s, w);
		return;
	}
	p->kind = I_MARK; /* already drawn, with its llp */
	p->after = 0;
	s->barw &= ~(UINT64_C(1) << w);
}

/* Barrier release: a group whose resident warps have all arrived moves on. */
static void barriers(s2l_stim *s, uint64_t res)
{
	if (!s->barw)
		return;
	for (long g0 = 0; g0 < s->W; g0 += s->group) {
		uint64_t g = (wg_ones64(s->group) << g0) & res;
		if (!(g & s->barw) || (g & ~s->barw))
			continue;
		for (uint64_t b = g & s->barw; b; b &= b - 1)
			bar_release(s, (long)wg_ctz64(b));
	}
}

/* The per-warp inputs of the programs (resident warps only). noise: also
 * drive rdy_i of warps where it is not read, and slot_free_i of valid slots,
 * with random values (legal: the block must ignore them). */
static void drive(s2l_stim *s, const s2l_model *m, uint32_t *in, int noise)
{
	uint64_t res = s2l_resident(m), act = s2l_active(m), sv = s2l_slots_valid(m);
	uint64_t rdy = 0, mark = 0, llp = 0, bar = 0, fin = 0;
	for (uint64_t b = res; b; b &= b - 1) {
		long w = (long)wg_ctz64(b);
		s2l_prog *p = &s->wp[w];
		uint64_t bit = UINT64_C(1) << w;
		switch (p->kind) {
		case I_NORMAL:
			llp |= p->llp ? bit : 0;
			rdy |= p->hz || p->llp ? 0 : bit;
			break;
		case I_MARK:
			mark |= bit;
			llp |= p->llp ? bit : 0;
			rdy |= p->hz || p->llp ? 0 : bit;
			break;
		case I_BAR: /* blocked; the view of the instruction after the barrier */
			bar |= bit;
			mark |= p->after ? bit : 0;
			llp |= p->llp ? bit : 0;
			break;
		case I_EXIT:
			fin |= bit;
			rdy |= p->hz ? 0 : bit;
			break;
		default:
			break;
		}
		if (p->hz)
			p->hz--;
		if (p->llp)
			p->llp--;
	}
	if (noise) { /* rdy_i of pending warps and of warps at a barrier is not read */
		uint64_t unread = res & ~(act & ~bar);
		rdy = (rdy & ~unread) | (wg_rng_next(&s->rng) & unread);
	}
	if (s->prio >= 0) { /* TRWS: the budgets; prio_i of warps the block does not read is random */
		uint64_t prio = 0;
		for (uint64_t b = res; b; b &= b - 1)
			prio |= s->wp[wg_ctz64(b)].bud ? UINT64_C(1) << wg_ctz64(b) : 0;
		if (noise) {
			uint64_t unread = s->wmask & ~(act & ~bar);
			prio = (prio & ~unread) | (wg_rng_next(&s->rng) & unread);
		}
		wg_port_put(s->L, in, s->prio, prio);
	}
	wg_port_put(s->L, in, S2L_RDY_I, rdy);
	wg_port_put(s->L, in, S2L_MARK_I, mark);
	wg_port_put(s->L, in, S2L_LLP_I, llp);
	wg_port_put(s->L, in, S2L_BAR_I, bar);
	wg_port_put(s->L, in, S2L_FIN_I, fin);
	uint64_t sf = 0;
	for (long sl = 0; sl < s->A; sl++) {
		if (!((sv >> sl) & 1u))
			sf |= (uint64_t)(s->free_t[sl] == 0) << sl;
		if (s->free_t[sl])
			s->free_t[sl]--;
	}
	if (s->k[K_FREE_LAT] == 0 || !noise)
		sf |= sv; /* a real RFC: an occupied slot is not free, but nobody reads it */
	else
		sf |= sv & wg_rng_next(&s->rng);
	wg_port_put(s->L, in, S2L_SLOT_FREE_I, sf);
}

/* What the block did this cycle moves the programs on. */
static void s2l_stim_observe(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc)
{
	(void)model;
	(void)in;
	s2l_stim *s = st;
	s2l_obs o;
	if (s->in_rst || (s->cs >= 0 && !s->script)) /* scripted cases have no programs */
		return;
	observe_out(s, out, &o);
	long lat = s->cs < 0 ? s->k[K_FREE_LAT] : 0;
	if (o.iss) {
		s2l_prog *p = &s->wp[o.iss_warp];
		if (o.ext) {
			p->kind = I_NONE;
			s->barw &= ~(UINT64_C(1) << o.iss_warp);
			s->exited |= UINT64_C(1) << o.iss_warp;
			s->free_t[o.ext_slot] = (uint8_t)(lat ? wg_pick(&s->rng, lat + 1) : 0);
		} else {
			prog_next(s, o.iss_warp);
			if (!s->script && wg_pick(&s->rng, s->k[K_ILP] + 1) == 0)
				p->hz = (uint8_t)(1 + wg_pick(&s->rng, 8)); /* up to the 8-cycle ALU latency */
			/* TRWS: a budget runs down by the warp's issues (memra: grants) and
			 * starts after some of them (memra: a load's completion) */
			if (s->prio >= 0 && !s->script) {
				if (p->bud)
					p->bud--;
				else if (wg_pct(&s->rng, s->k[K_PRIO_PCT]))
					p->bud = (uint8_t)(1 + wg_pick(&s->rng, s->k[K_PRIO_LEN]));
			}
		}
	}
	if (o.dem)
		s->free_t[o.dem_slot] = (uint8_t)(lat ? wg_pick(&s->rng, lat + 1) : 0);
	if (o.iss || o.dem || o.pro)
		s->progress = cyc;
}

/* ---- the random stream ---- */

static void launch(s2l_stim *s, uint32_t *in, uint64_t res)
{
	uint64_t nonres = ~res & s->wmask;
	if (!nonres || !wg_pct(&s->rng, s->k[K_LAUNCH_PCT]))
		return;
	long start = wg_pick(&s->rng, s->W);
	uint64_t after = nonres & (~UINT64_C(0) << start);
	long w = (long)wg_ctz64(after ? after : nonres);
	uint64_t l = UINT64_C(1) << w;
	if (wg_pick(&s->rng, 4) == 0) { /* the whole CTA */
		long g0 = w - w % s->group;
		l |= nonres & (wg_ones64(s->group) << g0);
	}
	for (uint64_t b = l; b; b &= b - 1)
		prog_start(s, (long)wg_ctz64(b));
	wg_port_put(s->L, in, S2L_LAUNCH_I, l);
}

static int random_next(s2l_stim *s, const s2l_model *m, uint32_t *in, long cyc)
{
	s->in_rst = cyc < 2 || wg_pick(&s->rng, 1000000) < s->k[K_RESET_PPM];
	if (s->in_rst) {
		wg_port_put(s->L, in, S2L_RST_I, 1);
		progs_reset(s);
		s->progress = cyc;
		return 1;
	}
	uint64_t res = s2l_resident(m);
	barriers(s, res);
	/* A barrier whose waiting warps hold every slot (BARRIER_DEMOTE = 0)
	 * deadlocks: after a long quiet stretch every barrier is released. */
	if (cyc - s->progress > 2 * s->k[K_LL_LAT] + s->k[K_FREE_LAT] + 64) {
		for (uint64_t b = s->barw & res; b; b &= b - 1)
			bar_release(s, (long)wg_ctz64(b));
		s->progress = cyc;
	}
	drive(s, m, in, 1);
	launch(s, in, res);
	return 1;
}

/* ---- directed cases (wg_kit.h): one function each, every cycle's drive beside its checks ----
 * The prologue holds reset for two cycles; a case's cycle t counts from
 * there. Besides its own checks, every cycle of every case checks the TAG
 * stage (s2l_stim_check). Seen flags and the marker are set in the CHECK
 * phase. */

#define PROLOGUE 2 /* reset cycles before a case's t = 0 */
#define W_(w) (UINT64_C(1) << (w))
#define PEND UINT64_C(0xf0) /* warps 4..7 (pending after reset) */

static void s2l_prologue(void *st, uint32_t *in, long cyc)
{
	(void)cyc;
	s2l_stim *s = st;
	wg_port_put(s->L, in, S2L_RST_I, 1);
	progs_reset(s);
}

/* Per-warp inputs of a scripted cycle; every slot_free_i high but `low`. */
static void script(s2l_stim *s, uint32_t *in, uint64_t rdy, uint64_t mark, uint64_t llp, uint64_t fin, uint64_t low)
{
	wg_port_put(s->L, in, S2L_RDY_I, rdy);
	wg_port_put(s->L, in, S2L_MARK_I, mark);
	wg_port_put(s->L, in, S2L_LLP_I, llp);
	wg_port_put(s->L, in, S2L_FIN_I, fin);
	wg_port_put(s->L, in, S2L_SLOT_FREE_I, wg_ones64(s->A) & ~low);
}

/* Programs of the barrier cases: warps 0..3 (active) arrive at once, warps
 * 4..7 (pending) after two instructions; then one more and EXIT. */
static const char *const barrier_script[8] = {"BnE", "BnE", "BnE", "BnE", "nnBnE", "nnBnE", "nnBnE", "nnBnE"};

/* In the CHECK phase: this cycle's outputs into o, and 1; else 0. */
static int outputs(const s2l_stim *s, const wg_cyc *c, s2l_obs *o)
{
	if (!wg_checking(c))
		return 0;
	observe_out(s, c->out, o);
	return 1;
}

/* The issued warp, -1 when nothing issues. */
static int iss_of(const s2l_obs *o) { return o->iss ? o->iss_warp : -1; }
static int dem_is(const s2l_obs *o, int slot, int warp) { return o->dem && o->dem_slot == slot && o->dem_warp == warp; }
static int pro_is(const s2l_obs *o, int slot, int warp) { return o->pro && o->pro_slot == slot && o->pro_warp == warp; }

/* The body of a 10-cycle case driven by rdy_i alone (rdy[t]) whose check is
 * the warp issued (want[t], -1 for none; why[t] says why): drives the cycle,
 * and in the CHECK phase returns 1 when the check held (the caller then marks
 * its events), 0 otherwise (a failed check is recorded in c). */
static int issue_table(s2l_stim *s, wg_cyc *c, const uint64_t *rdy, const int *want, const char *const *why)
{
	long t = c->t;
	s2l_obs o;
	wg_case_len(c, 10);
	if (wg_during(c, 0, 9))
		script(s, c->in, rdy[t], 0, 0, 0, 0);
	if (!outputs(s, c, &o))
		return 0;
	if (iss_of(&o) != want[t]) {
		wg_case_fail(c, "t=%ld: issued warp %d, expected %d: %s", t, iss_of(&o), want[t], why[t]);
		return 0;
	}
	return 1;
}

/* rdy_i per cycle and the warp that must issue */
static void case_greedy(void *st, wg_cyc *c)
{
	/* The idle cycle (t=7) comes when the position is slot 1, not slot 0: a design that
	 * resets the position on an idle cycle issues warp 0 at t=8 and fails. */
	static const uint64_t rdy[] = {0xf, 0xf, 0xe, 0xe, 0x9, 0x1, 0x6, 0x0, 0xf, 0xf};
	static const int want[] = {0, 0, 1, 1, 3, 0, 1, -1, 1, 1};
	static const char *const why[] = {
		"greedy starts at slot 0 after reset",
		"greedy keeps issuing from warp 0 while it can issue",
		"warp 0 stalled: greedy moves to the next eligible slot after it (slot 1)",
		"greedy keeps the new warp 1",
		"warps 1 and 2 stalled: the next eligible slot after slot 1 is slot 3, not slot 0",
		"only warp 0 can issue: the search wraps around",
		"warp 0 stalled: greedy moves to the next eligible slot after slot 0 (slot 1)",
		"nothing can issue",
		"after an idle cycle greedy resumes at the last issued slot (warp 1, not slot 0)",
		"greedy keeps warp 1",
	};
	s2l_stim *s = st;
	long t = c->t;
	if (issue_table(s, c, rdy, want, why)) {
		if (t == 2)
			s->seen[0] = 1, wg_key(c);
		if (t == 4)
			s->seen[1] = 1;
		if (t == 8)
			s->seen[2] = 1;
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1] && s->seen[2], "the scenario did not reach its three checks");
}

static void case_rr(void *st, wg_cyc *c)
{
	static const uint64_t rdy[] = {0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x5, 0x5, 0x0, 0xf};
	static const int want[] = {1, 2, 3, 0, 1, 2, 0, 2, -1, 3};
	static const char *const why[] = {
		"RR rotates the priority every issue: after reset (last slot 0) it starts at slot 1",
		"RR rotates the priority every issue",
		"RR rotates the priority every issue",
		"RR rotates the priority every issue: it wraps to slot 0",
		"RR rotates the priority every issue",
		"RR rotates the priority every issue",
		"only slots 0 and 2 can issue: the next after slot 2 is slot 0",
		"the next eligible slot after slot 0 is slot 2",
		"nothing can issue",
		"an idle cycle keeps the pointer: the next after slot 2 is slot 3",
	};
	s2l_stim *s = st;
	if (issue_table(s, c, rdy, want, why) && c->t == 3)
		s->seen[0] = 1, wg_key(c);
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "the scenario's key event did not happen");
}

/* nothing issues; marks demote, llp_i holds warps back */
static void case_promote_rr(void *st, wg_cyc *c)
{
	static const uint64_t mark[] = {0x0a, 0x0a, 0x0a, 0x0b, 0x0b, 0x0f, 0x0f, 0x6f, 0x6f, 0x6f, 0x6f, 0x6f};
	static const uint64_t llp[] = {0x1a, 0x1a, 0x1a, 0x1b, 0x0b, 0x0f, 0x0d, 0x6d, 0x7d, 0x65, 0x65, 0x65};
	/* expected demotion (slot, warp) and promotion (slot, warp) per cycle; -1 none */
	static const int dem[][2] = {{1, 1}, {3, 3}, {-1, 0}, {0, 0}, {-1, 0}, {2, 2}, {-1, 0}, {1, 5}, {3, 6},
				     {-1, 0}, {-1, 0}, {-1, 0}};
	static const int pro[][2] = {{-1, 0}, {1, 5}, {3, 6}, {-1, 0}, {0, 7}, {-1, 0}, {2, 1}, {-1, 0}, {-1, 0},
				     {1, 3}, {3, 4}, {-1, 0}};
	static const char *const why[] = {
		"the marked consumers of warps 1 and 3 are demoted, the lowest slot first",
		"warp 5 is the first candidate from the pointer (4 waits for its value): it takes free slot 1",
		"the pointer moved past warp 5: warp 6 is next",
		"warp 0's marked consumer is demoted",
		"the pointer is at 7: warp 7 is promoted before warp 4",
		"warp 2's marked consumer is demoted",
		"the pointer wrapped to 0: warp 1 is promoted before warp 4",
		"warp 1 is back with its mark ignored; warp 5's marked consumer is demoted",
		"warp 6 is demoted; no candidate (every pending warp waits for its value)",
		"candidates 3 and 4 from pointer 2: warp 3, into the lowest free slot 1 (of 1 and 3)",
		"warp 4 takes the remaining free slot 3",
		"nothing left to do",
	};
	s2l_stim *s = st;
	long t = c->t;
	s2l_obs o;
	wg_case_len(c, 12);
	if (wg_during(c, 0, 11))
		script(s, c->in, 0, mark[t], llp[t], 0, 0);
	if (outputs(s, c, &o)) {
		WG_EXPECT(c, !o.iss, "t=%ld: nothing may issue (no warp is ready)", t);
		if (dem[t][0] < 0)
			WG_EXPECT(c, !o.dem, "t=%ld: unexpected demotion of warp %d: %s", t, o.dem_warp, why[t]);
		else
			WG_EXPECT(c, dem_is(&o, dem[t][0], dem[t][1]) && o.cause == S2L_CAUSE_MARK,
				  "t=%ld: expected the demotion of warp %d from slot %d: %s", t, dem[t][1], dem[t][0], why[t]);
		if (pro[t][0] < 0)
			WG_EXPECT(c, !o.pro, "t=%ld: unexpected promotion of warp %d: %s", t, o.pro_warp, why[t]);
		else
			WG_EXPECT(c, pro_is(&o, pro[t][0], pro[t][1]),
				  "t=%ld: expected warp %d promoted into slot %d, got %s%d/%d: %s", t, pro[t][1], pro[t][0],
				  o.pro ? "" : "none ", o.pro_warp, o.pro_slot, why[t]);
		if (t == 4)
			s->seen[0] = 1;
		if (t == 6)
			s->seen[1] = 1, wg_key(c);
		if (t == 9)
			s->seen[2] = 1;
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1] && s->seen[2], "the scenario did not reach all three of its checks");
}

/* warp 0: normal, marked (value back) x3, normal, marked */
static void case_mark_always(void *st, wg_cyc *c)
{
	static const uint64_t mark[] = {0, 1, 1, 1, 0, 1, 1};
	s2l_stim *s = st;
	long t = c->t;
	s2l_obs o;
	wg_case_len(c, 7);
	if (wg_during(c, 0, 6))
		script(s, c->in, W_(0), mark[t], PEND, 0, 0);
	if (outputs(s, c, &o)) {
		if (t == 0)
			WG_EXPECT(c, iss_of(&o) == 0 && !o.dem, "t=0: warp 0 issues an ordinary instruction");
		if (t == 1) {
			WG_EXPECT(c, dem_is(&o, 0, 0) && o.cause == S2L_CAUSE_MARK && !o.iss,
				  "ALWAYS: a marked consumer whose value is back is still demoted (and does not issue)");
			s->seen[0] = 1, wg_key(c);
		}
		if (t == 2)
			WG_EXPECT(c, pro_is(&o, 0, 0) && !o.iss, "the demoted warp 0 is promoted again into its free slot 0");
		if (t == 3) {
			WG_EXPECT(c, iss_of(&o) == 0 && !o.dem,
				  "after re-promotion the marked instruction issues without a second demotion");
			s->seen[1] = 1;
		}
		if (t == 4)
			WG_EXPECT(c, iss_of(&o) == 0 && !o.dem, "warp 0 goes on issuing");
		if (t == 5) {
			WG_EXPECT(c, dem_is(&o, 0, 0),
				  "the next marked instruction is demoted again (the issue cleared the resume bit)");
			s->seen[2] = 1;
		}
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1] && s->seen[2], "the scenario did not reach all three of its checks");
}

/* warp 0: normal, marked (back), normal, marked (pending 4 cycles) */
static void case_mark_pending(void *st, wg_cyc *c)
{
	static const uint64_t mark[] = {0, 1, 0, 1, 1, 1, 1, 1, 1, 0};
	static const uint64_t llp[] = {0, 0, 0, 1, 1, 1, 1, 0, 0, 0};
	s2l_stim *s = st;
	long t = c->t;
	s2l_obs o;
	wg_case_len(c, 10);
	if (wg_during(c, 0, 9))
		script(s, c->in, llp[t] ? 0 : W_(0), mark[t], PEND | llp[t], 0, 0);
	if (outputs(s, c, &o)) {
		if (t <= 2)
			WG_EXPECT(c, iss_of(&o) == 0 && !o.dem,
				  "PENDING: a marked consumer whose value is back issues without demotion (t=%ld)", t);
		if (t == 1)
			s->seen[0] = 1, wg_key(c);
		if (t == 3) {
			WG_EXPECT(c, dem_is(&o, 0, 0) && o.cause == S2L_CAUSE_MARK,
				  "PENDING: a marked consumer whose value is pending is demoted");
			s->seen[1] = 1;
		}
		if (t >= 4 && t <= 6)
			WG_EXPECT(c, !o.pro, "t=%ld: warp 0 is not promoted while its value is pending", t);
		if (t == 7)
			WG_EXPECT(c, pro_is(&o, 0, 0), "the value returned: warp 0 is promoted");
		if (t == 8) {
			WG_EXPECT(c, iss_of(&o) == 0 && !o.dem, "after re-promotion the marked instruction issues");
			s->seen[2] = 1;
		}
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1] && s->seen[2], "the scenario did not reach all three of its checks");
}

/* barrier_script's programs (set at init), driven as the random stream
 * drives them; also barrier_deadlock_without_demotion, whose progress
 * check must fail. The programs keep state: they move on in the DRIVE
 * phase only. */
static void case_barrier(void *st, wg_cyc *c)
{
	s2l_stim *s = st;
	long t = c->t;
	s2l_obs o;
	if (c->phase == WG_DRIVE) {
		int end = s->exited == s->wmask || t > BARRIER_LIMIT + 2;
		wg_case_len(c, end ? t : t + 1);
		if (!end) {
			barriers(s, s2l_resident(c->model));
			drive(s, c->model, c->in, 0);
		}
	}
	if (outputs(s, c, &o)) {
		uint64_t bar = wg_port_get(s->L, c->driven, S2L_BAR_I);
		WG_EXPECT(c, !(o.iss && ((bar >> o.iss_warp) & 1u)), "t=%ld: warp %d issued while blocked at the barrier",
			  t, o.iss_warp);
		if (o.dem && ((bar >> o.dem_warp) & 1u)) {
			WG_EXPECT(c, o.cause == S2L_CAUSE_BARRIER, "t=%ld: a warp at a barrier is demoted with cause 1", t);
			s->seen[0] = 1;
		}
		if (o.pro && o.pro_warp >= 4 && bar) {
			s->seen[1] = 1;
			if (c->key < 0)
				wg_key(c); /* the first such promotion */
		}
		if (t > 0 && !bar && (s->seen[1] || s->seen[0]))
			s->seen[2] = 1; /* everyone passed the barrier */
		WG_EXPECT(c, t < BARRIER_LIMIT || s->exited == s->wmask,
			  "deadlock: the warps waiting at the barrier hold every slot and the pending warps never get in "
			  "(%d of 8 warps exited by t=%d)",
			  (int)wg_popc64(s->exited), BARRIER_LIMIT);
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[0], "no warp was demoted at the barrier");
		WG_EXPECT(c, s->seen[1], "no pending warp was promoted while others waited at the barrier");
		WG_EXPECT(c, s->seen[2], "the barrier never released");
		WG_EXPECT(c, s->exited == s->wmask, "not every warp exited");
	}
}

/* slot 2 drains for three cycles after its warp leaves */
static void case_dem_pro(void *st, wg_cyc *c)
{
	static const uint64_t mark[] = {0x2, 0x6, 0xe, 0xf, 0xf, 0xf, 0xf};
	static const uint64_t low[] = {0, 0, 0x4, 0x4, 0x4, 0, 0};
	static const int dem[][2] = {{1, 1}, {2, 2}, {3, 3}, {0, 0}, {-1, 0}, {-1, 0}, {-1, 0}};
	static const int pro[][2] = {{-1, 0}, {1, 4}, {-1, 0}, {3, 5}, {0, 6}, {2, 7}, {-1, 0}};
	static const char *const why[] = {
		"warp 1 is demoted; no slot is free yet",
		"warp 2 is demoted from slot 2 while warp 4 is promoted into slot 1, in the same cycle",
		"slot 2 is released but still draining (slot_free_i low): nothing is promoted into it",
		"warp 0 is demoted while warp 5 takes the lowest free slot 3, skipping the draining slot 2",
		"warp 6 takes the free slot 0; slot 2 is still draining",
		"slot 2 has drained: warp 7 takes it",
		"every slot is taken",
	};
	s2l_stim *s = st;
	long t = c->t;
	s2l_obs o;
	wg_case_len(c, 7);
	if (wg_during(c, 0, 6))
		script(s, c->in, 0, mark[t], mark[t], 0, low[t]);
	if (outputs(s, c, &o)) {
		uint64_t sf = wg_port_get(s->L, c->driven, S2L_SLOT_FREE_I);
		WG_EXPECT(c, !(o.pro && !((sf >> o.pro_slot) & 1u)),
			  "t=%ld: warp %d was promoted into slot %d whose slot_free_i is low", t, o.pro_warp, o.pro_slot);
		WG_EXPECT(c, !(o.pro && o.dem && o.pro_slot == o.dem_slot), "t=%ld: a demotion and a promotion share slot %d",
			  t, o.dem_slot);
		if (dem[t][0] < 0)
			WG_EXPECT(c, !o.dem, "t=%ld: unexpected demotion of warp %d: %s", t, o.dem_warp, why[t]);
		else
			WG_EXPECT(c, dem_is(&o, dem[t][0], dem[t][1]), "t=%ld: expected the demotion of warp %d from slot %d: %s",
				  t, dem[t][1], dem[t][0], why[t]);
		if (pro[t][0] < 0)
			WG_EXPECT(c, !o.pro, "t=%ld: unexpected promotion of warp %d into slot %d: %s", t, o.pro_warp,
				  o.pro_slot, why[t]);
		else
			WG_EXPECT(c, pro_is(&o, pro[t][0], pro[t][1]), "t=%ld: expected warp %d promoted into slot %d: %s", t,
				  pro[t][1], pro[t][0], why[t]);
		if (t == 1)
			s->seen[0] = 1, wg_key(c);
		if (t == 3)
			s->seen[1] = 1;
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the scenario did not reach both of its checks");
}

/* warp 1 leaves slot 1 (value back), then slot 1 drains */
static void case_slot_reuse(void *st, wg_cyc *c)
{
	static const uint64_t mark[] = {0x2, 0xa, 0xa, 0xa, 0xa, 0xa, 0x2, 0x0};
	static const uint64_t llp[] = {0, 0x8, 0x8, 0x8, 0x8, 0x8, 0x8, 0x8};
	static const uint64_t low[] = {0, 0x2, 0x2, 0x2, 0x2, 0, 0, 0};
	s2l_stim *s = st;
	long t = c->t;
	s2l_obs o;
	wg_case_len(c, 8);
	if (wg_during(c, 0, 7))
		script(s, c->in, t == 6 ? W_(1) : 0, mark[t], PEND | llp[t], 0, low[t]);
	if (outputs(s, c, &o)) {
		uint64_t sf = wg_port_get(s->L, c->driven, S2L_SLOT_FREE_I);
		WG_EXPECT(c, !(o.pro && !((sf >> o.pro_slot) & 1u)), "t=%ld: slot %d was reused while its slot_free_i is low",
			  t, o.pro_slot);
		WG_EXPECT(c, !(o.pro && o.pro_warp == 1 && !(sf & 2u)),
			  "t=%ld: warp 1 was promoted (into slot %d) while its old slot 1 is still draining", t, o.pro_slot);
		if (t == 0)
			WG_EXPECT(c, dem_is(&o, 1, 1), "ALWAYS: warp 1's marked consumer demotes it from slot 1");
		if (t == 1)
			WG_EXPECT(c, dem_is(&o, 3, 3), "warp 3's marked consumer demotes it from slot 3");
		if (t >= 1 && t <= 4)
			WG_EXPECT(c, !o.pro,
				  "t=%ld: nothing is promoted while slot 1 drains (warp 1 waits for it, slot 3 has no candidate)",
				  t);
		if (t == 2)
			s->seen[0] = 1, wg_key(c);
		if (t == 5) {
			WG_EXPECT(c, pro_is(&o, 1, 1), "slot 1 is free again: warp 1 is promoted, into the lowest free slot 1");
			s->seen[1] = 1;
		}
		if (t == 6)
			WG_EXPECT(c, iss_of(&o) == 1 && !o.dem, "warp 1 issues its marked instruction without a second demotion");
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the scenario did not reach both of its checks");
}

static void case_exit_launch(void *st, wg_cyc *c)
{
	s2l_stim *s = st;
	long t = c->t;
	s2l_obs o;
	wg_case_len(c, 5);
	if (wg_at(c, 0))
		script(s, c->in, W_(2), 0, PEND, W_(2), 0); /* warp 2's EXIT */
	else if (wg_during(c, 1, 4))
		script(s, c->in, t == 3 ? W_(2) : 0, 0, PEND, 0, 0);
	if (wg_at(c, 1))
		wg_port_put(s->L, c->in, S2L_LAUNCH_I, W_(2));
	if (outputs(s, c, &o)) {
		if (t == 0) {
			WG_EXPECT(c, iss_of(&o) == 2 && o.ext && o.ext_slot == 2 && o.ext_warp == 2,
				  "warp 2's EXIT issues from slot 2 (ext_valid_o with its slot and warp)");
			s->seen[0] = 1;
		}
		if (t == 1) {
			WG_EXPECT(c, !o.tag, "an EXIT has no TAG-stage lookup");
			WG_EXPECT(c, !((o.resident >> 2) & 1u) && !((o.slot_valid >> 2) & 1u) && !((o.active >> 2) & 1u),
				  "after its EXIT warp 2 is not resident and slot 2 is empty");
			WG_EXPECT(c, !o.pro, "no candidate to promote: the pending warps wait for their values");
		}
		if (t == 2) {
			WG_EXPECT(c, (o.resident >> 2) & 1u, "the launched warp 2 is resident");
			WG_EXPECT(c, pro_is(&o, 2, 2),
				  "the launched warp 2 enters the pending set and is promoted into the free slot 2");
			s->seen[1] = 1, wg_key(c);
		}
		if (t == 3)
			WG_EXPECT(c, iss_of(&o) == 2, "the launched warp issues after its promotion");
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the scenario did not reach both of its checks");
}

/* ---- GTO and TRWS (docs/sched2l.md "GTO and TRWS", its two timing tables) ---- */

/* prio_i of a scripted cycle, where the configuration has the port (TRWS). */
static void prio_put(s2l_stim *s, uint32_t *in, uint64_t prio)
{
	if (s->prio >= 0)
		wg_port_put(s->L, in, s->prio, prio);
}

/* The first timing's cycles 0-3 (plain GTO), then idle cycles that keep the greedy warp. */
static void case_gto_greedy(void *st, wg_cyc *c)
{
	static const uint64_t rdy[] = {0xc, 0xf, 0xb, 0xf, 0x0, 0xf, 0xe, 0x0, 0xf, 0xd};
	static const int want[] = {2, 2, 0, 0, -1, 0, 1, -1, 1, 0};
	static const char *const why[] = {
		"after reset nothing is greedy: the oldest eligible warp (2 of {2, 3}; ages = ids)",
		"the greedy warp 2 keeps issuing although the older 0 and 1 are ready",
		"GTO: 2 stalled: the oldest eligible warp (0), not the next slot after it (3)",
		"the greedy warp 0",
		"nothing can issue",
		"after an idle cycle the greedy warp 0 goes on",
		"0 stalled: the oldest eligible warp (1)",
		"nothing can issue",
		"after an idle cycle the greedy warp 1 goes on, not the older 0",
		"GTO: 1 stalled: the oldest eligible warp (0), not the next slot after it (2)",
	};
	s2l_stim *s = st;
	long t = c->t;
	if (issue_table(s, c, rdy, want, why)) {
		if (t == 2)
			s->seen[0] = 1, wg_key(c);
		if (t == 8)
			s->seen[1] = 1;
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the scenario did not reach both of its checks");
}

/* The second timing (WARPS = ACTIVE = 8): EXIT, relaunch, two warps launched together. */
static void case_gto_relaunch(void *st, wg_cyc *c)
{
	static const uint64_t rdy[] = {0x01, 0, 0, 0x81, 0x03, 0x03, 0x04, 0, 0, 0, 0x07, 0x06};
	static const uint64_t fin[] = {0x01, 0, 0, 0, 0, 0x02, 0x04, 0, 0, 0, 0, 0};
	static const uint64_t lau[] = {0, 0x01, 0, 0, 0, 0, 0, 0x06, 0, 0, 0, 0};
	static const int iss[] = {0, -1, -1, 7, 1, 1, 2, -1, -1, -1, 0, 1};       /* warp = slot here */
	static const int ext[] = {1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0};
	static const int pro[] = {-1, -1, 0, -1, -1, -1, -1, -1, 1, 2, -1, -1}; /* warp = slot */
	static const char *const why[] = {
		"warp 0 issues its EXIT (the greedy state is cleared)",
		"warp 0 is launched again (not yet resident)",
		"the relaunched warp 0 is promoted into slot 0",
		"GTO: the relaunched warp 0 is the youngest: 7 issues first although its id is higher",
		"7 stalled: the oldest of {0, 1} is 1 (0 was relaunched)",
		"the greedy 1 issues its EXIT",
		"nothing greedy after an EXIT: the oldest eligible, 2, issues its EXIT",
		"warps 1 and 2 are launched in the same cycle",
		"warp 1 is promoted (pointer at 1)",
		"warp 2 is promoted",
		"nothing greedy: 0 is the oldest of {0, 1, 2} (relaunched before 1 and 2)",
		"0 is not ready: 1, the older of the two launched together (the lower id)",
	};
	s2l_stim *s = st;
	long t = c->t;
	s2l_obs o;
	wg_case_len(c, 12);
	if (wg_during(c, 0, 11)) {
		script(s, c->in, rdy[t], 0, 0, fin[t], 0);
		wg_port_put(s->L, c->in, S2L_LAUNCH_I, lau[t]);
	}
	if (outputs(s, c, &o)) {
		WG_EXPECT(c, iss_of(&o) == iss[t] && (iss[t] < 0 || o.iss_slot == iss[t]) && o.ext == ext[t],
			  "t=%ld: issued warp %d (slot %d, exit %d), expected %d (exit %d): %s", t, iss_of(&o), o.iss_slot,
			  o.ext, iss[t], ext[t], why[t]);
		if (pro[t] < 0)
			WG_EXPECT(c, !o.pro, "t=%ld: unexpected promotion of warp %d: %s", t, o.pro_warp, why[t]);
		else
			WG_EXPECT(c, pro_is(&o, pro[t], pro[t]), "t=%ld: expected warp %d promoted into slot %d: %s", t,
				  pro[t], pro[t], why[t]);
		if (t == 3)
			s->seen[0] = 1, wg_key(c);
		if (t == 6)
			s->seen[1] = 1;
		if (t == 11)
			s->seen[2] = 1;
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1] && s->seen[2], "the scenario did not reach all three of its checks");
}

/* Two-level: a demoted and re-promoted warp keeps its age and stays greedy. */
static void case_gto_age(void *st, wg_cyc *c)
{
	static const uint64_t rdy[] = {0x02, 0, 0, 0, 0, 0x13, 0x04, 0x12};
	static const uint64_t mark[] = {0, 0x02, 0x02, 0x02, 0x02, 0x02, 0, 0};
	static const uint64_t bar[] = {0, 0, 0, 0x08, 0x08, 0x08, 0x08, 0x08};
	s2l_stim *s = st;
	long t = c->t;
	s2l_obs o;
	wg_case_len(c, 8);
	if (wg_during(c, 0, 7)) {
		script(s, c->in, rdy[t], mark[t], 0xe0, 0, 0); /* llp_i holds warps 5-7 back */
		wg_port_put(s->L, c->in, S2L_BAR_I, bar[t]);
	}
	if (outputs(s, c, &o)) {
		if (t == 0)
			WG_EXPECT(c, iss_of(&o) == 1 && o.iss_slot == 1, "t=0: warp 1 issues from slot 1 (and is greedy)");
		if (t >= 1 && t <= 4)
			WG_EXPECT(c, !o.iss, "t=%ld: nothing is ready, nothing may issue", t);
		if (t == 1)
			WG_EXPECT(c, dem_is(&o, 1, 1) && o.cause == S2L_CAUSE_MARK, "t=1: warp 1's marked consumer demotes it");
		if (t == 2)
			WG_EXPECT(c, pro_is(&o, 1, 4), "t=2: warp 4 (the pointer) takes slot 1");
		if (t == 3)
			WG_EXPECT(c, dem_is(&o, 3, 3) && o.cause == S2L_CAUSE_BARRIER && !o.pro,
				  "t=3: warp 3 is demoted at its barrier (no free slot for warp 1 yet)");
		if (t == 4)
			WG_EXPECT(c, pro_is(&o, 3, 1), "t=4: warp 1 comes back, into slot 3");
		if (t == 5) {
			WG_EXPECT(c, iss_of(&o) == 1 && o.iss_slot == 3 && !o.dem,
				  "GTO: warp 1 is still the greedy warp after its demotion: it issues from slot 3, before "
				  "the older warp 0 and warp 4 (got %d)", iss_of(&o));
			s->seen[0] = 1;
		}
		if (t == 6)
			WG_EXPECT(c, iss_of(&o) == 2, "t=6: only warp 2 is ready");
		if (t == 7) {
			WG_EXPECT(c, iss_of(&o) == 1 && o.iss_slot == 3,
				  "GTO: the age is the launch order: warp 1 before warp 4 (the lowest slot and the order of "
				  "entering the active set would give 4; got %d)", iss_of(&o));
			s->seen[1] = 1, wg_key(c);
		}
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the scenario did not reach both of its checks");
}

/* W-P1-14: the prioritized ready warp beats the greedy one; prio_i of a warp
 * that cannot issue changes nothing. */
static void case_trws_beats_greedy(void *st, wg_cyc *c)
{
	static const uint64_t rdy[] = {0x01, 0x04, 0x0e, 0x04, 0x06, 0x06, 0x06, 0x0e, 0x06};
	static const uint64_t prio[] = {0, 0, 0x08, 0, 0x08, 0x20, 0x01, 0x08, 0x02};
	static const uint64_t mark[] = {0, 0, 0, 0, 0, 0, 0, 0x08, 0};
	static const uint64_t bar[] = {0, 0, 0, 0, 0, 0, 0, 0, 0x02};
	static const int want[] = {0, 2, 3, 2, 2, 2, 2, 2, 2};
	static const char *const why[] = {
		"warp 0 issues its EXIT (not resident afterwards)",
		"nothing greedy: the oldest eligible, 2",
		"W-P1-14: the ready warp 3 with prio_i beats the greedy warp 2 (and the older 1) without it",
		"the greedy 2 again",
		"prio_i of a stalled warp (3, rdy_i low) changes nothing: the greedy 2",
		"prio_i of a pending warp (5) changes nothing: the greedy 2",
		"prio_i of a warp that is not resident (0) changes nothing: the greedy 2",
		"prio_i of a warp being demoted for a mark (3) changes nothing: the greedy 2",
		"prio_i of a warp at a barrier (1) changes nothing: the greedy 2",
	};
	s2l_stim *s = st;
	long t = c->t;
	s2l_obs o;
	wg_case_len(c, 9);
	if (wg_during(c, 0, 8)) {
		script(s, c->in, rdy[t], mark[t], PEND, t == 0 ? 0x01 : 0, 0);
		wg_port_put(s->L, c->in, S2L_BAR_I, bar[t]);
		prio_put(s, c->in, prio[t]);
	}
	if (outputs(s, c, &o)) {
		WG_EXPECT(c, iss_of(&o) == want[t] && o.iss_slot == want[t], "t=%ld: issued warp %d, expected %d: %s", t,
			  iss_of(&o), want[t], why[t]);
		if (t == 7)
			WG_EXPECT(c, dem_is(&o, 3, 3), "t=7: warp 3's marked consumer demotes it");
		if (t == 8)
			WG_EXPECT(c, dem_is(&o, 1, 1) && o.cause == S2L_CAUSE_BARRIER, "t=8: warp 1 is demoted at its barrier");
		if (t == 2)
			s->seen[0] = 1, wg_key(c);
		if (t == 8)
			s->seen[1] = 1;
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the scenario did not reach both of its checks");
}

/* The first timing, cycles 0-9: ties among prioritized warps in GTO order (A21). */
static void case_trws_tie(void *st, wg_cyc *c)
{
	static const uint64_t rdy[] = {0x0c, 0x0f, 0x0b, 0x0f, 0x0f, 0x0f, 0x07, 0x0f, 0x0d, 0x0f};
	static const uint64_t prio[] = {0, 0, 0, 0, 0x08, 0x0a, 0x0a, 0, 0x20, 0x0a};
	static const int want[] = {2, 2, 0, 0, 3, 3, 1, 1, 0, 1};
	static const char *const why[] = {
		"nothing greedy, no priority: the oldest eligible, 2",
		"the greedy 2 keeps issuing although the older 0 and 1 are ready",
		"2 stalls: the oldest eligible, 0",
		"the greedy 0",
		"W-P1-14: warp 3 has priority and beats the greedy 0",
		"A21: 1 and 3 have priority: the greedy 3 goes first, not the older 1",
		"A21: 3 stalls: the oldest prioritized, 1, not the oldest eligible, 0",
		"no priority: GTO, the greedy 1",
		"1 stalls; the prioritized warp 5 is pending (ignored): the oldest eligible, 0",
		"the greedy 0 has no priority, 1 and 3 have: the older of the prioritized, 1 (the oldest within C)",
	};
	s2l_stim *s = st;
	long t = c->t;
	s2l_obs o;
	wg_case_len(c, 10);
	if (wg_during(c, 0, 9)) {
		script(s, c->in, rdy[t], 0, 0, 0, 0);
		prio_put(s, c->in, prio[t]);
	}
	if (outputs(s, c, &o)) {
		WG_EXPECT(c, iss_of(&o) == want[t] && o.iss_slot == want[t], "t=%ld: issued warp %d, expected %d: %s", t,
			  iss_of(&o), want[t], why[t]);
		if (t == 5)
			s->seen[0] = 1, wg_key(c);
		if (t == 6)
			s->seen[1] = 1;
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the scenario did not reach both of its checks");
}

/* Promotion ignores prio_i: the pointer's warp 4, not the prioritized 6. */
static void case_trws_not_promoted(void *st, wg_cyc *c)
{
	s2l_stim *s = st;
	long t = c->t;
	s2l_obs o;
	wg_case_len(c, 3);
	if (wg_during(c, 0, 2)) {
		script(s, c->in, 0, t == 0 ? 0x01 : 0, 0, 0, 0);
		prio_put(s, c->in, 0x40);
	}
	if (outputs(s, c, &o)) {
		if (t == 0)
			WG_EXPECT(c, dem_is(&o, 0, 0), "t=0: warp 0's marked consumer demotes it");
		if (t == 1) {
			WG_EXPECT(c, pro_is(&o, 0, 4),
				  "promotion ignores prio_i: the pointer's warp 4 takes slot 0, not the prioritized 6 (got %s%d)",
				  o.pro ? "" : "none ", o.pro_warp);
			s->seen[0] = 1, wg_key(c);
		}
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "the scenario's key event did not happen");
}

static const wg_case_def s2l_cases[S2L_NCASES] = {
	[C_GREEDY] = {"greedy_keeps_warp",
		"greedy issues from warp 0 until it stalls, then from the next eligible slot after it, and keeps that warp",
		"spec §3.2, §8 #9", "WARPS=8,ACTIVE=4,SELECT=GREEDY", .run = case_greedy, .focus = "rdy_i iss_valid_o iss_slot_o iss_warp_o last_q sv_q sw_q"},
	[C_RR] = {"rr_rotates",
		"round-robin issues from the next eligible slot after the last issue every cycle",
		"spec §3.2", "WARPS=8,ACTIVE=4,SELECT=RR", .run = case_rr, .focus = "rdy_i iss_valid_o iss_slot_o iss_warp_o last_q"},
	[C_PROMOTE_RR] = {"promotion_round_robin",
		"pending warps are promoted in rotating warp order from the pointer (skipping warps whose value is pending) into the lowest free slot",
		"spec §3.4, §8 #8", "WARPS=8,ACTIVE=4", .run = case_promote_rr, .focus = "rdy_i llp_i mark_i dem_valid_o dem_slot_o dem_warp_o dem_cause_o pro_valid_o pro_slot_o pro_warp_o pp_q sv_q sw_q"},
	[C_MARK_ALWAYS] = {"marked_value_returned_always",
		"ALWAYS: a marked consumer whose value is back still demotes, is promoted again and then issues without a second demotion",
		"spec §9 #12, §8 #6", "WARPS=8,ACTIVE=4,SUSPEND=ALWAYS", .run = case_mark_always, .focus = "mark_i llp_i rdy_i iss_valid_o iss_slot_o iss_warp_o dem_valid_o dem_slot_o dem_warp_o dem_cause_o pro_valid_o pro_slot_o pro_warp_o rsm_q"},
	[C_MARK_PENDING] = {"marked_value_returned_pending",
		"PENDING: a marked consumer whose value is back issues without demotion; one whose value is pending demotes and waits for it",
		"spec §9 #12, §8 #6", "WARPS=8,ACTIVE=4,SUSPEND=PENDING", .run = case_mark_pending, .focus = "mark_i llp_i rdy_i iss_valid_o iss_slot_o iss_warp_o dem_valid_o dem_slot_o dem_warp_o dem_cause_o pro_valid_o pro_slot_o pro_warp_o rsm_q"},
	[C_BARRIER] = {"barrier_all_active",
		"all active warps reach a barrier while the rest of the CTA is pending: demotion lets the pending warps in, the barrier releases, every warp exits",
		"spec §9 #13, §8 #16", "WARPS=8,ACTIVE=4,BARRIER_DEMOTE=1", .run = case_barrier, .focus = "bar_i rdy_i iss_valid_o iss_slot_o iss_warp_o dem_valid_o dem_slot_o dem_warp_o dem_cause_o pro_valid_o pro_slot_o pro_warp_o sv_q sw_q"},
	[C_DEM_PRO] = {"demote_and_promote_same_cycle",
		"a demotion and a promotion in the same cycle use different slots; a released slot whose drain is not done is skipped",
		"spec §9 #7", "WARPS=8,ACTIVE=4", .run = case_dem_pro, .focus = "mark_i llp_i rdy_i dem_valid_o dem_slot_o dem_warp_o dem_cause_o pro_valid_o pro_slot_o pro_warp_o slot_valid_o slot_warp_o sv_q sw_q"},
	[C_SLOT_REUSE] = {"slot_reuse_waits_for_free",
		"a released slot with slot_free_i low is not reused, and its warp is not promoted elsewhere until the slot is free",
		"spec §8 #11", "WARPS=8,ACTIVE=4", .run = case_slot_reuse, .focus = "slot_free_i dem_valid_o dem_slot_o dem_warp_o dem_cause_o pro_valid_o pro_slot_o pro_warp_o slot_valid_o sv_q sw_q"},
	[C_EXIT_LAUNCH] = {"exit_and_launch",
		"an EXIT releases its slot without a TAG stage; a launched warp enters the pending set and is promoted into that slot",
		"spec §8 #17, #28", "WARPS=8,ACTIVE=4", .run = case_exit_launch, .focus = "fin_i launch_i ext_valid_o ext_slot_o ext_warp_o dem_valid_o dem_slot_o dem_warp_o dem_cause_o pro_valid_o pro_slot_o pro_warp_o resident_o res_q sv_q"},
	[C_BARRIER_DEADLOCK] = {"barrier_deadlock_without_demotion",
		"negative: barrier_all_active without barrier demotion deadlocks, so its progress check must fail",
		"spec §3.3, §8 #16", "WARPS=8,ACTIVE=4,BARRIER_DEMOTE=0",
		.expect_fail = "deadlock: the warps waiting at the barrier hold every slot", .run = case_barrier, .focus = "bar_i rdy_i iss_valid_o iss_slot_o iss_warp_o dem_valid_o dem_slot_o dem_warp_o dem_cause_o pro_valid_o pro_slot_o pro_warp_o sv_q"},
	[C_GTO_GREEDY] = {"gto_keeps_greedy_then_oldest",
		"GTO: the last issued warp while it can issue, else the oldest eligible warp (not the next slot); an idle cycle keeps the greedy warp",
		"P1 Table 1, GPGPU-Sim gto", "WARPS=8,ACTIVE=4,SELECT=GTO", .run = case_gto_greedy, .focus = "rdy_i launch_i iss_valid_o iss_slot_o iss_warp_o sw_q"},
	[C_GTO_RELAUNCH] = {"gto_oldest_after_relaunch",
		"GTO single level: an EXIT clears the greedy warp, a relaunched warp is the youngest, warps launched together are ordered by id",
		"GPGPU-Sim dynamic warp id", "WARPS=8,ACTIVE=8,SELECT=GTO", .run = case_gto_relaunch, .focus = "fin_i launch_i rdy_i iss_valid_o iss_slot_o iss_warp_o ext_valid_o sw_q"},
	[C_GTO_AGE] = {"gto_age_is_launch_order",
		"GTO two-level: a demoted and re-promoted warp keeps its age and stays greedy; age is launch order, not slot or promotion order",
		"decision", "WARPS=8,ACTIVE=4,SELECT=GTO", .run = case_gto_age, .focus = "launch_i rdy_i iss_valid_o iss_slot_o iss_warp_o sw_q"},
	[C_TRWS_BEATS_GREEDY] = {"trws_priority_beats_greedy",
		"TRWS: a ready warp with prio_i beats the greedy warp without it; prio_i of a warp that cannot issue changes nothing",
		"W-P1-14, P1 §4.2.3", "WARPS=8,ACTIVE=4,SELECT=TRWS", .run = case_trws_beats_greedy, .focus = "rdy_i mark_i iss_valid_o iss_slot_o iss_warp_o sw_q"},
	[C_TRWS_TIE] = {"trws_prio_tie_gto_order",
		"TRWS: among prioritized warps the greedy one, then the oldest prioritized; no priority: plain GTO; a pending prioritized warp is ignored",
		"A21", "WARPS=8,ACTIVE=4,SELECT=TRWS", .run = case_trws_tie, .focus = "rdy_i mark_i iss_valid_o iss_slot_o iss_warp_o sw_q"},
	[C_TRWS_NOT_PROMOTED] = {"trws_prio_not_promoted_first",
		"TRWS: promotion ignores prio_i (the round-robin pointer's warp, not the prioritized one)",
		"decision", "WARPS=8,ACTIVE=4,SELECT=TRWS", .run = case_trws_not_promoted, .focus = "rdy_i mark_i llp_i iss_valid_o iss_slot_o iss_warp_o dem_valid_o dem_slot_o dem_warp_o dem_cause_o pro_valid_o pro_slot_o pro_warp_o sw_q"},
};

static const char *s2l_stim_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
				  char *buf, size_t n)
{
	s2l_stim *s = st;
	s2l_obs o;
	if (s->cs < 0 || cyc < PROLOGUE)
		return NULL;
	long t = cyc - PROLOGUE;
	observe_out(s, out, &o);
	/* every case: the TAG stage holds last cycle's issue (not an EXIT) */
	EXPECT(o.tag == s->prev_iss && (!o.tag || (o.tag_slot == s->prev_slot && o.tag_warp == s->prev_warp)),
	       "t=%ld: tag_* must show last cycle's issue", t);
	s->prev_iss = o.iss && !o.ext;
	s->prev_slot = o.iss_slot;
	s->prev_warp = o.iss_warp;
	return wg_case_check(&s->run, s, model, in, out, cyc, buf, n);
}

static const char *s2l_stim_finish(void *st, long *key, char *buf, size_t n)
{
	s2l_stim *s = st;
	*key = 0; /* random stimulus marks no cycle (0, as before the kit) */
	if (s->cs < 0)
		return NULL;
	const char *msg = wg_case_finish(&s->run, s, key, buf, n);
	if (*key < 0)
		*key = 0; /* nor does a case that marked nothing */
	return msg;
}

/* ---- the interface ---- */
static size_t s2l_stim_size(const long *p)
{
	(void)p;
	return sizeof(s2l_stim);
}

static const char *s2l_stim_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx,
				 uint64_t seed, char *err, size_t n)
{
	s2l_stim *s = st;
	s->L = L;
	s->W = p[S2L_P_WARPS];
	s->A = p[S2L_P_ACTIVE];
	s->wmask = wg_ones64(s->W);
	memcpy(s->k, knobs, sizeof s->k);
	s->cs = case_idx;
	s->group = s->k[K_GROUP];
	s->rng = wg_rng_seed(seed);
	/* prio_i exists in TRWS configurations only (width 0 elsewhere: docs/sched2l.md "Ports") */
	s->prio = L->width[S2L_PRIO_I] ? S2L_PRIO_I : -1;
	if (case_idx < 0)
		return NULL;
	/* The scripts name warps 0..7 and slots 0..3 (0..7 for the single-level case). */
	long A = case_idx == C_GTO_RELAUNCH ? 8 : 4;
	if (s->W != 8 || s->A != A) {
		snprintf(err, n, "sched2l: directed case %s needs WARPS=8 and ACTIVE=%ld (its script names warps and slots)",
			 s2l_cases[case_idx].name, A);
		return err;
	}
	if (s2l_cases[case_idx].run == case_barrier) { /* programs, not per-cycle scripts */
		s->script = barrier_script;
		s->group = 8; /* one CTA */
	}
	return wg_case_start(&s->run, &s2l_cases[case_idx], (size_t)L->nwords[WG_IN], s2l_prologue, PROLOGUE, err, n);
}

static int s2l_stim_next(void *st, const void *model, uint32_t *in, long cyc)
{
	s2l_stim *s = st;
	if (s->cs < 0)
		return random_next(s, model, in, cyc);
	s->in_rst = cyc < PROLOGUE;
	return wg_case_drive(&s->run, s, model, in, cyc);
}

static void s2l_stim_cover(const void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
			   uint64_t *hits)
{
	(void)cyc;
	s2l_cover(((const s2l_stim *)st)->L, model, in, out, hits);
}

const wg_stim_def wg_stim_sched2l = {
	.block = &wg_block_sched2l,
	.knobs = s2l_knobs,
	.nknobs = S2L_NKNOBS,
	.cases = s2l_cases,
	.ncases = S2L_NCASES,
	.size = s2l_stim_size,
	.init = s2l_stim_init,
	.next = s2l_stim_next,
	.observe = s2l_stim_observe,
	.check = s2l_stim_check,
	.finish = s2l_stim_finish,
	.cov = s2l_cov_points,
	.ncov = S2L_NCOV_POINTS,
	.cover = s2l_stim_cover,
};
