/* rename_stats.c - `warpgen stats rename`: run the synthetic SM of the
 * renaming table (rename_env.h) on the C model only (no RTL), one Table 3
 * workload profile after another (rename_kernel.h), and report what the report
 * (Jeon & Annavaram 2014, §8.2-§8.3) measures: registers allocated with
 * renaming vs the compiler's reservation W x N (Fig. 9), static energy of
 * the register file under per-register and sub-array gating vs the baseline
 * gating that turns a unit on at its first write and never off (Fig. 10(a);
 * rename_power.h), the table's leakage overhead, and the dynamic energy of the
 * table vs the register file with an explicit convention (spec §4.4), and the time
 * cost of renaming (§8.5, Fig. 12): the same kernels run once more without
 * renaming (knob NORENAME, load latencies paired by knob PAIRED).
 * docs/rename.md "Statistics mode", docs/energy-model.md §4.
 *
 * Exit codes: 0, 1 when a check failed (the environment's data checks, a
 * protocol violation, dom_on_o vs reg_on_o, or a run that did not finish)
 * or a direction the paper states came out reversed (a REVERSED line), 2 bad
 * input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rename.h"
#include "rename_energy.h"
#include "rename_env.h"
#include "rename_kernel.h"
#include "rename_power.h"
#include "wg_buf.h"
#include "wg_cli.h"
#include "wg_stats.h"
#include "wg_energy.h"
#include "wg_vtool.h"

#define SR_KERNELS 2            /* kernels per workload (default) */
#define SR_CYCLES 50000000L     /* safety cap per workload (default) */
#define SR_MAX_PROFILES 64
#define SR_FIG2 10000L          /* Jeon Fig. 2's window: the first 10K cycles */

/* Placements of the baseline (spec §2.10, A22). */
enum { SR_COMPACT = 0, SR_SCATTERED = 1, SR_NPLACE = 2 };

/* The numbers the paper's accounting needs (power_tables/jeon2014.tsv). */
typedef struct sr_table {
	double rf_access_pj;     /* rf_bank access_energy (Table 2, 4.68) */
	double entries_per_reg;  /* rf entries_per_warp_register (8) */
	double paper_saving, paper_sub, paper_reg, paper_rt_static, paper_rt_dyn; /* result rows */
} sr_table;

/* One workload's run. */
typedef struct sr_run {
	char name[40];              /* profile name */
	int kw, kr, ke;             /* W, N, E of the (last) kernel */
	int wn;                     /* W x N */
	int peak;                   /* peak popcount of the availability flag (exempt included), worst kernel */
	int ids;                    /* distinct ids ever allocated in one kernel (exempt included), worst kernel */
	double peak_ratio, ids_ratio; /* worst kernel's peak / (W x N), ids / (W x N) */
	double ids_ratio_sum;       /* sum over the kernels of ids / (W x N) (their mean: one program's figure) */
	double live10k;             /* peak popcount in the first kernel's first SR_FIG2 cycles / (W x N) (Fig. 2) */
	long cycles;                /* cycles simulated */
	long base_cycles;           /* the same kernels without renaming (NORENAME), cycles; 0: not run */
	uint64_t pbr_ops, pir_stalls, alc_stalls; /* renaming's own costs: pbr operations, refused pirs, refused
	                               allocations */
	uint64_t op_wait[4];        /* cycles an operation waited, by op_wait_o (none/bank/pending-free/operand reads) */
	uint64_t kernels;           /* kernels completed */
	uint64_t src_ops, writes;   /* warp source operands renamed, register-file writes */
	uint64_t ev[RN_NEVENTS];    /* the block's events */
	rn_power pw[SR_NPLACE];     /* static power, one per baseline placement (renaming sums identical) */
	double seconds;             /* wall time */
	char err[700];              /* failure, "" when none */
} sr_run;

/* Derived figures of a run. */
typedef struct sr_fig {
	double save_peak, save_ids;     /* 1 - peak/(W x N), 1 - ids/(W x N) */
	double save_ids_kmean;          /* 1 - mean over kernels of ids/(W x N) */
	double live10k;                 /* sr_run.live10k */
	double mean;                    /* mean registers powered with renaming (per-register gating) */
	double e_reg, e_sub;            /* renaming static energy, pJ */
	double b_reg[SR_NPLACE], b_sub[SR_NPLACE]; /* baseline static energy, pJ */
	double s_reg[SR_NPLACE], s_sub[SR_NPLACE]; /* savings 1 - renaming / baseline */
	double rt_pj;                   /* table leakage energy, pJ */
	double rt_vs_ungated;           /* table leakage / whole file leakage, ungated */
	double rt_vs_sub;               /* table leakage / file static energy with renaming, sub-array gating */
	double e_rt, e_rt_wr, e_rf;     /* dynamic: table accesses, table writes only, file accesses, pJ */
	double dyn, dyn_wr;             /* e_rt / e_rf, e_rt_wr / e_rf */
	double time;                    /* cycles with renaming / cycles without - 1 */
} sr_fig;

static double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

static void usage(void)
{
	printf("usage: warpgen stats rename [--set NAME=VALUE]... [--knob NAME=VALUE]... [--profile NAME]\n"
	       "                            [--kernels N] [--seed S] [--cycles N] [--json FILE] [--lifetimes L]\n"
	       "                            [--mem-gap G]\n"
	       "Runs the synthetic SM of the renaming table (cosim/rename/rename_env.h) on the C model only (no RTL), for\n"
	       "every Table 3 workload profile (cosim/rename/rename_kernel.h) or the one named, and reports per workload:\n"
	       "W x N (registers the compiler reserves), the peak registers allocated with renaming and the\n"
	       "distinct ids ever allocated (exempt included), the saving (paper Fig. 9: 30%% on average), the\n"
	       "static energy of the register file with renaming vs baseline gating (on at the first write, never\n"
	       "off) for per-register (paper 26%%) and sub-array gating (paper 23%%), with the baseline placed\n"
	       "w*N + r (compact, default) and r*W_MAX + w (scattered, a bracket), the table's leakage overhead\n"
	       "(paper 1.2%%) and its dynamic energy vs the register file's (paper 0.02%%; convention: table\n"
	       "accesses x 1.14 pJ vs 8 bank-entry accesses x 4.68 pJ per warp operand; also table writes only),\n"
	       "and the time with renaming against the same kernels without it (no pbr/pir words, a static\n"
	       "register file; same seed, load latencies paired: paper +1 %%, bfs +8 %%).\n"
	       "  --profile NAMES one workload or a comma-separated list (default: all; `--profile list` lists them)\n"
	       "  --kernels N     kernels per workload (default %d; knob KERNELS)\n"
	       "  --seed S        seed (default 1): the same seed gives the same output\n"
	       "  --cycles N      give up on a workload after N cycles (default %ld; a failure)\n"
	       "  --lifetimes L   bounded (default): each temporary value is read 1-3 times, then dead (Gebhart'11\n"
	       "                  Fig. 2a); any: a defined temporary may be read until rewritten (the co-simulation's);\n"
	       "                  table3: bounded, and N minus Table 3's count in parentheses are address/condition\n"
	       "                  registers, each value read once by the next instruction\n"
	       "  --mem-gap G     a bounded memory bandwidth: loads return in the order they issue, at least G cycles\n"
	       "                  apart (default 0: off; 8 = GTX480's 177.4 GB/s / 700 MHz / 15 SMs, 128 B a warp load)\n"
	       "  --knob K=V      environment knobs (cosim/rename/rename_env.h; RESET_PPM defaults to 0 here)\n"
	       "  --json FILE     write the figures as JSON\n"
	       "exit: 0, 1 a check failed or a direction the paper states came out reversed (REVERSED), 2 bad input\n",
	       SR_KERNELS, SR_CYCLES);
}

static int load_table(sr_table *s, char *err, size_t n)
{
	char path[4096];
	wg_ptable t;
	wg_ptable_path(RN_ENERGY_TABLE, path, sizeof path);
	if (wg_ptable_load(&t, path, err, n))
		return -1;
	const wg_prow *r[7] = {
		wg_ptable_need(&t, "rf_bank", "access_energy", err, n),
		wg_ptable_need(&t, "rf", "entries_per_warp_register", err, n),
		wg_ptable_need(&t, "result", "register_saving", err, n),
		wg_ptable_need(&t, "result", "static_saving_subarray_gating", err, n),
		wg_ptable_need(&t, "result", "static_saving_register_gating", err, n),
		wg_ptable_need(&t, "result", "rt_static_overhead", err, n),
		wg_ptable_need(&t, "result", "rt_dynamic_overhead", err, n),
	};
	int rc = 0;
	for (int i = 0; i < 7; i++)
		if (!r[i])
			rc = -1;
	if (!rc)
		*s = (sr_table){r[0]->value, r[1]->value, r[2]->value, r[3]->value, r[4]->value, r[5]->value, r[6]->value};
	wg_ptable_free(&t);
	return rc;
}

/* Baseline id of (w, r) for a kernel of kw warps and kr registers. */
static int base_id(int place, int w, int r, int kw, int kr, int wmax, int phys)
{
	if (place == SR_COMPACT)
		return w * kr + r;
	/* scattered r x W_MAX + w; when N x W_MAX exceeds the file, r x W + w (the same idea, packed) */
	return kr * wmax <= phys ? r * wmax + w : r * kw + w;
}

static void set_bit(uint64_t *v, int p) { v[p / 64] |= 1ull << (p % 64); }

static int run(const long *p, const long *knobs, int uses, long gap, uint64_t seed, long cap, const char *name, sr_run *r)
{
	char err[512];
	rn_cfg c;
	rn_cfg_from_params(&c, p);
	snprintf(r->name, sizeof r->name, "%s", name);
	for (int k = 0; k < SR_NPLACE; k++)
		if (rnp_init(&r->pw[k], c.phys, c.rf_banks, c.subarrays, c.rt_entries, err, sizeof err)) {
			snprintf(r->err, sizeof r->err, "%s", err);
			return 2;
		}
	rn_model *m = rn_new(&c);
	rn_env *e = wg_xcalloc(rne_size(p));
	int rc = 0;
	if (rne_init(e, p, knobs, NULL, seed, err, sizeof err)) {
		snprintf(r->err, sizeof r->err, "%s", err);
		rn_free(m);
		free(e);
		return 2;
	}
	rne_set_uses(e, uses);
	rne_set_mem_gap(e, gap);
	uint64_t ever[RN_MAX_PHYS / 64] = {0};
	int kpeak = 0, kids = 0, in_kernel = 0, kwn = 1, p10k = 0;
	long t_first = -1; /* the first kernel's launch cycle */
	uint64_t done = 0;
	double t0 = wg_now();
	long cyc;
	for (cyc = 0; cyc < cap && !rne_finished(e); cyc++) {
		rn_in in;
		rn_out out;
		memset(&in, 0, sizeof in);
		rne_drive(e, m, &in, cyc);
		if (rn_eval(m, &in, &out) != 0) {
			snprintf(r->err, sizeof r->err, "cycle %ld: the environment broke the protocol: %s", cyc, out.msg);
			rc = 1;
			break;
		}
		rne_observe(e, m, &in, &out, cyc);
		const char *msg = rne_error(e, NULL);
		if (msg) {
			snprintf(r->err, sizeof r->err, "%s", msg);
			rc = 1;
			break;
		}
		const rne_view *v = rne_now(e);
		/* occupancy at the start of the cycle (the availability flag, exempt included) */
		int occ = rn_occ_count(m);
		if (in_kernel && occ > kpeak)
			kpeak = occ;
		if (in_kernel && r->kernels == 0 && cyc < t_first + SR_FIG2 && occ > p10k)
			p10k = occ;
		if (v->reset) {
			for (int k = 0; k < SR_NPLACE; k++)
				rnp_launch(&r->pw[k], 0);
			in_kernel = 0;
			rn_tick(m, &in);
			continue;
		}
		if (v->launch) {
			rne_shape(e, &r->kw, &r->kr, &r->ke);
			for (int k = 0; k < SR_NPLACE; k++)
				rnp_launch(&r->pw[k], r->kw * r->ke);
			memset(ever, 0, sizeof ever);
			for (int q = 0; q < r->kw * r->ke && q < c.phys; q++)
				set_bit(ever, q); /* reserved exempt ids count as allocated (spec §7) */
			kids = r->kw * r->ke;
			kpeak = 0;
			kwn = r->kw * r->kr;
			in_kernel = 1;
			if (t_first < 0)
				t_first = cyc;
		}
		for (int k = 0; k < c.alloc_ports; k++)
			if (out.alc_gnt[k] && !(ever[out.alc_pid[k] / 64] >> (out.alc_pid[k] % 64) & 1)) {
				set_bit(ever, (int)out.alc_pid[k]);
				kids++;
			}
		if (in.op_valid && out.op_ready && in.op_kind == RN_OP_INSN)
			for (int j = 0; j < c.lookup_ports - 1; j++)
				r->src_ops += in.op_reg[j] != RN_NONE;
		int ids[SR_NPLACE][RNE_MAX_WR];
		for (int i = 0; i < v->nwr; i++) {
			if (v->wr_reg[i] >= r->kr - r->ke)
				for (int k = 0; k < SR_NPLACE; k++)
					rnp_exempt_written(&r->pw[k], v->wr_pid[i]);
			for (int k = 0; k < SR_NPLACE; k++)
				ids[k][i] = base_id(k, v->wr_warp[i], v->wr_reg[i], r->kw, r->kr, c.warps, c.phys);
		}
		for (int k = 0; k < SR_NPLACE; k++)
			if (rnp_cycle(&r->pw[k], out.reg_on, out.dom_on, ids[k], v->nwr) && !rc) {
				snprintf(r->err, sizeof r->err, "cycle %ld: dom_on_o disagrees with reg_on_o", cyc);
				rc = 1;
			}
		rn_tick(m, &in);
		const rne_stats *s = rne_get_stats(e);
		if (s->kernels_done != done) {
			/* kernel end: its figures count; the baseline switches off with the kernel */
			done = s->kernels_done;
			if (in_kernel) {
				double pr = ratio(kpeak, kwn), ir = ratio(kids, kwn);
				if (pr > r->peak_ratio || r->kernels == 0)
					r->peak_ratio = pr, r->peak = kpeak;
				if (ir > r->ids_ratio || r->kernels == 0)
					r->ids_ratio = ir, r->ids = kids;
				if (r->kernels == 0)
					r->live10k = ratio(p10k, kwn);
				r->ids_ratio_sum += ir;
				r->wn = kwn;
				r->kernels++;
			}
			in_kernel = 0;
			for (int k = 0; k < SR_NPLACE; k++)
				rnp_launch(&r->pw[k], r->pw[k].exempt);
		}
		if (rc)
			break;
	}
	r->seconds = wg_now() - t0;
	r->cycles = cyc;
	const rne_stats *s = rne_get_stats(e);
	r->writes = s->writes;
	r->pbr_ops = s->pbrs;
	r->pir_stalls = s->pir_stalls;
	memcpy(r->op_wait, s->op_wait, sizeof r->op_wait);
	r->alc_stalls = s->alc_stalls;
	memcpy(r->ev, s->ev, sizeof r->ev);
	if (!rc && !rne_finished(e)) {
		snprintf(r->err, sizeof r->err, "did not finish %ld kernels in %ld cycles (%llu done; give more --cycles)",
			 knobs[RNE_K_KERNELS], cap, (unsigned long long)s->kernels_done);
		rc = 1;
	}
	if (!rc && r->kernels == 0) {
		snprintf(r->err, sizeof r->err, "no kernel completed");
		rc = 1;
	}
	rn_free(m);
	free(e);
	return rc;
}

/* The same kernels (same seed, so the same shapes, walks and PAIRED draws) without renaming: the
 * walks skip the pbr and pir words (knob NORENAME) and this function plays a static register file
 * in place of the block: (w, r) at w*N + r, every operation ready at once, no allocation, every
 * register powered. The environment's data checks still run. Returns 0 and the cycles, or 1. */
static int run_base(const long *p, const long *knobs, int uses, long gap, uint64_t seed, long cap, sr_run *r)
{
	char err[512];
	rn_cfg c;
	rn_cfg_from_params(&c, p);
	long kn[WG_MAX_PARAMS];
	memcpy(kn, knobs, sizeof kn);
	kn[RNE_K_NORENAME] = 1;
	rn_env *e = wg_xcalloc(rne_size(p));
	if (rne_init(e, p, kn, NULL, seed, err, sizeof err)) {
		snprintf(r->err, sizeof r->err, "no-renaming run: %s", err);
		free(e);
		return 1;
	}
	rne_set_uses(e, uses);
	rne_set_mem_gap(e, gap);
	rn_out out;
	memset(&out, 0, sizeof out);
	for (int q = 0; q < c.phys; q++)
		out.reg_on[q / 64] |= 1ull << (q % 64);
	int kw = 1, kr = 1, ke = 0, rc = 0;
	long cyc;
	for (cyc = 0; cyc < cap && !rne_finished(e); cyc++) {
		rn_in in;
		memset(&in, 0, sizeof in);
		rne_drive(e, NULL, &in, cyc);
		if (in.kl_valid) {
			kw = (int)in.kl_warps, kr = (int)in.kl_regs;
			ke = (int)in.kl_exempt;
			if (kw * kr > c.phys) {
				snprintf(r->err, sizeof r->err, "no-renaming run: a kernel of %d x %d registers does not fit "
					 "PHYS_REGS=%d", kw, kr, c.phys);
				rc = 1;
				break;
			}
		}
		(void)ke;
		out.op_ready = 1;
		out.pir_ready = 1;
		for (int j = 0; j < RN_MAX_SRCS; j++)
			out.op_src_pid[j] = in.op_reg[j] != RN_NONE && (int)in.op_reg[j] < kr ? in.op_warp * (unsigned)kr + in.op_reg[j] : 0;
		out.op_dst_pid = in.op_dst != RN_NONE ? in.op_warp * (unsigned)kr + in.op_dst : 0;
		rne_observe(e, NULL, &in, &out, cyc);
		const char *msg = rne_error(e, NULL);
		if (msg) {
			snprintf(r->err, sizeof r->err, "no-renaming run: %s", msg);
			rc = 1;
			break;
		}
	}
	if (!rc && !rne_finished(e)) {
		snprintf(r->err, sizeof r->err, "no-renaming run: did not finish in %ld cycles", cap);
		rc = 1;
	}
	r->base_cycles = rc ? 0 : cyc;
	free(e);
	return rc;
}

static sr_fig figures_of(const sr_run *r, const wg_energy_model *em, const sr_table *t)
{
	sr_fig f;
	memset(&f, 0, sizeof f);
	f.save_peak = r->kernels ? 1.0 - r->peak_ratio : 0.0; /* no kernel completed: nothing measured */
	f.save_ids = r->kernels ? 1.0 - r->ids_ratio : 0.0;
	f.save_ids_kmean = r->kernels ? 1.0 - r->ids_ratio_sum / (double)r->kernels : 0.0;
	f.live10k = r->live10k;
	const rn_power *pw = &r->pw[SR_COMPACT];
	f.mean = ratio((double)pw->reg_on_cycles, (double)pw->cycles);
	f.e_reg = rnp_energy_pj(pw, RNP_REG, RNP_RENAMING);
	f.e_sub = rnp_energy_pj(pw, RNP_DOM, RNP_RENAMING);
	for (int k = 0; k < SR_NPLACE; k++) {
		f.b_reg[k] = rnp_energy_pj(&r->pw[k], RNP_REG, RNP_BASELINE);
		f.b_sub[k] = rnp_energy_pj(&r->pw[k], RNP_DOM, RNP_BASELINE);
		f.s_reg[k] = 1.0 - ratio(f.e_reg, f.b_reg[k]);
		f.s_sub[k] = 1.0 - ratio(f.e_sub, f.b_sub[k]);
	}
	f.rt_pj = rnp_rt_energy_pj(pw);
	f.rt_vs_ungated = ratio(f.rt_pj, rnp_ungated_pj(pw));
	f.rt_vs_sub = ratio(f.rt_pj, f.e_sub);
	f.e_rt = (double)r->ev[RN_EV_RT_READ] * em->pj[RN_EV_RT_READ] + (double)r->ev[RN_EV_RT_WRITE] * em->pj[RN_EV_RT_WRITE];
	f.e_rt_wr = (double)r->ev[RN_EV_RT_WRITE] * em->pj[RN_EV_RT_WRITE];
	f.e_rf = (double)(r->src_ops + r->writes) * t->entries_per_reg * t->rf_access_pj;
	f.dyn = ratio(f.e_rt, f.e_rf);
	f.dyn_wr = ratio(f.e_rt_wr, f.e_rf);
	f.time = r->base_cycles > 0 ? (double)r->cycles / (double)r->base_cycles - 1.0 : 0.0;
	return f;
}

static void print_head(void)
{
	printf("%-13s %3s %3s %3s %5s %5s %5s %5s %6s | %-13s %-13s | %6s %6s | %6s %6s %6s %9s | %6s %6s\n", "workload",
	       "W", "N", "E", "WxN", "peak", "ids", "mean", "save", "reg-gating", "sub-array", "RT/RF", "RT/RF", "dyn", "dyn",
	       "kern", "cycles", "save", "live");
	printf("%-13s %3s %3s %3s %5s %5s %5s %5s %6s | %-13s %-13s | %6s %6s | %6s %6s %6s %9s | %6s %6s\n", "", "", "", "",
	       "", "", "", "", "peak", "save (scat)", "save (scat)", "ungat", "gated", "RT/RF", "wr", "", "", "k-mean",
	       "10K");
}

static void print_row(const sr_run *r, const sr_fig *f)
{
	char reg[32], sub[32];
	snprintf(reg, sizeof reg, "%5.1f%% (%5.1f)", 100 * f->s_reg[0], 100 * f->s_reg[1]);
	snprintf(sub, sizeof sub, "%5.1f%% (%5.1f)", 100 * f->s_sub[0], 100 * f->s_sub[1]);
	printf("%-13s %3d %3d %3d %5d %5d %5d %5.0f %5.1f%% | %-13s %-13s | %5.2f%% %5.2f%% | %5.2f%% %5.3f%% %6llu %9ld | "
	       "%5.1f%% %5.1f%%\n",
	       r->name, r->kw, r->kr, r->ke, r->wn, r->peak, r->ids, f->mean, 100 * f->save_peak, reg, sub, 100 * f->rt_vs_ungated,
	       100 * f->rt_vs_sub, 100 * f->dyn, 100 * f->dyn_wr, (unsigned long long)r->kernels, r->cycles,
	       100 * f->save_ids_kmean, 100 * f->live10k);
}

/* The four static accounts (renaming / compact baseline x per-register / sub-array gating) by power
 * mode (rnp_modes, docs/power-modes.md); totals equal the static_pj figures. */
static const struct {
	int mode, run;   /* RNP_REG / RNP_DOM, RNP_RENAMING / RNP_BASELINE */
	const char *key; /* JSON key (as in static_pj) and text label */
} sr_acct[4] = {{RNP_REG, RNP_RENAMING, "reg_renaming"},
		{RNP_REG, RNP_BASELINE, "reg_baseline_compact"},
		{RNP_DOM, RNP_RENAMING, "sub_renaming"},
		{RNP_DOM, RNP_BASELINE, "sub_baseline_compact"}};

/* The time cost of renaming per workload: the two runs' cycles and where renaming's own cycles go. */
static void print_time(const sr_run *runs, const sr_fig *fig, int nrun)
{
	printf("\ntime: the same kernels without renaming (no pbr/pir words, a static register file; same seed, "
	       "shapes, walks and load latencies)\n");
	printf("%-13s %9s %9s %7s | %8s %8s %9s %9s %9s %9s\n", "workload", "cycles", "no-rename", "time", "pbr ops",
	       "pir ref.", "wait bank", "wait pf", "wait oc", "alc ref.");
	for (int i = 0; i < nrun; i++) {
		const sr_run *r = &runs[i];
		if (r->base_cycles <= 0)
			continue;
		printf("%-13s %9ld %9ld %+6.2f%% | %8llu %8llu %9llu %9llu %9llu %9llu\n", r->name, r->cycles, r->base_cycles,
		       100 * fig[i].time, (unsigned long long)r->pbr_ops, (unsigned long long)r->pir_stalls,
		       (unsigned long long)r->op_wait[RN_WAIT_BANK], (unsigned long long)r->op_wait[RN_WAIT_PF],
		       (unsigned long long)r->op_wait[RN_WAIT_OC], (unsigned long long)r->alc_stalls);
	}
}

static void print_modes(const sr_run *runs, int nrun)
{
	const wg_pm_table *pm = &runs[0].pw[SR_COMPACT].modes;
	printf("\nstatic energy by power mode (docs/power-modes.md; Jeon'14 §8.3 two levels: ACTIVE = full Vcc, GATED = "
	       "shut down, leaks %g x ACTIVE; a unit's %d-cycle wake-up is one of its ACTIVE cycles):\n",
	       pm->m[WG_PM_GATED].leak_frac, pm->m[WG_PM_GATED].wake_cycles);
	for (int i = 0; i < nrun; i++)
		for (int k = 0; k < 4; k++) {
			wg_pm_acc a;
			char err[256], line[512];
			if (rnp_modes(&runs[i].pw[SR_COMPACT], sr_acct[k].mode, sr_acct[k].run, &a, err, sizeof err))
				snprintf(line, sizeof line, "%s", err);
			else
				wg_pm_acc_line(&a, line, sizeof line);
			printf("  %-13s %-20s %s\n", runs[i].name, sr_acct[k].key, line);
		}
}

static void json_modes(wg_buf *b, const sr_run *r)
{
	wg_buf_printf(b, ", \"static_by_mode\": {");
	for (int k = 0; k < 4; k++) {
		wg_pm_acc a;
		char err[256], js[1024];
		if (rnp_modes(&r->pw[SR_COMPACT], sr_acct[k].mode, sr_acct[k].run, &a, err, sizeof err))
			snprintf(js, sizeof js, "null");
		else
			wg_pm_acc_json(&a, js, sizeof js);
		wg_buf_printf(b, "%s\"%s\": %s", k ? ", " : "", sr_acct[k].key, js);
	}
	wg_buf_printf(b, "}");
}

static void json_run(wg_buf *b, const sr_run *r, const sr_fig *f)
{
	wg_buf_printf(b, "{\"workload\": ");
	wg_buf_json_str(b, r->name);
	wg_buf_printf(b,
		      ", \"ok\": %s, \"warps\": %d, \"regs\": %d, \"exempt\": %d, \"arch_registers\": %d, "
		      "\"peak_registers\": %d, \"distinct_ids\": %d, \"mean_registers_on\": %.3f, \"saving_peak\": %.6f, \"saving_ids\": %.6f, "
		      "\"saving_ids_kernel_mean\": %.6f, \"live_peak_first_10k\": %.6f, \"cycles\": %ld, \"cycles_no_renaming\": %ld, \"time_overhead\": %.6f, \"pbr_ops\": %llu, "
		      "\"pir_refused\": %llu, \"op_wait_bank\": %llu, \"op_wait_pf\": %llu, \"op_wait_oc\": %llu, "
		      "\"alloc_refused\": %llu, \"kernels\": %llu, "
		      "\"static_pj\": {\"reg_renaming\": %.6g, \"sub_renaming\": %.6g, \"reg_baseline_compact\": %.6g, "
		      "\"sub_baseline_compact\": %.6g, \"reg_baseline_scattered\": %.6g, \"sub_baseline_scattered\": %.6g, "
		      "\"rt\": %.6g}, "
		      "\"static_saving\": {\"reg_compact\": %.6f, \"sub_compact\": %.6f, \"reg_scattered\": %.6f, "
		      "\"sub_scattered\": %.6f}, "
		      "\"rt_leakage_vs_rf_ungated\": %.6f, \"rt_leakage_vs_rf_renaming_sub\": %.6f, "
		      "\"dynamic\": {\"rt_reads\": %llu, \"rt_writes\": %llu, \"source_operands\": %llu, \"rf_writes\": %llu, "
		      "\"rt_pj\": %.6g, \"rt_write_pj\": %.6g, \"rf_pj\": %.6g, \"rt_vs_rf\": %.6f, \"rt_writes_vs_rf\": %.6f}",
		      r->err[0] ? "false" : "true", r->kw, r->kr, r->ke, r->wn, r->peak, r->ids, f->mean, f->save_peak, f->save_ids,
		      f->save_ids_kmean, f->live10k, r->cycles, r->base_cycles, f->time, (unsigned long long)r->pbr_ops, (unsigned long long)r->pir_stalls,
		      (unsigned long long)r->op_wait[RN_WAIT_BANK], (unsigned long long)r->op_wait[RN_WAIT_PF],
		      (unsigned long long)r->op_wait[RN_WAIT_OC], (unsigned long long)r->alc_stalls, (unsigned long long)r->kernels,
		      f->e_reg, f->e_sub, f->b_reg[0], f->b_sub[0], f->b_reg[1],
		      f->b_sub[1], f->rt_pj, f->s_reg[0], f->s_sub[0], f->s_reg[1], f->s_sub[1], f->rt_vs_ungated,
		      f->rt_vs_sub, (unsigned long long)r->ev[RN_EV_RT_READ], (unsigned long long)r->ev[RN_EV_RT_WRITE],
		      (unsigned long long)r->src_ops, (unsigned long long)r->writes, f->e_rt, f->e_rt_wr, f->e_rf, f->dyn,
		      f->dyn_wr);
	json_modes(b, r);
	if (r->err[0]) {
		wg_buf_printf(b, ", \"error\": ");
		wg_buf_json_str(b, r->err);
	}
	wg_buf_printf(b, "}");
}

/* Strip this command's own options; the rest goes to wg_opts_parse. */
typedef struct sr_opts {
	const char *profile;        /* --profile, or NULL */
	long kernels;               /* --kernels, or -1 */
	int uses;                   /* --lifetimes: 1 bounded (default), 0 any, 2 table3 (rnk_shape.uses) */
	long gap;                   /* --mem-gap: loads return in issue order this many cycles apart (0 off) */
	long knobs[WG_MAX_PARAMS];  /* environment knobs */
	int reset_set, kernels_set; /* the user gave RESET_PPM / KERNELS */
} sr_opts;

static const char *const sr_lifetimes[3] = {"any", "bounded", "table3"}; /* by sr_opts.uses */

static int rename_stats_run(int argc, char **argv)
{
	sr_opts so;
	memset(&so, 0, sizeof so);
	so.kernels = -1;
	so.uses = 1;
	for (int k = 0; k < RNE_NKNOBS; k++)
		so.knobs[k] = rne_knobs[k].def;
	wg_block kb = {.name = "knob", .params = rne_knobs, .nparams = RNE_NKNOBS};
	char **av = wg_xcalloc((size_t)(argc + 1) * sizeof *av);
	int ac = 0;
	char err[640];
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--profile") == 0) {
			i = wg_opt_value("stats", i, argc, argv);
			so.profile = argv[i];
		} else if (strcmp(argv[i], "--kernels") == 0) {
			i = wg_opt_value("stats", i, argc, argv);
			char *end;
			so.kernels = strtol(argv[i], &end, 10);
			if (*end || so.kernels < 1 || so.kernels > 1000000)
				wg_die("stats", 2, "--kernels %s: expected 1..1000000", argv[i]);
		} else if (strcmp(argv[i], "--lifetimes") == 0) {
			i = wg_opt_value("stats", i, argc, argv);
			if (strcmp(argv[i], "bounded") && strcmp(argv[i], "any") && strcmp(argv[i], "table3"))
				wg_die("stats", 2, "--lifetimes %s: expected bounded, any or table3", argv[i]);
			so.uses = strcmp(argv[i], "bounded") == 0 ? 1 : strcmp(argv[i], "table3") == 0 ? 2 : 0;
		} else if (strcmp(argv[i], "--mem-gap") == 0) {
			i = wg_opt_value("stats", i, argc, argv);
			char *end;
			so.gap = strtol(argv[i], &end, 10);
			if (*end || end == argv[i] || so.gap < 0 || so.gap > 1000)
				wg_die("stats", 2, "--mem-gap %s: expected 0..1000 (cycles between load returns)", argv[i]);
		} else if (strcmp(argv[i], "--knob") == 0) {
			i = wg_opt_value("stats", i, argc, argv);
			if (wg_param_set(&kb, so.knobs, argv[i], err, sizeof err))
				wg_die("stats", 2, "rename: %s", err);
			so.reset_set |= strncmp(argv[i], "RESET_PPM=", 10) == 0;
			so.kernels_set |= strncmp(argv[i], "KERNELS=", 8) == 0;
		} else {
			av[ac++] = argv[i];
		}
	}
	wg_opts o;
	wg_opts_parse(&o, "stats", ac, av, WG_OPT_SET | WG_OPT_SEED | WG_OPT_CYCLES | WG_OPT_JSON);
	free(av);
	if (o.help) {
		usage();
		return 0;
	}
	int np = 0;
	const rnk_profile *pr = rnk_profiles(&np);
	if (so.profile && strcmp(so.profile, "list") == 0) {
		for (int i = 0; i < np; i++)
			printf("%s W=%d N=%d\n", pr[i].name, pr[i].warps, pr[i].regs);
		return 0;
	}
	if (!so.reset_set)
		so.knobs[RNE_K_RESET_PPM] = 0;
	if (so.kernels > 0)
		so.knobs[RNE_K_KERNELS] = so.kernels;
	else if (!so.kernels_set)
		so.knobs[RNE_K_KERNELS] = SR_KERNELS;
	if (so.knobs[RNE_K_KERNELS] < 1)
		wg_die("stats", 2, "KERNELS must be at least 1 here (the statistics need the kernels to end)");
	long cap = o.cycles >= 0 ? o.cycles : SR_CYCLES;
	if (cap < 3)
		wg_die("stats", 2, "--cycles %ld is out of range (at least 3)", cap);
	int pick[SR_MAX_PROFILES], npick = 0;
	if (!so.profile)
		for (int i = 0; i < np && npick < SR_MAX_PROFILES; i++)
			pick[npick++] = i;
	for (const char *s = so.profile; s && *s && npick < SR_MAX_PROFILES;) {
		size_t len = strcspn(s, ",");
		int found = -1;
		for (int i = 0; i < np; i++)
			if (strlen(pr[i].name) == len && strncmp(s, pr[i].name, len) == 0)
				found = i;
		if (found < 0)
			wg_die("stats", 2, "unknown profile '%.*s' (`warpgen stats rename --profile list`)", (int)len, s);
		pick[npick++] = found;
		s += len + (s[len] == ',');
	}
	if (npick == 0)
		wg_die("stats", 2, "--profile: no profile named");
	sr_table tab;
	wg_energy_model em;
	if (load_table(&tab, err, sizeof err) || wg_energy_model_init(&em, o.block, o.p, err, sizeof err))
		wg_die("stats", 2, "%s", err);

	char cfg[256];
	wg_config_name(o.block, o.p, 0, cfg, sizeof cfg);
	char gaps[64] = "";
	if (so.gap) /* printed only when set: the output without it keeps its bytes */
		snprintf(gaps, sizeof gaps, ", loads %ld cycles apart", so.gap);
	printf("stats rename %s seed=%llu, %ld kernel(s) per workload, lifetimes %s%s, C model only\n", cfg,
	       (unsigned long long)o.seed, so.knobs[RNE_K_KERNELS], sr_lifetimes[so.uses], gaps);
	printf("mean = registers powered with renaming, time average; save = 1 - peak/(WxN); static savings = 1 - E(renaming)/E(baseline gating), baseline placed w*N+r "
	       "(scattered r*W_MAX+w in parentheses);\nRT/RF ungat = table leakage / whole file leakage; gated = / file "
	       "energy with renaming, sub-array gating; dyn = table accesses x %.4g pJ / (8 x %.4g pJ per warp operand), "
	       "wr = table writes only\n\n",
	       em.pj[RN_EV_RT_READ], tab.rf_access_pj);
	print_head();
	sr_run *runs = wg_xcalloc((size_t)npick * sizeof *runs);
	sr_fig *fig = wg_xcalloc((size_t)npick * sizeof *fig);
	int rc = 0, nok = 0, have_bfs = 0, reversed = 0, half10k = 0;
	double bfs = 0, sum_ids = 0, sum_wn = 0;
	sr_fig avg;
	memset(&avg, 0, sizeof avg);
	for (int i = 0; i < npick; i++) {
		long kn[WG_MAX_PARAMS];
		memcpy(kn, so.knobs, sizeof kn);
		kn[RNE_K_PROFILE] = pick[i] + 1;
		kn[RNE_K_PAIRED] = 1; /* both arms see the same load latencies */
		int r = run(o.p, kn, so.uses, so.gap, o.seed, cap, pr[pick[i]].name, &runs[i]);
		if (r == 2)
			wg_die("stats", 2, "%s: %s", pr[pick[i]].name, runs[i].err);
		if (r == 0)
			r = run_base(o.p, kn, so.uses, so.gap, o.seed, cap, &runs[i]);
		fig[i] = figures_of(&runs[i], &em, &tab);
		print_row(&runs[i], &fig[i]);
		fflush(stdout);
		if (r) {
			printf("  FAILED %s: %s\n", runs[i].name, runs[i].err);
			rc = 1;
			continue;
		}
		nok++;
		avg.save_peak += fig[i].save_peak;
		avg.save_ids += fig[i].save_ids;
		avg.save_ids_kmean += fig[i].save_ids_kmean;
		avg.live10k += fig[i].live10k;
		half10k += fig[i].live10k <= 0.5;
		sum_ids += runs[i].ids;
		sum_wn += runs[i].wn;
		for (int k = 0; k < SR_NPLACE; k++) {
			avg.s_reg[k] += fig[i].s_reg[k];
			avg.s_sub[k] += fig[i].s_sub[k];
		}
		avg.rt_vs_ungated += fig[i].rt_vs_ungated;
		avg.rt_vs_sub += fig[i].rt_vs_sub;
		avg.dyn += fig[i].dyn;
		avg.dyn_wr += fig[i].dyn_wr;
		avg.time += fig[i].time;
		if (strcmp(runs[i].name, "bfs") == 0)
			bfs = fig[i].time, have_bfs = 1;
	}
	if (nok) {
		double d = nok;
		avg.save_peak /= d, avg.save_ids /= d, avg.save_ids_kmean /= d, avg.live10k /= d, avg.rt_vs_ungated /= d, avg.rt_vs_sub /= d, avg.dyn /= d,
			avg.dyn_wr /= d, avg.time /= d;
		for (int k = 0; k < SR_NPLACE; k++)
			avg.s_reg[k] /= d, avg.s_sub[k] /= d;
		printf("\naverage of %d workload(s) (arithmetic mean of the per-workload figures, spec A26) vs the paper:\n",
		       nok);
		printf("  register saving, 1 - ids/(WxN)    %5.1f %%   (peak live: %5.1f %%)   paper %4.1f %% (Fig. 9: registers "
		       "ever allocated)\n",
		       100 * avg.save_ids, 100 * avg.save_peak, 100 * tab.paper_saving);
		printf("  the same, mean of the kernels     %5.1f %%   (pooled, 1 - sum ids / sum WxN: %5.1f %%)   above: each "
		       "workload's worst kernel\n",
		       100 * avg.save_ids_kmean, 100 * (1.0 - ratio(sum_ids, sum_wn)));
		printf("  peak allocated, first 10K cycles  %5.1f %% of WxN   (%d of %d workloads at most 50 %%)   paper: 7 of 8 "
		       "barely above half (Fig. 2)\n",
		       100 * avg.live10k, half10k, nok);
		printf("  static saving, per-register gating %5.1f %%   (scattered baseline: %5.1f %%)   paper %4.1f %% (Fig. 10a)\n",
		       100 * avg.s_reg[0], 100 * avg.s_reg[1], 100 * tab.paper_reg);
		printf("  static saving, sub-array gating    %5.1f %%   (scattered baseline: %5.1f %%)   paper %4.1f %% (Fig. 10a)\n",
		       100 * avg.s_sub[0], 100 * avg.s_sub[1], 100 * tab.paper_sub);
		printf("  table leakage / file leakage       %5.2f %%   (/ file energy with renaming, sub-array gating: "
		       "%5.2f %%)   paper %4.1f %% (§8.3)\n",
		       100 * avg.rt_vs_ungated, 100 * avg.rt_vs_sub, 100 * tab.paper_rt_static);
		printf("  table / file dynamic energy        %5.2f %%   (table writes only: %5.3f %%)   paper %4.2f %% "
		       "(Fig. 10b; not reproducible from Table 2, spec §4.4)\n",
		       100 * avg.dyn, 100 * avg.dyn_wr, 100 * tab.paper_rt_dyn);
		char b[64] = "";
		if (have_bfs)
			snprintf(b, sizeof b, "   (bfs: %+5.2f %%)", 100 * bfs);
		printf("  time with renaming / without - 1   %+5.2f %%%s   paper +1 %% (bfs +8 %%, Fig. 12)\n", 100 * avg.time, b);
		/* the directions the paper states (§8.2, §8.3, §8.5): renaming saves registers and static
		 * energy under both gatings, and costs time (never less than none) */
		const struct {
			double x;
			const char *what;
		} dir[4] = {{avg.save_ids, "renaming allocates no fewer registers than W x N (paper: 30 % fewer)"},
			    {avg.s_reg[0], "per-register gating saves no static energy with renaming (paper: 26 %)"},
			    {avg.s_sub[0], "sub-array gating saves no static energy with renaming (paper: 23 %)"},
			    {-avg.time, "renaming makes the kernels faster (paper: +1 % time)"}};
		for (int k = 0; k < 4; k++)
			if (k < 3 ? dir[k].x <= 0 : dir[k].x > 0) {
				printf("REVERSED: %s\n", dir[k].what);
				reversed = 1;
				rc = 1;
			}
	}
	print_time(runs, fig, npick);
	print_modes(runs, npick);
	if (o.json) {
		wg_buf b = {0};
		wg_buf_printf(&b, "{\"block\": \"rename\", \"config\": ");
		wg_buf_json_str(&b, cfg);
		wg_buf_printf(&b, ", \"seed\": %llu, \"kernels_per_workload\": %ld, \"lifetimes\": \"%s\", ",
			      (unsigned long long)o.seed, so.knobs[RNE_K_KERNELS], sr_lifetimes[so.uses]);
		if (so.gap)
			wg_buf_printf(&b, "\"mem_gap\": %ld, ", so.gap);
		wg_buf_printf(&b, "\"ok\": %s, \"workloads\": [", rc ? "false" : "true");
		for (int i = 0; i < npick; i++) {
			if (i)
				wg_buf_printf(&b, ", ");
			json_run(&b, &runs[i], &fig[i]);
		}
		wg_buf_printf(&b, "]");
		if (nok)
			wg_buf_printf(&b,
				      ", \"average\": {\"workloads\": %d, \"saving_peak\": %.6f, \"saving_ids\": %.6f, "
				      "\"saving_ids_kernel_mean\": %.6f, \"saving_ids_pooled\": %.6f, \"live_peak_first_10k\": %.6f, "
				      "\"static_saving_reg_compact\": %.6f, \"static_saving_sub_compact\": %.6f, "
				      "\"static_saving_reg_scattered\": %.6f, \"static_saving_sub_scattered\": %.6f, "
				      "\"rt_leakage_vs_rf_ungated\": %.6f, \"rt_leakage_vs_rf_renaming_sub\": %.6f, "
				      "\"rt_vs_rf_dynamic\": %.6f, \"rt_writes_vs_rf_dynamic\": %.6f, \"time_overhead\": %.6f}",
				      nok, avg.save_peak, avg.save_ids, avg.save_ids_kmean, 1.0 - ratio(sum_ids, sum_wn), avg.live10k, avg.s_reg[0], avg.s_sub[0], avg.s_reg[1], avg.s_sub[1],
				      avg.rt_vs_ungated, avg.rt_vs_sub, avg.dyn, avg.dyn_wr, avg.time);
		wg_buf_printf(&b, ", \"reversed\": %s", reversed ? "true" : "false");
		wg_buf_printf(&b,
			      ", \"paper\": {\"register_saving\": %g, \"static_saving_sub\": %g, \"static_saving_reg\": %g, "
			      "\"rt_static_overhead\": %g, \"rt_dynamic_overhead\": %g, \"time_overhead\": 0.01, "
			      "\"time_overhead_bfs\": 0.08}}\n",
			      tab.paper_saving, tab.paper_sub, tab.paper_reg, tab.paper_rt_static, tab.paper_rt_dyn);
		if (wg_write_atomic(o.json, b.s, b.len, err, sizeof err) != 0)
			wg_die("stats", 2, "--json: %s", err);
		wg_buf_free(&b);
	}
	free(runs);
	free(fig);
	return rc;
}

const wg_stats_def wg_stats_rename = {.run = rename_stats_run};
