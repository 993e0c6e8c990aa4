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
 * while, as a register file cache draining them would. */
#include <stdio.h>
#include <string.h>

#include "sched2l.h"
#include "wg_bits.h"
#include "wg_rng.h"
#include "wg_stim.h"

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
};

/* ---- directed cases ---- */
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
	S2L_NCASES
};

static const wg_case_def s2l_cases[S2L_NCASES] = {
	[C_GREEDY] = {"greedy_keeps_warp",
		"greedy issues from warp 0 until it stalls, then from the next eligible slot after it, and keeps that warp",
		"spec §3.2, §8 #9", "WARPS=8,ACTIVE=4,SELECT=GREEDY"},
	[C_RR] = {"rr_rotates",
		"round-robin issues from the next eligible slot after the last issue every cycle",
		"spec §3.2", "WARPS=8,ACTIVE=4,SELECT=RR"},
	[C_PROMOTE_RR] = {"promotion_round_robin",
		"pending warps are promoted in rotating warp order from the pointer (skipping warps whose value is pending) into the lowest free slot",
		"spec §3.4, §8 #8", "WARPS=8,ACTIVE=4"},
	[C_MARK_ALWAYS] = {"marked_value_returned_always",
		"ALWAYS: a marked consumer whose value is back still demotes, is promoted again and then issues without a second demotion",
		"spec §9 #12, §8 #6", "WARPS=8,ACTIVE=4,SUSPEND=ALWAYS"},
	[C_MARK_PENDING] = {"marked_value_returned_pending",
		"PENDING: a marked consumer whose value is back issues without demotion; one whose value is pending demotes and waits for it",
		"spec §9 #12, §8 #6", "WARPS=8,ACTIVE=4,SUSPEND=PENDING"},
	[C_BARRIER] = {"barrier_all_active",
		"all active warps reach a barrier while the rest of the CTA is pending: demotion lets the pending warps in, the barrier releases, every warp exits",
		"spec §9 #13, §8 #16", "WARPS=8,ACTIVE=4,BARRIER_DEMOTE=1"},
	[C_DEM_PRO] = {"demote_and_promote_same_cycle",
		"a demotion and a promotion in the same cycle use different slots; a released slot whose drain is not done is skipped",
		"spec §9 #7", "WARPS=8,ACTIVE=4"},
	[C_SLOT_REUSE] = {"slot_reuse_waits_for_free",
		"a released slot with slot_free_i low is not reused, and its warp is not promoted elsewhere until the slot is free",
		"spec §8 #11", "WARPS=8,ACTIVE=4"},
	[C_EXIT_LAUNCH] = {"exit_and_launch",
		"an EXIT releases its slot without a TAG stage; a launched warp enters the pending set and is promoted into that slot",
		"spec §8 #17, #28", "WARPS=8,ACTIVE=4"},
	[C_BARRIER_DEADLOCK] = {"barrier_deadlock_without_demotion",
		"negative: barrier_all_active without barrier demotion deadlocks, so its progress check must fail",
		"spec §3.3, §8 #16", "WARPS=8,ACTIVE=4,BARRIER_DEMOTE=0",
		.expect_fail = "deadlock: the warps waiting at the barrier hold every slot"},
};

/* ---- the abstract program of a warp ---- */
enum { I_NONE, I_NORMAL, I_MARK, I_BAR, I_EXIT };

typedef struct s2l_prog {
	uint8_t kind;  /* I_* of the warp's next instruction (I_NONE: not resident) */
	uint8_t hz;    /* cycles a short-latency hazard still holds rdy_i low */
	uint16_t llp;  /* cycles until the long-latency value it sources returns */
	uint8_t after; /* I_BAR: the instruction after the barrier is a marked consumer */
	uint8_t pc;    /* directed program: position of the next instruction in the script */
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
	long key;                      /* cycle to mark in the waveform */
	int seen[8];                   /* directed case: events that must have happened */
	int prev_iss, prev_slot, prev_warp; /* last cycle's issue (the TAG-stage check) */
	uint64_t exited;               /* directed program: warps that issued EXIT */
} s2l_stim;

static uint64_t rnd(s2l_stim *s) { return wg_rng_next(&s->rng); }

/* Uniform in 0..n-1 (n < 2^32) by multiply-shift. */
static long pick(s2l_stim *s, long n) { return (long)(((rnd(s) >> 32) * (uint64_t)n) >> 32); }
static int pct(s2l_stim *s, long p) { return pick(s, 100) < p; }

/* ---- frame helpers ---- */
static void put(const s2l_stim *s, uint32_t *in, int port, uint64_t v)
{
	int w = s->L->width[port];
	wg_put(in + s->L->off[port], 0, (unsigned)w, v & wg_ones64(w));
}

static uint64_t get(const s2l_stim *s, const uint32_t *f, int port)
{
	return wg_get(f + s->L->off[port], 0, (unsigned)s->L->width[port]);
}

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
	o->iss = (int)get(s, out, S2L_ISS_VALID_O);
	o->iss_slot = (int)get(s, out, S2L_ISS_SLOT_O);
	o->iss_warp = (int)get(s, out, S2L_ISS_WARP_O);
	o->tag = (int)get(s, out, S2L_TAG_VALID_O);
	o->tag_slot = (int)get(s, out, S2L_TAG_SLOT_O);
	o->tag_warp = (int)get(s, out, S2L_TAG_WARP_O);
	o->dem = (int)get(s, out, S2L_DEM_VALID_O);
	o->dem_slot = (int)get(s, out, S2L_DEM_SLOT_O);
	o->dem_warp = (int)get(s, out, S2L_DEM_WARP_O);
	o->cause = (int)get(s, out, S2L_DEM_CAUSE_O);
	o->pro = (int)get(s, out, S2L_PRO_VALID_O);
	o->pro_slot = (int)get(s, out, S2L_PRO_SLOT_O);
	o->pro_warp = (int)get(s, out, S2L_PRO_WARP_O);
	o->ext = (int)get(s, out, S2L_EXT_VALID_O);
	o->ext_slot = (int)get(s, out, S2L_EXT_SLOT_O);
	o->ext_warp = (int)get(s, out, S2L_EXT_WARP_O);
	o->slot_valid = get(s, out, S2L_SLOT_VALID_O);
	o->active = get(s, out, S2L_ACTIVE_O);
	o->resident = get(s, out, S2L_RESIDENT_O);
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
		long r = pick(s, 1000);
		if (r < s->k[K_FIN_PM]) {
			p->kind = I_EXIT;
		} else if (r < s->k[K_FIN_PM] + s->k[K_BAR_PM]) {
			/* often the first use of a load issued before the barrier follows it */
			p->kind = I_BAR;
			p->after = (uint8_t)pct(s, s->k[K_LL_PCT]);
			if (p->after && pct(s, s->k[K_LLP_PCT]))
				p->llp = (uint16_t)(1 + pick(s, s->k[K_LL_LAT]));
		} else if (pct(s, s->k[K_LL_PCT])) {
			p->kind = I_MARK;
			if (pct(s, s->k[K_LLP_PCT]))
				p->llp = (uint16_t)(1 + pick(s, s->k[K_LL_LAT]));
		} else {
			/* a later, unmarked consumer of a value still pending: it stalls
			 * in its slot (LL_PCT/4 % of ordinary instructions) */
			p->kind = I_NORMAL;
			if (pick(s, 400) < s->k[K_LL_PCT])
				p->llp = (uint16_t)(1 + pick(s, s->k[K_LL_LAT]));
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
		rdy = (rdy & ~unread) | (rnd(s) & unread);
	}
	put(s, in, S2L_RDY_I, rdy);
	put(s, in, S2L_MARK_I, mark);
	put(s, in, S2L_LLP_I, llp);
	put(s, in, S2L_BAR_I, bar);
	put(s, in, S2L_FIN_I, fin);
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
		sf |= sv & rnd(s);
	put(s, in, S2L_SLOT_FREE_I, sf);
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
			s->free_t[o.ext_slot] = (uint8_t)(lat ? pick(s, lat + 1) : 0);
		} else {
			prog_next(s, o.iss_warp);
			if (!s->script && pick(s, s->k[K_ILP] + 1) == 0)
				p->hz = (uint8_t)(1 + pick(s, 8)); /* up to the 8-cycle ALU latency */
		}
	}
	if (o.dem)
		s->free_t[o.dem_slot] = (uint8_t)(lat ? pick(s, lat + 1) : 0);
	if (o.iss || o.dem || o.pro)
		s->progress = cyc;
}

/* ---- the random stream ---- */

static void launch(s2l_stim *s, uint32_t *in, uint64_t res)
{
	uint64_t nonres = ~res & s->wmask;
	if (!nonres || !pct(s, s->k[K_LAUNCH_PCT]))
		return;
	long start = pick(s, s->W);
	uint64_t after = nonres & (~UINT64_C(0) << start);
	long w = (long)wg_ctz64(after ? after : nonres);
	uint64_t l = UINT64_C(1) << w;
	if (pick(s, 4) == 0) { /* the whole CTA */
		long g0 = w - w % s->group;
		l |= nonres & (wg_ones64(s->group) << g0);
	}
	for (uint64_t b = l; b; b &= b - 1)
		prog_start(s, (long)wg_ctz64(b));
	put(s, in, S2L_LAUNCH_I, l);
}

static int random_next(s2l_stim *s, const s2l_model *m, uint32_t *in, long cyc)
{
	s->in_rst = cyc < 2 || pick(s, 1000000) < s->k[K_RESET_PPM];
	if (s->in_rst) {
		put(s, in, S2L_RST_I, 1);
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

/* ---- directed cases: drive ---- */

#define W_(w) (UINT64_C(1) << (w))

/* Per-warp inputs of a scripted cycle; every slot_free_i high but `low`. */
static void script(s2l_stim *s, uint32_t *in, uint64_t rdy, uint64_t mark, uint64_t llp, uint64_t fin, uint64_t low)
{
	put(s, in, S2L_RDY_I, rdy);
	put(s, in, S2L_MARK_I, mark);
	put(s, in, S2L_LLP_I, llp);
	put(s, in, S2L_FIN_I, fin);
	put(s, in, S2L_SLOT_FREE_I, wg_ones64(s->A) & ~low);
}

/* Programs of the barrier cases: warps 0..3 (active) arrive at once, warps
 * 4..7 (pending) after two instructions; then one more and EXIT. */
static const char *const barrier_script[8] = {"BnE", "BnE", "BnE", "BnE", "nnBnE", "nnBnE", "nnBnE", "nnBnE"};

static int case_next(s2l_stim *s, const s2l_model *m, uint32_t *in, long cyc)
{
	s->in_rst = cyc < 2;
	if (s->in_rst) {
		put(s, in, S2L_RST_I, 1);
		progs_reset(s);
		return 1;
	}
	long t = cyc - 2;
	const uint64_t PEND = 0xf0; /* warps 4..7 (pending after reset) */
	switch (s->cs) {
	case C_GREEDY: {
		static const uint64_t rdy[] = {0xf, 0xf, 0xf, 0xe, 0xe, 0xe, 0x9, 0x1, 0x0, 0xf};
		if (t < 10)
			script(s, in, rdy[t], 0, 0, 0, 0);
		return t < 10;
	}
	case C_RR: {
		static const uint64_t rdy[] = {0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x5, 0x5, 0x0, 0xf};
		if (t < 10)
			script(s, in, rdy[t], 0, 0, 0, 0);
		return t < 10;
	}
	case C_PROMOTE_RR: { /* nothing issues; marks demote, llp_i holds warps back */
		static const uint64_t mark[] = {0x0a, 0x0a, 0x0a, 0x0b, 0x0b, 0x0f, 0x0f, 0x6f, 0x6f, 0x6f, 0x6f, 0x6f};
		static const uint64_t llp[] = {0x1a, 0x1a, 0x1a, 0x1b, 0x0b, 0x0f, 0x0d, 0x6d, 0x7d, 0x65, 0x65, 0x65};
		if (t < 12)
			script(s, in, 0, mark[t], llp[t], 0, 0);
		return t < 12;
	}
	case C_MARK_ALWAYS: { /* warp 0: normal, marked (value back) x3, normal, marked */
		static const uint64_t mark[] = {0, 1, 1, 1, 0, 1, 1};
		if (t < 7)
			script(s, in, W_(0), mark[t], PEND, 0, 0);
		return t < 7;
	}
	case C_MARK_PENDING: { /* warp 0: normal, marked (back), normal, marked (pending 4 cycles) */
		static const uint64_t mark[] = {0, 1, 0, 1, 1, 1, 1, 1, 1, 0};
		static const uint64_t llp[] = {0, 0, 0, 1, 1, 1, 1, 0, 0, 0};
		if (t < 10)
			script(s, in, llp[t] ? 0 : W_(0), mark[t], PEND | llp[t], 0, 0);
		return t < 10;
	}
	case C_BARRIER:
	case C_BARRIER_DEADLOCK:
		if (s->exited == s->wmask || t > BARRIER_LIMIT + 2)
			return 0;
		barriers(s, s2l_resident(m));
		drive(s, m, in, 0);
		return 1;
	case C_DEM_PRO: { /* slot 2 drains for three cycles after its warp leaves */
		static const uint64_t mark[] = {0x2, 0x6, 0xe, 0xf, 0xf, 0xf, 0xf};
		static const uint64_t low[] = {0, 0, 0x4, 0x4, 0x4, 0, 0};
		if (t < 7)
			script(s, in, 0, mark[t], mark[t], 0, low[t]);
		return t < 7;
	}
	case C_SLOT_REUSE: { /* warp 1 leaves slot 1 (value back), then slot 1 drains */
		static const uint64_t mark[] = {0x2, 0xa, 0xa, 0xa, 0xa, 0xa, 0x2, 0x0};
		static const uint64_t llp[] = {0, 0x8, 0x8, 0x8, 0x8, 0x8, 0x8, 0x8};
		static const uint64_t low[] = {0, 0x2, 0x2, 0x2, 0x2, 0, 0, 0};
		if (t < 8)
			script(s, in, t == 6 ? W_(1) : 0, mark[t], PEND | llp[t], 0, low[t]);
		return t < 8;
	}
	case C_EXIT_LAUNCH:
		if (t == 0)
			script(s, in, W_(2), 0, PEND, W_(2), 0);
		else if (t < 5)
			script(s, in, t == 3 ? W_(2) : 0, 0, PEND, 0, 0);
		if (t == 1)
			put(s, in, S2L_LAUNCH_I, W_(2));
		return t < 5;
	default:
		return 0;
	}
}

/* ---- directed cases: checks ---- */

static int popcount(uint64_t x)
{
	int k = 0;
	for (; x; x &= x - 1)
		k++;
	return k;
}

/* The issued warp, -1 when nothing issues. */
static int iss_of(const s2l_obs *o) { return o->iss ? o->iss_warp : -1; }
static int dem_is(const s2l_obs *o, int slot, int warp) { return o->dem && o->dem_slot == slot && o->dem_warp == warp; }
static int pro_is(const s2l_obs *o, int slot, int warp) { return o->pro && o->pro_slot == slot && o->pro_warp == warp; }

/* An expected issue sequence: want[t] (-1 none) with its reason. */
static const char *issue_seq(const s2l_obs *o, long t, const int *want, const char *const *why, char *buf, size_t n)
{
	EXPECT(iss_of(o) == want[t], "t=%ld: issued warp %d, expected %d: %s", t, iss_of(o), want[t], why[t]);
	return NULL;
}

static const char *check_greedy(s2l_stim *s, const s2l_obs *o, long t, char *buf, size_t n)
{
	static const int want[] = {0, 0, 0, 1, 1, 1, 3, 0, -1, 0};
	static const char *const why[] = {
		"greedy starts at slot 0 after reset",
		"greedy keeps issuing from warp 0 while it can issue",
		"greedy keeps issuing from warp 0 while it can issue",
		"warp 0 stalled: greedy moves to the next eligible slot after it (slot 1)",
		"greedy keeps the new warp 1",
		"greedy keeps the new warp 1",
		"warps 1 and 2 stalled: the next eligible slot after slot 1 is slot 3, not slot 0",
		"only warp 0 can issue: the search wraps around",
		"nothing can issue",
		"after an idle cycle greedy resumes at the last issued slot (warp 0)",
	};
	const char *e = issue_seq(o, t, want, why, buf, n);
	if (!e && t == 3)
		s->seen[0] = 1, s->key = t + 2;
	if (!e && t == 6)
		s->seen[1] = 1;
	return e;
}

static const char *check_rr(s2l_stim *s, const s2l_obs *o, long t, char *buf, size_t n)
{
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
	const char *e = issue_seq(o, t, want, why, buf, n);
	if (!e && t == 3)
		s->seen[0] = 1, s->key = t + 2;
	return e;
}

static const char *check_promote_rr(s2l_stim *s, const s2l_obs *o, long t, char *buf, size_t n)
{
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
	EXPECT(!o->iss, "t=%ld: nothing may issue (no warp is ready)", t);
	if (dem[t][0] < 0)
		EXPECT(!o->dem, "t=%ld: unexpected demotion of warp %d: %s", t, o->dem_warp, why[t]);
	else
		EXPECT(dem_is(o, dem[t][0], dem[t][1]) && o->cause == S2L_CAUSE_MARK,
		       "t=%ld: expected the demotion of warp %d from slot %d: %s", t, dem[t][1], dem[t][0], why[t]);
	if (pro[t][0] < 0)
		EXPECT(!o->pro, "t=%ld: unexpected promotion of warp %d: %s", t, o->pro_warp, why[t]);
	else
		EXPECT(pro_is(o, pro[t][0], pro[t][1]), "t=%ld: expected warp %d promoted into slot %d, got %s%d/%d: %s",
		       t, pro[t][1], pro[t][0], o->pro ? "" : "none ", o->pro_warp, o->pro_slot, why[t]);
	if (t == 4)
		s->seen[0] = 1;
	if (t == 6)
		s->seen[1] = 1, s->key = t + 2;
	if (t == 9)
		s->seen[2] = 1;
	return NULL;
}

static const char *check_mark_always(s2l_stim *s, const s2l_obs *o, long t, char *buf, size_t n)
{
	switch (t) {
	case 0:
		EXPECT(iss_of(o) == 0 && !o->dem, "t=0: warp 0 issues an ordinary instruction");
		break;
	case 1:
		EXPECT(dem_is(o, 0, 0) && o->cause == S2L_CAUSE_MARK && !o->iss,
		       "ALWAYS: a marked consumer whose value is back is still demoted (and does not issue)");
		s->seen[0] = 1, s->key = t + 2;
		break;
	case 2:
		EXPECT(pro_is(o, 0, 0) && !o->iss, "the demoted warp 0 is promoted again into its free slot 0");
		break;
	case 3:
		EXPECT(iss_of(o) == 0 && !o->dem, "after re-promotion the marked instruction issues without a second demotion");
		s->seen[1] = 1;
		break;
	case 4:
		EXPECT(iss_of(o) == 0 && !o->dem, "warp 0 goes on issuing");
		break;
	case 5:
		EXPECT(dem_is(o, 0, 0), "the next marked instruction is demoted again (the issue cleared the resume bit)");
		s->seen[2] = 1;
		break;
	default:
		break;
	}
	return NULL;
}

static const char *check_mark_pending(s2l_stim *s, const s2l_obs *o, long t, char *buf, size_t n)
{
	if (t <= 2)
		EXPECT(iss_of(o) == 0 && !o->dem,
		       "PENDING: a marked consumer whose value is back issues without demotion (t=%ld)", t);
	if (t == 1)
		s->seen[0] = 1, s->key = t + 2;
	if (t == 3) {
		EXPECT(dem_is(o, 0, 0) && o->cause == S2L_CAUSE_MARK, "PENDING: a marked consumer whose value is pending is demoted");
		s->seen[1] = 1;
	}
	if (t >= 4 && t <= 6)
		EXPECT(!o->pro, "t=%ld: warp 0 is not promoted while its value is pending", t);
	if (t == 7)
		EXPECT(pro_is(o, 0, 0), "the value returned: warp 0 is promoted");
	if (t == 8) {
		EXPECT(iss_of(o) == 0 && !o->dem, "after re-promotion the marked instruction issues");
		s->seen[2] = 1;
	}
	return NULL;
}

static const char *check_barrier(s2l_stim *s, const s2l_obs *o, const uint32_t *in, long t, char *buf, size_t n)
{
	uint64_t bar = get(s, in, S2L_BAR_I);
	EXPECT(!(o->iss && ((bar >> o->iss_warp) & 1u)), "t=%ld: warp %d issued while blocked at the barrier", t,
	       o->iss_warp);
	if (o->dem && ((bar >> o->dem_warp) & 1u)) {
		EXPECT(o->cause == S2L_CAUSE_BARRIER, "t=%ld: a warp at a barrier is demoted with cause 1", t);
		s->seen[0] = 1;
	}
	if (o->pro && o->pro_warp >= 4 && bar)
		s->seen[1] = 1, s->key = s->key ? s->key : t + 2;
	if (t > 0 && !bar && (s->seen[1] || s->seen[0]))
		s->seen[2] = 1; /* everyone passed the barrier */
	EXPECT(t < BARRIER_LIMIT || s->exited == s->wmask,
	       "deadlock: the warps waiting at the barrier hold every slot and the pending warps never get in "
	       "(%d of 8 warps exited by t=%d)",
	       popcount(s->exited), BARRIER_LIMIT);
	return NULL;
}

static const char *check_dem_pro(s2l_stim *s, const s2l_obs *o, const uint32_t *in, long t, char *buf, size_t n)
{
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
	uint64_t sf = get(s, in, S2L_SLOT_FREE_I);
	EXPECT(!(o->pro && !((sf >> o->pro_slot) & 1u)), "t=%ld: warp %d was promoted into slot %d whose slot_free_i is low",
	       t, o->pro_warp, o->pro_slot);
	EXPECT(!(o->pro && o->dem && o->pro_slot == o->dem_slot), "t=%ld: a demotion and a promotion share slot %d", t,
	       o->dem_slot);
	if (dem[t][0] < 0)
		EXPECT(!o->dem, "t=%ld: unexpected demotion of warp %d: %s", t, o->dem_warp, why[t]);
	else
		EXPECT(dem_is(o, dem[t][0], dem[t][1]), "t=%ld: expected the demotion of warp %d from slot %d: %s", t,
		       dem[t][1], dem[t][0], why[t]);
	if (pro[t][0] < 0)
		EXPECT(!o->pro, "t=%ld: unexpected promotion of warp %d into slot %d: %s", t, o->pro_warp, o->pro_slot,
		       why[t]);
	else
		EXPECT(pro_is(o, pro[t][0], pro[t][1]), "t=%ld: expected warp %d promoted into slot %d: %s", t, pro[t][1],
		       pro[t][0], why[t]);
	if (t == 1)
		s->seen[0] = 1, s->key = t + 2;
	if (t == 3)
		s->seen[1] = 1;
	return NULL;
}

static const char *check_slot_reuse(s2l_stim *s, const s2l_obs *o, const uint32_t *in, long t, char *buf, size_t n)
{
	uint64_t sf = get(s, in, S2L_SLOT_FREE_I);
	EXPECT(!(o->pro && !((sf >> o->pro_slot) & 1u)), "t=%ld: slot %d was reused while its slot_free_i is low", t,
	       o->pro_slot);
	EXPECT(!(o->pro && o->pro_warp == 1 && !(sf & 2u)),
	       "t=%ld: warp 1 was promoted (into slot %d) while its old slot 1 is still draining", t, o->pro_slot);
	if (t == 0)
		EXPECT(dem_is(o, 1, 1), "ALWAYS: warp 1's marked consumer demotes it from slot 1");
	if (t == 1)
		EXPECT(dem_is(o, 3, 3), "warp 3's marked consumer demotes it from slot 3");
	if (t >= 1 && t <= 4)
		EXPECT(!o->pro, "t=%ld: nothing is promoted while slot 1 drains (warp 1 waits for it, slot 3 has no candidate)", t);
	if (t == 2)
		s->seen[0] = 1, s->key = t + 2;
	if (t == 5) {
		EXPECT(pro_is(o, 1, 1), "slot 1 is free again: warp 1 is promoted, into the lowest free slot 1");
		s->seen[1] = 1;
	}
	if (t == 6)
		EXPECT(iss_of(o) == 1 && !o->dem, "warp 1 issues its marked instruction without a second demotion");
	return NULL;
}

static const char *check_exit_launch(s2l_stim *s, const s2l_obs *o, long t, char *buf, size_t n)
{
	switch (t) {
	case 0:
		EXPECT(iss_of(o) == 2 && o->ext && o->ext_slot == 2 && o->ext_warp == 2,
		       "warp 2's EXIT issues from slot 2 (ext_valid_o with its slot and warp)");
		s->seen[0] = 1;
		break;
	case 1:
		EXPECT(!o->tag, "an EXIT has no TAG-stage lookup");
		EXPECT(!((o->resident >> 2) & 1u) && !((o->slot_valid >> 2) & 1u) && !((o->active >> 2) & 1u),
		       "after its EXIT warp 2 is not resident and slot 2 is empty");
		EXPECT(!o->pro, "no candidate to promote: the pending warps wait for their values");
		break;
	case 2:
		EXPECT((o->resident >> 2) & 1u, "the launched warp 2 is resident");
		EXPECT(pro_is(o, 2, 2), "the launched warp 2 enters the pending set and is promoted into the free slot 2");
		s->seen[1] = 1, s->key = t + 2;
		break;
	case 3:
		EXPECT(iss_of(o) == 2, "the launched warp issues after its promotion");
		break;
	default:
		break;
	}
	return NULL;
}

static const char *s2l_stim_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
				  char *buf, size_t n)
{
	(void)model;
	s2l_stim *s = st;
	s2l_obs o;
	if (s->cs < 0 || cyc < 2)
		return NULL;
	long t = cyc - 2;
	observe_out(s, out, &o);
	/* every case: the TAG stage holds last cycle's issue (not an EXIT) */
	EXPECT(o.tag == s->prev_iss && (!o.tag || (o.tag_slot == s->prev_slot && o.tag_warp == s->prev_warp)),
	       "t=%ld: tag_* must show last cycle's issue", t);
	s->prev_iss = o.iss && !o.ext;
	s->prev_slot = o.iss_slot;
	s->prev_warp = o.iss_warp;
	switch (s->cs) {
	case C_GREEDY:
		return check_greedy(s, &o, t, buf, n);
	case C_RR:
		return check_rr(s, &o, t, buf, n);
	case C_PROMOTE_RR:
		return check_promote_rr(s, &o, t, buf, n);
	case C_MARK_ALWAYS:
		return check_mark_always(s, &o, t, buf, n);
	case C_MARK_PENDING:
		return check_mark_pending(s, &o, t, buf, n);
	case C_BARRIER:
	case C_BARRIER_DEADLOCK:
		return check_barrier(s, &o, in, t, buf, n);
	case C_DEM_PRO:
		return check_dem_pro(s, &o, in, t, buf, n);
	case C_SLOT_REUSE:
		return check_slot_reuse(s, &o, in, t, buf, n);
	case C_EXIT_LAUNCH:
		return check_exit_launch(s, &o, t, buf, n);
	default:
		return NULL;
	}
}

static const char *s2l_stim_finish(void *st, long *key, char *buf, size_t n)
{
	s2l_stim *s = st;
	*key = s->key;
	switch (s->cs) {
	case C_GREEDY:
	case C_DEM_PRO:
	case C_SLOT_REUSE:
	case C_EXIT_LAUNCH:
		EXPECT(s->seen[0] && s->seen[1], "the scenario did not reach both of its checks");
		break;
	case C_PROMOTE_RR:
	case C_MARK_ALWAYS:
	case C_MARK_PENDING:
		EXPECT(s->seen[0] && s->seen[1] && s->seen[2], "the scenario did not reach all three of its checks");
		break;
	case C_BARRIER:
	case C_BARRIER_DEADLOCK:
		EXPECT(s->seen[0], "no warp was demoted at the barrier");
		EXPECT(s->seen[1], "no pending warp was promoted while others waited at the barrier");
		EXPECT(s->seen[2], "the barrier never released");
		EXPECT(s->exited == s->wmask, "not every warp exited");
		break;
	case C_RR:
		EXPECT(s->seen[0], "the scenario's key event did not happen");
		break;
	default:
		break;
	}
	return NULL;
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
	if (case_idx < 0)
		return NULL;
	/* The scripts name warps 0..7 and slots 0..3. */
	if (s->W != 8 || s->A != 4) {
		snprintf(err, n, "sched2l: directed cases need WARPS=8 and ACTIVE=4 (their scripts name warps and slots)");
		return err;
	}
	if (case_idx == C_BARRIER || case_idx == C_BARRIER_DEADLOCK) {
		s->script = barrier_script;
		s->group = 8; /* one CTA */
	}
	return NULL;
}

static int s2l_stim_next(void *st, const void *model, uint32_t *in, long cyc)
{
	s2l_stim *s = st;
	return s->cs < 0 ? random_next(s, model, in, cyc) : case_next(s, model, in, cyc);
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
};
