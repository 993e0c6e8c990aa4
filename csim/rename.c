/* rename.c - bit-exact C cycle model of the register renaming table
 * (Jeon & Annavaram, USC CENG-2014-05).
 *
 * Implements docs/rename.md (the cycle contract) literally: rn_eval computes
 * the outputs of the state at the start of the cycle and the inputs; rn_tick
 * applies the rising edge. Both derive the cycle's decisions from one helper
 * (rn_plan_make), so they cannot disagree.
 *
 * Representation: the availability flag, table valid bits and gating
 * domains are uint64_t bit vectors (find-first with ctz); per-warp flags
 * (cursor valid, oc_q != 0, pending entries) are uint64_t masks over the
 * warps. Everything lives in one block of fixed size with no pointers to
 * itself, so a model may be copied with memcpy. */
#include "rename_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_bits.h"

/* ------------------------------------------------------------------ */
/* Configuration                                                       */
/* ------------------------------------------------------------------ */

void rn_cfg_from_params(rn_cfg *c, const long *p)
{
	c->warps = (int)p[RN_P_WARPS];
	c->regs = (int)p[RN_P_REGS];
	c->phys = (int)p[RN_P_PHYS_REGS];
	c->rt_entries = (int)p[RN_P_RT_ENTRIES];
	c->rt_banks = (int)p[RN_P_RT_BANKS];
	c->rf_banks = (int)p[RN_P_RF_BANKS];
	c->subarrays = (int)p[RN_P_SUBARRAYS];
	c->policy = (int)p[RN_P_POLICY];
	c->lookup_ports = (int)p[RN_P_LOOKUP_PORTS];
	c->exempt = (int)p[RN_P_EXEMPT];
	c->alloc_ports = (int)p[RN_P_ALLOC_PORTS];
	c->pf_depth = (int)p[RN_P_PF_DEPTH];
	c->fc_entries = (int)p[RN_P_FC_ENTRIES];
	c->pc_bits = (int)p[RN_P_PC_BITS];
	c->tfet_rows = (int)p[RN_P_TFET_ROWS];
	c->cls = (int)p[RN_P_CLASS];
	c->gating = (int)p[RN_P_GATING];
}

void rn_cfg_to_params(const rn_cfg *c, long *p)
{
	p[RN_P_WARPS] = c->warps;
	p[RN_P_REGS] = c->regs;
	p[RN_P_PHYS_REGS] = c->phys;
	p[RN_P_RT_ENTRIES] = c->rt_entries;
	p[RN_P_RT_BANKS] = c->rt_banks;
	p[RN_P_RF_BANKS] = c->rf_banks;
	p[RN_P_SUBARRAYS] = c->subarrays;
	p[RN_P_POLICY] = c->policy;
	p[RN_P_LOOKUP_PORTS] = c->lookup_ports;
	p[RN_P_EXEMPT] = c->exempt;
	p[RN_P_ALLOC_PORTS] = c->alloc_ports;
	p[RN_P_PF_DEPTH] = c->pf_depth;
	p[RN_P_FC_ENTRIES] = c->fc_entries;
	p[RN_P_PC_BITS] = c->pc_bits;
	p[RN_P_TFET_ROWS] = c->tfet_rows;
	p[RN_P_CLASS] = c->cls;
	p[RN_P_GATING] = c->gating;
}

void rn_cfg_default(rn_cfg *c)
{
	long p[RN_NPARAMS];
	wg_params_default(&wg_block_rename, p);
	rn_cfg_from_params(c, p);
}

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */
/* ------------------------------------------------------------------ */
/* Construction                                                        */
/* ------------------------------------------------------------------ */

size_t rn_size(const rn_cfg *c)
{
	(void)c;
	return (sizeof(struct rn_model) + 7u) & ~(size_t)7u;
}

static void rn_clear_state(rn_model *m)
{
	m->running = 0;
	m->kw = 0;
	m->exited = 0;
	m->held = 0;
	m->h_kind = m->h_warp = m->h_dst = 0;
	memset(m->h_reg, 0, sizeof m->h_reg);
	m->kr = m->ke = 0;
	memset(m->rtv, 0, sizeof m->rtv);
	memset(m->rtp, 0, sizeof m->rtp);
	memset(m->occ, 0, sizeof m->occ);
	m->fcv = 0;
	memset(m->fct, 0, sizeof m->fct);
	memset(m->fcf, 0, sizeof m->fcf);
	m->fvp = 0;
	m->cv = 0;
	memset(m->ci, 0, sizeof m->ci);
	memset(m->cs, 0, sizeof m->cs);
	memset(m->pfv, 0, sizeof m->pfv);
	memset(m->pfp, 0, sizeof m->pfp);
	memset(m->oc, 0, sizeof m->oc);
	m->ocnz = m->pfnz = 0;
	m->srv = 0;
	memset(m->opp, 0, sizeof m->opp);
	m->opm = 0;
	m->swp = 0;
	m->last = 0;
	m->gb = 0;
	m->ck_ok = 0;
}

void rn_reset(rn_model *m)
{
	rn_clear_state(m);
}

rn_model *rn_init(void *mem, const rn_cfg *c)
{
	rn_model *m = mem;
	memset(m, 0, rn_size(c));
	m->cfg = *c;
	m->S = c->lookup_ports - 1;
	m->sub = c->phys / c->subarrays;
	m->pwords = (c->phys + 63) / 64;
	m->pmask_last = wg_ones64(c->phys - (m->pwords - 1) * 64);
	for (int b = 0; b < c->rf_banks; b++) {
		uint64_t x = 0;
		for (int i = b; i < 64; i += c->rf_banks)
			x |= UINT64_C(1) << i;
		m->bankpat[b] = x;
	}
	m->pt = rn_pt(c);
	for (int p = m->pt; p < c->phys; p++)
		rn_set(m->tmask, p);
	rn_clear_state(m);
	return m;
}

rn_model *rn_new(const rn_cfg *c)
{
	void *mem = calloc(1, rn_size(c));
	return mem ? rn_init(mem, c) : NULL;
}

void rn_free(rn_model *m)
{
	free(m);
}

/* ------------------------------------------------------------------ */
/* The cycle's decisions (no side effect)                              */
/* ------------------------------------------------------------------ */

/* Serve the unserved renamable slots (L[s] >= 0, not in srv) by table bank,
 * in slot order; one read per bank, coalescing equal L. Returns the slots
 * still waiting. */
static unsigned rn_serve(const rn_model *m, int n, const int *L, unsigned srv, rn_plan *pl)
{
	int claim[RN_MAX_RTB];
	unsigned waiting = 0;
	for (int b = 0; b < RN_MAX_RTB; b++)
		claim[b] = -1;
	for (int s = 0; s < n; s++) {
		if (L[s] < 0 || ((srv >> s) & 1u))
			continue;
		int b = L[s] % m->cfg.rt_banks;
		if (claim[b] < 0) {
			claim[b] = L[s];
			pl->ev[RN_EV_RT_READ]++;
		} else if (claim[b] != L[s]) {
			waiting |= 1u << s;
			continue;
		}
		pl->rd_now |= 1u << s;
		if (rn_bit(m->rtv, L[s]))
			pl->rd_map |= 1u << s;
		pl->rd_pid[s] = m->rtp[L[s]];
	}
	return waiting;
}

static void rn_plan_insn(const rn_model *m, const rn_in *in, unsigned w, rn_plan *pl)
{
	int S = m->S;
	unsigned reg[RN_MAX_SRCS + 1];
	int kind[RN_MAX_SRCS + 1] = {0}, L[RN_MAX_SRCS + 1] = {0};
	unsigned nolook = 0;
	for (int s = 0; s <= S; s++) {
		reg[s] = (s < S ? in->op_reg[s] : in->op_dst) & 63u;
		kind[s] = rn_kind(m, reg[s]);
		L[s] = kind[s] == RK_REN ? rn_index(m, w, reg[s]) : -1;
		if (kind[s] == RK_REN && L[s] < 0)
			kind[s] = RK_ILLEGAL;
		if (L[s] < 0)
			nolook |= 1u << s;
	}
	unsigned waiting = rn_serve(m, S + 1, L, m->srv, pl);
	if (waiting) {
		pl->op_wait = RN_WAIT_BANK;
		pl->srv_next = m->srv | pl->rd_now | nolook;
		return;
	}
	/* every slot served by the end of this cycle */
	int map[RN_MAX_SRCS + 1];
	unsigned pid[RN_MAX_SRCS + 1];
	for (int s = 0; s <= S; s++) {
		map[s] = 0;
		pid[s] = 0;
		if (kind[s] == RK_EXEMPT) {
			pid[s] = rn_exempt_pid(m, w, reg[s]);
		} else if (kind[s] == RK_REN) {
			if ((m->srv >> s) & 1u) {
				map[s] = (int)((m->opm >> s) & 1u);
				pid[s] = m->opp[s];
			} else {
				map[s] = (int)((pl->rd_map >> s) & 1u);
				pid[s] = pl->rd_pid[s];
			}
		}
	}
	uint64_t flags = 0;
	if ((m->cv >> w) & 1u)
		flags = m->fcf[m->ci[w]] >> (3u * m->cs[w]);
	unsigned rel = 0;
	for (int j = 0; j < S; j++) {
		if (!((flags >> j) & 1u) || kind[j] != RK_REN || !map[j] || reg[j] == reg[S])
			continue;
		int dup = 0;
		for (int i = 0; i < j; i++)
			if (((rel >> i) & 1u) && reg[i] == reg[j])
				dup = 1;
		if (!dup)
			rel |= 1u << j;
	}
	int nrel = (int)wg_popc64(rel);
	int pffree = m->cfg.pf_depth - (int)wg_popc64(m->pfv[w]);
	if (nrel > pffree) {
		pl->op_wait = RN_WAIT_PF;
		pl->srv_next = m->srv | pl->rd_now | nolook;
		return;
	}
	pl->op_ready = 1;
	pl->rel = rel;
	for (int j = 0; j < S; j++) {
		pl->src_pid[j] = kind[j] == RK_EXEMPT || map[j] ? pid[j] : 0;
		if ((rel >> j) & 1u) {
			pl->rel_l[pl->nrel] = L[j];
			pl->rel_p[pl->nrel] = (uint16_t)pid[j];
			pl->nrel++;
		}
	}
	pl->dst_pid = kind[S] == RK_EXEMPT || map[S] ? pid[S] : 0;
	pl->dst_new = kind[S] == RK_REN && !map[S];
	/* classes: a mapped or exempt operand's id is TFET (0 for none, unmapped) */
	for (int j = 0; j < S; j++)
		if ((kind[j] == RK_EXEMPT || map[j]) && (int)pid[j] >= m->pt)
			pl->src_tfet |= 1u << j;
	pl->dst_tfet = (kind[S] == RK_EXEMPT || map[S]) && (int)pid[S] >= m->pt;
	pl->insn_oc15 = m->oc[w] == 15;
	pl->ev[RN_EV_FC_READ] = 1;
}

static void rn_plan_pbr(const rn_model *m, const rn_in *in, unsigned w, rn_plan *pl)
{
	int L[RN_PBR_SLOTS] = {0};
	unsigned nolook = 0;
	if (m->oc[w]) {
		pl->op_wait = RN_WAIT_OC;
		return;
	}
	for (int s = 0; s < RN_PBR_SLOTS; s++) {
		unsigned r = in->op_reg[s] & 63u;
		L[s] = rn_kind(m, r) == RK_REN ? rn_index(m, w, r) : -1;
		if (L[s] < 0)
			nolook |= 1u << s;
	}
	unsigned waiting = rn_serve(m, RN_PBR_SLOTS, L, m->srv, pl);
	for (int s = 0; s < RN_PBR_SLOTS; s++) {
		if (!((pl->rd_map >> s) & 1u))
			continue;
		int dup = 0;
		for (int i = 0; i < pl->nfree; i++)
			if (pl->free_l[i] == L[s])
				dup = 1;
		if (!dup)
			pl->free_l[pl->nfree++] = L[s];
	}
	if (waiting) {
		pl->op_wait = RN_WAIT_BANK;
		pl->srv_next = m->srv | pl->rd_now | nolook;
		return;
	}
	pl->op_ready = 1;
}

static void rn_plan_exit(const rn_model *m, unsigned w, rn_plan *pl)
{
	int R = rn_R(m), B = m->cfg.rt_banks;
	if (m->oc[w]) {
		pl->op_wait = RN_WAIT_OC;
		return;
	}
	int g = (int)m->swp;
	for (int j = 0; j < B; j++) {
		int idx = g * B + j;
		if (idx >= R)
			break;
		int L = rn_index(m, w, (unsigned)idx);
		if (L < 0)
			break;
		pl->ev[RN_EV_RT_READ]++;
		if (rn_bit(m->rtv, L))
			pl->free_l[pl->nfree++] = L;
	}
	if ((g + 1) * B >= R) {
		pl->op_ready = 1;
	} else {
		pl->op_wait = RN_WAIT_BANK;
		pl->swp_next = (unsigned)g + 1u;
	}
}
void rn_plan_make(const rn_model *m, const rn_in *in, rn_plan *pl)
{
	const rn_cfg *c = &m->cfg;
	memset(pl, 0, sizeof *pl);
	pl->pir_entry = -1;
	pl->commit = -1;
	rn_dom_occ(m, m->occ, pl->dom_occ);
	if (c->gating == RN_GATE_STATIC)
		rn_static_on(m, m->gb, pl->on);
	if (c->tfet_rows > 0) /* (no TFET ids otherwise: tmask is empty) */
		for (int i = 0; i < m->pwords; i++)
			pl->free_tfet += wg_popc64(m->tmask[i] & ~m->occ[i]);

	/* 2. release flag cache */
	if (in->pir_valid && in->pir_warp < (unsigned)c->warps) {
		uint32_t pc = (uint32_t)(in->pir_pc & wg_ones64(c->pc_bits));
		for (uint64_t v = m->fcv; v; v &= v - 1) {
			unsigned e = wg_ctz64(v);
			if (m->fct[e] == pc) {
				pl->pir_entry = (int)e;
				pl->pir_ready = pl->pir_hit = 1;
				pl->ev[RN_EV_FC_HIT] = 1;
				break;
			}
		}
		if (pl->pir_entry < 0) {
			uint64_t all = wg_ones64(c->fc_entries), inv = ~m->fcv & all;
			if (inv) {
				pl->pir_entry = (int)wg_ctz64(inv);
			} else {
				/* pinned by another warp's cursor: the requesting warp has
				 * renamed its old block, its own entry is free to go */
				uint64_t pinned = 0;
				for (uint64_t v = m->cv & ~(UINT64_C(1) << in->pir_warp); v; v &= v - 1)
					pinned |= UINT64_C(1) << m->ci[wg_ctz64(v)];
				uint64_t cand = all & ~pinned;
				if (cand) {
					uint64_t hi = cand & (~UINT64_C(0) << m->fvp);
					pl->pir_entry = (int)wg_ctz64(hi ? hi : cand);
				}
			}
			if (pl->pir_entry >= 0) {
				pl->pir_ready = 1;
				pl->ev[RN_EV_FC_FILL] = 1;
			}
		}
	}

	/* 3. the operation */
	if (in->op_valid && in->op_warp < (unsigned)c->warps) {
		if (in->op_kind == RN_OP_INSN)
			rn_plan_insn(m, in, in->op_warp, pl);
		else if (in->op_kind == RN_OP_PBR)
			rn_plan_pbr(m, in, in->op_warp, pl);
		else if (in->op_kind == RN_OP_EXIT)
			rn_plan_exit(m, in->op_warp, pl);
	}

	/* 5. pending-free commit */
	uint64_t cw = m->pfnz & ~m->ocnz;
	if (cw) {
		pl->commit = (int)wg_ctz64(cw);
		pl->commit_pf = m->pfv[pl->commit];
		pl->ev[RN_EV_FREE] += wg_popc64(pl->commit_pf);
	}
	pl->ev[RN_EV_FREE] += (unsigned)pl->nfree;

	/* 6. allocation, 7. power */
	rn_plan_alloc(m, in, pl);
	if (c->gating == RN_GATE_STATIC) {
		/* kernel-long gating: powered rows only, no wake at a grant (A18) */
		rn_dom_occ(m, pl->on, pl->dom_on);
		return;
	}
	for (int i = 0; i < RN_DW; i++) {
		pl->dom_on[i] = pl->dom_occ[i] | pl->dom_gnt[i];
		pl->ev[RN_EV_DOM_WAKE] += wg_popc64(pl->dom_gnt[i] & ~pl->dom_occ[i]);
	}
}

/* ------------------------------------------------------------------ */
/* Protocol                                                            */
/* ------------------------------------------------------------------ */

static const char *const rn_kind_names[] = {"INSN", "PBR", "EXIT", "kind 3"};

/* First violated rule of docs/rename.md, or 0; message in msg ("" when none). */
int rn_check(const rn_model *m, const rn_in *in, const rn_plan *pl, char *msg, size_t n)
{
	const rn_cfg *c = &m->cfg;
	int A = c->alloc_ports, S = m->S;
	int alc = 0;
	msg[0] = '\0';
	if (in->rst)
		return 0;
	for (int k = 0; k < A; k++)
		alc |= in->alc_valid[k] != 0;
	if (in->kl_valid) {
		unsigned kw = in->kl_warps, kr = in->kl_regs, ke = in->kl_exempt;
		unsigned emax = (unsigned)c->exempt < kr ? (unsigned)c->exempt : kr;
		if (in->pir_valid || in->op_valid || in->rd_done || alc) {
			snprintf(msg, n, "rename: kl_valid_i together with %s (a launch takes no other input)",
				 in->pir_valid ? "pir_valid_i" : in->op_valid ? "op_valid_i" :
				 in->rd_done ? "rd_done_i" : "alc_valid_i");
			return -1;
		}
		if (kw < 1 || kw > (unsigned)c->warps) {
			snprintf(msg, n, "rename: launch with kl_warps_i=%u (legal 1..WARPS=%d)", kw, c->warps);
			return -1;
		}
		if (kr < 1 || kr > (unsigned)c->regs) {
			snprintf(msg, n, "rename: launch with kl_regs_i=%u (legal 1..REGS=%d)", kr, c->regs);
			return -1;
		}
		if (ke > emax) {
			snprintf(msg, n, "rename: launch with kl_exempt_i=%u (legal 0..min(EXEMPT=%d, kl_regs_i=%u))",
				 ke, c->exempt, kr);
			return -1;
		}
		if ((long)kw * (kr - ke) > c->rt_entries) {
			snprintf(msg, n, "rename: launch with kw*(kr-ke)=%u*%u > RT_ENTRIES=%d", kw, kr - ke,
				 c->rt_entries);
			return -1;
		}
		if ((long)kw * ke > c->phys) {
			snprintf(msg, n, "rename: launch with kw*ke=%u*%u > PHYS_REGS=%d", kw, ke, c->phys);
			return -1;
		}
		if (c->gating == RN_GATE_STATIC && (long)kw * kr > c->phys) {
			snprintf(msg, n, "rename: GATING=STATIC launch with kw*kr=%u*%u > PHYS_REGS=%d (A17's U must fit: "
				 "W-P1-3)", kw, kr, c->phys);
			return -1;
		}
		return 0;
	}
	if (!m->running) {
		if (in->pir_valid || in->op_valid || in->rd_done || alc) {
			snprintf(msg, n, "rename: %s with no kernel running (launch first)",
				 in->pir_valid ? "pir_valid_i" : in->op_valid ? "op_valid_i" :
				 in->rd_done ? "rd_done_i" : "alc_valid_i");
			return -1;
		}
		return 0;
	}
	/* pir port */
	if (in->pir_valid) {
		if (in->pir_warp >= m->kw) {
			snprintf(msg, n, "rename: pir for warp %u >= the kernel's warps %u", in->pir_warp, m->kw);
			return -1;
		}
		if (in->op_valid && in->op_warp == in->pir_warp) {
			snprintf(msg, n, "rename: pir and an operation of the same warp %u in one cycle", in->pir_warp);
			return -1;
		}
	}
	/* the operation */
	if (m->held) {
		int same = in->op_valid && in->op_kind == m->h_kind && in->op_warp == m->h_warp;
		if (same && m->h_kind == RN_OP_INSN) {
			for (int s = 0; s < S; s++)
				same &= (in->op_reg[s] & 63u) == m->h_reg[s];
			same &= (in->op_dst & 63u) == m->h_dst;
		} else if (same && m->h_kind == RN_OP_PBR) {
			for (int s = 0; s < RN_PBR_SLOTS; s++)
				same &= (in->op_reg[s] & 63u) == m->h_reg[s];
		}
		if (!same) {
			snprintf(msg, n, "rename: the %s of warp %u was not held unchanged until op_ready_o",
				 rn_kind_names[m->h_kind & 3u], m->h_warp);
			return -1;
		}
	}
	if (in->op_valid) {
		unsigned w = in->op_warp;
		if (in->op_kind > RN_OP_EXIT) {
			snprintf(msg, n, "rename: op_kind_i=3 is not an operation");
			return -1;
		}
		if (w >= m->kw) {
			snprintf(msg, n, "rename: %s for warp %u >= the kernel's warps %u", rn_kind_names[in->op_kind], w,
				 m->kw);
			return -1;
		}
		if (in->op_kind != RN_OP_INSN && ((m->exited >> w) & 1u)) {
			snprintf(msg, n, "rename: %s of warp %u after its EXIT (a new thread block starts with a pir)",
				 rn_kind_names[in->op_kind], w);
			return -1;
		}
		if (in->op_kind == RN_OP_INSN) {
			if (!((m->cv >> w) & 1u)) {
				snprintf(msg, n, "rename: INSN of warp %u without a valid flag-cache cursor (pir first)", w);
				return -1;
			}
			for (int s = 0; s <= S; s++) {
				unsigned r = s < S ? in->op_reg[s] : in->op_dst;
				if (r > 63u || rn_kind(m, r) == RK_ILLEGAL) {
					snprintf(msg, n, "rename: INSN of warp %u %s r%u >= kernel registers %u", w,
						 s < S ? "source" : "destination", r, m->kr);
					return -1;
				}
			}
			if (pl->op_ready && pl->insn_oc15) {
				snprintf(msg, n, "rename: INSN of warp %u completes with oc_q=15 (counter full)", w);
				return -1;
			}
		} else if (in->op_kind == RN_OP_PBR) {
			for (int s = 0; s < RN_PBR_SLOTS; s++) {
				unsigned r = in->op_reg[s];
				if (r > 63u || rn_kind(m, r) == RK_ILLEGAL) {
					snprintf(msg, n, "rename: PBR of warp %u slot %d r%u >= kernel registers %u", w, s, r,
						 m->kr);
					return -1;
				}
			}
		}
	}
	/* operand reads */
	if (in->rd_done && (in->rd_warp >= (unsigned)c->warps || m->oc[in->rd_warp] == 0)) {
		snprintf(msg, n, "rename: rd_done_i for warp %u with no instruction reading operands (oc_q=0)",
			 in->rd_warp);
		return -1;
	}
	/* allocation */
	for (int k = 0; k < A; k++) {
		if (!in->alc_valid[k])
			continue;
		unsigned w = in->alc_warp[k], r = in->alc_reg[k];
		if (w >= m->kw) {
			snprintf(msg, n, "rename: allocation port %d for warp %u >= the kernel's warps %u", k, w, m->kw);
			return -1;
		}
		if ((m->exited >> w) & 1u) {
			snprintf(msg, n, "rename: allocation port %d for warp %u after its EXIT (every instruction must "
				 "complete before EXIT)", k, w);
			return -1;
		}
		if (r > 63u || rn_kind(m, r) != RK_REN) {
			snprintf(msg, n, "rename: allocation port %d for r%u which is not renamable (R=%d)", k, r, rn_R(m));
			return -1;
		}
		if (c->tfet_rows > 0 && in->alc_tfet[k] && in->alc_load[k]) {
			snprintf(msg, n, "rename: allocation port %d asks a TFET id for a load (alc_tfet_i with alc_load_i, "
				 "A11)", k);
			return -1;
		}
		int L = rn_index(m, w, r);
		if (L < 0 || rn_bit(m->rtv, L)) {
			snprintf(msg, n, "rename: allocation port %d for warp %u r%u which is already mapped", k, w, r);
			return -1;
		}
		for (int j = 0; j < k; j++) {
			if (in->alc_valid[j] && in->alc_warp[j] == w && in->alc_reg[j] == r) {
				snprintf(msg, n, "rename: allocation ports %d and %d both for warp %u r%u", j, k, w, r);
				return -1;
			}
		}
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Typed outputs                                                       */
/* ------------------------------------------------------------------ */
static void rn_fill_out(const rn_model *m, const rn_plan *pl, rn_out *out)
{
	memset(out, 0, sizeof *out);
	out->pir_ready = (unsigned)pl->pir_ready;
	out->pir_hit = (unsigned)pl->pir_hit;
	out->op_ready = (unsigned)pl->op_ready;
	out->op_wait = (unsigned)pl->op_wait;
	if (pl->op_ready) {
		for (int j = 0; j < m->S; j++) {
			out->op_src_pid[j] = pl->src_pid[j];
			out->op_rel[j] = (pl->rel >> j) & 1u;
		}
		out->op_dst_pid = pl->dst_pid;
		out->op_dst_new = pl->dst_new;
	}
	for (int k = 0; k < m->cfg.alloc_ports; k++) {
		out->alc_gnt[k] = pl->gnt[k];
		out->alc_pid[k] = pl->pid[k];
	}
	if (m->cfg.tfet_rows > 0) {
		if (pl->op_ready) {
			for (int j = 0; j < m->S; j++)
				out->op_src_tfet[j] = (pl->src_tfet >> j) & 1u;
			out->op_dst_tfet = pl->dst_tfet;
		}
		for (int k = 0; k < m->cfg.alloc_ports; k++)
			out->alc_tfet[k] = pl->tfet[k];
		out->free_tfet = pl->free_tfet;
	}
	rn_reg_on(m, pl, out->reg_on);
	for (int i = 0; i < RN_DW; i++)
		out->dom_on[i] = pl->dom_on[i];
	memcpy(out->ev, pl->ev, sizeof out->ev);
}

int rn_eval(const rn_model *m, const rn_in *in, rn_out *out)
{
	rn_plan pl;
	rn_plan_make(m, in, &pl);
	rn_fill_out(m, &pl, out);
	return rn_check(m, in, &pl, out->msg, sizeof out->msg);
}

/* ------------------------------------------------------------------ */
/* The edge                                                            */
/* ------------------------------------------------------------------ */

static void rn_launch(rn_model *m, const rn_in *in)
{
	m->running = 1;
	m->kw = in->kl_warps <= (unsigned)m->cfg.warps ? in->kl_warps : (unsigned)m->cfg.warps;
	m->exited = 0;
	m->kr = in->kl_regs & 63u;
	m->ke = in->kl_exempt & 63u;
	memset(m->rtv, 0, sizeof m->rtv);
	m->fcv = 0;
	m->cv = 0;
	memset(m->pfv, 0, sizeof m->pfv);
	memset(m->oc, 0, sizeof m->oc);
	m->ocnz = m->pfnz = 0;
	m->srv = 0;
	m->opm = 0;
	m->swp = 0;
	m->fvp = 0;
	m->held = 0;
	memset(m->occ, 0, sizeof m->occ);
	long nres = (long)in->kl_warps * m->ke;
	if (nres > m->cfg.phys)
		nres = m->cfg.phys;
	for (int i = 0; i * 64 < nres; i++)
		m->occ[i] = wg_ones64(nres - i * 64);
	m->last = (unsigned)(m->cfg.phys - m->sub);
	if (m->cfg.gating == RN_GATE_STATIC)
		m->gb = (unsigned)rn_static_rows(&m->cfg, (int)(in->kl_warps & 127u), (int)m->kr, (int)m->ke);
}

/* Unmap table entry L and free its physical id. */
static void rn_unmap_free(rn_model *m, int L)
{
	rn_clr(m->rtv, L);
	rn_clr(m->occ, m->rtp[L]);
}

/* ocnz and pfnz's bits of warp w from oc_q[w] and pfv_q[w]. */
static void rn_derive(rn_model *m, unsigned w)
{
	uint64_t bit = UINT64_C(1) << w;
	m->ocnz = m->oc[w] ? m->ocnz | bit : m->ocnz & ~bit;
	m->pfnz = m->pfv[w] ? m->pfnz | bit : m->pfnz & ~bit;
}

void rn_apply(rn_model *m, const rn_in *in, const rn_plan *pl)
{
	const rn_cfg *c = &m->cfg;
	m->ck_ok = 0;
	for (int e = 0; e < RN_NEVENTS; e++)
		m->counts[e] += pl->ev[e];
	if (in->kl_valid) {
		rn_launch(m, in);
		return;
	}
	/* 2. flag cache */
	if (pl->pir_ready) {
		unsigned w = in->pir_warp, e = (unsigned)pl->pir_entry;
		if (!pl->pir_hit) {
			m->fcv |= UINT64_C(1) << e;
			m->fct[e] = (uint32_t)(in->pir_pc & wg_ones64(c->pc_bits));
			m->fcf[e] = in->pir_flags & wg_ones64(3 * RN_PIR_SLOTS);
			m->fvp = (e + 1u) % (unsigned)c->fc_entries;
		}
		m->cv |= UINT64_C(1) << w;
		m->ci[w] = (uint8_t)e;
		m->cs[w] = 0;
	} else if (in->pir_valid && in->pir_warp < (unsigned)c->warps) {
		/* refused: the warp has renamed its old block, its cursor no longer pins */
		m->cv &= ~(UINT64_C(1) << in->pir_warp);
	}
	if (in->pir_valid && in->pir_warp < (unsigned)c->warps)
		m->exited &= ~(UINT64_C(1) << in->pir_warp);  /* the slot's next thread block */
	/* 3. the operation */
	if (in->op_valid && in->op_warp < (unsigned)c->warps) {
		unsigned w = in->op_warp;
		for (int i = 0; i < pl->nfree; i++)
			rn_unmap_free(m, pl->free_l[i]);
		if (pl->op_ready) {
			if (in->op_kind == RN_OP_INSN) {
				for (int i = 0; i < pl->nrel; i++) {
					rn_clr(m->rtv, pl->rel_l[i]);
					for (int j = 0; j < c->pf_depth; j++) {
						if (!((m->pfv[w] >> j) & 1u)) {
							m->pfv[w] |= (uint16_t)(1u << j);
							m->pfp[w][j] = pl->rel_p[i];
							break;
						}
					}
				}
				m->oc[w] = (uint8_t)((m->oc[w] + 1u) & 15u);
				if (m->cs[w] >= RN_PIR_SLOTS - 1)
					m->cv &= ~(UINT64_C(1) << w);
				else
					m->cs[w]++;
			} else if (in->op_kind == RN_OP_EXIT) {
				m->cv &= ~(UINT64_C(1) << w);
				m->exited |= UINT64_C(1) << w;
			}
			m->srv = 0;
			m->opm = 0;
			m->swp = 0;
			m->held = 0;
		} else {
			for (int s = 0; s <= m->S && in->op_kind == RN_OP_INSN; s++) {
				if ((pl->rd_now >> s) & 1u) {
					m->opp[s] = pl->rd_pid[s];
					m->opm = (m->opm & ~(1u << s)) | (((pl->rd_map >> s) & 1u) << s);
				}
			}
			if (in->op_kind != RN_OP_EXIT)
				m->srv = pl->srv_next;
			else
				m->swp = pl->op_wait == RN_WAIT_BANK ? pl->swp_next : m->swp;
			m->held = 1;
			m->h_kind = in->op_kind;
			m->h_warp = w;
			for (int s = 0; s < RN_PBR_SLOTS; s++)
				m->h_reg[s] = in->op_reg[s] & 63u;
			m->h_dst = in->op_dst & 63u;
		}
	}
	/* 4. operand reads */
	if (in->rd_done && in->rd_warp < (unsigned)c->warps)
		m->oc[in->rd_warp] = (uint8_t)((m->oc[in->rd_warp] - 1u) & 15u);
	/* 5. pending-free commit: the entries valid at the start of the cycle
	 * (an INSN of the same warp completing now wrote only invalid ones) */
	if (pl->commit >= 0) {
		int w = pl->commit;
		for (unsigned v = pl->commit_pf; v; v &= v - 1u)
			rn_clr(m->occ, m->pfp[w][wg_ctz64(v)]);
		m->pfv[w] = (uint16_t)(m->pfv[w] & ~pl->commit_pf);
	}
	/* 6. allocation */
	int lastk = -1;
	for (int k = 0; k < c->alloc_ports; k++) {
		if (!pl->gnt[k])
			continue;
		rn_set(m->occ, (int)pl->pid[k]);
		rn_set(m->rtv, pl->gnt_l[k]);
		m->rtp[pl->gnt_l[k]] = (uint16_t)pl->pid[k];
		lastk = k;
	}
	if (lastk >= 0 && c->policy == RN_WEAR_LEVEL)
		m->last = pl->pid[lastk];
	/* derived masks: oc_q and pfv_q changed only for these warps */
	if (in->op_valid && in->op_warp < (unsigned)c->warps)
		rn_derive(m, in->op_warp);
	if (in->rd_done && in->rd_warp < (unsigned)c->warps)
		rn_derive(m, in->rd_warp);
	if (pl->commit >= 0)
		rn_derive(m, (unsigned)pl->commit);
}

void rn_tick(rn_model *m, const rn_in *in)
{
	rn_plan pl;
	if (in->rst) {
		rn_reset(m);
		return;
	}
	rn_plan_make(m, in, &pl);
	rn_apply(m, in, &pl);
}

/* ------------------------------------------------------------------ */
/* Accessors                                                           */
/* ------------------------------------------------------------------ */

const rn_cfg *rn_config(const rn_model *m)
{
	return &m->cfg;
}

const uint64_t *rn_counts(const rn_model *m)
{
	return m->counts;
}

int rn_running(const rn_model *m)
{
	return m->running;
}

void rn_shape(const rn_model *m, int *kw, int *kr, int *ke)
{
	if (kw)
		*kw = (int)m->kw;
	if (kr)
		*kr = (int)m->kr;
	if (ke)
		*ke = (int)m->ke;
}

int rn_lookup(const rn_model *m, int w, int r)
{
	if (w < 0 || w >= m->cfg.warps || r < 0 || r > 63)
		return -1;
	int k = rn_kind(m, (unsigned)r);
	if (k == RK_EXEMPT)
		return (int)rn_exempt_pid(m, (unsigned)w, (unsigned)r);
	if (k != RK_REN)
		return -1;
	int L = rn_index(m, (unsigned)w, (unsigned)r);
	return L >= 0 && rn_bit(m->rtv, L) ? m->rtp[L] : -1;
}

int rn_occupied(const rn_model *m, int p)
{
	return p >= 0 && p < m->cfg.phys ? rn_bit(m->occ, p) : 0;
}

int rn_occ_count(const rn_model *m)
{
	int n = 0;
	for (int i = 0; i < m->pwords; i++)
		n += (int)wg_popc64(m->occ[i]);
	return n;
}

int rn_oc_count(const rn_model *m, int w)
{
	return w >= 0 && w < m->cfg.warps ? m->oc[w] : 0;
}

int rn_pending(const rn_model *m, int w, unsigned *pids)
{
	int n = 0;
	if (w < 0 || w >= m->cfg.warps)
		return 0;
	for (int j = 0; j < m->cfg.pf_depth; j++) {
		if (!((m->pfv[w] >> j) & 1u))
			continue;
		if (pids)
			pids[n] = m->pfp[w][j];
		n++;
	}
	return n;
}

unsigned rn_flags(const rn_model *m, int w)
{
	if (w < 0 || w >= m->cfg.warps || !((m->cv >> w) & 1u))
		return 0;
	return (unsigned)((m->fcf[m->ci[w]] >> (3u * m->cs[w])) & 7u);
}

int rn_cursor(const rn_model *m, int w, int *entry, int *slot)
{
	if (w < 0 || w >= m->cfg.warps)
		return 0;
	if (entry)
		*entry = m->ci[w];
	if (slot)
		*slot = m->cs[w];
	return (int)((m->cv >> w) & 1u);
}

int rn_busy(const rn_model *m)
{
	return m->srv != 0 || m->swp != 0;
}


/* ------------------------------------------------------------------ */
/* TFET classes and STATIC gating (docs/rename.md "TFET register classes") */
/* ------------------------------------------------------------------ */

int rn_pt(const rn_cfg *c)
{
	return c->phys - c->rf_banks * c->tfet_rows;
}

int rn_is_tfet(const rn_cfg *c, int p)
{
	return p >= rn_pt(c);
}

/* A17 with the partition's share: need = max(ceil(U*CR/ROWS), U - N_TFET,
 * kw*ke), powered CMOS ids = min(N_CMOS, need), rounded up to whole rows. */
int rn_static_rows(const rn_cfg *c, int kw, int kr, int ke)
{
	long rows = c->phys / c->rf_banks, cr = rows - c->tfet_rows;
	long nt = (long)c->rf_banks * c->tfet_rows, nc = c->phys - nt;
	long U = (long)kw * kr;
	long need = (U * cr + rows - 1) / rows;
	if (U - nt > need)
		need = U - nt;
	if ((long)kw * ke > need)
		need = (long)kw * ke;
	long pc = need < nc ? need : nc;
	return (int)((pc + c->rf_banks - 1) / c->rf_banks);
}

int rn_gb(const rn_model *m)
{
	return (int)m->gb;
}

int rn_powered(const rn_model *m, int p)
{
	if (m->cfg.gating != RN_GATE_STATIC)
		return 1;
	return p >= m->pt || p < (int)m->gb * m->cfg.rf_banks;
}

int rn_free_tfet(const rn_model *m)
{
	int n = 0;
	for (int i = 0; i < m->pwords; i++)
		n += (int)wg_popc64(m->tmask[i] & ~m->occ[i]);
	return n;
}
