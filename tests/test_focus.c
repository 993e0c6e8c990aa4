/* test_focus.c - every directed case of every block declares its waveform's focus signals
 * (wg_case_def.focus, docs/user-guide.md §3), and each name is a port of the block or a
 * register of the Verilog generated at the case's configuration, checked as `warpgen wave` resolves
 * it (wg_focus_check) but against the generated text's declarations (wg_trace_names_from_verilog)
 * instead of a traced Verilator build: a renamed register fails here, not in a user's
 * `warpgen wave`. What it cannot see: an array element index beyond the array's size.
 *
 * Also the reader itself: the names it finds in known blocks (registers, wires named _q, arrays,
 * a composition's instances, generate blocks by their labels), what it leaves out (functions, unnamed blocks), and
 * that an unknown or renamed name is refused with a message naming it. */
#include <stdlib.h>
#include <string.h>

#include "wg_check.h"
#include "wg_gen.h"
#include "wg_stim.h"
#include "wg_wave.h"

static int has_state(const wg_trace_names *t, const char *name)
{
	for (int k = 0; k < t->nstate; k++)
		if (strcmp(t->state[k], name) == 0)
			return 1;
	return 0;
}

/* The names of block `name` at its defaults (or with the overrides `set`), into t. */
static int names_of(wg_trace_names *t, const char *name, const char *set)
{
	char err[256];
	long p[WG_MAX_PARAMS];
	const wg_block *b = wg_block_find(name);
	if (!b)
		return -1;
	wg_params_default(b, p);
	if (set && wg_params_apply(b, p, set, err, sizeof err))
		return -1;
	char *v = wg_verilog(b, p, b->name, err, sizeof err);
	if (!v)
		return -1;
	int rc = wg_trace_names_from_verilog(t, v, b->name, b);
	free(v);
	return rc;
}

static void reader(wg_trace_names *t)
{
	char err[256];
	/* rfc: unpacked arrays (tag_q[]), packed registers, and no register of a generate block (u_bank) */
	CHECK_EQ(names_of(t, "rfc", NULL), 0);
	CHECK(has_state(t, "tag_q[]") && has_state(t, "st_q[]") && has_state(t, "pv_q"));
	CHECK(!has_state(t, "data_q[]") && !has_state(t, "u_bank.data_q[]"));
	const wg_block *rfc = wg_block_find("rfc");
	CHECK_EQ(wg_focus_check(rfc, "lu_valid_i tag_q tag_q[0] tag_q[12] pv_q wb_valid_o", t, err, sizeof err), 0);
	CHECK(wg_focus_check(rfc, "lu_valid_i tag_q[] ", t, err, sizeof err) != 0);
	CHECK(wg_focus_check(rfc, "tag_q[x]", t, err, sizeof err) != 0);
	CHECK(wg_focus_check(rfc, "tag", t, err, sizeof err) != 0);
	/* a renamed register: one line naming it */
	CHECK(wg_focus_check(rfc, "lu_valid_i valid_q[0] rank_qq", t, err, sizeof err) != 0 &&
	      strstr(err, "'rank_qq'") != NULL && strstr(err, "rfc:") == err);
	CHECK_EQ(wg_focus_check(rfc, NULL, t, err, sizeof err), 0);

	/* reexec_q: a wire named _q (the head pointer, flops in a generate block) is dumped too */
	CHECK_EQ(names_of(t, "reexec_q", NULL), 0);
	CHECK(has_state(t, "hd_q") && has_state(t, "tl_q") && has_state(t, "ent_q") && has_state(t, "cnt_q"));
	CHECK(!has_state(t, "hd_d") && !has_state(t, "cnt_d"));

	/* generate blocks: named by their labels as Verilator's dump scopes them (memra's pc_q and smp_q
	 * in g_pc, wrc's gv_q in g_sched[k].g_idx, idl_q in g_idle, equalizer's older_q in g_age);
	 * attributes before reg; a function's or an unnamed block's declarations are not state */
	CHECK_EQ(names_of(t, "memra", NULL), 0);
	CHECK(has_state(t, "cnt_q") && has_state(t, "last_q") && has_state(t, "g_pc.pc_q") &&
	      has_state(t, "g_pc.smp_q") && !has_state(t, "pc_q"));
	const wg_block *memra = wg_block_find("memra");
	CHECK_EQ(wg_focus_check(memra, "g_pc.pc_q g_pc.smp_q", t, err, sizeof err), 0);
	CHECK(wg_focus_check(memra, "pc_q", t, err, sizeof err) != 0);
	CHECK_EQ(names_of(t, "wrc", "OWNER_IDLE_TIMEOUT=5"), 0);
	CHECK(has_state(t, "own_q") && has_state(t, "age_q") && has_state(t, "g_idle.idl_q") &&
	      has_state(t, "g_sched[].g_idx.gv_q") && !has_state(t, "gv_q"));
	const wg_block *wrc = wg_block_find("wrc");
	CHECK_EQ(wg_focus_check(wrc, "g_sched[0].g_idx.gv_q g_sched[12].g_idx.gi_q g_idle.idl_q", t, err, sizeof err), 0);
	CHECK(wg_focus_check(wrc, "g_sched[].g_idx.gv_q", t, err, sizeof err) != 0);
	CHECK(wg_focus_check(wrc, "g_sched.g_idx.gv_q", t, err, sizeof err) != 0);
	CHECK(wg_focus_check(wrc, "g_sched[0].gv_q", t, err, sizeof err) != 0);
	CHECK(wg_focus_check(wrc, "g_sched[0].g_idx.gv_qq", t, err, sizeof err) != 0);
	CHECK_EQ(names_of(t, "equalizer", NULL), 0);
	CHECK(has_state(t, "g_age.older_q"));

	/* compositions: each instance's module-scope names after "u_NAME." */
	CHECK_EQ(names_of(t, "sm_rfc", NULL), 0);
	CHECK(has_state(t, "u_sched.sv_q") && has_state(t, "u_rfc.st_q[]") && !has_state(t, "sv_q"));
	CHECK_EQ(wg_focus_check(wg_block_find("sm_rfc"), "dem_valid_o u_rfc.st_q[1] u_sched.sw_q", t, err, sizeof err),
		 0);
	CHECK(wg_focus_check(wg_block_find("sm_rfc"), "st_q", t, err, sizeof err) != 0);
	CHECK_EQ(names_of(t, "equalizer_gpu", "SMS=3"), 0);
	CHECK(has_state(t, "u_eq_2.cyc_q") && !has_state(t, "u_eq_3.cyc_q") && has_state(t, "u_vfm.sm_q"));
}

int main(void)
{
	wg_trace_names *t = calloc(1, sizeof *t);
	char err[512];
	reader(t);

	/* every case of every block with directed cases */
	int nb, blocks = 0, cases = 0;
	const wg_block *const *all = wg_blocks(&nb);
	for (int i = 0; i < nb; i++) {
		const wg_block *b = all[i];
		const wg_stim_def *s = wg_stim_find(b->name);
		if (!s || s->ncases == 0)
			continue;
		blocks++;
		for (int c = 0; c < s->ncases; c++) {
			const wg_case_def *d = &s->cases[c];
			long p[WG_MAX_PARAMS];
			wg_params_default(b, p);
			if (!d->focus) {
				printf("FAIL %s/%s: no focus signals declared (wg_case_def.focus)\n", b->name, d->name);
				wg_failed++;
				continue;
			}
			if (d->params && wg_params_apply(b, p, d->params, err, sizeof err)) {
				printf("FAIL %s/%s: %s\n", b->name, d->name, err);
				wg_failed++;
				continue;
			}
			char *v = wg_verilog(b, p, b->name, err, sizeof err);
			if (v && (wg_trace_names_from_verilog(t, v, b->name, b) != 0 || t->nstate == 0))
				snprintf(err, sizeof err, "no register found in the generated Verilog");
			if (!v || t->nstate == 0 || wg_focus_check(b, d->focus, t, err, sizeof err) != 0) {
				printf("FAIL %s/%s: %s\n", b->name, d->name, v ? err : "no Verilog");
				wg_failed++;
			} else {
				wg_passed++;
			}
			free(v);
			cases++;
		}
	}
	printf("%d blocks, %d cases: focus names checked against the generated Verilog\n", blocks, cases);
	CHECK(blocks >= 16);
	free(t);
	return wg_check_done();
}
