/* vf_manager_cover.c - the frequency manager's functional coverage points
 * (docs/vf_manager.md "Functional coverage points"): each a condition on the
 * inputs and the C model's state (levels, busy, timer) at the start of a
 * cycle, evaluated as docs/vf_manager.md "One cycle" defines it (the vote
 * count, the winner, the new levels, the latency). */
#include "vf_manager_cover.h"

#include "equalizer.h"
#include "wg_kit.h"

enum {
	P_NO_WINNER,
	P_TIE,
	P_BARE_WIN,
	P_ONE_SHORT,
	P_UNANIMOUS,
	P_ALL_NONE,
	P_NONE_WITH_BITS,
	P_OFF_STROBE_MAJORITY,
	P_SM_RAISE,
	P_SM_LOWER,
	P_MEM_RAISE,
	P_MEM_LOWER,
	P_OTHER_TO_NORMAL,
	P_SATURATED,
	P_LOW_TO_NORMAL,
	P_DROP,
	P_DROP_APPLY,
	P_RESET_BUSY,
	VFM_NCOV
};

const wg_cov_point vfm_cov_points[VFM_NCOV] = {
	[P_NO_WINNER] = {"strobe_without_winner",
		"a strobe whose votes elect nothing (no majority, A-EQ-9; docs/vf_manager.md One cycle)",
		"strict_majority tie_is_none plurality"},
	[P_TIE] = {"tie_vote",
		"two requests share the largest count (> 0) in a strobe: none wins (spec §2.12 #7)",
		"tie_is_none plurality"},
	[P_BARE_WIN] = {"bare_majority",
		"the winner has the smallest count that wins (STRICT: floor(SMS/2)+1; PLURALITY: one more than the runner-up) (A-EQ-9)",
		"strict_majority tie_is_none plurality other_domain_to_normal"},
	[P_ONE_SHORT] = {"one_vote_short",
		"cross: no winner, and one more vote for the largest request would have won (A-EQ-9, spec §2.12 #7)",
		"strict_majority tie_is_none plurality"},
	[P_UNANIMOUS] = {"unanimous_vote",
		"every SM sends the same valid request in a strobe (§2.6)",
		"one_step_per_epoch other_domain_to_normal drop_while_busy latency_exact saturated_no_transition"},
	[P_ALL_NONE] = {"strobe_all_none",
		"a strobe in which no SM sends a valid request (idle SMs vote COMP: none; docs/vf_manager.md One cycle)",
		NULL},
	[P_NONE_WITH_BITS] = {"none_with_other_bits",
		"a strobe with a request without its valid bit but with other bits set: it counts as none (One cycle)",
		"strict_majority plurality"},
	[P_OFF_STROBE_MAJORITY] = {"majority_outside_strobe",
		"req_i would elect a winner in a cycle without a strobe: ignored, win_o 0 (Protocol; One cycle)",
		"strict_majority"},
	[P_SM_RAISE] = {"sm_raise_starts",
		"an SM-raise winner while idle changes the levels (§2.6)",
		"strict_majority tie_is_none one_step_per_epoch drop_while_busy latency_exact saturated_no_transition"},
	[P_SM_LOWER] = {"sm_lower_starts",
		"an SM-lower winner while idle changes the levels (§2.6)",
		"plurality one_step_per_epoch other_domain_to_normal latency_exact"},
	[P_MEM_RAISE] = {"mem_raise_starts",
		"a memory-raise winner while idle changes the levels (§2.6)",
		"other_domain_to_normal"},
	[P_MEM_LOWER] = {"mem_lower_starts",
		"a memory-lower winner while idle changes the levels (§2.6)",
		"plurality other_domain_to_normal drop_while_busy latency_exact saturated_no_transition"},
	[P_OTHER_TO_NORMAL] = {"other_domain_to_normal",
		"cross: a winner while the other domain is off nominal: both domains move, after the larger latency (A-EQ-10; One cycle)",
		"plurality other_domain_to_normal drop_while_busy latency_exact saturated_no_transition"},
	[P_SATURATED] = {"saturated_winner",
		"a winner while idle that changes no level (at high raising, or low lowering, the other domain normal): no transition (One cycle)",
		"saturated_no_transition"},
	[P_LOW_TO_NORMAL] = {"sm_raise_from_low",
		"an SM-raise winner while the SM domain is low: one step to normal, not high (spec §2.12 #11, A-EQ-17)",
		"one_step_per_epoch"},
	[P_DROP] = {"winner_while_busy",
		"a winner during a transition: dropped (spec §2.12 #8)",
		"drop_while_busy"},
	[P_DROP_APPLY] = {"winner_in_apply_cycle",
		"cross: a winner in the transition's last cycle (tmr_q = 1): still dropped (spec §2.12 #8; One cycle)",
		"drop_while_busy"},
	[P_RESET_BUSY] = {"reset_while_busy",
		"a mid-run reset during a transition: levels and the pending change go to 0 (docs/vf_manager.md State)",
		NULL},
};
_Static_assert(VFM_NCOV == VFM_NCOV_POINTS, "VFM_NCOV_POINTS in vf_manager_cover.h");

static const unsigned codes[4] = {1u, 3u, 5u, 7u}; /* SM lower, memory lower, SM raise, memory raise */

/* The largest vote count of codes[], the runner-up's (second largest, ties
 * included) and how many requests share the largest. */
static void tally(const vfm_cfg *c, const uint8_t *req, int *top, int *second, int *ntop)
{
	int n[4] = {0};
	for (int k = 0; k < c->sms; k++)
		for (int i = 0; i < 4; i++)
			n[i] += (req[k] & 7u) == codes[i];
	*top = *second = 0;
	*ntop = 0;
	for (int i = 0; i < 4; i++)
		if (n[i] > *top)
			*second = *top, *top = n[i];
		else if (n[i] > *second)
			*second = n[i];
	for (int i = 0; i < 4; i++)
		*ntop += *top > 0 && n[i] == *top;
}

void vfm_cover(const wg_layout *L, const vfm_model *m, const uint32_t *in, uint64_t *hits)
{
	const vfm_cfg *c = vfm_config(m);
	uint8_t req[VFM_MAX_SMS];
	wg_elems_get8(L, in, VFM_REQ_I, c->sms, EQ_VF_BITS, req); /* (in one pass: it runs every cycle) */
	unsigned busy = vfm_busy(m);
	if (wg_port_get(L, in, VFM_RST_I)) {
		if (busy)
			hits[P_RESET_BUSY]++;
		return;
	}
	int strobe = wg_port_get(L, in, VFM_STB_I) != 0;
	unsigned w = vfm_winner(c, req); /* the count alone, strobe or not */
	if (!strobe) {
		if (w)
			hits[P_OFF_STROBE_MAJORITY]++;
		return;
	}
	int top, second, ntop, strict = c->majority == VFM_MAJ_STRICT;
	tally(c, req, &top, &second, &ntop);
	if (!w) {
		hits[P_NO_WINNER]++;
		if (top == 0)
			hits[P_ALL_NONE]++;
		if (ntop > 1)
			hits[P_TIE]++;
		if (top > 0 && (strict ? 2 * (top + 1) > c->sms : ntop >= 2))
			hits[P_ONE_SHORT]++;
	} else if (strict ? 2 * (top - 1) <= c->sms : top == second + 1)
		hits[P_BARE_WIN]++;
	if (top == c->sms)
		hits[P_UNANIMOUS]++;
	for (int k = 0; k < c->sms; k++)
		if (!(req[k] & EQ_VF_VALID) && (req[k] & ~EQ_VF_VALID)) {
			hits[P_NONE_WITH_BITS]++;
			break;
		}
	if (!w)
		return;
	if (busy) {
		hits[P_DROP]++;
		if (vfm_timer(m) == 1)
			hits[P_DROP_APPLY]++;
		return;
	}
	int mem = (w & EQ_VF_MEM) != 0, up = (w & EQ_VF_UP) != 0;
	unsigned sm = vfm_sm_level(m), ml = vfm_mem_level(m);
	unsigned sm_n = mem ? vfm_toward_normal(sm) : vfm_step(sm, up);
	unsigned ml_n = mem ? vfm_step(ml, up) : vfm_toward_normal(ml);
	if (sm_n == sm && ml_n == ml) {
		hits[P_SATURATED]++;
		return;
	}
	hits[mem ? (up ? P_MEM_RAISE : P_MEM_LOWER) : (up ? P_SM_RAISE : P_SM_LOWER)]++;
	if (sm_n != sm && ml_n != ml)
		hits[P_OTHER_TO_NORMAL]++;
	if (!mem && up && sm == VFM_LOW)
		hits[P_LOW_TO_NORMAL]++;
}
