/* sm_rfc_stim.c - stimulus for the composed block sm_rfc (two-level
 * scheduler + register file cache): the synthetic SM of sm_rfc_env.c in random
 * mode, and directed cases that run the same environment with settings that
 * make one corner case of spec §8/§9 frequent, check it every cycle, and
 * fail when it never happened (docs/sm_rfc.md "Directed cases"). */
#include <stdio.h>
#include <string.h>

#include "rfc.h"
#include "sched2l.h"
#include "sm_rfc_cover.h"
#include "sm_rfc_env.h"
#include "sm_rfc.h"
#include "wg_comp.h"
#include "wg_bits.h"
#include "wg_kit.h"

enum {
	C_DEM_PRO,
	C_BARRIER,
	C_LATE,
	C_MARK_ALWAYS,
	C_MARK_PENDING,
	C_EXIT,
	C_RESET,
	C_REUSE,
	C_SUPERSEDED,
	SMR_NCASES
};

/* Each case: environment knobs, length, a forced mid-run reset (or -1). */
static const struct smr_preset {
	const char *knobs;
	long cycles;
	long reset_at;
} smr_presets[SMR_NCASES] = {
	[C_DEM_PRO] = {"LL_PCT=20,LL_LAT=60,HOIST=4,KLEN=100000,BAR_PM=0,RESET_PPM=0", 3000, -1},
	[C_BARRIER] = {"GROUP=8,BAR_PM=20,LL_PCT=2,LL_LAT=60,KLEN=100000,RESET_PPM=0", 3000, -1},
	[C_LATE] = {"LL_PCT=15,LL_LAT=30,HOIST=24,SFU_PCT=20,SHM_PCT=20,SFU_LAT=40,SHM_LAT=40,KLEN=100000,BAR_PM=0,"
		    "RESET_PPM=0",
		    4000, -1},
	[C_MARK_ALWAYS] = {"LL_PCT=10,LL_LAT=20,HOIST=30,KLEN=100000,BAR_PM=0,RESET_PPM=0", 3000, -1},
	[C_MARK_PENDING] = {"LL_PCT=10,LL_LAT=40,HOIST=20,KLEN=100000,BAR_PM=0,RESET_PPM=0", 3000, -1},
	[C_EXIT] = {"KLEN=60,GROUP=4,LL_PCT=3,LL_LAT=60,BAR_PM=0,RESET_PPM=0", 3000, -1},
	[C_RESET] = {"LL_PCT=5,LL_LAT=60,KLEN=100000,BAR_PM=0,RESET_PPM=0", 1200, 600},
	[C_REUSE] = {"LL_PCT=10,LL_LAT=20,HOIST=30,KLEN=100000,BAR_PM=0,RESET_PPM=0", 3000, -1},
	[C_SUPERSEDED] = {"REGS=12,LL_PCT=15,LL_LAT=30,HOIST=3,ALU_LAT=20,KLEN=100000,BAR_PM=0,RESET_PPM=0", 5000, -1},
};

/* A result written into a slot whose contents are checked at the start of the next cycle. */
typedef struct smr_pending_chk {
	int warp, reg;   /* written register (-1: none) */
	long cyc;        /* cycle of the write */
} smr_pending_chk;

typedef struct smr_stim {
	const wg_layout *L;     /* frame layout */
	int cs;                 /* directed case, or -1 */
	int A, W, bdem;         /* ACTIVE, WARPS, BARRIER_DEMOTE */
	long end;               /* directed: cycles to run */
	long seen[4];           /* directed: how often each checked event happened */
	long dem_cyc[64];       /* per warp: cycle of its last demotion (-1) */
	long pro_cyc[64];       /* per warp: cycle of its last promotion (-1) */
	int gone[64];           /* per warp: exited with live entries, not relaunched yet */
	int slot_drained[64];   /* per slot: entries drained since it was last released */
	int slot_rel[64];       /* per slot: the warp that last released it (-1: none yet) */
	int watch_slot;         /* exit case: slot released by an exit with live entries (-1) */
	int sup_warp, sup_reg, sup_slot; /* superseded case: the old entry that must never be drained (-1) */
	uint64_t held;          /* reuse case: warps held back by their draining slot */
	smr_pending_chk chk;    /* late case: a result that must sit in the warp's new slot */
	wg_case_runner run;     /* directed: the case's runner (wg_kit.h) */
	sm_env *env;            /* the environment (after this struct) */
} smr_stim;

static size_t head_size(void) { return (sizeof(smr_stim) + 15u) & ~(size_t)15u; }

static size_t smr_stim_size(const long *p) { return head_size() + sme_size(p); }

static void smr_stim_observe(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc)
{
	smr_stim *s = st;
	sme_observe(s->env, model, in, out, cyc);
}

/* ---- directed cases (wg_kit.h): one function each, the environment as their drive ---- */

static uint64_t bit(int i) { return UINT64_C(1) << i; }

/* CHECK phase: event i happened (the first of event 0 takes the marker). */
static void mark_key(smr_stim *s, wg_cyc *c, int i)
{
	if (s->seen[i]++ == 0 && i == 0)
		wg_key(c);
}

/* Live (valid, not dead) entries of an RFC slot at the start of the cycle. */
static int live_entries(const rfc_model *rfc, int slot)
{
	int n = 0, N = rfc_config(rfc)->entries;
	for (int e = 0; e < N; e++)
		n += rfc_entry_valid(rfc, slot, e) && !rfc_entry_dead(rfc, slot, e);
	return n;
}

static int holds_reg(const rfc_model *rfc, int slot, int reg)
{
	int N = rfc_config(rfc)->entries;
	for (int e = 0; e < N; e++)
		if (rfc_entry_valid(rfc, slot, e) && rfc_entry_tag(rfc, slot, e) == reg)
			return e;
	return -1;
}

/* Per-slot drain bookkeeping shared by the cases. */
static void track_slots(smr_stim *s, const rfc_model *rfc, const sme_view *v)
{
	for (int j = 0; j < 4; j++)
		if ((v->fl_valid >> j) & 1u) {
			int sl = rfc_warp_slot(rfc, v->fl_warp[j]);
			if (sl >= 0)
				s->slot_drained[sl]++;
		}
	int rel = v->dem_valid ? v->dem_slot : v->ext_valid ? v->ext_slot : -1;
	if (rel >= 0) {
		s->slot_drained[rel] = 0;
		s->slot_rel[rel] = v->dem_valid ? v->dem_warp : v->ext_warp;
	}
}

/* The drive of every case: the environment with the case's preset, for
 * s->end cycles. It keeps state, so it runs in the DRIVE phase only. */
static void env_cycle(smr_stim *s, wg_cyc *c)
{
	wg_case_len(c, s->end);
	if (c->phase == WG_DRIVE && c->t < s->end)
		sme_drive(s->env, c->model, c->in, c->cyc);
}

/* CHECK phase of a cycle without reset: the environment's view of it; else NULL. */
static const sme_view *checking(const smr_stim *s, const wg_cyc *c)
{
	if (!wg_checking(c))
		return NULL;
	const sme_view *v = sme_now(s->env);
	return v->reset ? NULL : v;
}

static const rfc_model *rfc_of(const wg_cyc *c) { return wg_comp_child(c->model, SMR_I_RFC); }

static void case_dem_pro(void *st, wg_cyc *c)
{
	smr_stim *s = st;
	env_cycle(s, c);
	const sme_view *v = checking(s, c);
	if (v) {
		const rfc_model *rfc = rfc_of(c);
		if (v->dem_valid && v->pro_valid) {
			WG_EXPECT(c, v->pro_slot != v->dem_slot, "promotion into slot %d, which is being demoted", v->dem_slot);
			mark_key(s, c, 0);
		}
		if (v->pro_valid) {
			/* nothing of the previous owner is left in the slot (drained, dropped as dead or superseded) */
			WG_EXPECT(c, rfc_slot_nvalid(rfc, v->pro_slot) == 0 && !rfc_slot_pinned(rfc, v->pro_slot),
				  "slot %d promoted into while it still holds %d entries of warp %d", v->pro_slot,
				  rfc_slot_nvalid(rfc, v->pro_slot), rfc_slot_owner(rfc, v->pro_slot));
			if (s->slot_rel[v->pro_slot] >= 0 && s->slot_drained[v->pro_slot] > 0)
				mark_key(s, c, 1); /* a slot whose live entries drained, reused */
		}
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[0], "no cycle had both a demotion and a promotion");
		WG_EXPECT(c, s->seen[1], "no slot released with live entries was promoted into after its drain");
	}
}

static void case_barrier(void *st, wg_cyc *c)
{
	smr_stim *s = st;
	env_cycle(s, c);
	const sme_view *v = checking(s, c);
	if (v) {
		/* ACTIVE warps (or every slot's warp) at the barrier while a warp of the CTA is pending */
		uint64_t slots_bar = 0;
		int nslots = 0;
		for (int sl = 0; sl < s->A; sl++)
			if ((v->slot_valid >> sl) & 1u) {
				nslots++;
				slots_bar |= (v->bar >> v->slot_warp[sl]) & 1u ? bit(sl) : 0;
			}
		uint64_t pending_not_bar = v->resident & ~v->active & ~v->bar;
		int all_bar = nslots == s->A && (int)wg_popc64(slots_bar) == s->A;
		if (all_bar && pending_not_bar)
			WG_EXPECT(c, v->dem_valid && v->dem_cause == S2L_CAUSE_BARRIER,
				  "every slot holds a warp blocked at a barrier while warps it waits for are pending, and none "
				  "is demoted: deadlock (spec §9 #13)");
		if ((int)wg_popc64(v->bar) >= s->A && pending_not_bar && !s->seen[0])
			mark_key(s, c, 0);
		if (s->seen[0] && sme_get_stats(s->env)->releases > 0)
			s->seen[1] = 1;
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[0], "ACTIVE warps never waited at a barrier with warps of their CTA pending");
		WG_EXPECT(c, s->seen[1], "the barrier never released");
	}
}

/* The late case's checks of this cycle's write-back (v->wr_valid). */
static void late_write(smr_stim *s, wg_cyc *c, const sme_view *v)
{
	const rfc_model *rfc = rfc_of(c);
	int w = v->wr_warp;
	if (s->dem_cyc[w] > v->wr_issued && !v->wr_owned) { /* in flight across the demotion */
		WG_EXPECT(c, v->wb_valid && v->wb_cause == RFC_WB_LATE && v->wb_warp == w && v->wb_reg == v->wr_reg,
			  "result r%d of demoted warp %d must go to the MRF as LATE", v->wr_reg, w);
		mark_key(s, c, 0);
	}
	if (s->dem_cyc[w] > v->wr_issued && v->wr_owned && s->pro_cyc[w] > s->dem_cyc[w]) {
		/* issued before a demotion, written after the re-promotion: into the new slot */
		int fallback = v->wb_valid && v->wb_cause == RFC_WB_FALLBACK;
		if (!v->wr_bypass && !fallback && v->wr_mask == wg_ones64(rfc_config(rfc)->lanes)) {
			s->chk = (smr_pending_chk){.warp = w, .reg = v->wr_reg, .cyc = c->cyc};
			mark_key(s, c, 1);
		}
	}
}

static void case_late(void *st, wg_cyc *c)
{
	smr_stim *s = st;
	env_cycle(s, c);
	const sme_view *v = checking(s, c);
	if (v) {
		if (s->chk.warp >= 0) { /* last cycle's result of a re-promoted warp: it is in the warp's slot now */
			const rfc_model *rfc = rfc_of(c);
			int sl = rfc_warp_slot(rfc, s->chk.warp);
			WG_EXPECT(c, sl >= 0 && holds_reg(rfc, sl, s->chk.reg) >= 0,
				  "warp %d's result r%d (written at cycle %ld after its re-promotion) is not in its new slot",
				  s->chk.warp, s->chk.reg, s->chk.cyc);
			s->chk.warp = -1;
		}
		if (v->wr_valid)
			late_write(s, c, v);
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[0], "no result of a demoted warp arrived after its demotion");
		WG_EXPECT(c, s->seen[1], "no result in flight across a demotion arrived after the warp's re-promotion");
	}
}

static void case_mark_always(void *st, wg_cyc *c)
{
	smr_stim *s = st;
	env_cycle(s, c);
	const sme_view *v = checking(s, c);
	if (v) {
		const s2l_model *sch = wg_comp_child(c->model, SMR_I_SCHED);
		if (v->dem_valid && v->dem_cause == S2L_CAUSE_MARK && !((v->llp >> v->dem_warp) & 1u) &&
		    live_entries(rfc_of(c), v->dem_slot) > 0) {
			mark_key(s, c, 0); /* value back, still demoted, with entries to flush */
		}
		if (v->iss_valid && ((v->mark >> v->iss_warp) & 1u)) {
			WG_EXPECT(c, (s2l_resumed(sch) >> v->iss_warp) & 1u,
				  "warp %d issued a marked consumer without a demotion", v->iss_warp);
			if (s->seen[0])
				s->seen[1]++; /* issued after re-promotion */
		}
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[0],
			  "no warp was demoted for a marked consumer whose value had returned, with live entries");
		WG_EXPECT(c, s->seen[1], "no marked consumer issued after its warp's re-promotion");
		WG_EXPECT(c, sme_get_stats(s->env)->drained > 0, "nothing was flushed");
	}
}

static void case_mark_pending(void *st, wg_cyc *c)
{
	smr_stim *s = st;
	env_cycle(s, c);
	const sme_view *v = checking(s, c);
	if (v) {
		const s2l_model *sch = wg_comp_child(c->model, SMR_I_SCHED);
		if (v->dem_valid && v->dem_cause == S2L_CAUSE_MARK) {
			WG_EXPECT(c, (v->llp >> v->dem_warp) & 1u,
				  "warp %d demoted for a marked consumer whose value had already returned (SUSPEND=PENDING)",
				  v->dem_warp);
			s->seen[1]++;
		}
		if (v->iss_valid && ((v->mark >> v->iss_warp) & 1u) && !((v->llp >> v->iss_warp) & 1u) &&
		    !((s2l_resumed(sch) >> v->iss_warp) & 1u))
			mark_key(s, c, 0); /* a marked consumer issued without a demotion */
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[0], "no marked consumer whose value had returned issued without a demotion");
		WG_EXPECT(c, s->seen[1], "no warp was demoted for a marked consumer whose value was pending");
	}
}

static void case_exit(void *st, wg_cyc *c)
{
	smr_stim *s = st;
	env_cycle(s, c);
	const sme_view *v = checking(s, c);
	if (v) {
		for (int j = 0; j < 4; j++)
			if ((v->fl_valid >> j) & 1u)
				WG_EXPECT(c, !s->gone[v->fl_warp[j]], "exited warp %d's r%d was drained to the MRF",
					  v->fl_warp[j], v->fl_reg[j]);
		if (v->wb_valid)
			WG_EXPECT(c, !s->gone[v->wb_warp], "exited warp %d wrote r%d to the MRF", v->wb_warp, v->wb_reg);
		if (v->ext_valid && live_entries(rfc_of(c), v->ext_slot) > 0) {
			s->gone[v->ext_warp] = 1;
			s->watch_slot = v->ext_slot;
			s->seen[1]++;
		}
		if (v->pro_valid && v->pro_slot == s->watch_slot) {
			mark_key(s, c, 0); /* the slot of the exited warp, FREE, to a pending warp */
			s->watch_slot = -1;
		}
		for (int w = 0; w < s->W && w < 64; w++)
			if (s->gone[w] && ((v->launch >> w) & 1u))
				s->gone[w] = 0;
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[1], "no warp exited with live entries in its slot");
		WG_EXPECT(c, s->seen[0], "the slot of a warp that exited with live entries never went to a pending warp");
	}
}

/* The reset case's checks of the first cycle after a reset (cycle 2, and the one after the forced reset). */
static void reset_slots(smr_stim *s, wg_cyc *c, const sme_view *v)
{
	const rfc_model *rfc = rfc_of(c);
	for (int sl = 0; sl < s->A; sl++) {
		WG_EXPECT(c, ((v->slot_valid >> sl) & 1u) && v->slot_warp[sl] == sl, "after reset slot %d must hold warp %d",
			  sl, sl);
		WG_EXPECT(c, rfc_slot_state(rfc, sl) == RFC_SLOT_OWNED && rfc_slot_owner(rfc, sl) == sl &&
				     rfc_slot_nvalid(rfc, sl) == 0,
			  "after reset RFC slot %d must be OWNED by warp %d and empty", sl, sl);
	}
	s->seen[c->cyc == 2 ? 0 : 1] |= 1;
}

/* The reset case's checks of a lookup by warps 0..A-1: registers not written since the reset miss. */
static void reset_reads(smr_stim *s, wg_cyc *c, const sme_view *v)
{
	uint64_t wr = sme_written(s->env, v->lu_warp);
	int after = c->cyc > smr_presets[C_RESET].reset_at;
	for (int p = 0; p < v->lu.nsrc; p++)
		if (!((wr >> v->lu.src[p]) & 1u)) {
			WG_EXPECT(c, !((v->lu_hit >> p) & 1u), "warp %d's first read of r%d after reset hits", v->lu_warp,
				  v->lu.src[p]);
			if (s->seen[2 + after]++ == 0 && after)
				wg_key(c);
		}
}

static void case_reset(void *st, wg_cyc *c)
{
	smr_stim *s = st;
	env_cycle(s, c);
	const sme_view *v = checking(s, c);
	if (v) {
		if (c->cyc == 2 || c->cyc == smr_presets[C_RESET].reset_at + 1) {
			reset_slots(s, c, v);
			if (c->fail)
				return;
		}
		if (v->lu_warp >= 0 && v->lu_warp < s->A) /* first reads of registers not written since the reset */
			reset_reads(s, c, v);
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[0] && s->seen[1], "the first cycle after each reset was not checked");
		WG_EXPECT(c, s->seen[2] && s->seen[3], "no first read (a miss) by warps 0..ACTIVE-1 after each reset");
	}
}

static void case_reuse(void *st, wg_cyc *c)
{
	smr_stim *s = st;
	env_cycle(s, c);
	const sme_view *v = checking(s, c);
	if (v) {
		const rfc_model *rfc = rfc_of(c);
		uint64_t freeslot = v->slot_free & ~v->slot_valid;
		for (int w = 0; w < s->W; w++) {
			uint64_t b = bit(w);
			int sl = rfc_warp_slot(rfc, w);
			if ((v->resident & b) && !(v->active & b) && !(v->llp & b) && !(v->bar & b) && sl >= 0 &&
			    rfc_slot_state(rfc, sl) == RFC_SLOT_DRAINING && freeslot) {
				WG_EXPECT(c, !(v->pro_valid && v->pro_warp == w),
					  "warp %d promoted while its old slot %d still drains", w, sl);
				mark_key(s, c, 0); /* ready, a slot free, held back by its draining slot */
				s->held |= b;
			}
		}
		if (v->pro_valid && ((s->held >> v->pro_warp) & 1u)) {
			s->seen[1]++; /* promoted after its drain */
			s->held &= ~bit(v->pro_warp);
		}
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[0], "no ready warp was held back by its draining slot while a slot was free");
		WG_EXPECT(c, s->seen[1], "no held-back warp was promoted after its drain");
	}
}

/* The superseded case's checks of a write-back of a warp whose slot is not OWNED. */
static void superseded_write(smr_stim *s, wg_cyc *c, const sme_view *v)
{
	const rfc_model *rfc = rfc_of(c);
	int sl = rfc_warp_slot(rfc, v->wr_warp);
	if (sl < 0 || rfc_slot_state(rfc, sl) != RFC_SLOT_DRAINING || holds_reg(rfc, sl, v->wr_reg) < 0)
		return;
	WG_EXPECT(c, v->wb_valid && v->wb_cause == RFC_WB_LATE, "the newer r%d goes to the MRF as LATE", v->wr_reg);
	for (int j = 0; j < 4; j++)
		WG_EXPECT(c, !(((v->fl_valid >> j) & 1u) && v->fl_warp[j] == v->wr_warp && v->fl_reg[j] == v->wr_reg),
			  "the old r%d is drained in the cycle its newer value arrives", v->wr_reg);
	/* A full-mask result supersedes the old entry: it must never be drained. A
	 * partial one is written through into it (docs/rfc.md §4 B), so the entry is
	 * drained later with merged lanes, which the environment's data checks verify. */
	if (v->wr_mask == wg_ones64(rfc_config(rfc)->lanes)) {
		s->sup_warp = v->wr_warp;
		s->sup_reg = v->wr_reg;
		s->sup_slot = sl;
	}
	mark_key(s, c, 0);
}

static void case_superseded(void *st, wg_cyc *c)
{
	smr_stim *s = st;
	env_cycle(s, c);
	const sme_view *v = checking(s, c);
	if (v) {
		for (int j = 0; j < 4; j++)
			if (((v->fl_valid >> j) & 1u) && v->fl_warp[j] == s->sup_warp && v->fl_reg[j] == s->sup_reg)
				WG_EXPECT(c, 0, "the old r%d of warp %d was drained after its newer value went to the MRF",
					  s->sup_reg, s->sup_warp);
		if (s->sup_warp >= 0 && rfc_slot_state(rfc_of(c), s->sup_slot) != RFC_SLOT_DRAINING)
			s->sup_warp = -1; /* its slot is FREE: nothing left to drain */
		if (v->wr_valid && !v->wr_owned)
			superseded_write(s, c, v);
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "no newer result arrived while the old value waited in a draining slot");
}

static const wg_case_def smr_cases[SMR_NCASES] = {
	[C_DEM_PRO] = {"demote_promote_same_cycle",
		"a demotion and a promotion in one cycle; the demoted slot drains and is promoted into only once FREE, and "
		"both instances agree on its new owner",
		"spec §9 #7", "WARPS=16,ACTIVE=4,LANES=4", .run = case_dem_pro,
		.focus = "mark_i dem_valid_o dem_slot_o dem_warp_o pro_valid_o pro_slot_o pro_warp_o fl_valid_o slot_free_o u_rfc.st_q u_rfc.owner_q"},
	[C_BARRIER] = {"barrier_all_active",
		"ACTIVE warps wait at a barrier while warps of their CTA are still pending: demotion lets those in and the "
		"barrier releases (no deadlock)",
		"spec §9 #13, §8 #16", "WARPS=8,ACTIVE=4,LANES=4", .run = case_barrier,
		.focus = "bar_i rdy_i iss_valid_o iss_warp_o dem_valid_o dem_cause_o pro_valid_o pro_warp_o u_sched.sv_q u_sched.sw_q u_rfc.st_q"},
	[C_LATE] = {"late_results_of_demoted_warp",
		"results in flight across a demotion go to the MRF as LATE, or into the warp's new slot after its "
		"re-promotion, never into another warp's slot",
		"spec §9 #4, §8 #10", "WARPS=6,ACTIVE=4,LANES=4", .run = case_late,
		.focus = "wr_valid_i wr_warp_i wr_reg_i dem_valid_o dem_warp_o pro_valid_o pro_slot_o wb_valid_o wb_cause_o wb_warp_o u_rfc.st_q u_rfc.owner_q"},
	[C_MARK_ALWAYS] = {"marked_value_returned",
		"SUSPEND=ALWAYS: a marked consumer whose value has returned still demotes the warp, flushes its slot, and "
		"issues after re-promotion",
		"spec §9 #12, §8 #6", "WARPS=16,ACTIVE=4,LANES=4,SUSPEND=ALWAYS", .run = case_mark_always,
		.focus = "mark_i wr_valid_i wr_warp_i dem_valid_o dem_cause_o fl_valid_o fl_warp_o pro_valid_o iss_valid_o iss_warp_o u_sched.sv_q u_rfc.st_q"},
	[C_MARK_PENDING] = {"marked_value_returned_pending",
		"SUSPEND=PENDING: a marked consumer whose value has returned issues without a demotion; one whose value is "
		"pending is demoted",
		"spec §9 #12, §8 #6", "WARPS=16,ACTIVE=4,LANES=4,SUSPEND=PENDING", .run = case_mark_pending,
		.focus = "mark_i wr_valid_i wr_warp_i iss_valid_o iss_warp_o dem_valid_o dem_warp_o dem_cause_o u_sched.rsm_q u_sched.sv_q u_sched.sw_q"},
	[C_EXIT] = {"warp_exit_with_entries",
		"a warp exits with live entries: no drain or MRF write of them, the slot becomes FREE and a pending warp "
		"gets it",
		"spec §9 #14, §8 #17", "WARPS=12,ACTIVE=4,LANES=4", .run = case_exit,
		.focus = "fin_i iss_valid_o iss_warp_o ext_valid_o ext_warp_o wb_valid_o fl_valid_o slot_free_o pro_valid_o pro_warp_o u_rfc.st_q u_rfc.owner_q"},
	[C_RESET] = {"reset_and_first_activation",
		"after reset (and a mid-run reset) warps 0..A-1 own empty slots; their first reads miss to the MRF",
		"spec §9 #18", "WARPS=8,ACTIVE=4,LANES=4", .run = case_reset,
		.focus = "rst_i lu_en_i lu_reg_i iss_valid_o iss_warp_o lu_hit_o rd_valid_o u_sched.sv_q u_sched.sw_q u_rfc.st_q u_rfc.owner_q"},
	[C_REUSE] = {"slot_reuse_waits_for_drain",
		"a demoted warp whose operands are back stays pending while its old slot drains, even with a free slot; it "
		"is promoted after the drain",
		"spec §8 #11", "WARPS=6,ACTIVE=4,LANES=4,ENTRIES=8", .run = case_reuse,
		.focus = "wr_valid_i wr_warp_i dem_valid_o dem_slot_o fl_valid_o slot_free_o pro_valid_o pro_slot_o pro_warp_o u_sched.rsm_q u_sched.sv_q u_rfc.st_q"},
	[C_SUPERSEDED] = {"superseded_entry_at_flush",
		"a demoted warp's newer result arrives while its draining slot still holds the old value: the old one is "
		"never written back",
		"spec §9 #5", "WARPS=8,ACTIVE=4,LANES=4,ENTRIES=16,LIVENESS=0", .run = case_superseded,
		.focus = "wr_valid_i wr_warp_i wr_reg_i dem_valid_o dem_warp_o fl_valid_o fl_reg_o fl_data_o wb_cause_o u_rfc.st_q u_rfc.valid_q"},
};


static const char *smr_stim_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx,
				 uint64_t seed, char *err, size_t n)
{
	smr_stim *s = st;
	long k[SME_NKNOBS];
	memcpy(k, knobs, sizeof k);
	s->L = L;
	s->cs = case_idx;
	s->A = (int)p[SMR_P_ACTIVE];
	s->W = (int)p[SMR_P_WARPS];
	s->bdem = (int)p[SMR_P_BARRIER_DEMOTE];
	s->watch_slot = s->sup_warp = s->sup_reg = s->chk.warp = -1;
	for (int i = 0; i < 64; i++) {
		s->dem_cyc[i] = s->pro_cyc[i] = -1;
		s->slot_rel[i] = -1;
	}
	s->env = (sm_env *)((char *)st + head_size());
	if (case_idx >= 0) {
		const struct smr_preset *pr = &smr_presets[case_idx];
		wg_block kb = {.name = "knob", .params = sme_knobs, .nparams = SME_NKNOBS};
		if (wg_params_apply(&kb, k, pr->knobs, err, n))
			return err;
		s->end = pr->cycles;
		if (s->W < 4 || s->A < 2 || s->A >= s->W || p[SMR_P_LANES] < 2) {
			snprintf(err, n, "sm_rfc: directed cases need 2 <= ACTIVE < WARPS, WARPS >= 4 and LANES >= 2");
			return err;
		}
	}
	const char *msg = sme_init(s->env, p, L, k, seed, err, n);
	if (msg)
		return msg;
	if (case_idx < 0)
		return NULL;
	if (smr_presets[case_idx].reset_at >= 0)
		sme_force_reset(s->env, smr_presets[case_idx].reset_at);
	/* no prologue: the environment resets cycles 0 and 1 itself, so t = cyc */
	return wg_case_start(&s->run, &smr_cases[case_idx], (size_t)L->nwords[WG_IN], NULL, 0, err, n);
}

static int smr_stim_next(void *st, const void *model, uint32_t *in, long cyc)
{
	smr_stim *s = st;
	if (s->cs >= 0)
		return wg_case_drive(&s->run, s, model, in, cyc);
	sme_drive(s->env, model, in, cyc);
	return 1;
}

static const char *smr_stim_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
				  char *buf, size_t n)
{
	smr_stim *s = st;
	const char *e = sme_error(s->env, NULL);
	if (e) {
		snprintf(buf, n, "%s", e);
		return buf;
	}
	if (s->cs < 0)
		return NULL;
	const sme_view *v = sme_now(s->env);
	const char *msg = wg_case_check(&s->run, s, model, in, out, cyc, buf, n);
	if (!v->reset) { /* every case: per-slot and per-warp bookkeeping, after the case's checks */
		track_slots(s, wg_comp_child(model, SMR_I_RFC), v);
		if (v->dem_valid)
			s->dem_cyc[v->dem_warp] = cyc;
		if (v->pro_valid)
			s->pro_cyc[v->pro_warp] = cyc;
	}
	return msg;
}

static const char *smr_stim_finish(void *st, long *key, char *buf, size_t n)
{
	smr_stim *s = st;
	*key = -1; /* random stimulus marks no cycle */
	const char *msg = s->cs < 0 ? NULL : wg_case_finish(&s->run, s, key, buf, n);
	const char *e = sme_error(s->env, NULL); /* the environment's checks come first */
	if (e) {
		snprintf(buf, n, "%s", e);
		return buf;
	}
	return msg;
}

static void smr_stim_cover(const void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc,
			   uint64_t *hits)
{
	const smr_stim *s = st;
	(void)cyc;
	smr_cover(s->L, model, in, out, sme_now(s->env), hits);
}

const wg_stim_def wg_stim_sm_rfc = {
	.block = &wg_block_sm_rfc,
	.knobs = sme_knobs,
	.nknobs = SME_NKNOBS,
	.cases = smr_cases,
	.ncases = SMR_NCASES,
	.size = smr_stim_size,
	.init = smr_stim_init,
	.next = smr_stim_next,
	.observe = smr_stim_observe,
	.check = smr_stim_check,
	.finish = smr_stim_finish,
	.cov = smr_cov_points,
	.ncov = SMR_NCOV_POINTS,
	.cover = smr_stim_cover,
};
