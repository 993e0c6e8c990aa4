/* vf_manager.h - Equalizer's chip-level frequency manager (Sethia 2015,
 * §3.3, §3.4.3, §3.5.1.1): a majority vote over the SMs' frequency requests
 * at each epoch's end, three VF levels per domain (SM, memory), one step per
 * epoch, at most one domain off nominal, a new level applied after the
 * voltage regulator's latency. Descriptor indices and the C cycle model.
 *
 * The cycle-level contract is docs/vf_manager.md; the C model
 * (vf_manager.c) and the Verilog template (rtl_templates/vf_manager.v) both
 * implement exactly that page. */
#ifndef VF_MANAGER_H
#define VF_MANAGER_H

#include <stddef.h>
#include <stdint.h>

#include "wg_desc.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
	VFM_P_SMS,
	VFM_P_MAJORITY,
	VFM_P_SM_LAT,
	VFM_P_MEM_LAT,
	VFM_NPARAMS
};

enum { VFM_MAJ_STRICT, VFM_MAJ_PLURALITY };  /* MAJORITY choices */

/* Port indices (order of the descriptor's port table). */
enum {
	VFM_RST_I,
	VFM_STB_I, VFM_REQ_I,
	VFM_SM_LEVEL_O, VFM_MEM_LEVEL_O, VFM_BUSY_O, VFM_SM_NEXT_O, VFM_MEM_NEXT_O, VFM_WIN_O,
	VFM_EV_O,
	VFM_NPORTS
};

/* Energy events (one bit each in ev_o, LSB first). */
enum {
	VFM_EV_ELECT,   /* the SMs' requests counted (a strobe cycle) */
	VFM_EV_START,   /* a level change sent to a regulator */
	VFM_EV_APPLY,   /* the new levels take effect */
	VFM_EV_DROP,    /* a winning request dropped: a transition is in flight */
	VFM_NEVENTS
};

/* Level encoding of sm_level_o, mem_level_o (2 bits each). */
enum { VFM_NORMAL = 0, VFM_HIGH = 1, VFM_LOW = 2 };

extern const wg_block wg_block_vf_manager;

#define VFM_MAX_SMS 32
#define VFM_MSG_LEN 160

typedef struct vfm_cfg {
	int sms;            /* SMS: SMs voting */
	int majority;       /* MAJORITY: VFM_MAJ_* */
	int sm_lat;         /* SM_LAT: cycles from decision to the new SM level */
	int mem_lat;        /* MEM_LAT: cycles from decision to the new memory level */
} vfm_cfg;

int vfm_tmr_bits(const vfm_cfg *c);  /* max(1, clog2(max(SM_LAT, MEM_LAT))) */

typedef struct vfm_in {
	unsigned rst;                  /* rst_i */
	uint32_t stb;                  /* stb_i: per SM, its decision is new this cycle (all or none) */
	uint8_t req[VFM_MAX_SMS];      /* req_i: per SM, EQ_VF_* request bits (equalizer.h) */
} vfm_in;

typedef struct vfm_out {
	unsigned sm_level, mem_level;  /* current levels (VFM_NORMAL/HIGH/LOW) */
	unsigned busy;                 /* a transition is in flight */
	unsigned sm_next, mem_next;    /* the levels being moved to (= current when not busy) */
	unsigned win;                  /* this cycle's winning request (EQ_VF_* bits, 0: none or no strobe) */
	unsigned ev[VFM_NEVENTS];      /* ev_o bits */
	char msg[VFM_MSG_LEN];         /* protocol violation, "" when none */
} vfm_out;

typedef struct vfm_model vfm_model;

void vfm_cfg_default(vfm_cfg *c);
void vfm_cfg_from_params(vfm_cfg *c, const long *p);
void vfm_cfg_to_params(const vfm_cfg *c, long *p);

/* Pure functions of the contract. */
unsigned vfm_winner(const vfm_cfg *c, const uint8_t *req);            /* EQ_VF_* bits or 0 */
unsigned vfm_step(unsigned level, int up);                              /* one step, saturating */
unsigned vfm_toward_normal(unsigned level);

size_t vfm_size(const vfm_cfg *c);
vfm_model *vfm_init(void *mem, const vfm_cfg *c);
vfm_model *vfm_new(const vfm_cfg *c);
void vfm_free(vfm_model *m);

int vfm_eval(const vfm_model *m, const vfm_in *in, vfm_out *out);
void vfm_tick(vfm_model *m, const vfm_in *in);
void vfm_reset(vfm_model *m);

const vfm_cfg *vfm_config(const vfm_model *m);
const uint64_t *vfm_counts(const vfm_model *m);
unsigned vfm_sm_level(const vfm_model *m);
unsigned vfm_mem_level(const vfm_model *m);
unsigned vfm_busy(const vfm_model *m);
unsigned vfm_timer(const vfm_model *m);

size_t vfm_model_size(const long *p);
void vfm_model_init(void *m, const long *p, const wg_layout *L);
int vfm_model_eval(void *m, const uint32_t *in, uint32_t *out, char *err, size_t errn);
void vfm_model_tick(void *m, const uint32_t *in);
const uint64_t *vfm_model_counts(const void *m);

#ifdef __cplusplus
}
#endif

#endif
