/* wg_ptable.h - power tables: the plain TSV files under power_tables/.
 *
 * One number per row, 9 tab-separated columns, after one exact header line:
 *   structure quantity value unit node voltage source kind derivation
 * '#' lines and blank lines are comments. kind is stated (printed in the
 * paper), derived (arithmetic on stated numbers, shown in derivation),
 * assumed (our choice where the source is silent, reason in derivation) or
 * not-given (value '-': the papers give no number for this quantity; the
 * derivation column says where they are silent).
 * (structure, quantity) is unique within a file. Format: docs/energy-model.md. */
#ifndef WG_PTABLE_H
#define WG_PTABLE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define WG_PTABLE_HEADER "structure\tquantity\tvalue\tunit\tnode\tvoltage\tsource\tkind\tderivation"
#define WG_PTABLE_NCOLS 9

typedef enum { WG_KIND_STATED = 0, WG_KIND_DERIVED = 1, WG_KIND_ASSUMED = 2, WG_KIND_NOT_GIVEN = 3 } wg_kind;

typedef struct wg_prow {
	const char *structure;   /* what the number describes: "mrf_bank", "rfc_N6_A8" */
	const char *quantity;    /* which number: "read_energy", "area" */
	double value;            /* the number (0 for a not-given row) */
	const char *unit;        /* "pJ/AU", "um2", "mm", ... */
	const char *node;        /* technology: "40nm", or "-" */
	const char *voltage;     /* supply in volts as text, or "-" */
	const char *source;      /* paper, table, section */
	wg_kind kind;            /* stated / derived / assumed / not-given */
	const char *derivation;  /* arithmetic or reason; "-" when none */
	int line;                /* 1-based line in the file */
} wg_prow;

typedef struct wg_ptable {
	char *path;              /* file name used in messages */
	char *text;              /* the file, split in place (rows point into it) */
	wg_prow *rows;           /* data rows in file order */
	int nrows;               /* number of rows */
} wg_ptable;

/* Load and check a table. Returns 0, or -1 with "FILE:LINE: reason" in err
 * (wrong column count, non-numeric value or voltage, unknown kind, a row other
 * than stated without derivation, a not-given row with a value or another row
 * without one, empty key column, duplicate key, bad header).
 * On failure t holds nothing to free. */
int wg_ptable_load(wg_ptable *t, const char *path, char *err, size_t n);
/* The same on text already in memory; name is used in messages. */
int wg_ptable_parse(wg_ptable *t, const char *name, const char *text, char *err, size_t n);
void wg_ptable_free(wg_ptable *t);

/* The row (structure, quantity), or NULL. */
const wg_prow *wg_ptable_find(const wg_ptable *t, const char *structure, const char *quantity);
/* The row that must exist: NULL with "FILE: no row STRUCTURE QUANTITY" in err. */
const wg_prow *wg_ptable_need(const wg_ptable *t, const char *structure, const char *quantity, char *err, size_t n);
/* The same, and it must hold a number: a not-given row is NULL with
 * "FILE:LINE: STRUCTURE QUANTITY must hold a number" in err. */
const wg_prow *wg_ptable_need_num(const wg_ptable *t, const char *structure, const char *quantity, char *err,
				  size_t n);
/* Its value into *v: 0, or -1 with the message of wg_ptable_need_num. */
int wg_ptable_num(const wg_ptable *t, const char *structure, const char *quantity, double *v, char *err, size_t n);
/* The same for reading many numbers in a row and checking once: the value, or NAN with the message
 * of wg_ptable_need_num in err unless err already holds one (the first failure is kept; start with
 * err empty, test err[0] after the last read). */
double wg_ptable_val(const wg_ptable *t, const char *structure, const char *quantity, char *err, size_t n);

const char *wg_kind_name(wg_kind k);

/* <root>/power_tables/NAME. */
void wg_ptable_path(const char *name, char *buf, size_t n);
/* wg_ptable_load of <root>/power_tables/NAME. */
int wg_ptable_load_name(wg_ptable *t, const char *name, char *err, size_t n);

#ifdef __cplusplus
}
#endif

#endif
