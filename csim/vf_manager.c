/* vf_manager.c - bit-exact C cycle model of Equalizer's frequency manager.
 *
 * Implements docs/vf_manager.md "One cycle" literally: vfm_eval computes the
 * outputs from the state at the start of the cycle and this cycle's strobe
 * and requests; vfm_tick applies the edge. Both derive the cycle's
 * decisions from vfm_plan_make, so they cannot disagree. The frame entry
 * points (vfm_model_eval/tick, what co-simulation and bench run) read the
 * port words directly into the same plan instead of unpacking a vfm_in.
 *
 * The model is one block of vfm_size() bytes with no pointer to itself (the
 * frame layout is copied in), so it may be copied with memcpy. */
#include "vf_manager.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "equalizer.h"
#include "wg_bits.h"

/* Everything one cycle decides, from the state and the inputs. */
typedef struct vfm_plan {
	unsigned strobe;          /* stb_i != 0 */
	unsigned win;             /* win_o: the winning request, 0 when none or no strobe */
	unsigned start;           /* a level change sent to the regulators */
	unsigned apply;           /* new levels take effect at this edge */
	unsigned drop;            /* a winner dropped: a transition is in flight */
	unsigned sm_new, mem_new; /* levels of the decision (start) */
	int lat;                  /* its latency: max over the domains that change */
} vfm_plan;

struct vfm_model {
	vfm_cfg cfg;                    /* parameter values */
	unsigned sm, mem;               /* sm_q, mem_q: current levels */
	unsigned nsm, nmem;             /* nsm_q, nmem_q: pending levels */
	unsigned busy;                  /* busy_q: a transition is in flight */
	unsigned tmr;                   /* tmr_q: cycles left until the apply edge */
	uint64_t counts[VFM_NEVENTS];   /* cumulative events (reset cycles excluded) */
	wg_layout lay;                  /* port layout of the frames (frame entry points) */
};

/* ------------------------------------------------------------------ */
/* Pure functions of the contract                                      */
/* ------------------------------------------------------------------ */

/* The winner from the votes per request value (cnt[r]: SMs requesting r,
 * valid requests only). */
static unsigned vfm_winner_of(const vfm_cfg *c, const int *cnt)
{
	if (c->majority == VFM_MAJ_STRICT) {
		for (unsigned r = 1; r < 8; r += 2)
			if (2 * cnt[r] > c->sms)
				return r;
		return 0;
	}
	for (unsigned r = 1; r < 8; r += 2) {
		int best = cnt[r] > 0;
		for (unsigned q = 1; q < 8 && best; q += 2)
			if (q != r && cnt[q] >= cnt[r])
				best = 0;
		if (best)
			return r;
	}
	return 0;
}

unsigned vfm_winner(const vfm_cfg *c, const uint8_t *req)
{
	int cnt[8] = {0};
	for (int k = 0; k < c->sms; k++)
		cnt[req[k] & 7u]++; /* invalid requests (even r) are counted but never read */
	return vfm_winner_of(c, cnt);
}

unsigned vfm_step(unsigned level, int up)
{
	switch (level) {
	case VFM_LOW:
		return up ? VFM_NORMAL : VFM_LOW;
	case VFM_NORMAL:
		return up ? VFM_HIGH : VFM_LOW;
	case VFM_HIGH:
		return up ? VFM_HIGH : VFM_NORMAL;
	default:
		return level; /* 3: never stored */
	}
}

unsigned vfm_toward_normal(unsigned level)
{
	return level == VFM_HIGH || level == VFM_LOW ? VFM_NORMAL : level;
}

/* ------------------------------------------------------------------ */
/* Construction                                                        */
/* ------------------------------------------------------------------ */

size_t vfm_size(const vfm_cfg *c)
{
	(void)c;
	return (sizeof(struct vfm_model) + 7u) & ~(size_t)7u;
}

void vfm_reset(vfm_model *m)
{
	m->sm = m->mem = VFM_NORMAL;
	m->nsm = m->nmem = VFM_NORMAL;
	m->busy = 0;
	m->tmr = 0;
}

vfm_model *vfm_init(void *mem, const vfm_cfg *c)
{
	vfm_model *m = mem;
	memset(m, 0, vfm_size(c));
	m->cfg = *c;
	vfm_reset(m);
	return m;
}

vfm_model *vfm_new(const vfm_cfg *c)
{
	void *mem = calloc(1, vfm_size(c));
	return mem ? vfm_init(mem, c) : NULL;
}

void vfm_free(vfm_model *m)
{
	free(m);
}

/* ------------------------------------------------------------------ */
/* The cycle                                                           */
/* ------------------------------------------------------------------ */

static uint32_t vfm_stb_mask(const vfm_cfg *c)
{
	return (uint32_t)wg_ones64(c->sms);
}

/* This cycle's decisions (docs/vf_manager.md "One cycle") from the state,
 * the strobe (stb_i != 0) and the winning request (0 without a strobe). */
static void vfm_plan_make(const vfm_model *m, unsigned strobe, unsigned win, vfm_plan *pl)
{
	const vfm_cfg *c = &m->cfg;
	memset(pl, 0, sizeof *pl);
	pl->strobe = strobe;
	pl->win = win;
	pl->sm_new = m->sm;
	pl->mem_new = m->mem;
	if (m->busy) {
		pl->apply = m->tmr == 1;
		pl->drop = pl->win != 0;
		return;
	}
	if (!pl->win)
		return;
	int up = (pl->win & EQ_VF_UP) != 0;
	if (pl->win & EQ_VF_MEM) {
		pl->mem_new = vfm_step(m->mem, up);
		pl->sm_new = vfm_toward_normal(m->sm);
	} else {
		pl->sm_new = vfm_step(m->sm, up);
		pl->mem_new = vfm_toward_normal(m->mem);
	}
	int lat = 0;
	if (pl->sm_new != m->sm)
		lat = c->sm_lat;
	if (pl->mem_new != m->mem && c->mem_lat > lat)
		lat = c->mem_lat;
	if (lat == 0)
		return; /* saturated: nothing changes */
	pl->start = 1;
	pl->lat = lat;
	pl->apply = lat == 1;
}

/* The protocol rule on stb_i (masked to SMS bits) into msg; 0 when kept. */
static int vfm_check(const vfm_model *m, unsigned rst, uint32_t stb, char *msg, size_t n)
{
	uint32_t mask = vfm_stb_mask(&m->cfg);
	if (n)
		msg[0] = '\0';
	if (rst & 1u)
		return 0;
	if (stb != 0 && stb != mask) {
		if (n)
			snprintf(msg, n, "vf_manager: stb_i = 0x%lx: all %d SMs strobe together (all zeros or all ones)",
				 (unsigned long)stb, m->cfg.sms);
		return -1;
	}
	return 0;
}

int vfm_eval(const vfm_model *m, const vfm_in *in, vfm_out *out)
{
	vfm_plan pl;
	uint32_t stb = in->stb & vfm_stb_mask(&m->cfg);
	vfm_plan_make(m, stb != 0, stb ? vfm_winner(&m->cfg, in->req) : 0, &pl);
	memset(out, 0, sizeof *out);
	out->sm_level = m->sm;
	out->mem_level = m->mem;
	out->busy = m->busy;
	out->sm_next = m->busy ? m->nsm : m->sm;
	out->mem_next = m->busy ? m->nmem : m->mem;
	out->win = pl.win;
	if (!(in->rst & 1u)) { /* events are zero in a reset cycle */
		out->ev[VFM_EV_ELECT] = pl.strobe;
		out->ev[VFM_EV_START] = pl.start;
		out->ev[VFM_EV_APPLY] = pl.apply;
		out->ev[VFM_EV_DROP] = pl.drop;
	}
	return vfm_check(m, in->rst, stb, out->msg, sizeof out->msg);
}

/* The edge of a cycle out of reset, given its strobe and winner. */
static void vfm_advance(vfm_model *m, unsigned strobe, unsigned win)
{
	vfm_plan pl;
	vfm_plan_make(m, strobe, win, &pl);
	m->counts[VFM_EV_ELECT] += pl.strobe;
	m->counts[VFM_EV_START] += pl.start;
	m->counts[VFM_EV_APPLY] += pl.apply;
	m->counts[VFM_EV_DROP] += pl.drop;
	if (m->busy) {
		if (m->tmr == 1) {
			m->sm = m->nsm;
			m->mem = m->nmem;
			m->busy = 0;
		} else {
			m->tmr--;
		}
		return;
	}
	if (!pl.start)
		return;
	if (pl.lat == 1) {
		m->sm = pl.sm_new;
		m->mem = pl.mem_new;
	} else {
		m->nsm = pl.sm_new;
		m->nmem = pl.mem_new;
		m->busy = 1;
		m->tmr = (unsigned)pl.lat - 1u;
	}
}

void vfm_tick(vfm_model *m, const vfm_in *in)
{
	if (in->rst & 1u) {
		vfm_reset(m);
		return;
	}
	uint32_t stb = in->stb & vfm_stb_mask(&m->cfg);
	vfm_advance(m, stb != 0, stb ? vfm_winner(&m->cfg, in->req) : 0);
}

/* ------------------------------------------------------------------ */
/* Accessors                                                           */
/* ------------------------------------------------------------------ */

const vfm_cfg *vfm_config(const vfm_model *m)
{
	return &m->cfg;
}

const uint64_t *vfm_counts(const vfm_model *m)
{
	return m->counts;
}

unsigned vfm_sm_level(const vfm_model *m)
{
	return m->sm;
}

unsigned vfm_mem_level(const vfm_model *m)
{
	return m->mem;
}

unsigned vfm_busy(const vfm_model *m)
{
	return m->busy;
}

unsigned vfm_timer(const vfm_model *m)
{
	return m->tmr;
}

/* ------------------------------------------------------------------ */
/* Frame adapter (wg_block_vf_manager)                                 */
/* ------------------------------------------------------------------ */

/* The frame path reads and writes the port words directly (each port starts
 * on a word boundary, bits above its width are zero; every output port of
 * this block fits one word): no vfm_in / vfm_out, the same plan. */

/* The winner of the requests in an input frame (req_i read 3 bits at a time,
 * the same counts as vfm_winner). */
static unsigned vfm_frame_winner(const vfm_model *m, const uint32_t *in)
{
	const uint32_t *w = in + m->lay.off[VFM_REQ_I];
	int n = m->cfg.sms, cnt[8] = {0};
	uint64_t v = w[0];
	if (n > 10) /* bits 32 and up */
		v |= (uint64_t)w[1] << 32;
	int k0 = n < 21 ? n : 21; /* fields 0-20: bits 0-62 */
	for (int k = 0; k < k0; k++, v >>= 3)
		cnt[v & 7u]++;
	if (n > 21) { /* fields 21-31: bits 63-95 */
		v = (uint64_t)(w[1] >> 31) | (uint64_t)w[2] << 1;
		for (int k = 21; k < n; k++, v >>= 3)
			cnt[v & 7u]++;
	}
	return vfm_winner_of(&m->cfg, cnt);
}

/* stb_i of an input frame, masked to SMS bits. */
static inline uint32_t vfm_frame_stb(const vfm_model *m, const uint32_t *in)
{
	return in[m->lay.off[VFM_STB_I]] & vfm_stb_mask(&m->cfg);
}

size_t vfm_model_size(const long *p)
{
	vfm_cfg c;
	vfm_cfg_from_params(&c, p);
	return vfm_size(&c);
}

void vfm_model_init(void *mem, const long *p, const wg_layout *L)
{
	vfm_cfg c;
	vfm_cfg_from_params(&c, p);
	vfm_model *m = vfm_init(mem, &c);
	m->lay = *L;
}

int vfm_model_eval(void *mem, const uint32_t *in, uint32_t *out, char *err, size_t errn)
{
	const vfm_model *m = mem;
	const wg_layout *L = &m->lay;
	unsigned rst = in[L->off[VFM_RST_I]] & 1u;
	uint32_t stb = vfm_frame_stb(m, in);
	vfm_plan pl;
	vfm_plan_make(m, stb != 0, stb ? vfm_frame_winner(m, in) : 0, &pl);
	memset(out, 0, (size_t)L->nwords[WG_OUT] * sizeof *out);
	out[L->off[VFM_SM_LEVEL_O]] = m->sm;
	out[L->off[VFM_MEM_LEVEL_O]] = m->mem;
	out[L->off[VFM_BUSY_O]] = m->busy;
	out[L->off[VFM_SM_NEXT_O]] = m->busy ? m->nsm : m->sm;
	out[L->off[VFM_MEM_NEXT_O]] = m->busy ? m->nmem : m->mem;
	out[L->off[VFM_WIN_O]] = pl.win;
	if (!rst) { /* events are zero in a reset cycle */
		unsigned ev[VFM_NEVENTS] = {[VFM_EV_ELECT] = pl.strobe, [VFM_EV_START] = pl.start,
					    [VFM_EV_APPLY] = pl.apply, [VFM_EV_DROP] = pl.drop};
		uint32_t e = 0;
		for (int k = 0; k < VFM_NEVENTS; k++)
			e |= (uint32_t)(ev[k] & wg_ones64(L->ev_w[k])) << L->ev_lsb[k];
		out[L->off[VFM_EV_O]] = e;
	}
	if (vfm_check(m, rst, stb, NULL, 0) == 0)
		return 0;
	vfm_check(m, rst, stb, err, err ? errn : 0); /* the message, only on a violation */
	return -1;
}

void vfm_model_tick(void *mem, const uint32_t *in)
{
	vfm_model *m = mem;
	if (in[m->lay.off[VFM_RST_I]] & 1u) {
		vfm_reset(m);
		return;
	}
	uint32_t stb = vfm_frame_stb(m, in);
	vfm_advance(m, stb != 0, stb ? vfm_frame_winner(m, in) : 0);
}

const uint64_t *vfm_model_counts(const void *mem)
{
	return ((const vfm_model *)mem)->counts;
}
