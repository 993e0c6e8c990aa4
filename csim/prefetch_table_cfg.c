/* prefetch_table_cfg.c - the prefetch table's parameters as a struct, and
 * the widths derived from them (docs/prefetch_table.md "Derived widths"). */
#include "prefetch_table.h"
#include "wg_bits.h"

void pt_cfg_default(pt_cfg *c)
{
	long p[PT_NPARAMS];
	wg_params_default(&wg_block_prefetch_table, p);
	pt_cfg_from_params(c, p);
}

void pt_cfg_from_params(pt_cfg *c, const long *p)
{
	c->entries = (int)p[PT_P_ENTRIES];
	c->pc_bits = (int)p[PT_P_PC_BITS];
	c->addr_bits = (int)p[PT_P_ADDR_BITS];
	c->offset_bits = (int)p[PT_P_OFFSET_BITS];
	c->conf_bits = (int)p[PT_P_CONF_BITS];
	c->tidx_bits = (int)p[PT_P_TIDX_BITS];
	c->dist_bits = (int)p[PT_P_DIST_BITS];
	c->warps = (int)p[PT_P_WARPS];
	c->threads = (int)p[PT_P_THREADS];
	c->lpc = (int)p[PT_P_LANES_PER_CYCLE];
	c->line_bytes = (int)p[PT_P_LINE_BYTES];
	c->pq_depth = (int)p[PT_P_PQ_DEPTH];
	c->issue_lat = (int)p[PT_P_ISSUE_LAT];
	c->min_active = (int)p[PT_P_MIN_ACTIVE];
	c->conf_slack = (int)p[PT_P_CONF_SLACK];
	c->iter_bits = (int)p[PT_P_ITER_BITS];
}

void pt_cfg_to_params(const pt_cfg *c, long *p)
{
	p[PT_P_ENTRIES] = c->entries;
	p[PT_P_PC_BITS] = c->pc_bits;
	p[PT_P_ADDR_BITS] = c->addr_bits;
	p[PT_P_OFFSET_BITS] = c->offset_bits;
	p[PT_P_CONF_BITS] = c->conf_bits;
	p[PT_P_TIDX_BITS] = c->tidx_bits;
	p[PT_P_DIST_BITS] = c->dist_bits;
	p[PT_P_WARPS] = c->warps;
	p[PT_P_THREADS] = c->threads;
	p[PT_P_LANES_PER_CYCLE] = c->lpc;
	p[PT_P_LINE_BYTES] = c->line_bytes;
	p[PT_P_PQ_DEPTH] = c->pq_depth;
	p[PT_P_ISSUE_LAT] = c->issue_lat;
	p[PT_P_MIN_ACTIVE] = c->min_active;
	p[PT_P_CONF_SLACK] = c->conf_slack;
	p[PT_P_ITER_BITS] = c->iter_bits;
}

int pt_entry_bits(const pt_cfg *c)
{
	return (int)wg_idxw((unsigned long)c->entries);
}

int pt_warp_bits(const pt_cfg *c)
{
	return (int)wg_idxw((unsigned long)c->warps);
}

int pt_line_bits(const pt_cfg *c)
{
	return c->addr_bits - (int)wg_clog2((unsigned long)c->line_bytes);
}

int pt_tag_bits(const pt_cfg *c)
{
	return c->pc_bits + pt_entry_bits(c) + pt_warp_bits(c) + 2;
}

int pt_age_bits(const pt_cfg *c)
{
	return (int)wg_idxw((unsigned long)c->issue_lat + 1ul);
}

int pt_lane_bits(const pt_cfg *c)
{
	return (int)wg_clog2((unsigned long)c->threads + 1ul);
}

int pt_cnt_bits(const pt_cfg *c)
{
	return (int)wg_clog2((unsigned long)c->lpc + 1ul);
}

int pt_chunks(const pt_cfg *c)
{
	return (c->threads + c->lpc - 1) / c->lpc;
}
