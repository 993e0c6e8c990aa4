/* wrc.h - Mascar's warp readiness checker with its warp status table, the
 * owner warp, the EP/MP mode and the per-scheduler issue selection (Sethia
 * 2015, chapter IV, §4.3.1-§4.3.2): descriptor indices and the C cycle model.
 *
 * The cycle-level contract is docs/wrc.md; the C model (wrc.c) and the
 * Verilog template (rtl_templates/wrc.v) both implement exactly that page. */
#ifndef WRC_H
#define WRC_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parameter indices (order of the descriptor's parameter table). */
enum {
	WRC_P_WARPS,
	WRC_P_SCHEDULERS,
	WRC_P_MSHRS,
	WRC_P_MISSQ,
	WRC_P_SAT_MARGIN_MSHR,
	WRC_P_SAT_MARGIN_MQ,
	WRC_P_SAT_HYST,
	WRC_P_OWNER_IDLE_TIMEOUT,
	WRC_NPARAMS
};

enum { WRC_EP = 0, WRC_MP = 1 };   /* mode_o */

/* Port indices (order of the descriptor's port table). */
enum {
	WRC_RST_I,
	WRC_LAUNCH_I, WRC_EXIT_I,
	WRC_HD_VALID_I, WRC_HD_MEM_I, WRC_HD_RDY_I,
	WRC_AD_VALID_I, WRC_AD_MEM_I, WRC_AD_RDY_I,
	WRC_LLP_I, WRC_BAR_I, WRC_LSU_PEND_I,
	WRC_RQ_HAS_I, WRC_RQ_HEAD_VALID_I, WRC_RQ_HEAD_WARP_I,
	WRC_LSU_RDY_I,
	WRC_MSHR_USED_I, WRC_MQ_USED_I, WRC_SAT_EXT_I,
	WRC_ISS_VALID_O, WRC_ISS_WARP_O, WRC_ISS_MEM_O,
	WRC_OWNER_O, WRC_MODE_O, WRC_SAT_O,
	WRC_WST_MEM_O, WRC_WST_STALL_O, WRC_PRE_O, WRC_RESIDENT_O,
	WRC_EV_O,
	WRC_NPORTS
};

/* Energy events (fields of ev_o, LSB first). */
enum {
	WRC_EV_SELECT,        /* count: schedulers that issued this cycle (0..SCHEDULERS) */
	WRC_EV_WST_WRITE,     /* count: WST entries whose {MEM, STALL} change at the edge (0..WARPS) */
	WRC_EV_OWNER_CHANGE,  /* 1: the owner register changes at the edge */
	WRC_EV_MODE_SWITCH,   /* 1: the mode changes at the edge */
	WRC_EV_AGE_UPDATE,    /* 1: the age list changes at the edge (a launch or an exit) */
	WRC_NEVENTS
};

extern const wg_block wg_block_wrc;

#define WRC_MAX_WARPS 64
#define WRC_MAX_SCHED 4
#define WRC_MSG_LEN 160

/* Parameter values (docs/wrc.md "Parameters"). */
typedef struct wrc_cfg {
	int warps;          /* WARPS */
	int schedulers;     /* SCHEDULERS: warp w belongs to scheduler w mod SCHEDULERS */
	int mshrs;          /* MSHRS: the L1's MSHR entries (range of mshr_used_i) */
	int missq;          /* MISSQ: the L1's miss-queue entries (range of mq_used_i) */
	int margin_mshr;    /* SAT_MARGIN_MSHR: "almost full" = at most this many MSHRs free */
	int margin_mq;      /* SAT_MARGIN_MQ: the same for the miss queue */
	int hyst;           /* SAT_HYST: leave MP only this many entries below the threshold (0 = none) */
	int idle_timeout;   /* OWNER_IDLE_TIMEOUT: cycles without an owner memory issue before release (0 = off) */
} wrc_cfg;

/* Derived widths (docs/wrc.md "Parameters"). */
int wrc_warp_bits(const wrc_cfg *c);   /* WB = max(1, clog2(WARPS)): warp ids */
int wrc_owner_bits(const wrc_cfg *c);  /* OB = max(1, clog2(WARPS + 1)): owner register, NONE = all ones */
unsigned wrc_none(const wrc_cfg *c);   /* the "no owner" code, 2^OB - 1 */

/* Inputs of one cycle; per-warp vectors: bit w = warp w. */
typedef struct wrc_in {
	unsigned rst;                       /* rst_i */
	uint64_t launch, exit;              /* launch_i, exit_i */
	uint64_t hd_valid, hd_mem, hd_rdy;  /* the head at t+1 if w does not issue at t */
	uint64_t ad_valid, ad_mem, ad_rdy;  /* the head at t+1 if w issues at t */
	uint64_t llp;                       /* llp_i: w's head now sources its own pending long-latency load */
	uint64_t bar;                       /* bar_i: w is blocked at a barrier now */
	uint64_t lsu_pend;                  /* lsu_pend_i: w has requests in the LSU after this edge */
	uint64_t rq_has;                    /* rq_has_i: w has an entry in the re-execution queue */
	unsigned rq_head_valid, rq_head_warp; /* the queue's head entry */
	unsigned lsu_rdy;                   /* lsu_rdy_i: the LSU accepts a memory instruction this cycle (0 while stalled) */
	unsigned mshr_used, mq_used;        /* the L1's occupancy this cycle */
	unsigned sat_ext;                   /* sat_ext_i: texture/constant cache saturation */
} wrc_in;

/* Outputs of one cycle; every field zero when its valid bit is 0. */
typedef struct wrc_out {
	unsigned iss_valid[WRC_MAX_SCHED];  /* iss_valid_o[s] */
	unsigned iss_warp[WRC_MAX_SCHED];   /* iss_warp_o[s] */
	unsigned iss_mem[WRC_MAX_SCHED];    /* iss_mem_o[s] */
	unsigned owner;                     /* owner_o (state): NONE = wrc_none() */
	unsigned mode;                      /* mode_o (state): WRC_EP or WRC_MP */
	unsigned sat;                       /* sat_o: next cycle's mode (the flag after hysteresis) */
	uint64_t wst_mem, wst_stall;        /* the warp status table (state) */
	uint64_t pre;                       /* pre_o (state): non-owner memory instruction admitted at EP->MP */
	uint64_t resident;                  /* resident_o (state) */
	unsigned ev[WRC_NEVENTS];           /* ev_o fields (counts) */
	char msg[WRC_MSG_LEN];              /* protocol violation, "" when none */
} wrc_out;

typedef struct wrc_model wrc_model;

void wrc_cfg_default(wrc_cfg *c);
void wrc_cfg_from_params(wrc_cfg *c, const long *p);   /* p: WRC_NPARAMS values */
void wrc_cfg_to_params(const wrc_cfg *c, long *p);

/* Construction: wrc_size bytes of 8-byte-aligned memory, no self pointers
 * (may be copied with memcpy); the model starts in the reset state. */
size_t wrc_size(const wrc_cfg *c);
wrc_model *wrc_init(void *mem, const wrc_cfg *c);
wrc_model *wrc_new(const wrc_cfg *c);
void wrc_free(wrc_model *m);

/* One cycle: wrc_eval (any number of times, no effect on the state) returns
 * 0 or -1 on a protocol violation (reason in out->msg); then wrc_tick. */
int wrc_eval(const wrc_model *m, const wrc_in *in, wrc_out *out);
void wrc_tick(wrc_model *m, const wrc_in *in);
void wrc_reset(wrc_model *m);

/* Read-only state (for stimulus, statistics and unit tests). */
const wrc_cfg *wrc_config(const wrc_model *m);
const uint64_t *wrc_counts(const wrc_model *m);    /* WRC_NEVENTS cumulative counts */
unsigned wrc_owner(const wrc_model *m);             /* own_q */
int wrc_mode(const wrc_model *m);                   /* mode_q */
uint64_t wrc_wst_mem(const wrc_model *m);           /* mem_q */
uint64_t wrc_wst_stall(const wrc_model *m);         /* stall_q */
uint64_t wrc_resident(const wrc_model *m);          /* res_q */
uint64_t wrc_pre(const wrc_model *m);               /* pre_q */
int wrc_age_list(const wrc_model *m, unsigned *ids); /* the age list, oldest first; returns its length */
int wrc_greedy(const wrc_model *m, int s);          /* gr_q[s], or -1 when none */
int wrc_idle(const wrc_model *m);                   /* idl_q */

/* Frame-level entry points used through wg_block_wrc. */
size_t wrc_model_size(const long *p);
void wrc_model_init(void *m, const long *p, const wg_layout *L);
int wrc_model_eval(void *m, const uint32_t *in, uint32_t *out, char *err, size_t errn);
void wrc_model_tick(void *m, const uint32_t *in);
const uint64_t *wrc_model_counts(const void *m);

#ifdef __cplusplus
}
#endif

#endif
