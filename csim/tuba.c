/* tuba.c - bit-exact C cycle model of TUBA, the per-SM thread-block limit
 * driven by the free TFET registers (Xie et al. 2017, §4.2.2).
 *
 * Implements docs/tuba.md (the cycle contract) literally: tb_eval computes
 * the outputs of the state at the start of the cycle and the inputs (the
 * limit after this cycle's evaluation decides accept_o); tb_tick applies the
 * rising edge. Both derive the cycle's decisions from one helper
 * (tb_plan_make), so they cannot disagree. The model is one block with no
 * pointers to itself, so it may be copied with memcpy. The frame adapter is
 * tuba_frame.c. */
#include "tuba.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_bits.h"

/* Everything one cycle decides, computed from the state and the inputs. */
typedef struct tb_plan {
	unsigned ev;                   /* an evaluation this cycle */
	unsigned lo;                   /* free_i below DW_PCT % */
	unsigned hi;                   /* free_i above UP_PCT % */
	unsigned lim_n;                /* the limit after this cycle's evaluation */
	unsigned cap_n;                /* cap_q after the edge */
	unsigned pc_n;                 /* pc_q after the edge */
	unsigned evs;                  /* this cycle's events, bit e = event e */
} tb_plan;

struct tb_model {
	tb_cfg cfg;                    /* parameter values */
	tb_dims d;                     /* derived widths */
	unsigned lim;                  /* lim_q: the block limit, 1..cap_q (0 before the first kernel) */
	unsigned cap;                  /* cap_q: min(MAX_BLOCKS, occ_i) of the running kernel */
	unsigned pc;                   /* pc_q: EVAL_PERIOD > 1, the period's cycle counter */
	unsigned lo_lt;                /* tb_low's threshold: free_i below it lowers (ceil(DW_PCT TFET_REGS / 100)) */
	unsigned hi_gt;                /* tb_high's threshold: free_i above it raises (floor(UP_PCT TFET_REGS / 100)) */
	uint64_t counts[TB_NEVENTS];   /* cumulative events (reset cycles excluded) */
};

/* ------------------------------------------------------------------ */
/* Configuration                                                       */
/* ------------------------------------------------------------------ */

void tb_cfg_from_params(tb_cfg *c, const long *p)
{
	c->tfet_regs = (int)p[TB_P_TFET_REGS];
	c->dw_pct = (int)p[TB_P_DW_PCT];
	c->up_pct = (int)p[TB_P_UP_PCT];
	c->max_blocks = (int)p[TB_P_MAX_BLOCKS];
	c->eval_period = (int)p[TB_P_EVAL_PERIOD];
}

void tb_cfg_to_params(const tb_cfg *c, long *p)
{
	p[TB_P_TFET_REGS] = c->tfet_regs;
	p[TB_P_DW_PCT] = c->dw_pct;
	p[TB_P_UP_PCT] = c->up_pct;
	p[TB_P_MAX_BLOCKS] = c->max_blocks;
	p[TB_P_EVAL_PERIOD] = c->eval_period;
}

void tb_cfg_default(tb_cfg *c)
{
	long p[TB_NPARAMS];
	wg_params_default(&wg_block_tuba, p);
	tb_cfg_from_params(c, p);
}

void tb_dims_of(const tb_cfg *c, tb_dims *d)
{
	d->fb = (int)wg_clog2((unsigned long)c->tfet_regs + 1);
	d->lb = (int)wg_clog2((unsigned long)c->max_blocks + 1);
	d->pb = c->eval_period > 1 ? (int)wg_clog2((unsigned long)c->eval_period) : 0;
}

int tb_low(const tb_cfg *c, unsigned free_regs)
{
	return 100ul * free_regs < (unsigned long)c->dw_pct * (unsigned long)c->tfet_regs;
}

int tb_high(const tb_cfg *c, unsigned free_regs)
{
	return 100ul * free_regs > (unsigned long)c->up_pct * (unsigned long)c->tfet_regs;
}

/* ------------------------------------------------------------------ */
/* Construction                                                        */
/* ------------------------------------------------------------------ */

size_t tb_size(const tb_cfg *c)
{
	(void)c;
	return (sizeof(struct tb_model) + 7u) & ~(size_t)7u;
}

/* "Reset: all 0" (no kernel: accept_o = 0 until start_i). */
void tb_reset(tb_model *m)
{
	m->lim = 0;
	m->cap = 0;
	m->pc = 0;
}

tb_model *tb_init(void *mem, const tb_cfg *c)
{
	tb_model *m = mem;
	memset(m, 0, tb_size(c));
	m->cfg = *c;
	tb_dims_of(c, &m->d);
	/* 100 f < D <=> f < ceil(D / 100); 100 f > U <=> f > floor(U / 100) (integers, A19) */
	m->lo_lt = (unsigned)(((unsigned long)c->dw_pct * (unsigned long)c->tfet_regs + 99ul) / 100ul);
	m->hi_gt = (unsigned)((unsigned long)c->up_pct * (unsigned long)c->tfet_regs / 100ul);
	tb_reset(m);
	return m;
}

tb_model *tb_new(const tb_cfg *c)
{
	void *mem = calloc(1, tb_size(c));
	return mem ? tb_init(mem, c) : NULL;
}

void tb_free(tb_model *m)
{
	free(m);
}

/* ------------------------------------------------------------------ */
/* Protocol                                                            */
/* ------------------------------------------------------------------ */

/* First violated rule of "Protocol", or TB_OK; message in msg ("" when
 * none), unless msg is NULL (the frame adapter's fast path). */
static int tb_check(const tb_model *m, const tb_in *in, char *msg, size_t n)
{
	const tb_cfg *c = &m->cfg;
	if (msg)
		msg[0] = '\0';
	if (in->rst)
		return TB_OK;
	if (in->start && (in->occ < 1 || in->occ > (unsigned)c->max_blocks)) {
		if (msg)
			snprintf(msg, n, "tuba: start_i with occ_i=%u out of range (1..MAX_BLOCKS=%d)", in->occ,
				 c->max_blocks);
		return TB_E_OCC;
	}
	if (in->free > (unsigned)c->tfet_regs) {
		if (msg)
			snprintf(msg, n, "tuba: free_i=%u exceeds TFET_REGS=%d", in->free, c->tfet_regs);
		return TB_E_FREE;
	}
	if (in->res > (unsigned)c->max_blocks) {
		if (msg)
			snprintf(msg, n, "tuba: res_i=%u exceeds MAX_BLOCKS=%d", in->res, c->max_blocks);
		return TB_E_RES;
	}
	return TB_OK;
}

/* ------------------------------------------------------------------ */
/* The cycle's decisions (no side effect)                              */
/* ------------------------------------------------------------------ */

static unsigned tb_min(unsigned a, unsigned b)
{
	return a < b ? a : b;
}

/* The evaluation instant: each completion (EVAL_PERIOD = 0), every cycle
 * (1), or the period's last cycle (> 1); never without a kernel or with
 * start_i, nor in a reset cycle. */
static unsigned tb_eval_now(const tb_model *m, const tb_in *in)
{
	unsigned P = (unsigned)m->cfg.eval_period;
	unsigned ev = P == 0 ? in->done != 0 : P == 1 ? 1u : m->pc == P - 1u;
	return ev && m->lim != 0 && !in->start && !in->rst;
}

/* pc_q after the edge: 0..EVAL_PERIOD - 1 from the kernel start. */
static unsigned tb_pc_next(const tb_model *m, const tb_in *in)
{
	unsigned P = (unsigned)m->cfg.eval_period;
	if (P <= 1 || in->start || m->pc == P - 1u)
		return 0;
	return m->pc + 1u;
}

/* lim_n: start_i loads the cap; a low evaluation lowers (floor 1), a high
 * one raises (up to cap_q); otherwise the limit holds (W-P1-13). */
static unsigned tb_lim_next(const tb_model *m, const tb_in *in, const tb_plan *pl)
{
	if (in->start)
		return tb_min((unsigned)m->cfg.max_blocks, in->occ);
	if (pl->ev && pl->lo)
		return m->lim > 1 ? m->lim - 1u : 1u;
	if (pl->ev && pl->hi)
		return tb_min(m->cap, m->lim + 1u);
	return m->lim;
}

static void tb_plan_make(const tb_model *m, const tb_in *in, tb_plan *pl)
{
	pl->ev = tb_eval_now(m, in);
	pl->lo = in->free < m->lo_lt;  /* tb_low */
	pl->hi = in->free > m->hi_gt;  /* tb_high */
	pl->lim_n = tb_lim_next(m, in, pl);
	pl->cap_n = in->start ? tb_min((unsigned)m->cfg.max_blocks, in->occ) : m->cap;
	pl->pc_n = tb_pc_next(m, in);
	pl->evs = pl->ev ? 1u << TB_EV_EVAL | (unsigned)(pl->lo && m->lim > 1) << TB_EV_DEC |
				   (unsigned)(pl->hi && m->lim < m->cap) << TB_EV_INC
			 : 0u;
}

/* ------------------------------------------------------------------ */
/* Outputs                                                             */
/* ------------------------------------------------------------------ */

int tb_eval(const tb_model *m, const tb_in *in, tb_out *out)
{
	tb_plan pl;
	tb_plan_make(m, in, &pl);
	memset(out, 0, sizeof *out);
	out->lim = m->lim;
	out->accept = in->res < pl.lim_n; /* combinational in the new limit (W-P1-12) */
	for (int e = 0; e < TB_NEVENTS; e++)
		out->ev[e] = pl.evs >> e & 1u;
	return tb_check(m, in, out->msg, sizeof out->msg);
}

/* The frame adapter's eval: the same outputs as tb_eval, without the
 * message and tb_out (the events as bits, eval at bit 0); the check code. */
int tb_eval_bits(const tb_model *m, const tb_in *in, unsigned *lim, unsigned *accept, unsigned *evs)
{
	tb_plan pl;
	tb_plan_make(m, in, &pl);
	*lim = m->lim;
	*accept = in->res < pl.lim_n;
	*evs = pl.evs;
	return tb_check(m, in, NULL, 0);
}

/* ------------------------------------------------------------------ */
/* The edge                                                            */
/* ------------------------------------------------------------------ */

void tb_tick(tb_model *m, const tb_in *in)
{
	tb_plan pl;
	if (in->rst) {
		tb_reset(m);
		return;
	}
	tb_plan_make(m, in, &pl);
	m->lim = pl.lim_n;
	m->cap = pl.cap_n;
	m->pc = pl.pc_n;
	if (pl.evs) /* most cycles have none */
		for (int e = 0; e < TB_NEVENTS; e++)
			m->counts[e] += pl.evs >> e & 1u;
}

/* ------------------------------------------------------------------ */
/* Accessors                                                           */
/* ------------------------------------------------------------------ */

const tb_cfg *tb_config(const tb_model *m) { return &m->cfg; }
const tb_dims *tb_dims_get(const tb_model *m) { return &m->d; }
const uint64_t *tb_counts(const tb_model *m) { return m->counts; }
unsigned tb_lim(const tb_model *m) { return m->lim; }
unsigned tb_cap(const tb_model *m) { return m->cap; }
unsigned tb_pc(const tb_model *m) { return m->pc; }
