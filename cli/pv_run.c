/* pv_run.c - one `warpgen prove` run: the folder, the generated RTL, the
 * netlist (cosim/gate's synthesis, or a given file), one Yosys step (equiv_*
 * and the miter's AIGER + SMT2, cached by content), then the engines.
 * Folder: <out>/prove/<block>/<config>/{netlist,netlist-mapped-LIB,netlist-file-HASH,invariants}/. */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pv.h"
#include "wg_comp.h"
#include "wg_gate.h"
#include "wg_gen.h"
#include "wg_vtool.h"
#include "wg_yosys.h"

/* Bump when a script changes in a way its text does not show. */
#define PV_RECIPE "pv 4"

static const char *const pv_outs[] = {"miter.aig", "miter.aim", "miter.il", "miter.smt2", "equiv.txt", NULL};
static const char *const pv_outs_inv[] = {"miter.aig", "miter.aim", "miter.il", "miter.smt2", NULL};

/* The path of a file beside block b's template, DIR/<template>SUFFIX (DIR: rtl_templates/ when NULL);
 * 0 when it exists. */
static int template_side_path(const wg_block *b, const char *dir, const char *suffix, char *buf, size_t n)
{
	const char *t = b->template_file;
	size_t len = t && strstr(t, ".v") ? (size_t)(strstr(t, ".v") - t) : strlen(b->name);
	if (dir)
		snprintf(buf, n, "%s/%.*s%s", dir, (int)len, t ? t : b->name, suffix);
	else
		snprintf(buf, n, "%s/rtl_templates/%.*s%s", wg_root(), (int)len, t ? t : b->name, suffix);
	FILE *f = fopen(buf, "r");
	if (!f)
		return -1;
	fclose(f);
	return 0;
}

int pv_props_path(const wg_block *b, const char *dir, char *buf, size_t n)
{
	return template_side_path(b, dir, "_props.v", buf, n);
}

/* The path of the block's strengthening lemmas for --netlist, rtl_templates/<template>_lemmas.txt
 * (pv_lemma.c); 0 when it exists. */
static int lemmas_path(const wg_block *b, char *buf, size_t n)
{
	return template_side_path(b, NULL, "_lemmas.txt", buf, n);
}

/* A properties file's text with the template's {{if}} sections selected for block b at p (the
 * same sections as its template: a port that exists only in some configurations is named only
 * there). NULL and a message in err. */
static char *read_props(const wg_block *b, const long *p, const char *path, char *err, size_t n)
{
	char *t = wg_read_file(path, NULL, err, n);
	if (!t)
		return NULL;
	char *u = wg_template_sections(b, p, path, t, err, n);
	free(t);
	return u;
}

/* The run folder and the generated RTL in it. */
static int setup(const pv_req *q, const char *leaf, pv_result *r, char **rtl, uint64_t *key, char *err, size_t n)
{
	char cfg[1024], path[PV_PATH + 64], ver[128];
	wg_config_name(q->b, q->p, 1, cfg, sizeof cfg);
	char rel[PV_PATH];
	snprintf(rel, sizeof rel, "%s/prove/%s/%s/%s", wg_out_dir(), q->b->name, cfg, leaf);
	if (wg_mkdirs(rel, err, n) != 0)
		return -1;
	if (!realpath(rel, r->dir)) {
		snprintf(err, n, "cannot resolve %s", rel);
		return -1;
	}
	if (wg_yosys_version(ver, sizeof ver) != 0) {
		snprintf(err, n, "yosys not found or not working (`yosys -V` failed): install it with `make deps`");
		return -1;
	}
	if (wg_generate(q->b, q->p, q->b->name, r->dir, err, n) != 0)
		return -1;
	snprintf(path, sizeof path, "%s/%s.v", r->dir, q->b->name);
	*rtl = wg_read_file(path, NULL, err, n);
	if (!*rtl)
		return -1;
	*key = wg_fnv_part(WG_FNV_INIT, PV_RECIPE, strlen(PV_RECIPE));
	*key = wg_fnv_part(*key, ver, strlen(ver));
	return 0;
}

/* The AIGER and SMT2 of the module `top` (already prepared): the tail of both scripts. */
static void aiger_tail(wg_buf *s, int drop_outputs)
{
	wg_buf_printf(s, "memory_map\nopt -fast\n"
			 "# an x (an undriven net, an out-of-range select) is any value, every cycle: a proof\n"
			 "# shows that no output depends on one, as Verilator's random x values would show\n"
			 "setundef -undriven -anyseq\n"
			 "async2sync\ndffunmap\nwrite_smt2 -wires miter.smt2\n"
			 "# the word-level design for `sim -r cex.aiw` (a counterexample into a waveform of\n"
			 "# the designs' own signals; the witness names flip-flops and inputs, as here)\n"
			 "write_rtlil miter.il\n"
			 "setattr -unset keep\n%sopt -full\ntechmap\nopt -fast\n"
			 "# opt folds enables back into $_SDFFE_: dffunmap again (write_aiger refuses them)\n"
			 "dffunmap\nabc -g AND -fast\nopt_clean\n"
			 "# -zinit: a flip-flop without an initial value gets a free input for it (any start state)\n"
			 "write_aiger -I -B -zinit -map miter.aim miter.aig\n",
		      drop_outputs ? "delete -output\n" : "");
}

static int yosys(const char *const *outs, pv_result *r, const char *script, uint64_t key, int *code, char *err,
		 size_t n)
{
	key = wg_fnv_part(key, script, strlen(script));
	double secs = 0;
	if (wg_yosys_cached(r->dir, "prove", key, outs))
		return 0;
	return wg_yosys_step(r->dir, "prove", script, key, outs, outs, &secs, code, err, n);
}

static void equiv_counts(pv_result *r)
{
	char path[PV_PATH + 32], err[256];
	snprintf(path, sizeof path, "%s/equiv.txt", r->dir);
	char *t = wg_read_file(path, NULL, err, sizeof err);
	const char *s = t ? strstr(t, "Of those cells ") : NULL;
	long a = 0, u = 0;
	if (s && sscanf(s, "Of those cells %ld are proven and %ld are unproven", &a, &u) == 2) {
		r->equiv_total = a + u;
		r->equiv_unproven = u;
	} else if (t && sscanf(t, "Found %ld $equiv cells", &a) == 1) {
		r->equiv_total = a;
		r->equiv_unproven = 0;
	} else {
		r->equiv_total = -1;
	}
	free(t);
}

static char *pv_props_all(const pv_req *q, const char *rtl, char *labels, size_t ln, char *oblig, size_t on,
			  char *mixed, size_t mn, int *code, char *err, size_t n);

int pv_netlist(const pv_req *q, pv_result *r, int *code, char *err, size_t n)
{
	double t0 = wg_now();
	char leaf[256] = "netlist", net[PV_PATH + 64];
	wg_gate_res g;
	memset(&g, 0, sizeof g);
	if (q->netlist_file) {
		if (!realpath(q->netlist_file, net)) {
			*code = 2;
			snprintf(err, n, "--netlist-file %s: no such file", q->netlist_file);
			return -1;
		}
		size_t len = 0; /* the folder is named by the file's content: a rerun reuses it */
		char *text = wg_read_file(net, &len, err, n);
		if (!text) {
			*code = 2;
			return -1;
		}
		snprintf(leaf, sizeof leaf, "netlist-file-%08llx",
			 (unsigned long long)(wg_fnv_part(WG_FNV_INIT, text, len) & 0xffffffffu));
		free(text);
		snprintf(r->what, sizeof r->what, "RTL = given netlist %s", q->netlist_file);
	} else {
		wg_synth_flow f = q->liberty ? WG_SYNTH_MAPPED : WG_SYNTH_FULL;
		if (wg_gate_synth(q->b, q->p, q->b->name, f, q->liberty, 1, &g, code, err, n) != 0) {
			wg_gate_free(&g);
			return -1;
		}
		snprintf(net, sizeof net, "%s/netlist.v", g.dir);
		char real[PV_PATH];
		if (realpath(net, real))
			snprintf(net, sizeof net, "%s", real);
		if (q->liberty) {
			const char *base = strrchr(q->liberty, '/') ? strrchr(q->liberty, '/') + 1 : q->liberty;
			const char *dot = strrchr(base, '.');
			snprintf(leaf, sizeof leaf, "netlist-mapped-%.*s", (int)(dot && dot > base ? dot - base : 100), base);
			snprintf(r->what, sizeof r->what, "RTL = netlist mapped to %.*s", (int)(dot && dot > base ? dot - base : 100), base);
		} else {
			snprintf(r->what, sizeof r->what, "RTL = generic-gate netlist");
		}
		wg_gate_free(&g);
	}
	char *rtl = NULL;
	uint64_t key;
	*code = 1;
	if (setup(q, leaf, r, &rtl, &key, err, n) != 0)
		return -1;
	key = wg_fnv_part(key, rtl, strlen(rtl));
	/* the protocol: the assumptions of the block's properties file, on the RTL's side of the
	 * miter (its assertions are --invariants' business and are removed there) */
	int assumed = 0;
	char pp[PV_PATH + 64], assumes[sizeof r->what - 64] = "";
	char *full = NULL; /* the RTL with the assumptions inserted, when there are any */
	if (!q->no_assume && q->b->comp) {
		/* a composition: its leaves' properties in their modules as --invariants has them, the
		 * leaves' protocols assumed at the ports the composition's inputs drive; the assertions
		 * (the obligations among them: --invariants proves them) are removed below */
		char labels[2048] = "", oblig[1024] = "", mixed[1024] = "";
		int pcode = 1;
		full = pv_props_all(q, rtl, labels, sizeof labels, oblig, sizeof oblig, mixed, sizeof mixed, &pcode, err, n);
		if (!full) {
			*code = pcode;
			free(rtl);
			return -1;
		}
		pv_props_labels(full, "assume", assumes, sizeof assumes);
	} else if (!q->no_assume && pv_props_path(q->b, NULL, pp, sizeof pp) == 0) {
		char *props = read_props(q->b, q->p, pp, err, n);
		if (!props) {
			free(rtl);
			return -1;
		}
		pv_props_labels(props, "assume", assumes, sizeof assumes);
		full = assumes[0] ? pv_insert_props(rtl, q->b->name, props, strrchr(pp, '/') + 1, err, n) : NULL;
		free(props);
		if (assumes[0] && !full) {
			free(rtl);
			return -1;
		}
	}
	if (full && assumes[0]) {
		char path[PV_PATH + 64];
		snprintf(path, sizeof path, "%s/%s_assumed.v", r->dir, q->b->name);
		int wrc = wg_write_atomic(path, full, strlen(full), err, n);
		key = wg_fnv_part(key, full, strlen(full));
		if (wrc != 0) {
			free(full);
			free(rtl);
			return -1;
		}
		assumed = 1;
	}
	free(full);
	free(rtl);
	char *nl = wg_read_file(net, NULL, err, n);
	if (!nl)
		return -1;
	key = wg_fnv_part(key, nl, strlen(nl));
	/* the strengthening lemmas (pv_lemma.c): assertions on both sides' internal signals */
	wg_buf lem = {0}, conn = {0};
	int nlem = 0;
	char lp[PV_PATH + 64];
	if (q->lemmas_file)
		snprintf(lp, sizeof lp, "%s", q->lemmas_file);
	int has_lem = !q->no_lemmas && (q->lemmas_file || lemmas_path(q->b, lp, sizeof lp) == 0);
	if (has_lem) {
		char *lt = read_props(q->b, q->p, lp, err, n);
		int lrc = lt ? pv_lemmas(lt, nl, strrchr(lp, '/') ? strrchr(lp, '/') + 1 : lp, q->b, q->p, &lem, &conn, &nlem, err, n) : -1;
		free(lt);
		if (lrc != 0) {
			*code = 2;
			free(nl);
			wg_buf_free(&lem);
			wg_buf_free(&conn);
			return -1;
		}
	}
	free(nl);
	wg_buf top = {0};
	pv_miter_top(&top, q->b, q->p, lem.s);
	wg_buf_free(&lem);
	char path[PV_PATH + 64];
	snprintf(path, sizeof path, "%s/miter_top.v", r->dir);
	if (wg_write_atomic(path, top.s, strlen(top.s), err, n) != 0) {
		wg_buf_free(&top);
		wg_buf_free(&conn);
		return -1;
	}
	key = wg_fnv_part(key, top.s, strlen(top.s));
	wg_buf_free(&top);
	const char *B = q->b->name;
	wg_buf s = {0};
	wg_buf_printf(&s, "# warpgen prove --netlist: %s RTL against %s. Generated: do not edit.\n", B, net);
	wg_buf_printf(&s, "# 1. state-matched equivalence: equiv_make pairs the signals of the same name\n");
	wg_buf_printf(&s, "read_verilog ../%s.v\nprep -top %s -flatten\nmemory_map\nopt_clean -purge\nrename %s wg_gold\n"
			  "design -stash gold\n",
		      B, B, B);
	wg_buf_printf(&s, "read_verilog -icells %s\nprep -top %s -flatten\nopt_clean -purge\nrename %s wg_gate\n"
			  "design -stash gate\n",
		      net, B, B);
	wg_buf_printf(&s, "design -copy-from gold -as wg_gold wg_gold\ndesign -copy-from gate -as wg_gate wg_gate\n"
			  "design -save pair\n"
			  "equiv_make wg_gold wg_gate equiv\nhierarchy -top equiv\nasync2sync\n"
			  "# equiv_induct alone (no equiv_simple -seq 5 first): the same points proven at every\n"
			  "# small configuration of tests/suites/prove.sh, at a fraction of the CPU time\n"
			  "# (docs/cosim.md \"Where proofs run and what they cost\")\n"
			  "equiv_induct -seq 2\ntee -q -o equiv.txt equiv_status\n");
	wg_buf_printf(&s, "# 2. the miter (miter_top.v): every output compared after the first reset\n");
	if (assumed)
		wg_buf_printf(&s, "# the RTL's side with the protocol's assumptions of %s_props.v (its assertions removed:\n"
				  "# --invariants proves them); the netlist's side is the netlist alone\n"
				  "design -reset\nread_verilog -formal -DSYNTHESIS ../%s_assumed.v\nprep -top %s -flatten\n"
				  "memory_map\nopt_clean -purge\nchformal -assert -remove\nchformal -cover -remove\n"
				  "rename %s wg_gold\ndesign -stash goldp\n"
				  "design -copy-from goldp -as wg_gold wg_gold\ndesign -copy-from gate -as wg_gate wg_gate\n",
			      B, B, B, B);
	else
		wg_buf_printf(&s, "design -load pair\n");
	wg_buf_printf(&s, "read_verilog -formal ../miter_top.v\nhierarchy -top wg_prove_top\n"
			  "prep -top wg_prove_top -flatten\n");
	if (conn.s)
		wg_buf_printf(&s, "# the lemmas' signals of both sides (%d lemmas)\n%s", nlem, conn.s);
	wg_buf_free(&conn);
	wg_buf_printf(&s, "# start from the state after the first reset, where co-simulation starts comparing: sim\n"
			  "# writes each flip-flop's value after one cycle with rst_i = 1 as its initial value; one the\n"
			  "# reset does not set is x there and stays without one (-zinit below: any value)\n"
			  "sim -clock clk_i -reset rst_i -rstlen 1 -n 1 -w\n");
	if (assumed)
		/* ABC's fold counts a constraint from the frames before a failing one: a comparison in
		 * the very cycle whose input breaks the protocol would fail. Checked one cycle later
		 * instead (its inputs then lie in the constrained frames): the same verdicts, a
		 * counterexample one cycle longer. */
		wg_buf_printf(&s, "chformal -assert -delay 1\n");
	aiger_tail(&s, 0);
	int rc = yosys(pv_outs, r, s.s, key, code, err, n);
	wg_buf_free(&s);
	if (rc != 0)
		return -1;
	equiv_counts(r);
	if (r->equiv_total > 0 && r->equiv_unproven == 0 && !q->always_miter) {
		r->verdict = PV_PROVEN;
		snprintf(r->engine, sizeof r->engine, "equiv_induct");
	} else {
		/* the miter's verdict is under the protocol (equiv_induct's needs none) */
		if (assumed) {
			size_t used = strlen(r->what);
			snprintf(r->what + used, sizeof r->what - used, ", protocol assumed (%s)", assumes);
		}
		if (nlem) {
			size_t used = strlen(r->what);
			snprintf(r->what + used, sizeof r->what - used, ", %d lemma%s of %s proven along", nlem,
				 nlem == 1 ? "" : "s", strrchr(lp, '/') ? strrchr(lp, '/') + 1 : lp);
		}
		pv_engines(q, r->dir, 1, r);
		if (r->verdict == PV_CEX && strncmp(r->failed, "lm", 2) == 0) {
			size_t used = strlen(r->note);
			snprintf(r->note + used, sizeof r->note - used,
				 "%sthe assertion that fails is a strengthening lemma, not an output: the lemma is "
				 "false, or the netlist differs inside (--no-lemmas compares the outputs alone)",
				 used ? "; " : "");
		}
	}
	r->seconds = wg_now() - t0;
	return 0;
}

int pv_has_props(const wg_block *b, const char *dir)
{
	char pp[PV_PATH + 64];
	if (pv_props_path(b, dir, pp, sizeof pp) == 0)
		return 1;
	for (int k = 0; b->comp && k < b->comp->ninst; k++)
		if (pv_props_path(b->comp->inst[k].block, dir, pp, sizeof pp) == 0)
			return 1;
	return 0;
}

/* rtl with the properties file `path` (its sections selected for block pb at pp) inserted into
 * module `mod`; its labels (prefixed "pre")
 * appended to labels. For a leaf of composition `comp` (instance `inst`, else NULL), its
 * assumptions on ports another leaf drives become assertions (pv_oblig.c), their labels
 * appended to oblig. NULL on an error (message in err, *code set). */
static char *insert_file(char *rtl, const char *mod, const char *path, const wg_block *pb, const long *pp,
			 const char *pre, char *labels, size_t ln, const wg_block *comp, const char *inst, char *oblig,
			 size_t on, char *mixed, size_t mn, int *code, char *err, size_t n)
{
	*code = 2;
	char *props = read_props(pb, pp, path, err, n);
	if (!props)
		return NULL;
	*code = 1;
	if (comp && inst) {
		char ol[1024], ml[1024];
		char *t = pv_obligations(props, comp, inst, pre, ol, sizeof ol, ml, sizeof ml);
		free(props);
		if (!t) {
			snprintf(err, n, "out of memory");
			return NULL;
		}
		props = t;
		size_t used = strlen(oblig);
		if (ol[0])
			snprintf(oblig + used, on - used, "%s%s", used ? ", " : "", ol);
		used = strlen(mixed);
		if (ml[0])
			snprintf(mixed + used, mn - used, "%s%s", used ? ", " : "", ml);
	}
	const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	char *full = pv_insert_props(rtl, mod, props, name, err, n);
	char l[1024];
	pv_props_labels(props, "assert", l, sizeof l);
	free(props);
	size_t used = strlen(labels);
	for (const char *a = l; *a && used + 1 < ln;) {
		size_t len = strcspn(a, ",");
		int k = snprintf(labels + used, ln - used, "%s%s%.*s", used ? ", " : "", pre, (int)len, a);
		if (k < 0 || (size_t)k >= ln - used) {
			labels[used] = 0;
			break;
		}
		used += (size_t)k;
		a += len;
		while (*a == ',' || *a == ' ')
			a++;
	}
	return full;
}

/* The RTL with every property inserted: --props F, or the block's own file (into its top
 * module) and, for a composition, each instance's block's file (into the instance's module
 * <top>_<inst>, labels "inst.p_NAME": its leaves' properties, their protocols assumed at the
 * leaves' ports the composition's inputs drive, asserted at the ports another leaf drives:
 * labels "inst.a_NAME" in oblig; those naming ports of both kinds stay assumptions, in mixed). */
static char *pv_props_all(const pv_req *q, const char *rtl, char *labels, size_t ln, char *oblig, size_t on,
			  char *mixed, size_t mn, int *code, char *err, size_t n)
{
	char *cur = strdup(rtl), pp[PV_PATH + 64];
	if (!cur) {
		snprintf(err, n, "out of memory");
		return NULL;
	}
	const wg_block *b = q->b;
	if (q->props_file || pv_props_path(b, q->props_dir, pp, sizeof pp) == 0) {
		char *next = insert_file(cur, b->name, q->props_file ? q->props_file : pp, b, q->p, "", labels, ln, NULL,
					 NULL, oblig, on, mixed, mn, code, err, n);
		free(cur);
		if (!next || q->props_file)
			return next;
		cur = next;
	}
	for (int k = 0; b->comp && k < b->comp->ninst; k++) {
		const wg_comp_inst *in = &b->comp->inst[k];
		if (pv_props_path(in->block, q->props_dir, pp, sizeof pp) != 0)
			continue;
		char mod[256], pre[128];
		long child[WG_MAX_PARAMS];
		if (wg_comp_child_params(b, k, q->p, child, err, n)) {
			*code = 2;
			free(cur);
			return NULL;
		}
		snprintf(mod, sizeof mod, "%s_%s", b->name, in->name);
		snprintf(pre, sizeof pre, "%s.", in->name);
		char *next = insert_file(cur, mod, pp, in->block, child, pre, labels, ln, b, in->name, oblig, on, mixed,
					 mn, code, err, n);
		free(cur);
		if (!next)
			return NULL;
		cur = next;
	}
	return cur;
}

int pv_invariants(const pv_req *q, pv_result *r, int *code, char *err, size_t n)
{
	double t0 = wg_now();
	char *rtl = NULL;
	uint64_t key;
	*code = 1;
	char leaf[64] = "invariants";
	if (q->props_file)
		snprintf(leaf, sizeof leaf, "invariants-file-%08llx",
			 (unsigned long long)(wg_fnv_part(WG_FNV_INIT, q->props_file, strlen(q->props_file)) & 0xffffffffu));
	else if (q->props_dir) /* one folder for every --props-dir (a test's temporary copies): the key covers the text */
		snprintf(leaf, sizeof leaf, "invariants-dir");
	if (!q->props_file && !pv_has_props(q->b, q->props_dir)) {
		*code = 2;
		snprintf(err, n, "%s declares no invariants (no rtl_templates/%s_props.v)", q->b->name, q->b->name);
		return -1;
	}
	if (setup(q, leaf, r, &rtl, &key, err, n) != 0)
		return -1;
	char labels[520] = "", oblig[240] = "", mixed[200] = "";
	char *full = pv_props_all(q, rtl, labels, sizeof labels, oblig, sizeof oblig, mixed, sizeof mixed, code, err, n);
	free(rtl);
	if (!full)
		return -1;
	*code = 1;
	/* the obligations are among the assertions' labels (inserted as assertions); said apart */
	int w = snprintf(r->what, sizeof r->what, "invariants (%s)", labels[0] ? labels : "none labelled");
	if (oblig[0] && w > 0 && (size_t)w < sizeof r->what)
		w += snprintf(r->what + w, sizeof r->what - (size_t)w, ", of which the composition's obligations (%s)", oblig);
	if (mixed[0] && w > 0 && (size_t)w < sizeof r->what)
		snprintf(r->what + w, sizeof r->what - (size_t)w, "; assumed across leaves, unchecked (%s)", mixed);
	char path[PV_PATH + 64];
	snprintf(path, sizeof path, "%s/%s_props.v", r->dir, q->b->name);
	int wrc = wg_write_atomic(path, full, strlen(full), err, n);
	key = wg_fnv_part(key, full, strlen(full));
	free(full);
	if (wrc != 0)
		return -1;
	wg_buf s = {0};
	const char *B = q->b->name;
	wg_buf_printf(&s, "# warpgen prove --invariants: %s with its properties. Generated: do not edit.\n", B);
	wg_buf_printf(&s, "read_verilog -formal -DSYNTHESIS ../%s_props.v\nprep -top %s -flatten\n", B, B);
	aiger_tail(&s, 1);
	int rc = yosys(pv_outs_inv, r, s.s, key, code, err, n);
	wg_buf_free(&s);
	if (rc != 0)
		return -1;
	r->equiv_total = -1;
	pv_engines(q, r->dir, 0, r);
	r->seconds = wg_now() - t0;
	return 0;
}
