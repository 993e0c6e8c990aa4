/* rename_desc.c - the register renaming table's descriptor: parameters,
 * ports, energy events and storage. Cycle contract: docs/rename.md. */
#include <stdio.h>

#include "rename.h"
#include "wg_bits.h"

static const char *const policy_names[] = {"CONSOLIDATE", "LOWEST_FIRST", "WEAR_LEVEL", NULL};
static const char *const class_names[] = {"NONE", "CMOS_RA", "MEM_RA", NULL};
static const char *const gating_names[] = {"OCCUPANCY", "STATIC", NULL};

static const wg_param_def rn_params[RN_NPARAMS] = {
	[RN_P_WARPS] = {"WARPS", 48, 1, 64, NULL,
		"warp slots of the SM", "Jeon CENG-2014-05 §6.1: 48 warps per SM"},
	[RN_P_REGS] = {"REGS", 63, 1, 63, NULL,
		"largest architectural registers per thread a kernel may use (ids 0..62, 63 = none)",
		"Jeon §5.2, §6.1: 63 registers, 6-bit ids"},
	[RN_P_PHYS_REGS] = {"PHYS_REGS", 1024, 16, 1024, NULL,
		"physical warp-registers (32 lanes x 32 bits each), a power of 2", "Jeon §6.1: 1024 (128 KB)"},
	[RN_P_RT_ENTRIES] = {"RT_ENTRIES", 816, 1, 4032, NULL,
		"renaming-table entries, a multiple of RT_BANKS (816 x 10 b = 1 KB; WARPS x REGS unconstrained)",
		"Jeon §7.1: 1 KB table; spec §2.1 A3: 816 entries"},
	[RN_P_RT_BANKS] = {"RT_BANKS", 4, 1, 8, NULL,
		"table banks, one lookup each per cycle (1, 2, 4 or 8)", "Jeon §6.1, Table 2: 4 banks"},
	[RN_P_RF_BANKS] = {"RF_BANKS", 4, 1, 8, NULL,
		"register banks per cluster, the low physical-id bits (1, 2, 4 or 8)", "Jeon §2.1: 4 banks per cluster"},
	[RN_P_SUBARRAYS] = {"SUBARRAYS", 4, 1, 16, NULL,
		"sub-arrays per register bank, the top physical-id bits (a power of 2)", "Jeon §2.1: 4 x 1 KB sub-arrays"},
	[RN_P_POLICY] = {"POLICY", RN_CONSOLIDATE, 0, 2, policy_names,
		"free-register placement: CONSOLIDATE (into powered sub-arrays), LOWEST_FIRST or WEAR_LEVEL",
		"Jeon §7.2: consolidation (power gating) and wear levelling"},
	[RN_P_LOOKUP_PORTS] = {"LOOKUP_PORTS", 4, 2, 4, NULL,
		"operands of one instruction: LOOKUP_PORTS-1 sources + 1 destination", "Jeon §5.1: 3 source operands"},
	[RN_P_EXEMPT] = {"EXEMPT", 16, 0, 62, NULL,
		"largest exempt (not renamed, reserved) registers per thread a kernel may declare",
		"Jeon §7.1, §8.4: nbody exempts 16 of 41"},
	[RN_P_ALLOC_PORTS] = {"ALLOC_PORTS", 2, 1, 4, NULL,
		"allocation requests per cycle (write-back ports)", "spec §3 [R]: 2"},
	[RN_P_PF_DEPTH] = {"PF_DEPTH", 4, 1, 16, NULL,
		"pending-free entries per warp (>= LOOKUP_PORTS-1)", "decision, docs/rename.md (spec §2.6 [R])"},
	[RN_P_FC_ENTRIES] = {"FC_ENTRIES", 48, 1, 64, NULL,
		"release flag cache entries (pir payloads, shared by all warps)", "Jeon §6.2: 48 x 54 bits = 324 B"},
	[RN_P_PC_BITS] = {"PC_BITS", 29, 4, 32, NULL,
		"flag-cache tag bits: the pir's 8-byte-aligned PC", "spec §2.4 [R]: 29 bits for a 32-bit PC"},
	[RN_P_TFET_ROWS] = {"TFET_ROWS", 0, 0, 1024, NULL,
		"TFET rows per register bank (the top rows; ids >= PHYS_REGS - RF_BANKS*TFET_ROWS), "
		"0..PHYS_REGS/RF_BANKS; 0 = Jeon's all-CMOS table",
		"decision: 0 keeps Jeon's block; Xie 2017 §4.1.2.1: 56 of 256 rows (78 % CMOS), sweep 96, 32", .hide_default = 1},
	[RN_P_CLASS] = {"CLASS", RN_CLS_NONE, 0, 2, class_names,
		"class policy of an allocation: NONE, CMOS_RA (CMOS first) or MEM_RA (by request, alc_tfet_i); "
		"fallback to the other class, loads CMOS only",
		"Jeon (NONE); Xie 2017 §6.1.1 (CMOS_RA), §4.1.1-§4.1.2.2 (MEM_RA)", .hide_default = 1},
	[RN_P_GATING] = {"GATING", RN_GATE_OCCUPANCY, 0, 1, gating_names,
		"power gating: OCCUPANCY (on iff occupied, Jeon) or STATIC (kernel-long gating of unused CMOS "
		"rows, A17)",
		"Jeon §7.2 (OCCUPANCY); Xie 2017 §4.1.2.1, spec §2.1.2 A17 (STATIC)", .hide_default = 1},
};

static const wg_port_def rn_ports[RN_NPORTS] = {
	[RN_RST_I] = {"rst_i", WG_IN, "control", "synchronous reset, active high: no kernel, everything empty"},
	[RN_KL_VALID_I] = {"kl_valid_i", WG_IN, "launch", "kernel launch: clear the table, reserve the exempt registers"},
	[RN_KL_WARPS_I] = {"kl_warps_i", WG_IN, "launch", "the kernel's resident warps (1..WARPS)"},
	[RN_KL_REGS_I] = {"kl_regs_i", WG_IN, "launch", "the kernel's registers per thread (1..REGS)"},
	[RN_KL_EXEMPT_I] = {"kl_exempt_i", WG_IN, "launch", "of which exempt from renaming (the top ids)"},
	[RN_PIR_VALID_I] = {"pir_valid_i", WG_IN, "pir", "a warp reaches a pir flag word"},
	[RN_PIR_WARP_I] = {"pir_warp_i", WG_IN, "pir", "its warp"},
	[RN_PIR_PC_I] = {"pir_pc_i", WG_IN, "pir", "the pir's 8-byte-aligned PC (the flag-cache tag)"},
	[RN_PIR_FLAGS_I] = {"pir_flags_i", WG_IN, "pir", "its 54-bit payload: slot i, source j at bit 3i+j (read on a miss)"},
	[RN_OP_VALID_I] = {"op_valid_i", WG_IN, "op", "an operation for the rename stage, held until op_ready_o"},
	[RN_OP_KIND_I] = {"op_kind_i", WG_IN, "op", "0 INSN, 1 PBR (release list), 2 EXIT (sweep the warp)"},
	[RN_OP_WARP_I] = {"op_warp_i", WG_IN, "op", "its warp"},
	[RN_OP_REG_I] = {"op_reg_i", WG_IN, "op", "9 x 6-bit register ids: INSN sources in slots 0..S-1, PBR list; 63 = none"},
	[RN_OP_DST_I] = {"op_dst_i", WG_IN, "op", "INSN destination register (63 = none)"},
	[RN_RD_DONE_I] = {"rd_done_i", WG_IN, "oc", "an instruction has read all its operands"},
	[RN_RD_WARP_I] = {"rd_warp_i", WG_IN, "oc", "its warp"},
	[RN_ALC_VALID_I] = {"alc_valid_i", WG_IN, "alloc", "per port: allocate a register for a first write (WB-1)"},
	[RN_ALC_WARP_I] = {"alc_warp_i", WG_IN, "alloc", "per port: its warp"},
	[RN_ALC_REG_I] = {"alc_reg_i", WG_IN, "alloc", "per port: its register"},
	[RN_ALC_TFET_I] = {"alc_tfet_i", WG_IN, "alloc",
		"per port: the request asks for a TFET id (CLASS=MEM_RA; only with TFET_ROWS > 0)"},
	[RN_ALC_LOAD_I] = {"alc_load_i", WG_IN, "alloc",
		"per port: a load's destination, never given a TFET id (A11; only with TFET_ROWS > 0)"},
	[RN_PIR_READY_O] = {"pir_ready_o", WG_OUT, "pir", "the pir is taken (0: every flag-cache entry pinned, retry)"},
	[RN_PIR_HIT_O] = {"pir_hit_o", WG_OUT, "pir", "the pir hit in the flag cache (no fetch)"},
	[RN_OP_READY_O] = {"op_ready_o", WG_OUT, "op", "the operation completes this cycle"},
	[RN_OP_WAIT_O] = {"op_wait_o", WG_OUT, "op", "why not: 1 table banks, 2 pending-free list full, 3 operand reads in flight"},
	[RN_OP_SRC_PID_O] = {"op_src_pid_o", WG_OUT, "op", "INSN: physical id of each source"},
	[RN_OP_REL_O] = {"op_rel_o", WG_OUT, "op", "INSN: the source's register is released"},
	[RN_OP_DST_PID_O] = {"op_dst_pid_o", WG_OUT, "op", "INSN: the destination's id when mapped or exempt"},
	[RN_OP_DST_NEW_O] = {"op_dst_new_o", WG_OUT, "op", "INSN: the destination is unmapped (allocate at write-back)"},
	[RN_OP_SRC_TFET_O] = {"op_src_tfet_o", WG_OUT, "op",
		"INSN: the source's id is TFET (the read takes 2 cycles; only with TFET_ROWS > 0)"},
	[RN_OP_DST_TFET_O] = {"op_dst_tfet_o", WG_OUT, "op",
		"INSN: the mapped or exempt destination's id is TFET (only with TFET_ROWS > 0)"},
	[RN_ALC_GNT_O] = {"alc_gnt_o", WG_OUT, "alloc", "per port: granted (0: retry)"},
	[RN_ALC_PID_O] = {"alc_pid_o", WG_OUT, "alloc", "per port: the new physical id"},
	[RN_ALC_TFET_O] = {"alc_tfet_o", WG_OUT, "alloc", "per port: the granted id is TFET (only with TFET_ROWS > 0)"},
	[RN_REG_ON_O] = {"reg_on_o", WG_OUT, "power", "per physical register: powered (occupied or waking)"},
	[RN_DOM_ON_O] = {"dom_on_o", WG_OUT, "power", "per (bank, sub-array) domain: powered"},
	[RN_FREE_TFET_O] = {"free_tfet_o", WG_OUT, "power",
		"free TFET ids at the start of the cycle, TUBA's n_tfet (only with TFET_ROWS > 0)"},
	[RN_EV_O] = {"ev_o", WG_OUT, "energy", "per-cycle event counts"},
};

static const wg_event_def rn_events[RN_NEVENTS] = {
	[RN_EV_RT_READ] = {"rt_read", "one renaming-table bank read (lookup, release-list or exit-sweep read)"},
	[RN_EV_RT_WRITE] = {"rt_write", "one table install of a granted allocation (with its availability-flag search)"},
	[RN_EV_ALLOC_STALL] = {"alloc_stall", "an allocation request refused this cycle (no free id or a table-bank conflict)"},
	[RN_EV_FREE] = {"free", "a physical register returned to the pool"},
	[RN_EV_FC_HIT] = {"fc_hit", "a pir found in the release flag cache"},
	[RN_EV_FC_FILL] = {"fc_fill", "a pir written into the release flag cache (fetched)"},
	[RN_EV_FC_READ] = {"fc_read", "an instruction's flag bits read from the release flag cache"},
	[RN_EV_DOM_WAKE] = {"dom_wake", "a gating domain switching on (it was off at the start of the cycle)"},
	[RN_EV_ALLOC_CMOS] = {"alloc_cmos", "a grant of a CMOS id (only with TFET_ROWS > 0)"},
	[RN_EV_ALLOC_TFET] = {"alloc_tfet", "a grant of a TFET id, fallbacks included (only with TFET_ROWS > 0)"},
	[RN_EV_TFET_REFUSED] = {"tfet_refused",
		"a MEM_RA TFET request granted a CMOS id: TRQS - TUSG, the fallback to CMOS (W-P1-1)"},
	[RN_EV_FALLBACK_TFET] = {"fallback_tfet", "a CMOS request granted a TFET id (W-P1-2)"},
};

static int is_pow2(long v)
{
	return v > 0 && (v & (v - 1)) == 0;
}

static const char *rn_check(const long *p, char *buf, size_t n)
{
	long W = p[RN_P_WARPS], N = p[RN_P_REGS], P = p[RN_P_PHYS_REGS], RT = p[RN_P_RT_ENTRIES];
	long RB = p[RN_P_RT_BANKS], FB = p[RN_P_RF_BANKS], SA = p[RN_P_SUBARRAYS];
	long rtmax = (W * N + RB - 1) / RB * RB;

	if (!is_pow2(P)) {
		snprintf(buf, n, "rename: PHYS_REGS=%ld must be a power of 2 in 16..1024", P);
		return buf;
	}
	if (!is_pow2(RB)) {
		snprintf(buf, n, "rename: RT_BANKS=%ld must be 1, 2, 4 or 8", RB);
		return buf;
	}
	if (!is_pow2(FB)) {
		snprintf(buf, n, "rename: RF_BANKS=%ld must be 1, 2, 4 or 8", FB);
		return buf;
	}
	if (!is_pow2(SA) || FB * SA > P) {
		snprintf(buf, n, "rename: SUBARRAYS=%ld must be a power of 2 with RF_BANKS*SUBARRAYS <= PHYS_REGS=%ld (legal 1..%ld)",
			 SA, P, P / FB < 16 ? P / FB : 16);
		return buf;
	}
	if (RT % RB != 0 || RT > rtmax) {
		snprintf(buf, n, "rename: RT_ENTRIES=%ld must be a multiple of RT_BANKS=%ld in %ld..%ld (WARPS*REGS rounded up)",
			 RT, RB, RB, rtmax);
		return buf;
	}
	if (p[RN_P_EXEMPT] >= N) {
		snprintf(buf, n, "rename: EXEMPT=%ld must be below REGS=%ld (legal 0..%ld)", p[RN_P_EXEMPT], N, N - 1);
		return buf;
	}
	if (p[RN_P_TFET_ROWS] > P / FB) {
		snprintf(buf, n, "rename: TFET_ROWS=%ld must be at most the rows per bank PHYS_REGS/RF_BANKS (legal 0..%ld)",
			 p[RN_P_TFET_ROWS], P / FB);
		return buf;
	}
	if (p[RN_P_CLASS] != RN_CLS_NONE && p[RN_P_TFET_ROWS] == 0) {
		snprintf(buf, n, "rename: CLASS=%s needs TFET rows (TFET_ROWS=0; legal CLASS with TFET_ROWS=0: NONE)",
			 class_names[p[RN_P_CLASS]]);
		return buf;
	}
	if (p[RN_P_PF_DEPTH] < p[RN_P_LOOKUP_PORTS] - 1) {
		snprintf(buf, n, "rename: PF_DEPTH=%ld must hold one instruction's releases (legal %ld..16 with LOOKUP_PORTS=%ld)",
			 p[RN_P_PF_DEPTH], p[RN_P_LOOKUP_PORTS] - 1, p[RN_P_LOOKUP_PORTS]);
		return buf;
	}
	return NULL;
}

static void rn_widths(const long *p, int *w, int *ev)
{
	int W = (int)p[RN_P_WARPS], P = (int)p[RN_P_PHYS_REGS], S = (int)p[RN_P_LOOKUP_PORTS] - 1;
	int A = (int)p[RN_P_ALLOC_PORTS], D = (int)(p[RN_P_RF_BANKS] * p[RN_P_SUBARRAYS]);
	int WB = (int)wg_idxw((unsigned long)W), PB = (int)wg_clog2((unsigned long)P);
	int KB = (int)wg_clog2((unsigned long)W + 1);

	w[RN_RST_I] = 1;
	w[RN_KL_VALID_I] = 1;
	w[RN_KL_WARPS_I] = KB;
	w[RN_KL_REGS_I] = 6;
	w[RN_KL_EXEMPT_I] = 6;
	w[RN_PIR_VALID_I] = 1;
	w[RN_PIR_WARP_I] = WB;
	w[RN_PIR_PC_I] = (int)p[RN_P_PC_BITS];
	w[RN_PIR_FLAGS_I] = 3 * RN_PIR_SLOTS;
	w[RN_OP_VALID_I] = 1;
	w[RN_OP_KIND_I] = 2;
	w[RN_OP_WARP_I] = WB;
	w[RN_OP_REG_I] = 6 * RN_PBR_SLOTS;
	w[RN_OP_DST_I] = 6;
	w[RN_RD_DONE_I] = 1;
	w[RN_RD_WARP_I] = WB;
	w[RN_ALC_VALID_I] = A;
	w[RN_ALC_WARP_I] = A * WB;
	w[RN_ALC_REG_I] = A * 6;
	w[RN_PIR_READY_O] = 1;
	w[RN_PIR_HIT_O] = 1;
	w[RN_OP_READY_O] = 1;
	w[RN_OP_WAIT_O] = 2;
	w[RN_OP_SRC_PID_O] = S * PB;
	w[RN_OP_REL_O] = S;
	w[RN_OP_DST_PID_O] = PB;
	w[RN_OP_DST_NEW_O] = 1;
	w[RN_ALC_GNT_O] = A;
	w[RN_ALC_PID_O] = A * PB;
	w[RN_REG_ON_O] = P;
	w[RN_DOM_ON_O] = D;
	/* the class ports exist only with TFET rows (width 0: no frame words) */
	int T = p[RN_P_TFET_ROWS] > 0;
	w[RN_ALC_TFET_I] = T ? A : 0;
	w[RN_ALC_LOAD_I] = T ? A : 0;
	w[RN_OP_SRC_TFET_O] = T ? S : 0;
	w[RN_OP_DST_TFET_O] = T ? 1 : 0;
	w[RN_ALC_TFET_O] = T ? A : 0;
	w[RN_FREE_TFET_O] = T ? (int)wg_clog2((unsigned long)(p[RN_P_RF_BANKS] * p[RN_P_TFET_ROWS]) + 1) : 0;

	ev[RN_EV_RT_READ] = (int)wg_clog2((unsigned long)p[RN_P_RT_BANKS] + 1);
	ev[RN_EV_RT_WRITE] = (int)wg_clog2((unsigned long)A + 1);
	ev[RN_EV_ALLOC_STALL] = (int)wg_clog2((unsigned long)A + 1);
	ev[RN_EV_FREE] = (int)wg_clog2((unsigned long)(p[RN_P_PF_DEPTH] + p[RN_P_RT_BANKS]) + 1);
	ev[RN_EV_FC_HIT] = 1;
	ev[RN_EV_FC_FILL] = 1;
	ev[RN_EV_FC_READ] = 1;
	ev[RN_EV_DOM_WAKE] = (int)wg_clog2((unsigned long)D + 1);
	ev[RN_EV_ALLOC_CMOS] = ev[RN_EV_ALLOC_TFET] = T ? (int)wg_clog2((unsigned long)A + 1) : 0;
	ev[RN_EV_TFET_REFUSED] = ev[RN_EV_FALLBACK_TFET] = T ? (int)wg_clog2((unsigned long)A + 1) : 0;
	int sum = 0;
	for (int e = 0; e < RN_NEVENTS; e++)
		sum += ev[e];
	w[RN_EV_O] = sum;
}

/* docs/rename.md "State", by part. The paper's accounting (Jeon §6.1, §6.2,
 * §7.1) is the table ids (10 b per entry), the 1024-bit availability flag and
 * the 54-bit flag-cache payloads; the rest is what a working design adds. */
static int rn_storage_parts(const long *p, wg_storage_part *part)
{
	long W = p[RN_P_WARPS], P = p[RN_P_PHYS_REGS], RT = p[RN_P_RT_ENTRIES], S = p[RN_P_LOOKUP_PORTS] - 1;
	long FC = p[RN_P_FC_ENTRIES];
	long PB = (long)wg_clog2((unsigned long)P), fb = (long)wg_clog2((unsigned long)FC);
	int n = 0;
	part[n++] = (wg_storage_part){"table ids (rtp_q)", RT * PB,
		"Jeon Eq. 1: entries x log2(phys regs); 48 x 63 x 10 b = 3.69 KB, 1 KB optimised"};
	part[n++] = (wg_storage_part){"table valid (rtv_q)", RT, NULL};
	part[n++] = (wg_storage_part){"availability flag (occ_q)", P, "Jeon §6.1: 1024-bit availability flag"};
	part[n++] = (wg_storage_part){"flag cache payload (fcf_q)", FC * 18 * S,
		"Jeon §6.2: 48 x 54 bits = 324 B release flag cache"};
	part[n++] = (wg_storage_part){"flag cache tags, valid", FC * (1 + p[RN_P_PC_BITS]), NULL};
	part[n++] = (wg_storage_part){"flag cache victim (fvp_q)", fb, NULL};
	part[n++] = (wg_storage_part){"cursors (cv_q, ci_q, cs_q)", W * (1 + fb + 5), NULL};
	part[n++] = (wg_storage_part){"pending-free lists", W * p[RN_P_PF_DEPTH] * (1 + PB), NULL};
	part[n++] = (wg_storage_part){"operand-read counters (oc_q)", W * 4, NULL};
	part[n++] = (wg_storage_part){"operation progress", 9 + (S + 1) * (PB + 1) + 6, NULL};
	part[n++] = (wg_storage_part){"kernel shape (kr_q, ke_q)", 12, NULL};
	if (p[RN_P_POLICY] == RN_WEAR_LEVEL)
		part[n++] = (wg_storage_part){"wear-level pointer (last_q)", PB, NULL};
	if (p[RN_P_GATING] == RN_GATE_STATIC) { /* the class of an id is p >= PT: no storage */
		long cr = P / p[RN_P_RF_BANKS] - p[RN_P_TFET_ROWS];
		part[n++] = (wg_storage_part){"static gating rows (gb_q)", (long)wg_clog2((unsigned long)cr + 1), NULL};
	}
	return n;
}

static long rn_storage_bits(const long *p)
{
	wg_storage_part part[WG_MAX_STORAGE_PARTS];
	int n = rn_storage_parts(p, part);
	long bits = 0;
	for (int i = 0; i < n; i++)
		bits += part[i].bits;
	return bits;
}

/* ---- the C model's key state for the model trace (wg_state_def): occ_q (rename.v's
 * availability flags, 1 = occupied), kr_q and ke_q (the running kernel's shape), and
 * (no register) free_count, the free ids, and by class free_cmos and free_tfet (TFET_ROWS
 * > 0; free_tfet is free_tfet_o's value) ---- */
static void rn_get_occ(const void *m, int i, uint64_t *w)
{
	(void)i;
	for (int p = 0; p < rn_config(m)->phys; p++)
		if (rn_occupied(m, p))
			w[p / 64] |= 1ull << (p % 64);
}
static void rn_get_free(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = (uint64_t)(rn_config(m)->phys - rn_occ_count(m));
}
static void rn_get_free_tfet(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = (uint64_t)rn_free_tfet(m);
}
static void rn_get_free_cmos(const void *m, int i, uint64_t *w)
{
	(void)i;
	w[0] = (uint64_t)(rn_config(m)->phys - rn_occ_count(m) - rn_free_tfet(m));
}
static void rn_get_kr(const void *m, int i, uint64_t *w)
{
	(void)i;
	int kw = 0, kr = 0, ke = 0;
	rn_shape(m, &kw, &kr, &ke);
	w[0] = (uint64_t)kr;
}
static void rn_get_ke(const void *m, int i, uint64_t *w)
{
	(void)i;
	int kw = 0, kr = 0, ke = 0;
	rn_shape(m, &kw, &kr, &ke);
	w[0] = (uint64_t)ke;
}

static int rn_model_state(const long *p, wg_state_def *d)
{
	int P = (int)p[RN_P_PHYS_REGS], cw = (int)wg_clog2((unsigned long)P + 1), n = 0;
	d[n++] = (wg_state_def){"occ_q", P, 1, rn_get_occ};
	d[n++] = (wg_state_def){"free_count", cw, 1, rn_get_free};
	if (p[RN_P_TFET_ROWS] > 0) {
		d[n++] = (wg_state_def){"free_cmos", cw, 1, rn_get_free_cmos};
		d[n++] = (wg_state_def){"free_tfet", cw, 1, rn_get_free_tfet};
	}
	d[n++] = (wg_state_def){"kr_q", 6, 1, rn_get_kr};
	d[n++] = (wg_state_def){"ke_q", 6, 1, rn_get_ke};
	return n;
}

const wg_block wg_block_rename = {
	.name = "rename",
	.summary = "register renaming table: cross-warp physical register sharing with release hints, "
		   "release flag cache and sub-array power gating (Jeon & Annavaram 2014)",
	.template_file = "rename.v",
	.comp = NULL,
	.params = rn_params,
	.nparams = RN_NPARAMS,
	.ports = rn_ports,
	.nports = RN_NPORTS,
	.events = rn_events,
	.nevents = RN_NEVENTS,
	.check = rn_check,
	.widths = rn_widths,
	.storage_bits = rn_storage_bits,
	.storage_parts = rn_storage_parts,
	.model_size = rn_model_size,
	.model_init = rn_model_init,
	.model_eval = rn_model_eval,
	.model_tick = rn_model_tick,
	.model_counts = rn_model_counts,
	.model_state = rn_model_state,
};
