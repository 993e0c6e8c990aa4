/* wg_mrun.h - a C model run by an environment, cycle by cycle, with no RTL: the loop of the
 * statistics commands (`warpgen stats BLOCK`). Each cycle: empty the input frame, the environment
 * drives it, the model evaluates, the environment observes the outputs, the model ticks; the run
 * stops at max cycles, at a protocol break, at the environment's first error or when the
 * environment says it is done. */
#ifndef WG_MRUN_H
#define WG_MRUN_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

/* What the environment does each cycle; ctx is the environment (or a caller's struct around it). */
typedef struct wg_mrun_ops {
	void (*drive)(void *ctx, const void *model, uint32_t *in, long cyc); /* fill the inputs */
	/* after eval, before tick; out may be overwritten where the environment models an output
	 * differently (e.g. a static baseline's fixed levels) */
	void (*observe)(void *ctx, const void *model, const uint32_t *in, uint32_t *out, long cyc);
	const char *(*error)(void *ctx); /* the environment's first error, or NULL */
	int (*done)(void *ctx);          /* the run is over; NULL: run max cycles */
} wg_mrun_ops;

typedef struct wg_mrun {
	const wg_block *b;  /* the block (its descriptor's model functions) */
	wg_layout *L;       /* its port layout */
	void *model;        /* its C model, initialised */
	uint32_t *in, *out; /* one cycle's input and output frames */
	long cycles;        /* cycles run by wg_mrun_cycles */
	double seconds;     /* their wall-clock time */
} wg_mrun;

/* Lay out the ports and initialise the model at p (p checked by the caller). */
void wg_mrun_open(wg_mrun *m, const wg_block *b, const long *p);
/* Run up to max cycles. Returns 0, or 1 with the message in err: "cycle N: the environment broke
 * the protocol: ..." from the model's eval, or the environment's error as it gives it. */
int wg_mrun_cycles(wg_mrun *m, const wg_mrun_ops *ops, void *ctx, long max, char *err, size_t n);
/* The model's event counts (b->nevents of them). */
const uint64_t *wg_mrun_counts(const wg_mrun *m);
void wg_mrun_close(wg_mrun *m);

#endif
