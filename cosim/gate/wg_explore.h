/* wg_explore.h - exhaustive equivalence of a block's C model and its
 * synthesized netlist for one configuration (`warpgen prove BLOCK --model`,
 * docs/cosim.md "Exhaustive C-model equivalence").
 *
 * The joint state is the C model's bytes (canonical: the cumulative event
 * counts zeroed, only the bytes that ever differ from the root kept) and the
 * netlist's flip-flop values (warpgen's gate-level simulator, wg_netsim.h).
 * From the root (both sides after one reset cycle; the flip-flops that reset
 * leaves unset hold the seed's random values, as in `warpgen cosim --gate`)
 * the explorer goes breadth-first over every input frame the C model's
 * protocol check (model_eval) accepts, compares every output bit and the
 * C model's per-cycle event counts against the netlist's ev_o on every
 * transition, and stops when no new joint state appears (equivalent on R
 * states and T transitions), at the first difference (the shortest
 * counterexample: breadth-first) or at a bound on the states. */
#ifndef WG_EXPLORE_H
#define WG_EXPLORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "wg_desc.h"
#include "wg_netsim_dut.h"
#include "wg_stim.h"

#define WG_XP_MAX_BITS 26 /* enumerated input bits: 2^26 frames per state is already hopeless */

typedef enum {
	WG_XP_EQUIV = 0, /* every reachable joint state explored, no difference */
	WG_XP_CEX,       /* a counterexample */
	WG_XP_BOUND,     /* max_states or max_seconds reached first: not proven */
} wg_xp_verdict;

typedef struct wg_xp_cfg {
	const wg_block *b;        /* block and C model */
	const long *p;            /* its parameters */
	const wg_layout *L;       /* frame layout of p */
	wg_ns_dut *dut;           /* the netlist mapped to the ports (wg_ns_dut_init) */
	uint64_t seed;            /* the netlist's random initial flip-flop values */
	long max_states;          /* stop (WG_XP_BOUND) beyond this many joint states */
	double max_seconds;       /* ... or after this long (0: no limit) */
	const int *keep_bits;     /* per port: input bits enumerated, -1 = all (NULL: all); with BITS < the
	                           * width, bit j of the port follows enumerated bit j % BITS (every bit sees
	                           * both values: 1 gives all zeros / all ones), BITS = 0 holds it at 0 */
	FILE *progress;           /* a line per BFS level, or NULL */
} wg_xp_cfg;

typedef struct wg_xp_res {
	wg_xp_verdict verdict;
	long states;              /* joint states found (reachable, distinct) */
	long transitions;         /* legal (state, input) pairs simulated */
	long illegal;             /* (state, input) pairs the protocol check refused */
	int depth;                /* the BFS level reached: for WG_XP_EQUIV the longest shortest path from the
	                           * root, in cycles after the reset cycle */
	int in_bits;              /* input bits enumerated per state */
	long model_bytes;         /* C model bytes that ever differed from the root */
	long flops;               /* netlist flip-flops */
	double seconds;           /* wall time */
	/* WG_XP_CEX: the counterexample, cycles [0, cex_len): cycle 0 is the reset cycle */
	long cex_len;
	uint32_t *cex_in;         /* cex_len input frames (nwords[WG_IN] each) */
	uint32_t *out_c, *out_n;  /* outputs of the failing cycle: C model, netlist */
	char msg[512];            /* what differs */
} wg_xp_res;

/* Explore. Returns 0 (see r->verdict), or -1 with a message (too many input
 * bits, the root's reset refused by the protocol check). */
int wg_xp_run(const wg_xp_cfg *c, wg_xp_res *r, char *err, size_t n);
void wg_xp_res_free(wg_xp_res *r);

/* Write frames as a stimulus file `warpgen cosim --stim FILE` replays: a
 * comment header, then one line per cycle, "PORT=0xHEX ..." for every input
 * port. Returns 0, or -1 with a message. */
int wg_xp_write_stim(const char *path, const wg_block *b, const wg_layout *L, const char *header,
		     const uint32_t *frames, long ncycles, char *err, size_t n);

/* A directed stimulus (one case, "stim-file") replaying the frames of such a
 * file for b at layout L: each cycle's frame as written, the run ending after
 * the last line. Returns NULL with a message (unreadable file, unknown port,
 * a value wider than its port). One replay per process (the loaded frames
 * are held until exit). */
const wg_stim_def *wg_xp_replay_stim(const wg_block *b, const wg_layout *L, const char *path, char *err, size_t n);

#endif
