/* vf_manager_cfg.c - the frequency manager's parameters as a struct, and
 * the widths derived from them (docs/vf_manager.md "Parameters"). */
#include "vf_manager.h"
#include "wg_bits.h"

void vfm_cfg_default(vfm_cfg *c)
{
	long p[VFM_NPARAMS];
	wg_params_default(&wg_block_vf_manager, p);
	vfm_cfg_from_params(c, p);
}

void vfm_cfg_from_params(vfm_cfg *c, const long *p)
{
	c->sms = (int)p[VFM_P_SMS];
	c->majority = (int)p[VFM_P_MAJORITY];
	c->sm_lat = (int)p[VFM_P_SM_LAT];
	c->mem_lat = (int)p[VFM_P_MEM_LAT];
}

void vfm_cfg_to_params(const vfm_cfg *c, long *p)
{
	p[VFM_P_SMS] = c->sms;
	p[VFM_P_MAJORITY] = c->majority;
	p[VFM_P_SM_LAT] = c->sm_lat;
	p[VFM_P_MEM_LAT] = c->mem_lat;
}

int vfm_tmr_bits(const vfm_cfg *c)
{
	int lat = c->sm_lat > c->mem_lat ? c->sm_lat : c->mem_lat;
	return (int)wg_idxw((unsigned long)lat);
}
