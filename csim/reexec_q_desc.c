/* reexec_q_desc.c - the re-execution queue's descriptor: parameters, ports,
 * energy events and storage. Cycle contract: docs/reexec_q.md. */
#include <stdio.h>

#include "reexec_q.h"
#include "wg_bits.h"

static const wg_param_def rq_params[RQ_NPARAMS] = {
	[RQ_P_ENTRIES] = {"ENTRIES", 32, 1, 64, NULL,
		"queue entries (one per parked request)", "Sethia 2015 §4.4.3, Tab. 4.2: 32 entries"},
	[RQ_P_THREADS] = {"THREADS", 32, 1, 32, NULL,
		"threads per warp: one offset and one lane-mask bit each", "Sethia §4.4.2: 32 threads"},
	[RQ_P_ADDR_BITS] = {"ADDR_BITS", 64, 8, 64, NULL,
		"base address of the request's 128-byte segment", "Sethia §4.4.2: 64 bits"},
	[RQ_P_OFFSET_BITS] = {"OFFSET_BITS", 7, 1, 8, NULL,
		"per-thread byte offset into the segment", "Sethia §4.4.2: 7 bits (128 B segment)"},
	[RQ_P_WARPS] = {"WARPS", 48, 1, 64, NULL,
		"warps per SM: warp-id field clog2(WARPS) bits and the per-warp has_o vector",
		"Sethia §4.4.2: 6-bit warp id (48 warps)"},
	[RQ_P_REG_BITS] = {"REG_BITS", 7, 1, 8, NULL,
		"destination register (loads) or data register (stores)", "Sethia §4.4.2: 7 bits"},
	[RQ_P_STORES] = {"STORES", 0, 0, 1, NULL,
		"1: stores are queued too (is_store bit per entry); 0: a refused store holds the LSU",
		"decision A-MA-6, spec §3.6 (the thesis's entry has no store data)"},
};

static const wg_port_def rq_ports[RQ_NPORTS] = {
	[RQ_RST_I] = {"rst_i", WG_IN, "control", "synchronous reset, active high: empty"},
	[RQ_PUSH_VALID_I] = {"push_valid_i", WG_IN, "push", "the LSU parks a request the L1 refused (only while push_ready_o)"},
	[RQ_PUSH_ADDR_I] = {"push_addr_i", WG_IN, "push", "its segment base address"},
	[RQ_PUSH_OFF_I] = {"push_off_i", WG_IN, "push", "per thread t: byte offset at [t*OFFSET_BITS +: OFFSET_BITS]"},
	[RQ_PUSH_WARP_I] = {"push_warp_i", WG_IN, "push", "its warp"},
	[RQ_PUSH_REG_I] = {"push_reg_i", WG_IN, "push", "destination register (data register of a store)"},
	[RQ_PUSH_MASK_I] = {"push_mask_i", WG_IN, "push", "lanes this request serves (not zero)"},
	[RQ_PUSH_SIZE_I] = {"push_size_i", WG_IN, "push", "log2 of the access bytes per thread, 0..4"},
	[RQ_PUSH_STORE_I] = {"push_store_i", WG_IN, "push", "a store (only with STORES=1)"},
	[RQ_LSU_REQ_I] = {"lsu_req_i", WG_IN, "l1", "the LSU sends a new request to the L1 this cycle (it goes first); 0 while idle or stalled"},
	[RQ_RP_ACK_I] = {"rp_ack_i", WG_IN, "l1", "the L1 accepted this cycle's replay (hit, or miss sent on): pop"},
	[RQ_RP_NACK_I] = {"rp_nack_i", WG_IN, "l1", "the L1 refused this cycle's replay: the head moves to the tail"},
	[RQ_PUSH_READY_O] = {"push_ready_o", WG_OUT, "push", "a push is accepted this cycle (not full)"},
	[RQ_FULL_O] = {"full_o", WG_OUT, "state", "full: a refused request cannot be parked; if one arrives the LSU stalls (then only replays reach the L1)"},
	[RQ_COUNT_O] = {"count_o", WG_OUT, "state", "entries in the queue"},
	[RQ_RP_VALID_O] = {"rp_valid_o", WG_OUT, "l1", "the head goes to the L1 this cycle (the LSU sends no new request)"},
	[RQ_HD_VALID_O] = {"hd_valid_o", WG_OUT, "head", "the queue is not empty: hd_*_o is the head entry"},
	[RQ_HD_ADDR_O] = {"hd_addr_o", WG_OUT, "head", "head: segment base address"},
	[RQ_HD_OFF_O] = {"hd_off_o", WG_OUT, "head", "head: per-thread offsets"},
	[RQ_HD_WARP_O] = {"hd_warp_o", WG_OUT, "head", "head: warp (to the readiness checker's owner hand-off)"},
	[RQ_HD_REG_O] = {"hd_reg_o", WG_OUT, "head", "head: register"},
	[RQ_HD_MASK_O] = {"hd_mask_o", WG_OUT, "head", "head: lane mask"},
	[RQ_HD_SIZE_O] = {"hd_size_o", WG_OUT, "head", "head: log2 access bytes"},
	[RQ_HD_STORE_O] = {"hd_store_o", WG_OUT, "head", "head: a store"},
	[RQ_HAS_O] = {"has_o", WG_OUT, "state", "per warp: has an entry (the one-instruction-per-warp rule)"},
	[RQ_EV_O] = {"ev_o", WG_OUT, "energy", "per-cycle energy events, one bit each: push, replay, pop, rotate_move, rotate_ptr"},
};

static const wg_event_def rq_events[RQ_NEVENTS] = {
	[RQ_EV_PUSH] = {"push", "one entry written at the tail"},
	[RQ_EV_REPLAY] = {"replay", "the head entry read and sent to the L1"},
	[RQ_EV_POP] = {"pop", "an ACKed replay frees the head (pointer update)"},
	[RQ_EV_ROTATE_MOVE] = {"rotate_move", "a NACKed replay copies the head entry to the tail (one entry write)"},
	[RQ_EV_ROTATE_PTR] = {"rotate_ptr", "a NACKed replay in a full queue: head and tail advance, no data moves"},
};

static void rq_widths(const long *p, int *w, int *ev)
{
	int E = (int)p[RQ_P_ENTRIES], T = (int)p[RQ_P_THREADS], W = (int)p[RQ_P_WARPS];
	int WB = (int)wg_idxw((unsigned long)W);

	w[RQ_RST_I] = 1;
	w[RQ_PUSH_VALID_I] = 1;
	w[RQ_PUSH_ADDR_I] = w[RQ_HD_ADDR_O] = (int)p[RQ_P_ADDR_BITS];
	w[RQ_PUSH_OFF_I] = w[RQ_HD_OFF_O] = T * (int)p[RQ_P_OFFSET_BITS];
	w[RQ_PUSH_WARP_I] = w[RQ_HD_WARP_O] = WB;
	w[RQ_PUSH_REG_I] = w[RQ_HD_REG_O] = (int)p[RQ_P_REG_BITS];
	w[RQ_PUSH_MASK_I] = w[RQ_HD_MASK_O] = T;
	w[RQ_PUSH_SIZE_I] = w[RQ_HD_SIZE_O] = RQ_SIZE_BITS;
	w[RQ_PUSH_STORE_I] = w[RQ_HD_STORE_O] = 1;
	w[RQ_LSU_REQ_I] = 1;
	w[RQ_RP_ACK_I] = 1;
	w[RQ_RP_NACK_I] = 1;
	w[RQ_PUSH_READY_O] = 1;
	w[RQ_FULL_O] = 1;
	w[RQ_COUNT_O] = (int)wg_idxw((unsigned long)E + 1);
	w[RQ_RP_VALID_O] = 1;
	w[RQ_HD_VALID_O] = 1;
	w[RQ_HAS_O] = W;
	for (int e = 0; e < RQ_NEVENTS; e++)
		ev[e] = 1;
	w[RQ_EV_O] = RQ_NEVENTS;
}

static int rq_storage_parts(const long *p, wg_storage_part *part)
{
	long E = p[RQ_P_ENTRIES], T = p[RQ_P_THREADS], W = p[RQ_P_WARPS];
	long wb = (long)wg_clog2((unsigned long)W), eb = (long)wg_clog2((unsigned long)E);
	int n = 0;

	part[n++] = (wg_storage_part){"base address", E * p[RQ_P_ADDR_BITS], "Sethia §4.4.2: 64 bits per entry"};
	part[n++] = (wg_storage_part){"thread offsets", E * T * p[RQ_P_OFFSET_BITS],
		"Sethia §4.4.2: 7 x 32 = 224 bits per entry"};
	part[n++] = (wg_storage_part){"warp id", E * wb, "Sethia §4.4.2: 6 bits per entry"};
	part[n++] = (wg_storage_part){"register", E * p[RQ_P_REG_BITS], "Sethia §4.4.2: 7 bits per entry"};
	part[n++] = (wg_storage_part){"lane mask", E * T, NULL};
	part[n++] = (wg_storage_part){"access size", E * RQ_SIZE_BITS, NULL};
	if (p[RQ_P_STORES])
		part[n++] = (wg_storage_part){"is_store", E, NULL};
	part[n++] = (wg_storage_part){"head, tail, count (hd_q, tl_q, cnt_q)",
		2 * eb + (long)wg_clog2((unsigned long)E + 1), NULL};
	return n;
}

static long rq_storage_bits(const long *p)
{
	wg_storage_part part[WG_MAX_STORAGE_PARTS];
	int n = rq_storage_parts(p, part);
	long sum = 0;
	for (int k = 0; k < n; k++)
		sum += part[k].bits;
	return sum;
}

/* ---- the C model's key state for the model trace (wg_state_def), named as reexec_q.v's
 * registers: hd_q (the head slot), tl_q (where the next entry goes) and cnt_q (occupancy) ---- */
static void rq_get_hd(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = (uint64_t)rq_head(m);
}
static void rq_get_tl(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = (uint64_t)rq_tail(m);
}
static void rq_get_cnt(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = (uint64_t)rq_count(m);
}

static int rq_model_state(const long *p, wg_state_def *d)
{
	int E = (int)p[RQ_P_ENTRIES], eb = (int)wg_idxw((unsigned long)E), cw = (int)wg_clog2((unsigned long)E + 1);
	int n = 0;
	d[n++] = (wg_state_def){"hd_q", eb, 1, rq_get_hd};
	d[n++] = (wg_state_def){"tl_q", eb, 1, rq_get_tl};
	d[n++] = (wg_state_def){"cnt_q", cw, 1, rq_get_cnt};
	return n;
}

const wg_block wg_block_reexec_q = {
	.name = "reexec_q",
	.summary = "Mascar cache-access re-execution queue: refused L1 requests parked and replayed, "
		   "ACK pops, NACK rotates head to tail (Sethia 2015 §4.3.3-4.3.4)",
	.template_file = "reexec_q.v",
	.comp = NULL,
	.params = rq_params,
	.nparams = RQ_NPARAMS,
	.ports = rq_ports,
	.nports = RQ_NPORTS,
	.events = rq_events,
	.nevents = RQ_NEVENTS,
	.check = NULL,
	.widths = rq_widths,
	.storage_bits = rq_storage_bits,
	.storage_parts = rq_storage_parts,
	.model_size = rq_model_size,
	.model_init = rq_model_init,
	.model_eval = rq_model_eval,
	.model_tick = rq_model_tick,
	.model_counts = rq_model_counts,
	.model_state = rq_model_state,
};
