/* test_rg_db.c - unit tests of the regression history (cli/rg_db.c): the files it refuses (one
 * line naming the file, nothing written), the schema and its identity, the rows of a run read back
 * with SQLite itself, the report byte for byte (failures first, counts per block, new failures,
 * fixed, slower, still failing), the failures of the last run as a set equal to the jobs that were
 * run (and to the jobs a job file gives, through rg_jobs_from_file), the git state of a real repository, and concurrent writers: 4 processes x 200 rows (one
 * transaction each, one of them in batches) and a reader printing reports into one new file at the
 * same time, then PRAGMA integrity_check and every row counted.
 *
 * `test_rg_db --stress WRITERS ROWS` runs the concurrency check alone, larger, and prints figures. */
#include <poll.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "rg_db.h"
#include "wg_check.h"

static char tmp[] = "/tmp/wg_test_rg_db_XXXXXX";

static void path_in(char *buf, size_t n, const char *name)
{
	snprintf(buf, n, "%s/%s", tmp, name);
}

/* ---- reading the file with SQLite itself ---- */

static sqlite3 *raw_open(const char *path)
{
	sqlite3 *h = NULL;
	if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK) {
		printf("  raw open %s: %s\n", path, h ? sqlite3_errmsg(h) : "?");
		sqlite3_close(h);
		return NULL;
	}
	sqlite3_busy_timeout(h, 30000);
	return h;
}

/* The first column of the first row as an integer (-999 on error). */
static long long raw_int(const char *path, const char *sql)
{
	sqlite3 *h = raw_open(path);
	sqlite3_stmt *st;
	long long v = -999;
	if (h && sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW)
			v = sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
	} else if (h) {
		printf("  raw %s: %s\n", sql, sqlite3_errmsg(h));
	}
	sqlite3_close(h);
	return v;
}

/* The first row's columns joined by '|' (NULL as "NULL"). */
static void raw_row(const char *path, const char *sql, char *buf, size_t n)
{
	sqlite3 *h = raw_open(path);
	sqlite3_stmt *st;
	buf[0] = 0;
	if (h && sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW) {
			size_t k = 0;
			for (int i = 0; i < sqlite3_column_count(st) && k < n; i++) {
				const unsigned char *s = sqlite3_column_text(st, i);
				k += (size_t)snprintf(buf + k, n - k, "%s%s", i ? "|" : "", s ? (const char *)s : "NULL");
			}
		}
		sqlite3_finalize(st);
	} else if (h) {
		printf("  raw %s: %s\n", sql, sqlite3_errmsg(h));
	}
	sqlite3_close(h);
}

static int raw_exec(const char *path, const char *sql)
{
	sqlite3 *h = raw_open(path);
	int rc = h ? sqlite3_exec(h, sql, NULL, NULL, NULL) : SQLITE_ERROR;
	if (rc != SQLITE_OK && h)
		printf("  raw %s: %s\n", sql, sqlite3_errmsg(h));
	sqlite3_close(h);
	return rc == SQLITE_OK ? 0 : -1;
}

static int file_exists(const char *path)
{
	struct stat sb;
	return stat(path, &sb) == 0;
}

/* The whole file as a string (malloc'd; NULL if unreadable). */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = malloc(1 << 16);
	*len = buf ? fread(buf, 1, (1 << 16) - 1, f) : 0;
	if (buf)
		buf[*len] = 0;
	fclose(f);
	return buf;
}

/* ---- refused files ---- */

/* rg_db_open fails with an error line naming the file and containing WHAT. */
static void expect_refused(const char *path, const char *what)
{
	char err[512] = "";
	rg_db *db = rg_db_open(path, err, sizeof err);
	CHECK(db == NULL);
	rg_db_close(db);
	if (!strstr(err, path) || !strstr(err, what) || strchr(err, '\n'))
		printf("  %s: error line \"%s\", expected the file and \"%s\"\n", path, err, what);
	CHECK(strstr(err, path) != NULL);
	CHECK(strstr(err, what) != NULL);
	CHECK(strchr(err, '\n') == NULL);
}

static void test_refused(void)
{
	char p[512], q[512];

	/* a directory */
	expect_refused(tmp, "is a directory");
	/* a file that cannot be created; nothing left behind */
	expect_refused("/proc/x.db", "cannot create");
	CHECK(!file_exists("/proc/x.db"));
	path_in(p, sizeof p, "no/such/folder/r.db");
	expect_refused(p, "cannot create");
	path_in(q, sizeof q, "no");
	CHECK(!file_exists(q));

	/* a file that is not SQLite: refused, its bytes unchanged, no -wal or -shm */
	path_in(p, sizeof p, "text.db");
	const char text[] = "PASS rfc seed=1\nFAIL rfc seed=2 and some more text than a header holds, a lot more, "
			    "to be sure SQLite reads a full header of one hundred bytes.\n";
	FILE *f = fopen(p, "w");
	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	expect_refused(p, "not an SQLite file");
	size_t len;
	char *back = slurp(p, &len);
	CHECK(back && len == strlen(text) && memcmp(back, text, len) == 0);
	free(back);
	path_in(q, sizeof q, "text.db-wal");
	CHECK(!file_exists(q));

	/* an SQLite file of something else: refused, still in its rollback journal, no table added */
	path_in(p, sizeof p, "other.db");
	CHECK(raw_exec(p, "CREATE TABLE t (x); INSERT INTO t VALUES (42)") == 0);
	expect_refused(p, "not a warpgen regression history");
	CHECK_EQ(raw_int(p, "SELECT count(*) FROM sqlite_master"), 1);
	char mode[64];
	raw_row(p, "PRAGMA journal_mode", mode, sizeof mode);
	CHECK(strcmp(mode, "delete") == 0);

	/* an SQLite file of another application (application_id set, no tables) */
	path_in(p, sizeof p, "app.db");
	CHECK(raw_exec(p, "PRAGMA application_id = 1234") == 0);
	expect_refused(p, "not a warpgen regression history");

	/* a history of a newer version */
	path_in(p, sizeof p, "newer.db");
	char err[512] = "";
	rg_db *db = rg_db_open(p, err, sizeof err);
	CHECK(db != NULL);
	rg_db_close(db);
	CHECK(raw_exec(p, "PRAGMA user_version = 7") == 0);
	snprintf(q, sizeof q, "schema version 7 is newer than this warpgen reads (%d)", RG_DB_VERSION);
	expect_refused(p, q);

	/* an empty file is a new history */
	path_in(p, sizeof p, "empty.db");
	f = fopen(p, "w");
	CHECK(f != NULL);
	if (f)
		fclose(f);
	db = rg_db_open(p, err, sizeof err);
	CHECK(db != NULL);
	rg_db_close(db);
	CHECK_EQ(raw_int(p, "PRAGMA user_version"), RG_DB_VERSION);
}

/* ---- a set of jobs and their results ---- */

/* The jobs of the tests: cosim jobs of two blocks (with knobs, a default cycle count, the
 * sanitizer build, a seed past 2^63 that a double would round) and command jobs (one of rfc's by
 * its name, one of no block); the order of the names is not the order of the jobs. */
static rg_job test_jobs[] = {
	{(char *)"rfc --set A=1 seed=1", (char *)"rfc", (char *)"--set A=1", (char *)"", (char *)"--set A=1", 1, 1000, 0,
	 NULL, (char *)"rfc --set A=1"},
	{(char *)"rfc --set A=1 seed=2", (char *)"rfc", (char *)"--set A=1", (char *)"", (char *)"--set A=1", 2, 1000, 0,
	 NULL, (char *)"rfc --set A=1"},
	{(char *)"rfc --set A=3 seed=9223372036854788153", (char *)"rfc", (char *)"--set A=3", (char *)"",
	 (char *)"--set A=3", 9223372036854788153ULL, 200, 0, NULL, (char *)"rfc --set A=3"},
	{(char *)"lint:rfc-default", NULL, NULL, NULL, NULL, 0, -1, 0, (char *)"tests/lint.sh rfc 'a b'",
	 (char *)"lint:rfc-default"},
	{(char *)"rfc --set A=2 seed=1", (char *)"rfc", (char *)"--set A=2", (char *)"", (char *)"--set A=2", 1, -1, 1,
	 NULL, (char *)"rfc --set A=2"},
	{(char *)"memra seed=1", (char *)"memra", (char *)"--knob K=2 --case c1", (char *)"--knob K=2", (char *)"", 1,
	 5000, 0, NULL, (char *)"memra --knob K=2 --case c1"},
	{(char *)"rfc --set A=9 seed=1", (char *)"rfc", (char *)"--set A=9", (char *)"", (char *)"--set A=9", 1, 10, 0,
	 NULL, (char *)"rfc --set A=9"},
	{(char *)"rfc --set A=1 seed=3", (char *)"rfc", (char *)"--set A=1", (char *)"", (char *)"--set A=1", 3, 1000, 0,
	 NULL, (char *)"rfc --set A=1"},
	{(char *)"gen:golden", NULL, NULL, NULL, NULL, 0, -1, 0, (char *)"tests/check_golden.sh", (char *)"gen:golden"},
};
static rg_set test_set = {test_jobs, 9, (char *)"tier test rfc"};

static rg_result res(int job, rg_verdict v, double secs, const char *mismatch)
{
	rg_result r;
	memset(&r, 0, sizeof r);
	r.job = job;
	r.verdict = v;
	r.secs = secs;
	r.cps = secs > 0 ? 1000.0 / secs : 0;
	snprintf(r.first_mismatch, sizeof r.first_mismatch, "%s", mismatch);
	snprintf(r.replay, sizeof r.replay, "warpgen cosim job%d", job);
	snprintf(r.host, sizeof r.host, "node%d", job % 2);
	return r;
}

static const char commit[] = "0123456789abcdef0123456789abcdef01234567";

/* Records a run of results; returns its id. */
static long record(rg_db *db, const char *label, const rg_set *set, int njobs, int modified, const rg_result *r,
		   int nr, int end)
{
	char err[512] = "";
	long run = rg_db_begin_run(db, label, "local", njobs, commit, modified, err, sizeof err);
	CHECK(run > 0);
	int passed = 0;
	for (int i = 0; i < nr; i++) {
		CHECK_EQ(rg_db_add(db, run, set, &r[i], err, sizeof err), 0);
		passed += r[i].verdict == RG_PASS;
	}
	if (end)
		CHECK_EQ(rg_db_end_run(db, run, passed, nr - passed, 12.5, err, sizeof err), 0);
	if (err[0])
		printf("  record: %s\n", err);
	return run;
}

static char *report_of(rg_db *db, long run)
{
	char *buf = NULL, err[512] = "";
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int rc = run ? rg_db_report_run(db, run, f, err, sizeof err) : rg_db_report(db, f, err, sizeof err);
	fclose(f);
	CHECK_EQ(rc, 0);
	if (rc)
		printf("  report: %s\n", err);
	return buf;
}

static void check_text(const char *got, const char *want, const char *what)
{
	CHECK(strcmp(got, want) == 0);
	if (strcmp(got, want) != 0)
		printf("  %s:\n--- got\n%s--- expected\n%s---\n", what, got, want);
}

static const char want_report3[] =
	"run 3: tier test rfc\n"
	"  engine local, host h1, commit 0123456789ab modified, started 2025-01-03 00:00:00 UTC, 12.5 s\n"
	"  8 jobs: 5 passed, 3 failed\n"
	"\n"
	"failures (3):\n"
	"  LOST rfc --set A=3 seed=9223372036854788153: (no message)\n"
	"    replay: warpgen cosim job2\n"
	"  ERROR rfc --set A=2 seed=1: exit 2: bad\n"
	"    replay: warpgen cosim job4\n"
	"  FAIL memra seed=1: MISMATCH cycle 7: rd_data_o 0x1 != 0x2\n"
	"    replay: warpgen cosim job5\n"
	"\n"
	"per block:\n"
	"  block                       jobs  passed  failed\n"
	"  (no block)                     1       1       0\n"
	"  memra                          1       0       1\n"
	"  rfc                            6       4       2\n"
	"\n"
	"since run 1 (started 2025-01-01 00:00:00 UTC, commit 0123456789ab):\n"
	"  new failures:\n"
	"    LOST rfc --set A=3 seed=9223372036854788153 (not in run 1)\n"
	"    FAIL memra seed=1 (passed in run 1)\n"
	"  fixed:\n"
	"    rfc --set A=1 seed=2 (FAIL in run 1)\n"
	"  slower than 2x:\n"
	"    rfc --set A=1 seed=1: 1.00 s -> 3.00 s\n"
	"  still failing: 1\n"
	"  jobs of run 1 not in this run: 1\n";

static const char want_report2[] =
	"run 2: other\n"
	"  engine local, host h1, commit 0123456789ab, started 2025-01-02 00:00:00 UTC, not ended (running, or "
	"interrupted)\n"
	"  2 jobs: 1 passed, 0 failed, 1 without a result\n"
	"\n"
	"failures: none\n"
	"\n"
	"per block:\n"
	"  block                       jobs  passed  failed\n"
	"  rfc                            1       1       0\n"
	"\n"
	"no previous run of this label\n";

static void same_job(const rg_job *a, const rg_job *b)
{
#define SAME_STR(f) CHECK((!a->f && !b->f) || (a->f && b->f && strcmp(a->f, b->f) == 0))
	SAME_STR(name);
	SAME_STR(block);
	SAME_STR(args);
	SAME_STR(knobs);
	SAME_STR(params);
	SAME_STR(cmd);
	SAME_STR(group);
#undef SAME_STR
	CHECK(a->seed == b->seed);
	CHECK_EQ(a->cycles, b->cycles);
	CHECK_EQ(a->san, b->san);
}

static void test_history(void)
{
	char p[512], err[512] = "", row[1024];
	path_in(p, sizeof p, "history.db");
	rg_db *db = rg_db_open(p, err, sizeof err);
	CHECK(db != NULL);
	if (!db) {
		printf("  open: %s\n", err);
		return;
	}

	/* a new file: its identity, WAL, the tables and the indexes of the report */
	CHECK_EQ(raw_int(p, "PRAGMA application_id"), RG_DB_APP_ID);
	CHECK_EQ(raw_int(p, "PRAGMA user_version"), RG_DB_VERSION);
	raw_row(p, "PRAGMA journal_mode", row, sizeof row);
	CHECK(strcmp(row, "wal") == 0);
	CHECK_EQ(raw_int(p, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('runs', 'results')"),
		 2);
	CHECK_EQ(raw_int(p, "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN ('runs_label', "
			    "'results_verdict')"),
		 2);

	/* nothing recorded yet */
	char *rep = report_of(db, 0);
	char want[600];
	snprintf(want, sizeof want, "no regression run recorded in %s\n", p);
	check_text(rep ? rep : "", want, "report of an empty history");
	free(rep);
	rg_set fs;
	CHECK_EQ(rg_db_last_failures(db, &fs, err, sizeof err), -1);
	CHECK(strstr(err, "no regression run recorded") && strstr(err, p));
	CHECK_EQ(rg_db_last_run(db, NULL, err, sizeof err), 0);

	/* run 1: inserted out of order */
	rg_result r1[] = {
		res(6, RG_PASS, 0.5, ""),
		res(4, RG_ERROR, 0.1, "exit 2: bad"),
		res(3, RG_PASS, 1.0, ""),
		res(5, RG_PASS, 0.2, ""),
		res(1, RG_FAIL, 0.3, "MISMATCH cycle 3: x"),
		res(0, RG_PASS, 1.0, ""),
		res(7, RG_PASS, 0.1, ""),
	};
	long run1 = record(db, "tier test rfc", &test_set, 7, 0, r1, 7, 1);
	/* run 2: another label, not ended */
	rg_result r2[] = {res(0, RG_PASS, 1.0, "")};
	long run2 = record(db, "other", &test_set, 2, 0, r2, 1, 0);
	/* run 3: the same label as run 1 */
	rg_result r3[] = {
		res(2, RG_LOST, 0, ""),
		res(0, RG_PASS, 3.0, ""), /* slower: three times, by 2 s */
		res(1, RG_PASS, 0.3, ""),
		res(5, RG_FAIL, 0.2, "MISMATCH cycle 7: rd_data_o 0x1 != 0x2"),
		res(3, RG_PASS, 1.9, ""), /* 1.9 times: not slower */
		res(4, RG_ERROR, 0.1, "exit 2: bad"),
		res(7, RG_PASS, 0.3, ""), /* three times, by 0.2 s: noise */
		res(8, RG_PASS, 0.1, ""),
	};
	long run3 = record(db, "tier test rfc", &test_set, 8, 1, r3, 8, 1);
	CHECK_EQ(run1, 1);
	CHECK_EQ(run2, 2);
	CHECK_EQ(run3, 3);
	CHECK_EQ(rg_db_last_run(db, NULL, err, sizeof err), 3);
	CHECK_EQ(rg_db_last_run(db, "other", err, sizeof err), 2);
	CHECK_EQ(rg_db_last_run(db, "nope", err, sizeof err), 0);

	/* the rows as SQLite sees them */
	CHECK_EQ(raw_int(p, "SELECT count(*) FROM results"), 16);
	raw_row(p, "SELECT label, engine, njobs, passed, failed, secs, git_commit, modified, ended IS NOT NULL FROM runs "
		   "WHERE id = 3",
		row, sizeof row);
	check_text(row, "tier test rfc|local|8|5|3|12.5|0123456789abcdef0123456789abcdef01234567|1|1", "run 3 row");
	raw_row(p, "SELECT ended, passed FROM runs WHERE id = 2", row, sizeof row);
	check_text(row, "NULL|NULL", "run 2 row");
	raw_row(p, "SELECT job, name, block, params, seed, cycles, knobs, args, san, cmd, grp, verdict, first_mismatch, "
		   "replay, secs, cps, engine, host, git_commit, modified FROM results WHERE run = 3 AND job = 5",
		row, sizeof row);
	check_text(row,
		   "5|memra seed=1|memra||1|5000|--knob K=2|--knob K=2 --case c1|0|NULL|memra --knob K=2 --case c1|FAIL|"
		   "MISMATCH cycle 7: rd_data_o 0x1 != 0x2|warpgen cosim job5|0.2|5000.0|local|node1|"
		   "0123456789abcdef0123456789abcdef01234567|1",
		   "results row");
	raw_row(p, "SELECT block, args, cmd, grp, cycles, san, owner FROM results WHERE run = 3 AND job = 3", row,
		sizeof row);
	check_text(row, "NULL|NULL|tests/lint.sh rfc 'a b'|lint:rfc-default|-1|0|rfc", "command job row");
	raw_row(p, "SELECT owner FROM results WHERE run = 3 AND job = 8", row, sizeof row);
	check_text(row, "NULL", "a command job of no block");
	raw_row(p, "SELECT san, cycles FROM results WHERE run = 3 AND job = 4", row, sizeof row);
	check_text(row, "1|-1", "sanitizer job row");

	/* refused results: nothing written */
	rg_result bad = res(-1, RG_PASS, 1, "");
	CHECK_EQ(rg_db_add(db, run3, &test_set, &bad, err, sizeof err), -1);
	CHECK(strstr(err, "not a job of the set") && strstr(err, p));
	bad = res(9, RG_PASS, 1, "");
	CHECK_EQ(rg_db_add(db, run3, &test_set, &bad, err, sizeof err), -1);
	bad = res(0, (rg_verdict)9, 1, "");
	CHECK_EQ(rg_db_add(db, run3, &test_set, &bad, err, sizeof err), -1);
	rg_result two[] = {res(0, RG_PASS, 1, ""), res(1, RG_PASS, 1, "")};
	CHECK_EQ(rg_db_add_many(db, 99, &test_set, two, 2, err, sizeof err), -1);
	CHECK(strstr(err, "no run 99") != NULL);
	CHECK_EQ(rg_db_end_run(db, 99, 0, 0, 1, err, sizeof err), -1);
	CHECK(strstr(err, "no run 99") != NULL);
	CHECK_EQ(raw_int(p, "SELECT count(*) FROM results"), 16);
	CHECK_EQ(raw_int(p, "SELECT count(*) FROM runs"), 3);

	/* a job given twice in a run keeps its last result */
	long run5 = rg_db_begin_run(db, "twice", "slurm", 1, NULL, 0, err, sizeof err);
	rg_result lost = res(0, RG_LOST, 0, "task 1 cancelled"), pass = res(0, RG_PASS, 2, "");
	CHECK_EQ(rg_db_add(db, run5, &test_set, &lost, err, sizeof err), 0);
	CHECK_EQ(rg_db_add(db, run5, &test_set, &pass, err, sizeof err), 0);
	raw_row(p, "SELECT count(*), verdict, engine, git_commit FROM results WHERE run = 4", row, sizeof row);
	check_text(row, "1|PASS|slurm|unknown", "a result replaced");
	CHECK(raw_exec(p, "DELETE FROM results WHERE run = 4; DELETE FROM runs WHERE id = 4") == 0);

	/* the report, byte for byte (the times and the host fixed first) */
	CHECK(raw_exec(p, "UPDATE runs SET host = 'h1', started = '2025-01-0' || id || ' 00:00:00'") == 0);
	rep = report_of(db, 0);
	check_text(rep ? rep : "", want_report3, "report of the last run");
	free(rep);
	rep = report_of(db, 2);
	check_text(rep ? rep : "", want_report2, "report of an unfinished run");
	free(rep);
	CHECK_EQ(rg_db_report_run(db, 42, stdout, err, sizeof err), -1);
	CHECK(strstr(err, "no run 42") != NULL);

	/* the failures of the last run: jobs 2, 4, 5 as they were, in that order */
	CHECK_EQ(rg_db_last_failures(db, &fs, err, sizeof err), 0);
	CHECK_EQ(fs.njobs, 3);
	CHECK(fs.label && strcmp(fs.label, "rerun-failed tier test rfc") == 0);
	if (fs.njobs == 3) {
		same_job(&fs.jobs[0], &test_jobs[2]);
		same_job(&fs.jobs[1], &test_jobs[4]);
		same_job(&fs.jobs[2], &test_jobs[5]);
	}
	/* run again: a new run of the failure set; its failures keep the label */
	rg_result r6[] = {res(0, RG_PASS, 0.2, ""), res(1, RG_FAIL, 0.1, "MISMATCH"), res(2, RG_PASS, 0.2, "")};
	long run6 = record(db, fs.label, &fs, fs.njobs, 1, r6, 3, 1);
	rg_set fs2;
	CHECK_EQ(rg_db_last_failures(db, &fs2, err, sizeof err), 0);
	CHECK_EQ(fs2.njobs, 1);
	CHECK(fs2.label && strcmp(fs2.label, "rerun-failed tier test rfc") == 0);
	if (fs2.njobs == 1)
		same_job(&fs2.jobs[0], &test_jobs[4]);
	rg_set_free(&fs2);
	/* a run without failures: an empty set */
	rg_result r7[] = {res(0, RG_PASS, 0.2, "")};
	record(db, "clean", &fs, 1, 0, r7, 1, 1);
	CHECK_EQ(rg_db_last_failures(db, &fs2, err, sizeof err), 0);
	CHECK_EQ(fs2.njobs, 0);
	CHECK(fs2.label && strcmp(fs2.label, "rerun-failed clean") == 0);
	rg_set_free(&fs2);
	/* a job stored without a group gets block + args, or its name */
	CHECK(raw_exec(p, "UPDATE results SET grp = NULL") == 0);
	CHECK_EQ(rg_db_run_failures(db, run3, &fs2, err, sizeof err), 0);
	CHECK_EQ(fs2.njobs, 3);
	if (fs2.njobs == 3) {
		CHECK(strcmp(fs2.jobs[0].group, "rfc --set A=3") == 0);
		CHECK(strcmp(fs2.jobs[1].group, "rfc --set A=2") == 0);
		CHECK(strcmp(fs2.jobs[2].group, "memra --knob K=2 --case c1") == 0);
	}
	rg_set_free(&fs2);
	CHECK_EQ(run6, 4); /* (run 4 was deleted above) */
	rg_set_free(&fs);
	rg_db_close(db);

	/* reopened: the same history */
	db = rg_db_open(p, err, sizeof err);
	CHECK(db != NULL);
	CHECK_EQ(rg_db_last_run(db, "tier test rfc", err, sizeof err), 3);
	rg_db_close(db);

	/* a history of version 1 (no owner column) is upgraded when opened: cosim jobs keep their
	 * block, command jobs belong to none; a result recorded after has its owner */
	CHECK(raw_exec(p, "ALTER TABLE results DROP COLUMN owner; PRAGMA user_version = 1") == 0);
	db = rg_db_open(p, err, sizeof err);
	CHECK(db != NULL);
	CHECK_EQ(raw_int(p, "PRAGMA user_version"), RG_DB_VERSION);
	CHECK_EQ(raw_int(p, "SELECT count(*) FROM results WHERE owner IS block"), 20);
	CHECK_EQ(raw_int(p, "SELECT count(*) FROM results"), 20);
	if (db) {
		rg_result r8[] = {res(3, RG_PASS, 1, "")};
		long run8 = record(db, "after the upgrade", &test_set, 1, 0, r8, 1, 1);
		snprintf(want, sizeof want, "SELECT owner FROM results WHERE run = %ld", run8);
		raw_row(p, want, row, sizeof row);
		check_text(row, "rfc", "owner after the upgrade");
	}
	rg_db_close(db);
	raw_row(p, "PRAGMA integrity_check", row, sizeof row);
	check_text(row, "ok", "integrity_check");
}

/* A job file parsed by rg_jobs_from_file, run as a regression whose every job fails, read back
 * by rg_db_run_failures: the same jobs, field for field, in the same order, and the units it
 * makes are the same units. */
static void test_job_file(void)
{
	char p[512], jf[512], err[2048] = "";
	path_in(jf, sizeof jf, "round.jobs");
	FILE *f = fopen(jf, "w");
	CHECK(f != NULL);
	if (!f)
		return;
	fputs("# a job file\n"
	      "rfc --set ENTRIES=2 --seeds 1-2,9 --cycles 300\n"
	      "[small] rfc --set ENTRIES=3 --knob REUSE=3 --seed 4 --san\n"
	      "[lint-x] ! tests/lint.sh rfc 'with quotes' | tail -1\n"
	      "rfc --seeds 5\n",
	      f);
	fclose(f);
	rg_set s, back;
	if (rg_jobs_from_file(jf, &s, err, sizeof err) != 0) {
		printf("  job file: %s\n", err);
		CHECK(0);
		return;
	}
	CHECK_EQ(s.njobs, 6);
	path_in(p, sizeof p, "jobfile.db");
	rg_db *db = rg_db_open(p, err, sizeof err);
	CHECK(db != NULL);
	if (!db) {
		rg_set_free(&s);
		return;
	}
	long run = rg_db_begin_run(db, s.label, "local", s.njobs, commit, 0, err, sizeof err);
	rg_result *r = calloc((size_t)s.njobs, sizeof *r);
	for (int i = 0; r && i < s.njobs; i++)
		r[s.njobs - 1 - i] = res(i, i % 2 ? RG_ERROR : RG_FAIL, 1, "MISMATCH");
	CHECK(r && rg_db_add_many(db, run, &s, r, s.njobs, err, sizeof err) == 0);
	CHECK_EQ(rg_db_run_failures(db, run, &back, err, sizeof err), 0);
	CHECK_EQ(back.njobs, s.njobs);
	for (int i = 0; i < s.njobs && i < back.njobs; i++)
		same_job(&back.jobs[i], &s.jobs[i]);
	CHECK(back.label && strncmp(back.label, "rerun-failed jobs ", 18) == 0);
	rg_unit *u1 = NULL, *u2 = NULL;
	int n1 = rg_units(&s, 0, &u1), n2 = rg_units(&back, 0, &u2);
	CHECK_EQ(n1, n2);
	for (int i = 0; i < n1 && i < n2; i++)
		CHECK(u1[i].first == u2[i].first && u1[i].n == u2[i].n);
	free(u1);
	free(u2);
	free(r);
	rg_set_free(&back);
	rg_set_free(&s);
	rg_db_close(db);
}

/* ---- the git state ---- */

static void test_git(void)
{
	char dir[600], cmd[2048], c[128];
	int modified = 7;
	path_in(dir, sizeof dir, "not'git");
	CHECK(mkdir(dir, 0777) == 0);
	CHECK_EQ(rg_db_git_state(dir, c, sizeof c, &modified), -1);
	CHECK(strcmp(c, "unknown") == 0);
	CHECK_EQ(modified, 0);

	path_in(dir, sizeof dir, "repo");
	snprintf(cmd, sizeof cmd,
		 "set -e; mkdir '%s'; cd '%s'; git init -q; echo a > f; git add f; "
		 "git -c user.name=t -c user.email=t@t commit -q -m one; echo b > untracked",
		 dir, dir);
	if (system(cmd) != 0) {
		printf("  (git not usable here: the git state is not checked)\n");
		return;
	}
	CHECK_EQ(rg_db_git_state(dir, c, sizeof c, &modified), 0);
	CHECK_EQ(strlen(c), 40);
	CHECK_EQ(modified, 0); /* an untracked file is not a modification */
	char want[128];
	snprintf(cmd, sizeof cmd, "git -C '%s' rev-parse HEAD", dir);
	FILE *f = popen(cmd, "r");
	CHECK(f && fgets(want, sizeof want, f));
	if (f)
		pclose(f);
	want[strcspn(want, "\n")] = 0;
	CHECK(strcmp(c, want) == 0);
	snprintf(cmd, sizeof cmd, "echo c >> '%s/f'", dir);
	CHECK(system(cmd) == 0);
	CHECK_EQ(rg_db_git_state(dir, c, sizeof c, &modified), 0);
	CHECK_EQ(modified, 1);
}

/* ---- concurrent writers ---- */

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* One writer process: a run of ROWS results (its own set), one transaction each, or in batches
 * of 10 when batch; waits on the start pipe first. Exit status 0 when every call succeeded. */
static int writer(const char *path, int k, int rows, int batch, int start_fd)
{
	char buf;
	if (read(start_fd, &buf, 1) < 0)
		return 1;
	rg_job *jobs = calloc((size_t)rows, sizeof *jobs);
	char (*names)[64] = calloc((size_t)rows, sizeof *names);
	rg_result *r = calloc((size_t)rows, sizeof *r);
	if (!jobs || !names || !r)
		return 1;
	for (int i = 0; i < rows; i++) {
		snprintf(names[i], sizeof names[i], "rfc w%d seed=%d", k, i);
		jobs[i] = (rg_job){names[i], (char *)"rfc", (char *)"--set W=1", (char *)"", (char *)"--set W=1",
				   (unsigned long long)i, 100, 0, NULL, (char *)"rfc --set W=1"};
		r[i] = res(i, i % 7 == 3 ? RG_FAIL : RG_PASS, 0.01 * i, i % 7 == 3 ? "MISMATCH" : "");
	}
	rg_set set = {jobs, rows, (char *)"concurrent"};
	char err[512] = "", label[32];
	snprintf(label, sizeof label, "writer %d", k);
	int rc = 1;
	rg_db *db = rg_db_open(path, err, sizeof err);
	long run = db ? rg_db_begin_run(db, label, "local", rows, commit, 0, err, sizeof err) : -1;
	if (run > 0) {
		int ok = 1, passed = 0;
		for (int i = 0; ok && i < rows; i += batch ? 10 : 1) {
			int nr = batch ? (rows - i < 10 ? rows - i : 10) : 1;
			ok = rg_db_add_many(db, run, &set, &r[i], nr, err, sizeof err) == 0;
		}
		for (int i = 0; i < rows; i++)
			passed += r[i].verdict == RG_PASS;
		if (ok && rg_db_end_run(db, run, passed, rows - passed, 1.0, err, sizeof err) == 0)
			rc = 0;
	}
	if (rc)
		printf("  writer %d: %s\n", k, err);
	rg_db_close(db);
	free(jobs);
	free(names);
	free(r);
	return rc;
}

/* The reader: reports of the last run until the stop pipe closes; exit status 0 when every report
 * succeeded and there was at least one. */
static int reader(const char *path, int start_fd, int stop_fd)
{
	char buf, err[512] = "";
	if (read(start_fd, &buf, 1) < 0)
		return 1;
	rg_db *db = NULL;
	int reports = 0, rc = 0;
	FILE *null = fopen("/dev/null", "w");
	for (;;) {
		struct pollfd pf = {stop_fd, POLLIN, 0};
		int stop = poll(&pf, 1, 0) > 0;
		if (!db && !(db = rg_db_open(path, err, sizeof err))) {
			rc = 1;
			break;
		}
		if (rg_db_report(db, null, err, sizeof err) != 0) {
			rc = 1;
			break;
		}
		reports++;
		if (stop)
			break;
		sqlite3_sleep(2);
	}
	if (rc)
		printf("  reader: %s\n", err);
	rg_db_close(db);
	fclose(null);
	return rc || reports == 0;
}

/* W writers x ROWS rows and a reader into one new file; returns the number of failed checks. */
static int concurrent(int nw, int rows, int verbose)
{
	int before = wg_failed;
	char p[512];
	snprintf(p, sizeof p, "%s/concurrent-%d-%d.db", tmp, nw, rows);
	int start[2], stop[2];
	CHECK(pipe(start) == 0 && pipe(stop) == 0);
	fflush(stdout);
	pid_t pid[65], rpid;
	double t0 = now();
	for (int k = 0; k < nw; k++) {
		if ((pid[k] = fork()) == 0) {
			close(start[1]);
			exit(writer(p, k, rows, k == 0, start[0]));
		}
		CHECK(pid[k] > 0);
	}
	if ((rpid = fork()) == 0) {
		close(start[1]);
		close(stop[1]);
		exit(reader(p, start[0], stop[0]));
	}
	CHECK(rpid > 0);
	close(start[0]);
	close(stop[0]);
	close(start[1]); /* go */
	int ok = 1;
	for (int k = 0; k < nw; k++) {
		int st;
		waitpid(pid[k], &st, 0);
		ok &= WIFEXITED(st) && WEXITSTATUS(st) == 0;
	}
	double t1 = now();
	close(stop[1]);
	int rst;
	waitpid(rpid, &rst, 0);
	CHECK(ok);
	CHECK(WIFEXITED(rst) && WEXITSTATUS(rst) == 0);

	/* one intact file, every row there, each run complete and ended with its counts */
	char row[256], sql[512];
	raw_row(p, "PRAGMA integrity_check", row, sizeof row);
	check_text(row, "ok", "integrity_check");
	CHECK_EQ(raw_int(p, "SELECT count(*) FROM runs"), nw);
	CHECK_EQ(raw_int(p, "SELECT count(*) FROM results"), (long long)nw * rows);
	CHECK_EQ(raw_int(p, "SELECT count(*) FROM runs WHERE ended IS NOT NULL"), nw);
	snprintf(sql, sizeof sql,
		 "SELECT count(*) FROM runs r WHERE (SELECT count(DISTINCT name) FROM results WHERE run = r.id) = %d "
		 "AND (SELECT min(job) = 0 AND max(job) = %d FROM results WHERE run = r.id) "
		 "AND r.passed = (SELECT count(*) FROM results WHERE run = r.id AND verdict = 'PASS') "
		 "AND r.passed + r.failed = %d",
		 rows, rows - 1, rows);
	CHECK_EQ(raw_int(p, sql), nw);
	/* each run's rows are its own writer's */
	CHECK_EQ(raw_int(p, "SELECT count(*) FROM results s JOIN runs r ON r.id = s.run "
			    "WHERE s.name NOT LIKE 'rfc w' || substr(r.label, 8) || ' seed=%'"),
		 0);
	if (verbose) {
		long long rowsall = (long long)nw * rows;
		printf("concurrent: %d writers x %d rows (one transaction each; writer 0 in batches of 10) and a reader: "
		       "%.2f s, %.0f rows/s, integrity %s, %lld rows\n",
		       nw, rows, t1 - t0, rowsall / (t1 - t0), row, raw_int(p, "SELECT count(*) FROM results"));
	}
	return wg_failed - before;
}

int main(int argc, char **argv)
{
	if (!mkdtemp(tmp)) {
		perror("mkdtemp");
		return 1;
	}
	int rc;
	if (argc == 4 && strcmp(argv[1], "--stress") == 0) {
		int nw = atoi(argv[2]), rows = atoi(argv[3]);
		if (nw < 1 || nw > 64 || rows < 1) {
			fprintf(stderr, "usage: test_rg_db [--stress WRITERS(1..64) ROWS]\n");
			return 2;
		}
		concurrent(nw, rows, 1);
		rc = wg_check_done();
	} else {
		test_refused();
		test_history();
		test_job_file();
		test_git();
		concurrent(4, 200, 1);
		rc = wg_check_done();
	}
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
	if (system(cmd) != 0)
		printf("  could not remove %s\n", tmp);
	return rc;
}
