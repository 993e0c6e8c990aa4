/* wg_netsim.c - the native gate-level simulator. See wg_netsim.h. */
#include "wg_netsim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_buf.h"

static const char *net_label(const wg_nl *nl, int net)
{
	return nl->name[nl->net_name[net]];
}

/* Topological order of the combinational cells (Kahn) into p->op, and each
 * net's fanout as places in that order (p->fo_start, p->fo). Returns 0, or -1
 * with a message naming a net of a loop. */
static int order(wg_ns_plan *p, char *err, size_t n)
{
	const wg_nl *nl = p->nl;
	long nn = nl->nnets;
	int *cdrv = wg_xcalloc(((size_t)nn + 1) * sizeof *cdrv); /* net -> comb cell + 1 */
	int *cnt = wg_xcalloc(((size_t)nn + 2) * sizeof *cnt);
	long ncomb = 0;
	for (long c = 0; c < nl->ncells; c++) {
		const wg_nl_cell *cl = &nl->cells[c];
		if (cl->kind >= WG_NL_NCOMB)
			continue;
		ncomb++;
		cdrv[cl->out] = (int)c + 1;
		for (int k = 0; k < cl->nin; k++)
			cnt[cl->in[k] + 1]++;
	}
	/* fanout by cell index first (CSR), then renumbered to places */
	for (long i = 0; i < nn; i++)
		cnt[i + 1] += cnt[i];
	p->fo_start = wg_xcalloc(((size_t)nn + 1) * sizeof *p->fo_start);
	memcpy(p->fo_start, cnt, ((size_t)nn + 1) * sizeof *cnt);
	p->fo = wg_xcalloc(((size_t)cnt[nn] + 1) * sizeof *p->fo);
	int *pending = wg_xcalloc(((size_t)nl->ncells + 1) * sizeof *pending);
	for (long c = 0; c < nl->ncells; c++) {
		const wg_nl_cell *cl = &nl->cells[c];
		if (cl->kind >= WG_NL_NCOMB)
			continue;
		for (int k = 0; k < cl->nin; k++) {
			p->fo[cnt[cl->in[k]]++] = (int)c;
			pending[c] += cdrv[cl->in[k]] != 0;
		}
	}
	int *queue = wg_xcalloc(((size_t)ncomb + 1) * sizeof *queue);
	int *pos = wg_xcalloc(((size_t)nl->ncells + 1) * sizeof *pos);
	long head = 0, tail = 0;
	for (long c = 0; c < nl->ncells; c++)
		if (nl->cells[c].kind < WG_NL_NCOMB && pending[c] == 0)
			queue[tail++] = (int)c;
	while (head < tail) {
		int c = queue[head];
		pos[c] = (int)head++;
		int out = nl->cells[c].out;
		for (int k = p->fo_start[out]; k < p->fo_start[out + 1]; k++)
			if (--pending[p->fo[k]] == 0)
				queue[tail++] = p->fo[k];
	}
	int rc = 0;
	if (tail < ncomb) {
		long c = 0;
		while (nl->cells[c].kind >= WG_NL_NCOMB || pending[c] == 0)
			c++;
		snprintf(err, n, "combinational loop through %s (a %s)", net_label(nl, nl->cells[c].out),
			 nl->types[nl->cells[c].type].name);
		rc = -1;
	} else {
		p->nop = ncomb;
		p->op = wg_xcalloc(((size_t)ncomb + 1) * sizeof *p->op);
		for (long i = 0; i < ncomb; i++) {
			const wg_nl_cell *cl = &nl->cells[queue[i]];
			wg_ns_op *o = &p->op[i];
			o->kind = cl->kind;
			memcpy(o->in, cl->in, sizeof o->in);
			for (int k = cl->nin; k < WG_NL_MAXIN; k++)
				o->in[k] = 0;
			o->out = cl->out;
		}
		for (long k = 0; k < p->fo_start[nn]; k++)
			p->fo[k] = pos[p->fo[k]];
	}
	free(cdrv);
	free(cnt);
	free(pending);
	free(queue);
	free(pos);
	return rc;
}

int wg_ns_plan_init(wg_ns_plan *p, const wg_nl *nl, int clock, char *err, size_t n)
{
	memset(p, 0, sizeof *p);
	p->nl = nl;
	p->flop = wg_xcalloc(((size_t)nl->flops + 1) * sizeof *p->flop);
	for (long c = 0; c < nl->ncells; c++) {
		const wg_nl_cell *cl = &nl->cells[c];
		if (cl->kind < WG_NL_NCOMB)
			continue;
		if (cl->clk != clock) {
			snprintf(err, n, "flip-flop %s is clocked by %s, not by the clock input", net_label(nl, cl->out),
				 net_label(nl, cl->clk));
			wg_ns_plan_free(p);
			return -1;
		}
		wg_ns_flop *f = &p->flop[p->nflop++];
		f->kind = cl->kind;
		f->rpol = cl->rpol;
		f->epol = cl->epol;
		f->rval = cl->rval;
		f->d = cl->in[0];
		f->r = cl->nin > 1 && cl->kind != WG_NL_DFFE ? cl->in[1] : -1;
		f->e = cl->kind == WG_NL_DFFE ? cl->in[1] : cl->nin > 2 ? cl->in[2] : -1;
		f->q = cl->out;
	}
	if (order(p, err, n) != 0) {
		wg_ns_plan_free(p);
		return -1;
	}
	return 0;
}

void wg_ns_plan_free(wg_ns_plan *p)
{
	free(p->op);
	free(p->flop);
	free(p->fo_start);
	free(p->fo);
	memset(p, 0, sizeof *p);
}

static void mark(wg_ns *s, int net)
{
	const wg_ns_plan *p = s->p;
	int k = p->fo_start[net], end = p->fo_start[net + 1];
	s->stale |= k < end;
	for (; k < end; k++)
		s->dirty[p->fo[k] >> 6] |= 1ull << (p->fo[k] & 63);
}

static void put(wg_ns *s, int net, unsigned char value)
{
	if (s->v[net] == value)
		return;
	s->v[net] = value;
	s->tog[net] += (uint64_t)s->counting;
	mark(s, net);
}

void wg_ns_init(wg_ns *s, const wg_ns_plan *p, uint64_t seed)
{
	memset(s, 0, sizeof *s);
	s->p = p;
	s->ndirty = (p->nop + 63) / 64;
	s->dirty = wg_xcalloc(((size_t)s->ndirty + 1) * sizeof *s->dirty);
	s->v = wg_xcalloc((size_t)p->nl->nnets + 1);
	s->tog = wg_xcalloc(((size_t)p->nl->nnets + 1) * sizeof *s->tog);
	s->qn = wg_xcalloc((size_t)p->nflop + 1);
	s->clk_on = wg_xcalloc(((size_t)p->nflop + 1) * sizeof *s->clk_on);
	uint64_t x = wg_ns_rand_init(seed); /* xorshift64* */
	for (long i = 0; i < p->nflop; i++)
		s->v[p->flop[i].q] = (unsigned char)wg_ns_rand_bit(&x);
	for (long i = 0; i < p->nl->nnets; i++)
		if (p->nl->konst[i] >= 0)
			s->v[i] = (unsigned char)p->nl->konst[i];
	for (long w = 0; w < s->ndirty; w++)
		s->dirty[w] = ~0ull;
	if (p->nop % 64)
		s->dirty[s->ndirty - 1] = (1ull << (p->nop % 64)) - 1;
	s->stale = 1;
	wg_ns_settle(s);
	s->counting = 1;
}

void wg_ns_free(wg_ns *s)
{
	free(s->dirty);
	free(s->v);
	free(s->qn);
	free(s->tog);
	free(s->clk_on);
	memset(s, 0, sizeof *s);
}

void wg_ns_set(wg_ns *s, int net, int value)
{
	put(s, net, (unsigned char)(value != 0));
}

int wg_ns_get(const wg_ns *s, int net)
{
	return s->v[net];
}

uint64_t wg_ns_toggles(const wg_ns *s, int net)
{
	return s->tog[net];
}

/* The cell functions of simcells.v. */
static unsigned char eval_op(const wg_ns_op *o, const unsigned char *v)
{
	unsigned a = v[o->in[0]], b = v[o->in[1]], c = v[o->in[2]], d = v[o->in[3]];
	switch (o->kind) {
	case WG_NL_BUF: return (unsigned char)a;
	case WG_NL_NOT: return (unsigned char)!a;
	case WG_NL_AND: return (unsigned char)(a & b);
	case WG_NL_NAND: return (unsigned char)!(a & b);
	case WG_NL_OR: return (unsigned char)(a | b);
	case WG_NL_NOR: return (unsigned char)!(a | b);
	case WG_NL_XOR: return (unsigned char)(a ^ b);
	case WG_NL_XNOR: return (unsigned char)!(a ^ b);
	case WG_NL_ANDNOT: return (unsigned char)(a & !b);
	case WG_NL_ORNOT: return (unsigned char)(a | !b);
	case WG_NL_MUX: return (unsigned char)(c ? b : a);   /* S ? B : A */
	case WG_NL_NMUX: return (unsigned char)!(c ? b : a);
	case WG_NL_AOI3: return (unsigned char)!((a & b) | c);
	case WG_NL_OAI3: return (unsigned char)!((a | b) & c);
	case WG_NL_AOI4: return (unsigned char)!((a & b) | (c & d));
	case WG_NL_OAI4: return (unsigned char)!((a | b) & (c | d));
	default: return 0;
	}
}

void wg_ns_settle(wg_ns *s)
{
	/* fanout places are later in the order than their driver, so one
	 * forward pass sees every cell that becomes dirty during the pass */
	if (!s->stale)
		return;
	const wg_ns_plan *p = s->p;
	for (long w = 0; w < s->ndirty; w++)
		while (s->dirty[w]) {
			long i = w * 64 + __builtin_ctzll(s->dirty[w]);
			s->dirty[w] &= s->dirty[w] - 1;
			put(s, p->op[i].out, eval_op(&p->op[i], s->v));
		}
	s->stale = 0;
}

void wg_ns_edge(wg_ns *s)
{
	const wg_ns_plan *p = s->p;
	const unsigned char *v = s->v;
	wg_ns_settle(s);
	for (long i = 0; i < p->nflop; i++) {
		const wg_ns_flop *f = &p->flop[i];
		unsigned q = v[f->q], d = v[f->d];
		unsigned r = f->r >= 0 && v[f->r] == f->rpol;
		unsigned e = f->e < 0 || v[f->e] == f->epol;
		unsigned next, on;
		switch (f->kind) {
		case WG_NL_SDFF:
		case WG_NL_SDFFE: next = r ? f->rval : e ? d : q, on = r | e; break;
		case WG_NL_SDFFCE: next = e ? (r ? f->rval : d) : q, on = e; break;
		default: next = e ? d : q, on = e; break; /* DFF (e = 1), DFFE */
		}
		s->qn[i] = (unsigned char)next;
		s->clk_on[i] += (uint64_t)(on & (unsigned)s->counting);
	}
	for (long i = 0; i < p->nflop; i++)
		put(s, p->flop[i].q, s->qn[i]);
}
