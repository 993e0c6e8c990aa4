/* wg_liberty.c - the Liberty model: the groups kept (library, templates, cell,
 * pin, ff/latch, leakage_power, internal_power, power tables), unit
 * conversion, look-ups. Syntax: wg_lib_syntax.c. See wg_liberty.h. */
#include "wg_liberty.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_lib_syntax.h"

static const wg_lib_template *tpl_find(wg_lib_prs *P, const char *name)
{
	for (int i = 0; i < P->ntpl; i++)
		if (strcmp(P->tpl[i].name, name) == 0)
			return &P->tpl[i];
	return NULL;
}

static int parse_template(wg_lib_prs *P, int open, const char *gname)
{
	if (P->nargs < 1)
		return wg_lib_fail(P, open, "%s group has no name", gname);
	if (P->ntpl == P->ctpl) {
		int nc = P->ctpl ? 2 * P->ctpl : 32;
		wg_lib_template *q = wg_lib_arena_alloc(P->A, (size_t)nc * sizeof *q);
		if (!q)
			return wg_lib_fail(P, open, "out of memory");
		if (P->ntpl)
			memcpy(q, P->tpl, (size_t)P->ntpl * sizeof *q);
		P->tpl = q;
		P->ctpl = nc;
	}
	wg_lib_template *t = &P->tpl[P->ntpl];
	memset(t, 0, sizeof *t);
	t->line = open;
	if (!(t->name = wg_lib_tok_dup(P, &P->args[0])))
		return -1;
	wg_lib_stmt st;
	int r;
	while ((r = wg_lib_body_stmt(P, &st, gname, open)) == 0) {
		if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, "variable_1"))
			t->var1 = wg_lib_var_kind(&st.val);
		else if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, "variable_2"))
			t->var2 = wg_lib_var_kind(&st.val);
		else if (st.kind == WG_LIB_ST_COMPLEX && (wg_lib_teq(&st.name, "index_1") || wg_lib_teq(&st.name, "index_2"))) {
			int two = wg_lib_teq(&st.name, "index_2"), rows;
			double *v;
			int cnt;
			if (wg_lib_args_nums(P, two ? "index_2" : "index_1", &v, &cnt, &rows))
				return -1;
			if (two) {
				t->index_2 = v;
				t->n2 = cnt;
			} else {
				t->index_1 = v;
				t->n1 = cnt;
			}
		} else if (wg_lib_group_skip_stmt(P, &st))
			return -1;
	}
	if (r < 0)
		return -1;
	P->ntpl++;
	return 0;
}

/* rise_power / fall_power / power (template) { index_1 index_2 values } */
static int parse_table(wg_lib_prs *P, int open, const char *gname, wg_lib_table *t)
{
	memset(t, 0, sizeof *t);
	t->line = open;
	const wg_lib_template *tp = NULL;
	int scalar = 0;
	char tname[128] = "";
	if (P->nargs >= 1) {
		snprintf(tname, sizeof tname, "%.*s", (int)(P->args[0].n < 120 ? P->args[0].n : 120), P->args[0].p);
		if (strcmp(tname, "scalar") == 0)
			scalar = 1;
		else if (!(tp = tpl_find(P, tname)))
			return wg_lib_fail(P, open, "%s: unknown template '%s'", gname, tname);
	} else {
		return wg_lib_fail(P, open, "%s group has no template name", gname);
	}
	double *i1 = NULL, *i2 = NULL, *vals = NULL;
	int n1 = 0, n2 = 0, nv = 0, has3 = 0;
	wg_lib_stmt st;
	int r;
	while ((r = wg_lib_body_stmt(P, &st, gname, open)) == 0) {
		int rows;
		if (st.kind == WG_LIB_ST_COMPLEX && wg_lib_teq(&st.name, "index_1")) {
			if (wg_lib_args_nums(P, "index_1", &i1, &n1, &rows))
				return -1;
		} else if (st.kind == WG_LIB_ST_COMPLEX && wg_lib_teq(&st.name, "index_2")) {
			if (wg_lib_args_nums(P, "index_2", &i2, &n2, &rows))
				return -1;
		} else if (st.kind == WG_LIB_ST_COMPLEX && wg_lib_teq(&st.name, "index_3")) {
			has3 = 1;
		} else if (st.kind == WG_LIB_ST_COMPLEX && wg_lib_teq(&st.name, "values")) {
			if (wg_lib_args_nums(P, "values", &vals, &nv, &rows))
				return -1;
		} else if (wg_lib_group_skip_stmt(P, &st))
			return -1;
	}
	if (r < 0)
		return -1;
	if (!vals)
		return wg_lib_fail(P, open, "%s group has no values", gname);
	if (scalar) {
		if (nv != 1)
			return wg_lib_fail(P, open, "%s: a scalar table has %d values, expected 1", gname, nv);
		t->n1 = t->n2 = 1;
		t->values = vals;
		return 0;
	}
	if (has3)
		return wg_lib_fail(P, open, "%s: 3-D tables are not supported", gname);
	t->var1 = tp->var1;
	t->var2 = tp->var2;
	if (!i1 && tp->n1) { /* copy: conversion is done in place per table */
		n1 = tp->n1;
		if (!(i1 = wg_lib_arena_alloc(P->A, (size_t)n1 * sizeof *i1)))
			return wg_lib_fail(P, open, "out of memory");
		memcpy(i1, tp->index_1, (size_t)n1 * sizeof *i1);
	}
	if (!i2 && tp->n2 && tp->var2 != WG_LIB_VAR_NONE) {
		n2 = tp->n2;
		if (!(i2 = wg_lib_arena_alloc(P->A, (size_t)n2 * sizeof *i2)))
			return wg_lib_fail(P, open, "out of memory");
		memcpy(i2, tp->index_2, (size_t)n2 * sizeof *i2);
	}
	if (!i1 || n1 == 0)
		return wg_lib_fail(P, open, "%s has no index_1 (neither inline nor in template '%s')", gname, tname);
	if (t->var1 == WG_LIB_VAR_NONE)
		return wg_lib_fail(P, open, "%s: template '%s' has no variable_1", gname, tname);
	if (t->var2 != WG_LIB_VAR_NONE && (!i2 || n2 == 0))
		return wg_lib_fail(P, open, "%s has no index_2 (neither inline nor in template '%s')", gname, tname);
	if (t->var2 == WG_LIB_VAR_NONE) {
		n2 = 1;
		i2 = NULL;
	}
	if (nv != n1 * n2)
		return wg_lib_fail(P, open, "%s: values has %d numbers, expected %d x %d = %d", gname, nv, n1, n2, n1 * n2);
	t->n1 = n1;
	t->n2 = n2;
	t->index_1 = i1;
	t->index_2 = i2;
	t->values = vals;
	return 0;
}

static int parse_ipower(wg_lib_prs *P, int open, wg_lib_ipower *ip)
{
	memset(ip, 0, sizeof *ip);
	ip->line = open;
	wg_lib_stmt st;
	int r;
	while ((r = wg_lib_body_stmt(P, &st, "internal_power", open)) == 0) {
		if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, "related_pin")) {
			if (!(ip->related_pin = wg_lib_tok_dup(P, &st.val)))
				return -1;
		} else if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, "when")) {
			if (!(ip->when = wg_lib_tok_dup(P, &st.val)))
				return -1;
		} else if (st.kind == WG_LIB_ST_GROUP && wg_lib_teq(&st.name, "rise_power")) {
			if (parse_table(P, st.line, "rise_power", &ip->rise))
				return -1;
		} else if (st.kind == WG_LIB_ST_GROUP && wg_lib_teq(&st.name, "fall_power")) {
			if (parse_table(P, st.line, "fall_power", &ip->fall))
				return -1;
		} else if (st.kind == WG_LIB_ST_GROUP && wg_lib_teq(&st.name, "power")) {
			if (parse_table(P, st.line, "power", &ip->rise))
				return -1;
			ip->fall = ip->rise;
		} else if (wg_lib_group_skip_stmt(P, &st))
			return -1;
	}
	return r < 0 ? -1 : 0;
}

static int parse_pin(wg_lib_prs *P, int open, const char *cell, wg_lib_pin *p)
{
	memset(p, 0, sizeof *p);
	p->line = open;
	if (P->nargs < 1)
		return wg_lib_fail(P, open, "pin group of cell '%s' has no name", cell);
	if (!(p->name = wg_lib_tok_dup(P, &P->args[0])))
		return -1;
	int have_dir = 0, have_cap = 0, have_r = 0, have_f = 0;
	double rc = 0, fc = 0;
	wg_lib_ipower *ip = NULL;
	int cip = 0;
	wg_lib_stmt st;
	int r;
	while ((r = wg_lib_body_stmt(P, &st, "pin", open)) == 0) {
		if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, "direction")) {
			have_dir = 1;
			if (wg_lib_teq(&st.val, "input"))
				p->dir = WG_LIB_IN;
			else if (wg_lib_teq(&st.val, "output"))
				p->dir = WG_LIB_OUT;
			else if (wg_lib_teq(&st.val, "inout"))
				p->dir = WG_LIB_INOUT;
			else if (wg_lib_teq(&st.val, "internal"))
				p->dir = WG_LIB_INTERNAL;
			else
				return wg_lib_fail(P, st.line, "bad direction '%.*s' of pin '%s' (input, output, inout or internal)",
				            (int)(st.val.n < 40 ? st.val.n : 40), st.val.p, p->name);
		} else if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, "capacitance")) {
			have_cap = 1;
			if (wg_lib_attr_num(P, &st, &p->cap_pf))
				return -1;
		} else if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, "rise_capacitance")) {
			have_r = 1;
			if (wg_lib_attr_num(P, &st, &rc))
				return -1;
		} else if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, "fall_capacitance")) {
			have_f = 1;
			if (wg_lib_attr_num(P, &st, &fc))
				return -1;
		} else if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, "function")) {
			if (!(p->function = wg_lib_tok_dup(P, &st.val)))
				return -1;
		} else if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, "clock")) {
			p->is_clock = wg_lib_attr_bool(&st);
		} else if (st.kind == WG_LIB_ST_GROUP && wg_lib_teq(&st.name, "internal_power")) {
			if (p->nipow == cip) {
				int nc = cip ? 2 * cip : 4;
				wg_lib_ipower *q = wg_lib_arena_alloc(P->A, (size_t)nc * sizeof *q);
				if (!q)
					return wg_lib_fail(P, st.line, "out of memory");
				if (p->nipow)
					memcpy(q, ip, (size_t)p->nipow * sizeof *q);
				ip = q;
				cip = nc;
			}
			if (parse_ipower(P, st.line, &ip[p->nipow]))
				return -1;
			p->nipow++;
		} else if (wg_lib_group_skip_stmt(P, &st))
			return -1;
	}
	if (r < 0)
		return -1;
	if (!have_dir)
		return wg_lib_fail(P, open, "pin '%s' of cell '%s' has no direction", p->name, cell);
	if (!have_cap) {
		if (have_r && have_f)
			p->cap_pf = (rc + fc) / 2;
		else if (have_r || have_f)
			p->cap_pf = have_r ? rc : fc;
		else if (p->dir == WG_LIB_IN || p->dir == WG_LIB_INOUT)
			p->cap_pf = P->lib->default_in_cap_pf;
	}
	p->ipow = ip;
	return 0;
}

/* ff (IQ, IQN) { clocked_on next_state } / latch (IQ, IQN) { enable data_in } */
static int parse_seq(wg_lib_prs *P, int open, wg_lib_cell *c, int latch)
{
	c->seq = latch ? WG_LIB_LATCH : WG_LIB_FF;
	for (int i = 0; i < 2 && i < P->nargs; i++)
		if (!(c->state[i] = wg_lib_tok_dup(P, &P->args[i])))
			return -1;
	wg_lib_stmt st;
	int r;
	const char *gname = latch ? "latch" : "ff";
	while ((r = wg_lib_body_stmt(P, &st, gname, open)) == 0) {
		if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, latch ? "enable" : "clocked_on")) {
			if (!(c->clocked_on = wg_lib_tok_dup(P, &st.val)))
				return -1;
		} else if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, latch ? "data_in" : "next_state")) {
			if (!(c->next_state = wg_lib_tok_dup(P, &st.val)))
				return -1;
		} else if (wg_lib_group_skip_stmt(P, &st))
			return -1;
	}
	if (r < 0)
		return -1;
	if (!c->clocked_on)
		return wg_lib_fail(P, open, "%s group of cell '%s' has no %s", gname, c->name, latch ? "enable" : "clocked_on");
	return 0;
}

/* Does expression `e` name identifier `id` (whole word)? */
static int names_pin(const char *e, const char *id)
{
	size_t n = strlen(id);
	for (const char *s = e; (s = strstr(s, id)) != NULL; s++) {
		int before = s == e || !(isalnum((unsigned char)s[-1]) || s[-1] == '_' || s[-1] == '[');
		int after = !(isalnum((unsigned char)s[n]) || s[n] == '_' || s[n] == '[');
		if (before && after)
			return 1;
	}
	return 0;
}

static int parse_cell(wg_lib_prs *P, int open)
{
	if (P->nargs < 1)
		return wg_lib_fail(P, open, "cell group has no name");
	if (P->ncells == P->ccells) {
		int nc = P->ccells ? 2 * P->ccells : 64;
		wg_lib_cell *q = wg_lib_arena_alloc(P->A, (size_t)nc * sizeof *q);
		if (!q)
			return wg_lib_fail(P, open, "out of memory");
		if (P->ncells)
			memcpy(q, P->cells, (size_t)P->ncells * sizeof *q);
		P->cells = q;
		P->ccells = nc;
	}
	wg_lib_cell *c = &P->cells[P->ncells];
	memset(c, 0, sizeof *c);
	c->line = open;
	if (!(c->name = wg_lib_tok_dup(P, &P->args[0])))
		return -1;
	int have_area = 0, have_cl = 0, nwhen = 0, have_nowhen = 0;
	double cl = 0, sumwhen = 0, nowhen = 0;
	wg_lib_pin *pins = NULL;
	int cpins = 0;
	wg_lib_stmt st;
	int r;
	while ((r = wg_lib_body_stmt(P, &st, "cell", open)) == 0) {
		if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, "area")) {
			have_area = 1;
			if (wg_lib_attr_num(P, &st, &c->area))
				return -1;
		} else if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, "cell_leakage_power")) {
			have_cl = 1;
			if (wg_lib_attr_num(P, &st, &cl))
				return -1;
		} else if (st.kind == WG_LIB_ST_GROUP && wg_lib_teq(&st.name, "leakage_power")) {
			int g = st.line, has_v = 0, has_w = 0;
			double v = 0;
			while ((r = wg_lib_body_stmt(P, &st, "leakage_power", g)) == 0) {
				if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, "value")) {
					has_v = 1;
					if (wg_lib_attr_num(P, &st, &v))
						return -1;
				} else if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, "when")) {
					has_w = 1;
				} else if (wg_lib_group_skip_stmt(P, &st))
					return -1;
			}
			if (r < 0)
				return -1;
			if (!has_v)
				return wg_lib_fail(P, g, "leakage_power group of cell '%s' has no value", c->name);
			if (has_w) {
				sumwhen += v;
				nwhen++;
			} else {
				have_nowhen = 1;
				nowhen = v;
			}
		} else if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, "clock_gating_integrated_cell")) {
			if (!(c->clock_gating = wg_lib_tok_dup(P, &st.val)))
				return -1;
		} else if (st.kind == WG_LIB_ST_GROUP && (wg_lib_teq(&st.name, "ff") || wg_lib_teq(&st.name, "latch"))) {
			if (parse_seq(P, st.line, c, wg_lib_teq(&st.name, "latch")))
				return -1;
		} else if (st.kind == WG_LIB_ST_GROUP && wg_lib_teq(&st.name, "pin")) {
			int nnames = P->nargs > 0 ? P->nargs : 1;
			wg_lib_tok names[8];
			if (nnames > 8)
				nnames = 8;
			for (int i = 0; i < nnames && i < P->nargs; i++)
				names[i] = P->args[i];
			if (c->npins + nnames > cpins) {
				int nc = cpins ? 2 * cpins : 8;
				while (nc < c->npins + nnames)
					nc *= 2;
				wg_lib_pin *q = wg_lib_arena_alloc(P->A, (size_t)nc * sizeof *q);
				if (!q)
					return wg_lib_fail(P, st.line, "out of memory");
				if (c->npins)
					memcpy(q, pins, (size_t)c->npins * sizeof *q);
				pins = q;
				cpins = nc;
			}
			if (parse_pin(P, st.line, c->name, &pins[c->npins]))
				return -1;
			/* `pin (A, B) { ... }`: the same attributes for each name */
			for (int i = 1; i < nnames; i++) {
				pins[c->npins + i] = pins[c->npins];
				if (!(pins[c->npins + i].name = wg_lib_tok_dup(P, &names[i])))
					return -1;
			}
			c->npins += nnames;
		} else if (wg_lib_group_skip_stmt(P, &st))
			return -1;
	}
	if (r < 0)
		return -1;
	if (!have_area)
		return wg_lib_fail(P, open, "cell '%s' has no area", c->name);
	c->leakage_nw = have_cl ? cl : have_nowhen ? nowhen : nwhen ? sumwhen / nwhen : P->lib->default_leak_nw;
	if (c->clocked_on)
		for (int i = 0; i < c->npins; i++)
			if (pins[i].dir == WG_LIB_IN && names_pin(c->clocked_on, pins[i].name))
				pins[i].is_clock = 1;
	c->pins = pins;
	P->ncells++;
	return 0;
}

static int parse_opcond(wg_lib_prs *P, int open)
{
	int k = P->nconds < 16 ? P->nconds++ : -1;
	if (k >= 0) {
		snprintf(P->conds[k], sizeof P->conds[k], "%.*s", P->nargs ? (int)(P->args[0].n < 120 ? P->args[0].n : 120) : 0,
		         P->nargs ? P->args[0].p : "");
		P->condv[k] = 0;
	}
	wg_lib_stmt st;
	int r;
	while ((r = wg_lib_body_stmt(P, &st, "operating_conditions", open)) == 0) {
		if (st.kind == WG_LIB_ST_ATTR && wg_lib_teq(&st.name, "voltage")) {
			double v;
			if (wg_lib_attr_num(P, &st, &v))
				return -1;
			if (k >= 0)
				P->condv[k] = v;
		} else if (wg_lib_group_skip_stmt(P, &st))
			return -1;
	}
	return r < 0 ? -1 : 0;
}

static void unit_text(wg_lib *L, int i, const wg_lib_tok *t)
{
	snprintf(L->unit_text[i], sizeof L->unit_text[i], "%.*s", (int)(t->n < 20 ? t->n : 20), t->p);
}

static void convert_table(const wg_lib *L, wg_lib_table *t)
{
	if (!t->values)
		return;
	double *v = (double *)t->values;
	for (int i = 0; i < t->n1 * t->n2; i++)
		v[i] *= L->energy_pj;
	for (int ax = 0; ax < 2; ax++) {
		wg_lib_var var = ax ? t->var2 : t->var1;
		double *x = (double *)(ax ? t->index_2 : t->index_1);
		int n = ax ? t->n2 : t->n1;
		double f = var == WG_LIB_VAR_SLEW ? L->time_ns : var == WG_LIB_VAR_LOAD ? L->cap_pf : 1;
		if (x)
			for (int i = 0; i < n; i++)
				x[i] *= f;
	}
}

static int parse_library(wg_lib_prs *P, int open)
{
	wg_lib *L = P->lib;
	wg_lib_stmt st;
	int r;
	while ((r = wg_lib_body_stmt(P, &st, "library", open)) == 0) {
		if (st.kind == WG_LIB_ST_ATTR) {
			static const char *const un[] = {"time_unit", "voltage_unit", "", "leakage_power_unit", "current_unit",
			                                 "pulling_resistance_unit"};
			static const wg_lib_unit_sfx *const us[] = {WG_LIB_U_TIME, WG_LIB_U_VOLT, NULL, WG_LIB_U_LEAK, WG_LIB_U_CUR, WG_LIB_U_RES};
			double *const dst[] = {&L->time_ns, &L->volt_v, NULL, &L->leak_nw, &L->current_ma, &L->res_kohm};
			int done = 0;
			for (int i = 0; i < 6; i++)
				if (us[i] && wg_lib_teq(&st.name, un[i])) {
					if (wg_lib_unit_val(P, &st.val, un[i], us[i], dst[i]))
						return -1;
					unit_text(L, i, &st.val);
					done = 1;
				}
			if (done)
				continue;
			if (wg_lib_teq(&st.name, "nom_voltage")) {
				P->have_nom = 1;
				if (wg_lib_attr_num(P, &st, &L->nom_voltage))
					return -1;
			} else if (wg_lib_teq(&st.name, "default_cell_leakage_power")) {
				if (wg_lib_attr_num(P, &st, &L->default_leak_nw))
					return -1;
			} else if (wg_lib_teq(&st.name, "default_input_pin_cap")) {
				if (wg_lib_attr_num(P, &st, &L->default_in_cap_pf))
					return -1;
			} else if (wg_lib_teq(&st.name, "default_operating_conditions")) {
				snprintf(P->defcond, sizeof P->defcond, "%.*s", (int)(st.val.n < 120 ? st.val.n : 120), st.val.p);
			}
		} else if (st.kind == WG_LIB_ST_COMPLEX && wg_lib_teq(&st.name, "capacitive_load_unit")) {
			if (P->nargs != 2)
				return wg_lib_fail(P, st.line, "capacitive_load_unit takes 2 arguments (number, unit), got %d", P->nargs);
			double x;
			wg_lib_tok u = P->args[1];
			if (wg_lib_tok_num(P, &P->args[0], "capacitive_load_unit", &x))
				return -1;
			if (wg_lib_unit_val(P, &u, "capacitive_load_unit", WG_LIB_U_CAP, &L->cap_pf))
				return -1;
			if (x <= 0)
				return wg_lib_fail(P, st.line, "bad number '%.*s' for 'capacitive_load_unit'", (int)P->args[0].n,
				            P->args[0].p);
			L->cap_pf *= x;
			snprintf(L->unit_text[2], sizeof L->unit_text[2], "%.*s %.*s", (int)(P->args[0].n < 12 ? P->args[0].n : 12),
			         P->args[0].p, (int)(u.n < 8 ? u.n : 8), u.p);
		} else if (st.kind == WG_LIB_ST_GROUP && wg_lib_teq(&st.name, "cell")) {
			if (parse_cell(P, st.line))
				return -1;
		} else if (st.kind == WG_LIB_ST_GROUP && wg_lib_teq(&st.name, "lu_table_template")) {
			if (parse_template(P, st.line, "lu_table_template"))
				return -1;
		} else if (st.kind == WG_LIB_ST_GROUP && wg_lib_teq(&st.name, "power_lut_template")) {
			if (parse_template(P, st.line, "power_lut_template"))
				return -1;
		} else if (st.kind == WG_LIB_ST_GROUP && wg_lib_teq(&st.name, "operating_conditions")) {
			if (parse_opcond(P, st.line))
				return -1;
		} else if (wg_lib_group_skip_stmt(P, &st)) {
			return -1;
		}
	}
	return r < 0 ? -1 : 0;
}

/* Canonical units everywhere (the unit attributes may come after their uses). */
static void finish(wg_lib_prs *P)
{
	wg_lib *L = P->lib;
	L->energy_pj = L->cap_pf * L->volt_v * L->volt_v;
	if (!P->have_nom)
		for (int i = 0; i < P->nconds; i++)
			if (strcmp(P->conds[i], P->defcond) == 0 || P->nconds == 1)
				L->nom_voltage = P->condv[i];
	L->nom_voltage *= L->volt_v;
	L->default_leak_nw *= L->leak_nw;
	L->default_in_cap_pf *= L->cap_pf;
	for (int c = 0; c < P->ncells; c++) {
		wg_lib_cell *cell = &P->cells[c];
		cell->leakage_nw *= L->leak_nw;
		for (int p = 0; p < cell->npins; p++) {
			wg_lib_pin *pin = (wg_lib_pin *)&cell->pins[p];
			pin->cap_pf *= L->cap_pf;
			/* pins of `pin (A, B)` share tables: convert each table once */
			int shared = 0;
			for (int q = 0; q < p; q++)
				if (cell->pins[q].ipow == pin->ipow && pin->ipow)
					shared = 1;
			if (shared)
				continue;
			for (int i = 0; i < pin->nipow; i++) {
				wg_lib_ipower *ip = (wg_lib_ipower *)&pin->ipow[i];
				convert_table(L, &ip->rise);
				if (ip->fall.values != ip->rise.values)
					convert_table(L, &ip->fall);
			}
		}
	}
	L->templates = P->tpl;
	L->ntemplates = P->ntpl;
	L->cells = P->cells;
	L->ncells = P->ncells;
}

int wg_lib_parse(wg_lib *lib, const char *name, const char *text, size_t len, char *err, size_t n)
{
	memset(lib, 0, sizeof *lib);
	wg_lib_prs P;
	memset(&P, 0, sizeof P);
	P.name = name;
	P.s = text;
	P.end = text + len;
	P.line = 1;
	P.err = err;
	P.en = n;
	P.lib = lib;
	lib->arena = P.A = wg_lib_arena_new();
	if (!P.A) {
		snprintf(err, n, "%s: out of memory", name);
		return -1;
	}
	lib->time_ns = lib->volt_v = lib->cap_pf = lib->leak_nw = 1;
	lib->current_ma = lib->res_kohm = 1;
	static const char *const defaults[6] = {"1ns (default)", "1V (default)", "1 pf (default)", "1nW (default)",
	                                        "1mA (default)", "1kohm (default)"};
	for (int i = 0; i < 6; i++)
		snprintf(lib->unit_text[i], sizeof lib->unit_text[i], "%s", defaults[i]);
	char *pname = wg_lib_arena_alloc(P.A, strlen(name) + 1);
	if (pname)
		strcpy(pname, name);
	lib->path = pname;
	wg_lib_stmt st;
	int rc = wg_lib_next_stmt(&P, &st);
	char b[64];
	if (rc == 0 && !(st.kind == WG_LIB_ST_GROUP && wg_lib_teq(&st.name, "library"))) {
		if (st.kind == WG_LIB_ST_EOF)
			rc = wg_lib_fail(&P, st.line, "empty file: expected 'library (NAME) {'");
		else
			rc = wg_lib_fail(&P, st.line, "unexpected %s (expected 'library (NAME) {')",
			          st.kind == WG_LIB_ST_END ? "'}'" : wg_lib_tdesc(&st.name, b, sizeof b));
	}
	if (rc == 0) {
		if (P.nargs >= 1)
			lib->name = wg_lib_tok_dup(&P, &P.args[0]);
		rc = parse_library(&P, st.line);
	}
	if (rc == 0) {
		rc = wg_lib_next_stmt(&P, &st);
		if (rc == 0 && st.kind != WG_LIB_ST_EOF)
			rc = wg_lib_fail(&P, st.line, "unexpected %s after the library group",
			          st.kind == WG_LIB_ST_END ? "'}'" : wg_lib_tdesc(&st.name, b, sizeof b));
	}
	free(P.args);
	if (rc != 0 || P.failed) {
		wg_lib_arena_free(P.A);
		memset(lib, 0, sizeof *lib);
		return -1;
	}
	finish(&P);
	return 0;
}

int wg_lib_read(wg_lib *lib, const char *path, char *err, size_t n)
{
	memset(lib, 0, sizeof *lib);
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, n, "%s: cannot read: %s", path, strerror(errno));
		return -1;
	}
	size_t cap = 1 << 16, len = 0;
	char *text = malloc(cap);
	for (;;) {
		if (!text) {
			fclose(f);
			snprintf(err, n, "%s: out of memory", path);
			return -1;
		}
		size_t k = fread(text + len, 1, cap - len, f);
		len += k;
		if (len < cap)
			break;
		cap *= 2;
		char *q = realloc(text, cap);
		if (!q)
			free(text);
		text = q;
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		free(text);
		snprintf(err, n, "%s: read error", path);
		return -1;
	}
	int rc = wg_lib_parse(lib, path, text, len, err, n);
	free(text);
	return rc;
}

void wg_lib_free(wg_lib *lib)
{
	wg_lib_arena_free(lib->arena);
	memset(lib, 0, sizeof *lib);
}

/* ------------------------------------------------------------ look-ups */
const wg_lib_cell *wg_lib_cell_find(const wg_lib *lib, const char *name)
{
	for (int i = 0; i < lib->ncells; i++)
		if (strcmp(lib->cells[i].name, name) == 0)
			return &lib->cells[i];
	return NULL;
}

const wg_lib_pin *wg_lib_pin_find(const wg_lib_cell *c, const char *name)
{
	for (int i = 0; i < c->npins; i++)
		if (strcmp(c->pins[i].name, name) == 0)
			return &c->pins[i];
	return NULL;
}

const wg_lib_pin *wg_lib_first_output(const wg_lib_cell *c)
{
	for (int i = 0; i < c->npins; i++)
		if (c->pins[i].dir == WG_LIB_OUT || c->pins[i].dir == WG_LIB_INOUT)
			return &c->pins[i];
	return NULL;
}

const wg_lib_pin *wg_lib_clock_pin(const wg_lib_cell *c)
{
	if (c->seq == WG_LIB_COMB && !c->clock_gating)
		return NULL;
	if (c->clocked_on)
		for (int i = 0; i < c->npins; i++)
			if (c->pins[i].dir == WG_LIB_IN && names_pin(c->clocked_on, c->pins[i].name))
				return &c->pins[i];
	for (int i = 0; i < c->npins; i++)
		if (c->pins[i].is_clock)
			return &c->pins[i];
	return NULL;
}
