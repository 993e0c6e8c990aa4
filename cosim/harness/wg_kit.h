/* wg_kit.h - the stimulus kit: what every block's stimulus needs and none
 * writes again. Ports into and out of frames, random picks, and the runner
 * of directed cases.
 *
 * One form for directed cases: a case is one function that the runner calls
 * in three phases (wg_phase). Its body reads top to bottom in time, each
 * cycle's drive and that cycle's checks side by side:
 *
 *     static void case_write_hit(void *st, wg_cyc *c)
 *     {
 *             rfc_stim *s = st;
 *             if (wg_at(c, 0)) write(s, c->in, 0, 1, 0, full(s), 0);
 *             if (wg_at(c, 1)) {
 *                     lookup(s, c->in, 0, 0, 1, 0);
 *                     WG_EXPECT(c, hit(s, c->out, 0), "r1 should hit");
 *                     wg_key(c);
 *             }
 *             if (wg_done(c)) WG_EXPECT(c, s->seen[0], "the hit never happened");
 *             wg_case_len(c, 4);
 *     }
 *
 * - WG_DRIVE: c->in is the cycle's (zeroed) input frame to fill; c->out is
 *   NULL and WG_EXPECT does nothing.
 * - WG_CHECK: the same cycle again, after the C model's outputs are known:
 *   c->out holds them, c->driven the inputs as driven; c->in is a scratch
 *   copy, so what the drive lines write is dropped. Expectations, and state
 *   a case keeps (seen flags, remembered cycles), belong to this phase:
 *   update them under wg_checking(c). A drive line must not change the
 *   stimulus state, since it runs in both phases.
 * - WG_FINISH: once after the last cycle (wg_done(c)), for claims about the
 *   whole scenario ("the key event happened").
 *
 * The case's cycle c->t counts from 0 after the block's prologue (its reset
 * cycles, driven by the block's prologue function for t < 0). */
#ifndef WG_KIT_H
#define WG_KIT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "wg_bits.h"
#include "wg_desc.h"
#include "wg_rng.h"
#include "wg_stim.h"

/* ---- frames: a port, or bits [lsb, lsb + n) of it ---- */

/* Write v (cut to the port's width) to a whole port of frame f. */
static inline void wg_port_put(const wg_layout *L, uint32_t *f, int port, uint64_t v)
{
	wg_put(f + L->off[port], 0, (unsigned)L->width[port], v & wg_ones64(L->width[port]));
}

static inline uint64_t wg_port_get(const wg_layout *L, const uint32_t *f, int port)
{
	return wg_get(f + L->off[port], 0, (unsigned)L->width[port]);
}

/* A whole port, or 0 when it has no bits at this configuration. */
static inline uint64_t wg_port_get0(const wg_layout *L, const uint32_t *f, int port)
{
	return L->width[port] > 0 ? wg_port_get(L, f, port) : 0;
}

/* This cycle's count of event e in the output frame's event port; 0 when e < 0, the block
 * has no event port or e's field has no bits. */
static inline unsigned wg_event_get(const wg_layout *L, const uint32_t *out, int e)
{
	if (e < 0 || L->ev_port < 0 || L->ev_w[e] <= 0)
		return 0;
	return (unsigned)wg_get(out + L->off[L->ev_port], (unsigned)L->ev_lsb[e], (unsigned)L->ev_w[e]);
}

/* Bits [lsb, lsb + n) of a port (n <= 64): element i of width w is lsb = i * w. */
static inline void wg_slice_put(const wg_layout *L, uint32_t *f, int port, long lsb, long n, uint64_t v)
{
	wg_put(f + L->off[port], (unsigned)lsb, (unsigned)n, v);
}

static inline uint64_t wg_slice_get(const wg_layout *L, const uint32_t *f, int port, long lsb, long n)
{
	return wg_get(f + L->off[port], (unsigned)lsb, (unsigned)n);
}

/* Element i of width w of a port (bits [i * w, i * w + w), w <= 64). */
static inline void wg_elem_put(const wg_layout *L, uint32_t *f, int port, long i, long w, uint64_t v)
{
	wg_put(f + L->off[port], (unsigned)(i * w), (unsigned)w, v);
}

static inline uint64_t wg_elem_get(const wg_layout *L, const uint32_t *f, int port, long i, long w)
{
	return wg_get(f + L->off[port], (unsigned)(i * w), (unsigned)w);
}

/* Elements 0..n-1 of width w (w <= 8) of a port, all at once: the same bits as n calls of
 * wg_elem_get / wg_elem_put, in one pass over the port's words (a per-warp or per-SM field read or
 * written every cycle costs the plain co-simulation loop about 30 instructions an element one at a
 * time, 3-10 in a pass). put leaves the bits past element n-1 in the last word as they are. */
static inline void wg_elems_get8(const wg_layout *L, const uint32_t *f, int port, int n, unsigned w, uint8_t *v)
{
	const uint32_t *p = f + L->off[port];
	const uint64_t m = wg_ones64(w);
	uint64_t acc = 0;
	unsigned nb = 0; /* bits of acc not yet handed out */
	for (int i = 0; i < n; i++) {
		if (nb < w) { /* the next word holds the rest of this element */
			acc |= (uint64_t)*p++ << nb;
			nb += 32;
		}
		v[i] = (uint8_t)(acc & m);
		acc >>= w;
		nb -= w;
	}
}

static inline void wg_elems_put8(const wg_layout *L, uint32_t *f, int port, int n, unsigned w, const uint8_t *v)
{
	wg_bitw b = {f + L->off[port], 0, 0};
	for (int i = 0; i < n; i++)
		wg_bitw_put(&b, w, v[i]);
	wg_bitw_end(&b);
}

/* ---- random picks (one xorshift64* state, wg_rng.h) ---- */

/* Uniform in 0..n-1 (0 < n < 2^32) by multiply-shift: one draw, no division. */
static inline long wg_pick(uint64_t *rng, long n)
{
	return (long)(((wg_rng_next(rng) >> 32) * (uint64_t)n) >> 32);
}

/* True with probability p percent (one draw). */
static inline int wg_pct(uint64_t *rng, long p)
{
	return wg_pick(rng, 100) < p;
}

/* ---- directed cases ---- */

typedef enum { WG_DRIVE, WG_CHECK, WG_FINISH } wg_phase;

#define WG_KIT_MAX_IN 4096 /* input frame words a case's scratch copy holds */

typedef struct wg_cyc {
	wg_phase phase;          /* which of the three calls this is */
	long t;                  /* the case's cycle: 0 is the first after the prologue */
	long cyc;                /* the harness's cycle (t + prologue) */
	uint32_t *in;            /* DRIVE: the frame to fill; CHECK: a scratch copy; FINISH: the scratch */
	const uint32_t *out;     /* CHECK: the C model's outputs of this cycle; else NULL */
	const uint32_t *driven;  /* CHECK: this cycle's inputs as driven; else NULL */
	const void *model;       /* the C model before the edge (DRIVE, CHECK); NULL in FINISH */
	long len;                /* cycles the case drives (wg_case_len), -1 until said */
	long key;                /* the cycle (harness count) of the waveform marker, -1 for none */
	const char *fail;        /* the first failed expectation (in msg), or NULL */
	char msg[512];           /* its text */
} wg_cyc;

/* A case's function: st is the block's stimulus state. */
typedef void (*wg_case_fn)(void *st, wg_cyc *c);
/* A block's prologue: the drive of harness cycle cyc (< the prologue length). */
typedef void (*wg_prologue_fn)(void *st, uint32_t *in, long cyc);

/* The runner's state, kept inside the block's stimulus state. */
typedef struct wg_case_runner {
	wg_case_fn run;          /* the case */
	wg_prologue_fn prologue; /* the block's reset cycles, or NULL */
	long pro_len;            /* their number */
	size_t nin;              /* input frame words */
	wg_cyc c;                /* the current call */
	uint32_t scratch[WG_KIT_MAX_IN]; /* CHECK phase: the frame the drive lines write to */
} wg_case_runner;

/* In a case: this cycle is t (DRIVE or CHECK). */
static inline int wg_at(const wg_cyc *c, long t)
{
	return c->phase != WG_FINISH && c->t == t;
}

/* In a case: this cycle is in [from, to] (DRIVE or CHECK). */
static inline int wg_during(const wg_cyc *c, long from, long to)
{
	return c->phase != WG_FINISH && c->t >= from && c->t <= to;
}

/* The outputs are there: the CHECK phase. */
static inline int wg_checking(const wg_cyc *c)
{
	return c->phase == WG_CHECK;
}

/* After the last cycle: the FINISH phase. */
static inline int wg_done(const wg_cyc *c)
{
	return c->phase == WG_FINISH;
}

/* The case drives cycles t = 0 .. n-1 (said in every DRIVE call; the last
 * value said wins, so a case may extend itself). */
static inline void wg_case_len(wg_cyc *c, long n)
{
	c->len = n;
}

/* Put the waveform marker on this cycle (CHECK phase). */
static inline void wg_key(wg_cyc *c)
{
	if (c->phase == WG_CHECK)
		c->key = c->cyc;
}

/* Record a failed expectation (the first one counts). */
void wg_case_fail(wg_cyc *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* An environment's first error: unless err already holds one, write
 * "cycle CYC: " and the formatted message into err[n]. Returns 1 when it
 * wrote (this was the first), 0 when err was taken. */
int wg_first_err(char *err, size_t n, long cyc, const char *fmt, va_list ap) __attribute__((format(printf, 4, 0)));

/* In a case: unless cond, fail with a formatted message and return from the
 * case. Does nothing in the DRIVE phase (there are no outputs yet). */
#define WG_EXPECT(c, cond, ...)                                                                            \
	do {                                                                                               \
		if ((c)->phase != WG_DRIVE && !(c)->fail && !(cond)) {                                     \
			wg_case_fail((c), __VA_ARGS__);                                                    \
			return;                                                                            \
		}                                                                                          \
	} while (0)

/* Start case def in runner r: nin input words; the block's prologue of
 * pro_len cycles. NULL, or a one-line error in err (the frame is larger
 * than the scratch, or the case has no function). */
const char *wg_case_start(wg_case_runner *r, const wg_case_def *def, size_t nin, wg_prologue_fn prologue,
			  long pro_len, char *err, size_t n);
/* The stimulus's next(): fill in[] for harness cycle cyc; 0 when the case has ended. */
int wg_case_drive(wg_case_runner *r, void *st, const void *model, uint32_t *in, long cyc);
/* The stimulus's check(): NULL, or the failed expectation (copied into buf). */
const char *wg_case_check(wg_case_runner *r, void *st, const void *model, const uint32_t *in, const uint32_t *out,
			  long cyc, char *buf, size_t n);
/* The stimulus's finish(): the FINISH phase; *key gets the marked cycle (-1 for none). */
const char *wg_case_finish(wg_case_runner *r, void *st, long *key, char *buf, size_t n);

#endif
