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

/* Topological order of the combinational cells (Kahn). */
static int order(wg_ns *s, char *err, size_t n)
{
	const wg_nl *nl = s->nl;
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
	/* fanout by cell index first (CSR), then renumbered to positions */
	for (long i = 0; i < nn; i++)
		cnt[i + 1] += cnt[i];
	s->fo_start = wg_xcalloc(((size_t)nn + 1) * sizeof *s->fo_start);
	memcpy(s->fo_start, cnt, ((size_t)nn + 1) * sizeof *cnt);
	s->fo = wg_xcalloc(((size_t)cnt[nn] + 1) * sizeof *s->fo);
	int *pending = wg_xcalloc(((size_t)nl->ncells + 1) * sizeof *pending);
	for (long c = 0; c < nl->ncells; c++) {
		const wg_nl_cell *cl = &nl->cells[c];
		if (cl->kind >= WG_NL_NCOMB)
			continue;
		for (int k = 0; k < cl->nin; k++) {
			s->fo[cnt[cl->in[k]]++] = (int)c;
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
		for (int k = s->fo_start[out]; k < s->fo_start[out + 1]; k++)
			if (--pending[s->fo[k]] == 0)
				queue[tail++] = s->fo[k];
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
		s->nop = ncomb;
		s->op = wg_xcalloc(((size_t)ncomb + 1) * sizeof *s->op);
		for (long i = 0; i < ncomb; i++) {
			const wg_nl_cell *cl = &nl->cells[queue[i]];
			wg_ns_op *o = &s->op[i];
			o->kind = cl->kind;
			memcpy(o->in, cl->in, sizeof o->in);
			for (int k = cl->nin; k < WG_NL_MAXIN; k++)
				o->in[k] = 0;
			o->out = cl->out;
		}
		for (long k = 0; k < s->fo_start[nn]; k++)
			s->fo[k] = pos[s->fo[k]];
	}
	free(cdrv);
	free(cnt);
	free(pending);
	free(queue);
	free(pos);
	return rc;
}

static void mark(wg_ns *s, int net)
{
	s->stale |= s->fo_start[net] < s->fo_start[net + 1];
	for (int k = s->fo_start[net]; k < s->fo_start[net + 1]; k++)
		s->dirty[s->fo[k] >> 6] |= 1ull << (s->fo[k] & 63);
}

static void put(wg_ns *s, int net, unsigned char value)
{
	if (s->v[net] == value)
		return;
	s->v[net] = value;
	s->tog[net] += (uint64_t)s->counting;
	mark(s, net);
}

int wg_ns_init(wg_ns *s, const wg_nl *nl, int clock, uint64_t seed, char *err, size_t n)
{
	memset(s, 0, sizeof *s);
	s->nl = nl;
	if (order(s, err, n) != 0) {
		wg_ns_free(s);
		return -1;
	}
	s->ndirty = (s->nop + 63) / 64;
	s->dirty = wg_xcalloc(((size_t)s->ndirty + 1) * sizeof *s->dirty);
	s->v = wg_xcalloc((size_t)nl->nnets + 1);
	s->tog = wg_xcalloc(((size_t)nl->nnets + 1) * sizeof *s->tog);
	s->flop = wg_xcalloc(((size_t)nl->flops + 1) * sizeof *s->flop);
	s->qn = wg_xcalloc((size_t)nl->flops + 1);
	uint64_t x = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull; /* xorshift64* */
	for (long c = 0; c < nl->ncells; c++) {
		const wg_nl_cell *cl = &nl->cells[c];
		if (cl->kind < WG_NL_NCOMB)
			continue;
		if (cl->clk != clock) {
			snprintf(err, n, "flip-flop %s is clocked by %s, not by the clock input", net_label(nl, cl->out),
				 net_label(nl, cl->clk));
			wg_ns_free(s);
			return -1;
		}
		s->flop[s->nflop++] = (int)c;
		x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
		s->v[cl->out] = (unsigned char)((x * 0x2545F4914F6CDD1Dull) >> 63);
	}
	for (long i = 0; i < nl->nnets; i++)
		if (nl->konst[i] >= 0)
			s->v[i] = (unsigned char)nl->konst[i];
	for (long w = 0; w < s->ndirty; w++)
		s->dirty[w] = ~0ull;
	if (s->nop % 64)
		s->dirty[s->ndirty - 1] = (1ull << (s->nop % 64)) - 1;
	s->stale = 1;
	wg_ns_settle(s);
	s->counting = 1;
	return 0;
}

void wg_ns_free(wg_ns *s)
{
	free(s->op);
	free(s->flop);
	free(s->fo_start);
	free(s->fo);
	free(s->dirty);
	free(s->v);
	free(s->qn);
	free(s->tog);
	memset(s, 0, sizeof *s);
}

void wg_ns_set(wg_ns *s, int net, int value)
{
	put(s, net, (unsigned char)(value != 0));
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
	/* fanout positions are later in the order than their driver, so one
	 * forward pass sees every cell that becomes dirty during the pass */
	if (!s->stale)
		return;
	for (long w = 0; w < s->ndirty; w++)
		while (s->dirty[w]) {
			long p = w * 64 + __builtin_ctzll(s->dirty[w]);
			s->dirty[w] &= s->dirty[w] - 1;
			const wg_ns_op *o = &s->op[p];
			put(s, o->out, eval_op(o, s->v));
		}
	s->stale = 0;
}

void wg_ns_edge(wg_ns *s)
{
	const wg_nl *nl = s->nl;
	wg_ns_settle(s);
	for (long i = 0; i < s->nflop; i++) {
		const wg_nl_cell *c = &nl->cells[s->flop[i]];
		unsigned q = s->v[c->out], d = s->v[c->in[0]];
		unsigned r = c->nin > 1 && c->kind != WG_NL_DFFE ? s->v[c->in[1]] == c->rpol : 0;
		unsigned e = c->kind == WG_NL_DFFE ? s->v[c->in[1]] == c->epol
			     : c->nin > 2     ? s->v[c->in[2]] == c->epol
					      : 1;
		unsigned next;
		switch (c->kind) {
		case WG_NL_SDFF:
		case WG_NL_SDFFE: next = r ? c->rval : e ? d : q; break;
		case WG_NL_SDFFCE: next = e ? (r ? c->rval : d) : q; break;
		default: next = e ? d : q; break; /* DFF (e = 1), DFFE */
		}
		s->qn[i] = (unsigned char)next;
	}
	for (long i = 0; i < s->nflop; i++)
		put(s, nl->cells[s->flop[i]].out, s->qn[i]);
}
