/* sm_rfc_env.c - the synthetic SM around sm_rfc: instruction streams,
 * scoreboard, write port, CTAs, TAG-stage lookups, MRF model and the
 * end-to-end data checks (sm_rfc_env.h, docs/sm_rfc.md "Stimulus"). */
#include "sm_rfc_env.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rfc.h"
#include "sched2l.h"
#include "sm_rfc.h"
#include "wg_bits.h"
#include "wg_comp.h"
#include "wg_kit.h"

/* The default instruction mix, reuse and lifetimes are assumptions (the paper
 * gives no mix, spec §7.3); docs/sm_rfc.md "Statistics mode" says how close
 * they bring the run to the paper's figures. */
const wg_param_def sme_knobs[SME_NKNOBS] = {
	[SME_K_LL_PCT] = {"LL_PCT", 5, 0, 50, NULL, "% long-latency loads (GLD/TEX)", "assumed mix"},
	[SME_K_SFU_PCT] = {"SFU_PCT", 5, 0, 50, NULL, "% SFU instructions", "assumed mix"},
	[SME_K_SHM_PCT] = {"SHM_PCT", 8, 0, 50, NULL, "% shared-memory loads", "assumed mix"},
	[SME_K_ST_PCT] = {"ST_PCT", 6, 0, 50, NULL, "% stores (no result)", "assumed mix"},
	[SME_K_BAR_PM] = {"BAR_PM", 5, 0, 500, NULL, "barriers per 1000 instructions", "assumed"},
	[SME_K_KLEN] = {"KLEN", 400, 1, 1000000, NULL, "mean instructions per warp before EXIT", "assumed"},
	[SME_K_GROUP] = {"GROUP", 8, 1, 64, NULL, "warps per CTA", "assumed (256-thread CTAs)"},
	[SME_K_ILP] = {"ILP", 3, 1, 8, NULL, "independent dependence chains per warp", "assumed, spec §6.3"},
	[SME_K_CHAIN_PCT] = {"CHAIN_PCT", 75, 0, 100, NULL, "% of values first read by the chain successor", "assumed"},
	[SME_K_R1_PCT] = {"R1_PCT", 60, 0, 100, NULL, "% of values read once", "spec §6.1 (up to 70%), tuned"},
	[SME_K_R2_PCT] = {"R2_PCT", 22, 0, 100, NULL, "% of values read twice", "assumed, tuned"},
	[SME_K_RMANY_PCT] = {"RMANY_PCT", 13, 0, 100, NULL, "% of values read 3..10 times", "spec §6.1 (about 10% > 2), tuned"},
	[SME_K_LIFE] = {"LIFE", 6, 1, 256, NULL, "mean distance between reads of a value", "assumed"},
	[SME_K_LIFE_LONG] = {"LIFE_LONG", 24, 1, 1024, NULL, "the same for values read 3..10 times", "assumed"},
	[SME_K_HOIST] = {"HOIST", 10, 1, 256, NULL, "mean distance from a long-latency load to its first consumer", "assumed"},
	[SME_K_LL_LAT] = {"LL_LAT", 400, 2, 100000, NULL, "long-latency load latency (cycles)", "Gebhart Table 4"},
	[SME_K_ALU_LAT] = {"ALU_LAT", 8, 2, 60, NULL, "ALU latency (issue to dependent issue)", "Gebhart Table 4"},
	[SME_K_SFU_LAT] = {"SFU_LAT", 20, 2, 60, NULL, "SFU latency", "Gebhart Table 4"},
	[SME_K_SHM_LAT] = {"SHM_LAT", 20, 2, 60, NULL, "shared-memory load latency", "Gebhart Table 4"},
	[SME_K_DIV_PCT] = {"DIV_PCT", 10, 0, 100, NULL, "% of instructions in divergent regions", "assumed"},
	[SME_K_REGS] = {"REGS", 32, 2, 64, NULL, "registers per thread (at most 2^REG_BITS)", "Gebhart §2.1"},
	[SME_K_RESET_PPM] = {"RESET_PPM", 20, 0, 1000000, NULL, "mid-run resets per million cycles", "assumed"},
	[SME_K_DIV_LIVE] = {"DIV_LIVE", 1, 0, 1, NULL, "1: lanes a divergent last read left out stay live (checked)", "check option"},
	[SME_K_LL_BURST] = {"LL_BURST", 2, 1, 4, NULL, "long-latency loads per group (one common first consumer)", "assumed"},
	[SME_K_REG_REUSE] = {"REG_REUSE", 50, 0, 100, NULL, "% of new values put in the most recently freed register", "assumed"},
	[SME_K_MARK] = {"MARK", 1, 0, 1, NULL, "drive mark_i for first consumers (0: never demote on a mark)", "Gebhart §3.2"},
	[SME_K_MRF_BANKS] = {"MRF_BANKS", 0, 0, SME_MRF_MAXB, NULL,
			     "MRF banks of 1 read + 1 write port (register r in bank r mod B); 0: a free MRF",
			     "Gebhart §2.1 (4 banks per 4-lane cluster, dual-ported)"},
	[SME_K_MRF_WQ] = {"MRF_WQ", 2, 1, 64, NULL, "MRF write-queue entries per bank (with MRF_BANKS)", "assumed"},
	[SME_K_MRF_1PORT] = {"MRF_1PORT", 0, 0, 1, NULL,
			     "1: single-ported MRF banks, a write takes a read-port cycle (with MRF_BANKS)",
			     "sensitivity (the paper's banks are 1R+1W, §2.1)"},
};

#define RING 64      /* write-back reservation ring (cycles ahead; > the largest fixed latency) */
#define DIV_LEN 8    /* instructions per divergent region */
#define MAX_CTA 64
#define MAX_RESETS 4 /* forced resets a directed case may ask for */

/* A result on its way to the write port. */
typedef struct sme_res {
	int valid;       /* ring slot in use */
	int warp, reg;   /* destination */
	uint64_t mask;   /* lanes */
	long issued;     /* issue cycle of its instruction */
	long ready;      /* long-latency: first cycle it may be written */
} sme_res;

/* The live value of one register of one warp (the stream generator's view). */
typedef struct sme_val {
	int left;        /* planned reads still to be generated (0: the register is free) */
	int total;       /* planned reads at production */
	long born;       /* dynamic index of its producer */
	long due;        /* index at which its next read is due */
	uint8_t ll;      /* produced by a long-latency load */
	uint8_t first;   /* no read generated yet (the first consumer of an LL value is marked) */
	uint8_t many;    /* heavy-tail value: long distances between reads */
	long prev;       /* dynamic index of its previous read (its producer before the first) */
	long freed;      /* dynamic index at which its last planned read was generated */
} sme_val;

typedef struct sme_warp {
	uint64_t rng;    /* the warp's stream generator (seed, warp, launch) */
	int resident;    /* resident (mirror of resident_o after this cycle's edge) */
	int cta;         /* its CTA */
	long n;          /* dynamic index of `next` */
	sme_ins next;    /* the next instruction */
	uint64_t srcm;   /* its sources as a register mask */
	long bar_gen;    /* CTA barrier generation when it arrived at its barrier */
	uint64_t pend;   /* registers with a result in flight */
	uint64_t llpend; /* ... from long-latency loads */
	uint64_t written;/* registers written while it held an OWNED slot since its last activation */
	uint64_t div_mask; /* active lanes of the current divergent region */
	int div_left;    /* instructions left in it */
	int ll_left;     /* loads left in the current long-latency group */
	long ll_due;     /* the group's first-consumer index */
} sme_warp;

typedef struct sme_cta {
	int first, size; /* warps first .. first+size-1 */
	long launch;     /* launches so far (seeds its warps' streams) */
	long klen;       /* instructions per warp before EXIT */
	long bar_every;  /* a barrier every this many instructions, 0: none */
	int exited;      /* warps that have exited */
	int arrived;     /* warps waiting at the current barrier */
	long gen;        /* barriers released */
	int relaunch;    /* every warp has exited: launch them again next cycle */
} sme_cta;

/* Expected read data of one TAG-stage lookup, per source. */
typedef struct sme_exp {
	unsigned valid;  /* bit p: source p was looked up */
	int warp;        /* warp */
	int reg[SME_MAX_SRC];
	uint64_t def[SME_MAX_SRC]; /* lanes that held a live value (a miss compares only these) */
	uint8_t rcls[SME_MAX_SRC]; /* reuse class of the read (statistics) */
} sme_exp;

struct sm_env {
	const wg_layout *L;      /* frame layout of sm_rfc */
	int W, A, R, RB, LN, WID, RL, FP; /* WARPS, ACTIVE, READ_PORTS, REG_BITS, LANES, WIDTH, READ_LAT, FLUSH_PORTS */
	int suspend;             /* SUSPEND */
	int nregs;               /* registers per warp in use */
	uint64_t full;           /* all lanes */
	long k[SME_NKNOBS];      /* knobs */
	long div_ppm;            /* per-million chance to start a divergent region */
	uint64_t seed;           /* run seed */
	uint64_t rng;            /* environment-level draws (resets) */
	long cyc;                /* current cycle */
	sme_warp *w;             /* WARPS warps */
	sme_val *val;            /* WARPS x nregs live values */
	long *rd_until;          /* WARPS x nregs: RF3 cycle of the last in-flight read (WAR guard) */
	uint32_t *arch;          /* WARPS x nregs x LANES: architectural value's version per lane */
	uint64_t *mrf;           /* WARPS x nregs x LANES: the MRF model's data */
	uint64_t *def;           /* WARPS x nregs: lanes holding a live value (those the register's current
				  * value wrote; a last read kills them) */
	uint32_t *expver;        /* (READ_LAT+1) x READ_PORTS x LANES: versions looked up */
	sme_exp *exp;            /* READ_LAT+1 lookups in flight (ring by cycle) */
	uint32_t ver;            /* last version handed out */
	sme_cta cta[MAX_CTA];    /* CTAs */
	int ncta;
	uint64_t res_mask;       /* resident warps (for the resident_o cross-check) */
	sme_res ring[RING];      /* fixed-latency results by write-back cycle */
	sme_res *llq;            /* long-latency returns, FIFO */
	int llq_head, llq_n, llq_cap;
	long sfu_free, shm_free, ll_free; /* first cycle each unit accepts an instruction */
	int tag_warp;            /* warp issued last cycle (its lookup is this cycle), -1 */
	sme_ins tag_ins;         /* that instruction */
	long force[MAX_RESETS];  /* forced reset cycles */
	int nforce;
	long last_progress;      /* last cycle something happened */
	int pro_slot, pro_warp;  /* last cycle's promotion (-1: none), checked at the start of this cycle */
	int rel_slot[2];         /* last cycle's demotion and exit slots (-1: none) */
	long rbusy[SME_MRF_MAXB]; /* MRF_BANKS: first cycle each bank's read port is free */
	int wq[SME_MRF_MAXB];    /* MRF_BANKS: writes waiting in each bank's queue */
	long stall_until;        /* MRF_BANKS: issue held (rdy_i = 0) before this cycle */
	sme_view v;              /* this cycle */
	sme_stats st;            /* counters */
	char err[320];           /* first failure */
	long err_cyc;
};

/* ---- random numbers ---- */
static inline uint64_t mix64(uint64_t x)
{
	x += UINT64_C(0x9E3779B97F4A7C15);
	x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
	return x ^ (x >> 31);
}

/* 1 + a geometric-like distance with mean about m (exponential, floored). */
static long dist(uint64_t *s, long m)
{
	if (m <= 1)
		return 1;
	double u = ((double)(wg_rng_next(s) >> 11) + 1.0) * (1.0 / 9007199254740992.0);
	double d = -(double)(m - 1) * log(u) + 0.5;
	long cap = 64 * m;
	return 1 + (d > (double)cap ? cap : (long)d);
}

static uint64_t seed_of(uint64_t seed, uint64_t a, uint64_t b)
{
	uint64_t x = mix64(seed ^ mix64(a * UINT64_C(0x100000001B3) + mix64(b)));
	return x ? x : 1;
}

/* ---- indices and data ---- */
static size_t ix(const sm_env *e, int w, int r) { return (size_t)w * (size_t)e->nregs + (size_t)r; }
static size_t lx(const sm_env *e, int w, int r, int l) { return ix(e, w, r) * (size_t)e->LN + (size_t)l; }

/* The data of version `ver` of (w, r) on lane l. */
static inline uint64_t data_of(const sm_env *e, int w, int r, uint32_t ver, int l)
{
	uint64_t x = mix64(((uint64_t)ver << 24) ^ ((uint64_t)w << 14) ^ ((uint64_t)r << 6) ^ (uint64_t)l ^ e->seed);
	return x & wg_ones64(e->WID);
}

static uint64_t bit(int i) { return UINT64_C(1) << i; }

static void fail(sm_env *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(sm_env *e, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (wg_first_err(e->err, sizeof e->err, e->cyc, fmt, ap))
		e->err_cyc = e->cyc;
	va_end(ap);
}

const char *sme_class_name(int cls)
{
	static const char *const n[SME_NCLASS] = {"ALU", "SFU", "SHM", "ST", "LL", "BAR", "EXIT"};
	return cls >= 0 && cls < SME_NCLASS ? n[cls] : "?";
}

/* ---- the stream generator ---- */

/* Sources an instruction of class cls can take. */
static int src_cap(const sm_env *e, int cls)
{
	switch (cls) {
	case SME_ALU:
		return e->R;
	case SME_ST:
		return e->R < 2 ? e->R : 2;
	case SME_SFU:
	case SME_SHM:
	case SME_LL:
		return 1;
	default:
		return 0;
	}
}

/* A class by the mix; long-latency loads come in groups of LL_BURST (a
 * group starts with probability LL_PCT / LL_BURST, so LL_PCT holds). */
static int pick_class(sm_env *e, sme_warp *w, long n)
{
	if (w->ll_left > 0) {
		w->ll_left--;
		return SME_LL;
	}
	long u = wg_pick(&w->rng, 1000), burst = e->k[SME_K_LL_BURST], t = e->k[SME_K_LL_PCT] * 10 / burst;
	if (u < t) {
		w->ll_left = (int)burst - 1;
		w->ll_due = n + e->k[SME_K_HOIST] / 2 + wg_pick(&w->rng, e->k[SME_K_HOIST] + 1);
		return SME_LL;
	}
	static const int order[3] = {SME_SFU, SME_SHM, SME_ST};
	static const int knob[3] = {SME_K_SFU_PCT, SME_K_SHM_PCT, SME_K_ST_PCT};
	for (int i = 0; i < 3; i++) {
		t += e->k[knob[i]] * 10;
		if (u < t)
			return order[i];
	}
	return SME_ALU;
}

static uint64_t lane_mask(sm_env *e, sme_warp *w, int cls)
{
	if (cls == SME_BAR || cls == SME_EXIT) { /* reconverged */
		w->div_left = 0;
		return e->full;
	}
	if (w->div_left == 0 && e->LN > 1 && e->div_ppm > 0 && wg_pick(&w->rng, 1000000) < e->div_ppm) {
		uint64_t m = wg_rng_next(&w->rng) & e->full;
		if (m == 0 || m == e->full)
			m = e->full & ~UINT64_C(1);
		w->div_mask = m;
		w->div_left = DIV_LEN;
	}
	if (w->div_left == 0)
		return e->full;
	w->div_left--;
	return w->div_mask;
}

/* Planned reads of a new value. Long-latency results are always read. */
static int draw_reads(sm_env *e, sme_warp *w, int ll)
{
	long u = wg_pick(&w->rng, 100);
	long r1 = e->k[SME_K_R1_PCT], r2 = r1 + e->k[SME_K_R2_PCT], rm = r2 + e->k[SME_K_RMANY_PCT];
	int n = u < r1 ? 1 : u < r2 ? 2 : u < rm ? 3 + (int)wg_pick(&w->rng, 8) : 0;
	return ll && n == 0 ? 1 : n;
}

/* The register a new value goes to: with REG_REUSE % the most recently
 * freed one (a compiler reusing a temporary's register), else a free one at
 * random; with none free,
 * the value whose next read is farthest away gives up its remaining reads (a
 * long-latency value that has not been read yet only when nothing else is
 * left: its register may still have the load in flight). */
static int alloc_reg(sm_env *e, int wi)
{
	sme_warp *w = &e->w[wi];
	sme_val *vals = &e->val[ix(e, wi, 0)];
	int nfree = 0;
	for (int r = 0; r < e->nregs; r++)
		nfree += vals[r].left == 0;
	if (nfree > 0 && wg_pick(&w->rng, 100) < e->k[SME_K_REG_REUSE]) {
		int best = -1;
		for (int r = 0; r < e->nregs; r++)
			if (vals[r].left == 0 && (best < 0 || vals[r].freed > vals[best].freed))
				best = r;
		return best;
	}
	if (nfree > 0) {
		long k = wg_pick(&w->rng, nfree);
		for (int r = 0; r < e->nregs; r++)
			if (vals[r].left == 0 && k-- == 0)
				return r;
	}
	int best = -1;
	for (int pass = 0; pass < 2 && best < 0; pass++)
		for (int r = 0; r < e->nregs; r++)
			if ((pass || !(vals[r].ll && vals[r].first)) && (best < 0 || vals[r].due > vals[best].due))
				best = r;
	e->st.cancelled += (uint64_t)vals[best].left;
	vals[best].left = 0;
	return best;
}

/* Generate warp wi's instruction number w->n into w->next. */
static void gen_next(sm_env *e, int wi)
{
	sme_warp *w = &e->w[wi];
	sme_cta *c = &e->cta[w->cta];
	sme_ins *I = &w->next;
	sme_val *vals = &e->val[ix(e, wi, 0)];
	long n = w->n;
	memset(I, 0, sizeof *I);
	I->dst = -1;
	int cls;
	if (n >= c->klen)
		cls = SME_EXIT;
	else if (c->bar_every > 0 && (n + 1) % c->bar_every == 0)
		cls = SME_BAR;
	else
		cls = pick_class(e, w, n);
	I->cls = (uint8_t)cls;
	I->mask = lane_mask(e, w, cls);

	/* Sources: the reads due by now, earliest first, up to the class's ports;
	 * the others wait for the next instruction. */
	int cap = src_cap(e, cls), take[SME_MAX_SRC], nt = 0;
	for (int r = 0; r < e->nregs && cap > 0; r++) {
		if (vals[r].left == 0 || vals[r].due > n)
			continue;
		int pos = nt;
		while (pos > 0 && vals[take[pos - 1]].due > vals[r].due)
			pos--;
		if (pos >= cap)
			continue;
		for (int j = (nt < cap ? nt : cap - 1); j > pos; j--)
			take[j] = take[j - 1];
		take[pos] = r;
		if (nt < cap)
			nt++;
	}
	for (int p = 0; p < nt; p++) {
		int r = take[p];
		sme_val *v = &vals[r];
		I->src[p] = (int8_t)r;
		if (v->ll && v->first)
			I->mark = 1; /* the first consumer of a long-latency result */
		if (v->total == 1 && n - v->born <= 3)
			e->st.once_short++;
		long d = n - v->prev;
		I->rcls[p] = (uint8_t)((v->first ? 0 : SME_RD_NB) + (d <= 3 ? 0 : d <= 6 ? 1 : d <= 12 ? 2 : d <= 24 ? 3 : 4));
		v->prev = n;
		v->first = 0;
		if (--v->left == 0) {
			I->last |= (uint8_t)(1u << p);
			v->freed = n;
		}
		else
			v->due = n + dist(&w->rng, v->many ? e->k[SME_K_LIFE_LONG] : e->k[SME_K_LIFE]);
	}
	I->nsrc = (uint8_t)nt;
	e->st.src_reads += (uint64_t)nt;

	if (cls == SME_ALU || cls == SME_SFU || cls == SME_SHM || cls == SME_LL) {
		int r = alloc_reg(e, wi);
		sme_val *v = &vals[r];
		int t = draw_reads(e, w, cls == SME_LL);
		v->total = v->left = t;
		v->born = v->prev = n;
		v->ll = cls == SME_LL;
		v->first = 1;
		v->many = t > 2;
		if (t > 0) {
			if (cls == SME_LL)
				v->due = w->ll_due > n ? w->ll_due : n + 1; /* the group's first consumer */
			else if (wg_pick(&w->rng, 100) < e->k[SME_K_CHAIN_PCT])
				v->due = n + e->k[SME_K_ILP];
			else
				v->due = n + dist(&w->rng, v->many ? e->k[SME_K_LIFE_LONG] : e->k[SME_K_LIFE]);
		}
		I->dst = (int8_t)r;
		e->st.values++;
		e->st.val_reads[t > 3 ? 3 : t]++;
	}
	w->srcm = 0;
	for (int p = 0; p < I->nsrc; p++)
		w->srcm |= bit(I->src[p]);
}

/* ---- CTAs and barriers ---- */
static int blocked(const sm_env *e, const sme_warp *w)
{
	return w->next.cls == SME_BAR && w->bar_gen == e->cta[w->cta].gen;
}

static void try_release(sm_env *e, sme_cta *c)
{
	if (c->arrived > 0 && c->arrived + c->exited >= c->size) {
		c->gen++;
		c->arrived = 0;
		e->st.releases++;
	}
}

/* After w->next was generated: a barrier counts as arrived. */
static void arrive(sm_env *e, sme_warp *w)
{
	if (w->next.cls != SME_BAR)
		return;
	sme_cta *c = &e->cta[w->cta];
	w->bar_gen = c->gen;
	c->arrived++;
	try_release(e, c);
}

/* A fresh kernel for every warp of CTA ci: streams, registers, MRF. */
static void cta_start(sm_env *e, int ci)
{
	sme_cta *c = &e->cta[ci];
	c->launch++;
	uint64_t cr = seed_of(e->seed, UINT64_C(0xC7A) + (uint64_t)ci, (uint64_t)c->launch);
	long kl = e->k[SME_K_KLEN];
	c->klen = kl / 2 + wg_pick(&cr, kl + 1);
	if (c->klen < 1)
		c->klen = 1;
	c->bar_every = e->k[SME_K_BAR_PM] > 0 ? 1000 / e->k[SME_K_BAR_PM] : 0;
	if (c->bar_every == 1)
		c->bar_every = 2;
	c->exited = c->arrived = 0;
	c->gen = 0;
	c->relaunch = 0;
	for (int wi = c->first; wi < c->first + c->size; wi++) {
		sme_warp *w = &e->w[wi];
		memset(w, 0, sizeof *w);
		w->cta = ci;
		w->resident = 1;
		w->rng = seed_of(e->seed, (uint64_t)wi, (uint64_t)c->launch);
		e->res_mask |= bit(wi);
		for (int r = 0; r < e->nregs; r++) {
			sme_val *v = &e->val[ix(e, wi, r)];
			memset(v, 0, sizeof *v);
			if (r < SME_INPUTS && r < e->nregs / 2) { /* kernel inputs: in the MRF, read early and often */
				v->total = v->left = 3 + (int)wg_pick(&w->rng, 6);
				v->many = 1;
				v->due = 1 + wg_pick(&w->rng, 4);
			}
			e->rd_until[ix(e, wi, r)] = -1;
			uint32_t ver = ++e->ver; /* the kernel's initial register contents, in the MRF */
			e->def[ix(e, wi, r)] = e->full;
			for (int l = 0; l < e->LN; l++) {
				e->arch[lx(e, wi, r, l)] = ver;
				e->mrf[lx(e, wi, r, l)] = data_of(e, wi, r, ver, l);
			}
		}
		gen_next(e, wi);
	}
	for (int wi = c->first; wi < c->first + c->size; wi++)
		arrive(e, &e->w[wi]);
}

static void reinit(sm_env *e)
{
	e->res_mask = 0;
	for (int ci = 0; ci < e->ncta; ci++)
		cta_start(e, ci);
	memset(e->ring, 0, sizeof e->ring);
	e->llq_head = e->llq_n = 0;
	e->sfu_free = e->shm_free = e->ll_free = 0;
	e->tag_warp = -1;
	e->pro_slot = e->pro_warp = e->rel_slot[0] = e->rel_slot[1] = -1;
	memset(e->exp, 0, (size_t)(e->RL + 1) * sizeof *e->exp);
	memset(e->rbusy, 0, sizeof e->rbusy);
	memset(e->wq, 0, sizeof e->wq);
	e->stall_until = 0;
	e->last_progress = e->cyc;
}

/* ---- setup ---- */
static int regs_of(const long *p)
{
	long r = 1L << p[SMR_P_REG_BITS];
	return (int)(r < SME_MAX_REGS ? r : SME_MAX_REGS);
}

static size_t align8(size_t n) { return (n + 7u) & ~(size_t)7u; }

size_t sme_size(const long *p)
{
	size_t W = (size_t)p[SMR_P_WARPS], R = (size_t)regs_of(p), LN = (size_t)p[SMR_P_LANES];
	size_t RL = (size_t)p[SMR_P_READ_LAT] + 1, P = (size_t)p[SMR_P_READ_PORTS];
	return align8(sizeof(sm_env)) + align8(W * sizeof(sme_warp)) + align8(W * R * sizeof(sme_val)) +
	       align8(W * R * sizeof(long)) + align8(W * R * LN * sizeof(uint32_t)) + align8(W * R * LN * sizeof(uint64_t)) +
	       align8(RL * P * LN * sizeof(uint32_t)) + align8(RL * sizeof(sme_exp)) + align8(W * R * sizeof(sme_res)) +
	       align8(W * R * sizeof(uint64_t));
}

const char *sme_init(sm_env *e, const long *p, const wg_layout *L, const long *knobs, uint64_t seed, char *err,
		     size_t n)
{
	e->L = L;
	e->W = (int)p[SMR_P_WARPS];
	e->A = (int)p[SMR_P_ACTIVE];
	e->R = (int)p[SMR_P_READ_PORTS];
	e->RB = (int)p[SMR_P_REG_BITS];
	e->LN = (int)p[SMR_P_LANES];
	e->WID = (int)p[SMR_P_WIDTH];
	e->RL = (int)p[SMR_P_READ_LAT];
	e->FP = (int)p[SMR_P_FLUSH_PORTS];
	e->suspend = (int)p[SMR_P_SUSPEND];
	e->full = wg_ones64(e->LN);
	memcpy(e->k, knobs, sizeof e->k);
	long regs = e->k[SME_K_REGS];
	e->nregs = (int)(regs < regs_of(p) ? regs : regs_of(p));
	long mix = e->k[SME_K_LL_PCT] + e->k[SME_K_SFU_PCT] + e->k[SME_K_SHM_PCT] + e->k[SME_K_ST_PCT];
	if (mix > 100) {
		snprintf(err, n, "sm_rfc: LL_PCT+SFU_PCT+SHM_PCT+ST_PCT=%ld must not exceed 100", mix);
		return err;
	}
	long reads = e->k[SME_K_R1_PCT] + e->k[SME_K_R2_PCT] + e->k[SME_K_RMANY_PCT];
	if (reads > 100) {
		snprintf(err, n, "sm_rfc: R1_PCT+R2_PCT+RMANY_PCT=%ld must not exceed 100", reads);
		return err;
	}
	static const int lat_knob[4] = {SME_K_ALU_LAT, SME_K_SFU_LAT, SME_K_SHM_LAT, SME_K_LL_LAT};
	for (int i = 0; i < 4; i++)
		if (e->k[lat_knob[i]] < e->RL + 2) {
			snprintf(err, n,
				 "sm_rfc: %s=%ld must be at least READ_LAT+2=%d (a result is written at issue+%s-1, after its "
				 "operands are read at issue+1+READ_LAT)",
				 sme_knobs[lat_knob[i]].name, e->k[lat_knob[i]], e->RL + 2, sme_knobs[lat_knob[i]].name);
			return err;
		}
	long dp = e->k[SME_K_DIV_PCT];
	e->div_ppm = dp >= 100 ? 1000000 : dp * 1000000 / (DIV_LEN * (100 - dp));
	e->seed = seed;
	e->rng = seed_of(seed, UINT64_C(0xE27), 0);
	e->tag_warp = -1;
	e->err_cyc = -1;
	/* carve the arrays */
	char *m = (char *)e + align8(sizeof(sm_env));
	size_t W = (size_t)e->W, Rmax = (size_t)regs_of(p), LN = (size_t)e->LN;
	size_t RL = (size_t)e->RL + 1, P = (size_t)e->R;
	e->w = (sme_warp *)m;
	m += align8(W * sizeof(sme_warp));
	e->val = (sme_val *)m;
	m += align8(W * Rmax * sizeof(sme_val));
	e->rd_until = (long *)m;
	m += align8(W * Rmax * sizeof(long));
	e->arch = (uint32_t *)m;
	m += align8(W * Rmax * LN * sizeof(uint32_t));
	e->mrf = (uint64_t *)m;
	m += align8(W * Rmax * LN * sizeof(uint64_t));
	e->expver = (uint32_t *)m;
	m += align8(RL * P * LN * sizeof(uint32_t));
	e->exp = (sme_exp *)m;
	m += align8(RL * sizeof(sme_exp));
	e->llq = (sme_res *)m;
	e->llq_cap = (int)(W * Rmax);
	m += align8(W * Rmax * sizeof(sme_res));
	e->def = (uint64_t *)m;
	/* CTAs of GROUP warps */
	int g = (int)e->k[SME_K_GROUP];
	if (g > e->W)
		g = e->W;
	if ((e->W + g - 1) / g > MAX_CTA)
		g = (e->W + MAX_CTA - 1) / MAX_CTA;
	e->ncta = 0;
	for (int f = 0; f < e->W; f += g) {
		sme_cta *c = &e->cta[e->ncta++];
		c->first = f;
		c->size = f + g <= e->W ? g : e->W - f;
	}
	for (int wi = 0; wi < e->W; wi++)
		e->w[wi].cta = wi / g;
	return NULL;
}

void sme_force_reset(sm_env *e, long cyc)
{
	if (e->nforce < MAX_RESETS)
		e->force[e->nforce++] = cyc;
}

/* ---- one cycle: inputs ---- */

/* Latency of a fixed-latency class (0: none, -1: long latency). */
static long latency(const sm_env *e, int cls)
{
	switch (cls) {
	case SME_ALU:
		return e->k[SME_K_ALU_LAT];
	case SME_SFU:
		return e->k[SME_K_SFU_LAT];
	case SME_SHM:
		return e->k[SME_K_SHM_LAT];
	case SME_LL:
		return -1;
	default:
		return 0;
	}
}

static int unit_free(const sm_env *e, int cls, long cyc)
{
	switch (cls) {
	case SME_SFU:
		return cyc >= e->sfu_free;
	case SME_SHM:
	case SME_ST:
		return cyc >= e->shm_free;
	case SME_LL:
		return cyc >= e->ll_free;
	default:
		return 1;
	}
}

/* The scoreboard's verdict on warp wi's next instruction in cycle cyc. */
static int ready(const sm_env *e, int wi, long cyc, int starve)
{
	const sme_warp *w = &e->w[wi];
	const sme_ins *I = &w->next;
	if (I->cls == SME_EXIT)
		return w->pend == 0; /* EXIT waits for every result of the warp */
	if (I->cls == SME_BAR)
		return 1;
	if (w->srcm & w->pend)
		return 0; /* RAW */
	if (!unit_free(e, I->cls, cyc))
		return 0;
	if (I->dst < 0)
		return 1;
	if (w->pend & bit(I->dst))
		return 0; /* WAW */
	long lat = latency(e, I->cls);
	long wcyc = cyc + (lat > 0 ? lat : e->k[SME_K_LL_LAT]) - 1;
	if (e->rd_until[ix(e, wi, I->dst)] >= wcyc)
		return 0; /* WAR: an earlier reader has not reached RF3 */
	if (lat > 0 && (starve || e->ring[wcyc % RING].valid))
		return 0; /* its write-back cycle is taken */
	return 1;
}

static void drive_write(sm_env *e, const void *model, uint32_t *in, const sme_res *r, int bypass)
{
	sme_view *v = &e->v;
	sme_warp *w = &e->w[r->warp];
	uint32_t ver = ++e->ver;
	/* a register's live lanes are those its current value wrote (with DIV_LIVE also the older
	 * value's lanes no last read has killed) */
	uint64_t *def = &e->def[ix(e, r->warp, r->reg)];
	*def = (e->k[SME_K_DIV_LIVE] ? *def : 0) | r->mask;
	for (int l = 0; l < e->LN; l++) {
		if ((r->mask >> l) & 1u)
			e->arch[lx(e, r->warp, r->reg, l)] = ver;
		wg_elem_put(e->L, in, SMR_WR_DATA_I, l, e->WID, data_of(e, r->warp, r->reg, ver, l));
	}
	wg_elem_put(e->L, in, SMR_WR_VALID_I, 0, 1, 1);
	wg_elem_put(e->L, in, SMR_WR_WARP_I, 0, e->L->width[SMR_WR_WARP_I], (uint64_t)r->warp);
	wg_elem_put(e->L, in, SMR_WR_REG_I, 0, e->RB, (uint64_t)r->reg);
	wg_elem_put(e->L, in, SMR_WR_MASK_I, 0, e->LN, r->mask);
	wg_elem_put(e->L, in, SMR_WR_BYPASS_I, 0, 1, (uint64_t)bypass);
	const rfc_model *rfc = wg_comp_child(model, SMR_I_RFC);
	int s = rfc_warp_slot(rfc, r->warp);
	int owned = s >= 0 && rfc_slot_state(rfc, s) == RFC_SLOT_OWNED;
	if (owned && !bypass)
		w->written |= bit(r->reg);
	w->pend &= ~bit(r->reg);
	w->llpend &= ~bit(r->reg);
	v->wr_valid = 1;
	v->wr_warp = r->warp;
	v->wr_reg = r->reg;
	v->wr_mask = r->mask;
	v->wr_bypass = bypass;
	v->wr_owned = owned;
	v->wr_issued = r->issued;
	e->st.results++;
	e->st.ll_results += (uint64_t)bypass;
	e->last_progress = e->cyc;
}

static int reset_now(sm_env *e, long cyc)
{
	if (cyc < 2)
		return 1;
	for (int i = 0; i < e->nforce; i++)
		if (e->force[i] == cyc)
			return 1;
	return e->k[SME_K_RESET_PPM] > 0 && wg_pick(&e->rng, 1000000) < e->k[SME_K_RESET_PPM];
}

/* MRF banks (knob MRF_BANKS; docs/sm_rfc.md "MRF banks"): the MRF of one
 * 4-lane cluster as B banks of one read and one write port, register r in
 * bank r mod B (the clusters are identical, so one stands for all). The
 * block's pipeline timing is fixed, so a conflict costs issue cycles instead:
 * rdy_i is held at 0 for every warp while a bank's reads ran past the RF3
 * cycle of their instruction (stall_until) or a write queue holds more than
 * MRF_WQ writes. With MRF_BANKS = 0 none of this runs. */
static void mrf_hold(sm_env *e, long cyc)
{
	int over = 0;
	for (int b = 0; b < e->k[SME_K_MRF_BANKS]; b++)
		over |= e->wq[b] > e->k[SME_K_MRF_WQ];
	if (cyc < e->stall_until) {
		e->v.rdy = 0;
		e->st.mrf_rd_stall++;
	} else if (over) {
		e->v.rdy = 0;
		e->st.mrf_wr_stall++;
	}
}

/* This cycle's MRF traffic into the banks: the misses of the TAG lookup take
 * a read port cycle each from cyc+1 on (the READ_LAT cycles of the RF stage
 * cover up to READ_LAT reads of one bank); every MRF write joins its bank's
 * queue; each queue retires one write per cycle (with MRF_1PORT only in a
 * cycle its bank's port is not reading, and then the port is taken). */
static void mrf_banks(sm_env *e, long cyc)
{
	const sme_view *v = &e->v;
	int B = (int)e->k[SME_K_MRF_BANKS];
	for (int b = 0; b < B; b++)
		if (e->wq[b] > 0 && (!e->k[SME_K_MRF_1PORT] || e->rbusy[b] <= cyc)) {
			e->wq[b]--;
			if (e->k[SME_K_MRF_1PORT])
				e->rbusy[b] = cyc + 1; /* the write holds the bank's only port this cycle */
		}
	const sme_exp *x = &e->exp[cyc % (e->RL + 1)];
	for (int p = 0; p < e->R; p++) {
		if (!((x->valid >> p) & 1u) || ((v->lu_hit >> p) & 1u))
			continue;
		int b = x->reg[p] % B;
		long t = e->rbusy[b] > cyc + 1 ? e->rbusy[b] : cyc + 1;
		e->rbusy[b] = t + 1;
		e->st.mrf_bank_rd++;
		long late = t - (cyc + e->RL); /* cycles past RF3 */
		if (late > 0 && cyc + 1 + late > e->stall_until)
			e->stall_until = cyc + 1 + late;
	}
	int regs[5], n = 0;
	for (int j = 0; j < e->FP && j < 4; j++)
		if ((v->fl_valid >> j) & 1u)
			regs[n++] = v->fl_reg[j];
	if (v->wb_valid)
		regs[n++] = v->wb_reg;
	for (int i = 0; i < n; i++) {
		int b = regs[i] % B;
		e->wq[b]++;
		e->st.mrf_bank_wr++;
		if ((uint64_t)e->wq[b] > e->st.mrf_wq_max)
			e->st.mrf_wq_max = (uint64_t)e->wq[b];
	}
}

void sme_drive(sm_env *e, const void *model, uint32_t *in, long cyc)
{
	sme_view *v = &e->v;
	memset(v, 0, sizeof *v);
	v->cyc = cyc;
	v->lu_warp = v->iss_warp = -1;
	e->cyc = cyc;
	if (reset_now(e, cyc)) {
		wg_elem_put(e->L, in, SMR_RST_I, 0, 1, 1);
		v->reset = 1;
		if (cyc >= 2)
			e->st.resets++;
		reinit(e);
		return;
	}
	/* per-warp vectors from the scoreboard at the start of the cycle */
	int starve = e->llq_n > 0 && e->llq[e->llq_head].ready <= cyc - SME_STARVE;
	for (int wi = 0; wi < e->W; wi++) {
		const sme_warp *w = &e->w[wi];
		if (!w->resident)
			continue;
		const sme_ins *I = &w->next;
		if (I->cls == SME_EXIT)
			v->fin |= bit(wi);
		if (blocked(e, w))
			v->bar |= bit(wi);
		if (I->mark && e->k[SME_K_MARK])
			v->mark |= bit(wi);
		if (w->srcm & w->llpend)
			v->llp |= bit(wi);
		if (ready(e, wi, cyc, starve))
			v->rdy |= bit(wi);
	}
	for (int ci = 0; ci < e->ncta; ci++)
		if (e->cta[ci].relaunch)
			for (int wi = e->cta[ci].first; wi < e->cta[ci].first + e->cta[ci].size; wi++)
				v->launch |= bit(wi);
	if (e->k[SME_K_MRF_BANKS] > 0)
		mrf_hold(e, cyc);
	wg_elem_put(e->L, in, SMR_RDY_I, 0, e->W, v->rdy);
	wg_elem_put(e->L, in, SMR_MARK_I, 0, e->W, v->mark);
	wg_elem_put(e->L, in, SMR_LLP_I, 0, e->W, v->llp);
	wg_elem_put(e->L, in, SMR_BAR_I, 0, e->W, v->bar);
	wg_elem_put(e->L, in, SMR_FIN_I, 0, e->W, v->fin);
	wg_elem_put(e->L, in, SMR_LAUNCH_I, 0, e->W, v->launch);

	/* TAG: the sources of last cycle's issue; remember what they must read */
	int st = (int)(cyc % (e->RL + 1));
	sme_exp *x = &e->exp[st];
	memset(x, 0, sizeof *x);
	if (e->tag_warp >= 0) {
		const sme_ins *I = &e->tag_ins;
		int conv = I->mask == e->full;
		v->lu_warp = e->tag_warp;
		v->lu = *I;
		x->warp = e->tag_warp;
		for (int p = 0; p < I->nsrc; p++) {
			int last = ((I->last >> p) & 1u) && conv; /* gated by convergence (spec §8 #5) */
			wg_elem_put(e->L, in, SMR_LU_EN_I, p, 1, 1);
			wg_elem_put(e->L, in, SMR_LU_REG_I, p, e->RB, (uint64_t)I->src[p]);
			wg_elem_put(e->L, in, SMR_LU_LAST_I, p, 1, (uint64_t)last);
			v->lu_en |= 1u << p;
			v->lu_last |= (unsigned)last << p;
			x->valid |= 1u << p;
			x->reg[p] = I->src[p];
			x->rcls[p] = I->rcls[p];
			x->def[p] = e->def[ix(e, e->tag_warp, I->src[p])];
			/* The streams never read a value after its last read, on any lane; with DIV_LIVE the
			 * lanes a divergent last read left out stay live (an else path may still read them). */
			if ((I->last >> p) & 1u)
				e->def[ix(e, e->tag_warp, I->src[p])] &= e->k[SME_K_DIV_LIVE] ? ~I->mask : 0;
			memcpy(&e->expver[((size_t)st * (size_t)e->R + (size_t)p) * (size_t)e->LN],
			       &e->arch[lx(e, e->tag_warp, I->src[p], 0)], (size_t)e->LN * sizeof(uint32_t));
		}
		e->tag_warp = -1;
	}

	/* write-back: the reserved fixed-latency result, else a long-latency return */
	sme_res *r = &e->ring[cyc % RING];
	if (r->valid) {
		drive_write(e, model, in, r, 0);
		r->valid = 0;
	} else if (e->llq_n > 0 && e->llq[e->llq_head].ready <= cyc) {
		sme_res q = e->llq[e->llq_head];
		e->llq_head = (e->llq_head + 1) % e->llq_cap;
		e->llq_n--;
		drive_write(e, model, in, &q, 1);
	}
}

/* ---- one cycle: outputs ---- */
static void decode(sm_env *e, const uint32_t *out)
{
	sme_view *v = &e->v;
	int sb = e->L->width[SMR_ISS_SLOT_O], wb = e->L->width[SMR_ISS_WARP_O];
	v->iss_valid = (int)wg_elem_get(e->L, out, SMR_ISS_VALID_O, 0, 1);
	v->iss_slot = (int)wg_elem_get(e->L, out, SMR_ISS_SLOT_O, 0, sb);
	v->iss_warp = v->iss_valid ? (int)wg_elem_get(e->L, out, SMR_ISS_WARP_O, 0, wb) : -1;
	v->tag_valid = (int)wg_elem_get(e->L, out, SMR_TAG_VALID_O, 0, 1);
	v->tag_slot = (int)wg_elem_get(e->L, out, SMR_TAG_SLOT_O, 0, sb);
	v->tag_warp = (int)wg_elem_get(e->L, out, SMR_TAG_WARP_O, 0, wb);
	v->dem_valid = (int)wg_elem_get(e->L, out, SMR_DEM_VALID_O, 0, 1);
	v->dem_slot = (int)wg_elem_get(e->L, out, SMR_DEM_SLOT_O, 0, sb);
	v->dem_warp = (int)wg_elem_get(e->L, out, SMR_DEM_WARP_O, 0, wb);
	v->dem_cause = (int)wg_elem_get(e->L, out, SMR_DEM_CAUSE_O, 0, 1);
	v->pro_valid = (int)wg_elem_get(e->L, out, SMR_PRO_VALID_O, 0, 1);
	v->pro_slot = (int)wg_elem_get(e->L, out, SMR_PRO_SLOT_O, 0, sb);
	v->pro_warp = (int)wg_elem_get(e->L, out, SMR_PRO_WARP_O, 0, wb);
	v->ext_valid = (int)wg_elem_get(e->L, out, SMR_EXT_VALID_O, 0, 1);
	v->ext_slot = (int)wg_elem_get(e->L, out, SMR_EXT_SLOT_O, 0, sb);
	v->ext_warp = (int)wg_elem_get(e->L, out, SMR_EXT_WARP_O, 0, wb);
	v->slot_valid = wg_elem_get(e->L, out, SMR_SLOT_VALID_O, 0, e->A);
	for (int s = 0; s < e->A && s < SME_MAX_SLOTS; s++)
		v->slot_warp[s] = (int)wg_elem_get(e->L, out, SMR_SLOT_WARP_O, s, wb);
	v->active = wg_elem_get(e->L, out, SMR_ACTIVE_O, 0, e->W);
	v->resident = wg_elem_get(e->L, out, SMR_RESIDENT_O, 0, e->W);
	v->slot_free = wg_elem_get(e->L, out, SMR_SLOT_FREE_O, 0, e->A);
	v->lu_hit = (unsigned)wg_elem_get(e->L, out, SMR_LU_HIT_O, 0, e->R);
	v->rd_valid = (unsigned)wg_elem_get(e->L, out, SMR_RD_VALID_O, 0, e->R);
	v->wb_valid = (int)wg_elem_get(e->L, out, SMR_WB_VALID_O, 0, 1);
	v->wb_cause = (int)wg_elem_get(e->L, out, SMR_WB_CAUSE_O, 0, 3);
	v->wb_warp = (int)wg_elem_get(e->L, out, SMR_WB_WARP_O, 0, wb);
	v->wb_reg = (int)wg_elem_get(e->L, out, SMR_WB_REG_O, 0, e->RB);
	v->wb_mask = wg_elem_get(e->L, out, SMR_WB_MASK_O, 0, e->LN);
	v->fl_valid = (unsigned)wg_elem_get(e->L, out, SMR_FL_VALID_O, 0, e->FP);
	for (int j = 0; j < e->FP && j < 4; j++) {
		v->fl_warp[j] = (int)wg_elem_get(e->L, out, SMR_FL_WARP_O, j, wb);
		v->fl_reg[j] = (int)wg_elem_get(e->L, out, SMR_FL_REG_O, j, e->RB);
	}
}

/* An MRF write (lane l of `data` at bit offset) of (w, r): it must carry the
 * register's current value on every written lane; then the MRF takes it. */
static void mrf_write(sm_env *e, const uint32_t *out, int port, long elem0, int w, int r, uint64_t mask,
		      const char *what)
{
	if (w >= e->W || r >= e->nregs) {
		fail(e, "%s of warp %d r%d: no such register in the streams", what, w, r);
		return;
	}
	for (int l = 0; l < e->LN; l++) {
		if (!((mask >> l) & 1u))
			continue;
		uint64_t d = wg_elem_get(e->L, out, port, elem0 + l, e->WID);
		uint64_t want = data_of(e, w, r, e->arch[lx(e, w, r, l)], l);
		if (d != want) {
			fail(e, "%s of warp %d r%d lane %d writes %#llx to the MRF, but the register's current value is %#llx "
				"(a stale or wrong value would reach the MRF)",
			     what, w, r, l, (unsigned long long)d, (unsigned long long)want);
			return;
		}
		e->mrf[lx(e, w, r, l)] = d;
	}
	e->st.mrf_writes_checked++;
}

static void check_reads(sm_env *e, const uint32_t *out, long cyc)
{
	const sme_view *v = &e->v;
	/* this cycle's lookups: a miss reads the MRF, a hit names a register written since activation */
	const sme_exp *x = &e->exp[cyc % (e->RL + 1)];
	for (int p = 0; p < e->R; p++) {
		if (!((x->valid >> p) & 1u))
			continue;
		int w = x->warp, r = x->reg[p];
		e->st.rd_cls[x->rcls[p]]++;
		if ((v->lu_hit >> p) & 1u) {
			e->st.rd_hit[x->rcls[p]]++;
			if (!((e->w[w].written >> r) & 1u))
				fail(e, "source %d (warp %d r%d) hits in the RFC, but the warp has not written r%d since its activation",
				     p, w, r, r);
			continue;
		}
		const uint32_t *ev = &e->expver[((size_t)(cyc % (e->RL + 1)) * (size_t)e->R + (size_t)p) * (size_t)e->LN];
		for (int l = 0; l < e->LN; l++)
			if (((x->def[p] >> l) & 1u) && e->mrf[lx(e, w, r, l)] != data_of(e, w, r, ev[l], l)) {
				fail(e, "source %d (warp %d r%d) misses in the RFC, but the MRF holds %#llx on lane %d instead of the "
					"current value %#llx (a write-back was lost or stale)",
				     p, w, r, (unsigned long long)e->mrf[lx(e, w, r, l)], l,
				     (unsigned long long)data_of(e, w, r, ev[l], l));
				break;
			}
		e->st.misses_checked++;
	}
	/* reads of lookups READ_LAT cycles ago */
	if (!v->rd_valid)
		return;
	long c0 = cyc - e->RL;
	if (c0 < 0)
		return;
	int st = (int)(c0 % (e->RL + 1));
	const sme_exp *y = &e->exp[st];
	for (int p = 0; p < e->R; p++) {
		if (!((v->rd_valid >> p) & 1u))
			continue;
		if (!((y->valid >> p) & 1u)) {
			fail(e, "rd_valid_o[%d] without a lookup %d cycles earlier", p, e->RL);
			return;
		}
		int w = y->warp, r = y->reg[p];
		const uint32_t *ev = &e->expver[((size_t)st * (size_t)e->R + (size_t)p) * (size_t)e->LN];
		for (int l = 0; l < e->LN; l++) {
			uint64_t d = wg_elem_get(e->L, out, SMR_RD_DATA_O, (long)p * e->LN + l, e->WID);
			uint64_t want = data_of(e, w, r, ev[l], l);
			if (d != want) {
				fail(e, "RFC read of source %d (warp %d r%d) returns %#llx on lane %d, the register's value is %#llx",
				     p, w, r, (unsigned long long)d, l, (unsigned long long)want);
				return;
			}
		}
		e->st.hits_checked++;
	}
}

static void issue(sm_env *e, int wi, long cyc)
{
	sme_view *v = &e->v;
	sme_warp *w = &e->w[wi];
	const sme_ins *I = &w->next;
	v->iss = *I;
	e->st.issued++;
	e->st.by_class[I->cls]++;
	e->st.lanes += wg_popc64(I->mask);
	long lat = latency(e, I->cls);
	if (lat > 0) {
		sme_res *r = &e->ring[(cyc + lat - 1) % RING];
		if (r->valid)
			fail(e, "warp %d issued into a write-back cycle that is already reserved", wi);
		*r = (sme_res){.valid = 1, .warp = wi, .reg = I->dst, .mask = I->mask, .issued = cyc};
		w->pend |= bit(I->dst);
	} else if (lat < 0) {
		if (e->llq_n >= e->llq_cap) {
			fail(e, "long-latency queue overflow");
		} else {
			e->llq[(e->llq_head + e->llq_n) % e->llq_cap] =
				(sme_res){.valid = 1, .warp = wi, .reg = I->dst, .mask = I->mask, .issued = cyc,
					  .ready = cyc + e->k[SME_K_LL_LAT] - 1};
			e->llq_n++;
		}
		w->pend |= bit(I->dst);
		w->llpend |= bit(I->dst);
	}
	if (I->cls == SME_SFU)
		e->sfu_free = cyc + SME_UNIT_OCC;
	else if (I->cls == SME_SHM || I->cls == SME_ST)
		e->shm_free = cyc + SME_UNIT_OCC;
	else if (I->cls == SME_LL)
		e->ll_free = cyc + SME_UNIT_OCC;
	for (int p = 0; p < I->nsrc; p++)
		e->rd_until[ix(e, wi, I->src[p])] = cyc + 1 + e->RL;
	if (I->cls == SME_EXIT) {
		sme_cta *c = &e->cta[w->cta];
		w->resident = 0;
		e->res_mask &= ~bit(wi);
		c->exited++;
		try_release(e, c);
		if (c->exited == c->size)
			c->relaunch = 1;
		return;
	}
	e->tag_warp = wi;
	e->tag_ins = *I;
	w->n++;
	gen_next(e, wi);
	arrive(e, w);
}

/* The scheduler's outputs against what the environment drove. */
static void check_sched(sm_env *e, const void *model)
{
	const sme_view *v = &e->v;
	const s2l_model *sch = wg_comp_child(model, SMR_I_SCHED);
	const rfc_model *rfc = wg_comp_child(model, SMR_I_RFC);
	if (e->pro_slot >= 0) { /* last cycle's promotion: the slot is the warp's in both instances */
		int s = e->pro_slot, w = e->pro_warp;
		if (!((v->slot_valid >> s) & 1u) || v->slot_warp[s] != w || rfc_slot_owner(rfc, s) != w ||
		    rfc_slot_state(rfc, s) != RFC_SLOT_OWNED)
			fail(e, "after promoting warp %d into slot %d: scheduler slot %d holds warp %d (valid %d), the RFC slot is "
				"owned by %d in state %d",
			     w, s, s, v->slot_warp[s], (int)((v->slot_valid >> s) & 1u), rfc_slot_owner(rfc, s),
			     rfc_slot_state(rfc, s));
	}
	for (int i = 0; i < 2; i++) { /* last cycle's demotion / exit: released by the scheduler, draining in the RFC */
		int s = e->rel_slot[i];
		if (s >= 0 && (((v->slot_valid >> s) & 1u) || rfc_slot_state(rfc, s) != RFC_SLOT_DRAINING))
			fail(e, "slot %d released last cycle: scheduler valid %d, RFC state %d (expected DRAINING)", s,
			     (int)((v->slot_valid >> s) & 1u), rfc_slot_state(rfc, s));
	}
	if (v->resident != e->res_mask)
		fail(e, "resident_o %#llx differs from the warps the environment launched %#llx",
		     (unsigned long long)v->resident, (unsigned long long)e->res_mask);
	if (v->tag_valid != (v->lu_warp >= 0) || (v->tag_valid && v->tag_warp != v->lu_warp))
		fail(e, "TAG stage names warp %d (valid %d), the environment issued warp %d last cycle", v->tag_warp,
		     v->tag_valid, v->lu_warp);
	if (v->iss_valid) {
		int w = v->iss_warp;
		uint64_t b = bit(w);
		if (!(v->rdy & b) || (v->bar & b))
			fail(e, "warp %d issued although rdy_i=%d bar_i=%d", w, !!(v->rdy & b), !!(v->bar & b));
		if ((v->mark & b) && !(s2l_resumed(sch) & b) && (e->suspend == S2L_ALWAYS || (v->llp & b)))
			fail(e, "warp %d issued a marked consumer without being demoted first", w);
		if (v->ext_valid != (e->w[w].next.cls == SME_EXIT))
			fail(e, "ext_valid_o=%d for warp %d whose instruction is %s", v->ext_valid, w,
			     sme_class_name(e->w[w].next.cls));
		int s = rfc_warp_slot(rfc, w);
		if (s < 0 || rfc_slot_state(rfc, s) != RFC_SLOT_OWNED || s != v->iss_slot)
			fail(e, "warp %d issued from slot %d, but its RFC slot is %d (state %d)", w, v->iss_slot, s,
			     s >= 0 ? rfc_slot_state(rfc, s) : -1);
	}
	if (v->dem_valid) {
		uint64_t b = bit(v->dem_warp);
		if (v->dem_cause == S2L_CAUSE_MARK ? !(v->mark & b) : !(v->bar & b))
			fail(e, "warp %d demoted for %s without the matching input", v->dem_warp,
			     v->dem_cause ? "a barrier" : "a mark");
	}
	if (v->pro_valid) {
		int w = v->pro_warp;
		uint64_t b = bit(w);
		if (!(v->resident & b) || (v->active & b) || (v->llp & b) || (v->bar & b))
			fail(e, "warp %d promoted although it is not a ready pending warp", w);
		if (rfc_slot_state(rfc, v->pro_slot) != RFC_SLOT_FREE)
			fail(e, "warp %d promoted into slot %d, which the RFC has not freed (state %d)", w, v->pro_slot,
			     rfc_slot_state(rfc, v->pro_slot));
		if (rfc_warp_slot(rfc, w) >= 0)
			fail(e, "warp %d promoted while its previous slot %d still drains (spec §8 #11)", w,
			     rfc_warp_slot(rfc, w));
	}
}

void sme_observe(sm_env *e, const void *model, const uint32_t *in, const uint32_t *out, long cyc)
{
	(void)in;
	sme_view *v = &e->v;
	e->cyc = cyc;
	if (v->reset)
		return;
	decode(e, out);
	e->st.cycles++;
	check_sched(e, model);
	check_reads(e, out, cyc);
	/* MRF writes: drains, then the write path */
	for (int j = 0; j < e->FP && j < 4; j++)
		if ((v->fl_valid >> j) & 1u) {
			mrf_write(e, out, SMR_FL_DATA_O, (long)j * e->LN, v->fl_warp[j], v->fl_reg[j], e->full, "drain");
			e->st.drained++;
		}
	if (v->wb_valid) {
		static const char *const cause[5] = {"EVICT", "BYPASS", "PARTIAL", "FALLBACK", "LATE"};
		const char *what = v->wb_cause < 5 ? cause[v->wb_cause] : "write-back";
		if (v->wb_cause < 5)
			e->st.wb_cause[v->wb_cause]++;
		mrf_write(e, out, SMR_WB_DATA_O, 0, v->wb_warp, v->wb_reg, v->wb_mask, what);
	}
	if (v->wr_valid && !v->wr_owned && !(v->wb_valid && v->wb_cause == RFC_WB_LATE && v->wb_warp == v->wr_warp &&
					      v->wb_reg == v->wr_reg))
		fail(e, "result of warp %d r%d arrived while the warp held no slot, but it was not written to the MRF as LATE",
		     v->wr_warp, v->wr_reg);
	e->pro_slot = v->pro_valid ? v->pro_slot : -1;
	e->pro_warp = v->pro_valid ? v->pro_warp : -1;
	e->rel_slot[0] = v->dem_valid ? v->dem_slot : -1;
	e->rel_slot[1] = v->ext_valid ? v->ext_slot : -1;
	if (v->iss_valid) {
		issue(e, v->iss_warp, cyc);
		e->last_progress = cyc;
	} else {
		e->st.idle++;
	}
	if (v->dem_valid) {
		if (v->dem_cause == S2L_CAUSE_MARK) {
			e->st.dem_mark++;
			e->st.dem_returned += !(v->llp & bit(v->dem_warp));
		} else {
			e->st.dem_bar++;
		}
		e->last_progress = cyc;
	}
	if (v->pro_valid) {
		e->w[v->pro_warp].written = 0; /* it starts with an empty slot */
		e->st.pro++;
		e->last_progress = cyc;
	}
	if (v->ext_valid)
		e->st.ext++;
	if (v->launch) {
		for (int ci = 0; ci < e->ncta; ci++)
			if ((v->launch >> e->cta[ci].first) & 1u) {
				cta_start(e, ci);
				e->st.launches++;
			}
		e->last_progress = cyc;
	}
	if (v->fl_valid)
		e->last_progress = cyc;
	if (e->k[SME_K_MRF_BANKS] > 0)
		mrf_banks(e, cyc);
	long limit = e->k[SME_K_LL_LAT] + 2 * SME_STARVE + 64;
	if (e->res_mask && cyc - e->last_progress > limit)
		fail(e, "nothing issued, wrote back, drained, demoted or promoted for %ld cycles: deadlock", cyc - e->last_progress);
}

/* ---- accessors ---- */
const char *sme_error(const sm_env *e, long *cyc)
{
	if (cyc)
		*cyc = e->err_cyc;
	return e->err[0] ? e->err : NULL;
}

const sme_stats *sme_get_stats(const sm_env *e) { return &e->st; }
const sme_view *sme_now(const sm_env *e) { return &e->v; }
long sme_quiet(const sm_env *e) { return e->cyc - e->last_progress; }
uint64_t sme_written(const sm_env *e, int w) { return w >= 0 && w < e->W ? e->w[w].written : 0; }

const sme_ins *sme_next_ins(const sm_env *e, int w, uint64_t *pend, uint64_t *llpend)
{
	if (w < 0 || w >= e->W || !e->w[w].resident)
		return NULL;
	if (pend)
		*pend = e->w[w].pend;
	if (llpend)
		*llpend = e->w[w].llpend;
	return &e->w[w].next;
}
