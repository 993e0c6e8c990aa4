/* slg_stim.c - stimulus for the sync-aware two-level power-gating
 * controller (docs/slg.md): a constrained-random stream of CTA launches,
 * barrier arrivals, exits, selections with their register reads Z cycles
 * later, write-backs and pend_i pulses, always inside the page's protocol;
 * and a monitor that checks every cycle of every run (random or directed)
 * against the page.
 *
 * The monitor keeps the page's state (live, waiting, CTA slots, the thread
 * counter, each region's state and timer) from the driven inputs alone,
 * starting at a reset, and checks that st_o, mode_o, ok_o, wait_o, rel_o and
 * every field of ev_o are what the page's rules give. It never reads the C
 * model: a model and a template that agree with each other but not with the
 * page fail here. The random stream reads the monitor's state (which warps
 * are live, waiting, in which CTA slot) to keep the protocol, and ok_o to
 * hold a register access until it is done.
 *
 * The directed cases are in slg_cases.c. */
#include <stdio.h>
#include <string.h>

#include "slg.h"
#include "slg_cover.h"
#include "slg_stim.h"
#include "wg_bits.h"
#include "wg_kit.h"

static const wg_param_def slg_knobs[SLG_NKNOBS] = {
	[K_LAUNCH_PCT] = {"LAUNCH_PCT", 20, 0, 100, NULL, "% of cycles that launch a CTA (when a CTA slot and enough warps are free)", "assumed"},
	[K_CTA_WARPS] = {"CTA_WARPS", 0, 0, 64, NULL, "warps per CTA; 0: each kernel draws 1..2*ceil(WARPS/CTAS)", "assumed"},
	[K_KERNEL_PPM] = {"KERNEL_PPM", 1000, 0, 1000000, NULL, "per-million of cycles a new kernel shape (warps per CTA, block size) is drawn", "assumed"},
	[K_PARTIAL_PCT] = {"PARTIAL_PCT", 30, 0, 100, NULL, "% of kernels whose block size leaves the last warp partial", "assumed"},
	[K_ODD_PCT] = {"ODD_PCT", 3, 0, 100, NULL, "% of launches with another warp count and block size than the kernel's", "assumed"},
	[K_ARR_PM] = {"ARR_PM", 40, 0, 1000, NULL, "per-mille per live, non-waiting warp and cycle that it arrives at its barrier", "assumed"},
	[K_GANG_PCT] = {"GANG_PCT", 3, 0, 100, NULL, "% of cycles in which every non-waiting warp of one CTA arrives at once", "assumed"},
	[K_EXIT_PM] = {"EXIT_PM", 20, 0, 1000, NULL, "per-mille of cycles in which a warp exits (1 in 8: any warp id, live or not)", "assumed"},
	[K_SEL_PCT] = {"SEL_PCT", 60, 0, 100, NULL, "% of cycles that select a warp (mostly a live, non-waiting one)", "assumed"},
	[K_SEL_WAIT_PCT] = {"SEL_WAIT_PCT", 5, 0, 100, NULL, "% of selections that pick a waiting warp", "assumed"},
	[K_Z] = {"Z", 2, 0, 40, NULL, "cycles from a selection to its register read (acc_i, held until ok_o)", "assumed"},
	[K_WB_PM] = {"WB_PM", 10, 0, 1000, NULL, "per-mille per live warp and cycle: a write-back access (held until ok_o)", "assumed"},
	[K_PEND_PM] = {"PEND_PM", 8, 0, 1000, NULL, "per-mille per live warp and cycle that a pend_i pulse starts", "assumed"},
	[K_PEND_LEN] = {"PEND_LEN", 20, 1, 1000, NULL, "a pend_i pulse lasts 1..PEND_LEN cycles, then writes back (70 %)", "assumed"},
	[K_STUCK] = {"STUCK", 300, 1, 1000000, NULL, "a warp waiting this many cycles exits (COUNT=THREADS: the block is reset, its counter may never match again)", "assumed"},
	[K_RESET_PPM] = {"RESET_PPM", 20, 0, 1000000, NULL, "per-million of cycles with a mid-run reset", "assumed"},
	[K_COVER] = {"COVER", 0, 0, 1, NULL, "1: fail at the end unless every region state and every event was seen", "assumed"},
};

/* ---- frames ---- */

static void port_or(const slg_stim *s, uint32_t *in, int port, uint64_t v)
{
	wg_port_put(s->L, in, port, wg_port_get(s->L, in, port) | v);
}

void slg_put_launch(const slg_stim *s, uint32_t *in, uint64_t warps, long cta, long size)
{
	wg_port_put(s->L, in, SLG_LAUNCH_I, warps);
	wg_port_put(s->L, in, SLG_LAUNCH_CTA_I, (uint64_t)cta);
	wg_port_put(s->L, in, SLG_LAUNCH_SIZE_I, (uint64_t)size);
}

void slg_put_arr(const slg_stim *s, uint32_t *in, uint64_t warps) { port_or(s, in, SLG_ARR_I, warps); }
void slg_put_acc(const slg_stim *s, uint32_t *in, uint64_t warps) { port_or(s, in, SLG_ACC_I, warps); }
void slg_put_pend(const slg_stim *s, uint32_t *in, uint64_t warps) { port_or(s, in, SLG_PEND_I, warps); }

void slg_put_sel(const slg_stim *s, uint32_t *in, long w)
{
	wg_port_put(s->L, in, SLG_SEL_VALID_I, 1);
	wg_port_put(s->L, in, SLG_SEL_WARP_I, (uint64_t)w);
}

void slg_put_ext(const slg_stim *s, uint32_t *in, long w)
{
	wg_port_put(s->L, in, SLG_EXT_VALID_I, 1);
	wg_port_put(s->L, in, SLG_EXT_WARP_I, (uint64_t)w);
}

void slg_observe(const slg_stim *s, const uint32_t *out, slg_obs *o)
{
	for (long w = 0; w < s->W; w++) {
		o->st[w] = (uint8_t)wg_elem_get(s->L, out, SLG_ST_O, w, 3);
		o->mode[w] = (uint8_t)wg_elem_get(s->L, out, SLG_MODE_O, w, 2);
	}
	o->ok = wg_port_get(s->L, out, SLG_OK_O);
	o->wait = wg_port_get(s->L, out, SLG_WAIT_O);
	o->rel = wg_port_get(s->L, out, SLG_REL_O);
	for (int e = 0; e < SLG_NEVENTS; e++)
		o->ev[e] = (long)wg_slice_get(s->L, out, SLG_EV_O, s->L->ev_lsb[e], s->L->ev_w[e]);
}

static const char *const st_names[8] = {"ACT", "ENT", "S2", "S21", "S1", "WK1", "WK2", "7?"};
static const char *const ev_names[SLG_NEVENTS] = {"arrive", "release", "enter", "to_slg1", "wake1",
						  "wake2", "stall", "slg1", "slg2"};
static const char *const why_names[WHY_NWHY] = {
	"reset", "the warp exited", "the warp was launched", "ENABLE=0", "sleepy (waits after the edge, nothing pending, no wake request)",
	"a wake request (selection or access)", "its CTA's release", "the timer counts down", "no rule moves it"};

const char *slg_st_name(int st)
{
	return st_names[st & 7];
}

int slg_trace_st(const char *trace, long t)
{
	if (t < 0 || t >= (long)strlen(trace))
		return -1;
	switch (trace[t]) {
	case 'A': return SLG_ACT;
	case 'E': return SLG_ENT;
	case '2': return SLG_S2;
	case 'r': return SLG_S21;
	case '1': return SLG_S1;
	case 'w': return SLG_WK1;
	case 'W': return SLG_WK2;
	default: return -1;
	}
}

static int mode_of(int st)
{
	return st <= SLG_ENT ? SLG_MODE_ACTIVE : st == SLG_S1 || st == SLG_WK1 ? SLG_MODE_SLG1 : SLG_MODE_SLG2;
}

static int popc(uint64_t x)
{
	int k = 0;
	for (; x; x &= x - 1)
		k++;
	return k;
}

/* ---- the monitor ---- */

static void mon_reset(slg_mon *m)
{
	unsigned seen_st = m->seen_st, seen_ev = m->seen_ev;
	long rels = m->rels;
	memset(m, 0, sizeof *m);
	m->known = 1;
	m->seen_st = seen_st, m->seen_ev = seen_ev, m->rels = rels;
}

/* The page's rule for a region that neither exits nor is launched; *why gets its name. */
static void region_next(const slg_stim *s, int st, int tm, int sleepy, int wk, int relw, int first, uint8_t *nst,
			uint8_t *ntm, uint8_t *why)
{
	int ns = st, nt = 0, y = WHY_KEEP;
	switch (st) {
	case SLG_ACT:
		if (sleepy)
			ns = s->ed == 0 ? SLG_S2 : SLG_ENT, nt = s->ed == 0 ? 0 : (int)s->ed, y = WHY_SLEEPY;
		break;
	case SLG_ENT:
		if (sleepy)
			ns = tm == 1 ? SLG_S2 : SLG_ENT, nt = tm == 1 ? 0 : tm - 1, y = WHY_COUNT;
		else
			ns = SLG_ACT, y = wk ? WHY_WAKE : WHY_KEEP;
		break;
	case SLG_S2:
		if (sleepy)
			y = WHY_SLEEPY;
		else if (wk)
			ns = SLG_WK2, nt = (int)s->Y - 1, y = WHY_WAKE;
		else if (relw)
			ns = SLG_S21, nt = (int)(s->Y - s->X), y = WHY_REL;
		break;
	case SLG_S21:
		if (sleepy)
			ns = SLG_S2, y = WHY_SLEEPY;
		else if (wk && first)
			ns = SLG_WK2, nt = tm + (int)s->X - 1, y = WHY_WAKE;
		else if (wk) /* S21_WAKE = FIRST_Y, a later warp: as from SLG1 */
			ns = s->X == 1 ? SLG_ACT : SLG_WK1, nt = s->X == 1 ? 0 : (int)s->X - 1, y = WHY_WAKE;
		else
			ns = tm == 1 ? SLG_S1 : SLG_S21, nt = tm == 1 ? 0 : tm - 1, y = WHY_COUNT;
		break;
	case SLG_S1:
		if (sleepy)
			ns = SLG_S2, y = WHY_SLEEPY;
		else if (wk)
			ns = s->X == 1 ? SLG_ACT : SLG_WK1, nt = s->X == 1 ? 0 : (int)s->X - 1, y = WHY_WAKE;
		break;
	default: /* WK1, WK2 */
		if (sleepy)
			ns = SLG_S2, y = WHY_SLEEPY;
		else
			ns = tm == 1 ? SLG_ACT : st, nt = tm == 1 ? 0 : tm - 1, y = WHY_COUNT;
		break;
	}
	*nst = (uint8_t)ns, *ntm = (uint8_t)nt, *why = (uint8_t)y;
}

/* Check cycle cyc's outputs against the page's state, then take the edge.
 * NULL, or a message in buf. */
static const char *mon_cycle(slg_stim *s, const uint32_t *in, long cyc, char *buf, size_t n)
{
	slg_mon *m = &s->m;
	const slg_obs *o = &s->o;
	const wg_layout *L = s->L;
	if (wg_port_get(L, in, SLG_RST_I)) {
		mon_reset(m);
		return NULL;
	}
	if (!m->known)
		return NULL;
	uint64_t ok = 0;
	for (long w = 0; w < s->W; w++) {
		int st = o->st[w];
		EXPECT(st <= SLG_WK2, "cycle %ld: warp %ld: st_o = %d is not a state", cyc, w, st);
		EXPECT(o->mode[w] == mode_of(st), "cycle %ld: warp %ld: mode_o = %d in state %s (the page: %d)", cyc, w,
		       o->mode[w], st_names[st], mode_of(st));
		EXPECT(((o->ok >> w) & 1u) == (st <= SLG_ENT), "cycle %ld: warp %ld: ok_o = %d in state %s", cyc, w,
		       (int)((o->ok >> w) & 1u), st_names[st]);
		EXPECT(st == m->st[w],
		       "cycle %ld: warp %ld: st_o = %s, the page gives %s (from %s at the last edge: %s; %s, %s)", cyc, w,
		       st_names[st], st_names[m->st[w]], st_names[m->from[w]], why_names[m->why[w]],
		       (m->live >> w) & 1u ? "live" : "not live", (m->wait >> w) & 1u ? "waiting" : "not waiting");
		ok |= (uint64_t)(st <= SLG_ENT) << w;
		m->seen_st |= 1u << st;
	}
	EXPECT(o->wait == m->wait, "cycle %ld: wait_o = %#llx, the page gives %#llx (live warps %#llx)", cyc,
	       (unsigned long long)o->wait, (unsigned long long)m->wait, (unsigned long long)m->live);

	/* this cycle's inputs */
	uint64_t launch = wg_port_get(L, in, SLG_LAUNCH_I) & s->wmask;
	long lcta = (long)wg_port_get(L, in, SLG_LAUNCH_CTA_I), lsize = (long)wg_port_get(L, in, SLG_LAUNCH_SIZE_I);
	long ew = (long)wg_port_get(L, in, SLG_EXT_WARP_I), sw = (long)wg_port_get(L, in, SLG_SEL_WARP_I);
	uint64_t ext = wg_port_get(L, in, SLG_EXT_VALID_I) && ew < s->W ? W_(ew) & m->live : 0;
	uint64_t sel = wg_port_get(L, in, SLG_SEL_VALID_I) && sw < s->W ? W_(sw) : 0;
	uint64_t arr = wg_port_get(L, in, SLG_ARR_I) & s->wmask, acc = wg_port_get(L, in, SLG_ACC_I) & s->wmask;
	uint64_t pend = wg_port_get(L, in, SLG_PEND_I) & s->wmask;
	uint64_t wa = m->live & ~ext & (m->wait | arr); /* an exiting warp neither waits nor is waited for */
	uint64_t cm[SLG_MAX_CTAS] = {0}; /* warps per CTA slot */
	for (long w = 0; w < s->W; w++)
		cm[m->cta[w]] |= W_(w);

	/* release */
	uint64_t relc = 0, relw = 0;
	long sum = 0;
	int grel = 0;
	if (s->count == SLG_COUNT_WARPS) {
		for (long c = 0; c < s->C; c++) {
			int nwa = popc(wa & cm[c]), nlive = popc(m->live & ~ext & cm[c]);
			if (nwa > 0 && nwa == nlive)
				relc |= W_(c), relw |= wa & cm[c];
		}
	} else {
		sum = m->thr;
		for (uint64_t b = arr & m->live; b; b &= b - 1) {
			long w = (long)wg_ctz64(b);
			sum += (m->lst >> w) & 1u && m->bsz ? (m->bsz - 1) % 32 + 1 : 32;
		}
		grel = sum == m->bsz && sum > 0;
		if (grel) {
			relw = wa;
			for (uint64_t b = wa; b; b &= b - 1)
				relc |= W_(m->cta[wg_ctz64(b)]);
		}
	}
	if (o->rel != relc) {
		if (s->count == SLG_COUNT_WARPS)
			snprintf(buf, n, "cycle %ld: rel_o = %#llx, the page gives %#llx (per CTA: its waiting or arriving warps "
				 "against its live ones; waiting %#llx, arriving %#llx, exiting %#llx)",
				 cyc, (unsigned long long)o->rel, (unsigned long long)relc, (unsigned long long)m->wait,
				 (unsigned long long)arr, (unsigned long long)ext);
		else
			snprintf(buf, n, "cycle %ld: rel_o = %#llx, the page gives %#llx (COUNT=THREADS: counter %ld + arrivals = "
				 "%ld against block size %ld)",
				 cyc, (unsigned long long)o->rel, (unsigned long long)relc, m->thr, sum, m->bsz);
		return buf;
	}
	if (relc)
		m->rels++;

	/* the next state and the events */
	uint64_t wk = sel | acc, wd = wa & ~relw, sleepy = s->en ? wd & ~pend & ~wk : 0;
	long ev[SLG_NEVENTS] = {0};
	uint8_t nst[SLG_MAX_WARPS], ntm[SLG_MAX_WARPS], why[SLG_MAX_WARPS];
	ev[SLG_EV_ARRIVE] = popc(arr & m->live);
	ev[SLG_EV_RELEASE] = popc(relc);
	ev[SLG_EV_STALL] = popc(acc & ~ok);
	uint64_t frst_clr = 0; /* CTAs one of whose S21 regions starts a wake */
	for (long w = 0; w < s->W; w++) {
		uint64_t b = W_(w);
		int st = m->st[w], rule3 = 0;
		int first = s->s21 == SLG_S21_REST || ((m->frst >> m->cta[w]) & 1u);
		if (ext & b)
			nst[w] = SLG_ACT, ntm[w] = 0, why[w] = WHY_EXIT;
		else if (launch & b)
			nst[w] = SLG_ACT, ntm[w] = 0, why[w] = WHY_LAUNCH;
		else if (!s->en)
			nst[w] = SLG_ACT, ntm[w] = 0, why[w] = WHY_OFF;
		else
			region_next(s, st, m->tm[w], !!(sleepy & b), !!(wk & b), !!(relw & b), first, &nst[w], &ntm[w],
				    &why[w]), rule3 = 1;
		if (rule3 && st == SLG_S21 && (wk & b) && !(sleepy & b))
			frst_clr |= W_(m->cta[w]);
		ev[SLG_EV_ENTER] += nst[w] == SLG_S2 && st != SLG_S2;
		ev[SLG_EV_TO_SLG1] += st == SLG_S21 && nst[w] == SLG_S1;
		ev[SLG_EV_WAKE1] += rule3 && (st == SLG_S1 || st == SLG_S21) && (nst[w] == SLG_WK1 || nst[w] == SLG_ACT);
		ev[SLG_EV_WAKE2] += (st == SLG_S2 || st == SLG_S21) && nst[w] == SLG_WK2;
		ev[SLG_EV_SLG1] += mode_of(st) == SLG_MODE_SLG1;
		ev[SLG_EV_SLG2] += mode_of(st) == SLG_MODE_SLG2;
	}
	for (int e = 0; e < SLG_NEVENTS; e++) {
		EXPECT(o->ev[e] == ev[e], "cycle %ld: event %s = %ld, the page gives %ld", cyc, ev_names[e], o->ev[e], ev[e]);
		if (ev[e])
			m->seen_ev |= 1u << e;
	}

	/* the edge */
	uint64_t nwait = wd & ~ext & ~launch;
	for (long w = 0; w < s->W; w++) {
		if ((nwait >> w) & 1u && !((m->wait >> w) & 1u))
			m->since[w] = cyc + 1;
		m->from[w] = m->st[w];
		m->st[w] = nst[w], m->tm[w] = ntm[w], m->why[w] = why[w];
	}
	if (launch) {
		long hi = 63 - __builtin_clzll(launch);
		for (uint64_t b = launch; b; b &= b - 1)
			m->cta[wg_ctz64(b)] = (uint8_t)lcta;
		m->lst = (m->lst & ~launch) | W_(hi);
		m->bsz = lsize;
	}
	if (s->count == SLG_COUNT_THREADS)
		m->thr = grel ? 0 : sum & (long)wg_ones64(s->hb);
	m->live = (m->live & ~ext) | launch;
	m->wait = nwait;
	if (s->en && s->s21 == SLG_S21_FIRST_Y)
		m->frst = (m->frst & ~frst_clr) | relc; /* the release wins */
	return NULL;
}

/* ---- the random stream ---- */

/* A random set bit of x (x != 0). */
static long pick_bit(uint64_t *rng, uint64_t x)
{
	long k = wg_pick(rng, popc(x));
	for (; k > 0; k--)
		x &= x - 1;
	return (long)wg_ctz64(x);
}

static long max_cta_warps(const slg_stim *s)
{
	if (s->k[K_CTA_WARPS] > 0)
		return s->k[K_CTA_WARPS] < s->W ? s->k[K_CTA_WARPS] : s->W;
	long m = 2 * ((s->W + s->C - 1) / s->C);
	return m < s->W ? m : s->W;
}

/* A block of n warps: 32 n threads, or (partial) a last warp of 1..31. */
static long block_size(slg_stim *s, long n, int partial)
{
	return partial ? 32 * (n - 1) + 1 + wg_pick(&s->rng, 31) : 32 * n;
}

static void new_kernel(slg_stim *s)
{
	long mx = max_cta_warps(s);
	s->kern_n = s->k[K_CTA_WARPS] > 0 ? mx : 1 + wg_pick(&s->rng, mx);
	s->kern_size = block_size(s, s->kern_n, wg_pct(&s->rng, s->k[K_PARTIAL_PCT]));
}

static void gen_reset(slg_stim *s)
{
	s->hold = 0;
	memset(s->pend_left, 0, sizeof s->pend_left);
}

static void try_launch(slg_stim *s, uint32_t *in, uint64_t exiting)
{
	const slg_mon *m = &s->m;
	uint64_t freew = ~m->live & s->wmask & ~exiting, used = 0;
	for (uint64_t b = m->live; b; b &= b - 1)
		used |= W_(m->cta[wg_ctz64(b)]);
	uint64_t frees = ~used & wg_ones64(s->C);
	if (!frees || !freew)
		return;
	long nw = s->kern_n, size = s->kern_size;
	if (wg_pct(&s->rng, s->k[K_ODD_PCT])) {
		nw = 1 + wg_pick(&s->rng, max_cta_warps(s));
		size = block_size(s, nw, wg_pct(&s->rng, 50));
	}
	if (popc(freew) < nw)
		return;
	uint64_t l = 0;
	for (long i = 0; i < nw; i++) {
		long w = pick_bit(&s->rng, freew);
		l |= W_(w), freew &= ~W_(w);
	}
	slg_put_launch(s, in, l, pick_bit(&s->rng, frees), size);
}

/* A warp waiting at its barrier for more than STUCK cycles, or -1. Under
 * COUNT=THREADS the per-shader counter, once it has passed the block size
 * (arrivals of several CTAs in one cycle, an exit before the barrier), may
 * never equal it again (W-P2-6, W-P2-7): the stream then resets the block, as
 * the end of a kernel would. Under COUNT=WARPS the warp exits. */
static long stuck(const slg_stim *s, long cyc)
{
	for (uint64_t b = s->m.live & s->m.wait; b; b &= b - 1)
		if (cyc - s->m.since[wg_ctz64(b)] > s->k[K_STUCK])
			return (long)wg_ctz64(b);
	return -1;
}

static int random_next(slg_stim *s, uint32_t *in, long cyc)
{
	const slg_mon *m = &s->m;
	s->sel_at[cyc % 64] = 0;
	if (cyc < 2 || wg_pick(&s->rng, 1000000) < s->k[K_RESET_PPM] || (s->count == SLG_COUNT_THREADS && stuck(s, cyc) >= 0)) {
		wg_port_put(s->L, in, SLG_RST_I, 1);
		gen_reset(s);
		return 1;
	}
	if (wg_pick(&s->rng, 1000000) < s->k[K_KERNEL_PPM])
		new_kernel(s);
	uint64_t live = m->live, waiting = live & m->wait, nw = live & ~m->wait;

	/* an exit: a warp stuck at a barrier, else now and then any warp */
	long ew = stuck(s, cyc);
	if (ew < 0 && wg_pick(&s->rng, 1000) < s->k[K_EXIT_PM]) {
		if (wg_pick(&s->rng, 8) == 0)
			ew = wg_pick(&s->rng, s->W); /* live or not (the exit of a warp not live is ignored) */
		else if (nw)
			ew = pick_bit(&s->rng, nw);
	}
	uint64_t exiting = ew >= 0 ? W_(ew) : 0;
	if (ew >= 0)
		slg_put_ext(s, in, ew);

	/* arrivals: each warp now and then, or a whole CTA at once */
	uint64_t arr = 0;
	for (uint64_t b = nw & ~exiting; b; b &= b - 1)
		if (wg_pick(&s->rng, 1000) < s->k[K_ARR_PM])
			arr |= b & -b;
	if (nw && wg_pct(&s->rng, s->k[K_GANG_PCT])) {
		long c = m->cta[pick_bit(&s->rng, nw)];
		for (uint64_t b = nw & ~exiting; b; b &= b - 1)
			if (m->cta[wg_ctz64(b)] == c)
				arr |= b & -b;
	}
	slg_put_arr(s, in, arr);

	if (wg_pct(&s->rng, s->k[K_LAUNCH_PCT]))
		try_launch(s, in, exiting);

	/* a selection: mostly a live warp that does not wait */
	if (wg_pct(&s->rng, s->k[K_SEL_PCT])) {
		long w;
		if (waiting && wg_pct(&s->rng, s->k[K_SEL_WAIT_PCT]))
			w = pick_bit(&s->rng, waiting);
		else if (nw && wg_pick(&s->rng, 64))
			w = pick_bit(&s->rng, nw);
		else
			w = wg_pick(&s->rng, s->W);
		slg_put_sel(s, in, w);
		s->sel_at[cyc % 64] = (int8_t)(w + 1);
	}

	/* register accesses: held ones, the read Z cycles after a selection,
	 * write-backs; pend_i pulses, each ending (mostly) in a write-back */
	uint64_t acc = s->hold, pend = 0;
	long z = s->k[K_Z];
	if (cyc - z >= 0 && s->sel_at[(cyc - z) % 64])
		acc |= W_(s->sel_at[(cyc - z) % 64] - 1);
	for (uint64_t b = live; b; b &= b - 1) {
		long w = (long)wg_ctz64(b);
		if (wg_pick(&s->rng, 1000) < s->k[K_WB_PM])
			acc |= W_(w);
		if (s->pend_left[w]) {
			pend |= W_(w);
			if (--s->pend_left[w] == 0 && wg_pct(&s->rng, 70))
				acc |= W_(w); /* the load's data is back */
		} else if (wg_pick(&s->rng, 1000) < s->k[K_PEND_PM]) {
			s->pend_left[w] = (uint16_t)(1 + wg_pick(&s->rng, s->k[K_PEND_LEN]));
		}
	}
	slg_put_acc(s, in, acc & live);
	slg_put_pend(s, in, pend & live);
	return 1;
}

/* ---- the interface ---- */

#define PROLOGUE 2 /* reset cycles before a case's t = 0 */

static void slg_prologue(void *st, uint32_t *in, long cyc)
{
	(void)cyc;
	slg_stim *s = st;
	wg_port_put(s->L, in, SLG_RST_I, 1);
}

static size_t slg_stim_size(const long *p)
{
	(void)p;
	return sizeof(slg_stim);
}

static const char *slg_stim_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx,
				 uint64_t seed, char *err, size_t n)
{
	slg_stim *s = st;
	s->L = L;
	s->W = p[SLG_P_WARPS];
	s->C = p[SLG_P_CTAS];
	s->X = p[SLG_P_X];
	s->Y = p[SLG_P_Y];
	s->count = p[SLG_P_COUNT];
	s->en = p[SLG_P_ENABLE];
	s->ed = p[SLG_P_ENTER_DELAY];
	s->s21 = p[SLG_P_S21_WAKE];
	s->hb = L->width[SLG_LAUNCH_SIZE_I];
	s->wmask = wg_ones64(s->W);
	memcpy(s->k, knobs, sizeof s->k);
	s->cs = case_idx;
	s->rng = wg_rng_seed(seed);
	for (int i = 0; i < 8; i++)
		s->at[i] = -1;
	new_kernel(s);
	if (case_idx < 0)
		return NULL;
	/* The cases name warps 0..7 and CTA slots 0..3. */
	if (s->W < 8 || s->C < 4) {
		snprintf(err, n, "slg: directed cases need WARPS >= 8 and CTAS >= 4 (they name warps 0..7 and CTAs 0..3)");
		return err;
	}
	return wg_case_start(&s->run, &slg_cases[case_idx], (size_t)L->nwords[WG_IN], slg_prologue, PROLOGUE, err, n);
}

static int slg_stim_next(void *st, const void *model, uint32_t *in, long cyc)
{
	slg_stim *s = st;
	if (s->cs < 0)
		return random_next(s, in, cyc);
	return wg_case_drive(&s->run, s, model, in, cyc);
}

static const char *slg_stim_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
				  char *buf, size_t n)
{
	slg_stim *s = st;
	slg_observe(s, out, &s->o);
	const char *msg = mon_cycle(s, in, cyc, buf, n);
	if (msg)
		return msg;
	if (s->cs >= 0)
		return wg_case_check(&s->run, s, model, in, out, cyc, buf, n);
	/* an access is done when ok_o lets it happen; a warp that exits drops it */
	s->hold = wg_port_get(s->L, in, SLG_RST_I) ? 0 : wg_port_get(s->L, in, SLG_ACC_I) & ~s->o.ok & s->m.live;
	return NULL;
}

static const char *slg_stim_finish(void *st, long *key, char *buf, size_t n)
{
	slg_stim *s = st;
	*key = 0;
	if (s->cs >= 0) {
		const char *msg = wg_case_finish(&s->run, s, key, buf, n);
		if (*key < 0)
			*key = 0;
		return msg;
	}
	if (!s->k[K_COVER])
		return NULL;
	/* every state and every event the configuration can reach */
	unsigned want_st = 1u << SLG_ACT, want_ev = 1u << SLG_EV_ARRIVE | 1u << SLG_EV_RELEASE;
	if (s->en) {
		want_st |= 1u << SLG_S2 | 1u << SLG_S21 | 1u << SLG_S1 | 1u << SLG_WK2;
		want_st |= (s->ed > 0 ? 1u << SLG_ENT : 0) | (s->X > 1 ? 1u << SLG_WK1 : 0);
		want_ev = (1u << SLG_NEVENTS) - 1;
	}
	for (int i = 0; i <= SLG_WK2; i++)
		EXPECT(!((want_st >> i) & 1u) || ((s->m.seen_st >> i) & 1u),
		       "coverage: no region was ever in state %s (%ld releases in the run)", st_names[i], s->m.rels);
	for (int e = 0; e < SLG_NEVENTS; e++)
		EXPECT(!((want_ev >> e) & 1u) || ((s->m.seen_ev >> e) & 1u), "coverage: event %s never happened",
		       ev_names[e]);
	return NULL;
}

static void slg_stim_cover(const void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
			   uint64_t *hits)
{
	(void)cyc;
	slg_cover(((const slg_stim *)st)->L, model, in, out, hits);
}

const wg_stim_def wg_stim_slg = {
	.block = &wg_block_slg,
	.knobs = slg_knobs,
	.nknobs = SLG_NKNOBS,
	.cases = slg_cases,
	.ncases = SLG_NCASES,
	.size = slg_stim_size,
	.init = slg_stim_init,
	.next = slg_stim_next,
	.check = slg_stim_check,
	.finish = slg_stim_finish,
	.cov = slg_cov_points,
	.ncov = SLG_NCOV_POINTS,
	.cover = slg_stim_cover,
};
