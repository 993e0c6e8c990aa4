/* hrf_sm_env.c - the GPU around hrf_sm's SMs (hrf_sm_env.h; docs/hrf_sm.md). */
#include "hrf_sm_env.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hrf_sm.h"
#include "hrf_sm_prof.h"
#include "hrf_sm_stream.h"
#include "memra.h"
#include "rename.h"
#include "sched2l.h"
#include "tuba.h"
#include "wg_comp.h"
#include "wg_kit.h"

const wg_param_def hxe_knobs[HXE_NKNOBS] = {
	[HXE_K_PROFILE] = {"PROFILE", HXP_BFS, 0, HXP_NPROF - 1, NULL, "workload: P1 Table 2's benchmarks in its order",
		"P1 Table 2"},
	[HXE_K_SMS] = {"SMS", 4, 1, HXM_MAX_SMS, NULL, "SMs sharing the off-chip memory", "decision (P1: 15; the share per SM is kept)"},
	[HXE_K_BW] = {"BW", 8533, 100, 1000000, NULL, "off-chip bandwidth per SM, thousandths of a byte per cycle",
		"P1 Table 1: 128 GB/s at 1 GHz over 15 SMs"},
	[HXE_K_MEM_LAT] = {"MEM_LAT", 200, 1, 10000, NULL, "cycles from a transaction's service to its return",
		"assumption (GTX480-class unloaded miss)"},
	[HXE_K_MSHRS] = {"MSHRS", 32, 1, 256, NULL, "off-chip loads in flight per SM", "assumption (GPGPU-Sim Fermi L1)"},
	[HXE_K_HIT_LAT] = {"HIT_LAT", 10, 1, 1000, NULL, "L1 hit latency, cycles", "P1 §4.1.1: thr_acc, a perfect memory"},
	[HXE_K_PIECES] = {"PIECES", 8, 1, 32, NULL, "largest transactions of one load", "assumption"},
	[HXE_K_ALU_LAT] = {"ALU_LAT", 8, 1, 100, NULL, "cycles from an ALU instruction's read to its write-back", "assumption"},
	[HXE_K_ILEN] = {"ILEN", 400, 8, 4000, NULL, "instructions per warp", "assumption"},
	[HXE_K_BLOCKS] = {"BLOCKS", -1, -1, 4096, NULL, "blocks of the kernel per SM (-1: 3 x the profile's blocks per SM)",
		"decision (blocks complete, TUBA evaluates)"},
	[HXE_K_OCS] = {"OCS", 4, 1, 16, NULL, "operand collectors per SM", "P1 Table 1"},
	[HXE_K_WATCHDOG] = {"WATCHDOG", 20000, 100, 10000000, NULL, "cycles without progress that fail the run", "stimulus"},
	[HXE_K_TRWS] = {"TRWS", 1, 0, 1, NULL,
		"co-simulation: 1 drives prio_i with memra's prio_o (TRWS), 0 with 0 (GTO); the statistics' schemes set it",
		"P1 §4.2.3"},
	[HXE_K_TUBA] = {"TUBA", 1, 0, 1, NULL,
		"co-simulation: 1 the dispatcher honours tuba's accept_o; the statistics' schemes set it", "P1 §4.2.2"},
};

#define HX_WARPS 64  /* the most warp slots (WARPS) */
#define HX_Q 64          /* queue capacities */
#define HX_PIR_SLOTS 18

/* an instruction (or operation) after issue */
typedef struct hx_ins {
	int w, idx;          /* warp, stream index */
	int kind;            /* RN_OP_INSN, RN_OP_PBR, RN_OP_EXIT */
	int need_pir;        /* a pir must be taken before it */
	uint64_t pbr;        /* PBR: the registers it releases */
	int want;            /* memra want_o at its rename (not a load) */
	unsigned spid[3];    /* sources' physical ids */
	unsigned stfet;      /* sources' classes (bit j) */
	int dnew;            /* the destination must be allocated */
	unsigned dpid;       /* mapped destination's id */
	int dtfet;           /* its class */
	int paths;           /* 2 in a divergent region */
	long left;           /* the last cycle of its operand read or write */
	long ready;          /* cycle from which the next phase may start */
	uint32_t tok;        /* the value it writes */
	int load;            /* a load */
	int tag;             /* load: its memory tag */
} hx_ins;

typedef struct hx_q {
	hx_ins e[HX_Q];
	int n;
} hx_q;

typedef struct hx_warp {
	int live;            /* a block's warp holds the slot */
	int prologue;        /* reset: resident in the scheduler until its EXIT issues */
	int bslot;           /* its block slot */
	long blk;            /* global block id */
	int j;               /* index in the block */
	int pc;              /* next stream instruction */
	int front;           /* an instruction between issue and its read end */
	int inflight;        /* instructions issued, not written back */
	int exited;          /* EXIT issued */
	int ninsn;           /* INSNs entered in the rename queue */
	uint64_t pend;       /* registers with a write outstanding */
	uint64_t ldpend;     /* ... by a load */
	uint32_t arch[64];   /* value token per architectural register */
	int16_t pid[64];     /* its physical id (-1 none) */
	long ld_tag;         /* the latest off-chip load's tag, -1 */
	long ld_leave;       /* the cycle it left */
	long wake;           /* drowsy: no issue before this cycle */
	unsigned last_sc;    /* A26: the last prediction */
	int has_sc;
	hxs_insn *s;         /* its stream */
} hx_warp;

typedef struct hx_sm {
	/* the SM's models, owned; all NULL for the co-simulated SM 0 (frame mode), whose models are the
	 * composed model's instances */
	s2l_model *sch;
	mr_model *pr;
	rn_model *rn;
	tb_model *tb;
	hx_warp w[HX_WARPS];
	int bres[8 * 4];     /* resident block slots: warps still live per slot, -1 free */
	int nres;            /* resident blocks */
	int done_pending;    /* blocks that completed last cycle (tuba's done_i) */
	hx_q rq;             /* rename queue */
	hx_q rw;             /* renamed, waiting for a collector */
	hx_q oc;             /* reading */
	hx_q ex;             /* executing / L1 hits */
	hx_q mq;             /* loads waiting for an MSHR */
	hx_q wb;             /* write-back requests */
	hx_q wr;             /* writes in progress */
	int rdq[HX_Q];       /* rd_done reports */
	int nrd;
	int mdq[HX_Q];       /* memra completions to present (warps) */
	long mdl[HX_Q];      /* their leave cycles */
	int nmd;
	hx_ins mload[256];   /* off-chip loads in flight by tag */
	long rport[RN_MAX_ALLOC * 2], wport[RN_MAX_ALLOC * 2]; /* per bank slice: first cycle its read / write
	                      * port is free (A16: a TFET access holds it 2 cycles) */
	uint32_t phys[RN_MAX_PHYS];
	uint8_t plive[RN_MAX_PHYS];
	uint16_t pown[RN_MAX_PHYS];  /* (warp << 6 | register) of the live value (diagnostics) */
} hx_sm;

struct hx_env {
	hx_scheme sc;
	long k[HXE_NKNOBS];
	hxp_profile pf;       /* the profile, fitted to the sizes (hx_fit) */
	uint64_t seed;        /* the run's seed */
	uint64_t kseed;       /* the kernel's: seed, then a new one per kernel (LOOP) */
	int sms, kw, kr, ilen, bpsm, blocks;
	int nw;               /* WARPS of the models */
	long next_blk, blocks_done;
	hx_sm *sm;
	hxm *mem;
	hxm_cfg mc;
	hxm_done *dbuf;
	int nd;               /* loads returned at the end of the last cycle (in dbuf) */
	hxs_insn *streams;    /* sms x HX_WARPS x (ilen + 1) */
	hx_cfgs cf;           /* the models' configurations */
	rn_cfg rc;            /* = cf.r */
	uint32_t tok;
	long cyc, last_progress;
	long k0;              /* first cycle of the current kernel's reset (0, later ones with LOOP) */
	long kernels;         /* kernels started */
	/* frame mode (co-simulation: SM 0's models are NULL, the composed model's instances instead) */
	int loop;             /* 1: a new kernel starts after the last block leaves */
	const wg_layout *L;   /* the composed block's frame layout */
	const void *dut;      /* this cycle's composed model (its instances are SM 0's models) */
	uint32_t *in;         /* this cycle's input frame */
	hx_view v;            /* what SM 0's models gave this cycle (frame mode) */
	char err[512];
	hx_stats st;
};

/* The first failed check: at the current cycle (fail) or at cycle cyc (fail_at). */
static void fail(hx_env *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(hx_env *e, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	wg_first_err(e->err, sizeof e->err, e->cyc, fmt, ap);
	va_end(ap);
}

static void fail_at(hx_env *e, long cyc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail_at(hx_env *e, long cyc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	wg_first_err(e->err, sizeof e->err, cyc, fmt, ap);
	va_end(ap);
}

#define FAILR(...)                  \
	do {                        \
		fail(__VA_ARGS__);  \
		return;             \
	} while (0)

static void qpush(hx_env *e, hx_q *q, const hx_ins *x)
{
	if (q->n >= HX_Q) {
		fail(e, "environment queue overflow");
		return;
	}
	q->e[q->n++] = *x;
}

static void qdel(hx_q *q, int i)
{
	memmove(&q->e[i], &q->e[i + 1], (size_t)(q->n - i - 1) * sizeof q->e[0]);
	q->n--;
}

static int is_tfet(const hx_env *e, unsigned pid)
{
	return e->sc.all_tfet || (e->sc.tfet_rows > 0 && rn_is_tfet(&e->rc, (int)pid));
}

/* ---------------------------------------------------------------- setup */

int hx_u(const hx_env *e)
{
	return e->kw * e->kr;
}

void hx_cfgs_p1(hx_cfgs *c, const hx_scheme *s)
{
	memset(c, 0, sizeof *c);
	rn_cfg_default(&c->r);
	c->r.warps = 48;
	c->r.rt_entries = 48 * RN_NONE; /* WARPS x REGS: every (warp, register) has an entry */
	c->r.tfet_rows = s->tfet_rows;
	c->r.cls = s->cls;
	c->r.gating = RN_GATE_STATIC;
	c->r.rt_banks = 8; /* the most table banks: P1's rename stage costs no throughput (§4.1.1) */
	s2l_cfg_default(&c->s);
	c->s.warps = c->s.active = 48;
	c->s.select = s->trws ? S2L_TRWS : S2L_GTO;
	c->s.barrier_demote = 0;
	mr_cfg_default(&c->m);
	c->m.warps = 48;
	tb_cfg_default(&c->t);
	c->t.tfet_regs = s->tfet_rows > 0 ? c->r.rf_banks * s->tfet_rows : 1;
}

/* As hrf_sm_desc.c's instance lines bind them. */
void hx_cfgs_of_params(hx_cfgs *c, const long *p)
{
	memset(c, 0, sizeof *c);
	s2l_cfg_default(&c->s);
	c->s.warps = c->s.active = (int)p[HRF_P_WARPS];
	c->s.select = S2L_TRWS;
	c->s.barrier_demote = 0;
	mr_cfg_default(&c->m);
	c->m.warps = (int)p[HRF_P_WARPS];
	c->m.thr_acc = (int)p[HRF_P_THR_ACC];
	c->m.ref_shift = (int)p[HRF_P_REF_SHIFT];
	c->m.sample_period = (int)p[HRF_P_SAMPLE_PERIOD];
	rn_cfg_default(&c->r);
	c->r.warps = (int)p[HRF_P_WARPS];
	c->r.regs = (int)p[HRF_P_REGS];
	c->r.phys = (int)p[HRF_P_PHYS_REGS];
	c->r.rt_entries = (int)p[HRF_P_RT_ENTRIES];
	c->r.rt_banks = (int)p[HRF_P_RT_BANKS];
	c->r.tfet_rows = (int)p[HRF_P_TFET_ROWS];
	c->r.cls = p[HRF_P_CLASS] == 0 ? RN_CMOS_RA : RN_MEM_RA;
	c->r.gating = RN_GATE_STATIC;
	c->r.fc_entries = (int)p[HRF_P_FC_ENTRIES];
	c->r.exempt = (int)p[HRF_P_EXEMPT];
	c->r.alloc_ports = (int)p[HRF_P_ALLOC_PORTS];
	c->r.pf_depth = (int)p[HRF_P_PF_DEPTH];
	tb_cfg_default(&c->t);
	c->t.tfet_regs = (int)p[HRF_P_TFET_REGS];
	c->t.dw_pct = (int)p[HRF_P_DW_PCT];
	c->t.up_pct = (int)p[HRF_P_UP_PCT];
	c->t.max_blocks = (int)p[HRF_P_MAX_BLOCKS];
}

/* The profile at the models' sizes: warps per block at most WARPS, blocks per SM as many as fit,
 * registers per thread at most REGS, and the static allocation U (blocks x warps x registers)
 * within the physical registers, as P1's kernels are: fewer registers first (down to 8), then
 * fewer blocks (docs/hrf_sm.md "Profiles at small sizes"). P1's sizes change nothing. */
static void hx_fit(hxp_profile *f, const hxp_profile *p, const rn_cfg *r)
{
	*f = *p;
	if (f->wpb > r->warps)
		f->wpb = r->warps;
	if (f->bpsm * f->wpb > r->warps)
		f->bpsm = r->warps / f->wpb;
	if (f->regs > r->regs)
		f->regs = r->regs;
	while (f->regs > 8 && hxp_u(f) > r->phys)
		f->regs--;
	while (f->bpsm > 1 && hxp_u(f) > r->phys)
		f->bpsm--;
	while (f->regs > 2 && hxp_u(f) > r->phys)
		f->regs--;
}

/* SM k's state for a new kernel (its models, if owned, are reset by rst_i). */
static void sm_clear(hx_env *e, int k)
{
	hx_sm *m = &e->sm[k];
	hx_sm keep = {.sch = m->sch, .pr = m->pr, .rn = m->rn, .tb = m->tb};
	memset(m, 0, sizeof *m);
	m->sch = keep.sch;
	m->pr = keep.pr;
	m->rn = keep.rn;
	m->tb = keep.tb;
	for (int b = 0; b < 32; b++)
		m->bres[b] = -1;
	for (int w = 0; w < HX_WARPS; w++) {
		m->w[w].prologue = w < e->nw;
		m->w[w].ld_tag = -1;
		m->w[w].s = e->streams + ((size_t)k * HX_WARPS + (size_t)w) * (size_t)(e->ilen + 1);
	}
}

hx_env *hx_new(const hx_scheme *s, const hx_cfgs *cf, const long *knobs, uint64_t seed, char *err, size_t n)
{
	for (int i = 0; i < HXE_NKNOBS; i++)
		if (knobs[i] < hxe_knobs[i].min || knobs[i] > hxe_knobs[i].max) {
			snprintf(err, n, "knob %s=%ld is out of range (legal %ld..%ld)", hxe_knobs[i].name, knobs[i],
				 hxe_knobs[i].min, hxe_knobs[i].max);
			return NULL;
		}
	hx_env *e = calloc(1, sizeof *e);
	if (!e)
		return snprintf(err, n, "out of memory"), NULL;
	e->sc = *s;
	if (cf)
		e->cf = *cf;
	else
		hx_cfgs_p1(&e->cf, s);
	e->rc = e->cf.r;
	e->nw = e->rc.warps;
	memcpy(e->k, knobs, sizeof e->k);
	hx_fit(&e->pf, hxp_get((int)knobs[HXE_K_PROFILE]), &e->rc);
	e->seed = e->kseed = seed;
	e->sms = (int)knobs[HXE_K_SMS];
	e->bpsm = e->pf.bpsm;
	e->kw = e->pf.bpsm * e->pf.wpb;
	e->kr = e->pf.regs;
	e->ilen = (int)knobs[HXE_K_ILEN];
	e->blocks = (int)(knobs[HXE_K_BLOCKS] < 0 ? 3 * e->bpsm : knobs[HXE_K_BLOCKS]) * e->sms;
	e->st.t_first = e->st.t_last = -1;
	e->mc = (hxm_cfg){e->sms, (int)knobs[HXE_K_MSHRS], (int)knobs[HXE_K_MEM_LAT], knobs[HXE_K_BW],
			  (int)knobs[HXE_K_PIECES]};
	e->mem = calloc(1, hxm_size(&e->mc));
	e->sm = calloc((size_t)e->sms, sizeof *e->sm);
	e->streams = calloc((size_t)e->sms * HX_WARPS * (size_t)(e->ilen + 1), sizeof(hxs_insn));
	if (!e->mem || !e->sm || !e->streams) {
		hx_free(e);
		return snprintf(err, n, "out of memory"), NULL;
	}
	if (hxm_init(e->mem, &e->mc, err, n)) {
		hx_free(e);
		return NULL;
	}
	e->dbuf = calloc((size_t)hxm_max_done(e->mem), sizeof *e->dbuf);
	for (int k = 0; k < e->sms; k++) {
		hx_sm *m = &e->sm[k];
		m->sch = s2l_new(&e->cf.s);
		m->pr = mr_new(&e->cf.m);
		m->rn = rn_new(&e->rc);
		m->tb = tb_new(&e->cf.t);
		if (!m->sch || !m->pr || !m->rn || !m->tb || !e->dbuf) {
			hx_free(e);
			return snprintf(err, n, "out of memory"), NULL;
		}
		sm_clear(e, k);
	}
	return e;
}

hx_env *hx_new_frame(const long *p, const wg_layout *L, const long *knobs, uint64_t seed, char *err, size_t n)
{
	hx_cfgs cf;
	hx_cfgs_of_params(&cf, p);
	hx_scheme s = {.name = "co-simulation", .tfet_rows = cf.r.tfet_rows, .cls = cf.r.cls,
		       .trws = (int)knobs[HXE_K_TRWS], .tuba = (int)knobs[HXE_K_TUBA], .rename_stage = 1};
	hx_env *e = hx_new(&s, &cf, knobs, seed, err, n);
	if (!e)
		return NULL;
	/* SM 0 is the composed model's: its own models are not used */
	hx_sm *m = &e->sm[0];
	s2l_free(m->sch);
	mr_free(m->pr);
	rn_free(m->rn);
	tb_free(m->tb);
	m->sch = NULL;
	m->pr = NULL;
	m->rn = NULL;
	m->tb = NULL;
	e->loop = 1;
	e->L = L;
	return e;
}

void hx_free(hx_env *e)
{
	if (!e)
		return;
	for (int k = 0; e->sm && k < e->sms; k++) {
		s2l_free(e->sm[k].sch);
		mr_free(e->sm[k].pr);
		rn_free(e->sm[k].rn);
		tb_free(e->sm[k].tb);
	}
	free(e->sm);
	free(e->mem);
	free(e->dbuf);
	free(e->streams);
	free(e);
}

const char *hx_error(const hx_env *e)
{
	return e->err[0] ? e->err : NULL;
}

const hx_stats *hx_get_stats(const hx_env *e)
{
	return &e->st;
}

/* ---------------------------------------------------------------- one SM, one cycle */

/* The next instruction of warp w may issue this cycle. */
static int ready(const hx_env *e, const hx_sm *m, int w)
{
	const hx_warp *x = &m->w[w];
	if (x->prologue)
		return 1;
	if (!x->live || x->front || x->exited || e->cyc < x->wake)
		return 0;
	const hxs_insn *in = &x->s[x->pc];
	if (in->kind == HXS_EXIT)
		return x->inflight == 0;
	for (int j = 0; j < 3; j++)
		if (in->src[j] != HXS_NONE && ((x->pend >> in->src[j]) & 1))
			return 0;
	return 1;
}

static uint64_t pir_flags(const hx_warp *x, int word, int ilen)
{
	uint64_t f = 0;
	for (int i = 0; i < HX_PIR_SLOTS; i++) {
		int idx = word * HX_PIR_SLOTS + i;
		if (idx >= ilen)
			break;
		f |= (uint64_t)(x->s[idx].last & 7u) << (3 * i);
	}
	return f;
}

static void launch_block(hx_env *e, hx_sm *m, int sm, uint64_t *launch)
{
	int bs = 0;
	while (m->bres[bs] >= 0)
		bs++;
	long blk = e->next_blk++;
	int need = e->pf.wpb, got = 0;
	for (int w = 0; w < e->kw && got < need; w++) {
		hx_warp *x = &m->w[w];
		if (x->live || x->prologue)
			continue;
		hxs_insn *s = x->s;
		memset(x, 0, sizeof *x);
		x->s = s;
		x->live = 1;
		x->bslot = bs;
		x->blk = blk;
		x->j = got;
		x->ld_tag = -1;
		for (int r = 0; r < 64; r++)
			x->pid[r] = -1;
		hxs_gen(&e->pf, e->ilen, e->kseed, blk, got, x->s, NULL);
		char buf[160];
		if (hxs_check(x->s, e->ilen, e->kr, buf, sizeof buf))
			fail(e, "SM %d block %ld warp %d: stream: %s", sm, blk, got, buf);
		*launch |= UINT64_C(1) << w;
		got++;
	}
	m->bres[bs] = need;
	m->nres++;
	if (e->st.t_first < 0)
		e->st.t_first = e->cyc;
	e->last_progress = e->cyc;
}

/* free warp slots for a block (not live, not in the prologue) */
static int free_warps(const hx_env *e, const hx_sm *m)
{
	int n = 0;
	for (int w = 0; w < e->kw; w++)
		n += !m->w[w].live && !m->w[w].prologue;
	return n;
}

/* Instructions of warp w renamed and not yet reported read (the renaming table's oc_q[w]). */
static int outstanding(const hx_sm *m, int w)
{
	int n = 0;
	for (int i = 0; i < m->rw.n; i++)
		n += m->rw.e[i].w == w;
	for (int i = 0; i < m->oc.n; i++)
		n += m->oc.e[i].w == w;
	for (int i = 0; i < m->nrd; i++)
		n += m->rdq[i] == w;
	return n;
}

static void release_pid(hx_sm *m, hx_warp *x, int r)
{
	if (x->pid[r] >= 0)
		m->plive[x->pid[r]] = 0;
	x->pid[r] = -1;
}

/* Bank slices: a physical id's slice is id mod RF_BANKS (docs/rename.md); each has one read and one
 * write port; an access holds its port 1 cycle (CMOS) or 2 (TFET, A16), per divergent path. */
#define HX_SLICES 4

/* The last cycle of an operand read that starts at c + 1 (its sources in order, each when its
 * slice's read port is free; the second path after the first). */
static long read_end(hx_sm *m, const hx_ins *q, const hxs_insn *in, long c)
{
	long t = c + 1, end = c + 1;
	for (int p = 0; p < q->paths; p++) {
		long pe = t;
		for (int j = 0; j < 3; j++) {
			if (in->src[j] == HXS_NONE)
				continue;
			int sl = (int)(q->spid[j] % HX_SLICES), d = ((q->stfet >> j) & 1) ? 2 : 1;
			long st = m->rport[sl] > t ? m->rport[sl] : t;
			m->rport[sl] = st + d;
			if (st + d - 1 > pe)
				pe = st + d - 1;
		}
		end = pe;
		t = pe + 1;
	}
	return end;
}

/* The last cycle of a write granted (or started in place) at cycle c. */
static long write_end(hx_sm *m, const hx_ins *q, unsigned pid, int tfet, long c)
{
	int sl = (int)(pid % HX_SLICES);
	long st = m->wport[sl] > c + 1 ? m->wport[sl] : c + 1;
	long d = (long)(tfet ? 2 : 1) * q->paths;
	m->wport[sl] = st + d;
	return st + d - 1;
}

/* The composed block's input frame from the four models' inputs (frame mode, SM 0). */
static void pack(const hx_env *e, uint32_t *in, const s2l_in *si, const mr_in *mi, const rn_in *ri, const tb_in *ti)
{
	const wg_layout *L = e->L;
	long WB = L->width[HRF_PIR_WARP_I];
	wg_port_put(L, in, HRF_RST_I, si->rst);
	wg_port_put(L, in, HRF_RDY_I, si->rdy);
	wg_port_put(L, in, HRF_FIN_I, si->fin);
	wg_port_put(L, in, HRF_LAUNCH_I, si->launch);
	wg_port_put(L, in, HRF_PRIO_I, si->prio);
	wg_port_put(L, in, HRF_LD_I, mi->ld);
	wg_port_put(L, in, HRF_DONE_VALID_I, mi->done_valid);
	wg_port_put(L, in, HRF_DONE_WARP_I, mi->done_warp);
	wg_port_put(L, in, HRF_GRANT_I, mi->grant);
	wg_port_put(L, in, HRF_KL_VALID_I, ri->kl_valid);
	wg_port_put(L, in, HRF_KL_WARPS_I, ri->kl_warps);
	wg_port_put(L, in, HRF_KL_REGS_I, ri->kl_regs);
	wg_port_put(L, in, HRF_KL_EXEMPT_I, ri->kl_exempt);
	wg_port_put(L, in, HRF_PIR_VALID_I, ri->pir_valid);
	wg_port_put(L, in, HRF_PIR_WARP_I, ri->pir_warp);
	wg_port_put(L, in, HRF_PIR_PC_I, ri->pir_pc);
	wg_port_put(L, in, HRF_PIR_FLAGS_I, ri->pir_flags);
	wg_port_put(L, in, HRF_OP_VALID_I, ri->op_valid);
	wg_port_put(L, in, HRF_OP_KIND_I, ri->op_kind);
	wg_port_put(L, in, HRF_OP_WARP_I, ri->op_warp);
	for (int j = 0; j < RN_PBR_SLOTS; j++)
		wg_slice_put(L, in, HRF_OP_REG_I, 6L * j, 6, ri->op_reg[j]);
	wg_port_put(L, in, HRF_OP_DST_I, ri->op_dst);
	wg_port_put(L, in, HRF_RD_DONE_I, ri->rd_done);
	wg_port_put(L, in, HRF_RD_WARP_I, ri->rd_warp);
	for (int k = 0; k < e->rc.alloc_ports; k++) {
		wg_slice_put(L, in, HRF_ALC_VALID_I, k, 1, ri->alc_valid[k]);
		wg_slice_put(L, in, HRF_ALC_WARP_I, k * WB, WB, ri->alc_warp[k]);
		wg_slice_put(L, in, HRF_ALC_REG_I, 6L * k, 6, ri->alc_reg[k]);
		wg_slice_put(L, in, HRF_ALC_TFET_I, k, 1, ri->alc_tfet[k]);
		wg_slice_put(L, in, HRF_ALC_LOAD_I, k, 1, ri->alc_load[k]);
	}
	wg_port_put(L, in, HRF_START_I, ti->start);
	wg_port_put(L, in, HRF_OCC_I, ti->occ);
	wg_port_put(L, in, HRF_BLK_DONE_I, ti->done);
	wg_port_put(L, in, HRF_RES_I, ti->res);
}

/* The edge of SM m's models: its own are clocked; the co-simulated SM's inputs go to the frame
 * (the harness clocks the composed model). */
static void edge(hx_env *e, hx_sm *m, const s2l_in *si, const mr_in *mi, const rn_in *ri, const tb_in *ti)
{
	if (!m->sch) {
		pack(e, e->in, si, mi, ri, ti);
		return;
	}
	mr_tick(m->pr, mi);
	rn_tick(m->rn, ri);
	tb_tick(m->tb, ti);
	s2l_tick(m->sch, si);
}

static void step_sm(hx_env *e, int sk)
{
	hx_sm *m = &e->sm[sk];
	const long c = e->cyc, kc = c - e->k0;
	/* the models: the SM's own, or the composed model's instances (read only) */
	const s2l_model *sch = m->sch ? m->sch : wg_comp_child(e->dut, HRF_I_SCHED);
	const mr_model *pr = m->pr ? m->pr : wg_comp_child(e->dut, HRF_I_PRED);
	const rn_model *rn = m->rn ? m->rn : wg_comp_child(e->dut, HRF_I_REN);
	const tb_model *tb = m->tb ? m->tb : wg_comp_child(e->dut, HRF_I_TUBA);
	s2l_in si;
	mr_in mi;
	rn_in ri;
	tb_in ti;
	s2l_out so;
	mr_out mo;
	rn_out ro;
	tb_out to;
	memset(&si, 0, sizeof si);
	memset(&mi, 0, sizeof mi);
	memset(&ri, 0, sizeof ri);
	memset(&ti, 0, sizeof ti);
	if (kc < 2) {
		si.rst = mi.rst = ri.rst = ti.rst = 1;
		edge(e, m, &si, &mi, &ri, &ti);
		if (!m->sch)
			e->v.valid = 0;
		return;
	}
	const int S = 3, kernel_start = kc == 2;
	int pir_i = -1, op_i = -1, alc_n = 0, alc_q[RN_MAX_ALLOC];
	long ld_q = -1;
	if (kernel_start) {
		ri.kl_valid = 1;
		ri.kl_warps = (unsigned)e->kw;
		ri.kl_regs = (unsigned)e->kr;
		ri.kl_exempt = 0;
		ti.start = 1;
		ti.occ = (unsigned)e->bpsm;
	} else {
		/* the operation: the queue head, unless it waits for its pir or the collectors are backed up */
		if (m->rq.n && !m->rq.e[0].need_pir && m->rw.n < 2)
			op_i = 0;
		/* the pir: the oldest entry that needs one, not of the operation's warp */
		for (int i = 0; i < m->rq.n; i++)
			if (m->rq.e[i].need_pir) {
				if (op_i >= 0 && m->rq.e[i].w == m->rq.e[op_i].w)
					break;
				pir_i = i;
				break;
			}
		if (pir_i >= 0) {
			const hx_ins *q = &m->rq.e[pir_i];
			const hx_warp *x = &m->w[q->w];
			int word = q->idx / HX_PIR_SLOTS;
			ri.pir_valid = 1;
			ri.pir_warp = (unsigned)q->w;
			ri.pir_pc = (uint32_t)((((uint64_t)x->blk * 64u + (uint64_t)x->j) << 10 | (uint64_t)word) &
					       ((UINT64_C(1) << e->rc.pc_bits) - 1));
			ri.pir_flags = pir_flags(x, word, e->ilen);
		}
		for (int s = 0; s < RN_PBR_SLOTS; s++)
			ri.op_reg[s] = RN_NONE;
		ri.op_dst = RN_NONE;
		if (op_i >= 0) {
			const hx_ins *q = &m->rq.e[op_i];
			/* a PBR or EXIT frees its registers as it serves them, from the first cycle with no read
			 * of the warp outstanding: the values are dead from then on (for the grant check) */
			if (q->kind != RN_OP_INSN && outstanding(m, q->w) == 0)
				for (int r = 0; r < 64; r++)
					if (q->kind == RN_OP_EXIT || ((q->pbr >> r) & 1))
						release_pid(m, &m->w[q->w], r);
			ri.op_valid = 1;
			ri.op_kind = (unsigned)q->kind;
			ri.op_warp = (unsigned)q->w;
			if (q->kind == RN_OP_INSN) {
				const hxs_insn *in = &m->w[q->w].s[q->idx];
				for (int j = 0; j < S; j++)
					ri.op_reg[j] = in->src[j];
				ri.op_dst = in->dst;
			} else if (q->kind == RN_OP_PBR) {
				int s = 0;
				for (int r = 0; r < 64 && s < RN_PBR_SLOTS; r++)
					if ((q->pbr >> r) & 1)
						ri.op_reg[s++] = (unsigned)r;
			}
		}
		if (m->nrd) {
			ri.rd_done = 1;
			ri.rd_warp = (unsigned)m->rdq[0];
		}
		if (m->mq.n && hxm_mshr_free(e->mem, sk) > 0) {
			ld_q = 0;
			mi.ld = UINT64_C(1) << m->mq.e[0].w;
		}
		/* a queued completion is stale once a newer load of its warp has left (A6) */
		while (m->nmd && m->w[m->mdq[0]].ld_leave != m->mdl[0]) {
			memmove(m->mdq, m->mdq + 1, (size_t)(m->nmd - 1) * sizeof m->mdq[0]);
			memmove(m->mdl, m->mdl + 1, (size_t)(m->nmd - 1) * sizeof m->mdl[0]);
			m->nmd--;
		}
		if (m->nmd) {
			mi.done_valid = 1;
			mi.done_warp = (unsigned)m->mdq[0];
		}
		/* allocation requests: the oldest new destinations */
		for (int i = 0; i < m->wb.n && alc_n < e->rc.alloc_ports; i++) {
			const hx_ins *q = &m->wb.e[i];
			if (q->dnew && q->ready <= c)
				alc_q[alc_n++] = i;
		}
	}
	/* memra first (its outputs are state only), then the class requests */
	if (mr_eval(pr, &mi, &mo))
		FAILR(e, "SM %d memra: %s", sk, mo.msg);
	uint64_t tfet_warp = 0;
	for (int k = 0; k < alc_n; k++) {
		const hx_ins *q = &m->wb.e[alc_q[k]];
		ri.alc_valid[k] = 1;
		ri.alc_warp[k] = (unsigned)q->w;
		ri.alc_reg[k] = m->w[q->w].s[q->idx].dst;
		if (e->sc.tfet_rows > 0) {
			/* A load asks CMOS with the paper's fallback (P1 §4.1.2.2: "a CMOS register is requested while
			 * the buffer for CMOS registers is empty, the buffer for TFET registers will provide a free
			 * TFET register instead"; only its TFET request is skipped, A11): alc_tfet_i = 0 and
			 * alc_load_i = 0, never rename's CMOS-only load (which deadlocks when every CMOS id holds a
			 * value whose reader waits behind a load; docs/hrf_sm.md decision 11). */
			ri.alc_load[k] = 0;
			int t = e->sc.cls == RN_MEM_RA && !q->load && q->want && ((mo.want >> q->w) & 1) && !((mi.ld >> q->w) & 1) &&
				!((tfet_warp >> q->w) & 1);
			ri.alc_tfet[k] = (unsigned)t;
			if (t)
				tfet_warp |= UINT64_C(1) << q->w;
		}
	}
	if (rn_eval(rn, &ri, &ro))
		FAILR(e, "SM %d rename: %s", sk, ro.msg);
	for (int k = 0; k < alc_n; k++)
		if (ro.alc_gnt[k] && ri.alc_tfet[k] && ro.alc_tfet[k])
			mi.grant |= UINT64_C(1) << ri.alc_warp[k];
	if (mr_eval(pr, &mi, &mo))
		FAILR(e, "SM %d memra: %s", sk, mo.msg);
	/* tuba: registers of last cycle's completed blocks are released; its free count is the table's */
	ti.free = e->sc.tfet_rows > 0 ? ro.free_tfet : 0;
	if (!kernel_start) {
		ti.done = (unsigned)(m->done_pending > 0);
		ti.res = (unsigned)m->nres;
	}
	if (tb_eval(tb, &ti, &to))
		FAILR(e, "SM %d tuba: %s", sk, to.msg);
	/* the dispatcher */
	uint64_t launch = 0;
	int room = !kernel_start && e->next_blk < e->blocks && m->nres < e->bpsm && free_warps(e, m) >= e->pf.wpb;
	int can = room && (!e->sc.tuba || to.accept);
	if (e->sc.tfet_rows > 0) { /* TUBA diagnostics (docs/hrf_sm.md "Why TUBA does not act") */
		const tb_cfg *tc = &e->cf.t;
		int lo = 100 * (long)ti.free < (long)tc->dw_pct * tc->tfet_regs, hi = 100 * (long)ti.free > (long)tc->up_pct * tc->tfet_regs;
		if (to.ev[TB_EV_EVAL]) {
			e->st.tuba_eval++;
			e->st.tuba_lo += (uint64_t)lo;
			e->st.tuba_hi += (uint64_t)hi;
			e->st.tuba_dec10[10L * ti.free / (unsigned)tc->tfet_regs]++;
		}
		e->st.tuba_held += (uint64_t)(room && e->sc.tuba && !to.accept);
		if (e->st.t_first >= 0 && e->blocks_done < e->blocks) {
			e->st.short_cyc += (uint64_t)lo;
			e->st.free_tfet_sum += ti.free;
		}
	}
	/* the scheduler */
	uint64_t resident = s2l_resident(sch);
	int held = 0;
	for (int w = 0; w < e->nw; w++) {
		if (!((resident >> w) & 1))
			continue;
		if (!kernel_start && ready(e, m, w)) {
			if (m->rq.n <= 1)
				si.rdy |= UINT64_C(1) << w;
			else
				held = 1;
		}
		if (m->w[w].prologue || (m->w[w].live && m->w[w].s[m->w[w].pc].kind == HXS_EXIT))
			si.fin |= UINT64_C(1) << w;
	}
	si.slot_free = wg_ones64(e->nw);
	si.prio = e->sc.trws ? (mo.prio & resident) : 0;
	if (can)
		launch_block(e, m, sk, &launch);
	si.launch = launch;
	if (s2l_eval(sch, &si, &so))
		FAILR(e, "SM %d sched2l: %s", sk, so.msg);
	if (!m->sch)
		e->v = (hx_view){so, mo, ro, to, 1};

	/* ---- checks and the environment's edge ---- */
	e->st.rq_full += (uint64_t)held;
	e->st.iss_cycles += so.iss_valid;
	if (e->st.t_first >= 0 && e->blocks_done < e->blocks) {
		int nres_w = (int)wg_popc64(resident);
		e->st.k_cycles++;
		e->st.res_warps += nres_w;
		e->st.idle_res += (uint64_t)(!so.iss_valid && nres_w > 0);
		e->st.idle_empty += (uint64_t)(nres_w == 0);
		e->st.drain += (uint64_t)(m->nres < e->bpsm && e->next_blk >= e->blocks);
	}
	e->st.rn_ops += (uint64_t)(op_i >= 0);
	e->st.rn_wait += (uint64_t)(op_i >= 0 && !ro.op_ready);
	if (so.iss_valid) {
		int w = (int)so.iss_warp;
		hx_warp *x = &m->w[w];
		if (!((si.rdy >> w) & 1))
			FAILR(e, "SM %d: warp %d selected while not ready", sk, w);
		int is_exit = x->prologue || x->s[x->pc].kind == HXS_EXIT;
		if ((int)so.ext_valid != is_exit)
			FAILR(e, "SM %d: ext_valid_o=%u for warp %d whose instruction is %sEXIT", sk, so.ext_valid, w,
				    is_exit ? "" : "not ");
		e->last_progress = c;
		if (x->prologue) {
			x->prologue = 0;
		} else if (is_exit) {
			hx_ins q = {.w = w, .idx = x->pc, .kind = RN_OP_EXIT};
			x->exited = 1;
			qpush(e, &m->rq, &q);
		} else {
			const hxs_insn *in = &x->s[x->pc];
			e->st.issued++;
			if (in->rel) {
				uint64_t rel = in->rel;
				while (rel) {
					hx_ins q = {.w = w, .idx = x->pc, .kind = RN_OP_PBR};
					for (int s = 0; s < RN_PBR_SLOTS && rel; s++) {
						int r = __builtin_ctzll(rel);
						q.pbr |= UINT64_C(1) << r;
						rel &= rel - 1;
					}
					qpush(e, &m->rq, &q);
				}
			}
			hx_ins q = {.w = w, .idx = x->pc, .kind = RN_OP_INSN, .paths = in->div ? 2 : 1};
			q.need_pir = x->ninsn % HX_PIR_SLOTS == 0;
			q.load = in->kind == HXS_LOAD;
			x->ninsn++;
			x->front = 1;
			x->inflight++;
			x->pend |= UINT64_C(1) << in->dst;
			if (q.load)
				x->ldpend |= UINT64_C(1) << in->dst;
			qpush(e, &m->rq, &q);
			x->pc++;
		}
	}
	if (pir_i >= 0 && ro.pir_ready)
		m->rq.e[pir_i].need_pir = 0;
	if (op_i >= 0 && ro.op_ready) {
		hx_ins q = m->rq.e[op_i];
		qdel(&m->rq, op_i);
		hx_warp *x = &m->w[q.w];
		if (q.kind == RN_OP_INSN) {
			const hxs_insn *in = &x->s[q.idx];
			for (int j = 0; j < S; j++) {
				if (in->src[j] == HXS_NONE)
					continue;
				int rel = (int)((ro.op_rel[j] >> 0) & 1);
				if (rel != ((in->last >> j) & 1))
					FAILR(e, "SM %d warp %d instruction %d (block %ld, warp %d of it): source %d (r%d, id %u) "
					      "released=%d, its hint says %d (destination r%d)", sk, q.w, q.idx, x->blk, x->j, j,
					      in->src[j], ro.op_src_pid[j], rel, (in->last >> j) & 1, in->dst);
				q.spid[j] = ro.op_src_pid[j];
				if (is_tfet(e, ro.op_src_pid[j]))
					q.stfet |= 1u << j;
				if (e->sc.tfet_rows > 0 && !!ro.op_src_tfet[j] != !!rn_is_tfet(&e->rc, (int)ro.op_src_pid[j]))
					FAILR(e, "SM %d: op_src_tfet_o[%d] disagrees with the id %u", sk, j, ro.op_src_pid[j]);
			}
			q.dnew = (int)ro.op_dst_new;
			q.dpid = ro.op_dst_pid;
			q.dtfet = is_tfet(e, ro.op_dst_pid);
			if (!q.dnew && x->pid[in->dst] != (int)ro.op_dst_pid)
				FAILR(e, "SM %d warp %d: destination r%d mapped to %u, its last write went to %d", sk, q.w,
					    in->dst, ro.op_dst_pid, x->pid[in->dst]);
			q.want = !q.load && ((mo.want >> q.w) & 1);
			q.ready = c + (e->sc.rename_stage ? 1 : 0); /* the rename stage's own cycle */
			qpush(e, &m->rw, &q);
			e->st.insns++;
		} else if (q.kind == RN_OP_PBR) {
			for (int r = 0; r < 64; r++)
				if ((q.pbr >> r) & 1)
					release_pid(m, x, r);
		} else {
			/* EXIT: the warp's registers are swept; its block may complete */
			for (int r = 0; r < 64; r++)
				release_pid(m, x, r);
			x->live = 0;
			int bs = x->bslot;
			if (--m->bres[bs] == 0) {
				m->bres[bs] = -1;
				m->nres--;
				m->done_pending++;
				e->blocks_done++;
				e->st.blocks_done++;
				e->st.t_last = c;
			}
			e->last_progress = c;
		}
	}
	if (ri.rd_done) {
		memmove(m->rdq, m->rdq + 1, (size_t)(m->nrd - 1) * sizeof m->rdq[0]);
		m->nrd--;
	}
	if (ti.done)
		m->done_pending--;
	if (mi.done_valid) {
		int w = m->mdq[0];
		long leave = m->mdl[0];
		memmove(m->mdq, m->mdq + 1, (size_t)(m->nmd - 1) * sizeof m->mdq[0]);
		memmove(m->mdl, m->mdl + 1, (size_t)(m->nmd - 1) * sizeof m->mdl[0]);
		m->nmd--;
		hx_warp *x = &m->w[w];
		if (((mr_meas(pr) >> w) & 1) && !((mi.ld >> w) & 1)) {
			/* A26: the last prediction against this load's latency */
			long lat = c - leave, top = (long)wg_ones64(e->cf.m.cnt_bits), thr = e->cf.m.thr_acc;
			if (lat > top)
				lat = top;
			long act = lat - thr > 0 ? lat - thr : 0;
			if (x->has_sc) {
				double d = (double)x->last_sc - (double)act;
				e->st.err_sum += (d < 0 ? -d : d) / (double)(act > 1 ? act : 1);
				e->st.err_n++;
			}
			x->last_sc = mr_eq1((unsigned)lat, mr_sample(pr), (unsigned)thr, (unsigned)e->cf.m.ref_shift);
			x->has_sc = 1;
		}
	}
	/* allocations granted: the writes start */
	for (int k = alc_n - 1; k >= 0; k--) {
		if (!ro.alc_gnt[k])
			continue;
		hx_ins q = m->wb.e[alc_q[k]];
		qdel(&m->wb, alc_q[k]);
		unsigned pid = ro.alc_pid[k];
		int t = is_tfet(e, pid);
		if (q.load && e->sc.tfet_rows > 0 && rn_is_tfet(&e->rc, (int)pid)) {
			/* A11 with the paper's fallback: a TFET id only when no powered CMOS id was free for this port
			 * (free at the start of the cycle and not granted to an earlier port) */
			for (int p = 0; p < rn_pt(&e->rc); p++) {
				int taken = 0;
				for (int j = 0; j < k; j++)
					taken |= ro.alc_gnt[j] && ro.alc_pid[j] == (unsigned)p;
				if (rn_powered(rn, p) && !rn_occupied(rn, p) && !taken)
					FAILR(e, "SM %d warp %d: a load's destination got the TFET id %u while the CMOS id %d "
					      "was free (A11: a load's TFET id only by fallback)", sk, q.w, pid, p);
			}
		}
		if (m->plive[pid])
			FAILR(e, "SM %d warp %d: id %u granted while it holds the live value of warp %d r%d", sk, q.w, pid,
			      m->pown[pid] >> 6, m->pown[pid] & 63);
		q.dpid = pid;
		q.dtfet = t;
		q.left = write_end(m, &q, (unsigned)pid, t, c);
		qpush(e, &m->wr, &q);
	}
	/* in-place writes start at once */
	for (int i = 0; i < m->wb.n;) {
		hx_ins *q = &m->wb.e[i];
		if (!q->dnew && q->ready <= c) {
			hx_ins w = *q;
			w.left = write_end(m, &w, w.dpid, w.dtfet, c);
			qpush(e, &m->wr, &w);
			qdel(&m->wb, i);
		} else {
			i++;
		}
	}
	/* writes in progress */
	for (int i = 0; i < m->wr.n;) {
		hx_ins *q = &m->wr.e[i];
		if (q->left > c) {
			i++;
			continue;
		}
		hx_warp *x = &m->w[q->w];
		int r = x->s[q->idx].dst;
		if (q->dtfet)
			e->st.wr_tfet += (uint64_t)q->paths;
		else
			e->st.wr_cmos += (uint64_t)q->paths;
		x->arch[r] = ++e->tok;
		m->phys[q->dpid] = e->tok;
		m->plive[q->dpid] = 1;
		m->pown[q->dpid] = (uint16_t)(q->w << 6 | r);
		x->pid[r] = (int16_t)q->dpid;
		x->pend &= ~(UINT64_C(1) << r);
		x->ldpend &= ~(UINT64_C(1) << r);
		x->inflight--;
		e->last_progress = c;
		qdel(&m->wr, i);
	}
	/* operand reads in progress, then new ones (oldest first) */
	for (int i = 0; i < m->oc.n;) {
		hx_ins *q = &m->oc.e[i];
		if (q->left > c) {
			i++;
			continue;
		}
		hx_ins d = *q;
		qdel(&m->oc, i);
		if (m->nrd >= HX_Q)
			FAILR(e, "SM %d: rd_done queue overflow", sk);
		m->rdq[m->nrd++] = d.w;
		m->w[d.w].front = 0;
		if (d.load) {
			e->st.loads++;
			const hxs_insn *in = &m->w[d.w].s[d.idx];
			if (in->pieces == 0) {
				d.ready = c + e->k[HXE_K_HIT_LAT];
				qpush(e, &m->ex, &d);
			} else {
				e->st.misses++;
				qpush(e, &m->mq, &d);
			}
		} else {
			d.ready = c + e->k[HXE_K_ALU_LAT];
			qpush(e, &m->ex, &d);
		}
	}
	while (m->rw.n && m->rw.e[0].ready <= c && m->oc.n < e->k[HXE_K_OCS]) {
		hx_ins q = m->rw.e[0];
		qdel(&m->rw, 0);
		hx_warp *x = &m->w[q.w];
		const hxs_insn *in = &x->s[q.idx];
		for (int j = 0; j < S; j++) {
			if (in->src[j] == HXS_NONE)
				continue;
			int r = in->src[j];
			e->st.checked_reads++;
			if (m->phys[q.spid[j]] != x->arch[r] || !m->plive[q.spid[j]])
				FAILR(e, "SM %d warp %d instruction %d: r%d read from id %u gives value %u, the last write "
					       "to r%d was %u", sk, q.w, q.idx, r, q.spid[j], m->phys[q.spid[j]], r, x->arch[r]);
			if ((q.stfet >> j) & 1) {
				e->st.rd_tfet += (uint64_t)q.paths;
			} else {
				e->st.rd_cmos += (uint64_t)q.paths;
			}
			if ((in->last >> j) & 1)
				release_pid(m, x, r);
		}
		q.left = read_end(m, &q, in, c);
		qpush(e, &m->oc, &q);
	}
	/* executed instructions and L1 hits reach write-back */
	for (int i = 0; i < m->ex.n;) {
		hx_ins *q = &m->ex.e[i];
		if (q->ready > c) {
			i++;
			continue;
		}
		hx_ins d = *q;
		d.ready = c + 1;
		qdel(&m->ex, i);
		qpush(e, &m->wb, &d);
	}
	/* a load leaves for the memory */
	if (ld_q >= 0) {
		hx_ins q = m->mq.e[0];
		int tag = 0;
		while (m->mload[tag].kind == 1)
			tag++;
		if (!hxm_issue(e->mem, sk, tag, m->w[q.w].s[q.idx].pieces, c))
			FAILR(e, "SM %d: an MSHR was free but the load did not leave", sk);
		qdel(&m->mq, 0);
		q.kind = 1; /* in flight */
		q.tag = tag;
		q.ready = c;
		m->mload[tag] = q;
		m->w[q.w].ld_tag = tag;
		m->w[q.w].ld_leave = c;
	}
	/* the register file's modes, over the kernel */
	if (e->st.t_first >= 0 && e->blocks_done < e->blocks) {
		if (e->sc.all_tfet) {
			e->st.on_tfet += e->rc.phys;
		} else {
			e->st.on_cmos += (double)rn_gb(rn) * e->rc.rf_banks;
			e->st.on_tfet += (double)e->rc.rf_banks * e->sc.tfet_rows;
		}
		int occ = rn_occ_count(rn);
		e->st.occ_sum += occ;
		if (occ > e->st.occ_max)
			e->st.occ_max = occ;
		if (e->sc.drowsy)
			for (int w = 0; w < e->kw; w++) {
				const hx_warp *x = &m->w[w];
				if (!x->live || x->exited || x->front)
					continue;
				const hxs_insn *in = &x->s[x->pc];
				for (int j = 0; j < 3; j++)
					if (in->src[j] != HXS_NONE && ((x->ldpend >> in->src[j]) & 1)) {
						e->st.drowsy_cmos += e->kr;
						break;
					}
			}
	}
	if (e->sc.tuba && to.lim) {
		e->st.lim_sum += to.lim;
		e->st.lim_n++;
	}
	edge(e, m, &si, &mi, &ri, &ti);
}

/* Loads whose last piece returned at the end of the last cycle. */
static void returns(hx_env *e, int nd)
{
	for (int i = 0; i < nd; i++) {
		const hxm_done *d = &e->dbuf[i];
		hx_sm *m = &e->sm[d->sm];
		hx_ins q = m->mload[d->tag];
		m->mload[d->tag].kind = 0;
		hx_warp *x = &m->w[q.w];
		e->st.mem_lat_sum += (uint64_t)(e->cyc - d->issued);
		e->st.mem_loads++;
		e->last_progress = e->cyc;
		/* a drowsy warp waiting for it wakes first (A24) */
		int drowsy = e->sc.drowsy && ((x->ldpend >> x->s[q.idx].dst) & 1);
		q.kind = RN_OP_INSN;
		q.ready = e->cyc + 1 + (drowsy ? 2 : 0);
		if (drowsy && x->wake < q.ready)
			x->wake = q.ready;
		qpush(e, &m->wb, &q);
		if (x->ld_tag == d->tag) {
			if (m->nmd >= HX_Q)
				fail(e, "SM %d: memra completion queue overflow", d->sm);
			else {
				m->mdq[m->nmd] = q.w;
				m->mdl[m->nmd] = d->issued;
				m->nmd++;
			}
			x->ld_tag = -1;
		}
	}
}

/* A new kernel after the last block left (frame mode with LOOP): every SM resets (rst_i in the
 * next two cycles), the memory is empty, the streams come from a new kernel seed. */
static void restart(hx_env *e)
{
	char err[128];
	e->k0 = e->cyc + 1;
	e->kernels++;
	e->kseed = e->seed + (uint64_t)e->kernels * UINT64_C(0x9E3779B97F4A7C15);
	e->next_blk = e->blocks_done = 0;
	e->nd = 0;
	if (hxm_init(e->mem, &e->mc, err, sizeof err))
		fail(e, "memory: %s", err);
	for (int k = 0; k < e->sms; k++)
		sm_clear(e, k);
	e->last_progress = e->k0;
}

/* One cycle of the GPU: the loads that returned, each SM (in a rotating order), the memory. */
static void cycle(hx_env *e)
{
	returns(e, e->nd);
	for (int i = 0; i < e->sms && !e->err[0]; i++)
		step_sm(e, (int)((e->cyc + i) % e->sms));
	e->nd = hxm_tick(e->mem, e->cyc, e->dbuf, hxm_max_done(e->mem));
	e->st.cycles++;
	if (e->cyc - e->last_progress > e->k[HXE_K_WATCHDOG])
		fail(e, "no progress for %ld cycles (a deadlock)", e->k[HXE_K_WATCHDOG]);
	if (e->loop && e->blocks_done >= e->blocks)
		restart(e);
}

void hx_frame_next(hx_env *e, const void *model, uint32_t *in, long cyc)
{
	if (cyc != e->cyc) {
		fail(e, "internal error: co-simulation cycle %ld, the environment's %ld", cyc, e->cyc);
		return;
	}
	e->dut = model;
	e->in = in;
	if (!e->err[0])
		cycle(e);
	e->cyc++;
}

/* The composed model's outputs against SM 0's evaluation: any difference is a wiring or packing
 * error of the environment (the co-simulation compares the model with the RTL). */
void hx_frame_observe(hx_env *e, const uint32_t *out, long cyc)
{
	const hx_view *v = &e->v;
	const wg_layout *L = e->L;
	if (!v->valid || e->err[0])
		return;
	const struct {
		int port;
		uint64_t want;
	} chk[] = {
		{HRF_ISS_VALID_O, v->so.iss_valid},   {HRF_ISS_WARP_O, v->so.iss_warp},
		{HRF_EXT_VALID_O, v->so.ext_valid},   {HRF_PRO_VALID_O, v->so.pro_valid},
		{HRF_WANT_O, v->mo.want},             {HRF_PRIO_O, v->mo.prio},
		{HRF_OP_READY_O, v->ro.op_ready},     {HRF_PIR_READY_O, v->ro.pir_ready},
		{HRF_OP_DST_NEW_O, v->ro.op_dst_new}, {HRF_FREE_TFET_O, v->ro.free_tfet},
		{HRF_LIM_O, v->to.lim},               {HRF_ACCEPT_O, v->to.accept},
	};
	for (size_t i = 0; i < sizeof chk / sizeof chk[0]; i++) {
		uint64_t got = wg_port_get(L, out, chk[i].port);
		if (got != chk[i].want) {
			fail_at(e, cyc, "environment: %s = %llu in the composed model's outputs, %llu in its own evaluation",
				wg_block_hrf_sm.ports[chk[i].port].name, (unsigned long long)got,
				(unsigned long long)chk[i].want);
			return;
		}
	}
}

const hx_view *hx_frame_view(const hx_env *e)
{
	return e->v.valid ? &e->v : NULL;
}

int hx_run(hx_env *e, long max_cycles)
{
	for (e->cyc = 0; e->cyc < max_cycles && !e->err[0]; e->cyc++) {
		cycle(e);
		if (e->blocks_done >= e->blocks)
			break;
	}
	if (!e->err[0] && e->blocks_done < e->blocks)
		fail(e, "the kernel did not finish within %ld cycles", max_cycles);
	/* the blocks' own counts */
	for (int k = 0; k < e->sms && !e->err[0]; k++) {
		const uint64_t *rc = rn_counts(e->sm[k].rn);
		const uint64_t *mc = mr_counts(e->sm[k].pr);
		const uint64_t *tc = tb_counts(e->sm[k].tb);
		e->st.rt_accesses += rc[RN_EV_RT_READ] + rc[RN_EV_RT_WRITE];
		e->st.alloc_stall += rc[RN_EV_ALLOC_STALL];
		if (e->sc.tfet_rows > 0) {
			uint64_t tusg = rc[RN_EV_ALLOC_TFET] - rc[RN_EV_FALLBACK_TFET];
			uint64_t trqs = tusg + rc[RN_EV_TFET_REFUSED];
			e->st.tusg_sm[k] = tusg;
			e->st.trqs_sm[k] = trqs;
			e->st.tusg += tusg;
			e->st.trqs += trqs;
			e->st.fallback_tfet += rc[RN_EV_FALLBACK_TFET];
			e->st.tfet_refused += rc[RN_EV_TFET_REFUSED];
			if (e->sc.cls == RN_MEM_RA && mc[MR_EV_GRANT] != tusg)
				fail(e, "SM %d: memra counted %llu grants, the renaming table %llu successful TFET allocations",
				     k, (unsigned long long)mc[MR_EV_GRANT], (unsigned long long)tusg);
		}
		e->st.tuba_dec += tc[TB_EV_DEC];
		e->st.tuba_inc += tc[TB_EV_INC];
	}
	return e->err[0] ? 1 : 0;
}
