/* test_kit.c - unit tests of the stimulus kit (cosim/harness/wg_kit.h): the
 * frame accessors and the runner of directed cases, driven by hand the way
 * the harness drives a stimulus (next, then check, every cycle; finish at
 * the end): the prologue, the three phases, the case's length, dropped
 * drives in the CHECK phase, the first failed expectation, the marker. */
#include <string.h>

#include "wg_check.h"
#include "wg_kit.h"

/* A toy case: drives port word 0 with 10 + t, expects the "output" to
 * echo it, fails at t == fail_at, marks t == 2, and lasts 4 cycles. */
typedef struct toy {
	long fail_at;       /* cycle whose check fails, or -1 */
	int drives, checks; /* calls per phase */
	int finished;       /* FINISH calls */
	int seen;           /* set in the CHECK phase at t == 3 */
	long need_seen;     /* 1: FINISH expects seen */
} toy;

static void case_toy(void *st, wg_cyc *c)
{
	toy *s = st;
	if (c->phase == WG_DRIVE) s->drives++;
	if (c->phase == WG_CHECK) s->checks++;
	if (wg_done(c)) s->finished++;
	if (wg_during(c, 0, 3)) c->in[0] = (uint32_t)(10 + c->t);
	if (wg_checking(c)) {
		WG_EXPECT(c, c->out[0] == c->driven[0], "cycle %ld: echo %u of %u", c->t, c->out[0], c->driven[0]);
		WG_EXPECT(c, c->t != s->fail_at, "cycle %ld fails as asked", c->t);
		if (wg_at(c, 2)) wg_key(c);
		if (wg_at(c, 3)) s->seen = 1;
	}
	if (wg_done(c) && s->need_seen) WG_EXPECT(c, s->seen, "never seen");
	wg_case_len(c, 4);
}

static void toy_prologue(void *st, uint32_t *in, long cyc)
{
	(void)st;
	in[0] = 0xA0u + (uint32_t)cyc;
}

/* Runs the toy as the harness would; returns the first failure (or NULL). */
static const char *run(toy *s, wg_case_runner *r, long *cycles, long *key, char *buf, size_t n)
{
	wg_case_def def = {"toy", "a toy", "-", NULL, NULL, .run = case_toy};
	char err[128];
	const char *e = wg_case_start(r, &def, 2, toy_prologue, 2, err, sizeof err);
	if (e)
		return e;
	long cyc;
	for (cyc = 0;; cyc++) {
		uint32_t in[2] = {0, 0}, out[2];
		if (!wg_case_drive(r, s, NULL, in, cyc))
			break;
		if (cyc < 2)
			CHECK_EQ(in[0], 0xA0u + (uint32_t)cyc);
		memcpy(out, in, sizeof out);
		const char *m = wg_case_check(r, s, NULL, in, out, cyc, buf, n);
		CHECK_EQ(in[0], out[0]); /* a CHECK-phase drive must not touch the frame */
		if (m) {
			*cycles = cyc;
			return m;
		}
	}
	*cycles = cyc;
	return wg_case_finish(r, s, key, buf, n);
}

static wg_case_runner runner; /* large (the scratch frame): not on the stack */

int main(void)
{
	char buf[256];
	long cycles = 0, key = 0;

	/* a passing case: 2 prologue cycles + 4, the marker on harness cycle 4 */
	toy a = {.fail_at = -1, .need_seen = 1};
	CHECK(run(&a, &runner, &cycles, &key, buf, sizeof buf) == NULL);
	CHECK_EQ(cycles, 6);
	CHECK_EQ(key, 4);
	CHECK_EQ(a.drives, 5); /* t = 0..3, and t = 4 that ends it */
	CHECK_EQ(a.checks, 4);
	CHECK_EQ(a.finished, 1);

	/* a failing check: its message, at its cycle; FINISH is not reached */
	toy b = {.fail_at = 1, .need_seen = 1};
	const char *m = run(&b, &runner, &cycles, &key, buf, sizeof buf);
	CHECK(m && strcmp(m, "cycle 1 fails as asked") == 0);
	CHECK_EQ(cycles, 3);
	CHECK_EQ(b.finished, 0);

	/* a claim at FINISH, and no marker */
	toy d = {.fail_at = -1, .need_seen = 1};
	wg_case_def def = {"toy", "a toy", "-", NULL, NULL, .run = case_toy};
	char err[128];
	CHECK(wg_case_start(&runner, &def, 2, NULL, 0, err, sizeof err) == NULL);
	CHECK(wg_case_finish(&runner, &d, &key, buf, sizeof buf) != NULL && strcmp(buf, "never seen") == 0);
	CHECK_EQ(key, -1);

	/* errors of wg_case_start: no function, a frame larger than the scratch */
	wg_case_def none = {"none", "-", "-", NULL, NULL, .run = NULL};
	CHECK(wg_case_start(&runner, &none, 2, NULL, 0, err, sizeof err) != NULL && strstr(err, "has no function"));
	CHECK(wg_case_start(&runner, &def, WG_KIT_MAX_IN + 1, NULL, 0, err, sizeof err) != NULL &&
	      strstr(err, "more than the kit's"));

	/* frame accessors: a port, an element, a slice, across a word boundary */
	wg_layout L = {.nports = 2, .width = {40, 12}, .off = {0, 2}};
	uint32_t f[3] = {0, 0, 0};
	wg_port_put(&L, f, 0, UINT64_C(0xFFFFFFFFFFFF)); /* cut to 40 bits */
	CHECK_EQ(wg_port_get(&L, f, 0), UINT64_C(0xFFFFFFFFFF));
	CHECK_EQ(f[1], 0xFFu);
	wg_elem_put(&L, f, 1, 2, 4, 0x9);
	CHECK_EQ(wg_elem_get(&L, f, 1, 2, 4), 0x9);
	CHECK_EQ(f[2], 0x900u);
	wg_slice_put(&L, f, 0, 30, 4, 0x0);
	CHECK_EQ(wg_slice_get(&L, f, 0, 28, 8), 0xC3);

	/* picks: in range, and the same stream for the same seed */
	uint64_t r1 = wg_rng_seed(7), r2 = wg_rng_seed(7);
	int in_range = 1, same = 1;
	for (int i = 0; i < 1000; i++) {
		long x = wg_pick(&r1, 13);
		in_range &= x >= 0 && x < 13;
		same &= x == wg_pick(&r2, 13);
	}
	CHECK(in_range && same);
	CHECK(!wg_pct(&r1, 0) && wg_pct(&r1, 100));
	return wg_check_done();
}
