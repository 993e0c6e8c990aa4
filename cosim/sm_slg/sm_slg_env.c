/* sm_slg_env.c - the synthetic shader around sm_slg: CTA launches, the EXIT
 * prologue, the front end (Z stages), loads and their write-backs, barrier
 * arrivals, and the every-cycle checks of the controller's behaviour
 * (sm_slg_env.h, docs/sm_slg.md "The SM environment"). */
#include "sm_slg_env.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "slg.h"
#include "sm_slg.h"
#include "sm_slg_stream.h"
#include "wg_bits.h"
#include "wg_kit.h"

#define SSE_MAX_W 64
#define SSE_MAX_CTA 64
#define SSE_MAX_LD 8 /* loads in flight per warp; one more waits */

/* A load whose operands have been read: its data returns at `ret`. */
typedef struct sse_load {
	long consumer;   /* dynamic index of the instruction that reads its value */
	long ret;        /* cycle the data returns: its write-back asks from then on */
	int announced;   /* pend_i is high while it is outstanding */
	int asked;       /* its write-back has asked (wb_* below are set) */
	long wb_rem;     /* wake left when it first asked (0: the region was ACTIVE) */
	int wb_kind, wb_t; /* the wake it met (SSE_W_*) and its t */
} sse_load;

typedef struct sse_warp {
	sse_stream s;    /* its instruction stream (while live) */
	int live;        /* launched and not exited */
	int cta;         /* CTA slot */
	/* the front end: one instruction between selection and register read */
	long rd_sel;     /* selection cycle of the instruction waiting for its read, -1 none */
	long rd_due;     /* the cycle it first asks: rd_sel + Z (+ rd_delay) */
	long rd_delay;   /* FRONT=INORDER: cycles freezes ahead of it added */
	long rd_rem;     /* the wake left at its selection (0: none) */
	int rd_kind, rd_t; /* that wake (SSE_W_*) and its t */
	int rd_load;     /* the instruction is a load */
	long rd_n;       /* its dynamic index */
	int rd_dep, rd_lat, rd_ann; /* a load's consumer distance, latency, announcement */
	int arrive;      /* bar.sync selected last cycle: arr_i this cycle */
	int waiting;     /* waits at its CTA's barrier (the environment's wait_o) */
	long wait_from;  /* first cycle of the wait */
	sse_load ld[SSE_MAX_LD]; /* loads read, not yet written back, oldest first */
	int nld;         /* their number */
	/* the region, as the environment predicts it */
	long wake_end;   /* cycle ok_o must rise for the wake in progress, -1 none */
	long wake_from;  /* cycle that wake was requested */
	int wake_kind;   /* the state it left (SSE_W_S1, S2, S21) */
	long s21_from;   /* first cycle of the current SLG2 -> SLG1 move */
	int prev_st;     /* last cycle's st_o */
	int prev_ok;     /* last cycle's ok_o */
	int prev_sleepy; /* last cycle: waits after the edge, nothing pending, no request (may sleep now) */
} sse_warp;

typedef struct sse_cta {
	int used;        /* holds a block */
	long blk;        /* its index in the run */
	uint64_t warps;  /* its warps */
	int left;        /* warps that have not exited */
} sse_cta;

struct sm_slg_env {
	const wg_layout *L;      /* frame layout of sm_slg */
	int W, C, X, Y;          /* WARPS, CTAS, X, Y */
	int enable, ed;          /* ENABLE, ENTER_DELAY */
	int count;               /* COUNT: SLG_COUNT_WARPS or SLG_COUNT_THREADS */
	int first_y;             /* S21_WAKE = FIRST_Y: only a CTA's first wake from the move pays its rest + X */
	int wb_bits;             /* width of a warp id in slot_warp_o */
	int Z;                   /* front-end stages (knob) */
	int front;               /* SSE_FE_* (knob FRONT) */
	long k[SSE_NKNOBS];      /* knobs */
	sse_shape sh;            /* the run */
	uint64_t seed;           /* run seed */
	uint64_t rng;            /* environment draws (mid-run resets) */
	long cyc;                /* current cycle */
	uint64_t wmask;          /* WARPS low ones */
	uint64_t pro;            /* prologue: resident in the scheduler since reset, EXIT not yet issued */
	uint64_t resident;       /* resident in the scheduler (prologue and live warps) */
	sse_warp w[SSE_MAX_W];   /* warps */
	sse_cta cta[SSE_MAX_CTA];/* CTA slots */
	uint64_t frst;           /* FIRST_Y: CTAs released with no wake from the move since (the controller's frst_q) */
	uint64_t s21_woke;       /* this cycle: CTAs one of whose regions starts a wake from the move */
	long blk_next;           /* next block of the run to launch */
	long blk_base;           /* LOOP: index of the current kernel's first block (streams differ per kernel) */
	long blk_done;           /* blocks of the current kernel that have left */
	int launch_cta;          /* this cycle's launch: CTA slot (-1 none) */
	long last_progress;      /* last cycle with a selection, a register access or a launch */
	long watchdog;           /* cycles without progress that make a deadlock */
	sse_view v;              /* this cycle */
	sse_stats st;            /* counters */
	char err[400];           /* first failure */
};

static uint64_t bit(int i) { return UINT64_C(1) << i; }

static void fail(sm_slg_env *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(sm_slg_env *e, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	wg_first_err(e->err, sizeof e->err, e->cyc, fmt, ap);
	va_end(ap);
}

static const char *const kind_names[SSE_NKIND] = {"COMP", "LOAD", "BAR", "EXIT"};
static const char *const wake_names[SSE_NW] = {"ACT", "S1", "S2", "S21", "WK", "S21(later)"};
static const char *const st_names[8] = {"ACT", "ENT", "S2", "S21", "S1", "WK1", "WK2", "?7"};

const char *sse_kind_name(int k) { return k >= 0 && k < SSE_NKIND ? kind_names[k] : "?"; }
const char *sse_wake_name(int k) { return k >= 0 && k < SSE_NW ? wake_names[k] : "?"; }

int sse_s21_param(void) { return wg_param_index(&wg_block_sm_slg, "S21_WAKE"); }

size_t sse_size(const long *p)
{
	(void)p;
	return sizeof(sm_slg_env);
}

/* The state right after a reset edge: the scheduler holds every warp (the
 * prologue retires them), the controller none. */
static void env_reset(sm_slg_env *e)
{
	e->pro = e->resident = e->wmask;
	for (int w = 0; w < SSE_MAX_W; w++) {
		memset(&e->w[w], 0, sizeof e->w[w]);
		e->w[w].rd_sel = -1;
		e->w[w].wake_end = -1;
		e->w[w].prev_ok = 1;
		e->w[w].prev_st = SLG_ACT;
	}
	memset(e->cta, 0, sizeof e->cta);
	e->frst = 0;
	e->blk_next = 0;
	e->blk_done = 0;
	e->last_progress = e->cyc;
}

const char *sse_init(sm_slg_env *e, const long *p, const wg_layout *L, const long *knobs, uint64_t seed, char *err,
		     size_t n)
{
	e->L = L;
	e->W = (int)p[SSL_P_WARPS];
	e->C = (int)p[SSL_P_CTAS];
	e->X = (int)p[SSL_P_X];
	e->Y = (int)p[SSL_P_Y];
	e->enable = (int)p[SSL_P_ENABLE];
	e->ed = (int)p[SSL_P_ENTER_DELAY];
	e->count = (int)p[SSL_P_COUNT];
	int s21 = sse_s21_param();
	e->first_y = s21 >= 0 && p[s21] == SSE_S21_FIRST_Y;
	e->wb_bits = L->width[SSL_SLOT_WARP_O] / e->W;
	memcpy(e->k, knobs, sizeof e->k);
	e->Z = (int)knobs[SSE_K_Z];
	e->front = (int)knobs[SSE_K_FRONT];
	if (e->Z < 1) {
		snprintf(err, n, "sm_slg: knob Z=%d must be at least 1 (a selection's read comes after it)", e->Z);
		return err;
	}
	sse_shape_of(&e->sh, knobs, e->W);
	if (e->sh.wpb * 1L > e->W) { /* cannot happen: sse_shape_of caps it */
		snprintf(err, n, "sm_slg: %d warps per block exceed WARPS=%d", e->sh.wpb, e->W);
		return err;
	}
	e->seed = seed;
	e->rng = wg_rng_seed(seed ^ UINT64_C(0x5e5e));
	e->wmask = wg_ones64(e->W);
	e->watchdog = 3L * e->sh.ld_lat / 2 + e->Y + e->Z + 4L * e->W + 64;
	e->st.t_first = e->st.t_last = -1;
	e->launch_cta = -1;
	env_reset(e);
	return NULL;
}

const char *sse_error(const sm_slg_env *e) { return e->err[0] ? e->err : NULL; }
const sse_stats *sse_get_stats(const sm_slg_env *e) { return &e->st; }
const sse_shape *sse_get_shape(const sm_slg_env *e) { return &e->sh; }
const sse_view *sse_now(const sm_slg_env *e) { return &e->v; }
int sse_z(const sm_slg_env *e) { return e->Z; }

int sse_warp_cta(const sm_slg_env *e, int w, int *j)
{
	if (w < 0 || w >= e->W || !e->w[w].live)
		return -1;
	if (j)
		*j = e->w[w].s.j;
	return e->w[w].cta;
}

/* ---- drive ---- */

/* The warp's next instruction waits for a load's write-back (its consumer, or EXIT), or for a load slot. */
static int dep_blocked(const sse_warp *x)
{
	if (x->s.kind == SSE_EXIT && x->nld > 0)
		return 1;
	if (x->s.kind == SSE_LOAD && x->nld >= SSE_MAX_LD)
		return 1;
	for (int i = 0; i < x->nld; i++)
		if (x->ld[i].consumer <= x->s.n)
			return 1;
	return 0;
}

/* FRONT=INORDER: the oldest read in the front end is due and its region will
 * not be accessible this cycle (the wake the environment predicts, checked in
 * region()): the front end stands still. Its warp, or -1. */
static int frozen(const sm_slg_env *e, long cyc)
{
	int head = -1;
	for (int w = 0; w < e->W; w++)
		if (e->w[w].live && e->w[w].rd_sel >= 0 && (head < 0 || e->w[w].rd_due < e->w[head].rd_due))
			head = w;
	if (head < 0 || e->w[head].rd_due > cyc)
		return -1;
	const sse_warp *x = &e->w[head];
	int ok = x->wake_end >= 0 ? cyc >= x->wake_end : x->prev_ok;
	return ok ? -1 : head;
}

/* A CTA slot and WPB free warps for the next block: launch it this cycle. */
static uint64_t pick_launch(sm_slg_env *e)
{
	e->launch_cta = -1;
	if (e->st.done)
		return 0;
	if (e->blk_next >= e->sh.blocks) {
		if (!e->k[SSE_K_LOOP] || e->blk_done < e->sh.blocks)
			return 0;
		e->blk_base += e->sh.blocks; /* the kernel again, with new streams */
		e->blk_next = e->blk_done = 0;
	}
	int c = 0;
	while (c < e->C && e->cta[c].used)
		c++;
	if (c == e->C)
		return 0;
	uint64_t fr = e->wmask & ~e->resident, m = 0;
	for (int w = 0, k = 0; w < e->W && k < e->sh.wpb; w++)
		if ((fr >> w) & 1u) {
			m |= bit(w);
			k++;
		}
	if ((int)wg_popc64(m) < e->sh.wpb)
		return 0;
	e->launch_cta = c;
	return m;
}

void sse_drive(sm_slg_env *e, uint32_t *in, long cyc)
{
	const wg_layout *L = e->L;
	sse_view *v = &e->v;
	e->cyc = cyc;
	memset(v, 0, sizeof *v);
	v->cyc = cyc;
	v->freeze = -1;
	v->iss_warp = v->iss_slot = v->iss_kind = -1;
	int rst = cyc < 2 || (e->k[SSE_K_RESET_PPM] > 0 && wg_pick(&e->rng, 1000000) < e->k[SSE_K_RESET_PPM]);
	if (rst) {
		wg_port_put(L, in, SSL_RST_I, 1);
		v->reset = 1;
		if (cyc >= 2)
			e->st.resets++;
		env_reset(e);
		return;
	}
	v->freeze = e->front == SSE_FE_INORDER ? frozen(e, cyc) : -1;
	v->launch = pick_launch(e);
	if (v->launch) {
		wg_port_put(L, in, SSL_LAUNCH_I, v->launch);
		wg_port_put(L, in, SSL_LAUNCH_CTA_I, (uint64_t)e->launch_cta);
		/* a partial last warp (W-P2-8): the block is 1..31 threads short of whole warps; drawn
		 * only when the knob asks for it, so the default streams stay as they were */
		unsigned size = 32u * (unsigned)e->sh.wpb;
		if (e->k[SSE_K_PARTIAL_PCT] > 0 && wg_pick(&e->rng, 100) < e->k[SSE_K_PARTIAL_PCT])
			size -= 1u + (unsigned)wg_pick(&e->rng, 31);
		wg_port_put(L, in, SSL_LAUNCH_SIZE_I, size);
	}
	for (int w = 0; w < e->W; w++) {
		const sse_warp *x = &e->w[w];
		uint64_t b = bit(w);
		if (e->pro & b) { /* the prologue: every reset warp's first instruction is EXIT */
			if (v->freeze < 0) {
				v->rdy |= b;
				v->fin |= b;
			}
			continue;
		}
		if (!x->live)
			continue;
		if (v->freeze < 0 && x->rd_sel < 0 && !x->arrive && !dep_blocked(x)) {
			v->rdy |= b;
			if (x->s.kind == SSE_EXIT && !x->waiting)
				v->fin |= b;
		}
		if (x->arrive)
			v->arr |= b;
		if (x->rd_sel >= 0 && cyc >= x->rd_due)
			v->acc |= b;
		for (int i = 0; i < x->nld; i++) {
			if (x->ld[i].announced)
				v->pend |= b;
			if (x->ld[i].ret <= cyc)
				v->acc |= b;
		}
	}
	wg_port_put(L, in, SSL_RDY_I, v->rdy);
	wg_port_put(L, in, SSL_FIN_I, v->fin);
	wg_port_put(L, in, SSL_ARR_I, v->arr);
	wg_port_put(L, in, SSL_ACC_I, v->acc);
	wg_port_put(L, in, SSL_PEND_I, v->pend);
}

/* ---- observe: checks and bookkeeping ---- */

static void decode(sm_slg_env *e, const uint32_t *out)
{
	const wg_layout *L = e->L;
	sse_view *v = &e->v;
	v->iss_valid = (int)wg_port_get(L, out, SSL_ISS_VALID_O);
	if (v->iss_valid) {
		v->iss_warp = (int)wg_port_get(L, out, SSL_ISS_WARP_O);
		v->iss_slot = (int)wg_port_get(L, out, SSL_ISS_SLOT_O);
	}
	v->ext_valid = (int)wg_port_get(L, out, SSL_EXT_VALID_O);
	v->pro_valid = (int)wg_port_get(L, out, SSL_PRO_VALID_O);
	v->pro_warp = v->pro_valid ? (int)wg_port_get(L, out, SSL_PRO_WARP_O) : -1;
	v->slot_valid = wg_port_get(L, out, SSL_SLOT_VALID_O);
	for (int s = 0; s < e->W; s++)
		v->slot_warp[s] = (int)wg_elem_get(L, out, SSL_SLOT_WARP_O, s, e->wb_bits);
	v->wait = wg_port_get(L, out, SSL_WAIT_O);
	v->ok = wg_port_get(L, out, SSL_OK_O);
	v->rel = wg_port_get(L, out, SSL_REL_O);
	v->resident = wg_port_get(L, out, SSL_RESIDENT_O);
	v->active = wg_port_get(L, out, SSL_ACTIVE_O);
	for (int w = 0; w < e->W; w++) {
		v->st[w] = (uint8_t)wg_elem_get(L, out, SSL_ST_O, w, 3);
		v->mode[w] = (uint8_t)wg_elem_get(L, out, SSL_MODE_O, w, 2);
	}
}

static void rec(sse_wrec *r, long stall)
{
	if (r->n == 0 || stall < r->smin)
		r->smin = stall;
	if (r->n == 0 || stall > r->smax)
		r->smax = stall;
	r->n++;
}

static int clamp_t(long t) { return t < 0 ? 0 : t >= SSE_MAX_T ? SSE_MAX_T - 1 : (int)t; }

/* The region of warp w: the predicted wake, its checks, and a wake the
 * selection or an access requests this cycle. */
static void region(sm_slg_env *e, int w, int wk)
{
	sse_warp *x = &e->w[w];
	sse_view *v = &e->v;
	uint64_t b = bit(w);
	int st = v->st[w], ok = (int)((v->ok >> w) & 1u), mode = v->mode[w];
	int want_ok = st == SLG_ACT || st == SLG_ENT;
	int want_mode = want_ok ? 0 : (st == SLG_S1 || st == SLG_WK1) ? 1 : 2;
	if (st > SLG_WK2 || ok != want_ok || mode != want_mode)
		return fail(e, "warp %d: st_o %s, ok_o %d, mode_o %d disagree (docs/slg.md region states)", w,
			    st_names[st & 7], ok, mode);
	if (!x->live) {
		if (st != SLG_ACT)
			fail(e, "warp %d is not live but its region is in %s (launch and exit put it in ACT)", w,
			     st_names[st]);
		return;
	}
	if (!e->enable && st != SLG_ACT)
		return fail(e, "ENABLE=0 but warp %d's region is in %s", w, st_names[st]);
	if (st == SLG_S21 && x->prev_st != SLG_S21)
		x->s21_from = e->cyc;
	/* sleep entries: exactly at the edges where the region was sleepy (docs/slg.md `sleepy`) */
	if (x->prev_sleepy && st != SLG_S2 && !(e->ed > 0 && st == SLG_ENT))
		return fail(e, "warp %d waited with nothing pending and no request last cycle, but its region is %s, not "
			       "S2", w, st_names[st]);
	if (!x->prev_sleepy && st == SLG_S2 && x->prev_st != SLG_S2)
		return fail(e, "warp %d's region entered S2 from %s though last cycle it %s", w, st_names[x->prev_st],
			    x->waiting ? "had a request or a pending write-back (B7)" : "was not waiting at a barrier");
	if (x->wake_end >= 0) {
		if (st == SLG_S2) { /* a re-arrival cancelled the wake (W-P2-11) */
			x->wake_end = -1;
			e->st.wake_cancel++;
			v->cancelled |= b;
		} else if (e->cyc < x->wake_end) {
			if (ok || (st != SLG_WK1 && st != SLG_WK2))
				return fail(e, "warp %d's wake from %s requested at cycle %ld must end at cycle %ld, but its "
					       "region is %s now", w, wake_names[x->wake_kind], x->wake_from, x->wake_end,
					    st_names[st]);
		} else {
			if (!ok)
				return fail(e, "warp %d's wake from %s requested at cycle %ld must end now (%s: %ld cycles), "
					       "but ok_o is 0 (%s)", w, wake_names[x->wake_kind], x->wake_from,
					    x->wake_kind == SSE_W_S1 || x->wake_kind == SSE_W_S21X ? "X" : x->wake_kind == SSE_W_S2 ? "Y" : "t + X",
					    x->wake_end - x->wake_from, st_names[st]);
			x->wake_end = -1;
		}
	} else {
		if (ok && !x->prev_ok)
			return fail(e, "warp %d's region became accessible (%s) without a wake request", w, st_names[st]);
		if (st == SLG_WK1 || st == SLG_WK2)
			return fail(e, "warp %d's region is waking (%s) without a wake request", w, st_names[st]);
	}
	if (!ok && x->prev_ok && !x->prev_sleepy)
		return fail(e, "warp %d's region went to sleep (%s) though last cycle it %s", w, st_names[st],
			    x->waiting ? "had a request or a pending write-back (B7)" : "was not waiting at a barrier");
	if (wk && x->wake_end < 0 && (st == SLG_S2 || st == SLG_S21 || st == SLG_S1)) {
		long lat;
		int kind = st == SLG_S1 ? SSE_W_S1 : st == SLG_S2 ? SSE_W_S2 : SSE_W_S21;
		if (kind == SSE_W_S21) {
			long t = (e->Y - e->X) - (e->cyc - x->s21_from);
			if (t < 1 || t > e->Y - e->X)
				return fail(e, "warp %d's region has been moving SLG2 -> SLG1 since cycle %ld, longer than "
					       "Y - X = %d cycles", w, x->s21_from, e->Y - e->X);
			lat = t + e->X;
			e->s21_woke |= bit(x->cta);
			if (e->first_y && !((e->frst >> x->cta) & 1u)) { /* not the CTA's first: priced as SLG1 */
				kind = SSE_W_S21X;
				lat = e->X;
			}
		} else {
			lat = kind == SSE_W_S1 ? e->X : e->Y;
		}
		x->wake_end = e->cyc + lat;
		x->wake_from = e->cyc;
		x->wake_kind = kind;
		e->st.wakes[kind]++;
		v->wake_start |= b;
	}
}

/* The wake a request meets this cycle (after region()): kind, t and cycles left. */
static long wake_met(const sm_slg_env *e, int w, int *kind, int *t)
{
	const sse_warp *x = &e->w[w];
	if (x->wake_end < 0) {
		*kind = SSE_W_ACT;
		*t = 0;
		return 0;
	}
	long rem = x->wake_end - e->cyc;
	if (x->wake_from == e->cyc) {
		*kind = x->wake_kind;
		*t = clamp_t(x->wake_kind == SSE_W_S21 ? rem - e->X : 0); /* S21: the rest of the move */
	} else {
		*kind = SSE_W_WK;
		*t = clamp_t(rem);
	}
	return rem;
}

/* This cycle's register accesses of warp w (acc_i high): its operand read,
 * and every write-back whose data has returned (a warp's write-backs of one
 * cycle go to different banks). */
static void accesses(sm_slg_env *e, int w)
{
	sse_warp *x = &e->w[w];
	sse_view *v = &e->v;
	uint64_t b = bit(w);
	int ok = (int)((v->ok >> w) & 1u), st = v->st[w];
	for (int i = 0; i < x->nld; i++) { /* write-backs asking for the first time: the wake they meet */
		sse_load *l = &x->ld[i];
		if (l->ret > e->cyc || l->asked)
			continue;
		l->asked = 1;
		l->wb_rem = wake_met(e, w, &l->wb_kind, &l->wb_t);
		if (st != SLG_ACT && st != SLG_ENT)
			e->st.wb_sleeping++;
	}
	if (!ok) {
		e->st.stall_cycles++;
		return;
	}
	if (v->mode[w] != 0)
		return fail(e, "warp %d's register access with mode_o %d (not ACTIVE)", w, v->mode[w]);
	for (int i = 0; i < x->nld;) {
		sse_load *l = &x->ld[i];
		if (l->ret > e->cyc) {
			i++;
			continue;
		}
		long stall = e->cyc - l->ret;
		if (stall != l->wb_rem)
			return fail(e, "warp %d's write-back returned at cycle %ld (region %s, wake %ld cycles) stalled %ld "
				       "cycles, expected max(0, wake) = %ld", w, l->ret, wake_names[l->wb_kind], l->wb_rem,
				    stall, l->wb_rem);
		rec(&e->st.wb[l->wb_kind][l->wb_t], stall);
		e->st.wbs++;
		e->st.wb_stall += (uint64_t)stall;
		v->wb_done |= b;
		v->wb_stall[w] = stall;
		v->wb_kind[w] = l->wb_kind;
		*l = x->ld[--x->nld];
		e->last_progress = e->cyc;
	}
	if (x->rd_sel >= 0 && e->cyc >= x->rd_due) { /* the operand read */
		long ze = e->Z + x->rd_delay; /* the front end's stages, and the cycles it stood still ahead of it */
		long stall = e->cyc - x->rd_due, want = x->rd_rem > ze ? x->rd_rem - ze : 0;
		if (stall != want)
			return fail(e, "warp %d's operand read selected at cycle %ld (region %s, wake %ld cycles) stalled %ld "
				       "cycles, P2 Table III says max(0, wake - Z=%d%s) = %ld", w, x->rd_sel,
				    wake_names[x->rd_kind], x->rd_rem, stall, e->Z,
				    x->rd_delay ? " - cycles held up behind a stalled read" : "", want);
		if (x->rd_delay)
			e->st.delayed++;
		else
			rec(&e->st.rd[x->rd_kind][x->rd_t], stall);
		e->st.reads++;
		e->st.read_stall += (uint64_t)stall;
		v->read_done |= b;
		v->read_stall[w] = stall;
		v->read_kind[w] = x->rd_kind;
		if (x->rd_load) {
			sse_load *l = &x->ld[x->nld++];
			memset(l, 0, sizeof *l);
			l->consumer = x->rd_n + x->rd_dep;
			l->ret = e->cyc + x->rd_lat;
			l->announced = x->rd_ann;
		}
		x->rd_sel = -1;
		e->last_progress = e->cyc;
	}
}

/* The selected warp's instruction enters the front end (or arrives, or exits). */
static void issue(sm_slg_env *e, int w)
{
	sse_warp *x = &e->w[w];
	sse_view *v = &e->v;
	uint64_t b = bit(w);
	e->last_progress = e->cyc;
	if (e->pro & b) {
		e->pro &= ~b;
		e->resident &= ~b;
		return;
	}
	int k = x->s.kind;
	v->iss_kind = k;
	e->st.issued++;
	e->st.by_kind[k]++;
	if (k == SSE_COMP || k == SSE_LOAD) {
		x->rd_sel = e->cyc;
		x->rd_due = e->cyc + e->Z;
		x->rd_delay = 0;
		x->rd_rem = wake_met(e, w, &x->rd_kind, &x->rd_t);
		x->rd_load = k == SSE_LOAD;
		x->rd_n = x->s.n;
		x->rd_dep = x->s.dep;
		x->rd_lat = x->s.lat;
		x->rd_ann = x->s.announced;
	} else if (k == SSE_BAR) {
		x->arrive = 1;
	} else { /* EXIT */
		sse_cta *c = &e->cta[x->cta];
		x->live = 0;
		x->waiting = 0;
		x->wake_end = -1; /* the exit puts the region in ACT */
		e->resident &= ~b;
		e->st.exits++;
		if (--c->left == 0) {
			c->used = 0;
			e->st.blocks_done++;
			e->blk_done++;
			if (!e->k[SSE_K_LOOP] && e->blk_done == e->sh.blocks) {
				e->st.done = 1;
				e->st.t_last = e->cyc;
			}
		}
	}
	sse_stream_next(&x->s, &e->sh);
}

/* Arrivals and releases at this edge. */
static void barriers(sm_slg_env *e)
{
	sse_view *v = &e->v;
	int xw = v->ext_valid ? v->iss_warp : -1; /* exiting now: not counted live (docs/slg.md n_live) */
	for (int c = 0; c < e->C; c++) { /* a CTA releases exactly when all its live warps wait or arrive (B2) */
		uint64_t lv = 0, wa = 0;
		for (int w = 0; w < e->W; w++)
			if (e->w[w].live && e->w[w].cta == c && w != xw) {
				lv |= bit(w);
				if (e->w[w].waiting || e->w[w].arrive)
					wa |= bit(w);
			}
		int rel = (int)((v->rel >> c) & 1u);
		if (rel && wa != lv)
			return fail(e, "CTA %d released before all its warps arrived (waiting or arriving %#llx of %#llx)", c,
				    (unsigned long long)wa, (unsigned long long)lv);
		if (!rel && lv && wa == lv && e->count == SLG_COUNT_WARPS)
			return fail(e, "CTA %d: every live warp has arrived (%#llx) but rel_o is 0", c,
				    (unsigned long long)lv);
	}
	for (int w = 0; w < e->W; w++) {
		sse_warp *x = &e->w[w];
		if (!x->live)
			continue;
		int rel = (int)((v->rel >> x->cta) & 1u);
		if (x->arrive) {
			x->arrive = 0;
			e->st.arrivals++;
			if (!rel) {
				x->waiting = 1;
				x->wait_from = e->cyc + 1;
			}
		} else if (x->waiting && rel) {
			long len = e->cyc + 1 - x->wait_from;
			x->waiting = 0;
			if (len > e->st.max_wait)
				e->st.max_wait = len;
		}
	}
	e->st.releases += wg_popc64(v->rel);
}

static void launch(sm_slg_env *e)
{
	sse_view *v = &e->v;
	sse_cta *c = &e->cta[e->launch_cta];
	long blk = e->blk_base + e->blk_next++;
	c->used = 1;
	c->blk = blk;
	c->warps = v->launch;
	c->left = e->sh.wpb;
	for (int w = 0, j = 0; w < e->W; w++)
		if ((v->launch >> w) & 1u) {
			sse_warp *x = &e->w[w];
			memset(x, 0, sizeof *x);
			x->live = 1;
			x->cta = e->launch_cta;
			x->rd_sel = -1;
			x->wake_end = -1;
			x->prev_ok = 1;
			x->prev_st = SLG_ACT;
			sse_stream_start(&x->s, &e->sh, e->seed, blk, j++);
		}
	e->resident |= v->launch;
	e->st.launches++;
	if (e->st.t_first < 0)
		e->st.t_first = e->cyc;
	e->last_progress = e->cyc;
}

void sse_observe(sm_slg_env *e, const uint32_t *in, const uint32_t *out, long cyc)
{
	(void)in;
	sse_view *v = &e->v;
	e->cyc = cyc;
	if (v->reset || e->err[0])
		return;
	decode(e, out);
	e->st.cycles++;
	uint64_t waiting = 0;
	for (int w = 0; w < e->W; w++)
		if (e->w[w].live && e->w[w].waiting)
			waiting |= bit(w);
	if (v->resident != e->resident)
		return fail(e, "resident_o = %#llx, the environment has %#llx resident", (unsigned long long)v->resident,
			    (unsigned long long)e->resident);
	if (v->wait != waiting)
		return fail(e, "wait_o = %#llx, but the warps waiting at a barrier are %#llx", (unsigned long long)v->wait,
			    (unsigned long long)waiting);
	int sel = -1;
	if (v->iss_valid) {
		sel = v->iss_warp;
		if (sel >= e->W || !((v->rdy >> sel) & 1u) || ((waiting >> sel) & 1u))
			return fail(e, "warp %d selected though %s", sel,
				    sel >= e->W ? "out of range" : ((waiting >> sel) & 1u) ? "it waits at a barrier" : "not ready");
	}
	int want_ext = sel >= 0 && ((v->fin >> sel) & 1u);
	if (v->ext_valid != want_ext)
		return fail(e, "ext_valid_o = %d for a selection %s EXIT", v->ext_valid, want_ext ? "of" : "not of");
	int kernel = e->st.t_first >= 0 && !e->st.done;
	if (kernel) {
		for (int w = 0; w < e->W; w++)
			e->st.res[v->mode[w] < 3 ? v->mode[w] : 2]++;
		e->st.wait_cycles += wg_popc64(waiting);
		if (!v->iss_valid)
			e->st.idle++;
	}
	/* a wake request: the selection of an instruction other than EXIT (an EXIT puts the region in
	 * ACT at its edge), or an access */
	int sel_wk = sel >= 0 && !((e->pro >> sel) & 1u) && e->w[sel].s.kind != SSE_EXIT;
	e->s21_woke = 0;
	for (int w = 0; w < e->W && !e->err[0]; w++)
		region(e, w, (w == sel && sel_wk) || ((v->acc >> w) & 1u));
	/* FIRST_Y's per-CTA flag: cleared by a wake from the move, set by a release (which wins) */
	e->frst = (e->frst & ~e->s21_woke) | v->rel;
	for (int w = 0; w < e->W && !e->err[0]; w++)
		if ((v->acc >> w) & 1u)
			accesses(e, w);
	if (e->err[0])
		return;
	if (v->freeze >= 0) { /* the stalled read holds up every read behind it */
		int h = v->freeze;
		if ((v->ok >> h) & 1u)
			return fail(e, "internal: the front end stood still for warp %d's read, but its region is accessible", h);
		e->st.freezes++;
		for (int w = 0; w < e->W; w++)
			if (w != h && e->w[w].live && e->w[w].rd_sel >= 0) {
				e->w[w].rd_due++;
				e->w[w].rd_delay++;
			}
	} else if (e->front == SSE_FE_INORDER) {
		for (int w = 0; w < e->W; w++)
			if (e->w[w].live && e->w[w].rd_sel >= 0 && e->w[w].rd_due <= cyc)
				return fail(e, "internal: warp %d's read is due but waits, and the front end did not stand still",
					    w);
	}
	barriers(e); /* this cycle's arrivals and releases, before the selection adds next cycle's arrival */
	if (e->err[0])
		return;
	if (sel >= 0)
		issue(e, sel);
	if (v->launch)
		launch(e);
	for (int w = 0; w < e->W; w++) {
		sse_warp *x = &e->w[w];
		x->prev_st = v->st[w];
		x->prev_ok = (int)((v->ok >> w) & 1u);
		/* may the region sleep at the next edge's outcome: it waits after this edge, nothing
		 * pending, no request this cycle (docs/slg.md `sleepy`) */
		x->prev_sleepy = e->enable && x->live && x->waiting && !((v->pend >> w) & 1u) && w != sel &&
				 !((v->acc >> w) & 1u);
	}
	v->prologue = e->pro;
	if (cyc - e->last_progress > e->watchdog)
		fail(e, "deadlock: no selection, register access or launch for %ld cycles (%d warps waiting at "
			"barriers, %d resident)",
		     e->watchdog, (int)wg_popc64(waiting), (int)wg_popc64(e->resident));
}
