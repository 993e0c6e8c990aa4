/* wrc_frame.c - the warp readiness checker's frame adapter: wg_block_wrc's
 * model entry points unpack an input frame into a wrc_in, run the typed
 * model (wrc.c) and pack its wrc_out into an output frame (docs/wrc.md
 * "Ports"). Per-warp vectors are WARPS bits (bit w = warp w); iss_warp_o is
 * SCHEDULERS fields of WB bits, scheduler 0 lowest; ev_o's fields are packed
 * LSB first at the layout's positions. */
#include "wrc.h"

#include <stdio.h>
#include <string.h>

#include "wg_bits.h"

/* One frame-level model: the typed model first (so that a composition's
 * wg_comp_child() is a wrc_model*, as for every block), then the layout at
 * the next 8-byte boundary. */
static size_t wrc_fm_loff(const wrc_cfg *c)
{
	return (wrc_size(c) + 7u) & ~(size_t)7u;
}

static const wg_layout *wrc_fm_lay(const void *mem)
{
	return (const wg_layout *)((const char *)mem + wrc_fm_loff(wrc_config(mem)));
}

/* Input port `port` (at most 64 bits). */
static uint64_t wrc_fget(const wg_layout *L, const uint32_t *in, int port)
{
	return wg_get(in + L->off[port], 0, (unsigned)L->width[port]);
}

static void wrc_unpack(const wg_layout *L, const uint32_t *in, wrc_in *fi)
{
	memset(fi, 0, sizeof *fi);
	fi->rst = (unsigned)wrc_fget(L, in, WRC_RST_I);
	fi->launch = wrc_fget(L, in, WRC_LAUNCH_I);
	fi->exit = wrc_fget(L, in, WRC_EXIT_I);
	fi->hd_valid = wrc_fget(L, in, WRC_HD_VALID_I);
	fi->hd_mem = wrc_fget(L, in, WRC_HD_MEM_I);
	fi->hd_rdy = wrc_fget(L, in, WRC_HD_RDY_I);
	fi->ad_valid = wrc_fget(L, in, WRC_AD_VALID_I);
	fi->ad_mem = wrc_fget(L, in, WRC_AD_MEM_I);
	fi->ad_rdy = wrc_fget(L, in, WRC_AD_RDY_I);
	fi->llp = wrc_fget(L, in, WRC_LLP_I);
	fi->bar = wrc_fget(L, in, WRC_BAR_I);
	fi->lsu_pend = wrc_fget(L, in, WRC_LSU_PEND_I);
	fi->rq_has = wrc_fget(L, in, WRC_RQ_HAS_I);
	fi->rq_head_valid = (unsigned)wrc_fget(L, in, WRC_RQ_HEAD_VALID_I);
	fi->rq_head_warp = (unsigned)wrc_fget(L, in, WRC_RQ_HEAD_WARP_I);
	fi->lsu_rdy = (unsigned)wrc_fget(L, in, WRC_LSU_RDY_I);
	fi->mshr_used = (unsigned)wrc_fget(L, in, WRC_MSHR_USED_I);
	fi->mq_used = (unsigned)wrc_fget(L, in, WRC_MQ_USED_I);
	fi->sat_ext = (unsigned)wrc_fget(L, in, WRC_SAT_EXT_I);
}

static void wrc_fput(const wg_layout *L, uint32_t *out, int port, uint64_t v)
{
	wg_put(out + L->off[port], 0, (unsigned)L->width[port], v);
}

static void wrc_pack(const wg_layout *L, int S, const wrc_out *o, uint32_t *out)
{
	unsigned WB = (unsigned)(L->width[WRC_ISS_WARP_O] / S);
	uint64_t iv = 0, im = 0, ev = 0;
	memset(out, 0, (size_t)L->nwords[WG_OUT] * sizeof *out);
	uint32_t *iw = out + L->off[WRC_ISS_WARP_O];
	for (int s = 0; s < S; s++) {
		iv |= (uint64_t)(o->iss_valid[s] & 1u) << s;
		im |= (uint64_t)(o->iss_mem[s] & 1u) << s;
		wg_put(iw, (unsigned)s * WB, WB, o->iss_warp[s]);
	}
	wrc_fput(L, out, WRC_ISS_VALID_O, iv);
	wrc_fput(L, out, WRC_ISS_MEM_O, im);
	wrc_fput(L, out, WRC_OWNER_O, o->owner);
	wrc_fput(L, out, WRC_MODE_O, o->mode);
	wrc_fput(L, out, WRC_SAT_O, o->sat);
	wrc_fput(L, out, WRC_WST_MEM_O, o->wst_mem);
	wrc_fput(L, out, WRC_WST_STALL_O, o->wst_stall);
	wrc_fput(L, out, WRC_PRE_O, o->pre);
	wrc_fput(L, out, WRC_RESIDENT_O, o->resident);
	for (int e = 0; e < WRC_NEVENTS; e++)
		ev |= ((uint64_t)o->ev[e] & wg_ones64(L->ev_w[e])) << L->ev_lsb[e];
	wrc_fput(L, out, WRC_EV_O, ev);
}

size_t wrc_model_size(const long *p)
{
	wrc_cfg c;
	wrc_cfg_from_params(&c, p);
	return wrc_fm_loff(&c) + sizeof(wg_layout);
}

void wrc_model_init(void *mem, const long *p, const wg_layout *L)
{
	wrc_cfg c;
	wrc_cfg_from_params(&c, p);
	wrc_init(mem, &c);
	memcpy((char *)mem + wrc_fm_loff(&c), L, sizeof *L);
}

int wrc_model_eval(void *mem, const uint32_t *in, uint32_t *out, char *err, size_t errn)
{
	const wrc_model *m = mem;
	wrc_in fi;
	wrc_out o;
	wrc_unpack(wrc_fm_lay(mem), in, &fi);
	int rc = wrc_eval(m, &fi, &o);
	wrc_pack(wrc_fm_lay(mem), wrc_config(m)->schedulers, &o, out);
	if (rc && err && errn)
		snprintf(err, errn, "%s", o.msg);
	return rc;
}

void wrc_model_tick(void *mem, const uint32_t *in)
{
	wrc_in fi;
	wrc_unpack(wrc_fm_lay(mem), in, &fi);
	wrc_tick(mem, &fi);
}

const uint64_t *wrc_model_counts(const void *mem)
{
	return wrc_counts(mem);
}
