/* vf_manager.c - bit-exact C cycle model of Equalizer's frequency manager.
 *
 * Implements docs/vf_manager.md "One cycle" literally: vfm_eval computes the
 * outputs from the state at the start of the cycle and this cycle's strobe
 * and requests; vfm_tick applies the edge. Both derive the cycle's
 * decisions from vfm_plan_make, so they cannot disagree.
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

unsigned vfm_winner(const vfm_cfg *c, const uint8_t *req)
{
	int cnt[8] = {0};
	for (int k = 0; k < c->sms; k++) {
		unsigned r = req[k] & 7u;
		if (r & EQ_VF_VALID)
			cnt[r]++;
	}
	for (unsigned r = 1; r < 8; r += 2) {
		if (c->majority == VFM_MAJ_STRICT) {
			if (2 * cnt[r] > c->sms)
				return r;
			continue;
		}
		int best = cnt[r] > 0;
		for (unsigned q = 1; q < 8 && best; q += 2)
			if (q != r && cnt[q] >= cnt[r])
				best = 0;
		if (best)
			return r;
	}
	return 0;
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

/* This cycle's decisions (docs/vf_manager.md "One cycle"). */
static void vfm_plan_make(const vfm_model *m, const vfm_in *in, vfm_plan *pl)
{
	const vfm_cfg *c = &m->cfg;
	memset(pl, 0, sizeof *pl);
	pl->strobe = (in->stb & vfm_stb_mask(c)) != 0;
	pl->win = pl->strobe ? vfm_winner(c, in->req) : 0;
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

/* The protocol rule into msg; 0 when kept. */
static int vfm_check(const vfm_model *m, const vfm_in *in, char *msg, size_t n)
{
	uint32_t mask = vfm_stb_mask(&m->cfg), stb = in->stb & mask;
	msg[0] = '\0';
	if (in->rst & 1u)
		return 0;
	if (stb != 0 && stb != mask) {
		snprintf(msg, n, "vf_manager: stb_i = 0x%lx: all %d SMs strobe together (all zeros or all ones)",
			 (unsigned long)stb, m->cfg.sms);
		return -1;
	}
	return 0;
}

int vfm_eval(const vfm_model *m, const vfm_in *in, vfm_out *out)
{
	vfm_plan pl;
	vfm_plan_make(m, in, &pl);
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
	return vfm_check(m, in, out->msg, sizeof out->msg);
}

void vfm_tick(vfm_model *m, const vfm_in *in)
{
	vfm_plan pl;
	if (in->rst & 1u) {
		vfm_reset(m);
		return;
	}
	vfm_plan_make(m, in, &pl);
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

static inline void vfm_put(const wg_layout *L, uint32_t *frame, int port, unsigned lsb, unsigned n, uint64_t v)
{
	wg_put(frame + L->off[port], lsb, n, v & wg_ones64(n));
}

static inline uint64_t vfm_get(const wg_layout *L, const uint32_t *frame, int port, unsigned lsb, unsigned n)
{
	return wg_get(frame + L->off[port], lsb, n);
}

static void vfm_unpack_in(const vfm_model *m, const uint32_t *in, vfm_in *fi)
{
	const wg_layout *L = &m->lay;
	memset(fi, 0, sizeof *fi);
	fi->rst = (unsigned)vfm_get(L, in, VFM_RST_I, 0, 1);
	fi->stb = (uint32_t)vfm_get(L, in, VFM_STB_I, 0, (unsigned)m->cfg.sms);
	for (int k = 0; k < m->cfg.sms; k++)
		fi->req[k] = (uint8_t)vfm_get(L, in, VFM_REQ_I, (unsigned)(k * EQ_VF_BITS), EQ_VF_BITS);
}

static void vfm_pack_out(const vfm_model *m, const vfm_out *o, uint32_t *out)
{
	const wg_layout *L = &m->lay;
	memset(out, 0, (size_t)L->nwords[WG_OUT] * sizeof *out);
	vfm_put(L, out, VFM_SM_LEVEL_O, 0, 2, o->sm_level);
	vfm_put(L, out, VFM_MEM_LEVEL_O, 0, 2, o->mem_level);
	vfm_put(L, out, VFM_BUSY_O, 0, 1, o->busy);
	vfm_put(L, out, VFM_SM_NEXT_O, 0, 2, o->sm_next);
	vfm_put(L, out, VFM_MEM_NEXT_O, 0, 2, o->mem_next);
	vfm_put(L, out, VFM_WIN_O, 0, EQ_VF_BITS, o->win);
	uint64_t ev = 0;
	for (int e = 0; e < VFM_NEVENTS; e++)
		ev |= ((uint64_t)o->ev[e] & wg_ones64(L->ev_w[e])) << L->ev_lsb[e];
	vfm_put(L, out, VFM_EV_O, 0, (unsigned)L->width[VFM_EV_O], ev);
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
	vfm_model *m = mem;
	vfm_in fi;
	vfm_out o;
	vfm_unpack_in(m, in, &fi);
	int rc = vfm_eval(m, &fi, &o);
	vfm_pack_out(m, &o, out);
	if (rc) {
		if (err && errn)
			snprintf(err, errn, "%s", o.msg);
		return -1;
	}
	return 0;
}

void vfm_model_tick(void *mem, const uint32_t *in)
{
	vfm_model *m = mem;
	vfm_in fi;
	vfm_unpack_in(m, in, &fi);
	vfm_tick(m, &fi);
}

const uint64_t *vfm_model_counts(const void *mem)
{
	return ((const vfm_model *)mem)->counts;
}
