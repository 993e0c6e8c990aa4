/* prefetch_table_cover.c - the prefetch table's functional coverage points
 * (docs/prefetch_table.md "Functional coverage points"): each a condition on
 * the inputs and the C model's state at the start of a cycle, or on the
 * cycle's events (ev_o) where the page defines the corner case by what the
 * block does (a suppressed lane, a dropped line, a TIA create). Where a point
 * needs the trainer's result of the cycle (a mismatch, the offset rule, a
 * slow bit set) it clocks a copy of the model (the frame-level model holds no
 * pointers: docs of prefetch_table_frame.c), only in cycles that train or
 * start GEN. */
#include "prefetch_table_cover.h"

#include <stdlib.h>
#include <string.h>

#include "wg_bits.h"
#include "wg_kit.h"

enum {
	P_FEW_ACTIVE,
	P_CONF_SAT_MISMATCH,
	P_OFFSET_UNFIT,
	P_NEG_OFFSET,
	P_DIST_SAT_HI,
	P_DIST_SAT_LO,
	P_ALLOC_REPLACE,
	P_TIA_CREATE,
	P_TIA_CREATE_FULL,
	P_TIA_LAL_NO_CREATE,
	P_TIA_SLOW,
	P_TIA_MIGRATE,
	P_TIA_MULTI,
	P_FILL_STALE,
	P_FILL_AND_LOOKUP,
	P_PQ_FULL,
	P_SUPPRESS,
	P_PRESENT_LAST,
	P_PRESENT_OVER_READY,
	P_RESET_BUSY,
	PT_NCOV
};

const wg_cov_point pt_cov_points[PT_NCOV] = {
	[P_FEW_ACTIVE] = {"one_or_two_active_lanes",
		"a load taken with 1 or 2 active lanes: never confirmed (spec §4.13 #4; §4.4)",
		"two_thread_warp tia_walk_two_loads_ahead tia_lal_invalid_or_same tia_two_entries_one_trigger"},
	[P_CONF_SAT_MISMATCH] = {"conf_saturated_then_mismatch",
		"cross: a lane mismatches while the entry's confidence is saturated: conf reset (spec §4.13 #2; A-AP-3)",
		"conf_saturation_then_mismatch"},
	[P_OFFSET_UNFIT] = {"offset_unfit",
		"a mismatching lane whose dA/dT is not integral or does not fit OFFSET_BITS: no pattern (spec §4.13 #3; A-AP-4)",
		"offset_too_big"},
	[P_NEG_OFFSET] = {"negative_offset_confirmed",
		"a load confirms an entry whose offset is negative (spec §4.13 #5; A-AP-4)",
		"negative_offset"},
	[P_DIST_SAT_HI] = {"distance_saturated_slow",
		"a slow load (dist_inc) on an entry at the largest distance: it saturates (spec §4.13 #6; §4.7)",
		"distance_slow_then_early"},
	[P_DIST_SAT_LO] = {"distance_saturated_early",
		"an early load (dist_dec) on an entry at distance 1: it saturates (spec §4.13 #6; §4.7)",
		"distance_slow_then_early"},
	[P_ALLOC_REPLACE] = {"lookup_miss_replaces",
		"a lookup miss with every entry valid: the lowest-confidence entry is replaced (spec §4.13 #1; victim rule)",
		"fill_after_reallocation"},
	[P_TIA_CREATE] = {"tia_create",
		"a scalar miss creates a TIA entry for the warp's last load (spec §4.6, §4.13 #11)",
		"hit_and_replace_same_cycle tia_walk_two_loads_ahead tia_lal_invalid_or_same tia_two_entries_one_trigger"},
	[P_TIA_CREATE_FULL] = {"tia_create_replaces",
		"cross: a TIA create with every entry valid: a victim other than the load's own entry (spec §4.13 #1)",
		"hit_and_replace_same_cycle"},
	[P_TIA_LAL_NO_CREATE] = {"tia_lal_invalid_or_same",
		"a scalar miss with no TIA entry for its address while the warp's LAL is invalid or the load's own PC: no create (spec §4.13 #11; §4.6)",
		"tia_lal_invalid_or_same"},
	[P_TIA_SLOW] = {"tia_slow_bit_set",
		"a scalar miss on a TIA entry's address: its slow bit is set (spec §4.13 #9; §4.6)",
		"tia_walk_two_loads_ahead tia_lal_invalid_or_same"},
	[P_TIA_MIGRATE] = {"tia_migrate",
		"a slow TIA entry's trigger moves one load earlier (spec §4.6, §4.13 #11)",
		"tia_walk_two_loads_ahead tia_lal_invalid_or_same"},
	[P_TIA_MULTI] = {"tia_two_entries_one_trigger",
		"a TIA scan while two or more TIA entries have the load's PC as trigger (spec §4.13 #11)",
		"tia_two_entries_one_trigger"},
	[P_FILL_STALE] = {"fill_not_applied",
		"a fill whose entry no longer matches its tag (reallocated, or another type): ignored (spec §4.13 #7)",
		"fill_after_reallocation"},
	[P_FILL_AND_LOOKUP] = {"fill_and_lookup_same_cycle",
		"cross: the last line's fill for the entry and warp of the load being looked up, in its lookup cycle: applied first (spec §4.13 #8; §4.7)",
		"fill_and_load_same_cycle"},
	[P_PQ_FULL] = {"queue_full_drop",
		"a line dropped because the prefetch queue is full (spec §4.13 #10; A-AP-15)",
		"queue_full_drop"},
	[P_SUPPRESS] = {"prediction_suppressed",
		"a predicted address outside the address space: suppressed (spec §4.13 #12; A-AP-5)",
		"boundary_suppress"},
	[P_PRESENT_LAST] = {"present_last_line",
		"the head dropped as present is an FOA batch's last line: the state moves as on a fill (spec §4.13 #14; §4.7)",
		"present_last_line"},
	[P_PRESENT_OVER_READY] = {"present_wins_over_ready",
		"the head is offered with pf_present_i and pf_ready_i both high: dropped, not issued (spec §4.13 #14; The queue)",
		"present_last_line"},
	[P_RESET_BUSY] = {"reset_mid_load",
		"a mid-run reset while a load is in the prefetcher or lines are queued"},
};
_Static_assert(PT_NCOV == PT_NCOV_POINTS, "PT_NCOV_POINTS in prefetch_table_cover.h");

static unsigned ev_field(const wg_layout *L, uint64_t ev, int e)
{
	return (unsigned)((ev >> L->ev_lsb[e]) & wg_ones64(L->ev_w[e]));
}

/* The FOA entry of pc, or -1. */
static int foa_of(const pt_model *m, unsigned pc)
{
	for (int i = 0; i < pt_config(m)->entries; i++) {
		const pt_entry *e = pt_entry_at(m, i);
		if (e->type == PT_TYPE_FOA && e->pc == pc)
			return i;
	}
	return -1;
}

static int all_valid(const pt_model *m)
{
	for (int i = 0; i < pt_config(m)->entries; i++)
		if (pt_entry_at(m, i)->type == PT_TYPE_NONE)
			return 0;
	return 1;
}

/* Points read from the state after the edge: a copy of the model clocked with this cycle's inputs. */
static void after_edge(const pt_model *m, const pt_trainer *t, const uint32_t *in, unsigned ntrain, int confirm,
		       uint64_t *hits)
{
	const pt_cfg *c = pt_config(m);
	long p[PT_NPARAMS];
	pt_cfg_to_params(c, p);
	size_t n = pt_model_size(p);
	void *next = malloc(n);
	if (!next)
		return;
	memcpy(next, m, n);
	pt_model_tick(next, in);
	pt_trainer a = pt_trainer_get(next);
	const pt_entry *eb = pt_entry_at(m, (int)a.ent), *ea = pt_entry_at(next, (int)a.ent);
	if (ntrain > 0) {
		int fresh = t->ph == PT_PH_IDLE; /* the take cycle: mis starts at 0 */
		if (a.mis && (fresh || !t->mis) && eb->type == PT_TYPE_FOA && eb->pc == ea->pc &&
		    eb->conf == wg_ones64(c->conf_bits))
			hits[P_CONF_SAT_MISMATCH]++;
	}
	if (ntrain > 0 && a.nact >= 2 && ea->type == PT_TYPE_FOA && !ea->off_valid)
		hits[P_OFFSET_UNFIT]++;
	if (confirm && ea->off < 0)
		hits[P_NEG_OFFSET]++;
	if (t->ph == PT_PH_GEN && t->cur == 0)
		for (int i = 0; i < c->entries; i++) {
			const pt_entry *x = pt_entry_at(m, i), *y = pt_entry_at(next, i);
			if (x->type == PT_TYPE_TIA && y->type == PT_TYPE_TIA && !(x->st & 1u) && (y->st & 1u)) {
				hits[P_TIA_SLOW]++;
				break;
			}
		}
	free(next);
}

void pt_cover(const wg_layout *L, const pt_model *m, const uint32_t *in, const uint32_t *out, uint64_t *hits)
{
	const pt_cfg *c = pt_config(m);
	pt_trainer t = pt_trainer_get(m);
	if (wg_port_get(L, in, PT_RST_I)) {
		if (t.ph != PT_PH_IDLE || pt_pq_count(m) > 0)
			hits[P_RESET_BUSY]++;
		return;
	}
	uint64_t ev = wg_port_get(L, out, PT_EV_O);
	unsigned ntrain = ev_field(L, ev, PT_EV_TRAIN);
	unsigned ld_pc = (unsigned)wg_port_get(L, in, PT_LD_PC_I), ld_warp = (unsigned)wg_port_get(L, in, PT_LD_WARP_I);
	uint32_t mask = (uint32_t)wg_port_get(L, in, PT_LD_MASK_I);
	int take = ev_field(L, ev, PT_EV_LOOKUP) != 0;
	/* the load's FOA entry: found at the lookup, the registered one afterwards */
	int e = take ? foa_of(m, ld_pc) : (int)t.ent;
	if (take && wg_popc64(mask) <= 2)
		hits[P_FEW_ACTIVE]++;
	if (take && ev_field(L, ev, PT_EV_ALLOC) && all_valid(m))
		hits[P_ALLOC_REPLACE]++;
	if (ev_field(L, ev, PT_EV_DIST_INC) && e >= 0 && pt_entry_at(m, e)->dist == wg_ones64(c->dist_bits))
		hits[P_DIST_SAT_HI]++;
	if (ev_field(L, ev, PT_EV_DIST_DEC) && e >= 0 && pt_entry_at(m, e)->dist == 1)
		hits[P_DIST_SAT_LO]++;
	if (ev_field(L, ev, PT_EV_TIA_CREATE)) {
		hits[P_TIA_CREATE]++;
		if (all_valid(m))
			hits[P_TIA_CREATE_FULL]++;
	}
	if (ev_field(L, ev, PT_EV_TIA_MIGRATE))
		hits[P_TIA_MIGRATE]++;
	/* the TIA step (GEN's first cycle) of a scalar miss */
	if (t.ph == PT_PH_GEN && t.cur == 0 && wg_port_get(L, in, PT_LD_MISS_I) && mask) {
		const pt_entry *x = pt_entry_at(m, (int)t.ent);
		if (x->type == PT_TYPE_FOA && x->tid == wg_ones64(c->tidx_bits)) {
			uint32_t ad0 = (uint32_t)wg_elem_get(L, in, PT_LD_ADDR_I, wg_ctz64(mask), c->addr_bits);
			int found = 0;
			for (int i = 0; i < c->entries; i++) {
				const pt_entry *y = pt_entry_at(m, i);
				found |= y->type == PT_TYPE_TIA && y->addr == ad0;
			}
			int lal = pt_lal(m, (int)ld_warp);
			if (!found && (lal < 0 || (unsigned)lal == ld_pc))
				hits[P_TIA_LAL_NO_CREATE]++;
		}
	}
	if (t.ph == PT_PH_TSCAN) {
		int ntia = 0;
		for (int i = 0; i < c->entries; i++) {
			const pt_entry *y = pt_entry_at(m, i);
			ntia += y->type == PT_TYPE_TIA && y->pc == ld_pc;
		}
		if (ntia >= 2)
			hits[P_TIA_MULTI]++;
	}
	/* fills */
	if (wg_port_get(L, in, PT_FILL_VALID_I)) {
		if (!ev_field(L, ev, PT_EV_FILL))
			hits[P_FILL_STALE]++;
		pt_tag ft = pt_tag_unpack(c, wg_port_get(L, in, PT_FILL_TAG_I));
		if (take && ev_field(L, ev, PT_EV_FILL) && !ft.tia && ft.last && (int)ft.entry == e && ft.warp == ld_warp)
			hits[P_FILL_AND_LOOKUP]++;
	}
	/* the queue */
	if (ev_field(L, ev, PT_EV_PQ_FULL))
		hits[P_PQ_FULL]++;
	if (ev_field(L, ev, PT_EV_SUPPRESS))
		hits[P_SUPPRESS]++;
	if (ev_field(L, ev, PT_EV_PRESENT)) {
		pt_tag ht = pt_tag_unpack(c, wg_port_get(L, out, PT_PF_TAG_O));
		if (ht.last && !ht.tia)
			hits[P_PRESENT_LAST]++;
		if (wg_port_get(L, in, PT_PF_READY_I))
			hits[P_PRESENT_OVER_READY]++;
	}
	if (ntrain > 0 || (t.ph == PT_PH_GEN && t.cur == 0))
		after_edge(m, &t, in, ntrain, ev_field(L, ev, PT_EV_CONFIRM) != 0, hits);
}
