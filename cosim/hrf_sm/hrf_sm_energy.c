/* hrf_sm_energy.c - hrf_sm's register-file energy table and arithmetic
 * (hrf_sm_energy.h). The assumed rows are not trusted as typed: each is
 * derived again from its source rows with the project's rules and must agree. */
#include "hrf_sm_energy.h"

#include <math.h>
#include <stdio.h>

#include "wg_ptable.h"
#include "wg_root.h"
#include "wg_scale.h"

typedef struct tabs {
	wg_ptable own, jeon, xie;
} tabs;

static int num(const wg_ptable *t, const char *s, const char *q, double *v, char *err, size_t n)
{
	return wg_ptable_num(t, s, q, v, err, n);
}

/* The technology point of a row (its node and voltage columns). */
static int tech_of(const wg_ptable *t, const char *s, const char *q, wg_sc_tech *k, char *err, size_t n)
{
	const wg_prow *r = wg_ptable_need_num(t, s, q, err, n);
	if (!r || wg_sc_parse_node(r->node, &k->node_nm, err, n) || wg_sc_parse_vdd(r->voltage, &k->vdd, err, n))
		return -1;
	return 0;
}

static const char *agree(const char *what, double table, double derived, char *err, size_t n)
{
	if (fabs(table - derived) > 1e-3 * fabs(derived)) {
		snprintf(err, n, "%s: %s is %.6g, its derivation gives %.6g", HXE_TABLE, what, table, derived);
		return err;
	}
	return NULL;
}

static const char *derive(hxe_tab *t, const tabs *T, char *err, size_t n)
{
	wg_sc_tech bank, cmos, tfet, rt;
	double v, d, ratio, e_j, l_j, rt_e, rt_l, rt_banks, entries;
	if (tech_of(&T->jeon, "rf_bank", "access_energy", &bank, err, n) ||
	    tech_of(&T->own, "rf_cmos", "entry_access_energy", &cmos, err, n) ||
	    tech_of(&T->own, "rf_tfet", "entry_access_energy", &tfet, err, n) ||
	    tech_of(&T->jeon, "rt", "access_energy", &rt, err, n))
		return err;
	if (num(&T->jeon, "rf_bank", "access_energy", &e_j, err, n) || num(&T->jeon, "rf_bank", "leakage", &l_j, err, n) ||
	    num(&T->jeon, "rt", "access_energy", &rt_e, err, n) || num(&T->jeon, "rt", "leakage_per_bank", &rt_l, err, n) ||
	    num(&T->jeon, "rt", "banks", &rt_banks, err, n) || num(&T->xie, "rf_bank", "entries", &entries, err, n) ||
	    num(&T->xie, "rf_tfet", "dynamic_ratio_cv2", &ratio, err, n) ||
	    num(&T->xie, "core", "cycle_time", &t->cycle_ns, err, n) ||
	    num(&T->xie, "rf_cmos", "vdd", &v, err, n))
		return err;
	if (fabs(v - cmos.vdd) > 1e-9)
		return snprintf(err, n, "%s: rf_cmos is at %g V, xie2017.tsv's CMOS line at %g V", HXE_TABLE, cmos.vdd, v),
		       err;
	/* CMOS access: Jeon's bank at 0.7 V (E ~ V^2 at the same node) */
	if (wg_sc_dynamic(e_j, bank, cmos, &d, err, n) || num(&T->own, "rf_cmos", "entry_access_energy", &t->e_cmos, err, n) ||
	    agree("rf_cmos entry_access_energy", t->e_cmos, d, err, n))
		return err;
	/* TFET access: the CV^2 ratio */
	if (num(&T->own, "rf_tfet", "entry_access_energy", &t->e_tfet, err, n) ||
	    agree("rf_tfet entry_access_energy", t->e_tfet, t->e_cmos * ratio, err, n))
		return err;
	/* CMOS leakage per entry: Jeon's bank at 0.7 V (P ~ V) over the bank's entries, mW -> uW */
	if (wg_sc_leakage(l_j, bank, cmos, &d, err, n) || num(&T->own, "rf_cmos", "entry_leakage", &t->l_cmos, err, n) ||
	    agree("rf_cmos entry_leakage", t->l_cmos, d * 1000.0 / entries, err, n))
		return err;
	/* TFET leakage: 1/13 of CMOS (the assumption of the row) */
	if (num(&T->own, "rf_tfet", "entry_leakage", &t->l_tfet, err, n) ||
	    agree("rf_tfet entry_leakage", t->l_tfet, t->l_cmos / 13.0, err, n))
		return err;
	/* renaming table: Jeon's table at 0.7 V */
	if (wg_sc_dynamic(rt_e, rt, cmos, &d, err, n) || num(&T->own, "rename_table", "access_energy", &t->rt_access, err, n) ||
	    agree("rename_table access_energy", t->rt_access, d, err, n))
		return err;
	if (wg_sc_leakage(rt_l * rt_banks, rt, cmos, &d, err, n) ||
	    num(&T->own, "rename_table", "leakage", &t->rt_leak, err, n) || agree("rename_table leakage", t->rt_leak, d, err, n))
		return err;
	double e8, dw, wk;
	if (num(&T->own, "rf", "entries_per_warp_register", &e8, err, n) ||
	    num(&T->own, "rf_drowsy", "leakage_fraction_a24", &dw, err, n) ||
	    num(&T->own, "rf_drowsy", "wakeup_cycles_a24", &wk, err, n))
		return err;
	double e8x;
	if (num(&T->xie, "rf", "banks_per_warp_register", &e8x, err, n) || agree("rf entries_per_warp_register", e8, e8x, err, n))
		return err;
	t->entries = (int)e8;
	t->drowsy = dw;
	t->drowsy_wake = (int)wk;
	if (num(&T->xie, "rf_tfet", "vdd", &v, err, n))
		return err;
	if (fabs(v - tfet.vdd) > 1e-9)
		return snprintf(err, n, "%s: rf_tfet is at %g V, xie2017.tsv's TFET line at %g V", HXE_TABLE, tfet.vdd, v),
		       err;
	return NULL;
}

const char *hxe_load(hxe_tab *t, char *err, size_t n)
{
	tabs T;
	char path[4096];
	const char *r = NULL;
	snprintf(path, sizeof path, "%s/%s", wg_root(), HXE_TABLE);
	if (wg_ptable_load(&T.own, path, err, n))
		return err;
	wg_ptable_path("jeon2014.tsv", path, sizeof path);
	if (wg_ptable_load(&T.jeon, path, err, n)) {
		wg_ptable_free(&T.own);
		return err;
	}
	wg_ptable_path("xie2017.tsv", path, sizeof path);
	if (wg_ptable_load(&T.xie, path, err, n)) {
		wg_ptable_free(&T.own);
		wg_ptable_free(&T.jeon);
		return err;
	}
	r = derive(t, &T, err, n);
	wg_ptable_free(&T.own);
	wg_ptable_free(&T.jeon);
	wg_ptable_free(&T.xie);
	return r;
}

void hxe_energy_of(const hxe_tab *t, const hxe_counts *c, hxe_energy *e)
{
	double k = t->entries;
	/* uW x ns = 1e-6 W x 1e-9 s = 1e-15 J = 1e-3 pJ */
	double lc = t->l_cmos * k * t->cycle_ns * 1e-3, lt = t->l_tfet * k * t->cycle_ns * 1e-3;
	e->dyn_cmos = (double)(c->rd_cmos + c->wr_cmos) * k * t->e_cmos;
	e->dyn_tfet = (double)(c->rd_tfet + c->wr_tfet) * k * t->e_tfet;
	e->leak_cmos = (c->on_cmos - c->drowsy_cmos * (1.0 - t->drowsy)) * lc;
	e->leak_tfet = c->on_tfet * lt;
	double rt_dyn = (double)c->rt_accesses * t->rt_access;
	double rt_leak = (double)c->cycles * t->rt_leak * t->cycle_ns; /* mW x ns = pJ */
	e->rt = rt_dyn + rt_leak;
	e->dyn = e->dyn_cmos + e->dyn_tfet + rt_dyn;
	e->leak = e->leak_cmos + e->leak_tfet + rt_leak;
	e->total = e->dyn + e->leak;
	e->tfet_share = e->total > 0 ? (e->dyn_tfet + e->leak_tfet) / e->total : 0.0;
}
