/* rename_class.h - the TFET register classes in the stimulus of `rename`
 * (docs/rename.md "TFET register classes"): the class inputs of each
 * allocation port (alc_tfet_i, alc_load_i), driven by the scripts or, in
 * random mode, by a stand-in of memra's want; and a monitor that checks,
 * every cycle, the page's claims from the block's inputs, its outputs and
 * the C model's occupancy at the start of the cycle: the class and the id of
 * every grant (step 6 with classes, a reference written from the page), the
 * refusals, alc_tfet_o, op_src_tfet_o / op_dst_tfet_o, free_tfet_o, the class
 * events and, under GATING=STATIC, reg_on_o / dom_on_o against A17's formula.
 *
 * The new ports are found by name (absent: index -1, nothing driven or
 * checked), the parameters by name from the parameter vector. */
#ifndef RENAME_CLASS_H
#define RENAME_CLASS_H

#include <stddef.h>
#include <stdint.h>

#include "rename.h"
#include "rename_env.h"
#include "wg_desc.h"

enum { RSC_NONE = 0, RSC_CMOS_RA = 1, RSC_MEM_RA = 2 };   /* CLASS */
enum { RSC_OCCUPANCY = 0, RSC_STATIC = 1 };               /* GATING */

typedef struct rs_cls {
	/* configuration */
	int tfet_rows, cls, gating;   /* TFET_ROWS, CLASS, GATING */
	int policy;                   /* POLICY (0 CONSOLIDATE, 1 LOWEST_FIRST, 2 WEAR_LEVEL) */
	int phys, rf_banks, sub_regs; /* PHYS_REGS, RF_BANKS, PHYS_REGS / SUBARRAYS */
	int rt_banks, ports, srcs;    /* RT_BANKS, ALLOC_PORTS, LOOKUP_PORTS - 1 */
	int rows, cr, ntfet, pt;      /* rows per bank, CMOS rows, TFET ids, first TFET id */
	/* ports and events of the classes (-1: absent in this configuration) */
	int p_tfet_i, p_load_i, p_tfet_o, p_src_tfet, p_dst_tfet, p_free_tfet, p_reg_on, p_dom_on;
	int e_wr, e_stall, e_wake, e_acm, e_atf, e_trf, e_fbt;
	/* rename's own ports the monitor reads every cycle (looked up once, by name) */
	int p_ready, p_src_pid, p_dst_pid, p_dst_new, p_gnt, p_pid; /* op_ready_o ... alc_gnt_o, alc_pid_o */
	/* this cycle's class inputs, per allocation port */
	uint8_t tfet[RN_MAX_ALLOC];   /* alc_tfet_i[k] */
	uint8_t load[RN_MAX_ALLOC];   /* alc_load_i[k] */
	/* the running kernel as the monitor sees it */
	int running;                  /* launched and not reset */
	int kw, kr, ke;               /* its shape */
	int gb;                       /* STATIC: its powered CMOS rows (A17, from the page's formula) */
	int last;                     /* WEAR_LEVEL: the last granted id */
	/* random mode: a stand-in of memra's want (budget, -2 per TFET grant) */
	int budget[RN_MAX_WARPS];     /* per warp: cycles of budget; want = budget > 1 */
	uint8_t dec[RN_MAX_WARPS][64];/* the class decided at a request's first cycle, kept over retries: 0 none, 1 CMOS, 2 TFET */
	uint64_t rng;                 /* its random state */
	/* what the monitor saw (coverage of a run) */
	long n_tfet_gnt;              /* TFET ids granted */
	long n_refused;               /* TFET requests granted CMOS (W-P1-1) */
	long n_fallback;              /* CMOS requests granted TFET (W-P1-2) */
	long n_load_stall;            /* loads refused while a TFET id was free (A11) */
	long n_static_launch;         /* launches under STATIC */
} rs_cls;

/* The configuration from the block's parameters p and the frame layout L. */
void rsc_init(rs_cls *k, const long *p, const wg_layout *L, uint64_t seed);
/* The class ports exist (TFET_ROWS > 0). */
static inline int rsc_on(const rs_cls *k) { return k->p_tfet_i >= 0; }
/* A17: powered CMOS rows of a launch (kw warps, kr registers, ke exempt). */
int rsc_gb(const rs_cls *k, int kw, int kr, int ke);
/* Under STATIC, id p is powered with gb powered CMOS rows. */
static inline int rsc_powered(const rs_cls *k, int gb, int p) { return p >= k->pt || p < gb * k->rf_banks; }
/* Write this cycle's class inputs (k->tfet, k->load) into the input frame f. */
void rsc_put(const rs_cls *k, const wg_layout *L, uint32_t *f);
/* Random mode: decide the class inputs of this cycle's requests (in: the
 * environment's drive of the cycle; e: which of them are loads). */
void rsc_random(rs_cls *k, const rn_env *e, const rn_in *in);
/* The monitor: NULL or the first broken claim (in buf). m: the C model
 * before the edge; in: the cycle's inputs (as the rn_in of the stimulus);
 * out: the output frame. */
const char *rsc_check(rs_cls *k, const wg_layout *L, const rn_cfg *c, const rn_model *m, const rn_in *in,
		      const uint32_t *out, char *buf, size_t n);
/* After the checks: the kernel's shape, the WEAR_LEVEL reference, the want budgets. */
void rsc_observe(rs_cls *k, const wg_layout *L, const rn_in *in, const uint32_t *out);
/* Event e (an index, -1: absent -> 0) of the output frame. */
unsigned rsc_ev(const wg_layout *L, const uint32_t *out, int e);

#endif
