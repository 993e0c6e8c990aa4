/* rename_int.h - internals of the renaming table's C model, shared by
 * rename.c (the cycle: pir, operation, commit, protocol, edge), rename_alloc.c
 * (placement policies and gating domains) and rename_frame.c (port frames).
 * Contract: docs/rename.md. Not for use outside csim/rename*.c. */
#ifndef RENAME_INT_H
#define RENAME_INT_H

#include "rename.h"
#include "wg_bits.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RN_PW (RN_MAX_PHYS / 64)  /* words of a physical-id bit vector */
#define RN_RW (RN_MAX_RT / 64)    /* words of the table valid bits */
#define RN_DW (RN_MAX_DOMS / 64)  /* words of a domain bit vector */
#define RN_MAX_RTB 8              /* largest RT_BANKS */
#define RN_CK_WORDS 64            /* input frame words kept for the tick's comparison (one word or more per port: 22 at the default) */

/* Everything one cycle decides, computed from the state and the inputs. */
typedef struct rn_plan {
	/* pir port */
	int pir_ready, pir_hit;          /* pir_ready_o, pir_hit_o */
	int pir_entry;                   /* the entry hit or filled, -1 when none */
	/* operation */
	int op_ready, op_wait;           /* op_ready_o, op_wait_o */
	unsigned srv_next;               /* srv_q after the edge when not completing */
	unsigned swp_next;               /* swp_q after the edge when not completing */
	unsigned rd_now;                 /* INSN/PBR slots read this cycle */
	unsigned rd_map;                 /* their rtv_q bits */
	uint16_t rd_pid[RN_PBR_SLOTS];   /* their rtp_q values */
	unsigned src_pid[RN_MAX_SRCS];   /* op_src_pid_o */
	unsigned rel;                    /* op_rel_o bits */
	unsigned dst_pid, dst_new;       /* op_dst_pid_o, op_dst_new_o */
	unsigned src_tfet, dst_tfet;     /* op_src_tfet_o bits, op_dst_tfet_o */
	int nrel;                        /* released sources (INSN completion) */
	int rel_l[RN_MAX_SRCS];          /* their table entries */
	uint16_t rel_p[RN_MAX_SRCS];     /* their physical ids */
	int nfree;                       /* PBR/EXIT entries unmapped and freed this cycle */
	int free_l[RN_PBR_SLOTS];        /* their table entries */
	int insn_oc15;                   /* an INSN completes with oc_q[w] = 15 */
	/* pending-free commit */
	int commit;                      /* warp whose list is freed, -1 when none */
	unsigned commit_pf;              /* its valid entries at the start of the cycle */
	/* allocation */
	unsigned gnt[RN_MAX_ALLOC];      /* alc_gnt_o */
	unsigned pid[RN_MAX_ALLOC];      /* alc_pid_o */
	unsigned tfet[RN_MAX_ALLOC];     /* alc_tfet_o */
	int gnt_l[RN_MAX_ALLOC];         /* table entry installed per granted port */
	/* power */
	uint64_t dom_occ[RN_DW];         /* domains with an occupied register (start of cycle) */
	uint64_t dom_gnt[RN_DW];         /* domains of this cycle's grants */
	uint64_t on[RN_PW];              /* STATIC: powered ids (TFET | rows below gb_q) */
	uint64_t dom_on[RN_DW];          /* dom_on_o */
	unsigned free_tfet;              /* free_tfet_o */
	unsigned ev[RN_NEVENTS];         /* ev_o fields */
} rn_plan;

struct rn_model {
	rn_cfg cfg;                      /* parameter values */
	int S;                           /* sources per instruction */
	int sub;                         /* SUB_REGS */
	int pwords;                      /* words of a physical-id vector */
	uint64_t pmask_last;             /* valid bits of the last physical word */
	uint64_t bankpat[RN_MAX_RTB];    /* ids of RF bank b within one 64-bit word */
	int pt;                          /* PT: the lowest TFET id (phys when TFET_ROWS = 0) */
	uint64_t tmask[RN_PW];           /* TFET ids (p >= PT) */
	/* ---- protocol-check state (not in the hardware) ---- */
	int running;                     /* a kernel has been launched since reset */
	unsigned kw;                     /* its warps */
	uint64_t exited;                 /* warps whose EXIT completed; live again at their next pir */
	int held;                        /* an operation was presented and did not complete */
	unsigned h_kind, h_warp;         /* the held operation's kind and warp */
	unsigned h_reg[RN_PBR_SLOTS];    /* its op_reg_i slots */
	unsigned h_dst;                  /* its op_dst_i */
	/* ---- docs/rename.md "State" ---- */
	unsigned kr, ke;                 /* kr_q, ke_q */
	uint64_t rtv[RN_RW];             /* rtv_q, bit L */
	uint16_t rtp[RN_MAX_RT];         /* rtp_q */
	uint64_t occ[RN_PW];             /* occ_q, bit p */
	uint64_t fcv;                    /* fcv_q, bit e */
	uint32_t fct[RN_MAX_FC];         /* fct_q */
	uint64_t fcf[RN_MAX_FC];         /* fcf_q: the pir payload, slot i source j at bit 3i+j */
	unsigned fvp;                    /* fvp_q */
	uint64_t cv;                     /* cv_q, bit w */
	uint8_t ci[RN_MAX_WARPS];        /* ci_q */
	uint8_t cs[RN_MAX_WARPS];        /* cs_q */
	uint16_t pfv[RN_MAX_WARPS];      /* pfv_q[w], bit j */
	uint16_t pfp[RN_MAX_WARPS][RN_MAX_PF]; /* pfp_q */
	uint8_t oc[RN_MAX_WARPS];        /* oc_q */
	uint64_t ocnz;                   /* derived: bit w = oc_q[w] != 0 */
	uint64_t pfnz;                   /* derived: bit w = w has a valid pending entry */
	unsigned srv;                    /* srv_q */
	uint16_t opp[RN_MAX_SRCS + 1];   /* opp_q */
	unsigned opm;                    /* opm_q */
	unsigned swp;                    /* swp_q */
	unsigned last;                   /* last_q (WEAR_LEVEL) */
	unsigned gb;                     /* gb_q (GATING=STATIC): powered CMOS rows */
	uint64_t counts[RN_NEVENTS];     /* cumulative events (reset cycles excluded) */
	/* ---- frame adapter ---- */
	wg_layout lay;                   /* port layout of the frames */
	rn_in ck_in;                     /* inputs of the last frame eval */
	uint32_t ck_frame[RN_CK_WORDS];  /* its input frame (when nwords[WG_IN] <= RN_CK_WORDS) */
	rn_plan ck_plan;                 /* its plan, reused by a tick of the same inputs */
	int ck_ok;                       /* ck_in / ck_plan are those of the current state */
};

/* ---- bit vectors ---- */
static inline int rn_bit(const uint64_t *v, int i)
{
	return (int)((v[i >> 6] >> (i & 63)) & 1u);
}

static inline void rn_set(uint64_t *v, int i)
{
	v[i >> 6] |= UINT64_C(1) << (i & 63);
}

static inline void rn_clr(uint64_t *v, int i)
{
	v[i >> 6] &= ~(UINT64_C(1) << (i & 63));
}

static inline int rn_R(const rn_model *m)
{
	return m->kr > m->ke ? (int)(m->kr - m->ke) : 0;
}

/* Register classes of docs/rename.md "The running kernel". */
enum { RK_NONE, RK_REN, RK_EXEMPT, RK_ILLEGAL };

static inline int rn_kind(const rn_model *m, unsigned r)
{
	if (r == RN_NONE)
		return RK_NONE;
	if ((int)r < rn_R(m))
		return RK_REN;
	if (r < m->kr)
		return RK_EXEMPT;
	return RK_ILLEGAL;
}

/* Table index of renamable (w, r), -1 when outside the table (only after a
 * protocol violation). */
static inline int rn_index(const rn_model *m, unsigned w, unsigned r)
{
	if (w >= (unsigned)m->cfg.warps)
		return -1;
	long L = (long)w * rn_R(m) + (long)r;
	return L < m->cfg.rt_entries ? (int)L : -1;
}

/* Physical id of exempt register (w, r). */
static inline unsigned rn_exempt_pid(const rn_model *m, unsigned w, unsigned r)
{
	return (unsigned)(w * m->ke + (r - (unsigned)rn_R(m))) & (unsigned)(m->cfg.phys - 1);
}

/* ---- the cycle (rename.c) ---- */
void rn_plan_make(const rn_model *m, const rn_in *in, rn_plan *pl);
int rn_check(const rn_model *m, const rn_in *in, const rn_plan *pl, char *msg, size_t n);
void rn_apply(rn_model *m, const rn_in *in, const rn_plan *pl);

/* ---- allocation and power (rename_alloc.c) ---- */
void rn_dom_occ(const rn_model *m, const uint64_t *occ, uint64_t *dom); /* domains with a bit of occ */
void rn_plan_alloc(const rn_model *m, const rn_in *in, rn_plan *pl);    /* step 6 of "One cycle" */
void rn_reg_on(const rn_model *m, const rn_plan *pl, uint64_t *v);      /* reg_on_o */
void rn_static_on(const rn_model *m, unsigned gb, uint64_t *on);       /* STATIC powered ids for gb_q */

#ifdef __cplusplus
}
#endif

#endif
