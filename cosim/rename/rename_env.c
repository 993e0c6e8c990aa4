/* rename_env.c - the synthetic SM around the renaming table (rename_env.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rename_env.h"
#include "wg_bits.h"
#include "wg_kit.h"
#include "wg_rng.h"

/* a knob array holds WG_MAX_PARAMS values (wg_opts.knobs): rename's table is full at 32 (stats-only
 * settings are setters: rne_set_uses, rne_set_mem_gap); wg_stim_check checks every block at run time */
_Static_assert(RNE_NKNOBS <= WG_MAX_PARAMS, "rename's environment knobs overflow a knob array (WG_MAX_PARAMS)");
const wg_param_def rne_knobs[RNE_NKNOBS] = {
	[RNE_K_SCHED] = {"SCHED", RNE_SCHED_2L, 0, 2, NULL,
		"warp scheduler: 0 loose round-robin, 1 greedy (oldest first), 2 two-level with an active set", "Jeon §8.6"},
	[RNE_K_ACTIVE] = {"ACTIVE", 6, 1, 64, NULL, "two-level scheduler: active set size", "Jeon §8.6 (6)"},
	[RNE_K_PROFILE] = {"PROFILE", 0, -1, 32, NULL,
		"kernel shape: 0 from the knobs, k Table 3 profile k-1, -1 rotate through the profiles", "spec §5.1"},
	[RNE_K_KWARPS] = {"KWARPS", 0, 0, 64, NULL, "warps of a kernel (0: WARPS; capped by what fits)", "assumed"},
	[RNE_K_REGS_MIN] = {"REGS_MIN", 4, 1, 62, NULL, "a kernel's registers per thread: at least", "assumed"},
	[RNE_K_REGS_MAX] = {"REGS_MAX", 40, 1, 62, NULL, "... at most (clipped to REGS)", "Table 3 (6..41)"},
	[RNE_K_INSNS] = {"INSNS", 120, 8, 1300, NULL, "static instructions of a kernel (target)", "assumed"},
	[RNE_K_IF_PCT] = {"IF_PCT", 30, 0, 100, NULL, "% of constructs that are if/else", "assumed"},
	[RNE_K_LOOP_PCT] = {"LOOP_PCT", 20, 0, 100, NULL, "% of constructs that are loops", "assumed"},
	[RNE_K_DIV_PCT] = {"DIV_PCT", 30, 0, 100, NULL, "% of branch instances that diverge", "assumed"},
	[RNE_K_TRIP] = {"TRIP", 3, 1, 64, NULL, "mean loop trip count", "assumed"},
	[RNE_K_LD_PCT] = {"LD_PCT", 10, 0, 100, NULL, "% long-latency loads", "assumed"},
	[RNE_K_LONG_PCT] = {"LONG_PCT", 15, 0, 100, NULL, "% long-lived registers", "assumed"},
	[RNE_K_REUSE_PCT] = {"REUSE_PCT", 50, 0, 100, NULL, "% of reads of a recently written value", "assumed"},
	[RNE_K_OC_LAT] = {"OC_LAT", 2, 1, 16, NULL, "rename to operand read (cycles)", "assumed"},
	[RNE_K_ALU_LAT] = {"ALU_LAT", 4, 2, 64, NULL, "ALU / store latency (operand read to write-back)", "assumed"},
	[RNE_K_SFU_LAT] = {"SFU_LAT", 8, 2, 128, NULL, "SFU latency", "assumed"},
	[RNE_K_LL_LAT] = {"LL_LAT", 300, 2, 2000, NULL, "long-latency load: mean latency", "spec §3 (200-400)"},
	[RNE_K_LL_SPREAD] = {"LL_SPREAD", 100, 0, 1000, NULL, "long-latency load: latency in LL_LAT +- LL_SPREAD",
		"assumed"},
	[RNE_K_BURST_PCT] = {"BURST_PCT", 10, 0, 100, NULL,
		"% of kernels whose loads return in bursts (at the next multiple of 64 cycles)", "assumed"},
	[RNE_K_ALC_BLOCK_PCT] = {"ALC_BLOCK_PCT", 10, 0, 100, NULL,
		"% of cycles with fewer usable allocation ports (write-back port pressure)", "assumed"},
	[RNE_K_OVERSUB_PCT] = {"OVERSUB_PCT", 0, 0, 100, NULL,
		"% of kernels launched with kw*kr > PHYS_REGS (warps limited by their peak live registers, spec §2.8)",
		"spec §2.8, A28"},
	[RNE_K_RESET_PPM] = {"RESET_PPM", 10, 0, 1000000, NULL, "mid-run resets per million cycles", "assumed"},
	[RNE_K_KERNELS] = {"KERNELS", 0, 0, 1000000, NULL, "kernels to run (0: relaunch for ever)", "assumed"},
	[RNE_K_BAD_HINT] = {"BAD_HINT", 0, 0, 1, NULL,
		"negative testing: every pir flag set, every read releases its register (the data check must fail)",
		"test only"},
	[RNE_K_WAVES] = {"WAVES", 1, 1, 1000, NULL,
		"thread blocks per warp slot and kernel: a slot's next block starts when its warp exits, so the "
		"slots drift apart in phase as on a real SM (Table 3: many CTAs per SM)", "assumed"},
	[RNE_K_DUP_HINT_PCT] = {"DUP_HINT_PCT", 50, 0, 100, NULL,
		"% of instructions whose pir flags also set the bits the block ignores: a source that is the "
		"destination (A13) and the earlier slots of a register released in its last slot (A14)",
		"test stimulus (docs/rename.md Stimulus)"},
	[RNE_K_PC_SPREAD] = {"PC_SPREAD", 0, 0, 1, NULL,
		"1: each kernel's code is placed at a random base address, drawn per kernel so that its highest "
		"pir PC fits PC_BITS (the flag cache's tags and pir_pc_i use every bit); 0: the code starts at 0",
		"test stimulus (docs/rename.md Stimulus)"},
	[RNE_K_EXEMPT_PCT] = {"EXEMPT_PCT", 0, 0, 100, NULL,
		"% of kernels whose exemption pass exempts as many registers as EXEMPT allows (min(EXEMPT, N-1), "
		"the longest-lived), not only those the table needs: mostly-exempt launches, whose kw*ke sets "
		"GATING=STATIC's powered rows (A17); 0: only what the table needs",
		"test stimulus (docs/rename.md Stimulus)"},
	[RNE_K_PAIRED] = {"PAIRED", 0, 0, 1, NULL,
		"1: each load's latency is drawn from a hash of the kernel, the warp and the instruction's place in "
		"the warp's walk, and the port-pressure draw from a hash of the kernel and the cycle since its "
		"launch, instead of the running stream, so that two runs of one kernel whose timing differs (with "
		"and without renaming) see the same draws; 0: the stream",
		"warpgen stats rename (docs/rename.md Statistics mode)"},
	[RNE_K_NORENAME] = {"NORENAME", 0, 0, 1, NULL,
		"1: the kernels without renaming, the time baseline of warpgen stats rename: the walks skip the pbr "
		"and pir words (the code the compiler emits without the renaming's added instructions); the caller "
		"plays a static register file in place of the block (every operation ready, no allocation)",
		"warpgen stats rename (docs/rename.md Statistics mode)"},
	[RNE_K_NO_HINTS] = {"NO_HINTS", 0, 0, 1, NULL,
		"1: the code carries no release hints (every pir flag 0, the pbr words skipped): a renamed register "
		"is released only at its warp's EXIT, so renaming saves nothing against W x N; negative testing of "
		"warpgen stats rename's REVERSED lines", "test only"},
};

#define RNE_MAXW RN_MAX_WARPS
#define RNE_OCQ 1024            /* operand-collector FIFO (<= 15 per warp) */
#define RNE_EXEC 4096           /* instructions past the operand read */
#define RNE_BURST 64            /* burst boundary of returning loads */

/* An instruction renamed, waiting for its operand read. */
typedef struct rne_oc {
	int warp;                   /* warp */
	long ready;                 /* earliest read cycle */
	uint8_t reg[RN_MAX_SRCS];   /* source registers (RNK_NONE: none) */
	unsigned pid[RN_MAX_SRCS];  /* their physical ids (op_src_pid_o) */
	uint32_t cnt[RN_MAX_SRCS];  /* write count of the source at rename (0: never written, not checked) */
	int dst;                    /* destination (RNK_NONE: none) */
	unsigned dst_pid;           /* op_dst_pid_o */
	int dst_new;                /* op_dst_new_o */
	int cls;                    /* RNK_* class */
} rne_oc;

/* An instruction executing or writing back. */
enum { X_EXEC, X_REQ, X_GNT };
typedef struct rne_exec {
	int warp, reg;              /* destination (reg RNK_NONE: none) */
	int cls;                    /* class */
	unsigned pid;               /* destination id (known, or granted) */
	int is_new;                 /* needs an allocation */
	int state;                  /* X_EXEC, X_REQ (requesting), X_GNT (write next cycle) */
	long wb;                    /* X_EXEC: write-back cycle */
	long since;                 /* X_REQ: first request cycle */
	long wr;                    /* X_GNT: write cycle */
	uint64_t seq;               /* age */
} rne_exec;

typedef struct rne_warp {
	rnk_walker wk;              /* the walk */
	rnk_event head;             /* next event */
	int live;                   /* has a head (not exited) */
	uint64_t pend;              /* registers with an outstanding write */
	uint64_t pend_ll;           /* ... of a long-latency load */
	uint32_t wcnt[64];          /* completed writes per register */
	int oc;                     /* renamed, operands not read (mirror of oc_q) */
	int inflight;               /* renamed, not completed */
	int pir_wait;               /* its pir was refused (flag cache full): out of the active set until taken */
	int wave;                   /* thread blocks this slot has started in this kernel */
	uint32_t nrd;               /* operand reads so far in this kernel (PAIRED: the latency hash's index) */
} rne_warp;

struct rn_env {
	rn_cfg c;                   /* block configuration */
	long k[RNE_NKNOBS];         /* knobs */
	int S;                      /* sources per instruction */
	int fixed;                  /* shape given by the caller */
	rnk_shape shape;            /* ... that shape */
	uint64_t seed, rng;         /* run seed, stimulus random state */
	char err[256];              /* first failure */
	long err_cyc;               /* its cycle */
	long force_reset;           /* forced reset cycle, or -1 */
	/* the running kernel */
	int running;                /* launched (and not reset) */
	int need_launch;            /* next non-reset cycle launches */
	int kw, kr, ke, R;          /* its shape */
	int burst;                  /* its loads return in bursts */
	uint64_t pc_base;           /* PC_SPREAD: added to its pir PCs */
	uint64_t kseed;             /* its seed */
	uint64_t epoch;             /* launch count (tokens) */
	int nkernels;               /* kernels launched */
	int finished;               /* KERNELS reached */
	long launch_cyc;            /* cycle of the running kernel's launch (PAIRED: the port-pressure hash) */
	int uses;                   /* rnk_shape.uses of generated kernels (rne_set_uses) */
	long mem_gap;               /* loads return in issue order >= this many cycles apart (rne_set_mem_gap; 0 off) */
	long mem_last;              /* the last load's return cycle (mem_gap) */
	rnk_kernel kern;            /* the kernel */
	rne_warp w[RNE_MAXW];       /* warps */
	/* scheduling */
	int held;                   /* an operation sits on the op port */
	int held_warp;              /* its warp */
	int rr, greedy, pir_rr;     /* pointers */
	int act[RNE_MAXW], nact;    /* two-level: active set */
	/* pipeline */
	rne_oc ocq[RNE_OCQ];        /* operand collector FIFO */
	int oc_head, oc_n;
	rne_exec ex[RNE_EXEC];      /* executing / writing back */
	int nex;
	uint64_t exseq;
	int req_idx[RN_MAX_ALLOC];  /* this cycle's allocation requests: ex index */
	int nreq;
	/* register file model */
	uint64_t rf[RN_MAX_PHYS];   /* token of the value in each physical register (0: none) */
	/* progress */
	long last_prog;             /* last cycle something progressed */
	rne_view v;                 /* this cycle */
	rne_stats st;               /* counters */
};

/* ---- small helpers ---- */

static uint64_t mix(uint64_t x)
{
	x ^= x >> 33;
	x *= UINT64_C(0xff51afd7ed558ccd);
	x ^= x >> 33;
	x *= UINT64_C(0xc4ceb9fe1a85ec53);
	x ^= x >> 33;
	return x;
}

static uint64_t token(const rn_env *e, int w, int r, uint32_t cnt)
{
	uint64_t t = mix(e->epoch * UINT64_C(0x9E3779B97F4A7C15) ^ ((uint64_t)w << 48) ^ ((uint64_t)r << 40) ^ cnt);
	return t ? t : 1;
}

static unsigned rnd(rn_env *e, unsigned n) { return n ? (unsigned)(wg_rng_next(&e->rng) % n) : 0; }

static void fail(rn_env *e, long cyc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (wg_first_err(e->err, sizeof e->err, cyc, fmt, ap))
		e->err_cyc = cyc;
	va_end(ap);
}

static int bitget(const uint64_t *v, int i) { return (int)((v[i >> 6] >> (i & 63)) & 1u); }

/* ---- frames ---- */

void rne_pack_in(const wg_layout *L, const rn_cfg *c, const rn_in *in, uint32_t *f)
{
	unsigned WB = (unsigned)L->width[RN_PIR_WARP_I];
	wg_slice_put(L, f, RN_RST_I, 0, 1, in->rst);
	wg_slice_put(L, f, RN_KL_VALID_I, 0, 1, in->kl_valid);
	wg_slice_put(L, f, RN_KL_WARPS_I, 0, (unsigned)L->width[RN_KL_WARPS_I], in->kl_warps);
	wg_slice_put(L, f, RN_KL_REGS_I, 0, 6, in->kl_regs);
	wg_slice_put(L, f, RN_KL_EXEMPT_I, 0, 6, in->kl_exempt);
	wg_slice_put(L, f, RN_PIR_VALID_I, 0, 1, in->pir_valid);
	wg_slice_put(L, f, RN_PIR_WARP_I, 0, WB, in->pir_warp);
	wg_slice_put(L, f, RN_PIR_PC_I, 0, (unsigned)L->width[RN_PIR_PC_I], in->pir_pc);
	wg_slice_put(L, f, RN_PIR_FLAGS_I, 0, 54, in->pir_flags);
	wg_slice_put(L, f, RN_OP_VALID_I, 0, 1, in->op_valid);
	wg_slice_put(L, f, RN_OP_KIND_I, 0, 2, in->op_kind);
	wg_slice_put(L, f, RN_OP_WARP_I, 0, WB, in->op_warp);
	for (unsigned i = 0; i < RN_PBR_SLOTS; i++)
		wg_slice_put(L, f, RN_OP_REG_I, 6 * i, 6, in->op_reg[i]);
	wg_slice_put(L, f, RN_OP_DST_I, 0, 6, in->op_dst);
	wg_slice_put(L, f, RN_RD_DONE_I, 0, 1, in->rd_done);
	wg_slice_put(L, f, RN_RD_WARP_I, 0, WB, in->rd_warp);
	for (unsigned k = 0; k < (unsigned)c->alloc_ports; k++) {
		wg_slice_put(L, f, RN_ALC_VALID_I, k, 1, in->alc_valid[k]);
		wg_slice_put(L, f, RN_ALC_WARP_I, k * WB, WB, in->alc_warp[k]);
		wg_slice_put(L, f, RN_ALC_REG_I, 6 * k, 6, in->alc_reg[k]);
	}
}

void rne_unpack_out(const wg_layout *L, const rn_cfg *c, const uint32_t *f, rn_out *o)
{
	unsigned PB = (unsigned)L->width[RN_OP_DST_PID_O];
	int S = c->lookup_ports - 1;
	memset(o, 0, sizeof *o);
	o->pir_ready = (unsigned)wg_slice_get(L, f, RN_PIR_READY_O, 0, 1);
	o->pir_hit = (unsigned)wg_slice_get(L, f, RN_PIR_HIT_O, 0, 1);
	o->op_ready = (unsigned)wg_slice_get(L, f, RN_OP_READY_O, 0, 1);
	o->op_wait = (unsigned)wg_slice_get(L, f, RN_OP_WAIT_O, 0, 2);
	for (int j = 0; j < S; j++) {
		o->op_src_pid[j] = (unsigned)wg_slice_get(L, f, RN_OP_SRC_PID_O, (unsigned)j * PB, PB);
		o->op_rel[j] = (unsigned)wg_slice_get(L, f, RN_OP_REL_O, (unsigned)j, 1);
	}
	o->op_dst_pid = (unsigned)wg_slice_get(L, f, RN_OP_DST_PID_O, 0, PB);
	o->op_dst_new = (unsigned)wg_slice_get(L, f, RN_OP_DST_NEW_O, 0, 1);
	for (unsigned k = 0; k < (unsigned)c->alloc_ports; k++) {
		o->alc_gnt[k] = (unsigned)wg_slice_get(L, f, RN_ALC_GNT_O, k, 1);
		o->alc_pid[k] = (unsigned)wg_slice_get(L, f, RN_ALC_PID_O, k * PB, PB);
	}
	for (int p = 0; p < c->phys; p += 32) {
		unsigned n = c->phys - p < 32 ? (unsigned)(c->phys - p) : 32u;
		o->reg_on[p >> 6] |= wg_slice_get(L, f, RN_REG_ON_O, (unsigned)p, n) << (p & 63);
	}
	int D = c->rf_banks * c->subarrays;
	for (int d = 0; d < D; d += 32) {
		unsigned n = D - d < 32 ? (unsigned)(D - d) : 32u;
		o->dom_on[d >> 6] |= wg_slice_get(L, f, RN_DOM_ON_O, (unsigned)d, n) << (d & 63);
	}
	for (int ev = 0; ev < L->nevents && ev < RN_NEVENTS; ev++)
		o->ev[ev] = (unsigned)wg_slice_get(L, f, L->ev_port, (unsigned)L->ev_lsb[ev], (unsigned)L->ev_w[ev]);
}

/* ---- kernels ---- */

/* Pir flags as sent for warp w (BAD_HINT: every source is released). */
static uint64_t pir_flags(const rn_env *e, int w, uint64_t f)
{
	(void)w;
	return e->k[RNE_K_BAD_HINT] ? wg_ones64(54) : e->k[RNE_K_NO_HINTS] ? 0 : f;
}

/* Peak mapped renamable registers of each warp's walk, as the block would see
 * them (pir flags with the block's release rules, pbr, sources beyond S
 * dropped). The real mapped set is a subset at any time (a mapping appears
 * only at the write-back of an instruction already renamed). */
static void walk_peaks(rn_env *e, const rnk_kernel *k, int kw, int R, int *peak)
{
	for (int w = 0; w < kw; w++) {
		rnk_walker wk;
		rnk_event ev;
		rnk_walk_init(&wk, k, e->kseed, w);
		uint64_t map = 0, flags = 0;
		int slot = 0, pk = 0;
		for (long steps = 0; steps < 50000000L; steps++) {
			rnk_walk_next(&wk, &ev);
			if (ev.kind == RNK_EV_END || ev.kind == RNK_EV_EXIT)
				break;
			if (ev.kind == RNK_EV_PIR) {
				flags = pir_flags(e, w, ev.flags);
				slot = 0;
			} else if (ev.kind == RNK_EV_PBR && !e->k[RNE_K_NO_HINTS]) {
				for (int i = 0; i < RN_PBR_SLOTS; i++)
					if (ev.reg[i] < R)
						map &= ~(UINT64_C(1) << ev.reg[i]);
			} else if (ev.kind == RNK_EV_INSN) {
				const rnk_insn *in = &k->insn[ev.insn];
				uint64_t relm = 0;
				for (int j = 0; j < e->S && j < 3; j++) {
					int r = in->src[j];
					if (r < R && ((flags >> (3 * slot + j)) & 1u) && ((map >> r) & 1u) && r != in->dst &&
					    !((relm >> r) & 1u))
						relm |= UINT64_C(1) << r;
				}
				map &= ~relm;
				if (in->dst < R)
					map |= UINT64_C(1) << in->dst;
				slot++;
				int c = (int)wg_popc64(map);
				pk = c > pk ? c : pk;
			}
		}
		peak[w] = pk;
	}
}

/* Build the next kernel into e->kern and choose its launch shape. */
static const char *build_kernel(rn_env *e, char *err, size_t n)
{
	const rn_cfg *c = &e->c;
	rnk_shape s;
	int regs_cap = c->regs < 62 ? c->regs : 62;
	if (e->fixed) {
		s = e->shape;
	} else {
		int np = 0;
		const rnk_profile *pr = rnk_profiles(&np);
		long prof = e->k[RNE_K_PROFILE];
		if (prof < 0 && np > 0)
			prof = 1 + e->nkernels % np;
		if (prof > np)
			prof = 0;
		if (prof > 0) {
			s = pr[prof - 1].shape;
			s.warps = pr[prof - 1].warps;
			s.regs = pr[prof - 1].regs;
		} else {
			int lo = (int)e->k[RNE_K_REGS_MIN], hi = (int)e->k[RNE_K_REGS_MAX];
			if (hi < lo)
				hi = lo;
			memset(&s, 0, sizeof s);
			s.regs = lo + (int)rnd(e, (unsigned)(hi - lo + 1));
			s.warps = e->k[RNE_K_KWARPS] ? (int)e->k[RNE_K_KWARPS] : c->warps;
			s.insns = (int)e->k[RNE_K_INSNS] / 2 + (int)rnd(e, (unsigned)e->k[RNE_K_INSNS]);
			if (s.insns > 2048)
				s.insns = 2048;
			s.if_pct = (int)e->k[RNE_K_IF_PCT];
			s.loop_pct = (int)e->k[RNE_K_LOOP_PCT];
			s.div_pct = (int)e->k[RNE_K_DIV_PCT];
			s.trip = (int)e->k[RNE_K_TRIP];
			s.ld_pct = (int)e->k[RNE_K_LD_PCT];
			s.long_pct = (int)e->k[RNE_K_LONG_PCT];
			s.reuse_pct = (int)e->k[RNE_K_REUSE_PCT];
		}
	}
	if (s.regs > regs_cap)
		s.regs = regs_cap;
	if (s.regs < 1)
		s.regs = 1;
	/* a kernel needs kw * (N - E) <= RT_ENTRIES with E <= EXEMPT */
	if (s.regs - c->exempt > c->rt_entries)
		s.regs = c->rt_entries + c->exempt;
	if (s.gpr > s.regs)
		s.gpr = s.regs; /* a profile cut to the configuration's REGS */
	if (!e->fixed)
		s.uses = e->uses;
	int kw = s.warps < c->warps ? s.warps : c->warps;
	if (kw < 1)
		kw = 1;
	int over = !e->fixed && (int)rnd(e, 100) < e->k[RNE_K_OVERSUB_PCT];
	if (!over && kw * s.regs > c->phys && !e->fixed && (e->k[RNE_K_PROFILE] == 0 || e->uses))
		kw = c->phys / s.regs;  /* the paper's setting: W*N <= PHYS_REGS (profiles too under rne_set_uses) */
	int rmin = s.regs - c->exempt;
	if (rmin > 0 && kw > c->rt_entries / rmin)
		kw = c->rt_entries / rmin;
	if (kw < 1)
		kw = 1;
	int maxex = 0; /* drawn only with the knob: EXEMPT_PCT=0 keeps the stream */
	if (!e->fixed && e->k[RNE_K_EXEMPT_PCT])
		maxex = (int)rnd(e, 100) < e->k[RNE_K_EXEMPT_PCT];
	e->kseed = mix(e->seed ^ mix((uint64_t)e->nkernels + 1));
	for (int tries = 0;; tries++) {
		s.warps = kw;
		s.rt_entries = c->rt_entries;
		if (maxex) { /* the exemption pass's budget: kw * (N - E) with E = min(EXEMPT, N - 1) */
			int E = s.regs - 1 < c->exempt ? s.regs - 1 : c->exempt;
			if (kw * (s.regs - E) < s.rt_entries)
				s.rt_entries = kw * (s.regs - E);
		}
		const char *m = rnk_build(&e->kern, &s, e->kseed, err, n);
		if (m)
			return m;
		e->kern.dup_hint_pct = e->fixed ? 0 : (int)e->k[RNE_K_DUP_HINT_PCT]; /* (directed: as built) */
		int E = e->kern.nexempt, N = e->kern.nregs, R = N - E;
		int bad = E > c->exempt || kw * E > c->phys || kw * R > c->rt_entries;
		int nkw = kw;
		if (bad) {
			nkw = kw - 1;
		} else if (kw * N > c->phys) {
			/* oversubscribed: keep the warps whose peak mapped registers fit */
			int peak[RNE_MAXW], sum = 0;
			walk_peaks(e, &e->kern, kw, R, peak);
			nkw = 0;
			for (int w = 0; w < kw; w++) {
				sum += peak[w] + E;
				if (sum > c->phys)
					break;
				nkw = w + 1;
			}
		}
#ifdef RNE_DEBUG
		printf("build: kw %d N %d E %d R %d bad %d nkw %d kw*N %d\n", kw, N, E, R, bad, nkw, kw * N);
#endif
		if (nkw == kw)
			break;
		if (nkw < 1 || tries > 64) {
			snprintf(err, n, "rn_env: no legal launch for a kernel of %d registers (E=%d, RT_ENTRIES=%d, "
				 "EXEMPT=%d, PHYS_REGS=%d)", N, E, c->rt_entries, c->exempt, c->phys);
			return err;
		}
		kw = nkw;
	}
	uint64_t ktop = 0;
	for (int i = 0; i < e->kern.nblocks; i++) {
		const rnk_block *bl = &e->kern.block[i];
		uint64_t top = (uint64_t)bl->pc + (uint64_t)(bl->npbr + 8) / 9 + (uint64_t)bl->n / 18 + 1;
		if (top > wg_ones64(c->pc_bits)) {
			snprintf(err, n, "rn_env: the kernel's pir PCs exceed PC_BITS=%d (fewer INSNS)", c->pc_bits);
			return err;
		}
		if (top > ktop)
			ktop = top;
	}
	e->pc_base = 0; /* drawn only with the knob: PC_SPREAD=0 keeps the stream */
	if (!e->fixed && e->k[RNE_K_PC_SPREAD])
		e->pc_base = wg_rng_next(&e->rng) % (wg_ones64(c->pc_bits) - ktop + 1);
	e->kw = kw;
	e->kr = e->kern.nregs;
	e->ke = e->kern.nexempt;
	e->R = e->kr - e->ke;
	e->burst = (int)rnd(e, 100) < e->k[RNE_K_BURST_PCT];
	return NULL;
}

/* ---- set-up ---- */

size_t rne_size(const long *p)
{
	(void)p;
	return sizeof(rn_env);
}

const char *rne_init(rn_env *e, const long *p, const long *knobs, const rnk_shape *shape, uint64_t seed,
		     char *err, size_t n)
{
	memset(e, 0, sizeof *e);
	rn_cfg_from_params(&e->c, p);
	memcpy(e->k, knobs, sizeof e->k);
	e->S = e->c.lookup_ports - 1;
	if (shape) {
		e->fixed = 1;
		e->shape = *shape;
	}
	e->seed = seed;
	e->rng = wg_rng_seed(seed ^ UINT64_C(0x5eed0fe1));
	e->force_reset = -1;
	e->held_warp = -1;
	e->rr = e->pir_rr = -1;
	e->need_launch = 1;
	if (e->k[RNE_K_REGS_MIN] > e->k[RNE_K_REGS_MAX]) {
		snprintf(err, n, "rn_env: REGS_MIN=%ld must not exceed REGS_MAX=%ld", e->k[RNE_K_REGS_MIN],
			 e->k[RNE_K_REGS_MAX]);
		return err;
	}
	if (e->k[RNE_K_IF_PCT] + e->k[RNE_K_LOOP_PCT] > 100) {
		snprintf(err, n, "rn_env: IF_PCT=%ld + LOOP_PCT=%ld must not exceed 100", e->k[RNE_K_IF_PCT],
			 e->k[RNE_K_LOOP_PCT]);
		return err;
	}
	if (e->c.pc_bits < 16) {
		snprintf(err, n, "rn_env: the synthetic kernels' pir PCs need PC_BITS >= 16 (got %d)", e->c.pc_bits);
		return err;
	}
	return NULL;
}

void rne_force_reset(rn_env *e, long cyc) { e->force_reset = cyc; }
void rne_set_uses(rn_env *e, int uses) { e->uses = uses < 0 ? 0 : uses > 2 ? 2 : uses; }
void rne_set_mem_gap(rn_env *e, long gap) { e->mem_gap = gap > 0 ? gap : 0; }

/* ---- per-cycle ---- */

static void clear_run(rn_env *e)
{
	memset(e->w, 0, sizeof e->w);
	e->held = 0;
	e->held_warp = -1;
	e->nact = 0;
	e->oc_head = e->oc_n = 0;
	e->nex = 0;
	e->running = 0;
	e->mem_last = 0; /* no load in flight */
}

static void head_next(rn_env *e, int w)
{
	rne_warp *wp = &e->w[w];
	rnk_walk_next(&wp->wk, &wp->head);
	while ((e->k[RNE_K_NORENAME] && (wp->head.kind == RNK_EV_PBR || wp->head.kind == RNK_EV_PIR)) ||
	       (e->k[RNE_K_NO_HINTS] && wp->head.kind == RNK_EV_PBR))
		rnk_walk_next(&wp->wk, &wp->head); /* no renaming: the code has no pbr / pir words */
	/* the next thread block in this slot (not for oversubscribed kernels: their
	 * warp count is bounded by the peaks of the first walks) */
	if (wp->head.kind == RNK_EV_END && wp->wave + 1 < e->k[RNE_K_WAVES] && e->kw * e->kr <= e->c.phys) {
		wp->wave++;
		rnk_walk_init(&wp->wk, &e->kern, e->kseed + 0x9e3779b97f4a7c15ull * (uint64_t)wp->wave, w);
		rnk_walk_next(&wp->wk, &wp->head);
		while ((e->k[RNE_K_NORENAME] && (wp->head.kind == RNK_EV_PBR || wp->head.kind == RNK_EV_PIR)) ||
		       (e->k[RNE_K_NO_HINTS] && wp->head.kind == RNK_EV_PBR))
			rnk_walk_next(&wp->wk, &wp->head);
	}
	if (wp->head.kind == RNK_EV_END)
		wp->live = 0;
}

/* Registers an operation at warp w's head waits for (scoreboard). */
static uint64_t needs(const rn_env *e, int w)
{
	const rne_warp *wp = &e->w[w];
	uint64_t m = 0;
	if (wp->head.kind == RNK_EV_INSN) {
		const rnk_insn *in = &e->kern.insn[wp->head.insn];
		for (int j = 0; j < e->S && j < 3; j++)
			if (in->src[j] != RNK_NONE)
				m |= UINT64_C(1) << in->src[j];
		if (in->dst != RNK_NONE)
			m |= UINT64_C(1) << in->dst;
	} else if (wp->head.kind == RNK_EV_PBR) {
		for (int i = 0; i < RN_PBR_SLOTS; i++)
			if (wp->head.reg[i] != RNK_NONE)
				m |= UINT64_C(1) << wp->head.reg[i];
	}
	return m;
}

static int op_ready(const rn_env *e, int w)
{
	const rne_warp *wp = &e->w[w];
	if (!wp->live)
		return 0;
	switch (wp->head.kind) {
	case RNK_EV_INSN:
		return !(needs(e, w) & wp->pend) && wp->oc < 15 && e->oc_n < RNE_OCQ && e->nex < RNE_EXEC - 64;
	case RNK_EV_PBR:
		return !(needs(e, w) & wp->pend);
	case RNK_EV_EXIT:
		return wp->inflight == 0;
	default:
		return 0;
	}
}

/* Blocked only by a long-latency write (two-level scheduler: demote). */
static int ll_blocked(const rn_env *e, int w)
{
	const rne_warp *wp = &e->w[w];
	return wp->live && (wp->head.kind == RNK_EV_INSN || wp->head.kind == RNK_EV_PBR) && (needs(e, w) & wp->pend_ll);
}

/* Two-level scheduling: a warp leaves the active set while it waits for a
 * long-latency load or for a refused pir (the pinned flag-cache entries
 * belong to warps mid-block, which must get a turn to move on). */
static int parked(const rn_env *e, int w)
{
	const rne_warp *wp = &e->w[w];
	return ll_blocked(e, w) || (wp->head.kind == RNK_EV_PIR && wp->pir_wait);
}

static int pick_op(rn_env *e)
{
	int W = e->kw;
	switch (e->k[RNE_K_SCHED]) {
	case RNE_SCHED_GREEDY:
		if (e->greedy >= 0 && e->greedy < W && op_ready(e, e->greedy))
			return e->greedy;
		for (int w = 0; w < W; w++)
			if (op_ready(e, w))
				return e->greedy = w;
		return -1;
	case RNE_SCHED_2L: {
		/* leave: exited, waiting for a long-latency load or a refused pir */
		int j = 0;
		for (int i = 0; i < e->nact; i++) {
			int w = e->act[i];
			if (e->w[w].live && !parked(e, w))
				e->act[j++] = w;
		}
		e->nact = j;
		/* enter: lowest-numbered live warps not active, not parked (oldest first) */
		int A = (int)e->k[RNE_K_ACTIVE];
		for (int w = 0; w < W && e->nact < A; w++) {
			int in = 0;
			for (int i = 0; i < e->nact; i++)
				in |= e->act[i] == w;
			if (!in && e->w[w].live && !parked(e, w))
				e->act[e->nact++] = w;
		}
		for (int i = 1; i <= e->nact; i++) {
			int ix = (e->rr + i) % (e->nact ? e->nact : 1);
			if (ix < 0)
				ix += e->nact;
			if (op_ready(e, e->act[ix])) {
				e->rr = ix;
				return e->act[ix];
			}
		}
		return -1;
	}
	default:
		for (int i = 1; i <= W; i++) {
			int w = ((e->rr + i) % W + W) % W;
			if (op_ready(e, w)) {
				e->rr = w;
				return w;
			}
		}
		return -1;
	}
}

static void drive_op(const rn_env *e, rn_in *in, int w)
{
	const rne_warp *wp = &e->w[w];
	in->op_valid = 1;
	in->op_warp = (unsigned)w;
	for (int i = 0; i < RN_PBR_SLOTS; i++)
		in->op_reg[i] = RN_NONE;
	in->op_dst = RN_NONE;
	if (wp->head.kind == RNK_EV_INSN) {
		const rnk_insn *ins = &e->kern.insn[wp->head.insn];
		in->op_kind = RN_OP_INSN;
		for (int j = 0; j < e->S && j < 3; j++)
			in->op_reg[j] = ins->src[j];
		in->op_dst = ins->dst;
	} else if (wp->head.kind == RNK_EV_PBR) {
		in->op_kind = RN_OP_PBR;
		for (int i = 0; i < RN_PBR_SLOTS; i++)
			in->op_reg[i] = wp->head.reg[i];
	} else {
		in->op_kind = RN_OP_EXIT;
	}
}

void rne_drive(rn_env *e, const rn_model *m, rn_in *in, long cyc)
{
	(void)m;
	e->nreq = 0;
	memset(&e->v, 0, sizeof e->v);
	e->v.cyc = cyc;
	e->v.op_warp = e->v.pir_warp = e->v.rd_warp = -1;
	if (e->finished)
		return;
	int rst = cyc == 0 || cyc == e->force_reset ||
		  (e->running && e->k[RNE_K_RESET_PPM] && (long)rnd(e, 1000000u) < e->k[RNE_K_RESET_PPM]);
	if (rst) {
		in->rst = 1;
		e->v.reset = 1;
		return;
	}
	if (e->need_launch) {
		char err[200];
		const char *msg = build_kernel(e, err, sizeof err);
		if (msg) {
			fail(e, cyc, "%s", msg);
			e->finished = 1;
			return;
		}
		in->kl_valid = 1;
		in->kl_warps = (unsigned)e->kw;
		in->kl_regs = (unsigned)e->kr;
		in->kl_exempt = (unsigned)e->ke;
		e->v.launch = 1;
		return;
	}
	if (!e->running)
		return;
	/* operation */
	if (!e->held) {
		int w = pick_op(e);
		if (w >= 0) {
			e->held = 1;
			e->held_warp = w;
		}
	}
	if (e->held) {
		drive_op(e, in, e->held_warp);
		e->v.op_warp = e->held_warp;
		e->v.op_kind = (int)in->op_kind;
	}
	/* pir */
	for (int i = 1; i <= e->kw; i++) {
		int w = ((e->pir_rr + i) % e->kw + e->kw) % e->kw;
		const rne_warp *wp = &e->w[w];
		if (wp->live && wp->head.kind == RNK_EV_PIR && w != e->v.op_warp) {
			in->pir_valid = 1;
			in->pir_warp = (unsigned)w;
			in->pir_pc = (uint32_t)((wp->head.pc + e->pc_base) & wg_ones64(e->c.pc_bits));
			in->pir_flags = pir_flags(e, w, wp->head.flags) & wg_ones64(54);
			e->v.pir_warp = w;
			e->pir_rr = w;
			break;
		}
	}
	/* operand read */
	if (e->oc_n && e->ocq[e->oc_head].ready <= cyc) {
		in->rd_done = 1;
		in->rd_warp = (unsigned)e->ocq[e->oc_head].warp;
		e->v.rd_warp = e->ocq[e->oc_head].warp;
	}
	/* allocation requests: executing new destinations reach WB-1 */
	for (int i = 0; i < e->nex; i++) {
		rne_exec *x = &e->ex[i];
		if (x->state == X_EXEC && x->is_new && x->wb - 1 <= cyc) {
			x->state = X_REQ;
			x->since = cyc;
		}
	}
	int ports = e->c.alloc_ports;
	if (e->k[RNE_K_PAIRED]) {
		uint64_t h = mix(e->kseed ^ mix((uint64_t)(cyc - e->launch_cyc) + UINT64_C(0x51ed27)));
		if (ports > 1 && (int)(h % 100) < e->k[RNE_K_ALC_BLOCK_PCT])
			ports = 1 + (int)((h >> 32) % (unsigned)(ports - 1));
	} else if (ports > 1 && (int)rnd(e, 100) < e->k[RNE_K_ALC_BLOCK_PCT]) {
		ports = 1 + (int)rnd(e, (unsigned)ports - 1);
	}
	for (int k = 0; k < ports; k++) {
		int best = -1;
		for (int i = 0; i < e->nex; i++) {
			const rne_exec *x = &e->ex[i];
			if (x->state != X_REQ)
				continue;
			int taken = 0;
			for (int j = 0; j < e->nreq; j++)
				taken |= e->req_idx[j] == i;
			if (taken)
				continue;
			if (best < 0 || x->since < e->ex[best].since ||
			    (x->since == e->ex[best].since && x->seq < e->ex[best].seq))
				best = i;
		}
		if (best < 0)
			break;
		e->req_idx[e->nreq++] = best;
		in->alc_valid[k] = 1;
		in->alc_warp[k] = (unsigned)e->ex[best].warp;
		in->alc_reg[k] = (unsigned)e->ex[best].reg;
	}
	e->v.nalc = e->nreq;
}

static void rf_write(rn_env *e, const rn_out *out, const rne_exec *x, long cyc)
{
	rne_warp *wp = &e->w[x->warp];
	if (!bitget(out->reg_on, (int)x->pid))
		fail(e, cyc, "warp %d writes r%d into physical register %u, which is powered off (reg_on_o = 0, spec C18)",
		     x->warp, x->reg, x->pid);
	wp->wcnt[x->reg]++;
	e->rf[x->pid] = token(e, x->warp, x->reg, wp->wcnt[x->reg]);
	wp->pend &= ~(UINT64_C(1) << x->reg);
	wp->pend_ll &= ~(UINT64_C(1) << x->reg);
	if (e->v.nwr < RNE_MAX_WR) {
		e->v.wr_warp[e->v.nwr] = x->warp;
		e->v.wr_reg[e->v.nwr] = x->reg;
		e->v.wr_pid[e->v.nwr] = (int)x->pid;
		e->v.nwr++;
	}
	e->st.writes++;
}

static void kernel_done_check(rn_env *e, long cyc)
{
	for (int w = 0; w < e->kw; w++)
		if (e->w[w].live || e->w[w].inflight)
			return;
	if (e->oc_n || e->nex)
		return;
	e->st.kernels_done++;
	e->running = 0;
	e->need_launch = 1;
	e->last_prog = cyc;
	if (e->k[RNE_K_KERNELS] && (long)e->st.kernels_done >= e->k[RNE_K_KERNELS])
		e->finished = 1;
}

/* Latency of an instruction of class cls whose operands warp w reads in cycle cyc (its nrd-th read). */
static long latency(rn_env *e, int cls, long cyc, int w, uint32_t nrd)
{
	long lat;
	if (cls == RNK_LD) {
		long sp = e->k[RNE_K_LL_SPREAD];
		unsigned span = (unsigned)(2 * sp + 1);
		unsigned d = e->k[RNE_K_PAIRED] ? (unsigned)(mix(e->kseed ^ mix(((uint64_t)w << 32) ^ nrd)) % span) : rnd(e, span);
		lat = e->k[RNE_K_LL_LAT] - sp + (long)d;
		if (lat < 2)
			lat = 2;
		if (e->burst)
			lat = ((cyc + lat + RNE_BURST - 1) / RNE_BURST) * RNE_BURST - cyc;
		if (e->mem_gap) { /* one memory port: loads return in issue order, mem_gap cycles apart at least */
			if (lat < 2)
				lat = 2;
			if (cyc + lat < e->mem_last + e->mem_gap)
				lat = e->mem_last + e->mem_gap - cyc;
			e->mem_last = cyc + lat;
		}
	} else {
		lat = cls == RNK_SFU ? e->k[RNE_K_SFU_LAT] : e->k[RNE_K_ALU_LAT];
	}
	return lat < 2 ? 2 : lat;
}

static void read_operands(rn_env *e, const rn_out *out, long cyc)
{
	rne_oc *o = &e->ocq[e->oc_head];
	e->oc_head = (e->oc_head + 1) % RNE_OCQ;
	e->oc_n--;
	rne_warp *wp = &e->w[o->warp];
	wp->oc--;
	uint32_t nrd = wp->nrd++;
	for (int j = 0; j < e->S && j < 3; j++) {
		int r = o->reg[j];
		if (r == RNK_NONE || o->cnt[j] == 0)
			continue;
		uint64_t want = token(e, o->warp, r, o->cnt[j]);
		e->st.reads_checked++;
		if (e->rf[o->pid[j]] != want)
			fail(e, cyc,
			     "data: warp %d reads r%d (write #%u) from physical register %u, which holds %s (a release too "
			     "early, a wrong mapping or a lost write)",
			     o->warp, r, o->cnt[j], o->pid[j], e->rf[o->pid[j]] ? "another value" : "nothing");
		else if (!bitget(out->reg_on, (int)o->pid[j]))
			fail(e, cyc, "warp %d reads r%d from physical register %u, which is powered off (spec C18)", o->warp,
			     r, o->pid[j]);
	}
	if (o->dst == RNK_NONE) { /* no result: completes at the end of its latency */
		rne_exec x = {.warp = o->warp, .reg = RNK_NONE, .cls = o->cls, .state = X_EXEC,
			      .wb = cyc + latency(e, o->cls, cyc, o->warp, nrd), .seq = e->exseq++};
		e->ex[e->nex++] = x;
		return;
	}
	rne_exec x = {.warp = o->warp, .reg = o->dst, .cls = o->cls, .pid = o->dst_pid, .is_new = o->dst_new,
		      .state = X_EXEC, .wb = cyc + latency(e, o->cls, cyc, o->warp, nrd), .seq = e->exseq++};
	e->ex[e->nex++] = x;
}

static void launch(rn_env *e, long cyc)
{
	clear_run(e);
	e->running = 1;
	e->need_launch = 0;
	e->epoch++;
	e->nkernels++;
	e->st.launches++;
	if (e->kw * e->kr > e->c.phys)
		e->st.oversub++;
	e->greedy = 0;
	e->rr = e->pir_rr = -1;
	e->launch_cyc = cyc;
	memset(e->rf, 0, sizeof e->rf);
	for (int w = 0; w < e->kw; w++) {
		rnk_walk_init(&e->w[w].wk, &e->kern, e->kseed, w);
		e->w[w].live = 1;
		e->w[w].wave = 0;
		head_next(e, w);
	}
	e->last_prog = cyc;
}

#ifdef RNE_DEBUG
static void trace(const rn_env *e, const rn_model *m, const rn_in *in, const rn_out *out, long cyc)
{
	for (int w = 0; w < e->kw; w++) {
		unsigned pd[16];
		int np = rn_pending(m, w, pd);
		if (np || rn_oc_count(m, w))
			printf("%ld   w%d oc %d pend %d [%u]\n", cyc, w, rn_oc_count(m, w), np, np ? pd[0] : 0);
	}
	if (in->op_valid && out->op_ready) {
		printf("%ld op w%u k%u regs", cyc, in->op_warp, in->op_kind);
		for (int i = 0; i < 9; i++)
			printf(" %u", in->op_reg[i]);
		printf(" dst %u | pids %u %u %u rel %u%u%u dst %u new %u\n", in->op_dst, out->op_src_pid[0],
		       out->op_src_pid[1], out->op_src_pid[2], out->op_rel[0], out->op_rel[1], out->op_rel[2], out->op_dst_pid,
		       out->op_dst_new);
	}
	for (int k = 0; k < e->c.alloc_ports; k++)
		if (in->alc_valid[k])
			printf("%ld alc w%u r%u -> %s %u\n", cyc, in->alc_warp[k], in->alc_reg[k], out->alc_gnt[k] ? "gnt" : "ref",
			       out->alc_pid[k]);
	if (in->rd_done)
		printf("%ld rd w%u\n", cyc, in->rd_warp);
	if (out->ev[RN_EV_FREE])
		printf("%ld free %u\n", cyc, out->ev[RN_EV_FREE]);
	if (in->pir_valid)
		printf("%ld pir w%u pc %u flags %llx %s\n", cyc, in->pir_warp, in->pir_pc, (unsigned long long)in->pir_flags,
		       out->pir_ready ? "ok" : "stall");
}
#endif

void rne_observe(rn_env *e, const rn_model *m, const rn_in *in, const rn_out *out, long cyc)
{
	rne_view *v = &e->v;
#ifdef RNE_DEBUG
	trace(e, m, in, out, cyc);
#endif
	if (out->msg[0])
		fail(e, cyc, "the model reports a protocol violation: %s", out->msg);
	if (in->rst) {
		clear_run(e);
		e->need_launch = 1;
		e->last_prog = cyc;
		if (cyc > 0)
			e->st.resets++;
		return;
	}
	e->st.cycles++;
	for (int i = 0; i < RN_NEVENTS; i++)
		e->st.ev[i] += out->ev[i];
	e->st.frees += out->ev[RN_EV_FREE];
	int occ = 0;
	for (int i = 0; i < (e->c.phys + 63) / 64; i++)
		occ += (int)wg_popc64(out->reg_on[i]); /* (inline: the libgcc call cost more, every cycle) */
	v->occ = occ;
	e->st.occ_sum += (uint64_t)occ;
	if (occ > e->st.peak_occ)
		e->st.peak_occ = occ;
	if (in->kl_valid) {
		launch(e, cyc);
		return;
	}
	if (!e->running)
		return;
	/* allocation grants (before the writes remove entries: req_idx indexes ex[]); the write lands next cycle */
	for (int k = 0; k < e->nreq; k++) {
		rne_exec *x = &e->ex[e->req_idx[k]];
		e->st.alc_req++;
		if (out->alc_gnt[k]) {
			x->state = X_GNT;
			x->pid = out->alc_pid[k];
			x->wr = cyc + 1;
			e->st.allocs++;
			v->ngnt++;
			e->last_prog = cyc;
			if (cyc - x->since > e->st.longest_alc_stall)
				e->st.longest_alc_stall = cyc - x->since;
		} else {
			e->st.alc_stalls++;
		}
	}
	/* register-file writes of this cycle (before the reads: none of them can meet, see rename_env.h) */
	for (int i = 0; i < e->nex;) {
		rne_exec *x = &e->ex[i];
		int done = 0;
		if (x->state == X_GNT && x->wr == cyc) {
			rf_write(e, out, x, cyc);
			done = 1;
		} else if (x->state == X_EXEC && !x->is_new && x->wb <= cyc) {
			if (x->reg != RNK_NONE)
				rf_write(e, out, x, cyc);
			done = 1;
		}
		if (done) {
			e->w[x->warp].inflight--;
			e->last_prog = cyc;
			e->ex[i] = e->ex[--e->nex];
		} else {
			i++;
		}
	}
	/* operand read */
	if (in->rd_done) {
		read_operands(e, out, cyc);
		e->last_prog = cyc;
	}
	/* pir */
	if (in->pir_valid) {
		int w = (int)in->pir_warp;
		if (out->pir_ready) {
			v->pir_taken = 1;
			v->pir_hit = (int)out->pir_hit;
			e->w[w].pir_wait = 0;
			e->st.pirs++;
			e->st.pir_hits += out->pir_hit;
			head_next(e, w);
			e->last_prog = cyc;
		} else {
			e->w[w].pir_wait = 1;
			e->st.pir_stalls++;
		}
	}
	/* operation */
	if (in->op_valid) {
		int w = (int)in->op_warp;
		rne_warp *wp = &e->w[w];
		if (!out->op_ready) {
			e->st.op_wait[out->op_wait & 3u]++;
		} else {
			v->op_done = 1;
			e->held = 0;
			e->last_prog = cyc;
			if (in->op_kind == RN_OP_INSN) {
				const rnk_insn *ins = &e->kern.insn[wp->head.insn];
				rne_oc *o = &e->ocq[(e->oc_head + e->oc_n) % RNE_OCQ];
				memset(o, 0, sizeof *o);
				o->warp = w;
				o->ready = cyc + e->k[RNE_K_OC_LAT];
				for (int j = 0; j < RN_MAX_SRCS; j++)
					o->reg[j] = RNK_NONE;
				for (int j = 0; j < e->S && j < 3; j++) {
					o->reg[j] = ins->src[j];
					o->pid[j] = out->op_src_pid[j];
					o->cnt[j] = ins->src[j] == RNK_NONE ? 0 : wp->wcnt[ins->src[j]];
					if (o->cnt[j] && ins->src[j] < e->R && m && rn_lookup(m, w, ins->src[j]) < 0)
						fail(e, cyc,
						     "data: warp %d reads r%d (written %u times) but it is unmapped at rename (released "
						     "too early, or a lost mapping)",
						     w, ins->src[j], o->cnt[j]);
					e->st.rel += out->op_rel[j];
				}
				o->dst = ins->dst;
				o->dst_pid = out->op_dst_pid;
				o->dst_new = (int)out->op_dst_new;
				o->cls = ins->cls;
				if (ins->dst != RNK_NONE) {
					if (o->dst_new && ins->dst >= e->R)
						fail(e, cyc, "warp %d: exempt destination r%d marked new", w, ins->dst);
					wp->pend |= UINT64_C(1) << ins->dst;
					if (ins->cls == RNK_LD)
						wp->pend_ll |= UINT64_C(1) << ins->dst;
				}
				e->oc_n++;
				wp->oc++;
				wp->inflight++;
				e->st.renamed++;
			} else if (in->op_kind == RN_OP_PBR) {
				e->st.pbrs++;
			} else {
				e->st.exits++;
			}
			head_next(e, w);
		}
	}
	kernel_done_check(e, cyc);
	long bound = e->k[RNE_K_LL_LAT] + e->k[RNE_K_LL_SPREAD] + RNE_BURST + 2000 + e->mem_gap * RNE_EXEC;
	if (e->running && cyc - e->last_prog > bound)
		fail(e, cyc, "no progress for %ld cycles (deadlock: %d operand reads, %d executing, op port %s)", bound,
		     e->oc_n, e->nex, e->held ? "held" : "empty");
}

const char *rne_error(const rn_env *e, long *cyc)
{
	if (!e->err[0])
		return NULL;
	if (cyc)
		*cyc = e->err_cyc;
	return e->err;
}

const rne_stats *rne_get_stats(const rn_env *e) { return &e->st; }
const rne_view *rne_now(const rn_env *e) { return &e->v; }
const rnk_kernel *rne_kernel(const rn_env *e) { return e->epoch ? &e->kern : NULL; }

int rne_req_load(const rn_env *e, int k)
{
	return k >= 0 && k < e->nreq && e->ex[e->req_idx[k]].cls == RNK_LD;
}

void rne_shape(const rn_env *e, int *kw, int *kr, int *ke)
{
	*kw = e->kw;
	*kr = e->kr;
	*ke = e->ke;
}

int rne_finished(const rn_env *e) { return e->finished; }
long rne_quiet(const rn_env *e) { return e->v.cyc - e->last_prog; }
