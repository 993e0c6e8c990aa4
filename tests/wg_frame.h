/* wg_frame.h - the unit tests' frame harness: one block's C model driven
 * through its descriptor (model_size / model_init and the frame entry
 * points), with input and output frames laid out by wg_layout_init, so a
 * test can compare the frame adapter with the typed API bit for bit. */
#ifndef WG_FRAME_H
#define WG_FRAME_H

#include <stdint.h>
#include <stdlib.h>

#include "wg_bits.h"
#include "wg_desc.h"

typedef struct wg_fr {
	wg_layout L;            /* frame layout */
	long p[WG_MAX_PARAMS];  /* the block's parameters */
	void *m;                /* frame model block */
	uint32_t *in, *out;     /* frames (one spare word each) */
	char err[256];          /* eval message */
} wg_fr;

/* A model of block b at parameters p (b->nparams values), in its reset state. */
static inline void wg_fr_open(wg_fr *f, const wg_block *b, const long *p)
{
	for (int i = 0; i < b->nparams; i++)
		f->p[i] = p[i];
	wg_layout_init(&f->L, b, f->p);
	f->m = calloc(1, b->model_size(f->p));
	b->model_init(f->m, f->p, &f->L);
	f->in = calloc((size_t)f->L.nwords[WG_IN] + 1, sizeof(uint32_t));
	f->out = calloc((size_t)f->L.nwords[WG_OUT] + 1, sizeof(uint32_t));
}

static inline void wg_fr_close(wg_fr *f)
{
	free(f->m);
	free(f->in);
	free(f->out);
}

/* Bits [lsb, lsb+n) of input port `port` := v. */
static inline void wg_fr_put(wg_fr *f, int port, unsigned lsb, unsigned n, uint64_t v)
{
	wg_put(f->in + f->L.off[port], lsb, n, v);
}

/* The whole input port `port` := v (bits above its width dropped). */
static inline void wg_fr_set(wg_fr *f, int port, uint64_t v)
{
	wg_put(f->in + f->L.off[port], 0, (unsigned)f->L.width[port], v);
}

/* The whole output port `port` (at most 64 bits). */
static inline uint64_t wg_fr_port(const wg_fr *f, int port)
{
	return wg_get(f->out + f->L.off[port], 0, (unsigned)f->L.width[port]);
}

/* Bits [lsb, lsb+n) of output port `port`. */
static inline uint64_t wg_fr_get(const wg_fr *f, int port, unsigned lsb, unsigned n)
{
	return wg_get(f->out + f->L.off[port], lsb, n);
}

/* Every event field of the ev_o output equals ev[] (the typed model's
 * per-cycle events, in descriptor order). */
static inline int wg_fr_events_are(const wg_fr *f, const unsigned *ev)
{
	int ok = 1;
	for (int e = 0; e < f->L.nevents; e++)
		ok &= wg_fr_get(f, f->L.ev_port, (unsigned)f->L.ev_lsb[e], (unsigned)f->L.ev_w[e]) == ev[e];
	return ok;
}

#endif
