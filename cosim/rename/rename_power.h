/* rename_power.h - static power of the register file under power gating, from
 * the occupancy the renaming table reports (spec renaming-table.md §2.10,
 * §4.4, §4.5; docs/rename.md "Power"), against the paper's baseline gating
 * (a unit switches on at its first write and never off).
 *
 * Feed one call per cycle; read the totals at the end. Leakage per register
 * and per domain come from power_tables/jeon2014.tsv (Table 2: 2.8 mW per
 * 4 KB bank at 40 nm, 0.96 V) through the rules in docs/energy-model.md §4:
 * a physical register is 8 x 128-bit entries of 4 KB banks (87.5 uW, the
 * same for every PHYS_REGS); a gating domain is the registers it holds x
 * that (5.6 mW at the default); the table's leakage is Table 2's 4 x 0.27 mW
 * for the 1 KB table, linear in bits for other sizes.
 *
 * Renaming run, per cycle t (spec §2.10):
 *   registers counted on = reg_on_o(t), except exempt reserved ids not yet
 *   written since the launch (spec: exempt registers are on from their first
 *   write; the block itself reports them on from the launch);
 *   domains counted on = domains holding a counted register (equal to
 *   dom_on_o when no exempt id is masked; rnp_cycle checks dom_on_o against
 *   reg_on_o every cycle).
 * Baseline run: the caller maps each written (warp, register) to a static id
 * (e.g. w*N + r); a register, and the domain holding it, is on from the cycle
 * before its first write (the 1-cycle wake-up, as the renaming run counts its
 * grant cycle) to the next launch. Ids up to RNP_MAX_BASE are accepted
 * (a baseline that needs more registers than PHYS_REGS, like Table 3's nbody,
 * is counted as a larger file: extra sub-arrays with the same layout).
 *
 * Energy (pJ) = leakage mW x (on-cycles + f x off-cycles) x cycle ns, f =
 * power_gating sleep_leakage_fraction (0: off units do not leak).
 *
 * Leakage by power mode (power_tables/wg_pmode.h, docs/power-modes.md): Jeon'14
 * §8.3 uses two levels only, full Vcc or shut down ("we do not assume to use
 * sleep mode that runs by the retention voltage"), so a unit is ACTIVE (on) or
 * GATED (off, leaks f, wakes in power_gating wakeup_cycles = 1 cycle). The
 * wake-up cycle is one of the on-cycles (the block reports a register on from
 * its wake-up cycle; the baseline counts the cycle before its first write), so
 * it is charged at ACTIVE leakage (spec B6's conservative variant); rnp_modes
 * shows it as waking out of GATED. Changes GATED -> ACTIVE (wake-ups) and
 * ACTIVE -> GATED are counted per account. */
#ifndef RN_POWER_H
#define RN_POWER_H

#include <stddef.h>
#include <stdint.h>

#include "wg_pmode.h"
#include "wg_ptable.h"

#define RNP_MAX_PHYS 1024
#define RNP_MAX_DOMS 128
#define RNP_MAX_BASE 4096           /* baseline ids (64 warps x 63 registers fit) */

enum { RNP_REG = 0, RNP_DOM = 1 };          /* gating granularity (mode) */
enum { RNP_RENAMING = 0, RNP_BASELINE = 1 }; /* which run */

typedef struct rn_power {
	int phys, doms;             /* PHYS_REGS, RF_BANKS * SUBARRAYS */
	int rf_banks, sub_regs;     /* id layout (docs/rename.md): bank p mod RF_BANKS, sub-array p div sub_regs */
	int dom_regs;               /* registers per gating domain */
	double reg_mw;              /* leakage of one physical warp-register (all clusters), mW */
	double dom_mw;              /* leakage of one gating domain, mW */
	double rt_mw;               /* leakage of the renaming table, mW */
	double sleep_frac;          /* leakage of an off unit / on leakage */
	double cycle_ns;            /* clock period, ns */
	char basis[512];            /* which rows and rules */
	wg_pm_table modes;          /* the two power modes (ACTIVE, GATED) of a unit */
	/* accumulated since rnp_init */
	uint64_t cycles;            /* cycles fed */
	uint64_t reg_on_cycles;     /* sum over cycles of counted powered registers (renaming, per-register gating) */
	uint64_t dom_on_cycles;     /* sum of counted powered domains (renaming, sub-array gating) */
	uint64_t base_reg_on_cycles;/* baseline per-register gating */
	uint64_t base_dom_on_cycles;/* baseline sub-array gating */
	uint64_t base_reg_total;    /* sum over cycles of the baseline's registers (max(PHYS_REGS, highest id + 1)) */
	uint64_t base_dom_total;    /* the same in domains */
	uint64_t dom_mismatch;      /* cycles where dom_on_o disagreed with reg_on_o (a block bug) */
	int peak_occ;               /* peak popcount of reg_on_o (incl. exempt reserved) */
	int peak_on;                /* peak of counted registers */
	int peak_dom;               /* peak of counted domains */
	int base_peak;              /* baseline registers touched at the end of the busiest kernel */
	uint64_t wakes[2][2];       /* GATED -> ACTIVE changes, [RNP_REG/RNP_DOM][RNP_RENAMING/RNP_BASELINE] */
	uint64_t sleeps[2][2];      /* ACTIVE -> GATED changes, same indices */
	uint64_t wake_on[2][2];     /* on-cycles that were a unit's wake-up cycle, same indices */
	uint64_t prev_cnt[RNP_MAX_PHYS / 64]; /* renaming: registers counted on in the last cycle */
	uint64_t prev_dom[RNP_MAX_DOMS / 64]; /* renaming: domains counted on in the last cycle */
	/* state of the current kernel */
	int exempt;                 /* ids 0..exempt-1: exempt reserved, counted from their first write */
	int base_hi;                /* highest baseline id touched + 1 (this kernel) */
	int base_regs, base_doms;   /* touched registers / domains (this kernel) */
	uint64_t ex_written[RNP_MAX_PHYS / 64];      /* exempt ids written since the launch */
	uint64_t touched[RNP_MAX_BASE / 64];         /* baseline: registers written since the launch */
	uint64_t dom_touched[RNP_MAX_BASE / 64];     /* baseline: domains (extra domains beyond doms for big ids) */
} rn_power;

/* Set up for a configuration (PHYS_REGS, RF_BANKS, SUBARRAYS, RT_ENTRIES);
 * leakage from power_tables/jeon2014.tsv. Returns 0 or -1 with a one-line error. */
int rnp_init(rn_power *pw, int phys, int rf_banks, int subarrays, int rt_entries, char *err, size_t n);
/* The same from a loaded table t (tests). */
int rnp_init_table(rn_power *pw, const wg_ptable *t, int phys, int rf_banks, int subarrays, int rt_entries, char *err,
		   size_t n);
/* Kernel launch: the baseline's touched state starts again; ids 0..exempt_ids-1
 * are the exempt reserved registers (counted from their first write). */
void rnp_launch(rn_power *pw, int exempt_ids);
/* An exempt reserved id is written this cycle (call before rnp_cycle). */
void rnp_exempt_written(rn_power *pw, int pid);
/* One cycle: the block's reg_on_o / dom_on_o (bit vectors), and the baseline
 * ids written this cycle (the baseline's static placement of each written
 * (warp, register); ids >= RNP_MAX_BASE or < 0 are ignored). Returns 0, or
 * -1 when dom_on_o disagrees with reg_on_o (counted in dom_mismatch). */
int rnp_cycle(rn_power *pw, const uint64_t *reg_on, const uint64_t *dom_on, const int *base_written,
	      int nbase_written);
/* Static energy of the register file in pJ: mode RNP_REG (per-register
 * gating) or RNP_DOM (sub-array gating); run RNP_RENAMING or RNP_BASELINE. */
double rnp_energy_pj(const rn_power *pw, int mode, int run);
/* Leakage energy by power mode of one account (gating mode RNP_REG or
 * RNP_DOM, run RNP_RENAMING or RNP_BASELINE) into a (ndom 0, aggregate
 * counts): ACTIVE = on-cycles less wake-up cycles, waking out of GATED = the
 * wake-up cycles (charged at ACTIVE), GATED = off-cycles at f. Its total
 * equals rnp_energy_pj(pw, mode, run) up to rounding. Returns 0 or -1 with a
 * one-line error. */
int rnp_modes(const rn_power *pw, int mode, int run, wg_pm_acc *a, char *err, size_t n);
/* Leakage energy of the renaming table over the cycles fed, pJ. */
double rnp_rt_energy_pj(const rn_power *pw);
/* Leakage energy of the whole register file with nothing gated, pJ. */
double rnp_ungated_pj(const rn_power *pw);
/* Gating domain of id p (extended beyond PHYS_REGS for the baseline). */
int rnp_dom_of(const rn_power *pw, int p);

#endif
