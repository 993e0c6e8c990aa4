/* prefetch_table_compare.c - `warpgen stats prefetch_table --compare`: the
 * thesis's headline at the level of the SM (Sethia 2015 §5.5.1): per access
 * profile the same kernel (program, threads, addresses, seed) on the SM model
 * of prefetch_table_sm.h with WARPS_BASE warps and no prefetching (SIMT_32),
 * with the table's WARPS warps and no prefetching (SIMT_4), and with WARPS
 * warps and the prefetch table's C model (Apogee_4); IPC, demand misses, load
 * latency, relative power (power_tables/apogee_sm.tsv) and performance per
 * watt, beside the thesis's figures (power_tables/sethia2015.tsv), as a
 * Markdown table; then the directions the thesis states, checked on the
 * geometric mean over the profiles whose loads are the thesis's kinds
 * (stream, strided, tia): a reversed one fails the run (exit 1).
 * docs/prefetch_table.md "SM-level comparison". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prefetch_table.h"
#include "prefetch_table_env.h"
#include "prefetch_table_sm.h"
#include "wg_cli.h"
#include "wg_ptable.h"

#define PC_MAX_CYCLES 50000000L
#define PC_NARMS 3

static void usage(void)
{
	printf("usage: warpgen stats prefetch_table --compare [--profile P] [--seed S] [--set NAME=VALUE]... [--sm NAME=VALUE]...\n"
	       "                                    [--cycles N]\n"
	       "APOGEE at the level of the SM (Sethia 2015 ch. V §5.5): per access profile, one kernel (the same program,\n"
	       "threads, addresses and seed) on the SM model of cosim/prefetch_table/prefetch_table_sm.h with WARPS_BASE warps\n"
	       "without prefetching (SIMT_32), with the table's WARPS warps without prefetching (SIMT_4) and with WARPS warps\n"
	       "and the prefetch table's C model (Apogee_4). Prints IPC, demand misses, load latency, relative power\n"
	       "(power_tables/apogee_sm.tsv) and performance per watt beside the thesis's figures, and checks the\n"
	       "directions the thesis states on the geometric mean over stream, strided and tia (a reversed one: exit 1).\n"
	       "  --profile P   stream, strided, tia, irregular or manypc (default: all five)\n"
	       "  --sm K=V      SM parameters (defaults: Tab. 5.3(a) or assumed):\n");
	for (int i = 0; i < PTS_NPARAMS; i++)
		printf("                  %-10s %8ld  %ld..%ld  %s (%s)\n", pts_params[i].name, pts_params[i].def,
		       pts_params[i].min, pts_params[i].max, pts_params[i].help, pts_params[i].source);
	printf("  --cycles N    cycle limit of one run (default %ld): a kernel that does not finish fails\n"
	       "exit: 0, 1 a check failed or a direction came out reversed, 2 bad input\n",
	       PC_MAX_CYCLES);
}

static double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

/* the thesis's figure (s, q) of sethia2015.tsv into *v and its source; 0 when missing */
static int thesis(const wg_ptable *t, const char *q, double *v, char *src, size_t n)
{
	const wg_prow *r = t ? wg_ptable_find(t, "ap_result", q) : NULL;
	if (!r || r->kind == WG_KIND_NOT_GIVEN)
		return 0;
	*v = r->value;
	snprintf(src, n, "sethia2015.tsv:%d, %s", r->line, r->source);
	return 1;
}

int pts_compare_main(int argc, char **argv)
{
	char **av = calloc((size_t)argc + 1, sizeof *av);
	int ac = 0;
	const char *prof = NULL;
	long sp[PTS_NPARAMS];
	for (int i = 0; i < PTS_NPARAMS; i++)
		sp[i] = pts_params[i].def;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--compare") == 0)
			continue;
		if (strcmp(argv[i], "--profile") == 0) {
			i = wg_opt_value("stats", i, argc, argv);
			prof = argv[i];
			continue;
		}
		if (strcmp(argv[i], "--sm") == 0) {
			if (i + 1 >= argc)
				wg_die("stats", 2, "--sm needs NAME=VALUE");
			const char *a = argv[++i], *eq = strchr(a, '=');
			int k = -1;
			for (int j = 0; eq && j < PTS_NPARAMS; j++)
				if (strlen(pts_params[j].name) == (size_t)(eq - a) && strncmp(a, pts_params[j].name, (size_t)(eq - a)) == 0)
					k = j;
			if (k < 0)
				wg_die("stats", 2, "--sm %s: not an SM parameter (warpgen stats prefetch_table --compare --help lists them)",
				       a);
			char *end;
			long v = strtol(eq + 1, &end, 10);
			if (!eq[1] || *end || v < pts_params[k].min || v > pts_params[k].max)
				wg_die("stats", 2, "--sm %s: %s must be an integer in %ld..%ld", a, pts_params[k].name,
				       pts_params[k].min, pts_params[k].max);
			sp[k] = v;
			continue;
		}
		av[ac++] = argv[i];
	}
	wg_opts o;
	wg_opts_parse(&o, "stats", ac, av, WG_OPT_SET | WG_OPT_SEED | WG_OPT_CYCLES);
	free(av);
	if (o.help) {
		usage();
		return 0;
	}
	int p0 = 0, p1 = PTE_NBASE - 1;
	if (prof) {
		int k = pte_profile_find(prof, PTE_NBASE);
		if (k < 0)
			wg_die("stats", 2, "--profile %s: stream, strided, tia, irregular or manypc with --compare", prof);
		p0 = p1 = k;
	}
	long maxc = o.cycles >= 0 ? o.cycles : PC_MAX_CYCLES;
	if (maxc < 10)
		wg_die("stats", 2, "--cycles %ld is out of range (at least 10)", maxc);
	int W = (int)o.p[PT_P_WARPS], WB = (int)sp[PTS_WARPS_BASE];
	if (o.p[PT_P_WARPS] * o.p[PT_P_THREADS] >= (1L << o.p[PT_P_ITER_BITS]))
		wg_die("stats", 2, "WARPS x THREADS = %ld must fit ITER_BITS=%ld (ld_iter_i)", o.p[PT_P_WARPS] * o.p[PT_P_THREADS],
		       o.p[PT_P_ITER_BITS]);
	char nb[3][32];
	snprintf(nb[0], sizeof nb[0], "SIMT_%d", WB);
	snprintf(nb[1], sizeof nb[1], "SIMT_%d", W);
	snprintf(nb[2], sizeof nb[2], "Apogee_%d", W);
	const pts_arm arms[PC_NARMS] = {{nb[0], WB, 0}, {nb[1], W, 0}, {nb[2], W, 1}};
	pts_power pw;
	char err[600];
	if (pts_power_load(&pw, err, sizeof err))
		wg_die("stats", 2, "%s", err);
	wg_ptable th, *tp = &th;
	char path[4096], terr[300];
	wg_ptable_path("sethia2015.tsv", path, sizeof path);
	if (wg_ptable_load(&th, path, terr, sizeof terr))
		tp = NULL;
	char cfg[256];
	wg_config_name(o.block, o.p, 0, cfg, sizeof cfg);
	printf("stats prefetch_table --compare %s seed=%llu (C model only; same program, threads and addresses in every arm)\n",
	       cfg, (unsigned long long)o.seed);
	printf("SM:");
	for (int i = 0; i < PTS_NPARAMS; i++)
		printf(" %s=%ld", pts_params[i].name, sp[i]);
	printf("\narms: %s (%d warps, no prefetching), %s (%d warps, no prefetching), %s (%d warps, the prefetch table)\n",
	       nb[0], WB, nb[1], W, nb[2], W);
	printf("power (relative to 1 warp without prefetching): %s %.4f, %s %.4f, %s %.4f (%s)\n\n", nb[0],
	       pts_power_of(&pw, &arms[0]), nb[1], pts_power_of(&pw, &arms[1]), nb[2], pts_power_of(&pw, &arms[2]), pw.src);
	printf("| profile | arm | warps | cycles | IPC | IPC / %s | demand misses | misses / %s | load latency | "
	       "prefetches issued | accuracy | perf/W / %s |\n",
	       nb[0], nb[0], nb[0]);
	printf("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
	pts_sm *s = calloc(1, pts_size());
	if (!s)
		wg_die("stats", 2, "out of memory");
	/* logs of the ratios, summed over the thesis-like profiles (reg) and over all (all) */
	double lg[2][4] = {{0}}; /* Apogee/SIMT_32, Apogee/SIMT_W, SIMT_W/SIMT_32, perf/W Apogee/SIMT_32 */
	double lat[2][PC_NARMS] = {{0}}, mis[2][PC_NARMS] = {{0}};
	double lsu[2][PC_NARMS] = {{0}}, full[2][PC_NARMS] = {{0}}; /* MSHR_STALL: shares of the cycles, summed */
	int cnt[2] = {0, 0}, rc = 0;
	/* the issue bound: one warp instruction per THREADS/SIMD cycles; lb: logs of SIMT_32's IPC / it */
	double bound = ratio((double)sp[PTS_SIMD], (double)o.p[PT_P_THREADS]), lb[2] = {0, 0};
	for (int pr = p0; pr <= p1; pr++) {
		pts_prog g;
		int ws[2] = {WB, W};
		pts_prog_build(&g, pr, o.p, sp, o.seed, ws, 2);
		pts_result r[PC_NARMS];
		int bad = 0;
		for (int a = 0; a < PC_NARMS && !bad; a++)
			if (pts_run(s, &g, &arms[a], o.p, sp, maxc, &r[a], err, sizeof err)) {
				printf("FAILED (%s, %s): %s\n", pte_profile_name(pr), arms[a].name, err);
				bad = rc = 1;
			}
		if (bad)
			continue;
		double ipc[PC_NARMS], ppw[PC_NARMS];
		for (int a = 0; a < PC_NARMS; a++) {
			ipc[a] = ratio((double)r[a].instr, (double)r[a].cycles);
			ppw[a] = ipc[a] / pts_power_of(&pw, &arms[a]);
		}
		for (int a = 0; a < PC_NARMS; a++) {
			char acc[32] = "-";
			if (r[a].pf_issued)
				snprintf(acc, sizeof acc, "%.1f %%", 100.0 * ratio((double)r[a].pf_used, (double)r[a].pf_issued));
			printf("| %s | %s | %d | %ld | %.4f | %.3f | %llu | %.3f | %.1f | %llu | %s | %.3f |\n", pte_profile_name(pr),
			       arms[a].name, arms[a].warps, r[a].cycles, ipc[a], ratio(ipc[a], ipc[0]),
			       (unsigned long long)r[a].dem_miss, ratio((double)r[a].dem_miss, (double)r[0].dem_miss),
			       ratio((double)r[a].load_lat, (double)r[a].loads), (unsigned long long)r[a].pf_issued, acc,
			       ratio(ppw[a], ppw[0]));
		}
		int reg = pr == PTE_PR_STREAM || pr == PTE_PR_STRIDED || pr == PTE_PR_TIA;
		for (int k = 0; k < 2; k++) {
			if (k == 0 && !reg)
				continue;
			lg[k][0] += log(ratio(ipc[2], ipc[0]));
			lg[k][1] += log(ratio(ipc[2], ipc[1]));
			lg[k][2] += log(ratio(ipc[1], ipc[0]));
			lg[k][3] += log(ratio(ppw[2], ppw[0]));
			lb[k] += log(ratio(ipc[0], bound));
			for (int a = 0; a < PC_NARMS; a++) {
				lat[k][a] += ratio((double)r[a].load_lat, (double)r[a].loads);
				lsu[k][a] += ratio((double)r[a].lsu_stall, (double)r[a].cycles);
				full[k][a] += ratio((double)r[a].mshr_full, (double)r[a].cycles);
				mis[k][a] += log(ratio((double)r[a].dem_miss + 1, (double)r[0].dem_miss + 1));
			}
			cnt[k]++;
		}
	}
	free(s);
	double v;
	char src[300];
	printf("\n");
	for (int k = 0; k < 2; k++) {
		if (!cnt[k])
			continue;
		double gm[4];
		for (int i = 0; i < 4; i++)
			gm[i] = exp(lg[k][i] / cnt[k]);
		printf("geomean over %s (%d profile%s):\n", k ? "every profile run" : "stream, strided, tia (the thesis's kinds of loads)",
		       cnt[k], cnt[k] == 1 ? "" : "s");
		printf("  IPC %s / %s = %.3f", nb[2], nb[0], gm[0]);
		if (thesis(tp, "speedup_vs_simt", &v, src, sizeof src))
			printf("   thesis %.2f (%s)", 1 + v, src);
		printf("\n  IPC %s / %s = %.3f   IPC %s / %s = %.3f\n", nb[2], nb[1], gm[1], nb[1], nb[0], gm[2]);
		printf("  perf/W %s / %s = %.3f", nb[2], nb[0], gm[3]);
		if (thesis(tp, "perf_per_watt_vs_simt", &v, src, sizeof src))
			printf("   thesis %.2f (%s)", 1 + v, src);
		printf("\n  demand misses %s / %s = %.3f", nb[2], nb[0], exp(mis[k][2] / cnt[k]));
		if (thesis(tp, "memory_request_reduction", &v, src, sizeof src))
			printf("   thesis %.2f (%s: 'reduce the requests that go to memory by 80%%')", 1 - v, src);
		printf("\n  load latency (issue to data, mean over profiles): %s %.1f, %s %.1f, %s %.1f cycles", nb[0],
		       lat[k][0] / cnt[k], nb[1], lat[k][1] / cnt[k], nb[2], lat[k][2] / cnt[k]);
		if (thesis(tp, "mem_access_time", &v, src, sizeof src))
			printf("   thesis: Apogee %.0f instead of 400 (%s)", v, src);
		printf("\n");
		if (sp[PTS_MSHR_STALL])
			printf("  MSHR_STALL=1, share of the cycles (mean over profiles): LSU held by a load without MSHRs %s %.1f %%, "
			       "%s %.1f %%, %s %.1f %%; all %ld MSHRs in use %s %.1f %%, %s %.1f %%, %s %.1f %%\n",
			       nb[0], 100.0 * lsu[k][0] / cnt[k], nb[1], 100.0 * lsu[k][1] / cnt[k], nb[2], 100.0 * lsu[k][2] / cnt[k],
			       sp[PTS_MSHRS], nb[0], 100.0 * full[k][0] / cnt[k], nb[1], 100.0 * full[k][1] / cnt[k], nb[2],
			       100.0 * full[k][2] / cnt[k]);
		if (k == 0) {
			/* the directions the thesis states clearly */
			struct {
				const char *what;
				double x;
				int bound_cause; /* a reversal is explained by SIMT_32's distance to the issue bound */
			} chk[] = {
				{"more warps hide latency: SIMT_32 faster than SIMT_4 (§5.2.1 Fig. 5.1, Fig. 5.12)", 1.0 / gm[2], 0},
				{"prefetching helps at 4 warps: Apogee_4 faster than SIMT_4 (§5.5.1, Fig. 5.12)", gm[1], 0},
				{"Apogee_4 faster than SIMT_32 (§5.5.1: 19 %)", gm[0], 1},
				{"Apogee_4 higher perf/W than SIMT_32 (§5.5.1: 51 %)", gm[3], 1},
				{"Apogee_4 fewer demand misses than SIMT_32 (§5.5.2 Fig. 5.14, §5.7: 80 % fewer)",
				 1.0 / exp(mis[k][2] / cnt[k]), 0},
			};
			for (size_t i = 0; i < sizeof chk / sizeof chk[0]; i++) {
				int ok = chk[i].x > 1.0;
				printf("check: %s: %s (ratio %.3f)", chk[i].what, ok ? "ok" : "REVERSED", chk[i].x);
				if (!ok && chk[i].bound_cause && !sp[PTS_MSHR_STALL]) /* the cause measured (docs/prefetch_table.md, SM-level comparison) */
					printf("; cause: %s already runs at %.0f %% of the issue bound (%.3f IPC = SIMD/THREADS) and "
					       "the rest is memory bandwidth, which prefetching does not add", nb[0], 100.0 * exp(lb[k] / cnt[k]), bound);
				else if (!ok && chk[i].bound_cause)
					printf("; cause: %s already runs at %.0f %% of the issue bound (%.3f IPC = SIMD/THREADS); the rest is "
					       "the memory (bandwidth, and %ld MSHRs of %d B lines: at most %.1f B/cycle over %ld cycles), "
					       "which prefetching does not add; its LSU was held %.1f %% of the cycles, %s's %.1f %%",
					       nb[0], 100.0 * exp(lb[k] / cnt[k]), bound, sp[PTS_MSHRS], (int)o.p[PT_P_LINE_BYTES],
					       (double)sp[PTS_MSHRS] * (double)o.p[PT_P_LINE_BYTES] / (double)sp[PTS_MEM_LAT], sp[PTS_MEM_LAT],
					       100.0 * lsu[k][0] / cnt[k], nb[2], 100.0 * lsu[k][2] / cnt[k]);
				printf("\n");
				if (!ok)
					rc = 1;
			}
		}
	}
	if (!cnt[0])
		printf("check: none (no profile of the thesis's kinds of loads ran: the thesis states no direction for irregular or manypc)\n");
	if (tp)
		wg_ptable_free(tp);
	printf("%s\n", rc ? "FAILED" : "PASS");
	return rc;
}
