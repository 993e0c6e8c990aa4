/* equalizer_frame.c - Equalizer's frame adapter: wg_block_equalizer's model
 * entry points unpack an input frame into an eq_in, run the typed model
 * (equalizer.c) and pack its eq_out into an output frame (docs/equalizer.md
 * "Ports"). Per-warp vectors are WARPS bits (bit w = warp w), wslot_i has
 * warp w's slot at [w*SB +: SB], per-slot vectors MAX_CTAS bits; ev_o's
 * one-bit fields are packed LSB first at the layout's positions. */
#include "equalizer_int.h"

#include <stdio.h>
#include <string.h>

#include "wg_bits.h"

/* The last eval's input frame and plan (the tick of the same frame applies
 * that plan), and wslot_i's planes and per-warp masks (made again only when
 * wslot_i or the slots change). Everything in it is a function of the last
 * eval's frame and the state it saw, so the model's bytes after an eval are
 * a function of the state and that frame (wg_explore.c's canon evaluates the
 * idle frame before it hashes them). */
#define EQ_FM_CACHE_WORDS 64 /* frames of more input words are never kept */
#define EQ_FM_WS_WORDS 8     /* wslot_i's words: WARPS * SB <= 256 bits */
typedef struct eq_fm_cache {
	uint64_t wplane[EQ_WPLANES];       /* ws_w as bit planes */
	eq_wmask wm;                       /* paused_w and free-slot warps of wplane (key ~0: none) */
	eq_plan plan;                      /* the plan of in_w and the state eval saw */
	uint32_t in_w[EQ_FM_CACHE_WORDS];  /* the input words of the last eval */
	uint32_t ws_w[EQ_FM_WS_WORDS];     /* the wslot_i words wplane was made from */
	uint32_t plan_ok;                  /* plan and in_w are the current state's (no tick since) */
	uint32_t pad;                      /* (8-byte size) */
} eq_fm_cache;

/* One frame-level model: the typed model first (so that a composition's
 * wg_comp_child() is an eq_model*, as for every block), its layout, the cache. */
typedef struct eq_fm {
	struct eq_model m;                 /* the typed model (eq_size bytes) */
	wg_layout L;                       /* the frame layout */
	int ev_bits;                       /* 1: ev_o's field of event e is bit e (ev_o = the plan's evm) */
	unsigned ws_n;                     /* wslot_i's words (<= EQ_FM_WS_WORDS) */
	eq_fm_cache k;                     /* eval-to-tick and cycle-to-cycle copies */
} eq_fm;

/* Bits 0, sb, 2*sb, ... of x side by side (sb = 1..4): 64/sb of them, 21 for
 * sb = 3 (bits 0..60). Each step halves the number of groups, doubling their
 * size: the Morton-code compaction. */
static uint64_t eq_compact(uint64_t x, unsigned sb)
{
	switch (sb) {
	case 1:
		return x;
	case 2:
		x &= UINT64_C(0x5555555555555555);
		x = (x | x >> 1) & UINT64_C(0x3333333333333333);
		x = (x | x >> 2) & UINT64_C(0x0f0f0f0f0f0f0f0f);
		x = (x | x >> 4) & UINT64_C(0x00ff00ff00ff00ff);
		x = (x | x >> 8) & UINT64_C(0x0000ffff0000ffff);
		return (x | x >> 16) & UINT64_C(0x00000000ffffffff);
	case 3:
		x &= UINT64_C(0x1249249249249249);
		x = (x | x >> 2) & UINT64_C(0x10c30c30c30c30c3);
		x = (x | x >> 4) & UINT64_C(0x100f00f00f00f00f);
		x = (x | x >> 8) & UINT64_C(0x001f0000ff0000ff);
		x = (x | x >> 16) & UINT64_C(0x001f00000000ffff);
		return (x | x >> 32) & UINT64_C(0x00000000001fffff);
	default: /* 4 */
		x &= UINT64_C(0x1111111111111111);
		x = (x | x >> 3) & UINT64_C(0x0303030303030303);
		x = (x | x >> 6) & UINT64_C(0x000f000f000f000f);
		x = (x | x >> 12) & UINT64_C(0x000000ff000000ff);
		return (x | x >> 24) & UINT64_C(0x000000000000ffff);
	}
}

/* wslot_i (warp w's slot at [w*SB +: SB]) as SB bit planes, a group of
 * 64/SB warps (21 for SB = 3) at a time, with no loop over the warps. */
static void eq_unpack_planes(const wg_layout *L, const eq_cfg *c, const uint32_t *in, uint64_t wplane[EQ_WPLANES])
{
	unsigned sb = (unsigned)eq_slot_bits(c), g = sb == 3 ? 21u : 64u / sb, warps = (unsigned)c->warps;
	const uint32_t *ws = in + L->off[EQ_WSLOT_I];
	memset(wplane, 0, EQ_WPLANES * sizeof *wplane);
	for (unsigned w0 = 0; w0 < warps; w0 += g) {
		unsigned n = warps - w0 < g ? warps - w0 : g; /* warps in this group */
		uint64_t x = wg_get(ws, w0 * sb, n * sb);
		for (unsigned b = 0; b < sb; b++)
			wplane[b] |= eq_compact(x >> b, sb) << w0;
	}
}

/* The frame's inputs but wslot_i (the planes carry it; fi->wslot is not
 * written), each port read as its word (the per-warp ports through wg_get)
 * and cut to its width as eq_clip does. */
static void eq_unpack(const eq_model *m, const wg_layout *L, const uint32_t *in, eq_in *fi)
{
	const int *o = L->off;
	fi->rst = in[o[EQ_RST_I]] & 1u;
	fi->kstart = in[o[EQ_KSTART_I]] & 1u;
	fi->kmax = in[o[EQ_KMAX_I]] & m->tmask;
	fi->wcta = in[o[EQ_WCTA_I]] & m->wbmask;
	fi->gwde_avail = in[o[EQ_GWDE_AVAIL_I]] & 1u;
	fi->launch = in[o[EQ_LAUNCH_I]] & 1u;
	fi->launch_slot = in[o[EQ_LAUNCH_SLOT_I]] & m->smask;
	fi->done = in[o[EQ_DONE_I]] & 1u;
	fi->done_slot = in[o[EQ_DONE_SLOT_I]] & m->smask;
	fi->lsu_full = in[o[EQ_LSU_FULL_I]] & 1u;
	unsigned nw = (unsigned)m->cfg.warps; /* the per-warp ports: one or two words, WARPS bits */
	fi->hv = wg_get(in, (unsigned)o[EQ_HV_I] * 32u, nw);
	fi->hrdy = wg_get(in, (unsigned)o[EQ_HRDY_I] * 32u, nw);
	fi->hmem = wg_get(in, (unsigned)o[EQ_HMEM_I] * 32u, nw);
	fi->hbar = wg_get(in, (unsigned)o[EQ_HBAR_I] * 32u, nw);
	fi->iss = wg_get(in, (unsigned)o[EQ_ISS_I] * 32u, nw);
}

/* k->wplane for the frame's wslot_i: made again only when its words changed
 * (then the per-warp masks too). */
static void eq_fm_planes(const eq_fm *f, const uint32_t *in, eq_fm_cache *k)
{
	const uint32_t *ws = in + f->L.off[EQ_WSLOT_I];
	unsigned n = f->ws_n, diff = 0;
	for (unsigned i = 0; i < n; i++)
		diff |= ws[i] ^ k->ws_w[i];
	if (!diff)
		return;
	memcpy(k->ws_w, ws, n * sizeof *ws);
	eq_unpack_planes(&f->L, &f->m.cfg, in, k->wplane);
	k->wm.valid = k->wm.paused = ~0u;
}

/* The outputs of the state and the plan. Every output word is written: each
 * port starts on a word of its own, wpause_o (WARPS bits) is the only one that
 * may take two, and every value is within its port's width by construction
 * (wpause within WARPS, the slot masks within MAX_CTAS, T <= MAX_CTAS, the
 * codes within their 1, 2 or 3 bits). */
static void eq_pack(const eq_fm *f, const eq_plan *pl, uint32_t *out)
{
	const wg_layout *L = &f->L;
	const eq_model *m = &f->m;
	uint32_t *wp = out + L->off[EQ_WPAUSE_O];
	wp[0] = (uint32_t)pl->wpause;
	if (L->width[EQ_WPAUSE_O] > 32)
		wp[1] = (uint32_t)(pl->wpause >> 32);
	out[L->off[EQ_CTA_VALID_O]] = m->valid;
	out[L->off[EQ_CTA_PAUSED_O]] = m->paused;
	out[L->off[EQ_CTA_REQ_O]] = pl->act == EQ_ACT_REQ;
	out[L->off[EQ_NBLOCKS_O]] = m->t;
	out[L->off[EQ_SAMPLE_O]] = pl->smp;
	out[L->off[EQ_DEC_VALID_O]] = m->dvalid;
	out[L->off[EQ_DELTA_O]] = m->delta;
	out[L->off[EQ_VOTE_O]] = m->vote;
	out[L->off[EQ_VF_O]] = eq_vf_of_vote(&m->cfg, (int)m->vote);
	uint32_t ev = pl->evm;
	if (!f->ev_bits) {
		ev = 0;
		for (int e = 0; e < EQ_NEVENTS; e++)
			ev |= ((pl->evm >> e) & 1u) << L->ev_lsb[e];
	}
	out[L->off[EQ_EV_O]] = ev;
}

size_t eq_model_size(const long *p)
{
	(void)p;
	return sizeof(eq_fm);
}

void eq_model_init(void *mem, const long *p, const wg_layout *L)
{
	eq_fm *f = mem;
	eq_cfg c;
	eq_cfg_from_params(&c, p);
	eq_init(&f->m, &c);
	f->L = *L;
	f->ws_n = ((unsigned)L->width[EQ_WSLOT_I] + 31u) / 32u;
	f->ev_bits = 1;
	for (int e = 0; e < EQ_NEVENTS; e++)
		f->ev_bits &= L->ev_w[e] == 1 && L->ev_lsb[e] == e;
	memset(&f->k, 0, sizeof f->k); /* no wslot_i words: all-zero planes */
	f->k.wm.valid = f->k.wm.paused = ~0u;
}

int eq_model_eval(void *mem, const uint32_t *in, uint32_t *out, char *err, size_t errn)
{
	eq_fm *f = mem;
	const eq_model *m = &f->m;
	eq_fm_cache *k = &f->k;
	eq_plan *pl = &k->plan;
	size_t nin = (size_t)f->L.nwords[WG_IN];
	char msg[EQ_MSG_LEN];
	eq_fm_planes(f, in, k);
	eq_wmask_update(m, k->wplane, &k->wm);
	eq_unpack(m, &f->L, in, &pl->in);
	eq_plan_of(m, k->wplane, &k->wm, pl, 1);
	k->plan_ok = nin <= EQ_FM_CACHE_WORDS;
	if (k->plan_ok)
		memcpy(k->in_w, in, nin * sizeof *in);
	eq_pack(f, pl, out);
	int rc = eq_plan_check(m, pl, k->wplane, msg, sizeof msg);
	if (rc && err && errn)
		snprintf(err, errn, "%s", msg);
	return rc;
}

void eq_model_tick(void *mem, const uint32_t *in)
{
	eq_fm *f = mem;
	eq_fm_cache *k = &f->k;
	size_t nin = (size_t)f->L.nwords[WG_IN];
	if (k->plan_ok && memcmp(k->in_w, in, nin * sizeof *in) == 0) {
		k->plan_ok = 0; /* the plan is of the state before this edge */
		eq_plan_apply(&f->m, &k->plan);
		return;
	}
	eq_plan pl;
	k->plan_ok = 0;
	eq_fm_planes(f, in, k);
	eq_wmask_update(&f->m, k->wplane, &k->wm);
	eq_unpack(&f->m, &f->L, in, &pl.in);
	eq_plan_of(&f->m, k->wplane, &k->wm, &pl, 0);
	eq_plan_apply(&f->m, &pl);
}

const uint64_t *eq_model_counts(const void *mem)
{
	return eq_counts(mem);
}
