/* test_rg_job.c - warpgen regress's jobs: words, the job-file parser (seed lists, names, groups,
 * errors with FILE:LINE), the round trip rg_write_jobs -> parse, units, result lines, and the
 * progress lines of a log. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rg.h"
#include "rg_progress.h"
#include "wg_check.h"

static char dir[] = "/tmp/test_rg_job-XXXXXX";

/* Write text to DIR/name; the path in buf. */
static const char *put(const char *name, const char *text, char *buf, size_t n)
{
	snprintf(buf, n, "%s/%s", dir, name);
	FILE *f = fopen(buf, "w");
	fputs(text, f);
	fclose(f);
	return buf;
}

/* Parse text as a job file: 0 and the set, or -1 and the error. */
static int parse(const char *text, rg_set *set, char *err, size_t n)
{
	char p[256];
	return rg_jobs_from_file(put("jobs.txt", text, p, sizeof p), set, err, n);
}

/* The error of a bad job file, which must name jobs.txt:LINE and contain what. */
static int bad(const char *text, int line, const char *what)
{
	rg_set s;
	char err[1024], where[300];
	if (parse(text, &s, err, sizeof err) == 0) {
		printf("  accepted: %s", text);
		rg_set_free(&s);
		return 0;
	}
	snprintf(where, sizeof where, "%s/jobs.txt:%d: ", dir, line);
	int ok = strncmp(err, where, strlen(where)) == 0 && strstr(err, what) != NULL && !strchr(err, '\n');
	if (!ok)
		printf("  error was: %s (expected %s... %s)\n", err, where, what);
	return ok;
}

static void test_split(void)
{
	char **v, err[64];
	CHECK_EQ(rg_split("  a 'b c'  \"d \\\"e\\\"\" f\\ g h'i'j ", &v, err, sizeof err), 5);
	CHECK(strcmp(v[0], "a") == 0 && strcmp(v[1], "b c") == 0 && strcmp(v[2], "d \"e\"") == 0);
	CHECK(strcmp(v[3], "f g") == 0 && strcmp(v[4], "hij") == 0 && v[5] == NULL);
	rg_argv_free(v);
	CHECK_EQ(rg_split("", &v, err, sizeof err), 0);
	CHECK(v && v[0] == NULL);
	rg_argv_free(v);
	CHECK_EQ(rg_split("a 'b", &v, err, sizeof err), -1);
	CHECK(strstr(err, "unclosed quote") != NULL);
}

static const rg_job *find(const rg_set *s, const char *name)
{
	for (int i = 0; i < s->njobs; i++)
		if (strcmp(s->jobs[i].name, name) == 0)
			return &s->jobs[i];
	printf("  no job '%s'\n", name);
	return NULL;
}

static void test_parse(void)
{
	rg_set s;
	char err[1024];
	const char *text = "# a job file\n"
			   "\n"
			   "rfc --seeds 1-3,7 --cycles 2000\n"
			   "   lint-x ! echo 'hi there' | grep -q hi   \n"
			   "small rfc --set ENTRIES=2 --knob LL_PCT=0 --seed 5 --san\n"
			   "two rfc --set ENTRIES=2 --knob LL_PCT=0 --seeds 8-9 -q\n"
			   "rfc --case every_entry_pinned\n"
			   "'a name' rfc --set REPLACEMENT=LRU --no-window\n";
	CHECK_EQ(parse(text, &s, err, sizeof err), 0);
	CHECK_EQ(s.njobs, 10);
	if (s.njobs != 10) {
		printf("  %s\n", err);
		return;
	}
	const rg_job *j = find(&s, "rfc seed=7");
	CHECK(j && j->seed == 7 && j->cycles == 2000 && !j->san && strcmp(j->block, "rfc") == 0 && j->args[0] == '\0');
	CHECK(j && strcmp(j->group, "rfc") == 0 && !j->cmd);
	j = find(&s, "lint-x");
	CHECK(j && !j->block && strcmp(j->cmd, "echo 'hi there' | grep -q hi") == 0 && strcmp(j->group, "lint-x") == 0);
	j = find(&s, "small");
	CHECK(j && j->seed == 5 && j->san && j->cycles == -1);
	CHECK(j && strcmp(j->args, "--set ENTRIES=2 --knob LL_PCT=0") == 0);
	CHECK(j && strcmp(j->params, "--set ENTRIES=2") == 0 && strcmp(j->knobs, "--knob LL_PCT=0") == 0);
	CHECK(find(&s, "two-seed8") && find(&s, "two-seed9") && find(&s, "two-seed9")->seed == 9);
	j = find(&s, "rfc --case every_entry_pinned seed=1");
	CHECK(j && j->seed == 1 && strcmp(j->args, "--case every_entry_pinned") == 0);
	j = find(&s, "a name");
	CHECK(j && strcmp(j->args, "--set REPLACEMENT=LRU --no-window") == 0);
	/* gathered: small (seed 5) joins two-seed8/9 (the same configuration), after the rfc seeds */
	CHECK(strcmp(s.jobs[0].name, "rfc seed=1") == 0 && strcmp(s.jobs[3].name, "rfc seed=7") == 0);
	CHECK(strcmp(s.jobs[4].name, "lint-x") == 0 && strcmp(s.jobs[5].name, "small") == 0);
	CHECK(strcmp(s.jobs[6].name, "two-seed8") == 0 && strcmp(s.jobs[7].name, "two-seed9") == 0);
	CHECK(strstr(s.label, "jobs.txt") != NULL);

	/* units: one per configuration; with a minimum weight, whole configurations together */
	rg_unit *u;
	int nu = rg_units(&s, 0, &u);
	CHECK_EQ(nu, 5);
	CHECK(nu == 5 && u[0].first == 0 && u[0].n == 4 && u[1].n == 1 && u[2].first == 5 && u[2].n == 3);
	CHECK(nu == 5 && u[0].weight == 4 * (2000.0 + 20000.0) && u[1].weight == 1000000.0);
	free(u);
	nu = rg_units(&s, 1e12, &u);
	CHECK(nu == 1 && u[0].n == 10);
	free(u);
	nu = rg_units(&s, 500000, &u); /* rfc seeds (88,000) + lint (1,000,000); small+two; case + 'a name' */
	CHECK(nu == 2 && u[0].n == 5 && u[1].first == 5 && u[1].n == 5);
	free(u);

	/* round trip: the set written as a job file parses into the same jobs */
	char p[256];
	snprintf(p, sizeof p, "%s/round.jobs", dir);
	nu = rg_units(&s, 0, &u);
	CHECK_EQ(rg_write_jobs(&s, u, nu, p, err, sizeof err), 0);
	free(u);
	rg_set t;
	CHECK_EQ(rg_jobs_from_file(p, &t, err, sizeof err), 0);
	CHECK_EQ(t.njobs, s.njobs);
	for (int i = 0; i < s.njobs && i < t.njobs; i++) {
		const rg_job *a = &s.jobs[i], *b = &t.jobs[i];
		int same = strcmp(a->name, b->name) == 0 && !a->block == !b->block && a->seed == b->seed &&
			   a->cycles == b->cycles && a->san == b->san && strcmp(a->group, b->group) == 0;
		if (same && a->block)
			same = strcmp(a->block, b->block) == 0 && strcmp(a->args, b->args) == 0 &&
			       strcmp(a->knobs, b->knobs) == 0 && strcmp(a->params, b->params) == 0;
		if (same && !a->block)
			same = strcmp(a->cmd, b->cmd) == 0;
		CHECK(same);
		if (!same)
			printf("  job %d: '%s' came back as '%s'\n", i, a->name, b->name);
	}
	/* two units of it: only their jobs */
	rg_unit two[2] = {{.first = 4, .n = 1}, {.first = 8, .n = 2}};
	CHECK_EQ(rg_write_jobs(&s, two, 2, p, err, sizeof err), 0);
	rg_set_free(&t);
	CHECK_EQ(rg_jobs_from_file(p, &t, err, sizeof err), 0);
	CHECK(t.njobs == 3 && strcmp(t.jobs[0].name, "lint-x") == 0 && strcmp(t.jobs[2].name, "a name") == 0);
	rg_set_free(&t);
	rg_set_free(&s);
}

static void test_errors(void)
{
	CHECK(bad("rfc\nnope --seeds 1\n", 2, "unknown block 'nope'"));
	CHECK(bad("myname nope --seeds 1\n", 1, "unknown block 'nope'"));
	CHECK(bad("\n\nrfc --seeds 3-1\n", 3, "range 3-1 goes down"));
	CHECK(bad("rfc --seeds 1,x\n", 1, "'x' is not a seed"));
	CHECK(bad("rfc --seeds 1,\n", 1, "ends with a comma"));
	CHECK(bad("rfc --seeds 1-1000000000\n", 1, "more than 100000 seeds"));
	CHECK(bad("rfc --seeds 1 --seed 2\n", 1, "the seeds are given twice"));
	CHECK(bad("rfc --seeds\n", 1, "--seeds needs a value"));
	CHECK(bad("rfc --cycles many\n", 1, "--cycles many is not a number"));
	CHECK(bad("rfc --frobnicate\n", 1, "unknown option '--frobnicate'"));
	CHECK(bad("rfc extra\n", 1, "unknown option 'extra'"));
	CHECK(bad("rfc --set ENTRIES=99\n", 1, "ENTRIES=99 is out of range (legal range 1..16)"));
	CHECK(bad("rfc --set WARPS=8 --set ACTIVE_WARPS=16\n", 1, "ACTIVE_WARPS=16 must not exceed WARPS=8"));
	CHECK(bad("rfc --knob LL_PCT=101\n", 1, "LL_PCT=101 is out of range"));
	CHECK(bad("rfc --case nope\n", 1, "unknown case 'nope'"));
	CHECK(bad("rfc --rtl /nonexistent.v\n", 1, "--rtl: cannot read /nonexistent.v"));
	CHECK(bad("rfc --json x.json\n", 1, "--json"));
	CHECK(bad("! echo hi\n", 1, "a command line needs a NAME"));
	CHECK(bad("x !   \n", 1, "'!' needs a COMMAND"));
	CHECK(bad("rfc --set 'ENTRIES=2\n", 1, "unclosed quote"));
	CHECK(bad("a ! true\nb ! true\na ! false\n", 3, "job name 'a' is also the name of line 1's job"));
	CHECK(bad("rfc --seeds 1-2\nrfc --seeds 2\n", 2, "job name 'rfc seed=2' is also the name of line 1's job"));

	rg_set s;
	char err[512];
	CHECK_EQ(rg_jobs_from_file("/nonexistent/jobs", &s, err, sizeof err), -1);
	CHECK(strstr(err, "/nonexistent/jobs") != NULL && !strchr(err, '\n'));
	CHECK_EQ(parse("# only a comment\n\n", &s, err, sizeof err), -1);
	CHECK(strstr(err, "no job") != NULL);
	CHECK_EQ(rg_jobs_from_tier("nightly", NULL, 0, NULL, &s, err, sizeof err), -1);
	CHECK(strstr(err, "unknown tier 'nightly'") != NULL);
	char *blocks[] = {"nope"};
	CHECK_EQ(rg_jobs_from_tier("test", blocks, 1, NULL, &s, err, sizeof err), -1);
	CHECK(strstr(err, "unknown block 'nope'") != NULL);
}

static void test_results(void)
{
	rg_job jobs[2] = {{.name = "a\tb\\c"}, {.name = "plain"}};
	rg_set s = {.jobs = jobs, .njobs = 2};
	rg_result r = {.job = 0, .verdict = RG_FAIL, .secs = 1.25, .cps = 12345, .host = "h1"};
	snprintf(r.first_mismatch, sizeof r.first_mismatch, "MISMATCH x\ty\nz \\n");
	snprintf(r.replay, sizeof r.replay, "warpgen cosim rfc --seed 3");
	char line[8192], name[64];
	CHECK_EQ(rg_result_format(&s, &r, line, sizeof line), 0);
	CHECK(strchr(line, '\n') == line + strlen(line) - 1); /* one line */
	rg_result q;
	CHECK_EQ(rg_result_parse(line, &q), 0);
	CHECK(q.job == -1 && q.verdict == RG_FAIL && q.secs == 1.25 && q.cps == 12345);
	CHECK(strcmp(q.first_mismatch, r.first_mismatch) == 0 && strcmp(q.replay, r.replay) == 0 &&
	      strcmp(q.host, "h1") == 0);
	CHECK_EQ(rg_result_name(line, name, sizeof name), 0);
	CHECK(strcmp(name, "a\tb\\c") == 0);
	for (rg_verdict v = RG_PASS; v <= RG_LOST; v++) {
		r.verdict = v;
		r.job = 1;
		rg_result_format(&s, &r, line, sizeof line);
		CHECK(rg_result_parse(line, &q) == 0 && q.verdict == v);
	}
	CHECK_EQ(rg_result_parse("plain\tPASS\t1.0\t0\th\t\n", &q), -1);          /* 6 fields */
	CHECK_EQ(rg_result_parse("plain\tMAYBE\t1.0\t0\th\t\t\n", &q), -1);       /* verdict */
	CHECK_EQ(rg_result_parse("plain\tPASS\tsoon\t0\th\t\t\n", &q), -1);       /* seconds */
	CHECK_EQ(rg_result_parse("plain\tPASS\t1.0\t0\th\tbad\\q\t\n", &q), -1);  /* escape */
	CHECK_EQ(rg_result_parse("plain\tPASS\t1.0\t0\th\t\t\n", &q), 0);
}

static void test_progress(void)
{
	rg_job jobs[40];
	memset(jobs, 0, sizeof jobs);
	char names[40][16];
	for (int i = 0; i < 40; i++) {
		snprintf(names[i], sizeof names[i], "j%d", i);
		jobs[i].name = names[i];
		jobs[i].block = "rfc";
		jobs[i].cycles = 80000; /* weight 100,000 each */
	}
	rg_set s = {.jobs = jobs, .njobs = 40};
	char p[256];
	snprintf(p, sizeof p, "%s/progress.log", dir);
	FILE *f = fopen(p, "w+");
	rg_progress pr;
	rg_progress_start(&pr, f, 0, 0, &s, 100.0);
	for (int i = 0; i < 40; i++) {
		rg_result r = {.job = i, .verdict = i == 5 ? RG_FAIL : RG_PASS};
		if (i == 5)
			snprintf(r.first_mismatch, sizeof r.first_mismatch, "MISMATCH at 3"),
				snprintf(r.replay, sizeof r.replay, "replay-j5");
		rg_progress_result(&pr, &s, &r, 100.0 + i + 1);
	}
	rg_progress_end(&pr);
	rewind(f);
	char line[512];
	int n = 0, fail_at = -1, saw_half = 0;
	while (fgets(line, sizeof line, f)) {
		if (strcmp(line, "FAIL j5: MISMATCH at 3\n") == 0)
			fail_at = n;
		if (strcmp(line, "regress: 20/40 done (50 %), 19 passed, 1 failed, 20s left\n") == 0)
			saw_half = 1;
		n++;
	}
	fclose(f);
	/* 20 lines of 5 % + the failure and its replay line, which comes when it happens (after 6 of 40: 15 %) */
	CHECK_EQ(n, 22);
	CHECK_EQ(fail_at, 2);
	CHECK(saw_half);
	char b[32];
	rg_progress_hms(3725, b, sizeof b);
	CHECK(strcmp(b, "1h02m") == 0);
	rg_progress_hms(190, b, sizeof b);
	CHECK(strcmp(b, "3m10s") == 0);
}

int main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	test_split();
	test_parse();
	test_errors();
	test_results();
	test_progress();
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("  could not remove %s\n", dir);
	return wg_check_done();
}
