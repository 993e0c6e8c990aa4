/* mascar_env.c - the SM / LSU / L1 environment of the composed block mascar
 * (mascar_env.h, docs/mascar.md "Environment"). */
#include "mascar_env.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "mascar.h"
#include "reexec_q.h"
#include "wg_bits.h"
#include "wg_comp.h"
#include "wg_kit.h"
#include "wrc.h"

const wg_param_def mse_knobs[MSE_NKNOBS] = {
	[MSE_K_MEM_PCT] = {"MEM_PCT", 35, 0, 100, NULL, "% global memory instructions", "assumed (memory-intensive kernel)"},
	[MSE_K_STORE_PCT] = {"STORE_PCT", 10, 0, 100, NULL, "% of memory instructions that are stores", "assumed"},
	[MSE_K_HIT_PCT] = {"HIT_PCT", 40, 0, 100, NULL, "% of requests to the hot working set", "assumed"},
	[MSE_K_HOT_LINES] = {"HOT_LINES", 64, 1, 4096, NULL, "lines of the hot working set", "assumed"},
	[MSE_K_UNCOAL_PCT] = {"UNCOAL_PCT", 10, 0, 100, NULL, "% uncoalesced memory instructions", "assumed"},
	[MSE_K_SEGS] = {"SEGS", 4, 2, MSE_MAX_SEGS, NULL, "segment requests of an uncoalesced instruction (2..SEGS)",
			"assumed"},
	[MSE_K_CONS_DIST] = {"CONS_DIST", 16, 1, 64, NULL, "mean instructions from a load to its consumer", "assumed"},
	[MSE_K_ALU_LAT] = {"ALU_LAT", 4, 1, 32, NULL, "ALU latency (issue to dependent issue)", "assumed"},
	[MSE_K_HIT_LAT] = {"HIT_LAT", 2, 1, 32, NULL, "L1 hit: access cycle to the cycle the data is written", "assumed"},
	[MSE_K_L2_LAT] = {"L2_LAT", 200, 1, 5000, NULL, "cycles from leaving the miss queue to the fill",
			  "Sethia Tab. 4.1: L2 200 cycles"},
	[MSE_K_MQ_GAP] = {"MQ_GAP", 8, 1, 64, NULL, "cycles between departures from the miss queue (L2 bandwidth)",
			  "derived: the GTX 480 of Sethia Tab. 4.1 (GPGPU-Sim's config: core clock 700 MHz, DRAM 177.4 GB/s, "
			  "15 SMs) gives 16.9 B per core cycle per SM, one 128 B line per 7.6 cycles"},
	[MSE_K_MERGE] = {"MERGE", 8, 1, 16, NULL, "requests per MSHR (primary + merged)", "assumed (GPGPU-Sim: 8)"},
	[MSE_K_SETS] = {"SETS", 64, 1, 64, NULL, "L1 sets", "Sethia Tab. 4.1: 64"},
	[MSE_K_WAYS] = {"WAYS", 4, 1, 8, NULL, "L1 ways", "Sethia Tab. 4.1: 4"},
	[MSE_K_KLEN] = {"KLEN", 300, 1, 1000000, NULL, "mean instructions per warp before EXIT", "assumed"},
	[MSE_K_LAUNCH] = {"LAUNCH", 20, 1, 100000, NULL, "cycles from an exit to the warp's relaunch", "assumed"},
	[MSE_K_GROUP] = {"GROUP", 4, 1, 64, NULL, "warps per CTA (barrier group)", "assumed"},
	[MSE_K_BAR_PM] = {"BAR_PM", 5, 0, 500, NULL, "barriers per 1000 instructions", "assumed"},
	[MSE_K_RESET_PPM] = {"RESET_PPM", 20, 0, 1000000, NULL, "mid-run resets per million cycles", "assumed"},
	[MSE_K_WATCHDOG] = {"WATCHDOG", 20000, 100, 10000000, NULL,
			    "cycles without an issue while warps have work that fail the run", "check option"},
	[MSE_K_ADDR_MIX] = {"ADDR_MIX", 0, 0, 1, NULL,
			    "1: a pushed entry's address spreads the line id over every ADDR_BITS bit (a bijection that "
			    "keeps the low 6 line bits, the L1 set; the bits above the line id a hash of it), its "
			    "per-thread offsets are random bytes and its access size random in 0..4; 0: line << 7, "
			    "word offsets of the thread index, size 2",
			    "assumed (covers the entry's address, offset and size bits)"},
	[MSE_K_SAT_EXT_PPM] = {"SAT_EXT_PPM", 0, 0, 1000000, NULL,
			       "per-million of cycles in which sat_ext_i (saturation reported from outside the L1) "
			       "flips; 0: held at 0 (random runs)",
			       "assumed"},
	[MSE_K_BASE] = {"BASE", 0, 0, 3, NULL,
			"1, 2: a baseline of Sethia §4.4.3 around the same block: a refused load stays in the LSU and is "
			"sent again every cycle (the LSU stalls, nothing is parked), and the checker is shown empty "
			"MSHRs and miss queue so it never leaves EP; 1: the checker's EP order issues (greedy-then-oldest, "
			"memory first), 2: the environment issues in loose round-robin order (the thesis's LRR baseline; the "
			"block's issue outputs are not used); 3: as 2 but refused loads are parked in the queue as under "
			"Mascar (the thesis's re-execution alone, without MP)",
			"Sethia §4.4.1: LRR is the baseline, GTO compared; §4.3.3: the LSU stalls on a refusal"},
	[MSE_K_REUSE] = {"REUSE", 0, 0, 2, NULL,
			 "1, 2: every warp of a CTA (GROUP warps) runs the same program (drawn per CTA and launch); 1: its "
			 "loads alternate between a line shared by the whole CTA and a line shared by a pair of its warps "
			 "(leuko-1's two loads per iteration); 2: every load is uncoalesced into min(8, THREADS) lines of "
			 "the warp's own, the same lines for 4 loads in a row (kmeans-1: 48 warps' sets exceed the L1, 16 "
			 "fit); stores write private lines; HIT_PCT, HOT_LINES (and with 2 UNCOAL_PCT, SEGS) unused. "
			 "Drawn only when > 0",
			 "shaped from Sethia §4.4.3 (leuko-1: one load constant across the block, one brought by one warp "
			 "and reused by one other warp of the block; kmeans-1: many lines per uncoalesced load, thrashing "
			 "among 48 warps) and the spec's section 5 Cache-thrash kernel"},
};

#define MAXW 64
#define MAXM 256
#define MAXQ 64
#define MAXRET 1024
#define NOLINE 0xffffffffu

typedef struct mse_warp {
	int res;                  /* resident (as the block sees it) */
	int done;                 /* EXIT issued */
	int at_bar;               /* blocked at a barrier */
	int bar_rel;              /* released at this cycle's edge (drive) */
	long relaunch;            /* cycle it launches (non-resident) */
	mse_ins h[2];             /* head and next instruction */
	int nh;                   /* of them generated */
	long left;                /* random: instructions before EXIT */
	int pc;                   /* script: next program index */
	uint64_t rng;             /* the warp's stream generator */
	uint32_t alu_pend;        /* registers waiting for an ALU result */
	long alu_due[MSE_REGS];   /* edge their result is written */
	int ld_out[MSE_REGS];     /* outstanding requests of the load writing the register */
	long ld_iss[MSE_REGS];    /* its issue cycle */
	int parked;               /* requests in the queue (shadow of has_o) */
	long cons_at[4];          /* planned consumers: instruction count, -1 free */
	int cons_reg[4];          /* ... and the register they read */
	long icount;              /* instructions generated */
	int next_ld;              /* next load register */
	uint32_t inst;            /* REUSE: launches of this warp since the reset (its CTA's program instance) */
	uint32_t nld;             /* REUSE: load instructions generated in this launch */
} mse_warp;

typedef struct mse_mshr {
	int valid;                /* allocated */
	uint32_t line;            /* the missing line */
	long fill;                /* fill edge, -1 while in the miss queue */
	int nw;                   /* waiting requests */
	uint16_t wt[16];          /* warp << 4 | register */
} mse_mshr;

typedef struct mse_ret {
	long due;                 /* edge of the data write */
	uint16_t wr;              /* warp << 4 | register */
} mse_ret;

typedef struct mse_lsu {
	int valid;                /* holds an instruction with requests left */
	int warp, reg, store;     /* its warp, destination, store */
	int nseg, seg;            /* requests, next to send */
	int held;                 /* request seg was refused with the queue full: stalled until it is parked */
	uint32_t line[MSE_MAX_SEGS]; /* each request's line */
	uint32_t mask[MSE_MAX_SEGS]; /* each request's lanes (thread t in request t mod nseg) */
} mse_lsu;

typedef struct mse_plan {
	int reset;                /* rst_i */
	int acc, warp, reg, store, verdict; /* the L1 access */
	uint32_t line;            /* its line */
	int push, rp, stall;      /* parked, replay predicted, LSU stalled */
	int pwarp;                /* warp of the parked request */
	int hold;                 /* the LSU's refused request cannot be parked: held from this edge */
	int lsu_left;             /* LSU requests left after the edge */
	uint64_t launch, exit;    /* launch_i, exit_i */
	uint64_t ld_done;         /* warps with a load completing at the edge */
} mse_plan;

struct ms_env {
	const wg_layout *L;       /* the composition's frame layout */
	long k[MSE_NKNOBS];       /* knob values */
	int W, S, E, T, MSHRS, MISSQ, AB, OB, RB, STORES; /* parameters: WARPS, SCHEDULERS, ENTRIES, THREADS,
							   * MSHRS, MISSQ, ADDR/OFFSET/REG_BITS, STORES */
	int nldregs;              /* load destination registers 0..nldregs-1 */
	uint32_t linemask;        /* line ids fit ADDR_BITS - 7 bits */
	int sat_ext;              /* random, SAT_EXT_PPM: sat_ext_i as driven */
	const mse_script *sc;     /* directed script, NULL: random streams */
	uint64_t rng;             /* the environment's generator (lines, resets, launch delays) */
	uint64_t seed;            /* the run's seed (REUSE: the CTAs' programs are drawn from it) */
	int lrr[4];               /* BASE=2: per scheduler, the index in its set of the warp it issued last (-1 none) */
	uint32_t stream;          /* next streaming line */
	mse_warp w[MAXW];         /* the warps */
	mse_lsu lsu;              /* the LSU's instruction */
	mse_mshr m[MAXM];         /* the MSHRs */
	int mq[MAXQ], mq_h, mq_n; /* miss queue (FIFO of MSHR indices, -1 a store): ring, head, count */
	long next_dep;            /* first cycle of the next miss-queue departure */
	mse_ret ret[MAXRET];      /* hit data in flight */
	int nret;                 /* of them */
	uint32_t tag[64][8];      /* L1 tags [set][way], NOLINE when invalid */
	long lru[64][8];          /* last use cycle of each way */
	mse_plan pl;              /* this cycle's plan (mse_drive -> mse_observe) */
	mse_view v;               /* what happened this cycle (mse_now) */
	mse_stats st;             /* run counters */
	long last_prog;           /* last cycle with an issue or an ACKed access */
	char err[200];            /* first failure, "" when none */
};

size_t mse_size(const long *p)
{
	(void)p;
	return sizeof(ms_env);
}

static void fail(ms_env *e, long cyc, const char *msg, long a, long b)
{
	if (e->err[0])
		return;
	char m[160];
	snprintf(m, sizeof m, msg, a, b);
	snprintf(e->err, sizeof e->err, "cycle %ld: %s", cyc, m);
}

static unsigned rnd(uint64_t *s, unsigned n) { return n ? (unsigned)(wg_rng_next(s) % n) : 0; }

static uint64_t hash64(uint64_t x)
{
	x ^= x >> 33;
	x *= UINT64_C(0xff51afd7ed558ccd);
	x ^= x >> 33;
	x *= UINT64_C(0xc4ceb34fe63a53b9);
	return x ^ (x >> 33);
}

/* ADDR_MIX=1: the line id as the queue sees it, an involution on linemask's bits that keeps the
 * low 6 (the set) and XORs the rest with a hash of them; 0: the identity. */
static uint32_t line_mix(const ms_env *e, uint32_t line)
{
	if (!e->k[MSE_K_ADDR_MIX])
		return line;
	return (line ^ ((uint32_t)hash64(line & 63u) << 6)) & e->linemask;
}

/* The pushed entry's address of a line: line_mix(line) << 7 and, with ADDR_MIX, the bits above
 * the line id a hash of it (the replay reads the line back from bits 7.. only). */
static uint64_t line_addr(const ms_env *e, uint32_t line)
{
	uint64_t a = (uint64_t)line_mix(e, line) << 7;
	int lb = e->AB - 7 > 31 ? 31 : e->AB - 7;
	if (e->k[MSE_K_ADDR_MIX] && 7 + lb < 64)
		a |= hash64((uint64_t)line + 1) << (7 + lb);
	return a & wg_ones64(e->AB);
}

/* ---- streams ---- */

static uint32_t new_line(ms_env *e)
{
	if ((int)rnd(&e->rng, 100) < e->k[MSE_K_HIT_PCT])
		return (uint32_t)rnd(&e->rng, (unsigned)e->k[MSE_K_HOT_LINES]) & e->linemask;
	return (e->stream++) & e->linemask;
}

/* REUSE=1: the line of segment s of load instruction n of warp wi's current launch. Even loads read
 * a line of the whole CTA (GROUP warps, kind 0), odd loads one of the warp's pair (CTA warps 2j and
 * 2j+1, kind 1), both keyed by the launch too: the CTA's warps run the same program, so their n-th
 * loads meet. REUSE=2 (kind 3): the warp's own lines, the same set for 4 loads in a row (n is then
 * the load's index / 4). kind 2: a store's private line. Lines are hashes of the key with bit 30 set,
 * apart from the stream's (2^20 on). */
static uint32_t reuse_line(const ms_env *e, int wi, const mse_warp *w, int kind, uint32_t n, int s)
{
	int G = (int)e->k[MSE_K_GROUP];
	uint64_t who = kind == 0 ? (uint64_t)(wi / G) : kind == 1 ? (uint64_t)(wi / G) << 8 | (uint64_t)((wi % G) / 2)
								      : (uint64_t)wi << 16;
	uint64_t key = (uint64_t)kind << 60 ^ who << 36 ^ (uint64_t)w->inst << 24 ^ (uint64_t)n << 4 ^ (uint64_t)s;
	return ((uint32_t)hash64(key ^ e->seed) | 1u << 30) & e->linemask;
}

static void gen_random(ms_env *e, mse_warp *w, mse_ins *i)
{
	memset(i, 0, sizeof *i);
	i->dst = i->src[0] = i->src[1] = -1;
	w->icount++;
	if (--w->left <= 0) {
		i->cls = MSE_EXIT;
		return;
	}
	if ((int)rnd(&w->rng, 1000) < e->k[MSE_K_BAR_PM]) {
		i->cls = MSE_BAR;
		return;
	}
	if ((int)rnd(&w->rng, 100) < e->k[MSE_K_MEM_PCT]) {
		int st = (int)rnd(&w->rng, 100) < e->k[MSE_K_STORE_PCT];
		i->cls = st ? MSE_ST : MSE_LD;
		i->nseg = (int)rnd(&w->rng, 100) < e->k[MSE_K_UNCOAL_PCT]
				  ? (uint8_t)(2 + rnd(&w->rng, (unsigned)e->k[MSE_K_SEGS] - 1))
				  : 1;
		if (i->nseg > e->T)
			i->nseg = (uint8_t)e->T;
		if (e->k[MSE_K_REUSE]) { /* drawn only with the knob: REUSE=0 keeps the stream */
			uint32_t n = st ? w->nld : w->nld++;
			int km = e->k[MSE_K_REUSE] == 2; /* kmeans-1: every load uncoalesced, 4 loads per line set */
			if (km && !st)
				i->nseg = (uint8_t)(e->T < MSE_MAX_SEGS ? e->T : MSE_MAX_SEGS);
			for (int s = 0; s < i->nseg; s++)
				i->line[s] = reuse_line(e, (int)(w - e->w), w, st ? 2 : km ? 3 : (int)(n & 1u),
							km ? n >> 2 : n >> 1, s);
		} else {
			for (int s = 0; s < i->nseg; s++)
				i->line[s] = new_line(e);
		}
		i->src[0] = (int8_t)(8 + rnd(&w->rng, 8));
		if (!st) {
			i->dst = (int8_t)w->next_ld;
			w->next_ld = (w->next_ld + 1) % e->nldregs;
			for (int c = 0; c < 4; c++)
				if (w->cons_at[c] < 0) {
					w->cons_at[c] = w->icount + 1 + rnd(&w->rng, 2u * (unsigned)e->k[MSE_K_CONS_DIST]);
					w->cons_reg[c] = i->dst;
					break;
				}
		}
		return;
	}
	i->cls = MSE_ALU;
	i->dst = (int8_t)(8 + rnd(&w->rng, 8));
	i->src[0] = (int8_t)(8 + rnd(&w->rng, 8));
	for (int c = 0; c < 4; c++)
		if (w->cons_at[c] >= 0 && w->cons_at[c] <= w->icount) {
			i->src[1] = (int8_t)w->cons_reg[c];
			w->cons_at[c] = -1;
			break;
		}
}

static const mse_ins *ins_at(ms_env *e, int wi, int k)
{
	mse_warp *w = &e->w[wi];
	while (w->nh <= k) {
		mse_ins *i = &w->h[w->nh++];
		if (e->sc) {
			if (w->pc < e->sc->len[wi]) {
				*i = e->sc->prog[wi][w->pc++];
			} else {
				memset(i, 0, sizeof *i);
				i->cls = MSE_END;
				i->dst = i->src[0] = i->src[1] = -1;
			}
		} else {
			gen_random(e, w, i);
		}
	}
	return &w->h[k];
}

static uint32_t regs_of(const mse_ins *i)
{
	uint32_t r = 0;
	for (int s = 0; s < 2; s++)
		if (i->src[s] >= 0)
			r |= 1u << i->src[s];
	if (i->dst >= 0)
		r |= 1u << i->dst;
	return r;
}

static uint32_t srcs_of(const mse_ins *i)
{
	uint32_t r = 0;
	for (int s = 0; s < 2; s++)
		if (i->src[s] >= 0)
			r |= 1u << i->src[s];
	return r;
}

static uint32_t ld_pend(const mse_warp *w)
{
	uint32_t r = 0;
	for (int k = 0; k < MSE_REGS; k++)
		if (w->ld_out[k] > 0)
			r |= 1u << k;
	return r;
}

static void launch_warp(ms_env *e, int wi, long cyc)
{
	mse_warp *w = &e->w[wi];
	uint64_t rng = w->rng ? w->rng : wg_rng_seed(e->rng ^ (uint64_t)(wi * 7919 + 1));
	uint32_t inst = w->inst;
	memset(w, 0, sizeof *w);
	w->rng = rng;
	if (e->k[MSE_K_REUSE]) { /* the CTA's program of this launch: the same generator for all its warps */
		w->inst = inst + 1;
		w->rng = wg_rng_seed(hash64(e->seed ^ (uint64_t)(wi / e->k[MSE_K_GROUP]) << 32 ^ inst) | 1u);
	}
	for (int c = 0; c < 4; c++)
		w->cons_at[c] = -1;
	w->left = 1 + (long)rnd(&w->rng, 2u * (unsigned)e->k[MSE_K_KLEN]);
	w->relaunch = cyc;
}

/* ---- L1 ---- */

static int tag_way(const ms_env *e, uint32_t line)
{
	int s = (int)(line % (uint32_t)e->k[MSE_K_SETS]);
	for (int x = 0; x < e->k[MSE_K_WAYS]; x++)
		if (e->tag[s][x] == line)
			return x;
	return -1;
}

static void tag_fill(ms_env *e, uint32_t line, long cyc)
{
	int s = (int)(line % (uint32_t)e->k[MSE_K_SETS]), v = 0;
	if (tag_way(e, line) >= 0)
		return;
	for (int x = 0; x < e->k[MSE_K_WAYS]; x++) {
		if (e->tag[s][x] == NOLINE) {
			v = x;
			break;
		}
		if (e->lru[s][x] < e->lru[s][v])
			v = x;
	}
	e->tag[s][v] = line;
	e->lru[s][v] = cyc;
}

static int mshr_of(const ms_env *e, uint32_t line)
{
	for (int i = 0; i < e->MSHRS; i++)
		if (e->m[i].valid && e->m[i].line == line)
			return i;
	return -1;
}

static int mshr_used(const ms_env *e)
{
	int n = 0;
	for (int i = 0; i < e->MSHRS; i++)
		n += e->m[i].valid;
	return n;
}

/* The verdict of one access (docs/mascar.md "L1 verdict"). */
static int verdict(const ms_env *e, const wrc_model *wrc, int warp, uint32_t line, int store)
{
	unsigned own = wrc_owner(wrc), none = wrc_none(wrc_config(wrc));
	int restricted = wrc_mode(wrc) == WRC_MP && own != none && own != (unsigned)warp;
	if (store)
		return e->mq_n < e->MISSQ ? MSE_V_STORE : MSE_V_NACK_RES;
	if (tag_way(e, line) >= 0)
		return MSE_V_HIT;
	int m = mshr_of(e, line);
	if (m >= 0)
		return e->m[m].nw < e->k[MSE_K_MERGE] ? MSE_V_MERGE : MSE_V_NACK_RES;
	if (restricted)
		return MSE_V_NACK_OWN;
	return mshr_used(e) < e->MSHRS && e->mq_n < e->MISSQ ? MSE_V_MISS : MSE_V_NACK_RES;
}

static int acked(int v) { return v >= MSE_V_HIT && v <= MSE_V_STORE; }

/* ---- init / reset ---- */

static void env_reset(ms_env *e, long cyc)
{
	for (int i = 0; i < e->W; i++) {
		mse_warp *w = &e->w[i];
		memset(w, 0, sizeof *w);
		w->relaunch = e->sc ? (i < e->sc->nwarps ? 2 : LONG_MAX) : cyc + 1 + (long)rnd(&e->rng, 8);
	}
	memset(&e->lsu, 0, sizeof e->lsu);
	memset(e->m, 0, sizeof e->m);
	e->mq_h = e->mq_n = 0;
	e->nret = 0;
	e->next_dep = 0;
	for (int s = 0; s < 64; s++)
		for (int x = 0; x < 8; x++) {
			e->tag[s][x] = NOLINE;
			e->lru[s][x] = -1;
		}
	if (e->sc) {
		for (int i = 0; i < e->sc->nhot; i++)
			tag_fill(e, e->sc->hot[i] & e->linemask, -1 - i);
		for (int i = 0; i < e->sc->nbusy; i++)
			if (e->sc->busy_alloc[i] <= 1)
				e->m[i] = (mse_mshr){.valid = 1, .line = 0xF0000u + (uint32_t)i, .fill = e->sc->busy_fill[i]};
	}
	for (int s = 0; s < 4; s++)
		e->lrr[s] = -1;
	e->last_prog = cyc;
}

const char *mse_init(ms_env *e, const long *p, const wg_layout *L, const long *knobs, const mse_script *script,
		     uint64_t seed, char *err, size_t n)
{
	(void)err; /* every legal parameter and knob value is supported */
	(void)n;
	e->L = L;
	memcpy(e->k, knobs, sizeof e->k);
	e->W = (int)p[MSC_P_WARPS];
	e->S = (int)p[MSC_P_SCHEDULERS];
	e->E = (int)p[MSC_P_ENTRIES];
	e->T = (int)p[MSC_P_THREADS];
	e->MSHRS = (int)p[MSC_P_MSHRS];
	e->MISSQ = (int)p[MSC_P_MISSQ];
	e->AB = (int)p[MSC_P_ADDR_BITS];
	e->OB = (int)p[MSC_P_OFFSET_BITS];
	e->RB = (int)p[MSC_P_REG_BITS];
	e->STORES = (int)p[MSC_P_STORES];
	e->nldregs = e->RB >= 3 ? 8 : 1 << e->RB;
	e->linemask = (uint32_t)wg_ones64(e->AB - 7 > 31 ? 31 : e->AB - 7);
	e->sc = script;
	e->rng = wg_rng_seed(seed ^ UINT64_C(0x6d73));
	e->seed = hash64(seed ^ UINT64_C(0x7275));
	e->stream = 1u << 20;
	env_reset(e, 0);
	return NULL;
}

/* ---- one cycle ---- */

void mse_drive(ms_env *e, const void *model, uint32_t *in, long cyc)
{
	mse_plan *pl = &e->pl;
	memset(pl, 0, sizeof *pl);
	int rst = cyc < 2 || (!e->sc && (long)rnd(&e->rng, 1000000) < e->k[MSE_K_RESET_PPM]);
	if (rst) {
		pl->reset = 1;
		wg_port_put(e->L, in, MSC_RST_I, 1);
		return;
	}
	const rq_model *rq = wg_comp_child(model, MSC_I_RQ);
	const wrc_model *wrc = wg_comp_child(model, MSC_I_WRC); /* owner and mode at the start of the cycle */
	/* The LSU (docs/mascar.md "LSU"): a new request always has the L1 port; a refused one is
	 * parked if the queue has room, else held: the LSU stalls (sends nothing new, accepts no
	 * instruction) and parks it in the first cycle push_ready_o is 1 again. */
	int full = rq_count(rq) == e->E;
	int lsu_req = e->lsu.valid && !e->lsu.held;
	pl->rp = rq_replays(rq, lsu_req);
	if (lsu_req) {
		pl->acc = 1;
		pl->warp = e->lsu.warp;
		pl->reg = e->lsu.reg;
		pl->store = e->lsu.store;
		pl->line = e->lsu.line[e->lsu.seg];
	} else if (pl->rp) {
		const rq_entry *h = rq_at(rq, 0);
		pl->acc = 2;
		pl->warp = (int)h->warp;
		pl->reg = (int)h->reg;
		pl->store = (int)h->store;
		pl->line = line_mix(e, (uint32_t)(h->addr >> 7) & e->linemask);
	}
	int adv = 0; /* the LSU's current request leaves it at this edge */
	if (pl->acc) {
		pl->verdict = verdict(e, wrc, pl->warp, pl->line, pl->store);
		int ok = acked(pl->verdict);
		if (pl->acc == 2) {
			wg_port_put(e->L, in, ok ? MSC_RP_ACK_I : MSC_RP_NACK_I, 1);
		} else if (ok) {
			adv = 1;
		} else if ((pl->store && !e->STORES) || e->k[MSE_K_BASE] == 1 || e->k[MSE_K_BASE] == 2) {
			pl->stall = 1; /* STORES=0: a refused store holds the LSU and retries (baseline); BASE=1, 2: any */
		} else if (!full) {
			pl->push = adv = 1;
		} else {
			pl->hold = 1; /* refused, queue full: the LSU stalls from the next cycle */
		}
	}
	if (e->lsu.held) {
		pl->stall = full; /* held: replays only; parked as soon as the queue has room */
		pl->push = adv = !full;
	}
	pl->pwarp = e->lsu.warp;
	pl->lsu_left = e->lsu.valid ? e->lsu.nseg - e->lsu.seg - adv : 0;
	wg_port_put(e->L, in, MSC_LSU_REQ_I, (uint64_t)lsu_req);
	wg_port_put(e->L, in, MSC_LSU_RDY_I, (uint64_t)(pl->lsu_left == 0));
	if (pl->push) {
		rq_entry en;
		memset(&en, 0, sizeof en);
		en.addr = line_addr(e, e->lsu.line[e->lsu.seg]);
		en.warp = (unsigned)e->lsu.warp;
		en.reg = (unsigned)e->lsu.reg;
		en.store = (unsigned)e->lsu.store;
		en.size = 2;
		int nseg = e->lsu.nseg;
		en.mask = e->lsu.mask[e->lsu.seg];
		for (int t = 0; t < e->T; t++)
			en.off[t] = (uint8_t)(((t / nseg) * 4) & 127 & (int)wg_ones64(e->OB));
		if (e->k[MSE_K_ADDR_MIX]) { /* drawn only with the knob: ADDR_MIX=0 keeps the stream */
			en.size = rnd(&e->rng, 5);
			for (int t = 0; t < e->T; t++)
				en.off[t] = (uint8_t)(rnd(&e->rng, 256) & wg_ones64(e->OB));
		}
		wg_port_put(e->L, in, MSC_PUSH_VALID_I, 1);
		rq_entry_pack(rq_config(rq), e->L, &en, MSC_PUSH_ADDR_I, in);
	}
	uint64_t pend = 0;
	if (e->lsu.valid && pl->lsu_left > 0)
		pend |= UINT64_C(1) << e->lsu.warp;
	if (pl->push)
		pend |= UINT64_C(1) << pl->pwarp;
	wg_port_put(e->L, in, MSC_LSU_PEND_I, pend);
	/* BASE>0: the checker never sees saturation, so it stays in EP (the verdict still uses the real occupancy) */
	wg_port_put(e->L, in, MSC_MSHR_USED_I, e->k[MSE_K_BASE] ? 0 : (uint64_t)mshr_used(e));
	wg_port_put(e->L, in, MSC_MQ_USED_I, e->k[MSE_K_BASE] ? 0 : (uint64_t)e->mq_n);
	if (!e->sc && e->k[MSE_K_SAT_EXT_PPM] && (long)rnd(&e->rng, 1000000) < e->k[MSE_K_SAT_EXT_PPM])
		e->sat_ext ^= 1; /* drawn only with the knob: SAT_EXT_PPM=0 keeps the stream */
	wg_port_put(e->L, in, MSC_SAT_EXT_I, (uint64_t)(e->sc ? e->sc->sat_ext : e->sat_ext));

	/* data written at this edge: per warp and register, completing requests */
	int dec[MAXW][MSE_REGS];
	memset(dec, 0, sizeof dec);
	for (int i = 0; i < e->nret; i++)
		if (e->ret[i].due == cyc)
			dec[e->ret[i].wr >> 4][e->ret[i].wr & 15]++;
	if (pl->acc && !pl->store && pl->verdict == MSE_V_HIT && e->k[MSE_K_HIT_LAT] == 1)
		dec[pl->warp][pl->reg]++;
	for (int i = 0; i < e->MSHRS; i++)
		if (e->m[i].valid && e->m[i].fill == cyc) {
			for (int j = 0; j < e->m[i].nw; j++)
				dec[e->m[i].wt[j] >> 4][e->m[i].wt[j] & 15]++;
			if (pl->acc && pl->verdict == MSE_V_MERGE && e->m[i].line == pl->line)
				dec[pl->warp][pl->reg]++;
		}

	/* launches, exits, barrier releases */
	for (int wi = 0; wi < e->W; wi++) {
		mse_warp *w = &e->w[wi];
		if (!w->res) {
			if (w->relaunch <= cyc) {
				launch_warp(e, wi, cyc);
				pl->launch |= UINT64_C(1) << wi;
			}
			continue;
		}
		int out = 0;
		for (int r = 0; r < MSE_REGS; r++)
			out += w->ld_out[r];
		if (w->done && out == 0 && w->parked == 0 && !(e->lsu.valid && e->lsu.warp == wi) &&
		    !(pl->acc && pl->warp == wi))
			pl->exit |= UINT64_C(1) << wi;
	}
	int G = (int)e->k[MSE_K_GROUP];
	for (int g = 0; g * G < e->W; g++) {
		int all = 1, any = 0;
		for (int wi = g * G; wi < (g + 1) * G && wi < e->W; wi++) {
			mse_warp *w = &e->w[wi];
			if (!w->res || w->done)
				continue;
			any |= w->at_bar;
			all &= w->at_bar;
		}
		for (int wi = g * G; wi < (g + 1) * G && wi < e->W; wi++)
			e->w[wi].bar_rel = any && all && e->w[wi].at_bar;
	}

	/* the views of cycle t+1 */
	uint64_t hv = 0, hm = 0, hr = 0, av = 0, am = 0, ar = 0, llp = 0, bar = 0;
	for (int wi = 0; wi < e->W; wi++) {
		mse_warp *w = &e->w[wi];
		uint64_t b = UINT64_C(1) << wi;
		if (!w->res && !(pl->launch & b))
			continue;
		if (w->at_bar)
			bar |= b;
		uint32_t ldp = ld_pend(w), p1 = 0;
		for (int r = 0; r < MSE_REGS; r++) {
			if (w->ld_out[r] - dec[wi][r] > 0)
				p1 |= 1u << r;
			if (((w->alu_pend >> r) & 1u) && w->alu_due[r] > cyc)
				p1 |= 1u << r;
			if (w->ld_out[r] > 0 && w->ld_out[r] == dec[wi][r])
				pl->ld_done |= b;
		}
		if (w->done)
			continue;
		const mse_ins *h0 = ins_at(e, wi, 0);
		if (srcs_of(h0) & ldp)
			llp |= b;
		int blocked = w->at_bar && !w->bar_rel;
		if (!blocked) {
			hv |= b;
			hm |= (h0->cls == MSE_LD || h0->cls == MSE_ST) ? b : 0;
			hr |= (regs_of(h0) & p1) ? 0 : b;
		}
		if (h0->cls != MSE_BAR && h0->cls != MSE_EXIT) {
			const mse_ins *h1 = ins_at(e, wi, 1);
			uint32_t resv = p1;
			if (h1->cls == MSE_END)
				continue;
			if (h0->dst >= 0 && (h0->cls == MSE_LD || e->k[MSE_K_ALU_LAT] > 1))
				resv |= 1u << h0->dst;
			av |= b;
			am |= (h1->cls == MSE_LD || h1->cls == MSE_ST) ? b : 0;
			ar |= (regs_of(h1) & resv) ? 0 : b;
		}
	}
	wg_port_put(e->L, in, MSC_HD_VALID_I, hv);
	wg_port_put(e->L, in, MSC_HD_MEM_I, hm);
	wg_port_put(e->L, in, MSC_HD_RDY_I, hr);
	wg_port_put(e->L, in, MSC_AD_VALID_I, av);
	wg_port_put(e->L, in, MSC_AD_MEM_I, am);
	wg_port_put(e->L, in, MSC_AD_RDY_I, ar);
	wg_port_put(e->L, in, MSC_LLP_I, llp);
	wg_port_put(e->L, in, MSC_BAR_I, bar);
	wg_port_put(e->L, in, MSC_LAUNCH_I, pl->launch);
	wg_port_put(e->L, in, MSC_EXIT_I, pl->exit);
}

static void complete(ms_env *e, int wi, int reg)
{
	mse_warp *w = &e->w[wi];
	if (w->ld_out[reg] > 0 && --w->ld_out[reg] == 0) {
		e->st.loads_done++;
		e->v.done_ld |= UINT64_C(1) << wi;
	}
}

static void add_ret(ms_env *e, long due, int wi, int reg, long cyc)
{
	if (e->nret >= MAXRET) {
		fail(e, cyc, "environment: too many hit returns in flight (%ld)", e->nret, 0);
		return;
	}
	e->ret[e->nret++] = (mse_ret){.due = due, .wr = (uint16_t)(wi << 4 | reg)};
}

/* Apply an ACKed access's effect on the L1 at this edge. */
static void l1_commit(ms_env *e, const mse_plan *pl, long cyc)
{
	switch (pl->verdict) {
	case MSE_V_HIT: {
		int s = (int)(pl->line % (uint32_t)e->k[MSE_K_SETS]);
		e->lru[s][tag_way(e, pl->line)] = cyc;
		if (!pl->store)
			add_ret(e, cyc + e->k[MSE_K_HIT_LAT] - 1, pl->warp, pl->reg, cyc);
		break;
	}
	case MSE_V_MERGE: {
		mse_mshr *m = &e->m[mshr_of(e, pl->line)];
		m->wt[m->nw++] = (uint16_t)(pl->warp << 4 | pl->reg);
		break;
	}
	case MSE_V_MISS:
		for (int i = 0; i < e->MSHRS; i++)
			if (!e->m[i].valid) {
				e->m[i] = (mse_mshr){.valid = 1, .line = pl->line, .fill = -1, .nw = 1};
				e->m[i].wt[0] = (uint16_t)(pl->warp << 4 | pl->reg);
				e->mq[(e->mq_h + e->mq_n++) % MAXQ] = i;
				break;
			}
		break;
	case MSE_V_STORE:
		e->mq[(e->mq_h + e->mq_n++) % MAXQ] = -1;
		break;
	default:
		break;
	}
}

/* BASE=2, 3: scheduler s's pick, loose round-robin (the thesis's LRR baseline, GPGPU-Sim's `lrr`): the
 * first warp of its set (w mod S == s) after the one it issued last whose head can issue now:
 * resident, not at a barrier, operands ready (pnow: pending before this edge's writes, as the
 * checker's view), and for a memory instruction the LSU free (memok). No class priority. */
static int lrr_pick(ms_env *e, int s, const uint32_t *pnow, int memok)
{
	int n = (e->W - s + e->S - 1) / e->S;
	for (int i = 1; i <= n; i++) {
		int k = (e->lrr[s] + i) % n, wi = k * e->S + s;
		mse_warp *w = &e->w[wi];
		if (!w->res || w->done || w->at_bar)
			continue;
		const mse_ins *h = ins_at(e, wi, 0);
		int mem = h->cls == MSE_LD || h->cls == MSE_ST;
		if (h->cls == MSE_END || (regs_of(h) & pnow[wi]) || (mem && (!memok || w->parked)))
			continue;
		e->lrr[s] = k;
		return wi;
	}
	return -1;
}

void mse_observe(ms_env *e, const void *model, const uint32_t *in, const uint32_t *out, long cyc)
{
	(void)in;
	mse_plan *pl = &e->pl;
	mse_view *v = &e->v;
	memset(v, 0, sizeof *v);
	v->cyc = cyc;
	v->reset = pl->reset;
	if (pl->reset) {
		env_reset(e, cyc);
		if (cyc >= 2)
			e->st.resets++;
		return;
	}
	const rq_model *rq = wg_comp_child(model, MSC_I_RQ);
	unsigned none = wrc_none(wrc_config(wg_comp_child(model, MSC_I_WRC)));
	int WB = e->L->width[MSC_ISS_WARP_O] / e->S;
	v->mode = (int)wg_elem_get(e->L, out, MSC_MODE_O, 0, 1);
	unsigned own = (unsigned)wg_port_get(e->L, out, MSC_OWNER_O);
	v->owner = own == none ? -1 : (int)own;
	v->mshr_free = e->MSHRS - mshr_used(e);
	v->q_count = rq_count(rq);
	v->q_head_warp = v->q_count ? (int)rq_at(rq, 0)->warp : -1;
	v->resident = wg_elem_get(e->L, out, MSC_RESIDENT_O, 0, e->W);
	v->acc = pl->acc;
	v->acc_warp = pl->acc ? pl->warp : -1;
	v->acc_verdict = pl->verdict;
	v->acc_line = pl->line;
	v->push = pl->push;
	v->lsu_stall = pl->stall;
	v->lsu_req = pl->acc == 1;
	v->lsu_held = e->lsu.held;
	v->lsu_hold = pl->hold;

	/* the block's state agrees with the environment's */
	if ((int)wg_elem_get(e->L, out, MSC_RP_VALID_O, 0, 1) != pl->rp)
		fail(e, cyc, "rp_valid_o = %ld, the environment predicted %ld (rq_replays)", !pl->rp, pl->rp);
	uint64_t has = wg_elem_get(e->L, out, MSC_HAS_O, 0, e->W), sh = 0;
	for (int wi = 0; wi < e->W; wi++)
		sh |= e->w[wi].parked ? UINT64_C(1) << wi : 0;
	if (has != sh)
		fail(e, cyc, "has_o = %#lx, parked requests of warps %#lx", (long)has, (long)sh);
	if (pl->acc && pl->verdict == MSE_V_MISS && v->mode == WRC_MP && v->owner >= 0 && v->owner != pl->warp)
		fail(e, cyc, "warp %ld's miss sent to L2 in MP while warp %ld owns", pl->warp, v->owner);

	/* operands of this cycle (before this edge's writes) */
	uint32_t pnow[MAXW];
	for (int wi = 0; wi < e->W; wi++)
		pnow[wi] = ld_pend(&e->w[wi]) | e->w[wi].alu_pend;

	/* miss queue departure (entries present at the start of the cycle) */
	if (e->mq_n > 0 && cyc >= e->next_dep) {
		int i = e->mq[e->mq_h];
		e->mq_h = (e->mq_h + 1) % MAXQ;
		e->mq_n--;
		if (i >= 0)
			e->m[i].fill = cyc + e->k[MSE_K_L2_LAT];
		e->next_dep = cyc + e->k[MSE_K_MQ_GAP];
		e->st.departures++;
	}
	/* the access */
	if (pl->acc) {
		int ok = acked(pl->verdict);
		if (ok)
			l1_commit(e, pl, cyc);
		if (pl->acc == 1) {
			if (ok)
				e->lsu.seg++;
			e->st.acc_new++;
		} else {
			if (ok)
				e->w[pl->warp].parked--;
			e->st.acc_replay++;
		}
		e->st.verdict[pl->verdict]++;
		e->last_prog = ok ? cyc : e->last_prog;
	}
	if (pl->push) { /* the LSU's current request (refused now, or held) parked */
		e->w[pl->pwarp].parked++;
		e->lsu.seg++;
		e->lsu.held = 0;
		e->st.pushes++;
	}
	if (pl->hold) {
		e->lsu.held = 1;
		e->st.holds++;
	}
	if (e->lsu.valid && e->lsu.seg == e->lsu.nseg)
		e->lsu.valid = 0;
	e->st.lsu_stalls += (uint64_t)pl->stall;
	/* fills: waiters complete, the tag is written after this cycle's read, the MSHR frees */
	for (int i = 0; i < e->MSHRS; i++)
		if (e->m[i].valid && e->m[i].fill == cyc) {
			for (int j = 0; j < e->m[i].nw; j++)
				complete(e, e->m[i].wt[j] >> 4, e->m[i].wt[j] & 15);
			tag_fill(e, e->m[i].line, cyc);
			e->m[i].valid = 0;
			v->nfill++;
			e->st.fills++;
		}
	for (int i = 0; i < e->nret;)
		if (e->ret[i].due == cyc) {
			complete(e, e->ret[i].wr >> 4, e->ret[i].wr & 15);
			e->ret[i] = e->ret[--e->nret];
		} else {
			i++;
		}
	/* script: busy MSHRs allocated at this edge */
	if (e->sc)
		for (int i = 0; i < e->sc->nbusy; i++)
			if (e->sc->busy_alloc[i] == cyc)
				e->m[i] = (mse_mshr){.valid = 1, .line = 0xF0000u + (uint32_t)i, .fill = e->sc->busy_fill[i]};
	for (int wi = 0; wi < e->W; wi++) {
		mse_warp *w = &e->w[wi];
		for (int r = 0; r < MSE_REGS; r++)
			if (((w->alu_pend >> r) & 1u) && w->alu_due[r] <= cyc)
				w->alu_pend &= ~(1u << r);
	}
	if ((pl->ld_done & ~v->done_ld) != 0)
		fail(e, cyc, "loads predicted to complete (%#lx) did not (%#lx)", (long)pl->ld_done, (long)v->done_ld);

	/* issues: the block's (BASE=2, 3: the environment's loose round-robin) */
	int nmem = 0;
	for (int s = 0; s < e->S; s++) {
		int wi, mem;
		if (e->k[MSE_K_BASE] >= 2) {
			if ((wi = lrr_pick(e, s, pnow, !nmem && !e->lsu.valid && !pl->lsu_left)) < 0)
				continue;
			mem = ins_at(e, wi, 0)->cls == MSE_LD || ins_at(e, wi, 0)->cls == MSE_ST;
		} else {
			if (!wg_elem_get(e->L, out, MSC_ISS_VALID_O, s, 1))
				continue;
			wi = (int)wg_elem_get(e->L, out, MSC_ISS_WARP_O, s, WB);
			mem = (int)wg_elem_get(e->L, out, MSC_ISS_MEM_O, s, 1);
		}
		mse_warp *w = &e->w[wi];
		if (wi >= e->W || !w->res || w->done || w->at_bar) {
			fail(e, cyc, "scheduler %ld issued warp %ld, which has no instruction", s, wi);
			continue;
		}
		mse_ins i = *ins_at(e, wi, 0);
		if (regs_of(&i) & pnow[wi])
			fail(e, cyc, "warp %ld issued with operands not ready (scheduler %ld)", wi, s);
		if (mem != (i.cls == MSE_LD || i.cls == MSE_ST))
			fail(e, cyc, "warp %ld: iss_mem_o = %ld disagrees with its instruction", wi, mem);
		v->iss_warp[v->niss] = wi;
		v->iss_cls[v->niss++] = i.cls;
		e->st.issued++;
		e->last_prog = cyc;
		w->h[0] = w->h[1];
		w->nh--;
		if (e->sc && ins_at(e, wi, 0)->cls == MSE_END)
			w->done = 1;
		switch (i.cls) {
		case MSE_ALU:
			if (e->k[MSE_K_ALU_LAT] > 1) {
				w->alu_pend |= 1u << i.dst;
				w->alu_due[(int)i.dst] = cyc + e->k[MSE_K_ALU_LAT] - 1;
			}
			break;
		case MSE_LD:
		case MSE_ST:
			nmem++;
			e->st.mem_issued++;
			if (nmem > 1)
				fail(e, cyc, "%ld memory instructions issued in one cycle", nmem, 0);
			if (e->lsu.valid || pl->lsu_left)
				fail(e, cyc, "warp %ld's memory instruction issued while the LSU is busy", wi, 0);
			if (w->parked || (pl->push && pl->pwarp == wi))
				fail(e, cyc, "warp %ld issued a memory instruction with %ld requests in the queue", wi,
				     w->parked + pl->push);
			e->lsu = (mse_lsu){.valid = 1, .warp = wi, .reg = i.dst < 0 ? 0 : i.dst, .store = i.cls == MSE_ST,
					   .nseg = i.nseg};
			for (int k = 0; k < i.nseg; k++) {
				e->lsu.line[k] = i.line[k] & e->linemask;
				e->lsu.mask[k] = 0;
				for (int t = k; t < e->T; t += i.nseg)
					e->lsu.mask[k] |= 1u << t;
			}
			if (i.cls == MSE_LD) {
				w->ld_out[(int)i.dst] = i.nseg;
				w->ld_iss[(int)i.dst] = cyc;
			}
			break;
		case MSE_BAR:
			w->at_bar = 1;
			e->st.barriers++;
			break;
		default:
			w->done = 1;
			break;
		}
	}
	/* barrier releases, exits, launches */
	for (int wi = 0; wi < e->W; wi++) {
		mse_warp *w = &e->w[wi];
		uint64_t b = UINT64_C(1) << wi;
		if (w->bar_rel) {
			w->at_bar = 0;
			w->bar_rel = 0;
		}
		if (pl->exit & b) {
			w->res = 0;
			w->relaunch = e->sc ? LONG_MAX : cyc + e->k[MSE_K_LAUNCH];
			e->st.exits++;
		}
		if (pl->launch & b) {
			w->res = 1;
			e->st.launches++;
		}
		for (int r = 0; r < MSE_REGS; r++)
			if (w->ld_out[r] > 0 && cyc - w->ld_iss[r] > 4 * e->k[MSE_K_WATCHDOG])
				fail(e, cyc, "warp %ld's load into r%ld never completes", wi, r);
	}
	/* statistics and forward progress */
	e->st.cycles++;
	e->st.mp_cycles += (uint64_t)v->mode;
	e->st.owned_cycles += (uint64_t)(v->owner >= 0);
	e->st.full_cycles += (uint64_t)(v->q_count == e->E);
	if ((uint64_t)v->q_count > e->st.max_count)
		e->st.max_count = (uint64_t)v->q_count;
	if (cyc - e->last_prog > e->k[MSE_K_WATCHDOG] && mse_busy_warps(e))
		fail(e, cyc, "no progress for %ld cycles while warps have work (%ld queued)", cyc - e->last_prog,
		     v->q_count);
}

const char *mse_error(const ms_env *e) { return e->err[0] ? e->err : NULL; }
const mse_stats *mse_get_stats(const ms_env *e) { return &e->st; }
const mse_view *mse_now(const ms_env *e) { return &e->v; }

uint64_t mse_busy_warps(const ms_env *e)
{
	uint64_t b = 0;
	for (int wi = 0; wi < e->W; wi++) {
		const mse_warp *w = &e->w[wi];
		if (w->res && (!w->done || ld_pend(w)))
			b |= UINT64_C(1) << wi;
	}
	return b;
}

int mse_outstanding(const ms_env *e, int w)
{
	int n = 0;
	for (int r = 0; r < MSE_REGS; r++)
		n += e->w[w].ld_out[r];
	return n;
}
