/* wg_comp_plan.h - what a composition's descriptor and parameters resolve
 * to (csim/wg_comp.c), shared with the composition's Verilog writer
 * (gen/wg_comp_verilog.c). Not for users: wg_comp.h is the interface. */
#ifndef WG_COMP_PLAN_H
#define WG_COMP_PLAN_H

#include <stddef.h>

#include "wg_comp.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { EP_EXT, EP_INST, EP_CONST };

/* One end of a wire. */
typedef struct comp_ep {
	int kind;   /* EP_EXT (a composition port), EP_INST (an instance port), EP_CONST */
	int inst;   /* EP_INST: instance index */
	int port;   /* EP_EXT: composition port; EP_INST: the instance block's port */
	int value;  /* EP_CONST: 0 or 1 (every bit) */
} comp_ep;

/* Everything the composition's descriptor and parameters resolve to. */
typedef struct comp_plan {
	long cp[WG_COMP_MAX_INST][WG_MAX_PARAMS];   /* each instance entry's parameters (every copy's) */
	wg_layout cl[WG_COMP_MAX_INST];             /* each instance entry's frame layout (one copy's) */
	int nc[WG_COMP_MAX_INST];                   /* each entry's copies (1 when not an array) */
	int first[WG_COMP_MAX_INST];                /* each entry's first copy */
	int ncopies;                                /* copies in all */
	comp_ep from[WG_COMP_MAX_WIRES];            /* each wire's source */
	comp_ep to[WG_COMP_MAX_WIRES];              /* each wire's sink */
	int ext_w[WG_MAX_PORTS];                    /* width of each composition port */
	int ev_w[WG_MAX_EVENTS];                    /* the composition's event field widths */
} comp_plan;

/* Resolve block b (a composition) at p into P. NULL, or a message in buf. */
const char *wg_comp_plan_make(const wg_block *b, const long *p, comp_plan *P, char *buf, size_t n);
/* The width of a wire end in plan P. */
int wg_comp_ep_width(const comp_plan *P, const comp_ep *e);

#ifdef __cplusplus
}
#endif

#endif
