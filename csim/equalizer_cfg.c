/* equalizer_cfg.c - Equalizer's parameters as a struct, and the widths
 * derived from them (docs/equalizer.md "Derived widths"). */
#include "equalizer.h"
#include "wg_bits.h"

void eq_cfg_default(eq_cfg *c)
{
	long p[EQ_NPARAMS];
	wg_params_default(&wg_block_equalizer, p);
	eq_cfg_from_params(c, p);
}

void eq_cfg_from_params(eq_cfg *c, const long *p)
{
	c->warps = (int)p[EQ_P_WARPS];
	c->sample_period = (int)p[EQ_P_SAMPLE_PERIOD];
	c->epoch = (int)p[EQ_P_EPOCH];
	c->max_ctas = (int)p[EQ_P_MAX_CTAS];
	c->hysteresis = (int)p[EQ_P_HYSTERESIS];
	c->objective = (int)p[EQ_P_OBJECTIVE];
	c->norm = (int)p[EQ_P_NORM];
	c->barrier_active = (int)p[EQ_P_BARRIER_IS_ACTIVE];
	c->xmem_strict = (int)p[EQ_P_XMEM_STRICT];
}

void eq_cfg_to_params(const eq_cfg *c, long *p)
{
	p[EQ_P_WARPS] = c->warps;
	p[EQ_P_SAMPLE_PERIOD] = c->sample_period;
	p[EQ_P_EPOCH] = c->epoch;
	p[EQ_P_MAX_CTAS] = c->max_ctas;
	p[EQ_P_HYSTERESIS] = c->hysteresis;
	p[EQ_P_OBJECTIVE] = c->objective;
	p[EQ_P_NORM] = c->norm;
	p[EQ_P_BARRIER_IS_ACTIVE] = c->barrier_active;
	p[EQ_P_XMEM_STRICT] = c->xmem_strict;
}

int eq_samples(const eq_cfg *c)
{
	return c->epoch / c->sample_period;
}

int eq_cnt_bits(const eq_cfg *c)
{
	return (int)wg_clog2((unsigned long)c->warps * (unsigned long)eq_samples(c) + 1ul);
}

int eq_cyc_bits(const eq_cfg *c)
{
	return (int)wg_clog2((unsigned long)c->epoch);
}

int eq_slot_bits(const eq_cfg *c)
{
	return (int)wg_idxw((unsigned long)c->max_ctas);
}

int eq_t_bits(const eq_cfg *c)
{
	return (int)wg_clog2((unsigned long)c->max_ctas + 1ul);
}

int eq_wcta_bits(const eq_cfg *c)
{
	return (int)wg_clog2((unsigned long)c->warps + 1ul);
}

int eq_hcnt_bits(const eq_cfg *c)
{
	return (int)wg_idxw((unsigned long)c->hysteresis + 1ul);
}
