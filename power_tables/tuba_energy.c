/* tuba_energy.c - the energy rules of TUBA, the per-SM block limit (Xie et
 * al. 2017, §4.2.2), declared as wg_energy_tuba, on the paper's table
 * (power_tables/xie2017.tsv). docs/tuba.md "Energy".
 *
 * P1 gives TUBA no power, energy or area of its own: its events (eval: two
 * comparisons of the free TFET registers at a block completion; dec, inc:
 * the limit changed) are priced by one row, "tuba controller_event_energy"
 * (0 pJ, assumed: a few flip-flops and two comparisons once per block
 * completion, beside a register file of 1024 warp-registers). The block's
 * own leakage is not given (no row: the paper prints no leakage of
 * anything, xie2017.tsv "rf_cmos leakage"), so it is 0 and marked n/g; the
 * clock is the SM's (row "core clock", Table 1). What TUBA changes is the
 * register file's energy, through the blocks it lets run: that is priced by
 * the register file's own rules, not here. */
#include <stdio.h>

#include "tuba.h"
#include "wg_energy_rules.h"

#define TB_ENERGY_TABLE "xie2017.tsv" /* the power table of Xie et al. 2017 */

/* The rows the rules read, found once. */
typedef struct tb_erows {
	const wg_prow *ev;   /* tuba controller_event_energy (assumed 0 pJ) */
	const wg_prow *clk;  /* core clock (stated, Table 1) */
} tb_erows;

static int tb_rows(const wg_ptable *t, tb_erows *r, char *err, size_t n)
{
	if (!(r->ev = wg_ptable_need_num(t, "tuba", "controller_event_energy", err, n)) ||
	    !(r->clk = wg_ptable_need_num(t, "core", "clock", err, n)))
		return -1;
	if (r->ev->value < 0 || r->clk->value <= 0) {
		snprintf(err, n, "%s:%d: tuba controller_event_energy must be >= 0 and core clock (line %d) > 0", t->path,
			 r->ev->line, r->clk->line);
		return -1;
	}
	return 0;
}

static int tb_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
			   size_t n)
{
	(void)p; /* no number depends on the size: the row prices a controller event as such */
	tb_erows r;
	if (tb_rows(t, &r, err, n))
		return -1;
	for (int e = 0; e < b->nevents; e++) {
		m->pj[e] = r.ev->value;
		snprintf(m->basis[e], sizeof m->basis[e], "%g pJ, %s (%s:%d, %s)", r.ev->value, wg_kind_name(r.ev->kind),
			 TB_ENERGY_TABLE, r.ev->line, r.ev->source);
	}
	m->leak_mw = 0;
	m->leak_not_given = 1;
	snprintf(m->leak_basis, sizeof m->leak_basis,
		 "not given: P1 prints no leakage (%s has no tuba leakage row; rf_cmos leakage is not given either)",
		 TB_ENERGY_TABLE);
	m->clock_ghz = r.clk->value;
	return 0;
}

static int tb_energy_notes(const wg_ptable *t, const wg_block *b, const long *p, wg_buf *o, char *err, size_t n)
{
	(void)b;
	(void)p;
	tb_erows r;
	if (tb_rows(t, &r, err, n))
		return -1;
	wg_buf_printf(o,
		      "Xie et al. 2017 (§4.2.2) give TUBA no power, energy or area: eval (the two threshold comparisons\n"
		      "at a block completion, or at a period's end), dec and inc are priced by one row,\n"
		      "tuba controller_event_energy = %g pJ (%s:%d, %s: %s).\n"
		      "Its leakage is not given (0, n/g); the clock is the SM's, %g GHz (%s:%d, Table 1). What TUBA\n"
		      "saves is register-file energy (more requests served by TFET registers, §6.2), priced by the\n"
		      "register file's rules, not by this block's events.\n",
		      r.ev->value, TB_ENERGY_TABLE, r.ev->line, wg_kind_name(r.ev->kind), r.ev->derivation, r.clk->value,
		      TB_ENERGY_TABLE, r.clk->line);
	return 0;
}

const wg_energy_rules wg_energy_tuba = {
	.table = TB_ENERGY_TABLE,
	.tech = "technology",
	.model = tb_energy_model,
	.notes = tb_energy_notes,
};
