/* rename_frame.c - the renaming table's frame adapter (wg_block_rename):
 * port frames packed and unpacked through the wg_layout (wg_bits.h); ports
 * wider than 64 bits (reg_on_o, dom_on_o) are written 64 bits at a time. */
#include <stdio.h>
#include <string.h>

#include "rename_int.h"

/* ------------------------------------------------------------------ */
/* Frame adapter (wg_block_rename)                                     */
/* ------------------------------------------------------------------ */

/* Bits [lsb, lsb+n) of input port `port` (n <= 64). */
static inline uint64_t rn_fget(const rn_model *m, const uint32_t *in, int port, unsigned lsb, unsigned n)
{
	return wg_get(in + m->lay.off[port], lsb, n);
}

static void rn_unpack(const rn_model *m, const uint32_t *in, rn_in *fi)
{
	const wg_layout *L = &m->lay;
	unsigned WB = (unsigned)L->width[RN_PIR_WARP_I];
	memset(fi, 0, sizeof *fi);
	fi->rst = (unsigned)rn_fget(m, in, RN_RST_I, 0, 1);
	fi->kl_valid = (unsigned)rn_fget(m, in, RN_KL_VALID_I, 0, 1);
	fi->kl_warps = (unsigned)rn_fget(m, in, RN_KL_WARPS_I, 0, (unsigned)L->width[RN_KL_WARPS_I]);
	fi->kl_regs = (unsigned)rn_fget(m, in, RN_KL_REGS_I, 0, 6);
	fi->kl_exempt = (unsigned)rn_fget(m, in, RN_KL_EXEMPT_I, 0, 6);
	fi->pir_valid = (unsigned)rn_fget(m, in, RN_PIR_VALID_I, 0, 1);
	fi->pir_warp = (unsigned)rn_fget(m, in, RN_PIR_WARP_I, 0, WB);
	fi->pir_pc = (uint32_t)rn_fget(m, in, RN_PIR_PC_I, 0, (unsigned)L->width[RN_PIR_PC_I]);
	fi->pir_flags = rn_fget(m, in, RN_PIR_FLAGS_I, 0, 3 * RN_PIR_SLOTS);
	fi->op_valid = (unsigned)rn_fget(m, in, RN_OP_VALID_I, 0, 1);
	fi->op_kind = (unsigned)rn_fget(m, in, RN_OP_KIND_I, 0, 2);
	fi->op_warp = (unsigned)rn_fget(m, in, RN_OP_WARP_I, 0, WB);
	for (unsigned s = 0; s < RN_PBR_SLOTS; s++)
		fi->op_reg[s] = (unsigned)rn_fget(m, in, RN_OP_REG_I, 6 * s, 6);
	fi->op_dst = (unsigned)rn_fget(m, in, RN_OP_DST_I, 0, 6);
	fi->rd_done = (unsigned)rn_fget(m, in, RN_RD_DONE_I, 0, 1);
	fi->rd_warp = (unsigned)rn_fget(m, in, RN_RD_WARP_I, 0, WB);
	for (unsigned k = 0; k < (unsigned)m->cfg.alloc_ports; k++) {
		fi->alc_valid[k] = (unsigned)rn_fget(m, in, RN_ALC_VALID_I, k, 1);
		fi->alc_warp[k] = (unsigned)rn_fget(m, in, RN_ALC_WARP_I, k * WB, WB);
		fi->alc_reg[k] = (unsigned)rn_fget(m, in, RN_ALC_REG_I, 6 * k, 6);
		if (m->cfg.tfet_rows > 0) { /* the class ports exist only with TFET rows */
			fi->alc_tfet[k] = (unsigned)rn_fget(m, in, RN_ALC_TFET_I, k, 1);
			fi->alc_load[k] = (unsigned)rn_fget(m, in, RN_ALC_LOAD_I, k, 1);
		}
	}
}

static int rn_in_same(const rn_in *a, const rn_in *b)
{
	if (a->rst != b->rst || a->kl_valid != b->kl_valid || a->kl_warps != b->kl_warps ||
	    a->kl_regs != b->kl_regs || a->kl_exempt != b->kl_exempt || a->pir_valid != b->pir_valid ||
	    a->pir_warp != b->pir_warp || a->pir_pc != b->pir_pc || a->pir_flags != b->pir_flags ||
	    a->op_valid != b->op_valid || a->op_kind != b->op_kind || a->op_warp != b->op_warp ||
	    a->op_dst != b->op_dst || a->rd_done != b->rd_done || a->rd_warp != b->rd_warp)
		return 0;
	for (int s = 0; s < RN_PBR_SLOTS; s++)
		if (a->op_reg[s] != b->op_reg[s])
			return 0;
	for (int k = 0; k < RN_MAX_ALLOC; k++)
		if (a->alc_valid[k] != b->alc_valid[k] || a->alc_warp[k] != b->alc_warp[k] ||
		    a->alc_reg[k] != b->alc_reg[k] || a->alc_tfet[k] != b->alc_tfet[k] ||
		    a->alc_load[k] != b->alc_load[k])
			return 0;
	return 1;
}

/* Write v into bits [lsb, lsb+n) of output port `port` (n <= 64). */
static inline void rn_fput(const rn_model *m, uint32_t *out, int port, unsigned lsb, unsigned n, uint64_t v)
{
	wg_put(out + m->lay.off[port], lsb, n, v);
}

/* A bit vector of nbits bits into output port `port`. */
static void rn_fput_vec(const rn_model *m, uint32_t *out, int port, const uint64_t *v, int nbits)
{
	if (nbits % 32 == 0) { /* whole words (a port starts at a word), two per 64-bit element */
		uint32_t *w = out + m->lay.off[port];
		int n2 = nbits / 64;
		for (int i = 0; i < n2; i++) {
			w[2 * i] = (uint32_t)v[i];
			w[2 * i + 1] = (uint32_t)(v[i] >> 32);
		}
		if (nbits % 64)
			w[2 * n2] = (uint32_t)v[n2];
		return;
	}
	for (int i = 0; i * 64 < nbits; i++) {
		int n = nbits - i * 64 < 64 ? nbits - i * 64 : 64;
		rn_fput(m, out, port, (unsigned)(i * 64), (unsigned)n, v[i]);
	}
}

static void rn_pack(const rn_model *m, const rn_plan *pl, uint32_t *out)
{
	const wg_layout *L = &m->lay;
	const rn_cfg *c = &m->cfg;
	unsigned PB = (unsigned)L->width[RN_OP_DST_PID_O];
	memset(out, 0, (size_t)L->nwords[WG_OUT] * sizeof *out);
	rn_fput(m, out, RN_PIR_READY_O, 0, 1, (unsigned)pl->pir_ready);
	rn_fput(m, out, RN_PIR_HIT_O, 0, 1, (unsigned)pl->pir_hit);
	rn_fput(m, out, RN_OP_READY_O, 0, 1, (unsigned)pl->op_ready);
	rn_fput(m, out, RN_OP_WAIT_O, 0, 2, (unsigned)pl->op_wait);
	if (pl->op_ready) {
		for (unsigned j = 0; j < (unsigned)m->S; j++)
			rn_fput(m, out, RN_OP_SRC_PID_O, j * PB, PB, pl->src_pid[j]);
		rn_fput(m, out, RN_OP_REL_O, 0, (unsigned)m->S, pl->rel);
		rn_fput(m, out, RN_OP_DST_PID_O, 0, PB, pl->dst_pid);
		rn_fput(m, out, RN_OP_DST_NEW_O, 0, 1, pl->dst_new);
	}
	for (unsigned k = 0; k < (unsigned)c->alloc_ports; k++) {
		if (!pl->gnt[k])
			continue;
		rn_fput(m, out, RN_ALC_GNT_O, k, 1, 1);
		rn_fput(m, out, RN_ALC_PID_O, k * PB, PB, pl->pid[k]);
		if (c->tfet_rows > 0)
			rn_fput(m, out, RN_ALC_TFET_O, k, 1, pl->tfet[k]);
	}
	if (c->tfet_rows > 0) {
		if (pl->op_ready) {
			rn_fput(m, out, RN_OP_SRC_TFET_O, 0, (unsigned)m->S, pl->src_tfet);
			rn_fput(m, out, RN_OP_DST_TFET_O, 0, 1, pl->dst_tfet);
		}
		rn_fput(m, out, RN_FREE_TFET_O, 0, (unsigned)L->width[RN_FREE_TFET_O], pl->free_tfet);
	}
	uint64_t v[RN_PW];
	rn_reg_on(m, pl, v);
	rn_fput_vec(m, out, RN_REG_ON_O, v, c->phys);
	rn_fput_vec(m, out, RN_DOM_ON_O, pl->dom_on, c->rf_banks * c->subarrays);
	uint64_t ev = 0;
	for (int e = 0; e < RN_NEVENTS; e++)
		ev |= ((uint64_t)pl->ev[e] & wg_ones64(L->ev_w[e])) << L->ev_lsb[e];
	rn_fput(m, out, RN_EV_O, 0, (unsigned)L->width[RN_EV_O], ev);
}

size_t rn_model_size(const long *p)
{
	rn_cfg c;
	rn_cfg_from_params(&c, p);
	return rn_size(&c);
}

void rn_model_init(void *mem, const long *p, const wg_layout *L)
{
	rn_cfg c;
	rn_cfg_from_params(&c, p);
	rn_model *m = rn_init(mem, &c);
	m->lay = *L;
}

int rn_model_eval(void *mem, const uint32_t *in, uint32_t *out, char *err, size_t errn)
{
	rn_model *m = mem;
	char msg[RN_MSG_LEN];
	rn_unpack(m, in, &m->ck_in);
	if (m->lay.nwords[WG_IN] <= RN_CK_WORDS)
		memcpy(m->ck_frame, in, (size_t)m->lay.nwords[WG_IN] * sizeof *in);
	rn_plan_make(m, &m->ck_in, &m->ck_plan);
	int rc = rn_check(m, &m->ck_in, &m->ck_plan, msg, sizeof msg);
	rn_pack(m, &m->ck_plan, out);
	m->ck_ok = 1;
	if (rc) {
		if (err && errn)
			snprintf(err, errn, "%s", msg);
		return -1;
	}
	return 0;
}

void rn_model_tick(void *mem, const uint32_t *in)
{
	rn_model *m = mem;
	size_t nin = (size_t)m->lay.nwords[WG_IN];
	if (m->ck_ok && nin <= RN_CK_WORDS && memcmp(in, m->ck_frame, nin * sizeof *in) == 0) {
		/* the eval's frame: its inputs and plan, unpacked and made once */
		if (m->ck_in.rst) {
			rn_reset(m);
			return;
		}
		rn_apply(m, &m->ck_in, &m->ck_plan); /* (writes neither) */
		return;
	}
	rn_in fi;
	rn_unpack(m, in, &fi);
	if (fi.rst) {
		rn_reset(m);
		return;
	}
	if (m->ck_ok && rn_in_same(&fi, &m->ck_in)) {
		rn_plan pl = m->ck_plan; /* rn_apply clears ck_ok */
		rn_apply(m, &fi, &pl);
		return;
	}
	rn_tick(m, &fi);
}

const uint64_t *rn_model_counts(const void *mem)
{
	return ((const rn_model *)mem)->counts;
}

