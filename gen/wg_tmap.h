/* wg_tmap.h - which template line each line of a generated Verilog file comes from.
 *
 * A generated file (wg_verilog) is wg_verilog_header's lines plus the block's template with its
 * {{if COND}} / {{else}} / {{end}} sections chosen for the configuration and its placeholders filled
 * in, line for line. wg_tmap reads the configuration from the header ("//   warpgen gen BLOCK
 * --set N=V ... [--name TOP]"), recomputes the sections and checks every mapped line against the
 * template's text up to its first placeholder: a file that does not agree (a modified copy, another
 * block's file, another template) is an error, never a guess. A composition's file maps to its
 * instances' templates and its own top module (wg_tmap_build_comp). Used by `warpgen coverage` to
 * carry Verilator's line coverage back to the templates (docs/cosim.md "Coverage"). */
#ifndef WG_TMAP_H
#define WG_TMAP_H

#include <stddef.h>

#include "wg_desc.h"

#define WG_TMAP_MAX_SRC 8  /* templates of one file: a composition's instance entries (WG_COMP_MAX_INST) */
#define WG_TMAP_NONE (-1)  /* src[g]: a line of no template and no module (the header, an instance's banner) */
#define WG_TMAP_GLUE (-2)  /* src[g]: a line of a composition's own top module (its wires and adders) */

typedef struct wg_tmap {
	int *tline;              /* tline[g] = line of generated line g (1-based) in its source's template, 0: none */
	int *src;                /* src[g] = the template line g comes from: 0..nsrc-1, WG_TMAP_NONE or WG_TMAP_GLUE */
	int nlines;              /* lines of the generated file (tline and src have nlines + 1 entries) */
	int nsrc;                /* templates: 1 (the block's own), or a composition's instance entries */
	const wg_block *sb[WG_TMAP_MAX_SRC]; /* the block whose template source k is */
	long p[WG_MAX_PARAMS];   /* the configuration the header names */
	char top[128];           /* its top module name */
} wg_tmap;

/* Maps the generated text gtext (named gname in messages) to the template text ttext (named
 * tname) of block b (a block with a template). 0, or -1 with one line in err (nothing to free). */
int wg_tmap_build(const wg_block *b, const char *ttext, const char *tname, const char *gtext, const char *gname,
		  wg_tmap *m, char *err, size_t n);
/* The same for a composition b (gen/wg_comp_verilog.c): ttext[k] and tname[k] are the template of
 * instance entry k's block. The file is the header, then per instance entry a banner and its
 * block's modules (the template with the instance's parameters, line for line: src[g] = k, every
 * copy of an instance array shares the one module), then the composition's own top module
 * (WG_TMAP_GLUE). Every line that is not an instance's template line must equal the composition's
 * Verilog regenerated at the header's configuration; an instance that is itself a composition is
 * refused. */
int wg_tmap_build_comp(const wg_block *b, const char *const *ttext, const char *const *tname, const char *gtext,
		       const char *gname, wg_tmap *m, char *err, size_t n);
void wg_tmap_free(wg_tmap *m);

/* The protocol checks of a template (tl[1..ntl]): the simulation-only arms that report illegal
 * input, `if (COND) begin $display("...protocol violation..."); $finish; end`, which legal stimulus
 * never reaches by construction. prot[t] = 1 for each line from the arm's `if` (found by walking up
 * from the $display over the condition's continuation lines and lint pragmas, at most 8 lines,
 * never past a statement) through the line with its $finish; prot has ntl + 1 entries. Returns the
 * number of checks. `warpgen coverage` leaves these lines out of the line figure and lists them. */
int wg_tmap_protocol(char *const *tl, int ntl, int *prot);

#endif
