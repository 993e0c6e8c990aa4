/* rename_kernel.c - synthetic kernels for the renaming table: the structured
 * code generator, the Table 3 workload profiles and the per-warp walker.
 * The compiler passes (liveness, hints, exemption, PCs) are in
 * rename_kernel_live.c, the self-check (rnk_check) in rename_kernel_check.c.
 *
 * Generator. A program is a list: a block, then constructs, each an if/else,
 * a loop or a straight-line block; every if/loop is preceded by its
 * condition / pre-header block and followed by its join / exit block, and
 * nested lists have the same form. Code is emitted in program order, so an
 * if's region and a loop's body are contiguous block ranges. Patterns:
 *  - the first block defines the long-lived registers (long_pct of N) and a
 *    few temporaries; the last block reads every long-lived one (stores);
 *  - reads pick defined registers only (defined on every path reaching the
 *    point, at thread level): reuse_pct of them a value written by the last
 *    few instructions (short lifetimes), the rest any defined temporary
 *    (longer lifetimes), a few a long-lived one (addresses, loop invariants);
 *  - shape.uses = 1 (warpgen stats rename): a temporary's value has 1, 2 or 3
 *    reads (70/20/10 %, Gebhart ISCA'11 Fig. 2a); reads take a temporary with
 *    reads left, else a long-lived register, else any defined temporary;
 *    writes go to a dead temporary first (a register allocator's reuse);
 *  - writes go to the least recently written temporary (sometimes a random
 *    one); rewrite_pct of them to a register this instruction reads (C7,
 *    `add r0, r0, r5`) or the previous one read (dct8x8: release, then
 *    allocate again at once);
 *  - 0..3 sources; 6% of instructions with >= 2 sources repeat one (C8);
 *    ld_pct loads (one address source), 10% stores (address, value; no
 *    destination), 6% SFU;
 *  - if: the condition block defines a value that both paths read first
 *    (released only at the join, via pbr); 65% have an else; writes inside
 *    are partial;
 *  - loop: the pre-header defines an accumulator, the latch updates it
 *    (`acc = acc + x`, loop-carried, C7), 60% of exits read it (live-out);
 *    the body's own temporaries die inside one iteration (pir in the body);
 *  - 15% of blocks are 19..34 instructions long (a second pir, C17).
 *
 * Walker. Per warp, decisions from (seed, warp) only: at an if, with
 * div_pct % the warp diverges (a random nonempty proper subset of its active
 * lanes runs the then part, then the rest runs the else part, SIMT-stack
 * order, then the join), else all lanes go one way (50/50). A loop instance
 * runs trip' times, trip' uniform in [max(1, t - t/2), t + t/2], t = trip. */
#include <stdio.h>
#include <string.h>

#include "rename_kernel.h"
#include "wg_rng.h"

typedef uint64_t rmask;
#define RB(r) ((rmask)1 << (r))
#define RNK_FULL 0xffffffffu

/* ------------------------------------------------------------------ */
/* Profiles                                                            */
/* ------------------------------------------------------------------ */

/* Table 3 (spec §5.1) warps and outside register counts; every code shape is
 * assumed (the paper gives none). rt_entries = 816 (spec A3) for all. The last
 * argument of P() is Table 3's count in parentheses (general-purpose registers,
 * rnk_shape.gpr): the rest of N are address / condition registers, used by
 * shape.uses = 2 (warpgen stats rename --lifetimes table3) only.
 *
 * | name         | W  | N  | insns | if | loop | div | trip | ld | long | reuse | rw | why                                           |
 * |--------------|----|----|-------|----|------|-----|------|----|------|-------|----|-----------------------------------------------|
 * | matrixMul    | 32 | 14 |  160  |  5 |  40  |   0 |  8   | 15 |  15  |  70   |  0 | tiled loop; r12 short-lived before it, r2 long (§6.4) |
 * | Blackscholes | 32 | 18 |  220  | 10 |   5  |  10 |  4   |  8 |  20  |  60   |  0 | straight-line math                            |
 * | dct8x8       | 16 | 22 |  300  |  5 |  15  |   0 |  8   | 10 |  15  |  85   | 40 | reads and rewrites a register next insn (§10.2) |
 * | nbody        | 32 | 41 |  400  |  5 |  30  |   5 | 16   | 10 |  60  |  40   |  0 | most registers live (§10.2); exempts 16         |
 * | reduction    | 40 | 14 |  150  | 30 |  40  |  50 |  6   | 10 |  20  |  70   |  0 | tid < s divergence in a loop                  |
 * | vectorAdd    | 48 |  4 |   12  |  0 |   0  |   0 |  1   | 40 |   0  |  80   |  0 | tiny (§10.2)                                  |
 * | backprop     | 48 | 17 |  220  | 20 |  20  |  30 |  4   | 15 |  25  |  60   |  0 |                                               |
 * | bfs          | 48 |  9 |   90  | 40 |  20  |  60 |  4   | 25 |  20  |  60   |  0 | branchy, short kernel                         |
 * | heartwall    | 32 | 29 |  500  | 20 |  30  |  20 |  8   | 15 |  30  |  50   |  0 | large; exempts 4                              |
 * | hotspot      | 24 | 28 |  300  | 30 |  10  |  30 |  4   | 15 |  30  |  60   |  0 | boundary conditions                           |
 * | kmeans       | 48 | 13 |  160  | 10 |  40  |  10 |  8   | 25 |  25  |  60   |  0 | distance loop                                 |
 * | NN           | 42 | 14 |  160  |  5 |  30  |   5 |  8   | 20 |  20  |  60   |  0 | weight loops                                  |
 * | pathfinder   | 48 | 16 |  200  | 30 |  30  |  30 |  8   | 15 |  25  |  60   |  0 | min of neighbours, bounds checks              |
 * | lud          | 48 | 19 |  260  | 15 |  40  |  20 |  8   | 15 |  30  |  55   |  0 | exempts 2                                     |
 * | gaussian     | 16 |  8 |   60  | 20 |  20  |  20 |  4   | 20 |  75  |  30   |  0 | most registers live (§10.2)                   |
 * | LIB          |  8 | 24 |  300  | 10 |  30  |  10 | 16   | 10 |  70  |  35   |  0 | most registers live (§10.2)                   |
 * | LPS          | 28 | 17 |  220  | 20 |  25  |  20 |  6   | 20 |  30  |  60   |  0 | stencil with bounds checks                    |
 * | CP           | 32 | 17 |  200  |  5 |  40  |   0 | 16   |  5 |  40  |  55   |  0 | long inner loop over atoms                    |
 */
#define P(nm, w, r, ins, ifp, lp, dv, tr, ld, lo, ru, rw, gp) \
	{nm, w, r, {r, w, 816, ins, ifp, lp, dv, tr, ld, lo, ru, rw, 0, gp}}
static const rnk_profile rnk_prof[] = {
	P("matrixMul", 32, 14, 160, 5, 40, 0, 8, 15, 15, 70, 0, 7),
	P("Blackscholes", 32, 18, 220, 10, 5, 10, 4, 8, 20, 60, 0, 16),
	P("dct8x8", 16, 22, 300, 5, 15, 0, 8, 10, 15, 85, 40, 20),
	P("nbody", 32, 41, 400, 5, 30, 5, 16, 10, 60, 40, 0, 40),
	P("reduction", 40, 14, 150, 30, 40, 50, 6, 10, 20, 70, 0, 8),
	P("vectorAdd", 48, 4, 12, 0, 0, 0, 1, 40, 0, 80, 0, 3),
	P("backprop", 48, 17, 220, 20, 20, 30, 4, 15, 25, 60, 0, 12),
	P("bfs", 48, 9, 90, 40, 20, 60, 4, 25, 20, 60, 0, 6),
	P("heartwall", 32, 29, 500, 20, 30, 20, 8, 15, 30, 50, 0, 23),
	P("hotspot", 24, 28, 300, 30, 10, 30, 4, 15, 30, 60, 0, 20),
	P("kmeans", 48, 13, 160, 10, 40, 10, 8, 25, 25, 60, 0, 9),
	P("NN", 42, 14, 160, 5, 30, 5, 8, 20, 20, 60, 0, 8),
	P("pathfinder", 48, 16, 200, 30, 30, 30, 8, 15, 25, 60, 0, 8),
	P("lud", 48, 19, 260, 15, 40, 20, 8, 15, 30, 55, 0, 12),
	P("gaussian", 16, 8, 60, 20, 20, 20, 4, 20, 75, 30, 0, 6),
	P("LIB", 8, 24, 300, 10, 30, 10, 16, 10, 70, 35, 0, 17),
	P("LPS", 28, 17, 220, 20, 25, 20, 6, 20, 30, 60, 0, 10),
	P("CP", 32, 17, 200, 5, 40, 0, 16, 5, 40, 55, 0, 17),
	{NULL, 0, 0, {0}},
};
#undef P

const rnk_profile *rnk_profiles(int *n)
{
	if (n)
		*n = (int)(sizeof rnk_prof / sizeof rnk_prof[0]) - 1;
	return rnk_prof;
}

/* ------------------------------------------------------------------ */
/* Generator                                                           */
/* ------------------------------------------------------------------ */

#define G_RECENT 4
#define G_MAX_LOOPS 2 /* loop nesting (the dynamic length grows as trip^depth) */

typedef struct gen {
	rnk_kernel *k;         /* kernel being built */
	const rnk_shape *s;    /* its shape */
	uint64_t rng;          /* generator's random state */
	int N;                 /* registers */
	rmask longm;           /* long-lived registers */
	rmask temps;           /* the others */
	rmask acm;             /* shape.uses 2: the temporaries that are address/condition registers */
	int ac_pend;           /* an address/condition value waits for its one read (the next insn) */
	int no_ac;             /* the destination being picked must not be one (if value, loop acc) */
	rmask D;               /* defined on every path reaching this point */
	rmask pinned;          /* loop accumulators: no ordinary write to them */
	int recent[G_RECENT];  /* last written registers, most recent first (-1 none) */
	long wtime[64];        /* when each register was last written (-1 never) */
	int left[64];          /* shape.uses: reads left of each register's value (0: dead) */
	long now;              /* instructions emitted */
	int prev_src[3];       /* previous instruction's sources */
	int force;             /* register the next instruction must read, -1 none */
	int final;             /* emitting the last block: long-lived reads allowed */
	int div;               /* inside an if region: writes are partial */
	int depth, loops;      /* nesting */
	int cur;               /* block being appended to */
	int full;              /* out of room */
} gen;

static uint32_t g_rnd(gen *g, uint32_t n)
{
	return n ? (uint32_t)(wg_rng_next(&g->rng) >> 32) % n : 0;
}

static int pick_in(gen *g, rmask m)
{
	int c = 0;
	for (rmask x = m; x; x &= x - 1)
		c++;
	if (!c)
		return RNK_NONE;
	int t = (int)g_rnd(g, (uint32_t)c);
	for (int r = 0; r < 64; r++)
		if ((m & RB(r)) && t-- == 0)
			return r;
	return RNK_NONE;
}

/* shape.uses: the registers whose value has reads left. */
static rmask pending_uses(const gen *g)
{
	rmask m = 0;
	for (int r = 0; r < g->N; r++)
		if (g->left[r] > 0)
			m |= RB(r);
	return m;
}

static int pick_src(gen *g)
{
	rmask cand = g->D & g->temps & ~g->acm;
	if (g->s->uses) {
		/* a temporary with reads left; else an address / invariant (long-lived); else any */
		rmask pend = cand & pending_uses(g);
		if (pend || (g->D & g->longm))
			cand = pend;
	}
	if (g->final || g_rnd(g, 100) < 4 || !cand)
		cand |= g->D & g->longm;
	if (!cand && g->s->uses)
		cand = g->D & g->temps & ~g->acm;
	if (!cand)
		return RNK_NONE;
	if ((int)g_rnd(g, 100) < g->s->reuse_pct) {
		int want = (int)g_rnd(g, 3);
		for (int q = 0; q < G_RECENT; q++) {
			int r = g->recent[q];
			if (r >= 0 && (cand & RB(r)) && want-- <= 0)
				return r;
		}
	}
	return pick_in(g, cand);
}

static int pick_dst(gen *g, const int *src)
{
	rmask ok = g->temps & ~g->pinned;
	if (g->no_ac && (ok & ~g->acm))
		ok &= ~g->acm;
	int rw = g->s->rewrite_pct ? g->s->rewrite_pct : 6;
	if ((int)g_rnd(g, 100) < rw) {
		rmask c = 0;
		for (int j = 0; j < 3; j++) {
			if (src[j] != RNK_NONE)
				c |= RB(src[j]);
			if (g->prev_src[j] != RNK_NONE)
				c |= RB(g->prev_src[j]);
		}
		if (c & ok)
			return pick_in(g, c & ok);
	}
	if (!ok)
		ok = g->temps ? g->temps : g->longm;
	if (g->s->uses && (ok & ~pending_uses(g)))
		ok &= ~pending_uses(g); /* a register allocator reuses a dead register first */
	if (g_rnd(g, 100) < 25)
		return pick_in(g, ok);
	int best = RNK_NONE;
	for (int r = 0; r < g->N; r++)
		if ((ok & RB(r)) && (best == RNK_NONE || g->wtime[r] < g->wtime[best]))
			best = r;
	return best;
}

static void new_insn(gen *g, int cls, int s0, int s1, int s2, int dst)
{
	rnk_kernel *k = g->k;
	if (k->ninsns >= RNK_MAX_INSNS) {
		g->full = 1;
		return;
	}
	rnk_insn *in = &k->insn[k->ninsns++];
	k->block[g->cur].n++;
	in->src[0] = (uint8_t)s0;
	in->src[1] = (uint8_t)s1;
	in->src[2] = (uint8_t)s2;
	in->dst = (uint8_t)dst;
	in->cls = (uint8_t)cls;
	in->partial = (uint8_t)(g->div > 0 && dst != RNK_NONE);
	in->rel = 0;
	g->prev_src[0] = s0;
	g->prev_src[1] = s1;
	g->prev_src[2] = s2;
	g->now++;
	if (g->s->uses) {
		int sv[3] = {s0, s1, s2};
		for (int j = 0; j < 3; j++)
			if (sv[j] != RNK_NONE && g->left[sv[j]] > 0 && (j == 0 || sv[j] != sv[j - 1]))
				g->left[sv[j]]--;
		if (dst != RNK_NONE) {
			uint32_t u = g_rnd(g, 100); /* Gebhart Fig. 2a: up to 70 % read once, 10 % more than twice */
			g->left[dst] = u < 70 ? 1 : u < 90 ? 2 : 3;
		}
		if (dst != RNK_NONE && (g->acm & RB(dst))) {
			g->left[dst] = 1; /* address/condition value: the next instruction reads it */
			g->force = dst;
			g->ac_pend = 1;
		}
	}
	if (dst != RNK_NONE) {
		g->D |= RB(dst);
		g->wtime[dst] = g->now;
		int q = 0;
		while (q < G_RECENT - 1 && g->recent[q] != dst)
			q++;
		for (; q > 0; q--)
			g->recent[q] = g->recent[q - 1];
		g->recent[0] = dst;
	}
}

static void emit_random(gen *g)
{
	int src[3] = {RNK_NONE, RNK_NONE, RNK_NONE};
	int r = (int)g_rnd(g, 100), cls, ns;
	const rnk_shape *s = g->s;
	if (r < s->ld_pct) {
		cls = RNK_LD;
		ns = 1;
	} else if (r < s->ld_pct + 10) {
		cls = RNK_ST;
		ns = 2;
	} else if (r < s->ld_pct + 16) {
		cls = RNK_SFU;
		ns = 1;
	} else {
		int q = (int)g_rnd(g, 100);
		cls = RNK_ALU;
		ns = q < 8 ? 0 : q < 30 ? 1 : q < 75 ? 2 : 3;
	}
	if (g->force >= 0 && ns == 0)
		ns = 1;
	for (int j = 0; j < ns; j++)
		src[j] = pick_src(g);
	if (g->force >= 0) {
		src[0] = g->force;
		g->force = -1;
		g->ac_pend = 0;
	}
	if (ns >= 2 && src[ns - 1] != RNK_NONE && g_rnd(g, 100) < 6)
		src[ns - 1] = src[ns - 2]; /* C8 */
	if (cls == RNK_ST && src[0] == RNK_NONE)
		cls = RNK_ALU; /* nothing defined yet: a move of a constant */
	int dst = cls == RNK_ST ? RNK_NONE : pick_dst(g, src);
	if (dst == RNK_NONE && cls != RNK_ST)
		cls = RNK_ST, dst = RNK_NONE;
	if (cls == RNK_ST && src[0] == RNK_NONE)
		return; /* no register at all (cannot happen with N >= 2) */
	new_insn(g, cls, src[0], src[1], src[2], dst);
}

static int new_node(gen *g, int kind)
{
	rnk_kernel *k = g->k;
	if (k->nnodes >= RNK_MAX_BLOCKS * 2) {
		g->full = 1;
		return k->nnodes - 1;
	}
	int x = k->nnodes++;
	memset(&k->node[x], 0, sizeof k->node[x]);
	k->node[x].kind = (uint8_t)kind;
	k->node[x].a = k->node[x].b = k->node[x].next = k->node[x].join = -1;
	k->node[x].block = -1;
	return x;
}

static int draw_len(gen *g)
{
	return g_rnd(g, 100) < 15 ? 19 + (int)g_rnd(g, 16) : 1 + (int)g_rnd(g, 10);
}

/* A block node with `len` random instructions. */
static int gen_block(gen *g, int len)
{
	rnk_kernel *k = g->k;
	int x = new_node(g, RNK_N_BLOCK);
	if (k->nblocks >= RNK_MAX_BLOCKS || g->full) {
		g->full = 1;
		return x;
	}
	int b = k->nblocks++;
	k->block[b].first = k->ninsns;
	k->block[b].n = 0;
	k->node[x].block = b;
	g->cur = b;
	for (int i = 0; i < len || k->block[b].n == 0 || g->ac_pend; i++) {
		emit_random(g);
		if (g->full)
			break;
	}
	return x;
}

static int gen_list(gen *g, int budget, int *tail);

static int room(const gen *g)
{
	return !g->full && g->k->ninsns < RNK_MAX_INSNS - 400 && g->k->nblocks < RNK_MAX_BLOCKS - 40 &&
	       g->k->nnodes < RNK_MAX_BLOCKS * 2 - 80;
}

/* if/else after the current block; returns the if node, *tail its join. */
static int gen_if(gen *g, int rem, int *tail)
{
	rnk_kernel *k = g->k;
	int a = pick_src(g), b = pick_src(g);
	int src0[3] = {a, b, RNK_NONE};
	g->no_ac = 1;
	int v = pick_dst(g, src0);
	g->no_ac = 0;
	new_insn(g, RNK_ALU, a, b, RNK_NONE, v); /* the value both paths read */
	int x = new_node(g, RNK_N_IF), t;
	rmask D0 = g->D;
	int rc0[G_RECENT];
	memcpy(rc0, g->recent, sizeof rc0);
	g->depth++;
	g->div++;
	g->force = v;
	int pb = rem / 3 < 12 ? rem / 3 : 12; /* divergent paths are short (bounds checks) */
	int th = gen_list(g, 1 + (int)g_rnd(g, (uint32_t)(pb + 1)), &t);
	rmask Dt = g->D, De = D0;
	int el = -1;
	g->D = D0;
	memcpy(g->recent, rc0, sizeof rc0);
	if (g_rnd(g, 100) < 65) {
		g->force = v;
		el = gen_list(g, 1 + (int)g_rnd(g, (uint32_t)(pb + 1)), &t);
		De = g->D;
	}
	g->force = -1;
	g->div--;
	g->depth--;
	g->D = Dt & De;
	int j = gen_block(g, draw_len(g));
	k->node[x].a = th;
	k->node[x].b = el;
	k->node[x].join = k->node[j].block;
	k->node[x].next = j;
	*tail = j;
	return x;
}

/* loop after the current block; returns the loop node, *tail its exit. */
static int gen_loop(gen *g, int rem, int *tail)
{
	rnk_kernel *k = g->k;
	int s0 = pick_src(g), none[3] = {RNK_NONE, RNK_NONE, RNK_NONE};
	g->no_ac = 1;
	int acc = pick_dst(g, none);
	g->no_ac = 0;
	new_insn(g, RNK_ALU, s0, RNK_NONE, RNK_NONE, acc); /* the accumulator */
	int x = new_node(g, RNK_N_LOOP), t;
	rmask pin0 = g->pinned;
	g->pinned |= RB(acc);
	g->depth++;
	g->loops++;
	int body = gen_list(g, 3 + (int)g_rnd(g, (uint32_t)(rem / 2 + 1)), &t);
	new_insn(g, RNK_ALU, acc, pick_src(g), RNK_NONE, acc); /* latch: acc = acc + x (C7) */
	g->loops--;
	g->depth--;
	g->pinned = pin0;
	if (g_rnd(g, 100) < 60)
		g->force = acc; /* live-out of the loop */
	int j = gen_block(g, draw_len(g));
	k->node[x].a = body;
	k->node[x].join = k->node[j].block;
	k->node[x].next = j;
	*tail = j;
	return x;
}

static int gen_list(gen *g, int budget, int *tail)
{
	rnk_kernel *k = g->k;
	int start = k->ninsns, len = draw_len(g);
	int head = gen_block(g, len < budget ? len : budget), last = head;
	while (k->ninsns - start < budget && room(g)) {
		int rem = budget - (k->ninsns - start), r = (int)g_rnd(g, 100), x, t;
		if (r < g->s->if_pct && g->depth < RNK_MAX_DEPTH - 1 && rem >= 4) {
			x = gen_if(g, rem, &t);
		} else if (r < g->s->if_pct + g->s->loop_pct && g->depth < RNK_MAX_DEPTH - 1 &&
			   g->loops < G_MAX_LOOPS && rem >= 4) {
			x = gen_loop(g, rem, &t);
		} else {
			x = gen_block(g, draw_len(g));
			t = x;
		}
		k->node[last].next = x;
		last = t;
	}
	*tail = last;
	return head;
}

static const char *shape_ok(const rnk_shape *s, char *err, size_t n)
{
	const char *bad = NULL;
	if (s->regs < 1 || s->regs > 62)
		bad = "regs (1..62)";
	else if (s->warps < 1 || s->warps > 64)
		bad = "warps (1..64)";
	else if (s->rt_entries < 1)
		bad = "rt_entries (>= 1)";
	else if (s->insns < 1 || s->insns > 2048)
		bad = "insns (1..2048)";
	else if (s->if_pct < 0 || s->loop_pct < 0 || s->if_pct + s->loop_pct > 100)
		bad = "if_pct + loop_pct (0..100)";
	else if (s->div_pct < 0 || s->div_pct > 100 || s->ld_pct < 0 || s->ld_pct > 80 ||
		 s->long_pct < 0 || s->long_pct > 90 || s->reuse_pct < 0 || s->reuse_pct > 100 ||
		 s->rewrite_pct < 0 || s->rewrite_pct > 100)
		bad = "a percentage (div, reuse, rewrite 0..100; ld 0..80; long 0..90)";
	else if (s->uses < 0 || s->uses > 2)
		bad = "uses (0..2)";
	else if (s->gpr < 0 || s->gpr > s->regs)
		bad = "gpr (0..regs)";
	else if (s->trip < 1 || s->trip > 1000)
		bad = "trip (1..1000)";
	if (!bad)
		return NULL;
	snprintf(err, n, "rn_kernel: shape %s out of range", bad);
	return err;
}

const char *rnk_build(rnk_kernel *k, const rnk_shape *s, uint64_t seed, char *err, size_t n)
{
	const char *e = shape_ok(s, err, n);
	if (e)
		return e;
	memset(k, 0, sizeof *k);
	k->shape = *s;
	k->seed = seed;
	k->nregs = s->regs;
	gen g;
	memset(&g, 0, sizeof g);
	g.k = k;
	g.s = s;
	g.rng = wg_rng_seed(seed);
	g.N = s->regs;
	g.force = -1;
	for (int q = 0; q < G_RECENT; q++)
		g.recent[q] = -1;
	for (int r = 0; r < 64; r++)
		g.wtime[r] = -1;
	for (int j = 0; j < 3; j++)
		g.prev_src[j] = RNK_NONE;
	/* long-lived registers: a random subset, leaving at least 2 temporaries
	 * (1 with a single register) */
	int nl = s->regs * s->long_pct / 100;
	if (nl > s->regs - 2)
		nl = s->regs > 2 ? s->regs - 2 : 0;
	rmask all = s->regs >= 64 ? ~(rmask)0 : RB(s->regs) - 1;
	while (nl-- > 0)
		g.longm |= RB(pick_in(&g, all & ~g.longm));
	g.temps = all & ~g.longm;
	if (s->uses == 2 && s->gpr > 0) {
		/* address/condition registers (Table 3: N minus the count in parentheses), at
		 * least 2 ordinary temporaries left */
		int nt = 0, na = s->regs - s->gpr;
		for (rmask x = g.temps; x; x &= x - 1)
			nt++;
		if (na > nt - 2)
			na = nt - 2;
		while (na-- > 0)
			g.acm |= RB(pick_in(&g, g.temps & ~g.acm));
	}
	/* first block: define the long-lived registers and two temporaries */
	k->root = new_node(&g, RNK_N_BLOCK);
	k->nblocks = 1;
	k->node[k->root].block = 0;
	g.cur = 0;
	for (int r = 0; r < s->regs; r++)
		if (g.longm & RB(r))
			new_insn(&g, g_rnd(&g, 3) ? RNK_ALU : RNK_LD, pick_src(&g), RNK_NONE, RNK_NONE, r);
	int none[3] = {RNK_NONE, RNK_NONE, RNK_NONE};
	for (int q = 0; q < 2; q++)
		new_insn(&g, RNK_ALU, pick_src(&g), RNK_NONE, RNK_NONE, pick_dst(&g, none));
	int tail;
	int budget = s->insns - 2 * k->ninsns;
	int body = gen_list(&g, budget > 1 ? budget : 1, &tail);
	k->node[k->root].next = body; /* block 0 falls through into the list */
	/* the last block reads the long-lived registers */
	int fin = gen_block(&g, 0);
	k->node[tail].next = fin;
	g.final = 1;
	for (int r = 0; r < s->regs && !g.full; r++)
		if (g.longm & RB(r))
			new_insn(&g, RNK_ST, pick_src(&g), r, RNK_NONE, RNK_NONE);
	new_insn(&g, RNK_ST, pick_src(&g), pick_src(&g), RNK_NONE, RNK_NONE);
	if (g.full) {
		snprintf(err, n, "rn_kernel: the kernel does not fit (%d insns, %d blocks, %d nodes)",
			 k->ninsns, k->nblocks, k->nnodes);
		return err;
	}
	return rnk_finish(k, err, n);
}

/* ------------------------------------------------------------------ */
/* Walker                                                              */
/* ------------------------------------------------------------------ */

static uint32_t w_rnd(rnk_walker *wk, uint32_t n)
{
	return n ? (uint32_t)(wg_rng_next(&wk->rng) >> 32) % n : 0;
}

static void w_push(rnk_walker *wk, int node, int phase, int count, uint32_t mask)
{
	struct rnk_frame *f = &wk->stk[wk->sp++];
	f->node = node;
	f->phase = phase;
	f->count = count;
	f->mask = mask;
	f->other = 0;
}

void rnk_walk_init(rnk_walker *wk, const rnk_kernel *k, uint64_t seed, int warp)
{
	memset(wk, 0, sizeof *wk);
	wk->k = k;
	wk->rng = wg_rng_seed(seed ^ ((uint64_t)(warp + 1) * UINT64_C(0xD1B54A32D192ED03)));
	wk->blk = -1;
	w_push(wk, k->root, RNK_F_LIST, 0, RNK_FULL);
}

uint8_t rnk_sent_rel(const rnk_kernel *k, int i)
{
	const rnk_insn *in = &k->insn[i];
	unsigned rel = in->rel;
	uint64_t h = (k->seed ^ ((uint64_t)(i + 1) * UINT64_C(0x9E3779B97F4A7C15))) * UINT64_C(0xBF58476D1CE4E5B9);
	if (k->dup_hint_pct <= 0 || (int)((h >> 33) % 100) >= k->dup_hint_pct)
		return (uint8_t)rel;
	int R = k->nregs - k->nexempt;
	for (int j = 0; j < 3; j++) {
		int r = in->src[j];
		if (r == RNK_NONE || r >= R)
			continue;
		if (r == in->dst) /* A13 */
			rel |= 1u << j;
		for (int j2 = j + 1; j2 < 3; j2++)
			if (in->src[j2] == r && (in->rel & (1u << j2))) /* A14 */
				rel |= 1u << j;
	}
	return (uint8_t)rel;
}

static uint64_t chunk_flags(const rnk_kernel *k, const rnk_block *b, int chunk)
{
	uint64_t f = 0;
	for (int s = 0; s < RNK_CHUNK && chunk * RNK_CHUNK + s < b->n; s++)
		f |= (uint64_t)(rnk_sent_rel(k, b->first + chunk * RNK_CHUNK + s) & 7) << (3 * s);
	return f;
}

void rnk_walk_next(rnk_walker *wk, rnk_event *ev)
{
	const rnk_kernel *k = wk->k;
	memset(ev, 0, sizeof *ev);
	ev->insn = -1;
	for (int q = 0; q < 9; q++)
		ev->reg[q] = RNK_NONE;
	for (;;) {
		if (wk->blk >= 0) {
			const rnk_block *b = &k->block[wk->blk];
			int pw = (b->npbr + 8) / 9;
			if (wk->pos < pw) {
				ev->kind = RNK_EV_PBR;
				for (int q = 0; q < 9 && 9 * wk->pos + q < b->npbr; q++)
					ev->reg[q] = b->pbr[9 * wk->pos + q];
				wk->pos++;
				return;
			}
			int q = wk->pos - pw, chunk = q / (RNK_CHUNK + 1), off = q % (RNK_CHUNK + 1);
			int idx = chunk * RNK_CHUNK + off - 1;
			if (chunk * RNK_CHUNK >= b->n || (off > 0 && idx >= b->n)) {
				wk->blk = -1;
				continue;
			}
			wk->pos++;
			if (off == 0) {
				ev->kind = RNK_EV_PIR;
				ev->pc = b->pc / 8 + (uint32_t)(pw + chunk * (RNK_CHUNK + 1));
				ev->flags = chunk_flags(k, b, chunk);
			} else {
				ev->kind = RNK_EV_INSN;
				ev->insn = b->first + idx;
			}
			return;
		}
		if (wk->sp == 0) {
			ev->kind = wk->done ? RNK_EV_END : RNK_EV_EXIT;
			wk->done = 1;
			return;
		}
		struct rnk_frame *f = &wk->stk[wk->sp - 1];
		if (f->phase == RNK_F_LIST) {
			if (f->node < 0) {
				wk->sp--;
				continue;
			}
			const struct rnk_node *nd = &k->node[f->node];
			int x = f->node;
			f->node = nd->next;
			if (nd->kind == RNK_N_BLOCK) {
				wk->blk = nd->block;
				wk->pos = 0;
				wk->mask = f->mask;
			} else if (nd->kind == RNK_N_IF) {
				w_push(wk, x, 0, 0, f->mask);
			} else {
				int t = k->shape.trip > 0 ? k->shape.trip : 1;
				int lo = t - t / 2 > 1 ? t - t / 2 : 1, hi = t + t / 2;
				w_push(wk, x, RNK_F_LOOP, lo + (int)w_rnd(wk, (uint32_t)(hi - lo + 1)), f->mask);
			}
			continue;
		}
		const struct rnk_node *nd = &k->node[f->node];
		if (f->phase == RNK_F_LOOP) {
			if (f->count <= 0) {
				wk->sp--;
				continue;
			}
			f->count--;
			w_push(wk, nd->a, RNK_F_LIST, 0, f->mask);
			continue;
		}
		if (f->phase == 0) {
			uint32_t m = f->mask;
			wk->branches++;
			if ((m & (m - 1)) && (int)w_rnd(wk, 100) < k->shape.div_pct) {
				uint32_t t = m & (uint32_t)(wg_rng_next(&wk->rng) >> 32);
				if (t == 0 || t == m)
					t = m & (~m + 1); /* lowest active lane alone */
				wk->diverged++;
				f->other = m & ~t;
				f->phase = 1;
				w_push(wk, nd->a, RNK_F_LIST, 0, t);
			} else {
				f->phase = 2;
				if (w_rnd(wk, 2))
					w_push(wk, nd->a, RNK_F_LIST, 0, m);
				else if (nd->b >= 0)
					w_push(wk, nd->b, RNK_F_LIST, 0, m);
			}
			continue;
		}
		if (f->phase == 1) {
			f->phase = 2;
			if (nd->b >= 0)
				w_push(wk, nd->b, RNK_F_LIST, 0, f->other);
			continue;
		}
		wk->sp--; /* phase 2: reconverged; the join block is the list's next node */
	}
}
