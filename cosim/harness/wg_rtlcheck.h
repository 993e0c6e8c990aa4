/* wg_rtlcheck.h - a --rtl file's top module checked against the block's configuration before
 * the build (docs/user-guide.md, "Bring your own RTL"). Verilator reads the file (--xml-only):
 * every parameter of the generated top (its name and value for this configuration: the --set
 * and case parameters) that the file's top also declares is passed to it as -GNAME=VALUE; a
 * parameter of the block the file lacks, or one of the file's the block does not have, is a
 * warning; then, with those values, a port of the block missing from the file's top, of the
 * other direction or of another width is an interface error naming the port and both widths.
 * The verdict is cached by content in <out>/cache/<block>/rtlcheck-<hash>.txt and its
 * warnings printed again on every run. */
#ifndef WG_RTLCHECK_H
#define WG_RTLCHECK_H

#include <stddef.h>

#include "wg_desc.h"

/* Fills gparams with " -GNAME=VALUE" flags (or "") and prints warnings on stderr. Returns 0,
 * or -1 after printing the interface error (or Verilator's) on stderr: the caller exits 2. */
int wg_rtlcheck(const wg_block *b, const long *p, const wg_layout *L, const char *top, const char *rtl,
		char *gparams, size_t n);

#endif
