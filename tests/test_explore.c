/* test_explore.c - the stimulus files of `warpgen prove --model` (cosim/gate/wg_explore.c): frames
 * written by wg_xp_write_stim come back bit for bit through wg_xp_replay_stim (what `warpgen cosim
 * --stim FILE` runs), for a block with one-bit ports (slg) and one with ports wider than 64 bits
 * (rfc's default: wr_data_i is 1,024 bits), and the replay ends after the last line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wg_buf.h"
#include "wg_check.h"
#include "wg_explore.h"

static void round_trip(const char *name, long ncyc)
{
	const wg_block *b = wg_block_find(name);
	CHECK(b != NULL);
	long p[WG_MAX_PARAMS];
	wg_params_default(b, p);
	wg_layout L;
	wg_layout_init(&L, b, p);
	size_t nin = (size_t)L.nwords[WG_IN];
	uint32_t *fr = wg_xcalloc((size_t)ncyc * nin * sizeof *fr), *in = wg_xcalloc(nin * sizeof *in);
	uint64_t x = 0x9E3779B97F4A7C15ull;
	for (long c = 0; c < ncyc; c++)
		for (int q = 0; q < b->nports; q++) {
			if (b->ports[q].dir != WG_IN)
				continue;
			for (int k = 0; k < L.width[q]; k++) {
				x ^= x << 13, x ^= x >> 7, x ^= x << 17;
				if (x & 1)
					fr[(size_t)c * nin + (size_t)L.off[q] + (size_t)k / 32] |= 1u << (k % 32);
			}
		}
	char path[256], err[512];
	snprintf(path, sizeof path, "/tmp/test_explore_%ld_%s.stim", (long)getpid(), name);
	CHECK(wg_xp_write_stim(path, b, &L, "test_explore", fr, ncyc, err, sizeof err) == 0);
	const wg_stim_def *s = wg_xp_replay_stim(b, &L, path, err, sizeof err);
	CHECK(s != NULL);
	if (!s) {
		printf("  %s\n", err);
		return;
	}
	CHECK(s->ncases == 1 && strcmp(s->cases[0].name, "stim-file") == 0);
	CHECK(s->init(NULL, p, &L, NULL, 0, 1, err, sizeof err) == NULL);
	for (long c = 0; c < ncyc; c++) {
		memset(in, 0, nin * sizeof *in);
		CHECK(s->next(NULL, NULL, in, c) == 1);
		CHECK(memcmp(in, fr + (size_t)c * nin, nin * sizeof *in) == 0);
	}
	CHECK(s->next(NULL, NULL, in, ncyc) == 0);
	long key = -1;
	CHECK(s->finish(NULL, &key, err, sizeof err) == NULL && key == ncyc - 1);
	unlink(path);
	free(fr);
	free(in);
}

int main(void)
{
	round_trip("slg", 7);
	round_trip("rfc", 3);
	return wg_check_done();
}
