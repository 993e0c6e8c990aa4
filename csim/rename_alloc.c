/* rename_alloc.c - the renaming table's allocation (docs/rename.md "One
 * cycle" step 6: cascaded masks, table-bank write conflict, the placement
 * policies CONSOLIDATE / LOWEST_FIRST / WEAR_LEVEL; with TFET_ROWS > 0 the
 * class sets and the fallback of "TFET register classes") and the gating
 * of step 7 (OCCUPANCY domains, STATIC powered rows). Physical-id vectors
 * are uint64_t words searched with ctz. */
#include <string.h>

#include "rename_int.h"

int rn_dom_of(const rn_cfg *c, int p)
{
	int sub = c->phys / c->subarrays;
	return (p / sub) * c->rf_banks + p % c->rf_banks;
}

/* The first set bit of the physical vector v at or after start, circular; -1 if none. */
static int rn_first_from(const rn_model *m, const uint64_t *v, int start)
{
	int nw = m->pwords, w0 = start >> 6;
	uint64_t hi = v[w0] & (~UINT64_C(0) << (start & 63));
	if (hi)
		return w0 * 64 + (int)wg_ctz64(hi);
	for (int i = 1; i <= nw; i++) {
		int wi = (w0 + i) % nw;
		if (v[wi])
			return wi * 64 + (int)wg_ctz64(v[wi]);
	}
	return -1;
}

static int rn_first(const rn_model *m, const uint64_t *v)
{
	for (int i = 0; i < m->pwords; i++)
		if (v[i])
			return i * 64 + (int)wg_ctz64(v[i]);
	return -1;
}

/* Domains holding an occupied register of occ. */
void rn_dom_occ(const rn_model *m, const uint64_t *occ, uint64_t *dom)
{
	int chunk = m->sub < 64 ? m->sub : 64, nb = m->cfg.rf_banks;
	int lim = m->cfg.phys < 64 ? m->cfg.phys : 64;
	memset(dom, 0, RN_DW * sizeof *dom);
	if (m->sub >= 64) { /* whole words per sub-array: OR them, then test each bank once */
		int wps = m->sub / 64; /* words of one sub-array */
		for (int s = 0; s * wps < m->pwords; s++) {
			uint64_t x = 0;
			for (int j = 0; j < wps; j++)
				x |= occ[s * wps + j];
			for (int b = 0; x && b < nb; b++)
				if (x & m->bankpat[b])
					rn_set(dom, s * nb + b);
		}
		return;
	}
	for (int i = 0; i < m->pwords; i++) {
		uint64_t x = occ[i];
		if (!x)
			continue;
		for (int off = 0; off < lim; off += chunk) {
			uint64_t cm = wg_ones64(chunk) << off;
			int s = (i * 64 + off) / m->sub;
			for (int b = 0; b < nb; b++)
				if (x & cm & m->bankpat[b])
					rn_set(dom, s * nb + b);
		}
	}
}

/* Ids lying in one of the domains of dom. */
static void rn_dom_ids(const rn_model *m, const uint64_t *dom, uint64_t *ids)
{
	int chunk = m->sub < 64 ? m->sub : 64, nb = m->cfg.rf_banks;
	int lim = m->cfg.phys < 64 ? m->cfg.phys : 64;
	for (int i = 0; i < m->pwords; i++) {
		uint64_t x = 0;
		for (int off = 0; off < lim; off += chunk) {
			uint64_t cm = wg_ones64(chunk) << off;
			int s = (i * 64 + off) / m->sub;
			for (int b = 0; b < nb; b++)
				if (rn_bit(dom, s * nb + b))
					x |= cm & m->bankpat[b];
		}
		ids[i] = x;
	}
}

/* POLICY's choice inside the id set v (docs/rename.md step 6; with classes,
 * "Allocation inside a class"); -1 when v is empty. */
static int rn_pick(const rn_model *m, const uint64_t *v, const uint64_t *pref, int start)
{
	uint64_t cand[RN_PW];
	int p;
	switch (m->cfg.policy) {
	case RN_LOWEST_FIRST:
		return rn_first(m, v);
	case RN_CONSOLIDATE:
		for (int i = 0; i < m->pwords; i++)
			cand[i] = v[i] & pref[i];
		p = rn_first(m, cand);
		return p >= 0 ? p : rn_first(m, v);
	default:
		return rn_first_from(m, v, start);
	}
}

/* Request classes of one port. */
enum { RQ_ANY, RQ_CMOS, RQ_TFET };

void rn_plan_alloc(const rn_model *m, const rn_in *in, rn_plan *pl)
{
	const rn_cfg *c = &m->cfg;
	uint64_t avail[RN_PW] = {0}, pref[RN_PW] = {0}, set[RN_PW], alt[RN_PW];
	int any = 0, classes = c->tfet_rows > 0;
	for (int k = 0; k < c->alloc_ports; k++)
		any |= in->alc_valid[k] != 0;
	if (!any)
		return;
	for (int i = 0; i < m->pwords; i++) {
		avail[i] = ~m->occ[i];
		if (c->gating == RN_GATE_STATIC)
			avail[i] &= pl->on[i];  /* a gated row is never allocated */
	}
	avail[m->pwords - 1] &= m->pmask_last;
	if (c->policy == RN_CONSOLIDATE)
		rn_dom_ids(m, pl->dom_occ, pref);
	int start = (int)((m->last + (unsigned)m->sub) % (unsigned)c->phys);
	unsigned banks = 0;
	for (int k = 0; k < c->alloc_ports; k++) {
		if (!in->alc_valid[k])
			continue;
		unsigned w = in->alc_warp[k], r = in->alc_reg[k] & 63u;
		int L = rn_kind(m, r) == RK_REN ? rn_index(m, w, r) : -1;
		if (L < 0)
			continue; /* protocol violation: neither granted nor counted */
		unsigned b = (unsigned)(L % c->rt_banks);
		int p = -1, rq = RQ_ANY, fb = 0;
		if (classes) {
			int load = in->alc_load[k] != 0;
			if (load)
				rq = RQ_CMOS;  /* A11: a load is CMOS only, no fallback */
			else if (c->cls == RN_CMOS_RA)
				rq = RQ_CMOS, fb = 1;
			else if (c->cls == RN_MEM_RA)
				rq = in->alc_tfet[k] ? RQ_TFET : RQ_CMOS, fb = 1;
		}
		if (!((banks >> b) & 1u)) {
			for (int i = 0; i < m->pwords; i++) {
				uint64_t t = m->tmask[i];
				set[i] = rq == RQ_ANY ? avail[i] : rq == RQ_TFET ? avail[i] & t : avail[i] & ~t;
				alt[i] = rq == RQ_TFET ? avail[i] & ~t : avail[i] & t;
			}
			p = rn_pick(m, set, pref, start);
			if (p < 0 && fb)
				p = rn_pick(m, alt, pref, start);
		}
		if (p < 0) {
			pl->ev[RN_EV_ALLOC_STALL]++;
			continue;
		}
		rn_clr(avail, p);
		banks |= 1u << b;
		pl->gnt[k] = 1;
		pl->pid[k] = (unsigned)p;
		pl->gnt_l[k] = L;
		rn_set(pl->dom_gnt, rn_dom_of(c, p));
		pl->ev[RN_EV_RT_WRITE]++;
		if (classes) {
			int tf = p >= m->pt;
			pl->tfet[k] = (unsigned)tf;
			pl->ev[tf ? RN_EV_ALLOC_TFET : RN_EV_ALLOC_CMOS]++;
			if (rq == RQ_TFET && !tf)
				pl->ev[RN_EV_TFET_REFUSED]++;   /* TRQS - TUSG, W-P1-1 */
			if (rq == RQ_CMOS && tf)
				pl->ev[RN_EV_FALLBACK_TFET]++;  /* W-P1-2 */
		}
	}
}

void rn_static_on(const rn_model *m, unsigned gb, uint64_t *on)
{
	long lim = (long)gb * m->cfg.rf_banks;   /* CMOS ids below it are powered */
	memset(on, 0, RN_PW * sizeof *on);
	for (int i = 0; i < m->pwords; i++) {
		long lo = (long)i * 64;
		uint64_t low = lim <= lo ? 0 : lim >= lo + 64 ? ~UINT64_C(0) : wg_ones64(lim - lo);
		on[i] = m->tmask[i] | low;
	}
	on[m->pwords - 1] &= m->pmask_last;
}

void rn_reg_on(const rn_model *m, const rn_plan *pl, uint64_t *v)
{
	if (m->cfg.gating == RN_GATE_STATIC) {
		memcpy(v, pl->on, (size_t)m->pwords * sizeof *v);
		return;
	}
	memcpy(v, m->occ, (size_t)m->pwords * sizeof *v);
	for (int k = 0; k < m->cfg.alloc_ports; k++)
		if (pl->gnt[k])
			rn_set(v, (int)pl->pid[k]);
}
