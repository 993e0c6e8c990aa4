/* tuba_frame.c - TUBA's frame adapter: wg_block_tuba's model entry points
 * unpack an input frame into a tb_in, run the typed model (tuba.c) and pack
 * its tb_out into an output frame (docs/tuba.md "Ports"); ev_o's bits are
 * packed LSB first at the layout's positions. */
#include "tuba.h"

#include <stdio.h>
#include <string.h>

#include "wg_bits.h"

/* The layout's positions, read once at init: each port is in its own words
 * (wg_layout), so a port of at most 32 bits is one word, masked. The frame
 * model's eval and tick are most of a small block's cost (docs/tuba.md,
 * "Speed of the C model"). */
typedef struct tb_fm {
	unsigned in_off[TB_RES_I + 1];   /* word of each input port */
	uint32_t in_mask[TB_RES_I + 1];  /* its width's mask */
	unsigned lim_off, acc_off, ev_off; /* words of lim_o, accept_o, ev_o */
	uint32_t lim_mask;               /* lim_o's width's mask */
	unsigned ev_direct;              /* 1: event e is 1 bit at bit e of ev_o (the tb_eval_bits order) */
	unsigned nout;                   /* words of the output frame */
} tb_fm;

/* One frame-level model: the typed model first (so that a composition's
 * wg_comp_child() is a tb_model*), then the layout at the next 8-byte
 * boundary, then the tb_fm at the next one. */
static size_t tb_fm_loff(const tb_cfg *c)
{
	return (tb_size(c) + 7u) & ~(size_t)7u;
}

static size_t tb_fm_foff(const tb_cfg *c)
{
	return tb_fm_loff(c) + ((sizeof(wg_layout) + 7u) & ~(size_t)7u);
}

static const wg_layout *tb_fm_lay(const void *mem)
{
	return (const wg_layout *)((const char *)mem + tb_fm_loff(tb_config(mem)));
}

static void tb_fm_init(tb_fm *f, const wg_layout *L)
{
	for (int p = 0; p <= TB_RES_I; p++) {
		f->in_off[p] = (unsigned)L->off[p];
		f->in_mask[p] = (uint32_t)wg_ones64((unsigned)L->width[p]);
	}
	f->lim_off = (unsigned)L->off[TB_LIM_O];
	f->acc_off = (unsigned)L->off[TB_ACCEPT_O];
	f->ev_off = (unsigned)L->off[TB_EV_O];
	f->lim_mask = (uint32_t)wg_ones64((unsigned)L->width[TB_LIM_O]);
	f->ev_direct = L->width[TB_EV_O] <= 32;
	for (int e = 0; e < TB_NEVENTS; e++)
		f->ev_direct &= L->ev_w[e] == 1 && L->ev_lsb[e] == e;
	f->nout = (unsigned)L->nwords[WG_OUT];
}

/* tb_unpack through the tb_fm: the same tb_in. */
static void tb_unpack_fast(const tb_fm *f, const uint32_t *in, tb_in *fi)
{
	fi->rst = in[f->in_off[TB_RST_I]] & f->in_mask[TB_RST_I];
	fi->start = in[f->in_off[TB_START_I]] & f->in_mask[TB_START_I];
	fi->occ = in[f->in_off[TB_OCC_I]] & f->in_mask[TB_OCC_I];
	fi->done = in[f->in_off[TB_DONE_I]] & f->in_mask[TB_DONE_I];
	fi->free = in[f->in_off[TB_FREE_I]] & f->in_mask[TB_FREE_I];
	fi->res = in[f->in_off[TB_RES_I]] & f->in_mask[TB_RES_I];
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
	return tb_fm_foff(&c) + sizeof(tb_fm);
}

void tb_model_init(void *mem, const long *p, const wg_layout *L)
{
	tb_cfg c;
	tb_cfg_from_params(&c, p);
	tb_init(mem, &c);
	memcpy((char *)mem + tb_fm_loff(&c), L, sizeof *L);
	tb_fm_init((tb_fm *)((char *)mem + tb_fm_foff(&c)), L);
}

/* The fast path (tb_fm, tb_eval_bits) when ev_o is in the tb_eval_bits
 * order, as the descriptor lays it out; else, and on a protocol violation
 * (for its message), the typed path through tb_out. */
int tb_model_eval(void *mem, const uint32_t *in, uint32_t *out, char *err, size_t errn)
{
	const tb_model *m = mem;
	const tb_fm *f = (const tb_fm *)((const char *)mem + tb_fm_foff(tb_config(m)));
	tb_in fi;
	if (f->ev_direct) {
		unsigned lim, acc, evs;
		tb_unpack_fast(f, in, &fi);
		int rc = tb_eval_bits(m, &fi, &lim, &acc, &evs);
		if (rc == TB_OK) {
			for (unsigned i = 0; i < f->nout; i++)
				out[i] = 0;
			out[f->lim_off] = lim & f->lim_mask;
			out[f->acc_off] = acc;
			out[f->ev_off] = evs;
			return 0;
		}
	}
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
	const tb_fm *f = (const tb_fm *)((const char *)mem + tb_fm_foff(tb_config(mem)));
	tb_in fi;
	tb_unpack_fast(f, in, &fi);
	tb_tick(mem, &fi);
}

const uint64_t *tb_model_counts(const void *mem)
{
	return tb_counts(mem);
}
