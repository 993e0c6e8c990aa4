/* equalizer_gpu_cover.c - equalizer_gpu's functional coverage points
 * (docs/equalizer_gpu.md "Functional coverage points"): the SMs' decisions
 * (their per-SM fields of dec_valid_o, delta_o, vf_o and their models'
 * CTA slots and epoch counters, wg_comp_child copies 0..SMS-1) against the
 * manager's vote and transition state (copy SMS), and the GPU model's kernel
 * and work-distributor inputs. */
#include "equalizer_gpu_cover.h"

#include "equalizer.h"
#include "vf_manager.h"
#include "wg_comp.h"
#include "wg_kit.h"

enum {
	P_WIN_STARTS,
	P_WIN_BOTH_DOMAINS,
	P_WIN_DROPPED_BUSY,
	P_WIN_AT_APPLY,
	P_WIN_SATURATED,
	P_SPLIT_NO_WINNER,
	P_UNANIMOUS,
	P_MIXED_DOMAINS,
	P_IDLE_NEXT_TO_BUSY,
	P_DELTAS_OPPOSE,
	P_KSTART_MID_EPOCH,
	P_DECISION_NO_KERNEL,
	P_OFF_NOMINAL_IN_GAP,
	P_REQ_NO_WORK,
	P_LEVEL_APPLIED_MID_EPOCH,
	P_RESET_BUSY,
	EQG_NCOV
};
_Static_assert(EQG_NCOV == EQG_NCOV_POINTS, "EQG_NCOV_POINTS in equalizer_gpu_cover.h");

const wg_cov_point eqg_cov_points[EQG_NCOV] = {
	[P_WIN_STARTS] = {"vote_starts_transition",
		"cross: the SMs' requests elect a winner while the manager is idle and a level changes: a transition starts "
		"(docs/vf_manager.md \"One cycle\"; Sethia 2015 §3.3)",
		"imbalance_idle_sms_vote_comp"},
	[P_WIN_BOTH_DOMAINS] = {"vote_moves_both_domains",
		"cross: a won request moves its domain while the other domain steps back toward normal in the same "
		"decision: latency max(SM_LAT, MEM_LAT) (docs/vf_manager.md; at most one domain off nominal)"},
	[P_WIN_DROPPED_BUSY] = {"vote_during_transition",
		"cross: the SMs elect a winner while the previous transition is still in flight: dropped, re-evaluated next "
		"epoch (spec §2.12 #8)"},
	[P_WIN_AT_APPLY] = {"vote_in_apply_cycle",
		"cross: a winner in the very cycle the previous transition applies: still dropped (docs/vf_manager.md "
		"\"Timing diagram\", cycle 3)"},
	[P_WIN_SATURATED] = {"vote_already_saturated",
		"cross: a winner whose step leaves both levels where they are (saturated): no transition "
		"(docs/vf_manager.md \"One cycle\")"},
	[P_SPLIT_NO_WINNER] = {"split_vote_no_winner",
		"at a decision some SMs request a change but no request wins (a split or tie: spec §2.12 #7, A-EQ-9)"},
	[P_UNANIMOUS] = {"unanimous_request",
		"every SM (SMS >= 2) sends the same frequency request at a decision (spec A-EQ-9)",
		"imbalance_idle_sms_vote_comp"},
	[P_MIXED_DOMAINS] = {"requests_for_both_domains",
		"at a decision some SMs ask to change the SM domain and others the memory domain (heterogeneous kernels "
		"across SMs; Sethia 2015 §3.3)"},
	[P_IDLE_NEXT_TO_BUSY] = {"idle_sm_next_to_busy",
		"cross: at a decision an SM without a CTA (it votes COMP) sits next to an SM running CTAs (spec §2.12 #9)",
		"imbalance_idle_sms_vote_comp"},
	[P_DELTAS_OPPOSE] = {"sms_change_numblocks_oppositely",
		"at a decision one SM raises numBlocks (+1) while another lowers it (-1) (per-SM decisions, spec §2.12 #9)"},
	[P_KSTART_MID_EPOCH] = {"kernel_start_mid_epoch",
		"a kernel starts on every SM while their epochs are under way: every SM's epoch restarts together "
		"(spec §2.12 #10; docs/equalizer.md \"The GPU composition\")",
		"all_sms_aligned imbalance_idle_sms_vote_comp"},
	[P_DECISION_NO_KERNEL] = {"decision_between_kernels",
		"the SMs decide while no kernel runs (kmax_i = 0): 0 / NONE on every SM, the manager elects nothing "
		"(docs/equalizer.md decision 10)"},
	[P_OFF_NOMINAL_IN_GAP] = {"off_nominal_between_kernels",
		"a domain is off nominal while no kernel runs (the levels stay until a later vote moves them back; "
		"docs/vf_manager.md)"},
	[P_REQ_NO_WORK] = {"short_of_ctas_without_work",
		"cross: an SM runs fewer CTAs than its numBlocks while the work distributor has none left for it (an "
		"increase with no CTAs left, spec §2.12 #6, across the GPU: other SMs hold the kernel's last CTAs)",
		"imbalance_idle_sms_vote_comp"},
	[P_LEVEL_APPLIED_MID_EPOCH] = {"level_applied_mid_epoch",
		"cross: a new level takes effect while the SMs are inside an epoch (their samples change speed mid-epoch; "
		"docs/equalizer.md \"Frequencies\")",
		"imbalance_idle_sms_vote_comp"},
	[P_RESET_BUSY] = {"reset_during_transition",
		"a mid-run reset while a frequency transition is in flight (every copy and the manager reset together)"},
};

/* SM k's field of a per-SM port (SMS fields of equal width). */
static unsigned field(const wg_layout *L, const uint32_t *f, int p, int k, int sms)
{
	int w = L->width[p] / sms;
	return w > 0 ? (unsigned)wg_elem_get(L, f, p, k, w) : 0;
}

void eqg_cover(const wg_layout *L, const void *model, const uint32_t *in, const uint32_t *out, uint64_t *hits)
{
	const int sms = wg_comp_first_copy(model, EQG_I_VFM); /* the SMs are copies 0..SMS-1 */
	const vfm_model *vm = wg_comp_child(model, sms);
	const unsigned busy = vfm_busy(vm), tmr = vfm_timer(vm);
	const unsigned sml = vfm_sm_level(vm), meml = vfm_mem_level(vm);
	if (wg_port_get0(L, in, EQG_RST_I)) {
		if (busy)
			hits[P_RESET_BUSY]++;
		return;
	}
	int nokernel = 1;
	for (int k = 0; k < sms; k++)
		if (field(L, in, EQG_KMAX_I, k, sms))
			nokernel = 0;
	if (nokernel && (sml != VFM_NORMAL || meml != VFM_NORMAL))
		hits[P_OFF_NOMINAL_IN_GAP]++;
	/* kernel start against the SMs' epoch counters */
	if (wg_port_get0(L, in, EQG_KSTART_I)) {
		for (int k = 0; k < sms; k++)
			if (eq_cyc(wg_comp_child(model, k)) != 0) {
				hits[P_KSTART_MID_EPOCH]++;
				break;
			}
	}
	for (int k = 0; k < sms; k++) {
		const eq_model *e = wg_comp_child(model, k);
		if (field(L, in, EQG_KMAX_I, k, sms) && !field(L, in, EQG_GWDE_AVAIL_I, k, sms) &&
		    eq_target(e) > wg_popc64(eq_valid(e))) {
			hits[P_REQ_NO_WORK]++;
			break;
		}
	}
	/* a transition applying at this edge while the SMs are inside their epochs */
	if (busy && tmr == 1 && eq_cyc(wg_comp_child(model, 0)) != 0)
		hits[P_LEVEL_APPLIED_MID_EPOCH]++;
	if (!field(L, out, EQG_DEC_VALID_O, 0, sms))
		return;
	/* a decision cycle: the SMs' fields against the manager */
	int nreq = 0, dom_sm = 0, dom_mem = 0, same = 1, up = 0, down = 0, idle = 0, running = 0;
	unsigned first = 0;
	for (int k = 0; k < sms; k++) {
		unsigned vf = field(L, out, EQG_VF_O, k, sms), d = field(L, out, EQG_DELTA_O, k, sms);
		const eq_model *e = wg_comp_child(model, k);
		if (vf & EQ_VF_VALID) {
			nreq++;
			if (vf & EQ_VF_MEM)
				dom_mem = 1;
			else
				dom_sm = 1;
		}
		if (k == 0)
			first = vf & EQ_VF_VALID ? vf : 0;
		else if ((vf & EQ_VF_VALID ? vf : 0) != first)
			same = 0;
		up |= d == 1;
		down |= d == 3;
		if (eq_valid(e))
			running = 1;
		else
			idle = 1;
	}
	const unsigned win = (unsigned)wg_port_get0(L, out, EQG_WIN_O);
	if (nokernel)
		hits[P_DECISION_NO_KERNEL]++;
	if (sms >= 2 && same && first)
		hits[P_UNANIMOUS]++;
	if (dom_sm && dom_mem)
		hits[P_MIXED_DOMAINS]++;
	if (idle && running)
		hits[P_IDLE_NEXT_TO_BUSY]++;
	if (up && down)
		hits[P_DELTAS_OPPOSE]++;
	if (nreq && !win)
		hits[P_SPLIT_NO_WINNER]++;
	if (!win)
		return;
	if (busy) {
		hits[tmr == 1 ? P_WIN_AT_APPLY : P_WIN_DROPPED_BUSY]++;
		return;
	}
	/* the step of docs/vf_manager.md: the target domain one step, the other toward normal */
	const int wmem = (win & EQ_VF_MEM) != 0, wup = (win & EQ_VF_UP) != 0;
	unsigned nsm = wmem ? vfm_toward_normal(sml) : vfm_step(sml, wup);
	unsigned nmem = wmem ? vfm_step(meml, wup) : vfm_toward_normal(meml);
	if (nsm == sml && nmem == meml)
		hits[P_WIN_SATURATED]++;
	else {
		hits[P_WIN_STARTS]++;
		if (nsm != sml && nmem != meml)
			hits[P_WIN_BOTH_DOMAINS]++;
	}
}
