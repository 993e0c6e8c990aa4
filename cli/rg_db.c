/* rg_db.c - warpgen regress: the results history in SQLite (rg_db.h): the file and its schema,
 * runs and their rows, the report of the last run, the failures of the last run as a set. */
#include "rg_db.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>


struct rg_db {
	sqlite3 *h;          /* the connection */
	char *path;          /* the file, for messages */
	sqlite3_stmt *add;   /* the prepared insert of one result (rg_db_add_many) */
};

/* The schema of version 1 (then the changes of each later version, below): one row per run, one
 * row per job of a run. Times are UTC "YYYY-MM-DD HH:MM:SS"; text columns of a job are NULL where
 * rg_job has NULL (a command job has no block, a cosim job no cmd). */
static const char schema_v1[] =
	"CREATE TABLE runs ("
	" id INTEGER PRIMARY KEY,"          /* the run id */
	" label TEXT NOT NULL,"             /* what was asked for: \"tier sweep rfc\", \"jobs FILE\" */
	" engine TEXT NOT NULL,"            /* local, slurm */
	" started TEXT NOT NULL,"           /* UTC */
	" ended TEXT,"                      /* UTC; NULL while running (or when interrupted) */
	" njobs INTEGER NOT NULL,"          /* jobs in the set */
	" passed INTEGER,"                  /* at the end: PASS */
	" failed INTEGER,"                  /* at the end: FAIL + ERROR + LOST */
	" secs REAL,"                       /* at the end: wall time */
	" git_commit TEXT NOT NULL,"        /* the project's commit, \"unknown\" */
	" modified INTEGER NOT NULL,"       /* 1: tracked files differed from the commit */
	" host TEXT NOT NULL);"             /* the machine that ran the regression */
	"CREATE INDEX runs_label ON runs(label, id);"
	"CREATE TABLE results ("
	" run INTEGER NOT NULL REFERENCES runs(id),"
	" job INTEGER NOT NULL,"            /* index of the job in its set (the order to rerun) */
	" name TEXT NOT NULL,"              /* unique in the run */
	" block TEXT,"                      /* cosim job: the block */
	" params TEXT,"                     /* cosim job: the --set options */
	" seed INTEGER,"                    /* cosim job: the seed (unsigned 64 bits stored as signed) */
	" cycles INTEGER,"                  /* cosim job: --cycles, -1: warpgen cosim's default */
	" knobs TEXT,"                      /* cosim job: the --knob options */
	" args TEXT,"                       /* cosim job: every option of the configuration */
	" san INTEGER NOT NULL,"            /* 1: run by the sanitizer build */
	" cmd TEXT,"                        /* command job: the shell command */
	" grp TEXT,"                        /* the job's group (rg_job.group) */
	" verdict TEXT NOT NULL CHECK (verdict IN ('PASS', 'FAIL', 'ERROR', 'LOST')),"
	" first_mismatch TEXT NOT NULL,"    /* \"\" on a pass */
	" replay TEXT NOT NULL,"            /* the command that runs the job again */
	" secs REAL NOT NULL,"              /* wall time of the job */
	" cps REAL NOT NULL,"               /* co-simulated cycles per second, 0: not a cosim job */
	" engine TEXT NOT NULL,"            /* the run's engine */
	" host TEXT NOT NULL,"              /* the machine that ran the job */
	" git_commit TEXT NOT NULL,"        /* the run's commit */
	" modified INTEGER NOT NULL,"       /* the run's modified flag */
	" PRIMARY KEY (run, name));"        /* (version 2 adds owner: schema_v2) */
	"CREATE INDEX results_verdict ON results(run, verdict, job);";

/* Version 2: the block a job belongs to, for the report's counts per block: a cosim job's block;
 * a command job's by its name (rg_job_block). Rows of version 1 get their cosim block; their command
 * jobs belong to no block. */
static const char schema_v2[] =
	"ALTER TABLE results ADD COLUMN owner TEXT;"
	"UPDATE results SET owner = block;";

/* Version 3: coverage per run (warpgen regress --coverage, rg_cov.h): per block the merged line and
 * toggle figures, per block and point the functional hits of random and of directed jobs. A file of
 * version 2 gets the tables, empty: its runs had no coverage. */
static const char schema_v3[] =
	"CREATE TABLE IF NOT EXISTS cov_blocks ("
	" run INTEGER NOT NULL REFERENCES runs(id),"
	" block TEXT NOT NULL,"
	" data_files INTEGER NOT NULL,"     /* code coverage data files merged */
	" records INTEGER NOT NULL,"        /* job records read for the points */
	" lines_hit INTEGER,"               /* template lines covered; NULL: no figures (note says why) */
	" lines INTEGER,"                   /* template lines with coverage points */
	" toggles_hit INTEGER,"             /* toggle points that toggled */
	" toggles INTEGER,"                 /* toggle points */
	" note TEXT,"                       /* why there are no figures, or NULL */
	" PRIMARY KEY (run, block));"
	"CREATE TABLE IF NOT EXISTS cov_points ("
	" run INTEGER NOT NULL REFERENCES runs(id),"
	" block TEXT NOT NULL,"
	" idx INTEGER NOT NULL,"            /* the point's place in its block's list */
	" point TEXT NOT NULL,"
	" random INTEGER NOT NULL,"         /* hits in jobs without --case */
	" directed INTEGER NOT NULL,"       /* hits in --case jobs */
	" PRIMARY KEY (run, block, point));";

static const char *const verdict_names[] = {"PASS", "FAIL", "ERROR", "LOST"};

static void set_err(char *err, size_t n, const char *fmt, ...)
{
	if (!err || n == 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, n, fmt, ap);
	va_end(ap);
}

/* "database FILE: WHAT: sqlite's message" */
static int db_fail(rg_db *db, const char *what, char *err, size_t n)
{
	set_err(err, n, "database %s: %s: %s", db->path, what, sqlite3_errmsg(db->h));
	return -1;
}

static int exec(rg_db *db, const char *sql, const char *what, char *err, size_t n)
{
	if (sqlite3_exec(db->h, sql, NULL, NULL, NULL) != SQLITE_OK)
		return db_fail(db, what, err, n);
	return 0;
}

static void rollback(rg_db *db)
{
	if (!sqlite3_get_autocommit(db->h))
		sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
}

/* A write transaction: the write lock at once (waiting for another writer up to the busy
 * timeout), so that it never fails half-way for a lock. */
static int tx_begin(rg_db *db, char *err, size_t n)
{
	return exec(db, "BEGIN IMMEDIATE", "cannot start a transaction", err, n);
}

static int tx_commit(rg_db *db, char *err, size_t n)
{
	if (exec(db, "COMMIT", "cannot commit", err, n) == 0)
		return 0;
	rollback(db);
	return -1;
}

/* The integer a query of one row and one column gives; -1 (and err) on error. */
static int query_int(rg_db *db, const char *sql, long long *v, char *err, size_t n)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->h, sql, -1, &st, NULL) != SQLITE_OK)
		return db_fail(db, "cannot read", err, n);
	int rc = sqlite3_step(st);
	*v = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return db_fail(db, "cannot read", err, n);
	return 0;
}

/* What the file holds: its application_id, schema version and number of tables, read in one
 * statement (one read transaction: never half of another process's creation of the schema). */
static int read_identity(rg_db *db, long long *app, long long *ver, long long *tables, char *err, size_t n)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->h,
			       "SELECT (SELECT application_id FROM pragma_application_id), "
			       "(SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_master)",
			       -1, &st, NULL) != SQLITE_OK)
		return db_fail(db, "cannot read", err, n);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*app = sqlite3_column_int64(st, 0);
		*ver = sqlite3_column_int64(st, 1);
		*tables = sqlite3_column_int64(st, 2);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : db_fail(db, "cannot read", err, n);
}

/* 0 when the file is empty, a warpgen history this code reads, or being created; else -1. */
static int check_identity(rg_db *db, long long app, long long ver, long long tables, char *err, size_t n)
{
	if (app != RG_DB_APP_ID && (app != 0 || tables != 0 || ver != 0)) {
		set_err(err, n, "database %s: not a warpgen regression history (an SQLite file of something else)",
			db->path);
		return -1;
	}
	if (ver > RG_DB_VERSION) {
		set_err(err, n,
			"database %s: schema version %lld is newer than this warpgen reads (%d): use a newer warpgen "
			"or another --db",
			db->path, ver, RG_DB_VERSION);
		return -1;
	}
	return 0;
}

/* The journal: WAL, so that readers never block writers and writers queue on one lock. Changing
 * the mode of a new file takes an exclusive lock another process may hold for a moment. */
static int set_wal(rg_db *db, char *err, size_t n)
{
	for (int waited = 0;; waited += 20) {
		sqlite3_stmt *st;
		if (sqlite3_prepare_v2(db->h, "PRAGMA journal_mode=WAL", -1, &st, NULL) != SQLITE_OK)
			return db_fail(db, "cannot set the journal", err, n);
		int rc = sqlite3_step(st);
		char mode[16] = "";
		if (rc == SQLITE_ROW && sqlite3_column_text(st, 0))
			snprintf(mode, sizeof mode, "%s", (const char *)sqlite3_column_text(st, 0));
		sqlite3_finalize(st);
		if (rc == SQLITE_ROW) {
			if (strcmp(mode, "wal") == 0)
				return 0;
			set_err(err, n,
				"database %s: the filesystem does not support SQLite's WAL journal (journal mode %s): "
				"use a file on a local disk",
				db->path, mode);
			return -1;
		}
		if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED) || waited >= RG_DB_BUSY_MS)
			return db_fail(db, "cannot set the journal", err, n);
		sqlite3_sleep(20);
	}
}

/* The schema, when the file has none yet, or the changes since its version (checked again under
 * the write lock: another process may have done it meanwhile). */
static int upgrade_schema(rg_db *db, char *err, size_t n)
{
	long long app, ver, tables;
	if (tx_begin(db, err, n))
		return -1;
	if (read_identity(db, &app, &ver, &tables, err, n) || check_identity(db, app, ver, tables, err, n)) {
		rollback(db);
		return -1;
	}
	if (ver < RG_DB_VERSION) {
		char pragmas[128];
		snprintf(pragmas, sizeof pragmas, "PRAGMA application_id=%d; PRAGMA user_version=%d", RG_DB_APP_ID,
			 RG_DB_VERSION);
		if ((ver < 1 && exec(db, schema_v1, "cannot create the schema", err, n)) ||
		    (ver < 2 && exec(db, schema_v2, "cannot upgrade the schema to version 2", err, n)) ||
		    (ver < 3 && exec(db, schema_v3, "cannot upgrade the schema to version 3", err, n)) ||
		    exec(db, pragmas, "cannot create the schema", err, n)) {
			rollback(db);
			return -1;
		}
	}
	return tx_commit(db, err, n);
}

void rg_db_close(rg_db *db)
{
	if (!db)
		return;
	sqlite3_finalize(db->add);
	sqlite3_close(db->h);
	free(db->path);
	free(db);
}

/* The file can be opened for writing (or is created: *created = 1, its identity in *made); else
 * err says why. */
static int check_file(const char *path, int *created, struct stat *made, char *err, size_t n)
{
	struct stat sb;
	*created = 0;
	if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		set_err(err, n, "database %s: is a directory", path);
		return -1;
	}
	int fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0666);
	if (fd >= 0) {
		*created = fstat(fd, made) == 0;
	} else if (errno == EEXIST) {
		fd = open(path, O_RDWR);
		if (fd < 0) {
			set_err(err, n, "database %s: cannot open for writing: %s", path, strerror(errno));
			return -1;
		}
	} else {
		set_err(err, n, "database %s: cannot create: %s", path, strerror(errno));
		return -1;
	}
	close(fd);
	return 0;
}

rg_db *rg_db_open(const char *path, char *err, size_t n)
{
	int created;
	struct stat made, sb;
	if (!path || !*path) {
		set_err(err, n, "database: no file name");
		return NULL;
	}
	if (check_file(path, &created, &made, err, n))
		return NULL;
	rg_db *db = calloc(1, sizeof *db);
	if (!db || !(db->path = strdup(path))) {
		free(db);
		set_err(err, n, "database %s: out of memory", path);
		goto fail_file;
	}
	if (sqlite3_open_v2(path, &db->h, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
		db_fail(db, "cannot open", err, n);
		goto fail;
	}
	sqlite3_extended_result_codes(db->h, 1);
	sqlite3_busy_timeout(db->h, RG_DB_BUSY_MS);
	long long app, ver, tables;
	if (read_identity(db, &app, &ver, &tables, err, n)) {
		if ((sqlite3_errcode(db->h) & 0xff) == SQLITE_NOTADB)
			set_err(err, n, "database %s: not an SQLite file (%s)", path, sqlite3_errmsg(db->h));
		goto fail;
	}
	if (check_identity(db, app, ver, tables, err, n) || set_wal(db, err, n) ||
	    exec(db, "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON", "cannot configure", err, n))
		goto fail;
	if (ver < RG_DB_VERSION && upgrade_schema(db, err, n))
		goto fail;
	return db;
fail:
	rg_db_close(db);
fail_file:
	/* the file this call created, while nothing is written in it (a process opening the same new
	 * file at the same moment fails the same way: the filesystem, not the file, is the cause) */
	if (created && stat(path, &sb) == 0 && sb.st_dev == made.st_dev && sb.st_ino == made.st_ino && sb.st_size == 0)
		unlink(path);
	return NULL;
}

static void host_name(char *buf, size_t n)
{
	if (gethostname(buf, n) != 0 || !buf[0])
		snprintf(buf, n, "unknown");
	buf[n - 1] = 0;
}

long rg_db_begin_run(rg_db *db, const char *label, const char *engine, int njobs, const char *commit,
		     int modified, char *err, size_t n)
{
	char host[256];
	host_name(host, sizeof host);
	sqlite3_stmt *st;
	if (tx_begin(db, err, n))
		return -1;
	if (sqlite3_prepare_v2(db->h,
			       "INSERT INTO runs (label, engine, started, njobs, git_commit, modified, host) "
			       "VALUES (?1, ?2, datetime('now'), ?3, ?4, ?5, ?6)",
			       -1, &st, NULL) != SQLITE_OK) {
		db_fail(db, "cannot record the run", err, n);
		rollback(db);
		return -1;
	}
	sqlite3_bind_text(st, 1, label ? label : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, engine ? engine : "", -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 3, njobs);
	sqlite3_bind_text(st, 4, commit && *commit ? commit : "unknown", -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 5, modified != 0);
	sqlite3_bind_text(st, 6, host, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		db_fail(db, "cannot record the run", err, n);
		rollback(db);
		return -1;
	}
	long id = (long)sqlite3_last_insert_rowid(db->h);
	return tx_commit(db, err, n) ? -1 : id;
}

static void bind_opt_text(sqlite3_stmt *st, int i, const char *s)
{
	if (s)
		sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, i);
}

static double finite_or_0(double v)
{
	return isfinite(v) ? v : 0.0;
}

int rg_db_add_many(rg_db *db, long run, const rg_set *set, const rg_result *r, int nr, char *err, size_t n)
{
	for (int i = 0; i < nr; i++) {
		if (r[i].job < 0 || r[i].job >= set->njobs || !set->jobs[r[i].job].name) {
			set_err(err, n, "database %s: result of job %d, not a job of the set (%d jobs)", db->path,
				r[i].job, set->njobs);
			return -1;
		}
		if ((int)r[i].verdict < 0 || (int)r[i].verdict > RG_LOST) {
			set_err(err, n, "database %s: job %s: verdict %d unknown", db->path, set->jobs[r[i].job].name,
				(int)r[i].verdict);
			return -1;
		}
	}
	if (!db->add &&
	    sqlite3_prepare_v2(
		    db->h,
		    "INSERT OR REPLACE INTO results (run, job, name, block, params, seed, cycles, knobs, args, san, "
		    "cmd, grp, verdict, first_mismatch, replay, secs, cps, engine, host, git_commit, modified, owner) "
		    "SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, engine, "
		    "coalesce(nullif(?18, ''), host), git_commit, modified, ?19 FROM runs WHERE id = ?1",
		    -1, &db->add, NULL) != SQLITE_OK)
		return db_fail(db, "cannot record a result", err, n);
	if (tx_begin(db, err, n))
		return -1;
	for (int i = 0; i < nr; i++) {
		const rg_job *j = &set->jobs[r[i].job];
		sqlite3_stmt *st = db->add;
		sqlite3_reset(st);
		sqlite3_clear_bindings(st);
		sqlite3_bind_int64(st, 1, run);
		sqlite3_bind_int(st, 2, r[i].job);
		sqlite3_bind_text(st, 3, j->name, -1, SQLITE_STATIC);
		bind_opt_text(st, 4, j->block);
		bind_opt_text(st, 5, j->params);
		sqlite3_bind_int64(st, 6, (sqlite3_int64)j->seed);
		sqlite3_bind_int64(st, 7, j->cycles);
		bind_opt_text(st, 8, j->knobs);
		bind_opt_text(st, 9, j->args);
		sqlite3_bind_int(st, 10, j->san != 0);
		bind_opt_text(st, 11, j->cmd);
		bind_opt_text(st, 12, j->group);
		sqlite3_bind_text(st, 13, verdict_names[r[i].verdict], -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 14, r[i].first_mismatch, (int)strnlen(r[i].first_mismatch, sizeof r[i].first_mismatch),
				  SQLITE_STATIC);
		sqlite3_bind_text(st, 15, r[i].replay, (int)strnlen(r[i].replay, sizeof r[i].replay), SQLITE_STATIC);
		sqlite3_bind_double(st, 16, finite_or_0(r[i].secs));
		sqlite3_bind_double(st, 17, finite_or_0(r[i].cps));
		sqlite3_bind_text(st, 18, r[i].host, (int)strnlen(r[i].host, sizeof r[i].host), SQLITE_STATIC);
		bind_opt_text(st, 19, rg_job_block(j));
		int rc = sqlite3_step(st);
		int changed = sqlite3_changes(db->h);
		sqlite3_reset(st);
		if (rc != SQLITE_DONE) {
			db_fail(db, "cannot record a result", err, n);
			rollback(db);
			return -1;
		}
		if (changed != 1) {
			set_err(err, n, "database %s: no run %ld to record job %s in", db->path, run, j->name);
			rollback(db);
			return -1;
		}
	}
	return tx_commit(db, err, n);
}

int rg_db_add(rg_db *db, long run, const rg_set *set, const rg_result *r, char *err, size_t n)
{
	return rg_db_add_many(db, run, set, r, 1, err, n);
}

int rg_db_end_run(rg_db *db, long run, int passed, int failed, double secs, char *err, size_t n)
{
	sqlite3_stmt *st;
	if (tx_begin(db, err, n))
		return -1;
	if (sqlite3_prepare_v2(db->h,
			       /* started: the run's own start (a caller that records a run once it has
				* ended, as warpgen regress does, began it at its end) */
			       "UPDATE runs SET ended = datetime('now'), passed = ?2, failed = ?3, secs = ?4, "
			       "started = min(started, datetime('now', '-' || CAST(?4 AS INTEGER) || ' seconds')) "
			       "WHERE id = ?1",
			       -1, &st, NULL) != SQLITE_OK) {
		db_fail(db, "cannot record the end of the run", err, n);
		rollback(db);
		return -1;
	}
	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_int(st, 2, passed);
	sqlite3_bind_int(st, 3, failed);
	sqlite3_bind_double(st, 4, finite_or_0(secs));
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		db_fail(db, "cannot record the end of the run", err, n);
		rollback(db);
		return -1;
	}
	if (sqlite3_changes(db->h) != 1) {
		set_err(err, n, "database %s: no run %ld to end", db->path, run);
		rollback(db);
		return -1;
	}
	return tx_commit(db, err, n);
}

int rg_db_add_coverage(rg_db *db, long run, const rg_cov *cov, char *err, size_t n)
{
	sqlite3_stmt *sb = NULL, *sp = NULL;
	if (tx_begin(db, err, n))
		return -1;
	if (sqlite3_prepare_v2(db->h,
			       "INSERT OR REPLACE INTO cov_blocks (run, block, data_files, records, lines_hit, lines, "
			       "toggles_hit, toggles, note) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
			       -1, &sb, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db->h,
			       "INSERT OR REPLACE INTO cov_points (run, block, idx, point, random, directed) "
			       "VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
			       -1, &sp, NULL) != SQLITE_OK)
		goto fail;
	for (int i = 0; i < cov->nb; i++) {
		const rg_cov_block *b = &cov->b[i];
		sqlite3_reset(sb);
		sqlite3_clear_bindings(sb);
		sqlite3_bind_int64(sb, 1, run);
		sqlite3_bind_text(sb, 2, b->block, -1, SQLITE_STATIC);
		sqlite3_bind_int(sb, 3, b->ndat);
		sqlite3_bind_int(sb, 4, b->njson);
		if (b->code) {
			sqlite3_bind_int64(sb, 5, b->lines_hit);
			sqlite3_bind_int64(sb, 6, b->lines);
			sqlite3_bind_int64(sb, 7, b->toggles_hit);
			sqlite3_bind_int64(sb, 8, b->toggles);
		}
		bind_opt_text(sb, 9, b->note);
		if (sqlite3_step(sb) != SQLITE_DONE)
			goto fail;
		for (int k = 0; k < b->npts; k++) {
			sqlite3_reset(sp);
			sqlite3_bind_int64(sp, 1, run);
			sqlite3_bind_text(sp, 2, b->block, -1, SQLITE_STATIC);
			sqlite3_bind_int(sp, 3, k);
			sqlite3_bind_text(sp, 4, b->pts[k].name, -1, SQLITE_STATIC);
			sqlite3_bind_int64(sp, 5, b->pts[k].random);
			sqlite3_bind_int64(sp, 6, b->pts[k].directed);
			if (sqlite3_step(sp) != SQLITE_DONE)
				goto fail;
		}
	}
	sqlite3_finalize(sb);
	sqlite3_finalize(sp);
	return tx_commit(db, err, n);
fail:
	db_fail(db, "cannot record the coverage", err, n);
	sqlite3_finalize(sb);
	sqlite3_finalize(sp);
	rollback(db);
	return -1;
}

long rg_db_last_run(rg_db *db, const char *label, char *err, size_t n)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->h,
			       label ? "SELECT max(id) FROM runs WHERE label = ?1" : "SELECT max(id) FROM runs", -1,
			       &st, NULL) != SQLITE_OK)
		return db_fail(db, "cannot read", err, n);
	if (label)
		sqlite3_bind_text(st, 1, label, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	long id = rc == SQLITE_ROW ? (long)sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return db_fail(db, "cannot read", err, n);
	return id;
}

/* ---- the report ---- */

/* A column's text, "" for NULL. */
static const char *col(sqlite3_stmt *st, int i)
{
	const unsigned char *s = sqlite3_column_text(st, i);
	return s ? (const char *)s : "";
}

static int prepare(rg_db *db, const char *sql, sqlite3_stmt **st, char *err, size_t n)
{
	if (sqlite3_prepare_v2(db->h, sql, -1, st, NULL) != SQLITE_OK)
		return db_fail(db, "cannot read", err, n);
	return 0;
}

/* Steps st to its end; 0, or -1 (and err) when a step failed. */
static int done(rg_db *db, sqlite3_stmt *st, int rc, char *err, size_t n)
{
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return db_fail(db, "cannot read", err, n);
	return 0;
}

/* The rows of the run that did not pass, in the set's order: "VERDICT NAME: FIRST_MISMATCH",
 * "  replay: ...". */
static int report_failures(rg_db *db, long run, FILE *out, char *err, size_t n)
{
	sqlite3_stmt *st;
	long long nf;
	char sql[128];
	snprintf(sql, sizeof sql, "SELECT count(*) FROM results WHERE run = %ld AND verdict <> 'PASS'", run);
	if (query_int(db, sql, &nf, err, n))
		return -1;
	if (nf == 0) {
		fprintf(out, "\nfailures: none\n");
		return 0;
	}
	fprintf(out, "\nfailures (%lld):\n", nf);
	if (prepare(db,
		    "SELECT verdict, name, first_mismatch, replay FROM results WHERE run = ?1 AND verdict <> 'PASS' "
		    "ORDER BY job, name",
		    &st, err, n))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		fprintf(out, "  %s %s: %s\n", col(st, 0), col(st, 1), *col(st, 2) ? col(st, 2) : "(no message)");
		fprintf(out, "    replay: %s\n", col(st, 3));
	}
	return done(db, st, rc, err, n);
}

/* Jobs, passes and failures per block (the job's owner; "(no block)" for none), by block. */
static int report_blocks(rg_db *db, long run, FILE *out, char *err, size_t n)
{
	sqlite3_stmt *st;
	if (prepare(db,
		    "SELECT coalesce(owner, '(no block)') AS b, count(*), sum(verdict = 'PASS') FROM results "
		    "WHERE run = ?1 GROUP BY b ORDER BY b",
		    &st, err, n))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	fprintf(out, "\nper block:\n  %-24s %7s %7s %7s\n", "block", "jobs", "passed", "failed");
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		long long jobs = sqlite3_column_int64(st, 1), pass = sqlite3_column_int64(st, 2);
		fprintf(out, "  %-24s %7lld %7lld %7lld\n", col(st, 0), jobs, pass, jobs - pass);
	}
	return done(db, st, rc, err, n);
}

/* What changed since run prev (same label): new failures, fixed, slower. */
static int report_changes(rg_db *db, long run, long prev, FILE *out, char *err, size_t n)
{
	sqlite3_stmt *st;
	int rc;
	if (prepare(db, "SELECT started, git_commit, modified FROM runs WHERE id = ?1", &st, err, n))
		return -1;
	sqlite3_bind_int64(st, 1, prev);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		fprintf(out, "\nsince run %ld (started %s UTC, commit %.12s%s):\n", prev, col(st, 0), col(st, 1),
			sqlite3_column_int(st, 2) ? " modified" : "");
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return db_fail(db, "cannot read", err, n);

	/* new failures: not passing now, passing (or not run) then */
	if (prepare(db,
		    "SELECT c.name, c.verdict, p.verdict FROM results c LEFT JOIN results p "
		    "ON p.run = ?2 AND p.name = c.name WHERE c.run = ?1 AND c.verdict <> 'PASS' "
		    "AND (p.verdict IS NULL OR p.verdict = 'PASS') ORDER BY c.job, c.name",
		    &st, err, n))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_int64(st, 2, prev);
	int count = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (count++ == 0)
			fprintf(out, "  new failures:\n");
		fprintf(out, "    %s %s (%s in run %ld)\n", col(st, 1), col(st, 0),
			sqlite3_column_type(st, 2) == SQLITE_NULL ? "not" : "passed", prev);
	}
	if (done(db, st, rc, err, n))
		return -1;
	if (count == 0)
		fprintf(out, "  new failures: none\n");

	/* fixed: passing now, not passing then */
	if (prepare(db,
		    "SELECT c.name, p.verdict FROM results c JOIN results p ON p.run = ?2 AND p.name = c.name "
		    "WHERE c.run = ?1 AND c.verdict = 'PASS' AND p.verdict <> 'PASS' ORDER BY c.job, c.name",
		    &st, err, n))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_int64(st, 2, prev);
	count = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (count++ == 0)
			fprintf(out, "  fixed:\n");
		fprintf(out, "    %s (%s in run %ld)\n", col(st, 0), col(st, 1), prev);
	}
	if (done(db, st, rc, err, n))
		return -1;
	if (count == 0)
		fprintf(out, "  fixed: none\n");

	/* slower: passing in both, more than RG_DB_SLOW_RATIO times the seconds and by at least
	 * RG_DB_SLOW_MIN_SECS */
	if (prepare(db,
		    "SELECT c.name, p.secs, c.secs FROM results c JOIN results p ON p.run = ?2 AND p.name = c.name "
		    "WHERE c.run = ?1 AND c.verdict = 'PASS' AND p.verdict = 'PASS' AND c.secs > ?3 * p.secs "
		    "AND c.secs - p.secs >= ?4 ORDER BY c.job, c.name",
		    &st, err, n))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_int64(st, 2, prev);
	sqlite3_bind_double(st, 3, RG_DB_SLOW_RATIO);
	sqlite3_bind_double(st, 4, RG_DB_SLOW_MIN_SECS);
	count = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (count++ == 0)
			fprintf(out, "  slower than %gx:\n", RG_DB_SLOW_RATIO);
		fprintf(out, "    %s: %.2f s -> %.2f s\n", col(st, 0), sqlite3_column_double(st, 1),
			sqlite3_column_double(st, 2));
	}
	if (done(db, st, rc, err, n))
		return -1;
	if (count == 0)
		fprintf(out, "  slower than %gx: none\n", RG_DB_SLOW_RATIO);

	/* still failing, and jobs of the previous run that this one did not have */
	long long still, gone;
	char sql[256];
	snprintf(sql, sizeof sql,
		 "SELECT count(*) FROM results c JOIN results p ON p.run = %ld AND p.name = c.name "
		 "WHERE c.run = %ld AND c.verdict <> 'PASS' AND p.verdict <> 'PASS'",
		 prev, run);
	if (query_int(db, sql, &still, err, n))
		return -1;
	snprintf(sql, sizeof sql,
		 "SELECT count(*) FROM results p WHERE p.run = %ld AND NOT EXISTS "
		 "(SELECT 1 FROM results c WHERE c.run = %ld AND c.name = p.name)",
		 prev, run);
	if (query_int(db, sql, &gone, err, n))
		return -1;
	fprintf(out, "  still failing: %lld\n", still);
	if (gone)
		fprintf(out, "  jobs of run %ld not in this run: %lld\n", prev, gone);
	return 0;
}

/* The merged coverage of the last run that has some (at most run): its date, per block the line and
 * toggle figures and the points by class (random >= RG_COV_MIN_HITS, random fewer, only directed,
 * never). Nothing when no run has coverage. */
static int report_coverage(rg_db *db, long run, FILE *out, char *err, size_t n)
{
	sqlite3_stmt *st;
	int rc;
	if (prepare(db,
		    "SELECT r.id, r.label, coalesce(r.ended, r.started) FROM runs r WHERE r.id = "
		    "(SELECT max(run) FROM cov_blocks WHERE run <= ?1)",
		    &st, err, n))
		return -1;
	sqlite3_bind_int64(st, 1, run);
	rc = sqlite3_step(st);
	long crun = rc == SQLITE_ROW ? (long)sqlite3_column_int64(st, 0) : 0;
	if (rc == SQLITE_ROW)
		fprintf(out, "\ncoverage of run %ld (%s, %s UTC)%s:\n", crun, col(st, 1), col(st, 2),
			crun == run ? "" : ", the last run with --coverage");
	if (done(db, st, rc == SQLITE_ROW ? SQLITE_DONE : rc, err, n))
		return -1;
	if (!crun)
		return 0;
	if (prepare(db,
		    "SELECT b.block, b.lines_hit, b.lines, b.toggles_hit, b.toggles, b.note, "
		    "(SELECT count(*) FROM cov_points p WHERE p.run = b.run AND p.block = b.block), "
		    "(SELECT count(*) FROM cov_points p WHERE p.run = b.run AND p.block = b.block AND p.random >= ?2), "
		    "(SELECT count(*) FROM cov_points p WHERE p.run = b.run AND p.block = b.block AND p.random > 0 "
		    "AND p.random < ?2), "
		    "(SELECT count(*) FROM cov_points p WHERE p.run = b.run AND p.block = b.block AND p.random = 0 "
		    "AND p.directed > 0) "
		    "FROM cov_blocks b WHERE b.run = ?1 ORDER BY b.block",
		    &st, err, n))
		return -1;
	sqlite3_bind_int64(st, 1, crun);
	sqlite3_bind_int(st, 2, RG_COV_MIN_HITS);
	fprintf(out, "  %-16s %-22s %-22s %s\n", "block", "lines", "toggles",
		"points: random>=10 / random<10 / only directed / never");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		char l[64] = "-", t[64] = "-";
		if (sqlite3_column_type(st, 1) != SQLITE_NULL) {
			long long lh = sqlite3_column_int64(st, 1), ln = sqlite3_column_int64(st, 2),
				  th = sqlite3_column_int64(st, 3), tn = sqlite3_column_int64(st, 4);
			snprintf(l, sizeof l, "%lld/%lld %.1f %%", lh, ln, ln ? 100.0 * (double)lh / (double)ln : 0.0);
			snprintf(t, sizeof t, "%lld/%lld %.1f %%", th, tn, tn ? 100.0 * (double)th / (double)tn : 0.0);
		}
		long long np = sqlite3_column_int64(st, 6), r = sqlite3_column_int64(st, 7), f = sqlite3_column_int64(st, 8),
			  d = sqlite3_column_int64(st, 9);
		fprintf(out, "  %-16s %-22s %-22s ", col(st, 0), l, t);
		if (np)
			fprintf(out, "%lld / %lld / %lld / %lld of %lld\n", r, f, d, np - r - f - d, np);
		else
			fprintf(out, "no points declared\n");
	}
	return done(db, st, rc, err, n);
}

int rg_db_report_run(rg_db *db, long run, FILE *out, char *err, size_t n)
{
	sqlite3_stmt *st;
	int rc;
	/* a read transaction: the report sees one state of the file while others write */
	if (exec(db, "BEGIN", "cannot read", err, n))
		return -1;
	if (prepare(db,
		    "SELECT r.label, r.engine, r.started, r.ended, r.njobs, r.secs, r.git_commit, r.modified, r.host, "
		    "(SELECT count(*) FROM results WHERE run = r.id), "
		    "(SELECT count(*) FROM results WHERE run = r.id AND verdict = 'PASS'), "
		    "(SELECT max(id) FROM runs WHERE label = r.label AND id < r.id) FROM runs r WHERE r.id = ?1",
		    &st, err, n))
		goto fail;
	sqlite3_bind_int64(st, 1, run);
	rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		if (rc == SQLITE_DONE)
			set_err(err, n, "database %s: no run %ld", db->path, run);
		else
			db_fail(db, "cannot read", err, n);
		sqlite3_finalize(st);
		goto fail;
	}
	long long njobs = sqlite3_column_int64(st, 4), nres = sqlite3_column_int64(st, 9),
		  npass = sqlite3_column_int64(st, 10);
	long prev = (long)sqlite3_column_int64(st, 11);
	int ended = sqlite3_column_type(st, 3) != SQLITE_NULL;
	fprintf(out, "run %ld: %s\n", run, col(st, 0));
	fprintf(out, "  engine %s, host %s, commit %.12s%s, started %s UTC", col(st, 1), col(st, 8), col(st, 6),
		sqlite3_column_int(st, 7) ? " modified" : "", col(st, 2));
	if (ended)
		fprintf(out, ", %.1f s\n", sqlite3_column_double(st, 5));
	else
		fprintf(out, ", not ended (running, or interrupted)\n");
	fprintf(out, "  %lld jobs: %lld passed, %lld failed", njobs, npass, nres - npass);
	if (nres != njobs)
		fprintf(out, ", %lld without a result", njobs - nres);
	fprintf(out, "\n");
	sqlite3_finalize(st);
	if (report_failures(db, run, out, err, n) || report_blocks(db, run, out, err, n))
		goto fail;
	if (prev > 0) {
		if (report_changes(db, run, prev, out, err, n))
			goto fail;
	} else {
		fprintf(out, "\nno previous run of this label\n");
	}
	if (report_coverage(db, run, out, err, n))
		goto fail;
	return exec(db, "COMMIT", "cannot read", err, n);
fail:
	rollback(db);
	return -1;
}

int rg_db_report(rg_db *db, FILE *out, char *err, size_t n)
{
	long run = rg_db_last_run(db, NULL, err, n);
	if (run < 0)
		return -1;
	if (run == 0) {
		fprintf(out, "no regression run recorded in %s\n", db->path);
		return 0;
	}
	return rg_db_report_run(db, run, out, err, n);
}

/* ---- the failures as a set ---- */

/* A copy of a text column, NULL for NULL; *oom set when memory runs out. */
static char *col_dup(sqlite3_stmt *st, int i, int *oom)
{
	if (sqlite3_column_type(st, i) == SQLITE_NULL)
		return NULL;
	char *s = strdup(col(st, i));
	if (!s)
		*oom = 1;
	return s;
}

static void free_jobs(rg_job *jobs, int nj)
{
	for (int i = 0; i < nj; i++) {
		free(jobs[i].name);
		free(jobs[i].block);
		free(jobs[i].args);
		free(jobs[i].knobs);
		free(jobs[i].params);
		free(jobs[i].cmd);
		free(jobs[i].group);
	}
	free(jobs);
}

/* The group of a job stored without one: block and args, or the name. */
static char *default_group(const rg_job *j, int *oom)
{
	size_t len = j->block ? strlen(j->block) + 1 + (j->args ? strlen(j->args) : 0) + 1 : strlen(j->name) + 1;
	char *g = malloc(len);
	if (!g) {
		*oom = 1;
		return NULL;
	}
	if (!j->block)
		memcpy(g, j->name, len);
	else if (j->args && *j->args)
		snprintf(g, len, "%s %s", j->block, j->args);
	else
		snprintf(g, len, "%s", j->block);
	return g;
}

int rg_db_run_failures(rg_db *db, long run, rg_set *set, char *err, size_t n)
{
	sqlite3_stmt *st;
	long long nf;
	char sql[128];
	int rc, oom = 0, nj = 0;
	rg_job *jobs = NULL;
	char *label = NULL;
	memset(set, 0, sizeof *set);
	if (exec(db, "BEGIN", "cannot read", err, n))
		return -1;
	if (prepare(db, "SELECT label FROM runs WHERE id = ?1", &st, err, n))
		goto fail;
	sqlite3_bind_int64(st, 1, run);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *l = col(st, 0), *pre = "rerun-failed ";
		size_t lp = strncmp(l, pre, strlen(pre)) == 0 ? 0 : strlen(pre);
		if ((label = malloc(lp + strlen(l) + 1)))
			snprintf(label, lp + strlen(l) + 1, "%s%s", lp ? pre : "", l);
		else
			oom = 1;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW) {
		if (rc == SQLITE_DONE)
			set_err(err, n, "database %s: no run %ld", db->path, run);
		else
			db_fail(db, "cannot read", err, n);
		goto fail;
	}
	snprintf(sql, sizeof sql, "SELECT count(*) FROM results WHERE run = %ld AND verdict <> 'PASS'", run);
	if (query_int(db, sql, &nf, err, n))
		goto fail;
	if (nf > 0 && !(jobs = calloc((size_t)nf, sizeof *jobs)))
		oom = 1;
	if (prepare(db,
		    "SELECT name, block, args, knobs, params, seed, cycles, san, cmd, grp FROM results "
		    "WHERE run = ?1 AND verdict <> 'PASS' ORDER BY job, name",
		    &st, err, n))
		goto fail;
	sqlite3_bind_int64(st, 1, run);
	while (!oom && (rc = sqlite3_step(st)) == SQLITE_ROW && nj < nf) {
		rg_job *j = &jobs[nj++];
		j->name = col_dup(st, 0, &oom);
		j->block = col_dup(st, 1, &oom);
		j->args = col_dup(st, 2, &oom);
		j->knobs = col_dup(st, 3, &oom);
		j->params = col_dup(st, 4, &oom);
		j->seed = (unsigned long long)sqlite3_column_int64(st, 5);
		j->cycles = (long)sqlite3_column_int64(st, 6);
		j->san = sqlite3_column_int(st, 7) != 0;
		j->cmd = col_dup(st, 8, &oom);
		j->group = col_dup(st, 9, &oom);
		if (!oom && !j->group)
			j->group = default_group(j, &oom);
	}
	if (oom) {
		sqlite3_finalize(st);
		set_err(err, n, "database %s: out of memory", db->path);
		goto fail;
	}
	if (rc == SQLITE_ROW)
		rc = SQLITE_DONE; /* (a row more than counted cannot happen inside the transaction) */
	if (done(db, st, rc, err, n))
		goto fail;
	if (exec(db, "COMMIT", "cannot read", err, n))
		goto fail;
	set->jobs = jobs;
	set->njobs = nj;
	set->label = label;
	return 0;
fail:
	rollback(db);
	free_jobs(jobs, nj);
	free(label);
	return -1;
}

int rg_db_last_failures(rg_db *db, rg_set *set, char *err, size_t n)
{
	memset(set, 0, sizeof *set);
	long run = rg_db_last_run(db, NULL, err, n);
	if (run < 0)
		return -1;
	if (run == 0) {
		set_err(err, n, "database %s: no regression run recorded", db->path);
		return -1;
	}
	return rg_db_run_failures(db, run, set, err, n);
}

/* ---- the commit of the tree ---- */

/* Runs `git -C ROOT ARGS` and reads its output into buf (the first line), *lines = non-empty lines;
 * returns the exit status (-1: could not run). */
static int git(const char *root, const char *args, char *buf, size_t n, int *lines)
{
	char cmd[8192];
	size_t k = 0;
	k += (size_t)snprintf(cmd + k, sizeof cmd - k, "git -C '");
	for (const char *p = root; *p && k + 8 < sizeof cmd; p++) {
		if (*p == '\'')
			k += (size_t)snprintf(cmd + k, sizeof cmd - k, "'\\''");
		else
			cmd[k++] = *p;
	}
	if (k + 8 >= sizeof cmd)
		return -1;
	snprintf(cmd + k, sizeof cmd - k, "' %s 2>/dev/null", args);
	FILE *f = popen(cmd, "r");
	if (!f)
		return -1;
	char line[4096];
	*lines = 0;
	buf[0] = 0;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = 0;
		if (!line[0])
			continue;
		if ((*lines)++ == 0) {
			size_t l = strlen(line) < n ? strlen(line) : n - 1;
			memcpy(buf, line, l);
			buf[l] = 0;
		}
	}
	int st = pclose(f);
	return st == -1 ? -1 : WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int rg_db_git_state(const char *root, char *commit, size_t n, int *modified)
{
	char head[128], first[16];
	int lines;
	*modified = 0;
	if (git(root, "rev-parse HEAD", head, sizeof head, &lines) != 0 || lines != 1 ||
	    strspn(head, "0123456789abcdef") != strlen(head) || strlen(head) < 40) {
		snprintf(commit, n, "unknown");
		return -1;
	}
	snprintf(commit, n, "%s", head);
	if (git(root, "status --porcelain --untracked-files=no", first, sizeof first, &lines) != 0)
		return -1;
	*modified = lines > 0;
	return 0;
}
