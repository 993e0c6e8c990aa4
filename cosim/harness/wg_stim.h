/* wg_stim.h - a block's stimulus generator: constrained-random streams
 * with knobs, and named directed cases that check themselves.
 *
 * The harness calls, every cycle: next() to fill the (zeroed) input frame
 * from the C model's state at the start of the cycle; then it evaluates
 * both the C model and the RTL and compares every output bit; then, for a
 * directed case, check() on the outputs; then it clocks both. */
#ifndef WG_STIM_H
#define WG_STIM_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

struct wg_cyc;

/* A functional coverage point: a corner case of the block's docs/spec, a
 * condition on one cycle's inputs and the C model's state (a cross point is
 * a combination of such conditions). */
typedef struct wg_cov_point {
	const char *name;            /* e.g. "victim_while_pinned" */
	const char *desc;            /* the corner case, with its doc/spec reference */
	const char *cases;           /* the directed cases that reach it, space-separated (each is
				      * checked by tests/test_fcov.c), or NULL */
} wg_cov_point;

typedef struct wg_case_def {
	const char *name;            /* e.g. "victim_vs_inflight_reader" */
	const char *help;            /* one line: what happens, what is checked */
	const char *spec_ref;        /* e.g. "spec §9 #1" */
	const char *params;          /* parameter overrides the case needs ("ENTRIES=2,..."), or NULL */
	const char *expect_fail;     /* a negative scenario: the case's checks must fail with a message
				      * containing this text; NULL for a normal case */
	/* The case itself: one function driving and checking each cycle (wg_kit.h),
	 * called with the block's stimulus state. */
	void (*run)(void *st, struct wg_cyc *c);
	/* The signals that make the corner case visible, space-separated: port names (clk_i-style,
	 * no range) and registers of the top module (owner_q), shown first in the case's waveform
	 * (wg_gtkw_spec.focus); NULL: none declared (inputs, outputs, key state only). */
	const char *focus;
} wg_case_def;

typedef struct wg_stim_def {
	const wg_block *block;
	const wg_param_def *knobs;   /* random-stimulus knobs (same shape as parameters) */
	int nknobs;
	const wg_case_def *cases;    /* directed cases */
	int ncases;
	size_t (*size)(const long *p);   /* bytes of generator state */
	/* st: zeroed memory of size(p) bytes. case_idx < 0: random with knobs.
	 * Returns NULL or a one-line error in err. */
	const char *(*init)(void *st, const long *p, const wg_layout *L, const long *knobs,
			    int case_idx, uint64_t seed, char *err, size_t n);
	/* Fill in[] for cycle cyc (in[] is zeroed). model: the C model before the
	 * edge. Returns 1 while the stimulus goes on, 0 when a directed case has
	 * ended (nothing is simulated for that cycle). Random stimulus never ends. */
	int (*next)(void *st, const void *model, uint32_t *in, long cyc);
	/* Optional (NULL when unused): this cycle's C-model outputs, after the
	 * model's eval and before its edge, for stimulus that reacts to what the
	 * block did (e.g. which warp issued). Called in every mode, directed or
	 * random, before check(). */
	void (*observe)(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc);
	/* Check this cycle's outputs (directed cases, and random stimulus that checks data). NULL or a message in buf. */
	const char *(*check)(void *st, const void *model, const uint32_t *in, const uint32_t *out,
			     long cyc, char *buf, size_t n);
	/* Directed cases, after the last cycle: did the scenario do what it claims?
	 * (e.g. the interesting event really happened). NULL or a message.
	 * key_cycle receives the cycle to put the waveform marker on. */
	const char *(*finish)(void *st, long *key_cycle, char *buf, size_t n);
	/* Optional (NULL when unused): free what init() allocated outside st (called once before st
	 * is freed, after a failed init() too; st was zeroed, so unset pointers are NULL). */
	void (*release)(void *st);
	/* Optional functional coverage (NULL / 0 when unused): ncov named points, and
	 * cover(), called every cycle of every run (random or directed) after the C
	 * model's eval and before its edge (model: the state at the start of the
	 * cycle; out: the C model's outputs), adds 1 to hits[k] for each point k whose
	 * condition holds in this cycle. It reads st, never changes it or the rng
	 * (coverage never changes the stimulus). docs/cosim.md "Functional coverage". */
	const wg_cov_point *cov;
	int ncov;
	void (*cover)(const void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
		      uint64_t *hits);
} wg_stim_def;

const wg_stim_def *wg_stim_find(const char *block);
/* The stimulus's own shape: NULL, or a one-line error in buf when it declares more knobs than a
 * knob array holds (WG_MAX_PARAMS: wg_opts.knobs, the regress jobs) or a negative count. The
 * command line checks it before filling the knobs. */
const char *wg_stim_check(const wg_stim_def *s, char *buf, size_t n);
/* Free a stimulus state (NULL is fine): its release(), then free(). */
void wg_stim_release(const wg_stim_def *s, void *st);

/* In a check()/finish(): fail with a formatted message (into buf, n) unless cond. */
#define EXPECT(cond, ...)                                                                                  \
	do {                                                                                               \
		if (!(cond)) {                                                                             \
			snprintf(buf, n, __VA_ARGS__);                                                     \
			return buf;                                                                        \
		}                                                                                          \
	} while (0)

#endif
