/* wg_energy_rules.h - what a block declares to be priced, and the helpers its
 * rules may use. A block defines `const wg_energy_rules wg_energy_<block>` in
 * its own file (power_tables/<block>_energy.c); wg_energy_registry.c finds it
 * through the generated block list, and wg_energy.c uses it. A composition
 * declares none: it is priced through its instances. */
#ifndef WG_ENERGY_RULES_H
#define WG_ENERGY_RULES_H

#include <stddef.h>

#include "wg_buf.h"
#include "wg_desc.h"
#include "wg_energy.h"
#include "wg_ptable.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wg_energy_rules {
	const char *table; /* the power table the rules read (under power_tables/) */
	const char *tech;  /* structure of its `node`, `supply_voltage`, `clock` rows ("technology", "apogee") */
	/* Fill m for block b with parameters p from table t. Returns 0, or -1 with a message. */
	int (*model)(wg_energy_model *m, const wg_ptable *t, const wg_block *b, const long *p, char *err, size_t n);
	/* Append to o the lines explaining the model of b at p. Returns 0, or -1 with a message. */
	int (*notes)(const wg_ptable *t, const wg_block *b, const long *p, wg_buf *o, char *err, size_t n);
} wg_energy_rules;

/* The rules the block named `name` declares, or NULL (no such block, a
 * composition, or a block without rules yet). */
const wg_energy_rules *wg_energy_rules_find(const char *name);

/* ---- blocks priced by one row per event (power_tables/wg_energy_rows.c) ---- */

/* For each event E of b the row (structure, "E_energy") in pJ/event, and the
 * row (structure, "leakage") in mW; a not-given row gives 0 and sets
 * not_given. A missing row is an error naming the table and the row. */
int wg_energy_from_rows(wg_energy_model *m, const wg_ptable *t, const char *table, const char *structure,
			const wg_block *b, char *err, size_t n);
/* Notes: one line per row used. */
int wg_energy_rows_notes(const wg_ptable *t, const char *table, const char *structure, const wg_block *b,
			 wg_buf *o, char *err, size_t n);

#ifdef __cplusplus
}
#endif

#endif
