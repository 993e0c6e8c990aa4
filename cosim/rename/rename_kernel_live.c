/* rename_kernel_live.c - the compiler side of the synthetic kernels (spec
 * renaming-table.md §6.2): CFG from the structured program, thread-level
 * liveness at instruction granularity, the warp-level safety rule that
 * places pir bits and pbr lists, the exemption pass (§2.7, step 10), PCs.
 * (rnk_check, the dynamic self-check of the hints, walks the kernel: it is in
 * rename_kernel_check.c, so that this file needs nothing of the walker's.)
 *
 * Regions. An if whose branch block is b has the region Reg(b) = its then
 * and else blocks (contiguous in program order), reconverging at its join;
 * a loop's region is its body, left at its exit block. A register r is
 * captured by a region when
 *   if:   r is live at the branch (live-out of b; spec "live_in(b)": a value
 *         defined in b itself and read on both paths must be caught) and
 *         referenced (read or written) in Reg(b)            (step 4b),
 *   loop: r is live-in at the header (loop-carried, or a loop-invariant
 *         read) and referenced in the body                  (step 4c).
 * A read of a captured register gets no pir bit; the register is listed in
 * the pbr of the join / exit of the OUTERMOST region capturing it (step 5),
 * unless it is live-in there (step 6: dropped, a later read releases it).
 * Partial writes (inside if regions) are use + def, so every register
 * referenced in a divergent region is live at its branch: no pir bit is ever
 * set inside a divergent region. Loop-invariant reads are captured too (the
 * spec names only loop-carried values): they are live around the back edge,
 * so rule 4a already forbids a pir there, and the exit pbr frees them instead
 * of leaving them to the exit sweep. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rename_kernel.h"
#include "wg_bits.h"

typedef uint64_t rmask;
#define RB(r) ((rmask)1 << (r))

typedef struct lv_cons {
	int kind;              /* RNK_N_IF or RNK_N_LOOP */
	int lo, hi;            /* blocks of the region / body */
	int cond;              /* if: branch block; loop: header */
	int join;              /* join / exit block */
	rmask ref;             /* registers read or written in the region */
	rmask cap;             /* registers captured (see the top) */
} lv_cons;

typedef struct lv_ws {
	int succ[RNK_MAX_BLOCKS][2]; /* successors, -1 none */
	rmask bin[RNK_MAX_BLOCKS];   /* live-in at the block start */
	rmask bout[RNK_MAX_BLOCKS];  /* live-out at the block end */
	rmask iout[RNK_MAX_INSNS];   /* live-out of each instruction */
	rmask capb[RNK_MAX_BLOCKS];  /* union of captures of the regions around the block */
	lv_cons cons[RNK_MAX_BLOCKS];
	int ncons;
	int nextblk;                 /* program-order check of the structure */
	int nvisit;                  /* nodes visited (cycle guard) */
} lv_ws;

static rmask srcs_of(const rnk_insn *in)
{
	rmask m = 0;
	for (int j = 0; j < 3; j++)
		if (in->src[j] != RNK_NONE)
			m |= RB(in->src[j]);
	return m;
}

static rmask use_of(const rnk_insn *in)
{
	rmask m = srcs_of(in);
	if (in->partial && in->dst != RNK_NONE)
		m |= RB(in->dst); /* a partial write keeps the other lanes' value: use + def */
	return m;
}

static rmask kill_of(const rnk_insn *in)
{
	return (!in->partial && in->dst != RNK_NONE) ? RB(in->dst) : 0;
}

/* Link one list: successors of its blocks, regions of its constructs.
 * c0, c1: successors of the list's last block. */
static const char *lv_link(const rnk_kernel *k, lv_ws *w, int head, int c0, int c1, int depth,
			   char *err, size_t n)
{
	if (depth > RNK_MAX_DEPTH) {
		snprintf(err, n, "rn_kernel: nesting deeper than %d", RNK_MAX_DEPTH);
		return err;
	}
	if (head < 0 || head >= k->nnodes || k->node[head].kind != RNK_N_BLOCK) {
		snprintf(err, n, "rn_kernel: a list must start with a block node (node %d)", head);
		return err;
	}
	int prev = -1; /* previous node of the list */
	for (int x = head; x >= 0; prev = x, x = k->node[x].next) {
		if (x >= k->nnodes || ++w->nvisit > k->nnodes) {
			snprintf(err, n, "rn_kernel: node list broken at node %d", x);
			return err;
		}
		const struct rnk_node *nd = &k->node[x];
		int y = nd->next;
		if (y >= k->nnodes) {
			snprintf(err, n, "rn_kernel: node %d: next %d out of range", x, y);
			return err;
		}
		if (nd->kind == RNK_N_BLOCK) {
			int b = nd->block;
			if (b != w->nextblk) {
				snprintf(err, n, "rn_kernel: block %d met where block %d was due (program order)",
					 b, w->nextblk);
				return err;
			}
			w->nextblk++;
			if (y < 0) {
				w->succ[b][0] = c0;
				w->succ[b][1] = c1;
			} else if (k->node[y].kind == RNK_N_BLOCK) {
				w->succ[b][0] = k->node[y].block;
			} else if (k->node[y].kind == RNK_N_IF) {
				const struct rnk_node *f = &k->node[y];
				if (f->a < 0 || f->a >= k->nnodes || (f->b >= k->nnodes)) {
					snprintf(err, n, "rn_kernel: if node %d: bad lists", y);
					return err;
				}
				w->succ[b][0] = k->node[f->a].block;
				w->succ[b][1] = f->b >= 0 ? k->node[f->b].block : f->join;
			} else {
				const struct rnk_node *f = &k->node[y];
				if (f->a < 0 || f->a >= k->nnodes) {
					snprintf(err, n, "rn_kernel: loop node %d: bad body", y);
					return err;
				}
				w->succ[b][0] = k->node[f->a].block;
			}
			continue;
		}
		if (nd->kind != RNK_N_IF && nd->kind != RNK_N_LOOP) {
			snprintf(err, n, "rn_kernel: node %d: unknown kind %d", x, nd->kind);
			return err;
		}
		if (prev < 0 || k->node[prev].kind != RNK_N_BLOCK || y < 0 ||
		    k->node[y].kind != RNK_N_BLOCK || k->node[y].block != nd->join) {
			snprintf(err, n,
				 "rn_kernel: node %d: an if/loop must follow a block and be followed by its join block",
				 x);
			return err;
		}
		if (w->ncons >= RNK_MAX_BLOCKS) {
			snprintf(err, n, "rn_kernel: too many constructs");
			return err;
		}
		lv_cons *c = &w->cons[w->ncons++];
		c->kind = nd->kind;
		c->lo = w->nextblk;
		c->join = nd->join;
		c->cond = nd->kind == RNK_N_IF ? k->node[prev].block : c->lo;
		const char *e;
		if (nd->kind == RNK_N_IF) {
			if ((e = lv_link(k, w, nd->a, nd->join, -1, depth + 1, err, n)))
				return e;
			if (nd->b >= 0 && (e = lv_link(k, w, nd->b, nd->join, -1, depth + 1, err, n)))
				return e;
		} else {
			if ((e = lv_link(k, w, nd->a, c->lo, nd->join, depth + 1, err, n)))
				return e;
		}
		c->hi = w->nextblk - 1;
		if (nd->join != w->nextblk) {
			snprintf(err, n, "rn_kernel: node %d: join block %d is not next in program order (%d)",
				 x, nd->join, w->nextblk);
			return err;
		}
	}
	return NULL;
}

static void lv_liveness(const rnk_kernel *k, lv_ws *w)
{
	memset(w->bin, 0, sizeof w->bin);
	for (int changed = 1; changed;) {
		changed = 0;
		for (int b = k->nblocks - 1; b >= 0; b--) {
			rmask out = 0;
			for (int s = 0; s < 2; s++)
				if (w->succ[b][s] >= 0)
					out |= w->bin[w->succ[b][s]];
			w->bout[b] = out;
			rmask live = out;
			const rnk_block *bl = &k->block[b];
			for (int i = bl->first + bl->n - 1; i >= bl->first; i--) {
				w->iout[i] = live;
				live = (live & ~kill_of(&k->insn[i])) | use_of(&k->insn[i]);
			}
			if (live != w->bin[b]) {
				w->bin[b] = live;
				changed = 1;
			}
		}
	}
}

static void pbr_add(rnk_block *bl, rmask m)
{
	for (int r = 0; r < 64; r++)
		if (m & RB(r))
			bl->pbr[bl->npbr++] = (uint8_t)r;
}

/* Steps 4-6: pir bits and pbr lists. */
static void lv_hints(rnk_kernel *k, lv_ws *w)
{
	for (int c = 0; c < w->ncons; c++) {
		lv_cons *cs = &w->cons[c];
		cs->ref = 0;
		for (int i = k->block[cs->lo].first; i < k->block[cs->hi].first + k->block[cs->hi].n; i++)
			cs->ref |= srcs_of(&k->insn[i]) |
				   (k->insn[i].dst != RNK_NONE ? RB(k->insn[i].dst) : 0);
		cs->cap = cs->ref & (cs->kind == RNK_N_IF ? w->bout[cs->cond] : w->bin[cs->cond]);
	}
	memset(w->capb, 0, sizeof w->capb);
	for (int c = 0; c < w->ncons; c++)
		for (int b = w->cons[c].lo; b <= w->cons[c].hi; b++)
			w->capb[b] |= w->cons[c].cap;
	for (int b = 0; b < k->nblocks; b++) {
		const rnk_block *bl = &k->block[b];
		for (int i = bl->first; i < bl->first + bl->n; i++) {
			rnk_insn *in = &k->insn[i];
			in->rel = 0;
			for (int j = 0; j < 3; j++) {
				int r = in->src[j];
				if (r == RNK_NONE || r == in->dst) /* 4d (C7) */
					continue;
				int later = 0;
				for (int j2 = j + 1; j2 < 3; j2++)
					later |= in->src[j2] == r;
				if (later) /* 4e (C8): the last slot only */
					continue;
				if (w->iout[i] & RB(r)) /* 4a */
					continue;
				if (w->capb[b] & RB(r)) { /* 4b, 4c: deferred */
					k->hs.deferred++;
					continue;
				}
				in->rel |= (uint8_t)(1u << j);
			}
		}
	}
	for (int b = 0; b < k->nblocks; b++)
		k->block[b].npbr = 0;
	for (int c = 0; c < w->ncons; c++) {
		lv_cons *cs = &w->cons[c];
		rmask outer = 0;
		for (int d = 0; d < w->ncons; d++)
			if (d != c && w->cons[d].lo <= cs->lo && cs->hi <= w->cons[d].hi)
				outer |= w->cons[d].cap;
		rmask want = cs->cap & ~outer;
		k->hs.dropped += (int)wg_popc64(want & w->bin[cs->join]);
		want &= ~w->bin[cs->join];
		rnk_block *bl = &k->block[cs->join];
		for (int q = 0; q < bl->npbr; q++) /* one join per construct; merge anyway */
			want &= ~RB(bl->pbr[q]);
		pbr_add(bl, want);
	}
}

/* Lifetime of each register (generator ids): max over its static
 * definitions of the distance to the next release point in program order
 * (pir bit on a read, pbr at a block start; none: the end of the code). */
static void lv_lifetimes(rnk_kernel *k, int *life, int *ndef)
{
	int next[64];
	int blkat[RNK_MAX_INSNS];
	for (int r = 0; r < 64; r++) {
		next[r] = k->ninsns;
		life[r] = 0;
		ndef[r] = 0;
	}
	for (int i = 0; i < k->ninsns; i++)
		blkat[i] = -1;
	for (int b = 0; b < k->nblocks; b++)
		blkat[k->block[b].first] = b;
	for (int i = k->ninsns - 1; i >= 0; i--) {
		const rnk_insn *in = &k->insn[i];
		if (in->dst != RNK_NONE) {
			ndef[in->dst]++;
			if (next[in->dst] - i > life[in->dst])
				life[in->dst] = next[in->dst] - i;
		}
		for (int j = 0; j < 3; j++)
			if (in->rel & (1u << j))
				next[in->src[j]] = i;
		if (blkat[i] >= 0)
			for (int q = 0; q < k->block[blkat[i]].npbr; q++)
				next[k->block[blkat[i]].pbr[q]] = i;
	}
}

/* Step 10 (spec §2.7): exempt the longest-lived registers until W*R fits,
 * renumber them to the top ids, clear their hints. */
static void lv_exempt(rnk_kernel *k)
{
	int N = k->nregs, W = k->shape.warps;
	int life[64], ndef[64], rank[64];
	lv_lifetimes(k, life, ndef);
	for (int r = 0; r < N; r++)
		rank[r] = r;
	for (int a = 1; a < N; a++) { /* insertion sort: life desc, defs desc, id asc */
		int x = rank[a], b = a - 1;
		while (b >= 0 && (life[rank[b]] < life[x] ||
				  (life[rank[b]] == life[x] && ndef[rank[b]] < ndef[x]))) {
			rank[b + 1] = rank[b];
			b--;
		}
		rank[b + 1] = x;
	}
	int E = 0;
	while (E < N && (long)W * (N - E) > k->shape.rt_entries)
		E++;
	uint8_t ex[64] = {0}, map[64];
	for (int e = 0; e < E; e++)
		ex[rank[e]] = 1;
	int R = N - E, lo = 0, hi = R;
	for (int r = 0; r < N; r++) {
		map[r] = (uint8_t)(ex[r] ? hi++ : lo++);
		k->orig[map[r]] = (uint8_t)r;
		k->life[map[r]] = life[r];
	}
	for (int r = N; r < 64; r++) {
		k->orig[r] = (uint8_t)r;
		k->life[r] = 0;
	}
	k->nexempt = E;
	for (int i = 0; i < k->ninsns; i++) {
		rnk_insn *in = &k->insn[i];
		for (int j = 0; j < 3; j++) {
			if (in->src[j] == RNK_NONE)
				continue;
			if (ex[in->src[j]])
				in->rel &= (uint8_t)~(1u << j);
			in->src[j] = map[in->src[j]];
		}
		if (in->dst != RNK_NONE)
			in->dst = map[in->dst];
	}
	for (int b = 0; b < k->nblocks; b++) {
		rnk_block *bl = &k->block[b];
		rmask m = 0;
		for (int q = 0; q < bl->npbr; q++)
			if (!ex[bl->pbr[q]])
				m |= RB(map[bl->pbr[q]]);
		bl->npbr = 0;
		pbr_add(bl, m);
	}
}

static void lv_pcs(rnk_kernel *k)
{
	uint32_t pc = 0;
	rnk_hstats *h = &k->hs;
	for (int b = 0; b < k->nblocks; b++) {
		rnk_block *bl = &k->block[b];
		int pw = (bl->npbr + 8) / 9, ch = (bl->n + RNK_CHUNK - 1) / RNK_CHUNK;
		bl->pc = pc;
		pc += 8u * (uint32_t)(pw + ch + bl->n);
		h->pbr_words += pw;
		h->pbr_regs += bl->npbr;
		h->pir_words += ch;
	}
	for (int i = 0; i < k->ninsns; i++)
		h->pir_bits += (int)wg_popc64(k->insn[i].rel);
	h->code_bytes = pc;
}

const char *rnk_finish(rnk_kernel *k, char *err, size_t n)
{
	int N = k->shape.regs;
	if (N < 1 || N > 62 || k->shape.warps < 1 || k->shape.rt_entries < 1) {
		snprintf(err, n, "rn_kernel: shape regs %d (1..62), warps %d, rt_entries %d", N,
			 k->shape.warps, k->shape.rt_entries);
		return err;
	}
	if (k->nblocks < 1 || k->nblocks > RNK_MAX_BLOCKS || k->ninsns < 1 ||
	    k->ninsns > RNK_MAX_INSNS || k->nnodes < 1 || k->nnodes > RNK_MAX_BLOCKS * 2) {
		snprintf(err, n, "rn_kernel: sizes out of range (%d blocks, %d insns, %d nodes)",
			 k->nblocks, k->ninsns, k->nnodes);
		return err;
	}
	int at = 0;
	for (int b = 0; b < k->nblocks; b++) {
		if (k->block[b].first != at || k->block[b].n < 1) {
			snprintf(err, n, "rn_kernel: block %d: first %d n %d (expected first %d, n >= 1)", b,
				 k->block[b].first, k->block[b].n, at);
			return err;
		}
		at += k->block[b].n;
	}
	if (at != k->ninsns) {
		snprintf(err, n, "rn_kernel: blocks cover %d of %d instructions", at, k->ninsns);
		return err;
	}
	for (int i = 0; i < k->ninsns; i++) {
		const rnk_insn *in = &k->insn[i];
		for (int j = 0; j < 4; j++) {
			int r = j < 3 ? in->src[j] : in->dst;
			if (r != RNK_NONE && r >= N) {
				snprintf(err, n, "rn_kernel: insn %d uses r%d (regs %d)", i, r, N);
				return err;
			}
		}
		if (in->cls > RNK_ST || (in->cls == RNK_ST) != (in->dst == RNK_NONE)) {
			snprintf(err, n, "rn_kernel: insn %d: class %d with dst %d", i, in->cls, in->dst);
			return err;
		}
	}
	k->nregs = N;
	k->nexempt = 0;
	memset(&k->hs, 0, sizeof k->hs);
	lv_ws *w = calloc(1, sizeof *w);
	if (!w) {
		snprintf(err, n, "rn_kernel: out of memory");
		return err;
	}
	for (int b = 0; b < RNK_MAX_BLOCKS; b++)
		w->succ[b][0] = w->succ[b][1] = -1;
	const char *e = lv_link(k, w, k->root, -1, -1, 0, err, n);
	if (!e && w->nextblk != k->nblocks) {
		snprintf(err, n, "rn_kernel: the structure reaches %d of %d blocks", w->nextblk,
			 k->nblocks);
		e = err;
	}
	if (!e) {
		lv_liveness(k, w);
		lv_hints(k, w);
		lv_exempt(k);
		lv_pcs(k);
	}
	free(w);
	return e;
}
