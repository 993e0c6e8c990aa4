/* slg_frame.c - the power-gating controller's frame adapter: wg_block_slg's
 * model entry points unpack an input frame into an slg_in, run the typed
 * model (slg.c) and pack its slg_out into an output frame (docs/slg.md
 * "Ports"). Per-warp vectors are WARPS bits (bit w = warp w); mode_o holds
 * 2-bit and st_o 3-bit fields per warp, warp 0 lowest; rel_o is CTAS bits;
 * ev_o's fields are packed LSB first at the layout's positions. */
#include "slg.h"

#include <stdio.h>
#include <string.h>

#include "wg_bits.h"

/* One frame-level model: the typed model first (so that a composition's
 * wg_comp_child() is an slg_model*), then the layout at the next 8-byte
 * boundary. */
static size_t slg_fm_loff(const slg_cfg *c)
{
	return (slg_size(c) + 7u) & ~(size_t)7u;
}

static const wg_layout *slg_fm_lay(const void *mem)
{
	return (const wg_layout *)((const char *)mem + slg_fm_loff(slg_config(mem)));
}

/* Input port `port` (at most 64 bits). */
static uint64_t slg_fget(const wg_layout *L, const uint32_t *in, int port)
{
	return wg_get(in + L->off[port], 0, (unsigned)L->width[port]);
}

static void slg_unpack(const wg_layout *L, const uint32_t *in, slg_in *fi)
{
	memset(fi, 0, sizeof *fi);
	fi->rst = (unsigned)slg_fget(L, in, SLG_RST_I);
	fi->launch = slg_fget(L, in, SLG_LAUNCH_I);
	fi->launch_cta = (unsigned)slg_fget(L, in, SLG_LAUNCH_CTA_I);
	fi->launch_size = (unsigned)slg_fget(L, in, SLG_LAUNCH_SIZE_I);
	fi->ext_valid = (unsigned)slg_fget(L, in, SLG_EXT_VALID_I);
	fi->ext_warp = (unsigned)slg_fget(L, in, SLG_EXT_WARP_I);
	fi->arr = slg_fget(L, in, SLG_ARR_I);
	fi->sel_valid = (unsigned)slg_fget(L, in, SLG_SEL_VALID_I);
	fi->sel_warp = (unsigned)slg_fget(L, in, SLG_SEL_WARP_I);
	fi->acc = slg_fget(L, in, SLG_ACC_I);
	fi->pend = slg_fget(L, in, SLG_PEND_I);
}

static void slg_fput(const wg_layout *L, uint32_t *out, int port, uint64_t v)
{
	wg_put(out + L->off[port], 0, (unsigned)L->width[port], v);
}

static void slg_pack(const wg_layout *L, int W, const slg_out *o, uint32_t *out)
{
	wg_bitw mo = {.p = out + L->off[SLG_MODE_O]}, so = {.p = out + L->off[SLG_ST_O]};
	uint64_t ev = 0;
	memset(out, 0, (size_t)L->nwords[WG_OUT] * sizeof *out);
	for (int w = 0; w < W; w++) { /* fields of 2 and 3 bits, a word at a time */
		wg_bitw_put(&mo, 2, o->mode[w]);
		wg_bitw_put(&so, 3, o->st[w]);
	}
	wg_bitw_end(&mo);
	wg_bitw_end(&so);
	slg_fput(L, out, SLG_OK_O, o->ok);
	slg_fput(L, out, SLG_WAIT_O, o->wait);
	slg_fput(L, out, SLG_REL_O, o->rel);
	for (int e = 0; e < SLG_NEVENTS; e++)
		ev |= ((uint64_t)o->ev[e] & wg_ones64(L->ev_w[e])) << L->ev_lsb[e];
	slg_fput(L, out, SLG_EV_O, ev);
}

size_t slg_model_size(const long *p)
{
	slg_cfg c;
	slg_cfg_from_params(&c, p);
	return slg_fm_loff(&c) + sizeof(wg_layout);
}

void slg_model_init(void *mem, const long *p, const wg_layout *L)
{
	slg_cfg c;
	slg_cfg_from_params(&c, p);
	slg_init(mem, &c);
	memcpy((char *)mem + slg_fm_loff(&c), L, sizeof *L);
}

int slg_model_eval(void *mem, const uint32_t *in, uint32_t *out, char *err, size_t errn)
{
	slg_model *m = mem;
	slg_in fi;
	slg_out o;
	slg_unpack(slg_fm_lay(mem), in, &fi);
	int rc = slg_eval_keep(m, &fi, &o); /* its plan kept for the tick */
	slg_pack(slg_fm_lay(mem), slg_config(m)->warps, &o, out);
	if (rc && err && errn)
		snprintf(err, errn, "%s", o.msg);
	return rc ? -1 : 0;
}

void slg_model_tick(void *mem, const uint32_t *in)
{
	slg_in fi;
	slg_unpack(slg_fm_lay(mem), in, &fi);
	slg_tick(mem, &fi);
}

const uint64_t *slg_model_counts(const void *mem)
{
	return slg_counts(mem);
}
