/* memra_frame.c - MEM_RA's frame adapter: wg_block_memra's model entry
 * points unpack an input frame into an mr_in, run the typed model (memra.c)
 * and pack the state's outputs (its accessors) and the cycle's events into
 * an output frame (docs/memra.md "Ports").
 * Per-warp vectors are WARPS bits (bit w = warp w); done_warp_i is a warp
 * id of WB bits (read with done_valid_i only); cnt_o holds CNT_BITS
 * per warp, warp 0 lowest; ev_o's fields are packed LSB first at the
 * layout's positions. */
#include "memra.h"

#include <stdio.h>
#include <string.h>

#include "wg_bits.h"

/* One frame-level model: the typed model first (so that a composition's
 * wg_comp_child() is an mr_model*), then the layout at the next 8-byte
 * boundary. */
static size_t mr_fm_loff(const mr_cfg *c)
{
	return (mr_size(c) + 7u) & ~(size_t)7u;
}

static const wg_layout *mr_fm_lay(const void *mem)
{
	return (const wg_layout *)((const char *)mem + mr_fm_loff(mr_config(mem)));
}

/* Input port `port` (at most 64 bits). */
static uint64_t mr_fget(const wg_layout *L, const uint32_t *in, int port)
{
	return wg_get(in + L->off[port], 0, (unsigned)L->width[port]);
}

static void mr_unpack(const wg_layout *L, const uint32_t *in, mr_in *fi)
{
	memset(fi, 0, sizeof *fi);
	fi->rst = (unsigned)mr_fget(L, in, MR_RST_I);
	fi->ld = mr_fget(L, in, MR_LD_I);
	fi->done_valid = (unsigned)mr_fget(L, in, MR_DONE_VALID_I);
	fi->done_warp = (unsigned)mr_fget(L, in, MR_DONE_WARP_I);
	fi->grant = mr_fget(L, in, MR_GRANT_I);
}

static void mr_fput(const wg_layout *L, uint32_t *out, int port, uint64_t v)
{
	wg_put(out + L->off[port], 0, (unsigned)L->width[port], v);
}

/* The state's outputs (copies: the model keeps want_o, prio_o and the packed
 * counters) and the cycle's events. */
static void mr_pack(const wg_layout *L, const mr_model *m, const unsigned *evf, uint32_t *out)
{
	const mr_cfg *c = mr_config(m);
	unsigned nb = (unsigned)c->warps * (unsigned)c->cnt_bits;
	uint64_t ev = 0;
	memset(out, 0, (size_t)L->nwords[WG_OUT] * sizeof *out);
	mr_fput(L, out, MR_WANT_O, mr_want(m));
	mr_fput(L, out, MR_PRIO_O, mr_prio(m));
	/* cnt_o from bit 0 of its first word: whole words (the model's bits past the port are 0, as the
	 * frame's) */
	memcpy(out + L->off[MR_CNT_O], mr_cnt_packed(m), (nb + 31u) / 32u * sizeof *out);
	mr_fput(L, out, MR_MEAS_O, mr_meas(m));
	mr_fput(L, out, MR_SAMPLE_O, mr_sample(m));
	for (int e = 0; e < MR_NEVENTS; e++)
		ev |= ((uint64_t)evf[e] & wg_ones64(L->ev_w[e])) << L->ev_lsb[e];
	mr_fput(L, out, MR_EV_O, ev);
}

size_t mr_model_size(const long *p)
{
	mr_cfg c;
	mr_cfg_from_params(&c, p);
	return mr_fm_loff(&c) + sizeof(wg_layout);
}

void mr_model_init(void *mem, const long *p, const wg_layout *L)
{
	mr_cfg c;
	mr_cfg_from_params(&c, p);
	mr_init(mem, &c);
	memcpy((char *)mem + mr_fm_loff(&c), L, sizeof *L);
}

int mr_model_eval(void *mem, const uint32_t *in, uint32_t *out, char *err, size_t errn)
{
	const mr_model *m = mem;
	mr_in fi;
	unsigned ev[MR_NEVENTS];
	char msg[MR_MSG_LEN];
	mr_unpack(mr_fm_lay(mem), in, &fi);
	int rc = mr_eval_ev(m, &fi, ev, msg, sizeof msg);
	mr_pack(mr_fm_lay(mem), m, ev, out);
	if (rc && err && errn)
		snprintf(err, errn, "%s", msg);
	return rc ? -1 : 0;
}

void mr_model_tick(void *mem, const uint32_t *in)
{
	mr_in fi;
	mr_unpack(mr_fm_lay(mem), in, &fi);
	mr_tick(mem, &fi);
}

const uint64_t *mr_model_counts(const void *mem)
{
	return mr_counts(mem);
}
