/* equalizer_drive.c - the environment's drive for the `equalizer` stimulus
 * (docs/equalizer.md), used by the random stream (equalizer_stim.c) and the
 * directed cases (equalizer_stim_cases.c): kernel starts, the work
 * distributor's launches, the warp-to-slot map, and an epoch's warp states
 * spread over its samples (eqs_drive_row). Everything goes into s->cur,
 * this cycle's inputs, packed into the frame by equalizer_stim.c. */
#include <stdio.h>
#include <string.h>

#include "equalizer_stim.h"

/* Warps whose wslot_i (this cycle's s->cur.wslot) is one of the slots in the
 * set: from the cached map's per-slot masks when eqs_gwde drove it this cycle. */
uint64_t eqs_slot_warps(const eqs_stim *s, unsigned slots)
{
	uint64_t m = 0;
	slots &= (unsigned)wg_ones64(s->c.max_ctas);
	if (s->map_now) {
		for (; slots; slots &= slots - 1)
			m |= s->smask[__builtin_ctz(slots)];
		return m;
	}
	for (int w = 0; w < s->c.warps; w++) {
		unsigned sl = eqs_slot_of(s, w);
		if (sl < (unsigned)s->c.max_ctas && (slots >> sl) & 1u)
			m |= EB(w);
	}
	return m;
}

/* warps of valid, unpaused slots (the shadow's state at the start of this cycle) */
uint64_t eqs_avail(const eqs_stim *s)
{
	return s->cur.wcta ? eqs_slot_warps(s, s->r.valid & ~s->r.paused) : 0;
}

/* wslot_i: recomputed (with the per-slot masks) only when wcta or the warp
 * order changes (s->map_wcta = ~0u after a SLOT_MAP shuffle and at init) */
static void map_warps(eqs_stim *s)
{
	if (s->map_wcta != s->cur.wcta) {
		unsigned top = (unsigned)wg_ones64(s->SB);
		memset(s->smask, 0, sizeof s->smask);
		for (int i = 0; i < s->c.warps; i++) { /* wperm: the identity unless SLOT_MAP=1 */
			unsigned sl = s->cur.wcta ? (unsigned)i / s->cur.wcta : 0;
			sl = sl > top ? top : sl;
			s->map_slot[s->wperm[i]] = (uint8_t)sl;
			if (sl < (unsigned)s->c.max_ctas)
				s->smask[sl] |= EB(s->wperm[i]);
		}
		memset(s->map_words, 0, sizeof s->map_words); /* packed as wg_elems_put8 does */
		for (int w = 0; w < s->c.warps; w++) {
			unsigned bit = (unsigned)(w * s->SB);
			uint64_t v = (uint64_t)s->map_slot[w] << (bit % 32);
			s->map_words[bit / 32] |= (uint32_t)v;
			if (v >> 32)
				s->map_words[bit / 32 + 1] |= (uint32_t)(v >> 32);
		}
		s->map_wcta = s->cur.wcta;
	}
	memcpy(s->cur.wslot, s->map_slot, (size_t)s->c.warps);
	s->map_now = 1;
}

void eqs_kstart(eqs_stim *s, unsigned kmax, unsigned wcta, long pool)
{
	s->krun = 1;
	s->kmax = kmax, s->wcta = wcta, s->pool = pool;
	s->gw_at = -1;
	s->cur.kstart = 1;
	s->nkstart++;
}

/* The kernel's inputs and an answered request (not in a kernel start's cycle). */
void eqs_gwde(eqs_stim *s)
{
	eqs_in *c = &s->cur;
	c->kmax = s->krun ? s->kmax : 0;
	c->wcta = s->krun ? s->wcta : 0;
	c->gwde = s->krun && s->pool > 0;
	map_warps(s);
	if (c->kstart || s->gw_at < 0)
		return;
	if (!s->r.rpend) { /* forgotten: the distributor ran out */
		s->gw_at = -1;
		return;
	}
	unsigned fr = ~s->r.valid & (unsigned)wg_ones64(s->c.max_ctas);
	if (s->cyc_now < s->gw_at || !fr || s->pool <= 0)
		return;
	int sl = 0;
	while (!((fr >> sl) & 1u))
		sl++;
	c->launch = 1, c->lslot = (unsigned)sl;
	s->pool--;
	s->gw_at = -1;
	s->nlaunch++;
	s->life[sl] = 1 + eqs_pick(s, s->k[EK_CTA_LIFE]);
	s->sprof[sl] = wg_pct(&s->rng, 70) ? s->prof : (int)eqs_pick(s, EP_NBASE); /* mixed: mostly the kernel's tendency */
}

/* ---- directed warps: an epoch's sums spread over its samples ---- */

static long share(long sum, int S, long k) { return sum / S + (k < sum % S); }

void eqs_drive_row(eqs_stim *s, const eqs_row *row)
{
	eqs_in *c = &s->cur;
	uint64_t av = eqs_avail(s), vw = 0;
	long k = (long)(s->r.cyc / (unsigned)s->c.sample_period);
	long nm = 0, nx = 0, nw = 0, ne = 0;
	if (c->wcta) /* warps of valid slots */
		vw = eqs_slot_warps(s, s->r.valid);
	/* paused warps' heads look like X_mem: they must not be counted */
	uint64_t pz = vw & ~av;
	c->hv = c->hrdy = c->hmem = pz;
	c->hbar = c->iss = 0;
	c->lsu_full = 0;
	switch (row->kind) {
	case R_IDLE:
		return;
	case R_ALLMEM:
		nm = eqs_popc(av);
		break;
	case R_ALLWAIT:
		nw = eqs_popc(av);
		break;
	case R_EDGE_ODD: /* the first sample: one X_mem warp; the last: 64 */
		nm = k == 0 ? 1 : k == s->S - 1 ? 64 : 0;
		break;
	default:
		nm = share(row->xm, s->S, k);
		nx = share(row->xa, s->S, k);
		nw = share(row->wt, s->S, k);
		ne = share(row->a - row->xm - row->xa - row->wt, s->S, k); /* active only (at a barrier) */
		break;
	}
	if (ne > 0 && !s->c.barrier_active && !s->ferr[0])
		snprintf(s->ferr, sizeof s->ferr, "stimulus: the row needs BARRIER_IS_ACTIVE=1");
	for (int w = 0; w < s->c.warps; w++) {
		if (!((av >> w) & 1u))
			continue;
		uint64_t b = EB(w);
		if (nm > 0)
			c->hv |= b, c->hrdy |= b, c->hmem |= b, nm--;
		else if (nx > 0)
			c->hv |= b, c->hrdy |= b, nx--;
		else if (nw > 0)
			c->hv |= b, nw--;
		else if (ne > 0)
			c->hv |= b, c->hbar |= b, ne--;
	}
	if ((nm > 0 || nx > 0 || nw > 0 || ne > 0) && !s->ferr[0])
		snprintf(s->ferr, sizeof s->ferr, "stimulus: not enough unpaused warps for the row at sample %ld", k);
}
