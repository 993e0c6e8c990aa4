/* test_rn_kernel.c - unit tests of the synthetic kernels, the hint pass and
 * the walker (cosim/rename/rename_kernel.c, rename_kernel_live.c, rename_kernel_check.c) against spec
 * renaming-table.md §2.3, §2.7, §2.9, §5, §6.
 *
 * Hand-built kernels check the placement rules one at a time (divergence →
 * pbr at the join, nesting → outermost join, loops, C7, C8, C17); generated
 * kernels are walked warp by warp with rnk_check (no read after a release,
 * lane-exact) on many seeds and shapes; mutated hints must make it fail.
 * `test_rn_kernel -v` also prints the per-profile figures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rename_kernel.h"
#include "wg_check.h"

#define NO RNK_NONE

static char err[256];
static int verbose;

/* ------------------------------------------------------------------ */
/* Hand-built kernels                                                  */
/* ------------------------------------------------------------------ */

static rnk_kernel *hk_new(int regs, int warps, int div_pct, int trip)
{
	rnk_kernel *k = calloc(1, sizeof *k);
	k->shape.regs = regs;
	k->shape.warps = warps;
	k->shape.rt_entries = 816;
	k->shape.div_pct = div_pct;
	k->shape.trip = trip;
	return k;
}

/* a block node whose instructions follow (appended with hk_i) */
static int hk_block(rnk_kernel *k)
{
	int x = k->nnodes++;
	k->node[x].kind = RNK_N_BLOCK;
	k->node[x].block = k->nblocks;
	k->node[x].next = k->node[x].a = k->node[x].b = k->node[x].join = -1;
	k->block[k->nblocks].first = k->ninsns;
	k->nblocks++;
	return x;
}

static void hk_i(rnk_kernel *k, int cls, int s0, int s1, int s2, int dst, int partial)
{
	rnk_insn *in = &k->insn[k->ninsns++];
	in->src[0] = (uint8_t)s0;
	in->src[1] = (uint8_t)s1;
	in->src[2] = (uint8_t)s2;
	in->dst = (uint8_t)dst;
	in->cls = (uint8_t)cls;
	in->partial = (uint8_t)partial;
	k->block[k->nblocks - 1].n++;
}

static int hk_cons(rnk_kernel *k, int kind, int a, int b)
{
	int x = k->nnodes++;
	k->node[x].kind = (uint8_t)kind;
	k->node[x].a = a;
	k->node[x].b = b;
	k->node[x].next = k->node[x].join = -1;
	k->node[x].block = -1;
	return x;
}

/* link: x -> y */
static void hk_seq(rnk_kernel *k, int x, int y)
{
	k->node[x].next = y;
	if (k->node[x].kind != RNK_N_BLOCK)
		k->node[x].join = k->node[y].block;
}

static int has_pbr(const rnk_kernel *k, int b, int r)
{
	for (int q = 0; q < k->block[b].npbr; q++)
		if (k->block[b].pbr[q] == r)
			return 1;
	return 0;
}

/* Fig. 4(b): r0 defined before the if, read on both paths → pbr at the
 * join; r1 read on a path and after the join → pir on the read after. */
static rnk_kernel *hk_diverge(int div_pct)
{
	rnk_kernel *k = hk_new(6, 4, div_pct, 1);
	int b0 = hk_block(k);
	hk_i(k, RNK_ALU, NO, NO, NO, 0, 0);
	hk_i(k, RNK_LD, 0, NO, NO, 1, 0);
	hk_i(k, RNK_ALU, NO, NO, NO, 5, 0); /* dead definition: left to the exit sweep */
	int b1 = hk_block(k);
	hk_i(k, RNK_ALU, 0, 1, NO, 2, 1);   /* then: r2 = r0 + r1 (partial) */
	int b2 = hk_block(k);
	hk_i(k, RNK_ALU, 0, 0, NO, 3, 1);   /* else: r3 = r0 * r0 (partial, C8) */
	int f = hk_cons(k, RNK_N_IF, b1, b2);
	int b3 = hk_block(k);
	hk_i(k, RNK_ALU, NO, NO, NO, 4, 0);
	hk_i(k, RNK_ST, 4, 1, NO, NO, 0);
	k->root = b0;
	hk_seq(k, b0, f);
	hk_seq(k, f, b3);
	return k;
}

static void test_diverge(void)
{
	rnk_kernel *k = hk_diverge(100);
	CHECK(rnk_finish(k, err, sizeof err) == NULL);
	CHECK_EQ(k->block[3].npbr, 3);
	CHECK(has_pbr(k, 3, 0) && has_pbr(k, 3, 2) && has_pbr(k, 3, 3));
	CHECK(!has_pbr(k, 3, 1)); /* live-in at the join: dropped, released by its pir */
	CHECK_EQ(k->insn[3].rel, 0); /* then: r0 deferred, r1 live-out */
	CHECK_EQ(k->insn[4].rel, 0); /* else: r0 deferred */
	CHECK_EQ(k->insn[6].rel, 3); /* st r4, r1: both last reads */
	CHECK_EQ(k->hs.deferred, 2);
	CHECK_EQ(k->hs.dropped, 1);
	CHECK_EQ(k->hs.pbr_words, 1);
	rnk_dstats st;
	CHECK(rnk_check(k, 4, 1, &st, err, sizeof err) == NULL);
	CHECK_EQ(st.diverged, 4);
	CHECK_EQ(st.rel_pbr, 12); /* r0, r2, r3 per warp */
	CHECK_EQ(st.rel_pir, 8);
	CHECK_EQ(st.swept, 4);    /* r5 */
	CHECK_EQ(st.allocs, 24);
	/* the walk: b0 (pir, 3), then (pir, 1), else (pir, 1), join (pbr, pir, 2), exit */
	rnk_walker wk;
	rnk_event ev;
	int kinds[16], n = 0;
	rnk_walk_init(&wk, k, 7, 0);
	do {
		rnk_walk_next(&wk, &ev);
		kinds[n++] = ev.kind;
		if (ev.kind == RNK_EV_PBR) {
			CHECK_EQ(ev.reg[0], 0);
			CHECK_EQ(ev.reg[1], 2);
			CHECK_EQ(ev.reg[2], 3);
			CHECK_EQ(ev.reg[3], NO);
			CHECK_EQ(ev.reg[8], NO);
		}
	} while (ev.kind != RNK_EV_END && n < 16);
	static const int want[] = {RNK_EV_PIR, RNK_EV_INSN, RNK_EV_INSN, RNK_EV_INSN, RNK_EV_PIR,
				   RNK_EV_INSN, RNK_EV_PIR, RNK_EV_INSN, RNK_EV_PBR, RNK_EV_PIR,
				   RNK_EV_INSN, RNK_EV_INSN, RNK_EV_EXIT, RNK_EV_END};
	CHECK_EQ(n, 14);
	CHECK(memcmp(kinds, want, sizeof want) == 0);
	free(k);

	/* a pir on the then-path's read of r0 is unsafe: the else path reads it */
	k = hk_diverge(100);
	CHECK(rnk_finish(k, err, sizeof err) == NULL);
	k->insn[3].rel = 1;
	CHECK(rnk_check(k, 4, 1, NULL, err, sizeof err) != NULL);
	CHECK(strstr(err, "reads r0") != NULL);
	free(k);
	/* without divergence every warp runs one path: the same bit is never caught */
	k = hk_diverge(0);
	CHECK(rnk_finish(k, err, sizeof err) == NULL);
	k->insn[3].rel = 1;
	CHECK(rnk_check(k, 16, 1, &st, err, sizeof err) == NULL);
	CHECK_EQ(st.diverged, 0);
	free(k);
}

/* Fig. 4(c): nested divergence, released at the outermost join only. */
static void test_nested(void)
{
	rnk_kernel *k = hk_new(6, 4, 100, 1);
	int b0 = hk_block(k);
	hk_i(k, RNK_ALU, NO, NO, NO, 0, 0);
	hk_i(k, RNK_ALU, NO, NO, NO, 1, 0);
	int b1 = hk_block(k);               /* outer then; inner condition */
	hk_i(k, RNK_ALU, 0, NO, NO, 2, 1);
	int b2 = hk_block(k);               /* inner then */
	hk_i(k, RNK_ALU, 0, 1, NO, 3, 1);
	int fi = hk_cons(k, RNK_N_IF, b2, -1);
	int b3 = hk_block(k);               /* inner join */
	hk_i(k, RNK_ALU, 1, NO, NO, 4, 1);
	int fo = hk_cons(k, RNK_N_IF, b1, -1);
	int b4 = hk_block(k);               /* outer join */
	hk_i(k, RNK_ALU, NO, NO, NO, 5, 0);
	hk_i(k, RNK_ST, 5, 5, NO, NO, 0);
	k->root = b0;
	hk_seq(k, b0, fo);
	hk_seq(k, fo, b4);
	hk_seq(k, b1, fi);
	hk_seq(k, fi, b3);
	CHECK(rnk_finish(k, err, sizeof err) == NULL);
	CHECK(!has_pbr(k, 3, 0));
	CHECK(has_pbr(k, 4, 0) && has_pbr(k, 4, 1) && has_pbr(k, 4, 2) && has_pbr(k, 4, 3) &&
	      has_pbr(k, 4, 4));
	CHECK_EQ(k->block[3].npbr, 0);
	CHECK_EQ(k->insn[6].rel, 2); /* st r5, r5: the last slot only (C8) */
	CHECK(rnk_check(k, 8, 3, NULL, err, sizeof err) == NULL);
	free(k);
}

/* Fig. 4(d)/(e): loop-carried and invariant values at the exit; a value
 * defined and used inside one iteration at its last use. */
static void test_loop(void)
{
	rnk_kernel *k = hk_new(4, 4, 0, 5);
	int b0 = hk_block(k);
	hk_i(k, RNK_ALU, NO, NO, NO, 0, 0); /* acc */
	hk_i(k, RNK_ALU, NO, NO, NO, 1, 0); /* invariant */
	int b1 = hk_block(k);
	hk_i(k, RNK_LD, 1, NO, NO, 2, 0);   /* r2 = ld [r1] */
	hk_i(k, RNK_ALU, 0, 2, NO, 0, 0);   /* r0 = r0 + r2 (C7, loop-carried) */
	int lp = hk_cons(k, RNK_N_LOOP, b1, -1);
	int b2 = hk_block(k);
	hk_i(k, RNK_ALU, NO, NO, NO, 3, 0);
	hk_i(k, RNK_ST, 3, 3, NO, NO, 0);
	k->root = b0;
	hk_seq(k, b0, lp);
	hk_seq(k, lp, b2);
	CHECK(rnk_finish(k, err, sizeof err) == NULL);
	CHECK_EQ(k->insn[2].rel, 0);
	CHECK_EQ(k->insn[3].rel, 2); /* r2 released in the body; r0 is the destination */
	CHECK_EQ(k->block[2].npbr, 2);
	CHECK(has_pbr(k, 2, 0) && has_pbr(k, 2, 1));
	rnk_dstats st;
	CHECK(rnk_check(k, 4, 9, &st, err, sizeof err) == NULL);
	CHECK_EQ(st.swept, 0);
	CHECK(st.rel_pir >= 4 * 3 + 4); /* r2 every iteration (>= 3), r3 once */
	/* a release of the invariant in the body is caught on the next iteration */
	k->insn[2].rel = 1;
	CHECK(rnk_check(k, 4, 9, NULL, err, sizeof err) != NULL);
	free(k);
}

/* C7, C8 and their mutations. */
static void test_c7_c8(void)
{
	rnk_kernel *k = hk_new(6, 4, 0, 1);
	k->root = hk_block(k);
	hk_i(k, RNK_ALU, NO, NO, NO, 5, 0);
	hk_i(k, RNK_ALU, NO, NO, NO, 0, 0);
	hk_i(k, RNK_ALU, NO, NO, NO, 4, 0);
	hk_i(k, RNK_ALU, 0, 5, NO, 0, 0);   /* add r0, r0, r5 */
	hk_i(k, RNK_ALU, 4, 4, NO, 3, 0);   /* mul r3, r4, r4 */
	hk_i(k, RNK_ST, 3, 0, NO, NO, 0);
	CHECK(rnk_finish(k, err, sizeof err) == NULL);
	CHECK_EQ(k->insn[3].rel, 2);
	CHECK_EQ(k->insn[4].rel, 2);
	CHECK_EQ(k->insn[5].rel, 3);
	CHECK(rnk_check(k, 2, 1, NULL, err, sizeof err) == NULL);
	k->insn[3].rel = 3; /* releasing the destination: refused by the check */
	CHECK(rnk_check(k, 2, 1, NULL, err, sizeof err) != NULL);
	k->insn[3].rel = 2;
	k->insn[4].rel = 3; /* both slots of r4 */
	CHECK(rnk_check(k, 2, 1, NULL, err, sizeof err) != NULL);
	k->insn[4].rel = 1; /* the first slot only */
	CHECK(rnk_check(k, 2, 1, NULL, err, sizeof err) != NULL);
	free(k);
}

/* C17: a 20-instruction block gets two pirs; PCs and payloads. */
static void test_long_block(void)
{
	rnk_kernel *k = hk_new(4, 4, 0, 1);
	k->root = hk_block(k);
	hk_i(k, RNK_ALU, NO, NO, NO, 0, 0);
	for (int i = 0; i < 18; i++)
		hk_i(k, RNK_ALU, 0, NO, NO, 1 + i % 2, 0);
	hk_i(k, RNK_ST, 0, 1, 2, NO, 0); /* insn 19: the last reads, chunk 1 slot 1 */
	CHECK(rnk_finish(k, err, sizeof err) == NULL);
	CHECK_EQ(k->hs.pir_words, 2);
	rnk_walker wk;
	rnk_event ev;
	int npir = 0, ninsn = 0, nexit = 0;
	uint32_t pc[2] = {0, 0};
	uint64_t fl[2] = {0, 0};
	rnk_walk_init(&wk, k, 1, 0);
	for (int s = 0; s < 100; s++) {
		rnk_walk_next(&wk, &ev);
		if (ev.kind == RNK_EV_PIR) {
			CHECK_EQ(ninsn, npir * 18);
			if (npir < 2) {
				pc[npir] = ev.pc;
				fl[npir] = ev.flags;
			}
			npir++;
		}
		ninsn += ev.kind == RNK_EV_INSN;
		nexit += ev.kind == RNK_EV_EXIT;
		if (ev.kind == RNK_EV_END)
			break;
	}
	CHECK_EQ(npir, 2);
	CHECK_EQ(ninsn, 20);
	CHECK_EQ(nexit, 1);
	CHECK_EQ(pc[0], 0);
	CHECK_EQ(pc[1], 19); /* pir, 18 instructions, pir: word 19 */
	CHECK_EQ(fl[1], (uint64_t)7 << 3);
	CHECK_EQ(fl[0] >> 54, 0);
	CHECK_EQ(k->hs.code_bytes, 8 * 22);
	/* END repeats after END */
	rnk_walk_next(&wk, &ev);
	CHECK_EQ(ev.kind, RNK_EV_END);
	CHECK(rnk_check(k, 1, 1, NULL, err, sizeof err) == NULL);
	/* a release of r0 before its last read is caught */
	k->insn[1].rel = 1;
	CHECK(rnk_check(k, 1, 1, NULL, err, sizeof err) != NULL);
	free(k);
}

static void test_bad_structure(void)
{
	rnk_kernel *k = hk_new(4, 4, 0, 1);
	int b0 = hk_block(k);
	hk_i(k, RNK_ALU, NO, NO, NO, 0, 0);
	int b1 = hk_block(k);
	hk_i(k, RNK_ALU, 0, NO, NO, 1, 0);
	int f = hk_cons(k, RNK_N_IF, b1, -1);
	k->root = b0;
	hk_seq(k, b0, f); /* no join block */
	CHECK(rnk_finish(k, err, sizeof err) != NULL);
	free(k);
	k = hk_new(4, 4, 0, 1);
	k->root = hk_block(k);
	hk_i(k, RNK_ALU, 7, NO, NO, 0, 0); /* r7 with 4 registers */
	CHECK(rnk_finish(k, err, sizeof err) != NULL);
	CHECK(strstr(err, "r7") != NULL);
	free(k);
}

/* ------------------------------------------------------------------ */
/* Generated kernels                                                   */
/* ------------------------------------------------------------------ */

static rnk_shape shape(int regs, int warps, int insns, int ifp, int loopp, int div, int trip,
		       int ld, int lng, int reuse)
{
	rnk_shape s = {regs, warps, 816, insns, ifp, loopp, div, trip, ld, lng, reuse, 0, 0, 0};
	return s;
}

static void test_determinism(void)
{
	rnk_kernel *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	rnk_shape s = shape(20, 32, 300, 25, 25, 40, 4, 15, 25, 60);
	CHECK(rnk_build(a, &s, 42, err, sizeof err) == NULL);
	CHECK(rnk_build(b, &s, 42, err, sizeof err) == NULL);
	CHECK(memcmp(a, b, sizeof *a) == 0);
	CHECK(rnk_build(b, &s, 43, err, sizeof err) == NULL);
	CHECK(memcmp(a, b, sizeof *a) != 0);
	/* walker: same (seed, warp) → same sequence; another warp differs */
	rnk_walker w1, w2, w3;
	rnk_event e1, e2, e3;
	rnk_walk_init(&w1, a, 5, 3);
	rnk_walk_init(&w2, a, 5, 3);
	rnk_walk_init(&w3, a, 5, 4);
	int same = 1, differ = 0;
	do {
		rnk_walk_next(&w1, &e1);
		rnk_walk_next(&w2, &e2);
		rnk_walk_next(&w3, &e3);
		same &= memcmp(&e1, &e2, sizeof e1) == 0;
		differ |= memcmp(&e1, &e3, sizeof e1) != 0;
	} while (e1.kind != RNK_EV_END);
	CHECK(same);
	CHECK(differ);
	free(a);
	free(b);
}

/* The hint-safety walk over many seeds and shapes; pattern coverage. */
static void test_safety(void)
{
	const rnk_shape shapes[] = {
		shape(16, 16, 150, 25, 25, 30, 3, 15, 20, 60),  /* mixed */
		shape(24, 16, 150, 60, 10, 100, 2, 10, 20, 50), /* divergence everywhere */
		shape(12, 16, 150, 10, 60, 10, 3, 20, 20, 70),  /* loops */
		shape(4, 48, 60, 30, 30, 50, 3, 30, 0, 80),     /* tiny register count */
		shape(41, 32, 200, 20, 25, 30, 3, 10, 60, 40),  /* exemption (E = 16) */
		shape(62, 8, 250, 30, 20, 50, 2, 10, 30, 30),   /* widest */
	};
	const int nsh = (int)(sizeof shapes / sizeof shapes[0]);
	rnk_kernel *k = malloc(sizeof *k);
	long fails = 0, kernels = 0, c7 = 0, c7rel = 0, c8 = 0, ld = 0, st = 0, src0 = 0, src3 = 0, part = 0,
	     big = 0, pbrb = 0, loopexit = 0, div = 0, rel = 0, relpbr = 0, swept = 0;
	for (int si = 0; si < nsh; si++) {
		for (uint64_t seed = 1; seed <= 200; seed++) {
			rnk_shape s = shapes[si];
			s.rewrite_pct = (int)(seed % 3) * 10;
			if (rnk_build(k, &s, seed, err, sizeof err)) {
				printf("build shape %d seed %llu: %s\n", si, (unsigned long long)seed, err);
				fails++;
				continue;
			}
			kernels++;
			rnk_dstats d;
			if (rnk_check(k, 16, seed * 7 + 1, &d, err, sizeof err)) {
				if (fails < 5)
					printf("shape %d seed %llu: %s\n", si, (unsigned long long)seed, err);
				fails++;
				continue;
			}
			div += d.diverged;
			rel += d.rel_pir;
			relpbr += d.rel_pbr;
			swept += d.swept;
			for (int i = 0; i < k->ninsns; i++) {
				const rnk_insn *in = &k->insn[i];
				int ns = 0, dup = 0;
				for (int j = 0; j < 3; j++) {
					ns += in->src[j] != NO;
					if (in->src[j] != NO && in->src[j] == in->dst) {
						c7++;
						c7rel += (in->rel >> j) & 1; /* C7 never released */
					}
					for (int j2 = j + 1; j2 < 3; j2++)
						if (in->src[j] != NO && in->src[j] == in->src[j2]) {
							dup = 1;
							CHECK(!(in->rel & (1 << j))); /* C8: not the first */
						}
				}
				c8 += dup;
				src0 += ns == 0;
				src3 += ns == 3;
				ld += in->cls == RNK_LD;
				st += in->cls == RNK_ST;
				part += in->partial;
			}
			for (int b = 0; b < k->nblocks; b++) {
				big += k->block[b].n > 18;
				pbrb += k->block[b].npbr > 0;
			}
			for (int x = 0; x < k->nnodes; x++)
				if (k->node[x].kind == RNK_N_LOOP && k->block[k->node[x].join].npbr)
					loopexit++;
		}
	}
	CHECK_EQ(fails, 0);
	CHECK_EQ(c7rel, 0);
	CHECK_EQ(kernels, 200 * nsh);
	CHECK(c7 > 0 && c8 > 0 && ld > 0 && st > 0 && src0 > 0 && src3 > 0 && part > 0);
	CHECK(big > 0 && pbrb > 0 && loopexit > 0 && div > 0 && rel > 0 && relpbr > 0 && swept > 0);
	if (verbose)
		printf("safety: %ld kernels; C7 %ld C8 %ld ld %ld st %ld 0-src %ld 3-src %ld partial %ld "
		       ">18 %ld pbr blocks %ld loop exits with pbr %ld; dynamic diverged %ld pir %ld pbr "
		       "%ld swept %ld\n",
		       kernels, c7, c8, ld, st, src0, src3, part, big, pbrb, loopexit, div, rel, relpbr,
		       swept);
	free(k);
}

/* A pir bit on a read that is not the last one (block 0 always runs). */
static void test_mutation(void)
{
	rnk_kernel *k = malloc(sizeof *k);
	rnk_shape s = shape(16, 16, 150, 25, 25, 30, 3, 15, 20, 60);
	int tried = 0, caught = 0;
	for (uint64_t seed = 1; seed <= 50; seed++) {
		CHECK(rnk_build(k, &s, seed, err, sizeof err) == NULL);
		const rnk_block *b = &k->block[0];
		for (int i = b->first; i < b->first + b->n && !tried; i++)
			for (int j = 0; j < 3; j++) {
				int r = k->insn[i].src[j];
				if (r == NO || r == k->insn[i].dst || (k->insn[i].rel & (1 << j)))
					continue;
				/* r read again later in block 0 before any write of it */
				int later = 0;
				for (int i2 = i + 1; i2 < b->first + b->n; i2++) {
					const rnk_insn *n2 = &k->insn[i2];
					if (n2->src[0] == r || n2->src[1] == r || n2->src[2] == r) {
						later = 1;
						break;
					}
					if (n2->dst == r)
						break;
				}
				if (!later || r >= k->nregs - k->nexempt)
					continue;
				int dup = 0;
				for (int j2 = j + 1; j2 < 3; j2++)
					dup |= k->insn[i].src[j2] == r;
				if (dup)
					continue;
				k->insn[i].rel |= (uint8_t)(1 << j);
				tried++;
				caught += rnk_check(k, 1, 1, NULL, err, sizeof err) != NULL;
				break;
			}
		tried = 0;
	}
	CHECK(caught >= 10);
	/* a join's pbr register released at the start of the else part instead
	 * (top-level ifs only, so the else part runs when the warp diverges) */
	int moved = 0;
	s.div_pct = 100;
	for (uint64_t seed = 1; seed <= 100 && !moved; seed++) {
		CHECK(rnk_build(k, &s, seed, err, sizeof err) == NULL);
		for (int x = k->root; x >= 0 && !moved; x = k->node[x].next) {
			const struct rnk_node *nd = &k->node[x];
			if (nd->kind != RNK_N_IF || nd->b < 0 || !k->block[nd->join].npbr)
				continue;
			rnk_block *eb = &k->block[k->node[nd->b].block];
			for (int q = 0; q < k->block[nd->join].npbr && !moved; q++) {
				int r = k->block[nd->join].pbr[q], readfirst = 0;
				for (int i = eb->first; i < eb->first + eb->n; i++) {
					const rnk_insn *in = &k->insn[i];
					if (in->src[0] == r || in->src[1] == r || in->src[2] == r) {
						readfirst = 1;
						break;
					}
					if (in->dst == r)
						break;
				}
				if (!readfirst || eb->npbr >= RNK_MAX_PBR)
					continue;
				eb->pbr[eb->npbr++] = (uint8_t)r;
				moved = 1;
				CHECK(rnk_check(k, 8, 1, NULL, err, sizeof err) != NULL);
			}
		}
	}
	CHECK(moved);
	free(k);
}

static int smallest_e(int w, int n, int rt)
{
	int e = 0;
	while (w * (n - e) > rt)
		e++;
	return e;
}

static void test_exemption(void)
{
	int np = 0;
	const rnk_profile *p = rnk_profiles(&np);
	rnk_kernel *k = malloc(sizeof *k);
	for (int i = 0; i < np; i++) {
		CHECK(rnk_build(k, &p[i].shape, 1, err, sizeof err) == NULL);
		int want = !strcmp(p[i].name, "nbody") ? 16 : !strcmp(p[i].name, "heartwall") ? 4
						  : !strcmp(p[i].name, "lud")	    ? 2
											    : 0;
		CHECK_EQ(k->nexempt, want);
	}
	for (uint64_t seed = 1; seed <= 40; seed++) {
		int W = 1 + (int)(seed * 7 % 48), N = 2 + (int)(seed * 13 % 61);
		rnk_shape s = shape(N, W, 200, 20, 20, 30, 2, 15, 30, 50);
		s.rt_entries = 100 + (int)(seed * 37 % 800);
		CHECK(rnk_build(k, &s, seed, err, sizeof err) == NULL);
		int E = smallest_e(W, N, s.rt_entries), R = N - E;
		CHECK_EQ(k->nexempt, E);
		CHECK(W * R <= s.rt_entries);
		/* ranking: every exempt register lives at least as long as every renamable one */
		int minex = 1 << 30, maxre = -1;
		for (int r = 0; r < N; r++) {
			if (r >= R && k->life[r] < minex)
				minex = k->life[r];
			if (r < R && k->life[r] > maxre)
				maxre = k->life[r];
		}
		CHECK(E == 0 || R == 0 || minex >= maxre);
		/* no hint names an exempt register; a permutation */
		int bad = 0;
		for (int i = 0; i < k->ninsns; i++)
			for (int j = 0; j < 3; j++)
				bad += (k->insn[i].rel & (1 << j)) && k->insn[i].src[j] >= R;
		for (int b = 0; b < k->nblocks; b++)
			for (int q = 0; q < k->block[b].npbr; q++)
				bad += k->block[b].pbr[q] >= R;
		uint64_t origs = 0;
		for (int r = 0; r < N; r++)
			origs |= (uint64_t)1 << k->orig[r];
		CHECK_EQ(bad, 0);
		CHECK(origs == (N >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << N) - 1));
		CHECK(rnk_check(k, 4, seed, NULL, err, sizeof err) == NULL);
	}
	/* the spec's numbers (§5.2, paper §8.4) by the size rule */
	CHECK_EQ(smallest_e(32, 41, 816), 16);
	CHECK_EQ(smallest_e(32, 29, 816), 4);
	CHECK_EQ(smallest_e(48, 19, 816), 2);
	free(k);
}

static void test_walker(void)
{
	rnk_kernel *k = malloc(sizeof *k);
	rnk_shape s = shape(16, 8, 200, 50, 20, 0, 3, 15, 20, 60);
	CHECK(rnk_build(k, &s, 11, err, sizeof err) == NULL);
	rnk_dstats d;
	CHECK(rnk_check(k, 16, 1, &d, err, sizeof err) == NULL);
	CHECK(d.branches > 0);
	CHECK_EQ(d.diverged, 0);
	k->shape.div_pct = 100; /* the walker reads div_pct from the kernel */
	CHECK(rnk_check(k, 16, 1, &d, err, sizeof err) == NULL);
	CHECK(d.diverged > 0);
	/* PIR pcs: distinct per chunk, the same chunk always the same tag; exit once */
	uint32_t *tag = calloc(RNK_MAX_INSNS, sizeof *tag);
	for (int i = 0; i < RNK_MAX_INSNS; i++)
		tag[i] = ~0u;
	int okpc = 1, exits = 0, nev = 0;
	for (int w = 0; w < 8; w++) {
		rnk_walker wk;
		rnk_event ev;
		uint32_t pc = 0;
		rnk_walk_init(&wk, k, 2, w);
		do {
			rnk_walk_next(&wk, &ev);
			nev++;
			if (ev.kind == RNK_EV_PIR)
				pc = ev.pc;
			if (ev.kind == RNK_EV_INSN) {
				/* the chunk's first instruction owns the tag */
				int b = 0;
				while (b + 1 < k->nblocks && k->block[b + 1].first <= ev.insn)
					b++;
				int c = k->block[b].first + (ev.insn - k->block[b].first) / 18 * 18;
				if (tag[c] == ~0u)
					tag[c] = pc;
				okpc &= tag[c] == pc;
			}
			exits += ev.kind == RNK_EV_EXIT;
		} while (ev.kind != RNK_EV_END);
	}
	int distinct = 1;
	for (int a = 0; a < k->ninsns; a++)
		for (int b = a + 1; b < k->ninsns; b++)
			if (tag[a] != ~0u && tag[a] == tag[b])
				distinct = 0;
	CHECK(okpc);
	CHECK(distinct);
	CHECK_EQ(exits, 8);
	for (int b = 0; b < k->nblocks; b++)
		CHECK(k->block[b].pc % 8 == 0 && (b == 0 || k->block[b].pc > k->block[b - 1].pc));
	free(tag);
	free(k);
}

static void test_profiles(void)
{
	static const struct {
		const char *name;
		int warps, regs;
	} t3[] = {{"matrixMul", 32, 14},  {"Blackscholes", 32, 18}, {"dct8x8", 16, 22},
		  {"nbody", 32, 41},      {"reduction", 40, 14},    {"vectorAdd", 48, 4},
		  {"backprop", 48, 17},   {"bfs", 48, 9},           {"heartwall", 32, 29},
		  {"hotspot", 24, 28},    {"kmeans", 48, 13},       {"NN", 42, 14},
		  {"pathfinder", 48, 16}, {"lud", 48, 19},          {"gaussian", 16, 8},
		  {"LIB", 8, 24},         {"LPS", 28, 17},          {"CP", 32, 17}};
	int np = 0;
	const rnk_profile *p = rnk_profiles(&np);
	CHECK_EQ(np, 18);
	CHECK(p[np].name == NULL);
	rnk_kernel *k = malloc(sizeof *k);
	double pbr_avg_sum = 0;
	int pbr_n = 0;
	if (verbose)
		printf("%-12s %2s %2s %2s %5s %5s %4s %4s %4s %5s | %8s %6s %6s %6s %5s %8s\n",
		       "profile", "W", "N", "E", "insns", "code", "pirb", "defr", "pbrr", "r/pbr", "dyn/warp", "pir%",
		       "pbr%", "sweep%", "noop", "r/pbr dyn");
	for (int i = 0; i < np && i < 18; i++) {
		CHECK(strcmp(p[i].name, t3[i].name) == 0);
		CHECK_EQ(p[i].warps, t3[i].warps);
		CHECK_EQ(p[i].regs, t3[i].regs);
		CHECK_EQ(p[i].shape.warps, t3[i].warps);
		CHECK_EQ(p[i].shape.regs, t3[i].regs);
		CHECK_EQ(p[i].shape.rt_entries, 816);
		long ins = 0, pir = 0, pbr = 0, sw = 0, noop = 0, pw = 0, pr = 0, sins = 0, spw = 0,
		     spr = 0, sdef = 0, sbits = 0;
		for (uint64_t seed = 1; seed <= 5; seed++) {
			CHECK(rnk_build(k, &p[i].shape, seed, err, sizeof err) == NULL);
			rnk_dstats d;
			const char *e = rnk_check(k, p[i].warps, seed, &d, err, sizeof err);
			CHECK(e == NULL);
			if (e)
				printf("%s seed %llu: %s\n", p[i].name, (unsigned long long)seed, e);
			ins += d.insns;
			pir += d.rel_pir;
			pbr += d.rel_pbr;
			sw += d.swept;
			noop += d.pbr_noop;
			pw += d.pbr_words;
			pr += d.pbr_regs;
			sins += k->ninsns;
			spw += k->hs.pbr_words;
			spr += k->hs.pbr_regs;
			sdef += k->hs.deferred;
			sbits += k->hs.pir_bits;
		}
		double tot = (double)(pir + pbr + sw);
		if (spw) {
			pbr_avg_sum += (double)spr / (double)spw;
			pbr_n++;
		}
		if (verbose)
			printf("%-12s %2d %2d %2d %5ld %5u %4ld %4ld %4ld %5.2f | %8ld %5.1f%% %5.1f%% "
			       "%5.1f%% %5ld %8.2f\n",
			       p[i].name, p[i].warps, p[i].regs, k->nexempt, sins / 5, k->hs.code_bytes,
			       sbits / 5, sdef / 5, spr / 5, spw ? (double)spr / (double)spw : 0.0, ins / 5 / p[i].warps,
			       tot ? 100.0 * (double)pir / tot : 0.0, tot ? 100.0 * (double)pbr / tot : 0.0,
			       tot ? 100.0 * (double)sw / tot : 0.0, noop, pw ? (double)pr / (double)pw : 0.0);
	}
	if (verbose && pbr_n)
		printf("mean static registers per pbr word over the profiles with pbrs: %.2f\n",
		       pbr_avg_sum / pbr_n);
	free(k);
}

static void test_bad_shape(void)
{
	rnk_kernel *k = malloc(sizeof *k);
	rnk_shape s = shape(16, 16, 150, 25, 25, 30, 3, 15, 20, 60);
	s.regs = 63;
	CHECK(rnk_build(k, &s, 1, err, sizeof err) != NULL);
	CHECK(strstr(err, "regs") != NULL);
	s.regs = 16;
	s.if_pct = 80;
	s.loop_pct = 30;
	CHECK(rnk_build(k, &s, 1, err, sizeof err) != NULL);
	s.loop_pct = 20;
	s.trip = 0;
	CHECK(rnk_build(k, &s, 1, err, sizeof err) != NULL);
	s.trip = 3;
	s.insns = 2048; /* the largest fits */
	CHECK(rnk_build(k, &s, 1, err, sizeof err) == NULL);
	CHECK(rnk_check(k, 4, 1, NULL, err, sizeof err) == NULL);
	for (int regs = 1; regs <= 3; regs++) { /* the smallest register counts */
		s = shape(regs, 48, 80, 30, 30, 50, 3, 20, 30, 60);
		for (uint64_t seed = 1; seed <= 20; seed++) {
			CHECK(rnk_build(k, &s, seed, err, sizeof err) == NULL);
			CHECK(rnk_check(k, 8, seed, NULL, err, sizeof err) == NULL);
		}
	}
	s.regs = 0;
	CHECK(rnk_build(k, &s, 1, err, sizeof err) != NULL);
	free(k);
}

static void s_bad_uses(rnk_kernel *k)
{
	rnk_shape s = shape(16, 16, 150, 25, 25, 30, 3, 15, 20, 60);
	s.uses = 3;
	CHECK(rnk_build(k, &s, 1, err, sizeof err) != NULL);
	s.uses = 2;
	s.gpr = 17; /* more general-purpose registers than registers */
	CHECK(rnk_build(k, &s, 1, err, sizeof err) != NULL);
	s.gpr = 8;
	CHECK(rnk_build(k, &s, 1, err, sizeof err) == NULL);
}

/* shape.uses (warpgen stats rename's bounded lifetimes): every profile's kernels pass the hint
 * check either way, and bounding the reads of a value shortens the registers' static lifetimes
 * (life[]: the longest def -> release distance of each register; 103.9 -> 89.8 instructions on
 * average over the profiles and seeds 1-6 at this writing); uses 2 (--lifetimes table3: Table 3's
 * address/condition registers read once, by the next instruction) passes the check too and
 * shortens them again on the profiles that have such registers (gpr < regs); uses 3 and a gpr
 * above regs are refused. */
static void test_bounded_uses(void)
{
	int np = 0;
	const rnk_profile *p = rnk_profiles(&np);
	rnk_kernel *k = malloc(sizeof *k);
	double life[3] = {0, 0, 0}, life_ac[3] = {0, 0, 0};
	long fails = 0;
	for (int i = 0; i < np; i++)
		for (uint64_t seed = 1; seed <= 6; seed++)
			for (int u = 0; u < 3; u++) {
				rnk_shape s = p[i].shape;
				s.uses = u;
				if (rnk_build(k, &s, seed, err, sizeof err)) {
					printf("%s uses %d seed %llu: %s\n", p[i].name, u, (unsigned long long)seed, err);
					fails++;
					continue;
				}
				rnk_dstats d;
				if (rnk_check(k, 4, seed, &d, err, sizeof err)) {
					printf("%s uses %d seed %llu: %s\n", p[i].name, u, (unsigned long long)seed, err);
					fails++;
				}
				for (int r = 0; r < k->nregs - k->nexempt; r++) {
					life[u] += (double)k->life[r] / (k->nregs - k->nexempt);
					if (p[i].shape.gpr < p[i].regs)
						life_ac[u] += (double)k->life[r] / (k->nregs - k->nexempt);
				}
			}
	CHECK_EQ(fails, 0);
	if (verbose)
		printf("bounded uses: mean static lifetime %.1f -> %.1f -> %.1f (table3) instructions; profiles with "
		       "address/condition registers: sum %.0f -> %.0f\n",
		       life[0] / (np * 6), life[1] / (np * 6), life[2] / (np * 6), life_ac[1], life_ac[2]);
	CHECK(life[1] < 0.9 * life[0]);
	CHECK(life_ac[2] < life_ac[1]);
	s_bad_uses(k);
	free(k);
}

int main(int argc, char **argv)
{
	verbose = argc > 1 && !strcmp(argv[1], "-v");
	test_diverge();
	test_nested();
	test_loop();
	test_c7_c8();
	test_long_block();
	test_bad_structure();
	test_determinism();
	test_safety();
	test_mutation();
	test_exemption();
	test_walker();
	test_profiles();
	test_bad_shape();
	test_bounded_uses();
	return wg_check_done();
}
