/* wg_pmode.h - power modes of a gated structure (docs/power-modes.md; spec
 * tfet-and-sync-power-gating.md §2.2, §2.3, §4.2, §4.3, §4.6, decisions B5,
 * B6, B13).
 *
 * A gating domain (a group of register-file rows switched together) is in one
 * of four modes: ACTIVE, SLG1 (shallow, state-retentive), SLG2 (deep,
 * state-retentive) or GATED (non-retentive off). Each mode has a leakage
 * fraction of the ACTIVE leakage and a wake-up latency towards ACTIVE:
 *   SLG1 -> ACTIVE = x, SLG2 -> SLG1 = y - x, SLG2 -> ACTIVE = y (y > x),
 *   GATED -> any shallower mode = g (a parameter).
 * Entering a deeper mode is immediate (B6: enter_delay 0).
 * The numbers come from power_tables/jooya2013.tsv (rows rf_<mode>
 * leakage_fraction, rf_slg1/rf_slg2 wakeup_cycles, wakeup_cycles_min/max,
 * wakeup_energy) through the table loader (wg_ptable.h).
 *
 * The accumulator (wg_pm_acc) counts, for one structure, unit-cycles per mode,
 * transitions per (from, to) pair, wake-ups and the unit-cycles spent waking,
 * and turns them into leakage energy per mode:
 *   E(mode) pJ = leak_mw x fraction(mode) x unit-cycles(mode) / clock_ghz.
 * Leakage while waking (B6): by default a waking domain leaks at the mode it
 * is leaving until the wake ends (its waking cycles are charged to that
 * mode's line); WG_PM_WAKE_AT_ACTIVE charges them to ACTIVE instead (the
 * conservative variant). Total = sum over modes + wake-ups x wake energy. */
#ifndef WG_PMODE_H
#define WG_PMODE_H

#include <stddef.h>
#include <stdint.h>

#include "wg_ptable.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WG_PM_TABLE "jooya2013.tsv"
#define WG_PM_MAX_DOMS 1024          /* domains of one per-domain accumulator */

typedef enum { WG_PM_ACTIVE = 0, WG_PM_SLG1 = 1, WG_PM_SLG2 = 2, WG_PM_GATED = 3, WG_PM_NMODES = 4 } wg_pm_mode;

/* Where the leakage of a waking domain is charged (spec B6). */
typedef enum { WG_PM_WAKE_AT_LEFT = 0, WG_PM_WAKE_AT_ACTIVE = 1 } wg_pm_wake_charge;

typedef struct wg_pm_info {
	int used;                /* 1: the structure has this mode (a two-level structure has ACTIVE, GATED) */
	double leak_frac;        /* leakage / ACTIVE leakage, in [0, 1] */
	int retains;             /* 1: the rows keep their data in this mode */
	int wake_cycles;         /* latency to ACTIVE (0 for ACTIVE) */
	double wake_pj;          /* energy per wake-up to ACTIVE, pJ (0 when not given) */
	int wake_pj_given;       /* 0: the papers give no wake-up energy (B13: 0 used) */
} wg_pm_info;

typedef struct wg_pm_table {
	wg_pm_info m[WG_PM_NMODES];  /* per mode */
	int x_min, x_max;        /* legal SLG1 wake-up latency (P2 §III: 1..24) */
	int y_min, y_max;        /* legal SLG2 wake-up latency (P2 §III: 2..35) */
	int g_max;               /* legal GATED wake-up latency 0..g_max (parameter) */
	char path[256];          /* table the numbers came from, for messages */
} wg_pm_table;

/* Mode name: "ACTIVE", "SLG1", "SLG2", "GATED" (NULL out of range). */
const char *wg_pm_name(int mode);

/* Numbers from a loaded table t. GATED's wake-up latency comes from the
 * optional row rf_gated wakeup_cycles (default 1: Jeon'14 §8.3's one-cycle
 * wake-up of a shut-down register). Returns 0, or -1 with a one-line error
 * naming the file, line and row (or the missing row). */
int wg_pm_from_table(wg_pm_table *pm, const wg_ptable *t, char *err, size_t n);
/* The same from power_tables/jooya2013.tsv. */
int wg_pm_load(wg_pm_table *pm, char *err, size_t n);
/* A two-level structure (Jeon'14 §8.3: full Vcc or shut down, no retention
 * mode): ACTIVE and GATED only, GATED leaking gated_frac of ACTIVE and waking
 * in gated_wake cycles; source names the numbers in messages. */
int wg_pm_two_level(wg_pm_table *pm, const char *source, double gated_frac, int gated_wake, char *err, size_t n);
/* Check the rules (for the modes in use): fractions in [0, 1], ACTIVE 1, GATED <= SLG2 <= SLG1,
 * x in [x_min, x_max], y in [y_min, y_max], y > x, g in [0, g_max], wake
 * energies >= 0. Returns 0 or -1 with a one-line error naming the rule. */
int wg_pm_validate(const wg_pm_table *pm, char *err, size_t n);
/* Override the wake-up latencies (parameters x, y, g), validated; on error pm
 * is unchanged. */
int wg_pm_set_wake(wg_pm_table *pm, int x, int y, int g, char *err, size_t n);

/* Latency of a mode change in cycles: 0 into a deeper (or the same) mode;
 * SLG1->ACTIVE x, SLG2->SLG1 y-x, SLG2->ACTIVE y, GATED->shallower g.
 * -1 for a mode out of range. */
int wg_pm_latency(const wg_pm_table *pm, int from, int to);
/* P2 Table III: stall cycles of a wake that starts z pipeline stages before
 * the register-file access: max(0, wake - z). */
int wg_pm_penalty(int wake_cycles, int z);

/* Per-structure residency and energy. */
typedef struct wg_pm_acc {
	int used[WG_PM_NMODES];           /* modes the structure has (printed) */
	double frac[WG_PM_NMODES];        /* leakage fractions (copied from the table) */
	int lat[WG_PM_NMODES][WG_PM_NMODES]; /* latency from -> to */
	double wake_pj[WG_PM_NMODES];     /* energy of one wake-up from each mode, pJ */
	double leak_mw;                   /* ACTIVE leakage of one unit (domain), mW */
	double clock_ghz;                 /* clock, GHz */
	int charge;                       /* wg_pm_wake_charge */
	uint64_t cycles;                  /* cycles fed */
	uint64_t unit_cycles[WG_PM_NMODES]; /* unit-cycles resident in each mode (not waking) */
	uint64_t wake_cycles[WG_PM_NMODES]; /* unit-cycles spent waking out of each mode */
	uint64_t trans[WG_PM_NMODES][WG_PM_NMODES]; /* completed mode changes, from x to */
	uint64_t wakeups[WG_PM_NMODES];   /* completed wakes out of each mode (to a shallower mode) */
	/* per-domain state (wg_pm_acc_step only) */
	int ndom;                         /* domains */
	unsigned char cur[WG_PM_MAX_DOMS];   /* mode the domain is in (the one left while waking) */
	unsigned char tgt[WG_PM_MAX_DOMS];   /* mode being woken to (== cur when settled) */
	int timer[WG_PM_MAX_DOMS];        /* cycles left of the wake */
} wg_pm_acc;

/* Set up: ndom domains (0 for aggregate feeding only), all ACTIVE; leakage of
 * one domain in ACTIVE (mW); clock (GHz); charge (wg_pm_wake_charge).
 * Returns 0 or -1 with a one-line error (ndom, clock or leakage out of range). */
int wg_pm_acc_init(wg_pm_acc *a, const wg_pm_table *pm, int ndom, double leak_mw, double clock_ghz, int charge,
		   char *err, size_t n);
/* One cycle, per-domain: req[d] is the mode domain d is asked to be in.
 * Deeper (or equal): entered now (a wake in progress is cancelled). Shallower:
 * a wake of wg_pm_latency cycles starts (one already under way towards a
 * deeper target continues: remaining + latency(target, req), B5); the domain
 * is in the new mode from the cycle after the last waking cycle. */
void wg_pm_acc_step(wg_pm_acc *a, const unsigned char *req);
/* 1 when domain d is settled in ACTIVE after the last step: its rows may be
 * accessed in the next cycle (a wake of L cycles requested in cycle c makes
 * it ready after the step of cycle c + L - 1). */
int wg_pm_acc_ready(const wg_pm_acc *a, int d);
/* Aggregate feeding (a block that reports counts): add units x cycles of
 * residency in a mode, waking unit-cycles out of a mode, and completed
 * transitions. Call wg_pm_acc_tick once per cycle for the cycle count. */
void wg_pm_acc_add(wg_pm_acc *a, int mode, uint64_t unit_cycles);
void wg_pm_acc_add_wake(wg_pm_acc *a, int from, uint64_t unit_cycles);
void wg_pm_acc_transition(wg_pm_acc *a, int from, int to, uint64_t count);
void wg_pm_acc_tick(wg_pm_acc *a);

/* Leakage energy charged to a mode's line, pJ (waking cycles per B6). */
double wg_pm_acc_energy_pj(const wg_pm_acc *a, int mode);
/* Wake-up energy (wake-ups x energy per wake-up), pJ. */
double wg_pm_acc_wake_energy_pj(const wg_pm_acc *a);
/* Sum over modes + wake-up energy, pJ. */
double wg_pm_acc_total_pj(const wg_pm_acc *a);
/* Unit-cycles charged to a mode's line (residency + waking per B6). */
uint64_t wg_pm_acc_charged_cycles(const wg_pm_acc *a, int mode);

/* Text: one line per mode with residency (steady + waking) and energy, then
 * a "wake" line and a "total" line, each starting with prefix. Returns the
 * number of characters wg_buf would need (snprintf-like into buf/n). */
int wg_pm_acc_print(const wg_pm_acc *a, const char *prefix, char *buf, size_t n);
/* One line, no newline: "ACTIVE 12 cyc 3.4 pJ, GATED ..., N wake-up(s), total T pJ"
 * (modes in use only; cyc = unit-cycles charged to the mode, waking per B6).
 * snprintf-like. */
int wg_pm_acc_line(const wg_pm_acc *a, char *buf, size_t n);
/* JSON object (modes in use only): {"ACTIVE": {"fraction":.., "unit_cycles":..,
 * "waking_cycles":.. (out of this mode), "charged_cycles":.., "energy_pj":..}, ...,
 * "wakeups":.., "waking_leaks_as": "mode left"|"ACTIVE", "wake_energy_pj":..,
 * "total_pj":..}. snprintf-like. */
int wg_pm_acc_json(const wg_pm_acc *a, char *buf, size_t n);

#ifdef __cplusplus
}
#endif

#endif
