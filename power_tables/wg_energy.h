/* wg_energy.h - energy per event and leakage of one block configuration,
 * from the power tables (power_tables/NAME.tsv) and documented scaling rules
 * (docs/energy-model.md). */
#ifndef WG_ENERGY_H
#define WG_ENERGY_H

#include <stddef.h>
#include <stdint.h>

#include "wg_buf.h"
#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wg_energy_model {
	int nevents;                      /* = block->nevents */
	double pj[WG_MAX_EVENTS];         /* energy of one event, pJ */
	double base_pj[WG_MAX_EVENTS];    /* the same access in a design without the block, pJ (0: none) */
	char basis[WG_MAX_EVENTS][256];   /* how: table rows used and the rule applied */
	unsigned char not_given[WG_MAX_EVENTS]; /* 1: the papers give no number (pj is 0, not a measurement) */
	double leak_mw;                   /* leakage power of the block, mW (0 when no source) */
	char leak_basis[160];             /* how the leakage was obtained */
	int leak_not_given;               /* 1: the papers give no leakage (leak_mw is 0) */
	double clock_ghz;                 /* clock of the energy tables (for leakage x time) */
} wg_energy_model;

/* Build the model for block b with parameters p. Returns 0, or -1 with a
 * one-line message (a malformed table names its file and line). */
int wg_energy_model_init(wg_energy_model *m, const wg_block *b, const long *p, char *err, size_t n);

/* Energy of a run: per-event totals (pJ, nevents entries) into per_event when
 * non-NULL; returns dynamic + leakage energy in pJ over `cycles` cycles. */
double wg_energy_total(const wg_energy_model *m, const uint64_t *counts, uint64_t cycles, double *per_event);

/* Energy of the same accesses without the block (e.g. every register access going
 * to the main register file when there is no register file cache), pJ; 0 when the
 * block's rules define no baseline. */
double wg_energy_baseline(const wg_energy_model *m, const uint64_t *counts);

/* Lines explaining the model of block b at p (units, table rows, rules),
 * appended to o. Returns 0, or -1 with a message. */
int wg_energy_notes(const wg_block *b, const long *p, wg_buf *o, char *err, size_t n);
/* The power-table file (under power_tables/) a block's model reads, or NULL. */
const char *wg_energy_table_name(const wg_block *b);
/* The structure of the rows `node`, `supply_voltage` and `clock` in that table
 * (the block's rules say which: "technology" in most tables); NULL for a
 * composition (ask its instances) or a block without rules. */
const char *wg_energy_tech_rows(const wg_block *b);

#ifdef __cplusplus
}
#endif

#endif
