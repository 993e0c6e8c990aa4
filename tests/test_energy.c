/* test_energy.c - the RFC energy model (docs/energy-model.md): Table 2 at
 * its points, interpolation and extrapolation in N*A, AU scaling with LANES
 * and WIDTH, the default configuration's numbers, and run totals. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfc.h"
#include "rfc_energy.h"
#include "wg_buf.h"
#include "wg_check.h"
#include "wg_desc.h"
#include "wg_energy.h"
#include "wg_ptable.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9 * (1 + fabs(b)))

static const wg_block *rfc;

static int model(wg_energy_model *m, const char *sets)
{
	long p[WG_MAX_PARAMS];
	char err[512];
	wg_params_default(rfc, p);
	char buf[512];
	snprintf(buf, sizeof buf, "%s", sets);
	for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
		if (wg_param_set(rfc, p, tok, err, sizeof err)) {
			printf("  bad set %s: %s\n", tok, err);
			CHECK(0);
			return -1;
		}
	if (wg_params_check(rfc, p, err, sizeof err)) {
		printf("  bad params: %s\n", err);
		CHECK(0);
		return -1;
	}
	int rc = wg_energy_model_init(m, rfc, p, err, sizeof err);
	CHECK(rc == 0);
	if (rc)
		printf("  model: %s\n", err);
	return rc;
}

static int load(wg_ptable *t)
{
	char path[4096], err[512];
	wg_ptable_path(RFC_ENERGY_TABLE, path, sizeof path);
	int rc = wg_ptable_load(t, path, err, sizeof err);
	CHECK(rc == 0);
	if (rc)
		printf("  %s\n", err);
	return rc;
}

static const double t2r[3][3] = {{1.2, 1.2, 1.9}, {1.2, 1.7, 2.2}, {1.9, 2.2, 3.4}};
static const double t2w[3][3] = {{3.8, 4.4, 6.1}, {4.4, 5.4, 6.7}, {6.1, 6.7, 10.9}};

/* e_r, e_w at (N, A) through the interpolation rule. */
static int t2(const wg_ptable *t, long n, long a, double *er, double *ew, char *basis)
{
	char err[512];
	int rc = rfc_table2_energy(t, n, a, er, ew, basis, 64, err, sizeof err);
	if (rc)
		printf("  table2(%ld,%ld): %s\n", n, a, err);
	return rc;
}

static void table_points(void)
{
	wg_ptable t;
	if (load(&t))
		return;
	char basis[64];
	double er, ew;
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			long n = 4 + 2 * i, a = 4 + 2 * j;
			CHECK(t2(&t, n, a, &er, &ew, basis) == 0 && er == t2r[i][j] && ew == t2w[i][j]);
			CHECK(strstr(basis, "Tab2 N=") == basis);
			/* The model at a table point with 1 AU (4 lanes x 32 bits) and the wire
			 * distance taken out: exactly the table (rfc_read = e_r + 0.2 mm wire). */
			wg_energy_model m;
			char sets[128];
			snprintf(sets, sizeof sets, "ENTRIES=%ld ACTIVE_WARPS=%ld LANES=4", n, a);
			if (model(&m, sets) == 0) {
				CHECK(NEAR(m.pj[RFC_EV_RFC_READ] - 0.2 * 7.6, t2r[i][j]));
				CHECK(NEAR(m.pj[RFC_EV_RFC_WRITE] - 0.2 * 7.6, t2w[i][j]));
				CHECK(NEAR(m.pj[RFC_EV_EVICT_WB] - 7.6, t2r[i][j] + 11));
			}
		}
	wg_ptable_free(&t);
}

static void interpolation(void)
{
	wg_ptable t;
	if (load(&t))
		return;
	char basis[64];
	double er, ew;
	/* N*A = 40 lies between the points 36 (1.7/5.4) and 48 (2.2/6.7). */
	CHECK(t2(&t, 5, 8, &er, &ew, basis) == 0 && NEAR(er, 1.7 + 0.5 * 4 / 12) && NEAR(ew, 5.4 + 1.3 * 4 / 12));
	CHECK(strcmp(basis, "Tab2 interp N*A=40 from 36,48") == 0);
	/* Same N*A, other factors: 10 x 4 = 40 = 5 x 8. */
	double er2, ew2;
	CHECK(t2(&t, 10, 4, &er2, &ew2, basis) == 0 && er2 == er && ew2 == ew);
	/* N*A = 28 between 24 (1.2/4.4) and 32 (1.9/6.1). */
	CHECK(t2(&t, 7, 4, &er, &ew, basis) == 0 && NEAR(er, 1.55) && NEAR(ew, 5.25));
	/* A product on a table point but not a table (N, A): 2 x 12 = 24. */
	CHECK(t2(&t, 2, 12, &er, &ew, basis) == 0 && er == 1.2 && ew == 4.4);
	CHECK(strcmp(basis, "Tab2 at N*A=24") == 0);
	/* Above the table: from 48 and 64, slopes 0.075 and 0.2625 pJ per entry. */
	CHECK(t2(&t, 16, 8, &er, &ew, basis) == 0 && NEAR(er, 3.4 + 64 * 0.075) && NEAR(ew, 10.9 + 64 * 0.2625));
	CHECK(strcmp(basis, "Tab2 extrap N*A=128 from 48,64") == 0);
	/* Below the table: from 16 and 24 (read slope 0, write slope 0.075). */
	CHECK(t2(&t, 1, 1, &er, &ew, basis) == 0 && NEAR(er, 1.2) && NEAR(ew, 3.8 - 15 * 0.075));
	/* Monotone in the write energy across every table gap but one (32 -> 36 dips in the paper). */
	double prev = 0;
	int dips = 0;
	for (long x = 1; x <= 80; x++) {
		CHECK(t2(&t, x, 1, &er, &ew, basis) == 0 && er > 0 && ew > 0);
		if (ew < prev)
			dips++;
		prev = ew;
	}
	CHECK(dips == 4); /* 33, 34, 35, 36 */
	wg_ptable_free(&t);

	/* Clamp: an extrapolation that would go to zero or below takes the nearest point. */
	const char *text = WG_PTABLE_HEADER "\n"
			   "rfc_N4_A4\tread_energy\t1\tpJ/AU\t-\t-\tx\tstated\t-\n"
			   "rfc_N4_A4\twrite_energy\t2\tpJ/AU\t-\t-\tx\tstated\t-\n"
			   "rfc_N4_A6\tread_energy\t3\tpJ/AU\t-\t-\tx\tstated\t-\n"
			   "rfc_N4_A6\twrite_energy\t2.5\tpJ/AU\t-\t-\tx\tstated\t-\n";
	char err[512];
	CHECK(wg_ptable_parse(&t, "clamp.tsv", text, err, sizeof err) == 0);
	CHECK(t2(&t, 1, 4, &er, &ew, basis) == 0 && er == 1 && NEAR(ew, 2 - 12 * 0.0625));
	CHECK(strstr(basis, "(<=0: nearest point)") != NULL);
	wg_ptable_free(&t);

	/* A table that breaks the N*A rule is refused, naming the line. */
	const char *bad = WG_PTABLE_HEADER "\n"
			  "rfc_N4_A6\tread_energy\t1.2\tpJ/AU\t-\t-\tx\tstated\t-\n"
			  "rfc_N4_A6\twrite_energy\t4.4\tpJ/AU\t-\t-\tx\tstated\t-\n"
			  "rfc_N6_A4\tread_energy\t1.3\tpJ/AU\t-\t-\tx\tstated\t-\n"
			  "rfc_N6_A4\twrite_energy\t4.4\tpJ/AU\t-\t-\tx\tstated\t-\n";
	CHECK(wg_ptable_parse(&t, "bad.tsv", bad, err, sizeof err) == 0);
	CHECK(rfc_table2_energy(&t, 6, 8, &er, &ew, basis, sizeof basis, err, sizeof err) == -1);
	CHECK(strstr(err, "bad.tsv:4: rfc_N6_A4 differs from line 2 at the same N*A=24") == err);
	wg_ptable_free(&t);
	const char *noread = WG_PTABLE_HEADER "\nrfc_N4_A6\tread_energy\t1.2\tpJ/AU\t-\t-\tx\tstated\t-\n";
	CHECK(wg_ptable_parse(&t, "nw.tsv", noread, err, sizeof err) == 0);
	CHECK(rfc_table2_energy(&t, 4, 6, &er, &ew, basis, sizeof basis, err, sizeof err) == -1);
	CHECK(strstr(err, "nw.tsv:2: rfc_N4_A6 has read_energy but no write_energy row") == err);
	wg_ptable_free(&t);

	/* The model between points: ENTRIES=5 (N*A=40). */
	wg_energy_model m;
	if (model(&m, "ENTRIES=5") == 0) {
		CHECK(NEAR(m.pj[RFC_EV_RFC_READ], 8 * (1.7 + 0.5 / 3 + 0.2 * 7.6)));
		CHECK(strstr(m.basis[RFC_EV_RFC_READ], "interp N*A=40") != NULL);
	}
}

static void au_scaling(void)
{
	wg_energy_model d, m;
	if (model(&d, "") != 0)
		return;
	/* AU = LANES*WIDTH/128: halving the lanes halves every data event; doubling the width doubles it. */
	struct {
		const char *sets;
		double f;
	} cases[] = {{"LANES=16", 0.5}, {"LANES=4", 0.125}, {"WIDTH=64", 2}, {"LANES=2 WIDTH=4", 8.0 / 1024},
		     {"LANES=64 WIDTH=16", 1}};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		if (model(&m, cases[i].sets) != 0)
			continue;
		for (int e = RFC_EV_MRF_READ; e <= RFC_EV_BYPASS_WB; e++)
			CHECK(NEAR(m.pj[e], d.pj[e] * cases[i].f));
		CHECK(NEAR(m.pj[RFC_EV_TAG_LOOKUP], d.pj[RFC_EV_TAG_LOOKUP])); /* tags are not per lane */
	}
	/* READ_PORTS, FLUSH_PORTS, READ_LAT, REPLACEMENT, LIVENESS, WARPS change no per-event energy. */
	if (model(&m, "READ_PORTS=2 FLUSH_PORTS=3 READ_LAT=1 REPLACEMENT=LRU LIVENESS=0 WARPS=64") == 0)
		for (int e = 0; e < m.nevents; e++)
			CHECK(NEAR(m.pj[e], d.pj[e]));
	/* REG_BITS changes the tag energy only: N*(REG_BITS+1) tag bits. */
	if (model(&m, "REG_BITS=3") == 0) {
		CHECK(NEAR(m.pj[RFC_EV_TAG_LOOKUP], 6 * 4 * 2.2 / 128));
		CHECK(NEAR(m.pj[RFC_EV_RFC_READ], d.pj[RFC_EV_RFC_READ]));
	}
}

static void defaults(void)
{
	wg_energy_model m;
	if (model(&m, "") != 0)
		return;
	/* docs/energy-model.md, worked example: 8 AU, e_r 2.2, e_w 6.7, MRF 8/11, 7.6 pJ/mm/AU, 1 / 0.2 mm. */
	CHECK(m.nevents == 8);
	CHECK(NEAR(m.pj[RFC_EV_TAG_LOOKUP], 42 * 2.2 / 128)); /* 0.721875 */
	CHECK(NEAR(m.pj[RFC_EV_MRF_READ], 124.8));
	CHECK(m.pj[RFC_EV_MRF_READ_AVOIDED] == 0);
	CHECK(NEAR(m.pj[RFC_EV_RFC_READ], 29.76));
	CHECK(NEAR(m.pj[RFC_EV_RFC_WRITE], 65.76));
	CHECK(NEAR(m.pj[RFC_EV_EVICT_WB], 166.4));
	CHECK(NEAR(m.pj[RFC_EV_FLUSH_WB], 166.4));
	CHECK(NEAR(m.pj[RFC_EV_BYPASS_WB], 148.8));
	CHECK(m.leak_mw == 0 && strstr(m.leak_basis, "assumed") != NULL);
	CHECK(m.clock_ghz == 1);
	CHECK(strstr(m.basis[RFC_EV_MRF_READ], "8 AU x (MRF read 8 [Tab3]") == m.basis[RFC_EV_MRF_READ]);
	for (int e = 0; e < m.nevents; e++)
		CHECK(m.basis[e][0] != '\0' && strlen(m.basis[e]) < sizeof m.basis[e]);

	/* Run totals: Σ counts x pJ + leakage mW x cycles / GHz. */
	uint64_t counts[8] = {10, 3, 7, 7, 4, 1, 2, 1};
	double per[8];
	double tot = wg_energy_total(&m, counts, 1000, per);
	double want = 10 * 0.721875 + 3 * 124.8 + 7 * 29.76 + 4 * 65.76 + 3 * 166.4 + 148.8;
	CHECK(NEAR(tot, want));
	/* Without the RFC (spec §5.3): every source read (3 missed + 7 hit) from the MRF over
	 * 1 mm, every result (4 cached + 1 bypassed) written to it over 1 mm; evictions,
	 * flushes, tags and RFC reads do not exist there. */
	CHECK(NEAR(wg_energy_baseline(&m, counts), 10 * 8 * (8 + 7.6) + 5 * 8 * (11 + 7.6)));
	CHECK(m.base_pj[RFC_EV_TAG_LOOKUP] == 0 && m.base_pj[RFC_EV_RFC_READ] == 0);
	CHECK(m.base_pj[RFC_EV_EVICT_WB] == 0 && m.base_pj[RFC_EV_FLUSH_WB] == 0);
	CHECK(NEAR(per[RFC_EV_MRF_READ], 374.4) && per[RFC_EV_MRF_READ_AVOIDED] == 0);
	m.leak_mw = 2.5;
	m.clock_ghz = 0.5; /* 1000 cycles at 0.5 GHz = 2000 ns; 2.5 mW x 2000 ns = 5000 pJ */
	CHECK(NEAR(wg_energy_total(&m, counts, 1000, NULL), want + 5000));

	/* Paper check (spec §5.5 item 1): with every access in the RFC at N=6, A=8 the bank
	 * energy is 42% of the MRF's at ~1.79 reads per write (the 58% idealized saving). */
	wg_ptable t;
	if (load(&t) == 0) {
		double er, ew, rho = 1.79;
		char basis[64];
		CHECK(t2(&t, 6, 8, &er, &ew, basis) == 0);
		CHECK(fabs((er * rho + ew) / (8 * rho + 11) - 0.42) < 0.005);
		wg_ptable_free(&t);
	}

	/* The explanation printed by `warpgen energy`. */
	wg_buf o = {0};
	long p[WG_MAX_PARAMS];
	char err[256];
	wg_params_default(rfc, p);
	CHECK(wg_energy_notes(rfc, p, &o, err, sizeof err) == 0);
	CHECK(o.s && strstr(o.s, "= 32*32/128 = 8 AU") && strstr(o.s, "e_r = 2.2, e_w = 6.7 pJ/AU (Tab2 N=6,A=8)"));
	wg_buf_free(&o);
	p[RFC_P_READ_PORTS] = 2;
	CHECK(wg_energy_notes(rfc, p, &o, err, sizeof err) == 0 && strstr(o.s, "READ_PORTS=2: Table 2 is for 3R/1W"));
	wg_buf_free(&o);
}

static void other_blocks(void)
{
	wg_block fake = *rfc;
	fake.name = "nosuch";
	wg_energy_model m;
	char err[256];
	long p[WG_MAX_PARAMS];
	wg_params_default(rfc, p);
	CHECK(wg_energy_model_init(&m, &fake, p, err, sizeof err) == -1);
	CHECK(strstr(err, "nosuch: no energy model") == err);
	CHECK(wg_energy_table_name(&fake) == NULL && strcmp(wg_energy_table_name(rfc), "gebhart2011.tsv") == 0);
	/* A block whose events the rules do not know is refused, not silently priced at 0. */
	wg_event_def ev[8];
	memcpy(ev, rfc->events, sizeof ev);
	ev[3].name = "rfc_peek";
	fake = *rfc;
	fake.events = ev;
	CHECK(wg_energy_model_init(&m, &fake, p, err, sizeof err) == -1);
	CHECK(strstr(err, "no energy rule for event 'rfc_peek'") != NULL);
}

int main(void)
{
	rfc = wg_block_find("rfc");
	CHECK(rfc != NULL);
	if (!rfc)
		return wg_check_done();
	table_points();
	interpolation();
	au_scaling();
	defaults();
	other_blocks();
	return wg_check_done();
}
