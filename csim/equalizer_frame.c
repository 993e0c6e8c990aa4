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

/* The last eval's plan and its frame's key words: the ports from rst_i to
 * wslot_i, all the plan reads off a sample cycle besides the state (the tick
 * of the same key words applies that plan); wslot_i's planes and the per-warp
 * masks (made again only when wslot_i or the slots change). Everything in it
 * is a function of the last eval's frame and the state it saw, so the model's
 * bytes after an eval are a function of the state and that frame
 * (wg_explore.c's canon evaluates the idle frame before it hashes them). */
#define EQ_FM_KEY_WORDS 32   /* a longer key range is never kept (every eval unpacks, every tick plans) */
typedef struct eq_fm_cache {
	uint64_t wplane[EQ_WPLANES];       /* wslot_i's key words as bit planes */
	eq_wmask wm;                       /* paused_w and free-slot warps of wplane (key ~0: none) */
	eq_plan plan;                      /* the plan of the last eval's frame and the state it saw */
	uint32_t key_w[EQ_FM_KEY_WORDS];   /* that frame's key words (eq_fm.key_lo, key_n) */
	uint32_t plan_ok;                  /* plan and key_w are the current state's (no tick since) */
	uint32_t pad;                      /* (8-byte size) */
} eq_fm_cache;

/* One frame-level model: the typed model first (so that a composition's
 * wg_comp_child() is an eq_model*, as for every block), its layout, the cache. */
typedef struct eq_fm {
	struct eq_model m;                 /* the typed model (eq_size bytes) */
	wg_layout L;                       /* the frame layout */
	int ev_bits;                       /* 1: ev_o's field of event e is bit e (ev_o = the plan's evm) */
	unsigned ws_n;                     /* wslot_i's words */
	unsigned whi;                      /* a per-warp port's second word: 1 when WARPS > 32, else 0 */
	unsigned key_lo, key_n;            /* the key words: from rst_i's to wslot_i's last (eq_key_range) */
	uint32_t vf[4];                    /* vf_o of each vote_q code */
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

/* A per-warp port at word `off`: its one or two words (hi: 1 for two), cut
 * to WARPS bits (with hi = 0 the word is read twice and the copy masked off). */
static uint64_t eq_warp_port(const uint32_t *in, int off, unsigned hi, uint64_t wmask)
{
	return ((uint64_t)in[off] | (uint64_t)in[(unsigned)off + hi] << 32) & wmask;
}

/* The frame's ports from rst_i to cta_done_slot_i (the key words), each cut
 * to its width as eq_clip does. */
static void eq_unpack_key(const eq_fm *f, const uint32_t *in, eq_in *fi)
{
	const eq_model *m = &f->m;
	const int *o = f->L.off;
	fi->rst = in[o[EQ_RST_I]] & 1u;
	fi->kstart = in[o[EQ_KSTART_I]] & 1u;
	fi->kmax = in[o[EQ_KMAX_I]] & m->tmask;
	fi->wcta = in[o[EQ_WCTA_I]] & m->wbmask;
	fi->gwde_avail = in[o[EQ_GWDE_AVAIL_I]] & 1u;
	fi->launch = in[o[EQ_LAUNCH_I]] & 1u;
	fi->launch_slot = in[o[EQ_LAUNCH_SLOT_I]] & m->smask;
	fi->done = in[o[EQ_DONE_I]] & 1u;
	fi->done_slot = in[o[EQ_DONE_SLOT_I]] & m->smask;
}

/* The per-warp ports and lsu_full_i: hv_i, hrdy_i and iss_i always (the
 * check reads them every cycle), hmem_i, hbar_i and lsu_full_i only for a
 * sample cycle's classification (`smp`; else 0: nothing else reads them). */
static void eq_unpack_warps(const eq_fm *f, const uint32_t *in, eq_in *fi, unsigned smp)
{
	const int *o = f->L.off;
	unsigned hi = f->whi;
	uint64_t wm = f->m.wmask;
	fi->hv = eq_warp_port(in, o[EQ_HV_I], hi, wm);
	fi->hrdy = eq_warp_port(in, o[EQ_HRDY_I], hi, wm);
	fi->iss = eq_warp_port(in, o[EQ_ISS_I], hi, wm);
	fi->hmem = fi->hbar = 0;
	fi->lsu_full = 0;
	if (!smp)
		return;
	fi->hmem = eq_warp_port(in, o[EQ_HMEM_I], hi, wm);
	fi->hbar = eq_warp_port(in, o[EQ_HBAR_I], hi, wm);
	fi->lsu_full = in[o[EQ_LSU_FULL_I]] & 1u;
}

/* The key words: those of the ports from rst_i to wslot_i (one word each but
 * wslot_i's ws_n), all a plan reads off a sample cycle besides the state,
 * with the planes' source; on a sample cycle the plan reads the per-warp
 * ports too, and the tick plans again. */
static void eq_key_range(eq_fm *f)
{
	const int *o = f->L.off;
	unsigned lo = (unsigned)o[EQ_RST_I], hi = lo;
	for (int p = EQ_RST_I; p <= EQ_WSLOT_I; p++) {
		unsigned a = (unsigned)o[p], b = a + (p == EQ_WSLOT_I ? f->ws_n : 1u);
		lo = a < lo ? a : lo;
		hi = b > hi ? b : hi;
	}
	f->key_lo = lo;
	f->key_n = hi - lo;
}

/* k->wplane made from the frame's wslot_i, and the per-warp masks marked
 * stale. */
static void eq_fm_planes(const eq_fm *f, const uint32_t *in, eq_fm_cache *k)
{
	eq_unpack_planes(&f->L, &f->m.cfg, in, k->wplane);
	k->wm.valid = k->wm.paused = ~0u;
}

/* The key words kept (k->key_w), cut into k->plan.in and, when wslot_i's
 * changed, made into the planes; nothing when they are the last eval's (as
 * are then k->plan.in's part and the planes). */
static void eq_fm_key(const eq_fm *f, const uint32_t *in, eq_fm_cache *k)
{
	const uint32_t *kw = in + f->key_lo;
	size_t n = f->key_n * sizeof *kw;
	if (f->key_n > EQ_FM_KEY_WORDS) {
		eq_fm_planes(f, in, k);
		eq_unpack_key(f, in, &k->plan.in);
		return;
	}
	if (memcmp(k->key_w, kw, n) == 0)
		return;
	unsigned ws = (unsigned)f->L.off[EQ_WSLOT_I] - f->key_lo; /* wslot_i's first key word */
	if (memcmp(k->key_w + ws, kw + ws, f->ws_n * sizeof *kw) != 0)
		eq_fm_planes(f, in, k);
	memcpy(k->key_w, kw, n);
	eq_unpack_key(f, in, &k->plan.in);
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
	out[L->off[EQ_VF_O]] = f->vf[m->vote & 3u];
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
	f->whi = c.warps > 32;
	eq_key_range(f);
	for (unsigned v = 0; v < 4; v++)
		f->vf[v] = eq_vf_of_vote(&c, (int)v);
	f->ev_bits = 1;
	for (int e = 0; e < EQ_NEVENTS; e++)
		f->ev_bits &= L->ev_w[e] == 1 && L->ev_lsb[e] == e;
	memset(&f->k, 0, sizeof f->k); /* no wslot_i words: all-zero planes */
	f->k.wm.valid = f->k.wm.paused = ~0u;
}

/* The plan of the frame and the state into k->plan (outs: eq_plan_of's). */
static void eq_fm_plan(eq_fm *f, const uint32_t *in, int outs)
{
	eq_fm_cache *k = &f->k;
	eq_fm_key(f, in, k);
	eq_wmask_update(&f->m, k->wplane, &k->wm);
	eq_unpack_warps(f, in, &k->plan.in, eq_sample_cycle(&f->m));
	eq_plan_of(&f->m, k->wplane, &k->wm, &k->plan, outs);
}

int eq_model_eval(void *mem, const uint32_t *in, uint32_t *out, char *err, size_t errn)
{
	eq_fm *f = mem;
	const eq_model *m = &f->m;
	eq_fm_cache *k = &f->k;
	eq_plan *pl = &k->plan;
	char msg[EQ_MSG_LEN];
	eq_fm_plan(f, in, 1);
	k->plan_ok = f->key_n <= EQ_FM_KEY_WORDS;
	eq_pack(f, pl, out);
	int rc = eq_plan_fine(m, pl) ? 0 : eq_plan_check(m, pl, k->wplane, msg, sizeof msg);
	if (rc && err && errn)
		snprintf(err, errn, "%s", msg);
	return rc;
}

void eq_model_tick(void *mem, const uint32_t *in)
{
	eq_fm *f = mem;
	eq_fm_cache *k = &f->k;
	/* the kept plan when no other frame was evaluated since and this one's key
	 * words are the same: off a sample cycle the plan reads no other input
	 * word (the classification is a sample cycle's, the per-warp masks are
	 * only for the outputs and the check); else this frame's plan */
	int kept = k->plan_ok && !k->plan.smp && memcmp(k->key_w, in + f->key_lo, f->key_n * sizeof *in) == 0;
	k->plan_ok = 0; /* the plan is of the state before this edge */
	if (!kept)
		eq_fm_plan(f, in, 0);
	eq_plan_apply(&f->m, &k->plan);
}

const uint64_t *eq_model_counts(const void *mem)
{
	return eq_counts(mem);
}
