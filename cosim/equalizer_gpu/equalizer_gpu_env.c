/* equalizer_gpu_env.c - the GPU environment of the composed block equalizer_gpu
 * (equalizer_gpu_env.h, docs/equalizer.md "The GPU composition"). */
#include "equalizer_gpu_env.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "equalizer.h"
#include "equalizer_gpu.h"
#include "vf_manager.h"
#include "wg_bits.h"
#include "wg_kit.h"
#include "wg_rng.h"

static const char *const eqe_prof_names[] = {"MIX", "COMPUTE", "MEMORY", "CACHE", "UNSAT", "IMBALANCE", "PHASE", NULL};

const wg_param_def eqe_knobs[EQE_NKNOBS] = {
	[EQE_K_PROFILE] = {"PROFILE", EQE_PR_MIX, 0, EQE_NPROF - 1, eqe_prof_names,
			   "kernel profile (MIX: a random one per kernel)", "Sethia §3.2, Fig. 3.9/3.11 categories"},
	[EQE_K_KLEN] = {"KLEN", 400, 1, 1000000, NULL, "instructions per warp of a CTA (+-25 % per CTA)", "assumed"},
	[EQE_K_CTAS] = {"CTAS", 32, 1, 10000, NULL, "CTAs per kernel per SM (the pool holds CTAS x SMS)", "assumed"},
	[EQE_K_WCTA] = {"WCTA", 0, 0, 64, NULL, "warps per CTA (0: WARPS / MAX_CTAS)", "assumed"},
	[EQE_K_ALU_LAT] = {"ALU_LAT", 0, 0, 64, NULL, "ALU dependence latency (0: the profile's)", "assumed"},
	[EQE_K_HIT_LAT] = {"HIT_LAT", 20, 1, 1000, NULL, "L1 hit latency (cycles)", "assumed (GPGPU-Sim ~20-30)"},
	[EQE_K_MEM_LAT] = {"MEM_LAT", 200, 1, 5000, NULL, "miss latency at the nominal memory level (cycles)",
			   "Sethia Tab. 4.1: L2 200 cycles"},
	[EQE_K_MEM_BW] = {"MEM_BW", 50, 1, 1000, NULL,
			  "memory requests per 1000 cycles per SM at the nominal level (GPU-wide: x SMS, shared)",
			  "assumed: GTX 480 ~8.4 B/cycle/SM = one 128 B line per ~15 cycles"},
	[EQE_K_LSUQ] = {"LSUQ", 0, 0, 64, NULL, "LD/ST queue entries per SM (0: max(1, WARPS / 6), 8 at 48 warps)",
			"assumed"},
	[EQE_K_MSHRS] = {"MSHRS", 0, 0, 64, NULL, "L1 misses in flight per SM (0: max(1, WARPS / 6), 8 at 48 warps)",
			 "assumed (a thrashing L1 runs out of MSHRs; GPGPU-Sim Fermi has 32)"},
	[EQE_K_GWDE_LAT] = {"GWDE_LAT", 4, 1, 1000, NULL, "cycles from cta_req_o to the launch (1..GWDE_LAT, seeded)",
			    "assumed ('a few cycles')"},
	[EQE_K_KGAP] = {"KGAP", 8, 0, 100000, NULL, "cycles between a kernel's end and the next kstart", "assumed"},
	[EQE_K_PHASE] = {"PHASE", 12, 1, 100000, NULL, "PHASE profile: epochs of the memory phase before the "
			 "unsaturated one", "assumed"},
	[EQE_K_LONG] = {"LONG", 20, 1, 1000, NULL, "IMBALANCE profile: the kernel's first CTA is LONG x longer",
			"assumed"},
	[EQE_K_RESET_PPM] = {"RESET_PPM", 0, 0, 1000000, NULL, "mid-run resets per million cycles", "assumed"},
	[EQE_K_WATCHDOG] = {"WATCHDOG", 20000, 100, 10000000, NULL,
			    "cycles without an issue or a memory return while CTAs run that fail the run", "check option"},
	[EQE_K_BAR] = {"BAR", 0, 0, 1000000, NULL,
		       "a barrier every BAR instructions of a warp (hbar_i; released when every warp of its CTA with "
		       "instructions left is there); 0: none",
		       "assumed (Sethia §3.3: barrier waits are 'Others')"},
	[EQE_K_SLOT_REV] = {"SLOT_REV", 0, 0, 1, NULL,
			    "1: the warps of a kernel's CTA j (of kmax) sit in slot kmax-1-j, so warp 0 is in the last "
			    "slot; 0: in slot j",
			    "assumed (the SM's warp-to-slot map is the GPU's; wslot_i allows any)"},
};

/* What a kernel's instruction stream looks like. */
typedef struct eqe_prof {
	int mem_pct;   /* % memory instructions (each blocks its warp until it returns) */
	int hit_pct;   /* L1 hit % */
	int fit_pct;   /* CTAs whose data fit in the L1, % of kmax (0: not cache-sensitive) */
	int alu_lat;   /* ALU dependence latency */
} eqe_prof;

static const eqe_prof eqe_profs[EQE_NPROF] = {
	[EQE_PR_COMPUTE] = {4, 90, 0, 4},
	[EQE_PR_MEMORY] = {30, 10, 0, 4},
	[EQE_PR_CACHE] = {25, 95, 25, 4},
	[EQE_PR_UNSAT] = {10, 90, 0, 28},
	[EQE_PR_IMBALANCE] = {10, 60, 0, 4},
	[EQE_PR_PHASE] = {30, 10, 0, 4}, /* first phase; the second is UNSAT */
};

#define MAXW 64
#define MAXC 16
#define MAXQ 64
#define NEVER LONG_MAX
#define WSL_WORDS ((EQE_MAX_SMS * MAXW * 4 + 31) / 32) /* wslot_i's words at most (a slot number: <= 4 bits) */

typedef struct eqe_warp {
	int32_t left;             /* instructions left (0: finished or not resident) */
	uint8_t mem;              /* the head is a memory instruction */
	uint8_t queued;           /* its memory instruction waits in the LD/ST queue */
	long ready;               /* first cycle the head's operands are ready */
} eqe_warp;

typedef struct eqe_qent {
	uint8_t warp;             /* issuing warp */
	uint8_t hit;              /* L1 hit (decided at issue) */
} eqe_qent;

typedef struct eqe_sm {
	eqe_warp w[MAXW];         /* warps */
	uint64_t live, memw;      /* the warps with left != 0, and those with mem set (kept with w) */
	unsigned valid, paused;   /* mirror of the block's cta_valid_q, cta_paused_q */
	unsigned fin;             /* valid CTAs whose warps have finished (cta_done_i pending) */
	uint64_t seq[MAXC];       /* launch order of each slot's CTA */
	int rpend;                /* mirror of the block's rpend_q */
	int reserved;             /* a CTA is reserved at the distributor for this SM */
	long launch_at;           /* ... and launches in this cycle */
	eqe_qent q[MAXQ];         /* LD/ST queue (ring) */
	int qh, qn;               /* its head and occupancy */
	int rr[2];                /* the two schedulers' round-robin pointers */
	long mshr[MAXQ];          /* return cycles of the misses in flight */
	int nmshr;                /* misses in flight */
	uint64_t barw;            /* warps waiting at a barrier (knob BAR) */
} eqe_sm;

/* This cycle's inputs, decided by eqe_drive and applied at the edge. */
typedef struct eqe_plan {
	int rst, kstart;          /* rst_i, kstart_i */
	int nsm;                  /* SM cycles in this cycle (0..2) */
	int done[EQE_MAX_SMS];    /* cta_done_i slot, -1 none */
	int launch[EQE_MAX_SMS];  /* cta_launch_i slot, -1 none */
	int avail[EQE_MAX_SMS];   /* gwde_avail_i */
	uint64_t iss[EQE_MAX_SMS];/* iss_i */
	int new_prof;             /* kstart: the new kernel's profile */
	int kmax;                 /* kmax_i driven (0: no kernel) */
} eqe_plan;

struct eqg_env {
	const wg_layout *L;       /* the composition's layout */
	int sms, warps, maxc, epoch; /* parameters */
	int sb;                   /* bits of a slot number */
	int fw[EQG_NPORTS];       /* each port's bits per SM (its width / sms) */
	/* the warps' slots at the wcta they were made for (made again when wcta changes) */
	int map_wcta;             /* that wcta (-1: not made yet) */
	uint8_t slot[MAXW];       /* each warp's CTA slot (slot_of) */
	uint64_t slot_warps[MAXC];/* each slot's warps */
	uint32_t wsl[WSL_WORDS];  /* wslot_i's words: every SM's warps' slots, packed once */
	long k[EQE_NKNOBS];       /* knobs */
	uint64_t rng;             /* the one stream */
	eqe_sm sm[EQE_MAX_SMS];   /* the SMs */
	eqe_plan pl;              /* this cycle */
	/* kernel */
	int running;              /* a kernel runs (kmax_i held) */
	int prof;                 /* its profile */
	int kmax, wcta;           /* its occupancy limit and warps per CTA */
	int kmax_prev;            /* kmax_i of the previous cycle (an epoch end's, seen at its decision) */
	long pool;                /* CTAs not yet reserved */
	int long_left;            /* IMBALANCE: the long CTA is still to launch */
	long t0;                  /* first cycle of the kernel */
	long kstart_at;           /* the next kernel starts at this cycle (when none runs) */
	/* chip */
	int sm_level, mem_level;  /* VF levels seen last cycle */
	int sm_acc;               /* SM-cycle accumulator, % of a cycle */
	long credit;              /* memory bandwidth credit, 1/1000 request */
	int mem_rr;               /* memory arbiter's first SM */
	uint64_t seq;             /* launch counter */
	long last_progress;       /* last issue or memory return */
	int base;                 /* no Equalizer (eqe_set_baseline): numBlocks = kmax, nominal VF, outputs unread */
	/* results */
	uint64_t ep_issued;       /* instructions issued in the current epoch */
	long ep_start;            /* its first cycle */
	int ep_new;               /* a decision was seen this cycle */
	eqe_epoch ep;             /* the last epoch */
	eqe_stats st;             /* counters */
	char err[400];            /* first failure */
};

const char *eqe_profile_name(int pr) { return pr >= 0 && pr < EQE_NPROF ? eqe_prof_names[pr] : "-"; }

size_t eqe_size(const long *p)
{
	(void)p;
	return sizeof(eqg_env);
}

static unsigned rnd(eqg_env *e, unsigned n) { return n ? (unsigned)(wg_rng_next(&e->rng) % n) : 0; }

static void fail(eqg_env *e, long cyc, const char *msg)
{
	if (!e->err[0])
		snprintf(e->err, sizeof e->err, "cycle %ld: %s", cyc, msg);
}

/* ---- frame access: per-SM fields of the composition's ports ---- */

static int fw(const eqg_env *e, int port) { return e->fw[port]; }

/* Bits [lsb, lsb + n) of SM sm's field. */
static void put(const eqg_env *e, uint32_t *in, int port, int sm, int lsb, int n, uint64_t v)
{
	wg_slice_put(e->L, in, port, sm * fw(e, port) + lsb, n, v);
}

static uint64_t get(const eqg_env *e, const uint32_t *out, int port, int sm, int lsb, int n)
{
	return wg_slice_get(e->L, out, port, sm * fw(e, port) + lsb, n);
}

static uint64_t get_all(const eqg_env *e, const uint32_t *out, int port, int sm)
{
	return get(e, out, port, sm, 0, fw(e, port));
}

/* ---- the model ---- */

static int level_pct(int level) { return level == VFM_HIGH ? 115 : level == VFM_LOW ? 85 : 100; }

/* The profile the kernel's instructions follow now. */
static const eqe_prof *cur_prof(const eqg_env *e, long cyc, int *phase)
{
	int pr = e->prof, ph = 0;
	if (pr == EQE_PR_PHASE && cyc - e->t0 >= e->k[EQE_K_PHASE] * (long)e->epoch) {
		pr = EQE_PR_UNSAT;
		ph = 1;
	}
	if (phase)
		*phase = ph;
	return &eqe_profs[pr];
}

static int alu_lat(const eqg_env *e, const eqe_prof *pr) { return e->k[EQE_K_ALU_LAT] ? (int)e->k[EQE_K_ALU_LAT] : pr->alu_lat; }

static int slot_of(const eqg_env *e, int w)
{
	int s = e->wcta ? w / e->wcta : 0;
	if (e->k[EQE_K_SLOT_REV] && s < e->kmax) /* knob SLOT_REV: CTA s in slot kmax-1-s */
		return e->kmax - 1 - s;
	return s < e->maxc ? s : e->maxc - 1;
}

/* The first warp of the CTA in slot sl (its W_cta warps follow): sl * W_cta, or with knob
 * SLOT_REV the warps of CTA kmax-1-sl. */
static int slot_base(const eqg_env *e, int sl)
{
	if (e->k[EQE_K_SLOT_REV] && sl < e->kmax)
		sl = e->kmax - 1 - sl;
	return sl * e->wcta;
}

/* The warps' slots at the current wcta: slot, slot_warps and wslot_i's packed words (every SM's
 * field the same), made when wcta changes (once per kernel, and at its end). */
static void slot_map(eqg_env *e)
{
	if (e->map_wcta == e->wcta)
		return;
	e->map_wcta = e->wcta;
	memset(e->slot_warps, 0, sizeof e->slot_warps);
	memset(e->wsl, 0, sizeof e->wsl);
	for (int w = 0; w < e->warps; w++) {
		int sl = slot_of(e, w);
		e->slot[w] = (uint8_t)sl;
		e->slot_warps[sl] |= UINT64_C(1) << w;
		for (int k = 0; k < e->sms; k++)
			wg_put(e->wsl, (unsigned)(k * e->fw[EQG_WSLOT_I] + w * e->sb), (unsigned)e->sb, (uint64_t)sl);
	}
}

/* The warps of the slots in x. */
static uint64_t warps_of(const eqg_env *e, unsigned x)
{
	uint64_t m = 0;
	for (; x; x &= x - 1u)
		m |= e->slot_warps[__builtin_ctz(x)];
	return m;
}


static int lowest(unsigned x) { return x ? __builtin_ctz(x) : -1; }

const char *eqe_init(eqg_env *e, const long *p, const wg_layout *L, const long *knobs, uint64_t seed, char *err,
		     size_t n)
{
	e->L = L;
	e->sms = (int)p[EQG_P_SMS];
	e->warps = (int)p[EQG_P_WARPS];
	e->maxc = (int)p[EQG_P_MAX_CTAS];
	e->epoch = (int)p[EQG_P_EPOCH];
	memcpy(e->k, knobs, sizeof e->k);
	if (e->sms > EQE_MAX_SMS || e->warps > MAXW || e->maxc > MAXC) {
		snprintf(err, n, "eqg_env: at most %d SMs, %d warps, %d CTA slots", EQE_MAX_SMS, MAXW, MAXC);
		return err;
	}
	if (e->k[EQE_K_WCTA] > e->warps) {
		snprintf(err, n, "eqg_env: knob WCTA=%ld exceeds WARPS=%d", e->k[EQE_K_WCTA], e->warps);
		return err;
	}
	if (e->k[EQE_K_LSUQ] > MAXQ || e->k[EQE_K_MSHRS] > MAXQ) {
		snprintf(err, n, "eqg_env: knobs LSUQ and MSHRS at most %d", MAXQ);
		return err;
	}
	for (int i = EQE_K_LSUQ; i <= EQE_K_MSHRS; i++) /* per-SM memory resources scale with the warps */
		if (e->k[i] == 0)
			e->k[i] = e->warps / 6 > 1 ? e->warps / 6 : 1;
	e->sb = L->width[EQG_WSLOT_I] / (e->sms * e->warps);
	for (int i = 0; i < EQG_NPORTS; i++)
		e->fw[i] = L->width[i] / e->sms;
	e->map_wcta = -1;
	e->rng = wg_rng_seed(seed);
	e->kstart_at = 2;
	e->ep.kernel_profile = -1;
	return NULL;
}

/* Everything of the GPU back to the reset state (the block is reset too). */
static void reset_gpu(eqg_env *e, long cyc)
{
	memset(e->sm, 0, sizeof e->sm);
	e->running = 0;
	e->kmax = e->wcta = 0;
	e->pool = 0;
	e->kstart_at = cyc + 1 + e->k[EQE_K_KGAP];
	e->credit = 0;
	e->ep_issued = 0;
	e->ep_start = cyc + 1;
	e->last_progress = cyc;
}

/* The distance from warp p, going up and wrapping at n, to the first warp in cand (p itself: 0);
 * -1 when cand is empty. */
static int next_cand(uint64_t cand, int p, int n)
{
	uint64_t all = wg_ones64(n), up = cand & all & ~wg_ones64(p);
	if (up)
		return (int)wg_ctz64(up) - p;
	uint64_t low = cand & wg_ones64(p);
	return low ? n - p + (int)wg_ctz64(low) : -1;
}

/* One SM's warps and scheduling in this cycle. */
static void drive_sm(eqg_env *e, uint32_t *in, int k, long cyc)
{
	eqe_sm *s = &e->sm[k];
	eqe_plan *pl = &e->pl;
	uint64_t hv = 0, hrdy = 0, hmem = 0, elig = 0, hbar = 0;
	if (e->running && !pl->kstart) { /* (wslot_i: eqe_drive) */
		hv = warps_of(e, s->valid) & s->live; /* a valid CTA's warps with instructions left */
		hmem = hv & s->memw;
		hbar = hv & s->barw; /* at a barrier: not ready */
		for (uint64_t x = hv & ~hbar; x; x &= x - 1u)
			if (s->w[wg_ctz64(x)].ready <= cyc)
				hrdy |= x & -x;
		elig = hrdy & ~warps_of(e, s->paused);
	}
	/* two schedulers (even, odd warps), nsm issues each, one memory issue per SM cycle in all */
	int mem_left = pl->nsm, room = (int)e->k[EQE_K_LSUQ] - s->qn;
	uint64_t iss = 0, odd = UINT64_C(0xaaaaaaaaaaaaaaaa);
	for (int sc = 0; sc < 2; sc++) {
		int left = pl->nsm;
		uint64_t cand = elig & (sc ? odd : ~odd);
		/* step i looks at warp (rr + i) % warps (rr moves after each issue); steps on warps that
		 * are not candidates are skipped to the next candidate at once */
		for (int i = 0, d; i < e->warps && left > 0; i++) {
			if ((d = next_cand(cand, (s->rr[sc] + i) % e->warps, e->warps)) < 0 || (i += d) >= e->warps)
				break;
			int w = (s->rr[sc] + i) % e->warps;
			if (s->w[w].mem) {
				if (mem_left == 0 || room == 0)
					continue;
				mem_left--;
				room--;
				if (mem_left == 0 || room == 0) /* no more memory issues: the scan passes them */
					cand &= ~s->memw;
			}
			iss |= UINT64_C(1) << w;
			left--;
			s->rr[sc] = (w + 1) % e->warps; /* round robin: next time start after it */
		}
	}
	pl->iss[k] = iss;
	int n = e->warps;
	put(e, in, EQG_HV_I, k, 0, n, hv);
	put(e, in, EQG_HRDY_I, k, 0, n, hrdy);
	put(e, in, EQG_HMEM_I, k, 0, n, hmem);
	put(e, in, EQG_ISS_I, k, 0, n, iss);
	if (hbar)
		put(e, in, EQG_HBAR_I, k, 0, n, hbar);
	put(e, in, EQG_LSU_FULL_I, k, 0, 1, s->qn >= e->k[EQE_K_LSUQ]);
}

void eqe_drive(eqg_env *e, uint32_t *in, long cyc)
{
	eqe_plan *pl = &e->pl;
	memset(pl, 0, sizeof *pl);
	for (int k = 0; k < e->sms; k++)
		pl->done[k] = pl->launch[k] = -1;
	if (cyc < 2 || (e->k[EQE_K_RESET_PPM] && (long)rnd(e, 1000000) < e->k[EQE_K_RESET_PPM])) {
		pl->rst = 1;
		put(e, in, EQG_RST_I, 0, 0, 1, 1);
		return;
	}
	pl->nsm = (e->sm_acc + level_pct(e->sm_level)) / 100;
	int kmax = e->kmax, wcta = e->wcta;
	if (!e->running && cyc >= e->kstart_at) { /* a new kernel on every SM in this cycle */
		pl->kstart = 1;
		pl->new_prof = e->k[EQE_K_PROFILE] == EQE_PR_MIX ? 1 + (int)rnd(e, EQE_NPROF - 1) : (int)e->k[EQE_K_PROFILE];
		wcta = e->k[EQE_K_WCTA] ? (int)e->k[EQE_K_WCTA] : (e->warps / e->maxc > 0 ? e->warps / e->maxc : 1);
		kmax = e->warps / wcta < e->maxc ? e->warps / wcta : e->maxc;
		e->kmax = kmax; /* held from here on (the edge makes the kernel run) */
		e->wcta = wcta;
	}
	if (!e->running && !pl->kstart)
		kmax = wcta = 0;
	pl->kmax = kmax;
	int tb = fw(e, EQG_KMAX_I), wb = fw(e, EQG_WCTA_I);
	slot_map(e);
	memcpy(in + e->L->off[EQG_WSLOT_I], e->wsl, (size_t)((e->L->width[EQG_WSLOT_I] + 31) / 32) * sizeof *in);
	for (int k = 0; k < e->sms; k++) {
		eqe_sm *s = &e->sm[k];
		put(e, in, EQG_KSTART_I, k, 0, 1, (uint64_t)pl->kstart);
		put(e, in, EQG_KMAX_I, k, 0, tb, (uint64_t)kmax);
		put(e, in, EQG_WCTA_I, k, 0, wb, (uint64_t)wcta);
		pl->avail[k] = e->running && (e->pool > 0 || s->reserved);
		put(e, in, EQG_GWDE_AVAIL_I, k, 0, 1, (uint64_t)pl->avail[k]);
		if (e->running) {
			pl->done[k] = lowest(s->fin);
			if (s->reserved && s->launch_at <= cyc) {
				unsigned fr = ~s->valid & ((1u << e->maxc) - 1u);
				if (!fr)
					fail(e, cyc, "a reserved CTA finds no free slot");
				else
					pl->launch[k] = lowest(fr);
			}
		}
		if (pl->done[k] >= 0) {
			put(e, in, EQG_DONE_I, k, 0, 1, 1);
			put(e, in, EQG_DONE_SLOT_I, k, 0, e->sb, (uint64_t)pl->done[k]);
		}
		if (pl->launch[k] >= 0) {
			put(e, in, EQG_LAUNCH_I, k, 0, 1, 1);
			put(e, in, EQG_LAUNCH_SLOT_I, k, 0, e->sb, (uint64_t)pl->launch[k]);
		}
		drive_sm(e, in, k, cyc);
	}
}

/* Warp w's bits of live and memw after a change of its left or mem. */
static void mark(eqe_sm *s, int w)
{
	uint64_t b = UINT64_C(1) << w;
	s->live = s->w[w].left ? s->live | b : s->live & ~b;
	s->memw = s->w[w].mem ? s->memw | b : s->memw & ~b;
}

/* Launch a CTA into slot sl of SM k (at the edge of cycle cyc). */
static void launch(eqg_env *e, int k, int sl, long cyc)
{
	eqe_sm *s = &e->sm[k];
	const eqe_prof *pr = cur_prof(e, cyc, NULL);
	long len = e->k[EQE_K_KLEN] * (75 + (long)rnd(e, 51)) / 100;
	if (len < 1)
		len = 1;
	if (e->prof == EQE_PR_IMBALANCE && e->long_left) {
		len = e->k[EQE_K_KLEN] * e->k[EQE_K_LONG];
		e->long_left = 0;
	}
	int w0 = slot_base(e, sl);
	for (int w = w0; w < w0 + e->wcta && w < e->warps; w++) {
		eqe_warp *x = &s->w[w];
		x->left = (int32_t)len;
		x->queued = 0;
		x->ready = cyc + 1;
		x->mem = (int)rnd(e, 100) < pr->mem_pct;
		mark(s, w);
	}
	s->valid |= 1u << sl;
	s->paused &= ~(1u << sl);
	s->seq[sl] = ++e->seq;
	s->reserved = 0;
	e->st.launches++;
}

/* The slot of the youngest (oldest) CTA among the set x. */
static int by_age(const eqe_sm *s, unsigned x, int youngest)
{
	int best = -1;
	for (int i = 0; i < MAXC; i++)
		if ((x >> i) & 1u)
			if (best < 0 || (youngest ? s->seq[i] > s->seq[best] : s->seq[i] < s->seq[best]))
				best = i;
	return best;
}

/* Checks of one SM's outputs; returns the controller's predicted request. */
static void check_sm(eqg_env *e, int k, const uint32_t *out, long cyc, int *act, int *req)
{
	eqe_sm *s = &e->sm[k];
	const eqe_plan *pl = &e->pl;
	char m[200];
	unsigned t = (unsigned)e->kmax;
	if (e->base)
		goto contract;
	unsigned cv = (unsigned)get_all(e, out, EQG_CTA_VALID_O, k), cp = (unsigned)get_all(e, out, EQG_CTA_PAUSED_O, k);
	if (cv != s->valid || cp != s->paused) {
		snprintf(m, sizeof m, "SM %d: cta_valid_o %#x cta_paused_o %#x, the slots are %#x paused %#x", k, cv, cp,
			 s->valid, s->paused);
		fail(e, cyc, m);
	}
	slot_map(e);
	uint64_t wp = get_all(e, out, EQG_WPAUSE_O, k), want = warps_of(e, s->paused);
	if (wp != want) {
		snprintf(m, sizeof m, "SM %d: wpause_o %#llx, the paused CTAs' warps are %#llx", k, (unsigned long long)wp,
			 (unsigned long long)want);
		fail(e, cyc, m);
	}
	t = (unsigned)get_all(e, out, EQG_NBLOCKS_O, k);
	if (e->running && !pl->kstart && (t < 1 || (int)t > e->kmax)) {
		snprintf(m, sizeof m, "SM %d: numBlocks %u outside [1, kmax=%d]", k, t, e->kmax);
		fail(e, cyc, m);
	}
contract: /* the controller (docs/equalizer.md): one action in a quiet cycle without a slot event */
	;
	unsigned P = s->valid & ~s->paused, Q = s->valid & s->paused;
	int U = (int)wg_popc64(P);
	*act = 0;
	*req = 0;
	if (!pl->kstart && pl->launch[k] < 0 && pl->done[k] < 0) {
		if (U > (int)t)
			*act = 1; /* pause the youngest */
		else if (U < (int)t && Q)
			*act = 2; /* unpause the oldest */
		else if (U < (int)t && pl->avail[k] && !s->rpend && s->valid != (1u << e->maxc) - 1u)
			*req = 1;
	}
	unsigned ro = e->base ? (unsigned)*req : (unsigned)get_all(e, out, EQG_CTA_REQ_O, k);
	if ((int)ro != *req) {
		snprintf(m, sizeof m, "SM %d: cta_req_o %u, the contract says %d (T %u, %d running, %d paused, avail %d, "
			 "pending %d)", k, ro, *req, t, U, (int)wg_popc64(Q), pl->avail[k], s->rpend);
		fail(e, cyc, m);
	}
}

/* One SM's edge. */
static void edge_sm(eqg_env *e, int k, long cyc, int act, int req)
{
	eqe_sm *s = &e->sm[k];
	const eqe_plan *pl = &e->pl;
	s->rpend = !pl->kstart && (s->rpend || req) && pl->launch[k] < 0 && pl->avail[k];
	if (req && e->pool > 0) { /* the distributor reserves a CTA and answers a few cycles later */
		e->pool--;
		s->reserved = 1;
		s->launch_at = cyc + 1 + (long)rnd(e, (unsigned)e->k[EQE_K_GWDE_LAT]);
	}
	if (pl->done[k] >= 0) {
		unsigned b = 1u << pl->done[k];
		s->valid &= ~b;
		s->paused &= ~b;
		s->fin &= ~b;
		e->st.dones++;
	}
	if (pl->launch[k] >= 0)
		launch(e, k, pl->launch[k], cyc);
	if (act == 1)
		s->paused |= 1u << by_age(s, s->valid & ~s->paused, 1);
	else if (act == 2)
		s->paused &= ~(1u << by_age(s, s->valid & s->paused, 0));
	/* issues */
	const eqe_prof *pr = cur_prof(e, cyc, NULL);
	unsigned running = s->valid & ~s->paused;
	for (uint64_t is = pl->iss[k]; is; is &= is - 1u) {
		int w = (int)wg_ctz64(is);
		eqe_warp *x = &s->w[w];
		e->st.issued++;
		e->ep_issued++;
		e->last_progress = cyc;
		if (x->mem) {
			int hit = pr->hit_pct;
			int fit = pr->fit_pct * e->kmax / 100;
			if (pr->fit_pct && fit < 1)
				fit = 1;
			if (pr->fit_pct && (int)wg_popc64(running) > fit) /* thrashing: the hit rate falls with more CTAs */
				hit = hit * fit / (int)wg_popc64(running);
			eqe_qent *q = &s->q[(s->qh + s->qn) % MAXQ];
			q->warp = (uint8_t)w;
			q->hit = (int)rnd(e, 100) < hit;
			s->qn++;
			x->queued = 1;
			x->ready = NEVER;
			e->st.mem_issued++;
			e->st.hits += q->hit;
			e->st.misses += !q->hit;
		} else {
			x->ready = cyc + alu_lat(e, pr);
		}
		x->left--;
		if (e->k[EQE_K_BAR] && x->left > 0 && x->left % e->k[EQE_K_BAR] == 0)
			s->barw |= UINT64_C(1) << w; /* its next instruction is a barrier */
		x->mem = (int)rnd(e, 100) < pr->mem_pct;
		mark(s, w);
	}
	for (unsigned v = s->valid; s->barw && v; v &= v - 1u) { /* a CTA's barrier opens when all are there */
		uint64_t sw = e->slot_warps[__builtin_ctz(v)] & s->live;
		if (!(sw & ~s->barw))
			s->barw &= ~sw;
	}
}

/* The LD/ST queues' heads: a hit leaves at once, a miss when the memory has bandwidth. */
static void memory(eqg_env *e, long cyc)
{
	long per = e->k[EQE_K_MEM_BW] * e->sms * level_pct(e->mem_level) / 100;
	e->credit += per;
	if (e->credit > 1000L * e->sms)
		e->credit = 1000L * e->sms;
	long lat = e->k[EQE_K_MEM_LAT] * 100 / level_pct(e->mem_level);
	for (int i = 0; i < e->sms; i++) {
		eqe_sm *s = &e->sm[(e->mem_rr + i) % e->sms];
		if (!s->qn)
			continue;
		for (int j = 0; j < s->nmshr;) /* returned misses free their MSHR */
			if (s->mshr[j] <= cyc)
				s->mshr[j] = s->mshr[--s->nmshr];
			else
				j++;
		eqe_qent *q = &s->q[s->qh];
		if (!q->hit && (e->credit < 1000 || s->nmshr >= e->k[EQE_K_MSHRS]))
			continue;
		if (!q->hit) {
			e->credit -= 1000;
			s->mshr[s->nmshr++] = cyc + lat;
		}
		eqe_warp *x = &s->w[q->warp];
		x->queued = 0;
		x->ready = cyc + (q->hit ? e->k[EQE_K_HIT_LAT] : lat);
		s->qh = (s->qh + 1) % MAXQ;
		s->qn--;
		e->last_progress = cyc;
	}
	e->mem_rr = (e->mem_rr + 1) % e->sms;
}

/* CTAs whose warps have all finished (their last results written by the next cycle). */
static void finish(eqg_env *e, long cyc)
{
	for (int k = 0; k < e->sms; k++) {
		eqe_sm *s = &e->sm[k];
		for (int sl = 0; sl < e->maxc; sl++) {
			unsigned b = 1u << sl;
			if (!(s->valid & b) || (s->fin & b))
				continue;
			int w0 = slot_base(e, sl);
			int done = !(s->live & wg_ones64(w0 + e->wcta) & ~wg_ones64(w0)); /* a warp has left */
			for (int w = w0; w < w0 + e->wcta && w < e->warps && done; w++)
				done = s->w[w].left == 0 && !s->w[w].queued && s->w[w].ready <= cyc + 1;
			if (done)
				s->fin |= b;
		}
	}
}

static void record_epoch(eqg_env *e, const uint32_t *out, long cyc, int kmax)
{
	eqe_epoch *p = &e->ep;
	p->idx++;
	p->cyc = cyc;
	p->sms = e->sms;
	p->kmax = kmax;
	for (int k = 0; k < e->sms; k++) {
		p->nblocks[k] = (uint8_t)get_all(e, out, EQG_NBLOCKS_O, k);
		unsigned d = (unsigned)get_all(e, out, EQG_DELTA_O, k);
		p->delta[k] = (int8_t)(d == 1 ? 1 : d == 3 ? -1 : 0);
		p->vote[k] = (uint8_t)get_all(e, out, EQG_VOTE_O, k);
		p->ctas[k] = (uint8_t)wg_popc64(e->sm[k].valid);
		if (kmax == 0 && (p->delta[k] != 0 || p->vote[k] != EQ_VOTE_NONE)) {
			char m[200];
			snprintf(m, sizeof m,
				 "SM %d decided delta %d vote %u for an epoch that ended with no kernel (kmax_i = 0): "
				 "expected 0 / NONE",
				 k, p->delta[k], p->vote[k]);
			fail(e, cyc, m);
		}
	}
	p->sm_level = e->sm_level;
	p->mem_level = e->mem_level;
	p->win = (unsigned)wg_port_get(e->L, out, EQG_WIN_O);
	p->issued = e->ep_issued;
	p->cycles = cyc - e->ep_start;
	p->kernel_profile = e->running ? e->prof : -1;
	cur_prof(e, cyc, &p->phase);
	e->ep_issued = 0;
	e->ep_start = cyc;
	e->ep_new = 1;
	e->st.epochs++;
}

void eqe_observe(eqg_env *e, const uint32_t *in, const uint32_t *out, long cyc)
{
	(void)in;
	eqe_plan *pl = &e->pl;
	int kprev = e->kmax_prev; /* the decision seen now was made in the previous cycle */
	e->kmax_prev = pl->kmax;
	e->ep_new = 0;
	if (pl->rst) {
		if (cyc >= 2)
			e->st.resets++;
		reset_gpu(e, cyc);
		e->sm_level = e->mem_level = VFM_NORMAL;
		return;
	}
	e->st.cycles++;
	char m[200];
	/* chip-level checks */
	int sml = VFM_NORMAL, mml = VFM_NORMAL, ndec = 0;
	if (!e->base) {
		sml = (int)wg_slice_get(e->L, out, EQG_SM_LEVEL_O, 0, 2);
		mml = (int)wg_slice_get(e->L, out, EQG_MEM_LEVEL_O, 0, 2);
	}
	if (sml == 3 || mml == 3 || (sml != VFM_NORMAL && mml != VFM_NORMAL)) {
		snprintf(m, sizeof m, "VF levels SM %d memory %d: at most one domain off nominal, never 3", sml, mml);
		fail(e, cyc, m);
	}
	for (int k = 0; k < e->sms && !e->base; k++)
		ndec += (int)get_all(e, out, EQG_DEC_VALID_O, k);
	if (ndec != 0 && ndec != e->sms) {
		snprintf(m, sizeof m, "%d of %d SMs decide in this cycle: epochs not aligned", ndec, e->sms);
		fail(e, cyc, m);
	}
	e->sm_level = sml;
	e->mem_level = mml;
	e->st.level_cyc[0][sml < 3 ? sml : 0]++;
	e->st.level_cyc[1][mml < 3 ? mml : 0]++;
	if (ndec == e->sms)
		record_epoch(e, out, cyc, kprev);
	/* per SM: the block's CTA state against the mirror, then the edge */
	for (int k = 0; k < e->sms; k++) {
		int act, req;
		check_sm(e, k, out, cyc, &act, &req);
		e->st.paused_cyc += e->sm[k].paused != 0;
		e->st.lsu_full_cyc += e->sm[k].qn >= e->k[EQE_K_LSUQ];
		edge_sm(e, k, cyc, act, req);
	}
	memory(e, cyc);
	e->sm_acc = (e->sm_acc + level_pct(sml)) % 100;
	if (pl->kstart) {
		e->running = 1;
		e->prof = pl->new_prof;
		e->pool = e->k[EQE_K_CTAS] * e->sms;
		e->long_left = 1;
		e->t0 = cyc + 1;
		e->last_progress = cyc;
		e->st.kernels++;
		return;
	}
	if (!e->running)
		return;
	finish(e, cyc);
	int busy = e->pool > 0;
	for (int k = 0; k < e->sms; k++)
		busy |= e->sm[k].valid != 0 || e->sm[k].reserved;
	if (!busy) { /* the kernel's last CTA finished at this edge */
		e->running = 0;
		e->kmax = e->wcta = 0;
		e->kstart_at = cyc + 1 + e->k[EQE_K_KGAP];
		e->st.kernels_done++;
		return;
	}
	if (cyc - e->last_progress > e->k[EQE_K_WATCHDOG]) {
		snprintf(m, sizeof m, "no issue and no memory return for %ld cycles while CTAs run", e->k[EQE_K_WATCHDOG]);
		fail(e, cyc, m);
	}
}

void eqe_set_baseline(eqg_env *e) { e->base = 1; }

const char *eqe_error(const eqg_env *e) { return e->err[0] ? e->err : NULL; }

const eqe_stats *eqe_get_stats(const eqg_env *e) { return &e->st; }

int eqe_epoch_new(const eqg_env *e, const eqe_epoch **ep)
{
	if (ep)
		*ep = &e->ep;
	return e->ep_new;
}

int eqe_kernel(const eqg_env *e, int *kmax)
{
	if (kmax)
		*kmax = e->kmax;
	return e->running ? e->prof : -1;
}
