/* tuba_frame.c - TUBA's frame adapter: wg_block_tuba's model entry points
 * unpack an input frame into a tb_in, run the typed model (tuba.c) and pack
 * its tb_out into an output frame (docs/tuba.md "Ports"); ev_o's bits are
 * packed LSB first at the layout's positions. */
#include "tuba.h"

#include <stdio.h>
#include <string.h>

#include "wg_bits.h"

/* One frame-level model: the typed model first (so that a composition's
 * wg_comp_child() is a tb_model*), then the layout at the next 8-byte
 * boundary. */
static size_t tb_fm_loff(const tb_cfg *c)
{
	return (tb_size(c) + 7u) & ~(size_t)7u;
}

static const wg_layout *tb_fm_lay(const void *mem)
{
	return (const wg_layout *)((const char *)mem + tb_fm_loff(tb_config(mem)));
}

/* Input port `port` (at most 32 bits here). */
static unsigned tb_fget(const wg_layout *L, const uint32_t *in, int port)
{
	return (unsigned)wg_get(in + L->off[port], 0, (unsigned)L->width[port]);
}

static void tb_unpack(const wg_layout *L, const uint32_t *in, tb_in *fi)
{
	memset(fi, 0, sizeof *fi);
	fi->rst = tb_fget(L, in, TB_RST_I);
	fi->start = tb_fget(L, in, TB_START_I);
	fi->occ = tb_fget(L, in, TB_OCC_I);
	fi->done = tb_fget(L, in, TB_DONE_I);
	fi->free = tb_fget(L, in, TB_FREE_I);
	fi->res = tb_fget(L, in, TB_RES_I);
}

static void tb_fput(const wg_layout *L, uint32_t *out, int port, uint64_t v)
{
	wg_put(out + L->off[port], 0, (unsigned)L->width[port], v);
}

static void tb_pack(const wg_layout *L, const tb_out *o, uint32_t *out)
{
	uint64_t ev = 0;
	memset(out, 0, (size_t)L->nwords[WG_OUT] * sizeof *out);
	tb_fput(L, out, TB_LIM_O, o->lim);
	tb_fput(L, out, TB_ACCEPT_O, o->accept);
	for (int e = 0; e < TB_NEVENTS; e++)
		ev |= ((uint64_t)o->ev[e] & wg_ones64(L->ev_w[e])) << L->ev_lsb[e];
	tb_fput(L, out, TB_EV_O, ev);
}

size_t tb_model_size(const long *p)
{
	tb_cfg c;
	tb_cfg_from_params(&c, p);
	return tb_fm_loff(&c) + sizeof(wg_layout);
}

void tb_model_init(void *mem, const long *p, const wg_layout *L)
{
	tb_cfg c;
	tb_cfg_from_params(&c, p);
	tb_init(mem, &c);
	memcpy((char *)mem + tb_fm_loff(&c), L, sizeof *L);
}

int tb_model_eval(void *mem, const uint32_t *in, uint32_t *out, char *err, size_t errn)
{
	const tb_model *m = mem;
	tb_in fi;
	tb_out o;
	tb_unpack(tb_fm_lay(mem), in, &fi);
	int rc = tb_eval(m, &fi, &o);
	tb_pack(tb_fm_lay(mem), &o, out);
	if (rc && err && errn)
		snprintf(err, errn, "%s", o.msg);
	return rc ? -1 : 0;
}

void tb_model_tick(void *mem, const uint32_t *in)
{
	tb_in fi;
	tb_unpack(tb_fm_lay(mem), in, &fi);
	tb_tick(mem, &fi);
}

const uint64_t *tb_model_counts(const void *mem)
{
	return tb_counts(mem);
}
