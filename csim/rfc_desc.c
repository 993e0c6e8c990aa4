/* rfc_desc.c - the register file cache's descriptor: parameters, ports,
 * energy events and storage. Cycle contract: docs/rfc.md. */
#include <stdio.h>

#include "rfc.h"
#include "wg_bits.h"

static const char *const repl_names[] = {"FIFO", "LRU", NULL};

static const wg_param_def rfc_params[RFC_NPARAMS] = {
	[RFC_P_WARPS] = {"WARPS", 32, 1, 64, NULL,
		"resident warps per SM (owner ids of the slots)", "Gebhart ISCA'11 §2.1, §5.2: 32 warps"},
	[RFC_P_ACTIVE_WARPS] = {"ACTIVE_WARPS", 8, 1, 64, NULL,
		"active-warp slots, each with its own ENTRIES entries", "Gebhart §3.3, §5.4: 8 active warps"},
	[RFC_P_ENTRIES] = {"ENTRIES", 6, 1, 16, NULL,
		"RFC entries per warp slot (per thread)", "Gebhart §5.1, §5.4: 6 entries per thread"},
	[RFC_P_LANES] = {"LANES", 32, 1, 64, NULL,
		"SIMT lanes: one private RFC bank per lane", "Gebhart §2.1, §3.3: 32 lanes"},
	[RFC_P_WIDTH] = {"WIDTH", 32, 1, 64, NULL,
		"bits per lane per register", "Gebhart §3.1: 4 bytes per thread"},
	[RFC_P_REG_BITS] = {"REG_BITS", 6, 1, 8, NULL,
		"architectural register id bits", "spec §2.2: 6 bits (up to 64 registers)"},
	[RFC_P_READ_PORTS] = {"READ_PORTS", 3, 1, 4, NULL,
		"source operands looked up and read per cycle", "Gebhart §3.1, Fig 5a: 3R/1W banks"},
	[RFC_P_READ_LAT] = {"READ_LAT", 3, 1, 4, NULL,
		"cycles from the tag check to the data read (TAG -> RF3)", "Gebhart §3.1, Fig 3b: data read in the last of 3 RF stages"},
	[RFC_P_FLUSH_PORTS] = {"FLUSH_PORTS", 1, 1, 4, NULL,
		"live entries a draining slot writes back per cycle", "spec §8 #11-12 (paper silent): 1 drain read port"},
	[RFC_P_REPLACEMENT] = {"REPLACEMENT", RFC_FIFO, 0, 1, repl_names,
		"victim choice: FIFO (insertion order) or LRU", "Gebhart §3.1: FIFO"},
	[RFC_P_LIVENESS] = {"LIVENESS", 1, 0, 1, NULL,
		"1: last-use hints mark entries dead, dead entries are not written back", "Gebhart §3.1, §5.1: on"},
};

static const wg_port_def rfc_ports[RFC_NPORTS] = {
	[RFC_RST_I] = {"rst_i", WG_IN, "control", "synchronous reset, active high"},
	[RFC_LU_VALID_I] = {"lu_valid_i", WG_IN, "lookup", "an instruction is in the TAG stage"},
	[RFC_LU_SLOT_I] = {"lu_slot_i", WG_IN, "lookup", "its warp's slot (must be OWNED)"},
	[RFC_LU_EN_I] = {"lu_en_i", WG_IN, "lookup", "per source: operand is a register"},
	[RFC_LU_REG_I] = {"lu_reg_i", WG_IN, "lookup", "per source: register id"},
	[RFC_LU_LAST_I] = {"lu_last_i", WG_IN, "lookup", "per source: last-use hint (gated upstream by convergence)"},
	[RFC_WR_VALID_I] = {"wr_valid_i", WG_IN, "write", "a result is written back (WB)"},
	[RFC_WR_WARP_I] = {"wr_warp_i", WG_IN, "write", "its warp id"},
	[RFC_WR_REG_I] = {"wr_reg_i", WG_IN, "write", "destination register id"},
	[RFC_WR_MASK_I] = {"wr_mask_i", WG_IN, "write", "per-lane write enables (active mask)"},
	[RFC_WR_BYPASS_I] = {"wr_bypass_i", WG_IN, "write", "long-latency or liveness bypass: write the MRF, invalidate the copy"},
	[RFC_WR_DATA_I] = {"wr_data_i", WG_IN, "write", "result data, LANES x WIDTH"},
	[RFC_ACT_VALID_I] = {"act_valid_i", WG_IN, "slot", "activate a warp into a FREE slot"},
	[RFC_ACT_SLOT_I] = {"act_slot_i", WG_IN, "slot", "the slot"},
	[RFC_ACT_WARP_I] = {"act_warp_i", WG_IN, "slot", "the warp (must own no slot)"},
	[RFC_FLUSH_VALID_I] = {"flush_valid_i", WG_IN, "slot", "deactivate: drain an OWNED slot"},
	[RFC_FLUSH_SLOT_I] = {"flush_slot_i", WG_IN, "slot", "the slot"},
	[RFC_EXIT_VALID_I] = {"exit_valid_i", WG_IN, "slot", "warp exit: drop an OWNED slot's entries"},
	[RFC_EXIT_SLOT_I] = {"exit_slot_i", WG_IN, "slot", "the slot"},
	[RFC_LU_HIT_O] = {"lu_hit_o", WG_OUT, "lookup", "per source: hit (same cycle as the lookup)"},
	[RFC_RD_VALID_O] = {"rd_valid_o", WG_OUT, "read", "per source: hit data valid (READ_LAT cycles after the hit)"},
	[RFC_RD_DATA_O] = {"rd_data_o", WG_OUT, "read", "per source: LANES x WIDTH data, zero when not valid"},
	[RFC_WB_VALID_O] = {"wb_valid_o", WG_OUT, "mrf", "write-path MRF write this cycle"},
	[RFC_WB_CAUSE_O] = {"wb_cause_o", WG_OUT, "mrf", "0 evict, 1 bypass, 2 partial-mask miss, 3 all-pinned fallback, 4 late result"},
	[RFC_WB_WARP_O] = {"wb_warp_o", WG_OUT, "mrf", "warp of the MRF write"},
	[RFC_WB_REG_O] = {"wb_reg_o", WG_OUT, "mrf", "register of the MRF write"},
	[RFC_WB_MASK_O] = {"wb_mask_o", WG_OUT, "mrf", "lane enables of the MRF write"},
	[RFC_WB_DATA_O] = {"wb_data_o", WG_OUT, "mrf", "data of the MRF write"},
	[RFC_FL_VALID_O] = {"fl_valid_o", WG_OUT, "flush", "per drain port: a live entry of a draining slot goes to the MRF"},
	[RFC_FL_WARP_O] = {"fl_warp_o", WG_OUT, "flush", "per drain port: owner warp"},
	[RFC_FL_REG_O] = {"fl_reg_o", WG_OUT, "flush", "per drain port: register"},
	[RFC_FL_DATA_O] = {"fl_data_o", WG_OUT, "flush", "per drain port: data (all lanes)"},
	[RFC_SLOT_FREE_O] = {"slot_free_o", WG_OUT, "slot", "per slot: FREE (may be activated this cycle)"},
	[RFC_EV_O] = {"ev_o", WG_OUT, "energy", "per-cycle energy event counts, one field per event"},
};

static const wg_event_def rfc_events[RFC_NEVENTS] = {
	[RFC_EV_TAG_LOOKUP] = {"tag_lookup", "one source operand's tag check"},
	[RFC_EV_MRF_READ] = {"mrf_read", "a source that missed: one warp-wide MRF read"},
	[RFC_EV_MRF_READ_AVOIDED] = {"mrf_read_avoided", "a source that hit: the MRF read it avoided"},
	[RFC_EV_RFC_READ] = {"rfc_read", "a hit operand read from the RFC banks at RF3"},
	[RFC_EV_RFC_WRITE] = {"rfc_write", "a result written into the RFC (hit or allocation)"},
	[RFC_EV_EVICT_WB] = {"evict_wb", "a live victim written back: one RFC read and one MRF write"},
	[RFC_EV_FLUSH_WB] = {"flush_wb", "a live entry drained at deactivation: one RFC read and one MRF write"},
	[RFC_EV_BYPASS_WB] = {"bypass_wb", "a result written to the MRF without the RFC: one MRF write"},
};

/* Upper bound on data flip-flops: 32 active warps x 8 entries x 32 lanes x 32 bits
 * (the paper's single-level N=8 point, 32 KB per SM). */
#define RFC_MAX_DATA_BITS 262144L

static const char *rfc_check(const long *p, char *buf, size_t n)
{
	if (p[RFC_P_ACTIVE_WARPS] > p[RFC_P_WARPS]) {
		snprintf(buf, n, "rfc: ACTIVE_WARPS=%ld must not exceed WARPS=%ld (legal range 1..WARPS)",
			 p[RFC_P_ACTIVE_WARPS], p[RFC_P_WARPS]);
		return buf;
	}
	long bits = p[RFC_P_ACTIVE_WARPS] * p[RFC_P_ENTRIES] * p[RFC_P_LANES] * p[RFC_P_WIDTH];
	if (bits > RFC_MAX_DATA_BITS) {
		snprintf(buf, n, "rfc: ACTIVE_WARPS*ENTRIES*LANES*WIDTH=%ld data bits exceeds the legal maximum %ld",
			 bits, RFC_MAX_DATA_BITS);
		return buf;
	}
	return NULL;
}

static void rfc_widths(const long *p, int *w, int *ev)
{
	int A = (int)p[RFC_P_ACTIVE_WARPS], L = (int)p[RFC_P_LANES], W = (int)p[RFC_P_WIDTH];
	int R = (int)p[RFC_P_READ_PORTS], RB = (int)p[RFC_P_REG_BITS], FP = (int)p[RFC_P_FLUSH_PORTS];
	int SB = (int)wg_idxw((unsigned long)A), WB = (int)wg_idxw((unsigned long)p[RFC_P_WARPS]);

	w[RFC_RST_I] = 1;
	w[RFC_LU_VALID_I] = 1;
	w[RFC_LU_SLOT_I] = SB;
	w[RFC_LU_EN_I] = R;
	w[RFC_LU_REG_I] = R * RB;
	w[RFC_LU_LAST_I] = R;
	w[RFC_WR_VALID_I] = 1;
	w[RFC_WR_WARP_I] = WB;
	w[RFC_WR_REG_I] = RB;
	w[RFC_WR_MASK_I] = L;
	w[RFC_WR_BYPASS_I] = 1;
	w[RFC_WR_DATA_I] = L * W;
	w[RFC_ACT_VALID_I] = 1;
	w[RFC_ACT_SLOT_I] = SB;
	w[RFC_ACT_WARP_I] = WB;
	w[RFC_FLUSH_VALID_I] = 1;
	w[RFC_FLUSH_SLOT_I] = SB;
	w[RFC_EXIT_VALID_I] = 1;
	w[RFC_EXIT_SLOT_I] = SB;
	w[RFC_LU_HIT_O] = R;
	w[RFC_RD_VALID_O] = R;
	w[RFC_RD_DATA_O] = R * L * W;
	w[RFC_WB_VALID_O] = 1;
	w[RFC_WB_CAUSE_O] = 3;
	w[RFC_WB_WARP_O] = WB;
	w[RFC_WB_REG_O] = RB;
	w[RFC_WB_MASK_O] = L;
	w[RFC_WB_DATA_O] = L * W;
	w[RFC_FL_VALID_O] = FP;
	w[RFC_FL_WARP_O] = FP * WB;
	w[RFC_FL_REG_O] = FP * RB;
	w[RFC_FL_DATA_O] = FP * L * W;
	w[RFC_SLOT_FREE_O] = A;

	int rw = (int)wg_clog2((unsigned long)R + 1), fw = (int)wg_clog2((unsigned long)FP + 1);
	ev[RFC_EV_TAG_LOOKUP] = rw;
	ev[RFC_EV_MRF_READ] = rw;
	ev[RFC_EV_MRF_READ_AVOIDED] = rw;
	ev[RFC_EV_RFC_READ] = rw;
	ev[RFC_EV_RFC_WRITE] = 1;
	ev[RFC_EV_EVICT_WB] = 1;
	ev[RFC_EV_FLUSH_WB] = fw;
	ev[RFC_EV_BYPASS_WB] = 1;
	int sum = 0;
	for (int e = 0; e < RFC_NEVENTS; e++)
		sum += ev[e];
	w[RFC_EV_O] = sum;
}

/* Data + per-entry tag state + per-slot state + the TAG->RF3 read pipeline.
 * Index fields of a 1-entry slot have no bits (nothing to select). */
static long rfc_storage_bits(const long *p)
{
	long A = p[RFC_P_ACTIVE_WARPS], N = p[RFC_P_ENTRIES];
	long data = A * N * p[RFC_P_LANES] * p[RFC_P_WIDTH];
	long ib = (long)wg_clog2((unsigned long)N);
	long entry = 1 /* valid */ + p[RFC_P_REG_BITS] /* tag */ + p[RFC_P_LIVENESS] /* dead */ + ib /* rank */;
	long slot = 2 /* state */ + (long)wg_idxw((unsigned long)p[RFC_P_WARPS]) /* owner */;
	long sb = A > 1 ? (long)wg_idxw((unsigned long)A) : 0; /* one active warp: the slot id is constant 0 */
	long pipe = p[RFC_P_READ_LAT] * p[RFC_P_READ_PORTS] * (1 /* valid */ + sb /* slot */ + ib /* entry */);
	return data + A * N * entry + A * slot + pipe;
}

/* ---- the C model's key state for the model trace (wg_state_def), named as rfc.v's
 * registers: per slot st_q, owner_q, valid_q, tag_q, dead_q, rank_q (the FIFO/LRU order:
 * the entry of rank ENTRIES-1 is the victim), and pinned (no register: the entries a hit
 * in flight holds, from the read pipeline pv_q/pslot_q/pidx_q) ---- */
static void rfc_put(uint64_t *w, int lsb, int width, uint64_t x)
{
	for (int i = 0; i < width; i++)
		if ((x >> i) & 1u)
			w[(lsb + i) / 64] |= 1ull << ((lsb + i) % 64);
}
static int rfc_ib(const rfc_model *m)
{
	return (int)wg_idxw((unsigned long)rfc_config(m)->entries);
}
static void rfc_get_st(const void *m, int s, uint64_t *w)
{
	w[0] = (uint64_t)rfc_slot_state(m, s);
}
static void rfc_get_owner(const void *m, int s, uint64_t *w)
{
	w[0] = (uint64_t)rfc_slot_owner(m, s);
}
static void rfc_get_bits(const void *m, int s, uint64_t *w, int (*f)(const rfc_model *, int, int))
{
	for (int e = 0; e < rfc_config(m)->entries; e++)
		if (f(m, s, e))
			w[0] |= 1ull << e;
}
static void rfc_get_valid(const void *m, int s, uint64_t *w)
{
	rfc_get_bits(m, s, w, rfc_entry_valid);
}
static void rfc_get_dead(const void *m, int s, uint64_t *w)
{
	rfc_get_bits(m, s, w, rfc_entry_dead);
}
static void rfc_get_pinned(const void *m, int s, uint64_t *w)
{
	rfc_get_bits(m, s, w, rfc_entry_pinned);
}
static void rfc_get_tag(const void *m, int s, uint64_t *w)
{
	int rb = rfc_config(m)->reg_bits;
	for (int e = 0; e < rfc_config(m)->entries; e++)
		rfc_put(w, e * rb, rb, (uint64_t)rfc_entry_tag(m, s, e));
}
static void rfc_get_rank(const void *m, int s, uint64_t *w)
{
	int ib = rfc_ib(m);
	for (int e = 0; e < rfc_config(m)->entries; e++)
		rfc_put(w, e * ib, ib, (uint64_t)rfc_entry_rank(m, s, e));
}

static int rfc_model_state(const long *p, wg_state_def *d)
{
	int A = (int)p[RFC_P_ACTIVE_WARPS], N = (int)p[RFC_P_ENTRIES];
	int WB = (int)wg_idxw((unsigned long)p[RFC_P_WARPS]), IB = (int)wg_idxw((unsigned long)N);
	int n = 0;
	d[n++] = (wg_state_def){"st_q", 2, A, rfc_get_st};
	d[n++] = (wg_state_def){"owner_q", WB, A, rfc_get_owner};
	d[n++] = (wg_state_def){"valid_q", N, A, rfc_get_valid};
	d[n++] = (wg_state_def){"tag_q", N * (int)p[RFC_P_REG_BITS], A, rfc_get_tag};
	d[n++] = (wg_state_def){"dead_q", N, A, rfc_get_dead};
	d[n++] = (wg_state_def){"rank_q", N * IB, A, rfc_get_rank};
	d[n++] = (wg_state_def){"pinned", N, A, rfc_get_pinned};
	return n;
}

const wg_block wg_block_rfc = {
	.name = "rfc",
	.summary = "register file cache: per-active-warp tagged cache of recent results, FIFO/LRU, "
		   "dead-value elision, flush on deactivation (Gebhart ISCA'11)",
	.template_file = "rfc.v",
	.params = rfc_params,
	.nparams = RFC_NPARAMS,
	.ports = rfc_ports,
	.nports = RFC_NPORTS,
	.events = rfc_events,
	.nevents = RFC_NEVENTS,
	.check = rfc_check,
	.widths = rfc_widths,
	.storage_bits = rfc_storage_bits,
	.model_size = rfc_model_size,
	.model_init = rfc_model_init,
	.model_eval = rfc_model_eval,
	.model_tick = rfc_model_tick,
	.model_counts = rfc_model_counts,
	.model_state = rfc_model_state,
};
