/* prefetch_table_desc.c - APOGEE's prefetch table: parameters, ports,
 * energy events, storage. Cycle contract: docs/prefetch_table.md. */
#include <stdio.h>

#include "prefetch_table.h"
#include "wg_bits.h"

static const wg_param_def pt_params[PT_NPARAMS] = {
	[PT_P_ENTRIES] = {"ENTRIES", 64, 1, PT_MAX_ENTRIES, NULL, "prefetch table entries (fully associative on PC)",
		"Sethia 2015 Tab. 5.3(a): 64 entries"},
	[PT_P_PC_BITS] = {"PC_BITS", 10, 2, 16, NULL, "PC tag bits", "Sethia Tab. 5.3(b): 10 bits"},
	[PT_P_ADDR_BITS] = {"ADDR_BITS", 28, 12, 32, NULL, "byte address bits of the loads (the address space)",
		"Sethia Tab. 5.3(b): 28 bits"},
	[PT_P_OFFSET_BITS] = {"OFFSET_BITS", 8, 2, 16, NULL, "signed offset between adjacent threads (bytes)",
		"Sethia Tab. 5.3(b): 8 bits"},
	[PT_P_CONF_BITS] = {"CONF_BITS", 8, 1, 8, NULL, "saturating confidence (also the replacement key)",
		"Sethia Tab. 5.3(b): 8 bits"},
	[PT_P_TIDX_BITS] = {"TIDX_BITS", 6, 1, 8, NULL, "thread index of the stored address; all ones marks a scalar load",
		"Sethia Tab. 5.3(b): 6 bits"},
	[PT_P_DIST_BITS] = {"DIST_BITS", 6, 1, 8, NULL, "prefetch distance in iterations, 1..2^DIST_BITS-1",
		"Sethia Tab. 5.3(b): 6 bits"},
	[PT_P_WARPS] = {"WARPS", 4, 1, PT_MAX_WARPS, NULL, "warps per SM (PF State: 2 bits per warp)",
		"Sethia §5.4.3: Apogee_4, PF State 8 bits"},
	[PT_P_THREADS] = {"THREADS", 32, 2, PT_MAX_THREADS, NULL, "threads (lanes) per warp", "Sethia Tab. 5.3(a): 32"},
	[PT_P_LANES_PER_CYCLE] = {"LANES_PER_CYCLE", 8, 1, PT_MAX_THREADS, NULL,
		"lanes trained or generated per cycle", "spec §4.4 [REC]: 8 (the SIMD width, Tab. 5.3(a))"},
	[PT_P_LINE_BYTES] = {"LINE_BYTES", 32, 4, 256, NULL, "L1 line size (a power of two)",
		"Sethia Tab. 5.3(a): 32 B lines"},
	[PT_P_PQ_DEPTH] = {"PQ_DEPTH", 32, 1, 64, NULL, "prefetch queue entries (full: the newest line is dropped)",
		"spec A-AP-15 [REC]: 32 (the thesis gives none)"},
	[PT_P_ISSUE_LAT] = {"ISSUE_LAT", 10, 0, 63, NULL, "cycles from a push to the line's earliest issue",
		"Sethia Tab. 5.3(a): prefetch issue latency 10 cycles"},
	[PT_P_MIN_ACTIVE] = {"MIN_ACTIVE", 3, 2, PT_MAX_THREADS, NULL, "fewer active lanes never confirm an offset",
		"spec §4.4 [REC]: 3"},
	[PT_P_CONF_SLACK] = {"CONF_SLACK", 2, 0, 8, NULL, "confirmed when confidence >= active lanes - CONF_SLACK",
		"Sethia §5.3.1 \"fewer than two less\"; spec A-AP-2"},
	[PT_P_ITER_BITS] = {"ITER_BITS", 16, 4, 16, NULL, "ld_iter_i width (threads per iteration)", "spec §4.5 [REC]"},
};

static const wg_port_def pt_ports[PT_NPORTS] = {
	[PT_RST_I] = {"rst_i", WG_IN, "control", "synchronous reset, active high"},
	[PT_LD_VALID_I] = {"ld_valid_i", WG_IN, "load", "a warp load; held with its fields until ld_ack_o"},
	[PT_LD_PC_I] = {"ld_pc_i", WG_IN, "load", "its PC (low PC_BITS bits)"},
	[PT_LD_WARP_I] = {"ld_warp_i", WG_IN, "load", "its warp"},
	[PT_LD_MASK_I] = {"ld_mask_i", WG_IN, "load", "its active lanes"},
	[PT_LD_ADDR_I] = {"ld_addr_i", WG_IN, "load", "per lane byte address, lane l at [l*ADDR_BITS +: ADDR_BITS]"},
	[PT_LD_MISS_I] = {"ld_miss_i", WG_IN, "load", "the demand access missed in the L1"},
	[PT_LD_ITER_I] = {"ld_iter_i", WG_IN, "load", "threads per iteration n (resident warps x THREADS, or a grid stride)"},
	[PT_FILL_VALID_I] = {"fill_valid_i", WG_IN, "fill", "a prefetched line came back"},
	[PT_FILL_TAG_I] = {"fill_tag_i", WG_IN, "fill", "its tag, as issued on pf_tag_o"},
	[PT_PF_READY_I] = {"pf_ready_i", WG_IN, "queue", "the memory takes the offered line this cycle"},
	[PT_PF_PRESENT_I] = {"pf_present_i", WG_IN, "queue", "the offered line is in the L1 or pending: drop it"},
	[PT_LD_ACK_O] = {"ld_ack_o", WG_OUT, "load", "the load's last cycle in the prefetcher"},
	[PT_PF_VALID_O] = {"pf_valid_o", WG_OUT, "queue", "the queue's head is offered (its issue latency has passed)"},
	[PT_PF_LINE_O] = {"pf_line_o", WG_OUT, "queue", "its line address"},
	[PT_PF_TAG_O] = {"pf_tag_o", WG_OUT, "queue", "its tag {pc, entry, warp, last, tia}"},
	[PT_PQ_COUNT_O] = {"pq_count_o", WG_OUT, "state", "lines in the queue"},
	[PT_PHASE_O] = {"phase_o", WG_OUT, "state", "the trainer: 0 idle, 1 train, 2 generate, 3 TIA scan"},
	[PT_ENTRY_O] = {"entry_o", WG_OUT, "state", "the current load's FOA entry"},
	[PT_EV_O] = {"ev_o", WG_OUT, "energy", "per-cycle energy events"},
};

static const wg_event_def pt_events[PT_NEVENTS] = {
	[PT_EV_LOOKUP] = {"lookup", "a load's PC compared with every entry"},
	[PT_EV_ALLOC] = {"alloc", "an entry written fresh (FOA on a lookup miss, or a TIA trigger entry)"},
	[PT_EV_TRAIN] = {"train", "one lane's address compared with the entry (per lane)"},
	[PT_EV_CONFIRM] = {"confirm", "a load ended its training with a confirmed offset"},
	[PT_EV_PUSH] = {"push", "a line written into the prefetch queue"},
	[PT_EV_MERGE] = {"merge", "a lane's predicted line equal to the previous one (per lane)"},
	[PT_EV_SUPPRESS] = {"suppress", "a lane's predicted address outside the address space (per lane)"},
	[PT_EV_PQ_FULL] = {"pq_full", "a line dropped because the queue was full"},
	[PT_EV_ISSUE] = {"issue", "the head line sent to memory"},
	[PT_EV_PRESENT] = {"present", "the head line dropped: already in the L1 or pending"},
	[PT_EV_FILL] = {"fill", "a returned prefetch applied to its entry"},
	[PT_EV_DIST_INC] = {"dist_inc", "a slow prefetch: the entry's distance + 1"},
	[PT_EV_DIST_DEC] = {"dist_dec", "an early prefetch: the entry's distance - 1"},
	[PT_EV_TIA_CREATE] = {"tia_create", "a TIA trigger entry created"},
	[PT_EV_TIA_TRIGGER] = {"tia_trigger", "a TIA entry's line pushed by its trigger load"},
	[PT_EV_TIA_MIGRATE] = {"tia_migrate", "a slow TIA entry's trigger moved one load earlier"},
};

static const char *pt_check(const long *p, char *buf, size_t n)
{
	long lb = p[PT_P_LINE_BYTES], t = p[PT_P_THREADS];
	if ((lb & (lb - 1)) != 0) {
		snprintf(buf, n, "prefetch_table: LINE_BYTES=%ld must be a power of two in 4..256", lb);
		return buf;
	}
	if ((1L << p[PT_P_TIDX_BITS]) - 1 < t) {
		snprintf(buf, n, "prefetch_table: TIDX_BITS=%ld must hold THREADS=%ld lanes and the all-ones scalar mark "
			 "(THREADS <= 2^TIDX_BITS - 1)", p[PT_P_TIDX_BITS], t);
		return buf;
	}
	if (p[PT_P_LANES_PER_CYCLE] > t || p[PT_P_MIN_ACTIVE] > t) {
		snprintf(buf, n, "prefetch_table: LANES_PER_CYCLE=%ld and MIN_ACTIVE=%ld must not exceed THREADS=%ld",
			 p[PT_P_LANES_PER_CYCLE], p[PT_P_MIN_ACTIVE], t);
		return buf;
	}
	if (p[PT_P_ADDR_BITS] - wg_clog2((unsigned long)lb) < 2) {
		snprintf(buf, n, "prefetch_table: ADDR_BITS=%ld leaves no line address with LINE_BYTES=%ld",
			 p[PT_P_ADDR_BITS], lb);
		return buf;
	}
	return NULL;
}

static void pt_widths(const long *p, int *w, int *ev)
{
	pt_cfg c;
	pt_cfg_from_params(&c, p);
	w[PT_RST_I] = 1;
	w[PT_LD_VALID_I] = 1;
	w[PT_LD_PC_I] = c.pc_bits;
	w[PT_LD_WARP_I] = pt_warp_bits(&c);
	w[PT_LD_MASK_I] = c.threads;
	w[PT_LD_ADDR_I] = c.threads * c.addr_bits;
	w[PT_LD_MISS_I] = 1;
	w[PT_LD_ITER_I] = c.iter_bits;
	w[PT_FILL_VALID_I] = 1;
	w[PT_FILL_TAG_I] = w[PT_PF_TAG_O] = pt_tag_bits(&c);
	w[PT_PF_READY_I] = w[PT_PF_PRESENT_I] = 1;
	w[PT_LD_ACK_O] = w[PT_PF_VALID_O] = 1;
	w[PT_PF_LINE_O] = pt_line_bits(&c);
	w[PT_PQ_COUNT_O] = (int)wg_clog2((unsigned long)c.pq_depth + 1ul);
	w[PT_PHASE_O] = 2;
	w[PT_ENTRY_O] = pt_entry_bits(&c);
	int sum = 0;
	for (int e = 0; e < PT_NEVENTS; e++) {
		ev[e] = (e == PT_EV_TRAIN || e == PT_EV_MERGE || e == PT_EV_SUPPRESS) ? pt_cnt_bits(&c) : 1;
		sum += ev[e];
	}
	w[PT_EV_O] = sum;
}

static int pt_storage_parts(const long *p, wg_storage_part *part)
{
	pt_cfg c;
	pt_cfg_from_params(&c, p);
	long E = c.entries, W = c.warps, Q = c.pq_depth;
	long lane = pt_lane_bits(&c), eb = pt_entry_bits(&c), lb = pt_line_bits(&c);
	long qb = Q > 1 ? (long)wg_clog2((unsigned long)Q) : 0;
	long age = c.issue_lat > 0 ? pt_age_bits(&c) : 0;
	int n = 0;

	part[n++] = (wg_storage_part){"table: PC", E * c.pc_bits, "Sethia Tab. 5.3(b): PC 10 bits"};
	part[n++] = (wg_storage_part){"table: Address", E * c.addr_bits, "Sethia Tab. 5.3(b): Address 28 bits"};
	part[n++] = (wg_storage_part){"table: Offset", E * c.offset_bits, "Sethia Tab. 5.3(b): Offset 8 bits"};
	part[n++] = (wg_storage_part){"table: Confidence", E * c.conf_bits, "Sethia Tab. 5.3(b): Confidence 8 bits"};
	part[n++] = (wg_storage_part){"table: Thread Idx", E * c.tidx_bits, "Sethia Tab. 5.3(b): Thread Idx 6 bits"};
	part[n++] = (wg_storage_part){"table: Distance", E * c.dist_bits, "Sethia Tab. 5.3(b): Distance 6 bits"};
	part[n++] = (wg_storage_part){"table: PF Type", E * 2, "Sethia Tab. 5.3(b): PF Type 2 bits"};
	part[n++] = (wg_storage_part){"table: PF State (2 bits per warp)", E * 2 * W, "Sethia Tab. 5.3(b): PF State 8 bits"};
	part[n++] = (wg_storage_part){"table: offset valid", E, NULL};
	part[n++] = (wg_storage_part){"last accessed load per warp (PC + valid)", W * (c.pc_bits + 1L), NULL};
	part[n++] = (wg_storage_part){"prefetch queue: lines, tags, ages",
		Q * (lb + pt_tag_bits(&c) + age), NULL};
	part[n++] = (wg_storage_part){"prefetch queue: head, tail, count",
		2 * qb + (long)wg_clog2((unsigned long)Q + 1ul), NULL};
	part[n++] = (wg_storage_part){"trainer: phase, entry, lane cursor, scan index, active count, flags, previous line",
		2 + (E > 1 ? eb : 0) + lane + (long)wg_clog2((unsigned long)E + 1ul) + lane + 5 + lb, NULL};
	return n;
}

static long pt_storage_bits(const long *p)
{
	wg_storage_part part[WG_MAX_STORAGE_PARTS];
	int n = pt_storage_parts(p, part);
	long sum = 0;
	for (int k = 0; k < n; k++)
		sum += part[k].bits;
	return sum;
}

const wg_block wg_block_prefetch_table = {
	.name = "prefetch_table",
	.summary = "APOGEE prefetch table: fixed-offset (FOA) training over a warp's threads, next-iteration lines at "
		   "an adaptive distance, thread-invariant (TIA) prefetch from an earlier load (Sethia 2015 ch. V)",
	.template_file = "prefetch_table.v",
	.comp = NULL,
	.params = pt_params,
	.nparams = PT_NPARAMS,
	.ports = pt_ports,
	.nports = PT_NPORTS,
	.events = pt_events,
	.nevents = PT_NEVENTS,
	.check = pt_check,
	.widths = pt_widths,
	.storage_bits = pt_storage_bits,
	.storage_parts = pt_storage_parts,
	.model_size = pt_model_size,
	.model_init = pt_model_init,
	.model_eval = pt_model_eval,
	.model_tick = pt_model_tick,
	.model_counts = pt_model_counts,
};
