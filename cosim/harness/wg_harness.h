/* wg_harness.h - the co-simulation run loop, block-agnostic: a wg_block
 * (C model), its wg_stim_def (stimulus) and a loaded Verilated model.
 *
 * Per cycle: zero the input frame; stim->next(); model_eval (a -1 means the
 * stimulus broke the protocol); RTL set_inputs + eval + get_outputs;
 * compare every output bit (from the cycle after the first reset cycle
 * on); a directed case's check(); add up the RTL's ev_o fields (cycles with
 * rst_i = 1 excluded: no energy events are counted in reset cycles);
 * model_tick; RTL tick; a $finish/$stop/$error in the RTL fails the run. At
 * the end the C model's event counts (since the first reset edge) must equal
 * the RTL sums, and a directed case's finish() must accept the run.
 * Functional coverage: the stimulus's cover() is called on the C model's side
 * after model_eval, every simulated cycle (in the pipelined loop by the
 * producer thread, counted only for the cycles the RTL side consumed), so the
 * counts are the same for one seed with or without an RTL. */
#ifndef WG_HARNESS_H
#define WG_HARNESS_H

#include <stdint.h>

#include "wg_desc.h"
#include "wg_dut.h"
#include "wg_stim.h"

typedef enum {
	WG_V_PASS = 0,     /* equivalent, checks passed */
	WG_V_MISMATCH,     /* an output bit differs */
	WG_V_CHECK,        /* a directed case's check() or finish() failed */
	WG_V_ASSERT,       /* the RTL ran $finish/$stop/$error (an assertion) */
	WG_V_EVENTS,       /* cumulative energy event counts differ */
	WG_V_PROTOCOL,     /* internal error: the stimulus broke the block's protocol */
	WG_V_NORESET,      /* internal error: the stimulus never reset the design */
	WG_V_NOEND,        /* a directed case did not end within the cycle cap */
	WG_V_SETUP,        /* the stimulus refused the configuration (bad input) */
} wg_verdict;

const char *wg_verdict_name(wg_verdict v);

#define WG_HIST 4 /* input frames kept for the mismatch report */

/* Which loop a run takes (docs/cosim.md "Which loop"). Both give the same frames, output and verdict. */
typedef enum {
	WG_LOOP_AUTO = 0,  /* $WARPGEN_LOOP (plain or pipelined) if set, else pipelined when a core is free */
	WG_LOOP_PLAIN,     /* one thread: stimulus, C model, RTL, compare, in turn */
	WG_LOOP_PIPELINED, /* a producer thread runs the stimulus and the C model ahead (random, no waves) */
} wg_loop;

typedef struct wg_harness_cfg {
	const wg_block *b;        /* block and C model */
	const wg_stim_def *stim;  /* its stimulus */
	const long *p;            /* parameters */
	const long *knobs;        /* random-stimulus knobs */
	const wg_layout *L;       /* frame layout of p */
	int case_idx;             /* directed case, or -1 for random */
	uint64_t seed;            /* stimulus seed; also seeds the RTL's random initial state */
	long max_cycles;          /* random: cycles to run; directed: cap */
	int directed_cap_fails;   /* 1: reaching max_cycles in a directed case is WG_V_NOEND */
	const wg_dut_lib *dut;    /* the loaded model; NULL: the C model and the stimulus's checks only */
	const char *trace_path;   /* FST to write, or NULL */
	long trace_from, trace_to;/* dump the cycles [from, to] */
	long run_on;              /* after a failure keep clocking this many cycles (replays) */
	const char *model_vcd;    /* the C model's ports as a VCD of the cycles [trace_from, trace_to]
				     (all when trace_from < 0; wg_mvcd.h), or NULL */
	wg_loop loop;             /* WG_LOOP_AUTO (0) unless a caller measures one loop */
} wg_harness_cfg;

typedef struct wg_harness_res {
	wg_verdict verdict;       /* the outcome */
	long cycles;              /* cycles simulated */
	long armed_at;            /* first compared cycle, or -1 */
	long fail_cycle;          /* cycle of the failure, or -1 */
	char msg[1024];           /* failure text (check, protocol, events) */
	uint64_t ev_c[WG_MAX_EVENTS];   /* C model events since the first reset edge */
	uint64_t ev_rtl[WG_MAX_EVENTS]; /* RTL ev_o sums over the same cycles */
	uint32_t *out_c, *out_v;  /* outputs of the failing cycle (nwords[WG_OUT] each) */
	uint32_t *hist;           /* last WG_HIST input frames (ring of nwords[WG_IN]) */
	long hist_cyc[WG_HIST];   /* the cycle in each ring slot, -1 when empty */
	double seconds;           /* wall time of the cycle loop */
	long key_cycle;           /* directed: the case's key cycle (marker), else -1 */
	int traced;               /* 1 when the FST was written */
	int ncov;                 /* functional coverage points of the stimulus (0: none) */
	uint64_t *cov_hits;       /* ncov counts: cycles [0, cycles) in which each point held */
} wg_harness_res;

/* WG_LOOP_AUTO's choice for this process: $WARPGEN_LOOP=plain or =pipelined if set; else
 * WG_LOOP_PIPELINED when the process may run on two CPUs or more (its affinity) and the 1-minute
 * load average leaves one of them free (load <= CPUs - 1), WG_LOOP_PLAIN otherwise. `warpgen regress`
 * sets WARPGEN_LOOP=plain for its workers when they are more than half the cores. */
wg_loop wg_harness_auto_loop(void);

/* $WARPGEN_LOOP: *l = WG_LOOP_PLAIN for "plain", WG_LOOP_PIPELINED for "pipelined", WG_LOOP_AUTO
 * when unset or empty; -1 for any other value (warpgen refuses it at start-up, exit 2). */
int wg_harness_loop_env(wg_loop *l);

/* Whether the stimulus accepts the configuration (its init on a scratch state: a directed case
 * given a parameter its scenario cannot run with, a bad knob), before anything is built: NULL,
 * or the one-line message (in err) a run would end with as WG_V_SETUP. */
const char *wg_harness_precheck(const wg_stim_def *s, const long *p, const wg_layout *L, const long *knobs,
				int case_idx, uint64_t seed, char *err, size_t n);
/* Run. Returns 0 when the run happened (see r->verdict), -1 when the model
 * could not be created. Free r with wg_harness_res_free. */
int wg_harness_run(const wg_harness_cfg *c, wg_harness_res *r);
/* Run cfg (its dut a traced build; trace_from/trace_to set) with the FST
 * written under a private name and renamed to fst when written (dates
 * blanked). r->traced is 1 only when fst is in place. Returns what
 * wg_harness_run returns. Used by cosim --wave, mismatch windows and wave. */
int wg_wave_run(wg_harness_cfg *cfg, const char *fst, wg_harness_res *r);
void wg_harness_res_free(wg_harness_res *r);

/* The event accounting of a run, for other loops over the same frames (cosim/gate/wg_lanes.c):
 * wg_harness_in_reset: rst_i is set in the input frame; wg_harness_add_events: the ev_o fields of
 * an output frame added to sum; wg_harness_event_diff: "event counts differ: NAME C model=A RTL=B;
 * ..." into msg (size n) for every event where model and rtl differ, returning the characters
 * written (0: they agree). */
int wg_harness_in_reset(const wg_layout *L, const uint32_t *in);
void wg_harness_add_events(const wg_layout *L, const uint32_t *out, uint64_t *sum);
size_t wg_harness_event_diff(const wg_block *b, const wg_layout *L, const uint64_t *model, const uint64_t *rtl,
			     char *msg, size_t n);

#endif
