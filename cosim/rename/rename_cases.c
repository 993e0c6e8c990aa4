/* rename_cases.c - the directed cases of the register renaming table
 * `rename` (spec §11, docs/rename.md), in the kit's form (wg_kit.h): one
 * function each, run by the kit's runner.
 *
 * A scripted case writes its script of port commands in its first DRIVE
 * call (rs_writing, rs_add; syntax in rename_stim.h), and rs_drive drives
 * it a step per cycle; its checks look at the steps by tag in the CHECK
 * phase, where s->in, s->out, s->tag and s->cfirst hold the cycle's inputs,
 * outputs, the step's tag and whether it is the step's first cycle (the
 * checks every scripted case shares, and the grants' bookkeeping s->pmap,
 * are rename_stim.c's). An env-driven case runs the synthetic SM of
 * rename_env.c with its preset (rs_presets) and claims what must have
 * happened. Seen counters and the marker (rs_key: the first marked cycle
 * wins) are set in the CHECK phase only. */
#include "rename_cases.h"
#include "rename_stim.h"

#define SMALL "WARPS=4,REGS=8,RT_ENTRIES=32,PHYS_REGS=32,SUBARRAYS=2,FC_ENTRIES=4,EXEMPT=2"
#define WIDE "WARPS=4,REGS=16,RT_ENTRIES=64,PHYS_REGS=32,SUBARRAYS=2,FC_ENTRIES=4,EXEMPT=2"
#define FC3 "WARPS=4,REGS=8,RT_ENTRIES=32,PHYS_REGS=32,SUBARRAYS=2,FC_ENTRIES=3,EXEMPT=2"
#define CLS "WARPS=4,REGS=8,RT_ENTRIES=32,PHYS_REGS=32,SUBARRAYS=2,FC_ENTRIES=4,EXEMPT=2,TFET_ROWS=2,POLICY=LOWEST_FIRST"
#define CLSW "WARPS=4,REGS=16,RT_ENTRIES=64,PHYS_REGS=32,SUBARRAYS=2,FC_ENTRIES=4,EXEMPT=2,TFET_ROWS=2,POLICY=LOWEST_FIRST"
#define SM16 "WARPS=16,PHYS_REGS=128,RT_ENTRIES=512,SUBARRAYS=2,EXEMPT=8,FC_ENTRIES=16"

/* ---- helpers of the checks ---- */

static int dom(const rs_stim *s, int p) { return rn_dom_of(&s->c, p); }

/* WEAR_LEVEL reference: first free id at or after (last + SUB_REGS) mod P, circular. */
static int wear_ref(const rs_stim *s, const rn_model *m, int *wrapped)
{
	int P = s->c.phys, start = (s->last + P / s->c.subarrays) % P;
	for (int i = 0; i < P; i++) {
		int p = (start + i) % P;
		if (!rn_occupied(m, p)) {
			*wrapped = p < start;
			return p;
		}
	}
	return -1;
}

/* ---- scripted cases ---- */

static void case_free_alloc(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	int tag = s->tag;
	if (rs_writing(c))
		rs_add(s, "L 4 8 0; A 0 0 !alc #1; B 0 0, A 1 1 !op #2; A 2 1 !alc #3; - #4; -");
	rs_drive(s, c);
	if (wg_checking(c)) {
		if (tag == 1)
			WG_EXPECT(c, o->alc_pid[0] == 0, "LOWEST_FIRST: the first grant is id 0, got %u", o->alc_pid[0]);
		if (tag == 2) {
			WG_EXPECT(c, o->op_ready && o->ev[RN_EV_FREE] == 1,
				  "the pbr of (w0, r0) must free id 0 in its first cycle");
			WG_EXPECT(c, o->alc_gnt[0] && o->alc_pid[0] == 1,
				  "the id freed this cycle must not be granted (start-of-cycle snapshot): expected id 1, got %s%u",
				  o->alc_gnt[0] ? "" : "a refusal ", o->alc_pid[0]);
			WG_EXPECT(c, rs_on(o->reg_on, 0), "id 0 is powered up to and including the cycle its free commits");
			rs_key(c);
		}
		if (tag == 3)
			WG_EXPECT(c, o->alc_gnt[0] && o->alc_pid[0] == 0,
				  "id 0, freed last cycle, must be granted now (got %u)", o->alc_pid[0]);
		if (tag == 4)
			WG_EXPECT(c, rn_lookup(m, 2, 1) == 0 && rn_lookup(m, 1, 1) == 1,
				  "mappings: (w2, r1) -> 0, (w1, r1) -> 1");
	}
	rs_keyed(c);
}

static void case_two_alloc(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	int tag = s->tag;
	if (rs_writing(c))
		rs_add(s, "L 4 8 0; A 0 0, A 1 0 #1; A 1 0 !alc #2; A 2 1, A 3 2 #3; -");
	rs_drive(s, c);
	if (wg_checking(c)) {
		if (tag == 1) {
			WG_EXPECT(c, o->alc_gnt[0] && !o->alc_gnt[1],
				  "two requests in table bank 0 in one cycle: port 0 granted, port 1 refused (one install per bank)");
			WG_EXPECT(c, o->ev[RN_EV_ALLOC_STALL] == 1, "the refusal counts as one alloc_stall");
			rs_key(c);
		}
		if (tag == 2)
			WG_EXPECT(c, o->alc_gnt[0] && (int)o->alc_pid[0] != s->pmap[0][0], "the retry is granted a different id");
		if (tag == 3)
			WG_EXPECT(c, o->alc_gnt[0] && o->alc_gnt[1] && o->alc_pid[0] != o->alc_pid[1],
				  "two requests in different banks: both granted, distinct ids (cascaded mask)");
	}
	rs_keyed(c);
}

static void case_one_free(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	int tag = s->tag;
	if (rs_writing(c)) {
		rs_add(s, "L 4 16 0;");
		rs_add_map(s, 0, 0, 16);
		rs_add_map(s, 1, 0, 15);
		rs_add(s, "A 2 0, A 2 1 #1; B 0 0 !op #2; A 2 1 !alc #3; -");
	}
	rs_drive(s, c);
	if (wg_checking(c)) {
		if (tag == 1) {
			WG_EXPECT(c, rn_occ_count(m) == 31, "setup: 31 ids occupied, got %d", rn_occ_count(m));
			WG_EXPECT(c, o->alc_gnt[0] && !o->alc_gnt[1], "one free id, two requests: port 0 granted, port 1 refused");
			s->a[0] = (int)o->alc_pid[0];
			rs_key(c);
		}
		if (tag == 2) {
			WG_EXPECT(c, o->ev[RN_EV_FREE] == 1 && rn_occ_count(m) == 32,
				  "the pbr frees (w0, r0) with every id occupied");
			s->a[1] = s->pmap[0][0];
		}
		if (tag == 3)
			WG_EXPECT(c, o->alc_gnt[0] && (int)o->alc_pid[0] == s->a[1], "the retry gets the freed id %d, got %u",
				  s->a[1], o->alc_pid[0]);
	}
	rs_keyed(c);
}

static void case_full(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	int tag = s->tag;
	if (rs_writing(c)) {
		rs_add(s, "L 4 16 0;");
		rs_add_map(s, 0, 0, 16);
		rs_add_map(s, 1, 0, 16);
		rs_add(s, "P 0 8 1 !pir; I 0 0 63 63 63 !op #1; A 0 0 #2; A 0 0 #2; A 0 0 #2; A 0 0, R 0 #3; A 0 0 #4;"
			  " A 0 0 !alc #5; -");
	}
	rs_drive(s, c);
	if (wg_checking(c)) {
		WG_EXPECT(c, rn_occ_count(m) <= 32, "occupancy above PHYS_REGS");
		if (tag == 1) {
			WG_EXPECT(c, rn_occ_count(m) == 32, "setup: every id occupied");
			WG_EXPECT(c, o->op_rel[0] && (int)o->op_src_pid[0] == s->pmap[0][0], "r0 is released at rename");
			s->a[0] = (int)o->op_src_pid[0];
		}
		if (tag >= 2 && tag <= 4) {
			WG_EXPECT(c, !o->alc_gnt[0] && o->ev[RN_EV_ALLOC_STALL] == 1,
				  "every id occupied (the released one pending): the request must be refused");
			WG_EXPECT(c, rn_occupied(m, s->a[0]), "the released id stays occupied until its operand read");
			WG_EXPECT(c, o->ev[RN_EV_FREE] == (tag == 4), "the pending free commits the cycle after the read (%s)",
				  tag == 4 ? "now" : "not yet");
			rs_key(c);
		}
		if (tag == 5)
			WG_EXPECT(c, o->alc_gnt[0] && (int)o->alc_pid[0] == s->a[0],
				  "after the free, the request gets id %d (got %u)", s->a[0], o->alc_pid[0]);
	}
	rs_keyed(c);
}

static void case_four_ops(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	if (rs_writing(c))
		rs_add(s, "L 4 16 0; A 0 0 !alc; A 0 4 !alc; A 0 8 !alc; A 0 12 !alc; P 0 8 0 !pir;"
			  " I 0 0 4 8 12 !op #1; R 0; -");
	rs_drive(s, c);
	if (wg_checking(c) && s->tag == 1) {
		if (s->cfirst)
			s->a[0] = 0;
		s->a[0]++;
		WG_EXPECT(c, o->ev[RN_EV_RT_READ] == 1, "one table read per cycle (one bank)");
		if (s->a[0] < 4) {
			WG_EXPECT(c, !o->op_ready && o->op_wait == RN_WAIT_BANK, "cycle %d of 4 in one bank: op_wait_o = 1",
				  s->a[0]);
		} else {
			WG_EXPECT(c, o->op_ready, "four lookups in one bank complete in the 4th cycle");
			WG_EXPECT(c, (int)o->op_src_pid[0] == s->pmap[0][0] && (int)o->op_src_pid[1] == s->pmap[0][4] &&
					     (int)o->op_src_pid[2] == s->pmap[0][8],
				  "source ids latched over the cycles are wrong");
			WG_EXPECT(c, (int)o->op_dst_pid == s->pmap[0][12] && !o->op_dst_new, "destination r12 is mapped to %d",
				  s->pmap[0][12]);
			rs_key(c);
		}
	}
	rs_keyed(c);
}

static void case_younger(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	int tag = s->tag;
	if (rs_writing(c))
		rs_add(s, "L 4 8 0; A 0 0 !alc; P 0 8 1 !pir; I 0 0 63 63 63 !op #1; I 0 63 63 63 0 !op #2; A 0 0 !alc #3;"
			  " R 0 #4; R 0 #4; - #5; - #6");
	rs_drive(s, c);
	if (wg_checking(c)) {
		if (tag == 1) {
			WG_EXPECT(c, o->op_rel[0] && (int)o->op_src_pid[0] == s->pmap[0][0], "I releases r0");
			s->a[0] = (int)o->op_src_pid[0];
		}
		if (tag == 2)
			WG_EXPECT(c, o->op_dst_new, "J's destination r0 is unmapped after I's rename: new");
		if (tag == 3) {
			WG_EXPECT(c, o->alc_gnt[0] && (int)o->alc_pid[0] != s->a[0], "J gets a fresh id, not I's %d", s->a[0]);
			rs_key(c);
		}
		if (tag >= 3 && tag <= 4)
			WG_EXPECT(c, rs_on(o->reg_on, s->a[0]) && o->ev[RN_EV_FREE] == 0,
				  "I's old id %d stays occupied and powered while reads are in flight", s->a[0]);
		if (tag == 5)
			WG_EXPECT(c, o->ev[RN_EV_FREE] == 1 && rs_on(o->reg_on, s->a[0]), "the pending free commits after both reads");
		if (tag == 6)
			WG_EXPECT(c, !rn_occupied(m, s->a[0]) && !rs_on(o->reg_on, s->a[0]), "I's old id is free and off");
	}
	rs_keyed(c);
}

static void case_src_dst(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	int tag = s->tag;
	if (rs_writing(c))
		rs_add(s, "L 4 8 0; A 0 0 !alc; P 0 8 1 !pir; I 0 0 63 63 0 !op #1; R 0; - #2; - #2");
	rs_drive(s, c);
	if (wg_checking(c)) {
		if (tag == 1) {
			WG_EXPECT(c, !o->op_rel[0], "a source that is also the destination is not released");
			WG_EXPECT(c, !o->op_dst_new && o->op_dst_pid == o->op_src_pid[0] && (int)o->op_dst_pid == s->pmap[0][0],
				  "the destination is written in place");
			rs_key(c);
		}
		if (tag == 2)
			WG_EXPECT(c, s->frees == 0 && rn_lookup(m, 0, 0) == s->pmap[0][0], "r0 stays mapped, nothing freed");
	}
	rs_keyed(c);
}

static void case_twice(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	int tag = s->tag;
	if (rs_writing(c))
		rs_add(s, "L 4 8 0; A 0 1 !alc; A 0 2 !alc; P 0 8 3 !pir; I 0 1 1 63 63 !op #1; R 0; - #2; - #3");
	rs_drive(s, c);
	if (wg_checking(c)) {
		if (tag == 1) {
			WG_EXPECT(c, o->op_rel[0] && !o->op_rel[1], "r1 in two slots with release bits: released once (slot 0)");
			rs_key(c);
		}
		if (tag == 2)
			WG_EXPECT(c, s->frees == 1 && rn_lookup(m, 0, 1) < 0, "exactly one free (%ld)", s->frees);
		if (tag == 3)
			WG_EXPECT(c, s->frees == 1 && rn_occ_count(m) == 1, "one free, r2 still occupied (%d ids)",
				  rn_occ_count(m));
	}
	rs_keyed(c);
}

static void case_unmapped(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	if (rs_writing(c))
		rs_add(s, "L 4 8 0; P 0 8 1 !pir; I 0 2 63 63 63 !op #1; R 0; B 0 3 5 !op #2; - #3; -");
	rs_drive(s, c);
	if (wg_checking(c)) {
		if (s->tag == 1) {
			WG_EXPECT(c, !o->op_rel[0] && o->op_src_pid[0] == 0, "a release of unmapped r2: no release, id 0");
			rs_key(c);
		}
		WG_EXPECT(c, s->frees == 0 && rn_occ_count(m) == 0, "a release of an unmapped register frees nothing");
	}
	rs_keyed(c);
}

static void case_exit(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	int tag = s->tag;
	if (rs_writing(c))
		rs_add(s, "L 4 8 0; A 1 0, A 1 1 !alc; A 1 2, A 1 5 !alc; A 1 7 !alc; A 0 3 !alc; X 1, *A 2 0 !op #1; - #2;"
			  " P 0 8 0 !pir; I 0 3 63 63 63 !op #3; P 2 9 0 !pir; I 2 0 63 63 63 !op #4; - #5");
	rs_drive(s, c);
	if (wg_checking(c)) {
		if (tag == 1) {
			if (s->cfirst)
				s->a[0] = 0;
			s->a[0]++;
			WG_EXPECT(c, o->op_ready == (s->a[0] == 2), "R=8 in 4 banks: the sweep takes 2 cycles (cycle %d)",
				  s->a[0]);
			if (s->cfirst)
				WG_EXPECT(c, o->alc_gnt[0], "another warp's allocation during the sweep is granted");
			if (o->op_ready) {
				WG_EXPECT(c, s->frees == 5, "the sweep frees the 5 leftovers (freed %ld)", s->frees);
				rs_key(c);
			}
		}
		if (tag == 2) {
			for (int r = 0; r < 8; r++)
				WG_EXPECT(c, rn_lookup(m, 1, r) < 0, "w1's r%d still mapped after its exit", r);
			WG_EXPECT(c, rn_lookup(m, 0, 3) == s->pmap[0][3] && rn_lookup(m, 2, 0) == s->pmap[2][0],
				  "other warps' mappings unaffected by the sweep");
		}
		/* the same at the ports: w0 reads r3 and w2 reads r0 after the sweep (a design whose sweep
		 * clears another warp's entries, or loses the allocation granted beside it, reads id 0) */
		if ((tag == 3 || tag == 4) && o->op_ready) {
			int w = tag == 3 ? 0 : 2, r = tag == 3 ? 3 : 0;
			WG_EXPECT(c, o->op_src_pid[0] == (unsigned)s->pmap[w][r],
				  "after w1's sweep, w%d's r%d still maps to id %d at the ports (source id %u)", w, r,
				  s->pmap[w][r], o->op_src_pid[0]);
			s->a[1] |= tag - 2;
		}
		if (tag == 5)
			WG_EXPECT(c, s->a[1] == 3, "the scenario did not read both mappings back");
	}
	rs_keyed(c);
}

static void case_launch(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	int tag = s->tag;
	if (rs_writing(c))
		rs_add(s, "L 4 8 2 #1; - #2; A 0 0, A 1 1 !alc; P 0 8 0 !pir #3; I 0 63 63 63 63 !op; L 2 6 1 #4; - #5;"
			  " P 0 8 0 !pir #6; I 0 0 63 63 0 !op #7; -");
	rs_drive(s, c);
	if (wg_checking(c)) {
		if (tag == 2 || tag == 5) {
			int res = tag == 2 ? 8 : 2;
			for (int p = 0; p < 32; p++)
				WG_EXPECT(c, rs_on(o->reg_on, p) == (p < res) && rn_occupied(m, p) == (p < res),
					  "after launch exactly ids 0..%d are reserved (id %d)", res - 1, p);
			rs_key(c);
		}
		if (tag == 3)
			WG_EXPECT(c, !o->pir_hit, "first pir of pc 8 misses");
		if (tag == 5)
			WG_EXPECT(c, rn_lookup(m, 0, 0) < 0 && !rn_cursor(m, 0, NULL, NULL),
				  "relaunch clears mappings and cursors");
		if (tag == 6)
			WG_EXPECT(c, !o->pir_hit, "the flag cache is invalidated by the relaunch: pc 8 misses");
		/* the cleared table seen at the ports: kernel A's (w0, r0) -> id 8 is gone (a design that keeps
		 * the mapping reads id 8 and writes r0 in place) */
		if (tag == 7 && o->op_ready)
			WG_EXPECT(c, o->op_src_pid[0] == 0 && o->op_dst_new,
				  "relaunch clears the table: w0's r0 is unmapped (source id %u, new %d)", o->op_src_pid[0],
				  o->op_dst_new);
	}
	rs_keyed(c);
}

static void case_exempt(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	int tag = s->tag;
	if (rs_writing(c))
		rs_add(s, "L 4 8 2; A 0 0 !alc #1; P 1 8 1 !pir; I 1 6 63 63 7 !op #2; R 1; B 1 6 7 !op #3; - #4");
	rs_drive(s, c);
	if (wg_checking(c)) {
		if (tag == 1)
			WG_EXPECT(c, o->alc_pid[0] >= 8, "the reserved exempt ids 0..7 are never allocated (got %u)",
				  o->alc_pid[0]);
		if (tag == 2) {
			WG_EXPECT(c, o->op_src_pid[0] == 2 && !o->op_rel[0], "exempt (w1, r6): id 1*2+0 = 2, never released");
			WG_EXPECT(c, o->op_dst_pid == 3 && !o->op_dst_new, "exempt (w1, r7): id 3, not new");
			rs_key(c);
		}
		WG_EXPECT(c, s->frees == 0, "nothing is freed");
		if (tag == 4)
			WG_EXPECT(c, rn_occ_count(m) == 9, "8 reserved + 1 allocated");
	}
	rs_keyed(c);
}

static void case_pbr9(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	int tag = s->tag;
	if (rs_writing(c))
		rs_add(s, "L 4 16 0; A 0 0, A 0 1 !alc; A 0 4, A 0 5 !alc; A 0 8 !alc; P 0 8 0 !pir; I 0 63 63 63 63 !op;"
			  " B 0 0 1 2 4 8 5 9 12 63 #1; B 0 0 1 2 4 8 5 9 12 63, R 0 #1; B 0 0 1 2 4 8 5 9 12 63 !op #2;"
			  " - #3");
	rs_drive(s, c);
	if (wg_checking(c)) {
		if (tag == 1)
			WG_EXPECT(c, !o->op_ready && o->op_wait == RN_WAIT_OC, "the pbr waits for the warp's operand reads");
		if (tag == 2) {
			if (s->cfirst)
				s->a[0] = 0;
			s->a[0]++;
			WG_EXPECT(c, o->op_ready == (s->a[0] == 4), "4 registers in bank 0: 4 cycles (cycle %d)", s->a[0]);
			if (!o->op_ready)
				WG_EXPECT(c, o->op_wait == RN_WAIT_BANK, "op_wait_o = 1 while banks serialise");
			rs_key(c);
		}
		if (tag == 3)
			WG_EXPECT(c, s->frees == 5 && rn_occ_count(m) == 0, "the 5 mapped registers are freed (%ld)", s->frees);
	}
	rs_keyed(c);
}

static void case_fc_pinned(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	int tag = s->tag, e = -1;
	if (rs_writing(c))
		rs_add(s, "L 4 8 0; P 0 8 0 !pir #6; P 1 16 0 !pir #6; P 2 24 0 !pir #6; P 3 8 0 !pir #9; P 3 32 0 #1; P 3 32 0 #1;"
			  " X 1, P 3 32 0 #2; X 1, P 3 32 0 !op #2; P 3 32 0 !pir #3; P 2 8 0 !pir #5; P 0 40 0 !pir #4;"
			  " P 3 48 0 !pir #7; - #8");
	rs_drive(s, c);
	if (wg_checking(c)) {
		if (tag == 6)
			WG_EXPECT(c, o->pir_ready && !o->pir_hit, "3 misses fill the 3 entries");
		if (tag == 1 || tag == 2) {
			WG_EXPECT(c, !o->pir_ready, "every entry pinned by another warp's cursor: w3's pir miss stalls");
			rs_key(c);
		}
		if (tag == 9)
			WG_EXPECT(c, o->pir_ready && o->pir_hit, "w3 hits w0's entry 0 (shared)");
		if (tag == 2)
			WG_EXPECT(c, !rn_cursor(m, 3, NULL, NULL), "the refused pir dropped w3's cursor (it pins nothing)");
		if (tag == 3)
			WG_EXPECT(c, o->pir_ready && !o->pir_hit, "after w1's exit, the miss takes its entry");
		if (tag == 5)
			WG_EXPECT(c, o->pir_ready && o->pir_hit, "a pir of a cached pc (8, w0's entry) hits at once");
		if (tag == 4)
			WG_EXPECT(c, o->pir_ready && !o->pir_hit,
				  "w0's miss: entries 0 (w2) and 1 (w3) pinned, entry 2 is free to go");
		if (tag == 7)
			WG_EXPECT(c, o->pir_ready && !o->pir_hit, "w3's miss: its own entry 1 does not pin, it is the victim");
		if (tag == 8) {
			WG_EXPECT(c, rn_cursor(m, 3, &e, NULL) && e == 1, "w3's pir refilled its own entry 1 (got %d)", e);
			WG_EXPECT(c, rn_cursor(m, 0, &e, NULL) && e == 2, "w0's cursor on entry 2 (got %d)", e);
		}
	}
	rs_keyed(c);
}

static void case_long_block(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	int tag = s->tag;
	if (rs_writing(c)) {
		rs_add(s, "L 4 8 0; A 0 0 !alc; A 0 1 !alc; P 0 8 %llx !pir #7;", (unsigned long long)(UINT64_C(1) << 51));
		for (int i = 0; i < 17; i++)
			rs_add(s, "I 0 63 63 63 63%s !op #1;", i ? ", *R 0" : "");
		rs_add(s, "I 0 0 63 63 63, *R 0 !op #2; R 0 #3; P 0 16 1 !pir; I 0 1 63 63 63 !op #4; R 0; -");
	}
	rs_drive(s, c);
	if (wg_checking(c)) {
		if (tag == 7)
			s->a[0] = 0;
		if (tag == 1 || tag == 2) {
			int e, sl;
			WG_EXPECT(c, rn_cursor(m, 0, &e, &sl) && sl == s->a[0], "before instruction %d the cursor is at slot %d",
				  s->a[0], s->a[0]);
			WG_EXPECT(c, o->op_rel[0] == (tag == 2), "slot %d's flag", s->a[0]);
			s->a[0]++;
		}
		if (tag == 3) {
			WG_EXPECT(c, !rn_cursor(m, 0, NULL, NULL), "after the 18th instruction the cursor is invalid");
			rs_key(c);
		}
		if (tag == 4)
			WG_EXPECT(c, o->op_rel[0], "after the new pir, slot 0's flag releases r1");
	}
	rs_keyed(c);
}

static void case_domain(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	int tag = s->tag;
	if (rs_writing(c))
		rs_add(s, "L 4 8 0; A 0 0, A 0 1 !alc; A 0 2, A 0 3 !alc; B 0 0, *A 1 0 !op #1; - #2; B 1 0 !op #3;"
			  " A 2 0 !alc #4; - #5");
	rs_drive(s, c);
	if (wg_checking(c)) {
		if (tag == 1) {
			WG_EXPECT(c, o->ev[RN_EV_FREE] == 1 && o->alc_gnt[0] && o->alc_pid[0] == 4,
				  "id 0 freed and id 4 (same domain) granted in one cycle");
			WG_EXPECT(c, dom(s, 0) == dom(s, 4), "ids 0 and 4 share a domain");
			WG_EXPECT(c, (o->dom_on[0] >> dom(s, 0)) & 1u, "domain %d stays on (free and grant in one cycle)",
				  dom(s, 0));
			rs_key(c);
		}
		if (tag == 2 || tag == 3)
			WG_EXPECT(c, (o->dom_on[0] >> dom(s, 0)) & 1u, "domain %d holds id 4: on", dom(s, 0));
		if (tag == 4) {
			WG_EXPECT(c, o->alc_gnt[0] && o->alc_pid[0] == 0, "id 0 granted (domain of the id freed last cycle)");
			WG_EXPECT(c, (o->dom_on[0] >> dom(s, 0)) & 1u, "domain %d is on in the grant cycle", dom(s, 0));
		}
		if (tag == 5)
			WG_EXPECT(c, (o->dom_on[0] >> dom(s, 0)) & 1u, "domain %d holds id 0: on", dom(s, 0));
	}
	rs_keyed(c);
}

/* The wear-levelling script: 24 grants, a pbr of 4, 4 + 8 more grants. */
static void wear_script(rs_stim *s)
{
	rs_add(s, "L 4 8 0;");
	int n = 0;
	for (int w = 0; w < 4; w++)
		for (int r = 0; r < 8; r++)
			if (n++ < 24)
				rs_add(s, "A %d %d !alc #1;", w, r);
	rs_add(s, "B 0 0 2 4 6 !op;");
	for (int r = 0; r < 8; r += 2)
		rs_add(s, "A 0 %d !alc #1;", r);
	for (int r = 0; r < 8; r++)
		rs_add(s, "A 3 %d !alc #1;", r);
	rs_add(s, "-");
}

static void case_wear(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	if (rs_writing(c))
		wear_script(s);
	rs_drive(s, c);
	if (wg_checking(c) && s->tag == 1 && s->in.alc_valid[0]) {
		int wrapped = 0, want = wear_ref(s, m, &wrapped);
		WG_EXPECT(c, o->alc_gnt[0] && (int)o->alc_pid[0] == want,
			  "WEAR_LEVEL: first free id at or after (%d + SUB_REGS) mod PHYS_REGS is %d, granted %u", s->last,
			  want, o->alc_pid[0]);
		s->last = (int)o->alc_pid[0];
		if (wrapped) {
			s->seen[0]++;
			rs_key(c);
		}
	}
	if (wg_done(c))
		WG_EXPECT(c, s->seen[0], "no WEAR_LEVEL search wrapped around the top");
	rs_keyed(c);
}

static void case_commit_rel(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	int tag = s->tag;
	if (rs_writing(c))
		rs_add(s, "L 4 8 0; A 0 0, A 0 1 !alc; P 0 8 9 !pir; I 0 0 63 63 63 !op; R 0; I 0 1 63 63 63 !op #1; - #2;"
			  " R 0 #3; - #4; - #5");
	rs_drive(s, c);
	if (wg_checking(c)) {
		if (tag == 1) {
			WG_EXPECT(c, o->op_ready && o->op_rel[0] && (int)o->op_src_pid[0] == s->pmap[0][1], "I2 releases r1");
			WG_EXPECT(c, o->ev[RN_EV_FREE] == 1, "the pending free of r0 commits this cycle (oc_q = 0 at the start)");
			rs_key(c);
		}
		if (tag >= 2 && tag <= 3) {
			unsigned pd[RN_MAX_PF];
			int np = rn_pending(m, 0, pd);
			WG_EXPECT(c, np == 1 && (int)pd[0] == s->pmap[0][1] && rn_occupied(m, s->pmap[0][1]),
				  "r1's id %d, released in the commit cycle, must stay pending and occupied until its read "
				  "(pending %d)", s->pmap[0][1], np);
			WG_EXPECT(c, o->ev[RN_EV_FREE] == 0, "nothing is freed before r1's operand read");
		}
		if (tag == 4)
			WG_EXPECT(c, o->ev[RN_EV_FREE] == 1, "r1's id is freed the cycle after its read");
		if (tag == 5)
			WG_EXPECT(c, rn_occ_count(m) == 0, "both ids free");
	}
	rs_keyed(c);
}

static void case_pbr_write(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_out *o = &s->out;
	const rn_model *m = c->model;
	int tag = s->tag;
	if (rs_writing(c))
		rs_add(s, "L 4 8 0; A 0 0 !alc; A 0 1 !alc; P 0 8 0 !pir; I 0 0 63 63 63 !op; B 0 0 1 #1; B 0 0 1, R 0 #1;"
			  " B 0 0 1 !op #2; I 0 63 63 63 0 !op #3; A 0 0 !alc #4; - #5");
	rs_drive(s, c);
	if (wg_checking(c)) {
		if (tag == 1) {
			WG_EXPECT(c, !o->op_ready && o->op_wait == RN_WAIT_OC, "the pbr waits for the warp's operand read of r0");
			WG_EXPECT(c, s->frees == 0, "nothing is freed before the read");
		}
		if (tag == 3) {
			WG_EXPECT(c, s->frees == 2 && rn_lookup(m, 0, 0) < 0 && rn_lookup(m, 0, 1) < 0 && rn_occ_count(m) == 0,
				  "the pbr freed the ids of r0 and r1 (freed %ld)", s->frees);
			WG_EXPECT(c, o->op_ready && o->op_dst_new,
				  "the write right after the pbr sees r0 unmapped: new destination");
			rs_key(c);
		}
		if (tag == 4) {
			WG_EXPECT(c, o->alc_gnt[0], "the write of r0 is granted an id");
			s->a[0] = (int)o->alc_pid[0];
		}
		if (tag == 5)
			WG_EXPECT(c, rn_lookup(m, 0, 0) == s->a[0] && rn_occ_count(m) == 1 && s->frees == 2,
				  "r0 maps to its new id %d, the only occupied one", s->a[0]);
	}
	rs_keyed(c);
}

/* ---- env-driven cases: the synthetic SM with a preset ---- */

const rs_preset rs_presets[RS_NCASES] = {
	[C_OVERSUB] = {"OVERSUB_PCT=100,REGS_MIN=20,REGS_MAX=40,RESET_PPM=0,INSNS=60,LL_LAT=100,LL_SPREAD=50", 60000, -1},
	[C_BURST] = {"BURST_PCT=100,LD_PCT=40,RESET_PPM=0,INSNS=60,LL_LAT=100,LL_SPREAD=50,ALC_BLOCK_PCT=0", 30000, -1},
	[C_RESET] = {"RESET_PPM=0,INSNS=60,LL_LAT=100,LL_SPREAD=50", 30000, 3000},
	[C_BAD_HINT] = {"BAD_HINT=1,RESET_PPM=0,INSNS=60,LL_LAT=100,LL_SPREAD=50", 30000, -1},
};

static void case_oversub(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	rs_drive_env(s, c);
	if (wg_done(c)) {
		const rne_stats *t = rne_get_stats(s->env);
		WG_EXPECT(c, t->oversub > 0, "no kernel was launched with kw*kr > PHYS_REGS");
		WG_EXPECT(c, t->alc_stalls > 0, "no allocation was refused");
		WG_EXPECT(c, t->kernels_done > t->launches / 2 || t->kernels_done >= 2,
			  "kernels did not complete (%llu of %llu)", (unsigned long long)t->kernels_done,
			  (unsigned long long)t->launches);
	}
}

static void case_burst(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	rs_drive_env(s, c);
	if (wg_checking(c)) {
		const rne_view *v = rne_now(s->env);
		if (v->nalc == s->c.alloc_ports) {
			s->seen[0]++;
			rs_key(c);
		}
		if (v->nalc > v->ngnt)
			s->seen[1]++;
	}
	if (wg_done(c)) {
		const rne_stats *t = rne_get_stats(s->env);
		WG_EXPECT(c, s->seen[0], "no cycle used every allocation port");
		WG_EXPECT(c, s->seen[1], "no allocation request was refused and retried");
		WG_EXPECT(c, t->kernels_done >= 1, "no kernel completed");
	}
}

static void case_reset(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	const rn_model *m = c->model;
	rs_drive_env(s, c);
	if (wg_checking(c) && c->cyc == rs_presets[C_RESET].reset_at + 1) {
		WG_EXPECT(c, !rn_running(m) && rn_occ_count(m) == 0, "after the reset no kernel runs and nothing is occupied");
		s->seen[0]++;
		rs_key(c);
	}
	if (wg_done(c)) {
		const rne_stats *t = rne_get_stats(s->env);
		WG_EXPECT(c, s->seen[0] && t->resets == 1, "the reset was not checked");
		WG_EXPECT(c, t->kernels_done >= 1, "no kernel completed after the reset");
	}
}

/* Negative: the environment's data check must fail before the end. */
static void case_bad_hint(void *st, wg_cyc *c)
{
	rs_stim *s = st;
	rs_drive_env(s, c);
	if (wg_done(c))
		WG_EXPECT(c, 0, "the early releases were not detected by the data check");
}

const wg_case_def rs_cases[RS_NCASES] = {
	[C_FREE_ALLOC] = {"free_and_alloc_same_cycle",
		"a pbr frees id 0 while a request allocates: id 0 is not granted that cycle (start-of-cycle snapshot), "
		"it is granted the next cycle",
		"spec §11 C1, A10", SMALL ",POLICY=LOWEST_FIRST", .run = case_free_alloc, .focus = "op_valid_i op_warp_i op_reg_i op_ready_o op_wait_o rd_done_i alc_valid_i alc_reg_i alc_gnt_o alc_pid_o occ_q pfv_q"},
	[C_TWO_ALLOC] = {"two_allocs_one_cycle",
		"two requests in one table bank: the second is refused and granted on retry; two in different banks: "
		"both granted, distinct ids",
		"spec §11 C2, A9", SMALL, .run = case_two_alloc, .focus = "alc_valid_i alc_reg_i alc_gnt_o alc_pid_o occ_q"},
	[C_ONE_FREE] = {"one_free_two_requests",
		"one free id, two requests: one grant, one refusal (no duplicate); the refused one gets the id a pbr frees",
		"spec §11 C3", WIDE, .run = case_one_free, .focus = "alc_valid_i alc_reg_i alc_gnt_o alc_pid_o op_valid_i op_kind_i op_ready_o occ_q"},
	[C_FULL] = {"full_table_stall",
		"every id occupied: a request is refused while the released id waits in the pending-free list for the "
		"operand read; granted the cycle after the free commits, with that id",
		"spec §11 C4, C24, §2.8, A28", WIDE, .run = case_full, .focus = "alc_valid_i alc_reg_i alc_gnt_o alc_pid_o rd_done_i rd_warp_i pfv_q occ_q"},
	[C_FOUR_OPS] = {"four_operands_one_bank",
		"three sources and the destination in one table bank: served one per cycle (op_wait_o = 1 for 3 cycles), "
		"the ids latched over the cycles are right",
		"spec §11 C5", WIDE, .run = case_four_ops, .focus = "op_valid_i op_warp_i op_reg_i op_ready_o op_wait_o op_src_pid_o op_dst_pid_o srv_q"},
	[C_YOUNGER] = {"younger_write_after_release",
		"a younger write to r0 after an older release of r0 still in the operand collector gets a fresh id; the "
		"old id stays powered and is freed only after both reads",
		"spec §11 C6, §2.6, A5", SMALL, .run = case_younger, .focus = "op_valid_i op_warp_i op_reg_i op_ready_o op_wait_o op_rel_o op_dst_new_o rd_done_i alc_valid_i alc_reg_i alc_gnt_o alc_pid_o pfv_q oc_q"},
	[C_SRC_DST] = {"source_is_destination",
		"add r0, r0 with r0's release bit set: not released, mapping kept, written in place",
		"spec §11 C7, A13", SMALL, .run = case_src_dst, .focus = "op_valid_i op_warp_i op_reg_i op_ready_o op_wait_o op_src_pid_o op_rel_o op_dst_pid_o op_dst_new_o pir_flags_i"},
	[C_TWICE] = {"same_register_twice",
		"r1 in two source slots, both release bits set: released once, exactly one free",
		"spec §11 C8, A14", SMALL, .run = case_twice, .focus = "op_valid_i op_warp_i op_reg_i op_ready_o op_wait_o op_src_pid_o op_rel_o rd_done_i pfv_q occ_q"},
	[C_UNMAPPED] = {"release_unmapped",
		"a pir release of an unmapped register and a pbr of unmapped registers: no-op, nothing freed",
		"spec §11 C9, A15", SMALL, .run = case_unmapped, .focus = "pir_valid_i pir_flags_i op_valid_i op_warp_i op_reg_i op_ready_o op_wait_o op_rel_o pfv_q occ_q"},
	[C_EXIT] = {"exit_sweep",
		"a warp exits with 5 leftover mappings: the sweep takes ceil(R/RT_BANKS) cycles and frees all; another "
		"warp's allocation in the sweep is unaffected",
		"spec §11 C11, A16", SMALL, .run = case_exit, .focus = "op_valid_i op_kind_i op_warp_i op_ready_o op_wait_o swp_q alc_valid_i alc_reg_i alc_gnt_o alc_pid_o occ_q"},
	[C_LAUNCH] = {"kernel_launch",
		"launch reserves exactly the kw*ke exempt ids; a relaunch clears the table, the cursors and the flag cache",
		"spec §11 C12", SMALL, .run = case_launch, .focus = "kl_valid_i kl_warps_i kl_regs_i kl_exempt_i kr_q ke_q occ_q cv_q fcv_q"},
	[C_EXEMPT] = {"exempt_register",
		"exempt registers: computed id w*ke + (r-R), never released by pir or pbr, never allocated",
		"spec §11 C13, §2.7, A21", SMALL, .run = case_exempt, .focus = "kl_valid_i kl_exempt_i op_valid_i op_warp_i op_reg_i op_ready_o op_wait_o op_src_pid_o op_rel_o op_dst_pid_o op_dst_new_o occ_q"},
	[C_PBR9] = {"pbr_nine_registers",
		"a pbr of 9 slots (5 mapped, 3 unmapped, one empty; 4 in one bank) waits for the operand reads, then "
		"takes 4 cycles and frees the 5 mapped ones",
		"spec §11 C14, A17", WIDE, .run = case_pbr9, .focus = "op_valid_i op_warp_i op_reg_i op_ready_o op_wait_o rd_done_i pfv_q occ_q"},
	[C_FC_PINNED] = {"flag_cache_pinned",
		"three entries pinned by three warps' cursors: the fourth warp's miss stalls (its own cursor, on a "
		"shared entry, is dropped) until an exit unpins one; a hit is taken at once; a warp's own cursor "
		"does not pin (its miss may evict its own entry)",
		"spec §11 C16, A18", FC3, .run = case_fc_pinned, .focus = "pir_valid_i pir_warp_i pir_pc_i pir_ready_o pir_hit_o fcv_q fct_q fvp_q cv_q ci_q"},
	[C_LONG_BLOCK] = {"block_longer_than_18",
		"18 instructions use pir slots 0..17 (slot 17's flag releases), the cursor is invalid after the 18th, the "
		"next pir restarts at slot 0",
		"spec §11 C17", SMALL, .run = case_long_block, .focus = "pir_valid_i pir_hit_o op_valid_i op_warp_i op_ready_o op_rel_o cv_q cs_q"},
	[C_DOMAIN] = {"domain_free_and_alloc",
		"the last register of a gating domain freed and another granted in it the same cycle: dom_on_o stays 1; "
		"freed then granted the next cycle: stays 1 too",
		"spec §11 C19, C18", SMALL ",POLICY=LOWEST_FIRST", .run = case_domain, .focus = "alc_valid_i alc_reg_i alc_gnt_o alc_pid_o op_valid_i op_kind_i op_ready_o reg_on_o dom_on_o occ_q"},
	[C_WEAR] = {"wear_level_wrap",
		"WEAR_LEVEL: every grant is the first free id at or after last + SUB_REGS (mod PHYS_REGS); the search "
		"wraps around the top",
		"spec §11 C23, A8", SMALL ",POLICY=WEAR_LEVEL", .run = case_wear, .focus = "alc_valid_i alc_reg_i alc_gnt_o alc_pid_o last_q occ_q"},
	[C_OVERSUB] = {"oversubscribed_kernel",
		"kernels with kw*kr > PHYS_REGS: allocations are refused for lack of a free id and the stalls resolve (the "
		"kernels complete, data checked)",
		"spec §2.8, §11 C4, A28", SM16, .run = case_oversub, .focus = "kl_valid_i kl_warps_i kl_regs_i alc_valid_i alc_reg_i alc_gnt_o alc_pid_o occ_q"},
	[C_BURST] = {"load_burst_allocations",
		"long-latency loads return in bursts: every allocation port busy in one cycle, bank refusals retried, "
		"data checked",
		"spec §11 C2, C20, A9", SM16 ",ALLOC_PORTS=4", .run = case_burst, .focus = "alc_valid_i alc_reg_i alc_gnt_o alc_pid_o occ_q"},
	[C_RESET] = {"reset_mid_kernel",
		"a reset in the middle of a kernel empties the block; a fresh launch runs to completion, data checked",
		"spec §11 C12", SM16, .run = case_reset, .focus = "rst_i kl_valid_i op_valid_i op_ready_o alc_valid_i alc_gnt_o occ_q rtv_q"},
	[C_COMMIT_REL] = {"commit_and_release_same_cycle",
		"warp 0's pending free commits in the cycle one of its instructions releases another register: only the "
		"start-of-cycle entries are freed, the new one waits for its operand read",
		"spec §2.6, A5, §11 C6", SMALL, .run = case_commit_rel, .focus = "op_valid_i op_warp_i op_reg_i op_ready_o op_wait_o op_rel_o rd_done_i rd_warp_i pfv_q occ_q"},
	[C_BAD_HINT] = {"early_release_detected",
		"negative: every pir flag set (a release while the value is still needed): the data check must fail",
		"spec §2.3.3, §11 C6", SM16, .expect_fail = "data: warp 0 reads", .run = case_bad_hint, .focus = "pir_valid_i pir_flags_i op_valid_i op_warp_i op_reg_i op_ready_o op_wait_o op_rel_o op_src_pid_o rd_done_i rd_warp_i alc_valid_i alc_reg_i alc_gnt_o alc_pid_o"},
	[C_PBR_WRITE] = {"pbr_then_write",
		"a pbr of r0 and r1 waits for the warp's operand read, frees both ids; the next instruction writes r0: "
		"its destination is unmapped (new), the write is granted a free id and r0 maps to it, one id occupied",
		"spec §11 C15, C14", SMALL, .run = case_pbr_write, .focus = "op_valid_i op_warp_i op_reg_i op_ready_o op_wait_o op_dst_new_o rd_done_i alc_valid_i alc_reg_i alc_gnt_o alc_pid_o pfv_q occ_q"},
	[C_CLS_REQ] = {"class_by_request",
		"MEM_RA: TFET requests get TFET ids (>= 24), the others CMOS, alc_tfet_o = the class; an INSN reading one "
		"CMOS and one TFET source shows op_src_tfet_o = 010 (W-P1-9); a write in place to a TFET id op_dst_tfet_o",
		"Xie §4.1.2.2, spec §2.1.3, §2.1.6, W-P1-9", CLS ",CLASS=MEM_RA", .run = rsc_case_by_request, .focus = "alc_valid_i alc_tfet_i alc_load_i alc_gnt_o alc_pid_o alc_tfet_o op_valid_i op_src_tfet_o op_dst_tfet_o"},
	[C_CLS_TEMPTY] = {"tfet_empty_fallback_cmos",
		"every TFET id occupied: a TFET request gets CMOS, tfet_refused = 1; one free TFET id and two TFET requests "
		"in a cycle: port 0 TFET, port 1 CMOS",
		"W-P1-1, A10", CLS ",CLASS=MEM_RA", .run = rsc_case_tfet_empty, .focus = "alc_valid_i alc_tfet_i alc_gnt_o alc_pid_o alc_tfet_o occ_q"},
	[C_CLS_CEMPTY] = {"cmos_empty_fallback_tfet",
		"every CMOS id occupied: a CMOS request gets a TFET id, fallback_tfet = 1 (also under CMOS_RA)",
		"W-P1-2, A10", CLS ",CLASS=MEM_RA", .run = rsc_case_cmos_empty, .focus = "alc_valid_i alc_tfet_i alc_gnt_o alc_pid_o alc_tfet_o occ_q"},
	[C_CLS_LOAD] = {"load_never_tfet",
		"CMOS full, TFET free: a load is refused cycle after cycle while a non-load request gets TFET; the load "
		"gets the CMOS id a pbr frees, the cycle after its free",
		"A11, spec §2.1.5", CLS ",CLASS=MEM_RA", .run = rsc_case_load, .focus = "alc_valid_i alc_tfet_i alc_load_i alc_gnt_o alc_pid_o alc_tfet_o op_valid_i op_kind_i rd_done_i occ_q"},
	[C_CLS_LOAD_TFET] = {"load_tfet_request_rejected",
		"negative: a request with alc_tfet_i and alc_load_i is a protocol violation",
		"A11", CLS ",CLASS=MEM_RA", .expect_fail = "asks a TFET id for a load", .run = rsc_case_load_tfet, .focus = "alc_valid_i alc_warp_i alc_reg_i alc_tfet_i alc_load_i alc_gnt_o"},
	[C_CLS_CMOS_RA] = {"cmos_ra_cmos_first",
		"CMOS_RA: every request gets CMOS while a CMOS id is free (alc_tfet_i changes nothing); TFET only by "
		"the fallback",
		"Xie §6.1.1, spec §2.1.9", CLS ",CLASS=CMOS_RA", .run = rsc_case_cmos_ra, .focus = "alc_valid_i alc_tfet_i alc_gnt_o alc_pid_o alc_tfet_o occ_q"},
	[C_CLS_PLACE] = {"placement_within_class",
		"POLICY chooses inside the class set (every grant checked against the page's reference): CONSOLIDATE "
		"(here), LOWEST_FIRST, WEAR_LEVEL; a TFET request falls back inside the policy",
		"A8, docs/rename.md step 6 with classes", CLS ",CLASS=MEM_RA,GATING=STATIC,POLICY=CONSOLIDATE", .run = rsc_case_placement, .focus = "alc_valid_i alc_tfet_i alc_gnt_o alc_pid_o alc_tfet_o occ_q"},
	[C_CLS_STATIC] = {"static_gating_a17",
		"GATING=STATIC: six launches, reg_on_o = TFET ids + the lowest gb CMOS rows (A17, worked out by hand), "
		"capacity >= kw*kr; with the powered CMOS full a CMOS request falls back to TFET while gated ids are free",
		"Xie §4.1.2.1, spec §2.1.2, A17, W-P1-3", CLS ",CLASS=MEM_RA,GATING=STATIC,POLICY=CONSOLIDATE", .run = rsc_case_static, .focus = "kl_valid_i kl_warps_i kl_regs_i kl_exempt_i reg_on_o alc_valid_i alc_tfet_i alc_gnt_o alc_pid_o alc_tfet_o occ_q"},
	[C_CLS_STATIC_OVER] = {"static_launch_over_capacity",
		"negative: under GATING=STATIC a launch with kw*kr > PHYS_REGS is a protocol violation (W-P1-3's premise)",
		"W-P1-3, A17", CLSW ",CLASS=MEM_RA,GATING=STATIC", .expect_fail = "GATING=STATIC launch with kw*kr", .run = rsc_case_static_over, .focus = "kl_valid_i kl_warps_i kl_regs_i kl_exempt_i reg_on_o"},
	[C_CLS_NOBYPASS] = {"release_alloc_same_cycle_no_bypass",
		"the page's timing diagram: the only TFET id freed in cycle t is not granted in t (CMOS fallback), it is "
		"in t+1; free_tfet_o rises at t+1; a load gets CMOS",
		"W-P1-4, A15", CLS ",CLASS=MEM_RA", .run = rsc_case_no_bypass, .focus = "op_valid_i op_kind_i op_ready_o alc_valid_i alc_tfet_i alc_load_i alc_gnt_o alc_pid_o alc_tfet_o free_tfet_o occ_q"},
	[C_CLS_EXIT] = {"exit_releases_both_classes",
		"a warp holding CMOS and TFET ids exits: the sweep frees both; free_tfet_o rises the cycle after the "
		"group that freed them",
		"W-P1-15, A14", CLS ",CLASS=MEM_RA", .run = rsc_case_exit, .focus = "op_valid_i op_kind_i op_warp_i op_ready_o op_wait_o swp_q free_tfet_o occ_q"},
	[C_CLS_RELAUNCH] = {"kernel_relaunch_regates",
		"STATIC: kernel A (1 x 2) then B (4 x 8, 2 exempt): reg_on_o follows B from the cycle after its launch, "
		"only B's exempt ids stay occupied, B's first grant is in a row A gated",
		"W-P1-16", CLS ",CLASS=MEM_RA,GATING=STATIC,POLICY=CONSOLIDATE", .run = rsc_case_relaunch, .focus = "kl_valid_i kl_warps_i kl_regs_i kl_exempt_i reg_on_o alc_valid_i alc_gnt_o alc_pid_o occ_q"},
};
