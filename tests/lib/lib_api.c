/* lib_api.c - the installed library's API on its own (tests/lib_check.sh
 * builds it with `pkg-config --cflags --libs warpgen` against a temporary
 * install, never with the build's object files).
 *
 *   lib_api                 every block through the descriptor API: default
 *                           parameters legal, a model built from model_size /
 *                           model_init, a reset and 20 idle cycles of frames
 *                           without a protocol violation, its energy model
 *                           (the installed power tables); the version
 *   lib_api TRACE [ACTIVE]  the composed block sm_rfc (sched2l + rfc, wired by
 *                           the library: docs/sm_rfc.md) run through port frames
 *                           on examples/sm_trace.c's trace, printing the same
 *                           figures as that example (the test compares them)
 * Exit 0, 1 on a failed check, 2 on bad input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <warpgen/sm_rfc.h>
#include <warpgen/wg_bits.h>
#include <warpgen/wg_desc.h>
#include <warpgen/wg_energy.h>
#include <warpgen/wg_version.h>

#include "../../examples/sm_trace_env.h" /* the examples' trace front end */

#define DRAIN_CYCLES 16 /* as examples/sm_trace.c */
#define MAX_CYCLES 100000

typedef struct frames {
	const wg_block *b;      /* the block */
	long p[WG_MAX_PARAMS];  /* its parameters */
	wg_layout L;            /* frame layout */
	void *m;                /* the model */
	uint32_t *in, *out;     /* frames */
	char err[256];          /* eval message */
} frames;

static void fr_open(frames *f, const wg_block *b, const long *p)
{
	f->b = b;
	memcpy(f->p, p, sizeof f->p);
	wg_layout_init(&f->L, b, f->p);
	f->m = calloc(1, b->model_size(f->p));
	b->model_init(f->m, f->p, &f->L);
	f->in = (uint32_t *)calloc((size_t)f->L.nwords[WG_IN] + 1, sizeof(uint32_t));
	f->out = (uint32_t *)calloc((size_t)f->L.nwords[WG_OUT] + 1, sizeof(uint32_t));
}

static void fr_close(frames *f)
{
	free(f->m);
	free(f->in);
	free(f->out);
}

static void put(frames *f, int port, unsigned lsb, unsigned n, uint64_t v)
{
	wg_put(f->in + f->L.off[port], lsb, n, v);
}

static uint64_t get(const frames *f, int port)
{
	return wg_get(f->out + f->L.off[port], 0, (unsigned)f->L.width[port]);
}

/* One cycle: eval (0, or -1 with f->err) then the edge. */
static int cycle(frames *f)
{
	int rc = f->b->model_eval(f->m, f->in, f->out, f->err, sizeof f->err);
	f->b->model_tick(f->m, f->in);
	return rc;
}

static int all_blocks(void)
{
	int n, bad = 0;
	const wg_block *const *bs = wg_blocks(&n);
	if (strcmp(warpgen_version(), WARPGEN_VERSION) ||
	    WARPGEN_VERSION_NUMBER != WARPGEN_VERSION_MAJOR * 10000 + WARPGEN_VERSION_MINOR * 100 + WARPGEN_VERSION_PATCH) {
		printf("FAIL version: library %s, header %s\n", warpgen_version(), WARPGEN_VERSION);
		bad++;
	}
	for (int k = 0; k < n; k++) {
		const wg_block *b = bs[k];
		long p[WG_MAX_PARAMS];
		char msg[256];
		frames f;
		wg_params_default(b, p);
		if (wg_block_find(b->name) != b || wg_params_check(b, p, msg, sizeof msg)) {
			printf("FAIL %s: not found by name, or its defaults are refused\n", b->name);
			bad++;
			continue;
		}
		fr_open(&f, b, p);
		put(&f, 0, 0, 1, 1); /* rst_i is ports[0] */
		int rc = cycle(&f);
		put(&f, 0, 0, 1, 0);
		for (int c = 0; c < 20 && !rc; c++)
			rc = cycle(&f);
		const uint64_t *cnt = b->model_counts(f.m);
		wg_energy_model em;
		if (rc || !cnt) {
			printf("FAIL %s: idle cycles: %s\n", b->name, rc ? f.err : "no counts");
			bad++;
		} else if (wg_energy_model_init(&em, b, p, msg, sizeof msg) || em.nevents != b->nevents) {
			printf("FAIL %s: energy model: %s\n", b->name, msg);
			bad++;
		} else {
			printf("ok %s: %d parameters, %d ports, %d events, %zu bytes\n", b->name, b->nparams, b->nports,
			       b->nevents, b->model_size(p));
		}
		fr_close(&f);
	}
	printf("%d blocks, %d failed (warpgen %s)\n", n, bad, warpgen_version());
	return bad ? 1 : 0;
}

static int run_trace(const char *path, const char *active)
{
	static sm_env env;
	char err[512], name[256];
	const wg_block *b = wg_block_find("sm_rfc");
	long p[WG_MAX_PARAMS];
	if (!b || env_load(&env, path, err, sizeof err)) {
		fprintf(stderr, "lib_api: %s\n", b ? err : "no block sm_rfc");
		return 2;
	}
	wg_params_default(b, p);
	snprintf(name, sizeof name, "WARPS=%d", env.warps);
	if (wg_param_set(b, p, name, err, sizeof err)) {
		fprintf(stderr, "lib_api: %s\n", err);
		return 2;
	}
	snprintf(name, sizeof name, "ACTIVE=%s", active ? active : "4");
	if (wg_param_set(b, p, name, err, sizeof err) || wg_params_check(b, p, err, sizeof err)) {
		fprintf(stderr, "lib_api: %s\n", err);
		return 2;
	}
	frames f;
	fr_open(&f, b, p);
	unsigned rb = (unsigned)p[SMR_P_REG_BITS], lanes = (unsigned)p[SMR_P_LANES], width = (unsigned)p[SMR_P_WIDTH];
	put(&f, SMR_RST_I, 0, 1, 1);
	if (cycle(&f)) {
		printf("FAIL reset: %s\n", f.err);
		return 1;
	}
	put(&f, SMR_RST_I, 0, 1, 0);
	uint64_t cycles = 0, after = 0;
	while (after < DRAIN_CYCLES) {
		env_sched_in es;
		unsigned en, reg[3], last;
		env_sched_inputs(&env, &es);
		put(&f, SMR_RDY_I, 0, (unsigned)env.warps, es.rdy);
		put(&f, SMR_MARK_I, 0, (unsigned)env.warps, es.mark);
		put(&f, SMR_LLP_I, 0, (unsigned)env.warps, es.llp);
		put(&f, SMR_FIN_I, 0, (unsigned)env.warps, es.fin);
		env_lookup(&env, &en, reg, &last);
		put(&f, SMR_LU_EN_I, 0, (unsigned)f.L.width[SMR_LU_EN_I], en);
		for (int q = 0; q < f.L.width[SMR_LU_EN_I]; q++)
			put(&f, SMR_LU_REG_I, (unsigned)q * rb, rb, reg[q]);
		put(&f, SMR_LU_LAST_I, 0, (unsigned)f.L.width[SMR_LU_LAST_I], last);
		env_wb wb = env_writeback(&env);
		put(&f, SMR_WR_VALID_I, 0, 1, (uint64_t)wb.valid);
		put(&f, SMR_WR_WARP_I, 0, (unsigned)f.L.width[SMR_WR_WARP_I], (uint64_t)wb.warp);
		put(&f, SMR_WR_REG_I, 0, rb, (uint64_t)wb.reg);
		put(&f, SMR_WR_MASK_I, 0, lanes, ~(uint64_t)0);
		put(&f, SMR_WR_BYPASS_I, 0, 1, (uint64_t)wb.bypass);
		for (unsigned l = 0; l < lanes; l++)
			put(&f, SMR_WR_DATA_I, l * width, width,
			    ((uint64_t)wb.warp << 16 | (uint64_t)wb.reg << 8 | (uint64_t)l) ^ cycles);
		if (cycle(&f)) {
			printf("FAIL cycle %llu: %s\n", (unsigned long long)cycles, f.err);
			return 1;
		}
		if (get(&f, SMR_TAG_VALID_O) != (uint64_t)env.tag_valid) {
			printf("FAIL cycle %llu: TAG out of step with the trace\n", (unsigned long long)cycles);
			return 1;
		}
		env_step(&env, (int)get(&f, SMR_ISS_VALID_O), (int)get(&f, SMR_ISS_WARP_O));
		cycles++;
		after += env_done(&env);
		if (cycles > MAX_CYCLES) {
			printf("FAIL the trace did not finish in %d cycles\n", MAX_CYCLES);
			return 1;
		}
	}
	wg_energy_model em;
	if (wg_energy_model_init(&em, b, p, err, sizeof err)) {
		printf("FAIL energy: %s\n", err);
		return 1;
	}
	const uint64_t *cnt = b->model_counts(f.m);
	printf("cycles %llu\n", (unsigned long long)cycles);
	printf("mrf_reads_avoided %llu of %llu source reads\n", (unsigned long long)cnt[SMR_EV_MRF_READ_AVOIDED],
	       (unsigned long long)(cnt[SMR_EV_MRF_READ] + cnt[SMR_EV_MRF_READ_AVOIDED]));
	for (int i = 0; i < b->nevents; i++)
		printf("event %-24s %8llu %10.4f %12.2f\n", b->events[i].name, (unsigned long long)cnt[i], em.pj[i],
		       em.pj[i] * (double)cnt[i]);
	fr_close(&f);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 1)
		return all_blocks();
	if (argc > 3) {
		fprintf(stderr, "usage: lib_api [TRACE [ACTIVE]]\n");
		return 2;
	}
	return run_trace(argv[1], argc == 3 ? argv[2] : NULL);
}
