/* test_rename_model.c - unit tests of the renaming-table C model
 * (csim/rename*.c) against the cycle contract docs/rename.md.
 *
 * Directed tests go through the typed API, one rule of the page at a time
 * (the C-numbers are the corner cases of the spec, §11); a random driver
 * that respects the protocol checks the occupancy invariant and the
 * table / pending-list consistency every cycle, and runs the frame adapter
 * next to the typed path (bit-exact outputs, same counts). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rename.h"
#include "rename_env.h"
#include "wg_bits.h"
#include "wg_check.h"
#include "wg_frame.h"
#include "wg_rng.h"

/* ------------------------------------------------------------------ */
/* Bench                                                               */
/* ------------------------------------------------------------------ */

typedef struct tb {
	rn_model *m;      /* model under test */
	rn_in in;         /* this cycle's inputs */
	rn_out o;         /* outputs of the last eval */
	int rc;           /* return of the last eval */
} tb;

static const unsigned NO3[3] = {RN_NONE, RN_NONE, RN_NONE};

/* WARPS=8 REGS=16 PHYS_REGS=64 RT_ENTRIES=128, 4 table banks, 4 RF banks x 4
 * sub-arrays (SUB_REGS=16, 16 domains), 3 sources, EXEMPT=4, 2 alloc ports,
 * PF_DEPTH=4, FC_ENTRIES=4: the small default of these tests. */
static rn_cfg small_cfg(int policy)
{
	rn_cfg c = {.warps = 8, .regs = 16, .phys = 64, .rt_entries = 128, .rt_banks = 4, .rf_banks = 4,
		    .subarrays = 4, .policy = policy, .lookup_ports = 4, .exempt = 4, .alloc_ports = 2,
		    .pf_depth = 4, .fc_entries = 4, .pc_bits = 16};
	return c;
}

static void tb_idle(tb *t)
{
	memset(&t->in, 0, sizeof t->in);
	for (int s = 0; s < RN_PBR_SLOTS; s++)
		t->in.op_reg[s] = RN_NONE;
	t->in.op_dst = RN_NONE;
}

static int tb_eval(tb *t)
{
	t->rc = rn_eval(t->m, &t->in, &t->o);
	return t->rc;
}

static void tb_tick(tb *t)
{
	rn_tick(t->m, &t->in);
	tb_idle(t);
}

/* One legal cycle (the eval must accept the inputs). */
static void tb_cycle(tb *t)
{
	tb_eval(t);
	if (t->rc)
		printf("  unexpected violation: %s\n", t->o.msg);
	CHECK_EQ(t->rc, 0);
	tb_tick(t);
}

static void tb_open_cfg(tb *t, const rn_cfg *c)
{
	long p[RN_NPARAMS];
	char buf[256];
	rn_cfg_to_params(c, p);
	const char *e = wg_params_check(&wg_block_rename, p, buf, sizeof buf);
	if (e)
		printf("  bad test config: %s\n", e);
	CHECK(e == NULL);
	t->m = rn_new(c);
	tb_idle(t);
	t->in.rst = 1;
	tb_cycle(t);
}

static void tb_open(tb *t, int policy)
{
	rn_cfg c = small_cfg(policy);
	tb_open_cfg(t, &c);
}

static void tb_close(tb *t)
{
	rn_free(t->m);
}

static void tb_launch(tb *t, int kw, int kr, int ke)
{
	t->in.kl_valid = 1;
	t->in.kl_warps = (unsigned)kw;
	t->in.kl_regs = (unsigned)kr;
	t->in.kl_exempt = (unsigned)ke;
	tb_cycle(t);
}

static void tb_pir(tb *t, int w, uint32_t pc, uint64_t flags)
{
	t->in.pir_valid = 1;
	t->in.pir_warp = (unsigned)w;
	t->in.pir_pc = pc;
	t->in.pir_flags = flags;
	tb_eval(t);
	CHECK_EQ(t->o.pir_ready, 1);
	tb_cycle(t);
}

/* Allocate (w, r) on port 0 (must be granted this cycle); returns the id. */
static int tb_alloc(tb *t, int w, int r)
{
	t->in.alc_valid[0] = 1;
	t->in.alc_warp[0] = (unsigned)w;
	t->in.alc_reg[0] = (unsigned)r;
	tb_eval(t);
	CHECK_EQ(t->o.alc_gnt[0], 1);
	int p = (int)t->o.alc_pid[0];
	tb_cycle(t);
	CHECK_EQ(rn_lookup(t->m, w, r), p);
	return p;
}

static void tb_set_op(tb *t, int kind, int w, const unsigned *regs, int nregs, unsigned dst)
{
	t->in.op_valid = 1;
	t->in.op_kind = (unsigned)kind;
	t->in.op_warp = (unsigned)w;
	for (int s = 0; s < nregs; s++)
		t->in.op_reg[s] = regs[s];
	t->in.op_dst = dst;
}

/* Present an operation until it completes (at most 64 cycles). Returns the
 * cycles taken; *done gets the completion cycle's outputs, waits[i] the
 * op_wait_o of cycle i (when not NULL), reads the rt_read events. */
static int tb_op(tb *t, int kind, int w, const unsigned *regs, int nregs, unsigned dst, rn_out *done, int *waits,
		 int *reads)
{
	int n = 0;
	if (reads)
		*reads = 0;
	for (; n < 64; n++) {
		tb_set_op(t, kind, w, regs, nregs, dst);
		tb_eval(t);
		if (reads)
			*reads += (int)t->o.ev[RN_EV_RT_READ];
		if (waits && n < 32)
			waits[n] = (int)t->o.op_wait;
		int ready = (int)t->o.op_ready;
		if (ready && done)
			*done = t->o;
		if (ready)
			CHECK_EQ(t->o.op_wait, 0);
		else
			CHECK(t->o.op_wait != 0);
		tb_cycle(t);
		if (ready)
			return n + 1;
	}
	CHECK(0 && "operation never completed");
	return n;
}

static int tb_insn(tb *t, int w, unsigned s0, unsigned s1, unsigned s2, unsigned dst, rn_out *done)
{
	unsigned r[3] = {s0, s1, s2};
	return tb_op(t, RN_OP_INSN, w, r, 3, dst, done, NULL, NULL);
}

static void tb_rd(tb *t, int w)
{
	t->in.rd_done = 1;
	t->in.rd_warp = (unsigned)w;
	tb_cycle(t);
}

static int reg_on(const rn_out *o, int p)
{
	return (int)((o->reg_on[p >> 6] >> (p & 63)) & 1u);
}

static int dom_on(const rn_out *o, int d)
{
	return (int)((o->dom_on[d >> 6] >> (d & 63)) & 1u);
}

/* Expect a violation whose message contains `what` for the current inputs;
 * the inputs are then dropped (no tick). */
static void tb_bad(tb *t, const char *what)
{
	tb_eval(t);
	CHECK_EQ(t->rc, -1);
	if (t->rc != -1 || strstr(t->o.msg, what) == NULL)
		printf("  expected a violation with \"%s\", got rc %d \"%s\"\n", what, t->rc, t->o.msg);
	CHECK(strstr(t->o.msg, what) != NULL);
	CHECK(strchr(t->o.msg, '\n') == NULL);
	tb_idle(t);
}

/* popcount(occ) == reserved + valid table entries + pending entries, and
 * every mapped or pending id is occupied, distinct and not reserved. */
static int invariant_ok(const rn_model *m)
{
	const rn_cfg *c = rn_config(m);
	int kw, kr, ke;
	rn_shape(m, &kw, &kr, &ke);
	if (!rn_running(m))
		return rn_occ_count(m) == 0;
	static unsigned char seen[RN_MAX_PHYS];
	memset(seen, 0, sizeof seen);
	int n = kw * ke, R = kr - ke;
	for (int p = 0; p < n; p++) {
		if (!rn_occupied(m, p))
			return 0;
		seen[p] = 1;
	}
	for (int w = 0; w < c->warps; w++) {
		for (int r = 0; r < R; r++) {
			int p = rn_lookup(m, w, r);
			if (p < 0)
				continue;
			if (seen[p] || !rn_occupied(m, p) || w >= kw)
				return 0;
			seen[p] = 1;
			n++;
		}
		unsigned pids[RN_MAX_PF];
		int k = rn_pending(m, w, pids);
		for (int i = 0; i < k; i++) {
			if (seen[pids[i]] || !rn_occupied(m, (int)pids[i]))
				return 0;
			seen[pids[i]] = 1;
		}
		n += k;
	}
	return n == rn_occ_count(m);
}

/* ------------------------------------------------------------------ */
/* Directed tests                                                      */
/* ------------------------------------------------------------------ */

static void test_cfg(void)
{
	rn_cfg c;
	rn_cfg_default(&c);
	CHECK_EQ(c.warps, 48);
	CHECK_EQ(c.phys, 1024);
	CHECK_EQ(c.rt_entries, 816);
	CHECK_EQ(c.policy, RN_CONSOLIDATE);
	long p[RN_NPARAMS];
	rn_cfg_to_params(&c, p);
	CHECK_EQ(rn_model_size(p), rn_size(&c));
	CHECK_EQ(rn_size(&c) % 8, 0);
	rn_cfg d;
	rn_cfg_from_params(&d, p);
	CHECK(memcmp(&c, &d, sizeof c) == 0);
	/* domain layout: (p div SUB_REGS) * RF_BANKS + p mod RF_BANKS */
	CHECK_EQ(rn_dom_of(&c, 0), 0);
	CHECK_EQ(rn_dom_of(&c, 5), 1);
	CHECK_EQ(rn_dom_of(&c, 256), 4);
	CHECK_EQ(rn_dom_of(&c, 1023), 15);
	/* the model is copyable with memcpy */
	tb t;
	tb_open(&t, RN_LOWEST_FIRST);
	tb_launch(&t, 2, 8, 1);
	tb_pir(&t, 0, 5, 0);
	int p0 = tb_alloc(&t, 0, 3);
	void *copy = malloc(rn_size(rn_config(t.m)));
	memcpy(copy, t.m, rn_size(rn_config(t.m)));
	rn_model *m2 = copy;
	CHECK_EQ(rn_lookup(m2, 0, 3), p0);
	rn_out o1, o2;
	t.in.alc_valid[0] = 1;
	t.in.alc_warp[0] = 1;
	t.in.alc_reg[0] = 2;
	CHECK_EQ(rn_eval(t.m, &t.in, &o1), 0);
	CHECK_EQ(rn_eval(m2, &t.in, &o2), 0);
	CHECK(memcmp(&o1, &o2, sizeof o1) == 0);
	free(copy);
	tb_close(&t);
}

static void test_launch(void)
{
	tb t;
	tb_open(&t, RN_LOWEST_FIRST);
	CHECK_EQ(rn_running(t.m), 0);
	CHECK_EQ(rn_occ_count(t.m), 0);
	/* nothing but a launch without a kernel */
	t.in.pir_valid = 1;
	tb_bad(&t, "no kernel running");
	t.in.alc_valid[1] = 1;
	tb_bad(&t, "no kernel running");
	/* illegal shapes */
	t.in.kl_valid = 1, t.in.kl_warps = 0, t.in.kl_regs = 4;
	tb_bad(&t, "kl_warps_i=0");
	t.in.kl_valid = 1, t.in.kl_warps = 9, t.in.kl_regs = 4;
	tb_bad(&t, "kl_warps_i=9");
	t.in.kl_valid = 1, t.in.kl_warps = 2, t.in.kl_regs = 17;
	tb_bad(&t, "kl_regs_i=17");
	t.in.kl_valid = 1, t.in.kl_warps = 2, t.in.kl_regs = 8, t.in.kl_exempt = 5;
	tb_bad(&t, "kl_exempt_i=5");
	t.in.kl_valid = 1, t.in.kl_warps = 2, t.in.kl_regs = 2, t.in.kl_exempt = 3;
	tb_bad(&t, "kl_exempt_i=3");
	t.in.kl_valid = 1, t.in.kl_warps = 8, t.in.kl_regs = 16, t.in.kl_exempt = 0;
	tb_eval(&t);
	CHECK_EQ(t.rc, 0); /* 8 * 16 = 128 = RT_ENTRIES */
	tb_idle(&t);
	t.in.kl_valid = 1, t.in.kl_warps = 8, t.in.kl_regs = 16, t.in.kl_exempt = 0;
	t.in.rd_done = 1;
	tb_bad(&t, "kl_valid_i together with rd_done_i");
	/* kw*ke > PHYS_REGS and kw*R > RT_ENTRIES need another shape */
	rn_cfg c = small_cfg(RN_LOWEST_FIRST);
	c.phys = 16, c.subarrays = 2, c.rt_entries = 64;
	tb u;
	tb_open_cfg(&u, &c);
	u.in.kl_valid = 1, u.in.kl_warps = 5, u.in.kl_regs = 4, u.in.kl_exempt = 4;
	tb_bad(&u, "kw*ke=5*4 > PHYS_REGS=16");
	u.in.kl_valid = 1, u.in.kl_warps = 5, u.in.kl_regs = 14, u.in.kl_exempt = 1;
	tb_bad(&u, "> RT_ENTRIES=64");
	tb_close(&u);

	/* a launch reserves ids 0..kw*ke-1 */
	tb_launch(&t, 4, 10, 2);
	CHECK_EQ(rn_running(t.m), 1);
	CHECK_EQ(rn_occ_count(t.m), 8);
	for (int p = 0; p < 64; p++)
		CHECK_EQ(rn_occupied(t.m, p), p < 8);
	tb_eval(&t);
	CHECK_EQ(t.rc, 0);
	CHECK_EQ(t.o.reg_on[0], 0xff);
	CHECK_EQ(t.o.dom_on[0], 0x0f); /* ids 0..7: sub-array 0 of the four banks */
	CHECK_EQ(t.o.ev[RN_EV_DOM_WAKE], 0);
	CHECK(invariant_ok(t.m));
	/* exempt id formula w*ke + (r - R): R = 8 */
	CHECK_EQ(rn_lookup(t.m, 0, 8), 0);
	CHECK_EQ(rn_lookup(t.m, 0, 9), 1);
	CHECK_EQ(rn_lookup(t.m, 3, 8), 6);
	CHECK_EQ(rn_lookup(t.m, 3, 9), 7);
	CHECK_EQ(rn_lookup(t.m, 2, 3), -1);
	CHECK_EQ(rn_lookup(t.m, 2, 10), -1);
	/* exempt ids through an INSN: sources r9, r8 of warp 2, destination r9 */
	tb_pir(&t, 2, 7, 07); /* flags set: exempt sources are never released */
	rn_out d;
	CHECK_EQ(tb_insn(&t, 2, 9, 8, RN_NONE, 9, &d), 1);
	CHECK_EQ(d.op_src_pid[0], 5);
	CHECK_EQ(d.op_src_pid[1], 4);
	CHECK_EQ(d.op_src_pid[2], 0);
	CHECK_EQ(d.op_rel[0] + d.op_rel[1] + d.op_rel[2], 0);
	CHECK_EQ(d.op_dst_pid, 5);
	CHECK_EQ(d.op_dst_new, 0);
	CHECK_EQ(d.ev[RN_EV_RT_READ], 0);
	CHECK_EQ(d.ev[RN_EV_FC_READ], 1);
	/* allocations never hand out reserved ids; a new launch clears the table */
	int p = tb_alloc(&t, 1, 0);
	CHECK_EQ(p, 8);
	CHECK_EQ(rn_occ_count(t.m), 9);
	tb_rd(&t, 2);
	tb_launch(&t, 2, 6, 3);
	CHECK_EQ(rn_lookup(t.m, 1, 0), -1); /* R = 3: renamable, unmapped */
	CHECK_EQ(rn_lookup(t.m, 1, 3), 3);  /* now exempt: 1*3 + 0 */
	CHECK_EQ(rn_lookup(t.m, 1, 5), 5);
	CHECK_EQ(rn_occ_count(t.m), 6);
	CHECK_EQ(rn_cursor(t.m, 2, NULL, NULL), 0);
	CHECK_EQ(rn_oc_count(t.m, 2), 0);
	CHECK(invariant_ok(t.m));
	/* reset: no kernel, nothing occupied */
	t.in.rst = 1;
	tb_cycle(&t);
	CHECK_EQ(rn_running(t.m), 0);
	CHECK_EQ(rn_occ_count(t.m), 0);
	tb_close(&t);
}

/* C5: three sources and the destination in one table bank take 4 cycles;
 * the ids read in earlier cycles are kept. */
static void test_bank_conflict(void)
{
	tb t;
	tb_open(&t, RN_LOWEST_FIRST);
	tb_launch(&t, 2, 16, 0); /* R = 16: warp 1 registers r at L = 16 + r */
	int p0 = tb_alloc(&t, 1, 0), p4 = tb_alloc(&t, 1, 4), p8 = tb_alloc(&t, 1, 8);
	int p12 = tb_alloc(&t, 1, 12);
	CHECK(p0 != p4 && p4 != p8 && p8 != p12);
	tb_pir(&t, 1, 3, 0);
	unsigned r[3] = {4, 8, 0};
	int waits[32], reads;
	rn_out d;
	int n = tb_op(&t, RN_OP_INSN, 1, r, 3, 12, &d, waits, &reads);
	CHECK_EQ(n, 4);
	CHECK_EQ(waits[0], RN_WAIT_BANK);
	CHECK_EQ(waits[1], RN_WAIT_BANK);
	CHECK_EQ(waits[2], RN_WAIT_BANK);
	CHECK_EQ(reads, 4);
	CHECK_EQ(d.op_src_pid[0], p4);
	CHECK_EQ(d.op_src_pid[1], p8);
	CHECK_EQ(d.op_src_pid[2], p0);
	CHECK_EQ(d.op_dst_pid, p12);
	CHECK_EQ(d.op_dst_new, 0);
	CHECK_EQ(rn_busy(t.m), 0);
	/* two banks: r0, r4 (bank 0), r1 (bank 1), dst r5 (bank 1) -> 2 cycles */
	unsigned r2[3] = {0, 4, 1};
	n = tb_op(&t, RN_OP_INSN, 1, r2, 3, 5, &d, waits, &reads);
	CHECK_EQ(n, 2);
	CHECK_EQ(reads, 4);
	CHECK_EQ(d.op_dst_new, 1);
	CHECK_EQ(d.op_dst_pid, 0);
	/* distinct banks: one cycle, four reads */
	unsigned r3[3] = {0, 1, 2};
	n = tb_op(&t, RN_OP_INSN, 1, r3, 3, 3, &d, NULL, &reads);
	CHECK_EQ(n, 1);
	CHECK_EQ(reads, 4);
	CHECK_EQ(d.op_src_pid[0], p0);
	CHECK_EQ(d.op_src_pid[1], 0); /* unmapped source reads 0 */
	/* a partly served INSN must be held: dropping it is a violation */
	unsigned r4[3] = {0, 4, 8};
	tb_set_op(&t, RN_OP_INSN, 1, r4, 3, RN_NONE);
	tb_cycle(&t);
	CHECK_EQ(rn_busy(t.m), 1);
	tb_bad(&t, "held unchanged");
	tb_set_op(&t, RN_OP_INSN, 1, r3, 3, RN_NONE);
	tb_bad(&t, "held unchanged");
	n = tb_op(&t, RN_OP_INSN, 1, r4, 3, RN_NONE, &d, NULL, NULL);
	CHECK_EQ(n, 2);
	CHECK_EQ(d.op_src_pid[2], p8);
	tb_close(&t);
}

/* Equal L in one bank is one read (coalescing). */
static void test_coalesce(void)
{
	tb t;
	tb_open(&t, RN_LOWEST_FIRST);
	tb_launch(&t, 2, 16, 0);
	int p5 = tb_alloc(&t, 0, 5);
	tb_pir(&t, 0, 3, 0);
	unsigned r[3] = {5, 5, RN_NONE};
	int reads;
	rn_out d;
	CHECK_EQ(tb_op(&t, RN_OP_INSN, 0, r, 3, 5, &d, NULL, &reads), 1);
	CHECK_EQ(reads, 1);
	CHECK_EQ(d.op_src_pid[0], p5);
	CHECK_EQ(d.op_src_pid[1], p5);
	CHECK_EQ(d.op_dst_pid, p5);
	/* r5, r1, r5: bank 1 claimed by L=5 serves slot 2 too, r1 waits */
	unsigned r2[3] = {5, 1, 5};
	int waits[32];
	CHECK_EQ(tb_op(&t, RN_OP_INSN, 0, r2, 3, RN_NONE, &d, waits, &reads), 2);
	CHECK_EQ(waits[0], RN_WAIT_BANK);
	CHECK_EQ(reads, 2);
	CHECK_EQ(d.op_src_pid[2], p5);
	tb_close(&t);
}

/* C7, C8, C9: effective release bits; pending frees wait for oc_q == 0. */
static void test_release(void)
{
	tb t;
	tb_open(&t, RN_LOWEST_FIRST);
	tb_launch(&t, 2, 16, 0);
	int p5 = tb_alloc(&t, 0, 5), p6 = tb_alloc(&t, 0, 6), p7 = tb_alloc(&t, 0, 7);
	/* slot 0: sources 0 and 1 flagged; slot 1: source 0; slot 2: all three */
	tb_pir(&t, 0, 9, 03 | (01 << 3) | (07 << 6));
	rn_out d;
	/* C8: r5 twice, both flagged -> released once, from slot 0 */
	tb_insn(&t, 0, 5, 5, RN_NONE, RN_NONE, &d);
	CHECK_EQ(d.op_rel[0], 1);
	CHECK_EQ(d.op_rel[1], 0);
	CHECK_EQ(rn_lookup(t.m, 0, 5), -1);
	unsigned pids[RN_MAX_PF];
	CHECK_EQ(rn_pending(t.m, 0, pids), 1);
	CHECK_EQ(pids[0], p5);
	CHECK_EQ(rn_occupied(t.m, p5), 1);
	CHECK_EQ(rn_oc_count(t.m, 0), 1);
	CHECK(invariant_ok(t.m));
	/* C7: slot 1, source 0 = destination r6 -> not released, still mapped */
	tb_insn(&t, 0, 6, RN_NONE, RN_NONE, 6, &d);
	CHECK_EQ(d.op_rel[0], 0);
	CHECK_EQ(d.op_dst_pid, p6);
	CHECK_EQ(rn_lookup(t.m, 0, 6), p6);
	CHECK_EQ(rn_pending(t.m, 0, NULL), 1);
	/* C9: slot 2: r5 (unmapped now) and r3 (never mapped) flagged: no-ops; r7 released */
	tb_insn(&t, 0, 5, 3, 7, RN_NONE, &d);
	CHECK_EQ(d.op_rel[0], 0);
	CHECK_EQ(d.op_rel[1], 0);
	CHECK_EQ(d.op_rel[2], 1);
	CHECK_EQ(d.op_src_pid[0], 0);
	CHECK_EQ(d.op_src_pid[2], p7);
	CHECK_EQ(rn_pending(t.m, 0, pids), 2);
	CHECK_EQ(pids[1], p7);
	CHECK_EQ(rn_oc_count(t.m, 0), 3);
	CHECK(invariant_ok(t.m));
	/* the pending frees commit only once oc_q[0] = 0 (start of cycle) */
	for (int i = 0; i < 5; i++) {
		tb_cycle(&t);
		CHECK_EQ(rn_occupied(t.m, p5), 1);
	}
	tb_rd(&t, 0);
	tb_rd(&t, 0);
	CHECK_EQ(rn_occupied(t.m, p5), 1);
	t.in.rd_done = 1;
	t.in.rd_warp = 0;
	tb_eval(&t); /* oc_q = 1 at the start: no commit yet */
	CHECK_EQ(t.o.ev[RN_EV_FREE], 0);
	tb_cycle(&t);
	CHECK_EQ(rn_oc_count(t.m, 0), 0);
	CHECK_EQ(rn_occupied(t.m, p5), 1);
	tb_eval(&t); /* commit cycle: both freed, still powered this cycle */
	CHECK_EQ(t.o.ev[RN_EV_FREE], 2);
	CHECK_EQ(reg_on(&t.o, p5), 1);
	tb_cycle(&t);
	CHECK_EQ(rn_occupied(t.m, p5), 0);
	CHECK_EQ(rn_occupied(t.m, p7), 0);
	CHECK_EQ(rn_occupied(t.m, p6), 1);
	CHECK_EQ(rn_pending(t.m, 0, NULL), 0);
	tb_eval(&t);
	CHECK_EQ(reg_on(&t.o, p5), 0);
	CHECK(invariant_ok(t.m));
	/* a commit and a release of the same warp in one cycle: the new entry stays */
	int p8 = tb_alloc(&t, 0, 8), p9 = tb_alloc(&t, 0, 9);
	tb_pir(&t, 0, 10, 01 | (01 << 3));
	tb_insn(&t, 0, 8, RN_NONE, RN_NONE, RN_NONE, &d);
	tb_rd(&t, 0);
	unsigned r9[3] = {9, RN_NONE, RN_NONE};
	tb_set_op(&t, RN_OP_INSN, 0, r9, 3, RN_NONE);
	tb_eval(&t);
	CHECK_EQ(t.o.op_ready, 1);
	CHECK_EQ(t.o.op_rel[0], 1);
	CHECK_EQ(t.o.ev[RN_EV_FREE], 1); /* p8 only */
	tb_cycle(&t);
	CHECK_EQ(rn_occupied(t.m, p8), 0);
	CHECK_EQ(rn_occupied(t.m, p9), 1);
	CHECK_EQ(rn_pending(t.m, 0, pids), 1);
	CHECK_EQ(pids[0], p9);
	CHECK(invariant_ok(t.m));
	tb_close(&t);
}

/* A full pending-free list holds the INSN (op_wait_o = 2); the lowest warp commits first. */
static void test_pending_full(void)
{
	rn_cfg c = small_cfg(RN_LOWEST_FIRST);
	c.pf_depth = 3;
	tb t;
	tb_open_cfg(&t, &c);
	tb_launch(&t, 3, 16, 0);
	for (int r = 0; r < 6; r++) {
		tb_alloc(&t, 1, r);
		tb_alloc(&t, 2, r);
	}
	tb_pir(&t, 1, 1, 07 | (07 << 3));
	tb_pir(&t, 2, 2, 07);
	rn_out d;
	tb_insn(&t, 1, 0, 1, 2, RN_NONE, &d);
	CHECK_EQ(rn_pending(t.m, 1, NULL), 3);
	tb_insn(&t, 2, 0, 1, 2, RN_NONE, &d);
	CHECK_EQ(rn_pending(t.m, 2, NULL), 3);
	/* warp 1: 3 more releases, list full until oc_q = 0 and the commit */
	unsigned r[3] = {3, 4, 5};
	tb_set_op(&t, RN_OP_INSN, 1, r, 3, RN_NONE);
	tb_eval(&t);
	CHECK_EQ(t.o.op_ready, 0);
	CHECK_EQ(t.o.op_wait, RN_WAIT_PF);
	tb_cycle(&t);
	tb_set_op(&t, RN_OP_INSN, 1, r, 3, RN_NONE);
	tb_eval(&t);
	CHECK_EQ(t.o.op_wait, RN_WAIT_PF);
	CHECK_EQ(t.o.ev[RN_EV_RT_READ], 0); /* all served in the first cycle */
	t.in.rd_done = 1, t.in.rd_warp = 2; /* warp 2 drains first */
	tb_cycle(&t);
	tb_set_op(&t, RN_OP_INSN, 1, r, 3, RN_NONE);
	t.in.rd_done = 1, t.in.rd_warp = 1;
	tb_eval(&t);
	CHECK_EQ(t.o.op_wait, RN_WAIT_PF);
	CHECK_EQ(t.o.ev[RN_EV_FREE], 3); /* warp 2 commits */
	tb_cycle(&t);
	CHECK_EQ(rn_pending(t.m, 2, NULL), 0);
	tb_set_op(&t, RN_OP_INSN, 1, r, 3, RN_NONE);
	tb_eval(&t);
	CHECK_EQ(t.o.op_wait, RN_WAIT_PF); /* commit of warp 1 this cycle, list full at the start */
	CHECK_EQ(t.o.ev[RN_EV_FREE], 3);
	tb_cycle(&t);
	CHECK_EQ(tb_op(&t, RN_OP_INSN, 1, r, 3, RN_NONE, &d, NULL, NULL), 1);
	CHECK_EQ(d.op_rel[0] + d.op_rel[1] + d.op_rel[2], 3);
	CHECK_EQ(rn_pending(t.m, 1, NULL), 3);
	CHECK(invariant_ok(t.m));
	tb_close(&t);
}

/* PBR (C14) waits for oc_q, frees at once, ignores unmapped (C9), 63 and
 * exempt registers, serialises by bank. */
static void test_pbr(void)
{
	tb t;
	tb_open(&t, RN_LOWEST_FIRST);
	tb_launch(&t, 2, 14, 2); /* R = 12 */
	int p0 = tb_alloc(&t, 1, 0), p4 = tb_alloc(&t, 1, 4), p8 = tb_alloc(&t, 1, 8);
	int p1 = tb_alloc(&t, 1, 1);
	tb_pir(&t, 1, 4, 0);
	tb_insn(&t, 1, RN_NONE, RN_NONE, RN_NONE, RN_NONE, NULL);
	CHECK_EQ(rn_oc_count(t.m, 1), 1);
	/* L = 12 + r: r0, r4, r8 in bank 0; r1 bank 1; r2 unmapped; r12 exempt; 63 */
	unsigned list[9] = {0, 4, 8, 1, 2, 12, RN_NONE, 0, RN_NONE};
	for (int i = 0; i < 3; i++) {
		tb_set_op(&t, RN_OP_PBR, 1, list, 9, RN_NONE);
		tb_eval(&t);
		CHECK_EQ(t.o.op_wait, RN_WAIT_OC);
		CHECK_EQ(t.o.ev[RN_EV_RT_READ], 0);
		tb_cycle(&t);
	}
	tb_set_op(&t, RN_OP_PBR, 1, list, 9, RN_NONE);
	t.in.rd_done = 1, t.in.rd_warp = 1;
	tb_eval(&t);
	CHECK_EQ(t.o.op_wait, RN_WAIT_OC); /* oc_q = 1 at the start of this cycle */
	tb_cycle(&t);
	int waits[32], reads;
	rn_out d;
	tb_set_op(&t, RN_OP_PBR, 1, list, 9, RN_NONE);
	tb_eval(&t);
	CHECK_EQ(t.o.ev[RN_EV_FREE], 2); /* r0 (slots 0 and 7 coalesced) and r1 */
	int n = tb_op(&t, RN_OP_PBR, 1, list, 9, RN_NONE, &d, waits, &reads);
	CHECK_EQ(n, 3);
	CHECK_EQ(waits[0], RN_WAIT_BANK);
	CHECK_EQ(waits[1], RN_WAIT_BANK);
	CHECK_EQ(reads, 5); /* r0+r1+r2, r4, r8 */
	CHECK_EQ(d.op_src_pid[0], 0);
	for (int p = 0; p < 4; p++)
		CHECK_EQ(rn_occupied(t.m, (int[]){p0, p4, p8, p1}[p]), 0);
	CHECK_EQ(rn_lookup(t.m, 1, 0), -1);
	CHECK_EQ(rn_lookup(t.m, 1, 12), 2); /* exempt: untouched */
	CHECK_EQ(rn_occ_count(t.m), 4);
	CHECK(invariant_ok(t.m));
	/* an id >= kr in a PBR is a violation */
	unsigned badl[9] = {14, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE};
	tb_set_op(&t, RN_OP_PBR, 1, badl, 9, RN_NONE);
	tb_bad(&t, "PBR of warp 1 slot 0 r14");
	tb_close(&t);
}

/* C11: EXIT waits for oc_q, sweeps ceil(R / RT_BANKS) cycles, frees everything. */
static void test_exit(void)
{
	tb t;
	tb_open(&t, RN_LOWEST_FIRST);
	tb_launch(&t, 3, 12, 2); /* R = 10: 3 groups */
	for (int r = 0; r < 10; r += 1)
		if (r != 6)
			tb_alloc(&t, 1, r);
	tb_alloc(&t, 0, 3);
	tb_alloc(&t, 2, 0);
	CHECK_EQ(rn_occ_count(t.m), 6 + 11);
	tb_pir(&t, 1, 8, 0);
	tb_insn(&t, 1, RN_NONE, RN_NONE, RN_NONE, RN_NONE, NULL);
	tb_set_op(&t, RN_OP_EXIT, 1, NO3, 3, RN_NONE);
	tb_eval(&t);
	CHECK_EQ(t.o.op_wait, RN_WAIT_OC);
	tb_cycle(&t);
	tb_set_op(&t, RN_OP_EXIT, 1, NO3, 3, RN_NONE);
	t.in.rd_done = 1, t.in.rd_warp = 1;
	tb_eval(&t);
	CHECK_EQ(t.o.op_wait, RN_WAIT_OC);
	tb_cycle(&t);
	/* an allocation of another warp during the sweep is unaffected */
	int waits[32], reads;
	rn_out d;
	tb_set_op(&t, RN_OP_EXIT, 1, NO3, 3, RN_NONE);
	t.in.alc_valid[0] = 1, t.in.alc_warp[0] = 2, t.in.alc_reg[0] = 1;
	tb_eval(&t);
	CHECK_EQ(t.o.alc_gnt[0], 1);
	CHECK_EQ(t.o.ev[RN_EV_RT_READ], 4);
	CHECK_EQ(t.o.ev[RN_EV_FREE], 4);
	tb_cycle(&t);
	CHECK_EQ(rn_busy(t.m), 1);
	int n = tb_op(&t, RN_OP_EXIT, 1, NO3, 3, RN_NONE, &d, waits, &reads);
	CHECK_EQ(n, 2); /* three sweep cycles in all */
	CHECK_EQ(waits[0], RN_WAIT_BANK);
	CHECK_EQ(reads, 6); /* 4 + 2 */
	CHECK_EQ(d.ev[RN_EV_FREE], 2);
	for (int r = 0; r < 10; r++)
		CHECK_EQ(rn_lookup(t.m, 1, r), -1);
	CHECK_EQ(rn_lookup(t.m, 1, 10), 2); /* exempt ids stay reserved */
	CHECK(rn_lookup(t.m, 0, 3) >= 0);
	CHECK(rn_lookup(t.m, 2, 1) >= 0);
	CHECK_EQ(rn_cursor(t.m, 1, NULL, NULL), 0);
	CHECK_EQ(rn_occ_count(t.m), 6 + 3);
	CHECK_EQ(rn_busy(t.m), 0);
	CHECK(invariant_ok(t.m));
	/* R = 0: one cycle, no reads */
	tb_launch(&t, 2, 3, 3);
	CHECK_EQ(tb_op(&t, RN_OP_EXIT, 0, NO3, 3, RN_NONE, &d, NULL, &reads), 1);
	CHECK_EQ(reads, 0);
	/* R = 16, 4 banks: 4 cycles */
	tb_launch(&t, 2, 16, 0);
	CHECK_EQ(tb_op(&t, RN_OP_EXIT, 1, NO3, 3, RN_NONE, &d, NULL, &reads), 4);
	CHECK_EQ(reads, 16);
	tb_close(&t);
}

/* C1: a register freed in cycle t is not grantable in t; C19: no domain glitch. */
static void test_free_alloc_same_cycle(void)
{
	tb t;
	tb_open(&t, RN_LOWEST_FIRST);
	tb_launch(&t, 2, 16, 0);
	for (int r = 0; r < 4; r++)
		CHECK_EQ(tb_alloc(&t, 0, r), r); /* ids 0..3: domains 0..3 */
	tb_pir(&t, 0, 1, 01);
	rn_out d;
	tb_insn(&t, 0, 0, RN_NONE, RN_NONE, RN_NONE, &d); /* releases r0 -> id 0 pending */
	CHECK_EQ(d.op_rel[0], 1);
	tb_rd(&t, 0);
	/* commit cycle of id 0 with an allocation: id 0 is not granted; id 4 is,
	 * in the same domain 0, which stays on */
	t.in.alc_valid[0] = 1, t.in.alc_warp[0] = 1, t.in.alc_reg[0] = 0;
	tb_eval(&t);
	CHECK_EQ(t.o.ev[RN_EV_FREE], 1);
	CHECK_EQ(t.o.alc_gnt[0], 1);
	CHECK_EQ(t.o.alc_pid[0], 4);
	CHECK_EQ(reg_on(&t.o, 0), 1);
	CHECK_EQ(reg_on(&t.o, 4), 1);
	CHECK_EQ(dom_on(&t.o, 0), 1);
	CHECK_EQ(t.o.ev[RN_EV_DOM_WAKE], 0);
	tb_cycle(&t);
	tb_eval(&t);
	CHECK_EQ(reg_on(&t.o, 0), 0);
	CHECK_EQ(reg_on(&t.o, 4), 1);
	CHECK_EQ(dom_on(&t.o, 0), 1);
	CHECK_EQ(t.o.dom_on[0], 0x0f);
	/* id 0 grantable the cycle after */
	CHECK_EQ(tb_alloc(&t, 1, 1), 0);
	/* a domain switching on counts a wake: 0..15 of sub-array 0 filled, then 16 */
	for (int r = 2; r < 12; r++)
		CHECK_EQ(tb_alloc(&t, 1, r), r + 3);
	CHECK_EQ(tb_alloc(&t, 1, 12), 15);
	t.in.alc_valid[0] = 1, t.in.alc_warp[0] = 1, t.in.alc_reg[0] = 13;
	tb_eval(&t);
	CHECK_EQ(t.o.alc_pid[0], 16);
	CHECK_EQ(t.o.ev[RN_EV_DOM_WAKE], 1);
	CHECK_EQ(dom_on(&t.o, 4), 1); /* sub-array 1, bank 0 */
	CHECK_EQ(t.o.dom_on[0], 0x1f);
	tb_cycle(&t);
	CHECK(invariant_ok(t.m));
	tb_close(&t);
}

/* C2, C3, C4: two ports, distinct ids, table-bank write conflict, no free id. */
static void test_alloc_ports(void)
{
	rn_cfg c = small_cfg(RN_LOWEST_FIRST);
	c.phys = 16, c.subarrays = 2;
	tb t;
	tb_open_cfg(&t, &c);
	tb_launch(&t, 4, 16, 0);
	/* C2: (0, r0) bank 0 and (1, r1) bank 1: both granted, distinct ids */
	t.in.alc_valid[0] = 1, t.in.alc_warp[0] = 0, t.in.alc_reg[0] = 0;
	t.in.alc_valid[1] = 1, t.in.alc_warp[1] = 1, t.in.alc_reg[1] = 1;
	tb_eval(&t);
	CHECK_EQ(t.o.alc_gnt[0], 1);
	CHECK_EQ(t.o.alc_gnt[1], 1);
	CHECK_EQ(t.o.alc_pid[0], 0);
	CHECK_EQ(t.o.alc_pid[1], 1);
	CHECK_EQ(t.o.ev[RN_EV_RT_WRITE], 2);
	CHECK_EQ(t.o.ev[RN_EV_ALLOC_STALL], 0);
	CHECK_EQ(reg_on(&t.o, 0) + reg_on(&t.o, 1), 2);
	tb_cycle(&t);
	/* table-bank conflict: (0, r4) and (1, r0) are L = 4 and 16, both bank 0 */
	t.in.alc_valid[0] = 1, t.in.alc_warp[0] = 0, t.in.alc_reg[0] = 4;
	t.in.alc_valid[1] = 1, t.in.alc_warp[1] = 1, t.in.alc_reg[1] = 0;
	tb_eval(&t);
	CHECK_EQ(t.o.alc_gnt[0], 1);
	CHECK_EQ(t.o.alc_pid[0], 2);
	CHECK_EQ(t.o.alc_gnt[1], 0);
	CHECK_EQ(t.o.alc_pid[1], 0);
	CHECK_EQ(t.o.ev[RN_EV_ALLOC_STALL], 1);
	tb_cycle(&t);
	CHECK_EQ(rn_lookup(t.m, 1, 0), -1);
	/* a refused port does not block a later one: port 0 idle, port 1 granted */
	t.in.alc_valid[1] = 1, t.in.alc_warp[1] = 1, t.in.alc_reg[1] = 0;
	tb_eval(&t);
	CHECK_EQ(t.o.alc_gnt[1], 1);
	CHECK_EQ(t.o.alc_pid[1], 3);
	tb_cycle(&t);
	/* fill to one free id */
	for (int r = 1; r < 12; r++)
		tb_alloc(&t, 2, r);
	CHECK_EQ(rn_occ_count(t.m), 15);
	/* C3: one free id, two requests in distinct banks: one grant */
	t.in.alc_valid[0] = 1, t.in.alc_warp[0] = 3, t.in.alc_reg[0] = 0;
	t.in.alc_valid[1] = 1, t.in.alc_warp[1] = 3, t.in.alc_reg[1] = 1;
	tb_eval(&t);
	CHECK_EQ(t.o.alc_gnt[0], 1);
	CHECK_EQ(t.o.alc_pid[0], 15);
	CHECK_EQ(t.o.alc_gnt[1], 0);
	CHECK_EQ(t.o.ev[RN_EV_ALLOC_STALL], 1);
	tb_cycle(&t);
	/* C4: none free: refused every cycle, until a PBR frees one */
	for (int i = 0; i < 3; i++) {
		t.in.alc_valid[1] = 1, t.in.alc_warp[1] = 3, t.in.alc_reg[1] = 1;
		tb_eval(&t);
		CHECK_EQ(t.o.alc_gnt[1], 0);
		CHECK_EQ(t.o.ev[RN_EV_ALLOC_STALL], 1);
		tb_cycle(&t);
	}
	unsigned list[9] = {5, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE};
	int p5 = rn_lookup(t.m, 2, 5);
	tb_set_op(&t, RN_OP_PBR, 2, list, 9, RN_NONE);
	t.in.alc_valid[1] = 1, t.in.alc_warp[1] = 3, t.in.alc_reg[1] = 1;
	tb_eval(&t);
	CHECK_EQ(t.o.op_ready, 1);
	CHECK_EQ(t.o.alc_gnt[1], 0); /* freed this cycle: not yet grantable */
	tb_cycle(&t);
	t.in.alc_valid[1] = 1, t.in.alc_warp[1] = 3, t.in.alc_reg[1] = 1;
	tb_eval(&t);
	CHECK_EQ(t.o.alc_gnt[1], 1);
	CHECK_EQ(t.o.alc_pid[1], p5);
	tb_cycle(&t);
	CHECK(invariant_ok(t.m));
	/* violations */
	t.in.alc_valid[0] = 1, t.in.alc_warp[0] = 3, t.in.alc_reg[0] = 1;
	tb_bad(&t, "already mapped");
	t.in.alc_valid[0] = 1, t.in.alc_warp[0] = 3, t.in.alc_reg[0] = 2;
	t.in.alc_valid[1] = 1, t.in.alc_warp[1] = 3, t.in.alc_reg[1] = 2;
	tb_bad(&t, "ports 0 and 1 both");
	t.in.alc_valid[1] = 1, t.in.alc_warp[1] = 4, t.in.alc_reg[1] = 2;
	tb_bad(&t, "warp 4 >= the kernel's warps 4");
	t.in.alc_valid[0] = 1, t.in.alc_warp[0] = 0, t.in.alc_reg[0] = RN_NONE;
	tb_bad(&t, "not renamable");
	tb_close(&t);
}

static void test_policies(void)
{
	tb t;
	/* LOWEST_FIRST vs CONSOLIDATE on the same occupancy: id 0 reserved
	 * (domain 0 = ids 0, 4, 8, 12 of sub-array 0, bank 0) */
	tb_open(&t, RN_LOWEST_FIRST);
	tb_launch(&t, 1, 8, 1);
	CHECK_EQ(tb_alloc(&t, 0, 0), 1);
	tb_close(&t);

	tb_open(&t, RN_CONSOLIDATE);
	tb_launch(&t, 1, 8, 1);
	t.in.alc_valid[0] = 1, t.in.alc_warp[0] = 0, t.in.alc_reg[0] = 0;
	t.in.alc_valid[1] = 1, t.in.alc_warp[1] = 0, t.in.alc_reg[1] = 1;
	tb_eval(&t);
	CHECK_EQ(t.o.alc_pid[0], 4); /* the lowest free id of an occupied domain */
	CHECK_EQ(t.o.alc_pid[1], 8); /* the domains are those of the start of the cycle */
	CHECK_EQ(t.o.ev[RN_EV_DOM_WAKE], 0);
	tb_cycle(&t);
	CHECK_EQ(tb_alloc(&t, 0, 2), 12);
	CHECK_EQ(tb_alloc(&t, 0, 3), 1); /* domain 0 full: the lowest id */
	CHECK_EQ(tb_alloc(&t, 0, 4), 5); /* now domains 0 and 1 */
	tb_close(&t);

	/* CONSOLIDATE with nothing occupied: the lowest id */
	tb_open(&t, RN_CONSOLIDATE);
	tb_launch(&t, 1, 8, 0);
	CHECK_EQ(tb_alloc(&t, 0, 0), 0);
	CHECK_EQ(tb_alloc(&t, 0, 1), 4);
	tb_close(&t);

	/* WEAR_LEVEL: start (last_q + SUB_REGS) mod PHYS_REGS, circular (C23) */
	tb_open(&t, RN_WEAR_LEVEL);
	tb_launch(&t, 2, 16, 0);
	CHECK_EQ(tb_alloc(&t, 0, 0), 0);
	CHECK_EQ(tb_alloc(&t, 0, 1), 16);
	CHECK_EQ(tb_alloc(&t, 0, 2), 32);
	CHECK_EQ(tb_alloc(&t, 0, 3), 48);
	CHECK_EQ(tb_alloc(&t, 0, 4), 1); /* wraps to 0, occupied: the next one */
	/* two ports: same start 17, port 1 gets the next free; last_q = port 1's */
	t.in.alc_valid[0] = 1, t.in.alc_warp[0] = 0, t.in.alc_reg[0] = 5;
	t.in.alc_valid[1] = 1, t.in.alc_warp[1] = 0, t.in.alc_reg[1] = 6;
	tb_eval(&t);
	CHECK_EQ(t.o.alc_pid[0], 17);
	CHECK_EQ(t.o.alc_pid[1], 18);
	tb_cycle(&t);
	CHECK_EQ(tb_alloc(&t, 0, 7), 34);
	CHECK_EQ(tb_alloc(&t, 0, 8), 50);
	CHECK_EQ(tb_alloc(&t, 0, 9), 2); /* 66 mod 64 */
	/* the tail wraps: ids 60..63 taken, start 62 -> 63 busy, 0 busy ... */
	tb_launch(&t, 1, 16, 0);
	CHECK_EQ(tb_alloc(&t, 0, 0), 0);
	tb_close(&t);

	/* WEAR_LEVEL wrap at the end of the id space: PHYS 16, 1 sub-array */
	rn_cfg c = small_cfg(RN_WEAR_LEVEL);
	c.phys = 16, c.subarrays = 1, c.rf_banks = 1;
	tb_open_cfg(&t, &c);
	tb_launch(&t, 2, 16, 0); /* SUB_REGS = 16: start = last_q, which was granted */
	CHECK_EQ(tb_alloc(&t, 0, 0), 0);
	CHECK_EQ(tb_alloc(&t, 0, 1), 1);
	for (int r = 2; r < 15; r++)
		CHECK_EQ(tb_alloc(&t, 0, r), r);
	CHECK_EQ(tb_alloc(&t, 0, 15), 15);
	unsigned list[9] = {3, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE};
	tb_op(&t, RN_OP_PBR, 0, list, 9, RN_NONE, NULL, NULL, NULL);
	CHECK_EQ(tb_alloc(&t, 1, 0), 3); /* from 15, circular: 15 busy, 0..2 busy, 3 */
	tb_close(&t);
}

/* Release flag cache: hit, fill, victims, pinning (C16), 18 slots (C17). */
static void test_flag_cache(void)
{
	tb t;
	tb_open(&t, RN_LOWEST_FIRST);
	tb_launch(&t, 8, 8, 0);
	for (int w = 0; w < 4; w++) {
		t.in.pir_valid = 1, t.in.pir_warp = (unsigned)w, t.in.pir_pc = 100u + (unsigned)w;
		tb_eval(&t);
		CHECK_EQ(t.o.pir_ready, 1);
		CHECK_EQ(t.o.pir_hit, 0);
		CHECK_EQ(t.o.ev[RN_EV_FC_FILL], 1);
		tb_cycle(&t);
		int e, s;
		CHECK_EQ(rn_cursor(t.m, w, &e, &s), 1);
		CHECK_EQ(e, w); /* the lowest invalid entry */
		CHECK_EQ(s, 0);
	}
	/* every entry pinned: a miss is refused, nothing changes */
	t.in.pir_valid = 1, t.in.pir_warp = 4, t.in.pir_pc = 200;
	tb_eval(&t);
	CHECK_EQ(t.o.pir_ready, 0);
	CHECK_EQ(t.o.pir_hit, 0);
	CHECK_EQ(t.o.ev[RN_EV_FC_FILL], 0);
	tb_cycle(&t);
	CHECK_EQ(rn_cursor(t.m, 4, NULL, NULL), 0);
	/* a hit is taken even so (PC_BITS = 16: the tag is pc mod 2^16) */
	t.in.pir_valid = 1, t.in.pir_warp = 4, t.in.pir_pc = 101u + 65536u;
	tb_eval(&t);
	CHECK_EQ(t.o.pir_ready, 1);
	CHECK_EQ(t.o.pir_hit, 1);
	CHECK_EQ(t.o.ev[RN_EV_FC_HIT], 1);
	tb_cycle(&t);
	int e, s;
	CHECK_EQ(rn_cursor(t.m, 4, &e, &s), 1);
	CHECK_EQ(e, 1);
	/* warp 0 exits: entry 0 unpinned; fvp_q = 0 after four fills -> victim 0 */
	tb_op(&t, RN_OP_EXIT, 0, NO3, 3, RN_NONE, NULL, NULL, NULL);
	t.in.pir_valid = 1, t.in.pir_warp = 5, t.in.pir_pc = 300;
	tb_eval(&t);
	CHECK_EQ(t.o.pir_ready, 1);
	tb_cycle(&t);
	CHECK_EQ(rn_cursor(t.m, 5, &e, NULL), 1);
	CHECK_EQ(e, 0);
	/* warps 2 and 3 exit: entries 2, 3 free; fvp_q = 1, entry 1 pinned -> 2 */
	tb_op(&t, RN_OP_EXIT, 2, NO3, 3, RN_NONE, NULL, NULL, NULL);
	tb_op(&t, RN_OP_EXIT, 3, NO3, 3, RN_NONE, NULL, NULL, NULL);
	tb_pir(&t, 6, 400, 0);
	CHECK_EQ(rn_cursor(t.m, 6, &e, NULL), 1);
	CHECK_EQ(e, 2);
	tb_pir(&t, 7, 500, 0); /* fvp_q = 3 */
	CHECK_EQ(rn_cursor(t.m, 7, &e, NULL), 1);
	CHECK_EQ(e, 3);
	/* victims after fvp_q: a launch clears the cache; entries 1 and 3 unpinned */
	tb_launch(&t, 8, 8, 0);
	for (int w = 0; w < 4; w++)
		tb_pir(&t, w, 600u + (unsigned)w, 0);
	tb_op(&t, RN_OP_EXIT, 1, NO3, 3, RN_NONE, NULL, NULL, NULL);
	tb_op(&t, RN_OP_EXIT, 3, NO3, 3, RN_NONE, NULL, NULL, NULL);
	tb_pir(&t, 4, 700, 0); /* fvp_q = 0: first unpinned at or after 0 */
	CHECK_EQ(rn_cursor(t.m, 4, &e, NULL), 1);
	CHECK_EQ(e, 1);
	tb_pir(&t, 5, 701, 0); /* fvp_q = 2: 2 pinned, 3 */
	CHECK_EQ(rn_cursor(t.m, 5, &e, NULL), 1);
	CHECK_EQ(e, 3);
	tb_op(&t, RN_OP_EXIT, 4, NO3, 3, RN_NONE, NULL, NULL, NULL);
	tb_op(&t, RN_OP_EXIT, 0, NO3, 3, RN_NONE, NULL, NULL, NULL);
	tb_pir(&t, 6, 702, 0); /* fvp_q = 0 (3 + 1 wraps): entry 0 */
	CHECK_EQ(rn_cursor(t.m, 6, &e, NULL), 1);
	CHECK_EQ(e, 0);
	tb_pir(&t, 7, 703, 0); /* fvp_q = 1: entry 1 */
	CHECK_EQ(rn_cursor(t.m, 7, &e, NULL), 1);
	CHECK_EQ(e, 1);
	/* a pir and an operation of the same warp is a violation */
	t.in.pir_valid = 1, t.in.pir_warp = 7, t.in.pir_pc = 1;
	tb_set_op(&t, RN_OP_INSN, 7, NO3, 3, RN_NONE);
	tb_bad(&t, "same warp 7");
	tb_close(&t);

	/* C17: 18 instructions per pir; flags of slot i at bits 3i+j */
	tb_open(&t, RN_LOWEST_FIRST);
	tb_launch(&t, 2, 8, 0);
	int p2 = tb_alloc(&t, 0, 2);
	tb_pir(&t, 0, 77, (UINT64_C(1) << (3 * 5 + 1)) | (UINT64_C(1) << (3 * 17 + 2)));
	rn_out d;
	for (int i = 0; i < 18; i++) {
		CHECK_EQ(rn_cursor(t.m, 0, NULL, &s), 1);
		CHECK_EQ(s, i);
		tb_insn(&t, 0, 1, 2, 2, RN_NONE, &d);
		CHECK_EQ(d.op_rel[0], 0);
		CHECK_EQ(d.op_rel[1], i == 5);
		CHECK_EQ(d.op_rel[2], 0); /* slot 17 flags r2 again, unmapped by then */
		CHECK_EQ(d.op_src_pid[2], i <= 5 ? p2 : 0);
		tb_rd(&t, 0);
	}
	CHECK_EQ(rn_cursor(t.m, 0, NULL, NULL), 0);
	tb_set_op(&t, RN_OP_INSN, 0, NO3, 3, RN_NONE);
	tb_bad(&t, "without a valid flag-cache cursor");
	tb_pir(&t, 0, 77, 0); /* the same block again: a hit */
	CHECK_EQ(t.m != NULL, 1);
	CHECK_EQ(rn_cursor(t.m, 0, &e, &s), 1);
	CHECK_EQ(s, 0);
	const uint64_t *cnt = rn_counts(t.m);
	CHECK_EQ(cnt[RN_EV_FC_HIT], 1);
	CHECK_EQ(cnt[RN_EV_FC_FILL], 1);
	CHECK_EQ(cnt[RN_EV_FC_READ], 18);
	tb_close(&t);
}

/* The requesting warp's own cursor does not pin; a refused pir drops it, so two
 * warps sharing the only entry cannot block each other (docs/rename.md §2). */
static void test_flag_cache_progress(void)
{
	tb t;
	tb_open(&t, RN_LOWEST_FIRST);
	tb_launch(&t, 8, 8, 0);
	int e;
	for (int w = 0; w < 4; w++)
		tb_pir(&t, w, 100u + (unsigned)w, 0);   /* entries 0..3, one per warp */
	/* warp 2's miss: its own entry 2 is the only unpinned one */
	t.in.pir_valid = 1, t.in.pir_warp = 2, t.in.pir_pc = 300;
	tb_eval(&t);
	CHECK_EQ(t.o.pir_ready, 1);
	CHECK_EQ(t.o.pir_hit, 0);
	tb_cycle(&t);
	CHECK_EQ(rn_cursor(t.m, 2, &e, NULL), 1);
	CHECK_EQ(e, 2);
	/* warps 4 and 5 share warp 1's entry; warp 1 exits: entry 1 pinned by 4 and 5 */
	tb_pir(&t, 4, 101, 0);
	tb_pir(&t, 5, 101, 0);
	tb_op(&t, RN_OP_EXIT, 1, NO3, 3, RN_NONE, NULL, NULL, NULL);
	/* warp 4 misses: 0 (w0), 1 (w5), 2 (w2), 3 (w3) pinned by others: refused, cursor dropped */
	t.in.pir_valid = 1, t.in.pir_warp = 4, t.in.pir_pc = 400;
	tb_eval(&t);
	CHECK_EQ(t.o.pir_ready, 0);
	tb_cycle(&t);
	CHECK_EQ(rn_cursor(t.m, 4, NULL, NULL), 0);
	/* warp 5 misses: entry 1 is pinned by nobody else now: taken */
	t.in.pir_valid = 1, t.in.pir_warp = 5, t.in.pir_pc = 500;
	tb_eval(&t);
	CHECK_EQ(t.o.pir_ready, 1);
	tb_cycle(&t);
	CHECK_EQ(rn_cursor(t.m, 5, &e, NULL), 1);
	CHECK_EQ(e, 1);
	tb_close(&t);
}

static void test_violations(void)
{
	tb t;
	tb_open(&t, RN_LOWEST_FIRST);
	tb_launch(&t, 2, 8, 2);
	tb_pir(&t, 0, 1, 0);
	tb_set_op(&t, RN_OP_INSN, 2, NO3, 3, RN_NONE);
	tb_bad(&t, "INSN for warp 2 >= the kernel's warps 2");
	tb_set_op(&t, 3, 0, NO3, 3, RN_NONE);
	tb_bad(&t, "op_kind_i=3");
	tb_set_op(&t, RN_OP_INSN, 1, NO3, 3, RN_NONE);
	tb_bad(&t, "without a valid flag-cache cursor");
	unsigned bad[3] = {1, 8, RN_NONE};
	tb_set_op(&t, RN_OP_INSN, 0, bad, 3, RN_NONE);
	tb_bad(&t, "source r8 >= kernel registers 8");
	tb_set_op(&t, RN_OP_INSN, 0, NO3, 3, 9);
	tb_bad(&t, "destination r9");
	t.in.rd_done = 1, t.in.rd_warp = 0;
	tb_bad(&t, "oc_q=0");
	t.in.pir_valid = 1, t.in.pir_warp = 3;
	tb_bad(&t, "pir for warp 3");
	/* warp 1 exits: no allocation, PBR or EXIT for it until its next pir */
	tb_op(&t, RN_OP_EXIT, 1, NO3, 3, RN_NONE, NULL, NULL, NULL);
	t.in.alc_valid[0] = 1, t.in.alc_warp[0] = 1, t.in.alc_reg[0] = 0;
	tb_bad(&t, "allocation port 0 for warp 1 after its EXIT");
	tb_set_op(&t, RN_OP_PBR, 1, NO3, 3, RN_NONE);
	tb_bad(&t, "PBR of warp 1 after its EXIT");
	tb_pir(&t, 1, 2, 0);
	t.in.alc_valid[0] = 1, t.in.alc_warp[0] = 1, t.in.alc_reg[0] = 0;
	tb_eval(&t);
	CHECK_EQ(t.rc, 0);
	tb_idle(&t);
	/* EXIT waiting for oc_q must be held too */
	tb_insn(&t, 0, RN_NONE, RN_NONE, RN_NONE, RN_NONE, NULL);
	tb_set_op(&t, RN_OP_EXIT, 0, NO3, 3, RN_NONE);
	tb_cycle(&t);
	tb_set_op(&t, RN_OP_EXIT, 1, NO3, 3, RN_NONE);
	tb_bad(&t, "EXIT of warp 0 was not held");
	tb_set_op(&t, RN_OP_EXIT, 0, NO3, 3, RN_NONE);
	t.in.rd_done = 1, t.in.rd_warp = 0;
	tb_cycle(&t);
	tb_op(&t, RN_OP_EXIT, 0, NO3, 3, RN_NONE, NULL, NULL, NULL);
	/* oc_q = 15: the next INSN completing is a violation */
	tb_pir(&t, 1, 2, 0);
	for (int i = 0; i < 15; i++)
		tb_insn(&t, 1, RN_NONE, RN_NONE, RN_NONE, RN_NONE, NULL);
	CHECK_EQ(rn_oc_count(t.m, 1), 15);
	tb_set_op(&t, RN_OP_INSN, 1, NO3, 3, RN_NONE);
	tb_bad(&t, "oc_q=15");
	tb_close(&t);
}

/* ------------------------------------------------------------------ */
/* TFET classes (docs/rename.md "TFET register classes")              */
/* ------------------------------------------------------------------ */

/* WARPS=4 REGS=8 PHYS_REGS=16 (4 RF banks x 4 rows, 4 sub-arrays of 4 ids),
 * TFET_ROWS=2: CMOS ids 0..7, TFET ids 8..15 (PT = 8); RT_ENTRIES=32. */
static rn_cfg tiny_cfg(int policy, int cls, int gating)
{
	rn_cfg c = {.warps = 4, .regs = 8, .phys = 16, .rt_entries = 32, .rt_banks = 4, .rf_banks = 4,
		    .subarrays = 4, .policy = policy, .lookup_ports = 4, .exempt = 2, .alloc_ports = 2,
		    .pf_depth = 4, .fc_entries = 4, .pc_bits = 16, .tfet_rows = 2, .cls = cls, .gating = gating};
	return c;
}

/* A request on port k (the inputs of this cycle; not ticked). */
static void tb_req(tb *t, int k, int w, int r, int tfet, int load)
{
	t->in.alc_valid[k] = 1;
	t->in.alc_warp[k] = (unsigned)w;
	t->in.alc_reg[k] = (unsigned)r;
	t->in.alc_tfet[k] = (unsigned)tfet;
	t->in.alc_load[k] = (unsigned)load;
}

/* One request on port 0 that must be granted; returns the id. */
static int tb_alloc_cls(tb *t, int w, int r, int tfet, int load)
{
	tb_req(t, 0, w, r, tfet, load);
	tb_eval(t);
	CHECK_EQ(t->o.alc_gnt[0], 1);
	int p = (int)t->o.alc_pid[0];
	CHECK_EQ(t->o.alc_tfet[0], (unsigned)(p >= rn_pt(rn_config(t->m))));
	CHECK_EQ(t->o.ev[RN_EV_ALLOC_CMOS] + t->o.ev[RN_EV_ALLOC_TFET], t->o.ev[RN_EV_RT_WRITE]);
	tb_cycle(t);
	return p;
}

static void test_tfet_cfg(void)
{
	long p[RN_NPARAMS];
	char buf[256];
	int w[WG_MAX_PORTS], ev[WG_MAX_EVENTS];
	static const int cls_ports[] = {RN_ALC_TFET_I, RN_ALC_LOAD_I, RN_OP_SRC_TFET_O, RN_OP_DST_TFET_O,
					RN_ALC_TFET_O, RN_FREE_TFET_O};
	wg_params_default(&wg_block_rename, p);
	CHECK_EQ(p[RN_P_TFET_ROWS], 0);
	CHECK_EQ(p[RN_P_CLASS], RN_CLS_NONE);
	CHECK_EQ(p[RN_P_GATING], RN_GATE_OCCUPANCY);
	/* TFET_ROWS = 0: the class ports and events have no bits; the layout of
	 * every other port is the one without them */
	wg_block_rename.widths(p, w, ev);
	for (int i = 0; i < 6; i++)
		CHECK_EQ(w[cls_ports[i]], 0);
	for (int e = RN_EV_ALLOC_CMOS; e <= RN_EV_FALLBACK_TFET; e++)
		CHECK_EQ(ev[e], 0);
	CHECK_EQ(w[RN_EV_O], 19);
	wg_layout L;
	wg_layout_init(&L, &wg_block_rename, p);
	int words[2] = {0, 0};
	for (int i = 0; i < RN_NPORTS; i++) {
		int cls = 0;
		for (int j = 0; j < 6; j++)
			cls |= i == cls_ports[j];
		if (cls)
			continue;
		CHECK_EQ(L.off[i], words[wg_block_rename.ports[i].dir]);
		words[wg_block_rename.ports[i].dir] += (L.width[i] + 31) / 32;
	}
	CHECK_EQ(L.nwords[WG_IN], words[WG_IN]);
	CHECK_EQ(L.nwords[WG_OUT], words[WG_OUT]);
	long bits0 = wg_block_rename.storage_bits(p);
	CHECK_EQ(bits0, 16989);
	/* the paper's partition: 56 of 256 rows */
	p[RN_P_TFET_ROWS] = 56, p[RN_P_CLASS] = RN_MEM_RA;
	CHECK(wg_params_check(&wg_block_rename, p, buf, sizeof buf) == NULL);
	wg_block_rename.widths(p, w, ev);
	CHECK_EQ(w[RN_ALC_TFET_I], 2);
	CHECK_EQ(w[RN_ALC_LOAD_I], 2);
	CHECK_EQ(w[RN_OP_SRC_TFET_O], 3);
	CHECK_EQ(w[RN_OP_DST_TFET_O], 1);
	CHECK_EQ(w[RN_ALC_TFET_O], 2);
	CHECK_EQ(w[RN_FREE_TFET_O], 8); /* clog2(224 + 1) */
	CHECK_EQ(ev[RN_EV_TFET_REFUSED], 2);
	CHECK_EQ(w[RN_EV_O], 19 + 4 * 2);
	CHECK_EQ(wg_block_rename.storage_bits(p), bits0); /* the class is p >= PT: no storage */
	p[RN_P_GATING] = RN_GATE_STATIC;
	CHECK_EQ(wg_block_rename.storage_bits(p), bits0 + 8); /* gb_q: clog2(200 + 1) */
	rn_cfg c;
	rn_cfg_from_params(&c, p);
	CHECK_EQ(rn_pt(&c), 800);
	CHECK_EQ(c.tfet_rows, 56);
	CHECK_EQ(c.cls, RN_MEM_RA);
	CHECK_EQ(c.gating, RN_GATE_STATIC);
	/* bad combinations: one line naming the parameter */
	p[RN_P_TFET_ROWS] = 257;
	const char *e = wg_params_check(&wg_block_rename, p, buf, sizeof buf);
	CHECK(e && strstr(e, "TFET_ROWS=257") && strstr(e, "0..256"));
	p[RN_P_TFET_ROWS] = 0;
	e = wg_params_check(&wg_block_rename, p, buf, sizeof buf);
	CHECK(e && strstr(e, "CLASS=MEM_RA") && strstr(e, "TFET_ROWS=0"));
	p[RN_P_CLASS] = RN_CLS_NONE; /* STATIC without TFET rows: Xie's all-CMOS baseline */
	CHECK(wg_params_check(&wg_block_rename, p, buf, sizeof buf) == NULL);
	p[RN_P_TFET_ROWS] = 256, p[RN_P_CLASS] = RN_CMOS_RA; /* all TFET */
	CHECK(wg_params_check(&wg_block_rename, p, buf, sizeof buf) == NULL);
	wg_block_rename.storage_parts(p, (wg_storage_part[WG_MAX_STORAGE_PARTS]){0});
	CHECK_EQ(wg_block_rename.storage_bits(p), bits0); /* CR = 0: gb_q has 0 bits */
}

/* The class of an id: its bank row p div RF_BANKS among the top TFET_ROWS. */
static void test_tfet_class_of_id(void)
{
	static const int geo[][3] = {{1024, 4, 56}, {1024, 4, 96}, {1024, 4, 32}, {64, 1, 3}, {64, 8, 5}, {16, 4, 4}};
	for (int g = 0; g < 6; g++) {
		rn_cfg c = small_cfg(RN_LOWEST_FIRST);
		c.phys = geo[g][0], c.rf_banks = geo[g][1], c.tfet_rows = geo[g][2];
		int rows = c.phys / c.rf_banks, n = 0;
		for (int p = 0; p < c.phys; p++) {
			int t = (p / c.rf_banks) >= rows - c.tfet_rows;
			CHECK_EQ(rn_is_tfet(&c, p), t);
			n += t;
		}
		CHECK_EQ(n, c.rf_banks * c.tfet_rows);
		CHECK_EQ(rn_pt(&c), c.phys - n);
	}
}

/* MEM_RA: the requested class, W-P1-1 (with the in-cycle cascade), W-P1-2,
 * A11, no bypass across the free (W-P1-4), the source / destination classes. */
static void test_tfet_mem_ra(void)
{
	tb t;
	rn_cfg c = tiny_cfg(RN_LOWEST_FIRST, RN_MEM_RA, RN_GATE_OCCUPANCY);
	tb_open_cfg(&t, &c);
	tb_launch(&t, 4, 4, 0); /* R = 4, L = 4w + r, table bank = r */
	tb_eval(&t);
	CHECK_EQ(t.o.free_tfet, 8);
	tb_idle(&t);
	/* by request */
	tb_req(&t, 0, 0, 0, 1, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.alc_pid[0], 8);
	CHECK_EQ(t.o.alc_tfet[0], 1);
	CHECK_EQ(t.o.ev[RN_EV_ALLOC_TFET], 1);
	CHECK_EQ(t.o.ev[RN_EV_ALLOC_CMOS], 0);
	CHECK_EQ(t.o.ev[RN_EV_TFET_REFUSED], 0);
	CHECK_EQ(t.o.free_tfet, 8); /* start of the cycle */
	tb_cycle(&t);
	CHECK_EQ(tb_alloc_cls(&t, 0, 1, 0, 0), 0);
	tb_eval(&t);
	CHECK_EQ(t.o.free_tfet, 7);
	tb_idle(&t);
	/* the classes of the sources and of the destination at rename (W-P1-9) */
	rn_out d;
	tb_pir(&t, 0, 8, 0);
	tb_insn(&t, 0, 0, 1, 3, 0, &d); /* r0 TFET, r1 CMOS, r3 unmapped; dst r0 (TFET, in place) */
	CHECK_EQ(d.op_src_pid[0], 8);
	CHECK_EQ(d.op_src_tfet[0], 1);
	CHECK_EQ(d.op_src_tfet[1], 0);
	CHECK_EQ(d.op_src_tfet[2], 0);
	CHECK_EQ(d.op_dst_tfet, 1);
	CHECK_EQ(d.op_dst_new, 0);
	tb_insn(&t, 0, 1, RN_NONE, RN_NONE, 1, &d);
	CHECK_EQ(d.op_dst_tfet, 0);
	tb_insn(&t, 0, RN_NONE, 0, RN_NONE, 2, &d);
	CHECK_EQ(d.op_src_tfet[1], 1);
	CHECK_EQ(d.op_dst_tfet, 0);
	CHECK_EQ(d.op_dst_new, 1);
	/* fill the TFET class but one (ids 9..14) */
	int n = 0;
	for (int w = 1; w < 3; w++)
		for (int r = 0; r < 4 && n < 6; r++, n++)
			CHECK_EQ(tb_alloc_cls(&t, w, r, 1, 0), 9 + n);
	CHECK_EQ(rn_free_tfet(t.m), 1);
	/* W-P1-1 inside one cycle: two TFET requests, one TFET id free */
	tb_req(&t, 0, 2, 2, 1, 0);
	tb_req(&t, 1, 3, 1, 1, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.alc_gnt[0] + t.o.alc_gnt[1], 2);
	CHECK_EQ(t.o.alc_pid[0], 15);
	CHECK_EQ(t.o.alc_tfet[0], 1);
	CHECK_EQ(t.o.alc_pid[1], 1);
	CHECK_EQ(t.o.alc_tfet[1], 0);
	CHECK_EQ(t.o.ev[RN_EV_TFET_REFUSED], 1);
	CHECK_EQ(t.o.ev[RN_EV_ALLOC_TFET], 1);
	CHECK_EQ(t.o.ev[RN_EV_ALLOC_CMOS], 1);
	CHECK_EQ(t.o.ev[RN_EV_FALLBACK_TFET], 0);
	tb_cycle(&t);
	/* W-P1-1: the TFET class empty */
	tb_req(&t, 0, 2, 3, 1, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.free_tfet, 0);
	CHECK_EQ(t.o.alc_pid[0], 2);
	CHECK_EQ(t.o.ev[RN_EV_TFET_REFUSED], 1);
	tb_cycle(&t);
	/* fill the CMOS class: ids 3..7 */
	static const int fill[5][2] = {{0, 2}, {0, 3}, {3, 0}, {3, 2}, {3, 3}};
	for (int i = 0; i < 5; i++)
		CHECK_EQ(tb_alloc_cls(&t, fill[i][0], fill[i][1], 0, 0), 3 + i);
	CHECK_EQ(rn_occ_count(t.m), 16);
	/* free two TFET ids (w1 r0 = 9, w1 r1 = 10) */
	unsigned l2[9] = {0, 1, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE};
	tb_op(&t, RN_OP_PBR, 1, l2, 9, RN_NONE, NULL, NULL, NULL);
	/* W-P1-2: a CMOS request with the CMOS class empty gets TFET; a load does
	 * not (A11), it waits though a TFET id is free */
	tb_req(&t, 0, 1, 0, 0, 0);
	tb_req(&t, 1, 1, 1, 0, 1);
	tb_eval(&t);
	CHECK_EQ(t.rc, 0);
	CHECK_EQ(t.o.alc_gnt[0], 1);
	CHECK_EQ(t.o.alc_pid[0], 9);
	CHECK_EQ(t.o.alc_tfet[0], 1);
	CHECK_EQ(t.o.ev[RN_EV_FALLBACK_TFET], 1);
	CHECK_EQ(t.o.alc_gnt[1], 0);
	CHECK_EQ(t.o.ev[RN_EV_ALLOC_STALL], 1);
	tb_cycle(&t);
	/* a load asking TFET is a violation (A11) */
	tb_req(&t, 0, 1, 1, 1, 1);
	tb_bad(&t, "TFET id for a load");
	/* the load waits while TFET id 10 is free; a CMOS id freed in cycle t
	 * (w2 r3 = id 2, by a pbr) is not granted in t (W-P1-4), it is in t+1 */
	for (int i = 0; i < 3; i++) {
		tb_req(&t, 0, 1, 1, 0, 1);
		tb_eval(&t);
		CHECK_EQ(t.o.alc_gnt[0], 0);
		CHECK_EQ(t.o.free_tfet, 1);
		tb_cycle(&t);
	}
	unsigned l3[9] = {3, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE, RN_NONE};
	tb_set_op(&t, RN_OP_PBR, 2, l3, 9, RN_NONE);
	tb_req(&t, 0, 1, 1, 0, 1);
	tb_eval(&t);
	CHECK_EQ(t.o.op_ready, 1);
	CHECK_EQ(t.o.ev[RN_EV_FREE], 1);
	CHECK_EQ(t.o.alc_gnt[0], 0);
	tb_cycle(&t);
	CHECK_EQ(tb_alloc_cls(&t, 1, 1, 0, 1), 2);
	CHECK(invariant_ok(t.m));
	tb_close(&t);
}

/* The timing diagram of docs/rename.md: a TFET id freed by a pending-free
 * commit in cycle 1 is not seen by cycle 1's TFET request (W-P1-4). */
static void test_tfet_timing_diagram(void)
{
	tb t;
	rn_cfg c = tiny_cfg(RN_LOWEST_FIRST, RN_MEM_RA, RN_GATE_OCCUPANCY);
	c.phys = 32, c.subarrays = 2, c.rt_entries = 32; /* TFET ids 24..31 */
	tb_open_cfg(&t, &c);
	tb_launch(&t, 4, 8, 0); /* L = 8w + r */
	/* TFET 24..30: warp 2 r0 (24, released below), warps 1, 2 r4..r6 */
	CHECK_EQ(tb_alloc_cls(&t, 2, 0, 1, 0), 24);
	for (int w = 1; w < 3; w++)
		for (int r = 4; r < 7; r++)
			tb_alloc_cls(&t, w, r, 1, 0);
	static const int cm[5] = {2, 3, 4, 6, 7};
	for (int i = 0; i < 5; i++)
		CHECK_EQ(tb_alloc_cls(&t, 0, cm[i], 0, 0), i);
	tb_pir(&t, 2, 8, 1); /* slot 0, source 0 released */
	rn_out d;
	tb_insn(&t, 2, 0, RN_NONE, RN_NONE, RN_NONE, &d);
	CHECK_EQ(d.op_rel[0], 1);
	/* cycle 0 (warp 2's operand read reported: its list commits in cycle 1) */
	tb_req(&t, 0, 0, 1, 1, 0);
	tb_req(&t, 1, 1, 2, 1, 0);
	t.in.rd_done = 1, t.in.rd_warp = 2;
	tb_eval(&t);
	CHECK_EQ(t.o.free_tfet, 1);
	CHECK_EQ(t.o.alc_pid[0], 31);
	CHECK_EQ(t.o.alc_tfet[0], 1);
	CHECK_EQ(t.o.alc_pid[1], 5);
	CHECK_EQ(t.o.alc_tfet[1], 0);
	CHECK_EQ(t.o.ev[RN_EV_ALLOC_TFET], 1);
	CHECK_EQ(t.o.ev[RN_EV_ALLOC_CMOS], 1);
	CHECK_EQ(t.o.ev[RN_EV_TFET_REFUSED], 1);
	CHECK_EQ(t.o.ev[RN_EV_RT_WRITE], 2);
	CHECK_EQ(t.o.ev[RN_EV_FREE], 0);
	tb_cycle(&t);
	/* cycle 1: id 24 freed now, not seen by this cycle's TFET request */
	tb_req(&t, 0, 3, 1, 1, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.free_tfet, 0);
	CHECK_EQ(t.o.ev[RN_EV_FREE], 1);
	CHECK_EQ(t.o.alc_pid[0], 6);
	CHECK_EQ(t.o.ev[RN_EV_TFET_REFUSED], 1);
	tb_cycle(&t);
	/* cycle 2 */
	tb_req(&t, 0, 3, 3, 1, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.free_tfet, 1);
	CHECK_EQ(t.o.alc_pid[0], 24);
	CHECK_EQ(t.o.alc_tfet[0], 1);
	for (int k = 0; k < 2; k++)
		if (t.o.alc_gnt[k])
			CHECK(reg_on(&t.o, (int)t.o.alc_pid[k]));
	tb_cycle(&t);
	/* cycle 3: a load */
	CHECK_EQ(tb_alloc_cls(&t, 0, 5, 0, 1), 7);
	tb_close(&t);
}

/* CMOS_RA: CMOS while one is free, alc_tfet_i ignored; NONE with TFET rows:
 * no preference, loads CMOS only; TFET_ROWS = 0 ignores the class inputs. */
static void test_tfet_cmos_ra_none(void)
{
	tb t;
	rn_cfg c = tiny_cfg(RN_LOWEST_FIRST, RN_CMOS_RA, RN_GATE_OCCUPANCY);
	tb_open_cfg(&t, &c);
	tb_launch(&t, 4, 4, 0);
	for (int i = 0; i < 8; i++)
		CHECK_EQ(tb_alloc_cls(&t, i / 4, i % 4, i & 1, 0), i);
	tb_req(&t, 0, 2, 0, 1, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.alc_pid[0], 8);
	CHECK_EQ(t.o.ev[RN_EV_FALLBACK_TFET], 1);
	CHECK_EQ(t.o.ev[RN_EV_TFET_REFUSED], 0);
	tb_cycle(&t);
	tb_req(&t, 0, 2, 1, 0, 1); /* a load: CMOS only, none free */
	tb_eval(&t);
	CHECK_EQ(t.o.alc_gnt[0], 0);
	CHECK_EQ(t.o.ev[RN_EV_ALLOC_STALL], 1);
	tb_idle(&t);
	tb_close(&t);
	/* NONE: the lowest id whatever its class, loads CMOS only */
	c = tiny_cfg(RN_LOWEST_FIRST, RN_CLS_NONE, RN_GATE_OCCUPANCY);
	tb_open_cfg(&t, &c);
	tb_launch(&t, 4, 4, 0);
	for (int i = 0; i < 9; i++) {
		tb_req(&t, 0, i / 4, i % 4, i & 1, 0);
		tb_eval(&t);
		CHECK_EQ(t.o.alc_pid[0], (unsigned)i);
		CHECK_EQ(t.o.ev[RN_EV_FALLBACK_TFET] + t.o.ev[RN_EV_TFET_REFUSED], 0);
		CHECK_EQ(t.o.ev[i < 8 ? RN_EV_ALLOC_CMOS : RN_EV_ALLOC_TFET], 1);
		tb_cycle(&t);
	}
	tb_req(&t, 0, 2, 1, 0, 1);
	tb_eval(&t);
	CHECK_EQ(t.o.alc_gnt[0], 0);
	tb_idle(&t);
	tb_close(&t);
	/* TFET_ROWS = 0: alc_tfet / alc_load change nothing, no class output */
	tb t0, t1;
	rn_cfg c0 = small_cfg(RN_CONSOLIDATE);
	tb_open_cfg(&t0, &c0);
	tb_open_cfg(&t1, &c0);
	tb_launch(&t0, 4, 8, 2);
	tb_launch(&t1, 4, 8, 2);
	for (int i = 0; i < 12; i++) {
		tb_req(&t0, 0, i / 6, i % 6, 0, 0);
		tb_req(&t1, 0, i / 6, i % 6, i & 1, (i >> 1) & 1);
		tb_eval(&t0);
		tb_eval(&t1);
		CHECK_EQ(t1.rc, 0);
		CHECK(memcmp(&t0.o, &t1.o, sizeof t0.o) == 0);
		CHECK_EQ(t1.o.alc_tfet[0] + t1.o.free_tfet + t1.o.ev[RN_EV_ALLOC_CMOS], 0);
		tb_cycle(&t0);
		tb_cycle(&t1);
	}
	tb_close(&t0);
	tb_close(&t1);
}

/* The A17 rows of a launch, written independently of the model. */
static int a17_rows(const rn_cfg *c, int kw, int kr, int ke)
{
	int rows = c->phys / c->rf_banks, cr = rows - c->tfet_rows, nt = c->rf_banks * c->tfet_rows;
	int u = kw * kr, est = 0;
	while ((long)est * rows < (long)u * cr)
		est++; /* ceil(U * CR / ROWS) */
	int need = est;
	if (u - nt > need)
		need = u - nt;
	if (kw * ke > need)
		need = kw * ke;
	int pc = need < c->phys - nt ? need : c->phys - nt;
	int gb = 0;
	while (gb * c->rf_banks < pc)
		gb++;
	return gb;
}

static void test_tfet_static_formula(void)
{
	rn_cfg c;
	rn_cfg_default(&c);
	c.tfet_rows = 56;
	/* U = 1024: every CMOS row (800 ids); the spec's literal rule would give
	 * ceil(0.78 x 1024) = 799 + 224 = 1023 < 1024 (W-P1-3) */
	CHECK_EQ(rn_static_rows(&c, 32, 32, 0), 200);
	int lit = 0;
	while (lit * 100 < 78 * 1024)
		lit++;
	CHECK_EQ(lit, 799);
	CHECK(lit + 224 < 1024);
	/* the exempt ids bind: kw = 48, kr = 20, ke = 16: est 750 < 768 reserved */
	CHECK_EQ(rn_static_rows(&c, 48, 20, 16), 192);
	CHECK_EQ(rn_static_rows(&c, 48, 20, 0), 188); /* ceil(750 / 4) */
	CHECK_EQ(rn_static_rows(&c, 48, 21, 0), 197); /* U 1008: ceil(787.5) = 788 */
	/* TFET_ROWS = 0: Xie's baseline powers exactly U, in whole rows */
	c.tfet_rows = 0;
	CHECK_EQ(rn_static_rows(&c, 10, 7, 0), 18);
	/* every legal launch of several partitions: the formula, the capacity
	 * (powered + TFET >= U), the reserved ids powered, whole rows minimal */
	static const int tr[] = {0, 32, 56, 96, 256};
	long checked = 0, bind_u_nt = 0;
	for (int i = 0; i < 5; i++) {
		c.tfet_rows = tr[i];
		int rows = c.phys / c.rf_banks, cr = rows - c.tfet_rows, nt = c.rf_banks * c.tfet_rows;
		for (int kw = 1; kw <= 48; kw++)
			for (int kr = 1; kr <= 63 && kw * kr <= c.phys; kr++)
				for (int ke = 0; ke <= kr && ke <= 16; ke += (kr > 1 ? kr - 1 : 1)) {
					int gb = rn_static_rows(&c, kw, kr, ke);
					CHECK_EQ(gb, a17_rows(&c, kw, kr, ke));
					CHECK(gb >= 0 && gb <= cr);
					CHECK(gb * c.rf_banks + nt >= kw * kr); /* W-P1-3 impossible */
					int res = kw * ke < c.phys - nt ? kw * ke : c.phys - nt;
					CHECK(gb * c.rf_banks >= res);
					long est = ((long)kw * kr * cr + rows - 1) / rows;
					bind_u_nt += kw * kr - nt > est;
					checked++;
				}
	}
	CHECK(checked > 10000);
	CHECK_EQ(bind_u_nt, 0); /* with the exact share, U - N_TFET never binds (docs) */
}

/* STATIC gating in the model: reg_on_o / dom_on_o from gb_q, gated rows never
 * granted, dom_wake 0, relaunch re-gates (W-P1-16), reset, the W-P1-3 premise. */
static void test_tfet_static_gating(void)
{
	tb t;
	rn_cfg c = tiny_cfg(RN_LOWEST_FIRST, RN_MEM_RA, RN_GATE_STATIC);
	tb_open_cfg(&t, &c);
	tb_eval(&t);
	CHECK_EQ(t.o.reg_on[0], 0xFF00u); /* after reset: TFET only */
	tb_idle(&t);
	tb_launch(&t, 2, 3, 0); /* U = 6: est 3 -> 1 row -> CMOS ids 0..3 */
	CHECK_EQ(rn_gb(t.m), 1);
	tb_eval(&t);
	CHECK_EQ(t.o.reg_on[0], 0xFF0Fu);
	CHECK_EQ(t.o.dom_on[0], 0xFF0Fu); /* sub-array 1 (ids 4..7) off */
	tb_idle(&t);
	for (int i = 0; i < 4; i++)
		CHECK_EQ(tb_alloc_cls(&t, i / 3, i % 3, 0, 0), i);
	/* the powered CMOS rows are full: a CMOS request falls back to TFET
	 * although ids 4..7 are free (gated rows are never allocated) */
	tb_req(&t, 0, 1, 1, 0, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.alc_pid[0], 8);
	CHECK_EQ(t.o.ev[RN_EV_FALLBACK_TFET], 1);
	CHECK_EQ(t.o.ev[RN_EV_DOM_WAKE], 0);
	CHECK_EQ(t.o.reg_on[0], 0xFF0Fu);
	tb_cycle(&t);
	tb_req(&t, 0, 1, 2, 0, 1); /* a load: no powered CMOS id, refused */
	tb_eval(&t);
	CHECK_EQ(t.o.alc_gnt[0], 0);
	tb_idle(&t);
	/* W-P1-3's premise: kw*kr > PHYS_REGS is a violation under STATIC */
	t.in.kl_valid = 1, t.in.kl_warps = 4, t.in.kl_regs = 5;
	tb_bad(&t, "GATING=STATIC launch");
	/* W-P1-16: relaunch with a larger kernel; the new gating from the next cycle */
	t.in.kl_valid = 1, t.in.kl_warps = 4, t.in.kl_regs = 4, t.in.kl_exempt = 1;
	tb_eval(&t);
	CHECK_EQ(t.o.reg_on[0], 0xFF0Fu);
	tb_cycle(&t);
	CHECK_EQ(rn_gb(t.m), 2);
	tb_eval(&t);
	CHECK_EQ(t.o.reg_on[0], 0xFFFFu);
	CHECK_EQ(t.o.free_tfet, 8);
	tb_idle(&t);
	CHECK_EQ(rn_occ_count(t.m), 4); /* only the new kernel's exempt ids */
	CHECK_EQ(tb_alloc_cls(&t, 0, 0, 0, 0), 4); /* a row gated under A, granted under B */
	/* reset: gb_q = 0 */
	t.in.rst = 1;
	tb_cycle(&t);
	tb_eval(&t);
	CHECK_EQ(t.o.reg_on[0], 0xFF00u);
	tb_idle(&t);
	tb_close(&t);
	/* TFET_ROWS = 0: the baseline, exactly U ids in whole rows */
	c = tiny_cfg(RN_LOWEST_FIRST, RN_CLS_NONE, RN_GATE_STATIC);
	c.tfet_rows = 0;
	tb_open_cfg(&t, &c);
	tb_launch(&t, 2, 3, 0);
	tb_eval(&t);
	CHECK_EQ(t.o.reg_on[0], 0x00FFu);
	tb_idle(&t);
	tb_close(&t);
}

/* W-P1-15: an exit frees both classes; free_tfet_o counts them from the next cycle. */
static void test_tfet_exit(void)
{
	tb t;
	rn_cfg c = tiny_cfg(RN_CONSOLIDATE, RN_MEM_RA, RN_GATE_OCCUPANCY);
	tb_open_cfg(&t, &c);
	tb_launch(&t, 2, 8, 0); /* R = 8: the sweep takes 2 groups */
	int tf = 0;
	for (int r = 0; r < 8; r++)
		tf += tb_alloc_cls(&t, 1, r, r < 5, 0) >= 8;
	CHECK_EQ(tf, 5);
	tb_eval(&t);
	CHECK_EQ(t.o.free_tfet, 3);
	tb_idle(&t);
	int frees[4] = {0}, ft[4] = {0};
	for (int i = 0; i < 4; i++) {
		tb_set_op(&t, RN_OP_EXIT, 1, NO3, 3, RN_NONE);
		tb_eval(&t);
		frees[i] = (int)t.o.ev[RN_EV_FREE];
		ft[i] = (int)t.o.free_tfet;
		int done = (int)t.o.op_ready;
		tb_cycle(&t);
		if (done) {
			tb_eval(&t);
			ft[i + 1] = (int)t.o.free_tfet;
			tb_idle(&t);
			break;
		}
	}
	CHECK_EQ(frees[0], 4);
	CHECK_EQ(frees[1], 4);
	CHECK_EQ(ft[0], 3);
	CHECK_EQ(ft[1], 7); /* r0..r3 (TFET) freed by the first group */
	CHECK_EQ(ft[2], 8);
	CHECK_EQ(rn_occ_count(t.m), 0);
	tb_close(&t);
}

/* ------------------------------------------------------------------ */
/* Frame adapter                                                       */
/* ------------------------------------------------------------------ */

typedef wg_fr fr;

static void fr_open(fr *f, const rn_cfg *c)
{
	long p[RN_NPARAMS];
	rn_cfg_to_params(c, p);
	wg_fr_open(f, &wg_block_rename, p);
}

/* The environment's packer (cosim/rename/rename_env.c), independent of the model's unpacker. */
static void fr_pack_in(fr *f, const rn_cfg *c, const rn_in *in)
{
	memset(f->in, 0, (size_t)f->L.nwords[WG_IN] * sizeof(uint32_t));
	rne_pack_in(&f->L, c, in, f->in);
	for (unsigned k = 0; k < (unsigned)c->alloc_ports && c->tfet_rows > 0; k++) {
		wg_fr_put(f, RN_ALC_TFET_I, k, 1, in->alc_tfet[k]);
		wg_fr_put(f, RN_ALC_LOAD_I, k, 1, in->alc_load[k]);
	}
}

/* 1 when the output frame equals the typed outputs bit for bit and every
 * bit above each port's width is zero. */
static int fr_matches(const fr *f, const rn_cfg *c, const rn_out *o)
{
	const wg_layout *L = &f->L;
	unsigned PB = (unsigned)L->width[RN_OP_DST_PID_O], S = (unsigned)c->lookup_ports - 1;
	int ok = 1;
	ok &= wg_fr_get(f, RN_PIR_READY_O, 0, 1) == o->pir_ready;
	ok &= wg_fr_get(f, RN_PIR_HIT_O, 0, 1) == o->pir_hit;
	ok &= wg_fr_get(f, RN_OP_READY_O, 0, 1) == o->op_ready;
	ok &= wg_fr_get(f, RN_OP_WAIT_O, 0, 2) == o->op_wait;
	for (unsigned j = 0; j < S; j++) {
		ok &= wg_fr_get(f, RN_OP_SRC_PID_O, j * PB, PB) == o->op_src_pid[j];
		ok &= wg_fr_get(f, RN_OP_REL_O, j, 1) == o->op_rel[j];
	}
	ok &= wg_fr_get(f, RN_OP_DST_PID_O, 0, PB) == o->op_dst_pid;
	ok &= wg_fr_get(f, RN_OP_DST_NEW_O, 0, 1) == o->op_dst_new;
	for (unsigned k = 0; k < (unsigned)c->alloc_ports; k++) {
		ok &= wg_fr_get(f, RN_ALC_GNT_O, k, 1) == o->alc_gnt[k];
		ok &= wg_fr_get(f, RN_ALC_PID_O, k * PB, PB) == o->alc_pid[k];
	}
	for (int i = 0; i * 64 < c->phys; i++) {
		unsigned n = c->phys - i * 64 < 64 ? (unsigned)(c->phys - i * 64) : 64u;
		ok &= wg_fr_get(f, RN_REG_ON_O, (unsigned)i * 64, n) == o->reg_on[i];
	}
	int D = c->rf_banks * c->subarrays;
	for (int i = 0; i * 64 < D; i++) {
		unsigned n = D - i * 64 < 64 ? (unsigned)(D - i * 64) : 64u;
		ok &= wg_fr_get(f, RN_DOM_ON_O, (unsigned)i * 64, n) == o->dom_on[i];
	}
	if (c->tfet_rows > 0) {
		for (unsigned j = 0; j < S; j++)
			ok &= wg_fr_get(f, RN_OP_SRC_TFET_O, j, 1) == o->op_src_tfet[j];
		ok &= wg_fr_get(f, RN_OP_DST_TFET_O, 0, 1) == o->op_dst_tfet;
		for (unsigned k = 0; k < (unsigned)c->alloc_ports; k++)
			ok &= wg_fr_get(f, RN_ALC_TFET_O, k, 1) == o->alc_tfet[k];
		ok &= wg_fr_get(f, RN_FREE_TFET_O, 0, (unsigned)L->width[RN_FREE_TFET_O]) == o->free_tfet;
	}
	ok &= wg_fr_events_are(f, o->ev);
	/* nothing above each port's width */
	for (int port = RN_PIR_READY_O; port < RN_NPORTS; port++) {
		int w = L->width[port], words = (w + 31) / 32;
		if (w % 32)
			ok &= (f->out[L->off[port] + words - 1] >> (w % 32)) == 0;
	}
	return ok;
}

/* ------------------------------------------------------------------ */
/* Random driver (respects the protocol)                               */
/* ------------------------------------------------------------------ */

typedef struct drv {
	uint64_t rng;          /* random state */
	int op_on;             /* an operation is presented and not complete */
	rn_in op;              /* its fields */
	int kw, kr, ke, R;     /* the kernel */
	uint64_t exited;       /* warps whose EXIT completed, until their next pir */
} drv;

static unsigned rnd(drv *d, unsigned n)
{
	return (unsigned)(wg_rng_next(&d->rng) % n);
}

static unsigned rnd_reg(drv *d)
{
	unsigned x = rnd(d, 8);
	if (x == 0)
		return RN_NONE;
	if (x == 1 && d->ke)
		return (unsigned)d->R + rnd(d, (unsigned)d->ke);
	return d->R ? rnd(d, (unsigned)d->R) : RN_NONE;
}

static void drv_launch(drv *d, const rn_cfg *c, rn_in *in)
{
	int kw = 1 + (int)rnd(d, (unsigned)c->warps);
	int kr = 1 + (int)rnd(d, (unsigned)c->regs);
	int emax = c->exempt < kr ? c->exempt : kr;
	int ke = (int)rnd(d, (unsigned)emax + 1);
	while (kw * (kr - ke) > c->rt_entries || kw * ke > c->phys ||
	       (c->gating == RN_GATE_STATIC && kw * kr > c->phys)) {
		if (kw > 1)
			kw--;
		else if (c->gating == RN_GATE_STATIC)
			kr--, ke = ke < kr ? ke : kr; /* STATIC: kw*kr <= PHYS_REGS */
		else
			ke = kr; /* R = 0 */
	}
	d->kw = kw, d->kr = kr, d->ke = ke, d->R = kr - ke;
	d->op_on = 0;
	d->exited = 0;
	in->kl_valid = 1, in->kl_warps = (unsigned)kw, in->kl_regs = (unsigned)kr, in->kl_exempt = (unsigned)ke;
}

static void drv_inputs(drv *d, const rn_model *m, const rn_cfg *c, rn_in *in, int cyc)
{
	memset(in, 0, sizeof *in);
	for (int s = 0; s < RN_PBR_SLOTS; s++)
		in->op_reg[s] = RN_NONE;
	in->op_dst = RN_NONE;
	if (cyc == 0) {
		in->rst = 1;
		return;
	}
	if (cyc == 1 || (!d->op_on && rnd(d, 3000) == 0)) {
		drv_launch(d, c, in);
		return;
	}
	/* the operation: continue the held one, or a new one */
	if (!d->op_on && rnd(d, 4) != 0) {
		unsigned w = rnd(d, (unsigned)d->kw), k = rnd(d, 40);
		d->op = *in;
		d->op.op_valid = 1;
		d->op.op_warp = w;
		if (k < 5 && ((d->exited >> w) & 1u)) {
			d->op.op_valid = 0; /* an exited slot waits for its next pir */
		} else if (k == 0) {
			d->op.op_kind = RN_OP_EXIT;
		} else if (k < 5) {
			d->op.op_kind = RN_OP_PBR;
			for (int s = 0; s < RN_PBR_SLOTS; s++)
				d->op.op_reg[s] = rnd_reg(d);
		} else if (rn_cursor(m, (int)w, NULL, NULL) && rn_oc_count(m, (int)w) < 15) {
			d->op.op_kind = RN_OP_INSN;
			for (int s = 0; s < c->lookup_ports - 1; s++)
				d->op.op_reg[s] = rnd_reg(d);
			d->op.op_dst = rnd_reg(d);
		} else {
			d->op.op_valid = 0;
		}
		d->op_on = d->op.op_valid != 0;
	}
	if (d->op_on) {
		in->op_valid = 1;
		in->op_kind = d->op.op_kind;
		in->op_warp = d->op.op_warp;
		memcpy(in->op_reg, d->op.op_reg, sizeof in->op_reg);
		in->op_dst = d->op.op_dst;
	}
	/* pir for a warp without a cursor (sometimes with one), not the op's warp */
	if (rnd(d, 3) == 0) {
		unsigned w = rnd(d, (unsigned)d->kw);
		if ((!in->op_valid || in->op_warp != w) && (!rn_cursor(m, (int)w, NULL, NULL) || rnd(d, 8) == 0)) {
			in->pir_valid = 1;
			in->pir_warp = w;
			in->pir_pc = rnd(d, 12) * 8u;
			in->pir_flags = wg_rng_next(&d->rng) & wg_rng_next(&d->rng) & wg_ones64(54);
		}
	}
	/* operand reads (often of the operation's warp, which may wait for them) */
	if (rnd(d, 2) == 0) {
		unsigned w = d->op_on && rnd(d, 2) ? d->op.op_warp : rnd(d, (unsigned)d->kw);
		if (rn_oc_count(m, (int)w) > 0)
			in->rd_done = 1, in->rd_warp = w;
	}
	/* allocations of unmapped renamable registers */
	for (int k = 0; k < c->alloc_ports && d->R > 0; k++) {
		if (rnd(d, 3) != 0)
			continue;
		unsigned w = rnd(d, (unsigned)d->kw), r = rnd(d, (unsigned)d->R);
		if (rn_lookup(m, (int)w, (int)r) >= 0 || ((d->exited >> w) & 1u))
			continue;
		int dup = 0;
		for (int j = 0; j < k; j++)
			dup |= in->alc_valid[j] && in->alc_warp[j] == w && in->alc_reg[j] == r;
		if (dup)
			continue;
		in->alc_valid[k] = 1, in->alc_warp[k] = w, in->alc_reg[k] = r;
		if (c->tfet_rows > 0) { /* a load (never asking TFET) or a class request */
			in->alc_load[k] = rnd(d, 5) == 0;
			in->alc_tfet[k] = !in->alc_load[k] && rnd(d, 2);
		}
	}
}

/* Reference of step 6 with classes (docs/rename.md "Allocation inside a
 * class"), written from the page with per-id loops: the expected grants,
 * ids and class events of this cycle from the model's state at its start.
 * last: WEAR_LEVEL's last grant, tracked by the caller; on: powered ids. */
typedef struct ref_alc {
	unsigned gnt[RN_MAX_ALLOC], pid[RN_MAX_ALLOC];
	unsigned ev_cmos, ev_tfet, ev_refused, ev_fb, ev_stall;
} ref_alc;

static int ref_pick(const rn_cfg *c, const unsigned char *set, const unsigned char *dom_occ, int start)
{
	int sub = c->phys / c->subarrays;
	if (c->policy == RN_WEAR_LEVEL) {
		for (int i = 0; i < c->phys; i++)
			if (set[(start + i) % c->phys])
				return (start + i) % c->phys;
		return -1;
	}
	if (c->policy == RN_CONSOLIDATE)
		for (int p = 0; p < c->phys; p++)
			if (set[p] && dom_occ[(p / sub) * c->rf_banks + p % c->rf_banks])
				return p;
	for (int p = 0; p < c->phys; p++)
		if (set[p])
			return p;
	return -1;
}

static void ref_alloc(const rn_model *m, const rn_cfg *c, const rn_in *in, const unsigned char *on, unsigned last,
		      ref_alc *x)
{
	static unsigned char avail[RN_MAX_PHYS], set[RN_MAX_PHYS], alt[RN_MAX_PHYS], dom_occ[RN_MAX_DOMS];
	int kw, kr, ke, pt = c->phys - c->rf_banks * c->tfet_rows, sub = c->phys / c->subarrays;
	rn_shape(m, &kw, &kr, &ke);
	memset(x, 0, sizeof *x);
	memset(dom_occ, 0, sizeof dom_occ);
	for (int p = 0; p < c->phys; p++) {
		avail[p] = !rn_occupied(m, p) && on[p];
		if (rn_occupied(m, p))
			dom_occ[(p / sub) * c->rf_banks + p % c->rf_banks] = 1;
	}
	int start = (int)((last + (unsigned)sub) % (unsigned)c->phys);
	unsigned banks = 0;
	for (int k = 0; k < c->alloc_ports; k++) {
		if (!in->alc_valid[k])
			continue;
		int L = (int)in->alc_warp[k] * (kr - ke) + (int)in->alc_reg[k], b = L % c->rt_banks;
		if ((banks >> b) & 1u) {
			x->ev_stall++;
			continue;
		}
		int load = c->tfet_rows > 0 && in->alc_load[k];
		int want_t = c->tfet_rows > 0 && c->cls == RN_MEM_RA && in->alc_tfet[k] && !load;
		int any = c->tfet_rows == 0 || (c->cls == RN_CLS_NONE && !load);
		int fb = c->tfet_rows > 0 && c->cls != RN_CLS_NONE && !load;
		for (int p = 0; p < c->phys; p++) {
			int t = p >= pt;
			set[p] = avail[p] && (any || t == want_t);
			alt[p] = avail[p] && t != want_t;
		}
		int p = ref_pick(c, set, dom_occ, start);
		if (p < 0 && fb)
			p = ref_pick(c, alt, dom_occ, start);
		if (p < 0) {
			x->ev_stall++;
			continue;
		}
		avail[p] = 0;
		banks |= 1u << b;
		x->gnt[k] = 1, x->pid[k] = (unsigned)p;
		if (c->tfet_rows > 0) {
			x->ev_tfet += p >= pt, x->ev_cmos += p < pt;
			x->ev_refused += want_t && p < pt;
			x->ev_fb += !any && !want_t && p >= pt;
		}
	}
}

static long rand_waits[4]; /* op_wait_o codes seen over all random runs */
static long rand_cls[3][4]; /* class events per CLASS over all random runs */

/* One random run: typed model + frame model side by side. */
static void random_run(const rn_cfg *c, uint64_t seed, int cycles)
{
	drv d = {.rng = wg_rng_seed(seed)};
	rn_model *m = rn_new(c);
	fr f;
	fr_open(&f, c);
	uint64_t sum[RN_NEVENTS] = {0};
	int bad_rc = 0, bad_inv = 0, bad_frame = 0, bad_gnt = 0, first = -1;
	int ready = 0, grants = 0, frees = 0, waits[4] = {0}, bad_ref = 0, bad_cls = 0;
	int pt = c->phys - c->rf_banks * c->tfet_rows;
	unsigned last = 0, gb = 0;
	static unsigned char on[RN_MAX_PHYS];
	for (int cyc = 0; cyc < cycles; cyc++) {
		rn_in in;
		rn_out o;
		drv_inputs(&d, m, c, &in, cyc);
		int rc = rn_eval(m, &in, &o);
		/* step 6 with classes against the reference; the class outputs */
		for (int p = 0; p < c->phys; p++)
			on[p] = c->gating != RN_GATE_STATIC || p >= pt || p < (int)gb * c->rf_banks;
		if (!in.rst && !in.kl_valid && rn_running(m)) {
			ref_alc x;
			ref_alloc(m, c, &in, on, last, &x);
			int ok = x.ev_stall == o.ev[RN_EV_ALLOC_STALL] && x.ev_cmos == o.ev[RN_EV_ALLOC_CMOS] &&
				 x.ev_tfet == o.ev[RN_EV_ALLOC_TFET] && x.ev_refused == o.ev[RN_EV_TFET_REFUSED] &&
				 x.ev_fb == o.ev[RN_EV_FALLBACK_TFET];
			for (int k = 0; k < c->alloc_ports; k++)
				ok &= x.gnt[k] == o.alc_gnt[k] && (!x.gnt[k] || x.pid[k] == o.alc_pid[k]);
			if (!ok && !bad_ref)
				printf("  cycle %d: the grants differ from the reference of step 6\n", cyc);
			bad_ref += !ok;
			if (!ok)
				first = first < 0 ? cyc : first;
		}
		if (c->tfet_rows > 0) {
			int cls_ok = 1, nf = 0;
			for (int p = pt; p < c->phys; p++)
				nf += !rn_occupied(m, p);
			cls_ok &= o.free_tfet == (unsigned)nf;
			for (int k = 0; k < c->alloc_ports; k++) {
				cls_ok &= o.alc_tfet[k] == (o.alc_gnt[k] && (int)o.alc_pid[k] >= pt);
				cls_ok &= !(o.alc_gnt[k] && in.alc_load[k] && (int)o.alc_pid[k] >= pt); /* A11 */
			}
			for (int j = 0; j < c->lookup_ports - 1 && pt > 0; j++)
				cls_ok &= o.op_src_tfet[j] == (o.op_ready && (int)o.op_src_pid[j] >= pt);
			if (pt > 0)
				cls_ok &= o.op_dst_tfet == (o.op_ready && (int)o.op_dst_pid >= pt);
			if (!cls_ok)
				bad_cls++, first = first < 0 ? cyc : first;
		}
		if (c->gating == RN_GATE_STATIC) { /* the powered rows, every grant powered, no wake */
			int st_ok = o.ev[RN_EV_DOM_WAKE] == 0;
			for (int p = 0; p < c->phys; p++)
				st_ok &= (int)((o.reg_on[p >> 6] >> (p & 63)) & 1u) == on[p];
			for (int k = 0; k < c->alloc_ports; k++)
				st_ok &= !o.alc_gnt[k] || on[o.alc_pid[k]];
			if (!st_ok)
				bad_cls++, first = first < 0 ? cyc : first;
		}
		if (rc) {
			if (!bad_rc)
				printf("  cycle %d: %s\n", cyc, o.msg);
			bad_rc++, first = first < 0 ? cyc : first;
		}
		fr_pack_in(&f, c, &in);
		int frc = wg_block_rename.model_eval(f.m, f.in, f.out, f.err, sizeof f.err);
		if (frc != rc || !fr_matches(&f, c, &o))
			bad_frame++, first = first < 0 ? cyc : first;
		/* grants: free at the start, distinct, never a reserved id */
		for (int k = 0; k < c->alloc_ports; k++) {
			if (!o.alc_gnt[k])
				continue;
			grants++;
			if (rn_occupied(m, (int)o.alc_pid[k]))
				bad_gnt++;
			for (int j = 0; j < k; j++)
				if (o.alc_gnt[j] && o.alc_pid[j] == o.alc_pid[k])
					bad_gnt++;
		}
		if (!in.rst)
			for (int e = 0; e < RN_NEVENTS; e++)
				sum[e] += o.ev[e];
		ready += (int)o.op_ready;
		waits[o.op_wait & 3u]++;
		frees += (int)o.ev[RN_EV_FREE];
		if (o.op_ready) {
			if (in.op_kind == RN_OP_EXIT)
				d.exited |= UINT64_C(1) << in.op_warp;
			d.op_on = 0;
		}
		if (in.pir_valid)
			d.exited &= ~(UINT64_C(1) << in.pir_warp); /* the slot's next thread block */
		rn_tick(m, &in);
		wg_block_rename.model_tick(f.m, f.in);
		if (in.rst) {
			gb = 0;
		} else if (in.kl_valid) {
			last = (unsigned)(c->phys - c->phys / c->subarrays);
			gb = c->gating == RN_GATE_STATIC ? (unsigned)a17_rows(c, (int)in.kl_warps, (int)in.kl_regs,
										 (int)in.kl_exempt) : 0;
		} else {
			for (int k = 0; k < c->alloc_ports; k++)
				if (o.alc_gnt[k])
					last = o.alc_pid[k];
		}
		if (!invariant_ok(m))
			bad_inv++, first = first < 0 ? cyc : first;
		if (bad_rc + bad_inv + bad_frame + bad_gnt + bad_ref + bad_cls > 0 && cyc > first + 3)
			break;
	}
	int cnt_ok = 1;
	const uint64_t *c1 = rn_counts(m), *c2 = wg_block_rename.model_counts(f.m);
	for (int e = 0; e < RN_NEVENTS; e++)
		cnt_ok &= c1[e] == sum[e] && c2[e] == sum[e];
	/* the run must have exercised the block */
	int busy = ready > cycles / 20 && grants > cycles / 20 && frees > cycles / 40 && waits[3] > 0 &&
		   sum[RN_EV_FC_HIT] > 0 && sum[RN_EV_FC_FILL] > 0;
	rand_waits[1] += waits[1], rand_waits[2] += waits[2];
	if (c->tfet_rows > 0) /* both classes granted (CMOS_RA: TFET only when the CMOS rows run out) */
		busy &= sum[RN_EV_ALLOC_CMOS] > 0 && (c->cls == RN_CMOS_RA || sum[RN_EV_ALLOC_TFET] > 0);
	for (int e = RN_EV_ALLOC_CMOS; e <= RN_EV_FALLBACK_TFET; e++)
		rand_cls[c->cls][e - RN_EV_ALLOC_CMOS] += (long)sum[e];
	if (bad_rc || bad_inv || bad_frame || bad_gnt || bad_ref || bad_cls || !cnt_ok || !busy)
		printf("FAIL random W%d P%d RT%d policy %d TFET_ROWS %d class %d gating %d seed %llu: first bad cycle %d (rc %d, invariant %d, frame %d, grant %d, reference %d, class %d, counts %s, busy %d: ready %d grants %d frees %d waits %d/%d/%d)\n",
		       c->warps, c->phys, c->rt_entries, c->policy, c->tfet_rows, c->cls, c->gating,
		       (unsigned long long)seed, first, bad_rc, bad_inv, bad_frame, bad_gnt, bad_ref, bad_cls,
		       cnt_ok ? "ok" : "differ", busy, ready, grants, frees, waits[1], waits[2], waits[3]);
	CHECK_EQ(bad_ref, 0);
	CHECK_EQ(bad_cls, 0);
	CHECK_EQ(bad_rc, 0);
	CHECK_EQ(bad_inv, 0);
	CHECK_EQ(bad_frame, 0);
	CHECK_EQ(bad_gnt, 0);
	CHECK(cnt_ok);
	CHECK(busy);
	wg_fr_close(&f);
	rn_free(m);
}

static void test_random(void)
{
	for (int pol = 0; pol < 3; pol++) {
		rn_cfg c = small_cfg(pol);
		random_run(&c, 1 + (uint64_t)pol, 20000);
		c.pf_depth = 3, c.rt_banks = 2, c.alloc_ports = 3, c.fc_entries = 2, c.lookup_ports = 3;
		random_run(&c, 11 + (uint64_t)pol, 20000);
		c = small_cfg(pol);
		c.phys = 16, c.subarrays = 2, c.rf_banks = 8, c.rt_banks = 8, c.alloc_ports = 4, c.warps = 5;
		c.rt_entries = 80;
		random_run(&c, 21 + (uint64_t)pol, 20000);
	}
	/* 8 table banks, 2 sources, 4 ports, a pending list of 2, 3 flag-cache entries */
	rn_cfg c8 = small_cfg(RN_LOWEST_FIRST);
	c8.rt_banks = 8, c8.lookup_ports = 3, c8.alloc_ports = 4, c8.pf_depth = 2, c8.fc_entries = 3;
	random_run(&c8, 31, 20000);
	/* the paper-sized table: 1024-bit reg_on_o, 48 warps */
	rn_cfg c;
	rn_cfg_default(&c);
	c.rt_entries = 3024;
	random_run(&c, 7, 20000);
	c.policy = RN_WEAR_LEVEL, c.rf_banks = 8, c.subarrays = 16, c.warps = 64, c.rt_entries = 4032;
	random_run(&c, 8, 10000);
	/* TFET classes: every class policy x placement x gating on the small
	 * geometry (TFET ids 48..63 of 64), the tiny one, and the paper's 56 of 256 */
	for (int pol = 0; pol < 3; pol++)
		for (int cls = 0; cls < 3; cls++)
			for (int gat = 0; gat < 2; gat++) {
				rn_cfg ct = small_cfg(pol);
				ct.tfet_rows = 4, ct.cls = cls, ct.gating = gat;
				random_run(&ct, 200 + (uint64_t)(pol * 6 + cls * 2 + gat), 20000);
			}
	rn_cfg ct = tiny_cfg(RN_WEAR_LEVEL, RN_MEM_RA, RN_GATE_STATIC);
	random_run(&ct, 141, 12000);
	ct = small_cfg(RN_CONSOLIDATE);
	ct.gating = RN_GATE_STATIC; /* Xie's all-CMOS baseline */
	random_run(&ct, 142, 12000);
	rn_cfg_default(&ct);
	ct.tfet_rows = 56, ct.cls = RN_MEM_RA, ct.gating = RN_GATE_STATIC, ct.rt_entries = 3024;
	random_run(&ct, 143, 8000);
	for (int cls = 0; cls < 3; cls++) /* over the class runs: both classes and each fallback */
		printf("random runs, CLASS %d: %ld CMOS, %ld TFET grants, %ld TFET requests refused, %ld fallbacks to TFET\n",
		       cls, rand_cls[cls][0], rand_cls[cls][1], rand_cls[cls][2], rand_cls[cls][3]);
	CHECK(rand_cls[RN_CLS_NONE][1] > 100 && rand_cls[RN_CLS_NONE][2] + rand_cls[RN_CLS_NONE][3] == 0);
	CHECK(rand_cls[RN_CMOS_RA][3] > 10 && rand_cls[RN_CMOS_RA][2] == 0);
	CHECK(rand_cls[RN_MEM_RA][2] > 10 && rand_cls[RN_MEM_RA][3] > 10);
	/* bank conflicts and full pending lists happened somewhere */
	printf("random runs: %ld bank waits, %ld pending-list waits\n", rand_waits[1], rand_waits[2]);
	CHECK(rand_waits[1] > 100);
	CHECK(rand_waits[2] > 10);
}

/* A violation through the frame adapter, and the ev_o layout. */
static void test_frame(void)
{
	rn_cfg c = small_cfg(RN_LOWEST_FIRST);
	fr f;
	fr_open(&f, &c);
	int w[WG_MAX_PORTS], ev[WG_MAX_EVENTS];
	wg_block_rename.widths(f.p, w, ev);
	CHECK_EQ(w[RN_REG_ON_O], 64);
	CHECK_EQ(w[RN_DOM_ON_O], 16);
	CHECK_EQ(ev[RN_EV_FREE], 4); /* clog2(4 + 4 + 1) */
	rn_in in;
	memset(&in, 0, sizeof in);
	in.rst = 1;
	fr_pack_in(&f, &c, &in);
	CHECK_EQ(wg_block_rename.model_eval(f.m, f.in, f.out, f.err, sizeof f.err), 0);
	wg_block_rename.model_tick(f.m, f.in);
	in.rst = 0;
	in.op_valid = 1;
	fr_pack_in(&f, &c, &in);
	CHECK_EQ(wg_block_rename.model_eval(f.m, f.in, f.out, f.err, sizeof f.err), -1);
	CHECK(strstr(f.err, "no kernel running") != NULL);
	wg_fr_close(&f);
}

int main(void)
{
	test_cfg();
	test_launch();
	test_bank_conflict();
	test_coalesce();
	test_release();
	test_pending_full();
	test_pbr();
	test_exit();
	test_free_alloc_same_cycle();
	test_alloc_ports();
	test_policies();
	test_flag_cache();
	test_flag_cache_progress();
	test_violations();
	test_tfet_cfg();
	test_tfet_class_of_id();
	test_tfet_mem_ra();
	test_tfet_timing_diagram();
	test_tfet_cmos_ra_none();
	test_tfet_static_formula();
	test_tfet_static_gating();
	test_tfet_exit();
	test_frame();
	test_random();
	return wg_check_done();
}
