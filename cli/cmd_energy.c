/* cmd_energy.c - `warpgen energy BLOCK [--set N=V]... [--node NM] [--vdd V]`:
 * the energy of one event of each kind, with the table rows and rules behind
 * it, the leakage per storage bit, and optionally all of it scaled to another
 * technology node and supply voltage (power_tables/wg_scale.c, docs/energy-model.md §9). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_cmds.h"
#include "wg_comp.h"
#include "wg_energy.h"
#include "wg_ptable.h"
#include "wg_scale.h"

/* The technology a block's table numbers belong to. */
typedef struct en_src {
	wg_sc_tech t;        /* node and supply of the numbers */
	int vdd_known;       /* 0: the table gives no supply voltage (t.vdd is a placeholder) */
	char where[200];     /* the rows it came from, for the header line */
} en_src;

/* The rows `S node` and `S supply_voltage` of the block's table, S =
 * wg_energy_tech_rows() ("apogee" for prefetch_table: chapter V of the thesis
 * states its own node, 65 nm; else "technology"). A composition's instances
 * must agree. */
static int source_tech(const wg_block *b, const long *p, en_src *s, char *err, size_t n)
{
	if (b->comp) {
		long cp[WG_MAX_PARAMS];
		for (int k = 0; k < b->comp->ninst; k++) {
			en_src c;
			if (wg_comp_child_params(b, k, p, cp, err, n) || source_tech(b->comp->inst[k].block, cp, &c, err, n))
				return -1;
			if (k > 0 && (c.t.node_nm != s->t.node_nm || c.vdd_known != s->vdd_known ||
				      (c.vdd_known && c.t.vdd != s->t.vdd))) {
				snprintf(err, n, "%s: instance %s's tables (%s) are at another technology than %s's (%s)",
					 b->name, b->comp->inst[k].name, c.where, b->comp->inst[0].name, s->where);
				return -1;
			}
			*s = c;
		}
		return 0;
	}
	const char *name = wg_energy_table_name(b);
	if (!name) {
		snprintf(err, n, "%s: no energy model yet (power_tables/ has no rules for this block)", b->name);
		return -1;
	}
	const char *st = wg_energy_tech_rows(b);
	char path[4096], msg[300];
	wg_ptable t;
	wg_ptable_path(name, path, sizeof path);
	if (wg_ptable_load(&t, path, err, n) != 0)
		return -1;
	int rc = -1;
	const wg_prow *node = wg_ptable_need(&t, st, "node", err, n), *vdd = wg_ptable_find(&t, st, "supply_voltage");
	if (!node)
		goto out;
	if (node->kind == WG_KIND_NOT_GIVEN || wg_sc_parse_node(node->node, &s->t.node_nm, msg, sizeof msg) != 0) {
		snprintf(err, n, "%s:%d: %s node: %s", name, node->line, st,
			 node->kind == WG_KIND_NOT_GIVEN ? "not given, so nothing can be scaled" : msg);
		goto out;
	}
	s->vdd_known = vdd && vdd->kind != WG_KIND_NOT_GIVEN;
	if (s->vdd_known && wg_sc_check_vdd(vdd->value, msg, sizeof msg) != 0) {
		snprintf(err, n, "%s:%d: %s supply_voltage: %s", name, vdd->line, st, msg);
		goto out;
	}
	s->t.vdd = s->vdd_known ? vdd->value : 1.0;
	if (s->vdd_known)
		snprintf(s->where, sizeof s->where, "%g nm, %g V (%s:%d %s node, :%d supply_voltage)", s->t.node_nm,
			 s->t.vdd, name, node->line, st, vdd->line);
	else
		snprintf(s->where, sizeof s->where, "%g nm (%s:%d %s node; no supply voltage given)", s->t.node_nm,
			 name, node->line, st);
	rc = 0;
out:
	wg_ptable_free(&t);
	return rc;
}

/* The options this command adds to the common ones: --node NM, --vdd V. */
typedef struct en_scale_opts {
	int on;              /* 1: --node or --vdd given */
	double node_nm;      /* target node, nm (0: the table's) */
	double vdd;          /* target supply, V (0: the table's) */
} en_scale_opts;

/* Take --node and --vdd out of argv (into kept) and parse them; bad values exit 2. */
static int take_scale_opts(int argc, char **argv, char **kept, en_scale_opts *so)
{
	char err[300];
	int k = 0;
	memset(so, 0, sizeof *so);
	for (int i = 0; i < argc; i++) {
		int is_node = strcmp(argv[i], "--node") == 0, is_vdd = strcmp(argv[i], "--vdd") == 0;
		if (i == 0 || (!is_node && !is_vdd)) {
			kept[k++] = argv[i];
			continue;
		}
		if (i + 1 >= argc)
			wg_die("energy", 2, "%s needs a value", argv[i]);
		const char *v = argv[++i];
		if (is_node && wg_sc_parse_node(v, &so->node_nm, err, sizeof err) != 0)
			wg_die("energy", 2, "--node: %s", err);
		if (is_vdd && wg_sc_parse_vdd(v, &so->vdd, err, sizeof err) != 0)
			wg_die("energy", 2, "--vdd: %s", err);
		so->on = 1;
	}
	return k;
}

static void print_leak_per_bit(const wg_energy_model *m, const wg_block *b, const long *p)
{
	wg_sc_leak lk;
	wg_sc_leak_per_bit(m, b, p, &lk);
	if (lk.bits <= 0)
		printf("leakage per storage bit: n/a (the block's descriptor gives no storage bits)\n");
	else if (lk.not_given)
		printf("leakage per storage bit n/g: the papers give no leakage (%ld storage bits)\n", lk.bits);
	else
		printf("leakage per storage bit %.4g nW/bit: %.4g mW / %ld storage bits (the descriptor's flip-flops; "
		       "docs/energy-model.md §9)\n", lk.nw_per_bit, lk.block_mw, lk.bits);
}

/* The source technology of b's tables and the target of so; exit 2 when a number of m
 * cannot be scaled (called before anything is printed). */
static void scale_target(const wg_energy_model *m, const wg_block *b, const long *p, const en_scale_opts *so,
			 en_src *s, wg_sc_tech *to)
{
	char err[512];
	if (source_tech(b, p, s, err, sizeof err) != 0)
		wg_die("energy", 2, "%s", err);
	*to = (wg_sc_tech){so->node_nm > 0 ? so->node_nm : s->t.node_nm, so->vdd > 0 ? so->vdd : s->t.vdd};
	if (so->vdd > 0 && !s->vdd_known) {
		int given = !m->leak_not_given;
		for (int e = 0; e < m->nevents; e++)
			given |= !m->not_given[e];
		if (given)
			wg_die("energy", 2, "--vdd: %s's tables give no supply voltage, so their numbers cannot be scaled "
					    "to %g V; source: %s", b->name, so->vdd, s->where);
		to->vdd = s->t.vdd; /* nothing given: every line stays n/g */
	}
}

/* Print the model scaled from s to `to` (both checked by scale_target). */
static void print_scaled(const wg_energy_model *m, const wg_block *b, const long *p, const en_src *s,
			 wg_sc_tech to, int quiet, int w)
{
	char err[512];
	double fd, fl;
	if (wg_sc_dynamic(1.0, s->t, to, &fd, err, sizeof err) || wg_sc_leakage(1.0, s->t, to, &fl, err, sizeof err))
		wg_die("energy", 2, "%s", err);
	if (!quiet) {
		if (s->vdd_known)
			printf("\nscaled to %g nm, %g V from %s, rules of docs/energy-model.md §9:\n", to.node_nm, to.vdd,
			       s->where);
		else
			printf("\nscaled to %g nm from %s, voltage unchanged, rules of docs/energy-model.md §9:\n", to.node_nm,
			       s->where);
		printf("%-*s %10s  %s\n", w, "event", "pJ/event", "rule");
	}
	for (int e = 0; e < m->nevents; e++) {
		const char *name = b->events[e].name;
		double v;
		if (m->not_given[e]) {
			if (quiet)
				printf("%s n/g\n", name);
			else
				printf("%-*s %10s  n/g: nothing to scale\n", w, name, "n/g");
			continue;
		}
		if (wg_sc_dynamic(m->pj[e], s->t, to, &v, err, sizeof err))
			wg_die("energy", 2, "%s", err);
		if (quiet)
			printf("%s %.6g\n", name, v);
		else
			printf("%-*s %10.4f  dynamic: %.4f pJ x (L %g/%g) x (V %g/%g)^2 = x %.4g "
			       "(C ~ L under constant-field scaling, E = C V^2)\n",
			       w, name, v, m->pj[e], to.node_nm, s->t.node_nm, to.vdd, s->t.vdd, fd);
	}
	if (m->leak_not_given) {
		printf(quiet ? "leakage_mw n/g\n" : "\nleakage n/g: nothing to scale\n");
		return;
	}
	double lv;
	if (wg_sc_leakage(m->leak_mw, s->t, to, &lv, err, sizeof err))
		wg_die("energy", 2, "%s", err);
	if (quiet) {
		printf("leakage_mw %.6g\n", lv);
		return;
	}
	printf("\nleakage %.4g mW: leakage: %.4g mW x (L %g/%g) x (V %g/%g) = x %.4g (assumed: I_leak ~ W ~ L at "
	       "fixed Vt and temperature, P = V I)\n",
	       lv, m->leak_mw, to.node_nm, s->t.node_nm, to.vdd, s->t.vdd, fl);
	wg_sc_leak lk;
	wg_sc_leak_per_bit(m, b, p, &lk);
	if (lk.bits > 0)
		printf("leakage per storage bit %.4g nW/bit: %.4g mW / %ld storage bits\n", lv * 1e6 / (double)lk.bits, lv,
		       lk.bits);
}

int wg_cmd_energy(int argc, char **argv)
{
	wg_opts o;
	en_scale_opts so;
	char **kept = calloc((size_t)argc + 1, sizeof *kept);
	if (!kept)
		wg_die("energy", 2, "out of memory");
	int kargc = take_scale_opts(argc, argv, kept, &so);
	wg_opts_parse(&o, "energy", kargc, kept, WG_OPT_SET | WG_OPT_QUIET);
	free(kept);
	if (o.help) {
		printf("usage: warpgen energy BLOCK [--set NAME=VALUE]... [--node NM] [--vdd V] [-q]\n"
		       "prints the energy of one event of each kind (pJ) with its basis: the power-table rows\n"
		       "(power_tables/*.tsv) and the rules of docs/energy-model.md; -q prints only the numbers\n"
		       "--node NM (e.g. 65nm, %g..%g) and --vdd V (%g..%g): also print every energy and the leakage\n"
		       "scaled to that node and supply (docs/energy-model.md §9); with -q, only the scaled numbers\n\n",
		       WG_SC_NODE_MIN, WG_SC_NODE_MAX, WG_SC_VDD_MIN, WG_SC_VDD_MAX);
		if (o.block)
			wg_print_params(o.block);
		return 0;
	}
	char err[1024], cfg[1024];
	wg_energy_model m;
	if (wg_energy_model_init(&m, o.block, o.p, err, sizeof err) != 0)
		wg_die("energy", 2, "%s", err);
	wg_config_name(o.block, o.p, 0, cfg, sizeof cfg);
	int w = 5;
	for (int e = 0; e < m.nevents; e++) {
		int l = (int)strlen(o.block->events[e].name);
		if (l > w)
			w = l;
	}
	en_src src = {0};
	wg_sc_tech to = {0, 0};
	if (so.on) /* check the scaling before printing anything */
		scale_target(&m, o.block, o.p, &so, &src, &to);
	if (o.quiet && so.on) {
		print_scaled(&m, o.block, o.p, &src, to, 1, w);
		return 0;
	}
	if (o.quiet) {
		for (int e = 0; e < m.nevents; e++)
			if (m.not_given[e])
				printf("%s n/g\n", o.block->events[e].name);
			else
				printf("%s %.6g\n", o.block->events[e].name, m.pj[e]);
		if (m.leak_not_given)
			printf("leakage_mw n/g\n");
		else
			printf("leakage_mw %.6g\n", m.leak_mw);
		return 0;
	}
	wg_buf notes = {0};
	if (wg_energy_notes(o.block, o.p, &notes, err, sizeof err) != 0)
		wg_die("energy", 2, "%s", err);
	printf("energy model: %s (%s), table power_tables/%s\n", o.block->name, cfg, wg_energy_table_name(o.block));
	printf("%s", notes.s ? notes.s : "");
	wg_buf_free(&notes);
	printf("\n%-*s %10s  %s\n", w, "event", "pJ/event", "basis");
	for (int e = 0; e < m.nevents; e++)
		if (m.not_given[e])
			printf("%-*s %10s  %s\n", w, o.block->events[e].name, "n/g", m.basis[e]);
		else
			printf("%-*s %10.4f  %s\n", w, o.block->events[e].name, m.pj[e], m.basis[e]);
	if (m.leak_not_given)
		printf("\nleakage n/g: %s\n", m.leak_basis);
	else
		printf("\nleakage %.4g mW: %s\n", m.leak_mw, m.leak_basis);
	printf("clock %g GHz (leakage energy per cycle = leakage mW / clock GHz pJ)\n", m.clock_ghz);
	print_leak_per_bit(&m, o.block, o.p);
	if (so.on)
		print_scaled(&m, o.block, o.p, &src, to, 0, w);
	return 0;
}
