/* wg_energy_blocks.h - per-block energy rules behind wg_energy.h: the
 * dispatch used by wg_energy.c, the explanation printed by `warpgen energy`,
 * and the register file cache's rules (rfc_energy.c, docs/energy-model.md). */
#ifndef WG_ENERGY_BLOCKS_H
#define WG_ENERGY_BLOCKS_H

#include <stddef.h>

#include "wg_buf.h"
#include "wg_desc.h"
#include "wg_energy.h"
#include "wg_ptable.h"

/* Lines explaining the model of block b at p (units, table rows, rules),
 * appended to o. Returns 0, or -1 with a message. */
int wg_energy_notes(const wg_block *b, const long *p, wg_buf *o, char *err, size_t n);
/* The power-table file (under power_tables/) a block's model reads, or NULL. */
const char *wg_energy_table_name(const wg_block *b);
/* The structure of the rows `node`, `supply_voltage` and `clock` in that table
 * ("technology", or "apogee" for chapter V's 65 nm numbers); NULL for a
 * composition (ask its instances) or a block without rules. */
const char *wg_energy_tech_rows(const wg_block *b);

/* ---- rfc (power_tables/rfc_energy.c) ---- */

/* The power table the RFC model reads (under power_tables/). */
#define RFC_ENERGY_TABLE "gebhart2011.tsv"

/* Table 2 RFC read/write energy per AU (pJ) for N entries and A active warps:
 * the table value at a table point, else piecewise-linear in N*A over the
 * table's distinct N*A points, linear extrapolation from the two nearest
 * points outside them, and the nearest point's value if that is not
 * positive. basis gets a short description (table row or the rule used).
 * Returns 0, or -1 with a message (missing or inconsistent rows). */
int rfc_table2_energy(const wg_ptable *t, long N, long A, double *e_read, double *e_write, char *basis, size_t bn,
		      char *err, size_t n);

/* Fill m for block b (the rfc descriptor) with parameters p from table t. */
int rfc_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err, size_t n);
/* The explanation lines for `warpgen energy rfc`. */
int rfc_energy_notes(const wg_ptable *t, const long *p, wg_buf *o, char *err, size_t n);

/* ---- blocks priced by one row per event (power_tables/wg_energy_rows.c) ---- */

/* For each event E of b the row (structure, "E_energy") in pJ/event, and the
 * row (structure, "leakage") in mW; a not-given row gives 0 and sets
 * not_given. A missing row is an error naming the table and the row. */
int wg_energy_from_rows(wg_energy_model *m, const wg_ptable *t, const char *table, const char *structure,
			const wg_block *b, char *err, size_t n);
/* Notes: one line per row used. */
int wg_energy_rows_notes(const wg_ptable *t, const char *table, const char *structure, const wg_block *b,
			 wg_buf *o, char *err, size_t n);

/* ---- sched2l (power_tables/wg_energy_rows.c): rows "sched2l <event>_energy" in gebhart2011.tsv ---- */
int sched2l_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err, size_t n);
int sched2l_energy_notes(const wg_ptable *t, const long *p, wg_buf *o, char *err, size_t n);

/* ---- rename (power_tables/rename_energy.c): jeon2014.tsv, docs/energy-model.md §4 ---- */

/* The power table the renaming table's model reads (under power_tables/). */
#define RN_ENERGY_TABLE "jeon2014.tsv"

/* Bits of the table: RT_ENTRIES x clog2(PHYS_REGS) (the report's accounting, no valid bits). */
long rn_energy_rt_bits(long rt_entries, long phys);
/* One table-bank access, pJ: Table 2's 1.14 pJ for the 1 KB table (816 x 10 b in 4 banks),
 * scaled by (bits per bank / reference bits per bank)^x for other sizes (x: row
 * rt access_energy_exponent). basis gets the rows and rule. Returns 0 or -1. */
int rn_energy_rt_access(const wg_ptable *t, long rt_entries, long rt_banks, long phys, double *pj, char *basis,
			size_t bn, char *err, size_t n);
/* Leakage of the table, mW: 4 x 0.27 mW for the 1 KB table, linear in its bits otherwise. */
int rn_energy_rt_leakage(const wg_ptable *t, long rt_entries, long phys, double *mw, char *basis, size_t bn,
			 char *err, size_t n);
/* Register-file numbers of the static-power accounting: leakage of one physical warp-register
 * (8 x 128-bit entries, mW), the cycle (ns) and the off-state leakage fraction. */
int rn_energy_rf_leakage(const wg_ptable *t, double *reg_mw, double *cycle_ns, double *sleep_frac, char *err, size_t n);
int rename_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err, size_t n);
int rename_energy_notes(const wg_ptable *t, const long *p, wg_buf *o, char *err, size_t n);

/* ---- Mascar (power_tables/mascar_energy.c): sethia2015.tsv, docs/energy-model.md §5 ---- */

/* The power table Mascar's blocks (wrc, reexec_q; the composition mascar) read. */
#define MS_ENERGY_TABLE "sethia2015.tsv"

/* A queue event's cost in L1 accesses: rows (reexec_q, <event>_queue_accesses) x
 * (reexec_q, access_energy_vs_l1) = 0.03 (Sethia §4.4.2). Returns 0 or -1 with a message. */
int rq_energy_l1_units(const wg_ptable *t, const char *event, double *units, char *err, size_t n);
/* Every event n/g (no pJ in the thesis) with its relative basis, unless the table gives
 * the event's row or 'l1 access_energy' a value; leakage n/g. */
int reexec_q_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
			  size_t n);
int reexec_q_energy_notes(const wg_ptable *t, const long *p, wg_buf *o, char *err, size_t n);
/* Rows "wrc <event>_energy" and "wrc leakage" (all not-given). */
int wrc_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err, size_t n);
int wrc_energy_notes(const wg_ptable *t, const long *p, wg_buf *o, char *err, size_t n);

/* ---- Equalizer (power_tables/equalizer_energy.c): sethia2015.tsv chapter III rows, docs/energy-model.md §6 ---- */

/* Rows "equalizer <event>_energy", "equalizer leakage" (all not-given: the thesis gives no pJ). */
int equalizer_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
			   size_t n);
int equalizer_energy_notes(const wg_ptable *t, const long *p, wg_buf *o, char *err, size_t n);
/* Rows "vf_manager <event>_energy", "vf_manager leakage" (all not-given). */
int vf_manager_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
			    size_t n);
int vf_manager_energy_notes(const wg_ptable *t, const long *p, wg_buf *o, char *err, size_t n);

/* ---- APOGEE (power_tables/prefetch_table_energy.c): sethia2015.tsv chapter V rows, docs/energy-model.md §7 ---- */

/* Rows "prefetch_table <event>_energy", "prefetch_table leakage" (all not-given: the thesis gives no pJ);
 * clock from row "apogee clock" (1 GHz, Tab. 5.3(a)). */
int prefetch_table_energy_model(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err,
				size_t n);
int prefetch_table_energy_notes(const wg_ptable *t, const long *p, wg_buf *o, char *err, size_t n);

#endif
