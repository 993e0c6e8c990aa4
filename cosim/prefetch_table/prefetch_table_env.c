/* prefetch_table_env.c - the memory side of one SM around the prefetch table (see
 * prefetch_table_env.h; docs/prefetch_table.md "Stimulus" and "Statistics").
 *
 * Warps run an SPMD loop of loads (the program, from the profile); thread g
 * = iter * n + warp * THREADS + lane with n = WARPS * THREADS (ld_iter_i). A
 * ready warp presents its next load; the L1 is looked up once, in the first
 * cycle the load is driven (ld_miss_i, demand MSHRs allocated, prefetched
 * lines marked used), and the load is held until ld_ack_o. The warp then
 * waits for its missing lines and 1..GAP compute cycles. The memory takes one
 * line every BW_GAP cycles, demand first; pf_ready_i when the slot is free,
 * no demand waits and a prefetch MSHR is free; pf_present_i from the queue
 * head (pt_pq_at, registered state) against the L1 and the MSHRs; a
 * prefetch comes back MEM_LAT cycles after its issue on fill_valid_i (one per
 * cycle) with its tag. */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "prefetch_table_env.h"
#include "wg_bits.h"
#include "wg_kit.h"
#include "wg_rng.h"
#include "wg_stim.h"

#define PTE_MAXPC 80
#define PTE_MAXMS (PT_MAX_WARPS * PT_MAX_THREADS + 64)
#define PTE_MAXL1 4096
#define PTE_MAXACK 64

static const char *const pte_prof_names[] = {"stream", "strided", "tia", "irregular", "manypc", "phases", NULL};

const wg_param_def pte_knobs[PTE_NKNOBS] = {
	[PTE_K_PROFILE] = {"PROFILE", PTE_PR_PHASES, 0, PTE_NPROF - 1, pte_prof_names,
		"access profile: stream (fixed offset), strided (with inactive lanes), tia (thread-invariant loads in a "
		"loop of PCs), irregular (random lines), manypc (more PCs than ENTRIES), phases (the five in turn, new "
		"pattern each PHASE_CYC cycles)", "assumed"},
	[PTE_K_MEM_LAT] = {"MEM_LAT", 400, 1, 100000, NULL, "memory latency (cycles)", "Sethia Tab. 5.3(a): 400"},
	[PTE_K_BW_GAP] = {"BW_GAP", 2, 1, 1000, NULL, "the memory takes one line every BW_GAP cycles", "assumed"},
	[PTE_K_L1_SETS] = {"L1_SETS", 64, 1, 1024, NULL, "L1 sets (LINE_BYTES lines)", "assumed (16 KB at 8 ways)"},
	[PTE_K_L1_WAYS] = {"L1_WAYS", 8, 1, 16, NULL, "L1 ways (LRU)", "assumed"},
	[PTE_K_MSHRS] = {"MSHRS", 32, 1, 64, NULL, "prefetch MSHRs (demand misses always get one)", "assumed"},
	[PTE_K_GAP] = {"GAP", 40, 1, 10000, NULL, "1..GAP compute cycles between a warp's data and its next load",
		"assumed"},
	[PTE_K_PHASE_CYC] = {"PHASE_CYC", 4000, 100, 100000000, NULL, "PROFILE=phases: cycles per phase", "assumed"},
	[PTE_K_RESET_PPM] = {"RESET_PPM", 30, 0, 1000000, NULL, "per-million of cycles with a mid-run reset", "assumed"},
	[PTE_K_PRESENT_FILL] = {"PRESENT_FILL", 1, 0, 1, NULL,
		"1: the L1 answers a batch's last line dropped as present (pf_present_i) on fill_valid_i with its tag, "
		"the next cycle when the line is in the L1, with the MSHR's fill when pending (else the entry's state "
		"stays 'sent' and the next load counts as slow)", "assumed"},
	[PTE_K_TIA_INVAL] = {"TIA_INVAL", 50, 0, 100, NULL,
		"per cent of a warp's loop iterations after which the lines of the loop's thread-invariant loads leave "
		"the L1 (written by another SM; else they stay hot and a TIA prefetch is never late)", "assumed"},
	[PTE_K_BREAK_PCT] = {"BREAK_PCT", 0, 0, 100, NULL,
		"per cent of the streaming and strided loads in which one active lane (not the first) leaves the "
		"pattern: a mismatch after a run of matches (0 draws nothing: the other streams are unchanged)",
		"assumed"},
	[PTE_K_NOPF] = {"NOPF", 0, 0, 1, NULL, "1: pf_ready_i never set (no prefetch reaches memory: the baseline)",
		"assumed"},
};

enum { K_STREAM, K_STRIDE, K_TIA, K_RAND };

typedef struct pte_ld {
	unsigned pc;      /* PC */
	int kind;         /* K_* */
	uint32_t base;    /* base byte address */
	int off;          /* bytes between adjacent threads */
	int hole;         /* % of inactive lanes */
} pte_ld;

typedef struct pte_warp {
	int pci;          /* next load of the loop */
	long iter;        /* loop iteration */
	long ready_at;    /* the next load may be presented from this cycle */
	int wait;         /* lines still missing */
} pte_warp;

typedef struct pte_line {
	uint32_t line;    /* line address */
	uint8_t valid;    /* holds a line */
	uint8_t pf;       /* brought by a prefetch, not used yet */
	uint8_t prof;     /* profile of the prefetch */
	uint64_t lru;     /* last touch */
} pte_line;

typedef struct pte_ms {
	uint8_t valid;    /* in use */
	uint8_t pf;       /* a prefetch */
	uint8_t used;     /* a prefetch a demand merged into */
	uint8_t prof;     /* profile at allocation */
	uint32_t line;    /* line address */
	long done;        /* fill cycle, -1 not sent */
	uint64_t seq;     /* allocation order */
	uint32_t waiters; /* warps waiting for it */
	pt_tag tag;       /* prefetch tag */
} pte_ms;

struct pt_env {
	pt_cfg c;                 /* parameters */
	long k[PTE_NKNOBS];       /* knobs */
	uint64_t rng;             /* xorshift state */
	int lsh;                  /* log2(LINE_BYTES) */
	uint32_t amask;           /* address space mask */
	int prof;                 /* current base profile */
	int phase;                /* phases: index */
	long phase_end;           /* phases: the next change */
	int npc;                  /* loads in the loop */
	pte_ld ld[PTE_MAXPC];     /* the loop */
	pte_warp w[PT_MAX_WARPS]; /* warps */
	int held;                 /* warp of the held load, -1 none */
	pt_in hl;                 /* its fields */
	int rr;                   /* round-robin pointer */
	int sets, ways;           /* L1 geometry */
	pte_line l1[PTE_MAXL1];   /* L1, set-major */
	uint64_t tick;            /* LRU clock */
	pte_ms ms[PTE_MAXMS];     /* MSHRs */
	uint64_t mseq;            /* MSHR allocation counter */
	int pf_inflight;          /* prefetch MSHRs in use */
	long bw_next;             /* the memory takes the next line from this cycle */
	pt_tag ack[PTE_MAXACK];   /* PRESENT_FILL: tags to answer */
	long ack_at[PTE_MAXACK];  /* from this cycle (-1: free; LONG_MAX: with the line's MSHR) */
	uint32_t ack_line[PTE_MAXACK]; /* their lines */
	pte_oc oc;                /* output checks */
	pte_stats st[PTE_NPROF];  /* per profile (PHASES: the base profiles' sums) */
	char err[320];            /* first failure */
};

static uint64_t rnd(pt_env *e) { return wg_rng_next(&e->rng); }
static long pick(pt_env *e, long n) { return n <= 1 ? 0 : wg_pick(&e->rng, n); } /* no draw for n <= 1 */

const char *pte_profile_name(int prof) { return prof >= 0 && prof < PTE_NPROF ? pte_prof_names[prof] : "?"; }

int pte_profile_find(const char *name, int n)
{
	for (int i = 0; i < n && i < PTE_NPROF; i++)
		if (strcasecmp(name, pte_prof_names[i]) == 0)
			return i;
	return -1;
}

size_t pte_size(const long *p)
{
	(void)p;
	return sizeof(pt_env);
}

/* ---- the program ---- */

static int pick_off(pt_env *e, int big)
{
	static const int small[] = {4, 8, 4, 16, -4, 8, 12, 2};
	static const int large[] = {32, 64, 96, 128, -32, 48, 40, 256};
	long omax = (1L << (e->c.offset_bits - 1)) - 1;
	for (int tries = 0; tries < 8; tries++) {
		int o = big ? large[pick(e, 8)] : small[pick(e, 8)];
		if (o <= omax && o >= -omax - 1)
			return o;
	}
	return pick(e, 2) ? 1 : -1;
}

static void build(pt_env *e, int prof)
{
	int pcs = 1 << e->c.pc_bits;
	unsigned pcb = (unsigned)pick(e, pcs);
	e->prof = prof;
	switch (prof) {
	case PTE_PR_STREAM: e->npc = 1 + (int)pick(e, 3); break;
	case PTE_PR_STRIDED: e->npc = 1 + (int)pick(e, 2); break;
	case PTE_PR_TIA: e->npc = 4; break;
	case PTE_PR_IRREGULAR: e->npc = 1 + (int)pick(e, 3); break;
	default: e->npc = e->c.entries + 1 + (int)pick(e, e->c.entries / 2 + 2); break;
	}
	if (e->npc > PTE_MAXPC)
		e->npc = PTE_MAXPC;
	if (e->npc > pcs)
		e->npc = pcs;
	for (int j = 0; j < e->npc; j++) {
		pte_ld *l = &e->ld[j];
		l->pc = (pcb + (unsigned)j) & (unsigned)(pcs - 1);
		l->base = (uint32_t)rnd(e) & e->amask & ~3u;
		l->hole = 0;
		switch (prof) {
		case PTE_PR_STREAM:
		case PTE_PR_MANYPC: l->kind = K_STREAM, l->off = pick_off(e, 0); break;
		case PTE_PR_STRIDED:
			l->kind = K_STRIDE, l->off = pick_off(e, 1), l->hole = 10 + (int)pick(e, 40);
			if (pick(e, 8) == 0) /* a stride the table cannot hold */
				l->off = (int)((1L << (e->c.offset_bits - 1)) + 4 * (1 + pick(e, 8)));
			break;
		case PTE_PR_TIA: /* stream, scalar, stream, scalar */
			l->kind = (j & 1) ? K_TIA : K_STREAM, l->off = pick_off(e, 1);
			break;
		default: l->kind = K_RAND, l->off = 0; break;
		}
		if (l->kind != K_RAND && pick(e, 4) == 0) /* near an end of the space: predictions leave it */
			l->base = l->off >= 0 ? (e->amask - (uint32_t)pick(e, 2048)) & ~3u : (uint32_t)pick(e, 2048) & ~3u;
	}
	for (int w = 0; w < e->c.warps; w++)
		e->w[w].pci %= e->npc;
}

/* a thread-invariant load's address in iteration it: one of 4 lines, each
 * for 16 iterations */
static uint32_t tia_line_addr(const pt_env *e, const pte_ld *l, long it)
{
	return (l->base + (uint32_t)((it >> 4) & 3) * (uint32_t)e->c.line_bytes * 4u) & e->amask & ~3u;
}

/* lane addresses of warp w's next load into in */
static void make_load(pt_env *e, int w, pt_in *in)
{
	const pte_ld *l = &e->ld[e->w[w].pci];
	long n = (long)e->c.warps * e->c.threads;
	long it = e->w[w].iter;
	in->ld_valid = 1;
	in->ld_pc = l->pc;
	in->ld_warp = (unsigned)w;
	in->ld_mask = 0;
	uint32_t region = (e->amask >> 4) | 0xfffu; /* irregular: a region of the space */
	uint32_t tia_addr = tia_line_addr(e, l, it);
	for (int t = 0; t < e->c.threads; t++) {
		if (l->hole && wg_pct(&e->rng, l->hole))
			continue;
		in->ld_mask |= 1u << t;
		long g = it * n + (long)w * e->c.threads + t;
		uint32_t a;
		if (l->kind == K_TIA)
			a = tia_addr;
		else if (l->kind == K_RAND)
			a = (l->base + ((uint32_t)rnd(e) & region)) & e->amask & ~3u;
		else
			a = (uint32_t)((int64_t)l->base + (int64_t)g * l->off) & e->amask;
		in->ld_addr[t] = a;
	}
	/* one lane off the pattern (BREAK_PCT): a mismatch after the lanes before it matched */
	if (e->k[PTE_K_BREAK_PCT] && (l->kind == K_STREAM || l->kind == K_STRIDE) && (in->ld_mask & (in->ld_mask - 1)) &&
	    wg_pct(&e->rng, e->k[PTE_K_BREAK_PCT])) {
		int t = e->c.threads - 1 - (int)pick(e, e->c.threads / 2);
		while (t < e->c.threads && !((in->ld_mask >> t) & 1u))
			t++;
		if (t < e->c.threads && (in->ld_mask & wg_ones64(t)))
			in->ld_addr[t] = (in->ld_addr[t] + (uint32_t)e->c.line_bytes * 3u + 4u) & e->amask & ~3u;
	}
	if (!in->ld_mask) {
		int t = (int)pick(e, e->c.threads);
		in->ld_mask = 1u << t;
		long g = it * n + (long)w * e->c.threads + t;
		in->ld_addr[t] = (uint32_t)((int64_t)l->base + (int64_t)g * l->off) & e->amask;
	}
	in->ld_iter = (unsigned)(n & (long)wg_ones64(e->c.iter_bits));
}

/* ---- L1 and MSHRs ---- */

static pte_line *l1_find(pt_env *e, uint32_t line)
{
	pte_line *s = &e->l1[(line % (uint32_t)e->sets) * (uint32_t)e->ways];
	for (int i = 0; i < e->ways; i++)
		if (s[i].valid && s[i].line == line)
			return &s[i];
	return NULL;
}

static pte_ms *ms_find(pt_env *e, uint32_t line)
{
	for (int i = 0; i < PTE_MAXMS; i++)
		if (e->ms[i].valid && e->ms[i].line == line)
			return &e->ms[i];
	return NULL;
}

static pte_ms *ms_alloc(pt_env *e, uint32_t line)
{
	for (int i = 0; i < PTE_MAXMS; i++)
		if (!e->ms[i].valid) {
			pte_ms *m = &e->ms[i];
			memset(m, 0, sizeof *m);
			m->valid = 1, m->line = line, m->done = -1, m->seq = e->mseq++, m->prof = (uint8_t)e->prof;
			return m;
		}
	snprintf(e->err, sizeof e->err, "environment: out of MSHRs");
	return NULL;
}

static void l1_insert(pt_env *e, uint32_t line, int pf, int prof)
{
	pte_line *x = l1_find(e, line);
	if (!x) {
		pte_line *s = &e->l1[(line % (uint32_t)e->sets) * (uint32_t)e->ways];
		x = &s[0];
		for (int i = 0; i < e->ways; i++) {
			if (!s[i].valid) {
				x = &s[i];
				break;
			}
			if (s[i].lru < x->lru)
				x = &s[i];
		}
		if (x->valid && x->pf)
			e->st[x->prof].pf_early++;
		x->valid = 1, x->line = line, x->pf = 0;
	}
	x->pf = (uint8_t)pf, x->prof = (uint8_t)prof;
	x->lru = ++e->tick;
}

/* iteration it's lines of the loop's thread-invariant loads leave the L1 */
static void tia_inval(pt_env *e, long it)
{
	for (int j = 0; j < e->npc; j++) {
		if (e->ld[j].kind != K_TIA)
			continue;
		pte_line *x = l1_find(e, tia_line_addr(e, &e->ld[j], it) >> e->lsh);
		if (x)
			x->valid = 0, x->pf = 0;
	}
}

static void wake(pt_env *e, uint32_t waiters)
{
	for (int w = 0; w < e->c.warps; w++)
		if ((waiters >> w) & 1u)
			e->w[w].wait--;
}

/* memory returns and demand sends of this cycle; a prefetch fill into in */
static void memory(pt_env *e, pt_in *in, long cyc)
{
	pte_ms *best = NULL;
	for (int i = 0; i < PTE_MAXMS; i++) {
		pte_ms *m = &e->ms[i];
		if (!m->valid || m->done < 0 || m->done > cyc)
			continue;
		if (!m->pf) {
			l1_insert(e, m->line, 0, m->prof);
			wake(e, m->waiters);
			m->valid = 0;
		} else if (!best || m->done < best->done || (m->done == best->done && m->seq < best->seq)) {
			best = m;
		}
	}
	/* PRESENT_FILL answers wait for their line's MSHR */
	for (int i = 0; i < PTE_MAXACK; i++)
		if (e->ack_at[i] == LONG_MAX && !ms_find(e, e->ack_line[i]))
			e->ack_at[i] = cyc;
	if (!best && !in->rst) {
		int a = -1;
		for (int i = 0; i < PTE_MAXACK; i++)
			if (e->ack_at[i] >= 0 && e->ack_at[i] <= cyc && (a < 0 || e->ack_at[i] < e->ack_at[a]))
				a = i;
		if (a >= 0) {
			in->fill_valid = 1;
			in->fill_tag = e->ack[a];
			e->ack_at[a] = -1;
		}
	}
	if (best && !in->rst) { /* one fill per cycle; none in a reset cycle */
		in->fill_valid = 1;
		in->fill_tag = best->tag;
		l1_insert(e, best->line, !best->used, best->prof);
		wake(e, best->waiters);
		best->valid = 0;
		e->pf_inflight--;
	}
	if (cyc >= e->bw_next) {
		pte_ms *d = NULL;
		for (int i = 0; i < PTE_MAXMS; i++)
			if (e->ms[i].valid && !e->ms[i].pf && e->ms[i].done < 0 && (!d || e->ms[i].seq < d->seq))
				d = &e->ms[i];
		if (d) {
			d->done = cyc + e->k[PTE_K_MEM_LAT];
			e->bw_next = cyc + e->k[PTE_K_BW_GAP];
		}
	}
}

/* the demand access of warp w's load (first cycle it is driven) */
static void access(pt_env *e, int w, pt_in *in)
{
	uint32_t seen[PT_MAX_THREADS];
	int ns = 0, miss = 0;
	pte_stats *st = &e->st[e->prof];
	for (int t = 0; t < e->c.threads; t++) {
		if (!((in->ld_mask >> t) & 1u))
			continue;
		uint32_t line = in->ld_addr[t] >> e->lsh;
		int dup = 0;
		for (int i = 0; i < ns; i++)
			dup |= seen[i] == line;
		if (dup)
			continue;
		seen[ns++] = line;
		st->dem_lines++;
		pte_line *x = l1_find(e, line);
		if (x) {
			if (x->pf)
				e->st[x->prof].pf_timely++, x->pf = 0;
			else
				st->dem_hit++;
			x->lru = ++e->tick;
			continue;
		}
		miss = 1;
		pte_ms *m = ms_find(e, line);
		if (m) {
			if (m->pf && !m->used)
				e->st[m->prof].pf_slow++, m->used = 1;
			else
				st->dem_merge++;
		} else {
			m = ms_alloc(e, line);
			if (!m)
				return;
			st->dem_miss++;
		}
		if (!((m->waiters >> w) & 1u))
			m->waiters |= 1u << w, e->w[w].wait++;
	}
	in->ld_miss = (unsigned)miss;
}

/* ---- the interface ---- */

const char *pte_init(pt_env *e, const long *p, const long *knobs, uint64_t seed, char *err, size_t n)
{
	memset(e, 0, sizeof *e);
	pt_cfg_from_params(&e->c, p);
	memcpy(e->k, knobs, sizeof e->k);
	e->rng = wg_rng_seed(seed);
	while ((1 << e->lsh) < e->c.line_bytes)
		e->lsh++;
	e->amask = (uint32_t)wg_ones64(e->c.addr_bits);
	e->sets = (int)e->k[PTE_K_L1_SETS];
	e->ways = (int)e->k[PTE_K_L1_WAYS];
	if ((long)e->sets * e->ways > PTE_MAXL1) {
		snprintf(err, n, "L1_SETS x L1_WAYS = %d lines, at most %d", e->sets * e->ways, PTE_MAXL1);
		return err;
	}
	e->held = -1;
	for (int i = 0; i < PTE_MAXACK; i++)
		e->ack_at[i] = -1;
	e->phase = (int)pick(e, PTE_NBASE);
	e->phase_end = e->k[PTE_K_PHASE_CYC];
	build(e, e->k[PTE_K_PROFILE] == PTE_PR_PHASES ? e->phase : (int)e->k[PTE_K_PROFILE]);
	for (int w = 0; w < e->c.warps; w++)
		e->w[w].ready_at = 2 + pick(e, e->k[PTE_K_GAP]);
	pte_oc_reset(&e->oc);
	return NULL;
}

static void do_reset(pt_env *e)
{
	e->held = -1; /* the warp presents the load again */
	pte_oc_reset(&e->oc);
}

void pte_drive(pt_env *e, const pt_model *m, pt_in *in, long cyc)
{
	e->st[e->prof].cycles++;
	if (e->k[PTE_K_PROFILE] == PTE_PR_PHASES && cyc >= e->phase_end) {
		e->phase = (e->phase + 1) % PTE_NBASE;
		e->phase_end = cyc + e->k[PTE_K_PHASE_CYC];
		build(e, e->phase);
	}
	in->rst = cyc < 2 || (e->k[PTE_K_RESET_PPM] && pick(e, 1000000) < e->k[PTE_K_RESET_PPM]);
	memory(e, in, cyc);
	if (in->rst) {
		do_reset(e);
		return;
	}
	if (e->held < 0) {
		for (int i = 0; i < e->c.warps; i++) {
			int w = (e->rr + i) % e->c.warps;
			if (e->w[w].wait == 0 && e->w[w].ready_at <= cyc) {
				memset(&e->hl, 0, sizeof e->hl);
				make_load(e, w, &e->hl);
				access(e, w, &e->hl);
				e->held = w;
				e->rr = (w + 1) % e->c.warps;
				break;
			}
		}
	}
	if (e->held >= 0) {
		in->ld_valid = 1, in->ld_pc = e->hl.ld_pc, in->ld_warp = e->hl.ld_warp, in->ld_mask = e->hl.ld_mask;
		memcpy(in->ld_addr, e->hl.ld_addr, sizeof in->ld_addr);
		in->ld_miss = e->hl.ld_miss, in->ld_iter = e->hl.ld_iter;
	}
	uint32_t line;
	pt_tag tag;
	unsigned age;
	if (m && pt_pq_count(m) > 0 && pt_pq_at(m, 0, &line, &tag, &age) == 0)
		in->pf_present = l1_find(e, line) || ms_find(e, line);
	int dem_wait = 0;
	for (int i = 0; i < PTE_MAXMS && !dem_wait; i++)
		dem_wait = e->ms[i].valid && !e->ms[i].pf && e->ms[i].done < 0;
	in->pf_ready = !e->k[PTE_K_NOPF] && cyc >= e->bw_next && !dem_wait && e->pf_inflight < e->k[PTE_K_MSHRS];
}

void pte_observe(pt_env *e, const pt_model *m, const pt_in *in, const pt_out *o, long cyc)
{
	char buf[256];
	const char *msg = pte_outcheck(&e->oc, &e->c, in, o, cyc, buf, sizeof buf);
	if (msg && !e->err[0])
		snprintf(e->err, sizeof e->err, "%s", msg);
	if (in->rst)
		return;
	if (o->ld_ack && e->held >= 0) {
		pte_stats *st = &e->st[e->prof];
		st->loads++;
		const pt_entry *en = m ? pt_entry_at(m, (int)o->entry) : NULL;
		if (en && en->type == PT_TYPE_FOA && en->pc == in->ld_pc && en->off_valid) {
			unsigned d = en->dist < PTE_DHIST ? en->dist : PTE_DHIST - 1;
			st->dist[d]++;
		}
		pte_warp *w = &e->w[e->held];
		if (++w->pci >= e->npc) {
			w->pci = 0, w->iter++;
			if (wg_pct(&e->rng, e->k[PTE_K_TIA_INVAL]))
				tia_inval(e, w->iter - 1);
		}
		w->ready_at = cyc + 1 + pick(e, e->k[PTE_K_GAP]);
		e->held = -1;
	}
	if (o->pf_valid && in->pf_present) {
		e->st[e->prof].pf_present++;
		if (e->k[PTE_K_PRESENT_FILL] && o->pf_tag.last) {
			for (int i = 0; i < PTE_MAXACK; i++)
				if (e->ack_at[i] < 0) {
					e->ack[i] = o->pf_tag, e->ack_line[i] = o->pf_line;
					e->ack_at[i] = ms_find(e, o->pf_line) ? LONG_MAX : cyc + 1;
					break;
				}
		}
	}
	if (o->pf_valid && !in->pf_present && in->pf_ready) {
		if (l1_find(e, o->pf_line) || ms_find(e, o->pf_line)) {
			if (!e->err[0])
				snprintf(e->err, sizeof e->err,
					 "cycle %ld: pf_line_o %#x is offered as absent but the L1 or an MSHR holds it (pf_line_o "
					 "is not the queue head pt_pq_at(0) reported before eval)",
					 cyc, (unsigned)o->pf_line);
			return;
		}
		pte_ms *x = ms_alloc(e, o->pf_line);
		if (!x)
			return;
		x->pf = 1, x->tag = o->pf_tag, x->done = cyc + e->k[PTE_K_MEM_LAT];
		e->pf_inflight++;
		e->bw_next = cyc + e->k[PTE_K_BW_GAP];
		e->st[e->prof].pf_issued++;
	}
}

const char *pte_error(const pt_env *e) { return e->err[0] ? e->err : NULL; }

const pte_stats *pte_get_stats(const pt_env *e, int prof) { return &e->st[prof]; }

int pte_profile(const pt_env *e) { return (int)e->k[PTE_K_PROFILE]; }

int pte_no_prefetch(const pt_env *e) { return (int)e->k[PTE_K_NOPF]; }

/* ---- output checks ---- */

void pte_oc_reset(pte_oc *s)
{
	s->have = 0;
	s->held_since = -1;
}

const char *pte_outcheck(pte_oc *s, const pt_cfg *c, const pt_in *in, const pt_out *o, long cyc, char *buf, size_t n)
{
	if (in->rst) {
		pte_oc_reset(s);
		return NULL;
	}
	long bound = pt_chunks(c) + c->threads + c->entries + 8;
	int pop = o->pf_valid && (in->pf_present || in->pf_ready);
	EXPECT(o->pq_count <= (unsigned)c->pq_depth, "cycle %ld: pq_count_o=%u > PQ_DEPTH=%d", cyc, o->pq_count,
	       c->pq_depth);
	EXPECT(!o->pf_valid || o->pq_count > 0, "cycle %ld: pf_valid_o with pq_count_o=0", cyc);
	if (o->pf_valid) {
		EXPECT(o->pf_line <= (uint32_t)wg_ones64(pt_line_bits(c)), "cycle %ld: pf_line_o %#x outside the space", cyc,
		       (unsigned)o->pf_line);
		EXPECT(o->pf_tag.warp < (unsigned)c->warps && o->pf_tag.entry < (unsigned)c->entries,
		       "cycle %ld: pf_tag_o warp %u entry %u out of range (WARPS=%d, ENTRIES=%d)", cyc, o->pf_tag.warp,
		       o->pf_tag.entry, c->warps, c->entries);
		EXPECT(!o->pf_tag.tia || o->pf_tag.last, "cycle %ld: a TIA line offered without last", cyc);
	} else {
		EXPECT(o->pf_line == 0 && !o->pf_tag.pc && !o->pf_tag.entry && !o->pf_tag.warp && !o->pf_tag.last &&
			       !o->pf_tag.tia,
		       "cycle %ld: pf_line_o/pf_tag_o not 0 while pf_valid_o is low", cyc);
	}
	if (s->have) {
		EXPECT(o->pq_count + (unsigned)s->pop <= s->cnt + 1 && o->pq_count + (unsigned)s->pop >= s->cnt,
		       "cycle %ld: pq_count_o %u after %u with %s pop (at most one push a cycle)", cyc, o->pq_count, s->cnt,
		       s->pop ? "a" : "no");
	}
	EXPECT(!o->ld_ack || in->ld_valid, "cycle %ld: ld_ack_o without a load", cyc);
	EXPECT(!o->ld_ack || o->phase == PT_PH_TSCAN, "cycle %ld: ld_ack_o in phase %u (the contract: TSCAN)", cyc,
	       o->phase);
	if (in->ld_valid && s->held_since < 0)
		s->held_since = cyc;
	EXPECT(s->held_since < 0 || cyc - s->held_since <= bound,
	       "cycle %ld: watchdog: the load held since cycle %ld is not acknowledged after %ld cycles", cyc,
	       s->held_since, bound);
	if (o->ld_ack || !in->ld_valid)
		s->held_since = -1;
	s->have = 1, s->cnt = o->pq_count, s->pop = pop;
	return NULL;
}

/* ---- frames ---- */

void pte_pack(const pt_cfg *c, const wg_layout *L, const pt_in *in, uint32_t *f)
{
	wg_port_put(L, f, PT_RST_I, in->rst);
	wg_port_put(L, f, PT_LD_VALID_I, in->ld_valid);
	wg_port_put(L, f, PT_LD_PC_I, in->ld_pc);
	wg_port_put(L, f, PT_LD_WARP_I, in->ld_warp);
	wg_port_put(L, f, PT_LD_MASK_I, in->ld_mask);
	for (int t = 0; t < c->threads; t++)
		wg_elem_put(L, f, PT_LD_ADDR_I, t, c->addr_bits, in->ld_addr[t] & wg_ones64(c->addr_bits));
	wg_port_put(L, f, PT_LD_MISS_I, in->ld_miss);
	wg_port_put(L, f, PT_LD_ITER_I, in->ld_iter);
	wg_port_put(L, f, PT_FILL_VALID_I, in->fill_valid);
	wg_port_put(L, f, PT_FILL_TAG_I, pt_tag_pack(c, &in->fill_tag));
	wg_port_put(L, f, PT_PF_READY_I, in->pf_ready);
	wg_port_put(L, f, PT_PF_PRESENT_I, in->pf_present);
}

void pte_unpack(const pt_cfg *c, const wg_layout *L, const uint32_t *f, pt_out *o)
{
	memset(o, 0, sizeof *o);
	o->ld_ack = (unsigned)wg_port_get(L, f, PT_LD_ACK_O);
	o->pf_valid = (unsigned)wg_port_get(L, f, PT_PF_VALID_O);
	o->pf_line = (uint32_t)wg_port_get(L, f, PT_PF_LINE_O);
	o->pf_tag = pt_tag_unpack(c, wg_port_get(L, f, PT_PF_TAG_O));
	o->pq_count = (unsigned)wg_port_get(L, f, PT_PQ_COUNT_O);
	o->phase = (unsigned)wg_port_get(L, f, PT_PHASE_O);
	o->entry = (unsigned)wg_port_get(L, f, PT_ENTRY_O);
	for (int e = 0; e < L->nevents; e++)
		o->ev[e] = (unsigned)wg_slice_get(L, f, PT_EV_O, L->ev_lsb[e], L->ev_w[e]);
}
