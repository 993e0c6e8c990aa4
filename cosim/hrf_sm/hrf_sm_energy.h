/* hrf_sm_energy.h - the register-file energy of a hrf_sm run (hrf_sm_energy.c;
 * docs/hrf_sm.md "Energy"): the assumed rows at the end of power_tables/xie2017.tsv,
 * re-derived on load from the rows they come from (power_tables/jeon2014.tsv
 * Table 2 through the project's scaling rules, power_tables/wg_scale.h;
 * power_tables/xie2017.tsv's TFET/CMOS ratio and clock), and the energy of a
 * run from its counts: E = accesses x energy per access + powered entries x
 * leakage x time (P1 §5, spec §6.3). */
#ifndef HRF_SM_ENERGY_H
#define HRF_SM_ENERGY_H

#include <stddef.h>
#include <stdint.h>

#define HXE_TABLE "power_tables/xie2017.tsv" /* under the repository root: the rows at its end */

typedef struct hxe_tab {
	double e_cmos, e_tfet;      /* pJ per 128-bit entry access */
	double l_cmos, l_tfet;      /* uW per entry */
	double drowsy;              /* drowsy leakage, fraction of active */
	int drowsy_wake;            /* drowsy wake-up, cycles */
	int entries;                /* entries per warp-register access (8) */
	double rt_access;           /* pJ per renaming-table access */
	double rt_leak;             /* mW, the whole renaming table */
	double cycle_ns;            /* ns per core cycle (xie2017.tsv) */
} hxe_tab;

/* Load the table and check every assumed row against its derivation (relative 1e-3). NULL,
 * or a one-line error. */
const char *hxe_load(hxe_tab *t, char *err, size_t n);

/* What a run did to the register file (warp-register units). */
typedef struct hxe_counts {
	uint64_t rd_cmos, rd_tfet;  /* operand reads by the register's class */
	uint64_t wr_cmos, wr_tfet;  /* writes by the destination's class */
	double on_cmos, on_tfet;    /* powered warp-register cycles (static gating applied) */
	double drowsy_cmos;         /* of on_cmos, warp-register cycles in the drowsy mode */
	uint64_t rt_accesses;       /* renaming-table reads and writes (0 without renaming) */
	uint64_t cycles;            /* run time (renaming-table leakage; 0 without renaming) */
} hxe_counts;

/* A run's energy, pJ. */
typedef struct hxe_energy {
	double dyn_cmos, dyn_tfet;  /* access energy by class */
	double leak_cmos, leak_tfet;/* leakage energy by class */
	double rt;                  /* renaming table (access + leakage) */
	double dyn, leak, total;    /* dynamic (incl. the table's accesses), leakage (incl. its leakage), all */
	double tfet_share;          /* (dyn_tfet + leak_tfet) / total */
} hxe_energy;

void hxe_energy_of(const hxe_tab *t, const hxe_counts *c, hxe_energy *e);

#endif
