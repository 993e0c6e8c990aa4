/* test_ptable.c - the power-table loader: a good fixture, every kind of
 * malformed row (each must name FILE:LINE), and the real Gebhart table. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "wg_check.h"
#include "wg_gen.h"
#include "wg_ptable.h"

static void fixture(const char *name, char *buf, size_t n)
{
	snprintf(buf, n, "%s/tests/data/%s", wg_root(), name);
}

static void good(void)
{
	char path[4096], err[512];
	wg_ptable t;
	fixture("ptable_good.tsv", path, sizeof path);
	int rc = wg_ptable_load(&t, path, err, sizeof err);
	CHECK(rc == 0);
	if (rc != 0) {
		printf("  %s\n", err);
		return;
	}
	CHECK(t.nrows == 5);
	const wg_prow *r = wg_ptable_find(&t, "mrf_bank", "read_energy");
	CHECK(r && r->value == 8 && r->line == 3 && r->kind == WG_KIND_STATED);
	CHECK(r && strcmp(r->unit, "pJ/AU") == 0 && strcmp(r->node, "40nm") == 0 && strcmp(r->voltage, "0.9") == 0);
	CHECK(r && strcmp(r->source, "paper Table 3") == 0 && strcmp(r->derivation, "-") == 0);
	r = wg_ptable_find(&t, "mrf_bank", "write_energy"); /* CRLF line, empty derivation of a stated row */
	CHECK(r && r->value == 11 && r->line == 5 && strcmp(r->derivation, "-") == 0);
	r = wg_ptable_find(&t, "wire", "energy_per_au");
	CHECK(r && fabs(r->value - 7.6) < 1e-12 && r->kind == WG_KIND_DERIVED && strcmp(r->derivation, "4 x 1.9 pJ/mm") == 0);
	r = wg_ptable_find(&t, "rfc_tags", "lookup_energy_scale");
	CHECK(r && r->value == 1 && r->kind == WG_KIND_ASSUMED && strcmp(r->voltage, "-") == 0);
	r = wg_ptable_find(&t, "rfc_bank", "leakage");
	CHECK(r && r->value == -0.5);
	CHECK(wg_ptable_find(&t, "mrf_bank", "area") == NULL);
	CHECK(wg_ptable_need(&t, "mrf_bank", "area", err, sizeof err) == NULL);
	CHECK(strstr(err, "ptable_good.tsv: no row 'mrf_bank area'") != NULL);
	CHECK(strcmp(wg_kind_name(WG_KIND_ASSUMED), "assumed") == 0);
	wg_ptable_free(&t);
	CHECK(t.rows == NULL && t.nrows == 0);
}

/* A malformed fixture must fail with "<path>:<line>: <reason>". */
static void bad(const char *name, int line, const char *reason)
{
	char path[4096], err[1024], want[4200];
	wg_ptable t;
	fixture(name, path, sizeof path);
	int rc = wg_ptable_load(&t, path, err, sizeof err);
	CHECK(rc == -1);
	if (line > 0)
		snprintf(want, sizeof want, "%s:%d: ", path, line);
	else
		snprintf(want, sizeof want, "%s: ", path);
	int ok = rc == -1 && strncmp(err, want, strlen(want)) == 0 && strstr(err, reason) != NULL;
	CHECK(ok);
	if (!ok)
		printf("  %s: got '%s', want '%s...%s'\n", name, rc ? err : "(loaded)", want, reason);
	CHECK(t.rows == NULL && t.text == NULL); /* nothing left to free */
}

static void malformed(void)
{
	bad("ptable_bad_columns.tsv", 3, "expected 9 tab-separated columns, found 8");
	bad("ptable_bad_value.tsv", 4, "value '11 pJ' is not a number");
	bad("ptable_bad_inf.tsv", 2, "value 'inf' is not a number");
	bad("ptable_bad_kind.tsv", 4, "unknown kind 'measured' (expected stated, derived, assumed or not-given)");
	bad("ptable_bad_derivation.tsv", 2, "derived row wire has no derivation");
	bad("ptable_bad_assumed.tsv", 2, "assumed row rfc_tags has no derivation");
	bad("ptable_bad_header.tsv", 1, "expected the header line");
	bad("ptable_bad_duplicate.tsv", 3, "duplicate row 'mrf_bank read_energy' (first at line 2)");
	bad("ptable_bad_voltage.tsv", 2, "voltage '0.9 V' is neither a number of volts nor '-'");
	bad("ptable_bad_empty_key.tsv", 2, "empty structure column");
	bad("ptable_empty.tsv", 0, "empty table: no header line");

	char err[512];
	wg_ptable t;
	CHECK(wg_ptable_load(&t, "/nonexistent/x.tsv", err, sizeof err) == -1);
	CHECK(strstr(err, "cannot read /nonexistent/x.tsv") != NULL);
	/* In-memory text: the name given is the one in messages. */
	CHECK(wg_ptable_parse(&t, "mem.tsv", WG_PTABLE_HEADER "\nA\tB\t1\tu\t-\t-\ts\tstated\n", err, sizeof err) == -1);
	CHECK(strcmp(err, "mem.tsv:2: expected 9 tab-separated columns, found 8") == 0);
	CHECK(wg_ptable_parse(&t, "mem.tsv", WG_PTABLE_HEADER "\nA\tB\t1\tu\t-\t-\ts\tstated\t-\t\n", err, sizeof err) ==
	      -1);
	CHECK(strcmp(err, "mem.tsv:2: expected 9 tab-separated columns, found 10") == 0);
	/* not-given rows: value '-' and a derivation; nothing else takes '-'. */
	CHECK(wg_ptable_parse(&t, "mem.tsv", WG_PTABLE_HEADER "\nA\tB\t-\tpJ\t-\t-\ts\tnot-given\tpaper silent\n", err,
			      sizeof err) == 0);
	CHECK(t.nrows == 1 && t.rows[0].kind == WG_KIND_NOT_GIVEN && t.rows[0].value == 0);
	wg_ptable_free(&t);
	CHECK(wg_ptable_parse(&t, "mem.tsv", WG_PTABLE_HEADER "\nA\tB\t3\tpJ\t-\t-\ts\tnot-given\tpaper silent\n", err,
			      sizeof err) == -1);
	CHECK(strcmp(err, "mem.tsv:2: not-given row A has value '3' (expected '-')") == 0);
	CHECK(wg_ptable_parse(&t, "mem.tsv", WG_PTABLE_HEADER "\nA\tB\t-\tpJ\t-\t-\ts\tnot-given\t-\n", err,
			      sizeof err) == -1);
	CHECK(strcmp(err, "mem.tsv:2: not-given row A has no derivation (say how it was obtained)") == 0);
	CHECK(wg_ptable_parse(&t, "mem.tsv", WG_PTABLE_HEADER "\nA\tB\t-\tpJ\t-\t-\ts\tstated\t-\n", err, sizeof err) ==
	      -1);
	CHECK(strcmp(err, "mem.tsv:2: value '-' is not a number") == 0);
}

/* A table by name, and many numbers read in a row with one check: the first failure's message is the
 * one kept, and a readable row still gives its number after it. */
static void by_name(void)
{
	char err[512] = "";
	wg_ptable t;
	CHECK(wg_ptable_load_name(&t, "nope.tsv", err, sizeof err) == -1 && strstr(err, "power_tables/nope.tsv"));
	err[0] = '\0';
	int rc = wg_ptable_load_name(&t, "gebhart2011.tsv", err, sizeof err);
	CHECK(rc == 0 && !err[0]);
	if (rc != 0)
		return;
	CHECK(wg_ptable_val(&t, "rfc_N6_A8", "area", err, sizeof err) == 14300 && !err[0]);
	CHECK(isnan(wg_ptable_val(&t, "rfc_N6_A8", "nope", err, sizeof err)) && strstr(err, "no row 'rfc_N6_A8 nope'"));
	char first[512];
	snprintf(first, sizeof first, "%s", err);
	CHECK(isnan(wg_ptable_val(&t, "nope", "area", err, sizeof err)) && strcmp(err, first) == 0);
	CHECK(wg_ptable_val(&t, "rfc_N4_A4", "area", err, sizeof err) == 5100 && strcmp(err, first) == 0);
	wg_ptable_free(&t);
}

/* The shipped table: loads, and holds every Table 2, 3 and 5 number. */
static void gebhart(void)
{
	char path[4096], err[512];
	wg_ptable t;
	wg_ptable_path("gebhart2011.tsv", path, sizeof path);
	int rc = wg_ptable_load(&t, path, err, sizeof err);
	CHECK(rc == 0);
	if (rc != 0) {
		printf("  %s\n", err);
		return;
	}
	static const struct {
		int n, a;
		double area, r, w;
	} t2[] = {{4, 4, 5100, 1.2, 3.8},  {4, 6, 7400, 1.2, 4.4},   {4, 8, 9600, 1.9, 6.1},
		  {6, 4, 7400, 1.2, 4.4},  {6, 6, 10800, 1.7, 5.4},  {6, 8, 14300, 2.2, 6.7},
		  {8, 4, 9600, 1.9, 6.1},  {8, 6, 14300, 2.2, 6.7},  {8, 8, 18800, 3.4, 10.9}};
	for (size_t i = 0; i < sizeof t2 / sizeof t2[0]; i++) {
		char s[32];
		snprintf(s, sizeof s, "rfc_N%d_A%d", t2[i].n, t2[i].a);
		const wg_prow *a = wg_ptable_find(&t, s, "area"), *r = wg_ptable_find(&t, s, "read_energy"),
			      *w = wg_ptable_find(&t, s, "write_energy");
		CHECK(a && a->value == t2[i].area && a->kind == WG_KIND_STATED && strcmp(a->unit, "um2") == 0);
		CHECK(r && r->value == t2[i].r && strcmp(r->unit, "pJ/AU") == 0 && strcmp(r->node, "40nm") == 0);
		CHECK(w && w->value == t2[i].w && strcmp(w->voltage, "0.9") == 0);
	}
	const wg_prow *r;
	CHECK((r = wg_ptable_find(&t, "mrf_bank", "read_energy")) && r->value == 8);
	CHECK((r = wg_ptable_find(&t, "mrf_bank", "write_energy")) && r->value == 11);
	CHECK((r = wg_ptable_find(&t, "mrf_bank", "area")) && r->value == 38000);
	CHECK((r = wg_ptable_find(&t, "mrf", "distance_to_alu")) && r->value == 1 && strcmp(r->unit, "mm") == 0);
	CHECK((r = wg_ptable_find(&t, "wire", "capacitance")) && r->value == 300 && strcmp(r->unit, "fF/mm") == 0);
	CHECK((r = wg_ptable_find(&t, "technology", "supply_voltage")) && r->value == 0.9);
	CHECK((r = wg_ptable_find(&t, "wire", "energy_32b")) && r->value == 1.9);
	CHECK((r = wg_ptable_find(&t, "technology", "clock")) && r->value == 1 && strcmp(r->unit, "GHz") == 0);
	CHECK((r = wg_ptable_find(&t, "technology", "node")) && r->value == 40);
	CHECK((r = wg_ptable_find(&t, "rf_energy_norm", "compute_mrf1mm_rfc0.2mm")) && r->value == 0.65);
	CHECK((r = wg_ptable_find(&t, "rf_energy_norm", "shaders_mrf1mm_rfc0.2mm")) && r->value == 0.63);
	CHECK((r = wg_ptable_find(&t, "rf_energy_norm", "compute_mrf0mm_rfc0mm")) && r->value == 0.76);
	CHECK((r = wg_ptable_find(&t, "rf_energy_norm", "shaders_mrf1mm_rfc0mm")) && r->value == 0.60);
	CHECK((r = wg_ptable_find(&t, "rf_energy_norm", "compute_mrf1mm_rfc1mm")) && r->value == 0.87);
	/* derived rows agree with the stated ones they come from */
	CHECK((r = wg_ptable_find(&t, "wire", "energy_per_au")) && fabs(r->value - 4 * 1.9) < 1e-9 &&
	      r->kind == WG_KIND_DERIVED);
	CHECK((r = wg_ptable_find(&t, "wire", "energy_32b_check")) && fabs(r->value - 32 * 0.25 * 300e-3 * 0.81) < 1e-9);
	CHECK((r = wg_ptable_find(&t, "mrf_bank", "area_per_bit")) && fabs(r->value - 38000.0 / 32768) < 0.005);
	CHECK((r = wg_ptable_find(&t, "rfc_N6_A8", "area_per_bit")) && fabs(r->value - 14300.0 / 1536) < 0.005);
	/* every derived / assumed row says how */
	int nstated = 0;
	for (int i = 0; i < t.nrows; i++) {
		if (t.rows[i].kind == WG_KIND_STATED)
			nstated++;
		else
			CHECK(strcmp(t.rows[i].derivation, "-") != 0);
	}
	CHECK(nstated >= 27 + 10 + 8);
	wg_ptable_free(&t);
}

int main(void)
{
	good();
	malformed();
	gebhart();
	by_name();
	return wg_check_done();
}
