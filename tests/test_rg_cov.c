/* test_rg_cov.c - unit tests of warpgen regress --coverage without a Verilator build
 * (cli/rg_cov.c, the coverage tables of cli/rg_db.c): which jobs take --coverage and where their
 * files go (distinct names, deterministic), random against directed jobs, the class of a point at
 * the 10-hit boundary, the merge of hand-written job records (hits summed per point, random and
 * directed apart, a missing record skipped, a block without data files noted), the pages and the
 * coverage-last link, and the history: the figures stored, the report of the last run with
 * coverage (its date, "-" for a block without figures, the points by class), a later run without
 * coverage pointing back to it, and a history of version 2 upgraded with its rows kept. A
 * composition's page (its code.json as `warpgen coverage` writes it): the table per template and
 * the own module, the template of each uncovered line and untoggled signal. */
#include <limits.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rg_cov.h"
#include "rg_db.h"
#include "wg_buf.h"
#include "wg_check.h"
#include "wg_stim.h"

static char tmp[] = "/tmp/wg_test_rg_cov_XXXXXX";

/* rfc's stimulus, named so that the linker takes it from an archive (the registry's references
 * are weak: rg_cov.c finds the points through wg_stim_find) */
extern const wg_stim_def wg_stim_rfc;

static int contains(const char *text, const char *s)
{
	if (text && strstr(text, s))
		return 1;
	printf("  missing: \"%s\"\n", s);
	return 0;
}

static char *slurp(const char *path)
{
	char e[256];
	char *t = wg_read_file(path, NULL, e, sizeof e);
	if (!t)
		printf("  %s\n", e);
	return t;
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void test_classes(void)
{
	rg_cov_point p = {.name = "p"};
	p.random = 10;
	CHECK_EQ(rg_cov_point_class(&p), RG_COV_RANDOM);
	p.random = 9;
	CHECK_EQ(rg_cov_point_class(&p), RG_COV_RANDOM_FEW);
	p.random = 0;
	p.directed = 3;
	CHECK_EQ(rg_cov_point_class(&p), RG_COV_DIRECTED);
	p.directed = 0;
	CHECK_EQ(rg_cov_point_class(&p), RG_COV_NEVER);
}

static rg_job job(char *name, char *block, char *args)
{
	rg_job j = {.name = name, .block = block, .args = args, .knobs = "", .params = "", .seed = 1, .cycles = 100,
		    .group = name};
	return j;
}

static void test_job_files(void)
{
	char dat[PATH_MAX], json[PATH_MAX], dat2[PATH_MAX], json2[PATH_MAX];
	rg_job a = job("a b", "rfc", "--set ENTRIES=2"), b = job("a_b", "rfc", "--set ENTRIES=2"),
	       gate = job("g", "rfc", "--gate"), mo = job("m", "rfc", "--model-only"), wave = job("w", "rfc", "--wave"),
	       dir = job("d", "rfc", "--case every_entry_pinned --set ENTRIES=2"), cmd = {.name = "c", .cmd = "true"};
	CHECK_EQ(rg_cov_job_files("/x", &a, dat, json, sizeof dat), 1);
	CHECK(strncmp(dat, "/x/dat/a_b-", 11) == 0 && strcmp(dat + strlen(dat) - 4, ".dat") == 0);
	CHECK(strncmp(json, "/x/json/a_b-", 12) == 0 && strcmp(json + strlen(json) - 5, ".json") == 0);
	CHECK_EQ(rg_cov_job_files("/x", &b, dat2, json2, sizeof dat2), 1);
	CHECK(strcmp(dat, dat2) != 0 && strcmp(json, json2) != 0); /* names that differ in a blank */
	CHECK_EQ(rg_cov_job_files("/x", &a, dat2, json2, sizeof dat2), 1);
	CHECK(strcmp(dat, dat2) == 0); /* the same name, the same file: the coordinator finds the workers' */
	CHECK_EQ(rg_cov_job_files("/x", &gate, dat, json, sizeof dat), 0);
	CHECK_EQ(rg_cov_job_files("/x", &wave, dat, json, sizeof dat), 0);
	CHECK_EQ(rg_cov_job_files("/x", &mo, dat, json, sizeof dat), -1);
	CHECK_EQ(rg_cov_job_files("/x", &cmd, dat, json, sizeof dat), -1);
	CHECK_EQ(rg_cov_job_directed(&dir), 1);
	CHECK_EQ(rg_cov_job_directed(&a), 0);
}

/* A job record with the first three points of st hit h0, h1, h2 times (and one unknown point). */
static void record(const char *path, const wg_stim_def *st, int h0, int h1, int h2)
{
	wg_buf b = {0};
	wg_buf_printf(&b, "{\n  \"cycles\": 100,\n  \"coverage\": [");
	int h[3] = {h0, h1, h2};
	for (int k = 0; k < 3; k++)
		wg_buf_printf(&b, "%s{\"name\": \"%s\", \"hits\": %d}", k ? ", " : "", st->cov[k].name, h[k]);
	wg_buf_printf(&b, ", {\"name\": \"not_declared\", \"hits\": 2}]\n}\n");
	write_text(path, b.s);
	wg_buf_free(&b);
}

static long long raw_int(const char *path, const char *sql)
{
	sqlite3 *h = NULL;
	sqlite3_stmt *st = NULL;
	long long v = -1;
	if (sqlite3_open(path, &h) == SQLITE_OK && sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(h);
	return v;
}

static int raw_exec(const char *path, const char *sql)
{
	sqlite3 *h = NULL;
	int rc = sqlite3_open(path, &h) == SQLITE_OK && sqlite3_exec(h, sql, NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
	sqlite3_close(h);
	return rc;
}

static char *report(rg_db *db)
{
	char *buf = NULL, err[512];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (rg_db_report(db, f, err, sizeof err) != 0)
		printf("  report: %s\n", err);
	fclose(f);
	return buf;
}

static void test_merge_pages_db(void)
{
	const wg_stim_def *st = &wg_stim_rfc;
	CHECK(wg_stim_find("rfc") == st && st->ncov >= 3);
	if (!st || st->ncov < 3)
		return;
	char dir[PATH_MAX], dat[PATH_MAX], json[PATH_MAX], err[1024], path[PATH_MAX + 64];
	snprintf(dir, sizeof dir, "%s/regress/coverage-1", tmp);
	snprintf(path, sizeof path, "%s/json", dir);
	CHECK(wg_mkdirs(path, err, sizeof err) == 0);
	rg_job jobs[] = {job("r1", "rfc", "--set ENTRIES=2"), job("r2", "rfc", "--set ENTRIES=2"),
			 job("d1", "rfc", "--case every_entry_pinned"), job("gone", "rfc", ""),
			 {.name = "lint", .cmd = "true", .group = "lint"}};
	rg_set set = {.jobs = jobs, .njobs = 5, .label = "jobs unit"};
	/* point 0: random 6 + 4 = 10 (closed); point 1: random 9 (few); point 2: directed only; the
	 * undeclared point: random 4 (few), directed 2 */
	rg_cov_job_files(dir, &jobs[0], dat, json, sizeof dat);
	record(json, st, 6, 9, 0);
	rg_cov_job_files(dir, &jobs[1], dat, json, sizeof dat);
	record(json, st, 4, 0, 0);
	rg_cov_job_files(dir, &jobs[2], dat, json, sizeof dat);
	record(json, st, 0, 0, 5);
	rg_cov cov;
	CHECK(rg_cov_merge(&set, dir, "/nonexistent/warpgen", &cov, err, sizeof err) == 0);
	CHECK_EQ(cov.nb, 1);
	if (cov.nb != 1)
		return;
	rg_cov_block *b = &cov.b[0];
	CHECK(strcmp(b->block, "rfc") == 0);
	CHECK_EQ(b->njson, 3); /* "gone" wrote none */
	CHECK_EQ(b->ndat, 0);
	CHECK_EQ(b->code, 0);
	CHECK(b->note && strstr(b->note, "no code coverage data"));
	CHECK_EQ(b->npts, st->ncov + 1); /* the declared points, then the unknown one */
	CHECK_EQ(b->pts[0].random, 10);
	CHECK_EQ(b->pts[0].directed, 0);
	CHECK_EQ(b->pts[1].random, 9);
	CHECK_EQ(b->pts[2].random, 0);
	CHECK_EQ(b->pts[2].directed, 5);
	CHECK(strcmp(b->pts[st->ncov].name, "not_declared") == 0);
	CHECK_EQ(b->pts[st->ncov].random, 4);
	CHECK_EQ(b->pts[st->ncov].directed, 2);
	int never = st->ncov - 3; /* the declared points no record hit */

	/* the summary and the pages */
	char *sum = NULL;
	size_t sl = 0;
	FILE *f = open_memstream(&sum, &sl);
	rg_cov_summary(&cov, f);
	fclose(f);
	char want[256];
	snprintf(want, sizeof want, "1 / 2 / 1 / %d of %d\n", never, st->ncov + 1);
	CHECK(contains(sum, want));
	CHECK(contains(sum, "(no line/toggle figures: no code coverage data"));
	free(sum);
	CHECK(rg_cov_pages(&cov, "jobs unit", err, sizeof err) == 0);
	snprintf(path, sizeof path, "%s/index.md", dir);
	char *idx = slurp(path);
	snprintf(want, sizeof want, "| rfc | - | - | %d | 1 | 2 | 1 | %d |\n", st->ncov + 1, never);
	CHECK(contains(idx, want));
	CHECK(contains(idx, "Regression `jobs unit`, "));
	free(idx);
	snprintf(path, sizeof path, "%s/rfc.md", dir);
	char *page = slurp(path);
	snprintf(want, sizeof want, "| `%s` | 10 | 0 | random | ", st->cov[0].name);
	CHECK(contains(page, want));
	snprintf(want, sizeof want, "| `%s` | 9 | 0 | random, fewer than 10 | ", st->cov[1].name);
	CHECK(contains(page, want));
	snprintf(want, sizeof want, "| `%s` | 0 | 5 | only directed | ", st->cov[2].name);
	CHECK(contains(page, want));
	CHECK(contains(page, "No line and toggle figures: no code coverage data"));
	free(page);
	char link[PATH_MAX + 32], target[256] = "";
	snprintf(link, sizeof link, "%s/regress/coverage-last", tmp);
	ssize_t k = readlink(link, target, sizeof target - 1);
	CHECK(k > 0 && strcmp(target, "coverage-1") == 0);

	/* the history: the figures of run 1; a block with figures set by hand */
	char db_path[PATH_MAX + 32];
	snprintf(db_path, sizeof db_path, "%s/r.db", tmp);
	rg_db *db = rg_db_open(db_path, err, sizeof err);
	CHECK(db != NULL);
	if (!db) {
		rg_cov_free(&cov);
		return;
	}
	cov.b = wg_xrealloc(cov.b, 2 * sizeof *cov.b);
	memset(&cov.b[1], 0, sizeof cov.b[1]);
	cov.b[1].block = strdup("wrc");
	cov.b[1].code = 1;
	cov.b[1].ndat = 2;
	cov.b[1].lines_hit = 181;
	cov.b[1].lines = 189;
	cov.b[1].toggles_hit = 1315;
	cov.b[1].toggles = 1396;
	cov.nb = 2;
	long run = rg_db_begin_run(db, "jobs unit", "local", 0, "unknown", 0, err, sizeof err);
	CHECK(run == 1);
	CHECK(rg_db_add_coverage(db, run, &cov, err, sizeof err) == 0);
	CHECK(rg_db_end_run(db, run, 0, 0, 1.0, err, sizeof err) == 0);
	CHECK_EQ(raw_int(db_path, "SELECT count(*) FROM cov_points WHERE run = 1"), st->ncov + 1);
	CHECK_EQ(raw_int(db_path, "SELECT directed FROM cov_points WHERE run = 1 AND idx = 2"), 5);
	CHECK_EQ(raw_int(db_path, "SELECT count(*) FROM cov_blocks WHERE run = 1 AND lines IS NULL AND note IS NOT NULL"),
		 1);
	CHECK_EQ(raw_int(db_path, "SELECT toggles_hit FROM cov_blocks WHERE block = 'wrc'"), 1315);
	char *rep = report(db);
	CHECK(contains(rep, "\ncoverage of run 1 (jobs unit, "));
	CHECK(contains(rep, " UTC):\n"));
	snprintf(want, sizeof want, "  %-16s %-22s %-22s 1 / 2 / 1 / %d of %d\n", "rfc", "-", "-", never, st->ncov + 1);
	CHECK(contains(rep, want));
	snprintf(want, sizeof want, "  %-16s %-22s %-22s no points declared\n", "wrc", "181/189 95.8 %", "1315/1396 94.2 %");
	CHECK(contains(rep, want));
	free(rep);
	/* a later run without coverage: the report shows run 1's, saying so */
	long run2 = rg_db_begin_run(db, "jobs unit", "local", 0, "unknown", 0, err, sizeof err);
	CHECK(rg_db_end_run(db, run2, 0, 0, 1.0, err, sizeof err) == 0);
	rep = report(db);
	CHECK(contains(rep, "\ncoverage of run 1 (jobs unit, "));
	CHECK(contains(rep, ", the last run with --coverage:\n"));
	free(rep);
	rg_db_close(db);
	rg_cov_free(&cov);

	/* a history of version 2 (no coverage tables) is upgraded when opened, its rows kept */
	CHECK(raw_exec(db_path, "DROP TABLE cov_points; DROP TABLE cov_blocks; PRAGMA user_version = 2") == 0);
	db = rg_db_open(db_path, err, sizeof err);
	CHECK(db != NULL);
	CHECK_EQ(raw_int(db_path, "PRAGMA user_version"), RG_DB_VERSION);
	CHECK_EQ(raw_int(db_path, "SELECT count(*) FROM runs"), 2);
	CHECK_EQ(raw_int(db_path, "SELECT count(*) FROM cov_blocks"), 0);
	if (db) {
		rep = report(db);
		CHECK(rep && !strstr(rep, "coverage of run")); /* no run has coverage now */
		free(rep);
	}
	rg_db_close(db);
}

/* A composition's page from a hand-written code.json of `warpgen coverage sm_rfc`. */
static void test_comp_page(void)
{
	char dir[PATH_MAX], path[PATH_MAX + 64], err[1024];
	snprintf(dir, sizeof dir, "%s/regress/coverage-2", tmp);
	snprintf(path, sizeof path, "%s/sm_rfc", dir);
	CHECK(wg_mkdirs(path, err, sizeof err) == 0);
	snprintf(path, sizeof path, "%s/sm_rfc/code.json", dir);
	write_text(path,
		   "{\"block\": \"sm_rfc\", \"composition\": true, \"template\": null, \"configurations\": [\"/c/sm_rfc.v\"],\n"
		   " \"lines\": {\"covered\": 7, \"total\": 10}, \"toggles\": {\"covered\": 30, \"total\": 40},\n"
		   " \"templates\": [\n"
		   "  {\"instance\": \"sched\", \"block\": \"sched2l\", \"template\": \"rtl_templates/sched2l.v\",\n"
		   "   \"lines\": {\"covered\": 3, \"total\": 4}, \"toggles\": {\"covered\": 10, \"total\": 10}},\n"
		   "  {\"instance\": \"rfc\", \"block\": \"rfc\", \"template\": \"rtl_templates/rfc.v\",\n"
		   "   \"lines\": {\"covered\": 4, \"total\": 5}, \"toggles\": {\"covered\": 15, \"total\": 20}},\n"
		   "  {\"instance\": null, \"block\": \"sm_rfc\", \"template\": null,\n"
		   "   \"lines\": {\"covered\": 0, \"total\": 1}, \"toggles\": {\"covered\": 5, \"total\": 10}}],\n"
		   " \"uncovered_lines\": [\n"
		   "  {\"template\": \"rtl_templates/rfc.v\", \"line\": 375, \"text\": \"if (x) begin\"},\n"
		   "  {\"template\": null, \"line\": 0, \"configuration\": 1, \"generated_line\": 900, \"text\": \"assign a = b;\"}],\n"
		   " \"untoggled\": [\n"
		   "  {\"signal\": \"u_rfc.tag_q\", \"template\": \"rtl_templates/rfc.v\", \"template_line\": 120, \"bits\": 6,"
		   " \"untoggled\": 1, \"configuration\": 1},\n"
		   "  {\"signal\": \"ev_w\", \"template\": null, \"generated_line\": 950, \"template_line\": 0, \"bits\": 2,"
		   " \"untoggled\": 2, \"configuration\": 1}]}\n");
	rg_cov cov = {0};
	cov.dir = strdup(dir);
	cov.nb = 1;
	cov.b = wg_xcalloc(sizeof *cov.b);
	cov.b[0].block = strdup("sm_rfc");
	cov.b[0].code = 1;
	cov.b[0].ndat = 1;
	cov.b[0].lines_hit = 7;
	cov.b[0].lines = 10;
	cov.b[0].toggles_hit = 30;
	cov.b[0].toggles = 40;
	CHECK(rg_cov_pages(&cov, "comp unit", err, sizeof err) == 0);
	snprintf(path, sizeof path, "%s/sm_rfc.md", dir);
	char *page = slurp(path);
	CHECK(contains(page, "- lines: 7 of 10 template lines with coverage points covered (70.0 %)\n"));
	CHECK(contains(page, "| instance | template | lines | toggles |\n"));
	CHECK(contains(page, "| u_sched | rtl_templates/sched2l.v | 3/4 (75.0 %) | 10/10 (100.0 %) |\n"));
	CHECK(contains(page, "| u_rfc | rtl_templates/rfc.v | 4/5 (80.0 %) | 15/20 (75.0 %) |\n"));
	CHECK(contains(page, "| (own) | the top module (wiring) | 0/1 (0.0 %) | 5/10 (50.0 %) |\n"));
	CHECK(contains(page, "| rtl_templates/rfc.v | 375 | `if (x) begin` |\n"));
	CHECK(contains(page, "| own module, configuration 1 line 900 | 0 | `assign a = b;` |\n"));
	CHECK(contains(page, "| `u_rfc.tag_q` | rtl_templates/rfc.v | 120 | 1 of 6 | 1 |\n"));
	CHECK(contains(page, "| `ev_w` | own module | 950 | 2 of 2 | 1 |\n"));
	free(page);
	rg_cov_free(&cov);
}

int main(void)
{
	if (!mkdtemp(tmp)) {
		perror("mkdtemp");
		return 1;
	}
	test_classes();
	test_job_files();
	test_merge_pages_db();
	test_comp_page();
	char cmd[PATH_MAX];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
	if (system(cmd) != 0)
		printf("  could not remove %s\n", tmp);
	return wg_check_done();
}
