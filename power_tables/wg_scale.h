/* wg_scale.h - generic scaling rules for power-table numbers: across
 * technology nodes and supply voltages, between table points (1-D linear,
 * 2-D bilinear), across sizes (power law, square-root SRAM rule, linear in
 * bits), a node-string parser, and the leakage of a block per storage bit.
 * Pure functions, one rule each; every rule, its justification and its
 * limits are in docs/energy-model.md §9. Errors are one line in err. */
#ifndef WG_SCALE_H
#define WG_SCALE_H

#include <stddef.h>

#include "wg_desc.h"
#include "wg_energy.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The legal range of the node and voltage rules (outside: refused). */
#define WG_SC_NODE_MIN 7.0    /* nm: below, FinFET/GAA devices break constant-field scaling */
#define WG_SC_NODE_MAX 250.0  /* nm: above, supply voltages and wire models are of another era */
#define WG_SC_VDD_MIN 0.2     /* V: below, near/sub-threshold operation (E = C V^2 still holds, delay does not) */
#define WG_SC_VDD_MAX 1.5     /* V: above, not a supply of any node in the range */

/* A technology point. */
typedef struct wg_sc_tech {
	double node_nm;  /* feature size, nm */
	double vdd;      /* supply voltage, V */
} wg_sc_tech;

/* Outside-the-table behaviour of the interpolation rules. */
typedef enum {
	WG_SC_CLAMP = 0,   /* the nearest edge value */
	WG_SC_EXTRAP = 1,  /* linear from the two nearest points (the edge cell in 2-D) */
	WG_SC_REFUSE = 2   /* an error naming the value and the range */
} wg_sc_outside;

/* ---- checks and parsing ---- */

/* 0 if nm is in WG_SC_NODE_MIN..WG_SC_NODE_MAX, else -1 with a message naming it and the range. */
int wg_sc_check_node(double nm, char *err, size_t n);
/* 0 if v is in WG_SC_VDD_MIN..WG_SC_VDD_MAX, else -1 with a message. */
int wg_sc_check_vdd(double v, char *err, size_t n);
/* "40nm", "65 nm" or "130" -> nm (in range). -1 with a message naming the string. */
int wg_sc_parse_node(const char *s, double *nm, char *err, size_t n);
/* "0.9" or "0.9V" -> volts (in range). -1 with a message naming the string. */
int wg_sc_parse_vdd(const char *s, double *v, char *err, size_t n);

/* ---- across technology nodes and voltages ---- */

/* Dynamic energy per event: e x (L2/L1) x (V2/V1)^2 (constant-field: C ~ L; E = C V^2). */
int wg_sc_dynamic(double e, wg_sc_tech from, wg_sc_tech to, double *out, char *err, size_t n);
/* Area: a x (L2/L1)^2 (every layout dimension scales with L). Voltage plays no part. */
int wg_sc_area(double a, double from_nm, double to_nm, double *out, char *err, size_t n);
/* Gate delay: d x (L2/L1), the constant-field (Dennard) rule: a cell's delay C.V/I with C, V
 * and I all ~ L (the premise of the dynamic rule, C ~ L). No voltage parameter: each node at
 * its own supply (docs/energy-model.md §9.1). */
int wg_sc_delay(double d, double from_nm, double to_nm, double *out, char *err, size_t n);
/* Leakage power: p x (L2/L1) x (V2/V1) (assumed: I_leak ~ W ~ L at fixed Vt, T; P = V I). */
int wg_sc_leakage(double p, wg_sc_tech from, wg_sc_tech to, double *out, char *err, size_t n);

/* ---- between table points ---- */

/* y(xq) on the points (x[i], y[i]), x strictly increasing, np >= 1: the table value at a
 * point, piecewise-linear between points, `outside` beyond them. seg (may be NULL) gets the
 * index i of the segment used (x[i]..x[i+1]; 0 with one point). -1 on a bad table or a
 * refused xq. */
int wg_sc_interp1(const double *x, const double *y, int np, double xq, wg_sc_outside outside, double *out,
		  int *seg, char *err, size_t n);
/* z(xq, yq) on a grid: xs (nx, strictly increasing) by ys (ny, strictly increasing),
 * z[i * ny + j] at (xs[i], ys[j]); bilinear in the cell around (xq, yq); `outside` beyond
 * the grid (CLAMP: the query is moved to the grid's edge; EXTRAP: bilinear from the edge
 * cell). nx, ny >= 1 (a single row or column is 1-D). -1 on a bad grid or a refused query. */
int wg_sc_interp2(const double *xs, int nx, const double *ys, int ny, const double *z, double xq, double yq,
		  wg_sc_outside outside, double *out, char *err, size_t n);

/* ---- across sizes ---- */

/* v x (size / size_ref)^x: the power law a per-access energy follows with array size. */
int wg_sc_power_law(double v, double size_ref, double size, double x, double *out, char *err, size_t n);
/* SRAM energy per access with the number of words (CACTI-like): e x sqrt(words / words_ref):
 * a square array's bitline and wordline lengths both grow as sqrt(capacity). */
int wg_sc_sram_words(double e, double words_ref, double words, double *out, char *err, size_t n);
/* Leakage or area linear in the number of bits: v x bits / bits_ref (cells dominate). */
int wg_sc_linear_bits(double v, double bits_ref, double bits, double *out, char *err, size_t n);

/* ---- leakage per structure and per bit ---- */

typedef struct wg_sc_leak {
	double block_mw;     /* leakage of the whole block, mW (m->leak_mw) */
	long bits;           /* storage bits of the block (its descriptor's storage_bits), 0: unknown */
	double nw_per_bit;   /* block_mw / bits, nW per bit (0 when bits is 0) */
	int not_given;       /* 1: the papers give no leakage (block_mw and nw_per_bit are 0) */
} wg_sc_leak;

/* The block's leakage (from its energy model m) and per storage bit (b->storage_bits(p)). */
void wg_sc_leak_per_bit(const wg_energy_model *m, const wg_block *b, const long *p, wg_sc_leak *out);

#ifdef __cplusplus
}
#endif

#endif
