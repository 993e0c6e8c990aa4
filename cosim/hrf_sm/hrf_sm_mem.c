/* hrf_sm_mem.c - the contended off-chip memory shared by the SMs (hrf_sm_mem.h). */
#include "hrf_sm_mem.h"

#include <stdio.h>
#include <string.h>

/* One load in flight: its SM's MSHR. */
typedef struct hxm_load {
	int tag;            /* the SM's tag */
	int left;           /* pieces not yet returned */
	long issued;        /* cycle it left the SM */
} hxm_load;

/* One transaction in the FIFO or on its way back. */
typedef struct hxm_tx {
	int16_t sm, slot;   /* its load: SM and MSHR slot */
	long ret;           /* return cycle (once served) */
} hxm_tx;

struct hxm {
	hxm_cfg c;
	long cap;           /* ring capacity: every transaction that can be in flight */
	long qh, qn;        /* waiting FIFO: head, count (ring of cap) */
	long rh, rn;        /* served, returning in order: head, count (ring of cap) */
	long credit;        /* channel credit, thousandths of a byte */
	hxm_stats st;
	int used[HXM_MAX_SMS];   /* MSHRs in use per SM */
	size_t off_load, off_q, off_r; /* byte offsets of the arrays after the struct */
};

static hxm_load *loads(hxm *m) { return (hxm_load *)((char *)m + m->off_load); }
static hxm_tx *wq(hxm *m) { return (hxm_tx *)((char *)m + m->off_q); }
static hxm_tx *rq(hxm *m) { return (hxm_tx *)((char *)m + m->off_r); }

static size_t align8(size_t x) { return (x + 7u) & ~(size_t)7u; }

size_t hxm_size(const hxm_cfg *c)
{
	long nl = (long)c->sms * c->mshrs, cap = nl * c->max_pieces;
	if (c->sms < 1 || c->mshrs < 1 || c->max_pieces < 1)
		return sizeof(hxm);
	return align8(sizeof(hxm)) + align8((size_t)nl * sizeof(hxm_load)) + 2 * align8((size_t)cap * sizeof(hxm_tx));
}

const char *hxm_init(hxm *m, const hxm_cfg *c, char *err, size_t n)
{
	if (c->sms < 1 || c->sms > HXM_MAX_SMS)
		return snprintf(err, n, "SMS=%d is out of range (legal 1..%d)", c->sms, HXM_MAX_SMS), err;
	if (c->mshrs < 1 || c->mshrs > 256)
		return snprintf(err, n, "MSHRS=%d is out of range (legal 1..256)", c->mshrs), err;
	if (c->mem_lat < 1 || c->mem_lat > 100000)
		return snprintf(err, n, "MEM_LAT=%d is out of range (legal 1..100000)", c->mem_lat), err;
	if (c->bw_milli < 1 || c->bw_milli > 1000000)
		return snprintf(err, n, "BW=%ld is out of range (legal 1..1000000 thousandths of a byte per cycle)",
				c->bw_milli), err;
	if (c->max_pieces < 1 || c->max_pieces > 32)
		return snprintf(err, n, "PIECES=%d is out of range (legal 1..32)", c->max_pieces), err;
	m->c = *c;
	long nl = (long)c->sms * c->mshrs;
	m->cap = nl * c->max_pieces;
	m->off_load = align8(sizeof(hxm));
	m->off_q = m->off_load + align8((size_t)nl * sizeof(hxm_load));
	m->off_r = m->off_q + align8((size_t)m->cap * sizeof(hxm_tx));
	hxm_reset(m);
	return NULL;
}

void hxm_reset(hxm *m)
{
	m->qh = m->qn = m->rh = m->rn = 0;
	m->credit = 0;
	memset(&m->st, 0, sizeof m->st);
	memset(m->used, 0, sizeof m->used);
	memset(loads(m), 0, (size_t)m->c.sms * (size_t)m->c.mshrs * sizeof(hxm_load));
}

int hxm_mshr_free(const hxm *m, int sm)
{
	return m->c.mshrs - m->used[sm];
}

int hxm_inflight(const hxm *m, int sm)
{
	return m->used[sm];
}

int hxm_queued(const hxm *m)
{
	return (int)m->qn;
}

int hxm_issue(hxm *m, int sm, int tag, int pieces, long cyc)
{
	if (m->used[sm] >= m->c.mshrs) {
		m->st.refused++;
		return 0;
	}
	if (pieces < 1)
		pieces = 1;
	if (pieces > m->c.max_pieces)
		pieces = m->c.max_pieces;
	hxm_load *L = loads(m) + (long)sm * m->c.mshrs;
	int slot = 0;
	while (L[slot].left)
		slot++;
	L[slot].tag = tag;
	L[slot].left = pieces;
	L[slot].issued = cyc;
	m->used[sm]++;
	for (int k = 0; k < pieces; k++) {
		hxm_tx *t = &wq(m)[(m->qh + m->qn) % m->cap];
		t->sm = (int16_t)sm;
		t->slot = (int16_t)slot;
		t->ret = 0;
		m->qn++;
	}
	m->st.loads++;
	m->st.pieces += (uint64_t)pieces;
	return 1;
}

int hxm_tick(hxm *m, long cyc, hxm_done *done, int max)
{
	const long line = 1000L * HXM_LINE;
	m->st.cycles++;
	m->st.queue_sum += (uint64_t)m->qn;
	/* the channel: credit for this cycle, a transaction per line of credit */
	m->credit += m->c.bw_milli * m->c.sms;
	if (m->qn)
		m->st.busy++;
	while (m->qn && m->credit >= line) {
		hxm_tx t = wq(m)[m->qh];
		m->qh = (m->qh + 1) % m->cap;
		m->qn--;
		m->credit -= line;
		t.ret = cyc + m->c.mem_lat;
		rq(m)[(m->rh + m->rn) % m->cap] = t;
		m->rn++;
	}
	if (!m->qn && m->credit > line)
		m->credit = line; /* an idle channel banks at most one line */
	/* returns due this cycle */
	int nd = 0;
	while (m->rn && rq(m)[m->rh].ret <= cyc) {
		hxm_tx t = rq(m)[m->rh];
		m->rh = (m->rh + 1) % m->cap;
		m->rn--;
		hxm_load *L = &loads(m)[(long)t.sm * m->c.mshrs + t.slot];
		if (--L->left == 0) {
			long lat = cyc - L->issued;
			m->st.lat_sum += (uint64_t)lat;
			if (lat > m->st.lat_max)
				m->st.lat_max = lat;
			m->used[t.sm]--;
			if (nd < max)
				done[nd] = (hxm_done){t.sm, L->tag, L->issued};
			nd++;
		}
	}
	return nd;
}

const hxm_stats *hxm_get_stats(const hxm *m)
{
	return &m->st;
}

int hxm_max_done(const hxm *m)
{
	return m->c.sms * m->c.mshrs;
}
