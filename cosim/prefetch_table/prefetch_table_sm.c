/* prefetch_table_sm.c - the SM-level model of APOGEE's comparison (see
 * prefetch_table_sm.h; docs/prefetch_table.md "SM-level comparison").
 *
 * A cycle: (1) the memory: demand lines due are filled (their warps' data is
 * ready L1_LAT later), one due prefetch per cycle is filled and reported on
 * fill_valid_i (else a pending "present" answer), then the oldest waiting
 * demand line leaves if the bandwidth allows; (2) the issue stage, when free,
 * takes the next instruction of the first ready warp after the last one
 * served (round robin): a compute instruction holds the stage THREADS/SIMD
 * cycles and, when the next instruction depends on it, delays that one by
 * its latency; a load looks its distinct lines up in the L1 (hits, merges
 * into MSHRs, new demand MSHRs) and blocks the warp until the last line is
 * in; in the APOGEE arm it is copied into the training FIFO; (3) APOGEE arm:
 * the table gets the FIFO's head (held until ld_ack_o), pf_present_i from
 * the L1 and the MSHRs, pf_ready_i when a line may leave, no demand line
 * waits and fewer than MSHRS lines are in flight; an issued line takes the bandwidth and comes
 * back MEM_LAT cycles later. Demand lines always get an MSHR (with MSHR_STALL=1
 * only while fewer than MSHRS are in use: a load whose line finds none holds the
 * LSU, which takes no other memory instruction until its lines have MSHRs, and
 * no prefetch leaves meanwhile); a prefetch is offered only while fewer than
 * MSHRS lines (demand and prefetch) are in flight. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prefetch_table_env.h"
#include "prefetch_table_sm.h"
#include "wg_bits.h"
#include "wg_ptable.h"
#include "wg_rng.h"

const wg_param_def pts_params[PTS_NPARAMS] = {
	[PTS_WARPS_BASE] = {"WARPS_BASE", 32, 1, PTS_MAXW, NULL, "warps of the many-warp baseline (SIMT_32)",
		"Sethia Tab. 5.3(a), §5.5: SIMT_32"},
	[PTS_MEM_LAT] = {"MEM_LAT", 400, 1, 100000, NULL, "memory latency (cycles)", "Sethia Tab. 5.3(a): 400"},
	[PTS_BW_BYTES] = {"BW_BYTES", 12, 1, 4096, NULL, "memory bandwidth (bytes per cycle)",
		"Sethia Tab. 5.3(a): 12 GBps/SM at 1 GHz"},
	[PTS_L1_SETS] = {"L1_SETS", 256, 1, 4096, NULL, "L1 sets (LINE_BYTES lines)",
		"Sethia Tab. 5.3(a): 64 kB, 8 way, 32 B lines = 256 sets"},
	[PTS_L1_WAYS] = {"L1_WAYS", 8, 1, 32, NULL, "L1 ways (LRU)", "Sethia Tab. 5.3(a), §5.4.2 (LRU)"},
	[PTS_L1_LAT] = {"L1_LAT", 4, 0, 1000, NULL, "L1 hit latency (cycles)", "Sethia Tab. 5.3(a): 4"},
	[PTS_SIMD] = {"SIMD", 8, 1, 32, NULL, "lanes per cycle: a warp instruction holds the issue stage THREADS/SIMD cycles",
		"Sethia Tab. 5.3(a): SIMD width 8"},
	[PTS_INT_LAT] = {"INT_LAT", 1, 1, 1000, NULL, "integer instruction latency", "Sethia Tab. 5.3(a): 1"},
	[PTS_FP_LAT] = {"FP_LAT", 24, 1, 1000, NULL, "FP instruction latency", "Sethia Tab. 5.3(a): 24"},
	[PTS_FP_PCT] = {"FP_PCT", 50, 0, 100, NULL, "per cent FP among the compute instructions", "assumed"},
	[PTS_DEP_PCT] = {"DEP_PCT", 50, 0, 100, NULL,
		"per cent of the compute instructions that need the previous one's result", "assumed"},
	[PTS_ALU] = {"ALU", 10, 0, 1000, NULL, "compute instructions after each load", "assumed"},
	[PTS_LOADS] = {"LOADS", 4096, 1, 10000000, NULL, "the kernel's size in warp loads (whole iterations)",
		"assumed"},
	[PTS_MSHRS] = {"MSHRS", 64, 1, 1024, NULL,
		"a prefetch is offered only while fewer lines (demand and prefetch) are in flight",
		"assumed (ch. V gives no count; the Fermi L1 of ch. IV, Tab. 4.1: 64)"},
	[PTS_TQ_DEPTH] = {"TQ_DEPTH", 4, 1, 64, NULL, "training FIFO between the load path and the table", "assumed"},
	[PTS_TIA_INV] = {"TIA_INV", 1024, 0, 100000000, NULL,
		"thread-invariant lines leave the L1 each time this many thread-iterations finished (0: never)",
		"assumed"},
	[PTS_PRIV] = {"PRIV", 0, 0, 4096, NULL,
		"words of private data per thread context, one re-read each iteration in turn (0: none)",
		"assumed (off: the thesis gives no footprint; 16 = the registers of a thread, Tab. 5.4: 16k / 1024)"},
	[PTS_MSHR_STALL] = {"MSHR_STALL", 0, 0, 1, NULL,
		"1: a demand line needs one of the MSHRS too; while a load's missing lines find none, the LSU takes no "
		"memory instruction of any warp (compute goes on); 0: demand MSHRs unbounded",
		"Sethia ch. II §2.0.2 (the L1's fixed number of MSHRs; 'the LSU can no longer process new requests even "
		"from other warps'), §5.4.2 (MV5 models read MSHRs); off by default: the earlier model"},
};

/* ---- the program ---- */

static uint64_t mix(uint64_t x)
{
	x += UINT64_C(0x9E3779B97F4A7C15);
	x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
	return x ^ (x >> 31);
}

/* a hash of the seed, a stream id, a load and an index */
static uint64_t h4(uint64_t seed, uint64_t id, uint64_t j, uint64_t i)
{
	return mix(mix(mix(seed ^ (id << 56)) ^ j) ^ i);
}

static long pick(uint64_t *r, long n) { return n <= 1 ? 0 : (long)(wg_rng_next(r) % (uint64_t)n); }

static int pick_off(uint64_t *r, int big, int offset_bits)
{
	static const int small[] = {4, 8, 4, 16, -4, 8, 12, 2};
	static const int large[] = {32, 64, 96, 128, -32, 48, 40, 256};
	long omax = (1L << (offset_bits - 1)) - 1;
	for (int tries = 0; tries < 8; tries++) {
		int o = big ? large[pick(r, 8)] : small[pick(r, 8)];
		if (o <= omax && o >= -omax - 1)
			return o;
	}
	return pick(r, 2) ? 1 : -1;
}

static long gcd(long a, long b) { return b ? gcd(b, a % b) : a; }

void pts_prog_build(pts_prog *g, int prof, const long *p, const long *sp, uint64_t seed, const int *warps, int nw)
{
	memset(g, 0, sizeof *g);
	uint64_t r = wg_rng_seed(seed * 7 + (uint64_t)prof);
	int pcs = 1 << p[PT_P_PC_BITS];
	long entries = p[PT_P_ENTRIES];
	unsigned pcb = (unsigned)pick(&r, pcs);
	g->prof = prof, g->seed = seed;
	g->threads_per_warp = (int)p[PT_P_THREADS];
	g->line_bytes = (int)p[PT_P_LINE_BYTES];
	g->amask = (uint32_t)wg_ones64((int)p[PT_P_ADDR_BITS]);
	switch (prof) {
	case PTE_PR_STREAM: g->npc = 1 + (int)pick(&r, 3); break;
	case PTE_PR_STRIDED: g->npc = 1 + (int)pick(&r, 2); break;
	case PTE_PR_TIA: g->npc = 4; break;
	case PTE_PR_IRREGULAR: g->npc = 1 + (int)pick(&r, 3); break;
	default: g->npc = (int)entries + 1 + (int)pick(&r, entries / 2 + 2); break;
	}
	if (g->npc > PTS_MAXPC)
		g->npc = PTS_MAXPC;
	if (g->npc > pcs)
		g->npc = pcs;
	int ob = (int)p[PT_P_OFFSET_BITS];
	for (int j = 0; j < g->npc; j++) {
		pts_ld *l = &g->ld[j];
		l->pc = (pcb + (unsigned)j) & (unsigned)(pcs - 1);
		l->base = (uint32_t)wg_rng_next(&r) & g->amask & ~3u;
		switch (prof) {
		case PTE_PR_STREAM:
		case PTE_PR_MANYPC: l->kind = PTS_K_STREAM, l->off = pick_off(&r, 0, ob); break;
		case PTE_PR_STRIDED:
			l->kind = PTS_K_STRIDE, l->off = pick_off(&r, 1, ob), l->hole = 10 + (int)pick(&r, 40);
			if (pick(&r, 8) == 0) /* a stride the table cannot hold */
				l->off = (int)((1L << (ob - 1)) + 4 * (1 + pick(&r, 8)));
			break;
		case PTE_PR_TIA: l->kind = (j & 1) ? PTS_K_TIA : PTS_K_STREAM, l->off = pick_off(&r, 1, ob); break;
		default: l->kind = PTS_K_RAND; break;
		}
	}
	/* the size: whole iterations of every arm's warps */
	long unit = 1;
	for (int i = 0; i < nw; i++)
		unit = unit / gcd(unit, warps[i]) * warps[i];
	long iters = (sp[PTS_LOADS] + g->npc - 1) / g->npc; /* warp-iterations */
	iters = (iters + unit - 1) / unit * unit;
	g->threads = iters * g->threads_per_warp;
	/* PRIV > 0: one more load at the end of the body, the context's private data (the
	 * profile's loads, their draws and the kernel's size unchanged) */
	if (sp[PTS_PRIV] > 0 && g->npc < PTS_MAXPC && g->npc < pcs) {
		pts_ld *l = &g->ld[g->npc];
		l->pc = (pcb + (unsigned)g->npc) & (unsigned)(pcs - 1);
		l->kind = PTS_K_PRIV, l->off = 4;
		l->base = (uint32_t)h4(seed, 5, (uint64_t)prof, 0) & g->amask & ~(uint32_t)(g->line_bytes - 1);
		g->priv = (int)sp[PTS_PRIV];
		g->npc++;
	}
}

uint32_t pts_priv_addr(const pts_prog *g, int j, long it, long ctx, long nctx)
{
	long word = (it % g->priv) * nctx + ctx;
	return (uint32_t)((int64_t)g->ld[j].base + (int64_t)word * 4) & g->amask;
}

int pts_addr(const pts_prog *g, int j, long gt, uint32_t *addr)
{
	const pts_ld *l = &g->ld[j];
	if (l->hole && (int)(h4(g->seed, 1, (uint64_t)j, (uint64_t)gt) % 100) < l->hole)
		return 0;
	switch (l->kind) {
	case PTS_K_TIA: /* one of 4 lines, each for 2048 consecutive threads: the same for a whole warp */
		*addr = (l->base + (uint32_t)((gt >> 11) & 3) * (uint32_t)g->line_bytes * 4u) & g->amask & ~3u;
		break;
	case PTS_K_RAND: {
		uint32_t region = (g->amask >> 4) | 0xfffu;
		*addr = (l->base + ((uint32_t)h4(g->seed, 2, (uint64_t)j, (uint64_t)gt) & region)) & g->amask & ~3u;
		break;
	}
	default: *addr = (uint32_t)((int64_t)l->base + (int64_t)gt * l->off) & g->amask; break;
	}
	return 1;
}

int pts_is_fp(const pts_prog *g, const long *sp, long k)
{
	return (long)(h4(g->seed, 3, (uint64_t)g->prof, (uint64_t)k) % 100) < sp[PTS_FP_PCT];
}

int pts_is_dep(const pts_prog *g, const long *sp, long k)
{
	return (long)(h4(g->seed, 4, (uint64_t)g->prof, (uint64_t)k) % 100) < sp[PTS_DEP_PCT];
}

/* ---- L1 ---- */

void pts_l1_init(pts_l1 *c, int sets, int ways)
{
	memset(c, 0, sizeof *c);
	c->sets = sets, c->ways = ways;
}

pts_line *pts_l1_find(pts_l1 *c, uint32_t line)
{
	pts_line *s = &c->l[(line % (uint32_t)c->sets) * (uint32_t)c->ways];
	for (int i = 0; i < c->ways; i++)
		if (s[i].valid && s[i].line == line)
			return &s[i];
	return NULL;
}

int pts_l1_insert(pts_l1 *c, uint32_t line, int pf)
{
	int early = 0;
	pts_line *x = pts_l1_find(c, line);
	if (!x) {
		pts_line *s = &c->l[(line % (uint32_t)c->sets) * (uint32_t)c->ways];
		x = &s[0];
		for (int i = 0; i < c->ways; i++) {
			if (!s[i].valid) {
				x = &s[i];
				break;
			}
			if (s[i].lru < x->lru)
				x = &s[i];
		}
		early = x->valid && x->pf;
		x->valid = 1, x->line = line;
	}
	x->pf = (uint8_t)pf;
	x->lru = ++c->tick;
	return early;
}

void pts_l1_inval(pts_l1 *c, uint32_t line)
{
	pts_line *x = pts_l1_find(c, line);
	if (x)
		x->valid = 0, x->pf = 0;
}

/* ---- bandwidth ---- */

void pts_bw_init(pts_bw *b, long per_cyc, long line)
{
	b->per_cyc = per_cyc, b->line = line, b->credit = line;
}

void pts_bw_cycle(pts_bw *b)
{
	b->credit += b->per_cyc;
	if (b->credit > b->line + b->per_cyc - 1) /* an idle memory banks one line and a part of the next */
		b->credit = b->line + b->per_cyc - 1;
}

int pts_bw_can(const pts_bw *b) { return b->credit >= b->line; }

void pts_bw_take(pts_bw *b) { b->credit -= b->line; }

/* ---- the SM ---- */

#define PTS_MAXMS (PTS_MAXW * PT_MAX_THREADS + 256 + 64)

typedef struct pts_ms {
	uint8_t valid;    /* in use */
	uint8_t pf;       /* a prefetch */
	uint8_t used;     /* a prefetch a demand merged into */
	uint8_t ack;      /* answer ack_tag on fill_valid_i when it completes (present drop of a last line) */
	uint32_t line;    /* line address */
	long done;        /* fill cycle, -1 not sent */
	uint64_t seq;     /* allocation order */
	uint32_t waiters; /* warps waiting for it */
	pt_tag tag;       /* prefetch tag */
	pt_tag ack_tag;   /* the present drop's tag */
} pts_ms;

typedef struct pts_warp {
	long op;          /* next instruction of the loop body */
	long it;          /* iteration */
	long res_at;      /* the previous instruction's result is ready from this cycle (LONG_MAX: a load waits) */
	int wait;         /* lines still missing */
	long t0;          /* issue cycle of the outstanding load */
	int done;         /* finished its iterations */
} pts_warp;

typedef struct pts_tq {
	pt_in ld;         /* the load's table inputs */
} pts_tq;

struct pts_sm {
	pts_l1 l1;                   /* the L1 */
	pts_ms ms[PTS_MAXMS];        /* MSHRs */
	uint64_t mseq;               /* MSHR allocation counter */
	int pf_inflight;             /* prefetch MSHRs in use */
	int ms_used;                 /* MSHRs in use */
	pts_bw bw;                   /* memory bandwidth */
	pts_warp w[PTS_MAXW];        /* warps */
	int rr;                      /* round-robin pointer */
	long issue_free;             /* the issue stage is free from this cycle */
	pts_tq tq[64];               /* training FIFO */
	int tq_hd, tq_n;             /* its head and count */
	int held;                    /* the table holds tq[tq_hd] */
	pt_tag ack[64];              /* present answers due */
	int nack;                    /* their count */
	long thr_done;               /* thread-iterations finished */
	uint32_t lsu_line[PT_MAX_THREADS]; /* MSHR_STALL: the held load's lines still without an MSHR, in order */
	int lsu_n, lsu_w;            /* their count, and the warp of the load the LSU holds */
	char err[256];               /* first failure */
};

size_t pts_size(void) { return sizeof(pts_sm); }

static pts_ms *ms_find(pts_sm *s, uint32_t line)
{
	for (int i = 0; i < PTS_MAXMS; i++)
		if (s->ms[i].valid && s->ms[i].line == line)
			return &s->ms[i];
	return NULL;
}

static pts_ms *ms_alloc(pts_sm *s, uint32_t line)
{
	for (int i = 0; i < PTS_MAXMS; i++)
		if (!s->ms[i].valid) {
			pts_ms *m = &s->ms[i];
			memset(m, 0, sizeof *m);
			m->valid = 1, m->line = line, m->done = -1, m->seq = s->mseq++;
			s->ms_used++;
			return m;
		}
	snprintf(s->err, sizeof s->err, "SM model: out of MSHRs");
	return NULL;
}

static void wake(pts_sm *s, uint32_t waiters, long ready, pts_result *r, int nw)
{
	for (int w = 0; w < nw; w++)
		if ((waiters >> w) & 1u) {
			pts_warp *x = &s->w[w];
			if (--x->wait == 0) {
				x->res_at = ready;
				r->load_lat += (uint64_t)(ready - x->t0);
			}
		}
}

/* (1) fills and the demand's memory slot */
static void memory(pts_sm *s, const long *sp, pt_in *in, long cyc, pts_result *r, int nw)
{
	pts_ms *best = NULL;
	for (int i = 0; i < PTS_MAXMS; i++) {
		pts_ms *m = &s->ms[i];
		if (!m->valid || m->done < 0 || m->done > cyc)
			continue;
		if (!m->pf) {
			if (pts_l1_insert(&s->l1, m->line, 0))
				r->pf_early++;
			wake(s, m->waiters, cyc + sp[PTS_L1_LAT], r, nw);
			if (m->ack && s->nack < 64)
				s->ack[s->nack++] = m->ack_tag;
			m->valid = 0, s->ms_used--;
		} else if (!best || m->done < best->done || (m->done == best->done && m->seq < best->seq)) {
			best = m;
		}
	}
	if (best && !in->rst) { /* one prefetch fill per cycle (the table's fill port) */
		in->fill_valid = 1, in->fill_tag = best->tag;
		if (pts_l1_insert(&s->l1, best->line, !best->used))
			r->pf_early++;
		wake(s, best->waiters, cyc + sp[PTS_L1_LAT], r, nw);
		if (best->ack && s->nack < 64)
			s->ack[s->nack++] = best->ack_tag;
		best->valid = 0, s->ms_used--;
		s->pf_inflight--;
	} else if (s->nack && !in->rst) {
		in->fill_valid = 1, in->fill_tag = s->ack[0];
		memmove(&s->ack[0], &s->ack[1], (size_t)(s->nack - 1) * sizeof s->ack[0]);
		s->nack--;
	}
	pts_bw_cycle(&s->bw);
	if (pts_bw_can(&s->bw)) {
		pts_ms *d = NULL;
		for (int i = 0; i < PTS_MAXMS; i++)
			if (s->ms[i].valid && !s->ms[i].pf && s->ms[i].done < 0 && (!d || s->ms[i].seq < d->seq))
				d = &s->ms[i];
		if (d) {
			d->done = cyc + sp[PTS_MEM_LAT];
			pts_bw_take(&s->bw);
			r->mem_lines++;
		}
	}
}

/* lane addresses of warp w's load j into ld (mask, addresses) */
static void lanes(const pts_prog *g, const pts_arm *a, long it, int w, int j, pt_in *ld)
{
	int T = g->threads_per_warp;
	long n = (long)a->warps * T;
	memset(ld, 0, sizeof *ld);
	for (int t = 0; t < T; t++) {
		uint32_t addr;
		if (g->ld[j].kind == PTS_K_PRIV)
			addr = pts_priv_addr(g, j, it, (long)w * T + t, n);
		else if (!pts_addr(g, j, it * n + (long)w * T + t, &addr))
			continue;
		ld->ld_mask |= 1u << t;
		ld->ld_addr[t] = addr;
	}
	if (!ld->ld_mask) { /* every lane inactive: lane 0 runs (a load has an active lane) */
		ld->ld_mask = 1u;
		ld->ld_addr[0] = (uint32_t)((int64_t)g->ld[j].base + (int64_t)(it * n + (long)w * T) * g->ld[j].off) & g->amask;
	}
}

/* One demand line of the load in the LSU: an L1 hit (recency, a prefetched
 * line's first use) returns 0; a line in an MSHR (merged, or a free one taken)
 * returns 1 with *mp; with MSHR_STALL and every MSHR in use, -1 (the LSU is
 * held); -2 when the MSHRs cannot be allocated (s->err says why). */
static int dem_line(pts_sm *s, const long *sp, uint32_t line, pts_result *r, pts_ms **mp)
{
	pts_line *c = pts_l1_find(&s->l1, line);
	if (c) {
		if (c->pf)
			r->pf_used++, c->pf = 0;
		c->lru = ++s->l1.tick;
		return 0;
	}
	pts_ms *m = ms_find(s, line);
	if (m) {
		if (m->pf && !m->used)
			r->pf_used++, m->used = 1;
	} else if (sp[PTS_MSHR_STALL] && s->ms_used >= sp[PTS_MSHRS]) {
		return -1;
	} else {
		if (!(m = ms_alloc(s, line)))
			return -2;
		r->dem_miss++;
	}
	*mp = m;
	return 1;
}

/* the load of warp w: L1 lookups; its table inputs into ld */
static void load(pts_sm *s, const pts_prog *g, const pts_arm *a, int w, int j, long cyc, pt_in *ld, pts_result *r,
		 const long *sp)
{
	pts_warp *x = &s->w[w];
	int T = g->threads_per_warp, lsh = 0;
	while ((1 << lsh) < g->line_bytes)
		lsh++;
	uint32_t seen[PT_MAX_THREADS];
	int ns = 0, miss = 0;
	long n = (long)a->warps * T;
	lanes(g, a, x->it, w, j, ld);
	x->wait = 0;
	for (int t = 0; t < T; t++) {
		if (!((ld->ld_mask >> t) & 1u))
			continue;
		uint32_t line = ld->ld_addr[t] >> lsh;
		int dup = 0;
		for (int i = 0; i < ns; i++)
			dup |= seen[i] == line;
		if (dup)
			continue;
		seen[ns++] = line;
		r->dem_lines++;
		if (s->lsu_n) { /* MSHR_STALL: the LSU works in order: the lines after a refused one wait too */
			s->lsu_line[s->lsu_n++] = line, x->wait++, miss = 1;
			continue;
		}
		pts_ms *m;
		int k = dem_line(s, sp, line, r, &m);
		if (k == 0)
			continue;
		if (k == -2)
			return;
		miss = 1;
		if (k == -1) { /* no free MSHR: the LSU holds the load */
			s->lsu_line[0] = line, s->lsu_n = 1, s->lsu_w = w, x->wait++;
			continue;
		}
		if (!((m->waiters >> w) & 1u))
			m->waiters |= 1u << w, x->wait++;
	}
	r->loads++;
	x->t0 = cyc;
	if (x->wait)
		x->res_at = LONG_MAX;
	else
		x->res_at = cyc + sp[PTS_L1_LAT], r->load_lat += (uint64_t)sp[PTS_L1_LAT];
	ld->ld_valid = 1, ld->ld_pc = g->ld[j].pc, ld->ld_warp = (unsigned)w, ld->ld_miss = (unsigned)miss;
	ld->ld_iter = (unsigned)n;
}

/* MSHR_STALL: the LSU retries the held load's lines in order; each finds its
 * line in the L1 (filled meanwhile), merges into an MSHR, or takes a free one;
 * the first that finds none keeps the LSU held (ch. II §2.0.2) */
static void lsu_retry(pts_sm *s, const long *sp, long cyc, pts_result *r)
{
	if (s->ms_used >= sp[PTS_MSHRS])
		r->mshr_full++;
	if (!s->lsu_n)
		return;
	pts_warp *x = &s->w[s->lsu_w];
	int k = 0;
	for (; k < s->lsu_n; k++) {
		pts_ms *m;
		int got = dem_line(s, sp, s->lsu_line[k], r, &m);
		if (got == -2)
			return;
		if (got == -1)
			break;
		if (got == 1) {
			m->waiters |= 1u << s->lsu_w;
		} else if (--x->wait == 0) {
			x->res_at = cyc + sp[PTS_L1_LAT];
			r->load_lat += (uint64_t)(x->res_at - x->t0);
		}
	}
	memmove(&s->lsu_line[0], &s->lsu_line[k], (size_t)(s->lsu_n - k) * sizeof s->lsu_line[0]);
	s->lsu_n -= k;
	if (s->lsu_n)
		r->lsu_stall++;
}

/* thread-invariant data written elsewhere: every TIA load's lines leave the L1 */
static void tia_inval(pts_sm *s, const pts_prog *g)
{
	int lsh = 0;
	while ((1 << lsh) < g->line_bytes)
		lsh++;
	for (int j = 0; j < g->npc; j++)
		if (g->ld[j].kind == PTS_K_TIA)
			for (uint32_t v = 0; v < 4; v++)
				pts_l1_inval(&s->l1, ((g->ld[j].base + v * (uint32_t)g->line_bytes * 4u) & g->amask) >> lsh);
}

/* (2) the issue stage */
static void issue(pts_sm *s, const pts_prog *g, const pts_arm *a, const long *p, const long *sp, long cyc,
		  pts_result *r)
{
	if (cyc < s->issue_free)
		return;
	long body = (long)g->npc * (1 + sp[PTS_ALU]);
	long iters = g->threads / ((long)a->warps * g->threads_per_warp);
	for (int i = 0; i < a->warps; i++) {
		int w = (s->rr + i) % a->warps;
		pts_warp *x = &s->w[w];
		if (x->done || x->wait)
			continue;
		long k = x->op;
		int r0 = (int)(k % (1 + sp[PTS_ALU]));
		int dep = r0 == 1 || pts_is_dep(g, sp, k); /* the load's first use, or a dependence */
		if (dep && x->res_at > cyc)
			continue;
		if (r0 == 0 && s->lsu_n) /* MSHR_STALL: the LSU holds another load */
			continue;
		pt_in ld;
		/* issue k */
		s->rr = (w + 1) % a->warps;
		s->issue_free = cyc + (g->threads_per_warp + sp[PTS_SIMD] - 1) / sp[PTS_SIMD];
		r->instr++;
		if (r0 == 0) {
			load(s, g, a, w, (int)(k / (1 + sp[PTS_ALU])), cyc, &ld, r, sp);
			if (a->prefetch) {
				ld.ld_iter &= (unsigned)wg_ones64((int)p[PT_P_ITER_BITS]);
				if (s->tq_n < sp[PTS_TQ_DEPTH])
					s->tq[(s->tq_hd + s->tq_n++) % 64].ld = ld;
				else
					r->train_drop++;
			}
		} else {
			long lat = pts_is_fp(g, sp, k) ? sp[PTS_FP_LAT] : sp[PTS_INT_LAT];
			x->res_at = cyc + lat;
		}
		if (++x->op >= body) {
			x->op = 0;
			s->thr_done += g->threads_per_warp;
			if (sp[PTS_TIA_INV] && s->thr_done % sp[PTS_TIA_INV] < g->threads_per_warp)
				tia_inval(s, g);
			if (++x->it >= iters)
				x->done = 1;
		}
		return;
	}
}

/* (3) the prefetch table beside the L1 */
static int table(pts_sm *s, pt_model *m, pt_in *in, long cyc, const long *sp, pts_result *r)
{
	if (!in->rst && s->tq_n) {
		const pt_in *ld = &s->tq[s->tq_hd].ld;
		in->ld_valid = 1, in->ld_pc = ld->ld_pc, in->ld_warp = ld->ld_warp, in->ld_mask = ld->ld_mask;
		memcpy(in->ld_addr, ld->ld_addr, sizeof in->ld_addr);
		in->ld_miss = ld->ld_miss, in->ld_iter = ld->ld_iter;
	}
	uint32_t line;
	pt_tag tag;
	unsigned age;
	if (pt_pq_count(m) > 0 && pt_pq_at(m, 0, &line, &tag, &age) == 0)
		in->pf_present = pts_l1_find(&s->l1, line) || ms_find(s, line);
	int dem_wait = 0;
	for (int i = 0; i < PTS_MAXMS && !dem_wait; i++)
		dem_wait = s->ms[i].valid && !s->ms[i].pf && s->ms[i].done < 0;
	in->pf_ready = pts_bw_can(&s->bw) && !dem_wait && !s->lsu_n && s->ms_used < sp[PTS_MSHRS];
	pt_out o;
	memset(&o, 0, sizeof o);
	if (pt_eval(m, in, &o) != 0 && o.msg[0]) {
		snprintf(s->err, sizeof s->err, "cycle %ld: the SM model broke the table's protocol: %s", cyc, o.msg);
		return 1;
	}
	if (!in->rst) {
		if (o.ld_ack && s->tq_n)
			s->tq_hd = (s->tq_hd + 1) % 64, s->tq_n--;
		if (o.pf_valid && in->pf_present && o.pf_tag.last) {
			pts_ms *x = ms_find(s, o.pf_line);
			if (x)
				x->ack = 1, x->ack_tag = o.pf_tag;
			else if (s->nack < 64)
				s->ack[s->nack++] = o.pf_tag;
		}
		if (o.pf_valid && !in->pf_present && in->pf_ready) {
			pts_ms *x = ms_alloc(s, o.pf_line);
			if (!x)
				return 1;
			x->pf = 1, x->tag = o.pf_tag, x->done = cyc + sp[PTS_MEM_LAT];
			s->pf_inflight++;
			pts_bw_take(&s->bw);
			r->pf_issued++, r->mem_lines++;
		}
	}
	pt_tick(m, in);
	return 0;
}

int pts_run(pts_sm *s, const pts_prog *g, const pts_arm *a, const long *p, const long *sp, long max_cycles,
	    pts_result *r, char *err, size_t n)
{
	memset(s, 0, sizeof *s);
	memset(r, 0, sizeof *r);
	if (a->warps < 1 || a->warps > PTS_MAXW || g->threads % ((long)a->warps * g->threads_per_warp)) {
		snprintf(err, n, "%s: %d warps (1..%d, dividing the kernel's %ld threads in warps)", a->name, a->warps,
			 PTS_MAXW, g->threads);
		return 1;
	}
	if (sp[PTS_L1_SETS] * sp[PTS_L1_WAYS] > PTS_MAXL1) {
		snprintf(err, n, "L1_SETS x L1_WAYS = %ld lines, at most %d", sp[PTS_L1_SETS] * sp[PTS_L1_WAYS], PTS_MAXL1);
		return 1;
	}
	pts_l1_init(&s->l1, (int)sp[PTS_L1_SETS], (int)sp[PTS_L1_WAYS]);
	pts_bw_init(&s->bw, sp[PTS_BW_BYTES], g->line_bytes);
	pt_model *m = NULL;
	if (a->prefetch) {
		pt_cfg c;
		pt_cfg_from_params(&c, p);
		if (c.warps != a->warps) {
			snprintf(err, n, "%s: %d warps but the table has WARPS=%d", a->name, a->warps, c.warps);
			return 1;
		}
		m = pt_new(&c);
		if (!m) {
			snprintf(err, n, "out of memory");
			return 1;
		}
	}
	long cyc = 0;
	for (; cyc < max_cycles; cyc++) {
		int done = 1;
		for (int w = 0; w < a->warps; w++)
			done &= s->w[w].done && !s->w[w].wait;
		if (done)
			break;
		pt_in in;
		memset(&in, 0, sizeof in);
		in.rst = cyc < 2;
		memory(s, sp, &in, cyc, r, a->warps);
		if (sp[PTS_MSHR_STALL])
			lsu_retry(s, sp, cyc, r);
		issue(s, g, a, p, sp, cyc, r);
		if (!s->err[0] && m)
			table(s, m, &in, cyc, sp, r);
		if (s->err[0])
			break;
	}
	pt_free(m);
	r->cycles = cyc;
	if (s->err[0]) {
		snprintf(err, n, "%s", s->err);
		return 1;
	}
	r->finished = cyc < max_cycles;
	if (!r->finished) {
		snprintf(err, n, "%s: the kernel did not finish in %ld cycles", a->name, max_cycles);
		return 1;
	}
	return 0;
}

/* ---- power ---- */

int pts_power_load(pts_power *pw, char *err, size_t n)
{
	char path[4096];
	wg_ptable t;
	memset(pw, 0, sizeof *pw);
	wg_ptable_path("apogee_sm.tsv", path, sizeof path);
	if (wg_ptable_load(&t, path, err, n))
		return -1;
	static const char *const q[] = {"power_simt_1", "power_per_warp", "power_table", "power_simt_32"};
	double *v[] = {&pw->p1, &pw->per_warp, &pw->table, &pw->p32};
	size_t o = 0;
	for (int i = 0; i < 4; i++) {
		const wg_prow *row = wg_ptable_need_num(&t, "ap_sm", q[i], err, n);
		if (!row) {
			wg_ptable_free(&t);
			return -1;
		}
		*v[i] = row->value;
		if (o < sizeof pw->src)
			o += (size_t)snprintf(pw->src + o, sizeof pw->src - o, "%s%s apogee_sm.tsv:%d %s", i ? "; " : "", q[i],
					      row->line, wg_kind_name(row->kind));
	}
	wg_ptable_free(&t);
	return 0;
}

double pts_power_of(const pts_power *pw, const pts_arm *a)
{
	return pw->p1 + pw->per_warp * (a->warps - 1) + (a->prefetch ? pw->table : 0.0);
}
