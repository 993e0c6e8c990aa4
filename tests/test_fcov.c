/* test_fcov.c - functional coverage (docs/cosim.md "Functional coverage"):
 * the harness counts a stimulus's points on the C model's side in random and
 * directed runs; a directed case known to reach a corner case hits its point;
 * the same seed gives the same counts, with no RTL (loop()) and with a DUT in
 * the pipelined loop (a "DUT" made of a second C model, so that the test needs
 * no Verilator), also when the run stops early; the table and the JSON.
 *
 * For every block (each must have points): every point's name is unique and described, and
 * each directed case a point lists (wg_cov_point.cases) reaches it.
 *
 * Also a tool: `test_fcov BLOCK CYCLES [SEED]` prints a random run's table,
 * `test_fcov BLOCK --cases` which directed cases reach each point. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfc.h"
#include "wg_buf.h"
#include "wg_check.h"
#include "wg_fcov.h"
#include "wg_harness.h"

/* The length of the random runs (each block's default parameters and knobs). */
#define RANDOM_CYCLES 10000

/* ---- a C model as the DUT: outputs of a twin model, so that a run passes ---- */
typedef struct twin_ctx {
	const wg_block *b;    /* the block */
	const long *p;        /* its parameters */
	const wg_layout *L;   /* frame layout */
	long fail_at;         /* flip an output bit at this cycle (a mismatch), or -1 */
} twin_ctx;

typedef struct twin {
	const twin_ctx *x;    /* the configuration */
	void *m;              /* the twin model */
	uint32_t *in, *out;   /* the last inputs and outputs */
	long cyc;             /* edges so far */
} twin;

static wg_shim *twin_create(void *ctx, uint64_t seed)
{
	(void)seed;
	const twin_ctx *x = ctx;
	twin *t = calloc(1, sizeof *t);
	t->x = x;
	t->m = calloc(1, x->b->model_size(x->p));
	x->b->model_init(t->m, x->p, x->L);
	t->in = calloc((size_t)x->L->nwords[WG_IN] + 1, sizeof *t->in);
	t->out = calloc((size_t)x->L->nwords[WG_OUT] + 1, sizeof *t->out);
	return (wg_shim *)t;
}

static void twin_destroy(wg_shim *s)
{
	twin *t = (twin *)s;
	free(t->m);
	free(t->in);
	free(t->out);
	free(t);
}

static void twin_set(wg_shim *s, const uint32_t *in)
{
	twin *t = (twin *)s;
	memcpy(t->in, in, (size_t)t->x->L->nwords[WG_IN] * sizeof *in);
}

static void twin_eval(wg_shim *s)
{
	twin *t = (twin *)s;
	char err[256];
	memset(t->out, 0, (size_t)t->x->L->nwords[WG_OUT] * sizeof *t->out);
	t->x->b->model_eval(t->m, t->in, t->out, err, sizeof err);
	if (t->cyc == t->x->fail_at)
		t->out[0] ^= 1u;
}

static void twin_get(wg_shim *s, uint32_t *out)
{
	twin *t = (twin *)s;
	memcpy(out, t->out, (size_t)t->x->L->nwords[WG_OUT] * sizeof *out);
}

static void twin_tick(wg_shim *s)
{
	twin *t = (twin *)s;
	t->x->b->model_tick(t->m, t->in);
	t->cyc++;
}

static int twin_finished(wg_shim *s)
{
	(void)s;
	return 0;
}

/* ---- runs ---- */
typedef struct setup {
	const wg_block *b;
	const wg_stim_def *s;
	long p[64], k[64];
	wg_layout L;
	int case_idx;
} setup;

static int find_case(const wg_stim_def *s, const char *name)
{
	for (int c = 0; c < s->ncases; c++)
		if (strcmp(s->cases[c].name, name) == 0)
			return c;
	return -1;
}

static int find_point(const wg_stim_def *s, const char *name)
{
	for (int k = 0; k < s->ncov; k++)
		if (strcmp(s->cov[k].name, name) == 0)
			return k;
	return -1;
}

/* The block's defaults (and the case's parameters); NULL-free setup or -1. */
static int prepare(setup *u, const char *block, const char *cs)
{
	char err[256];
	memset(u, 0, sizeof *u);
	u->b = wg_block_find(block);
	u->s = wg_stim_find(block);
	if (!u->b || !u->s)
		return -1;
	wg_params_default(u->b, u->p);
	for (int k = 0; k < u->s->nknobs; k++)
		u->k[k] = u->s->knobs[k].def;
	u->case_idx = cs ? find_case(u->s, cs) : -1;
	if (cs && u->case_idx < 0)
		return -1;
	if (cs && u->s->cases[u->case_idx].params &&
	    wg_params_apply(u->b, u->p, u->s->cases[u->case_idx].params, err, sizeof err))
		return -1;
	wg_layout_init(&u->L, u->b, u->p);
	return 0;
}

/* Run u; with_dut: the twin DUT (fail_at: its mismatch cycle or -1). */
static void run(setup *u, uint64_t seed, long cycles, int with_dut, long fail_at, wg_harness_res *r)
{
	twin_ctx x = {u->b, u->p, &u->L, fail_at};
	wg_dut_lib d = {.create_ctx = twin_create, .ctx = &x, .destroy = twin_destroy, .set_inputs = twin_set,
			.eval = twin_eval, .get_outputs = twin_get, .tick = twin_tick, .finished = twin_finished};
	wg_harness_cfg c = {.b = u->b, .stim = u->s, .p = u->p, .knobs = u->k, .L = &u->L, .case_idx = u->case_idx,
			    .seed = seed, .max_cycles = u->case_idx >= 0 ? 100000 : cycles, .directed_cap_fails = 1,
			    .dut = with_dut ? &d : NULL, .trace_from = -1, .trace_to = -1};
	int rc = wg_harness_run(&c, r);
	CHECK_EQ(rc, 0);
}

static int same_hits(const wg_harness_res *a, const wg_harness_res *b)
{
	return a->ncov == b->ncov && a->ncov > 0 && memcmp(a->cov_hits, b->cov_hits, (size_t)a->ncov * 8) == 0;
}

/* Whether the space-separated list names name. */
static int lists(const char *list, const char *name)
{
	size_t n = strlen(name);
	for (const char *c = list; c && *c;) {
		size_t len = strcspn(c, " ");
		if (len == n && strncmp(c, name, n) == 0)
			return 1;
		c += len + strspn(c + len, " ");
	}
	return 0;
}

/* Each directed case a point lists exists, passes and reaches that point
 * (each case run once for all the points that list it). */
static void case_hits(const char *block)
{
	setup u;
	CHECK_EQ(prepare(&u, block, NULL), 0);
	const wg_stim_def *s = u.s;
	for (int k = 0; k < s->ncov; k++) /* every listed name is a case */
		for (const char *c = s->cov[k].cases; c && *c;) {
			size_t len = strcspn(c, " ");
			char cs[128];
			snprintf(cs, sizeof cs, "%.*s", (int)len, c);
			if (find_case(s, cs) < 0)
				printf("  %s: point %s lists no case %s\n", block, s->cov[k].name, cs);
			CHECK(find_case(s, cs) >= 0);
			c += len + strspn(c + len, " ");
		}
	for (int c = 0; c < s->ncases; c++) {
		int any = 0;
		for (int k = 0; k < s->ncov; k++)
			any |= lists(s->cov[k].cases, s->cases[c].name);
		setup v;
		if (!any || prepare(&v, block, s->cases[c].name) != 0)
			continue;
		wg_harness_res r;
		run(&v, 1, 0, 0, -1, &r);
		CHECK_EQ(r.verdict, WG_V_PASS);
		for (int k = 0; k < s->ncov; k++) {
			if (!lists(s->cov[k].cases, s->cases[c].name))
				continue;
			if (!(r.cov_hits[k] > 0))
				printf("  %s --case %s: point %s never hit\n", block, s->cases[c].name, s->cov[k].name);
			CHECK(r.cov_hits[k] > 0);
		}
		wg_harness_res_free(&r);
	}
}

/* Points are named once and described; a random run counts them
 * deterministically with and without a DUT; an early stop counts the cycles
 * that ran. */
static void random_runs(const char *block, long cycles)
{
	setup u;
	CHECK_EQ(prepare(&u, block, NULL), 0);
	CHECK(u.s->cover && u.s->ncov > 0);
	for (int k = 0; k < u.s->ncov; k++) {
		CHECK(u.s->cov[k].name && *u.s->cov[k].name && u.s->cov[k].desc && *u.s->cov[k].desc);
		CHECK_EQ(find_point(u.s, u.s->cov[k].name), k);
	}
	wg_harness_res a, b, p, f, g;
	run(&u, 7, cycles, 0, -1, &a);
	run(&u, 7, cycles, 0, -1, &b);
	run(&u, 7, cycles, 1, -1, &p); /* the pipelined loop: cover() on the producer thread */
	CHECK_EQ(a.verdict, WG_V_PASS);
	CHECK_EQ(p.verdict, WG_V_PASS);
	CHECK_EQ(a.cycles, cycles);
	CHECK(same_hits(&a, &b));
	CHECK(same_hits(&a, &p));
	int hit = 0;
	for (int k = 0; k < a.ncov; k++)
		hit += a.cov_hits[k] > 0;
	CHECK(hit > 0);
	/* a mismatch at cycle 1000: the counts are those of cycles 0..1000, the same
	 * as a run of 1001 cycles, though the producer ran ahead */
	run(&u, 7, cycles, 1, 1000, &f);
	run(&u, 7, 1001, 0, -1, &g);
	CHECK_EQ(f.verdict, WG_V_MISMATCH);
	CHECK_EQ(f.cycles, 1001);
	CHECK(same_hits(&f, &g));
	/* the table: every point, "never" for those with no hits */
	char *txt = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&txt, &len);
	wg_fcov_print(m, u.s, &a);
	fclose(m);
	for (int k = 0; k < a.ncov; k++)
		CHECK(strstr(txt, u.s->cov[k].name) != NULL);
	CHECK((strstr(txt, "never") != NULL) == (wg_fcov_missed(u.s, &a) > 0));
	free(txt);
	/* --list: every point, and no line that tests/decl.sh would take for a directed case */
	txt = NULL;
	m = open_memstream(&txt, &len);
	wg_fcov_list(m, u.s);
	fclose(m);
	for (int k = 0; k < u.s->ncov; k++)
		CHECK(strstr(txt, u.s->cov[k].name) != NULL);
	for (const char *l = txt; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : "")
		CHECK(!(l[0] == ' ' && l[1] == ' ' && (islower((unsigned char)l[2]) || isdigit((unsigned char)l[2]) || l[2] == '_')));
	free(txt);
	/* the JSON member */
	wg_buf j = {0};
	wg_fcov_json_buf(&j, u.s, &a);
	char want[160];
	snprintf(want, sizeof want, "{\"name\": \"%s\", \"hits\": %llu}", u.s->cov[0].name,
		 (unsigned long long)a.cov_hits[0]);
	CHECK(strncmp(j.s, "\"coverage\": [", 13) == 0);
	CHECK(strstr(j.s, want) != NULL);
	wg_buf_free(&j);
	printf("%s: %d of %d points hit in %ld random cycles\n", block, hit, a.ncov, cycles);
	wg_harness_res_free(&a);
	wg_harness_res_free(&b);
	wg_harness_res_free(&p);
	wg_harness_res_free(&f);
	wg_harness_res_free(&g);
}

/* rfc: the point computed from the state agrees with what the model did: every
 * live victim is an EVICT write-back (the evict_wb event, counted outside
 * reset cycles as the points are), so the victim rule of the points is the
 * model's. */
static void rfc_agrees(void)
{
	setup u;
	CHECK_EQ(prepare(&u, "rfc", NULL), 0);
	wg_harness_res r;
	run(&u, 11, 30000, 0, -1, &r);
	int k = find_point(u.s, "evict_live_victim");
	CHECK(k >= 0 && r.cov_hits[k] > 0);
	CHECK_EQ(k >= 0 ? r.cov_hits[k] : 0, r.ev_c[RFC_EV_EVICT_WB]);
	wg_harness_res_free(&r);
}

/* wg_fcov_json: the member added to an existing JSON object, in place. */
static void json_file(void)
{
	setup u;
	CHECK_EQ(prepare(&u, "rfc", NULL), 0);
	wg_harness_res r;
	run(&u, 3, 2000, 0, -1, &r);
	char path[] = "/tmp/test_fcov_XXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fputs("{\n  \"verdict\": \"PASS\"\n}\n", f);
	fclose(f);
	char err[256];
	CHECK_EQ(wg_fcov_json(u.s, &r, path, err, sizeof err), 0);
	char *t = wg_read_file(path, NULL, err, sizeof err);
	CHECK(t && strncmp(t, "{\n  \"verdict\": \"PASS\",\n  \"coverage\": [\n    {\"name\": ", 50) == 0);
	CHECK(t && strlen(t) > 7 && strcmp(t + strlen(t) - 7, "\n  ]\n}\n") == 0);
	free(t);
	remove(path);
	wg_harness_res_free(&r);
}

/* test_fcov BLOCK CYCLES [SEED]: print the points table of a random run
 * (default knobs and parameters, C model only) instead of testing. */
static int table(const char *block, long cycles, uint64_t seed)
{
	setup u;
	if (prepare(&u, block, NULL) != 0 || cycles <= 0) {
		fprintf(stderr, "test_fcov: unknown block %s or bad cycle count\n", block);
		return 2;
	}
	wg_harness_res r;
	run(&u, seed, cycles, 0, -1, &r);
	printf("%s random seed=%llu: %s\n", block, (unsigned long long)seed, wg_verdict_name(r.verdict));
	wg_fcov_print(stdout, u.s, &r);
	wg_harness_res_free(&r);
	return 0;
}

/* test_fcov BLOCK --cases: per point, the directed cases that reach it (C
 * model only, each case's parameters; negative cases left out). */
static int by_case(const char *block)
{
	setup u;
	if (prepare(&u, block, NULL) != 0) {
		fprintf(stderr, "test_fcov: unknown block %s\n", block);
		return 2;
	}
	const wg_stim_def *s = u.s;
	for (int k = 0; k < s->ncov; k++) {
		printf("%s:", s->cov[k].name);
		for (int c = 0; c < s->ncases; c++) {
			setup v;
			if (s->cases[c].expect_fail || prepare(&v, block, s->cases[c].name) != 0)
				continue;
			wg_harness_res r;
			run(&v, 1, 0, 0, -1, &r);
			if (r.cov_hits[k])
				printf(" %s", s->cases[c].name);
			wg_harness_res_free(&r);
		}
		printf("\n");
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[2], "--cases") == 0)
		return by_case(argv[1]);
	if (argc >= 3)
		return table(argv[1], atol(argv[2]), argc > 3 ? strtoull(argv[3], NULL, 0) : 1);
	/* every block: the points' own checks, and each directed case a point
	 * names reaches it */
	int n;
	const wg_block *const *bs = wg_blocks(&n);
	CHECK(n >= 16); /* the project's blocks and compositions */
	for (int i = 0; i < n; i++) {
		/* every block declares points (a registry that lost its stimuli would
		 * otherwise make this test pass on nothing) */
		const wg_stim_def *s = wg_stim_find(bs[i]->name);
		CHECK(s && s->ncov > 0);
		if (!s || s->ncov == 0) {
			printf("  %s: no stimulus or no coverage points\n", bs[i]->name);
			continue;
		}
		case_hits(bs[i]->name);
		random_runs(bs[i]->name, RANDOM_CYCLES);
	}
	rfc_agrees();
	json_file();
	return wg_check_done();
}
