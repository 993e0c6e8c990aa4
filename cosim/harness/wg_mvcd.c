/* wg_mvcd.c - the C model's ports as a VCD (wg_mvcd.h). */
#include "wg_mvcd.h"

#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"

/* The VCD identifier of signal k (0: clk_i, 1 + port index, 1 + nports + key-state signal). */
static void vid(int k, char *buf)
{
	int n = 0;
	do {
		buf[n++] = (char)('!' + k % 94);
		k /= 94;
	} while (k && n < 6);
	buf[n] = '\0';
}

/* Expand the descriptor's key state into signals (arrays element by element). */
static void state_init(wg_mvcd *v, const long *p)
{
	if (!v->b->model_state || !p)
		return;
	int nd = v->b->model_state(p, v->sd), n = 0, wmax = 1;
	for (int d = 0; d < nd; d++) {
		n += v->sd[d].count;
		if (v->sd[d].width > wmax)
			wmax = v->sd[d].width;
	}
	if (n == 0)
		return;
	v->nst = n;
	v->st_nw = (wmax + 63) / 64;
	v->st_def = wg_xcalloc((size_t)n * sizeof *v->st_def);
	v->st_elem = wg_xcalloc((size_t)n * sizeof *v->st_elem);
	v->st_prev = wg_xcalloc((size_t)n * (size_t)v->st_nw * sizeof *v->st_prev);
	v->st_cur = wg_xcalloc((size_t)v->st_nw * sizeof *v->st_cur);
	for (int d = 0, k = 0; d < nd; d++)
		for (int i = 0; i < v->sd[d].count; i++, k++) {
			v->st_def[k] = d;
			v->st_elem[k] = i;
		}
}

int wg_mvcd_open(wg_mvcd *v, const char *path, const wg_block *b, const wg_layout *L, const long *p)
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
	for (int i = 0; i < b->nports; i++) {
		if (L->width[i] == 0)
			continue;
		vid(1 + i, id);
		fprintf(v->f, "$var wire %d %s %s $end\n", L->width[i], id, b->ports[i].name);
	}
	state_init(v, p);
	if (v->nst) {
		fprintf(v->f, "$scope module model_state $end\n");
		for (int k = 0; k < v->nst; k++) {
			const wg_state_def *d = &v->sd[v->st_def[k]];
			vid(1 + b->nports + k, id);
			char nm[96], rg[24] = "";
			if (d->count > 1) /* as Verilator dumps an unpacked array's element: valid_q[3] [5:0] */
				snprintf(nm, sizeof nm, "%s[%d]", d->name, v->st_elem[k]);
			else
				snprintf(nm, sizeof nm, "%s", d->name);
			if (d->width > 1)
				snprintf(rg, sizeof rg, " [%d:0]", d->width - 1);
			fprintf(v->f, "$var wire %d %s %s%s $end\n", d->width, id, nm, rg);
		}
		fprintf(v->f, "$upscope $end\n");
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

/* Write the key state's values (all of them when !only_changed). */
static void state(wg_mvcd *v, const void *model, int only_changed)
{
	char id[8];
	for (int k = 0; k < v->nst; k++) {
		const wg_state_def *d = &v->sd[v->st_def[k]];
		uint64_t *prev = v->st_prev + (size_t)k * (size_t)v->st_nw;
		memset(v->st_cur, 0, (size_t)v->st_nw * sizeof *v->st_cur);
		d->get(model, v->st_elem[k], v->st_cur);
		if (only_changed && memcmp(prev, v->st_cur, (size_t)v->st_nw * sizeof *prev) == 0)
			continue;
		memcpy(prev, v->st_cur, (size_t)v->st_nw * sizeof *prev);
		vid(1 + v->b->nports + k, id);
		fputc('b', v->f);
		for (int i = d->width - 1; i >= 0; i--)
			fputc((v->st_cur[i / 64] >> (i % 64)) & 1u ? '1' : '0', v->f);
		fprintf(v->f, " %s\n", id);
	}
}

void wg_mvcd_cycle(wg_mvcd *v, long cyc, const uint32_t *in, const uint32_t *oc, const void *model)
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
	if (v->nst && !v->st_started) {
		state(v, model, 0);
		v->st_started = 1;
	}
	fprintf(v->f, "#%ld\n1%s\n", cyc * 1000 + 500, id);
	for (int d = 0; d < 2; d++) {
		size_t n = (size_t)v->L->nwords[d] * sizeof(uint32_t);
		if (!v->prev[d])
			v->prev[d] = wg_xcalloc(n ? n : 1);
		memcpy(v->prev[d], fr[d], n);
	}
}

void wg_mvcd_edge(wg_mvcd *v, const void *model)
{
	if (v->f && v->st_started)
		state(v, model, 1);
}

void wg_mvcd_close(wg_mvcd *v)
{
	if (v->f)
		fclose(v->f);
	free(v->prev[0]);
	free(v->prev[1]);
	free(v->st_def);
	free(v->st_elem);
	free(v->st_prev);
	free(v->st_cur);
	memset(v, 0, sizeof *v);
}
