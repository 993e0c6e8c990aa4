/* hrf_sm_prof.c - P1 Table 2's benchmarks as workload profiles of the hrf_sm
 * environment (hrf_sm_prof.h; docs/hrf_sm.md "Profiles"). Blocks per SM are
 * the paper's; every other column is an assumption chosen to reproduce its
 * qualitative facts: F4's split (near-zero off-chip stall in CP, LPS, MM and
 * RAY, long stalls in BFS, BP, MT, NE and NW), MM using the whole register
 * file (§6.1.1), 70 % of values read once (§4.1.2.2, [4]: the stream's rule). */
#include "hrf_sm_prof.h"

#include <ctype.h>
#include <stddef.h>

/* name, blocks/SM (T2), warps/block, regs, live %, loads %, L1 hit %, uncoalesced %, pieces, divergent %, class */
static const hxp_profile hxp_table[HXP_NPROF] = {
	[HXP_BFS] = {"BFS", 4, 8, 18, 70, 20, 20, 60, 8, 10, HXP_MEMORY,
		"graph frontier: irregular, mostly uncoalesced neighbour loads, divergent"},
	[HXP_BN] = {"BN", 4, 8, 24, 80, 2, 80, 0, 2, 2, HXP_COMPUTE, "option pricing: arithmetic on a few inputs"},
	[HXP_BP] = {"BP", 4, 8, 20, 70, 15, 40, 20, 4, 4, HXP_MEMORY, "layer weights streamed, partly strided"},
	[HXP_CP] = {"CP", 6, 4, 36, 85, 1, 90, 0, 2, 0, HXP_COMPUTE, "potential: long arithmetic loops, cached atoms"},
	[HXP_LPS] = {"LPS", 6, 4, 28, 75, 4, 85, 0, 2, 4, HXP_COMPUTE, "stencil planes, mostly from L1"},
	[HXP_MM] = {"MM", 4, 8, 32, 95, 3, 90, 0, 2, 0, HXP_COMPUTE,
		"tiled product: accumulators keep the whole register file live (100 %, P1 §6.1.1)"},
	[HXP_MT] = {"MT", 4, 8, 12, 65, 25, 10, 50, 8, 0, HXP_MEMORY, "transpose: one side of every copy strided"},
	[HXP_NE] = {"NE", 8, 6, 14, 70, 18, 30, 10, 4, 6, HXP_MEMORY, "distance per record: streaming loads"},
	[HXP_NQU] = {"NQU", 1, 8, 40, 80, 3, 80, 0, 2, 15, HXP_COMPUTE, "backtracking: divergent search in registers"},
	[HXP_NW] = {"NW", 7, 2, 30, 70, 15, 30, 30, 4, 10, HXP_MEMORY, "diagonal wavefront: strided score loads"},
	[HXP_RAY] = {"RAY", 3, 8, 40, 85, 3, 85, 0, 2, 12, HXP_COMPUTE, "ray tracing: long divergent shading"},
	[HXP_SLA] = {"SLA", 8, 4, 16, 70, 12, 40, 0, 2, 4, HXP_MIXED,
		"scan: phases of streaming and of in-register work (its latency pattern changes between loads)"},
	[HXP_SRAD] = {"SRAD", 3, 16, 20, 70, 8, 50, 10, 4, 4, HXP_MIXED, "diffusion stencil: neighbour loads"},
	[HXP_STO] = {"STO", 1, 4, 32, 75, 5, 60, 0, 2, 2, HXP_COMPUTE, "hashing: arithmetic on streamed blocks"},
};

const hxp_profile *hxp_get(int prof)
{
	return prof >= 0 && prof < HXP_NPROF ? &hxp_table[prof] : NULL;
}

int hxp_find(const char *name)
{
	for (int i = 0; i < HXP_NPROF; i++) {
		const char *a = hxp_table[i].name, *b = name;
		while (*a && *b && toupper((unsigned char)*a) == toupper((unsigned char)*b))
			a++, b++;
		if (!*a && !*b)
			return i;
	}
	return -1;
}

int hxp_u(const hxp_profile *p)
{
	return p->bpsm * p->wpb * p->regs;
}
