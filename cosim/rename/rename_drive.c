/* rename_drive.c - what the directed cases of `rename` drive with
 * (rename_stim.h): the script engine (steps of port commands, held until a
 * ready or a grant) and the synthetic SM of rename_env.c for a case's
 * cycles. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rename_stim.h"

enum { H_NONE, H_OP, H_PIR, H_ALC }; /* a step's hold rule: none, !op, !pir, !alc */

/* ---- writing a script ---- */

void rs_script_start(rs_stim *s)
{
	s->prog[0] = 0;
	rs_add(s, "Z;");
}

void rs_add(rs_stim *s, const char *fmt, ...)
{
	size_t len = strlen(s->prog);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->prog + len, sizeof s->prog - len, fmt, ap);
	va_end(ap);
}

void rs_add_map(rs_stim *s, int w, int r0, int r1)
{
	for (int r = r0; r < r1; r++)
		rs_add(s, "A %d %d !alc;", w, r);
}

/* Split the script into steps. */
static void split(rs_stim *s)
{
	s->nsteps = 0;
	int len = (int)strlen(s->prog);
	for (int i = 0, st = 0; i <= len && s->nsteps < RS_STEPS; i++)
		if (i == len || s->prog[i] == ';') {
			s->step_off[s->nsteps++] = st;
			st = i + 1;
		}
}

/* ---- driving a step ---- */

static int skip_ws(const char *p, int i)
{
	while (p[i] == ' ')
		i++;
	return i;
}

/* Command c with its nv numbers v into in (class inputs into cls); *k: the next allocation port. */
static void apply(rn_in *in, rs_cls *cls, char c, const long *v, int nv, int *k)
{
	switch (c) {
	case 'Z':
		in->rst = 1;
		break;
	case 'L':
		in->kl_valid = 1;
		in->kl_warps = (unsigned)v[0];
		in->kl_regs = (unsigned)v[1];
		in->kl_exempt = (unsigned)v[2];
		break;
	case 'Q':
	case 'M':
	case 'V':
		if (*k < RN_MAX_ALLOC) {
			cls->tfet[*k] = c == 'Q' || c == 'V';
			cls->load[*k] = c == 'M' || c == 'V';
		}
		/* an allocation request: */
		/* fall through */
	case 'A':
		in->alc_valid[*k] = 1;
		in->alc_warp[*k] = (unsigned)v[0];
		in->alc_reg[*k] = (unsigned)v[1];
		(*k)++;
		break;
	case 'P':
		in->pir_valid = 1;
		in->pir_warp = (unsigned)v[0];
		in->pir_pc = (uint32_t)v[1];
		in->pir_flags = (uint64_t)v[2];
		break;
	case 'I':
		in->op_valid = 1;
		in->op_kind = RN_OP_INSN;
		in->op_warp = (unsigned)v[0];
		for (int j = 0; j < 3; j++)
			in->op_reg[j] = (unsigned)v[1 + j];
		in->op_dst = (unsigned)v[4];
		break;
	case 'B':
		in->op_valid = 1;
		in->op_kind = RN_OP_PBR;
		in->op_warp = (unsigned)v[0];
		for (int j = 0; j + 1 < nv && j < RN_PBR_SLOTS; j++)
			in->op_reg[j] = (unsigned)v[1 + j];
		break;
	case 'X':
		in->op_valid = 1;
		in->op_kind = RN_OP_EXIT;
		in->op_warp = (unsigned)v[0];
		break;
	case 'R':
		in->rd_done = 1;
		in->rd_warp = (unsigned)v[0];
		break;
	default:
		break;
	}
}

/* Drive step t (first: its first cycle) into in; sets hold and tag. */
static void drive_step(rs_stim *s, int t, int first, rn_in *in)
{
	const char *p = s->prog + s->step_off[t];
	int k = 0, i = 0;
	s->hold = H_NONE;
	s->tag = -1;
	memset(s->cls.tfet, 0, sizeof s->cls.tfet);
	memset(s->cls.load, 0, sizeof s->cls.load);
	for (int j = 0; j < RN_PBR_SLOTS; j++)
		in->op_reg[j] = RN_NONE;
	in->op_dst = RN_NONE;
	while (p[i] && p[i] != ';') {
		i = skip_ws(p, i);
		int once = 0;
		if (p[i] == '*') {
			once = 1;
			i++;
		}
		char c = p[i];
		if (!c || c == ';')
			break;
		i++;
		long v[12];
		int nv = 0;
		if (c == '!') {
			s->hold = p[i] == 'o' ? H_OP : p[i + 1] == 'i' ? H_PIR : H_ALC;
			while (p[i] >= 'a' && p[i] <= 'z')
				i++;
		} else if (c == '#') {
			s->tag = (int)strtol(p + i, NULL, 10);
			while (p[i] >= '0' && p[i] <= '9')
				i++;
		} else {
			for (;;) {
				i = skip_ws(p, i);
				if (!(p[i] >= '0' && p[i] <= '9') && !(p[i] >= 'a' && p[i] <= 'f'))
					break;
				char *e;
				int base = c == 'P' && nv == 2 ? 16 : 10;
				v[nv++] = strtol(p + i, &e, base);
				i = (int)(e - p);
				if (nv == 12)
					break;
			}
		}
		i = skip_ws(p, i);
		if (p[i] == ',')
			i++;
		if (once && !first)
			continue;
		apply(in, &s->cls, c, v, nv, &k);
	}
}

void rs_drive(rs_stim *s, wg_cyc *c)
{
	if (c->phase != WG_DRIVE)
		return;
	if (c->t == 0)
		split(s);
	if (s->t >= s->nsteps) {
		wg_case_len(c, c->t);
		return;
	}
	s->cfirst = s->first;
	drive_step(s, s->t, s->first, &s->in);
	rne_pack_in(s->L, &s->c, &s->in, c->in);
	rsc_put(&s->cls, s->L, c->in);
}

void rs_advance(rs_stim *s)
{
	const rn_out *o = &s->out;
	int done = 1;
	if (s->hold == H_OP)
		done = (int)o->op_ready;
	else if (s->hold == H_PIR)
		done = (int)o->pir_ready;
	else if (s->hold == H_ALC)
		for (int k = 0; k < s->c.alloc_ports; k++)
			done &= !s->in.alc_valid[k] || o->alc_gnt[k];
	if (done) {
		s->t++;
		s->first = 1;
	} else {
		s->first = 0;
	}
}

/* ---- the environment ---- */

void rs_drive_env(rs_stim *s, wg_cyc *c)
{
	if (c->phase != WG_DRIVE)
		return;
	wg_case_len(c, s->end);
	if (c->t >= s->end)
		return;
	rne_drive(s->env, c->model, &s->in, c->cyc);
	rne_pack_in(s->L, &s->c, &s->in, c->in);
	rsc_random(&s->cls, s->env, &s->in);
	rsc_put(&s->cls, s->L, c->in);
}

/* ---- the waveform marker ---- */

void rs_keyed(wg_cyc *c)
{
	if (wg_done(c))
		WG_EXPECT(c, c->key >= 0, "the case's key event never happened");
}
