/* prefetch_table_frame.c - the prefetch table's frame adapter:
 * wg_block_prefetch_table's model entry points unpack an input frame into a
 * pt_in, run the typed model (prefetch_table.c) and pack its pt_out into an
 * output frame (docs/prefetch_table.md "Ports"). ld_addr_i holds lane l at
 * [l*ADDR_BITS +: ADDR_BITS]; tags are {pc, entry, warp, last, tia} MSB to
 * LSB; ev_o's fields are packed LSB first at the layout's positions. */
#include "prefetch_table.h"

#include <stdio.h>
#include <string.h>

#include "wg_bits.h"

/* One frame-level model: the typed model first (a composition's
 * wg_comp_child() is a pt_model*), then the layout at the next 8-byte
 * boundary. */
static size_t pt_fm_loff(const pt_cfg *c)
{
	return (pt_size(c) + 7u) & ~(size_t)7u;
}

static const wg_layout *pt_fm_lay(const void *mem)
{
	return (const wg_layout *)((const char *)mem + pt_fm_loff(pt_config(mem)));
}

static uint64_t pt_fget(const wg_layout *L, const uint32_t *in, int port)
{
	return wg_get(in + L->off[port], 0, (unsigned)L->width[port]);
}

static void pt_fput(const wg_layout *L, uint32_t *out, int port, uint64_t v)
{
	wg_put(out + L->off[port], 0, (unsigned)L->width[port], v);
}

pt_tag pt_tag_unpack(const pt_cfg *c, uint64_t v)
{
	unsigned wb = (unsigned)pt_warp_bits(c), eb = (unsigned)pt_entry_bits(c);
	pt_tag t;
	t.tia = (unsigned)(v & 1u);
	t.last = (unsigned)((v >> 1) & 1u);
	t.warp = (unsigned)((v >> 2) & wg_ones64(wb));
	t.entry = (unsigned)((v >> (2 + wb)) & wg_ones64(eb));
	t.pc = (unsigned)((v >> (2 + wb + eb)) & wg_ones64(c->pc_bits));
	return t;
}

uint64_t pt_tag_pack(const pt_cfg *c, const pt_tag *t)
{
	unsigned wb = (unsigned)pt_warp_bits(c), eb = (unsigned)pt_entry_bits(c);
	return ((uint64_t)t->tia & 1u) | (((uint64_t)t->last & 1u) << 1) | (((uint64_t)t->warp & wg_ones64(wb)) << 2) |
	       (((uint64_t)t->entry & wg_ones64(eb)) << (2 + wb)) |
	       (((uint64_t)t->pc & wg_ones64(c->pc_bits)) << (2 + wb + eb));
}

static void pt_unpack(const wg_layout *L, const pt_cfg *c, const uint32_t *in, pt_in *fi)
{
	unsigned ab = (unsigned)c->addr_bits;
	memset(fi, 0, sizeof *fi);
	fi->rst = (unsigned)pt_fget(L, in, PT_RST_I);
	fi->ld_valid = (unsigned)pt_fget(L, in, PT_LD_VALID_I);
	fi->ld_pc = (unsigned)pt_fget(L, in, PT_LD_PC_I);
	fi->ld_warp = (unsigned)pt_fget(L, in, PT_LD_WARP_I);
	fi->ld_mask = (uint32_t)pt_fget(L, in, PT_LD_MASK_I);
	const uint32_t *a = in + L->off[PT_LD_ADDR_I];
	for (int l = 0; l < c->threads; l++)
		fi->ld_addr[l] = (uint32_t)wg_get(a, (unsigned)l * ab, ab);
	fi->ld_miss = (unsigned)pt_fget(L, in, PT_LD_MISS_I);
	fi->ld_iter = (unsigned)pt_fget(L, in, PT_LD_ITER_I);
	fi->fill_valid = (unsigned)pt_fget(L, in, PT_FILL_VALID_I);
	fi->fill_tag = pt_tag_unpack(c, pt_fget(L, in, PT_FILL_TAG_I));
	fi->pf_ready = (unsigned)pt_fget(L, in, PT_PF_READY_I);
	fi->pf_present = (unsigned)pt_fget(L, in, PT_PF_PRESENT_I);
}

static void pt_pack(const wg_layout *L, const pt_cfg *c, const pt_out *o, uint32_t *out)
{
	uint64_t ev = 0;
	memset(out, 0, (size_t)L->nwords[WG_OUT] * sizeof *out);
	pt_fput(L, out, PT_LD_ACK_O, o->ld_ack);
	pt_fput(L, out, PT_PF_VALID_O, o->pf_valid);
	pt_fput(L, out, PT_PF_LINE_O, o->pf_line);
	pt_fput(L, out, PT_PF_TAG_O, o->pf_valid ? pt_tag_pack(c, &o->pf_tag) : 0);
	pt_fput(L, out, PT_PQ_COUNT_O, o->pq_count);
	pt_fput(L, out, PT_PHASE_O, o->phase);
	pt_fput(L, out, PT_ENTRY_O, o->entry);
	for (int e = 0; e < PT_NEVENTS; e++)
		ev |= ((uint64_t)o->ev[e] & wg_ones64(L->ev_w[e])) << L->ev_lsb[e];
	pt_fput(L, out, PT_EV_O, ev);
}

size_t pt_model_size(const long *p)
{
	pt_cfg c;
	pt_cfg_from_params(&c, p);
	return pt_fm_loff(&c) + sizeof(wg_layout);
}

void pt_model_init(void *mem, const long *p, const wg_layout *L)
{
	pt_cfg c;
	pt_cfg_from_params(&c, p);
	pt_init(mem, &c);
	memcpy((char *)mem + pt_fm_loff(&c), L, sizeof *L);
}

int pt_model_eval(void *mem, const uint32_t *in, uint32_t *out, char *err, size_t errn)
{
	const pt_model *m = mem;
	pt_in fi;
	pt_out o;
	pt_unpack(pt_fm_lay(mem), pt_config(m), in, &fi);
	int rc = pt_eval(m, &fi, &o);
	pt_pack(pt_fm_lay(mem), pt_config(m), &o, out);
	if (rc && err && errn)
		snprintf(err, errn, "%s", o.msg);
	return rc;
}

void pt_model_tick(void *mem, const uint32_t *in)
{
	pt_in fi;
	pt_unpack(pt_fm_lay(mem), pt_config(mem), in, &fi);
	pt_tick(mem, &fi);
}

const uint64_t *pt_model_counts(const void *mem)
{
	return pt_counts(mem);
}
