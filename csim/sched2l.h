/* sched2l.h - two-level warp scheduler (Gebhart et al., ISCA 2011 §3.2), with
 * the greedy-then-oldest and TRWS selections of Xie et al. 2017 (Table 1,
 * §4.2.3): descriptor indices and the C cycle model.
 *
 * The cycle-level contract is docs/sched2l.md; the C model (sched2l.c) and
 * the Verilog template (rtl_templates/sched2l.v) both implement exactly that
 * page. */
#ifndef SCHED2L_H
#define SCHED2L_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parameter indices (order of the descriptor's parameter table). */
enum {
	S2L_P_WARPS,
	S2L_P_ACTIVE,
	S2L_P_SELECT,
	S2L_P_SUSPEND,
	S2L_P_BARRIER_DEMOTE,
	S2L_NPARAMS
};

enum { S2L_GREEDY = 0, S2L_RR = 1, S2L_GTO = 2, S2L_TRWS = 3 }; /* SELECT */
enum { S2L_ALWAYS = 0, S2L_PENDING = 1 };         /* SUSPEND */
enum { S2L_CAUSE_MARK = 0, S2L_CAUSE_BARRIER = 1 }; /* dem_cause_o */

/* Port indices (order of the descriptor's port table). */
enum {
	S2L_RST_I,
	S2L_RDY_I, S2L_MARK_I, S2L_LLP_I, S2L_BAR_I, S2L_FIN_I, S2L_LAUNCH_I, S2L_SLOT_FREE_I,
	S2L_PRIO_I, /* SELECT=TRWS only: width 0 (absent) in every other configuration */
	S2L_ISS_VALID_O, S2L_ISS_SLOT_O, S2L_ISS_WARP_O,
	S2L_TAG_VALID_O, S2L_TAG_SLOT_O, S2L_TAG_WARP_O,
	S2L_DEM_VALID_O, S2L_DEM_SLOT_O, S2L_DEM_WARP_O, S2L_DEM_CAUSE_O,
	S2L_PRO_VALID_O, S2L_PRO_SLOT_O, S2L_PRO_WARP_O,
	S2L_EXT_VALID_O, S2L_EXT_SLOT_O, S2L_EXT_WARP_O,
	S2L_SLOT_VALID_O, S2L_SLOT_WARP_O,
	S2L_ACTIVE_O, S2L_RESIDENT_O,
	S2L_EV_O,
	S2L_NPORTS
};

/* Energy events (LSB-first bits of ev_o). */
enum { S2L_EV_SELECT, S2L_EV_DEMOTE, S2L_EV_PROMOTE, S2L_EV_EXIT, S2L_NEVENTS };

extern const wg_block wg_block_sched2l;

#define S2L_MAX_WARPS 64
#define S2L_MAX_SLOTS 64
#define S2L_MSG_LEN 128

/* Parameter values (docs/sched2l.md "Parameters"). */
typedef struct s2l_cfg {
	int warps;          /* WARPS: resident warps */
	int active;         /* ACTIVE: active-set slots */
	int select;         /* SELECT: S2L_GREEDY, S2L_RR, S2L_GTO or S2L_TRWS */
	int suspend;        /* SUSPEND: S2L_ALWAYS or S2L_PENDING */
	int barrier_demote; /* BARRIER_DEMOTE: 1 = demote warps blocked at a barrier */
} s2l_cfg;

/* Inputs of one cycle; per-warp vectors: bit w = warp w. */
typedef struct s2l_in {
	unsigned rst;        /* rst_i */
	uint64_t rdy;        /* rdy_i */
	uint64_t mark;       /* mark_i */
	uint64_t llp;        /* llp_i */
	uint64_t bar;        /* bar_i */
	uint64_t fin;        /* fin_i */
	uint64_t launch;     /* launch_i */
	uint64_t slot_free;  /* slot_free_i, bit s = slot s */
	uint64_t prio;       /* prio_i: TRWS priority (read under S2L_TRWS only, eligible warps only) */
} s2l_in;

/* Outputs of one cycle; every field zero when its valid bit is 0. */
typedef struct s2l_out {
	unsigned iss_valid, iss_slot, iss_warp;          /* iss_*_o */
	unsigned tag_valid, tag_slot, tag_warp;          /* tag_*_o */
	unsigned dem_valid, dem_slot, dem_warp, dem_cause; /* dem_*_o */
	unsigned pro_valid, pro_slot, pro_warp;          /* pro_*_o */
	unsigned ext_valid, ext_slot, ext_warp;          /* ext_*_o */
	uint64_t slot_valid;                             /* slot_valid_o, bit s = slot s */
	unsigned slot_warp[S2L_MAX_SLOTS];               /* slot_warp_o, per slot */
	uint64_t active;                                 /* active_o */
	uint64_t resident;                               /* resident_o */
	unsigned ev[S2L_NEVENTS];                        /* ev_o bits */
	char msg[S2L_MSG_LEN];                           /* protocol violation, "" when none */
} s2l_out;

/* s2l_eval return values: 0, or the first violated protocol rule. */
enum {
	S2L_OK = 0,
	S2L_E_LAUNCH,      /* launch_i for a resident warp or w >= WARPS */
	S2L_E_FIN,         /* fin_i together with mark_i or bar_i */
	S2L_E_NONRES       /* a per-warp bit set for a non-resident warp or w >= WARPS */
};

typedef struct s2l_model s2l_model;

void s2l_cfg_default(s2l_cfg *c);
void s2l_cfg_from_params(s2l_cfg *c, const long *p);   /* p: S2L_NPARAMS values */
void s2l_cfg_to_params(const s2l_cfg *c, long *p);

/* Construction: s2l_size bytes of 8-byte-aligned memory, no self pointers
 * (may be copied with memcpy); the model starts in the reset state. */
size_t s2l_size(const s2l_cfg *c);
s2l_model *s2l_init(void *mem, const s2l_cfg *c);
s2l_model *s2l_new(const s2l_cfg *c);
void s2l_free(s2l_model *m);

/* One cycle: s2l_eval (any number of times, no effect on the state), then
 * s2l_tick (the rising edge; reset when in->rst). */
int s2l_eval(const s2l_model *m, const s2l_in *in, s2l_out *out);
void s2l_tick(s2l_model *m, const s2l_in *in);
void s2l_reset(s2l_model *m);

/* Read-only state. */
const s2l_cfg *s2l_config(const s2l_model *m);
const uint64_t *s2l_counts(const s2l_model *m);     /* S2L_NEVENTS cumulative counts */
uint64_t s2l_resident(const s2l_model *m);          /* res_q */
uint64_t s2l_active(const s2l_model *m);            /* warps holding a slot */
uint64_t s2l_resumed(const s2l_model *m);           /* rsm_q */
uint64_t s2l_slots_valid(const s2l_model *m);       /* sv_q */
int s2l_slot_warp(const s2l_model *m, int s);       /* sw_q[s] (also after release), -1 out of range */
int s2l_warp_slot(const s2l_model *m, int w);       /* slot of an active warp, else -1 */
int s2l_last(const s2l_model *m);                   /* last_q */
int s2l_promote_ptr(const s2l_model *m);            /* pp_q */
int s2l_tag(const s2l_model *m, int *slot, int *warp); /* tv_q; slot and warp when non-NULL */
/* GTO and TRWS state (docs/sched2l.md "GTO and TRWS"); -1 under GREEDY and RR. */
int s2l_greedy(const s2l_model *m);                 /* gw_q when gv_q, else -1 */
int s2l_older(const s2l_model *m, int a, int b);    /* 1: warp a is older than warp b, 0: younger;
						       -1 when a == b or either is out of range */

/* Frame-level entry points used through wg_block_sched2l. */
size_t s2l_model_size(const long *p);
void s2l_model_init(void *m, const long *p, const wg_layout *L);
int s2l_model_eval(void *m, const uint32_t *in, uint32_t *out, char *err, size_t errn);
void s2l_model_tick(void *m, const uint32_t *in);
const uint64_t *s2l_model_counts(const void *m);

#ifdef __cplusplus
}
#endif

#endif
