/* pv.h - `warpgen prove` (cli/cmd_prove.c): the RTL against its synthesized
 * netlist (--netlist) and the RTL's declared invariants (--invariants),
 * proven with Yosys's equiv_* passes, ABC's pdr / dprove on an AIGER miter,
 * and a bounded yosys-smtbmc -s z3 check where both fail. What each proof
 * establishes: docs/cosim.md, "Proofs". */
#ifndef PV_H
#define PV_H

#include <stddef.h>

#include "wg_buf.h"
#include "wg_desc.h"

#define PV_PATH 4096

typedef enum {
	PV_PROVEN,   /* holds in every reachable state (unbounded) */
	PV_BOUNDED,  /* no failure in the first `depth` cycles after reset; nothing beyond */
	PV_CEX,      /* a counterexample: trace.vcd */
	PV_ERROR     /* a tool failed: message in note */
} pv_verdict;

/* One verdict line. */
typedef struct pv_result {
	char what[1024];        /* "RTL = generic-gate netlist", "invariants (p_a, p_b)" */
	pv_verdict verdict;
	char engine[64];        /* "equiv_induct", "abc scorr+pdr (pdr -S 2 -T 20)", "abc pdr", "abc dprove", "yosys-smtbmc -s z3" */
	int depth;              /* PV_BOUNDED: cycles checked; PV_CEX: the failing cycle after time 0 */
	double seconds;         /* this verdict's wall time, Yosys included */
	long equiv_total;       /* --netlist: $equiv points of equiv_make */
	long equiv_unproven;    /* ... left unproven by equiv_simple / equiv_induct */
	char failed[256];       /* PV_CEX: the assertion smtbmc names (an invariant's label) */
	char dir[PV_PATH];      /* the run's folder */
	char trace[PV_PATH];    /* PV_CEX: the waveform */
	char replay[3 * PV_PATH]; /* PV_CEX: the command that rebuilds it */
	char note[1024];        /* tool messages, undecided engines */
} pv_result;

/* What to prove and how. */
typedef struct pv_req {
	const wg_block *b;
	const long *p;
	int timeout_s;          /* per engine run */
	int depth;              /* bounded check depth */
	int always_miter;       /* --miter: the miter even when equiv_induct proves every point */
	const char *liberty;    /* --netlist with a Liberty file (absolute), or NULL */
	const char *netlist_file; /* --netlist-file: a given generic-gate Verilog netlist, or NULL */
	const char *props_file; /* --props FILE: invariants from this file instead of the block's */
	const char *props_dir;  /* --props-dir DIR: the <block>_props.v files from DIR (absolute), or NULL */
	int no_assume;          /* --netlist --no-assume: the miter without the props file's assumes */
	const char *lemmas_file; /* --lemmas F: strengthening lemmas from F instead of the block's (absolute), or NULL */
	int no_lemmas;          /* --no-lemmas: the miter without the block's strengthening lemmas */
} pv_req;

/* The RTL against the netlist. Returns 0 (r filled), or -1 with a message
 * and *code (2 bad input, 1 tool failure). */
int pv_netlist(const pv_req *q, pv_result *r, int *code, char *err, size_t n);
/* The block's invariants (rtl_templates/<template>_props.v). */
int pv_invariants(const pv_req *q, pv_result *r, int *code, char *err, size_t n);
/* The path of the block's properties file, in dir (NULL: rtl_templates/); 0 when it exists. */
int pv_props_path(const wg_block *b, const char *dir, char *buf, size_t n);
/* 1 when the block has properties: its own file, or for a composition an instance's block's. */
int pv_has_props(const wg_block *b, const char *dir);
/* Labels of a properties text's assertions (kind "assert": p_NAME: assert ...) or assumptions
 * (kind "assume": a_NAME: assume ...), comma-separated. */
void pv_props_labels(const char *text, const char *kind, char *buf, size_t n);

/* ---- pv_wrap.c ---- */
/* The proof top module: both designs' instances (gold, gate) on shared inputs, outputs
 * compared from the cycle after the first rst_i = 1. */
void pv_miter_top(wg_buf *o, const wg_block *b, const long *p, const char *lemmas);
/* The RTL text with the properties inserted before the top module's endmodule,
 * behind a wg_armed register (1 from the cycle after the first rst_i = 1).
 * NULL (message in err) when the top module is not found. */
char *pv_insert_props(const char *rtl, const char *top, const char *props, const char *props_name, char *err,
		      size_t n);

/* ---- pv_lemma.c ---- */
/* The strengthening lemmas of text (a <block>_lemmas.txt, its sections selected; named file in
 * messages) against the netlist text nl: the miter top's wires and assertions appended to vlog,
 * the Yosys script's connect lines (after flattening) to ys, their number in *count. 0, or -1
 * and a message (a malformed line, a signal the netlist lacks). b and p: the block and its
 * configuration, for NAME/P's parameter P. */
int pv_lemmas(const char *text, const char *nl, const char *file, const wg_block *b, const long *p, wg_buf *vlog,
	      wg_buf *ys, int *count, char *err, size_t n);

/* ---- pv_oblig.c ---- */
/* The properties text of a leaf, instance `inst` of composition `comp`, with each assumption
 * that names a port another leaf drives (or only constants) and none the environment drives
 * made an assertion: the composition's proof obligation. Their labels, prefixed `pre`,
 * comma-separated in labels; the assumptions naming both kinds (kept, unchecked) in mixed.
 * NULL when out of memory. */
char *pv_obligations(const char *props, const wg_block *comp, const char *inst, const char *pre, char *labels,
		     size_t ln, char *mixed, size_t mn);
/* ---- pv_engine.c ---- */
/* Run ABC (scorr then pdr when scorr is set: --netlist's register correspondence; pdr; dprove),
 * then yosys-smtbmc on <dir>/miter.{aig,aim,smt2}; fill r. */
void pv_engines(const pv_req *q, const char *dir, int scorr, pv_result *r);

const char *pv_verdict_name(pv_verdict v);

#endif
