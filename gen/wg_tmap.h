/* wg_tmap.h - which template line each line of a generated Verilog file comes from.
 *
 * A generated file (wg_verilog) is wg_verilog_header's lines plus the block's template with its
 * {{if COND}} / {{else}} / {{end}} sections chosen for the configuration and its placeholders filled
 * in, line for line. wg_tmap reads the configuration from the header ("//   warpgen gen BLOCK
 * --set N=V ... [--name TOP]"), recomputes the sections and checks every mapped line against the
 * template's text up to its first placeholder: a file that does not agree (a modified copy, another
 * block's file, another template) is an error, never a guess. Used by `warpgen coverage` to carry
 * Verilator's line coverage back to the template (docs/cosim.md "Coverage"). */
#ifndef WG_TMAP_H
#define WG_TMAP_H

#include <stddef.h>

#include "wg_desc.h"

typedef struct wg_tmap {
	int *tline;              /* tline[g] = template line of generated line g (1-based), 0: a header line */
	int nlines;              /* lines of the generated file (tline has nlines + 1 entries) */
	long p[WG_MAX_PARAMS];   /* the configuration the header names */
	char top[128];           /* its top module name */
} wg_tmap;

/* Maps the generated text gtext (named gname in messages) to the template text ttext (named
 * tname) of block b. 0, or -1 with one line in err (nothing to free). */
int wg_tmap_build(const wg_block *b, const char *ttext, const char *tname, const char *gtext, const char *gname,
		  wg_tmap *m, char *err, size_t n);
void wg_tmap_free(wg_tmap *m);

#endif
