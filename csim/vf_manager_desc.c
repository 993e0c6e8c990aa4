/* vf_manager_desc.c - Equalizer's frequency manager: parameters, ports,
 * energy events, storage. Cycle contract: docs/vf_manager.md. */
#include <stdio.h>

#include "equalizer.h"
#include "vf_manager.h"
#include "wg_bits.h"

static const char *const vfm_majorities[] = {"STRICT", "PLURALITY", NULL};

static const wg_param_def vfm_params[VFM_NPARAMS] = {
	[VFM_P_SMS] = {"SMS", 15, 1, VFM_MAX_SMS, NULL, "SMs voting", "Sethia 2015 Tab. 3.3: 15 SMs (GTX 480)"},
	[VFM_P_MAJORITY] = {"MAJORITY", 0, 0, 1, vfm_majorities,
		"STRICT: a request wins with more than SMS/2 votes; PLURALITY: with more votes than any other request",
		"Sethia §3.3 \"majority\"; spec A-EQ-9 [REC]: STRICT"},
	[VFM_P_SM_LAT] = {"SM_LAT", 512, 1, 4096, NULL, "cycles from a decision to the new SM level",
		"Sethia §3.5.1.1: 512 SM cycles (on-chip regulator)"},
	[VFM_P_MEM_LAT] = {"MEM_LAT", 512, 1, 4096, NULL, "cycles from a decision to the new memory level",
		"not given; spec A-EQ-13 [REC]: 512"},
};

static const wg_port_def vfm_ports[VFM_NPORTS] = {
	[VFM_RST_I] = {"rst_i", WG_IN, "control", "synchronous reset, active high"},
	[VFM_STB_I] = {"stb_i", WG_IN, "vote", "per SM: its decision is new this cycle (all SMs together)"},
	[VFM_REQ_I] = {"req_i", WG_IN, "vote", "per SM, 3 bits: valid, memory domain, raise (equalizer vf_o)"},
	[VFM_SM_LEVEL_O] = {"sm_level_o", WG_OUT, "level", "SM domain level: 0 normal, 1 high (+15%), 2 low (-15%)"},
	[VFM_MEM_LEVEL_O] = {"mem_level_o", WG_OUT, "level", "memory domain level, same encoding"},
	[VFM_BUSY_O] = {"busy_o", WG_OUT, "level", "a transition is in flight"},
	[VFM_SM_NEXT_O] = {"sm_next_o", WG_OUT, "level", "SM level being moved to (= sm_level_o when idle)"},
	[VFM_MEM_NEXT_O] = {"mem_next_o", WG_OUT, "level", "memory level being moved to"},
	[VFM_WIN_O] = {"win_o", WG_OUT, "vote", "this cycle's winning request (0: none)"},
	[VFM_EV_O] = {"ev_o", WG_OUT, "energy", "per-cycle energy events"},
};

static const wg_event_def vfm_events[VFM_NEVENTS] = {
	[VFM_EV_ELECT] = {"elect", "the SMs' requests counted and a winner chosen"},
	[VFM_EV_START] = {"start", "a level change sent to a regulator"},
	[VFM_EV_APPLY] = {"apply", "a domain's new level takes effect"},
	[VFM_EV_DROP] = {"drop", "a winning request dropped while a transition is in flight"},
};

static void vfm_widths(const long *p, int *w, int *ev)
{
	int S = (int)p[VFM_P_SMS];
	w[VFM_RST_I] = 1;
	w[VFM_STB_I] = S;
	w[VFM_REQ_I] = S * EQ_VF_BITS;
	w[VFM_SM_LEVEL_O] = w[VFM_MEM_LEVEL_O] = w[VFM_SM_NEXT_O] = w[VFM_MEM_NEXT_O] = 2;
	w[VFM_BUSY_O] = 1;
	w[VFM_WIN_O] = EQ_VF_BITS;
	for (int e = 0; e < VFM_NEVENTS; e++)
		ev[e] = 1;
	w[VFM_EV_O] = VFM_NEVENTS;
}

static int vfm_storage_parts(const long *p, wg_storage_part *part)
{
	vfm_cfg c;
	vfm_cfg_from_params(&c, p);
	int n = 0;
	part[n++] = (wg_storage_part){"SM and memory levels", 4,
		"Sethia §3.4.3: three levels per domain (2 bits each)"};
	if (c.sm_lat > 1 || c.mem_lat > 1) { /* else every change applies at its decision edge */
		part[n++] = (wg_storage_part){"pending levels and busy bit", 5, NULL};
		part[n++] = (wg_storage_part){"regulator latency timer", vfm_tmr_bits(&c), NULL};
	}
	return n;
}

static long vfm_storage_bits(const long *p)
{
	wg_storage_part part[WG_MAX_STORAGE_PARTS];
	int n = vfm_storage_parts(p, part);
	long sum = 0;
	for (int k = 0; k < n; k++)
		sum += part[k].bits;
	return sum;
}

const wg_block wg_block_vf_manager = {
	.name = "vf_manager",
	.summary = "Equalizer frequency manager: majority vote over the SMs' requests, three VF levels per "
		   "domain, one step per epoch, regulator latency (Sethia 2015 §3.3, §3.4.3)",
	.template_file = "vf_manager.v",
	.comp = NULL,
	.params = vfm_params,
	.nparams = VFM_NPARAMS,
	.ports = vfm_ports,
	.nports = VFM_NPORTS,
	.events = vfm_events,
	.nevents = VFM_NEVENTS,
	.check = NULL,
	.widths = vfm_widths,
	.storage_bits = vfm_storage_bits,
	.storage_parts = vfm_storage_parts,
	.model_size = vfm_model_size,
	.model_init = vfm_model_init,
	.model_eval = vfm_model_eval,
	.model_tick = vfm_model_tick,
	.model_counts = vfm_model_counts,
};
