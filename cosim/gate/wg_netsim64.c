/* wg_netsim64.c - the native gate-level simulator, 64 lanes a word. See
 * wg_netsim64.h. */
#include "wg_netsim64.h"

#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"

void wg_nw_init(wg_nw *s, const wg_ns_plan *p, const uint64_t *seeds, int lanes)
{
	memset(s, 0, sizeof *s);
	s->p = p;
	s->v = wg_xcalloc(((size_t)p->nl->nnets + 1) * sizeof *s->v);
	s->qn = wg_xcalloc(((size_t)p->nflop + 1) * sizeof *s->qn);
	for (int l = 0; l < WG_NW_LANES; l++) {
		uint64_t x = wg_ns_rand_init(l < lanes ? seeds[l] : 0);
		for (long i = 0; i < p->nflop; i++)
			s->v[p->flop[i].q] |= (uint64_t)wg_ns_rand_bit(&x) << l;
	}
	for (long i = 0; i < p->nl->nnets; i++)
		if (p->nl->konst[i] >= 0)
			s->v[i] = p->nl->konst[i] ? ~0ull : 0;
	s->stale = 1;
	wg_nw_settle(s);
}

void wg_nw_free(wg_nw *s)
{
	free(s->v);
	free(s->qn);
	memset(s, 0, sizeof *s);
}

void wg_nw_set(wg_nw *s, int net, uint64_t lanes_value)
{
	s->stale |= s->v[net] != lanes_value;
	s->v[net] = lanes_value;
}

uint64_t wg_nw_get(const wg_nw *s, int net)
{
	return s->v[net];
}

/* The cell functions of simcells.v, bitwise (as eval_op in wg_netsim.c). */
static inline uint64_t eval_op(const wg_ns_op *o, const uint64_t *v)
{
	uint64_t a = v[o->in[0]], b = v[o->in[1]], c, d;
	switch (o->kind) {
	case WG_NL_BUF: return a;
	case WG_NL_NOT: return ~a;
	case WG_NL_AND: return a & b;
	case WG_NL_NAND: return ~(a & b);
	case WG_NL_OR: return a | b;
	case WG_NL_NOR: return ~(a | b);
	case WG_NL_XOR: return a ^ b;
	case WG_NL_XNOR: return ~(a ^ b);
	case WG_NL_ANDNOT: return a & ~b;
	case WG_NL_ORNOT: return a | ~b;
	case WG_NL_MUX: c = v[o->in[2]]; return (c & b) | (~c & a); /* S ? B : A */
	case WG_NL_NMUX: c = v[o->in[2]]; return ~((c & b) | (~c & a));
	case WG_NL_AOI3: c = v[o->in[2]]; return ~((a & b) | c);
	case WG_NL_OAI3: c = v[o->in[2]]; return ~((a | b) & c);
	case WG_NL_AOI4: c = v[o->in[2]], d = v[o->in[3]]; return ~((a & b) | (c & d));
	case WG_NL_OAI4: c = v[o->in[2]], d = v[o->in[3]]; return ~((a | b) & (c | d));
	default: return 0;
	}
}

void wg_nw_settle(wg_nw *s)
{
	if (!s->stale)
		return;
	const wg_ns_plan *p = s->p;
	uint64_t *v = s->v;
	const wg_ns_op *op = p->op, *end = p->op + p->nop;
	for (; op < end; op++)
		v[op->out] = eval_op(op, v);
	s->stale = 0;
}

void wg_nw_edge(wg_nw *s)
{
	const wg_ns_plan *p = s->p;
	const uint64_t *v = s->v;
	wg_nw_settle(s);
	for (long i = 0; i < p->nflop; i++) {
		const wg_ns_flop *f = &p->flop[i];
		uint64_t q = v[f->q], d = v[f->d];
		uint64_t r = f->r < 0 ? 0 : f->rpol ? v[f->r] : ~v[f->r];
		uint64_t e = f->e < 0 ? ~0ull : f->epol ? v[f->e] : ~v[f->e];
		uint64_t rv = f->rval ? ~0ull : 0;
		uint64_t held = (e & d) | (~e & q), next;
		switch (f->kind) {
		case WG_NL_SDFF:
		case WG_NL_SDFFE: next = (r & rv) | (~r & held); break;
		case WG_NL_SDFFCE: next = (e & ((r & rv) | (~r & d))) | (~e & q); break;
		default: next = held; break; /* DFF (e = 1), DFFE */
		}
		s->qn[i] = next;
	}
	for (long i = 0; i < p->nflop; i++)
		s->v[p->flop[i].q] = s->qn[i];
	s->stale = 1;
}
