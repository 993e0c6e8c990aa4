/* wg_mvcd.c - the C model's ports as a VCD (wg_mvcd.h). */
#include "wg_mvcd.h"

#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"

/* The VCD identifier of signal k (0: clk_i, 1 + port index). */
static void vid(int k, char *buf)
{
	int n = 0;
	do {
		buf[n++] = (char)('!' + k % 94);
		k /= 94;
	} while (k && n < 6);
	buf[n] = '\0';
}

int wg_mvcd_open(wg_mvcd *v, const char *path, const wg_block *b, const wg_layout *L)
{
	memset(v, 0, sizeof *v);
	v->f = fopen(path, "w");
	if (!v->f)
		return -1;
	v->b = b;
	v->L = L;
	char id[8];
	fprintf(v->f, "$comment warpgen: the C model of %s (inputs and expected outputs) $end\n$timescale 1ps $end\n"
		      "$scope module %s_model $end\n", b->name, b->name);
	vid(0, id);
	fprintf(v->f, "$var wire 1 %s clk_i $end\n", id);
	for (int p = 0; p < b->nports; p++) {
		if (L->width[p] == 0)
			continue;
		vid(1 + p, id);
		fprintf(v->f, "$var wire %d %s %s $end\n", L->width[p], id, b->ports[p].name);
	}
	fprintf(v->f, "$upscope $end\n$enddefinitions $end\n");
	return 0;
}

static void port(FILE *f, const wg_layout *L, int p, const uint32_t *frame)
{
	char id[8];
	vid(1 + p, id);
	int w = L->width[p];
	const uint32_t *x = frame + L->off[p];
	fputc('b', f);
	for (int i = w - 1; i >= 0; i--)
		fputc((x[i / 32] >> (i % 32)) & 1u ? '1' : '0', f);
	fprintf(f, " %s\n", id);
}

void wg_mvcd_cycle(wg_mvcd *v, long cyc, const uint32_t *in, const uint32_t *oc)
{
	if (!v->f)
		return;
	const uint32_t *fr[2] = {in, oc};
	char id[8];
	vid(0, id);
	fprintf(v->f, "#%ld\n0%s\n", cyc * 1000, id);
	for (int p = 0; p < v->b->nports; p++) {
		int d = v->b->ports[p].dir == WG_IN ? WG_IN : WG_OUT, w = v->L->width[p];
		if (w == 0)
			continue;
		size_t nw = (size_t)(w + 31) / 32;
		if (v->prev[d] && memcmp(v->prev[d] + v->L->off[p], fr[d] + v->L->off[p], nw * sizeof(uint32_t)) == 0)
			continue;
		port(v->f, v->L, p, fr[d]);
	}
	fprintf(v->f, "#%ld\n1%s\n", cyc * 1000 + 500, id);
	for (int d = 0; d < 2; d++) {
		size_t n = (size_t)v->L->nwords[d] * sizeof(uint32_t);
		if (!v->prev[d])
			v->prev[d] = wg_xcalloc(n ? n : 1);
		memcpy(v->prev[d], fr[d], n);
	}
}

void wg_mvcd_close(wg_mvcd *v)
{
	if (v->f)
		fclose(v->f);
	free(v->prev[0]);
	free(v->prev[1]);
	memset(v, 0, sizeof *v);
}
