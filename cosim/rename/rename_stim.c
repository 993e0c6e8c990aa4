/* rename_stim.c - stimulus for the register renaming table `rename`: the
 * synthetic SM of rename_env.c in random mode (checks data every cycle), and
 * the directed cases of spec §11 (rename_cases.c), run by the kit's runner
 * (wg_kit.h): scripts of port commands with checks of their own, and runs of
 * the synthetic SM with a preset. Here: what the cases share (the
 * environment's data check, the scripts' step advance, the checks of every
 * grant a script gets and their bookkeeping). */
#include <stdio.h>
#include <string.h>

#include "rename.h"
#include "rename_cases.h"
#include "rename_cover.h"
#include "rename_env.h"
#include "rename_stim.h"
#include "wg_stim.h"

static size_t head_size(void) { return (sizeof(rs_stim) + 15u) & ~(size_t)15u; }
static size_t rs_size(const long *p) { return head_size() + rne_size(p); }

static int env_mode(const rs_stim *s) { return s->cs < 0 || rs_presets[s->cs].knobs; }

/* ---- init ---- */

/* Random mode (case_idx < 0) or an env-driven case: the environment, with the case's preset. */
static const char *init_env(rs_stim *s, const long *p, const long *knobs, int case_idx, uint64_t seed, char *err,
			    size_t n)
{
	long k[RNE_NKNOBS];
	memcpy(k, knobs, sizeof k);
	const rs_preset *pr = case_idx >= 0 ? &rs_presets[case_idx] : NULL;
	if (pr) {
		wg_block kb = {.name = "knob", .params = rne_knobs, .nparams = RNE_NKNOBS};
		if (wg_params_apply(&kb, k, pr->knobs, err, n))
			return err;
		s->end = pr->cycles;
	}
	/* GATING=STATIC: a launch with kw*kr > PHYS_REGS is a protocol violation (W-P1-3's premise) */
	if (s->cls.gating == RSC_STATIC)
		k[RNE_K_OVERSUB_PCT] = 0;
	/* TFET classes: a load needs a CMOS id (A11), so a kernel whose mappings could fill every
	 * CMOS id while a load waits may deadlock with TFET ids free (docs/rename.md, W-P1-3's
	 * class-level caveat: the environment's to avoid). Random kernels keep kw*kr <= N_CMOS (a
	 * looser bound, N_CMOS + N_TFET/2 under MEM_RA, deadlocked under STATIC in a trial). */
	if (s->cls.tfet_rows > 0) {
		long kw = k[RNE_K_KWARPS] && k[RNE_K_KWARPS] < s->c.warps ? k[RNE_K_KWARPS] : s->c.warps;
		long cap = s->cls.pt / kw < 1 ? 1 : s->cls.pt / kw;
		if (k[RNE_K_REGS_MAX] > cap)
			k[RNE_K_REGS_MAX] = cap;
		if (k[RNE_K_REGS_MIN] > k[RNE_K_REGS_MAX])
			k[RNE_K_REGS_MIN] = k[RNE_K_REGS_MAX];
	}
	const char *msg = rne_init(s->env, p, k, NULL, seed, err, n);
	if (msg)
		return msg;
	if (pr && pr->reset_at >= 0)
		rne_force_reset(s->env, pr->reset_at);
	return NULL;
}

/* The scripted cases name warps 0..3, registers up to 15, ids and banks. */
static const char *script_cfg_ok(const rs_stim *s, int case_idx, char *err, size_t n)
{
	if (s->c.warps < 4 || s->c.lookup_ports != 4 || s->c.rt_banks != 4 || s->c.rf_banks != 4 ||
	    s->c.alloc_ports < 2 || s->c.fc_entries != (case_idx == C_FC_PINNED ? 3 : 4) || s->c.phys != 32 ||
	    s->c.subarrays != 2) {
		snprintf(err, n, "rename: the scripted cases need WARPS>=4, LOOKUP_PORTS=4, RT_BANKS=4, RF_BANKS=4, "
				 "ALLOC_PORTS>=2, FC_ENTRIES=4 (3 for flag_cache_pinned), PHYS_REGS=32, SUBARRAYS=2 (their scripts "
				 "name ids and banks)");
		return err;
	}
	if (case_idx >= C_CLS_REQ && (s->cls.tfet_rows != 2 || s->cls.pt != 24)) {
		snprintf(err, n, "rename: the TFET class cases need TFET_ROWS=2 (TFET ids 24..31; their scripts name ids)");
		return err;
	}
	return NULL;
}

static const char *rs_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx,
			   uint64_t seed, char *err, size_t n)
{
	rs_stim *s = st;
	s->L = L;
	rn_cfg_from_params(&s->c, p);
	s->cs = case_idx;
	s->env = (rn_env *)((char *)st + head_size());
	for (int w = 0; w < RN_MAX_WARPS; w++)
		for (int r = 0; r < 64; r++)
			s->pmap[w][r] = -1;
	s->last = s->c.phys - s->c.phys / s->c.subarrays;
	rsc_init(&s->cls, p, L, seed);
	const char *msg = env_mode(s) ? init_env(s, p, knobs, case_idx, seed, err, n) : script_cfg_ok(s, case_idx, err, n);
	if (msg || case_idx < 0)
		return msg;
	if (!env_mode(s))
		rs_script_start(s);
	/* no prologue: a script's first step, and the environment's cycle 0, reset the block */
	return wg_case_start(&s->run, &rs_cases[case_idx], (size_t)L->nwords[WG_IN], NULL, 0, err, n);
}

/* ---- every cycle ---- */

static int rs_next(void *st, const void *model, uint32_t *in, long cyc)
{
	rs_stim *s = st;
	memset(&s->in, 0, sizeof s->in);
	if (s->cs >= 0)
		return wg_case_drive(&s->run, s, model, in, cyc);
	rne_drive(s->env, model, &s->in, cyc);
	rne_pack_in(s->L, &s->c, &s->in, in);
	rsc_random(&s->cls, s->env, &s->in);
	rsc_put(&s->cls, s->L, in);
	return 1;
}

static void rs_observe(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc)
{
	rs_stim *s = st;
	(void)in;
	rne_unpack_out(s->L, &s->c, out, &s->out);
	if (env_mode(s)) {
		rne_observe(s->env, model, &s->in, &s->out, cyc);
		return;
	}
	s->frees += s->out.ev[RN_EV_FREE];
	rs_advance(s);
}

/* Every scripted case: a grant names a free id, powered in its allocation cycle. */
static const char *grants_ok(const rs_stim *s, const rn_model *m, char *buf, size_t n)
{
	const rn_in *in = &s->in;
	const rn_out *o = &s->out;
	for (int k = 0; k < s->c.alloc_ports; k++)
		if (in->alc_valid[k] && o->alc_gnt[k]) {
			EXPECT(!rn_occupied(m, (int)o->alc_pid[k]), "port %d granted id %u, which is occupied", k,
			       o->alc_pid[k]);
			EXPECT(rs_on(o->reg_on, (int)o->alc_pid[k]), "granted id %u is not powered in its allocation cycle (C18)",
			       o->alc_pid[k]);
		}
	return NULL;
}

static const char *rs_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc, char *buf,
			    size_t n)
{
	rs_stim *s = st;
	if (env_mode(s)) {
		long ec;
		const char *e = rne_error(s->env, &ec);
		if (e) {
			snprintf(buf, n, "%s", e);
			return buf;
		}
		const char *msg = rsc_check(&s->cls, s->L, &s->c, model, &s->in, out, buf, n);
		rsc_observe(&s->cls, s->L, &s->in, out);
		if (msg || s->cs < 0)
			return msg;
		return wg_case_check(&s->run, s, model, in, out, cyc, buf, n);
	}
	const char *msg = grants_ok(s, model, buf, n);
	if (!msg)
		msg = rsc_check(&s->cls, s->L, &s->c, model, &s->in, out, buf, n);
	if (!msg)
		msg = wg_case_check(&s->run, s, model, in, out, cyc, buf, n);
	rsc_observe(&s->cls, s->L, &s->in, out);
	/* remember grants after the checks (they compare with the previous mapping) */
	for (int k = 0; k < s->c.alloc_ports; k++)
		if (s->in.alc_valid[k] && s->out.alc_gnt[k])
			s->pmap[s->in.alc_warp[k]][s->in.alc_reg[k]] = (int)s->out.alc_pid[k];
	return msg;
}

static const char *rs_finish(void *st, long *key_cycle, char *buf, size_t n)
{
	rs_stim *s = st;
	*key_cycle = -1; /* random stimulus marks no cycle */
	return s->cs < 0 ? NULL : wg_case_finish(&s->run, s, key_cycle, buf, n);
}

static void rs_cover(const void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
		     uint64_t *hits)
{
	(void)cyc;
	rn_cover(((const rs_stim *)st)->L, model, in, out, hits);
}

const wg_stim_def wg_stim_rename = {
	.block = &wg_block_rename,
	.knobs = rne_knobs,
	.nknobs = RNE_NKNOBS,
	.cases = rs_cases,
	.ncases = RS_NCASES,
	.size = rs_size,
	.init = rs_init,
	.next = rs_next,
	.observe = rs_observe,
	.check = rs_check,
	.finish = rs_finish,
	.cov = rn_cov_points,
	.ncov = RN_NCOV_POINTS,
	.cover = rs_cover,
};
