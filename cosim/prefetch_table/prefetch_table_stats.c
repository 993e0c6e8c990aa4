/* prefetch_table_stats.c - `warpgen stats prefetch_table`: run the SM memory-side
 * model of prefetch_table_env.h on the C model only (no RTL), one access profile after
 * another, each twice on the same seed: with the prefetcher and with no
 * prefetch taken (knob NOPF=1, the baseline), and report per profile the
 * prefetch accuracy, coverage, timeliness (timely / slow / early), extra
 * traffic and the distance histogram (docs/prefetch_table.md "Statistics").
 *
 * Exit codes: 0, 1 when a check failed (a protocol violation reported by the
 * C model, or a check of the environment), 2 bad input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prefetch_table.h"
#include "prefetch_table_env.h"
#include "prefetch_table_sm.h"
#include "wg_cli.h"
#include "wg_stats.h"
#include "wg_vtool.h"

#define SP_CYCLES 100000L

static void usage(void)
{
	printf("usage: warpgen stats prefetch_table [--profile P] [--cycles N] [--set NAME=VALUE]... [--knob NAME=VALUE]...\n"
	       "                                    [--seed S]\n"
	       "Runs the SM memory-side model of cosim/prefetch_table/prefetch_table_env.h (warps looping over loads, an L1 with MSHRs, a memory\n"
	       "with a latency and a bandwidth) on the prefetch table's C model only (no RTL), each profile with the\n"
	       "prefetcher and again without (NOPF=1), and prints per profile: accuracy (prefetched lines used /\n"
	       "issued), coverage (demand lines found prefetched / demand lines that would have missed; and the demand\n"
	       "misses avoided against the run without prefetch), timeliness (timely: filled before the demand, slow:\n"
	       "demanded in flight, early: evicted unused), extra traffic (unused prefetched lines / lines fetched\n"
	       "without prefetch) and the distance histogram.\n"
	       "  --profile P   stream, strided, tia, irregular, manypc or phases (default: the five but phases)\n"
	       "  --cycles N    cycles per run (default %ld)\n"
	       "  --knob K=V    environment knobs (MEM_LAT, BW_GAP, L1_SETS, L1_WAYS, MSHRS, GAP...; RESET_PPM is 0 here)\n"
	       "  --compare     the SM-level comparison instead: Apogee_4 against SIMT_32 and SIMT_4 (--compare --help)\n"
	       "exit: 0, 1 a check failed, 2 bad input\n",
	       SP_CYCLES);
}

/* One run; returns 0, 1 (a check failed: message in err), 2 (bad input). */
static int run(const long *p, const long *knobs, uint64_t seed, long cycles, pte_stats *out, char *err, size_t n)
{
	pt_cfg c;
	pt_cfg_from_params(&c, p);
	pt_model *m = pt_new(&c);
	pt_env *e = calloc(1, pte_size(p));
	int rc = 0;
	if (!m || !e) {
		snprintf(err, n, "out of memory");
		rc = 2;
		goto done;
	}
	if (pte_init(e, p, knobs, seed, err, n)) {
		rc = 2;
		goto done;
	}
	for (long cyc = 0; cyc < cycles; cyc++) {
		pt_in in;
		pt_out o;
		memset(&in, 0, sizeof in);
		memset(&o, 0, sizeof o);
		pte_drive(e, m, &in, cyc);
		if (pt_eval(m, &in, &o) != 0 && o.msg[0]) {
			snprintf(err, n, "cycle %ld: the environment broke the protocol: %s", cyc, o.msg);
			rc = 1;
			break;
		}
		pte_observe(e, m, &in, &o, cyc);
		pt_tick(m, &in);
		const char *msg = pte_error(e);
		if (msg) {
			snprintf(err, n, "%s", msg);
			rc = 1;
			break;
		}
	}
	memset(out, 0, sizeof *out); /* the sum over the profiles (phases: over its phases) */
	for (int pr = 0; pr < PTE_NPROF; pr++) {
		const pte_stats *t = pte_get_stats(e, pr);
		const uint64_t *a = (const uint64_t *)t;
		uint64_t *d = (uint64_t *)out;
		for (size_t i = 0; i < sizeof *t / sizeof *a; i++)
			d[i] += a[i];
	}
done:
	pt_free(m);
	free(e);
	return rc;
}

static double pc(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

static void print_prof(int prof, const pte_stats *s, const pte_stats *b)
{
	uint64_t used = s->pf_timely + s->pf_slow;
	uint64_t would = s->dem_miss + used;          /* demand lines that would have missed */
	uint64_t unused = s->pf_issued > used ? s->pf_issued - used : 0;
	uint64_t base_fetch = s->dem_miss + used;     /* lines fetched for the demand without prefetch */
	printf("  %-9s loads %llu, demand lines %llu (hits %llu, misses %llu, merged %llu); prefetches issued %llu, "
	       "dropped as present %llu\n",
	       pte_profile_name(prof), (unsigned long long)s->loads, (unsigned long long)s->dem_lines,
	       (unsigned long long)s->dem_hit, (unsigned long long)s->dem_miss, (unsigned long long)s->dem_merge,
	       (unsigned long long)s->pf_issued, (unsigned long long)s->pf_present);
	printf("            accuracy %5.1f %%   coverage %5.1f %% timely (+%.1f %% slow)   misses avoided %5.1f %% "
	       "(%llu vs %llu without prefetch)\n",
	       pc(used, s->pf_issued), pc(s->pf_timely, would), pc(s->pf_slow, would),
	       b->dem_miss ? 100.0 - pc(s->dem_miss, b->dem_miss) : 0.0, (unsigned long long)s->dem_miss,
	       (unsigned long long)b->dem_miss);
	printf("            timeliness of the used lines: timely %.1f %%, slow %.1f %%; early (evicted unused) %llu = %.1f "
	       "%% of issued; extra traffic %.1f %%\n",
	       pc(s->pf_timely, used), pc(s->pf_slow, used), (unsigned long long)s->pf_early, pc(s->pf_early, s->pf_issued),
	       pc(unused, base_fetch));
	printf("            distance at ld_ack_o (confirmed entries):");
	uint64_t nd = 0;
	for (int d = 0; d < PTE_DHIST; d++)
		nd += s->dist[d];
	for (int d = 1; d < PTE_DHIST; d++)
		if (s->dist[d])
			printf(" %s%d:%.0f%%", d == PTE_DHIST - 1 ? ">=" : "", d, pc(s->dist[d], nd));
	printf("%s\n", nd ? "" : " none");
	printf("            loads per 1000 cycles %.1f (with) vs %.1f (without prefetch)\n",
	       s->cycles ? 1000.0 * (double)s->loads / (double)s->cycles : 0.0,
	       b->cycles ? 1000.0 * (double)b->loads / (double)b->cycles : 0.0);
}

static int prefetch_table_stats_run(int argc, char **argv)
{
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "--compare") == 0)
			return pts_compare_main(argc, argv); /* the SM-level comparison (prefetch_table_compare.c) */
	char **av = calloc((size_t)argc + 1, sizeof *av);
	int ac = 0, reset_knob = 0;
	const char *prof = NULL;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--profile") == 0) {
			i = wg_opt_value("stats", i, argc, argv);
			prof = argv[i];
			continue;
		}
		if (i > 0 && strcmp(argv[i - 1], "--knob") == 0 && strncmp(argv[i], "RESET_PPM=", 10) == 0)
			reset_knob = 1;
		av[ac++] = argv[i];
	}
	wg_opts o;
	wg_opts_parse(&o, "stats", ac, av, WG_OPT_SET | WG_OPT_SEED | WG_OPT_CYCLES | WG_OPT_KNOB);
	free(av);
	if (o.help) {
		usage();
		return 0;
	}
	int p0 = 0, p1 = PTE_NBASE - 1;
	if (prof) {
		int k = pte_profile_find(prof, PTE_NPROF);
		if (k < 0)
			wg_die("stats", 2, "--profile %s: stream, strided, tia, irregular, manypc or phases", prof);
		p0 = p1 = k;
	}
	if (!reset_knob)
		o.knobs[PTE_K_RESET_PPM] = 0;
	long cycles = o.cycles >= 0 ? o.cycles : SP_CYCLES;
	if (cycles < 3)
		wg_die("stats", 2, "--cycles %ld is out of range (at least 3)", cycles);
	char cfg[256], err[512];
	wg_config_name(o.block, o.p, 0, cfg, sizeof cfg);
	printf("stats prefetch_table %s seed=%llu cycles=%ld per run (C model only); MEM_LAT=%ld BW_GAP=%ld L1 %ldx%ld "
	       "MSHRS=%ld GAP=%ld\n",
	       cfg, (unsigned long long)o.seed, cycles, o.knobs[PTE_K_MEM_LAT], o.knobs[PTE_K_BW_GAP],
	       o.knobs[PTE_K_L1_SETS], o.knobs[PTE_K_L1_WAYS], o.knobs[PTE_K_MSHRS], o.knobs[PTE_K_GAP]);
	int rc = 0;
	for (int pr = p0; pr <= p1; pr++) {
		long k[WG_MAX_PARAMS];
		pte_stats s, b;
		memcpy(k, o.knobs, sizeof k);
		k[PTE_K_PROFILE] = pr;
		int r = run(o.p, k, o.seed, cycles, &s, err, sizeof err);
		if (r == 2)
			wg_die("stats", 2, "%s", err);
		if (r) {
			printf("FAILED (%s): %s\n", pte_profile_name(pr), err);
			rc = 1;
			continue;
		}
		k[PTE_K_NOPF] = 1;
		r = run(o.p, k, o.seed, cycles, &b, err, sizeof err);
		if (r) {
			printf("FAILED (%s, no prefetch): %s\n", pte_profile_name(pr), err);
			rc = 1;
			continue;
		}
		print_prof(pr, &s, &b);
	}
	return rc;
}

const wg_stats_def wg_stats_prefetch_table = {.run = prefetch_table_stats_run};
