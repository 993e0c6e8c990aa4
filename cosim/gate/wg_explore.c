/* wg_explore.c - breadth-first exploration of the joint state space of a C
 * model and its gate-level netlist. See wg_explore.h.
 *
 * States are stored as keys: the C model bytes that ever differed from the
 * root (the mask grows when a new state differs in a byte not yet in it; the
 * stored keys are then rewritten with the root's value in the new column,
 * which is what they held), then the netlist's flip-flops, a bit each. The
 * model is always run in one working buffer (a model keeps no pointer into
 * itself that could move; a pointer to the layout is the same in every
 * state). Breadth-first order is the order in which states were found, so
 * the queue is the key store itself. */
#include "wg_explore.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wg_buf.h"

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- the key store ---- */

typedef struct store {
	size_t msz;            /* model bytes */
	unsigned char *root;   /* the root's canonical model bytes */
	unsigned char *inmask; /* per model byte: in the key */
	uint32_t *mpos;        /* the key's model bytes, ascending */
	long nm;               /* their number */
	long nflop;            /* netlist flip-flops */
	long fb;               /* bytes of packed flip-flops */
	long K;                /* key bytes: nm + fb */
	unsigned char *keys;   /* n keys */
	int32_t *parent;       /* per state: the state it was found from (-1: root) */
	uint32_t *inp;         /* per state: the input index that led to it */
	long n, cap;
	uint32_t *slot;        /* hash table: state + 1, 0 empty */
	long nslot;            /* power of two */
} store;

static uint64_t hash_key(const unsigned char *k, long K)
{
	uint64_t h = 0x9E3779B97F4A7C15ull ^ (uint64_t)K;
	long i = 0;
	for (; i + 8 <= K; i += 8) {
		uint64_t w;
		memcpy(&w, k + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	for (; i < K; i++)
		h = (h ^ k[i]) * 0x100000001b3ull;
	h ^= h >> 29;
	h *= 0xc4ceb9fe1a85ec53ull;
	return h ^ (h >> 32);
}

static void rehash(store *s, long nslot)
{
	free(s->slot);
	s->nslot = nslot;
	s->slot = wg_xcalloc((size_t)nslot * sizeof *s->slot);
	for (long i = 0; i < s->n; i++) {
		uint64_t h = hash_key(s->keys + (size_t)i * (size_t)s->K, s->K) & (uint64_t)(nslot - 1);
		while (s->slot[h])
			h = (h + 1) & (uint64_t)(nslot - 1);
		s->slot[h] = (uint32_t)i + 1;
	}
}

/* Add byte positions to the mask (new[i] set) and rewrite every key. */
static void grow_mask(store *s, const unsigned char *add)
{
	long nm2 = 0;
	for (size_t b = 0; b < s->msz; b++)
		nm2 += s->inmask[b] || add[b];
	uint32_t *mpos2 = wg_xcalloc(((size_t)nm2 + 1) * sizeof *mpos2);
	long K2 = nm2 + s->fb, j = 0;
	for (size_t b = 0; b < s->msz; b++)
		if (s->inmask[b] || add[b])
			mpos2[j++] = (uint32_t)b;
	unsigned char *keys2 = wg_xcalloc((size_t)s->cap * (size_t)K2 + 1);
	for (long i = 0; i < s->n; i++) {
		const unsigned char *o = s->keys + (size_t)i * (size_t)s->K;
		unsigned char *k = keys2 + (size_t)i * (size_t)K2;
		long oi = 0;
		for (long q = 0; q < nm2; q++) {
			uint32_t b = mpos2[q];
			k[q] = s->inmask[b] ? o[oi++] : s->root[b];
		}
		memcpy(k + nm2, o + s->nm, (size_t)s->fb);
	}
	for (size_t b = 0; b < s->msz; b++)
		s->inmask[b] |= add[b];
	free(s->keys);
	free(s->mpos);
	s->keys = keys2;
	s->mpos = mpos2;
	s->nm = nm2;
	s->K = K2;
	rehash(s, s->nslot);
}

/* The key of (canonical model bytes cm, flip-flop values q) into k (s->K
 * bytes), growing the mask first when cm differs from the root outside it. */
static void make_key(store *s, const unsigned char *cm, const unsigned char *q, unsigned char *k, unsigned char *add)
{
	int grow = 0;
	size_t b = 0;
	for (; b + 8 <= s->msz; b += 8) { /* a word at a time: most bytes equal the root's */
		uint64_t u, v;
		memcpy(&u, cm + b, 8);
		memcpy(&v, s->root + b, 8);
		if (u != v)
			for (size_t q = b; q < b + 8; q++)
				grow |= !s->inmask[q] && cm[q] != s->root[q];
	}
	for (; b < s->msz; b++)
		grow |= !s->inmask[b] && cm[b] != s->root[b];
	if (grow) {
		for (b = 0; b < s->msz; b++)
			add[b] = !s->inmask[b] && cm[b] != s->root[b];
		grow_mask(s, add);
	}
	for (long i = 0; i < s->nm; i++)
		k[i] = cm[s->mpos[i]];
	memset(k + s->nm, 0, (size_t)s->fb);
	for (long f = 0; f < s->nflop; f++)
		k[s->nm + f / 8] |= (unsigned char)((q[f] & 1) << (f % 8));
}

/* Find k; if new, add it (parent, input). Returns the state, and *fresh. */
static long insert(store *s, const unsigned char *k, int32_t parent, uint32_t inp, int *fresh)
{
	uint64_t h = hash_key(k, s->K) & (uint64_t)(s->nslot - 1);
	while (s->slot[h]) {
		long i = (long)s->slot[h] - 1;
		if (memcmp(s->keys + (size_t)i * (size_t)s->K, k, (size_t)s->K) == 0) {
			*fresh = 0;
			return i;
		}
		h = (h + 1) & (uint64_t)(s->nslot - 1);
	}
	*fresh = 1;
	if (s->n == s->cap) {
		s->cap *= 2;
		unsigned char *nk = wg_xcalloc((size_t)s->cap * (size_t)s->K + 1);
		memcpy(nk, s->keys, (size_t)s->n * (size_t)s->K);
		free(s->keys);
		s->keys = nk;
		int32_t *np = wg_xcalloc((size_t)s->cap * sizeof *np);
		memcpy(np, s->parent, (size_t)s->n * sizeof *np);
		free(s->parent);
		s->parent = np;
		uint32_t *ni = wg_xcalloc((size_t)s->cap * sizeof *ni);
		memcpy(ni, s->inp, (size_t)s->n * sizeof *ni);
		free(s->inp);
		s->inp = ni;
	}
	long i = s->n++;
	memcpy(s->keys + (size_t)i * (size_t)s->K, k, (size_t)s->K);
	s->parent[i] = parent;
	s->inp[i] = inp;
	if (s->n * 2 > s->nslot)
		rehash(s, s->nslot * 2);
	else
		s->slot[h] = (uint32_t)i + 1;
	return i;
}

static void store_free(store *s)
{
	free(s->root);
	free(s->inmask);
	free(s->mpos);
	free(s->keys);
	free(s->parent);
	free(s->inp);
	free(s->slot);
}

/* ---- the exploration ---- */

typedef struct xp {
	const wg_xp_cfg *c;
	size_t msz, nin, nout;
	unsigned char *m;      /* the working model */
	unsigned char *mst;    /* the current state's model bytes (restored before each input) */
	unsigned char *cm;     /* canonical copy */
	long co, cn;           /* the event counts' byte range in the model (cn = 0: outside it) */
	wg_ns ns;              /* the netlist */
	unsigned char *qst;    /* the current state's flip-flops */
	int nbits;             /* enumerated input bits */
	uint32_t *drive;       /* per enumerated bit: the input-frame bits it sets (nin words each): its own
	                        * frame bit, and for a narrowed port every bit j >= BITS follows bit j % BITS */
	long *onet;            /* mapped output bits: frame bit, net pairs */
	long nonet;
	long *inet;            /* mapped input bits */
	long ninet;
	uint32_t *idle_in;     /* the all-zero input frame (canon) */
	uint32_t *idle_out;    /* its outputs, ignored */
} xp;

static void frame_of(const xp *x, uint32_t k, uint32_t *in)
{
	memset(in, 0, x->nin * sizeof *in);
	for (int j = 0; j < x->nbits; j++)
		if (k >> j & 1)
			for (size_t w = 0; w < x->nin; w++)
				in[w] |= x->drive[(size_t)j * x->nin + w];
}

/* The canonical bytes of the working model: first an evaluation of the idle
 * frame (every input 0), so that what a model caches in its own memory
 * between eval and tick (rfc keeps the last frame and its decisions there)
 * is a function of the state rather than of the last input; an eval changes
 * no state (wg_desc.h). Then the cumulative event counts, which only grow,
 * are zeroed. */
static void canon(xp *x)
{
	char e[8];
	memset(x->idle_out, 0, x->nout * sizeof *x->idle_out);
	(void)x->c->b->model_eval(x->m, x->idle_in, x->idle_out, e, sizeof e);
	memcpy(x->cm, x->m, x->msz);
	if (x->cn)
		memset(x->cm + x->co, 0, (size_t)x->cn);
}

static void ns_inputs(xp *x, const uint32_t *in)
{
	for (long i = 0; i < x->ninet; i++) {
		long bit = x->inet[2 * i];
		wg_ns_set(&x->ns, (int)x->inet[2 * i + 1], (int)(in[bit / 32] >> (bit % 32)) & 1);
	}
}

static void ns_outputs(xp *x, uint32_t *out)
{
	wg_ns_settle(&x->ns);
	memset(out, 0, x->nout * sizeof *out);
	for (long i = 0; i < x->nonet; i++) {
		long bit = x->onet[2 * i];
		out[bit / 32] |= (uint32_t)wg_ns_get(&x->ns, (int)x->onet[2 * i + 1]) << (bit % 32);
	}
}

static void ns_restore(xp *x)
{
	const wg_ns_plan *p = x->ns.p;
	for (long f = 0; f < p->nflop; f++)
		wg_ns_set(&x->ns, p->flop[f].q, x->qst[f]);
}

static void key_state(store *s, long i, xp *x)
{
	const unsigned char *k = s->keys + (size_t)i * (size_t)s->K;
	memcpy(x->mst, s->root, x->msz);
	for (long j = 0; j < s->nm; j++)
		x->mst[s->mpos[j]] = k[j];
	for (long f = 0; f < s->nflop; f++)
		x->qst[f] = (unsigned char)(k[s->nm + f / 8] >> (f % 8) & 1);
}

static const char *port_of_bit(const wg_block *b, const wg_layout *L, int dir, long bit, int *k)
{
	for (int p = 0; p < b->nports; p++)
		if ((int)b->ports[p].dir == dir && bit / 32 == L->off[p] && bit % 32 < L->width[p]) {
			*k = (int)(bit % 32);
			return b->ports[p].name;
		}
	/* wider ports span words */
	for (int p = 0; p < b->nports; p++)
		if ((int)b->ports[p].dir == dir && bit >= (long)L->off[p] * 32 && bit < (long)L->off[p] * 32 + L->width[p]) {
			*k = (int)(bit - (long)L->off[p] * 32);
			return b->ports[p].name;
		}
	*k = 0;
	return "?";
}

/* The counterexample: the reset frame, the inputs along the path to state i, then input k. */
static void make_cex(const xp *x, const store *s, long i, uint32_t k, wg_xp_res *r, const uint32_t *rst_in)
{
	long len = 0;
	for (long j = i; j > 0; j = s->parent[j])
		len++;
	r->cex_len = len + 2;
	r->cex_in = wg_xcalloc((size_t)r->cex_len * x->nin * sizeof *r->cex_in);
	memcpy(r->cex_in, rst_in, x->nin * sizeof *rst_in);
	long c = len;
	for (long j = i; j > 0; j = s->parent[j], c--)
		frame_of(x, s->inp[j], r->cex_in + (size_t)c * x->nin);
	frame_of(x, k, r->cex_in + (size_t)(len + 1) * x->nin);
}

int wg_xp_run(const wg_xp_cfg *c, wg_xp_res *r, char *err, size_t n)
{
	const wg_block *b = c->b;
	const wg_layout *L = c->L;
	memset(r, 0, sizeof *r);
	double t0 = now_s();
	xp x = {.c = c};
	x.nin = (size_t)L->nwords[WG_IN];
	x.nout = (size_t)L->nwords[WG_OUT];
	x.drive = wg_xcalloc(((size_t)WG_XP_MAX_BITS * x.nin + 1) * sizeof *x.drive);
	for (int p = 0; p < b->nports; p++) {
		if (b->ports[p].dir != WG_IN)
			continue;
		int w = L->width[p];
		if (c->keep_bits && c->keep_bits[p] >= 0 && c->keep_bits[p] < w)
			w = c->keep_bits[p];
		for (int k = 0; k < w; k++) {
			if (x.nbits == WG_XP_MAX_BITS) {
				int tot = 0;
				for (int q = 0; q < b->nports; q++)
					if (b->ports[q].dir == WG_IN)
						tot += c->keep_bits && c->keep_bits[q] >= 0 && c->keep_bits[q] < L->width[q]
							       ? c->keep_bits[q]
							       : L->width[q];
				snprintf(err, n, "%d input bits to enumerate per state (at most %d): 2^%d frames per state", tot,
					 WG_XP_MAX_BITS, tot);
				free(x.drive);
				return -1;
			}
			for (int q = k; q < L->width[p]; q += w) {
				long pos = (long)L->off[p] * 32 + q;
				x.drive[(size_t)x.nbits * x.nin + (size_t)(pos / 32)] |= 1u << (pos % 32);
			}
			x.nbits++;
		}
	}
	r->in_bits = x.nbits;
	x.msz = b->model_size(c->p);
	x.m = wg_xcalloc(x.msz + 8);
	x.mst = wg_xcalloc(x.msz + 8);
	x.cm = wg_xcalloc(x.msz + 8);
	x.idle_in = wg_xcalloc(x.nin * sizeof *x.idle_in + 4);
	x.idle_out = wg_xcalloc(x.nout * sizeof *x.idle_out + 4);
	b->model_init(x.m, c->p, L);
	if (b->model_counts && L->nevents > 0) {
		const unsigned char *cp = (const unsigned char *)b->model_counts(x.m);
		if (cp >= x.m && cp + (size_t)L->nevents * 8 <= x.m + x.msz) {
			x.co = (long)(cp - x.m);
			x.cn = (long)L->nevents * 8;
		}
	}
	const wg_ns_dut *d = c->dut;
	x.inet = wg_xcalloc(((size_t)x.nin * 32 + 1) * 2 * sizeof *x.inet);
	x.onet = wg_xcalloc(((size_t)x.nout * 32 + 1) * 2 * sizeof *x.onet);
	for (long i = 0; i < (long)x.nin * 32; i++)
		if (d->in_net[i] >= 0) {
			x.inet[2 * x.ninet] = i;
			x.inet[2 * x.ninet++ + 1] = d->in_net[i];
		}
	for (long i = 0; i < (long)x.nout * 32; i++)
		if (d->out_net[i] >= 0) {
			x.onet[2 * x.nonet] = i;
			x.onet[2 * x.nonet++ + 1] = d->out_net[i];
		}
	wg_ns_init(&x.ns, &d->plan, c->seed);
	const long nflop = d->plan.nflop;
	r->flops = nflop;
	x.qst = wg_xcalloc((size_t)nflop + 1);
	uint32_t *in = wg_xcalloc(x.nin * sizeof *in + 4), *rst_in = wg_xcalloc(x.nin * sizeof *in + 4);
	uint32_t *oc = wg_xcalloc(x.nout * sizeof *oc + 4), *on = wg_xcalloc(x.nout * sizeof *on + 4);
	char merr[512];
	int rc = 0;

	/* the root: one reset cycle, not compared (as co-simulation arms after it) */
	const long rst_bit = (long)L->off[0] * 32;
	rst_in[rst_bit / 32] |= 1u << (rst_bit % 32);
	if (b->model_eval(x.m, rst_in, oc, merr, sizeof merr) != 0) {
		snprintf(err, n, "the C model refuses the reset cycle: %s", merr);
		rc = -1;
		goto out;
	}
	ns_inputs(&x, rst_in);
	wg_ns_settle(&x.ns);
	b->model_tick(x.m, rst_in);
	wg_ns_edge(&x.ns);

	store s = {0};
	s.msz = x.msz;
	s.nflop = nflop;
	s.fb = (nflop + 7) / 8;
	s.K = s.fb;
	s.cap = 1024;
	s.keys = wg_xcalloc((size_t)s.cap * (size_t)s.K + 1);
	s.parent = wg_xcalloc((size_t)s.cap * sizeof *s.parent);
	s.inp = wg_xcalloc((size_t)s.cap * sizeof *s.inp);
	s.inmask = wg_xcalloc(x.msz + 1);
	s.mpos = wg_xcalloc(sizeof *s.mpos);
	s.root = wg_xcalloc(x.msz + 1);
	canon(&x);
	memcpy(s.root, x.cm, x.msz);
	rehash(&s, 4096);
	unsigned char *key = wg_xcalloc(x.msz + (size_t)s.fb + 1), *add = wg_xcalloc(x.msz + 1);
	unsigned char *qn = wg_xcalloc((size_t)nflop + 1);
	for (long f = 0; f < nflop; f++)
		qn[f] = (unsigned char)wg_ns_get(&x.ns, d->plan.flop[f].q);
	int fresh;
	make_key(&s, x.cm, qn, key, add);
	insert(&s, key, -1, 0, &fresh);

	const uint64_t nk = (uint64_t)1 << x.nbits;
	const int evp = L->ev_port;
	long level_end = 1;
	int depth = 0;
	r->verdict = WG_XP_EQUIV;
	for (long i = 0; i < s.n; i++) {
		if (i == level_end) {
			depth++;
			level_end = s.n;
			if (c->progress)
				fprintf(c->progress, "  level %d: %ld states, %ld transitions, %.1f s\n", depth, s.n,
					r->transitions, now_s() - t0);
		}
		if (s.n > c->max_states || (c->max_seconds > 0 && now_s() - t0 > c->max_seconds)) {
			r->verdict = WG_XP_BOUND;
			snprintf(r->msg, sizeof r->msg, "%s reached at level %d with %ld states: not proven",
				 s.n > c->max_states ? "the state bound" : "the time bound", depth, s.n);
			break;
		}
		key_state(&s, i, &x);
		ns_restore(&x);
		memcpy(x.m, x.mst, x.msz);
		for (uint64_t k = 0; k < nk; k++) {
			frame_of(&x, (uint32_t)k, in);
			memset(oc, 0, x.nout * sizeof *oc);
			if (b->model_eval(x.m, in, oc, merr, sizeof merr) != 0) {
				r->illegal++;
				continue;
			}
			r->transitions++;
			ns_inputs(&x, in);
			ns_outputs(&x, on);
			const char *what = NULL;
			long bad = -1;
			for (long w = 0; w < (long)x.nout && bad < 0; w++)
				if (oc[w] != on[w])
					bad = w * 32 + __builtin_ctz(oc[w] ^ on[w]);
			if (bad >= 0) {
				int kb;
				const char *pn = port_of_bit(b, L, WG_OUT, bad, &kb);
				snprintf(r->msg, sizeof r->msg, "output %s bit %d: C model %d, netlist %d", pn, kb,
					 (int)(oc[bad / 32] >> (bad % 32) & 1), (int)(on[bad / 32] >> (bad % 32) & 1));
				what = r->msg;
			}
			uint64_t before[WG_MAX_EVENTS] = {0};
			const int rst = (int)(in[rst_bit / 32] >> (rst_bit % 32) & 1);
			if (!what && evp >= 0 && x.cn)
				memcpy(before, b->model_counts(x.m), (size_t)x.cn);
			b->model_tick(x.m, in);
			if (!what && evp >= 0 && x.cn && !rst) {
				const uint64_t *after = b->model_counts(x.m);
				for (int e = 0; e < L->nevents && !what; e++) {
					long lsb = (long)L->off[evp] * 32 + L->ev_lsb[e];
					uint64_t f = 0;
					for (int q = 0; q < L->ev_w[e]; q++)
						f |= (uint64_t)(on[(lsb + q) / 32] >> ((lsb + q) % 32) & 1) << q;
					if (after[e] - before[e] != f) {
						snprintf(r->msg, sizeof r->msg,
							 "event %s: the C model counts %llu this cycle, the netlist's ev_o says %llu",
							 b->events[e].name, (unsigned long long)(after[e] - before[e]),
							 (unsigned long long)f);
						what = r->msg;
					}
				}
			}
			if (what) {
				r->verdict = WG_XP_CEX;
				make_cex(&x, &s, i, (uint32_t)k, r, rst_in);
				r->out_c = wg_xcalloc(x.nout * sizeof *oc + 4);
				r->out_n = wg_xcalloc(x.nout * sizeof *on + 4);
				memcpy(r->out_c, oc, x.nout * sizeof *oc);
				memcpy(r->out_n, on, x.nout * sizeof *on);
				break;
			}
			wg_ns_edge(&x.ns);
			memcpy(qn, x.ns.qn, (size_t)nflop);
			canon(&x);
			make_key(&s, x.cm, qn, key, add);
			insert(&s, key, (int32_t)i, (uint32_t)k, &fresh);
			ns_restore(&x);
			memcpy(x.m, x.mst, x.msz); /* an eval changes no state: only a tick needs this */
		}
		if (r->verdict == WG_XP_CEX)
			break;
	}
	r->states = s.n;
	r->depth = depth;
	r->model_bytes = s.nm;
	free(key);
	free(add);
	free(qn);
	store_free(&s);
out:
	r->seconds = now_s() - t0;
	wg_ns_free(&x.ns);
	free(x.m);
	free(x.mst);
	free(x.cm);
	free(x.idle_in);
	free(x.idle_out);
	free(x.drive);
	free(x.qst);
	free(x.inet);
	free(x.onet);
	free(in);
	free(rst_in);
	free(oc);
	free(on);
	return rc;
}

void wg_xp_res_free(wg_xp_res *r)
{
	free(r->cex_in);
	free(r->out_c);
	free(r->out_n);
	memset(r, 0, sizeof *r);
}

/* ---- stimulus files ---- */

static uint64_t port_value(const wg_layout *L, int p, const uint32_t *fr, int *wide)
{
	uint64_t v = 0;
	*wide = L->width[p] > 64;
	for (int k = 0; k < L->width[p] && k < 64; k++)
		v |= (uint64_t)(fr[L->off[p] + k / 32] >> (k % 32) & 1) << k;
	return v;
}

int wg_xp_write_stim(const char *path, const wg_block *b, const wg_layout *L, const char *header,
		     const uint32_t *frames, long ncycles, char *err, size_t n)
{
	wg_buf o = {0};
	wg_buf_printf(&o, "# %s\n# one line per cycle: every input port as NAME=VALUE (hex); replay with\n"
			  "# warpgen cosim %s --set ... --stim FILE\n",
		      header, b->name);
	for (long c = 0; c < ncycles; c++) {
		const uint32_t *fr = frames + (size_t)c * (size_t)L->nwords[WG_IN];
		const char *sep = "";
		for (int p = 0; p < b->nports; p++) {
			if (b->ports[p].dir != WG_IN || L->width[p] == 0)
				continue;
			int wide;
			uint64_t v = port_value(L, p, fr, &wide);
			if (wide) { /* word by word, most significant first */
				int nw = (L->width[p] + 31) / 32;
				wg_buf_printf(&o, "%s%s=0x", sep, b->ports[p].name);
				for (int w = nw - 1; w >= 0; w--)
					wg_buf_printf(&o, "%08x", fr[L->off[p] + w]);
			} else {
				wg_buf_printf(&o, "%s%s=0x%llx", sep, b->ports[p].name, (unsigned long long)v);
			}
			sep = " ";
		}
		wg_buf_printf(&o, "\n");
	}
	int rc = wg_write_atomic(path, o.s ? o.s : "", o.len, err, n);
	wg_buf_free(&o);
	return rc;
}

/* The replay: the frames of one file (a stimulus state cannot reach its own definition, so the frames live here). */
static struct {
	uint32_t *frames;
	long ncycles;
	size_t nin;
} replay;

static size_t rp_size(const long *p)
{
	(void)p;
	return sizeof(long);
}

static const char *rp_init(void *st, const long *p, const wg_layout *L, const long *knobs, int case_idx, uint64_t seed,
			   char *err, size_t n)
{
	(void)st, (void)p, (void)knobs, (void)seed;
	if (case_idx != 0 || (size_t)L->nwords[WG_IN] != replay.nin) {
		snprintf(err, n, "--stim: the stimulus file was read for another layout");
		return err;
	}
	return NULL;
}

static int rp_next(void *st, const void *model, uint32_t *in, long cyc)
{
	(void)st, (void)model;
	if (cyc >= replay.ncycles)
		return 0;
	memcpy(in, replay.frames + (size_t)cyc * replay.nin, replay.nin * sizeof *in);
	return 1;
}

static const char *rp_check(void *st, const void *model, const uint32_t *in, const uint32_t *out, long cyc, char *buf,
			    size_t n)
{
	(void)st, (void)model, (void)in, (void)out, (void)cyc, (void)buf, (void)n;
	return NULL; /* the comparison with the RTL is the check */
}

static const char *rp_finish(void *st, long *key_cycle, char *buf, size_t n)
{
	(void)st, (void)buf, (void)n;
	*key_cycle = replay.ncycles - 1; /* a counterexample's last cycle is the failing one */
	return NULL;
}

static const wg_case_def rp_case = {"stim-file", "the frames of a stimulus file (--stim FILE), one line a cycle", NULL,
				    NULL, NULL, NULL, NULL};
static wg_stim_def rp_def;

static int parse_hex(const char *s, const char *end, uint32_t *words, int nw, int width)
{
	if (end - s < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return -1;
	memset(words, 0, (size_t)nw * sizeof *words);
	int bit = 0;
	for (const char *q = end - 1; q >= s + 2; q--, bit += 4) {
		int v = *q >= '0' && *q <= '9' ? *q - '0' : *q >= 'a' && *q <= 'f' ? *q - 'a' + 10
						   : *q >= 'A' && *q <= 'F' ? *q - 'A' + 10 : -1;
		if (v < 0)
			return -1;
		for (int j = 0; j < 4; j++)
			if (v >> j & 1) {
				if (bit + j >= width)
					return -2;
				words[(bit + j) / 32] |= 1u << ((bit + j) % 32);
			}
	}
	return 0;
}

const wg_stim_def *wg_xp_replay_stim(const wg_block *b, const wg_layout *L, const char *path, char *err, size_t n)
{
	char rerr[512];
	char *text = wg_read_file(path, NULL, rerr, sizeof rerr);
	if (!text) {
		snprintf(err, n, "--stim: %s", rerr);
		return NULL;
	}
	replay.nin = (size_t)L->nwords[WG_IN];
	long cap = 64, nc = 0, lineno = 0;
	uint32_t *fr = wg_xcalloc((size_t)cap * replay.nin * sizeof *fr + 4);
	uint32_t val[64];
	const char *msg = NULL;
	for (char *line = text; line && *line && !msg;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		lineno++;
		char *q = line;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q && *q != '#') {
			if (nc == cap) {
				uint32_t *f2 = wg_xcalloc((size_t)cap * 2 * replay.nin * sizeof *f2 + 4);
				memcpy(f2, fr, (size_t)cap * replay.nin * sizeof *fr);
				free(fr);
				fr = f2;
				cap *= 2;
			}
			uint32_t *f = fr + (size_t)nc * replay.nin;
			while (*q && !msg) {
				char *tok = q;
				while (*q && *q != ' ' && *q != '\t')
					q++;
				char *eq = memchr(tok, '=', (size_t)(q - tok));
				int p = -1;
				if (eq) {
					*eq = '\0';
					p = wg_port_index(b, tok);
				}
				if (!eq || p < 0 || b->ports[p].dir != WG_IN || L->width[p] == 0) {
					snprintf(err, n, "--stim: %s line %ld: '%s' is not INPUT=0xHEX of %s", path, lineno, tok,
						 b->name);
					msg = err;
					break;
				}
				int nw = (L->width[p] + 31) / 32, pr = nw <= 64 ? parse_hex(eq + 1, q, val, nw, L->width[p]) : -1;
				if (pr != 0) {
					snprintf(err, n, "--stim: %s line %ld: %s=%.*s is %s", path, lineno, tok, (int)(q - eq - 1),
						 eq + 1, pr == -2 ? "wider than the port" : "not a hex number 0x...");
					msg = err;
					break;
				}
				memcpy(f + L->off[p], val, (size_t)nw * sizeof *val);
				while (*q == ' ' || *q == '\t')
					q++;
			}
			nc++;
		}
		line = nl ? nl + 1 : NULL;
	}
	free(text);
	if (!msg && nc == 0) {
		snprintf(err, n, "--stim: %s has no cycles", path);
		msg = err;
	}
	if (msg) {
		free(fr);
		return NULL;
	}
	free(replay.frames);
	replay.frames = fr;
	replay.ncycles = nc;
	rp_def = (wg_stim_def){.block = b, .knobs = NULL, .nknobs = 0, .cases = &rp_case, .ncases = 1, .size = rp_size,
			       .init = rp_init, .next = rp_next, .check = rp_check, .finish = rp_finish};
	return &rp_def;
}
