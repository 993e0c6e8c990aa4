/* equalizer_frame.c - Equalizer's frame adapter: wg_block_equalizer's model
 * entry points unpack an input frame into an eq_in, run the typed model
 * (equalizer.c) and pack its eq_out into an output frame (docs/equalizer.md
 * "Ports"). Per-warp vectors are WARPS bits (bit w = warp w), wslot_i has
 * warp w's slot at [w*SB +: SB], per-slot vectors MAX_CTAS bits; ev_o's
 * one-bit fields are packed LSB first at the layout's positions. */
#include "equalizer.h"

#include <stdio.h>
#include <string.h>

#include "wg_bits.h"

/* One frame-level model: the typed model first (so that a composition's
 * wg_comp_child() is an eq_model*, as for every block), then the layout at
 * the next 8-byte boundary. */
static size_t eq_fm_loff(const eq_cfg *c)
{
	return (eq_size(c) + 7u) & ~(size_t)7u;
}

static const wg_layout *eq_fm_lay(const void *mem)
{
	return (const wg_layout *)((const char *)mem + eq_fm_loff(eq_config(mem)));
}

/* The last frame eval unpacked, kept after the layout so that the tick of the
 * same cycle (the same frame, checked word for word) does not unpack it again. */
#define EQ_FM_CACHE_WORDS 64 /* frames of more input words are never cached */
typedef struct eq_fm_cache {
	int valid;                         /* in_w and fi hold the last frame eval read */
	uint32_t in_w[EQ_FM_CACHE_WORDS];  /* its input words */
	eq_in fi;                          /* its unpacked fields (but wslot) */
	uint64_t wplane[EQ_WPLANES];       /* its wslot_i as bit planes */
} eq_fm_cache;

static eq_fm_cache *eq_fm_cache_of(void *mem)
{
	return (eq_fm_cache *)((char *)mem + eq_fm_loff(eq_config(mem)) + ((sizeof(wg_layout) + 7u) & ~(size_t)7u));
}

/* Empty after every tick, so that the model's bytes between cycles are its
 * state alone (wg_explore.c compares and hashes them). */
static void eq_fm_cache_clear(eq_fm_cache *k, const wg_layout *L)
{
	if (!k->valid)
		return;
	k->valid = 0;
	memset(k->in_w, 0, (size_t)L->nwords[WG_IN] * sizeof k->in_w[0]);
	memset(&k->fi, 0, sizeof k->fi);
	memset(k->wplane, 0, sizeof k->wplane);
}

/* Input port `port` (at most 64 bits). */
static uint64_t eq_fget(const wg_layout *L, const uint32_t *in, int port)
{
	return wg_get(in + L->off[port], 0, (unsigned)L->width[port]);
}

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

static void eq_unpack(const wg_layout *L, const uint32_t *in, eq_in *fi)
{
	memset(fi, 0, sizeof *fi); /* wslot is not read: the planes carry it */
	fi->rst = (unsigned)eq_fget(L, in, EQ_RST_I);
	fi->kstart = (unsigned)eq_fget(L, in, EQ_KSTART_I);
	fi->kmax = (unsigned)eq_fget(L, in, EQ_KMAX_I);
	fi->wcta = (unsigned)eq_fget(L, in, EQ_WCTA_I);
	fi->gwde_avail = (unsigned)eq_fget(L, in, EQ_GWDE_AVAIL_I);
	fi->launch = (unsigned)eq_fget(L, in, EQ_LAUNCH_I);
	fi->launch_slot = (unsigned)eq_fget(L, in, EQ_LAUNCH_SLOT_I);
	fi->done = (unsigned)eq_fget(L, in, EQ_DONE_I);
	fi->done_slot = (unsigned)eq_fget(L, in, EQ_DONE_SLOT_I);
	fi->hv = eq_fget(L, in, EQ_HV_I);
	fi->hrdy = eq_fget(L, in, EQ_HRDY_I);
	fi->hmem = eq_fget(L, in, EQ_HMEM_I);
	fi->hbar = eq_fget(L, in, EQ_HBAR_I);
	fi->iss = eq_fget(L, in, EQ_ISS_I);
	fi->lsu_full = (unsigned)eq_fget(L, in, EQ_LSU_FULL_I);
}

/* Output port `port` (at most 64 bits, starting on a word of its own). */
static void eq_fput(const wg_layout *L, uint32_t *out, int port, uint64_t v)
{
	uint32_t *w = out + L->off[port];
	v &= wg_ones64(L->width[port]);
	w[0] = (uint32_t)v;
	if (L->width[port] > 32)
		w[1] = (uint32_t)(v >> 32);
}

static void eq_pack(const wg_layout *L, const eq_out *o, uint32_t *out)
{
	uint64_t ev = 0;
	memset(out, 0, (size_t)L->nwords[WG_OUT] * sizeof *out);
	eq_fput(L, out, EQ_WPAUSE_O, o->wpause);
	eq_fput(L, out, EQ_CTA_VALID_O, o->cta_valid);
	eq_fput(L, out, EQ_CTA_PAUSED_O, o->cta_paused);
	eq_fput(L, out, EQ_CTA_REQ_O, o->cta_req);
	eq_fput(L, out, EQ_NBLOCKS_O, o->nblocks);
	eq_fput(L, out, EQ_SAMPLE_O, o->sample);
	eq_fput(L, out, EQ_DEC_VALID_O, o->dec_valid);
	eq_fput(L, out, EQ_DELTA_O, o->delta);
	eq_fput(L, out, EQ_VOTE_O, o->vote);
	eq_fput(L, out, EQ_VF_O, o->vf);
	for (int e = 0; e < EQ_NEVENTS; e++)
		ev |= ((uint64_t)o->ev[e] & wg_ones64(L->ev_w[e])) << L->ev_lsb[e];
	eq_fput(L, out, EQ_EV_O, ev);
}

size_t eq_model_size(const long *p)
{
	eq_cfg c;
	eq_cfg_from_params(&c, p);
	return eq_fm_loff(&c) + ((sizeof(wg_layout) + 7u) & ~(size_t)7u) + sizeof(eq_fm_cache);
}

void eq_model_init(void *mem, const long *p, const wg_layout *L)
{
	eq_cfg c;
	eq_cfg_from_params(&c, p);
	eq_init(mem, &c);
	memcpy((char *)mem + eq_fm_loff(&c), L, sizeof *L);
	eq_fm_cache_of(mem)->valid = 0;
}

int eq_model_eval(void *mem, const uint32_t *in, uint32_t *out, char *err, size_t errn)
{
	const eq_model *m = mem;
	eq_in fi;
	uint64_t wplane[EQ_WPLANES];
	eq_out o;
	const wg_layout *L = eq_fm_lay(mem);
	eq_fm_cache *k = eq_fm_cache_of(mem);
	eq_unpack(L, in, &fi);
	eq_unpack_planes(L, eq_config(m), in, wplane);
	k->valid = L->nwords[WG_IN] <= EQ_FM_CACHE_WORDS;
	if (k->valid) {
		memcpy(k->in_w, in, (size_t)L->nwords[WG_IN] * sizeof *in);
		k->fi = fi;
		memcpy(k->wplane, wplane, sizeof wplane);
	}
	int rc = eq_eval_pl(m, &fi, wplane, &o);
	eq_pack(eq_fm_lay(mem), &o, out);
	if (rc && err && errn)
		snprintf(err, errn, "%s", o.msg);
	return rc;
}

void eq_model_tick(void *mem, const uint32_t *in)
{
	const wg_layout *L = eq_fm_lay(mem);
	eq_fm_cache *k = eq_fm_cache_of(mem);
	if (k->valid && memcmp(k->in_w, in, (size_t)L->nwords[WG_IN] * sizeof *in) == 0) {
		eq_tick_pl(mem, &k->fi, k->wplane);
		eq_fm_cache_clear(k, L);
		return;
	}
	eq_in fi;
	uint64_t wplane[EQ_WPLANES];
	eq_fm_cache_clear(k, L);
	eq_unpack(L, in, &fi);
	eq_unpack_planes(L, eq_config(mem), in, wplane);
	eq_tick_pl(mem, &fi, wplane);
}

const uint64_t *eq_model_counts(const void *mem)
{
	return eq_counts(mem);
}
