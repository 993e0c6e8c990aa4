/* rename_energy.c - the renaming table's event -> energy rules on the Jeon
 * 2014 power table (power_tables/jeon2014.tsv), declared as wg_energy_rename,
 * and the register-file leakage numbers the static-power accounting uses
 * (cosim/rename/rename_power.c). Every rule is written down in
 * docs/energy-model.md §4. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rename.h"
#include "rename_energy.h"
#include "wg_bits.h"
#include "wg_energy_rules.h"

/* The rows the size rules read, found once. */
typedef struct rn_rows {
	const wg_prow *acc;    /* rt access_energy (Table 2, 1.14 pJ) */
	const wg_prow *lbank;  /* rt leakage_per_bank (Table 2, 0.27 mW) */
	const wg_prow *banks;  /* rt banks (Table 2, 4) */
	const wg_prow *ref;    /* rt reference_bits (assumed: 816 x 10 bit) */
	const wg_prow *expo;   /* rt access_energy_exponent (assumed) */
	const wg_prow *clk;    /* technology clock (derived: 1 / 1.25 ns) */
} rn_rows;

static int rows(const wg_ptable *t, rn_rows *r, char *err, size_t n)
{
	if (!(r->acc = wg_ptable_need(t, "rt", "access_energy", err, n)) ||
	    !(r->lbank = wg_ptable_need(t, "rt", "leakage_per_bank", err, n)) ||
	    !(r->banks = wg_ptable_need(t, "rt", "banks", err, n)) ||
	    !(r->ref = wg_ptable_need(t, "rt", "reference_bits", err, n)) ||
	    !(r->expo = wg_ptable_need(t, "rt", "access_energy_exponent", err, n)) ||
	    !(r->clk = wg_ptable_need(t, "technology", "clock", err, n)))
		return -1;
	if (r->acc->value <= 0 || r->ref->value <= 0 || r->banks->value < 1 || r->clk->value <= 0) {
		snprintf(err, n, "%s: rt access_energy, rt reference_bits, rt banks and technology clock must be positive",
			 t->path);
		return -1;
	}
	return 0;
}

long rn_energy_rt_bits(long rt_entries, long phys)
{
	return rt_entries * (long)wg_clog2((unsigned long)phys);
}

int rn_energy_rt_access(const wg_ptable *t, long rt_entries, long rt_banks, long phys, double *pj, char *basis,
			size_t bn, char *err, size_t n)
{
	rn_rows r;
	if (rows(t, &r, err, n))
		return -1;
	double per_bank = (double)rn_energy_rt_bits(rt_entries, phys) / (double)rt_banks;
	double ref_bank = r.ref->value / r.banks->value;
	double x = r.expo->value;
	if (per_bank == ref_bank || x == 0) {
		*pj = r.acc->value;
		snprintf(basis, bn, "%g pJ per table access [Tab2, %s:%d; %s]", r.acc->value, RN_ENERGY_TABLE,
			 r.acc->line,
			 per_bank == ref_bank ? "the 1 KB 4-bank table = 816 x 10 b" : "size rule off (exponent 0)");
		return 0;
	}
	*pj = r.acc->value * pow(per_bank / ref_bank, x);
	snprintf(basis, bn, "%g pJ [Tab2] x (%g b per bank / %g b)^%g [size rule, %s:%d]", r.acc->value, per_bank,
		 ref_bank, x, RN_ENERGY_TABLE, r.expo->line);
	return 0;
}

int rn_energy_rt_leakage(const wg_ptable *t, long rt_entries, long phys, double *mw, char *basis, size_t bn,
			 char *err, size_t n)
{
	rn_rows r;
	if (rows(t, &r, err, n))
		return -1;
	double bits = (double)rn_energy_rt_bits(rt_entries, phys);
	double ref_mw = r.banks->value * r.lbank->value;
	*mw = ref_mw * bits / r.ref->value;
	if (bits == r.ref->value)
		snprintf(basis, bn, "%g banks x %g mW [Tab2, %s:%d] (the 1 KB table = 816 x 10 b)", r.banks->value,
			 r.lbank->value, RN_ENERGY_TABLE, r.lbank->line);
	else
		snprintf(basis, bn, "%g banks x %g mW [Tab2] x %g b / %g b [leakage linear in bits, %s:%d]",
			 r.banks->value, r.lbank->value, bits, r.ref->value, RN_ENERGY_TABLE, r.ref->line);
	return 0;
}

int rn_energy_rf_leakage(const wg_ptable *t, double *reg_mw, double *cycle_ns, double *sleep_frac, char *err, size_t n)
{
	const wg_prow *bank = wg_ptable_need(t, "rf_bank", "leakage", err, n);
	const wg_prow *ent = wg_ptable_need(t, "rf_bank", "entries", err, n);
	const wg_prow *per = wg_ptable_need(t, "rf", "entries_per_warp_register", err, n);
	const wg_prow *reg = wg_ptable_need(t, "rf_warp_register", "leakage", err, n);
	const wg_prow *cyc = wg_ptable_need(t, "technology", "cycle_time", err, n);
	const wg_prow *sl = wg_ptable_need(t, "power_gating", "sleep_leakage_fraction", err, n);
	if (!bank || !ent || !per || !reg || !cyc || !sl)
		return -1;
	/* the derived row must be what its derivation says (2.8 mW / 256 entries x 8) */
	double want = bank->value / ent->value * per->value;
	if (fabs(reg->value - want) > 1e-9 * want) {
		snprintf(err, n, "%s:%d: rf_warp_register leakage %g is not rf_bank leakage / entries x entries_per_warp_register = %g",
			 t->path, reg->line, reg->value, want);
		return -1;
	}
	if (cyc->value <= 0 || sl->value < 0 || sl->value > 1) {
		snprintf(err, n, "%s: technology cycle_time must be > 0 and power_gating sleep_leakage_fraction in 0..1",
			 t->path);
		return -1;
	}
	*reg_mw = reg->value;
	*cycle_ns = cyc->value;
	*sleep_frac = sl->value;
	return 0;
}

static void say(char *buf, size_t n, const wg_prow *r)
{
	if (r->kind == WG_KIND_NOT_GIVEN)
		snprintf(buf, n, "not given by the report (%s:%d, %s): %s", RN_ENERGY_TABLE, r->line, r->source,
			 r->derivation);
	else
		snprintf(buf, n, "%g %s, %s (%s:%d, %s)", r->value, r->unit, wg_kind_name(r->kind), RN_ENERGY_TABLE,
			 r->line, r->source);
}

static int rename_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
			       size_t n)
{
	rn_rows r;
	if (rows(t, &r, err, n))
		return -1;
	double acc;
	char basis[180];
	if (rn_energy_rt_access(t, p[RN_P_RT_ENTRIES], p[RN_P_RT_BANKS], p[RN_P_PHYS_REGS], &acc, basis, sizeof basis,
				err, n))
		return -1;
	for (int e = 0; e < b->nevents; e++) {
		const char *name = b->events[e].name;
		if (strcmp(name, "rt_read") == 0 || strcmp(name, "rt_write") == 0) {
			m->pj[e] = acc;
			snprintf(m->basis[e], sizeof m->basis[e], "%s%s", basis,
				 e == RN_EV_RT_WRITE ? "; flag search not priced" : "");
			continue;
		}
		if (e >= RN_EV_ALLOC_CMOS && e <= RN_EV_FALLBACK_TFET) {
			/* TFET classes (docs/rename.md "Events per class"): the table install is
			 * rt_write's; what differs per class is the register file's write into the
			 * id, which is the register file's energy, not this table's, and Xie'17
			 * prints no pJ for it (xie2017.tsv rf_cmos/rf_tfet write_energy not-given;
			 * rf_tfet dynamic_ratio_cv2 0.1837 is an assumed ratio without a base) */
			m->pj[e] = 0;
			m->not_given[e] = 1;
			snprintf(m->basis[e], sizeof m->basis[e],
				 "not priced here: a class count for the register file's energy (the table install is "
				 "rt_write's); Xie'17 gives no pJ per CMOS or TFET access (xie2017.tsv rf_cmos, rf_tfet "
				 "write_energy: not-given)");
			continue;
		}
		char q[96];
		snprintf(q, sizeof q, "%s_energy", name);
		const wg_prow *row = wg_ptable_need(t, "rename", q, err, n);
		if (!row)
			return -1;
		m->pj[e] = row->value;
		m->not_given[e] = row->kind == WG_KIND_NOT_GIVEN;
		say(m->basis[e], sizeof m->basis[e], row);
	}
	if (rn_energy_rt_leakage(t, p[RN_P_RT_ENTRIES], p[RN_P_PHYS_REGS], &m->leak_mw, m->leak_basis,
				 sizeof m->leak_basis, err, n))
		return -1;
	m->clock_ghz = r.clk->value;
	return 0;
}

static int rename_energy_notes(const wg_ptable *t, const wg_block *b, const long *p, wg_buf *o, char *err, size_t n)
{
	(void)b;
	rn_rows r;
	double reg_mw, cyc, sleep;
	if (rows(t, &r, err, n) || rn_energy_rf_leakage(t, &reg_mw, &cyc, &sleep, err, n))
		return -1;
	long bits = rn_energy_rt_bits(p[RN_P_RT_ENTRIES], p[RN_P_PHYS_REGS]);
	wg_buf_printf(o,
		      "Jeon & Annavaram, USC CENG-2014-05, Table 2 (CACTI v5.3, 40 nm, 0.96 V): renaming table 1 KB in 4 banks,\n"
		      "1.14 pJ per access, 0.27 mW leakage per bank; register bank 4 KB, 4.68 pJ, 2.8 mW.\n"
		      "Table here: RT_ENTRIES x clog2(PHYS_REGS) = %ld x %u = %ld bits in %ld banks (%.1f bits per bank);\n"
		      "the report's 1 KB table is taken as 816 x 10 = %g bits (row rt reference_bits, spec A3).\n"
		      "rt_read, rt_write: one table-bank access each at Table 2's 1.14 pJ; other sizes scale by\n"
		      "(bits per bank / %g)^%g (row rt access_energy_exponent: the law Table 2's two arrays imply; 0 = same number).\n"
		      "leakage: 4 x 0.27 mW for the 1 KB table, linear in the table's bits for other sizes; the valid\n"
		      "flip-flops, pending lists and flag-cache tags are not in the report's table and are not priced.\n"
		      "The other events have no number in the report: counted, priced 0, shown n/g.\n"
		      "Register file (cosim/rename/rename_power.c, `warpgen stats rename`): %g mW per physical warp-register\n"
		      "(2.8 mW / 256 entries x 8 clusters), one gating domain = registers per domain x that; cycle %g ns;\n"
		      "off units leak %g x (row power_gating sleep_leakage_fraction).\n",
		      p[RN_P_RT_ENTRIES], wg_clog2((unsigned long)p[RN_P_PHYS_REGS]), bits, p[RN_P_RT_BANKS],
		      (double)bits / (double)p[RN_P_RT_BANKS], r.ref->value, r.ref->value / r.banks->value, r.expo->value,
		      reg_mw, cyc, sleep);
	return 0;
}

const wg_energy_rules wg_energy_rename = {
	.table = RN_ENERGY_TABLE,
	.tech = "technology",
	.model = rename_energy_model,
	.notes = rename_energy_notes,
};
