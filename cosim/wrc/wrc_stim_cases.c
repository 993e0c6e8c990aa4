/* wrc_stim_cases.c - the directed cases of the `wrc` stimulus (docs/wrc.md),
 * in the kit's form (wg_kit.h): one function per case, each cycle's inputs
 * beside that cycle's checks of what the contract says must happen, and at
 * the end the check that the scenario reached every one of its checks. The
 * inputs come from small per-warp programs ('c' compute, 'm' memory) that
 * the warps' issues move on (ws_case_observe), and from each case's script
 * of the other inputs (ws_env). Random mode, the property checks and the
 * stimulus definition are in wrc_stim.c. */
#include "wrc_stim_cases.h"

#include <stdio.h>
#include <string.h>

#define P1 "WARPS=4,SCHEDULERS=1,MSHRS=8,MISSQ=4"
#define P2 "WARPS=4,SCHEDULERS=2,MSHRS=8,MISSQ=4"

/* ---- the script engine: programs and scripted inputs ---- */

#define CC "cccccccccccccccccccccccccccc"
#define MC "mcmcmcmcmcmcmcmcmcmcmcmcmcmc"

/* The programs of the ownership cases: warp 2 loads, then warp 3. */
static const char *const P_OWN[4] = {CC, CC, "mcccccccccc", "mcccc"};

/* Inputs of a directed cycle (the views come from the programs). */
typedef struct ws_env {
	uint64_t launch, exit;   /* launch_i, exit_i */
	uint64_t nr;             /* views of these warps: operands not ready at t+1 */
	uint64_t bar, llp;       /* bar_i (also makes the views invalid), llp_i */
	uint64_t pend, rqh;      /* lsu_pend_i, rq_has_i */
	int rqv, rqw;            /* rq_head_valid_i, rq_head_warp_i */
	int lsurdy;              /* lsu_rdy_i */
	int mshr, mq, ext;       /* mshr_used_i, mq_used_i, sat_ext_i */
} ws_env;

/* Every case's inputs of cycle t unless it says otherwise: the LSU ready,
 * every warp launched at t = 0. */
static ws_env env_at(const ws_stim *s, long t)
{
	ws_env e;
	memset(&e, 0, sizeof e);
	e.lsurdy = 1;
	if (t == 0)
		e.launch = s->wmask;
	return e;
}

/* MSHRS=8: saturated from t=1. */
static int sat1(long t) { return t >= 1 ? 8 : 0; }

/* Program p after i issues: the head stays at the end. */
static const char *head(const char *p, int i)
{
	size_t len = strlen(p);
	return p + ((size_t)i < len ? (size_t)i : len);
}

/* The DRIVE phase: e's inputs and the views of the programs P (warp w's
 * head after its issues so far). Nothing in the other phases (the CHECK
 * phase's frame is dropped). */
static void drive(const ws_stim *s, wg_cyc *c, const ws_env *e, const char *const P[4])
{
	const wg_layout *L = s->L;
	uint32_t *in = c->in;
	if (c->phase != WG_DRIVE)
		return;
	uint64_t hv = 0, hm = 0, hr = 0, av = 0, am = 0, ar = 0;
	for (int w = 0; w < s->W; w++) {
		const char *p = head(P[w], s->niss[w]);
		char h = p[0], nx = h ? p[1] : 0;
		if (e->bar & B(w))
			continue;
		if (h)
			hv |= B(w), hm |= h == 'm' ? B(w) : 0;
		if (nx)
			av |= B(w), am |= nx == 'm' ? B(w) : 0;
	}
	hr = ar = s->wmask & ~e->nr;
	wg_port_put(L, in, WRC_LAUNCH_I, e->launch);
	wg_port_put(L, in, WRC_EXIT_I, e->exit);
	wg_port_put(L, in, WRC_HD_VALID_I, hv);
	wg_port_put(L, in, WRC_HD_MEM_I, hm);
	wg_port_put(L, in, WRC_HD_RDY_I, hr);
	wg_port_put(L, in, WRC_AD_VALID_I, av);
	wg_port_put(L, in, WRC_AD_MEM_I, am);
	wg_port_put(L, in, WRC_AD_RDY_I, ar);
	wg_port_put(L, in, WRC_LLP_I, e->llp);
	wg_port_put(L, in, WRC_BAR_I, e->bar);
	wg_port_put(L, in, WRC_LSU_PEND_I, e->pend);
	wg_port_put(L, in, WRC_RQ_HAS_I, e->rqh);
	wg_port_put(L, in, WRC_RQ_HEAD_VALID_I, (uint64_t)e->rqv);
	wg_port_put(L, in, WRC_RQ_HEAD_WARP_I, (uint64_t)e->rqw);
	wg_port_put(L, in, WRC_LSU_RDY_I, (uint64_t)e->lsurdy);
	wg_port_put(L, in, WRC_MSHR_USED_I, (uint64_t)e->mshr);
	wg_port_put(L, in, WRC_MQ_USED_I, (uint64_t)e->mq);
	wg_port_put(L, in, WRC_SAT_EXT_I, (uint64_t)e->ext);
}

void ws_case_observe(ws_stim *s, const ws_obs *o)
{
	for (int w = 0; w < s->W; w++)
		if (o->issued & B(w))
			s->niss[w]++;
}

/* ---- what the checks read and write ---- */

/* S=1: the issue as a code: -1 none, w compute, 100+w memory. */
static int icode(const ws_obs *o) { return o->iv[0] ? o->iw[0] + (o->im[0] ? 100 : 0) : -1; }
static int icode_s(const ws_obs *o, int i) { return o->iv[i] ? o->iw[i] + (o->im[i] ? 100 : 0) : -1; }
static int wst(const ws_obs *o, int w) { return (int)(((o->wmem >> w) & 1u) | (((o->wstall >> w) & 1u) << 1)); }

/* In a case's CHECK phase (o: this cycle's outputs): the issue is code_. */
#define WANT(t_, code_, why_)                                                                                       \
	WG_EXPECT(c, icode(o) == (code_), "t=%ld: issued %d, expected %d (-1 none, 100+w memory): %s", t_, icode(o), \
		  code_, why_)

/* CHECK: put the waveform marker on the case's cycle t (this one or an earlier one). */
static void key_at(wg_cyc *c, long t)
{
	if (wg_checking(c))
		c->key = c->cyc - c->t + t;
}

/* FINISH: the scenario reached every event of mask m (bits of seen). */
static void need(const ws_stim *s, wg_cyc *c, uint32_t m)
{
	WG_EXPECT(c, (s->seen & m) == m, "the scenario did not reach all of its checks (reached %#x of %#x)", s->seen, m);
}

/* ---- the cases ---- */

/* warps 1..3 load first; warp 3 not ready until t=5, warp 2 from t=4; lsu_rdy_i low at t=6 */
static void case_ep_gto(void *st, wg_cyc *c)
{
	static const char *const P[4] = {CC, "mcccccccc", "mcccccccc", "mcccccccc"};
	ws_stim *s = st;
	const ws_obs *o = &s->cur;
	long t = c->t;
	ws_env e = env_at(s, t);
	e.nr = (t <= 4 ? B(3) : 0) | (t >= 4 ? B(2) : 0);
	e.lsurdy = t != 6;
	drive(s, c, &e, P);
	if (wg_checking(c)) {
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
		static const int bit[] = {-1, -1, 0, 1, -1, 2, 3, 4, -1};
		WANT(t, want[t], why[t]);
		WG_EXPECT(c, o->mode == WRC_EP, "t=%ld: EP expected", t);
		if (bit[t] >= 0)
			s->seen |= 1u << bit[t];
		if (t == 2)
			wg_key(c);
	}
	if (wg_done(c))
		need(s, c, 0x1f);
	wg_case_len(c, 9);
}

/* MP from the start; warps 0 and 3 load */
static void case_mp_oldest(void *st, wg_cyc *c)
{
	static const char *const P[4] = {"mcccccc", CC, CC, "mcccccc"};
	ws_stim *s = st;
	const ws_obs *o = &s->cur;
	long t = c->t;
	ws_env e = env_at(s, t);
	e.mshr = 8;
	e.nr = (t == 1 ? B(1) : 0) | (t == 3 ? B(1) | B(2) : 0);
	drive(s, c, &e, P);
	if (wg_checking(c)) {
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
			WG_EXPECT(c, o->mode == WRC_MP, "t=%ld: MP expected (flag on since t=0)", t);
		if (t == 3)
			s->seen |= 1;
		if (t == 4)
			s->seen |= 2, wg_key(c);
		if (t == 5) {
			WG_EXPECT(c, o->own == 0, "t=5: the first memory issue (warp 0 at t=4) makes warp 0 the owner, owner_o=%u",
				  o->own);
			WG_EXPECT(c, wst(o, 3) == 3, "t=5: memory warp 3 must be stalled by the owner restriction (WST %d)",
				  wst(o, 3));
			s->seen |= 4;
		}
	}
	if (wg_done(c))
		need(s, c, 0x7);
	wg_case_len(c, 6);
}

/* the flag rises at t=1; warp 3 is not ready until t=2 */
static void case_own_first(void *st, wg_cyc *c)
{
	ws_stim *s = st;
	const ws_obs *o = &s->cur;
	long t = c->t;
	ws_env e = env_at(s, t);
	e.mshr = sat1(t);
	e.nr = t <= 1 ? B(3) : 0;
	drive(s, c, &e, P_OWN);
	if (wg_checking(c)) {
		if (t == 1) {
			WG_EXPECT(c, o->mode == WRC_EP && o->sat == 1 && o->own == s->none,
				  "t=1: EP with the flag just raised, no owner");
			WANT(t, 102, "EP: memory-ready warp 2 issues in the switch cycle");
			s->seen |= 1;
		}
		if (t >= 2) {
			WG_EXPECT(c, o->mode == WRC_MP && o->own == 2,
				  "t=%ld: MP with owner 2 expected (the switch cycle's memory issuer), owner_o=%u", t, o->own);
			WG_EXPECT(c, !(o->issued & B(3)), "t=%ld: warp 3 must not issue (memory, not the owner)", t);
			s->seen |= 2;
		}
		if (t == 3) {
			WG_EXPECT(c, wst(o, 3) == 3 && !(o->pre & B(3)),
				  "t=3: warp 3 (not memory-ready at the switch) must have no pre_o and be stalled (WST %d, pre %d)",
				  wst(o, 3), (int)((o->pre >> 3) & 1u));
			s->seen |= 4, wg_key(c);
		}
	}
	if (wg_done(c))
		need(s, c, 0x7);
	wg_case_len(c, 5);
}

/* warp 2 owns; its head needs its own load (llp_i from t=2), in the LSU at t=2..3 */
static void case_own_llp(void *st, wg_cyc *c)
{
	ws_stim *s = st;
	const ws_obs *o = &s->cur;
	long t = c->t;
	ws_env e = env_at(s, t);
	e.mshr = sat1(t);
	e.nr = (t == 0 ? B(3) : 0) | (t >= 1 ? B(2) : 0) | (t >= 4 ? B(0) | B(1) : 0);
	e.pend = t == 2 || t == 3 ? B(2) : 0;
	e.llp = t >= 2 ? B(2) : 0;
	drive(s, c, &e, P_OWN);
	if (wg_checking(c)) {
		if (t >= 2 && t <= 4) {
			WG_EXPECT(c, o->own == 2,
				  "t=%ld: owner 2 must be held while its request is in the LSU (A-MA-2), owner_o=%u", t, o->own);
			WG_EXPECT(c, !(o->issued & B(3)), "t=%ld: warp 3 must not issue memory while warp 2 owns", t);
		}
		if (t == 4)
			s->seen |= 1;
		if (t == 5) {
			WG_EXPECT(c, o->own == s->none, "t=5: llp_i with no request left releases the owner, owner_o=%u",
				  o->own);
			WANT(t, 103, "MP without owner: the only ready warp 3 issues memory");
			s->seen |= 2, wg_key(c);
		}
		if (t == 6) {
			WG_EXPECT(c, o->own == 3,
				  "t=6: the first memory issue after the release (warp 3) takes ownership, owner_o=%u", o->own);
			s->seen |= 4;
		}
	}
	if (wg_done(c))
		need(s, c, 0x7);
	wg_case_len(c, 7);
}

/* warp 2 owns; its request in the LSU at t=2, in the queue at t=3..5; llp_i from t=2 */
static void case_own_queued(void *st, wg_cyc *c)
{
	ws_stim *s = st;
	const ws_obs *o = &s->cur;
	long t = c->t;
	ws_env e = env_at(s, t);
	e.mshr = sat1(t);
	e.nr = (t == 0 ? B(3) : 0) | (t >= 1 ? B(2) : 0);
	e.pend = t == 2 ? B(2) : 0;
	if (t >= 3 && t <= 5)
		e.rqh = B(2), e.rqv = 1, e.rqw = 2;
	e.llp = t >= 2 ? B(2) : 0;
	drive(s, c, &e, P_OWN);
	if (wg_checking(c)) {
		if (t >= 2 && t <= 6)
			WG_EXPECT(c, o->own == 2,
				  "t=%ld: owner 2 with llp_i must be held while its entry is in the queue, owner_o=%u", t,
				  o->own);
		if (t >= 2 && t <= 6)
			WG_EXPECT(c, !(o->issued & B(3)), "t=%ld: warp 3 must not issue while warp 2 owns", t);
		if (t == 4)
			s->seen |= 1;
		if (t == 6)
			s->seen |= 2;
		if (t == 7) {
			WG_EXPECT(c, o->own == s->none, "t=7: the entry left the queue: llp_i releases the owner, owner_o=%u",
				  o->own);
			WG_EXPECT(c, wst(o, 3) == 1, "t=7: without owner, memory warp 3 is no longer stalled (WST %d)",
				  wst(o, 3));
			s->seen |= 4, wg_key(c);
		}
	}
	if (wg_done(c))
		need(s, c, 0x7);
	wg_case_len(c, 8);
}

/* warps 1 and 2 load and are parked (1 ahead of 2); MP from t=3; warp 1's llp_i from t=5 */
static void case_own_qhead(void *st, wg_cyc *c)
{
	static const char *const P[4] = {CC, "mcccccc", "mcccccc", CC};
	ws_stim *s = st;
	const ws_obs *o = &s->cur;
	long t = c->t;
	ws_env e = env_at(s, t);
	e.mshr = t >= 3 ? 8 : 0;
	e.pend = (t == 2 ? B(1) : 0) | (t == 3 ? B(2) : 0);
	e.rqh = (t >= 3 && t <= 4 ? B(1) : 0) | (t >= 4 ? B(2) : 0);
	e.rqv = t >= 3;
	e.rqw = t >= 5 ? 2 : 1;
	e.llp = t >= 5 ? B(1) : 0;
	drive(s, c, &e, P);
	if (wg_checking(c)) {
		static const int want[] = {-1, 101, 102, 2};
		if (t <= 3)
			WANT(t, want[t], "EP: warps 1 and 2 issue their loads, then greedy compute");
		if (t == 4 || t == 5) {
			WG_EXPECT(c, o->mode == WRC_MP && o->own == 1,
				  "t=%ld: MP entered with no memory-ready warp: the queue head's warp 1 must own, owner_o=%u", t,
				  o->own);
			s->seen |= 1, key_at(c, 6);
		}
		if (t >= 6) {
			WG_EXPECT(c, o->own == 2,
				  "t=%ld: warp 1 released (llp_i, out of the queue): the new queue head's warp 2 must own, "
				  "owner_o=%u",
				  t, o->own);
			s->seen |= 2;
		}
	}
	if (wg_done(c))
		need(s, c, 0x3);
	wg_case_len(c, 8);
}

/* the flag is on at t=1..2 only; the owner's llp_i from t=3 */
static void case_rel_exit(void *st, wg_cyc *c)
{
	ws_stim *s = st;
	const ws_obs *o = &s->cur;
	long t = c->t;
	ws_env e = env_at(s, t);
	e.mshr = t == 1 || t == 2 ? 8 : 0;
	e.nr = (t == 0 ? B(3) : 0) | (t >= 1 ? B(2) : 0);
	e.llp = t >= 3 ? B(2) : 0;
	drive(s, c, &e, P_OWN);
	if (wg_checking(c)) {
		if (t == 3) {
			WG_EXPECT(c, o->mode == WRC_MP && o->own == 2 && o->sat == 0, "t=3: MP with owner 2, flag off");
			WG_EXPECT(c, wst(o, 3) == 3, "t=3: memory warp 3 stalled by the owner (WST %d)", wst(o, 3));
			s->seen |= 1;
		}
		if (t == 4) {
			WG_EXPECT(c, o->mode == WRC_EP && o->own == s->none && !o->pre,
				  "t=4: EP, no owner, no pre (the clear wins)");
			WG_EXPECT(c, wst(o, 3) == 1, "t=4: MP->EP clears the owner stall of warp 3 (WST %d)", wst(o, 3));
			WANT(t, 103, "EP: memory first: warp 3");
			s->seen |= 2, wg_key(c);
		}
	}
	if (wg_done(c))
		need(s, c, 0x3);
	wg_case_len(c, 6);
}

/* every warp alternates memory and compute; the flag toggles every cycle until t=16, then holds */
static void case_chatter(void *st, wg_cyc *c)
{
	static const char *const P[4] = {MC, MC, MC, MC};
	ws_stim *s = st;
	const ws_obs *o = &s->cur, *p = &s->prev;
	long t = c->t;
	ws_env e = env_at(s, t);
	e.mshr = t >= 16 || t % 2 == 0 ? 8 : 0;
	drive(s, c, &e, P);
	if (wg_checking(c) && t >= 1 && t <= 16) {
		int mp = t % 2 == 1;
		WG_EXPECT(c, o->mode == mp, "t=%ld: the mode must follow the toggling flag one edge later (mode %d)", t,
			  o->mode);
		if (!mp) {
			WG_EXPECT(c, o->own == s->none && !o->pre, "t=%ld: EP: no owner, no pre", t);
		} else {
			uint64_t want = p->wmem & ~p->wstall & p->res & ~p->issued;
			WG_EXPECT(c, o->pre == want, "t=%ld: pre_o=%llx, expected the memory-ready non-issuers of t-1 %llx", t,
				  (unsigned long long)o->pre, (unsigned long long)want);
			if (p->memw >= 0) {
				WG_EXPECT(c, o->own == (unsigned)p->memw,
					  "t=%ld: owner_o=%u, expected the switch cycle's memory issuer %d", t, o->own, p->memw);
				s->seen |= 1;
			}
			if (o->pre)
				s->seen |= 2;
		}
	}
	if (wg_checking(c) && t >= 17) {
		WG_EXPECT(c, o->mode == WRC_MP, "t=%ld: MP expected (flag held)", t);
		if (s->own_keep < 0 && o->own != s->none)
			s->own_keep = (int)o->own;
		if (s->own_keep >= 0)
			WG_EXPECT(c, o->own == (unsigned)s->own_keep,
				  "t=%ld: owner %d lost (%u) while MP persists without a release cause", t, s->own_keep, o->own);
		if (t == 23 && s->own_keep >= 0)
			s->seen |= 4, key_at(c, 17);
	}
	if (wg_done(c))
		need(s, c, 0x7);
	wg_case_len(c, 24);
}

/* SAT_HYST=2: MSHR use toggles 4/3 from t=1 */
static void case_chatter_hyst(void *st, wg_cyc *c)
{
	static const char *const P[4] = {MC, MC, MC, MC};
	ws_stim *s = st;
	const ws_obs *o = &s->cur;
	long t = c->t;
	ws_env e = env_at(s, t);
	e.mshr = t == 0 ? 0 : t % 2 ? 4 : 3;
	drive(s, c, &e, P);
	if (wg_checking(c)) {
		if (t == 2) {
			WG_EXPECT(c, o->mode == WRC_MP && s->prev.memw >= 0 && o->own == (unsigned)s->prev.memw,
				  "t=2: MP with the switch cycle's memory issuer as owner expected (mode %d, owner_o=%u)", o->mode,
				  o->own);
			s->own_keep = (int)o->own;
			s->seen |= 1;
		}
		if (t > 2) {
			WG_EXPECT(c, o->mode == WRC_MP, "t=%ld: the flag chatters inside the hysteresis band: MP must persist", t);
			WG_EXPECT(c, o->own == (unsigned)s->own_keep, "t=%ld: owner %d lost (owner_o=%u) while MP persists", t,
				  s->own_keep, o->own);
			WG_EXPECT(c, !(o->pre & ~s->prev.pre), "t=%ld: pre_o granted again without an EP->MP switch", t);
		}
		if (t == 13)
			s->seen |= 2, key_at(c, 2);
	}
	if (wg_done(c))
		need(s, c, 0x3);
	wg_case_len(c, 14);
}

/* owner 2 reaches a barrier at t=2 with its request in the LSU; owner 3 exits at t=4 with its own */
static void case_own_exit_bar(void *st, wg_cyc *c)
{
	ws_stim *s = st;
	const ws_obs *o = &s->cur;
	long t = c->t;
	ws_env e = env_at(s, t);
	e.mshr = sat1(t);
	e.nr = (t == 0 ? B(3) : 0) | (t >= 1 ? B(2) : 0) | (t >= 2 ? B(0) | B(1) : 0);
	e.bar = t >= 2 ? B(2) : 0;
	e.pend = (t == 2 || t == 3 ? B(2) : 0) | (t == 4 ? B(3) : 0);
	e.exit = t == 4 ? B(3) : 0;
	drive(s, c, &e, P_OWN);
	if (wg_checking(c)) {
		if (t == 2) {
			WG_EXPECT(c, o->own == 2, "t=2: warp 2 owns (switch-cycle issuer), owner_o=%u", o->own);
			s->seen |= 1;
		}
		if (t == 3) {
			WG_EXPECT(c, o->own == s->none,
				  "t=3: the owner at a barrier is released at once, even with lsu_pend_i, owner_o=%u", o->own);
			WANT(t, 103, "MP without owner: warp 3 issues memory");
			s->seen |= 2, wg_key(c);
		}
		if (t == 4) {
			WG_EXPECT(c, o->own == 3, "t=4: warp 3 took ownership, owner_o=%u", o->own);
			s->seen |= 4;
		}
		if (t == 5) {
			WG_EXPECT(c, o->own == s->none && !(o->res & B(3)),
				  "t=5: the exiting owner (with lsu_pend_i) is released, owner_o=%u", o->own);
			s->seen |= 8;
		}
		WG_EXPECT(c, !(o->issued & B(2)) || t < 2, "t=%ld: warp 2 at the barrier issued", t);
	}
	if (wg_done(c))
		need(s, c, 0xf);
	wg_case_len(c, 7);
}

/* warp 1's load is in the LSU at t=2, in the queue at t=3..8; warps 2 and 3 never ready */
static void case_queued_stall(void *st, wg_cyc *c)
{
	static const char *const P[4] = {CC, "mcmcccc", CC, CC};
	ws_stim *s = st;
	const ws_obs *o = &s->cur;
	long t = c->t;
	ws_env e = env_at(s, t);
	e.nr = B(2) | B(3);
	e.pend = t == 2 ? B(1) : 0;
	if (t >= 3 && t <= 8)
		e.rqh = B(1), e.rqv = 1, e.rqw = 1;
	drive(s, c, &e, P);
	if (wg_checking(c)) {
		static const int want[] = {-1, 101, 1, 0, 0, 0, 0, 0, 0, 0, 101, 1};
		WANT(t, want[t],
		     t == 10  ? "warp 1's entry left the queue: its memory instruction issues (EP, memory first)"
		     : t >= 3 ? "warp 1 (head: memory, request in the LSU or the queue) is stalled; warp 0 computes"
			      : "EP: warp 1's load, then its compute instruction");
		if (t >= 3 && t <= 9) {
			WG_EXPECT(c, wst(o, 1) == 3, "t=%ld: warp 1 must be memory and stalled in the WST (WST %d)", t,
				  wst(o, 1));
			s->seen |= t == 3 ? 1 : t == 8 ? 2 : 0;
		}
		if (t == 10)
			s->seen |= 4, key_at(c, 5);
	}
	if (wg_done(c))
		need(s, c, 0x7);
	wg_case_len(c, 12);
}

/* two schedulers: warp 3 (scheduler 1) loads every other instruction, warp 2 (scheduler 0) once */
static void case_two_sched(void *st, wg_cyc *c)
{
	static const char *const P[4] = {CC, CC, "mcccc", "mcmcmcmc"};
	ws_stim *s = st;
	const ws_obs *o = &s->cur;
	long t = c->t;
	ws_env e = env_at(s, t);
	e.mshr = sat1(t);
	e.lsurdy = t != 1;
	e.nr = B(1) | (t >= 2 && t <= 4 ? B(0) : 0) | (t == 2 ? B(2) : 0);
	drive(s, c, &e, P);
	if (wg_checking(c)) {
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
		WG_EXPECT(c, icode_s(o, 0) == want[t][0] && icode_s(o, 1) == want[t][1],
			  "t=%ld: issued (%d, %d), expected (%d, %d) (-1 none, 100+w memory): %s", t, icode_s(o, 0),
			  icode_s(o, 1), want[t][0], want[t][1], why[t]);
		if (t >= 3)
			WG_EXPECT(c, o->own == 3, "t=%ld: owner 3 expected, owner_o=%u", t, o->own);
		if (t >= 2 && t <= 5)
			WG_EXPECT(c, o->pre & B(2), "t=%ld: warp 2 (memory-ready at the switch) must keep pre_o until it issues",
				  t);
		if (t == 6)
			WG_EXPECT(c, !(o->pre & B(2)), "t=6: warp 2 issued: pre_o cleared");
		if (t == 4)
			s->seen |= 1, wg_key(c);
		if (t == 5)
			s->seen |= 2;
		if (t == 6)
			s->seen |= 4;
	}
	if (wg_done(c))
		need(s, c, 0x7);
	wg_case_len(c, 7);
}

/* warps 0..2 load twice; warp 3 never ready, warp 0 not ready from t=1 */
static void case_pre(void *st, wg_cyc *c)
{
	static const char *const P[4] = {"mcmcc", "mcmcc", "mcmcc", CC};
	ws_stim *s = st;
	const ws_obs *o = &s->cur;
	long t = c->t;
	ws_env e = env_at(s, t);
	e.mshr = sat1(t);
	e.nr = B(3) | (t >= 1 ? B(0) : 0);
	drive(s, c, &e, P);
	if (wg_checking(c)) {
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
		WG_EXPECT(c, o->pre == pre[t], "t=%ld: pre_o=%llx, expected %llx", t, (unsigned long long)o->pre,
			  (unsigned long long)pre[t]);
		if (t >= 2)
			WG_EXPECT(c, o->own == 0,
				  "t=%ld: owner 0 expected (an admitted warp's issue does not take ownership), owner_o=%u", t,
				  o->own);
		if (t == 2)
			s->seen |= 1, wg_key(c);
		if (t == 4)
			s->seen |= 2;
		if (t == 6) {
			WG_EXPECT(c, wst(o, 1) == 3 && wst(o, 2) == 3, "t=6: warps 1 and 2: memory heads stalled (WST %d, %d)",
				  wst(o, 1), wst(o, 2));
			s->seen |= 4;
		}
	}
	if (wg_done(c))
		need(s, c, 0x7);
	wg_case_len(c, 7);
}

/* SAT_HYST=2: MSHR, miss-queue and sat_ext_i levels of the table below */
static void case_hyst(void *st, wg_cyc *c)
{
	static const char *const P[4] = {CC, CC, CC, CC};
	static const int m[] = {0, 4, 3, 2, 1, 3, 0, 0, 0, 0, 1};
	static const int q[] = {0, 0, 0, 0, 0, 0, 3, 1, 0, 0, 0};
	ws_stim *s = st;
	const ws_obs *o = &s->cur;
	long t = c->t;
	ws_env e = env_at(s, t);
	if (t < 11) {
		e.mshr = m[t];
		e.mq = q[t];
	}
	e.ext = t == 8;
	drive(s, c, &e, P);
	if (wg_checking(c)) {
		static const int sat[] = {0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0};
		static const char *const why[] = {
			"free", "MSHRs at the threshold (4 of 8 used, margin 4): on", "3 used: inside the band, holds MP",
			"2 used: still inside the band (off needs < 2)", "1 used: off", "3 used: inside the band, holds EP",
			"miss queue at its threshold (3 of 4): on", "miss queue 1: inside the band (off needs < 1), holds",
			"sat_ext_i: on", "all free: off", "1 MSHR used: below the band, stays off",
		};
		WG_EXPECT(c, o->sat == sat[t], "t=%ld: sat_o=%d, expected %d: %s", t, o->sat, sat[t], why[t]);
		WG_EXPECT(c, o->mode == (t ? sat[t - 1] : 0), "t=%ld: mode_o must be last cycle's sat_o", t);
		if (t == 3)
			s->seen |= 1, wg_key(c);
		if (t == 5)
			s->seen |= 2;
		if (t == 7)
			s->seen |= 4;
		if (t == 8)
			s->seen |= 8;
	}
	if (wg_done(c))
		need(s, c, 0xf);
	wg_case_len(c, 11);
}

/* OWNER_IDLE_TIMEOUT=5: owner 2's request in the LSU at t=2..7; warps 0 and 1 not ready from t=8 */
static void case_idle(void *st, wg_cyc *c)
{
	ws_stim *s = st;
	const ws_obs *o = &s->cur;
	long t = c->t;
	ws_env e = env_at(s, t);
	e.mshr = sat1(t);
	e.nr = (t == 0 ? B(3) : 0) | (t >= 1 ? B(2) : 0) | (t >= 8 ? B(0) | B(1) : 0);
	e.pend = t >= 2 && t <= 7 ? B(2) : 0;
	drive(s, c, &e, P_OWN);
	if (wg_checking(c)) {
		if (t >= 2 && t <= 8) {
			WG_EXPECT(c, o->own == 2,
				  "t=%ld: owner 2 expected (idle counter reaches 5 at t=7, held while lsu_pend_i, released at "
				  "t=8's edge), owner_o=%u",
				  t, o->own);
			WANT(t, 0, "MP: the oldest compute-ready warp");
		}
		if (t == 8)
			s->seen |= 1;
		if (t == 9) {
			WG_EXPECT(c, o->own == s->none, "t=9: the idle owner is released, owner_o=%u", o->own);
			WANT(t, 103, "MP without owner: warp 3 issues memory");
			s->seen |= 2, wg_key(c);
		}
		if (t == 10) {
			WG_EXPECT(c, o->own == 3, "t=10: warp 3 owns, owner_o=%u", o->own);
			s->seen |= 4;
		}
	}
	if (wg_done(c))
		need(s, c, 0x7);
	wg_case_len(c, 11);
}

const wg_case_def ws_cases[] = {
	{"ep_memory_first_gto",
		"EP: a memory-ready warp goes before the greedy compute warp (oldest memory-ready first), the greedy warp "
		"is kept, a stalled greedy warp falls back to the oldest, lsu_rdy_i low gives the slot to compute",
		"docs/wrc.md issue selection; Sethia §4.3.1; spec §3.5", P1, .run = case_ep_gto,
		.focus = "hd_valid_i hd_mem_i hd_rdy_i lsu_rdy_i iss_valid_o iss_warp_o iss_mem_o mode_q age_q acnt_q "
			  "g_sched[0].g_idx.gv_q g_sched[0].g_idx.gi_q"},
	{"mp_compute_first_oldest",
		"MP: compute-ready warps go first, oldest first (not greedy); memory only when no compute is ready; the "
		"first memory issue makes its warp the owner and other memory warps stall",
		"docs/wrc.md issue selection; Sethia §4.3.1", P1, .run = case_mp_oldest,
		.focus = "hd_valid_i hd_mem_i hd_rdy_i mshr_used_i iss_valid_o iss_warp_o iss_mem_o mode_q own_q stall_q age_q"},
	{"owner_first_memory_issue",
		"the warp whose memory instruction issues in the EP->MP switch cycle becomes the owner; a memory warp "
		"that was not ready at the switch gets no pre_o and stalls",
		"docs/wrc.md 'Taking ownership'; Sethia §4.3.1", P1, .run = case_own_first,
		.focus = "mshr_used_i hd_valid_i hd_mem_i hd_rdy_i iss_valid_o iss_warp_o iss_mem_o pre_o mode_q own_q pre_q stall_q"},
	{"owner_release_llp",
		"the owner's head sources its own pending load (llp_i): ownership is held while its request is in the "
		"LSU, released when it is not; the next memory issue takes it",
		"docs/wrc.md ownership; Sethia §4.3.1; A-MA-2", P1, .run = case_own_llp,
		.focus = "llp_i lsu_pend_i hd_valid_i hd_mem_i iss_valid_o iss_warp_o iss_mem_o ev_o own_q mode_q"},
	{"owner_hold_while_queued",
		"the owner's request is parked in the re-execution queue: llp_i does not release it until the entry "
		"leaves the queue (A-MA-2)",
		"docs/wrc.md decision 5; spec §3.4 A-MA-2", P1, .run = case_own_queued,
		.focus = "llp_i lsu_pend_i rq_has_i rq_head_valid_i rq_head_warp_i iss_valid_o iss_warp_o ev_o own_q mode_q"},
	{"owner_to_queue_head",
		"entering MP with every memory warp parked: the queue head's warp becomes the owner; when it releases, "
		"ownership passes to the new queue head",
		"spec §3.13 #8; Sethia §4.3.4; docs/wrc.md decision 4", P1, .run = case_own_qhead,
		.focus = "mshr_used_i rq_has_i rq_head_valid_i rq_head_warp_i llp_i iss_valid_o iss_warp_o iss_mem_o own_q mode_q stall_q"},
	{"release_and_mp_exit_same_cycle",
		"the owner releases (llp_i) in the same edge as MP->EP: owner NONE, every owner stall cleared, the "
		"stalled memory warp issues first in EP",
		"spec §3.13 #5", P1, .run = case_rel_exit,
		.focus = "llp_i mshr_used_i mq_used_i hd_mem_i iss_valid_o iss_warp_o iss_mem_o mode_q own_q stall_q"},
	{"flag_chatter",
		"the flag toggles every cycle: the mode follows it one edge later, the owner is the switch cycle's "
		"memory issuer and is dropped in EP, pre_o = the memory-ready non-issuers at each EP->MP edge; then MP "
		"persists and the owner is kept",
		"spec §3.13 #6", P1, .run = case_chatter,
		.focus = "mshr_used_i sat_ext_i hd_mem_i hd_rdy_i iss_valid_o iss_warp_o iss_mem_o sat_o pre_o mode_q own_q pre_q"},
	{"flag_chatter_hysteresis",
		"SAT_HYST=2: MSHR use toggles 4/3 around the threshold every cycle: MP persists, pre_o is granted once, "
		"the owner taken at the switch is never lost",
		"spec §3.13 #6 ('consider SAT hysteresis'); spec §3.3", P1 ",SAT_HYST=2", .run = case_chatter_hyst,
		.focus = "mshr_used_i hd_mem_i hd_rdy_i iss_valid_o iss_warp_o iss_mem_o sat_o pre_o mode_q own_q pre_q"},
	{"owner_exit_barrier",
		"an owner blocked at a barrier is released at once even with a request in the LSU; an exiting owner "
		"likewise",
		"spec §3.13 #9; A-MA-3", P1, .run = case_own_exit_bar,
		.focus = "bar_i exit_i llp_i lsu_pend_i iss_valid_o iss_warp_o ev_o own_q mode_q res_q"},
	{"queued_warp_stalled",
		"a warp with a request in the LSU or the re-execution queue cannot issue its next memory instruction "
		"(other warps issue meanwhile); it issues when the entry leaves",
		"spec §3.13 #10; A-MA-7", P1, .run = case_queued_stall,
		.focus = "lsu_pend_i rq_has_i hd_valid_i hd_mem_i iss_valid_o iss_warp_o iss_mem_o mem_q stall_q own_q"},
	{"two_schedulers_lsu_port",
		"two schedulers, one LSU port: the owner's scheduler is asked first and wins the port over an admitted "
		"warp of the other scheduler, which issues compute or memory in other cycles",
		"spec §3.13 #14; A-MA-4; docs/wrc.md decision 7", P2, .run = case_two_sched,
		.focus = "hd_valid_i hd_mem_i ad_valid_i ad_mem_i lsu_rdy_i iss_valid_o iss_warp_o iss_mem_o own_q mode_q pre_q"},
	{"switch_admits_pre",
		"memory-ready non-owners at the EP->MP switch get pre_o and issue one memory instruction each while an "
		"owner exists; their next memory instruction stalls",
		"spec §3.13 #15; Sethia §4.3.1; docs/wrc.md decision 6", P1, .run = case_pre,
		.focus = "mshr_used_i hd_valid_i hd_mem_i hd_rdy_i iss_valid_o iss_warp_o iss_mem_o pre_o mode_q own_q pre_q stall_q"},
	{"hysteresis",
		"SAT_HYST=2: MP is entered at the thresholds (MSHRs, miss queue, sat_ext_i) and left only 2 entries "
		"below them; in between the mode holds",
		"docs/wrc.md the flag; spec §3.3", P1 ",SAT_HYST=2", .run = case_hyst,
		.focus = "mshr_used_i mq_used_i sat_ext_i sat_o ev_o mode_q"},
	{"owner_idle_timeout",
		"OWNER_IDLE_TIMEOUT=5: an owner without memory issues is released after 5 cycles, but not while its "
		"request is in the LSU; the next memory issue takes ownership",
		"spec §3.4 [REC]; docs/wrc.md decision 5", P1 ",OWNER_IDLE_TIMEOUT=5", .run = case_idle,
		.focus = "hd_valid_i hd_mem_i lsu_pend_i iss_valid_o iss_warp_o iss_mem_o ev_o own_q mode_q g_idle.idl_q"},
};

/* Cycles 0 and 1: reset; the programs start over. */
static void prologue(void *st, uint32_t *in, long cyc)
{
	(void)cyc;
	ws_stim *s = st;
	s->in_rst = 1;
	wg_port_put(s->L, in, WRC_RST_I, 1);
	memset(s->niss, 0, sizeof s->niss);
}

const char *ws_case_setup(ws_stim *s, char *err, size_t n)
{
	const wg_case_def *d = &ws_cases[s->cs];
	long S = d->run == case_two_sched ? 2 : 1;
	/* SAT_HYST and OWNER_IDLE_TIMEOUT may be overridden: the hysteresis and
	 * idle-timeout cases must then fail their checks (tests' negatives). */
	if (s->W != 4 || s->S != S || s->M != 8 || s->Q != 4 || s->mm != 4 || s->mq != 1) {
		snprintf(err, n, "wrc: directed case %s needs exactly %s (its script names warps and occupancies)", d->name,
			 d->params);
		return err;
	}
	s->own_keep = -1;
	return wg_case_start(&s->run, d, (size_t)s->L->nwords[WG_IN], prologue, 2, err, n);
}
