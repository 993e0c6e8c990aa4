/* rfc_cover.c - the rfc's functional coverage points (docs/rfc.md
 * "Functional coverage points"): each a condition on the inputs and the C
 * model's state at the start of a cycle, evaluated as docs/rfc.md §1-§6
 * define the cycle (pins, victim choice, write-path case, drain). */
#include "rfc_cover.h"

#include "wg_kit.h"

enum {
	P_VICTIM_PINNED,
	P_VICTIM_PINNED_SAME_CYCLE,
	P_ALL_PINNED,
	P_PINNED_INVALID_SKIPPED,
	P_EVICT_LIVE,
	P_VICTIM_DEAD,
	P_FLUSH_DEAD,
	P_FLUSH_PINNED,
	P_LL_INVALIDATES,
	P_LL_WRITE_THROUGH,
	P_PARTIAL_MISS,
	P_WRITE_HIT_OLDEST,
	P_WRITE_HIT_DEAD,
	P_READ_WRITE_SAME_LAST,
	P_LATE_RESULT_DRAINING,
	P_LATE_SUPERSEDES,
	P_LATE_WRITE_THROUGH,
	P_DRAIN_ALL_PORTS,
	P_EXIT_WITH_VALID,
	P_REACTIVATE,
	P_SAME_REG_TWO_SOURCES,
	P_RESET_WITH_ENTRIES,
	RFC_NCOV
};

const wg_cov_point rfc_cov_points[RFC_NCOV] = {
	[P_VICTIM_PINNED] = {"victim_while_pinned",
		"a full-mask miss chooses a victim while an entry of the slot is pinned (spec §9 #1; docs/rfc.md §3, §4 A.4)",
		"victim_vs_inflight_reader"},
	[P_VICTIM_PINNED_SAME_CYCLE] = {"victim_pinned_by_same_cycle_hit",
		"cross: the entry the victim rule would take without pins is pinned by this cycle's lookup hit (spec §9 #1, hit and victim in one cycle)",
		"victim_vs_inflight_reader"},
	[P_ALL_PINNED] = {"every_entry_pinned",
		"a full-mask miss finds every entry of the slot pinned: FALLBACK to the MRF (spec §9 #2; §4 A.4)",
		"every_entry_pinned"},
	[P_PINNED_INVALID_SKIPPED] = {"pinned_invalid_skipped",
		"a full-mask miss while an invalid entry is pinned: it is not reused (spec §8 #3; docs/rfc.md §3)",
		"pinned_invalid_entry_not_reused"},
	[P_EVICT_LIVE] = {"evict_live_victim",
		"the victim is valid and live: EVICT write-back (§4 A.4)"},
	[P_VICTIM_DEAD] = {"evict_dead_victim",
		"the victim is valid and dead: dropped without a write-back (spec §2.6, §8 #4)",
		"dead_victim_not_written_back"},
	[P_FLUSH_DEAD] = {"flush_of_dead_entry",
		"a flush (demotion) of a slot holding a dead entry: dropped, never drained (§6.4; spec §2.6)"},
	[P_FLUSH_PINNED] = {"flush_with_inflight_read",
		"a flush of a slot with a hit in flight (the read still returns its data; §5, spec §9 #4)"},
	[P_LL_INVALIDATES] = {"long_latency_invalidates_copy",
		"a full-mask long-latency result for a cached register of an active warp invalidates the copy (spec §9 #6; §4 A.1)",
		"long_latency_invalidates_copy"},
	[P_LL_WRITE_THROUGH] = {"long_latency_write_through",
		"a divergent long-latency result for a cached register writes through (spec §9 #6 with #10; §4 A.1)"},
	[P_PARTIAL_MISS] = {"partial_mask_miss",
		"a divergent result that misses goes to the MRF with its lane mask (spec §9 #10; §4 A.3)"},
	[P_WRITE_HIT_OLDEST] = {"write_hit_on_oldest",
		"a write hit on the oldest entry of its slot (spec §9 #15; §4 A.2)",
		"write_hit_on_fifo_oldest"},
	[P_WRITE_HIT_DEAD] = {"write_hit_on_dead",
		"a write hit on a dead entry revives it (spec §9 #9, #15; §4 A.2)",
		"read_write_same_register_last_use"},
	[P_READ_WRITE_SAME_LAST] = {"read_write_same_reg_last_use",
		"cross: a last-use read hit and a write hit of one register of one slot in one cycle: the write's revival comes after the read's mark (§6 steps 1-2; spec §9 #9)"},
	[P_LATE_RESULT_DRAINING] = {"late_result_into_draining",
		"a result of a demoted warp whose slot is still DRAINING (spec §9 #4; §4 B)"},
	[P_LATE_SUPERSEDES] = {"late_result_supersedes",
		"a full-mask late result for a register its DRAINING slot holds: the old copy is never drained (spec §9 #5; §4 B)",
		"superseded_entry_at_flush"},
	[P_LATE_WRITE_THROUGH] = {"late_result_write_through",
		"a divergent late result for a register its DRAINING slot holds: written through, drained later (spec §9 #5 with #10; §4 B)",
		"partial_bypass_keeps_other_lanes"},
	[P_DRAIN_ALL_PORTS] = {"drain_all_ports_busy",
		"the drain has at least FLUSH_PORTS candidates: every drain port is used (§5)"},
	[P_EXIT_WITH_VALID] = {"exit_with_valid_entries",
		"a warp exits with valid entries: dropped without MRF traffic (spec §9 #14, §8 #17; §6.4)",
		"warp_exit_with_valid_entries"},
	[P_REACTIVATE] = {"activate_drained_slot",
		"a drained slot is given to a new warp (spec §9 #7; §6.4)"},
	[P_SAME_REG_TWO_SOURCES] = {"two_sources_hit_one_reg",
		"two sources of one lookup hit the same register (§1)"},
	[P_RESET_WITH_ENTRIES] = {"reset_with_valid_entries",
		"a mid-run reset while some slot holds valid entries (spec §9 #18)",
		"reset_and_first_activation"},
};
_Static_assert(RFC_NCOV == RFC_NCOV_POINTS, "RFC_NCOV_POINTS in rfc_cover.h");

/* The valid entry of slot s tagged reg (at most one), or -1: the model's own index of its tags
 * (a scan of the entries' valid bits and tags gives the same; this runs every cycle). */
static int find_tag(const rfc_model *m, int s, unsigned reg)
{
	return rfc_slot_find(m, s, reg);
}

/* The victim of §4 A.4 in slot s with pin mask pins: the lowest invalid
 * unpinned entry, else the valid unpinned one of largest rank; -1 when every
 * entry is pinned. */
static int victim(const rfc_model *m, int s, unsigned pins)
{
	const rfc_cfg *c = rfc_config(m);
	uint32_t open = ~rfc_slot_valid_mask(m, s) & ~pins & (uint32_t)wg_ones64(c->entries);
	if (open)
		return (int)wg_ctz64(open);
	int v = -1;
	for (int e = 0; e < c->entries; e++)
		if (!((pins >> e) & 1u) && (v < 0 || rfc_entry_rank(m, s, e) > rfc_entry_rank(m, s, v)))
			v = e;
	return v;
}

/* A slot id input (with one active warp the slot is always 0). */
static int slot_of(const wg_layout *L, const rfc_cfg *c, const uint32_t *in, int port)
{
	return c->active_warps > 1 ? (int)wg_port_get(L, in, port) : 0;
}

static int any_dead(const rfc_model *m, int s)
{
	for (int e = 0; e < rfc_config(m)->entries; e++)
		if (rfc_entry_valid(m, s, e) && rfc_entry_dead(m, s, e))
			return 1;
	return 0;
}

void rfc_cover(const wg_layout *L, const rfc_model *m, const uint32_t *in, const uint32_t *out, uint64_t *hits)
{
	const rfc_cfg *c = rfc_config(m);
	const int N = c->entries;
	if (wg_port_get(L, in, RFC_RST_I)) {
		for (int s = 0; s < c->active_warps; s++)
			if (rfc_slot_nvalid(m, s) > 0) {
				hits[P_RESET_WITH_ENTRIES]++;
				break;
			}
		return;
	}
	/* this cycle's lookup: hit entries of slot ls (they pin too, §3) */
	int ls = -1;
	unsigned hitpins = 0, lastreg_valid = 0, lastreg = 0;
	if (wg_port_get(L, in, RFC_LU_VALID_I)) {
		ls = slot_of(L, c, in, RFC_LU_SLOT_I);
		int same = 0;
		for (int p = 0; p < c->read_ports; p++) {
			if (!wg_slice_get(L, out, RFC_LU_HIT_O, p, 1))
				continue;
			unsigned reg = (unsigned)wg_elem_get(L, in, RFC_LU_REG_I, p, c->reg_bits);
			int e = find_tag(m, ls, reg);
			if (e < 0)
				continue;
			same |= (int)((hitpins >> e) & 1u);
			hitpins |= 1u << e;
			if (c->liveness && wg_slice_get(L, in, RFC_LU_LAST_I, p, 1)) {
				lastreg_valid = 1;
				lastreg = reg;
			}
		}
		if (same)
			hits[P_SAME_REG_TWO_SOURCES]++;
	}
	/* the write path (§4) */
	if (wg_port_get(L, in, RFC_WR_VALID_I)) {
		int w = (int)wg_port_get(L, in, RFC_WR_WARP_I);
		unsigned reg = (unsigned)wg_port_get(L, in, RFC_WR_REG_I);
		int full = wg_port_get(L, in, RFC_WR_MASK_I) == wg_ones64(c->lanes);
		int bypass = (int)wg_port_get(L, in, RFC_WR_BYPASS_I);
		int s = rfc_warp_slot(m, w);
		int st = s >= 0 ? rfc_slot_state(m, s) : -1;
		int e = s >= 0 ? find_tag(m, s, reg) : -1;
		if (st == RFC_SLOT_OWNED) {
			if (bypass && e >= 0)
				hits[full ? P_LL_INVALIDATES : P_LL_WRITE_THROUGH]++;
			else if (e >= 0) {
				if (rfc_entry_rank(m, s, e) == N - 1)
					hits[P_WRITE_HIT_OLDEST]++;
				if (rfc_entry_dead(m, s, e))
					hits[P_WRITE_HIT_DEAD]++;
				if (lastreg_valid && ls == s && lastreg == reg)
					hits[P_READ_WRITE_SAME_LAST]++;
			} else if (!bypass && !full)
				hits[P_PARTIAL_MISS]++;
			else if (!bypass) { /* full-mask miss: the victim choice */
				unsigned inflight = rfc_slot_pin_mask(m, s); /* bit f: rfc_entry_pinned(m, s, f) */
				unsigned pins = inflight | (ls == s ? hitpins : 0);
				int v = victim(m, s, pins);
				if (v < 0)
					hits[P_ALL_PINNED]++;
				else {
					if (pins)
						hits[P_VICTIM_PINNED]++;
					int v_nopin = victim(m, s, inflight);
					if (ls == s && v_nopin >= 0 && ((hitpins >> v_nopin) & 1u))
						hits[P_VICTIM_PINNED_SAME_CYCLE]++;
					for (int f = 0; f < N; f++)
						if (((pins >> f) & 1u) && !rfc_entry_valid(m, s, f)) {
							hits[P_PINNED_INVALID_SKIPPED]++;
							break;
						}
					if (rfc_entry_valid(m, s, v))
						hits[rfc_entry_dead(m, s, v) ? P_VICTIM_DEAD : P_EVICT_LIVE]++;
				}
			}
		} else if (st == RFC_SLOT_DRAINING) {
			hits[P_LATE_RESULT_DRAINING]++;
			if (e >= 0)
				hits[full ? P_LATE_SUPERSEDES : P_LATE_WRITE_THROUGH]++;
		}
	}
	/* the drain (§5): candidates are the valid entries of DRAINING slots */
	int cand = 0;
	uint64_t dr = rfc_slots_in_state(m, RFC_SLOT_DRAINING);
	for (int s = 0; s < c->active_warps && cand < c->flush_ports; s++)
		if ((dr >> s) & 1u)
			cand += rfc_slot_nvalid(m, s);
	if (cand >= c->flush_ports)
		hits[P_DRAIN_ALL_PORTS]++;
	/* slot transitions (§6.4) */
	if (wg_port_get(L, in, RFC_FLUSH_VALID_I)) {
		int s = slot_of(L, c, in, RFC_FLUSH_SLOT_I);
		if (any_dead(m, s) || (ls == s && lastreg_valid))
			hits[P_FLUSH_DEAD]++;
		if (rfc_slot_pinned(m, s) || (ls == s && hitpins))
			hits[P_FLUSH_PINNED]++;
	}
	if (wg_port_get(L, in, RFC_EXIT_VALID_I) && rfc_slot_nvalid(m, slot_of(L, c, in, RFC_EXIT_SLOT_I)) > 0)
		hits[P_EXIT_WITH_VALID]++;
	if (wg_port_get(L, in, RFC_ACT_VALID_I))
		hits[P_REACTIVATE]++;
}
