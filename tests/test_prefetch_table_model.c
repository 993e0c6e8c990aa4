/* test_prefetch_table_model.c - unit tests of the prefetch table's C model
 * (csim/prefetch_table.c, csim/prefetch_table_frame.c) against the cycle
 * contract docs/prefetch_table.md: training (ratio rule, inactive lanes,
 * confirmation, saturation, offsets that are no pattern), prediction (PA,
 * merging, suppression at the address-space bounds, descending lines), the
 * worked examples of the doc, allocation, fills, the distance rules, TIA
 * creation / trigger / migration, the queue, the protocol checks, and a
 * random driver comparing the frame adapter with the typed path. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prefetch_table.h"
#include "wg_bits.h"
#include "wg_check.h"
#include "wg_frame.h"
#include "wg_rng.h"

static unsigned ev_sum[PT_NEVENTS]; /* events of the last run_load */

static pt_cfg cfg_def(void)
{
	pt_cfg c;
	pt_cfg_default(&c);
	return c;
}

/* A load: lane l at base + stride*l. */
static void ld_set(pt_in *in, unsigned pc, unsigned w, uint32_t mask, int64_t base, int64_t stride, unsigned miss,
		   unsigned iter)
{
	in->ld_pc = pc;
	in->ld_warp = w;
	in->ld_mask = mask;
	for (int l = 0; l < PT_MAX_THREADS; l++)
		in->ld_addr[l] = (uint32_t)(base + stride * l);
	in->ld_miss = miss;
	in->ld_iter = iter;
}

static pt_out cyc(pt_model *m, pt_in *in)
{
	pt_out o;
	int rc = pt_eval(m, in, &o);
	if (rc)
		printf("  protocol: %s\n", o.msg);
	CHECK_EQ(rc, 0);
	pt_tick(m, in);
	return o;
}

static void reset(pt_model *m, pt_in *in)
{
	memset(in, 0, sizeof *in);
	in->rst = 1;
	cyc(m, in);
	in->rst = 0;
}

/* The load in `in` from take to ack; fill fields cleared after the first
 * cycle. Returns its cycles; events summed into ev_sum. */
static int run_load(pt_model *m, pt_in *in)
{
	memset(ev_sum, 0, sizeof ev_sum);
	in->ld_valid = 1;
	for (int k = 1; k < 400; k++) {
		pt_out o = cyc(m, in);
		in->fill_valid = 0;
		for (int e = 0; e < PT_NEVENTS; e++)
			ev_sum[e] += o.ev[e];
		if (o.ld_ack) {
			in->ld_valid = 0;
			return k;
		}
	}
	CHECK(0);
	return -1;
}

static uint32_t q_line(const pt_model *m, int k)
{
	uint32_t l = 0xffffffffu;
	CHECK_EQ(pt_pq_at(m, k, &l, NULL, NULL), 0);
	return l;
}

static pt_tag q_tag(const pt_model *m, int k)
{
	pt_tag t = {0, 0, 0, 0, 0};
	CHECK_EQ(pt_pq_at(m, k, NULL, &t, NULL), 0);
	return t;
}

/* The FOA entry of pc, -1 when none. */
static int foa_of(const pt_model *m, unsigned pc)
{
	for (int i = 0; i < pt_config(m)->entries; i++)
		if (pt_entry_at(m, i)->type == PT_TYPE_FOA && pt_entry_at(m, i)->pc == pc)
			return i;
	return -1;
}

/* ------------------------------------------------------------------ */
/* Worked examples (docs "Worked examples")                            */
/* ------------------------------------------------------------------ */

static void test_worked_example(void)
{
	pt_cfg c = cfg_def();
	pt_model *m = pt_new(&c);
	pt_in in;
	reset(m, &in);
	/* 32 lanes x 4 B from 0x1000, n = 128, dist 1, 32 B lines */
	ld_set(&in, 5, 1, 0xffffffffu, 0x1000, 4, 0, 128);
	int n = run_load(m, &in);
	const pt_entry *e = pt_entry_at(m, 0);
	CHECK_EQ(e->type, PT_TYPE_FOA);
	CHECK_EQ(e->off, 4);
	CHECK_EQ(e->off_valid, 1);
	CHECK_EQ(e->conf, 30); /* lane 1 sets the offset, lanes 2..31 match */
	CHECK_EQ(e->addr, 0x107c);
	CHECK_EQ(e->tid, 31);
	CHECK_EQ(e->dist, 1);
	CHECK_EQ(ev_sum[PT_EV_TRAIN], 32);
	CHECK_EQ(ev_sum[PT_EV_CONFIRM], 1);
	CHECK_EQ(ev_sum[PT_EV_PUSH], 4);
	CHECK_EQ(ev_sum[PT_EV_MERGE], 28);
	CHECK_EQ(pt_pq_count(m), 4);
	/* PA(t) = 0x107c + (128 + t - 31) * 4 = 0x1200 + 4t: lines 0x90..0x93 */
	for (int k = 0; k < 4; k++) {
		CHECK_EQ(q_line(m, k), 0x90 + k);
		pt_tag t = q_tag(m, k);
		CHECK_EQ(t.pc, 5);
		CHECK_EQ(t.entry, 0);
		CHECK_EQ(t.warp, 1);
		CHECK_EQ(t.last, k == 3);
		CHECK_EQ(t.tia, 0);
	}
	CHECK_EQ(pt_entry_at(m, 0)->st, PT_ST_SENT << 2);
	/* 4 TRAIN + 5 GEN (4 pushes, one merging cycle) + 1 TSCAN */
	CHECK_EQ(n, 10);
	CHECK_EQ(pt_lal(m, 1), 5);

	/* lanes 5 and 9 inactive, another PC: dA = 8, dT = 2 across the gaps */
	ld_set(&in, 6, 0, 0xffffffffu & ~((1u << 5) | (1u << 9)), 0x2000, 4, 0, 128);
	run_load(m, &in);
	e = pt_entry_at(m, 1);
	CHECK_EQ(e->off, 4);
	CHECK_EQ(e->conf, 28); /* 30 active lanes, 29 compared, lane 1 sets */
	CHECK_EQ(ev_sum[PT_EV_TRAIN], 30);
	CHECK_EQ(ev_sum[PT_EV_CONFIRM], 1); /* 28 >= 30 - 2 */
	CHECK_EQ(ev_sum[PT_EV_PUSH], 4);
	CHECK_EQ(ev_sum[PT_EV_MERGE], 26);
	for (int k = 0; k < 4; k++)
		CHECK_EQ(q_line(m, 4 + k), 0x110 + k); /* (0x2000 + 512) >> 5 = 0x110 */
	pt_free(m);
}

/* ------------------------------------------------------------------ */
/* Training                                                            */
/* ------------------------------------------------------------------ */

static void test_training(void)
{
	pt_cfg c = cfg_def();
	c.threads = 8;
	c.lpc = 4;
	c.tidx_bits = 4;
	c.min_active = 3;
	pt_model *m = pt_new(&c);
	pt_in in;
	reset(m, &in);

	/* ratio rule: lanes 0, 3, 4 active, 12 B apart per lane index gap of 3 */
	ld_set(&in, 1, 0, 0x19, 0x400, 4, 0, 16);
	run_load(m, &in);
	const pt_entry *e = pt_entry_at(m, 0);
	CHECK_EQ(e->off, 4);
	CHECK_EQ(e->off_valid, 1);
	CHECK_EQ(e->conf, 1);
	CHECK_EQ(ev_sum[PT_EV_CONFIRM], 1); /* 3 active, conf 1 >= 3 - 2 */

	/* two active lanes never confirm (MIN_ACTIVE = 3), however high conf */
	ld_set(&in, 1, 0, 0x11, 0x400, 4, 0, 16);
	run_load(m, &in);
	CHECK_EQ(pt_entry_at(m, 0)->conf, 2);
	CHECK_EQ(ev_sum[PT_EV_CONFIRM], 0);
	CHECK_EQ(ev_sum[PT_EV_PUSH], 0);

	/* conf >= active - CONF_SLACK: a fresh entry, 8 lanes, the first two
	 * lanes break the pattern (conf 5 after lanes 3..7 >= 8 - 2 fails at 5) */
	ld_set(&in, 2, 0, 0xff, 0x800, 8, 0, 16);
	in.ld_addr[0] = 0x7f0; /* lane 1 - lane 0 = 0x18: off 24, lane 2 mismatches */
	run_load(m, &in);
	e = pt_entry_at(m, 1);
	CHECK_EQ(e->off, 8);
	CHECK_EQ(e->conf, 5);
	CHECK_EQ(ev_sum[PT_EV_CONFIRM], 0); /* 5 < 6 */
	ld_set(&in, 2, 0, 0xff, 0x800, 8, 0, 16); /* lanes 1..7 match: conf 12 */
	run_load(m, &in);
	CHECK_EQ(pt_entry_at(m, 1)->conf, 12);
	CHECK_EQ(ev_sum[PT_EV_CONFIRM], 1);

	/* non-integral ratio: lanes 0, 2, 4, dA = 5 over dT = 2: no pattern, no prefetch */
	ld_set(&in, 3, 0, 0x15, 0x100, 0, 0, 16);
	in.ld_addr[2] = 0x105;
	in.ld_addr[4] = 0x10a;
	run_load(m, &in);
	e = pt_entry_at(m, 2);
	CHECK_EQ(e->off_valid, 0);
	CHECK_EQ(ev_sum[PT_EV_CONFIRM], 0);
	CHECK_EQ(ev_sum[PT_EV_PUSH], 0);

	/* an offset that does not fit OFFSET_BITS = 8: 128 no, -128 yes */
	ld_set(&in, 4, 0, 0xff, 0x4000, 128, 0, 16);
	run_load(m, &in);
	CHECK_EQ(pt_entry_at(m, 3)->off_valid, 0);
	CHECK_EQ(pt_entry_at(m, 3)->conf, 0);
	CHECK_EQ(ev_sum[PT_EV_PUSH], 0);
	ld_set(&in, 4, 0, 0xff, 0x4000, -128, 0, 16);
	run_load(m, &in);
	CHECK_EQ(pt_entry_at(m, 3)->off_valid, 1);
	CHECK_EQ(pt_entry_at(m, 3)->off, -128);
	CHECK_EQ(pt_entry_at(m, 3)->conf, 6);
	CHECK_EQ(ev_sum[PT_EV_CONFIRM], 1);
	pt_free(m);
}

static void test_saturation(void)
{
	pt_cfg c = cfg_def();
	c.threads = 8;
	c.lpc = 8;
	c.tidx_bits = 4;
	c.conf_bits = 2;
	pt_model *m = pt_new(&c);
	pt_in in;
	reset(m, &in);
	ld_set(&in, 1, 0, 0xff, 0x400, 4, 0, 16);
	run_load(m, &in);
	CHECK_EQ(pt_entry_at(m, 0)->conf, 3); /* 6 matches saturate at 3 */
	/* saturated, then lane 7 breaks the pattern in the same load */
	ld_set(&in, 1, 0, 0xff, 0x400, 4, 0, 16);
	in.ld_addr[7] = 0x440;
	run_load(m, &in);
	const pt_entry *e = pt_entry_at(m, 0);
	CHECK_EQ(e->conf, 0);
	CHECK_EQ(e->off, 0x440 - 0x418);
	CHECK_EQ(ev_sum[PT_EV_CONFIRM], 0);
	CHECK_EQ(ev_sum[PT_EV_TRAIN], 8);
	pt_free(m);
}

/* ------------------------------------------------------------------ */
/* Prediction                                                          */
/* ------------------------------------------------------------------ */

static void test_negative_and_bounds(void)
{
	pt_cfg c = cfg_def();
	c.threads = 8;
	c.lpc = 8;
	c.tidx_bits = 4;
	c.addr_bits = 12;
	pt_model *m = pt_new(&c);
	pt_in in;
	reset(m, &in);
	/* descending: lane l at 0x800 - 16 l, n = 8: PA(t) = 0x790 + (8 + t - 7)(-16) = 0x780 - 16 t,
	 * lines 0x3c (lane 0), 0x3b (1, 2), 0x3a (3, 4), 0x39 (5, 6), 0x38 (7) */
	ld_set(&in, 1, 0, 0xff, 0x800, -16, 0, 8);
	run_load(m, &in);
	CHECK_EQ(ev_sum[PT_EV_PUSH], 5);
	CHECK_EQ(ev_sum[PT_EV_MERGE], 3);
	for (int k = 0; k < 5; k++) {
		CHECK_EQ(q_line(m, k), 0x3c - k);
		CHECK_EQ(q_tag(m, k).last, k == 4);
	}
	/* the top of the 4 KB space */
	reset(m, &in);
	ld_set(&in, 2, 0, 0xff, 0xfa0, 8, 0, 8);
	run_load(m, &in);
	/* PA(t) = 0xfa0 + 64 + 8t = 0xfe0 + 8t: lanes 0..3 in line 0x7f, 4..7 suppressed */
	CHECK_EQ(ev_sum[PT_EV_PUSH], 1);
	CHECK_EQ(ev_sum[PT_EV_SUPPRESS], 4);
	CHECK_EQ(ev_sum[PT_EV_MERGE], 3);
	CHECK_EQ(q_line(m, 0), 0x7f);
	CHECK_EQ(q_tag(m, 0).last, 1); /* later lanes are all suppressed */
	/* the bottom: descending from 0x90 by 16 B */
	reset(m, &in);
	ld_set(&in, 3, 0, 0xff, 0x90, -16, 0, 8);
	run_load(m, &in);
	/* PA(t) = 0x20 + (8 + t - 7)(-16) = 0x10 - 16 t: lanes 0, 1 at 0x10, 0x0 (line 0), lanes 2..7 below 0 */
	CHECK_EQ(ev_sum[PT_EV_PUSH], 1);
	CHECK_EQ(ev_sum[PT_EV_MERGE], 1);
	CHECK_EQ(ev_sum[PT_EV_SUPPRESS], 6);
	CHECK_EQ(q_tag(m, 0).last, 1);
	CHECK_EQ(q_line(m, 0), 0);
	pt_free(m);
}

/* ------------------------------------------------------------------ */
/* Allocation, fills, distance                                         */
/* ------------------------------------------------------------------ */

static void test_victims_and_fills(void)
{
	pt_cfg c = cfg_def();
	c.threads = 8;
	c.lpc = 8;
	c.tidx_bits = 4;
	c.entries = 3;
	c.issue_lat = 0;
	pt_model *m = pt_new(&c);
	pt_in in;
	reset(m, &in);
	/* invalid first: pcs 1, 2, 3 in 0, 1, 2 */
	ld_set(&in, 1, 0, 0xff, 0x400, 4, 0, 64);
	run_load(m, &in); /* conf 6 */
	ld_set(&in, 2, 0, 0x0f, 0x800, 4, 0, 64);
	run_load(m, &in); /* conf 2 */
	ld_set(&in, 3, 0, 0x3f, 0xc00, 4, 0, 64);
	run_load(m, &in); /* conf 4 */
	CHECK_EQ(foa_of(m, 1), 0);
	CHECK_EQ(foa_of(m, 2), 1);
	CHECK_EQ(foa_of(m, 3), 2);
	pt_tag t2 = {0, 0, 0, 0, 0};
	for (int k = 0; k < pt_pq_count(m); k++)
		if (q_tag(m, k).pc == 2 && q_tag(m, k).last)
			t2 = q_tag(m, k);
	CHECK_EQ(t2.entry, 1);
	/* lowest conf: pc 4 replaces entry 1 (conf 2) */
	ld_set(&in, 4, 0, 0xff, 0x1000, 4, 0, 64);
	run_load(m, &in);
	CHECK_EQ(ev_sum[PT_EV_ALLOC], 1);
	CHECK_EQ(foa_of(m, 4), 1);
	CHECK_EQ(foa_of(m, 2), -1);
	/* the fill of pc 2's line is ignored: entry 1 now belongs to pc 4 */
	unsigned st = pt_entry_at(m, 1)->st;
	in.fill_valid = 1;
	in.fill_tag = t2;
	pt_out o = cyc(m, &in);
	CHECK_EQ(o.ev[PT_EV_FILL], 0);
	CHECK_EQ(pt_entry_at(m, 1)->st, st);
	/* the right tag is applied: 01 -> 10 */
	in.fill_tag = (pt_tag){4, 1, 0, 1, 0};
	o = cyc(m, &in);
	CHECK_EQ(o.ev[PT_EV_FILL], 1);
	CHECK_EQ(pt_entry_at(m, 1)->st, PT_ST_BACK);
	/* a TIA tag on an FOA entry is ignored */
	in.fill_tag = (pt_tag){4, 1, 0, 1, 1};
	o = cyc(m, &in);
	CHECK_EQ(o.ev[PT_EV_FILL], 0);
	in.fill_valid = 0;
	pt_free(m);
}

static void test_distance(void)
{
	pt_cfg c = cfg_def();
	c.threads = 8;
	c.lpc = 8;
	c.tidx_bits = 4;
	c.dist_bits = 2; /* dist 1..3 */
	c.issue_lat = 0;
	pt_model *m = pt_new(&c);
	pt_in in;
	reset(m, &in);
	ld_set(&in, 1, 2, 0xff, 0x400, 4, 0, 64);
	run_load(m, &in);
	CHECK_EQ(pt_entry_at(m, 0)->st, PT_ST_SENT << 4);
	/* slow: no fill before the next load of warp 2 -> +1, up to 3 */
	for (unsigned d = 2; d <= 4; d++) {
		run_load(m, &in);
		CHECK_EQ(ev_sum[PT_EV_DIST_INC], 1);
		CHECK_EQ(pt_entry_at(m, 0)->dist, d < 3 ? d : 3);
	}
	/* the new distance applies to the load's own prediction: PA(0) = 0x41c + (3*64 - 7) * 4 */
	CHECK_EQ(q_line(m, pt_pq_count(m) - 1), (uint32_t)((0x41c + (3 * 64 + 7 - 7) * 4) >> 5));
	/* timely: fill with last, then a hit: no change, state back to 00 */
	in.fill_valid = 1;
	in.fill_tag = (pt_tag){1, 0, 2, 1, 0};
	cyc(m, &in);
	in.fill_valid = 0;
	CHECK_EQ(pt_entry_at(m, 0)->st, PT_ST_BACK << 4);
	run_load(m, &in);
	CHECK_EQ(ev_sum[PT_EV_DIST_INC] + ev_sum[PT_EV_DIST_DEC], 0);
	/* early: back (10) and the load misses with the pattern -> -1, down to 1 */
	for (unsigned d = 2; d >= 1 && d <= 3; d--) {
		in.fill_valid = 1;
		cyc(m, &in);
		in.fill_valid = 0;
		in.ld_miss = 1;
		run_load(m, &in);
		in.ld_miss = 0;
		CHECK_EQ(ev_sum[PT_EV_DIST_DEC], 1);
		CHECK_EQ(pt_entry_at(m, 0)->dist, d);
		if (d == 1)
			break;
	}
	in.fill_valid = 1;
	cyc(m, &in);
	in.fill_valid = 0;
	in.ld_miss = 1;
	run_load(m, &in);
	CHECK_EQ(pt_entry_at(m, 0)->dist, 1); /* stays at 1 */
	/* early but the access broke the pattern: no change */
	in.fill_valid = 1;
	cyc(m, &in);
	in.fill_valid = 0;
	in.ld_addr[3] = 0x999;
	run_load(m, &in);
	CHECK_EQ(ev_sum[PT_EV_DIST_DEC], 0);
	in.ld_miss = 0;
	ld_set(&in, 1, 2, 0xff, 0x400, 4, 0, 64);
	run_load(m, &in); /* retrain, conf back up, pushes again */
	run_load(m, &in);
	CHECK_EQ(pt_entry_at(m, 0)->st, PT_ST_SENT << 4);
	unsigned d0 = pt_entry_at(m, 0)->dist;
	/* a fill and the load in the same cycle: timely (01 -> 10 first), no +1 */
	in.fill_valid = 1;
	in.fill_tag = (pt_tag){1, 0, 2, 1, 0};
	run_load(m, &in);
	CHECK_EQ(ev_sum[PT_EV_FILL], 1);
	CHECK_EQ(ev_sum[PT_EV_DIST_INC], 0);
	CHECK_EQ(pt_entry_at(m, 0)->dist, d0);
	pt_free(m);
}

/* ------------------------------------------------------------------ */
/* TIA                                                                 */
/* ------------------------------------------------------------------ */

static void test_tia(void)
{
	pt_cfg c = cfg_def();
	c.threads = 8;
	c.lpc = 8;
	c.tidx_bits = 4;
	c.entries = 4;
	c.issue_lat = 0;
	pt_model *m = pt_new(&c);
	pt_in in;
	reset(m, &in);
	/* load A (pc 10) then scalar load B (pc 11, all lanes 0x700, miss) */
	ld_set(&in, 10, 0, 0xff, 0x400, 4, 0, 64);
	run_load(m, &in);
	ld_set(&in, 11, 0, 0xfe, 0x700, 0, 1, 64);
	run_load(m, &in);
	int eb = foa_of(m, 11);
	CHECK_EQ(eb, 1);
	CHECK_EQ(pt_entry_at(m, eb)->tid, 15); /* scalar */
	CHECK_EQ(ev_sum[PT_EV_CONFIRM], 0);
	CHECK_EQ(ev_sum[PT_EV_TIA_CREATE], 1);
	CHECK_EQ(ev_sum[PT_EV_ALLOC], 2);
	const pt_entry *t = pt_entry_at(m, 2);
	CHECK_EQ(t->type, PT_TYPE_TIA);
	CHECK_EQ(t->pc, 10);
	CHECK_EQ(t->addr, 0x700);
	CHECK_EQ(t->conf, pt_entry_at(m, eb)->conf);
	/* trigger: the next A pushes line 0x700 >> 5 with a TIA tag */
	in.pf_ready = 1;
	while (pt_pq_count(m))
		cyc(m, &in);
	in.pf_ready = 0;
	ld_set(&in, 10, 0, 0xff, 0x400, 4, 0, 64);
	run_load(m, &in);
	CHECK_EQ(ev_sum[PT_EV_TIA_TRIGGER], 1);
	int n = pt_pq_count(m);
	CHECK_EQ(q_line(m, n - 1), 0x700 >> 5);
	pt_tag tt = q_tag(m, n - 1);
	CHECK_EQ(tt.tia, 1);
	CHECK_EQ(tt.last, 1);
	CHECK_EQ(tt.entry, 2);
	CHECK_EQ(tt.pc, 10);
	CHECK_EQ(pt_entry_at(m, 2)->st, PT_TIA_INFLIGHT);
	/* B misses again: slow bit, no second entry */
	ld_set(&in, 11, 0, 0xfe, 0x700, 0, 1, 64);
	run_load(m, &in);
	CHECK_EQ(ev_sum[PT_EV_TIA_CREATE], 0);
	CHECK_EQ(pt_entry_at(m, 2)->st & PT_TIA_SLOW, PT_TIA_SLOW);
	/* migration: Z (pc 12) then A; A triggers, the trigger moves to Z (A's LAL) */
	ld_set(&in, 12, 0, 0xff, 0x900, 8, 0, 64);
	run_load(m, &in);
	ld_set(&in, 10, 0, 0xff, 0x400, 4, 0, 64);
	run_load(m, &in);
	CHECK_EQ(ev_sum[PT_EV_TIA_TRIGGER], 1);
	CHECK_EQ(ev_sum[PT_EV_TIA_MIGRATE], 1);
	CHECK_EQ(pt_entry_at(m, 2)->pc, 12);
	CHECK_EQ(pt_entry_at(m, 2)->st & PT_TIA_SLOW, 0);
	/* two loads ahead of B now: Z triggers it */
	ld_set(&in, 12, 0, 0xff, 0x900, 8, 0, 64);
	run_load(m, &in);
	CHECK_EQ(ev_sum[PT_EV_TIA_TRIGGER], 1);
	CHECK_EQ(ev_sum[PT_EV_TIA_MIGRATE], 0);
	/* the TIA fill clears in-flight */
	in.fill_valid = 1;
	in.fill_tag = (pt_tag){12, 2, 0, 1, 1};
	pt_out o = cyc(m, &in);
	in.fill_valid = 0;
	CHECK_EQ(o.ev[PT_EV_FILL], 1);
	CHECK_EQ(pt_entry_at(m, 2)->st & PT_TIA_INFLIGHT, 0);
	pt_free(m);

	/* never e for a TIA create, never the triggering TIA entry */
	c.entries = 2;
	m = pt_new(&c);
	reset(m, &in);
	ld_set(&in, 10, 0, 0xff, 0x400, 4, 0, 64);
	run_load(m, &in); /* entry 0: A, conf 6 */
	ld_set(&in, 11, 0, 0xfe, 0x700, 0, 1, 64);
	run_load(m, &in); /* entry 1: B; the TIA can only go to entry 0 (not e = 1) */
	CHECK_EQ(foa_of(m, 11), 1);
	CHECK_EQ(pt_entry_at(m, 0)->type, PT_TYPE_TIA);
	CHECK_EQ(pt_entry_at(m, 0)->pc, 10);
	/* A again: lookup misses; entry 0 is the TIA of pc 10: the victim is entry 1 */
	ld_set(&in, 10, 0, 0xff, 0x400, 4, 0, 64);
	run_load(m, &in);
	CHECK_EQ(foa_of(m, 10), 1);
	CHECK_EQ(pt_entry_at(m, 0)->type, PT_TYPE_TIA);
	CHECK_EQ(ev_sum[PT_EV_TIA_TRIGGER], 1);
	pt_free(m);
}

/* ------------------------------------------------------------------ */
/* The queue                                                           */
/* ------------------------------------------------------------------ */

static void test_queue(void)
{
	pt_cfg c = cfg_def();
	c.threads = 8;
	c.lpc = 8;
	c.tidx_bits = 4;
	c.pq_depth = 2;
	c.issue_lat = 3;
	pt_model *m = pt_new(&c);
	pt_in in;
	reset(m, &in);
	/* 8 lanes x 32 B: 8 lines, 2 queued, 6 dropped */
	ld_set(&in, 1, 0, 0xff, 0x400, 32, 0, 8);
	run_load(m, &in);
	CHECK_EQ(ev_sum[PT_EV_PUSH], 2);
	CHECK_EQ(ev_sum[PT_EV_PQ_FULL], 6);
	CHECK_EQ(pt_pq_count(m), 2);
	/* the batch's last line was dropped: no fill will come, the state returns to 00 */
	CHECK_EQ(pt_entry_at(m, 0)->st, PT_ST_LOADED);
	/* ages saturate at ISSUE_LAT; offered from age >= 3 */
	unsigned age = 0;
	pt_pq_at(m, 0, NULL, NULL, &age);
	CHECK_EQ(age, 3);
	/* issue latency on a fresh push: pushed at cycle k, offered at k + 1 + ISSUE_LAT */
	pt_out o;
	in.pf_present = 1;
	o = cyc(m, &in);
	CHECK_EQ(o.pf_valid, 1);
	CHECK_EQ(o.ev[PT_EV_PRESENT], 1);
	CHECK_EQ(o.ev[PT_EV_ISSUE], 0);
	in.pf_present = 0;
	in.pf_ready = 1;
	o = cyc(m, &in);
	CHECK_EQ(o.ev[PT_EV_ISSUE], 1);
	CHECK_EQ(pt_pq_count(m), 0);
	o = cyc(m, &in);
	CHECK_EQ(o.pf_valid, 0);
	CHECK_EQ(o.pf_line, 0);
	/* a load with one line: its push cycle, then 3 + 1 cycles to the offer */
	in.pf_ready = 0;
	ld_set(&in, 2, 0, 0xff, 0x800, 1, 0, 8);
	in.ld_valid = 1;
	int pushc = -1, offc = -1;
	for (int k = 0; k < 30; k++) {
		o = cyc(m, &in);
		if (o.ld_ack)
			in.ld_valid = 0;
		if (o.ev[PT_EV_PUSH] && pushc < 0)
			pushc = k;
		if (o.pf_valid && offc < 0)
			offc = k;
	}
	CHECK(pushc >= 0);
	CHECK_EQ(offc - pushc, 1 + 3);
	/* push and pop in one cycle when full: accepted */
	reset(m, &in);
	ld_set(&in, 1, 0, 0xff, 0x400, 32, 0, 8);
	in.ld_valid = 1;
	unsigned pushes = 0, full = 0;
	for (int k = 0; k < 60; k++) {
		in.pf_ready = pt_pq_count(m) == 2; /* pop only when full */
		int was_full = pt_pq_count(m) == 2;
		o = cyc(m, &in);
		if (o.ld_ack)
			in.ld_valid = 0;
		if (was_full && o.ev[PT_EV_ISSUE] && o.ev[PT_EV_PUSH]) {
			CHECK_EQ(pt_pq_count(m), 2);
			pushes++;
		}
		full += o.ev[PT_EV_PQ_FULL];
	}
	CHECK(pushes >= 1);
	CHECK(full >= 1); /* a full queue that is not offered yet drops */
	pt_free(m);
}

/* ------------------------------------------------------------------ */
/* Protocol                                                            */
/* ------------------------------------------------------------------ */

static void test_protocol(void)
{
	pt_cfg c = cfg_def();
	c.threads = 8;
	c.lpc = 4;
	c.tidx_bits = 4;
	c.warps = 3;
	pt_model *m = pt_new(&c);
	pt_in in;
	pt_out o;
	reset(m, &in);
	ld_set(&in, 1, 0, 0, 0x400, 4, 0, 8);
	in.ld_valid = 1;
	CHECK(pt_eval(m, &in, &o) != 0 && strstr(o.msg, "ld_mask_i"));
	in.ld_mask = 0xff;
	in.ld_warp = 3;
	CHECK(pt_eval(m, &in, &o) != 0 && strstr(o.msg, "ld_warp_i"));
	in.ld_warp = 1;
	cyc(m, &in);
	in.ld_addr[3] ^= 4;
	CHECK(pt_eval(m, &in, &o) != 0 && strstr(o.msg, "held"));
	in.ld_addr[3] ^= 4;
	in.ld_valid = 0;
	CHECK(pt_eval(m, &in, &o) != 0 && strstr(o.msg, "dropped"));
	in.rst = 1;
	CHECK_EQ(pt_eval(m, &in, &o), 0);
	pt_free(m);
}

/* ------------------------------------------------------------------ */
/* Frame path == typed path on random loads                            */
/* ------------------------------------------------------------------ */

static void put_in(wg_fr *f, const pt_cfg *c, const pt_in *in)
{
	int wb = pt_warp_bits(c), eb = pt_entry_bits(c);
	memset(f->in, 0, (size_t)f->L.nwords[WG_IN] * sizeof(uint32_t));
	wg_fr_set(f, PT_RST_I, in->rst);
	wg_fr_set(f, PT_LD_VALID_I, in->ld_valid);
	wg_fr_set(f, PT_LD_PC_I, in->ld_pc);
	wg_fr_set(f, PT_LD_WARP_I, in->ld_warp);
	wg_fr_set(f, PT_LD_MASK_I, in->ld_mask);
	for (int l = 0; l < c->threads; l++)
		wg_fr_put(f, PT_LD_ADDR_I, (unsigned)(l * c->addr_bits), (unsigned)c->addr_bits, in->ld_addr[l]);
	wg_fr_set(f, PT_LD_MISS_I, in->ld_miss);
	wg_fr_set(f, PT_LD_ITER_I, in->ld_iter);
	wg_fr_set(f, PT_FILL_VALID_I, in->fill_valid);
	uint64_t tag = in->fill_tag.tia | (uint64_t)in->fill_tag.last << 1 | (uint64_t)in->fill_tag.warp << 2 |
		       (uint64_t)in->fill_tag.entry << (2 + wb) | (uint64_t)in->fill_tag.pc << (2 + wb + eb);
	wg_fr_set(f, PT_FILL_TAG_I, tag);
	wg_fr_set(f, PT_PF_READY_I, in->pf_ready);
	wg_fr_set(f, PT_PF_PRESENT_I, in->pf_present);
}

static void test_frame_random(int entries, int threads, int lpc, int warps, uint64_t seed)
{
	pt_cfg c = cfg_def();
	c.entries = entries;
	c.threads = threads;
	c.lpc = lpc;
	c.warps = warps;
	c.pq_depth = 4;
	c.issue_lat = 2;
	c.tidx_bits = 6;
	c.addr_bits = 17; /* predictions leave the space now and then */
	long p[PT_NPARAMS];
	pt_cfg_to_params(&c, p);
	wg_fr f;
	wg_fr_open(&f, &wg_block_prefetch_table, p);
	pt_model *m = pt_new(&c);
	uint64_t rs = wg_rng_seed(seed);
	pt_in in;
	memset(&in, 0, sizeof in);
	int wb = pt_warp_bits(&c), eb = pt_entry_bits(&c), lb = pt_line_bits(&c);
	unsigned bad = 0, acks = 0, pushes = 0;
	pt_tag last_tag[8];
	int ntag = 0;
	for (long k = 0; k < 20000; k++) {
		uint64_t r = wg_rng_next(&rs);
		in.rst = k == 0 || r % 5000 == 1;
		if (!in.ld_valid) { /* a new load when idle */
			if (r % 3 == 0) {
				unsigned pc = (unsigned)(r >> 8) % 6u;
				int64_t stride = (int64_t)((r >> 16) % 9) * 4 - 16;
				ld_set(&in, pc, (unsigned)(r >> 24) % (unsigned)warps,
				       (uint32_t)((r >> 32) & wg_ones64(threads)), (int64_t)pc * 0x100 + (int64_t)((r >> 40) & 0x3ff),
				       stride, (unsigned)(r >> 50) & 1u, 16u + (unsigned)((r >> 52) % 64u));
				if (!in.ld_mask)
					in.ld_mask = 1;
				if ((r >> 58) % 4 == 0)
					in.ld_addr[(r >> 60) % (uint64_t)threads] ^= 0x40;
				in.ld_valid = 1;
			}
		}
		in.pf_ready = (r >> 5) & 1u;
		in.pf_present = ((r >> 6) & 7u) == 0;
		in.fill_valid = ((r >> 9) & 3u) == 0 && ntag > 0;
		if (in.fill_valid)
			in.fill_tag = last_tag[(r >> 11) % (uint64_t)ntag];
		put_in(&f, &c, &in);
		pt_out o;
		int rc = pt_eval(m, &in, &o);
		int frc = wg_block_prefetch_table.model_eval(f.m, f.in, f.out, f.err, sizeof f.err);
		unsigned ok = rc == 0 && frc == 0;
		ok &= wg_fr_port(&f, PT_LD_ACK_O) == o.ld_ack;
		ok &= wg_fr_port(&f, PT_PF_VALID_O) == o.pf_valid;
		ok &= wg_fr_port(&f, PT_PF_LINE_O) == (o.pf_line & wg_ones64(lb));
		uint64_t tg = o.pf_valid ? (o.pf_tag.tia | (uint64_t)o.pf_tag.last << 1 | (uint64_t)o.pf_tag.warp << 2 |
					    (uint64_t)o.pf_tag.entry << (2 + wb) | (uint64_t)o.pf_tag.pc << (2 + wb + eb))
					 : 0;
		ok &= wg_fr_port(&f, PT_PF_TAG_O) == tg;
		ok &= wg_fr_port(&f, PT_PQ_COUNT_O) == o.pq_count;
		ok &= wg_fr_port(&f, PT_PHASE_O) == o.phase;
		ok &= wg_fr_port(&f, PT_ENTRY_O) == o.entry;
		ok &= wg_fr_events_are(&f, o.ev);
		if (!ok && bad++ < 3)
			printf("  frame != typed at cycle %ld (rc %d/%d %s)\n", k, rc, frc, o.msg);
		if (o.pf_valid && (o.ev[PT_EV_ISSUE]) && ntag < 8)
			last_tag[ntag++] = o.pf_tag;
		else if (o.pf_valid && o.ev[PT_EV_ISSUE])
			last_tag[(r >> 13) % 8] = o.pf_tag;
		pushes += o.ev[PT_EV_PUSH];
		acks += o.ld_ack;
		wg_block_prefetch_table.model_tick(f.m, f.in);
		pt_tick(m, &in);
		if (o.ld_ack || in.rst)
			in.ld_valid = 0;
	}
	CHECK_EQ(bad, 0);
	CHECK(acks > 500);
	CHECK(pushes > 100);
	const uint64_t *a = pt_counts(m), *b = wg_block_prefetch_table.model_counts(f.m);
	for (int e = 0; e < PT_NEVENTS; e++)
		CHECK_EQ(a[e], b[e]);
	for (int e = 0; e < PT_NEVENTS; e++)
		if (a[e] == 0)
			printf("  note: event %d never seen (entries %d threads %d)\n", e, entries, threads);
	pt_free(m);
	wg_fr_close(&f);
}

int main(void)
{
	test_worked_example();
	test_training();
	test_saturation();
	test_negative_and_bounds();
	test_victims_and_fills();
	test_distance();
	test_tia();
	test_queue();
	test_protocol();
	test_frame_random(4, 8, 8, 4, 1);
	test_frame_random(3, 32, 8, 3, 2);
	test_frame_random(5, 12, 5, 8, 3);
	return wg_check_done();
}
