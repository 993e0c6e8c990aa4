/* wg_comp_verilog.h - a composition's generated Verilog (gen/wg_comp_verilog.c). */
#ifndef WG_COMP_VERILOG_H
#define WG_COMP_VERILOG_H

#include <stddef.h>

#include "wg_desc.h"

/* The generated Verilog (instances' modules named <top>_<inst>, then the
 * top), caller frees; NULL and a message in err. wg_comp_verilog is the whole
 * file (the generator's header first); wg_comp_verilog_modules the modules
 * only (how a composition nests inside another). */
char *wg_comp_verilog(const wg_block *b, const long *p, const char *top, char *err, size_t n);
char *wg_comp_verilog_modules(const wg_block *b, const long *p, const char *top, char *err, size_t n);

#endif
