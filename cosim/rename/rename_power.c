/* rename_power.c - static power of the register file under per-register and
 * sub-array gating, renaming vs baseline gating (rename_power.h; spec
 * renaming-table.md §2.10, §4.5; docs/energy-model.md §4). */
#include <stdio.h>
#include <string.h>

#include "rename_energy.h"
#include "rename_power.h"
#include "wg_bits.h"

int rnp_dom_of(const rn_power *pw, int p)
{
	return (p / pw->sub_regs) * pw->rf_banks + p % pw->rf_banks;
}

static int pow2(int x) { return x > 0 && (x & (x - 1)) == 0; }

int rnp_init_table(rn_power *pw, const wg_ptable *t, int phys, int rf_banks, int subarrays, int rt_entries, char *err,
		   size_t n)
{
	memset(pw, 0, sizeof *pw);
	if (!pow2(phys) || phys > RNP_MAX_PHYS || !pow2(rf_banks) || !pow2(subarrays) ||
	    rf_banks * subarrays > RNP_MAX_DOMS || rf_banks * subarrays > phys || rt_entries < 1) {
		snprintf(err, n,
			 "rn_power: PHYS_REGS=%d RF_BANKS=%d SUBARRAYS=%d RT_ENTRIES=%d: powers of two, PHYS_REGS <= %d, "
			 "RF_BANKS*SUBARRAYS <= min(%d, PHYS_REGS), RT_ENTRIES >= 1",
			 phys, rf_banks, subarrays, rt_entries, RNP_MAX_PHYS, RNP_MAX_DOMS);
		return -1;
	}
	pw->phys = phys;
	pw->rf_banks = rf_banks;
	pw->doms = rf_banks * subarrays;
	pw->sub_regs = phys / subarrays;
	pw->dom_regs = phys / pw->doms;
	char rtb[256];
	if (rn_energy_rf_leakage(t, &pw->reg_mw, &pw->cycle_ns, &pw->sleep_frac, err, n) ||
	    rn_energy_rt_leakage(t, rt_entries, phys, &pw->rt_mw, rtb, sizeof rtb, err, n))
		return -1;
	/* a physical register is 8 x 128-bit entries of 4 KB banks whatever PHYS_REGS is: constant
	 * per register; a domain is the registers it holds */
	pw->dom_mw = pw->dom_regs * pw->reg_mw;
	/* power modes: Jeon'14 §8.3's two levels; the wake-up latency row is optional (1 cycle) */
	const wg_prow *wk = wg_ptable_find(t, "power_gating", "wakeup_cycles");
	int wake = wk && wk->kind != WG_KIND_NOT_GIVEN ? (int)wk->value : 1;
	if (wg_pm_two_level(&pw->modes, RN_ENERGY_TABLE " power_gating", pw->sleep_frac, wake, err, n))
		return -1;
	snprintf(pw->basis, sizeof pw->basis,
		 "register %g mW (2.8 mW / 256 entries x 8 clusters, %s); domain %d registers x %g = %g mW; table %g mW "
		 "(%s); cycle %g ns; off units leak %g",
		 pw->reg_mw, RN_ENERGY_TABLE, pw->dom_regs, pw->reg_mw, pw->dom_mw, pw->rt_mw, rtb, pw->cycle_ns,
		 pw->sleep_frac);
	rnp_launch(pw, 0);
	return 0;
}

int rnp_init(rn_power *pw, int phys, int rf_banks, int subarrays, int rt_entries, char *err, size_t n)
{
	char path[4096];
	wg_ptable t;
	wg_ptable_path(RN_ENERGY_TABLE, path, sizeof path);
	if (wg_ptable_load(&t, path, err, n))
		return -1;
	int rc = rnp_init_table(pw, &t, phys, rf_banks, subarrays, rt_entries, err, n);
	wg_ptable_free(&t);
	return rc;
}

void rnp_launch(rn_power *pw, int exempt_ids)
{
	/* the baseline's units go off at the launch */
	pw->sleeps[RNP_REG][RNP_BASELINE] += (uint64_t)pw->base_regs;
	pw->sleeps[RNP_DOM][RNP_BASELINE] += (uint64_t)pw->base_doms;
	pw->exempt = exempt_ids < 0 ? 0 : exempt_ids > pw->phys ? pw->phys : exempt_ids;
	memset(pw->ex_written, 0, sizeof pw->ex_written);
	memset(pw->touched, 0, sizeof pw->touched);
	memset(pw->dom_touched, 0, sizeof pw->dom_touched);
	pw->base_hi = 0;
	pw->base_regs = pw->base_doms = 0;
}

void rnp_exempt_written(rn_power *pw, int pid)
{
	if (pid >= 0 && pid < pw->exempt)
		pw->ex_written[pid / 64] |= 1ull << (pid % 64);
}

int rnp_cycle(rn_power *pw, const uint64_t *reg_on, const uint64_t *dom_on, const int *base_written,
	      int nbase_written)
{
	int words = (pw->phys + 63) / 64, occ = 0, on = 0, rc = 0;
	uint64_t cnt[RNP_MAX_PHYS / 64];
	uint64_t dom_raw[RNP_MAX_DOMS / 64] = {0}, dom_cnt[RNP_MAX_DOMS / 64] = {0};
	for (int i = 0; i < words; i++) {
		uint64_t valid = pw->phys - 64 * i >= 64 ? ~0ull : (1ull << (pw->phys - 64 * i)) - 1;
		uint64_t r = reg_on[i] & valid;
		/* exempt reserved ids not yet written are not counted (spec §2.10) */
		uint64_t ex = 0;
		for (int b = 0; b < 64 && 64 * i + b < pw->exempt; b++)
			ex |= 1ull << b;
		cnt[i] = r & ~(ex & ~pw->ex_written[i]);
		occ += (int)wg_popc64(r);
		on += (int)wg_popc64(cnt[i]);
		for (uint64_t x = r; x; x &= x - 1) {
			int p = 64 * i + __builtin_ctzll(x), d = rnp_dom_of(pw, p);
			dom_raw[d / 64] |= 1ull << (d % 64);
		}
		for (uint64_t x = cnt[i]; x; x &= x - 1) {
			int p = 64 * i + __builtin_ctzll(x), d = rnp_dom_of(pw, p);
			dom_cnt[d / 64] |= 1ull << (d % 64);
		}
	}
	int doms = 0;
	for (int i = 0; i < (pw->doms + 63) / 64; i++) {
		uint64_t valid = pw->doms - 64 * i >= 64 ? ~0ull : (1ull << (pw->doms - 64 * i)) - 1;
		if (dom_on && (dom_on[i] & valid) != dom_raw[i])
			rc = -1;
		doms += (int)wg_popc64(dom_cnt[i]);
	}
	if (rc)
		pw->dom_mismatch++;
	/* mode changes of the renaming run: a unit counted on now and not in the last cycle woke up (this
	 * cycle is its wake-up cycle, one of its on-cycles) */
	for (int i = 0; i < words; i++) {
		pw->wakes[RNP_REG][RNP_RENAMING] += wg_popc64(cnt[i] & ~pw->prev_cnt[i]);
		pw->sleeps[RNP_REG][RNP_RENAMING] += wg_popc64(pw->prev_cnt[i] & ~cnt[i]);
		pw->prev_cnt[i] = cnt[i];
	}
	for (int i = 0; i < (pw->doms + 63) / 64; i++) {
		pw->wakes[RNP_DOM][RNP_RENAMING] += wg_popc64(dom_cnt[i] & ~pw->prev_dom[i]);
		pw->sleeps[RNP_DOM][RNP_RENAMING] += wg_popc64(pw->prev_dom[i] & ~dom_cnt[i]);
		pw->prev_dom[i] = dom_cnt[i];
	}
	pw->wake_on[RNP_REG][RNP_RENAMING] = pw->wakes[RNP_REG][RNP_RENAMING];
	pw->wake_on[RNP_DOM][RNP_RENAMING] = pw->wakes[RNP_DOM][RNP_RENAMING];
	/* baseline: on from the first write until the next launch, plus the wake-up cycle
	 * before the write (counted now: the renaming run counts its grant cycle too) */
	for (int k = 0; k < nbase_written; k++) {
		int p = base_written[k];
		if (p < 0 || p >= RNP_MAX_BASE || (pw->touched[p / 64] >> (p % 64) & 1))
			continue;
		pw->touched[p / 64] |= 1ull << (p % 64);
		pw->base_regs++;
		pw->base_reg_on_cycles += pw->cycles > 0;
		pw->wakes[RNP_REG][RNP_BASELINE]++;
		pw->wake_on[RNP_REG][RNP_BASELINE] += pw->cycles > 0;
		if (p + 1 > pw->base_hi)
			pw->base_hi = p + 1;
		int d = rnp_dom_of(pw, p);
		if (d < RNP_MAX_BASE && !(pw->dom_touched[d / 64] >> (d % 64) & 1)) {
			pw->dom_touched[d / 64] |= 1ull << (d % 64);
			pw->base_doms++;
			pw->base_dom_on_cycles += pw->cycles > 0;
			pw->wakes[RNP_DOM][RNP_BASELINE]++;
			pw->wake_on[RNP_DOM][RNP_BASELINE] += pw->cycles > 0;
		}
	}
	int ext_regs = pw->base_hi > pw->phys ? pw->base_hi : pw->phys;
	int ext_doms = pw->base_hi > pw->phys ? rnp_dom_of(pw, ext_regs - 1) + 1 : pw->doms;
	if (ext_doms < pw->doms)
		ext_doms = pw->doms;
	pw->cycles++;
	pw->reg_on_cycles += (uint64_t)on;
	pw->dom_on_cycles += (uint64_t)doms;
	pw->base_reg_on_cycles += (uint64_t)pw->base_regs;
	pw->base_dom_on_cycles += (uint64_t)pw->base_doms;
	pw->base_reg_total += (uint64_t)ext_regs;
	pw->base_dom_total += (uint64_t)ext_doms;
	if (occ > pw->peak_occ)
		pw->peak_occ = occ;
	if (on > pw->peak_on)
		pw->peak_on = on;
	if (doms > pw->peak_dom)
		pw->peak_dom = doms;
	if (pw->base_regs > pw->base_peak)
		pw->base_peak = pw->base_regs;
	return rc;
}

/* On unit-cycles, all unit-cycles and the unit's leakage of one account. */
static void account(const rn_power *pw, int mode, int run, uint64_t *on, uint64_t *total, double *mw)
{
	if (mode == RNP_REG) {
		*mw = pw->reg_mw;
		*on = run == RNP_BASELINE ? pw->base_reg_on_cycles : pw->reg_on_cycles;
		*total = run == RNP_BASELINE ? pw->base_reg_total : pw->cycles * (uint64_t)pw->phys;
	} else {
		*mw = pw->dom_mw;
		*on = run == RNP_BASELINE ? pw->base_dom_on_cycles : pw->dom_on_cycles;
		*total = run == RNP_BASELINE ? pw->base_dom_total : pw->cycles * (uint64_t)pw->doms;
	}
}

double rnp_energy_pj(const rn_power *pw, int mode, int run)
{
	uint64_t on_c, total_c;
	double mw;
	account(pw, mode, run, &on_c, &total_c, &mw);
	double on = (double)on_c, total = (double)total_c;
	/* mW x ns = pJ */
	return mw * (on + pw->sleep_frac * (total - on)) * pw->cycle_ns;
}

int rnp_modes(const rn_power *pw, int mode, int run, wg_pm_acc *a, char *err, size_t n)
{
	uint64_t on, total;
	double mw;
	account(pw, mode, run, &on, &total, &mw);
	if (wg_pm_acc_init(a, &pw->modes, 0, mw, 1.0 / pw->cycle_ns, WG_PM_WAKE_AT_ACTIVE, err, n))
		return -1;
	int m = mode != RNP_REG, r = run != RNP_RENAMING;
	uint64_t w = pw->wake_on[m][r] < on ? pw->wake_on[m][r] : on;
	wg_pm_acc_add(a, WG_PM_ACTIVE, on - w);
	wg_pm_acc_add_wake(a, WG_PM_GATED, w);
	wg_pm_acc_add(a, WG_PM_GATED, total - on);
	wg_pm_acc_transition(a, WG_PM_GATED, WG_PM_ACTIVE, pw->wakes[m][r]);
	wg_pm_acc_transition(a, WG_PM_ACTIVE, WG_PM_GATED, pw->sleeps[m][r]);
	a->cycles = pw->cycles;
	return 0;
}

double rnp_rt_energy_pj(const rn_power *pw) { return pw->rt_mw * (double)pw->cycles * pw->cycle_ns; }

double rnp_ungated_pj(const rn_power *pw) { return pw->reg_mw * pw->phys * (double)pw->cycles * pw->cycle_ns; }
