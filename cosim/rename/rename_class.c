/* rename_class.c - the TFET register classes in the stimulus of `rename`
 * (rename_class.h; docs/rename.md "TFET register classes"). */
#include "rename_class.h"

#include <stdio.h>
#include <string.h>

#include "wg_kit.h"
#include "wg_stim.h"

static long param(const long *p, const char *name, long def)
{
	int i = wg_param_index(&wg_block_rename, name);
	return i < 0 ? def : p[i];
}

static int port(const wg_layout *L, const char *name)
{
	int i = wg_port_index(&wg_block_rename, name);
	return i >= 0 && L->width[i] > 0 ? i : -1;
}

static int event(const wg_layout *L, const char *name)
{
	for (int i = 0; i < wg_block_rename.nevents; i++)
		if (strcmp(wg_block_rename.events[i].name, name) == 0)
			return L->ev_w[i] > 0 ? i : -1;
	return -1;
}

void rsc_init(rs_cls *k, const long *p, const wg_layout *L, uint64_t seed)
{
	memset(k, 0, sizeof *k);
	k->tfet_rows = (int)param(p, "TFET_ROWS", 0);
	k->cls = (int)param(p, "CLASS", RSC_NONE);
	k->gating = (int)param(p, "GATING", RSC_OCCUPANCY);
	k->policy = (int)param(p, "POLICY", 0);
	k->phys = (int)param(p, "PHYS_REGS", 1024);
	k->rf_banks = (int)param(p, "RF_BANKS", 4);
	k->sub_regs = k->phys / (int)param(p, "SUBARRAYS", 4);
	k->rt_banks = (int)param(p, "RT_BANKS", 4);
	k->ports = (int)param(p, "ALLOC_PORTS", 2);
	k->srcs = (int)param(p, "LOOKUP_PORTS", 4) - 1;
	k->rows = k->phys / k->rf_banks;
	k->cr = k->rows - k->tfet_rows;
	k->ntfet = k->rf_banks * k->tfet_rows;
	k->pt = k->phys - k->ntfet;
	k->p_tfet_i = port(L, "alc_tfet_i");
	k->p_load_i = port(L, "alc_load_i");
	k->p_tfet_o = port(L, "alc_tfet_o");
	k->p_src_tfet = port(L, "op_src_tfet_o");
	k->p_dst_tfet = port(L, "op_dst_tfet_o");
	k->p_free_tfet = port(L, "free_tfet_o");
	k->p_reg_on = port(L, "reg_on_o");
	k->p_dom_on = port(L, "dom_on_o");
	k->p_ready = wg_port_index(&wg_block_rename, "op_ready_o");
	k->p_src_pid = wg_port_index(&wg_block_rename, "op_src_pid_o");
	k->p_dst_pid = wg_port_index(&wg_block_rename, "op_dst_pid_o");
	k->p_dst_new = wg_port_index(&wg_block_rename, "op_dst_new_o");
	k->p_gnt = wg_port_index(&wg_block_rename, "alc_gnt_o");
	k->p_pid = wg_port_index(&wg_block_rename, "alc_pid_o");
	k->e_wr = event(L, "rt_write");
	k->e_stall = event(L, "alloc_stall");
	k->e_wake = event(L, "dom_wake");
	k->e_acm = event(L, "alloc_cmos");
	k->e_atf = event(L, "alloc_tfet");
	k->e_trf = event(L, "tfet_refused");
	k->e_fbt = event(L, "fallback_tfet");
	k->last = k->phys - k->sub_regs;
	k->rng = wg_rng_seed(seed ^ UINT64_C(0x7fe7c1a55e5));
}

/* A17 as the page writes it: est = ceil(U*CR/ROWS), need = max(est, U - N_TFET, kw*ke),
 * pc = min(N_CMOS, need), gb = ceil(pc / RF_BANKS). */
int rsc_gb(const rs_cls *k, int kw, int kr, int ke)
{
	long u = (long)kw * kr, est = (u * k->cr + k->rows - 1) / k->rows;
	long need = est;
	if (u - k->ntfet > need)
		need = u - k->ntfet;
	if ((long)kw * ke > need)
		need = (long)kw * ke;
	long pc = need < k->pt ? need : k->pt;
	return (int)((pc + k->rf_banks - 1) / k->rf_banks);
}

unsigned rsc_ev(const wg_layout *L, const uint32_t *out, int e)
{
	return wg_event_get(L, out, e);
}

static unsigned bit(const wg_layout *L, const uint32_t *f, int port, int i)
{
	return port < 0 ? 0u : (unsigned)wg_slice_get(L, f, port, i, 1);
}

void rsc_put(const rs_cls *k, const wg_layout *L, uint32_t *f)
{
	for (int i = 0; i < k->ports; i++) {
		if (k->p_tfet_i >= 0)
			wg_slice_put(L, f, k->p_tfet_i, i, 1, k->tfet[i]);
		if (k->p_load_i >= 0)
			wg_slice_put(L, f, k->p_load_i, i, 1, k->load[i]);
	}
}

/* ---- random mode: memra's want, by a stand-in ---- */

void rsc_random(rs_cls *k, const rn_env *e, const rn_in *in)
{
	memset(k->tfet, 0, sizeof k->tfet);
	memset(k->load, 0, sizeof k->load);
	if (!rsc_on(k) || in->rst || in->kl_valid)
		return;
	/* budgets: a warp's off-chip load completes (a budget SC, as memra's Eq. 1 would give
	 * one: 0..40 cycles), or a new one leaves (MEASURE: no budget); runs of wants follow */
	for (int w = 0; w < k->kw && w < RN_MAX_WARPS; w++) {
		long r = wg_pick(&k->rng, 1000);
		if (r < 12)
			k->budget[w] = (int)wg_pick(&k->rng, 41);
		else if (r < 18)
			k->budget[w] = 0;
	}
	for (int i = 0; i < k->ports; i++) {
		if (!in->alc_valid[i])
			continue;
		int w = (int)in->alc_warp[i], r = (int)in->alc_reg[i] & 63;
		k->load[i] = (uint8_t)rne_req_load(e, i);
		if (!k->dec[w][r]) /* decided at its first cycle (at rename, A12), kept over retries */
			k->dec[w][r] = k->budget[w] > 1 && !k->load[i] ? 2 : 1;
		k->tfet[i] = k->dec[w][r] == 2 && !k->load[i]; /* never for a load (A11) */
	}
}

/* ---- the monitor ---- */

/* The id POLICY chooses in set (nonempty), as step 6 chooses it from avail_k. */
static int policy_pick(const rs_cls *k, const rn_cfg *c, const uint8_t *set, const uint8_t *domocc)
{
	int P = k->phys, lo = -1;
	for (int p = 0; p < P && lo < 0; p++)
		if (set[p])
			lo = p;
	if (k->policy == 1)
		return lo;
	if (k->policy == 0) { /* CONSOLIDATE: a domain holding an occupied register */
		for (int p = 0; p < P; p++)
			if (set[p] && domocc[rn_dom_of(c, p)])
				return p;
		return lo;
	}
	int start = (k->last + k->sub_regs) % P; /* WEAR_LEVEL */
	for (int i = 0; i < P; i++)
		if (set[(start + i) % P])
			return (start + i) % P;
	return lo;
}

const char *rsc_check(rs_cls *k, const wg_layout *L, const rn_cfg *c, const rn_model *m, const rn_in *in,
		      const uint32_t *out, char *buf, size_t n)
{
	int P = k->phys;
	uint8_t avail[RN_MAX_PHYS], set[RN_MAX_PHYS], domocc[256];
	/* GATING=STATIC: the powered ids are the formula's, whatever the occupancy */
	if (k->gating == RSC_STATIC) {
		for (int p = 0; p < P; p++)
			EXPECT(bit(L, out, k->p_reg_on, p) == (unsigned)rsc_powered(k, k->gb, p),
			       "STATIC: reg_on_o[%d] = %u, the A17 rows give %d (gb = %d powered CMOS rows, kernel %d x %d, %d exempt)",
			       p, bit(L, out, k->p_reg_on, p), rsc_powered(k, k->gb, p), k->gb, k->kw, k->kr, k->ke);
		for (int p = 0; p < P; p++)
			EXPECT(!rsc_powered(k, k->gb, p) || bit(L, out, k->p_dom_on, rn_dom_of(c, p)),
			       "STATIC: dom_on_o[%d] = 0 though id %d is powered", rn_dom_of(c, p), p);
		EXPECT(rsc_ev(L, out, k->e_wake) == 0, "STATIC: dom_wake = %u, kernel-long gating has no wake-ups (A18)",
		       rsc_ev(L, out, k->e_wake));
	}
	if (!rsc_on(k)) /* (no class ports: nothing below to check, so the occupancy scan is skipped) */
		return NULL;
	memset(domocc, 0, sizeof domocc);
	int free_t = 0;
	for (int p = 0; p < P; p++) {
		int occ = rn_occupied(m, p);
		if (occ)
			domocc[rn_dom_of(c, p)] = 1;
		int pw = k->gating != RSC_STATIC || rsc_powered(k, k->gb, p);
		avail[p] = (uint8_t)(!occ && pw);
		free_t += p >= k->pt && !occ;
	}
	EXPECT(wg_port_get(L, out, k->p_free_tfet) == (uint64_t)free_t,
	       "free_tfet_o = %llu, but %d TFET ids (>= %d) are free at the start of the cycle",
	       (unsigned long long)wg_port_get(L, out, k->p_free_tfet), free_t, k->pt);
	/* sources and destination at rename */
	if (in->op_valid && in->op_kind == RN_OP_INSN && wg_port_get(L, out, k->p_ready)) {
		int pb = L->width[k->p_dst_pid];
		int ps = k->p_src_pid;
		for (int j = 0; j < k->srcs; j++) {
			unsigned pid = (unsigned)wg_slice_get(L, out, ps, (long)j * pb, pb), t = bit(L, out, k->p_src_tfet, j);
			EXPECT(!t || pid >= (unsigned)k->pt, "op_src_tfet_o[%d] = 1 for id %u, a CMOS id (< %d)", j, pid, k->pt);
			if (k->pt > 0) /* (with every id TFET an unmapped source's 0 is no id: not told apart here) */
				EXPECT(t == (in->op_reg[j] != RN_NONE && pid >= (unsigned)k->pt),
				       "op_src_tfet_o[%d] = %u for source r%u at id %u (TFET ids >= %d)", j, t, in->op_reg[j], pid,
				       k->pt);
		}
		unsigned dp = (unsigned)wg_port_get(L, out, k->p_dst_pid);
		unsigned dn = (unsigned)wg_port_get(L, out, k->p_dst_new);
		unsigned dt = (unsigned)wg_port_get(L, out, k->p_dst_tfet);
		EXPECT(dt == (in->op_dst != RN_NONE && !dn && dp >= (unsigned)k->pt),
		       "op_dst_tfet_o = %u for destination r%u (new %u) at id %u (TFET ids >= %d)", dt, in->op_dst, dn, dp, k->pt);
	}
	/* step 6 with classes: every port against the page's cascade */
	if (!k->running || in->rst || in->kl_valid)
		return NULL;
	int R = k->kr - k->ke, gnt_port = k->p_gnt;
	int pid_port = k->p_pid, pb = L->width[pid_port] / k->ports;
	int used[8] = {0};
	unsigned n_acm = 0, n_atf = 0, n_trf = 0, n_fbt = 0, n_gnt = 0, n_stall = 0;
	for (int i = 0; i < k->ports; i++) {
		unsigned g = bit(L, out, gnt_port, i), t = bit(L, out, k->p_tfet_o, i);
		unsigned pid = (unsigned)wg_slice_get(L, out, pid_port, (long)i * pb, pb);
		if (!in->alc_valid[i]) {
			EXPECT(!g && !t, "port %d: a grant without a request", i);
			continue;
		}
		int ld = k->load[i], q = k->cls == RSC_MEM_RA && k->tfet[i] && !ld; /* q: a TFET request */
		int bank = (int)(((long)in->alc_warp[i] * R + in->alc_reg[i]) % k->rt_banks);
		if (used[bank]) {
			EXPECT(!g, "port %d: granted though an earlier grant installs in table bank %d", i, bank);
			n_stall++;
			continue;
		}
		/* the first set, then (if empty and allowed) the other set */
		int want_t = q, any = k->cls == RSC_NONE && !ld, fb = !ld && k->cls != RSC_NONE, nfirst = 0, nother = 0;
		for (int p = 0; p < P; p++) {
			int in_first = avail[p] && (any || (p >= k->pt) == want_t);
			nfirst += in_first;
			nother += avail[p] && !in_first;
		}
		int use_other = nfirst == 0 && fb && nother > 0;
		if (nfirst == 0 && !use_other) {
			EXPECT(!g, "port %d (%s%s): granted id %u, but the page allows no id (first set empty%s)", i,
			       ld ? "load" : q ? "TFET request" : "CMOS request", "", pid, fb ? ", other set empty" : ", no fallback");
			if (ld && free_t > 0)
				k->n_load_stall++;
			n_stall++;
			continue;
		}
		for (int p = 0; p < P; p++) {
			int in_first = avail[p] && (any || (p >= k->pt) == want_t);
			set[p] = (uint8_t)(use_other ? avail[p] && !in_first : in_first);
		}
		int exp = policy_pick(k, c, set, domocc);
		EXPECT(g && (int)pid == exp,
		       "port %d (%s, w%u r%u): expected id %d (%s set, POLICY %d), got %s%u", i,
		       ld ? "load" : q ? "TFET request" : k->cls == RSC_NONE ? "no class" : "CMOS request", in->alc_warp[i],
		       in->alc_reg[i], exp, use_other ? "fallback" : "first", k->policy, g ? "" : "a refusal, ", pid);
		EXPECT(t == (pid >= (unsigned)k->pt), "port %d: alc_tfet_o = %u for id %u (TFET ids >= %d)", i, t, pid, k->pt);
		EXPECT(!ld || pid < (unsigned)k->pt, "port %d: a load was granted TFET id %u (A11)", i, pid);
		avail[pid] = 0;
		used[bank] = 1;
		n_gnt++;
		n_acm += !t;
		n_atf += t;
		n_trf += q && !t;
		n_fbt += fb && !q && t;
		k->n_tfet_gnt += t;
		k->n_refused += q && !t;
		k->n_fallback += fb && !q && t;
	}
	EXPECT(rsc_ev(L, out, k->e_acm) == n_acm && rsc_ev(L, out, k->e_atf) == n_atf,
	       "events alloc_cmos %u, alloc_tfet %u; the grants give %u, %u", rsc_ev(L, out, k->e_acm),
	       rsc_ev(L, out, k->e_atf), n_acm, n_atf);
	EXPECT(rsc_ev(L, out, k->e_acm) + rsc_ev(L, out, k->e_atf) == rsc_ev(L, out, k->e_wr),
	       "alloc_cmos + alloc_tfet = %u != rt_write = %u", rsc_ev(L, out, k->e_acm) + rsc_ev(L, out, k->e_atf),
	       rsc_ev(L, out, k->e_wr));
	EXPECT(rsc_ev(L, out, k->e_trf) == n_trf, "tfet_refused = %u, the grants give %u (W-P1-1)", rsc_ev(L, out, k->e_trf),
	       n_trf);
	EXPECT(rsc_ev(L, out, k->e_fbt) == n_fbt, "fallback_tfet = %u, the grants give %u (W-P1-2)",
	       rsc_ev(L, out, k->e_fbt), n_fbt);
	EXPECT(rsc_ev(L, out, k->e_stall) == n_stall, "alloc_stall = %u, the refusals give %u", rsc_ev(L, out, k->e_stall),
	       n_stall);
	(void)n_gnt;
	return NULL;
}

void rsc_observe(rs_cls *k, const wg_layout *L, const rn_in *in, const uint32_t *out)
{
	if (in->rst) {
		k->running = 0;
		k->gb = 0;
		memset(k->dec, 0, sizeof k->dec);
		memset(k->budget, 0, sizeof k->budget);
		return;
	}
	if (in->kl_valid) {
		k->running = 1;
		k->kw = (int)in->kl_warps;
		k->kr = (int)in->kl_regs;
		k->ke = (int)in->kl_exempt;
		k->gb = k->gating == RSC_STATIC ? rsc_gb(k, k->kw, k->kr, k->ke) : 0;
		k->n_static_launch += k->gating == RSC_STATIC;
		k->last = k->phys - k->sub_regs;
		memset(k->dec, 0, sizeof k->dec);
		memset(k->budget, 0, sizeof k->budget);
		return;
	}
	int gnt_port = k->p_gnt;
	int pid_port = k->p_pid, pb = L->width[pid_port] / k->ports;
	for (int i = 0; i < k->ports; i++) {
		if (!in->alc_valid[i] || !bit(L, out, gnt_port, i))
			continue;
		k->last = (int)wg_slice_get(L, out, pid_port, (long)i * pb, pb);
		int w = (int)in->alc_warp[i] & (RN_MAX_WARPS - 1), r = (int)in->alc_reg[i] & 63;
		/* memra's grant_i: a successful TFET allocation (requested and TFET) takes 2 */
		if (k->tfet[i] && bit(L, out, k->p_tfet_o, i))
			k->budget[w] = k->budget[w] > 2 ? k->budget[w] - 2 : 0;
		k->dec[w][r] = 0;
	}
}
