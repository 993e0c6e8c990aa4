/* rename_cases_class.c - the directed cases of the TFET register classes
 * of `rename` (docs/rename.md "TFET register classes", "Directed cases
 * (classes)"), in the kit's form like rename_cases.c. Scripted on 4 warps and
 * 32 physical registers, RF_BANKS=4, SUBARRAYS=2, TFET_ROWS=2: TFET ids
 * 24..31 (PT = 24), a kernel of 4 warps x 8 registers has L = 8w + r, table
 * bank r mod 4. Script commands Q (a TFET request, alc_tfet_i) and M (a load,
 * alc_load_i) are allocation requests like A (rename_stim.h). Every cycle the
 * class monitor (rename_class.c) also checks every grant against the page's
 * cascade; the checks here are the scenario's named claims. */
#include "rename_cases.h"
#include "rename_stim.h"

/* ---- helpers: the class ports of this cycle's outputs (CHECK phase) ---- */

static unsigned tfo(const rs_stim *s, const wg_cyc *c, int k)
{
	return (unsigned)wg_slice_get(s->L, c->out, s->cls.p_tfet_o, k, 1);
}

static unsigned ev(const rs_stim *s, const wg_cyc *c, int e) { return rsc_ev(s->L, c->out, e); }

static unsigned nfree_t(const rs_stim *s, const wg_cyc *c)
{
	return (unsigned)wg_port_get(s->L, c->out, s->cls.p_free_tfet);
}

static unsigned port_u(const rs_stim *s, const wg_cyc *c, const char *name)
{
	return (unsigned)wg_port_get(s->L, c->out, wg_port_index(&wg_block_rename, name));
}

static int grant(const rs_stim *s, int k, int pid) { return s->out.alc_gnt[k] && (int)s->out.alc_pid[k] == pid; }

static int popcount_on(const rs_stim *s, const wg_cyc *c)
{
	int n = 0;
	for (int p = 0; p < s->c.phys; p++)
		n += (int)wg_slice_get(s->L, c->out, s->cls.p_reg_on, p, 1);
	return n;
}

/* Map (w, r) for w in [w0, w1), r in [0, 8) with requests of command cmd (A or Q), one per cycle. */
static void map_all(rs_stim *s, char cmd, int w0, int w1, const char *tag)
{
	for (int w = w0; w < w1; w++)
		for (int r = 0; r < 8; r++)
			rs_add(s, "%c %d %d !alc%s;", cmd, w, r, tag);
}

/* ---- cases ---- */

/* MEM_RA: TFET requests get TFET ids, the others CMOS; the class of each source at rename. */
void rsc_case_by_request(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rs_cls *k = &s->cls;
	if (rs_writing(c))
		rs_add(s, "L 4 8 0; Q 0 0, A 0 1 #1; Q 1 2, Q 1 3 #2; P 0 8 0 !pir; I 0 1 0 63 63 !op #3; R 0;"
			  " I 0 0 1 63 0 !op #4; R 0; -");
	rs_drive(s, c);
	if (!wg_checking(c))
		return;
	if (s->tag == 1) {
		WG_EXPECT(c, grant(s, 0, 24) && tfo(s, c, 0), "MEM_RA: a TFET request gets the lowest TFET id 24 (got %s%u)",
			  o->alc_gnt[0] ? "" : "a refusal ", o->alc_pid[0]);
		WG_EXPECT(c, grant(s, 1, 0) && !tfo(s, c, 1), "MEM_RA: a CMOS request gets CMOS id 0 (got %u)", o->alc_pid[1]);
		WG_EXPECT(c, ev(s, c, k->e_atf) == 1 && ev(s, c, k->e_acm) == 1 && ev(s, c, k->e_trf) == 0 &&
				     ev(s, c, k->e_fbt) == 0,
			  "events: alloc_tfet 1, alloc_cmos 1, no fallback");
	}
	if (s->tag == 2)
		WG_EXPECT(c, grant(s, 0, 25) && grant(s, 1, 26) && tfo(s, c, 0) && tfo(s, c, 1),
			  "two TFET requests in one cycle: ids 25 and 26 (got %u, %u)", o->alc_pid[0], o->alc_pid[1]);
	if (s->tag == 3) {
		WG_EXPECT(c, o->op_ready && o->op_src_pid[0] == 0 && o->op_src_pid[1] == 24, "sources r1 -> 0, r0 -> 24");
		WG_EXPECT(c, port_u(s, c, "op_src_tfet_o") == 2 && port_u(s, c, "op_dst_tfet_o") == 0,
			  "one CMOS and one TFET source: op_src_tfet_o = 010 (got %x; W-P1-9)", port_u(s, c, "op_src_tfet_o"));
		rs_key(c);
	}
	if (s->tag == 4)
		WG_EXPECT(c, o->op_ready && !o->op_dst_new && o->op_dst_pid == 24 && port_u(s, c, "op_dst_tfet_o") == 1 &&
				     port_u(s, c, "op_src_tfet_o") == 1,
			  "a write in place to TFET-mapped r0: op_dst_tfet_o = 1, sources 001 (got %u, %x)",
			  port_u(s, c, "op_dst_tfet_o"), port_u(s, c, "op_src_tfet_o"));
	rs_keyed(c);
}

/* W-P1-1: every TFET id occupied: a TFET request gets CMOS; one free TFET id, two requests. */
void rsc_case_tfet_empty(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rs_cls *k = &s->cls;
	if (rs_writing(c)) {
		rs_add(s, "L 4 8 0;");
		map_all(s, 'Q', 0, 1, "");
		rs_add(s, "Q 1 0 #1; B 0 7 !op #2; Q 2 1, Q 2 2 #3; -");
	}
	rs_drive(s, c);
	if (!wg_checking(c))
		return;
	if (s->tag == 1) {
		WG_EXPECT(c, nfree_t(s, c) == 0, "setup: every TFET id occupied (free_tfet_o = %u)", nfree_t(s, c));
		WG_EXPECT(c, grant(s, 0, 0) && !tfo(s, c, 0) && ev(s, c, k->e_trf) == 1 && ev(s, c, k->e_acm) == 1,
			  "W-P1-1: the TFET request falls back to CMOS id 0, tfet_refused = 1 (got %u, refused %u)", o->alc_pid[0],
			  ev(s, c, k->e_trf));
		rs_key(c);
	}
	if (s->tag == 2)
		WG_EXPECT(c, o->op_ready && o->ev[RN_EV_FREE] == 1, "the pbr of (w0, r7) frees TFET id 31");
	if (s->tag == 3) {
		WG_EXPECT(c, nfree_t(s, c) == 1, "one TFET id free at the start of the cycle (free_tfet_o = %u)", nfree_t(s, c));
		WG_EXPECT(c, grant(s, 0, 31) && tfo(s, c, 0) && grant(s, 1, 1) && !tfo(s, c, 1),
			  "two TFET requests, one TFET id: port 0 gets 31, port 1 falls back to CMOS 1 (got %u, %u)",
			  o->alc_pid[0], o->alc_pid[1]);
		WG_EXPECT(c, ev(s, c, k->e_trf) == 1 && ev(s, c, k->e_atf) == 1, "tfet_refused 1, alloc_tfet 1");
	}
	rs_keyed(c);
}

/* W-P1-2: every (powered) CMOS id occupied: a CMOS request gets TFET (MEM_RA and CMOS_RA). */
void rsc_case_cmos_empty(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rs_cls *k = &s->cls;
	if (rs_writing(c)) {
		rs_add(s, "L 4 8 0;");
		map_all(s, 'A', 0, 3, "");
		rs_add(s, "A 3 0 #1; -");
	}
	rs_drive(s, c);
	if (wg_checking(c) && s->tag == 1) {
		WG_EXPECT(c, nfree_t(s, c) == 8, "setup: the 24 CMOS ids occupied, 8 TFET free (free_tfet_o = %u)",
			  nfree_t(s, c));
		WG_EXPECT(c, grant(s, 0, 24) && tfo(s, c, 0), "W-P1-2: the CMOS request falls back to TFET id 24 (got %s%u)",
			  o->alc_gnt[0] ? "" : "a refusal ", o->alc_pid[0]);
		WG_EXPECT(c, ev(s, c, k->e_fbt) == 1 && ev(s, c, k->e_trf) == 0,
			  "fallback_tfet = 1 for a CMOS request given TFET (got %u)", ev(s, c, k->e_fbt));
		rs_key(c);
	}
	rs_keyed(c);
}

/* A11: a load never gets TFET, not even by the fallback; it waits for a CMOS id. */
void rsc_case_load(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rs_cls *k = &s->cls;
	if (rs_writing(c)) {
		rs_add(s, "L 4 8 0;");
		map_all(s, 'A', 0, 3, "");
		rs_add(s, "M 3 0, A 3 1 #1; M 3 0, A 3 2 #1; B 0 3, M 3 0 #2; M 3 0 !alc #3; -");
	}
	rs_drive(s, c);
	if (!wg_checking(c))
		return;
	if (s->tag == 1) {
		WG_EXPECT(c, !o->alc_gnt[0] && nfree_t(s, c) > 0,
			  "A11: the load is refused while only TFET ids are free (free_tfet_o = %u)", nfree_t(s, c));
		WG_EXPECT(c, o->alc_gnt[1] && tfo(s, c, 1) && ev(s, c, k->e_fbt) == 1 && o->ev[RN_EV_ALLOC_STALL] == 1,
			  "the non-load request of the same cycle gets a TFET id (fallback), one alloc_stall");
		rs_key(c);
	}
	if (s->tag == 2)
		WG_EXPECT(c, o->ev[RN_EV_FREE] == 1 && !o->alc_gnt[0],
			  "the pbr frees CMOS id 3 this cycle: the load does not see it yet (no bypass)");
	if (s->tag == 3)
		WG_EXPECT(c, grant(s, 0, 3) && !tfo(s, c, 0), "the load gets the freed CMOS id 3 the next cycle (got %s%u)",
			  o->alc_gnt[0] ? "" : "a refusal ", o->alc_pid[0]);
	if (wg_done(c))
		WG_EXPECT(c, k->n_load_stall == 3 && k->n_fallback == 2,
			  "the monitor saw %ld load refusals with TFET free (3 expected) and %ld fallbacks to TFET (2)",
			  k->n_load_stall, k->n_fallback);
	rs_keyed(c);
}

/* Negative: a TFET request for a load is a protocol violation (A11). */
void rsc_case_load_tfet(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	if (rs_writing(c))
		rs_add(s, "L 4 8 0; A 0 0 !alc; V 0 1; -");
	rs_drive(s, c);
	if (wg_done(c))
		WG_EXPECT(c, 0, "alc_tfet_i with alc_load_i was not refused as a protocol violation");
}

/* CMOS_RA: CMOS while a CMOS id is free, alc_tfet_i ignored; TFET only by fallback. */
void rsc_case_cmos_ra(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rs_cls *k = &s->cls;
	if (rs_writing(c)) {
		rs_add(s, "L 4 8 0; Q 0 0, Q 0 1 #1;");
		for (int r = 2; r < 8; r++)
			rs_add(s, "Q 0 %d !alc #2;", r);
		map_all(s, 'Q', 1, 3, " #2");
		rs_add(s, "Q 3 0 #3; -");
	}
	rs_drive(s, c);
	if (!wg_checking(c))
		return;
	if (s->tag == 1) {
		WG_EXPECT(c, grant(s, 0, 0) && grant(s, 1, 1) && !tfo(s, c, 0) && !tfo(s, c, 1),
			  "CMOS_RA: requests asking TFET still get CMOS ids 0 and 1 (got %u, %u)", o->alc_pid[0], o->alc_pid[1]);
		WG_EXPECT(c, ev(s, c, k->e_trf) == 0, "CMOS_RA: no tfet_refused (there is no TFET request)");
		rs_key(c);
	}
	if (s->tag == 2)
		WG_EXPECT(c, o->alc_gnt[0] && o->alc_pid[0] < 24, "CMOS_RA: CMOS while a CMOS id is free (got %u)", o->alc_pid[0]);
	if (s->tag == 3)
		WG_EXPECT(c, grant(s, 0, 24) && ev(s, c, k->e_fbt) == 1, "CMOS_RA: with CMOS full the fallback gives TFET 24");
	rs_keyed(c);
}

/* A8: POLICY chooses inside the class set (the monitor checks each id against the page's
 * reference); here: the policy chose an id other than the class set's lowest. */
void rsc_case_placement(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	if (rs_writing(c))
		rs_add(s, "L 4 8 0; Q 0 0 !alc #1; A 0 1 !alc #1; Q 0 2, A 0 3 #1; Q 1 0 !alc #1; A 1 1 !alc #1;"
			  " Q 1 2 !alc #1; Q 1 3 !alc #1; Q 2 0 !alc #1; Q 2 1 !alc #1; Q 2 2 !alc #1; A 2 3 !alc #1;"
			  " B 0 1 !op; A 3 0 !alc #1; Q 3 1 !alc #1; Q 3 2 !alc #1; -");
	rs_drive(s, c);
	if (wg_checking(c) && s->tag == 1) {
		for (int i = 0; i < s->c.alloc_ports; i++) {
			if (!s->in.alc_valid[i] || !o->alc_gnt[i])
				continue;
			int t = (int)o->alc_pid[i] >= s->cls.pt, lo = -1;
			for (int p = 0; p < s->c.phys && lo < 0; p++)
				if (!rn_occupied(m, p) && (p >= s->cls.pt) == t && (i == 0 || p != (int)o->alc_pid[0]))
					lo = p;
			s->seen[0]++;
			s->seen[1] += (int)o->alc_pid[i] != lo;
			s->seen[2] += s->cls.tfet[i] && !t;
			if ((int)o->alc_pid[i] != lo || s->cls.policy == 1)
				rs_key(c);
		}
	}
	if (wg_done(c)) {
		WG_EXPECT(c, s->seen[0] >= 15, "only %ld grants", s->seen[0]);
		WG_EXPECT(c, s->cls.policy == 1 || s->seen[1] > 0,
			  "POLICY %d never chose other than the lowest id of the class set", s->cls.policy);
		WG_EXPECT(c, s->seen[2] > 0 && s->cls.n_refused == s->seen[2] && s->cls.n_tfet_gnt == 8,
			  "TFET requests granted CMOS: %ld (monitor: %ld), TFET grants %ld (8 expected: the TFET set filled)",
			  s->seen[2], s->cls.n_refused, s->cls.n_tfet_gnt);
	}
	rs_keyed(c);
}

/* A17 under GATING=STATIC: the powered rows of each launch, gated rows never granted. */
static const int a17_gb[6] = {2, 3, 2, 1, 3, 6}; /* the launches' powered CMOS rows, worked out by hand */

void rsc_case_static(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rs_cls *k = &s->cls;
	if (rs_writing(c)) {
		rs_add(s, "L 2 4 0; - #1; L 2 8 0; - #1;");
		for (int r = 0; r < 8; r++)
			rs_add(s, "A 0 %d !alc;", r);
		for (int r = 0; r < 4; r++)
			rs_add(s, "A 1 %d !alc;", r);
		rs_add(s, "A 1 4 #2; L 4 2 2; - #1; L 1 1 0; - #1; L 3 5 1; - #1; L 4 8 0; - #1; -");
	}
	rs_drive(s, c);
	if (!wg_checking(c))
		return;
	if (s->in.kl_valid) {
		int gb = rsc_gb(k, (int)s->in.kl_warps, (int)s->in.kl_regs, (int)s->in.kl_exempt);
		WG_EXPECT(c, s->a[0] < 6 && gb == a17_gb[s->a[0]], "launch %d (%u x %u, %u exempt): A17 gives %d rows, expected %d",
			  s->a[0], s->in.kl_warps, s->in.kl_regs, s->in.kl_exempt, gb, s->a[0] < 6 ? a17_gb[s->a[0]] : -1);
		WG_EXPECT(c, gb * s->c.rf_banks + k->ntfet >= (int)(s->in.kl_warps * s->in.kl_regs),
			  "W-P1-3: powered CMOS + TFET = %d < U = %u", gb * s->c.rf_banks + k->ntfet, s->in.kl_warps * s->in.kl_regs);
		s->a[1] = gb;
		s->a[0]++;
	}
	if (s->tag == 1)
		WG_EXPECT(c, popcount_on(s, c) == s->a[1] * s->c.rf_banks + k->ntfet,
			  "STATIC: %d ids powered after launch %d, A17 gives %d CMOS rows x %d banks + %d TFET", popcount_on(s, c),
			  s->a[0], s->a[1], s->c.rf_banks, k->ntfet);
	if (s->tag == 2) {
		WG_EXPECT(c, grant(s, 0, 24) && tfo(s, c, 0) && ev(s, c, k->e_fbt) == 1,
			  "powered CMOS full (ids 12..23 gated, free): the CMOS request falls back to TFET 24 (got %s%u)",
			  o->alc_gnt[0] ? "" : "a refusal ", o->alc_pid[0]);
		rs_key(c);
	}
	if (wg_done(c))
		WG_EXPECT(c, s->a[0] == 6 && k->n_static_launch == 6, "%d launches seen (monitor: %ld), 6 expected", s->a[0],
			  k->n_static_launch);
	rs_keyed(c);
}

/* Negative: under STATIC a launch with kw*kr > PHYS_REGS is a protocol violation (W-P1-3). */
void rsc_case_static_over(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	if (rs_writing(c))
		rs_add(s, "L 4 9 0; -");
	rs_drive(s, c);
	if (wg_done(c))
		WG_EXPECT(c, 0, "a STATIC launch with kw*kr = 36 > 32 was not refused as a protocol violation");
}

/* W-P1-4: the page's timing diagram: a TFET id freed in cycle t is not granted in t. */
void rsc_case_no_bypass(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rs_cls *k = &s->cls;
	if (rs_writing(c))
		rs_add(s, "L 4 8 0; Q 2 0 !alc; Q 1 1 !alc; Q 1 3 !alc; Q 1 4 !alc; Q 1 5 !alc; Q 2 1 !alc; Q 2 2 !alc;"
			  " A 0 0 !alc; A 0 2 !alc; A 0 3 !alc; A 0 4 !alc; A 1 0 !alc; P 2 8 1 !pir; I 2 0 63 63 63 !op;"
			  " R 2, Q 0 1, Q 1 2 #1; Q 3 1 #2; Q 3 3 #3; M 0 5 #4; -");
	rs_drive(s, c);
	if (!wg_checking(c))
		return;
	if (s->tag == 1) {
		WG_EXPECT(c, nfree_t(s, c) == 1 && o->ev[RN_EV_FREE] == 0, "cycle 0: free_tfet_o 1, nothing freed yet");
		WG_EXPECT(c, grant(s, 0, 31) && tfo(s, c, 0) && grant(s, 1, 5) && !tfo(s, c, 1),
			  "cycle 0: port 0 takes TFET 31, port 1 falls back to CMOS 5 (got %u, %u)", o->alc_pid[0], o->alc_pid[1]);
		WG_EXPECT(c, ev(s, c, k->e_atf) == 1 && ev(s, c, k->e_acm) == 1 && ev(s, c, k->e_trf) == 1 &&
				     o->ev[RN_EV_RT_WRITE] == 2,
			  "cycle 0 events: alloc_tfet 1, alloc_cmos 1, tfet_refused 1, rt_write 2");
	}
	if (s->tag == 2) {
		WG_EXPECT(c, nfree_t(s, c) == 0 && o->ev[RN_EV_FREE] == 1, "cycle 1: warp 2's list commits id 24, free_tfet_o 0");
		WG_EXPECT(c, grant(s, 0, 6) && !tfo(s, c, 0) && ev(s, c, k->e_trf) == 1,
			  "W-P1-4: id 24 freed this cycle is not granted: the TFET request gets CMOS 6 (got %u)", o->alc_pid[0]);
		rs_key(c);
	}
	if (s->tag == 3)
		WG_EXPECT(c, nfree_t(s, c) == 1 && grant(s, 0, 24) && tfo(s, c, 0) && ev(s, c, k->e_atf) == 1,
			  "cycle 2: free_tfet_o 1, the TFET request gets 24 (got %u)", o->alc_pid[0]);
	if (s->tag == 4)
		WG_EXPECT(c, nfree_t(s, c) == 0 && grant(s, 0, 7) && !tfo(s, c, 0) && ev(s, c, k->e_acm) == 1 &&
				     ev(s, c, k->e_trf) == 0,
			  "cycle 3: the load gets CMOS 7 (got %u)", o->alc_pid[0]);
	rs_keyed(c);
}

/* W-P1-15: an exit frees both classes; free_tfet_o rises the cycle after each group. */
void rsc_case_exit(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	if (rs_writing(c))
		rs_add(s, "L 4 8 0; A 0 0 !alc; A 0 1 !alc; Q 0 2 !alc; Q 0 3 !alc; Q 0 4 !alc; A 1 0 !alc; X 0 !op #1; - #2;"
			  " - #3");
	rs_drive(s, c);
	if (!wg_checking(c))
		return;
	if (s->tag == 1) {
		if (s->cfirst)
			s->a[0] = 0;
		s->a[0]++;
		if (s->a[0] == 1)
			WG_EXPECT(c, !o->op_ready && nfree_t(s, c) == 5 && o->ev[RN_EV_FREE] == 4,
				  "sweep group 0 frees r0..r3 (CMOS 0, 1, TFET 24, 25); free_tfet_o still 5 (got %u, freed %u)",
				  nfree_t(s, c), o->ev[RN_EV_FREE]);
		if (s->a[0] == 2) {
			WG_EXPECT(c, o->op_ready && nfree_t(s, c) == 7 && o->ev[RN_EV_FREE] == 1,
				  "group 1 frees TFET 26; free_tfet_o = 7 after group 0 (got %u)", nfree_t(s, c));
			rs_key(c);
		}
	}
	if (s->tag == 2)
		WG_EXPECT(c, nfree_t(s, c) == 8, "after the exit every TFET id is free (free_tfet_o = %u)", nfree_t(s, c));
	if (s->tag == 3)
		WG_EXPECT(c, rn_occupied(m, 2) && rn_occ_count(m) == 1, "warp 1's CMOS id 2 is the only one left");
	rs_keyed(c);
}

/* W-P1-16: a relaunch recomputes the gating and rebuilds the occupancy. */
void rsc_case_relaunch(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	if (rs_writing(c))
		rs_add(s, "L 1 2 0; - #1; A 0 0 !alc; Q 0 1 !alc; L 4 8 2 #2; - #3; A 0 0 !alc #4; -");
	rs_drive(s, c);
	if (!wg_checking(c))
		return;
	if (s->tag == 1)
		WG_EXPECT(c, popcount_on(s, c) == 12, "kernel A (1 x 2): one CMOS row of each bank + 8 TFET ids on (%d)",
			  popcount_on(s, c));
	if (s->tag == 2)
		WG_EXPECT(c, popcount_on(s, c) == 12, "in B's launch cycle the gating is still A's");
	if (s->tag == 3) {
		WG_EXPECT(c, popcount_on(s, c) == 32, "kernel B (4 x 8): every row powered (%d)", popcount_on(s, c));
		for (int p = 0; p < s->c.phys; p++)
			WG_EXPECT(c, rn_occupied(m, p) == (p < 8), "after B's launch only its 8 exempt ids are occupied (id %d)", p);
		WG_EXPECT(c, nfree_t(s, c) == 8, "A's TFET id is free again (free_tfet_o = %u)", nfree_t(s, c));
	}
	if (s->tag == 4) {
		WG_EXPECT(c, grant(s, 0, 8), "B's first CMOS grant is id 8, in a row A gated (got %s%u)",
			  o->alc_gnt[0] ? "" : "a refusal ", o->alc_pid[0]);
		rs_key(c);
	}
	rs_keyed(c);
}
