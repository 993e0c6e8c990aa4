/* rename_cover.c - the renaming table's functional coverage points
 * (docs/rename.md "Functional coverage points"): each a condition on the
 * inputs and the C model's state at the start of a cycle (read through the
 * model's accessors), or on this cycle's outputs and event counts where the
 * page defines the corner case by what the block does (a free, a refusal, a
 * fallback). */
#include "rename_cover.h"

#include <stdlib.h>
#include <string.h>

#include "wg_kit.h"

enum {
	P_FREE_AND_ALLOC,
	P_FREED_ID_NEEDED,
	P_TWO_ALLOCS,
	P_TWO_ALLOCS_ONE_BANK,
	P_ONE_FREE_TWO_REQUESTS,
	P_NO_FREE_REGISTER,
	P_OPERANDS_BANK_WAIT,
	P_PENDING_LIST_FULL,
	P_COMMIT_AND_RELEASE,
	P_SOURCE_IS_DESTINATION,
	P_SAME_REGISTER_TWICE,
	P_RELEASE_UNMAPPED,
	P_EXIT_WITH_MAPPINGS,
	P_RELAUNCH,
	P_RESET_MID_KERNEL,
	P_EXEMPT_ACCESS,
	P_PBR_WAITS_OC,
	P_FLAG_CACHE_PINNED,
	P_BLOCK_LONGER_THAN_18,
	P_DOMAIN_FREE_AND_ALLOC,
	P_CLASS_FALLBACK,
	P_FLAG_ON_DESTINATION,
	P_FLAG_TWICE,
	RN_NCOV
};
_Static_assert(RN_NCOV == RN_NCOV_POINTS, "RN_NCOV_POINTS in rename_cover.h");

const wg_cov_point rn_cov_points[RN_NCOV] = {
	[P_FREE_AND_ALLOC] = {"free_and_alloc_same_cycle",
		"an id is freed while an allocation is requested in the same cycle (spec §11 C1, A10; step 6: start-of-cycle snapshot)",
		"free_and_alloc_same_cycle"},
	[P_FREED_ID_NEEDED] = {"freed_id_not_yet_grantable",
		"cross: every id occupied, an id freed this cycle and a request refused: the release and the allocation of one id in one cycle (C1 with C4; granted at t+1)",
		"full_table_stall"},
	[P_TWO_ALLOCS] = {"two_allocs_one_cycle",
		"two or more allocation requests in one cycle (spec §11 C2, A9)",
		"two_allocs_one_cycle"},
	[P_TWO_ALLOCS_ONE_BANK] = {"two_allocs_one_table_bank",
		"cross: two requests of one cycle whose table entries share a table bank: the later is refused when the earlier is granted (C2; step 6)",
		"two_allocs_one_cycle"},
	[P_ONE_FREE_TWO_REQUESTS] = {"one_free_two_requests",
		"exactly one free id and two or more requests (spec §11 C3)",
		"one_free_two_requests"},
	[P_NO_FREE_REGISTER] = {"no_free_register",
		"every id occupied when an allocation is requested (spec §11 C4, C24, §2.8, A28)",
		"full_table_stall"},
	[P_OPERANDS_BANK_WAIT] = {"operands_wait_for_bank",
		"an instruction's slots collide in a table bank: op_wait_o = BANK (spec §11 C5; step 3)",
		"four_operands_one_bank"},
	[P_PENDING_LIST_FULL] = {"pending_free_list_full",
		"an instruction waits for room in its warp's pending-free list: op_wait_o = PF (step 3)"},
	[P_COMMIT_AND_RELEASE] = {"commit_and_release_same_cycle",
		"cross: a warp's pending frees commit in the cycle one of its instructions releases a source (spec §2.6, A5, §11 C6; step 5)",
		"commit_and_release_same_cycle"},
	[P_SOURCE_IS_DESTINATION] = {"source_is_destination",
		"an instruction whose mapped destination is also a source (add r0, r0: spec §11 C7, A13)",
		"source_is_destination"},
	[P_SAME_REGISTER_TWICE] = {"same_register_twice_released",
		"cross: one register in two source slots and a release: released once (spec §11 C8, A14)",
		"same_register_twice"},
	[P_RELEASE_UNMAPPED] = {"pbr_of_unmapped_register",
		"a pbr starts with a renamable slot that is not mapped: a no-op for that slot (spec §11 C9, A15)",
		"release_unmapped"},
	[P_EXIT_WITH_MAPPINGS] = {"exit_with_mappings",
		"a warp's exit sweep starts with mapped registers left (spec §11 C11, A16)",
		"exit_sweep"},
	[P_RELAUNCH] = {"launch_over_running_kernel",
		"a kernel launch while a kernel runs: the table, cursors and flag cache are cleared (spec §11 C12)",
		"kernel_launch"},
	[P_RESET_MID_KERNEL] = {"reset_mid_kernel",
		"a reset while a kernel runs (spec §11 C12)",
		"reset_mid_kernel"},
	[P_EXEMPT_ACCESS] = {"exempt_register_access",
		"an instruction names an exempt register as a source or the destination (spec §11 C13, §2.7, A21)",
		"exempt_register"},
	[P_PBR_WAITS_OC] = {"pbr_waits_for_operand_reads",
		"a pbr or exit while its warp still has instructions reading operands: op_wait_o = OC (spec §11 C14, C15)",
		"pbr_nine_registers"},
	[P_FLAG_CACHE_PINNED] = {"flag_cache_all_pinned",
		"a pir misses and every release flag cache entry is pinned by another warp: pir_ready_o = 0 (spec §11 C16, A18)",
		"flag_cache_pinned"},
	[P_BLOCK_LONGER_THAN_18] = {"block_longer_than_18",
		"an instruction completes at the last pir slot (17): the cursor becomes invalid (spec §11 C17)",
		"block_longer_than_18"},
	[P_DOMAIN_FREE_AND_ALLOC] = {"domain_last_free_and_alloc",
		"cross: the last occupied ids of a gating domain are freed and an id of that domain granted in one cycle: the domain stays on (spec §11 C19, C18)",
		"domain_free_and_alloc"},
	[P_CLASS_FALLBACK] = {"class_fallback",
		"an allocation falls back to the other class (tfet_refused or fallback_tfet; TFET_ROWS > 0 only: W-P1-1, W-P1-2)",
		"tfet_empty_fallback_cmos"},
	[P_FLAG_ON_DESTINATION] = {"release_flag_on_destination",
		"cross: an instruction completes with its pir flag set on a mapped source that is its destination: not released (spec §11 C7, A13; step 3)",
		"source_is_destination"},
	[P_FLAG_TWICE] = {"release_flag_twice",
		"cross: an instruction completes with pir flags on two slots of one mapped register: released once (spec §11 C8, A14; step 3)",
		"same_register_twice"},
};

/* A field of the frame: element i of width w of a port; 0 when w is 0. */
static unsigned fld(const wg_layout *L, const uint32_t *f, int port, long i, long w)
{
	return w > 0 ? (unsigned)wg_elem_get(L, f, port, i, w) : 0;
}

/* The warp whose pending frees commit this cycle (step 5), or -1. */
static int committing_warp(const rn_model *m, int kw)
{
	unsigned pids[RN_MAX_PF];
	for (int w = 0; w < kw; w++)
		if (rn_oc_count(m, w) == 0 && rn_pending(m, w, pids) > 0)
			return w;
	return -1;
}

/* Frees and grants of one domain in one cycle: the ids this cycle frees (a
 * pending-free commit, a pbr or an exit sweep) are those occupied now and not
 * after the edge, taken from a copy of the model clocked with this cycle's
 * inputs (the model holds no pointers to itself: docs of rename.h); only in
 * cycles with a free and a grant. */
static void domain_free_and_alloc(const wg_layout *L, const rn_model *m, const rn_cfg *c, const uint32_t *in,
				  const uint32_t *out, int PB, uint64_t *hits)
{
	int grants = 0;
	for (int k = 0; k < c->alloc_ports; k++)
		grants += (int)fld(L, out, RN_ALC_GNT_O, k, 1);
	if (!grants)
		return;
	size_t n = rn_size(c);
	void *next = malloc(n);
	if (!next)
		return;
	memcpy(next, m, n);
	rn_model_tick(next, in);
	for (int k = 0; k < c->alloc_ports; k++) {
		if (!fld(L, out, RN_ALC_GNT_O, k, 1))
			continue;
		int d = rn_dom_of(c, (int)fld(L, out, RN_ALC_PID_O, k, PB)), occ = 0, freed = 0;
		/* the domain's ids lie in its sub-array (rn_dom_of: sub-array * RF_BANKS + bank) */
		const int sub = c->phys / c->subarrays, p0 = d / c->rf_banks * sub;
		for (int p = p0; p < p0 + sub; p++)
			if (rn_dom_of(c, p) == d && rn_occupied(m, p)) {
				occ++;
				freed += !rn_occupied(next, p);
			}
		if (freed > 0 && freed == occ) { /* the domain's last occupied ids go, a grant comes */
			hits[P_DOMAIN_FREE_AND_ALLOC]++;
			break;
		}
	}
	free(next);
}

static void cover_alloc(const wg_layout *L, const rn_model *m, const rn_cfg *c, const uint32_t *in,
			const uint32_t *out, int R, uint64_t *hits)
{
	const int WB = L->width[RN_PIR_WARP_I], PB = L->width[RN_ALC_PID_O] / (c->alloc_ports ? c->alloc_ports : 1);
	int nreq = 0, refused = 0, same_bank = 0;
	unsigned banks = 0;
	for (int k = 0; k < c->alloc_ports; k++) {
		if (!fld(L, in, RN_ALC_VALID_I, k, 1))
			continue;
		nreq++;
		int w = (int)fld(L, in, RN_ALC_WARP_I, k, WB), r = (int)fld(L, in, RN_ALC_REG_I, k, 6);
		unsigned b = (unsigned)((w * R + r) % c->rt_banks);
		same_bank |= (int)((banks >> b) & 1u);
		banks |= 1u << b; /* RT_BANKS <= 8 */
		refused += !fld(L, out, RN_ALC_GNT_O, k, 1);
	}
	if (!nreq)
		return;
	int nfree = c->phys - rn_occ_count(m);
	unsigned freed = wg_event_get(L, out, RN_EV_FREE);
	if (freed)
		hits[P_FREE_AND_ALLOC]++;
	if (freed && refused && nfree == 0)
		hits[P_FREED_ID_NEEDED]++;
	if (nreq >= 2)
		hits[P_TWO_ALLOCS]++;
	if (same_bank)
		hits[P_TWO_ALLOCS_ONE_BANK]++;
	if (nreq >= 2 && nfree == 1)
		hits[P_ONE_FREE_TWO_REQUESTS]++;
	if (nfree == 0)
		hits[P_NO_FREE_REGISTER]++;
	if (wg_event_get(L, out, RN_EV_TFET_REFUSED) + wg_event_get(L, out, RN_EV_FALLBACK_TFET) > 0)
		hits[P_CLASS_FALLBACK]++;
	if (freed)
		domain_free_and_alloc(L, m, c, in, out, PB, hits);
}

static void cover_op(const wg_layout *L, const rn_model *m, const uint32_t *in, const uint32_t *out, int R, int kr,
		     int kw, uint64_t *hits)
{
	const int WB = L->width[RN_OP_WARP_I];
	const int S = L->width[RN_OP_REL_O];
	int kind = (int)fld(L, in, RN_OP_KIND_I, 0, 2), w = (int)fld(L, in, RN_OP_WARP_I, 0, WB);
	int ready = (int)fld(L, out, RN_OP_READY_O, 0, 1), wait = (int)fld(L, out, RN_OP_WAIT_O, 0, 2);
	unsigned rel = fld(L, out, RN_OP_REL_O, 0, S);
	if (kind == RN_OP_INSN) {
		int dst = (int)fld(L, in, RN_OP_DST_I, 0, 6), exempt = dst >= R && dst < kr, dup = 0, same_dst = 0;
		for (int j = 0; j < S; j++) {
			int r = (int)fld(L, in, RN_OP_REG_I, j, 6);
			exempt |= r >= R && r < kr;
			same_dst |= r == dst && r < R && rn_lookup(m, w, r) >= 0;
			for (int i = 0; i < j; i++)
				dup |= r < R && (int)fld(L, in, RN_OP_REG_I, i, 6) == r;
		}
		if (wait == RN_WAIT_BANK)
			hits[P_OPERANDS_BANK_WAIT]++;
		if (wait == RN_WAIT_PF)
			hits[P_PENDING_LIST_FULL]++;
		if (exempt)
			hits[P_EXEMPT_ACCESS]++;
		if (!ready)
			return;
		if (same_dst)
			hits[P_SOURCE_IS_DESTINATION]++;
		unsigned fl = rn_flags(m, w);
		int fl_dst = 0, fl_twice = 0;
		for (int j = 0; j < S && j < 3; j++) {
			int r = (int)fld(L, in, RN_OP_REG_I, j, 6);
			if (!((fl >> j) & 1u) || r >= R || rn_lookup(m, w, r) < 0)
				continue;
			fl_dst |= r == dst;
			for (int i = 0; i < j; i++)
				fl_twice |= r != dst && ((fl >> i) & 1u) && (int)fld(L, in, RN_OP_REG_I, i, 6) == r;
		}
		if (fl_dst)
			hits[P_FLAG_ON_DESTINATION]++;
		if (fl_twice)
			hits[P_FLAG_TWICE]++;
		if (dup && rel)
			hits[P_SAME_REGISTER_TWICE]++;
		if (rel && committing_warp(m, kw) == w) /* (the warps' scan only when it can count) */
			hits[P_COMMIT_AND_RELEASE]++;
		int e, slot;
		if (rn_cursor(m, w, &e, &slot) && slot == RN_PIR_SLOTS - 1)
			hits[P_BLOCK_LONGER_THAN_18]++;
		return;
	}
	if (rn_oc_count(m, w) != 0) {
		hits[P_PBR_WAITS_OC]++;
		return;
	}
	if (rn_busy(m)) /* only the first serving cycle of a pbr or an exit */
		return;
	if (kind == RN_OP_PBR) {
		for (int j = 0; j < RN_PBR_SLOTS; j++) {
			int r = (int)fld(L, in, RN_OP_REG_I, j, 6);
			if (r < R && rn_lookup(m, w, r) < 0) {
				hits[P_RELEASE_UNMAPPED]++;
				break;
			}
		}
	} else if (kind == RN_OP_EXIT) {
		for (int r = 0; r < R; r++)
			if (rn_lookup(m, w, r) >= 0) {
				hits[P_EXIT_WITH_MAPPINGS]++;
				break;
			}
	}
}

void rn_cover(const wg_layout *L, const rn_model *m, const uint32_t *in, const uint32_t *out, uint64_t *hits)
{
	const rn_cfg *c = rn_config(m);
	int run = rn_running(m);
	if (fld(L, in, RN_RST_I, 0, 1)) {
		if (run)
			hits[P_RESET_MID_KERNEL]++;
		return;
	}
	if (fld(L, in, RN_KL_VALID_I, 0, 1)) {
		if (run)
			hits[P_RELAUNCH]++;
		return;
	}
	if (!run)
		return;
	int kw, kr, ke;
	rn_shape(m, &kw, &kr, &ke);
	const int R = kr > ke ? kr - ke : 0;
	if (fld(L, in, RN_PIR_VALID_I, 0, 1) && !fld(L, out, RN_PIR_READY_O, 0, 1))
		hits[P_FLAG_CACHE_PINNED]++;
	if (fld(L, in, RN_OP_VALID_I, 0, 1))
		cover_op(L, m, in, out, R, kr, kw, hits);
	cover_alloc(L, m, c, in, out, R, hits);
}
