/* hrf_sm_prof.h - the workload profiles of the hrf_sm environment: P1
 * (Xie et al. 2017) Table 2's fourteen benchmarks, their blocks per SM as
 * printed and the rest assumed (docs/hrf_sm.md "Profiles"), and the shape of
 * a run on one SM (hrf_sm_prof.c). */
#ifndef HRF_SM_PROF_H
#define HRF_SM_PROF_H

/* P1 Table 2, in its order. */
enum {
	HXP_BFS, HXP_BN, HXP_BP, HXP_CP, HXP_LPS, HXP_MM, HXP_MT, HXP_NE, HXP_NQU, HXP_NW, HXP_RAY, HXP_SLA,
	HXP_SRAD, HXP_STO, HXP_NPROF
};

/* P1's classes (§5.3): memory-intensive BFS, BP, MT, NE, NW; the others. */
enum { HXP_COMPUTE, HXP_MEMORY, HXP_MIXED };

typedef struct hxp_profile {
	const char *name;      /* P1 Table 2's abbreviation */
	int bpsm;              /* P1 Table 2: blocks per SM */
	int wpb;               /* assumed: warps per block */
	int regs;              /* assumed: registers per thread */
	int live_pct;          /* assumed: target share of the registers holding live values, % */
	int ld_pct;            /* assumed: % of instructions that are global loads */
	int hit_pct;           /* assumed: % of loads that hit in L1 */
	int unc_pct;           /* assumed: % of missing loads that are uncoalesced */
	int unc_max;           /* assumed: an uncoalesced load's pieces, 2..unc_max */
	int div_pct;           /* assumed: % of instructions inside divergent regions */
	int cls;               /* HXP_COMPUTE, HXP_MEMORY, HXP_MIXED */
	const char *why;       /* the assumptions in one line */
} hxp_profile;

const hxp_profile *hxp_get(int prof);
/* Index of a profile by name (case-insensitive), -1 when unknown. */
int hxp_find(const char *name);
/* U of a profile: blocks per SM x warps per block x registers per thread, in
 * warp-registers (the static allocation's bound, spec §2.1.2). */
int hxp_u(const hxp_profile *p);

#endif
