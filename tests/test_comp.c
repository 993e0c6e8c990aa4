/* test_comp.c - the composition mechanism (csim/wg_comp.c) on toy blocks
 * defined here (an accumulator and an adder): forward wires, a back edge
 * that settles, a true combinational loop that is reported, a protocol
 * error that occurs only on an unsettled pass, event concatenation, the
 * structural checks; a composition of one rfc that must equal rfc alone bit
 * for bit; instance arrays (toy blocks against the arithmetic by hand, the
 * generated top of an rfc array); and sm_rfc against the two models wired
 * by hand, with the slot invariant of docs/sm_rfc.md checked every cycle. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfc.h"
#include "sched2l.h"
#include "sm_rfc.h"
#include "wg_bits.h"
#include "wg_check.h"
#include "wg_comp.h"
#include "wg_comp_verilog.h"
#include "wg_desc.h"
#include "wg_gen.h"
#include "wg_stim.h"

/* ------------------------------------------------------------------ */
/* Toy block "acc": y_o = x_i + s (combinational), s_o = s; s <= y at the
 * edge (INIT at reset). Event "step": x_i != 0. Protocol: x_i all ones is
 * illegal. Counts its evaluations. */

enum { ACC_P_W, ACC_P_INIT, ACC_NP };
enum { ACC_RST_I, ACC_X_I, ACC_Y_O, ACC_S_O, ACC_EV_O, ACC_NPORTS };

static const wg_param_def acc_params[ACC_NP] = {
	{"W", 8, 1, 32, NULL, "bits", "test", 0},
	{"INIT", 0, 0, 0xffffffffL, NULL, "reset value of s", "test", 0},
};
static const wg_port_def acc_ports[ACC_NPORTS] = {
	{"rst_i", WG_IN, "control", "reset"},
	{"x_i", WG_IN, "data", "addend"},
	{"y_o", WG_OUT, "data", "x + s"},
	{"s_o", WG_OUT, "data", "state"},
	{"ev_o", WG_OUT, "energy", "events"},
};
static const wg_event_def acc_events[1] = {{"step", "a non-zero addend"}};

typedef struct acc_model {
	uint32_t s, init, mask;   /* state, reset value, W ones */
	long evals;               /* evaluations so far */
	wg_layout lay;            /* frame layout */
	uint64_t counts[1];       /* "step" */
} acc_model;

static const char *acc_check(const long *p, char *buf, size_t n)
{
	if (p[ACC_P_W] < 32 && p[ACC_P_INIT] >= (1L << p[ACC_P_W])) {
		snprintf(buf, n, "acc: INIT=%ld must be below 2^W=%ld", p[ACC_P_INIT], 1L << p[ACC_P_W]);
		return buf;
	}
	return NULL;
}
static void acc_widths(const long *p, int *w, int *ev)
{
	w[ACC_RST_I] = 1;
	w[ACC_X_I] = w[ACC_Y_O] = w[ACC_S_O] = (int)p[ACC_P_W];
	w[ACC_EV_O] = ev[0] = 1;
}
static long acc_storage(const long *p)
{
	return p[ACC_P_W];
}
static size_t acc_size(const long *p)
{
	(void)p;
	return sizeof(acc_model);
}
static void acc_init(void *mem, const long *p, const wg_layout *L)
{
	acc_model *m = mem;
	m->mask = (uint32_t)wg_ones64(p[ACC_P_W]);
	m->s = m->init = (uint32_t)p[ACC_P_INIT];
	m->lay = *L;
}
static int acc_eval(void *mem, const uint32_t *in, uint32_t *out, char *err, size_t n)
{
	acc_model *m = mem;
	uint32_t x = in[m->lay.off[ACC_X_I]], rst = in[m->lay.off[ACC_RST_I]];
	m->evals++;
	out[m->lay.off[ACC_Y_O]] = (x + m->s) & m->mask;
	out[m->lay.off[ACC_S_O]] = m->s;
	out[m->lay.off[ACC_EV_O]] = !rst && x != 0;
	if (!rst && x == m->mask) {
		snprintf(err, n, "acc: x_i is all ones (0x%x)", x);
		return -1;
	}
	return 0;
}
static void acc_tick(void *mem, const uint32_t *in)
{
	acc_model *m = mem;
	uint32_t x = in[m->lay.off[ACC_X_I]];
	if (in[m->lay.off[ACC_RST_I]]) {
		m->s = m->init;
		return;
	}
	m->counts[0] += x != 0;
	m->s = (x + m->s) & m->mask;
}
static const uint64_t *acc_counts(const void *mem)
{
	return ((const acc_model *)mem)->counts;
}

static const wg_block acc_block = {
	.name = "acc", .summary = "accumulator", .params = acc_params, .nparams = ACC_NP,
	.ports = acc_ports, .nports = ACC_NPORTS, .events = acc_events, .nevents = 1,
	.check = acc_check, .widths = acc_widths, .storage_bits = acc_storage,
	.model_size = acc_size, .model_init = acc_init, .model_eval = acc_eval,
	.model_tick = acc_tick, .model_counts = acc_counts,
};

/* Toy block "add": y_o = a_i + b_i, no state, no events. */
enum { ADD_RST_I, ADD_A_I, ADD_B_I, ADD_Y_O, ADD_NPORTS };
static const wg_param_def add_params[1] = {{"W", 8, 1, 32, NULL, "bits", "test", 0}};
static const wg_port_def add_ports[ADD_NPORTS] = {
	{"rst_i", WG_IN, "control", "reset (unused)"},
	{"a_i", WG_IN, "data", "a"},
	{"b_i", WG_IN, "data", "b"},
	{"y_o", WG_OUT, "data", "a + b"},
};
typedef struct add_model {
	uint32_t mask;      /* W ones */
	long evals;         /* evaluations so far */
	wg_layout lay;      /* frame layout */
	uint64_t counts[1]; /* none used */
} add_model;
static void add_widths(const long *p, int *w, int *ev)
{
	(void)ev;
	w[ADD_RST_I] = 1;
	w[ADD_A_I] = w[ADD_B_I] = w[ADD_Y_O] = (int)p[0];
}
static long add_storage(const long *p)
{
	(void)p;
	return 0;
}
static size_t add_size(const long *p)
{
	(void)p;
	return sizeof(add_model);
}
static void add_init(void *mem, const long *p, const wg_layout *L)
{
	add_model *m = mem;
	m->mask = (uint32_t)wg_ones64(p[0]);
	m->lay = *L;
}
static int add_eval(void *mem, const uint32_t *in, uint32_t *out, char *err, size_t n)
{
	add_model *m = mem;
	(void)err, (void)n;
	m->evals++;
	out[m->lay.off[ADD_Y_O]] = (in[m->lay.off[ADD_A_I]] + in[m->lay.off[ADD_B_I]]) & m->mask;
	return 0;
}
static void add_tick(void *mem, const uint32_t *in)
{
	(void)mem, (void)in;
}
static const uint64_t *add_counts(const void *mem)
{
	return ((const add_model *)mem)->counts;
}
static const wg_block add_block = {
	.name = "add", .summary = "adder", .params = add_params, .nparams = 1,
	.ports = add_ports, .nports = ADD_NPORTS, .events = NULL, .nevents = 0,
	.check = NULL, .widths = add_widths, .storage_bits = add_storage,
	.model_size = add_size, .model_init = add_init, .model_eval = add_eval,
	.model_tick = add_tick, .model_counts = add_counts,
};

/* ------------------------------------------------------------------ */
/* Compositions of the toy blocks                                      */

static const wg_param_def t_params[1] = {{"W", 8, 1, 32, NULL, "bits", "test", 0}};

/* back: add then acc; acc's state feeds add (a back edge through state
 * only), so the cycle settles on the second pass. out_o = in + 2s. */
enum { B_RST_I, B_IN_I, B_OUT_O, B_S_O, B_EV_O, B_NPORTS };
static const wg_port_def back_ports[B_NPORTS] = {
	{"rst_i", WG_IN, "control", "reset"},
	{"in_i", WG_IN, "data", "input"},
	{"out_o", WG_OUT, "data", "acc.y_o"},
	{"s_o", WG_OUT, "data", "acc.s_o"},
	{"ev_o", WG_OUT, "energy", "events"},
};
static const wg_event_def back_events[1] = {{"acc.step", "acc's step"}};
static const wg_comp_inst back_inst[2] = {{"add", &add_block, "W=W", NULL}, {"acc", &acc_block, "W=W", NULL}};
static const wg_comp_wire back_wires[] = {
	{"in_i", "add.a_i"}, {"acc.s_o", "add.b_i"}, {"add.y_o", "acc.x_i"},
	{"acc.y_o", "out_o"}, {"acc.s_o", "s_o"},
};
static const wg_comp back_comp = {back_inst, 2, back_wires, 5, NULL};
WG_COMP_BLOCK(back_block, "back", "back edge through state", t_params, back_ports, back_events, back_comp);

/* loop: acc's combinational output feeds add, add feeds acc: a true loop. */
static const wg_comp_wire loop_wires[] = {
	{"in_i", "add.a_i"}, {"acc.y_o", "add.b_i"}, {"add.y_o", "acc.x_i"},
	{"add.y_o", "out_o"}, {"acc.s_o", "s_o"},
};
static const wg_comp loop_comp = {back_inst, 2, loop_wires, 5, NULL};
WG_COMP_BLOCK(loop_block, "loop", "combinational loop", t_params, back_ports, back_events, loop_comp);

/* chain: acc a -> add k (+ all ones, i.e. - 1) -> acc b, forward only; b's
 * INIT is a literal; k's second addend a constant. */
enum { C_RST_I, C_IN_I, C_OUT_O, C_SA_O, C_SB_O, C_EV_O, C_NPORTS };
static const wg_port_def chain_ports[C_NPORTS] = {
	{"rst_i", WG_IN, "control", "reset"},
	{"in_i", WG_IN, "data", "input"},
	{"out_o", WG_OUT, "data", "b.y_o"},
	{"sa_o", WG_OUT, "data", "a.s_o"},
	{"sb_o", WG_OUT, "data", "b.s_o"},
	{"ev_o", WG_OUT, "energy", "events"},
};
static const wg_event_def chain_events[2] = {{"a.step", "a"}, {"b.step", "b"}};
static const wg_comp_inst chain_inst[3] = {
	{"a", &acc_block, "W=W", NULL}, {"k", &add_block, "W=W", NULL}, {"b", &acc_block, "W=W,INIT=5", NULL}};
static const wg_comp_wire chain_wires[] = {
	{"in_i", "a.x_i"}, {"a.y_o", "k.a_i"}, {"1", "k.b_i"}, {"k.y_o", "b.x_i"},
	{"b.y_o", "out_o"}, {"a.s_o", "sa_o"}, {"b.s_o", "sb_o"},
};
static const wg_comp chain_comp = {chain_inst, 3, chain_wires, 7, NULL};
WG_COMP_BLOCK(chain_block, "chain", "forward chain", t_params, chain_ports, chain_events, chain_comp);

/* outer: one instance of the composition chain (compositions nest). */
static const wg_event_def outer_events[2] = {{"c.a.step", "a"}, {"c.b.step", "b"}};
static const wg_comp_inst outer_inst[1] = {{"c", &chain_block, "W=W", NULL}};
static const wg_comp_wire outer_wires[] = {
	{"in_i", "c.in_i"}, {"c.out_o", "out_o"}, {"c.sa_o", "sa_o"}, {"c.sb_o", "sb_o"},
};
static const wg_comp outer_comp = {outer_inst, 1, outer_wires, 4, NULL};
WG_COMP_BLOCK(outer_block, "outer", "a composition inside a composition", t_params, chain_ports, outer_events,
	      outer_comp);

typedef struct run {
	const wg_block *b;    /* the composition */
	long p[WG_MAX_PARAMS];
	wg_layout L;
	void *m;              /* its model */
	uint32_t in[8], out[8];
	char err[512];
} run;

static void run_open(run *r, const wg_block *b)
{
	memset(r, 0, sizeof *r);
	r->b = b;
	wg_params_default(b, r->p);
	wg_layout_init(&r->L, b, r->p);
	r->m = calloc(1, b->model_size(r->p));
	b->model_init(r->m, r->p, &r->L);
}

static int run_eval(run *r, unsigned rst, uint32_t x)
{
	memset(r->in, 0, sizeof r->in);
	memset(r->out, 0, sizeof r->out);
	r->in[r->L.off[0]] = rst;
	r->in[r->L.off[1]] = x;
	r->err[0] = '\0';
	return r->b->model_eval(r->m, r->in, r->out, r->err, sizeof r->err);
}

static void toy_back(void)
{
	run r;
	run_open(&r, &back_block);
	char buf[512];
	CHECK(wg_comp_check(&back_block, r.p, buf, sizeof buf) == NULL);
	CHECK_EQ(r.L.width[B_OUT_O], 8);
	CHECK_EQ(r.L.width[B_EV_O], 1);
	CHECK_EQ(back_block.storage_bits(r.p), 8);
	CHECK(run_eval(&r, 1, 0) == 0);
	back_block.model_tick(r.m, r.in);
	uint32_t s = 0;
	int bad = 0, spurious_tested = 0;
	for (int cyc = 0; cyc < 200; cyc++) {
		uint32_t in = (uint32_t)(cyc * 37 + 11) & 0xffu;
		uint32_t x = (in + s) & 0xffu;
		if (x == 0xff) /* keep this loop legal; the error cases are below */
			in = (in + 1) & 0xffu, x = (in + s) & 0xffu;
		int rc = run_eval(&r, 0, in);
		bad += rc != 0;
		bad += r.out[r.L.off[B_OUT_O]] != ((in + 2 * s) & 0xffu);
		bad += r.out[r.L.off[B_S_O]] != s;
		bad += r.out[r.L.off[B_EV_O]] != (x != 0);
		back_block.model_tick(r.m, r.in);
		s = (x + s) & 0xffu;
	}
	CHECK_EQ(bad, 0);
	CHECK(back_block.model_counts(r.m)[0] > 150); /* acc.step, concatenated */
	/* Pass 0 guesses acc.s_o with last cycle's value s_prev. With
	 * in + s_prev == 0xff but in + s != 0xff, only an unsettled evaluation
	 * of acc sees the illegal all-ones addend: no error. */
	uint32_t s_prev = s;
	CHECK(run_eval(&r, 0, 3) == 0);
	back_block.model_tick(r.m, r.in);
	s = (3 + s_prev + s_prev) & 0xffu; /* x = 3 + s_prev; s = x + s_prev */
	const acc_model *am = wg_comp_child(r.m, 1);
	CHECK_EQ(am->s, s);
	uint32_t in_spur = (0xffu - s_prev) & 0xffu;
	if (((in_spur + s) & 0xffu) != 0xffu) {
		long ev0 = am->evals;
		CHECK(run_eval(&r, 0, in_spur) == 0);
		CHECK(strcmp(r.err, "") == 0);
		CHECK_EQ(wg_comp_passes(r.m), 3);
		CHECK_EQ(am->evals - ev0, 2); /* the spurious failing evaluation, then the settled one */
		spurious_tested = 1;
	}
	CHECK(spurious_tested);
	/* the settled value is all ones: reported, prefixed with the instance */
	uint32_t in_bad = (0xffu - s) & 0xffu;
	CHECK(run_eval(&r, 0, in_bad) == -1);
	CHECK(strcmp(r.err, "back: instance acc (acc): x_i is all ones (0xff)") == 0);
	if (strcmp(r.err, "back: instance acc (acc): x_i is all ones (0xff)") != 0)
		printf("  got: %s\n", r.err);
	/* an unchanged state: the confirming pass evaluates nothing */
	run_eval(&r, 1, 0);
	back_block.model_tick(r.m, r.in);
	run_eval(&r, 0, 0);
	back_block.model_tick(r.m, r.in);
	const add_model *dm = wg_comp_child(r.m, 0);
	long a0 = dm->evals, c0 = am->evals;
	CHECK(run_eval(&r, 0, 0) == 0);
	CHECK_EQ(wg_comp_passes(r.m), 2);
	CHECK_EQ(dm->evals - a0, 1);
	CHECK_EQ(am->evals - c0, 1);
	/* tick without eval settles by itself */
	memset(r.in, 0, sizeof r.in);
	r.in[r.L.off[B_IN_I]] = 7;
	back_block.model_tick(r.m, r.in);
	CHECK_EQ(am->s, 7);
	/* a constant non-zero state (in = -s, so x = 0): last cycle's wire values
	 * are the right guess, and one pass plus the confirming one suffice */
	CHECK(run_eval(&r, 0, 256 - 7) == 0);
	back_block.model_tick(r.m, r.in);
	CHECK(run_eval(&r, 0, 256 - 7) == 0);
	CHECK_EQ(wg_comp_passes(r.m), 2);
	CHECK_EQ(r.out[r.L.off[B_OUT_O]], 7);
	free(r.m);
}

static void toy_loop(void)
{
	run r;
	run_open(&r, &loop_block);
	char buf[512];
	CHECK(wg_comp_check(&loop_block, r.p, buf, sizeof buf) == NULL); /* structure is legal */
	CHECK(run_eval(&r, 1, 0) == 0);
	loop_block.model_tick(r.m, r.in);
	CHECK(run_eval(&r, 0, 0) == 0); /* in + s == 0: any value is a fixed point */
	CHECK(run_eval(&r, 0, 1) == -1);
	CHECK(strstr(r.err, "loop: combinational loop: the inputs of add acc still change after 3 evaluation passes") != NULL);
	if (!strstr(r.err, "combinational loop"))
		printf("  got: %s\n", r.err);
	free(r.m);
}

static void toy_chain(void)
{
	run r;
	run_open(&r, &chain_block);
	char buf[512];
	CHECK(wg_comp_check(&chain_block, r.p, buf, sizeof buf) == NULL);
	CHECK_EQ(r.L.width[C_EV_O], 2);
	CHECK_EQ(r.L.ev_lsb[1], 1);
	CHECK_EQ(chain_block.storage_bits(r.p), 16);
	CHECK(run_eval(&r, 1, 0) == 0);
	chain_block.model_tick(r.m, r.in);
	uint32_t sa = 0, sb = 5;
	int bad = 0;
	uint64_t na = 0, nb = 0;
	for (int cyc = 0; cyc < 100; cyc++) {
		uint32_t in = (uint32_t)(cyc % 3 == 0 ? 0 : cyc * 13) & 0x7fu;
		uint32_t ya = (in + sa) & 0xffu, xb = (ya + 0xffu) & 0xffu;
		if (xb == 0xff)
			continue;
		bad += run_eval(&r, 0, in) != 0;
		bad += wg_comp_passes(r.m) != 1; /* forward only: one pass */
		bad += r.out[r.L.off[C_OUT_O]] != ((xb + sb) & 0xffu);
		bad += r.out[r.L.off[C_SA_O]] != sa || r.out[r.L.off[C_SB_O]] != sb;
		bad += r.out[r.L.off[C_EV_O]] != ((in != 0) | (unsigned)(xb != 0) << 1);
		chain_block.model_tick(r.m, r.in);
		na += in != 0;
		nb += xb != 0;
		sa = ya;
		sb = (xb + sb) & 0xffu;
	}
	CHECK_EQ(bad, 0);
	const uint64_t *cnt = chain_block.model_counts(r.m);
	CHECK_EQ(cnt[0], na);
	CHECK_EQ(cnt[1], nb);
	/* the model holds no self pointers: a copy runs on */
	size_t sz = chain_block.model_size(r.p);
	void *copy = malloc(sz);
	memcpy(copy, r.m, sz);
	memset(r.m, 0xa5, sz);
	free(r.m);
	r.m = copy;
	CHECK(run_eval(&r, 0, 2) == 0);
	CHECK_EQ(r.out[r.L.off[C_OUT_O]], (((2 + sa + 0xffu) & 0xffu) + sb) & 0xffu);
	CHECK(wg_comp_child(r.m, 3) == NULL && wg_comp_child_in(r.m, -1) == NULL);
	CHECK(wg_comp_child_layout(r.m, 2)->width[ACC_X_I] == 8);
	CHECK_EQ(wg_comp_child_in(r.m, 0)[wg_comp_child_layout(r.m, 0)->off[ACC_X_I]], 2);
	CHECK_EQ(wg_comp_child_out(r.m, 1)[wg_comp_child_layout(r.m, 1)->off[ADD_Y_O]], (2 + sa + 0xffu) & 0xffu);
	/* W=4 everywhere: widths follow the parameter */
	r.p[0] = 4;
	wg_layout L;
	wg_layout_init(&L, &chain_block, r.p);
	CHECK_EQ(L.width[C_IN_I], 4);
	CHECK(wg_params_check(&chain_block, r.p, buf, sizeof buf) == NULL);
	r.p[0] = 2; /* b's INIT=5 no longer fits: b's own check, prefixed */
	CHECK(wg_params_check(&chain_block, r.p, buf, sizeof buf) != NULL &&
	      strcmp(buf, "chain: instance b (acc): INIT=5 must be below 2^W=4") == 0);
	free(r.m);
}

static void toy_nested(void)
{
	run a, b;
	run_open(&a, &chain_block);
	run_open(&b, &outer_block);
	char buf[512];
	CHECK(wg_comp_check(&outer_block, b.p, buf, sizeof buf) == NULL);
	CHECK(memcmp(&a.L, &b.L, sizeof a.L) == 0);
	CHECK_EQ(outer_block.storage_bits(b.p), 16);
	int bad = 0;
	for (int cyc = 0; cyc < 300; cyc++) {
		uint32_t x = cyc < 2 ? 0 : (uint32_t)(cyc * 29) & 0x3fu;
		int ra = run_eval(&a, cyc < 2, x), rb = run_eval(&b, cyc < 2, x);
		bad += ra != rb || memcmp(a.out, b.out, sizeof a.out) != 0;
		if (ra)
			bad += strcmp(b.err, "outer: instance c (chain): instance b (acc): x_i is all ones (0xff)") != 0;
		if (ra)
			continue;
		chain_block.model_tick(a.m, a.in);
		outer_block.model_tick(b.m, b.in);
		bad += memcmp(chain_block.model_counts(a.m), outer_block.model_counts(b.m), 16) != 0;
	}
	CHECK_EQ(bad, 0);
	CHECK(outer_block.model_counts(b.m)[1] > 100);
	free(a.m);
	free(b.m);
}

/* Structural errors: one mutation of `chain` each. */
static const char *mutated(const wg_comp_inst *inst, const wg_comp_wire *wires, int nwires,
			   const wg_event_def *events, int nevents, const wg_port_def *ports, int nports, char *buf,
			   size_t n)
{
	wg_comp c = {inst ? inst : chain_inst, 3, wires ? wires : chain_wires, wires ? nwires : 7, NULL};
	wg_block b = chain_block;
	b.comp = &c;
	if (events)
		b.events = events, b.nevents = nevents;
	if (ports)
		b.ports = ports, b.nports = nports;
	long p[WG_MAX_PARAMS];
	wg_params_default(&b, p);
	return wg_comp_check(&b, p, buf, n);
}

#define EXPECT_ERR(call, text)                                                  \
	do {                                                                    \
		char buf_[512];                                                 \
		const char *e_ = call;                                          \
		CHECK(e_ != NULL && strstr(e_, text) != NULL);                  \
		if (!(e_ != NULL && strstr(e_, text) != NULL))                  \
			printf("  expected '%s', got '%s'\n", text, e_ ? e_ : "NULL"); \
		(void)buf_;                                                     \
	} while (0)

static void toy_errors(void)
{
	char buf[512];
	static const wg_comp_wire undriven[] = {
		{"a.y_o", "k.a_i"}, {"1", "k.b_i"}, {"k.y_o", "b.x_i"},
		{"b.y_o", "out_o"}, {"a.s_o", "sa_o"}, {"b.s_o", "sb_o"},
	};
	EXPECT_ERR(mutated(NULL, undriven, 6, NULL, 0, NULL, 0, buf, sizeof buf),
		   "chain: a.x_i is not driven");
	static const wg_comp_wire twice[] = {
		{"in_i", "a.x_i"}, {"a.y_o", "k.a_i"}, {"1", "k.b_i"}, {"k.y_o", "b.x_i"}, {"in_i", "b.x_i"},
		{"b.y_o", "out_o"}, {"a.s_o", "sa_o"}, {"b.s_o", "sb_o"},
	};
	EXPECT_ERR(mutated(NULL, twice, 8, NULL, 0, NULL, 0, buf, sizeof buf),
		   "wire 4 (in_i -> b.x_i): b.x_i is driven twice");
	static const wg_comp_wire unread[] = {
		{"in_i", "a.x_i"}, {"a.y_o", "k.a_i"}, {"1", "k.b_i"}, {"k.y_o", "b.x_i"},
		{"b.y_o", "out_o"}, {"b.s_o", "sb_o"}, {"b.s_o", "sa_o"},
	};
	EXPECT_ERR(mutated(NULL, unread, 7, NULL, 0, NULL, 0, buf, sizeof buf), "chain: a.s_o is not read");
	static const wg_comp_inst narrow[3] = {
		{"a", &acc_block, "W=W", NULL}, {"k", &add_block, "W=W", NULL}, {"b", &acc_block, "W=4", NULL}};
	EXPECT_ERR(mutated(narrow, NULL, 0, NULL, 0, NULL, 0, buf, sizeof buf),
		   "wire 3 (k.y_o -> b.x_i): width 8 drives width 4");
	static const wg_comp_inst badbind[3] = {
		{"a", &acc_block, "W=W,NOPE=1", NULL}, {"k", &add_block, "W=W", NULL}, {"b", &acc_block, "W=W", NULL}};
	EXPECT_ERR(mutated(badbind, NULL, 0, NULL, 0, NULL, 0, buf, sizeof buf),
		   "chain: instance a: block acc has no parameter NOPE");
	static const wg_comp_inst badval[3] = {
		{"a", &acc_block, "W=wide", NULL}, {"k", &add_block, "W=W", NULL}, {"b", &acc_block, "W=W", NULL}};
	EXPECT_ERR(mutated(badval, NULL, 0, NULL, 0, NULL, 0, buf, sizeof buf),
		   "W=wide: not a parameter of the composition");
	static const wg_comp_inst range[3] = {
		{"a", &acc_block, "W=40", NULL}, {"k", &add_block, "W=W", NULL}, {"b", &acc_block, "W=W", NULL}};
	EXPECT_ERR(mutated(range, NULL, 0, NULL, 0, NULL, 0, buf, sizeof buf),
		   "chain: instance a (acc): W=40 is out of range (legal range 1..32)");
	static const wg_comp_inst dup[3] = {
		{"a", &acc_block, "W=W", NULL}, {"k", &add_block, "W=W", NULL}, {"a", &acc_block, "W=W", NULL}};
	EXPECT_ERR(mutated(dup, NULL, 0, NULL, 0, NULL, 0, buf, sizeof buf), "listed twice");
	static const wg_event_def wrong_ev[2] = {{"b.step", "b"}, {"a.step", "a"}};
	EXPECT_ERR(mutated(NULL, NULL, 0, wrong_ev, 2, NULL, 0, buf, sizeof buf),
		   "chain: event 0 must be 'a.step'");
	EXPECT_ERR(mutated(NULL, NULL, 0, chain_events, 1, NULL, 0, buf, sizeof buf),
		   "chain: event 1 must be 'b.step'");
	static const wg_port_def extra[C_NPORTS + 1] = {
		{"rst_i", WG_IN, "control", "reset"}, {"in_i", WG_IN, "data", "input"},
		{"out_o", WG_OUT, "data", "b.y_o"}, {"sa_o", WG_OUT, "data", "a.s_o"},
		{"sb_o", WG_OUT, "data", "b.s_o"}, {"ev_o", WG_OUT, "energy", "events"},
		{"spare_i", WG_IN, "data", "not used"},
	};
	EXPECT_ERR(mutated(NULL, NULL, 0, NULL, 0, extra, C_NPORTS + 1, buf, sizeof buf),
		   "chain: port spare_i is not used");
	static const wg_comp_wire wrongdir[] = {
		{"in_i", "a.x_i"}, {"a.y_o", "k.a_i"}, {"1", "k.b_i"}, {"k.y_o", "b.x_i"},
		{"b.y_o", "out_o"}, {"a.s_o", "sa_o"}, {"sb_o", "b.s_o"},
	};
	EXPECT_ERR(mutated(NULL, wrongdir, 7, NULL, 0, NULL, 0, buf, sizeof buf),
		   "wire 6 (sb_o -> b.s_o): the source must be");
	static const wg_comp_wire constout[] = {
		{"in_i", "a.x_i"}, {"a.y_o", "k.a_i"}, {"1", "k.b_i"}, {"k.y_o", "b.x_i"},
		{"b.y_o", "out_o"}, {"a.s_o", "sa_o"}, {"b.s_o", "sb_o"}, {"0", "sb_o"},
	};
	EXPECT_ERR(mutated(NULL, constout, 8, NULL, 0, NULL, 0, buf, sizeof buf), "a constant drives instance inputs only");
	static const wg_comp_wire noport[] = {
		{"in_i", "a.x_i"}, {"a.y_o", "k.a_i"}, {"1", "k.b_i"}, {"k.y_o", "b.x_i"},
		{"b.y_o", "out_o"}, {"a.s_o", "sa_o"}, {"b.q_o", "sb_o"},
	};
	EXPECT_ERR(mutated(NULL, noport, 7, NULL, 0, NULL, 0, buf, sizeof buf), "'b.q_o': block acc has no port q_o");
	static const wg_comp_wire rst[] = {
		{"in_i", "a.x_i"}, {"a.y_o", "k.a_i"}, {"1", "k.b_i"}, {"k.y_o", "b.x_i"}, {"rst_i", "a.rst_i"},
		{"b.y_o", "out_o"}, {"a.s_o", "sa_o"}, {"b.s_o", "sb_o"},
	};
	EXPECT_ERR(mutated(NULL, rst, 8, NULL, 0, NULL, 0, buf, sizeof buf), "the sink must be an instance input other than rst_i");
	static const wg_comp_wire evw[] = {
		{"in_i", "a.x_i"}, {"a.y_o", "k.a_i"}, {"1", "k.b_i"}, {"k.y_o", "b.x_i"}, {"a.ev_o", "sa_o"},
		{"b.y_o", "out_o"}, {"a.s_o", "sa_o"}, {"b.s_o", "sb_o"},
	};
	EXPECT_ERR(mutated(NULL, evw, 8, NULL, 0, NULL, 0, buf, sizeof buf), "an instance output other than ev_o");
}

/* ------------------------------------------------------------------ */
/* One rfc inside a composition = rfc alone, bit for bit.              */

static wg_event_def solo_events[RFC_NEVENTS];
static char solo_ev_names[RFC_NEVENTS][48];
static wg_comp_wire solo_wires[RFC_NPORTS];
static char solo_wire_names[RFC_NPORTS][48];
static const wg_comp_inst solo_inst[1] = {
	{"rfc", &wg_block_rfc,
	 "WARPS=WARPS,ACTIVE_WARPS=ACTIVE_WARPS,ENTRIES=ENTRIES,LANES=LANES,WIDTH=WIDTH,REG_BITS=REG_BITS,"
	 "READ_PORTS=READ_PORTS,READ_LAT=READ_LAT,FLUSH_PORTS=FLUSH_PORTS,REPLACEMENT=REPLACEMENT,LIVENESS=LIVENESS", NULL}};
static wg_comp solo_comp = {solo_inst, 1, solo_wires, 0, NULL};
static wg_block solo_block;

static const char *solo_check(const long *p, char *buf, size_t n)
{
	return wg_comp_check(&solo_block, p, buf, n);
}
static void solo_widths(const long *p, int *w, int *ev)
{
	wg_comp_widths(&solo_block, p, w, ev);
}
static long solo_storage(const long *p)
{
	return wg_comp_storage_bits(&solo_block, p);
}
static size_t solo_size(const long *p)
{
	return wg_comp_model_size(&solo_block, p);
}
static void solo_init(void *m, const long *p, const wg_layout *L)
{
	wg_comp_model_init(&solo_block, m, p, L);
}

static void solo_setup(void)
{
	for (int e = 0; e < RFC_NEVENTS; e++) {
		snprintf(solo_ev_names[e], sizeof solo_ev_names[e], "rfc.%s", wg_block_rfc.events[e].name);
		solo_events[e] = (wg_event_def){solo_ev_names[e], wg_block_rfc.events[e].help};
	}
	int nw = 0;
	for (int i = 1; i < RFC_NPORTS; i++) {
		const char *name = wg_block_rfc.ports[i].name;
		if (i == RFC_EV_O)
			continue;
		snprintf(solo_wire_names[nw], sizeof solo_wire_names[nw], "rfc.%s", name);
		solo_wires[nw] = wg_block_rfc.ports[i].dir == WG_IN ? (wg_comp_wire){name, solo_wire_names[nw]}
								 : (wg_comp_wire){solo_wire_names[nw], name};
		nw++;
	}
	solo_comp.nwires = nw;
	solo_block = wg_block_rfc;
	solo_block.name = "solo";
	solo_block.template_file = NULL;
	solo_block.comp = &solo_comp;
	solo_block.events = solo_events;
	solo_block.check = solo_check;
	solo_block.widths = solo_widths;
	solo_block.storage_bits = solo_storage;
	solo_block.model_size = solo_size;
	solo_block.model_init = solo_init;
	solo_block.model_eval = wg_comp_model_eval;
	solo_block.model_tick = wg_comp_model_tick;
	solo_block.model_counts = wg_comp_model_counts;
}

static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* ------------------------------------------------------------------ */
/* Instance arrays: arr = a (N x acc, W bits) -> k (one add, NW = N*W bits,
 * + in2_i) -> b (N x acc), and c (N x add, a_i = constant ones, b_i = in_i)
 * -> d (M x acc of HW bits: the same bits cut into M slices). Checked
 * against the arithmetic by hand: concatenation order (k's carries run from
 * copy 0's byte into copy 1's), slices across copies, constants, event sums,
 * summed counts, storage, errors naming the copy. */

enum { AR_P_W, AR_P_N, AR_P_NW, AR_P_HW, AR_P_M, AR_NP };
enum { AR_RST_I, AR_IN_I, AR_IN2_I, AR_SUM_O, AR_SA_O, AR_YB_O, AR_SB_O, AR_C_O, AR_YD_O, AR_SD_O, AR_EV_O,
       AR_NPORTS };
static const wg_param_def arr_params[AR_NP] = {
	{"W", 8, 1, 32, NULL, "bits of a, b, c", "test", 0},
	{"N", 3, 0, 60, NULL, "copies of a, b, c", "test", 0},
	{"NW", 24, 1, 32, NULL, "N x W", "test", 0},
	{"HW", 4, 1, 32, NULL, "bits of d", "test", 0},
	{"M", 6, 0, 60, NULL, "copies of d", "test", 0},
};
static const wg_port_def arr_ports[AR_NPORTS] = {
	{"rst_i", WG_IN, "control", "reset"}, {"in_i", WG_IN, "data", "a.x_i, c.b_i"},
	{"in2_i", WG_IN, "data", "k.b_i"}, {"sum_o", WG_OUT, "data", "k.y_o"},
	{"sa_o", WG_OUT, "data", "a.s_o"}, {"yb_o", WG_OUT, "data", "b.y_o"},
	{"sb_o", WG_OUT, "data", "b.s_o"}, {"c_o", WG_OUT, "data", "c.y_o"},
	{"yd_o", WG_OUT, "data", "d.y_o"}, {"sd_o", WG_OUT, "data", "d.s_o"},
	{"ev_o", WG_OUT, "energy", "events"},
};
static const wg_event_def arr_events[3] = {{"a.step", "a"}, {"b.step", "b"}, {"d.step", "d"}};
static const wg_comp_inst arr_inst[5] = {
	{"a", &acc_block, "W=W", "N"}, {"k", &add_block, "W=NW", NULL}, {"b", &acc_block, "W=W", "N"},
	{"c", &add_block, "W=W", "N"}, {"d", &acc_block, "W=HW", "M"},
};
static const wg_comp_wire arr_wires[] = {
	{"in_i", "a.x_i"}, {"a.y_o", "k.a_i"}, {"in2_i", "k.b_i"}, {"k.y_o", "b.x_i"}, {"k.y_o", "sum_o"},
	{"a.s_o", "sa_o"}, {"b.y_o", "yb_o"}, {"b.s_o", "sb_o"}, {"1", "c.a_i"}, {"in_i", "c.b_i"},
	{"c.y_o", "d.x_i"}, {"c.y_o", "c_o"}, {"d.y_o", "yd_o"}, {"d.s_o", "sd_o"},
};
static const char *arr_rule(const long *p, char *buf, size_t n)
{
	if (p[AR_P_NW] != p[AR_P_N] * p[AR_P_W]) {
		snprintf(buf, n, "arr: NW must be N x W");
		return buf;
	}
	return NULL;
}
static const wg_comp arr_comp = {arr_inst, 5, arr_wires, 14, arr_rule};
WG_COMP_BLOCK(arr_block, "arr", "instance arrays", arr_params, arr_ports, arr_events, arr_comp);

static void toy_array(void)
{
	const wg_block *B = &arr_block;
	long p[WG_MAX_PARAMS];
	char err[512];
	wg_params_default(B, p);
	CHECK(wg_comp_check(B, p, err, sizeof err) == NULL);
	wg_layout L;
	wg_layout_init(&L, B, p);
	CHECK_EQ(L.width[AR_IN_I], 24);
	CHECK_EQ(L.width[AR_SUM_O], 24);
	CHECK_EQ(L.width[AR_YD_O], 24);
	CHECK_EQ(L.ev_w[0], 2); /* 3 x 1 bit: 0..3 */
	CHECK_EQ(L.ev_w[1], 2);
	CHECK_EQ(L.ev_w[2], 3); /* 6 x 1 bit: 0..6 */
	CHECK_EQ(L.width[AR_EV_O], 7);
	CHECK_EQ(B->storage_bits(p), 3 * 8 + 3 * 8 + 6 * 4); /* acc: W bits each; add: none */
	CHECK_EQ(wg_comp_copies(B, 0, p), 3);
	CHECK_EQ(wg_comp_copies(B, 1, p), 1);
	CHECK_EQ(wg_comp_copies(B, 4, p), 6);
	CHECK_EQ(wg_comp_copies(B, 5, p), -1);
	void *m = calloc(1, B->model_size(p));
	B->model_init(m, p, &L);
	CHECK_EQ(wg_comp_ncopies(m), 16);
	CHECK_EQ(wg_comp_first_copy(m, 1), 3);
	CHECK_EQ(wg_comp_first_copy(m, 2), 4);
	CHECK_EQ(wg_comp_first_copy(m, 4), 10);
	CHECK_EQ(wg_comp_first_copy(m, 5), -1);
	CHECK(wg_comp_child(m, 15) != NULL && wg_comp_child(m, 16) == NULL);
	CHECK_EQ(wg_comp_child_layout(m, 10)->width[ACC_X_I], 4);
	CHECK_EQ(wg_comp_child_layout(m, 3)->width[ADD_Y_O], 24);
	uint32_t sa[3] = {0}, sb[3] = {0}, sd[6] = {0};
	uint64_t cnt[3] = {0}, rs = 77;
	uint32_t in[8], out[8];
	long bad = 0, errs = 0, carries = 0, msgbad = 0;
	for (int cyc = 0; cyc < 3000; cyc++) {
		int rst = cyc < 2 || cyc % 997 == 0;
		uint32_t x = (uint32_t)rng_next(&rs) & 0xffffffu, x2 = (uint32_t)rng_next(&rs) & 0xffffffu;
		if (cyc % 3) /* mostly legal: no byte of x all ones */
			for (int q = 0; q < 3; q++)
				if (((x >> (8 * q)) & 0xffu) == 0xffu)
					x ^= 1u << (8 * q);
		if (cyc % 5 == 0)
			x &= 0xff00ffu; /* some zero addends: not every copy steps */
		/* the arithmetic */
		uint32_t A = 0, Y = 0, C = 0, YD = 0, SA = 0, SB = 0, SD = 0;
		unsigned ea = 0, eb = 0, ed = 0;
		for (int q = 0; q < 3; q++) {
			uint32_t xq = (x >> (8 * q)) & 0xffu;
			A |= ((xq + sa[q]) & 0xffu) << (8 * q);
			C |= ((xq + 0xffu) & 0xffu) << (8 * q);
			SA |= sa[q] << (8 * q);
			SB |= sb[q] << (8 * q);
			ea += !rst && xq != 0;
		}
		uint32_t K = (A + x2) & 0xffffffu;
		carries += ((A & 0xffu) + (x2 & 0xffu)) > 0xffu;
		int bad_copy = -1; /* the first copy (in copy order) with an all-ones x_i */
		for (int q = 0; q < 3; q++)
			if (!rst && ((x >> (8 * q)) & 0xffu) == 0xffu && bad_copy < 0)
				bad_copy = q;
		for (int q = 0; q < 3; q++) {
			uint32_t bq = (K >> (8 * q)) & 0xffu;
			Y |= ((bq + sb[q]) & 0xffu) << (8 * q);
			eb += !rst && bq != 0;
			if (!rst && bq == 0xffu && bad_copy < 0)
				bad_copy = 4 + q;
		}
		for (int r = 0; r < 6; r++) {
			uint32_t dq = (C >> (4 * r)) & 0xfu;
			YD |= ((dq + sd[r]) & 0xfu) << (4 * r);
			SD |= sd[r] << (4 * r);
			ed += !rst && dq != 0;
			if (!rst && dq == 0xfu && bad_copy < 0)
				bad_copy = 10 + r;
		}
		memset(in, 0, sizeof in);
		memset(out, 0, sizeof out);
		in[L.off[AR_RST_I]] = (uint32_t)rst;
		in[L.off[AR_IN_I]] = x;
		in[L.off[AR_IN2_I]] = x2;
		err[0] = '\0';
		int rc = B->model_eval(m, in, out, err, sizeof err);
		bad += (rc != 0) != (bad_copy >= 0);
		if (rc) {
			char want[128];
			if (bad_copy < 4)
				snprintf(want, sizeof want, "arr: instance a[%d] (acc): x_i is all ones (0xff)", bad_copy);
			else if (bad_copy < 10)
				snprintf(want, sizeof want, "arr: instance b[%d] (acc): x_i is all ones (0xff)", bad_copy - 4);
			else
				snprintf(want, sizeof want, "arr: instance d[%d] (acc): x_i is all ones (0xf)", bad_copy - 10);
			msgbad += strcmp(err, want) != 0;
			if (strcmp(err, want) != 0 && msgbad < 3)
				printf("  cycle %d: '%s', expected '%s'\n", cyc, err, want);
			errs++;
		}
		bad += out[L.off[AR_SUM_O]] != K || out[L.off[AR_SA_O]] != SA || out[L.off[AR_YB_O]] != Y ||
		       out[L.off[AR_SB_O]] != SB || out[L.off[AR_C_O]] != C || out[L.off[AR_YD_O]] != YD ||
		       out[L.off[AR_SD_O]] != SD;
		bad += out[L.off[AR_EV_O]] != (ea | eb << 2 | ed << 4);
		/* a copy's own frames: b[1] reads byte 1 of k's sum */
		bad += wg_comp_child_in(m, 5)[wg_comp_child_layout(m, 5)->off[ACC_X_I]] != ((K >> 8) & 0xffu);
		bad += ((const acc_model *)wg_comp_child(m, 11))->s != sd[1];
		if (rc)
			continue;
		B->model_tick(m, in);
		for (int q = 0; q < 3; q++) {
			uint32_t xq = (x >> (8 * q)) & 0xffu, bq = (K >> (8 * q)) & 0xffu;
			sa[q] = rst ? 0 : (xq + sa[q]) & 0xffu;
			sb[q] = rst ? 0 : (bq + sb[q]) & 0xffu;
		}
		for (int r = 0; r < 6; r++)
			sd[r] = rst ? 0 : (((C >> (4 * r)) & 0xfu) + sd[r]) & 0xfu;
		cnt[0] += ea, cnt[1] += eb, cnt[2] += ed;
		bad += memcmp(B->model_counts(m), cnt, sizeof cnt) != 0;
	}
	CHECK_EQ(bad, 0);
	CHECK_EQ(msgbad, 0);
	CHECK(errs > 100 && carries > 100 && cnt[0] > 1000 && cnt[2] > 1000);
	printf("arr: 3000 cycles, %ld protocol errors named by copy, %ld carries across copies, counts %llu %llu %llu\n",
	       errs, carries, (unsigned long long)cnt[0], (unsigned long long)cnt[1], (unsigned long long)cnt[2]);
	/* a legal configuration with one copy each: the same as no array */
	CHECK(wg_params_apply(B, p, "N=1,NW=8,M=2", err, sizeof err) == NULL);
	CHECK(wg_comp_check(B, p, err, sizeof err) == NULL);
	wg_layout_init(&L, B, p);
	CHECK_EQ(L.ev_w[0], 1);
	CHECK_EQ(L.ev_w[2], 2);
	free(m);
}

/* arr with one change, checked at its defaults (or at the settings in sets). */
static const char *arr_mutated(const wg_comp_inst *inst, const wg_comp_wire *wires, int nwires, const char *sets,
			       char *buf, size_t n)
{
	wg_comp c = {inst ? inst : arr_inst, 5, wires ? wires : arr_wires, wires ? nwires : 14, NULL};
	wg_block b = arr_block;
	b.comp = &c;
	long p[WG_MAX_PARAMS];
	wg_params_default(&b, p);
	if (sets && wg_params_apply(&b, p, sets, buf, n))
		return buf;
	return wg_comp_check(&b, p, buf, n);
}

static void toy_array_errors(void)
{
	char buf[512];
	static const wg_comp_inst nocount[5] = {
		{"a", &acc_block, "W=W", "NOPE"}, {"k", &add_block, "W=NW", NULL}, {"b", &acc_block, "W=W", "N"},
		{"c", &add_block, "W=W", "N"}, {"d", &acc_block, "W=HW", "M"}};
	EXPECT_ERR(arr_mutated(nocount, NULL, 0, NULL, buf, sizeof buf),
		   "arr: instance a: count NOPE is not an integer parameter of arr");
	EXPECT_ERR(arr_mutated(NULL, NULL, 0, "N=0,NW=1", buf, sizeof buf),
		   "arr: instance a: N=0 copies (an instance array has 1..40)");
	EXPECT_ERR(arr_mutated(NULL, NULL, 0, "N=41", buf, sizeof buf),
		   "arr: instance a: N=41 copies (an instance array has 1..40)");
	EXPECT_ERR(arr_mutated(NULL, NULL, 0, "N=4,NW=32,W=8,M=30", buf, sizeof buf),
		   "arr: 43 instances in all, more than 40 (N=4 copies of a, N=4 copies of b, N=4 copies of c, "
		   "M=30 copies of d)");
	EXPECT_ERR(arr_mutated(NULL, NULL, 0, "M=5", buf, sizeof buf),
		   "wire 10 (c.y_o -> d.x_i): width 24 drives width 20");
	EXPECT_ERR(arr_mutated(NULL, NULL, 0, "NW=16", buf, sizeof buf),
		   "wire 1 (a.y_o -> k.a_i): width 24 drives width 16");
	/* the rule of the composition still comes first */
	long p[WG_MAX_PARAMS];
	wg_params_default(&arr_block, p);
	CHECK(wg_params_apply(&arr_block, p, "NW=16", buf, sizeof buf) == NULL);
	EXPECT_ERR(wg_comp_check(&arr_block, p, buf, sizeof buf), "arr: NW must be N x W");
}

/* The generated top of an array of a real block: rfc x N, every port
 * exported (the solo wires), event fields summed. */
static wg_block rfcs_block;
static const char *rfcs_check(const long *p, char *buf, size_t n)
{
	return wg_comp_check(&rfcs_block, p, buf, n);
}
static void rfcs_widths(const long *p, int *w, int *ev)
{
	wg_comp_widths(&rfcs_block, p, w, ev);
}
static long rfcs_storage(const long *p)
{
	return wg_comp_storage_bits(&rfcs_block, p);
}

static void array_verilog(void)
{
	static wg_param_def params[WG_MAX_PARAMS];
	static const wg_comp_inst inst[1] = {
		{"rfc", &wg_block_rfc,
		 "WARPS=WARPS,ACTIVE_WARPS=ACTIVE_WARPS,ENTRIES=ENTRIES,LANES=LANES,WIDTH=WIDTH,REG_BITS=REG_BITS,"
		 "READ_PORTS=READ_PORTS,READ_LAT=READ_LAT,FLUSH_PORTS=FLUSH_PORTS,REPLACEMENT=REPLACEMENT,"
		 "LIVENESS=LIVENESS",
		 "N"}};
	static wg_comp comp;
	int np = wg_block_rfc.nparams;
	memcpy(params, wg_block_rfc.params, (size_t)np * sizeof params[0]);
	params[np] = (wg_param_def){"N", 2, 1, 40, NULL, "copies", "test", 0};
	comp = (wg_comp){inst, 1, solo_wires, solo_comp.nwires, NULL};
	rfcs_block = solo_block;
	rfcs_block.name = "rfcs";
	rfcs_block.comp = &comp;
	rfcs_block.params = params;
	rfcs_block.nparams = np + 1;
	rfcs_block.check = rfcs_check;
	rfcs_block.widths = rfcs_widths;
	rfcs_block.storage_bits = rfcs_storage;
	rfcs_block.model_size = NULL; /* not run: the text only */
	rfcs_block.model_init = NULL;
	long p[WG_MAX_PARAMS];
	char err[512];
	wg_params_default(&rfcs_block, p);
	CHECK(wg_params_apply(&rfcs_block, p, "ACTIVE_WARPS=4,ENTRIES=4,LANES=4,WIDTH=8", err, sizeof err) == NULL);
	CHECK(wg_comp_check(&rfcs_block, p, err, sizeof err) == NULL);
	long pr[WG_MAX_PARAMS];
	CHECK(wg_comp_child_params(&rfcs_block, 0, p, pr, err, sizeof err) == NULL);
	wg_layout LR;
	wg_layout_init(&LR, &wg_block_rfc, pr);
	char *v = wg_comp_verilog(&rfcs_block, p, "t", err, sizeof err);
	CHECK(v != NULL);
	if (!v) {
		printf("  %s\n", err);
		return;
	}
	/* the layout as the composition's widths callback gives it */
	int pw[WG_MAX_PORTS], ew[WG_MAX_EVENTS];
	wg_comp_widths(&rfcs_block, p, pw, ew);
	int dw = LR.width[RFC_WR_DATA_I];
	char want[256];
	CHECK_EQ(pw[RFC_WR_DATA_I], 2 * dw);
	const char *mod = strstr(v, "\nmodule t_rfc #(");
	CHECK(mod != NULL && strstr(mod + 1, "\nmodule t_rfc #(") == NULL); /* one module for the copies */
	CHECK(strstr(v, "\nmodule t_rfc_0") == NULL && strstr(v, "\nmodule t_rfc_1") == NULL);
	CHECK(strstr(v, "  t_rfc u_rfc_0 (\n") != NULL);
	CHECK(strstr(v, "  t_rfc u_rfc_1 (\n") != NULL);
	CHECK(strstr(v, "u_rfc_2") == NULL);
	CHECK(strstr(v, "u_rfc (") == NULL);
	snprintf(want, sizeof want, "    .wr_data_i     (wr_data_i[%d:%d]),\n", 2 * dw - 1, dw);
	CHECK(strstr(v, want) != NULL);
	snprintf(want, sizeof want, "    .wr_data_i     (wr_data_i[%d:0]),\n", dw - 1);
	CHECK(strstr(v, want) != NULL);
	CHECK(strstr(v, "  assign rd_data_o = rfc_rd_data_o;\n") != NULL);
	CHECK(strstr(v, "  assign ev_o = {rfc_ev_sum};\n") != NULL);
	/* each event field: the two copies' fields, zero-extended by one bit, added */
	int cw = LR.width[RFC_EV_O], w0 = LR.ev_w[0];
	CHECK_EQ(ew[0], w0 + 1);
	if (w0 == 1)
		snprintf(want, sizeof want, "  assign rfc_ev_sum[1:0] = { {1{1'b0}}, rfc_ev_o[0]} + { {1{1'b0}}, rfc_ev_o[%d]};\n",
			 cw);
	else
		snprintf(want, sizeof want, "  assign rfc_ev_sum[%d:0] = { {1{1'b0}}, rfc_ev_o[%d:0]} + { {1{1'b0}}, "
			 "rfc_ev_o[%d:%d]};\n", w0, w0 - 1, cw + w0 - 1, cw);
	CHECK(strstr(v, want) != NULL);
	if (!strstr(v, want))
		printf("  expected: %s", want);
	CHECK(strstr(v, "// Instance array u_rfc_0 .. u_rfc_1 of t (N=2 copies, the same parameters)") != NULL);
	snprintf(want, sizeof want, "//   u_rfc_0..1     rfc x 2 (N), %ld storage bits each\n"
		 "// storage bits (flip-flops): %ld\n", wg_block_rfc.storage_bits(pr), 2 * wg_block_rfc.storage_bits(pr));
	CHECK(strstr(v, want) != NULL);
	CHECK_EQ(rfcs_block.storage_bits(p), 2 * wg_block_rfc.storage_bits(pr));
	if (getenv("WG_ARRAY_V")) { /* for a manual lint: WG_ARRAY_V=file */
		FILE *f = fopen(getenv("WG_ARRAY_V"), "w");
		if (f) {
			fputs(v, f);
			fclose(f);
		}
	}
	free(v);
}

static void solo_run(const char *sets, long cycles, uint64_t seed)
{
	const wg_block *rb = &wg_block_rfc, *sb = &solo_block;
	long p[WG_MAX_PARAMS];
	char err[512], err2[512];
	wg_params_default(rb, p);
	CHECK(wg_params_apply(rb, p, sets, err, sizeof err) == NULL);
	CHECK(wg_params_check(sb, p, err, sizeof err) == NULL);
	wg_layout L, LS;
	wg_layout_init(&L, rb, p);
	wg_layout_init(&LS, sb, p);
	CHECK(memcmp(&L, &LS, sizeof L) == 0); /* same ports, widths, events: same frames */
	CHECK_EQ(sb->storage_bits(p), rb->storage_bits(p));
	void *mr = calloc(1, rb->model_size(p));
	size_t ssz = sb->model_size(p);
	void *ms = calloc(1, ssz);
	rb->model_init(mr, p, &L);
	sb->model_init(ms, p, &LS);
	const wg_stim_def *sd = wg_stim_find("rfc");
	long knobs[WG_MAX_PARAMS];
	for (int i = 0; i < sd->nknobs; i++)
		knobs[i] = sd->knobs[i].def;
	void *st = calloc(1, sd->size(p));
	CHECK(sd->init(st, p, &L, knobs, -1, seed, err, sizeof err) == NULL);
	size_t nin = (size_t)L.nwords[WG_IN], nout = (size_t)L.nwords[WG_OUT];
	uint32_t *in = calloc(nin, 4), *oa = calloc(nout, 4), *ob = calloc(nout, 4), *rnd = calloc(nin, 4);
	long diff = 0, rcdiff = 0, msgdiff = 0, cntdiff = 0, errors = 0;
	uint64_t rs = seed * 2654435761u + 1;
	for (long cyc = 0; cyc < cycles; cyc++) {
		if (cyc % 7 == 3) { /* a random frame, evaluated only: protocol errors must agree */
			for (size_t i = 0; i < nin; i++)
				rnd[i] = (uint32_t)rng_next(&rs);
			for (int i = 0; i < rb->nports; i++)
				if (rb->ports[i].dir == WG_IN)
					for (int w = 0; w < (L.width[i] + 31) / 32; w++) {
						int left = L.width[i] - 32 * w;
						rnd[L.off[i] + w] &= (uint32_t)wg_ones64(left < 32 ? left : 32);
					}
			rnd[L.off[RFC_RST_I]] = 0;
			memset(oa, 0, nout * 4);
			memset(ob, 0, nout * 4);
			err[0] = err2[0] = '\0';
			int ra = rb->model_eval(mr, rnd, oa, err, sizeof err);
			int rb2 = sb->model_eval(ms, rnd, ob, err2, sizeof err2);
			errors += ra != 0;
			rcdiff += ra != rb2;
			diff += memcmp(oa, ob, nout * 4) != 0;
			if (ra) {
				char want[600];
				snprintf(want, sizeof want, "solo: instance rfc (rfc): %s", err + 5); /* "rfc: " dropped */
				msgdiff += strcmp(want, err2) != 0;
			}
		}
		memset(in, 0, nin * 4);
		sd->next(st, mr, in, cyc);
		memset(oa, 0, nout * 4);
		memset(ob, 0, nout * 4);
		int ra = rb->model_eval(mr, in, oa, err, sizeof err);
		int rb2 = sb->model_eval(ms, in, ob, err2, sizeof err2);
		rcdiff += ra != 0 || rb2 != 0;
		diff += memcmp(oa, ob, nout * 4) != 0;
		if (sd->observe)
			sd->observe(st, mr, in, oa, cyc);
		rb->model_tick(mr, in);
		sb->model_tick(ms, in);
		cntdiff += memcmp(rb->model_counts(mr), sb->model_counts(ms), (size_t)L.nevents * 8) != 0;
		if (cyc % 5000 == 4999) { /* move the composition's model: no self pointers */
			void *copy = malloc(ssz);
			memcpy(copy, ms, ssz);
			memset(ms, 0x5a, ssz);
			free(ms);
			ms = copy;
		}
	}
	CHECK_EQ(diff, 0);
	CHECK_EQ(rcdiff, 0);
	CHECK_EQ(msgdiff, 0);
	CHECK_EQ(cntdiff, 0);
	CHECK(errors > cycles / 20); /* the random frames did break the protocol */
	const uint64_t *c = rb->model_counts(mr);
	CHECK(c[RFC_EV_RFC_READ] > 0 && c[RFC_EV_EVICT_WB] > 0);
	printf("solo rfc [%s]: %ld cycles, %ld random frames with a protocol error, identical\n", sets, cycles, errors);
	free(in), free(oa), free(ob), free(rnd), free(st), free(mr), free(ms);
}

static void solo_verilog(void)
{
	long p[WG_MAX_PARAMS];
	char err[512];
	wg_params_default(&solo_block, p);
	char *v = wg_verilog(&solo_block, p, "t", err, sizeof err);
	CHECK(v != NULL);
	if (!v) {
		printf("  %s\n", err);
		return;
	}
	CHECK(strstr(v, "// Generated by warpgen") == v);
	CHECK(strstr(v + 1, "// Generated by warpgen") == NULL); /* one header per file */
	CHECK(strstr(v, "\nmodule t_rfc #(") != NULL);
	CHECK(strstr(v, "\nmodule t (\n  input  wire           clk_i,") != NULL);
	CHECK(strstr(v, "  t_rfc u_rfc (\n") != NULL);
	CHECK(strstr(v, "    .wr_data_i     (wr_data_i),\n") != NULL);
	CHECK(strstr(v, "  assign rd_data_o = rfc_rd_data_o;\n") != NULL);
	CHECK(strstr(v, "  assign ev_o = {rfc_ev_o};\n") != NULL);
	free(v);
	/* toy blocks have no template: a clear error, not a crash */
	long pc[WG_MAX_PARAMS];
	wg_params_default(&chain_block, pc);
	char *m = wg_comp_verilog_modules(&chain_block, pc, "c", err, sizeof err);
	CHECK(m == NULL && strstr(err, "acc: no Verilog template") != NULL);
	free(m);
}

/* ------------------------------------------------------------------ */
/* sm_rfc: the composed model against sched2l and rfc wired by hand.   */

static void smr_run(const char *sets, long cycles, uint64_t seed)
{
	const wg_block *B = &wg_block_sm_rfc, *S = &wg_block_sched2l, *R = &wg_block_rfc;
	long p[WG_MAX_PARAMS], ps[WG_MAX_PARAMS], pr[WG_MAX_PARAMS];
	char err[512];
	wg_params_default(B, p);
	CHECK(wg_params_apply(B, p, sets, err, sizeof err) == NULL);
	CHECK(wg_params_check(B, p, err, sizeof err) == NULL);
	CHECK(wg_comp_child_params(B, SMR_I_SCHED, p, ps, err, sizeof err) == NULL);
	CHECK(wg_comp_child_params(B, SMR_I_RFC, p, pr, err, sizeof err) == NULL);
	CHECK_EQ(pr[RFC_P_ACTIVE_WARPS], p[SMR_P_ACTIVE]);
	CHECK_EQ(B->storage_bits(p), S->storage_bits(ps) + R->storage_bits(pr));
	wg_layout L, LS, LR;
	wg_layout_init(&L, B, p);
	wg_layout_init(&LS, S, ps);
	wg_layout_init(&LR, R, pr);
	CHECK_EQ(L.width[SMR_EV_O], LS.width[S2L_EV_O] + LR.width[RFC_EV_O]);
	CHECK_EQ(L.width[SMR_RD_DATA_O], LR.width[RFC_RD_DATA_O]);
	CHECK_EQ(L.width[SMR_RDY_I], LS.width[S2L_RDY_I]);
	void *m = calloc(1, B->model_size(p));
	void *ms = calloc(1, S->model_size(ps)), *mr = calloc(1, R->model_size(pr));
	B->model_init(m, p, &L);
	S->model_init(ms, ps, &LS);
	R->model_init(mr, pr, &LR);
	size_t nin = (size_t)L.nwords[WG_IN], nout = (size_t)L.nwords[WG_OUT];
	uint32_t *in = calloc(nin, 4), *out = calloc(nout, 4);
	uint32_t *si = calloc((size_t)LS.nwords[WG_IN], 4), *so = calloc((size_t)LS.nwords[WG_OUT], 4);
	uint32_t *ri = calloc((size_t)LR.nwords[WG_IN], 4), *ro = calloc((size_t)LR.nwords[WG_OUT], 4);
	int W = (int)p[SMR_P_WARPS], A = (int)p[SMR_P_ACTIVE];
	uint64_t rs = seed | 1;
	long diff = 0, errs = 0, inv = 0, pro = 0, dem = 0, ext = 0, drains = 0, multi = 0;
	for (long cyc = 0; cyc < cycles; cyc++) {
		const s2l_model *sm = wg_comp_child(m, SMR_I_SCHED);
		const rfc_model *rm = wg_comp_child(m, SMR_I_RFC);
		/* the invariant of docs/sm_rfc.md at the start of every cycle after reset */
		if (cyc > 0)
			for (int s = 0; s < A; s++) {
				int valid = (int)((s2l_slots_valid(sm) >> s) & 1), st = rfc_slot_state(rm, s);
				inv += valid != (st == RFC_SLOT_OWNED);
				inv += st != RFC_SLOT_FREE && rfc_slot_owner(rm, s) != s2l_slot_warp(sm, s);
				drains += st == RFC_SLOT_DRAINING;
			}
		/* a legal random environment: per-warp bits for resident warps only */
		memset(in, 0, nin * 4);
		int rst = cyc == 0 || rng_next(&rs) % 4000 == 0;
		uint64_t res = s2l_resident(sm), all = wg_ones64(W);
		uint64_t r1 = rng_next(&rs), r2 = rng_next(&rs), r3 = rng_next(&rs), r4 = rng_next(&rs);
		uint64_t rdy = r1 & res, mark = r2 & r3 & r4 & res, llp = (r2 ^ r1) & r4 & res;
		uint64_t bar = rng_next(&rs) % 8 == 0 ? r3 & ~r2 & r1 & res : 0;
		uint64_t fin = rng_next(&rs) % 4 == 0 ? r4 & ~r3 & ~r2 & res & ~mark & ~bar : 0;
		uint64_t launch = rng_next(&rs) % 16 == 0 ? rng_next(&rs) & ~res & all : 0;
		if (rst)
			rdy = mark = llp = bar = fin = launch = 0;
		wg_put(in, (unsigned)L.off[SMR_RST_I] * 32, 1, (uint64_t)rst);
		wg_put(in, (unsigned)L.off[SMR_RDY_I] * 32, (unsigned)W, rdy);
		wg_put(in, (unsigned)L.off[SMR_MARK_I] * 32, (unsigned)W, mark);
		wg_put(in, (unsigned)L.off[SMR_LLP_I] * 32, (unsigned)W, llp);
		wg_put(in, (unsigned)L.off[SMR_BAR_I] * 32, (unsigned)W, bar);
		wg_put(in, (unsigned)L.off[SMR_FIN_I] * 32, (unsigned)W, fin);
		wg_put(in, (unsigned)L.off[SMR_LAUNCH_I] * 32, (unsigned)W, launch);
		if (!rst) {
			for (int i = SMR_LU_EN_I; i <= SMR_WR_DATA_I; i++)
				for (int w = 0; w < (L.width[i] + 31) / 32; w++) {
					int left = L.width[i] - 32 * w;
					in[L.off[i] + w] = (uint32_t)rng_next(&rs) & (uint32_t)wg_ones64(left < 32 ? left : 32);
				}
			wg_put(in, (unsigned)L.off[SMR_LU_REG_I] * 32, 6, rng_next(&rs) % 4); /* some reuse */
			wg_put(in, (unsigned)L.off[SMR_WR_REG_I] * 32, (unsigned)L.width[SMR_WR_REG_I], rng_next(&rs) % 4);
			uint64_t ww = rng_next(&rs) % (uint64_t)W;
			wg_put(in, (unsigned)L.off[SMR_WR_WARP_I] * 32, (unsigned)L.width[SMR_WR_WARP_I], ww);
			if (rng_next(&rs) % 2)
				wg_put(in, (unsigned)L.off[SMR_WR_MASK_I] * 32, (unsigned)L.width[SMR_WR_MASK_I], ~0ull);
		}
		memset(out, 0, nout * 4);
		int rc = B->model_eval(m, in, out, err, sizeof err);
		if (rc) {
			if (errs++ < 3)
				printf("  cycle %ld: %s\n", cyc, err);
		}
		multi += wg_comp_passes(m) > 2;
		/* the reference: rfc's free slots (state only), then sched, then rfc */
		memset(si, 0, (size_t)LS.nwords[WG_IN] * 4);
		memset(ri, 0, (size_t)LR.nwords[WG_IN] * 4);
		uint64_t freem = rfc_slots_in_state(mr, RFC_SLOT_FREE);
		static const int s_in[][2] = {{SMR_RST_I, S2L_RST_I}, {SMR_RDY_I, S2L_RDY_I}, {SMR_MARK_I, S2L_MARK_I},
					      {SMR_LLP_I, S2L_LLP_I}, {SMR_BAR_I, S2L_BAR_I}, {SMR_FIN_I, S2L_FIN_I},
					      {SMR_LAUNCH_I, S2L_LAUNCH_I}};
		for (size_t i = 0; i < sizeof s_in / sizeof s_in[0]; i++)
			wg_copy_in(si, (unsigned)LS.off[s_in[i][1]] * 32, in + L.off[s_in[i][0]], (unsigned)L.width[s_in[i][0]]);
		wg_put(si, (unsigned)LS.off[S2L_SLOT_FREE_I] * 32, (unsigned)A, freem);
		memset(so, 0, (size_t)LS.nwords[WG_OUT] * 4);
		int rcs = S->model_eval(ms, si, so, err, sizeof err);
		static const int r_in[][2] = {{SMR_RST_I, RFC_RST_I}, {SMR_LU_EN_I, RFC_LU_EN_I}, {SMR_LU_REG_I, RFC_LU_REG_I},
					      {SMR_LU_LAST_I, RFC_LU_LAST_I}, {SMR_WR_VALID_I, RFC_WR_VALID_I},
					      {SMR_WR_WARP_I, RFC_WR_WARP_I}, {SMR_WR_REG_I, RFC_WR_REG_I},
					      {SMR_WR_MASK_I, RFC_WR_MASK_I}, {SMR_WR_BYPASS_I, RFC_WR_BYPASS_I},
					      {SMR_WR_DATA_I, RFC_WR_DATA_I}};
		for (size_t i = 0; i < sizeof r_in / sizeof r_in[0]; i++)
			wg_copy_in(ri, (unsigned)LR.off[r_in[i][1]] * 32, in + L.off[r_in[i][0]], (unsigned)L.width[r_in[i][0]]);
		static const int sr[][2] = {{S2L_TAG_VALID_O, RFC_LU_VALID_I}, {S2L_TAG_SLOT_O, RFC_LU_SLOT_I},
					    {S2L_PRO_VALID_O, RFC_ACT_VALID_I}, {S2L_PRO_SLOT_O, RFC_ACT_SLOT_I},
					    {S2L_PRO_WARP_O, RFC_ACT_WARP_I}, {S2L_DEM_VALID_O, RFC_FLUSH_VALID_I},
					    {S2L_DEM_SLOT_O, RFC_FLUSH_SLOT_I}, {S2L_EXT_VALID_O, RFC_EXIT_VALID_I},
					    {S2L_EXT_SLOT_O, RFC_EXIT_SLOT_I}};
		for (size_t i = 0; i < sizeof sr / sizeof sr[0]; i++)
			wg_copy_in(ri, (unsigned)LR.off[sr[i][1]] * 32, so + LS.off[sr[i][0]], (unsigned)LS.width[sr[i][0]]);
		memset(ro, 0, (size_t)LR.nwords[WG_OUT] * 4);
		int rcr = R->model_eval(mr, ri, ro, err, sizeof err);
		diff += (rc != 0) != (rcs != 0 || rcr != 0);
		/* every exported port equals its instance's port; ev_o = {rfc, sched} */
		for (int i = SMR_ISS_VALID_O; i <= SMR_RESIDENT_O; i++)
			diff += memcmp(out + L.off[i], so + LS.off[S2L_ISS_VALID_O + (i - SMR_ISS_VALID_O)],
				       (size_t)(L.width[i] + 31) / 32 * 4) != 0;
		for (int i = SMR_LU_HIT_O; i <= SMR_SLOT_FREE_O; i++)
			diff += memcmp(out + L.off[i], ro + LR.off[RFC_LU_HIT_O + (i - SMR_LU_HIT_O)],
				       (size_t)(L.width[i] + 31) / 32 * 4) != 0;
		uint64_t ev = wg_get(out, (unsigned)L.off[SMR_EV_O] * 32, (unsigned)L.width[SMR_EV_O]);
		uint64_t evs = wg_get(so, (unsigned)LS.off[S2L_EV_O] * 32, 4);
		uint64_t evr = wg_get(ro, (unsigned)LR.off[RFC_EV_O] * 32, (unsigned)LR.width[RFC_EV_O]);
		diff += ev != (evs | evr << 4);
		pro += (int)wg_get(out, (unsigned)L.off[SMR_PRO_VALID_O] * 32, 1);
		dem += (int)wg_get(out, (unsigned)L.off[SMR_DEM_VALID_O] * 32, 1);
		ext += (int)wg_get(out, (unsigned)L.off[SMR_EXT_VALID_O] * 32, 1);
		B->model_tick(m, in);
		S->model_tick(ms, si);
		R->model_tick(mr, ri);
		const uint64_t *cb = B->model_counts(m), *cs = S->model_counts(ms), *cr = R->model_counts(mr);
		diff += memcmp(cb, cs, 4 * 8) != 0 || memcmp(cb + 4, cr, 8 * 8) != 0;
		if (errs > 3)
			break;
	}
	CHECK_EQ(errs, 0);
	CHECK_EQ(diff, 0);
	CHECK_EQ(inv, 0);
	CHECK(pro > cycles / 100 && dem > cycles / 100 && ext > cycles / 1000 && drains > 0);
	printf("sm_rfc [%s]: %ld cycles, %ld promotions, %ld demotions, %ld exits, %ld slot-cycles draining, "
	       "%ld cycles needing a third pass\n", sets, cycles, pro, dem, ext, drains, multi);
	free(in), free(out), free(si), free(so), free(ri), free(ro), free(m), free(ms), free(mr);
}

static void smr_checks(void)
{
	const wg_block *B = &wg_block_sm_rfc;
	long p[WG_MAX_PARAMS];
	char err[512];
	wg_params_default(B, p);
	CHECK(wg_params_check(B, p, err, sizeof err) == NULL);
	CHECK(B->nparams == SMR_NPARAMS && B->nports == SMR_NPORTS && B->nevents == SMR_NEVENTS);
	CHECK(wg_param_set(B, p, "WARPS=8", err, sizeof err) == NULL);
	CHECK(wg_param_set(B, p, "ACTIVE=16", err, sizeof err) == NULL);
	CHECK(wg_params_check(B, p, err, sizeof err) != NULL &&
	      strstr(err, "sm_rfc: instance sched (sched2l): ACTIVE=16 must not exceed WARPS=8"));
	wg_params_default(B, p);
	CHECK(wg_params_apply(B, p, "ACTIVE=32,ENTRIES=16", err, sizeof err) == NULL);
	CHECK(wg_params_check(B, p, err, sizeof err) != NULL && strstr(err, "instance rfc (rfc)") &&
	      strstr(err, "exceeds the legal maximum 262144"));
	wg_params_default(B, p);
	CHECK(wg_params_apply(B, p, "REPLACEMENT=LRU,SELECT=RR", err, sizeof err) == NULL);
	long pr[WG_MAX_PARAMS], ps[WG_MAX_PARAMS];
	CHECK(wg_comp_child_params(B, SMR_I_RFC, p, pr, err, sizeof err) == NULL && pr[RFC_P_REPLACEMENT] == RFC_LRU);
	CHECK(wg_comp_child_params(B, SMR_I_SCHED, p, ps, err, sizeof err) == NULL && ps[S2L_P_SELECT] == S2L_RR);
	CHECK(wg_comp_child_params(B, 2, p, ps, err, sizeof err) != NULL);
	for (int e = 0; e < SMR_NEVENTS; e++) /* event fields line up with the children's */
		CHECK(B->events[e].name != NULL);
}

/* Every registered stimulus's knobs fit a knob array (wg_stim_check; rename's are at
 * WG_MAX_PARAMS), and one knob more is refused, not written past the array. */
static void stim_knob_counts(void)
{
	int n, nstim = 0;
	char err[256];
	const wg_block *const *bs = wg_blocks(&n);
	for (int i = 0; i < n; i++) {
		const wg_stim_def *s = wg_stim_find(bs[i]->name);
		if (!s)
			continue;
		nstim++;
		CHECK(wg_stim_check(s, err, sizeof err) == NULL);
		wg_stim_def big = *s;
		big.nknobs = WG_MAX_PARAMS + 1;
		CHECK(wg_stim_check(&big, err, sizeof err) != NULL && strstr(err, "WG_MAX_PARAMS") != NULL);
	}
	CHECK(nstim >= 16);
	const wg_stim_def *rn = wg_stim_find("rename");
	CHECK(rn && rn->nknobs == WG_MAX_PARAMS); /* full: a new rename knob needs WG_MAX_PARAMS raised */
}

int main(void)
{
	stim_knob_counts();
	toy_back();
	toy_loop();
	toy_chain();
	toy_nested();
	toy_errors();
	solo_setup();
	solo_run("", 20000, 1);
	solo_run("ACTIVE_WARPS=4,ENTRIES=4,LANES=4,WIDTH=8,REPLACEMENT=LRU,FLUSH_PORTS=2", 20000, 2);
	solo_run("WARPS=4,ACTIVE_WARPS=1,ENTRIES=1,LANES=1,READ_LAT=1,READ_PORTS=1", 10000, 3);
	solo_verilog();
	toy_array();
	toy_array_errors();
	array_verilog();
	smr_checks();
	smr_run("", 30000, 11);
	smr_run("WARPS=8,ACTIVE=4,LANES=4,WIDTH=8,SELECT=RR,SUSPEND=PENDING", 30000, 12);
	smr_run("WARPS=4,ACTIVE=1,ENTRIES=2,LANES=2,FLUSH_PORTS=2,READ_LAT=1,BARRIER_DEMOTE=0", 30000, 13);
	smr_run("WARPS=64,ACTIVE=64,ENTRIES=2,LANES=1,WIDTH=64,REPLACEMENT=LRU,READ_PORTS=4,READ_LAT=4", 20000, 14);
	return wg_check_done();
}
