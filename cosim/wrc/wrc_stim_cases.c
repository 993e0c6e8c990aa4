/* wrc_stim_cases.c - the directed cases of the `wrc` stimulus (docs/wrc.md):
 * each scripts the block's inputs cycle by cycle from small per-warp
 * programs ('c' compute, 'm' memory), and checks the outputs against what
 * the contract says must happen, cycle by cycle; finish() then checks that
 * the scenario reached every one of its checks. Random mode, the property
 * checks and the stimulus definition are in wrc_stim.c. */
#include <stdio.h>
#include <string.h>

#include "wrc_stim.h"

#define P1 "WARPS=4,SCHEDULERS=1,MSHRS=8,MISSQ=4"
#define P2 "WARPS=4,SCHEDULERS=2,MSHRS=8,MISSQ=4"

const wg_case_def ws_cases[WS_NCASES] = {
	[C_EP_GTO] = {"ep_memory_first_gto",
		"EP: a memory-ready warp goes before the greedy compute warp (oldest memory-ready first), the greedy warp "
		"is kept, a stalled greedy warp falls back to the oldest, lsu_rdy_i low gives the slot to compute",
		"docs/wrc.md issue selection; Sethia §4.3.1; spec §3.5", P1},
	[C_MP_OLDEST] = {"mp_compute_first_oldest",
		"MP: compute-ready warps go first, oldest first (not greedy); memory only when no compute is ready; the "
		"first memory issue makes its warp the owner and other memory warps stall",
		"docs/wrc.md issue selection; Sethia §4.3.1", P1},
	[C_OWN_FIRST] = {"owner_first_memory_issue",
		"the warp whose memory instruction issues in the EP->MP switch cycle becomes the owner; a memory warp "
		"that was not ready at the switch gets no pre_o and stalls",
		"docs/wrc.md 'Taking ownership'; Sethia §4.3.1", P1},
	[C_OWN_LLP] = {"owner_release_llp",
		"the owner's head sources its own pending load (llp_i): ownership is held while its request is in the "
		"LSU, released when it is not; the next memory issue takes it",
		"docs/wrc.md ownership; Sethia §4.3.1; A-MA-2", P1},
	[C_OWN_QUEUED] = {"owner_hold_while_queued",
		"the owner's request is parked in the re-execution queue: llp_i does not release it until the entry "
		"leaves the queue (A-MA-2)",
		"docs/wrc.md decision 5; spec §3.4 A-MA-2", P1},
	[C_OWN_QHEAD] = {"owner_to_queue_head",
		"entering MP with every memory warp parked: the queue head's warp becomes the owner; when it releases, "
		"ownership passes to the new queue head",
		"spec §3.13 #8; Sethia §4.3.4; docs/wrc.md decision 4", P1},
	[C_REL_EXIT] = {"release_and_mp_exit_same_cycle",
		"the owner releases (llp_i) in the same edge as MP->EP: owner NONE, every owner stall cleared, the "
		"stalled memory warp issues first in EP",
		"spec §3.13 #5", P1},
	[C_CHATTER] = {"flag_chatter",
		"the flag toggles every cycle: the mode follows it one edge later, the owner is the switch cycle's "
		"memory issuer and is dropped in EP, pre_o = the memory-ready non-issuers at each EP->MP edge; then MP "
		"persists and the owner is kept",
		"spec §3.13 #6", P1},
	[C_CHATTER_HYST] = {"flag_chatter_hysteresis",
		"SAT_HYST=2: MSHR use toggles 4/3 around the threshold every cycle: MP persists, pre_o is granted once, "
		"the owner taken at the switch is never lost",
		"spec §3.13 #6 ('consider SAT hysteresis'); spec §3.3", P1 ",SAT_HYST=2"},
	[C_OWN_EXIT_BAR] = {"owner_exit_barrier",
		"an owner blocked at a barrier is released at once even with a request in the LSU; an exiting owner "
		"likewise",
		"spec §3.13 #9; A-MA-3", P1},
	[C_QUEUED_STALL] = {"queued_warp_stalled",
		"a warp with a request in the LSU or the re-execution queue cannot issue its next memory instruction "
		"(other warps issue meanwhile); it issues when the entry leaves",
		"spec §3.13 #10; A-MA-7", P1},
	[C_TWO_SCHED] = {"two_schedulers_lsu_port",
		"two schedulers, one LSU port: the owner's scheduler is asked first and wins the port over an admitted "
		"warp of the other scheduler, which issues compute or memory in other cycles",
		"spec §3.13 #14; A-MA-4; docs/wrc.md decision 7", P2},
	[C_PRE] = {"switch_admits_pre",
		"memory-ready non-owners at the EP->MP switch get pre_o and issue one memory instruction each while an "
		"owner exists; their next memory instruction stalls",
		"spec §3.13 #15; Sethia §4.3.1; docs/wrc.md decision 6", P1},
	[C_HYST] = {"hysteresis",
		"SAT_HYST=2: MP is entered at the thresholds (MSHRs, miss queue, sat_ext_i) and left only 2 entries "
		"below them; in between the mode holds",
		"docs/wrc.md the flag; spec §3.3", P1 ",SAT_HYST=2"},
	[C_IDLE] = {"owner_idle_timeout",
		"OWNER_IDLE_TIMEOUT=5: an owner without memory issues is released after 5 cycles, but not while its "
		"request is in the LSU; the next memory issue takes ownership",
		"spec §3.4 [REC]; docs/wrc.md decision 5", P1 ",OWNER_IDLE_TIMEOUT=5"},
};

/* Events each directed case must reach (bits of seen). */
static const uint32_t ws_need[WS_NCASES] = {
	[C_EP_GTO] = 0x1f, [C_MP_OLDEST] = 0x7, [C_OWN_FIRST] = 0x7, [C_OWN_LLP] = 0x7, [C_OWN_QUEUED] = 0x7,
	[C_OWN_QHEAD] = 0x3, [C_REL_EXIT] = 0x3, [C_CHATTER] = 0x7, [C_CHATTER_HYST] = 0x3, [C_OWN_EXIT_BAR] = 0xf, [C_QUEUED_STALL] = 0x7,
	[C_TWO_SCHED] = 0x7, [C_PRE] = 0x7, [C_HYST] = 0xf, [C_IDLE] = 0x7,
};

/* ---- scripted inputs ---- */

static const char *const CC = "cccccccccccccccccccccccccccc";
static const char *const MC = "mcmcmcmcmcmcmcmcmcmcmcmcmcmc";

/* The case's inputs of cycle t; returns 0 when the case has ended. */
static int case_env(ws_stim *s, long t, ws_env *e)
{
	memset(e, 0, sizeof *e);
	e->lsurdy = 1;
	if (t == 0)
		e->launch = s->wmask;
	int sat1 = t >= 1 ? 8 : 0; /* MSHRS=8: saturated from t=1 */
	switch (s->cs) {
	case C_EP_GTO:
		e->nr = (t <= 4 ? B(3) : 0) | (t >= 4 ? B(2) : 0);
		e->lsurdy = t != 6;
		return t < 9;
	case C_MP_OLDEST:
		e->mshr = 8;
		e->nr = (t == 1 ? B(1) : 0) | (t == 3 ? B(1) | B(2) : 0);
		return t < 6;
	case C_OWN_FIRST:
		e->mshr = sat1;
		e->nr = t <= 1 ? B(3) : 0;
		return t < 5;
	case C_OWN_LLP:
		e->mshr = sat1;
		e->nr = (t == 0 ? B(3) : 0) | (t >= 1 ? B(2) : 0) | (t >= 4 ? B(0) | B(1) : 0);
		e->pend = t == 2 || t == 3 ? B(2) : 0;
		e->llp = t >= 2 ? B(2) : 0;
		return t < 7;
	case C_OWN_QUEUED:
		e->mshr = sat1;
		e->nr = (t == 0 ? B(3) : 0) | (t >= 1 ? B(2) : 0);
		e->pend = t == 2 ? B(2) : 0;
		if (t >= 3 && t <= 5)
			e->rqh = B(2), e->rqv = 1, e->rqw = 2;
		e->llp = t >= 2 ? B(2) : 0;
		return t < 8;
	case C_OWN_QHEAD:
		e->mshr = t >= 3 ? 8 : 0;
		e->pend = (t == 2 ? B(1) : 0) | (t == 3 ? B(2) : 0);
		e->rqh = (t >= 3 && t <= 4 ? B(1) : 0) | (t >= 4 ? B(2) : 0);
		e->rqv = t >= 3;
		e->rqw = t >= 5 ? 2 : 1;
		e->llp = t >= 5 ? B(1) : 0;
		return t < 8;
	case C_REL_EXIT:
		e->mshr = t == 1 || t == 2 ? 8 : 0;
		e->nr = (t == 0 ? B(3) : 0) | (t >= 1 ? B(2) : 0);
		e->llp = t >= 3 ? B(2) : 0;
		return t < 6;
	case C_CHATTER:
		e->mshr = t >= 16 || t % 2 == 0 ? 8 : 0;
		return t < 24;
	case C_CHATTER_HYST:
		e->mshr = t == 0 ? 0 : t % 2 ? 4 : 3;
		return t < 14;
	case C_OWN_EXIT_BAR:
		e->mshr = sat1;
		e->nr = (t == 0 ? B(3) : 0) | (t >= 1 ? B(2) : 0) | (t >= 2 ? B(0) | B(1) : 0);
		e->bar = t >= 2 ? B(2) : 0;
		e->pend = (t == 2 || t == 3 ? B(2) : 0) | (t == 4 ? B(3) : 0);
		e->exit = t == 4 ? B(3) : 0;
		return t < 7;
	case C_QUEUED_STALL:
		e->nr = B(2) | B(3);
		e->pend = t == 2 ? B(1) : 0;
		if (t >= 3 && t <= 8)
			e->rqh = B(1), e->rqv = 1, e->rqw = 1;
		return t < 12;
	case C_TWO_SCHED:
		e->mshr = sat1;
		e->lsurdy = t != 1;
		e->nr = B(1) | (t >= 2 && t <= 4 ? B(0) : 0) | (t == 2 ? B(2) : 0);
		return t < 7;
	case C_PRE:
		e->mshr = sat1;
		e->nr = B(3) | (t >= 1 ? B(0) : 0);
		return t < 7;
	case C_HYST: {
		static const int m[] = {0, 4, 3, 2, 1, 3, 0, 0, 0, 0, 1};
		static const int q[] = {0, 0, 0, 0, 0, 0, 3, 1, 0, 0, 0};
		if (t >= 11)
			return 0;
		e->mshr = m[t];
		e->mq = q[t];
		e->ext = t == 8;
		return 1;
	}
	case C_IDLE:
		e->mshr = sat1;
		e->nr = (t == 0 ? B(3) : 0) | (t >= 1 ? B(2) : 0) | (t >= 8 ? B(0) | B(1) : 0);
		e->pend = t >= 2 && t <= 7 ? B(2) : 0;
		return t < 11;
	default:
		return 0;
	}
}

static void case_init(ws_stim *s)
{
	for (int w = 0; w < s->W; w++)
		s->prog[w] = CC;
	s->own_keep = -1;
	switch (s->cs) {
	case C_EP_GTO:
		s->prog[1] = s->prog[2] = s->prog[3] = "mcccccccc";
		break;
	case C_MP_OLDEST:
		s->prog[0] = s->prog[3] = "mcccccc";
		break;
	case C_OWN_FIRST:
	case C_OWN_LLP:
	case C_OWN_QUEUED:
	case C_REL_EXIT:
	case C_OWN_EXIT_BAR:
	case C_IDLE:
		s->prog[2] = "mcccccccccc";
		s->prog[3] = "mcccc";
		break;
	case C_OWN_QHEAD:
		s->prog[1] = s->prog[2] = "mcccccc";
		break;
	case C_CHATTER:
	case C_CHATTER_HYST:
		for (int w = 0; w < s->W; w++)
			s->prog[w] = MC;
		break;
	case C_QUEUED_STALL:
		s->prog[1] = "mcmcccc";
		break;
	case C_TWO_SCHED:
		s->prog[2] = "mcccc";
		s->prog[3] = "mcmcmcmc";
		break;
	case C_PRE:
		s->prog[0] = s->prog[1] = s->prog[2] = "mcmcc";
		break;
	default:
		break;
	}
}

const char *ws_case_init(ws_stim *s, char *err, size_t n)
{
	long S = s->cs == C_TWO_SCHED ? 2 : 1;
	/* SAT_HYST and OWNER_IDLE_TIMEOUT may be overridden: the hysteresis and
	 * idle-timeout cases must then fail their checks (tests' negatives). */
	if (s->W != 4 || s->S != S || s->M != 8 || s->Q != 4 || s->mm != 4 || s->mq != 1) {
		snprintf(err, n, "wrc: directed case %s needs exactly %s (its script names warps and occupancies)",
			 ws_cases[s->cs].name, ws_cases[s->cs].params);
		return err;
	}
	case_init(s);
	return NULL;
}

int ws_case_next(ws_stim *s, uint32_t *in, long cyc)
{
	s->in_rst = cyc < 2;
	if (s->in_rst) {
		ws_put(s, in, WRC_RST_I, 1);
		memset(s->pc, 0, sizeof s->pc);
		return 1;
	}
	long t = cyc - 2;
	ws_env *e = &s->env;
	if (!case_env(s, t, e))
		return 0;
	uint64_t hv = 0, hm = 0, hr = 0, av = 0, am = 0, ar = 0;
	for (int w = 0; w < s->W; w++) {
		const char *p = s->prog[w] + s->pc[w];
		char h = p[0], nx = h ? p[1] : 0;
		if (e->bar & B(w))
			continue;
		if (h)
			hv |= B(w), hm |= h == 'm' ? B(w) : 0;
		if (nx)
			av |= B(w), am |= nx == 'm' ? B(w) : 0;
	}
	hr = ar = s->wmask & ~e->nr;
	ws_put(s, in, WRC_LAUNCH_I, e->launch);
	ws_put(s, in, WRC_EXIT_I, e->exit);
	ws_put(s, in, WRC_HD_VALID_I, hv);
	ws_put(s, in, WRC_HD_MEM_I, hm);
	ws_put(s, in, WRC_HD_RDY_I, hr);
	ws_put(s, in, WRC_AD_VALID_I, av);
	ws_put(s, in, WRC_AD_MEM_I, am);
	ws_put(s, in, WRC_AD_RDY_I, ar);
	ws_put(s, in, WRC_LLP_I, e->llp);
	ws_put(s, in, WRC_BAR_I, e->bar);
	ws_put(s, in, WRC_LSU_PEND_I, e->pend);
	ws_put(s, in, WRC_RQ_HAS_I, e->rqh);
	ws_put(s, in, WRC_RQ_HEAD_VALID_I, (uint64_t)e->rqv);
	ws_put(s, in, WRC_RQ_HEAD_WARP_I, (uint64_t)e->rqw);
	ws_put(s, in, WRC_LSU_RDY_I, (uint64_t)e->lsurdy);
	ws_put(s, in, WRC_MSHR_USED_I, (uint64_t)e->mshr);
	ws_put(s, in, WRC_MQ_USED_I, (uint64_t)e->mq);
	ws_put(s, in, WRC_SAT_EXT_I, (uint64_t)e->ext);
	return 1;
}

void ws_case_observe(ws_stim *s, const ws_obs *o)
{
	for (int w = 0; w < s->W; w++)
		if ((o->issued & B(w)) && s->prog[w][s->pc[w]])
			s->pc[w]++;
}

/* ---- directed checks ---- */

/* S=1: the issue as a code: -1 none, w compute, 100+w memory. */
static int icode(const ws_obs *o) { return o->iv[0] ? o->iw[0] + (o->im[0] ? 100 : 0) : -1; }
static int icode_s(const ws_obs *o, int i) { return o->iv[i] ? o->iw[i] + (o->im[i] ? 100 : 0) : -1; }
static int wst(const ws_obs *o, int w) { return (int)(((o->wmem >> w) & 1u) | (((o->wstall >> w) & 1u) << 1)); }

#define WANT(t_, code_, why_)                                                                                        \
	EXPECT(icode(o) == (code_), "t=%ld: issued %d, expected %d (-1 none, 100+w memory): %s", t_, icode(o), code_, \
	       why_)

static const char *chk_ep_gto(ws_stim *s, const ws_obs *o, long t, char *buf, size_t n)
{
	static const int want[] = {-1, 101, 102, 2, 2, 0, 0, 103, 3};
	static const char *const why[] = {
		"nothing resident yet",
		"EP: memory first, the oldest memory-ready warp",
		"EP: memory-ready warp 2 goes before the greedy compute warp 1",
		"EP: no memory-ready warp: the greedy warp 2 goes before the older 0 and 1",
		"EP: greedy warp 2 is kept",
		"EP: the greedy warp stalled: the oldest compute-ready warp",
		"EP: memory-ready warp 3 loses the LSU (lsu_rdy_i low): greedy compute warp 0 issues",
		"EP: the LSU is back: memory-ready warp 3 goes before the greedy warp",
		"EP: greedy warp 3 is kept",
	};
	WANT(t, want[t], why[t]);
	EXPECT(o->mode == WRC_EP, "t=%ld: EP expected", t);
	static const int bit[] = {-1, -1, 0, 1, -1, 2, 3, 4, -1};
	if (bit[t] >= 0)
		s->seen |= 1u << bit[t];
	if (t == 2)
		s->key = t;
	return NULL;
}

static const char *chk_mp_oldest(ws_stim *s, const ws_obs *o, long t, char *buf, size_t n)
{
	static const int want[] = {-1, 1, 2, 1, 100, 0};
	static const char *const why[] = {
		"nothing resident yet",
		"MP: compute first (memory-ready warps 0 and 3 wait), the oldest compute-ready warp 1",
		"MP: warp 1 stalled, warp 2",
		"MP: oldest first, not greedy: warp 1 before the last issued warp 2",
		"MP: no compute-ready warp: the oldest memory-ready warp 0",
		"MP: the oldest compute-ready warp 0",
	};
	WANT(t, want[t], why[t]);
	if (t >= 1)
		EXPECT(o->mode == WRC_MP, "t=%ld: MP expected (flag on since t=0)", t);
	if (t == 3)
		s->seen |= 1;
	if (t == 4)
		s->seen |= 2, s->key = t;
	if (t == 5) {
		EXPECT(o->own == 0, "t=5: the first memory issue (warp 0 at t=4) makes warp 0 the owner, owner_o=%u", o->own);
		EXPECT(wst(o, 3) == 3, "t=5: memory warp 3 must be stalled by the owner restriction (WST %d)", wst(o, 3));
		s->seen |= 4;
	}
	return NULL;
}

static const char *chk_own_first(ws_stim *s, const ws_obs *o, long t, char *buf, size_t n)
{
	if (t == 1) {
		EXPECT(o->mode == WRC_EP && o->sat == 1 && o->own == s->none, "t=1: EP with the flag just raised, no owner");
		WANT(t, 102, "EP: memory-ready warp 2 issues in the switch cycle");
		s->seen |= 1;
	}
	if (t >= 2) {
		EXPECT(o->mode == WRC_MP && o->own == 2,
		       "t=%ld: MP with owner 2 expected (the switch cycle's memory issuer), owner_o=%u", t, o->own);
		EXPECT(!(o->issued & B(3)), "t=%ld: warp 3 must not issue (memory, not the owner)", t);
		s->seen |= 2;
	}
	if (t == 3) {
		EXPECT(wst(o, 3) == 3 && !(o->pre & B(3)),
		       "t=3: warp 3 (not memory-ready at the switch) must have no pre_o and be stalled (WST %d, pre %d)",
		       wst(o, 3), (int)((o->pre >> 3) & 1u));
		s->seen |= 4, s->key = t;
	}
	return NULL;
}

static const char *chk_own_llp(ws_stim *s, const ws_obs *o, long t, char *buf, size_t n)
{
	if (t >= 2 && t <= 4) {
		EXPECT(o->own == 2, "t=%ld: owner 2 must be held while its request is in the LSU (A-MA-2), owner_o=%u", t,
		       o->own);
		EXPECT(!(o->issued & B(3)), "t=%ld: warp 3 must not issue memory while warp 2 owns", t);
	}
	if (t == 4)
		s->seen |= 1;
	if (t == 5) {
		EXPECT(o->own == s->none, "t=5: llp_i with no request left releases the owner, owner_o=%u", o->own);
		WANT(t, 103, "MP without owner: the only ready warp 3 issues memory");
		s->seen |= 2, s->key = t;
	}
	if (t == 6) {
		EXPECT(o->own == 3, "t=6: the first memory issue after the release (warp 3) takes ownership, owner_o=%u", o->own);
		s->seen |= 4;
	}
	return NULL;
}

static const char *chk_own_queued(ws_stim *s, const ws_obs *o, long t, char *buf, size_t n)
{
	if (t >= 2 && t <= 6)
		EXPECT(o->own == 2, "t=%ld: owner 2 with llp_i must be held while its entry is in the queue, owner_o=%u", t,
		       o->own);
	if (t >= 2 && t <= 6)
		EXPECT(!(o->issued & B(3)), "t=%ld: warp 3 must not issue while warp 2 owns", t);
	if (t == 4)
		s->seen |= 1;
	if (t == 6)
		s->seen |= 2;
	if (t == 7) {
		EXPECT(o->own == s->none, "t=7: the entry left the queue: llp_i releases the owner, owner_o=%u", o->own);
		EXPECT(wst(o, 3) == 1, "t=7: without owner, memory warp 3 is no longer stalled (WST %d)", wst(o, 3));
		s->seen |= 4, s->key = t;
	}
	return NULL;
}

static const char *chk_own_qhead(ws_stim *s, const ws_obs *o, long t, char *buf, size_t n)
{
	static const int want[] = {-1, 101, 102, 2};
	if (t <= 3)
		WANT(t, want[t], "EP: warps 1 and 2 issue their loads, then greedy compute");
	if (t == 4 || t == 5) {
		EXPECT(o->mode == WRC_MP && o->own == 1,
		       "t=%ld: MP entered with no memory-ready warp: the queue head's warp 1 must own, owner_o=%u", t, o->own);
		s->seen |= 1, s->key = 6;
	}
	if (t >= 6) {
		EXPECT(o->own == 2, "t=%ld: warp 1 released (llp_i, out of the queue): the new queue head's warp 2 must own, "
			"owner_o=%u", t, o->own);
		s->seen |= 2;
	}
	return NULL;
}

static const char *chk_rel_exit(ws_stim *s, const ws_obs *o, long t, char *buf, size_t n)
{
	if (t == 3) {
		EXPECT(o->mode == WRC_MP && o->own == 2 && o->sat == 0, "t=3: MP with owner 2, flag off");
		EXPECT(wst(o, 3) == 3, "t=3: memory warp 3 stalled by the owner (WST %d)", wst(o, 3));
		s->seen |= 1;
	}
	if (t == 4) {
		EXPECT(o->mode == WRC_EP && o->own == s->none && !o->pre, "t=4: EP, no owner, no pre (the clear wins)");
		EXPECT(wst(o, 3) == 1, "t=4: MP->EP clears the owner stall of warp 3 (WST %d)", wst(o, 3));
		WANT(t, 103, "EP: memory first: warp 3");
		s->seen |= 2, s->key = t;
	}
	return NULL;
}

static const char *chk_chatter(ws_stim *s, const ws_obs *o, long t, char *buf, size_t n)
{
	const ws_obs *p = &s->prev;
	if (t >= 1 && t <= 16) {
		int mp = t % 2 == 1;
		EXPECT(o->mode == mp, "t=%ld: the mode must follow the toggling flag one edge later (mode %d)", t, o->mode);
		if (!mp) {
			EXPECT(o->own == s->none && !o->pre, "t=%ld: EP: no owner, no pre", t);
		} else {
			uint64_t want = p->wmem & ~p->wstall & p->res & ~p->issued;
			EXPECT(o->pre == want, "t=%ld: pre_o=%llx, expected the memory-ready non-issuers of t-1 %llx", t,
			       (unsigned long long)o->pre, (unsigned long long)want);
			if (p->memw >= 0) {
				EXPECT(o->own == (unsigned)p->memw, "t=%ld: owner_o=%u, expected the switch cycle's memory issuer %d",
				       t, o->own, p->memw);
				s->seen |= 1;
			}
			if (o->pre)
				s->seen |= 2;
		}
	}
	if (t >= 17) {
		EXPECT(o->mode == WRC_MP, "t=%ld: MP expected (flag held)", t);
		if (s->own_keep < 0 && o->own != s->none)
			s->own_keep = (int)o->own;
		if (s->own_keep >= 0)
			EXPECT(o->own == (unsigned)s->own_keep, "t=%ld: owner %d lost (%u) while MP persists without a release cause",
			       t, s->own_keep, o->own);
		if (t == 23 && s->own_keep >= 0)
			s->seen |= 4, s->key = 17;
	}
	return NULL;
}

static const char *chk_chatter_hyst(ws_stim *s, const ws_obs *o, long t, char *buf, size_t n)
{
	if (t == 2) {
		EXPECT(o->mode == WRC_MP && s->prev.memw >= 0 && o->own == (unsigned)s->prev.memw,
		       "t=2: MP with the switch cycle's memory issuer as owner expected (mode %d, owner_o=%u)", o->mode, o->own);
		s->own_keep = (int)o->own;
		s->seen |= 1;
	}
	if (t > 2) {
		EXPECT(o->mode == WRC_MP, "t=%ld: the flag chatters inside the hysteresis band: MP must persist", t);
		EXPECT(o->own == (unsigned)s->own_keep, "t=%ld: owner %d lost (owner_o=%u) while MP persists", t, s->own_keep, o->own);
		EXPECT(!(o->pre & ~s->prev.pre), "t=%ld: pre_o granted again without an EP->MP switch", t);
	}
	if (t == 13)
		s->seen |= 2, s->key = 2;
	return NULL;
}

static const char *chk_own_exit_bar(ws_stim *s, const ws_obs *o, long t, char *buf, size_t n)
{
	if (t == 2) {
		EXPECT(o->own == 2, "t=2: warp 2 owns (switch-cycle issuer), owner_o=%u", o->own);
		s->seen |= 1;
	}
	if (t == 3) {
		EXPECT(o->own == s->none, "t=3: the owner at a barrier is released at once, even with lsu_pend_i, owner_o=%u",
		       o->own);
		WANT(t, 103, "MP without owner: warp 3 issues memory");
		s->seen |= 2, s->key = t;
	}
	if (t == 4) {
		EXPECT(o->own == 3, "t=4: warp 3 took ownership, owner_o=%u", o->own);
		s->seen |= 4;
	}
	if (t == 5) {
		EXPECT(o->own == s->none && !(o->res & B(3)), "t=5: the exiting owner (with lsu_pend_i) is released, owner_o=%u",
		       o->own);
		s->seen |= 8;
	}
	EXPECT(!(o->issued & B(2)) || t < 2, "t=%ld: warp 2 at the barrier issued", t);
	return NULL;
}

static const char *chk_queued(ws_stim *s, const ws_obs *o, long t, char *buf, size_t n)
{
	static const int want[] = {-1, 101, 1, 0, 0, 0, 0, 0, 0, 0, 101, 1};
	WANT(t, want[t], t == 10 ? "warp 1's entry left the queue: its memory instruction issues (EP, memory first)"
			 : t >= 3 ? "warp 1 (head: memory, request in the LSU or the queue) is stalled; warp 0 computes"
				  : "EP: warp 1's load, then its compute instruction");
	if (t >= 3 && t <= 9) {
		EXPECT(wst(o, 1) == 3, "t=%ld: warp 1 must be memory and stalled in the WST (WST %d)", t, wst(o, 1));
		s->seen |= t == 3 ? 1 : t == 8 ? 2 : 0;
	}
	if (t == 10)
		s->seen |= 4, s->key = 5;
	return NULL;
}

static const char *chk_two_sched(ws_stim *s, const ws_obs *o, long t, char *buf, size_t n)
{
	static const int want[][2] = {{-1, -1}, {0, -1}, {0, 103}, {-1, 3}, {-1, 103}, {102, 3}, {0, 103}};
	static const char *const why[] = {
		"nothing resident",
		"EP, lsu_rdy_i low: scheduler 0 computes, scheduler 1 has only memory",
		"MP without owner: scheduler 0 computes, scheduler 1's warp 3 issues memory in the same cycle",
		"MP, owner 3: its scheduler 1 computes; scheduler 0 has nothing ready",
		"owner 3's scheduler is asked first and takes the LSU port; admitted warp 2 of scheduler 0 loses it",
		"the owner computes; scheduler 0's admitted warp 2 gets the port",
		"scheduler 0 computes while the owner's memory instruction issues",
	};
	EXPECT(icode_s(o, 0) == want[t][0] && icode_s(o, 1) == want[t][1],
	       "t=%ld: issued (%d, %d), expected (%d, %d) (-1 none, 100+w memory): %s", t, icode_s(o, 0), icode_s(o, 1),
	       want[t][0], want[t][1], why[t]);
	if (t >= 3)
		EXPECT(o->own == 3, "t=%ld: owner 3 expected, owner_o=%u", t, o->own);
	if (t >= 2 && t <= 5)
		EXPECT(o->pre & B(2), "t=%ld: warp 2 (memory-ready at the switch) must keep pre_o until it issues", t);
	if (t == 6)
		EXPECT(!(o->pre & B(2)), "t=6: warp 2 issued: pre_o cleared");
	if (t == 4)
		s->seen |= 1, s->key = t;
	if (t == 5)
		s->seen |= 2;
	if (t == 6)
		s->seen |= 4;
	return NULL;
}

static const char *chk_pre(ws_stim *s, const ws_obs *o, long t, char *buf, size_t n)
{
	static const int want[] = {-1, 100, 101, 1, 102, 2, -1};
	static const char *const why[] = {
		"nothing resident",
		"EP: memory first: warp 0 issues in the switch cycle and becomes the owner",
		"MP, owner 0 idle: admitted warp 1 issues its memory instruction",
		"warp 1 computes (compute first)",
		"admitted warp 2 issues its memory instruction",
		"warp 2 computes",
		"warps 1 and 2 have used their admission: their next memory instructions stall",
	};
	static const uint64_t pre[] = {0, 0, 0x6, 0x4, 0x4, 0, 0};
	WANT(t, want[t], why[t]);
	EXPECT(o->pre == pre[t], "t=%ld: pre_o=%llx, expected %llx", t, (unsigned long long)o->pre,
	       (unsigned long long)pre[t]);
	if (t >= 2)
		EXPECT(o->own == 0, "t=%ld: owner 0 expected (an admitted warp's issue does not take ownership), owner_o=%u", t,
		       o->own);
	if (t == 2)
		s->seen |= 1, s->key = t;
	if (t == 4)
		s->seen |= 2;
	if (t == 6) {
		EXPECT(wst(o, 1) == 3 && wst(o, 2) == 3, "t=6: warps 1 and 2: memory heads stalled (WST %d, %d)", wst(o, 1),
		       wst(o, 2));
		s->seen |= 4;
	}
	return NULL;
}

static const char *chk_hyst(ws_stim *s, const ws_obs *o, long t, char *buf, size_t n)
{
	static const int sat[] = {0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0};
	static const char *const why[] = {
		"free", "MSHRs at the threshold (4 of 8 used, margin 4): on", "3 used: inside the band, holds MP",
		"2 used: still inside the band (off needs < 2)", "1 used: off", "3 used: inside the band, holds EP",
		"miss queue at its threshold (3 of 4): on", "miss queue 1: inside the band (off needs < 1), holds",
		"sat_ext_i: on", "all free: off", "1 MSHR used: below the band, stays off",
	};
	EXPECT(o->sat == sat[t], "t=%ld: sat_o=%d, expected %d: %s", t, o->sat, sat[t], why[t]);
	EXPECT(o->mode == (t ? sat[t - 1] : 0), "t=%ld: mode_o must be last cycle's sat_o", t);
	if (t == 3)
		s->seen |= 1, s->key = t;
	if (t == 5)
		s->seen |= 2;
	if (t == 7)
		s->seen |= 4;
	if (t == 8)
		s->seen |= 8;
	return NULL;
}

static const char *chk_idle(ws_stim *s, const ws_obs *o, long t, char *buf, size_t n)
{
	if (t >= 2 && t <= 8) {
		EXPECT(o->own == 2,
		       "t=%ld: owner 2 expected (idle counter reaches 5 at t=7, held while lsu_pend_i, released at t=8's edge), "
		       "owner_o=%u",
		       t, o->own);
		WANT(t, 0, "MP: the oldest compute-ready warp");
	}
	if (t == 8)
		s->seen |= 1;
	if (t == 9) {
		EXPECT(o->own == s->none, "t=9: the idle owner is released, owner_o=%u", o->own);
		WANT(t, 103, "MP without owner: warp 3 issues memory");
		s->seen |= 2, s->key = t;
	}
	if (t == 10) {
		EXPECT(o->own == 3, "t=10: warp 3 owns, owner_o=%u", o->own);
		s->seen |= 4;
	}
	return NULL;
}

const char *ws_case_check(ws_stim *s, const ws_obs *o, long t, char *buf, size_t n)
{
	switch (s->cs) {
	case C_EP_GTO: return chk_ep_gto(s, o, t, buf, n);
	case C_MP_OLDEST: return chk_mp_oldest(s, o, t, buf, n);
	case C_OWN_FIRST: return chk_own_first(s, o, t, buf, n);
	case C_OWN_LLP: return chk_own_llp(s, o, t, buf, n);
	case C_OWN_QUEUED: return chk_own_queued(s, o, t, buf, n);
	case C_OWN_QHEAD: return chk_own_qhead(s, o, t, buf, n);
	case C_REL_EXIT: return chk_rel_exit(s, o, t, buf, n);
	case C_CHATTER: return chk_chatter(s, o, t, buf, n);
	case C_CHATTER_HYST: return chk_chatter_hyst(s, o, t, buf, n);
	case C_OWN_EXIT_BAR: return chk_own_exit_bar(s, o, t, buf, n);
	case C_QUEUED_STALL: return chk_queued(s, o, t, buf, n);
	case C_TWO_SCHED: return chk_two_sched(s, o, t, buf, n);
	case C_PRE: return chk_pre(s, o, t, buf, n);
	case C_HYST: return chk_hyst(s, o, t, buf, n);
	case C_IDLE: return chk_idle(s, o, t, buf, n);
	default: return NULL;
	}
}

const char *ws_case_finish(ws_stim *s, char *buf, size_t n)
{
	EXPECT((s->seen & ws_need[s->cs]) == ws_need[s->cs],
	       "the scenario did not reach all of its checks (reached %#x of %#x)", s->seen, ws_need[s->cs]);
	return NULL;
}
