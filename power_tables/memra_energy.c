/* memra_energy.c - the energy rules of MEM_RA's stall counter, Eq. 1
 * predictor and TRWS priority (memra), declared as wg_energy_memra, on the
 * Xie 2017 table (power_tables/xie2017.tsv). docs/memra.md "Energy".
 *
 * P1 gives the counters and the predictor ALU no pJ and no leakage, only
 * that all the hardware it adds costs ~1.2 % of the RF's power. The rules
 * are bottom-up, from three assumed unit rows (scaled from Gebhart ISCA'11
 * and Jeon'14 to P1's CMOS 0.7 V at 40 nm): a bit written into a flip-flop
 * register (bit_write_energy), a one-bit logic cell evaluated once
 * (bit_op_energy), and the leakage of one storage bit (leakage_per_bit).
 * Each event counts the bits it writes and the logic cells it evaluates at
 * the configuration's widths (CB = CNT_BITS, RS = REF_SHIFT, WB = the warp
 * id's width):
 *   start    the counter cleared and the phase set: CB + 1 writes;
 *   predict  the completing warp's counter through the WARPS:1 select (CB x
 *            WB cells: the path of one value through the tree), prev =
 *            sat(cnt + 1) (CB), the comparison with THR_ACC and d = prev -
 *            THR_ACC (2 CB), the RS x CB multiplier (RS CB partial-product
 *            ANDs and (RS - 1) CB adder bits) with its smp >= 2^RS test (CB -
 *            RS), the result select (CB); the counter, the phase and last_q
 *            written (2 CB + 1);
 *   grant    the decrement by 2 (CB - 1 cells, bit 0 does not change) and CB
 *            writes;
 *   sample   smp_q written (CB writes; none at SAMPLE_PERIOD = 1, where
 *            sample_acc is last_q and has no register).
 * The counting itself is not an event: every cycle each warp in MEASURE
 * and the period counter increment. It is priced as a constant power added
 * to the leakage: (WARPS x the stall fraction P1 states, 0.22, + 1 for
 * pc_q) increments a cycle, each toggles_per_increment (2) bit writes and
 * bit-ops, at the core clock. */
#include <stdio.h>
#include <string.h>

#include "memra.h"
#include "wg_energy_rules.h"

#define MR_ENERGY_TABLE "xie2017.tsv" /* the power table of Xie 2017 */

/* The rows the rules read, found once. */
typedef struct mr_erows {
	const wg_prow *wr;    /* memra bit_write_energy, pJ per bit (assumed) */
	const wg_prow *op;    /* memra bit_op_energy, pJ per one-bit cell (assumed) */
	const wg_prow *leak;  /* memra leakage_per_bit, mW per storage bit (assumed) */
	const wg_prow *tog;   /* memra toggles_per_increment (assumed) */
	const wg_prow *stall; /* workload warp_stall_fraction (stated): the share of warps in MEASURE */
	const wg_prow *clk;   /* memra_tech clock, GHz (derived: core clock) */
} mr_erows;

static int mr_rows(const wg_ptable *t, mr_erows *r, char *err, size_t n)
{
	if (!(r->wr = wg_ptable_need_num(t, "memra", "bit_write_energy", err, n)) ||
	    !(r->op = wg_ptable_need_num(t, "memra", "bit_op_energy", err, n)) ||
	    !(r->leak = wg_ptable_need_num(t, "memra", "leakage_per_bit", err, n)) ||
	    !(r->tog = wg_ptable_need_num(t, "memra", "toggles_per_increment", err, n)) ||
	    !(r->stall = wg_ptable_need_num(t, "workload", "warp_stall_fraction", err, n)) ||
	    !(r->clk = wg_ptable_need_num(t, "memra_tech", "clock", err, n)))
		return -1;
	if (r->wr->value < 0 || r->op->value < 0 || r->leak->value < 0 || r->tog->value < 0 || r->clk->value <= 0 ||
	    r->stall->value < 0 || r->stall->value > 1) {
		snprintf(err, n,
			 "%s:%d: memra's rows must be >= 0, memra_tech clock > 0 and workload warp_stall_fraction in 0..1",
			 t->path, r->wr->line);
		return -1;
	}
	return 0;
}

/* The bit writes and one-bit logic cells of each event at parameters p. */
typedef struct mr_ecost {
	long wr[MR_NEVENTS];  /* bits written */
	long op[MR_NEVENTS];  /* one-bit logic cells evaluated */
} mr_ecost;

static void mr_costs(const long *p, mr_ecost *k)
{
	mr_cfg c;
	mr_dims d;
	mr_cfg_from_params(&c, p);
	mr_dims_of(&c, &d);
	long CB = d.cb, RS = c.ref_shift, WB = d.wb;
	memset(k, 0, sizeof *k);
	k->wr[MR_EV_START] = CB + 1;
	k->op[MR_EV_PREDICT] = CB * WB + CB + 2 * CB + (RS > 0 ? (2 * RS - 1) * CB + (CB - RS) : 0) + CB;
	k->wr[MR_EV_PREDICT] = 2 * CB + 1;
	k->op[MR_EV_GRANT] = CB - 1;
	k->wr[MR_EV_GRANT] = CB;
	k->wr[MR_EV_SAMPLE] = c.sample_period > 1 ? CB : 0;
}

/* The per-cycle increments: warps in MEASURE on average, plus pc_q. */
static double mr_incs(const mr_erows *r, const long *p)
{
	return (double)p[MR_P_WARPS] * r->stall->value + (p[MR_P_SAMPLE_PERIOD] > 1 ? 1.0 : 0.0);
}

static int mr_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
			   size_t n)
{
	mr_erows r;
	mr_ecost k;
	if (mr_rows(t, &r, err, n))
		return -1;
	mr_costs(p, &k);
	for (int e = 0; e < b->nevents; e++) {
		m->pj[e] = (double)k.wr[e] * r.wr->value + (double)k.op[e] * r.op->value;
		snprintf(m->basis[e], sizeof m->basis[e],
			 "%ld bit writes x %g pJ + %ld one-bit cells x %g pJ (%s:%d, :%d assumed; docs/memra.md \"Energy\")",
			 k.wr[e], r.wr->value, k.op[e], r.op->value, MR_ENERGY_TABLE, r.wr->line, r.op->line);
	}
	long bits = b->storage_bits(p);
	double leak = (double)bits * r.leak->value;
	double act = mr_incs(&r, p) * r.tog->value * (r.wr->value + r.op->value) * r.clk->value;
	m->leak_mw = leak + act;
	snprintf(m->leak_basis, sizeof m->leak_basis, "%ld bits x %g mW = %.4g mW leakage + %.4g mW counting (%s:%d, :%d)",
		 bits, r.leak->value, leak, act, MR_ENERGY_TABLE, r.leak->line, r.tog->line);
	m->clock_ghz = r.clk->value;
	return 0;
}

static int mr_energy_notes(const wg_ptable *t, const wg_block *b, const long *p, wg_buf *o, char *err, size_t n)
{
	mr_erows r;
	mr_ecost k;
	if (mr_rows(t, &r, err, n))
		return -1;
	mr_costs(p, &k);
	double incs = mr_incs(&r, p), per_inc = r.tog->value * (r.wr->value + r.op->value);
	wg_buf_printf(o,
		      "Xie 2017 gives the counters and the predictor ALU no pJ and no leakage: all the hardware it\n"
		      "adds (rename stage, counters, ALU) costs ~1.2 %% of the RF's power (mem_ra_hw). Priced bottom-up\n"
		      "at 40 nm, 0.7 V (A29, rf_cmos vdd), from three assumed rows (%s):\n"
		      "  a bit written into a flip-flop register  %g pJ   (:%d, Gebhart ISCA'11 Table 2 RFC write / 128, scaled)\n"
		      "  a one-bit logic cell evaluated once      %g pJ   (:%d, Gebhart ISCA'11 Table 2 RFC read / 128, scaled)\n"
		      "  leakage of one storage bit               %g mW (:%d, Jeon'14 Table 2 RT leakage per bit, scaled)\n"
		      "Events (bit writes + cells): start %ld + %ld, predict %ld + %ld (select, increment, compare and\n"
		      "subtract, the %ld x %ld multiplier, result select; counter, phase and last_q written), grant %ld + %ld,\n"
		      "sample %ld + %ld.\n"
		      "The counting in MEASURE is not an event: it is a constant power added to the leakage,\n"
		      "(%ld warps x %g stalled (:%d, P1 Fig. 4) + %d period counter) = %.4g increments a cycle x %g\n"
		      "toggled bits (:%d) x (write + cell) = %.4g pJ a cycle, at %g GHz (:%d).\n"
		      "Leakage: %ld storage bits (the descriptor's storage formula) x %g mW.\n",
		      MR_ENERGY_TABLE, r.wr->value, r.wr->line, r.op->value, r.op->line, r.leak->value, r.leak->line,
		      k.wr[MR_EV_START], k.op[MR_EV_START], k.wr[MR_EV_PREDICT], k.op[MR_EV_PREDICT], p[MR_P_REF_SHIFT],
		      p[MR_P_CNT_BITS], k.wr[MR_EV_GRANT], k.op[MR_EV_GRANT], k.wr[MR_EV_SAMPLE], k.op[MR_EV_SAMPLE],
		      p[MR_P_WARPS], r.stall->value, r.stall->line, p[MR_P_SAMPLE_PERIOD] > 1, incs, r.tog->value,
		      r.tog->line, incs * per_inc, r.clk->value, r.clk->line, b->storage_bits(p), r.leak->value);
	return 0;
}

const wg_energy_rules wg_energy_memra = {
	.table = MR_ENERGY_TABLE,
	.tech = "memra_tech",
	.model = mr_energy_model,
	.notes = mr_energy_notes,
};
